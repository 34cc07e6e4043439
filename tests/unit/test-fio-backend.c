/*
 * Tests of the fio client/server backend (src/io/fio.c) and the fio job
 * translation it shares with --print-fio (src/io/fiojob.c).
 *
 * The parsers run on canned lines: ETA lines as fio 3.33's client prints
 * them (read-only, mixed, write with binary prefixes, "-.-%", a glued
 * "Jobs: 1 (f=1)" and "<host> " prefix, garbage), terse v3 lines (a real
 * one captured from a loopback run, and lines built here for read, write,
 * mix, a job error, a cut-short line and a bad field), fio:// URLs and the
 * state names.  Then, when fio is installed, the backend runs against a
 * `fio --server` this program starts on a free loopback port with a sparse
 * scratch file: a 4-second randread point, a refused port, a peer that
 * never answers, a cancel in the middle, and the check op's refusals.
 * Without fio those cases print "# skipped" and pass (cmocka's skip()
 * counts as a failure under automake's TAP driver).
 *
 * Data model: a fixture (struct fx) holds the server's pid and port, the
 * scratch file and a private TMPDIR, so the test can prove the backend
 * leaves no job file behind; built terse lines come from terse_line().
 */
#include "config.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <netinet/in.h>
#include <poll.h>
#include <setjmp.h>
#include <signal.h>
#include <spawn.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <dirent.h>
#include <unistd.h>

#include <cmocka.h>

#include "io/backend.h"
#include "io/figures.h"
#include "io/fio.h"
#include "io/fiojob.h"
#include "lib/clock.h"

extern char **environ;

/* Print why a case did not run (a TAP comment) and leave it as a pass. */
#define SKIP_CASE(why) do {						\
	print_message("# skipped: %s\n", (why));			\
	return;								\
} while (0)

/* A terse v3 line of fio 3.33, `--client` on loopback: randrw 70/30, 4k,
 * QD4, 2 s.  Its normal report said: read lat min=587ns max=3416.8k avg
 * 99618.86ns, write lat min=38us max=4269us avg=131.73us, "issued rwts:
 * total=51085,21876", cpu usr=5.05% sys=28.50%. */
static const char real_terse[] =
	"3;fio-3.33;p;0;0;204344;102120;25529;2001;0;243;7.183110;10.537272;0;3415;92.435855;58.5"
	"79575;1.000000%=0;5.000000%=2;10.000000%=4;20.000000%=77;30.000000%=89;40.000000%=100;50"
	".000000%=116;60.000000%=121;70.000000%=124;80.000000%=128;90.000000%=134;95.000000%=140;"
	"99.000000%=305;99.500000%=358;99.900000%=440;99.950000%=473;99.990000%=1236;0%=0;0%=0;0%"
	"=0;0;3416;99.618857;59.917604;97936;123952;100.000000%;106846.000000;14818.531506;87516;"
	"43736;10932;2001;1;1300;8.710606;14.159415;0;4258;123.080179;74.208271;1.000000%=76;5.00"
	"0000%=84;10.000000%=90;20.000000%=110;30.000000%=118;40.000000%=123;50.000000%=126;60.00"
	"0000%=130;70.000000%=136;80.000000%=146;90.000000%=158;95.000000%=168;99.000000%=346;99."
	"500000%=387;99.900000%=489;99.950000%=815;99.990000%=4292;0%=0;0%=0;0%=0;38;4269;131.732"
	"090;75.379384;41560;53221;100.000000%;45483.000000;6701.522141;5.050000%;28.500000%;1614"
	"2;0;36;0.0%;0.0%;100.0%;0.0%;0.0%;0.0%;0.0%;5.84%;2.60%;2.80%;0.01%;0.54%;28.50%;58.39%;"
	"1.28%;0.02%;0.01%;0.01%;0.01%;0.01%;0.00%;0.00%;0.00%;0.00%;0.00%;0.00%;0.00%;0.00%;0.00"
	"%";

/* ---- ETA lines ---- */

/* A read-only line: the rate is KiB/s with SI prefixes, IOPS SI. */
static void
test_eta_read(void **state)
{
	struct dd_interval iv;
	double		   progress = 0;

	(void)state;
	assert_int_equal(dd_fio_parse_eta("Jobs: 1 (f=1): [r(1)][75.0%][r=5413M][r=1353k IOPS]"
					  "[eta 00m:01s]", &iv, &progress), 1);
	assert_float_equal(progress, 0.75, 1e-9);
	assert_float_equal(iv.iops, 1353e3, 1e-6);
	assert_float_equal(iv.read_iops, 1353e3, 1e-6);
	assert_float_equal(iv.write_iops, 0, 0);
	/* 5413 x 1000 KiB/s: with 4 KiB blocks that is 1353k IOPS' bytes. */
	assert_float_equal(iv.mbps, 5413e3 * 1024 / 1e6, 1e-6);
	assert_true(fabs(iv.mbps - iv.iops * 4096 / 1e6) / iv.mbps < 0.001);
	assert_true(isnan(iv.mean_us) && isnan(iv.p99_us));
}

/* A mixed line: both directions, decimals in the figures. */
static void
test_eta_mixed(void **state)
{
	struct dd_interval iv;
	double		   progress = 0;

	(void)state;
	assert_int_equal(dd_fio_parse_eta("Jobs: 1 (f=1): [m(1)][42.9%][r=71.4M,w=30.4M]"
					  "[r=17.8k,w=7611 IOPS][eta 00m:04s]", &iv, &progress), 1);
	assert_float_equal(progress, 0.429, 1e-9);
	assert_float_equal(iv.read_iops, 17800, 1e-6);
	assert_float_equal(iv.write_iops, 7611, 1e-6);
	assert_float_equal(iv.iops, 17800 + 7611, 1e-6);
	assert_float_equal(iv.mbps, (71.4 + 30.4) * 1e3 * 1024 / 1e6, 1e-6);
}

/* A write line with binary prefixes (kb_base honoured) and trailing blanks. */
static void
test_eta_write(void **state)
{
	struct dd_interval iv;
	double		   progress = 0;

	(void)state;
	assert_int_equal(dd_fio_parse_eta("Jobs: 4 (f=4): [W(4)][10.0%][w=1024Mi][w=8192 IOPS]"
					  "[eta 00m:09s]   ", &iv, &progress), 1);
	assert_float_equal(iv.write_iops, 8192, 1e-9);
	assert_float_equal(iv.read_iops, 0, 0);
	/* 1024 MiB/s = 8192 x 128 KiB */
	assert_float_equal(iv.mbps, 8192.0 * 131072 / 1e6, 1e-6);
}

/* "-.-%": no progress figure yet (ramp, or too early to tell). */
static void
test_eta_no_progress(void **state)
{
	struct dd_interval iv;
	double		   progress = 0;

	(void)state;
	assert_int_equal(dd_fio_parse_eta("Jobs: 1 (f=1): [m(1)][-.-%][r=208M,w=88.9M]"
					  "[r=52.1k,w=22.2k IOPS][eta 00m:00s]", &iv, &progress), 1);
	assert_float_equal(progress, -1, 0);
	assert_float_equal(iv.iops, 74300, 1e-6);
}

/* Prefixes glued in front: the last "Jobs: " is the line. */
static void
test_eta_glued(void **state)
{
	struct dd_interval iv;
	double		   progress = 0;

	(void)state;
	assert_int_equal(dd_fio_parse_eta("<vm> Jobs: 1 (f=0)Jobs: 1 (f=1): [r(1)][50.0%]"
					  "[r=100M][r=25.6k IOPS][eta 00m:01s]", &iv, &progress), 1);
	assert_float_equal(progress, 0.5, 1e-9);
	assert_float_equal(iv.iops, 25600, 1e-6);
	/* No figures this second (fio leaves the block out when all are 0). */
	assert_int_equal(dd_fio_parse_eta("Jobs: 1 (f=1): [r(1)][50.0%][eta 00m:01s]", &iv,
					  &progress), 1);
	assert_float_equal(iv.iops, 0, 0);
	/* Bare lines carry nothing. */
	assert_int_equal(dd_fio_parse_eta("Jobs: 1 (f=1)", &iv, &progress), 0);
	assert_int_equal(dd_fio_parse_eta("Jobs: 0 (f=0)", &iv, &progress), 0);
}

/* Not ETA lines, and malformed ones. */
static void
test_eta_garbage(void **state)
{
	static const char *const bad[] = {
		"Jobs: 1 (f=1): [r(1)][abc%][r=1M][r=1k IOPS][eta 00m:01s]",
		"Jobs: 1 (f=1): [r(1)][50.0%][r=12Q][r=3k IOPS][eta 00m:01s]",
		"Jobs: 1 (f=1): [r(1)][50.0%][r=12M][r=3k][eta 00m:01s]",
		"Jobs: 1 (f=1): [r(1)][50.0%][x=12M][x=3k IOPS][eta 00m:01s]",
		"Jobs: 1 (f=1): [r(1)][50.0%][r=12M][r=3k IOPS]",
		"Jobs: 1 (f=1): [r(1)",
		"Jobs: x",
	};
	struct dd_interval iv;
	double		   progress = 0;

	(void)state;
	assert_int_equal(dd_fio_parse_eta("hostname=vm, be=0, 64-bit", &iv, &progress), 0);
	assert_int_equal(dd_fio_parse_eta("", &iv, &progress), 0);
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		print_message("# %s\n", bad[i]);
		assert_int_equal(dd_fio_parse_eta(bad[i], &iv, &progress), -EBADMSG);
	}
}

/* ---- terse lines ---- */

/* One direction of a built terse line. */
struct tdir {
	unsigned long long kib, runtime_ms, lmin, lmax;
	double		   mean, dev;
	unsigned	   pct_base;	/* percentile k's value: base + k */
};

/* Append one direction's 41 fields. */
static void
terse_dir(FILE *f, const struct tdir *d)
{
	fprintf(f, ";%llu;%llu;%llu;%llu", d->kib, d->runtime_ms ? d->kib * 1000 / d->runtime_ms : 0,
		d->runtime_ms ? d->kib * 1000 / 4 / d->runtime_ms : 0, d->runtime_ms);
	fprintf(f, ";0;0;0.000000;0.000000;0;0;0.000000;0.000000");
	for (unsigned k = 0; k < 20; k++) {
		if (k < HIST_NPCTS && d->kib)
			fprintf(f, ";%f%%=%u", hist_default_pcts[k], d->pct_base + k);
		else
			fprintf(f, ";0%%=0");
	}
	fprintf(f, ";%llu;%llu;%f;%f", d->lmin, d->lmax, d->mean, d->dev);
	fprintf(f, ";0;0;0.000000%%;0.000000;0.000000");
}

/* A whole terse v3 line (121 fields) with job error jerr. */
static char *
terse_line(const struct tdir *r, const struct tdir *w, int jerr)
{
	char  *s = NULL;
	size_t n = 0;
	FILE  *f = open_memstream(&s, &n);

	fprintf(f, "3;fio-3.33;p;0;%d", jerr);
	terse_dir(f, r);
	terse_dir(f, w);
	fprintf(f, ";10.000000%%;20.000000%%;100;0;30");
	for (int i = 0; i < 7 + 10 + 12; i++)
		fprintf(f, ";0.0%%");
	fclose(f);
	return s;
}

/* A result that holds the point the line is for. */
static struct dd_result *
result_for(enum dd_pattern pat, unsigned bs, unsigned jobs)
{
	struct dd_result *r = calloc(1, sizeof *r);

	assert_non_null(r);
	r->point.pattern = pat;
	r->point.bs = bs;
	r->point.numjobs = jobs;
	r->point.iodepth = 4;
	return r;
}

/* The real line: counts from KiB, lat in us, percentiles at the default list. */
static void
test_terse_real(void **state)
{
	struct dd_result *r = result_for(DD_RANDRW, 4096, 1);
	struct dd_error	  e = { 0 };

	(void)state;
	assert_int_equal(dd_fio_parse_terse(real_terse, r, &e), 0);
	assert_int_equal(r->status, 0);
	assert_int_equal(r->read_ios, 204344 / 4);	/* KiB / 4 KiB */
	assert_int_equal(r->write_ios, 87516 / 4);
	/* fio's normal report counted 51085 + 21876 issued. */
	assert_true(llabs((long long)r->ios - (51085 + 21876)) < 10);
	assert_float_equal(r->elapsed_s, 2.001, 1e-9);
	assert_float_equal(r->iops, (double)r->ios / 2.001, 1e-6);
	assert_float_equal(r->mbps, (double)r->ios * 4096 / 2.001 / 1e6, 1e-6);
	assert_float_equal(r->read_lat.mean_us, 99.618857, 1e-6);
	assert_float_equal(r->read_lat.max_us, 3416, 0);
	assert_float_equal(r->write_lat.min_us, 38, 0);
	assert_float_equal(r->write_lat.pct_us[12], 346, 0);	/* 99 % */
	assert_float_equal(r->read_lat.pct_us[16], 1236, 0);	/* 99.99 % */
	/* The mix: min/max over both, mean by count, percentiles the larger. */
	assert_float_equal(r->lat.min_us, 0, 0);
	assert_float_equal(r->lat.max_us, 4269, 0);
	assert_float_equal(r->lat.mean_us, (99.618857 * r->read_ios + 131.732090 * r->write_ios) /
			   (double)r->ios, 1e-6);
	assert_true(r->lat.stdev_us >= 59.917604 && r->lat.stdev_us <= 75.379384 + 32.2);
	for (unsigned k = 0; k < HIST_NPCTS; k++)
		assert_float_equal(r->lat.pct_us[k], fmax(r->read_lat.pct_us[k],
							  r->write_lat.pct_us[k]), 0);
	assert_float_equal(r->cpu_user_s, 0.0505 * 2.001, 1e-9);
	assert_float_equal(r->cpu_sys_s, 0.285 * 2.001, 1e-9);
	free(r);
}

/* The range check every server's figures get (io/figures.h): a real line
 * and a plausible one pass; a percentile above the max, a mean above the
 * max and I/Os in no time fail, naming the figure and its value. */
static void
test_terse_figures(void **state)
{
	static const struct {
		struct tdir rd;
		const char *want;	/* NULL: passes */
	} cases[] = {
		{ { 40960, 2000, 10, 900, 55.5, 12.5, 20 }, NULL },
		{ { 40960, 2000, 10, 900, 55.5, 12.5, 5000 }, "read p1 latency is 5000 us, above "
							       "the read max latency of 900 us" },
		{ { 40960, 2000, 10, 900, 5000.0, 12.5, 20 }, "read mean latency is 5000 us, above "
							       "the read max latency of 900 us" },
		{ { 40960, 0, 10, 900, 55.5, 12.5, 20 }, "10240 I/Os in a runtime of 0 s" },
	};
	struct dd_result *r = result_for(DD_RANDRW, 4096, 1);
	struct dd_error	  e = { 0 };
	struct tdir	  none = { 0 };

	(void)state;
	assert_int_equal(dd_fio_parse_terse(real_terse, r, &e), 0);
	assert_int_equal(figures_check_result(r, "h:1", &e), 0);
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char *line = terse_line(&cases[i].rd, &none, 0);

		free(r);
		r = result_for(DD_RANDREAD, 4096, 1);
		assert_int_equal(dd_fio_parse_terse(line, r, &e), 0);
		free(line);
		if (cases[i].want == NULL) {
			assert_int_equal(figures_check_result(r, "h:1", &e), 0);
			continue;
		}
		assert_int_equal(figures_check_result(r, "h:1", &e), -ERANGE);
		assert_non_null(strstr(e.msg, cases[i].want));
		assert_int_equal(strncmp(e.msg, "h:1: ", 5), 0);
	}
	free(r);
}

/* A read-only line: the write side is empty and stays out of the totals. */
static void
test_terse_read(void **state)
{
	struct tdir	  rd = { 40960, 2000, 10, 900, 55.5, 12.5, 20 }, wr = { 0 };
	struct dd_result *r = result_for(DD_RANDREAD, 4096, 2);
	char		 *line = terse_line(&rd, &wr, 0);

	(void)state;
	assert_int_equal(dd_fio_parse_terse(line, r, NULL), 0);
	assert_int_equal(r->read_ios, 10240);
	assert_int_equal(r->write_ios, 0);
	assert_int_equal(r->lat.n, 10240);
	assert_float_equal(r->lat.mean_us, 55.5, 1e-9);
	assert_float_equal(r->lat.pct_us[0], 20, 0);
	assert_float_equal(r->lat.pct_us[16], 36, 0);
	assert_float_equal(r->iops, 5120, 1e-9);
	assert_float_equal(r->cpu_user_s, 0.10 * 2 * 2, 1e-9);	/* 10 % of 2 jobs x 2 s */
	free(line);
	free(r);
}

/* A write-only line. */
static void
test_terse_write(void **state)
{
	struct tdir	  rd = { 0 }, wr = { 131072, 1000, 100, 5000, 700, 50, 300 };
	struct dd_result *r = result_for(DD_WRITE, 131072, 1);
	char		 *line = terse_line(&rd, &wr, 0);

	(void)state;
	assert_int_equal(dd_fio_parse_terse(line, r, NULL), 0);
	assert_int_equal(r->write_ios, 1024);
	assert_int_equal(r->write_bytes, 128ull << 20);
	assert_float_equal(r->mbps, 134.217728, 1e-9);
	assert_float_equal(r->lat.max_us, 5000, 0);
	assert_float_equal(r->lat.pct_us[12], 312, 0);
	free(line);
	free(r);
}

/* A mix: the pooled deviation and the larger percentile, from the inputs. */
static void
test_terse_mix(void **state)
{
	struct tdir	  rd = { 30000, 1000, 5, 800, 100, 10, 50 };
	struct tdir	  wr = { 10000, 1000, 20, 2000, 300, 30, 100 };
	struct dd_result *r = result_for(DD_RANDRW, 4096, 1);
	char		 *line = terse_line(&rd, &wr, 0);
	double		  nr = 30000 / 4.0, nw = 10000 / 4.0, m, var;

	(void)state;
	assert_int_equal(dd_fio_parse_terse(line, r, NULL), 0);
	m = (100 * nr + 300 * nw) / (nr + nw);
	var = (nr * (100 + (100 - m) * (100 - m)) + nw * (900 + (300 - m) * (300 - m))) / (nr + nw);
	assert_float_equal(r->lat.mean_us, m, 1e-9);
	assert_float_equal(r->lat.stdev_us, sqrt(var), 1e-9);
	assert_float_equal(r->lat.min_us, 5, 0);
	assert_float_equal(r->lat.max_us, 2000, 0);
	assert_float_equal(r->lat.pct_us[3], 103, 0);	/* the write side's, larger */
	free(line);
	free(r);
}

/* The error field: parsed, status -EIO, message with errno's text. */
static void
test_terse_error(void **state)
{
	struct tdir	  z = { 0 };
	struct dd_result *r = result_for(DD_RANDREAD, 4096, 1);
	char		 *line = terse_line(&z, &z, 22);

	(void)state;
	assert_int_equal(dd_fio_parse_terse(line, r, NULL), 0);
	assert_int_equal(r->status, -EIO);
	assert_non_null(strstr(r->message, "err=22"));
	assert_non_null(strstr(r->message, strerror(22)));
	free(line);
	free(r);
}

/* Cut short, a bad field, another version, no point: -EBADMSG with why. */
static void
test_terse_malformed(void **state)
{
	struct tdir	  rd = { 4096, 1000, 1, 2, 1.5, 0.5, 10 }, z = { 0 };
	struct dd_result *r = result_for(DD_RANDREAD, 4096, 1);
	struct dd_error	  e = { 0 };
	char		 *line = terse_line(&rd, &z, 0);
	char		 *bad;

	(void)state;
	line[strlen(line) / 2] = '\0';
	assert_int_equal(dd_fio_parse_terse(line, r, &e), -EBADMSG);
	assert_non_null(strstr(e.msg, "cut short"));
	free(line);
	line = terse_line(&rd, &z, 0);
	bad = line + strlen("3;fio-3.33;p;0;0;");	/* the read KiB field: "4096" */
	assert_memory_equal(bad, "4096;", 5);
	bad[2] = 'x';
	assert_int_equal(dd_fio_parse_terse(line, r, &e), -EBADMSG);
	assert_non_null(strstr(e.msg, "'40x6'"));
	assert_int_equal(dd_fio_parse_terse("2;p;0;0;1;2;3", r, &e), -EBADMSG);
	assert_non_null(strstr(e.msg, "not a terse v3 line"));
	r->point.bs = 0;
	assert_int_equal(dd_fio_parse_terse(real_terse, r, &e), -EINVAL);
	free(line);
	free(r);
}

/* ---- URLs and names ---- */

/* Good URLs: v4, [v6]:port, a name with the default port. */
static void
test_url_good(void **state)
{
	struct dd_fio_addr a;
	struct dd_error	   e = { 0 };

	(void)state;
	assert_int_equal(dd_fio_parse_url("fio://127.0.0.1:8766/dev/zram0", &a, &e), 0);
	assert_string_equal(a.host, "127.0.0.1");
	assert_int_equal(a.port, 8766);
	assert_false(a.ipv6);
	assert_string_equal(a.path, "/dev/zram0");
	assert_string_equal(a.client, "127.0.0.1,8766");
	assert_int_equal(dd_fio_parse_url("fio://[::1]:8767/dev/nvme0n1", &a, &e), 0);
	assert_string_equal(a.host, "::1");
	assert_true(a.ipv6);
	assert_int_equal(a.port, 8767);
	assert_string_equal(a.client, "ip6:::1,8767");
	assert_int_equal(dd_fio_parse_url("fio://[fe80::1]/x", &a, &e), 0);
	assert_int_equal(a.port, DD_FIO_DEFAULT_PORT);
	assert_int_equal(dd_fio_parse_url("fio://rack1-node7/dev/nvme1n1", &a, &e), 0);
	assert_string_equal(a.host, "rack1-node7");
	assert_int_equal(a.port, DD_FIO_DEFAULT_PORT);
	assert_string_equal(a.client, "rack1-node7,8765");
	assert_int_equal(dd_fio_parse_url("fio://h:65535/a:b", &a, &e), 0);
	assert_string_equal(a.path, "/a:b");
}

/* Bad URLs: each -EINVAL with a sentence naming the URL. */
static void
test_url_bad(void **state)
{
	static const char *const bad[] = {
		"fio://host:0/dev/x", "fio://host:70000/dev/x", "fio://host:abc/dev/x",
		"fio://host:/dev/x", "fio://host:12a/dev/x", "fio://host", "fio://host:8765",
		"fio://host/", "fio:///dev/x", "fio://[::1/dev/x", "fio://[::1]x/dev/x",
		"fio://a:b:c/dev/x", "http://host/dev/x", "/dev/nvme0n1", "fio://h/dev/a\nb",
	};
	struct dd_fio_addr a;
	struct dd_error	   e;

	(void)state;
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		memset(&e, 0, sizeof e);
		print_message("# %s\n", bad[i]);
		assert_int_equal(dd_fio_parse_url(bad[i], &a, &e), -EINVAL);
		assert_true(strlen(e.msg) > 10);
	}
	assert_int_equal(dd_fio_parse_url(NULL, &a, &e), -EINVAL);
}

/* The state names of the statuses. */
static void
test_state_names(void **state)
{
	(void)state;
	assert_string_equal(dd_fio_state_name(0), "ok");
	assert_string_equal(dd_fio_state_name(-ECONNREFUSED), "refused");
	assert_string_equal(dd_fio_state_name(-ETIMEDOUT), "timeout");
	assert_string_equal(dd_fio_state_name(-ECONNRESET), "lost");
	assert_string_equal(dd_fio_state_name(-EPROTO), "protocol");
	assert_string_equal(dd_fio_state_name(-EBADMSG), "bad output");
	assert_string_equal(dd_fio_state_name(-EIO), "failed");
	assert_string_equal(dd_fio_state_name(-ENOENT), "no fio");
	assert_string_equal(dd_fio_state_name(-EPERM), "failed");
}

/* The backend is registered and found by name. */
static void
test_registered(void **state)
{
	(void)state;
	assert_ptr_equal(dd_backend_find("fio"), &dd_backend_fio);
	assert_ptr_equal(dd_backends[0], &dd_backend_uring);
}

/* ---- against a real fio --server on loopback ---- */

static struct {
	bool  have_fio;
	pid_t server;
	unsigned port;
	char  tmpdir[64];	/* TMPDIR for the backend: must end empty */
	char  scratch[96];
	char  skip[160];
} fx;

/* A loopback TCP port nobody listens on now (bound, read, released). */
static unsigned
free_port(void)
{
	struct sockaddr_in a = { .sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
	socklen_t	   len = sizeof a;
	int		   s = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
	unsigned	   port = 0;

	if (s >= 0 && bind(s, (struct sockaddr *)&a, sizeof a) == 0 &&
	    getsockname(s, (struct sockaddr *)&a, &len) == 0)
		port = ntohs(a.sin_port);
	if (s >= 0)
		close(s);
	return port;
}

/* Does something accept connections on the loopback port? */
static bool
port_listens(unsigned port)
{
	struct sockaddr_in a = { .sin_family = AF_INET, .sin_port = htons((uint16_t)port),
				 .sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
	int		   s = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
	bool		   ok = s >= 0 && connect(s, (struct sockaddr *)&a, sizeof a) == 0;

	if (s >= 0)
		close(s);
	return ok;
}

/* Start `fio --server` on a free port; wait until it accepts (or 10 s). */
static void
server_start(void)
{
	char  arg[64];
	char *argv[] = { (char *)"fio", arg, NULL };
	posix_spawn_file_actions_t fa;
	double until;

	fx.port = free_port();
	snprintf(arg, sizeof arg, "--server=ip:127.0.0.1,%u", fx.port);
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
	posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
	if (fx.port == 0 || posix_spawnp(&fx.server, "fio", &fa, NULL, argv, environ) != 0) {
		fx.server = 0;
		snprintf(fx.skip, sizeof fx.skip, "cannot start fio --server");
	}
	posix_spawn_file_actions_destroy(&fa);
	/* Poll its port: the server says nothing on stdout when it is up. */
	for (until = clock_now_s() + 10; fx.server > 0 && !port_listens(fx.port);) {
		if (clock_now_s() > until || waitpid(fx.server, NULL, WNOHANG) != 0) {
			snprintf(fx.skip, sizeof fx.skip, "fio --server on port %u did not listen",
				 fx.port);
			break;
		}
		poll(NULL, 0, 20);
	}
}

/* Group setup: the scratch file, a private TMPDIR, the server. */
static int
group_setup(void **state)
{
	int fd;

	(void)state;
	fx.have_fio = dd_fio_client_version()[0] != '\0';
	if (!fx.have_fio) {
		snprintf(fx.skip, sizeof fx.skip, "fio is not installed");
		return 0;
	}
	snprintf(fx.tmpdir, sizeof fx.tmpdir, "/tmp/dd-test-fio-XXXXXX");
	if (mkdtemp(fx.tmpdir) == NULL)
		return -1;
	setenv("TMPDIR", fx.tmpdir, 1);
	snprintf(fx.scratch, sizeof fx.scratch, "/tmp/dd-test-fio-scratch-XXXXXX");
	if ((fd = mkstemp(fx.scratch)) < 0 || ftruncate(fd, 64 << 20) < 0)
		return -1;
	close(fd);
	server_start();
	return 0;
}

/* Group teardown: stop the server, remove the files. */
static int
group_teardown(void **state)
{
	(void)state;
	if (fx.server > 0) {
		kill(fx.server, SIGKILL);
		waitpid(fx.server, NULL, 0);
	}
	if (fx.scratch[0])
		unlink(fx.scratch);
	if (fx.tmpdir[0])
		rmdir(fx.tmpdir);
	return 0;
}

/* How many files the backend left in its TMPDIR. */
static int
tmpdir_files(void)
{
	DIR	      *d = opendir(fx.tmpdir);
	struct dirent *e;
	int	       n = 0;

	while (d != NULL && (e = readdir(d)) != NULL)
		n += e->d_name[0] != '.';
	if (d != NULL)
		closedir(d);
	return n;
}

/* What the interval hook saw. */
struct seen {
	unsigned n;
	double	 iops_sum, last_progress, last_t;
	bool	 monotone;
	int	 cancel_fd;	/* >= 0: cancel at the first interval */
};

/* The interval hook: count, check order, maybe cancel. */
static void
on_interval(void *arg, const struct dd_result *partial, const struct dd_interval *iv,
	    double progress)
{
	struct seen *s = arg;
	uint64_t     one = 1;

	if (iv->t_s <= s->last_t || progress < 0 || progress > 1 ||
	    partial->nintervals == 0 || partial->intervals[partial->nintervals - 1].t_s != iv->t_s)
		s->monotone = false;
	s->n++;
	s->iops_sum += iv->iops;
	s->last_t = iv->t_s;
	s->last_progress = progress;
	if (s->cancel_fd >= 0 && write(s->cancel_fd, &one, sizeof one) < 0)
		s->monotone = false;
}

/* A 4k randread point of secs seconds, paced at 2,000 IOPS: what these
 * cases test is the client/server path, and an unpaced read of the sparse
 * file would keep a CPU busy for the whole point next to the other tests. */
static struct dd_point
point_randread(double secs)
{
	struct dd_point p = { .pattern = DD_RANDREAD, .bs = 4096, .iodepth = 4, .numjobs = 1,
			      .runtime_s = secs, .rate_iops = 2000 };

	snprintf(p.name, sizeof p.name, "4K randread QD4 x1");
	return p;
}

/* Open fio://127.0.0.1:port/scratch. */
static void
open_target(struct dd_target *t, unsigned port, bool writable)
{
	char	       url[160];
	struct dd_error e = { 0 };

	snprintf(url, sizeof url, "fio://127.0.0.1:%u%s", port, fx.scratch);
	assert_int_equal(dd_backend_open(&dd_backend_fio, t, url, writable, &e), 0);
	assert_ptr_equal(dd_backend_of(t), &dd_backend_fio);
	dd_fio_set_size(t, 64 << 20);
}

/* A 4-second point: intervals arrive, the result is positive and consistent.
 * (fio 3.33's client prints its first ETA figures 1-2 s into a job, so a
 * 2-second point often has none: 4 s gives two or three.) */
static void
test_live_randread(void **state)
{
	struct dd_target       t;
	struct dd_point	       p = point_randread(4);
	struct dd_result      *r = calloc(1, sizeof *r);
	struct seen	       s = { .monotone = true, .cancel_fd = -1 };
	struct dd_engine_hooks h = { .arg = &s, .interval = on_interval, .cancel_fd = -1 };
	struct dd_fio_identity id;
	struct dd_error	       e = { 0 };

	(void)state;
	if (fx.skip[0])
		SKIP_CASE(fx.skip);
	open_target(&t, fx.port, false);
	assert_int_equal(dd_backend_fio.run(&t, &p, &h, r, &e), 0);
	print_message("# %s; %.0f IOPS, %zu intervals\n", r->message, r->iops, r->nintervals);
	assert_int_equal(r->status, 0);
	assert_false(r->cancelled);
	assert_true(s.n >= 1 && s.monotone);
	assert_int_equal(r->nintervals, s.n);
	assert_true(r->iops > 0 && r->ios > 0 && r->read_ios == r->ios && r->write_ios == 0);
	/* fio's own runtime of the job (terse), not a wall clock here. */
	assert_true(r->elapsed_s > 3.5 && r->elapsed_s < 4 * p.runtime_s);
	assert_float_equal(r->iops, (double)r->ios / r->elapsed_s, r->iops * 1e-9);
	assert_int_equal(r->bytes, r->ios * 4096);
	/* The live figures are the run's (how close they come to the final
	 * one is a matter of timing: tests/rigs). */
	assert_true(s.iops_sum > 0);
	assert_int_equal(r->lat.n, r->ios);
	assert_true(r->lat.min_us <= r->lat.mean_us && r->lat.mean_us <= r->lat.max_us);
	for (unsigned k = 1; k < HIST_NPCTS; k++)
		assert_true(r->lat.pct_us[k] >= r->lat.pct_us[k - 1]);
	assert_non_null(strstr(r->message, "latency per point only"));
	assert_true(dd_fio_identity(&t, &id));
	assert_true(id.server_host[0] != '\0');
	assert_memory_equal(id.fio_version, "fio-", 4);
	assert_int_equal(tmpdir_files(), 0);
	dd_backend_fio.close(&t);
	free(r);
}

/* A cancel at the first interval stops a 60 s point. */
static void
test_live_cancel(void **state)
{
	struct dd_target       t;
	struct dd_point	       p = point_randread(60);
	struct dd_result      *r = calloc(1, sizeof *r);
	struct seen	       s = { .monotone = true };
	struct dd_engine_hooks h = { .arg = &s, .interval = on_interval };
	struct dd_error	       e = { 0 };

	(void)state;
	if (fx.skip[0])
		SKIP_CASE(fx.skip);
	s.cancel_fd = h.cancel_fd = eventfd(0, EFD_CLOEXEC);
	open_target(&t, fx.port, false);
	assert_int_equal(dd_backend_fio.run(&t, &p, &h, r, &e), 0);
	assert_true(r->cancelled);
	/* At least the interval that cancelled: on a loaded machine fio's next
	 * one can be on the wire before the stop reaches it, so not exactly 1. */
	assert_true(s.n >= 1);
	assert_true(r->elapsed_s < 30);
	assert_int_equal(tmpdir_files(), 0);
	close(h.cancel_fd);
	dd_backend_fio.close(&t);
	free(r);
}

/* Nobody at the port: -ECONNREFUSED, "refused", a sentence with host:port. */
static void
test_live_refused(void **state)
{
	struct dd_target  t;
	struct dd_point	  p = point_randread(1);
	struct dd_result *r = calloc(1, sizeof *r);
	struct dd_error	  e = { 0 };
	unsigned	  port = free_port();
	char		  hp[32];

	(void)state;
	if (!fx.have_fio)
		SKIP_CASE(fx.skip);
	open_target(&t, port, false);
	assert_int_equal(dd_backend_fio.run(&t, &p, NULL, r, &e), -ECONNREFUSED);
	assert_int_equal(r->status, -ECONNREFUSED);
	assert_string_equal(dd_fio_state_name(r->status), "refused");
	snprintf(hp, sizeof hp, "127.0.0.1:%u", port);
	assert_non_null(strstr(e.msg, hp));
	assert_string_equal(r->message, e.msg);
	assert_int_equal(tmpdir_files(), 0);
	dd_backend_fio.close(&t);
	free(r);
}

/* A peer that accepts and says nothing: -ETIMEDOUT after connect_timeout_s
 * (the client ignores SIGINT while it waits: the SIGKILL ends it). */
static void
test_live_silent(void **state)
{
	struct sockaddr_in  a = { .sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
	socklen_t	    len = sizeof a;
	struct dd_fio_config c = { .connect_timeout_s = 1, .kill_grace_s = 0.5 };
	struct dd_target    t;
	struct dd_point	    p = point_randread(1);
	struct dd_result   *r = calloc(1, sizeof *r);
	struct dd_error	    e = { 0 };
	int		    s;

	(void)state;
	if (!fx.have_fio)
		SKIP_CASE(fx.skip);
	s = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
	assert_int_equal(bind(s, (struct sockaddr *)&a, sizeof a), 0);
	assert_int_equal(listen(s, 4), 0);
	assert_int_equal(getsockname(s, (struct sockaddr *)&a, &len), 0);
	dd_fio_configure(&c);
	open_target(&t, ntohs(a.sin_port), false);
	assert_int_equal(dd_backend_fio.run(&t, &p, NULL, r, &e), -ETIMEDOUT);
	assert_string_equal(dd_fio_state_name(r->status), "timeout");
	assert_non_null(strstr(e.msg, "no answer"));
	assert_int_equal(tmpdir_files(), 0);
	memset(&c, 0, sizeof c);
	dd_fio_configure(&c);
	close(s);
	dd_backend_fio.close(&t);
	free(r);
}

/*
 * A silent server on a loaded host: fio's own 5 s command timeout may fire
 * before drivedash's connect timeout, and the client then gives up by
 * itself.  Whichever shows, the host is "timeout" with a sentence that
 * says no answer came.  A stand-in client (a script given as the fio
 * binary) prints what fio 3.33 printed in that case and exits 1.
 */
static void
test_fio_gave_up(void **state)
{
	char		     script[64] = "/tmp/dd-test-fio-client-XXXXXX";
	const char	    *text = "#!/bin/sh\n"
				    "echo 'fio: client 127.0.0.1, timeout on cmd PROBE' >&2\n"
				    "echo 'fio: client 127.0.0.1 timed out' >&2\n"
				    "exit 1\n";
	struct dd_fio_config c = { .connect_timeout_s = 30, .kill_grace_s = 0.5 };
	struct dd_target     t;
	struct dd_point	     p = point_randread(1);
	struct dd_result    *r = calloc(1, sizeof *r);
	struct dd_error	     e = { 0 };
	int		     fd = mkstemp(script);

	(void)state;
	assert_true(fd >= 0);
	assert_int_equal(write(fd, text, strlen(text)), (ssize_t)strlen(text));
	assert_int_equal(fchmod(fd, 0700), 0);
	close(fd);
	c.fio = script;
	dd_fio_configure(&c);
	open_target(&t, 9, false);
	assert_int_equal(dd_backend_fio.run(&t, &p, NULL, r, &e), -ETIMEDOUT);
	assert_string_equal(dd_fio_state_name(r->status), "timeout");
	assert_non_null(strstr(e.msg, "127.0.0.1:9: no answer from the fio server"));
	assert_non_null(strstr(e.msg, "timeout on cmd PROBE"));
	memset(&c, 0, sizeof c);
	dd_fio_configure(&c);
	unlink(script);
	dd_backend_fio.close(&t);
	free(r);
}

/* check: writes on a read-only target, a whole-target pass of unknown size. */
static void
test_check(void **state)
{
	struct dd_target t;
	struct dd_point	 w = point_randread(1), whole = point_randread(0);
	struct dd_error	 e = { 0 };

	(void)state;
	assert_int_equal(dd_backend_open(&dd_backend_fio, &t, "fio://10.1.2.3:9000/dev/nvme3n1",
					 false, &e), 0);
	assert_int_equal(t.size, 0);
	assert_int_equal(t.tclass, DD_TCLASS_BLK_MQ);	/* not loopback: NVMe */
	assert_int_equal(dd_backend_fio.check(&w, &t, &e), 0);
	w.pattern = DD_RANDWRITE;
	assert_int_equal(dd_backend_fio.check(&w, &t, &e), -EACCES);
	assert_non_null(strstr(e.msg, "10.1.2.3:9000 /dev/nvme3n1: the plan writes; give "
				      "--allow-write and confirm the device in the hosts file"));
	whole.pattern = DD_WRITE;
	whole.kind = DD_KIND_CLIFF;
	t.writable = true;
	assert_int_equal(dd_backend_fio.check(&whole, &t, &e), -EINVAL);
	assert_non_null(strstr(e.msg, "size is unknown"));
	dd_fio_set_size(&t, 1ull << 30);
	whole.bytes = 1ull << 30;
	assert_int_equal(dd_backend_fio.check(&whole, &t, &e), 0);
	whole.offset = 1ull << 30;
	assert_int_equal(dd_backend_fio.check(&whole, &t, &e), -EINVAL);
	dd_fio_set_class(&t, DD_TCLASS_BLK_BIO);
	assert_int_equal(t.tclass, DD_TCLASS_BLK_BIO);
	dd_backend_fio.close(&t);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_eta_read),
		cmocka_unit_test(test_eta_mixed),
		cmocka_unit_test(test_eta_write),
		cmocka_unit_test(test_eta_no_progress),
		cmocka_unit_test(test_eta_glued),
		cmocka_unit_test(test_eta_garbage),
		cmocka_unit_test(test_terse_real),
		cmocka_unit_test(test_terse_figures),
		cmocka_unit_test(test_terse_read),
		cmocka_unit_test(test_terse_write),
		cmocka_unit_test(test_terse_mix),
		cmocka_unit_test(test_terse_error),
		cmocka_unit_test(test_terse_malformed),
		cmocka_unit_test(test_url_good),
		cmocka_unit_test(test_url_bad),
		cmocka_unit_test(test_state_names),
		cmocka_unit_test(test_registered),
		cmocka_unit_test(test_check),
		cmocka_unit_test(test_live_randread),
		cmocka_unit_test(test_live_cancel),
		cmocka_unit_test(test_live_refused),
		cmocka_unit_test(test_live_silent),
		cmocka_unit_test(test_fio_gave_up),
	};

	return cmocka_run_group_tests_name("fio-backend", tests, group_setup, group_teardown);
}
