/*
 * Whole-file and one-line readers (see file.h).  file_open_regular() is the
 * one place that opens: O_RDONLY | O_NONBLOCK | O_CLOEXEC, then fstat, then
 * refuse anything that is not a regular file.  file_read_all() grows its
 * buffer as it reads, up to the caller's limit plus one byte to tell "exactly
 * max" from "longer".
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "file.h"

/* A file type in words, for the "not a regular file" sentence. */
const char *
file_kind(mode_t m)
{
	if (S_ISDIR(m))
		return "a directory";
	if (S_ISFIFO(m))
		return "a FIFO";
	if (S_ISCHR(m))
		return "a character device";
	if (S_ISBLK(m))
		return "a block device";
	if (S_ISSOCK(m))
		return "a socket";
	return "not a regular file";
}

/* A size limit in words: "1 MiB", "64 KiB", "100 bytes". */
static void
file_size_words(size_t n, char *buf, size_t len)
{
	if (n >= 1024 * 1024 && n % (1024 * 1024) == 0)
		snprintf(buf, len, "%zu MiB", n / (1024 * 1024));
	else if (n >= 1024 && n % 1024 == 0)
		snprintf(buf, len, "%zu KiB", n / 1024);
	else
		snprintf(buf, len, "%zu bytes", n);
}

/* Open a regular file for reading without ever blocking (see file.h). */
int
file_open_regular(const char *what, const char *path, struct dd_error *err)
{
	struct stat st;
	int	    fd, rc;

	fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0) {
		rc = -errno;
		return dd_error_set(err, rc, "cannot open %s %s: %s", what, path,
				    strerror(-rc));
	}
	if (fstat(fd, &st) < 0) {
		rc = -errno;
		close(fd);
		return dd_error_set(err, rc, "cannot read %s %s: %s", what, path,
				    strerror(-rc));
	}
	if (!S_ISREG(st.st_mode)) {
		close(fd);
		return dd_error_set(err, S_ISDIR(st.st_mode) ? -EISDIR : -EINVAL,
				    "%s %s is %s, not a regular file", what, path,
				    file_kind(st.st_mode));
	}
	return fd;
}

/* The bytes of a regular file that hold data (see file.h). */
int
file_data_bytes(int fd, uint64_t *data, uint64_t *size)
{
	struct stat st;
	off_t	    pos = 0, hole;

	*data = *size = 0;
	if (fstat(fd, &st) < 0)
		return -errno;
	if (!S_ISREG(st.st_mode))
		return -EINVAL;
	*size = (uint64_t)st.st_size;
	while (pos < st.st_size) {
		pos = lseek(fd, pos, SEEK_DATA);
		if (pos < 0)
			return errno == ENXIO ? 0 : -errno;	/* ENXIO: holes to the end */
		hole = lseek(fd, pos, SEEK_HOLE);
		if (hole < 0)
			return -errno;
		*data += (uint64_t)(hole - pos);
		pos = hole;
	}
	return 0;
}

/* Check for a readable regular file without blocking (see file.h). */
int
file_check_regular(const char *what, const char *path, struct dd_error *err)
{
	int fd = file_open_regular(what != NULL ? what : "file", path, err);

	if (fd < 0)
		return fd;
	close(fd);
	return 0;
}

/* Read from fd until end of file or max + 1 bytes; bytes read or negative errno. */
static ssize_t
file_read_fd(int fd, char **buf, size_t *cap, size_t max)
{
	size_t used = 0;

	for (;;) {
		ssize_t n;

		if (used == *cap) {
			size_t ncap = *cap * 2 > max + 1 ? max + 1 : *cap * 2;
			char  *nb;

			if (ncap <= *cap)
				return (ssize_t)used;	/* max + 1 read: too long */
			if ((nb = realloc(*buf, ncap + 1)) == NULL)
				return -ENOMEM;
			*buf = nb;
			*cap = ncap;
		}
		n = read(fd, *buf + used, *cap - used);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -errno;
		if (n == 0)
			return (ssize_t)used;
		used += (size_t)n;
	}
}

/* Read a whole regular file of at most max bytes (see file.h). */
int
file_read_all(const char *what, const char *path, size_t max, char **out,
	      size_t *len, struct dd_error *err)
{
	char	limit[32];
	char   *buf;
	size_t	cap = max < 4096 ? max + 1 : 4096;
	ssize_t n;
	int	fd;

	*out = NULL;
	what = what != NULL ? what : "file";
	if ((fd = file_open_regular(what, path, err)) < 0)
		return fd;
	if ((buf = malloc(cap + 1)) == NULL) {
		close(fd);
		return dd_error_set(err, -ENOMEM, "out of memory reading %s %s", what, path);
	}
	n = file_read_fd(fd, &buf, &cap, max);
	close(fd);
	if (n < 0 || (size_t)n > max) {
		free(buf);
		if (n == -ENOMEM)
			return dd_error_set(err, -ENOMEM, "out of memory reading %s %s",
					    what, path);
		if (n < 0)
			return dd_error_set(err, (int)n, "cannot read %s %s: %s", what, path,
					    strerror((int)-n));
		file_size_words(max, limit, sizeof limit);
		return dd_error_set(err, -EFBIG, "%s %s is larger than %s", what, path, limit);
	}
	buf[n] = '\0';
	*out = buf;
	if (len != NULL)
		*len = (size_t)n;
	return 0;
}

/* The first line of a small regular file, trimmed (see file.h). */
int
file_read_line(const char *path, char *buf, size_t len)
{
	ssize_t n;
	size_t	start = 0, end;
	int	fd;

	if (len == 0)
		return -EINVAL;
	buf[0] = '\0';
	if ((fd = file_open_regular("file", path, NULL)) < 0)
		return fd;
	do
		n = read(fd, buf, len - 1);
	while (n < 0 && errno == EINTR);
	if (n < 0) {
		n = -errno;
		close(fd);
		return (int)n;
	}
	close(fd);
	buf[n] = '\0';
	end = strcspn(buf, "\n");
	while (end > 0 && isspace((unsigned char)buf[end - 1]))
		end--;
	buf[end] = '\0';
	while (isspace((unsigned char)buf[start]))
		start++;
	memmove(buf, buf + start, end - start + 1);
	return 0;
}

/* The first line of a small file as an integer (see file.h). */
int
file_read_ll(const char *path, long long *out)
{
	char	  buf[64], *end;
	long long v;
	int	  rc;

	if ((rc = file_read_line(path, buf, sizeof buf)) < 0)
		return rc;
	errno = 0;
	v = strtoll(buf, &end, 0);
	if (errno != 0 || end == buf || *end != '\0')
		return -EINVAL;
	*out = v;
	return 0;
}

/* The text after key in a small /proc-style file. */
int
file_read_field(const char *path, const char *key, char *buf, size_t len)
{
	char *text = NULL, *v;
	int   rc;

	if ((rc = file_read_all("proc", path, 4 << 20, &text, NULL, NULL)) < 0)
		return rc;
	if ((v = strstr(text, key)) == NULL) {
		free(text);
		return -ENOENT;
	}
	v += strlen(key);
	v += strspn(v, ": \t");
	snprintf(buf, len, "%.*s", (int)strcspn(v, "\n"), v);
	free(text);
	return 0;
}

/* Where an XDG base directory puts this program's files. */
int
file_xdg_path(const char *env, const char *home_rel, const char *tail, char *buf, size_t len)
{
	const char *xdg = getenv(env), *home = getenv("HOME");
	int	    n;

	if (xdg != NULL && xdg[0] == '/')
		n = snprintf(buf, len, "%s/%s", xdg, tail);
	else if (home != NULL && home[0] == '/')
		n = snprintf(buf, len, "%s/%s/%s", home, home_rel, tail);
	else
		return -ENOENT;
	return n < 0 || (size_t)n >= len ? -ENAMETOOLONG : 0;
}

/* mkdir -p of path's parent. */
int
file_mkdir_parents(const char *path, mode_t mode, char *failed, size_t len)
{
	char dir[4096];

	snprintf(dir, sizeof dir, "%s", path);
	for (char *s = dir + 1; *s != '\0'; s++) {
		if (*s != '/')
			continue;
		*s = '\0';
		if (mkdir(dir, mode) < 0 && errno != EEXIST) {
			int e = errno;

			if (failed != NULL)
				snprintf(failed, len, "%s", dir);
			return -e;
		}
		*s = '/';
	}
	return 0;
}

/* The last component of a path. */
const char *
file_base(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash != NULL ? slash + 1 : path;
}

/* The base name of path less ext. */
char *
file_stem(const char *path, const char *ext, char *buf, size_t len)
{
	const char *base = file_base(path);
	size_t	    n = strlen(base), e = strlen(ext);

	if (n > e && strcmp(base + n - e, ext) == 0)
		n -= e;
	snprintf(buf, len, "%.*s", (int)n, base);
	return buf;
}
