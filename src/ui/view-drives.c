/*
 * The Drives screen: what this machine has (DETECTED) above what the
 * database knows (DATABASE, grouped vendor -> family).
 *
 * The screen is a flat list of struct tui_row built by tui_drives_rebuild()
 * whenever the filter or discovery changes: headings, devices, vendors and
 * families.  Only device and family rows can be selected; the cursor moves
 * between them and the list scrolls to keep it in view.  Each family keeps
 * the capacity point picked with left/right (the reviewed one at first),
 * which the spec sheet, the sweep's reference and compare use.  The filter
 * goes through specdb_query_families (specdb_query's rules over the families
 * already loaded), so it matches what `drivedash show` matches:
 * family names, aliases, vendors, part numbers and model strings, capacities
 * and attributes (form factor, PCIe generation, DWPD).
 */
#include "config.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/format.h"
#include "ui/tui.h"

/* The picked capacity point of a family. */
const struct spec_drive *
tui_family_drive(const struct tui *t, const struct spec_family *f)
{
	size_t i = (size_t)(f - t->fams);

	if (f->ndrives == 0 || t->drives.cap_sel == NULL || i >= t->nfams)
		return f->ndrives > 0 ? &f->drives[0] : NULL;
	return &f->drives[t->drives.cap_sel[i] < f->ndrives ? t->drives.cap_sel[i] : 0];
}

/* Is a row one the cursor can sit on? */
static bool
drives_selectable(const struct tui_row *r)
{
	return r->kind == TUI_ROW_DEVICE || r->kind == TUI_ROW_FAMILY;
}

/* Append a row. */
static void
drives_add(struct tui_drives *d, size_t *cap, enum tui_row_kind kind, size_t idx)
{
	if (d->nrows == *cap) {
		size_t		ncap = *cap ? *cap * 2 : 64;
		struct tui_row *rows = realloc(d->rows, ncap * sizeof *rows);

		if (rows == NULL)
			return;
		d->rows = rows;
		*cap = ncap;
	}
	d->rows[d->nrows++] = (struct tui_row){ kind, idx };
}

/* Which families the filter lets through (all when it is empty): every
 * candidate of the query, or every family or capacity point having an
 * attribute ("gen5", "E3.S", "7.68TB"); a capacity point the query names
 * becomes its family's picked one. */
static void
drives_filter(struct tui *t, bool *show)
{
	struct spec_answer ans;
	struct dd_error	   err = { 0 };
	struct arena	   a = { 0 };
	char		   sq[64];

	specdb_squeeze(t->drives.filter, sq, sizeof sq);
	if (sq[0] == '\0') {
		for (size_t i = 0; i < t->nfams; i++)
			show[i] = true;
		return;
	}
	for (size_t i = 0; i < t->nfams; i++)
		show[i] = false;
	if (specdb_query_families(t->fams, t->nfams, t->drives.filter, &a, &ans, &err) == 0 &&
	    ans.kind != SPEC_ANSWER_NONE)
		for (size_t h = 0; h < ans.ncands; h++) {
			const struct spec_family *f = specdb_find_family(t->fams, t->nfams,
									 ans.cands[h].family_id);
			const struct spec_drive	 *d = NULL;
			size_t			  i = f != NULL ? (size_t)(f - t->fams) : 0;

			if (f == NULL)
				continue;
			if (!show[i] && ans.cands[h].drive_id != NULL && t->drives.cap_sel != NULL &&
			    specdb_find_drive(f, 1, ans.cands[h].drive_id, &d) != NULL)
				t->drives.cap_sel[i] = (size_t)(d - f->drives);
			show[i] = true;
		}
	arena_free(&a);
}

/* Rebuild the list. */
void
tui_drives_rebuild(struct tui *t)
{
	struct tui_drives *d = &t->drives;
	bool		   keep = false;
	enum tui_row_kind  keep_kind = TUI_ROW_FAMILY;
	size_t		   cap = d->nrows, keep_idx = 0;
	bool		  *show = calloc(t->nfams + 1, sizeof *show);
	const char	  *vendor = NULL;

	if (show == NULL)
		return;
	if (d->cap_sel == NULL) {
		d->cap_sel = calloc(t->nfams + 1, sizeof *d->cap_sel);
		for (size_t i = 0; d->cap_sel != NULL && i < t->nfams; i++) {
			/* The list headline's capacity point first (specdb's rule:
			 * its figures are the row's), else the most reviewed. */
			const struct spec_drive *rv = t->fams[i].headline != NULL
							      ? t->fams[i].headline
							      : tui_reviewed_drive(&t->fams[i]);

			d->cap_sel[i] = rv != NULL ? (size_t)(rv - t->fams[i].drives) : 0;
		}
	}
	if (d->sel < d->nrows) {
		keep = true;
		keep_kind = d->rows[d->sel].kind;
		keep_idx = d->rows[d->sel].idx;
	}
	drives_filter(t, show);
	d->nrows = 0;
	drives_add(d, &cap, TUI_ROW_HEADING, 0);
	if (!t->detected || t->ndevs == 0)
		drives_add(d, &cap, TUI_ROW_NOTE, 0);
	for (size_t i = 0; i < t->ndevs; i++)
		drives_add(d, &cap, TUI_ROW_DEVICE, i);
	drives_add(d, &cap, TUI_ROW_HEADING, 1);
	d->nshown = 0;
	for (size_t i = 0; i < t->nfams; i++) {
		if (!show[i])
			continue;
		if (vendor == NULL || strcmp(vendor, t->fams[i].vendor) != 0) {
			vendor = t->fams[i].vendor;
			drives_add(d, &cap, TUI_ROW_VENDOR, i);
		}
		drives_add(d, &cap, TUI_ROW_FAMILY, i);
		d->nshown++;
	}
	if (d->nshown == 0)
		drives_add(d, &cap, TUI_ROW_NOTE, 1);
	free(show);
	/* Keep the cursor on the same thing; else the first family; else a device. */
	d->sel = SIZE_MAX;
	for (size_t i = 0; keep && i < d->nrows; i++)
		if (d->rows[i].kind == keep_kind && d->rows[i].idx == keep_idx)
			d->sel = i;
	for (size_t i = 0; d->sel == SIZE_MAX && i < d->nrows; i++)
		if (d->rows[i].kind == TUI_ROW_FAMILY)
			d->sel = i;
	for (size_t i = 0; d->sel == SIZE_MAX && i < d->nrows; i++)
		if (drives_selectable(&d->rows[i]))
			d->sel = i;
	if (d->sel == SIZE_MAX)
		d->sel = 0;
	t->dirty = true;
}

/* The drive a row stands for. */
static struct tui_pick
drives_row_pick(struct tui *t, const struct tui_row *r)
{
	struct tui_pick p = { NULL, NULL };

	if (r->kind == TUI_ROW_FAMILY) {
		p.fam = &t->fams[r->idx];
		p.drive = tui_family_drive(t, p.fam);
	} else if (r->kind == TUI_ROW_DEVICE && t->devs[r->idx].matched) {
		p.fam = t->devs[r->idx].match.family;
		p.drive = t->devs[r->idx].match.drive;
	}
	return p;
}

/* The selected row's drive (the selected hook: tui_nav_selected). */
static struct tui_pick
drives_selected(struct tui *t)
{
	struct tui_drives *d = &t->drives;

	if (d->sel >= d->nrows)
		return (struct tui_pick){ NULL, NULL };
	return drives_row_pick(t, &d->rows[d->sel]);
}

/* "Gen5 x4 · 1 DWPD · E3.S" for a family. */
static char *
drives_descriptor(struct tui *t, const struct spec_family *f, char *buf, size_t len)
{
	char   part[3][48], num[16];
	int    n = 0;
	size_t o = 0;

	if (f->pcie_gen > 0 && f->pcie_lanes > 0)
		snprintf(part[n++], sizeof part[0], "Gen%d x%d", f->pcie_gen, f->pcie_lanes);
	else if (f->pcie_gen > 0)
		snprintf(part[n++], sizeof part[0], "Gen%d", f->pcie_gen);
	if (!isnan(f->dwpd) && f->dwpd > 0)
		snprintf(part[n++], sizeof part[0], "%s DWPD", fmt_number(f->dwpd, 1, num, sizeof num));
	if (f->form_factors != NULL)
		snprintf(part[n++], sizeof part[0], "%.*s", (int)strcspn(f->form_factors, " ;,"),
			 f->form_factors);
	buf[0] = '\0';
	for (int i = 0; i < n && o < len; i++)
		o += (size_t)snprintf(buf + o, len - o, "%s%s%s%s", i ? " " : "", i ? t->sym->dot : "",
				      i ? " " : "", part[i]);
	return buf;
}

/* Capacities "1.92 3.84 [7.68] 15.36 TB" (picked in brackets), in at most w columns. */
static void
drives_draw_caps(struct tui *t, struct cellbuf *cb, int x, int y, int w,
		 const struct spec_family *f, uint8_t role)
{
	const struct spec_drive *pick = tui_family_drive(t, f);
	char			 one[32];
	int			 need = 3, cx = x;

	if (f->ndrives == 0) {
		cellbuf_put_str(cb, x, y, w, t->sym->dash, UI_DIM_TEXT, 0);
		return;
	}
	for (size_t i = 0; i < f->ndrives; i++)
		need += tui_cols(fmt_number(f->drives[i].capacity_gb / 1000.0, 2, one,
					    sizeof one)) + 1 + 2 * (&f->drives[i] == pick) +
			/* under 100 GB reads "0" in TB: the pick in its own unit */
			(f->drives[i].capacity_gb < 100 ? w + 1 : 0);
	if (need > w) {
		/* Too narrow for the list (or too small for TB): the pick and how
		 * many there are. */
		fmt_capacity(pick->capacity_gb, one, sizeof one);
		if (f->ndrives > 1)
			tui_print(cb, x, y, w, role, 0, "[%s] of %zu", one, f->ndrives);
		else
			tui_print(cb, x, y, w, role, 0, "[%s]", one);
		return;
	}
	for (size_t i = 0; i < f->ndrives; i++) {
		bool picked = &f->drives[i] == pick;

		fmt_number(f->drives[i].capacity_gb / 1000.0, 2, one, sizeof one);
		if (i > 0)
			cx++;
		cx += tui_print(cb, cx, y, x + w - cx, role, picked ? UI_BOLD : 0,
				picked ? "[%s]" : "%s", one);
	}
	tui_print(cb, cx, y, x + w - cx, role, 0, " TB");
}

/* One family row. */
static void
drives_draw_family(struct tui *t, struct cellbuf *cb, int y, const struct spec_family *f,
		   bool sel)
{
	uint8_t role = sel ? UI_SELECTED : UI_TEXT;
	bool	wide = cb->w >= 120;
	int	namew = wide ? 19 : 15, descw = wide ? 27 : 0;
	int	right = wide ? 53 : 44, capx, capw, fx;
	char	desc[96], num[32];

	if (sel)
		cellbuf_fill(cb, 0, y, cb->w, 1, ' ', UI_SELECTED, 0);
	if (sel)
		cellbuf_put_str(cb, 1, y, 1, t->sym->cursor, UI_SELECTED, UI_BOLD);
	if (tui_is_marked(t, f))
		cellbuf_put_str(cb, 2, y, 1, t->sym->review, sel ? UI_SELECTED : UI_OK, UI_BOLD);
	tui_print(cb, 4, y, namew - 1, role, sel ? UI_BOLD : 0, "%s", f->name);
	if (descw > 0)
		tui_print(cb, 4 + namew, y, descw - 1, sel ? role : UI_DIM_TEXT, 0, "%s",
			  drives_descriptor(t, f, desc, sizeof desc));
	capx = 4 + namew + descw;
	capw = cb->w - right - capx - 1;
	drives_draw_caps(t, cb, capx, y, capw, f, role);
	/* Headline figures, right-aligned: (wide) the one capacity point they
	 * are all from, seq read, random read, review points. */
	fx = cb->w - right;
	if (wide && (f->headline != NULL || !isnan(f->best_seq_read) || !isnan(f->best_rand_read)))
		tui_print_right(cb, fx + 9, y, sel ? role : UI_DIM_TEXT, 0,
				f->headline == NULL ? "family"	/* family-wide rows only */
				: fmt_capacity(f->headline->capacity_gb, num, sizeof num));
	fx += wide ? 9 : 0;
	if (isnan(f->best_seq_read))
		snprintf(desc, sizeof desc, "%s", t->sym->dash);
	else
		snprintf(desc, sizeof desc, "%s MB/s", fmt_number(f->best_seq_read, 0, num, sizeof num));
	tui_print_right(cb, fx + 13, y, role, 0, desc);
	if (isnan(f->best_rand_read))
		snprintf(desc, sizeof desc, "%s", t->sym->dash);
	else
		snprintf(desc, sizeof desc, "%s IOPS", fmt_count(f->best_rand_read, num, sizeof num));
	tui_print_right(cb, fx + 26, y, role, 0, desc);
	if (f->nmeasurements > 0) {
		snprintf(desc, sizeof desc, "%zu %s", f->nmeasurements, wide ? "review pts" : "rv");
		tui_print_right(cb, cb->w - 2, y, sel ? role : UI_REVIEW_REF, 0, desc);
	}
}

/* One detected device row, but for the mount flag. */
static void drives_field(struct tui *t, struct cellbuf *cb, int *x, int y, uint8_t role,
			 uint8_t attr, const char *fmt, ...)
	__attribute__((format(printf, 7, 8)));

/* One field of a device row at *x (printf-style): whole before the
 * screen's last column, or an ellipsis saying the row goes on and no
 * field after it. */
static void
drives_field(struct tui *t, struct cellbuf *cb, int *x, int y, uint8_t role, uint8_t attr,
	     const char *fmt, ...)
{
	char	buf[256];
	size_t	n;
	va_list ap;

	if (*x >= cb->w)
		return;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	for (n = strlen(buf); n > 0 && buf[n - 1] == ' '; n--)
		;
	if (*x + tui_cols(buf) - (int)(strlen(buf) - n) < cb->w) {
		*x += cellbuf_put_str(cb, *x, y, cb->w - 1 - *x, buf, role, attr);
		return;
	}
	/* After a space, so that it never reads as the end of a word. */
	if (*x > 0 && cellbuf_get(cb, *x - 1, y)->ch != ' ')
		(*x)++;
	cellbuf_put_str(cb, *x, y, cb->w - 1 - *x, t->sym->ellipsis,
			role == UI_SELECTED ? role : UI_DIM_TEXT, 0);
	*x = cb->w;
}

static void
drives_draw_device_body(struct tui *t, struct cellbuf *cb, int y, const struct tui_device *d,
			bool sel)
{
	uint8_t	    role = sel ? UI_SELECTED : UI_TEXT;
	int	    x = 4;
	char	    buf[64];

	if (sel) {
		cellbuf_fill(cb, 0, y, cb->w, 1, ' ', UI_SELECTED, 0);
		cellbuf_put_str(cb, 1, y, 1, t->sym->cursor, UI_SELECTED, UI_BOLD);
	}
	tui_print(cb, x, y, 10, role, sel ? UI_BOLD : 0, "%s", d->name);
	x += 10;
	if (d->ctrl != NULL) {
		const struct nvmeinfo_ctrl *c = d->ctrl;
		const struct nvmeinfo_pcie *l = &c->pcie;

		int  n, aw = tui_cols(t->sym->arrow) + 1 + 22;

		/* The model in 22 columns, the match in 22 to 40 (fitted, never
		 * cut), then fields while they fit whole. */
		tui_print(cb, x, y, 21, role, 0, "%s", c->model ? c->model : "?");
		x += 22;
		n = tui_print(cb, x, y, cb->w - 1 - x < 42 ? cb->w - 1 - x : 42,
			      d->matched ? (sel ? role : UI_OK) : UI_WARN, 0, "%s %s",
			      t->sym->arrow, d->match.label);
		x += (n < aw ? aw : n) + 1;
		if (c->firmware != NULL)
			drives_field(t, cb, &x, y, sel ? role : UI_DIM_TEXT, 0, "fw %-9s",
				     c->firmware);
		if (l->width > 0 || !isnan(l->speed_gts)) {
			int  gen = nvmeinfo_pcie_gen(l->speed_gts), mgen = nvmeinfo_pcie_gen(l->max_speed_gts);
			bool below = (gen > 0 && mgen > 0 && gen < mgen) ||
				     (l->width > 0 && l->max_width > 0 && l->width < l->max_width);

			drives_field(t, cb, &x, y, role, 0, "Gen%d x%d (max Gen%d x%d) ", gen,
				     l->width, mgen, l->max_width);
			if (below)
				drives_field(t, cb, &x, y, UI_WARN, UI_BOLD, "%s link ", t->sym->warn);
		}
		if (c->smart.valid) {
			if (c->smart.temperature_c != NVMEINFO_TEMP_NONE)
				drives_field(t, cb, &x, y, sel ? role : UI_TEMPERATURE, 0, "%d %sC  ",
					     c->smart.temperature_c, t->sym->deg);
			drives_field(t, cb, &x, y, role, 0, "spare %d%%  ",
				     c->smart.available_spare_pct);
			drives_field(t, cb, &x, y, c->smart.critical_warning ? UI_FAIL : UI_OK,
				     c->smart.critical_warning ? UI_BOLD : 0, "%s",
				     c->smart.critical_warning ? "critical warning" : "ok");
		}
		return;
	}
	if (d->bdev != NULL) {
		const struct nvmeinfo_blockdev *b = d->bdev;

		drives_field(t, cb, &x, y, role, 0, "%-8s", b->kind);
		drives_field(t, cb, &x, y, role, 0, "%10s  ",
			     fmt_size((double)b->size_bytes, buf, sizeof buf));
		drives_field(t, cb, &x, y, sel ? role : UI_DIM_TEXT, 0, "not NVMe");
		if (b->model != NULL)
			drives_field(t, cb, &x, y, sel ? role : UI_DIM_TEXT, 0, "   %s", b->model);
		if (b->backing_file != NULL)
			drives_field(t, cb, &x, y, sel ? role : UI_DIM_TEXT, 0, "   (%s)",
				     b->backing_file);
	}
}

/* One detected device row, flagged at the right edge when it (or a
 * partition) is mounted or holds the root filesystem. */
static void
drives_draw_device(struct tui *t, struct cellbuf *cb, int y, const struct tui_device *d,
		   bool sel)
{
	drives_draw_device_body(t, cb, y, d, sel);
	if (d->root || d->mounted)
		tui_print_right(cb, cb->w - 1, y, sel ? UI_SELECTED : UI_WARN, UI_BOLD,
				d->root ? " ROOT FS " : " MOUNTED ");
}

/* One row of any kind. */
static void
drives_draw_row(struct tui *t, struct cellbuf *cb, int y, const struct tui_row *r, bool sel)
{
	struct tui_drives *d = &t->drives;

	switch (r->kind) {
	case TUI_ROW_HEADING:
		if (r->idx == 0) {
			tui_print(cb, 1, y, -1, UI_TITLE, UI_BOLD, "DETECTED");
			break;
		}
		tui_print(cb, 1, y, -1, UI_TITLE, UI_BOLD, "DATABASE");
		tui_print(cb, 11, y, -1, UI_DIM_TEXT, 0, "%zu famil%s %s %zu capacity points",
			  t->nfams, t->nfams == 1 ? "y" : "ies", t->sym->dot, t->ndrives);
		if (d->editing || d->filter[0] != '\0') {
			char f[96];

			snprintf(f, sizeof f, "filter: /%s%s  (%zu shown)", d->filter,
				 d->editing ? "_" : "", d->nshown);
			tui_print_right(cb, cb->w - 1, y, d->editing ? UI_KEY : UI_TEXT,
					d->editing ? UI_BOLD : 0, f);
		} else {
			tui_print_right(cb, cb->w - 1, y, UI_DIM_TEXT, 0, "/ to filter");
		}
		break;
	case TUI_ROW_NOTE:
		if (r->idx == 0)
			tui_print(cb, 4, y, -1, UI_DIM_TEXT, 0, "%s",
				  !t->detected ? "looking for drives..." :
				  t->detect_note[0] ? t->detect_note : "no block devices found");
		else
			tui_print(cb, 4, y, -1, UI_DIM_TEXT, 0,
				  "no family matches \"%s\" (Esc clears the filter)", d->filter);
		break;
	case TUI_ROW_DEVICE:
		drives_draw_device(t, cb, y, &t->devs[r->idx], sel);
		break;
	case TUI_ROW_VENDOR:
		tui_print(cb, 2, y, -1, UI_TITLE, UI_BOLD, "%s", t->fams[r->idx].vendor);
		break;
	case TUI_ROW_FAMILY:
		drives_draw_family(t, cb, y, &t->fams[r->idx], sel);
		break;
	}
}

/* Where the DETECTED section ends: the DATABASE heading's row. */
static size_t
drives_db_start(const struct tui_drives *d)
{
	for (size_t i = 0; i < d->nrows; i++)
		if (d->rows[i].kind == TUI_ROW_HEADING && d->rows[i].idx == 1)
			return i;
	return d->nrows;
}

/* Lines the DETECTED section gets out of h: all its n rows when they fit in
 * a third of the list (at least its heading and one device), else that
 * third, so a machine with many block devices never pushes the database
 * off a small screen. */
static int
drives_detected_h(size_t n, int h)
{
	int cap = h / 3 < 2 ? 2 : h / 3;
	int dh = n <= (size_t)cap ? (int)n : cap;

	return dh < h ? dh : h;
}

/* Scroll the rows lo..hi-1 shown in h lines from *top so the selected row
 * (with the vendor line or heading above it) is in view when it is one of
 * them. */
static void
drives_scroll(const struct tui_drives *d, size_t lo, size_t hi, size_t *top, int h)
{
	size_t want = d->sel;
	bool   here = d->sel >= lo && d->sel < hi;

	if (h <= 0 || hi <= lo) {
		*top = lo;
		return;
	}
	if (*top < lo)
		*top = lo;
	if (here) {
		/* Show the vendor above the first family of a group, and the heading above all. */
		if (want > lo && d->rows[want - 1].kind != TUI_ROW_FAMILY &&
		    d->rows[want - 1].kind != TUI_ROW_DEVICE)
			want--;
		if (want <= lo + 1)
			want = lo;
		if (want < *top)
			*top = want;
		if (d->sel >= *top + (size_t)h)
			*top = d->sel - (size_t)h + 1;
	}
	if (*top + (size_t)h > hi)
		*top = hi - lo > (size_t)h ? hi - (size_t)h : lo;
	if (here && want < *top)
		*top = want;
}

/* Draw rows from top on h lines from y; the last row drawn is returned. */
static size_t
drives_draw_rows(struct tui *t, struct cellbuf *cb, int y, int h, size_t top, size_t hi)
{
	struct tui_drives *d = &t->drives;
	size_t		   r = top;

	for (int i = 0; i < h && r < hi; i++, r++)
		drives_draw_row(t, cb, y + i, &d->rows[r], r == d->sel);
	return r;
}

/* Draw the DETECTED section (heading, then a window of its devices) in
 * the dh lines from y; rows 0..db0-1 of the list. */
static void
drives_draw_detected(struct tui *t, struct cellbuf *cb, int y, int dh, size_t db0)
{
	struct tui_drives *d = &t->drives;
	size_t		   shown;

	if (dh <= 0)
		return;
	drives_draw_row(t, cb, y, &d->rows[0], false);
	drives_scroll(d, 1, db0, &d->dev_top, dh - 1);
	shown = drives_draw_rows(t, cb, y + 1, dh - 1, d->dev_top, db0) - d->dev_top;
	if (db0 > 1 && shown < db0 - 1) {
		char more[80];

		snprintf(more, sizeof more, "%zu-%zu of %zu, %zu more (the cursor scrolls)",
			 d->dev_top, d->dev_top + shown - 1, db0 - 1, db0 - 1 - shown);
		tui_print_right(cb, cb->w - 1, y, UI_DIM_TEXT, 0, more);
	}
}

/* Draw the Drives screen: DETECTED in at most a third of the lines, then
 * DATABASE, each scrolling on its own. */
static void
drives_draw(struct tui *t, struct cellbuf *cb, int y, int h)
{
	struct tui_drives *d = &t->drives;
	size_t		   db0 = drives_db_start(d);
	int		   dh = drives_detected_h(db0, h), h2 = h - dh, y2 = y + dh;

	d->list_y = y;
	d->list_h = h;
	d->dev_h = dh;
	drives_draw_detected(t, cb, y, dh, db0);
	drives_scroll(d, db0, d->nrows, &d->top, h2);
	drives_draw_rows(t, cb, y2, h2, d->top, d->nrows);
	if (h2 <= 0)
		return;
	if (d->top > db0)
		tui_print_right(cb, cb->w - 1, y2, UI_DIM_TEXT, 0, "more above");
	if (d->top + (size_t)h2 < d->nrows)
		tui_print_right(cb, cb->w - 1, y2 + h2 - 1, UI_DIM_TEXT, 0, "more below");
}

/* The list row drawn on screen line y, or SIZE_MAX (mouse clicks). */
static size_t
drives_row_at(const struct tui_drives *d, int y)
{
	int off = y - d->list_y;

	if (off < 0 || off >= d->list_h)
		return SIZE_MAX;
	if (off == 0)
		return 0;
	if (off < d->dev_h)
		return d->dev_top + (size_t)(off - 1);
	return d->top + (size_t)(off - d->dev_h);
}

/* Move the cursor by delta selectable rows (clamped). */
static void
drives_move(struct tui_drives *d, long delta)
{
	size_t i = d->sel;

	while (delta != 0) {
		size_t j = i;

		do {
			if (delta > 0 ? j + 1 >= d->nrows : j == 0) {
				j = SIZE_MAX;
				break;
			}
			j = delta > 0 ? j + 1 : j - 1;
		} while (!drives_selectable(&d->rows[j]));
		if (j == SIZE_MAX)
			break;
		i = j;
		delta += delta > 0 ? -1 : 1;
	}
	d->sel = i;
}

/* Put the cursor on the first family the filter shows. */
static void
drives_first_family(struct tui_drives *d)
{
	for (size_t i = 0; i < d->nrows; i++)
		if (d->rows[i].kind == TUI_ROW_FAMILY) {
			d->sel = i;
			return;
		}
}

/* A key while the filter is typed. */
static int
drives_filter_key(struct tui *t, const struct tui_event *ev)
{
	struct tui_drives *d = &t->drives;
	size_t		   n = strlen(d->filter);

	switch (ev->key) {
	case TUI_KEY_ENTER:
		d->editing = false;
		break;
	case TUI_KEY_ESC:
		d->editing = false;
		d->filter[0] = '\0';
		tui_drives_rebuild(t);
		break;
	case TUI_KEY_BACKSPACE:
		while (n > 0 && ((unsigned char)d->filter[n - 1] & 0xc0) == 0x80)
			n--;
		if (n > 0)
			d->filter[n - 1] = '\0';
		tui_drives_rebuild(t);
		drives_first_family(d);
		break;
	case TUI_KEY_UP: case TUI_KEY_DOWN:
		d->editing = false;
		drives_move(d, ev->key == TUI_KEY_UP ? -1 : 1);
		break;
	default:
		if (ev->key >= ' ' && ev->key < 0x110000 && ev->key != 0x7f) {
			char enc[4];
			int  len = cellbuf_encode_utf8((uint32_t)ev->key, enc);

			if (n + (size_t)len < sizeof d->filter - 1) {
				memcpy(d->filter + n, enc, (size_t)len);
				d->filter[n + (size_t)len] = '\0';
				tui_drives_rebuild(t);
				drives_first_family(d);
			}
		}
		break;
	}
	return 1;
}

/* Handle a key on the Drives screen. */
static int
drives_key(struct tui *t, const struct tui_event *ev)
{
	struct tui_drives *d = &t->drives;
	struct tui_pick	   p;
	long		   page = d->list_h > 2 ? d->list_h - 2 : 1;

	if (d->editing)
		return drives_filter_key(t, ev);
	switch (ev->key) {
	case TUI_KEY_UP: case 'k': case TUI_KEY_WHEEL_UP:
		drives_move(d, -1);
		return 1;
	case TUI_KEY_DOWN: case 'j': case TUI_KEY_WHEEL_DOWN:
		drives_move(d, 1);
		return 1;
	case TUI_KEY_PGUP:
		drives_move(d, -page);
		return 1;
	case TUI_KEY_PGDN: case ' ':
		drives_move(d, page);
		return 1;
	case TUI_KEY_HOME: case 'g':
		drives_move(d, -(long)d->nrows);
		return 1;
	case TUI_KEY_END: case 'G':
		drives_move(d, (long)d->nrows);
		return 1;
	case TUI_KEY_LEFT: case 'h': case TUI_KEY_RIGHT: case 'l':
		if (d->sel < d->nrows && d->rows[d->sel].kind == TUI_ROW_FAMILY) {
			size_t			  fi = d->rows[d->sel].idx;
			const struct spec_family *f = &t->fams[fi];
			bool			  left = ev->key == TUI_KEY_LEFT || ev->key == 'h';

			if (left && d->cap_sel[fi] > 0)
				d->cap_sel[fi]--;
			else if (!left && d->cap_sel[fi] + 1 < f->ndrives)
				d->cap_sel[fi]++;
		}
		return 1;
	case TUI_KEY_CLICK:
		{
			size_t r = drives_row_at(d, ev->y);

			if (r < d->nrows && drives_selectable(&d->rows[r])) {
				if (r == d->sel && d->rows[r].kind == TUI_ROW_FAMILY)
				{
					struct tui_pick sel = drives_selected(t);

					tui_nav_open(t, TUI_VIEW_SHEET, &sel);
				}
				else
					d->sel = r;
			}
		}
		return 1;
	case '/':
		/* A new filter, as a new search in less. */
		d->editing = true;
		if (d->filter[0] != '\0') {
			d->filter[0] = '\0';
			tui_drives_rebuild(t);
		}
		return 1;
	case TUI_KEY_ESC:
		if (d->filter[0] != '\0') {
			d->filter[0] = '\0';
			tui_drives_rebuild(t);
		}
		return 1;
	case TUI_KEY_ENTER:
		p = drives_selected(t);
		if (p.fam != NULL)
			tui_nav_open(t, TUI_VIEW_SHEET, &p);
		else if (d->sel < d->nrows && d->rows[d->sel].kind == TUI_ROW_DEVICE)
			tui_message(t, false, "%s is not in the database: s runs a sweep on it",
				    t->devs[d->rows[d->sel].idx].name);
		return 1;
	case 'c':
		p = drives_selected(t);
		if (p.fam == NULL) {
			tui_message(t, false, "only database drives can be compared");
			return 1;
		}
		tui_toggle_mark(t, p);
		return 1;
	case 'C':
		tui_nav_open(t, TUI_VIEW_COMPARE, NULL);
		return 1;
	case 's':
		p = drives_selected(t);
		tui_nav_open(t, TUI_VIEW_SWEEP, &p);
		/* A device row: that device is the target. */
		if (d->sel < d->nrows && d->rows[d->sel].kind == TUI_ROW_DEVICE) {
			const struct tui_device *dev = &t->devs[d->rows[d->sel].idx];

			for (size_t i = 0; dev->path != NULL && i < t->sweep.ntargets; i++)
				if (strcmp(t->sweep.targets[i].path, dev->path) == 0)
					t->sweep.target_sel = i;
		}
		return 1;
	}
	return 0;
}

/* The title. */
static void
drives_title(struct tui *t, char *buf, size_t len)
{
	(void)t;
	snprintf(buf, len, "Drives");
}

/* Key hints. */
static const char *
drives_hints(struct tui *t)
{
	if (t->drives.editing)
		return "type\tto filter\tEnter\tkeep\tEsc\tclear\tBackspace\tdelete";
	return t->compare.nmarks >= 2 ?
		"Enter\tspec sheet\ts\tsweep\tc\tmark\tC\tcompare marked\t/\tfilter\t"
		"H\thistory\th/l\tcapacity\tt\ttheme\t?\thelp\tq\tquit" :
		"Enter\tspec sheet\ts\tsweep\tc\tmark for compare\t/\tfilter\t"
		"H\thistory\th/l\tcapacity\tt\ttheme\t?\thelp\tq\tquit";
}

/* A filter being typed takes every key. */
static bool
drives_modal(const struct tui *t)
{
	return t->drives.editing;
}

/* Free the list. */
static void
drives_cleanup(struct tui *t)
{
	free(t->drives.rows);
	free(t->drives.cap_sel);
}

const struct tui_view tui_view_drives = {
	.name = "drives",
	.title = drives_title,
	.draw = drives_draw,
	.key = drives_key,
	.hints = drives_hints,
	.modal = drives_modal,
	.selected = drives_selected,
	.refresh = tui_drives_rebuild,
	.cleanup = drives_cleanup,
};
