/*
 * What the kinds beyond the FIO matrix make of their points: load curves
 * (VDBench), checkpoint series (DLIO), thread scaling (GDSIO) and the write
 * cliff.  Pure functions over plain data (struct dd_point + struct
 * sweep_summary pairs, as a live sweep, a stored run and the comparison
 * table all hold them, and a result's interval series), so the CLI, the
 * store's readers, Compare and the views read a workload one way.  No
 * curses, no sqlite, no JSON.
 *
 * Data model:
 *
 *   curve     the points of one group: its DD_KIND_CURVE_MAX point (the
 *             maximum found) and its DD_KIND_CURVE_STEP points in plan
 *             order, each with its target (% and IOPS) and what it achieved
 *             (IOPS, MB/s, mean and p99 latency, per direction for mixes).
 *             The peak is the point with the most achieved IOPS, steps and
 *             the maximum alike; its latency is "the latency at the peak"
 *             the reviews print.
 *   ckpt      the DD_KIND_CHECKPOINT points of one group: seconds per
 *             checkpoint by pass and sequence, and per pass the mean, min
 *             and max (the reviews' "average per pass").
 *   cliff     a sustained write's interval series split where the rate
 *             drops for good: written before the drop, the rate before and
 *             after, where.  Found by a two-segment fit (the split that
 *             minimises the squared error of two constant rates, each
 *             interval weighted by its length, so a series whose period
 *             doubled or a late sample counts by time) accepted only when
 *             the later rate is at most WORKLOAD_CLIFF_DROP of the earlier,
 *             the step is more than twice the fit's noise (the residual
 *             standard deviation of the two rates, by time, so a burst in
 *             a short segment or stalls in a long one count by their
 *             time), and the drop is for good: no
 *             WORKLOAD_CLIFF_MIN_IV intervals in a row after it average
 *             above the middle of the two rates (a dip that recovers, however
 *             long, is not a cliff; a tail that rises a little is).  Rates
 *             are time-weighted means, so before_mbps x t_s is bytes_before.
 */
#ifndef DD_WORKLOAD_H
#define DD_WORKLOAD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/specdb.h"
#include "core/sweep.h"
#include "io/engine.h"

#define WORKLOAD_STEPS_MAX   64	/* steps of one curve */
#define WORKLOAD_CKPTS_MAX   1024	/* checkpoints of one series */
#define WORKLOAD_PASSES_MAX  16
#define WORKLOAD_CLIFF_DROP  0.75	/* after / before at most this */
#define WORKLOAD_CLIFF_MIN_IV 5		/* intervals on each side at least */
/* One checkpoint of the reviews' DLIO runs (LLAMA 3.1 405B, 8 GPUs, seeds
 * 000 and 001), all ranks: their seconds compare with a checkpoint of
 * another size only scaled to it. */
#define WORKLOAD_REVIEW_CKPT_BYTES 1636e9

/* One point of a curve: the maximum (target_pct 0) or a step. */
struct workload_step {
	size_t	index;		/* into the caller's arrays */
	double	target_pct;	/* 0 for the maximum */
	double	target_iops;	/* 0 for the maximum */
	double	iops, mbps;	/* achieved */
	double	mean_us, p99_us;
	double	read_mean_us, write_mean_us;	/* NAN when none */
	double	spread;		/* CV of the interval IOPS; NAN unpaced */
	double	accuracy;	/* the rate limiter's: iops / target_iops; NAN
				 * for the maximum */
	bool	finished;	/* ran to its end (status 0, not cancelled) */
};

/* A load curve. */
struct workload_curve {
	unsigned	     group;
	char		     profile[DD_PROFILE_MAX];
	struct dd_point	     shape;	/* the maximum point's (pattern, bs, ...) */
	bool		     has_max;
	struct workload_step max;	/* the unthrottled point */
	size_t		     nsteps;
	struct workload_step steps[WORKLOAD_STEPS_MAX];
	size_t		     peak;	/* SIZE_MAX: max is the peak; else steps[] */
	double		     peak_iops, peak_mbps, peak_mean_us, peak_p99_us;
};

/* A checkpoint series. */
struct workload_pass {
	unsigned pass;
	size_t	 n;
	double	 mean_s, min_s, max_s;
};

struct workload_ckpt {
	unsigned	     group;
	unsigned	     ranks;		/* numjobs */
	uint64_t	     bytes;		/* one checkpoint, all ranks */
	size_t		     n;
	double		     secs[WORKLOAD_CKPTS_MAX];	/* in plan order */
	unsigned	     pass[WORKLOAD_CKPTS_MAX], seq[WORKLOAD_CKPTS_MAX];
	size_t		     npasses;
	struct workload_pass passes[WORKLOAD_PASSES_MAX];
	double		     gbps;		/* bytes of all / seconds of all, GB/s */
};

/* A write cliff.  None found: at and bytes_before 0, t_s and the after
 * fields NAN, before_mbps/before_cv the whole series' rate (the sustained
 * rate); too few intervals (< 2 x WORKLOAD_CLIFF_MIN_IV): all rates NAN. */
struct workload_cliff {
	bool	found;
	size_t	at;			/* first interval after the drop */
	double	t_s;			/* when it dropped (end of interval at-1) */
	double	bytes_before;		/* written before the drop, bytes */
	double	before_mbps, after_mbps;	/* mean rate of each segment */
	double	before_cv, after_cv;	/* their noise (CV) */
};

/* The distinct groups of a kind among n points, in plan order, into
 * groups[max]; returns how many there are (may exceed max). */
size_t workload_groups(const struct dd_point *pts, size_t n, enum dd_kind kind,
		       unsigned *groups, size_t max);

/* Collect the curve of group g from n points (pts[i] ran into sums[i]).
 * Returns false when the group has no curve point. */
bool workload_curve_collect(const struct dd_point *pts, const struct sweep_summary *sums,
			    size_t n, unsigned g, struct workload_curve *out);

/* How much of their target rates a curve's finished steps achieved, all
 * together: their IOPS over their targets' (so a short high step counts by
 * its size, as its latency does at the peak); NAN when no step has a target
 * rate. */
double workload_curve_achieved(const struct workload_curve *cv);

/* Collect the checkpoint series of group g; false when it has none. */
bool workload_ckpt_collect(const struct dd_point *pts, const struct sweep_summary *sums,
			   size_t n, unsigned g, struct workload_ckpt *out);

/*
 * Every load curve and checkpoint series among n points, in plan order:
 * *curves (*ncurves) and *ckpts (*nckpts) are malloc'd arrays, NULL when
 * there is none; the caller frees both.  0 or -ENOMEM (both NULL then).
 */
int workload_collect(const struct dd_point *pts, const struct sweep_summary *sums, size_t n,
		     struct workload_curve **curves, size_t *ncurves,
		     struct workload_ckpt **ckpts, size_t *nckpts);

/* Find a cliff in an interval series (iv[i].mbps over iv[i].t_s). */
void workload_cliff_detect(const struct dd_interval *iv, size_t n,
			   struct workload_cliff *out);

/* GB/s of pass number pass (one checkpoint's bytes over the pass's mean
 * time); NAN when the series has no such pass. */
double workload_ckpt_pass_gbps(const struct workload_ckpt *c, unsigned pass);

/* GDSIO's units: GiB/s from MB/s (decimal). */
double workload_gibps(double mbps);

/* The point of a plan whose spec sequential write the write cliff's target
 * line and the byte budgets' time are reckoned at: the first cliff point,
 * else the first write with a byte budget (a checkpoint); n when none. */
size_t workload_budget_point(const struct dd_point *pts, size_t n);

/* The spec sequential-write figure point p (a cliff, a write with a byte
 * budget) is held against, of sheet's figures for capacity point drive_id
 * (NULL: any): only figures compare_spec_init reads as a sequential write
 * in MB/s with a finite value, the family's or that capacity point's; p's
 * own workload (block size) first, then the capacity point's own figure
 * over the family's (over another capacity point's), then the database's
 * preferred one, then the first.  The rule `run`'s cliff report and time
 * estimate and the dashboard's cliff panel and estimate share.  NULL when
 * none; *mbps (may be NULL) its value in MB/s, NAN none. */
const struct spec_figure *workload_spec_write(const struct spec_sheet *sheet,
					      const char *drive_id, const struct dd_point *p,
					      double *mbps);

#endif
