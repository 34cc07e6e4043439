/*
 * The spec sheet screen: one family, everything the database has on it.
 *
 * The sheet is taller than any terminal, so it is drawn in full into an
 * off-screen cell buffer as wide as the screen (struct sheet_doc: the buffer
 * and the next free row) and the rows top .. top + h are copied into the
 * frame; scrolling only moves top.  Sections, in order: identity, the
 * capacity points with their headline spec figures, the 4K random read IOPS
 * of the reviews as an IODepth x NumJobs heat map (when the reviewed
 * capacity point has such points), every spec figure with its conditions,
 * source and confidence, every review measurement, the sources, the notes.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/format.h"
#include "ui/chart.h"
#include "ui/chart-build.h"
#include "ui/tui.h"

#define SHEET_MAX_ROWS 2000
#define SHEET_WIDE_FIGURES	120	/* figures on one line from this width */
#define SHEET_WIDE_MEASUREMENTS 132	/* measurements on one line from this width */

/* The sheet being laid out: a tall buffer and the next free row. */
struct sheet_doc {
	struct cellbuf *cb;
	int		y;
};

/* The next row of the document (grows the buffer). */
static int
sheet_row(struct sheet_doc *d)
{
	if (d->y >= d->cb->h && d->cb->h < SHEET_MAX_ROWS)
		cellbuf_resize(d->cb, d->cb->w, d->cb->h * 2 > SHEET_MAX_ROWS ? SHEET_MAX_ROWS :
			       d->cb->h * 2);
	return d->y++;
}

/* A section heading with a rule after it. */
static void
sheet_heading(struct tui *t, struct sheet_doc *d, const char *text)
{
	int y, n;

	sheet_row(d);
	y = sheet_row(d);
	n = tui_print(d->cb, 1, y, -1, UI_TITLE, UI_BOLD, "%s ", text);
	cellbuf_hline(d->cb, 1 + n, y, d->cb->w - 2 - n, t->g, UI_BORDER);
}

/* Word-wrapped text from column x, prefixed on the first line. */
static void
sheet_wrap(struct sheet_doc *d, int x, const char *text, uint8_t role)
{
	int	    w = d->cb->w - x - 1;
	const char *p = text;

	while (p != NULL && *p != '\0' && w > 10) {
		int len = (int)strlen(p), cut = len;

		/* Cut at the last space within w columns (bytes ~ columns here). */
		if (tui_cols(p) > w) {
			cut = w;
			while (cut > 0 && p[cut] != ' ')
				cut--;
			if (cut == 0) {
				cut = w;
				while (cut > 0 && ((unsigned char)p[cut] & 0xc0) == 0x80)
					cut--;	/* never inside a UTF-8 sequence */
			}
		}
		tui_print(d->cb, x, sheet_row(d), w, role, 0, "%.*s", cut, p);
		p += cut;
		while (*p == ' ')
			p++;
	}
}

/* Append a part to a " · "-joined line. */
static void
sheet_join(struct tui *t, char *line, size_t len, const char *part)
{
	size_t o = strlen(line);

	if (part == NULL || part[0] == '\0' || o >= len)
		return;
	snprintf(line + o, len - o, "%s%s%s%s", o ? " " : "", o ? t->sym->dot : "", o ? " " : "",
		 part);
}

/* "label: text", wrapped under itself; nothing when text is NULL. */
static void
sheet_labelled(struct sheet_doc *d, const char *label, const char *text)
{
	char line[1024];

	if (text == NULL)
		return;
	snprintf(line, sizeof line, "%s%s", label, text);
	sheet_wrap(d, 1, line, UI_DIM_TEXT);
}

/* Identity: vendor, name, interface line, notes about form factor and NAND. */
static void
sheet_identity(struct tui *t, struct sheet_doc *d, const struct spec_family *f)
{
	int  y = sheet_row(d), x;
	char line[512] = "", part[64], num[16];

	x = tui_print(d->cb, 1, y, -1, UI_TITLE, UI_BOLD, "%s %s", f->vendor, f->name);
	sheet_join(t, line, sizeof line, f->segment);
	if (f->pcie_gen > 0) {
		snprintf(part, sizeof part, "PCIe %d.0 x%d", f->pcie_gen,
			 f->pcie_lanes > 0 ? f->pcie_lanes : 4);
		sheet_join(t, line, sizeof line, part);
	}
	if (f->nvme_version != NULL) {
		snprintf(part, sizeof part, "NVMe %s", f->nvme_version);
		sheet_join(t, line, sizeof line, part);
	}
	if (f->ports != NULL) {
		snprintf(part, sizeof part, "%s port", f->ports);
		sheet_join(t, line, sizeof line, part);
	}
	if (!isnan(f->dwpd)) {
		snprintf(part, sizeof part, "%s DWPD", fmt_number(f->dwpd, 1, num, sizeof num));
		sheet_join(t, line, sizeof line, part);
	}
	if (f->warranty_years > 0) {
		snprintf(part, sizeof part, "%d years", f->warranty_years);
		sheet_join(t, line, sizeof line, part);
	}
	if (f->plp == 1)
		sheet_join(t, line, sizeof line, "power-loss protection");
	/* The facts after the name when they fit there, else wrapped below it. */
	if (x + 3 + tui_cols(line) <= d->cb->w - 1)
		tui_print(d->cb, x + 3, y, -1, UI_DIM_TEXT, 0, "%s", line);
	else
		sheet_wrap(d, 3, line, UI_DIM_TEXT);
	sheet_labelled(d, "form factors: ", f->form_factors);
	sheet_labelled(d, "NAND: ", f->nand);
	sheet_labelled(d, "security: ", f->security);
}

/* A figure of one capacity point as a short number, or the dash; a
 * family-wide one (the point states none of its own) marked
 * SPECDB_FAMILY_WIDE_MARK in the cell, as `show`'s attribute tables do.
 * True when it marked one. */
static bool
sheet_cap_figure(struct tui *t, struct sheet_doc *d, int x, int y, int w,
		 const struct tui_sheet *s, const char *metric, int bs, int decimals, bool count,
		 uint8_t role)
{
	const struct spec_figure *f = tui_ref_figure(s, metric, bs);
	char			  num[64], lo[24], hi[24];

	if (f == NULL) {
		tui_print_right(d->cb, x + w, y, UI_DIM_TEXT, 0, t->sym->dash);
		return false;
	}
	if (count) {
		fmt_count(f->value, lo, sizeof lo);
		fmt_count(f->value_hi, hi, sizeof hi);
	} else {
		fmt_number(f->value, decimals, lo, sizeof lo);
		fmt_number(f->value_hi, decimals, hi, sizeof hi);
	}
	/* The figure's qualifier ("~", "<=", a range) stays on it. */
	fmt_qualify(f->qual, lo, isnan(f->value_hi) ? NULL : hi, t->utf8, num, sizeof num);
	specdb_figure_marks(&s->sheet, f, num + strlen(num), sizeof num - strlen(num));
	if (f->drive_id == NULL && s->pick.drive != NULL)
		snprintf(num + strlen(num), sizeof num - strlen(num), " %s",
			 SPECDB_FAMILY_WIDE_MARK);
	tui_print_right(d->cb, x + w, y, role, 0, num);
	return f->drive_id == NULL && s->pick.drive != NULL;
}

/* The capacity points with their headline figures. */
static void
sheet_capacities(struct tui *t, struct sheet_doc *d, const struct tui_sheet *s)
{
	static const struct {
		const char *head, *narrow, *metric;
		int	    bs, dec;
		bool	    count;
	} cols[] = {
		{ "seq read MB/s", "seq R MB/s", "seq_read", 131072, 0, false },
		{ "seq write MB/s", "seq W MB/s", "seq_write", 131072, 0, false },
		{ "4K rand read", "4K rnd R", "rand_read", 4096, 0, true },
		{ "4K rand write", "4K rnd W", "rand_write", 4096, 0, true },
		{ "read lat ", "lat R ", "lat_read", 0, 1, false },
	};
	const struct spec_family *f = s->pick.fam;
	bool			  wide = d->cb->w >= 120;
	int			  x0 = wide ? 30 : 14, step = wide ? 16 : 11;
	int			  y = sheet_row(d);
	bool			  family_wide = false;

	tui_print(d->cb, 3, y, -1, UI_TITLE, 0, "capacity");
	if (wide)
		tui_print(d->cb, 14, y, -1, UI_TITLE, 0, "form factor");
	for (size_t c = 0; c < sizeof cols / sizeof cols[0]; c++) {
		char head[32];

		/* the latency column (bs 0) ends in its unit: µs, us in ASCII */
		snprintf(head, sizeof head, "%s%s%s", wide ? cols[c].head : cols[c].narrow,
			 cols[c].bs == 0 ? t->sym->micro : "", cols[c].bs == 0 ? "s" : "");
		tui_print_right(d->cb, x0 + step * ((int)c + 1), y, UI_TITLE, 0, head);
	}
	tui_print_right(d->cb, x0 + step * 6 - (wide ? 0 : 3), y, UI_TITLE, 0, "reviews");
	for (size_t i = 0; i < f->ndrives; i++) {
		struct tui_sheet	 one = *s;
		const struct spec_drive *dr = &f->drives[i];
		bool			 picked = dr == s->pick.drive;
		char			 cap[32];

		one.pick.drive = dr;
		y = sheet_row(d);
		if (picked)
			cellbuf_put_str(d->cb, 1, y, 1, t->sym->cursor, UI_KEY, UI_BOLD);
		tui_print(d->cb, 3, y, 10, UI_TEXT, picked ? UI_BOLD : 0, "%s",
			  fmt_capacity(dr->capacity_gb, cap, sizeof cap));
		if (wide)
			tui_print(d->cb, 14, y, 14, UI_DIM_TEXT, 0, "%s",
				  dr->form_factor ? dr->form_factor : "");
		for (size_t c = 0; c < sizeof cols / sizeof cols[0]; c++)
			family_wide |= sheet_cap_figure(t, d, x0 + step * (int)c, y, step, &one,
							cols[c].metric, cols[c].bs, cols[c].dec,
							cols[c].count, UI_SPEC_TARGET);
		if (dr->nmeasurements > 0) {
			char n[24];

			snprintf(n, sizeof n, "%zu", dr->nmeasurements);
			tui_print_right(d->cb, x0 + step * 6 - (wide ? 0 : 3), y, UI_REVIEW_REF, 0, n);
		}
	}
	tui_print(d->cb, 3, sheet_row(d), -1, UI_DIM_TEXT, 0,
		  "spec-sheet figures of each capacity point; h/l picks one");
	if (family_wide)
		tui_print(d->cb, 3, sheet_row(d), -1, UI_DIM_TEXT, 0, "%s",
			  SPECDB_FAMILY_WIDE_LEGEND);
	for (size_t i = 0; i < s->sheet.nfigures; i++)
		if (specdb_figure_grade_c(&s->sheet, &s->sheet.figures[i])) {
			tui_print(d->cb, 3, sheet_row(d), -1, UI_DIM_TEXT, 0, "%s",
				  SPECDB_GRADE_C_LEGEND);
			break;
		}
}

/* The 4K random read heat map of the reviewed capacity point, if it has points. */
static void
sheet_heatmap(struct tui *t, struct sheet_doc *d, const struct tui_sheet *s)
{
	struct chart_heat_data *hd;
	struct chart_heatmap	hm;
	int			nq, nj, rows;
	char			title[160], cap[32] = "";

	if (s->review_drive == NULL || (hd = malloc(sizeof *hd)) == NULL)
		return;
	/* The shared model (a report builds the same one). */
	chart_build_review_heat(hd, &s->sheet, s->review_drive, t->sym->times);
	nq = hd->nq;
	nj = hd->nj;
	if (nq == 0) {
		free(hd);
		return;
	}
	for (size_t k = 0; k < s->pick.fam->ndrives; k++)
		if (strcmp(s->pick.fam->drives[k].id, s->review_drive) == 0)
			fmt_capacity(s->pick.fam->drives[k].capacity_gb, cap, sizeof cap);
	snprintf(title, sizeof title, "4K RANDOM READ IOPS (K), IODEPTH %s NUMJOBS %s review of %s",
		 t->sym->times, t->sym->dot, cap[0] ? cap : s->review_drive);
	sheet_heading(t, d, title);
	chart_heat_model(hd, t->sym->times, &hm);
	/* Reserve the rows first so the buffer has grown before drawing. */
	rows = nq + 1;
	for (int i = 0; i < rows; i++)
		sheet_row(d);
	chart_heatmap(d->cb, 3, d->y - rows, &hm, t->g);
	/* What the shades mean (chart_heatmap_legend), rows reserved first. */
	rows = chart_heatmap_legend(NULL, 3, 0, d->cb->w - 6, 2, &hm, t->g);
	for (int i = 0; i < rows; i++)
		sheet_row(d);
	chart_heatmap_legend(d->cb, 3, d->y - rows, d->cb->w - 6, rows, &hm, t->g);
	if (hd->note[0])
		tui_print(d->cb, 3, sheet_row(d), -1, UI_DIM_TEXT, 0, "%s", hd->note);
	free(hd);
	if (nq * nj > 0 && nq * nj < 4)
		tui_print(d->cb, 3, sheet_row(d), -1, UI_DIM_TEXT, 0,
			  "only the points the review published; a sweep fills in the rest");
}

/* A figure's value in the screen's charset, marked when its only source is
 * grade C. */
static char *
sheet_figure_value(const struct tui *t, const struct spec_sheet *sh,
		   const struct spec_figure *f, char *buf, size_t len)
{
	size_t o;

	fmt_figure_cs(f->qual, f->value, f->value_hi, f->unit_id, t->utf8, buf, len);
	o = strlen(buf);
	if (o < len)
		specdb_figure_marks(sh, f, buf + o, len - o);
	return buf;
}

/* Every spec figure with its conditions, source and confidence. */
static void
sheet_figures(struct tui *t, struct sheet_doc *d, const struct tui_sheet *s)
{
	const struct spec_sheet *sh = &s->sheet;
	bool			 wide = d->cb->w >= SHEET_WIDE_FIGURES;
	int			 y;

	sheet_heading(t, d, "SPEC SHEET");
	y = sheet_row(d);
	if (wide)
		tui_print(d->cb, 3, y, -1, UI_TITLE, 0, "%-26s %-12s %22s  %-26s %-4s %s",
			  "figure", "capacity", "value", "conditions", "conf", "source");
	else
		tui_print(d->cb, 3, y, -1, UI_TITLE, 0, "%-26s %-12s %22s", "figure",
			  "capacity", "value");
	for (size_t i = 0; i < sh->nfigures; i++) {
		const struct spec_figure *f = &sh->figures[i];
		char			  val[64], cond[160], bs[16], cap[32] = "all", src[256];
		size_t			  o = 0;

		uint8_t			  conf_role = f->confidence && f->confidence[0] == 'A' ? UI_OK
								  : UI_WARN;
		int			  x;

		sheet_figure_value(t, sh, f, val, sizeof val);
		specdb_sheet_source_label(sh, f->source_id, src, sizeof src);
		cond[0] = '\0';
		if (f->block_size > 0)
			o += (size_t)snprintf(cond + o, sizeof cond - o, "%s ",
					      fmt_block_size(f->block_size, bs, sizeof bs));
		if (f->iodepth > 0 && o < sizeof cond)
			o += (size_t)snprintf(cond + o, sizeof cond - o, "QD%d ", f->iodepth);
		if (f->numjobs > 0 && o < sizeof cond)
			o += (size_t)snprintf(cond + o, sizeof cond - o, "x%d ", f->numjobs);
		if (f->read_pct >= 0 && o < sizeof cond)
			o += (size_t)snprintf(cond + o, sizeof cond - o, "%d%% read ", f->read_pct);
		if (f->conditions != NULL && o < sizeof cond)
			snprintf(cond + o, sizeof cond - o, "%s", f->conditions);
		if (f->drive_id != NULL) {
			for (size_t k = 0; k < s->pick.fam->ndrives; k++)
				if (strcmp(s->pick.fam->drives[k].id, f->drive_id) == 0)
					fmt_capacity(s->pick.fam->drives[k].capacity_gb, cap, sizeof cap);
		}
		y = sheet_row(d);
		tui_print(d->cb, 3, y, 26, UI_TEXT, 0, "%s", f->metric_name ? f->metric_name : f->metric_id);
		tui_print(d->cb, 30, y, 12, UI_DIM_TEXT, 0, "%s", cap);
		tui_print_right(d->cb, 65, y, UI_SPEC_TARGET, 0, val);
		if (wide) {
			tui_print(d->cb, 67, y, 26, UI_DIM_TEXT, 0, "%s", cond);
			tui_print(d->cb, 94, y, 4, conf_role, 0, "%s",
				  f->confidence ? f->confidence : "");
			tui_print(d->cb, 99, y, -1, UI_DIM_TEXT, 0, "%s", src);
			continue;
		}
		/* Narrow: conditions, confidence and source on a line of their own. */
		y = sheet_row(d);
		x = tui_print(d->cb, 5, y, d->cb->w - 6, UI_DIM_TEXT, 0, "%s%s%s", cond,
			      cond[0] ? "  " : "", f->confidence ? "conf " : "");
		if (f->confidence != NULL)
			x += tui_print(d->cb, 5 + x, y, d->cb->w - 6 - x, conf_role, 0, "%s",
				       f->confidence);
		tui_print(d->cb, 5 + x, y, d->cb->w - 6 - x, UI_DIM_TEXT, 0, "  %s", src);
	}
	if (sh->nfigures == 0)
		tui_print(d->cb, 3, sheet_row(d), -1, UI_DIM_TEXT, 0, "no spec-sheet figures");
	for (size_t i = 0; i < sh->nfigures; i++)
		if (specdb_figure_grade_c(sh, &sh->figures[i])) {
			tui_print(d->cb, 3, sheet_row(d), -1, UI_WARN, 0, "%s",
				  SPECDB_GRADE_C_LEGEND);
			break;
		}
	if (specdb_sheet_any_inferred(sh))
		tui_print(d->cb, 3, sheet_row(d), -1, UI_DIM_TEXT, 0, "%s", SPECDB_INFERRED_LEGEND);
}

/* Every review measurement. */
static void
sheet_measurements(struct tui *t, struct sheet_doc *d, const struct tui_sheet *s)
{
	const struct spec_sheet *sh = &s->sheet;
	bool			 wide = d->cb->w >= SHEET_WIDE_MEASUREMENTS;
	int			 y, o = 0;
	const char		*src = NULL, *bench = NULL;

	sheet_heading(t, d, "REVIEW MEASUREMENTS");
	y = sheet_row(d);
	if (wide)
		tui_print(d->cb, 3, y, -1, UI_TITLE, 0,
			  "%-10s %-9s %-22s %5s %9s                 %-10s %18s  %s", "capacity",
			  "bench", "workload", "bs", "QDxNJ", "metric", "value", "chart / table");
	else
		tui_print(d->cb, 3, y, -1, UI_TITLE, 0, "%-10s %-9s %-22s %5s %9s",
			  "capacity", "bench", "workload", "bs", "QDxNJ");
	for (size_t i = 0; i < sh->nmeasurements; i++) {
		const struct spec_measurement *m = &sh->measurements[i];
		char			       val[64], bs[16], depth[32] = "", cap[32] = "";
		char			       name[256];
		bool			       long_val;

		/* A line per review and benchmark: the source by name. */
		if (src == NULL || strcmp(src, m->source_id) != 0 || strcmp(bench, m->benchmark) != 0) {
			src = m->source_id;
			bench = m->benchmark;
			tui_print(d->cb, 3, sheet_row(d), -1, UI_TITLE, 0, "%s %s %s", bench,
				  t->sym->dot, specdb_sheet_source_label(sh, src, name, sizeof name));
		}
		fmt_figure_cs(m->qual, m->value, m->value_hi, m->unit_id, t->utf8, val, sizeof val);
		if (m->iodepth > 0 && m->numjobs > 0)
			snprintf(depth, sizeof depth, "%dx%d", m->iodepth, m->numjobs);
		else if (m->iodepth > 0)
			snprintf(depth, sizeof depth, "QD%d", m->iodepth);
		else if (m->threads > 0)
			snprintf(depth, sizeof depth, "%d thr", m->threads);
		for (size_t k = 0; k < s->pick.fam->ndrives; k++)
			if (strcmp(s->pick.fam->drives[k].id, m->drive_id) == 0)
				fmt_capacity(s->pick.fam->drives[k].capacity_gb, cap, sizeof cap);
		y = sheet_row(d);
		tui_print(d->cb, 3 + o, y, 10, UI_TEXT, 0, "%s", cap);
		tui_print(d->cb, 14 + o, y, 9, UI_DIM_TEXT, 0, "%s", m->benchmark);
		tui_print(d->cb, 24 + o, y, 22, UI_TEXT, 0, "%s", m->workload);
		tui_print_right(d->cb, 52 + o, y, UI_TEXT, 0,
				m->block_size > 0 ? fmt_block_size(m->block_size, bs, sizeof bs) : "");
		tui_print_right(d->cb, 62 + o, y, UI_TEXT, 0, depth);
		if (wide) {
			tui_print(d->cb, 79, y, 10, UI_DIM_TEXT, 0, "%s", m->metric_id);
			tui_print_right(d->cb, 108, y, UI_REVIEW_REF, 0, val);
			tui_print(d->cb, 110, y, -1, UI_DIM_TEXT, 0, "%s", m->label ? m->label : "");
			continue;
		}
		/* Narrow: the value, then where it was published on a second
		 * line, which a value too wide for the room after QDxNJ ends. */
		long_val = d->cb->w - 2 - tui_cols(val) < 64;
		if (!long_val)
			tui_print_right(d->cb, d->cb->w - 2, y, UI_REVIEW_REF, 0, val);
		y = sheet_row(d);
		tui_print(d->cb, 5, y, d->cb->w - 7 - (long_val ? tui_cols(val) : 0), UI_DIM_TEXT, 0,
			  "%s%s%s", m->metric_id, m->label ? "  " : "", m->label ? m->label : "");
		if (long_val)
			tui_print_right(d->cb, d->cb->w - 2, y, UI_REVIEW_REF, 0, val);
	}
	if (sh->nmeasurements == 0)
		tui_print(d->cb, 3, sheet_row(d), -1, UI_DIM_TEXT, 0, "no published measurements");
}

/* Sources and notes. */
static void
sheet_sources(struct tui *t, struct sheet_doc *d, const struct tui_sheet *s)
{
	const struct spec_sheet *sh = &s->sheet;

	sheet_heading(t, d, "SOURCES");
	for (size_t i = 0; i < sh->nsources; i++) {
		const struct spec_source *src = &sh->sources[i];
		char			  name[256];

		/* By name, the full title under it. */
		tui_print(d->cb, 3, sheet_row(d), -1, UI_TEXT, UI_BOLD, "%s",
			  specdb_source_label(src, name, sizeof name));
		tui_print(d->cb, 5, sheet_row(d), -1, UI_DIM_TEXT, 0, "%s: %s", src->kind,
			  src->title ? src->title : "");
		if (src->url != NULL)
			tui_print(d->cb, 5, sheet_row(d), -1, UI_DIM_TEXT, 0, "%s", src->url);
	}
	if (s->pick.fam->notes != NULL) {
		sheet_heading(t, d, "NOTES");
		char text[4096];

		sheet_wrap(d, 3, specdb_sheet_text(sh, s->pick.fam->notes, text, sizeof text),
			   UI_TEXT);
	}
}

/* Draw the spec sheet screen. */
static void
sheet_draw(struct tui *t, struct cellbuf *cb, int y, int h)
{
	struct tui_sheetview *sv = &t->sheet;
	struct sheet_doc      d;
	int		      maxtop;
	bool		      more;

	if (!sv->sheet.loaded) {
		tui_print(cb, 2, y + 1, -1, UI_DIM_TEXT, 0,
			  "no drive picked: select one on the Drives screen (1) and press Enter");
		return;
	}
	d.cb = cellbuf_create(cb->w, 128);
	if (d.cb == NULL)
		return;
	d.cb->g = cb->g;
	d.y = 0;
	sheet_identity(t, &d, sv->sheet.pick.fam);
	sheet_heading(t, &d, "CAPACITY POINTS");
	sheet_capacities(t, &d, &sv->sheet);
	sheet_heatmap(t, &d, &sv->sheet);
	sheet_figures(t, &d, &sv->sheet);
	sheet_measurements(t, &d, &sv->sheet);
	sheet_sources(t, &d, &sv->sheet);
	sv->nlines = d.y;
	maxtop = sv->nlines > h ? sv->nlines - h : 0;
	if (sv->top > maxtop)
		sv->top = maxtop;
	if (sv->top < 0)
		sv->top = 0;
	/* Below the end a row of its own says there is more. */
	more = sv->top + h < sv->nlines;
	for (int r = 0; r < h - more && sv->top + r < d.y; r++)
		for (int x = 0; x < cb->w; x++) {
			const struct cell *c = cellbuf_get(d.cb, x, sv->top + r);

			if (c != NULL)
				cellbuf_put(cb, x, y + r, c->ch, c->role, c->attr);
		}
	if (more) {
		char pos[48];

		snprintf(pos, sizeof pos, "more below %s line %d of %d", t->sym->dot,
			 sv->top + h - 1, sv->nlines);
		tui_print_right(cb, cb->w - 1, y + h - 1, UI_DIM_TEXT, 0, pos);
	}
	cellbuf_free(d.cb);
}

/* Load and show a sheet. */
void
tui_sheet_open(struct tui *t, struct tui_pick p)
{
	tui_nav_open(t, TUI_VIEW_SHEET, &p);
}

/* Load the sheet of p unless it is the one shown; 0, or -1 (none picked,
 * or it could not be loaded: message shown). */
static int
sheet_load_pick(struct tui *t, struct tui_pick p)
{
	struct tui_sheetview *sv = &t->sheet;
	struct dd_error	      err = { 0 };

	if (p.fam == NULL)
		return -1;
	if (!sv->sheet.loaded || sv->sheet.pick.fam != p.fam) {
		if (tui_sheet_load(&sv->sheet, t->db, p, &err) < 0) {
			tui_message(t, true, "%s", err.msg);
			return -1;
		}
		sv->top = 0;
	}
	sv->sheet.pick = p;
	t->dirty = true;
	return 0;
}

/* The screen opens: with pick's sheet, else the one loaded, else the
 * Drives screen's selection (a sheet that cannot be loaded is said and the
 * screen opens empty). */
static int
sheet_enter(struct tui *t, const struct tui_pick *pick)
{
	struct tui_pick p;

	if (pick != NULL)
		return sheet_load_pick(t, *pick);
	if (t->sheet.sheet.loaded)
		return 0;
	p = tui_nav_selected(t);
	if (p.fam == NULL) {
		tui_message(t, false, "select a drive first (Enter on a database row)");
		return -1;
	}
	sheet_load_pick(t, p);
	return 0;
}

/* Handle a key on the sheet screen. */
static int
sheet_key(struct tui *t, const struct tui_event *ev)
{
	struct tui_sheetview *sv = &t->sheet;
	int		      page = t->h > 6 ? t->h - 5 : 1;

	switch (ev->key) {
	case TUI_KEY_UP: case 'k': case TUI_KEY_WHEEL_UP:
		sv->top--;
		return 1;
	case TUI_KEY_DOWN: case 'j': case TUI_KEY_WHEEL_DOWN:
		sv->top++;
		return 1;
	case TUI_KEY_PGUP:
		sv->top -= page;
		return 1;
	case TUI_KEY_PGDN: case ' ':
		sv->top += page;
		return 1;
	case TUI_KEY_HOME: case 'g':
		sv->top = 0;
		return 1;
	case TUI_KEY_END: case 'G':
		sv->top = sv->nlines;
		return 1;
	case TUI_KEY_LEFT: case 'h': case TUI_KEY_RIGHT: case 'l':
		if (sv->sheet.loaded && sv->sheet.pick.fam->ndrives > 0) {
			const struct spec_family *f = sv->sheet.pick.fam;
			size_t			  i = sv->sheet.pick.drive ?
						      (size_t)(sv->sheet.pick.drive - f->drives) : 0;
			size_t			  fi = (size_t)(f - t->fams);

			if ((ev->key == TUI_KEY_LEFT || ev->key == 'h') && i > 0)
				i--;
			else if ((ev->key == TUI_KEY_RIGHT || ev->key == 'l') && i + 1 < f->ndrives)
				i++;
			sv->sheet.pick.drive = &f->drives[i];
			if (t->drives.cap_sel != NULL && fi < t->nfams)
				t->drives.cap_sel[fi] = i;
		}
		return 1;
	case 'c':
		if (sv->sheet.loaded)
			tui_toggle_mark(t, sv->sheet.pick);
		return 1;
	case 'C':
		tui_nav_open(t, TUI_VIEW_COMPARE, NULL);
		return 1;
	case 's':
		if (sv->sheet.loaded)
			tui_nav_open(t, TUI_VIEW_SWEEP, &sv->sheet.pick);
		return 1;
	case TUI_KEY_BACKSPACE: case TUI_KEY_ESC:
		tui_nav_open(t, TUI_VIEW_DRIVES, NULL);
		return 1;
	}
	return 0;
}

/* The title. */
static void
sheet_title(struct tui *t, char *buf, size_t len)
{
	char label[128];

	snprintf(buf, len, "Spec sheet %s %s", t->sym->dot,
		 t->sheet.sheet.loaded ? tui_pick_label(t->sheet.sheet.pick, true, label,
							sizeof label) : "none");
}

/* Key hints. */
static const char *
sheet_hints(struct tui *t)
{
	(void)t;
	return "j/k\tscroll\th/l\tcapacity\tc\tmark for compare\ts\tsweep against it\t"
	       "Esc\tback\tt\ttheme\t?\thelp\tq\tquit";
}

/* Free the sheet. */
static void
sheet_cleanup(struct tui *t)
{
	tui_sheet_free(&t->sheet.sheet);
}

const struct tui_view tui_view_sheet = {
	.name = "sheet",
	.title = sheet_title,
	.draw = sheet_draw,
	.key = sheet_key,
	.hints = sheet_hints,
	.enter = sheet_enter,
	.cleanup = sheet_cleanup,
};
