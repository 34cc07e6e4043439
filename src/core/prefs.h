/*
 * Preferences: $XDG_CONFIG_HOME/drivedash/config (~/.config/drivedash/config),
 * the defaults a user sets once instead of typing the options each time.
 *
 * The file is "key = value" lines (lib/keyval.h, the reader theme files
 * use; '#' comments), with the option words as keys:
 *
 *	theme = light		the dashboard's theme (--theme)
 *	preset = spot		the preset sweeps start on (--preset)
 *	time-scale = 0.5	every preset point's runtime and ramp (--time-scale)
 *	size = 4G		scratch file size (--size)
 *	scratch = /mnt/fast/dd.dat   the dashboard's default scratch file
 *
 * The data model is struct prefs: each value, or "not set".  A command-line
 * option overrides the file (the callers apply the file only to what the
 * command line left unset).  A bad line (no '=', an unknown key, a bad
 * value) costs that line only: the other lines apply, and the error names
 * the file and the line ("PATH:3: unknown key 'colour'") for the caller to
 * print once.  Values are checked here with the same parsers and bounds as
 * the options (lib/parse.h, the bounds below).
 *
 * Writing (prefs_set: the dashboard saves the theme it was switched to)
 * edits the text and keeps every other line and comment as it was: the
 * line holding the key is replaced (the last one, which is the one that
 * counts), or the key is appended.  The file is written whole through
 * lib/outfile.h with the program's output judge (io/safety.h): a regular
 * file only, replaced by rename, its directory created 0700 if missing.
 */
#ifndef DD_PREFS_H
#define DD_PREFS_H

#include <limits.h>
#include <stdint.h>

#include "lib/error.h"

/* The bounds a preference shares with its option (cli-options.c). */
#define PREFS_SIZE_MIN	(1ull << 20)	/* size / --size: 1 MiB ... */
#define PREFS_SIZE_MAX	(1ull << 50)	/* ... to 1 PiB */
#define PREFS_SCALE_MIN 1e-6		/* time-scale / --time-scale */
#define PREFS_SCALE_MAX 1000.0

/* What the file sets; "" and 0 are "not set". */
struct prefs {
	char	 theme[64];
	char	 preset[32];
	double	 time_scale;
	uint64_t size;
	char	 scratch[PATH_MAX];
	char	 path[PATH_MAX];	/* the file read ("" when there is none) */
	int	 n_bad;			/* lines that were ignored */
};

/* The file's path ($XDG_CONFIG_HOME/drivedash/config, else under $HOME);
 * 0, or -ENOENT when neither is set. */
int prefs_path(char *buf, size_t len);

/* Parse text (file names it in errors) into p (cleared first); 0, or
 * -EINVAL with the first bad line in err ("FILE:LINE: ...", and how many
 * more there were): p then holds the good lines. */
int prefs_parse(struct prefs *p, const char *file, const char *text, struct dd_error *err);

/* Read the preferences file into p: 0 (also when there is no file, p then
 * all "not set"), -EINVAL as prefs_parse, or the read's negative errno
 * (not a regular file, unreadable) with the sentence in err. */
int prefs_load(struct prefs *p, struct dd_error *err);

/* text with key set to value: the last line holding key replaced, or a
 * line appended; every other byte kept.  A malloc'd string, or NULL when
 * out of memory. */
char *prefs_edit(const char *text, const char *key, const char *value);

/* Set key to value in the preferences file (created with its directory
 * when missing); 0, or a negative errno with the sentence in err. */
int prefs_set(const char *key, const char *value, struct dd_error *err);

#endif
