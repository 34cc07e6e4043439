/*
 * Verdicts of a spot check: what a sweep measured on a drive against the
 * spec sheet of the drive it matched.  Pure functions over plain structs: no
 * database, no I/O, no allocation.
 *
 * A struct verdict_report holds one struct verdict per spec figure and the
 * overall verdict.  The figures come from verdict_figures: the preferred
 * rows of the performance metrics of a sheet narrowed to one capacity point,
 * where the capacity point's own rows of a metric replace the family-wide
 * rows of that metric.  The measurements are the finished results of the
 * sweep (struct dd_result; failed or stopped points are not used).  Each
 * metric is compared with a point of the same workload:
 *
 *   metric       pattern                     value         block size
 *   seq_read     read                        MB/s          128K
 *   seq_write    write                       MB/s          128K
 *   rand_read    randread                    IOPS          4K
 *   rand_write   randwrite                   IOPS          4K
 *   rand_mixed   randrw, the spec's read     IOPS          4K
 *                share
 *   lat_read     randread (read when the     mean latency  4K, QD1 x1
 *                conditions say sequential)  (a percentile when they
 *   lat_write    randwrite (write ...)        name 99/99.9/99.99%)
 *
 * The block size is the spec's when it states one, else the default above.
 * Which points a figure is compared with is compare.h's rule:
 *
 *   stated       only a point that ran exactly the spec's iodepth and
 *                numjobs is compared (iodepth alone: that depth with one
 *                job, or jobs x depth equal to it); when the check ran no
 *                such point the verdict is NOT_COMPARABLE, naming what the
 *                spec states and what the check ran: never a fake comparison
 *   rated max    MB/s and IOPS with no stated depth are the drive's rated
 *                maximum: judged against the best point of the workload in
 *                the run, a full verdict, the reason saying "rated max,
 *                depth not stated"
 *   QD1          latency with no stated depth: QD1 x1, the way latency is
 *                quoted, a full verdict
 *
 * The spec value is the figure in MB/s, IOPS or us, converted through the
 * database's unit table at load (spec_figure.base); for a range, the low end
 * for MB/s and IOPS and the high end for latency.  With tolerance t
 * (VERDICT_DEFAULT_TOLERANCE unless given):
 *
 *   MB/s, IOPS   PASS  measured >= (1 - t) x reference
 *                WARN  measured >= (1 - 2t) x reference
 *                FAIL  below
 *   latency      PASS  measured <= (1 + t) x reference
 *                WARN  measured <= (1 + 2t) x reference
 *                FAIL  above
 *
 * The reference is the spec first.  When the spec does not PASS and the
 * options carry the published review of the same drive (verdict_opts.review,
 * its fio measurements), each compared point is also held against the
 * review at the same workload, block size, iodepth and numjobs; the row
 * takes the better of the two verdicts ("decided by the review"), so
 * WARN and FAIL mean short of both the spec and the review.  Every row says
 * which reference decided (decided_by: "spec", "rated max" or "review"),
 * the rule and the tolerance in its reason, in one sentence whatever shows
 * it (the CLI's table, --json, the dashboard's Fleet screen): "meets its
 * spec: 113.9% of 14,800 MB/s" at or beyond the figure, "misses its spec:
 * 88.0% of 1,000 MB/s, short by 12% (tolerance 10%)" for a WARN or FAIL
 * ("over by" for latency; a PASS inside the tolerance says both), then
 * "decided by the review: meets it: ..." when the review decided.
 *
 * Acceptance targets come first.  A lab's target (the overlay's target
 * table, spec_figure.is_target, verdict_figures lists them before the spec
 * figures) states its point: pattern from the metric, block size, depth,
 * jobs, read share, runtime.  For a metric (a mix: a metric and read share)
 * with targets, the targets judge it and its spec figures are left out;
 * other metrics keep the spec-then-review rule above.  A target is judged
 * only at a point that ran exactly its stated point (verdict_target_ran,
 * the runtime included: `check` appends such points, verdict_append_targets)
 * with its own tolerance t (0: a plain threshold) by the same grades:
 * PASS measured >= (1 - t) x target (latency <= (1 + t) x), WARN within 2t,
 * FAIL beyond; decided_by "target", the reason naming the target ("lab
 * target >= 2.2M IOPS at 4K QD32x16, 60 s, tolerance 0%: 2.31M IOPS,
 * PASS").  No review rescues a target.  A target whose point did not run
 * is NOT_COMPARABLE and says why (a write target without --allow-write).
 *
 * The boundaries belong to the better verdict.  verdict_health adds a row
 * "health" from the SMART log read before and after the sweep: FAIL when
 * media errors rose or a critical-warning bit appeared, WARN when the drive
 * throttled (thermal-management transitions or time over a temperature
 * threshold rose), else PASS.  The overall verdict is the worst row
 * (PASS < WARN < FAIL); NOT_COMPARABLE rows do not count, and a report
 * with no other row is NOT_COMPARABLE overall.  A drive not in the
 * database has no rows and is UNKNOWN overall.
 *
 * verdict_curve adds the rows of a short load curve (`check --curve`):
 * "curve_iops", the curve's peak IOPS, and "curve_lat", the mean latency
 * at the peak, each held against the matched drive's published VDBench
 * figure of the same profile (compare_review_profile: never by a point's
 * name) with the tolerance above; decided_by "review".  A drive without a
 * published curve of the profile gets both rows NOT_COMPARABLE, "no
 * published curve for this drive": information, never a FAIL.  A curve whose
 * steps did not reach VERDICT_CURVE_ACHIEVED of their target rates
 * together (workload_curve_achieved: the target, not the drive, set their
 * pace, so the peak is not the curve the review drew) is not judged: both
 * rows NOT_COMPARABLE, "not judged: the steps reached 38% of their target
 * rates".  The rate
 * limiter's accuracy per step is not a verdict (the caller reports it from
 * struct workload_curve).
 *
 * verdict_plausible runs after the evaluation (and the curve and health
 * rows): a row whose point the target cannot have measured is IMPLAUSIBLE,
 * not judged, never PASS.  Two rules:
 *
 *   link         a MB/s or IOPS row whose point moved more MB/s than the
 *                target's PCIe link carries (verdict_link_mbps: GT/s x
 *                lanes x the line code, 8b/10b up to Gen2, 128b/130b
 *                from Gen3): "24,362 MB/s is above what PCIe 5.0 x4
 *                carries (about 15,754 MB/s): not judged"
 *   unwritten    a row of a read-only point (read, randread) when the
 *                target was never written: half or more of the point's
 *                sampled read buffers came back all zeroes
 *                (dd_result.zero_found), or under VERDICT_WRITTEN_MIN of
 *                the target holds data (struct verdict_written: Identify
 *                Namespace NUSE against NSZE, a loop device's backing file
 *                by SEEK_DATA, a zram device's mm_stat).  A drive returns
 *                deallocated blocks without touching flash: "not judged:
 *                the target was never written (reads do not touch flash)",
 *                pointing to check --precondition
 *
 * A report of IMPLAUSIBLE rows only is NOT_COMPARABLE overall.
 *
 * verdict_explain marks, on each WARN or FAIL row, the explainers (struct
 * explain_item from explain_controller, plus verdict_link_hint's) that may
 * explain it: pcie-link for MB/s and IOPS, lba-format for 4K random and
 * latency rows, temperature, wear and critical warnings for every row,
 * namespace-size for every row but health.
 */
#ifndef DD_VERDICT_H
#define DD_VERDICT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/compare.h"
#include "core/explain.h"
#include "core/plan.h"
#include "core/specdb.h"
#include "core/workload.h"
#include "io/engine.h"
#include "io/nvme.h"

#define VERDICT_DEFAULT_TOLERANCE 0.10	/* 10% */
#define VERDICT_TOLERANCE_MAX	  0.49	/* twice it must stay under 100% */
#define VERDICT_MAX		  32	/* rows of a report */
#define VERDICT_CURVE_ACHIEVED	  0.90	/* a curve is judged when its steps
					 * reached this share of their target
					 * rates (workload_curve_achieved) */
#define VERDICT_RULES_VERSION	  1	/* stored with every judged run (record_verdict):
					 * raise it when a rule above changes */

/* The verdict on one row; the order is the severity order of worst-of. */
enum verdict_status {
	VERDICT_NOT_COMPARABLE,	/* no point ran under the spec's conditions */
	VERDICT_IMPLAUSIBLE,	/* a row only: a figure the target cannot have
				 * measured (above its link, reads of
				 * never-written space): not judged */
	VERDICT_PASS,
	VERDICT_WARN,
	VERDICT_FAIL,
	VERDICT_UNKNOWN,	/* overall only: the drive is not in the database */
	VERDICT_ERROR,		/* overall only: the target could not be measured
				 * (unreachable, lost, aborted) */
};

/* One row: a spec figure (or the health row) and what it was compared with. */
struct verdict {
	const char	   *metric;		/* "seq_read" ... "lat_write", "health" */
	const char	   *metric_name;	/* "sequential read" ... */
	enum verdict_status status;
	struct spec_figure  spec;		/* the figure; zeroed for health */
	const char	   *unit;		/* "MB/s", "IOPS", "us"; NULL for health */
	double		    spec_value;		/* in unit; NAN when none */
	double		    measured;		/* in unit; NAN when none */
	double		    ratio;		/* measured / spec_value; NAN when none */
	bool		    lower_is_better;	/* latency */
	bool		    conditions_known;	/* the spec states its queue depth */
	bool		    capped;		/* always false (rated max is a full verdict) */
	enum compare_rule   rule;		/* how the spec's depth was matched */
	const char	   *decided_by;		/* "target", "spec", "rated max", "review";
						 * NULL none */
	double		    review_value;	/* the review at the compared point; NAN none */
	const char	   *review_qual;	/* its qualifier ("approx" for "ca. 32.3K",
						 * "lt" ...); NULL none or "eq" */
	double		    review_ratio;	/* measured / review_value; NAN none */
	unsigned	    review_qd, review_jobs;	/* its depth; 0 none */
	const char	   *review_source;	/* its source id; NULL none */
	char		    review_label[128];	/* that source as a user reads it
						 * ("StorageReview, CD9P-R review
						 * (de)"); "" none */
	char		    spec_label[128];	/* the spec figure's source, by name;
						 * "" none */
	size_t		    result;		/* index of the point compared; SIZE_MAX none */
	char		    point[DD_POINT_NAME_MAX];	/* its name, "" none */
	uint32_t	    explainers;		/* bit i: explainer i may explain it */
	char		    reason[320];	/* one line */
};

/* The verdicts of one check. */
struct verdict_report {
	double		    tolerance;		/* fraction, 0.10 = 10% */
	enum verdict_status overall;
	struct verdict	    rows[VERDICT_MAX];
	size_t		    nrows;
	char		    summary[768];	/* where it meets its spec and where not */
};

/* Options of verdict_evaluate; NULL means the defaults. */
struct verdict_opts {
	double tolerance;	/* fraction, 0 <= t <= VERDICT_TOLERANCE_MAX */
	bool   writes_ran;	/* the plan had write points (else say --allow-write) */
	/* The published review of the matched drive (NULL: none): its fio
	 * measurements of review_drive are a second reference. */
	const struct spec_measurement *review;
	size_t			       nreview;
	const char		      *review_drive;
	/* The sheet the figures and the review come from (NULL: none): names
	 * their sources on the rows (review_label, spec_label). */
	const struct spec_sheet	      *sheet;
};

/* What changed in the SMART log over the check. */
struct verdict_smart_delta {
	bool	 valid;			/* both logs were read */
	int	 temp_before_c, temp_after_c, temp_max_c;	/* NVMEINFO_TEMP_NONE unknown */
	int	 new_critical_bits;	/* critical-warning bits set after, not before */
	int	 critical_after;	/* critical-warning bits after */
	int64_t	 media_errors, error_log_entries;
	int64_t	 thermal_t1_transitions, thermal_t2_transitions;
	int64_t	 warning_temp_minutes, critical_temp_minutes;
	int64_t	 data_units_read, data_units_written;	/* units of 512,000 bytes */
	int	 percentage_used;
};

/*
 * The figures a check compares: first the acceptance targets of the sheet
 * (sheet->targets: family-wide and the capacity point's own), then the
 * preferred rows of the performance metrics in sheet (seq_read, seq_write,
 * rand_read, rand_write, rand_mixed, lat_read, lat_write) of the metrics no
 * target covers, a capacity point's own rows replacing the family-wide rows
 * of the same metric.  Copies at most max into out and returns how many.
 */
size_t verdict_figures(const struct spec_sheet *sheet, struct spec_figure *out,
		       size_t max);

/*
 * One row for an acceptance target tg (is_target): judged only at a point
 * that ran its stated point (verdict_target_ran) with its own tolerance;
 * decided_by "target", the reason naming it ("lab target >= 2.2M IOPS at
 * 4K QD32x16, 60 s, tolerance 0%: 2.31M IOPS, PASS").  No such point:
 * NOT_COMPARABLE saying why (no writes without --allow-write, the point
 * failed or was stopped, the check did not run it).  The dashboard judges a
 * point with it too (res = that point's result, n = 1).
 */
void verdict_target(const struct spec_figure *tg, const struct dd_result *const *res, size_t n,
		    bool writes_ran, struct verdict *out);

/* Did p run target tg's stated point: its workload (pattern, block size,
 * read share), exactly its depth and jobs, and its runtime (time based)? */
bool verdict_target_ran(const struct spec_figure *tg, const struct dd_point *p);

/* What a target states: ">= 2.2M IOPS at 4K QD32x16, 60 s, tolerance 0%"
 * ("p99 <= 80 us at 4K QD1x1, ..." for a latency). */
char *verdict_target_label(const struct spec_figure *tg, char *buf, size_t len);

/*
 * Append to plan the point each acceptance target of figs states (pattern
 * from the metric: seq_read read, rand_read randread, rand_mixed randrw at
 * its read share, lat_* randread/randwrite; its block size, depth, jobs and
 * runtime, never time-scaled; the ramp is the default x time_scale), one
 * point per distinct stated point, named "4K randread QD32 x16 60s target".
 * Write targets only with allow_write (else their rows say so).  Returns how
 * many points were appended, or a negative errno with err set.
 */
int verdict_append_targets(struct dd_plan *plan, const struct spec_figure *figs, size_t n,
			   bool allow_write, double time_scale, struct dd_error *err);

/*
 * Compare figures with the finished results (results[i] may be NULL) and
 * fill *out: one row per performance figure (others are ignored), the
 * overall verdict and the summary.
 */
void verdict_evaluate(const struct spec_figure *figures, size_t nfigures,
		      const struct dd_result *const *results, size_t nresults,
		      const struct verdict_opts *opts, struct verdict_report *out);

/*
 * The report of a drive not in the database: no rows, overall UNKNOWN, and
 * a summary naming the model string (NULL: there was none), or saying why
 * typed text named no drive (why, a match label: "'cm7' names 2 drives, not
 * one ..."; NULL: the model string is not in the database), and the nearest
 * family (NULL: none).
 */
void verdict_unknown(struct verdict_report *out, double tolerance, const char *model,
		     const char *why, const struct spec_family *nearest);

/* What verdict_judge_run judges: the drive a run matched (drive_id NULL:
 * not in the database; then model and nearest say what was looked up) and the
 * figures of its sheet (verdict_figures), whose review measurements are the
 * second reference. */
struct verdict_subject {
	const char		 *drive_id;
	const struct spec_sheet	 *sheet;	/* NULL: none loaded */
	const struct spec_figure *figs;
	size_t			  nfigs;
	const char		 *model;	/* unknown: the model string; NULL none */
	const char		 *why;		/* unknown: why typed text named no
						 * drive (session_match_text's
						 * label); NULL: model is not in
						 * the database */
	const struct spec_family *nearest;	/* unknown: the nearest family; NULL none */
};

/*
 * The one rule `check` and a fleet judge a run by: verdict_unknown for a
 * drive not in the database, else verdict_evaluate of the figures with the
 * sheet's review measurements of drive_id in vo (vo brings the tolerance and
 * writes_ran and is left holding the review, for verdict_curve).  True when
 * the run was evaluated (the caller may add curve, health and explainers).
 */
bool verdict_judge_run(const struct verdict_subject *s,
		       const struct dd_result *const *results, size_t n,
		       struct verdict_opts *vo, struct verdict_report *out);

/* The PCIe link a target sits behind (verdict_plausible). */
struct verdict_link {
	int gen;	/* PCIe generation 1..6; 0 unknown */
	int width;	/* lanes; 0 unknown */
};

#define VERDICT_WRITTEN_MIN 0.5	/* under this share holding data: reads are
				 * mostly of never-written space */

/* How much of a target holds data (verdict_plausible). */
struct verdict_written {
	double share;		/* 0..1; NAN unknown */
	char   source[128];	/* how it is known: "Identify Namespace NUSE" ... */
};

/* The link of a discovered controller (unknown fields 0; c may be NULL). */
void verdict_link_of(const struct nvmeinfo_ctrl *c, struct verdict_link *out);

/* What a link carries in decimal MB/s (payload after the line code); NAN
 * when its generation or width is unknown. */
double verdict_link_mbps(const struct verdict_link *l);

/*
 * Mark the rows the target cannot have measured IMPLAUSIBLE (the rules
 * above; link or wr NULL or unknown: that rule is not applied), with the
 * reason, and recompute the overall verdict and summary.  results are the
 * rows' points (verdict.result indexes them).  Nothing for an UNKNOWN report.
 */
void verdict_plausible(struct verdict_report *r, const struct verdict_link *link,
		       const struct verdict_written *wr, const struct dd_result *const *results,
		       size_t n);

/* The difference between two SMART logs (valid only when both are). */
void verdict_smart_delta(const struct nvmeinfo_smart *before,
			 const struct nvmeinfo_smart *after,
			 struct verdict_smart_delta *out);

/* Append the health row from a SMART delta and recompute the overall
 * verdict and summary; nothing when the delta is not valid or the report is
 * UNKNOWN (a drive not in the database gets no verdicts at all). */
void verdict_health(struct verdict_report *r, const struct verdict_smart_delta *d);

/* Append the rows of load curve cv (curve_iops, curve_lat) against the
 * review in o (o->review of o->review_drive; NULL: none) and recompute the
 * overall verdict and summary; nothing when the report is UNKNOWN or full. */
void verdict_curve(struct verdict_report *r, const struct workload_curve *cv,
		   const struct verdict_opts *o);

/* Mark on every WARN and FAIL row the explainers (at most 32) that may explain it. */
void verdict_explain(struct verdict_report *r, const struct explain_item *items,
		     size_t nitems);

/*
 * An explainer of kind "pcie-spec" when the link trained below the
 * interface the family is rated for ("PCIe link trained at Gen4 x4, the spec
 * assumes Gen5 x4").  Returns 1 and fills *out, or 0.
 */
int verdict_link_hint(const struct nvmeinfo_ctrl *c, const struct spec_family *f,
		      struct explain_item *out);

/* The worst row (NOT_COMPARABLE rows do not count). */
enum verdict_status verdict_overall(const struct verdict *rows, size_t n);

/* "PASS", "WARN", "FAIL", "NOT_COMPARABLE", "UNKNOWN". */
const char *verdict_status_name(enum verdict_status s);

/* The row that decided a WARN or FAIL report: the first row of its overall
 * status; NULL for any other overall verdict. */
const struct verdict *verdict_worst_row(const struct verdict_report *r);

/* A run that did not end (its target failed, a fleet host was refused or
 * lost, the run was stopped): the target could not be measured, so the
 * overall verdict is VERDICT_ERROR, whatever the rows say.  The rows (what
 * finished, judged) stay; the summary says why first ("not measured: WHY"),
 * then what the rows said.  why may be NULL or "". */
void verdict_not_measured(struct verdict_report *r, const char *why);

#endif
