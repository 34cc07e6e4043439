/*
 * The report: one or more stored runs (or a drive's spec sheet) as a
 * document a user can forward, written as text, Markdown or one
 * self-contained HTML page.  The `report` command (src/cli/cli-share.c),
 * the end of `run` and `check` (their summary block) and the dashboard's
 * report key all build it here, so there is one copy of what it says.
 *
 * Data model:
 *
 *   struct report        the runs it shows (loaded from the results store
 *                        as `compare` names them: results_resolve and
 *                        results_run_load), the comparison table over them
 *                        (core/cmptab.h: the one rule for depths and %
 *                        deltas, the table behind `compare`), the sheets of
 *                        their matched database drives, and the document.
 *   struct report_block  one block of the document, in reading order: a
 *                        heading (level 1..3), a paragraph, a table (row 0
 *                        is the header; FIELDS is a two-column table of
 *                        names and values), preformatted text (the fio job
 *                        file), a chart (a run's point and what to draw of
 *                        it) and the start and end of a collapsible part (a
 *                        point's details).  Every string is plain UTF-8
 *                        text from the arena: the writers escape it for
 *                        their format, nothing in a block is markup.
 *
 * The writers (report-text.c: txt and md; report-html.c: html) walk the
 * blocks.  txt and md fit 80 columns: a table wider than that is split
 * into parts that fit, each repeating its key columns (a table that names
 * its keys), and one that still does not fit is written as one group of
 * "name: value" lines per row; md writes
 * tables a ticket shows,
 * html writes one page with inline SVG charts, a print stylesheet, light
 * and dark colours and no script and nothing fetched.  Sections tagged
 * REPORT_SUMMARY form the short copy-paste summary `run` and `check` print
 * at their end (report_write with summary_only).
 */
#ifndef DD_REPORT_H
#define DD_REPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "lib/arena.h"
#include "lib/error.h"
#include "core/cmptab.h"
#include "core/results.h"
#include "core/specdb.h"

/* What a block is. */
enum report_kind {
	REPORT_HEADING,		/* text, level */
	REPORT_PARA,		/* text */
	REPORT_FIELDS,		/* cells: nrows x 2, names and values (no header) */
	REPORT_TABLE,		/* cells: nrows x ncols, row 0 the header; text: caption */
	REPORT_PRE,		/* text, kept as it is (lines, spaces) */
	REPORT_CHART,		/* run, point, chart: drawn by html only; text: its title */
	REPORT_OPEN,		/* a collapsible part starts; text: its summary line */
	REPORT_CLOSE,		/* ... ends */
};

/* Charts a report draws of a point (html only). */
enum report_chart {
	REPORT_CHART_INTERVALS,	/* IOPS, MB/s, mean and p99 latency, temperature over time */
	REPORT_CHART_HISTOGRAM,	/* the latency histogram */
	REPORT_CHART_BARS,	/* a run column's IOPS and MB/s bars against spec and
				 * review (the comparison table's cells) */
	REPORT_CHART_HEAT,	/* a run's QD x jobs heat map of each workload it
				 * swept at two depths or more */
	REPORT_CHART_CURVE,	/* load curve `point` of the run's table column:
				 * latency against IOPS with the review's points */
	REPORT_CHART_CKPT,	/* checkpoint series `point` of the column: the
				 * passes' bars against the review's */
	REPORT_CHART_CLIFF,	/* point `point`'s MB/s over time, the cliff marked */
	REPORT_CHART_REVIEW_HEAT,	/* a drive page: the review's 4K random read
					 * QD x jobs heat map of drive column `col`'s
					 * reviewed capacity point */
};

/* One block (see the data model). */
struct report_block {
	enum report_kind  kind;
	int		  level;	/* heading: 1..3 */
	bool		  summary;	/* part of the copy-paste summary */
	const char	 *text;
	const char	 *cls;		/* html class ("verdict-pass"); NULL none */
	size_t		  nrows, ncols;
	const char	**cells;	/* nrows x ncols, row-major */
	uint32_t	  right;	/* bit c: column c is right-aligned (numbers) */
	uint32_t	  nowrap;	/* html: bit c: column c's cells keep their
					 * lines ("QD32 x NJ16"; numbers keep theirs) */
	size_t		  keys;		/* txt/md: leading columns every part of a
					 * table too wide for the page repeats; 0: the
					 * table is not split (rows as records) */
	uint64_t	  groups;	/* bit c: a group of columns that stay in one
					 * part starts at c (a run's); 0: each column */
	size_t		  run, point;	/* chart: runs[run].pts[point] (curve, ckpt:
					 * the column's curves[point], ckpts[point]) */
	size_t		  col;		/* bars, curve, ckpt: the table's run column */
	enum report_chart chart;
};

/* A report: its runs, its comparison table and its document. */
struct report {
	struct arena	     a;		/* every string and cell of the blocks */
	struct report_block *b;
	size_t		     n, cap;
	struct results_run  *runs;	/* heap, nruns */
	size_t		     nruns;
	int64_t		    *ids;	/* the runs' store ids */
	struct cmptab	     tab;
	const struct spec_sheet *sheets[8];	/* the drives' sheets (arena) */
	size_t		     nsheets;
	char		     title[512];
};

/* The formats, as --format spells them. */
enum report_format {
	REPORT_TXT,
	REPORT_MD,
	REPORT_HTML,
};

/* How report_write writes. */
struct report_opts {
	enum report_format format;
	bool		   summary_only;	/* txt/md: only the summary blocks */
	unsigned	   width;	/* txt: columns; 0 = 80 */
	int		 (*cp_width)(uint32_t cp);	/* txt/md: the columns a code
					 * point takes as the caller writes the
					 * text (the CLI under LANG=C: "→" as
					 * "->"); NULL: its display width */
};

/* The most runs one report shows side by side. */
#define REPORT_RUNS_MAX 6

/* An empty report. */
void report_init(struct report *r);

/* Free what a report holds (it is empty again). */
void report_free(struct report *r);

/* Every name --format takes, NULL-terminated; the first three are the
 * canonical ones (html, md, txt), completion offers those. */
struct report_format_name {
	const char	  *name;
	enum report_format format;
};
extern const struct report_format_name report_format_names[];
#define REPORT_FORMATS_CANONICAL 3

/* "txt", "md", "html" (or "text", "markdown") into *f; -EINVAL for anything
 * else. */
int report_format_parse(const char *s, enum report_format *f);

/* Load the runs specs name (as results_resolve takes them: "12", "#12",
 * "last", "last:SERIAL") from store, add their matched drives from db (NULL:
 * no database columns) and build the document.  -ENOENT with err saying
 * "no run #99 in STORE" for a run that is not there. */
int report_build_runs(struct report *r, struct results *store, struct specdb *db,
		      const char *const *specs, size_t n, struct dd_error *err);

/* Build the document of runs already in memory (taken over: the report
 * frees them; ids may be NULL), e.g. a run that just ended. */
int report_build_loaded(struct report *r, struct specdb *db, struct results_run *runs,
			const int64_t *ids, size_t n, struct dd_error *err);

/* Build a spec-sheet-only page of the drive a query names (as `show`
 * finds it); -ENOENT when nothing matches, -EINVAL when several do. */
int report_build_drive(struct report *r, struct specdb *db, const char *query,
		       struct dd_error *err);

/* Write the document in o's format into a malloc'd NUL-terminated buffer
 * (*out, *len bytes without the NUL).  0 or -ENOMEM. */
int report_write(const struct report *r, const struct report_opts *o, char **out,
		 size_t *len);

/* The file name a report of r is saved under by the dashboard:
 * "drivedash-report-12.html", "drivedash-report-12-14.html". */
char *report_file_name(const struct report *r, char *buf, size_t len);

/* Document building (report-build.c), for the writers and tests: append a
 * block and return it (zeroed but for kind); NULL out of memory. */
struct report_block *report_add(struct report *r, enum report_kind kind);

/* A copy of a printf-formatted string in the report's arena. */
const char *report_fmt(struct report *r, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* The txt and md writers (report-text.c) and the html writer
 * (report-html.c) into an open memory stream; 0 or -EIO. */
int report_write_text(const struct report *r, const struct report_opts *o, FILE *f);
int report_write_html(const struct report *r, FILE *f);

/* The dashboard's report key (report-save.c): write an HTML report of the
 * stored runs ids[0..n) (0s skipped) into the reports/ directory beside the
 * results store and show its path on the message line.  UI thread. */
struct tui;
void report_save(struct tui *t, const int64_t *ids, size_t n);

#endif
