/*
 * Unit tests for the cell buffer's text rule (cellbuf_fit, and
 * cellbuf_put_str and tui_print_right over it): text that does not fit is
 * fitted, never cut; a figure (a number with its unit) is whole or dropped,
 * a label is shortened with the glyph set's ellipsis, UTF-8 counts one cell
 * per character, ASCII mode marks with '~'.  Table-driven: each case is a
 * string, a width and the text that must come out.
 */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "ui/cellbuf.h"
#include "ui/tui.h"

#define ELL 0x2026u	/* '…' */

/* One case: s fitted into w cells must read want. */
struct fit_case {
	const char *s;
	int	    w;
	const char *want;
};

/* Run a table of cases with ellipsis ell. */
static void
fit_cases(const struct fit_case *c, size_t n, uint32_t ell)
{
	for (size_t i = 0; i < n; i++) {
		char out[256];
		int  cells = cellbuf_fit(c[i].s, c[i].w, ell, out, sizeof out);

		if (strcmp(out, c[i].want) != 0 || cells > c[i].w) {
			printf("# \"%s\" in %d cells: got \"%s\" (%d cells), want \"%s\"\n",
			       c[i].s, c[i].w, out, cells, c[i].want);
			fail_msg("\"%s\" in %d cells: got \"%s\" (%d cells), want \"%s\"",
				 c[i].s, c[i].w, out, cells, c[i].want);
		}
	}
}

/* A figure at the edge: whole, or dropped whole with the mark after a space. */
static void
test_figure_at_edge(void **state)
{
	static const struct fit_case cases[] = {
		{ "@100% \u2192 977.2K", 14, "@100% \u2192 977.2K" },
		{ "@100% \u2192 977.2K", 13, "@100% \u2192 \u2026" },
		/* No room for the mark after a symbol: nothing more. */
		{ "@100% \u2192 977.2K", 8, "@100% \u2192" },
		{ "@100% \u2192 977.2K", 6, "@100%" },
		{ "14,800,000", 10, "14,800,000" },
		{ "14,800,000", 9, "\u2026" },
		{ "28,000 MB/s", 10, "\u2026" },
		{ "read 28,000 MB/s", 15, "re\u2026 28,000 MB/s" },
		{ "read 28,000 MB/s", 14, "read \u2026" },
		{ "p99.9 123,456 \u00b5s", 15, "p99.9 \u2026" },
		{ "3.2x faster", 6, "3.2x \u2026" },
		{ "99.9%", 4, "\u2026" },
		{ "-74.0% rated", 8, "-74.0% \u2026" },
		{ "lat \u00b5s mean 190  p50 171  p99 418  max 1,710", 30,
		  "lat \u00b5s mean 190  p50 171 \u2026" },
		/* A figure's unit word goes with it: never "1,234 MB". */
		{ "total 1,234 MB/s now", 12, "total \u2026" },
		{ "85 \u00b5s", 4, "\u2026" },
		/* Spaces at the end are clipped, text that fits is untouched. */
		{ "977.2K     ", 6, "977.2K" },
		{ "  42", 4, "  42" },
	};

	(void)state;
	fit_cases(cases, sizeof cases / sizeof cases[0], ELL);
}

/* A label then a figure: the label shrinks first, the figure stays whole. */
static void
test_label_then_figure(void **state)
{
	static const struct fit_case cases[] = {
		{ "KIOXIA CD9P-R Series Enterprise NVMe SSD 61.44 TB", 30,
		  "KIOXIA CD9P-R Serie\u2026 61.44 TB" },
		{ "KIOXIA CD9P-R Series Enterprise NVMe SSD 61.44 TB", 12, "KI\u2026 61.44 TB" },
		/* Too little room for a label stub: left to right, the figure dropped. */
		{ "KIOXIA CD9P-R Series Enterprise NVMe SSD 61.44 TB", 10, "KIOXIA CD\u2026" },
		/* A name whose last word is not a figure: shortened at its end, its
		 * figure dropped whole (never "61.4"). */
		{ "KIOXIA CD9P-R Series Enterprise NVMe SSD 61.44 TB E3.L", 48,
		  "KIOXIA CD9P-R Series Enterprise NVMe SSD \u2026" },
		{ "KIOXIA CD9P-R Series Enterprise NVMe SSD 61.44 TB E3.L", 18, "KIOXIA CD9P-R Ser\u2026" },
	};

	(void)state;
	fit_cases(cases, sizeof cases / sizeof cases[0], ELL);
}

/* Labels: shortened with an ellipsis, never right after a digit. */
static void
test_labels(void **state)
{
	static const struct fit_case cases[] = {
		{ "Enter open", 9, "Enter op\u2026" },
		{ "abcdef", 3, "ab\u2026" },
		{ "/dev/nvme0n1", 10, "/dev/nvme\u2026" },
		{ "/dev/nvme0n1", 7, "/dev/n\u2026" },
		{ "QD32", 3, "QD\u2026" },
		{ "p99.9", 3, "\u2026" },
		{ "SNFIXTURE0001", 12, "SNFIXTURE\u2026" },
		/* A one-letter stub after other words says nothing: dropped. */
		{ "a long title", 4, "a \u2026" },
		/* Symbols (bars, rules) are clipped as they are. */
		{ "\u2588\u2588\u2588\u2588\u2588\u2588", 4, "\u2588\u2588\u2588\u2588" },
		{ "\u2500\u2500\u2500\u2500", 2, "\u2500\u2500" },
	};

	(void)state;
	fit_cases(cases, sizeof cases / sizeof cases[0], ELL);
}

/* UTF-8: µ, arrows and full-width characters are one cell each (the cell
 * buffer's model), cut on a character, never inside one. */
static void
test_utf8(void **state)
{
	static const struct fit_case cases[] = {
		{ "\u00b5s mean", 5, "\u00b5s \u2026" },
		{ "w\u00f6rld", 4, "w\u00f6r\u2026" },
		{ "\uff2b\uff29\uff2f\uff38\uff29\uff21 drive", 5, "\uff2b\uff29\uff2f\uff38\u2026" },
		{ "\u2192 \uff11\uff12\uff13\uff14", 5, "\u2192 \u2026" },
		{ "\u2192 \uff11\uff12\uff13\uff14", 6, "\u2192 \uff11\uff12\uff13\uff14" },
	};

	(void)state;
	fit_cases(cases, sizeof cases / sizeof cases[0], ELL);
}

/* ASCII mode: the ASCII ellipsis '~' marks the same places. */
static void
test_ascii(void **state)
{
	static const struct fit_case cases[] = {
		{ "@100% -> 977.2K", 14, "@100% -> ~" },
		{ "Enter open", 9, "Enter op~" },
		{ "14,800,000 IOPS", 12, "~" },
		{ "KIOXIA CD9P-R Series Enterprise NVMe SSD 61.44 TB", 12, "KI~ 61.44 TB" },
	};
	struct cellbuf *cb = cellbuf_create(20, 1);
	char		row[64];

	(void)state;
	fit_cases(cases, sizeof cases / sizeof cases[0], glyphs_get(false)->ellipsis);
	/* The writer takes the ellipsis from the buffer's glyph set. */
	assert_non_null(cb);
	cb->g = glyphs_get(false);
	assert_int_equal(cellbuf_ellipsis(cb), '~');
	assert_int_equal(cellbuf_put_str(cb, 0, 0, 9, "Enter open", 0, 0), 9);
	cellbuf_row_text(cb, 0, row, sizeof row);
	assert_string_equal(row, "Enter op~");
	/* µs, the unit vocabulary's, is us on an ASCII screen. */
	cellbuf_put_str(cb, 0, 0, 20, "p99 85 \u00b5s      ", 0, 0);
	cellbuf_row_text(cb, 0, row, sizeof row);
	assert_string_equal(row, "p99 85 us");
	cb->g = NULL;
	assert_int_equal(cellbuf_ellipsis(cb), ELL);
	cellbuf_free(cb);
}

/* Width 0 and 1: nothing, or the mark alone (never a digit of a figure). */
static void
test_tiny_widths(void **state)
{
	static const struct fit_case cases[] = {
		{ "977.2K", 0, "" },
		{ "977.2K", 1, "\u2026" },
		{ "label", 1, "\u2026" },
		{ "label", 2, "l\u2026" },
		{ "7", 1, "7" },
		{ "", 0, "" },
		{ "", 1, "" },
		{ "   ", 1, " " },
	};

	(void)state;
	fit_cases(cases, sizeof cases / sizeof cases[0], ELL);
}

/* The writers every view uses go through the rule: cellbuf_put_str at the
 * buffer's edge and with maxw, a frame's title, tui_print and
 * tui_print_right (right-aligned, fitted to the columns left of x1). */
static void
test_writers(void **state)
{
	struct cellbuf *cb = cellbuf_create(12, 4);
	char		row[128];

	(void)state;
	assert_non_null(cb);
	/* At the right edge: "IOPS 977.2K" does not fit from x 2, the label
	 * shrinks; "p99 977.2K" from x 4, the label has no room: dropped. */
	assert_int_equal(cellbuf_put_str(cb, 2, 0, -1, "IOPS 977.2K", 0, 0), 10);
	cellbuf_row_text(cb, 0, row, sizeof row);
	assert_string_equal(row, "  IO\u2026 977.2K");
	assert_int_equal(cellbuf_put_str(cb, 4, 3, -1, "p99 977.2K", 0, 0), 5);
	cellbuf_row_text(cb, 3, row, sizeof row);
	assert_string_equal(row, "    p99 \u2026");
	/* tui_print with a width. */
	assert_int_equal(tui_print(cb, 0, 1, 8, 0, 0, "%s %d", "x", 123456789), 3);
	cellbuf_row_text(cb, 1, row, sizeof row);
	assert_string_equal(row, "x \u2026");
	/* Right-aligned wider than the columns left of x1: fitted, still at x1. */
	assert_int_equal(tui_print_right(cb, 6, 2, 0, 0, "mean 1,234,567"), 0);
	cellbuf_row_text(cb, 2, row, sizeof row);
	assert_string_equal(row, "mean \u2026");
	/* A frame's title, in its glyph set. */
	cellbuf_clear(cb, 0);
	cellbuf_box(cb, 0, 0, 12, 3, glyphs_get(false), 0, "lat p99.9 123", 0);
	cellbuf_row_text(cb, 0, row, sizeof row);
	assert_string_equal(row, "+ lat ~ ---+");
	/* A key with a digit next to its figure: never shortened away from it. */
	assert_int_equal(cellbuf_fit("lat p99.9 123", 7, ELL, row, sizeof row), 5);
	assert_string_equal(row, "lat \u2026");
	/* Table cells: right-aligned in their columns; a figure too wide is
	 * dropped, never spilt into the cell on its left. */
	cellbuf_clear(cb, 0);
	assert_int_equal(tui_print_cell(cb, 0, 5, 1, 0, 0, "1,234"), 5);
	assert_int_equal(tui_print_cell(cb, 5, 6, 1, 0, 0, "123456.0 \u00b5s"), 1);
	cellbuf_row_text(cb, 1, row, sizeof row);
	assert_string_equal(row, "1,234     \u2026");
	/* Off the left edge: fitted to what shows. */
	cellbuf_clear(cb, 0);
	assert_int_equal(cellbuf_put_str(cb, -3, 3, 8, "ab 12345", 0, 0), 4);
	cellbuf_row_text(cb, 3, row, sizeof row);
	assert_string_equal(row, "ab \u2026");
	cellbuf_free(cb);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_figure_at_edge),
		cmocka_unit_test(test_label_then_figure),
		cmocka_unit_test(test_labels),
		cmocka_unit_test(test_utf8),
		cmocka_unit_test(test_ascii),
		cmocka_unit_test(test_tiny_widths),
		cmocka_unit_test(test_writers),
	};

	return cmocka_run_group_tests_name("cellbuf", tests, NULL, NULL);
}
