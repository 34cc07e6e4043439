/*
 * The report's text writers (report.h): plain text that fits 80 columns
 * for a terminal or a chat, and Markdown for a ticket.  Both walk the
 * document's blocks; neither draws charts (the HTML page has them).
 *
 * txt: headings underlined, paragraphs and field values wrapped at the
 * width (columns counted as the text is written: by display width, so "µs"
 * is two bytes and one column, or by the caller's report_opts.cp_width, so
 * the CLI's ASCII twins under LANG=C, "->" for "→", fit too), tables aligned with numbers to the right; a table wider than
 * the width is written as one group of "header: value" lines per row, so
 * nothing passes the width (a word longer than a line, a URL, is broken
 * after a '/').  Preformatted text (the fio job file) is kept
 * line by line, a line longer than the width folded.
 * md: "#" headings, pipe tables with their alignment, the job file fenced,
 * every text escaped so a name from an imported file stays text.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/utf8.h"
#include "ui/report-int.h"

/* The writer's state. */
struct report_tw {
	FILE				*f;
	const struct report_opts	*o;
	int				 width;
};

/* The columns code point cp takes as the caller writes it: o->cp_width's
 * (the CLI's LANG=C text writes "→" as "->"), else its display width. */
static int
report_tw_cp(const struct report_tw *w, uint32_t cp)
{
	return w->o->cp_width != NULL ? w->o->cp_width(cp) : utf8_cp_width(cp);
}

/* The columns s takes as written (report_tw_cp of each character). */
static int
report_tw_cols(const struct report_tw *w, const char *s)
{
	return utf8_width_by(s, w->o->cp_width);
}

/* report_tw_cols as report_widths takes it. */
static int
report_tw_width(const void *w, const char *s)
{
	return report_tw_cols(w, s);
}

/* Bytes of s that fit in cols columns, ending at a character boundary;
 * *used gets their columns. */
static size_t
report_tw_fit(const struct report_tw *w, const char *s, size_t n, int cols, int *used)
{
	size_t i = 0;

	*used = 0;
	while (i < n) {
		uint32_t cp;
		int	 k = utf8_decode(s + i, n - i, &cp), wd;

		if (k == 0)
			break;
		wd = report_tw_cp(w, cp);
		if (*used + wd > cols)
			break;
		*used += wd;
		i += (size_t)k;
	}
	return i;
}

/* Write one line of text (no newline in it) wrapped at words to the width,
 * the first line after first_indent columns already written, the others
 * indented by indent spaces. */
static void
report_tw_wrap_line(struct report_tw *w, const char *s, size_t n, int first, int indent)
{
	int col = first;

	while (n > 0) {
		int    room = w->width - col, used;
		size_t fit = report_tw_fit(w, s, n, room > 1 ? room : 1, &used), cut = fit;

		if (fit < n) {
			/* Back to the last space, if there is one; a word longer
			 * than the line (a URL, a path) after its last '/' that
			 * fits, else cut at the width. */
			while (cut > 0 && s[cut] != ' ')
				cut--;
			for (size_t k = fit; cut == 0 && k > 1; k--)
				if (s[k - 1] == '/' && s[k] != '/')
					cut = k;
			if (cut == 0)
				cut = fit > 0 ? fit : 1;
		}
		fprintf(w->f, "%.*s\n", (int)cut, s);
		s += cut;
		n -= cut;
		while (n > 0 && *s == ' ') {
			s++;
			n--;
		}
		if (n > 0) {
			fprintf(w->f, "%*s", indent, "");
			col = indent;
		}
	}
}

/* Write text wrapped: each of its lines wrapped (an empty line kept). */
static void
report_tw_wrap(struct report_tw *w, const char *s, int first, int indent)
{
	bool start = true;

	do {
		const char *nl = strchr(s, '\n');
		size_t	    n = nl ? (size_t)(nl - s) : strlen(s);

		if (!start)
			fprintf(w->f, "%*s", indent, "");
		if (n == 0)
			fputc('\n', w->f);
		else
			report_tw_wrap_line(w, s, n, start ? first : indent, indent);
		start = false;
		s = nl ? nl + 1 : NULL;
	} while (s != NULL);
}

/* A heading: underlined (level 1 '=', 2 '-'), level 3 and more in brackets. */
static void
report_txt_heading(struct report_tw *w, const struct report_block *b)
{
	int cols = report_tw_cols(w, b->text);

	fputc('\n', w->f);
	if (b->level >= 3) {
		char *t = NULL;

		if (asprintf(&t, "[ %s ]", b->text) < 0)
			return;
		report_tw_wrap(w, t, 0, 2);
		free(t);
		return;
	}
	report_tw_wrap(w, b->text, 0, 0);
	cols = cols > w->width ? w->width : cols;
	for (int i = 0; i < cols; i++)
		fputc(b->level == 1 ? '=' : '-', w->f);
	fputc('\n', w->f);
}

/* A cell of a table block. */
const char *
report_cellv(const struct report_block *b, size_t row, size_t col)
{
	return b->cells[row * b->ncols + col];
}

/* FIELDS: names padded to the longest, values wrapped under themselves. */
static void
report_txt_fields(struct report_tw *w, const struct report_block *b)
{
	int nw = 0;

	for (size_t i = 0; i < b->nrows; i++) {
		int k = report_tw_cols(w, report_cellv(b, i, 0));

		nw = k > nw ? k : nw;
	}
	nw = nw + 2 > w->width / 3 ? w->width / 3 - 2 : nw;
	for (size_t i = 0; i < b->nrows; i++) {
		const char *name = report_cellv(b, i, 0);
		int	    k = report_tw_cols(w, name);

		fprintf(w->f, "%s:%*s", name, k < nw ? nw - k + 1 : 1, "");
		report_tw_wrap(w, report_cellv(b, i, 1), (k < nw ? nw : k) + 2, nw + 2);
	}
}

/* The widths of a table's columns, each by width_of (its widest cell). */
void
report_widths(const struct report_block *b, int (*width_of)(const void *ctx, const char *),
	      const void *ctx, int *wid)
{
	for (size_t c = 0; c < b->ncols; c++) {
		wid[c] = 0;
		for (size_t i = 0; i < b->nrows; i++) {
			int k = width_of(ctx, report_cellv(b, i, c));

			wid[c] = k > wid[c] ? k : wid[c];
		}
	}
}

/* Does a group of columns start at c (the first after the keys always)? */
static bool
report_group_starts(const struct report_block *b, size_t c, size_t keys)
{
	return c == keys || b->groups == 0 || (c < 64 && (b->groups >> c & 1u));
}

/* The width of a line of the part's columns: their widths plus sep per
 * column plus extra. */
static int
report_part_width(const struct report_part *p, const int *wid, int sep, int extra)
{
	int w = extra;

	for (size_t k = 0; k < p->n; k++)
		w += wid[p->cols[k]] + sep;
	return w;
}

/* Split a table's columns into parts (report-int.h). */
size_t
report_parts(const struct report_block *b, const int *wid, int sep, int extra, int width,
	     struct report_part *parts, size_t max)
{
	size_t keys = b->keys ? b->keys : b->ncols, np = 0, c;

	keys = keys < b->ncols ? keys : b->ncols;	/* no keys: one part */
	c = keys;
	do {
		struct report_part *p = &parts[np++];
		bool		    one = false;

		p->n = 0;
		for (size_t k = 0; k < keys; k++)
			p->cols[p->n++] = k;
		while (c < b->ncols) {
			size_t end = c + 1, n0 = p->n;

			while (end < b->ncols && !report_group_starts(b, end, keys))
				end++;
			for (size_t k = c; k < end; k++)
				p->cols[p->n++] = k;
			if (one && report_part_width(p, wid, sep, extra) > width) {
				p->n = n0;	/* this group starts the next part */
				break;
			}
			one = true;
			c = end;
		}
		p->fits = report_part_width(p, wid, sep, extra) <= width;
	} while (c < b->ncols && np < max);
	return np;
}

/* One cell padded to its column's width. */
static void
report_txt_pad(struct report_tw *w, const char *s, int width, bool right, bool last)
{
	int pad = width - report_tw_cols(w, s);

	pad = pad < 0 ? 0 : pad;
	if (right)
		fprintf(w->f, "%*s%s", pad, "", s);
	else
		fprintf(w->f, "%s%*s", s, last ? 0 : pad, "");
}

/* A part of a table as rows of one group of "header: value" lines each. */
static void
report_txt_records(struct report_tw *w, const struct report_block *b,
		   const struct report_part *p)
{
	for (size_t i = 1; i < b->nrows; i++) {
		fputs("* ", w->f);
		report_tw_wrap(w, report_cellv(b, i, p->cols[0]), 2, 4);
		for (size_t k = 1; k < p->n; k++) {
			const char *v = report_cellv(b, i, p->cols[k]);
			const char *h = report_cellv(b, 0, p->cols[k]);

			if (v[0] == '\0' || strcmp(v, "-") == 0)
				continue;
			fprintf(w->f, "    %s: ", h);
			report_tw_wrap(w, v, 6 + report_tw_cols(w, h), 8);
		}
	}
}

/* A part of a table, aligned, numbers to the right. */
static void
report_txt_aligned(struct report_tw *w, const struct report_block *b,
		   const struct report_part *p, const int *wid)
{
	for (size_t i = 0; i < b->nrows; i++) {
		for (size_t k = 0; k < p->n; k++) {
			size_t c = p->cols[k];

			if (k)
				fputs("  ", w->f);
			report_txt_pad(w, report_cellv(b, i, c), wid[c],
				       (b->right >> (c % 32) & 1u) != 0, k + 1 == p->n);
		}
		fputc('\n', w->f);
		for (size_t k = 0; i == 0 && k < p->n; k++) {
			fprintf(w->f, "%s", k ? "  " : "");
			for (int n = 0; n < wid[p->cols[k]]; n++)
				fputc('-', w->f);
			if (k + 1 == p->n)
				fputc('\n', w->f);
		}
	}
}

/* A table: in parts that fit the width (each repeating the key columns),
 * a part still too wide as records. */
static void
report_txt_table(struct report_tw *w, const struct report_block *b)
{
	struct report_part parts[REPORT_PARTS_MAX];
	int		   wid[REPORT_COLS_MAX];
	size_t		   np;

	if (b->ncols > REPORT_COLS_MAX || b->nrows == 0 || b->ncols == 0)
		return;
	report_widths(b, report_tw_width, w, wid);
	np = report_parts(b, wid, 2, -2, w->width, parts, REPORT_PARTS_MAX);
	for (size_t k = 0; k < np; k++) {
		if (k)
			fputc('\n', w->f);
		if (parts[k].fits)
			report_txt_aligned(w, b, &parts[k], wid);
		else
			report_txt_records(w, b, &parts[k]);
	}
}

/* Preformatted text: line by line, a long line folded at the width. */
static void
report_txt_pre(struct report_tw *w, const char *s)
{
	while (*s != '\0') {
		const char *nl = strchr(s, '\n');
		size_t	    n = nl ? (size_t)(nl - s) : strlen(s);

		do {
			int    used;
			size_t fit = report_tw_fit(w, s, n, w->width, &used);

			fit = fit == 0 && n > 0 ? 1 : fit;
			fprintf(w->f, "%.*s\n", (int)fit, s);
			s += fit;
			n -= fit;
		} while (n > 0);
		s = nl ? nl + 1 : s;
	}
}

/* One block as plain text. */
static void
report_txt_block(struct report_tw *w, const struct report_block *b)
{
	switch (b->kind) {
	case REPORT_HEADING:
		report_txt_heading(w, b);
		break;
	case REPORT_PARA:
		report_tw_wrap(w, b->text, 0, 0);
		break;
	case REPORT_FIELDS:
		report_txt_fields(w, b);
		break;
	case REPORT_TABLE:
		report_txt_table(w, b);
		break;
	case REPORT_PRE:
		report_txt_pre(w, b->text);
		break;
	case REPORT_OPEN:
		fputs("- ", w->f);
		report_tw_wrap(w, b->text, 2, 4);
		break;
	case REPORT_CHART:
	case REPORT_CLOSE:
		break;
	}
}

/* The characters Markdown acts on, each written after a backslash. */
static const char report_md_special[] = "\\`*_[]<>|#!~&";

/* Markdown-escape s: every character a renderer acts on gets a backslash,
 * a newline becomes a space (a table cell, a heading). */
static void
report_md_text(FILE *f, const char *s)
{
	for (; *s != '\0'; s++) {
		if (strchr(report_md_special, *s) != NULL)
			fputc('\\', f);
		fputc(*s == '\n' ? ' ' : *s, f);
	}
}

static int report_md_width(const struct report_tw *w, const char *s);

/* report_md_width as report_widths takes it. */
static int
report_md_width_of(const void *w, const char *s)
{
	return report_md_width(w, s);
}

/* The columns s takes once escaped (one line). */
static int
report_md_width(const struct report_tw *w, const char *s)
{
	int n = report_tw_cols(w, s);

	for (; *s != '\0'; s++)
		n += strchr(report_md_special, *s) != NULL;
	return n;
}

/* n bytes of s escaped as one line, malloc'd; NULL out of memory. */
static char *
report_md_escape(const char *s, size_t n)
{
	char  *out = NULL;
	size_t len;
	FILE  *f = open_memstream(&out, &len);

	if (f == NULL)
		return NULL;
	for (size_t i = 0; i < n; i++) {
		if (strchr(report_md_special, s[i]) != NULL)
			fputc('\\', f);
		fputc(s[i], f);
	}
	if (fclose(f) != 0) {
		free(out);
		return NULL;
	}
	return out;
}

/* May a wrapped line start at s (after a space)?  Not with what would
 * start a list, a setext underline or a thematic break there: "-", "+",
 * "=", or digits then "." or ")". */
static bool
report_md_safe_start(const char *s)
{
	const char *d = s;

	if (*s == '-' || *s == '+' || *s == '=')
		return false;
	while (*d >= '0' && *d <= '9')
		d++;
	return d == s || (*d != '.' && *d != ')');
}

/* Write escaped text e (one line of it) wrapped at spaces to the width
 * less reserve, the first line after first columns, the others indented
 * by indent spaces; a soft line break is a space to a Markdown reader, so
 * a word (a figure, a path) is never cut: one longer than the room
 * overflows instead. */
static void
report_md_wrap_escaped(struct report_tw *w, const char *e, int first, int indent, int reserve)
{
	size_t n = strlen(e);
	int    col = first;

	while (n > 0) {
		int    room = w->width - reserve - col, used;
		size_t fit = report_tw_fit(w, e, n, room > 1 ? room : 1, &used), cut = fit;

		if (fit < n) {
			while (cut > 0 && (e[cut] != ' ' || !report_md_safe_start(e + cut + 1)))
				cut--;
			for (cut = cut ? cut : fit; cut < n; cut++)	/* overflow */
				if (e[cut] == ' ' && report_md_safe_start(e + cut + 1))
					break;
		}
		while (cut > 0 && e[cut - 1] == ' ')
			cut--;
		fprintf(w->f, "%.*s", (int)cut, e);
		e += cut;
		n -= cut;
		while (n > 0 && *e == ' ') {
			e++;
			n--;
		}
		if (n > 0) {
			fprintf(w->f, "\n%*s", indent, "");
			col = indent;
		}
	}
}

/* Write text as Markdown, wrapped (see report_md_wrap_escaped); each of
 * its lines ends in a hard line break but the last; no final newline. */
static void
report_md_wrap(struct report_tw *w, const char *s, int first, int indent)
{
	for (;;) {
		const char *nl = strchr(s, '\n');
		size_t	    n = nl ? (size_t)(nl - s) : strlen(s);
		char	   *e = report_md_escape(s, n);

		if (e != NULL)
			report_md_wrap_escaped(w, e, first, indent, nl ? 2 : 0);
		free(e);
		if (nl == NULL)
			break;
		fprintf(w->f, "  \n%*s", indent, "");	/* a hard line break */
		first = indent;
		s = nl + 1;
	}
}

/* A heading: "## text" when it fits the width; else levels 1 and 2 as a
 * setext heading (its lines wrapped, then a line of = or -), deeper ones
 * as a bold paragraph. */
static void
report_md_heading(struct report_tw *w, const char *text, int level)
{
	char  *e = report_md_escape(text, strlen(text)), *b = NULL;
	int    cols = report_md_width(w, text);

	for (char *c = e; c != NULL && *c != '\0'; c++)
		*c = *c == '\n' ? ' ' : *c;
	if (e != NULL && level + 1 + cols <= w->width) {
		fprintf(w->f, "%.*s %s\n\n", level, "####", e);
	} else if (e != NULL && level <= 2) {
		report_md_wrap_escaped(w, e, 0, 0, 0);
		fputc('\n', w->f);
		for (int i = 0; i < (cols < w->width ? cols : w->width); i++)
			fputc(level == 1 ? '=' : '-', w->f);
		fputs("\n\n", w->f);
	} else if (e != NULL && asprintf(&b, "**%s**", e) >= 0) {
		report_md_wrap_escaped(w, b, 0, 0, 0);
		fputs("\n\n", w->f);
	}
	free(b);
	free(e);
}

/* FIELDS in Markdown: a list of bold names, values wrapped under them. */
static void
report_md_fields(struct report_tw *w, const struct report_block *b)
{
	for (size_t i = 0; i < b->nrows; i++) {
		const char *name = report_cellv(b, i, 0);

		fputs("- **", w->f);
		report_md_text(w->f, name);
		fputs("**: ", w->f);
		report_md_wrap(w, report_cellv(b, i, 1), 8 + report_md_width(w, name), 2);
		fputc('\n', w->f);
	}
	fputc('\n', w->f);
}

/* A part of a table as a list: a row's first key, then "header: value"
 * items, wrapped. */
static void
report_md_records(struct report_tw *w, const struct report_block *b,
		  const struct report_part *p)
{
	for (size_t i = 1; i < b->nrows; i++) {
		fputs("- ", w->f);
		report_md_wrap(w, report_cellv(b, i, p->cols[0]), 2, 2);
		fputc('\n', w->f);
		for (size_t k = 1; k < p->n; k++) {
			const char *v = report_cellv(b, i, p->cols[k]);
			const char *h = report_cellv(b, 0, p->cols[k]);

			if (v[0] == '\0' || strcmp(v, "-") == 0)
				continue;
			fputs("  - **", w->f);
			report_md_text(w->f, h);
			fputs("**: ", w->f);
			report_md_wrap(w, v, 10 + report_md_width(w, h), 4);
			fputc('\n', w->f);
		}
	}
	fputc('\n', w->f);
}

/* A part of a table as a pipe table ("| a | b |", or "|a|b|" compact). */
static void
report_md_pipes(struct report_tw *w, const struct report_block *b,
		const struct report_part *p, bool compact)
{
	for (size_t i = 0; i < b->nrows; i++) {
		for (size_t k = 0; k < p->n; k++) {
			fputs(compact ? "|" : "| ", w->f);
			report_md_text(w->f, report_cellv(b, i, p->cols[k]));
			if (!compact)
				fputc(' ', w->f);
		}
		fputs("|\n", w->f);
		for (size_t k = 0; i == 0 && k < p->n; k++)
			fputs((b->right >> (p->cols[k] % 32) & 1u) ? "|---:" : "|---", w->f);
		if (i == 0)
			fputs("|\n", w->f);
	}
	fputc('\n', w->f);
}

/* A table in Markdown: one pipe table when it fits the width, else the
 * compact form, else parts of it that fit (each repeating the key
 * columns), a part still too wide as a list. */
static void
report_md_table(struct report_tw *w, const struct report_block *b)
{
	struct report_part parts[REPORT_PARTS_MAX];
	int		   wid[REPORT_COLS_MAX];
	size_t		   np;
	bool		   compact = false;

	if (b->ncols > REPORT_COLS_MAX || b->nrows == 0 || b->ncols == 0)
		return;
	report_widths(b, report_md_width_of, w, wid);
	for (size_t c = 0; c < b->ncols; c++)
		wid[c] = wid[c] < 4 ? 4 : wid[c];	/* "---:" */
	np = report_parts(b, wid, 3, 1, w->width, parts, REPORT_PARTS_MAX);
	if (np > 1 || !parts[0].fits) {
		compact = true;
		np = report_parts(b, wid, 1, 1, w->width, parts, REPORT_PARTS_MAX);
	}
	for (size_t k = 0; k < np; k++) {
		if (parts[k].fits)
			report_md_pipes(w, b, &parts[k], compact);
		else
			report_md_records(w, b, &parts[k]);
	}
}

/* One block as Markdown. */
static void
report_md_block(struct report_tw *w, const struct report_block *b)
{
	switch (b->kind) {
	case REPORT_HEADING:
		report_md_heading(w, b->text, b->level);
		break;
	case REPORT_PARA:
		report_md_wrap(w, b->text, 0, 0);
		fputs("\n\n", w->f);
		break;
	case REPORT_FIELDS:
		report_md_fields(w, b);
		break;
	case REPORT_TABLE:
		report_md_table(w, b);
		break;
	case REPORT_PRE:
		/* Kept line for line, a long line too: the job file still runs. */
		fprintf(w->f, "~~~~~~~~\n%s%s~~~~~~~~\n\n", b->text,
			b->text[0] && b->text[strlen(b->text) - 1] != '\n' ? "\n" : "");
		break;
	case REPORT_OPEN:
		report_md_heading(w, b->text, 4);
		break;
	case REPORT_CHART:
	case REPORT_CLOSE:
		break;
	}
}

/* The txt and md writers into an open stream; 0 or -EIO. */
int
report_write_text(const struct report *r, const struct report_opts *o, FILE *f)
{
	struct report_tw w = { .f = f, .o = o, .width = o->width ? (int)o->width : 80 };
	enum report_kind prev = REPORT_HEADING;

	for (size_t i = 0; i < r->n; i++) {
		const struct report_block *b = &r->b[i];

		if (o->summary_only && !b->summary)
			continue;
		if (o->format == REPORT_MD) {
			report_md_block(&w, b);
			continue;
		}
		/* A blank line between blocks, none under a heading. */
		if (prev != REPORT_HEADING && b->kind != REPORT_HEADING &&
		    b->kind != REPORT_CHART && b->kind != REPORT_CLOSE)
			fputc('\n', f);
		report_txt_block(&w, b);
		if (b->kind != REPORT_CHART && b->kind != REPORT_CLOSE)
			prev = b->kind;
	}
	return ferror(f) ? -5 : 0;
}
