/*
 * Comparison: is a spec figure or a review measurement comparable with a
 * measured point, and by how much does the point differ.  The one place
 * that decides it for the dashboard's targets, Compare, the spec sheet,
 * `check`'s verdicts and the CLI.  Pure functions: no curses, no I/O, no
 * database access (the caller loads what it needs through specdb).
 *
 * Units.  Every value is held in the base unit of its dimension from the
 * database's own unit table (data/units.sql, unit.to_base): IOPS (rate),
 * MB/s = 10^6 B/s (throughput), us (time).  specdb converts spec figures and
 * review measurements once, at load (spec_figure.base, spec_measurement.base);
 * measured results are in those units already; compare_convert converts any
 * other value through a loaded table.  A unit not in the table, or of
 * another dimension, is not comparable.
 *
 * A spec figure (struct compare_spec) names a workload, pattern and block
 * size (the figure's, else 128K for sequential MB/s and 4K for IOPS and
 * latency), and a rule for depth:
 *
 *   stated       the figure states iodepth and/or numjobs: it compares at
 *                those conditions only (iodepth alone: that depth with one
 *                job, or jobs x depth equal to it).
 *   rated max    MB/s or IOPS with no stated depth: the vendor's rated
 *                maximum.  A target on every point of its workload, judged
 *                against the best point of that workload in the run;
 *                labelled "rated max, depth not stated".
 *   QD1          latency with no stated depth: QD1 x1, how latency is
 *                quoted.
 *
 * Reviews (struct spec_measurement) are fio measurements of one drive,
 * matched on workload, block size, iodepth and numjobs exactly; IOPS and
 * MB/s derive from each other through the block size.
 *
 * The reviews' other benchmarks are matched by what the point reproduces,
 * never by its name:
 *
 *   vdbench      a load curve's profile (dd_point.profile) is the review's
 *                workload ("4K random read"); its iops, bw and lat_mean are
 *                the peak of the curve and the latency there (threads: the
 *                review's thread count).
 *   dlio         measurement.pass is the run (pass) number and
 *                measurement.checkpoint the checkpoint index within a run
 *                (compare_dlio_series): a figure with a checkpoint index is
 *                one checkpoint of the series, one with only a run number
 *                that run's average; a run's pass mean compares with the
 *                latter only.
 *   gdsio        read/write at a block size and thread count (threads:
 *                QD1 x threads jobs); bw in GiB/s, iops, lat_mean.  A figure
 *                with no thread count is the peak over thread counts.
 *
 * A paced point (a load curve's step) or a checkpoint is not a plain
 * measurement of its shape: spec figures and fio reviews never apply to it
 * (compare_point_plain).
 *
 * Judging a ratio r = measured / reference with tolerance t (default 10%):
 * for MB/s and IOPS PASS when r >= 1 - t, WARN when r >= 1 - 2t, else FAIL;
 * for latency PASS when r <= 1 + t, WARN when r <= 1 + 2t, else FAIL.  The
 * band (compare_band) is |r - 1| <= t on both sides: only inside it does a
 * marker say "as the reference" (the dashboard's check mark).
 */
#ifndef DD_COMPARE_H
#define DD_COMPARE_H

#include <stdbool.h>
#include <stddef.h>

#include "core/specdb.h"
#include "io/engine.h"

#define COMPARE_DEFAULT_TOLERANCE 0.10	/* 10% */

/* Which number of a point. */
enum compare_quantity {
	COMPARE_IOPS,	/* IOPS (dimension "rate") */
	COMPARE_MBPS,	/* MB/s (dimension "throughput") */
	COMPARE_LAT,	/* mean or percentile latency, us (dimension "time") */
	COMPARE_SECS,	/* a duration, s (dimension "time"): a DLIO checkpoint;
			 * lower is better */
	COMPARE_GIBPS,	/* GiB/s (dimension "throughput"): GDSIO's unit */
};

/* How a spec figure's depth is matched. */
enum compare_rule {
	COMPARE_NONE,		/* not comparable at all (why says so) */
	COMPARE_STATED,		/* at the stated conditions only */
	COMPARE_RATED_MAX,	/* no depth: the best point of the workload */
	COMPARE_QD1,		/* latency, no depth: QD1 x1 */
};

/* Where a value sits against a reference. */
enum compare_band {
	COMPARE_BAND_NONE,	/* no value or no reference */
	COMPARE_BAND_BELOW,	/* below the band (numerically) */
	COMPARE_BAND_IN,	/* within the tolerance, either side */
	COMPARE_BAND_ABOVE,	/* above the band (numerically) */
};

/* A grade of a ratio; the order is the severity order. */
enum compare_grade {
	COMPARE_PASS,
	COMPARE_WARN,
	COMPARE_FAIL,
};

/* A spec figure made comparable. */
struct compare_spec {
	const struct spec_figure *fig;
	enum compare_quantity	  q;
	enum compare_rule	  rule;
	enum dd_pattern		  pattern;
	unsigned		  bs;
	int			  read_pct;	/* random mixes: the read share; else -1 */
	int			  qd, jobs;	/* STATED / QD1: the depth; 0 not stated */
	int			  pct;		/* latency percentile (hist index); -1 mean */
	bool			  lower_is_better;
	bool			  writes;	/* needs write points */
	double			  value;	/* in the base unit; NAN none */
	const char		 *why;		/* rule NONE: why not */
};

/* value in unit converted to the base unit of dimension through the table;
 * NAN when the unit is not in it or is of another dimension. */
double compare_convert(const struct spec_unit *units, size_t nunits, double value,
		       const char *unit, const char *dimension);

/* "rate", "throughput", "time". */
const char *compare_dimension(enum compare_quantity q);

/* "IOPS", "MB/s", "us", "s", "GiB/s". */
const char *compare_unit(enum compare_quantity q);

/* Is less of q better (latency, durations)? */
bool compare_lower_is_better(enum compare_quantity q);

/* Is p a plain measurement of its shape (unpaced, not a checkpoint): what
 * spec figures and fio reviews may apply to? */
bool compare_point_plain(const struct dd_point *p);

/* Is metric id a performance figure compare_spec_init takes? */
bool compare_metric_known(const char *metric_id);

/* Is a figure of this qual and upper end a range: qual "range", or an
 * approximate range (qual "approx" with value_hi, "etwa 11.0-12.0 GB/s")?
 * A spec range compares by its weaker end (the low one for MB/s and IOPS,
 * the high one for latency); a review range is not a point to compare. */
bool compare_qual_range(const char *qual, double value_hi);

/* Make a spec figure comparable; returns its rule (COMPARE_NONE: out->why). */
enum compare_rule compare_spec_init(const struct spec_figure *f, struct compare_spec *out);

/* The spec's value as quantity q: itself, or IOPS and MB/s derived from each
 * other through the spec's block size (a 4K random read rated at 2.6M IOPS
 * is a 10,650 MB/s target); NAN for latency or a block size of 0. */
double compare_spec_value_as(const struct compare_spec *cs, enum compare_quantity q);

/* Did p run the spec's workload (pattern, read share of a mix, block size)? */
bool compare_spec_workload(const struct compare_spec *cs, const struct dd_point *p);

/* Does p's depth fit the spec's rule (rated max: any depth)? */
bool compare_spec_depth(const struct compare_spec *cs, const struct dd_point *p);

/* Is the spec a target on point p: its workload and its depth rule? */
bool compare_spec_applies(const struct compare_spec *cs, const struct dd_point *p);

/* "rated max, depth not stated", "at QD32 x4 as stated", "QD1 x1, how latency is quoted". */
char *compare_rule_label(const struct compare_spec *cs, char *buf, size_t len);

/* Is a result a finished measurement (not failed, not stopped)? */
bool compare_result_finished(const struct dd_result *r);

/* The value of quantity q of a result (latency: of the pattern's direction,
 * percentile pct or the mean); NAN when it has none. */
double compare_result_value(const struct dd_result *r, enum compare_quantity q,
			    enum dd_pattern pattern, int pct);

/* The best finished result the spec applies to; SIZE_MAX none.  *value
 * (may be NULL) gets its value. */
size_t compare_best(const struct compare_spec *cs, const struct dd_result *const *res,
		    size_t n, double *value);

/* Is a better than b (NAN never is; anything beats NAN)? */
bool compare_better(double a, double b, bool lower_is_better);

/* A review measurement's value as q, through bs when derived; NAN if not. */
double compare_measurement_value(const struct spec_measurement *x, enum compare_quantity q,
				 unsigned bs);

/* Is x the very metric of q ("iops", "bw", "lat_mean", "duration"), not a
 * value derived through the block size? */
bool compare_measurement_direct(const struct spec_measurement *x, enum compare_quantity q);

/* The review measurement of drive_id at exactly p's workload, bs, iodepth and
 * numjobs (a direct figure first, then one derived through bs); NULL none. */
const struct spec_measurement *compare_review_at(const struct spec_measurement *ms, size_t n,
						 const char *drive_id, const struct dd_point *p,
						 enum compare_quantity q, double *value);

/* The best review measurement of drive_id for a pattern and bs at any depth. */
const struct spec_measurement *compare_review_best(const struct spec_measurement *ms,
						   size_t n, const char *drive_id,
						   enum dd_pattern pattern, unsigned bs,
						   enum compare_quantity q, double *value);

/* What a DLIO measurement's pass number is. */
enum compare_dlio {
	COMPARE_DLIO_NONE,	/* not a DLIO checkpoint duration, or no number */
	COMPARE_DLIO_PASS,	/* the average of run `pass` (no checkpoint index) */
	COMPARE_DLIO_CKPT,	/* checkpoint `checkpoint` of the series (of run
				 * `pass` when the review says which) */
};

/* Which DLIO figure x is (COMPARE_DLIO_NONE for any other measurement). */
enum compare_dlio compare_dlio_series(const struct spec_measurement *x);

/* drive_id's VDBench review of profile (its peak) as q (IOPS and MB/s derive
 * from each other through the profile's block size); NULL none. */
const struct spec_measurement *compare_review_profile(const struct spec_measurement *ms,
						      size_t n, const char *drive_id,
						      const char *profile,
						      enum compare_quantity q, double *value);

/* drive_id's DLIO average of pass number pass, in s; NULL none. */
const struct spec_measurement *compare_review_pass(const struct spec_measurement *ms,
						   size_t n, const char *drive_id, unsigned pass,
						   double *value);

/* drive_id's GDSIO figure for pattern (DD_READ or DD_WRITE) and bs as q
 * (GiB/s, IOPS through bs, or mean latency): at exactly threads, or with
 * threads 0 the best at any thread count (a figure with no thread count
 * included); NULL none. */
const struct spec_measurement *compare_review_threads(const struct spec_measurement *ms,
						      size_t n, const char *drive_id,
						      enum dd_pattern pattern, unsigned bs,
						      unsigned threads, enum compare_quantity q,
						      double *value);

/* measured / reference; NAN when either is missing or the reference is not positive. */
double compare_ratio(double measured, double reference);

/* Grade a ratio with tolerance t. */
enum compare_grade compare_grade(double ratio, double t, bool lower_is_better);

/* Where measured sits against reference with tolerance t. */
enum compare_band compare_band(double measured, double reference, double t);

#endif
