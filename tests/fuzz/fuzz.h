/*
 * Helpers the libFuzzer targets in tests/fuzz/ share.  Each target is one
 * LLVMFuzzerTestOneInput() over one parser; libFuzzer hands it arbitrary
 * bytes, and these turn them into the C strings the parsers take.  Built only
 * with ./configure CC=clang --enable-fuzzing (`make fuzz`); see README.md.
 */
#ifndef DD_FUZZ_H
#define DD_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

/* A malloc'd NUL-terminated copy of the input (embedded NULs kept: C string
 * parsers see the text up to the first one); abort() if out of memory. */
static inline char *
fuzz_strndup(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1);

	if (s == NULL)
		abort();
	memcpy(s, data, size);
	s[size] = '\0';
	return s;
}

/* Abort (a crash libFuzzer reports) when an invariant of a parser's output
 * does not hold: asserts vanish under -DNDEBUG, this does not. */
#define FUZZ_CHECK(cond)						\
	do {								\
		if (!(cond)) {						\
			fprintf(stderr, "%s:%d: check failed: %s\n",	\
				__FILE__, __LINE__, #cond);		\
			abort();					\
		}							\
	} while (0)

#endif
