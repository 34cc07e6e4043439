/*
 * The CLI's tables fitted to the terminal, and the width everything else
 * the CLI prints for people fits (cli-table.h).
 *
 * Data model: a table is the caller's const column array and a flat array
 * of copied cells (row-major).  Printing first computes a layout: one
 * entry per column with its width, whether it is shown and whether it is
 * abbreviated.  Off a terminal (or with --wide) the layout is the columns'
 * own widths, every column shown: the bytes scripts have always parsed.
 * On a terminal, when that layout's widest line is wider than the
 * terminal, each column is as wide as its widest cell and header, then the
 * least important columns (highest prio, the rightmost first) are
 * abbreviated one by one until the line fits, then dropped one by one,
 * then abbreviations that fit again are undone (the most important first);
 * a CLI_TABLE_FREE last column (a reason, a verdict) gets what is left and
 * wraps in it, or with CLI_TABLE_BELOW on a terminal narrower than
 * CLI_TABLE_BELOW_COLS goes on indented lines of its own under its row.
 * What was dropped is named on one line after the table, by its name and
 * the groups it was dropped from ("review at (A, B)").  Text wraps at
 * spaces, a number and its unit one word (cli_wrap_word).  Every width is display columns of
 * the text as cli_printf writes it (cli_text_width: UTF-8 by wcwidth, the
 * ASCII twins' lengths under LANG=C).
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/cli-table.h"
#include "lib/utf8.h"

/* The narrowest a terminal is taken to be (a width below makes no table). */
#define CLI_TERM_MIN 20

/* The narrowest a free last column wraps in, and the longest word that
 * widens it. */
#define CLI_TABLE_FREE_MIN  12
#define CLI_TABLE_FREE_WORD 24

/* How far a CLI_TABLE_BELOW column's lines are indented past the first
 * column. */
#define CLI_TABLE_BELOW_INDENT 4

/* --wide: write-once at option parsing, main thread. */
static bool cli_table_wide;

/* One column's place in a printed table (below: a CLI_TABLE_BELOW column
 * on lines of its own, width the room they have). */
struct cli_table_lay {
	int  width;
	bool shown, abbrev, below;
};

/* Set --wide. */
void
cli_table_set_wide(bool wide)
{
	cli_table_wide = wide;
}

/* The terminal's columns for f: its window size, else $COLUMNS, else 80;
 * 0 when f is not a terminal. */
int
cli_term_width(FILE *f)
{
	struct winsize ws;
	const char    *env;
	int	       fd = fileno(f);

	if (fd < 0 || !isatty(fd))
		return 0;
	if (ioctl(fd, TIOCGWINSZ, &ws) == 0 && ws.ws_col >= CLI_TERM_MIN)
		return ws.ws_col;
	env = getenv("COLUMNS");
	if (env != NULL && atoi(env) >= CLI_TERM_MIN)
		return atoi(env);
	return 80;
}

/* Set t up over ncols columns. */
void
cli_table_init(struct cli_table *t, const struct cli_table_col *cols, size_t ncols)
{
	memset(t, 0, sizeof *t);
	t->cols = cols;
	t->ncols = ncols;
	for (size_t i = 0; i < ncols; i++)
		t->groups |= cols[i].group != NULL;
}

/* Add a row of cells, copied. */
int
cli_table_add(struct cli_table *t, const char *const *cells)
{
	if (t->nrows == t->cap) {
		size_t cap = t->cap ? t->cap * 2 : 16;
		char **c = realloc(t->cells, sizeof *c * cap * t->ncols);
		bool  *l;

		if (c == NULL) {
			t->nomem = true;
			return -ENOMEM;
		}
		t->cells = c;
		l = realloc(t->lines, sizeof *l * cap);
		if (l == NULL) {
			t->nomem = true;
			return -ENOMEM;
		}
		t->lines = l;
		t->cap = cap;
	}
	t->lines[t->nrows] = false;
	for (size_t i = 0; i < t->ncols; i++) {
		char *s = strdup(cells[i] != NULL ? cells[i] : "");

		if (s == NULL) {
			for (size_t k = 0; k < i; k++)
				free(t->cells[t->nrows * t->ncols + k]);
			t->nomem = true;
			return -ENOMEM;
		}
		t->cells[t->nrows * t->ncols + i] = s;
	}
	t->nrows++;
	return 0;
}

/* Add a line of text: a row whose first cell is the text. */
int
cli_table_add_line(struct cli_table *t, const char *text)
{
	const char **cells = calloc(t->ncols, sizeof *cells);
	int	     rc;

	if (cells == NULL) {
		t->nomem = true;
		return -ENOMEM;
	}
	cells[0] = text;
	rc = cli_table_add(t, cells);
	free(cells);
	if (rc == 0)
		t->lines[t->nrows - 1] = true;
	return rc;
}

/* Free t's cells. */
void
cli_table_free(struct cli_table *t)
{
	for (size_t i = 0; i < t->nrows * t->ncols; i++)
		free(t->cells[i]);
	free(t->cells);
	free(t->lines);
	t->cells = NULL;
	t->lines = NULL;
	t->nrows = t->cap = 0;
}

/* The cell of row r (SIZE_MAX: the header), column i, as lay shows it. */
static const char *
cli_table_text(const struct cli_table *t, const struct cli_table_lay *lay, size_t r, size_t i)
{
	const struct cli_table_col *c = &t->cols[i];

	if (r != SIZE_MAX)
		return t->cells[r * t->ncols + i];
	return lay[i].abbrev && c->short_head != NULL ? c->short_head : c->head;
}

/* The width column i needs in the fitted layout: its widest cell and
 * header (abbreviated: at most its short width). */
static int
cli_table_natural(const struct cli_table *t, const struct cli_table_lay *lay, size_t i)
{
	const struct cli_table_col *c = &t->cols[i];
	int w = t->noheader ? 0 : cli_text_width(cli_table_text(t, lay, SIZE_MAX, i));

	for (size_t r = 0; r < t->nrows; r++) {
		int cw = t->lines[r] ? 0 : cli_text_width(t->cells[r * t->ncols + i]);

		w = cw > w ? cw : w;
	}
	if ((c->flags & CLI_TABLE_CUT) && w > c->width)
		w = c->width;
	if (lay[i].abbrev && c->short_width > 0 && w > c->short_width)
		w = c->short_width;
	return w;
}

/* Width of a line of the layout: separators and columns shown. */
static int
cli_table_line_width(const struct cli_table *t, const struct cli_table_lay *lay)
{
	int w = 0;

	for (size_t i = 0; i < t->ncols; i++) {
		if (!lay[i].shown || lay[i].below)
			continue;
		w += cli_text_width(t->cols[i].sep) + lay[i].width;
	}
	return w;
}

/* The widest line of the full layout (cells wider than their column push
 * the line, as printf's "%-9s" does). */
static int
cli_table_full_width(const struct cli_table *t)
{
	int max = 0;

	for (size_t i = 0; i < t->ncols && !t->noheader; i++) {
		const struct cli_table_col *c = &t->cols[i];
		int			    hw = cli_text_width(c->head);

		max += cli_text_width(c->sep) + (hw > c->width ? hw : c->width);
	}

	for (size_t r = 0; r < t->nrows; r++) {
		int w = 0;

		if (t->lines[r]) {	/* printed as it is */
			w = cli_text_width(t->cells[r * t->ncols]);
			max = w > max ? w : max;
			continue;
		}
		for (size_t i = 0; i < t->ncols; i++) {
			const struct cli_table_col *c = &t->cols[i];
			int cw = cli_text_width(t->cells[r * t->ncols + i]);

			if ((c->flags & CLI_TABLE_CUT) && cw > c->width)
				cw = c->width;
			w += cli_text_width(c->sep) + (cw > c->width ? cw : c->width);
		}
		max = w > max ? w : max;
	}
	return max;
}

/* The shown column of highest prio not yet abbrev'd (want_abbrev) or any
 * (dropping), the rightmost of equals; SIZE_MAX when none. */
static size_t
cli_table_least(const struct cli_table *t, const struct cli_table_lay *lay, bool abbrev)
{
	size_t best = SIZE_MAX;

	for (size_t i = 0; i < t->ncols; i++) {
		const struct cli_table_col *c = &t->cols[i];

		if (!lay[i].shown || lay[i].below || c->prio == 0 ||
		    (abbrev && (lay[i].abbrev || (c->short_width == 0 && c->short_head == NULL))))
			continue;
		if (best == SIZE_MAX || c->prio >= t->cols[best].prio)
			best = i;
	}
	return best;
}

/* The narrowest free column i wraps in: its header, its longest word, at
 * least CLI_TABLE_FREE_MIN, at most CLI_TABLE_FREE_WORD. */
static int
cli_table_free_min(const struct cli_table *t, size_t i)
{
	int w = cli_text_width(t->cols[i].head);

	w = w > CLI_TABLE_FREE_MIN ? w : CLI_TABLE_FREE_MIN;
	for (size_t r = 0; r < t->nrows; r++) {
		const char *s = t->lines[r] ? "" : t->cells[r * t->ncols + i];

		while (*s != '\0') {
			size_t n = strcspn(s, " ");
			char   word[CLI_TABLE_FREE_WORD * 4 + 1];

			snprintf(word, sizeof word, "%.*s", (int)n, s);
			w = cli_text_width(word) > w ? cli_text_width(word) : w;
			s += n + strspn(s + n, " ");
		}
	}
	return w < CLI_TABLE_FREE_WORD ? w : CLI_TABLE_FREE_WORD;
}

/* Fit the layout to cols: abbreviate, drop, undo abbreviations that fit,
 * narrow a free last column to what is left. */
static void
cli_table_fit(const struct cli_table *t, struct cli_table_lay *lay, int cols)
{
	size_t i;

	int free_w = 0;

	for (i = 0; i < t->ncols; i++)
		lay[i].width = cli_table_natural(t, lay, i);
	/* A free last column wraps: it fits at the narrowest it wraps in;
	 * one that may go below its row does on a narrow terminal. */
	i = t->ncols - 1;
	if ((t->cols[i].flags & CLI_TABLE_BELOW) && cols < CLI_TABLE_BELOW_COLS) {
		lay[i].below = true;
		lay[i].width = cols - cli_text_width(t->cols[0].sep) - CLI_TABLE_BELOW_INDENT;
	} else if (t->cols[i].flags & CLI_TABLE_FREE) {
		free_w = lay[i].width;
		lay[i].width = cli_table_free_min(t, i);
	}
	while (cli_table_line_width(t, lay) > cols &&
	       (i = cli_table_least(t, lay, true)) != SIZE_MAX) {
		lay[i].abbrev = true;
		lay[i].width = cli_table_natural(t, lay, i);
	}
	while (cli_table_line_width(t, lay) > cols &&
	       (i = cli_table_least(t, lay, false)) != SIZE_MAX)
		lay[i].shown = false;
	for (int p = 0; p <= 1000; p++)	/* undo, most important first */
		for (i = 0; i < t->ncols; i++) {
			if (!lay[i].shown || !lay[i].abbrev || t->cols[i].prio != p)
				continue;
			lay[i].abbrev = false;
			lay[i].width = cli_table_natural(t, lay, i);
			if (cli_table_line_width(t, lay) > cols) {
				lay[i].abbrev = true;
				lay[i].width = cli_table_natural(t, lay, i);
			}
		}
	i = t->ncols - 1;
	if ((t->cols[i].flags & CLI_TABLE_FREE) && lay[i].shown && !lay[i].below) {
		int room = cols - cli_table_line_width(t, lay) + lay[i].width;

		lay[i].width = free_w < room ? free_w : room > lay[i].width ? room : lay[i].width;
	}
}

/* Write text in a cell of width w, cut to it when cut (with an ellipsis
 * when ell: the full layout cuts as printf's "%-22.22s" did). */
static void
cli_table_put(FILE *f, const char *s, int w, unsigned flags, bool cut, bool ell, bool last)
{
	char buf[1024];
	int  pad;

	if (cut)
		s = cli_text_cut(s, w, ell ? cli_glyph(CLI_G_ELLIPSIS) : "", buf, sizeof buf);
	pad = w - cli_text_width(s);
	pad = pad < 0 || (last && !(flags & CLI_TABLE_RIGHT)) ? 0 : pad;
	if (flags & CLI_TABLE_FREE)
		pad = 0;
	if (flags & CLI_TABLE_RIGHT)
		cli_fprintf(f, "%*s%s", pad, "", s);
	else
		cli_fprintf(f, "%s%*s", s, pad, "");
}

/* The group line: each group's label over its shown columns. */
static void
cli_table_print_groups(const struct cli_table *t, const struct cli_table_lay *lay, FILE *f)
{
	const char *cur = NULL;
	int	    pend = 0;	/* width the open group's label still spans */

	for (size_t i = 0; i < t->ncols; i++) {
		const struct cli_table_col *c = &t->cols[i];

		if (!lay[i].shown || lay[i].below)
			continue;
		if (c->group != NULL && c->group == cur) {
			pend += cli_text_width(c->sep) + lay[i].width;
			continue;
		}
		if (pend > 0)
			cli_fprintf(f, "%*s", pend, "");
		cli_fprintf(f, "%s", c->sep);
		cur = c->group;
		cli_fprintf(f, "%s", c->group != NULL ? c->group : "");
		pend = lay[i].width - cli_text_width(c->group != NULL ? c->group : "");
	}
	cli_fprintf(f, "%*s\n", pend > 0 ? pend : 0, "");
}

/* Units a number keeps on its line when text wraps ("67.1 MB,"). */
static const char *const cli_wrap_units[] = {
	"B", "KB", "kB", "MB", "GB", "TB", "PB", "KiB", "MiB", "GiB", "TiB", "K", "M",
	"KB/s", "MB/s", "GB/s", "KiB/s", "MiB/s", "GiB/s", "IOPS", "ns", "us", "\xc2\xb5s",
	"ms", "s", "GT/s", "C", "\xc2\xb0" "C", "%", "hours", NULL,
};

/* The length of the word at p (no space before it) that a wrap never
 * breaks: up to a space, or through the unit after a number. */
static size_t
cli_wrap_word(const char *p)
{
	size_t n = strcspn(p, " "), u, k;

	if (n == 0 || p[n] != ' ' || !isdigit((unsigned char)p[n - 1]))
		return n;
	u = strcspn(p + n + 1, " ");
	k = u;
	while (k > 0 && strchr(",;:.)", p[n + k]) != NULL)
		k--;	/* "MB," "IOPS)" */
	for (size_t i = 0; cli_wrap_units[i] != NULL; i++)
		if (strlen(cli_wrap_units[i]) == k && strncmp(p + n + 1, cli_wrap_units[i], k) == 0)
			return n + 1 + u;
	return n;
}

/* Display columns of the n bytes at p. */
static int
cli_wrap_width(const char *p, size_t n)
{
	char word[512];

	snprintf(word, sizeof word, "%.*s", (int)n, p);
	return cli_text_width(word);
}

/* Write s wrapped at spaces to lines of w columns, the first starting at
 * column col, the others under column at (raw: fprintf, the text already
 * in the locale's characters); a newline after the last. */
static void
cli_wrap_text(FILE *f, const char *s, int col, int at, int w, bool raw)
{
	bool   first = true;
	size_t sp = 0;	/* the spaces before the word at s */

	s += strspn(s, " ");
	while (*s != '\0') {
		size_t wl = cli_wrap_word(s);
		int    ww = cli_wrap_width(s, wl);

		if (!first && col + (int)sp + ww > w) {
			fprintf(f, "\n%*s", at, "");
			col = at;
			first = true;
		}
		sp = first ? 0 : sp;
		if (raw)
			fprintf(f, "%*s%.*s", (int)sp, "", (int)wl, s);
		else
			cli_fprintf(f, "%*s%.*s", (int)sp, "", (int)wl, s);
		col += (int)sp + ww;
		first = false;
		s += wl;
		sp = strspn(s, " ");
		s += sp;
	}
	fputc('\n', f);
}

/* The last column of a row line: shown and not below. */
static size_t
cli_table_last(const struct cli_table *t, const struct cli_table_lay *lay)
{
	size_t last = t->ncols;

	for (size_t i = 0; i < t->ncols; i++)
		if (lay[i].shown && !lay[i].below)
			last = i;
	return last;
}

/* One line: row r (SIZE_MAX: the header); a fitted free column wraps, a
 * column below goes on lines of its own. */
static void
cli_table_print_row(const struct cli_table *t, const struct cli_table_lay *lay, size_t r,
		    bool fitted, FILE *f)
{
	size_t last = cli_table_last(t, lay), nb = t->ncols - 1;
	int    at = 0;

	for (size_t i = 0; i < t->ncols; i++) {
		const struct cli_table_col *c = &t->cols[i];
		bool cut = (c->flags & CLI_TABLE_CUT) ||
			   (fitted && lay[i].abbrev && c->short_width > 0);

		if (!lay[i].shown || lay[i].below)
			continue;
		cli_fprintf(f, "%s", c->sep);
		at += cli_text_width(c->sep);
		if (fitted && i == last && (c->flags & CLI_TABLE_FREE)) {
			cli_wrap_text(f, cli_table_text(t, lay, r, i), at, at, at + lay[i].width,
				      false);
			return;
		}
		cli_table_put(f, cli_table_text(t, lay, r, i), lay[i].width, c->flags, cut,
			      fitted, fitted && i == last);
		at += lay[i].width;
	}
	cli_fprintf(f, "\n");
	if (lay[nb].below && r != SIZE_MAX && t->cells[r * t->ncols + nb][0] != '\0') {
		at = cli_text_width(t->cols[0].sep) + CLI_TABLE_BELOW_INDENT;
		cli_fprintf(f, "%*s", at, "");
		cli_wrap_text(f, t->cells[r * t->ncols + nb], at, at, at + lay[nb].width, false);
	}
}

/* What "left out" calls column i. */
static const char *
cli_table_name(const struct cli_table *t, size_t i)
{
	return t->cols[i].name != NULL ? t->cols[i].name : t->cols[i].head;
}

/* Append column i's name and the groups every left-out column of that
 * name is in ("at (A, B)") to names, unless an earlier one had it. */
static size_t
cli_table_name_left_out(const struct cli_table *t, const struct cli_table_lay *lay, size_t i,
			char *names, size_t len, size_t o)
{
	const char *nm = cli_table_name(t, i), *sep = " (";

	for (size_t k = 0; k < i; k++)
		if (!lay[k].shown && strcmp(cli_table_name(t, k), nm) == 0)
			return o;
	o += (size_t)snprintf(names + o, len - o, "%s%s", o ? ", " : "", nm);
	for (size_t k = i; k < t->ncols && o < len; k++) {
		const char *g = t->cols[k].group;
		bool	    seen = false;

		if (lay[k].shown || g == NULL || strcmp(cli_table_name(t, k), nm) != 0)
			continue;
		for (size_t e = i; e < k; e++)	/* a group once */
			seen |= !lay[e].shown && t->cols[e].group != NULL &&
				strcmp(t->cols[e].group, g) == 0 &&
				strcmp(cli_table_name(t, e), nm) == 0;
		if (seen)
			continue;
		o += (size_t)snprintf(names + o, len - o, "%s%s", sep, g);
		sep = ", ";
	}
	if (*sep == ',' && o < len)
		o += (size_t)snprintf(names + o, len - o, ")");
	return o < len ? o : len - 1;
}

/* "2 columns left out: Firmware, Serial; --wide shows all". */
static void
cli_table_print_left_out(const struct cli_table *t, const struct cli_table_lay *lay, FILE *f)
{
	char   names[512] = "";
	size_t o = 0, n = 0;

	for (size_t i = 0; i < t->ncols; i++) {
		if (lay[i].shown)
			continue;
		n++;
		o = cli_table_name_left_out(t, lay, i, names, sizeof names, o);
	}
	if (n > 0)
		cli_fprintf(f, "%zu column%s left out: %s; --wide shows all\n", n,
			    n == 1 ? "" : "s", names);
}

/* A line of text between rows: as it is, or fitted: wrapped to cols under
 * its indent plus two. */
static void
cli_table_print_line(FILE *f, const char *text, int cols, bool fitted)
{
	int lead = (int)strspn(text, " ");

	if (!fitted || cli_text_width(text) <= cols) {
		cli_fprintf(f, "%s\n", text);
		return;
	}
	cli_fprintf(f, "%*s", lead, "");
	cli_wrap_text(f, text + lead, lead, lead + 2, cols, false);
}

/* Print t to f, fitted to f's terminal. */
int
cli_table_print(const struct cli_table *t, FILE *f)
{
	return cli_table_print_cols(t, f, cli_table_wide ? 0 : cli_term_width(f));
}

/* Print t to f fitted to cols (0: the full layout). */
int
cli_table_print_cols(const struct cli_table *t, FILE *f, int cols)
{
	struct cli_table_lay *lay = calloc(t->ncols ? t->ncols : 1, sizeof *lay);
	bool		      fitted = cols > 0 && cli_table_full_width(t) > cols;

	if (lay == NULL || t->nomem) {
		free(lay);
		cli_error("out of memory");
		return -ENOMEM;
	}
	for (size_t i = 0; i < t->ncols; i++) {
		lay[i].shown = true;
		lay[i].width = t->cols[i].width;
	}
	if (fitted)
		cli_table_fit(t, lay, cols);
	if (t->groups)
		cli_table_print_groups(t, lay, f);
	if (!t->noheader)
		cli_table_print_row(t, lay, SIZE_MAX, fitted, f);
	for (size_t r = 0; r < t->nrows; r++)
		if (t->lines[r])
			cli_table_print_line(f, t->cells[r * t->ncols], cols, fitted);
		else
			cli_table_print_row(t, lay, r, fitted, f);
	if (fitted)
		cli_table_print_left_out(t, lay, f);
	free(lay);
	return 0;
}

/* The --help text's buffer (open_memstream's), one per process: main
 * thread. */
static char  *cli_help_text;
static size_t cli_help_len;

/* A --help text's stream: memory, printed wrapped by cli_help_end (stdout
 * itself when there is no memory for it). */
FILE *
cli_help_begin(void)
{
	FILE *f = open_memstream(&cli_help_text, &cli_help_len);

	return f != NULL ? f : stdout;
}

/* The column a wrapped line continues under: the last text that follows
 * two spaces in the line's first half ("  -t, --target PATH      device"),
 * else the one the line before found (a row of a list whose first words
 * are longer), else four past its indent.  *prev: the last one found. */
static int
cli_help_hang(const char *line, int lead, int cols, int *prev)
{
	int hang = -1;

	if (line[lead] == '\0') {
		*prev = -1;	/* a blank line ends a list */
		return 0;
	}
	for (int i = lead + 1; line[i] != '\0' && i < cols / 2; i++)
		if (line[i] != ' ' && line[i - 1] == ' ' && i >= 2 && line[i - 2] == ' ' &&
		    i - 2 > lead)
			hang = i;
	if (hang > 0)
		return *prev = hang;
	return *prev > lead ? *prev : lead + 4;
}

/* Write one line, wrapped at spaces to cols under its hang column. */
static void
cli_help_wrap(FILE *out, const char *line, int cols, int *prev)
{
	int lead = (int)strspn(line, " "), col;
	int hang = cli_help_hang(line, lead, cols, prev);

	if (cli_text_width(line) <= cols) {
		fprintf(out, "%s\n", line);
		return;
	}
	fprintf(out, "%*s", lead, "");
	col = lead;
	for (const char *p = line + lead; *p != '\0';) {
		size_t sp = strspn(p, " "), wl = cli_wrap_word(p + sp);
		int    ww;

		if (wl == 0)
			break;	/* trailing spaces */
		ww = cli_wrap_width(p + sp, wl);
		if (col > hang && col + (int)sp + ww > cols) {
			fprintf(out, "\n%*s%.*s", hang, "", (int)wl, p + sp);
			col = hang + ww;
		} else {
			fprintf(out, "%*s%.*s", (int)sp, "", (int)wl, p + sp);
			col += (int)sp + ww;
		}
		p += sp + wl;
	}
	fputc('\n', out);
}

/* Print the text of help to out wrapped to cols (0: as it is). */
static int
cli_help_flush(FILE *help, FILE *out, int cols)
{
	int prev = -1;

	if (help == out)
		return EXIT_OK;
	if (fclose(help) != 0 || cli_help_text == NULL)
		return EXIT_OK;
	for (char *line = cli_help_text, *nl; *line != '\0'; line = nl + 1) {
		nl = strchr(line, '\n');
		if (nl == NULL)
			nl = line + strlen(line) - 1 + 1;
		if (*nl == '\0') {
			cli_help_wrap(out, line, cols > 0 ? cols : INT_MAX, &prev);
			break;
		}
		*nl = '\0';
		cli_help_wrap(out, line, cols > 0 ? cols : INT_MAX, &prev);
	}
	free(cli_help_text);
	cli_help_text = NULL;
	return EXIT_OK;
}

/* Print the help text wrapped to stdout's width (80 off a terminal). */
int
cli_help_end(FILE *help)
{
	int cols = cli_term_width(stdout);

	return cli_help_flush(help, stdout, cols > 0 ? cols : 80);
}

/* Print a note wrapped to the terminal's width; as it is off one. */
int
cli_note_end(FILE *note)
{
	return cli_help_flush(note, stdout, cli_term_width(stdout));
}

/* A stream for text wrapped to out's terminal: out itself off one. */
FILE *
cli_wrap_begin(FILE *out)
{
	FILE *f;

	if (cli_table_wide || cli_term_width(out) == 0)
		return out;
	fflush(out);
	f = open_memstream(&cli_help_text, &cli_help_len);
	return f != NULL ? f : out;
}

/* The width cli_wrap_begin wraps to: 0 off a terminal or under --wide. */
int
cli_wrap_cols(FILE *out)
{
	return cli_table_wide ? 0 : cli_term_width(out);
}

/* Print w's text to out wrapped to its terminal. */
int
cli_wrap_end(FILE *w, FILE *out)
{
	return cli_help_flush(w, out, cli_term_width(out));
}
