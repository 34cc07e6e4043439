/*
 * Query text in the sources' own forms: the ASCII fold of full-width
 * punctuation and decimal commas, the edit distance behind "did you mean",
 * and the shape of a part number.  See query-text.h.
 */
#include "config.h"

#include <ctype.h>
#include <stdint.h>
#include <string.h>

#include "core/query-text.h"
#include "lib/utf8.h"

#define QT_DIST_MAX 64

/* Append one byte to out if it fits (one byte kept for the NUL). */
static void
query_text_put(char *out, size_t len, size_t *o, char c)
{
	if (*o + 1 < len)
		out[(*o)++] = c;
}

/* Digits at s. */
static size_t
query_text_digits(const char *s)
{
	size_t n = 0;

	while (isdigit((unsigned char)s[n]))
		n++;
	return n;
}

/* A comma in in at p between digits: '.', or 0 to drop it (exactly three
 * digits follow: a thousands separator); ',' when not between digits. */
static char
query_text_comma(const char *in, const char *p)
{
	if (p == in || !isdigit((unsigned char)p[-1]) || !isdigit((unsigned char)p[1]))
		return ',';
	return query_text_digits(p + 1) == 3 ? 0 : '.';
}

/* Fold full-width forms, the ideographic space and decimal commas. */
void
query_text_fold(const char *in, char *out, size_t len)
{
	size_t o = 0, n = in != NULL ? strlen(in) : 0;

	if (len == 0)
		return;
	for (size_t i = 0; i < n;) {
		uint32_t cp;
		int	 k = utf8_decode(in + i, n - i, &cp);

		if (k <= 0)
			break;
		if (cp >= 0xFF01 && cp <= 0xFF5E)
			query_text_put(out, len, &o, (char)(cp - 0xFEE0));
		else if (cp == 0x3000)
			query_text_put(out, len, &o, ' ');
		else if (cp == ',') {
			char c = query_text_comma(in, in + i);

			if (c != 0)
				query_text_put(out, len, &o, c);
		} else
			for (int b = 0; b < k; b++)
				query_text_put(out, len, &o, in[i + (size_t)b]);
		i += (size_t)k;
	}
	out[o] = '\0';
}

/* Optimal string alignment distance (Damerau-Levenshtein without repeated
 * edits of one substring), over three rows. */
size_t
query_text_distance(const char *a, const char *b)
{
	size_t rows[3][QT_DIST_MAX + 1];
	size_t na = strnlen(a, QT_DIST_MAX - 1), nb = strnlen(b, QT_DIST_MAX - 1);
	size_t *pp = rows[0], *p = rows[1], *c = rows[2];

	for (size_t j = 0; j <= nb; j++)
		p[j] = j;
	for (size_t i = 1; i <= na; i++) {
		c[0] = i;
		for (size_t j = 1; j <= nb; j++) {
			size_t cost = a[i - 1] != b[j - 1], v = p[j - 1] + cost;

			if (p[j] + 1 < v)
				v = p[j] + 1;
			if (c[j - 1] + 1 < v)
				v = c[j - 1] + 1;
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] &&
			    pp[j - 2] + 1 < v)
				v = pp[j - 2] + 1;
			c[j] = v;
		}
		{
			size_t *t = pp;

			pp = p;
			p = c;
			c = t;
		}
	}
	return p[nb] > 99 ? 99 : p[nb];
}

/* The most edits a typo of an n-character word may hold. */
size_t
query_text_typo_limit(size_t n)
{
	if (n < 4)
		return 0;
	return n <= 7 ? 1 : 2;
}

/* Is w shaped like a part number? */
bool
query_text_part_shaped(const char *w)
{
	size_t n = strlen(w), letters = 0, digits = 0;

	if (n < 6 || !isalpha((unsigned char)w[0]))
		return false;
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)w[i];

		if (isalpha(c))
			letters++;
		else if (isdigit(c))
			digits++;
		else if (c != '-')
			return false;
	}
	return digits >= 1 && letters >= 2;
}
