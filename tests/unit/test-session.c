/*
 * Tests of src/core/session.c, the one measurement path: how a target path
 * resolves (existing file, missing file path, missing /dev path, a bare
 * device name, /sys, a missing directory, --scratch over an existing file,
 * check's block-only rule), what each resolution says was measured, and
 * that session_open/session_close create and remove a scratch file exactly
 * when they should; that a local target opens through the backend table
 * and session_start_with calls its hook between creation and start.  Every file lives in a directory the fixture creates
 * under /dev/shm (tmpfs); nothing is ever created under /dev itself.
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
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "core/session.h"
#include "core/sweep.h"
#include "io/backend.h"

/* A private directory for the test's files. */
struct fixture {
	char dir[64];
	char path[128];
};

/* Make the directory. */
static int
setup(void **state)
{
	struct fixture *fx = calloc(1, sizeof *fx);

	if (fx == NULL)
		return -1;
	snprintf(fx->dir, sizeof fx->dir, "/dev/shm/dd-session-XXXXXX");
	if (mkdtemp(fx->dir) == NULL) {
		free(fx);
		return -1;
	}
	*state = fx;
	return 0;
}

/* Remove the directory and what is left in it. */
static int
teardown(void **state)
{
	struct fixture *fx = *state;
	char		cmd[128];

	snprintf(cmd, sizeof cmd, "rm -rf '%s'", fx->dir);
	if (system(cmd) != 0)
		return -1;
	free(fx);
	return 0;
}

/* Does path exist? */
static bool
exists(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0;
}

/* An existing regular file is a file, described with its filesystem. */
static void
test_existing_file(void **state)
{
	struct fixture	     *fx = *state;
	struct session_target t;
	struct dd_error	      err = { 0 };
	FILE		     *f;

	snprintf(fx->path, sizeof fx->path, "%s/data.bin", fx->dir);
	f = fopen(fx->path, "w");
	assert_non_null(f);
	fclose(f);
	assert_int_equal(session_resolve_path(fx->path, false, false, &t, &err), 0);
	assert_int_equal(t.kind, SESSION_FILE);
	assert_string_equal(t.fs_type, "tmpfs");
	assert_string_equal(t.fs_mount, "/dev/shm");
	assert_string_equal(t.description, "file on tmpfs, tmpfs mounted at /dev/shm");
	assert_string_equal(session_kind_name(t.kind), "file");
}

/* A missing file path in a real directory becomes a scratch file, but only
 * session_open creates it and session_close removes it. */
static void
test_missing_file_is_scratch(void **state)
{
	struct fixture	*fx = *state;
	struct session	 s = { 0 };
	struct dd_plan	 plan;
	struct dd_point	 p;
	struct dd_target t = { .fd = -1 };
	struct dd_error	 err = { 0 };

	snprintf(fx->path, sizeof fx->path, "%s/scratch.dat", fx->dir);
	s.o.target = fx->path;
	s.o.size = 4 << 20;
	assert_int_equal(session_resolve(&s, &err), 0);
	assert_int_equal(s.tgt.kind, SESSION_SCRATCH);
	assert_string_equal(s.tgt.description, "scratch file on tmpfs, tmpfs mounted at /dev/shm");
	assert_false(exists(fx->path));
	assert_true(session_writes_free(&s));

	plan_init(&plan, "t");
	plan_point_defaults(&p);
	p.pattern = DD_RANDREAD;
	assert_int_equal(plan_append(&plan, &p, &err), 0);
	/* Not kept: unnamed (O_TMPFILE), so its name never appears. */
	assert_int_equal(session_open(&s, &plan, &t, &err), 0);
	assert_true(s.unnamed && t.fd >= 0);
	assert_false(exists(fx->path));
	assert_true(t.is_scratch);
	assert_int_equal(plan.precondition_passes, 1);	/* written once first */
	session_close(&s, &t);
	assert_false(exists(fx->path));
	/* Kept: a named file, there after the session. */
	s.o.keep = true;
	plan.precondition_passes = 0;
	assert_int_equal(session_open(&s, &plan, &t, &err), 0);
	assert_false(s.unnamed);
	assert_true(exists(fx->path));
	assert_int_equal(plan.precondition_passes, 1);
	session_close(&s, &t);
	assert_true(exists(fx->path));
	unlink(fx->path);
	plan_free(&plan);
}

/* A missing path under /dev is no device: an error, and nothing created. */
static void
test_missing_dev_path(void **state)
{
	struct session_target t;
	struct dd_error	      err = { 0 };

	(void)state;
	assert_int_equal(session_resolve_path("/dev/nvme97n9", false, false, &t, &err), -ENOENT);
	assert_non_null(strstr(err.msg, "/dev/nvme97n9 does not exist"));
	assert_null(strchr(err.msg, '\n'));
	assert_false(exists("/dev/nvme97n9"));
	assert_int_equal(session_resolve_path("/dev/disk/by-id/nope", false, false, &t, &err),
			 -ENOENT);
}

/* A bare device name, /sys, /proc and a missing directory are errors. */
static void
test_not_file_paths(void **state)
{
	struct fixture	     *fx = *state;
	struct session_target t;
	struct dd_error	      err = { 0 };

	assert_int_equal(session_resolve_path("nvme0n1", false, false, &t, &err), -ENOENT);
	assert_non_null(strstr(err.msg, "/dev/nvme0n1"));
	assert_int_equal(session_resolve_path("/sys/block/nope", false, false, &t, &err), -ENOENT);
	assert_int_equal(session_resolve_path("/proc/nope", false, false, &t, &err), -ENOENT);
	snprintf(fx->path, sizeof fx->path, "%s/no/such/dir/x.dat", fx->dir);
	assert_int_equal(session_resolve_path(fx->path, false, false, &t, &err), -ENOENT);
	assert_non_null(strstr(err.msg, "neither does its directory"));
	assert_int_equal(session_resolve_path(fx->dir, false, false, &t, &err), -EINVAL);
	assert_int_equal(session_resolve_path("", false, false, &t, &err), -EINVAL);
}

/* --scratch never takes over an existing file; --scratch and --target clash. */
static void
test_scratch_option(void **state)
{
	struct fixture	     *fx = *state;
	struct session_target t;
	struct session	      s = { 0 };
	struct dd_error	      err = { 0 };
	FILE		     *f;

	snprintf(fx->path, sizeof fx->path, "%s/mine.dat", fx->dir);
	assert_int_equal(session_resolve_path(fx->path, true, false, &t, &err), 0);
	assert_int_equal(t.kind, SESSION_SCRATCH);
	f = fopen(fx->path, "w");
	assert_non_null(f);
	fclose(f);
	assert_int_equal(session_resolve_path(fx->path, true, false, &t, &err), -EEXIST);
	s.o.target = fx->path;
	s.o.scratch = fx->path;
	assert_int_equal(session_resolve(&s, &err), -EINVAL);
	assert_true(exists(fx->path));
}

/* check wants a block device: a file or a missing path is an error. */
static void
test_block_only(void **state)
{
	struct fixture	     *fx = *state;
	struct session_target t;
	struct dd_error	      err = { 0 };
	FILE		     *f;

	snprintf(fx->path, sizeof fx->path, "%s/file.dat", fx->dir);
	assert_int_equal(session_resolve_path(fx->path, false, true, &t, &err), -ENOENT);
	assert_false(exists(fx->path));
	f = fopen(fx->path, "w");
	assert_non_null(f);
	fclose(f);
	assert_int_equal(session_resolve_path(fx->path, false, true, &t, &err), -ENOTBLK);
	assert_non_null(strstr(err.msg, "is not a block device"));
}

/* Writing an existing file needs --allow-write unless it is ours; the
 * refusal is one sentence and leaves the file alone. */
static void
test_write_rules(void **state)
{
	struct fixture	*fx = *state;
	struct session	 s = { 0 };
	struct dd_plan	 plan;
	struct dd_point	 p;
	struct dd_target t = { .fd = -1 };
	struct dd_error	 err = { 0 };
	FILE		*f;

	snprintf(fx->path, sizeof fx->path, "%s/existing.dat", fx->dir);
	f = fopen(fx->path, "w");
	assert_non_null(f);
	assert_int_equal(ftruncate(fileno(f), 1 << 20), 0);
	fclose(f);
	plan_init(&plan, "t");
	plan_point_defaults(&p);
	p.pattern = DD_RANDWRITE;
	assert_int_equal(plan_append(&plan, &p, &err), 0);
	s.o.target = fx->path;
	assert_int_equal(session_open(&s, &plan, &t, &err), -EPERM);
	assert_non_null(strstr(err.msg, "--allow-write"));
	assert_int_equal(t.fd, -1);
	s.o.owned = true;	/* the dashboard's own scratch file */
	assert_true(session_writes_free(&s));
	s.o.owned = false;
	s.o.allow_write = true;
	assert_int_equal(session_open(&s, &plan, &t, &err), 0);
	assert_false(t.is_scratch);
	session_close(&s, &t);
	assert_true(exists(fx->path));	/* not ours: never removed */
	plan_free(&plan);
}

/* A hook of session_start_with: counts its calls and keeps the sweep. */
static void
start_hook(void *arg, struct sweep *sw)
{
	struct sweep **seen = arg;

	assert_null(*seen);	/* called once */
	*seen = sw;
}

/*
 * A local file opens through the backend table (the default backend, the
 * io_uring engine, recorded in t.backend) and session_start_with hands the
 * created sweep to its hook before starting it; the sweep then runs to
 * its end.
 */
static void
test_open_and_start_with(void **state)
{
	struct fixture	*fx = *state;
	struct session	 s = { 0 };
	struct dd_plan	 plan;
	struct dd_point	 p;
	struct dd_target t = { .fd = -1 };
	struct dd_error	 err = { 0 };
	struct sweep	*sw = NULL, *seen = NULL;
	FILE		*f;

	snprintf(fx->path, sizeof fx->path, "%s/start.dat", fx->dir);
	f = fopen(fx->path, "w");
	assert_non_null(f);
	assert_int_equal(ftruncate(fileno(f), 1 << 20), 0);
	fclose(f);
	plan_init(&plan, "t");
	plan_point_defaults(&p);
	p.pattern = DD_RANDREAD;
	p.ramp_s = 0;
	p.runtime_s = 0;
	p.bytes = 64 * 1024;	/* a byte budget: over after 16 reads */
	assert_int_equal(plan_append(&plan, &p, &err), 0);
	s.o.target = fx->path;
	assert_int_equal(session_open(&s, &plan, &t, &err), 0);
	assert_ptr_equal(t.backend, dd_backends[0]);
	assert_ptr_equal(dd_backend_of(&t), &dd_backend_uring);
	assert_int_equal(session_start_with(&t, &plan, start_hook, &seen, &sw, &err), 0);
	assert_non_null(sw);
	assert_ptr_equal(seen, sw);
	assert_int_equal(sweep_join(sw), SWEEP_DONE);
	sweep_destroy(sw);
	session_close(&s, &t);
	assert_int_equal(t.fd, -1);
	plan_free(&plan);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_existing_file, setup, teardown),
		cmocka_unit_test_setup_teardown(test_missing_file_is_scratch, setup, teardown),
		cmocka_unit_test_setup_teardown(test_missing_dev_path, setup, teardown),
		cmocka_unit_test_setup_teardown(test_not_file_paths, setup, teardown),
		cmocka_unit_test_setup_teardown(test_scratch_option, setup, teardown),
		cmocka_unit_test_setup_teardown(test_block_only, setup, teardown),
		cmocka_unit_test_setup_teardown(test_write_rules, setup, teardown),
		cmocka_unit_test_setup_teardown(test_open_and_start_with, setup, teardown),
	};

	return cmocka_run_group_tests_name("session", tests, NULL, NULL);
}
