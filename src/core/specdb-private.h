/*
 * The specs database's private parts, shared by the files that speak SQL to
 * it (core/specdb.c: open and queries; core/specdb-overlay.c: the lab's
 * overlay, dump; core/specdb-check.c: the consistency rules; and
 * core/specdb-query.c: typed queries).  Nothing outside src/core/specdb*.c
 * includes it (tests/layers.sh keeps sqlite there).
 */
#ifndef DD_SPECDB_PRIVATE_H
#define DD_SPECDB_PRIVATE_H

#include <sqlite3.h>

#include "specdb.h"

struct specdb {
	sqlite3	 *db;
	char	 *path;
	char	**overlays;	/* overlay files loaded, in order (malloc'd) */
	size_t	  noverlays;
};

/* Where an overlay row comes from: the file and line of the statement that
 * inserted row rowid of table tbl.  Returns 1 and sets *file and *line for an
 * overlay row, 0 for a bundled one (core/specdb-overlay.c keeps the map). */
int specdb_origin(struct specdb *db, const char *tbl, long long rowid, const char **file,
		  int *line);

#endif
