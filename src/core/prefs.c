/*
 * Preferences (prefs.h): the key table, the reader over lib/keyval.h and
 * the editor that writes one key back.
 *
 * Each key is a row of prefs_keys: its word and the function that checks
 * a value and stores it in struct prefs.  Reading walks the lines once;
 * the first bad line's sentence is kept for the caller, the others are
 * counted.  Writing never rebuilds the file from struct prefs: it edits
 * the text the user wrote, so comments, unknown lines and order survive.
 */
#include "config.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/file.h"
#include "lib/keyval.h"
#include "lib/outfile.h"
#include "lib/parse.h"
#include "io/safety.h"
#include "core/plan.h"
#include "core/prefs.h"

#define PREFS_MAX_FILE (64 * 1024)
#define PREFS_HEADER "# drivedash preferences (drivedash(1), FILES): key = value\n"

/* A key: its word and what stores a value (0, or -EINVAL with why). */
struct prefs_key {
	const char *name;
	int (*set)(struct prefs *p, const char *v, char *why, size_t len);
};

/* theme = NAME|PATH (the dashboard says when it cannot load it). */
static int
prefs_set_theme(struct prefs *p, const char *v, char *why, size_t len)
{
	if (v[0] == '\0' || strlen(v) >= sizeof p->theme) {
		snprintf(why, len, "theme '%.40s' is not a theme name or path", v);
		return -EINVAL;
	}
	snprintf(p->theme, sizeof p->theme, "%s", v);
	return 0;
}

/* preset = one of the built-in presets. */
static int
prefs_set_preset(struct prefs *p, const char *v, char *why, size_t len)
{
	size_t			     n;
	const struct dd_preset_info *pi = plan_presets(&n);

	for (size_t i = 0; i < n; i++) {
		if (strcmp(v, pi[i].name) == 0) {
			snprintf(p->preset, sizeof p->preset, "%s", v);
			return 0;
		}
	}
	snprintf(why, len, "unknown preset '%.40s' (drivedash run --help lists them)", v);
	return -EINVAL;
}

/* time-scale = X, as --time-scale. */
static int
prefs_set_scale(struct prefs *p, const char *v, char *why, size_t len)
{
	if (parse_double(v, PREFS_SCALE_MIN, PREFS_SCALE_MAX, &p->time_scale) == 0)
		return 0;
	p->time_scale = 0;
	snprintf(why, len, "time-scale '%.40s' is not a number from %g to %g", v,
		 PREFS_SCALE_MIN, PREFS_SCALE_MAX);
	return -EINVAL;
}

/* size = SIZE, as --size. */
static int
prefs_set_size(struct prefs *p, const char *v, char *why, size_t len)
{
	if (parse_size(v, PREFS_SIZE_MIN, PREFS_SIZE_MAX, &p->size) == 0)
		return 0;
	p->size = 0;
	snprintf(why, len, "size '%.40s' is not a size from 1M to 1P (e.g. 4G, 512M)", v);
	return -EINVAL;
}

/* scratch = an absolute path: the dashboard's default scratch file. */
static int
prefs_set_scratch(struct prefs *p, const char *v, char *why, size_t len)
{
	if (v[0] != '/' || strlen(v) >= sizeof p->scratch) {
		snprintf(why, len, "scratch '%.40s' is not an absolute path", v);
		return -EINVAL;
	}
	snprintf(p->scratch, sizeof p->scratch, "%s", v);
	return 0;
}

static const struct prefs_key prefs_keys[] = {
	{ "theme", prefs_set_theme },
	{ "preset", prefs_set_preset },
	{ "time-scale", prefs_set_scale },
	{ "size", prefs_set_size },
	{ "scratch", prefs_set_scratch },
};

/* The file's path. */
int
prefs_path(char *buf, size_t len)
{
	return file_xdg_path("XDG_CONFIG_HOME", ".config", "drivedash/config", buf, len);
}

/* Apply one line; 0, or -EINVAL with why. */
static int
prefs_line(struct prefs *p, const char *line, const char *eol, char *why, size_t len)
{
	struct keyval kv;
	int	      rc = keyval_parse(line, eol, NULL, &kv);

	if (rc <= 0) {
		snprintf(why, len, "%s", kv.why);
		return rc;
	}
	for (size_t i = 0; i < sizeof prefs_keys / sizeof prefs_keys[0]; i++)
		if (strcmp(kv.key, prefs_keys[i].name) == 0)
			return prefs_keys[i].set(p, kv.value, why, len);
	snprintf(why, len, "unknown key '%s' (theme, preset, time-scale, size, scratch)",
		 kv.key);
	return -EINVAL;
}

/* Parse the preferences text. */
int
prefs_parse(struct prefs *p, const char *file, const char *text, struct dd_error *err)
{
	const char *line, *eol;
	char	    why[160];
	unsigned    lineno = 0;

	memset(p, 0, sizeof *p);
	snprintf(p->path, sizeof p->path, "%s", file);
	while ((eol = keyval_next_line(&text, &line)) != NULL) {
		lineno++;
		if (prefs_line(p, line, eol, why, sizeof why) == 0)
			continue;
		if (p->n_bad++ == 0)
			dd_error_set(err, -EINVAL, "%.200s:%u: %s", file, lineno, why);
	}
	if (p->n_bad > 1 && err != NULL) {
		size_t n = strlen(err->msg);

		snprintf(err->msg + n, sizeof err->msg - n, " (and %d more bad line%s)",
			 p->n_bad - 1, p->n_bad > 2 ? "s" : "");
	}
	return p->n_bad > 0 ? -EINVAL : 0;
}

/* Read the preferences file. */
int
prefs_load(struct prefs *p, struct dd_error *err)
{
	char path[PATH_MAX], *text = NULL;
	int  rc;

	memset(p, 0, sizeof *p);
	if (prefs_path(path, sizeof path) < 0)
		return 0;
	rc = file_read_all("preferences file", path, PREFS_MAX_FILE, &text, NULL, err);
	if (rc == -ENOENT) {
		dd_error_clear(err);
		return 0;
	}
	if (rc < 0)
		return rc;
	rc = prefs_parse(p, path, text, err);
	free(text);
	return rc;
}

/* Does value need quotes to read back as itself? */
static bool
prefs_needs_quotes(const char *v)
{
	return v[0] == '\0' || strpbrk(v, " \t#=") != NULL;
}

/* Edit text: key set to value. */
char *
prefs_edit(const char *text, const char *key, const char *value)
{
	const char *p = text != NULL ? text : "", *line, *eol, *at = NULL, *at_end = NULL;
	const char *q = prefs_needs_quotes(value) ? "\"" : "";
	struct keyval kv;
	size_t	    len = strlen(p);
	char	   *out;
	size_t	    cap = len + strlen(PREFS_HEADER) + strlen(key) + strlen(value) + 16;

	for (const char *s = p; (eol = keyval_next_line(&s, &line)) != NULL;) {
		if (keyval_parse(line, eol, NULL, &kv) > 0 && strcmp(kv.key, key) == 0) {
			at = line;
			at_end = eol;
		}
	}
	out = malloc(cap);
	if (out == NULL)
		return NULL;
	if (at != NULL)
		snprintf(out, cap, "%.*s%s = %s%s%s%s", (int)(at - p), p, key, q, value, q, at_end);
	else
		snprintf(out, cap, "%s%s%s = %s%s%s\n", len == 0 ? PREFS_HEADER : p,
			 len > 0 && p[len - 1] != '\n' ? "\n" : "", key, q, value, q);
	return out;
}

/* Set one key in the file. */
int
prefs_set(const char *key, const char *value, struct dd_error *err)
{
	struct outfile o;
	char	       path[PATH_MAX], failed[PATH_MAX], *text = NULL, *out;
	int	       rc;

	if (strpbrk(value, "\"\n") != NULL)
		return dd_error_set(err, -EINVAL, "a preference cannot hold '\"' or a newline");
	if (prefs_path(path, sizeof path) < 0)
		return dd_error_set(err, -ENOENT, "no preferences file: neither "
				    "XDG_CONFIG_HOME nor HOME is an absolute path");
	rc = file_mkdir_parents(path, 0700, failed, sizeof failed);
	if (rc < 0)
		return dd_error_set(err, rc, "cannot create %s: %s", failed, strerror(-rc));
	rc = safety_outfile_open(&o, path, -1, err);
	if (rc < 0)
		return rc;
	rc = file_read_all("preferences file", path, PREFS_MAX_FILE, &text, NULL, err);
	if (rc == -ENOENT) {
		dd_error_clear(err);
		rc = 0;
	}
	out = rc == 0 ? prefs_edit(text, key, value) : NULL;
	if (rc == 0 && out == NULL)
		rc = dd_error_set(err, -ENOMEM, "out of memory");
	if (rc == 0)
		rc = outfile_replace(&o, out, strlen(out), err);
	outfile_close(&o);
	free(out);
	free(text);
	return rc;
}
