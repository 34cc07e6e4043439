/*
 * Golden screens, rendered in-process (tmux's regress tests are the model):
 * every dashboard screen is built from fixed data, drawn by tui_render() into
 * a cell buffer at 80x24 and 132x43, and its text compared with a stored
 * screen in tests/screens/golden/<screen>-<w>x<h>.txt.
 *
 * The data: the database in $DRIVEDASH_DB (the bundled one under make
 * check), a fixed discovery (one NVMe controller whose model string is a
 * CD9P-R 7.68 TB, one virtio disk) instead of this machine's devices, a
 * synthetic snapshot of the spot preset on that controller for the live
 * Sweep screen (three points finished, the fourth running) and a finished
 * run for Compare (two of them, of one serial, for its drift); for the
 * Sweep screen judged by a lab's acceptance targets, the same database with
 * the overlay tests/lib/lab-targets.sql on top.  No clock, host name, uid or
 * device of the machine reaches a screen: a screen that changes from one
 * machine to the next is a bug in the view or in this fixture.
 *
 * DD_GOLDEN_UPDATE=1 rewrites the stored screens instead of comparing
 * (`make golden-update`).  A mismatch names the screen, the first row that
 * differs with both versions of it, and the command that regenerates.
 * tests/screens/tui.sh still drives the real terminal through tmux.
 */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <poll.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <string.h>

#include <cmocka.h>

#include "core/results.h"
#include "ui/tui.h"

#include "fake-backend.h"

#define GOLDEN_DIR TOP_SRCDIR "/tests/screens/golden"

/* The sizes every screen is checked at. */
static const struct {
	int w, h;
} sizes[] = { { 80, 24 }, { 132, 43 } };

/* ---- Fixed data ---- */

/* The fixed discovery: a CD9P-R 7.68 TB on nvme0 and a virtio disk. */
static struct nvmeinfo_ns	fx_ns = {
	.name = "nvme0n1", .nsid = 1, .size_bytes = 7681501126656ull,
	.capacity_bytes = 7681501126656ull, .lba_data_size = 4096,
};
static struct nvmeinfo_ctrl	fx_ctrl = {
	.name = "nvme0", .model = "KCD9XPJE7T68", .serial = "FIXTURE0001",
	.firmware = "0103", .transport = "pcie", .vendor_id = 0x1e0f,
	.total_capacity = 7681501126656ll, .numa_node = -1,
	.pcie = { .address = "0000:01:00.0", .speed_gts = 32.0, .max_speed_gts = 32.0,
		  .width = 4, .max_width = 4 },
	.smart = { .valid = true, .temperature_c = 41, .available_spare_pct = 100,
		   .spare_threshold_pct = 10 },
	.namespaces = &fx_ns, .nnamespaces = 1,
};
static struct nvmeinfo_blockdev fx_bdevs[] = {
	{ .name = "nvme0n1", .path = "/dev/nvme0n1", .kind = "nvme",
	  .size_bytes = 7681501126656ull, .logical_block_size = 4096,
	  .physical_block_size = 4096, .nvme = true },
	{ .name = "vda", .path = "/dev/vda", .kind = "virtio", .size_bytes = 21474836480ull,
	  .logical_block_size = 512, .physical_block_size = 512 },
};

/* The long fixtures (the *-long screens): names and figures past what the
 * layout was drawn for, so that a screen must shorten a label or drop a
 * figure: fx_long(true) scales IOPS by fx_iops_x (14.8M IOPS at QD128),
 * sequential rates by fx_seq_x (28,000 MB/s), latency by fx_lat_x (p99.9
 * past 100,000 µs) and names the target and the drives at length. */
static double	   fx_iops_x = 1, fx_seq_x = 1, fx_lat_x = 1;
static const char *fx_path = "/dev/nvme0n1";
static const char  fx_long_name[] = "KIOXIA CD9P-R Series Enterprise NVMe SSD 61.44 TB E3.L";
static const char  fx_long_path[] =
	"/dev/disk/by-id/nvme-KIOXIA_CD9P-R_Series_Enterprise_61.44TB_E3.L_SN0123456789";

/* Switch the long fixtures on or off. */
static void
fx_long(bool on)
{
	fx_iops_x = on ? 7.4 : 1;
	fx_seq_x = on ? 2 : 1;
	fx_lat_x = on ? 460 : 1;
	fx_path = on ? fx_long_path : "/dev/nvme0n1";
	fx_ctrl.model = on ? fx_long_name : "KCD9XPJE7T68";
	fx_bdevs[1].model = on ? "QEMU HARDDISK Enterprise Virtual Block Device 99.9 PB" : NULL;
	fx_bdevs[1].size_bytes = on ? 61440000000000ull : 21474836480ull;
}

/* The family id at capacity gb, from the dashboard's own family list. */
static struct tui_pick
fx_pick(const struct tui *t, const char *id, double gb)
{
	struct tui_pick p = { NULL, NULL };

	for (size_t i = 0; i < t->nfams; i++)
		if (strcmp(t->fams[i].id, id) == 0) {
			p.fam = &t->fams[i];
			for (size_t k = 0; k < t->fams[i].ndrives; k++)
				if (t->fams[i].drives[k].capacity_gb == gb)
					p.drive = &t->fams[i].drives[k];
		}
	assert_non_null(p.fam);
	assert_non_null(p.drive);
	return p;
}

/* Made-up but plausible figures for a point: a fixed function of its shape. */
static struct sweep_summary
fx_summary(const struct dd_point *pt, size_t index)
{
	struct sweep_summary s = { .index = index, .runs = 1 };
	double		     qd = (double)pt->iodepth * pt->numjobs;
	bool		     seq = pt->pattern == DD_READ || pt->pattern == DD_WRITE;
	double		     cap = seq ? 14000e6 * fx_seq_x / pt->bs : 2000000 * fx_iops_x;

	snprintf(s.name, sizeof s.name, "%s", pt->name);
	s.iops = cap * qd / (qd + 3);
	s.mbps = s.iops * pt->bs / 1e6;
	s.elapsed_s = pt->runtime_s;
	s.mean_us = qd / s.iops * 1e6 * fx_lat_x * (seq ? fx_seq_x : fx_iops_x);
	s.p50_us = s.mean_us * 0.9;
	s.p99_us = s.mean_us * 2.5;
	s.p999_us = s.mean_us * 4;
	s.max_us = s.mean_us * 9;
	s.cpu_us_per_io = 1.5;
	return s;
}

/* The live snapshot: points 0-2 finished, point 3 at 40 % with 20 intervals. */
static struct sweep_snapshot *
fx_snapshot(const struct dd_plan *plan)
{
	struct sweep_snapshot *sn = calloc(1, sizeof *sn);
	const size_t	       cur = 3;

	assert_non_null(sn);
	assert_true(plan->npoints > cur);
	sn->generation = 7;
	sn->state = SWEEP_RUNNING;
	snprintf(sn->plan_name, sizeof sn->plan_name, "%s", plan->name);
	snprintf(sn->target, sizeof sn->target, "%s", fx_path);
	snprintf(sn->temp_source, sizeof sn->temp_source, "SMART log of nvme0");
	sn->npoints = plan->npoints;
	sn->index = cur;
	sn->run = sn->nruns = 1;
	sn->elapsed_s = 95;
	sn->eta_s = 240;
	sn->point_progress = 0.4;
	sn->current = plan->points[cur];
	sn->running = fx_summary(&plan->points[cur], cur);
	sn->nlive = 20;
	for (size_t i = 0; i < sn->nlive; i++) {
		double wobble = (double)(i % 5) / 50;

		sn->live[i] = (struct dd_interval){
			.t_s = 0.2 * (double)(i + 1), .iops = sn->running.iops * (0.95 + wobble),
			.mbps = sn->running.mbps * (0.95 + wobble), .mean_us = sn->running.mean_us,
			.p99_us = sn->running.p99_us * (1 + wobble), .read_iops = sn->running.iops,
			.temp_c = 40 + (double)(i / 4),
		};
	}
	sn->nfinished = cur;
	for (size_t k = 0; k < cur; k++)
		sn->finished[k] = fx_summary(&plan->points[k], k);
	return sn;
}

/* The Sweep screen live on the fixed controller, with the snapshot above. */
static void
fx_sweep_live(struct tui *t)
{
	struct tui_sweep      *s = &t->sweep;
	struct dd_preset_opts  po = { .allow_write = true };
	struct dd_error	       err = { 0 };

	assert_int_equal(plan_preset("spot", &po, &s->plan, &err), 0);
	snprintf(s->tgt.path, sizeof s->tgt.path, "%s", fx_path);
	snprintf(s->what, sizeof s->what, "block device nvme0n1");
	s->tgt.fd = -1;
	s->tgt.is_blockdev = true;
	s->tgt.size = fx_ns.size_bytes;
	s->tgt.lbs = 4096;
	/* A sweep that is never started: the title and the list only ask it
	 * for results once the snapshot is final. */
	assert_int_equal(sweep_create(&s->sw, &s->tgt, &s->plan, &err), 0);
	assert_int_equal(tui_sheet_load(&s->ref, t->db, fx_pick(t, "kioxia-cd9p-r", 7680),
					&err), 0);
	s->sn = fx_snapshot(&s->plan);
	s->gen = s->sn->generation;
	s->mode = TUI_SWEEP_LIVE;
	s->running = true;
}

/* A full result for a point: fx_summary's figures, a histogram spread
 * around its mean (the percentiles read from it), 50 intervals. */
static struct dd_result *
fx_result(const struct dd_point *pt, size_t index)
{
	struct dd_result    *r = calloc(1, sizeof *r);
	struct sweep_summary s = fx_summary(pt, index);
	static const double  spread[] = { 0.5, 0.7, 0.8, 0.9, 1.0, 1.1, 1.3, 1.6, 2.5, 4, 9 };
	static const int     weight[] = { 2, 10, 40, 120, 200, 120, 40, 20, 6, 2, 1 };
	double		     pcts[HIST_NPCTS];

	assert_non_null(r);
	r->point = *pt;
	r->iops = s.iops;
	r->mbps = s.mbps;
	r->elapsed_s = pt->runtime_s;
	r->ios = (uint64_t)(s.iops * pt->runtime_s);
	r->read_ios = r->ios;
	r->proc_us_per_io = 1.5;
	for (size_t i = 0; i < sizeof spread / sizeof spread[0]; i++)
		for (int k = 0; k < weight[i] * 10; k++)
			hist_add(&r->hist, (uint64_t)(s.mean_us * spread[i] * 1e3));
	hist_percentiles(&r->hist, hist_default_pcts, HIST_NPCTS, pcts);
	for (int i = 0; i < HIST_NPCTS; i++)
		r->lat.pct_us[i] = pcts[i] / 1e3;
	r->lat.n = hist_count(&r->hist);
	r->lat.mean_us = s.mean_us;
	r->lat.min_us = s.mean_us * 0.5;
	r->lat.max_us = s.mean_us * 9;
	r->lat.stdev_us = s.mean_us * 0.3;
	r->nintervals = 50;
	for (size_t i = 0; i < r->nintervals; i++) {
		double wobble = (double)(i % 7) / 40;

		r->intervals[i] = (struct dd_interval){
			.t_s = 0.2 * (double)(i + 1), .iops = s.iops * (0.92 + wobble),
			.mbps = s.mbps * (0.92 + wobble), .mean_us = s.mean_us * (1.1 - wobble),
			.p99_us = s.p99_us * (1 + wobble), .read_iops = s.iops,
			.temp_c = 40 + (double)(i / 10),
		};
	}
	return r;
}

/* The Sweep screen after a sweep of plan (taken over) ended, every point
 * of res finished, served by sweep_create_finished (as a stored run is), ref
 * at gb the reference, the cursor on point sel; temp names the temperature
 * source (NULL: none). */
static void
fx_sweep_finished(struct tui *t, struct dd_plan *plan, struct dd_result **res, const char *ref,
		  double gb, int sel, const char *temp)
{
	struct tui_sweep *s = &t->sweep;
	struct dd_error	  err = { 0 };

	s->plan = *plan;
	snprintf(s->tgt.path, sizeof s->tgt.path, "%s", fx_path);
	snprintf(s->what, sizeof s->what, "block device nvme0n1");
	s->tgt.fd = -1;
	assert_int_equal(sweep_create_finished(&s->sw, &s->tgt, &s->plan, res, NULL,
					       s->plan.npoints, SWEEP_DONE, temp, &err), 0);
	assert_int_equal(tui_sheet_load(&s->ref, t->db, fx_pick(t, ref, gb), &err), 0);
	s->sn = calloc(1, sizeof *s->sn);
	assert_non_null(s->sn);
	assert_true(sweep_snapshot(s->sw, s->sn, 0));
	s->gen = s->sn->generation;
	s->mode = TUI_SWEEP_LIVE;
	s->running = false;
	s->fin_sel = sel;
}

/* The Sweep screen after a spot sweep that ended: every point finished,
 * the cursor on the fourth point. */
static void
fx_sweep_done(struct tui *t)
{
	struct dd_plan	      plan;
	struct dd_preset_opts po = { .allow_write = true };
	struct dd_error	      err = { 0 };
	struct dd_result     *res[64];

	assert_int_equal(plan_preset("spot", &po, &plan, &err), 0);
	assert_true(plan.npoints <= 64);
	for (size_t i = 0; i < plan.npoints; i++)
		res[i] = fx_result(&plan.points[i], i);
	fx_sweep_finished(t, &plan, res, "kioxia-cd9p-r", 7680, 3, "SMART log of nvme0");
}

static void fx_prov(struct results_prov *p, int64_t id, const char *name, const char *state,
		    size_t npoints, double iops, double mbps, double qd1);

/* A load curve's plan (as plan_append_curve makes one): 4K random read at
 * QD32 x 4 unthrottled, then ten steps at 10-100 % of it. */
static void
fx_curve_plan(struct dd_plan *plan)
{
	struct dd_point pt;
	struct dd_error err = { 0 };

	plan_init(plan, "curve-4k-randread");
	plan_point_defaults(&pt);
	pt.pattern = DD_RANDREAD;
	pt.iodepth = 32;
	pt.numjobs = 4;
	pt.runtime_s = 30;
	pt.kind = DD_KIND_CURVE_MAX;
	pt.group = 1;
	snprintf(pt.profile, sizeof pt.profile, "4K random read");
	snprintf(pt.name, sizeof pt.name, "4K randread QD32 x4 max");
	assert_int_equal(plan_append(plan, &pt, &err), 0);
	for (unsigned k = 1; k <= 10; k++) {
		pt.kind = DD_KIND_CURVE_STEP;
		pt.rate_pct = 10.0 * k;
		pt.seq = k;
		snprintf(pt.name, sizeof pt.name, "4K randread QD32 x4 @%u%%", 10 * k);
		assert_int_equal(plan_append(plan, &pt, &err), 0);
	}
}

/* A curve point's figures: a fixed function of its load (the maximum runs
 * at 650K IOPS; latency climbs towards it). */
static struct sweep_summary
fx_curve_summary(const struct dd_point *pt, size_t index)
{
	struct sweep_summary s = fx_summary(pt, index);
	double		     rho = pt->kind == DD_KIND_CURVE_STEP ? pt->rate_pct / 100 : 1;

	s.rate_iops = pt->kind == DD_KIND_CURVE_STEP ? 650000 * fx_iops_x * rho : 0;
	s.iops = pt->kind == DD_KIND_CURVE_STEP ? s.rate_iops * 0.998 : 650000 * fx_iops_x;
	s.mbps = s.iops * pt->bs / 1e6;
	s.mean_us = (70 + 120 * pow(rho, 4)) * fx_lat_x;
	s.p99_us = s.mean_us * 2.2;
	s.p50_us = s.mean_us * 0.9;
	s.p999_us = s.mean_us * 4;
	s.max_us = s.mean_us * 9;
	s.rate_spread = pt->kind == DD_KIND_CURVE_STEP ? 0.01 : NAN;
	s.read_share = 100;
	s.read_mean_us = s.mean_us;
	s.read_p99_us = s.p99_us;
	s.write_mean_us = s.write_p99_us = NAN;
	return s;
}

/* The Sweep screen live on a load curve: the maximum and six steps done,
 * the seventh (70 %) running, the PM1743 7.68 TB (reviewed with VDBench)
 * the reference. */
static void
fx_curve_live(struct tui *t)
{
	struct tui_sweep *s = &t->sweep;
	struct dd_error	  err = { 0 };
	const size_t	  cur = 7;

	fx_curve_plan(&s->plan);
	snprintf(s->tgt.path, sizeof s->tgt.path, "%s", fx_path);
	snprintf(s->what, sizeof s->what, "block device nvme0n1");
	s->tgt.fd = -1;
	s->tgt.is_blockdev = true;
	s->tgt.size = fx_ns.size_bytes;
	s->tgt.lbs = 4096;
	assert_int_equal(sweep_create(&s->sw, &s->tgt, &s->plan, &err), 0);
	assert_int_equal(tui_sheet_load(&s->ref, t->db, fx_pick(t, "samsung-pm1743", 7680),
					&err), 0);
	s->sn = fx_snapshot(&s->plan);
	s->sn->index = cur;
	s->sn->current = s->plan.points[cur];
	s->sn->current.rate_iops = 650000 * fx_iops_x * 0.7;
	s->sn->running = fx_curve_summary(&s->sn->current, cur);
	for (size_t i = 0; i < s->sn->nlive; i++)
		s->sn->live[i].iops = s->sn->running.iops * (0.995 + (double)(i % 3) / 200);
	s->sn->nfinished = cur;
	for (size_t k = 0; k < cur; k++)
		s->sn->finished[k] = fx_curve_summary(&s->plan.points[k], k);
	s->gen = s->sn->generation;
	s->mode = TUI_SWEEP_LIVE;
	s->running = true;
}

/* A stored load curve: every point of fx_curve_plan as results_run_load
 * returns it (kinds, groups and rates stored), for tui_sweep_show. */
static void
fx_curve_run(struct results_run *run)
{
	struct dd_plan	plan;
	struct dd_error err = { 0 };

	memset(run, 0, sizeof *run);
	fx_curve_plan(&plan);
	fx_prov(&run->prov, 9, "PM1743 scratch \u00b7 curve-4k-randread \u00b7 2026-11-09 14:03",
		"done", plan.npoints, 650000, 2662, NAN);
	snprintf(run->prov.plan_name, sizeof run->prov.plan_name, "%s", plan.name);
	/* Swept against the PM1743 7.68 TB: the reference the test holds it to. */
	snprintf(run->prov.drive_id, sizeof run->prov.drive_id, "samsung-pm1743-7680");
	for (size_t i = 0; i < plan.npoints; i++) {
		struct results_point pt = { .index = i, .r = fx_result(&plan.points[i], i) };

		pt.sum = fx_curve_summary(&plan.points[i], i);
		pt.r->point.rate_iops = pt.sum.rate_iops;
		pt.r->iops = pt.sum.iops;
		pt.r->mbps = pt.sum.mbps;
		assert_int_equal(results_run_add(run, &pt, &err), 0);
	}
	plan_free(&plan);
}

/* Checkpoint bursts: 3 passes of 4 checkpoints, 8 ranks writing 2 GiB in
 * all each time; pass 1 faster (the drive still fresh), as in the reviews. */
static void
fx_ckpt_done(struct tui *t)
{
	struct dd_plan	  plan;
	struct dd_point	  pt;
	struct dd_error	  err = { 0 };
	struct dd_result *res[12];

	plan_init(&plan, "checkpoint");
	plan_point_defaults(&pt);
	pt.pattern = DD_WRITE;
	pt.bs = 1u << 20;
	pt.iodepth = 1;
	pt.numjobs = 8;
	pt.bytes = 2ull << 30;
	pt.kind = DD_KIND_CHECKPOINT;
	pt.group = 1;
	pt.end_fsync = true;
	snprintf(pt.profile, sizeof pt.profile, "checkpoint");
	for (unsigned pass = 1; pass <= 3; pass++)
		for (unsigned k = 1; k <= 4; k++) {
			pt.pass = pass;
			pt.seq = k;
			pt.runtime_s = (pass == 1 ? 0.60 : 0.74) + 0.01 * k;
			snprintf(pt.name, sizeof pt.name, "checkpoint %u.%u", pass, k);
			assert_int_equal(plan_append(&plan, &pt, &err), 0);
		}
	for (size_t i = 0; i < plan.npoints; i++)
		res[i] = fx_result(&plan.points[i], i);
	fx_sweep_finished(t, &plan, res, "kioxia-cd9p-r", 7680, 5, NULL);
}

/* A sustained write with a cliff: 2,000 MB/s for 24 s, then 480 MB/s. */
static void
fx_cliff_done(struct tui *t)
{
	struct dd_plan	  plan;
	struct dd_point	  pt;
	struct dd_error	  err = { 0 };
	struct dd_result *res[1];

	plan_init(&plan, "cliff");
	plan_point_defaults(&pt);
	pt.pattern = DD_WRITE;
	pt.bs = 128u << 10;
	pt.iodepth = 32;
	pt.numjobs = 1;
	pt.runtime_s = 60;
	pt.kind = DD_KIND_CLIFF;
	snprintf(pt.name, sizeof pt.name, "128K write QD32 cliff");
	assert_int_equal(plan_append(&plan, &pt, &err), 0);
	res[0] = fx_result(&plan.points[0], 0);
	res[0]->nintervals = 300;
	for (size_t i = 0; i < res[0]->nintervals; i++) {
		double wobble = (double)(i % 7) / 100, mbps = (i < 120 ? 2000 : 480) * (0.97 + wobble);

		mbps *= fx_seq_x > 1 ? 14 : 1;	/* long: 28,000 MB/s, then 6,720 */

		res[0]->intervals[i].t_s = 0.2 * (double)(i + 1);
		res[0]->intervals[i].mbps = mbps;
		res[0]->intervals[i].iops = mbps * 1e6 / pt.bs;
	}
	res[0]->mbps = (2000 * 120 + 480 * 180) / 300.0 * (fx_seq_x > 1 ? 14 : 1);
	res[0]->iops = res[0]->mbps * 1e6 / pt.bs;
	fx_sweep_finished(t, &plan, res, "kioxia-cd9p-r", 7680, 0, NULL);
}

/* A finished sustained write without a cliff: n intervals at 1,749 MB/s (0:
 * shorter than one interval, as a small target at a 1 s interval). */
static void
fx_cliff_flat(struct tui *t, size_t n)
{
	struct dd_plan	  plan;
	struct dd_point	  pt;
	struct dd_error	  err = { 0 };
	struct dd_result *res[1];

	plan_init(&plan, "cliff");
	plan_point_defaults(&pt);
	pt.pattern = DD_WRITE;
	pt.bs = 128u << 10;
	pt.iodepth = 32;
	pt.numjobs = 1;
	pt.runtime_s = 0.5;
	pt.kind = DD_KIND_CLIFF;
	snprintf(pt.name, sizeof pt.name, "128K write QD32 cliff");
	assert_int_equal(plan_append(&plan, &pt, &err), 0);
	res[0] = fx_result(&plan.points[0], 0);
	res[0]->nintervals = n;
	for (size_t i = 0; i < n; i++) {
		res[0]->intervals[i].t_s = 1.0 * (double)(i + 1);
		res[0]->intervals[i].mbps = 1749;
		res[0]->intervals[i].iops = 1749e6 / pt.bs;
	}
	res[0]->mbps = 1749;
	res[0]->iops = res[0]->mbps * 1e6 / pt.bs;
	fx_sweep_finished(t, &plan, res, "kioxia-cd9p-r", 7680, 0, NULL);
}

/* The lab's overlay (tests/lib/lab-targets.sql): the family lab-emu, its 1 GB
 * point "QEMU NVMe Ctrl" and three acceptance targets (rand_read >= 1,000
 * IOPS at 4K QD4x1 1 s, 5 %; seq_read >= 1 TB/s at 128K QD8x1 1 s, the 1 GB
 * point's own; rand_write >= 1,000 IOPS at 4K QD1x1 1 s). */
static const char *const fx_lab_files[] = { TOP_SRCDIR "/tests/lib/lab-targets.sql" };
static const struct specdb_open_opts fx_lab = {
	.overlay_dir = "", .extra = fx_lab_files, .nextra = 1,
};

/* A sweep on the lab's drive at its targets' conditions, 1 s each: 4K
 * random read QD4x1 (its target passes: fx_summary gives 1.14M IOPS), 128K
 * read QD8x1 (its 1 TB/s target fails), 4K random read QD1x1 (no target:
 * the spec judges it); the reference the 1 GB point, the cursor on sel. */
static void
fx_sweep_target(struct tui *t, int sel)
{
	static const struct {
		enum dd_pattern pat;
		unsigned	bs, qd;
		const char     *name;
	} pts[] = {
		{ DD_RANDREAD, 4096, 4, "4K randread QD4 x1" },
		{ DD_READ, 131072, 8, "128K read QD8 x1" },
		{ DD_RANDREAD, 4096, 1, "4K randread QD1 x1" },
	};
	struct dd_plan	  plan;
	struct dd_point	  pt;
	struct dd_error	  err = { 0 };
	struct dd_result *res[3];

	plan_init(&plan, "lab-accept");
	for (size_t i = 0; i < 3; i++) {
		plan_point_defaults(&pt);
		pt.pattern = pts[i].pat;
		pt.bs = pts[i].bs;
		pt.iodepth = pts[i].qd;
		pt.numjobs = 1;
		pt.runtime_s = 1;
		snprintf(pt.name, sizeof pt.name, "%s", pts[i].name);
		assert_int_equal(plan_append(&plan, &pt, &err), 0);
	}
	for (size_t i = 0; i < plan.npoints; i++) {
		res[i] = fx_result(&plan.points[i], i);
		res[i]->nintervals = 5;	/* 1 s of 0.2 s intervals */
	}
	fx_sweep_finished(t, &plan, res, "lab-emu", 1, sel, NULL);
}

/* One stored run as results_list returns it. */
static void
fx_prov(struct results_prov *p, int64_t id, const char *name, const char *state, size_t npoints,
	double iops, double mbps, double qd1)
{
	memset(p, 0, sizeof *p);
	p->id = id;
	snprintf(p->name, sizeof p->name, "%s", name);
	snprintf(p->state, sizeof p->state, "%s", state);
	snprintf(p->host, sizeof p->host, "lab-host-1");
	snprintf(p->kernel, sizeof p->kernel, "6.1.0-fixture");
	snprintf(p->cpu_model, sizeof p->cpu_model, "Fixture CPU @ 3.0GHz");
	p->ncpus = 16;
	snprintf(p->version, sizeof p->version, "drivedash 0.1.0");
	snprintf(p->target_path, sizeof p->target_path, "%s", fx_path);
	snprintf(p->target_desc, sizeof p->target_desc, "block device nvme0n1");
	snprintf(p->drive_label, sizeof p->drive_label, "KIOXIA CD9P-R 7.68 TB");
	snprintf(p->engine, sizeof p->engine, "spin=off iopoll=off batch=auto");
	snprintf(p->start_utc, sizeof p->start_utc, "2026-11-%02dT13:03:07Z", (int)id);
	snprintf(p->end_utc, sizeof p->end_utc, "2026-11-%02dT13:09:41Z", (int)id);
	p->npoints = npoints;
	p->best_iops = iops;
	p->best_mbps = mbps;
	p->qd1_mean_us = qd1;
}

/* The History screen's list: three stored runs, the second marked, the
 * cursor on it. */
static void
fx_history(struct tui *t)
{
	struct tui_history *h = &t->history;

	h->runs = calloc(3, sizeof *h->runs);
	assert_non_null(h->runs);
	fx_prov(&h->runs[0], 14, "CD9P-R 7.68 TB SNFIXTURE0001 \u00b7 review \u00b7 2026-11-14 14:03",
		"running", 37, 2.17e6, 14236, 30.8);
	fx_prov(&h->runs[1], 12, "CD9P-R 7.68 TB SNFIXTURE0001 \u00b7 spot \u00b7 2026-11-12 14:03",
		"done", 8, 1.99e6, 13373, 31.2);
	fx_prov(&h->runs[2], 3, "dd.dat on /dev/vda1 \u00b7 spot \u00b7 2026-11-03 14:03",
		"cancelled", 3, 500e3, NAN, NAN);
	snprintf(h->runs[2].drive_label, sizeof h->runs[2].drive_label, "%s", "");
	snprintf(h->runs[2].stopped_by, sizeof h->runs[2].stopped_by, "user");
	h->n = 3;
	h->sel = 1;
	h->marks[h->nmarks++] = 12;
	h->loaded = true;
	snprintf(h->path, sizeof h->path, "/fixture/drivedash/results.db");
}

/* A finished run of every spot point, for Compare. */
static void
fx_run(struct tui *t)
{
	struct tui_run	     *r = &t->runs[t->nruns];
	struct dd_plan	      plan;
	struct dd_preset_opts po = { .allow_write = true };
	struct dd_error	      err = { 0 };

	assert_int_equal(plan_preset("spot", &po, &plan, &err), 0);
	r->pts = calloc(plan.npoints, sizeof *r->pts);
	assert_non_null(r->pts);
	for (size_t i = 0; i < plan.npoints; i++) {
		r->pts[i].pt = plan.points[i];
		r->pts[i].sum = fx_summary(&plan.points[i], i);
	}
	r->n = plan.npoints;
	r->state = SWEEP_DONE;
	r->ref = fx_pick(t, "kioxia-cd9p-r", 7680);
	snprintf(r->label, sizeof r->label, "run %u nvme0n1", ++t->run_seq);
	snprintf(r->plan, sizeof r->plan, "%s", plan.name);
	plan_free(&plan);
	t->nruns++;
}

/* The database reopened with the overlay o on top (as the dashboard
 * opens it with a lab's files), its families read again. */
static void
fx_tui_overlay(struct tui *t, const struct specdb_open_opts *o)
{
	struct dd_error err = { 0 };
	char	       *path = specdb_locate(t->opts.db_path, &err);

	specdb_close(t->db);
	t->db = NULL;
	if (path == NULL || specdb_open_with(path, o, &t->db, &err) < 0 ||
	    specdb_families(t->db, &t->arena, &t->fams, &t->nfams, &err) < 0)
		fail_msg("%s with %s: %s", path != NULL ? path : "the database",
			 o->nextra > 0 ? o->extra[0] : "no file", err.msg);
	free(path);
	t->ndrives = 0;
	for (size_t i = 0; i < t->nfams; i++)
		t->ndrives += t->fams[i].ndrives;
}

/* A dashboard on the fixed data (the overlay o on the database; NULL:
 * none), on the Drives screen, UTF-8 glyphs. */
static struct tui *
fx_tui_with(const struct specdb_open_opts *o)
{
	struct tui_opts opts = { .db_path = getenv("DRIVEDASH_DB"),
				 .times = { .runtime_s = -1, .ramp_s = -1 } };
	struct dd_error err = { 0 };
	struct tui     *t;

	if (tui_create(&opts, &t, &err) < 0)
		fail_msg("tui_create (DRIVEDASH_DB=%s): %s", opts.db_path ? opts.db_path : "unset",
			 err.msg);
	if (o != NULL)
		fx_tui_overlay(t, o);
	tui_set_charset(t, true);
	t->info.ctrls = &fx_ctrl;
	t->info.nctrls = 1;
	t->info.blockdevs = fx_bdevs;
	t->info.nblockdevs = sizeof fx_bdevs / sizeof fx_bdevs[0];
	t->detected = true;
	tui_detect_list(t);
	tui_drives_rebuild(t);
	t->view = TUI_VIEW_DRIVES;
	return t;
}

/* A dashboard on the fixed data, on the Drives screen, UTF-8 glyphs. */
static struct tui *
fx_tui(void)
{
	return fx_tui_with(NULL);
}

/* ---- Comparing with the stored screens ---- */

/* Read a whole file; NULL if it cannot be read. */
static char *
golden_read(const char *path)
{
	FILE *f = fopen(path, "r");
	char *buf;
	long  n;

	if (f == NULL)
		return NULL;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	buf = malloc((size_t)n + 1);
	if (buf != NULL && fread(buf, 1, (size_t)n, f) == (size_t)n) {
		buf[n] = '\0';
	} else {
		free(buf);
		buf = NULL;
	}
	fclose(f);
	return buf;
}

/* Line y of text (without its newline) into out. */
static void
golden_line(const char *text, int y, char *out, size_t len)
{
	const char *p = text, *end;

	for (int i = 0; i < y && p != NULL; i++) {
		p = strchr(p, '\n');
		p = p != NULL ? p + 1 : NULL;
	}
	if (p == NULL || *p == '\0') {
		snprintf(out, len, "(no such row)");
		return;
	}
	end = strchr(p, '\n');
	snprintf(out, len, "%.*s", (int)(end != NULL ? end - p : (long)strlen(p)), p);
}

/* The first row where two screens differ; -1 if they are the same. */
static int
golden_first_diff(const char *want, const char *got)
{
	int y = 0;

	for (; *want != '\0' && *want == *got; want++, got++)
		y += *want == '\n';
	return *want == '\0' && *got == '\0' ? -1 : y;
}

/* Compare the screen in cb with golden file name (or store it). */
static void
golden_check(const char *name, const struct cellbuf *cb)
{
	char  path[4096], want_row[1024], got_row[1024];
	char *got = cellbuf_to_text(cb), *want;
	int   y;

	assert_non_null(got);
	snprintf(path, sizeof path, "%s/%s-%dx%d.txt", GOLDEN_DIR, name, cb->w, cb->h);
	if (getenv("DD_GOLDEN_UPDATE") != NULL && strcmp(getenv("DD_GOLDEN_UPDATE"), "1") == 0) {
		FILE *f = fopen(path, "w");

		if (f == NULL || fputs(got, f) < 0 || fclose(f) != 0)
			fail_msg("cannot write %s: %s", path, strerror(errno));
		printf("# wrote %s\n", path);
		free(got);
		return;
	}
	want = golden_read(path);
	if (want == NULL) {
		free(got);
		fail_msg("%s: cannot read (%s); create it with `make golden-update`", path,
			 strerror(errno));
	}
	y = golden_first_diff(want, got);
	if (y >= 0) {
		golden_line(want, y, want_row, sizeof want_row);
		golden_line(got, y, got_row, sizeof got_row);
		printf("# %s differs from the screen, first at row %d (0 is the title bar):\n"
		       "#   want |%s|\n#   got  |%s|\n"
		       "# if the change is intended: make golden-update, then review git diff %s\n",
		       path, y, want_row, got_row, "tests/screens/golden");
	}
	free(want);
	free(got);
	assert_int_equal(y, -1);
}

/* Render a frame of t at w x h and drop it. */
static void
screen_render(struct tui *t, int w, int h)
{
	struct cellbuf *cb = cellbuf_create(w, h);

	assert_non_null(cb);
	tui_render(t, cb);
	cellbuf_free(cb);
}

/* Render t at w x h and compare with golden name. */
static void
screen_check(struct tui *t, const char *name, int w, int h)
{
	struct cellbuf *cb = cellbuf_create(w, h);

	assert_non_null(cb);
	tui_render(t, cb);
	golden_check(name, cb);
	cellbuf_free(cb);
}

/* Render t at every size in sizes[]. */
static void
screen_check_sizes(struct tui *t, const char *name)
{
	for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
		screen_check(t, name, sizes[i].w, sizes[i].h);
}

/* ---- The screens ---- */

/* Drives: the fixed devices (one matched) above the database's families. */
static void
test_drives(void **state)
{
	struct tui *t = fx_tui();

	(void)state;
	screen_check_sizes(t, "drives");
	tui_set_charset(t, false);
	screen_check(t, "drives-ascii", 80, 24);
	tui_free(t);
}

/* Spec sheet of the CD9P-R 7.68 TB. */
static void
test_sheet(void **state)
{
	struct tui *t = fx_tui();

	(void)state;
	tui_sheet_open(t, fx_pick(t, "kioxia-cd9p-r", 7680));
	assert_int_equal(t->view, TUI_VIEW_SHEET);
	screen_check_sizes(t, "sheet");
	tui_free(t);
}

/* Live sweep: the running point with its bars, three finished points. */
static void
test_sweep_live(void **state)
{
	struct tui *t = fx_tui();

	(void)state;
	fx_sweep_live(t);
	t->view = TUI_VIEW_SWEEP;
	screen_check_sizes(t, "sweep-live");
	tui_free(t);
}

/* A sweep that ended: the cursor's point in the bars, its intervals in the
 * graph, latency in the finished list; w steps the heat map's workload. */
static void
test_sweep_done(void **state)
{
	struct tui	*t = fx_tui();
	struct tui_event w = { .key = 'w' }, up = { .key = TUI_KEY_UP };

	(void)state;
	fx_sweep_done(t);
	t->view = TUI_VIEW_SWEEP;
	screen_check_sizes(t, "sweep-done");
	/* The cursor moves and the heat map steps on. */
	screen_render(t, 132, 43);
	tui_handle(t, &up);
	assert_int_equal(tui_sweep_selected(t), 2);
	tui_handle(t, &w);
	assert_int_not_equal(t->sweep.heat_shape, -1);
	tui_free(t);
}

/* The drill-down of a finished point: interval graph, percentiles,
 * histogram; Enter opens it, j moves to the next point, Esc closes it. */
static void
test_point(void **state)
{
	struct tui	*t = fx_tui();
	struct tui_event enter = { .key = TUI_KEY_ENTER }, esc = { .key = TUI_KEY_ESC };
	struct tui_event j = { .key = 'j' };

	(void)state;
	fx_sweep_done(t);
	t->view = TUI_VIEW_SWEEP;
	screen_render(t, 80, 24);
	tui_handle(t, &enter);
	assert_true(t->sweep.drill);
	screen_check_sizes(t, "point");
	tui_handle(t, &j);
	assert_int_equal(tui_sweep_selected(t), 4);
	tui_handle(t, &esc);
	assert_false(t->sweep.drill);
	assert_int_equal(t->view, TUI_VIEW_SWEEP);
	tui_free(t);
}

/* History: stored runs with their headline figures and state, one marked,
 * the selected run's provenance below; d asks before deleting. */
static void
test_history(void **state)
{
	struct tui	*t = fx_tui();
	struct tui_event d = { .key = 'd' }, n = { .key = 'n' };
	struct cellbuf	*cb = cellbuf_create(80, 24);
	char		*text;

	(void)state;
	assert_non_null(cb);
	fx_history(t);
	t->view = TUI_VIEW_HISTORY;
	screen_check_sizes(t, "history");
	/* d: the question, and any key but y keeps the run (no store touched). */
	tui_render(t, cb);
	tui_handle(t, &d);
	assert_true(t->history.confirm);
	tui_render(t, cb);
	text = cellbuf_to_text(cb);
	assert_non_null(text);
	assert_non_null(strstr(text, "delete run #12 and its 8 points? y deletes"));
	free(text);
	tui_handle(t, &n);
	assert_false(t->history.confirm);
	assert_int_equal(t->history.n, 3);
	cellbuf_free(cb);
	tui_free(t);
}

/* A stored run shown in the Sweep screen (tui_sweep_show): a finished sweep
 * that took the run's results, titled by the run, its cursor on the first
 * point, and the drill-down of its points. */
static void
test_stored_run(void **state)
{
	struct tui	   *t = fx_tui();
	struct results_run  run;
	struct dd_plan	    plan;
	struct dd_preset_opts po = { .allow_write = true };
	struct dd_error	    err = { 0 };
	struct cellbuf	   *cb = cellbuf_create(132, 43);
	struct tui_event    enter = { .key = TUI_KEY_ENTER };
	char		   *text;

	(void)state;
	assert_non_null(cb);
	memset(&run, 0, sizeof run);
	assert_int_equal(plan_preset("spot", &po, &plan, &err), 0);
	fx_prov(&run.prov, 7, "CD9P-R 7.68 TB SNFIXTURE0001 \u00b7 spot \u00b7 2026-11-07 14:03",
		"cancelled", 3, 1.99e6, 13373, 31.2);
	snprintf(run.prov.plan_name, sizeof run.prov.plan_name, "spot");
	for (size_t i = 0; i < 3; i++) {
		struct results_point pt = { .index = i, .r = fx_result(&plan.points[i], i) };

		sweep_summarize(pt.r, &pt.sum);
		assert_int_equal(results_run_add(&run, &pt, &err), 0);
	}
	assert_int_equal(tui_sweep_show(t, &run, &err), 0);
	for (size_t i = 0; i < run.n; i++)
		assert_null(run.pts[i].r);	/* taken over by the sweep */
	results_run_free(&run);
	t->view = TUI_VIEW_SWEEP;
	assert_int_equal(tui_sweep_selected(t), 0);
	tui_render(t, cb);
	text = cellbuf_to_text(cb);
	assert_non_null(text);
	assert_non_null(strstr(text, "Run #7 \u00b7 CD9P-R 7.68 TB SNFIXTURE0001"));
	assert_non_null(strstr(text, "3 of 3 points (stopped)"));
	assert_non_null(strstr(text, "point 1 of 3"));
	free(text);
	tui_handle(t, &enter);
	tui_render(t, cb);
	text = cellbuf_to_text(cb);
	assert_non_null(text);
	assert_non_null(strstr(text, "p99.99"));
	assert_non_null(strstr(text, "histogram"));
	free(text);
	plan_free(&plan);
	cellbuf_free(cb);
	tui_free(t);
}

/* A load curve growing live: the finished steps, the running step, the
 * peak, the targets and the PM1743's published VDBench point; p plots p99. */
static void
test_curve_live(void **state)
{
	struct tui	*t = fx_tui();
	struct tui_event p = { .key = 'p' };
	struct cellbuf	*cb = cellbuf_create(132, 43);
	char		*text;

	(void)state;
	assert_non_null(cb);
	fx_curve_live(t);
	t->view = TUI_VIEW_SWEEP;
	screen_check_sizes(t, "curve-live");
	tui_set_charset(t, false);
	screen_check(t, "curve-live-ascii", 80, 24);
	tui_set_charset(t, true);
	tui_handle(t, &p);
	assert_true(t->sweep.curve_p99);
	tui_render(t, cb);
	text = cellbuf_to_text(cb);
	assert_non_null(text);
	assert_non_null(strstr(text, "p99 lat vs IOPS"));
	free(text);
	cellbuf_free(cb);
	tui_free(t);
}

/* A stored load curve (History -> Enter) opens into the curve view, its
 * steps' targets and achieved rates in the finished list. */
static void
test_curve_stored(void **state)
{
	struct tui	  *t = fx_tui();
	struct results_run run;
	struct dd_error	   err = { 0 };
	struct cellbuf	  *cb = cellbuf_create(80, 24);
	char		  *text;

	(void)state;
	assert_non_null(cb);
	fx_curve_run(&run);
	assert_int_equal(tui_sheet_load(&t->sweep.ref, t->db,
					fx_pick(t, "samsung-pm1743", 7680), &err), 0);
	assert_int_equal(tui_sweep_show(t, &run, &err), 0);
	results_run_free(&run);
	t->view = TUI_VIEW_SWEEP;
	screen_check_sizes(t, "curve-done");
	tui_render(t, cb);
	text = cellbuf_to_text(cb);
	assert_non_null(text);
	assert_non_null(strstr(text, "mean lat vs IOPS"));
	assert_non_null(strstr(text, "@50% \u2192 325K"));
	free(text);
	cellbuf_free(cb);
	tui_free(t);
}

/* Checkpoint bars: the passes' means with the review's pass averages (at
 * this checkpoint's size), then every checkpoint. */
static void
test_ckpt(void **state)
{
	struct tui *t = fx_tui();

	(void)state;
	fx_ckpt_done(t);
	t->view = TUI_VIEW_SWEEP;
	screen_check_sizes(t, "ckpt");
	tui_set_charset(t, false);
	screen_check(t, "ckpt-ascii", 80, 24);
	tui_free(t);
}

/* The write cliff: the interval MB/s, the cliff found and marked, the
 * spec's sequential write as the target line. */
static void
test_cliff(void **state)
{
	struct tui     *t = fx_tui();
	struct cellbuf *cb = cellbuf_create(80, 24);
	char	       *text;

	(void)state;
	assert_non_null(cb);
	fx_cliff_done(t);
	t->view = TUI_VIEW_SWEEP;
	screen_check_sizes(t, "cliff");
	tui_set_charset(t, false);
	screen_check(t, "cliff-ascii", 80, 24);
	tui_render(t, cb);
	text = cellbuf_to_text(cb);
	assert_non_null(text);
	assert_non_null(strstr(text, "cliff at 24 s after 47.99 GB"));
	free(text);
	cellbuf_free(cb);
	tui_free(t);
}

/* A finished cliff run without a cliff says "no cliff found" (not "so
 * far"), and one shorter than an interval shows the rate it measured, not
 * 0 MB/s and -100 % of the spec. */
static void
test_cliff_none(void **state)
{
	static const size_t ns[] = { 0, 12 };

	(void)state;
	for (size_t k = 0; k < 2; k++) {
		struct tui     *t = fx_tui();
		struct cellbuf *cb = cellbuf_create(132, 43);
		char	       *text;

		assert_non_null(cb);
		fx_cliff_flat(t, ns[k]);
		t->view = TUI_VIEW_SWEEP;
		tui_render(t, cb);
		text = cellbuf_to_text(cb);
		assert_non_null(text);
		if (strstr(text, "no cliff found: 1,749 MB/s throughout") == NULL ||
		    strstr(text, "so far") != NULL || strstr(text, "-100") != NULL)
			fail_msg("%zu intervals:\n%s", ns[k], text);
		free(text);
		cellbuf_free(cb);
		tui_free(t);
	}
}

/* Render t at w x h and fail, showing the screen, unless every needle
 * (NULL-terminated) is on it; what says what the needles are. */
static void
screen_expect(struct tui *t, int w, int h, const char *what, ...)
{
	struct cellbuf *cb = cellbuf_create(w, h);
	char	       *text;
	const char     *needle;
	va_list		ap;

	assert_non_null(cb);
	tui_render(t, cb);
	text = cellbuf_to_text(cb);
	assert_non_null(text);
	va_start(ap, what);
	while ((needle = va_arg(ap, const char *)) != NULL)
		if (strstr(text, needle) == NULL) {
			for (const char *line = text; *line != '\0';) {
				const char *nl = strchr(line, '\n');
				int	    n = nl != NULL ? (int)(nl - line) : (int)strlen(line);

				printf("# |%.*s|\n", n, line);
				line += n + (nl != NULL);
			}
			va_end(ap);
			fail_msg("%s: \"%s\" is not on the %dx%d screen above", what, needle, w, h);
		}
	va_end(ap);
	free(text);
	cellbuf_free(cb);
}

/* Render t at w x h and fail, showing the screen, if needle is on it. */
static void
screen_refute(struct tui *t, int w, int h, const char *what, const char *needle)
{
	struct cellbuf *cb = cellbuf_create(w, h);
	char	       *text;

	assert_non_null(cb);
	tui_render(t, cb);
	text = cellbuf_to_text(cb);
	assert_non_null(text);
	if (strstr(text, needle) != NULL)
		fail_msg("%s (\"%s\" on the %dx%d screen):\n%s", what, needle, w, h, text);
	free(text);
	cellbuf_free(cb);
}

/* The sheet's capacity table marks a figure the point does not state
 * itself, the family's, in its cell: the 7400 PRO's speeds are family-wide
 * (each cell "(F)", the legend under the table); the CD9P-R's are its
 * points' own (no mark).  Before, the cells were plain numbers and only the
 * footer said "(or the family's)". */
static void
test_sheet_family_wide(void **state)
{
	struct tui *t = fx_tui();

	(void)state;
	tui_sheet_open(t, fx_pick(t, "micron-7400-pro", 7680));
	assert_int_equal(t->view, TUI_VIEW_SHEET);
	screen_expect(t, 80, 24, "7400 PRO sheet at 80x24", SPECDB_FAMILY_WIDE_MARK,
		      SPECDB_FAMILY_WIDE_LEGEND, NULL);
	screen_expect(t, 132, 43, "7400 PRO sheet at 132x43", SPECDB_FAMILY_WIDE_MARK,
		      SPECDB_FAMILY_WIDE_LEGEND, NULL);
	tui_free(t);
	t = fx_tui();
	tui_sheet_open(t, fx_pick(t, "kioxia-cd9p-r", 7680));
	screen_refute(t, 80, 24, "the CD9P-R's own figures are not marked family-wide",
		      SPECDB_FAMILY_WIDE_MARK);
	tui_free(t);
}

/* A sweep judged by the lab's acceptance targets: the cursor's point's
 * bars show its target first (the other rate's derived through bs), the
 * delta, the verdict and the target's source by name; the finished list
 * marks each target's PASS or FAIL where it has the room; a point without
 * a target keeps the spec line. */
static void
test_sweep_target(void **state)
{
	struct tui	*t = fx_tui_with(&fx_lab);
	struct tui_event down = { .key = 'j' }, up = { .key = 'k' };
	struct tui_event enter = { .key = TUI_KEY_ENTER };

	(void)state;
	fx_sweep_target(t, 0);
	t->view = TUI_VIEW_SWEEP;
	screen_check_sizes(t, "sweep-target");
	screen_expect(t, 80, 24, "the rand_read target's line on the IOPS bar",
		      "\n        \u2502 target >= 1,000 IOPS (+", "%) PASS lab: lab-targets.sql",
		      "\u2502 target >= 4 MB/s (+", "\u2502 lab or spec target", NULL);
	screen_expect(t, 132, 43, "the finished list's target verdicts",
		      "4K randread QD4 x1       1.14M       3.5/8.8  \u2502 target PASS",
		      "128K read QD8 x1       10,182 MB/s       103/257  \u2502 target FAIL",
		      "; from 1,000 IOPS at 4K; tolerance 5%", NULL);
	/* j: the 128K read point; its 1 TB/s target fails, on both bars. */
	tui_handle(t, &down);
	assert_int_equal(tui_sweep_selected(t), 1);
	screen_expect(t, 80, 24, "the seq_read target's line on the MB/s bar",
		      "\u2502 target >= 1,000,000 MB/s (-99.0%) FAIL lab: lab-targets.sql",
		      "\u2502 target >= 7.63M IOPS (-99.0%) FAIL lab: lab-targets.sql", NULL);
	/* j: QD1, no target: the spec's line, and no target on it. */
	tui_handle(t, &down);
	assert_int_equal(tui_sweep_selected(t), 2);
	screen_expect(t, 80, 24, "the spec line of the point without a target",
		      "\u2502 spec 1,000M IOPS (-100%) rated max", NULL);
	screen_refute(t, 80, 24, "a target line on the QD1 point, which has no target",
		      "target >=");
	/* The drill-down of the seq_read point: held against its target (FAIL),
	 * as its bars are, not against the spec the target outranks. */
	tui_handle(t, &up);
	tui_handle(t, &enter);
	assert_true(t->sweep.drill);
	screen_expect(t, 80, 24, "the drill-down's target line",
		      "target >= 1,000,000 MB/s (-99.0%) FAIL", NULL);
	screen_expect(t, 132, 43, "the drill-down's target line with its source",
		      "target >= 1,000,000 MB/s (-99.0%) FAIL lab: lab-targets.sql", NULL);
	screen_refute(t, 80, 24, "the drill-down shows a spec the target outranks", "spec ");
	tui_free(t);
}

/* The setup with a reference that has acceptance targets: the plan is the
 * preset plus the targets' points (as `check` runs them), and says so; the
 * same preset for a drive without targets has only its own points. */
static void
test_setup_targets(void **state)
{
	struct tui		    *t = fx_tui_with(&fx_lab);
	char			     want[96];
	struct dd_plan		     plan;
	struct dd_error		     err = { 0 };

	(void)state;
	tui_sweep_setup(t, fx_pick(t, "lab-emu", 1));
	assert_int_equal(tui_plan_build(t, t->sweep.preset_sel, true, &plan, &err), 0);
	t->view = TUI_VIEW_SWEEP;
	snprintf(want, sizeof want, "Plan spot: %zu points (3 for the lab's targets)",
		 plan.npoints + 3);
	screen_expect(t, 132, 43, "the setup's reference and plan lines with the lab's targets",
		      "QEMU Lab emulated NVMe 1 GB   3 lab targets first;", want, NULL);
	screen_expect(t, 80, 24, "the plan line at 80 columns", want, NULL);
	tui_sweep_setup(t, fx_pick(t, "kioxia-cd9p-r", 7680));
	snprintf(want, sizeof want, "Plan spot: %zu points, about", plan.npoints);
	screen_expect(t, 132, 43, "the plan line of a drive without targets", want, NULL);
	plan_free(&plan);
	tui_free(t);
}

/* The setup's preset list at 80x24: whichever preset the cursor is on is
 * on screen (the list scrolls; the plan line under it stays), and a list
 * longer than the rows says which part it shows. */
static void
test_setup_presets(void **state)
{
	struct tui		    *t = fx_tui();
	struct cellbuf		    *cb = cellbuf_create(80, 24);
	struct tui_event	     down = { .key = TUI_KEY_DOWN }, tab = { .key = TUI_KEY_TAB };
	size_t			     n;
	const struct dd_preset_info *pi = plan_presets(&n);
	char			    *text, want[64];

	(void)state;
	assert_non_null(cb);
	tui_sweep_setup(t, fx_pick(t, "kioxia-cd9p-r", 7680));
	t->view = TUI_VIEW_SWEEP;
	t->sweep.preset_sel = 0;
	tui_render(t, cb);
	tui_handle(t, &tab);
	assert_int_equal(t->sweep.field, 1);
	for (size_t i = 0; i < n; i++) {
		tui_render(t, cb);
		text = cellbuf_to_text(cb);
		assert_non_null(text);
		snprintf(want, sizeof want, "%s %s", t->sym->cursor, pi[i].name);
		if (strstr(text, want) == NULL)
			fail_msg("preset %zu (%s) is not on the 80x24 setup:\n%s", i, pi[i].name,
				 text);
		assert_non_null(strstr(text, "Plan "));
		free(text);
		tui_handle(t, &down);
	}
	assert_int_equal(t->sweep.preset_sel, n - 1);
	cellbuf_free(cb);
	tui_free(t);
}

/* The setup's estimate of a byte-budget preset on a device: its size at the
 * reference's spec sequential write (the CD9P-R 7.68 TB's 7,000 MB/s: about
 * 18 minutes for cliff), never "about 0:00"; on a scratch file, unknown. */
static void
test_setup_estimate(void **state)
{
	struct tui		    *t = fx_tui();
	struct cellbuf		    *cb = cellbuf_create(132, 43);
	size_t			     n, cliff = SIZE_MAX, dev = SIZE_MAX;
	const struct dd_preset_info *pi = plan_presets(&n);
	char			    *text;

	(void)state;
	assert_non_null(cb);
	t->opts.allow_write = true;
	tui_sweep_setup(t, fx_pick(t, "kioxia-cd9p-r", 7680));
	t->view = TUI_VIEW_SWEEP;
	for (size_t i = 0; i < n; i++)
		if (strcmp(pi[i].name, "cliff") == 0)
			cliff = i;
	for (size_t i = 0; i < t->sweep.ntargets; i++)
		if (strcmp(t->sweep.targets[i].path, "/dev/nvme0n1") == 0)
			dev = i;
	assert_true(cliff != SIZE_MAX && dev != SIZE_MAX);
	t->sweep.preset_sel = cliff;
	t->sweep.target_sel = dev;
	t->sweep.targets[dev].bad = false;	/* the fixture's drive is not on this machine */
	tui_render(t, cb);
	text = cellbuf_to_text(cb);
	assert_non_null(text);
	if (strstr(text, "about 18:17 (byte budgets at the spec's sequential speed)") == NULL ||
	    strstr(text, "0:00") != NULL)
		fail_msg("cliff on /dev/nvme0n1:\n%s", text);
	free(text);
	for (size_t i = 0; i < t->sweep.ntargets; i++)
		if (!t->sweep.targets[i].device)
			dev = i;
	t->sweep.target_sel = dev;
	tui_render(t, cb);
	text = cellbuf_to_text(cb);
	assert_non_null(text);
	if (strstr(text, "time unknown (byte budgets, and no spec sequential speed") == NULL)
		fail_msg("cliff on a scratch file:\n%s", text);
	free(text);
	cellbuf_free(cb);
	tui_free(t);
}

/* A 70/30 mix: its reads' and writes' latency apart in the finished list
 * and in the drill-down. */
static void
test_mix(void **state)
{
	struct tui	 *t = fx_tui();
	struct cellbuf	 *cb = cellbuf_create(132, 43);
	struct tui_event  enter = { .key = TUI_KEY_ENTER };
	struct dd_plan	  plan;
	struct dd_point	  pt;
	struct dd_error	  err = { 0 };
	struct dd_result *res[1];
	char		 *text;

	(void)state;
	assert_non_null(cb);
	plan_init(&plan, "mix");
	plan_point_defaults(&pt);
	pt.pattern = DD_RANDRW;
	pt.read_pct = 70;
	pt.iodepth = 32;
	pt.numjobs = 4;
	pt.runtime_s = 10;
	snprintf(pt.name, sizeof pt.name, "4K randrw 70%% QD32 x4");
	assert_int_equal(plan_append(&plan, &pt, &err), 0);
	res[0] = fx_result(&plan.points[0], 0);
	res[0]->read_ios = res[0]->ios * 7 / 10;
	res[0]->read_lat = res[0]->lat;
	res[0]->read_lat.mean_us = 80.5;
	res[0]->write_lat = res[0]->lat;
	res[0]->write_lat.mean_us = 240.4;
	fx_sweep_finished(t, &plan, res, "kioxia-cd9p-r", 7680, 0, NULL);
	t->view = TUI_VIEW_SWEEP;
	tui_render(t, cb);
	text = cellbuf_to_text(cb);
	assert_non_null(text);
	assert_non_null(strstr(text, "r80.5 w240.4"));
	free(text);
	tui_handle(t, &enter);
	tui_render(t, cb);
	text = cellbuf_to_text(cb);
	assert_non_null(text);
	assert_non_null(strstr(text, "reads 70.0%: mean 80.5"));
	assert_non_null(strstr(text, "writes: mean 240.4"));
	free(text);
	cellbuf_free(cb);
	tui_free(t);
}

/* Compare: two marked drives and one finished run. */
static void
test_compare(void **state)
{
	struct tui *t = fx_tui();

	(void)state;
	assert_int_equal(tui_toggle_mark(t, fx_pick(t, "kioxia-cd9p-r", 7680)), 1);
	assert_int_equal(tui_toggle_mark(t, fx_pick(t, "micron-9550-max", 12800)), 2);
	fx_run(t);
	t->view = TUI_VIEW_COMPARE;
	screen_check_sizes(t, "compare");
	tui_free(t);
}

/* Compare: two runs of one serial, the later 5 % slower: its drift; the
 * rows scroll. */
static void
test_compare_drift(void **state)
{
	struct tui	*t = fx_tui();
	struct tui_event down = { .key = 'j' }, home = { .key = TUI_KEY_HOME };

	(void)state;
	fx_run(t);
	fx_run(t);
	for (size_t i = 0; i < 2; i++) {
		snprintf(t->runs[i].serial, sizeof t->runs[i].serial, "FIXTURE0001");
		t->runs[i].started = 1780000000 + (int64_t)i * 3600;
	}
	for (size_t k = 0; k < t->runs[1].n; k++) {
		t->runs[1].pts[k].sum.iops *= 0.95;
		t->runs[1].pts[k].sum.mbps *= 0.95;
		t->runs[1].pts[k].sum.mean_us *= 1.05;
	}
	t->view = TUI_VIEW_COMPARE;
	screen_check_sizes(t, "compare-drift");
	/* Two drives' rows more than fill 80x24: j scrolls one, the end holds.
	 * Keys act on the size of the last frame, as in the loop. */
	assert_int_equal(tui_toggle_mark(t, fx_pick(t, "kioxia-cd9p-r", 7680)), 1);
	assert_int_equal(tui_toggle_mark(t, fx_pick(t, "micron-9550-max", 12800)), 2);
	t->view = TUI_VIEW_COMPARE;
	screen_render(t, 80, 24);
	tui_handle(t, &down);
	screen_render(t, 80, 24);
	assert_int_equal(t->compare.top, 1);
	for (int i = 0; i < 100; i++)
		tui_handle(t, &down);
	screen_render(t, 80, 24);
	assert_true(t->compare.top >= 1 && t->compare.top < 30);
	tui_handle(t, &home);
	assert_int_equal(t->compare.top, 0);
	tui_free(t);
}

/* The text of a frame of t at w x h (the caller frees it). */
static char *
screen_text(struct tui *t, int w, int h)
{
	struct cellbuf *cb = cellbuf_create(w, h);
	char	       *text;

	assert_non_null(cb);
	tui_render(t, cb);
	text = cellbuf_to_text(cb);
	assert_non_null(text);
	cellbuf_free(cb);
	return text;
}

/* Row y of a frame's text, in buf. */
static const char *
text_row(const char *text, int y, char *buf, size_t len)
{
	for (int i = 0; i < y && text != NULL; i++)
		text = (text = strchr(text, '\n')) != NULL ? text + 1 : NULL;
	snprintf(buf, len, "%.*s", text != NULL ? (int)strcspn(text, "\n") : 0,
		 text != NULL ? text : "");
	return buf;
}

/* Compare: four stored runs at 80x24 show one column at a time, "1 of 4 ▸";
 * Right turns the page to the next run ("◂ 2 of 4 ▸"), Left back; at
 * 132x43 a page is three columns.  Each run is labelled by id, day and
 * host, what it measured under that. */
static void
test_compare_pages(void **state)
{
	struct tui	*t = fx_tui();
	struct tui_event right = { .key = TUI_KEY_RIGHT }, left = { .key = 'h' };
	char		*text, row[512];

	(void)state;
	for (int i = 0; i < 4; i++) {
		fx_run(t);
		t->runs[i].stored_id = 12 + i;
		t->runs[i].started = 1796300000 + (int64_t)i * 86400;	/* 2026-12-03 + i days */
		snprintf(t->runs[i].host, sizeof t->runs[i].host, "labhost.example.net");
	}
	t->view = TUI_VIEW_COMPARE;
	text = screen_text(t, 80, 24);
	/* Newest first: #15 leads. */
	assert_non_null(strstr(text_row(text, 1, row, sizeof row), "1 of 4 \u25b8"));
	assert_non_null(strstr(row, "#15 12-06 labhost"));
	assert_null(strstr(row, "\u25c2"));
	/* Under it, what the run measured (its name). */
	assert_non_null(strstr(text_row(text, 2, row, sizeof row), "run 4 nvme0n1"));
	assert_null(strstr(text, "#14"));
	free(text);
	tui_handle(t, &right);
	text = screen_text(t, 80, 24);
	assert_non_null(strstr(text_row(text, 1, row, sizeof row), "\u25c2 2 of 4 \u25b8"));
	assert_non_null(strstr(row, "#14 12-05 labhost"));
	assert_null(strstr(text, "#15"));
	free(text);
	for (int i = 0; i < 5; i++)
		tui_handle(t, &right);
	text = screen_text(t, 80, 24);
	assert_non_null(strstr(text_row(text, 1, row, sizeof row), "\u25c2 4 of 4"));
	assert_null(strstr(row, "\u25b8"));
	assert_non_null(strstr(row, "#12 12-03 labhost"));
	free(text);
	tui_handle(t, &left);
	text = screen_text(t, 80, 24);
	assert_non_null(strstr(text_row(text, 1, row, sizeof row), "\u25c2 3 of 4 \u25b8"));
	free(text);
	/* 132 columns hold three runs: a page is three. */
	t->compare.left = 0;
	text = screen_text(t, 132, 43);
	assert_non_null(strstr(text_row(text, 1, row, sizeof row), "1\u20133 of 4 \u25b8"));
	assert_non_null(strstr(row, "#13 12-04 labhost"));
	free(text);
	tui_handle(t, &right);
	text = screen_text(t, 132, 43);
	assert_non_null(strstr(text_row(text, 1, row, sizeof row), "\u25c2 4 of 4"));
	assert_non_null(strstr(row, "#12 12-03 labhost"));
	free(text);
	/* ASCII: "<" and ">". */
	tui_set_charset(t, false);
	t->compare.left = 1;
	screen_render(t, 80, 24);
	text = screen_text(t, 80, 24);
	assert_non_null(strstr(text_row(text, 1, row, sizeof row), "< 2 of 4 >"));
	free(text);
	tui_free(t);
}

/* Compare: runs are never labelled alike.  Two stored runs of one day
 * and host (two stores with the same id): the later added gets its time of
 * day; two runs not stored with one label: the day, time and host before it. */
static void
test_compare_labels(void **state)
{
	struct tui *t = fx_tui();
	char	   *text, row[1024];

	(void)state;
	for (int i = 0; i < 4; i++) {
		fx_run(t);
		snprintf(t->runs[i].label, sizeof t->runs[i].label, "spot nvme0n1");
		t->runs[i].started = 1796300000;	/* 2026-12-03 12:13 UTC */
		snprintf(t->runs[i].host, sizeof t->runs[i].host, "labhost");
		t->runs[i].stored_id = i < 2 ? 12 : 0;
	}
	t->view = TUI_VIEW_COMPARE;
	/* Three columns fit at 132; the fourth on the next page. */
	text = screen_text(t, 132, 43);
	text_row(text, 1, row, sizeof row);
	free(text);
	t->compare.left = 3;
	text = screen_text(t, 132, 43);
	text_row(text, 1, row + strlen(row), sizeof row - strlen(row));
	free(text);
	assert_non_null(strstr(row, " spot nvme0n1 "));
	assert_non_null(strstr(row, " 12-03 12:13 labhost spot nvme0n1 "));
	assert_non_null(strstr(row, " #12 12-03 labhost "));
	assert_non_null(strstr(row, " #12 12-03 labhost 12:13"));
	tui_free(t);
}

/* Help over the Drives screen. */
static void
test_help(void **state)
{
	struct tui	*t = fx_tui();
	struct tui_event ev = { .key = '?' };

	(void)state;
	/* Keys act on the size of the last frame, as in the loop. */
	screen_render(t, 80, 24);
	tui_handle(t, &ev);
	assert_true(t->help.up);
	screen_check_sizes(t, "help");
	tui_free(t);
}

/* The screen line (0-based) holding needle in text; -1 if none. */
static int
screen_line_of(const char *text, const char *needle)
{
	const char *hit = strstr(text, needle);
	int	    y = 0;

	if (hit == NULL)
		return -1;
	for (const char *c = text; c < hit; c++)
		y += *c == '\n';
	return y;
}

/* Many block devices (22 loop devices): DETECTED keeps to a third of an
 * 80x24 screen and says how many more there are, the database stays on
 * screen, and a device the cursor moves to scrolls into view. */
static void
test_drives_many_devices(void **state)
{
	static struct nvmeinfo_blockdev loops[22];
	static char			names[22][16], paths[22][24];
	struct tui		       *t = fx_tui();
	struct cellbuf		       *cb = cellbuf_create(80, 24);
	char			       *text;
	int				db_y;

	(void)state;
	assert_non_null(cb);
	for (size_t i = 0; i < 22; i++) {
		snprintf(names[i], sizeof names[i], "loop%zu", i);
		snprintf(paths[i], sizeof paths[i], "/dev/loop%zu", i);
		loops[i] = (struct nvmeinfo_blockdev){ .name = names[i], .path = paths[i],
			.kind = "loop", .size_bytes = 1u << 30, .logical_block_size = 512,
			.physical_block_size = 512 };
	}
	t->info.blockdevs = loops;
	t->info.nblockdevs = 22;
	tui_detect_list(t);
	tui_drives_rebuild(t);
	tui_render(t, cb);
	text = cellbuf_to_text(cb);
	assert_non_null(text);
	db_y = screen_line_of(text, "DATABASE");
	assert_true(db_y > 0);
	assert_true(db_y <= 2 + 24 / 3);
	assert_non_null(strstr(text, "more (the cursor scrolls)"));
	assert_non_null(strstr(text, "KIOXIA"));
	assert_null(strstr(text, "loop21 "));
	free(text);
	/* The last device, by the cursor: into view, the database still there. */
	for (size_t i = 0; i < t->drives.nrows; i++)
		if (t->drives.rows[i].kind == TUI_ROW_DEVICE)
			t->drives.sel = i;
	tui_render(t, cb);
	text = cellbuf_to_text(cb);
	assert_non_null(text);
	assert_non_null(strstr(text, "loop21"));
	assert_int_equal(screen_line_of(text, "DATABASE"), db_y);
	free(text);
	cellbuf_free(cb);
	tui_free(t);
}

/* ---- The Fleet screen ---- */

/* A rack of four, as a hosts file names them: two CD9P-R, a 9550 MAX over
 * IPv6, one host with no drive given. */
static const char *const fx_host_lines[] = {
	"10.0.0.11:8765 /dev/nvme0n1 KCD9XPJE7T68 - name=rack-a1",
	"10.0.0.12:8765 /dev/nvme0n1 KCD9XPJE7T68 - name=rack-a2",
	"[fd00::13]:8766 /dev/nvme1n1 micron-9550-max-12800 - name=rack-a3",
	"10.0.0.14 /dev/nvme0n1 - - name=rack-a4",
};
#define FX_NHOSTS (sizeof fx_host_lines / sizeof fx_host_lines[0])

/* The same rack with long names: labels, a by-id device path, a model. */
static const char *const fx_host_lines_long[] = {
	"10.0.0.11:8765 /dev/disk/by-id/nvme-KIOXIA_CD9P-R_61.44TB_SN0123456789 KCD9XPJE7T68 - "
	"name=rack-a1-enterprise-storage-node-001",
	"10.0.0.12:8765 /dev/nvme0n1 KCD9XPJE7T68 - name=rack-a2-enterprise-storage-node-002",
	"[fd00:1234:5678:9abc::13]:8766 /dev/nvme1n1 micron-9550-max-12800 - "
	"name=rack-a3-enterprise-storage-node-003",
	"10.0.0.14 /dev/nvme0n1 - - name=rack-a4-enterprise-storage-node-004",
};

static struct fleet_host fx_hosts[FX_NHOSTS];
static const char *const *fx_lines = fx_host_lines;

/* The dashboard as `ui --hosts` opens it: the Fleet setup, the fake
 * backend in place of fio. */
static struct tui *
fx_fleet_tui(void)
{
	struct tui     *t = fx_tui();
	struct dd_error err = { 0 };

	for (size_t i = 0; i < FX_NHOSTS; i++)
		if (hosts_parse_one(fx_lines[i], &fx_hosts[i], &err) < 0)
			fail_msg("%s: %s", fx_lines[i], err.msg);
	t->opts.hosts = fx_hosts;
	t->opts.nhosts = FX_NHOSTS;
	t->opts.fleet_backend = &fake_backend;
	t->opts.no_save = true;
	t->opts.time_scale = 0.01;
	tui_fleet_setup(t);
	t->view = TUI_VIEW_FLEET;
	return t;
}

/* Run the fleet to its end on the fake backend: poll the members' fds and
 * update, as the loop does (bounded: a hang fails the test). */
static void
fx_fleet_run(struct tui *t)
{
	assert_int_equal(tui_fleet_start(t), 0);
	for (int i = 0; i < 2000 && tui_fleet_running(t); i++) {
		struct pollfd pfd[HOSTS_MAX];
		size_t	      n = tui_fleet_pollfds(t, pfd, HOSTS_MAX);

		poll(pfd, (nfds_t)n, 100);
		tui_fleet_poll(t);
	}
	assert_false(tui_fleet_running(t));
	t->msg[0] = '\0';	/* "fleet ended ...": the screens show what follows */
}

/* No clock reaches a golden screen: the members' times fixed. */
static void
fx_fleet_times(struct tui *t)
{
	for (size_t i = 0; i < FX_NHOSTS; i++) {
		struct fleet_member *m = fleet_member(t->fleet.fl, i);

		if (m->sn != NULL) {
			m->sn->elapsed_s = 95 + 10 * (double)i;
			m->sn->eta_s = 240 - 30 * (double)i;
		}
	}
}

/* A host lost mid-run, as the fio backend says it. */
static void
fx_fleet_lost(struct fleet_member *m)
{
	m->state = FLEET_FAILED;
	m->status = -ECONNRESET;
	m->judged = false;
	m->sn->nfinished = m->sn->nresults = 3;
	snprintf(m->state_name, sizeof m->state_name, "lost");
	snprintf(m->message, sizeof m->message, "10.0.0.12:8765: the fio server went away "
		 "during point 4 of 8 (4K random read QD32 x4): the connection was reset; the "
		 "points before it are stored, the rest of the plan did not run on this host");
}

/* Member i running point cur of its plan at 40 %, live figures f x its
 * finished points' mean. */
static void
fx_fleet_running(struct fleet_member *m, size_t cur, double f)
{
	struct sweep_snapshot *sn = m->sn;

	assert_non_null(sn);
	assert_true(m->plan.npoints > cur);
	m->state = FLEET_RUNNING;
	m->judged = false;
	sn->state = SWEEP_RUNNING;
	sn->index = cur;
	sn->current = m->plan.points[cur];
	sn->point_progress = 0.4;
	sn->preconditioning = false;
	sn->nfinished = sn->nresults = cur;
	sn->nlive = 8;
	for (size_t k = 0; k < sn->nlive; k++) {
		struct sweep_summary s = fx_summary(&sn->current, cur);

		sn->live[k] = (struct dd_interval){ .t_s = (double)k + 1, .iops = s.iops * f,
						    .mbps = s.mbps * f, .mean_us = NAN,
						    .p99_us = NAN, .temp_c = NAN };
	}
}

/* Fleet setup: the hosts, their matches, the preset list. */
static void
test_fleet_setup(void **state)
{
	struct tui *t = fx_fleet_tui();

	(void)state;
	assert_true(t->fleet.setup);
	assert_null(t->fleet.fl);
	screen_check_sizes(t, "fleet-setup");
	tui_free(t);
}

/* Fleet live: two hosts running (bars against their drives, "p99 —"), one
 * connecting, one lost with its sentence in full. */
static void
test_fleet_live(void **state)
{
	struct tui *t = fx_fleet_tui();

	(void)state;
	fx_fleet_run(t);
	fx_fleet_running(fleet_member(t->fleet.fl, 0), 3, 0.97);
	fx_fleet_lost(fleet_member(t->fleet.fl, 1));
	fx_fleet_running(fleet_member(t->fleet.fl, 2), 2, 1.02);
	fleet_member(t->fleet.fl, 3)->state = FLEET_CONNECTING;
	fleet_member(t->fleet.fl, 3)->judged = false;
	fleet_member(t->fleet.fl, 3)->sn->state = SWEEP_RUNNING;
	fleet_member(t->fleet.fl, 3)->sn->nlive = 0;
	fx_fleet_times(t);
	t->fleet.running = true;
	screen_check_sizes(t, "fleet-live");
	/* Every sweep was joined: the members end as they did, so that
	 * fleet_destroy joins nothing again. */
	t->fleet.running = false;
	for (size_t i = 0; i < FX_NHOSTS; i++)
		if (fleet_member(t->fleet.fl, i)->state != FLEET_FAILED)
			fleet_member(t->fleet.fl, i)->state = FLEET_DONE;
	tui_free(t);
}

/* Fleet ended: verdicts per host, a lost host's sentence, the rack line;
 * Enter lends a host's sweep to the Sweep screen, Esc comes back; the
 * hosts' runs went to Compare. */
static void
test_fleet_done(void **state)
{
	struct tui	*t = fx_fleet_tui();
	struct tui_event enter = { .key = TUI_KEY_ENTER }, esc = { .key = TUI_KEY_ESC };
	struct tui_event down = { .key = 'j' }, f = { .key = 'f' };
	struct cellbuf	*cb = cellbuf_create(132, 43);
	char		*text;

	(void)state;
	assert_non_null(cb);
	fx_fleet_run(t);
	assert_int_equal(t->nruns, FX_NHOSTS);
	fx_fleet_lost(fleet_member(t->fleet.fl, 1));
	fx_fleet_times(t);
	screen_check_sizes(t, "fleet-done");
	tui_render(t, cb);
	text = cellbuf_to_text(cb);
	assert_non_null(text);
	assert_non_null(strstr(text, "rack: 3 done, 1 lost"));
	assert_non_null(strstr(text, "verdict FAIL"));
	assert_non_null(strstr(text, "the rest of the plan did not run on this host"));
	free(text);
	/* Enter on rack-a3: its sweep in the Sweep screen, borrowed. */
	tui_handle(t, &down);
	tui_handle(t, &down);
	tui_handle(t, &enter);
	assert_int_equal(t->view, TUI_VIEW_SWEEP);
	assert_true(t->sweep.borrowed);
	assert_ptr_equal(t->sweep.sw, fleet_member(t->fleet.fl, 2)->sw);
	tui_render(t, cb);
	text = cellbuf_to_text(cb);
	assert_non_null(text);
	assert_non_null(strstr(text, "rack-a3"));
	assert_non_null(strstr(text, "finished"));
	free(text);
	tui_handle(t, &esc);
	assert_int_equal(t->view, TUI_VIEW_FLEET);
	assert_false(t->sweep.borrowed);
	assert_null(t->sweep.sw);
	/* f from the borrowed sweep comes back too. */
	tui_handle(t, &enter);
	assert_true(t->sweep.borrowed);
	tui_handle(t, &f);
	assert_int_equal(t->view, TUI_VIEW_FLEET);
	assert_false(t->sweep.borrowed);
	cellbuf_free(cb);
	tui_free(t);
}

/* A host the fake backend loses on its second point (fail-at-2): its state
 * word and its own sentence under its row, the other host done, the rack
 * FAIL, both runs offered to Compare. */
static void
test_fleet_lost(void **state)
{
	static struct fleet_host hosts[2];
	struct tui		*t = fx_tui();
	struct cellbuf		*cb = cellbuf_create(80, 24);
	struct dd_error		 err = { 0 };
	char			*text, want[64];

	(void)state;
	assert_non_null(cb);
	assert_int_equal(hosts_parse_one("10.0.0.21 /dev/nvme0n1 KCD9XPJE7T68 - name=ok-host",
					 &hosts[0], &err), 0);
	assert_int_equal(hosts_parse_one("10.0.0.22 /dev/fail-at-2 KCD9XPJE7T68 - name=bad-host",
					 &hosts[1], &err), 0);
	t->opts.hosts = hosts;
	t->opts.nhosts = 2;
	t->opts.fleet_backend = &fake_backend;
	t->opts.no_save = true;
	t->opts.time_scale = 0.01;
	tui_fleet_setup(t);
	t->view = TUI_VIEW_FLEET;
	fx_fleet_run(t);
	assert_int_equal(fleet_member(t->fleet.fl, 1)->state, FLEET_FAILED);
	assert_int_equal(t->nruns, 2);
	tui_render(t, cb);
	text = cellbuf_to_text(cb);
	assert_non_null(text);
	assert_non_null(strstr(text, "rack: 1 done, 1 lost"));
	assert_non_null(strstr(text, "verdict FAIL"));
	snprintf(want, sizeof want, "%.30s", fleet_member(t->fleet.fl, 1)->message);
	assert_true(want[0] != '\0');
	if (strstr(text, want) == NULL)
		fail_msg("the lost host's sentence (%s) is not on the screen:\n%s", want, text);
	free(text);
	cellbuf_free(cb);
	tui_free(t);
}

/* Eight hosts on 80x24: the rows scroll with the cursor, the rack line
 * stays. */
static void
test_fleet_eight(void **state)
{
	static struct fleet_host hosts[8];
	struct tui		*t = fx_tui();
	struct cellbuf		*cb = cellbuf_create(80, 24);
	struct tui_event	 end = { .key = TUI_KEY_END };
	struct dd_error		 err = { 0 };
	char			 line[128], *text;

	(void)state;
	assert_non_null(cb);
	for (int i = 0; i < 8; i++) {
		snprintf(line, sizeof line, "10.0.1.%d /dev/nvme0n1 KCD9XPJE7T68 - name=node-%d", i + 1,
			 i + 1);
		assert_int_equal(hosts_parse_one(line, &hosts[i], &err), 0);
	}
	t->opts.hosts = hosts;
	t->opts.nhosts = 8;
	t->opts.fleet_backend = &fake_backend;
	t->opts.no_save = true;
	t->opts.time_scale = 0.01;
	tui_fleet_setup(t);
	t->view = TUI_VIEW_FLEET;
	fx_fleet_run(t);
	tui_render(t, cb);
	text = cellbuf_to_text(cb);
	assert_non_null(text);
	assert_non_null(strstr(text, "node-1 "));
	assert_null(strstr(text, "node-8 "));
	free(text);
	tui_handle(t, &end);
	assert_int_equal(t->fleet.sel, 7);
	tui_render(t, cb);
	text = cellbuf_to_text(cb);
	assert_non_null(text);
	assert_non_null(strstr(text, "node-8 "));
	assert_non_null(strstr(text, "rack: 8 done"));
	free(text);
	cellbuf_free(cb);
	tui_free(t);
}

/* ---- Long names and large figures ---- */

/* Drives: a detected controller and a disk with long models and a large size. */
static void
test_drives_long(void **state)
{
	struct tui *t;

	(void)state;
	fx_long(true);
	t = fx_tui();
	screen_check_sizes(t, "drives-long");
	tui_set_charset(t, false);
	screen_check(t, "drives-long-ascii", 80, 24);
	tui_free(t);
	fx_long(false);
}

/* Sweep live and done, and a point's drill-down, at 14.8M IOPS, 28,000
 * MB/s and latencies past 100,000 µs, on a by-id path. */
static void
test_sweep_long(void **state)
{
	struct tui	*t;
	struct tui_event enter = { .key = TUI_KEY_ENTER };

	(void)state;
	fx_long(true);
	t = fx_tui();
	fx_sweep_live(t);
	t->view = TUI_VIEW_SWEEP;
	screen_check_sizes(t, "sweep-live-long");
	tui_free(t);
	t = fx_tui();
	fx_sweep_done(t);
	t->view = TUI_VIEW_SWEEP;
	screen_check_sizes(t, "sweep-done-long");
	tui_set_charset(t, false);
	screen_check(t, "sweep-done-long-ascii", 80, 24);
	tui_set_charset(t, true);
	tui_handle(t, &enter);
	assert_true(t->sweep.drill);
	screen_check_sizes(t, "point-long");
	tui_free(t);
	fx_long(false);
}

/* The workload screens: a load curve live and stored, checkpoints, a cliff. */
static void
test_workload_long(void **state)
{
	struct tui	  *t;
	struct results_run run;
	struct dd_error	   err = { 0 };

	(void)state;
	fx_long(true);
	t = fx_tui();
	fx_curve_live(t);
	t->view = TUI_VIEW_SWEEP;
	screen_check_sizes(t, "curve-live-long");
	tui_free(t);
	t = fx_tui();
	fx_curve_run(&run);
	assert_int_equal(tui_sheet_load(&t->sweep.ref, t->db,
					fx_pick(t, "samsung-pm1743", 7680), &err), 0);
	assert_int_equal(tui_sweep_show(t, &run, &err), 0);
	results_run_free(&run);
	t->view = TUI_VIEW_SWEEP;
	screen_check_sizes(t, "curve-done-long");
	tui_free(t);
	t = fx_tui();
	fx_ckpt_done(t);
	t->view = TUI_VIEW_SWEEP;
	screen_check_sizes(t, "ckpt-long");
	tui_free(t);
	t = fx_tui();
	fx_cliff_done(t);
	t->view = TUI_VIEW_SWEEP;
	screen_check_sizes(t, "cliff-long");
	tui_free(t);
	fx_long(false);
}

/* Compare: two drives and two long-named runs at large figures. */
static void
test_compare_long(void **state)
{
	struct tui *t;

	(void)state;
	fx_long(true);
	t = fx_tui();
	assert_int_equal(tui_toggle_mark(t, fx_pick(t, "kioxia-cd9p-r", 7680)), 1);
	assert_int_equal(tui_toggle_mark(t, fx_pick(t, "micron-9550-max", 12800)), 2);
	fx_run(t);
	fx_run(t);
	snprintf(t->runs[0].label, sizeof t->runs[0].label, "%s", fx_long_name);
	snprintf(t->runs[1].label, sizeof t->runs[1].label, "run 2 %.56s", fx_long_path);
	t->view = TUI_VIEW_COMPARE;
	screen_check_sizes(t, "compare-long");
	tui_free(t);
	fx_long(false);
}

/* History: long run names, 14.8M IOPS, 28,000 MB/s, a QD1 latency of
 * 123,456 µs. */
static void
test_history_long(void **state)
{
	struct tui *t;

	(void)state;
	fx_long(true);
	t = fx_tui();
	fx_history(t);
	for (size_t i = 0; i < t->history.n; i++) {
		struct results_prov *p = &t->history.runs[i];

		snprintf(p->name, sizeof p->name, "%s SN0123456789ABCDEF \u00b7 review \u00b7 "
			 "2026-11-%02d 14:03", fx_long_name, (int)(14 - i));
		snprintf(p->drive_label, sizeof p->drive_label, "%s", fx_long_name);
		snprintf(p->host, sizeof p->host, "rack-a1-enterprise-storage-node-001.lab.example");
		p->best_iops = 14.8e6 / (double)(i + 1);
		p->best_mbps = 28000;
		p->qd1_mean_us = 123456;
	}
	t->view = TUI_VIEW_HISTORY;
	screen_check_sizes(t, "history-long");
	tui_free(t);
	fx_long(false);
}

/* Fleet live and done: long host names, a by-id path, an IPv6 address. */
static void
test_fleet_long(void **state)
{
	struct tui *t;

	(void)state;
	fx_long(true);
	fx_lines = fx_host_lines_long;
	t = fx_fleet_tui();
	fx_fleet_run(t);
	fx_fleet_lost(fleet_member(t->fleet.fl, 1));
	fx_fleet_times(t);
	screen_check_sizes(t, "fleet-done-long");
	tui_free(t);
	t = fx_fleet_tui();
	fx_fleet_run(t);
	fx_fleet_running(fleet_member(t->fleet.fl, 0), 3, 0.97);
	fx_fleet_lost(fleet_member(t->fleet.fl, 1));
	fx_fleet_running(fleet_member(t->fleet.fl, 2), 2, 1.02);
	fx_fleet_times(t);
	t->fleet.running = true;
	screen_check_sizes(t, "fleet-live-long");
	t->fleet.running = false;
	for (size_t i = 0; i < FX_NHOSTS; i++)
		if (fleet_member(t->fleet.fl, i)->state != FLEET_FAILED)
			fleet_member(t->fleet.fl, i)->state = FLEET_DONE;
	tui_free(t);
	fx_lines = fx_host_lines;
	fx_long(false);
}

/* ---- No figure cut at a panel's edge ---- */

/* Rows and columns a stored screen may have. */
#define CUT_ROWS 64
#define CUT_COLS 256

/* Whether column x of row y is a frame's right side: a vertical rule up to
 * the frame's top right corner ('│' to '┐'; ASCII '|' to '+'). */
static bool
cut_right_side(uint32_t rows[][CUT_COLS], const int *lens, int y, int x)
{
	for (int r = y; r >= 0; r--) {
		uint32_t c = x < lens[r] ? rows[r][x] : ' ';

		if (c == 0x2510 || c == '+')
			return r < y;
		if (c != 0x2502 && c != '|' && c != 0x2524)
			return false;
	}
	return false;
}

/* Whether the number ending at column x of a row is a tick label set into
 * a rule (an axis along a frame's border: "──4──"): a rule on its left too. */
static bool
cut_tick(const uint32_t *row, int x)
{
	int s = x;

	while (s > 0 && ((row[s - 1] >= '0' && row[s - 1] <= '9') || row[s - 1] == '.' ||
			 row[s - 1] == ','))
		s--;
	return s > 0 && (row[s - 1] == 0x2500 || row[s - 1] == 0x2514);
}

/* Whether the cell after the digit at (x, y) of a w-column screen shows
 * the digit's figure was cut there: the screen's right edge, a frame's
 * right side, a rule glued to it (a title cut short), or an ellipsis
 * ('~' on an ASCII screen). */
static bool
cut_after_digit(uint32_t rows[][CUT_COLS], const int *lens, int y, int x, int w, bool ascii)
{
	uint32_t next = x + 1 < lens[y] ? rows[y][x + 1] : ' ';

	if (x == w - 1)
		return true;
	if (next == 0x2500 && cut_tick(rows[y], x))
		return false;
	if (next == 0x2026 || next == 0x2500 || (ascii && next == '~'))
		return true;
	return cut_right_side(rows, lens, y, x + 1);
}

/* Count (and print) the figures cut in one stored screen's text. */
static int
cut_scan(const char *name, const char *text, int w)
{
	static uint32_t rows[CUT_ROWS][CUT_COLS];
	int		lens[CUT_ROWS], nrows = 0, cuts = 0;
	bool		ascii = strstr(name, "ascii") != NULL;

	for (const char *p = text; *p != '\0' && nrows < CUT_ROWS; nrows++) {
		const char *nl = strchr(p, '\n');
		size_t	    n = nl != NULL ? (size_t)(nl - p) : strlen(p);
		uint32_t    cp;
		int	    used, k = 0;

		for (const char *q = p; k < CUT_COLS && (used = cellbuf_decode_utf8(q, n - (size_t)(q - p), &cp)) > 0; q += used)
			rows[nrows][k++] = cp;
		lens[nrows] = k;
		p += n + (nl != NULL);
	}
	for (int y = 0; y < nrows; y++)
		for (int x = 0; x < lens[y]; x++)
			if (rows[y][x] >= '0' && rows[y][x] <= '9' &&
			    cut_after_digit(rows, lens, y, x, w, ascii)) {
				printf("# %s row %d column %d: a figure cut: |", name, y, x);
				for (int i = 0; i < lens[y]; i++) {
					char enc[4];

					fwrite(enc, 1, (size_t)cellbuf_encode_utf8(rows[y][i], enc),
					       stdout);
				}
				printf("|\n");
				cuts++;
			}
	return cuts;
}

/* Every stored screen, old and new: no figure cut at a panel's edge (a
 * digit against the screen's edge, a frame's right side, a rule or an
 * ellipsis: the writer drops a figure whole, never ends on a part of it). */
static void
test_no_cut_figures(void **state)
{
	DIR	      *d = opendir(GOLDEN_DIR);
	struct dirent *e;
	int	       cuts = 0, screens = 0;

	(void)state;
	assert_non_null(d);
	while ((e = readdir(d)) != NULL) {
		char  path[4096], *text;
		int   w, h;
		const char *dash = strrchr(e->d_name, '-');

		if (dash == NULL || sscanf(dash, "-%dx%d.txt", &w, &h) != 2)
			continue;
		snprintf(path, sizeof path, "%s/%s", GOLDEN_DIR, e->d_name);
		text = golden_read(path);
		assert_non_null(text);
		cuts += cut_scan(e->d_name, text, w);
		screens++;
		free(text);
	}
	closedir(d);
	assert_true(screens > 0);
	if (cuts > 0)
		fail_msg("%d figures cut in the %d stored screens (listed above)", cuts, screens);
}

/* Too small: 40x10 says what it needs. */
/* A message naming a file keeps the file's name on a narrow rule: the
 * middle of the path goes (at a '/'), the name and the first directories
 * stay; one that fits is whole; another message is cut at the edge. */
static void
test_message_path(void **state)
{
	struct tui *t = fx_tui();
	const char *path = "/tmp/a/a-rather-long-directory-name-for-the-lab-results/"
			   "and-another-level-of-nesting/drivedash/reports/drivedash-report-12.html";

	(void)state;
	tui_message_path(t, false, "report written", path);
	screen_expect(t, 80, 24, "a long path at 80 columns",
		      "report written: /tmp/a\xe2\x80\xa6/drivedash/reports/drivedash-report-12.html ",
		      NULL);
	screen_expect(t, 200, 24, "the same path on a wide screen",
		      "report written: /tmp/a/a-rather-long-directory-name", "report-12.html ", NULL);
	tui_message_path(t, false, "report written",
			 "/a-directory-name-far-too-long-for-any-rule-of-an-eighty-column-screen-"
			 "to-hold-whole/drivedash-report-7.html");
	screen_expect(t, 80, 24, "a path whose one directory is too long: the name stays",
		      "report written: \xe2\x80\xa6/drivedash-report-7.html ", NULL);
	tui_message(t, false, "a plain message %s", path);
	screen_refute(t, 80, 24, "a plain message is not elided", "\xe2\x80\xa6/drivedash/");
	tui_free(t);
}

static void
test_too_small(void **state)
{
	struct tui *t = fx_tui();

	(void)state;
	screen_check(t, "too-small", 40, 10);
	tui_free(t);
}

int
main(void)
{
	/* Compare labels runs by their local day and time: one zone for all. */
	setenv("TZ", "UTC", 1);
	tzset();
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_drives),
		cmocka_unit_test(test_sheet),
		cmocka_unit_test(test_sheet_family_wide),
		cmocka_unit_test(test_sweep_live),
		cmocka_unit_test(test_sweep_done),
		cmocka_unit_test(test_point),
		cmocka_unit_test(test_history),
		cmocka_unit_test(test_stored_run),
		cmocka_unit_test(test_curve_live),
		cmocka_unit_test(test_curve_stored),
		cmocka_unit_test(test_ckpt),
		cmocka_unit_test(test_cliff),
		cmocka_unit_test(test_cliff_none),
		cmocka_unit_test(test_sweep_target),
		cmocka_unit_test(test_setup_presets),
		cmocka_unit_test(test_setup_estimate),
		cmocka_unit_test(test_setup_targets),
		cmocka_unit_test(test_fleet_setup),
		cmocka_unit_test(test_fleet_live),
		cmocka_unit_test(test_fleet_done),
		cmocka_unit_test(test_fleet_lost),
		cmocka_unit_test(test_fleet_eight),
		cmocka_unit_test(test_mix),
		cmocka_unit_test(test_compare),
		cmocka_unit_test(test_compare_drift),
		cmocka_unit_test(test_compare_pages),
		cmocka_unit_test(test_compare_labels),
		cmocka_unit_test(test_help),
		cmocka_unit_test(test_message_path),
		cmocka_unit_test(test_too_small),
		cmocka_unit_test(test_drives_many_devices),
		cmocka_unit_test(test_drives_long),
		cmocka_unit_test(test_sweep_long),
		cmocka_unit_test(test_workload_long),
		cmocka_unit_test(test_compare_long),
		cmocka_unit_test(test_history_long),
		cmocka_unit_test(test_fleet_long),
		cmocka_unit_test(test_no_cut_figures),
	};

	return cmocka_run_group_tests_name("screens", tests, NULL, NULL);
}
