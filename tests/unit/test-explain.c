/*
 * Tests for src/core/explain.c: each rule fires at its boundary and stays
 * quiet just before it, on a healthy controller built in memory that has no
 * finding at all.
 */
#include "config.h"

#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "core/explain.h"

/* A healthy Gen5 x4 controller with one full-size 4 KiB namespace. */
struct healthy {
	struct nvmeinfo_ctrl c;
	struct nvmeinfo_ns   ns;
	struct nvmeinfo_lbaf lbaf[2];
};

/* Fill h with a controller that no rule complains about. */
static void
healthy_init(struct healthy *h)
{
	memset(h, 0, sizeof *h);
	h->lbaf[0] = (struct nvmeinfo_lbaf){ .index = 0, .data_size = 512 };
	h->lbaf[1] = (struct nvmeinfo_lbaf){ .index = 1, .data_size = 4096, .in_use = true };
	h->ns.name = "nvme0n1";
	h->ns.nsid = 1;
	h->ns.size_bytes = h->ns.capacity_bytes = 7681501126656ULL;
	h->ns.lba_data_size = 4096;
	h->ns.lba_metadata_size = 0;
	h->ns.formats = h->lbaf;
	h->ns.nformats = 2;
	h->c.name = "nvme0";
	h->c.model = "KIOXIA KCD9XPJE7T68";
	h->c.vendor_id = 0x1e0f;
	h->c.total_capacity = 7681501126656LL;
	h->c.mdts_bytes = 524288;
	h->c.temp_warning_c = 70;
	h->c.temp_critical_c = 80;
	h->c.numa_node = 0;
	h->c.pcie.address = "0000:01:00.0";
	h->c.pcie.speed_gts = h->c.pcie.max_speed_gts = 32.0;
	h->c.pcie.width = h->c.pcie.max_width = 4;
	h->c.smart.valid = true;
	h->c.smart.temperature_c = 40;
	for (int i = 0; i < NVMEINFO_SENSORS; i++)
		h->c.smart.sensor_c[i] = NVMEINFO_TEMP_NONE;
	h->c.smart.available_spare_pct = 100;
	h->c.smart.spare_threshold_pct = 10;
	h->c.namespaces = &h->ns;
	h->c.nnamespaces = 1;
}

/* Explain and count the items of one kind; the first one goes to *first. */
static size_t
count(const struct nvmeinfo_ctrl *c, const struct spec_sheet *sh, const char *kind,
      struct explain_item *first)
{
	struct explain_item items[EXPLAIN_MAX];
	size_t		    n, hits = 0;

	n = explain_controller(c, sh, items, EXPLAIN_MAX);
	for (size_t i = 0; i < n; i++) {
		if (kind != NULL && strcmp(items[i].kind, kind) != 0)
			continue;
		if (hits == 0 && first != NULL)
			*first = items[i];
		hits++;
	}
	return hits;
}

/* The healthy controller has nothing to explain. */
static void
test_healthy(void **state)
{
	struct healthy h;

	(void)state;
	healthy_init(&h);
	assert_int_equal(count(&h.c, NULL, NULL, NULL), 0);
	assert_int_equal(explain_controller(NULL, NULL, NULL, 0), 0);
	assert_string_equal(explain_severity_name(EXPLAIN_INFO), "info");
	assert_string_equal(explain_severity_name(EXPLAIN_WARNING), "warning");
	assert_string_equal(explain_severity_name(EXPLAIN_CRITICAL), "critical");
}

/* pcie-link: speed or width below the maximum; unknown values are quiet. */
static void
test_pcie(void **state)
{
	struct spec_figure  fig = { .metric_id = "seq_read", .unit_id = "MB/s",
				    .value = 14800, .preferred = 1,
				    .block_size = 131072 };
	struct spec_sheet   sh = { .figures = &fig, .nfigures = 1 };
	struct explain_item it;
	struct healthy	    h;

	(void)state;
	healthy_init(&h);
	h.c.pcie.speed_gts = 16.0;
	assert_int_equal(count(&h.c, NULL, "pcie-link", &it), 1);
	assert_int_equal(it.severity, EXPLAIN_WARNING);
	assert_string_equal(it.subject, "nvme0");
	assert_non_null(strstr(it.message, "Gen4 x4"));
	assert_non_null(strstr(it.message, "Gen5 x4"));
	/* With a spec sheet: the figure the link cannot carry. */
	assert_int_equal(count(&h.c, &sh, "pcie-link", &it), 1);
	assert_non_null(strstr(it.message, "14,800 MB/s"));

	healthy_init(&h);
	h.c.pcie.width = 2;
	assert_int_equal(count(&h.c, NULL, "pcie-link", &it), 1);
	assert_non_null(strstr(it.message, "Gen5 x2"));
	h.c.pcie.width = 4;
	assert_int_equal(count(&h.c, NULL, "pcie-link", NULL), 0);

	/* Unknown current or maximum: nothing to compare. */
	h.c.pcie.speed_gts = NAN;
	h.c.pcie.width = -1;
	assert_int_equal(count(&h.c, NULL, "pcie-link", NULL), 0);
	healthy_init(&h);
	h.c.pcie.max_speed_gts = NAN;
	h.c.pcie.max_width = -1;
	h.c.pcie.speed_gts = 8.0;
	h.c.pcie.width = 1;
	assert_int_equal(count(&h.c, NULL, "pcie-link", NULL), 0);
}

/* lba-format: 512 in use while 4096 is supported. */
static void
test_lba(void **state)
{
	struct spec_figure  fig = { .metric_id = "rand_read", .unit_id = "IOPS",
				    .value = 2600000, .preferred = 1, .block_size = 4096 };
	struct spec_sheet   sh = { .figures = &fig, .nfigures = 1 };
	struct explain_item it;
	struct healthy	    h;

	(void)state;
	healthy_init(&h);
	h.lbaf[0].in_use = true;
	h.lbaf[1].in_use = false;
	h.ns.lba_data_size = 512;
	assert_int_equal(count(&h.c, NULL, "lba-format", &it), 1);
	assert_string_equal(it.subject, "nvme0n1");
	assert_non_null(strstr(it.message, "--lbaf=1"));
	assert_int_equal(count(&h.c, &sh, "lba-format", &it), 1);
	assert_non_null(strstr(it.message, "2,600,000 IOPS"));

	/* 512 with no 4096 format: nothing to switch to. */
	h.lbaf[1].data_size = 512;
	h.lbaf[1].metadata_size = 8;
	assert_int_equal(count(&h.c, NULL, "lba-format", NULL), 0);
	/* 4096 in use: fine. */
	healthy_init(&h);
	assert_int_equal(count(&h.c, NULL, "lba-format", NULL), 0);
}

/* temperature: within 5 °C of the warning threshold, critical at it. */
static void
test_temperature(void **state)
{
	struct explain_item it;
	struct healthy	    h;

	(void)state;
	healthy_init(&h);
	h.c.smart.temperature_c = 70 - EXPLAIN_TEMP_MARGIN_C - 1;	/* 64 */
	assert_int_equal(count(&h.c, NULL, "temperature", NULL), 0);
	h.c.smart.temperature_c = 70 - EXPLAIN_TEMP_MARGIN_C;		/* 65 */
	assert_int_equal(count(&h.c, NULL, "temperature", &it), 1);
	assert_int_equal(it.severity, EXPLAIN_WARNING);
	assert_non_null(strstr(it.message, "within 5 °C"));
	h.c.smart.temperature_c = 69;
	assert_int_equal(count(&h.c, NULL, "temperature", &it), 1);
	assert_int_equal(it.severity, EXPLAIN_WARNING);
	h.c.smart.temperature_c = 70;
	assert_int_equal(count(&h.c, NULL, "temperature", &it), 1);
	assert_int_equal(it.severity, EXPLAIN_CRITICAL);
	assert_non_null(strstr(it.message, "warning threshold 70"));
	h.c.smart.temperature_c = 80;
	assert_int_equal(count(&h.c, NULL, "temperature", &it), 1);
	assert_non_null(strstr(it.message, "critical threshold 80"));

	/* No threshold reported, or no SMART log: quiet. */
	h.c.temp_warning_c = NVMEINFO_TEMP_NONE;
	assert_int_equal(count(&h.c, NULL, "temperature", NULL), 0);
	healthy_init(&h);
	h.c.smart.temperature_c = 75;
	h.c.smart.valid = false;
	assert_int_equal(count(&h.c, NULL, "temperature", NULL), 0);
}

/* wear: percentage used 80 and up. */
static void
test_wear(void **state)
{
	struct explain_item it;
	struct healthy	    h;

	(void)state;
	healthy_init(&h);
	h.c.smart.percentage_used = EXPLAIN_WEAR_PCT - 1;
	assert_int_equal(count(&h.c, NULL, "wear", NULL), 0);
	h.c.smart.percentage_used = EXPLAIN_WEAR_PCT;
	assert_int_equal(count(&h.c, NULL, "wear", &it), 1);
	assert_int_equal(it.severity, EXPLAIN_WARNING);
	assert_non_null(strstr(it.message, "80%"));
	h.c.smart.percentage_used = 99;
	assert_int_equal(count(&h.c, NULL, "wear", &it), 1);
	assert_int_equal(it.severity, EXPLAIN_WARNING);
	h.c.smart.percentage_used = 100;
	assert_int_equal(count(&h.c, NULL, "wear", &it), 1);
	assert_int_equal(it.severity, EXPLAIN_CRITICAL);
	h.c.smart.percentage_used = 255;
	assert_int_equal(count(&h.c, NULL, "wear", NULL), 1);
}

/* critical-warning: one item per bit, each decoded. */
static void
test_critical_warning(void **state)
{
	static const struct {
		int	    bit;
		const char *word;
	} bits[] = {
		{ NVMEINFO_CW_SPARE, "spare" },
		{ NVMEINFO_CW_TEMPERATURE, "temperature" },
		{ NVMEINFO_CW_RELIABILITY, "reliability" },
		{ NVMEINFO_CW_READ_ONLY, "read-only" },
		{ NVMEINFO_CW_VOLATILE, "volatile" },
		{ NVMEINFO_CW_PMR, "persistent memory region" },
	};
	struct explain_item it;
	struct healthy	    h;

	(void)state;
	healthy_init(&h);
	assert_int_equal(count(&h.c, NULL, "critical-warning", NULL), 0);
	for (size_t i = 0; i < sizeof bits / sizeof bits[0]; i++) {
		h.c.smart.critical_warning = bits[i].bit;
		assert_int_equal(count(&h.c, NULL, "critical-warning", &it), 1);
		assert_int_equal(it.severity, EXPLAIN_CRITICAL);
		if (strstr(it.message, bits[i].word) == NULL)
			fail_msg("bit 0x%x: '%s' lacks '%s'", bits[i].bit, it.message,
				 bits[i].word);
	}
	h.c.smart.critical_warning = 0x3f;
	assert_int_equal(count(&h.c, NULL, "critical-warning", NULL), 6);
	h.c.smart.critical_warning = 0x40;
	assert_int_equal(count(&h.c, NULL, "critical-warning", &it), 1);
	assert_non_null(strstr(it.message, "bit 6"));
	/* The log could not be read: its bits mean nothing. */
	h.c.smart.critical_warning = 0x3f;
	h.c.smart.valid = false;
	assert_int_equal(count(&h.c, NULL, "critical-warning", NULL), 0);
}

/* namespace-size: below 90 % of the controller's capacity. */
static void
test_namespace_size(void **state)
{
	struct explain_item it;
	struct healthy	    h;

	(void)state;
	healthy_init(&h);
	h.c.total_capacity = 1000000000000LL;
	h.ns.size_bytes = 900000000000ULL;		/* exactly 90 % */
	assert_int_equal(count(&h.c, NULL, "namespace-size", NULL), 0);
	h.ns.size_bytes = 899999999999ULL;
	assert_int_equal(count(&h.c, NULL, "namespace-size", &it), 1);
	assert_int_equal(it.severity, EXPLAIN_INFO);
	assert_string_equal(it.subject, "nvme0n1");
	assert_non_null(strstr(it.message, "1 TB"));
	/* Capacity not reported (0) or unknown (-1): nothing to compare. */
	h.c.total_capacity = 0;
	assert_int_equal(count(&h.c, NULL, "namespace-size", NULL), 0);
	h.c.total_capacity = -1;
	assert_int_equal(count(&h.c, NULL, "namespace-size", NULL), 0);
}

/* The output array bounds the number of items. */
static void
test_bounded(void **state)
{
	struct explain_item items[2];
	struct healthy	    h;

	(void)state;
	healthy_init(&h);
	h.c.smart.critical_warning = 0x3f;
	h.c.smart.percentage_used = 100;
	assert_int_equal(explain_controller(&h.c, NULL, items, 2), 2);
	assert_int_equal(count(&h.c, NULL, NULL, NULL), 7);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_healthy),
		cmocka_unit_test(test_pcie),
		cmocka_unit_test(test_lba),
		cmocka_unit_test(test_temperature),
		cmocka_unit_test(test_wear),
		cmocka_unit_test(test_critical_warning),
		cmocka_unit_test(test_namespace_size),
		cmocka_unit_test(test_bounded),
	};

	return cmocka_run_group_tests_name("explain", tests, NULL, NULL);
}
