/*
 * Unit tests for src/ui/svg.c: every chart model drawn to SVG parses back
 * as XML (libxml2's xmlReadMemory).
 */
#include "config.h"

#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <libxml/parser.h>

#include "ui/chart.h"
#include "ui/svg.h"

/* svg parses as one XML document whose root is <svg>; frees svg. */
static void
assert_svg(char *svg)
{
	xmlDocPtr doc;

	assert_non_null(svg);
	doc = xmlReadMemory(svg, (int)strlen(svg), "chart.svg", "UTF-8",
			    XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
	if (doc == NULL)
		fail_msg("not XML: %s", svg);
	assert_string_equal((const char *)xmlDocGetRootElement(doc)->name, "svg");
	xmlFreeDoc(doc);
	free(svg);
}

/* An empty model of each kind is a valid chart. */
static void
test_empty_models(void **state)
{
	struct chart_bars	b;
	struct chart_timegraph	tg;
	struct chart_histogram	h;
	struct chart_xyplot	xy = { .title = "curves" };
	struct chart_heatmap	hm = { .title = "heat", .max = NAN };
	struct dd_error		err;

	(void)state;
	chart_bars_init(&b, "bars", "IOPS");
	chart_timegraph_init(&tg, "graph", "IOPS", NULL, 0, 1, UI_GRAPH);
	chart_histogram_init(&h, "hist", "µs", NULL, NULL, 0);
	assert_svg(svg_bars(&b, 600, &err));
	assert_svg(svg_timegraph(&tg, 600, &err));
	assert_svg(svg_histogram(&h, 600, &err));
	assert_svg(svg_xyplot(&xy, 600, &err));
	assert_svg(svg_heatmap(&hm, 600, &err));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_empty_models),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
