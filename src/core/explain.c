/*
 * Explainers over a detected controller: each rule reads the controller (and
 * the matched spec sheet) and appends at most a few items.  See explain.h.
 */
#include "config.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "core/explain.h"
#include "core/format.h"

/* Where explain_add writes. */
struct explain_out {
	struct explain_item *items;
	size_t		     n, max;
};

/* Append one item; silently drop it when the array is full. */
static void
explain_add(struct explain_out *o, const char *kind, enum explain_severity sev,
	    const char *subject, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));

/* Append one item; silently drop it when the array is full. */
static void
explain_add(struct explain_out *o, const char *kind, enum explain_severity sev,
	    const char *subject, const char *fmt, ...)
{
	struct explain_item *it;
	va_list		     ap;

	if (o->n >= o->max)
		return;
	it = &o->items[o->n++];
	it->kind = kind;
	it->severity = sev;
	snprintf(it->subject, sizeof it->subject, "%s", subject ? subject : "");
	va_start(ap, fmt);
	vsnprintf(it->message, sizeof it->message, fmt, ap);
	va_end(ap);
}

/* Name of a severity. */
const char *
explain_severity_name(enum explain_severity s)
{
	switch (s) {
	case EXPLAIN_INFO:
		return "info";
	case EXPLAIN_WARNING:
		return "warning";
	case EXPLAIN_CRITICAL:
		return "critical";
	}
	return "info";
}

/* The preferred spec figure for a metric: the capacity point's, else the family's. */
static const struct spec_figure *
explain_figure(const struct spec_sheet *sh, const char *metric, int block_size)
{
	const struct spec_figure *family_wide = NULL;

	if (sh == NULL)
		return NULL;
	for (size_t i = 0; i < sh->nfigures; i++) {
		const struct spec_figure *g = &sh->figures[i];

		if (!g->preferred || g->metric_id == NULL || strcmp(g->metric_id, metric) != 0)
			continue;
		if (block_size > 0 && g->block_size > 0 && g->block_size != block_size)
			continue;
		if (g->drive_id == NULL) {
			if (family_wide == NULL)
				family_wide = g;
		} else if (sh->only_drive != NULL && strcmp(g->drive_id, sh->only_drive) == 0) {
			return g;
		}
	}
	return family_wide;
}

/* Usable bandwidth of a PCIe link in MB/s (after line encoding). */
static double
explain_link_mbps(double gts, int width)
{
	double enc = gts >= 8.0 ? 128.0 / 130.0 : 0.8;

	return gts * 1000.0 / 8.0 * enc * width;
}

/* Rule pcie-link: trained below the maximum speed or width. */
static void
explain_pcie(const struct nvmeinfo_ctrl *c, const struct spec_sheet *sh,
	     struct explain_out *o)
{
	const struct nvmeinfo_pcie *p = &c->pcie;
	const struct spec_figure   *seq;
	int			    slow, narrow, gen, maxgen;
	char			    cap[32], extra[160] = "";

	slow = !isnan(p->speed_gts) && !isnan(p->max_speed_gts) &&
	       p->speed_gts < p->max_speed_gts - 0.01;
	narrow = p->width > 0 && p->max_width > 0 && p->width < p->max_width;
	if (!slow && !narrow)
		return;
	gen = nvmeinfo_pcie_gen(p->speed_gts);
	maxgen = nvmeinfo_pcie_gen(p->max_speed_gts);
	if (!isnan(p->speed_gts) && p->width > 0) {
		double mbps = explain_link_mbps(p->speed_gts, p->width);

		seq = explain_figure(sh, "seq_read", 0);
		if (seq != NULL && seq->unit_id && strcmp(seq->unit_id, "MB/s") == 0 &&
		    seq->value > mbps)
			snprintf(extra, sizeof extra,
				 ", below the %s MB/s sequential read of the spec sheet",
				 fmt_number(seq->value, 0, cap, sizeof cap));
		snprintf(cap, sizeof cap, "%.1f", mbps / 1000.0);
	} else {
		snprintf(cap, sizeof cap, "?");
	}
	explain_add(o, "pcie-link", EXPLAIN_WARNING, c->name,
		    "PCIe link trained at Gen%d x%d, below the device's maximum Gen%d x%d: "
		    "throughput is capped near %s GB/s%s (check the slot, riser and BIOS "
		    "link settings)",
		    gen, p->width, maxgen, p->max_width, cap, extra);
}

/* Rule lba-format: 512-byte sectors while 4096 is supported. */
static void
explain_lba(const struct nvmeinfo_ctrl *c, const struct spec_sheet *sh,
	    struct explain_out *o)
{
	for (size_t i = 0; i < c->nnamespaces; i++) {
		const struct nvmeinfo_ns   *ns = &c->namespaces[i];
		const struct nvmeinfo_lbaf *best = NULL;
		const struct spec_figure   *rr;
		char			    extra[128] = "", num[32];

		if (ns->lba_data_size != 512)
			continue;
		for (size_t k = 0; k < ns->nformats; k++) {
			const struct nvmeinfo_lbaf *f = &ns->formats[k];

			if (f->data_size == 4096 &&
			    (best == NULL || f->metadata_size < best->metadata_size))
				best = f;
		}
		if (best == NULL)
			continue;
		rr = explain_figure(sh, "rand_read", 4096);
		if (rr != NULL)
			snprintf(extra, sizeof extra, " (the %s IOPS random read is measured so)",
				 fmt_number(rr->value, 0, num, sizeof num));
		explain_add(o, "lba-format", EXPLAIN_WARNING, ns->name,
			    "%s is formatted with 512-byte sectors although 4096-byte LBA "
			    "format %d is supported; spec-sheet figures assume 4 KiB%s, and "
			    "`nvme format --lbaf=%d` switches it (erasing the namespace)",
			    ns->name ? ns->name : "the namespace", best->index, extra,
			    best->index);
	}
}

/* Rule temperature: within the margin of, or above, the warning threshold. */
static void
explain_temperature(const struct nvmeinfo_ctrl *c, struct explain_out *o)
{
	int t = c->smart.temperature_c, w = c->temp_warning_c, cr = c->temp_critical_c;

	if (!c->smart.valid || t == NVMEINFO_TEMP_NONE || w == NVMEINFO_TEMP_NONE)
		return;
	if (cr != NVMEINFO_TEMP_NONE && t >= cr)
		explain_add(o, "temperature", EXPLAIN_CRITICAL, c->name,
			    "composite temperature %d °C is at or above the critical "
			    "threshold %d °C: the drive is throttling hard or about to shut down",
			    t, cr);
	else if (t >= w)
		explain_add(o, "temperature", EXPLAIN_CRITICAL, c->name,
			    "composite temperature %d °C is at or above the warning "
			    "threshold %d °C: expect thermal throttling; improve airflow",
			    t, w);
	else if (t >= w - EXPLAIN_TEMP_MARGIN_C)
		explain_add(o, "temperature", EXPLAIN_WARNING, c->name,
			    "composite temperature %d °C is within %d °C of the warning "
			    "threshold %d °C: a sustained workload may throttle",
			    t, w - t, w);
}

/* Rule wear: percentage used at or above the limit. */
static void
explain_wear(const struct nvmeinfo_ctrl *c, struct explain_out *o)
{
	int used = c->smart.percentage_used;

	if (!c->smart.valid || used < EXPLAIN_WEAR_PCT)
		return;
	explain_add(o, "wear", used >= 100 ? EXPLAIN_CRITICAL : EXPLAIN_WARNING, c->name,
		    "percentage used is %d%%: the drive has spent %s of its rated "
		    "endurance; plan its replacement",
		    used, used >= 100 ? "all" : "most");
}

/* Rule critical-warning: one item per bit set. */
static void
explain_critical(const struct nvmeinfo_ctrl *c, struct explain_out *o)
{
	if (!c->smart.valid || c->smart.critical_warning == 0)
		return;
	for (int bit = 0; bit < 8; bit++) {
		int	    mask = 1 << bit;
		const char *text;

		if ((c->smart.critical_warning & mask) == 0)
			continue;
		text = nvmeinfo_cw_text(mask);
		if (text != NULL)
			explain_add(o, "critical-warning", EXPLAIN_CRITICAL, c->name,
				    "critical warning bit %d (%s): %s", bit,
				    nvmeinfo_cw_name(mask), text);
		else
			explain_add(o, "critical-warning", EXPLAIN_CRITICAL, c->name,
				    "critical warning bit %d is set (reserved by the "
				    "specification this tool knows)", bit);
	}
}

/* Rule namespace-size: a namespace much smaller than the controller. */
static void
explain_ns_size(const struct nvmeinfo_ctrl *c, struct explain_out *o)
{
	if (c->total_capacity <= 0)
		return;
	for (size_t i = 0; i < c->nnamespaces; i++) {
		const struct nvmeinfo_ns *ns = &c->namespaces[i];
		double			  frac;
		char			  a[32], b[32];

		if (ns->size_bytes == 0)
			continue;
		frac = (double)ns->size_bytes / (double)c->total_capacity;
		if (frac >= EXPLAIN_NS_FRACTION)
			continue;
		explain_add(o, "namespace-size", EXPLAIN_INFO, ns->name,
			    "%s holds %s of the controller's %s (%.0f%%): the rest is "
			    "unallocated or in other namespaces, and spec-sheet figures are "
			    "for the whole drive",
			    ns->name ? ns->name : "the namespace",
			    fmt_capacity((double)ns->size_bytes / 1e9, a, sizeof a),
			    fmt_capacity((double)c->total_capacity / 1e9, b, sizeof b),
			    frac * 100.0);
	}
}

/* Explain a controller. */
size_t
explain_controller(const struct nvmeinfo_ctrl *c, const struct spec_sheet *sheet,
		   struct explain_item *out, size_t max)
{
	struct explain_out o = { .items = out, .n = 0, .max = max };

	if (c == NULL || out == NULL)
		return 0;
	explain_critical(c, &o);
	explain_temperature(c, &o);
	explain_wear(c, &o);
	explain_pcie(c, sheet, &o);
	explain_lba(c, sheet, &o);
	explain_ns_size(c, &o);
	return o.n;
}
