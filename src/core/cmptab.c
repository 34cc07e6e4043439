/*
 * The comparison table (see cmptab.h for the data model): columns are
 * added by the caller, cmptab_build() reads each run's curves and
 * checkpoint series (core/workload.h), gathers the rows from the run
 * points, the drives' spec figures and the headline workloads, sorts them,
 * then fills every cell through core/compare.h and sets each cell's deltas
 * against its references.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/cmptab.h"
#include "core/format.h"

#define KIB 1024u

/* The headline rows every table with a drive shows. */
#define CMPTAB_HEADLINE(pat, b, quant, bst, d) \
	{ .pattern = (pat), .bs = (b), .read_pct = -1, .q = (quant), .pct = -1, \
	  .best = (bst), .qd = (d), .jobs = (d), .best_value = NAN, .kind = DD_KIND_POINT }
static const struct cmptab_row cmptab_headline[] = {
	CMPTAB_HEADLINE(DD_READ, 128 * KIB, COMPARE_MBPS, true, 0),
	CMPTAB_HEADLINE(DD_WRITE, 128 * KIB, COMPARE_MBPS, true, 0),
	CMPTAB_HEADLINE(DD_RANDREAD, 4 * KIB, COMPARE_IOPS, true, 0),
	CMPTAB_HEADLINE(DD_RANDWRITE, 4 * KIB, COMPARE_IOPS, true, 0),
	CMPTAB_HEADLINE(DD_RANDREAD, 4 * KIB, COMPARE_IOPS, false, 1),
	CMPTAB_HEADLINE(DD_RANDREAD, 4 * KIB, COMPARE_LAT, false, 1),
	CMPTAB_HEADLINE(DD_RANDWRITE, 4 * KIB, COMPARE_LAT, false, 1),
};

/* An empty table. */
void
cmptab_init(struct cmptab *t)
{
	memset(t, 0, sizeof *t);
	t->headline = true;
}

/* Free the rows and cells only. */
static void
cmptab_free_rows(struct cmptab *t)
{
	free(t->rows);
	free(t->cells);
	t->rows = NULL;
	t->cells = NULL;
	t->nrows = t->rowcap = 0;
}

/* Free what cmptab_build read out of a run column. */
static void
cmptab_free_analysis(struct cmptab_col *c)
{
	free(c->curves);
	free(c->ckpts);
	c->curves = NULL;
	c->ckpts = NULL;
	c->ncurves = c->nckpts = 0;
}

/* Free everything. */
void
cmptab_free(struct cmptab *t)
{
	bool headline = t->headline;

	for (size_t i = 0; i < t->ncols; i++) {
		free(t->cols[i].pts);
		cmptab_free_analysis(&t->cols[i]);
	}
	free(t->cols);
	cmptab_free_rows(t);
	cmptab_init(t);
	t->headline = headline;
}

/* The review drive of a family for a capacity point. */
const char *
cmptab_review_drive(const struct spec_family *f, const char *drive_id)
{
	const struct spec_drive *best = NULL;

	for (size_t i = 0; i < f->ndrives; i++) {
		const struct spec_drive *d = &f->drives[i];

		if (drive_id != NULL && strcmp(d->id, drive_id) == 0 && d->nmeasurements > 0)
			return d->id;
		if (best == NULL || d->nmeasurements > best->nmeasurements)
			best = d;
	}
	return best != NULL && best->nmeasurements > 0 ? best->id : NULL;
}

/* The capacity point a drive column compares (cmptab.h). */
const char *
cmptab_compared_point(const struct spec_family *f, const char *drive_id)
{
	const char *id;

	if (drive_id != NULL)
		return drive_id;
	id = cmptab_review_drive(f, NULL);
	return id != NULL ? id : f->headline != NULL ? f->headline->id : NULL;
}

/* Append an empty column. */
static struct cmptab_col *
cmptab_new_col(struct cmptab *t, struct dd_error *err)
{
	if (t->ncols == t->colcap) {
		size_t		   cap = t->colcap ? t->colcap * 2 : 4;
		struct cmptab_col *c = realloc(t->cols, cap * sizeof *c);

		if (c == NULL) {
			dd_error_set(err, -ENOMEM, "out of memory for the comparison table");
			return NULL;
		}
		t->cols = c;
		t->colcap = cap;
	}
	memset(&t->cols[t->ncols], 0, sizeof t->cols[0]);
	t->cols[t->ncols].drift_of = t->cols[t->ncols].ref_drive = SIZE_MAX;
	t->cols[t->ncols].base_run = SIZE_MAX;
	return &t->cols[t->ncols++];
}

/* Add a drive column. */
int
cmptab_add_drive(struct cmptab *t, const struct spec_sheet *sheet, const char *drive_id,
		 const char *label, struct dd_error *err)
{
	struct cmptab_col *c;
	const char	  *rv;

	if (sheet == NULL)
		return dd_error_set(err, -EINVAL, "no spec sheet for a drive column");
	c = cmptab_new_col(t, err);
	if (c == NULL)
		return -ENOMEM;
	c->kind = CMPTAB_DRIVE;
	c->sheet = sheet;
	snprintf(c->label, sizeof c->label, "%s", label != NULL ? label : sheet->family.name);
	snprintf(c->drive_id, sizeof c->drive_id, "%s", drive_id != NULL ? drive_id : "");
	rv = cmptab_review_drive(&sheet->family, drive_id);
	snprintf(c->review_drive, sizeof c->review_drive, "%s", rv != NULL ? rv : "");
	return (int)(t->ncols - 1);
}

/* Add a run column. */
int
cmptab_add_run(struct cmptab *t, const char *label, const char *serial, const char *drive_id,
	       int64_t order, struct dd_error *err)
{
	struct cmptab_col *c = cmptab_new_col(t, err);

	if (c == NULL)
		return -ENOMEM;
	c->kind = CMPTAB_RUN;
	snprintf(c->label, sizeof c->label, "%s", label != NULL ? label : "run");
	snprintf(c->serial, sizeof c->serial, "%s", serial != NULL ? serial : "");
	snprintf(c->drive_id, sizeof c->drive_id, "%s", drive_id != NULL ? drive_id : "");
	c->order = order;
	return (int)(t->ncols - 1);
}

/* Append a point to a run column. */
int
cmptab_add_point(struct cmptab *t, size_t col, const struct dd_point *pt,
		 const struct sweep_summary *sum, struct dd_error *err)
{
	struct cmptab_col *c;

	if (col >= t->ncols || t->cols[col].kind != CMPTAB_RUN)
		return dd_error_set(err, -EINVAL, "column %zu is not a run", col);
	c = &t->cols[col];
	if (c->npts == c->cap) {
		size_t		     cap = c->cap ? c->cap * 2 : 16;
		struct cmptab_point *p = realloc(c->pts, cap * sizeof *p);

		if (p == NULL)
			return dd_error_set(err, -ENOMEM, "out of memory for the comparison table");
		c->pts = p;
		c->cap = cap;
	}
	c->pts[c->npts].pt = *pt;
	c->pts[c->npts].sum = *sum;
	c->npts++;
	return 0;
}

/* The rate quantity a workload's rows use: MB/s for sequential and large blocks. */
static enum compare_quantity
cmptab_rate_quantity(enum dd_pattern pat, unsigned bs)
{
	return !dd_pattern_random(pat) || bs >= 64 * KIB ? COMPARE_MBPS : COMPARE_IOPS;
}

/* The read share a row keys on: the mix's, else -1. */
static int
cmptab_row_read_pct(enum dd_pattern pat, unsigned read_pct)
{
	return dd_pattern_mixed(pat) ? (int)read_pct : -1;
}

/* Are two rows the same? */
static bool
cmptab_row_same(const struct cmptab_row *a, const struct cmptab_row *b)
{
	return a->kind == b->kind && strcmp(a->profile, b->profile) == 0 &&
	       a->pass == b->pass &&
	       a->pattern == b->pattern && a->bs == b->bs && a->read_pct == b->read_pct &&
	       a->q == b->q && a->pct == b->pct && a->best == b->best &&
	       (a->best || (a->qd == b->qd && a->jobs == b->jobs));
}

/* Add a row unless the table has it. */
static int
cmptab_add_row(struct cmptab *t, const struct cmptab_row *r, struct dd_error *err)
{
	for (size_t i = 0; i < t->nrows; i++)
		if (cmptab_row_same(&t->rows[i], r))
			return 0;
	if (t->nrows == t->rowcap) {
		size_t		   cap = t->rowcap ? t->rowcap * 2 : 32;
		struct cmptab_row *n = realloc(t->rows, cap * sizeof *n);

		if (n == NULL)
			return dd_error_set(err, -ENOMEM, "out of memory for the comparison table");
		t->rows = n;
		t->rowcap = cap;
	}
	t->rows[t->nrows] = *r;
	t->rows[t->nrows].best_value = NAN;
	if (r->best)
		t->rows[t->nrows].qd = t->rows[t->nrows].jobs = 0;
	t->nrows++;
	return 0;
}

/* How well a figure fits a drive column: 0 not its, more is better. */
static int
cmptab_fig_score(const struct cmptab_col *c, const struct spec_figure *f)
{
	int score;

	if (f->drive_id == NULL)
		score = 2;
	else if (c->drive_id[0] != '\0' && strcmp(f->drive_id, c->drive_id) == 0)
		score = 4;
	else
		return 0;
	return score * 2 + (f->preferred > 0 ? 1 : 0);
}

/* Is p one of GDSIO's: sequential read or write at QD1? */
static bool
cmptab_point_gdsio(const struct dd_point *p)
{
	return !dd_pattern_random(p->pattern) && !dd_pattern_mixed(p->pattern) &&
	       p->iodepth == 1 && dd_kind_matrix(p->kind);
}

/* Does a point make and fill the FIO matrix's rows? */
static bool
cmptab_point_fio(const struct dd_point *p)
{
	return p->kind == DD_KIND_POINT || (p->kind == DD_KIND_THREADS && !cmptab_point_gdsio(p));
}

/* Rows from a run's points: each point's rate, and its latency at QD1 x1. */
static int
cmptab_rows_run(struct cmptab *t, const struct cmptab_col *c, struct dd_error *err)
{
	for (size_t i = 0; i < c->npts; i++) {
		const struct dd_point *p = &c->pts[i].pt;
		struct cmptab_row      r = {
			     .pattern = p->pattern, .bs = p->bs,
			     .read_pct = cmptab_row_read_pct(p->pattern, p->read_pct),
			     .q = cmptab_rate_quantity(p->pattern, p->bs), .pct = -1,
			     .qd = p->iodepth, .jobs = p->numjobs,
		};
		int rc;

		if (!cmptab_point_fio(p))
			continue;
		rc = cmptab_add_row(t, &r, err);
		if (rc == 0 && p->iodepth == 1 && p->numjobs == 1) {
			r.q = COMPARE_LAT;
			rc = cmptab_add_row(t, &r, err);
		}
		if (rc < 0)
			return rc;
	}
	return 0;
}

/* A curve's rows: its peak IOPS (MB/s too for sequential and large
 * blocks) and the latency at the peak. */
static int
cmptab_rows_curve(struct cmptab *t, const struct workload_curve *cv, struct dd_error *err)
{
	const struct dd_point *p = &cv->shape;
	struct cmptab_row      r = {
		     .kind = DD_KIND_CURVE_MAX, .pattern = p->pattern, .bs = p->bs,
		     .read_pct = cmptab_row_read_pct(p->pattern, p->read_pct),
		     .q = COMPARE_IOPS, .pct = -1,
	};
	int rc;

	snprintf(r.profile, sizeof r.profile, "%s", cv->profile);
	if (r.profile[0] == '\0') {
		r.qd = p->iodepth;	/* no profile: the shape is the key */
		r.jobs = p->numjobs;
	}
	rc = cmptab_add_row(t, &r, err);
	r.q = COMPARE_MBPS;
	if (rc == 0 && cmptab_rate_quantity(p->pattern, p->bs) == COMPARE_MBPS)
		rc = cmptab_add_row(t, &r, err);
	r.q = COMPARE_LAT;
	return rc < 0 ? rc : cmptab_add_row(t, &r, err);
}

/* A GDSIO point's rows: GiB/s and mean latency at its thread count, and
 * the best GiB/s over thread counts. */
static int
cmptab_rows_gdsio(struct cmptab *t, const struct dd_point *p, struct dd_error *err)
{
	struct cmptab_row r = {
		.kind = DD_KIND_THREADS, .pattern = p->pattern, .bs = p->bs, .read_pct = -1,
		.q = COMPARE_GIBPS, .pct = -1, .qd = 1, .jobs = p->numjobs,
	};
	int rc = cmptab_add_row(t, &r, err);

	r.q = COMPARE_LAT;
	if (rc == 0)
		rc = cmptab_add_row(t, &r, err);
	r.q = COMPARE_GIBPS;
	r.best = true;
	return rc < 0 ? rc : cmptab_add_row(t, &r, err);
}

/* Has a drive column of the table a GDSIO figure at p's bs and thread count? */
static bool
cmptab_gdsio_reviewed(const struct cmptab *t, const struct dd_point *p)
{
	for (size_t c = 0; c < t->ncols; c++) {
		const struct cmptab_col *d = &t->cols[c];

		if (d->kind == CMPTAB_DRIVE && d->review_drive[0] != '\0' &&
		    (compare_review_threads(d->sheet->measurements, d->sheet->nmeasurements,
					    d->review_drive, p->pattern, p->bs, p->numjobs,
					    COMPARE_GIBPS, NULL) != NULL ||
		     compare_review_threads(d->sheet->measurements, d->sheet->nmeasurements,
					    d->review_drive, p->pattern, p->bs, p->numjobs,
					    COMPARE_LAT, NULL) != NULL))
			return true;
	}
	return false;
}

/* Rows of the reviews' other workloads from a run: its curves, its
 * checkpoint passes, its thread-scaling points (and plain QD1 sequential
 * points where a drive has a GDSIO figure). */
static int
cmptab_rows_kinds(struct cmptab *t, const struct cmptab_col *c, struct dd_error *err)
{
	int rc = 0;

	for (size_t i = 0; i < c->ncurves && rc == 0; i++)
		rc = cmptab_rows_curve(t, &c->curves[i], err);
	for (size_t i = 0; i < c->nckpts && rc == 0; i++)
		for (size_t k = 0; k < c->ckpts[i].npasses && rc == 0; k++) {
			struct cmptab_row r = {
				.kind = DD_KIND_CHECKPOINT, .pattern = DD_WRITE, .read_pct = -1,
				.q = COMPARE_SECS, .pct = -1, .pass = c->ckpts[i].passes[k].pass,
			};

			snprintf(r.profile, sizeof r.profile, "%s", "checkpoint");
			rc = cmptab_add_row(t, &r, err);
		}
	for (size_t i = 0; i < c->npts && rc == 0; i++) {
		const struct dd_point *p = &c->pts[i].pt;

		if (cmptab_point_gdsio(p) &&
		    (p->kind == DD_KIND_THREADS || cmptab_gdsio_reviewed(t, p)))
			rc = cmptab_rows_gdsio(t, p, err);
	}
	return rc;
}

/* Rows from a drive's comparable spec figures. */
static int
cmptab_rows_drive(struct cmptab *t, const struct cmptab_col *c, struct dd_error *err)
{
	const struct spec_sheet *sh = c->sheet;

	for (size_t i = 0; i < sh->nfigures; i++) {
		struct compare_spec cs;
		struct cmptab_row   r;
		int		    rc;

		if (cmptab_fig_score(c, &sh->figures[i]) == 0 ||
		    compare_spec_init(&sh->figures[i], &cs) == COMPARE_NONE)
			continue;
		/* A depth of jobs alone names no one point: it shows where it applies. */
		if (cs.rule == COMPARE_STATED && cs.qd == 0)
			continue;
		r = (struct cmptab_row){
			.pattern = cs.pattern, .bs = cs.bs, .read_pct = cs.read_pct,
			.q = cs.q == COMPARE_LAT ? COMPARE_LAT : cmptab_rate_quantity(cs.pattern, cs.bs),
			.pct = cs.q == COMPARE_LAT ? cs.pct : -1,
			.best = cs.rule == COMPARE_RATED_MAX,
			.qd = (unsigned)cs.qd, .jobs = cs.jobs > 0 ? (unsigned)cs.jobs : 1,
		};
		rc = cmptab_add_row(t, &r, err);
		if (rc < 0)
			return rc;
	}
	return 0;
}

/* The order of rows: workload, best first, then depth, rates before latency. */
static int
cmptab_row_cmp(const void *pa, const void *pb)
{
	const struct cmptab_row *a = pa, *b = pb;
	unsigned		 da = a->qd * a->jobs, db = b->qd * b->jobs;
	int			 c;

	if (a->kind != b->kind)
		return a->kind < b->kind ? -1 : 1;
	if (a->pass != b->pass)
		return a->pass < b->pass ? -1 : 1;
	if (a->pattern != b->pattern)
		return a->pattern < b->pattern ? -1 : 1;
	if (a->bs != b->bs)
		return a->bs < b->bs ? -1 : 1;
	if (a->read_pct != b->read_pct)
		return a->read_pct > b->read_pct ? -1 : 1;
	if ((c = strcmp(a->profile, b->profile)) != 0)
		return c;
	if (a->best != b->best)
		return a->best ? -1 : 1;
	if (da != db)
		return da < db ? -1 : 1;
	if (a->qd != b->qd)
		return a->qd < b->qd ? -1 : 1;
	if (a->q != b->q)
		return compare_lower_is_better(a->q) ? 1 : compare_lower_is_better(b->q) ? -1 :
		       (int)a->q - (int)b->q;
	return a->pct - b->pct;
}

/* Gather and sort the rows. */
static int
cmptab_rows(struct cmptab *t, struct dd_error *err)
{
	bool any_drive = false;
	int  rc = 0;

	for (size_t c = 0; c < t->ncols && rc == 0; c++) {
		if (t->cols[c].kind == CMPTAB_RUN) {
			rc = cmptab_rows_run(t, &t->cols[c], err);
		} else {
			any_drive = true;
			rc = cmptab_rows_drive(t, &t->cols[c], err);
		}
	}
	for (size_t c = 0; c < t->ncols && rc == 0; c++)
		if (t->cols[c].kind == CMPTAB_RUN)
			rc = cmptab_rows_kinds(t, &t->cols[c], err);
	for (size_t i = 0; rc == 0 && any_drive && t->headline &&
			   i < sizeof cmptab_headline / sizeof cmptab_headline[0]; i++)
		rc = cmptab_add_row(t, &cmptab_headline[i], err);
	if (rc < 0)
		return rc;
	if (t->nrows > 1)
		qsort(t->rows, t->nrows, sizeof t->rows[0], cmptab_row_cmp);
	return 0;
}

/* The dd_point a row stands for (best rows: depth 0). */
static struct dd_point
cmptab_row_point(const struct cmptab_row *r)
{
	struct dd_point p = { .pattern = r->pattern, .bs = r->bs,
			      .iodepth = r->qd, .numjobs = r->jobs };

	if (r->read_pct >= 0)
		p.read_pct = (unsigned)r->read_pct;
	else
		p.read_pct = dd_pattern_writes(r->pattern) ? 0 : 100;
	return p;
}

/* A cell's writable pointer. */
static struct cmptab_cell *
cmptab_cell_mut(struct cmptab *t, size_t r, size_t c, enum cmptab_part part)
{
	return &t->cells[(r * t->ncols + c) * 2 + (size_t)part];
}

/* A cell. */
const struct cmptab_cell *
cmptab_cell(const struct cmptab *t, size_t r, size_t c, enum cmptab_part part)
{
	return &t->cells[(r * t->ncols + c) * 2 + (size_t)part];
}

/* Is a figure the spec of this row? */
static bool
cmptab_spec_fits(const struct compare_spec *cs, const struct cmptab_row *r,
		 const struct dd_point *p)
{
	if ((r->q == COMPARE_LAT) != (cs->q == COMPARE_LAT))
		return false;
	if (r->q == COMPARE_LAT && cs->pct != r->pct)
		return false;
	if (r->best)
		return cs->rule == COMPARE_RATED_MAX && compare_spec_workload(cs, p);
	return cs->rule != COMPARE_RATED_MAX && compare_spec_applies(cs, p);
}

/* A drive's spec cell of a row: the best-fitting figure that applies. */
static void
cmptab_fill_spec(const struct cmptab_col *c, const struct cmptab_row *r,
		 struct cmptab_cell *out)
{
	struct dd_point	    p = cmptab_row_point(r);
	struct compare_spec best = { 0 };
	int		    best_score = 0;

	if (r->kind != DD_KIND_POINT)
		return;		/* spec sheets state no curve, checkpoint or GDSIO figure */
	for (size_t i = 0; i < c->sheet->nfigures; i++) {
		const struct spec_figure *f = &c->sheet->figures[i];
		struct compare_spec	  cs;
		int			  score = cmptab_fig_score(c, f);

		if (score <= best_score || compare_spec_init(f, &cs) == COMPARE_NONE ||
		    !cmptab_spec_fits(&cs, r, &p) || isnan(compare_spec_value_as(&cs, r->q)))
			continue;
		best = cs;
		best_score = score;
	}
	if (best_score == 0)
		return;
	out->fig = best.fig;
	out->value = compare_spec_value_as(&best, r->q);
	out->derived = best.q != r->q;
	out->depth = best.rule == COMPARE_RATED_MAX ? CMPTAB_DEPTH_RATED_MAX :
		     best.rule == COMPARE_QD1	    ? CMPTAB_DEPTH_QD1 :
						      CMPTAB_DEPTH_AT;
	out->qd = (unsigned)best.qd;
	out->jobs = (unsigned)best.jobs;
}

/* The review of a row of the other kinds: VDBench, DLIO, GDSIO. */
static const struct spec_measurement *
cmptab_review_kind(const struct cmptab_col *c, const struct cmptab_row *r, double *v)
{
	const struct spec_sheet *sh = c->sheet;

	switch (r->kind) {
	case DD_KIND_CURVE_MAX:
		return compare_review_profile(sh->measurements, sh->nmeasurements,
					      c->review_drive, r->profile, r->q, v);
	case DD_KIND_CHECKPOINT:
		return compare_review_pass(sh->measurements, sh->nmeasurements, c->review_drive,
					   r->pass, v);
	case DD_KIND_THREADS:
		return compare_review_threads(sh->measurements, sh->nmeasurements,
					      c->review_drive, r->pattern, r->bs,
					      r->best ? 0 : r->jobs, r->q, v);
	default:
		return NULL;
	}
}

/* A drive's review cell of a row: at the row's depth, best rows at the best. */
static void
cmptab_fill_review(const struct cmptab_col *c, const struct cmptab_row *r,
		   struct cmptab_cell *out)
{
	const struct spec_sheet	      *sh = c->sheet;
	struct dd_point		       p = cmptab_row_point(r);
	const struct spec_measurement *m;
	double			       v = NAN;

	if (c->review_drive[0] == '\0' || (r->q == COMPARE_LAT && r->pct >= 0))
		return;
	if (r->kind != DD_KIND_POINT) {
		m = cmptab_review_kind(c, r, &v);
		if (m == NULL || isnan(v))
			return;
		out->meas = m;
		out->value = v;
		out->derived = !compare_measurement_direct(m, r->q);
		if (m->threads > 0) {
			out->depth = CMPTAB_DEPTH_THREADS;
			out->jobs = (unsigned)m->threads;
		}
		return;
	}
	if (r->best)
		m = compare_review_best(sh->measurements, sh->nmeasurements, c->review_drive,
					r->pattern, r->bs, r->q, &v);
	else
		m = compare_review_at(sh->measurements, sh->nmeasurements, c->review_drive, &p,
				      r->q, &v);
	if (m == NULL || isnan(v))
		return;
	out->meas = m;
	out->value = v;
	out->derived = !compare_measurement_direct(m, r->q);
	if (m->iodepth > 0 && m->numjobs > 0) {
		out->depth = CMPTAB_DEPTH_AT;
		out->qd = (unsigned)m->iodepth;
		out->jobs = (unsigned)m->numjobs;
	}
}

/* The value of q of a finished point's summary. */
double
cmptab_summary_value(const struct sweep_summary *s, enum compare_quantity q, int pct)
{
	double v;

	if (s->status != 0 || s->cancelled)
		return NAN;
	switch (q) {
	case COMPARE_IOPS:
		v = s->iops;
		break;
	case COMPARE_MBPS:
		v = s->mbps;
		break;
	case COMPARE_GIBPS:
		v = workload_gibps(s->mbps);
		break;
	case COMPARE_SECS:
		v = s->elapsed_s;
		break;
	case COMPARE_LAT:
	default:
		/* The summary keeps the mean, p50, p99 and p99.9 (hist indexes 12, 14). */
		v = pct < 0 ? s->mean_us : pct == 12 ? s->p99_us : pct == 14 ? s->p999_us : NAN;
		break;
	}
	return isfinite(v) && v > 0 ? v : NAN;
}

/* Does a run point belong to a row's workload? */
static bool
cmptab_point_workload(const struct dd_point *p, const struct cmptab_row *r)
{
	return p->pattern == r->pattern && p->bs == r->bs &&
	       cmptab_row_read_pct(p->pattern, p->read_pct) == r->read_pct;
}

/* Is a curve the one of a row: its profile, or without one its shape? */
static bool
cmptab_curve_is(const struct workload_curve *cv, const struct cmptab_row *r)
{
	if (strcmp(cv->profile, r->profile) != 0)
		return false;
	return r->profile[0] != '\0' ||
	       (cmptab_point_workload(&cv->shape, r) && cv->shape.iodepth == r->qd &&
		cv->shape.numjobs == r->jobs);
}

/* A run's cell of a curve row: the peak of its best curve of the profile. */
static void
cmptab_fill_curve(const struct cmptab_col *c, const struct cmptab_row *r,
		  struct cmptab_cell *out)
{
	const struct workload_curve *best = NULL;

	for (size_t i = 0; i < c->ncurves; i++)
		if (cmptab_curve_is(&c->curves[i], r) &&
		    compare_better(c->curves[i].peak_iops, best ? best->peak_iops : NAN, false))
			best = &c->curves[i];
	if (best == NULL)
		return;
	out->value = r->q == COMPARE_IOPS ? best->peak_iops :
		     r->q == COMPARE_MBPS ? best->peak_mbps : best->peak_mean_us;
	if (!(isfinite(out->value) && out->value > 0)) {
		out->value = NAN;
		return;
	}
	out->depth = CMPTAB_DEPTH_AT;
	out->qd = best->shape.iodepth;
	out->jobs = best->shape.numjobs;
}

/*
 * A run's cell of a checkpoint row: the lowest mean of the pass over its
 * series, scaled to the reviews' checkpoint size (seconds per 1,636 GB), so
 * a checkpoint of a scratch file or a smaller drive compares by the rate it
 * wrote at, not by its size.
 */
static void
cmptab_fill_ckpt(const struct cmptab_col *c, const struct cmptab_row *r,
		 struct cmptab_cell *out)
{
	for (size_t i = 0; i < c->nckpts; i++)
		for (size_t k = 0; k < c->ckpts[i].npasses; k++) {
			const struct workload_pass *ps = &c->ckpts[i].passes[k];
			double secs = c->ckpts[i].bytes > 0 ? ps->mean_s * WORKLOAD_REVIEW_CKPT_BYTES /
							      (double)c->ckpts[i].bytes : NAN;

			if (ps->pass != r->pass || !compare_better(secs, out->value, true))
				continue;
			out->value = secs;
			out->depth = CMPTAB_DEPTH_THREADS;
			out->jobs = c->ckpts[i].ranks;
		}
}

/* A run's cell of a GDSIO row: its point at the thread count, or the best. */
static void
cmptab_fill_gdsio(const struct cmptab_col *c, const struct cmptab_row *r,
		  struct cmptab_cell *out)
{
	for (size_t i = 0; i < c->npts; i++) {
		const struct cmptab_point *cp = &c->pts[i];
		double			   v;

		if (!cmptab_point_gdsio(&cp->pt) || cp->pt.pattern != r->pattern ||
		    cp->pt.bs != r->bs || (!r->best && cp->pt.numjobs != r->jobs))
			continue;
		v = cmptab_summary_value(&cp->sum, r->q, r->pct);
		if (!compare_better(v, out->value, compare_lower_is_better(r->q)))
			continue;
		out->value = v;
		out->depth = CMPTAB_DEPTH_AT;
		out->qd = cp->pt.iodepth;
		out->jobs = cp->pt.numjobs;
	}
}

/* A run's cell of a row: the point at the row's depth, or the best of the workload. */
static void
cmptab_fill_run(const struct cmptab_col *c, const struct cmptab_row *r,
		struct cmptab_cell *out)
{
	switch (r->kind) {
	case DD_KIND_CURVE_MAX:
		cmptab_fill_curve(c, r, out);
		return;
	case DD_KIND_CHECKPOINT:
		cmptab_fill_ckpt(c, r, out);
		return;
	case DD_KIND_THREADS:
		cmptab_fill_gdsio(c, r, out);
		return;
	default:
		break;
	}
	for (size_t i = 0; i < c->npts; i++) {
		const struct cmptab_point *cp = &c->pts[i];
		double			   v;

		if (!cmptab_point_fio(&cp->pt) || !cmptab_point_workload(&cp->pt, r) ||
		    (!r->best && (cp->pt.iodepth != r->qd || cp->pt.numjobs != r->jobs)))
			continue;
		v = cmptab_summary_value(&cp->sum, r->q, r->pct);
		if (!compare_better(v, out->value, r->q == COMPARE_LAT))
			continue;
		out->value = v;
		out->depth = CMPTAB_DEPTH_AT;
		out->qd = cp->pt.iodepth;
		out->jobs = cp->pt.numjobs;
		if (!r->best)
			break;
	}
}

/* Set a cell's delta against ref (kind k) when both are there. */
static void
cmptab_delta(struct cmptab_cell *cell, enum cmptab_ref k, double ref)
{
	double ratio = compare_ratio(cell->value, ref);

	if (isnan(ratio))
		return;
	cell->refval[k] = ref;
	cell->delta[k] = (ratio - 1) * 100;
}

/* Is drive column d the one a run's matched database drive is of? */
static int
cmptab_drive_match(const struct cmptab_col *d, const char *drive_id)
{
	if (drive_id[0] == '\0')
		return 0;
	if (d->drive_id[0] != '\0' && strcmp(d->drive_id, drive_id) == 0)
		return 2;
	for (size_t i = 0; i < d->sheet->family.ndrives; i++)
		if (strcmp(d->sheet->family.drives[i].id, drive_id) == 0)
			return 1;
	return 0;
}

/* Each run's reference drive and the first run of its serial. */
static void
cmptab_link_runs(struct cmptab *t)
{
	for (size_t c = 0; c < t->ncols; c++) {
		struct cmptab_col *run = &t->cols[c];
		int		   best = -1;

		if (run->kind != CMPTAB_RUN)
			continue;
		run->ref_drive = run->drift_of = run->base_run = SIZE_MAX;
		for (size_t d = 0; d < t->ncols; d++) {
			const struct cmptab_col *o = &t->cols[d];
			int			 m;

			/* The first run; one of its own serial is drift or nothing. */
			if (o->kind == CMPTAB_RUN && run->base_run == SIZE_MAX)
				run->base_run = d == c || (run->serial[0] != '\0' &&
							   strcmp(o->serial, run->serial) == 0)
							? SIZE_MAX - 1 : d;
			if (o->kind == CMPTAB_DRIVE) {
				m = cmptab_drive_match(o, run->drive_id);
				if (m > best) {
					best = m;
					run->ref_drive = d;
				}
			} else if (d != c && run->serial[0] != '\0' &&
				   strcmp(o->serial, run->serial) == 0 &&
				   (run->drift_of == SIZE_MAX ||
				    o->order < t->cols[run->drift_of].order)) {
				run->drift_of = d;
			}
		}
		if (run->base_run == SIZE_MAX - 1)
			run->base_run = SIZE_MAX;	/* itself, or of its serial */
		/* Only an earlier run is the drift's reference; equal keys: the column order. */
		if (run->drift_of != SIZE_MAX) {
			const struct cmptab_col *f = &t->cols[run->drift_of];

			if (f->order > run->order || (f->order == run->order && run->drift_of > c))
				run->drift_of = SIZE_MAX;
		}
	}
}

/* A run cell's deltas: drift, its reference drive's review and spec, the first run. */
static void
cmptab_run_refs(struct cmptab *t, size_t r, size_t c)
{
	const struct cmptab_col *run = &t->cols[c];
	struct cmptab_cell	*cell = cmptab_cell_mut(t, r, c, CMPTAB_MEASURED);

	if (run->drift_of != SIZE_MAX)
		cmptab_delta(cell, CMPTAB_REF_DRIFT,
			     cmptab_cell(t, r, run->drift_of, CMPTAB_MEASURED)->value);
	if (run->ref_drive != SIZE_MAX) {
		cmptab_delta(cell, CMPTAB_REF_REVIEW,
			     cmptab_cell(t, r, run->ref_drive, CMPTAB_REVIEW)->value);
		cmptab_delta(cell, CMPTAB_REF_SPEC,
			     cmptab_cell(t, r, run->ref_drive, CMPTAB_SPEC)->value);
	}
	if (run->base_run != SIZE_MAX)
		cmptab_delta(cell, CMPTAB_REF_RUN,
			     cmptab_cell(t, r, run->base_run, CMPTAB_MEASURED)->value);
	for (int k = CMPTAB_REF_DRIFT; k > CMPTAB_REF_NONE && cell->ref == CMPTAB_REF_NONE; k--)
		if (!isnan(cell->delta[k]))
			cell->ref = (enum cmptab_ref)k;
}

/* Fill one row's cells. */
static void
cmptab_fill_row(struct cmptab *t, size_t r)
{
	struct cmptab_row *row = &t->rows[r];

	for (size_t c = 0; c < t->ncols; c++) {
		const struct cmptab_col *col = &t->cols[c];

		if (col->kind == CMPTAB_DRIVE) {
			struct cmptab_cell *rv = cmptab_cell_mut(t, r, c, CMPTAB_REVIEW);

			cmptab_fill_spec(col, row, cmptab_cell_mut(t, r, c, CMPTAB_SPEC));
			cmptab_fill_review(col, row, rv);
			cmptab_delta(rv, CMPTAB_REF_SPEC, cmptab_cell(t, r, c, CMPTAB_SPEC)->value);
			if (!isnan(rv->delta[CMPTAB_REF_SPEC]))
				rv->ref = CMPTAB_REF_SPEC;
		} else {
			cmptab_fill_run(col, row, cmptab_cell_mut(t, r, c, CMPTAB_MEASURED));
		}
	}
	for (size_t c = 0; c < t->ncols; c++)
		if (t->cols[c].kind == CMPTAB_RUN)
			cmptab_run_refs(t, r, c);
}

/* Mark the best measured value of a row (reviews and runs). */
static void
cmptab_mark_best(struct cmptab *t, size_t r)
{
	struct cmptab_row *row = &t->rows[r];
	bool		   lower = compare_lower_is_better(row->q);

	for (size_t c = 0; c < t->ncols; c++) {
		const struct cmptab_cell *x = cmptab_cell(t, r, c, t->cols[c].kind == CMPTAB_DRIVE ?
								   CMPTAB_REVIEW : CMPTAB_MEASURED);

		if (compare_better(x->value, row->best_value, lower))
			row->best_value = x->value;
	}
	for (size_t c = 0; c < t->ncols; c++) {
		struct cmptab_cell *x = cmptab_cell_mut(t, r, c, t->cols[c].kind == CMPTAB_DRIVE ?
								 CMPTAB_REVIEW : CMPTAB_MEASURED);

		x->best = !isnan(x->value) && x->value == row->best_value;
	}
}

/* Read a run column's curves and checkpoint series out of its points. */
static int
cmptab_analyse(struct cmptab_col *c, struct dd_error *err)
{
	struct dd_point	     *pts = malloc((c->npts ? c->npts : 1) * sizeof *pts);
	struct sweep_summary *sums = malloc((c->npts ? c->npts : 1) * sizeof *sums);
	int		      rc = -ENOMEM;

	cmptab_free_analysis(c);
	for (size_t i = 0; pts != NULL && sums != NULL && i < c->npts; i++) {
		pts[i] = c->pts[i].pt;
		sums[i] = c->pts[i].sum;
	}
	if (pts != NULL && sums != NULL)
		rc = workload_collect(pts, sums, c->npts, &c->curves, &c->ncurves, &c->ckpts,
				      &c->nckpts);
	free(pts);
	free(sums);
	return rc < 0 ? dd_error_set(err, -ENOMEM, "out of memory for the comparison table") : 0;
}

/* Build rows and cells. */
int
cmptab_build(struct cmptab *t, struct dd_error *err)
{
	size_t n;
	int    rc = 0;

	cmptab_free_rows(t);
	for (size_t c = 0; c < t->ncols && rc == 0; c++)
		if (t->cols[c].kind == CMPTAB_RUN)
			rc = cmptab_analyse(&t->cols[c], err);
	if (rc == 0)
		rc = cmptab_rows(t, err);
	if (rc < 0)
		return rc;
	n = t->nrows * t->ncols * 2;
	t->cells = malloc((n ? n : 1) * sizeof *t->cells);
	if (t->cells == NULL)
		return dd_error_set(err, -ENOMEM, "out of memory for the comparison table");
	for (size_t i = 0; i < n; i++) {
		t->cells[i] = (struct cmptab_cell){ .value = NAN };
		for (int k = 0; k < CMPTAB_REF_COUNT; k++)
			t->cells[i].delta[k] = t->cells[i].refval[k] = NAN;
	}
	cmptab_link_runs(t);
	for (size_t r = 0; r < t->nrows; r++) {
		cmptab_fill_row(t, r);
		cmptab_mark_best(t, r);
	}
	return 0;
}

/* A workload in few words: "4K rand read", "128K seq 70% read". */
static size_t
cmptab_workload(const struct cmptab_row *r, char *buf, size_t len)
{
	const struct dd_pattern_info *pi = dd_pattern_info(r->pattern);
	char			      bs[16];
	int			      n;

	fmt_block_size((int)r->bs, bs, sizeof bs);
	if (pi != NULL && !pi->mixed)
		n = snprintf(buf, len, "%s %s", bs, pi->label);
	else
		n = snprintf(buf, len, "%s %s %d%% read", bs, pi != NULL ? pi->access : "seq",
			     r->read_pct);
	return n < 0 ? 0 : (size_t)n < len ? (size_t)n : len - 1;
}

/* A row of the other kinds in words; false for a FIO row. */
static bool
cmptab_kind_label(const struct cmptab_row *r, const char *times, char *buf, size_t len)
{
	char   bs[16];
	size_t o;

	switch (r->kind) {
	case DD_KIND_CURVE_MAX:
		if (r->profile[0] != '\0') {
			snprintf(buf, len, "VDBench %s peak", r->profile);
			return true;
		}
		o = (size_t)snprintf(buf, len, "curve ");
		if (o < len)
			o += cmptab_workload(r, buf + o, len - o);
		if (o < len)
			snprintf(buf + o, len - o, " QD%u%s%u peak", r->qd, times, r->jobs);
		return true;
	case DD_KIND_CHECKPOINT:
		snprintf(buf, len, "DLIO pass %u avg per 1636GB", r->pass);
		return true;
	case DD_KIND_THREADS:
		fmt_block_size((int)r->bs, bs, sizeof bs);
		if (r->best)
			snprintf(buf, len, "GDSIO %s %s best", bs,
				 r->pattern == DD_READ ? "read" : "write");
		else
			snprintf(buf, len, "GDSIO %s %s %s%u", bs,
				 r->pattern == DD_READ ? "read" : "write", times, r->jobs);
		return true;
	default:
		return false;
	}
}

/* A row in words. */
char *
cmptab_row_label(const struct cmptab_row *r, const char *times, char *buf, size_t len)
{
	size_t o;

	if (len == 0 || cmptab_kind_label(r, times, buf, len))
		return buf;
	o = cmptab_workload(r, buf, len);
	if (r->best)
		o += (size_t)snprintf(buf + o, len - o, " best");
	else
		o += (size_t)snprintf(buf + o, len - o, " QD%u%s%u", r->qd, times, r->jobs);
	/* Latency rows say so by their unit; a percentile is named. */
	if (o < len && r->q == COMPARE_LAT && r->pct >= 0)
		snprintf(buf + o, len - o, r->pct == 12 ? " p99" : r->pct == 14 ? " p99.9" :
			 r->pct == 16 ? " p99.99" : " p?");
	return buf;
}

/* A cell's depth in words. */
char *
cmptab_depth_label(const struct cmptab_cell *c, const char *times, char *buf, size_t len)
{
	switch (c->depth) {
	case CMPTAB_DEPTH_NONE:
		snprintf(buf, len, "%s", "");
		break;
	case CMPTAB_DEPTH_RATED_MAX:
		snprintf(buf, len, "rated max");
		break;
	case CMPTAB_DEPTH_THREADS:
		snprintf(buf, len, "%s%u", times, c->jobs);
		break;
	case CMPTAB_DEPTH_QD1:
	case CMPTAB_DEPTH_AT:
		if (c->jobs > 0)
			snprintf(buf, len, "QD%u%s%u", c->qd, times, c->jobs);
		else
			snprintf(buf, len, "QD%u", c->qd);
		break;
	}
	return buf;
}

/* Column c's cell texts on row r (see cmptab.h). */
void
cmptab_texts(const struct cmptab *t, size_t r, size_t c, const char *dash, const char *times,
	     bool utf8, struct cmptab_texts *out)
{
	enum compare_quantity q = t->rows[r].q;

	memset(out, 0, sizeof *out);
	out->ref = "";
	if (t->cols[c].kind == CMPTAB_RUN) {
		const struct cmptab_cell *m = cmptab_cell(t, r, c, CMPTAB_MEASURED);

		cmptab_value_text(m->value, q, dash, out->value, sizeof out->value);
		if (m->ref != CMPTAB_REF_NONE) {
			fmt_delta_pct(m->delta[m->ref], dash, out->delta, sizeof out->delta);
			out->ref = cmptab_ref_name(m->ref);
		}
		cmptab_depth_label(m, times, out->at, sizeof out->at);
	} else {
		const struct cmptab_cell *s = cmptab_cell(t, r, c, CMPTAB_SPEC);
		const struct cmptab_cell *w = cmptab_cell(t, r, c, CMPTAB_REVIEW);
		size_t			  n;

		cmptab_cell_text(s, q, dash, utf8, out->value, sizeof out->value);
		n = strlen(out->value);
		if (!isnan(s->value) && s->fig != NULL)
			specdb_figure_marks(t->cols[c].sheet, s->fig, out->value + n,
					    sizeof out->value - n);
		cmptab_depth_label(s, times, out->at, sizeof out->at);
		cmptab_cell_text(w, q, dash, utf8, out->review, sizeof out->review);
		if (w->ref != CMPTAB_REF_NONE)
			fmt_delta_pct(w->delta[w->ref], dash, out->review_delta,
				      sizeof out->review_delta);
		cmptab_depth_label(w, times, out->review_at, sizeof out->review_at);
	}
}

/* A value as the table shows it. */
char *
cmptab_value_text(double v, enum compare_quantity q, const char *dash, char *buf, size_t len)
{
	if (isnan(v))
		snprintf(buf, len, "%s", dash);
	else if (q == COMPARE_IOPS)
		fmt_count(v, buf, len);
	else
		fmt_number(v, q == COMPARE_GIBPS ? 2 : q == COMPARE_LAT || q == COMPARE_SECS ? 1 : 0,
			   buf, len);
	return buf;
}

/* A cell's qualifier: its figure's or measurement's ("approx", "le",
 * "range", ...), "eq" when it has none. */
const char *
cmptab_cell_qual(const struct cmptab_cell *cell)
{
	const char *q = cell->fig != NULL ? cell->fig->qual : cell->meas != NULL ? cell->meas->qual
										   : NULL;

	return q != NULL ? q : "eq";
}

/* The upper end of a cell's range in the row's quantity (the figure's
 * value_hi scaled as its value was); NAN when it is not a range. */
double
cmptab_cell_value_hi(const struct cmptab_cell *cell)
{
	double base = cell->fig != NULL ? cell->fig->base : cell->meas != NULL ? cell->meas->base
										  : NAN;
	double hi = cell->fig != NULL ? cell->fig->base_hi : cell->meas != NULL
								 ? cell->meas->base_hi : NAN;

	if (isnan(cell->value) || isnan(hi) || !(base > 0))
		return NAN;
	return hi * (cell->value / base);
}

/* A cell's value as the table shows it, with its qualifier's marks
 * (fmt_qualify): "~30", "<= 32.3K", "11,000-12,000". */
char *
cmptab_cell_text(const struct cmptab_cell *cell, enum compare_quantity q, const char *dash,
		 bool utf8, char *buf, size_t len)
{
	char   a[32], b[32];
	double hi = cmptab_cell_value_hi(cell);

	if (isnan(cell->value))
		return cmptab_value_text(cell->value, q, dash, buf, len);
	cmptab_value_text(cell->value, q, dash, a, sizeof a);
	if (!isnan(hi))
		cmptab_value_text(hi, q, dash, b, sizeof b);
	return fmt_qualify(cmptab_cell_qual(cell), a, isnan(hi) ? NULL : b, utf8, buf, len);
}

/* A row's unit as the table prints it. */
const char *
cmptab_row_unit(const struct cmptab_row *r, bool utf8)
{
	return fmt_unit(compare_unit(r->q), utf8);
}

/* The name of a reference. */
const char *
cmptab_ref_name(enum cmptab_ref r)
{
	switch (r) {
	case CMPTAB_REF_RUN:
		return "run";
	case CMPTAB_REF_SPEC:
		return "spec";
	case CMPTAB_REF_REVIEW:
		return "review";
	case CMPTAB_REF_DRIFT:
		return "drift";
	default:
		return "";
	}
}

/* The source id of a drive column's cell (part); NULL none. */
static const char *
cmptab_cell_source(const struct cmptab_cell *cell, enum cmptab_part part)
{
	if (isnan(cell->value))
		return NULL;
	if (part == CMPTAB_SPEC)
		return cell->fig != NULL ? cell->fig->source_id : NULL;
	return cell->meas != NULL ? cell->meas->source_id : NULL;
}

/* Has an earlier row than r of column c the same source in part? */
static bool
cmptab_source_seen(const struct cmptab *t, size_t r, size_t c, enum cmptab_part part,
		   const char *id)
{
	for (size_t k = 0; k < r; k++) {
		const char *o = cmptab_cell_source(cmptab_cell(t, k, c, part), part);

		if (o != NULL && strcmp(o, id) == 0)
			return true;
	}
	return false;
}

/* The sources of a drive column's cells, by name. */
char *
cmptab_col_sources(const struct cmptab *t, size_t c, enum cmptab_part part, char *buf,
		   size_t len)
{
	const struct cmptab_col *col = &t->cols[c];
	size_t			 o = 0;

	if (len == 0)
		return buf;
	buf[0] = '\0';
	if (col->kind != CMPTAB_DRIVE)
		return buf;
	for (size_t r = 0; r < t->nrows && o < len; r++) {
		const char *id = cmptab_cell_source(cmptab_cell(t, r, c, part), part);
		char	    label[256];

		if (id == NULL || cmptab_source_seen(t, r, c, part, id))
			continue;
		o += (size_t)snprintf(buf + o, len - o, "%s%s", o ? "; " : "",
				      specdb_sheet_source_label(col->sheet, id, label,
								sizeof label));
	}
	return buf;
}

/* Is a spec cell's figure graded C with no better source? */
bool
cmptab_spec_grade_c(const struct cmptab *t, size_t r, size_t c)
{
	const struct cmptab_cell *cell = cmptab_cell(t, r, c, CMPTAB_SPEC);

	return t->cols[c].kind == CMPTAB_DRIVE && !isnan(cell->value) && cell->fig != NULL &&
	       specdb_figure_grade_c(t->cols[c].sheet, cell->fig);
}

/* Does any spec cell of the table hold an inferred figure? */
bool
cmptab_any_inferred(const struct cmptab *t)
{
	for (size_t r = 0; r < t->nrows; r++)
		for (size_t c = 0; c < t->ncols; c++) {
			const struct cmptab_cell *cell = cmptab_cell(t, r, c, CMPTAB_SPEC);

			if (t->cols[c].kind == CMPTAB_DRIVE && !isnan(cell->value) &&
			    cell->fig != NULL && specdb_figure_inferred(cell->fig))
				return true;
		}
	return false;
}

/* The notes under the table (see cmptab.h). */
char *
cmptab_notes(const struct cmptab *t, char *buf, size_t len)
{
	size_t o = (size_t)snprintf(buf, len, "best: the best depth of each column (a spec "
				    "without a depth is a rated max, compared there).\n");
	bool   grade_c = false, runs = false;

	for (size_t c = 0; c < t->ncols; c++)
		runs |= t->cols[c].kind == CMPTAB_RUN;
	if (runs && o < len)
		o += (size_t)snprintf(buf + o, len - o, "A run's %% is against the first run of its "
				      "serial (drift), else its drive's review, else its spec, else "
				      "the first run.\n");

	for (size_t r = 0; r < t->nrows && !grade_c; r++)
		for (size_t c = 0; c < t->ncols && !grade_c; c++)
			grade_c = cmptab_spec_grade_c(t, r, c);
	if (grade_c && o < len)
		o += (size_t)snprintf(buf + o, len - o, "%s\n", SPECDB_GRADE_C_LEGEND);
	if (cmptab_any_inferred(t) && o < len)
		snprintf(buf + o, len - o, "%s\n", SPECDB_INFERRED_LEGEND);
	return buf;
}

/* A capacity point of a drive column by name. */
char *
cmptab_point_label(const struct cmptab_col *col, const char *drive_id, char *buf, size_t len)
{
	const struct spec_drive *d = NULL;

	if (drive_id == NULL || drive_id[0] == '\0' || col->sheet == NULL ||
	    specdb_find_drive(&col->sheet->family, 1, drive_id, &d) == NULL) {
		snprintf(buf, len, "%s", drive_id != NULL && drive_id[0] ? drive_id : "the family");
		return buf;
	}
	return fmt_capacity(d->capacity_gb, buf, len);
}

/* A stored run as a run column, with its points. */
int
cmptab_add_results_run(struct cmptab *t, const struct results_run *run, struct dd_error *err)
{
	char key[RESULTS_DRIFT_KEY_MAX];
	int  col = cmptab_add_run(t, run->prov.name,
				  results_drift_key(&run->prov, key, sizeof key),
				  run->prov.drive_id, run->prov.start_unix, err);

	for (size_t p = 0; col >= 0 && p < run->n; p++)
		if (cmptab_add_point(t, (size_t)col, &run->pts[p].r->point, &run->pts[p].sum,
				     err) < 0)
			return err->code < 0 ? err->code : -EINVAL;
	return col;
}

/* Does a drive column of the table show family f? */
static bool
cmptab_has_family(const struct cmptab *t, const struct spec_family *f)
{
	for (size_t i = 0; i < t->ncols; i++)
		if (t->cols[i].kind == CMPTAB_DRIVE &&
		    strcmp(t->cols[i].sheet->family.id, f->id) == 0)
			return true;
	return false;
}

/* Add a drive column for each run column's matched drive. */
int
cmptab_add_matched(struct cmptab *t, struct specdb *db, struct arena *a, struct dd_error *err)
{
	struct spec_family *fams = NULL;
	size_t		    nfams = 0, nruncols = t->ncols;
	int		    added = 0;

	for (size_t i = 0; db != NULL && i < nruncols; i++) {
		const char		 *id = t->cols[i].drive_id;
		const struct spec_family *f;
		const struct spec_drive	 *d = NULL;
		struct spec_sheet	 *sh;
		char			  label[256];

		if (t->cols[i].kind != CMPTAB_RUN || id[0] == '\0')
			continue;
		if (fams == NULL && specdb_families(db, a, &fams, &nfams, err) < 0)
			return err->code;
		f = specdb_find_drive(fams, nfams, id, NULL);
		if (f == NULL || cmptab_has_family(t, f))
			continue;
		if ((sh = arena_alloc(a, sizeof *sh)) == NULL)
			return dd_error_set(err, -ENOMEM, "out of memory");
		if (specdb_sheet(db, f->id, NULL, a, sh, err) < 0)
			return err->code;
		specdb_find_drive(&sh->family, 1, id, &d);
		specdb_drive_label(&sh->family, d, true, label, sizeof label);
		if (cmptab_add_drive(t, sh, id, label, err) < 0)
			return err->code;
		added++;
	}
	return added;
}
