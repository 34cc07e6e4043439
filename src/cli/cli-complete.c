/*
 * The hidden `complete WORDS...` command: the shells' completion functions
 * (completion/drivedash.bash, completion/_drivedash) pass the words of the
 * command line after the program's name, the last one being the word under
 * the cursor (possibly empty), and print what this prints, one candidate a
 * line, that starts with that word.
 *
 * Data model: a struct complete holds the words, the command they name (a
 * row of main.c's cli_commands) and that command's merged option table.
 * Nothing here lists a command's options: a child process runs the command
 * with --help while cli_options_seen sends back the table cli_options_init
 * merged for it, the one its parser walks, and ends the child there; so a
 * new option, group or command is completed the day it exists.  What a word
 * can be is two small tables: the values of an option (presets, themes,
 * --format words, devices for --target) and the arguments of a command
 * (drive families for show and compare, stored runs for export, compare
 * and report, devices for check).
 *
 * It must be quick and harmless at every key press: the database and the
 * results store are opened read-only (a store that does not exist is no
 * candidates, not an error), stderr is /dev/null throughout (a shell's
 * prompt line is no place for a sentence), and the exit status is 0.
 */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <glob.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli/cli-options.h"
#include "cli/cli.h"
#include "core/plan.h"
#include "core/results.h"
#include "core/specdb.h"
#include "lib/arena.h"
#include "lib/file.h"
#include "ui/report.h"
#include "ui/theme.h"

/* The longest option name kept. */
#define COMPLETE_NAME_MAX 64

/* The newest stored runs offered for a RUN argument. */
#define COMPLETE_RUNS_MAX 100

/* A command line being completed and what it names. */
struct complete {
	struct cli_ctx		 *ctx;
	char			**w;	/* the words; w[n - 1] is under the cursor */
	int			  n;
	const char		 *cur;	/* the word completed ("=" read as "") */
	const char		 *results;	/* --results PATH among the words */
	const struct cli_command *cmd;	/* NULL: no command yet */
	int			  cmd_at;	/* its word's index */
	struct option		  opts[CLI_OPTIONS_MAX + 1];	/* its merged table */
	char			  names[CLI_OPTIONS_MAX][COMPLETE_NAME_MAX];
	char			  shortopts[CLI_OPTIONS_SHORT + 1];
	bool			  have_opts;
};

/* Print s when it starts with the word completed (case-insensitively when
 * fold: drive families are typed in any case). */
static void
complete_offer(const struct complete *c, const char *s, bool fold)
{
	size_t len = strlen(c->cur);

	if (s == NULL || s[0] == '\0')
		return;
	if (fold ? strncasecmp(s, c->cur, len) == 0 : strncmp(s, c->cur, len) == 0)
		cli_printf("%s\n", s);
}

/* cli_options_seen's hook, in the probe's child: write the command's
 * merged table down the pipe (its short letters, then a line per option:
 * has_arg, val, name) and leave at once, before the command does anything
 * else. */
static void
complete_seen(const struct cli_options *o, void *arg)
{
	FILE *f = fdopen(*(int *)arg, "w");

	if (f != NULL) {
		fprintf(f, "%s\n", o->shortopts);
		for (const struct option *opt = o->longopts; opt->name != NULL; opt++)
			fprintf(f, "%d %d %s\n", opt->has_arg, opt->val, opt->name);
		fflush(f);
	}
	_exit(0);
}

/* Read the probe's lines into c's table. */
static void
complete_read_table(struct complete *c, int fd)
{
	FILE  *f = fdopen(fd, "r");
	char   line[COMPLETE_NAME_MAX + 32];
	size_t n = 0;
	int    has_arg, val, at;

	if (f == NULL) {
		close(fd);
		return;
	}
	if (fgets(c->shortopts, sizeof c->shortopts, f) != NULL) {
		c->shortopts[strcspn(c->shortopts, "\n")] = '\0';
		c->have_opts = true;
	}
	while (n < CLI_OPTIONS_MAX && fgets(line, sizeof line, f) != NULL) {
		line[strcspn(line, "\n")] = '\0';
		if (sscanf(line, "%d %d %n", &has_arg, &val, &at) != 2)
			continue;
		snprintf(c->names[n], sizeof c->names[n], "%s", line + at);
		c->opts[n] = (struct option){ c->names[n], has_arg, NULL, val };
		n++;
	}
	fclose(f);
}

/* Read the command's option table: a child runs the command with --help
 * (its output on /dev/null) and cli_options_seen sends the table the
 * command's parser merged, then ends the child there: nothing the command
 * would do next (print, exit) happens; a command with no table (db) just
 * prints its help into /dev/null. */
static void
complete_probe(struct complete *c, int null)
{
	char *argv[] = { (char *)c->cmd->name, "--help", NULL };
	int   fds[2];
	pid_t pid;

	if (c->cmd->run == cmd_complete || fflush(stdout) != 0 || pipe(fds) < 0)
		return;
	pid = fork();
	if (pid == 0) {
		close(fds[0]);
		dup2(null, STDOUT_FILENO);
		cli_options_seen = complete_seen;
		cli_options_seen_arg = &fds[1];
		c->cmd->run(c->ctx, 2, argv);
		_exit(0);
	}
	close(fds[1]);
	if (pid > 0)
		complete_read_table(c, fds[0]);
	else
		close(fds[0]);
	while (pid > 0 && waitpid(pid, NULL, 0) < 0 && errno == EINTR)
		;
}

/* The command's option that word names ("--target", "-t"), or NULL. */
static const struct option *
complete_option(const struct complete *c, const char *word)
{
	if (word[0] != '-' || word[1] == '\0')
		return NULL;
	for (const struct option *o = c->opts; c->have_opts && o->name != NULL; o++) {
		if (word[1] == '-' && strcmp(word + 2, o->name) == 0)
			return o;
		if (word[1] != '-' && word[2] == '\0' && o->val == word[1] &&
		    strchr(c->shortopts, word[1]) != NULL)
			return o;
	}
	return NULL;
}

/* Every preset's name. */
static void
complete_presets(const struct complete *c)
{
	size_t			     n;
	const struct dd_preset_info *p = plan_presets(&n);

	for (size_t i = 0; i < n; i++)
		complete_offer(c, p[i].name, false);
}

/* Every theme in the directories the dashboard searches (NAME.theme). */
static void
complete_themes(const struct complete *c)
{
	char	       dirs[4][PATH_MAX], name[256];
	int	       ndirs = theme_list_dirs(dirs, 4);
	struct dirent *e;

	for (int i = 0; i < ndirs; i++) {
		DIR *d = opendir(dirs[i]);

		while (d != NULL && (e = readdir(d)) != NULL) {
			size_t len = strlen(e->d_name);

			if (len > 6 && strcmp(e->d_name + len - 6, ".theme") == 0)
				complete_offer(c, file_stem(e->d_name, ".theme", name, sizeof name),
					       false);
		}
		if (d != NULL)
			closedir(d);
	}
}

/* export's --format words. */
static void
complete_formats(const struct complete *c)
{
	for (int i = 0; cli_export_formats[i] != NULL; i++)
		complete_offer(c, cli_export_formats[i], false);
}

/* report --format's words (ui/report.h's table). */
static void
complete_report_formats(const struct complete *c)
{
	for (int i = 0; i < REPORT_FORMATS_CANONICAL; i++)
		complete_offer(c, report_format_names[i].name, false);
}

/* The NVMe namespaces (/dev/nvme*n*), then every other block device of
 * /sys/block that has a size (not an idle loop or zram slot). */
static void
complete_devices(const struct complete *c)
{
	glob_t	       g;
	DIR	      *d;
	struct dirent *e;
	char	       path[PATH_MAX];
	long long      size;

	if (glob("/dev/nvme*n*", 0, NULL, &g) == 0) {
		for (size_t i = 0; i < g.gl_pathc; i++)
			complete_offer(c, g.gl_pathv[i], false);
		globfree(&g);
	}
	if ((d = opendir("/sys/block")) == NULL)
		return;
	while ((e = readdir(d)) != NULL) {
		if (e->d_name[0] == '.' || strncmp(e->d_name, "nvme", 4) == 0)
			continue;
		snprintf(path, sizeof path, "/sys/block/%s/size", e->d_name);
		if (file_read_ll(path, &size) < 0 || size <= 0)
			continue;
		snprintf(path, sizeof path, "/dev/%s", e->d_name);
		complete_offer(c, path, false);
	}
	closedir(d);
}

/* The drive families of the database (and the lab's overlay). */
static void
complete_drives(const struct complete *c)
{
	struct dd_error	    err = { 0 };
	struct arena	    a = { 0 };
	struct spec_family *fam;
	struct specdb	   *db;
	size_t		    n;

	if (cli_open_db_optional(c->ctx, &db) < 0 || db == NULL)
		return;
	if (specdb_families(db, &a, &fam, &n, &err) == 0)
		for (size_t i = 0; i < n; i++)
			complete_offer(c, fam[i].name, true);
	arena_free(&a);
	specdb_close(db);
}

/* "last" and the newest stored runs' ids, opened read-only: no store, no
 * ids.  Bare numbers: "#12" unquoted starts a comment in a shell, so the
 * '#' form is offered only to a word that already starts with it. */
static void
complete_runs(const struct complete *c)
{
	struct results_query q = { .text = NULL, .limit = COMPLETE_RUNS_MAX };
	struct dd_error	     err = { 0 };
	struct results_prov *runs = NULL;
	struct results	    *db = NULL;
	char		     path[PATH_MAX], id[32];
	size_t		     n = 0;

	complete_offer(c, "last", false);
	if (c->results != NULL)
		snprintf(path, sizeof path, "%s", c->results);
	else if (results_default_path(path, sizeof path, &err) < 0)
		return;
	if (access(path, R_OK) != 0 || results_open(&db, path, RESULTS_READ, &err) < 0)
		return;
	if (results_list(db, &q, &runs, &n, &err) == 0) {
		for (size_t i = 0; i < n; i++) {
			snprintf(id, sizeof id, "%s%lld", c->cur[0] == '#' ? "#" : "",
				 (long long)runs[i].id);
			complete_offer(c, id, false);
		}
	}
	free(runs);
	results_close(db);
}

/* What an option's value can be: the option's long name, the command it
 * belongs to (NULL: any) and who offers the values. */
static const struct complete_value {
	const char *cmd, *option;
	void	  (*offer)(const struct complete *c);
} complete_values[] = {
	{ NULL, "preset", complete_presets },
	{ NULL, "theme", complete_themes },
	{ "export", "format", complete_formats },
	{ "report", "format", complete_report_formats },
	{ NULL, "target", complete_devices },
};

/* What a command's arguments can be. */
enum { COMPLETE_DRIVES = 1, COMPLETE_RUNS = 2, COMPLETE_DEVICES = 4 };
static const struct complete_arg {
	const char *cmd;
	unsigned    what;
} complete_args[] = {
	{ "show", COMPLETE_DRIVES },
	{ "compare", COMPLETE_DRIVES | COMPLETE_RUNS },
	{ "export", COMPLETE_RUNS },
	{ "report", COMPLETE_RUNS },
	{ "check", COMPLETE_DEVICES },
};

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* The values of option o of the command; true when it takes a value
 * (nothing offered: the shell falls back to file names). */
static bool
complete_option_value(const struct complete *c, const struct option *o)
{
	if (o == NULL || o->has_arg != required_argument)
		return false;
	for (size_t i = 0; i < COUNT(complete_values); i++)
		if (strcmp(complete_values[i].option, o->name) == 0 &&
		    (complete_values[i].cmd == NULL ||
		     strcmp(complete_values[i].cmd, c->cmd->name) == 0))
			complete_values[i].offer(c);
	return true;
}

/* The command's own options, as --NAME. */
static void
complete_options(const struct complete *c)
{
	char buf[128];

	for (const struct option *o = c->opts; c->have_opts && o->name != NULL; o++) {
		snprintf(buf, sizeof buf, "--%s", o->name);
		complete_offer(c, buf, false);
	}
}

/* The command's arguments; false when it has none to offer. */
static bool
complete_arguments(const struct complete *c)
{
	unsigned what = 0;

	for (size_t i = 0; i < COUNT(complete_args); i++)
		if (strcmp(complete_args[i].cmd, c->cmd->name) == 0)
			what = complete_args[i].what;
	if (what & COMPLETE_DRIVES)
		complete_drives(c);
	if (what & COMPLETE_RUNS)
		complete_runs(c);
	if (what & COMPLETE_DEVICES)
		complete_devices(c);
	return what != 0;
}

/* Find the command among the words, past the global options (--db FILE,
 * --no-overlay); note --db and --results for the lookups.  False when a
 * word stands where the command should and names none. */
static bool
complete_scan(struct complete *c)
{
	for (int i = 0; i + 1 < c->n; i++) {
		const char *w = c->w[i], *next = i + 2 < c->n ? c->w[i + 1] : NULL;

		if (c->cmd != NULL) {
			if (strcmp(w, "--results") == 0 && next != NULL)
				c->results = next;
			continue;
		}
		if (strcmp(w, "--db") == 0 && next != NULL) {
			c->ctx->db_path = next;
			i++;
			continue;
		}
		if (w[0] == '-')
			continue;
		for (const struct cli_command *k = c->ctx->commands; k != NULL && k->name; k++)
			if (strcmp(k->name, w) == 0 && k->summary != NULL)
				c->cmd = k;
		if (c->cmd == NULL)
			return false;
		c->cmd_at = i;
	}
	return true;
}

/* The candidates for the command line's last word. */
static void
complete_word(struct complete *c)
{
	const char *prev = c->n >= 2 ? c->w[c->n - 2] : "";

	/* "--preset=v": the shell splits it at '=' into three words. */
	if (strcmp(c->cur, "=") == 0)
		c->cur = "";
	else if (strcmp(prev, "=") == 0 && c->n >= 3)
		prev = c->w[c->n - 3];
	if (c->cmd == NULL) {
		if (c->cur[0] == '-' || strcmp(prev, "--db") == 0)
			return;		/* the global options: the shell's file names */
		for (const struct cli_command *k = c->ctx->commands; k != NULL && k->name; k++)
			if (k->summary != NULL)
				complete_offer(c, k->name, false);
		return;
	}
	if (c->n - 1 > c->cmd_at + 1 && complete_option_value(c, complete_option(c, prev)))
		return;
	if (c->cur[0] == '-') {
		complete_options(c);
		return;
	}
	if (!complete_arguments(c) && c->cur[0] == '\0')
		complete_options(c);
}

/* complete WORDS...: the candidates, one a line; always exit 0. */
int
cmd_complete(struct cli_ctx *ctx, int argc, char **argv)
{
	struct complete c = { .ctx = ctx, .w = argv + 1, .n = argc - 1, .cmd_at = -1 };
	int		null = open("/dev/null", O_RDWR | O_CLOEXEC);

	if (null < 0)
		return EXIT_OK;
	dup2(null, STDERR_FILENO);
	if (c.n < 1) {
		close(null);
		return EXIT_OK;
	}
	c.cur = c.w[c.n - 1];
	if (complete_scan(&c)) {
		if (c.cmd != NULL)
			complete_probe(&c, null);
		complete_word(&c);
	}
	close(null);
	return EXIT_OK;
}
