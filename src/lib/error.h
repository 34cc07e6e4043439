/*
 * Errors as values.  Functions that can fail return a negative errno-style
 * code and, when given a struct dd_error, fill it with one sentence meant for
 * the user.  The top level prints that sentence and picks the exit code.
 */
#ifndef DD_ERROR_H
#define DD_ERROR_H

#include <stdarg.h>
#include <stddef.h>

struct dd_error {
	int  code;		/* negative errno, or -1 for "other" */
	char msg[512];		/* one sentence, no trailing newline */
};

/* Record an error and return its code, so callers can `return dd_error_set(...)`. */
int dd_error_set(struct dd_error *err, int code, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* Clear an error record. */
void dd_error_clear(struct dd_error *err);

/* Copy a string into a fixed buffer, truncating; NULL copies as "". */
void dd_strlcpy(char *dst, const char *src, size_t n);

#endif
