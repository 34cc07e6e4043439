/*
 * Verdicts of a spot check: each spec figure against the comparable point
 * of the sweep, the health row from the SMART delta, the overall verdict and
 * the sentence that says it.  See verdict.h for the rules.
 */
#include "config.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "core/format.h"
#include "core/verdict.h"

#define KIB 1024

/* What a metric is compared with. */
enum verdict_class {
	VC_SEQ,		/* sequential MB/s */
	VC_RAND,	/* random IOPS */
	VC_MIXED,	/* random mix IOPS at the spec's read share */
	VC_LAT,		/* latency in us */
};

/* One performance metric of the database. */
struct verdict_metric {
	const char	  *id;
	enum verdict_class cls;
	bool		   writes;	/* needs write points */
	unsigned	   default_bs;
};

static const struct verdict_metric verdict_metrics[] = {
	{ "seq_read", VC_SEQ, false, 128 * KIB },
	{ "seq_write", VC_SEQ, true, 128 * KIB },
	{ "rand_read", VC_RAND, false, 4 * KIB },
	{ "rand_write", VC_RAND, true, 4 * KIB },
	{ "rand_mixed", VC_MIXED, true, 4 * KIB },
	{ "lat_read", VC_LAT, false, 4 * KIB },
	{ "lat_write", VC_LAT, true, 4 * KIB },
};

/* The comparison a row is being built for. */
struct verdict_want {
	const struct verdict_metric *m;
	enum dd_pattern		     pattern;
	unsigned		     bs;
	int			     read_pct;	/* VC_MIXED */
	int			     qd, jobs;	/* 0 = not stated */
	int			     pct;	/* latency percentile index, -1 = mean */
	bool			     sequential;	/* VC_LAT on sequential I/O */
};

/* Append to a row's reason. */
static void
verdict_say(struct verdict *v, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Append to a row's reason. */
static void
verdict_say(struct verdict *v, const char *fmt, ...)
{
	size_t	o = strlen(v->reason);
	va_list ap;

	if (o + 1 >= sizeof v->reason)
		return;
	va_start(ap, fmt);
	vsnprintf(v->reason + o, sizeof v->reason - o, fmt, ap);
	va_end(ap);
}

/* The performance metric named id, or NULL. */
static const struct verdict_metric *
verdict_metric(const char *id)
{
	if (id == NULL)
		return NULL;
	for (size_t i = 0; i < sizeof verdict_metrics / sizeof verdict_metrics[0]; i++)
		if (strcmp(verdict_metrics[i].id, id) == 0)
			return &verdict_metrics[i];
	return NULL;
}

/* Name of a verdict. */
const char *
verdict_status_name(enum verdict_status s)
{
	switch (s) {
	case VERDICT_NOT_COMPARABLE:
		return "NOT_COMPARABLE";
	case VERDICT_PASS:
		return "PASS";
	case VERDICT_WARN:
		return "WARN";
	case VERDICT_FAIL:
		return "FAIL";
	case VERDICT_UNKNOWN:
		return "UNKNOWN";
	}
	return "UNKNOWN";
}

/* Does text contain word, ignoring case? */
static bool
verdict_has(const char *text, const char *word)
{
	size_t n = strlen(word);

	for (const char *p = text; p != NULL && *p != '\0'; p++)
		if (strncasecmp(p, word, n) == 0)
			return true;
	return false;
}

/* Is a drive-specific preferred row of the same metric (and mix) in the sheet? */
static bool
verdict_superseded(const struct spec_sheet *sh, const struct spec_figure *g)
{
	for (size_t i = 0; i < sh->nfigures; i++) {
		const struct spec_figure *o = &sh->figures[i];

		if (o->preferred && o->drive_id != NULL && o->metric_id != NULL &&
		    strcmp(o->drive_id, sh->only_drive) == 0 &&
		    strcmp(o->metric_id, g->metric_id) == 0 && o->read_pct == g->read_pct)
			return true;
	}
	return false;
}

/* The figures a check compares. */
size_t
verdict_figures(const struct spec_sheet *sheet, struct spec_figure *out, size_t max)
{
	size_t n = 0;

	if (sheet == NULL)
		return 0;
	for (size_t i = 0; i < sheet->nfigures && n < max; i++) {
		const struct spec_figure *g = &sheet->figures[i];

		if (!g->preferred || verdict_metric(g->metric_id) == NULL)
			continue;
		if (g->drive_id != NULL) {
			/* Another capacity point's row, or an unnarrowed sheet. */
			if (sheet->only_drive == NULL || strcmp(g->drive_id, sheet->only_drive) != 0)
				continue;
		} else if (sheet->only_drive != NULL && verdict_superseded(sheet, g)) {
			continue;
		}
		out[n++] = *g;
	}
	return n;
}

/* Factor from a figure's unit to the class's unit; NAN when it does not fit. */
static double
verdict_unit_factor(const char *unit, enum verdict_class cls)
{
	static const struct {
		const char *unit;
		int	    kind;	/* 0 throughput, 1 rate, 2 time */
		double	    factor;
	} units[] = {
		{ "MB/s", 0, 1 }, { "GB/s", 0, 1000 }, { "GiB/s", 0, 1073.741824 },
		{ "IOPS", 1, 1 },
		{ "us", 2, 1 }, { "ms", 2, 1000 }, { "s", 2, 1000000 },
	};
	int kind = cls == VC_SEQ ? 0 : cls == VC_LAT ? 2 : 1;

	if (unit == NULL)
		return NAN;
	for (size_t i = 0; i < sizeof units / sizeof units[0]; i++)
		if (strcmp(units[i].unit, unit) == 0)
			return units[i].kind == kind ? units[i].factor : NAN;
	return NAN;
}

/* The class's unit. */
static const char *
verdict_unit(enum verdict_class cls)
{
	return cls == VC_SEQ ? "MB/s" : cls == VC_LAT ? "us" : "IOPS";
}

/* Latency percentile a figure's conditions name (index in hist_default_pcts), -1 mean. */
static int
verdict_percentile(const char *conditions)
{
	if (verdict_has(conditions, "99.99"))
		return 16;
	if (verdict_has(conditions, "99.9"))
		return 14;
	if (verdict_has(conditions, "99%") || verdict_has(conditions, "p99") ||
	    verdict_has(conditions, "99th"))
		return 12;
	return -1;
}

/* The pattern, block size and depth a figure asks for. */
static void
verdict_want_init(const struct spec_figure *g, const struct verdict_metric *m,
		  struct verdict_want *w)
{
	memset(w, 0, sizeof *w);
	w->m = m;
	w->bs = g->block_size > 0 ? (unsigned)g->block_size : m->default_bs;
	w->read_pct = g->read_pct;
	w->qd = g->iodepth > 0 ? g->iodepth : 0;
	w->jobs = g->numjobs > 0 ? g->numjobs : 0;
	w->pct = -1;
	switch (m->cls) {
	case VC_SEQ:
		w->pattern = m->writes ? DD_WRITE : DD_READ;
		break;
	case VC_RAND:
		w->pattern = m->writes ? DD_RANDWRITE : DD_RANDREAD;
		break;
	case VC_MIXED:
		w->pattern = DD_RANDRW;
		break;
	case VC_LAT:
		w->sequential = verdict_has(g->conditions, "sequential");
		w->pattern = strcmp(m->id, "lat_write") == 0
				     ? (w->sequential ? DD_WRITE : DD_RANDWRITE)
				     : (w->sequential ? DD_READ : DD_RANDREAD);
		w->pct = verdict_percentile(g->conditions);
		break;
	}
}

/* The workload in words: "128K sequential write", "4K random 70% read mix". */
static char *
verdict_workload(const struct verdict_want *w, char *buf, size_t len)
{
	char bs[16];

	fmt_block_size((int)w->bs, bs, sizeof bs);
	if (w->pattern == DD_RANDRW)
		snprintf(buf, len, "%s random %d%% read mix", bs, w->read_pct);
	else
		snprintf(buf, len, "%s %s %s", bs, dd_pattern_random(w->pattern) ? "random" :
						   "sequential",
			 dd_pattern_writes(w->pattern) ? "write" : "read");
	return buf;
}

/* "QD32 x4", or "QD32" when only the depth is stated, "x4" jobs alone. */
static char *
verdict_depth(int qd, int jobs, char *buf, size_t len)
{
	if (qd > 0 && jobs > 0)
		snprintf(buf, len, "QD%d x%d", qd, jobs);
	else if (qd > 0)
		snprintf(buf, len, "QD%d", qd);
	else
		snprintf(buf, len, "x%d", jobs);
	return buf;
}

/* Did a point run the pattern (and mix) the row wants? */
static bool
verdict_pattern_ok(const struct dd_point *p, const struct verdict_want *w)
{
	if (p->pattern != w->pattern)
		return false;
	return w->pattern != DD_RANDRW || (int)p->read_pct == w->read_pct;
}

/* Did a point run at the depth the row wants? */
static bool
verdict_depth_ok(const struct dd_point *p, const struct verdict_want *w)
{
	if (w->qd > 0 && w->jobs > 0)
		return (int)p->iodepth == w->qd && (int)p->numjobs == w->jobs;
	if (w->qd > 0)
		return ((int)p->iodepth == w->qd && p->numjobs == 1) ||
		       (int)(p->iodepth * p->numjobs) == w->qd;
	if (w->jobs > 0)
		return (int)p->numjobs == w->jobs;
	return true;
}

/* Is a result a finished measurement? */
static bool
verdict_finished(const struct dd_result *r)
{
	return r != NULL && r->status == 0 && !r->cancelled;
}

/* The measured value of a result in the class's unit; NAN when it has none. */
static double
verdict_value(const struct dd_result *r, const struct verdict_want *w)
{
	const struct dd_latency *l;
	double			 v;

	switch (w->m->cls) {
	case VC_SEQ:
		v = r->mbps;
		break;
	case VC_RAND:
	case VC_MIXED:
		v = r->iops;
		break;
	case VC_LAT:
	default:
		l = dd_pattern_writes(w->pattern) ? &r->write_lat : &r->read_lat;
		if (l->n == 0)
			l = &r->lat;
		if (l->n == 0)
			return NAN;
		v = w->pct >= 0 ? l->pct_us[w->pct] : l->mean_us;
		break;
	}
	return isfinite(v) && v > 0 ? v : NAN;
}

/* Is a better than b for the row (NAN never is)? */
static bool
verdict_better(double a, double b, bool lower)
{
	if (isnan(a))
		return false;
	if (isnan(b))
		return true;
	return lower ? a < b : a > b;
}

/* Is item one of the ", "-separated entries of list? */
static bool
verdict_listed(const char *list, const char *item)
{
	size_t n = strlen(item);

	for (const char *s = list; *s != '\0';) {
		size_t len = strcspn(s, ",");

		if (len == n && strncmp(s, item, n) == 0)
			return true;
		s += len;
		while (*s == ',' || *s == ' ')
			s++;
	}
	return false;
}

/* List what the check ran of the row's pattern: block sizes (or read shares
 * of a mix), or with depths, the depths at the row's block size. */
static void
verdict_ran(const struct dd_result *const *res, size_t n, const struct verdict_want *w,
	    bool depths, char *buf, size_t len)
{
	size_t o = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < n && o + 1 < len; i++) {
		const struct dd_point *p;
		char		       item[32];

		if (!verdict_finished(res[i]))
			continue;
		p = &res[i]->point;
		if (p->pattern != w->pattern || (depths && p->bs != w->bs))
			continue;
		if (depths)
			snprintf(item, sizeof item, "QD%u x%u", p->iodepth, p->numjobs);
		else if (w->pattern == DD_RANDRW && p->bs == w->bs)
			snprintf(item, sizeof item, "%u%% reads", p->read_pct);
		else
			fmt_block_size((int)p->bs, item, sizeof item);
		if (verdict_listed(buf, item))
			continue;
		o += (size_t)snprintf(buf + o, len - o, "%s%s", o ? ", " : "", item);
	}
}

/* Fill a row's verdict from the measured and spec values. */
static void
verdict_judge(struct verdict *v, double t)
{
	const double eps = 1e-9;
	double	     r = v->ratio;

	if (v->lower_is_better) {
		if (r <= 1 + t + eps)
			v->status = VERDICT_PASS;
		else if (r <= 1 + 2 * t + eps)
			v->status = VERDICT_WARN;
		else
			v->status = VERDICT_FAIL;
	} else {
		if (r >= 1 - t - eps)
			v->status = VERDICT_PASS;
		else if (r >= 1 - 2 * t - eps)
			v->status = VERDICT_WARN;
		else
			v->status = VERDICT_FAIL;
	}
}

/* Say why a row with a point is what it is. */
static void
verdict_explain_row(struct verdict *v, const struct verdict_want *w, const struct dd_point *p,
		    bool saturated, double t)
{
	char num[32], lat[16];
	bool unknown = !v->conditions_known && w->m->cls != VC_LAT && !saturated;

	if (unknown)
		verdict_say(v, "spec conditions unknown: rated at deeper queues; best point ");
	if (w->m->cls == VC_LAT) {
		if (w->pct >= 0)
			snprintf(lat, sizeof lat, "p%g", hist_default_pcts[w->pct]);
		else
			snprintf(lat, sizeof lat, "mean");
		verdict_say(v, "%s %s latency %s us", p->name, lat,
			    fmt_number(v->measured, 1, num, sizeof num));
	} else {
		verdict_say(v, "%s reached %s %s", p->name,
			    fmt_number(v->measured, w->m->cls == VC_SEQ ? 1 : 0, num, sizeof num),
			    v->unit);
	}
	verdict_say(v, ", %.1f%% of the spec", v->ratio * 100);
	if (v->status == VERDICT_WARN || v->status == VERDICT_FAIL || v->capped)
		verdict_say(v, ", more than %.0f%% %s", (v->status == VERDICT_WARN && !v->capped ? t : 2 * t) * 100,
			    v->lower_is_better ? "over" : "short");
	if (v->capped)
		verdict_say(v, " (FAIL capped at WARN)");
	if (!v->conditions_known && w->m->cls == VC_LAT)
		verdict_say(v, "; QD1 assumed, the spec states no queue depth");
	else if (!v->conditions_known && saturated)
		verdict_say(v, "; the spec states no queue depth, QD%u x%u saturates sequential I/O",
			    p->iodepth, p->numjobs);
}

/* Build one row for a performance figure. */
static void
verdict_row(const struct spec_figure *g, const struct verdict_metric *m,
	    const struct dd_result *const *res, size_t n, const struct verdict_opts *o,
	    struct verdict *v)
{
	struct verdict_want w;
	double		    factor, best = NAN;
	size_t		    pattern_hits = 0, bs_hits = 0, depth_hits = 0, pick = SIZE_MAX;
	bool		    saturated = false, wrote = o->writes_ran;
	char		    what[64], ran[160], depth[32];

	memset(v, 0, sizeof *v);
	v->metric = g->metric_id;
	v->metric_name = g->metric_name ? g->metric_name : g->metric_id;
	v->spec = *g;
	v->status = VERDICT_NOT_COMPARABLE;
	v->result = SIZE_MAX;
	v->measured = v->ratio = NAN;
	v->lower_is_better = m->cls == VC_LAT;
	v->unit = verdict_unit(m->cls);
	verdict_want_init(g, m, &w);
	v->conditions_known = w.qd > 0;

	factor = verdict_unit_factor(g->unit_id, m->cls);
	if (isnan(factor)) {
		v->spec_value = NAN;
		verdict_say(v, "the figure is in %s, which cannot be compared with %s",
			    g->unit_id ? g->unit_id : "no unit", v->unit);
		return;
	}
	v->spec_value = (g->qual != NULL && strcmp(g->qual, "range") == 0 && v->lower_is_better &&
			 isfinite(g->value_hi) ? g->value_hi : g->value) * factor;
	if (!(isfinite(v->spec_value) && v->spec_value > 0)) {
		v->spec_value = NAN;
		verdict_say(v, "the spec figure is not a positive number");
		return;
	}
	if (m->cls == VC_MIXED && w.read_pct < 0) {
		verdict_say(v, "the spec states no read share for the mix");
		return;
	}
	/* Latency without a stated depth is quoted at QD1 with one job. */
	if (m->cls == VC_LAT && w.qd == 0 && w.jobs == 0)
		w.qd = w.jobs = 1;

	for (size_t i = 0; i < n; i++) {
		const struct dd_point *p;
		double		       x;

		if (res[i] != NULL && dd_pattern_writes(res[i]->point.pattern))
			wrote = true;
		if (!verdict_finished(res[i]) || !verdict_pattern_ok(&res[i]->point, &w))
			continue;
		pattern_hits++;
		p = &res[i]->point;
		if (p->bs != w.bs)
			continue;
		bs_hits++;
		if (!verdict_depth_ok(p, &w))
			continue;
		depth_hits++;
		x = verdict_value(res[i], &w);
		if (pick == SIZE_MAX || verdict_better(x, best, v->lower_is_better)) {
			pick = i;
			best = x;
		}
	}

	verdict_workload(&w, what, sizeof what);
	if (pattern_hits == 0) {
		if (m->writes && !wrote)
			verdict_say(v, "the check ran no writes (--allow-write adds them)");
		else if (m->cls == VC_MIXED) {
			verdict_ran(res, n, &w, false, ran, sizeof ran);
			if (ran[0] != '\0')
				verdict_say(v, "the check ran no %s (it ran %s)", what, ran);
			else
				verdict_say(v, "the check runs no random mixed workload");
		} else
			verdict_say(v, "the check ran no %s point", what);
		return;
	}
	if (bs_hits == 0) {
		verdict_ran(res, n, &w, false, ran, sizeof ran);
		verdict_say(v, "the check ran no %s point (only %s)", what, ran);
		return;
	}
	if (depth_hits == 0) {
		verdict_ran(res, n, &w, true, ran, sizeof ran);
		if (v->conditions_known || m->cls != VC_LAT || g->numjobs > 0)
			verdict_say(v, "the spec is rated at %s; the check ran %s at %s",
				    verdict_depth(w.qd, w.jobs, depth, sizeof depth), what, ran);
		else
			verdict_say(v, "latency is quoted at QD1; the check ran %s at %s", what, ran);
		return;
	}
	v->result = pick;
	dd_strlcpy(v->point, res[pick]->point.name, sizeof v->point);
	if (isnan(best)) {
		verdict_say(v, "%s measured nothing usable", v->point);
		return;
	}
	v->measured = best;
	v->ratio = best / v->spec_value;
	verdict_judge(v, o->tolerance);
	if (m->cls == VC_SEQ && !v->conditions_known)
		saturated = res[pick]->point.iodepth * res[pick]->point.numjobs >= VERDICT_SEQ_DEPTH;
	if (!v->conditions_known && m->cls != VC_LAT && !saturated && v->status == VERDICT_FAIL) {
		v->status = VERDICT_WARN;
		v->capped = true;
	}
	verdict_explain_row(v, &w, &res[pick]->point, saturated, o->tolerance);
}

/* The worst row. */
enum verdict_status
verdict_overall(const struct verdict *rows, size_t n)
{
	enum verdict_status worst = VERDICT_NOT_COMPARABLE;

	for (size_t i = 0; i < n; i++)
		if (rows[i].status != VERDICT_UNKNOWN && rows[i].status > worst)
			worst = rows[i].status;
	return worst;
}

/* Does a row belong in a list of status s (capped: -1 either, 0 not, 1 only)? */
static bool
verdict_in(const struct verdict *v, enum verdict_status s, int capped)
{
	return v->status == s && strcmp(v->metric, "health") != 0 &&
	       (capped < 0 || (int)v->capped == capped);
}

/* Write the spec metrics of the rows verdict_in picks to buf as "a, b and c";
 * returns how many. */
static size_t
verdict_list(const struct verdict_report *r, enum verdict_status s, int capped, char *buf,
	     size_t len)
{
	size_t count = 0, total = 0, o = 0;

	for (size_t i = 0; i < r->nrows; i++)
		total += verdict_in(&r->rows[i], s, capped);
	buf[0] = '\0';
	for (size_t i = 0; i < r->nrows && o + 1 < len; i++) {
		if (!verdict_in(&r->rows[i], s, capped))
			continue;
		count++;
		o += (size_t)snprintf(buf + o, len - o, "%s%s",
				      count == 1 ? "" : count == total ? " and " : ", ",
				      r->rows[i].metric);
	}
	return count;
}

/* Append one clause to the summary, "; "-separated. */
static void
verdict_clause(struct verdict_report *r, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Append one clause to the summary, "; "-separated. */
static void
verdict_clause(struct verdict_report *r, const char *fmt, ...)
{
	size_t	o = strlen(r->summary);
	va_list ap;

	if (o + 3 >= sizeof r->summary)
		return;
	if (o > 0) {
		memcpy(r->summary + o, "; ", 3);
		o += 2;
	}
	va_start(ap, fmt);
	vsnprintf(r->summary + o, sizeof r->summary - o, fmt, ap);
	va_end(ap);
}

/*
 * Recompute the overall verdict and the summary sentence: where the drive
 * meets its spec and where not, then what could not be compared, then the
 * health row.
 */
static void
verdict_summarize(struct verdict_report *r)
{
	char list[256];
	bool compared;

	r->overall = verdict_overall(r->rows, r->nrows);
	r->summary[0] = '\0';
	if (verdict_list(r, VERDICT_PASS, -1, list, sizeof list) > 0)
		verdict_clause(r, "meets its spec on %s", list);
	if (verdict_list(r, VERDICT_WARN, 0, list, sizeof list) > 0)
		verdict_clause(r, "is outside the %.0f%% tolerance but within %.0f%% on %s (WARN)",
			       r->tolerance * 100, r->tolerance * 200, list);
	if (verdict_list(r, VERDICT_WARN, 1, list, sizeof list) > 0)
		verdict_clause(r, "falls short on %s, but the spec states no queue depth and "
				  "is rated at deeper queues (WARN)", list);
	if (verdict_list(r, VERDICT_FAIL, -1, list, sizeof list) > 0)
		verdict_clause(r, "does not meet it on %s (FAIL)", list);
	compared = r->summary[0] != '\0';
	if (!compared)
		verdict_clause(r, "nothing could be compared with the spec");
	if (verdict_list(r, VERDICT_NOT_COMPARABLE, -1, list, sizeof list) > 0)
		verdict_clause(r, "not comparable: %s", list);
	for (size_t i = 0; i < r->nrows; i++) {
		const struct verdict *v = &r->rows[i];

		if (strcmp(v->metric, "health") != 0)
			continue;
		if (v->status == VERDICT_PASS)
			verdict_clause(r, "SMART health unchanged");
		else
			verdict_clause(r, "SMART health: %s (%s)", v->reason,
				       verdict_status_name(v->status));
	}
}

/* Compare figures with results. */
void
verdict_evaluate(const struct spec_figure *figures, size_t nfigures,
		 const struct dd_result *const *results, size_t nresults,
		 const struct verdict_opts *opts, struct verdict_report *out)
{
	struct verdict_opts o = { .tolerance = VERDICT_DEFAULT_TOLERANCE, .writes_ran = false };

	if (opts != NULL)
		o = *opts;
	if (!(o.tolerance >= 0 && o.tolerance <= VERDICT_TOLERANCE_MAX))
		o.tolerance = VERDICT_DEFAULT_TOLERANCE;
	memset(out, 0, sizeof *out);
	out->tolerance = o.tolerance;
	for (size_t i = 0; i < nfigures && out->nrows < VERDICT_MAX; i++) {
		const struct verdict_metric *m = verdict_metric(figures[i].metric_id);

		if (m == NULL || !figures[i].preferred)
			continue;
		verdict_row(&figures[i], m, results, nresults, &o, &out->rows[out->nrows++]);
	}
	verdict_summarize(out);
}

/* The report of a drive not in the database. */
void
verdict_unknown(struct verdict_report *out, double tolerance, const char *model,
		const struct spec_family *nearest)
{
	size_t o;

	memset(out, 0, sizeof *out);
	out->tolerance = tolerance;
	out->overall = VERDICT_UNKNOWN;
	if (model == NULL || model[0] == '\0')
		o = (size_t)snprintf(out->summary, sizeof out->summary,
				     "the device reports no model string to look up "
				     "(--model names one), so there is no spec to check against");
	else
		o = (size_t)snprintf(out->summary, sizeof out->summary,
				     "'%s' is not in the specs database, so there is no spec "
				     "to check against", model);
	if (nearest != NULL && o < sizeof out->summary)
		snprintf(out->summary + o, sizeof out->summary - o,
			 " (nearest family: %s %s)", nearest->vendor ? nearest->vendor : "",
			 nearest->name ? nearest->name : nearest->id);
}

/* after - before of a counter, as a signed count. */
static int64_t
verdict_diff(uint64_t before, uint64_t after)
{
	return after >= before ? (int64_t)(after - before > INT64_MAX ? INT64_MAX : after - before)
			       : -(int64_t)(before - after > INT64_MAX ? INT64_MAX : before - after);
}

/* The difference between two SMART logs. */
void
verdict_smart_delta(const struct nvmeinfo_smart *before, const struct nvmeinfo_smart *after,
		    struct verdict_smart_delta *out)
{
	memset(out, 0, sizeof *out);
	out->temp_before_c = out->temp_after_c = out->temp_max_c = NVMEINFO_TEMP_NONE;
	if (before == NULL || after == NULL || !before->valid || !after->valid)
		return;
	out->valid = true;
	out->temp_before_c = before->temperature_c;
	out->temp_after_c = after->temperature_c;
	out->temp_max_c = before->temperature_c > after->temperature_c ? before->temperature_c
								       : after->temperature_c;
	out->critical_after = after->critical_warning;
	out->new_critical_bits = after->critical_warning & ~before->critical_warning;
	out->media_errors = verdict_diff(before->media_errors, after->media_errors);
	out->error_log_entries = verdict_diff(before->error_log_entries, after->error_log_entries);
	out->thermal_t1_transitions = verdict_diff(before->thermal_t1_transitions,
						   after->thermal_t1_transitions);
	out->thermal_t2_transitions = verdict_diff(before->thermal_t2_transitions,
						   after->thermal_t2_transitions);
	out->warning_temp_minutes = verdict_diff(before->warning_temp_minutes,
						 after->warning_temp_minutes);
	out->critical_temp_minutes = verdict_diff(before->critical_temp_minutes,
						  after->critical_temp_minutes);
	out->data_units_read = verdict_diff(before->data_units_read, after->data_units_read);
	out->data_units_written = verdict_diff(before->data_units_written,
					       after->data_units_written);
	out->percentage_used = after->percentage_used - before->percentage_used;
}

/* Append the health row. */
void
verdict_health(struct verdict_report *r, const struct verdict_smart_delta *d)
{
	struct verdict *v;

	if (d == NULL || !d->valid || r->nrows >= VERDICT_MAX || r->overall == VERDICT_UNKNOWN)
		return;
	v = &r->rows[r->nrows++];
	memset(v, 0, sizeof *v);
	v->metric = "health";
	v->metric_name = "SMART health during the check";
	v->spec_value = v->measured = v->ratio = NAN;
	v->result = SIZE_MAX;
	v->conditions_known = true;
	if (d->media_errors > 0 || d->new_critical_bits != 0) {
		v->status = VERDICT_FAIL;
		if (d->media_errors > 0)
			verdict_say(v, "media errors rose by %lld", (long long)d->media_errors);
		for (int b = 0; b < 8; b++) {
			const char *name = nvmeinfo_cw_name(1 << b);

			if (d->new_critical_bits & (1 << b))
				verdict_say(v, "%scritical warning '%s' appeared",
					    v->reason[0] ? "; " : "", name ? name : "reserved");
		}
		verdict_say(v, " during the check");
	} else if (d->thermal_t1_transitions > 0 || d->thermal_t2_transitions > 0 ||
		   d->warning_temp_minutes > 0 || d->critical_temp_minutes > 0) {
		v->status = VERDICT_WARN;
		verdict_say(v, "the drive throttled during the check (thermal transitions "
			       "T1 +%lld, T2 +%lld; minutes over warning +%lld, critical +%lld): "
			       "check the airflow",
			    (long long)d->thermal_t1_transitions, (long long)d->thermal_t2_transitions,
			    (long long)d->warning_temp_minutes, (long long)d->critical_temp_minutes);
	} else {
		v->status = VERDICT_PASS;
		verdict_say(v, "no media errors, no new critical warning, no throttling");
	}
	verdict_summarize(r);
}

/* May an explainer of this kind explain a row? */
static bool
verdict_relevant(const char *kind, const struct verdict *v)
{
	bool health = strcmp(v->metric, "health") == 0;
	bool perf = !health && v->unit != NULL && strcmp(v->unit, "us") != 0;
	bool small = !health && (strncmp(v->metric, "rand_", 5) == 0 ||
				 strncmp(v->metric, "lat_", 4) == 0);

	if (kind == NULL)
		return false;
	if (strcmp(kind, "pcie-link") == 0 || strcmp(kind, "pcie-spec") == 0)
		return perf;
	if (strcmp(kind, "lba-format") == 0)
		return small;
	if (strcmp(kind, "namespace-size") == 0)
		return !health;
	return strcmp(kind, "temperature") == 0 || strcmp(kind, "wear") == 0 ||
	       strcmp(kind, "critical-warning") == 0;
}

/* Mark the explainers of WARN and FAIL rows. */
void
verdict_explain(struct verdict_report *r, const struct explain_item *items, size_t nitems)
{
	if (nitems > 32)
		nitems = 32;
	for (size_t i = 0; i < r->nrows; i++) {
		struct verdict *v = &r->rows[i];

		v->explainers = 0;
		if (v->status != VERDICT_WARN && v->status != VERDICT_FAIL)
			continue;
		for (size_t k = 0; k < nitems; k++)
			if (verdict_relevant(items[k].kind, v))
				v->explainers |= (uint32_t)1 << k;
	}
}

/* An explainer when the link is below the family's rated interface. */
int
verdict_link_hint(const struct nvmeinfo_ctrl *c, const struct spec_family *f,
		  struct explain_item *out)
{
	int  gen, slow, narrow;
	char cur[48], spec[48];

	if (c == NULL || f == NULL || isnan(c->pcie.speed_gts))
		return 0;
	gen = nvmeinfo_pcie_gen(c->pcie.speed_gts);
	slow = f->pcie_gen > 0 && gen > 0 && gen < f->pcie_gen;
	narrow = f->pcie_lanes > 0 && c->pcie.width > 0 && c->pcie.width < f->pcie_lanes;
	if (!slow && !narrow)
		return 0;
	snprintf(cur, sizeof cur, "Gen%d x%d", gen, c->pcie.width);
	if (f->pcie_gen > 0 && f->pcie_lanes > 0)
		snprintf(spec, sizeof spec, "Gen%d x%d", f->pcie_gen, f->pcie_lanes);
	else if (f->pcie_gen > 0)
		snprintf(spec, sizeof spec, "Gen%d", f->pcie_gen);
	else
		snprintf(spec, sizeof spec, "x%d", f->pcie_lanes);
	memset(out, 0, sizeof *out);
	out->kind = "pcie-spec";
	out->severity = EXPLAIN_WARNING;
	snprintf(out->subject, sizeof out->subject, "%s", c->name ? c->name : "");
	snprintf(out->message, sizeof out->message,
		 "PCIe link trained at %s, the spec assumes %s: sequential throughput and "
		 "peak IOPS are capped by the link, not the drive",
		 cur, spec);
	return 1;
}
