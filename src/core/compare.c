/*
 * Comparison of spec figures and review measurements with measured points:
 * the workload and depth rule of a figure, the value of a result or a review
 * in base units, the best point, ratio, grade and band.  See compare.h for
 * the rules.
 */
#include "config.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "core/compare.h"
#include "core/format.h"

#define KIB 1024

/* One performance metric of the database and what it is compared with. */
struct compare_metric {
	const char	     *id;
	enum compare_quantity q;
	enum dd_pattern	      pattern;	/* latency: the random one */
	bool		      writes;
	unsigned	      default_bs;
};

static const struct compare_metric compare_metrics[] = {
	{ "seq_read", COMPARE_MBPS, DD_READ, false, 128 * KIB },
	{ "seq_write", COMPARE_MBPS, DD_WRITE, true, 128 * KIB },
	{ "rand_read", COMPARE_IOPS, DD_RANDREAD, false, 4 * KIB },
	{ "rand_write", COMPARE_IOPS, DD_RANDWRITE, true, 4 * KIB },
	{ "rand_mixed", COMPARE_IOPS, DD_RANDRW, true, 4 * KIB },
	{ "lat_read", COMPARE_LAT, DD_RANDREAD, false, 4 * KIB },
	{ "lat_write", COMPARE_LAT, DD_RANDWRITE, true, 4 * KIB },
};

/* The metric named id, or NULL. */
static const struct compare_metric *
compare_metric(const char *id)
{
	if (id == NULL)
		return NULL;
	for (size_t i = 0; i < sizeof compare_metrics / sizeof compare_metrics[0]; i++)
		if (strcmp(compare_metrics[i].id, id) == 0)
			return &compare_metrics[i];
	return NULL;
}

/* Is metric id a performance figure? */
bool
compare_metric_known(const char *metric_id)
{
	return compare_metric(metric_id) != NULL;
}

/* Convert through the unit table. */
double
compare_convert(const struct spec_unit *units, size_t nunits, double value, const char *unit,
		const char *dimension)
{
	if (unit == NULL || dimension == NULL || isnan(value))
		return NAN;
	for (size_t i = 0; i < nunits; i++)
		if (units[i].id != NULL && strcmp(units[i].id, unit) == 0)
			return units[i].dimension != NULL &&
					       strcmp(units[i].dimension, dimension) == 0
				       ? value * units[i].to_base
				       : NAN;
	return NAN;
}

/* The dimension of a quantity. */
const char *
compare_dimension(enum compare_quantity q)
{
	switch (q) {
	case COMPARE_MBPS:
	case COMPARE_GIBPS:
		return "throughput";
	case COMPARE_LAT:
	case COMPARE_SECS:
		return "time";
	case COMPARE_IOPS:
	default:
		return "rate";
	}
}

/* The unit of a quantity. */
const char *
compare_unit(enum compare_quantity q)
{
	switch (q) {
	case COMPARE_MBPS:
		return "MB/s";
	case COMPARE_LAT:
		return "us";
	case COMPARE_SECS:
		return "s";
	case COMPARE_GIBPS:
		return "GiB/s";
	case COMPARE_IOPS:
	default:
		return "IOPS";
	}
}

/* Is less of q better? */
bool
compare_lower_is_better(enum compare_quantity q)
{
	return q == COMPARE_LAT || q == COMPARE_SECS;
}

/* Is p a plain measurement of its shape? */
bool
compare_point_plain(const struct dd_point *p)
{
	return dd_kind_plain(p->kind) && p->rate_iops <= 0;
}

/* Does text contain word, ignoring case? */
static bool
compare_has(const char *text, const char *word)
{
	size_t n = strlen(word);

	for (const char *p = text; p != NULL && *p != '\0'; p++)
		if (strncasecmp(p, word, n) == 0)
			return true;
	return false;
}

/* Latency percentile a figure's conditions name (index in hist_default_pcts), -1 mean. */
static int
compare_percentile(const char *conditions)
{
	if (compare_has(conditions, "99.99"))
		return 16;
	if (compare_has(conditions, "99.9"))
		return 14;
	if (compare_has(conditions, "99%") || compare_has(conditions, "p99") ||
	    compare_has(conditions, "99th"))
		return 12;
	return -1;
}

/* Is a figure a range: qual "range", or an approximate range ("approx" with
 * an upper end: "etwa 11.0-12.0 GB/s")? */
bool
compare_qual_range(const char *qual, double value_hi)
{
	if (qual == NULL)
		return false;
	return strcmp(qual, "range") == 0 || (strcmp(qual, "approx") == 0 && isfinite(value_hi));
}

/* The figure's value in the base unit (a range: the end that is the weaker claim). */
static double
compare_spec_value(const struct spec_figure *f, const struct compare_spec *cs)
{
	double v = f->base;

	if (f->dimension == NULL || strcmp(f->dimension, compare_dimension(cs->q)) != 0)
		return NAN;
	if (cs->lower_is_better && compare_qual_range(f->qual, f->base_hi) && isfinite(f->base_hi))
		v = f->base_hi;
	return isfinite(v) && v > 0 ? v : NAN;
}

/* Make a spec figure comparable. */
enum compare_rule
compare_spec_init(const struct spec_figure *f, struct compare_spec *out)
{
	const struct compare_metric *m = compare_metric(f->metric_id);
	bool			     seq;

	memset(out, 0, sizeof *out);
	out->fig = f;
	out->rule = COMPARE_NONE;
	out->value = NAN;
	out->read_pct = -1;
	out->pct = -1;
	if (m == NULL) {
		out->why = "not a performance figure";
		return COMPARE_NONE;
	}
	out->q = m->q;
	out->writes = m->writes;
	out->lower_is_better = m->q == COMPARE_LAT;
	out->pattern = m->pattern;
	out->bs = f->block_size > 0 ? (unsigned)f->block_size : m->default_bs;
	out->qd = f->iodepth > 0 ? f->iodepth : 0;
	out->jobs = f->numjobs > 0 ? f->numjobs : 0;
	if (m->q == COMPARE_LAT) {
		seq = compare_has(f->conditions, "sequential");
		if (seq)
			out->pattern = m->writes ? DD_WRITE : DD_READ;
		out->pct = compare_percentile(f->conditions);
	}
	out->value = compare_spec_value(f, out);
	if (isnan(out->value)) {
		out->why = "the figure's unit does not convert to the measured quantity "
			   "(or it is not a positive number)";
		return COMPARE_NONE;
	}
	if (m->pattern == DD_RANDRW) {
		if (f->read_pct < 0) {
			out->why = "the spec states no read share for the mix";
			return COMPARE_NONE;
		}
		out->read_pct = f->read_pct;
	}
	if (out->qd > 0 || out->jobs > 0)
		out->rule = COMPARE_STATED;
	else if (compare_has(f->conditions, SPECDB_NO_CONDITIONS)) {
		/* Not QD1 by convention: the source says nothing to place it. */
		out->why = "the source states no conditions (block size, depth) for it";
		out->rule = COMPARE_NONE;
	} else if (m->q == COMPARE_LAT) {
		out->rule = COMPARE_QD1;
		out->qd = out->jobs = 1;
	} else
		out->rule = COMPARE_RATED_MAX;
	return out->rule;
}

/* Did p run the spec's workload? */
bool
compare_spec_workload(const struct compare_spec *cs, const struct dd_point *p)
{
	if (cs->rule == COMPARE_NONE || p->pattern != cs->pattern || p->bs != cs->bs)
		return false;
	return cs->pattern != DD_RANDRW || (int)p->read_pct == cs->read_pct;
}

/* Does p's depth fit the rule? */
bool
compare_spec_depth(const struct compare_spec *cs, const struct dd_point *p)
{
	switch (cs->rule) {
	case COMPARE_NONE:
		return false;
	case COMPARE_RATED_MAX:
		return true;
	case COMPARE_QD1:
	case COMPARE_STATED:
		break;
	}
	if (cs->qd > 0 && cs->jobs > 0)
		return (int)p->iodepth == cs->qd && (int)p->numjobs == cs->jobs;
	if (cs->qd > 0)
		return ((int)p->iodepth == cs->qd && p->numjobs == 1) ||
		       (int)(p->iodepth * p->numjobs) == cs->qd;
	return (int)p->numjobs == cs->jobs;
}

/* Is the spec a target on p? */
bool
compare_spec_applies(const struct compare_spec *cs, const struct dd_point *p)
{
	return compare_point_plain(p) && compare_spec_workload(cs, p) && compare_spec_depth(cs, p);
}

/* The rule in words. */
char *
compare_rule_label(const struct compare_spec *cs, char *buf, size_t len)
{
	switch (cs->rule) {
	case COMPARE_NONE:
		snprintf(buf, len, "not comparable: %s", cs->why ? cs->why : "");
		break;
	case COMPARE_RATED_MAX:
		snprintf(buf, len, "rated max, depth not stated");
		break;
	case COMPARE_QD1:
		snprintf(buf, len, "QD1 x1, how latency is quoted (depth not stated)");
		break;
	case COMPARE_STATED:
		if (cs->qd > 0 && cs->jobs > 0)
			snprintf(buf, len, "at QD%d x%d as stated", cs->qd, cs->jobs);
		else if (cs->qd > 0)
			snprintf(buf, len, "at QD%d as stated", cs->qd);
		else
			snprintf(buf, len, "at x%d jobs as stated", cs->jobs);
		break;
	}
	return buf;
}

/* Is a result a finished measurement? */
bool
compare_result_finished(const struct dd_result *r)
{
	return r != NULL && r->status == 0 && !r->cancelled;
}

/* The value of q of a result. */
double
compare_result_value(const struct dd_result *r, enum compare_quantity q, enum dd_pattern pattern,
		     int pct)
{
	const struct dd_latency *l;
	double			 v;

	switch (q) {
	case COMPARE_MBPS:
		v = r->mbps;
		break;
	case COMPARE_IOPS:
		v = r->iops;
		break;
	case COMPARE_LAT:
	default:
		l = dd_pattern_writes(pattern) ? &r->write_lat : &r->read_lat;
		if (l->n == 0)
			l = &r->lat;
		if (l->n == 0)
			return NAN;
		v = pct >= 0 && pct < HIST_NPCTS ? fmt_lat_pct(l, (unsigned)pct) : l->mean_us;
		break;
	}
	return isfinite(v) && v > 0 ? v : NAN;
}

/* Is a better than b? */
bool
compare_better(double a, double b, bool lower_is_better)
{
	if (isnan(a))
		return false;
	if (isnan(b))
		return true;
	return lower_is_better ? a < b : a > b;
}

/* The best finished result the spec applies to. */
size_t
compare_best(const struct compare_spec *cs, const struct dd_result *const *res, size_t n,
	     double *value)
{
	size_t pick = SIZE_MAX;
	double best = NAN;

	for (size_t i = 0; i < n; i++) {
		double x;

		if (!compare_result_finished(res[i]) || !compare_spec_applies(cs, &res[i]->point))
			continue;
		x = compare_result_value(res[i], cs->q, cs->pattern, cs->pct);
		if (pick == SIZE_MAX || compare_better(x, best, cs->lower_is_better)) {
			pick = i;
			best = x;
		}
	}
	if (value != NULL)
		*value = best;
	return pick;
}

/* Does a review's fio workload name the pattern? */
static bool
compare_workload_is(const char *w, enum dd_pattern pat)
{
	if (w == NULL)
		return false;
	switch (pat) {
	case DD_RANDREAD:
		return strcmp(w, "randread") == 0;
	case DD_RANDWRITE:
		return strcmp(w, "randwrite") == 0;
	case DD_READ:
		return strcmp(w, "seqread") == 0 || strcmp(w, "read") == 0;
	case DD_WRITE:
		return strcmp(w, "seqwrite") == 0 || strcmp(w, "write") == 0;
	default:
		return false;
	}
}

/* The spec's value as another rate quantity. */
double
compare_spec_value_as(const struct compare_spec *cs, enum compare_quantity q)
{
	if (q == cs->q)
		return cs->value;
	if (q == COMPARE_LAT || cs->q == COMPARE_LAT || cs->bs == 0 || isnan(cs->value))
		return NAN;
	return q == COMPARE_MBPS ? cs->value * cs->bs / 1e6 : cs->value * 1e6 / cs->bs;
}

/* A review measurement's value as q. */
double
compare_measurement_value(const struct spec_measurement *x, enum compare_quantity q, unsigned bs)
{
	double v = x->base;
	bool   iops = x->dimension != NULL && strcmp(x->dimension, "rate") == 0;
	bool   bw = x->dimension != NULL && strcmp(x->dimension, "throughput") == 0;

	if (!isfinite(v) || x->metric_id == NULL || compare_qual_range(x->qual, x->value_hi))
		return NAN;
	switch (q) {
	case COMPARE_IOPS:
		if (iops && strcmp(x->metric_id, "iops") == 0)
			return v;
		if (bw && strcmp(x->metric_id, "bw") == 0 && bs > 0)
			return v * 1e6 / bs;
		return NAN;
	case COMPARE_MBPS:
		if (bw && strcmp(x->metric_id, "bw") == 0)
			return v;
		if (iops && strcmp(x->metric_id, "iops") == 0 && bs > 0)
			return v * bs / 1e6;
		return NAN;
	case COMPARE_LAT:
		return x->dimension != NULL && strcmp(x->dimension, "time") == 0 &&
				       strcmp(x->metric_id, "lat_mean") == 0
			       ? v
			       : NAN;
	case COMPARE_SECS:
		return x->dimension != NULL && strcmp(x->dimension, "time") == 0 &&
				       strcmp(x->metric_id, "duration") == 0
			       ? v / 1e6
			       : NAN;
	case COMPARE_GIBPS:
		v = compare_measurement_value(x, COMPARE_MBPS, bs);
		return v * 1e6 / (1024.0 * 1024.0 * 1024.0);
	}
	return NAN;
}

/* Is a measurement a usable fio row of drive_id for pattern and bs? */
static bool
compare_review_usable(const struct spec_measurement *x, const char *drive_id,
		      enum dd_pattern pat, unsigned bs)
{
	return drive_id != NULL && x->drive_id != NULL && strcmp(x->drive_id, drive_id) == 0 &&
	       x->benchmark != NULL && strcmp(x->benchmark, "fio") == 0 &&
	       compare_workload_is(x->workload, pat) && x->block_size > 0 &&
	       (unsigned)x->block_size == bs &&
	       (x->phase == NULL || strcmp(x->phase, "preconditioning") != 0);
}

/* Is a measurement the very metric of q (not derived through bs)? */
static bool
compare_review_direct(const struct spec_measurement *x, enum compare_quantity q)
{
	return q == COMPARE_LAT || strcmp(x->metric_id, q == COMPARE_IOPS ? "iops" : "bw") == 0;
}

/* The review at exactly p. */
const struct spec_measurement *
compare_review_at(const struct spec_measurement *ms, size_t n, const char *drive_id,
		  const struct dd_point *p, enum compare_quantity q, double *value)
{
	if (value != NULL)
		*value = NAN;
	for (int pass = 0; pass < 2; pass++)
		for (size_t i = 0; i < n; i++) {
			const struct spec_measurement *x = &ms[i];
			double			       v;

			if (!compare_review_usable(x, drive_id, p->pattern, p->bs) ||
			    x->iodepth <= 0 || x->numjobs <= 0 ||
			    (unsigned)x->iodepth != p->iodepth ||
			    (unsigned)x->numjobs != p->numjobs ||
			    compare_review_direct(x, q) != (pass == 0))
				continue;
			v = compare_measurement_value(x, q, p->bs);
			if (isnan(v))
				continue;
			if (value != NULL)
				*value = v;
			return x;
		}
	return NULL;
}

/* The best review at any depth. */
const struct spec_measurement *
compare_review_best(const struct spec_measurement *ms, size_t n, const char *drive_id,
		    enum dd_pattern pattern, unsigned bs, enum compare_quantity q, double *value)
{
	const struct spec_measurement *best = NULL;
	double			       bv = NAN;

	for (size_t i = 0; i < n; i++) {
		double v;

		if (!compare_review_usable(&ms[i], drive_id, pattern, bs))
			continue;
		v = compare_measurement_value(&ms[i], q, bs);
		if (compare_better(v, bv, q == COMPARE_LAT)) {
			bv = v;
			best = &ms[i];
		}
	}
	if (value != NULL)
		*value = bv;
	return best;
}

/* Is x drive_id's figure of benchmark b? */
static bool
compare_review_of(const struct spec_measurement *x, const char *drive_id, const char *b)
{
	return drive_id != NULL && x->drive_id != NULL && strcmp(x->drive_id, drive_id) == 0 &&
	       x->benchmark != NULL && strcmp(x->benchmark, b) == 0 && x->workload != NULL &&
	       x->metric_id != NULL &&
	       (x->phase == NULL || strcmp(x->phase, "preconditioning") != 0);
}

/* Which DLIO figure x is: its checkpoint index makes it one checkpoint of the
 * series, else its run number makes it that run's average. */
enum compare_dlio
compare_dlio_series(const struct spec_measurement *x)
{
	if (x->benchmark == NULL || strcmp(x->benchmark, "dlio") != 0 || x->metric_id == NULL ||
	    strcmp(x->metric_id, "duration") != 0)
		return COMPARE_DLIO_NONE;
	if (x->checkpoint > 0)
		return COMPARE_DLIO_CKPT;
	return x->pass > 0 ? COMPARE_DLIO_PASS : COMPARE_DLIO_NONE;
}

/* Is x the very metric of q, not one derived through the block size? */
bool
compare_measurement_direct(const struct spec_measurement *x, enum compare_quantity q)
{
	switch (q) {
	case COMPARE_IOPS:
		return strcmp(x->metric_id, "iops") == 0;
	case COMPARE_MBPS:
	case COMPARE_GIBPS:
		return strcmp(x->metric_id, "bw") == 0;
	case COMPARE_LAT:
		return strcmp(x->metric_id, "lat_mean") == 0;
	case COMPARE_SECS:
		return strcmp(x->metric_id, "duration") == 0;
	}
	return false;
}

/* drive_id's VDBench review of a profile. */
const struct spec_measurement *
compare_review_profile(const struct spec_measurement *ms, size_t n, const char *drive_id,
		       const char *profile, enum compare_quantity q, double *value)
{
	if (value != NULL)
		*value = NAN;
	if (profile == NULL || profile[0] == '\0')
		return NULL;
	for (int pass = 0; pass < 2; pass++)
		for (size_t i = 0; i < n; i++) {
			const struct spec_measurement *x = &ms[i];
			double			       v;

			if (!compare_review_of(x, drive_id, "vdbench") ||
			    strcmp(x->workload, profile) != 0 ||
			    compare_measurement_direct(x, q) != (pass == 0))
				continue;
			v = compare_measurement_value(x, q, x->block_size > 0 ?
							    (unsigned)x->block_size : 0);
			if (isnan(v))
				continue;
			if (value != NULL)
				*value = v;
			return x;
		}
	return NULL;
}

/* drive_id's DLIO average of a pass. */
const struct spec_measurement *
compare_review_pass(const struct spec_measurement *ms, size_t n, const char *drive_id,
		    unsigned pass, double *value)
{
	if (value != NULL)
		*value = NAN;
	for (size_t i = 0; i < n; i++) {
		const struct spec_measurement *x = &ms[i];
		double			       v;

		if (!compare_review_of(x, drive_id, "dlio") ||
		    compare_dlio_series(x) != COMPARE_DLIO_PASS || (unsigned)x->pass != pass)
			continue;
		v = compare_measurement_value(x, COMPARE_SECS, 0);
		if (isnan(v))
			continue;
		if (value != NULL)
			*value = v;
		return x;
	}
	return NULL;
}

/* Is x a GDSIO figure of pattern and bs? */
static bool
compare_gdsio_workload(const struct spec_measurement *x, enum dd_pattern pattern, unsigned bs)
{
	const char *w = pattern == DD_READ ? "read" : pattern == DD_WRITE ? "write" : NULL;

	return w != NULL && strcmp(x->workload, w) == 0 && x->block_size > 0 &&
	       (unsigned)x->block_size == bs;
}

/* drive_id's GDSIO figure at a thread count, or the best at any. */
const struct spec_measurement *
compare_review_threads(const struct spec_measurement *ms, size_t n, const char *drive_id,
		       enum dd_pattern pattern, unsigned bs, unsigned threads,
		       enum compare_quantity q, double *value)
{
	const struct spec_measurement *best = NULL;
	double			       bv = NAN;

	for (int pass = 0; pass < 2 && best == NULL; pass++)
		for (size_t i = 0; i < n; i++) {
			const struct spec_measurement *x = &ms[i];
			double			       v;

			if (!compare_review_of(x, drive_id, "gdsio") ||
			    !compare_gdsio_workload(x, pattern, bs) ||
			    (threads > 0 && (x->threads <= 0 || (unsigned)x->threads != threads)) ||
			    compare_measurement_direct(x, q) != (pass == 0))
				continue;
			v = compare_measurement_value(x, q, bs);
			if (compare_better(v, bv, compare_lower_is_better(q))) {
				bv = v;
				best = x;
			}
		}
	if (value != NULL)
		*value = bv;
	return best;
}

/* measured / reference. */
double
compare_ratio(double measured, double reference)
{
	if (!isfinite(measured) || !isfinite(reference) || reference <= 0)
		return NAN;
	return measured / reference;
}

/* Grade a ratio; the boundaries belong to the better grade. */
enum compare_grade
compare_grade(double r, double t, bool lower_is_better)
{
	const double eps = 1e-9;

	if (isnan(r))
		return COMPARE_FAIL;
	if (lower_is_better)
		return r <= 1 + t + eps ? COMPARE_PASS : r <= 1 + 2 * t + eps ? COMPARE_WARN
									       : COMPARE_FAIL;
	return r >= 1 - t - eps ? COMPARE_PASS : r >= 1 - 2 * t - eps ? COMPARE_WARN : COMPARE_FAIL;
}

/* Where measured sits against reference. */
enum compare_band
compare_band(double measured, double reference, double t)
{
	const double eps = 1e-9;
	double	     r = compare_ratio(measured, reference);

	if (isnan(r))
		return COMPARE_BAND_NONE;
	if (r < 1 - t - eps)
		return COMPARE_BAND_BELOW;
	if (r > 1 + t + eps)
		return COMPARE_BAND_ABOVE;
	return COMPARE_BAND_IN;
}
