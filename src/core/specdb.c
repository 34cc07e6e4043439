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
	char	       byfd[32];
	int	       rc, fd, version = -1;

	*out = NULL;
	/* sqlite opens by name and would block on a FIFO: the file is opened
	 * and judged here, and sqlite opens that same file through
	 * /proc/self/fd (a FIFO swapped in after the check is never opened);
	 * by name only where /proc is missing. */
	if ((fd = file_open_regular("database", path, err)) < 0)
		return fd;
	snprintf(byfd, sizeof byfd, "/proc/self/fd/%d", fd);

	db = calloc(1, sizeof *db);
	if (db == NULL) {
		close(fd);
		return dd_error_set(err, -ENOMEM, "out of memory");
	}
	db->path = strdup(path);
	rc = sqlite3_open_v2(access(byfd, R_OK) == 0 ? byfd : path, &db->db,
			     SQLITE_OPEN_READONLY, NULL);
	close(fd);		/* sqlite holds its own descriptor now */
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
		       "d.source_id, " SPECDB_ORIGIN_SQL("drive", "d") " "
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
		d->source_id = col_text(a, st, 8);
		d->origin = col_text(a, st, 9);
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

/*
 * The list headline compares like with like: one capacity point per family,
 * every headline figure (128K-class sequential read and write MB/s, 4K random
 * read and write IOPS) from that point.  A headline row is a preferred spec
 * figure of the metric, sequential at a block size of 128K or more (some
 * sheets state 256K) or none stated, random at 4K or none stated.  A point's
 * own row beats a family-wide one; among rows of one kind the better grade,
 * then the higher value.  The point: the most headline figures, counting its
 * own rows first and family-wide ones second; ties go to a reviewed point,
 * then to the capacity nearest 7.68 TB (the class most reviews test).  A
 * family whose chosen point has no row of its own (every figure family-wide,
 * as the 7400 PRO's "family maximum" rows) has no headline point: its
 * figures are the family's, not one capacity's.
 *
 * Every point also gets its own headline figures (spec_drive.head): its own
 * rows, else the family-wide ones, never another point's, so a table row of
 * a capacity point shows that point's figures or says where they are from.
 */
struct headline_row {
	size_t	    fam;	/* index into the family array */
	const char *drive_id;	/* NULL: family-wide */
	int	    metric;	/* 0..3: seq_read, seq_write, rand_read, rand_write */
	double	    value;	/* base unit */
	double	    value_hi;	/* base unit, NAN none */
	const char *qual;
	char	    grade;	/* 'A'..'C' */
};

/* One point's headline figures (d NULL: family-wide rows only). */
struct headline_pick {
	const struct headline_row *row[SPEC_HEAD_N];	/* NULL: none */
	int			   own, have;
};

static const char *const headline_metrics[SPEC_HEAD_N] = {
	"seq_read", "seq_write", "rand_read", "rand_write",
};

/* Is row r a better headline figure than the one held (NULL: none)? */
static bool
headline_better(const struct headline_row *r, const struct headline_row *held)
{
	if (held == NULL)
		return true;
	if (r->grade != held->grade)
		return r->grade < held->grade;
	return r->value > held->value;
}

/* The headline figures of point d of family k (d NULL: family-wide). */
static void
headline_of(const struct headline_row *rows, size_t n, size_t k, const struct spec_drive *d,
	    struct headline_pick *p)
{
	const struct headline_row *own[SPEC_HEAD_N] = { 0 }, *fam[SPEC_HEAD_N] = { 0 };

	for (size_t i = 0; i < n; i++) {
		const struct headline_row *r = &rows[i];
		int			   m = r->metric;

		if (r->fam != k)
			continue;
		if (r->drive_id == NULL && headline_better(r, fam[m]))
			fam[m] = r;
		else if (r->drive_id != NULL && d != NULL && strcmp(r->drive_id, d->id) == 0 &&
			 headline_better(r, own[m]))
			own[m] = r;
	}
	p->own = p->have = 0;
	for (int m = 0; m < SPEC_HEAD_N; m++) {
		p->row[m] = own[m] != NULL ? own[m] : fam[m];
		p->own += own[m] != NULL;
		p->have += p->row[m] != NULL;
	}
}

/* Does point a make a better headline than point b (see above)? */
static bool
headline_point_better(const struct spec_drive *a, const struct headline_pick *pa,
		      const struct spec_drive *b, const struct headline_pick *pb)
{
	if (pa->have != pb->have)
		return pa->have > pb->have;
	if (pa->own != pb->own)
		return pa->own > pb->own;
	if ((a->nmeasurements > 0) != (b->nmeasurements > 0))
		return a->nmeasurements > 0;
	return fabs(log(a->capacity_gb / 7680.0)) < fabs(log(b->capacity_gb / 7680.0));
}

/* Copy a pick's rows into headline figures. */
static void
headline_fill(struct spec_headfig *h, const struct headline_pick *p)
{
	for (int m = 0; m < SPEC_HEAD_N; m++) {
		const struct headline_row *r = p->row[m];

		h[m].value = r != NULL ? r->value : NAN;
		h[m].value_hi = r != NULL ? r->value_hi : NAN;
		h[m].qual = r != NULL ? r->qual : NULL;
		h[m].drive_id = r != NULL ? r->drive_id : NULL;
	}
}

/* Choose a family's headline point and fill its best_* figures, and each
 * point's own headline figures. */
static void
headline_choose(struct spec_family *f, size_t k, const struct headline_row *rows, size_t n)
{
	struct headline_pick best, p;

	headline_of(rows, n, k, NULL, &best);
	f->headline = NULL;
	for (size_t i = 0; i < f->ndrives; i++) {
		headline_of(rows, n, k, &f->drives[i], &p);
		headline_fill(f->drives[i].head, &p);
		if (p.have > 0 && (f->headline == NULL ||
				   headline_point_better(&f->drives[i], &p, f->headline, &best))) {
			f->headline = &f->drives[i];
			best = p;
		}
	}
	if (f->headline != NULL && best.own == 0)
		f->headline = NULL;	/* every figure family-wide: no point's */
	headline_fill(f->head, &best);
	f->best_seq_read = f->head[SPEC_HEAD_SEQ_READ].value;
	f->best_seq_write = f->head[SPEC_HEAD_SEQ_WRITE].value;
	f->best_rand_read = f->head[SPEC_HEAD_RAND_READ].value;
	f->best_rand_write = f->head[SPEC_HEAD_RAND_WRITE].value;
}

/* Load every headline row of the database (see above). */
static int
headline_load(struct specdb *db, struct arena *a, struct spec_family *fam, size_t nfam,
	      struct headline_row **out, size_t *n, struct dd_error *err)
{
	sqlite3_stmt *st;
	size_t	      cap = 0;
	int	      rc;

	*out = NULL;
	*n = 0;
	if (db_prepare(db,
		       "SELECT s.family_id, s.drive_id, s.metric_id, s.value * u.to_base, "
		       "s.confidence, s.value_hi * u.to_base, s.qual "
		       "FROM spec s JOIN unit u ON u.id = s.unit_id "
		       "WHERE s.preferred = 1 AND ("
		       " (s.metric_id IN ('seq_read','seq_write') AND"
		       "  (s.block_size IS NULL OR s.block_size >= 131072)) OR"
		       " (s.metric_id IN ('rand_read','rand_write') AND"
		       "  (s.block_size IS NULL OR s.block_size = 4096)))", &st, err) < 0)
		return err ? err->code : -EIO;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		struct spec_family  *f = family_find(fam, nfam,
						     (const char *)sqlite3_column_text(st, 0));
		const char	    *m = (const char *)sqlite3_column_text(st, 2);
		const char	    *g = (const char *)sqlite3_column_text(st, 4);
		struct headline_row *r;

		if (f == NULL)
			continue;
		if (*n == cap) {
			cap = cap ? cap * 2 : 64;
			*out = arena_grow(a, *out, sizeof **out, *n, cap);
		}
		r = &(*out)[(*n)++];
		r->fam = (size_t)(f - fam);
		r->drive_id = col_text(a, st, 1);
		r->metric = 0;
		for (int i = 0; i < SPEC_HEAD_N; i++)
			if (strcmp(m, headline_metrics[i]) == 0)
				r->metric = i;
		r->value = sqlite3_column_double(st, 3);
		r->value_hi = col_real(st, 5);
		r->qual = col_text(a, st, 6);
		r->grade = g != NULL ? g[0] : 'C';
	}
	if (rc != SQLITE_DONE)
		return db_step_error(db, st, err);
	sqlite3_finalize(st);
	return 0;
}

/* Fill each family's headline figures and figure counts. */
static int
families_attach_best(struct specdb *db, struct arena *a, struct spec_family *fam, size_t nfam,
		     struct dd_error *err)
{
	struct headline_row *rows;
	sqlite3_stmt	    *st;
	size_t		     nrows;
	int		     rc;

	rc = headline_load(db, a, fam, nfam, &rows, &nrows, err);
	if (rc < 0)
		return rc;
	for (size_t k = 0; k < nfam; k++)
		headline_choose(&fam[k], k, rows, nrows);

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
		rc = families_attach_best(db, a, fam, nfam, err);
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
		       "published, testbed, method, notes, name, "
		       SPECDB_ORIGIN_SQL("source", "source") " FROM source WHERE id IN ("
		       " SELECT source_id FROM spec WHERE family_id = ?1"
		       "  AND (?2 IS NULL OR drive_id IS NULL OR drive_id = ?2)"
		       " UNION SELECT m.source_id FROM measurement m"
		       "  JOIN drive d ON d.id = m.drive_id WHERE d.family_id = ?1"
		       "  AND (?2 IS NULL OR m.drive_id = ?2)"
		       " UNION SELECT s.source_id FROM sku s JOIN drive d"
		       "  ON d.id = s.drive_id WHERE d.family_id = ?1"
		       " UNION SELECT source_id FROM drive WHERE family_id = ?1"
		       "  AND (?2 IS NULL OR id = ?2)"
		       " UNION SELECT source_id FROM family WHERE id = ?1"
		       " UNION SELECT source_id FROM target WHERE family_id = ?1"
		       "  AND (?2 IS NULL OR drive_id IS NULL OR drive_id = ?2))"
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
		s->name = col_text(a, st, 11);
		s->origin = col_text(a, st, 12);
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

/* Fill an acceptance target from a row of sheet_load_targets' query. */
static void
sheet_target_from_row(struct arena *a, sqlite3_stmt *st, struct spec_figure *f)
{
	memset(f, 0, sizeof *f);
	f->family_id = col_text(a, st, 0);
	f->drive_id = col_text(a, st, 1);
	f->metric_id = col_text(a, st, 2);
	f->metric_name = col_text(a, st, 3);
	f->qual = col_text(a, st, 4);
	f->unit_id = col_text(a, st, 5);
	f->conditions = col_text(a, st, 6);
	f->source_id = col_text(a, st, 7);
	f->notes = col_text(a, st, 8);
	f->value = col_real(st, 9);
	f->value_hi = NAN;
	f->block_size = col_int(st, 10);
	f->iodepth = col_int(st, 11);
	f->numjobs = col_int(st, 12);
	f->read_pct = col_int(st, 13);
	f->runtime_s = col_int(st, 14);
	f->tolerance = col_real(st, 15) / 100;
	f->dimension = col_text(a, st, 16);
	f->base = col_real(st, 17);
	f->base_hi = NAN;
	f->preferred = 1;
	f->is_target = true;
	f->origin = col_text(a, st, 18);
}

/*
 * Load a sheet's acceptance targets (table target, the lab's overlay),
 * narrowed as the figures are: family-wide targets plus the capacity
 * point's own (their sources come with sheet_load_sources').  Values
 * convert through the unit table; tolerance_pct becomes a fraction.
 */
static int
sheet_load_targets(struct specdb *db, struct arena *a, struct spec_sheet *sh,
		   struct dd_error *err)
{
	sqlite3_stmt *st;
	size_t	      cap = 0;
	int	      rc;

	if (db_prepare(db,
		       "SELECT t.family_id, t.drive_id, t.metric_id, m.name, t.qual, "
		       "t.unit_id, t.conditions, t.source_id, t.notes, t.value, "
		       "t.block_size, t.iodepth, t.numjobs, t.read_pct, t.runtime_s, "
		       "t.tolerance_pct, u.dimension, t.value * u.to_base, "
		       SPECDB_ORIGIN_SQL("target", "t") " FROM target t JOIN metric m ON m.id = t.metric_id "
		       "JOIN unit u ON u.id = t.unit_id "
		       "LEFT JOIN drive d ON d.id = t.drive_id "
		       "WHERE t.family_id = ?1 "
		       "AND (?2 IS NULL OR t.drive_id IS NULL OR t.drive_id = ?2) "
		       "ORDER BY m.rowid, d.capacity_gb, t.block_size, t.iodepth, "
		       "t.numjobs, t.id", &st, err) < 0)
		return err ? err->code : -EIO;
	sqlite3_bind_text(st, 1, sh->family.id, -1, SQLITE_STATIC);
	if (sh->only_drive != NULL)
		sqlite3_bind_text(st, 2, sh->only_drive, -1, SQLITE_STATIC);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		if (sh->ntargets == cap) {
			cap = cap ? cap * 2 : 8;
			sh->targets = arena_grow(a, sh->targets, sizeof *sh->targets,
						 sh->ntargets, cap);
		}
		sheet_target_from_row(a, st, &sh->targets[sh->ntargets++]);
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
	if (rc == 0)
		rc = sheet_load_targets(db, a, out, err);
	return rc;
}

/* The short name of a source: its name, else its title up to the first
 * ": " (a review's headline before its strapline). */
static void
source_short_name(const struct spec_source *s, char *buf, size_t len)
{
	const char *t = s->name != NULL ? s->name : s->title != NULL ? s->title : s->id;
	const char *colon = s->name == NULL && t != NULL ? strstr(t, ": ") : NULL;

	if (colon != NULL)
		snprintf(buf, len, "%.*s", (int)(colon - t), t);
	else
		snprintf(buf, len, "%s", t != NULL ? t : "?");
}

/* A source as a user sees it: "StorageReview, CD9P-R review (de)"; an
 * overlay's own (kind 'lab') "lab: FILE" from its file, else the overlay
 * file it was loaded from. */
char *
specdb_source_label(const struct spec_source *s, char *buf, size_t len)
{
	char name[256], file[256];

	source_short_name(s, name, sizeof name);
	if (s->kind != NULL && strcmp(s->kind, "lab") == 0) {
		const char *f = s->file != NULL ? s->file : s->origin;
		const char *slash = f != NULL ? strrchr(f, '/') : NULL;

		if (f == NULL) {
			snprintf(buf, len, "lab: %s", name);
			return buf;
		}
		snprintf(file, sizeof file, "%s", slash != NULL ? slash + 1 : f);
		/* An origin is "FILE:LINE": the file is enough. */
		if (s->file == NULL && strrchr(file, ':') != NULL)
			*strrchr(file, ':') = '\0';
		snprintf(buf, len, "lab: %s", file);
		return buf;
	}
	snprintf(buf, len, "%s%s%s%s%s%s", s->publisher != NULL ? s->publisher : "",
		 s->publisher != NULL ? ", " : "", name, s->language != NULL ? " (" : "",
		 s->language != NULL ? s->language : "", s->language != NULL ? ")" : "");
	return buf;
}

/* The source id of a sheet's sources; NULL when the sheet does not cite it. */
const struct spec_source *
specdb_sheet_source(const struct spec_sheet *sh, const char *id)
{
	for (size_t i = 0; sh != NULL && id != NULL && i < sh->nsources; i++)
		if (strcmp(sh->sources[i].id, id) == 0)
			return &sh->sources[i];
	return NULL;
}

/* A source id of a sheet as a user sees it (the id itself when the sheet
 * does not cite it; "" for NULL). */
char *
specdb_sheet_source_label(const struct spec_sheet *sh, const char *id, char *buf, size_t len)
{
	const struct spec_source *s = specdb_sheet_source(sh, id);

	if (s != NULL)
		return specdb_source_label(s, buf, len);
	snprintf(buf, len, "%s", id != NULL ? id : "");
	return buf;
}

/* Do two figures state the same thing: metric, capacity point, conditions
 * and value (within 0.5 %)? */
static bool
figure_same_claim(const struct spec_figure *a, const struct spec_figure *b)
{
	double va = isnan(a->base) ? a->value : a->base;
	double vb = isnan(b->base) ? b->value : b->base;
	double ha = isnan(a->base_hi) ? a->value_hi : a->base_hi;
	double hb = isnan(b->base_hi) ? b->value_hi : b->base_hi;

	if (isnan(ha) != isnan(hb) ||
	    (!isnan(ha) && fabs(ha - hb) > 0.005 * fmax(fabs(ha), fabs(hb))))
		return false;

	return strcmp(a->metric_id, b->metric_id) == 0 &&
	       (a->drive_id == NULL) == (b->drive_id == NULL) &&
	       (a->drive_id == NULL || strcmp(a->drive_id, b->drive_id) == 0) &&
	       a->block_size == b->block_size && a->read_pct == b->read_pct &&
	       a->iodepth == b->iodepth && a->numjobs == b->numjobs &&
	       fabs(va - vb) <= 0.005 * fmax(fabs(va), fabs(vb));
}

/* Is a figure's only source grade C: graded C, and no grade A or B row of
 * the sheet states the same figure? */
bool
specdb_figure_grade_c(const struct spec_sheet *sh, const struct spec_figure *f)
{
	if (f->confidence == NULL || strcmp(f->confidence, "C") != 0)
		return false;
	for (size_t i = 0; sh != NULL && i < sh->nfigures; i++) {
		const struct spec_figure *g = &sh->figures[i];

		if (g != f && g->confidence != NULL && strcmp(g->confidence, "C") != 0 &&
		    figure_same_claim(f, g))
			return false;
	}
	return true;
}

/* Is a figure inferred (its note ends ": inferred")? */
bool
specdb_figure_inferred(const struct spec_figure *f)
{
	static const char tail[] = ": inferred";
	size_t		  n = f->notes != NULL ? strlen(f->notes) : 0;

	return n >= sizeof tail - 1 && strcmp(f->notes + n - (sizeof tail - 1), tail) == 0;
}

/* Does any figure of the sheet carry the inferred mark? */
bool
specdb_sheet_any_inferred(const struct spec_sheet *sh)
{
	for (size_t i = 0; i < sh->nfigures; i++)
		if (specdb_figure_inferred(&sh->figures[i]))
			return true;
	return false;
}

/* The marks after a figure's value. */
char *
specdb_figure_marks(const struct spec_sheet *sh, const struct spec_figure *f, char *buf,
		    size_t len)
{
	bool c = specdb_figure_grade_c(sh, f), i = specdb_figure_inferred(f);

	snprintf(buf, len, "%s%s%s%s", c ? " " : "", c ? SPECDB_GRADE_C_MARK : "", i ? " " : "",
		 i ? SPECDB_INFERRED_MARK : "");
	return buf;
}

/* A figure's value with its qualifier, unit (NULL: none, a plain number
 * when exact) and marks. */
char *
specdb_figure_value(const struct spec_sheet *sh, const struct spec_figure *g, const char *unit,
		    char *buf, size_t len)
{
	char val[64], marks[16];

	if (unit == NULL && strcmp(g->qual, "eq") == 0)
		fmt_number(g->value, 2, val, sizeof val);
	else
		fmt_figure(g->qual, g->value, g->value_hi, unit != NULL ? unit : "", val,
			   sizeof val);
	/* fmt_figure leaves a space for the empty unit. */
	if (unit == NULL && val[0] != '\0' && val[strlen(val) - 1] == ' ')
		val[strlen(val) - 1] = '\0';
	snprintf(buf, len, "%s%s", val, specdb_figure_marks(sh, g, marks, sizeof marks));
	return buf;
}

/* A figure's conditions as one phrase: "128K, 70% read, QD32 x4 jobs, typical". */
char *
specdb_conditions_text(int block_size, int read_pct, int iodepth, int numjobs,
		       const char *conditions, char *buf, size_t len)
{
	char   bs[16];
	size_t o = 0;

	buf[0] = '\0';
	if (block_size > 0)
		o += (size_t)snprintf(buf + o, len - o, "%s",
				      fmt_block_size(block_size, bs, sizeof bs));
	if (read_pct >= 0 && o < len)
		o += (size_t)snprintf(buf + o, len - o, "%s%d%% read", o ? ", " : "",
				      read_pct);
	if (iodepth > 0 && o < len)
		o += (size_t)snprintf(buf + o, len - o, "%sQD%d", o ? ", " : "", iodepth);
	if (numjobs > 0 && o < len)
		o += (size_t)snprintf(buf + o, len - o, "%sx%d jobs", o ? " " : "", numjobs);
	if (conditions != NULL && o < len)
		snprintf(buf + o, len - o, "%s%s", o ? ", " : "", conditions);
	return buf;
}

/* Do two figures belong on one row of a table of capacity points? */
bool
specdb_figure_same_row(const struct spec_figure *a, const struct spec_figure *b)
{
	return strcmp(a->metric_id, b->metric_id) == 0 &&
	       a->block_size == b->block_size && a->read_pct == b->read_pct &&
	       a->iodepth == b->iodepth && a->numjobs == b->numjobs &&
	       strcmp(a->unit_id, b->unit_id) == 0 &&
	       strcmp(a->source_id, b->source_id) == 0 &&
	       a->preferred == b->preferred &&
	       ((a->conditions == NULL && b->conditions == NULL) ||
		(a->conditions && b->conditions &&
		 strcmp(a->conditions, b->conditions) == 0));
}

/* The capacity points a sheet shows as columns (specdb.h). */
size_t
specdb_sheet_points(const struct spec_sheet *sh, const struct spec_drive **pts, size_t max)
{
	size_t n = 0;

	for (size_t i = 0; i < sh->family.ndrives && n < max; i++)
		if (sh->only_drive == NULL || strcmp(sh->only_drive, sh->family.drives[i].id) == 0)
			pts[n++] = &sh->family.drives[i];
	return n;
}

/* Is figure i the first of its capacity row (specdb.h)? */
bool
specdb_figure_row_first(const struct spec_sheet *sh, size_t i)
{
	if (sh->figures[i].drive_id == NULL)
		return false;
	for (size_t k = 0; k < i; k++)
		if (sh->figures[k].drive_id != NULL &&
		    specdb_figure_same_row(&sh->figures[k], &sh->figures[i]))
			return false;
	return true;
}

/* Capacity point d's figure on figure i's row (specdb.h). */
const struct spec_figure *
specdb_figure_row_hit(const struct spec_sheet *sh, size_t i, const struct spec_drive *d)
{
	for (size_t j = i; j < sh->nfigures; j++)
		if (sh->figures[j].drive_id != NULL && strcmp(sh->figures[j].drive_id, d->id) == 0 &&
		    specdb_figure_same_row(&sh->figures[j], &sh->figures[i]))
			return &sh->figures[j];
	return NULL;
}

/* The depth, threads or pass a measurement was taken at. */
static char *
measurement_where(const struct spec_measurement *m, char *buf, size_t len)
{
	buf[0] = '\0';
	if (m->iodepth > 0 && m->numjobs > 0)
		snprintf(buf, len, "QD%d x NJ%d", m->iodepth, m->numjobs);
	else if (m->iodepth > 0)
		snprintf(buf, len, "QD%d", m->iodepth);
	else if (m->numjobs > 0)
		snprintf(buf, len, "NJ%d", m->numjobs);
	else if (m->threads > 0)
		snprintf(buf, len, "%d threads", m->threads);
	else if (m->pass > 0 && m->checkpoint > 0)	/* DLIO: a run's checkpoint */
		snprintf(buf, len, "run %d, checkpoint %d", m->pass, m->checkpoint);
	else if (m->checkpoint > 0)
		snprintf(buf, len, "checkpoint %d", m->checkpoint);
	else if (m->pass > 0)
		snprintf(buf, len, "run %d", m->pass);
	return buf;
}

/* Where a measurement was taken, with its mix: "QD32 x NJ16, 70% read". */
char *
specdb_measurement_point(const struct spec_measurement *m, char *buf, size_t len)
{
	measurement_where(m, buf, len);
	if (m->read_pct >= 0) {
		size_t o = strlen(buf);

		snprintf(buf + o, len - o, "%s%d%% read", o ? ", " : "", m->read_pct);
	}
	return buf;
}

/* The capacity of a sheet's capacity point by its id ("7.68 TB"). */
char *
specdb_sheet_capacity(const struct spec_sheet *sh, const char *drive_id, char *buf, size_t len)
{
	const struct spec_drive *d = NULL;

	if (drive_id != NULL && specdb_find_drive(&sh->family, 1, drive_id, &d) != NULL)
		return fmt_capacity(d->capacity_gb, buf, len);
	snprintf(buf, len, "%s", drive_id != NULL ? drive_id : "");
	return buf;
}

/* Is c part of a source id ("seed-000", "sr-9550max")? */
static bool
source_id_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-';
}

/* The sheet's source whose id starts text at p, as a whole token; NULL none. */
static const struct spec_source *
sheet_source_at(const struct spec_sheet *sh, const char *text, const char *p)
{
	if (p > text && source_id_char(p[-1]))
		return NULL;
	for (size_t i = 0; i < sh->nsources; i++) {
		size_t n = strlen(sh->sources[i].id);

		if (strncmp(p, sh->sources[i].id, n) == 0 && !source_id_char(p[n]))
			return &sh->sources[i];
	}
	return NULL;
}

/* Free text of a sheet (a note) with every source id it cites as the
 * source's label: "seed-000 tested this point" reads "StorageReview, KIOXIA
 * CD9P-R review (de) tested this point"; "seed-001/004" names both. */
char *
specdb_sheet_text(const struct spec_sheet *sh, const char *text, char *buf, size_t len)
{
	size_t o = 0;

	if (len == 0)
		return buf;
	for (const char *p = text != NULL ? text : ""; *p != '\0' && o + 1 < len;) {
		const struct spec_source *s = sheet_source_at(sh, text, p);
		char			  label[256], alt[32];

		if (s == NULL) {
			buf[o++] = *p++;
			continue;
		}
		o += (size_t)snprintf(buf + o, len - o, "%s",
				      specdb_source_label(s, label, sizeof label));
		p += strlen(s->id);
		/* "seed-001/004": the second is "seed-004". */
		if (strncmp(s->id, "seed-", 5) == 0 && p[0] == '/' && p[1] >= '0' && p[1] <= '9') {
			snprintf(alt, sizeof alt, "seed-%.3s", p + 1);
			for (size_t i = 0; i < sh->nsources; i++)
				if (strcmp(sh->sources[i].id, alt) == 0 && o < len) {
					o += (size_t)snprintf(buf + o, len - o, " and %s",
							      specdb_source_label(&sh->sources[i],
										  label, sizeof label));
					p += 4;
					break;
				}
		}
		if (o >= len)
			o = len - 1;
	}
	buf[o] = '\0';
	return buf;
}
