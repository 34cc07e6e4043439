/*
 * libFuzzer target: `detect=` identity files as `run --hosts` reads them
 * (cli_fleet_detect_parse in src/cli/cli.h) for a host whose device is
 * /dev/nvme0n1.  The input is the file's bytes.  A document that is not
 * detect output, or lists no such device, says so in one sentence and leaves
 * the host as it was; one that names the device gives an identity whose
 * strings are terminated within their fields and a size equal to its
 * capacity when the host had none.
 */
#include "config.h"

#include <stdio.h>

#include "cli/cli.h"
#include "core/hosts.h"
#include "fuzz.h"

/* Parse one input. */
int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fleet_host h = { 0 }, before;
	struct dd_error	  err = { 0 };

	snprintf(h.device, sizeof h.device, "/dev/nvme0n1");
	snprintf(h.host, sizeof h.host, "node1");
	before = h;
	if (cli_fleet_detect_parse((const char *)data, size, &h, &err) != 0) {
		FUZZ_CHECK(err.msg[0] != '\0');
		FUZZ_CHECK(memcmp(&h, &before, sizeof h) == 0);
		return 0;
	}
	FUZZ_CHECK(memchr(h.model, '\0', sizeof h.model) != NULL);
	FUZZ_CHECK(memchr(h.serial, '\0', sizeof h.serial) != NULL);
	FUZZ_CHECK(memchr(h.firmware, '\0', sizeof h.firmware) != NULL);
	FUZZ_CHECK(h.size == h.capacity);
	FUZZ_CHECK(strcmp(h.device, "/dev/nvme0n1") == 0);
	return 0;
}
