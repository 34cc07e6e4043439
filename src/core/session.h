/*
 * The measurement path: how `run`, `check` and the dashboard get from what
 * the user typed to a running sweep.  There is one path and every front end
 * walks it in this order, each step a function here (no curses, no printing:
 * errors are values, one sentence in a struct dd_error, that the CLI prints
 * and the dashboard shows):
 *
 *   1. resolve    session_resolve: what PATH really is.  An existing block
 *                 device or regular file is itself.  A path that does not
 *                 exist becomes a scratch file only where the user asked
 *                 for a file: --scratch PATH, or a path that is clearly a
 *                 file (not under /dev, /sys or /proc, its directory exists
 *                 and is on a real filesystem, not devtmpfs/proc/sysfs).
 *                 Anything else (/dev/nvme0n1 on a machine without it, a
 *                 bare "nvme0n1") is an error, and nothing is created.
 *   2. describe   (part of resolve) what will really be measured, for every
 *                 result: "block device nvme0n1 (MODEL)", "file on
 *                 /dev/vda1, ext4 mounted at /".
 *   3. identify   session_identify: NVMe discovery, the controller,
 *                 namespace and sysfs entry behind a block device, and the
 *                 model string to match (check; the others may).
 *   4. safety     session_open: writes need --allow-write except on a
 *                 scratch file this program owns; a block device must also
 *                 pass src/io/safety.h or be overridden with --force
 *                 --confirm SERIAL.  Same rule, same text, for all three.
 *   5. precondition  a scratch file created here is written once by the
 *                 sweep's own preconditioning pass (reads then measure data,
 *                 not unwritten extents), unless the plan already does.
 *   6. point checks  the plan resolved against the open target (plan_resolve:
 *                 checkpoint templates, whole-target cliffs, a scratch
 *                 file's regions), then every point checked against it,
 *                 before any I/O.
 *   7. start      session_start (the dashboard) or cli_sweep_run (the CLI,
 *                 which also waits in the foreground): sweep_create+start.
 *   8. collect    the caller reads the joined sweep's results.
 *   9. clean up   session_close: close the target and remove a scratch file
 *                 created here unless keep.
 */
#ifndef DD_SESSION_H
#define DD_SESSION_H

#include <limits.h>
#include <stdbool.h>
#include <stdint.h>

#include "lib/arena.h"
#include "lib/error.h"
#include "core/match.h"
#include "core/plan.h"
#include "core/sweep.h"
#include "io/engine.h"
#include "io/nvme.h"

#define SESSION_DEFAULT_SCRATCH (1024ull * 1024 * 1024)

/* What a target turned out to be. */
enum session_kind {
	SESSION_BLOCK,		/* an existing block device */
	SESSION_FILE,		/* an existing regular file */
	SESSION_SCRATCH,	/* a file to create (and remove afterwards) */
};

/* What the user asked for. */
struct session_opts {
	const char *target;		/* --target PATH, or NULL */
	const char *scratch;		/* --scratch PATH, or NULL */
	uint64_t    size;		/* scratch file size; 0: 1 GiB */
	bool	    keep;		/* keep a scratch file created here */
	bool	    block_only;		/* check: a block device or nothing */
	bool	    owned;		/* an existing file at the path is ours
					 * (the dashboard's default scratch) */
	bool	    allow_write, force;
	const char *confirm;		/* --confirm SERIAL */
};

/* A resolved target and what it is. */
struct session_target {
	char		  path[PATH_MAX];	/* as given */
	char		  canonical[PATH_MAX];	/* realpath for existing ones */
	enum session_kind kind;
	char		  name[64];		/* block: kernel name, "nvme0n1" */
	char		  disk[64];		/* block: the disk of a partition, else name */
	char		  model[128];		/* block: sysfs model, "" unknown */
	char		  fs_source[256];	/* files: the filesystem's device, "/dev/vda1" */
	char		  fs_type[64];		/* files: "ext4" */
	char		  fs_mount[256];	/* files: its mount point */
	char		  description[512];	/* "file on /dev/vda1, ext4 mounted at /" */
};

/* One measurement session: options, resolved target, what it created. */
struct session {
	struct session_opts   o;
	struct session_target tgt;
	bool		      created;	/* the scratch file exists because of us */
	bool		      unnamed;	/* ... as an unnamed (O_TMPFILE) file: it
					 * goes with its descriptor, whatever ends
					 * the process */
	bool		      resolved;
};

/* What discovery says about a block device (session_identify). */
struct session_identity {
	struct nvmeinfo			info;
	bool				scanned;
	char				scan_note[512];	/* why discovery failed */
	const struct nvmeinfo_ctrl     *ctrl;
	const struct nvmeinfo_ns       *ns;
	const struct nvmeinfo_blockdev *bdev;
	const char		       *model;		/* string to match, or NULL */
	const char		       *model_source;	/* "option", "nvme", "sysfs" */
};

/* The kind as JSON and the tables name it: "block", "file", "scratch". */
const char *session_kind_name(enum session_kind k);

/*
 * Step 1 and 2: resolve s->o's target (or --scratch) into s->tgt with its
 * description.  0, or a negative errno with err saying, in one sentence,
 * why the path cannot be measured.  Creates nothing.
 */
int session_resolve(struct session *s, struct dd_error *err);

/* Resolve one path by the rules above without a session (tests, lists). */
int session_resolve_path(const char *path, bool scratch, bool block_only,
			 struct session_target *out, struct dd_error *err);

/*
 * Step 3: discover the NVMe controllers and block devices (into a), find
 * the ones behind s's block device, and pick the model string to match:
 * model_override, else Identify Controller's, else sysfs's.
 */
void session_identify(const struct session *s, const char *model_override, struct arena *a,
		      struct session_identity *id);

/* The capacity an identity is matched at: the controller's (as detect
 * matches it), else the block device's, else target_size. */
uint64_t session_capacity(const struct session_identity *id, uint64_t target_size);

/* Match an identity's model string, at session_capacity, to the families of
 * the specs database (out->rule MATCH_NONE without a model string).  A
 * string the user gave (--model: model_source "option") is read as
 * session_match_text reads it; one a drive reported, by match_model only. */
void session_match(const struct session_identity *id, uint64_t target_size,
		   const struct spec_family *fams, size_t nfams, struct arena *a,
		   struct match_result *out);

/*
 * Text a user typed to name a drive (check --model, a hosts file's DRIVE):
 * a model string or part number (match_model, at capacity), else a database
 * id, else a query (specdb_query's rules over fams) that names one capacity
 * point, or a family that has only one.  1 matched; 0 not, with out->label
 * saying why ("'x' names no drive in the database", "... names 3 drives,
 * not one ...", "... but not one capacity point") and out->nearest kept
 * from match_model.
 */
int session_match_text(const char *text, uint64_t capacity, const struct spec_family *fams,
		       size_t nfams, struct arena *a, struct match_result *out);

/* Find a disk in a discovery: its controller, namespace and sysfs entry
 * (any out pointer may be NULL). */
void session_find(const char *disk, const struct nvmeinfo *info,
		  const struct nvmeinfo_ctrl **ctrl, const struct nvmeinfo_ns **ns,
		  const struct nvmeinfo_blockdev **bdev);

/* May a plan that writes run on s's target without --allow-write?  True
 * for a scratch file created here and a file s->o.owned says is ours. */
bool session_writes_free(const struct session *s);

/*
 * Steps 4 to 6: check the write rules for plan, create a scratch file,
 * open the target into *t, add the preconditioning pass a fresh scratch
 * file needs, resolve plan against the target (plan_resolve; plan changes
 * in place) and check every point.  0 or negative errno with err set;
 * on failure nothing stays open (a scratch file created is removed).
 */
int session_open(struct session *s, struct dd_plan *plan, struct dd_target *t,
		 struct dd_error *err);

/* Step 6 alone: every point of plan against the open target t, through its
 * backend's check op (a fleet member's target is not a session's).  0, or
 * the first refusal: "point N (NAME): why". */
int session_check_points(const struct dd_plan *plan, const struct dd_target *t,
			 struct dd_error *err);

/* Step 7 for callers that do not wait in the foreground: create and start
 * the sweep of plan on t. */
int session_start(const struct dd_target *t, const struct dd_plan *plan, struct sweep **out,
		  struct dd_error *err);

/* session_start with before(arg, sweep) called once the sweep is created
 * and before it starts (before NULL: nothing): how a recorder attaches
 * itself (record_start, src/core/record.h) without the session knowing it. */
int session_start_with(const struct dd_target *t, const struct dd_plan *plan,
		       void (*before)(void *arg, struct sweep *sw), void *arg,
		       struct sweep **out, struct dd_error *err);

/* Step 9: close t and remove a scratch file created here unless keep. */
void session_close(struct session *s, struct dd_target *t);

#endif
