/*
 * libFuzzer target: hosts files as `run --hosts` reads them (hosts_parse in
 * src/core/hosts.h), and the first line as `--host` gives it
 * (hosts_parse_one).  The input is a file's bytes.  A file that does not
 * parse must say why in one sentence naming the file, and leave no rows; one
 * that parses gives 1..HOSTS_MAX rows, each with an address, a port of fio's
 * range, an absolute device path, a fio:// URL the fio backend splits back
 * into the same host, port and path, and a line number inside the file.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>

#include "core/hosts.h"
#include "io/fio.h"
#include "fuzz.h"

/* The invariants of one parsed row. */
static void
fuzz_check_host(const struct fleet_host *h, unsigned lines)
{
	struct dd_fio_addr a;
	struct dd_error	   err = { 0 };

	FUZZ_CHECK(h->host[0] != '\0' && h->label[0] != '\0');
	FUZZ_CHECK(h->port >= 1 && h->port <= 65535);
	FUZZ_CHECK(h->device[0] == '/');
	FUZZ_CHECK(h->line <= lines);
	FUZZ_CHECK(strncmp(h->url, "fio://", 6) == 0);
	if (dd_fio_parse_url(h->url, &a, &err) == 0) {
		FUZZ_CHECK(strcmp(a.host, h->host) == 0);
		FUZZ_CHECK(a.port == h->port);
		FUZZ_CHECK(strcmp(a.path, h->device) == 0);
	}
}

/* Parse one input as a file, then its first line as --host. */
int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fleet_host *hs = NULL, one;
	struct dd_error	   err = { 0 };
	size_t		   n = 99;
	unsigned	   lines = 1;
	char		  *text;

	for (size_t i = 0; i < size; i++)
		lines += data[i] == '\n';
	if (hosts_parse((const char *)data, size, "rack/hosts.txt", &hs, &n, &err) != 0) {
		FUZZ_CHECK(hs == NULL && n == 0);
		FUZZ_CHECK(strncmp(err.msg, "rack/hosts.txt", 14) == 0);
	} else {
		FUZZ_CHECK(hs != NULL && n >= 1 && n <= HOSTS_MAX);
		for (size_t i = 0; i < n; i++)
			fuzz_check_host(&hs[i], lines);
		free(hs);
	}
	text = fuzz_strndup(data, size);
	text[strcspn(text, "\n")] = '\0';
	if (hosts_parse_one(text, &one, &err) == 0)
		fuzz_check_host(&one, 1);
	else
		FUZZ_CHECK(err.msg[0] != '\0');
	free(text);
	return 0;
}
