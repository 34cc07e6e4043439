/*
 * UTF-8 text as the terminal shows it: decoding one character and the
 * number of columns a string takes.  Widths come from wcwidth(3) on the
 * decoded code point (so they follow the locale's character tables: 2 for
 * East Asian wide characters, 0 for combining marks); a character wcwidth
 * does not know (it returns -1, as it does for all non-ASCII in the C
 * locale) counts as one column, the cell the cell buffer gives it.
 * Malformed bytes decode to U+FFFD, one byte at a time.
 */
#ifndef DD_UTF8_H
#define DD_UTF8_H

#include <stddef.h>
#include <stdint.h>

/* Decode one UTF-8 character from the n bytes at s into *cp; returns the
 * bytes used (1-4), or 0 at the end of the string (n == 0 or a NUL).
 * Malformed, overlong, surrogate or truncated input gives U+FFFD and 1. */
int utf8_decode(const char *s, size_t n, uint32_t *cp);

/* Columns one code point takes: wcwidth(3), with unknown (-1) as 1. */
int utf8_cp_width(uint32_t cp);

/* Columns a NUL-terminated UTF-8 string takes. */
int utf8_width(const char *s);

/* The columns s takes when each character takes cp_width(cp) of them (a
 * writer that prints some characters as others, an ASCII twin); NULL:
 * utf8_cp_width, as utf8_width. */
int utf8_width_by(const char *s, int (*cp_width)(uint32_t cp));

/* Copy s into out (len bytes, always NUL-terminated, truncated at a
 * character boundary) with every control character (C0, DEL, C1) and every
 * byte of malformed UTF-8 written as "\xNN", so that text the user typed or
 * a file held can be quoted in a message without driving the terminal.
 * Returns the length of the escaped text. */
size_t utf8_escape(const char *s, char *out, size_t len);

/* Is cp a control character a terminal acts on: C0 (ESC, BEL, CR...), DEL
 * or C1 (U+0080..U+009F, CSI and OSC among them)? */
int utf8_cp_is_control(uint32_t cp);

/* Keep only '\n' and '\t' among the controls (utf8_sanitize's flags). */
#define UTF8_KEEP_LINES 0x1u

/* Make foreign text (a host name, a fio version, a plan name, a path, a
 * drive model from an overlay) inert before it reaches a terminal, in
 * place: every control character (C0, DEL, C1; newline and tab too unless
 * flags has UTF8_KEEP_LINES) and every byte of malformed UTF-8 becomes one
 * '?', which is one byte and one column in every locale, so an escape
 * sequence prints as text ("?[2J") and never acts.  Valid UTF-8 is kept.
 * Returns the new length (never more than the old).  The one filter of the
 * CLI's text output (cli_printf) and of the dashboard's cells; utf8_escape
 * is for quoting in a message, where the exact bytes matter. */
size_t utf8_sanitize(char *s, unsigned flags);

#endif
