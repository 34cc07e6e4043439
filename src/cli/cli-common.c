/*
 * Helpers shared by the subcommands: error printing, opening the database,
 * JSON output and the phrases both `list` and `show` print.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "core/format.h"
#include "core/plan.h"
#include "core/session.h"
#include "lib/parse.h"
#include "lib/utf8.h"

/* Print an error sentence on stderr, control characters and malformed
 * UTF-8 in what it quotes escaped (utf8_escape). */
void
cli_error(const char *fmt, ...)
{
	va_list ap;
	char	msg[4096], safe[4096];

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	utf8_escape(msg, safe, sizeof safe);
	cli_fprintf(stderr, "drivedash: %s\n", safe);
}

/* Open the target along the measurement path; prints why not. */
int
cli_session_open(struct session *ses, struct dd_plan *plan, struct dd_target *t)
{
	struct dd_error err = { 0 };
	int		rc = session_open(ses, plan, t, &err);

	if (rc < 0)
		cli_error("%s", err.msg);
	return rc;
}

/* Locate and open the database. */
struct specdb *
cli_open_db(struct cli_ctx *ctx)
{
	struct dd_error err = { 0 };
	struct specdb  *db;
	char	       *path;

	path = specdb_locate(ctx->db_path, &err);
	if (path == NULL) {
		cli_error("%s", err.msg);
		return NULL;
	}
	if (specdb_open(path, &db, &err) < 0) {
		cli_error("%s", err.msg);
		free(path);
		return NULL;
	}
	free(path);
	return db;
}

/* Open the database where it is optional (run's match to the database):
 * none found or unreadable is no database (0, *out NULL), but a broken
 * overlay of the lab's stops the command as it stops every other. */
int
cli_open_db_optional(struct cli_ctx *ctx, struct specdb **out)
{
	static const struct specdb_open_opts bundled = { .overlay_dir = "" };
	struct dd_error			     err = { 0 };
	struct specdb			    *db = NULL;
	char				    *path = specdb_locate(ctx->db_path, NULL);
	int				     rc = 0;

	*out = NULL;
	if (path != NULL && specdb_open(path, out, &err) < 0 &&
	    specdb_open_with(path, &bundled, &db, NULL) == 0) {
		cli_error("%s", err.msg);	/* the bundled data opens: the overlay failed */
		rc = -1;
	}
	specdb_close(db);
	free(path);
	return rc;
}

/* Does the UTF-8 text hold a C1 control (U+0080..U+009F)? */
static bool
cli_json_has_c1(const char *s)
{
	for (; *s != '\0'; s++)
		if ((unsigned char)s[0] == 0xc2 && (unsigned char)s[1] >= 0x80 &&
		    (unsigned char)s[1] <= 0x9f)
			return true;
	return false;
}

/* json_dumps, C1 controls escaped (see cli.h). */
char *
cli_json_dumps(const json_t *doc, size_t flags)
{
	char *text = doc != NULL ? json_dumps(doc, flags) : NULL;

	if (text == NULL || !cli_json_has_c1(text))
		return text;
	free(text);
	return json_dumps(doc, flags | JSON_ENSURE_ASCII);
}

/* Print JSON to stdout. */
int
cli_print_json(json_t *v)
{
	char *text;
	int   rc;

	if (v == NULL) {
		cli_error("out of memory building JSON");
		return EXIT_USAGE;
	}
	text = cli_json_dumps(v, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(12));
	json_decref(v);
	if (text == NULL) {
		cli_error("out of memory building JSON");
		return EXIT_USAGE;
	}
	rc = fputs(text, stdout) == EOF;
	free(text);
	fputc('\n', stdout);
	if (cli_stdout_flush("the JSON") < 0 || rc != 0)
		return EXIT_USAGE;
	return EXIT_OK;
}

/* Flush stdout; a write that failed (a closed pipe: EPIPE with SIGPIPE
 * ignored, a full disk) is said in one sentence naming what was lost. */
int
cli_stdout_flush(const char *what)
{
	int e;

	errno = 0;
	if (fflush(stdout) == 0 && !ferror(stdout))
		return 0;
	e = errno ? errno : EIO;
	if (e == EPIPE)
		cli_error("standard output was closed before %s was written (the reader went "
			  "away): the results are not complete there", what);
	else
		cli_error("cannot write %s to standard output: %s", what, strerror(e));
	return -e;
}

/* A string or JSON null. */
json_t *
cli_jstr(const char *s)
{
	return s ? json_string(s) : json_null();
}

/* An integer that reads -1 for NULL, or JSON null. */
json_t *
cli_jint(long long v)
{
	return v < 0 ? json_null() : json_integer(v);
}

/* An unsigned 64-bit count (saturating at the JSON integer range). */
json_t *
cli_ju64(uint64_t v)
{
	return json_integer(v > (uint64_t)INT64_MAX ? INT64_MAX : (json_int_t)v);
}

/* A real, or JSON null for NAN and infinities. */
json_t *
cli_jreal(double v)
{
	return isfinite(v) ? json_real(v) : json_null();
}

/* JSON for one headline figure: value, qualifier and the point it holds
 * at ("capacity_point" null and "family_wide" true for a family-wide row);
 * null when there is none. */
static json_t *
cli_json_head(const struct spec_family *f, const struct spec_headfig *h, const char *unit)
{
	const struct spec_drive *p = NULL;
	char			 cap[32];

	if (isnan(h->value))
		return json_null();
	if (h->drive_id != NULL)
		specdb_find_drive(f, 1, h->drive_id, &p);
	return json_pack("{s:f, s:o, s:s, s:s, s:o, s:o, s:b}", "value", h->value,
			 "value_hi", cli_jreal(h->value_hi), "unit", unit,
			 "qual", h->qual ? h->qual : "eq",
			 "capacity_point", cli_jstr(h->drive_id),
			 "capacity", p ? json_string(fmt_capacity(p->capacity_gb, cap, sizeof cap))
				       : json_null(),
			 "family_wide", h->drive_id == NULL);
}

json_t *
cli_json_heads(const struct spec_family *f, const struct spec_headfig *h)
{
	static const char *const names[SPEC_HEAD_N] = { "seq_read", "seq_write", "rand_read",
							"rand_write" };
	json_t			*o = json_object();

	for (int m = 0; m < SPEC_HEAD_N; m++)
		json_object_set_new(o, names[m], cli_json_head(f, &h[m], m < 2 ? "MB/s" : "IOPS"));
	return o;
}

/* JSON for one family with its capacities. */
json_t *
json_family(const struct spec_family *f)
{
	json_t *o = json_object(), *caps = json_array(), *best = json_object();
	char	buf[64];

	json_object_set_new(o, "id", json_string(f->id));
	json_object_set_new(o, "vendor", json_string(f->vendor));
	json_object_set_new(o, "family", json_string(f->name));
	json_object_set_new(o, "series", cli_jstr(f->series));
	json_object_set_new(o, "variant", cli_jstr(f->variant));
	json_object_set_new(o, "segment", cli_jstr(f->segment));
	json_object_set_new(o, "form_factors", cli_jstr(f->form_factors));
	json_object_set_new(o, "pcie_gen", cli_jint(f->pcie_gen));
	json_object_set_new(o, "pcie_lanes", cli_jint(f->pcie_lanes));
	json_object_set_new(o, "nvme_version", cli_jstr(f->nvme_version));
	json_object_set_new(o, "ports", cli_jstr(f->ports));
	json_object_set_new(o, "nand", cli_jstr(f->nand));
	json_object_set_new(o, "dwpd", cli_jreal(f->dwpd));
	json_object_set_new(o, "warranty_years", cli_jint(f->warranty_years));
	json_object_set_new(o, "mttf_hours", cli_jint(f->mttf_hours));
	json_object_set_new(o, "security", cli_jstr(f->security));
	json_object_set_new(o, "plp", f->plp < 0 ? json_null() : json_boolean(f->plp));
	json_object_set_new(o, "has_spec_sheet", json_boolean(f->has_spec_sheet > 0));
	json_object_set_new(o, "source", cli_jstr(f->source_id));
	json_object_set_new(o, "notes", cli_jstr(f->notes));
	json_object_set_new(o, "origin", cli_jstr(f->origin));
	json_object_set_new(best, "seq_read_mbps", cli_jreal(f->best_seq_read));
	json_object_set_new(best, "seq_write_mbps", cli_jreal(f->best_seq_write));
	json_object_set_new(best, "rand_read_iops", cli_jreal(f->best_rand_read));
	json_object_set_new(best, "rand_write_iops", cli_jreal(f->best_rand_write));
	json_object_set_new(best, "capacity_point",
			    cli_jstr(f->headline != NULL ? f->headline->id : NULL));
	json_object_set_new(best, "capacity",
			    f->headline != NULL ? json_string(fmt_capacity(f->headline->capacity_gb,
									    buf, sizeof buf))
						: json_null());
	json_object_set_new(best, "figures", cli_json_heads(f, f->head));
	json_object_set_new(o, "best", best);
	json_object_set_new(o, "spec_figures", json_integer((json_int_t)f->nfigures));
	json_object_set_new(o, "measurements",
			    json_integer((json_int_t)f->nmeasurements));
	for (size_t i = 0; i < f->ndrives; i++) {
		const struct spec_drive *d = &f->drives[i];
		json_t			*c = json_object(), *skus = json_array();

		json_object_set_new(c, "id", json_string(d->id));
		json_object_set_new(c, "capacity_gb", cli_jreal(d->capacity_gb));
		json_object_set_new(c, "capacity",
				    json_string(fmt_capacity(d->capacity_gb, buf,
							     sizeof buf)));
		json_object_set_new(c, "form_factor", cli_jstr(d->form_factor));
		json_object_set_new(c, "nand", cli_jstr(d->nand));
		json_object_set_new(c, "dwpd", cli_jreal(d->dwpd));
		json_object_set_new(c, "notes", cli_jstr(d->notes));
		json_object_set_new(c, "origin", cli_jstr(d->origin));
		json_object_set_new(c, "measurements",
				    json_integer((json_int_t)d->nmeasurements));
		json_object_set_new(c, "figures", cli_json_heads(f, d->head));
		for (size_t k = 0; k < d->nskus; k++) {
			const struct spec_sku *s = &d->skus[k];
			json_t		      *j = json_object();

			json_object_set_new(j, "model", json_string(s->model));
			json_object_set_new(j, "kind", cli_jstr(s->kind));
			json_object_set_new(j, "option", cli_jstr(s->option));
			json_object_set_new(j, "status", cli_jstr(s->status));
			json_object_set_new(j, "source", cli_jstr(s->source_id));
			json_object_set_new(j, "notes", cli_jstr(s->notes));
			json_object_set_new(j, "origin", cli_jstr(s->origin));
			json_array_append_new(skus, j);
		}
		json_object_set_new(c, "skus", skus);
		json_array_append_new(caps, c);
	}
	json_object_set_new(o, "capacities", caps);
	return o;
}

/* Describe a family's interface. */
char *
cli_interface(const struct spec_family *f, char *buf, size_t len)
{
	size_t o = 0;

	buf[0] = '\0';
	if (f->pcie_gen > 0)
		o += (size_t)snprintf(buf + o, len - o, "PCIe %d.0", f->pcie_gen);
	if (f->pcie_lanes > 0 && o < len)
		o += (size_t)snprintf(buf + o, len - o, " x%d", f->pcie_lanes);
	if (f->nvme_version != NULL && o < len)
		o += (size_t)snprintf(buf + o, len - o, "%sNVMe %s", o ? ", " : "",
				      f->nvme_version);
	if (f->ports != NULL && o < len)
		snprintf(buf + o, len - o, "%s%s port", o ? ", " : "", f->ports);
	if (buf[0] == '\0')
		snprintf(buf, len, "-");
	return buf;
}

/* A number option in [min, max]. */
int
cli_opt_double(const char *opt, const char *arg, double min, double max, double *out)
{
	if (parse_double(arg, min, max, out) == 0)
		return 0;
	cli_error("%s '%s' is not a number from %g to %g", opt, arg, min, max);
	return -1;
}

/* A count option in [min, max]. */
int
cli_opt_count(const char *opt, const char *arg, long min, long max, unsigned *out)
{
	long v;

	if (parse_long(arg, min, max, &v) == 0) {
		*out = (unsigned)v;
		return 0;
	}
	cli_error("%s '%s' is not a whole number from %ld to %ld", opt, arg, min, max);
	return -1;
}

/* A size as the options spell it: "1M", "1P", "1536K". */
static char *
cli_binary_size(uint64_t v, char *buf, size_t len)
{
	static const char units[] = "\0KMGTP";
	int		  u = 0;

	while (u < 5 && v >= 1024 && v % 1024 == 0) {
		v /= 1024;
		u++;
	}
	snprintf(buf, len, "%llu%.1s", (unsigned long long)v, &units[u]);
	return buf;
}

/* A size option in [min, max] bytes. */
int
cli_opt_size(const char *opt, const char *arg, uint64_t min, uint64_t max, uint64_t *out)
{
	char lo[32], hi[32];

	if (parse_size(arg, min, max, out) == 0)
		return 0;
	cli_error("%s '%s' is not a size from %s to %s (e.g. 4G, 512M)", opt, arg,
		  cli_binary_size(min, lo, sizeof lo), cli_binary_size(max, hi, sizeof hi));
	return -1;
}

/* A time option in [min, max] seconds (units: ms, s, m, h). */
int
cli_opt_seconds(const char *opt, const char *arg, double min, double max, double *out)
{
	if (parse_duration(arg, min, max, out) == 0)
		return 0;
	cli_error("%s '%s' is not a time from %g to %g seconds (e.g. 10, 500ms, 2m)", opt, arg,
		  min, max);
	return -1;
}

/* A rate option: I/Os per second with an optional k or m, above 0. */
int
cli_opt_rate(const char *opt, const char *arg, double *out)
{
	double v;

	if (plan_parse_rate(arg, &v) == 0 && v > 0) {
		*out = v;
		return 0;
	}
	cli_error("%s '%s' is not a rate from 1 to 1000m I/Os per second (e.g. 500, 20k)",
		  opt, arg);
	return -1;
}

/* Does an operand name a stored run (else a drive query)? */
bool
cli_operand_is_run(const char *arg, bool digits_run, const char **spec)
{
	*spec = arg;
	if (strncmp(arg, "run:", 4) == 0) {
		*spec = arg + 4;
		return true;
	}
	if (strncmp(arg, "drive:", 6) == 0) {
		*spec = arg + 6;
		return false;
	}
	if (arg[0] == '#' || strcmp(arg, "last") == 0 || strncmp(arg, "last:", 5) == 0)
		return true;
	return digits_run && arg[0] != '\0' && arg[strspn(arg, "0123456789")] == '\0';
}

/* -o's file, or NULL for standard output (cli.h). */
const char *
cli_output_path(const char *arg)
{
	return strcmp(arg, "-") == 0 ? NULL : arg;
}
