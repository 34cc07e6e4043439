/*
 * Output files: a results file the program writes (run --json FILE) is a
 * regular file and nothing else, and a reader never sees half of one.
 *
 * outfile_open checks the final name before any work starts: its directory
 * is opened (and kept, so every later step resolves the name in the same
 * directory), and an existing entry at the name must be a regular file that
 * is not a symbolic link and not the inode the caller forbids (the target
 * being measured: compared by st_dev/st_ino, so a hard link is caught too).
 * That entry is then opened once (O_NOFOLLOW, O_NONBLOCK, read-only, the
 * same inode as the one looked at) and the caller's judge decides on that
 * descriptor whether it may be replaced: lib knows nothing of loop devices,
 * swap or stores, so the judge that does is passed in (io/safety.h's
 * safety_outfile_open passes the write-safety rules; every output of the
 * program goes through it).  The check runs again before every replace.
 * Each outfile_replace writes the whole content to a new temporary name in
 * that directory (".NAME.XXXXXX", created O_EXCL|O_NOFOLLOW, so nothing
 * planted there is followed) and renames it over the final name: the final
 * name always holds the last complete version, also after SIGKILL.  Returns
 * are 0 or a negative errno with the sentence in err.
 */
#ifndef DD_OUTFILE_H
#define DD_OUTFILE_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "lib/error.h"

struct outfile;

/* Judge the existing regular file open read-only on fd (o names it) before
 * it is replaced: 0, or a negative errno with the sentence in err. */
typedef int (*outfile_judge_fn)(int fd, const struct outfile *o, struct dd_error *err);

/* One output file: its directory, final name and what it must not be. */
struct outfile {
	char  path[PATH_MAX];	/* the final name as given */
	char  dir[PATH_MAX];	/* its directory as given ("." when none) */
	char  base[NAME_MAX + 1];	/* the last component */
	int   dirfd;		/* the directory, open; -1 when closed */
	bool  forbid;		/* refuse the inode below */
	dev_t forbid_dev;
	ino_t forbid_ino;
	unsigned replaced;	/* complete versions written so far */
	outfile_judge_fn judge;	/* NULL: any regular file may be replaced */
};

/* Check path as an output file and open its directory.  forbid_fd (-1:
 * none) is a descriptor whose inode the output must not be; judge (NULL:
 * none) decides on an existing regular file at the name.  Refuses a
 * symbolic link, a directory, a device, a FIFO or a socket at the name, the
 * forbidden inode and what the judge refuses; -ENOENT or the open(2) errno
 * for the directory. */
int outfile_open(struct outfile *o, const char *path, int forbid_fd, outfile_judge_fn judge,
		 struct dd_error *err);

/* Write len bytes of buf as the whole new content: a temporary file in the
 * same directory, then rename over the final name.  On failure the final
 * name keeps its previous content and the temporary file is removed; the
 * errno is kept (-ENOSPC, -EDQUOT) so the caller can say which filesystem. */
int outfile_replace(struct outfile *o, const void *buf, size_t len, struct dd_error *err);

/* Close the directory (the final name stays as last written). */
void outfile_close(struct outfile *o);

#endif
