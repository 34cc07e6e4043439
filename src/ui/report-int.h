/*
 * What the report's files share and nothing else includes: building
 * table blocks cell by cell (report.c) and the sections (report-build.c)
 * that report_build_* call once the runs and the comparison table are in.
 */
#ifndef DD_REPORT_INT_H
#define DD_REPORT_INT_H

#include "ui/report.h"

/* A table (or FIELDS) block of nrows x ncols cells, all "". */
struct report_block *report_table(struct report *r, enum report_kind kind, size_t nrows,
				  size_t ncols);

/* Set cell (row, col) of a table block to a copy of s (NULL: ""). */
void report_cell(struct report *r, struct report_block *b, size_t row, size_t col,
		 const char *s);

/* The most columns a table has, and parts it is split into. */
#define REPORT_COLS_MAX	 64
#define REPORT_PARTS_MAX 64

/* A part of a table too wide for the page: the columns it shows, the keys
 * first, and whether its lines fit. */
struct report_part {
	size_t cols[REPORT_COLS_MAX];
	size_t n;
	bool   fits;
};

/* Cell (row, col) of a table block. */
const char *report_cellv(const struct report_block *b, size_t row, size_t col);

/* The widths of a table's columns, each by width_of(ctx, cell) (its widest
 * cell). */
void report_widths(const struct report_block *b, int (*width_of)(const void *ctx, const char *),
		   const void *ctx, int *wid);

/* Split a table's columns into parts whose lines fit the width: the key
 * columns in each, then as many whole groups as fit (one at least: a part
 * that is still too wide has fits false); a table without keys is one part
 * (a row of it reads best whole, as records).  A line of a part is its
 * widths plus sep per column plus extra.  The number of parts (report-text.c;
 * the txt and md writers split to 80 columns, the html writer to a page). */
size_t report_parts(const struct report_block *b, const int *wid, int sep, int extra, int width,
		    struct report_part *parts, size_t max);

/* Is run column c's reference drive (cmptab's ref_drive) the drive the run
 * itself was matched to?  A run's summary and bars carry spec and review
 * only then: in a comparison, a run matched to no drive is not held to
 * another run's drive (the table holds it against that run: drift). */
bool report_own_drive(const struct report *r, size_t c);

/* Append every section of the loaded runs (report-build.c). */
int report_sections(struct report *r, struct dd_error *err);

/* Append the sections of a spec-sheet-only page of sh (report-build.c):
 * its capacity point (sh->only_drive), else the family's every one; the
 * drive's column (0) of r->tab built; query as the user typed it. */
int report_sections_drive(struct report *r, const struct spec_sheet *sh, const char *query,
			  struct dd_error *err);

#endif
