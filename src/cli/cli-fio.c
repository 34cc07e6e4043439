/*
 * fio's JSON output <-> struct results_run (see cli-fio.h for the data
 * model of both directions).
 *
 * Reading walks the document once, checking the type of every key it uses
 * and naming the key's path when one is wrong ("jobs[2].read.iops"); keys it
 * does not use are ignored, so output of newer fio 3.x releases reads.  A
 * path is built as the walk goes down ("jobs[2]", then "jobs[2].read"), and
 * a key holding a space or a dot is quoted in it ("\"job options\".bs").
 *
 * A job becomes one point:
 *   point          rw/readwrite, rwmixread/rwmixwrite, bs/blocksize,
 *                  iodepth (1 for a synchronous ioengine), numjobs, runtime,
 *                  ramp_time, size, offset: "job options", else "global
 *                  options", else fio's defaults.  numjobs clones that fio
 *                  reported one by one (no group_reporting: as many entries
 *                  of one name and group as numjobs says) are one job each.
 *                  The job's name, unless it is the point's shape, leads
 *                  the point's note ('fio job "NAME"; ...'): a report
 *                  shows it.
 *   counts/rates   read and write: total_ios, io_bytes, iops, bw_bytes,
 *                  runtime (ms) for the measured time.
 *   latency        per direction from lat_ns when it holds percentiles
 *                  (lat_percentiles=1), else from clat_ns; the whole point's
 *                  summary combines the two directions (percentiles from the
 *                  bins, or from the one direction that did I/O).
 *   histogram      json+ bins (bucket value in ns -> count) of both
 *                  directions, counted into the same log-linear buckets.
 *   CPU            usr_cpu and sys_cpu (% of job_runtime) as seconds.
 */
#include "config.h"

#include <errno.h>
#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "cli/cli-fio.h"
#include "cli/cli.h"
#include "core/plan.h"
#include "io/figures.h"
#include "lib/parse.h"

#define FIO_PATH_MAX 192	/* a key path in a sentence */
#define FIO_NUM_MAX  0x1p62	/* past any count, byte total or time */
#define FIO_TIME_MAX 1e11	/* seconds since 1970: year 5138 */
#define FIO_ERRNO_MAX 4095	/* the errno values fio reports */

/* What a walk over one file needs: its name, the error, the global options. */
struct fio_in {
	const char	*file;
	struct dd_error *err;
	json_t		*global;	/* "global options", or NULL */
};

/* One direction (read or write) of a job as read. */
struct fio_dir {
	double		  ios, bytes, iops, bw_bytes, runtime_ms;
	struct dd_latency lat;
	bool		  has_bins;
	const char	 *which;	/* "lat" or "clat" */
};

/* A JSON value's type in words, for a sentence. */
static const char *
fio_type_name(const json_t *v)
{
	switch (json_typeof(v)) {
	case JSON_OBJECT:
		return "an object";
	case JSON_ARRAY:
		return "an array";
	case JSON_STRING:
		return "a string";
	case JSON_INTEGER:
	case JSON_REAL:
		return "a number";
	case JSON_TRUE:
	case JSON_FALSE:
		return "true or false";
	case JSON_NULL:
		return "null";
	}
	return "something else";
}

/* The path of key under at: "at.key", the key quoted when it holds a space
 * or a dot. */
static void
fio_path(char *buf, size_t len, const char *at, const char *key)
{
	const char *q = strpbrk(key, " .") ? "\"" : "";

	if (snprintf(buf, len, "%s%s%s%s%s", at, at[0] ? "." : "", q, key, q) >= (int)len)
		buf[len - 1] = '\0';	/* cut: still names the key's start */
}

/* Fail on key under at: missing (v NULL) or of the wrong type. */
static int
fio_bad(const struct fio_in *in, const char *at, const char *key, const json_t *v,
	const char *want)
{
	char path[FIO_PATH_MAX];

	fio_path(path, sizeof path, at, key);
	if (v == NULL)
		return dd_error_set(in->err, -EINVAL, "%s: %s is missing", in->file, path);
	return dd_error_set(in->err, -EINVAL, "%s: %s is %s, expected %s", in->file, path,
			    fio_type_name(v), want);
}

/* A required number from 0 to max under key. */
static int
fio_num_max(const struct fio_in *in, json_t *obj, const char *at, const char *key, double max,
	    double *out)
{
	json_t *v = json_object_get(obj, key);
	char	path[FIO_PATH_MAX];

	if (!json_is_number(v))
		return fio_bad(in, at, key, v, "a number");
	*out = json_number_value(v);
	if (*out >= 0 && *out <= max)
		return 0;
	fio_path(path, sizeof path, at, key);
	return dd_error_set(in->err, -EINVAL, "%s: %s is %g, expected a number from 0 to %g",
			    in->file, path, *out, max);
}

/* A required number of at least 0 under key (and below any count or time
 * fio can hold, so it converts to an integer safely). */
static int
fio_num(const struct fio_in *in, json_t *obj, const char *at, const char *key, double *out)
{
	return fio_num_max(in, obj, at, key, FIO_NUM_MAX, out);
}

/* An object under key; absent is fine (NULL) unless required. */
static int
fio_obj(const struct fio_in *in, json_t *obj, const char *at, const char *key, bool required,
	json_t **out)
{
	json_t *v = json_object_get(obj, key);

	*out = NULL;
	if (v == NULL && !required)
		return 0;
	if (!json_is_object(v))
		return fio_bad(in, at, key, v, "an object");
	*out = v;
	return 0;
}

/* A string under key; absent is fine (NULL). */
static int
fio_str(const struct fio_in *in, json_t *obj, const char *at, const char *key, const char **out)
{
	json_t *v = json_object_get(obj, key);

	*out = NULL;
	if (v == NULL)
		return 0;
	if (!json_is_string(v))
		return fio_bad(in, at, key, v, "a string");
	*out = json_string_value(v);
	return 0;
}

/* A job option: the job's own, else the global one; *out NULL when neither
 * sets it.  *where gets the path it came from, for a sentence about it. */
static int
fio_opt(const struct fio_in *in, json_t *jopts, const char *jat, const char *key,
	const char **out, char *where, size_t wlen)
{
	int rc;

	if (jopts != NULL && json_object_get(jopts, key) != NULL) {
		fio_path(where, wlen, jat, key);
		return fio_str(in, jopts, jat, key, out);
	}
	fio_path(where, wlen, "\"global options\"", key);
	rc = fio_str(in, in->global, "\"global options\"", key, out);
	return rc;
}

/* Fail on an option value that does not parse. */
static int
fio_bad_value(const struct fio_in *in, const char *where, const char *value, const char *want)
{
	return dd_error_set(in->err, -EINVAL, "%s: %s is \"%s\", expected %s", in->file, where,
			    value, want);
}

/* A size option ("4k", "4k,64k": the first) from min to max, or dflt when
 * unset. */
static int
fio_opt_size(const struct fio_in *in, json_t *jopts, const char *jat, const char *key,
	     uint64_t min, uint64_t max, uint64_t dflt, uint64_t *out)
{
	const char *s;
	char	    where[FIO_PATH_MAX], first[64];
	int	    rc = fio_opt(in, jopts, jat, key, &s, where, sizeof where);

	*out = dflt;
	if (rc < 0 || s == NULL)
		return rc;
	dd_strlcpy(first, s, sizeof first);
	first[strcspn(first, ",:")] = '\0';
	if (parse_size(first, 0, max, out) < 0)
		return fio_bad_value(in, where, s, "a size such as 4k");
	if (*out < min) {
		snprintf(first, sizeof first, "a size of at least %llu byte%s",
			 (unsigned long long)min, min == 1 ? "" : "s");
		return fio_bad_value(in, where, s, first);
	}
	return 0;
}

/* A count option ("32"), or dflt when unset. */
static int
fio_opt_count(const struct fio_in *in, json_t *jopts, const char *jat, const char *key,
	      long min, long max, unsigned dflt, unsigned *out)
{
	const char *s;
	char	    where[FIO_PATH_MAX], want[64];
	long	    v;
	int	    rc = fio_opt(in, jopts, jat, key, &s, where, sizeof where);

	*out = dflt;
	if (rc < 0 || s == NULL)
		return rc;
	if (parse_long(s, min, max, &v) < 0) {
		snprintf(want, sizeof want, "a whole number from %ld to %ld", min, max);
		return fio_bad_value(in, where, s, want);
	}
	*out = (unsigned)v;
	return 0;
}

/* A time option in seconds ("10", "10s", "1m"), or 0 when unset. */
static int
fio_opt_seconds(const struct fio_in *in, json_t *jopts, const char *jat, const char *key,
		double *out)
{
	const char *s;
	char	    where[FIO_PATH_MAX];
	int	    rc = fio_opt(in, jopts, jat, key, &s, where, sizeof where);

	*out = 0;
	if (rc < 0 || s == NULL)
		return rc;
	if (parse_duration(s, 0, 1e9, out) < 0)
		return fio_bad_value(in, where, s, "a time such as 10s");
	return 0;
}

/* The pattern and read share from rw and rwmixread/rwmixwrite. */
static int
fio_opt_pattern(const struct fio_in *in, json_t *jopts, const char *jat, struct dd_point *p)
{
	const char *s;
	char	    where[FIO_PATH_MAX], rw[32];
	unsigned    mix;
	int	    rc = fio_opt(in, jopts, jat, "rw", &s, where, sizeof where);

	if (rc == 0 && s == NULL)
		rc = fio_opt(in, jopts, jat, "readwrite", &s, where, sizeof where);
	if (rc < 0)
		return rc;
	dd_strlcpy(rw, s ? s : "read", sizeof rw);
	rw[strcspn(rw, ":")] = '\0';	/* "rw=write:4k" skips: the pattern stays */
	if (dd_pattern_parse(rw, &p->pattern) < 0 || strcasecmp(rw, "seqread") == 0 ||
	    strcasecmp(rw, "seqwrite") == 0)
		return fio_bad_value(in, where, s,
				     "read, write, randread, randwrite, rw or randrw "
				     "(the patterns drivedash measures)");
	if ((rc = fio_opt_count(in, jopts, jat, "rwmixwrite", 0, 100, 50, &mix)) < 0)
		return rc;
	p->read_pct = 100 - mix;
	if ((rc = fio_opt_count(in, jopts, jat, "rwmixread", 0, 100, p->read_pct,
				&p->read_pct)) < 0)
		return rc;
	if (!dd_pattern_mixed(p->pattern))
		p->read_pct = dd_pattern_writes(p->pattern) ? 0 : 100;
	return 0;
}

/* Is ioengine one that keeps one I/O in flight whatever iodepth says? */
static bool
fio_engine_sync(const char *e)
{
	static const char *const sync_engines[] = {
		"sync", "psync", "vsync", "pvsync", "pvsync2", "mmap", "splice", NULL,
	};

	for (size_t i = 0; e != NULL && sync_engines[i]; i++)
		if (strcmp(e, sync_engines[i]) == 0)
			return true;
	return false;
}

/* The total IOPS of fio's per-job rate_iops ("N", or "R,W" per direction)
 * over numjobs jobs: one value on a mix caps each direction, so the mix's
 * larger share reaches it first. */
static double
fio_rate_total(const char *s, const struct dd_point *p, bool *ok)
{
	char   buf[64], *w;
	double r = 0, wr = 0, share;

	dd_strlcpy(buf, s, sizeof buf);
	w = strchr(buf, ',');
	if (w != NULL)
		*w++ = '\0';
	*ok = (buf[0] == '\0' || parse_double(buf, 0, 1e12, &r) == 0) &&
	      (w == NULL || w[0] == '\0' || parse_double(w, 0, 1e12, &wr) == 0);
	if (w != NULL)
		return (r + wr) * p->numjobs;
	share = dd_pattern_mixed(p->pattern) ? p->read_pct / 100.0 : 1;
	return r * p->numjobs / fmax(share, 1 - share);
}

/* A number option of ours, or 0 when unset. */
static int
fio_opt_number(const struct fio_in *in, json_t *jopts, const char *jat, const char *key,
	       double max, double *out)
{
	const char *s;
	char	    where[FIO_PATH_MAX];
	int	    rc = fio_opt(in, jopts, jat, key, &s, where, sizeof where);

	*out = 0;
	if (rc < 0 || s == NULL)
		return rc;
	if (parse_double(s, 0, max, out) < 0)
		return fio_bad_value(in, where, s, "a number");
	return 0;
}

/* fio's rate_iops and end_fsync, and drivedash's own options (written by
 * export: the point's kind, profile, group, pass, seq, rate_pct and
 * region_pct), into p. */
static int
fio_read_pacing(const struct fio_in *in, json_t *jopts, const char *jat, struct dd_point *p)
{
	const char *s, *kind, *prof;
	char	    where[FIO_PATH_MAX];
	double	    v[4];
	unsigned    fsync;
	bool	    ok = true;
	int	    rc;

	if ((rc = fio_opt(in, jopts, jat, "rate_iops", &s, where, sizeof where)) < 0)
		return rc;
	if (s != NULL && ((p->rate_iops = fio_rate_total(s, p, &ok)), !ok))
		return fio_bad_value(in, where, s, "IOPS such as 1000 or 700,300");
	if ((rc = fio_opt_count(in, jopts, jat, "end_fsync", 0, 1, 0, &fsync)) < 0)
		return rc;
	p->end_fsync = fsync != 0;
	if ((rc = fio_opt(in, jopts, jat, "drivedash_kind", &kind, where, sizeof where)) < 0)
		return rc;
	if (kind != NULL && dd_kind_parse(kind, &p->kind) < 0)
		return fio_bad_value(in, where, kind, "a drivedash point kind such as curve-step");
	if ((rc = fio_opt(in, jopts, jat, "drivedash_profile", &prof, where, sizeof where)) < 0 ||
	    (rc = fio_opt_number(in, jopts, jat, "drivedash_group", 1e6, &v[0])) < 0 ||
	    (rc = fio_opt_number(in, jopts, jat, "drivedash_pass", 1e6, &v[1])) < 0 ||
	    (rc = fio_opt_number(in, jopts, jat, "drivedash_seq", 1e6, &v[2])) < 0 ||
	    (rc = fio_opt_number(in, jopts, jat, "drivedash_rate_pct", 1000, &p->rate_pct)) < 0 ||
	    (rc = fio_opt_number(in, jopts, jat, "drivedash_region_pct", 100, &v[3])) < 0)
		return rc;
	dd_strlcpy(p->profile, prof ? prof : "", sizeof p->profile);
	p->group = (unsigned)v[0];
	p->pass = (unsigned)v[1];
	p->seq = (unsigned)v[2];
	p->region_pct = (unsigned)v[3];
	return 0;
}

/* The point as fio ran it, from the job's options. */
static int
fio_read_point(const struct fio_in *in, json_t *job, const char *at, struct dd_point *p)
{
	json_t	   *jopts;
	const char *engine;
	char	    jat[FIO_PATH_MAX], where[FIO_PATH_MAX];
	uint64_t    bs;
	int	    rc;

	if ((rc = fio_obj(in, job, at, "job options", false, &jopts)) < 0)
		return rc;
	fio_path(jat, sizeof jat, at, "job options");
	if ((rc = fio_opt_pattern(in, jopts, jat, p)) < 0 ||
	    (rc = fio_opt_size(in, jopts, jat, "bs", 1, UINT32_MAX, 4096, &bs)) < 0)
		return rc;
	if (bs == 4096 && (rc = fio_opt_size(in, jopts, jat, "blocksize", 1, UINT32_MAX, 4096,
					     &bs)) < 0)
		return rc;
	p->bs = (unsigned)bs;
	if ((rc = fio_opt_count(in, jopts, jat, "iodepth", 1, 65536, 1, &p->iodepth)) < 0 ||
	    (rc = fio_opt_count(in, jopts, jat, "numjobs", 1, 65536, 1, &p->numjobs)) < 0 ||
	    (rc = fio_opt_seconds(in, jopts, jat, "runtime", &p->runtime_s)) < 0 ||
	    (rc = fio_opt_seconds(in, jopts, jat, "ramp_time", &p->ramp_s)) < 0 ||
	    (rc = fio_opt_size(in, jopts, jat, "size", 0, UINT64_MAX, 0, &p->size)) < 0 ||
	    (rc = fio_opt_size(in, jopts, jat, "offset", 0, UINT64_MAX, 0, &p->offset)) < 0 ||
	    (rc = fio_opt(in, jopts, jat, "ioengine", &engine, where, sizeof where)) < 0)
		return rc;
	if (fio_engine_sync(engine))
		p->iodepth = 1;
	return fio_read_pacing(in, jopts, jat, p);
}

/* What a fio object keyed by numbers holds: percentiles ("99.000000": ns)
 * or json+ bins ("5000": count). */
struct fio_keyed {
	const char	  *name;	/* "percentile", "bins" */
	const char	  *want;	/* what a key must be, for the sentence */
	struct dd_latency *lat;		/* percentiles go here */
	struct histogram  *hist;	/* bins go here */
};

/* Is key k acceptable for what kd holds? */
static bool
fio_key_ok(const struct fio_keyed *kd, double k)
{
	if (kd->lat != NULL)
		return k > 0 && k <= 100;
	return k >= 0 && k < 0x1p63 && k == floor(k);
}

/* Store one key and value: a percentile at drivedash's list (those fio
 * did not report stay NAN), or a bin counted into its bucket. */
static void
fio_key_store(const struct fio_keyed *kd, double k, double v)
{
	if (kd->hist != NULL) {
		kd->hist->bins[hist_index((uint64_t)k)] += (uint64_t)v;
		return;
	}
	for (int i = 0; i < HIST_NPCTS; i++)
		if (fabs(hist_default_pcts[i] - k) < 1e-6)
			kd->lat->pct_us[i] = v / 1e3;
}

/* Every key of a number-keyed object under at, checked, stored. */
static int
fio_read_keyed(const struct fio_in *in, json_t *obj, const char *at, const struct fio_keyed *kd)
{
	const char *key;
	json_t	   *v;
	char	    path[FIO_PATH_MAX];

	fio_path(path, sizeof path, at, kd->name);
	json_object_foreach(obj, key, v) {
		char  *end;
		double k = strtod(key, &end), n;
		int    rc;

		if (end == key || *end != '\0' || key[0] == '-' || !fio_key_ok(kd, k))
			return dd_error_set(in->err, -EINVAL, "%s: %s has the key \"%s\", expected %s",
					    in->file, path, key, kd->want);
		if ((rc = fio_num(in, obj, path, key, &n)) < 0)
			return rc;
		fio_key_store(kd, k, n);
	}
	return 0;
}

/* One latency object (clat_ns or lat_ns) into l, its bins into h. */
static int
fio_read_latency(const struct fio_in *in, json_t *lo, const char *at, struct dd_latency *l,
		 struct histogram *h, bool *has_bins)
{
	struct fio_keyed pk = { "percentile", "a percentile", l, NULL },
			 bk = { "bins", "a latency in ns", NULL, h };
	double		 n, min, max, mean, sd;
	json_t		*pct, *bins;
	int		 rc;

	if ((rc = fio_num(in, lo, at, "N", &n)) < 0 || (rc = fio_num(in, lo, at, "min", &min)) < 0 ||
	    (rc = fio_num(in, lo, at, "max", &max)) < 0 ||
	    (rc = fio_num(in, lo, at, "mean", &mean)) < 0 ||
	    (rc = fio_num(in, lo, at, "stddev", &sd)) < 0 ||
	    (rc = fio_obj(in, lo, at, "percentile", false, &pct)) < 0 ||
	    (rc = fio_obj(in, lo, at, "bins", false, &bins)) < 0)
		return rc;
	memset(l, 0, sizeof *l);
	for (int i = 0; i < HIST_NPCTS; i++)
		l->pct_us[i] = NAN;
	l->n = (uint64_t)n;
	l->min_us = n ? min / 1e3 : NAN;
	l->max_us = n ? max / 1e3 : NAN;
	l->mean_us = n ? mean / 1e3 : NAN;
	l->stdev_us = n ? sd / 1e3 : NAN;
	if (pct != NULL && (rc = fio_read_keyed(in, pct, at, &pk)) < 0)
		return rc;
	*has_bins = bins != NULL;
	if (bins != NULL && (rc = fio_read_keyed(in, bins, at, &bk)) < 0)
		return rc;
	return 0;
}

/* One direction ("read" or "write") of a job. */
static int
fio_read_dir(const struct fio_in *in, json_t *job, const char *at, const char *name,
	     struct fio_dir *d, struct histogram *h)
{
	json_t *dir, *lo;
	char	dat[FIO_PATH_MAX], lat[FIO_PATH_MAX];
	int	rc;

	if ((rc = fio_obj(in, job, at, name, true, &dir)) < 0)
		return rc;
	fio_path(dat, sizeof dat, at, name);
	if ((rc = fio_num(in, dir, dat, "total_ios", &d->ios)) < 0 ||
	    (rc = fio_num(in, dir, dat, "io_bytes", &d->bytes)) < 0 ||
	    (rc = fio_num(in, dir, dat, "iops", &d->iops)) < 0 ||
	    (rc = fio_num(in, dir, dat, "bw_bytes", &d->bw_bytes)) < 0 ||
	    (rc = fio_num(in, dir, dat, "runtime", &d->runtime_ms)) < 0 ||
	    (rc = fio_obj(in, dir, dat, "lat_ns", true, &lo)) < 0)
		return rc;
	d->which = "lat";
	if (json_object_get(lo, "percentile") == NULL) {
		/* fio's default: percentiles (and json+ bins) of clat only */
		if ((rc = fio_obj(in, dir, dat, "clat_ns", true, &lo)) < 0)
			return rc;
		d->which = "clat";
	}
	fio_path(lat, sizeof lat, dat, d->which[0] == 'c' ? "clat_ns" : "lat_ns");
	return fio_read_latency(in, lo, lat, &d->lat, h, &d->has_bins);
}

/* Combine two directions' latency summaries into the point's. */
static void
fio_lat_combine(struct dd_result *r, const struct fio_dir *rd, const struct fio_dir *wr,
		bool bins)
{
	const struct dd_latency *a = &rd->lat, *b = &wr->lat;
	struct dd_latency	*l = &r->lat;
	double			 n = (double)(a->n + b->n), pct[HIST_NPCTS];

	hist_percentiles(&r->hist, hist_default_pcts, HIST_NPCTS, pct);
	if (a->n == 0 || b->n == 0) {
		*l = a->n ? *a : *b;
		/* a percentile fio's list left out: from the bins, when there */
		for (int i = 0; i < HIST_NPCTS; i++)
			if (bins && isnan(l->pct_us[i]))
				l->pct_us[i] = pct[i] / 1e3;
		return;
	}
	l->n = a->n + b->n;
	l->min_us = fmin(a->min_us, b->min_us);
	l->max_us = fmax(a->max_us, b->max_us);
	l->mean_us = (a->mean_us * (double)a->n + b->mean_us * (double)b->n) / n;
	/* pooled: each direction's sum of squares about the combined mean */
	l->stdev_us = sqrt(((double)(a->n - 1) * a->stdev_us * a->stdev_us +
			    (double)a->n * pow(a->mean_us - l->mean_us, 2) +
			    (double)(b->n - 1) * b->stdev_us * b->stdev_us +
			    (double)b->n * pow(b->mean_us - l->mean_us, 2)) / (n - 1));
	for (int i = 0; i < HIST_NPCTS; i++)
		l->pct_us[i] = bins ? pct[i] / 1e3 : NAN;
}

/* Counts, rates, latencies and histogram of a job into r. */
static int
fio_read_figures(const struct fio_in *in, json_t *job, const char *at, struct dd_result *r,
		 bool *has_bins)
{
	struct fio_dir rd = { 0 }, wr = { 0 };
	int	       rc;

	if (json_object_get(job, "read") == NULL && json_object_get(job, "mixed") != NULL)
		return dd_error_set(in->err, -EINVAL,
				    "%s: %s has only unified_rw_reporting's \"mixed\" figures, "
				    "expected read and write (fio without unified_rw_reporting=mixed)",
				    in->file, at);
	if ((rc = fio_read_dir(in, job, at, "read", &rd, &r->read_hist)) < 0 ||
	    (rc = fio_read_dir(in, job, at, "write", &wr, &r->write_hist)) < 0)
		return rc;
	if (rd.has_bins || wr.has_bins) {	/* else the pages stay untouched */
		r->hist = r->read_hist;
		hist_merge(&r->hist, &r->write_hist);
	}
	r->read_ios = (uint64_t)rd.ios;
	r->write_ios = (uint64_t)wr.ios;
	r->ios = r->read_ios + r->write_ios;
	r->read_bytes = (uint64_t)rd.bytes;
	r->write_bytes = (uint64_t)wr.bytes;
	r->bytes = r->read_bytes + r->write_bytes;
	r->iops = rd.iops + wr.iops;
	r->mbps = (rd.bw_bytes + wr.bw_bytes) / 1e6;
	r->elapsed_s = fmax(rd.runtime_ms, wr.runtime_ms) / 1e3;
	r->read_lat = rd.lat;
	r->write_lat = wr.lat;
	*has_bins = r->ios > 0 && (rd.ios == 0 || rd.has_bins) && (wr.ios == 0 || wr.has_bins);
	fio_lat_combine(r, &rd, &wr, *has_bins);
	snprintf(r->message, sizeof r->message, "imported from fio: latency is fio's %s%s",
		 (rd.ios ? rd.which : wr.which),
		 strcmp(rd.ios ? rd.which : wr.which, "clat") == 0
			 ? " (completion only; lat_percentiles=1 gives submission to completion)"
			 : " (submission to completion)");
	return 0;
}

/* CPU time and the job's error, from usr_cpu, sys_cpu, job_runtime, error. */
static int
fio_read_cpu(const struct fio_in *in, json_t *job, const char *at, struct dd_result *r)
{
	double usr = 0, sys = 0, ms = 0, error = 0;
	int    rc;

	if ((json_object_get(job, "job_runtime") &&
	     (rc = fio_num(in, job, at, "job_runtime", &ms)) < 0) ||
	    (json_object_get(job, "usr_cpu") && (rc = fio_num(in, job, at, "usr_cpu", &usr)) < 0) ||
	    (json_object_get(job, "sys_cpu") && (rc = fio_num(in, job, at, "sys_cpu", &sys)) < 0) ||
	    (json_object_get(job, "error") &&
	     (rc = fio_num_max(in, job, at, "error", FIO_ERRNO_MAX, &error)) < 0))
		return rc;
	r->cpu_user_s = r->proc_user_s = usr / 100 * ms / 1e3;
	r->cpu_sys_s = r->proc_sys_s = sys / 100 * ms / 1e3;
	r->cpu_us_per_io = r->proc_us_per_io =
		r->ios ? (r->cpu_user_s + r->cpu_sys_s) * 1e6 / (double)r->ios : NAN;
	if (error > 0) {
		r->status = -(int)error;
		snprintf(r->message, sizeof r->message, "fio: the job failed: %s",
			 strerror((int)error));
	}
	return 0;
}

/* The job's figures are possible ones (io/figures.h): nothing a drive
 * cannot give is imported, whatever the file says. */
static int
fio_check_figures(const struct fio_in *in, const char *at, const struct dd_result *r)
{
	char src[FIO_PATH_MAX + 64];

	snprintf(src, sizeof src, "%s: %s", in->file, at);
	return figures_check_result(r, src, in->err) < 0 ? -EINVAL : 0;
}

/* The key a job's clones share: its name and group ("" without a name). */
static char *
fio_clone_key(json_t *job)
{
	const char *name = json_string_value(json_object_get(job, "jobname"));
	char	   *gid, *key;

	if (name == NULL)
		return NULL;
	gid = json_dumps(json_object_get(job, "groupid"), JSON_ENCODE_ANY | JSON_COMPACT);
	if (asprintf(&key, "%s\n%s", name, gid ? gid : "") < 0)
		key = NULL;
	free(gid);
	return key;
}

/* How many entries of jobs share each name and group, in one pass (a job's
 * clones are counted once for all, not by a scan per job): an object of
 * key -> count; NULL when out of memory. */
static json_t *
fio_clone_counts(json_t *jobs)
{
	json_t *counts = json_object(), *job;
	size_t	i;

	json_array_foreach(jobs, i, job) {
		char	  *key = fio_clone_key(job);
		json_int_t n;

		if (key == NULL)
			continue;
		n = json_integer_value(json_object_get(counts, key));
		json_object_set_new(counts, key, json_integer(n + 1));
		free(key);
	}
	return counts;
}

/* How many entries of jobs share this one's name and group. */
static size_t
fio_clones(json_t *counts, json_t *job)
{
	char  *key = fio_clone_key(job);
	size_t n = key ? (size_t)json_integer_value(json_object_get(counts, key)) : 0;

	free(key);
	return n;
}

/* Keep the job's name in the point's note (stored with it, shown by a
 * report, escaped as every text is): 'fio job "seq-1"; ' before what the
 * note says, unless the name is the point's shape (our own job files name
 * jobs so) or there is none. */
static void
fio_job_note(struct dd_result *r, const char *job)
{
	char note[sizeof r->message];

	if (job == NULL || job[0] == '\0' || strstr(job, r->point.name) != NULL)
		return;
	/* Both bounded so that neither crowds the other out of the note. */
	snprintf(note, sizeof note, "fio job \"%.160s\"%s%.320s", job,
		 r->message[0] ? "; " : "", r->message);
	memcpy(r->message, note, sizeof note);
}

/* One job (entry i of jobs; counts: fio_clone_counts) into a point of run. */
static int
fio_read_job(const struct fio_in *in, json_t *jobs, json_t *counts, const char *arr, size_t i,
	     struct results_run *run)
{
	struct results_point pt = { 0 };
	json_t		    *job = json_array_get(jobs, i);
	const char	    *name, *host;
	char		     at[FIO_PATH_MAX];
	int		     rc;

	snprintf(at, sizeof at, "%s[%zu]", arr, i);
	if (!json_is_object(job))
		return dd_error_set(in->err, -EINVAL, "%s: %s is %s, expected an object", in->file,
				    at, fio_type_name(job));
	if ((pt.r = calloc(1, sizeof *pt.r)) == NULL)
		return dd_error_set(in->err, -ENOMEM, "%s: out of memory", in->file);
	pt.index = run->n;
	pt.r->idle_cpus = NAN;
	pt.r->rate_spread = NAN;	/* fio does not report its pacing's evenness */
	pt.r->rate_held_pct = pt.r->rate_late_pct = NAN;
	if ((rc = fio_str(in, job, at, "jobname", &name)) < 0 ||
	    (rc = fio_str(in, job, at, "hostname", &host)) < 0 ||
	    (rc = fio_read_point(in, job, at, &pt.r->point)) < 0 ||
	    (rc = fio_read_figures(in, job, at, pt.r, &pt.has_bins)) < 0 ||
	    (rc = fio_read_cpu(in, job, at, pt.r)) < 0 ||
	    (rc = fio_check_figures(in, at, pt.r)) < 0) {
		free(pt.r);
		return rc;
	}
	if (pt.r->point.numjobs > 1 && fio_clones(counts, job) == pt.r->point.numjobs)
		pt.r->point.numjobs = 1;	/* one clone, reported alone */
	if (pt.r->point.runtime_s == 0)
		pt.r->point.runtime_s = pt.r->elapsed_s;
	dd_point_autoname(&pt.r->point);
	fio_job_note(pt.r, name);
	dd_strlcpy(pt.host, host ? host : "", sizeof pt.host);
	sweep_summarize(pt.r, &pt.sum);
	pt.sum.index = pt.index;
	rc = results_run_add(run, &pt, in->err);
	if (rc < 0)
		free(pt.r);
	return rc;
}

/* Where fio's JSON starts: the first '{' (fio prints warnings before it). */
static const char *
fio_json_start(const char *text, size_t len)
{
	return memchr(text, '{', len);
}

/* Lines before start: what a line number counted from start is off by. */
static int
fio_lines(const char *text, const char *start)
{
	int n = 0;

	for (const char *c = text; c < start; c++)
		n += *c == '\n';
	return n;
}

/* What a fio filename is here: "block" or "file" when it exists, else
 * guessed from its name (the run may have been on another machine). */
static const char *
fio_target_kind(const char *fname)
{
	struct stat st;

	if (stat(fname, &st) == 0)
		return S_ISBLK(st.st_mode) ? "block" : "file";
	return strncmp(fname, "/dev/", 5) == 0 && strncmp(fname, "/dev/shm/", 9) != 0 ? "block"
										       : "file";
}

/* The provenance of an imported file: fio's version and time, the target,
 * the host (the client_stats hosts, else this one). */
static int
fio_read_prov(const struct fio_in *in, json_t *root, json_t *jobs, struct results_run *run)
{
	struct results_prov *p = &run->prov;
	const char	    *ver, *fname = NULL;
	double		     ts = 0, longest = 0;
	char		     wbuf[FIO_PATH_MAX];
	int		     rc;

	if ((rc = fio_str(in, root, "", "fio version", &ver)) < 0)
		return rc;
	if (ver == NULL)
		return fio_bad(in, "", "fio version", NULL, "a string");
	if (json_object_get(root, "timestamp") &&
	    (rc = fio_num_max(in, root, "", "timestamp", FIO_TIME_MAX, &ts)) < 0)
		return rc;
	results_prov_host(p);
	/* fio's output does not say which kernel or CPU ran it */
	p->kernel[0] = p->cpu_model[0] = '\0';
	p->ncpus = 0;
	dd_strlcpy(p->source, "import", sizeof p->source);
	dd_strlcpy(p->version, ver, sizeof p->version);
	dd_strlcpy(p->state, "imported", sizeof p->state);
	dd_strlcpy(p->plan_name, "fio", sizeof p->plan_name);
	for (size_t i = 0; i < run->n; i++)
		longest = fmax(longest, run->pts[i].r->elapsed_s + run->pts[i].r->point.ramp_s);
	/* fio stamps its report when the jobs have ended; a client, when it
	 * starts them */
	if (json_object_get(root, "client_stats") != NULL)
		ts += ceil(longest);
	results_prov_time(p, false, (int64_t)ts);
	results_prov_time(p, true, (int64_t)fmax(0, ts - ceil(longest)));
	if ((rc = fio_opt(in, json_object_get(json_array_get(jobs, 0), "job options"),
			  "jobs[0].\"job options\"", "filename", &fname, wbuf, sizeof wbuf)) < 0)
		return rc;
	if (fname != NULL) {
		dd_strlcpy(p->target_path, fname, sizeof p->target_path);
		dd_strlcpy(p->target_kind, fio_target_kind(fname), sizeof p->target_kind);
	}
	return 0;
}

/* The first disk_util entry's name ("zram1") as the run's device. */
static int
fio_read_disk(const struct fio_in *in, json_t *root, struct results_prov *p)
{
	json_t	   *du = json_object_get(root, "disk_util"), *d0;
	const char *name;
	int	    rc;

	if (du == NULL)
		return 0;
	if (!json_is_array(du))
		return fio_bad(in, "", "disk_util", du, "an array");
	if ((d0 = json_array_get(du, 0)) == NULL)
		return 0;
	if (!json_is_object(d0))
		return fio_bad(in, "", "disk_util[0]", d0, "an object");
	if ((rc = fio_str(in, d0, "disk_util[0]", "name", &name)) < 0)
		return rc;
	dd_strlcpy(p->device, name ? name : "", sizeof p->device);
	return 0;
}

/* The hosts of a client/server run: "a", or "a, b" (in order, once each). */
static void
fio_run_hosts(struct results_run *run)
{
	char   hosts[sizeof run->prov.host] = "";
	size_t o = 0;

	for (size_t i = 0; i < run->n; i++) {
		const char *h = run->pts[i].host;
		bool	    seen = false;

		for (size_t j = 0; j < i && !seen; j++)
			seen = strcmp(run->pts[j].host, h) == 0;
		if (h[0] == '\0' || seen || o >= sizeof hosts)
			continue;
		o += (size_t)snprintf(hosts + o, sizeof hosts - o, "%s%s", o ? ", " : "", h);
	}
	if (hosts[0])
		dd_strlcpy(run->prov.host, hosts, sizeof run->prov.host);
}

/* The jobs of a document: "jobs", or client/server "client_stats" less fio's
 * "All clients" sum (it repeats the hosts' own entries). */
static int
fio_read_jobs(const struct fio_in *in, json_t *root, struct results_run *run, json_t **jobsp)
{
	const char *arr = "jobs";
	json_t	   *jobs = json_object_get(root, "jobs"), *job, *counts;
	size_t	    i;
	int	    rc = 0;

	if (jobs == NULL && json_object_get(root, "client_stats") != NULL)
		jobs = json_object_get(root, arr = "client_stats");
	if (jobs == NULL)
		return dd_error_set(in->err, -EINVAL,
				    "%s: jobs is missing: not fio --output-format=json output",
				    in->file);
	if (!json_is_array(jobs))
		return fio_bad(in, "", arr, jobs, "an array");
	if (json_array_size(jobs) > CLI_FIO_JOBS_MAX)
		return dd_error_set(in->err, -E2BIG, "%s: %s holds %zu jobs; import reads at most "
				    "%d (as many as fio runs at once)", in->file, arr,
				    json_array_size(jobs), CLI_FIO_JOBS_MAX);
	if ((counts = fio_clone_counts(jobs)) == NULL)
		return dd_error_set(in->err, -ENOMEM, "%s: out of memory", in->file);
	json_array_foreach(jobs, i, job) {
		const char *jn = json_string_value(json_object_get(job, "jobname"));

		if (arr[0] == 'c' && jn && strcmp(jn, "All clients") == 0)
			continue;
		if ((rc = fio_read_job(in, jobs, counts, arr, i, run)) < 0)
			break;
	}
	json_decref(counts);
	if (rc < 0)
		return rc;
	if (run->n == 0)
		return dd_error_set(in->err, -EINVAL, "%s: %s is empty: fio reported no job",
				    in->file, arr);
	*jobsp = jobs;
	return 0;
}

/* Parse fio JSON text into a run. */
int
cli_fio_parse(const char *file, const char *text, size_t len, struct results_run *out,
	      struct dd_error *err)
{
	struct fio_in in = { .file = file, .err = err };
	const char   *start = fio_json_start(text, len);
	json_error_t  jerr;
	json_t	     *root, *jobs = NULL;
	int	      rc;

	memset(out, 0, sizeof *out);
	if (start == NULL)
		return dd_error_set(err, -EINVAL, "%s: %s", file,
				    len ? "no JSON object in it: not fio --output-format=json output"
					: "the file is empty");
	/* fio may print more text after the document: stop at its end */
	root = json_loadb(start, len - (size_t)(start - text), JSON_DISABLE_EOF_CHECK, &jerr);
	if (root == NULL)
		return dd_error_set(err, -EINVAL, "%s: not valid JSON at line %d: %s", file,
				    jerr.line + fio_lines(text, start), jerr.text);
	if ((rc = fio_obj(&in, root, "", "global options", false, &in.global)) == 0 &&
	    (rc = fio_read_jobs(&in, root, out, &jobs)) == 0 &&
	    (rc = fio_read_prov(&in, root, jobs, out)) == 0)
		rc = fio_read_disk(&in, root, &out->prov);
	json_decref(root);
	if (rc < 0) {
		results_run_free(out);
		memset(out, 0, sizeof *out);
		return rc;
	}
	fio_run_hosts(out);
	return 0;
}

/* A figure as a JSON integer, rounded: 0 for NAN or infinity, and never
 * past FIO_NUM_MAX (a cast of a larger double is undefined, and import
 * refuses larger numbers). */
static json_t *
fio_int(double v)
{
	if (!isfinite(v))
		return json_integer(0);
	return json_integer((json_int_t)llround(fmax(-FIO_NUM_MAX, fmin(v, FIO_NUM_MAX))));
}

/* A number of ns from µs, as fio's integers (fio_int). */
static json_t *
fio_ns(double us)
{
	return fio_int(us * 1e3);
}

/* A latency summary as fio's clat_ns/lat_ns object, with json+ bins of h
 * (NULL: none). */
static json_t *
fio_write_latency(const struct dd_latency *l, const struct histogram *h)
{
	json_t *o = json_object(), *pct;
	char	key[32];

	json_object_set_new(o, "min", fio_ns(l->min_us));
	json_object_set_new(o, "max", fio_ns(l->max_us));
	json_object_set_new(o, "mean", json_real(l->n && isfinite(l->mean_us) ? l->mean_us * 1e3 : 0));
	json_object_set_new(o, "stddev",
			    json_real(l->n && isfinite(l->stdev_us) ? l->stdev_us * 1e3 : 0));
	json_object_set_new(o, "N", cli_ju64(l->n));
	if (l->n == 0)
		return o;
	pct = json_object();
	for (int i = 0; i < HIST_NPCTS; i++)
		if (isfinite(l->pct_us[i])) {
			snprintf(key, sizeof key, "%f", hist_default_pcts[i]);
			json_object_set_new(pct, key, fio_ns(l->pct_us[i]));
		}
	json_object_set_new(o, "percentile", pct);
	if (h != NULL)
		json_object_set_new(o, "bins", cli_json_histogram(h));
	return o;
}

/* fio's interval statistics of one direction (bw_* in KiB/s, iops_*) from
 * the live intervals, read or write share. */
static void
fio_write_samples(json_t *d, const struct dd_result *r, bool reads)
{
	double n = 0, sum = 0, sq = 0, min = 0, max = 0, mean, sd, kib = r->point.bs / 1024.0;

	for (size_t i = 0; i < r->nintervals; i++) {
		double v = reads ? r->intervals[i].read_iops : r->intervals[i].write_iops;

		if (!isfinite(v))
			continue;
		min = n ? fmin(min, v) : v;
		max = n ? fmax(max, v) : v;
		n++, sum += v, sq += v * v;
	}
	mean = n ? sum / n : 0;
	sd = n > 1 ? sqrt(fmax(0, (sq - n * mean * mean) / (n - 1))) : 0;

	json_object_set_new(d, "bw_min", fio_int(min * kib));
	json_object_set_new(d, "bw_max", fio_int(max * kib));
	json_object_set_new(d, "bw_agg", json_real(n ? 100.0 : 0));
	json_object_set_new(d, "bw_mean", json_real(mean * kib));
	json_object_set_new(d, "bw_dev", json_real(sd * kib));
	json_object_set_new(d, "bw_samples", json_integer((json_int_t)n));
	json_object_set_new(d, "iops_min", fio_int(min));
	json_object_set_new(d, "iops_max", fio_int(max));
	json_object_set_new(d, "iops_mean", json_real(mean));
	json_object_set_new(d, "iops_stddev", json_real(sd));
	json_object_set_new(d, "iops_samples", json_integer((json_int_t)n));
}

/* One direction of a point as fio's "read"/"write" object.  drivedash
 * measures submission to completion: clat_ns and lat_ns both carry it, and
 * slat_ns is empty.  Bins go with a direction that did all of the point's
 * I/O (the histogram of the whole point), and for a mix each direction's
 * own (read_hist, write_hist) when it has them. */
static json_t *
fio_write_dir(const struct results_point *pt, bool reads)
{
	const struct dd_result	*r = pt->r;
	const struct dd_latency *l = reads ? &r->read_lat : &r->write_lat;
	uint64_t		 ios = reads ? r->read_ios : r->write_ios;
	uint64_t		 bytes = reads ? r->read_bytes : r->write_bytes;
	double			 share = r->ios ? (double)ios / (double)r->ios : 0;
	double			 bshare = r->bytes ? (double)bytes / (double)r->bytes : 0;
	double			 bw = isfinite(r->mbps) ? r->mbps * 1e6 * bshare : 0;
	const struct histogram	*dh = reads ? &r->read_hist : &r->write_hist;
	const struct histogram	*h = !pt->has_bins ? NULL : ios == r->ios ? &r->hist
				     : hist_count(dh) > 0 ? dh : NULL;
	json_t			*d = json_object();
	struct dd_latency	 none = { 0 };

	json_object_set_new(d, "io_bytes", cli_ju64(bytes));
	json_object_set_new(d, "io_kbytes", cli_ju64(bytes >> 10));
	json_object_set_new(d, "bw_bytes", fio_int(bw));
	json_object_set_new(d, "bw", fio_int(bw / 1024));
	json_object_set_new(d, "iops", json_real(isfinite(r->iops) ? r->iops * share : 0));
	json_object_set_new(d, "runtime",
			    ios ? fio_int(r->elapsed_s * 1e3) : json_integer(0));
	json_object_set_new(d, "total_ios", cli_ju64(ios));
	json_object_set_new(d, "short_ios", json_integer(0));
	json_object_set_new(d, "drop_ios", json_integer(0));
	json_object_set_new(d, "slat_ns", fio_write_latency(&none, NULL));
	json_object_set_new(d, "clat_ns", fio_write_latency(l, ios ? h : NULL));
	json_object_set_new(d, "lat_ns", fio_write_latency(l, ios ? h : NULL));
	fio_write_samples(d, r, reads);
	return d;
}

/* An empty direction (trim) as fio writes it. */
static json_t *
fio_write_none(void)
{
	struct results_point pt = { 0 };
	struct dd_result    *r = calloc(1, sizeof *r);
	json_t		    *d;

	if (r == NULL)
		return NULL;
	pt.r = r;
	d = fio_write_dir(&pt, true);
	free(r);
	return d;
}

/* A paced point's rate as fio's per-job rate_iops ("N"; a mix "R,W", each
 * direction's share), and the point's kind, profile, group, pass, seq,
 * rate_pct and region_pct as drivedash_* options: fio never reads its JSON
 * output back, the importer does (cli_fio_parse), so a curve stays a curve. */
static void
fio_write_pacing(json_t *o, const struct dd_point *p)
{
	char v[64];
	bool mix = dd_pattern_mixed(p->pattern);
	double per = p->numjobs ? p->rate_iops / p->numjobs : p->rate_iops;

	if (p->rate_iops > 0 && mix)
		snprintf(v, sizeof v, "%.6g,%.6g", per * p->read_pct / 100.0,
			 per * (100 - p->read_pct) / 100.0);
	else
		snprintf(v, sizeof v, "%.6g", per);
	if (p->rate_iops > 0)
		json_object_set_new(o, "rate_iops", json_string(v));
	if (p->kind == DD_KIND_POINT)
		return;
	json_object_set_new(o, "drivedash_kind", json_string(dd_kind_name(p->kind)));
	if (p->profile[0])
		json_object_set_new(o, "drivedash_profile", json_string(p->profile));
#define FIO_OPT_N(key, val) \
	(snprintf(v, sizeof v, "%.10g", (double)(val)), json_object_set_new(o, key, json_string(v)))
	FIO_OPT_N("drivedash_group", p->group);
	FIO_OPT_N("drivedash_pass", p->pass);
	FIO_OPT_N("drivedash_seq", p->seq);
	if (p->rate_pct > 0)
		FIO_OPT_N("drivedash_rate_pct", p->rate_pct);
	if (p->region_pct > 0)
		FIO_OPT_N("drivedash_region_pct", p->region_pct);
#undef FIO_OPT_N
}

/* A time in seconds as a fio option ("0.5s", "3600s"): fixed point, never
 * an exponent ("1e+07s" reads back in no fio and no parser of ours). */
static const char *
fio_seconds(double s, char *buf, size_t len)
{
	char *end;

	snprintf(buf, len, "%.6f", s);
	end = buf + strlen(buf);
	while (end > buf && end[-1] == '0')
		*--end = '\0';
	if (end > buf && end[-1] == '.')
		*--end = '\0';
	if ((size_t)(end - buf) + 2 <= len)
		strcpy(end, "s");
	return buf;
}

/* A point's options as fio's "job options" (strings, as fio writes them). */
static json_t *
fio_write_options(const struct results_point *pt)
{
	const struct dd_point *p = &pt->r->point;
	json_t		      *o = json_object();
	char		       v[64];

	json_object_set_new(o, "name", json_string(p->name));
	json_object_set_new(o, "rw", json_string(dd_pattern_name(p->pattern)));
	if (dd_pattern_mixed(p->pattern)) {
		snprintf(v, sizeof v, "%u", p->read_pct);
		json_object_set_new(o, "rwmixread", json_string(v));
	}
#define FIO_OPT_U(key, fmt, val) \
	(snprintf(v, sizeof v, fmt, val), json_object_set_new(o, key, json_string(v)))
	FIO_OPT_U("bs", "%u", p->bs);
	FIO_OPT_U("iodepth", "%u", p->iodepth);
	FIO_OPT_U("numjobs", "%u", p->numjobs);
	if (p->runtime_s > 0 && p->bytes == 0) {
		json_object_set_new(o, "runtime", json_string(fio_seconds(p->runtime_s, v,
									    sizeof v)));
		json_object_set_new(o, "time_based", json_string("1"));
	}
	if (p->ramp_s > 0)
		json_object_set_new(o, "ramp_time", json_string(fio_seconds(p->ramp_s, v, sizeof v)));
	if (p->size > 0)
		FIO_OPT_U("size", "%llu", (unsigned long long)p->size);
	if (p->offset > 0)
		FIO_OPT_U("offset", "%llu", (unsigned long long)p->offset);
	if (p->bytes > 0)
		FIO_OPT_U("io_size", "%llu", (unsigned long long)p->bytes);
	if (p->end_fsync)
		json_object_set_new(o, "end_fsync", json_string("1"));
#undef FIO_OPT_U
	fio_write_pacing(o, p);
	return o;
}

/* fio's latency distribution: the share (%) of I/Os below each bound, per
 * unit (latency_ns, latency_us, latency_ms), from the point's bins.  A
 * bucket's midpoint stands for its values, as in fio's percentiles. */
static void
fio_write_lat_dist(json_t *j, const struct histogram *h)
{
	static const char *const keys[] = { "2", "4", "10", "20", "50", "100", "250", "500",
					     "750", "1000", "2000", ">=2000" };
	static const double bounds[] = { 2, 4, 10, 20, 50, 100, 250, 500, 750, 1000, 2000 };
	static const char *const units[] = { "latency_ns", "latency_us", "latency_ms" };
	double share[3][12] = { { 0 } }, total = (double)hist_count(h);

	for (unsigned i = 0; i < HIST_NR && total > 0; i++) {
		double v = hist_bucket_value(i);
		int    u = v < 1e3 ? 0 : v < 1e6 ? 1 : 2, k = 0;

		if (!h->bins[i])
			continue;
		v /= u == 0 ? 1 : u == 1 ? 1e3 : 1e6;
		while (k < (u == 2 ? 11 : 10) && v >= bounds[k])
			k++;
		share[u][k] += 100.0 * (double)h->bins[i] / total;
	}
	for (int u = 0; u < 3; u++) {
		json_t *o = json_object();

		for (int k = 0; k < (u == 2 ? 12 : 10); k++)
			json_object_set_new(o, keys[k], json_real(share[u][k]));
		json_object_set_new(j, units[u], o);
	}
}

/* Point i of a run as an entry of fio's "jobs". */
static json_t *
fio_write_job(const struct results_point *pt, size_t i)
{
	const struct dd_result *r = pt->r;
	json_t		       *j = json_object();
	double			ms = isfinite(r->elapsed_s) ? r->elapsed_s * 1e3 : 0;
	double			usr = isfinite(r->cpu_user_s) ? r->cpu_user_s : 0;
	double			sys = isfinite(r->cpu_sys_s) ? r->cpu_sys_s : 0;

	json_object_set_new(j, "jobname", json_string(r->point.name));
	/* points run one after another: fio's stonewalled groups, one each */
	json_object_set_new(j, "groupid", json_integer((json_int_t)i));
	json_object_set_new(j, "error", json_integer(r->status < 0 ? -r->status : 0));
	json_object_set_new(j, "eta", json_integer(0));
	json_object_set_new(j, "elapsed", fio_int(ceil(r->elapsed_s + r->point.ramp_s)));
	if (pt->host[0])
		json_object_set_new(j, "hostname", json_string(pt->host));
	json_object_set_new(j, "job options", fio_write_options(pt));
	json_object_set_new(j, "read", fio_write_dir(pt, true));
	json_object_set_new(j, "write", fio_write_dir(pt, false));
	json_object_set_new(j, "trim", fio_write_none());
	json_object_set_new(j, "job_runtime", fio_int(ms));
	json_object_set_new(j, "usr_cpu", json_real(ms > 0 ? usr * 1e5 / ms : 0));
	json_object_set_new(j, "sys_cpu", json_real(ms > 0 ? sys * 1e5 / ms : 0));
	json_object_set_new(j, "ctx", json_integer(0));
	json_object_set_new(j, "majf", json_integer(0));
	json_object_set_new(j, "minf", json_integer(0));
	if (pt->has_bins)
		fio_write_lat_dist(j, &r->hist);
	return j;
}

/* The run-wide options every job shares, as fio's "global options". */
static json_t *
fio_write_global(const struct results_prov *p)
{
	json_t *g = json_object();

	if (p->target_path[0])
		json_object_set_new(g, "filename", json_string(p->target_path));
	if (strcmp(p->source, "import") != 0) {
		json_object_set_new(g, "ioengine", json_string("io_uring"));
		json_object_set_new(g, "direct", json_string("1"));
	}
	return g;
}

/* fio's "time": ctime's English day and month names whatever LC_TIME says
 * (fio's own output is C locale; "Mi Dez" is not what a reader expects). */
static void
fio_ctime(const struct tm *tm, char *buf, size_t len)
{
	locale_t c = newlocale(LC_TIME_MASK, "C", (locale_t)0);

	if (c == (locale_t)0)
		return;
	strftime_l(buf, len, "%a %b %e %H:%M:%S %Y", tm, c);
	freelocale(c);
}

/* fio's JSON document for a run. */
json_t *
cli_fio_export(const struct results_run *run)
{
	const struct results_prov *p = &run->prov;
	time_t			   t = (time_t)(p->end_unix ? p->end_unix : p->start_unix);
	json_t			  *root = json_object(), *jobs = json_array(), *du;
	char			   when[64] = "";
	struct tm		   tm;

	if (localtime_r(&t, &tm) != NULL)
		fio_ctime(&tm, when, sizeof when);
	json_object_set_new(root, "fio version", json_string(p->version));
	/* A time import would refuse (a damaged or crafted store's; t * 1000
	 * could overflow) is left out: fio's readers take none as unknown. */
	if (t >= 0 && t <= FIO_TIME_MAX) {
		json_object_set_new(root, "timestamp", json_integer((json_int_t)t));
		json_object_set_new(root, "timestamp_ms", json_integer((json_int_t)t * 1000));
		json_object_set_new(root, "time", json_string(when));
	}
	json_object_set_new(root, "global options", fio_write_global(p));
	for (size_t i = 0; i < run->n; i++)
		json_array_append_new(jobs, fio_write_job(&run->pts[i], i));
	json_object_set_new(root, "jobs", jobs);
	if (p->device[0]) {
		du = json_array();
		json_array_append_new(du, json_pack("{s:s}", "name", p->device));
		json_object_set_new(root, "disk_util", du);
	}
	return root;
}
