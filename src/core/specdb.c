/*
 * Specs database access.  The file is opened read-only; every query copies
 * its rows into plain structs in the caller's arena, so nothing returned
 * points into sqlite.  Typed queries (specdb_search, specdb_query) live in
 * core/specdb-query.c.
 */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <sqlite3.h>

#include "format.h"
#include "lib/file.h"
#include "specdb-private.h"

#ifndef PKGDATADIR
#define PKGDATADIR "/usr/local/share/drivedash"
#endif


/* Read a nullable text column into the arena. */
static const char *
col_text(struct arena *a, sqlite3_stmt *st, int i)
{
	return arena_strdup(a, (const char *)sqlite3_column_text(st, i));
}

/* Read a nullable integer column; NULL reads as -1. */
static int
col_int(sqlite3_stmt *st, int i)
{
	if (sqlite3_column_type(st, i) == SQLITE_NULL)
		return -1;
	return sqlite3_column_int(st, i);
}

/* Read a nullable real column; NULL reads as NAN. */
static double
col_real(sqlite3_stmt *st, int i)
{
	if (sqlite3_column_type(st, i) == SQLITE_NULL)
		return NAN;
	return sqlite3_column_double(st, i);
}

/* Prepare a statement or fill err. */
static int
db_prepare(struct specdb *db, const char *sql, sqlite3_stmt **st,
	   struct dd_error *err)
{
	if (sqlite3_prepare_v2(db->db, sql, -1, st, NULL) != SQLITE_OK)
		return dd_error_set(err, -EIO, "cannot query %s: %s", db->path,
				    sqlite3_errmsg(db->db));
	return 0;
}

/* Turn a failed step into an error. */
static int
db_step_error(struct specdb *db, sqlite3_stmt *st, struct dd_error *err)
{
	int rc = dd_error_set(err, -EIO, "cannot read %s: %s", db->path,
			      sqlite3_errmsg(db->db));

	sqlite3_finalize(st);
	return rc;
}

/* Does a regular, readable file exist at path? */
static int
file_usable(const char *path)
{
	return access(path, R_OK) == 0;
}

/* Join a directory and a relative name into a malloc'd path. */
static char *
path_join(const char *dir, const char *rel)
{
	size_t n = strlen(dir) + strlen(rel) + 2;
	char  *p = malloc(n);

	if (p != NULL)
		snprintf(p, n, "%s/%s", dir, rel);
	return p;
}

/* Find the database file. */
char *
specdb_locate(const char *explicit_path, struct dd_error *err)
{
	static const char *const rel[] = {
		"data/drivedash.db",		/* build tree: binary at top */
		"../share/drivedash/drivedash.db", /* relocated install */
	};
	const char *env;
	char	    exe[PATH_MAX];
	ssize_t	    n;

	if (explicit_path != NULL)
		return strdup(explicit_path);
	env = getenv("DRIVEDASH_DB");
	if (env != NULL && *env != '\0')
		return strdup(env);

	n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	if (n > 0) {
		char *slash;

		exe[n] = '\0';
		slash = strrchr(exe, '/');
		if (slash != NULL) {
			*slash = '\0';
			for (size_t i = 0; i < sizeof rel / sizeof rel[0]; i++) {
				char *p = path_join(exe, rel[i]);

				if (p != NULL && file_usable(p))
					return p;
				free(p);
			}
		}
	}
	if (file_usable(PKGDATADIR "/drivedash.db"))
		return strdup(PKGDATADIR "/drivedash.db");
	dd_error_set(err, -ENOENT,
		     "no specs database found (looked next to the program and in "
		     PKGDATADIR "); build it with 'make' or pass --db FILE");
	return NULL;
}

/* Open and validate the bundled database read-only (no overlay). */
int
specdb_open_bundled(const char *path, struct specdb **out, struct dd_error *err)
{
	struct specdb *db;
	sqlite3_stmt  *st = NULL;
	int	       rc, version = -1;

	*out = NULL;
	/* sqlite opens by name and would block on a FIFO: regular files only. */
	if ((rc = file_check_regular("database", path, err)) < 0)
		return rc;

	db = calloc(1, sizeof *db);
	if (db == NULL)
		return dd_error_set(err, -ENOMEM, "out of memory");
	db->path = strdup(path);
	rc = sqlite3_open_v2(path, &db->db, SQLITE_OPEN_READONLY, NULL);
	if (rc != SQLITE_OK) {
		dd_error_set(err, -EIO, "cannot open database %s: %s", path,
			     db->db ? sqlite3_errmsg(db->db) : sqlite3_errstr(rc));
		specdb_close(db);
		return err ? err->code : -EIO;
	}
	rc = sqlite3_prepare_v2(db->db,
				"SELECT value FROM meta WHERE key = 'schema_version'",
				-1, &st, NULL);
	if (rc == SQLITE_OK && sqlite3_step(st) == SQLITE_ROW)
		version = sqlite3_column_int(st, 0);
	if (rc != SQLITE_OK || version < 0) {
		int ec = sqlite3_errcode(db->db);

		if (ec == SQLITE_NOTADB || ec == SQLITE_CORRUPT)
			dd_error_set(err, -EINVAL,
				     "%s is not a valid database file (%s)", path,
				     sqlite3_errmsg(db->db));
		else
			dd_error_set(err, -EINVAL,
				     "%s is not a drivedash specs database (%s)",
				     path, rc != SQLITE_OK ? sqlite3_errmsg(db->db)
							   : "no schema version");
		sqlite3_finalize(st);
		specdb_close(db);
		return -EINVAL;
	}
	sqlite3_finalize(st);
	if (version != SPECDB_SCHEMA_VERSION) {
		dd_error_set(err, -EINVAL,
			     "%s has schema version %d; this drivedash reads version %d",
			     path, version, SPECDB_SCHEMA_VERSION);
		specdb_close(db);
		return -EINVAL;
	}
	*out = db;
	return 0;
}

/* Close a database. */
void
specdb_close(struct specdb *db)
{
	if (db == NULL)
		return;
	sqlite3_close(db->db);
	free(db->path);
	for (size_t i = 0; i < db->noverlays; i++)
		free(db->overlays[i]);
	free(db->overlays);
	free(db);
}

#define FAMILY_COLUMNS							\
	"f.id, f.vendor_id, v.name, f.name, f.series, f.variant, "	\
	"f.segment, f.aliases, f.form_factors, f.nvme_version, f.ports, " \
	"f.nand, f.security, f.source_id, f.notes, f.pcie_gen, "	\
	"f.pcie_lanes, f.warranty_years, f.plp, f.has_spec_sheet, "	\
	"f.test_only, f.dwpd, f.mttf_hours, " SPECDB_ORIGIN_SQL("family", "f")

/* Fill a family from a row selected with FAMILY_COLUMNS. */
static void
family_from_row(struct arena *a, sqlite3_stmt *st, struct spec_family *f)
{
	memset(f, 0, sizeof *f);
	f->id = col_text(a, st, 0);
	f->vendor_id = col_text(a, st, 1);
	f->vendor = col_text(a, st, 2);
	f->name = col_text(a, st, 3);
	f->series = col_text(a, st, 4);
	f->variant = col_text(a, st, 5);
	f->segment = col_text(a, st, 6);
	f->aliases = col_text(a, st, 7);
	f->form_factors = col_text(a, st, 8);
	f->nvme_version = col_text(a, st, 9);
	f->ports = col_text(a, st, 10);
	f->nand = col_text(a, st, 11);
	f->security = col_text(a, st, 12);
	f->source_id = col_text(a, st, 13);
	f->notes = col_text(a, st, 14);
	f->pcie_gen = col_int(st, 15);
	f->pcie_lanes = col_int(st, 16);
	f->warranty_years = col_int(st, 17);
	f->plp = col_int(st, 18);
	f->has_spec_sheet = col_int(st, 19);
	f->test_only = col_int(st, 20);
	f->dwpd = col_real(st, 21);
	f->mttf_hours = sqlite3_column_type(st, 22) == SQLITE_NULL
			    ? -1 : sqlite3_column_int64(st, 22);
	f->origin = col_text(a, st, 23);
	f->best_seq_read = f->best_seq_write = NAN;
	f->best_rand_read = f->best_rand_write = NAN;
}

/* Find a family in an array by id. */
static struct spec_family *
family_find(struct spec_family *fam, size_t n, const char *id)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(fam[i].id, id) == 0)
			return &fam[i];
	return NULL;
}

/* Attach drives and their SKUs to an array of families. */
static int
families_attach_drives(struct specdb *db, struct arena *a,
		       struct spec_family *fam, size_t nfam, struct dd_error *err)
{
	sqlite3_stmt	   *st;
	size_t		   *cap;
	int		    rc;

	if (db_prepare(db,
		       "SELECT d.id, d.family_id, d.capacity_gb, d.form_factor, "
		       "d.nand, d.notes, d.dwpd, "
		       "(SELECT COUNT(*) FROM measurement m WHERE m.drive_id = d.id), "
		       SPECDB_ORIGIN_SQL("drive", "d") " "
		       "FROM drive d ORDER BY d.family_id, d.capacity_gb, d.form_factor",
		       &st, err) < 0)
		return err ? err->code : -EIO;
	cap = arena_alloc(a, sizeof *cap * (nfam + 1));
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		const char	   *fid = (const char *)sqlite3_column_text(st, 1);
		struct spec_family *f = family_find(fam, nfam, fid);
		struct spec_drive  *d;
		size_t		    k;

		if (f == NULL)
			continue;
		k = (size_t)(f - fam);
		if (f->ndrives == cap[k]) {
			cap[k] = cap[k] ? cap[k] * 2 : 8;
			f->drives = arena_grow(a, f->drives, sizeof *f->drives,
					       f->ndrives, cap[k]);
		}
		d = &f->drives[f->ndrives++];
		d->id = col_text(a, st, 0);
		d->family_id = f->id;
		d->capacity_gb = col_real(st, 2);
		d->form_factor = col_text(a, st, 3);
		d->nand = col_text(a, st, 4);
		d->notes = col_text(a, st, 5);
		d->dwpd = col_real(st, 6);
		d->nmeasurements = (size_t)sqlite3_column_int64(st, 7);
		d->origin = col_text(a, st, 8);
		f->nmeasurements += d->nmeasurements;
	}
	if (rc != SQLITE_DONE)
		return db_step_error(db, st, err);
	sqlite3_finalize(st);

	if (db_prepare(db,
		       "SELECT s.model, s.drive_id, s.kind, s.option, s.status, "
		       "s.source_id, s.notes, d.family_id, "
		       SPECDB_ORIGIN_SQL("sku", "s") " FROM sku s "
		       "JOIN drive d ON d.id = s.drive_id "
		       "ORDER BY s.drive_id, s.kind, s.model", &st, err) < 0)
		return err ? err->code : -EIO;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		const char	   *fid = (const char *)sqlite3_column_text(st, 7);
		const char	   *did = (const char *)sqlite3_column_text(st, 1);
		struct spec_family *f = family_find(fam, nfam, fid);
		struct spec_sku	   *s;

		if (f == NULL)
			continue;
		for (size_t i = 0; i < f->ndrives; i++) {
			struct spec_drive *d = &f->drives[i];

			if (strcmp(d->id, did) != 0)
				continue;
			/* SKUs arrive grouped by drive: grow one at a time. */
			d->skus = arena_grow(a, d->skus, sizeof *d->skus,
					     d->nskus, d->nskus + 1);
			s = &d->skus[d->nskus++];
			s->model = col_text(a, st, 0);
			s->drive_id = d->id;
			s->kind = col_text(a, st, 2);
			s->option = col_text(a, st, 3);
			s->status = col_text(a, st, 4);
			s->source_id = col_text(a, st, 5);
			s->notes = col_text(a, st, 6);
			s->origin = col_text(a, st, 8);
			break;
		}
	}
	if (rc != SQLITE_DONE)
		return db_step_error(db, st, err);
	sqlite3_finalize(st);
	return 0;
}

/* Fill each family's headline figures and figure counts. */
static int
families_attach_best(struct specdb *db, struct spec_family *fam, size_t nfam,
		     struct dd_error *err)
{
	sqlite3_stmt *st;
	int	      rc;

	if (db_prepare(db,
		       "SELECT s.family_id, s.metric_id, MAX(s.value * u.to_base) "
		       "FROM spec s JOIN unit u ON u.id = s.unit_id "
		       "WHERE s.preferred = 1 AND s.metric_id IN "
		       "('seq_read','seq_write','rand_read','rand_write') "
		       "AND (s.block_size IS NULL OR s.block_size IN (4096, 131072)) "
		       "GROUP BY s.family_id, s.metric_id", &st, err) < 0)
		return err ? err->code : -EIO;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		struct spec_family *f = family_find(
			fam, nfam, (const char *)sqlite3_column_text(st, 0));
		const char *m = (const char *)sqlite3_column_text(st, 1);
		double	    v = sqlite3_column_double(st, 2);

		if (f == NULL)
			continue;
		if (strcmp(m, "seq_read") == 0)
			f->best_seq_read = v;
		else if (strcmp(m, "seq_write") == 0)
			f->best_seq_write = v;
		else if (strcmp(m, "rand_read") == 0)
			f->best_rand_read = v;
		else
			f->best_rand_write = v;
	}
	if (rc != SQLITE_DONE)
		return db_step_error(db, st, err);
	sqlite3_finalize(st);

	if (db_prepare(db, "SELECT family_id, COUNT(*) FROM spec GROUP BY family_id",
		       &st, err) < 0)
		return err ? err->code : -EIO;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		struct spec_family *f = family_find(
			fam, nfam, (const char *)sqlite3_column_text(st, 0));

		if (f != NULL)
			f->nfigures = (size_t)sqlite3_column_int64(st, 1);
	}
	if (rc != SQLITE_DONE)
		return db_step_error(db, st, err);
	sqlite3_finalize(st);
	return 0;
}

/* Load families matching an optional id. */
static int
families_load(struct specdb *db, const char *only_id, struct arena *a,
	      struct spec_family **out, size_t *n, struct dd_error *err)
{
	sqlite3_stmt	   *st;
	struct spec_family *fam = NULL;
	size_t		    nfam = 0, cap = 0;
	int		    rc;

	*out = NULL;
	*n = 0;
	if (db_prepare(db,
		       "SELECT " FAMILY_COLUMNS " FROM family f "
		       "JOIN vendor v ON v.id = f.vendor_id "
		       "WHERE ?1 IS NULL OR f.id = ?1 "
		       "ORDER BY v.name COLLATE NOCASE, f.name COLLATE NOCASE",
		       &st, err) < 0)
		return err ? err->code : -EIO;
	if (only_id != NULL)
		sqlite3_bind_text(st, 1, only_id, -1, SQLITE_STATIC);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		if (nfam == cap) {
			cap = cap ? cap * 2 : 32;
			fam = arena_grow(a, fam, sizeof *fam, nfam, cap);
		}
		family_from_row(a, st, &fam[nfam++]);
	}
	if (rc != SQLITE_DONE)
		return db_step_error(db, st, err);
	sqlite3_finalize(st);

	rc = families_attach_drives(db, a, fam, nfam, err);
	if (rc == 0)
		rc = families_attach_best(db, fam, nfam, err);
	if (rc < 0)
		return rc;
	*out = fam;
	*n = nfam;
	return 0;
}

/* Every family with drives and SKUs. */
int
specdb_families(struct specdb *db, struct arena *a, struct spec_family **out,
		size_t *n, struct dd_error *err)
{
	return families_load(db, NULL, a, out, n, err);
}

/* The unit table. */
int
specdb_units(struct specdb *db, struct arena *a, struct spec_unit **out, size_t *n,
	     struct dd_error *err)
{
	sqlite3_stmt *st;
	size_t	      cap = 0;
	int	      rc;

	*out = NULL;
	*n = 0;
	if (db_prepare(db, "SELECT id, dimension, to_base FROM unit ORDER BY id", &st, err) < 0)
		return err ? err->code : -EIO;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		struct spec_unit *u;

		if (*n == cap) {
			cap = cap ? cap * 2 : 32;
			*out = arena_grow(a, *out, sizeof **out, *n, cap);
		}
		u = &(*out)[(*n)++];
		u->id = col_text(a, st, 0);
		u->dimension = col_text(a, st, 1);
		u->to_base = col_real(st, 2);
	}
	if (rc != SQLITE_DONE)
		return db_step_error(db, st, err);
	sqlite3_finalize(st);
	return 0;
}

/* Lowercase, letters and digits only. */
void
specdb_squeeze(const char *in, char *out, size_t outlen)
{
	size_t j = 0;

	if (outlen == 0)
		return;
	for (; in != NULL && *in != '\0' && j + 1 < outlen; in++) {
		unsigned char c = (unsigned char)*in;

		if (c >= 'A' && c <= 'Z')
			out[j++] = (char)(c - 'A' + 'a');
		else if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'))
			out[j++] = (char)c;
	}
	out[j] = '\0';
}

/* A family by id. */
const struct spec_family *
specdb_find_family(const struct spec_family *fams, size_t nfams, const char *family_id)
{
	for (size_t i = 0; family_id != NULL && i < nfams; i++)
		if (strcmp(fams[i].id, family_id) == 0)
			return &fams[i];
	return NULL;
}

/* The family of a capacity point. */
const struct spec_family *
specdb_find_drive(const struct spec_family *fams, size_t nfams, const char *drive_id,
		  const struct spec_drive **d)
{
	for (size_t i = 0; drive_id != NULL && i < nfams; i++)
		for (size_t k = 0; k < fams[i].ndrives; k++)
			if (strcmp(fams[i].drives[k].id, drive_id) == 0) {
				if (d != NULL)
					*d = &fams[i].drives[k];
				return &fams[i];
			}
	return NULL;
}

/* A drive's label. */
char *
specdb_drive_label(const struct spec_family *f, const struct spec_drive *d, bool with_vendor,
		   char *buf, size_t len)
{
	char cap[32];

	snprintf(buf, len, "%s%s%s%s%s", with_vendor ? f->vendor : "", with_vendor ? " " : "",
		 f->name, d != NULL ? " " : "",
		 d != NULL ? fmt_capacity(d->capacity_gb, cap, sizeof cap) : "");
	return buf;
}

/* Load the sources that a sheet cites. */
static int
sheet_load_sources(struct specdb *db, struct arena *a, struct spec_sheet *sh,
		   struct dd_error *err)
{
	sqlite3_stmt *st;
	size_t	      cap = 0;
	int	      rc;

	if (db_prepare(db,
		       "SELECT id, kind, title, publisher, language, file, url, "
		       "published, testbed, method, notes, "
		       SPECDB_ORIGIN_SQL("source", "source") " FROM source WHERE id IN ("
		       " SELECT source_id FROM spec WHERE family_id = ?1"
		       "  AND (?2 IS NULL OR drive_id IS NULL OR drive_id = ?2)"
		       " UNION SELECT m.source_id FROM measurement m"
		       "  JOIN drive d ON d.id = m.drive_id WHERE d.family_id = ?1"
		       "  AND (?2 IS NULL OR m.drive_id = ?2)"
		       " UNION SELECT s.source_id FROM sku s JOIN drive d"
		       "  ON d.id = s.drive_id WHERE d.family_id = ?1"
		       " UNION SELECT source_id FROM family WHERE id = ?1)"
		       " ORDER BY id", &st, err) < 0)
		return err ? err->code : -EIO;
	sqlite3_bind_text(st, 1, sh->family.id, -1, SQLITE_STATIC);
	if (sh->only_drive != NULL)
		sqlite3_bind_text(st, 2, sh->only_drive, -1, SQLITE_STATIC);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		struct spec_source *s;

		if (sh->nsources == cap) {
			cap = cap ? cap * 2 : 8;
			sh->sources = arena_grow(a, sh->sources, sizeof *sh->sources,
						 sh->nsources, cap);
		}
		s = &sh->sources[sh->nsources++];
		s->id = col_text(a, st, 0);
		s->kind = col_text(a, st, 1);
		s->title = col_text(a, st, 2);
		s->publisher = col_text(a, st, 3);
		s->language = col_text(a, st, 4);
		s->file = col_text(a, st, 5);
		s->url = col_text(a, st, 6);
		s->published = col_text(a, st, 7);
		s->testbed = col_text(a, st, 8);
		s->method = col_text(a, st, 9);
		s->notes = col_text(a, st, 10);
		s->origin = col_text(a, st, 11);
	}
	if (rc != SQLITE_DONE)
		return db_step_error(db, st, err);
	sqlite3_finalize(st);
	return 0;
}

/* Load spec figures for a sheet, in metric order then capacity. */
static int
sheet_load_figures(struct specdb *db, struct arena *a, struct spec_sheet *sh,
		   struct dd_error *err)
{
	sqlite3_stmt *st;
	size_t	      cap = 0;
	int	      rc;

	if (db_prepare(db,
		       "SELECT s.family_id, s.drive_id, s.metric_id, m.name, s.qual, "
		       "s.unit_id, s.conditions, s.source_id, s.confidence, s.notes, "
		       "s.value, s.value_hi, s.block_size, s.iodepth, s.numjobs, "
		       "s.read_pct, s.preferred, u.dimension, s.value * u.to_base, "
		       "s.value_hi * u.to_base, " SPECDB_ORIGIN_SQL("spec", "s")
		       " FROM spec s "
		       "JOIN metric m ON m.id = s.metric_id "
		       "JOIN unit u ON u.id = s.unit_id "
		       "LEFT JOIN drive d ON d.id = s.drive_id "
		       "WHERE s.family_id = ?1 "
		       "AND (?2 IS NULL OR s.drive_id IS NULL OR s.drive_id = ?2) "
		       "ORDER BY m.rowid, s.block_size, s.read_pct, s.conditions, "
		       "s.preferred DESC, d.capacity_gb, s.source_id, s.id",
		       &st, err) < 0)
		return err ? err->code : -EIO;
	sqlite3_bind_text(st, 1, sh->family.id, -1, SQLITE_STATIC);
	if (sh->only_drive != NULL)
		sqlite3_bind_text(st, 2, sh->only_drive, -1, SQLITE_STATIC);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		struct spec_figure *f;

		if (sh->nfigures == cap) {
			cap = cap ? cap * 2 : 32;
			sh->figures = arena_grow(a, sh->figures, sizeof *sh->figures,
						 sh->nfigures, cap);
		}
		f = &sh->figures[sh->nfigures++];
		f->family_id = col_text(a, st, 0);
		f->drive_id = col_text(a, st, 1);
		f->metric_id = col_text(a, st, 2);
		f->metric_name = col_text(a, st, 3);
		f->qual = col_text(a, st, 4);
		f->unit_id = col_text(a, st, 5);
		f->conditions = col_text(a, st, 6);
		f->source_id = col_text(a, st, 7);
		f->confidence = col_text(a, st, 8);
		f->notes = col_text(a, st, 9);
		f->value = col_real(st, 10);
		f->value_hi = col_real(st, 11);
		f->block_size = col_int(st, 12);
		f->iodepth = col_int(st, 13);
		f->numjobs = col_int(st, 14);
		f->read_pct = col_int(st, 15);
		f->preferred = col_int(st, 16);
		f->tolerance = NAN;
		f->runtime_s = -1;
		f->dimension = col_text(a, st, 17);
		f->base = col_real(st, 18);
		f->base_hi = col_real(st, 19);
		f->origin = col_text(a, st, 20);
	}
	if (rc != SQLITE_DONE)
		return db_step_error(db, st, err);
	sqlite3_finalize(st);
	return 0;
}

/* Load a sheet's published measurements, grouped by source and benchmark. */
static int
sheet_load_measurements(struct specdb *db, struct arena *a,
			struct spec_sheet *sh, struct dd_error *err)
{
	sqlite3_stmt *st;
	size_t	      cap = 0;
	int	      rc;

	if (db_prepare(db,
		       "SELECT m.source_id, m.drive_id, m.benchmark, m.phase, "
		       "m.workload, m.metric_id, mt.name, m.qual, m.unit_id, "
		       "m.label, m.notes, m.value, m.value_hi, m.block_size, "
		       "m.iodepth, m.numjobs, m.threads, m.read_pct, m.pass, "
		       "u.dimension, m.value * u.to_base, m.value_hi * u.to_base, "
		       "m.checkpoint, " SPECDB_ORIGIN_SQL("measurement", "m") " "
		       "FROM measurement m JOIN drive d ON d.id = m.drive_id "
		       "JOIN metric mt ON mt.id = m.metric_id "
		       "JOIN unit u ON u.id = m.unit_id "
		       "WHERE d.family_id = ?1 AND (?2 IS NULL OR m.drive_id = ?2) "
		       "ORDER BY m.benchmark, m.source_id, m.label, d.capacity_gb, "
		       "m.id", &st, err) < 0)
		return err ? err->code : -EIO;
	sqlite3_bind_text(st, 1, sh->family.id, -1, SQLITE_STATIC);
	if (sh->only_drive != NULL)
		sqlite3_bind_text(st, 2, sh->only_drive, -1, SQLITE_STATIC);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		struct spec_measurement *m;

		if (sh->nmeasurements == cap) {
			cap = cap ? cap * 2 : 64;
			sh->measurements = arena_grow(a, sh->measurements,
						      sizeof *sh->measurements,
						      sh->nmeasurements, cap);
		}
		m = &sh->measurements[sh->nmeasurements++];
		m->source_id = col_text(a, st, 0);
		m->drive_id = col_text(a, st, 1);
		m->benchmark = col_text(a, st, 2);
		m->phase = col_text(a, st, 3);
		m->workload = col_text(a, st, 4);
		m->metric_id = col_text(a, st, 5);
		m->metric_name = col_text(a, st, 6);
		m->qual = col_text(a, st, 7);
		m->unit_id = col_text(a, st, 8);
		m->label = col_text(a, st, 9);
		m->notes = col_text(a, st, 10);
		m->value = col_real(st, 11);
		m->value_hi = col_real(st, 12);
		m->block_size = col_int(st, 13);
		m->iodepth = col_int(st, 14);
		m->numjobs = col_int(st, 15);
		m->threads = col_int(st, 16);
		m->read_pct = col_int(st, 17);
		m->pass = col_int(st, 18);
		m->checkpoint = col_int(st, 22);
		m->dimension = col_text(a, st, 19);
		m->base = col_real(st, 20);
		m->base_hi = col_real(st, 21);
		m->origin = col_text(a, st, 23);
	}
	if (rc != SQLITE_DONE)
		return db_step_error(db, st, err);
	sqlite3_finalize(st);
	return 0;
}

/* Load a family's sheet, optionally for one capacity point. */
int
specdb_sheet(struct specdb *db, const char *family_id, const char *drive_id,
	     struct arena *a, struct spec_sheet *out, struct dd_error *err)
{
	struct spec_family *fam;
	size_t		    nfam;
	int		    rc;

	memset(out, 0, sizeof *out);
	rc = families_load(db, family_id, a, &fam, &nfam, err);
	if (rc < 0)
		return rc;
	if (nfam != 1)
		return dd_error_set(err, -ENOENT, "no drive family '%s' in %s",
				    family_id, db->path);
	out->family = fam[0];
	if (drive_id != NULL) {
		size_t i;

		for (i = 0; i < out->family.ndrives; i++)
			if (strcmp(out->family.drives[i].id, drive_id) == 0)
				break;
		if (i == out->family.ndrives)
			return dd_error_set(err, -ENOENT,
					    "no capacity point '%s' in family '%s'",
					    drive_id, family_id);
		out->only_drive = out->family.drives[i].id;
	}
	rc = sheet_load_figures(db, a, out, err);
	if (rc == 0)
		rc = sheet_load_measurements(db, a, out, err);
	if (rc == 0)
		rc = sheet_load_sources(db, a, out, err);
	return rc;
}
