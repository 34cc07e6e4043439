/*
 * The hosts file of a fleet (`--hosts FILE`, `--host SPEC`): which fio
 * servers to drive, which device on each, and what drive it is.
 *
 * UTF-8 text (a byte order mark at its start is skipped).
 * One line per host and target; '#' starts a comment, blank lines are
 * skipped; fields are separated by blanks, and a field holding blanks is
 * quoted ("..." or '...'):
 *
 *   ADDRESS  DEVICE  [DRIVE]  [CONFIRM]  [key=value ...]
 *
 *   ADDRESS  host, host:port, [v6addr]:port, or fio's own forms ip:ADDR,
 *            ip6:ADDR with an optional ,PORT ("ip6:::1,8766"); port 8765
 *            (fio's) when none.  A host named twice with the same device is
 *            an error.
 *   DEVICE   the absolute path on that host ("/dev/nvme0n1", a file).
 *   DRIVE    what to judge it against: a model number ("KCD9XPJE7T68"), a
 *            database drive id, or a query naming one capacity point
 *            ("CD9P-R 7.68TB"); "-" for none.
 *   CONFIRM  the drive's serial or the device's name ("nvme0n1"): required
 *            with --allow-write for a plan that writes, since drivedash's own
 *            safety checks cannot run on the far host; "-" for none.
 *   keys     detect=FILE   `drivedash detect --json` output collected on that
 *                          host: identity (model, serial, capacity) comes
 *                          from the drive itself, the namespace whose block
 *                          device is DEVICE (the CLI reads it; the path is
 *                          relative to the hosts file)
 *            size=SIZE     the device's size (4k, 1g ...: binary suffixes),
 *                          for plans that need it when no detect= gives it
 *            name=LABEL    how tables and the dashboard name the row
 *
 * Pure text parsing: no network, no files but the one read.  Errors are one
 * sentence naming file and line ("hosts.txt:3: port 99999 is out of range").
 */
#ifndef DD_HOSTS_H
#define DD_HOSTS_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lib/error.h"

#define HOSTS_MAX 64		/* rows in one fleet */

struct fleet_host {
	char	 label[128];		/* name=, else ADDRESS as written */
	char	 host[256];		/* address without port or brackets */
	unsigned port;
	bool	 ipv6;
	char	 url[PATH_MAX + 300];	/* "fio://HOST:PORT/DEVICE" for dd_backend_open */
	char	 device[PATH_MAX];
	char	 drive[128];		/* DRIVE; "" none */
	char	 confirm[128];		/* CONFIRM; "" none */
	char	 detect[PATH_MAX];	/* detect= resolved against the file's
					 * directory; "" none */
	uint64_t size;			/* size= or detect's capacity; 0 unknown */
	unsigned line;			/* in the hosts file; 0 for --host */

	/* Identity: filled by the CLI from detect= (all "" / 0 otherwise). */
	char	 model[128], serial[64], firmware[64];
	uint64_t capacity;
	int	 link_gen, link_width;	/* the controller's PCIe link; 0 unknown */
};

/* Parse hosts-file text (len bytes; file names it in messages) into a
 * malloc'd array (*out, *n; free() it).  No lines: -ENOENT "FILE names no
 * hosts".  0 or a negative errno with err set; *out NULL then. */
int hosts_parse(const char *text, size_t len, const char *file, struct fleet_host **out,
		size_t *n, struct dd_error *err);

/* Read and parse a hosts file (at most 1 MiB). */
int hosts_load(const char *path, struct fleet_host **out, size_t *n, struct dd_error *err);

/* Parse one line as --host gives it ("127.0.0.1:8766 /dev/zram0 - -"). */
int hosts_parse_one(const char *spec, struct fleet_host *out, struct dd_error *err);

/* The host's address as tables name it: "host:port", "[v6]:port". */
char *hosts_label_address(const struct fleet_host *h, char *buf, size_t len);

/* Does confirm confirm writes to h: its serial (when known) or the device's
 * base name, compared exactly? */
bool hosts_confirmed(const struct fleet_host *h);

#endif
