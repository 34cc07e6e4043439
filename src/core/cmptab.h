/*
 * The comparison table: database drives and measured runs side by side,
 * one row per matching point, the table behind both `drivedash compare`
 * and the dashboard's Compare screen (no curses, no JSON, no database
 * access: the caller loads sheets through specdb and runs through the
 * results store or the sweep).
 *
 * Data model:
 *
 *   columns  a drive (struct cmptab_col, CMPTAB_DRIVE): a loaded spec sheet,
 *            the capacity point whose spec figures count and the one whose
 *            review measurements count; it has two cells per row, its spec
 *            figure and its review measurement.  A run (CMPTAB_RUN): a copy
 *            of its points (struct dd_point + struct sweep_summary pairs, so
 *            a live sweep's struct tui_run and a stored struct results_run
 *            both feed it), its serial and matched database drive; one cell
 *            per row, what it measured.
 *   rows     a workload (pattern, block size, read share of a mix), a
 *            quantity (IOPS, MB/s or latency, mean or a percentile) and a
 *            depth: an exact IODepth x NumJobs, or "best at any depth".
 *            Rows come from every run point (its rate; its mean latency too
 *            at QD1 x1), from every comparable spec figure of a drive (a
 *            stated depth or QD1: that point; a rated maximum: the best row
 *            of its workload) and, when there is a drive, a few headline
 *            rows (4K random and 128K sequential best, 4K QD1).  Rates are in
 *            MB/s for sequential workloads and blocks of 64K and up, in IOPS
 *            otherwise.
 *            The reviews' other workloads have rows of their own kind
 *            (struct cmptab_row.kind), made from a run's points of that
 *            kind: a load curve's peak (DD_KIND_CURVE_MAX: "VDBench 4K
 *            random read peak" in IOPS, MB/s for sequential and 64K-and-up
 *            profiles, and the mean latency at the peak), a checkpoint
 *            series' pass averages (DD_KIND_CHECKPOINT: "DLIO pass 2 avg
 *            per 1636GB", seconds scaled to the reviews' 1,636 GB
 *            checkpoint, WORKLOAD_REVIEW_CKPT_BYTES) and thread scaling (DD_KIND_THREADS: "GDSIO 1M read
 *            x128" in GiB/s and mean latency, and the best over thread
 *            counts).  A plain QD1 sequential point at bs x jobs makes a
 *            GDSIO row too when a drive column has a GDSIO figure there, and
 *            fills one always.  A curve row is keyed by the profile the
 *            points reproduce (dd_point.profile), never by a point's name;
 *            a curve without a profile by its shape.  Only plain points
 *            (DD_KIND_POINT) make and fill the FIO rows.
 *   cells    a value in the base unit (NAN: none), the depth it is at (a
 *            review's or a run's own QD x NJ, a spec's stated depth, "rated
 *            max" or QD1), and % deltas against each reference it has.
 *
 * Which spec figure or review applies where is core/compare.h's rule, not a
 * second one: a stated figure only at its depth, a rated maximum only on the
 * best row of its workload, latency without a depth at QD1 x1, reviews at
 * exactly the row's depth (best rows: their best depth).
 *
 * References.  A review is held against its drive's spec.  A run is held,
 * in this order, against the first run of the same serial (drift; "first":
 * the earliest by its order key, then by column), else its reference
 * drive's review, else that drive's spec, else the table's first run column
 * (runs of different targets side by side); its reference drive is the
 * drive column of its matched database drive (that capacity point, else
 * that family), else the first drive column.  Every delta a cell has is kept
 * (cell.delta[]); cell.ref names the one shown.  The best measured value of
 * a row (reviews and runs; spec figures are claims) is marked.
 */
#ifndef DD_CMPTAB_H
#define DD_CMPTAB_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lib/error.h"
#include "core/compare.h"
#include "core/results.h"
#include "core/specdb.h"
#include "core/sweep.h"
#include "core/workload.h"
#include "io/engine.h"

/* What a delta is against. */
enum cmptab_ref {
	CMPTAB_REF_NONE,
	CMPTAB_REF_RUN,		/* the table's first run (runs of other targets) */
	CMPTAB_REF_SPEC,	/* the (reference) drive's spec figure */
	CMPTAB_REF_REVIEW,	/* the reference drive's review on the row */
	CMPTAB_REF_DRIFT,	/* the first run of the same serial */
	CMPTAB_REF_COUNT,
};

/* Where a cell's value was measured or rated. */
enum cmptab_depth {
	CMPTAB_DEPTH_NONE,	/* no value, or a review without a depth */
	CMPTAB_DEPTH_AT,	/* qd x jobs (jobs 0: only the iodepth stated) */
	CMPTAB_DEPTH_RATED_MAX,	/* a spec figure with no depth: rated maximum */
	CMPTAB_DEPTH_QD1,	/* a latency spec with no depth: QD1 x1 by convention */
	CMPTAB_DEPTH_THREADS,	/* a VDBench or GDSIO review's thread count (jobs) */
};

/* Which cell of a column. */
enum cmptab_part {
	CMPTAB_SPEC = 0,	/* drive: its spec figure */
	CMPTAB_REVIEW = 1,	/* drive: its review measurement */
	CMPTAB_MEASURED = 0,	/* run: what it measured */
};

enum cmptab_kind {
	CMPTAB_DRIVE,
	CMPTAB_RUN,
};

/* One measured point of a run. */
struct cmptab_point {
	struct dd_point	     pt;
	struct sweep_summary sum;
};

/* A column: a database drive or a run. */
struct cmptab_col {
	enum cmptab_kind	 kind;
	char			 label[256];
	/* a drive */
	const struct spec_sheet *sheet;		/* the family's (caller keeps it) */
	char			 drive_id[128];	/* run: its matched drive; drive:
						 * whose spec figures; "" family-wide only */
	char			 review_drive[128];	/* whose reviews; "" none */
	/* a run */
	char			 serial[RESULTS_DRIFT_KEY_MAX];	/* what it drifts by: the drive's
							 * serial, or a key naming the
							 * same target; "" no drift */
	int64_t			 order;		/* when it ran (any increasing key); 0 unknown */
	struct cmptab_point	*pts;
	size_t			 npts, cap;
	/* set by cmptab_build */
	size_t			 drift_of;	/* run: first run of its serial; SIZE_MAX none */
	size_t			 ref_drive;	/* run: its reference drive column; SIZE_MAX none */
	size_t			 base_run;	/* run: the table's first run column, when
						 * not this one; SIZE_MAX none */
	struct workload_curve	*curves;	/* run: its load curves */
	size_t			 ncurves;
	struct workload_ckpt	*ckpts;		/* run: its checkpoint series */
	size_t			 nckpts;
};

/* A row: a workload, a quantity and a depth. */
struct cmptab_row {
	enum dd_pattern	      pattern;
	unsigned	      bs;
	int		      read_pct;	/* mixes: the read share; else -1 */
	enum compare_quantity q;
	int		      pct;	/* latency: percentile (hist index); -1 mean */
	bool		      best;	/* the best at any depth, else at qd x jobs */
	unsigned	      qd, jobs;
	double		      best_value;	/* best measured value of the row; NAN none */
	enum dd_kind	      kind;	/* DD_KIND_POINT: the FIO matrix; CURVE_MAX: a
					 * curve's peak; CHECKPOINT; THREADS */
	char		      profile[DD_PROFILE_MAX];	/* curve: the profile; "" none */
	unsigned	      pass;	/* checkpoint: the pass */
};

/* A cell. */
struct cmptab_cell {
	double		  value;		/* base unit; NAN none */
	enum cmptab_depth depth;
	unsigned	  qd, jobs;
	bool		  derived;		/* IOPS from MB/s or back, through the bs */
	bool		  best;			/* the row's best measured value */
	double		  delta[CMPTAB_REF_COUNT];	/* % against each; NAN none */
	double		  refval[CMPTAB_REF_COUNT];	/* the reference values */
	enum cmptab_ref	  ref;			/* the delta shown; NONE none */
	const struct spec_figure      *fig;	/* spec cell: the figure */
	const struct spec_measurement *meas;	/* review cell: the measurement */
};

/* The table. */
struct cmptab {
	struct cmptab_col  *cols;
	size_t		    ncols, colcap;
	struct cmptab_row  *rows;
	size_t		    nrows, rowcap;
	struct cmptab_cell *cells;	/* nrows x ncols x 2 (cmptab_cell()) */
	bool		    headline;	/* add the headline rows when there is a
					 * drive (default true after cmptab_init) */
};

/* An empty table. */
void cmptab_init(struct cmptab *t);

/* Free what a table holds (it is empty again). */
void cmptab_free(struct cmptab *t);

/* The capacity point whose reviews a drive is compared with: drive_id if it
 * has review measurements, else the family's most reviewed one; NULL none. */
const char *cmptab_review_drive(const struct spec_family *f, const char *drive_id);

/* The capacity point a drive column compares: drive_id when the operand
 * named one, else the family's most reviewed point (cmptab_review_drive),
 * else its headline point (the list's: the one its headline figures are
 * from); NULL: the family-wide figures alone.  compare, the Compare screen
 * and a report's drive page take a family by it. */
const char *cmptab_compared_point(const struct spec_family *f, const char *drive_id);

/* Add a drive column: sheet (kept by the caller until cmptab_free), the
 * capacity point whose figures count (NULL: family-wide figures and the
 * review drive's), the label.  Returns the column index or negative errno. */
int cmptab_add_drive(struct cmptab *t, const struct spec_sheet *sheet, const char *drive_id,
		     const char *label, struct dd_error *err);

/* Add a run column (serial and drive_id may be NULL or ""; order 0 unknown).
 * Returns the column index or negative errno. */
int cmptab_add_run(struct cmptab *t, const char *label, const char *serial,
		   const char *drive_id, int64_t order, struct dd_error *err);

/* A stored run as a run column: its name, its drift key
 * (results_drift_key), its matched drive, its start time as the order, and a
 * copy of each of its points.  The column's index, or negative errno. */
int cmptab_add_results_run(struct cmptab *t, const struct results_run *run,
			   struct dd_error *err);

/* Add a drive column for the matched database drive (the run's drive_id)
 * of each run column whose family has no drive column yet, as `compare`
 * and a report show a run beside its spec sheet: the family's sheet read
 * from db into a (kept by the caller until cmptab_free), the capacity point
 * the run matched, labelled by specdb_drive_label.  db NULL adds nothing.
 * The number of columns added, or negative errno with err set. */
int cmptab_add_matched(struct cmptab *t, struct specdb *db, struct arena *a,
		       struct dd_error *err);

/* Append a copy of a point to run column col; 0 or negative errno. */
int cmptab_add_point(struct cmptab *t, size_t col, const struct dd_point *pt,
		     const struct sweep_summary *sum, struct dd_error *err);

/* Build the rows and cells from the columns (again after any change). */
int cmptab_build(struct cmptab *t, struct dd_error *err);

/* A cell of row r, column c (part: CMPTAB_SPEC/REVIEW for drives, MEASURED
 * for runs). */
const struct cmptab_cell *cmptab_cell(const struct cmptab *t, size_t r, size_t c,
				      enum cmptab_part part);

/* The value of quantity q (latency: percentile pct, -1 mean) of a finished
 * point's summary; NAN when it has none or did not finish. */
double cmptab_summary_value(const struct sweep_summary *s, enum compare_quantity q, int pct);

/* A row's workload and depth, short enough for a screen: "4K rand read
 * QD32x4", "128K seq read best" (the best depth), "4K rand read QD1x1 p99"
 * (a latency percentile; a mean latency row is told by its unit alone);
 * times is the multiplication sign ("x", "×").  The other kinds: "VDBench
 * 4K random read peak", "curve 4K rand read QD32x4 peak" (no profile),
 * "DLIO pass 2 avg per 1636GB", "GDSIO 1M read x128", "GDSIO 1M read best". */
char *cmptab_row_label(const struct cmptab_row *r, const char *times, char *buf, size_t len);

/* A cell's depth: "QD32x4", "QD32", "rated max", "QD1x1", "x128" (threads);
 * "" none. */
char *cmptab_depth_label(const struct cmptab_cell *c, const char *times, char *buf,
			 size_t len);

/* A cell's qualifier ("eq" when none) and the upper end of its range in the
 * row's quantity (NAN when not a range); its value with the qualifier's
 * marks ("~30", "<= 32.3K"), as compare and the dashboard print it. */
const char *cmptab_cell_qual(const struct cmptab_cell *cell);
/* Does any spec cell hold an inferred figure (SPECDB_INFERRED_LEGEND)? */
bool cmptab_any_inferred(const struct cmptab *t);
double cmptab_cell_value_hi(const struct cmptab_cell *cell);
char *cmptab_cell_text(const struct cmptab_cell *cell, enum compare_quantity q, const char *dash,
		       bool utf8, char *buf, size_t len);

/* The notes under a comparison table, one a line, each ending in '\n':
 * what "best" means, what a run's % is against (when there is a run
 * column), then the legends of the marks its spec
 * cells carry (grade C, inferred) when any does. */
char *cmptab_notes(const struct cmptab *t, char *buf, size_t len);

/* The texts of column c's cells on row r, as every front end prints them
 * (compare, the Compare screen, the report), dash for "none" and times the
 * multiplication sign:
 *   run    value: measured ("983.4K"); delta: % against its reference
 *          ("+3.8%", "" none); ref: that reference's name ("review", "");
 *          at: its depth ("QD32x4")
 *   drive  value: the spec with its qualifier and marks ("~30", "2.6M (i)");
 *          at: the spec's depth ("rated max"); review: the review's figure
 *          with its qualifier; review_delta: review against spec ("-16.7%",
 *          "" none); review_at: the review's depth */
struct cmptab_texts {
	char	    value[48], delta[24], at[32];
	const char *ref;
	char	    review[48], review_delta[24], review_at[32];
};
void cmptab_texts(const struct cmptab *t, size_t r, size_t c, const char *dash, const char *times,
		  bool utf8, struct cmptab_texts *out);

/* A value in its quantity's display form: "2.6M" IOPS, "14,800" MB/s,
 * "30.5" us; dash when NAN. */
char *cmptab_value_text(double v, enum compare_quantity q, const char *dash, char *buf,
			size_t len);

/* A row's unit as the table prints it ("IOPS", "MB/s", "us", "s", "GiB/s";
 * utf8: "µs"). */
const char *cmptab_row_unit(const struct cmptab_row *r, bool utf8);

/* "run", "spec", "review", "drift", "" for NONE. */
const char *cmptab_ref_name(enum cmptab_ref r);

/* The sources of a drive column's spec or review cells (part), by name,
 * each once, joined by "; " ("StorageReview, KIOXIA CD9P-R review (de)");
 * "" when no cell of that part has a value. */
char *cmptab_col_sources(const struct cmptab *t, size_t c, enum cmptab_part part, char *buf,
			 size_t len);

/* Is the spec cell of row r, drive column c a figure whose only source is
 * grade C (specdb_figure_grade_c)? */
bool cmptab_spec_grade_c(const struct cmptab *t, size_t r, size_t c);

/* A capacity point of a drive column by name ("7.68 TB"), "the family" for
 * "" or NULL. */
char *cmptab_point_label(const struct cmptab_col *col, const char *drive_id, char *buf,
			 size_t len);

#endif
