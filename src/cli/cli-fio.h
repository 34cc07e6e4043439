/*
 * fio's JSON output and drivedash runs, both ways (cli-fio.c): the one
 * converter `import` and `export --format fio-json` share.
 *
 * Reading: fio 3.x `--output-format=json` and `json+` text (warnings fio
 * printed before the JSON are skipped up to the first '{') becomes one
 * struct results_run (src/core/results.h) whose points are fio's jobs: each
 * entry of "jobs" (or, for client/server output, of "client_stats", whose
 * "hostname" becomes the point's host) is one point, its pattern, block
 * size, depth, jobs and mix read from its "job options" falling back to the
 * "global options" and then to fio's defaults.  json+ "bins" fill the
 * point's histogram (has_bins); plain json leaves only the percentiles.
 * Latency is fio's `lat` (submission to completion, what drivedash
 * measures) when the file has lat percentiles, else fio's `clat`; the
 * point's message says which.  Any key of the wrong type, a missing one, or
 * a value out of range is one sentence naming the file and the key path
 * ("x.json: jobs[2].read.iops is a string, expected a number") and nothing
 * is returned.
 *
 * Writing: a run becomes fio's JSON document with fio's own keys ("fio
 * version", "timestamp", "time", "global options", "jobs" with "job options",
 * "read"/"write" with "clat_ns"/"lat_ns" percentiles and json+ "bins",
 * "disk_util"), so the tools that read fio output read drivedash runs.
 */
#ifndef DD_CLI_FIO_H
#define DD_CLI_FIO_H

#include <jansson.h>
#include <stddef.h>

#include "core/results.h"
#include "lib/error.h"

/* The most jobs one file may hold: fio runs at most 4096 jobs in one process
 * (its REAL_MAX_JOBS), so a longer list is not fio's; each job becomes a
 * point of about 50 KiB in memory. */
#define CLI_FIO_JOBS_MAX 4096

/* Parse fio JSON text (len bytes; file names it in messages) into *out, a
 * run with provenance source "import" (host, fio version, start and end time,
 * target, imported_from file) and one point per job.  0 or a negative errno
 * (-EINVAL for malformed or unexpected JSON) with err set; *out is then
 * empty.  A file of more than CLI_FIO_JOBS_MAX jobs is refused (-E2BIG). */
int cli_fio_parse(const char *file, const char *text, size_t len, struct results_run *out,
		  struct dd_error *err);

/* fio's JSON document (json+ style) for a run; NULL when out of memory. */
json_t *cli_fio_export(const struct results_run *run);

#endif
