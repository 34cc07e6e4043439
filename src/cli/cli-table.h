/*
 * The CLI's tables and the width they fit (cli-table.c).
 *
 * A table is a const array of columns (struct cli_table_col: header, the
 * separator before it, its full-layout width and alignment, a priority and
 * an optional short form, an optional group label over it) and rows of
 * cells, each a string the table copies.  cli_table_print lays it out for
 * the stream it goes to: to a pipe or a file (or under --wide) the full
 * layout, byte for byte what scripts parse; on a terminal the columns as
 * wide as their widest cell, and when the line is still wider than the
 * terminal the least important columns are abbreviated (short header,
 * cells cut with an ellipsis), then dropped, and one line after the table
 * says what was left out.  Widths are display columns of the text as
 * cli_printf prints it (ASCII twins under LANG=C).
 *
 * A CLI_TABLE_BELOW last column goes on its own indented lines under its
 * row when the terminal is narrower than CLI_TABLE_BELOW_COLS.
 *
 * The same width (cli_term_width) cuts the progress lines and wraps the
 * --help texts (cli_help_begin / cli_help_end) and the text around the
 * tables (cli_wrap_begin / cli_wrap_end), never between a number and its
 * unit.
 */
#ifndef DD_CLI_TABLE_H
#define DD_CLI_TABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* Column flags. */
#define CLI_TABLE_RIGHT 0x1u	/* aligned right */
#define CLI_TABLE_CUT	0x2u	/* cells cut to width in the full layout too */
#define CLI_TABLE_FREE	0x4u	/* the last column: never padded; on a
				 * terminal wrapped in what the line has left */
#define CLI_TABLE_BELOW 0x8u	/* with FREE: on a terminal narrower than
				 * CLI_TABLE_BELOW_COLS, on its own indented
				 * lines under its row (no header) */
#define CLI_TABLE_BELOW_COLS 100

/* One column. */
struct cli_table_col {
	const char *head;	/* header ("VENDOR"); what "left out" names */
	const char *sep;	/* printed before it: "" or an indent for the first */
	int	    width;	/* full layout: padded to it (cut with CLI_TABLE_CUT) */
	int	    prio;	/* 0: always shown; the highest goes first */
	unsigned    flags;	/* CLI_TABLE_* */
	const char *short_head;	/* abbreviated header, or NULL */
	int	    short_width;/* abbreviated width (cells cut to it); 0: the
				 * header alone is abbreviated (numbers) */
	const char *group;	/* label of a header line above, or NULL */
	const char *name;	/* what "left out" calls it (NULL: head), with
				 * the groups it was left out of: "at (A, B)" */
};

/* A table being filled: its columns (the caller's) and its cells. */
struct cli_table {
	const struct cli_table_col *cols;
	size_t			    ncols, nrows, cap;
	char			  **cells;	/* nrows * ncols, malloc'd */
	bool			   *lines;	/* per row: a line of text (its
						 * first cell), not cells */
	bool			    groups;	/* print the group line */
	bool			    noheader;	/* no header line (set after init) */
	bool			    nomem;	/* a row could not be added */
};

/* Set t up over ncols columns (kept by pointer: they outlive t). */
void cli_table_init(struct cli_table *t, const struct cli_table_col *cols, size_t ncols);

/* Add a row of ncols cells (NULL prints as ""); -ENOMEM. */
int cli_table_add(struct cli_table *t, const char *const *cells);

/* Add a line of text between rows (a group's title, a row's note): off a
 * terminal printed as it is, on one wrapped to it under its indent plus
 * two; it widens no column.  -ENOMEM. */
int cli_table_add_line(struct cli_table *t, const char *text);

/* Print t to f, fitted to f's terminal (see above); -ENOMEM when a row was
 * lost (said), else 0. */
int cli_table_print(const struct cli_table *t, FILE *f);

/* The same fitted to cols columns (0: the full layout), for a table
 * written into a cli_wrap_begin stream (cols: cli_wrap_cols(out)). */
int cli_table_print_cols(const struct cli_table *t, FILE *f, int cols);

/* Free t's cells. */
void cli_table_free(struct cli_table *t);

/* --wide: print every table whole on a terminal too. */
void cli_table_set_wide(bool wide);

/* The columns f's terminal has (TIOCGWINSZ, then $COLUMNS, then 80); 0
 * when f is not a terminal. */
int cli_term_width(FILE *f);

/* A --help text: write it to the stream cli_help_begin returns, then
 * cli_help_end prints it to stdout with every line wider than the
 * terminal (80 off a terminal) wrapped at a space under its own text
 * column; the exit code (EXIT_OK, or EXIT_USAGE when stdout failed). */
FILE *cli_help_begin(void);
int cli_help_end(FILE *help);

/* The same for a note after a table, off a terminal printed as it is. */
int cli_note_end(FILE *note);

/* Text for people, wrapped to out's terminal: write it to the stream
 * cli_wrap_begin returns (out itself when out is not a terminal), then
 * cli_wrap_end prints every line wider than the terminal wrapped at
 * spaces (never between a number and its unit: "1,276.2 MB/s") under its
 * own text column.  Off a terminal the bytes are out's, unchanged. */
FILE *cli_wrap_begin(FILE *out);
int cli_wrap_end(FILE *w, FILE *out);

/* The width cli_wrap_begin wraps out's text to: 0 off a terminal and under
 * --wide. */
int cli_wrap_cols(FILE *out);

#endif
