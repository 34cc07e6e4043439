/*
 * Subcommands of the command-line interface.  Each takes the arguments after
 * its name (argv[0] is the subcommand) and returns the process exit code.
 */
#ifndef DD_CLI_H
#define DD_CLI_H

#include <jansson.h>
#include <stdio.h>

#include "core/specdb.h"

/* Exit codes shared by every subcommand. */
enum {
	EXIT_OK = 0,
	EXIT_NOMATCH = 1,	/* nothing matched; a verdict failed */
	EXIT_USAGE = 2,		/* bad arguments, missing/corrupt database, I/O error */
	EXIT_AMBIGUOUS = 3,	/* a query matched several families */
};

/* Options every subcommand shares. */
struct cli_ctx {
	const char *db_path;	/* --db, or NULL to search */
	const char *progname;
};

struct cli_command {
	const char *name;
	int	  (*run)(struct cli_ctx *ctx, int argc, char **argv);
	const char *args;
	const char *summary;
};

extern const struct cli_command cli_commands[];

int cmd_list(struct cli_ctx *ctx, int argc, char **argv);
int cmd_show(struct cli_ctx *ctx, int argc, char **argv);
int cmd_run(struct cli_ctx *ctx, int argc, char **argv);
int cmd_detect(struct cli_ctx *ctx, int argc, char **argv);

/* Print "drivedash: <message>" on stderr. */
void cli_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Locate and open the specs database, printing the error on failure. */
struct specdb *cli_open_db(struct cli_ctx *ctx);

/* Print a JSON value to stdout with a newline; returns an exit code. */
int cli_print_json(json_t *v);

/* JSON for a family as `list` and `show` print it. */
json_t *json_family(const struct spec_family *f);

/* A family's interface as one phrase: "PCIe 5.0 x4, NVMe 2.0, single port". */
char *cli_interface(const struct spec_family *f, char *buf, size_t len);

/* IOPS in short form: "2.6M", "450K". */
char *cli_short_count(double v, char *buf, size_t len);

#endif
