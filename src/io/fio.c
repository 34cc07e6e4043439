/*
 * The fio client/server backend (fio.h): one point at a time runs as
 * `fio --client=HOST,PORT JOBFILE` in a subprocess whose output this file
 * reads, line by line, into live intervals and a final result.
 *
 * Data model.  An open target's backend_data is a struct fio_target: the
 * parsed address (struct dd_fio_addr), the class the jobs are written for,
 * and, under its lock, what the last run learnt of the server (struct
 * dd_fio_identity) and the pid of the client running now (for cancel).  A
 * run is a struct fio_run on the caller's stack: the child's pid and pipe,
 * a line buffer, the deadlines and what the lines said so far (greeting
 * seen, ETA times, the first failure message fio printed, the terse line).
 * Nothing is shared between runs but the process-wide struct dd_fio_config.
 *
 * What fio 3.33's client prints, as observed on loopback (one process per
 * host, --output-format=normal,terse: normal output is what carries the
 * server's greeting, terse the figures):
 *   hostname=vm, be=0, 64-bit, os=Linux, arch=x86-64, fio=fio-3.33, flags=1
 *   p: (g=0): rw=randread, bs=(R) 4096B-4096B, ...        job echo (ignored)
 *   Jobs: 1 (f=0)\rJobs: 1 (f=1): [r(1)][42.9%][r=130M][r=32.5k IOPS][eta 00m:04s]\r\n
 *   Jobs: 0 (f=0)\r3;fio-3.33;p;0;0;711852;...       terse v3, glued after '\r'
 *   p: (groupid=0, jobs=1): err= 0: ...             normal report (ignored)
 *   ;vda;178766;88083;...                          disk_util, its own line
 * Lines may carry a "<host> " prefix; '\r' and '\n' both end a line.  The
 * ETA rate is KiB/s through fio's num2str with base 1024 and, as the client
 * sums its hosts' ETA into a zeroed struct, SI prefixes ("5413M" = 5413 x
 * 1000 KiB/s); "Ki"/"Mi" prefixes (kb_base honoured) are read too.
 *
 * Failures, with the client's own words (fio 3.33, tried on loopback):
 *   nothing listens    "fio: connect: Connection refused" and "fio: failed
 *                      to connect to H:P", exit 1           -> -ECONNREFUSED
 *   garbage peer       "fio: server bad crc on command (got X, wanted Y)",
 *                      "client: host=H disconnected", exit 1 -> -EPROTO
 *   other protocol     "fio: bad server cmd version 96", "fio: client/server
 *                      version mismatch (96 != 97)", exit 1 -> -EPROTO
 *   closed at once     no output at all, exit 1             -> -ECONNRESET
 *   silent peer        mostly no output, ever; the client ignores SIGTERM
 *                      and SIGINT while it waits (SIGKILL ends it)
 *                      -> -ETIMEDOUT after connect_timeout_s.  Sometimes
 *                      (seen on a loaded host) fio's own 5 s command
 *                      timeout fires first: "fio: client H, timeout on cmd
 *                      PROBE", "fio: client H timed out", exit 1
 *                      -> -ETIMEDOUT as well
 *   server killed      "Jobs: 0 (f=0)" lines from the client alone, then
 *                      "client <H>: timeout on SEND_ETA" and "client:
 *                      host=H disconnected", no terse line  -> -ECONNRESET
 *   job error          "fio: pid=0, err=22/file:..., error=Invalid argument",
 *                      a terse line with error 22            -> -EIO
 *   unknown host       "fio: failed to resolve <H> (Name or service not
 *                      known)", exit 1                       -> -EHOSTUNREACH
 *                      (as "fio: connect: No route to host"; state "failed")
 * So a stall is "no line but bare zero-job ETA lines for stall_timeout_s":
 * the client keeps printing "Jobs: 0 (f=0)" for a dead server (lost; with
 * the default 15 s the client's own "timeout on SEND_ETA" and "disconnected"
 * come first, also lost), and a time-based point that outlives its ramp,
 * runtime and both allowances is a timeout (a hung drive's server goes on
 * answering with figure-less ETA lines).
 */
#include "config.h"

#include <arpa/inet.h>
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <math.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "backend.h"
#include "fio.h"
#include "fiojob.h"
#include "figures.h"
#include "lib/clock.h"
#include "lib/figure.h"

extern char **environ;

#define FIO_TERSE_FIELDS 121	/* v3 up to the ms latency buckets */
#define FIO_TERSE_MIN	 92	/* through the CPU fields: all this file reads */
#define FIO_DIR_FIELDS	 41	/* one direction's block */
#define FIO_PCT_SLOTS	 20	/* fio's FIO_IO_U_LIST_MAX_LEN */
#define FIO_LINE_MAX	 16384

/* The open target's state (t->backend_data). */
struct fio_target {
	struct dd_fio_addr     addr;
	enum dd_target_class   tclass;
	pthread_mutex_t	       lock;		/* guards id, have_id and pid */
	struct dd_fio_identity id;
	bool		       have_id;
	pid_t		       pid;		/* the running client, 0 none */
};

/* One run of the client. */
struct fio_run {
	const struct dd_target	    *t;
	struct fio_target	    *ft;
	const struct dd_point	    *p;
	const struct dd_engine_hooks *hooks;
	struct dd_result	    *res;
	pid_t	 pid;
	int	 fd;			/* stdout + stderr of the client */
	char	 buf[FIO_LINE_MAX];
	size_t	 len;
	double	 t_start, t_output;	/* spawn, last live output */
	double	 t_first_eta;		/* first ETA line with figures; 0 none */
	double	 t_prev_iv;		/* the previous interval's end (s since measure) */
	double	 t_stop;		/* SIGINT sent (cancel or deadline); 0 no */
	bool	 killed;		/* SIGKILL sent */
	double	 t_hello;		/* the greeting (or first live ETA line) */
	bool	 hello, cancelled, disconnected, terse_ok;
	bool	 zero_only;		/* since the last live output, only "Jobs: 0" */
	int	 verdict;		/* a failure the lines or a deadline decided */
	char	 why[384];		/* its sentence */
	char	 fio_err[256];		/* the first "fio: ..." error line */
	char	 job_err[256];		/* the job's "err=N" line */
	char	 terse_err[256];	/* why the terse line did not parse */
	int	 job_errno;		/* the terse error field */
	struct dd_fio_identity id;
};

static struct dd_fio_config fio_cfg;	/* process-wide: dd_fio_configure */

/* Set the process-wide settings. */
void
dd_fio_configure(const struct dd_fio_config *c)
{
	fio_cfg = *c;
}

/* A setting, or its default when 0. */
static double
fio_setting(double v, double dflt)
{
	return v > 0 ? v : dflt;
}

/* ---- names and addresses ---- */

/* The state name of a run's status. */
const char *
dd_fio_state_name(int status)
{
	switch (status) {
	case 0:
		return "ok";
	case -ENOENT:
		return "no fio";
	case -ECONNREFUSED:
		return "refused";
	case -ETIMEDOUT:
		return "timeout";
	case -ECONNRESET:
		return "lost";
	case -EPROTO:
		return "protocol";
	case -EBADMSG:
		return "bad output";
	}
	return "failed";
}

/* The port in [s, e): 1..65535, digits only. */
static int
fio_parse_port(const char *url, const char *s, const char *e, unsigned *out,
	       struct dd_error *err)
{
	unsigned long v = 0;

	for (const char *c = s; c < e; c++) {
		if (!isdigit((unsigned char)*c) || (v = v * 10 + (unsigned)(*c - '0')) > 65535)
			break;
		if (c + 1 == e && v >= 1) {
			*out = (unsigned)v;
			return 0;
		}
	}
	return dd_error_set(err, -EINVAL, "%s: the port must be a number from 1 to 65535", url);
}

/* Split "HOST[:PORT]" (HOST possibly "[v6]") of a URL, [s, e), into out. */
static int
fio_parse_authority(const char *url, const char *s, const char *e, struct dd_fio_addr *out,
		    struct dd_error *err)
{
	const char *port = NULL, *hend = e;

	if (s < e && s[0] == '[') {
		if ((hend = memchr(s, ']', (size_t)(e - s))) == NULL)
			return dd_error_set(err, -EINVAL, "%s: '[' without ']' around the IPv6 address",
					    url);
		if (hend + 1 < e && hend[1] != ':')
			return dd_error_set(err, -EINVAL, "%s: junk after the IPv6 address", url);
		port = hend + 1 < e ? hend + 1 : NULL;
		out->ipv6 = true;
		s++;
	} else if ((port = memchr(s, ':', (size_t)(e - s))) != NULL) {
		hend = port;
	}
	if (hend == s || (size_t)(hend - s) >= sizeof out->host)
		return dd_error_set(err, -EINVAL, "%s: no host name, or a too long one", url);
	memcpy(out->host, s, (size_t)(hend - s));
	out->host[hend - s] = '\0';
	if (strpbrk(out->host, out->ipv6 ? "[]/,; \t" : ":[]/,; \t") != NULL)
		return dd_error_set(err, -EINVAL, "%s: '%s' is not a host name or address", url,
				    out->host);
	out->port = DD_FIO_DEFAULT_PORT;
	return port != NULL ? fio_parse_port(url, port + 1, e, &out->port, err) : 0;
}

/* Split a fio:// URL. */
int
dd_fio_parse_url(const char *url, struct dd_fio_addr *out, struct dd_error *err)
{
	struct dd_fio_addr a = { 0 };
	const char	  *s, *slash;
	int		   rc;

	if (url == NULL || strncmp(url, "fio://", 6) != 0)
		return dd_error_set(err, -EINVAL, "%s: a fio target is fio://HOST[:PORT]/PATH",
				    url != NULL ? url : "(null)");
	s = url + 6;
	slash = strchr(s, '/');
	if (slash == NULL)
		return dd_error_set(err, -EINVAL, "%s: no path on the host (fio://HOST[:PORT]/PATH, "
				    "the path absolute)", url);
	if ((rc = fio_parse_authority(url, s, slash, &a, err)) < 0)
		return rc;
	if (slash[1] == '\0' || strlen(slash) >= sizeof a.path)
		return dd_error_set(err, -EINVAL, "%s: no path on the host, or a too long one", url);
	for (const char *c = slash; *c != '\0'; c++)
		if (iscntrl((unsigned char)*c))
			return dd_error_set(err, -EINVAL, "%s: the path holds a control character", url);
	dd_strlcpy(a.path, slash, sizeof a.path);
	snprintf(a.client, sizeof a.client, "%s%s,%u", a.ipv6 ? "ip6:" : "", a.host, a.port);
	*out = a;
	return 0;
}

/* ---- the ETA line ---- */

/* A number as fio's num2str writes it ("5413", "12.3", then a prefix
 * k/M/G/T/P/E, "i" when binary); *idx the prefix's power, *bin its "i". */
static const char *
fio_parse_num(const char *s, double *v, int *idx, bool *bin)
{
	static const char prefixes[] = "kMGTPE";
	const char *p;
	char	   *end;

	if (!isdigit((unsigned char)*s))
		return NULL;
	*v = strtod(s, &end);
	*idx = 0;
	*bin = false;
	if (*end != '\0' && (p = strchr(prefixes, *end)) != NULL) {
		*idx = (int)(p - prefixes) + 1;
		end++;
		if (*end == 'i') {
			*bin = true;
			end++;
		}
	}
	return end;
}

/* One direction's rate ("r=5413M", KiB/s through num2str with base 1024)
 * in bytes/s, or its IOPS ("r=1353k"); the direction's index in *dir. */
static const char *
fio_parse_dir_figure(const char *s, bool rate, int *dir, double *out)
{
	static const char dirs[] = "rwt";
	const char *p;
	double	    v;
	int	    idx;
	bool	    bin;

	if (*s == '\0' || (p = strchr(dirs, *s)) == NULL || s[1] != '=')
		return NULL;
	*dir = (int)(p - dirs);
	if ((s = fio_parse_num(s + 2, &v, &idx, &bin)) == NULL)
		return NULL;
	if (!rate) {
		*out = v * pow(1000, idx);
		return s;
	}
	if (strncmp(s, "B/s", 3) == 0) {
		s += 3;
	} else if (strncmp(s, "bit/s", 5) == 0) {
		s += 5;
		v /= 8;
	}
	/* num2str started at the 'k' power (base 1024 = one KiB). */
	*out = bin ? v * pow(1024, idx) : v * 1024 * pow(1000, idx > 0 ? idx - 1 : 0);
	return s;
}

/* A "[r=..,w=..]" or "[r=..,w=.. IOPS]" block into per-direction figures. */
static const char *
fio_parse_dir_block(const char *s, bool rate, double out[3])
{
	int dir;

	if (*s++ != '[')
		return NULL;
	for (;;) {
		double v;

		if ((s = fio_parse_dir_figure(s, rate, &dir, &v)) == NULL)
			return NULL;
		out[dir] = v;
		if (*s != ',')
			break;
		s++;
	}
	if (!rate && strncmp(s, " IOPS", 5) == 0)
		s += 5;
	else if (!rate)
		return NULL;
	return *s == ']' ? s + 1 : NULL;
}

/* The "[run][pct%]" part after "Jobs: N (f=M)...: ". */
static const char *
fio_parse_eta_progress(const char *s, double *progress)
{
	char *end;

	if (*s != '[' || (s = strchr(s, ']')) == NULL || s[1] != '[')
		return NULL;
	s += 2;
	if (strncmp(s, "-.-%]", 5) == 0) {
		*progress = -1;
		return s + 5;
	}
	*progress = strtod(s, &end) / 100;
	if (end == s || strncmp(end, "%]", 2) != 0 || !(*progress >= 0 && *progress <= 1.0005))
		return NULL;
	if (*progress > 1)
		*progress = 1;
	return end + 2;
}

/* One ETA line into an interval. */
int
dd_fio_parse_eta(const char *line, struct dd_interval *iv, double *progress)
{
	const char *s = NULL, *q = line;
	double	    rate[3] = { 0 }, iops[3] = { 0 };
	unsigned    jobs, files;

	while ((q = strstr(q, "Jobs: ")) != NULL)	/* the last one: glued prefixes */
		s = q++;
	if (s == NULL)
		return 0;
	if (sscanf(s, "Jobs: %u (f=%u)", &jobs, &files) != 2)
		return -EBADMSG;
	if ((s = strstr(s, ": [")) == NULL)
		return 0;		/* "Jobs: 1 (f=1)": no figures this time */
	if ((s = fio_parse_eta_progress(s + 2, progress)) == NULL)
		return -EBADMSG;
	if (strncmp(s, "[eta", 4) != 0 &&
	    ((s = fio_parse_dir_block(s, true, rate)) == NULL ||
	     (s = fio_parse_dir_block(s, false, iops)) == NULL))
		return -EBADMSG;
	if (strncmp(s, "[eta ", 5) != 0 || strchr(s, ']') == NULL)
		return -EBADMSG;
	/* A server's ETA figures are its own word: nothing past a host's. */
	for (int d = 0; d < 3; d++)
		if (!(iops[d] <= FIGURE_IOPS_MAX) || !(rate[d] <= FIGURE_MBPS_MAX * 1e6))
			return -EBADMSG;
	memset(iv, 0, sizeof *iv);
	iv->read_iops = iops[0];
	iv->write_iops = iops[1];
	iv->iops = iops[0] + iops[1] + iops[2];
	iv->mbps = (rate[0] + rate[1] + rate[2]) / 1e6;
	iv->mean_us = iv->p99_us = iv->temp_c = NAN;
	return 1;
}

/* ---- the terse v3 line ---- */

/* A terse line split in place into its fields. */
struct fio_terse {
	char  *f[FIO_TERSE_FIELDS + 8];
	size_t n;
};

/* A whole-number field. */
static int
fio_terse_u64(const struct fio_terse *tl, size_t i, uint64_t *out, struct dd_error *err)
{
	const char *s = tl->f[i];
	char	   *end;

	errno = 0;
	*out = isdigit((unsigned char)*s) ? strtoull(s, &end, 10) : 0;
	if (!isdigit((unsigned char)*s) || *end != '\0' || errno != 0)
		return dd_error_set(err, -EBADMSG, "terse field %zu is '%.40s', not a count", i + 1, s);
	return 0;
}

/* A decimal field, with an optional '%' sign after it. */
static int
fio_terse_double(const struct fio_terse *tl, size_t i, double *out, struct dd_error *err)
{
	const char *s = tl->f[i];
	char	   *end;

	*out = strtod(s, &end);
	if (end == s || (*end != '\0' && strcmp(end, "%") != 0) || !isfinite(*out))
		return dd_error_set(err, -EBADMSG, "terse field %zu is '%.40s', not a number", i + 1, s);
	return 0;
}

/* The percentile fields ("99.000000%=312", usec) at hist_default_pcts. */
static int
fio_terse_pcts(const struct fio_terse *tl, size_t at, struct dd_latency *l, struct dd_error *err)
{
	for (unsigned k = 0; k < HIST_NPCTS; k++) {
		bool found = false;

		for (size_t i = at; i < at + FIO_PCT_SLOTS && !found; i++) {
			char  *eq = strstr(tl->f[i], "%="), *end;
			double pct = strtod(tl->f[i], &end);

			if (eq == NULL || end != eq)
				return dd_error_set(err, -EBADMSG, "terse field %zu is '%.40s', not "
						    "a percentile", i + 1, tl->f[i]);
			if (fabs(pct - hist_default_pcts[k]) < 1e-6) {
				l->pct_us[k] = strtod(eq + 2, &end);
				found = *end == '\0';
			}
		}
		if (!found)
			return dd_error_set(err, -EBADMSG, "the terse line has no %g%% latency "
					    "percentile (percentile_list was changed?)",
					    hist_default_pcts[k]);
	}
	return 0;
}

/* One direction's block (41 fields from at) into counts and latency. */
static int
fio_terse_dir(const struct fio_terse *tl, size_t at, unsigned bs, uint64_t *ios,
	      double *runtime_ms, struct dd_latency *l, struct dd_error *err)
{
	uint64_t kib, lmin, lmax;
	double	 mean, dev;
	int	 rc;

	if ((rc = fio_terse_u64(tl, at, &kib, err)) < 0 ||
	    (rc = fio_terse_double(tl, at + 3, runtime_ms, err)) < 0 ||
	    (rc = fio_terse_u64(tl, at + 32, &lmin, err)) < 0 ||
	    (rc = fio_terse_u64(tl, at + 33, &lmax, err)) < 0 ||
	    (rc = fio_terse_double(tl, at + 34, &mean, err)) < 0 ||
	    (rc = fio_terse_double(tl, at + 35, &dev, err)) < 0)
		return rc;
	/* Terse gives KiB; every I/O of a point is bs bytes. */
	*ios = (uint64_t)llround((double)kib * 1024.0 / bs);
	memset(l, 0, sizeof *l);
	l->n = *ios;
	if (*ios == 0)
		return 0;
	l->min_us = (double)lmin;
	l->max_us = (double)lmax;
	l->mean_us = mean;
	l->stdev_us = dev;
	return fio_terse_pcts(tl, at + 12, l, err);
}

/*
 * Both directions' latency as one: mean by I/O count, the pooled
 * deviation, min and max over both, and for each percentile the larger of
 * the two directions' values.  Terse has no bins, so the mix's own
 * percentile is unknown; it lies between the two directions' values, and
 * the larger is its honest upper bound.
 */
static void
fio_latency_combine(const struct dd_latency *r, const struct dd_latency *w,
		    struct dd_latency *out)
{
	double n, m, var;

	if (r->n == 0 || w->n == 0) {
		*out = r->n != 0 ? *r : *w;
		return;
	}
	n = (double)r->n + (double)w->n;
	m = (r->mean_us * (double)r->n + w->mean_us * (double)w->n) / n;
	var = ((double)r->n * (r->stdev_us * r->stdev_us + (r->mean_us - m) * (r->mean_us - m)) +
	       (double)w->n * (w->stdev_us * w->stdev_us + (w->mean_us - m) * (w->mean_us - m))) / n;
	out->n = r->n + w->n;
	out->mean_us = m;
	out->stdev_us = sqrt(var);
	out->min_us = fmin(r->min_us, w->min_us);
	out->max_us = fmax(r->max_us, w->max_us);
	for (unsigned k = 0; k < HIST_NPCTS; k++)
		out->pct_us[k] = fmax(r->pct_us[k], w->pct_us[k]);
}

/* Split a terse line into fields (in place: line is modified). */
static int
fio_terse_split(char *line, struct fio_terse *tl, struct dd_error *err)
{
	char *s = line;

	tl->n = 0;
	while (tl->n < sizeof tl->f / sizeof tl->f[0]) {
		tl->f[tl->n++] = s;
		if ((s = strchr(s, ';')) == NULL)
			break;
		*s++ = '\0';
	}
	if (strcmp(tl->f[0], "3") != 0)
		return dd_error_set(err, -EBADMSG, "not a terse v3 line (it starts '%.20s')", line);
	if (tl->n < FIO_TERSE_MIN)
		return dd_error_set(err, -EBADMSG, "the terse line is cut short: %zu fields of "
				    "fio's %d", tl->n, FIO_TERSE_FIELDS);
	return 0;
}

/* The figures both directions give the result. */
static void
fio_terse_totals(struct dd_result *r, double rt_ms, double usr, double sys)
{
	unsigned jobs = r->point.numjobs ? r->point.numjobs : 1;

	r->ios = r->read_ios + r->write_ios;
	r->read_bytes = r->read_ios * r->point.bs;
	r->write_bytes = r->write_ios * r->point.bs;
	r->bytes = r->read_bytes + r->write_bytes;
	r->elapsed_s = rt_ms / 1000;
	r->iops = r->elapsed_s > 0 ? (double)r->ios / r->elapsed_s : 0;
	r->mbps = r->elapsed_s > 0 ? (double)r->bytes / r->elapsed_s / 1e6 : 0;
	fio_latency_combine(&r->read_lat, &r->write_lat, &r->lat);
	/* fio's CPU is a share of the jobs' summed runtime (thread mode). */
	r->cpu_user_s = r->proc_user_s = usr / 100 * r->elapsed_s * jobs;
	r->cpu_sys_s = r->proc_sys_s = sys / 100 * r->elapsed_s * jobs;
	r->cpu_us_per_io = r->proc_us_per_io =
		r->ios ? (r->cpu_user_s + r->cpu_sys_s) * 1e6 / (double)r->ios : NAN;
}

/* One terse v3 line into r's figures. */
int
dd_fio_parse_terse(const char *line, struct dd_result *r, struct dd_error *err)
{
	struct fio_terse  tl;
	struct dd_latency rl, wl;
	uint64_t	  rios, wios, jerr;
	double		  rt_r, rt_w, usr, sys;
	char		 *copy;
	int		  rc;

	if (r->point.bs == 0)
		return dd_error_set(err, -EINVAL, "the result holds no point to read fio's figures for");
	if ((copy = strdup(line)) == NULL)
		return dd_error_set(err, -ENOMEM, "out of memory");
	if ((rc = fio_terse_split(copy, &tl, err)) == 0 &&
	    (rc = fio_terse_u64(&tl, 4, &jerr, err)) == 0 &&
	    (rc = fio_terse_dir(&tl, 5, r->point.bs, &rios, &rt_r, &rl, err)) == 0 &&
	    (rc = fio_terse_dir(&tl, 5 + FIO_DIR_FIELDS, r->point.bs, &wios, &rt_w, &wl,
				err)) == 0 &&
	    (rc = fio_terse_double(&tl, 5 + 2 * FIO_DIR_FIELDS, &usr, err)) == 0 &&
	    (rc = fio_terse_double(&tl, 6 + 2 * FIO_DIR_FIELDS, &sys, err)) == 0) {
		r->read_ios = rios;
		r->write_ios = wios;
		r->read_lat = rl;
		r->write_lat = wl;
		fio_terse_totals(r, fmax(rt_r, rt_w), usr, sys);
		r->status = 0;
		if (jerr > 0) {
			r->status = -EIO;
			snprintf(r->message, sizeof r->message, "fio: the job failed: err=%" PRIu64
				 " (%s)", jerr, jerr < 4096 ? strerror((int)jerr) : "?");
		}
	}
	free(copy);
	return rc;
}

/* ---- the job file and the client process ---- */

/* Write the point's job file to a private temporary file; its name in path. */
static int
fio_job_write(const struct fio_run *run, char *path, size_t len, struct dd_error *err)
{
	struct fiojob_target jt = {
		.path = run->ft->addr.path, .size = run->t->size, .tclass = run->ft->tclass,
		.iopoll = false, .ncpus = sysconf(_SC_NPROCESSORS_ONLN),
	};
	const char *dir = getenv("TMPDIR");
	FILE	   *f;
	int	    fd, rc = 0;

	snprintf(path, len, "%s/drivedash-fio-XXXXXX", dir != NULL && *dir == '/' ? dir : "/tmp");
	if ((fd = mkostemp(path, O_CLOEXEC)) < 0)
		return dd_error_set(err, -errno, "cannot create a job file in %s: %s",
				    dir != NULL && *dir == '/' ? dir : "/tmp", strerror(errno));
	if ((f = fdopen(fd, "w")) == NULL) {
		rc = -errno;
		close(fd);
	} else {
		if (fiojob_global(f, &jt) < 0)
			rc = -EINVAL;
		else
			fiojob_point(f, run->p, 0, 1, 1, &jt);
		fprintf(f, "; the percentiles drivedash reports (hist_default_pcts)\npercentile_list=");
		for (unsigned k = 0; k < HIST_NPCTS; k++)
			fprintf(f, "%s%g", k ? ":" : "", hist_default_pcts[k]);
		fprintf(f, "\n");
		if (fclose(f) != 0 && rc == 0)
			rc = -errno;
	}
	if (rc < 0) {
		unlink(path);
		return dd_error_set(err, rc, "cannot write the job file %s: %s", path, strerror(-rc));
	}
	return 0;
}

/* The attributes of the client: default signals, an empty mask and a
 * process group of its own (a terminal's ^C is drivedash's to pass on). */
static void
fio_spawn_attrs(posix_spawnattr_t *a)
{
	sigset_t none, dfl;

	sigemptyset(&none);
	sigemptyset(&dfl);
	sigaddset(&dfl, SIGINT);
	sigaddset(&dfl, SIGTERM);
	sigaddset(&dfl, SIGPIPE);
	sigaddset(&dfl, SIGHUP);
	posix_spawnattr_init(a);
	posix_spawnattr_setsigmask(a, &none);
	posix_spawnattr_setsigdefault(a, &dfl);
	posix_spawnattr_setpgroup(a, 0);
	posix_spawnattr_setflags(a, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF |
				 POSIX_SPAWN_SETPGROUP);
}

/* Our environment with LC_ALL=C in place of the user's LC_ALL: what fio
 * prints is parsed (a decimal comma would shift every figure).  NULL when
 * out of memory; free the array only (the strings are environ's). */
static char **
fio_spawn_env(void)
{
	static char lc_all[] = "LC_ALL=C";
	size_t	    n = 0, k = 0;
	char	  **env;

	while (environ[n] != NULL)
		n++;
	if ((env = calloc(n + 2, sizeof *env)) == NULL)
		return NULL;
	for (size_t i = 0; i < n; i++)
		if (strncmp(environ[i], "LC_ALL=", 7) != 0)
			env[k++] = environ[i];
	env[k] = lc_all;
	return env;
}

/* Start argv[0] with stdin /dev/null and stdout + stderr on a pipe, in the
 * C locale; *fd its read end (non-blocking).  The pid, or a negative
 * errno. */
static pid_t
fio_spawn(char *const argv[], int *fd)
{
	posix_spawn_file_actions_t fa;
	posix_spawnattr_t	   a;
	pid_t			   pid;
	int			   pp[2], rc;
	char			 **env = fio_spawn_env();

	if (env == NULL)
		return -ENOMEM;
	if (pipe2(pp, O_CLOEXEC) < 0) {
		free(env);
		return -errno;
	}
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
	posix_spawn_file_actions_adddup2(&fa, pp[1], 1);
	posix_spawn_file_actions_adddup2(&fa, pp[1], 2);
	fio_spawn_attrs(&a);
	rc = strchr(argv[0], '/') != NULL ? posix_spawn(&pid, argv[0], &fa, &a, argv, env)
					  : posix_spawnp(&pid, argv[0], &fa, &a, argv, env);
	free(env);
	posix_spawn_file_actions_destroy(&fa);
	posix_spawnattr_destroy(&a);
	close(pp[1]);
	if (rc != 0) {
		close(pp[0]);
		return -rc;
	}
	fcntl(pp[0], F_SETFL, fcntl(pp[0], F_GETFL) | O_NONBLOCK);
	*fd = pp[0];
	return pid;
}

/* Reap a child, retrying on signals; its wait status. */
static int
fio_reap(pid_t pid)
{
	int st = 0;

	while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
		;
	return st;
}

/* The binary to run. */
static const char *
fio_binary(void)
{
	return fio_cfg.fio != NULL ? fio_cfg.fio : "fio";
}

/* The client's version, cached after the first call. */
const char *
dd_fio_client_version(void)
{
	static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
	static char	       version[32];
	static bool	       done;
	char		      *argv[] = { (char *)fio_binary(), (char *)"--version", NULL };
	char		       buf[64] = "";
	struct pollfd	       pfd = { .events = POLLIN };
	size_t		       n = 0;
	pid_t		       pid;

	pthread_mutex_lock(&lock);
	if (!done && (pid = fio_spawn(argv, &pfd.fd)) > 0) {
		/* A version string is one short line; 5 s is plenty. */
		while (n < sizeof buf - 1 && poll(&pfd, 1, 5000) > 0) {
			ssize_t r = read(pfd.fd, buf + n, sizeof buf - 1 - n);

			if (r <= 0 && !(r < 0 && errno == EAGAIN))
				break;
			n += r > 0 ? (size_t)r : 0;
		}
		close(pfd.fd);
		kill(pid, SIGKILL);	/* it has exited unless it hung */
		fio_reap(pid);
		buf[n] = '\0';
		buf[strcspn(buf, "\r\n")] = '\0';
		if (strncmp(buf, "fio-", 4) == 0)
			dd_strlcpy(version, buf, sizeof version);
	}
	done = true;
	pthread_mutex_unlock(&lock);
	return version;
}

/* ---- one run: lines in, intervals and a result out ---- */

/* Decide the run's failure (the first decision stands) with a sentence. */
static void __attribute__((format(printf, 3, 4)))
fio_run_fail(struct fio_run *run, int code, const char *fmt, ...)
{
	va_list ap;

	if (run->verdict != 0)
		return;
	run->verdict = code;
	va_start(ap, fmt);
	vsnprintf(run->why, sizeof run->why, fmt, ap);
	va_end(ap);
}

/* Ask the client to stop (SIGINT: fio then stops the server's jobs). */
static void
fio_run_stop(struct fio_run *run)
{
	if (run->t_stop > 0)
		return;
	kill(run->pid, SIGINT);
	run->t_stop = clock_now_s();
}

/* The "hostname=vm, be=0, 64-bit, os=Linux, arch=x86-64, fio=fio-3.33" line. */
static void
fio_run_hello(struct fio_run *run, const char *line)
{
	static const struct {
		const char *key;
		size_t	    off, len;
	} keys[] = {
		{ "hostname=", offsetof(struct dd_fio_identity, server_host), 256 },
		{ "os=", offsetof(struct dd_fio_identity, os), 32 },
		{ "arch=", offsetof(struct dd_fio_identity, arch), 32 },
		{ "fio=", offsetof(struct dd_fio_identity, fio_version), 32 },
	};

	for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) {
		const char *v = strstr(line, keys[i].key);
		char	   *dst = (char *)&run->id + keys[i].off;
		size_t	    n;

		if (v == NULL)
			continue;
		v += strlen(keys[i].key);
		n = strcspn(v, ",");
		snprintf(dst, keys[i].len, "%.*s", (int)n, v);
	}
	run->hello = true;
}

/* Store an interval (halving the series when it is full) and call the hook. */
static void
fio_run_interval(struct fio_run *run, struct dd_interval *iv, double progress)
{
	struct dd_result *res = run->res;
	double		  dt = iv->t_s - run->t_prev_iv;

	run->t_prev_iv = iv->t_s;
	res->ios += (uint64_t)llround(iv->iops * dt);
	res->read_ios += (uint64_t)llround(iv->read_iops * dt);
	res->write_ios += (uint64_t)llround(iv->write_iops * dt);
	res->iops = iv->iops;
	res->mbps = iv->mbps;
	res->elapsed_s = iv->t_s;
	if (res->nintervals == DD_INTERVALS_MAX)
		res->nintervals = engine_intervals_halve(res->intervals, res->nintervals);
	res->intervals[res->nintervals++] = *iv;
	if (run->hooks != NULL && run->hooks->interval != NULL)
		run->hooks->interval(run->hooks->arg, res, iv, progress);
}

/*
 * An ETA line with figures.  The first one comes about one ETA interval
 * (1 s) after the job started; the measured phase starts ramp_s after
 * that, and lines before it are the ramp's, not intervals.
 */
static void
fio_run_eta(struct fio_run *run, struct dd_interval *iv, double progress)
{
	const struct dd_point *p = run->p;
	double		       now = clock_now_s(), start, m0;

	if (run->t_first_eta == 0)
		run->t_first_eta = now;
	start = run->t_first_eta - 1.0;
	m0 = start + p->ramp_s;
	if (now < m0 + 0.5)
		return;
	if (progress < 0)
		progress = p->runtime_s > 0 ? fmin(1, (now - start) / (p->ramp_s + p->runtime_s)) : 0;
	iv->t_s = now - m0;
	fio_run_interval(run, iv, progress);
}

/* The fio messages that classify a failure by themselves. */
static void
fio_run_message(struct fio_run *run, const char *line)
{
	const char *host = run->ft->addr.host;
	unsigned    port = run->ft->addr.port;

	if (strncmp(line, "fio: connect: ", 14) == 0 || strncmp(line, "fio: connect; ", 14) == 0)
		fio_run_fail(run, strstr(line, "refused") != NULL ? -ECONNREFUSED :
			     strstr(line, "timed out") != NULL ? -ETIMEDOUT : -EHOSTUNREACH,
			     "%s:%u: cannot connect (%s)", host, port, line + 14);
	else if (strncmp(line, "fio: failed to resolve", 22) == 0)
		fio_run_fail(run, -EHOSTUNREACH, "%s:%u: the host name does not resolve (%s)",
			     host, port, line);
	else if (strstr(line, "version mismatch") != NULL)
		fio_run_fail(run, -EPROTO, "%s:%u speaks another version of fio's protocol "
			     "(%s)", host, port, line);
	else if (strncmp(line, "fio: bad server cmd version", 27) == 0)
		;	/* the "version mismatch" line that follows says both */
	else if (strncmp(line, "fio: client ", 12) == 0 &&
		 (strstr(line, ", timeout on cmd ") != NULL || strstr(line, " timed out") != NULL))
		fio_run_fail(run, -ETIMEDOUT, "%s:%u: no answer from the fio server in time "
			     "(fio's client gave up: %s)", host, port, line + 5);
	else if (strstr(line, "bad crc") != NULL || strstr(line, "payload too large") != NULL)
		fio_run_fail(run, -EPROTO, "%s:%u does not speak fio's protocol (%s)",
			     host, port, line);
	else if (strncmp(line, "client: host=", 13) == 0 && strstr(line, "disconnected"))
		run->disconnected = true;
	else if (strncmp(line, "fio: pid=", 9) == 0 && strstr(line, "err=") != NULL)
		dd_strlcpy(run->job_err, line, sizeof run->job_err);
	else if (strncmp(line, "fio: ", 5) == 0 && run->fio_err[0] == '\0')
		dd_strlcpy(run->fio_err, line, sizeof run->fio_err);
}

/* The terse line and the disk_util line after it. */
static void
fio_run_terse(struct fio_run *run, const char *line)
{
	struct dd_error e = { 0 };

	if (line[0] == ';') {
		if (run->terse_ok)
			snprintf(run->id.disk, sizeof run->id.disk, "%.*s",
				 (int)strcspn(line + 1, ";"), line + 1);
		return;
	}
	if (dd_fio_parse_terse(line, run->res, &e) == 0) {
		run->terse_ok = true;
		run->terse_err[0] = '\0';
	} else {
		dd_strlcpy(run->terse_err, e.msg, sizeof run->terse_err);
	}
}

/* One line of the client's output. */
static void
fio_run_line(struct fio_run *run, char *line)
{
	struct dd_interval iv;
	double		   progress = 0;
	unsigned	   jobs = 0;
	int		   rc;

	if (line[0] == '<' && strstr(line, "> ") != NULL)
		line = strstr(line, "> ") + 2;
	if (line[0] == '\0')
		return;
	if (strncmp(line, "hostname=", 9) == 0) {
		fio_run_hello(run, line);
	} else if (strstr(line, "Jobs: ") != NULL) {
		rc = dd_fio_parse_eta(line, &iv, &progress);
		sscanf(strstr(line, "Jobs: "), "Jobs: %u", &jobs);
		if (rc == 1)
			fio_run_eta(run, &iv, progress);
		/* A dead server's client goes on printing "Jobs: 0 (f=0)". */
		if (jobs == 0 && rc != 1) {
			run->zero_only = run->hello;
			return;
		}
		run->hello = true;
	} else if (strncmp(line, "3;", 2) == 0 || line[0] == ';') {
		fio_run_terse(run, line);
	} else {
		fio_run_message(run, line);
	}
	run->t_output = clock_now_s();
	run->zero_only = false;
	if (run->t_hello == 0 && run->hello)
		run->t_hello = run->t_output;
}

/* Split what was read into lines ('\r' and '\n' both end one). */
static void
fio_run_feed(struct fio_run *run)
{
	size_t start = 0;

	for (size_t i = 0; i < run->len; i++) {
		if (run->buf[i] != '\r' && run->buf[i] != '\n')
			continue;
		run->buf[i] = '\0';
		fio_run_line(run, run->buf + start);
		start = i + 1;
	}
	memmove(run->buf, run->buf + start, run->len - start);
	run->len -= start;
	if (run->len == sizeof run->buf - 1) {	/* a line longer than any fio writes */
		run->buf[run->len] = '\0';
		fio_run_line(run, run->buf);
		run->len = 0;
	}
}

/* Read what the client wrote; false at end of file. */
static bool
fio_run_read(struct fio_run *run)
{
	ssize_t n = read(run->fd, run->buf + run->len, sizeof run->buf - 1 - run->len);

	if (n < 0)
		return errno == EAGAIN || errno == EINTR;
	if (n == 0) {
		if (run->len > 0) {	/* the last line had no end */
			run->buf[run->len] = '\0';
			fio_run_line(run, run->buf);
			run->len = 0;
		}
		return false;
	}
	run->len += (size_t)n;
	fio_run_feed(run);
	return true;
}

/*
 * The deadlines of a point under way: output must keep coming (a server
 * that died leaves its client printing bare "Jobs: 0" lines: lost; total
 * silence: timeout), and a time-based point must end within its ramp and
 * runtime plus the stall and connect allowances (a server whose drive hangs
 * goes on answering with ETA lines but never finishes).  The next deadline.
 */
static double
fio_run_stall_check(struct fio_run *run, double now, double stall, double connect)
{
	const struct dd_fio_addr *a = &run->ft->addr;
	const struct dd_point	 *p = run->p;
	/* Before the first figures the ramp may pass in silence. */
	double quiet = run->t_output + stall + (run->t_first_eta == 0 ? p->ramp_s : 0);
	double end = p->bytes == 0 ? run->t_hello + p->ramp_s + p->runtime_s + stall + connect
				   : INFINITY;

	if (now >= quiet && run->zero_only)
		fio_run_fail(run, -ECONNRESET, "%s:%u: the server stopped answering mid-run "
			     "(nothing from it for %.0f s)", a->host, a->port, now - run->t_output);
	else if (now >= quiet)
		fio_run_fail(run, -ETIMEDOUT, "%s:%u: fio went silent for %.0f s while the point "
			     "ran", a->host, a->port, now - run->t_output);
	else if (now >= end)
		fio_run_fail(run, -ETIMEDOUT, "%s:%u: the point should have ended %.0f s ago and fio "
			     "has not finished it", a->host, a->port, now - end + stall + connect);
	else
		return fmin(quiet, end);
	fio_run_stop(run);
	return now;
}

/* Check the deadlines; the milliseconds to the next one (-1: none). */
static int
fio_run_deadlines(struct fio_run *run)
{
	double now = clock_now_s(), next;
	double connect = fio_setting(fio_cfg.connect_timeout_s, 10);
	double stall = fio_setting(fio_cfg.stall_timeout_s, 15);
	double grace = fio_setting(fio_cfg.kill_grace_s, 3);
	const struct dd_fio_addr *a = &run->ft->addr;

	if (run->t_stop > 0) {
		if (run->killed)
			return -1;
		if (now >= run->t_stop + grace) {
			kill(run->pid, SIGKILL);
			run->killed = true;
			return -1;
		}
		next = run->t_stop + grace;
	} else if (!run->hello) {
		next = run->t_start + connect;
		if (now >= next) {
			fio_run_fail(run, -ETIMEDOUT, "%s:%u: no answer from a fio server within "
				     "%g s", a->host, a->port, connect);
			fio_run_stop(run);
			return fio_run_deadlines(run);
		}
	} else {
		next = fio_run_stall_check(run, now, stall, connect);
		if (run->t_stop > 0)
			return fio_run_deadlines(run);
	}
	return (int)fmin(ceil((next - now) * 1000), 60000);
}

/* Follow the client until its output ends: lines, cancel, deadlines.
 * False if poll itself failed (the client is then killed, not waited for). */
static bool
fio_run_follow(struct fio_run *run)
{
	int cancel_fd = run->hooks != NULL ? run->hooks->cancel_fd : -1;

	for (;;) {
		struct pollfd pfd[2] = {
			{ .fd = run->fd, .events = POLLIN },
			{ .fd = run->t_stop > 0 ? -1 : cancel_fd, .events = POLLIN },
		};
		int timeout = fio_run_deadlines(run);

		if (poll(pfd, 2, timeout) < 0 && errno != EINTR)
			return false;
		if (pfd[1].revents & (POLLIN | POLLHUP | POLLERR)) {
			run->cancelled = true;
			fio_run_stop(run);
		}
		if ((pfd[0].revents & (POLLIN | POLLHUP | POLLERR)) && !fio_run_read(run))
			return true;
	}
}

/* The verdict when the lines and deadlines decided none. */
static void
fio_run_judge(struct fio_run *run, int st)
{
	const char *host = run->ft->addr.host;
	unsigned    port = run->ft->addr.port;

	struct dd_error e = { 0 };

	if (run->terse_ok && run->res->status == -EIO)
		fio_run_fail(run, -EIO, "%s:%u: %s%s%s", host, port, run->res->message,
			     run->job_err[0] ? "; " : "", run->job_err);
	else if (run->terse_ok && figures_check_result(run->res, NULL, &e) < 0)
		fio_run_fail(run, -ERANGE, "%s:%u sent figures no drive gives: %s", host, port,
			     e.msg);
	else if (run->terse_ok)
		return;
	else if (run->terse_err[0] != '\0')
		fio_run_fail(run, -EBADMSG, "%s:%u: fio's result did not parse: %s", host, port,
			     run->terse_err);
	else if (run->job_err[0] != '\0')
		fio_run_fail(run, -EIO, "%s:%u: the job failed: %s", host, port, run->job_err);
	else if (run->hello || run->disconnected)
		fio_run_fail(run, -ECONNRESET, "%s:%u: the server went away mid-run%s%s", host, port,
			     run->fio_err[0] ? " (" : "", run->fio_err[0] ? run->fio_err : "");
	else if (WIFEXITED(st) && WEXITSTATUS(st) == 1 && run->fio_err[0] == '\0')
		fio_run_fail(run, -ECONNRESET, "%s:%u closed the connection without a word (not "
			     "a fio server, or one that turned us away)", host, port);
	else if (WIFSIGNALED(st))
		fio_run_fail(run, -EIO, "the fio client for %s:%u died of signal %d", host, port,
			     WTERMSIG(st));
	else
		fio_run_fail(run, -EBADMSG, "%s:%u: fio exited with status %d and no result%s%s%s",
			     host, port, WIFEXITED(st) ? WEXITSTATUS(st) : -1,
			     run->fio_err[0] ? " ('" : "", run->fio_err, run->fio_err[0] ? "')" : "");
}

/* Fill the result's fixed parts before the run. */
static void
fio_result_init(const struct dd_target *t, const struct fio_target *ft,
		const struct dd_point *p, struct dd_result *res)
{
	struct dd_engine_mode mode;

	memset(res, 0, offsetof(struct dd_result, intervals));
	res->point = *p;
	res->tclass = ft->tclass;
	engine_point_mode(p, ft->tclass, sysconf(_SC_NPROCESSORS_ONLN), &mode);
	res->batch = mode.batch;
	res->force_async = mode.force_async;
	res->idle_cpus = NAN;
	res->rate_spread = NAN;
	res->rate_held_pct = res->rate_late_pct = NAN;	/* fio reports neither */
	res->cpu_us_per_io = res->proc_us_per_io = NAN;
	(void)t;
}

/* The pacing spread of a paced point from its intervals (NAN unpaced). */
static double
fio_rate_spread(const struct dd_result *res)
{
	double sum = 0, sq = 0;

	if (!(res->point.rate_iops > 0))
		return NAN;
	for (size_t i = 0; i < res->nintervals; i++) {
		sum += res->intervals[i].iops;
		sq += res->intervals[i].iops * res->intervals[i].iops;
	}
	return engine_rate_spread(res->nintervals, sum, sq);
}

/* The run's ending: identity kept, status, message, err. */
static int
fio_run_end(struct fio_run *run, int st, struct dd_error *err)
{
	struct dd_result *res = run->res;

	if (run->hello) {
		pthread_mutex_lock(&run->ft->lock);
		run->ft->id = run->id;
		run->ft->have_id = true;
		pthread_mutex_unlock(&run->ft->lock);
	}
	res->cancelled = run->cancelled;
	if (run->cancelled) {
		res->status = 0;
		return 0;
	}
	fio_run_judge(run, st);
	if (run->verdict == -ERANGE)	/* no figure of a forger's is kept */
		fio_result_init(run->t, run->ft, run->p, res);
	if (run->verdict != 0) {
		res->status = run->verdict;
		dd_strlcpy(res->message, run->why, sizeof res->message);
		return dd_error_set(err, run->verdict, "%s", run->why);
	}
	res->rate_spread = fio_rate_spread(res);
	/* Polling that the server's drive lacks fails the job (EOPNOTSUPP). */
	res->iopoll_used = run->p->iopoll;
	snprintf(res->message, sizeof res->message, "fio client/server: latency per point only%s",
		 res->read_ios && res->write_ios ? "; the mix's percentiles are the larger "
		 "direction's (an upper bound: terse output has no bins)" : "");
	return 0;
}

/* Run one point through `fio --client`. */
static int
fio_point_run(const struct dd_target *t, const struct dd_point *p,
	      const struct dd_engine_hooks *hooks, struct dd_result *res, struct dd_error *err)
{
	struct fio_run *run;
	char		job[4096], client[320];
	int		rc, st;

	fio_result_init(t, t->backend_data, p, res);
	if ((rc = dd_backend_fio.check(p, t, err)) < 0 ||
	    (run = calloc(1, sizeof *run)) == NULL) {
		res->status = rc < 0 ? rc : -ENOMEM;
		if (rc == 0)
			dd_error_set(err, -ENOMEM, "out of memory");
		dd_strlcpy(res->message, err != NULL ? err->msg : "", sizeof res->message);
		return res->status;
	}
	*run = (struct fio_run){ .t = t, .ft = t->backend_data, .p = p, .hooks = hooks,
				 .res = res, .fd = -1 };
	if ((rc = fio_job_write(run, job, sizeof job, err)) == 0) {
		char *argv[] = {
			(char *)fio_binary(), client, (char *)"--output-format=normal,terse",
			(char *)"--terse-version=3", (char *)"--eta=always", (char *)"--eta-newline=1",
			(char *)"--eta-interval=1", job, NULL,
		};

		snprintf(client, sizeof client, "--client=%s", run->ft->addr.client);
		run->t_start = run->t_output = clock_now_s();
		if ((run->pid = fio_spawn(argv, &run->fd)) == -ENOENT) {
			rc = dd_error_set(err, -ENOENT, "fio is not installed here (no '%s' to run)",
					  fio_binary());
		} else if (run->pid < 0) {
			rc = dd_error_set(err, (int)run->pid, "cannot start %s: %s", fio_binary(),
					  strerror((int)-run->pid));
		} else {
			if (!fio_run_follow(run))
				kill(run->pid, SIGKILL);
			close(run->fd);
			st = fio_reap(run->pid);
			rc = fio_run_end(run, st, err);
		}
		unlink(job);
	}
	if (rc < 0 && res->status == 0) {
		res->status = rc;
		dd_strlcpy(res->message, err != NULL ? err->msg : "", sizeof res->message);
	}
	free(run);
	return rc;
}

/* ---- the ops ---- */

/* Is a host this machine (127.0.0.0/8, ::1, localhost)? */
static bool
fio_host_is_loopback(const struct dd_fio_addr *a)
{
	struct in6_addr v6;
	struct in_addr	v4;

	if (strcmp(a->host, "localhost") == 0)
		return true;
	if (a->ipv6)
		return inet_pton(AF_INET6, a->host, &v6) == 1 && IN6_IS_ADDR_LOOPBACK(&v6);
	return inet_pton(AF_INET, a->host, &v4) == 1 && (ntohl(v4.s_addr) >> 24) == 127;
}

/* Open a fio:// target: no network I/O, just the address. */
static int
fio_target_open(struct dd_target *t, const char *path, bool writable, struct dd_error *err)
{
	struct fio_target *ft;
	int		   rc;

	memset(t, 0, sizeof *t);
	t->fd = -1;
	dd_strlcpy(t->path, path != NULL ? path : "", sizeof t->path);
	if ((ft = calloc(1, sizeof *ft)) == NULL)
		return dd_error_set(err, -ENOMEM, "out of memory");
	if ((rc = dd_fio_parse_url(path, &ft->addr, err)) < 0) {
		free(ft);
		return rc;
	}
	pthread_mutex_init(&ft->lock, NULL);
	ft->tclass = fio_host_is_loopback(&ft->addr) ? engine_target_classify(ft->addr.path)
						     : DD_TCLASS_BLK_MQ;
	t->writable = writable;
	t->is_blockdev = strncmp(ft->addr.path, "/dev/", 5) == 0;
	t->lbs = 512;		/* unknown remotely: the smallest any drive has */
	t->tclass = ft->tclass;
	t->backend = &dd_backend_fio;
	t->backend_data = ft;
	return 0;
}

/* The ranges fio and the translation need, whatever the target. */
static int
fio_point_check_shape(const struct dd_point *p, struct dd_error *err)
{
	if (p->bs == 0 || p->bs % 512 != 0)
		return dd_error_set(err, -EINVAL, "block size %u is not a multiple of 512", p->bs);
	if (p->iodepth == 0 || p->iodepth > 4096)
		return dd_error_set(err, -EINVAL, "iodepth %u is outside 1..4096", p->iodepth);
	if (p->numjobs == 0 || p->numjobs > 1024)
		return dd_error_set(err, -EINVAL, "numjobs %u is outside 1..1024", p->numjobs);
	if (p->read_pct > 100 || p->region_pct > 100)
		return dd_error_set(err, -EINVAL, "a share over 100 %% (read %u %%, region %u %%)",
				    p->read_pct, p->region_pct);
	if (!isfinite(p->runtime_s) || !isfinite(p->ramp_s) || p->ramp_s < 0 ||
	    !(p->rate_iops >= 0) || !isfinite(p->rate_iops))
		return dd_error_set(err, -EINVAL, "a point's runtime, ramp and rate must be finite "
				    "and 0 or more");
	return 0;
}

/* Can point p run on the fio target t? */
static int
fio_point_check(const struct dd_point *p, const struct dd_target *t, struct dd_error *err)
{
	const struct fio_target *ft = t->backend_data;
	uint64_t		 region;
	int			 rc;

	if (dd_pattern_writes(p->pattern) && !t->writable)
		return dd_error_set(err, -EACCES, "%s:%u %s: the plan writes; give --allow-write and "
				    "confirm the device in the hosts file", ft->addr.host,
				    ft->addr.port, ft->addr.path);
	if ((rc = fio_point_check_shape(p, err)) < 0)
		return rc;
	if (p->bytes == 0 && !(p->runtime_s > 0) && t->size == 0)
		return dd_error_set(err, -EINVAL, "%s:%u %s: the point covers the whole target, "
				    "whose size is unknown here; give the size in the hosts file",
				    ft->addr.host, ft->addr.port, ft->addr.path);
	if (p->bytes == 0 && !(p->runtime_s > 0))
		return dd_error_set(err, -EINVAL, "a point needs a runtime or a byte budget");
	if (t->size == 0)
		return 0;
	region = engine_point_region(p, t->size);
	if (p->offset >= t->size || p->offset + region > t->size || region / p->numjobs < p->bs)
		return dd_error_set(err, -EINVAL, "%s:%u %s: the point's region (%" PRIu64 "+%" PRIu64
				    " bytes) does not fit the target's %" PRIu64 " bytes for %u jobs",
				    ft->addr.host, ft->addr.port, ft->addr.path, p->offset, region,
				    t->size, p->numjobs);
	return 0;
}

/* Close a fio target. */
static void
fio_target_close(struct dd_target *t)
{
	struct fio_target *ft = t->backend_data;

	if (ft != NULL) {
		pthread_mutex_destroy(&ft->lock);
		free(ft);
	}
	t->backend_data = NULL;
}

/* Is t a fio target? */
static struct fio_target *
fio_target_of(const struct dd_target *t)
{
	return t != NULL && t->backend == &dd_backend_fio ? t->backend_data : NULL;
}

/* Copy a fio target's identity. */
bool
dd_fio_identity(const struct dd_target *t, struct dd_fio_identity *out)
{
	struct fio_target *ft = fio_target_of(t);
	bool		   have;

	if (ft == NULL)
		return false;
	pthread_mutex_lock(&ft->lock);
	have = ft->have_id;
	if (have)
		*out = ft->id;
	pthread_mutex_unlock(&ft->lock);
	return have;
}

/* Give an open fio target its size. */
void
dd_fio_set_size(struct dd_target *t, uint64_t size)
{
	if (fio_target_of(t) != NULL)
		t->size = size;
}

/* Give an open fio target the class its jobs are written for. */
void
dd_fio_set_class(struct dd_target *t, enum dd_target_class tc)
{
	struct fio_target *ft = fio_target_of(t);

	if (ft != NULL)
		ft->tclass = t->tclass = tc;
}

const struct dd_backend_ops dd_backend_fio = {
	.name = "fio",
	.open = fio_target_open,
	.check = fio_point_check,
	.run = fio_point_run,
	.cancel = NULL,		/* the run polls the cancel fd and signals the client */
	.close = fio_target_close,
};
