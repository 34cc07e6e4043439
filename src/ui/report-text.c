/*
 * The report's text writers (report.h): plain text that fits 80 columns
 * for a terminal or a chat, and Markdown for a ticket.  Both walk the
 * document's blocks; neither draws charts (the HTML page has them).
 *
 * txt: headings underlined, paragraphs and field values wrapped at the
 * width (columns counted with utf8_width, so "µs" is two bytes and one
 * column), tables aligned with numbers to the right; a table wider than
 * the width is written as one group of "header: value" lines per row, so
 * nothing passes the width.  Preformatted text (the fio job file) is kept
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

/* Bytes of s that fit in cols columns, ending at a character boundary;
 * *used gets their columns. */
static size_t
report_tw_fit(const char *s, size_t n, int cols, int *used)
{
	size_t i = 0;

	*used = 0;
	while (i < n) {
		uint32_t cp;
		int	 k = utf8_decode(s + i, n - i, &cp), w;

		if (k == 0)
			break;
		w = utf8_cp_width(cp);
		if (*used + w > cols)
			break;
		*used += w;
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
		size_t fit = report_tw_fit(s, n, room > 1 ? room : 1, &used), cut = fit;

		if (fit < n) {
			/* Back to the last space, if there is one. */
			while (cut > 0 && s[cut] != ' ')
				cut--;
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
	int cols = utf8_width(b->text);

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
static const char *
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
		int k = utf8_width(report_cellv(b, i, 0));

		nw = k > nw ? k : nw;
	}
	nw = nw + 2 > w->width / 3 ? w->width / 3 - 2 : nw;
	for (size_t i = 0; i < b->nrows; i++) {
		const char *name = report_cellv(b, i, 0);
		int	    k = utf8_width(name);

		fprintf(w->f, "%s:%*s", name, k < nw ? nw - k + 1 : 1, "");
		report_tw_wrap(w, report_cellv(b, i, 1), (k < nw ? nw : k) + 2, nw + 2);
	}
}

/* The widths of a table's columns; returns the line's width. */
static int
report_txt_widths(const struct report_block *b, int *wid)
{
	int total = 0;

	for (size_t c = 0; c < b->ncols; c++) {
		wid[c] = 0;
		for (size_t i = 0; i < b->nrows; i++) {
			int k = utf8_width(report_cellv(b, i, c));

			wid[c] = k > wid[c] ? k : wid[c];
		}
		total += wid[c] + (c ? 2 : 0);
	}
	return total;
}

/* One cell padded to its column's width. */
static void
report_txt_pad(struct report_tw *w, const char *s, int width, bool right, bool last)
{
	int pad = width - utf8_width(s);

	pad = pad < 0 ? 0 : pad;
	if (right)
		fprintf(w->f, "%*s%s", pad, "", s);
	else
		fprintf(w->f, "%s%*s", s, last ? 0 : pad, "");
}

/* A table as rows of one group of "header: value" lines each. */
static void
report_txt_records(struct report_tw *w, const struct report_block *b)
{
	for (size_t i = 1; i < b->nrows; i++) {
		fputs("* ", w->f);
		report_tw_wrap(w, report_cellv(b, i, 0), 2, 4);
		for (size_t c = 1; c < b->ncols; c++) {
			const char *v = report_cellv(b, i, c);

			if (v[0] == '\0' || strcmp(v, "-") == 0)
				continue;
			fprintf(w->f, "    %s: ", report_cellv(b, 0, c));
			report_tw_wrap(w, v, 6 + utf8_width(report_cellv(b, 0, c)), 8);
		}
	}
}

/* A table: aligned when it fits the width, else as records. */
static void
report_txt_table(struct report_tw *w, const struct report_block *b)
{
	int wid[64];

	if (b->ncols > 64 || b->nrows == 0)
		return;
	if (report_txt_widths(b, wid) > w->width) {
		report_txt_records(w, b);
		return;
	}
	for (size_t i = 0; i < b->nrows; i++) {
		for (size_t c = 0; c < b->ncols; c++) {
			if (c)
				fputs("  ", w->f);
			report_txt_pad(w, report_cellv(b, i, c), wid[c],
				       (b->right >> (c % 32) & 1u) != 0, c + 1 == b->ncols);
		}
		fputc('\n', w->f);
		for (size_t c = 0; i == 0 && c < b->ncols; c++) {
			fprintf(w->f, "%s", c ? "  " : "");
			for (int k = 0; k < wid[c]; k++)
				fputc('-', w->f);
			if (c + 1 == b->ncols)
				fputc('\n', w->f);
		}
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
			size_t fit = report_tw_fit(s, n, w->width, &used);

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

/* Markdown-escape s: every character a renderer acts on gets a backslash,
 * newlines become spaces (table cells) or line breaks. */
static void
report_md_text(FILE *f, const char *s, bool cell)
{
	for (; *s != '\0'; s++) {
		if (strchr("\\`*_[]<>|#!~&", *s) != NULL)
			fputc('\\', f);
		if (*s == '\n')
			fputs(cell ? " " : "  \n", f);
		else
			fputc(*s, f);
	}
}

/* A table in Markdown (FIELDS: a list of bold names). */
static void
report_md_table(FILE *f, const struct report_block *b)
{
	if (b->kind == REPORT_FIELDS) {
		for (size_t i = 0; i < b->nrows; i++) {
			fputs("- **", f);
			report_md_text(f, report_cellv(b, i, 0), true);
			fputs("**: ", f);
			report_md_text(f, report_cellv(b, i, 1), false);
			fputc('\n', f);
		}
		fputc('\n', f);
		return;
	}
	for (size_t i = 0; i < b->nrows; i++) {
		for (size_t c = 0; c < b->ncols; c++) {
			fputs("| ", f);
			report_md_text(f, report_cellv(b, i, c), true);
			fputc(' ', f);
		}
		fputs("|\n", f);
		for (size_t c = 0; i == 0 && c < b->ncols; c++)
			fputs((b->right >> (c % 32) & 1u) ? "|---:" : "|---",
			      f);
		if (i == 0)
			fputs("|\n", f);
	}
	fputc('\n', f);
}

/* One block as Markdown. */
static void
report_md_block(struct report_tw *w, const struct report_block *b)
{
	switch (b->kind) {
	case REPORT_HEADING:
		fprintf(w->f, "%.*s ", b->level, "####");
		report_md_text(w->f, b->text, true);
		fputs("\n\n", w->f);
		break;
	case REPORT_PARA:
		report_md_text(w->f, b->text, false);
		fputs("\n\n", w->f);
		break;
	case REPORT_FIELDS:
	case REPORT_TABLE:
		report_md_table(w->f, b);
		break;
	case REPORT_PRE:
		fprintf(w->f, "~~~~~~~~\n%s%s~~~~~~~~\n\n", b->text,
			b->text[0] && b->text[strlen(b->text) - 1] != '\n' ? "\n" : "");
		break;
	case REPORT_OPEN:
		fputs("#### ", w->f);
		report_md_text(w->f, b->text, true);
		fputs("\n\n", w->f);
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
