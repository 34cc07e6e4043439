/*
 * Themes: the role table, theme file parsing and colour-depth degradation.
 *
 * The role table is generated from UI_ROLES (theme.h): names, default colours
 * and mono attributes, indexed by enum ui_role.  Parsing starts from the
 * default theme and applies one line at a time, so a file only names what it
 * changes and a bad line costs that line only.  Lookups are by linear scan:
 * there are two dozen keys and a theme is parsed once.
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "theme.h"
#include "lib/file.h"
#include "lib/keyval.h"

#ifndef THEMESDIR
#define THEMESDIR ""
#endif
#ifndef SRCTHEMESDIR
#define SRCTHEMESDIR ""
#endif

/* Theme files larger than this are refused: they are a few hundred bytes. */
#define THEME_MAX_FILE (64 * 1024)

struct role_info {
	const char *name;
	long	    fg, bg;
	uint8_t	    mono;
};

#define UI_ROLE_INFO(e, key, fgc, bgc, monoattr) [e] = { key, fgc, bgc, monoattr },
static const struct role_info role_table[UI_ROLE_COUNT] = {
	UI_ROLES(UI_ROLE_INFO)
};
#undef UI_ROLE_INFO

/* Gradient keys: prefix and which member of struct theme it sets. */
static const struct {
	const char *prefix;
	size_t	    offset;
} gradient_keys[] = {
	{ "graph", offsetof(struct theme, graph) },
	{ "heat", offsetof(struct theme, heat) },
};

/* Name of a role as theme files spell it. */
const char *
theme_role_name(enum ui_role role)
{
	if ((int)role < 0 || role >= UI_ROLE_COUNT)
		return NULL;
	return role_table[role].name;
}

/* The role a theme key names, or -1. */
int
theme_role_lookup(const char *name)
{
	for (int i = 0; i < UI_ROLE_COUNT; i++)
		if (strcasecmp(name, role_table[i].name) == 0)
			return i;
	return -1;
}

/* The monochrome stand-in attribute of a role. */
uint8_t
theme_role_mono_attr(enum ui_role role)
{
	if ((int)role < 0 || role >= UI_ROLE_COUNT)
		return 0;
	return role_table[role].mono;
}

/* An RGB triple from 0xRRGGBB. */
static struct rgb
rgb_from_hex(long v)
{
	struct rgb c = { (uint8_t)(v >> 16), (uint8_t)(v >> 8), (uint8_t)v };

	return c;
}

/* Fill t with the built-in default theme. */
void
theme_init_default(struct theme *t)
{
	memset(t, 0, sizeof *t);
	for (int i = 0; i < UI_ROLE_COUNT; i++) {
		t->fg[i] = rgb_from_hex(role_table[i].fg);
		t->has_fg[i] = true;
		if (role_table[i].bg >= 0) {
			t->bg[i] = rgb_from_hex(role_table[i].bg);
			t->has_bg[i] = true;
		}
	}
	t->graph.enabled = true;
	t->graph.start = rgb_from_hex(0x5fd7af);
	t->graph.mid = rgb_from_hex(0xffd75f);
	t->graph.end = rgb_from_hex(0xff5f5f);
	t->heat.enabled = true;
	t->heat.start = rgb_from_hex(0x1c2833);
	t->heat.mid = rgb_from_hex(0x2e7d5b);
	t->heat.end = rgb_from_hex(0xb03a2e);
	snprintf(t->name, sizeof t->name, "default");
}

/* Parse "#RRGGBB", or "default"/"" for the terminal's colour. */
int
theme_parse_rgb(const char *s, struct rgb *out)
{
	long v = 0;

	if (*s == '\0' || strcasecmp(s, "default") == 0)
		return 0;
	if (s[0] != '#' || strlen(s) != 7)
		return -EINVAL;
	for (int i = 1; i < 7; i++) {
		if (!isxdigit((unsigned char)s[i]))
			return -EINVAL;
		v = v * 16 + (isdigit((unsigned char)s[i]) ? s[i] - '0' :
			      tolower((unsigned char)s[i]) - 'a' + 10);
	}
	*out = rgb_from_hex(v);
	return 1;
}

/* Record a problem in the report (counts always, text while there is room). */
static void __attribute__((format(printf, 4, 5)))
report_note(struct theme_report *rep, int line, bool error, const char *fmt, ...)
{
	struct theme_note *n;
	va_list		   ap;

	if (error)
		rep->n_errors++;
	else
		rep->n_unknown++;
	if (rep->n_notes >= THEME_MAX_NOTES)
		return;
	n = &rep->notes[rep->n_notes++];
	n->line = line;
	n->error = error;
	va_start(ap, fmt);
	vsnprintf(n->text, sizeof n->text, fmt, ap);
	va_end(ap);
}

/* Apply key = value to t; 0 if applied, 1 if the key is unknown, -EINVAL if the value is bad. */
static int
theme_apply(struct theme *t, const char *key, const char *value)
{
	struct rgb c = { 0, 0, 0 };
	char	   base[64];
	size_t	   klen = strlen(key);
	int	   role, rc;

	rc = theme_parse_rgb(value, &c);
	for (size_t i = 0; i < sizeof gradient_keys / sizeof gradient_keys[0]; i++) {
		size_t		       plen = strlen(gradient_keys[i].prefix);
		struct theme_gradient *g;
		struct rgb	      *stop = NULL;

		if (klen <= plen + 1 || strncasecmp(key, gradient_keys[i].prefix, plen) != 0 ||
		    key[plen] != '_')
			continue;
		g = (struct theme_gradient *)((char *)t + gradient_keys[i].offset);
		if (strcasecmp(key + plen + 1, "start") == 0)
			stop = &g->start;
		else if (strcasecmp(key + plen + 1, "mid") == 0)
			stop = &g->mid;
		else if (strcasecmp(key + plen + 1, "end") == 0)
			stop = &g->end;
		if (stop == NULL)
			continue;
		if (rc < 0)
			return rc;
		if (rc == 0) {
			g->enabled = false;
		} else {
			*stop = c;
			g->enabled = true;
		}
		return 0;
	}

	role = theme_role_lookup(key);
	if (role >= 0) {
		if (rc < 0)
			return rc;
		t->fg[role] = c;
		t->has_fg[role] = rc > 0;
		return 0;
	}
	if (klen > 3 && klen < sizeof base && strcasecmp(key + klen - 3, "_bg") == 0) {
		memcpy(base, key, klen - 3);
		base[klen - 3] = '\0';
		role = theme_role_lookup(base);
		if (role >= 0) {
			if (rc < 0)
				return rc;
			t->bg[role] = c;
			t->has_bg[role] = rc > 0;
			return 0;
		}
	}
	return 1;
}

/* Parse one line [p, end) into t; lineno for the report. */
static void
theme_parse_line(struct theme *t, const char *p, const char *end, int lineno,
		 struct theme_report *rep)
{
	struct keyval kv;
	int	      rc = keyval_parse(p, end, "theme", &kv);

	if (rc < 0) {
		report_note(rep, lineno, true, "line %d: %s", lineno, kv.why);
		return;
	}
	if (rc == 0)
		return;
	rc = theme_apply(t, kv.key, kv.value);
	if (rc < 0)
		report_note(rep, lineno, true, "line %d: %s: bad colour \"%.40s\" (want #RRGGBB)",
			    lineno, kv.key, kv.value);
	else if (rc > 0)
		report_note(rep, lineno, false, "line %d: unknown key %s", lineno, kv.key);
}

/* The theme's background: every role a file leaves on the terminal's
 * background takes the "default" role's, when the theme gives it one (a
 * light theme on a dark terminal paints its own background). */
static void
theme_fill_background(struct theme *t)
{
	if (!t->has_bg[UI_DEFAULT])
		return;
	for (int i = 0; i < UI_ROLE_COUNT; i++) {
		if (t->has_bg[i])
			continue;
		t->bg[i] = t->bg[UI_DEFAULT];
		t->has_bg[i] = true;
	}
}

/* Parse theme text over the default theme. */
int
theme_parse_text(struct theme *t, const char *name, const char *text,
		 struct theme_report *rep)
{
	struct theme_report scratch;
	const char	   *p = text, *line, *eol;
	int		    lineno = 0;

	if (rep == NULL)
		rep = &scratch;
	memset(rep, 0, sizeof *rep);
	theme_init_default(t);
	snprintf(t->name, sizeof t->name, "%s", name != NULL ? name : "unnamed");
	while ((eol = keyval_next_line(&p, &line)) != NULL)
		theme_parse_line(t, line, eol, ++lineno, rep);
	theme_fill_background(t);
	return rep->n_errors > 0 ? -EINVAL : 0;
}

/* Directories searched for themes, in order. */
int
theme_list_dirs(char dirs[][PATH_MAX], int max)
{
	int n = 0;

	if (n < max && file_xdg_path("XDG_CONFIG_HOME", ".config", "drivedash/themes", dirs[n],
				     PATH_MAX) == 0)
		n++;
	if (n < max && THEMESDIR[0] != '\0')
		snprintf(dirs[n++], PATH_MAX, "%s", THEMESDIR);
	if (n < max && SRCTHEMESDIR[0] != '\0' && strcmp(SRCTHEMESDIR, THEMESDIR) != 0)
		snprintf(dirs[n++], PATH_MAX, "%s", SRCTHEMESDIR);
	return n;
}

/* The theme name a path gives: its base name without ".theme". */
static void
name_from_path(const char *path, char *name, size_t len)
{
	file_stem(path, ".theme", name, len);
}

/* Load a theme by name or path. */
int
theme_load(struct theme *t, const char *name_or_path, struct theme_report *rep)
{
	struct theme_report scratch;
	struct dd_error	    ferr = { 0 };
	char		    dirs[4][PATH_MAX], path[PATH_MAX], name[64];
	char		   *text = NULL;
	int		    rc = -ENOENT, ndirs;
	size_t		    len = strlen(name_or_path);
	const char	   *ext = len > 6 && strcmp(name_or_path + len - 6, ".theme") == 0 ?
				  "" : ".theme";

	if (rep == NULL)
		rep = &scratch;
	memset(rep, 0, sizeof *rep);
	theme_init_default(t);
	if (strchr(name_or_path, '/') != NULL) {
		snprintf(path, sizeof path, "%s", name_or_path);
		rc = file_read_all("theme file", path, THEME_MAX_FILE, &text, NULL, &ferr);
	} else if (len > 0) {
		ndirs = theme_list_dirs(dirs, 4);
		for (int i = 0; i < ndirs && rc < 0; i++) {
			if (snprintf(path, sizeof path, "%s/%s%s", dirs[i], name_or_path, ext) >=
			    (int)sizeof path) {
				rc = -ENAMETOOLONG;
				break;
			}
			rc = file_read_all("theme file", path, THEME_MAX_FILE, &text, NULL,
					   &ferr);
			if (rc < 0 && rc != -ENOENT)
				break;
		}
	}
	if (rc < 0) {
		if (rc == -ENOENT || rc == -ENAMETOOLONG || ferr.msg[0] == '\0')
			report_note(rep, 0, true, "cannot load theme '%s': %s", name_or_path,
				    strerror(-rc));
		else
			report_note(rep, 0, true, "%s", ferr.msg);
		return rc;
	}
	name_from_path(path, name, sizeof name);
	rc = theme_parse_text(t, name, text, rep);
	snprintf(rep->path, sizeof rep->path, "%s", path);
	free(text);
	return rc;
}

/* Colour depth from the environment values and the terminal's colour count. */
enum ui_depth
theme_depth_detect(const char *no_color, const char *colorterm, int ncolors)
{
	if (no_color != NULL && no_color[0] != '\0')
		return UI_DEPTH_MONO;
	if (ncolors < 8)
		return UI_DEPTH_MONO;
	if (colorterm != NULL &&
	    (strcasecmp(colorterm, "truecolor") == 0 || strcasecmp(colorterm, "24bit") == 0))
		return UI_DEPTH_TRUE;
	if (ncolors >= 0x1000000)
		return UI_DEPTH_TRUE;
	if (ncolors >= 256)
		return UI_DEPTH_256;
	return UI_DEPTH_8;
}

/* Colour depth from the process environment. */
enum ui_depth
theme_depth_from_env(int ncolors)
{
	return theme_depth_detect(getenv("NO_COLOR"), getenv("COLORTERM"), ncolors);
}

/* Squared distance between two colours. */
static long
rgb_dist2(int r1, int g1, int b1, int r2, int g2, int b2)
{
	long dr = r1 - r2, dg = g1 - g2, db = b1 - b2;

	return dr * dr + dg * dg + db * db;
}

/* Index of the xterm cube level (0, 95, 135, ..., 255) nearest to v. */
static int
cube_index(int v)
{
	static const int level[6] = { 0, 95, 135, 175, 215, 255 };
	int		 best = 0;

	for (int i = 1; i < 6; i++)
		if (abs(v - level[i]) < abs(v - level[best]))
			best = i;
	return best;
}

/* Nearest xterm-256 colour: the best cube colour or the best grey. */
int
theme_rgb_to_256(struct rgb c)
{
	static const int level[6] = { 0, 95, 135, 175, 215, 255 };
	int		 ri = cube_index(c.r), gi = cube_index(c.g), bi = cube_index(c.b);
	int		 avg = (c.r + c.g + c.b + 1) / 3, gi_ramp, grey;
	long		 dcube, dgrey;

	gi_ramp = avg < 8 ? 0 : (avg - 8 + 5) / 10;
	if (gi_ramp > 23)
		gi_ramp = 23;
	grey = 8 + 10 * gi_ramp;
	dcube = rgb_dist2(c.r, c.g, c.b, level[ri], level[gi], level[bi]);
	dgrey = rgb_dist2(c.r, c.g, c.b, grey, grey, grey);
	if (dgrey < dcube)
		return 232 + gi_ramp;
	return 16 + 36 * ri + 6 * gi + bi;
}

/* Nearest of the 8 ANSI colours, using xterm's default palette. */
int
theme_rgb_to_8(struct rgb c)
{
	static const int pal[8][3] = {
		{ 0, 0, 0 },	   { 205, 0, 0 },   { 0, 205, 0 },   { 205, 205, 0 },
		{ 0, 0, 238 },	   { 205, 0, 205 }, { 0, 205, 205 }, { 229, 229, 229 },
	};
	int  best = 0;
	long bestd = -1;

	for (int i = 0; i < 8; i++) {
		long d = rgb_dist2(c.r, c.g, c.b, pal[i][0], pal[i][1], pal[i][2]);

		if (bestd < 0 || d < bestd) {
			best = i;
			bestd = d;
		}
	}
	return best;
}

/* Linear interpolation between two colour channels. */
static uint8_t
lerp_channel(uint8_t a, uint8_t b, double t)
{
	return (uint8_t)lround(a + (b - a) * t);
}

/* Colour at t along the gradient. */
struct rgb
theme_gradient_at(const struct theme_gradient *g, double t)
{
	const struct rgb *a, *b;
	struct rgb	  c;

	if (isnan(t) || t < 0)
		t = 0;
	if (t > 1)
		t = 1;
	if (t <= 0.5) {
		a = &g->start;
		b = &g->mid;
		t *= 2;
	} else {
		a = &g->mid;
		b = &g->end;
		t = (t - 0.5) * 2;
	}
	c.r = lerp_channel(a->r, b->r, t);
	c.g = lerp_channel(a->g, b->g, t);
	c.b = lerp_channel(a->b, b->b, t);
	return c;
}
