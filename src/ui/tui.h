/*
 * The dashboard: one UI thread that owns the terminal, a few screens (views)
 * and the state they share.
 *
 * The data model is one struct tui.  It holds what the screens show: the
 * specs database's families (read once into an arena), the devices discovery
 * found, the compare marks, the sweep (its plan, target, the latest snapshot
 * copied out of the sweep thread) and the runs that finished this session.
 * Each view owns its state (cursor, scroll, marks): a struct declared in
 * its own header (view-drives.h, view-sheet.h, view-sweep.h, view-compare.h,
 * view-history.h, view-fleet.h, view-help.h), held by value in struct tui, and an ops
 * table (struct tui_view, htop's "class" pattern: draw, key, and the hooks
 * the frame needs: enter, leave, poll, stop, cleanup ...; ncdu's one file
 * per screen).  Views draw into a struct cellbuf and know nothing of curses.
 * The frame is split by job: tui.c (the loop and the view table),
 * tui-detect.c (discovery), tui-keys.c (key dispatch), tui-render.c
 * (tui_render: the whole screen, title and status line included, into a
 * cell buffer, which a test reads as text) and tui-term.c (the curses
 * backend, the only file that includes curses); they reach views only
 * through t->views.  Views reach each other only through the navigation API
 * (tui-nav.c: tui_nav_open) and what sits below them all: tui-util.c (the
 * message, tui_print & co.), tui-ref.c (references), marks.c (the compare
 * marks) and sweep-ctl.c (the sweep controller).  So calls between the
 * files of src/ui run one way: frame -> views -> controller, marks, nav ->
 * util, cell buffer.
 *
 * Threads: everything here is UI thread only.  The sweep thread is reached
 * through src/core/sweep.h alone (snapshots, the wake fd, cancel).
 */
#ifndef DD_TUI_H
#define DD_TUI_H

#include <limits.h>
#include <poll.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lib/arena.h"
#include "lib/error.h"
#include "core/check.h"
#include "core/compare.h"
#include "core/fleet.h"
#include "core/match.h"
#include "core/plan.h"
#include "core/results.h"
#include "core/specdb.h"
#include "core/sweep.h"
#include "io/engine.h"
#include "io/nvme.h"
#include "ui/cellbuf.h"
#include "ui/glyphs.h"
#include "ui/theme.h"

#define TUI_MIN_W	80	/* below this the screen says "too small" */
#define TUI_MIN_H	24
#define TUI_FRAME_MS	100	/* at most ten frames a second */
#define TUI_MARKS_MAX	4	/* drives marked for compare */
#define TUI_RUNS_MAX	4	/* finished runs kept for compare */
#define TUI_DEFAULT_SIZE (1024ull * 1024 * 1024)

/* What `drivedash ui` was asked for (src/cli/cli-ui.c fills it). */
struct tui_opts {
	const char *db_path;	/* --db; NULL: specdb_locate's search */
	const char *theme;	/* --theme NAME|PATH; NULL: "default" */
	bool	    save_theme;	/* `t` saves its theme in the preferences (core/prefs.h) */
	const char *notice;	/* an error the dashboard opens with on its message
				 * line (the preferences file's bad line); NULL: none */
	bool	    ascii;	/* --ascii: ASCII glyphs whatever the locale */
	const char *target;	/* --target; NULL: the default scratch file */
	uint64_t    size;	/* scratch file size; 0: 1 GiB */
	bool	    keep;	/* keep a scratch file we created */
	bool	    allow_write;/* write points on devices and existing files */
	bool	    force;	/* --force: write although the safety check refuses... */
	const char *confirm;	/* ...with --confirm SERIAL */
	const char *preset;	/* initial preset; NULL: spot */
	double	    time_scale;	/* preset time scale; 0: 1 */
	struct dd_plan_override times; /* --runtime, --ramp, --rate-iops */
	const char *results_path;	/* --results PATH; NULL: the default store */
	bool	    no_save;	/* --no-save: sweeps are not stored */
	/* --hosts FILE / --host SPEC: a fleet (the dashboard opens on the Fleet
	 * screen; nhosts 0: none).  The caller's array, alive while the
	 * dashboard runs. */
	const struct fleet_host *hosts;
	size_t			 nhosts;
	const struct dd_backend_ops *fleet_backend;	/* NULL: fio's (tests: a fake) */
};

/* Run the dashboard until the user quits; 0, the number of the signal that
 * ended it (any terminating signal, lib/signals.h: SIGINT, SIGTERM, SIGHUP,
 * SIGQUIT, SIGUSR1 ...; the terminal is restored and the scratch file
 * removed by then), or a negative errno with err set.  Call from the main
 * thread: it blocks those signals and SIGWINCH, ignores SIGPIPE and owns
 * the terminal until it returns. */
int tui_run(const struct tui_opts *o, struct dd_error *err);

/* Keys, as views see them: Unicode characters are themselves. */
enum tui_key {
	TUI_KEY_NONE = 0,
	TUI_KEY_TAB = '\t',
	TUI_KEY_ENTER = '\n',
	TUI_KEY_ESC = 27,
	TUI_KEY_UP = 0x110000,
	TUI_KEY_DOWN,
	TUI_KEY_LEFT,
	TUI_KEY_RIGHT,
	TUI_KEY_PGUP,
	TUI_KEY_PGDN,
	TUI_KEY_HOME,
	TUI_KEY_END,
	TUI_KEY_BTAB,
	TUI_KEY_BACKSPACE,
	TUI_KEY_DELETE,
	TUI_KEY_CLICK,		/* mouse button 1 at (x, y) */
	TUI_KEY_WHEEL_UP,
	TUI_KEY_WHEEL_DOWN,
};

/* A key or a click. */
struct tui_event {
	int key;		/* enum tui_key or a code point */
	int x, y;		/* TUI_KEY_CLICK: the cell */
};

/* Strings for the symbols text uses, with ASCII twins (glyphs.h has the chart ones). */
struct tui_syms {
	const char *times, *micro, *deg, *dot, *arrow, *dash, *ellipsis;
	const char *ok, *bad, *review, *spec, *measured, *cursor, *warn, *hline;
};

enum tui_view_id {
	TUI_VIEW_DRIVES,
	TUI_VIEW_SHEET,
	TUI_VIEW_SWEEP,
	TUI_VIEW_COMPARE,
	TUI_VIEW_HISTORY,
	TUI_VIEW_FLEET,		/* f, with --hosts or --host */
	TUI_VIEW_COUNT,
};

struct tui;
struct tui_pick;

/* A screen: its title and the functions the frame calls.  The loop
 * (tui.c), key dispatch (tui-keys.c) and the renderer (tui-render.c) reach a
 * view only through this table (t->views), and views reach each other only
 * through the navigation API below (tui-nav.c), so no file of the frame
 * names a view and no view names another.  Every hook but title, draw, key
 * and hints may be NULL (nothing to do). */
struct tui_view {
	const char *name;	/* also what it runs, in "a sweep is running" */
	/* The title bar text after "drivedash ─ ". */
	void	    (*title)(struct tui *t, char *buf, size_t len);
	/* Draw the body: rows y .. y + h - 1 of cb. */
	void	    (*draw)(struct tui *t, struct cellbuf *cb, int y, int h);
	/* Handle a key; 1 if it was used (then the frame is redrawn). */
	int	    (*key)(struct tui *t, const struct tui_event *ev);
	/* Key hints for the status line: "key\tlabel\t..." pairs. */
	const char *(*hints)(struct tui *t);
	/* The screen is about to be shown (tui_nav_open): pick the drive it
	 * opens with (NULL: as a key asked, the Drives screen's selection
	 * where one is needed); 0, or < 0 to stay where we are (message shown). */
	int	    (*enter)(struct tui *t, const struct tui_pick *pick);
	/* Another screen is being shown. */
	void	    (*leave)(struct tui *t);
	/* A filter or a question being typed takes every key first. */
	bool	    (*modal)(const struct tui *t);
	/* The drive this screen has selected (fam NULL: none). */
	struct tui_pick (*selected)(struct tui *t);
	/* Discovery's device list changed. */
	void	    (*refresh)(struct tui *t);
	/* Does it run something (a sweep, a fleet)?  q asks first, x stops it. */
	bool	    (*running)(const struct tui *t);
	/* x: stop what it runs (returns at once); true if it had something
	 * of its own to stop (then no other view is asked). */
	bool	    (*stop)(struct tui *t);
	/* The fds the loop polls for it, into pfd (at most max); how many. */
	size_t	    (*pollfds)(struct tui *t, struct pollfd *pfd, size_t max);
	/* poll returned: its n fds from pollfds, with their revents. */
	void	    (*poll)(struct tui *t, const struct pollfd *pfd, size_t n);
	/* Stop and free what it holds (tui_free; curses has ended). */
	void	    (*cleanup)(struct tui *t);
};

/* A device discovery found, as the Drives and Sweep screens list it. */
struct tui_device {
	const char		       *name, *path;	/* "nvme0n1", "/dev/nvme0n1" */
	const struct nvmeinfo_ctrl     *ctrl;		/* NULL: not NVMe */
	const struct nvmeinfo_blockdev *bdev;		/* NULL: no block device */
	struct match_result		match;		/* ctrl only */
	bool				matched;
	bool				mounted, root;	/* it or a partition is mounted; at / */
};

/* A family (and optionally one capacity point) of t->fams. */
struct tui_pick {
	const struct spec_family *fam;
	const struct spec_drive	 *drive;	/* NULL: none picked */
};

/* A family's spec sheet, loaded on demand into its own arena. */
struct tui_sheet {
	struct arena		  a;
	bool			  loaded;
	struct tui_pick		  pick;
	const char		 *review_drive;	/* whose review rows compare: the
						 * pick, else the family's most
						 * reviewed capacity point */
	struct spec_sheet	  sheet;
};

/* The views' own state, held by value in struct tui below. */
#include "ui/view-compare.h"
#include "ui/view-drives.h"
#include "ui/view-fleet.h"
#include "ui/view-help.h"
#include "ui/view-history.h"
#include "ui/view-sheet.h"
#include "ui/view-sweep.h"

struct tui {
	struct tui_opts	      opts;
	const struct tui_view *const *views;	/* the screens by enum tui_view_id
						 * (tui_views; set by tui_create) */
	const struct tui_view *help_view;	/* the help overlay's (tui_view_help) */
	struct specdb	     *db;
	struct arena	      arena;		/* families, devices */
	struct spec_family   *fams;
	size_t		      nfams, ndrives;
	struct nvmeinfo	      info;
	struct tui_device    *devs;
	size_t		      ndevs;
	bool		      detected;		/* discovery ran */
	char		      detect_note[160];

	struct theme	      theme;
	int		      theme_idx;	/* in the cycle; -1: --theme's own */
	enum ui_depth	      depth;
	bool		      utf8;
	const struct glyphs  *g;
	const struct tui_syms *sym;

	enum tui_view_id      view;
	struct tui_help	      help;		/* the help overlay */
	bool		      quit, quit_armed;
	int		      quit_signal;	/* the signal that ended the dashboard; 0 none */
	bool		      dirty;
	bool		      repaint;		/* every row at the next frame (Ctrl-L) */
	bool		      theme_changed;	/* the terminal's colours must follow */
	char		      msg[768];		/* one-line message in the rule */
	bool		      msg_error;
	size_t		      msg_path;		/* > 0: msg from this byte on is a path,
						 * whose end a narrow rule keeps */

	struct tui_drives     drives;
	struct tui_sheetview  sheet;
	struct tui_sweep      sweep;
	struct tui_compare    compare;
	struct tui_history    history;
	struct tui_fleet      fleet;
	struct tui_run	      runs[TUI_RUNS_MAX];
	size_t		      nruns;
	unsigned	      run_seq;
	int		      w, h;		/* size of the last frame */
};

/* ---- tui.c: the loop and the lifetime of a struct tui (UI thread only) ---- */

/* The screens, indexed by enum tui_view_id. */
extern const struct tui_view *const tui_views[TUI_VIEW_COUNT];

/* A struct tui from the options: database and theme loaded, ASCII symbols,
 * no terminal and no discovery (tui_run does both; tests fill t->info and
 * call tui_detect_list). */
int tui_create(const struct tui_opts *o, struct tui **out, struct dd_error *err);

/* Stop the sweep and free everything a struct tui holds. */
void tui_free(struct tui *t);

/* ---- tui-detect.c ---- */

/* Find this machine's devices for the DETECTED section (the discovery hook). */
void tui_detect_devices(struct tui *t);

/* Build t->devs from t->info (a discovery, or a test's fixed one): one row
 * per NVMe namespace, matched to the database, then the other block devices. */
void tui_detect_list(struct tui *t);

/* ---- tui-render.c: the frame ---- */

/* Render the whole screen (title, view, status line, overlays) into cb. */
void tui_render(struct tui *t, struct cellbuf *cb);

/* ---- tui-keys.c: key dispatch and what global keys do ---- */

/* Handle one event: overlays and global keys first, then the view. */
void tui_handle(struct tui *t, const struct tui_event *ev);

/* Load a theme by name or path into t (the `t` cycle follows a known name);
 * 0 (a theme with bad lines still loads; the notes go to stderr) or a
 * negative errno. */
int tui_theme_load(struct tui *t, const char *name_or_path);

/* tui_theme_load, with the sentence saying why a theme could not be read
 * (missing, a directory, a FIFO: -ENOENT, -EISDIR, -EINVAL) in err; a theme
 * file that was read but has bad lines loads with its notes on stderr. */
int tui_theme_open(struct tui *t, const char *name_or_path, struct dd_error *err);

/* ---- tui-nav.c: how views reach each other (through t->views only) ---- */

/* Show screen v: its enter hook first (pick: the drive it opens with, NULL:
 * as a key asked), which may refuse (then nothing changes), then every
 * other screen's leave hook.  0, or < 0 when v stayed hidden. */
int tui_nav_open(struct tui *t, enum tui_view_id v, const struct tui_pick *pick);

/* The drive selected on the Drives screen (fam NULL: none). */
struct tui_pick tui_nav_selected(struct tui *t);

/* ---- tui-util.c: what every view and the frame share (calls no view) ---- */

/* Use UTF-8 glyphs and symbols, or their ASCII twins. */
void tui_set_charset(struct tui *t, bool utf8);

/* Show a message in the rule above the status line until the next key. */
void tui_message(struct tui *t, bool error, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* A message that names a file: "WHAT: PATH", where a rule too narrow for
 * it keeps WHAT and the end of PATH (its file name) and drops the middle
 * ("report written: /tmp/…/drivedash-report-1.html"). */
void tui_message_path(struct tui *t, bool error, const char *what, const char *path);

/* printf into cb at (x, y), at most maxw columns (< 0: to the edge); returns columns. */
int tui_print(struct cellbuf *cb, int x, int y, int maxw, uint8_t role, uint8_t attr,
	      const char *fmt, ...) __attribute__((format(printf, 7, 8)));

/* s at column x of row y when it fits whole before the last column, else
 * nothing (a note cut mid-word misleads); returns the columns written. */
int tui_print_whole(struct cellbuf *cb, int x, int y, uint8_t role, uint8_t attr, const char *s);

/* Text right-aligned to end before column x1 on row y (fitted to the x1
 * columns left of it); returns its first column. */
int tui_print_right(struct cellbuf *cb, int x1, int y, uint8_t role, uint8_t attr,
		    const char *s);

/* Text right-aligned in a table cell: the w columns from x on row y,
 * fitted to them (a figure too wide for its column is dropped whole, never
 * spills into the next); returns the columns written. */
int tui_print_cell(struct cellbuf *cb, int x, int w, int y, uint8_t role, uint8_t attr,
		   const char *s);

/* Columns a UTF-8 string takes (utf8_width: wcwidth per character). */
int tui_cols(const char *s);

/* ---- tui-ref.c: what a point is compared with (no curses) ---- */

/* Which number of a point. */
enum tui_metric {
	TUI_M_IOPS,
	TUI_M_MBPS,
	TUI_M_LAT,	/* mean latency, µs */
};

/* A measured value of metric m as bars print it: "—" for NAN, a count for
 * IOPS ("1.2M"), one decimal otherwise. */
char *tui_metric_text(const struct tui *t, enum tui_metric m, double v, char *buf, size_t len);

/* A reference value for a point: the spec figure or the review measurement. */
struct tui_refval {
	double				value;		/* NAN: none */
	bool				comparable;	/* conditions match the point */
	const struct spec_figure       *fig;
	const struct spec_measurement  *meas;
	enum compare_rule		rule;		/* spec: how its depth is matched */
	bool				derived;	/* spec: IOPS from MB/s or back, via bs */
	char				from[64];	/* derived: "2.6M IOPS at 4K" */
	char				note[160];	/* why not comparable, or the rule */
};

/* Load the sheet of p into s (freeing what s held); 0 or a negative errno. */
int tui_sheet_load(struct tui_sheet *s, struct specdb *db, struct tui_pick p,
		   struct dd_error *err);

/* Free what a sheet holds (it can be loaded again). */
void tui_sheet_free(struct tui_sheet *s);

/* The spec figure a point's metric is held against, and whether it may be. */
void tui_ref_spec(const struct tui_sheet *s, const struct dd_point *p, enum tui_metric m,
		  struct tui_refval *out);

/* The review measurement at exactly the point's pattern, bs, iodepth and numjobs. */
void tui_ref_review(const struct tui_sheet *s, const struct dd_point *p, enum tui_metric m,
		    struct tui_refval *out);

/* The lab's acceptance target of point p's workload and exact depth as
 * metric m (the sheet's pick: family-wide or its own), into *out (fig, value,
 * comparable: p also ran the target's runtime, note: "target >= 2.2M IOPS at
 * 4K QD32x16, 60 s, tolerance 0%"; derived and from: the other rate's target
 * through bs, "2.2M IOPS at 4K", as tui_ref_spec derives); NULL when none. */
const struct spec_figure *tui_ref_target(const struct tui_sheet *s, const struct dd_point *p,
					 enum tui_metric m, struct tui_refval *out);

/* How many of the sheet's acceptance targets apply to its pick (family-wide
 * ones and the picked capacity point's own). */
size_t tui_ref_ntargets(const struct tui_sheet *s);

/* Append to plan the points the pick's acceptance targets state, as `check`
 * does (verdict_append_targets: at their stated runtime; write targets only
 * with writes).  How many were appended (0: none, or no targets), or a
 * negative errno with err set. */
int tui_ref_append_targets(const struct tui_sheet *s, struct dd_plan *plan, bool writes,
			   double time_scale, struct dd_error *err);

/* Judge result r by its point's target with verdict_target (the rule
 * `check` uses) into *out; false when there is none. */
bool tui_ref_target_verdict(const struct tui_sheet *s, const struct dd_result *r,
			    enum tui_metric m, const struct check_evidence *ev,
			    struct verdict *out);

/* The line of a point's lab target: the target, the delta of value to it
 * and its verdict (verdict_target, as `check` judges; res NULL: still
 * running), its source by name, then (derived from the other rate) what it
 * states and its tolerance where they fit whole; else why it is not judged
 * here.  The Sweep view's bars and the point drill-down draw it. */
void tui_ref_target_line(struct tui *t, struct cellbuf *cb, int x, int y, double value,
			 const struct tui_refval *tg, const struct dd_result *res,
			 enum tui_metric m);

/* The theme role of a verdict's word (ok, warn, bad, dim). */
uint8_t tui_ref_verdict_role(enum verdict_status st);

/* The best review measurement of a pattern and block size at any depth. */
void tui_ref_review_best(const struct tui_sheet *s, enum dd_pattern pat, unsigned bs,
			 enum tui_metric m, struct tui_refval *out);

/* A review's published point of a load curve (VDBench): the profile's peak
 * rate as IOPS (MB/s through the block size) and the latency there. */
struct tui_ref_point {
	double				iops, lat_us;	/* lat_us NAN: not printed */
	const struct spec_measurement  *meas;		/* the rate's row */
};

/* The review drive's published points of a load curve profile (its
 * measurement.workload, any case; bs converts MB/s), duplicates (a
 * conclusion's rounding) left out; returns how many, at most max. */
size_t tui_ref_curve_points(const struct tui_sheet *s, const char *profile, unsigned bs,
			    struct tui_ref_point *out, size_t max);

/* The review drive's DLIO checkpoint seconds averaged per pass, secs[p - 1]
 * for pass p (NAN: none); returns the last pass published, 0 for none. */
size_t tui_ref_ckpt_passes(const struct tui_sheet *s, double *secs, size_t max);

/* The spec sequential-write figure point p (a cliff, a write with a byte
 * budget) is held against: workload_spec_write over the sheet's pick, the
 * rule `run` uses too (its base is the MB/s); NULL when none. */
const struct spec_figure *tui_ref_spec_write(const struct tui_sheet *s, const struct dd_point *p);

/* A spec figure by metric for the sheet's capacity point (or family-wide). */
const struct spec_figure *tui_ref_figure(const struct tui_sheet *s, const char *metric,
					 int block_size);

/* "4K random read", "128K sequential write", "4K random 70% read". */
char *tui_point_label(const struct dd_point *p, char *buf, size_t len);

/* "CD9P-R 7.68 TB" (vendor too when with_vendor). */
char *tui_pick_label(struct tui_pick p, bool with_vendor, char *buf, size_t len);

/* The most reviewed capacity point of a family (or its first). */
const struct spec_drive *tui_reviewed_drive(const struct spec_family *f);

/* Insert v into an ascending set of n values holding at most max; returns
 * the new count (the axes of the IODepth x NumJobs heat maps). */
int tui_set_add(unsigned *set, int n, int max, unsigned v);

#endif
