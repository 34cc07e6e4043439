/*
 * The presets that are data: every data/plans/NAME.plan compiled into this
 * table at build time (src/tools/plans2c.sh generates plan-presets.c), so
 * the built-in presets and the files installed to $(pkgdatadir)/plans are
 * the same text.  plan_preset() parses an entry's text as a plan file named
 * "NAME.plan"; plan_presets() lists them after the code-built ones.
 */
#ifndef DD_PLAN_PRESETS_H
#define DD_PLAN_PRESETS_H

#include <stddef.h>

struct plan_data_preset {
	const char *name;	/* "vdbench-4k-randread" */
	const char *summary;	/* the file's "# summary: " line */
	const char *text;	/* the whole plan file */
};

extern const struct plan_data_preset plan_data_presets[];
extern const size_t		     plan_data_npresets;

#endif
