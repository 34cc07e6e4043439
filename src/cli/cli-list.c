/*
 * `drivedash list`: every family in the specs database, one line each, with
 * its capacities, interface and headline spec figures; or all of it as JSON.
 */
#include "config.h"

#include <getopt.h>
#include <math.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/cli-options.h"
#include "cli/cli-table.h"
#include "core/format.h"

/* Capacities as one short string: "1.92 3.84 7.68 15.36 30.72 TB". */
static char *
list_capacities(const struct spec_family *f, char *buf, size_t len)
{
	size_t o = 0;
	int    any_gb = 0, any_tb = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < f->ndrives; i++) {
		double gb = f->drives[i].capacity_gb;
		char   num[32];

		/* Two form factors of one capacity print once. */
		if (i > 0 && f->drives[i - 1].capacity_gb == gb)
			continue;
		if (gb >= 1000) {
			fmt_number(gb / 1000.0, 2, num, sizeof num);
			any_tb = 1;
		} else {
			snprintf(num, sizeof num, "%.0fG", gb);
			any_gb = 1;
		}
		if (o < len)
			o += (size_t)snprintf(buf + o, len - o, "%s%s", o ? " " : "", num);
	}
	if (f->ndrives == 0)
		snprintf(buf, len, "-");
	else if (any_tb && o < len)
		snprintf(buf + o, len - o, " TB");
	(void)any_gb;
	return buf;
}

/* A compact interface column: "Gen5 x4 NVMe 2.0 1P". */
static char *
list_interface(const struct spec_family *f, char *buf, size_t len)
{
	size_t o = 0;

	buf[0] = '\0';
	if (f->pcie_gen > 0)
		o += (size_t)snprintf(buf, len, "Gen%d", f->pcie_gen);
	if (f->pcie_lanes > 0 && o < len)
		o += (size_t)snprintf(buf + o, len - o, " x%d", f->pcie_lanes);
	if (f->nvme_version != NULL && o < len)
		o += (size_t)snprintf(buf + o, len - o, "%sNVMe %s", o ? " " : "",
				      f->nvme_version);
	if (f->ports != NULL && o < len)
		snprintf(buf + o, len - o, "%s%s", o ? " " : "",
			 strcmp(f->ports, "dual") == 0 ? "2P"
			 : strcmp(f->ports, "single") == 0 ? "1P" : "1/2P");
	if (buf[0] == '\0')
		snprintf(buf, len, "-");
	return buf;
}

/* The capacity point the headline figures are from: "7.68 TB", "family"
 * (family-wide figures only), "-" (none). */
static char *
list_headline_at(const struct spec_family *f, char *buf, size_t len)
{
	if (f->headline != NULL)
		return fmt_capacity(f->headline->capacity_gb, buf, len);
	snprintf(buf, len, "%s", isnan(f->best_seq_read) && isnan(f->best_seq_write) &&
		 isnan(f->best_rand_read) && isnan(f->best_rand_write) ? "-" : "family");
	return buf;
}

/* The table's columns: on a narrow terminal the capacities and the
 * interface are cut first, then the point of the headline figures and the
 * review count go. */
static const struct cli_table_col list_cols[] = {
	{ "VENDOR", "", 9, 0, 0, NULL, 0, NULL, NULL },
	{ "FAMILY", " ", 19, 0, 0, NULL, 0, NULL, NULL },
	{ "INTERFACE", " ", 22, 3, CLI_TABLE_CUT, "IFACE", 8, NULL, NULL },
	{ "CAPACITIES", " ", 36, 4, CLI_TABLE_CUT, "CAPACITIES", 12, NULL, NULL },
	{ "AT", " ", 8, 2, 0, NULL, 0, NULL, NULL },
	{ "SEQ R/W MB/s", " ", 13, 0, CLI_TABLE_RIGHT, "SEQ MB/s", 0, NULL, NULL },
	{ "RND R/W IOPS", " ", 13, 0, CLI_TABLE_RIGHT, "RND IOPS", 0, NULL, NULL },
	{ "REVIEW", " ", 6, 1, CLI_TABLE_RIGHT, "REV", 0, NULL, NULL },
};

/* Add family f's row to the table. */
static int
list_add_row(struct cli_table *t, const struct spec_family *f)
{
	char iface[96], caps[128], sr[32], sw[32], rr[32], rw[32];
	char seq[64], rnd[64], meas[24], at[32], name[64];

	list_interface(f, iface, sizeof iface);
	list_capacities(f, caps, sizeof caps);
	fmt_number(f->best_seq_read, 0, sr, sizeof sr);
	fmt_number(f->best_seq_write, 0, sw, sizeof sw);
	fmt_count(f->best_rand_read, rr, sizeof rr);
	fmt_count(f->best_rand_write, rw, sizeof rw);
	snprintf(seq, sizeof seq, "%s/%s", sr, sw);
	snprintf(rnd, sizeof rnd, "%s/%s", rr, rw);
	if (f->nmeasurements > 0)
		snprintf(meas, sizeof meas, "%zu", f->nmeasurements);
	else
		snprintf(meas, sizeof meas, "-");
	/* The lab's own families: "(lab)" after the name, cut to fit its
	 * column. */
	snprintf(name, sizeof name, "%.*s%s", f->origin ? 13 : 19, f->name,
		 f->origin ? " (lab)" : "");
	return cli_table_add(t, (const char *const[]){ f->vendor, name, iface, caps,
			     list_headline_at(f, at, sizeof at), seq, rnd, meas });
}

/* Print the text table. */
static void
list_print_text(const struct spec_family *fam, size_t n)
{
	struct cli_table t;
	size_t		 nlab = 0;

	cli_table_init(&t, list_cols, sizeof list_cols / sizeof list_cols[0]);
	for (size_t i = 0; i < n; i++) {
		list_add_row(&t, &fam[i]);
		nlab += fam[i].origin != NULL;
	}
	cli_table_print(&t, stdout);
	cli_table_free(&t);
	if (nlab > 0)
		cli_printf("\n(lab): %zu famil%s from the lab's overlay files"
			   " ('drivedash show NAME' names the file and line).\n",
			   nlab, nlab == 1 ? "y" : "ies");
	cli_printf("\n%zu families. AT = the capacity point every headline figure is from "
		   "(the most\nheadline figures, then a reviewed point, then the one nearest "
		   "7.68 TB), 'family'\nwhen they are all family-wide (no one point's); "
		   "REVIEW = published measurements\nin the database; 'drivedash show NAME' "
		   "for a spec sheet.\n", n);
}

/* `drivedash list [--json]`. */
int
cmd_list(struct cli_ctx *ctx, int argc, char **argv)
{
	struct cli_options  co;
	struct dd_error	    err = { 0 };
	struct arena	    a = { 0 };
	struct spec_family *fam;
	struct specdb	   *db;
	size_t		    n;
	FILE		   *help;
	int		    c, json = 0, rc = EXIT_OK;

	cli_options_init(&co, "list", CLI_OG_JSON, NULL, NULL);
	while ((c = cli_options_next(&co, argc, argv)) != -1) {
		switch (c) {
		case 'h':
			help = cli_help_begin();
			cli_fprintf(help, "usage: %s list [--json]\n"
				    "List every drive family in the specs database.\n",
				    ctx->progname);
			return cli_help_end(help);
		default:
			cli_error("usage: list [--json]");
			return EXIT_USAGE;
		}
	}
	json = co.json;
	if (optind < argc) {
		cli_error("list takes no arguments (got '%s')", argv[optind]);
		return EXIT_USAGE;
	}
	db = cli_open_db(ctx);
	if (db == NULL)
		return EXIT_USAGE;
	if (specdb_families(db, &a, &fam, &n, &err) < 0) {
		cli_error("%s", err.msg);
		rc = EXIT_USAGE;
	} else if (json) {
		json_t *arr = json_array();

		for (size_t i = 0; i < n; i++)
			json_array_append_new(arr, json_family(&fam[i]));
		rc = cli_print_json(arr);
	} else {
		list_print_text(fam, n);
	}
	arena_free(&a);
	specdb_close(db);
	return rc;
}
