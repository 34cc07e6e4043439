/*
 * Unit tests for src/ui/tui-ref.c: what a sweep point is held against, on
 * the bundled database ($DRIVEDASH_DB).  The rules under test (core/compare.h):
 * a spec figure is a marker only where it applies (its workload; a stated
 * IODepth x NumJobs only there; no stated depth: a rated maximum, a target
 * at every depth; typical latency at 4K QD1); a review measurement matches workload, bs, iodepth and numjobs
 * exactly, and IOPS and MB/s derive from each other through bs.
 */
#include "config.h"

#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "ui/tui.h"


/* The bundled database with the lab overlay tests/lib/lab-targets.sql on top
 * (one new drive, "QEMU NVMe Ctrl", and its acceptance targets). */
static const char *const lab_overlay_files[] = { TOP_SRCDIR "/tests/lib/lab-targets.sql" };
static const struct specdb_open_opts lab_overlay = {
	.overlay_dir = "", .extra = lab_overlay_files, .nextra = 1,
};

static struct specdb	  *db;
static struct arena	   fam_arena;
static struct spec_family *fams;
static size_t		   nfams;

/* Open the database and read the families. */
static int
setup(void **state)
{
	struct dd_error err = { 0 };
	const char     *path = getenv("DRIVEDASH_DB");

	(void)state;
	if (path == NULL || specdb_open(path, &db, &err) < 0) {
		fprintf(stderr, "# cannot open DRIVEDASH_DB=%s\n", path ? path : "(unset)");
		return -1;
	}
	return specdb_families(db, &fam_arena, &fams, &nfams, &err);
}

/* Close it. */
static int
teardown(void **state)
{
	(void)state;
	arena_free(&fam_arena);
	specdb_close(db);
	return 0;
}

/* The pick of family id at capacity gb (0: no capacity point). */
static struct tui_pick
pick(const char *id, double gb)
{
	struct tui_pick p = { NULL, NULL };

	for (size_t i = 0; i < nfams; i++)
		if (strcmp(fams[i].id, id) == 0) {
			p.fam = &fams[i];
			for (size_t k = 0; k < fams[i].ndrives; k++)
				if (fams[i].drives[k].capacity_gb == gb)
					p.drive = &fams[i].drives[k];
		}
	assert_non_null(p.fam);
	return p;
}

/* A point. */
static struct dd_point
point(enum dd_pattern pat, unsigned bs, unsigned qd, unsigned jobs)
{
	struct dd_point p = { .pattern = pat, .bs = bs, .iodepth = qd, .numjobs = jobs };

	return p;
}

/* CD9P-R 7.68 TB against its spec sheet and StorageReview's review. */
static void
test_cd9p_r(void **state)
{
	struct tui_sheet  s = { 0 };
	struct dd_error	  err = { 0 };
	struct tui_refval v;
	struct dd_point	  p;

	(void)state;
	assert_int_equal(tui_sheet_load(&s, db, pick("kioxia-cd9p-r", 7680), &err), 0);
	assert_string_equal(s.review_drive, "kioxia-cd9p-r-7680");

	/* 128K sequential read: the spec is comparable, the review is at QD64 x1. */
	p = point(DD_READ, 131072, 64, 1);
	tui_ref_spec(&s, &p, TUI_M_MBPS, &v);
	assert_true(v.comparable);
	assert_true(fabs(v.value - 14800) < 1e-9);
	tui_ref_review(&s, &p, TUI_M_MBPS, &v);
	assert_true(fabs(v.value - 14235.9) < 1e-6);
	/* The same point in IOPS, derived from MB/s through bs. */
	tui_ref_review(&s, &p, TUI_M_IOPS, &v);
	assert_true(fabs(v.value - 14235.9e6 / 131072) < 1e-3);
	/* The IOPS bar of the same workload gets the MB/s figure through bs
	 * (every bar of a workload with a spec figure shows its target). */
	tui_ref_spec(&s, &p, TUI_M_IOPS, &v);
	assert_true(v.derived && v.comparable);
	assert_true(fabs(v.value - 14800e6 / 131072) < 1e-6);
	assert_string_equal(v.from, "14,800 MB/s at 128K");

	/* 4K random read QD32 x16: the review's headline; the spec states no
	 * depth, so it is a rated maximum, a target at this depth and at QD1. */
	p = point(DD_RANDREAD, 4096, 32, 16);
	tui_ref_spec(&s, &p, TUI_M_IOPS, &v);
	assert_true(v.comparable);
	assert_int_equal(v.rule, COMPARE_RATED_MAX);
	assert_true(fabs(v.value - 2600000) < 1e-9);
	assert_non_null(strstr(v.note, "rated max, depth not stated"));
	p = point(DD_RANDREAD, 4096, 1, 1);
	tui_ref_spec(&s, &p, TUI_M_IOPS, &v);
	assert_true(v.comparable);
	/* Another block size is another workload: no figure at all. */
	p = point(DD_RANDREAD, 65536, 32, 1);
	tui_ref_spec(&s, &p, TUI_M_IOPS, &v);
	assert_true(isnan(v.value));
	assert_false(v.comparable);
	p = point(DD_RANDREAD, 4096, 32, 16);
	tui_ref_review(&s, &p, TUI_M_IOPS, &v);
	assert_true(fabs(v.value - 2165000) < 1e-9);

	/* 4K QD1: IOPS and mean latency reviewed; no latency on this sheet. */
	p = point(DD_RANDREAD, 4096, 1, 1);
	tui_ref_review(&s, &p, TUI_M_IOPS, &v);
	assert_true(fabs(v.value - 32300) < 1e-9);
	tui_ref_review(&s, &p, TUI_M_LAT, &v);
	assert_true(fabs(v.value - 30) < 1e-9);
	tui_ref_spec(&s, &p, TUI_M_LAT, &v);
	assert_true(isnan(v.value));

	/* A depth the review did not publish: nothing, not a neighbour. */
	p = point(DD_RANDREAD, 4096, 8, 4);
	tui_ref_review(&s, &p, TUI_M_IOPS, &v);
	assert_true(isnan(v.value));

	/* Best at any depth: the headline point. */
	tui_ref_review_best(&s, DD_RANDREAD, 4096, TUI_M_IOPS, &v);
	assert_true(fabs(v.value - 2165000) < 1e-9);
	tui_sheet_free(&s);
}

/* The capacity point picks its own spec figures; family-wide ones fill in. */
static void
test_capacity_figures(void **state)
{
	struct tui_sheet	  s = { 0 };
	struct dd_error		  err = { 0 };
	const struct spec_figure *f;

	(void)state;
	assert_int_equal(tui_sheet_load(&s, db, pick("kioxia-cd9p-r", 1920), &err), 0);
	f = tui_ref_figure(&s, "seq_write", 131072);
	assert_non_null(f);
	assert_true(fabs(f->value - 3600) < 1e-9);
	/* Not reviewed itself: the family's most reviewed capacity point stands in. */
	assert_string_equal(s.review_drive, "kioxia-cd9p-r-7680");
	tui_sheet_free(&s);
}

/* CM9-R states its latency at 4K QD1: comparable there and only there. */
static void
test_latency_spec(void **state)
{
	struct tui_sheet  s = { 0 };
	struct dd_error	  err = { 0 };
	struct tui_refval v;
	struct dd_point	  p = point(DD_RANDREAD, 4096, 1, 1);

	(void)state;
	assert_int_equal(tui_sheet_load(&s, db, pick("kioxia-cm9-r", 15360), &err), 0);
	tui_ref_spec(&s, &p, TUI_M_LAT, &v);
	assert_true(v.comparable);
	assert_true(fabs(v.value - 65) < 1e-9);
	p = point(DD_RANDREAD, 4096, 32, 16);
	tui_ref_spec(&s, &p, TUI_M_LAT, &v);
	assert_false(v.comparable);
	assert_non_null(strstr(v.note, "not comparable"));
	tui_sheet_free(&s);
}

/* Labels (units convert through the database's table: tests/unit/test-compare.c). */
static void
test_units_labels(void **state)
{
	struct dd_point p = point(DD_RANDREAD, 4096, 1, 1);
	char		buf[64];

	(void)state;
	assert_string_equal(tui_point_label(&p, buf, sizeof buf), "4K random read");
	p = point(DD_WRITE, 131072, 16, 1);
	assert_string_equal(tui_point_label(&p, buf, sizeof buf), "128K sequential write");
	assert_string_equal(tui_pick_label(pick("micron-9550-max", 12800), true, buf, sizeof buf),
			    "Micron 9550 MAX 12.8 TB");
}

/* A lab's acceptance target comes first on the point it states and is judged
 * by verdict_target (the bundled data with the lab
 * overlay with targets on the "lab-emu" family). */
static void
test_targets(void **state)
{
	struct specdb	   *lab = NULL;
	struct arena	    a = { 0 };
	struct spec_family *lf = NULL;
	size_t		    nlf = 0;
	struct dd_error	    err = { 0 };
	struct tui_sheet    s = { 0 };
	struct tui_pick	    p = { NULL, NULL };
	struct tui_refval   tv;
	struct dd_result    r = { 0 };
	struct verdict	    v;
	struct dd_plan	    plan;

	(void)state;
	if (specdb_open_with(TOP_BUILDDIR "/data/drivedash.db", &lab_overlay, &lab, &err) < 0 ||
	    specdb_families(lab, &a, &lf, &nlf, &err) < 0)
		fail_msg("data/drivedash.db + tests/lib/lab-targets.sql: %s", err.msg);
	for (size_t i = 0; i < nlf; i++)
		if (strcmp(lf[i].id, "lab-emu") == 0)
			p.fam = &lf[i];
	assert_non_null(p.fam);
	assert_int_equal(tui_sheet_load(&s, lab, p, &err), 0);
	/* rand_read >= 1,000 IOPS at 4K QD4x1, 1 s, 5 %: family-wide. */
	r.point = point(DD_RANDREAD, 4096, 4, 1);
	r.point.runtime_s = 1;
	assert_non_null(tui_ref_target(&s, &r.point, TUI_M_IOPS, &tv));
	assert_true(tv.comparable);
	assert_float_equal(tv.value, 1000, 1e-9);
	assert_string_equal(tv.note, "target >= 1,000 IOPS at 4K QD4x1, 1 s, tolerance 5%");
	/* The MB/s bar of the same workload gets the target through bs (as a
	 * spec figure's), not the spec the target outranks. */
	assert_non_null(tui_ref_target(&s, &r.point, TUI_M_MBPS, &tv));
	assert_true(tv.derived && tv.comparable);
	assert_float_equal(tv.value, 1000 * 4096 / 1e6, 1e-9);
	assert_string_equal(tv.from, "1,000 IOPS at 4K");
	assert_null(tui_ref_target(&s, &r.point, TUI_M_LAT, &tv));	/* latency: none */
	r.iops = 960;
	r.ios = 960;
	assert_true(tui_ref_target_verdict(&s, &r, TUI_M_IOPS, NULL, &v));
	assert_int_equal(v.status, VERDICT_PASS);
	assert_string_equal(v.decided_by, "target");
	/* The swept device's evidence is held as check holds it: reads of a
	 * device that is mostly never written are not a PASS. */
	{
		struct check_evidence ev = { .written = { .share = 0.01,
							  .source = "test" } };

		assert_true(tui_ref_target_verdict(&s, &r, TUI_M_IOPS, &ev, &v));
		assert_int_equal(v.status, VERDICT_IMPLAUSIBLE);
		assert_non_null(strstr(v.reason, "never written"));
	}
	r.iops = 940;
	assert_true(tui_ref_target_verdict(&s, &r, TUI_M_IOPS, NULL, &v));
	assert_int_equal(v.status, VERDICT_WARN);
	r.iops = 500;
	assert_true(tui_ref_target_verdict(&s, &r, TUI_M_IOPS, NULL, &v));
	assert_int_equal(v.status, VERDICT_FAIL);
	/* Another runtime: the target shows, not judged; another depth: none. */
	r.point.runtime_s = 10;
	assert_non_null(tui_ref_target(&s, &r.point, TUI_M_IOPS, &tv));
	assert_false(tv.comparable);
	assert_non_null(strstr(tv.note, "not judged, this point runs 10 s"));
	assert_true(tui_ref_target_verdict(&s, &r, TUI_M_IOPS, NULL, &v));
	assert_int_equal(v.status, VERDICT_NOT_COMPARABLE);
	r.point.iodepth = 8;
	assert_null(tui_ref_target(&s, &r.point, TUI_M_IOPS, &tv));
	assert_false(tui_ref_target_verdict(&s, &r, TUI_M_IOPS, NULL, &v));
	/* seq_read's target is the 1 GB point's own: only with it picked. */
	r.point = point(DD_READ, 131072, 8, 1);
	r.point.runtime_s = 1;
	assert_null(tui_ref_target(&s, &r.point, TUI_M_MBPS, &tv));
	/* The family as a whole: its two family-wide targets' points, the
	 * write one only with writes, at their stated runtime. */
	assert_int_equal(tui_ref_ntargets(&s), 2);
	plan_init(&plan, "spot");
	assert_int_equal(tui_ref_append_targets(&s, &plan, false, 0.1, &err), 1);
	assert_int_equal(plan.npoints, 1);
	assert_int_equal(plan.points[0].pattern, DD_RANDREAD);
	assert_int_equal(plan.points[0].iodepth, 4);
	assert_float_equal(plan.points[0].runtime_s, 1, 1e-9);	/* not time-scaled */
	assert_int_equal(tui_ref_append_targets(&s, &plan, true, 0.1, &err), 1);
	assert_int_equal(plan.points[1].pattern, DD_RANDWRITE);
	/* Points already in the plan are not added twice. */
	assert_int_equal(tui_ref_append_targets(&s, &plan, true, 0.1, &err), 0);
	plan_free(&plan);
	p.drive = &p.fam->drives[0];
	assert_int_equal(tui_sheet_load(&s, lab, p, &err), 0);
	/* The 1 GB point: its own seq_read target too. */
	assert_int_equal(tui_ref_ntargets(&s), 3);
	plan_init(&plan, "spot");
	assert_int_equal(tui_ref_append_targets(&s, &plan, true, 1, &err), 3);
	plan_free(&plan);
	assert_non_null(tui_ref_target(&s, &r.point, TUI_M_MBPS, &tv));
	assert_float_equal(tv.value, 1e6, 1e-6);
	tui_sheet_free(&s);
	arena_free(&a);
	specdb_close(lab);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_cd9p_r),
		cmocka_unit_test(test_capacity_figures),
		cmocka_unit_test(test_latency_spec),
		cmocka_unit_test(test_units_labels),
		cmocka_unit_test(test_targets),
	};

	return cmocka_run_group_tests_name("tui-ref", tests, setup, teardown);
}
