/*
 * SVG renderers of the chart models (chart.h): the report's charts are the
 * dashboard's charts, drawn to SVG instead of cells.  Values map to pixels
 * through chart.h's own rules (chart_fraction, chart_marker_col,
 * chart_heat_bucket, chart_xy_col/row), so a bar, marker or cell sits where
 * the screen puts it, at a finer grain.
 *
 * Each function returns a malloc'd, NUL-terminated standalone <svg> element
 * (UTF-8, xmlns set, viewBox, width/height, role="img", a <title> and a
 * <desc>), written through libxml2's xmlTextWriter, so every label is
 * escaped and the output is well-formed whatever the input (invalid UTF-8 in
 * a label comes out as U+FFFD).  NULL on failure with err set (out of
 * memory).  An empty model (no rows, no samples) gives a valid chart that
 * says "no data".  NAN values give gaps (no bar, no point, a break in a
 * line), never the text "nan".
 *
 * Readable without colour: series are told apart by shape and pattern and
 * named in a legend with text, using the dashboard's glyph meanings
 * (measured bar; spec target: a vertical line; review: a diamond).  No inline
 * colours: elements carry classes and use currentColor, and the page's
 * stylesheet sets the colours for light, dark and print.  The classes:
 *
 *   dd-chart          the <svg> element
 *   dd-title          the chart's title text
 *   dd-axis           axis lines and tick marks
 *   dd-tick           tick labels
 *   dd-unit           axis unit labels
 *   dd-grid           grid lines at the ticks
 *   dd-label          row / bucket / point labels
 *   dd-value          value texts next to bars
 *   dd-track          the unfilled track of a bar
 *   dd-bar            a measured bar (also dd-measured, dd-read, dd-write,
 *                     dd-graph, dd-temperature: the series' theme role)
 *   dd-spec           the spec target marker / line (dashed)
 *   dd-review         the review marker (a diamond)
 *   dd-event          an event line (the write cliff; dotted)
 *   dd-line           a time graph's line (with its role's class)
 *   dd-dash           a time graph's second line (dashed: p99 under mean)
 *   dd-point          a point of an x/y series (with its role's class and
 *                     dd-shape-N, N the series' index: circle, square,
 *                     triangle, diamond, cross)
 *   dd-heat dd-heat-B a heat map cell of bucket B (0-4), with its number;
 *                     the pattern's density grows with B
 *   dd-cursor         a heat map's marked cell
 *   dd-legend         the legend group; dd-legend-text its texts
 *   dd-note           notes under a chart (the knee line, "no data")
 *
 * Presentation (fill, stroke, dashes, text anchors, the heat buckets'
 * opacity, the chart font) is svg_css's, by class, not repeated on every
 * element: a page (or a standalone file) of these charts carries svg_css
 * once in a <style>, then its own colours for the classes.
 *
 *   dd-e, dd-m        text anchored at its end / middle
 *   dd-event-label    the event line's label (at its top)
 *
 * width_px is the drawing's width (clamped to 240..2000); heights follow the
 * content.
 */
#ifndef DD_SVG_H
#define DD_SVG_H

#include "chart.h"
#include "lib/error.h"

/* The stylesheet the charts' classes need (no colours: the page sets
 * those), one line of CSS without '<' or '&'. */
extern const char svg_css[];

/* A workload's bars with their spec and review markers, depth and deltas. */
char *svg_bars(const struct chart_bars *m, int width_px, struct dd_error *err);

/* An interval graph with time and value axes, target line and event mark;
 * a second series dashed, a second scale of the line at the right (the
 * legend names the lines and says what the scale is). */
char *svg_timegraph(const struct chart_timegraph *m, int width_px, struct dd_error *err);

/* A QD x jobs heat map with its legend of buckets and the knee note. */
char *svg_heatmap(const struct chart_heatmap *m, int width_px, struct dd_error *err);

/* An x/y plot (load curves) with both axes and a legend of its series. */
char *svg_xyplot(const struct chart_xyplot *m, int width_px, struct dd_error *err);

/* A latency histogram: a bar per bucket, its bound and share. */
char *svg_histogram(const struct chart_histogram *m, int width_px, struct dd_error *err);

#endif
