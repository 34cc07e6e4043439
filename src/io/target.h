/*
 * Target probing: a path opened as a struct dd_target for the engine (a
 * block device or a regular file, O_DIRECT), with its size, logical block
 * size and class found without I/O, and scratch files made for measuring.
 * The fio backend asks the class of a loopback host's target here too.
 * Plain data: the target's fd and what was found about it.
 */
#ifndef DD_TARGET_H
#define DD_TARGET_H

#include <stdbool.h>
#include <stdint.h>

#include "lib/error.h"

/*
 * What kind of target a path is, as far as the engine's automatic choices
 * go; found without I/O (stat + sysfs) by engine_target_classify, so
 * --print-fio resolves the same choices a run would make.
 */
enum dd_target_class {
	DD_TCLASS_UNKNOWN = 0,	/* not there (yet), or not stat-able */
	DD_TCLASS_FILE,		/* a regular file */
	DD_TCLASS_BLK_MQ,	/* a blk-mq block device (NVMe, SCSI, loop, virtio),
				 * or a stacking one (dm, md) */
	DD_TCLASS_BLK_BIO,	/* a bio-based block device that is not a stacking
				 * driver (zram, brd): io_uring runs all its I/O
				 * in io-wq workers */
};

/* A target opened for the engine. */
struct dd_target {
	char	 path[4096];
	int	 fd;		/* O_DIRECT, read-only unless writable */
	bool	 writable;
	bool	 is_blockdev;
	bool	 is_scratch;	/* a file the program created */
	uint64_t size;		/* bytes usable */
	unsigned lbs;		/* logical block size: alignment of offsets and sizes */
	enum dd_target_class tclass;	/* engine_target_classify at open */
	const struct dd_backend_ops *backend;	/* what opened it (io/backend.h);
						 * NULL: the io_uring engine */
	void	*backend_data;	/* the backend's own state, or NULL */
};

/*
 * Open a target for the engine.  Block devices and regular files; size 0 for
 * a file means its current size.  path is resolved once (realpath) and the
 * node it names opened with O_NOFOLLOW, so a link flipped meanwhile fails
 * the open instead of redirecting it.  Writable targets are opened
 * O_RDWR|O_EXCL (a block device in use fails with -EBUSY; the claim holds
 * while t->fd is open, and every worker does its I/O through t->fd).  The
 * caller decides whether writing is allowed (safety_check_fd on t->fd).
 */
int engine_target_open(struct dd_target *t, const char *path, bool writable,
		       struct dd_error *err);

/*
 * Reopen the node open on t->fd (through /proc/self/fd: the same node, not
 * the path) writable or not, exclusively or not; t->fd is replaced only on
 * success.  0 or negative errno with err set.
 */
int engine_target_reopen(struct dd_target *t, bool writable, bool exclusive,
			 struct dd_error *err);

/* Close a target. */
void engine_target_close(struct dd_target *t);

/*
 * Create a scratch file of size bytes with its blocks allocated
 * (O_EXCL|O_NOFOLLOW: an existing file or a planted link is never taken
 * over); removed again when allocation fails.  A directory that is
 * world-writable without the sticky bit is refused (-EPERM): another user
 * could swap the file between its creation and its use.
 */
int engine_scratch_create(const char *path, uint64_t size, struct dd_error *err);

/*
 * Create an unnamed scratch file (O_TMPFILE) of size bytes, allocated, in the
 * directory of path (the same directory checks as engine_scratch_create),
 * and open it as a writable target named path, a name that never appears on
 * disk: nothing is left behind however the process ends, SIGKILL included.
 * -EOPNOTSUPP (err set) when the filesystem has no unnamed files.
 */
int engine_scratch_open_unnamed(struct dd_target *t, const char *path, uint64_t size,
				struct dd_error *err);

/* The class of the target at path (stat + sysfs, no I/O). */
enum dd_target_class engine_target_classify(const char *path);

/* Name of a target class ("bio block device"). */
const char *engine_target_class_name(enum dd_target_class c);

#endif
