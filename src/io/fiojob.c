/*
 * The one translation of drivedash points into fio job options (fiojob.h).
 *
 * Data model: none of its own.  A point (struct dd_point) and where it runs
 * (struct fiojob_target: fio's filename, the target's size and class, the
 * host's CPU count, whether every point polls) go in; fio job text comes
 * out on a stdio stream.  The engine's automatic choices for the point
 * (completion batch, force_async) come from engine_point_mode, so the job
 * asks fio for what a local run would do; what fio cannot reproduce is said
 * in '; ' comments in front of the section.  core/plan.c writes whole plans
 * (--print-fio) through these functions and io/fio.c single points, so the
 * two can never drift.
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "fiojob.h"

/* A time as fio reads it: whole seconds bare, otherwise milliseconds. */
static char *
fiojob_time(double s, char *buf, size_t len)
{
	long long ms = llround(s * 1000.0);

	if (ms % 1000 == 0)
		snprintf(buf, len, "%lld", ms / 1000);
	else
		snprintf(buf, len, "%lldms", ms);
	return buf;
}

/* Write a section name fio can carry: no brackets, comment marks or controls. */
static void
fiojob_section(FILE *f, const struct dd_point *pt, size_t idx, unsigned run,
	       unsigned runs)
{
	char name[DD_POINT_NAME_MAX];
	int  o = 0;

	for (const char *c = pt->name; *c != '\0'; c++)
		name[o++] = (iscntrl((unsigned char)*c) || strchr("[];#", *c)) ? '_' : *c;
	name[o] = '\0';
	if (o == 0)
		snprintf(name, sizeof name, "point %zu", idx + 1);
	fprintf(f, "[%s%s", name, strcasecmp(name, "global") == 0 ? " point" : "");
	if (runs > 1)
		fprintf(f, " run%u", run);
	fprintf(f, "]\n");
}

/* Write the per-job regions of a multi-job sequential point. */
static void
fiojob_split(FILE *f, const struct dd_point *pt, uint64_t target_size)
{
	uint64_t region = pt->size, per;
	unsigned nj = pt->numjobs;

	if (region == 0 && target_size > pt->offset)
		region = target_size - pt->offset;
	if (region != 0) {
		per = region / nj / pt->bs * pt->bs;
		fprintf(f, "size=%llu\noffset_increment=%llu\n",
			(unsigned long long)per, (unsigned long long)per);
	} else if (pt->offset == 0 && nj <= 100) {
		if (100 % nj != 0)
			fprintf(f, "; approximate: %u%% of the target per job "
				"(its size is unknown here)\n", 100 / nj);
		fprintf(f, "size=%u%%\noffset_increment=%u%%\n", 100 / nj, 100 / nj);
	} else {
		fprintf(f, "; disjoint per-job regions need the target size; "
			"here the %u jobs overlap\n", nj);
	}
}

/* Write the comments on what fio cannot reproduce of one point. */
static void
fiojob_point_notes(FILE *f, const struct dd_point *pt, bool iopoll)
{
	if (dd_pattern_writes(pt->pattern))
		fprintf(f, "; writes destroy data on the target\n");
	if (!pt->iopoll && !iopoll && pt->spin == DD_SPIN_ON)
		fprintf(f, "; drivedash polls the ring for completions below (spin); fio sleeps in\n"
			"; io_uring_enter (it has no twin of spinning), so its latency includes\n"
			"; waking the thread\n");
	else if (!pt->iopoll && !iopoll && pt->spin == DD_SPIN_AUTO &&
		 pt->iodepth <= DD_SPIN_AUTO_MAX_QD)
		fprintf(f, "; drivedash polls the ring for completions below (spin=auto) when the\n"
			"; CPUs it finds idle outnumber the jobs; fio has no twin of spinning\n");
}

/*
 * Write a point's pacing and end flush.  fio's rate_iops is per job, the
 * point's rate is over all jobs; a curve step whose rate the sweep has not
 * resolved yet (it is a share of the group's maximum, found when the plan
 * runs) gets a comment instead.
 */
static void
fiojob_rate(FILE *f, const struct dd_point *pt)
{
	double per = pt->rate_iops / pt->numjobs;

	if (pt->rate_iops > 0) {
		if (per != floor(per))
			fprintf(f, "; drivedash paces %.0f IOPS over %u jobs; fio's rate_iops is "
				"per job, rounded\n", pt->rate_iops, pt->numjobs);
		fprintf(f, "rate_iops=%.0f\n", per < 1 ? 1 : round(per));
	} else if (dd_kind_paced(pt->kind) && pt->rate_pct > 0) {
		fprintf(f, "; load curve step: rate_iops is %g %% of the maximum the previous\n"
			"; section (the unthrottled curve point) measures, per job\n",
			pt->rate_pct);
	}
	if (pt->end_fsync)
		fprintf(f, "end_fsync=1\n");
}

/* Write where a point's I/O goes: offset, region or per-job regions. */
static void
fiojob_region(FILE *f, const struct dd_point *pt, uint64_t target_size)
{
	if (pt->offset != 0)
		fprintf(f, "offset=%llu\n", (unsigned long long)pt->offset);
	if (!dd_pattern_random(pt->pattern) && pt->numjobs > 1)
		fiojob_split(f, pt, target_size);
	else if (pt->size != 0)
		fprintf(f, "size=%llu\n", (unsigned long long)pt->size);
	else if (pt->region_pct != 0)
		fprintf(f, "size=%u%%\n", pt->region_pct);
}

/* Write one point's section. */
void
fiojob_point(FILE *f, const struct dd_point *pt, size_t idx, unsigned run, unsigned runs,
	     const struct fiojob_target *jt)
{
	struct dd_engine_mode mode;
	struct dd_point	      ep = *pt;
	char		      t[32];

	ep.iopoll = pt->iopoll || jt->iopoll;
	engine_point_mode(&ep, jt->tclass, jt->ncpus, &mode);
	fiojob_point_notes(f, pt, jt->iopoll);
	fiojob_section(f, pt, idx, run, runs);
	fprintf(f, "stonewall\nrw=%s\n", dd_pattern_name(pt->pattern));
	if (dd_pattern_mixed(pt->pattern))
		fprintf(f, "rwmixread=%u\n", pt->read_pct);
	fprintf(f, "bs=%u\niodepth=%u\nnumjobs=%u\n", pt->bs, pt->iodepth,
		pt->numjobs);
	/* The engine submits what it reaped in one call, waits for batch
	 * completions and reaps every one that is there. */
	if (mode.batch > 1)
		fprintf(f, "iodepth_batch_submit=%u\niodepth_batch_complete_min=%u\n",
			mode.batch, mode.batch);
	if (pt->iodepth > 1)
		fprintf(f, "iodepth_batch_complete_max=%u\n", pt->iodepth);
	if (mode.force_async)
		fprintf(f, "force_async=1\n");
	if (pt->iopoll && !jt->iopoll)
		fprintf(f, "hipri=1\n");
	if (pt->bytes == 0) {
		fprintf(f, "time_based=1\nruntime=%s\n",
			pt->runtime_s < 0.001 ? "1ms" : fiojob_time(pt->runtime_s, t, sizeof t));
	} else {
		fprintf(f, "io_size=%llu\n",
			(unsigned long long)(pt->bytes / pt->numjobs / pt->bs * pt->bs));
	}
	fprintf(f, "ramp_time=%s\n", fiojob_time(pt->ramp_s, t, sizeof t));
	fiojob_region(f, pt, jt->size);
	fiojob_rate(f, pt);
	fprintf(f, "\n");
}

/* Write the [global] section. */
int
fiojob_global(FILE *f, const struct fiojob_target *jt)
{
	enum dd_target_class tc = jt->tclass;

	if (jt->path == NULL)
		return -EINVAL;
	/* fio reads a job file line by line, and a job file is printed on a
	 * terminal (--print-fio): no control character in the path. */
	for (const char *c = jt->path; *c != '\0'; c++)
		if (iscntrl((unsigned char)*c))
			return -EINVAL;
	fprintf(f, "[global]\nioengine=io_uring\ndirect=1\nfilename=");
	for (const char *c = jt->path; *c != '\0'; c++) {
		if (*c == ':')
			fputc('\\', f);
		fputc(*c, f);
	}
	fprintf(f, "\nthread\ngroup_reporting=1\nfixedbufs=1\nregisterfiles=1\n"
		"randrepeat=0\nnorandommap=1\nlat_percentiles=1\n");
	fprintf(f, "; target class: %s%s\n", engine_target_class_name(tc),
		tc == DD_TCLASS_UNKNOWN ? " (on a bio-based device such as zram drivedash\n"
		"; adds force_async=1 while the jobs leave 2 CPUs each)" : "");
	fprintf(f, "; latency: drivedash reports fio's lat (submission to completion)\n");
	if (jt->iopoll)
		fprintf(f, "hipri=1\n");
	fprintf(f, "\n");
	return 0;
}
