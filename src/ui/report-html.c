/*
 * The report's HTML writer (report.h): not written yet.
 */
#include "config.h"

#include <errno.h>

#include "ui/report-int.h"

/* The html writer into an open stream. */
int
report_write_html(const struct report *r, FILE *f)
{
	(void)r;
	(void)f;
	return -ENOSYS;
}
