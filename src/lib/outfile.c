/*
 * Output files written whole and renamed into place (see outfile.h).  The
 * directory is opened once and every name is resolved relative to it
 * (fstatat, openat, renameat), so the checks and the writes see the same
 * directory even if a path component is swapped meanwhile.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "lib/file.h"
#include "lib/outfile.h"

/* Split path into its directory and last component; -EISDIR without one. */
static int
outfile_split(struct outfile *o, const char *path, struct dd_error *err)
{
	const char *slash = strrchr(path, '/');
	size_t	    n;

	dd_strlcpy(o->path, path, sizeof o->path);
	if (slash == NULL) {
		dd_strlcpy(o->dir, ".", sizeof o->dir);
		slash = path - 1;
	} else {
		n = slash == path ? 1 : (size_t)(slash - path);
		snprintf(o->dir, sizeof o->dir, "%.*s", (int)n, path);
	}
	if (slash[1] == '\0' || strcmp(slash + 1, ".") == 0 || strcmp(slash + 1, "..") == 0)
		return dd_error_set(err, -EISDIR, "%s is a directory; results go to a regular file",
				    path);
	if (strlen(slash + 1) >= sizeof o->base)
		return dd_error_set(err, -ENAMETOOLONG, "%s: the file name is too long", path);
	dd_strlcpy(o->base, slash + 1, sizeof o->base);
	return 0;
}

/* Open the regular file at the final name (st: what fstatat saw there) and
 * let the judge decide on that descriptor; 0 or the refusal. */
static int
outfile_judge_entry(const struct outfile *o, const struct stat *st, struct dd_error *err)
{
	struct stat fs;
	int	    fd, rc;

	fd = openat(o->dirfd, o->base, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	if (fd < 0) {
		rc = -errno;
		return dd_error_set(err, rc, "cannot check %s before replacing it: %s", o->path,
				    strerror(-rc));
	}
	if (fstat(fd, &fs) < 0 || !S_ISREG(fs.st_mode) || fs.st_dev != st->st_dev ||
	    fs.st_ino != st->st_ino) {
		close(fd);
		return dd_error_set(err, -EAGAIN, "%s changed while it was checked; results are "
				    "not written over it", o->path);
	}
	rc = o->judge(fd, o, err);
	close(fd);
	return rc;
}

/* Refuse what exists at the final name unless it is a plain regular file
 * the judge lets us replace. */
static int
outfile_check_name(const struct outfile *o, struct dd_error *err)
{
	struct stat st;

	if (fstatat(o->dirfd, o->base, &st, AT_SYMLINK_NOFOLLOW) < 0) {
		if (errno == ENOENT)
			return 0;
		return dd_error_set(err, -errno, "cannot write %s: %s", o->path, strerror(errno));
	}
	if (S_ISLNK(st.st_mode))
		return dd_error_set(err, -ELOOP, "%s is a symbolic link; results are written to a "
				    "regular file, never through a link", o->path);
	if (!S_ISREG(st.st_mode))
		return dd_error_set(err, S_ISDIR(st.st_mode) ? -EISDIR : -EINVAL,
				    "%s is %s; results go to a regular file", o->path,
				    file_kind(st.st_mode));
	if (o->forbid && st.st_dev == o->forbid_dev && st.st_ino == o->forbid_ino)
		return dd_error_set(err, -EINVAL, "%s is the target being measured; results go to "
				    "another file", o->path);
	return o->judge != NULL ? outfile_judge_entry(o, &st, err) : 0;
}

/* Check path as an output file and open its directory. */
int
outfile_open(struct outfile *o, const char *path, int forbid_fd, outfile_judge_fn judge,
	     struct dd_error *err)
{
	struct stat st;
	int	    rc;

	memset(o, 0, sizeof *o);
	o->dirfd = -1;
	o->judge = judge;
	if ((rc = outfile_split(o, path, err)) < 0)
		return rc;
	if (forbid_fd >= 0 && fstat(forbid_fd, &st) == 0) {
		o->forbid = true;
		o->forbid_dev = st.st_dev;
		o->forbid_ino = st.st_ino;
	}
	o->dirfd = open(o->dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (o->dirfd < 0) {
		rc = -errno;
		return dd_error_set(err, rc, "cannot write %s: directory %s: %s", path, o->dir,
				    strerror(-rc));
	}
	if ((rc = outfile_check_name(o, err)) < 0) {
		outfile_close(o);
		return rc;
	}
	return 0;
}

/* Create a fresh temporary name beside the final one; fd or negative errno. */
static int
outfile_create_temp(const struct outfile *o, char *name, size_t len)
{
	struct timespec ts;

	for (int tries = 0; tries < 100; tries++) {
		int fd;

		clock_gettime(CLOCK_REALTIME, &ts);
		snprintf(name, len, ".%.200s.%06lx", o->base,
			 ((unsigned long)ts.tv_nsec ^ ((unsigned long)getpid() << 12) ^
			  (unsigned long)tries * 7919u) & 0xffffffu);
		fd = openat(o->dirfd, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
			    0644);
		if (fd >= 0 || errno != EEXIST)
			return fd >= 0 ? fd : -errno;
	}
	return -EEXIST;
}

/* Write all of buf to fd; 0 or negative errno. */
static int
outfile_write_all(int fd, const char *buf, size_t len)
{
	while (len > 0) {
		ssize_t n = write(fd, buf, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return n < 0 ? -errno : -EIO;
		buf += n;
		len -= (size_t)n;
	}
	return 0;
}

/* Write buf as the whole new content: temporary file, then rename. */
int
outfile_replace(struct outfile *o, const void *buf, size_t len, struct dd_error *err)
{
	char name[NAME_MAX + 1];
	int  fd, rc;

	if (o->dirfd < 0)
		return dd_error_set(err, -EBADF, "%s is not open", o->path);
	if ((rc = outfile_check_name(o, err)) < 0)
		return rc;
	fd = outfile_create_temp(o, name, sizeof name);
	if (fd < 0)
		return dd_error_set(err, fd, "cannot create a temporary file in %s for %s: %s",
				    o->dir, o->path, strerror(-fd));
	rc = outfile_write_all(fd, buf, len);
	if (rc == 0 && fsync(fd) < 0)
		rc = -errno;
	if (close(fd) < 0 && rc == 0)
		rc = -errno;
	if (rc == 0 && renameat(o->dirfd, name, o->dirfd, o->base) < 0)
		rc = -errno;
	if (rc < 0) {
		unlinkat(o->dirfd, name, 0);
		return dd_error_set(err, rc, "cannot write %s: %s", o->path, strerror(-rc));
	}
	o->replaced++;
	return 0;
}

/* Close the directory. */
void
outfile_close(struct outfile *o)
{
	if (o->dirfd >= 0)
		close(o->dirfd);
	o->dirfd = -1;
}
