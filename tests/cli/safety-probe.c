/*
 * safety-probe: a test-only driver for src/io/safety.c, so tests/cli/safety.sh
 * can call the C API.  For one path it prints the struct dd_safety as
 * key=value lines:
 *
 *   verdict=<n> reason=<NAME> holder=<...> canonical=<...>
 *   name=<...> serial=<...> partition=<0|1>
 *   message=<...>
 *
 * With --write N it then simulates the start of a write sweep: the override
 * flow (--force, --confirm X) decides, and only when it allows, N bytes of
 * zeros are written at offset 0 with O_DIRECT from an aligned buffer.  It
 * prints write=refused error=<...> or write=done bytes=<n>.  The exit code
 * is 0 whatever the verdict; 2 for bad usage, 1 when the write itself fails.
 *
 * With --session-owned N PATH it walks the measurement path as the
 * dashboard does for its default scratch file (src/core/session.h: PATH is
 * "ours", a writing plan needs no --allow-write) and, when session_open
 * allows, writes N bytes of zeros at offset 0 through the target's own
 * descriptor, as the sweep would.  It prints session=refused error=<...> or
 * session=done bytes=<n>.
 *
 * Run without arguments (as `make check` does, since it is a check program)
 * it runs cmocka tests of what needs no devices: files, missing paths,
 * character devices and the override rules on hand-made verdicts.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "core/session.h"
#include "io/safety.h"

/* Print usage and return the usage exit code. */
static int
probe_usage(const char *prog)
{
	fprintf(stderr, "usage: %s [--write BYTES [--force] [--confirm TOKEN]] PATH\n"
		"       %s --session-owned BYTES PATH\n", prog, prog);
	return 2;
}

/* Write n zero bytes at offset 0 of path, O_DIRECT when the target allows it. */
static int
probe_write_zeros(const char *path, size_t n)
{
	void	*buf;
	size_t	 len = (n + 4095) & ~(size_t)4095, done = 0;
	ssize_t	 w;
	int	 fd, err = 0;

	fd = open(path, O_WRONLY | O_DIRECT | O_CLOEXEC);
	if (fd < 0 && errno == EINVAL)	/* a file on a filesystem without O_DIRECT */
		fd = open(path, O_WRONLY | O_CLOEXEC);
	if (fd < 0) {
		fprintf(stderr, "safety-probe: cannot open %s: %s\n", path, strerror(errno));
		return -errno;
	}
	if (posix_memalign(&buf, 4096, len ? len : 4096) != 0) {
		close(fd);
		return -ENOMEM;
	}
	memset(buf, 0, len ? len : 4096);
	while (done < n) {
		w = pwrite(fd, (char *)buf + done, n - done, (off_t)done);
		if (w <= 0) {
			err = w < 0 ? -errno : -EIO;
			fprintf(stderr, "safety-probe: cannot write %s: %s\n", path,
				strerror(-err));
			break;
		}
		done += (size_t)w;
	}
	if (err == 0 && fsync(fd) != 0)
		err = -errno;
	free(buf);
	close(fd);
	return err;
}

/* A scratch regular file, its realpath and a symlink to it. */
struct probe_fixture {
	char dir[64], file[96], link[96], real[PATH_MAX];
};

/* Make the scratch file and link. */
static int
probe_setup(void **state)
{
	struct probe_fixture *fx = calloc(1, sizeof *fx);
	int fd;

	if (fx == NULL)
		return -1;
	snprintf(fx->dir, sizeof fx->dir, "/tmp/dd-safety-XXXXXX");
	if (mkdtemp(fx->dir) == NULL)
		return -1;
	snprintf(fx->file, sizeof fx->file, "%s/file", fx->dir);
	snprintf(fx->link, sizeof fx->link, "%s/link", fx->dir);
	if ((fd = open(fx->file, O_WRONLY | O_CREAT, 0600)) < 0)
		return -1;
	close(fd);
	if (symlink(fx->file, fx->link) != 0 || realpath(fx->file, fx->real) == NULL)
		return -1;
	*state = fx;
	return 0;
}

/* Remove the scratch file and link. */
static int
probe_teardown(void **state)
{
	struct probe_fixture *fx = *state;

	unlink(fx->link);
	unlink(fx->file);
	rmdir(fx->dir);
	free(fx);
	return 0;
}

/* A regular file is allowed, reason NOT_BLOCK, and needs no override. */
static void
test_regular_file(void **state)
{
	struct probe_fixture *fx = *state;
	struct dd_safety s;
	struct dd_error	 err;

	assert_int_equal(safety_check_write(fx->file, &s), 0);
	assert_int_equal(s.verdict, 0);
	assert_int_equal(s.reason, DD_SAFE_NOT_BLOCK);
	assert_false(s.is_blockdev);
	assert_string_equal(s.canonical, fx->real);
	assert_non_null(strstr(s.message, "regular file"));
	assert_int_equal(safety_override(&s, false, NULL, &err), 0);
}

/* A symlink is judged by what it points at. */
static void
test_symlink(void **state)
{
	struct probe_fixture *fx = *state;
	struct dd_safety s;

	assert_int_equal(safety_check_write(fx->link, &s), 0);
	assert_string_equal(s.canonical, fx->real);
}

/* A missing path is an error that no override lifts. */
static void
test_missing(void **state)
{
	struct dd_safety s;
	struct dd_error	 err;

	(void)state;
	assert_int_equal(safety_check_write("/nonexistent/dd-safety", &s), -ENOENT);
	assert_int_equal(s.reason, DD_SAFE_ERROR);
	assert_non_null(strstr(s.message, "/nonexistent/dd-safety"));
	assert_int_equal(safety_override(&s, true, "anything", &err), -ENOENT);
	assert_string_equal(err.msg, s.message);
}

/* A character device is neither a disk nor a file: -ENOTBLK, no override. */
static void
test_char_device(void **state)
{
	struct dd_safety s;
	struct dd_error	 err;

	(void)state;
	assert_int_equal(safety_check_write("/dev/null", &s), -ENOTBLK);
	assert_int_equal(s.reason, DD_SAFE_NOT_BLOCK);
	assert_int_equal(safety_override(&s, true, "null", &err), -ENOTBLK);
}

/* A hand-made refusal of a device with the given serial. */
static void
probe_refused(struct dd_safety *s, const char *serial)
{
	memset(s, 0, sizeof *s);
	snprintf(s->canonical, sizeof s->canonical, "/dev/loop9");
	snprintf(s->name, sizeof s->name, "loop9");
	snprintf(s->serial, sizeof s->serial, "%s", serial);
	snprintf(s->holder, sizeof s->holder, "ext4");
	snprintf(s->message, sizeof s->message,
		 "/dev/loop9 contains an ext4 signature (filesystem)");
	s->is_blockdev = true;
	s->verdict = -EBUSY;
	s->reason = DD_SAFE_SIGNATURE;
}

/* Overriding needs --force and the kernel name when there is no serial. */
static void
test_override_name(void **state)
{
	struct dd_safety s;
	struct dd_error	 err;

	(void)state;
	probe_refused(&s, "");
	assert_string_equal(safety_confirm_token(&s), "loop9");
	assert_int_equal(safety_override(&s, false, NULL, &err), -EPERM);
	assert_non_null(strstr(err.msg, "type --force --confirm loop9 (its kernel name)"));
	assert_non_null(strstr(err.msg, "ext4"));
	assert_int_equal(safety_override(&s, true, NULL, &err), -EPERM);
	assert_int_equal(safety_override(&s, false, "loop9", &err), -EPERM);
	assert_non_null(strstr(err.msg, "--force --confirm loop9"));
	assert_int_equal(safety_override(&s, true, "loop", &err), -EPERM);
	assert_non_null(strstr(err.msg, "'loop' does not match the kernel name"));
	assert_non_null(strstr(err.msg, "type --force --confirm loop9 "));
	assert_int_equal(safety_override(&s, true, "loop9", &err), 0);
	assert_int_equal(safety_override(&s, true, "/dev/loop9", &err), -EPERM);
}

/* With a serial, only the serial confirms. */
static void
test_override_serial(void **state)
{
	struct dd_safety s;
	struct dd_error	 err;

	(void)state;
	probe_refused(&s, "S4EWNX0R123456");
	assert_int_equal(safety_override(&s, true, "loop9", &err), -EPERM);
	assert_non_null(strstr(err.msg, "--confirm S4EWNX0R123456"));
	assert_non_null(strstr(err.msg, "serial"));
	assert_int_equal(safety_override(&s, true, "S4EWNX0R123456", &err), 0);
	assert_int_equal(safety_override(&s, false, "S4EWNX0R123456", &err), -EPERM);
}

/* Every reason has a name. */
static void
test_reason_names(void **state)
{
	(void)state;
	assert_string_equal(safety_reason_name(DD_SAFE_OK), "OK");
	assert_string_equal(safety_reason_name(DD_SAFE_PARTITIONS), "PARTITIONS");
	assert_string_equal(safety_reason_name(DD_SAFE_NOT_BLOCK), "NOT_BLOCK");
	assert_string_equal(safety_reason_name(DD_SAFE_ERROR), "ERROR");
}

/* Run the device-free tests. */
static int
probe_self_test(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_regular_file),
		cmocka_unit_test(test_symlink),
		cmocka_unit_test(test_missing),
		cmocka_unit_test(test_char_device),
		cmocka_unit_test(test_override_name),
		cmocka_unit_test(test_override_serial),
		cmocka_unit_test(test_reason_names),
	};

	return cmocka_run_group_tests(tests, probe_setup, probe_teardown);
}

/* Walk session_open on an "owned" path with a writing plan, then write n
 * zero bytes through the opened target, as a sweep would. */
static int
probe_session_owned(const char *path, size_t n)
{
	struct session	 ses = { .o = { .target = path, .keep = true, .owned = true } };
	struct dd_plan	 plan;
	struct dd_point	 p;
	struct dd_target t = { .fd = -1 };
	struct dd_error	 err = { 0 };
	void		*buf;
	int		 rc = 0;

	plan_init(&plan, "probe");
	plan_point_defaults(&p);
	p.pattern = DD_WRITE;
	p.bs = 4096;
	if (plan_append(&plan, &p, &err) < 0 || session_open(&ses, &plan, &t, &err) < 0) {
		printf("session=refused error=%s\n", err.msg);
		plan_free(&plan);
		return 0;
	}
	if (posix_memalign(&buf, 4096, n) != 0)
		rc = 1;
	else {
		memset(buf, 0, n);
		if (pwrite(t.fd, buf, n, 0) != (ssize_t)n)
			rc = 1;
		free(buf);
	}
	session_close(&ses, &t);
	plan_free(&plan);
	if (rc == 0)
		printf("session=done bytes=%zu\n", n);
	return rc;
}

/* Check one path, print the verdict and maybe attempt the write. */
int
main(int argc, char **argv)
{
	struct dd_safety s;
	struct dd_error	 err;
	const char	*path = NULL, *confirm = NULL;
	char		*end;
	long long	 nbytes = -1;
	bool		 force = false;
	int		 i, rc;

	if (argc == 1)
		return probe_self_test();
	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--force") == 0)
			force = true;
		else if (strcmp(argv[i], "--confirm") == 0 && i + 1 < argc)
			confirm = argv[++i];
		else if (strcmp(argv[i], "--session-owned") == 0 && i + 2 == argc - 1) {
			nbytes = strtoll(argv[++i], &end, 10);
			if (*end != '\0' || nbytes <= 0 || nbytes % 4096 != 0)
				return probe_usage(argv[0]);
			return probe_session_owned(argv[i + 1], (size_t)nbytes);
		} else if (strcmp(argv[i], "--write") == 0 && i + 1 < argc) {
			nbytes = strtoll(argv[++i], &end, 10);
			if (*end != '\0' || nbytes < 0)
				return probe_usage(argv[0]);
		} else if (argv[i][0] == '-' || path != NULL)
			return probe_usage(argv[0]);
		else
			path = argv[i];
	}
	if (path == NULL)
		return probe_usage(argv[0]);

	safety_check_write(path, &s);
	printf("verdict=%d reason=%s holder=%s canonical=%s\n", s.verdict,
	       safety_reason_name(s.reason), s.holder, s.canonical);
	printf("name=%s serial=%s partition=%d\n", s.name, s.serial, s.is_partition);
	printf("message=%s\n", s.message);
	if (nbytes < 0)
		return 0;

	dd_error_clear(&err);
	if ((rc = safety_override(&s, force, confirm, &err)) != 0) {
		printf("write=refused error=%s\n", err.msg);
		return 0;
	}
	if (probe_write_zeros(s.canonical, (size_t)nbytes) != 0)
		return 1;
	printf("write=done bytes=%lld\n", nbytes);
	return 0;
}
