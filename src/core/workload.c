/*
 * Load curves, checkpoint series, thread scaling units and the write cliff
 * read out of points and interval series (see workload.h for the model),
 * and the one rule for the spec sequential write a cliff (or a byte
 * budget's time) is held against (workload_spec_write).
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "lib/error.h"
#include "core/compare.h"
#include "workload.h"

/* The distinct groups of a kind, in plan order. */
size_t
workload_groups(const struct dd_point *pts, size_t n, enum dd_kind kind,
		unsigned *groups, size_t max)
{
	size_t ng = 0;

	for (size_t i = 0; i < n; i++) {
		bool seen = false;
		bool curve = dd_kind_curve(kind);
		bool match = curve ? dd_kind_curve(pts[i].kind) : pts[i].kind == kind;

		if (!match || pts[i].group == 0)
			continue;
		for (size_t j = 0; j < i && !seen; j++)
			seen = pts[j].group == pts[i].group &&
			       (curve ? dd_kind_curve(pts[j].kind) : pts[j].kind == kind);
		if (seen)
			continue;
		if (ng < max)
			groups[ng] = pts[i].group;
		ng++;
	}
	return ng;
}

/* One curve point from a point and its summary. */
static void
workload_step_fill(const struct dd_point *p, const struct sweep_summary *s, size_t i,
		   struct workload_step *out)
{
	out->index = i;
	out->target_pct = dd_kind_paced(p->kind) ? p->rate_pct : 0;
	out->target_iops = dd_kind_paced(p->kind) ? s->rate_iops : 0;
	out->iops = s->iops;
	out->mbps = s->mbps;
	out->mean_us = s->mean_us;
	out->p99_us = s->p99_us;
	out->read_mean_us = s->read_mean_us;
	out->write_mean_us = s->write_mean_us;
	out->spread = s->rate_spread;
	out->accuracy = out->target_iops > 0 ? s->iops / out->target_iops : NAN;
	out->finished = s->status == 0 && !s->cancelled;
}

/* How much of their target rates a curve's steps achieved (see workload.h). */
double
workload_curve_achieved(const struct workload_curve *cv)
{
	double got = 0, want = 0;

	for (size_t i = 0; i < cv->nsteps; i++)
		if (cv->steps[i].finished && cv->steps[i].target_iops > 0 &&
		    isfinite(cv->steps[i].iops)) {
			got += cv->steps[i].iops;
			want += cv->steps[i].target_iops;
		}
	return want > 0 ? got / want : NAN;
}

/* Collect the curve of group g. */
bool
workload_curve_collect(const struct dd_point *pts, const struct sweep_summary *sums,
		       size_t n, unsigned g, struct workload_curve *out)
{
	double best = -1;

	memset(out, 0, sizeof *out);
	out->group = g;
	out->peak = SIZE_MAX;
	out->peak_iops = out->peak_mbps = out->peak_mean_us = out->peak_p99_us = NAN;
	for (size_t i = 0; i < n; i++) {
		const struct dd_point *p = &pts[i];
		struct workload_step  *st;

		if (p->group != g || !dd_kind_curve(p->kind))
			continue;
		if (p->kind == DD_KIND_CURVE_MAX) {
			if (out->has_max)
				continue;
			out->has_max = true;
			out->shape = *p;
			st = &out->max;
		} else {
			if (out->nsteps == WORKLOAD_STEPS_MAX)
				continue;
			if (!out->has_max && out->nsteps == 0)
				out->shape = *p;
			st = &out->steps[out->nsteps++];
		}
		dd_strlcpy(out->profile, p->profile, sizeof out->profile);
		workload_step_fill(p, &sums[i], i, st);
		if (st->finished && st->iops > best) {
			best = st->iops;
			out->peak = st == &out->max ? SIZE_MAX : out->nsteps - 1;
			out->peak_iops = st->iops;
			out->peak_mbps = st->mbps;
			out->peak_mean_us = st->mean_us;
			out->peak_p99_us = st->p99_us;
		}
	}
	return out->has_max || out->nsteps > 0;
}

/* The slot of pass number pass in a series, adding it; NULL when full. */
static struct workload_pass *
workload_pass_slot(struct workload_ckpt *c, unsigned pass)
{
	for (size_t i = 0; i < c->npasses; i++)
		if (c->passes[i].pass == pass)
			return &c->passes[i];
	if (c->npasses == WORKLOAD_PASSES_MAX)
		return NULL;
	c->passes[c->npasses].pass = pass;
	c->passes[c->npasses].min_s = INFINITY;
	c->passes[c->npasses].max_s = -INFINITY;
	return &c->passes[c->npasses++];
}

/* Collect the checkpoint series of group g. */
bool
workload_ckpt_collect(const struct dd_point *pts, const struct sweep_summary *sums,
		      size_t n, unsigned g, struct workload_ckpt *out)
{
	double secs = 0, bytes = 0;

	memset(out, 0, sizeof *out);
	out->group = g;
	for (size_t i = 0; i < n; i++) {
		const struct dd_point *p = &pts[i];
		struct workload_pass  *ps;
		double		       t = sums[i].elapsed_s;

		if (p->kind != DD_KIND_CHECKPOINT || p->group != g || p->pass == 0)
			continue;
		if (sums[i].status != 0 || sums[i].cancelled || out->n == WORKLOAD_CKPTS_MAX)
			continue;
		out->ranks = p->numjobs;
		out->bytes = p->bytes;
		out->secs[out->n] = t;
		out->pass[out->n] = p->pass;
		out->seq[out->n] = p->seq;
		out->n++;
		secs += t;
		bytes += (double)p->bytes;
		if ((ps = workload_pass_slot(out, p->pass)) == NULL)
			continue;
		ps->mean_s = (ps->mean_s * (double)ps->n + t) / (double)(ps->n + 1);
		ps->n++;
		ps->min_s = fmin(ps->min_s, t);
		ps->max_s = fmax(ps->max_s, t);
	}
	out->gbps = secs > 0 ? bytes / secs / 1e9 : NAN;
	return out->n > 0;
}

/* Every curve and checkpoint series, in plan order. */
int
workload_collect(const struct dd_point *pts, const struct sweep_summary *sums, size_t n,
		 struct workload_curve **curves, size_t *ncurves,
		 struct workload_ckpt **ckpts, size_t *nckpts)
{
	unsigned *g = malloc((n ? n : 1) * sizeof *g);
	size_t	  nc = g ? workload_groups(pts, n, DD_KIND_CURVE_MAX, g, n) : 0;
	size_t	  nk = g ? workload_groups(pts, n, DD_KIND_CHECKPOINT, g, n) : 0;

	*ncurves = *nckpts = 0;
	*curves = nc ? malloc(nc * sizeof **curves) : NULL;
	*ckpts = nk ? malloc(nk * sizeof **ckpts) : NULL;
	if (g == NULL || (nc && *curves == NULL) || (nk && *ckpts == NULL)) {
		free(g);
		free(*curves);
		free(*ckpts);
		*curves = NULL;
		*ckpts = NULL;
		return -ENOMEM;
	}
	workload_groups(pts, n, DD_KIND_CURVE_MAX, g, n);
	for (size_t i = 0; i < nc; i++)
		*ncurves += workload_curve_collect(pts, sums, n, g[i], &(*curves)[*ncurves]);
	workload_groups(pts, n, DD_KIND_CHECKPOINT, g, n);
	for (size_t i = 0; i < nk; i++)
		*nckpts += workload_ckpt_collect(pts, sums, n, g[i], &(*ckpts)[*nckpts]);
	free(g);
	return 0;
}

/* Length of interval i: from the end of the one before (the phase began at 0). */
static double
workload_dt(const struct dd_interval *iv, size_t i)
{
	double dt = iv[i].t_s - (i > 0 ? iv[i - 1].t_s : 0);

	return dt > 0 ? dt : 0;
}

/* Time-weighted mean, CV and squared error (x seconds) of iv[a..b). */
static void
workload_segment(const struct dd_interval *iv, size_t a, size_t b, double *mean,
		 double *cv, double *sse)
{
	double m = 0, q = 0, t = 0;

	for (size_t i = a; i < b; i++) {
		m += iv[i].mbps * workload_dt(iv, i);
		t += workload_dt(iv, i);
	}
	m = t > 0 ? m / t : NAN;
	for (size_t i = a; i < b; i++)
		q += workload_dt(iv, i) * (iv[i].mbps - m) * (iv[i].mbps - m);
	*mean = m;
	*sse = q;
	*cv = m > 0 && t > 0 ? sqrt(q / t) / m : NAN;
}

/* The split k of iv[0..n) that minimises the squared error of two constant rates. */
static size_t
workload_cliff_split(const struct dd_interval *iv, size_t n)
{
	double best = INFINITY;
	size_t at = 0;

	for (size_t k = WORKLOAD_CLIFF_MIN_IV; k + WORKLOAD_CLIFF_MIN_IV <= n; k++) {
		double m1, m2, c1, c2, s1, s2;

		workload_segment(iv, 0, k, &m1, &c1, &s1);
		workload_segment(iv, k, n, &m2, &c2, &s2);
		if (s1 + s2 < best) {
			best = s1 + s2;
			at = k;
		}
	}
	return at;
}

/* Does the rate stay down after at: no WORKLOAD_CLIFF_MIN_IV intervals in a
 * row back above the middle of the two rates (a dip that recovers is not a
 * cliff)? */
static bool
workload_cliff_stays(const struct dd_interval *iv, size_t n, size_t at, double mid)
{
	for (size_t a = at; a + WORKLOAD_CLIFF_MIN_IV <= n; a++) {
		double m, cv, sse;

		workload_segment(iv, a, a + WORKLOAD_CLIFF_MIN_IV, &m, &cv, &sse);
		if (m > mid)
			return false;
	}
	return true;
}

/* Seconds iv[0..n) spans. */
static double
workload_span(const struct dd_interval *iv, size_t n)
{
	double t = 0;

	for (size_t i = 0; i < n; i++)
		t += workload_dt(iv, i);
	return t;
}

/* No cliff: the whole series is one rate (before), nothing after it. */
static void
workload_cliff_none(const struct dd_interval *iv, size_t n, struct workload_cliff *out)
{
	double sse;

	memset(out, 0, sizeof *out);
	out->after_mbps = out->after_cv = out->t_s = NAN;
	workload_segment(iv, 0, n, &out->before_mbps, &out->before_cv, &sse);
}

/* Find a cliff: the best two-segment split, accepted when it is a drop for good. */
void
workload_cliff_detect(const struct dd_interval *iv, size_t n, struct workload_cliff *out)
{
	double m1, m2, c1, c2, s1, s2, t1, noise;
	size_t at;

	memset(out, 0, sizeof *out);
	out->before_mbps = out->after_mbps = out->before_cv = out->after_cv = NAN;
	out->t_s = NAN;
	if (n < 2 * WORKLOAD_CLIFF_MIN_IV)
		return;
	if ((at = workload_cliff_split(iv, n)) == 0) {
		workload_cliff_none(iv, n, out);
		return;
	}
	workload_segment(iv, 0, at, &m1, &c1, &s1);
	workload_segment(iv, at, n, &m2, &c2, &s2);
	t1 = iv[at - 1].t_s;
	/* The fit's residual standard deviation: a short segment's scatter (a
	 * burst at the start) or a long one's (stalls after the drop) counts
	 * by its time, not as much as the whole other side. */
	noise = workload_span(iv, n) > 0 ? sqrt((s1 + s2) / workload_span(iv, n)) : 0;
	out->at = at;
	out->before_mbps = m1;
	out->after_mbps = m2;
	out->before_cv = c1;
	out->after_cv = c2;
	out->t_s = t1;
	out->bytes_before = m1 * 1e6 * t1;
	out->found = m1 > 0 && m2 <= WORKLOAD_CLIFF_DROP * m1 && m1 - m2 > 2 * noise &&
		     workload_cliff_stays(iv, n, at, (m1 + m2) / 2);
	if (!out->found)
		workload_cliff_none(iv, n, out);
}

/* GB/s of pass number pass of a series: a checkpoint's bytes over the pass's mean. */
double
workload_ckpt_pass_gbps(const struct workload_ckpt *c, unsigned pass)
{
	for (size_t i = 0; i < c->npasses; i++)
		if (c->passes[i].pass == pass && c->passes[i].n > 0 && c->passes[i].mean_s > 0)
			return (double)c->bytes / c->passes[i].mean_s / 1e9;
	return NAN;
}

/* GiB/s from decimal MB/s. */
double
workload_gibps(double mbps)
{
	return mbps * 1e6 / (1024.0 * 1024.0 * 1024.0);
}

/* The point a plan's spec write is reckoned at. */
size_t
workload_budget_point(const struct dd_point *pts, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (pts[i].kind == DD_KIND_CLIFF)
			return i;
	for (size_t i = 0; i < n; i++)
		if (pts[i].bytes != 0 && pts[i].pattern == DD_WRITE)
			return i;
	return n;
}

/* How well figure f fits as p's spec write for capacity point drive_id:
 * < 0 not at all; its MB/s into *mbps. */
static int
workload_spec_write_score(const struct spec_figure *f, const char *drive_id,
			  const struct dd_point *p, double *mbps)
{
	struct compare_spec cs;
	int		    place;

	if (f->drive_id == NULL)
		place = 1;
	else if (drive_id == NULL)
		place = 0;
	else if (strcmp(f->drive_id, drive_id) == 0)
		place = 2;
	else
		return -1;
	if (compare_spec_init(f, &cs) == COMPARE_NONE || cs.q != COMPARE_MBPS ||
	    cs.pattern != DD_WRITE)
		return -1;
	*mbps = compare_spec_value_as(&cs, COMPARE_MBPS);
	if (!isfinite(*mbps))
		return -1;
	return (compare_spec_workload(&cs, p) ? 6 : 0) + place * 2 + (f->preferred ? 1 : 0);
}

/* The spec write a cliff or a byte budget is held against. */
const struct spec_figure *
workload_spec_write(const struct spec_sheet *sheet, const char *drive_id,
		    const struct dd_point *p, double *mbps)
{
	const struct spec_figure *best = NULL;
	double			  best_mbps = NAN;
	int			  best_score = -1;

	for (size_t i = 0; sheet != NULL && p != NULL && i < sheet->nfigures; i++) {
		double v;
		int    s = workload_spec_write_score(&sheet->figures[i], drive_id, p, &v);

		if (s > best_score) {
			best = &sheet->figures[i];
			best_score = s;
			best_mbps = v;
		}
	}
	if (mbps != NULL)
		*mbps = best_mbps;
	return best;
}
