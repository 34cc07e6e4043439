/*
 * Tests for src/core/hosts.c: the hosts file of a fleet.  Every address
 * form (host, host:port, [v6]:port, fio's ip: and ip6: with and without a
 * port), the fields and their "-" placeholders, quotes and comments, the
 * keys (size= through the project's size parser, detect= against the hosts
 * file's directory, name=), the URL each row gives the fio backend, the
 * confirmation rule, and a table of bad lines whose sentences must name the
 * file and line.  Pure text: no network, one temporary file for
 * hosts_load.
 */
#include "config.h"

#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "core/hosts.h"

/* Parse text as the file "rack/hosts.txt"; asserts success. */
static struct fleet_host *
parse_ok(const char *text, size_t *n)
{
	struct fleet_host *hs = NULL;
	struct dd_error	   err = { 0 };

	if (hosts_parse(text, strlen(text), "rack/hosts.txt", &hs, n, &err) != 0)
		fail_msg("hosts_parse: %s", err.msg);
	return hs;
}

/* Every address form: host, port, IPv6 flag and URL. */
static void
test_addresses(void **state)
{
	static const struct {
		const char *line, *host, *url;
		unsigned    port;
		bool	    v6;
	} cases[] = {
		{ "node1 /dev/nvme0n1", "node1", "fio://node1:8765/dev/nvme0n1", 8765, false },
		{ "node1.lab:8766 /dev/zram1", "node1.lab", "fio://node1.lab:8766/dev/zram1",
		  8766, false },
		{ "127.0.0.1:9000 /tmp/x.dat", "127.0.0.1", "fio://127.0.0.1:9000/tmp/x.dat",
		  9000, false },
		{ "[::1]:8767 /dev/loop3", "::1", "fio://[::1]:8767/dev/loop3", 8767, true },
		{ "[fe80::1%eth0] /dev/sda", "fe80::1%eth0", "fio://[fe80::1%eth0]:8765/dev/sda",
		  8765, true },
		{ "ip:10.0.0.5 /dev/nvme1n1", "10.0.0.5", "fio://10.0.0.5:8765/dev/nvme1n1",
		  8765, false },
		{ "ip:10.0.0.5,8770 /dev/nvme1n1", "10.0.0.5", "fio://10.0.0.5:8770/dev/nvme1n1",
		  8770, false },
		{ "ip6:::1,8766 /dev/zram2", "::1", "fio://[::1]:8766/dev/zram2", 8766, true },
		{ "ip6:2001:db8::7 /dev/nvme0n1", "2001:db8::7",
		  "fio://[2001:db8::7]:8765/dev/nvme0n1", 8765, true },
	};

	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct fleet_host h;
		struct dd_error	  err = { 0 };

		if (hosts_parse_one(cases[i].line, &h, &err) != 0)
			fail_msg("'%s': %s", cases[i].line, err.msg);
		assert_string_equal(h.host, cases[i].host);
		assert_int_equal(h.port, cases[i].port);
		assert_int_equal(h.ipv6, cases[i].v6);
		assert_string_equal(h.url, cases[i].url);
		assert_int_equal(h.line, 0);
		/* Without name= the label is ADDRESS as written. */
		assert_int_equal(strncmp(cases[i].line, h.label, strlen(h.label)), 0);
		assert_int_equal(cases[i].line[strlen(h.label)], ' ');
	}
}

/* Fields, placeholders, quotes, comments, keys and line numbers. */
static void
test_fields(void **state)
{
	const char *text =
		"# the rack\n"
		"\n"
		"node1 /dev/nvme0n1 KCD9XPJE7T68 SN123 size=7.68t name=top\n"
		"node2:8766 /dev/nvme1n1 - nvme1n1   # a comment after the fields\n"
		"  node3\t/dev/zram1 \"CD9P-R 7.68TB\" - detect=node3.json\r\n"
		"node4 '/data/my file.dat' - - detect=/abs/d.json\n"
		"name=first node5 /dev/x\n";
	size_t		   n;
	struct fleet_host *hs = parse_ok(text, &n);

	(void)state;
	assert_int_equal(n, 5);
	assert_string_equal(hs[0].label, "top");
	assert_string_equal(hs[0].drive, "KCD9XPJE7T68");
	assert_string_equal(hs[0].confirm, "SN123");
	assert_true(hs[0].size == (uint64_t)(7.68 * 1024 * 1024 * 1024 * 1024));
	assert_int_equal(hs[0].line, 3);
	assert_string_equal(hs[0].detect, "");
	assert_string_equal(hs[1].label, "node2:8766");
	assert_string_equal(hs[1].drive, "");
	assert_string_equal(hs[1].confirm, "nvme1n1");
	assert_int_equal(hs[1].size, 0);
	assert_int_equal(hs[1].line, 4);
	assert_string_equal(hs[2].drive, "CD9P-R 7.68TB");
	assert_string_equal(hs[2].confirm, "");
	assert_string_equal(hs[2].detect, "rack/node3.json");
	assert_string_equal(hs[2].device, "/dev/zram1");
	assert_int_equal(hs[2].line, 5);
	assert_string_equal(hs[3].device, "/data/my file.dat");
	assert_string_equal(hs[3].url, "fio://node4:8765/data/my file.dat");
	assert_string_equal(hs[3].detect, "/abs/d.json");
	assert_string_equal(hs[4].label, "first");
	assert_string_equal(hs[4].host, "node5");
	assert_int_equal(hs[4].line, 7);
	free(hs);
}

/* A UTF-8 byte order mark before the first line is skipped, whether the
 * first line is a host or a comment; one anywhere else is no address. */
static void
test_bom(void **state)
{
	struct fleet_host *hs;
	struct dd_error	   err = { 0 };
	size_t		   n;

	(void)state;
	hs = parse_ok("\xef\xbb\xbfnode1 /dev/nvme0n1\n", &n);
	assert_int_equal(n, 1);
	assert_string_equal(hs[0].host, "node1");
	assert_string_equal(hs[0].label, "node1");
	free(hs);
	hs = parse_ok("\xef\xbb\xbf# rack\nnode2 /dev/x\n", &n);
	assert_int_equal(n, 1);
	assert_int_equal(hs[0].line, 2);
	free(hs);
	assert_true(hosts_parse("node1 /dev/x\n\xef\xbb\xbfnode2 /dev/y\n", 30, "rack/h.txt", &hs,
				&n, &err) < 0);
	assert_non_null(strstr(err.msg, "h.txt:2"));
}

/* Bad lines: each error is one sentence naming the file and the line. */
static void
test_errors(void **state)
{
	static const struct {
		const char *text;
		int	    rc;
		const char *msg;
	} cases[] = {
		{ "# nothing\n\n", -ENOENT, "rack/hosts.txt names no hosts" },
		{ "node1\n", -EINVAL, "rack/hosts.txt:1: no device after the address" },
		{ "\nnode1:99999 /dev/x\n", -ERANGE, "rack/hosts.txt:2: port 99999 is out of range" },
		{ "node1:0 /dev/x\n", -ERANGE, "rack/hosts.txt:1: port 0 is out of range" },
		{ "node1:http /dev/x\n", -EINVAL, "rack/hosts.txt:1: port 'http' is not a number" },
		{ "::1 /dev/x\n", -EINVAL, "rack/hosts.txt:1: '::1': an IPv6 address needs brackets" },
		{ "[::1 /dev/x\n", -EINVAL, "rack/hosts.txt:1: '[::1' opens a bracket" },
		{ "[node1]:80 /dev/x\n", -EINVAL, "rack/hosts.txt:1: 'node1' is not an IPv6" },
		{ "ip6:10.0.0.1 /dev/x\n", -EINVAL, "rack/hosts.txt:1: '10.0.0.1' is not an IPv6" },
		{ "ip:::1 /dev/x\n", -EINVAL, "rack/hosts.txt:1: '::1' is not an IPv4" },
		{ "sock:/tmp/s /dev/x\n", -EINVAL, "rack/hosts.txt:1: fio's local sockets" },
		{ "node1 dev/x\n", -EINVAL, "rack/hosts.txt:1: the device 'dev/x' is not an absolute" },
		{ "node1 /dev/x \"open\n", -EINVAL, "rack/hosts.txt:1: a quote is not closed" },
		{ "node1 /dev/x a b c\n", -EINVAL, "rack/hosts.txt:1: 'c' is one field too many" },
		{ "node1 /dev/x size=lots\n", -EINVAL, "rack/hosts.txt:1: size 'lots' is not a size" },
		{ "node1 /dev/x size=100\n", -EINVAL, "rack/hosts.txt:1: size '100' is not a size" },
		{ "node1 /dev/x colour=red\n", -EINVAL, "rack/hosts.txt:1: unknown key 'colour'" },
		{ "node1 /dev/x name=\n", -EINVAL, "rack/hosts.txt:1: name= needs a label" },
		{ "node1 /dev/x\nnode2 /dev/x\nnode1:8765 /dev/x\n", -EEXIST,
		  "rack/hosts.txt:3: node1 port 8765 /dev/x is already on line 1" },
		{ "no_de! /dev/x\n", -EINVAL, "rack/hosts.txt:1: 'no_de!' is not a host name" },
	};

	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct fleet_host *hs = (struct fleet_host *)&hs;
		struct dd_error	   err = { 0 };
		size_t		   n = 99;
		int		   rc = hosts_parse(cases[i].text, strlen(cases[i].text),
						    "rack/hosts.txt", &hs, &n, &err);

		if (rc != cases[i].rc || strncmp(err.msg, cases[i].msg, strlen(cases[i].msg)))
			fail_msg("case %zu: rc %d, '%s'", i, rc, err.msg);
		assert_null(hs);
		assert_int_equal(n, 0);
		assert_null(strchr(err.msg, '\n'));
	}
}

/* The same host on another port or with another device is another row;
 * more than HOSTS_MAX rows is an error naming the line that overflows. */
static void
test_dups_and_max(void **state)
{
	const char *ok = "node1 /dev/x\nnode1:8766 /dev/x\nnode1 /dev/y\n";
	char	   *big = malloc((HOSTS_MAX + 1) * 32);
	size_t	    n, o = 0;
	struct fleet_host *hs = parse_ok(ok, &n);
	struct dd_error	   err = { 0 };

	(void)state;
	assert_int_equal(n, 3);
	free(hs);
	assert_non_null(big);
	for (int i = 0; i <= HOSTS_MAX; i++)
		o += (size_t)sprintf(big + o, "n%d /dev/x\n", i);
	assert_int_equal(hosts_parse(big, o, "big", &hs, &n, &err), -E2BIG);
	assert_string_equal(err.msg, "big:65: more than 64 hosts in one fleet");
	/* Exactly HOSTS_MAX is fine. */
	*strstr(big, "n64 ") = '#';
	assert_int_equal(hosts_parse(big, o, "big", &hs, &n, &err), 0);
	assert_int_equal(n, HOSTS_MAX);
	free(hs);
	free(big);
}

/* Writes are confirmed by the serial when known, else the device's name. */
static void
test_confirmed(void **state)
{
	struct fleet_host h;
	struct dd_error	  err = { 0 };

	(void)state;
	assert_int_equal(hosts_parse_one("node1 /dev/nvme0n1", &h, &err), 0);
	assert_false(hosts_confirmed(&h));
	assert_int_equal(hosts_parse_one("node1 /dev/nvme0n1 - nvme0n1", &h, &err), 0);
	assert_true(hosts_confirmed(&h));
	assert_int_equal(hosts_parse_one("node1 /dev/nvme0n1 - /dev/nvme0n1", &h, &err), 0);
	assert_false(hosts_confirmed(&h));
	assert_int_equal(hosts_parse_one("node1 /dev/nvme0n1 - NVME0N1", &h, &err), 0);
	assert_false(hosts_confirmed(&h));
	/* With a serial known (detect=), only the serial confirms. */
	assert_int_equal(hosts_parse_one("node1 /dev/nvme0n1 - nvme0n1", &h, &err), 0);
	dd_strlcpy(h.serial, "SN123", sizeof h.serial);
	assert_false(hosts_confirmed(&h));
	dd_strlcpy(h.confirm, "SN123", sizeof h.confirm);
	assert_true(hosts_confirmed(&h));
	dd_strlcpy(h.confirm, "SN12", sizeof h.confirm);
	assert_false(hosts_confirmed(&h));
}

/* --host: one line, errors prefixed "--host: "; a hosts file from disk. */
static void
test_one_and_load(void **state)
{
	struct fleet_host  h, *hs;
	struct dd_error	   err = { 0 };
	char		   path[64];
	size_t		   n;
	FILE		  *f;

	(void)state;
	assert_int_equal(hosts_parse_one("", &h, &err), -EINVAL);
	assert_string_equal(err.msg, "--host: no address (ADDRESS DEVICE [DRIVE] [CONFIRM])");
	assert_int_equal(hosts_parse_one("node1:70000 /dev/x", &h, &err), -ERANGE);
	assert_string_equal(err.msg, "--host: port 70000 is out of range (1 to 65535)");
	assert_int_equal(hosts_parse_one("a /dev/x\nb /dev/y", &h, &err), -EINVAL);
	snprintf(path, sizeof path, "/tmp/dd-hosts-%ld.txt", (long)getpid());
	f = fopen(path, "w");
	assert_non_null(f);
	fputs("node1 /dev/x - - detect=n1.json\n", f);
	fclose(f);
	assert_int_equal(hosts_load(path, &hs, &n, &err), 0);
	assert_int_equal(n, 1);
	assert_string_equal(hs[0].detect, "/tmp/n1.json");
	free(hs);
	unlink(path);
	assert_true(hosts_load(path, &hs, &n, &err) < 0);
	assert_non_null(strstr(err.msg, path));
	assert_null(hs);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_addresses),
		cmocka_unit_test(test_fields),
		cmocka_unit_test(test_bom),
		cmocka_unit_test(test_errors),
		cmocka_unit_test(test_dups_and_max),
		cmocka_unit_test(test_confirmed),
		cmocka_unit_test(test_one_and_load),
	};

	return cmocka_run_group_tests_name("hosts", tests, NULL, NULL);
}
