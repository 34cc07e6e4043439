/* Unit tests for src/core/format.c and the query squeezing in specdb. */
#include "config.h"

#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "core/format.h"
#include "core/specdb.h"
#include "io/engine.h"

static void
test_number(void **state)
{
	static const struct {
		double	    v;
		int	    dec;
		const char *want;
	} cases[] = {
		{ 0, 0, "0" },
		{ 999, 0, "999" },
		{ 1000, 0, "1,000" },
		{ 14800, 0, "14,800" },
		{ 2165000, 0, "2,165,000" },
		{ 6912.4, 1, "6,912.4" },
		{ 6912.40, 2, "6,912.4" },
		{ 7.68, 2, "7.68" },
		{ 12.8, 2, "12.8" },
		{ 30.0, 2, "30" },
		{ -1234.5, 1, "-1,234.5" },
		{ 123456789, 0, "123,456,789" },
	};
	char buf[64];

	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
		assert_string_equal(fmt_number(cases[i].v, cases[i].dec, buf, sizeof buf),
				    cases[i].want);
	assert_string_equal(fmt_number(NAN, 2, buf, sizeof buf), "-");
}

static void
test_capacity(void **state)
{
	char buf[32];

	(void)state;
	assert_string_equal(fmt_capacity(7680, buf, sizeof buf), "7.68 TB");
	assert_string_equal(fmt_capacity(15360, buf, sizeof buf), "15.36 TB");
	assert_string_equal(fmt_capacity(12800, buf, sizeof buf), "12.8 TB");
	assert_string_equal(fmt_capacity(61440, buf, sizeof buf), "61.44 TB");
	assert_string_equal(fmt_capacity(960, buf, sizeof buf), "960 GB");
	assert_string_equal(fmt_capacity(1000, buf, sizeof buf), "1 TB");
}

static void
test_block_size(void **state)
{
	char buf[16];

	(void)state;
	assert_string_equal(fmt_block_size(4096, buf, sizeof buf), "4K");
	assert_string_equal(fmt_block_size(131072, buf, sizeof buf), "128K");
	assert_string_equal(fmt_block_size(1048576, buf, sizeof buf), "1M");
	assert_string_equal(fmt_block_size(512, buf, sizeof buf), "512");
	assert_string_equal(fmt_block_size(-1, buf, sizeof buf), "-");
}

static void
test_figure(void **state)
{
	char buf[64];

	(void)state;
	assert_string_equal(fmt_figure("eq", 2600000, NAN, "IOPS", buf, sizeof buf),
			    "2,600,000 IOPS");
	assert_string_equal(fmt_figure("approx", 30, NAN, "us", buf, sizeof buf), "~30 \u00b5s");
	assert_string_equal(fmt_figure_cs("approx", 30, NAN, "us", false, buf, sizeof buf),
			    "~30 us");
	assert_string_equal(fmt_figure("range", 200000, 250000, "IOPS", buf, sizeof buf),
			    "200,000\u2013250,000 IOPS");
	assert_string_equal(fmt_figure_cs("range", 200000, 250000, "IOPS", false, buf, sizeof buf),
			    "200,000-250,000 IOPS");
	/* An approximate range keeps both its mark and its ends. */
	assert_string_equal(fmt_figure("approx", 11, 12, "GB/s", buf, sizeof buf),
			    "~11\u201312 GB/s");
	assert_string_equal(fmt_figure_cs("approx", 11, 12, "GB/s", false, buf, sizeof buf),
			    "~11-12 GB/s");
	assert_string_equal(fmt_figure("range", -40, 85, "C", buf, sizeof buf), "-40\u201385 C");
	assert_string_equal(fmt_figure("lt", 100, NAN, "us", buf, sizeof buf), "< 100 \u00b5s");
	assert_string_equal(fmt_figure("gt", 10400, NAN, "MB/s", buf, sizeof buf),
			    "> 10,400 MB/s");
	/* The marks alone, around numbers formatted elsewhere (compare's 32.3K). */
	assert_string_equal(fmt_qualify("approx", "32.3K", NULL, true, buf, sizeof buf), "~32.3K");
	assert_string_equal(fmt_qualify("eq", "30", NULL, true, buf, sizeof buf), "30");
	assert_string_equal(fmt_qualify(NULL, "30", NULL, true, buf, sizeof buf), "30");
	assert_string_equal(fmt_qualify("le", "5", NULL, true, buf, sizeof buf), "<= 5");
	assert_string_equal(fmt_qualify("range", "200K", "250K", false, buf, sizeof buf),
			    "200K-250K");
	assert_string_equal(fmt_qualify("approx", "11", "12", true, buf, sizeof buf),
			    "~11\u201312");
	assert_string_equal(fmt_figure("eq", 1e-17, NAN, "per-bit", buf, sizeof buf),
			    "1e-17 per bit");
}

static void
test_duration_and_count(void **state)
{
	char buf[32];

	(void)state;
	assert_string_equal(fmt_duration(0, buf, sizeof buf), "0:00");
	assert_string_equal(fmt_duration(59.6, buf, sizeof buf), "1:00");
	assert_string_equal(fmt_duration(3599, buf, sizeof buf), "59:59");
	assert_string_equal(fmt_duration(3723, buf, sizeof buf), "1:02:03");
	assert_string_equal(fmt_duration(NAN, buf, sizeof buf), "0:00");
	assert_string_equal(fmt_duration(1e12, buf, sizeof buf), "999:00:00");
	assert_string_equal(fmt_count(2600000, buf, sizeof buf), "2.6M");
	assert_string_equal(fmt_count(12345678, buf, sizeof buf), "12.3M");
	assert_string_equal(fmt_count(450000, buf, sizeof buf), "450K");
	assert_string_equal(fmt_count(8500, buf, sizeof buf), "8,500");
	assert_string_equal(fmt_count(42.5, buf, sizeof buf), "42.5");
	assert_string_equal(fmt_count(NAN, buf, sizeof buf), "-");
}

/* Percent changes: signed, tenths below 100 %, a dash for none. */
static void
test_delta_pct(void **state)
{
	char buf[32];

	(void)state;
	assert_string_equal(fmt_delta_pct(-3.84, "-", buf, sizeof buf), "-3.8%");
	assert_string_equal(fmt_delta_pct(181.2, "-", buf, sizeof buf), "+181%");
	assert_string_equal(fmt_delta_pct(99.96, "-", buf, sizeof buf), "+100%");
	assert_string_equal(fmt_delta_pct(-0.01, "-", buf, sizeof buf), "0.0%");
	assert_string_equal(fmt_delta_pct(NAN, "-", buf, sizeof buf), "-");
	assert_string_equal(fmt_delta_pct(INFINITY, "n/a", buf, sizeof buf), "n/a");
}

/* Capacities below 1 GB keep a unit that says something (issue 26: a
 * small loop device was "0 GB"); rounding never prints 1,000 of a unit. */
static void
test_capacity_small(void **state)
{
	char buf[32];

	(void)state;
	assert_string_equal(fmt_capacity(0.5, buf, sizeof buf), "500 MB");
	assert_string_equal(fmt_capacity(0.0335, buf, sizeof buf), "33.5 MB");
	assert_string_equal(fmt_capacity(0.00001, buf, sizeof buf), "10 kB");
	assert_string_equal(fmt_capacity(0, buf, sizeof buf), "0 B");
	assert_string_equal(fmt_capacity(0.99996, buf, sizeof buf), "1 GB");
	assert_string_equal(fmt_capacity(999.96, buf, sizeof buf), "1 TB");
	assert_string_equal(fmt_capacity(NAN, buf, sizeof buf), "-");
	assert_string_equal(fmt_capacity(-1, buf, sizeof buf), "-");
}

/* Byte counts in decimal units, the tier picked after rounding. */
static void
test_bytes(void **state)
{
	char buf[32];

	(void)state;
	assert_string_equal(fmt_bytes(0, buf, sizeof buf), "0 B");
	assert_string_equal(fmt_bytes(512, buf, sizeof buf), "512 B");
	assert_string_equal(fmt_bytes(999.6, buf, sizeof buf), "1 kB");
	assert_string_equal(fmt_bytes(268435456, buf, sizeof buf), "268.4 MB");
	assert_string_equal(fmt_bytes(999.95e6, buf, sizeof buf), "1 GB");
	assert_string_equal(fmt_bytes(536.9e9, buf, sizeof buf), "536.9 GB");
	assert_string_equal(fmt_bytes(1e12, buf, sizeof buf), "1 TB");
	assert_string_equal(fmt_bytes(7.68e12, buf, sizeof buf), "7.68 TB");
	assert_string_equal(fmt_bytes(NAN, buf, sizeof buf), "-");
	assert_string_equal(fmt_bytes(-5, buf, sizeof buf), "-");
}

/* Sizes in the unit typed: "--size 256M" is 256 MiB, not "268 MB". */
static void
test_size(void **state)
{
	static const struct {
		double	    bytes;
		const char *want;
	} cases[] = {
		{ 256.0 * 1048576, "256 MiB" },
		{ 1073741824.0, "1 GiB" },
		{ 1.5 * 1073741824, "1.5 GiB" },
		{ 1000.0 * 1048576, "1,000 MiB" },
		{ 4096, "4 KiB" },
		{ 32.0 * 1048576, "32 MiB" },
		{ 0x1p40, "1 TiB" },
		{ 500e6, "500 MB" },			/* typed in bytes, decimal */
		{ 1e12, "1 TB" },			/* a whole number of KiB, still decimal */
		{ 7681501126656.0, "7.68 TB" },	/* a 7.68 TB drive */
		{ 512, "512 B" },
		{ 0, "0 B" },
		{ NAN, "-" },
		{ -1, "-" },
	};
	char buf[32];

	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
		assert_string_equal(fmt_size(cases[i].bytes, buf, sizeof buf), cases[i].want);
}

/* One latency unit: "µs" in UTF-8, "us" in ASCII. */
static void
test_unit_us(void **state)
{
	char buf[32], num[32];

	(void)state;
	assert_string_equal(fmt_unit_us(true), "\u00b5s");
	assert_string_equal(fmt_unit_us(false), "us");
	assert_string_equal(fmt_unit("us", true), "\u00b5s");
	assert_string_equal(fmt_unit("us", false), "us");
	assert_string_equal(fmt_unit("MB/s", true), "MB/s");
	assert_string_equal(fmt_unit(NULL, true), "");
	snprintf(buf, sizeof buf, "%s %s", fmt_number(823.94, 1, num, sizeof num),
		 fmt_unit_us(true));
	assert_string_equal(buf, "823.9 \u00b5s");
}

/* A percentile is never shown above the max it cannot exceed. */
static void
test_lat_pct(void **state)
{
	struct dd_latency l = { .n = 10, .max_us = 7415 };

	(void)state;
	for (unsigned k = 0; k < HIST_NPCTS; k++)
		l.pct_us[k] = 100 * (k + 1);
	l.pct_us[14] = 7438.3;		/* p99.9 above the max */
	l.pct_us[16] = NAN;
	assert_true(fmt_lat_pct(&l, 14) == 7415);
	assert_true(fmt_lat_pct(&l, 12) == 1300);
	assert_true(isnan(fmt_lat_pct(&l, 16)));
	assert_true(isnan(fmt_lat_pct(&l, HIST_NPCTS)));
	l.max_us = NAN;			/* no max: nothing to clamp to */
	assert_true(fmt_lat_pct(&l, 14) == 7438.3);
	l.max_us = 0;			/* nor a max nobody recorded */
	assert_true(fmt_lat_pct(&l, 14) == 7438.3);
}

/* Counts: the tier chosen on the rounded value. */
static void
test_count_edges(void **state)
{
	char buf[32];

	(void)state;
	assert_string_equal(fmt_count(0, buf, sizeof buf), "0");
	assert_string_equal(fmt_count(-42.5, buf, sizeof buf), "-42.5");
	assert_string_equal(fmt_count(9999.6, buf, sizeof buf), "10K");
	assert_string_equal(fmt_count(999950, buf, sizeof buf), "1M");
	assert_string_equal(fmt_count(977200, buf, sizeof buf), "977.2K");
	assert_string_equal(fmt_count(1e12, buf, sizeof buf), "1,000,000M");
	assert_string_equal(fmt_number(1e12, 0, buf, sizeof buf), "1,000,000,000,000");
	assert_string_equal(fmt_number(999.95, 1, buf, sizeof buf), "1,000");
}

static void
test_squeeze(void **state)
{
	char buf[32];

	(void)state;
	specdb_squeeze("Micron 9550 MAX", buf, sizeof buf);
	assert_string_equal(buf, "micron9550max");
	specdb_squeeze("  CD9P-R  7.68 TB", buf, sizeof buf);
	assert_string_equal(buf, "cd9pr768tb");
	specdb_squeeze("-- //", buf, sizeof buf);
	assert_string_equal(buf, "");
	/* Truncates safely. */
	specdb_squeeze("abcdefghijklmnopqrstuvwxyz0123456789", buf, 8);
	assert_string_equal(buf, "abcdefg");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_number),
		cmocka_unit_test(test_capacity),
		cmocka_unit_test(test_block_size),
		cmocka_unit_test(test_figure),
		cmocka_unit_test(test_duration_and_count),
		cmocka_unit_test(test_squeeze),
		cmocka_unit_test(test_delta_pct),
		cmocka_unit_test(test_capacity_small),
		cmocka_unit_test(test_bytes),
		cmocka_unit_test(test_size),
		cmocka_unit_test(test_unit_us),
		cmocka_unit_test(test_lat_pct),
		cmocka_unit_test(test_count_edges),
	};

	return cmocka_run_group_tests_name("format", tests, NULL, NULL);
}
