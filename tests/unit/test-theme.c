/*
 * Unit tests for src/ui/theme.c: the role table, theme file parsing and its
 * diagnostics, the search path, colour-depth detection and degradation, and
 * every shipped theme in themes/ (found through TOP_SRCDIR).
 */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "helpers.h"

#include "ui/theme.h"

/* An rgb from 0xRRGGBB. */
static struct rgb
hex(unsigned v)
{
	struct rgb c = { (uint8_t)(v >> 16), (uint8_t)(v >> 8), (uint8_t)v };

	return c;
}

/* Assert a colour equals 0xRRGGBB. */
static void
assert_rgb(struct rgb c, unsigned want)
{
	assert_int_equal(((unsigned)c.r << 16) | ((unsigned)c.g << 8) | c.b, want);
}

static void
test_roles(void **state)
{
	(void)state;
	assert_true(UI_ROLE_COUNT >= 23);
	assert_string_equal(theme_role_name(UI_SPEC_TARGET), "spec_target");
	assert_string_equal(theme_role_name(UI_DIM_TEXT), "dim");
	assert_string_equal(theme_role_name(UI_HEAT_4), "heat_4");
	assert_null(theme_role_name(UI_ROLE_COUNT));
	assert_int_equal(theme_role_lookup("review_ref"), UI_REVIEW_REF);
	assert_int_equal(theme_role_lookup("HEAT_3"), UI_HEAT_3);
	assert_int_equal(theme_role_lookup("nope"), -1);
	for (int i = 0; i < UI_ROLE_COUNT; i++) {
		assert_non_null(theme_role_name(i));
		assert_int_equal(theme_role_lookup(theme_role_name(i)), i);
	}
	/* In mono, the selection and status line are reversed, titles bold. */
	assert_int_equal(theme_role_mono_attr(UI_SELECTED), UI_REVERSE);
	assert_int_equal(theme_role_mono_attr(UI_STATUS), UI_REVERSE);
	assert_int_equal(theme_role_mono_attr(UI_TITLE), UI_BOLD);
	assert_int_equal(theme_role_mono_attr(UI_TEXT), 0);
}

static void
test_parse_valid(void **state)
{
	static const char text[] =
		"# a comment\n"
		"\n"
		"theme[title]=\"#102030\"\n"
		"   # an indented comment\n"
		"measured = \"#A0b0C0\"   # trailing comment\n"
		"\ttheme[selected_bg] = \"#010203\"\n"
		"ok = #00FF00\n"
		"theme[graph_mid]=\"#808080\"\r\n"
		"text = \"default\"\n"
		"status_bg = \"\"\n"
		"review_ref = \"#111111\"\n"
		"review_ref = \"#222222\"";	/* no final newline; last one wins */
	struct theme	    t;
	struct theme_report rep;

	(void)state;
	assert_int_equal(theme_parse_text(&t, "test", text, &rep), 0);
	assert_int_equal(rep.n_errors, 0);
	assert_int_equal(rep.n_unknown, 0);
	assert_int_equal(rep.n_notes, 0);
	assert_string_equal(t.name, "test");
	assert_rgb(t.fg[UI_TITLE], 0x102030);
	assert_rgb(t.fg[UI_MEASURED], 0xa0b0c0);
	assert_rgb(t.bg[UI_SELECTED], 0x010203);
	assert_true(t.has_bg[UI_SELECTED]);
	assert_rgb(t.fg[UI_OK], 0x00ff00);
	assert_rgb(t.graph.mid, 0x808080);
	assert_true(t.graph.enabled);
	assert_false(t.has_fg[UI_TEXT]);
	assert_false(t.has_bg[UI_STATUS]);
	assert_rgb(t.fg[UI_REVIEW_REF], 0x222222);
	/* An empty text is the default theme. */
	assert_int_equal(theme_parse_text(&t, NULL, "", NULL), 0);
	assert_string_equal(t.name, "unnamed");
}

static void
test_parse_unknown(void **state)
{
	static const char text[] =
		"theme[main_bg]=\"#000000\"\n"
		"title = \"#FFFFFF\"\n"
		"cpu_box = \"#123456\"\n"
		"theme[heat_9]=\"#123456\"\n";
	struct theme	    t;
	struct theme_report rep;

	(void)state;
	assert_int_equal(theme_parse_text(&t, "u", text, &rep), 0);
	assert_int_equal(rep.n_errors, 0);
	assert_int_equal(rep.n_unknown, 3);
	assert_int_equal(rep.n_notes, 3);
	assert_int_equal(rep.notes[0].line, 1);
	assert_false(rep.notes[0].error);
	assert_non_null(strstr(rep.notes[0].text, "main_bg"));
	assert_int_equal(rep.notes[1].line, 3);
	assert_non_null(strstr(rep.notes[1].text, "cpu_box"));
	assert_int_equal(rep.notes[2].line, 4);
	assert_rgb(t.fg[UI_TITLE], 0xffffff);
}

static void
test_parse_malformed(void **state)
{
	static const char text[] =
		"title = \"#000001\"\n"			/* 1: fine */
		"# comment\n"				/* 2 */
		"border #FFFFFF\n"			/* 3: no '=' */
		"ok = \"#00FF00\"\n"			/* 4: fine */
		"warn = \"#GGGGGG\"\n"			/* 5: bad colour */
		"theme[fail=\"#FF0000\"\n"		/* 6: no ']' */
		"key = \"#FFFFFF\" extra\n"		/* 7: text after the value */
		"graph_start = \"red\"\n"		/* 8: bad colour for a gradient */
		"dim = \"#12345\"\n"			/* 9: short colour */
		"= \"#FFFFFF\"\n"			/* 10: no key */
		"text = \"#FFFFFF\n";			/* 11: unclosed quote */
	static const int lines[] = { 3, 5, 6, 7, 8, 9, 10, 11 };
	struct theme	    t, def;
	struct theme_report rep;
	char		    want[32];

	(void)state;
	theme_init_default(&def);
	assert_int_equal(theme_parse_text(&t, "bad", text, &rep), -EINVAL);
	assert_int_equal(rep.n_errors, 8);
	assert_int_equal(rep.n_unknown, 0);
	assert_int_equal(rep.n_notes, 8);
	for (int i = 0; i < 8; i++) {
		assert_true(rep.notes[i].error);
		assert_int_equal(rep.notes[i].line, lines[i]);
		snprintf(want, sizeof want, "line %d: ", lines[i]);
		assert_memory_equal(rep.notes[i].text, want, strlen(want));
	}
	/* Good lines apply; bad ones leave the default. */
	assert_rgb(t.fg[UI_TITLE], 0x000001);
	assert_rgb(t.fg[UI_OK], 0x00ff00);
	assert_memory_equal(&t.fg[UI_WARN], &def.fg[UI_WARN], sizeof(struct rgb));
	assert_memory_equal(&t.graph, &def.graph, sizeof t.graph);

	/* Counts go on past the notes kept. */
	{
		char *many = malloc(40 * 8 + 1);

		assert_non_null(many);
		many[0] = '\0';
		for (int i = 0; i < 40; i++)
			strcat(many, "bogus\n");
		assert_int_equal(theme_parse_text(&t, "many", many, &rep), -EINVAL);
		assert_int_equal(rep.n_errors, 40);
		assert_int_equal(rep.n_notes, THEME_MAX_NOTES);
		assert_int_equal(rep.notes[THEME_MAX_NOTES - 1].line, THEME_MAX_NOTES);
		free(many);
	}
}

static void
test_fallback(void **state)
{
	struct theme t, def;

	(void)state;
	theme_init_default(&def);
	assert_int_equal(theme_parse_text(&t, "one", "title = \"#000000\"\n", NULL), 0);
	for (int i = 0; i < UI_ROLE_COUNT; i++) {
		if (i != UI_TITLE)
			assert_memory_equal(&t.fg[i], &def.fg[i], sizeof(struct rgb));
		assert_int_equal(t.has_fg[i], def.has_fg[i]);
		assert_int_equal(t.has_bg[i], def.has_bg[i]);
		if (def.has_bg[i])
			assert_memory_equal(&t.bg[i], &def.bg[i], sizeof(struct rgb));
	}
	assert_rgb(t.fg[UI_TITLE], 0x000000);
	assert_memory_equal(&t.graph, &def.graph, sizeof t.graph);
	assert_memory_equal(&t.heat, &def.heat, sizeof t.heat);
	/* The default theme colours what needs a background. */
	assert_true(def.has_bg[UI_SELECTED]);
	assert_true(def.has_bg[UI_HEAT_0]);
	assert_false(def.has_bg[UI_TEXT]);
	assert_string_equal(def.name, "default");
}

static void
test_parse_rgb(void **state)
{
	struct rgb c = { 1, 2, 3 };

	(void)state;
	assert_int_equal(theme_parse_rgb("#FFa500", &c), 1);
	assert_rgb(c, 0xffa500);
	assert_int_equal(theme_parse_rgb("default", &c), 0);
	assert_int_equal(theme_parse_rgb("", &c), 0);
	assert_int_equal(theme_parse_rgb("#FFF", &c), -EINVAL);
	assert_int_equal(theme_parse_rgb("FFFFFF", &c), -EINVAL);
	assert_int_equal(theme_parse_rgb("#FFFFFFF", &c), -EINVAL);
	assert_int_equal(theme_parse_rgb("#-12345", &c), -EINVAL);
	assert_rgb(c, 0xffa500);
}

static void
test_gradient(void **state)
{
	struct theme_gradient g = { true, hex(0x000000), hex(0x808080), hex(0xff0000) };

	(void)state;
	assert_rgb(theme_gradient_at(&g, 0), 0x000000);
	assert_rgb(theme_gradient_at(&g, 0.5), 0x808080);
	assert_rgb(theme_gradient_at(&g, 1), 0xff0000);
	assert_rgb(theme_gradient_at(&g, 0.25), 0x404040);
	assert_rgb(theme_gradient_at(&g, 0.75), 0xc04040);
	assert_rgb(theme_gradient_at(&g, -1), 0x000000);
	assert_rgb(theme_gradient_at(&g, 7), 0xff0000);
	assert_rgb(theme_gradient_at(&g, NAN), 0x000000);
}

static void
test_rgb_to_256(void **state)
{
	static const struct {
		unsigned rgb;
		int	 want;
	} cases[] = {
		{ 0xff0000, 196 }, { 0x00ff00, 46 }, { 0x0000ff, 21 }, { 0xffff00, 226 },
		{ 0x000000, 16 }, { 0xffffff, 231 }, { 0x5f87af, 67 }, { 0xd7af87, 180 },
		{ 0x808080, 244 }, { 0x080808, 232 }, { 0x121212, 233 }, { 0xeeeeee, 255 },
		{ 0x767676, 243 }, { 0x878787, 102 }, { 0xfe0101, 196 }, { 0x7f7f7f, 244 },
	};

	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
		assert_int_equal(theme_rgb_to_256(hex(cases[i].rgb)), cases[i].want);
}

static void
test_rgb_to_8(void **state)
{
	static const struct {
		unsigned rgb;
		int	 want;
	} cases[] = {
		{ 0x000000, 0 }, { 0xff0000, 1 }, { 0x00ff00, 2 }, { 0xffff00, 3 },
		{ 0x0000ff, 4 }, { 0xff00ff, 5 }, { 0x00ffff, 6 }, { 0xffffff, 7 },
		{ 0xc0c0c0, 7 }, { 0x303030, 0 }, { 0xff8000, 3 }, { 0x000080, 4 },
		{ 0xb03a2e, 1 }, { 0x2e7d5b, 2 },
	};

	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
		assert_int_equal(theme_rgb_to_8(hex(cases[i].rgb)), cases[i].want);
}

static void
test_depth(void **state)
{
	(void)state;
	assert_int_equal(theme_depth_detect(NULL, NULL, 256), UI_DEPTH_256);
	assert_int_equal(theme_depth_detect(NULL, NULL, 88), UI_DEPTH_8);
	assert_int_equal(theme_depth_detect(NULL, NULL, 8), UI_DEPTH_8);
	assert_int_equal(theme_depth_detect(NULL, NULL, 2), UI_DEPTH_MONO);
	assert_int_equal(theme_depth_detect(NULL, NULL, -1), UI_DEPTH_MONO);
	assert_int_equal(theme_depth_detect(NULL, "truecolor", 256), UI_DEPTH_TRUE);
	assert_int_equal(theme_depth_detect(NULL, "24bit", 8), UI_DEPTH_TRUE);
	assert_int_equal(theme_depth_detect(NULL, "yes", 256), UI_DEPTH_256);
	assert_int_equal(theme_depth_detect(NULL, NULL, 0x1000000), UI_DEPTH_TRUE);
	/* NO_COLOR wins when set and non-empty (no-color.org). */
	assert_int_equal(theme_depth_detect("1", "truecolor", 256), UI_DEPTH_MONO);
	assert_int_equal(theme_depth_detect("", "truecolor", 256), UI_DEPTH_TRUE);
	/* No colours at all: mono whatever COLORTERM says. */
	assert_int_equal(theme_depth_detect(NULL, "truecolor", 2), UI_DEPTH_MONO);

	setenv("NO_COLOR", "1", 1);
	assert_int_equal(theme_depth_from_env(256), UI_DEPTH_MONO);
	unsetenv("NO_COLOR");
	setenv("COLORTERM", "truecolor", 1);
	assert_int_equal(theme_depth_from_env(256), UI_DEPTH_TRUE);
	unsetenv("COLORTERM");
	assert_int_equal(theme_depth_from_env(256), UI_DEPTH_256);
}

static void
test_shipped_themes(void **state)
{
	char		    dir[PATH_MAX], path[PATH_MAX + 256];
	struct theme	    t, def;
	struct theme_report rep;
	struct dirent	   *de;
	DIR		   *d;
	int		    n = 0;

	(void)state;
	snprintf(dir, sizeof dir, "%s/themes", TOP_SRCDIR);
	d = opendir(dir);
	assert_non_null(d);
	while ((de = readdir(d)) != NULL) {
		size_t len = strlen(de->d_name);

		if (len < 7 || strcmp(de->d_name + len - 6, ".theme") != 0)
			continue;
		snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
		assert_int_equal(theme_load(&t, path, &rep), 0);
		if (rep.n_errors != 0 || rep.n_unknown != 0)
			fail_msg("%s: %s", path, rep.notes[0].text);
		assert_string_equal(rep.path, path);
		assert_memory_equal(t.name, de->d_name, len - 6);
		n++;
	}
	closedir(d);
	assert_true(n >= 4);

	/* default.theme is the built-in fallback, spelled out. */
	theme_init_default(&def);
	snprintf(path, sizeof path, "%s/default.theme", dir);
	assert_int_equal(theme_load(&t, path, NULL), 0);
	assert_memory_equal(t.fg, def.fg, sizeof t.fg);
	assert_memory_equal(t.bg, def.bg, sizeof t.bg);
	assert_memory_equal(t.has_fg, def.has_fg, sizeof t.has_fg);
	assert_memory_equal(t.has_bg, def.has_bg, sizeof t.has_bg);
	assert_memory_equal(&t.graph, &def.graph, sizeof t.graph);
	assert_memory_equal(&t.heat, &def.heat, sizeof t.heat);

	/* mono.theme: no colour anywhere, no gradients. */
	snprintf(path, sizeof path, "%s/mono.theme", dir);
	assert_int_equal(theme_load(&t, path, NULL), 0);
	for (int i = 0; i < UI_ROLE_COUNT; i++) {
		assert_false(t.has_fg[i]);
		assert_false(t.has_bg[i]);
	}
	assert_false(t.graph.enabled);
	assert_false(t.heat.enabled);
}

static void
test_search_order(void **state)
{
	char		    tmp[] = "/tmp/drivedash-theme-XXXXXX";
	char		    sub[PATH_MAX], user[PATH_MAX], mine[PATH_MAX + 16], over[PATH_MAX + 16];
	char		    dirs[4][PATH_MAX];
	struct theme	    t;
	struct theme_report rep;
	int		    n;

	(void)state;
	assert_non_null(mkdtemp(tmp));
	snprintf(sub, sizeof sub, "%s/drivedash", tmp);
	snprintf(user, sizeof user, "%s/drivedash/themes", tmp);
	assert_int_equal(mkdir(sub, 0700), 0);
	assert_int_equal(mkdir(user, 0700), 0);
	snprintf(mine, sizeof mine, "%s/mine.theme", user);
	snprintf(over, sizeof over, "%s/light.theme", user);
	test_write_file(NULL, mine, "title = \"#010101\"\n", NULL, 0);
	test_write_file(NULL, over, "title = \"#020202\"\n", NULL, 0);
	setenv("XDG_CONFIG_HOME", tmp, 1);

	n = theme_list_dirs(dirs, 4);
	assert_true(n >= 2);
	assert_string_equal(dirs[0], user);

	/* The user's directory first, by name or with the extension. */
	assert_int_equal(theme_load(&t, "mine", &rep), 0);
	assert_rgb(t.fg[UI_TITLE], 0x010101);
	assert_string_equal(rep.path, mine);
	assert_string_equal(t.name, "mine");
	assert_int_equal(theme_load(&t, "light.theme", &rep), 0);
	assert_rgb(t.fg[UI_TITLE], 0x020202);
	assert_string_equal(rep.path, over);

	/* Then the installed or the source tree's themes. */
	assert_int_equal(theme_load(&t, "high-contrast", &rep), 0);
	assert_int_equal(rep.n_errors, 0);
	assert_string_equal(t.name, "high-contrast");
	assert_rgb(t.bg[UI_SELECTED], 0xffff00);

	/* Not found: the default theme, an error note. */
	assert_int_equal(theme_load(&t, "no-such-theme", &rep), -ENOENT);
	assert_string_equal(t.name, "default");
	assert_int_equal(rep.n_errors, 1);
	assert_int_equal(theme_load(&t, "/nonexistent/x.theme", &rep), -ENOENT);
	assert_int_equal(theme_load(&t, "", &rep), -ENOENT);

	/* A relative XDG_CONFIG_HOME is ignored: ~/.config instead. */
	setenv("XDG_CONFIG_HOME", "relative", 1);
	setenv("HOME", tmp, 1);
	n = theme_list_dirs(dirs, 4);
	snprintf(sub, sizeof sub, "%s/.config/drivedash/themes", tmp);
	assert_string_equal(dirs[0], sub);
	unsetenv("XDG_CONFIG_HOME");
	n = theme_list_dirs(dirs, 4);
	assert_string_equal(dirs[0], sub);
	assert_int_equal(theme_list_dirs(dirs, 1), 1);

	unlink(mine);
	unlink(over);
	rmdir(user);
	snprintf(sub, sizeof sub, "%s/drivedash", tmp);
	rmdir(sub);
	rmdir(tmp);
}

/* A theme's default_bg is painted under every role left without a
 * background; a role's own background stays; no default_bg, no change. */
static void
test_background(void **state)
{
	struct theme	    t;
	struct theme_report rep;

	(void)state;
	assert_int_equal(theme_parse_text(&t, "x", "default_bg = \"#FAFAFA\"\n", &rep), 0);
	assert_true(t.has_bg[UI_TEXT] && t.has_bg[UI_TITLE] && t.has_bg[UI_GRAPH]);
	assert_int_equal(t.bg[UI_TEXT].r, 0xfa);
	assert_int_equal(t.bg[UI_SELECTED].r, 0x2f);	/* its own kept */
	assert_int_equal(theme_parse_text(&t, "y", "text = \"#000000\"\n", &rep), 0);
	assert_false(t.has_bg[UI_TEXT]);
	assert_int_equal(theme_load(&t, TOP_SRCDIR "/themes/light.theme", &rep), 0);
	assert_true(t.has_bg[UI_TEXT] && t.has_bg[UI_DEFAULT]);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_roles),
		cmocka_unit_test(test_parse_valid),
		cmocka_unit_test(test_parse_unknown),
		cmocka_unit_test(test_parse_malformed),
		cmocka_unit_test(test_fallback),
		cmocka_unit_test(test_parse_rgb),
		cmocka_unit_test(test_gradient),
		cmocka_unit_test(test_rgb_to_256),
		cmocka_unit_test(test_rgb_to_8),
		cmocka_unit_test(test_depth),
		cmocka_unit_test(test_shipped_themes),
		cmocka_unit_test(test_search_order),
		cmocka_unit_test(test_background),
	};

	return cmocka_run_group_tests_name("theme", tests, NULL, NULL);
}
