/*
 * Small helpers the cmocka tests share (include after <cmocka.h>).
 */
#ifndef DD_TEST_HELPERS_H
#define DD_TEST_HELPERS_H

#include <stdio.h>

/* Write text to dir/name, its path made in buf (dir NULL: to the path name
 * itself; buf may then be NULL), failing the test on any error; returns the
 * path. */
static inline const char *
test_write_file(const char *dir, const char *name, const char *text, char *buf, size_t len)
{
	const char *path = name;
	FILE	   *f;

	if (dir != NULL) {
		snprintf(buf, len, "%s/%s", dir, name);
		path = buf;
	}
	f = fopen(path, "w");
	assert_non_null(f);
	assert_int_equal(fputs(text, f) >= 0, 1);
	assert_int_equal(fclose(f), 0);
	return path;
}

#endif
