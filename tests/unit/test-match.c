/*
 * Tests for src/core/match.c against the real built database: every model
 * string that shared/reference/rivals.md marks as observed (obs) must match
 * its capacity point, plus the normalisation rules, the KIOXIA and Solidigm
 * security variants, vendor prefixes, unknown strings with and without a
 * nearest family, and nearest-capacity selection (on tests/qemu-test.db,
 * where one QEMU model string names two capacity points, and on a small
 * in-memory family).
 */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "core/match.h"
#include "core/specdb.h"

/* The bundled database and the QEMU test database, loaded once. */
struct fixture {
	struct specdb	   *db, *qdb;
	struct arena	    a;
	struct spec_family *fams, *qfams;
	size_t		    nfams, nqfams;
};

/*
 * Observed strings of rivals.md, each with the capacity point it names
 * (NULL: a drive the database has no capacity point for; then the family
 * the match must offer as nearest).  Source lines of rivals.md in comments.
 */
static const struct {
	const char *model, *drive_id, *nearest;
} observed[] = {
	/* Micron 7400 PRO: "Seen for other capacities" (obs) */
	{ "Micron_7400_MTFDKCB960TDZ", "micron-7400-pro-960", NULL },
	{ "Micron_7400_MTFDKBA800TFC", "micron-7400-pro-800", NULL },
	/* Solidigm D7-PS1010 (obs, [OBS-SOL]/[SOL-NVME]) */
	{ "SOLIDIGM SB5PH27X076T", "solidigm-ps1010-7680", NULL },
	{ "SB5PH27X038TOP", "solidigm-ps1010-3840", NULL },
	{ "SB5PH27X153T", "solidigm-ps1010-15360", NULL },
	/* Solidigm D7-PS1030 3.2 TB ([SOL-NVME] obs) */
	{ "SB5PH27E032T", "solidigm-ps1030-3200", NULL },
	/* SanDisk DC SN861 ([OBS-WD] obs) */
	{ "SDS6BA176PSP9X3", "sandisk-sn861-7680", NULL },
	{ "WUS6BA138PSP9X3", "sandisk-sn861-3840", NULL },
	{ "SDS6BA138PSP9X3", "sandisk-sn861-3840", NULL },
	{ "WUS6CA232PSP9X1", "sandisk-sn861-3200", NULL },
	/* Kingston DC3000ME 15.36 TB ([OBS-KING] obs) */
	{ "KINGSTON SEDC3000ME15T3", "kingston-dc3000me-15360", NULL },
	/* Samsung PM1743 and PM9A3 ([OBS-SAM] obs) */
	{ "SAMSUNG MZWLO7T6HBLA-00A07", "samsung-pm1743-7680", NULL },
	{ "SAMSUNG MZ3LO7T6HBLT-00B07", "samsung-pm1743-7680", NULL },
	{ "SAMSUNG MZQL27T6HBLA-00A07", "samsung-pm9a3-7680", NULL },
	/* Intel D7-P5510 ([OBS-INTEL] obs; OEM parts users report) */
	{ "INTEL SSDPF2KX076TZ", "intel-p5510-7680", NULL },
	{ "SSDPF2KX076T9K", "intel-p5510-7680", NULL },
	{ "SSDPF2KX076T9N", "intel-p5510-7680", NULL },
	/* KIOXIA CD8P-R, CM7-R, CM7-V ([OBS-KIOXIA] obs) */
	{ "KIOXIA KCD8XPUG7T68", "kioxia-cd8p-r-7680", NULL },
	{ "KCD8XPUG7T68", "kioxia-cd8p-r-7680", NULL },
	{ "KIOXIA KCMYXRUG7T68", "kioxia-cm7-r-7680", NULL },
	{ "KCMYXRUG7T68", "kioxia-cm7-r-7680", NULL },
	{ "KIOXIA KCMYXRUG3T84", "kioxia-cm7-r-3840", NULL },
	{ "KIOXIA KCMYXVUG1T60", "kioxia-cm7-v-1600", NULL },
	/* Micron 7600: a 7600 PRO part (obs); the database has no 7600 PRO
	 * family (rivals.sql), so the 7600 MAX is the nearest. */
	{ "MTFDLAL7T6THG-1BP1DFCYY", NULL, "micron-7600-max" },
	/* Micron 9550 PRO: only the name lspci prints ([LSPCI] obs). */
	{ "9550 PRO NVMe SSD", NULL, "micron-9550-pro" },
};

/* Open a database and load its families into the fixture's arena. */
static void
load(const char *path, struct specdb **db, struct arena *a,
     struct spec_family **fams, size_t *n)
{
	struct dd_error err = { 0 };

	if (specdb_open(path, db, &err) < 0)
		fail_msg("cannot open %s: %s", path, err.msg);
	if (specdb_families(*db, a, fams, n, &err) < 0)
		fail_msg("cannot load families of %s: %s", path, err.msg);
}

/* Load the bundled database ($DRIVEDASH_DB) and tests/qemu-test.db. */
static int
setup(void **state)
{
	struct fixture *fx = calloc(1, sizeof *fx);
	const char	*db = getenv("DRIVEDASH_DB");
	const char	*top = getenv("top_builddir");
	char		 qpath[4096];

	if (fx == NULL || db == NULL) {
		fprintf(stderr, "# DRIVEDASH_DB is not set (run through make check)\n");
		free(fx);
		return -1;
	}
	load(db, &fx->db, &fx->a, &fx->fams, &fx->nfams);
	snprintf(qpath, sizeof qpath, "%s/tests/qemu-test.db", top ? top : ".");
	load(qpath, &fx->qdb, &fx->a, &fx->qfams, &fx->nqfams);
	*state = fx;
	return 0;
}

/* Free the fixture. */
static int
teardown(void **state)
{
	struct fixture *fx = *state;

	arena_free(&fx->a);
	specdb_close(fx->db);
	specdb_close(fx->qdb);
	free(fx);
	return 0;
}

/* Match model on the bundled database and check the capacity point and rule. */
static void
expect_match(struct fixture *fx, const char *model, uint64_t cap,
	     const char *drive_id, enum match_rule rule)
{
	struct match_result m;

	if (match_model(fx->fams, fx->nfams, model, cap, &m) != 1)
		fail_msg("'%s' did not match (%s)", model, m.label);
	if (strcmp(m.drive->id, drive_id) != 0)
		fail_msg("'%s' matched %s, expected %s", model, m.drive->id, drive_id);
	if (rule != MATCH_NONE && m.rule != rule)
		fail_msg("'%s' matched by rule %s, expected %s", model,
			 match_rule_name(m.rule), match_rule_name(rule));
	assert_non_null(m.family);
	assert_non_null(m.sku);
	assert_null(m.nearest);
}

/* Match model on the bundled database and expect no match, nearest family. */
static void
expect_unknown(struct fixture *fx, const char *model, const char *nearest)
{
	struct match_result m;

	if (match_model(fx->fams, fx->nfams, model, 0, &m) != 0)
		fail_msg("'%s' unexpectedly matched %s", model, m.drive->id);
	assert_int_equal(m.rule, MATCH_NONE);
	assert_null(m.family);
	assert_null(m.drive);
	if (nearest == NULL) {
		if (m.nearest != NULL)
			fail_msg("'%s': unexpected nearest family %s", model, m.nearest->id);
		assert_string_equal(m.label, "not in database");
	} else {
		if (m.nearest == NULL || strcmp(m.nearest->id, nearest) != 0)
			fail_msg("'%s': nearest family %s, expected %s", model,
				 m.nearest ? m.nearest->id : "none", nearest);
		assert_non_null(strstr(m.label, "not in database (nearest: "));
	}
}

/* Every observed string of rivals.md matches its capacity point. */
static void
test_rivals_observed(void **state)
{
	struct fixture *fx = *state;

	for (size_t i = 0; i < sizeof observed / sizeof observed[0]; i++) {
		if (observed[i].drive_id != NULL)
			expect_match(fx, observed[i].model, 0, observed[i].drive_id,
				     MATCH_EXACT);
		else
			expect_unknown(fx, observed[i].model, observed[i].nearest);
	}
}

/* Every SKU the database marks observed matches its own capacity point. */
static void
test_db_observed_skus(void **state)
{
	struct fixture *fx = *state;
	size_t		checked = 0;

	for (size_t f = 0; f < fx->nfams; f++)
		for (size_t d = 0; d < fx->fams[f].ndrives; d++) {
			const struct spec_drive *dr = &fx->fams[f].drives[d];

			for (size_t s = 0; s < dr->nskus; s++) {
				if (strcmp(dr->skus[s].status, "observed") != 0)
					continue;
				expect_match(fx, dr->skus[s].model,
					     (uint64_t)(dr->capacity_gb * 1e9), dr->id,
					     MATCH_EXACT);
				checked++;
			}
		}
	assert_true(checked >= 20);
}

/* The details a match reports: label, SKU, status, rule names. */
static void
test_result_fields(void **state)
{
	struct fixture	   *fx = *state;
	struct match_result m;

	assert_int_equal(match_model(fx->fams, fx->nfams, "KCD9XPJE7T68", 0, &m), 1);
	assert_string_equal(m.family->id, "kioxia-cd9p-r");
	assert_string_equal(m.label, "KIOXIA CD9P-R 7.68 TB");
	assert_string_equal(m.sku->model, "KCD9XPJE7T68");
	assert_string_equal(m.sku->status, "published");
	assert_int_equal(m.ncandidates, 1);

	/* An inferred string still matches, and says it is inferred. */
	assert_int_equal(match_model(fx->fams, fx->nfams, "Micron_7400_MTFDKCB7T6TDZ",
				     0, &m), 1);
	assert_string_equal(m.drive->id, "micron-7400-pro-7680");
	assert_string_equal(m.sku->status, "inferred");

	assert_string_equal(match_rule_name(MATCH_EXACT), "exact");
	assert_string_equal(match_rule_name(MATCH_NORMALISED), "normalised");
	assert_string_equal(match_rule_name(MATCH_VARIANT), "variant");
	assert_string_equal(match_rule_name(MATCH_QUERY), "query");
	assert_null(match_rule_name(MATCH_NONE));
}

/* Trimming, spaces, case and vendor prefixes. */
static void
test_normalised(void **state)
{
	struct fixture *fx = *state;
	char		buf[128];

	match_normalise("  kioxia   kcd9xpje7t68 \n", buf, sizeof buf);
	assert_string_equal(buf, "KCD9XPJE7T68");
	match_normalise("Micron_7400_MTFDKCB960TDZ", buf, sizeof buf);
	assert_string_equal(buf, "MTFDKCB960TDZ");
	match_normalise("SAMSUNG  MZQL27T6HBLA-00A07", buf, sizeof buf);
	assert_string_equal(buf, "MZQL27T6HBLA-00A07");
	match_normalise("KINGSTON_SEDC3000ME15T3", buf, sizeof buf);
	assert_string_equal(buf, "SEDC3000ME15T3");
	match_normalise("WDC WUS6BA138PSP9X3", buf, sizeof buf);
	assert_string_equal(buf, "WUS6BA138PSP9X3");
	/* A vendor word alone is not a prefix to strip. */
	match_normalise("KIOXIA", buf, sizeof buf);
	assert_string_equal(buf, "KIOXIA");
	match_normalise("QEMU NVMe Ctrl", buf, sizeof buf);
	assert_string_equal(buf, "QEMU NVME CTRL");

	expect_match(fx, "  kioxia   kcd9xpje7t68 ", 0, "kioxia-cd9p-r-7680",
		     MATCH_NORMALISED);
	expect_match(fx, "KIOXIA KCD9XPJE7T68", 0, "kioxia-cd9p-r-7680", MATCH_NORMALISED);
	expect_match(fx, "MICRON_7400_MTFDKCB960TDZ", 0, "micron-7400-pro-960",
		     MATCH_NORMALISED);
	expect_match(fx, "samsung mzql27t6hbla-00a07", 0, "samsung-pm9a3-7680",
		     MATCH_NORMALISED);
	expect_match(fx, "MZQL27T6HBLA-00A07 ", 0, "samsung-pm9a3-7680", MATCH_NORMALISED);
	expect_match(fx, "KINGSTON_SEDC3000ME15T3", 0, "kingston-dc3000me-15360",
		     MATCH_NORMALISED);
	expect_match(fx, "WDC  WUS6BA138PSP9X3", 0, "sandisk-sn861-3840", MATCH_NORMALISED);
	expect_match(fx, "solidigm sb5ph27x076t", 0, "solidigm-ps1010-7680",
		     MATCH_NORMALISED);
	expect_match(fx, "Intel SSDPF2KX076TZ", 0, "intel-p5510-7680", MATCH_NORMALISED);
}

/* KIOXIA's security letter and Solidigm's Opal suffix. */
static void
test_variants(void **state)
{
	struct fixture *fx = *state;
	char		a[64], b[64], c[64];

	match_variant_key("KCD9XPJE7T68", a, sizeof a);
	match_variant_key("KCD9DPJE7T68", b, sizeof b);
	match_variant_key("kioxia KCD9FPJE7T68", c, sizeof c);
	assert_string_equal(a, b);
	assert_string_equal(a, c);
	match_variant_key("SOLIDIGM SB5PH27X038TOP", a, sizeof a);
	assert_string_equal(a, "SB5PH27X038T");
	/* Only a KIOXIA-shaped string has its fifth letter folded. */
	match_variant_key("KCD81RUG7T68", a, sizeof a);
	assert_string_equal(a, "KCD81RUG7T68");
	match_variant_key("MZQL27T6HBLA-00A07", a, sizeof a);
	assert_string_equal(a, "MZQL27T6HBLA-00A07");

	/* The SED SKU is in the database: exact; FIPS is not: variant. */
	expect_match(fx, "KCD9DPJE7T68", 0, "kioxia-cd9p-r-7680", MATCH_EXACT);
	expect_match(fx, "KIOXIA KCD9FPJE7T68", 0, "kioxia-cd9p-r-7680", MATCH_VARIANT);
	expect_match(fx, "KCD9FPJE30T7", 0, "kioxia-cd9p-r-30720", MATCH_VARIANT);
	expect_match(fx, "KCM9FRJE15T3", 0, "kioxia-cm9-r-15360", MATCH_EXACT);
	expect_match(fx, "KIOXIA KCMYDRUG3T84", 0, "kioxia-cm7-r-3840", MATCH_VARIANT);
	expect_match(fx, "KIOXIA KCMYFVUG1T60", 0, "kioxia-cm7-v-1600", MATCH_VARIANT);
	expect_match(fx, "KCD8DPUG7T68", 0, "kioxia-cd8p-r-7680", MATCH_VARIANT);
	/* Solidigm Opal: "OP" added or removed. */
	expect_match(fx, "SOLIDIGM SB5PH27X076TOP", 0, "solidigm-ps1010-7680",
		     MATCH_VARIANT);
	expect_match(fx, "SB5PH27X153TOP", 0, "solidigm-ps1010-15360", MATCH_VARIANT);
	expect_match(fx, "SOLIDIGM SB5PH27X038T", 0, "solidigm-ps1010-3840", MATCH_VARIANT);
	expect_match(fx, "SB5PH27E032TOP", 0, "solidigm-ps1030-3200", MATCH_VARIANT);
}

/* Strings not in the database, with and without a plausible family. */
static void
test_unknown(void **state)
{
	struct fixture *fx = *state;

	/* KIOXIA part with a capacity code the database does not have. */
	expect_unknown(fx, "KIOXIA KCD9XPJE9T99", "kioxia-cd9p-r");
	expect_unknown(fx, "KCD9DPJE2T00", "kioxia-cd9p-r");
	expect_unknown(fx, "KCM7XRUG30T7", "kioxia-cm7-r");
	/* Samsung PM9A3 at another capacity. */
	expect_unknown(fx, "SAMSUNG MZQL23T8HBLS-00A07", "samsung-pm9a3");
	expect_unknown(fx, "SAMSUNG MZWLO15THBLA-00A07", "samsung-pm1743");
	expect_unknown(fx, "SOLIDIGM SB5PH27X307T", "solidigm-ps1010");
	expect_unknown(fx, "SOLIDIGM SB5PH27E064T", "solidigm-ps1030");
	expect_unknown(fx, "Micron_7400_MTFDKCB1T9TDZ", "micron-7400-pro");
	expect_unknown(fx, "KINGSTON SEDC3000ME3T8", "kingston-dc3000me");
	/* Nothing plausible. */
	expect_unknown(fx, "QEMU NVMe Ctrl", NULL);
	expect_unknown(fx, "Acme SuperDrive 3000", NULL);
	expect_unknown(fx, "KIOXIA", NULL);
	expect_unknown(fx, "", NULL);
	expect_unknown(fx, NULL, NULL);
	/* Four characters in common are not enough ("MTFD" is every Micron). */
	expect_unknown(fx, "MTFDZZZ999", NULL);
}

/* One QEMU model string on two capacity points: the nearest size wins. */
static void
test_nearest_capacity_qemu(void **state)
{
	struct fixture	   *fx = *state;
	struct match_result m;
	static const struct {
		uint64_t    bytes;
		const char *drive_id;
	} cases[] = {
		{ 1073741824ULL, "qemu-nvme-1" },	/* 1 GiB image */
		{ 2147483648ULL, "qemu-nvme-2" },	/* 2 GiB image */
		{ 1400000000ULL, "qemu-nvme-1" },
		{ 1600000000ULL, "qemu-nvme-2" },
		{ 536870912ULL, "qemu-nvme-1" },
		{ 8000000000ULL, "qemu-nvme-2" },
		{ 0, "qemu-nvme-1" },			/* unknown: the first */
	};

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		assert_int_equal(match_model(fx->qfams, fx->nqfams, "QEMU NVMe Ctrl",
					     cases[i].bytes, &m), 1);
		assert_int_equal(m.rule, MATCH_EXACT);
		assert_int_equal(m.ncandidates, 2);
		assert_string_equal(m.family->id, "qemu-nvme");
		assert_true(m.family->test_only);
		assert_string_equal(m.sku->status, "observed");
		if (strcmp(m.drive->id, cases[i].drive_id) != 0)
			fail_msg("%llu bytes picked %s, expected %s",
				 (unsigned long long)cases[i].bytes, m.drive->id,
				 cases[i].drive_id);
	}
	/* The QEMU database still holds every real family. */
	assert_int_equal(fx->nqfams, fx->nfams + 1);
	assert_int_equal(match_model(fx->qfams, fx->nqfams, "KCD9XPJE7T68", 0, &m), 1);
}

/* Nearest capacity on an in-memory family, and rule order across points. */
static void
test_nearest_capacity_synthetic(void **state)
{
	struct spec_sku	    s1[] = { { .model = "ACME X1", .kind = "model-string",
				       .status = "observed" } };
	struct spec_sku	    s2[] = { { .model = "ACME X1", .kind = "model-string",
				       .status = "inferred" } };
	struct spec_sku	    s3[] = { { .model = "acme x1", .kind = "model-string",
				       .status = "observed" } };
	struct spec_drive   d[] = {
		{ .id = "acme-x-960", .capacity_gb = 960, .skus = s1, .nskus = 1 },
		{ .id = "acme-x-3840", .capacity_gb = 3840, .skus = s2, .nskus = 1 },
		{ .id = "acme-x-7680", .capacity_gb = 7680, .skus = s3, .nskus = 1 },
	};
	struct spec_family  f = { .id = "acme-x", .vendor = "Acme", .name = "X",
				  .drives = d, .ndrives = 3 };
	struct match_result m;

	(void)state;
	/* Exact finds 960 GB and 3.84 TB: the nearer wins. */
	assert_int_equal(match_model(&f, 1, "ACME X1", 3500000000000ULL, &m), 1);
	assert_string_equal(m.drive->id, "acme-x-3840");
	assert_string_equal(m.label, "Acme X 3.84 TB");
	assert_int_equal(m.ncandidates, 2);
	assert_int_equal(match_model(&f, 1, "ACME X1", 900000000000ULL, &m), 1);
	assert_string_equal(m.drive->id, "acme-x-960");
	/* A stricter rule wins over a nearer capacity found by a looser one. */
	assert_int_equal(match_model(&f, 1, "ACME X1", 7680000000000ULL, &m), 1);
	assert_string_equal(m.drive->id, "acme-x-3840");
	assert_int_equal(m.rule, MATCH_EXACT);
	/* Normalised finds all three: the nearest of them. */
	assert_int_equal(match_model(&f, 1, "Acme  x1", 7000000000000ULL, &m), 1);
	assert_int_equal(m.rule, MATCH_NORMALISED);
	assert_int_equal(m.ncandidates, 3);
	assert_string_equal(m.drive->id, "acme-x-7680");
	assert_int_equal(match_model(&f, 1, "Acme  x1", 1000000000000ULL, &m), 1);
	assert_string_equal(m.drive->id, "acme-x-960");
	/* Unknown capacity: the first point, an observed SKU before an inferred one. */
	assert_int_equal(match_model(&f, 1, "Acme  x1", 0, &m), 1);
	assert_string_equal(m.drive->id, "acme-x-960");
	/* No families at all. */
	assert_int_equal(match_model(NULL, 0, "ACME X1", 0, &m), 0);
	assert_string_equal(m.label, "not in database");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rivals_observed),
		cmocka_unit_test(test_db_observed_skus),
		cmocka_unit_test(test_result_fields),
		cmocka_unit_test(test_normalised),
		cmocka_unit_test(test_variants),
		cmocka_unit_test(test_unknown),
		cmocka_unit_test(test_nearest_capacity_qemu),
		cmocka_unit_test(test_nearest_capacity_synthetic),
	};

	return cmocka_run_group_tests_name("match", tests, setup, teardown);
}
