/*
 * Tests of src/io/engine.c on real targets this program creates: a scratch
 * file in /dev/shm, loop devices over files in /dev/shm, and /dev/zram0.
 * Every check reads back what the engine did (the trace hook's offsets, the
 * headers it stamps into every 4 KiB of written data, its counters and
 * histogram) rather than trusting its own report.
 *
 * Data model: one struct fixture, global so a signal handler can reach it,
 * holds everything that must be undone: the scratch directory and the files
 * in it, the loop devices (attached with LO_FLAGS_AUTOCLEAR while this
 * program holds an fd, so the kernel detaches them even if it is killed),
 * whether zram0 was sized here (then it is reset at the end) and the lock
 * that keeps two runs of this program off zram0.  Targets and buffers a test
 * opens live in the fixture too, so the per-test teardown can close and free
 * them when an assertion ends the test early.  A watchdog (alarm) turns an
 * engine_run that never returns into a TAP "Bail out!" instead of a hung
 * make check.
 *
 * zram0: this program is the only test that touches /dev/zram0.  automake
 * runs test programs in parallel under make -j, so any other test that
 * wants zram must use another device (hot_add) or take the same lock file
 * (ZRAM_LOCK in /run/lock, as bench/engine-vs-fio.sh --zram zram0 does);
 * two runs of this program (two trees, or two engineers) take the lock and
 * the second waits.  A tool that ignores the lock is guarded against too:
 * zram0 is used only when it is not swap, not mounted, not open (its reset
 * succeeds) and, if it is sized already, idle for a second; once sized here
 * it stays open until the end, so nobody resets it under us.  Otherwise the
 * zram cases print "# skipped: ..." and pass, as do the loop cases without
 * root.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <linux/io_uring.h>
#include <linux/loop.h>
#include <math.h>
#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/file.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "io/engine.h"
#include "lib/clock.h"

#define KiB		UINT64_C(1024)
#define MiB		(KiB * 1024)
#define BLK		4096u		/* the engine stamps every 4 KiB */
#define NO_OFF		UINT64_MAX	/* trace slot the engine did not fill */

#ifndef ZRAM_NAME			/* -D for trying the file on another zram */
#define ZRAM_NAME	"zram0"
#endif
#define ZRAM_SYS	"/sys/block/" ZRAM_NAME
#define ZRAM_DEV	"/dev/" ZRAM_NAME
#define ZRAM_SIZE	"256M"
#define ZRAM_LOCK	"drivedash-test-" ZRAM_NAME ".lock"

#ifndef WATCHDOG_S
#define WATCHDOG_S	60		/* a test that takes longer hung in the engine */
#endif
#define LOCK_WAIT_S	30		/* for another run of this program */

#define MAX_FILES	8
#define MAX_LOOPS	4
#define MAX_MEM		8

/* A loop device this program attached. */
struct loopdev {
	int	 hold;		/* fd kept open; -1 when the slot is free */
	char	 path[32];
};

/* Everything the tests create and must undo. */
struct fixture {
	char		 dir[256];	/* scratch directory; "" when none */
	char		 files[MAX_FILES][320];
	struct loopdev	 loops[MAX_LOOPS];

	bool		 zram_ok;	/* sized by us, usable */
	char		 zram_skip[160];
	int		 zram_lock;	/* flock'd lock file, -1 */
	int		 zram_hold;	/* zram0 kept open while ours, -1 */
	bool		 zram_filled;
	uint64_t	 zram_orig, zram_compr;	/* mm_stat after the fill */

	struct dd_target t, t2;		/* closed by the per-test teardown */
	void		*mem[MAX_MEM];	/* freed by the per-test teardown */
	struct dd_result *res;
	const char	*current;	/* test function running, for the watchdog */
};

static struct fixture fx = {
	.zram_lock = -1,
	.zram_hold = -1,
	.t = { .fd = -1 },
	.t2 = { .fd = -1 },
};

/* Start a test: name it for the watchdog and arm the watchdog. */
#define TEST_BEGIN(state) do {						\
	(void)(state);							\
	fx.current = __func__;						\
	alarm(WATCHDOG_S);						\
} while (0)

/* Print why a case did not run (a TAP comment) and leave the test as a pass. */
#define SKIP_CASE(why) do {						\
	print_message("# skipped: %s\n", (why));			\
	return;								\
} while (0)

/* Write a string to a sysfs attribute: 0 or -errno.  Async-signal-safe. */
static int
sysfs_write(const char *path, const char *s)
{
	int	fd = open(path, O_WRONLY | O_CLOEXEC), e;
	ssize_t n;

	if (fd < 0)
		return -errno;
	n = write(fd, s, strlen(s));
	e = n < 0 ? -errno : 0;
	close(fd);
	return e;
}

/* Read a small sysfs attribute into buf; 0 or -errno. */
static int
sysfs_read(const char *path, char *buf, size_t len)
{
	int	fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t n;

	if (fd < 0)
		return -errno;
	n = read(fd, buf, len - 1);
	close(fd);
	if (n < 0)
		return -errno;
	buf[n] = '\0';
	return 0;
}

/* Undo everything in the fixture.  Async-signal-safe: also the signal path. */
static void
fixture_cleanup(void)
{
	if (fx.t.fd >= 0)
		close(fx.t.fd);
	if (fx.t2.fd >= 0)
		close(fx.t2.fd);
	fx.t.fd = fx.t2.fd = -1;
	for (int i = 0; i < MAX_LOOPS; i++) {
		if (fx.loops[i].hold < 0)
			continue;
		ioctl(fx.loops[i].hold, LOOP_CLR_FD, 0);
		close(fx.loops[i].hold);	/* autoclear: the last close detaches */
		fx.loops[i].hold = -1;
	}
	if (fx.zram_hold >= 0) {
		close(fx.zram_hold);
		fx.zram_hold = -1;
	}
	if (fx.zram_ok) {
		sysfs_write(ZRAM_SYS "/reset", "1");
		fx.zram_ok = false;
	}
	if (fx.zram_lock >= 0) {
		close(fx.zram_lock);
		fx.zram_lock = -1;
	}
	for (int i = 0; i < MAX_FILES; i++) {
		if (fx.files[i][0] != '\0')
			unlink(fx.files[i]);
		fx.files[i][0] = '\0';
	}
	if (fx.dir[0] != '\0') {
		rmdir(fx.dir);
		fx.dir[0] = '\0';
	}
}

/* On SIGINT/SIGTERM/SIGHUP: clean up, then die of the same signal. */
static void
on_signal(int sig)
{
	fixture_cleanup();
	signal(sig, SIG_DFL);
	raise(sig);
}

/* Write a string to stdout from a signal handler. */
static void
say(const char *s)
{
	if (write(STDOUT_FILENO, s, strlen(s)) < 0) {
		/* nothing better to do in a signal handler */
	}
}

/*
 * SIGALRM: a test did not finish in WATCHDOG_S, so engine_run hung.  Bail out
 * (TAP), undo what can be undone and exit; the engine's threads still hold
 * zram0, so a child resets it once this process is gone.
 */
static void
on_watchdog(int sig)
{
	(void)sig;
	say("Bail out! ");
	say(fx.current ? fx.current : "test-engine");
	say(" did not finish within the watchdog: engine_run hung\n");
	if (fx.zram_ok && fork() == 0) {
		pid_t		parent = getppid();
		struct timespec ts = { 0, 100000000 };

		for (int fd = 3; fd < 4096; fd++)
			if (fd != fx.zram_lock)
				close(fd);
		while (getppid() == parent)
			nanosleep(&ts, NULL);
		for (int i = 0; i < 100; i++) {
			if (sysfs_write(ZRAM_SYS "/reset", "1") == 0)
				break;
			nanosleep(&ts, NULL);
		}
		_exit(0);
	}
	fx.zram_ok = false;
	fixture_cleanup();
	_exit(1);
}

/* Create a zero-filled scratch file of size bytes; its path goes to out. */
static int
scratch_create(const char *name, uint64_t size, char *out, size_t outlen)
{
	int fd, e, slot = -1;

	for (int i = 0; i < MAX_FILES; i++)
		if (fx.files[i][0] == '\0') {
			slot = i;
			break;
		}
	if (slot < 0)
		return -ENOSPC;
	snprintf(out, outlen, "%s/%s", fx.dir, name);
	fd = open(out, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
	if (fd < 0)
		return -errno;
	snprintf(fx.files[slot], sizeof fx.files[slot], "%s", out);
	e = posix_fallocate(fd, 0, (off_t)size);
	close(fd);
	return -e;
}

/*
 * Attach a loop device over file (direct I/O asked for, autoclear while we
 * hold it).  The device path goes to dev; 0, or -errno with why filled.
 */
static int
loop_attach(const char *file, char *dev, size_t devlen, char *why, size_t whylen)
{
	struct loop_config cfg;
	unsigned	   flags = LO_FLAGS_AUTOCLEAR | LO_FLAGS_DIRECT_IO;
	int		   ctl, ffd, lfd = -1, slot = -1, e = 0;

	for (int i = 0; i < MAX_LOOPS; i++)
		if (fx.loops[i].hold < 0) {
			slot = i;
			break;
		}
	if (slot < 0)
		return -ENOSPC;
	if (geteuid() != 0) {
		snprintf(why, whylen, "not root: cannot attach loop devices");
		return -EPERM;
	}
	ctl = open("/dev/loop-control", O_RDWR | O_CLOEXEC);
	if (ctl < 0) {
		e = -errno;
		snprintf(why, whylen, "/dev/loop-control: %s", strerror(errno));
		return e;
	}
	ffd = open(file, O_RDWR | O_CLOEXEC);
	if (ffd < 0) {
		e = -errno;
		snprintf(why, whylen, "%s: %s", file, strerror(errno));
		close(ctl);
		return e;
	}
	/*
	 * Another process may take the free device first: retry.  A kernel
	 * that cannot do direct I/O on the backing file refuses the flag.
	 */
	for (int tries = 0; tries < 32; tries++) {
		int n = ioctl(ctl, LOOP_CTL_GET_FREE);

		if (n < 0) {
			e = -errno;
			snprintf(why, whylen, "LOOP_CTL_GET_FREE: %s", strerror(errno));
			break;
		}
		snprintf(dev, devlen, "/dev/loop%d", n);
		lfd = open(dev, O_RDWR | O_CLOEXEC);
		if (lfd < 0) {
			e = -errno;
			snprintf(why, whylen, "%s: %s", dev, strerror(errno));
			break;
		}
		memset(&cfg, 0, sizeof cfg);
		cfg.fd = (unsigned)ffd;
		cfg.info.lo_flags = flags;
		snprintf((char *)cfg.info.lo_file_name, sizeof cfg.info.lo_file_name,
			 "%s", file);
		if (ioctl(lfd, LOOP_CONFIGURE, &cfg) == 0) {
			e = 0;
			break;
		}
		e = -errno;
		snprintf(why, whylen, "LOOP_CONFIGURE %s: %s", dev, strerror(errno));
		close(lfd);
		lfd = -1;
		if (e == -EINVAL && (flags & LO_FLAGS_DIRECT_IO))
			flags &= ~(unsigned)LO_FLAGS_DIRECT_IO;
		else if (e != -EBUSY)
			break;
	}
	close(ffd);
	close(ctl);
	if (lfd < 0)
		return e < 0 ? e : -EBUSY;
	fx.loops[slot].hold = lfd;
	snprintf(fx.loops[slot].path, sizeof fx.loops[slot].path, "%s", dev);
	return 0;
}

/* Detach every loop device attached so far. */
static void
loop_detach_all(void)
{
	for (int i = 0; i < MAX_LOOPS; i++) {
		if (fx.loops[i].hold < 0)
			continue;
		if (ioctl(fx.loops[i].hold, LOOP_CLR_FD, 0) < 0)
			print_message("# %s: LOOP_CLR_FD: %s\n", fx.loops[i].path,
				      strerror(errno));
		close(fx.loops[i].hold);
		fx.loops[i].hold = -1;
	}
}

/* Whether the loop device uses direct I/O on its backing file (sysfs). */
static const char *
loop_dio(const char *dev)
{
	char path[96], buf[16];

	snprintf(path, sizeof path, "/sys/block/%s/loop/dio", dev + 5);
	if (sysfs_read(path, buf, sizeof buf) < 0)
		return "?";
	return buf[0] == '1' ? "on" : "off";
}

/* Does a file (like /proc/swaps) mention name? */
static bool
file_mentions(const char *path, const char *name)
{
	char  line[512];
	FILE *f = fopen(path, "re");
	bool  found = false;

	if (f == NULL)
		return false;
	while (!found && fgets(line, sizeof line, f) != NULL)
		found = strstr(line, name) != NULL;
	fclose(f);
	return found;
}

/* Take zram0 for this run: lock, reset, size.  Sets fx.zram_skip otherwise. */
static void
zram_setup(void)
{
	char   lock[64], st0[256], st1[256];
	double t0;
	int    e;

	if (access(ZRAM_SYS, F_OK) != 0) {
		snprintf(fx.zram_skip, sizeof fx.zram_skip,
			 ZRAM_SYS " is absent (zram module not loaded)");
		return;
	}
	if (geteuid() != 0) {
		snprintf(fx.zram_skip, sizeof fx.zram_skip, "not root: cannot reset zram0");
		return;
	}
	if (file_mentions("/proc/swaps", ZRAM_DEV) || file_mentions("/proc/mounts", ZRAM_DEV)) {
		snprintf(fx.zram_skip, sizeof fx.zram_skip, ZRAM_NAME " is busy (swap or mounted)");
		return;
	}
	snprintf(lock, sizeof lock, "%s/" ZRAM_LOCK,
		 access("/run/lock", W_OK) == 0 ? "/run/lock" : "/dev/shm");
	fx.zram_lock = open(lock, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
	if (fx.zram_lock < 0) {
		snprintf(fx.zram_skip, sizeof fx.zram_skip, "%s: %s", lock, strerror(errno));
		return;
	}
	/* Another run of this program holds zram0: wait for it, within reason. */
	t0 = clock_now_s();
	while (flock(fx.zram_lock, LOCK_EX | LOCK_NB) < 0) {
		if (errno != EWOULDBLOCK || clock_now_s() - t0 > LOCK_WAIT_S) {
			snprintf(fx.zram_skip, sizeof fx.zram_skip,
				 ZRAM_NAME " is held by another test run (%s)", lock);
			close(fx.zram_lock);
			fx.zram_lock = -1;
			return;
		}
		usleep(50000);
	}
	/*
	 * Sized already: someone may own it and be between two runs (reset
	 * only fails while it is open).  Take it only if it stays idle.
	 */
	if (sysfs_read(ZRAM_SYS "/disksize", st0, sizeof st0) == 0 &&
	    strtoull(st0, NULL, 10) != 0) {
		if (sysfs_read(ZRAM_SYS "/stat", st0, sizeof st0) < 0)
			st0[0] = '\0';
		usleep(1000000);
		if (sysfs_read(ZRAM_SYS "/stat", st1, sizeof st1) < 0 || strcmp(st0, st1) != 0) {
			snprintf(fx.zram_skip, sizeof fx.zram_skip,
				 ZRAM_NAME " is busy: sized and doing I/O for another program");
			return;
		}
	}
	e = sysfs_write(ZRAM_SYS "/reset", "1");
	if (e < 0) {
		snprintf(fx.zram_skip, sizeof fx.zram_skip, ZRAM_NAME " is busy: reset: %s",
			 strerror(-e));
		return;
	}
	fx.zram_ok = true;	/* from here on, reset it at the end */
	e = sysfs_write(ZRAM_SYS "/disksize", ZRAM_SIZE);
	if (e < 0) {
		snprintf(fx.zram_skip, sizeof fx.zram_skip, ZRAM_NAME " disksize: %s",
			 strerror(-e));
		sysfs_write(ZRAM_SYS "/reset", "1");
		fx.zram_ok = false;
		return;
	}
	/* Held open until the end: nobody else can reset it under us. */
	fx.zram_hold = open(ZRAM_DEV, O_RDONLY | O_CLOEXEC);
	if (fx.zram_hold < 0) {
		snprintf(fx.zram_skip, sizeof fx.zram_skip, ZRAM_DEV ": %s", strerror(errno));
		sysfs_write(ZRAM_SYS "/reset", "1");
		fx.zram_ok = false;
	}
}

/* Group setup: scratch directory, zram0; never fails for a missing device. */
static int
group_setup(void **state)
{
	const char *base = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : getenv("TMPDIR");

	(void)state;
	snprintf(fx.dir, sizeof fx.dir, "%s/dd-engine-XXXXXX", base ? base : "/tmp");
	if (mkdtemp(fx.dir) == NULL) {
		print_message("# mkdtemp %s: %s\n", fx.dir, strerror(errno));
		fx.dir[0] = '\0';
		return -1;
	}
	fx.res = calloc(1, sizeof *fx.res);
	if (fx.res == NULL)
		return -1;
	zram_setup();
	if (fx.zram_ok)
		print_message("# " ZRAM_NAME ": reset and sized to " ZRAM_SIZE "\n");
	else
		print_message("# " ZRAM_NAME " not used: %s\n", fx.zram_skip);
	return 0;
}

/* Group teardown: undo everything. */
static int
group_teardown(void **state)
{
	(void)state;
	fixture_cleanup();
	free(fx.res);
	fx.res = NULL;
	return 0;
}

/* Per-test teardown: close targets, detach loops, free buffers. */
static int
test_teardown(void **state)
{
	(void)state;
	alarm(0);
	fx.current = NULL;
	engine_target_close(&fx.t);
	engine_target_close(&fx.t2);
	loop_detach_all();
	for (int i = 0; i < MAX_MEM; i++) {
		free(fx.mem[i]);
		fx.mem[i] = NULL;
	}
	return 0;
}

/* Allocate zeroed memory freed by the per-test teardown. */
static void *
fx_alloc(size_t n)
{
	for (int i = 0; i < MAX_MEM; i++) {
		if (fx.mem[i] == NULL) {
			fx.mem[i] = calloc(1, n);
			assert_non_null(fx.mem[i]);
			return fx.mem[i];
		}
	}
	fail_msg("fx_alloc: no free slot");
	return NULL;
}

/* A trace buffer of jobs * n entries, all NO_OFF. */
static uint64_t *
trace_alloc(unsigned jobs, size_t n)
{
	uint64_t *tr = fx_alloc((size_t)jobs * n * sizeof *tr);

	for (size_t i = 0; i < (size_t)jobs * n; i++)
		tr[i] = NO_OFF;
	return tr;
}

/* Fill a point with the usual defaults. */
static void
point_init(struct dd_point *p, enum dd_pattern pat, unsigned bs, unsigned qd,
	   unsigned jobs)
{
	memset(p, 0, sizeof *p);
	snprintf(p->name, sizeof p->name, "%s %uK QD%u x%u",
		 dd_pattern_name(pat), bs / 1024, qd, jobs);
	p->pattern = pat;
	p->bs = bs;
	p->iodepth = qd;
	p->numjobs = jobs;
}

/* Open a target; fail the test with the engine's message if it cannot. */
static void
target_open(struct dd_target *t, const char *path, bool writable)
{
	struct dd_error err = { 0 };
	int		ret = engine_target_open(t, path, writable, &err);

	if (ret != 0)
		fail_msg("engine_target_open %s: %d: %s", path, ret, err.msg);
}

/* Run a point that must succeed; returns the wall time in seconds. */
static double
run_ok(const struct dd_target *t, const struct dd_point *p,
       const struct dd_engine_hooks *hooks, struct dd_result *res)
{
	struct dd_error err = { 0 };
	double		t0 = clock_now_s();
	int		ret = engine_run(t, p, hooks, res, &err);
	double		wall = clock_now_s() - t0;

	if (ret != 0)
		fail_msg("engine_run \"%s\" on %s: %d: %s", p->name, t->path, ret, err.msg);
	assert_int_equal(res->status, 0);
	return wall;
}

/* Hooks with a trace buffer and no cancel fd. */
static struct dd_engine_hooks
hooks_trace(uint64_t *trace, size_t n)
{
	struct dd_engine_hooks h = { .cancel_fd = -1, .trace = trace, .trace_n = n };

	return h;
}

/* Number of entries the engine filled in one job's trace. */
static size_t
trace_len(const uint64_t *tr, size_t n)
{
	size_t k = 0;

	while (k < n && tr[k] != NO_OFF)
		k++;
	return k;
}

/* qsort comparator for uint64_t. */
static int
cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/* Number of distinct values in v[0..n) (sorts a copy). */
static size_t
count_distinct(const uint64_t *v, size_t n)
{
	uint64_t *c;
	size_t	  d = 0;

	if (n == 0)
		return 0;
	c = fx_alloc(n * sizeof *c);
	memcpy(c, v, n * sizeof *c);
	qsort(c, n, sizeof *c, cmp_u64);
	for (size_t i = 0; i < n; i++)
		if (i == 0 || c[i] != c[i - 1])
			d++;
	return d;
}

/* Read little-endian uint64 at p. */
static uint64_t
le64(const unsigned char *p)
{
	uint64_t v = 0;

	for (int i = 7; i >= 0; i--)
		v = (v << 8) | p[i];
	return v;
}

/* Read a whole file into fixture memory; its size goes to *len. */
static unsigned char *
slurp(const char *path, uint64_t *len)
{
	struct stat    st;
	unsigned char *buf;
	uint64_t       done = 0;
	int	       fd = open(path, O_RDONLY | O_CLOEXEC);

	assert_true(fd >= 0);
	assert_int_equal(fstat(fd, &st), 0);
	buf = fx_alloc((size_t)st.st_size);
	while (done < (uint64_t)st.st_size) {
		ssize_t n = pread(fd, buf + done, (size_t)st.st_size - done, (off_t)done);

		if (n <= 0) {
			close(fd);
			fail_msg("pread %s at %" PRIu64 ": %s", path, done,
				 n < 0 ? strerror(errno) : "EOF");
		}
		done += (uint64_t)n;
	}
	close(fd);
	*len = done;
	return buf;
}

/* Is the 4 KiB block at p all zero? */
static bool
block_zero(const unsigned char *p)
{
	for (unsigned i = 0; i < BLK; i++)
		if (p[i] != 0)
			return false;
	return true;
}

/* Fill zram0 with one sequential write point, once per run. */
static void
zram_fill(void)
{
	struct dd_point p;
	struct dd_target *t = &fx.t2;
	char		mm[256];
	uint64_t	orig = 0, compr = 0;
	double		wall;

	if (fx.zram_filled)
		return;
	target_open(t, ZRAM_DEV, true);
	assert_int_equal(t->lbs, 4096);
	point_init(&p, DD_WRITE, 1024 * 1024, 4, 1);
	p.bytes = t->size;
	wall = run_ok(t, &p, NULL, fx.res);
	assert_int_equal(fx.res->ios * p.bs, t->size);
	assert_int_equal(fx.res->bytes, t->size);
	assert_int_equal(fx.res->write_ios, fx.res->ios);
	engine_target_close(t);
	/* zram compresses each 4 KiB page: the engine's data must not shrink. */
	if (sysfs_read(ZRAM_SYS "/mm_stat", mm, sizeof mm) == 0 &&
	    sscanf(mm, "%" SCNu64 " %" SCNu64, &orig, &compr) == 2) {
		print_message("# zram fill: %" PRIu64 " MiB in %.3f s (%.0f MB/s), "
			      "zram orig %" PRIu64 " compr %" PRIu64 " bytes (%.0f%%)\n",
			      t->size / MiB, wall, fx.res->mbps, orig, compr,
			      orig ? 100.0 * (double)compr / (double)orig : 0.0);
		assert_true(orig >= t->size * 9 / 10);
		fx.zram_orig = orig;
		fx.zram_compr = compr;
	}
	fx.zram_filled = true;
}

/*
 * 1. Sequential write of a whole scratch file with a byte budget: the counts
 * are exact and every 4 KiB of the file carries its own offset.
 */
/* A fake sensor: 40 degrees, one more at every reading. */
struct fake_sensor {
	int    calls;
	double next;
};

static bool
fake_temperature(void *arg, double *celsius)
{
	struct fake_sensor *f = arg;

	f->calls++;
	*celsius = f->next;
	f->next += 1;
	return true;
}

/* The collector reads the temperature hook at most once a second and puts
 * the last reading into every interval, on the intervals' time axis. */
static void
test_temperature_hook(void **state)
{
	struct fake_sensor     fs = { 0, 40 };
	struct dd_engine_hooks h = { .arg = &fs, .temperature = fake_temperature,
				     .cancel_fd = -1 };
	struct dd_point	       p;
	struct dd_result      *r = fx.res;
	char		       path[320];
	size_t		       first_41 = SIZE_MAX;

	TEST_BEGIN(state);
	assert_int_equal(scratch_create("temp.img", 16 * MiB, path, sizeof path), 0);
	target_open(&fx.t, path, false);
	point_init(&p, DD_RANDREAD, 4096, 1, 1);
	p.runtime_s = 1.5;
	p.interval_ms = 100;
	run_ok(&fx.t, &p, &h, r);
	assert_true(r->nintervals >= 12);
	/* 1.5 s: a reading at the first interval and one a second later; at
	 * most one a second, so a point a stalled machine stretched past 2 s
	 * may take a third, never more than one per whole second run. */
	assert_true(fs.calls >= 2);
	assert_true(fs.calls <= 1 + (int)floor(r->elapsed_s + 0.05));
	assert_true(r->intervals[0].temp_c == 40);
	for (size_t i = 0; i < r->nintervals; i++) {
		double t = r->intervals[i].temp_c;

		assert_true(t == 40 || t == 41);
		if (t == 41 && first_41 == SIZE_MAX)
			first_41 = i;
		if (first_41 != SIZE_MAX)
			assert_true(t == 41);	/* carried forward, never back */
	}
	assert_true(first_41 != SIZE_MAX);
	/* The second reading is at least a second after the first. */
	assert_true(r->intervals[first_41].t_s - r->intervals[0].t_s >= 0.95);
}

static void
test_seq_write_file(void **state)
{
	const uint64_t	size = 64 * MiB;
	struct dd_point p;
	char		path[320];
	unsigned char  *buf;
	uint64_t	len, nblk, *seqs, nconst = 0, first_const = NO_OFF, nsame = 0;
	size_t		ndistinct_pay;
	double		wall;

	TEST_BEGIN(state);
	assert_int_equal(scratch_create("seqwrite.img", size, path, sizeof path), 0);
	target_open(&fx.t, path, true);
	assert_int_equal(fx.t.size, size);
	/* Never written (allocated, zeroes): every sampled read buffer is zero. */
	point_init(&p, DD_READ, 128 * 1024, 8, 1);
	p.bytes = size;
	run_ok(&fx.t, &p, NULL, fx.res);
	assert_int_equal(fx.res->zero_sampled, fx.res->read_ios / DD_ZERO_SAMPLE_EVERY +
			 (fx.res->read_ios % DD_ZERO_SAMPLE_EVERY != 0));
	assert_true(fx.res->zero_sampled > 0);
	assert_int_equal(fx.res->zero_found, fx.res->zero_sampled);
	point_init(&p, DD_WRITE, 128 * 1024, 8, 1);
	p.bytes = size;
	wall = run_ok(&fx.t, &p, NULL, fx.res);
	assert_int_equal(fx.res->zero_sampled, 0);	/* writes are not sampled */
	print_message("# seq write file: %" PRIu64 " ios, %.3f s measured, %.3f s wall, "
		      "%.0f MB/s, lbs %u\n", fx.res->ios, fx.res->elapsed_s, wall,
		      fx.res->mbps, fx.t.lbs);
	assert_int_equal(fx.res->ios * p.bs, fx.res->bytes);
	assert_int_equal(fx.res->bytes, size);
	assert_int_equal(fx.res->write_ios, fx.res->ios);
	assert_int_equal(fx.res->write_bytes, size);
	assert_int_equal(fx.res->read_ios, 0);
	assert_int_equal(fx.res->read_bytes, 0);
	assert_int_equal(fx.res->lat.n, fx.res->ios);
	assert_false(fx.res->cancelled);
	assert_int_equal(fsync(fx.t.fd), 0);
	engine_target_close(&fx.t);

	buf = slurp(path, &len);
	assert_int_equal(len, size);
	nblk = len / BLK;
	seqs = fx_alloc(nblk * sizeof *seqs);
	for (uint64_t b = 0; b < nblk; b++) {
		const unsigned char *blk = buf + b * BLK;

		if (le64(blk) != b * BLK)
			fail_msg("block at %" PRIu64 " carries offset %" PRIu64,
				 b * BLK, le64(blk));
		seqs[b] = le64(blk + 8);
		/* Random payload: neighbours differ, no block is a constant. */
		if (b > 0 && memcmp(blk + 16, blk - BLK + 16, 8) == 0)
			nsame++;
		if (le64(blk + 16) == le64(blk + 24) && le64(blk + 24) == le64(blk + 32)) {
			if (nconst++ == 0)
				first_const = b * BLK;
		}
	}
	assert_int_equal(count_distinct(seqs, nblk), nblk);	/* every write unique */
	for (uint64_t b = 0; b < nblk; b++)
		seqs[b] = le64(buf + b * BLK + 16);
	ndistinct_pay = count_distinct(seqs, nblk);
	print_message("# seq write file: %" PRIu64 " blocks checked, %zu distinct payloads, "
		      "%" PRIu64 " equal to the previous block, %" PRIu64 " with a constant "
		      "payload\n", nblk, ndistinct_pay, nsame, nconst);
	if (nconst > 0)
		print_message("# first constant payload at offset %" PRIu64 "\n", first_const);
	/*
	 * Regression check (fixed in 13c54b2): worker_probe() read the first
	 * block of the region into w->mem, slot 0's write buffer for
	 * write-only patterns, so 1/iodepth of all written data was the
	 * target's old contents (zeros here) behind the 16-byte headers, and
	 * every buffer repeated every iodepth * bs bytes.
	 */
	assert_int_equal(nconst, 0);
	assert_int_equal(nsame, 0);
	assert_true(ndistinct_pay >= p.iodepth * p.bs / BLK);
	/* Written: no sampled read buffer is zero. */
	target_open(&fx.t, path, false);
	point_init(&p, DD_RANDREAD, 4096, 8, 1);
	p.bytes = 8 * MiB;
	run_ok(&fx.t, &p, NULL, fx.res);
	assert_true(fx.res->zero_sampled >= 2048 / DD_ZERO_SAMPLE_EVERY);
	assert_int_equal(fx.res->zero_found, 0);
	engine_target_close(&fx.t);
}

/*
 * 1b. A byte budget smaller than one queue of I/Os: the engine must not
 * write, or count, more than the budget.
 */
static void
test_budget_below_queue(void **state)
{
	static const struct {
		unsigned jobs;
		uint64_t bytes;
	} cases[] = { { 1, 4 * KiB }, { 1, 16 * KiB }, { 4, 64 * KiB } };
	struct dd_point p;
	char		path[320];
	unsigned char  *buf;
	uint64_t	len, nwritten = 0, got[3];

	TEST_BEGIN(state);
	assert_int_equal(scratch_create("budget.img", 4 * MiB, path, sizeof path), 0);
	target_open(&fx.t, path, true);
	for (size_t i = 0; i < 3; i++) {
		point_init(&p, DD_RANDREAD, 4096, 8, cases[i].jobs);
		p.bytes = cases[i].bytes;
		run_ok(&fx.t, &p, NULL, fx.res);
		got[i] = fx.res->bytes;
		print_message("# randread QD8 x%u, budget %" PRIu64 " KiB: %" PRIu64
			      " ios, %" PRIu64 " KiB\n", cases[i].jobs, cases[i].bytes / KiB,
			      fx.res->ios, fx.res->bytes / KiB);
	}
	point_init(&p, DD_WRITE, 4096, 8, 1);
	p.bytes = 16 * KiB;
	run_ok(&fx.t, &p, NULL, fx.res);
	engine_target_close(&fx.t);
	buf = slurp(path, &len);
	for (uint64_t o = 0; o < len; o += BLK)
		if (!block_zero(buf + o))
			nwritten++;
	print_message("# write QD8, budget 16 KiB: %" PRIu64 " ios counted, %" PRIu64
		      " blocks written\n", fx.res->ios, nwritten);
	/*
	 * Regression check (fixed in 13c54b2): worker_loop() filled all
	 * iodepth slots before it looked at the budget and counted every
	 * completion, so a job's budget below iodepth * bs became iodepth * bs
	 * (32 KiB for 4 and 16 KiB, 128 KiB for 64 KiB over 4 jobs, 8 blocks
	 * written for 4).
	 */
	for (size_t i = 0; i < 3; i++)
		assert_int_equal(got[i], cases[i].bytes);
	assert_int_equal(fx.res->ios * p.bs, p.bytes);
	assert_int_equal(nwritten, p.bytes / BLK);
}

/*
 * 2. Random write with a byte budget on a loop device: traced offsets are
 * aligned and inside the region, land with their own header, and nothing
 * outside the region is touched.
 */
static void
test_randwrite_loop(void **state)
{
	const uint64_t	  size = 32 * MiB, off = 4 * MiB, region = 8 * MiB;
	const size_t	  tn = 128;
	const unsigned	  jobs = 2;
	struct dd_point	  p;
	struct dd_engine_hooks h;
	char		  path[320], dev[32], why[160];
	unsigned char	 *buf;
	uint64_t	 *tr, len, written = 0;
	int		  e;

	TEST_BEGIN(state);
	assert_int_equal(scratch_create("randwrite.img", size, path, sizeof path), 0);
	e = loop_attach(path, dev, sizeof dev, why, sizeof why);
	if (e == -EPERM)
		SKIP_CASE(why);
	if (e != 0)
		fail_msg("loop_attach: %s", why);
	target_open(&fx.t, dev, true);
	assert_true(fx.t.is_blockdev);
	assert_int_equal(fx.t.size, size);
	point_init(&p, DD_RANDWRITE, 4096, 16, jobs);
	p.offset = off;
	p.size = region;
	p.bytes = 2 * MiB;
	tr = trace_alloc(jobs, tn);
	h = hooks_trace(tr, tn);
	run_ok(&fx.t, &p, &h, fx.res);
	print_message("# randwrite %s (dio %s, lbs %u): %" PRIu64 " ios, %.0f IOPS\n",
		      dev, loop_dio(dev), fx.t.lbs, fx.res->ios, fx.res->iops);
	assert_int_equal(fx.res->ios * p.bs, p.bytes);
	assert_int_equal(fx.res->write_ios, fx.res->ios);
	engine_target_close(&fx.t);
	loop_detach_all();

	buf = slurp(path, &len);
	assert_int_equal(len, size);
	for (unsigned j = 0; j < jobs; j++) {
		const uint64_t *jt = tr + (size_t)j * tn;

		assert_int_equal(trace_len(jt, tn), tn);	/* each job did 256 */
		for (size_t i = 0; i < tn; i++) {
			if (jt[i] % BLK != 0 || jt[i] < off || jt[i] + p.bs > off + region)
				fail_msg("job %u trace[%zu] = %" PRIu64 " outside [%" PRIu64
					 ", %" PRIu64 ") or unaligned", j, i, jt[i], off,
					 off + region);
			if (le64(buf + jt[i]) != jt[i])
				fail_msg("block at %" PRIu64 " (traced) carries %" PRIu64,
					 jt[i], le64(buf + jt[i]));
		}
	}
	for (uint64_t o = 0; o < len; o += BLK) {
		bool inside = o >= off && o < off + region;

		if (block_zero(buf + o))
			continue;
		if (!inside)
			fail_msg("block at %" PRIu64 " outside the region was written", o);
		if (le64(buf + o) != o)
			fail_msg("block at %" PRIu64 " carries offset %" PRIu64, o,
				 le64(buf + o));
		written++;
	}
	print_message("# randwrite: %" PRIu64 " distinct blocks written of %" PRIu64
		      " in the region\n", written, region / BLK);
	assert_true(written >= count_distinct(tr, (size_t)jobs * tn));
	assert_true(written <= region / BLK);
}

/* Check one sequential job's trace: consecutive blocks of [lo, hi), wrapping. */
static void
check_seq_trace(const uint64_t *tr, size_t n, uint64_t lo, uint64_t hi,
		unsigned bs, unsigned *wraps)
{
	*wraps = 0;
	assert_int_equal(tr[0], lo);
	for (size_t i = 0; i < n; i++) {
		uint64_t want;

		if (tr[i] < lo || tr[i] + bs > hi || tr[i] % bs != 0)
			fail_msg("trace[%zu] = %" PRIu64 " outside [%" PRIu64 ", %" PRIu64 ")",
				 i, tr[i], lo, hi);
		if (i == 0)
			continue;
		want = tr[i - 1] + bs;
		if (want + bs > hi) {
			want = lo;
			(*wraps)++;
		}
		if (tr[i] != want)
			fail_msg("trace[%zu] = %" PRIu64 ", want %" PRIu64 " after %" PRIu64,
				 i, tr[i], want, tr[i - 1]);
	}
}

/*
 * 3. Random and sequential reads on zram differ as they should: random
 * offsets scatter over the region, sequential ones are consecutive and wrap,
 * and sequential jobs get disjoint quarters.
 */
static void
test_read_patterns_zram(void **state)
{
	struct dd_point	  p;
	struct dd_engine_hooks h;
	uint64_t	 *tr, lo, q;
	size_t		  tn, n, distinct;
	unsigned	  wraps, descents = 0;

	TEST_BEGIN(state);
	if (!fx.zram_ok)
		SKIP_CASE(fx.zram_skip);
	zram_fill();
	target_open(&fx.t, ZRAM_DEV, false);

	/* Random: aligned, in range, unordered, scattered. */
	point_init(&p, DD_RANDREAD, 4096, 16, 1);
	p.offset = 8 * MiB;
	p.size = 128 * MiB;
	p.bytes = 8 * MiB;
	tn = 1024;
	tr = trace_alloc(1, tn);
	h = hooks_trace(tr, tn);
	run_ok(&fx.t, &p, &h, fx.res);
	assert_int_equal(fx.res->ios * p.bs, p.bytes);
	assert_int_equal(fx.res->read_ios, fx.res->ios);
	assert_int_equal(fx.res->write_ios, 0);
	n = trace_len(tr, tn);
	assert_int_equal(n, tn);
	for (size_t i = 0; i < n; i++) {
		if (tr[i] % BLK != 0 || tr[i] < p.offset || tr[i] + p.bs > p.offset + p.size)
			fail_msg("randread trace[%zu] = %" PRIu64 " unaligned or out of range",
				 i, tr[i]);
		if (i > 0 && tr[i] < tr[i - 1])
			descents++;
	}
	distinct = count_distinct(tr, n);
	print_message("# randread zram: %" PRIu64 " ios, %.0f IOPS, %zu/%zu distinct, "
		      "%u descents\n", fx.res->ios, fx.res->iops, distinct, n, descents);
	assert_true(descents > n / 4);
	assert_true(distinct >= n * 9 / 10);

	/* Sequential, one job, a 64-block region: consecutive, wrapping. */
	point_init(&p, DD_READ, 4096, 8, 1);
	p.offset = 1 * MiB;
	p.size = 256 * KiB;
	p.bytes = 1 * MiB;
	tn = 200;
	tr = trace_alloc(1, tn);
	h = hooks_trace(tr, tn);
	run_ok(&fx.t, &p, &h, fx.res);
	assert_int_equal(fx.res->ios * p.bs, p.bytes);
	assert_int_equal(trace_len(tr, tn), tn);
	check_seq_trace(tr, tn, p.offset, p.offset + p.size, p.bs, &wraps);
	print_message("# seq read zram, 1 job: %zu offsets consecutive, %u wraps\n", tn,
		      wraps);
	assert_int_equal(wraps, 3);	/* 200 offsets over 64 blocks */

	/* Sequential, four jobs: each in its own quarter. */
	point_init(&p, DD_READ, 4096, 8, 4);
	p.offset = 16 * MiB;
	p.size = 64 * MiB;
	p.bytes = 4 * 512 * KiB;
	tn = 100;
	tr = trace_alloc(4, tn);
	h = hooks_trace(tr, tn);
	run_ok(&fx.t, &p, &h, fx.res);
	assert_int_equal(fx.res->ios * p.bs, p.bytes);
	q = p.size / 4;
	for (unsigned j = 0; j < 4; j++) {
		lo = p.offset + j * q;
		assert_int_equal(trace_len(tr + (size_t)j * tn, tn), tn);
		check_seq_trace(tr + (size_t)j * tn, tn, lo, lo + q, p.bs, &wraps);
		assert_int_equal(wraps, 0);
	}
	print_message("# seq read zram, 4 jobs: each job consecutive from its quarter's start\n");

	/*
	 * zram compresses each 4 KiB page: the engine's write data must not
	 * shrink.  Before 13c54b2 the probe read zeroed slot 0's write buffer
	 * (see test_seq_write_file), so with the fill's iodepth 4 a quarter of
	 * the pages compressed to almost nothing (compr was 75% of orig).
	 */
	assert_true(fx.zram_compr >= fx.zram_orig * 9 / 10);
}

/*
 * 4. A time-based point with ramp on zram: timing, intervals and the
 * latency summary agree with each other.
 */
static void
test_time_based_zram(void **state)
{
	struct dd_point	   p;
	struct dd_result  *r = fx.res;
	double		   wall;

	TEST_BEGIN(state);
	if (!fx.zram_ok)
		SKIP_CASE(fx.zram_skip);
	target_open(&fx.t, ZRAM_DEV, false);
	point_init(&p, DD_RANDREAD, 4096, 8, 1);
	p.runtime_s = 0.5;
	p.ramp_s = 0.2;
	p.interval_ms = 100;
	wall = run_ok(&fx.t, &p, NULL, r);
	print_message("# time-based zram: elapsed %.3f s (wall %.3f), %zu intervals, "
		      "%" PRIu64 " ios, %.0f IOPS, lat min/mean/p50/p99/max "
		      "%.1f/%.1f/%.1f/%.1f/%.1f us\n", r->elapsed_s, wall, r->nintervals,
		      r->ios, r->iops, r->lat.min_us, r->lat.mean_us, r->lat.pct_us[6],
		      r->lat.pct_us[12], r->lat.max_us);
	/* The measured time is the runtime, the ramp ran before it and was
	 * not measured: the wall time holds the ramp on top of elapsed (a
	 * loaded machine stretches both; it cannot close the gap). */
	assert_true(r->elapsed_s >= 0.45);
	assert_true(wall - r->elapsed_s >= p.ramp_s - 0.02);
	assert_true(r->nintervals >= 3);
	for (size_t i = 0; i < r->nintervals; i++) {
		assert_true(r->intervals[i].t_s > (i ? r->intervals[i - 1].t_s : 0));
		assert_true(r->intervals[i].t_s <= r->elapsed_s + 1e-6);
		/* A stalled machine (a sanitizer build) can leave one
		 * interval without a completion; the point as a whole
		 * must not. */
		assert_true(r->intervals[i].iops >= 0);
	}
	assert_true(r->ios > 0);
	assert_int_equal(hist_count(&r->hist), r->ios);
	assert_int_equal(r->lat.n, r->ios);
	assert_int_equal(r->read_ios, r->ios);
	assert_int_equal(r->bytes, r->ios * p.bs);
	for (int i = 0; i < HIST_NPCTS; i++) {
		assert_true(isfinite(r->lat.pct_us[i]) && r->lat.pct_us[i] > 0);
		if (i > 0)
			assert_true(r->lat.pct_us[i] >= r->lat.pct_us[i - 1]);
	}
	assert_true(r->lat.min_us > 0);
	assert_true(r->lat.min_us <= r->lat.mean_us);
	assert_true(r->lat.mean_us <= r->lat.max_us);
	assert_true(fabs(r->iops - (double)r->ios / r->elapsed_s) <= 0.01 * r->iops);
	/* zram is bio-based and takes no REQ_NOWAIT I/O: io_uring hands every
	 * read to io-wq, which the engine notices and submits async for. */
	assert_true(r->iowq);
	/* It is the one class where requests go IOSQE_ASYNC, when the CPUs
	 * leave two per job; the result says which. */
	assert_int_equal(fx.t.tclass, DD_TCLASS_BLK_BIO);
	assert_int_equal(r->tclass, DD_TCLASS_BLK_BIO);
	assert_int_equal(r->force_async, sysconf(_SC_NPROCESSORS_ONLN) >= 2);
	/* No temperature hook here: every interval says "none". */
	for (size_t i = 0; i < r->nintervals; i++)
		assert_true(isnan(r->intervals[i].temp_c));

	/* Both completion waits count every I/O and report which one ran. */
	for (int spin = 0; spin < 2; spin++) {
		p.spin = spin ? DD_SPIN_ON : DD_SPIN_OFF;
		p.ramp_s = 0;
		p.runtime_s = 0.3;
		run_ok(&fx.t, &p, NULL, r);
		assert_int_equal(r->spin_used, spin);
		assert_true(r->ios > 0);
		assert_int_equal(hist_count(&r->hist), r->ios);
		assert_int_equal(r->read_ios, r->ios);
	}
}

/*
 * 4b. The measured time of a time-based point is its runtime: the end is
 * counted from the start of measuring (a 1 s point once reported 0.795 s),
 * with or without a ramp, whether or not the interval divides the runtime.
 * A tmpfs file: its class never gets IOSQE_ASYNC, and the default sleeps.
 */
static void
test_elapsed_and_modes(void **state)
{
	static const double ramps[] = { 0, 1.0 };
	struct dd_point	    p;
	struct dd_result   *r = fx.res;
	char		    path[320];

	TEST_BEGIN(state);
	assert_int_equal(scratch_create("elapsed.img", 16 * MiB, path, sizeof path), 0);
	target_open(&fx.t, path, false);
	assert_int_equal(fx.t.tclass, DD_TCLASS_FILE);
	assert_int_equal(engine_target_classify(path), DD_TCLASS_FILE);
	for (size_t i = 0; i < 2; i++) {
		double wall;

		point_init(&p, DD_RANDREAD, 4096, 4, 1);
		p.ramp_s = ramps[i];
		p.runtime_s = 0.5;
		p.interval_ms = 200;	/* 0.5 s is not a whole number of intervals */
		wall = run_ok(&fx.t, &p, NULL, r);
		print_message("# elapsed: ramp %.1f s, runtime %.1f s -> %.4f s, %zu intervals\n",
			      p.ramp_s, p.runtime_s, r->elapsed_s, r->nintervals);
		/* Never short, and the ramp never counted: the wall time
		 * holds the whole ramp on top of the measured time (however
		 * late a loaded machine's collector takes its last sample). */
		assert_true(r->elapsed_s >= p.runtime_s - 1e-3);
		assert_true(wall - r->elapsed_s >= p.ramp_s - 0.02);
		assert_true(r->nintervals >= 2);
		assert_true(r->intervals[r->nintervals - 1].t_s >= p.runtime_s - 1e-3);
		assert_false(r->force_async);
		assert_false(r->spin_used);	/* the default waits as fio does */
		assert_true(isnan(r->idle_cpus));	/* not measured: not asked */
	}
	/* spin=auto measures the idle CPUs first and records them. */
	p.spin = DD_SPIN_AUTO;
	p.ramp_s = 0;
	p.runtime_s = 0.1;
	run_ok(&fx.t, &p, NULL, r);
	assert_true(r->idle_cpus >= 0 && r->idle_cpus <= sysconf(_SC_NPROCESSORS_ONLN) + 0.01);
	assert_int_equal(engine_target_classify("/nonexistent/dd"), DD_TCLASS_UNKNOWN);
}

/* The automatic choices per target class, as --print-fio writes them. */
static void
test_point_mode(void **state)
{
	struct dd_engine_mode m;
	struct dd_point	      p;

	TEST_BEGIN(state);
	point_init(&p, DD_RANDREAD, 4096, 32, 1);
	engine_point_mode(&p, DD_TCLASS_FILE, 8, &m);
	assert_false(m.force_async);
	assert_int_equal(m.batch, 8);
	engine_point_mode(&p, DD_TCLASS_BLK_MQ, 8, &m);
	assert_false(m.force_async);
	assert_int_equal(m.batch, 8);
	engine_point_mode(&p, DD_TCLASS_BLK_BIO, 4, &m);
	assert_true(m.force_async);
	assert_int_equal(m.iowq_workers, 4);
	assert_int_equal(m.batch, 8);
	/* Two jobs on two CPUs: one serial io-wq worker each, deeper batch. */
	p.numjobs = 2;
	engine_point_mode(&p, DD_TCLASS_BLK_BIO, 2, &m);
	assert_false(m.force_async);
	assert_int_equal(m.batch, 24);
	p.iopoll = true;
	engine_point_mode(&p, DD_TCLASS_BLK_BIO, 64, &m);
	assert_false(m.force_async);
	assert_int_equal(m.batch, 8);
}

/* Run an IOPOLL point on target path and check the fallback was reported. */
static void
check_iopoll_fallback(const char *path)
{
	struct dd_point p;

	target_open(&fx.t, path, false);
	point_init(&p, DD_RANDREAD, 4096, 4, 1);
	p.bytes = 1 * MiB;
	p.iopoll = true;
	run_ok(&fx.t, &p, NULL, fx.res);
	print_message("# iopoll on %s: fallback %d, used %d, \"%s\"\n", path,
		      fx.res->iopoll_fallback, fx.res->iopoll_used, fx.res->message);
	assert_true(fx.res->iopoll_fallback);
	assert_false(fx.res->iopoll_used);
	assert_non_null(strstr(fx.res->message, "fell back"));
	assert_int_equal(fx.res->ios * p.bs, p.bytes);
	engine_target_close(&fx.t);
}

/* 5. IOPOLL on devices without poll queues falls back, and says so. */
static void
test_iopoll_fallback(void **state)
{
	char path[320], dev[32], why[160];
	int  e;

	TEST_BEGIN(state);
	if (fx.zram_ok)
		check_iopoll_fallback(ZRAM_DEV);
	else
		print_message("# zram part skipped: %s\n", fx.zram_skip);
	assert_int_equal(scratch_create("iopoll.img", 8 * MiB, path, sizeof path), 0);
	e = loop_attach(path, dev, sizeof dev, why, sizeof why);
	if (e == -EPERM)
		SKIP_CASE(why);
	if (e != 0)
		fail_msg("loop_attach: %s", why);
	check_iopoll_fallback(dev);
}

/* Expect a point to be refused with code by both check and run. */
static void
expect_refused(const struct dd_target *t, const struct dd_point *p, int code,
	       const char *what)
{
	struct dd_error err = { 0 };
	int		ret;

	ret = engine_point_check(p, t, &err);
	print_message("# %s: %d \"%s\"\n", what, ret, err.msg);
	assert_int_equal(ret, code);
	assert_int_equal(err.code, code);
	assert_true(err.msg[0] != '\0');
	assert_null(strchr(err.msg, '\n'));
	memset(&err, 0, sizeof err);
	ret = engine_run(t, p, NULL, fx.res, &err);
	assert_int_equal(ret, code);
	assert_int_equal(fx.res->status, code);
	assert_string_equal(fx.res->message, err.msg);
	assert_int_equal(fx.res->ios, 0);
}

/* 6. Bad points and bad targets give one clear error; mixed ratios hold. */
static void
test_errors_and_mix(void **state)
{
	struct dd_point p;
	struct dd_error err = { 0 };
	char		path[320], missing[320];
	double		ratio;
	int		ret;

	TEST_BEGIN(state);
	assert_int_equal(scratch_create("errors.img", 8 * MiB, path, sizeof path), 0);
	target_open(&fx.t, path, false);

	point_init(&p, DD_RANDREAD, fx.t.lbs + fx.t.lbs / 2, 4, 1);
	p.bytes = 1 * MiB;
	expect_refused(&fx.t, &p, -EINVAL, "bs not a multiple of lbs");
	assert_non_null(strstr(fx.res->message, "block size"));

	point_init(&p, DD_WRITE, 4096, 4, 1);
	p.bytes = 1 * MiB;
	expect_refused(&fx.t, &p, -EACCES, "write on a read-only target");
	assert_non_null(strstr(fx.res->message, "read-only"));

	point_init(&p, DD_READ, 4096, 4, 1);
	p.bytes = 1 * MiB;
	p.offset = fx.t.size;
	expect_refused(&fx.t, &p, -EINVAL, "offset at the end");
	p.offset = fx.t.size + 1 * MiB;
	expect_refused(&fx.t, &p, -EINVAL, "offset beyond the end");
	p.offset = 1 * MiB;
	p.size = fx.t.size;
	expect_refused(&fx.t, &p, -EINVAL, "region past the end");
	engine_target_close(&fx.t);

	snprintf(missing, sizeof missing, "%s/no-such-target", fx.dir);
	ret = engine_target_open(&fx.t2, missing, false, &err);
	print_message("# missing target: %d \"%s\"\n", ret, err.msg);
	assert_int_equal(ret, -ENOENT);
	assert_non_null(strstr(err.msg, missing));
	assert_int_equal(fx.t2.fd, -1);

	memset(&err, 0, sizeof err);
	ret = engine_target_open(&fx.t2, fx.dir, false, &err);
	print_message("# directory target: %d \"%s\"\n", ret, err.msg);
	assert_true(ret < 0);
	assert_true(err.msg[0] != '\0');
	assert_int_equal(fx.t2.fd, -1);
	memset(&err, 0, sizeof err);
	ret = engine_target_open(&fx.t2, fx.dir, true, &err);
	print_message("# directory target, writable: %d \"%s\"\n", ret, err.msg);
	assert_true(ret < 0);
	assert_true(err.msg[0] != '\0');

	/* Mixed random 70% reads. */
	target_open(&fx.t, path, true);
	point_init(&p, DD_RANDRW, 4096, 8, 1);
	p.read_pct = 70;
	p.bytes = 8 * MiB;
	run_ok(&fx.t, &p, NULL, fx.res);
	ratio = (double)fx.res->read_ios / (double)fx.res->ios;
	print_message("# randrw 70%%: %" PRIu64 " reads, %" PRIu64 " writes, ratio %.3f\n",
		      fx.res->read_ios, fx.res->write_ios, ratio);
	assert_int_equal(fx.res->ios * p.bs, p.bytes);
	assert_int_equal(fx.res->read_ios + fx.res->write_ios, fx.res->ios);
	assert_int_equal(fx.res->read_lat.n, fx.res->read_ios);
	assert_int_equal(fx.res->write_lat.n, fx.res->write_ios);
	assert_true(ratio >= 0.6 && ratio <= 0.8);
}

/* State shared by the cancel test, its interval hook and its canceller. */
struct cancel_ctx {
	pthread_mutex_t lock;
	pthread_cond_t	cond;
	bool		fired;		/* the first interval callback ran */
	bool		timed_out;	/* no callback within 10 s */
	unsigned	intervals;
	int		efd;
	double		t_cancel;	/* when the eventfd was written */
};

/* Interval hook: note the interval and wake the canceller. */
static void
cancel_on_interval(void *arg, const struct dd_result *partial,
		   const struct dd_interval *iv, double progress)
{
	struct cancel_ctx *c = arg;

	(void)partial;
	(void)iv;
	(void)progress;
	pthread_mutex_lock(&c->lock);
	c->intervals++;
	c->fired = true;
	pthread_cond_signal(&c->cond);
	pthread_mutex_unlock(&c->lock);
}

/* Canceller thread: wait for the first interval, then write the eventfd. */
static void *
cancel_thread(void *arg)
{
	struct cancel_ctx *c = arg;
	struct timespec	   deadline;
	uint64_t	   one = 1;

	clock_gettime(CLOCK_REALTIME, &deadline);
	deadline.tv_sec += 10;
	pthread_mutex_lock(&c->lock);
	while (!c->fired && !c->timed_out)
		if (pthread_cond_timedwait(&c->cond, &c->lock, &deadline) == ETIMEDOUT)
			c->timed_out = true;
	c->t_cancel = clock_now_s();
	pthread_mutex_unlock(&c->lock);
	if (write(c->efd, &one, sizeof one) != sizeof one)
		c->t_cancel = -1;
	return NULL;
}

/* 7. Cancelling through the eventfd stops a long point promptly. */
static void
test_cancel(void **state)
{
	struct cancel_ctx      c = { .efd = -1 };
	struct dd_engine_hooks h = { .cancel_fd = -1 };
	struct dd_point	       p;
	pthread_t	       th;
	char		       path[320];
	double		       t0, t_ret;
	int		       ret;

	TEST_BEGIN(state);
	assert_int_equal(scratch_create("cancel.img", 16 * MiB, path, sizeof path), 0);
	target_open(&fx.t, path, false);
	pthread_mutex_init(&c.lock, NULL);
	pthread_cond_init(&c.cond, NULL);
	c.efd = eventfd(0, EFD_CLOEXEC);
	assert_true(c.efd >= 0);
	h.arg = &c;
	h.interval = cancel_on_interval;
	h.cancel_fd = c.efd;
	point_init(&p, DD_RANDREAD, 4096, 8, 1);
	p.runtime_s = 30;
	p.interval_ms = 100;
	assert_int_equal(pthread_create(&th, NULL, cancel_thread, &c), 0);
	t0 = clock_now_s();
	ret = engine_run(&fx.t, &p, &h, fx.res, NULL);
	t_ret = clock_now_s();
	pthread_join(th, NULL);
	close(c.efd);
	pthread_cond_destroy(&c.cond);
	pthread_mutex_destroy(&c.lock);
	print_message("# cancel: returned %d after %.3f s, %.3f s after the eventfd write, "
		      "%u intervals, %" PRIu64 " ios, elapsed %.3f s\n", ret, t_ret - t0,
		      t_ret - c.t_cancel, c.intervals, fx.res->ios, fx.res->elapsed_s);
	assert_false(c.timed_out);
	assert_true(c.t_cancel > 0);
	assert_int_equal(ret, 0);
	assert_true(fx.res->cancelled);
	assert_true(fx.res->ios > 0);
	/* Stopped by the cancel, not by its 30 s end (the margin is for a
	 * loaded machine: this asserts that it stopped, not how fast). */
	assert_true(t_ret - c.t_cancel < p.runtime_s / 3);
	assert_true(fx.res->elapsed_s < p.runtime_s / 3);
}

/* 8. An I/O that never completes (a read on a pipe nobody writes: it
 * stays pending as a stalled device's would) ends the point with a
 * sentence, its job left behind, instead of hanging engine_run (it hung in
 * the workers' setup, where the first read is made). */
static void
test_left_behind(void **state)
{
	struct dd_point p;
	struct dd_error err = { 0 };
	static char	block[4096];
	int		pp[2];
	int		ret;

	TEST_BEGIN(state);
	assert_int_equal(pipe2(pp, O_CLOEXEC), 0);
	memset(&fx.t2, 0, sizeof fx.t2);
	dd_strlcpy(fx.t2.path, "stalled-pipe", sizeof fx.t2.path);
	fx.t2.fd = pp[0];
	fx.t2.size = 16 * MiB;
	fx.t2.lbs = 512;
	point_init(&p, DD_RANDREAD, 4096, 1, 1);
	p.runtime_s = 0.1;
	p.interval_ms = 100;
	engine_set_drain_max(0.2);
	ret = engine_run(&fx.t2, &p, NULL, fx.res, &err);
	engine_set_drain_max(0);
	print_message("# stalled: %d %s\n", ret, err.msg);
	assert_int_equal(ret, -ETIMEDOUT);
	assert_int_equal(fx.res->status, -ETIMEDOUT);
	assert_non_null(strstr(err.msg, "the first read of stalled-pipe did not complete"));
	assert_non_null(strstr(err.msg, "the device stalled"));
	assert_int_equal(fx.res->ios, 0);
	close(pp[1]);		/* end of file: the pending read completes */

	/* One block in the pipe: the first read completes, the next stall
	 * and the point ends with its job left behind. */
	assert_int_equal(pipe2(pp, O_CLOEXEC), 0);
	memset(block, 0x5a, sizeof block);
	assert_int_equal(write(pp[1], block, sizeof block), (ssize_t)sizeof block);
	fx.t2.fd = pp[0];
	engine_set_drain_max(0.2);
	ret = engine_run(&fx.t2, &p, NULL, fx.res, &err);
	engine_set_drain_max(0);
	print_message("# stalled later: %d %s\n", ret, err.msg);
	assert_int_equal(ret, -ETIMEDOUT);
	assert_int_equal(fx.res->status, -ETIMEDOUT);
	assert_non_null(strstr(err.msg, "1 job of"));
	assert_non_null(strstr(err.msg, "did not finish"));
	assert_non_null(strstr(err.msg, "left behind"));
	close(pp[1]);
}

/* Can this process set up an io_uring at all? */
static bool
io_uring_available(char *why, size_t len)
{
	struct io_uring_params par;
	long		       fd;

	memset(&par, 0, sizeof par);
	fd = syscall(__NR_io_uring_setup, 4, &par);
	if (fd < 0) {
		snprintf(why, len, "io_uring_setup: %s", strerror(errno));
		return false;
	}
	close((int)fd);
	return true;
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_teardown(test_seq_write_file, test_teardown),
		cmocka_unit_test_teardown(test_budget_below_queue, test_teardown),
		cmocka_unit_test_teardown(test_randwrite_loop, test_teardown),
		cmocka_unit_test_teardown(test_read_patterns_zram, test_teardown),
		cmocka_unit_test_teardown(test_time_based_zram, test_teardown),
		cmocka_unit_test_teardown(test_elapsed_and_modes, test_teardown),
		cmocka_unit_test_teardown(test_point_mode, test_teardown),
		cmocka_unit_test_teardown(test_iopoll_fallback, test_teardown),
		cmocka_unit_test_teardown(test_temperature_hook, test_teardown),
		cmocka_unit_test_teardown(test_errors_and_mix, test_teardown),
		cmocka_unit_test_teardown(test_cancel, test_teardown),
		cmocka_unit_test_teardown(test_left_behind, test_teardown),
	};
	char why[128];

	if (!io_uring_available(why, sizeof why)) {
		printf("1..0 # SKIP %s\n", why);
		return 0;
	}
	setvbuf(stdout, NULL, _IOLBF, 0);	/* nothing lost if the watchdog exits */
	for (int i = 0; i < MAX_LOOPS; i++)
		fx.loops[i].hold = -1;
	signal(SIGINT, on_signal);
	signal(SIGTERM, on_signal);
	signal(SIGHUP, on_signal);
	signal(SIGALRM, on_watchdog);
	atexit(fixture_cleanup);
	return cmocka_run_group_tests_name("engine", tests, group_setup, group_teardown);
}
