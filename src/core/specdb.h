/*
 * The specs database: read-only access to the sqlite file built from data/.
 *
 * Query results are plain structs allocated in a caller-owned arena, so the
 * UI and the CLI share them and free them in one call.  Integers that the
 * database leaves NULL read as -1, doubles as NAN, strings as NULL.
 * A struct specdb is used by one thread at a time.
 */
#ifndef DD_SPECDB_H
#define DD_SPECDB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "lib/arena.h"
#include "lib/error.h"

#define SPECDB_SCHEMA_VERSION 2

struct specdb;

/*
 * origin, on every row type below: NULL for a row of the bundled database,
 * else "FILE:LINE" of the overlay statement that added it (the lab's own
 * files under $XDG_CONFIG_HOME/drivedash/, see specdb_open_with).
 */
struct spec_source {
	const char *id, *kind, *title, *publisher, *language, *file, *url;
	const char *published, *testbed, *method, *notes;
	const char *name;	/* short name ("CD9P-R review"); NULL: use the title */
	const char *origin;
};

struct spec_sku {
	const char *model, *drive_id, *kind, *option, *status, *source_id;
	const char *notes;
	const char *origin;
};

/* The four headline metrics of the list and of show's attribute tables:
 * 128K-class sequential read and write (MB/s), 4K random read and write
 * (IOPS); see specdb.c for which spec rows count. */
enum spec_head_metric {
	SPEC_HEAD_SEQ_READ, SPEC_HEAD_SEQ_WRITE, SPEC_HEAD_RAND_READ, SPEC_HEAD_RAND_WRITE,
	SPEC_HEAD_N
};

/* One headline figure and where it holds: value (and value_hi of a range)
 * in the base unit, NAN when there is none; qual as in the spec table;
 * drive_id the capacity point whose own spec row states it, NULL for a
 * family-wide row (drive_id NULL in the data: "U.3, family maximum"). */
struct spec_headfig {
	double	    value, value_hi;
	const char *qual;
	const char *drive_id;
};

struct spec_drive {
	const char	*id, *family_id;
	double		 capacity_gb;
	const char	*form_factor, *nand, *notes;
	const char	*source_id;	/* where the capacity point is listed */
	const char	*origin;
	double		 dwpd;
	struct spec_sku	*skus;
	size_t		 nskus;
	size_t		 nmeasurements;
	/* This point's headline figures: its own spec rows, else the family-
	 * wide ones (drive_id NULL then); never another point's. */
	struct spec_headfig head[SPEC_HEAD_N];
};

struct spec_family {
	const char	  *id, *vendor_id, *vendor, *name, *series, *variant;
	const char	  *segment, *aliases, *form_factors, *nvme_version;
	const char	  *ports, *nand, *security, *source_id, *notes;
	const char	  *origin;
	int		   pcie_gen, pcie_lanes, warranty_years, plp;
	int		   has_spec_sheet, test_only;
	double		   dwpd;
	long long	   mttf_hours;
	double		   best_seq_read, best_seq_write;	/* MB/s, NAN if none */
	double		   best_rand_read, best_rand_write;	/* IOPS, NAN if none */
	const struct spec_drive *headline;	/* the capacity point the best_*
						 * figures are from (specdb.c, the
						 * list headline rule); NULL: the
						 * family-wide figures, or none.
						 * Set only when at least one of
						 * them is the point's own row */
	struct spec_headfig head[SPEC_HEAD_N];	/* best_* with their qualifier
						 * and point (headline's own, or
						 * family-wide) */
	size_t		   nfigures, nmeasurements;
	struct spec_drive *drives;
	size_t		   ndrives;
};

/* A unit of the database's table: value x to_base is in the base unit of
 * its dimension (MB/s for throughput, IOPS for rate, us for time). */
struct spec_unit {
	const char *id, *dimension;
	double	    to_base;
};

/* A spec-sheet figure (drive_id NULL: family-wide).  base and base_hi are
 * value and value_hi converted once, at load, through the unit table (NAN
 * when the figure has none); dimension is its unit's.  value_hi is set for
 * qual "range" and for an approximate range (qual "approx").
 *
 * An acceptance target (table target, the lab's overlay) is held in the same
 * struct with is_target set: qual "ge" or "le", tolerance its own (fraction,
 * 0.05 = 5 %), runtime_s its stated runtime; block_size, iodepth and numjobs
 * are always stated; confidence is NULL and preferred 1. */
struct spec_figure {
	const char *family_id, *drive_id, *metric_id, *metric_name, *qual;
	const char *unit_id, *conditions, *source_id, *confidence, *notes;
	double	    value, value_hi;
	int	    block_size, iodepth, numjobs, read_pct, preferred;
	const char *dimension;
	double	    base, base_hi;
	const char *origin;
	bool	    is_target;
	double	    tolerance;		/* targets: fraction; NAN otherwise */
	int	    runtime_s;		/* targets: seconds; -1 otherwise */
};

/* A published measurement from a review. */
struct spec_measurement {
	const char *source_id, *drive_id, *benchmark, *phase, *workload;
	const char *metric_id, *metric_name, *qual, *unit_id, *label, *notes;
	double	    value, value_hi;
	int	    block_size, iodepth, numjobs, threads, read_pct, pass;
	int	    checkpoint;		/* DLIO checkpoint index; -1: a run average */
	const char *dimension;		/* its unit's, as for struct spec_figure */
	double	    base, base_hi;	/* value, value_hi in the base unit */
	const char *origin;
};

/* Everything `show` needs for one family (or one capacity point of it). */
struct spec_sheet {
	struct spec_family	 family;
	const char		*only_drive;	/* non-NULL: one capacity point */
	struct spec_figure	*figures;
	size_t			 nfigures;
	struct spec_measurement	*measurements;
	size_t			 nmeasurements;
	struct spec_source	*sources;	/* those the above cite */
	size_t			 nsources;
	struct spec_figure	*targets;	/* acceptance targets (is_target) */
	size_t			 ntargets;
};

/* One hit of a search: a family, or a capacity point of one. */
struct spec_hit {
	const char *family_id;
	const char *drive_id;	/* NULL: the family as a whole */
	const char *label;	/* "KIOXIA CD9P-R" or "KIOXIA CD9P-R 7.68 TB" */
	const char *matched;	/* the text that matched */
};

struct spec_search {
	struct spec_hit *hits;
	size_t		 nhits;
	size_t		 nfamilies;	/* distinct families among the hits */
};

/*
 * What a typed query names (specdb_query).  Candidates are ranked: an exact
 * family token ("cd9p" is the CD9P family) before a substring, families with
 * capacity points and figures before empty placeholders, the R (read-
 * intensive) variant before V only when the token names neither, a capacity
 * written any common way (7.68, 7.68TB, 7680, 7T68, 1.92TB) narrowing to a
 * capacity point, a model string or part number or database id exactly.
 */
enum spec_answer_kind {
	SPEC_ANSWER_NONE,	/* nothing matched; cands: the nearest, if
				 * any (a family named without the capacity
				 * asked for, or one a part number resembles) */
	SPEC_ANSWER_ONE,	/* cands[0] is the answer; cands[1..] the others
				 * it beat (shown as "also: ...") */
	SPEC_ANSWER_CHOICE,	/* no clear best: every candidate, each with a
				 * line on what distinguishes it */
	SPEC_ANSWER_ATTRIBUTE,	/* an attribute ("7.68TB", "E3.S", "gen5",
				 * "3 dwpd"): every drive that has it */
};

struct spec_candidate {
	const char		*family_id;
	const char		*drive_id;	/* NULL: the family as a whole */
	const char		*label;		/* "KIOXIA CD9P-R 7.68 TB" */
	const char		*matched;	/* what matched: an alias, a SKU, "7.68 TB" */
	const char		*distinct;	/* what sets it apart from the others:
						 * "mixed-use, 3 DWPD", "no capacity
						 * points or figures (placeholder)" */
	const struct spec_sku	*sku;		/* the SKU that matched; NULL none
						 * (status "inferred": say so) */
	int			 score;		/* higher ranks first */
};

struct spec_answer {
	enum spec_answer_kind	 kind;
	struct spec_candidate	*cands;
	size_t			 ncands;
	const char		*attribute;	/* ATTRIBUTE: "capacity 7.68 TB",
						 * "form factor E3.S", "PCIe Gen5", "3 DWPD" */
	double			 capacity_gb;	/* the capacity the query named; NAN none */
	const char		*suggestion;	/* NONE: the query with a typo corrected
						 * ("kioxia cd9p" for "kioxa cd9p"), whose
						 * answer the candidates are; NULL none */
	bool			 no_such_part;	/* NONE: the query is shaped like a part
						 * number the sources do not list; the
						 * candidates are the nearest listed ones */
	const struct spec_family *families;	/* every family, loaded for the answer */
	size_t			 nfamilies;
};

/* A consistency problem found by specdb_check: the rule it broke, where the
 * row comes from (file NULL: the bundled database), and the row. */
struct spec_issue {
	const char *rule;	/* "spec unit does not fit metric" */
	const char *file;	/* overlay file; NULL: bundled */
	int	    line;	/* its line; 0 unknown */
	const char *detail;	/* "spec: micron-9550-pro rand_read 3300000 MB/s" */
};

/* Options of specdb_open_with; NULL means the defaults (and with
 * overlay_dir NULL, DRIVEDASH_NO_OVERLAY=1 in the environment means none). */
struct specdb_open_opts {
	const char	  *overlay_dir;	/* NULL: $XDG_CONFIG_HOME/drivedash (else
					 * ~/.config/drivedash); "": no overlay */
	const char *const *extra;	/* further overlay files, loaded after the
					 * directory's (db check FILE) */
	size_t		   nextra;
	/* db check: every load error ("FILE:LINE: ...") goes to report and the
	 * load goes on past it (the open then succeeds); NULL: the first error
	 * fails the open. */
	void		 (*report)(void *arg, const struct dd_error *e);
	void		  *report_arg;
	/* The work one overlay statement may do beyond its VALUES rows' share,
	 * in thousands of sqlite instructions; 0: the default (tests lower it). */
	unsigned long	   work_budget;
};

/*
 * Find the database: explicit path, then $DRIVEDASH_DB, then next to the
 * executable (build tree), then the installed data directory.  Returns a
 * malloc'd path or NULL with err set.
 */
char *specdb_locate(const char *explicit_path, struct dd_error *err);

/* Open and validate a database file read-only, with the default overlay:
 * specdb_open_with(path, NULL, ...). */
int specdb_open(const char *path, struct specdb **out, struct dd_error *err);

/*
 * Open the bundled database at path and load the lab's overlay on top: every
 * *.sql file of o->overlay_dir in name order, then o->extra.  Overlay files
 * are the same SQL as data/ (INSERT statements only; anything else is
 * refused), run with foreign keys on; an error names the file and line.
 * The bundled file is never written (the overlay goes to a private copy in
 * memory).
 */
int specdb_open_with(const char *path, const struct specdb_open_opts *o,
		     struct specdb **out, struct dd_error *err);

/* The overlay files loaded, in order (none: *n = 0). */
const char *const *specdb_overlays(const struct specdb *db, size_t *n);

/* Run the consistency rules (the ones tests/unit/test-data.c holds the bundled
 * database to) over everything loaded; every problem in *out. */
int specdb_check(struct specdb *db, struct arena *a, struct spec_issue **out, size_t *n,
		 struct dd_error *err);

/* The name of consistency rule i (0, 1, ...) in the order specdb_check runs
 * them; NULL past the last. */
const char *specdb_check_rule(size_t i);

/* Write a family's rows (drive_id non-NULL: one capacity point's) as overlay
 * SQL, a starting point for the lab's own file. */
int specdb_dump(struct specdb *db, const char *family_id, const char *drive_id, FILE *out,
		struct dd_error *err);

/* Resolve a typed query (see enum spec_answer_kind). */
int specdb_query(struct specdb *db, const char *query, struct arena *a,
		 struct spec_answer *out, struct dd_error *err);

/* The one sentence for a query whose answer is NONE: a part number the
 * sources do not list and the nearest listed ones, "did you mean" with a
 * typo's correction, the attribute no drive has, or the nearest family;
 * into buf, which it returns.  What show, compare, report and db dump
 * print. */
const char *specdb_answer_none_text(const struct spec_answer *ans, const char *query,
				    char *buf, size_t len);

/* specdb_query against families already loaded (specdb_families): no
 * database access, so a filter typed key by key costs no query; the answer's
 * families are fams. */
int specdb_query_families(const struct spec_family *fams, size_t nfams, const char *query,
			  struct arena *a, struct spec_answer *out, struct dd_error *err);

/* A source as a user sees it: "StorageReview, CD9P-R review (de)",
 * "Micron, 9550 product brief"; "lab: FILE" for an overlay's own source. */
char *specdb_source_label(const struct spec_source *s, char *buf, size_t len);

/* The source id among a sheet's sources; NULL when the sheet does not cite it. */
const struct spec_source *specdb_sheet_source(const struct spec_sheet *sh, const char *id);

/* A source id of a sheet as a user sees it (specdb_source_label; the id
 * itself when the sheet does not cite it, "" for NULL). */
char *specdb_sheet_source_label(const struct spec_sheet *sh, const char *id, char *buf,
				size_t len);

/* Free text of a sheet (a note) with each source id of the sheet's sources
 * in it replaced by the source's label. */
char *specdb_sheet_text(const struct spec_sheet *sh, const char *text, char *buf, size_t len);

/* Is a figure's only source grade C (a secondary source): it is graded C and
 * no grade A or B row of the sheet states the same figure?  The CLI and the
 * dashboard mark such figures with SPECDB_GRADE_C_MARK and explain the mark
 * with SPECDB_GRADE_C_LEGEND. */
bool specdb_figure_grade_c(const struct spec_sheet *sh, const struct spec_figure *f);

/* The conditions text of a spec figure whose source states none (no block
 * size, depth or "typical"): compare and check do not place it at QD1 x1 or
 * any depth; show prints it as the conditions. */
#define SPECDB_NO_CONDITIONS "conditions not stated"

#define SPECDB_GRADE_C_MARK   "(C)"
#define SPECDB_GRADE_C_LEGEND "(C) grade C only: a secondary source (notes, compiled lists); " \
			      "no manufacturer table or list confirms it"

/* Is a figure inferred: worked out rather than printed (a merged table cell
 * mapped by pattern), its note ending ": inferred" (data/README.md)? */
bool specdb_figure_inferred(const struct spec_figure *f);

/* Does any figure of the sheet carry the inferred mark? */
bool specdb_sheet_any_inferred(const struct spec_sheet *sh);

/* The marks a figure's value carries after it, each with a leading space:
 * " (C)" (specdb_figure_grade_c), " (i)" (specdb_figure_inferred), both, or
 * "".  The CLI and the dashboard append it to every spec figure they print
 * and explain each mark once with its legend. */
char *specdb_figure_marks(const struct spec_sheet *sh, const struct spec_figure *f, char *buf,
			  size_t len);

#define SPECDB_INFERRED_MARK   "(i)"
#define SPECDB_INFERRED_LEGEND "(i) inferred: worked out (a merged table cell mapped by " \
			       "pattern), not printed in the source as such"

/* A capacity point's cell holding a family-wide figure (stated for the
 * family, not for that point): `show`'s attribute tables and the
 * dashboard's sheet mark it so, in the cell. */
#define SPECDB_FAMILY_WIDE_MARK	  "(F)"
#define SPECDB_FAMILY_WIDE_LEGEND "(F) family-wide: stated for the family, not for this capacity point"

/* A figure's value as show prints it: its qualifier and range with unit
 * (fmt_figure: "0–75 C", "~30 us", "1e-17 per bit"), or for unit NULL
 * without one (a cell of a table whose row names the unit: "14,800",
 * "~30"), then its marks (specdb_figure_marks). */
char *specdb_figure_value(const struct spec_sheet *sh, const struct spec_figure *g,
			  const char *unit, char *buf, size_t len);

/* A figure's conditions as one phrase: "128K, 70% read, QD32 x4 jobs,
 * typical": the block size, the read share, the depth and the jobs, each
 * left out when not stated (0 or -1), then the free-text conditions (NULL:
 * none).  What show and a report's drive page print as a figure's
 * conditions. */
char *specdb_conditions_text(int block_size, int read_pct, int iodepth, int numjobs,
			     const char *conditions, char *buf, size_t len);

/* Do two figures belong on one row of a table whose columns are capacity
 * points: the same metric, block size, mix, depth, unit, source, preference
 * and conditions? */
bool specdb_figure_same_row(const struct spec_figure *a, const struct spec_figure *b);

/* The capacity points a sheet shows as columns: its one (only_drive: a
 * query that named a capacity), else the family's every one, in order;
 * how many (at most max). */
size_t specdb_sheet_points(const struct spec_sheet *sh, const struct spec_drive **pts, size_t max);

/* Is figure i a capacity point's own and the first of its row (one row per
 * specdb_figure_same_row group)? */
bool specdb_figure_row_first(const struct spec_sheet *sh, size_t i);

/* The figure of capacity point d on the row of figure i, or NULL. */
const struct spec_figure *specdb_figure_row_hit(const struct spec_sheet *sh, size_t i,
						const struct spec_drive *d);

/* Where a measurement was taken, with its mix: "QD32 x NJ16", "QD1"
 * (NumJobs not stated), "128 threads", "run 2" (a DLIO run's average),
 * "run 1, checkpoint 12" (one checkpoint of a run), "QD8 x NJ4, 70% read";
 * "" when the review states none. */
char *specdb_measurement_point(const struct spec_measurement *m, char *buf, size_t len);

/* The capacity of a sheet's capacity point drive_id as fmt_capacity writes
 * it ("7.68 TB"); the id itself when the sheet has no such point. */
char *specdb_sheet_capacity(const struct spec_sheet *sh, const char *drive_id, char *buf,
			    size_t len);

/* Close a database; NULL is fine. */
void specdb_close(struct specdb *db);

/* Every family with its drives and SKUs, ordered by vendor then name. */
int specdb_families(struct specdb *db, struct arena *a,
		    struct spec_family **out, size_t *n, struct dd_error *err);

/* Search families, drives and SKUs for a free-text query: specdb_query's
 * candidates (an ATTRIBUTE answer's rows) as hits, none for NONE.  New
 * callers use specdb_query, which also says how sure the answer is. */
int specdb_search(struct specdb *db, const char *query, struct arena *a,
		  struct spec_search *out, struct dd_error *err);

/* Load a family's sheet; drive_id narrows it to one capacity point. */
int specdb_sheet(struct specdb *db, const char *family_id, const char *drive_id,
		 struct arena *a, struct spec_sheet *out, struct dd_error *err);

/* The unit table (data/units.sql), ordered by id. */
int specdb_units(struct specdb *db, struct arena *a, struct spec_unit **out, size_t *n,
		 struct dd_error *err);

/* Lowercase a string and keep only letters and digits ("9550 MAX" -> "9550max"). */
void specdb_squeeze(const char *in, char *out, size_t outlen);

/* The family of id family_id in fams; NULL when none is. */
const struct spec_family *specdb_find_family(const struct spec_family *fams, size_t nfams,
					     const char *family_id);

/* The family holding the capacity point drive_id in fams (its drive in *d
 * when d is not NULL); NULL when none does. */
const struct spec_family *specdb_find_drive(const struct spec_family *fams, size_t nfams,
					    const char *drive_id, const struct spec_drive **d);

/* A drive's label: "KIOXIA CD9P-R 7.68 TB", without the vendor unless
 * with_vendor, without the capacity for d NULL (the family). */
char *specdb_drive_label(const struct spec_family *f, const struct spec_drive *d,
			 bool with_vendor, char *buf, size_t len);

#endif
