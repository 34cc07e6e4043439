/*
 * Tests for src/core/check.c, the check pipeline `check`, the rack and the
 * dashboard share: a drive not in the database is UNKNOWN before any plan
 * or I/O (and stays UNKNOWN when swept anyway); the plan of a check (spot,
 * fill pass, curve, a curve profile no preset has); a judgement holds every
 * row to plausibility (a read above the target's PCIe link, reads of a
 * target never written: IMPLAUSIBLE, never PASS), the local evidence drops a
 * written share a fill made stale, and one point judged against a lab
 * target (the dashboard's) gets the same rules.  Results are built in
 * memory; figures are converted through the database's unit table.
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

#include <cmocka.h>

#include "core/check.h"

#define KIB 1024

/* The database's unit table ($DRIVEDASH_DB). */
static struct arena	 unit_arena;
static struct spec_unit *units;
static size_t		 nunits;

/* Load the unit table. */
static int
group_setup(void **state)
{
	struct dd_error err = { 0 };
	const char     *path = getenv("DRIVEDASH_DB");
	struct specdb  *db;
	int		rc;

	(void)state;
	if (path == NULL || specdb_open(path, &db, &err) < 0) {
		fprintf(stderr, "# cannot open DRIVEDASH_DB=%s\n", path ? path : "(unset)");
		return -1;
	}
	rc = specdb_units(db, &unit_arena, &units, &nunits, &err);
	specdb_close(db);
	return rc;
}

/* Free it. */
static int
group_teardown(void **state)
{
	(void)state;
	arena_free(&unit_arena);
	return 0;
}

/* A preferred figure with no stated depth (a rated maximum), converted as
 * specdb does at load. */
static struct spec_figure
fig(const char *metric, double value, const char *unit)
{
	struct spec_figure g;

	memset(&g, 0, sizeof g);
	g.family_id = "fam";
	g.metric_id = metric;
	g.metric_name = metric;
	g.qual = "eq";
	g.unit_id = unit;
	g.source_id = "src";
	g.confidence = "A";
	g.value = value;
	g.value_hi = NAN;
	g.block_size = g.iodepth = g.numjobs = g.read_pct = -1;
	g.preferred = 1;
	g.base = g.base_hi = NAN;
	for (size_t i = 0; i < nunits; i++)
		if (strcmp(units[i].id, unit) == 0) {
			g.dimension = units[i].dimension;
			g.base = compare_convert(units, nunits, value, unit, g.dimension);
		}
	return g;
}

/* A finished 128K sequential read at mbps. */
static struct dd_result
seq_read(double mbps)
{
	struct dd_result r;

	memset(&r, 0, sizeof r);
	r.point.pattern = DD_READ;
	r.point.bs = 128 * KIB;
	r.point.iodepth = 64;
	r.point.numjobs = 1;
	r.point.read_pct = 100;
	dd_point_autoname(&r.point);
	r.mbps = mbps;
	r.iops = mbps * 1e6 / (128 * KIB);
	r.ios = 1000;
	r.lat.n = r.read_lat.n = 1000;
	r.lat.mean_us = r.read_lat.mean_us = 500;
	return r;
}

/* A drive that matched: its one figure, sequential read 14,800 MB/s. */
struct matched {
	struct spec_family  fam;
	struct spec_drive   drive;
	struct match_result m;
	struct spec_figure  figs[1];
};

/* Fill a matched drive. */
static void
matched_init(struct matched *d)
{
	memset(d, 0, sizeof *d);
	d->fam.id = "fam";
	d->drive.id = "fam-7t68";
	d->m.rule = MATCH_EXACT;
	d->m.family = &d->fam;
	d->m.drive = &d->drive;
	snprintf(d->m.label, sizeof d->m.label, "Test drive 7.68 TB");
	d->figs[0] = fig("seq_read", 14800, "MB/s");
}

/* A drive not in the database stops before any plan: UNKNOWN, with the
 * typed text's reason; --sweep-unknown goes on, and its judgement of what
 * was measured is still UNKNOWN (no rows, no plausibility). */
static void
test_unknown_first(void **state)
{
	struct match_result    m = { .rule = MATCH_NONE };
	struct check_params    p = { .tolerance = 0.10 };
	struct verdict_subject s;
	struct verdict_report  r;
	struct dd_result       x = seq_read(24362);
	const struct dd_result *res[] = { &x };
	struct check_evidence  ev = { .link = { 5, 4 }, .written = { .share = 0 } };
	struct check_judging   j = { .subject = &s, .tolerance = 0.10, .evidence = &ev };

	(void)state;
	snprintf(m.label, sizeof m.label, "'cm7' names 2 drives, not one");
	check_subject(&m, NULL, NULL, 0, "cm7", true, &s);
	assert_null(s.drive_id);
	assert_true(check_stop_unknown(&s, &p, &r));
	assert_int_equal(r.overall, VERDICT_UNKNOWN);
	assert_int_equal(r.nrows, 0);
	assert_non_null(strstr(r.summary, "'cm7' names 2 drives, not one, so there is no spec"));
	/* A model string the drive reported: named as not in the database. */
	check_subject(&m, NULL, NULL, 0, "ACME X1", false, &s);
	assert_true(check_stop_unknown(&s, &p, &r));
	assert_non_null(strstr(r.summary, "'ACME X1' is not in the specs database"));
	/* --sweep-unknown: measured anyway, judged UNKNOWN. */
	p.sweep_unknown = true;
	assert_false(check_stop_unknown(&s, &p, &r));
	assert_false(check_judge(&j, res, 1, &r));
	assert_int_equal(r.overall, VERDICT_UNKNOWN);
	assert_int_equal(r.nrows, 0);
}

/* A matched drive is not stopped; its subject names it. */
static void
test_matched_goes_on(void **state)
{
	struct matched	       d;
	struct check_params    p = { .tolerance = 0.10 };
	struct verdict_subject s;
	struct verdict_report  r;

	(void)state;
	matched_init(&d);
	check_subject(&d.m, NULL, d.figs, 1, "TEST1", false, &s);
	assert_string_equal(s.drive_id, "fam-7t68");
	assert_null(s.why);
	assert_false(check_stop_unknown(&s, &p, &r));
}

/* The plan: spot, the fill pass, the curve; an unknown curve profile and a
 * writing curve without --allow-write are errors (values, one sentence). */
static void
test_plan(void **state)
{
	struct check_params   p = { .tolerance = 0.10, .precondition = true };
	struct dd_plan	      plan;
	struct dd_error	      err = { 0 };
	struct check_estimate est;
	size_t		      spot;

	(void)state;
	plan_init(&plan, "spot");
	assert_int_equal(check_plan_build(&p, &plan, &err), 0);
	assert_true(plan.npoints > 0);
	for (size_t i = 0; i < plan.npoints; i++)	/* read-only: no --allow-write */
		assert_false(dd_pattern_writes(plan.points[i].pattern));
	assert_true(plan.precondition_passes > 0);
	check_plan_estimate(&plan, 1ull << 30, &est);
	assert_true(est.seconds > 0);
	assert_int_equal(est.fill_bytes, plan_precondition_bytes(&plan, 1ull << 30));
	assert_true(est.fill_bytes > 0);
	spot = plan.npoints;
	plan_free(&plan);

	p.precondition = false;
	p.curve = CHECK_CURVE_DEFAULT;
	plan_init(&plan, "spot");
	assert_int_equal(check_plan_build(&p, &plan, &err), 0);
	assert_int_equal(plan.npoints, spot + 5);	/* max, then 25/50/75/100 % */
	check_plan_estimate(&plan, 1ull << 30, &est);
	assert_int_equal(est.fill_bytes, 0);
	plan_free(&plan);

	p.curve = "no such profile";
	plan_init(&plan, "spot");
	assert_int_equal(check_plan_build(&p, &plan, &err), -ENOENT);
	assert_non_null(strstr(err.msg, "--curve: no preset has a load curve of the profile "
					"'no such profile'"));
	plan_free(&plan);
	assert_int_equal(check_curve_shape("no such profile", NULL), -ENOENT);
	assert_int_equal(check_curve_shape("4k RANDOM read", NULL), 0);
}

/* Judge one sequential read of mbps against the matched drive with ev. */
static struct verdict_report
judge_read(double mbps, const struct check_evidence *ev, uint64_t zeroes)
{
	struct matched		d;
	struct verdict_subject	s;
	struct dd_result	x = seq_read(mbps);
	const struct dd_result *res[] = { &x };
	struct check_judging	j = { .subject = &s, .tolerance = 0.10, .evidence = ev };
	struct verdict_report	r;

	matched_init(&d);
	x.zero_sampled = zeroes ? 16 : 0;
	x.zero_found = zeroes;
	check_subject(&d.m, NULL, d.figs, 1, "TEST1", false, &s);
	assert_true(check_judge(&j, res, 1, &r));
	assert_int_equal(r.nrows, 1);
	return r;
}

/* A read above what the link carries is IMPLAUSIBLE, never PASS; the same
 * figure with no link known, or one the link carries, is judged. */
static void
test_above_link(void **state)
{
	struct check_evidence ev = { .link = { .gen = 5, .width = 4 },
				     .written = { .share = 1 } };
	struct verdict_report r;

	(void)state;
	r = judge_read(24362, &ev, 0);
	assert_int_equal(r.rows[0].status, VERDICT_IMPLAUSIBLE);
	assert_non_null(strstr(r.rows[0].reason, "above what PCIe 5.0 x4 carries"));
	assert_int_equal(r.overall, VERDICT_NOT_COMPARABLE);
	r = judge_read(24362, NULL, 0);
	assert_int_equal(r.rows[0].status, VERDICT_PASS);
	r = judge_read(15000, &ev, 0);
	assert_int_equal(r.rows[0].status, VERDICT_PASS);
	assert_int_equal(r.overall, VERDICT_PASS);
}

/* A never-written target's reads are not judged (by its written share, or
 * by zero read buffers), and a fill by the plan makes the share stale. */
static void
test_never_written(void **state)
{
	struct check_evidence	ev = { .written = { .share = 0 } };
	struct nvmeinfo_written w = { .share = 0.01 };
	struct nvmeinfo_ctrl	c;
	struct dd_plan		plan;
	struct verdict_report	r;

	(void)state;
	snprintf(ev.written.source, sizeof ev.written.source, "a loop device's backing file");
	r = judge_read(15000, &ev, 0);
	assert_int_equal(r.rows[0].status, VERDICT_IMPLAUSIBLE);
	assert_non_null(strstr(r.rows[0].reason, "not judged: the target was never written"));
	assert_int_not_equal(r.overall, VERDICT_PASS);
	r = judge_read(15000, NULL, 16);	/* every sampled buffer all zeroes */
	assert_int_equal(r.rows[0].status, VERDICT_IMPLAUSIBLE);
	ev.written.share = 1;
	r = judge_read(15000, &ev, 0);
	assert_int_equal(r.rows[0].status, VERDICT_PASS);

	/* The local evidence: the controller's link; the share unless filled. */
	memset(&c, 0, sizeof c);
	c.pcie.speed_gts = 32;
	c.pcie.width = 4;
	snprintf(w.source, sizeof w.source, "Identify Namespace NUSE");
	plan_init(&plan, "spot");
	check_evidence_local(&c, &w, &plan, &ev);
	assert_int_equal(ev.link.gen, 5);
	assert_int_equal(ev.link.width, 4);
	assert_float_equal(ev.written.share, 0.01, 1e-12);
	assert_string_equal(ev.written.source, "Identify Namespace NUSE");
	plan.precondition_passes = 1;
	check_evidence_local(NULL, &w, &plan, &ev);
	assert_true(isnan(ev.written.share));
	assert_int_equal(ev.link.gen, 0);
	plan_free(&plan);
}

/* One point against a lab target (the dashboard's judgement): PASS when
 * plausible, IMPLAUSIBLE above the link or on zero buffers. */
static void
test_point(void **state)
{
	struct spec_figure    g = fig("seq_read", 12000, "MB/s");
	struct dd_result      x = seq_read(24362);
	struct check_evidence ev = { .link = { .gen = 5, .width = 4 },
				     .written = { .share = NAN } };
	struct verdict	      v;

	(void)state;
	g.qual = "ge";
	g.is_target = true;
	g.block_size = 128 * KIB;
	g.iodepth = 64;
	g.numjobs = 1;
	g.runtime_s = 60;
	x.point.runtime_s = 60;
	check_judge_point(&g, &x, NULL, &v);
	assert_int_equal(v.status, VERDICT_PASS);
	assert_string_equal(v.decided_by, "target");
	check_judge_point(&g, &x, &ev, &v);
	assert_int_equal(v.status, VERDICT_IMPLAUSIBLE);
	assert_non_null(strstr(v.reason, "above what PCIe 5.0 x4 carries"));
	x = seq_read(13000);
	x.point.runtime_s = 60;
	x.zero_sampled = x.zero_found = 8;
	check_judge_point(&g, &x, &ev, &v);
	assert_int_equal(v.status, VERDICT_IMPLAUSIBLE);
	assert_non_null(strstr(v.reason, "never written"));
	x.zero_found = 0;
	check_judge_point(&g, &x, &ev, &v);
	assert_int_equal(v.status, VERDICT_PASS);
	/* Not its stated point: not comparable, untouched by plausibility. */
	x.point.runtime_s = 10;
	check_judge_point(&g, &x, &ev, &v);
	assert_int_equal(v.status, VERDICT_NOT_COMPARABLE);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_unknown_first),
		cmocka_unit_test(test_matched_goes_on),
		cmocka_unit_test(test_plan),
		cmocka_unit_test(test_above_link),
		cmocka_unit_test(test_never_written),
		cmocka_unit_test(test_point),
	};

	return cmocka_run_group_tests_name("check", tests, group_setup, group_teardown);
}
