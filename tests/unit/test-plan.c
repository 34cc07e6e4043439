/*
 * Tests for the plans (src/core/plan*.c) and the point vocabulary
 * (src/io/point.h: names round-trip, the property table against the chains
 * it replaced): point specs (every key, units, defaults, names and each
 * error), plan file text and files (directives, comments, errors with
 * file:line), the presets (exact point counts, order, names, times) and fio
 * job files, which the installed fio must accept (--parse-only) when
 * /usr/bin/fio exists; the job text is also checked line by line.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "core/plan.h"

#define PLAN_DATA_FILES 14	/* the files in data/plans */

#define FIO "/usr/bin/fio"

static char tmpdir[256];

static int
setup(void **state)
{
	(void)state;
	snprintf(tmpdir, sizeof tmpdir, "/tmp/dd-plan-XXXXXX");
	return mkdtemp(tmpdir) != NULL ? 0 : -1;
}

static int
teardown(void **state)
{
	char cmd[400];

	(void)state;
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
	return system(cmd) == 0 ? 0 : -1;
}

/* Parse a spec from the built-in defaults, failing the test on error. */
static struct dd_point
parse_ok(const char *spec)
{
	struct dd_error err = { 0 };
	struct dd_point pt;

	if (plan_parse_point(spec, NULL, &pt, &err) != 0)
		fail_msg("'%s': %s", spec, err.msg);
	return pt;
}

/* Does s contain sub? Fails the test, printing both, when not. */
static void
assert_contains(const char *s, const char *sub)
{
	if (s == NULL)
		fail_msg("no text where '%s' was expected", sub);
	else if (strstr(s, sub) == NULL)
		fail_msg("'%s' does not contain '%s'", s, sub);
}

/* How many times does sub occur in s? */
static size_t
count_of(const char *s, const char *sub)
{
	size_t n = 0;

	for (const char *p = s; (p = strstr(p, sub)) != NULL; p += strlen(sub))
		n++;
	return n;
}

/* Write a file under tmpdir and return its path (static buffer). */
static const char *
write_tmp(const char *name, const char *text, size_t len)
{
	static char path[512];
	FILE	   *f;

	snprintf(path, sizeof path, "%s/%s", tmpdir, name);
	f = fopen(path, "wb");
	assert_non_null(f);
	assert_int_equal(fwrite(text, 1, len, f), len);
	assert_int_equal(fclose(f), 0);
	return path;
}

static void
test_pattern_names(void **state)
{
	static const struct {
		const char     *s;
		enum dd_pattern p;
	} cases[] = {
		{ "read", DD_READ }, { "seqread", DD_READ }, { "write", DD_WRITE },
		{ "seqwrite", DD_WRITE }, { "randread", DD_RANDREAD },
		{ "randwrite", DD_RANDWRITE }, { "randrw", DD_RANDRW },
		{ "rw", DD_SEQRW }, { "readwrite", DD_SEQRW }, { "RandRead", DD_RANDREAD },
	};
	enum dd_pattern p;

	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		assert_int_equal(dd_pattern_parse(cases[i].s, &p), 0);
		assert_int_equal(p, cases[i].p);
	}
	assert_int_equal(dd_pattern_parse("trim", &p), -EINVAL);
	assert_int_equal(dd_pattern_parse("", &p), -EINVAL);
	assert_int_equal(dd_pattern_parse(NULL, &p), -EINVAL);
	assert_string_equal(dd_pattern_name(DD_READ), "read");
	assert_string_equal(dd_pattern_name(DD_WRITE), "write");
	assert_string_equal(dd_pattern_name(DD_RANDREAD), "randread");
	assert_string_equal(dd_pattern_name(DD_RANDWRITE), "randwrite");
	assert_string_equal(dd_pattern_name(DD_RANDRW), "randrw");
	assert_string_equal(dd_pattern_name(DD_SEQRW), "rw");
	assert_null(dd_pattern_name((enum dd_pattern)99));
	/* Every name parses back to its pattern. */
	for (int i = DD_READ; i <= DD_SEQRW; i++) {
		assert_int_equal(dd_pattern_parse(dd_pattern_name((enum dd_pattern)i), &p), 0);
		assert_int_equal(p, i);
	}
}

/* The rules the point vocabulary's table replaced, as the chains spelled
 * them before (engine.h, engine.c, workload.c, compare.c, cmptab.c, sweep.c). */
static bool old_writes(enum dd_pattern p)
{
	return p == DD_WRITE || p == DD_RANDWRITE || p == DD_RANDRW || p == DD_SEQRW;
}
static bool old_random(enum dd_pattern p)
{
	return p == DD_RANDREAD || p == DD_RANDWRITE || p == DD_RANDRW;
}
static bool old_reads(enum dd_pattern p) { return p != DD_WRITE && p != DD_RANDWRITE; }
static bool old_mixed(enum dd_pattern p) { return p == DD_RANDRW || p == DD_SEQRW; }
static bool old_pure_seq(enum dd_pattern p) { return p == DD_READ || p == DD_WRITE; }
static bool old_curve(enum dd_kind k) { return k == DD_KIND_CURVE_MAX || k == DD_KIND_CURVE_STEP; }
static bool old_paced(enum dd_kind k) { return k == DD_KIND_CURVE_STEP; }
static bool old_plain(enum dd_kind k) { return k != DD_KIND_CURVE_STEP && k != DD_KIND_CHECKPOINT; }
static bool old_matrix(enum dd_kind k) { return k == DD_KIND_THREADS || k == DD_KIND_POINT; }

/* Every pattern and kind round-trips name -> value -> name with the names
 * the store keeps, and each row of the property tables says what the old
 * comparison chains said. */
static void
test_point_vocabulary(void **state)
{
	static const char *const pattern_names[DD_PATTERN_COUNT] = {
		[DD_READ] = "read", [DD_WRITE] = "write", [DD_RANDREAD] = "randread",
		[DD_RANDWRITE] = "randwrite", [DD_RANDRW] = "randrw", [DD_SEQRW] = "rw",
	};
	static const char *const pattern_labels[DD_PATTERN_COUNT] = {
		[DD_READ] = "seq read", [DD_WRITE] = "seq write", [DD_RANDREAD] = "rand read",
		[DD_RANDWRITE] = "rand write", [DD_RANDRW] = "rand mix", [DD_SEQRW] = "seq mix",
	};
	static const char *const kind_names[DD_KIND_COUNT] = {
		[DD_KIND_POINT] = "point", [DD_KIND_CURVE_MAX] = "curve-max",
		[DD_KIND_CURVE_STEP] = "curve-step", [DD_KIND_CHECKPOINT] = "checkpoint",
		[DD_KIND_THREADS] = "threads", [DD_KIND_CLIFF] = "cliff",
	};
	enum dd_pattern p;
	enum dd_kind	k;

	(void)state;
	for (unsigned i = 0; i < DD_PATTERN_COUNT; i++) {
		enum dd_pattern		      v = (enum dd_pattern)i;
		const struct dd_pattern_info *pi = dd_pattern_info(v);

		assert_non_null(pi);
		assert_string_equal(dd_pattern_name(v), pattern_names[i]);
		assert_int_equal(dd_pattern_parse(pattern_names[i], &p), 0);
		assert_int_equal(p, v);
		assert_string_equal(dd_pattern_name(p), pattern_names[i]);
		assert_string_equal(pi->label, pattern_labels[i]);
		assert_string_equal(pi->access, old_random(v) ? "rand" : "seq");
		assert_int_equal(dd_pattern_writes(v), old_writes(v));
		assert_int_equal(dd_pattern_reads(v), old_reads(v));
		assert_int_equal(dd_pattern_random(v), old_random(v));
		assert_int_equal(dd_pattern_mixed(v), old_mixed(v));
		assert_int_equal(!dd_pattern_random(v) && !dd_pattern_mixed(v), old_pure_seq(v));
	}
	for (unsigned i = 0; i < DD_KIND_COUNT; i++) {
		enum dd_kind v = (enum dd_kind)i;

		assert_non_null(dd_kind_info(v));
		assert_non_null(dd_kind_info(v)->label);
		assert_string_equal(dd_kind_name(v), kind_names[i]);
		assert_int_equal(dd_kind_parse(kind_names[i], &k), 0);
		assert_int_equal(k, v);
		assert_string_equal(dd_kind_name(k), kind_names[i]);
		assert_int_equal(dd_kind_curve(v), old_curve(v));
		assert_int_equal(dd_kind_paced(v), old_paced(v));
		assert_int_equal(dd_kind_plain(v), old_plain(v));
		assert_int_equal(dd_kind_matrix(v), old_matrix(v));
	}
	/* Outside the enums: no row, no name, no property. */
	assert_null(dd_pattern_info((enum dd_pattern)DD_PATTERN_COUNT));
	assert_null(dd_kind_info(DD_KIND_COUNT));
	assert_null(dd_kind_name(DD_KIND_COUNT));
	assert_false(dd_pattern_writes((enum dd_pattern)99) || dd_kind_curve((enum dd_kind)99));
	assert_int_equal(dd_kind_parse("Point", &k), -EINVAL);
	assert_int_equal(dd_kind_parse(NULL, &k), -EINVAL);
}

static void
test_point_defaults(void **state)
{
	struct dd_point pt;

	(void)state;
	plan_point_defaults(&pt);
	assert_int_equal(pt.pattern, DD_RANDREAD);
	assert_int_equal(pt.bs, 4096);
	assert_int_equal(pt.iodepth, 1);
	assert_int_equal(pt.numjobs, 1);
	assert_true(pt.runtime_s == 10);
	assert_true(pt.ramp_s == 2);
	assert_int_equal(pt.interval_ms, 200);
	assert_int_equal(pt.bytes, 0);
	assert_int_equal(pt.offset, 0);
	assert_int_equal(pt.size, 0);
	assert_false(pt.iopoll);
	assert_string_equal(pt.name, "4K randread QD1 x1");

	/* A bare pattern changes only the pattern. */
	pt = parse_ok("write");
	assert_int_equal(pt.pattern, DD_WRITE);
	assert_int_equal(pt.bs, 4096);
	assert_true(pt.runtime_s == 10);
	assert_string_equal(pt.name, "4K write QD1 x1");
}

/* The completion batch: a key of its own, and a quarter of the queue by default. */
static void
test_point_batch(void **state)
{
	struct dd_error err = { 0 };
	struct dd_point pt;

	(void)state;
	pt = parse_ok("randread,qd=32");
	assert_int_equal(pt.batch, 0);
	assert_int_equal(engine_point_batch(&pt, false), 8);
	pt = parse_ok("randread,qd=32,batch=16");
	assert_int_equal(engine_point_batch(&pt, false), 16);
	pt = parse_ok("randread,qd=1");
	assert_int_equal(engine_point_batch(&pt, false), 1);
	pt = parse_ok("randread,qd=3");
	assert_int_equal(engine_point_batch(&pt, false), 1);
	/* One io-wq worker per job: three quarters of the queue, unless asked. */
	pt = parse_ok("randread,qd=32");
	assert_int_equal(engine_point_batch(&pt, true), 24);
	pt = parse_ok("randread,qd=32,batch=16");
	assert_int_equal(engine_point_batch(&pt, true), 16);
	pt = parse_ok("randread,qd=2");
	assert_int_equal(engine_point_batch(&pt, true), 1);
	assert_int_equal(plan_parse_point("randread,batch=0", NULL, &pt, &err), -EINVAL);
	assert_non_null(strstr(err.msg, "batch"));
}

/*
 * The completion wait: spin automatically while the jobs leave a CPU free,
 * on and off by hand, and a time sets the longest spin.
 */
static void
test_point_spin(void **state)
{
	struct dd_error err = { 0 };
	struct dd_point pt;
	char	       *text, *first;
	struct dd_plan	p;

	(void)state;
	pt = parse_ok("randread,qd=1");
	/* The default sleeps, as fio does (issue 9: auto lost under load). */
	assert_int_equal(pt.spin, DD_SPIN_OFF);
	assert_int_equal(engine_point_spin_ns(&pt, 64), 0);
	/* spin=auto spins while the idle CPUs outnumber the jobs. */
	pt = parse_ok("randread,qd=1,spin=auto");
	assert_int_equal(engine_point_spin_ns(&pt, 2), DD_SPIN_DEFAULT_US * 1000ull);
	assert_int_equal(engine_point_spin_ns(&pt, 1), 0);
	pt = parse_ok("randread,qd=1,jobs=4,spin=auto");
	assert_int_equal(engine_point_spin_ns(&pt, 4), 0);
	assert_int_equal(engine_point_spin_ns(&pt, 5), DD_SPIN_DEFAULT_US * 1000ull);
	assert_int_equal(engine_point_spin_ns(&pt, -1), 0);	/* idle CPUs unknown */
	/* Automatic spinning stops past QD8; spin=on spins at any depth. */
	pt = parse_ok("randread,qd=8,spin=auto");
	assert_int_equal(engine_point_spin_ns(&pt, 2), DD_SPIN_DEFAULT_US * 1000ull);
	pt = parse_ok("randread,qd=9,spin=auto");
	assert_int_equal(engine_point_spin_ns(&pt, 2), 0);
	pt = parse_ok("randread,qd=32,spin=on");
	assert_int_equal(engine_point_spin_ns(&pt, 2), DD_SPIN_DEFAULT_US * 1000ull);
	pt = parse_ok("randread,jobs=8,spin=on");
	assert_int_equal(engine_point_spin_ns(&pt, 2), DD_SPIN_DEFAULT_US * 1000ull);
	pt = parse_ok("randread,spin=off");
	assert_int_equal(engine_point_spin_ns(&pt, 64), 0);
	pt = parse_ok("randread,spin=250");
	assert_int_equal(pt.spin, DD_SPIN_ON);
	assert_int_equal(engine_point_spin_ns(&pt, 1), 250000);
	pt = parse_ok("randread,spin=2ms");
	assert_int_equal(pt.spin_us, 2000);
	pt = parse_ok("randread,spin=40us,spin=auto");
	assert_int_equal(pt.spin, DD_SPIN_AUTO);
	assert_int_equal(pt.spin_us, 0);
	assert_int_equal(plan_parse_point("randread,spin=fast", NULL, &pt, &err), -EINVAL);
	assert_non_null(strstr(err.msg, "spin wants auto, on, off or a time"));
	assert_int_equal(plan_parse_point("randread,spin=0us", NULL, &pt, &err), -EINVAL);
	assert_int_equal(plan_parse_point("randread,spin=1s", NULL, &pt, &err), -EINVAL);
	assert_non_null(strstr(err.msg, "between 1 us and 100 ms"));

	/* fio has no completion polling: the job file says where ours differs. */
	assert_int_equal(plan_parse_text("randread qd=1 spin=on\nrandread qd=1 spin=off\n",
					 "t", &p, &err), 0);
	text = plan_fio_jobfile(&p, "/dev/zram0", false);
	assert_int_equal(count_of(text, "; drivedash polls the ring for completions"), 1);
	first = strstr(text, "\n[4K randread QD1 x1]");
	assert_non_null(first);
	assert_true(strstr(text, "; drivedash polls") < first);
	free(text);
	plan_free(&p);
}

static void
test_point_keys(void **state)
{
	struct dd_point pt, def;
	struct dd_error err = { 0 };

	(void)state;
	pt = parse_ok("randwrite,bs=128k,qd=16,jobs=2,time=30,ramp=500ms,offset=1m,"
		      "range=1g,iopoll=1,interval=1s");
	assert_int_equal(pt.pattern, DD_RANDWRITE);
	assert_int_equal(pt.bs, 131072);
	assert_int_equal(pt.iodepth, 16);
	assert_int_equal(pt.numjobs, 2);
	assert_true(pt.runtime_s == 30);
	assert_true(pt.ramp_s == 0.5);
	assert_int_equal(pt.offset, 1048576);
	assert_int_equal(pt.size, 1073741824);
	assert_true(pt.iopoll);
	assert_int_equal(pt.interval_ms, 1000);
	assert_string_equal(pt.name, "128K randwrite QD16 x2");

	/* Aliases, spaces as separators, minutes. */
	pt = parse_ok("pattern=read iodepth=64 numjobs=3 runtime=1.5m ramp=0");
	assert_int_equal(pt.pattern, DD_READ);
	assert_int_equal(pt.iodepth, 64);
	assert_int_equal(pt.numjobs, 3);
	assert_true(pt.runtime_s == 90);
	assert_true(pt.ramp_s == 0);
	pt = parse_ok("rw=randrw rwmixread=70% threads=4");
	assert_int_equal(pt.pattern, DD_RANDRW);
	assert_int_equal(pt.read_pct, 70);
	assert_int_equal(pt.numjobs, 4);
	assert_string_equal(pt.name, "4K randrw70 QD1 x4");
	pt = parse_ok("randrw30");
	assert_int_equal(pt.pattern, DD_RANDRW);
	assert_int_equal(pt.read_pct, 30);
	pt = parse_ok("rw=rw0");
	assert_int_equal(pt.pattern, DD_SEQRW);
	assert_int_equal(pt.read_pct, 0);
	pt = parse_ok("readwrite read=100 qd=8");
	assert_int_equal(pt.pattern, DD_SEQRW);
	assert_int_equal(pt.read_pct, 100);
	assert_string_equal(pt.name, "4K rw100 QD8 x1");

	/* Sizes: binary suffixes, as fio. */
	assert_int_equal(parse_ok("seqwrite bs=1M").bs, 1048576);
	assert_int_equal(parse_ok("seqwrite bs=1M").pattern, DD_WRITE);
	assert_int_equal(parse_ok("seqread").pattern, DD_READ);
	assert_int_equal(parse_ok("bs=4KiB").bs, 4096);
	assert_int_equal(parse_ok("bs=4kb").bs, 4096);
	assert_int_equal(parse_ok("bs=512").bs, 512);
	assert_int_equal(parse_ok("bs=1536").bs, 1536);
	assert_int_equal(parse_ok("bs=64m").bs, 64u * 1048576);
	assert_int_equal(parse_ok("offset=2g").offset, 2147483648ull);
	assert_int_equal(parse_ok("range=1t").size, 1099511627776ull);
	assert_int_equal(parse_ok("range=0").size, 0);

	/* A byte budget makes the point size based. */
	pt = parse_ok("read,size=1g,jobs=4");
	assert_int_equal(pt.bytes, 1073741824);
	assert_true(pt.runtime_s == 0);
	assert_int_equal(parse_ok("bytes=64m").bytes, 64u * 1048576);

	/* Times: seconds by default; ms and s. */
	assert_true(parse_ok("time=2.5").runtime_s == 2.5);
	assert_true(parse_ok("time=250ms").runtime_s == 0.25);
	assert_true(parse_ok("time=7s").runtime_s == 7);
	assert_true(parse_ok("ramp=1m").ramp_s == 60);

	/* Read share, iopoll spellings, interval in ms. */
	assert_int_equal(parse_ok("read=0").read_pct, 0);
	assert_int_equal(parse_ok("read=100").read_pct, 100);
	assert_false(parse_ok("iopoll=off").iopoll);
	assert_true(parse_ok("iopoll=yes").iopoll);
	assert_false(parse_ok("iopoll=0").iopoll);
	assert_int_equal(parse_ok("interval=500").interval_ms, 500);
	assert_int_equal(parse_ok("interval=50ms").interval_ms, 50);

	/* Names: plain or quoted, kept as given. */
	assert_string_equal(parse_ok("name=warmup").name, "warmup");
	assert_string_equal(parse_ok("randread name=\"my point, 4K\" qd=2").name,
			    "my point, 4K");
	assert_int_equal(parse_ok("randread name=\"my point, 4K\" qd=2").iodepth, 2);

	/* Messy separators, case, later items win. */
	pt = parse_ok("  RandRead ,  BS=8K,,qd=4 qd=8\t");
	assert_int_equal(pt.pattern, DD_RANDREAD);
	assert_int_equal(pt.bs, 8192);
	assert_int_equal(pt.iodepth, 8);

	/* Starting from other defaults. */
	def = parse_ok("write,bs=128k,qd=16,time=5,ramp=1,name=ignored");
	assert_int_equal(plan_parse_point("jobs=2", &def, &pt, &err), 0);
	assert_int_equal(pt.pattern, DD_WRITE);
	assert_int_equal(pt.bs, 131072);
	assert_int_equal(pt.iodepth, 16);
	assert_int_equal(pt.numjobs, 2);
	assert_true(pt.runtime_s == 5);
	assert_true(pt.ramp_s == 1);
	assert_string_equal(pt.name, "128K write QD16 x2");
	/* A size-based default, then time= makes a point time based again. */
	def = parse_ok("size=1g");
	assert_int_equal(plan_parse_point("randread", &def, &pt, &err), 0);
	assert_int_equal(pt.bytes, 1073741824);
	assert_int_equal(plan_parse_point("time=3", &def, &pt, &err), 0);
	assert_int_equal(pt.bytes, 0);
	assert_true(pt.runtime_s == 3);
}

static void
test_point_autoname(void **state)
{
	struct dd_point pt;

	(void)state;
	assert_string_equal(parse_ok("randread,qd=32,jobs=4").name, "4K randread QD32 x4");
	assert_string_equal(parse_ok("write,bs=128k,qd=16").name, "128K write QD16 x1");
	assert_string_equal(parse_ok("randrw,read=70,qd=8,jobs=2").name, "4K randrw70 QD8 x2");
	assert_string_equal(parse_ok("read,bs=1m").name, "1M read QD1 x1");
	assert_string_equal(parse_ok("read,bs=512").name, "512 read QD1 x1");
	assert_string_equal(parse_ok("read,bs=1536").name, "1536 read QD1 x1");
	plan_point_defaults(&pt);
	pt.pattern = DD_RANDWRITE;
	pt.bs = 16384;
	pt.iodepth = 4096;
	pt.numjobs = 1024;
	dd_point_autoname(&pt);
	assert_string_equal(pt.name, "16K randwrite QD4096 x1024");
}

static void
test_point_errors(void **state)
{
	static const struct {
		const char *spec, *want;
	} cases[] = {
		{ "randread,bs=1000", "point 'randread,bs=1000': bs must be a multiple of 512" },
		{ "bs=0", "bs must be between 512 and 64M" },
		{ "bs=128m", "bs must be between 512 and 64M" },
		{ "bs=99999999999999999999k", "bs must be between 512 and 64M" },
		{ "bs=abc", "bs 'abc' is not a byte count" },
		{ "bs=4q", "bs '4q' is not a byte count" },
		{ "bs=4.5k", "bs '4.5k' is not a byte count" },
		{ "bs=", "bs needs a value" },
		{ "qd=0", "qd must be between 1 and 4096" },
		{ "qd=4097", "qd must be between 1 and 4096" },
		{ "iodepth=x", "iodepth 'x' is not a whole number" },
		{ "qd=-1", "qd '-1' is not a whole number" },
		{ "qd=1.5", "qd '1.5' is not a whole number" },
		{ "jobs=0", "jobs must be between 1 and 1024" },
		{ "threads=1025", "threads must be between 1 and 1024" },
		{ "numjobs=abc", "numjobs 'abc' is not a whole number" },
		{ "read=101", "read must be between 0 and 100" },
		{ "rwmixread=abc", "rwmixread 'abc' is not a whole number" },
		{ "time=0", "time must be greater than 0 unless size is given" },
		{ "time=abc", "time 'abc' is not a time" },
		{ "time=5h", "time '5h' is not a time" },
		{ "time=2000m", "time must be at most one day" },
		{ "runtime=nan", "runtime 'nan' is not a time" },
		{ "ramp=-1", "ramp must not be negative" },
		{ "foo=1", "unknown key 'foo' (valid: rw, pattern, bs, qd, iodepth, jobs" },
		{ "randread,bs", "'bs' is not a key=value item" },
		{ "sideways", "unknown pattern 'sideways' (valid: read, write, randread" },
		{ "rw=up", "unknown pattern 'up'" },
		{ "randrw101", "unknown pattern 'randrw101'" },
		{ "randread70", "unknown pattern 'randread70'" },
		{ "", "point '': the spec is empty" },
		{ " , ", "the spec is empty" },
		{ "=4k", "item '=4k' has no key" },
		{ "size=1g,time=5", "give time or size, not both" },
		{ "size=0", "size must be greater than 0" },
		{ "bytes=1000", "bytes must be a multiple of 512" },
		{ "size=4k,jobs=2", "size gives less than one bs=4K block to each of 2 jobs" },
		{ "offset=100", "offset must be a multiple of 512" },
		{ "offset=1x", "offset '1x' is not a byte count" },
		{ "range=1k", "range is smaller than one bs=4K block" },
		{ "read,bs=4k,range=64k,jobs=32", "range is too small to give each of 32 sequential jobs" },
		{ "iopoll=2", "iopoll must be 0 or 1, not '2'" },
		{ "interval=5", "interval must be between 10 and 60000 ms" },
		{ "interval=2m", "interval must be between 10 and 60000 ms" },
		{ "interval=x", "interval 'x' is not a time" },
		{ "name=a#b", "name may not contain '#'" },
		{ "name=a[1]", "name may not contain" },
		{ "name=0123456789012345678901234567890123456789012345678901234567890123",
		  "name is longer than 63 characters" },
		{ "name=\"open", "a quote is not closed" },
		/* plain decimals only; the minimum after the unit */
		{ "time=1e-9", "time '1e-9' is not a time" },
		{ "time=0x1p4", "time '0x1p4' is not a time" },
		{ "bs=0x1000", "bs '0x1000' is not a byte count" },
		{ "qd=1e1", "qd" },
		{ "time=0,5", "'5' is not a key=value item" },	/* a comma parts items */
		{ "time=500us", "time must be 0 or at least 1 ms" },
		{ "time=0.0001", "time must be 0 or at least 1 ms" },
		{ "ramp=0.5ms", "ramp must be 0 or at least 1 ms" },
	};
	struct dd_error err;
	struct dd_point pt;

	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		memset(&pt, 0x5a, sizeof pt);
		dd_error_clear(&err);
		if (plan_parse_point(cases[i].spec, NULL, &pt, &err) != -EINVAL)
			fail_msg("'%s' parsed", cases[i].spec);
		assert_int_equal(err.code, -EINVAL);
		assert_contains(err.msg, cases[i].want);
		assert_true(strncmp(err.msg, "point '", 7) == 0);
		assert_null(strchr(err.msg, '\n'));
		/* The output is untouched on failure. */
		assert_int_equal(pt.bs, 0x5a5a5a5a);
	}
	/* Long specs are shortened in the message. */
	dd_error_clear(&err);
	assert_int_equal(plan_parse_point("randread bs=4k qd=1 jobs=1 time=10 ramp=2 "
					  "offset=0 range=0 read=50 iopoll=0 interval=200 "
					  "bogus=1", NULL, &pt, &err), -EINVAL);
	assert_contains(err.msg, "...': unknown key 'bogus'");
	/* A NULL error record is allowed. */
	assert_int_equal(plan_parse_point("qd=0", NULL, &pt, NULL), -EINVAL);
}

static void
test_plan_append(void **state)
{
	struct dd_plan	p;
	struct dd_point pt;
	struct dd_error err = { 0 };

	(void)state;
	plan_init(&p, "grow");
	assert_string_equal(p.name, "grow");
	assert_int_equal(p.repeat, 1);
	assert_int_equal(p.aggregate, DD_AGG_NONE);
	assert_false(p.steady_state);
	assert_true(p.precondition_passes == 0);
	assert_int_equal(p.npoints, 0);
	plan_point_defaults(&pt);
	for (unsigned i = 1; i <= 100; i++) {
		pt.iodepth = i;
		assert_int_equal(plan_append(&p, &pt, &err), 0);
	}
	assert_int_equal(p.npoints, 100);
	assert_true(p.cap >= 100);
	for (unsigned i = 0; i < 100; i++)
		assert_int_equal(p.points[i].iodepth, i + 1);
	assert_false(plan_writes(&p));
	assert_true(plan_estimate_seconds(&p) == 100 * 12);
	p.repeat = 3;
	assert_true(plan_estimate_seconds(&p) == 3 * 100 * 12);
	p.precondition_passes = 1;
	assert_true(plan_writes(&p));
	plan_free(&p);
	assert_null(p.points);
	assert_int_equal(p.npoints, 0);
	plan_free(&p);
}

static void
test_plan_text(void **state)
{
	static const char text[] =
		"\xef\xbb\xbf# drivedash plan: a small sweep\r\n"
		"plan  lab sweep \xc2\xb5s \r\n"
		"\n"
		"repeat 3\n"
		"aggregate mean   # fold runs\n"
		"steady-state on\n"
		"precondition 2\n"
		"defaults bs=128k time=5 ramp=1\n"
		"read qd=64\n"
		"   write,qd=16  # the review's seq write\n"
		"defaults randread bs=4k\n"
		"qd=32 jobs=4\n"
		"randrw read=70 qd=8 jobs=2 name=\"mixed 70/30\"\n"
		"size=1g jobs=4\n"
		"time=3\n";
	struct dd_plan	p;
	struct dd_error err = { 0 };

	(void)state;
	if (plan_parse_text(text, "lab.plan", &p, &err) != 0)
		fail_msg("%s", err.msg);
	assert_string_equal(p.name, "lab sweep \xc2\xb5s");
	assert_int_equal(p.repeat, 3);
	assert_int_equal(p.aggregate, DD_AGG_MEAN);
	assert_true(p.steady_state);
	assert_true(p.precondition_passes == 2);
	assert_int_equal(p.npoints, 6);
	assert_string_equal(p.points[0].name, "128K read QD64 x1");
	assert_true(p.points[0].runtime_s == 5);
	assert_true(p.points[0].ramp_s == 1);
	assert_string_equal(p.points[1].name, "128K write QD16 x1");
	assert_string_equal(p.points[2].name, "4K randread QD32 x4");
	assert_true(p.points[2].runtime_s == 5);
	assert_string_equal(p.points[3].name, "mixed 70/30");
	assert_int_equal(p.points[3].read_pct, 70);
	assert_int_equal(p.points[4].bytes, 1073741824);
	assert_true(p.points[4].runtime_s == 0);
	assert_true(p.points[5].runtime_s == 3);
	assert_int_equal(p.points[5].bs, 4096);
	assert_true(plan_writes(&p));
	assert_true(plan_has_byte_budget(&p));
	/* (1+5) x 4 time-based points + (1+3), x 3 runs; the budget point adds 0. */
	assert_true(fabs(plan_estimate_seconds(&p) - 3 * (4 * 6 + 4)) < 1e-9);
	plan_free(&p);

	/* Without a plan line the plan is named after the file. */
	assert_int_equal(plan_parse_text("randread\n", "dir/my-sweep.plan", &p, &err), 0);
	assert_string_equal(p.name, "my-sweep");
	assert_int_equal(p.npoints, 1);
	assert_int_equal(p.repeat, 1);
	assert_int_equal(p.aggregate, DD_AGG_NONE);
	assert_false(plan_writes(&p));
	assert_false(plan_has_byte_budget(&p));
	plan_free(&p);
	assert_int_equal(plan_parse_text("read\nsteady-state off\naggregate best\n"
					 "aggregate none", NULL, &p, &err), 0);
	assert_string_equal(p.name, "plan");
	assert_false(p.steady_state);
	assert_int_equal(p.aggregate, DD_AGG_NONE);
	plan_free(&p);
}

static void
test_plan_text_errors(void **state)
{
	static const struct {
		const char *text, *want;
	} cases[] = {
		{ "# header\n\nrandread\nrandread,bs=1000\n",
		  "x.plan:4: point 'randread,bs=1000': bs must be a multiple of 512" },
		{ "repeat 0\nread\n", "x.plan:1: repeat must be a whole number from 1 to 1000, not '0'" },
		{ "read\nrepeat x\n", "x.plan:2: repeat must be a whole number" },
		{ "repeat 1001\nread\n", "x.plan:1: repeat must be" },
		{ "aggregate max\nread\n", "x.plan:1: aggregate must be none, best or mean, not 'max'" },
		{ "steady-state maybe\n", "x.plan:1: steady-state must be on or off, not 'maybe'" },
		{ "precondition -1\n", "x.plan:1: precondition must be a number of passes from 0 to 100" },
		{ "precondition two\n", "x.plan:1: precondition must be" },
		{ "plan\nread\n", "x.plan:1: plan needs a name" },
		{ "plan 0123456789012345678901234567890123456789012345678901234567890123\n",
		  "x.plan:1: the plan name is longer than 63 characters" },
		{ "defaults\n", "x.plan:1: defaults needs a point spec" },
		{ "defaults qd=4 name=x\nread\n", "x.plan:1: point 'qd=4 name=x': name cannot be a default" },
		{ "defaults qd=0\n", "x.plan:1: point 'qd=0': qd must be between 1 and 4096" },
		{ "read\n\n# c\nfoo=1 # comment\n", "x.plan:4: point 'foo=1': unknown key 'foo'" },
		{ "read\r\nrandwrite qd=x\r\n", "x.plan:2: point 'randwrite qd=x': qd 'x' is not a whole number" },
		{ "# nothing\n\n", "x.plan: the plan has no points" },
		{ "", "x.plan: the plan has no points" },
		{ "read\nbs=4k \xff\xfe\n", "x.plan:2: the line is not valid UTF-8" },
		{ "read \xc3\n", "x.plan:1: the line is not valid UTF-8" },
		{ "repeat,3\n", "x.plan:1: point 'repeat,3': unknown pattern 'repeat'" },
	};
	struct dd_plan	p;
	struct dd_error err;

	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		dd_error_clear(&err);
		if (plan_parse_text(cases[i].text, "x.plan", &p, &err) != -EINVAL)
			fail_msg("case %zu parsed", i);
		assert_int_equal(err.code, -EINVAL);
		if (strncmp(err.msg, cases[i].want, strlen(cases[i].want)) != 0)
			fail_msg("case %zu: got '%s', want '%s...'", i, err.msg, cases[i].want);
		/* A failed parse leaves an empty plan. */
		assert_int_equal(p.npoints, 0);
		assert_null(p.points);
		plan_free(&p);
	}
}

static void
test_plan_load_file(void **state)
{
	static const char text[] = "plan from file\nrepeat 2\nread bs=128k qd=64\n";
	struct dd_plan	p;
	struct dd_error err = { 0 };
	const char     *path;
	char		want[600];

	(void)state;
	path = write_tmp("ok.plan", text, sizeof text - 1);
	if (plan_load_file(path, &p, &err) != 0)
		fail_msg("%s", err.msg);
	assert_string_equal(p.name, "from file");
	assert_int_equal(p.repeat, 2);
	assert_int_equal(p.npoints, 1);
	assert_string_equal(p.points[0].name, "128K read QD64 x1");
	plan_free(&p);

	path = write_tmp("bad.plan", "read\nqd=0\n", 10);
	assert_int_equal(plan_load_file(path, &p, &err), -EINVAL);
	snprintf(want, sizeof want, "%s:2: point 'qd=0': qd must be between 1 and 4096", path);
	assert_string_equal(err.msg, want);

	path = write_tmp("bin.plan", "read\0qd=1\n", 10);
	assert_int_equal(plan_load_file(path, &p, &err), -EINVAL);
	assert_contains(err.msg, "is not a text file");

	snprintf(want, sizeof want, "%s/missing.plan", tmpdir);
	assert_int_equal(plan_load_file(want, &p, &err), -ENOENT);
	assert_contains(err.msg, "cannot open plan file");
	assert_contains(err.msg, "missing.plan");
	assert_int_equal(p.npoints, 0);
	plan_free(&p);
}

/* Build a preset, failing the test on error. */
static struct dd_plan
preset_ok(const char *name, bool allow_write, double time_scale)
{
	struct dd_preset_opts o = { .time_scale = time_scale, .allow_write = allow_write };
	struct dd_error	      err = { 0 };
	struct dd_plan	      p;

	if (plan_preset(name, &o, &p, &err) != 0)
		fail_msg("preset %s: %s", name, err.msg);
	/* Every preset point would pass the spec checks: bs, qd, jobs, time. */
	for (size_t i = 0; i < p.npoints; i++) {
		assert_true(p.points[i].bs % 512 == 0 && p.points[i].bs > 0);
		assert_in_range(p.points[i].iodepth, 1, 4096);
		assert_in_range(p.points[i].numjobs, 1, 1024);
		assert_true(p.points[i].runtime_s > 0);
		assert_int_equal(p.points[i].interval_ms, 200);
		assert_int_equal(p.points[i].bytes, 0);
		assert_true(allow_write || !dd_pattern_writes(p.points[i].pattern));
	}
	assert_int_equal(plan_writes(&p), allow_write);
	return p;
}

static void
test_preset_review(void **state)
{
	struct dd_plan p;

	(void)state;
	p = preset_ok("review", true, 1);
	assert_string_equal(p.name, "review");
	assert_int_equal(p.npoints, 2 + 8 * 30);
	assert_int_equal(p.repeat, 1);
	assert_int_equal(p.aggregate, DD_AGG_NONE);
	assert_string_equal(p.points[0].name, "128K write QD16 x1");
	assert_string_equal(p.points[1].name, "128K read QD64 x1");
	/* NumJobs outer, IODepth inner: row by row. */
	assert_string_equal(p.points[2].name, "64K randread QD1 x1");
	assert_string_equal(p.points[3].name, "64K randread QD2 x1");
	assert_string_equal(p.points[7].name, "64K randread QD32 x1");
	assert_string_equal(p.points[8].name, "64K randread QD1 x2");
	assert_string_equal(p.points[31].name, "64K randread QD32 x16");
	assert_string_equal(p.points[32].name, "64K randwrite QD1 x1");
	assert_string_equal(p.points[62].name, "16K randread QD1 x1");
	assert_string_equal(p.points[122].name, "16K read QD1 x1");
	assert_string_equal(p.points[152].name, "16K write QD1 x1");
	assert_string_equal(p.points[182].name, "4K randread QD1 x1");
	assert_string_equal(p.points[241].name, "4K randwrite QD32 x16");
	assert_true(p.points[0].runtime_s == 10 && p.points[0].ramp_s == 2);
	assert_true(plan_estimate_seconds(&p) == 242 * 12);
	plan_free(&p);

	p = preset_ok("review", false, 1);
	assert_string_equal(p.name, "review (read-only)");
	assert_int_equal(p.npoints, 1 + 4 * 30);
	assert_string_equal(p.points[0].name, "128K read QD64 x1");
	assert_string_equal(p.points[1].name, "64K randread QD1 x1");
	assert_string_equal(p.points[31].name, "16K randread QD1 x1");
	assert_string_equal(p.points[61].name, "16K read QD1 x1");
	assert_string_equal(p.points[91].name, "4K randread QD1 x1");
	assert_true(plan_estimate_seconds(&p) == 121 * 12);
	plan_free(&p);

	/* time_scale multiplies runtime and ramp. */
	p = preset_ok("review", false, 0.25);
	assert_true(p.points[0].runtime_s == 2.5 && p.points[0].ramp_s == 0.5);
	assert_true(plan_estimate_seconds(&p) == 121 * 3);
	plan_free(&p);
}

static void
test_preset_spot(void **state)
{
	struct dd_plan p;

	(void)state;
	p = preset_ok("spot", false, 1);
	assert_string_equal(p.name, "spot (read-only)");
	assert_int_equal(p.npoints, 5);
	assert_true(plan_estimate_seconds(&p) <= 90);
	assert_true(plan_estimate_seconds(&p) >= 60);
	assert_string_equal(p.points[0].name, "128K read QD64 x1");
	assert_string_equal(p.points[1].name, "4K randread QD1 x1");
	assert_string_equal(p.points[2].name, "4K randread QD32 x4");
	assert_string_equal(p.points[3].name, "4K randread QD32 x16");
	assert_string_equal(p.points[4].name, "64K randread QD32 x1");
	plan_free(&p);

	p = preset_ok("spot", true, 1);
	assert_string_equal(p.name, "spot");
	assert_int_equal(p.npoints, 8);
	assert_true(plan_estimate_seconds(&p) <= 90);
	assert_true(plan_estimate_seconds(&p) >= 60);
	assert_string_equal(p.points[5].name, "128K write QD16 x1");
	assert_string_equal(p.points[6].name, "4K randwrite QD1 x1");
	assert_string_equal(p.points[7].name, "4K randwrite QD32 x4");
	plan_free(&p);
}

static void
test_preset_cdm(void **state)
{
	struct dd_preset_opts o = { .allow_write = true, .repeat = 3,
				    .aggregate = DD_AGG_MEAN };
	struct dd_error	      err = { 0 };
	struct dd_plan	      p;

	(void)state;
	p = preset_ok("cdm", true, 1);
	assert_string_equal(p.name, "cdm");
	assert_int_equal(p.npoints, 8);
	assert_int_equal(p.repeat, 5);
	assert_int_equal(p.aggregate, DD_AGG_BEST);
	assert_string_equal(p.points[0].name, "SEQ1M Q8T1 read");
	assert_int_equal(p.points[0].pattern, DD_READ);
	assert_int_equal(p.points[0].bs, 1048576);
	assert_int_equal(p.points[0].iodepth, 8);
	assert_int_equal(p.points[0].numjobs, 1);
	assert_true(p.points[0].runtime_s == 5 && p.points[0].ramp_s == 1);
	assert_string_equal(p.points[1].name, "SEQ1M Q1T1 read");
	assert_string_equal(p.points[2].name, "RND4K Q32T1 read");
	assert_int_equal(p.points[2].pattern, DD_RANDREAD);
	assert_int_equal(p.points[2].iodepth, 32);
	assert_string_equal(p.points[3].name, "RND4K Q1T1 read");
	assert_string_equal(p.points[4].name, "SEQ1M Q8T1 write");
	assert_int_equal(p.points[4].pattern, DD_WRITE);
	assert_string_equal(p.points[7].name, "RND4K Q1T1 write");
	assert_int_equal(p.points[7].pattern, DD_RANDWRITE);
	assert_true(plan_estimate_seconds(&p) == 8 * 6 * 5);
	plan_free(&p);

	p = preset_ok("cdm", false, 1);
	assert_string_equal(p.name, "cdm (read-only)");
	assert_int_equal(p.npoints, 4);
	assert_int_equal(p.repeat, 5);
	assert_true(plan_estimate_seconds(&p) == 4 * 6 * 5);
	plan_free(&p);

	assert_int_equal(plan_preset("cdm", &o, &p, &err), 0);
	assert_int_equal(p.repeat, 3);
	assert_int_equal(p.aggregate, DD_AGG_MEAN);
	plan_free(&p);

	p = preset_ok("cdm-nvme", true, 1);
	assert_int_equal(p.npoints, 8);
	assert_int_equal(p.repeat, 5);
	assert_int_equal(p.aggregate, DD_AGG_BEST);
	assert_string_equal(p.points[0].name, "SEQ1M Q8T1 read");
	assert_string_equal(p.points[1].name, "SEQ128K Q32T1 read");
	assert_int_equal(p.points[1].bs, 131072);
	assert_int_equal(p.points[1].iodepth, 32);
	assert_string_equal(p.points[2].name, "RND4K Q32T16 read");
	assert_int_equal(p.points[2].numjobs, 16);
	assert_string_equal(p.points[3].name, "RND4K Q1T1 read");
	assert_string_equal(p.points[6].name, "RND4K Q32T16 write");
	plan_free(&p);
	p = preset_ok("cdm-nvme", false, 1);
	assert_int_equal(p.npoints, 4);
	plan_free(&p);
}

static void
test_preset_threads(void **state)
{
	struct dd_plan p;

	(void)state;
	p = preset_ok("threads", true, 1);
	assert_int_equal(p.npoints, 3 * 8 * 2);
	assert_string_equal(p.points[0].name, "16K read QD1 x1");
	assert_string_equal(p.points[1].name, "16K read QD1 x2");
	assert_string_equal(p.points[7].name, "16K read QD1 x128");
	assert_string_equal(p.points[8].name, "128K read QD1 x1");
	assert_string_equal(p.points[23].name, "1M read QD1 x128");
	assert_string_equal(p.points[24].name, "16K write QD1 x1");
	assert_string_equal(p.points[47].name, "1M write QD1 x128");
	assert_true(p.points[0].runtime_s == 5 && p.points[0].ramp_s == 1);
	assert_true(plan_estimate_seconds(&p) == 48 * 6);
	plan_free(&p);
	p = preset_ok("threads", false, 1);
	assert_string_equal(p.name, "threads (read-only)");
	assert_int_equal(p.npoints, 24);
	assert_true(plan_estimate_seconds(&p) == 24 * 6);
	plan_free(&p);
}

static void
test_preset_errors(void **state)
{
	struct dd_preset_opts	     o = { 0 };
	const struct dd_preset_info *info;
	struct dd_error		     err = { 0 };
	struct dd_plan		     p;
	size_t			     n;

	(void)state;
	info = plan_presets(&n);
	/* The code-built presets, gdsio (threads' alias), then data/plans. */
	assert_int_equal(n, 6 + PLAN_DATA_FILES);
	assert_string_equal(info[5].name, "gdsio");
	assert_string_equal(info[6].name, "vdbench");
	assert_string_equal(info[0].name, "review");
	assert_string_equal(info[1].name, "spot");
	assert_string_equal(info[2].name, "cdm");
	assert_string_equal(info[3].name, "cdm-nvme");
	assert_string_equal(info[4].name, "threads");
	for (size_t i = 0; i < n; i++) {
		assert_non_null(info[i].summary);
		/* NULL options are the defaults: read-only (a preset that
		 * only writes says it needs --allow-write). */
		int rc = plan_preset(info[i].name, NULL, &p, &err);

		if (rc == -EPERM) {
			struct dd_preset_opts w = { .allow_write = true };

			assert_contains(err.msg, "--allow-write");
			assert_int_equal(p.npoints, 0);
			assert_int_equal(plan_preset(info[i].name, &w, &p, &err), 0);
			for (size_t k = 0; k < p.npoints; k++)
				assert_true(dd_pattern_writes(p.points[k].pattern));
			plan_free(&p);
			continue;
		}
		assert_int_equal(rc, 0);
		assert_false(plan_writes(&p));
		plan_free(&p);
	}

	assert_int_equal(plan_preset("bogus", NULL, &p, &err), -EINVAL);
	assert_string_equal(err.msg, "unknown preset 'bogus' (valid: review, spot, cdm, "
			    "cdm-nvme, threads, gdsio, vdbench, vdbench-4k-randread, "
			    "vdbench-4k-randwrite, vdbench-64k-randread, vdbench-64k-randwrite, "
			    "vdbench-16k-seqread, vdbench-16k-seqwrite, vdbench-64k-seqread, "
			    "vdbench-64k-seqwrite, vdbench-4k-7030, vdbench-8k-7030, "
			    "vdbench-16k-7030, dlio, cliff)");
	assert_int_equal(p.npoints, 0);
	assert_int_equal(plan_preset("precondition", NULL, &p, &err), -EINVAL);
	assert_int_equal(plan_preset(NULL, NULL, &p, &err), -EINVAL);
	o.time_scale = -1;
	assert_int_equal(plan_preset("spot", &o, &p, &err), -EINVAL);
	assert_contains(err.msg, "time scale");
	o.time_scale = NAN;
	assert_int_equal(plan_preset("spot", &o, &p, &err), -EINVAL);
	o.time_scale = 1;
	o.repeat = 100000;
	assert_int_equal(plan_preset("spot", &o, &p, &err), -EINVAL);
	assert_contains(err.msg, "repeat");
}

/* Run fio --parse-only on job files in tmpdir (names separated by spaces,
 * each quoted here), its output in tmpdir/OUT; fio's exit status. */
static int
fio_parse_files(const char *names, const char *out)
{
	char	    cmd[4096];
	size_t	    n = snprintf(cmd, sizeof cmd, "cd '%s' && " FIO " --parse-only", tmpdir);
	const char *w = names;

	while (*w != '\0') {
		size_t len = strcspn(w, " ");

		n += snprintf(cmd + n, sizeof cmd - n, " '%.*s'", (int)len, w);
		w += len + (w[len] == ' ');
	}
	assert_true(n + strlen(out) + 16 < sizeof cmd);
	snprintf(cmd + n, sizeof cmd - n, " >'%s' 2>&1", out);
	int st = system(cmd);

	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* Run fio --parse-only on job text; returns fio's exit status. */
static int
fio_parse(const char *text, const char *name)
{
	char out[256];

	write_tmp(name, text, strlen(text));
	snprintf(out, sizeof out, "%s.out", name);
	return fio_parse_files(name, out);
}

/* Fail naming the job file fio rejected, with what fio said. */
static void
fio_rejected(const char *file)
{
	char out[600];

	snprintf(out, sizeof out, "cat '%s/%s.out' >&2", tmpdir, file);
	if (system(out) != 0)
		fprintf(stderr, "(no fio output)\n");
	fail_msg("fio --parse-only rejected %s", file);
}

/* Check job text structurally and, when fio is installed, with fio (or,
 * with file NULL, only structurally: the caller has fio parse it). */
static void
check_jobfile(const struct dd_plan *p, const char *text, const char *file)
{
	size_t writes = 0, runs = p->repeat != 0 ? p->repeat : 1;

	for (size_t i = 0; i < p->npoints; i++)
		writes += dd_pattern_writes(p->points[i].pattern);
	assert_true(strncmp(text, "; drivedash ", 12) == 0);
	assert_int_equal(count_of(text, "\n[global]\n"), 1);
	assert_contains(text, "\nioengine=io_uring\ndirect=1\nfilename=");
	assert_contains(text, "\nthread\ngroup_reporting=1\nfixedbufs=1\nregisterfiles=1\n"
			"randrepeat=0\nnorandommap=1\n");
	assert_int_equal(count_of(text, "\nstonewall\n"),
			 p->npoints * runs + (p->precondition_passes > 0));
	assert_int_equal(count_of(text, "; writes destroy data on the target\n"),
			 writes * runs + (p->precondition_passes > 0));
	assert_int_equal(count_of(text, "\nrw="), p->npoints * runs + (p->precondition_passes > 0));
	if (file != NULL && access(FIO, X_OK) == 0 && fio_parse(text, file) != 0)
		fio_rejected(file);
}

static void
test_fio_presets(void **state)
{
	const struct dd_preset_info *info;
	struct dd_preset_opts	     o = { .allow_write = true };
	struct dd_error		     err = { 0 };
	struct dd_plan		     p;
	char			    *text, file[64], files[2048];
	size_t			     n, n_files = 0;

	(void)state;
	files[0] = '\0';
	/* fio --parse-only has teeth: it rejects an unknown option. */
	if (access(FIO, X_OK) == 0)
		assert_int_not_equal(fio_parse("[global]\nbogus_option=1\n[x]\nrw=read\n",
					       "bogus.fio"), 0);
	/* Every preset's job file, parsed by one fio run (a fio start costs
	 * 0.2 s); only when that fails, one run each names the file. */
	info = plan_presets(&n);
	for (size_t i = 0; i < n; i++) {
		o.allow_write = i % 2 == 0;
		if (plan_preset(info[i].name, &o, &p, &err) == -EPERM) {
			o.allow_write = true;	/* dlio, cliff: writes only */
			assert_int_equal(plan_preset(info[i].name, &o, &p, &err), 0);
		}
		assert_int_equal(plan_resolve(&p, 64ull << 30, false, &err), 0);
		text = plan_fio_jobfile(&p, "/dev/nvme0n1", i == 0);
		assert_non_null(text);
		assert_contains(text, "filename=/dev/nvme0n1\n");
		assert_int_equal(count_of(text, "hipri=1"), i == 0);
		check_jobfile(&p, text, NULL);
		snprintf(file, sizeof file, "%s.fio", info[i].name);
		write_tmp(file, text, strlen(text));
		n_files += snprintf(files + n_files, sizeof files - n_files, "%s%s",
				    n_files ? " " : "", file);
		assert_true(n_files < sizeof files);
		free(text);
		plan_free(&p);
	}
	if (access(FIO, X_OK) == 0 && fio_parse_files(files, "presets.out") != 0) {
		for (const char *w = files; *w != '\0';) {
			size_t len = strcspn(w, " ");
			char   out[80];

			snprintf(file, sizeof file, "%.*s", (int)len, w);
			snprintf(out, sizeof out, "%s.out", file);
			if (fio_parse_files(file, out) != 0)
				fio_rejected(file);
			w += len + (w[len] == ' ');
		}
		fail_msg("fio --parse-only rejected the presets together, none alone");
	}

	/* Repeats become numbered sections. */
	assert_int_equal(plan_preset("cdm", NULL, &p, &err), 0);
	text = plan_fio_jobfile(&p, "/dev/nvme0n1", false);
	assert_contains(text, "\n[SEQ1M Q8T1 read run1]\n");
	assert_contains(text, "\n[RND4K Q1T1 read run5]\n");
	assert_contains(text, "; each point runs 5 times");
	assert_contains(text, "\n[SEQ1M Q8T1 read run1]\nstonewall\nrw=read\nbs=1048576\n"
			"iodepth=8\nnumjobs=1\niodepth_batch_submit=2\niodepth_batch_complete_min=2\n"
			"iodepth_batch_complete_max=8\ntime_based=1\n"
			"runtime=5\nramp_time=1\n\n");
	/* QD1 waits for every completion: no batch line. */
	assert_contains(text, "\n[RND4K Q1T1 read run1]\nstonewall\nrw=randread\nbs=4096\n"
			"iodepth=1\nnumjobs=1\ntime_based=1\n");
	free(text);
	plan_free(&p);
}

static void
test_fio_points(void **state)
{
	static const char text_in[] =
		"plan fio shapes\n"
		"precondition 1.5\n"
		"steady-state on\n"
		"read bs=128k jobs=4 range=1g time=2.5\n"
		"read bs=128k jobs=3\n"
		"write bs=128k jobs=128\n"
		"randrw read=70 qd=8 jobs=2 offset=1m range=64m iopoll=1\n"
		"randread size=1g jobs=4 ramp=0\n"
		"read bs=1m offset=1g jobs=2\n"
		"name=global\n";
	struct dd_plan	p;
	struct dd_error err = { 0 };
	char	       *text;

	(void)state;
	if (plan_parse_text(text_in, "shapes.plan", &p, &err) != 0)
		fail_msg("%s", err.msg);
	text = plan_fio_jobfile(&p, "/tmp/a:b", false);
	assert_non_null(text);
	check_jobfile(&p, text, "shapes.fio");
	assert_contains(text, "filename=/tmp/a\\:b\n");
	assert_contains(text, "; steady-state rounds");
	assert_contains(text, "; this job file WRITES to /tmp/a:b\n");
	/* Preconditioning: whole passes when the size is unknown. */
	assert_contains(text, "[precondition]\nstonewall\nrw=write\nbs=128k\niodepth=32\n"
			"numjobs=1\n; rounded up to 2 whole passes");
	assert_contains(text, "\nloops=2\n");
	/* Sequential multi-job: disjoint regions. */
	assert_contains(text, "[128K read QD1 x4]\nstonewall\nrw=read\nbs=131072\niodepth=1\n"
			"numjobs=4\ntime_based=1\nruntime=2500ms\nramp_time=2\n"
			"size=268435456\noffset_increment=268435456\n");
	assert_contains(text, "; approximate: 33% of the target per job");
	assert_contains(text, "size=33%\noffset_increment=33%\n");
	assert_contains(text, "here the 128 jobs overlap");
	/* Mix, region, per-point polling. */
	assert_contains(text, "; writes destroy data on the target\n[4K randrw70 QD8 x2]\n"
			"stonewall\nrw=randrw\nrwmixread=70\nbs=4096\niodepth=8\nnumjobs=2\n"
			"iodepth_batch_submit=2\niodepth_batch_complete_min=2\niodepth_batch_complete_max=8\n"
			"hipri=1\ntime_based=1\nruntime=10\nramp_time=2\noffset=1048576\n"
			"size=67108864\n");
	/* Byte budget: divided per job, not time based. */
	assert_contains(text, "[4K randread QD1 x4]\nstonewall\nrw=randread\nbs=4096\n"
			"iodepth=1\nnumjobs=4\nio_size=268435456\nramp_time=0\n\n");
	assert_contains(text, "[1M read QD1 x2]\nstonewall\nrw=read\nbs=1048576\niodepth=1\n"
			"numjobs=2\ntime_based=1\nruntime=10\nramp_time=2\noffset=1073741824\n"
			"; disjoint per-job regions need the target size");
	assert_contains(text, "\n[global point]\n");
	free(text);

	/* With the target size, regions and passes are exact. */
	text = plan_fio_jobfile_sized(&p, "/tmp/a:b", 4ull << 30, false);
	assert_non_null(text);
	check_jobfile(&p, text, "shapes-sized.fio");
	assert_contains(text, "\nio_size=6442450944\n");
	assert_null(strstr(text, "loops="));
	assert_contains(text, "numjobs=3\ntime_based=1\nruntime=10\nramp_time=2\n"
			"size=1431568384\noffset_increment=1431568384\n");
	assert_contains(text, "numjobs=128\ntime_based=1\nruntime=10\nramp_time=2\n"
			"size=33554432\noffset_increment=33554432\n");
	assert_contains(text, "offset=1073741824\nsize=1610612736\n"
			"offset_increment=1610612736\n");
	free(text);

	/* A newline in the path cannot be written, nor any control character
	 * (a job file is printed on a terminal by --print-fio). */
	assert_null(plan_fio_jobfile(&p, "/dev/x\ny", false));
	assert_null(plan_fio_jobfile(&p, "/dev/x\x1b]52;c;SGVsbG8=\x07", false));
	assert_null(plan_fio_jobfile(&p, "/dev/x\ty", false));
	plan_free(&p);
}

/* Parse plan text that must parse. */
static void
kparse_ok(const char *text, struct dd_plan *p)
{
	struct dd_error err = { 0 };
	int		rc = plan_parse_text(text, "k.plan", p, &err);

	if (rc != 0)
		fail_msg("%s", err.msg);
}

/* curve, checkpoint and cliff directives: kinds, groups, names, defaults. */
static void
test_kind_directives(void **state)
{
	struct dd_plan	 p;
	struct dd_point *pt;

	(void)state;
	kparse_ok("defaults time=3\n"
		 "curve randread bs=4k qd=32 jobs=4 profile=\"4K random read\" steps=10,20,50\n"
		 "read bs=128k\n"
		 "curve randrw70 bs=8k qd=16 jobs=4 steps=10-120/10 name=\"mix\"\n"
		 "checkpoint\n"
		 "checkpoint bs=2m jobs=4 qd=2 passes=2 count=3 ckpt=10% name=ck\n"
		 "checkpoint ckpt=1636g\n"
		 "cliff\n"
		 "cliff randwrite bs=4k time=30s\n", &p);
	assert_int_equal(p.npoints, 4 + 1 + 13 + 3 + 2);
	pt = p.points;
	assert_int_equal(pt[0].kind, DD_KIND_CURVE_MAX);
	assert_int_equal(pt[0].group, 1);
	assert_true(pt[0].rate_pct == 0 && pt[0].rate_iops == 0);
	assert_string_equal(pt[0].name, "4K randread QD32 x4 max");
	assert_string_equal(pt[0].profile, "4K random read");
	for (unsigned i = 1; i <= 3; i++) {
		assert_int_equal(pt[i].kind, DD_KIND_CURVE_STEP);
		assert_int_equal(pt[i].group, 1);
		assert_int_equal(pt[i].seq, i);
		assert_string_equal(pt[i].profile, "4K random read");
		assert_true(pt[i].runtime_s == 3);
		assert_int_equal(pt[i].iodepth, 32);
	}
	assert_true(pt[1].rate_pct == 10 && pt[2].rate_pct == 20 && pt[3].rate_pct == 50);
	assert_string_equal(pt[3].name, "4K randread QD32 x4 @50%");
	assert_int_equal(pt[4].kind, DD_KIND_POINT);
	assert_int_equal(pt[4].group, 0);
	/* The range form and a given name; a new group. */
	assert_int_equal(pt[5].kind, DD_KIND_CURVE_MAX);
	assert_int_equal(pt[5].group, 2);
	assert_string_equal(pt[5].name, "mix max");
	assert_int_equal(pt[5].read_pct, 70);
	assert_true(pt[6].rate_pct == 10 && pt[17].rate_pct == 120);
	assert_string_equal(pt[17].name, "mix @120%");
	assert_int_equal(pt[17].seq, 12);
	/* checkpoint defaults: 8 ranks, 1M, a write, flushed, 3 passes, sized
	 * by plan_resolve. */
	pt = &p.points[18];
	assert_int_equal(pt->kind, DD_KIND_CHECKPOINT);
	assert_int_equal(pt->group, 3);
	assert_int_equal(pt->pass, 0);
	assert_int_equal(pt->numjobs, 8);
	assert_int_equal(pt->bs, 1024 * 1024);
	assert_int_equal(pt->pattern, DD_WRITE);
	assert_true(pt->end_fsync);
	assert_int_equal(pt->ckpt.passes, 3);
	assert_int_equal(pt->ckpt.count, 0);
	assert_true(pt->ckpt.size_pct == 0 && pt->bytes == 0 && pt->runtime_s == 0);
	assert_string_equal(pt->profile, "checkpoint");
	assert_string_equal(pt->name, "checkpoint x8");
	pt++;
	assert_int_equal(pt->group, 4);
	assert_int_equal(pt->numjobs, 4);
	assert_int_equal(pt->bs, 2 * 1024 * 1024);
	assert_int_equal(pt->iodepth, 2);
	assert_int_equal(pt->ckpt.passes, 2);
	assert_int_equal(pt->ckpt.count, 3);
	assert_true(pt->ckpt.size_pct == 10);
	assert_string_equal(pt->name, "ck");
	pt++;
	assert_true(pt->bytes == 1636ull << 30);
	/* cliff: 128K sequential write QD32, 1 s intervals, no ramp; no budget
	 * = one pass over the target (plan_resolve). */
	pt++;
	assert_int_equal(pt->kind, DD_KIND_CLIFF);
	assert_int_equal(pt->pattern, DD_WRITE);
	assert_int_equal(pt->bs, 128 * 1024);
	assert_int_equal(pt->iodepth, 32);
	assert_int_equal(pt->interval_ms, 1000);
	assert_true(pt->ramp_s == 0 && pt->runtime_s == 0 && pt->bytes == 0);
	assert_string_equal(pt->name, "cliff 128K write QD32 x1");
	assert_true(plan_has_byte_budget(&p));
	pt++;
	assert_int_equal(pt->pattern, DD_RANDWRITE);
	assert_int_equal(pt->bs, 4096);
	assert_true(pt->runtime_s == 30);
	plan_free(&p);
}

/* matrix: a mix at every IODepth x NumJobs, the reviews' order and default. */
static void
test_matrix(void **state)
{
	struct dd_plan p;

	(void)state;
	kparse_ok("matrix randrw read=70 bs=4k time=2 qd=1-8 jobs=1,4\n", &p);
	assert_int_equal(p.npoints, 8);
	for (size_t i = 0; i < p.npoints; i++) {
		assert_int_equal(p.points[i].pattern, DD_RANDRW);
		assert_int_equal(p.points[i].read_pct, 70);
		assert_int_equal(p.points[i].kind, DD_KIND_POINT);
		assert_int_equal(p.points[i].iodepth, 1u << (i % 4));
		assert_int_equal(p.points[i].numjobs, i < 4 ? 1 : 4);
		assert_true(p.points[i].runtime_s == 2);
	}
	assert_string_equal(p.points[5].name, "4K randrw70 QD2 x4");
	plan_free(&p);
	kparse_ok("matrix randread bs=16k\n", &p);
	assert_int_equal(p.npoints, 30);	/* 1-32 x 1-16 */
	assert_int_equal(p.points[29].iodepth, 32);
	assert_int_equal(p.points[29].numjobs, 16);
	plan_free(&p);
}

/* Bad directives: one sentence each, naming file:line. */
static void
test_kind_errors(void **state)
{
	static const struct {
		const char *text, *msg;
	} bad[] = {
		{ "curve", "k.plan:1: curve needs a point spec" },
		{ "read\ncurve steps=10", "k.plan:2: curve needs a point spec" },
		{ "curve randread steps=0,10", "k.plan:1: steps: '0' is not a percentage from 1 to 200" },
		{ "curve randread steps=20,10", "k.plan:1: curve steps must be ascending" },
		{ "curve randread steps=10-300/10", "k.plan:1: steps '10-300/10': a range" },
		{ "curve randread steps=x", "k.plan:1: steps: 'x' is not a percentage" },
		{ "curve randread size=1g", "k.plan:1: a curve's points run for a time, not a size" },
		{ "curve randread bogus=1", "k.plan:1: point 'randread bogus=1': unknown key 'bogus'" },
		{ "checkpoint read", "k.plan:1: checkpoint: a checkpoint writes; 'read' reads" },
		{ "checkpoint time=5", "k.plan:1: checkpoint: a checkpoint is sized, not timed" },
		{ "checkpoint ckpt=0%", "k.plan:1: checkpoint: ckpt '0%' is not a share" },
		{ "checkpoint ckpt=lots", "k.plan:1: checkpoint: ckpt 'lots' is neither a byte count" },
		{ "checkpoint passes=99", "k.plan:1: checkpoint: passes must be a whole number from 1 to 16" },
		{ "checkpoint count=0", "k.plan:1: checkpoint: count must be a whole number from 1" },
		{ "checkpoint passes=16 count=100", "k.plan:1: checkpoint: passes x count is more than 1024" },
		{ "cliff randread", "k.plan:1: cliff: a cliff point writes; 'randread' reads" },
		{ "cliff steps=10", "k.plan:1: point 'steps=10': unknown key 'steps'" },
		{ "matrix", "k.plan:1: matrix needs a point spec" },
		{ "matrix randread qd=1-3", "k.plan:1: matrix qd '1-3': a range is two powers" },
		{ "matrix randread jobs=4,2", "k.plan:1: matrix jobs: '2' is not an ascending" },
		{ "matrix randread qd=0", "k.plan:1: matrix qd: '0' is not an ascending" },
		{ "matrix randread name=x", "k.plan:1: matrix: its points are named by their shape" },
	};
	struct dd_error err;
	struct dd_plan	p;

	(void)state;
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		memset(&err, 0, sizeof err);
		assert_int_equal(plan_parse_text(bad[i].text, "k.plan", &p, &err), -EINVAL);
		if (strncmp(err.msg, bad[i].msg, strlen(bad[i].msg)) != 0)
			fail_msg("'%s': got '%s', want '%s...'", bad[i].text, err.msg, bad[i].msg);
		assert_int_equal(p.npoints, 0);
	}
}

/* plan_append_curve: groups follow the plan, names fit, errors roll back. */
static void
test_append_curve(void **state)
{
	static const unsigned pcts[] = { 25, 50, 100, 120 }, bad[] = { 50, 50 };
	struct dd_error	      err = { 0 };
	struct dd_point	      shape;
	struct dd_plan	      p;

	(void)state;
	plan_init(&p, "t");
	assert_int_equal(plan_parse_point("randwrite,bs=64k,qd=32,jobs=4,time=2", NULL, &shape,
					  &err), 0);
	snprintf(shape.profile, sizeof shape.profile, "64K random write");
	assert_int_equal(plan_append_curve(&p, &shape, pcts, 4, &err), 0);
	assert_int_equal(plan_append_curve(&p, &shape, pcts, 2, &err), 0);
	assert_int_equal(p.npoints, 5 + 3);
	assert_int_equal(p.points[4].group, 1);
	assert_int_equal(p.points[5].group, 2);
	assert_string_equal(p.points[4].name, "64K randwrite QD32 x4 @120%");
	assert_string_equal(p.points[7].profile, "64K random write");
	/* A long name is cut before the step, never the step. */
	memset(shape.name, 'n', sizeof shape.name - 1);
	shape.name[sizeof shape.name - 1] = '\0';
	assert_int_equal(plan_append_curve(&p, &shape, pcts + 3, 1, &err), 0);
	assert_int_equal(strlen(p.points[9].name), DD_POINT_NAME_MAX - 1);
	assert_non_null(strstr(p.points[9].name, "n @120%"));
	assert_int_equal(p.points[9].group, 3);
	assert_int_equal(plan_append_curve(&p, &shape, bad, 2, &err), -EINVAL);
	assert_int_equal(plan_append_curve(&p, &shape, pcts, 0, &err), -EINVAL);
	assert_int_equal(p.npoints, 10);
	plan_free(&p);
}

#define TB 1000000000000ull

/* Count the expanded checkpoints of group g per pass; check each in its
 * own region, sized in whole ranks x bs, and return the count per pass. */
static unsigned
ckpt_per_pass(const struct dd_plan *p, unsigned g, unsigned passes, uint64_t size)
{
	unsigned per[17] = { 0 }, n = 0;

	for (size_t i = 0; i < p->npoints; i++) {
		const struct dd_point *pt = &p->points[i];

		if (pt->kind != DD_KIND_CHECKPOINT || pt->group != g)
			continue;
		assert_in_range(pt->pass, 1, passes);
		assert_int_equal(pt->seq, ++per[pt->pass]);
		assert_true(pt->bytes > 0 && pt->bytes == pt->size);
		assert_int_equal(pt->bytes % ((uint64_t)pt->numjobs * pt->bs), 0);
		assert_true(pt->offset + pt->bytes <= size);
		assert_int_equal(pt->offset % pt->bytes, 0);
		assert_true(pt->end_fsync);
		n++;
	}
	for (unsigned ps = 2; ps <= passes; ps++)
		assert_int_equal(per[ps], per[1]);
	assert_int_equal(n, per[1] * passes);
	return per[1];
}

/* plan_resolve: checkpoint counts by size, scratch regions, idempotence. */
static void
test_plan_resolve(void **state)
{
	struct dd_error err = { 0 };
	struct dd_plan	p, q;
	uint64_t	sizes[] = { 7680 * TB / 1000, 256ull << 20, 64ull << 30, 3840 * TB / 1000 };

	(void)state;
	/* The reviews' ratio: 4 a pass (checkpoint 12 after 3 passes) on a
	 * 7.68 TB drive and, scaled, on any target up to it. */
	for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
		kparse_ok("checkpoint\n", &p);
		assert_int_equal(plan_resolve(&p, sizes[i], false, &err), 0);
		assert_int_equal(p.npoints, 12);
		assert_int_equal(ckpt_per_pass(&p, 1, 3, sizes[i]), 4);
		assert_string_equal(p.points[11].name, "checkpoint x8 p3 #4");
		/* each checkpoint of a pass its own region */
		for (size_t k = 1; k < 4; k++)
			assert_true(p.points[k].offset == p.points[k - 1].offset + p.points[0].bytes);
		assert_true(p.points[4].offset == p.points[0].offset);
		plan_free(&p);
	}
	/* 7.68 TB: the review's 1,636 GB (to whole 8 x 1M). */
	kparse_ok("checkpoint\n", &p);
	assert_int_equal(plan_resolve(&p, 7680 * TB / 1000, false, &err), 0);
	assert_true(p.points[0].bytes <= 1636000000000ull &&
		    p.points[0].bytes > 1636000000000ull - 8 * 1048576);
	plan_free(&p);
	/* 15.36 TB (the CM9-R): the same 1,636 GB checkpoint, more of them. */
	kparse_ok("checkpoint\n", &p);
	assert_int_equal(plan_resolve(&p, 15360 * TB / 1000, false, &err), 0);
	assert_int_equal(ckpt_per_pass(&p, 1, 3, 15360 * TB / 1000), 9);
	plan_free(&p);
	/* Given count cycles through the target; a given size and passes. */
	kparse_ok("checkpoint count=7 passes=2 ckpt=30%\n", &p);
	assert_int_equal(plan_resolve(&p, 1ull << 30, false, &err), 0);
	assert_int_equal(ckpt_per_pass(&p, 1, 2, 1ull << 30), 7);
	assert_true(p.points[3].offset == 0);	/* 3 fit: the 4th starts over */
	plan_free(&p);
	/* Too small a target, an unknown size: a sentence each. */
	kparse_ok("checkpoint ckpt=1g\n", &p);
	assert_int_equal(plan_resolve(&p, 512ull << 20, false, &err), -EINVAL);
	assert_contains(err.msg, "does not fit");
	assert_int_equal(p.npoints, 1);
	assert_int_equal(plan_resolve(&p, 0, false, &err), -EINVAL);
	assert_contains(err.msg, "unknown");
	plan_free(&p);
	/* A scratch target: region=25% becomes the whole file; a budget-less
	 * cliff is one pass over it; resolving twice changes nothing. */
	kparse_ok("curve randread bs=4k qd=32 jobs=4 time=1 region=25% steps=50\n"
		 "checkpoint\ncliff\nread region=25%\n", &p);
	assert_int_equal(p.points[0].region_pct, 25);
	assert_int_equal(plan_resolve(&p, 256ull << 20, true, &err), 0);
	assert_int_equal(p.npoints, 2 + 12 + 1 + 1);
	for (size_t i = 0; i < p.npoints; i++)
		assert_int_equal(p.points[i].region_pct, 0);
	assert_int_equal(p.points[14].kind, DD_KIND_CLIFF);
	assert_true(p.points[14].bytes == 256ull << 20);
	plan_init(&q, "copy");
	for (size_t i = 0; i < p.npoints; i++)
		assert_int_equal(plan_append(&q, &p.points[i], &err), 0);
	assert_int_equal(plan_resolve(&p, 256ull << 20, true, &err), 0);
	assert_int_equal(plan_resolve(&p, 1ull << 40, false, &err), 0);
	assert_int_equal(p.npoints, q.npoints);
	assert_memory_equal(p.points, q.points, q.npoints * sizeof *q.points);
	plan_free(&q);
	plan_free(&p);
	/* Not scratch: the region stays, for the engine to take from the
	 * drive. */
	kparse_ok("read region=25%\n", &p);
	assert_int_equal(plan_resolve(&p, 1ull << 40, false, &err), 0);
	assert_int_equal(p.points[0].region_pct, 25);
	plan_free(&p);
}

/* The VDBench profiles: name, profile as the specs database spells it,
 * pattern, bs, outstanding I/Os (jobs x qd), whether it writes. */
static const struct {
	const char     *preset, *profile;
	enum dd_pattern pat;
	unsigned	bs, threads;
} vdb[] = {
	{ "vdbench-4k-randread", "4K random read", DD_RANDREAD, 4096, 128 },
	{ "vdbench-4k-randwrite", "4K random write", DD_RANDWRITE, 4096, 128 },
	{ "vdbench-64k-randread", "64K random read", DD_RANDREAD, 65536, 128 },
	{ "vdbench-64k-randwrite", "64K random write", DD_RANDWRITE, 65536, 128 },
	{ "vdbench-16k-seqread", "16K sequential read", DD_READ, 16384, 32 },
	{ "vdbench-16k-seqwrite", "16K sequential write", DD_WRITE, 16384, 16 },
	{ "vdbench-64k-seqread", "64K sequential read", DD_READ, 65536, 32 },
	{ "vdbench-64k-seqwrite", "64K sequential write", DD_WRITE, 65536, 16 },
	{ "vdbench-4k-7030", "4K 70/30", DD_RANDRW, 4096, 64 },
	{ "vdbench-8k-7030", "8K 70/30", DD_RANDRW, 8192, 64 },
	{ "vdbench-16k-7030", "16K 70/30", DD_RANDRW, 16384, 64 },
};

/* Every data preset parses; the VDBench ones are the reviews' profiles. */
static void
test_data_presets(void **state)
{
	struct dd_preset_opts o = { .allow_write = true, .time_scale = 0.5 };
	struct dd_error	      err = { 0 };
	struct dd_plan	      p, all;

	(void)state;
	assert_int_equal(plan_preset("vdbench", &o, &all, &err), 0);
	assert_int_equal(all.npoints, 13 * (sizeof vdb / sizeof vdb[0]));
	assert_true(all.precondition_passes == 1);
	for (size_t i = 0; i < sizeof vdb / sizeof vdb[0]; i++) {
		assert_int_equal(plan_preset(vdb[i].preset, &o, &p, &err), 0);
		assert_string_equal(p.name, vdb[i].preset);
		assert_true(p.precondition_passes == 1);	/* the full fill */
		assert_int_equal(p.npoints, 13);
		for (size_t k = 0; k < p.npoints; k++) {
			const struct dd_point *pt = &p.points[k], *a = &all.points[13 * i + k];

			assert_int_equal(pt->kind, k == 0 ? DD_KIND_CURVE_MAX : DD_KIND_CURVE_STEP);
			assert_true(pt->rate_pct == 10.0 * (double)k);
			assert_string_equal(pt->profile, vdb[i].profile);
			assert_int_equal(pt->pattern, vdb[i].pat);
			assert_int_equal(pt->bs, vdb[i].bs);
			assert_int_equal(pt->iodepth * pt->numjobs, vdb[i].threads);
			assert_int_equal(pt->region_pct, 25);
			assert_true(pt->runtime_s == 2 && pt->ramp_s == 0.5);
			if (pt->pattern == DD_RANDRW)
				assert_int_equal(pt->read_pct, 70);
			/* vdbench holds the same curves, in this order */
			assert_string_equal(a->profile, pt->profile);
			assert_string_equal(a->name, pt->name);
			assert_int_equal(a->group, i + 1);
		}
		plan_free(&p);
	}
	plan_free(&all);
	/* Read-only: the write curves go whole, and the full fill with them. */
	o.allow_write = false;
	assert_int_equal(plan_preset("vdbench", &o, &all, &err), 0);
	assert_string_equal(all.name, "vdbench (read-only)");
	assert_int_equal(all.npoints, 13 * 4);
	assert_true(all.precondition_passes == 0);
	assert_false(plan_writes(&all));
	plan_free(&all);
	assert_int_equal(plan_preset("vdbench-4k-randwrite", &o, &p, &err), -EPERM);
	/* dlio and cliff. */
	o.allow_write = true;
	assert_int_equal(plan_preset("dlio", &o, &p, &err), 0);
	assert_int_equal(p.npoints, 1);
	assert_int_equal(p.points[0].kind, DD_KIND_CHECKPOINT);
	assert_int_equal(p.points[0].numjobs, 8);
	assert_int_equal(p.points[0].ckpt.passes, 3);
	assert_string_equal(p.points[0].profile, "checkpoint");
	plan_free(&p);
	assert_int_equal(plan_preset("cliff", &o, &p, &err), 0);
	assert_int_equal(p.points[0].kind, DD_KIND_CLIFF);
	assert_int_equal(p.points[0].interval_ms, 1000);
	assert_true(plan_has_byte_budget(&p));
	plan_free(&p);
	/* threads and gdsio: the same plan, DD_KIND_THREADS, GDSIO's profile. */
	assert_int_equal(plan_preset("threads", &o, &all, &err), 0);
	assert_int_equal(plan_preset("gdsio", &o, &p, &err), 0);
	assert_int_equal(p.npoints, all.npoints);
	for (size_t k = 0; k < p.npoints; k++) {
		assert_int_equal(p.points[k].kind, DD_KIND_THREADS);
		assert_string_equal(p.points[k].profile,
				    dd_pattern_writes(p.points[k].pattern) ? "write" : "read");
		assert_string_equal(p.points[k].name, all.points[k].name);
	}
	plan_free(&p);
	plan_free(&all);
}

/* The pacing, region and flush keys, their errors, names and fio twins. */
static void
test_point_rate_keys(void **state)
{
	static const struct {
		const char *spec, *want;
	} bad[] = {
		{ "rate=-1", "rate '-1' is not a rate" },
		{ "rate=abc", "rate 'abc' is not a rate" },
		{ "rate=2g", "rate '2g' is not a rate" },
		{ "rate=1001m", "rate must be between 0 and 1000m IOPS" },
		{ "region=0%", "region must be between 1 and 100" },
		{ "region=101", "region must be between 1 and 100" },
		{ "region=25% range=1g", "give region or range, not both" },
		{ "fsync=2", "fsync must be 0 or 1, not '2'" },
	};
	struct dd_point pt;
	struct dd_plan	p;
	struct dd_error err = { 0 };
	char	       *text;

	(void)state;
	if (plan_parse_point("randread qd=16 jobs=3 rate=20k region=25% fsync=1", NULL, &pt,
			     &err) != 0)
		fail_msg("%s", err.msg);
	assert_true(pt.rate_iops == 20000);
	assert_int_equal(pt.region_pct, 25);
	assert_true(pt.end_fsync);
	assert_string_equal(pt.name, "4K randread QD16 x3 @20k IOPS");
	assert_int_equal(plan_parse_point("randread rate=1.5m region=7 rate_iops=0", NULL, &pt,
					  &err), 0);
	assert_true(pt.rate_iops == 0);
	assert_int_equal(pt.region_pct, 7);
	assert_int_equal(plan_parse_point("randread rate=1.5m", NULL, &pt, &err), 0);
	assert_true(pt.rate_iops == 1.5e6);
	assert_string_equal(pt.name, "4K randread QD1 x1 @1.5M IOPS");
	assert_int_equal(plan_parse_point("randrw100 bs=64m qd=4096 jobs=1024 rate=999.9m",
					  NULL, &pt, &err), 0);
	assert_true(strlen(pt.name) < DD_POINT_NAME_MAX - 1);
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		assert_int_equal(plan_parse_point(bad[i].spec, NULL, &pt, &err), -EINVAL);
		assert_contains(err.msg, bad[i].want);
	}
	if (plan_parse_text("randread qd=16 jobs=3 rate=20k region=25% fsync=1\n"
			    "randwrite qd=4 jobs=2 rate=500 fsync=1\n", "rate.plan", &p, &err) != 0)
		fail_msg("%s", err.msg);
	text = plan_fio_jobfile(&p, "/dev/nvme0n1", false);
	assert_non_null(text);
	check_jobfile(&p, text, "rate.fio");
	/* fio's rate_iops is per job: 20000 / 3 does not divide, 500 / 2 does. */
	assert_contains(text, "; drivedash paces 20000 IOPS over 3 jobs; fio's rate_iops is "
			"per job, rounded\nrate_iops=6667\n");
	assert_contains(text, "\nrate_iops=250\nend_fsync=1\n");
	assert_contains(text, "\nsize=25%\n");
	assert_int_equal(count_of(text, "\nend_fsync=1\n"), 2);
	/* Paced points wait for every completion: no batch lines. */
	assert_int_equal(count_of(text, "iodepth_batch_complete_min"), 0);
	free(text);
	/* A curve step whose rate is not resolved: a comment, no rate_iops. */
	p.points[0].kind = DD_KIND_CURVE_STEP;
	p.points[0].rate_iops = 0;
	p.points[0].rate_pct = 50;
	text = plan_fio_jobfile(&p, "/dev/nvme0n1", false);
	assert_non_null(text);
	assert_contains(text, "; load curve step: rate_iops is 50 % of the maximum");
	assert_int_equal(count_of(text, "\nrate_iops="), 1);
	free(text);
	plan_free(&p);
}

/* The byte-budget presets' time: their bytes at the spec's sequential write
 * on a drive of known size, or NAN (unknown), never a silent 0:00. */
static void
test_estimate_budgets(void **state)
{
	struct dd_preset_opts o = { .time_scale = 1, .allow_write = true };
	struct dd_error	      err = { 0 };
	struct dd_plan	      p;
	double		      tb = 7.68e12, s;

	(void)state;
	assert_int_equal(plan_preset("cliff", &o, &p, &err), 0);
	assert_true(plan_has_byte_budget(&p));
	/* The whole 7.68 TB at 7,000 MB/s: about 18 minutes. */
	s = plan_estimate_on(&p, (uint64_t)tb, 7000, NAN);
	assert_true(fabs(s - tb / 7e9) < 1);
	/* Resolved against the target already: the same. */
	assert_int_equal(plan_resolve(&p, (uint64_t)tb, false, &err), 0);
	assert_true(fabs(plan_estimate_on(&p, 0, 7000, NAN) - s) < 1e-6);
	/* No write speed, or no size to follow: unknown. */
	assert_true(isnan(plan_estimate_on(&p, (uint64_t)tb, NAN, 7000)));
	plan_free(&p);
	assert_int_equal(plan_preset("cliff", &o, &p, &err), 0);
	assert_true(isnan(plan_estimate_on(&p, 0, 7000, NAN)));
	plan_free(&p);

	/* dlio: three passes of checkpoints over the target. */
	assert_int_equal(plan_preset("dlio", &o, &p, &err), 0);
	s = plan_estimate_on(&p, (uint64_t)tb, 7000, NAN);
	assert_true(s > 2.5 * tb / 7e9 && s <= 3 * tb / 7e9 + 1);
	plan_free(&p);

	/* A time-based plan: plan_estimate_seconds, whatever the rates. */
	o.allow_write = false;
	assert_int_equal(plan_preset("spot", &o, &p, &err), 0);
	assert_true(plan_estimate_on(&p, 0, NAN, NAN) == plan_estimate_seconds(&p));
	plan_free(&p);
	/* A random byte budget is not timed by a sequential figure. */
	plan_init(&p, "t");
	assert_int_equal(plan_parse_text("randwrite bs=4k size=1g\nread bs=128k size=1g\n", "t",
					 &p, &err), 0);
	assert_true(isnan(plan_estimate_on(&p, 0, 1000, 1000)));
	plan_free(&p);
	assert_int_equal(plan_parse_text("read bs=128k size=1g\nwrite bs=128k size=2g\n", "t",
					 &p, &err), 0);
	assert_true(fabs(plan_estimate_on(&p, 0, 1000, 500) -
			 ((double)p.points[0].bytes / 500e6 + (double)p.points[1].bytes / 1000e6)) <
		    1e-6);
	assert_true(p.points[0].bytes > 0 && p.points[1].bytes == 2 * p.points[0].bytes);
	plan_free(&p);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_pattern_names),
		cmocka_unit_test(test_point_vocabulary),
		cmocka_unit_test(test_point_defaults),
		cmocka_unit_test(test_point_keys),
		cmocka_unit_test(test_point_batch),
		cmocka_unit_test(test_point_spin),
		cmocka_unit_test(test_point_autoname),
		cmocka_unit_test(test_point_errors),
		cmocka_unit_test(test_plan_append),
		cmocka_unit_test(test_plan_text),
		cmocka_unit_test(test_plan_text_errors),
		cmocka_unit_test(test_plan_load_file),
		cmocka_unit_test(test_preset_review),
		cmocka_unit_test(test_preset_spot),
		cmocka_unit_test(test_preset_cdm),
		cmocka_unit_test(test_preset_threads),
		cmocka_unit_test(test_preset_errors),
		cmocka_unit_test(test_fio_presets),
		cmocka_unit_test(test_fio_points),
		cmocka_unit_test(test_kind_directives),
		cmocka_unit_test(test_kind_errors),
		cmocka_unit_test(test_matrix),
		cmocka_unit_test(test_append_curve),
		cmocka_unit_test(test_plan_resolve),
		cmocka_unit_test(test_data_presets),
		cmocka_unit_test(test_estimate_budgets),
		cmocka_unit_test(test_point_rate_keys),
	};

	return cmocka_run_group_tests_name("plan", tests, setup, teardown);
}
