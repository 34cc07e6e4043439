/*
 * The Sweep screen's state: the setup's choices (the targets it offers, the
 * preset), and once a sweep started, its plan, the open target, the struct
 * sweep and the latest snapshot copied out of it, its recorder, the
 * reference drive's sheet, the cursor and scroll of the finished list, the
 * heat map's workload and whether the drill-down is up.  A stored run opened
 * from History fills the same fields (a finished struct sweep).  The runs that finished this
 * session (struct tui_run) are kept in struct tui for the Compare screen.
 * The sweep itself is reached through src/core/session.h and
 * src/core/sweep.h only.
 *
 * struct tui holds this state by value, so ui/tui.h includes this header
 * after the types it needs: include ui/tui.h, not this file.
 */
#ifndef DD_VIEW_SWEEP_H
#define DD_VIEW_SWEEP_H

#ifndef DD_TUI_H
#error "include ui/tui.h, which includes ui/view-sweep.h"
#endif

/* A target the sweep setup offers. */
struct tui_target {
	char	 path[PATH_MAX];
	char	 label[192];
	bool	 device;	/* a block device (else a file) */
	uint64_t size;
	char	 what[512];	/* what is really measured (session_resolve's
				 * description), or why it cannot be */
	bool	 bad;		/* it cannot be measured: what says why */
};

/* One finished point of a run. */
struct tui_run_point {
	struct dd_point	     pt;
	struct sweep_summary sum;
};

/* A finished (done, stopped or failed) sweep, kept for compare. */
struct tui_run {
	char		      label[64];	/* "run 1 dd.dat" */
	char		      plan[PLAN_NAME_MAX];
	struct tui_pick	      ref;		/* the reference drive */
	struct tui_run_point *pts;
	size_t		      n;
	enum sweep_state      state;
	int64_t		      stored_id;	/* its run in the results store; 0: not stored */
	char		      serial[RESULTS_DRIFT_KEY_MAX];	/* what it drifts by
						 * (results_drift_key): Compare shows a
						 * run against the first run of it; ""
						 * unknown */
	int64_t		      started;		/* start, unix seconds; 0 unknown (then
						 * later than any run with a time) */
	char		      host[64];		/* the host it ran on; "" unknown */
};

struct record;

enum tui_sweep_mode {
	TUI_SWEEP_SETUP,	/* pick target and preset */
	TUI_SWEEP_LIVE,		/* a sweep runs, or the last one's results */
};

/* The Sweep screen and the sweep it drives. */
struct tui_sweep {
	enum tui_sweep_mode    mode;
	int		       field;		/* setup focus: 0 target, 1 preset */
	struct tui_target     *targets;
	size_t		       ntargets, target_sel, preset_sel;
	struct sweep	      *sw;		/* NULL: none started */
	bool		       running;		/* not yet seen a final state */
	struct dd_plan	       plan;
	struct dd_target       tgt;
	char		       scratch[PATH_MAX];/* a file we created; "" none */
	char		       what[512];	/* the running target's description */
	struct sweep_snapshot *sn;		/* latest copy */
	uint64_t	       gen;
	struct tui_sheet       ref;		/* the reference drive's sheet */
	struct check_evidence  ev;		/* the swept device's link and
						 * written share (check_evidence_local),
						 * for the verdicts' plausibility */
	bool		       ev_known;	/* ev holds; false: a file, a stored
						 * or a lent run (the zero buffers
						 * still count) */
	int		       fin_top;		/* scroll of the finished list */
	int		       fin_sel;		/* its cursor: a result index (plan
						 * order); -1: the newest, following */
	int		       heat_shape;	/* the heat map's workload: an index
						 * of sweep_shapes(); -1: the focus's */
	bool		       drill;		/* the drill-down of the cursor's
						 * point is up (view-point.c) */
	int64_t		       stored_id;	/* the run shown came from the
						 * results store; 0: swept here */
	char		       stored_name[256];/* its results_run_name; lent: whose */
	char		       stored_drive[128];	/* the stored run's own drive (its
						 * drive_id: the reference it was
						 * swept against); "" none */
	struct record	      *rec;		/* the running sweep's recorder;
						 * NULL: not saved */
	char		       store_note[640];	/* why sweeps are not saved; "" */
	bool		       store_busy;	/* said: the store is busy, retrying */
	bool		       store_pending;	/* the ended run waits for a busy store */
	int64_t		       start_unix;	/* when the running sweep started */
	int		       targets_y, presets_y;	/* where the setup lists were drawn */
	size_t		       preset_top;	/* the first preset the setup shows */
	bool		       curve_p99;	/* load curves plot p99, not the mean */
	bool		       borrowed;	/* sw, plan, tgt and sn are lent by
						 * their owner (a fleet member,
						 * tui_sweep_borrow): nothing here
						 * frees, joins, records or restarts
						 * them; stop cancels that sweep only */
	struct tui_sweep      *home;		/* borrowed: the dashboard's own
						 * sweep state, set aside until
						 * tui_sweep_return */
};

/* A sweep another part of the dashboard owns, shown by the Sweep screen
 * (a fleet member's: view-fleet.c).  Everything stays the owner's. */
struct tui_sweep_loan {
	struct sweep	       *sw;
	const struct dd_plan   *plan;		/* copied by value: points shared */
	const struct dd_target *tgt;		/* copied */
	struct sweep_snapshot  *sn;		/* the owner's copy, kept current by it */
	uint64_t		gen;
	bool			running;
	struct tui_pick		ref;		/* the drive it is held against */
	const char	       *label;		/* whose it is ("rack-a3"), title first */
	const char	       *what;		/* what is measured, for the title */
	int64_t			started;	/* unix seconds; 0 unknown */
};

extern const struct tui_view tui_view_sweep;

/* ---- sweep-ctl.c: the sweep controller (calls no view) ---- */

/* Open the sweep setup with p as the reference drive.  UI thread only. */
void tui_sweep_setup(struct tui *t, struct tui_pick p);

/* Poll the sweep: copy a new snapshot, keep a finished run.  UI thread only;
 * never waits for the sweep thread longer than its snapshot memcpy. */
void tui_sweep_poll(struct tui *t);

/* The recorder's wake fd while it has one (-1 none): readable when its
 * writer found the store busy or stored what waited.  UI thread only. */
int tui_sweep_store_fd(struct tui *t);

/* The recorder's writer changed state: say "store busy, retrying", or
 * that a run that waited is now stored.  UI thread only; never waits. */
void tui_sweep_store_poll(struct tui *t);

/* Start a sweep with the setup's choices; 0 or a negative errno (message
 * shown).  UI thread only; the sweep thread starts with the signals blocked. */
int tui_sweep_start(struct tui *t);

/* Ask the sweep to stop; returns at once (sweep_cancel).  UI thread only. */
void tui_sweep_stop(struct tui *t);

/* Is a sweep running? */
bool tui_sweep_running(const struct tui *t);

/* Show a sweep the dashboard does not own in the Sweep screen (the
 * screen's own state is set aside until tui_sweep_return).  0, or -EBUSY
 * (message shown) while the dashboard's own sweep runs.  UI thread only. */
int tui_sweep_borrow(struct tui *t, const struct tui_sweep_loan *l);

/* The owner's news for a borrowed sweep: its snapshot copy (sn, gen) and
 * whether it still runs.  Nothing when the Sweep screen shows another. */
void tui_sweep_loan_sync(struct tui *t, const struct sweep *sw, struct sweep_snapshot *sn,
			 uint64_t gen, bool running);

/* Give a borrowed sweep back and bring the screen's own state back
 * (nothing when none is borrowed). */
void tui_sweep_return(struct tui *t);

/* The plan of preset number preset (plan_presets order) with the
 * dashboard's --time-scale, --runtime and --ramp; write points only when
 * writes.  0 or a negative errno with err set. */
int tui_plan_build(const struct tui *t, size_t preset, bool writes, struct dd_plan *plan,
		   struct dd_error *err);

/* The preset list from row y, ending before row end: the cursor sel
 * (focus: the field being chosen) scrolled into view through *top, "3-12
 * of 20 presets" on row y - 1 when the list does not fit; returns the row
 * after it. */
int tui_presets_draw(struct tui *t, struct cellbuf *cb, int y, int end, size_t sel, size_t *top,
		     bool focus);

/* Keep a finished (joined) sweep's points as a run for Compare: plan its
 * plan's name, st how it ended, ref its reference drive, rec its recorder
 * (NULL: not stored), started unix seconds, label its name. */
void tui_runs_keep(struct tui *t, const struct sweep *sw, const char *plan, enum sweep_state st,
		   struct tui_pick ref, const struct record *rec, int64_t started,
		   const char *label);

/* The plan for target tg with the setup's preset, then the points of the
 * reference's acceptance targets (as `check` appends them; *ntarget says
 * how many); *writes_ok says whether write points were allowed.  0 or a
 * negative errno with err set. */
int tui_sweep_build_plan(struct tui *t, const struct tui_target *tg, struct dd_plan *plan,
			 bool *writes_ok, int *ntarget, struct dd_error *err);

/* Fill the setup's target list from the options and discovery. */
void tui_sweep_targets(struct tui *t);

/* Stop and join the sweep, close the target, remove our scratch file.  UI
 * thread only, after curses has ended (the join may wait one interval). */
void tui_sweep_cleanup(struct tui *t);

struct results_run;

/* Show a stored run in the Sweep screen exactly as a finished sweep (a sweep
 * from sweep_create_finished; the run's results are taken over, the rest
 * stays the caller's to free).  0, or a negative errno with err set (-EBUSY
 * while a sweep runs).  UI thread only. */
int tui_sweep_show(struct tui *t, struct results_run *run, struct dd_error *err);

/* The reference as the Sweep screen names it into buf: its label, and for a
 * stored run held against another drive than its own "against X (not this
 * run's reference)"; "no reference" when none is loaded. */
char *tui_sweep_ref_label(const struct tui *t, bool with_vendor, char *buf, size_t len);

/* A slot for a new finished run in t->runs (the oldest is dropped when they
 * are TUI_RUNS_MAX), zeroed; t->nruns counts it already. */
struct tui_run *tui_runs_slot(struct tui *t);

/* The finished point the cursor is on: a result index, or -1 (none yet). */
int tui_sweep_selected(const struct tui *t);

/* tui_sweep_selected of the screen's state s. */
int tui_sweep_cursor(const struct tui_sweep *s);

/* The Sweep view's hooks (struct tui_view): enter opens the setup (with
 * pick as the reference; NULL: the Drives selection, only when nothing was
 * set up yet); stop cancels the sweep shown (true when there was one, a
 * lent one too); pollfds gives the running sweep's wake fd and the
 * recorder's; poll reads them. */
int tui_sweep_enter(struct tui *t, const struct tui_pick *pick);
bool tui_sweep_stop_hook(struct tui *t);
size_t tui_sweep_pollfds(struct tui *t, struct pollfd *pfd, size_t max);
void tui_sweep_poll_hook(struct tui *t, const struct pollfd *pfd, size_t n);

/* The distinct workloads (pattern, block size) of the sweep's plan, in plan
 * order, at most max; returns how many. */
size_t tui_sweep_shapes(const struct tui_sweep *s, enum dd_pattern *pats, unsigned *bss,
			size_t max);

/* ---- view-point.c: one finished point in full (the Sweep screen's
 * drill-down: its interval graph, latency percentiles and histogram) ---- */

/* Draw the drill-down of the cursor's point into rows y .. y + h - 1. */
void tui_point_draw(struct tui *t, struct cellbuf *cb, int y, int h);

/* A key while the drill-down is up; 1 if used. */
int tui_point_key(struct tui *t, const struct tui_event *ev);

/* Which figure of an interval tui_point_series reads. */
enum tui_series {
	TUI_SERIES_IOPS,
	TUI_SERIES_MBPS,
	TUI_SERIES_MEAN,
	TUI_SERIES_P99,
	TUI_SERIES_TEMP,
};

/* tui_point_series of n intervals iv (a running point's live series). */
size_t tui_point_series_iv(const struct dd_interval *iv, size_t n, enum tui_series which,
			   double *out, size_t max);

/* A point's interval series as max samples, so a graph of max samples
 * spans the whole point: more intervals are folded (groups of consecutive
 * intervals averaged; p99 and temperature keep their largest), fewer are
 * repeated; returns the count (0 without intervals). */
size_t tui_point_series(const struct dd_result *r, enum tui_series which, double *out,
			size_t max);

/* ---- view-workload.c: the panels of the kinds beyond the FIO matrix
 * (load curve, checkpoint bars, write cliff) in the Sweep screen ---- */

enum tui_workload_panel {
	TUI_PANEL_NONE,		/* a plain point: the heat map */
	TUI_PANEL_CURVE,	/* DD_KIND_CURVE_MAX / _STEP: latency vs IOPS */
	TUI_PANEL_CKPT,		/* DD_KIND_CHECKPOINT: seconds per checkpoint by pass */
	TUI_PANEL_CLIFF,	/* DD_KIND_CLIFF: MB/s per interval, the cliff marked */
};

/* The panel a point's kind calls for. */
enum tui_workload_panel tui_workload_panel(const struct dd_point *p);

/* Draw the panel of the focus point's workload (its group's points among
 * the finished ones, the running point's live figures when running; sel
 * the cursor's result index for a finished cliff point's intervals) into
 * the box at (x, y), w x h; false for a kind with no panel. */
bool tui_workload_draw(struct tui *t, struct cellbuf *cb, int x, int y, int w, int h,
		       const struct dd_point *focus, bool running, int sel);

#endif
