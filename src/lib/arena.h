/*
 * A bump allocator for query results: everything a query returns lives in one
 * arena and is freed at once.  Not thread-safe; one owner at a time.
 */
#ifndef DD_ARENA_H
#define DD_ARENA_H

#include <stddef.h>

struct arena_chunk;

struct arena {
	struct arena_chunk *head;
};

/* Allocate n zeroed bytes, aligned for any type; aborts on out-of-memory. */
void *arena_alloc(struct arena *a, size_t n);

/* Copy a string into the arena; NULL stays NULL. */
char *arena_strdup(struct arena *a, const char *s);

/* Grow an arena-backed array of elem-sized items to hold at least want items. */
void *arena_grow(struct arena *a, void *old, size_t elem, size_t have, size_t want);

/* Free everything the arena holds. */
void arena_free(struct arena *a);

#endif
