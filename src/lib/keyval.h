/*
 * One line of a "key = value" file: the theme files (ui/theme.c) and the
 * preferences file (core/prefs.c) share this reader, so both accept the
 * same quoting, blanks and comments and say the same things about a bad
 * line.
 *
 * A line is blank, a comment ('#' first), or KEY = VALUE: KEY is letters,
 * digits, '_' and '-' (or, when the caller names a bracket word such as
 * "theme", also WORD[KEY]); VALUE is a word without blanks or "a quoted
 * text" (no escapes; a bare value may start with '#', as "#RRGGBB" does);
 * a '#' after the value and a blank starts a comment.  The reader
 * keeps no state: the caller loops over the lines and decides what a key
 * means.
 */
#ifndef DD_KEYVAL_H
#define DD_KEYVAL_H

#include <limits.h>
#include <stddef.h>

/* What keyval_parse found on one line. */
struct keyval {
	char key[64];
	char value[PATH_MAX];
	char why[96];	/* a bad line: what is wrong ("expected '=' after theme") */
};

/* Parse the line [p, end) (no newline in it); bracket (NULL: none) is the
 * word of the WORD[KEY] form.  1 for a key and its value in kv, 0 for a
 * blank or comment line, -EINVAL with kv->why for a malformed one. */
int keyval_parse(const char *p, const char *end, const char *bracket, struct keyval *kv);

/* The next line of text at *p: [*p, return value) holds it, without its
 * newline; *p moves past the newline.  NULL at the end of text. */
const char *keyval_next_line(const char **p, const char **line);

#endif
