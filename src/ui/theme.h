/*
 * Themes: colour roles and the theme files that map them to colours.
 *
 * Everything the UI draws carries a role (enum ui_role), never a colour.  The
 * role list is one X-macro, UI_ROLES, which generates the enum, the role-name
 * table (the keys of theme files) and the built-in default (dark) theme, so a
 * new role is one line (ncdu's colour table).  Each role has a foreground, an
 * optional background, and a monochrome attribute used when there is no colour
 * (NO_COLOR, 2-colour terminals, or a role a theme leaves with neither
 * colour, as mono.theme does): series are told apart by glyph there too
 * (see glyphs.h).
 *
 * A struct theme is plain data: one RGB foreground and background per role,
 * "terminal default" flags, and two three-stop gradients (graph, heat).  The
 * curses layer degrades it to the terminal's depth (truecolor -> xterm-256 ->
 * 8 ANSI colours -> mono) with the helpers below.  No curses in here.
 *
 * Theme files (btop-like; documented for users in man/drivedash-theme.5):
 *
 *	# a comment (whole lines only, or after a value)
 *	theme[title]="#FFFFFF"		role foreground
 *	title = "#FFFFFF"		the same, second syntax
 *	theme[selected_bg]="#2F4F7F"	role background ("<role>_bg")
 *	theme[graph_start]="#5FD7AF"	gradients: graph_ and heat_ with
 *	theme[graph_mid]="#FFD75F"	  _start, _mid, _end stops
 *	theme[text]="default"		terminal default colour ("" works too)
 *
 * A theme that gives the "default" role a background (default_bg) paints
 * it under every role left without one, so the whole screen has it (the
 * light theme on a dark terminal).  Lines are read by lib/keyval.h, as the
 * preferences file is.
 *
 * Colours are "#RRGGBB" (quotes optional).  Unknown keys are ignored and
 * listed as warnings; malformed lines are listed as errors with their line
 * numbers; keys a file leaves out keep the default theme's value.
 */
#ifndef DD_THEME_H
#define DD_THEME_H

#include <limits.h>
#include <stdbool.h>
#include <stdint.h>

/*
 * X(enum name, theme key, default fg 0xRRGGBB, default bg 0xRRGGBB or -1 for
 * the terminal's, attribute in monochrome).  The role "dim" is UI_DIM_TEXT
 * because UI_DIM is the cell attribute.
 */
#define UI_ROLES(X)							\
	X(UI_DEFAULT,	  "default",	 0xd0d0d0, -1,	     0)		\
	X(UI_TEXT,	  "text",	 0xd0d0d0, -1,	     0)		\
	X(UI_DIM_TEXT,	  "dim",	 0x808080, -1,	     UI_DIM)	\
	X(UI_TITLE,	  "title",	 0xffffff, -1,	     UI_BOLD)	\
	X(UI_BORDER,	  "border",	 0x5f6b7a, -1,	     0)		\
	X(UI_SELECTED,	  "selected",	 0xffffff, 0x2f4f7f, UI_REVERSE) \
	X(UI_STATUS,	  "status",	 0xd0d0d0, 0x303a46, UI_REVERSE) \
	X(UI_KEY,	  "key",	 0xffd75f, -1,	     UI_BOLD)	\
	X(UI_MEASURED,	  "measured",	 0x5fafff, -1,	     0)		\
	X(UI_READ,	  "read",	 0x5fd7af, -1,	     0)		\
	X(UI_WRITE,	  "write",	 0xff8787, -1,	     0)		\
	X(UI_SPEC_TARGET, "spec_target", 0xffd700, -1,	     UI_BOLD)	\
	X(UI_REVIEW_REF,  "review_ref",	 0xd787ff, -1,	     UI_BOLD)	\
	X(UI_OK,	  "ok",		 0x87d75f, -1,	     0)		\
	X(UI_WARN,	  "warn",	 0xffaf00, -1,	     UI_BOLD)	\
	X(UI_FAIL,	  "fail",	 0xff5f5f, -1,	     UI_BOLD | UI_REVERSE) \
	X(UI_HEAT_0,	  "heat_0",	 0xb0b0b0, 0x1c2833, UI_DIM)	\
	X(UI_HEAT_1,	  "heat_1",	 0xffffff, 0x1f4e5f, 0)		\
	X(UI_HEAT_2,	  "heat_2",	 0xffffff, 0x2e7d5b, UI_UNDERLINE) \
	X(UI_HEAT_3,	  "heat_3",	 0x1c1c1c, 0xd7a72f, UI_BOLD)	\
	X(UI_HEAT_4,	  "heat_4",	 0xffffff, 0xb03a2e, UI_REVERSE) \
	X(UI_GRAPH,	  "graph",	 0x5fafff, -1,	     0)		\
	X(UI_TEMPERATURE, "temperature", 0xffaf5f, -1,	     0)

/* Cell attributes (struct cell.attr), independent of colour. */
enum ui_attr {
	UI_BOLD = 1 << 0,
	UI_REVERSE = 1 << 1,
	UI_UNDERLINE = 1 << 2,
	UI_DIM = 1 << 3,
};

#define UI_ROLE_ENUM(e, key, fg, bg, mono) e,
enum ui_role {
	UI_ROLES(UI_ROLE_ENUM)
	UI_ROLE_COUNT
};
#undef UI_ROLE_ENUM

/* Colour depth of the terminal, poorest first. */
enum ui_depth {
	UI_DEPTH_MONO,
	UI_DEPTH_8,
	UI_DEPTH_256,
	UI_DEPTH_TRUE,
};

struct rgb {
	uint8_t r, g, b;
};

/* Three colour stops; disabled means "use the role colour, no gradient". */
struct theme_gradient {
	bool	   enabled;
	struct rgb start, mid, end;
};

struct theme {
	struct rgb	      fg[UI_ROLE_COUNT], bg[UI_ROLE_COUNT];
	bool		      has_fg[UI_ROLE_COUNT];	/* false: terminal default */
	bool		      has_bg[UI_ROLE_COUNT];
	struct theme_gradient graph, heat;
	char		      name[64];
};

#define THEME_MAX_NOTES 32

/* One problem found in a theme file. */
struct theme_note {
	int  line;		/* 1-based; 0 for the file as a whole */
	bool error;		/* true: malformed line; false: unknown key */
	char text[96];
};

/* What parsing a theme found: counts are exact, notes keep the first few. */
struct theme_report {
	int		  n_errors, n_unknown, n_notes;
	struct theme_note notes[THEME_MAX_NOTES];
	char		  path[PATH_MAX];	/* the file theme_load read, or "" */
};

/* Name of a role as theme files spell it ("spec_target"); NULL if out of range. */
const char *theme_role_name(enum ui_role role);

/* The role a theme key names, or -1. */
int theme_role_lookup(const char *name);

/* The attribute (UI_BOLD ...) that stands in for a role's colour in mono. */
uint8_t theme_role_mono_attr(enum ui_role role);

/* Fill t with the built-in default (dark) theme, named "default". */
void theme_init_default(struct theme *t);

/* Parse "#RRGGBB" into out: 1 for a colour, 0 for "default"/"", -EINVAL otherwise. */
int theme_parse_rgb(const char *s, struct rgb *out);

/* Parse theme text over the default theme; 0, or -EINVAL if a line was malformed
 * (the theme is still complete and usable; rep says what was wrong). */
int theme_parse_text(struct theme *t, const char *name, const char *text,
		     struct theme_report *rep);

/* Directories searched for themes, in order; returns how many were written. */
int theme_list_dirs(char dirs[][PATH_MAX], int max);

/* Load a theme by name ("light": searched as light.theme in theme_list_dirs())
 * or by path (anything with a '/'); 0, -EINVAL as theme_parse_text, or a
 * negative errno if no file could be read (t is then the default theme). */
int theme_load(struct theme *t, const char *name_or_path, struct theme_report *rep);

/* Depth from NO_COLOR, COLORTERM and the colour count curses reports. */
enum ui_depth theme_depth_detect(const char *no_color, const char *colorterm, int ncolors);

/* theme_depth_detect() with the process environment. */
enum ui_depth theme_depth_from_env(int ncolors);

/* Nearest xterm-256 index (6x6x6 cube 16-231 or grey ramp 232-255). */
int theme_rgb_to_256(struct rgb c);

/* Nearest of the 8 ANSI colours (0 black ... 7 white). */
int theme_rgb_to_8(struct rgb c);

/* Colour at t in [0,1] along start -> mid -> end (t clamped). */
struct rgb theme_gradient_at(const struct theme_gradient *g, double t);

#endif
