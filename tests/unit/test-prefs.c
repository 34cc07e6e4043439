/*
 * Unit tests for src/core/prefs.c: reading the preferences text (each key,
 * bad lines named by file and line, the good lines kept), and the editor
 * that writes one key back (other lines, comments and order untouched).
 * No file is written: prefs_set's file handling is tests/screens/prefs.sh's.
 */
#include "config.h"

#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "core/prefs.h"

/* Every key, quoted and bare values, comments and blanks. */
static void
test_parse_keys(void **state)
{
	struct prefs	p;
	struct dd_error err = { 0 };

	(void)state;
	assert_int_equal(prefs_parse(&p, "cfg",
				     "# mine\n\ntheme = light\npreset = cdm   # quick\n"
				     "time-scale = 0.25\nsize=4G\nscratch = \"/mnt/a b/dd.dat\"\n",
				     &err), 0);
	assert_string_equal(p.theme, "light");
	assert_string_equal(p.preset, "cdm");
	assert_true(p.time_scale == 0.25);
	assert_true(p.size == 4ull << 30);
	assert_string_equal(p.scratch, "/mnt/a b/dd.dat");
	assert_int_equal(p.n_bad, 0);
	assert_string_equal(err.msg, "");
}

/* A bad line names the file and the line; the other lines still apply. */
static void
test_parse_bad(void **state)
{
	static const struct {
		const char *text, *msg;
	} cases[] = {
		{ "theme = mono\ncolour = red\n", "cfg:2: unknown key 'colour'" },
		{ "preset = nosuch\n", "cfg:1: unknown preset 'nosuch'" },
		{ "\ntime-scale = 0\n", "cfg:2: time-scale '0' is not a number" },
		{ "size = 1k\n", "cfg:1: size '1k' is not a size" },
		{ "scratch = dd.dat\n", "cfg:1: scratch 'dd.dat' is not an absolute path" },
		{ "theme light\n", "cfg:1: expected '=' after theme" },
		{ "theme = \"light\n", "cfg:1: missing closing quote" },
	};
	struct prefs	p;
	struct dd_error err;

	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		memset(&err, 0, sizeof err);
		assert_int_equal(prefs_parse(&p, "cfg", cases[i].text, &err), -EINVAL);
		if (strncmp(err.msg, cases[i].msg, strlen(cases[i].msg)) != 0)
			fail_msg("%s: got '%s'", cases[i].msg, err.msg);
		assert_int_equal(p.n_bad, 1);
	}
	memset(&err, 0, sizeof err);
	assert_int_equal(prefs_parse(&p, "cfg", "a = 1\ntheme = mono\nb = 2\nc = 3\n", &err),
			 -EINVAL);
	assert_string_equal(p.theme, "mono");
	assert_int_equal(p.n_bad, 3);
	assert_non_null(strstr(err.msg, "cfg:1: unknown key 'a'"));
	assert_non_null(strstr(err.msg, "(and 2 more bad lines)"));
}

/* Check one edit. */
static void
edit_is(const char *text, const char *key, const char *value, const char *want)
{
	char *got = prefs_edit(text, key, value);

	assert_non_null(got);
	assert_string_equal(got, want);
	free(got);
}

/* The editor replaces the last line of the key, or appends one. */
static void
test_edit(void **state)
{
	(void)state;
	edit_is("# c\ntheme = mono # old\npreset = spot\n", "theme", "light",
		"# c\ntheme = light\npreset = spot\n");
	edit_is("theme = a\ntheme = b\n# end", "theme", "light",
		"theme = a\ntheme = light\n# end");
	edit_is("preset = spot", "theme", "light", "preset = spot\ntheme = light\n");
	edit_is("bad line\n", "theme", "light", "bad line\ntheme = light\n");
	edit_is("", "theme", "light",
		"# drivedash preferences (drivedash(1), FILES): key = value\ntheme = light\n");
	edit_is(NULL, "scratch", "/a b", "# drivedash preferences (drivedash(1), FILES): "
		"key = value\nscratch = \"/a b\"\n");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse_keys),
		cmocka_unit_test(test_parse_bad),
		cmocka_unit_test(test_edit),
	};

	return cmocka_run_group_tests_name("prefs", tests, NULL, NULL);
}
