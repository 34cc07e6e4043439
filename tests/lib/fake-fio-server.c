/*
 * fake-fio-server: a TCP listener on loopback that stands where a `fio
 * --server` should be and fails the way a broken or foreign peer does, so
 * tests/rigs/fleet.sh can assert what the fio backend (src/io/fio.h) makes of
 * each failure.  It never runs a job.
 *
 *   fake-fio-server MODE [--port N] [--port-file FILE] [--version V]
 *
 * MODE decides what every accepted connection gets:
 *   garbage  random bytes at once (never a well-formed fio command header:
 *            the header's crc16 is made wrong on purpose), then everything
 *            the client sends is read and dropped until it hangs up
 *   silent   nothing ever; what the client sends is read and dropped
 *   old      the client's first command is answered with a well-formed fio
 *            net command header (struct fio_net_cmd of fio's server.h:
 *            little-endian version, opcode, flags, tag, pdu_len, then the
 *            crc16 of those 20 bytes and the crc16 of the empty payload)
 *            echoing the client's opcode and tag but carrying protocol
 *            version V (default FIO_SERVER_VER - 1, i.e. 96 against fio
 *            3.33's 97); later input is read and dropped
 *   close    the connection is closed as soon as it is accepted
 *   honest, forge-iops, forge-p99, forge-mean, forge-order
 *            a server that lies about its figures.  The client's first
 *            command (PROBE) is answered as a fio 3.33 server does (a probe
 *            reply: hostname "forger", Linux, x86-64, fio-3.33), then the
 *            server sends one TEXT command holding a terse v3 line and QUIT.
 *            fio's client prints a server's TEXT verbatim on its stdout,
 *            where drivedash reads the terse line as the point's figures:
 *            any server can put any figures there.  honest sends plausible
 *            ones (10,000 4 KiB reads in 1 s, latency 50..900 us, the
 *            percentiles ordered), so a test knows the path works; the
 *            forge modes each change one field of that line: forge-iops a
 *            runtime of 1e-320 ms (IOPS infinite), forge-p99 the 99th
 *            percentile "inf", forge-mean a mean latency of -1e308 us,
 *            forge-order a 99th percentile of 5000 us above the 900 us max
 *
 * The listener binds 127.0.0.1:N (N 0, the default, lets the kernel pick a
 * free port: no race with other tests).  Once it listens, the port is
 * printed on stdout as one line and, with --port-file, written to FILE
 * (through a temporary name and rename, so a reader never sees half of
 * it).  One process serves any number of connections from one poll loop
 * (so killing the process ends them all) until SIGTERM/SIGINT.
 *
 * Data model: a fixed table of connections, each a socket, the bytes of
 * the client's first header gathered so far and whether it was answered.
 *
 * Run without arguments (as `make check` does, since it is a check
 * program) it tests itself: fio's crc16 against the CRC-16/ARC check
 * value, the header encoding, and each mode's first reply over a
 * socketpair.
 */
#include "config.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <netinet/in.h>
#include <poll.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cmocka.h>

/* fio's wire format (server.h of fio 3.33). */
#define FAKE_FIO_SERVER_VER 97		/* FIO_SERVER_VER */
#define FAKE_HDR_LEN	    24		/* sizeof(struct fio_net_cmd) */
#define FAKE_CRC_LEN	    20		/* FIO_NET_CMD_CRC_SZ */
#define FAKE_GARBAGE_LEN    4096
#define FAKE_CONNS_MAX	    64

enum fake_mode {
	FAKE_GARBAGE, FAKE_SILENT, FAKE_OLD, FAKE_CLOSE,
	FAKE_HONEST, FAKE_FORGE_IOPS, FAKE_FORGE_P99, FAKE_FORGE_MEAN, FAKE_FORGE_ORDER,
};

static const char *const fake_mode_names[] = {
	"garbage", "silent", "old", "close",
	"honest", "forge-iops", "forge-p99", "forge-mean", "forge-order",
};
#define FAKE_NMODES (sizeof fake_mode_names / sizeof fake_mode_names[0])

/* fio's opcodes (server.h of fio 3.33) the forging modes send. */
#define FAKE_CMD_QUIT  1
#define FAKE_CMD_TEXT  5
#define FAKE_CMD_PROBE 10
#define FAKE_PROBE_LEN 112	/* sizeof(struct cmd_probe_reply_pdu) */
#define FAKE_TEXT_HDR  24	/* struct cmd_text_pdu before its buf */
#define FAKE_TERSE_MAX 2048

/* One accepted connection. */
struct fake_conn {
	int	fd;			/* -1: free slot */
	uint8_t hdr[FAKE_HDR_LEN];	/* the client's first header (old) */
	size_t	have;
	bool	answered;
};

/* The decoded fields of a fio net command header. */
struct fake_hdr {
	uint16_t version, opcode;
	uint32_t flags;
	uint64_t tag;
	uint32_t pdu_len;
	uint16_t cmd_crc16, pdu_crc16;
};

static volatile sig_atomic_t fake_stop;

/* fio's crc16 (crc/crc16.c): CRC-16/ARC, poly 0x8005 reflected, init 0. */
static uint16_t
fake_crc16(const uint8_t *p, size_t len)
{
	uint16_t crc = 0;

	while (len-- > 0) {
		crc ^= *p++;
		for (int i = 0; i < 8; i++)
			crc = (crc & 1) ? (uint16_t)((crc >> 1) ^ 0xA001) : (uint16_t)(crc >> 1);
	}
	return crc;
}

/* Store v little-endian in n bytes at p. */
static void
fake_put_le(uint8_t *p, uint64_t v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

/* Read n little-endian bytes at p. */
static uint64_t
fake_get_le(const uint8_t *p, size_t n)
{
	uint64_t v = 0;

	for (size_t i = n; i-- > 0;)
		v = (v << 8) | p[i];
	return v;
}

/* Encode h for a payload of h->pdu_len bytes at pdu into the 24 wire
 * bytes, computing both crcs. */
static void
fake_hdr_encode_pdu(const struct fake_hdr *h, const uint8_t *pdu, uint8_t out[FAKE_HDR_LEN])
{
	fake_put_le(out, h->version, 2);
	fake_put_le(out + 2, h->opcode, 2);
	fake_put_le(out + 4, h->flags, 4);
	fake_put_le(out + 8, h->tag, 8);
	fake_put_le(out + 16, h->pdu_len, 4);
	fake_put_le(out + 20, fake_crc16(out, FAKE_CRC_LEN), 2);
	fake_put_le(out + 22, fake_crc16(pdu, h->pdu_len), 2);
}

/* Encode h into the 24 wire bytes, computing both crcs (empty payload). */
static void
fake_hdr_encode(const struct fake_hdr *h, uint8_t out[FAKE_HDR_LEN])
{
	struct fake_hdr e = *h;

	e.pdu_len = 0;
	fake_hdr_encode_pdu(&e, NULL, out);
}

/* Decode 24 wire bytes; true when the header's crc16 is right. */
static bool
fake_hdr_decode(const uint8_t in[FAKE_HDR_LEN], struct fake_hdr *h)
{
	h->version = (uint16_t)fake_get_le(in, 2);
	h->opcode = (uint16_t)fake_get_le(in + 2, 2);
	h->flags = (uint32_t)fake_get_le(in + 4, 4);
	h->tag = fake_get_le(in + 8, 8);
	h->pdu_len = (uint32_t)fake_get_le(in + 16, 4);
	h->cmd_crc16 = (uint16_t)fake_get_le(in + 20, 2);
	h->pdu_crc16 = (uint16_t)fake_get_le(in + 22, 2);
	return h->cmd_crc16 == fake_crc16(in, FAKE_CRC_LEN);
}

/* Fill buf with pseudo-random bytes whose first header never verifies. */
static void
fake_garbage_fill(uint8_t *buf, size_t len, uint64_t seed)
{
	uint64_t	x = seed | 1;
	struct fake_hdr h;

	for (size_t i = 0; i < len; i++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		buf[i] = (uint8_t)x;
	}
	if (len >= FAKE_HDR_LEN && fake_hdr_decode(buf, &h))
		buf[20] ^= 0xff;
}

/* Write all of len bytes (the socket is blocking); false on error. */
static bool
fake_write_all(int fd, const uint8_t *p, size_t len)
{
	while (len > 0) {
		ssize_t n = send(fd, p, len, MSG_NOSIGNAL);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return false;
		p += n;
		len -= (size_t)n;
	}
	return true;
}

/* A connection was accepted: what the mode does first.  False: close it. */
static bool
fake_conn_open(enum fake_mode mode, struct fake_conn *c)
{
	uint8_t buf[FAKE_GARBAGE_LEN];

	c->have = 0;
	c->answered = false;
	switch (mode) {
	case FAKE_GARBAGE:
		fake_garbage_fill(buf, sizeof buf, (uint64_t)getpid() * 2654435761u + (uint64_t)c->fd);
		return fake_write_all(c->fd, buf, sizeof buf);
	case FAKE_CLOSE:
		return false;
	default:
		return true;
	}
}

/* Answer the client's first header with version (old mode). */
static bool
fake_conn_answer(struct fake_conn *c, unsigned version)
{
	struct fake_hdr in, out = { 0 };
	uint8_t		wire[FAKE_HDR_LEN];

	fake_hdr_decode(c->hdr, &in);
	out.version = (uint16_t)version;
	out.opcode = in.opcode;
	out.tag = in.tag;
	fake_hdr_encode(&out, wire);
	c->answered = true;
	return fake_write_all(c->fd, wire, sizeof wire);
}

/* One terse v3 read direction of 41 fields into buf at *o: 10,000 4 KiB
 * reads in runtime, latency min 50, max 900, mean, the percentiles ordered
 * (p99 as given). */
static void
fake_terse_read(char *buf, size_t len, size_t *o, const char *runtime, const char *mean,
		const char *p99)
{
	static const double pcts[] = { 1, 5, 10, 20, 30, 40, 50, 60, 70, 80, 90, 95, 99, 99.5,
				       99.9, 99.95, 99.99 };
	static const int	vals[] = { 55, 60, 65, 70, 75, 80, 85, 90, 95, 100, 110, 120, 0,
					   300, 500, 700, 850 };

	*o += (size_t)snprintf(buf + *o, len - *o, "40000;40000;10000;%s;0;0;0.0;0.0;"
			       "50;900;100.0;20.0;", runtime);
	for (size_t k = 0; k < 20; k++) {
		if (k >= sizeof pcts / sizeof pcts[0])
			*o += (size_t)snprintf(buf + *o, len - *o, "0%%=0;");
		else if (pcts[k] == 99)
			*o += (size_t)snprintf(buf + *o, len - *o, "%f%%=%s;", pcts[k], p99);
		else
			*o += (size_t)snprintf(buf + *o, len - *o, "%f%%=%d;", pcts[k], vals[k]);
	}
	*o += (size_t)snprintf(buf + *o, len - *o, "50;900;%s;20.0;39000;41000;100.0%%;40000.0;"
			       "500.0;", mean);
}

/* The terse v3 line (ending in a newline) a forging mode sends. */
static void
fake_terse(enum fake_mode mode, char *buf, size_t len)
{
	size_t o = 0;

	o += (size_t)snprintf(buf, len, "3;fio-3.33;p;0;0;");
	fake_terse_read(buf, len, &o, mode == FAKE_FORGE_IOPS ? "1e-320" : "1000",
			mode == FAKE_FORGE_MEAN ? "-1e308" : "100.0",
			mode == FAKE_FORGE_P99 ? "inf" : mode == FAKE_FORGE_ORDER ? "5000" : "200");
	/* no writes: 41 empty-direction fields */
	o += (size_t)snprintf(buf + o, len - o, "0;0;0;0;0;0;0.0;0.0;0;0;0.0;0.0;");
	for (size_t k = 0; k < 20; k++)
		o += (size_t)snprintf(buf + o, len - o, "0%%=0;");
	o += (size_t)snprintf(buf + o, len - o, "0;0;0.0;0.0;0;0;0.0%%;0.0;0.0;");
	/* CPU usr, sys, ctx, majf, minf, then io depths and latency buckets */
	o += (size_t)snprintf(buf + o, len - o, "5.0%%;10.0%%;1000;0;10");
	for (size_t k = 0; k < 24; k++)
		o += (size_t)snprintf(buf + o, len - o, ";0.0%%");
	snprintf(buf + o, len - o, "\n");
}

/* Send one command: h's opcode and tag, pdu_len bytes of pdu. */
static bool
fake_send(int fd, uint16_t opcode, uint64_t tag, const uint8_t *pdu, uint32_t pdu_len)
{
	struct fake_hdr h = { .version = FAKE_FIO_SERVER_VER, .opcode = opcode, .tag = tag,
			      .pdu_len = pdu_len };
	uint8_t		wire[FAKE_HDR_LEN];

	fake_hdr_encode_pdu(&h, pdu, wire);
	return fake_write_all(fd, wire, sizeof wire) && (pdu_len == 0 ||
							  fake_write_all(fd, pdu, pdu_len));
}

/* Answer the client's PROBE as a fio 3.33 server would, then send the
 * mode's terse line as TEXT and QUIT (the forging modes). */
static bool
fake_conn_forge(struct fake_conn *c, enum fake_mode mode)
{
	uint8_t		probe[FAKE_PROBE_LEN] = { 0 }, text[FAKE_TEXT_HDR + FAKE_TERSE_MAX] = { 0 };
	struct fake_hdr in;
	size_t		n;

	fake_hdr_decode(c->hdr, &in);
	c->answered = true;
	/* struct cmd_probe_reply_pdu: hostname[64], bigendian, fio_version[32],
	 * os, arch, bpp, (pad) cpus at 100, flags at 104 */
	memcpy(probe, "forger", 6);
	memcpy(probe + 65, "fio-3.33", 8);
	probe[97] = 1;		/* os_linux */
	probe[98] = 1;		/* arch_x86_64 */
	probe[99] = 8;		/* 64-bit */
	fake_put_le(probe + 100, 2, 4);
	fake_terse(mode, (char *)text + FAKE_TEXT_HDR, FAKE_TERSE_MAX);
	n = strlen((char *)text + FAKE_TEXT_HDR) + 1;
	/* struct cmd_text_pdu: level, buf_len, log_sec, log_usec, buf */
	fake_put_le(text + 4, n, 4);
	return fake_send(c->fd, FAKE_CMD_PROBE, in.tag, probe, sizeof probe) &&
	       fake_send(c->fd, FAKE_CMD_TEXT, 0, text, (uint32_t)(FAKE_TEXT_HDR + n)) &&
	       fake_send(c->fd, FAKE_CMD_QUIT, 0, NULL, 0);
}

/* The client sent something: read it (old: gather the first header and
 * answer it).  False when the client hung up or the answer failed. */
static bool
fake_conn_input(enum fake_mode mode, struct fake_conn *c, unsigned version)
{
	uint8_t buf[4096];
	ssize_t n = recv(c->fd, buf, sizeof buf, 0);

	if (n < 0 && (errno == EINTR || errno == EAGAIN))
		return true;
	if (n <= 0)
		return false;
	if (mode == FAKE_GARBAGE || mode == FAKE_SILENT || c->answered)
		return true;
	size_t take = FAKE_HDR_LEN - c->have;

	if ((size_t)n < take)
		take = (size_t)n;
	memcpy(c->hdr + c->have, buf, take);
	c->have += take;
	if (c->have < FAKE_HDR_LEN)
		return true;
	return mode == FAKE_OLD ? fake_conn_answer(c, version) : fake_conn_forge(c, mode);
}

/* Open the listener on 127.0.0.1:port (0: any free one); the port chosen
 * in *bound.  The fd, or -1 with a message on stderr. */
static int
fake_listen(unsigned port, unsigned *bound)
{
	struct sockaddr_in sa = { .sin_family = AF_INET };
	socklen_t	   len = sizeof sa;
	int		   one = 1;
	int		   fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);

	if (fd < 0) {
		perror("fake-fio-server: socket");
		return -1;
	}
	setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
	sa.sin_port = htons((uint16_t)port);
	sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (bind(fd, (struct sockaddr *)&sa, sizeof sa) < 0 || listen(fd, 16) < 0 ||
	    getsockname(fd, (struct sockaddr *)&sa, &len) < 0) {
		fprintf(stderr, "fake-fio-server: 127.0.0.1:%u: %s\n", port, strerror(errno));
		close(fd);
		return -1;
	}
	*bound = ntohs(sa.sin_port);
	return fd;
}

/* Write the port to path through a temporary name; false on error. */
static bool
fake_write_port(const char *path, unsigned port)
{
	char  tmp[PATH_MAX];
	FILE *f;

	snprintf(tmp, sizeof tmp, "%s.tmp", path);
	f = fopen(tmp, "w");
	if (f == NULL)
		return false;
	fprintf(f, "%u\n", port);
	if (fclose(f) != 0 || rename(tmp, path) != 0) {
		unlink(tmp);
		return false;
	}
	return true;
}

/* Accept one connection into a free slot (refused when all are taken). */
static void
fake_accept(int lfd, enum fake_mode mode, struct fake_conn *conns)
{
	int fd = accept4(lfd, NULL, NULL, SOCK_CLOEXEC);

	if (fd < 0)
		return;
	for (size_t i = 0; i < FAKE_CONNS_MAX; i++) {
		if (conns[i].fd >= 0)
			continue;
		conns[i].fd = fd;
		if (!fake_conn_open(mode, &conns[i])) {
			close(fd);
			conns[i].fd = -1;
		}
		return;
	}
	close(fd);
}

/* Serve until a signal asks to stop. */
static int
fake_serve(int lfd, enum fake_mode mode, unsigned version)
{
	struct fake_conn conns[FAKE_CONNS_MAX];
	struct pollfd	 pfd[FAKE_CONNS_MAX + 1];
	size_t		 slot[FAKE_CONNS_MAX + 1];

	for (size_t i = 0; i < FAKE_CONNS_MAX; i++)
		conns[i].fd = -1;
	while (!fake_stop) {
		size_t n = 1;

		pfd[0] = (struct pollfd){ .fd = lfd, .events = POLLIN };
		for (size_t i = 0; i < FAKE_CONNS_MAX; i++)
			if (conns[i].fd >= 0) {
				pfd[n] = (struct pollfd){ .fd = conns[i].fd, .events = POLLIN };
				slot[n++] = i;
			}
		if (poll(pfd, n, -1) < 0) {
			if (errno == EINTR)
				continue;
			perror("fake-fio-server: poll");
			return 1;
		}
		for (size_t k = 1; k < n; k++) {
			struct fake_conn *c = &conns[slot[k]];

			if (pfd[k].revents != 0 && !fake_conn_input(mode, c, version)) {
				close(c->fd);
				c->fd = -1;
			}
		}
		if (pfd[0].revents & POLLIN)
			fake_accept(lfd, mode, conns);
	}
	return 0;
}

/* Signal handler: ask the loop to stop. */
static void
fake_on_signal(int sig)
{
	(void)sig;
	fake_stop = 1;
}

/* MODE's enum value, or -1. */
static int
fake_mode_parse(const char *s)
{
	for (size_t i = 0; i < FAKE_NMODES; i++)
		if (strcmp(s, fake_mode_names[i]) == 0)
			return (int)i;
	return -1;
}

/* Parse an unsigned option value no larger than max; false if bad. */
static bool
fake_parse_uint(const char *s, unsigned max, unsigned *out)
{
	char	     *end;
	unsigned long v;

	errno = 0;
	v = strtoul(s, &end, 10);
	if (errno != 0 || end == s || *end != '\0' || v > max)
		return false;
	*out = (unsigned)v;
	return true;
}

/* Print usage and return the usage exit code. */
static int
fake_usage(void)
{
	fprintf(stderr, "usage: fake-fio-server garbage|silent|old|close|honest|forge-iops|"
			"forge-p99|forge-mean|forge-order [--port N] [--port-file FILE] "
			"[--version V]\n");
	return 2;
}

/* ---- self-test (no arguments) ---- */

/* fio's crc16 is CRC-16/ARC: check value 0xBB3D over "123456789". */
static void
test_crc16(void **state)
{
	(void)state;
	assert_int_equal(fake_crc16((const uint8_t *)"123456789", 9), 0xBB3D);
	assert_int_equal(fake_crc16(NULL, 0), 0);
}

/* A header encodes little-endian and decodes back with a good crc. */
static void
test_header_roundtrip(void **state)
{
	struct fake_hdr h = { .version = 97, .opcode = 10, .flags = 1, .tag = 0x1122334455667788ull },
			d;
	uint8_t		w[FAKE_HDR_LEN];

	(void)state;
	fake_hdr_encode(&h, w);
	assert_int_equal(w[0], 97);
	assert_int_equal(w[1], 0);
	assert_int_equal(w[8], 0x88);
	assert_true(fake_hdr_decode(w, &d));
	assert_int_equal(d.opcode, 10);
	assert_true(d.tag == h.tag);
	w[3] ^= 1;
	assert_false(fake_hdr_decode(w, &d));
}

/* old: the first header is answered with the other version, same tag. */
static void
test_old_answers(void **state)
{
	struct fake_hdr	 probe = { .version = 97, .opcode = 10, .tag = 42 }, got;
	struct fake_conn c = { 0 };
	uint8_t		 w[FAKE_HDR_LEN];
	int		 sv[2];

	(void)state;
	assert_int_equal(socketpair(AF_UNIX, SOCK_STREAM, 0, sv), 0);
	c.fd = sv[1];
	assert_true(fake_conn_open(FAKE_OLD, &c));
	fake_hdr_encode(&probe, w);
	assert_int_equal(write(sv[0], w, 10), 10);	/* in two pieces */
	assert_true(fake_conn_input(FAKE_OLD, &c, 96));
	assert_false(c.answered);
	assert_int_equal(write(sv[0], w + 10, sizeof w - 10), (ssize_t)(sizeof w - 10));
	assert_true(fake_conn_input(FAKE_OLD, &c, 96));
	assert_true(c.answered);
	assert_int_equal(read(sv[0], w, sizeof w), (ssize_t)sizeof w);
	assert_true(fake_hdr_decode(w, &got));
	assert_int_equal(got.version, 96);
	assert_int_equal(got.opcode, 10);
	assert_true(got.tag == 42);
	close(sv[0]);
	assert_false(fake_conn_input(FAKE_OLD, &c, 96));	/* hung up */
	close(sv[1]);
}

/* garbage: bytes at once, and they never form a valid header. */
static void
test_garbage_invalid(void **state)
{
	struct fake_conn c = { 0 };
	struct fake_hdr	 h;
	uint8_t		 buf[FAKE_HDR_LEN];
	int		 sv[2];

	(void)state;
	for (uint64_t seed = 0; seed < 100000; seed++) {
		uint8_t g[FAKE_HDR_LEN];

		fake_garbage_fill(g, sizeof g, seed);
		assert_false(fake_hdr_decode(g, &h));
	}
	assert_int_equal(socketpair(AF_UNIX, SOCK_STREAM, 0, sv), 0);
	c.fd = sv[1];
	assert_true(fake_conn_open(FAKE_GARBAGE, &c));
	assert_int_equal(read(sv[0], buf, sizeof buf), (ssize_t)sizeof buf);
	assert_false(fake_hdr_decode(buf, &h));
	close(sv[0]);
	close(sv[1]);
}

/* close and silent: close at once, and nothing written. */
static void
test_close_silent(void **state)
{
	struct fake_conn c = { .fd = -1 };

	(void)state;
	assert_false(fake_conn_open(FAKE_CLOSE, &c));
	assert_true(fake_conn_open(FAKE_SILENT, &c));
	assert_int_equal(fake_mode_parse("old"), FAKE_OLD);
	assert_int_equal(fake_mode_parse("fio"), -1);
}

/* Run the self-tests. */
static int
fake_self_test(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_crc16),
		cmocka_unit_test(test_header_roundtrip),
		cmocka_unit_test(test_old_answers),
		cmocka_unit_test(test_garbage_invalid),
		cmocka_unit_test(test_close_silent),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

/* Parse the options after MODE; false on a bad one. */
static bool
fake_parse_opts(int argc, char **argv, unsigned *port, const char **port_file, unsigned *version)
{
	for (int i = 2; i < argc; i++) {
		if (i + 1 >= argc)
			return false;
		if (strcmp(argv[i], "--port") == 0 && fake_parse_uint(argv[i + 1], 65535, port))
			i++;
		else if (strcmp(argv[i], "--version") == 0 &&
			 fake_parse_uint(argv[i + 1], 65535, version))
			i++;
		else if (strcmp(argv[i], "--port-file") == 0)
			*port_file = argv[++i];
		else
			return false;
	}
	return true;
}

/* Parse, listen, announce the port, serve. */
int
main(int argc, char **argv)
{
	struct sigaction sa = { .sa_handler = fake_on_signal };
	const char	*port_file = NULL;
	unsigned	 port = 0, version = FAKE_FIO_SERVER_VER - 1, bound;
	int		 mode, lfd;

	if (argc == 1)
		return fake_self_test();
	mode = fake_mode_parse(argv[1]);
	if (mode < 0 || !fake_parse_opts(argc, argv, &port, &port_file, &version))
		return fake_usage();
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	signal(SIGPIPE, SIG_IGN);
	lfd = fake_listen(port, &bound);
	if (lfd < 0)
		return 1;
	if (port_file != NULL && !fake_write_port(port_file, bound)) {
		fprintf(stderr, "fake-fio-server: %s: %s\n", port_file, strerror(errno));
		return 1;
	}
	printf("%u\n", bound);
	fflush(stdout);
	return fake_serve(lfd, (enum fake_mode)mode, version);
}
