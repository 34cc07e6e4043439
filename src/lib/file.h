/*
 * Reading small files whole: plan files, themes, sysfs and procfs attributes.
 * Every read opens with O_NONBLOCK and checks fstat first, so a FIFO, a
 * device or a directory given by mistake is refused with one clear sentence
 * instead of blocking or reading a disk; only regular files are read (sysfs
 * and procfs attributes are regular files).  The size is never taken from
 * st_size (procfs reports 0): the reader reads to end of file and refuses a
 * file longer than the caller's limit.  Returns are 0 or a negative errno.
 */
#ifndef DD_FILE_H
#define DD_FILE_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "lib/error.h"

/* Read the regular file at path into a NUL-terminated malloc'd buffer of at
 * most max bytes (*out; *len the byte count when len is not NULL).  `what`
 * names the file in the error ("plan file"; NULL: "file").  Errors: the
 * open(2) errno, -EISDIR or -EINVAL for a directory or another non-regular
 * file, -EFBIG over max, -EIO, -ENOMEM; err (may be NULL) gets the sentence. */
int file_read_all(const char *what, const char *path, size_t max, char **out,
		  size_t *len, struct dd_error *err);

/* Open path for reading (O_RDONLY | O_NONBLOCK | O_CLOEXEC) and make sure it
 * is a regular file, without ever blocking; the fd, or the errors and
 * sentence of file_read_all ("cannot open WHAT PATH: ..."). */
int file_open_regular(const char *what, const char *path, struct dd_error *err);

/* How many bytes of the regular file open on fd hold data (its extents by
 * SEEK_DATA and SEEK_HOLE: a sparse file's holes do not count) into *data,
 * and its size into *size; 0, or a negative errno (-EINVAL: not a regular
 * file; a filesystem without SEEK_DATA reports the whole file as data). */
int file_data_bytes(int fd, uint64_t *data, uint64_t *size);

/* Check that path names a readable regular file without ever blocking
 * (open O_NONBLOCK, fstat, close), for files another library opens by name
 * (the sqlite database).  0, or the errors and sentence of file_read_all. */
int file_check_regular(const char *what, const char *path, struct dd_error *err);

/* The first line of a small regular file (a sysfs attribute), surrounding
 * whitespace trimmed, into buf (empty for an empty file); 0 or negative
 * errno (-EINVAL when not a regular file). */
int file_read_line(const char *path, char *buf, size_t len);

/* The first line of a small file as an integer (decimal, 0x hex or 0 octal,
 * as strtoll base 0); 0, -EINVAL when it is not one, or the read's errno. */
int file_read_ll(const char *path, long long *out);

/* The text after key in a small /proc-style file ("model name" in
 * /proc/cpuinfo, "MemAvailable:" in /proc/meminfo): from the first line
 * holding key, after the key and any ':', blanks and tabs, to the end of
 * that line, into buf.  0, -ENOENT when the key is not there, or the read's
 * negative errno. */
int file_read_field(const char *path, const char *key, char *buf, size_t len);

/* Where an XDG base directory puts this program's files: $env/tail when env
 * names an absolute path (the XDG spec ignores a relative one), else
 * $HOME/home_rel/tail ("XDG_DATA_HOME", ".local/share", "drivedash/results.db").
 * 0, -ENOENT when neither is set to an absolute path, -ENAMETOOLONG. */
int file_xdg_path(const char *env, const char *home_rel, const char *tail, char *buf,
		  size_t len);

/* Create the missing directories above the last component of path (mkdir -p
 * of its parent), each with mode; 0, or the negative errno of the first
 * mkdir that failed other than with EEXIST (*failed, when not NULL, then
 * holds the directory). */
int file_mkdir_parents(const char *path, mode_t mode, char *failed, size_t len);

/* The last component of a path ("dd.dat" of "/mnt/dd.dat"; path itself
 * without a '/'). */
const char *file_base(const char *path);

/* The base name of path less ext when it ends so ("fio1" of "/tmp/fio1.json"
 * with ".json"), into buf. */
char *file_stem(const char *path, const char *ext, char *buf, size_t len);

/* A file type in words for a sentence: "a directory", "a FIFO", "a block
 * device", "a character device", "a socket", else "not a regular file". */
const char *file_kind(mode_t m);

#endif
