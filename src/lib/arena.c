/*
 * Bump allocator.  Chunks are linked newest first; a request larger than the
 * default chunk size gets a chunk of its own.  arena_grow copies into a fresh
 * block (the old one stays until arena_free), which is fine for the small
 * result sets this program keeps.
 */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"

#define ARENA_CHUNK_SIZE (64 * 1024)
#define ARENA_ALIGN 16

struct arena_chunk {
	struct arena_chunk *next;
	size_t		    used;
	size_t		    size;
	max_align_t	    data[];
};

/* Allocate n zeroed bytes from the arena. */
void *
arena_alloc(struct arena *a, size_t n)
{
	struct arena_chunk *c = a->head;
	void		   *p;

	n = (n + ARENA_ALIGN - 1) & ~(size_t)(ARENA_ALIGN - 1);
	if (c == NULL || c->size - c->used < n) {
		size_t size = n > ARENA_CHUNK_SIZE ? n : ARENA_CHUNK_SIZE;

		c = calloc(1, sizeof *c + size);
		if (c == NULL) {
			fputs("drivedash: out of memory\n", stderr);
			abort();
		}
		c->size = size;
		c->next = a->head;
		a->head = c;
	}
	p = (char *)c->data + c->used;
	c->used += n;
	return p;
}

/* Copy a string into the arena. */
char *
arena_strdup(struct arena *a, const char *s)
{
	size_t len;
	char  *p;

	if (s == NULL)
		return NULL;
	len = strlen(s);
	p = arena_alloc(a, len + 1);
	memcpy(p, s, len + 1);
	return p;
}

/* Grow an array: returns a block for want items holding the first have. */
void *
arena_grow(struct arena *a, void *old, size_t elem, size_t have, size_t want)
{
	void *p;

	if (want > SIZE_MAX / elem) {
		fputs("drivedash: out of memory\n", stderr);
		abort();
	}
	p = arena_alloc(a, elem * want);
	if (old != NULL && have > 0)
		memcpy(p, old, elem * have);
	return p;
}

/* Free every chunk. */
void
arena_free(struct arena *a)
{
	struct arena_chunk *c = a->head, *next;

	for (; c != NULL; c = next) {
		next = c->next;
		free(c);
	}
	a->head = NULL;
}
