/*
 * libFuzzer target: the command line.  The input is argv, one argument per
 * line, handed to main()'s dispatch (src/main.c compiled in as
 * drivedash_main) and from there to list, show or run's option parsing.
 * Nothing may touch a device or a file the input names, so inputs are
 * skipped (not run) when they could reach detect, check, ui, runs, export or
 * import (the results store, and files the input names), name --db,
 * --target, --scratch, --plan or --json (or their short forms and
 * abbreviations), or ask run for --help (which exits).  run then ends at its
 * "needs --target" error or, with --print-fio, prints the fio job for the
 * plan the options built.  stdin and stdout are /dev/null.
 */
#include "config.h"

#include <fcntl.h>
#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <unistd.h>

#include "fuzz.h"

#define FUZZ_ARGS_MAX 32

int drivedash_main(int argc, char **argv);

/* Long options (without "--") that read or write a path the input names. */
static const char *const fuzz_path_opts[] = {
	"db", "target", "scratch", "plan", "json", "help", NULL,
};

/* Does a "--name[=value]" argument abbreviate a path option (or --help)? */
static bool
fuzz_long_opt_unsafe(const char *arg)
{
	size_t n = strcspn(arg + 2, "=");

	if (n == 0)
		return false;	/* "--": the end of the options */
	for (const char *const *o = fuzz_path_opts; *o != NULL; o++)
		if (strncmp(arg + 2, *o, n) == 0)
			return true;
	return false;
}

/* Does a "-xyz" cluster hold run's -t, -f, -j or -h before an argument? */
static bool
fuzz_short_opts_unsafe(const char *arg)
{
	for (const char *p = arg + 1; *p != '\0'; p++) {
		if (strchr("tfjh", *p) != NULL)
			return true;
		if (strchr("pPs", *p) != NULL)
			return false;	/* the rest is the option's argument */
	}
	return false;
}

/* May this argument be passed without touching a path or ending the process? */
static bool
fuzz_arg_safe(const char *arg)
{
	if (strcmp(arg, "detect") == 0 || strcmp(arg, "check") == 0 ||
	    strcmp(arg, "ui") == 0)
		return false;
	/* the results store, the files import reads and export writes */
	if (strcmp(arg, "runs") == 0 || strcmp(arg, "export") == 0 ||
	    strcmp(arg, "import") == 0)
		return false;
	if (strncmp(arg, "--", 2) == 0)
		return !fuzz_long_opt_unsafe(arg);
	if (arg[0] == '-' && arg[1] != '\0')
		return !fuzz_short_opts_unsafe(arg);
	return true;
}

/* stdin and stdout to /dev/null; the bundled database unless one is set. */
int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	int fd = open("/dev/null", O_RDWR);

	if (fd < 0 || dup2(fd, STDIN_FILENO) < 0 || dup2(fd, STDOUT_FILENO) < 0)
		abort();
	close(fd);
	setenv("DRIVEDASH_DB", FUZZ_DB, 0);
	(void)argc;
	(void)argv;
	return 0;
}

/* Split the input into arguments and run the command line. */
int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *buf = fuzz_strndup(data, size), *argv[FUZZ_ARGS_MAX + 2], *p = buf;
	int   argc = 0;

	argv[argc++] = "drivedash";
	while (p != NULL && argc <= FUZZ_ARGS_MAX) {
		char *nl = strchr(p, '\n');

		if (nl != NULL)
			*nl++ = '\0';
		if (!fuzz_arg_safe(p))
			goto out;
		argv[argc++] = p;
		p = nl;
	}
	argv[argc] = NULL;
	optind = 0;
	(void)drivedash_main(argc, argv);
	fflush(stdout);
out:
	free(buf);
	return 0;
}
