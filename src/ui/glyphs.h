/*
 * Glyph tables: every character the charts and frames draw, as Unicode code
 * points, in two sets with the same shape: UTF-8 (block elements, braille,
 * box drawing) and an ASCII twin for terminals and locales without UTF-8
 * (htop's rule: every UTF-8 table has an ASCII twin).
 *
 * Series are told apart by glyph as well as colour, so a monochrome screen
 * still reads: measured '█' / '#', spec target '│' / '|', review reference
 * '◆' / '*'; on an x/y plot a curve's finished step '●' / 'o', its running
 * step '◎' / '@' and its peak '▲' / '^' (the up mark).
 *
 * Graph cells carry two samples each (btop): graph[left][right] for levels
 * 0-4 (0 empty, 4 full cell).  UTF-8 uses braille 2x4 dots, filled from the
 * bottom; ASCII cannot draw two columns in one cell, so it shows the higher
 * of the two levels as ' ' '.' ':' ':' '|' (a full cell is '|').
 */
#ifndef DD_GLYPHS_H
#define DD_GLYPHS_H

#include <stdbool.h>
#include <stdint.h>

struct glyphs {
	bool	 utf8;
	uint32_t hbar[9];	/* left-aligned horizontal fill, 0-8 eighths */
	uint32_t vbar[9];	/* bottom-aligned vertical fill, 0-8 eighths */
	uint32_t graph[5][5];	/* two samples per cell: [left level][right level] */

	/* Series markers. */
	uint32_t measured;	/* '█' / '#' */
	uint32_t spec;		/* '│' / '|' */
	uint32_t review;	/* '◆' / '*' */
	uint32_t overflow;	/* '»' / '>': a value beyond the axis */
	uint32_t step;		/* '●' / 'o': a finished step of a curve */
	uint32_t live;		/* '◎' / '@': the running step, still measuring */

	/* Other marks. */
	uint32_t cursor;	/* '▸' / '>' */
	uint32_t up;		/* '▲' / '^' */
	uint32_t ok;		/* '✓' / '+' */
	uint32_t warn;		/* '⚠' / '!' */
	uint32_t ellipsis;	/* '…' / '~' */
	uint32_t dash;		/* '—' / '-': not published, no value */

	/* Box drawing. */
	uint32_t h, v, tl, tr, bl, br;
	uint32_t tee_down, tee_up, tee_right, tee_left, cross;
};

/* The UTF-8 set if utf8, else the ASCII twin; static, never NULL. */
const struct glyphs *glyphs_get(bool utf8);

#endif
