/*
 * SVG renderers of the chart models (svg.h).
 *
 * Data model: a chart model of chart.h in, one standalone <svg> element out,
 * written through libxml2's xmlTextWriter into a memory buffer (struct svg
 * below holds the writer and a sticky failure flag).  Every value reaches a
 * pixel through chart.h's own rules scaled to pixels: a bar's length is
 * chart_fraction of its track, a marker sits at chart_marker_col of the
 * track's pixels, a heat cell is chart_heat_bucket's bucket, an x/y point is
 * chart_xy_col/row of the plot's pixels, a target line chart_xy_row of the
 * graph's height.  Text passes through svg_clean (malformed UTF-8 and control
 * characters become U+FFFD) and then the writer's escaping.  Coordinates are
 * written by svg_fmt in tenths, whatever LC_NUMERIC says.  No inline colours
 * and no repeated presentation: classes (svg.h lists them), whose fill,
 * stroke, dashes and anchors svg_css sets once for a page of charts; texts
 * of one kind (axis ticks, a histogram's labels) share a group that carries
 * their class and anchor, and repeated shapes (a histogram's tracks and
 * bars) are one path each, so a page of many charts stays small.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/xmlwriter.h>

#include "core/format.h"
#include "lib/utf8.h"
#include "cellbuf.h"
#include "svg.h"

#define SVG_FONT   12	/* px */
#define SVG_LINE   16	/* px between text lines */
#define SVG_PAD	   8
#define SVG_TITLE_H 24
#define SVG_LEGEND_H 20

/* Presentation of the classes, once per page (svg.h). */
const char svg_css[] =
	".dd-chart{font:12px system-ui,sans-serif;fill:currentColor}"
	".dd-axis,.dd-grid,.dd-line,.dd-track{fill:none;stroke:currentColor}"
	".dd-chart line,.dd-cursor,.dd-legend .dd-heat{stroke:currentColor}"
	".dd-grid{stroke-dasharray:1 3}.dd-line{stroke-width:1.5}.dd-dash{stroke-dasharray:6 3}"
	".dd-spec{stroke-dasharray:3 2;stroke-width:2}.dd-event{stroke-dasharray:1 2;stroke-width:1.5}"
	".dd-e{text-anchor:end}.dd-m{text-anchor:middle}"
	".dd-heat-0{fill-opacity:.1}.dd-heat-1{fill-opacity:.25}.dd-heat-2{fill-opacity:.4}"
	".dd-heat-3{fill-opacity:.55}.dd-heat-4{fill-opacity:.7}\n";

/* A document being written. */
struct svg {
	xmlBufferPtr	 buf;
	xmlTextWriterPtr w;
	bool		 bad;
	int		 width, height;
};

/* One legend entry: its swatch and its text. */
enum svg_swatch { SW_BAR, SW_SPEC, SW_REVIEW, SW_EVENT, SW_LINE, SW_SHAPE, SW_NOTE };

struct svg_legend {
	enum svg_swatch sw;
	int		shape;		/* SW_SHAPE: svg_point's shape */
	const char     *cls;		/* extra class of the swatch */
	const char     *text;
};

/* v in tenths with a point, whatever the locale: "12.5", "-3", "0". */
static char *
svg_fmt(double v, char *buf, size_t len)
{
	long t = lround(v * 10);

	if (isnan(v) || isinf(v))
		t = 0;
	if (t % 10 == 0)
		snprintf(buf, len, "%ld", t / 10);
	else
		snprintf(buf, len, "%s%ld.%ld", t < 0 ? "-" : "", labs(t) / 10, labs(t) % 10);
	return buf;
}

/* text as valid UTF-8 without control characters (each becomes U+FFFD). */
static void
svg_clean(const char *text, char *out, size_t len)
{
	size_t	 o = 0, n = text != NULL ? strlen(text) : 0;
	uint32_t cp;
	int	 used;
	char	 enc[4];

	for (size_t i = 0; i < n && (used = utf8_decode(text + i, n - i, &cp)) > 0; i += used) {
		int k;

		if (utf8_cp_is_control(cp) || cp == 0xFFFE || cp == 0xFFFF)
			cp = 0xFFFD;
		k = cellbuf_encode_utf8(cp, enc);
		if (o + (size_t)k >= len)
			break;
		memcpy(out + o, enc, (size_t)k);
		o += (size_t)k;
	}
	out[o] = '\0';
}

static void
s_start(struct svg *s, const char *name, const char *cls)
{
	s->bad |= xmlTextWriterStartElement(s->w, BAD_CAST name) < 0;
	if (cls != NULL)
		s->bad |= xmlTextWriterWriteAttribute(s->w, BAD_CAST "class", BAD_CAST cls) < 0;
}

static void
s_attr(struct svg *s, const char *name, const char *value)
{
	char clean[512];

	svg_clean(value, clean, sizeof clean);
	s->bad |= xmlTextWriterWriteAttribute(s->w, BAD_CAST name, BAD_CAST clean) < 0;
}

/* An attribute this file generated (path data, numbers: ASCII of any
 * length), written as it is. */
static void
s_attr_raw(struct svg *s, const char *name, const char *value)
{
	s->bad |= xmlTextWriterWriteAttribute(s->w, BAD_CAST name, BAD_CAST value) < 0;
}

static void
s_num(struct svg *s, const char *name, double v)
{
	char num[32];

	s_attr_raw(s, name, svg_fmt(v, num, sizeof num));
}

static void
s_end(struct svg *s)
{
	s->bad |= xmlTextWriterEndElement(s->w) < 0;
}

/* A text at (x, y) of class cls (NULL: its group's), anchored "start",
 * "middle" or "end" (NULL: its group's anchor), by svg_css's classes. */
static void
s_text(struct svg *s, double x, double y, const char *cls, const char *anchor, const char *text)
{
	char clean[512], c[96];

	svg_clean(text, clean, sizeof clean);
	if (clean[0] == '\0')	/* nothing to read: no element */
		return;
	if (anchor != NULL && strcmp(anchor, "start") != 0) {
		snprintf(c, sizeof c, "%s%s%s", cls != NULL ? cls : "", cls != NULL ? " " : "",
			 strcmp(anchor, "end") == 0 ? "dd-e" : "dd-m");
		cls = c;
	}
	s_start(s, "text", cls);
	s_num(s, "x", x);
	s_num(s, "y", y);
	s->bad |= xmlTextWriterWriteString(s->w, BAD_CAST clean) < 0;
	s_end(s);
}

/* A group of texts sharing class cls and anchor ("end", "middle"; NULL:
 * start), closed with s_end. */
static void
s_group(struct svg *s, const char *cls, const char *anchor)
{
	char c[96];

	snprintf(c, sizeof c, "%s%s%s", cls, anchor != NULL ? " " : "",
		 anchor == NULL ? "" : strcmp(anchor, "end") == 0 ? "dd-e" : "dd-m");
	s_start(s, "g", c);
}

/* An element holding only text. */
static void
s_elem(struct svg *s, const char *name, const char *text)
{
	char clean[512];

	svg_clean(text, clean, sizeof clean);
	s_start(s, name, NULL);
	s->bad |= xmlTextWriterWriteString(s->w, BAD_CAST clean) < 0;
	s_end(s);
}

/* A filled rectangle. */
static void
s_rect(struct svg *s, double x, double y, double w, double h, const char *cls)
{
	s_start(s, "rect", cls);
	s_num(s, "x", x);
	s_num(s, "y", y);
	s_num(s, "width", w < 0 ? 0 : w);
	s_num(s, "height", h < 0 ? 0 : h);
	s_end(s);
}

/* A line (its stroke and dashes are its class's, svg_css). */
static void
s_line(struct svg *s, double x1, double y1, double x2, double y2, const char *cls)
{
	s_start(s, "line", cls);
	s_num(s, "x1", x1);
	s_num(s, "y1", y1);
	s_num(s, "x2", x2);
	s_num(s, "y2", y2);
	s_end(s);
}

/* A path of class cls (stroked or filled as svg_css says for it). */
static void
s_path(struct svg *s, const char *cls, const char *d)
{
	s_start(s, "path", cls);
	s_attr_raw(s, "d", d);
	s_end(s);
}

/* Append to path data d (len bytes, *o used) a command and one number (b
 * NAN) or two. */
static void
d_add(char *d, size_t len, size_t *o, const char *cmd, double a, const char *cmd2, double b)
{
	char x[32], y[32];
	int  n;

	if (*o >= len)
		return;
	svg_fmt(a, x, sizeof x);
	if (isnan(b))	/* one number: "H712" */
		n = snprintf(d + *o, len - *o, "%s%s", cmd, x);
	else
		n = snprintf(d + *o, len - *o, "%s%s%s%s", cmd, x, cmd2, svg_fmt(b, y, sizeof y));
	*o += n > 0 ? (size_t)n : 0;
}

/* Append to path data d a w x h rectangle at (x, y): "M104 33h464v12H104z". */
static void
d_rect(char *d, size_t len, size_t *o, double x, double y, double w, double h)
{
	d_add(d, len, o, "M", x, " ", y);
	d_add(d, len, o, "h", w, "v", h);
	d_add(d, len, o, "H", x, "", NAN);
	if (*o + 1 < len) {
		d[(*o)++] = 'z';
		d[*o] = '\0';
	}
}

/* A point of shape k at (x, y), r px: 0 circle, 1 square, 2 triangle,
 * 3 diamond, 4 cross, 5 ring. */
static void
s_shape(struct svg *s, int k, double x, double y, double r, const char *cls)
{
	char d[512], a[5][32];

	if (k % 6 == 0 || k % 6 == 5) {
		s_start(s, "circle", cls);
		s_num(s, "cx", x);
		s_num(s, "cy", y);
		s_num(s, "r", r);
		if (k % 6 == 5) {	/* a ring; a dot fills as the chart does */
			s_attr(s, "fill", "none");
			s_attr(s, "stroke", "currentColor");
		}
		s_end(s);
		return;
	}
	if (k % 6 == 1)
		snprintf(d, sizeof d, "M%s %sh%sv%sh-%sz", svg_fmt(x - r, a[0], 32),
			 svg_fmt(y - r, a[1], 32), svg_fmt(2 * r, a[2], 32), a[2], a[2]);
	else if (k % 6 == 2)
		snprintf(d, sizeof d, "M%s %sL%s %sL%s %sz", svg_fmt(x, a[0], 32),
			 svg_fmt(y - r, a[1], 32), svg_fmt(x + r, a[2], 32),
			 svg_fmt(y + r, a[3], 32), svg_fmt(x - r, a[4], 32), a[3]);
	else if (k % 6 == 3)
		snprintf(d, sizeof d, "M%s %sl%s %sl-%s %sl-%s -%sz", svg_fmt(x, a[0], 32),
			 svg_fmt(y - r, a[1], 32), svg_fmt(r, a[2], 32), a[2], a[2], a[2], a[2],
			 a[2]);
	else
		snprintf(d, sizeof d, "M%s %sl%s %sm0 -%sl-%s %s", svg_fmt(x - r, a[0], 32),
			 svg_fmt(y - r, a[1], 32), svg_fmt(2 * r, a[2], 32), a[2], a[2], a[2],
			 a[2]);
	s_start(s, "path", cls);
	s_attr_raw(s, "d", d);
	if (k % 6 == 4) {	/* a cross is stroked; the others fill */
		s_attr(s, "fill", "none");
		s_attr(s, "stroke", "currentColor");
	}
	s_end(s);
}

/* Open the document: the <svg> element, its <title> and <desc>. */
static int
svg_open(struct svg *s, int width, int height, const char *title, const char *desc,
	 struct dd_error *err)
{
	char vb[64], w[16], h[16];

	memset(s, 0, sizeof *s);
	s->buf = xmlBufferCreate();
	s->w = s->buf != NULL ? xmlNewTextWriterMemory(s->buf, 0) : NULL;
	if (s->w == NULL) {
		if (s->buf != NULL)
			xmlBufferFree(s->buf);
		return dd_error_set(err, -ENOMEM, "out of memory writing a chart");
	}
	s->width = width;
	s->height = height;
	snprintf(w, sizeof w, "%d", width);
	snprintf(h, sizeof h, "%d", height);
	snprintf(vb, sizeof vb, "0 0 %d %d", width, height);
	s_start(s, "svg", "dd-chart");
	s_attr(s, "xmlns", "http://www.w3.org/2000/svg");
	s_attr(s, "role", "img");
	s_attr(s, "width", w);
	s_attr(s, "height", h);
	s_attr(s, "viewBox", vb);
	s_elem(s, "title", title);
	s_elem(s, "desc", desc);
	s_text(s, SVG_PAD, SVG_LINE, "dd-title", NULL, title);
	return 0;
}

/* Close the document: the text, or NULL with err set. */
static char *
svg_close(struct svg *s, struct dd_error *err)
{
	char *out = NULL;

	s->bad |= xmlTextWriterEndDocument(s->w) < 0;
	xmlFreeTextWriter(s->w);
	if (!s->bad)
		out = strdup((const char *)xmlBufferContent(s->buf));
	xmlBufferFree(s->buf);
	if (out == NULL)
		dd_error_set(err, -ENOMEM, "out of memory writing a chart");
	return out;
}

/* The drawing's width. */
static int
svg_width(int width_px)
{
	return width_px < 240 ? 240 : width_px > 2000 ? 2000 : width_px;
}

/* A chart with nothing to show: its title and "no data". */
static char *
svg_nodata(const char *title, int width_px, struct dd_error *err)
{
	struct svg s;

	if (svg_open(&s, svg_width(width_px), SVG_TITLE_H + SVG_LINE + SVG_PAD,
		     title != NULL ? title : "chart", "no data", err) < 0)
		return NULL;
	s_text(&s, SVG_PAD, SVG_TITLE_H + SVG_LINE - 4, "dd-note", NULL, "no data");
	return svg_close(&s, err);
}

/* A legend row at (x, y) (y: the text's baseline). */
static void
svg_legend(struct svg *s, double x, double y, const struct svg_legend *l, size_t n)
{
	char cls[64];

	s_start(s, "g", "dd-legend");
	for (size_t i = 0; i < n; i++) {
		snprintf(cls, sizeof cls, "%s%s%s",
			 l[i].sw == SW_BAR ? "dd-bar" : l[i].sw == SW_SPEC ? "dd-spec" :
			 l[i].sw == SW_REVIEW ? "dd-review" : l[i].sw == SW_EVENT ? "dd-event" :
			 l[i].sw == SW_LINE ? "dd-line" : "dd-point",
			 l[i].cls != NULL ? " " : "", l[i].cls != NULL ? l[i].cls : "");
		if (l[i].sw == SW_BAR)
			s_rect(s, x, y - 9, 14, 10, cls);
		else if (l[i].sw == SW_SPEC)
			s_line(s, x + 7, y - 11, x + 7, y + 2, cls);
		else if (l[i].sw == SW_EVENT)
			s_line(s, x + 7, y - 11, x + 7, y + 2, cls);
		else if (l[i].sw == SW_LINE)
			s_line(s, x, y - 4, x + 14, y - 4, cls);
		else if (l[i].sw != SW_NOTE)	/* a note: its text alone */
			s_shape(s, l[i].sw == SW_REVIEW ? 3 : l[i].shape, x + 7, y - 4, 5, cls);
		if (l[i].sw == SW_NOTE)
			x -= 18;
		s_text(s, x + 18, y, "dd-legend-text", NULL, l[i].text);
		x += 18 + 7 * utf8_width(l[i].text) + 16;
	}
	s_end(s);
}

/* Where an axis sits, and what follows from it: a horizontal axis under a
 * track or a vertical one left or right of a plot. */
enum svg_side { SVG_BOTTOM, SVG_LEFT, SVG_RIGHT };

static const struct svg_side_geom {
	bool	    vert;	/* the rule runs down (its ticks across) */
	const char *anchor;	/* of the tick labels (NULL: start) */
	const char *unit_anchor;
	double	    mark_dx;	/* a tick mark starts this far from the rule */
	double	    text_dx, text_dy;	/* a tick label from its tick */
} svg_sides[] = {
	[SVG_BOTTOM] = { false, "middle", "end", 0, 0, 4 + SVG_FONT },
	[SVG_LEFT] = { true, "end", "end", -4, -6, 4 },
	[SVG_RIGHT] = { true, NULL, NULL, 0, 6, 4 },
};

/* A value axis on side of a plot: the rule from (x0, y0) len px long
 * (across for SVG_BOTTOM, down otherwise) and its 4 px ticks one path, the
 * grid lines grid px wide another (0: none; from every tick above 0), a
 * label per tick, the unit at the end (under the right end, or above the
 * top clear of the top tick). */
static void
svg_axis(struct svg *s, enum svg_side side, double x0, double y0, double len, double grid,
	 const struct chart_axis *a)
{
	const struct svg_side_geom *g = &svg_sides[side];
	char			    num[32], d[1024], gd[1024];
	size_t			    o = 0, go = 0;

	d_add(d, sizeof d, &o, "M", x0, " ", y0);
	d_add(d, sizeof d, &o, g->vert ? "V" : "H", (g->vert ? y0 : x0) + len, "", NAN);
	s_group(s, "dd-tick", g->anchor);
	for (int i = 0; i < a->nticks; i++) {
		double p = chart_fraction(a->ticks[i], a->max) * len;
		double x = g->vert ? x0 : x0 + p, y = g->vert ? y0 + len - p : y0;

		d_add(d, sizeof d, &o, "M", x + g->mark_dx, " ", y);
		d_add(d, sizeof d, &o, g->vert ? "h" : "v", 4, "", NAN);
		if (grid > 0 && a->ticks[i] > 0) {
			d_add(gd, sizeof gd, &go, "M", x, " ", y);
			d_add(gd, sizeof gd, &go, "h", grid, "", NAN);
		}
		s_text(s, x + g->text_dx, y + g->text_dy, NULL, NULL,
		       chart_tick_text(a->ticks[i], num, sizeof num));
	}
	s_end(s);
	s_path(s, "dd-axis", d);
	if (go > 0)
		s_path(s, "dd-grid", gd);
	if (g->vert)
		s_text(s, x0 + g->text_dx, y0 - 11, "dd-unit", g->unit_anchor, a->unit);
	else
		s_text(s, x0 + len, y0 + 4 + 2 * SVG_FONT + 2, "dd-unit", g->unit_anchor, a->unit);
}

/* The class of a theme role's series. */
static const char *
svg_role_class(uint8_t role)
{
	switch (role) {
	case UI_READ:
		return "dd-read";
	case UI_WRITE:
		return "dd-write";
	case UI_GRAPH:
		return "dd-graph";
	case UI_TEMPERATURE:
		return "dd-temperature";
	case UI_REVIEW_REF:
		return "dd-review";
	case UI_OK:
		return "dd-ok";
	case UI_WARN:
		return "dd-warn";
	default:
		return "dd-measured";
	}
}

/* One bar's track, bar and markers on a track of w px from x at y (h px). */
static void
svg_bar(struct svg *s, double x, double y, double w, double h, double value, double max,
	const struct chart_markers *mk)
{
	double f = chart_fraction(value, max);
	int    col;

	s_start(s, "rect", "dd-track");
	s_num(s, "x", x);
	s_num(s, "y", y);
	s_num(s, "width", w);
	s_num(s, "height", h);
	s_end(s);
	if (!isnan(f))
		s_rect(s, x, y, f * w, h, "dd-bar dd-measured");
	if (mk == NULL)
		return;
	/* chart_hbar's marker rule on the track's pixels; the review drawn second. */
	col = chart_marker_col(mk->spec, max, (int)w);
	if (col >= 0)
		s_line(s, x + col + 0.5, y - 4, x + col + 0.5, y + h + 4, "dd-spec");
	col = chart_marker_col(mk->review, max, (int)w);
	if (col >= 0)
		s_shape(s, 3, x + col + 0.5, y + h / 2, h / 2 + 1, "dd-review");
}

/* The line under a bar: its deltas to its markers, or why none. */
static void
svg_bar_note(const struct chart_bar_row *r, char *buf, size_t len)
{
	int n = 0;

	buf[0] = '\0';
	if (isnan(r->value)) {
		snprintf(buf, len, "not measured");
		return;
	}
	if (!isnan(r->mk.review))
		n = snprintf(buf, len, "%s vs review", r->delta_review);
	if (!isnan(r->mk.spec) && n >= 0 && (size_t)n < len)
		snprintf(buf + n, len - (size_t)n, "%s%s vs spec", n > 0 ? ", " : "", r->delta_spec);
}

char *
svg_bars(const struct chart_bars *m, int width_px, struct dd_error *err)
{
	static const struct svg_legend leg[] = {
		{ SW_BAR, 0, "dd-measured", "measured" },
		{ SW_SPEC, 0, NULL, "spec target" },
		{ SW_REVIEW, 0, NULL, "review" },
	};
	const int  rowh = 2 * SVG_LINE + 4, top = SVG_TITLE_H + SVG_LEGEND_H;
	int	   w = svg_width(width_px), lw = w / 4 < 120 ? 120 : w / 4, nw = 110;
	double	   tw = w - lw - nw - 2 * SVG_PAD;
	struct svg s;
	struct svg_legend shown[3];
	size_t	   nleg;
	bool	   spec = false, review = false;
	char	   desc[160], note[160];

	if (m->nrows == 0)
		return svg_nodata(m->title, width_px, err);
	if (tw < 60)
		tw = 60;
	snprintf(desc, sizeof desc, "%zu bars in %s against the spec target and the review",
		 m->nrows, m->axis.unit);
	if (svg_open(&s, w, top + (int)m->nrows * rowh + 3 * SVG_LINE, m->title, desc, err) < 0)
		return NULL;
	/* The legend names what is drawn: the markers only where a row has one. */
	for (size_t i = 0; i < m->nrows; i++) {
		spec |= !isnan(m->rows[i].mk.spec);
		review |= !isnan(m->rows[i].mk.review);
	}
	nleg = 1;
	if (spec)
		shown[nleg++] = leg[1];
	if (review)
		shown[nleg++] = leg[2];
	shown[0] = leg[0];
	svg_legend(&s, SVG_PAD, SVG_TITLE_H + 12, shown, nleg);
	for (size_t i = 0; i < m->nrows; i++) {
		const struct chart_bar_row *r = &m->rows[i];
		double			    y = top + (double)i * rowh;

		s_text(&s, SVG_PAD, y + SVG_LINE - 2, "dd-label", NULL, r->label);
		s_text(&s, SVG_PAD, y + 2 * SVG_LINE - 2, "dd-label dd-depth", NULL, r->depth);
		svg_bar(&s, SVG_PAD + lw, y + 6, tw, 14, r->value, m->axis.max, &r->mk);
		snprintf(note, sizeof note, "%s %s", r->value_text,
			 isnan(r->value) ? "" : m->axis.unit);
		s_text(&s, SVG_PAD + lw + tw + 10, y + 18, "dd-value", NULL, note);
		svg_bar_note(r, note, sizeof note);
		s_text(&s, SVG_PAD + lw, y + 2 * SVG_LINE, "dd-note", NULL, note);
	}
	svg_axis(&s, SVG_BOTTOM, SVG_PAD + lw, top + (double)m->nrows * rowh, tw, 0, &m->axis);
	return svg_close(&s, err);
}

/* Append to path data d (*o used) the relative line to (dx, dy): "l10-2". */
static void
d_line(char *d, size_t *o, double dx, double dy)
{
	char a[32], b[32];

	*o += (size_t)snprintf(d + *o, 32, "l%s%s%s", svg_fmt(dx, a, sizeof a), dy < 0 ? "" : " ",
			       svg_fmt(dy, b, sizeof b));
}

/* A time graph's line of n samples on an axis 0..max: a path broken at
 * every NAN, each point in whole pixels (half a pixel off at most, which no
 * reader sees), after the first of a stretch relative to the one before
 * ("l11-2"), and a point on the straight line between its neighbours'
 * pixels left out (a flat run is one segment): the lines are most of a
 * report's bytes, and no pixel moves. */
static void
svg_graph_path(struct svg *s, const double *v, size_t n, double max, const char *cls,
	       double x0, double y0, double w, double h)
{
	char  *d = malloc(n * 32 + 16), a[32], b[32];
	size_t o = 0;
	bool   pen = false, held = false;	/* held: a segment (hx, hy) not written */
	double px = 0, py = 0, hx = 0, hy = 0;

	if (d == NULL) {
		s->bad = true;
		return;
	}
	d[0] = '\0';
	for (size_t i = 0; i <= n; i++) {
		double f = i < n ? chart_fraction(v[i], max) : NAN, x, y;

		if (isnan(f)) {
			if (held)
				d_line(d, &o, hx, hy);
			pen = held = false;
			continue;
		}
		x = round(x0 + (i + 0.5) * w / (double)n);
		y = round(y0 + h - f * h);
		if (!pen) {
			o += (size_t)snprintf(d + o, 32, "M%s %s", svg_fmt(x, a, sizeof a),
					      svg_fmt(y, b, sizeof b));
		} else if (x == px && y == py) {
			continue;	/* on the pixel before */
		} else if (held && hx * (y - py) == hy * (x - px) &&
			   hx * (x - px) + hy * (y - py) > 0) {	/* the same way on */
			hx += x - px;
			hy += y - py;
		} else {
			if (held)
				d_line(d, &o, hx, hy);
			hx = x - px;
			hy = y - py;
			held = true;
		}
		px = x;
		py = y;
		pen = true;
	}
	if (o > 0)
		s_path(s, cls, d);
	free(d);
}

/* A time graph's legend: its lines (one alone needs none: the title and
 * unit name it), the second scale, the target and the event. */
static void
svg_timegraph_legend(struct svg *s, const struct chart_timegraph *m, char *cls2, size_t len)
{
	struct svg_legend leg[5];
	size_t		  n = 0;

	snprintf(cls2, len, "dd-dash %s", svg_role_class(m->role));
	leg[n++] = (struct svg_legend){ SW_LINE, 0, svg_role_class(m->role),
					m->label[0] ? m->label : m->axis.unit };
	if (m->samples2 != NULL)
		leg[n++] = (struct svg_legend){ SW_LINE, 0, cls2, m->label2 };
	if (m->right.max > 0)
		leg[n++] = (struct svg_legend){ SW_NOTE, 0, NULL, m->right_note };
	if (!isnan(m->target) && m->target <= m->axis.max)
		leg[n++] = (struct svg_legend){ SW_SPEC, 0, NULL, m->target_label };
	if (!isnan(m->event))
		leg[n++] = (struct svg_legend){ SW_EVENT, 0, NULL, m->event_label };
	if (n > 1)
		svg_legend(s, SVG_PAD, SVG_TITLE_H + 12, leg, n);
}

/* A time graph's target line and event mark over the plot (x0, top, gw x gh),
 * or the target said under it when above the scale. */
static void
svg_timegraph_marks(struct svg *s, const struct chart_timegraph *m, double x0, int top, double gw,
		    int gh)
{
	if (!isnan(m->target) && m->target <= m->axis.max) {
		int row = chart_xy_row(m->target, m->axis.max, gh);

		s_line(s, x0, top + row + 0.5, x0 + gw, top + row + 0.5, "dd-spec");
	}
	if (!isnan(m->event)) {
		int    col = chart_marker_col(m->event, 1, (int)gw);
		double ex = x0 + col + 0.5;

		s_line(s, ex, top - 4, ex, top + gh, "dd-event");
		/* Its label at its top, on the side with room. */
		s_text(s, col < gw / 2 ? ex + 4 : ex - 4, top - 3, "dd-note dd-event-label",
		       col < gw / 2 ? NULL : "end", m->event_label);
	}
	if (!isnan(m->target) && m->target > m->axis.max) {	/* said, if not drawn */
		char num[32], note[CHART_LABEL_MAX + 64];

		snprintf(note, sizeof note, "%s %s %s: above the scale", m->target_label,
			 chart_tick_text(m->target, num, sizeof num), m->axis.unit);
		s_text(s, SVG_PAD, top + gh + 4 + 2 * SVG_FONT + 2, "dd-note", NULL, note);
	}
}

char *
svg_timegraph(const struct chart_timegraph *m, int width_px, struct dd_error *err)
{
	struct chart_axis t;
	const int	  top = SVG_TITLE_H + SVG_LEGEND_H + SVG_LINE, gh = 140;
	int		  w = svg_width(width_px), lw = 64, rw = m->right.max > 0 ? 56 : 0;
	double		  gw = w - lw - rw - 2 * SVG_PAD, x0 = SVG_PAD + lw;
	struct svg	  s;
	char		  desc[160], cls[96], cls2[64];

	if (m->n == 0 || m->samples == NULL)
		return svg_nodata(m->title, width_px, err);
	snprintf(desc, sizeof desc, "%zu samples of %s over time%s%s", m->n, m->axis.unit,
		 m->right.max > 0 ? ", also read in " : "", m->right.max > 0 ? m->right.unit : "");
	if (svg_open(&s, w, top + gh + 3 * SVG_LINE, m->title, desc, err) < 0)
		return NULL;
	svg_timegraph_legend(&s, m, cls2, sizeof cls2);
	svg_axis(&s, SVG_LEFT, x0, top, gh, gw, &m->axis);
	if (m->right.max > 0)
		svg_axis(&s, SVG_RIGHT, x0 + gw, top, gh, 0, &m->right);
	snprintf(cls, sizeof cls, "dd-line %s", svg_role_class(m->role));
	svg_graph_path(&s, m->samples, m->n, m->axis.max, cls, x0, top, gw, gh);
	if (m->samples2 != NULL) {
		snprintf(cls, sizeof cls, "dd-line %s", cls2);
		svg_graph_path(&s, m->samples2, m->n, m->axis.max, cls, x0, top, gw, gh);
	}
	svg_timegraph_marks(&s, m, x0, top, gw, gh);
	if (chart_timegraph_time(m, &t)) {
		svg_axis(&s, SVG_BOTTOM, x0, top + gh, gw, 0, &t);
	} else {
		s_line(&s, x0, top + gh, x0 + gw, top + gh, "dd-axis");
	}
	return svg_close(&s, err);
}

/* The legend of a heat map: its five buckets with their bounds. */
static void
svg_heat_legend(struct svg *s, double x, double y, double max, const char *unit)
{
	char   lo[32], hi[32], text[96], cls[32];
	double a, b;

	s_start(s, "g", "dd-legend");
	for (int k = 0; k < 5; k++) {
		chart_heat_bounds(k, max, &a, &b);
		snprintf(text, sizeof text, "%s%s%s", chart_tick_text(a, lo, sizeof lo),
			 "–", chart_tick_text(b, hi, sizeof hi));
		snprintf(cls, sizeof cls, "dd-heat dd-heat-%d", k);
		s_start(s, "rect", cls);
		s_num(s, "x", x);
		s_num(s, "y", y - 10);
		s_num(s, "width", 14);
		s_num(s, "height", 12);
		s_end(s);
		s_text(s, x + 18, y, "dd-legend-text", NULL, text);
		x += 18 + 7 * utf8_width(text) + 14;
	}
	s_text(s, x, y, "dd-unit", NULL, unit != NULL ? unit : "");
	s_end(s);
}

/* One measured heat map cell: its bucket's rect and its number. */
static void
svg_heat_cell(struct svg *s, const struct chart_heatmap *m, double max, int i, int j, double x,
	      double y, double cw, double ch)
{
	double v = m->grid[i * m->cols + j];
	int    b = chart_heat_bucket(v, max);
	char   cls[48], num[64];

	if (b < 0)
		return;
	snprintf(cls, sizeof cls, "dd-heat dd-heat-%d%s", b,
		 i == m->sel_row && j == m->sel_col ? " dd-cursor" : "");
	s_start(s, "rect", cls);
	s_num(s, "x", x + 1);
	s_num(s, "y", y + 1);
	s_num(s, "width", cw - 2);
	s_num(s, "height", ch - 2);
	s_end(s);
	s_text(s, x + cw - 6, y + ch / 2 + 4, "dd-value", "end",
	       fmt_number(v, m->decimals, num, sizeof num));
}

char *
svg_heatmap(const struct chart_heatmap *m, int width_px, struct dd_error *err)
{
	const int  top = SVG_TITLE_H + SVG_LEGEND_H + SVG_LINE, ch = 24;
	int	   w = svg_width(width_px), lw = 64;
	double	   max = chart_heatmap_max(m), cw;
	struct svg s;
	char	   desc[160];

	if (m->grid == NULL || m->rows <= 0 || m->cols <= 0 || isnan(max))
		return svg_nodata(m->title != NULL ? m->title : "heat map", width_px, err);
	cw = (w - lw - 2 * SVG_PAD) / (double)m->cols;
	snprintf(desc, sizeof desc, "%d x %d heat map of %s, buckets in fifths of %g", m->rows,
		 m->cols, m->unit != NULL ? m->unit : "values", max);
	if (svg_open(&s, w, top + m->rows * ch + 2 * SVG_LINE, m->title != NULL ? m->title :
		     "heat map", desc, err) < 0)
		return NULL;
	svg_heat_legend(&s, SVG_PAD, SVG_TITLE_H + 12, max, m->unit);
	if (m->row_title != NULL || m->col_title != NULL) {
		char t[96];

		snprintf(t, sizeof t, "%s \\ %s", m->row_title != NULL ? m->row_title : "",
			 m->col_title != NULL ? m->col_title : "");
		s_text(&s, SVG_PAD, top - 4, "dd-unit", NULL, t);
	}
	for (int j = 0; m->col_labels != NULL && j < m->cols; j++)
		s_text(&s, SVG_PAD + lw + (j + 1) * cw - 6, top - 4, "dd-label", "end",
		       m->col_labels[j]);
	for (int i = 0; i < m->rows; i++) {
		double y = top + (double)i * ch;

		if (m->row_labels != NULL)
			s_text(&s, SVG_PAD, y + ch / 2.0 + 4, "dd-label", NULL, m->row_labels[i]);
		for (int j = 0; j < m->cols; j++)
			svg_heat_cell(&s, m, max, i, j, SVG_PAD + lw + j * cw, y, cw, ch);
	}
	if (m->note != NULL && m->note[0] != '\0')
		s_text(&s, SVG_PAD, top + m->rows * ch + SVG_LINE, "dd-note", NULL, m->note);
	return svg_close(&s, err);
}

/* The shape of an x/y series: its dashboard glyph's meaning where it has
 * one (review diamond, finished step dot, peak triangle, running step ring),
 * else by its index. */
static int
svg_series_shape(const struct chart_series *sr, size_t k)
{
	switch (sr->glyph) {
	case 0x25C6: case '*':
		return 3;
	case 0x25CF: case 'o':
		return 0;
	case 0x25B2: case '^':
		return 2;
	case 0x25CE: case '@':
		return 5;
	default:
		return k % 2 ? 1 : 4;
	}
}

/* Has a series a point to draw (a legend names only what it shows)? */
static bool
svg_series_drawn(const struct chart_series *sr)
{
	for (size_t i = 0; i < sr->n; i++)
		if (!isnan(sr->x[i]) && !isnan(sr->y[i]))
			return true;
	return false;
}

/* The points of an x/y plot on the plot's pixels (chart_xy_col/row). */
static void
svg_xy_points(struct svg *s, const struct chart_xyplot *m, double x0, double y0, int pw, int ph)
{
	char cls[64];

	for (size_t k = 0; k < m->nseries; k++) {
		const struct chart_series *sr = &m->series[k];
		int			   shape = svg_series_shape(sr, k);

		snprintf(cls, sizeof cls, "dd-point %s dd-shape-%d", svg_role_class(sr->role), shape);
		s_start(s, "g", cls);
		for (size_t i = 0; i < sr->n; i++) {
			int c = chart_xy_col(sr->x[i], m->x.max, pw);
			int r = chart_xy_row(sr->y[i], m->y.max, ph);

			if (c >= 0 && r >= 0)
				s_shape(s, shape, x0 + c + 0.5, y0 + r + 0.5, 4, NULL);
		}
		s_end(s);
	}
}

char *
svg_xyplot(const struct chart_xyplot *m, int width_px, struct dd_error *err)
{
	struct svg_legend leg[8];
	const int	  top = SVG_TITLE_H + SVG_LEGEND_H + SVG_LINE, ph = 200;
	int		  w = svg_width(width_px), lw = 64, pw = w - lw - 2 * SVG_PAD - 16;
	size_t		  nleg = 0, npts = 0;
	struct svg	  s;
	char		  desc[160], cls[8][32];

	for (size_t k = 0; k < m->nseries; k++)
		for (size_t i = 0; i < m->series[k].n; i++)
			npts += !isnan(m->series[k].x[i]) && !isnan(m->series[k].y[i]);
	if (npts == 0)
		return svg_nodata(m->title, width_px, err);
	snprintf(desc, sizeof desc, "%s against %s, %zu points", m->y.unit, m->x.unit, npts);
	if (svg_open(&s, w, top + ph + 3 * SVG_LINE, m->title, desc, err) < 0)
		return NULL;
	for (size_t k = 0; k < m->nseries && nleg < 8; k++)
		if (m->series[k].name != NULL && svg_series_drawn(&m->series[k])) {
			snprintf(cls[nleg], sizeof cls[nleg], "%s",
				 svg_role_class(m->series[k].role));
			leg[nleg] = (struct svg_legend){ SW_SHAPE,
							 svg_series_shape(&m->series[k], k),
							 cls[nleg], m->series[k].name };
			nleg++;
		}
	svg_legend(&s, SVG_PAD, SVG_TITLE_H + 12, leg, nleg);
	svg_axis(&s, SVG_LEFT, SVG_PAD + lw, top, ph, pw, &m->y);
	svg_axis(&s, SVG_BOTTOM, SVG_PAD + lw, top + ph, pw, 0, &m->x);
	svg_xy_points(&s, m, SVG_PAD + lw, top, pw, ph);
	return svg_close(&s, err);
}

/* A histogram's rows: the labels right-aligned in one group, the tracks
 * one path, the bars (chart_fraction of the track, none for an empty
 * bucket) another, the shares in a last group. */
static void
svg_hist_rows(struct svg *s, const struct chart_histogram *m, double x0, double top,
	      double tw, double rowh)
{
	char   num[32], label[64], *d = malloc(m->n * 48 + 16), *b = malloc(m->n * 48 + 16);
	size_t o = 0, bo = 0, len = m->n * 48 + 16;

	if (d == NULL || b == NULL) {
		s->bad = true;
		goto out;
	}
	d[0] = b[0] = '\0';
	s_group(s, "dd-label", "end");
	for (size_t j = 0; j < m->n; j++) {
		double y = top + (double)j * rowh, f = chart_fraction(m->count[j], m->axis.max);

		snprintf(label, sizeof label, "< %s %s",
			 fmt_number(m->upper[j], m->upper[j] < 1e3 ? 1 : 0, num, sizeof num),
			 m->unit);
		s_text(s, x0 - 8, y + 15, NULL, NULL, label);
		d_rect(d, len, &o, x0, y + 5, tw, 12);
		if (!isnan(f) && f * tw >= 0.05)	/* an empty bucket: no bar */
			d_rect(b, len, &bo, x0, y + 5, f * tw, 12);
	}
	s_end(s);
	s_path(s, "dd-track", d);
	if (bo > 0)
		s_path(s, "dd-bar dd-measured", b);
	s_group(s, "dd-value", "end");
	for (size_t j = 0; j < m->n; j++) {
		snprintf(label, sizeof label, "%.1f%%",
			 isnan(m->count[j]) ? 0 : 100 * m->count[j] / m->total);
		s_text(s, s->width - SVG_PAD, top + (double)j * rowh + 15, NULL, NULL, label);
	}
	s_end(s);
out:
	free(d);
	free(b);
}

char *
svg_histogram(const struct chart_histogram *m, int width_px, struct dd_error *err)
{
	const int  rowh = SVG_LINE + 6, top = SVG_TITLE_H + 4;
	int	   w = svg_width(width_px), lw = 96, nw = 64;
	double	   tw = w - lw - nw - 2 * SVG_PAD;
	struct svg s;
	char	   desc[160];

	if (m->n == 0 || !(m->total > 0))
		return svg_nodata(m->title, width_px, err);
	snprintf(desc, sizeof desc, "%zu latency bands in %s, bars scaled to the largest", m->n,
		 m->unit);
	if (svg_open(&s, w, top + (int)m->n * rowh + SVG_LINE, m->title, desc, err) < 0)
		return NULL;
	svg_hist_rows(&s, m, SVG_PAD + lw, top, tw, rowh);
	return svg_close(&s, err);
}
