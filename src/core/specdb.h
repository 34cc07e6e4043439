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

#include "lib/arena.h"
#include "lib/error.h"

#define SPECDB_SCHEMA_VERSION 1

struct specdb;

struct spec_source {
	const char *id, *kind, *title, *publisher, *language, *file, *url;
	const char *published, *testbed, *method, *notes;
};

struct spec_sku {
	const char *model, *drive_id, *kind, *option, *status, *source_id;
	const char *notes;
};

struct spec_drive {
	const char	*id, *family_id;
	double		 capacity_gb;
	const char	*form_factor, *nand, *notes;
	double		 dwpd;
	struct spec_sku	*skus;
	size_t		 nskus;
	size_t		 nmeasurements;
};

struct spec_family {
	const char	  *id, *vendor_id, *vendor, *name, *series, *variant;
	const char	  *segment, *aliases, *form_factors, *nvme_version;
	const char	  *ports, *nand, *security, *source_id, *notes;
	int		   pcie_gen, pcie_lanes, warranty_years, plp;
	int		   has_spec_sheet, test_only;
	double		   dwpd;
	long long	   mttf_hours;
	double		   best_seq_read, best_seq_write;	/* MB/s, NAN if none */
	double		   best_rand_read, best_rand_write;	/* IOPS, NAN if none */
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
 * when the figure has none); dimension is its unit's. */
struct spec_figure {
	const char *family_id, *drive_id, *metric_id, *metric_name, *qual;
	const char *unit_id, *conditions, *source_id, *confidence, *notes;
	double	    value, value_hi;
	int	    block_size, iodepth, numjobs, read_pct, preferred;
	const char *dimension;
	double	    base, base_hi;
};

/* A published measurement from a review. */
struct spec_measurement {
	const char *source_id, *drive_id, *benchmark, *phase, *workload;
	const char *metric_id, *metric_name, *qual, *unit_id, *label, *notes;
	double	    value, value_hi;
	int	    block_size, iodepth, numjobs, threads, read_pct, pass;
	const char *dimension;		/* its unit's, as for struct spec_figure */
	double	    base, base_hi;	/* value, value_hi in the base unit */
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
 * Find the database: explicit path, then $DRIVEDASH_DB, then next to the
 * executable (build tree), then the installed data directory.  Returns a
 * malloc'd path or NULL with err set.
 */
char *specdb_locate(const char *explicit_path, struct dd_error *err);

/* Open and validate a database file read-only. */
int specdb_open(const char *path, struct specdb **out, struct dd_error *err);

/* Close a database; NULL is fine. */
void specdb_close(struct specdb *db);

/* Every family with its drives and SKUs, ordered by vendor then name. */
int specdb_families(struct specdb *db, struct arena *a,
		    struct spec_family **out, size_t *n, struct dd_error *err);

/* Search families, drives and SKUs for a free-text query. */
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

/* The family holding the capacity point drive_id in fams (its drive in *d
 * when d is not NULL); NULL when none does. */
const struct spec_family *specdb_find_drive(const struct spec_family *fams, size_t nfams,
					    const char *drive_id, const struct spec_drive **d);

/* A drive's label: "KIOXIA CD9P-R 7.68 TB", without the vendor unless
 * with_vendor, without the capacity for d NULL (the family). */
char *specdb_drive_label(const struct spec_family *f, const struct spec_drive *d,
			 bool with_vendor, char *buf, size_t len);

#endif
