/*
 * Query text in the sources' own forms, before the query parser reads it:
 * the plain-ASCII fold of what a user types or pastes from a review, the
 * edit distance that finds the word a typo meant, and the shape of a part
 * number.
 *
 * The fold (query_text_fold) takes a NUL-terminated UTF-8 string and writes
 * a new one: the full-width ASCII forms of CJK text (U+FF01..U+FF5E:
 * "15.36TB（E3.S）") become their ASCII twins, the ideographic space (U+3000)
 * a space, and a comma between digits a decimal point ("7,68 TB") unless
 * exactly three digits follow it, which makes it a thousands separator
 * ("7,680 GB").  Everything else is copied byte for byte.  Pure functions:
 * no allocation, no state.
 */
#ifndef DD_QUERY_TEXT_H
#define DD_QUERY_TEXT_H

#include <stdbool.h>
#include <stddef.h>

/* Fold in into out (len bytes, always NUL-terminated; see above). */
void query_text_fold(const char *in, char *out, size_t len);

/* The edit distance of a and b (insertions, deletions, substitutions and
 * swaps of two neighbours, each 1; ASCII, case-sensitive), at most 99; words
 * over 63 characters compare by their first 63. */
size_t query_text_distance(const char *a, const char *b);

/* The most edits a typo of a word of n characters may hold: 0 under 4
 * characters, 1 up to 7, else 2. */
size_t query_text_typo_limit(size_t n);

/* Is w shaped like a part number: one word that starts with a letter, at
 * least 6 letters, digits and dashes with at least one digit and two
 * letters ("KCD9XPJE7T6", "MTFDKCB7T6TDZ", "MZQL27T6HBLA-00A07")? */
bool query_text_part_shaped(const char *w);

#endif
