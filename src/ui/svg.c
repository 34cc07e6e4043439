/*
 * SVG renderers of the chart models (svg.h).  FIRST COMMIT: stubs that write
 * a valid empty chart ("no data") through libxml2's xmlTextWriter; the
 * renderers proper replace them in the next commits.
 */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/xmlwriter.h>

#include "svg.h"

/* A standalone empty chart with a title and "no data". */
static char *
svg_empty(const char *title, int width_px, struct dd_error *err)
{
	xmlBufferPtr	 buf = xmlBufferCreate();
	xmlTextWriterPtr w = buf != NULL ? xmlNewTextWriterMemory(buf, 0) : NULL;
	char		 vb[64], *out = NULL;
	int		 rc = 0;

	if (w == NULL) {
		if (buf != NULL)
			xmlBufferFree(buf);
		dd_error_set(err, -ENOMEM, "out of memory writing a chart");
		return NULL;
	}
	width_px = width_px < 240 ? 240 : width_px > 2000 ? 2000 : width_px;
	snprintf(vb, sizeof vb, "0 0 %d 60", width_px);
	rc |= xmlTextWriterStartElement(w, BAD_CAST "svg") < 0;
	rc |= xmlTextWriterWriteAttribute(w, BAD_CAST "xmlns",
					  BAD_CAST "http://www.w3.org/2000/svg") < 0;
	rc |= xmlTextWriterWriteAttribute(w, BAD_CAST "class", BAD_CAST "dd-chart") < 0;
	rc |= xmlTextWriterWriteAttribute(w, BAD_CAST "role", BAD_CAST "img") < 0;
	rc |= xmlTextWriterWriteAttribute(w, BAD_CAST "viewBox", BAD_CAST vb) < 0;
	rc |= xmlTextWriterWriteElement(w, BAD_CAST "title", BAD_CAST title) < 0;
	rc |= xmlTextWriterStartElement(w, BAD_CAST "text") < 0;
	rc |= xmlTextWriterWriteAttribute(w, BAD_CAST "class", BAD_CAST "dd-note") < 0;
	rc |= xmlTextWriterWriteAttribute(w, BAD_CAST "x", BAD_CAST "8") < 0;
	rc |= xmlTextWriterWriteAttribute(w, BAD_CAST "y", BAD_CAST "36") < 0;
	rc |= xmlTextWriterWriteAttribute(w, BAD_CAST "fill", BAD_CAST "currentColor") < 0;
	rc |= xmlTextWriterWriteString(w, BAD_CAST "no data") < 0;
	rc |= xmlTextWriterEndDocument(w) < 0;
	xmlFreeTextWriter(w);
	if (rc == 0)
		out = strdup((const char *)xmlBufferContent(buf));
	xmlBufferFree(buf);
	if (out == NULL)
		dd_error_set(err, -ENOMEM, "out of memory writing a chart");
	return out;
}

char *
svg_bars(const struct chart_bars *m, int width_px, struct dd_error *err)
{
	return svg_empty(m->title, width_px, err);
}

char *
svg_timegraph(const struct chart_timegraph *m, int width_px, struct dd_error *err)
{
	return svg_empty(m->title, width_px, err);
}

char *
svg_heatmap(const struct chart_heatmap *m, int width_px, struct dd_error *err)
{
	return svg_empty(m->title != NULL ? m->title : "heat map", width_px, err);
}

char *
svg_xyplot(const struct chart_xyplot *m, int width_px, struct dd_error *err)
{
	return svg_empty(m->title, width_px, err);
}

char *
svg_histogram(const struct chart_histogram *m, int width_px, struct dd_error *err)
{
	return svg_empty(m->title, width_px, err);
}
