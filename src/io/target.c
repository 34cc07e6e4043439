/*
 * Target probing: opening a path as a struct dd_target (resolved once,
 * the node opened O_DIRECT without following a link again, O_EXCL when
 * writing), finding its size, logical block size and class (stat, ioctl,
 * statx and sysfs: no I/O), reopening the same node with other rights,
 * scratch files (named and unnamed), and closing.  What the engine and the
 * fio backend (a loopback host's target class) need to know of a target
 * before any I/O.  A target opened here carries no backend (t->backend
 * NULL: the io_uring engine, io/backend.h); dd_backend_open records it.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <linux/fs.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "target.h"

static enum dd_target_class engine_target_classify_stat(const struct stat *sp);

/* Is the sysfs block directory dir (a disk, not a partition) bio-based
 * and not a stacking driver? */
static bool
sysfs_disk_is_bio(const char *dir)
{
	char	    path[4200];
	struct stat st;

	snprintf(path, sizeof path, "%s/mq", dir);
	if (stat(path, &st) == 0)
		return false;		/* blk-mq */
	snprintf(path, sizeof path, "%s/dm", dir);
	if (stat(path, &st) == 0)
		return false;		/* device mapper: passes I/O down */
	snprintf(path, sizeof path, "%s/md", dir);
	return stat(path, &st) != 0;	/* md: passes I/O down */
}

/* The class of the node open on fd, without I/O. */
static enum dd_target_class
engine_target_classify_fd(int fd)
{
	struct stat st;

	if (fstat(fd, &st) < 0)
		return DD_TCLASS_UNKNOWN;
	return engine_target_classify_stat(&st);
}

/* The class of a target path, without I/O. */
enum dd_target_class
engine_target_classify(const char *path)
{
	struct stat st;

	if (path == NULL || stat(path, &st) < 0)
		return DD_TCLASS_UNKNOWN;
	return engine_target_classify_stat(&st);
}

/* The class of a node from its stat. */
static enum dd_target_class
engine_target_classify_stat(const struct stat *sp)
{
	struct stat st = *sp;
	char	    dir[128], part[200];

	if (S_ISREG(st.st_mode))
		return DD_TCLASS_FILE;
	if (!S_ISBLK(st.st_mode))
		return DD_TCLASS_UNKNOWN;
	snprintf(dir, sizeof dir, "/sys/dev/block/%u:%u", major(st.st_rdev), minor(st.st_rdev));
	snprintf(part, sizeof part, "%s/partition", dir);
	if (stat(part, &st) == 0)
		snprintf(dir + strlen(dir), sizeof dir - strlen(dir), "/..");
	return sysfs_disk_is_bio(dir) ? DD_TCLASS_BLK_BIO : DD_TCLASS_BLK_MQ;
}

/* Name of a target class. */
const char *
engine_target_class_name(enum dd_target_class c)
{
	switch (c) {
	case DD_TCLASS_FILE:
		return "file";
	case DD_TCLASS_BLK_MQ:
		return "blk-mq block device";
	case DD_TCLASS_BLK_BIO:
		return "bio block device";
	case DD_TCLASS_UNKNOWN:
		break;
	}
	return "unknown";
}

/* The size, logical block size and class of the node open on fd. */
static int
engine_target_measure(struct dd_target *t, int fd, struct dd_error *err)
{
	struct stat st;

	if (fstat(fd, &st) < 0)
		return dd_error_set(err, -errno, "cannot stat %s: %s", t->path, strerror(errno));
	if (S_ISBLK(st.st_mode)) {
		uint64_t size = 0;
		int	 ssz = 512;

		if (ioctl(fd, BLKGETSIZE64, &size) < 0 || ioctl(fd, BLKSSZGET, &ssz) < 0)
			return dd_error_set(err, -errno, "cannot read the size of %s: %s",
					    t->path, strerror(errno));
		t->is_blockdev = true;
		t->size = size;
		t->lbs = (unsigned)ssz;
	} else if (S_ISREG(st.st_mode)) {
		t->size = (uint64_t)st.st_size;
		t->lbs = 4096;
#ifdef STATX_DIOALIGN
		{
			struct statx sx;

			if (statx(fd, "", AT_EMPTY_PATH, STATX_DIOALIGN, &sx) == 0 &&
			    (sx.stx_mask & STATX_DIOALIGN) && sx.stx_dio_offset_align > 0)
				t->lbs = sx.stx_dio_offset_align;
		}
#endif
	} else {
		return dd_error_set(err, -EINVAL, "%s is not a block device or a regular file",
				    t->path);
	}
	if (t->size < t->lbs)
		return dd_error_set(err, -EINVAL, t->size == 0 ? "%s is empty (0 bytes)"
				    : "%s is smaller than one block (%llu bytes, the block is %u)",
				    t->path, (unsigned long long)t->size, t->lbs);
	t->size -= t->size % t->lbs;
	t->tclass = engine_target_classify_fd(fd);
	return 0;
}

/* Why open(2) of a target failed, as one sentence. */
static int
engine_open_error(const char *path, bool writable, int e, struct dd_error *err)
{
	if (e == EINVAL)
		return dd_error_set(err, -EINVAL, "%s does not support direct I/O (O_DIRECT)", path);
	if (e == EBUSY)
		return dd_error_set(err, -EBUSY, "%s is busy: the kernel refused an exclusive "
				    "open, so a filesystem, RAID set or another program holds it",
				    path);
	if (e == ELOOP)
		return dd_error_set(err, -ELOOP, "%s changed into a symbolic link while it was "
				    "opened", path);
	return dd_error_set(err, -e, "cannot open %s%s: %s", path,
			    writable ? " for writing" : "", strerror(e));
}

/* Open a target: resolve path once, open the node it names without
 * following a link again, O_EXCL when writing. */
int
engine_target_open(struct dd_target *t, const char *path, bool writable,
		   struct dd_error *err)
{
	char	    real[PATH_MAX];
	struct stat st;
	int	    fd, rc;

	memset(t, 0, sizeof *t);
	t->fd = -1;
	snprintf(t->path, sizeof t->path, "%s", path);
	if (realpath(path, real) == NULL)
		return dd_error_set(err, -errno, "cannot open %s: %s", path, strerror(errno));
	if (stat(real, &st) == 0 && S_ISDIR(st.st_mode))
		return dd_error_set(err, -EISDIR, "%s is a directory, not a block device or a file",
				    path);
	/* O_EXCL without O_CREAT claims a block device and means nothing for
	 * a regular file; O_NONBLOCK keeps a FIFO from blocking the open. */
	fd = open(real, (writable ? O_RDWR | O_EXCL : O_RDONLY) | O_DIRECT | O_CLOEXEC |
		  O_NOFOLLOW | O_NONBLOCK);
	if (fd < 0)
		return engine_open_error(path, writable, errno, err);
	if ((rc = engine_target_measure(t, fd, err)) < 0) {
		close(fd);
		return rc;
	}
	fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
	t->fd = fd;
	t->writable = writable;
	return 0;
}

/* Reopen the node open on t->fd with other rights. */
int
engine_target_reopen(struct dd_target *t, bool writable, bool exclusive,
		     struct dd_error *err)
{
	char link[64];
	int  fd, rc;

	snprintf(link, sizeof link, "/proc/self/fd/%d", t->fd);
	fd = open(link, (writable ? O_RDWR : O_RDONLY) | (exclusive ? O_EXCL : 0) | O_DIRECT |
		  O_CLOEXEC);
	if (fd < 0)
		return engine_open_error(t->path, writable, errno, err);
	if ((rc = engine_target_measure(t, fd, err)) < 0) {
		close(fd);
		return rc;
	}
	close(t->fd);
	t->fd = fd;
	t->writable = writable;
	return 0;
}

/* Open the directory a scratch file goes in, refusing one where another
 * user could swap the file: world-writable without the sticky bit.  The
 * directory's fd (base set to the file's name in path), or negative errno. */
static int
engine_scratch_dir(const char *path, const char **base, struct dd_error *err)
{
	char	    dir[PATH_MAX];
	const char *slash = strrchr(path, '/');
	struct stat st;
	int	    dfd;

	if (slash == NULL) {
		snprintf(dir, sizeof dir, ".");
		*base = path;
	} else {
		snprintf(dir, sizeof dir, "%.*s", slash == path ? 1 : (int)(slash - path), path);
		*base = slash + 1;
	}
	if ((*base)[0] == '\0')
		return dd_error_set(err, -EINVAL, "%s names a directory, not a scratch file", path);
	dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (dfd < 0)
		return dd_error_set(err, -errno, "cannot create scratch file %s: %s", path,
				    strerror(errno));
	if (fstat(dfd, &st) == 0 && (st.st_mode & S_IWOTH) && !(st.st_mode & S_ISVTX)) {
		close(dfd);
		return dd_error_set(err, -EPERM, "cannot create scratch file %s: its directory %s "
				    "is world-writable without the sticky bit, so another user "
				    "could replace the file (chmod +t it, or choose another)",
				    path, dir);
	}
	return dfd;
}

/* Create a scratch file with its blocks allocated. */
int
engine_scratch_create(const char *path, uint64_t size, struct dd_error *err)
{
	const char *base;
	int	    dfd = engine_scratch_dir(path, &base, err);
	int	    fd, rc;

	if (dfd < 0)
		return dfd;
	/* O_EXCL|O_NOFOLLOW: a planted file or link is never taken over. */
	fd = openat(dfd, base, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (fd < 0) {
		rc = -errno;
		close(dfd);
		return dd_error_set(err, rc, "cannot create scratch file %s: %s", path,
				    strerror(-rc));
	}
	rc = posix_fallocate(fd, 0, (off_t)size);
	close(fd);
	if (rc != 0) {
		unlinkat(dfd, base, 0);
		close(dfd);
		return dd_error_set(err, -rc, "cannot allocate %" PRIu64 " bytes for %s: %s",
				    size, path, strerror(rc));
	}
	close(dfd);
	return 0;
}

/* Create and open an unnamed scratch file. */
int
engine_scratch_open_unnamed(struct dd_target *t, const char *path, uint64_t size,
			    struct dd_error *err)
{
	const char *base;
	int	    dfd = engine_scratch_dir(path, &base, err);
	int	    fd, rc;

	memset(t, 0, sizeof *t);
	t->fd = -1;
	snprintf(t->path, sizeof t->path, "%s", path);
	if (dfd < 0)
		return dfd;
	fd = openat(dfd, ".", O_TMPFILE | O_RDWR | O_DIRECT | O_CLOEXEC, 0600);
	rc = fd < 0 ? -errno : 0;
	close(dfd);
	if (rc == -EOPNOTSUPP || rc == -EISDIR || rc == -ENOENT)
		return dd_error_set(err, -EOPNOTSUPP, "the filesystem of %s has no unnamed files",
				    path);
	if (rc < 0)
		return engine_open_error(path, true, -rc, err);
	rc = posix_fallocate(fd, 0, (off_t)size);
	if (rc != 0) {
		close(fd);
		return dd_error_set(err, -rc, "cannot allocate %" PRIu64 " bytes for %s: %s",
				    size, path, strerror(rc));
	}
	if ((rc = engine_target_measure(t, fd, err)) < 0) {
		close(fd);
		return rc;
	}
	t->fd = fd;
	t->writable = true;
	t->is_scratch = true;
	return 0;
}

/* Close a target. */
void
engine_target_close(struct dd_target *t)
{
	if (t->fd >= 0)
		close(t->fd);
	t->fd = -1;
}
