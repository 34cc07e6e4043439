/*
 * The check pipeline: what `check` does between parsing its command line
 * and printing its report, for a local drive, each host of a rack (fleet.c)
 * and the dashboard alike.  Errors are values (struct dd_error); nothing
 * here prints.
 *
 *   plan        check_plan_build: the spot preset (writes only when
 *               allowed), the sweep's own fill pass for --precondition, and
 *               --curve's short load curve (check_curve_shape: the shape of
 *               a preset's curve of that profile); check_plan_add_targets
 *               appends the matched drive's acceptance targets' points;
 *               check_plan_estimate says how long it takes and how much a
 *               fill writes
 *   match       check_sheet loads the sheet and figures of a matched drive
 *               (the match itself: session_match for a local target,
 *               fleet_match for a host); check_subject says who is judged;
 *               check_stop_unknown ends a check on a drive not in the
 *               database before any I/O (UNKNOWN), unless sweep_unknown
 *   judge       check_judge: verdict_judge_run, the load curve's rows, the
 *               health row, plausibility (verdict_plausible: the link and
 *               the never-written rules, from struct check_evidence), the
 *               explainers: the report record_verdict stores.
 *               check_judge_point holds one point to one acceptance target
 *               (the dashboard) with the same plausibility.
 *
 * struct check_params is what a check was asked (tolerance, time scale,
 * writes, preconditioning, the curve's profile); struct check_evidence what
 * the target tells about what it can have measured; struct check_judging
 * everything a judgement takes besides the results.
 */
#ifndef DD_CHECK_H
#define DD_CHECK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/match.h"
#include "core/plan.h"
#include "core/sweep.h"
#include "core/verdict.h"
#include "core/workload.h"
#include "io/nvme.h"

#define CHECK_CURVE_DEFAULT "4K random read"	/* --curve without a profile */
#define CHECK_CURVE_STEP_S  2.0	/* a curve step's measured time (x time scale) */
#define CHECK_CURVE_RAMP_S  0.5

/* What a check was asked to do. */
struct check_params {
	double	    tolerance;		/* fraction, used as given */
	double	    time_scale;		/* 0 = 1 */
	bool	    allow_write;
	bool	    precondition;	/* the sweep fills the target first */
	bool	    sweep_unknown;	/* measure a drive not in the database */
	const char *curve;		/* the load curve's profile; NULL none */
};

/* How long a check's plan takes. */
struct check_estimate {
	double	 seconds;		/* plan_estimate_seconds */
	uint64_t fill_bytes;		/* the precondition pass writes; 0 none */
};

/* What the target tells about what it can have measured. */
struct check_evidence {
	struct verdict_link    link;	/* gen 0: unknown */
	struct verdict_written written;	/* share NAN: unknown */
};

/* Everything a judgement takes besides the results. */
struct check_judging {
	const struct verdict_subject	 *subject;
	double				  tolerance;	/* fraction */
	bool				  writes_ran;	/* the plan wrote */
	const struct workload_curve	 *curve;	/* the load curve; NULL none */
	const struct verdict_smart_delta *smart;	/* NULL: SMART not read */
	const struct check_evidence	 *evidence;	/* NULL: nothing known */
	const struct explain_item	 *items;	/* the explainers */
	size_t				  nitems;
};

/* The shape of a preset's load curve of profile (case-insensitive): its
 * CURVE_MAX point, into *shape (may be NULL); 0, or -ENOENT none. */
int check_curve_shape(const char *profile, struct dd_point *shape);

/* Fill plan (plan_init'ed) with the spot preset, the precondition pass and
 * the load curve of p; 0, or a negative errno with err set. */
int check_plan_build(const struct check_params *p, struct dd_plan *plan, struct dd_error *err);

/* Append the points of the acceptance targets among figs (writes only with
 * p->allow_write, at their stated runtime) and check them against target t;
 * how many points were added, or a negative errno with err set. */
int check_plan_add_targets(struct dd_plan *plan, const struct spec_figure *figs, size_t nfigs,
			   const struct check_params *p, const struct dd_target *t,
			   struct dd_error *err);

/* How long plan takes on a target of size bytes, and what a fill writes. */
void check_plan_estimate(const struct dd_plan *plan, uint64_t size, struct check_estimate *out);

/* Load the sheet of matched drive m and its figures (verdict_figures, at
 * most VERDICT_MAX); true when loaded, false for no match or no sheet. */
bool check_sheet(struct specdb *db, const struct match_result *m, struct arena *a,
		 struct spec_sheet *sheet, struct spec_figure *figs, size_t *nfigs);

/* Who is judged: the drive m matched (sheet NULL: none loaded) and, for a
 * drive not in the database, the model string looked up (typed: text the
 * user gave, whose match label says why it named no drive). */
void check_subject(const struct match_result *m, const struct spec_sheet *sheet,
		   const struct spec_figure *figs, size_t nfigs, const char *model, bool typed,
		   struct verdict_subject *out);

/* A drive not in the database and no sweep_unknown: the UNKNOWN report
 * into *out and true (run no I/O); else false. */
bool check_stop_unknown(const struct verdict_subject *s, const struct check_params *p,
			struct verdict_report *out);

/* The evidence of a local target: the link of its controller c (NULL: not
 * NVMe) and how much of it held data before the sweep (w; stale, so not
 * used, when plan fills the target first). */
void check_evidence_local(const struct nvmeinfo_ctrl *c, const struct nvmeinfo_written *w,
			  const struct dd_plan *plan, struct check_evidence *out);

/* Collect the load curve of a joined sweep's results into *out; false when
 * it ran no curve point (sw NULL too). */
bool check_curve(const struct sweep *sw, struct workload_curve *out);

/* Judge a run: UNKNOWN for a drive not in the database, else the rows of
 * its figures, its curve and health, each held to plausibility, and the
 * explainers.  True when the run was evaluated. */
bool check_judge(const struct check_judging *j, const struct dd_result *const *res, size_t n,
		 struct verdict_report *out);

/* Judge result r by acceptance target tg (verdict_target) and hold the row
 * to plausibility (ev NULL: the zero-buffer rule only). */
void check_judge_point(const struct spec_figure *tg, const struct dd_result *r,
		       const struct check_evidence *ev, struct verdict *out);

#endif
