/*
 * `drivedash detect`: the NVMe controllers of this machine, each matched to
 * the specs database (or "not in database", with the nearest family), with
 * its health, PCIe link, namespaces and explainers; then the other block
 * devices, marked "not NVMe".  --json prints the same as one object.
 */
#include "config.h"

#include <getopt.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/cli-table.h"
#include "cli/cli-options.h"
#include "io/safety.h"
#include "core/explain.h"
#include "core/format.h"
#include "core/match.h"
#include "io/nvme.h"

/* What detect knows about one controller besides the discovery. */
struct detect_ctrl {
	const struct nvmeinfo_ctrl *ctrl;
	struct match_result	    match;
	struct spec_sheet	    sheet;
	int			    have_sheet;
	struct explain_item	    items[EXPLAIN_MAX];
	size_t			    nitems;
};

/* A temperature, or JSON null when not reported. */
json_t *
cli_jtemp(int c)
{
	return c == NVMEINFO_TEMP_NONE ? json_null() : json_integer(c);
}

/* JSON for the SMART log, or null when it could not be read. */
json_t *
cli_json_smart(const struct nvmeinfo_smart *s)
{
	json_t *o, *sensors, *bits;

	if (s == NULL || !s->valid)
		return json_null();
	o = json_object();
	sensors = json_array();
	bits = json_array();
	for (int i = 0; i < 8; i++)
		if (s->critical_warning & (1 << i)) {
			const char *name = nvmeinfo_cw_name(1 << i);

			json_array_append_new(bits, name ? json_string(name)
							 : json_integer(i));
		}
	for (int i = 0; i < NVMEINFO_SENSORS; i++)
		json_array_append_new(sensors, cli_jtemp(s->sensor_c[i]));
	json_object_set_new(o, "critical_warning", json_integer(s->critical_warning));
	json_object_set_new(o, "critical_warnings", bits);
	json_object_set_new(o, "temperature_c", cli_jtemp(s->temperature_c));
	json_object_set_new(o, "sensor_temperatures_c", sensors);
	json_object_set_new(o, "available_spare_pct", json_integer(s->available_spare_pct));
	json_object_set_new(o, "spare_threshold_pct", json_integer(s->spare_threshold_pct));
	json_object_set_new(o, "percentage_used", json_integer(s->percentage_used));
	json_object_set_new(o, "data_units_read", cli_ju64(s->data_units_read));
	json_object_set_new(o, "data_units_written", cli_ju64(s->data_units_written));
	json_object_set_new(o, "data_read_bytes",
			    cli_ju64(nvmeinfo_data_units_bytes(s->data_units_read)));
	json_object_set_new(o, "data_written_bytes",
			    cli_ju64(nvmeinfo_data_units_bytes(s->data_units_written)));
	json_object_set_new(o, "power_on_hours", cli_ju64(s->power_on_hours));
	json_object_set_new(o, "power_cycles", cli_ju64(s->power_cycles));
	json_object_set_new(o, "unsafe_shutdowns", cli_ju64(s->unsafe_shutdowns));
	json_object_set_new(o, "media_errors", cli_ju64(s->media_errors));
	json_object_set_new(o, "error_log_entries", cli_ju64(s->error_log_entries));
	json_object_set_new(o, "warning_temp_time_min", json_integer(s->warning_temp_minutes));
	json_object_set_new(o, "critical_temp_time_min",
			    json_integer(s->critical_temp_minutes));
	json_object_set_new(o, "thermal_t1_transitions",
			    json_integer(s->thermal_t1_transitions));
	json_object_set_new(o, "thermal_t2_transitions",
			    json_integer(s->thermal_t2_transitions));
	json_object_set_new(o, "thermal_t1_time_s", json_integer(s->thermal_t1_seconds));
	json_object_set_new(o, "thermal_t2_time_s", json_integer(s->thermal_t2_seconds));
	return o;
}

/* JSON for a match to the database (detect and check). */
json_t *
cli_json_match(const struct match_result *m)
{
	json_t *o = json_object();
	int	hit = m->rule != MATCH_NONE;

	json_object_set_new(o, "status", json_string(hit ? "matched" : "not-in-database"));
	json_object_set_new(o, "family_id", cli_jstr(hit ? m->family->id : NULL));
	json_object_set_new(o, "drive_id", cli_jstr(hit ? m->drive->id : NULL));
	json_object_set_new(o, "label", json_string(m->label));
	json_object_set_new(o, "sku", cli_jstr(hit && m->sku ? m->sku->model : NULL));
	json_object_set_new(o, "sku_status", cli_jstr(hit && m->sku ? m->sku->status : NULL));
	json_object_set_new(o, "rule", cli_jstr(match_rule_name(m->rule)));
	json_object_set_new(o, "inferred_only", json_boolean(hit && m->inferred_only));
	json_object_set_new(o, "nearest_family",
			    cli_jstr(m->nearest ? m->nearest->id : NULL));
	return o;
}

/* JSON for one namespace. */
static json_t *
detect_json_ns(const struct nvmeinfo_ns *ns)
{
	json_t *o = json_object(), *fmts = json_array();

	json_object_set_new(o, "name", cli_jstr(ns->name));
	json_object_set_new(o, "nsid", cli_jint(ns->nsid));
	json_object_set_new(o, "size_bytes",
			    ns->size_bytes ? cli_ju64(ns->size_bytes) : json_null());
	json_object_set_new(o, "capacity_bytes",
			    ns->capacity_bytes ? cli_ju64(ns->capacity_bytes)
					       : json_null());
	json_object_set_new(o, "lba_data_size", cli_jint(ns->lba_data_size));
	json_object_set_new(o, "lba_metadata_size", cli_jint(ns->lba_metadata_size));
	for (size_t k = 0; k < ns->nformats; k++) {
		const struct nvmeinfo_lbaf *f = &ns->formats[k];
		json_t			   *j = json_object();

		json_object_set_new(j, "index", json_integer(f->index));
		json_object_set_new(j, "data_size", json_integer(f->data_size));
		json_object_set_new(j, "metadata_size", json_integer(f->metadata_size));
		json_object_set_new(j, "in_use", json_boolean(f->in_use));
		json_array_append_new(fmts, j);
	}
	json_object_set_new(o, "lba_formats", fmts);
	return o;
}

/* JSON for a controller's identity, link and NUMA node (detect and check). */
json_t *
cli_json_ctrl_identity(const struct nvmeinfo_ctrl *c)
{
	json_t *o = json_object(), *p = json_object();

	json_object_set_new(o, "name", cli_jstr(c->name));
	json_object_set_new(o, "model", cli_jstr(c->model));
	json_object_set_new(o, "serial", cli_jstr(c->serial));
	json_object_set_new(o, "firmware", cli_jstr(c->firmware));
	json_object_set_new(o, "vendor_id", cli_jint(c->vendor_id));
	json_object_set_new(o, "subsystem_nqn", cli_jstr(c->subsysnqn));
	json_object_set_new(o, "transport", cli_jstr(c->transport));
	json_object_set_new(o, "total_capacity_bytes", cli_jint(c->total_capacity));
	json_object_set_new(o, "mdts_bytes", cli_jint(c->mdts_bytes));
	json_object_set_new(o, "temp_warning_c", cli_jtemp(c->temp_warning_c));
	json_object_set_new(o, "temp_critical_c", cli_jtemp(c->temp_critical_c));
	json_object_set_new(p, "address", cli_jstr(c->pcie.address));
	json_object_set_new(p, "speed_gts", cli_jreal(c->pcie.speed_gts));
	json_object_set_new(p, "width", cli_jint(c->pcie.width));
	json_object_set_new(p, "max_speed_gts", cli_jreal(c->pcie.max_speed_gts));
	json_object_set_new(p, "max_width", cli_jint(c->pcie.max_width));
	json_object_set_new(o, "pcie", p);
	json_object_set_new(o, "numa_node", cli_jint(c->numa_node));
	return o;
}

/* JSON for one controller. */
static json_t *
detect_json_ctrl(const struct detect_ctrl *d)
{
	const struct nvmeinfo_ctrl *c = d->ctrl;
	json_t			   *o, *nss = json_array(), *ex = json_array();

	o = cli_json_ctrl_identity(c);
	json_object_set_new(o, "smart", cli_json_smart(&c->smart));
	json_object_set_new(o, "match", cli_json_match(&d->match));
	for (size_t i = 0; i < c->nnamespaces; i++)
		json_array_append_new(nss, detect_json_ns(&c->namespaces[i]));
	json_object_set_new(o, "namespaces", nss);
	for (size_t i = 0; i < d->nitems; i++) {
		const struct explain_item *it = &d->items[i];
		json_t			  *j = json_object();

		json_object_set_new(j, "kind", json_string(it->kind));
		json_object_set_new(j, "severity",
				    json_string(explain_severity_name(it->severity)));
		json_object_set_new(j, "subject", json_string(it->subject));
		json_object_set_new(j, "message", json_string(it->message));
		json_array_append_new(ex, j);
	}
	json_object_set_new(o, "explainers", ex);
	json_object_set_new(o, "note", cli_jstr(c->note));
	return o;
}

/* The mounted/root flags and mount points of a block device, into o. */
static void
detect_json_usage(json_t *o, const char *path)
{
	struct safety_usage u;
	json_t		   *mp = json_array();
	bool		    known = path != NULL && safety_block_usage(path, &u) == 0;

	for (size_t i = 0; known && i < u.nmounts; i++)
		json_array_append_new(mp, json_string(u.mountpoints[i]));
	json_object_set_new(o, "mounted", known ? json_boolean(u.mounted) : json_null());
	json_object_set_new(o, "root", known ? json_boolean(u.root) : json_null());
	json_object_set_new(o, "mountpoints", mp);
}

/* "  [ROOT FS]", "  [MOUNTED at /mnt]" or "" for a block device. */
static const char *
detect_usage_tag(const char *path, char *buf, size_t len)
{
	struct safety_usage u;

	buf[0] = '\0';
	if (path != NULL && safety_block_usage(path, &u) == 0 && u.mounted)
		snprintf(buf, len, "  [%s at %s]", u.root ? "ROOT FS, mounted" : "MOUNTED",
			 u.mountpoints[0]);
	return buf;
}

/* JSON for one block device. */
static json_t *
detect_json_blockdev(const struct nvmeinfo_blockdev *b)
{
	json_t *o = json_object();

	json_object_set_new(o, "name", json_string(b->name));
	json_object_set_new(o, "path", json_string(b->path));
	json_object_set_new(o, "size_bytes", cli_ju64(b->size_bytes));
	json_object_set_new(o, "logical_block_size", cli_jint(b->logical_block_size));
	json_object_set_new(o, "physical_block_size", cli_jint(b->physical_block_size));
	json_object_set_new(o, "rotational", json_boolean(b->rotational));
	json_object_set_new(o, "model", cli_jstr(b->model));
	json_object_set_new(o, "kind", json_string(b->kind));
	json_object_set_new(o, "nvme", json_boolean(b->nvme));
	json_object_set_new(o, "backing_file", cli_jstr(b->backing_file));
	detect_json_usage(o, b->path);
	return o;
}

/* The whole detection as one JSON object. */
static json_t *
detect_json(const struct nvmeinfo *info, const struct detect_ctrl *dc)
{
	json_t *o = json_object(), *ctrls = json_array(), *devs = json_array();

	for (size_t i = 0; i < info->nctrls; i++)
		json_array_append_new(ctrls, detect_json_ctrl(&dc[i]));
	for (size_t i = 0; i < info->nblockdevs; i++)
		json_array_append_new(devs, detect_json_blockdev(&info->blockdevs[i]));
	json_object_set_new(o, "controllers", ctrls);
	json_object_set_new(o, "block_devices", devs);
	return o;
}

/* "Gen5 x4" or "16.0 GT/s x4"; "?" parts when unknown. */
static char *
detect_link(double gts, int width, char *buf, size_t len)
{
	int  gen = nvmeinfo_pcie_gen(gts);
	char w[16];

	if (width > 0)
		snprintf(w, sizeof w, " x%d", width);
	else
		snprintf(w, sizeof w, " x?");
	if (gen > 0)
		snprintf(buf, len, "Gen%d%s", gen, w);
	else if (!isnan(gts))
		snprintf(buf, len, "%.1f GT/s%s", gts, w);
	else
		snprintf(buf, len, "?%s", w);
	return buf;
}

/* A temperature as text: "41 °C" or "-". */
char *
cli_temp(int c, char *buf, size_t len)
{
	if (c == NVMEINFO_TEMP_NONE)
		snprintf(buf, len, "-");
	else
		snprintf(buf, len, "%d %sC", c, cli_text_ascii() ? "" : cli_glyph(CLI_G_DEG));
	return buf;
}

/* Print one namespace line. */
static void
detect_print_ns(FILE *f, const struct nvmeinfo_ns *ns)
{
	char size[32];

	cli_fprintf(f, "    %-10s nsid %d, %s, LBA %d+%d", ns->name ? ns->name : "?", ns->nsid,
	       fmt_bytes((double)ns->size_bytes, size, sizeof size), ns->lba_data_size,
	       ns->lba_metadata_size < 0 ? 0 : ns->lba_metadata_size);
	if (ns->nformats > 1) {
		cli_fprintf(f, " (formats:");
		for (size_t k = 0; k < ns->nformats; k++)
			cli_fprintf(f, " %d+%d%s", ns->formats[k].data_size,
			       ns->formats[k].metadata_size,
			       ns->formats[k].in_use ? "*" : "");
		cli_fprintf(f, ")");
	}
	fputc('\n', f);
}

/* Print one controller. */
static void
detect_print_ctrl(FILE *f, const struct detect_ctrl *d)
{
	const struct nvmeinfo_ctrl  *c = d->ctrl;
	const struct nvmeinfo_smart *s = &c->smart;
	const struct match_result   *m = &d->match;
	char			     cur[32], max[32], t[3][24], cap[32];

	cli_fprintf(f, "  %-6s %s %s %s", c->name, c->model ? c->model : "(no model)",
		   cli_glyph(CLI_G_ARROW), m->label);
	if (m->rule != MATCH_NONE)
		cli_fprintf(f, " (%s match, %s)", match_rule_name(m->rule),
		       m->sku->status ? m->sku->status : "?");
	fputc('\n', f);
	if (m->inferred_only)
		cli_fprintf(f, "    %-12s model string inferred, not in a published list\n", "note");
	cli_fprintf(f, "    %-12s %s, serial %s", "firmware", c->firmware ? c->firmware : "-",
	       c->serial ? c->serial : "-");
	if (c->vendor_id >= 0)
		cli_fprintf(f, ", PCI vendor 0x%04x", (unsigned)c->vendor_id);
	if (c->total_capacity > 0)
		cli_fprintf(f, ", %s", fmt_bytes((double)(uint64_t)c->total_capacity, cap, sizeof cap));
	fputc('\n', f);
	if (isnan(c->pcie.speed_gts) && isnan(c->pcie.max_speed_gts) &&
	    c->pcie.width < 0 && c->pcie.max_width < 0 && c->pcie.address != NULL) {
		cli_fprintf(f, "    %-12s link speed and width not reported, %s\n", "PCIe",
		       c->pcie.address);
	} else if (c->pcie.address != NULL || !isnan(c->pcie.speed_gts)) {
		int below = (!isnan(c->pcie.speed_gts) && !isnan(c->pcie.max_speed_gts) &&
			     c->pcie.speed_gts < c->pcie.max_speed_gts - 0.01) ||
			    (c->pcie.width > 0 && c->pcie.max_width > 0 &&
			     c->pcie.width < c->pcie.max_width);

		cli_fprintf(f, "    %-12s %s (max %s)%s%s", "PCIe",
		       detect_link(c->pcie.speed_gts, c->pcie.width, cur, sizeof cur),
		       detect_link(c->pcie.max_speed_gts, c->pcie.max_width, max, sizeof max),
		       below ? " " : "", below ? cli_glyph(CLI_G_WARN) : "");
		if (c->pcie.address)
			cli_fprintf(f, ", %s", c->pcie.address);
		if (c->numa_node >= 0)
			cli_fprintf(f, ", NUMA node %d", c->numa_node);
		fputc('\n', f);
	} else {
		cli_fprintf(f, "    %-12s not PCIe (transport %s)\n", "link",
		       c->transport ? c->transport : "unknown");
	}
	if (s->valid) {
		cli_fprintf(f, "    %-12s %s (warning %s, critical %s)\n", "temperature",
		       cli_temp(s->temperature_c, t[0], sizeof t[0]),
		       cli_temp(c->temp_warning_c, t[1], sizeof t[1]),
		       cli_temp(c->temp_critical_c, t[2], sizeof t[2]));
		cli_fprintf(f, "    %-12s %d%% (threshold %d%%), %d%% used, %llu power-on hours\n",
		       "spare", s->available_spare_pct, s->spare_threshold_pct,
		       s->percentage_used, (unsigned long long)s->power_on_hours);
		cli_fprintf(f, "    %-12s ", "critical");
		if (s->critical_warning == 0) {
			cli_fprintf(f, "none\n");
		} else {
			const char *sep = "";

			for (int b = 0; b < 8; b++) {
				const char *name = nvmeinfo_cw_name(1 << b);

				if ((s->critical_warning & (1 << b)) == 0)
					continue;
				cli_fprintf(f, "%s%s", sep, name ? name : "reserved");
				sep = ", ";
			}
			cli_fprintf(f, " (0x%02x)\n", (unsigned)s->critical_warning);
		}
	}
	if (c->note != NULL)
		cli_fprintf(f, "    %-12s %s\n", "note", c->note);
	for (size_t i = 0; i < c->nnamespaces; i++)
		detect_print_ns(f, &c->namespaces[i]);
	for (size_t i = 0; i < d->nitems; i++)
		cli_fprintf(f, "    %s %s: %s: %s\n", cli_glyph(CLI_G_WARN),
			   explain_severity_name(d->items[i].severity),
		       d->items[i].kind, d->items[i].message);
}

/* The other block devices' columns (no header line): on a terminal
 * narrower than CLI_TABLE_BELOW_COLS the notes (not NVMe, model, backing
 * file, what uses it) go on their own indented lines under the row. */
static const struct cli_table_col detect_dev_cols[] = {
	{ "name", "  ", 8, 0, 0, NULL, 0, NULL, NULL },
	{ "kind", " ", 7, 1, 0, NULL, 0, NULL, NULL },
	{ "size", " ", 10, 0, CLI_TABLE_RIGHT, NULL, 0, NULL, NULL },
	{ "sectors", "  ", 0, 0, 0, NULL, 0, NULL, NULL },
	{ "notes", "  ", 0, 0, CLI_TABLE_FREE | CLI_TABLE_BELOW, NULL, 0, NULL, NULL },
};

/* Add block device b's row to t. */
static void
detect_add_dev(struct cli_table *t, const struct nvmeinfo_blockdev *b)
{
	char size[32], tag[320], sect[64], notes[1024];

	fmt_size((double)b->size_bytes, size, sizeof size);
	snprintf(sect, sizeof sect, "%d/%d B sectors%s", b->logical_block_size,
		 b->physical_block_size, b->rotational ? ", rotational" : "");
	snprintf(notes, sizeof notes, "not NVMe%s%s%s%s%s", b->model ? "  " : "",
		 b->model ? b->model : "", b->backing_file ? "  (backing " : "",
		 b->backing_file ? b->backing_file : "", b->backing_file ? ")" : "");
	snprintf(notes + strlen(notes), sizeof notes - strlen(notes), "%s",
		 detect_usage_tag(b->path, tag, sizeof tag));
	cli_table_add(t, (const char *const[]){ b->name, b->kind, size, sect, notes });
}

/* Print the whole detection as text; on a terminal the controllers' lines
 * wrap to its width and the block devices' table fits it. */
static void
detect_print_text(const struct nvmeinfo *info, const struct detect_ctrl *dc)
{
	struct cli_table t;
	FILE		*w = cli_wrap_begin(stdout);

	cli_fprintf(w, "DETECTED (%zu NVMe controller%s)\n", info->nctrls,
		    info->nctrls == 1 ? "" : "s");
	if (info->nctrls == 0)
		cli_fprintf(w, "  no NVMe controller on this machine\n");
	for (size_t i = 0; i < info->nctrls; i++)
		detect_print_ctrl(w, &dc[i]);
	cli_fprintf(w, "\nOTHER BLOCK DEVICES\n");
	cli_wrap_end(w, stdout);
	cli_table_init(&t, detect_dev_cols, sizeof detect_dev_cols / sizeof detect_dev_cols[0]);
	t.noheader = true;
	for (size_t i = 0; i < info->nblockdevs; i++)
		if (!info->blockdevs[i].nvme)
			detect_add_dev(&t, &info->blockdevs[i]);
	if (t.nrows > 0)
		cli_table_print(&t, stdout);
	else
		cli_printf("  none\n");
	cli_table_free(&t);
}

/* Match, load the sheet and explain one controller. */
static void
detect_analyse(struct specdb *db, const struct spec_family *fams, size_t nfams,
	       struct arena *a, struct detect_ctrl *d)
{
	struct dd_error err = { 0 };

	match_model(fams, nfams, d->ctrl->model, nvmeinfo_match_capacity(d->ctrl),
		    &d->match);
	if (d->match.rule != MATCH_NONE &&
	    specdb_sheet(db, d->match.family->id, d->match.drive->id, a, &d->sheet,
			 &err) == 0)
		d->have_sheet = 1;
	d->nitems = explain_controller(d->ctrl, d->have_sheet ? &d->sheet : NULL,
				       d->items, EXPLAIN_MAX);
}

/* `drivedash detect [--json]`. */
int
cmd_detect(struct cli_ctx *ctx, int argc, char **argv)
{
	static const struct option opts[] = {
		CLI_OPTIONS_AT("json"),
		{ "sysfs", required_argument, NULL, 's' },
		{ NULL, 0, NULL, 0 },
	};
	struct cli_options  co;
	struct dd_error	    err = { 0 };
	struct arena	    a = { 0 };
	struct nvmeinfo	    info;
	struct spec_family *fams;
	struct detect_ctrl *dc = NULL;
	struct specdb	   *db;
	const char	   *sysfs = NULL;
	FILE		   *help;
	size_t		    nfams;
	int		    c, json = 0, rc = EXIT_OK;

	cli_options_init(&co, "detect", CLI_OG_JSON, opts, NULL);
	while ((c = cli_options_next(&co, argc, argv)) != -1) {
		switch (c) {
		case 's':
			sysfs = optarg;
			break;
		case 'h':
			help = cli_help_begin();
			cli_fprintf(help, "usage: %s detect [--json]\n"
			       "List this machine's NVMe controllers, matched to the specs\n"
			       "database, with health, PCIe link, namespaces and explainers;\n"
			       "then the other block devices.\n", ctx->progname);
			return cli_help_end(help);
		default:
			cli_error("usage: detect [--json]");
			return EXIT_USAGE;
		}
	}
	json = co.json;
	if (optind < argc) {
		cli_error("detect takes no arguments (got '%s')", argv[optind]);
		return EXIT_USAGE;
	}
	db = cli_open_db(ctx);
	if (db == NULL)
		return EXIT_USAGE;
	if (specdb_families(db, &a, &fams, &nfams, &err) < 0 ||
	    nvmeinfo_scan(sysfs, &a, &info, &err) < 0) {
		cli_error("%s", err.msg);
		rc = EXIT_USAGE;
		goto out;
	}
	if (info.nctrls > 0)
		dc = arena_alloc(&a, info.nctrls * sizeof *dc);
	for (size_t i = 0; i < info.nctrls; i++) {
		dc[i].ctrl = &info.ctrls[i];
		detect_analyse(db, fams, nfams, &a, &dc[i]);
	}
	if (json)
		rc = cli_print_json(detect_json(&info, dc));
	else
		detect_print_text(&info, dc);
out:
	arena_free(&a);
	specdb_close(db);
	return rc;
}
