/*
 * Explainers: short findings about a detected controller that explain why it
 * may not reach its spec sheet or needs attention.  Each rule is a pure
 * function of the controller (with its namespaces, SMART log and PCIe link)
 * and, when the drive matched the database, the family's spec sheet:
 *
 *   pcie-link         the link trained below its maximum speed or width
 *   lba-format        a namespace uses 512-byte sectors although 4096 is
 *                     supported (spec-sheet figures assume 4 KiB)
 *   temperature       composite temperature within EXPLAIN_TEMP_MARGIN_C of
 *                     the warning threshold (critical at or above it)
 *   wear              percentage used >= EXPLAIN_WEAR_PCT (critical at 100)
 *   critical-warning  one item per SMART critical-warning bit set
 *   namespace-size    a namespace below EXPLAIN_NS_FRACTION of the
 *                     controller's total capacity
 */
#ifndef DD_EXPLAIN_H
#define DD_EXPLAIN_H

#include <stddef.h>

#include "core/specdb.h"
#include "io/nvme.h"

#define EXPLAIN_TEMP_MARGIN_C	5
#define EXPLAIN_WEAR_PCT	80
#define EXPLAIN_NS_FRACTION	0.90
#define EXPLAIN_MAX		32	/* enough for every rule on 8 namespaces */

enum explain_severity {
	EXPLAIN_INFO,
	EXPLAIN_WARNING,
	EXPLAIN_CRITICAL,
};

/* One finding. */
struct explain_item {
	const char	     *kind;		/* "pcie-link", "lba-format", ... */
	enum explain_severity severity;
	char		      subject[32];	/* "nvme0" or a namespace, "nvme0n1" */
	char		      message[384];	/* one sentence */
};

/*
 * Explain a controller.  sheet is the matched family's spec sheet or NULL.
 * Writes at most max items to out and returns how many it wrote.
 */
size_t explain_controller(const struct nvmeinfo_ctrl *c,
			  const struct spec_sheet *sheet,
			  struct explain_item *out, size_t max);

/* "info", "warning" or "critical". */
const char *explain_severity_name(enum explain_severity s);

#endif
