/*
 * Write safety: the check every command runs before it writes to a target.
 *
 * A struct dd_safety is the verdict on one open node.  The path is resolved
 * with realpath(3) once (so /dev/disk/by-id/... links and relative paths name
 * the node they point at), the node is opened without following links again
 * (O_NOFOLLOW), and every check runs on that descriptor: fstat's device
 * number, sysfs by major:minor, libblkid and the exclusive open through the
 * descriptor, never the string the user typed, so a link flipped between the
 * check and the write cannot change what was judged.  The caller writes
 * through the descriptor it had judged (safety_check_fd).  For a block
 * device the checks run in this order and the first that fails decides:
 *
 *   mounted     the device, or (for a whole disk) any of its partitions, is
 *               a mount source in /proc/self/mountinfo, matched by major:minor
 *   swap        the device or a partition is an active swap area (/proc/swaps)
 *   holders     sysfs holders/ of the device or a partition is not empty
 *               (device-mapper, md, LVM, bcache ...)
 *   partitions  libblkid finds a partition table, or the kernel has partitions
 *   signature   libblkid finds a filesystem, RAID, LVM, swap or crypto signature
 *   busy        the kernel refuses an exclusive open (O_EXCL)
 *   loop        the target backs an attached loop device that is in use by
 *               these same rules (mounted, held, signed ...); or the target
 *               is a loop device whose backing device is refused, or whose
 *               backing file's bytes it shares with another loop device in
 *               use (/sys/block/loopN/loop/backing_file and offset)
 *
 * A partition is a target of its own: only it is checked, not its disk or
 * siblings.  A regular file is not a block device and writing to it is
 * allowed (reason DD_SAFE_NOT_BLOCK, verdict 0) unless it backs a loop
 * device in use (DD_SAFE_LOOP, no override); any other non-block node is
 * refused with -ENOTBLK.  A refused device may still be written when the user
 * passes --force and confirms with the device's serial, or with its kernel
 * name when it has none (partitions and loop devices have none).
 */
#ifndef DD_SAFETY_H
#define DD_SAFETY_H

#include <stdbool.h>

#include "lib/error.h"
#include "lib/outfile.h"

/* Why a target was allowed or refused. */
enum dd_safety_reason {
	DD_SAFE_OK,		/* a block device that passed every check */
	DD_SAFE_MOUNTED,	/* holder: the mount point */
	DD_SAFE_SWAP,		/* holder: "swap" */
	DD_SAFE_HOLDERS,	/* holder: the holding device, e.g. "dm-0" */
	DD_SAFE_PARTITIONS,	/* holder: table type "dos"/"gpt", or a partition name */
	DD_SAFE_SIGNATURE,	/* holder: signature type, e.g. "ext4" */
	DD_SAFE_BUSY,		/* holder: "exclusive-open" */
	DD_SAFE_NOT_BLOCK,	/* a regular file (allowed) or another non-block node */
	DD_SAFE_LOOP,		/* holder: the loop device in use that the target backs
				 * or shares bytes with, or the refused backing device */
	DD_SAFE_ERROR,		/* a check could not run; verdict says why */
};

/* The verdict on one target path. */
struct dd_safety {
	char	canonical[4096];	/* realpath of the device node */
	char	name[64];		/* kernel name, e.g. loop3, nvme0n1 */
	char	parent[64];		/* disk of a partition, else empty */
	char	serial[128];		/* sysfs serial or wwid, else empty */
	bool	is_blockdev;
	bool	is_partition;
	int	verdict;		/* 0 = ok to write, else negative errno */
	enum dd_safety_reason reason;
	char	holder[256];		/* what holds it (see the reasons) */
	char	message[512];		/* one sentence naming reason and holder */
};

/*
 * Decide whether path may be written.  Fills *out and returns out->verdict:
 * 0 when writing is allowed, else a negative errno (-EBUSY for a device in
 * use, -ENOTBLK for a non-block node, the failing call's errno otherwise).
 */
int safety_check_write(const char *path, struct dd_safety *out);

/*
 * Decide whether the node open on fd may be written; canonical names it in
 * the messages.  held: the caller holds it open exclusively (O_EXCL), so the
 * busy check is already done.  Fills *out and returns out->verdict.
 */
int safety_check_fd(int fd, const char *canonical, bool held, struct dd_safety *out);

/*
 * May a refused target be written anyway?  Needs force and confirm equal to
 * the device's serial (or kernel name when it has no serial).  Returns 0 when
 * the target was allowed in the first place or both are right; otherwise
 * -EPERM with err saying exactly what to type, or the verdict itself when no
 * override applies (the path does not exist, is not a block device ...).
 */
int safety_override(const struct dd_safety *s, bool force, const char *confirm,
		    struct dd_error *err);

/* The string safety_override wants after --confirm. */
const char *safety_confirm_token(const struct dd_safety *s);

/*
 * Mounts.  This file owns the one /proc/self/mountinfo parser: the safety
 * check above, the description of where a file lives ("file on /dev/vda1,
 * ext4 mounted at /") and the mounted/root flags of the target lists all
 * read it through these.
 */
struct safety_mount {
	unsigned major, minor;		/* st_dev of the files on it */
	char	 mountpoint[1024];
	char	 fstype[64];		/* "ext4", "tmpfs", "devtmpfs" ... */
	char	 source[1024];		/* "/dev/vda1", "tmpfs" ... */
};

/* Call fn for every mount (in mountinfo order) until it returns non-zero;
 * 0, fn's negative return, or -errno when mountinfo cannot be read. */
int safety_mount_each(int (*fn)(const struct safety_mount *m, void *arg), void *arg);

/* The mount that holds an existing file or directory (the innermost mount
 * point of its device that contains it); 0 or negative errno. */
int safety_file_mount(const char *path, struct safety_mount *out);

#define SAFETY_USAGE_MAX 8

/* Where a block device and its partitions are mounted. */
struct safety_usage {
	bool	mounted;	/* it or a partition is a mount source */
	bool	root;		/* one of them is mounted at / */
	size_t	nmounts;
	char	mountpoints[SAFETY_USAGE_MAX][256];
};

/* Fill *out for a block device path; 0 or negative errno (-ENOTBLK). */
int safety_block_usage(const char *path, struct safety_usage *out);

/*
 * Output files (results JSON, exports, reports, logs): an existing regular
 * file at an output's name may be replaced only when that destroys nothing
 * the rules above protect.  safety_check_output judges the file open on fd
 * (path names it in the sentence): refused, -EBUSY, when it is the backing
 * file of an attached loop device (in use or not: the loop would keep a
 * deleted inode), active swap, a SQLite database or its write-ahead log,
 * shared-memory index or rollback journal (by their headers), or, when
 * replace (a file renamed over; false: a log appended to), open in any
 * other descriptor (a write lease is refused; also this process's own, such
 * as an open results store).  0 when it may be written; anything but a
 * regular file is -EINVAL.  err gets the sentence naming what it is.
 */
int safety_check_output(int fd, const char *path, bool replace, struct dd_error *err);

/* safety_check_output, plus NAME-wal/-shm/-journal beside a SQLite NAME in
 * o's directory: the judge every output file is opened with. */
int safety_outfile_judge(int fd, const struct outfile *o, struct dd_error *err);

/* outfile_open(o, path, forbid_fd, safety_outfile_judge, err): the one way
 * the program opens an output file. */
int safety_outfile_open(struct outfile *o, const char *path, int forbid_fd,
			struct dd_error *err);

/* Name of a reason as the probe prints it ("SIGNATURE"). */
const char *safety_reason_name(enum dd_safety_reason r);

#endif
