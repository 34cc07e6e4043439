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

/* Append every section of the loaded runs (report-build.c). */
int report_sections(struct report *r, struct dd_error *err);

/* Append the sections of a spec-sheet-only page of sh (report-build.c):
 * its capacity point (sh->only_drive), else the family's every one; the
 * drive's column (0) of r->tab built; query as the user typed it. */
int report_sections_drive(struct report *r, const struct spec_sheet *sh, const char *query,
			  struct dd_error *err);

#endif
