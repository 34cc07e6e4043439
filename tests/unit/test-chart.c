/*
 * Unit tests for src/ui/cellbuf.c, glyphs.c and chart.c: charts are drawn
 * into a plain cell buffer and checked as text dumps and cell roles, in both
 * the UTF-8 and the ASCII glyph sets.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "ui/cellbuf.h"
#include "ui/chart.h"
#include "ui/glyphs.h"
#include "ui/theme.h"

/* Row y of cb as trimmed text (static buffer: one use per expression). */
static const char *
row(const struct cellbuf *cb, int y)
{
	static char buf[1024];

	assert_true(cellbuf_row_text(cb, y, buf, sizeof buf) < (int)sizeof buf);
	return buf;
}

/* "[:" bar padded to 10 columns ":]", the frame test_hbar_values draws around a bar. */
static const char *
framed(const char *bar)
{
	static char buf[128];
	int	    cols = 0;

	for (const char *p = bar; *p != '\0'; p++)
		cols += ((unsigned char)*p & 0xc0) != 0x80;
	snprintf(buf, sizeof buf, "[:%s%*s:]", bar, 10 - cols, "");
	return buf;
}

/* The role of cell (x, y). */
static int
role_at(const struct cellbuf *cb, int x, int y)
{
	const struct cell *c = cellbuf_get(cb, x, y);

	assert_non_null(c);
	return c->role;
}

/* The code point of cell (x, y). */
static uint32_t
ch_at(const struct cellbuf *cb, int x, int y)
{
	const struct cell *c = cellbuf_get(cb, x, y);

	assert_non_null(c);
	return c->ch;
}

static void
test_hbar_values(void **state)
{
	static const struct {
		double	    v;
		const char *utf8, *ascii;
		int	    used_utf8, used_ascii;
	} cases[] = {
		{ 0, "", "", 0, 0 },
		{ 100, "██████████", "##########", 10, 10 },
		{ 55, "█████▌", "######", 6, 6 },	   /* 44 eighths; 5.5 cells round up */
		{ 56.25, "█████▋", "######", 6, 6 },	   /* 45 eighths */
		{ 1.25, "▏", "", 1, 0 },		   /* one eighth; under half a cell */
		{ 12.5, "█▎", "#", 2, 1 },		   /* 10 eighths */
		{ 99, "█████████▉", "##########", 10, 10 }, /* 79.2 -> 79 eighths */
		{ 150, "█████████»", "#########>", 10, 10 },
		{ -5, "", "", 0, 0 },
		{ NAN, "", "", 0, 0 },
	};
	struct cellbuf *cb = cellbuf_create(16, 1);

	(void)state;
	assert_non_null(cb);
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		for (int utf8 = 0; utf8 < 2; utf8++) {
			const struct glyphs *g = glyphs_get(utf8);
			int		     used;

			/* The bar owns columns 2-11 only: the frame around it stays. */
			cellbuf_clear(cb, UI_DEFAULT);
			cellbuf_put_str(cb, 0, 0, -1, "[:          :]", UI_TEXT, 0);
			used = chart_hbar(cb, 2, 0, 10, cases[i].v, 100, NULL, NULL, g);
			assert_string_equal(row(cb, 0),
					    framed(utf8 ? cases[i].utf8 : cases[i].ascii));
			assert_int_equal(used, utf8 ? cases[i].used_utf8 : cases[i].used_ascii);
		}
	}
	/* Roles: bar cells measured, the track default, the overflow glyph bold. */
	chart_hbar(cb, 0, 0, 10, 150, 100, NULL, NULL, glyphs_get(true));
	assert_int_equal(role_at(cb, 0, 0), UI_MEASURED);
	assert_int_equal(cellbuf_get(cb, 9, 0)->attr, UI_BOLD);
	chart_hbar(cb, 0, 0, 10, 30, 100, NULL, NULL, glyphs_get(true));
	assert_int_equal(role_at(cb, 2, 0), UI_MEASURED);
	assert_int_equal(role_at(cb, 3, 0), UI_DEFAULT);
	/* No axis: nothing drawn. */
	assert_int_equal(chart_hbar(cb, 0, 0, 10, 30, 0, NULL, NULL, glyphs_get(true)), 0);
	assert_int_equal(chart_hbar(cb, 0, 0, 0, 30, 100, NULL, NULL, glyphs_get(true)), 0);
	cellbuf_free(cb);
}

static void
test_hbar_markers(void **state)
{
	static const struct {
		double	    v, spec, review;
		const char *utf8, *ascii;
		int	    used, spec_col, review_col;
	} cases[] = {
		/* spec at 70 -> column 7, review at 30 -> column 3 (over the bar) */
		{ 50, 70, 30, "███◆█  │", "###*#  |", 8, 7, 3 },
		/* a marker equal to a bar that ends on a cell edge: just after it */
		{ 50, 50, NAN, "█████│", "#####|", 6, 5, -1 },
		/* over the partial cell */
		{ 56.25, 56.25, NAN, "█████│", "#####|", 6, 5, -1 },
		/* ends of the axis, and beyond it (clamped to the last column) */
		{ 20, 0, 100, "│█       ◆", "|#       *", 10, 0, 9 },
		{ 20, 120, NAN, "██       │", "##       |", 10, 9, -1 },
		/* the review marker wins a shared column */
		{ 0, 41, 45, "    ◆", "    *", 5, 4, 4 },
		/* nothing measured yet: the markers alone */
		{ NAN, 25, 75, "  │    ◆", "  |    *", 8, 2, 7 },
	};
	struct cellbuf	   *cb = cellbuf_create(12, 1);
	struct chart_roles  roles = { UI_READ, UI_SPEC_TARGET, UI_REVIEW_REF, UI_DIM_TEXT };

	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct chart_markers m = { cases[i].spec, cases[i].review };

		for (int utf8 = 0; utf8 < 2; utf8++) {
			int used;

			cellbuf_clear(cb, UI_DEFAULT);
			used = chart_hbar(cb, 0, 0, 10, cases[i].v, 100, &m, &roles,
					  glyphs_get(utf8));
			assert_string_equal(row(cb, 0), utf8 ? cases[i].utf8 : cases[i].ascii);
			if (utf8)
				assert_int_equal(used, cases[i].used);
			if (cases[i].review_col >= 0)
				assert_int_equal(role_at(cb, cases[i].review_col, 0), UI_REVIEW_REF);
			if (cases[i].spec_col >= 0 && cases[i].spec_col != cases[i].review_col)
				assert_int_equal(role_at(cb, cases[i].spec_col, 0), UI_SPEC_TARGET);
		}
	}
	/* Custom roles: bar in "read", the track in "dim". */
	chart_hbar(cb, 0, 0, 10, 50, 100, NULL, &roles, glyphs_get(true));
	assert_int_equal(role_at(cb, 0, 0), UI_READ);
	assert_int_equal(role_at(cb, 9, 0), UI_DIM_TEXT);
	cellbuf_free(cb);
}

static void
test_scale_max(void **state)
{
	static const struct {
		double v[3];
		double want;
	} cases[] = {
		{ { 1412.6e3, 1398.0e3, NAN }, 2e6 },
		{ { 1000, NAN, NAN }, 1000 },
		{ { 1001, NAN, NAN }, 2000 },
		{ { 2001, NAN, NAN }, 2500 },
		{ { 2600, 1000, NAN }, 5000 },
		{ { 5001, NAN, NAN }, 10000 },
		{ { 14180, 14800, 14235.9 }, 20000 },
		{ { 6901, 7000, 6912.4 }, 10000 },
		{ { 0.3, NAN, NAN }, 0.5 },
		{ { 0.21, NAN, NAN }, 0.25 },
		{ { 9.9, 7.2, -3 }, 10 },
		{ { 0, 0, 0 }, 1 },
		{ { NAN, NAN, NAN }, 1 },
	};

	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
		assert_float_equal(chart_scale_max(cases[i].v, 3), cases[i].want,
				   cases[i].want * 1e-12);
	assert_float_equal(chart_scale_max(NULL, 0), 1, 0);
}

static void
test_glyph_tables(void **state)
{
	const struct glyphs *u = glyphs_get(true), *a = glyphs_get(false);

	(void)state;
	assert_true(u->utf8);
	assert_false(a->utf8);
	/* Braille: dots fill from the bottom, left column 7,3,2,1, right 8,6,5,4. */
	assert_int_equal(u->graph[0][0], ' ');
	assert_int_equal(u->graph[1][1], 0x28c0);	/* ⣀ */
	assert_int_equal(u->graph[2][2], 0x28e4);	/* ⣤ */
	assert_int_equal(u->graph[3][3], 0x28f6);	/* ⣶ */
	assert_int_equal(u->graph[4][4], 0x28ff);	/* ⣿ */
	assert_int_equal(u->graph[4][0], 0x2847);	/* ⡇ */
	assert_int_equal(u->graph[0][4], 0x28b8);	/* ⢸ */
	assert_int_equal(u->graph[1][0], 0x2840);	/* ⡀ */
	assert_int_equal(u->graph[0][1], 0x2880);	/* ⢀ */
	assert_int_equal(u->graph[2][3], 0x28f4);	/* ⣴ */
	assert_int_equal(a->graph[0][0], ' ');
	assert_int_equal(a->graph[1][0], '.');
	assert_int_equal(a->graph[0][2], ':');
	assert_int_equal(a->graph[3][1], ':');
	assert_int_equal(a->graph[2][4], '|');
	/* Series glyphs: the mono twins htop-style. */
	assert_int_equal(u->measured, 0x2588);
	assert_int_equal(a->measured, '#');
	assert_int_equal(u->spec, 0x2502);
	assert_int_equal(a->spec, '|');
	assert_int_equal(u->review, 0x25c6);
	assert_int_equal(a->review, '*');
	assert_int_equal(u->hbar[8], u->measured);
	assert_int_equal(a->hbar[8], a->measured);
	/* Every ASCII glyph is printable ASCII. */
	{
		const uint32_t marks[] = {
			a->measured, a->spec, a->review, a->overflow, a->cursor, a->up, a->ok,
			a->warn, a->ellipsis, a->dash, a->h, a->v, a->tl, a->tr, a->bl, a->br,
			a->tee_down, a->tee_up, a->tee_right, a->tee_left, a->cross,
		};

		for (size_t i = 0; i < sizeof marks / sizeof marks[0]; i++)
			assert_true(marks[i] > 0x20 && marks[i] < 0x7f);
		for (int i = 0; i < 9; i++)
			assert_true(a->hbar[i] < 0x7f && a->vbar[i] < 0x7f);
		for (int i = 0; i < 25; i++)
			assert_true(a->graph[i / 5][i % 5] < 0x7f);
	}
}

static void
test_graph(void **state)
{
	static const double ramp[] = { 0, 1, 2, 3, 4, NAN };
	static const double tall[] = { 8, 4, 2, 6 };
	static const double gaps[] = { 4, NAN, NAN, 4 };
	static const double many[] = { 4, 4, 4, 4, 4, 4, 1, 2, 3, 4 };
	static const double one[] = { 4 };
	static const double tiny[] = { 0.01 };
	struct cellbuf	   *cb = cellbuf_create(6, 2);
	const struct glyphs *u = glyphs_get(true), *a = glyphs_get(false);

	(void)state;
	/* Two samples per cell, levels 0-4: (0,1) (2,3) (4,NAN). */
	chart_graph(cb, 0, 0, 3, 1, ramp, 6, 4, UI_GRAPH, u);
	assert_string_equal(row(cb, 0), "⢀⣴⡇");
	assert_int_equal(ch_at(cb, 0, 0), 0x2880);
	assert_int_equal(ch_at(cb, 1, 0), 0x28f4);
	assert_int_equal(ch_at(cb, 2, 0), 0x2847);
	assert_int_equal(role_at(cb, 1, 0), UI_GRAPH);
	chart_graph(cb, 0, 0, 3, 1, ramp, 6, 4, UI_GRAPH, a);
	assert_string_equal(row(cb, 0), ".:|");

	/* Two rows stack: 8 levels; (8,4) (2,6) on an axis of 8. */
	cellbuf_clear(cb, UI_DEFAULT);
	chart_graph(cb, 0, 0, 2, 2, tall, 4, 8, UI_GRAPH, u);
	assert_string_equal(row(cb, 0), "⡇⢠");
	assert_string_equal(row(cb, 1), "⣿⣼");
	chart_graph(cb, 0, 0, 2, 2, tall, 4, 8, UI_GRAPH, a);
	assert_string_equal(row(cb, 0), "|:");
	assert_string_equal(row(cb, 1), "||");

	/* NAN leaves a gap. */
	cellbuf_clear(cb, UI_DEFAULT);
	chart_graph(cb, 0, 0, 2, 1, gaps, 4, 4, UI_GRAPH, u);
	assert_string_equal(row(cb, 0), "⡇⢸");

	/* Newest at the right, the oldest scrolled off. */
	chart_graph(cb, 0, 0, 2, 1, many, 10, 4, UI_GRAPH, u);
	assert_string_equal(row(cb, 0), "⣠⣾");
	assert_int_equal(ch_at(cb, 0, 0), u->graph[1][2]);
	assert_int_equal(ch_at(cb, 1, 0), u->graph[3][4]);

	/* Fewer samples than slots: blank on the left. */
	chart_graph(cb, 0, 0, 3, 1, one, 1, 4, UI_GRAPH, u);
	assert_string_equal(row(cb, 0), "  ⢸");
	chart_graph(cb, 0, 0, 3, 1, one, 0, 4, UI_GRAPH, u);
	assert_string_equal(row(cb, 0), "");

	/* A tiny positive sample still shows; a value beyond max is full. */
	cellbuf_clear(cb, UI_DEFAULT);
	chart_graph(cb, 0, 0, 1, 2, tiny, 1, 100, UI_GRAPH, u);
	assert_string_equal(row(cb, 0), "");
	assert_string_equal(row(cb, 1), "⢀");
	cellbuf_clear(cb, UI_DEFAULT);
	chart_graph(cb, 0, 0, 1, 2, one, 1, 1, UI_GRAPH, u);
	assert_string_equal(row(cb, 0), "⢸");
	assert_string_equal(row(cb, 1), "⢸");
	cellbuf_free(cb);
}

/* The knee: the shallowest queue within 90% of the best. */
static void
test_knee(void **state)
{
	static const unsigned qds[] = { 1, 8, 32 }, njs[] = { 1, 4, 16 };
	/* Rises to QD8xNJ4 (32 outstanding, 950 >= 0.9 x 1000), flat after. */
	const double grid[] = {
		10,  40,  160,
		80,  950, 990,
		300, 980, 1000,
	};
	const double rising[] = {
		10,  20,  NAN,
		40,  NAN, NAN,
		NAN, NAN, NAN,
	};
	const double two[] = {
		10,  20,  NAN,
		NAN, NAN, NAN,
		NAN, NAN, NAN,
	};
	/* Falls off past the best: the best is its own knee. */
	const double falls[] = {
		10,  40,  NAN,
		80,  500, 300,
		NAN, NAN, 200,
	};
	int  kr, kc, br, bc;
	char buf[160];

	(void)state;
	assert_true(chart_knee(grid, qds, 3, njs, 3, 0.9, &kr, &kc, &br, &bc));
	assert_int_equal(kr, 1);
	assert_int_equal(kc, 1);
	assert_int_equal(br, 2);
	assert_int_equal(bc, 2);
	assert_string_equal(chart_knee_text(grid, qds, 3, njs, 3, "x", buf, sizeof buf),
			    "knee QD8xNJ4: 90% of best, 1/16 queue");
	/* A stricter threshold moves the knee deeper; of two cells with the
	 * same outstanding I/O (QD8xNJ16, QD32xNJ4: 128) the larger wins. */
	assert_true(chart_knee(grid, qds, 3, njs, 3, 0.98, &kr, &kc, &br, &bc));
	assert_int_equal(kr * 3 + kc, 5);	/* QD8xNJ16: 990 */
	assert_true(chart_knee(rising, qds, 3, njs, 3, 0.9, &kr, &kc, &br, &bc));
	assert_int_equal(kr * 3 + kc, 3);
	assert_string_equal(chart_knee_text(rising, qds, 3, njs, 3, "x", buf, sizeof buf),
			    "no knee yet: best is deepest, QD8xNJ1");
	assert_false(chart_knee(two, qds, 3, njs, 3, 0.9, &kr, &kc, &br, &bc));
	assert_string_equal(chart_knee_text(two, qds, 3, njs, 3, "x", buf, sizeof buf), "");
	/* A knee whose queue does not divide the best one's. */
	{
		static const unsigned q3[] = { 2, 3, 4 }, nj1[] = { 1 };
		const double	      g3[] = { 50, 95, 100 };

		assert_string_equal(chart_knee_text(g3, q3, 3, nj1, 1, "x", buf, sizeof buf),
				    "knee QD3xNJ1: 90% of best, 3/4 I/Os");
	}
	assert_string_equal(chart_knee_text(falls, qds, 3, njs, 3, "x", buf, sizeof buf),
			    "knee QD8xNJ4: best; deeper gave less");
}

/* A temperature row under a graph: one column per graph column, the hotter
 * of its two samples, on the graph's time axis. */
static void
test_pair_columns(void **state)
{
	static const double t[] = { 40, 41, 45, 42, NAN, NAN, 43 };
	static const double many[] = { 4, 4, 4, 4, 4, 4, 1, 2, 3, 4 };
	double		    out[4];

	(void)state;
	/* 7 samples on 4 columns (8 slots): the first slot is before the
	 * first sample, the newest sample is the right half of the last. */
	chart_pair_columns(t, 7, 4, out);
	assert_true(out[0] == 40);		/* (none, 40) */
	assert_true(out[1] == 45);		/* (41, 45) */
	assert_true(out[2] == 42);		/* (42, NAN) */
	assert_true(out[3] == 43);		/* (NAN, 43) */
	/* More samples than slots: the oldest scroll off, as in the graph. */
	chart_pair_columns(many, 10, 2, out);
	assert_true(out[0] == 2 && out[1] == 4);
	/* Nothing yet: all gaps. */
	chart_pair_columns(t, 0, 3, out);
	assert_true(isnan(out[0]) && isnan(out[1]) && isnan(out[2]));
	chart_pair_columns(t + 4, 2, 1, out);
	assert_true(isnan(out[0]));
}

static void
test_sparkline(void **state)
{
	static const double ramp[] = { 0, 1, 2, 3, 4, 5, 6, 7 };
	static const double mixed[] = { 99, 7, NAN, 0 };
	struct cellbuf	   *cb = cellbuf_create(10, 1);

	(void)state;
	chart_sparkline(cb, 0, 0, 8, ramp, 8, 7, UI_TEMPERATURE, glyphs_get(true));
	assert_string_equal(row(cb, 0), "▁▂▃▄▅▆▇█");
	assert_int_equal(role_at(cb, 3, 0), UI_TEMPERATURE);
	chart_sparkline(cb, 0, 0, 8, ramp, 8, 7, UI_TEMPERATURE, glyphs_get(false));
	assert_string_equal(row(cb, 0), "..--==##");
	/* Newest width samples, right-aligned; NAN blank; beyond max full. */
	cellbuf_clear(cb, UI_DEFAULT);
	chart_sparkline(cb, 0, 0, 5, mixed, 4, 7, UI_GRAPH, glyphs_get(true));
	assert_string_equal(row(cb, 0), " ██ ▁");
	chart_sparkline(cb, 0, 0, 3, mixed, 4, 7, UI_GRAPH, glyphs_get(true));
	assert_string_equal(row(cb, 0), "█ ▁ ▁");
	cellbuf_free(cb);
}

static void
test_heatmap(void **state)
{
	static const double grid[] = {
		32.1, 63.8, 121.0,
		58.0, 114.2, 221.7,
		104.9, 206.3, NAN,
	};
	static const char *const rl[] = { "QD1", "QD2", "QD4" };
	static const char *const cl[] = { "NJ1", "NJ2", "NJ4" };
	static const int buckets[] = { 0, 1, 2, 1, 2, 4, 2, 4, -1 };
	struct chart_heatmap hm = {
		.grid = grid, .rows = 3, .cols = 3, .max = NAN, .cell_w = 8, .label_w = 5,
		.row_labels = rl, .col_labels = cl, .decimals = 1, .sel_row = 1, .sel_col = 2,
	};
	struct cellbuf	    *cb = cellbuf_create(30, 5);
	char		    *text;

	(void)state;
	assert_int_equal(chart_heat_bucket(NAN, 10), -1);
	assert_int_equal(chart_heat_bucket(0, 10), 0);
	assert_int_equal(chart_heat_bucket(1.99, 10), 0);
	assert_int_equal(chart_heat_bucket(2, 10), 1);
	assert_int_equal(chart_heat_bucket(7.9, 10), 3);
	assert_int_equal(chart_heat_bucket(8, 10), 4);
	assert_int_equal(chart_heat_bucket(10, 10), 4);
	assert_int_equal(chart_heat_bucket(25, 10), 4);
	assert_int_equal(chart_heat_bucket(-1, 10), 0);

	assert_int_equal(chart_heatmap(cb, 0, 0, &hm, glyphs_get(true)), 4);
	text = cellbuf_to_text(cb);
	assert_string_equal(text,
			    "         NJ1     NJ2     NJ4\n"
			    "QD1     32.1    63.8   121\n"
			    "QD2     58     114.2  ▸221.7\n"
			    "QD4    104.9   206.3\n"
			    "\n");
	free(text);
	for (int i = 0; i < 3; i++) {
		for (int j = 0; j < 3; j++) {
			int b = buckets[i * 3 + j];

			/* The whole cell, padding included, carries the bucket role. */
			for (int c = 0; c < hm.cell_w; c++) {
				int x = hm.label_w + j * hm.cell_w + c;

				if (i == 1 && j == 2 && c == 1)
					assert_int_equal(role_at(cb, x, 1 + i), UI_SELECTED);
				else
					assert_int_equal(role_at(cb, x, 1 + i),
							 b < 0 ? UI_DEFAULT : UI_HEAT_0 + b);
			}
		}
	}
	assert_int_equal(role_at(cb, 0, 1), UI_TITLE);

	/* ASCII cursor; no labels; a fixed max; a number too wide for its cell. */
	hm.row_labels = hm.col_labels = NULL;
	hm.label_w = 0;
	hm.cell_w = 5;
	hm.max = 100;
	cellbuf_clear(cb, UI_DEFAULT);
	assert_int_equal(chart_heatmap(cb, 0, 0, &hm, glyphs_get(false)), 3);
	assert_string_equal(row(cb, 0), "32.1 63.8  121");
	/* 58 sits on the point column; too wide: dropped whole (never cut to
	 * "114~", which reads as 114), and the cursor has its room. */
	assert_string_equal(row(cb, 1), "58      ~   >~");
	assert_int_equal(role_at(cb, 0, 0), UI_HEAT_1);
	assert_int_equal(role_at(cb, 10, 0), UI_HEAT_4);
	cellbuf_free(cb);
}

static void
test_pct_delta(void **state)
{
	static const struct {
		double	    m, r;
		const char *want;
	} cases[] = {
		{ 1412.6, 1398.0, "+1.0%" },
		{ 6901, 6912.4, "-0.2%" },
		{ 100, 114.03, "-12.3%" },
		{ 14180, 14235.9, "-0.4%" },
		{ 100, 100, "0.0%" },
		{ 100.04, 100, "0.0%" },
		{ 300, 100, "+200%" },
		{ 199.9, 100, "+99.9%" },
		{ 1548, 100, "+1448%" },
		{ NAN, 100, "—" },
		{ 100, NAN, "—" },
		{ 100, 0, "—" },
		{ INFINITY, 1, "—" },
	};
	char buf[32];

	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
		assert_string_equal(chart_pct_delta(cases[i].m, cases[i].r, NULL, buf,
						    sizeof buf), cases[i].want);
	assert_string_equal(chart_pct_delta(NAN, 1, glyphs_get(false), buf, sizeof buf), "-");
	assert_string_equal(chart_pct_delta(2, 1, glyphs_get(false), buf, sizeof buf),
			    "+100%");
}

static void
test_put_number(void **state)
{
	struct cellbuf *cb = cellbuf_create(12, 4);

	(void)state;
	/* Numbers line up on the decimal point, fraction or not (fmt_number drops
	 * trailing zeros: "121", not "121.0"). */
	chart_put_number(cb, 0, 0, 10, 6912.4, 1, UI_TEXT, 0);
	chart_put_number(cb, 0, 1, 10, 14800, 1, UI_TEXT, 0);
	chart_put_number(cb, 0, 2, 10, 9.25, 2, UI_TEXT, 0);
	chart_put_number(cb, 0, 3, 10, 1234567, 0, UI_TEXT, 0);
	assert_string_equal(row(cb, 0), "   6,912.4");
	assert_string_equal(row(cb, 1), "  14,800");
	assert_string_equal(row(cb, 2), "      9.25");
	assert_string_equal(row(cb, 3), " 1,234,567");
	/* Too wide: dropped whole with an ellipsis, never cut, never beyond
	 * its width. */
	cellbuf_fill(cb, 0, 3, 12, 1, ' ', UI_TEXT, 0);
	cellbuf_put(cb, 10, 3, 'x', UI_TEXT, 0);
	assert_int_equal(chart_put_number(cb, 0, 3, 4, 1234567, 0, UI_TEXT, 0), 1);
	assert_string_equal(row(cb, 3), "\u2026         x");
	cellbuf_free(cb);
}

static void
test_utf8(void **state)
{
	static const struct {
		const char *in;
		uint32_t    cp;
		int	    used;
	} cases[] = {
		{ "A", 'A', 1 },
		{ "é", 0xe9, 2 },
		{ "◆", 0x25c6, 3 },
		{ "\xf0\x9f\x98\x80", 0x1f600, 4 },
		{ "\xff", 0xfffd, 1 },			/* not a lead byte */
		{ "\xc0\xaf", 0xfffd, 1 },		/* overlong '/' */
		{ "\xed\xa0\x80", 0xfffd, 1 },		/* surrogate */
		{ "\xe2\x96", 0xfffd, 1 },		/* truncated */
		{ "\xe2\x41\x41", 0xfffd, 1 },		/* bad continuation */
		{ "\xf4\x90\x80\x80", 0xfffd, 1 },	/* beyond U+10FFFF */
	};
	struct cellbuf *cb = cellbuf_create(10, 2);
	uint32_t	cp;
	char		enc[4];

	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		cp = 0;
		assert_int_equal(cellbuf_decode_utf8(cases[i].in, strlen(cases[i].in), &cp),
				 cases[i].used);
		assert_int_equal(cp, cases[i].cp);
		if (cases[i].cp != 0xfffd) {
			assert_int_equal(cellbuf_encode_utf8(cp, enc), cases[i].used);
			assert_memory_equal(enc, cases[i].in, (size_t)cases[i].used);
		}
	}
	assert_int_equal(cellbuf_decode_utf8("", 1, &cp), 0);
	assert_int_equal(cellbuf_decode_utf8("x", 0, &cp), 0);

	/* One column per character, fitted to maxw and the edge (a word that
	 * does not fit is shortened or dropped with an ellipsis). */
	assert_int_equal(cellbuf_put_str(cb, 1, 0, -1, "héllo ◆ wörld", UI_TEXT, 0), 9);
	assert_string_equal(row(cb, 0), " héllo ◆ …");
	assert_int_equal(ch_at(cb, 7, 0), 0x25c6);
	assert_int_equal(cellbuf_put_str(cb, 0, 1, 3, "abcdef", UI_TEXT, 0), 3);
	assert_string_equal(row(cb, 1), "ab…");
	/* Bad bytes become U+FFFD, control characters '?'. */
	cellbuf_put_str(cb, 0, 1, -1, "a\xff" "b\tc", UI_TEXT, 0);
	assert_string_equal(row(cb, 1), "a\xef\xbf\xbd" "b?c");
	/* Off the buffer: clipped, no crash. */
	assert_int_equal(cellbuf_put(cb, 10, 0, 'x', 0, 0), 0);
	assert_int_equal(cellbuf_put(cb, -1, 0, 'x', 0, 0), 0);
	assert_int_equal(cellbuf_put_str(cb, 12, 0, -1, "abc", 0, 0), 0);
	assert_null(cellbuf_get(cb, 0, 2));
	assert_int_equal(cellbuf_row_text(cb, 5, enc, sizeof enc), -1);
	cellbuf_free(cb);
}

/* A heat map's legend: the unit, five chips in the shades' roles with
 * their values, the cursor and the blank cell; all five shades or nothing. */
static void
test_heatmap_legend(void **state)
{
	static const double grid[] = { 32.1, 221.7, NAN, 104.9 };
	struct chart_heatmap hm = {
		.grid = grid, .rows = 2, .cols = 2, .max = NAN, .cell_w = 8, .decimals = 1,
		.sel_row = 0, .sel_col = 1, .unit = "K IOPS",
	};
	struct cellbuf *cb = cellbuf_create(40, 3);

	(void)state;
	assert_int_equal(chart_heatmap_legend(cb, 0, 0, 40, 3, &hm, glyphs_get(true)), 3);
	assert_string_equal(row(cb, 0), "K IOPS:  0–44   44–89   89–133");
	assert_string_equal(row(cb, 1), " 133–177   177–222  ▸ this point");
	assert_string_equal(row(cb, 2), "blank: not run");
	assert_int_equal(role_at(cb, 9, 0), UI_HEAT_0);
	assert_int_equal(role_at(cb, 2, 1), UI_HEAT_3);
	assert_int_equal(role_at(cb, 11, 1), UI_HEAT_4);
	/* ASCII; under 100 the cells' decimals. */
	cellbuf_clear(cb, UI_DEFAULT);
	hm.max = 10;
	hm.sel_row = -1;
	assert_int_equal(chart_heatmap_legend(cb, 0, 0, 40, 3, &hm, glyphs_get(false)), 2);
	assert_string_equal(row(cb, 0), "K IOPS:  0-2   2-4   4-6   6-8   8-10");
	assert_string_equal(row(cb, 1), "blank: not run");
	/* One row of 20 columns cannot hold the five shades: nothing. */
	cellbuf_clear(cb, UI_DEFAULT);
	assert_int_equal(chart_heatmap_legend(cb, 0, 0, 20, 1, &hm, glyphs_get(true)), 0);
	assert_string_equal(row(cb, 0), "");
	cellbuf_free(cb);
}

/* The tick labels of an axis, joined by spaces. */
static const char *
tick_texts(const struct chart_axis *a)
{
	static char buf[256];
	char	    num[32];

	buf[0] = '\0';
	for (int i = 0; i < a->nticks; i++)
		snprintf(buf + strlen(buf), sizeof buf - strlen(buf), "%s%s", i ? " " : "",
			 chart_tick_text(a->ticks[i], num, sizeof num));
	return buf;
}

/* The tick choice both renderers read: round steps, a K suffix from 1000,
 * seconds in halves, a tiny span's ticks printed apart. */
static void
test_axis_choice(void **state)
{
	struct chart_axis a;

	(void)state;
	chart_axis_fit(&a, (const double[]){ 977.2e3 }, 1, "IOPS");
	assert_true(a.max == 1e6);
	assert_string_equal(tick_texts(&a), "0 200K 400K 600K 800K 1M");
	chart_axis_set(&a, 1.5, "s");
	assert_string_equal(tick_texts(&a), "0 0.5 1 1.5");
	chart_axis_set(&a, 10, "s");
	assert_string_equal(tick_texts(&a), "0 2 4 6 8 10");
	/* A span that is not round: the ticks stop below it. */
	chart_axis_set(&a, 9.8, "s");
	assert_string_equal(tick_texts(&a), "0 2 4 6 8");
	/* Tiny ranges: every label differs from its neighbours. */
	chart_axis_set(&a, 0.002, "s");
	assert_string_equal(tick_texts(&a), "0 0.0005 0.001 0.0015 0.002");
	chart_axis_fit(&a, (const double[]){ 3e-6 }, 1, "s");
	assert_int_equal(a.nticks, 6);
	assert_string_equal(tick_texts(&a), "0 0.000001 0.000002 0.000003 0.000004 0.000005");
}

/* The axes in cells: labels at their columns and rows, the unit with the
 * last or top label, "us" in ASCII, nothing cut. */
static void
test_axis_cells(void **state)
{
	struct cellbuf	    *cb = cellbuf_create(32, 6);
	const struct glyphs *u = glyphs_get(true), *as = glyphs_get(false);
	struct chart_axis    a;

	(void)state;
	chart_axis_set(&a, 10, "s");
	assert_int_equal(chart_axis_draw_across(cb, 1, 0, 30, &a, UI_DIM_TEXT, u), 6);
	assert_string_equal(row(cb, 0), " 0     2     4     6     8 10 s");
	/* Too narrow for every label: 0 and the last with its unit first, then
	 * those between that leave a blank column either side. */
	cellbuf_clear(cb, UI_DEFAULT);
	chart_axis_draw_across(cb, 0, 0, 9, &a, UI_DIM_TEXT, u);
	assert_string_equal(row(cb, 0), "0  4 10 s");
	/* A scale of one row, UTF-8 and ASCII; the unit dropped, never cut. */
	cellbuf_clear(cb, UI_DEFAULT);
	chart_axis_set(&a, 2.5e6, "IOPS");
	assert_int_equal(chart_axis_draw_scale(cb, 0, 0, 11, 1, &a, false, UI_DIM_TEXT, u), 1);
	chart_axis_set(&a, 500, "µs");
	chart_axis_draw_scale(cb, 0, 1, 11, 1, &a, false, UI_DIM_TEXT, as);
	chart_axis_draw_scale(cb, 0, 2, 6, 1, &a, false, UI_DIM_TEXT, u);
	chart_axis_draw_scale(cb, 0, 3, 3, 1, &a, false, UI_DIM_TEXT, u);
	assert_string_equal(row(cb, 0), "0–2.5M IOPS");
	assert_string_equal(row(cb, 1), "0-500 us");
	assert_string_equal(row(cb, 2), "0–500");
	assert_string_equal(row(cb, 3), "");
	/* Five rows, right-aligned: the top with its unit, 0 at the bottom. */
	cellbuf_clear(cb, UI_DEFAULT);
	chart_axis_draw_scale(cb, 0, 0, 8, 5, &a, true, UI_DIM_TEXT, u);
	assert_string_equal(row(cb, 0), "  500 µs");
	assert_string_equal(row(cb, 4), "       0");
	/* The unit under the top label when they do not fit on one row. */
	cellbuf_clear(cb, UI_DEFAULT);
	chart_axis_set(&a, 200, "µs mean");
	chart_axis_draw_scale(cb, 0, 0, 7, 6, &a, true, UI_DIM_TEXT, as);
	assert_string_equal(row(cb, 0), "    200");
	assert_string_equal(row(cb, 1), "us mean");
	assert_string_equal(row(cb, 5), "      0");
	cellbuf_free(cb);
}

static void
test_box(void **state)
{
	struct cellbuf *cb = cellbuf_create(14, 4);
	char	       *text;

	(void)state;
	cellbuf_box(cb, 0, 0, 14, 3, glyphs_get(true), UI_BORDER, "IOPS (K)", UI_TITLE);
	cellbuf_fill(cb, 1, 1, 12, 1, 'x', UI_TEXT, 0);
	cellbuf_hline(cb, 2, 3, 4, glyphs_get(true), UI_BORDER);
	text = cellbuf_to_text(cb);
	assert_string_equal(text,
			    "┌ IOPS (K) ──┐\n"
			    "│xxxxxxxxxxxx│\n"
			    "└────────────┘\n"
			    "  ────\n");
	free(text);
	assert_int_equal(role_at(cb, 2, 0), UI_TITLE);
	assert_int_equal(role_at(cb, 0, 0), UI_BORDER);

	/* ASCII, and a title too long for the frame: a word that does not fit
	 * dropped, marked with the ASCII ellipsis. */
	cellbuf_clear(cb, UI_DEFAULT);
	cellbuf_box(cb, 1, 0, 9, 3, glyphs_get(false), UI_BORDER, "a long title", UI_TITLE);
	text = cellbuf_to_text(cb);
	assert_string_equal(text,
			    " + a ~ --+\n"
			    " |       |\n"
			    " +-------+\n"
			    "\n");
	free(text);
	cellbuf_free(cb);
}

static void
test_dirty_and_diff(void **state)
{
	struct cellbuf *a = cellbuf_create(8, 40), *b = cellbuf_create(8, 40);
	uint32_t	rows[CELLBUF_ROW_WORDS(40)];

	(void)state;
	assert_non_null(a);
	assert_non_null(b);
	/* A new buffer is all dirty; clearing the bits leaves it clean. */
	assert_int_equal(cellbuf_is_dirty(a, 39), 1);
	cellbuf_clear_dirty(a);
	for (int y = 0; y < 40; y++)
		assert_int_equal(cellbuf_is_dirty(a, y), 0);
	/* Writing what is already there is no change. */
	cellbuf_put(a, 3, 5, ' ', 0, 0);
	cellbuf_clear(a, 0);
	assert_int_equal(cellbuf_is_dirty(a, 5), 0);
	cellbuf_put(a, 3, 5, 'x', 0, 0);
	cellbuf_put(a, 0, 33, 'y', 0, 0);
	assert_int_equal(cellbuf_is_dirty(a, 5), 1);
	assert_int_equal(cellbuf_is_dirty(a, 33), 1);
	assert_int_equal(cellbuf_is_dirty(a, 6), 0);
	cellbuf_mark_dirty(a, 7);
	cellbuf_mark_dirty(a, 99);
	assert_int_equal(cellbuf_is_dirty(a, 7), 1);

	/* Diff: rows 5 and 33 hold different text, row 20 a different role. */
	cellbuf_put(b, 2, 20, ' ', UI_TITLE, 0);
	assert_int_equal(cellbuf_diff(a, b, rows), 3);
	assert_int_equal(rows[0], (1u << 5) | (1u << 20));
	assert_int_equal(rows[1], 1u << 1);
	/* A copy has no differences, and a size change makes every row differ. */
	assert_int_equal(cellbuf_copy(b, a), 0);
	assert_int_equal(cellbuf_diff(a, b, rows), 0);
	assert_int_equal(rows[0] | rows[1], 0);
	assert_int_equal(cellbuf_resize(b, 9, 40), 0);
	assert_int_equal(cellbuf_diff(a, b, rows), 40);

	/* Resizing keeps the overlap and marks every row. */
	cellbuf_clear_dirty(b);
	assert_int_equal(cellbuf_resize(b, 4, 34), 0);
	assert_int_equal(ch_at(b, 3, 5), 'x');
	assert_int_equal(ch_at(b, 0, 33), 'y');
	assert_int_equal(cellbuf_is_dirty(b, 0), 1);
	assert_int_equal(cellbuf_resize(b, -1, 3), -EINVAL);
	assert_null(cellbuf_create(-1, 1));
	cellbuf_free(a);
	cellbuf_free(b);
	cellbuf_free(NULL);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_hbar_values),
		cmocka_unit_test(test_hbar_markers),
		cmocka_unit_test(test_scale_max),
		cmocka_unit_test(test_glyph_tables),
		cmocka_unit_test(test_graph),
		cmocka_unit_test(test_knee),
		cmocka_unit_test(test_pair_columns),
		cmocka_unit_test(test_sparkline),
		cmocka_unit_test(test_heatmap),
		cmocka_unit_test(test_pct_delta),
		cmocka_unit_test(test_put_number),
		cmocka_unit_test(test_utf8),
		cmocka_unit_test(test_heatmap_legend),
		cmocka_unit_test(test_axis_choice),
		cmocka_unit_test(test_axis_cells),
		cmocka_unit_test(test_box),
		cmocka_unit_test(test_dirty_and_diff),
	};

	return cmocka_run_group_tests_name("chart", tests, NULL, NULL);
}
