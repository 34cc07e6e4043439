/*
 * The two glyph sets, as constant tables.  The braille table is built by
 * macros from the dot bits (U+2800 + one bit per dot: left column dots
 * 1,2,3,7 = 0x01,0x02,0x04,0x40 top to bottom, right column dots 4,5,6,8 =
 * 0x08,0x10,0x20,0x80), filled from the bottom row up.
 */
#include "config.h"

#include "glyphs.h"

/* Braille bits for a left/right column filled to level n (0-4) from the bottom. */
#define BR_L(n) (((n) >= 1 ? 0x40 : 0) | ((n) >= 2 ? 0x04 : 0) | \
		 ((n) >= 3 ? 0x02 : 0) | ((n) >= 4 ? 0x01 : 0))
#define BR_R(n) (((n) >= 1 ? 0x80 : 0) | ((n) >= 2 ? 0x20 : 0) | \
		 ((n) >= 3 ? 0x10 : 0) | ((n) >= 4 ? 0x08 : 0))
/* An empty pair is a space, so text dumps trim. */
#define BR(l, r) ((l) == 0 && (r) == 0 ? 0x20u : 0x2800u + (BR_L(l) | BR_R(r)))
#define BR_ROW(l) { BR(l, 0), BR(l, 1), BR(l, 2), BR(l, 3), BR(l, 4) }

/* ASCII: the higher level of the pair. */
#define AS_LEVEL(n) ((n) == 0 ? ' ' : (n) == 1 ? '.' : (n) <= 3 ? ':' : '|')
#define AS(l, r) AS_LEVEL((l) > (r) ? (l) : (r))
#define AS_ROW(l) { AS(l, 0), AS(l, 1), AS(l, 2), AS(l, 3), AS(l, 4) }

static const struct glyphs glyphs_utf8 = {
	.utf8 = true,
	.hbar = { ' ', 0x258f, 0x258e, 0x258d, 0x258c, 0x258b, 0x258a, 0x2589, 0x2588 },
	.vbar = { ' ', 0x2581, 0x2582, 0x2583, 0x2584, 0x2585, 0x2586, 0x2587, 0x2588 },
	.graph = { BR_ROW(0), BR_ROW(1), BR_ROW(2), BR_ROW(3), BR_ROW(4) },
	.measured = 0x2588,
	.spec = 0x2502,
	.review = 0x25c6,
	.overflow = 0x00bb,
	.step = 0x25cf,
	.live = 0x25ce,
	.cursor = 0x25b8,
	.up = 0x25b2,
	.ok = 0x2713,
	.warn = 0x26a0,
	.ellipsis = 0x2026,
	.dash = 0x2014,
	.h = 0x2500,
	.v = 0x2502,
	.tl = 0x250c,
	.tr = 0x2510,
	.bl = 0x2514,
	.br = 0x2518,
	.tee_down = 0x252c,
	.tee_up = 0x2534,
	.tee_right = 0x251c,
	.tee_left = 0x2524,
	.cross = 0x253c,
};

static const struct glyphs glyphs_ascii = {
	.utf8 = false,
	.hbar = { ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', '#' },
	.vbar = { ' ', '.', '.', '-', '-', '=', '=', '#', '#' },
	.graph = { AS_ROW(0), AS_ROW(1), AS_ROW(2), AS_ROW(3), AS_ROW(4) },
	.measured = '#',
	.spec = '|',
	.review = '*',
	.overflow = '>',
	.step = 'o',
	.live = '@',
	.cursor = '>',
	.up = '^',
	.ok = '+',
	.warn = '!',
	.ellipsis = '~',
	.dash = '-',
	.h = '-',
	.v = '|',
	.tl = '+',
	.tr = '+',
	.bl = '+',
	.br = '+',
	.tee_down = '+',
	.tee_up = '+',
	.tee_right = '+',
	.tee_left = '+',
	.cross = '+',
};

/* The UTF-8 glyph set or its ASCII twin. */
const struct glyphs *
glyphs_get(bool utf8)
{
	return utf8 ? &glyphs_utf8 : &glyphs_ascii;
}
