/*
 * Device discovery for the dashboard: the DETECTED section of the Drives
 * screen.
 *
 * tui_detect_devices() asks src/io/nvme.h for the NVMe controllers and the
 * other block devices, keeps them in t->info (in t->arena) and builds
 * t->devs: one struct tui_device per NVMe namespace (at most four per
 * controller, or one for a controller with none), each matched to the
 * database's families, then one per other block device with a size.  It
 * is the one hook to change if discovery changes; tests skip the scan, fill
 * t->info themselves and call tui_detect_list().  UI thread only.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "io/safety.h"
#include "ui/tui.h"

/* Flag a device that is mounted (it or a partition) or holds /. */
static void
tui_device_usage(struct tui_device *d)
{
	struct safety_usage u;

	if (d->path != NULL && safety_block_usage(d->path, &u) == 0) {
		d->mounted = u.mounted;
		d->root = u.root;
	}
}

/* Build t->devs from the discovery in t->info, matching each controller. */
void
tui_detect_list(struct tui *t)
{
	size_t n = 0;

	t->devs = arena_alloc(&t->arena, (t->info.nctrls * 4 + t->info.nblockdevs + 1) *
					     sizeof *t->devs);
	/* Controllers first, one row per namespace (or one for the controller). */
	for (size_t i = 0; i < t->info.nctrls; i++) {
		const struct nvmeinfo_ctrl *c = &t->info.ctrls[i];
		size_t			    nns = c->nnamespaces < 4 ? c->nnamespaces : 4;

		for (size_t k = 0; k < (nns ? nns : 1); k++) {
			struct tui_device *d = &t->devs[n++];

			d->ctrl = c;
			d->name = nns ? c->namespaces[k].name : c->name;
			for (size_t b = 0; b < t->info.nblockdevs; b++)
				if (d->name != NULL && strcmp(t->info.blockdevs[b].name, d->name) == 0)
					d->bdev = &t->info.blockdevs[b];
			d->path = d->bdev != NULL ? d->bdev->path : NULL;
			if (d->name == NULL)
				d->name = c->name;
			d->matched = match_model(t->fams, t->nfams, c->model,
						 nvmeinfo_match_capacity(c), &d->match) == 1;
		}
	}
	for (size_t b = 0; b < t->info.nblockdevs; b++) {
		const struct nvmeinfo_blockdev *bd = &t->info.blockdevs[b];
		bool				seen = false;

		for (size_t k = 0; k < n; k++)
			seen |= t->devs[k].bdev == bd;
		if (seen || bd->size_bytes == 0)
			continue;
		t->devs[n].bdev = bd;
		t->devs[n].name = bd->name;
		t->devs[n].path = bd->path;
		n++;
	}
	t->ndevs = n;
}

/*
 * The DETECTED section's source: NVMe controllers and the other block
 * devices, through src/io/nvme.h.  This is the one hook to change if
 * discovery changes.
 */
void
tui_detect_devices(struct tui *t)
{
	struct dd_error err = { 0 };

	t->detected = true;
	if (nvmeinfo_scan(NULL, &t->arena, &t->info, &err) < 0) {
		snprintf(t->detect_note, sizeof t->detect_note, "discovery failed: %.120s", err.msg);
		fprintf(stderr, "drivedash: %s\n", t->detect_note);
		return;
	}
	tui_detect_list(t);
	/* Mount flags come from this machine, not from the discovery: kept out
	 * of tui_detect_list so injected lists (golden screens) stay fixed. */
	for (size_t i = 0; i < t->ndevs; i++)
		tui_device_usage(&t->devs[i]);
}
