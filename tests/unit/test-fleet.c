/*
 * Tests for src/core/fleet.c on the fake backend (tests/lib/fake-backend.c as
 * fleet_opts.backend; a row's device path scripts it: "fail-at-N" loses the
 * server on the Nth run, "nosize" leaves the size unknown, "hang" points
 * wait for a cancel).  Several members run at once, one fails mid-run and
 * ends FAILED with its sentence while the others end DONE; each member's
 * run is stored (a temporary results store) with its host on every point;
 * the write rule refuses the whole fleet for one unconfirmed row; a plan
 * needing the size of a target that has none fails naming the row; cancel
 * stops every member; fleet_verdict is the worst member's; fleet_match
 * finds drives by detect model, model number, drive id and one-point
 * query, and says why when it cannot; fleet_member_live is the one rule of
 * a member measuring (its sweep started, not ended).  Waits are polls on
 * the members' wake fds, never sleeps.
 */
#include "config.h"

#include <errno.h>
#include <poll.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "core/fleet.h"
#include "core/results.h"
#include "fake-backend.h"

/* How long a member's recorder waits at the end for the store, as the
 * command line's do (CLI_STORE_WAIT_MS): four members' writer threads take
 * the one store's write lock in turn, and on a loaded machine one of them
 * may still be waiting when its sweep ends. */
#define STORE_WAIT_MS 30000

struct fixture {
	struct specdb	   *db;
	struct arena	    a;
	struct spec_family *fams;
	size_t		    nfams;
	char		    store[128];
};

/* Remove the temporary results store and its WAL files. */

/* The bundled database with the lab overlay tests/lib/lab-targets.sql on top
 * (one new drive, "QEMU NVMe Ctrl", and its acceptance targets). */
static const char *const lab_overlay_files[] = { TOP_SRCDIR "/tests/lib/lab-targets.sql" };
static const struct specdb_open_opts lab_overlay = {
	.overlay_dir = "", .extra = lab_overlay_files, .nextra = 1,
};

static void
store_remove(const char *path)
{
	char p[160];

	unlink(path);
	snprintf(p, sizeof p, "%s-wal", path);
	unlink(p);
	snprintf(p, sizeof p, "%s-shm", path);
	unlink(p);
}

static int
setup(void **state)
{
	static struct fixture fx;
	struct dd_error	      err = { 0 };
	const char	     *path = getenv("DRIVEDASH_DB");

	if (path == NULL || specdb_open(path, &fx.db, &err) < 0 ||
	    specdb_families(fx.db, &fx.a, &fx.fams, &fx.nfams, &err) < 0) {
		fprintf(stderr, "# the specs database: %s\n", path ? err.msg : "DRIVEDASH_DB unset");
		return -1;
	}
	snprintf(fx.store, sizeof fx.store, "/tmp/dd-fleet-%ld.db", (long)getpid());
	*state = &fx;
	return 0;
}

static int
teardown(void **state)
{
	struct fixture *fx = *state;

	if (fx == NULL)
		return 0;	/* setup failed and said why */
	store_remove(fx->store);
	arena_free(&fx->a);
	specdb_close(fx->db);
	return 0;
}

/* Parse hosts text; asserts success. */
static struct fleet_host *
hosts_of(const char *text, size_t *n)
{
	struct fleet_host *hs;
	struct dd_error	   err = { 0 };

	if (hosts_parse(text, strlen(text), "rack.txt", &hs, n, &err) < 0)
		fail_msg("hosts_parse: %s", err.msg);
	return hs;
}

/* A plan of n copies of spec. */
static void
plan_of(struct dd_plan *plan, const char *spec, size_t n)
{
	struct dd_point p;
	struct dd_error err = { 0 };

	plan_init(plan, "fleet-plan");
	if (plan_parse_point(spec, NULL, &p, &err) < 0)
		fail_msg("plan_parse_point: %s", err.msg);
	for (size_t i = 0; i < n; i++)
		assert_int_equal(plan_append(plan, &p, &err), 0);
}

/* Options on the fake backend, judging, storing into the fixture's store. */
static struct fleet_opts
opts_of(struct fixture *fx, const struct dd_plan *plan, const struct record_opts *store)
{
	return (struct fleet_opts){ .plan = plan, .judge = true, .db = fx->db,
				    .fams = fx->fams, .nfams = fx->nfams, .store = store,
				    .backend = &fake_backend };
}

/* Poll and update until no member runs (a wait that never comes fails). */
static void
run_to_end(struct fleet *f)
{
	struct pollfd pfd[HOSTS_MAX];

	while (fleet_running(f)) {
		size_t k = fleet_pollfds(f, pfd, HOSTS_MAX);

		assert_true(k > 0);
		assert_true(poll(pfd, k, 30000) > 0);
		fleet_update(f);
	}
	assert_int_equal(fleet_pollfds(f, pfd, HOSTS_MAX), 0);
}

/* Four members, one lost mid-run: it fails with its sentence, the rest
 * finish; verdicts, matches and the stored runs with their hosts. */
static void
test_run_one_fails(void **state)
{
	struct fixture	   *fx = *state;
	const char	   *text =
		"node1 /dev/nvme0n1 KCD9XPJE7T68\n"
		"node2:8766 /dev/fail-at-2\n"
		"[::1]:8767 /dev/nvme2n1 'CD9P-R 7.68TB' - name=node3\n"
		"node4 /dev/nvme0n1 NOT-A-DRIVE\n";
	struct record_opts  ro = { .path = fx->store, .source = "check",
				       .wait_ms = STORE_WAIT_MS };
	struct results_query q = { 0 };
	struct results_prov *list;
	struct dd_plan	    plan;
	struct dd_error	    err = { 0 };
	struct fleet	   *f;
	struct results	   *db;
	size_t		    n, nruns;
	struct fleet_host  *hs = hosts_of(text, &n);
	struct fleet_opts   o;

	store_remove(fx->store);
	plan_of(&plan, "randread,bs=4k,qd=1,time=1,ramp=0", 3);
	o = opts_of(fx, &plan, &ro);
	if (fleet_create(&f, hs, n, &o, &err) < 0)
		fail_msg("fleet_create: %s", err.msg);
	free(hs);
	plan_free(&plan);	/* every member has its own copy */
	assert_int_equal(fleet_size(f), 4);
	assert_null(fleet_member(f, 4));
	for (size_t i = 0; i < 4; i++)
		assert_string_equal(fleet_state_name(fleet_member(f, i)), "waiting");
	assert_false(fleet_running(f));
	assert_int_equal(fleet_start(f, &err), 0);
	assert_true(fleet_running(f));
	run_to_end(f);

	/* The lost host: FAILED, its status, name and sentence. */
	struct fleet_member *lost = fleet_member(f, 1);

	assert_int_equal(lost->state, FLEET_FAILED);
	assert_int_equal(lost->status, -ECONNRESET);
	assert_string_equal(fleet_state_name(lost), "lost");
	assert_string_equal(lost->state_name, "lost");
	assert_non_null(strstr(lost->message, "went away mid-run"));
	/* Judged on what finished before the loss, its verdict ERROR: not
	 * measured, the sentence first. */
	assert_true(lost->judged);
	assert_int_equal(lost->report.overall, VERDICT_ERROR);
	assert_int_equal(fleet_member_verdict(lost), VERDICT_ERROR);
	assert_true(fleet_member_measured(lost));
	assert_non_null(strstr(lost->report.summary, "not measured: "));
	assert_non_null(strstr(lost->report.summary, "went away mid-run"));
	/* The others: DONE with every point, judged. */
	for (size_t i = 0; i < 4; i++) {
		struct fleet_member *m = fleet_member(f, i);

		if (i == 1)
			continue;
		assert_int_equal(m->state, FLEET_DONE);
		assert_string_equal(m->state_name, "done");
		assert_int_equal(m->sn->nfinished, 3);
		assert_string_equal(m->message, "");
		assert_true(m->judged);
		assert_non_null(strstr(m->report.summary, "SMART not read over fio"));
	}
	/* Matched by model number and by a one-point query; the last not. */
	assert_string_equal(fleet_member(f, 0)->match.label, "KIOXIA CD9P-R 7.68 TB");
	assert_true(fleet_member(f, 0)->have_sheet);
	assert_true(fleet_member(f, 0)->nfigs > 0);
	assert_true(fleet_member(f, 0)->report.nrows > 0);
	assert_string_equal(fleet_member(f, 2)->match.drive->id,
			    fleet_member(f, 0)->match.drive->id);
	assert_int_equal(fleet_member(f, 3)->match.rule, MATCH_NONE);
	assert_int_equal(fleet_member(f, 3)->report.overall, VERDICT_UNKNOWN);
	assert_non_null(strstr(fleet_member(f, 3)->report.summary, "NOT-A-DRIVE"));
	/* The lost host is ERROR; the rack is at least that (FAIL when a drive
	 * that finished failed its spec). */
	assert_true(fleet_verdict_rank(fleet_verdict(f)) >= fleet_verdict_rank(VERDICT_ERROR));
	fleet_destroy(f);

	/* Stored: one remote run per member, every point with its host. */
	assert_int_equal(results_open(&db, fx->store, RESULTS_READ, &err), 0);
	assert_int_equal(results_list(db, &q, &list, &nruns, &err), 0);
	assert_int_equal(nruns, 4);
	for (size_t i = 0; i < nruns; i++) {
		struct results_run run;
		bool		   failed = strcmp(list[i].host, "node2") == 0;

		assert_int_equal(results_run_load(db, list[i].id, &run, &err), 0);
		assert_string_equal(run.prov.target_kind, "remote");
		assert_string_equal(run.prov.source, "check");
		assert_string_equal(run.prov.state, failed ? "failed" : "done");
		/* The lost host: its state as what stopped it, and only the point
		 * that finished (the lost one measured nothing: not stored). */
		assert_string_equal(run.prov.stopped_by, failed ? "lost" : "");
		assert_int_equal(run.n, failed ? 1 : 3);
		for (size_t k = 0; k < run.n; k++)
			assert_string_equal(run.pts[k].host, run.prov.host);
		if (strcmp(run.prov.host, "::1") == 0)
			assert_string_equal(run.prov.target_desc,
					    "fio server [::1]:8767, /dev/nvme2n1");
		if (strcmp(run.prov.host, "node1") == 0)
			assert_string_equal(run.prov.drive_label, "KIOXIA CD9P-R 7.68 TB");
		results_run_free(&run);
	}
	free(list);
	results_close(db);
	store_remove(fx->store);
}

/* A plan that writes: refused for the whole fleet when one row is not
 * confirmed or --allow-write is missing, before anything is opened or
 * stored; accepted when every row is. */
static void
test_write_rule(void **state)
{
	struct fixture	  *fx = *state;
	struct record_opts ro = { .path = fx->store, .source = "run",
				       .wait_ms = STORE_WAIT_MS };
	struct dd_plan	   plan;
	struct dd_error	   err = { 0 };
	struct fleet	  *f = (struct fleet *)&f;
	size_t		   n;
	struct fleet_host *hs = hosts_of("node1 /dev/nvme0n1 - nvme0n1\n"
					 "node2 /dev/nvme1n1 - nvme0n1\n"
					 "node3 /dev/nvme1n1\n", &n);
	struct fleet_opts  o;

	store_remove(fx->store);
	plan_of(&plan, "randwrite,bs=4k,qd=1,time=1,ramp=0", 1);
	o = opts_of(fx, &plan, &ro);
	assert_int_equal(fleet_create(&f, hs, n, &o, &err), -EPERM);
	assert_null(f);
	assert_non_null(strstr(err.msg, "node1 (line 1): the plan writes"));
	assert_non_null(strstr(err.msg, "--allow-write"));
	o.allow_write = true;
	assert_int_equal(fleet_create(&f, hs, n, &o, &err), -EPERM);
	assert_string_equal(err.msg, "node2 (line 2): writes need CONFIRM on its line to be the "
			    "device's name 'nvme1n1', not what it says (drivedash cannot "
			    "check a drive on another host)");
	assert_int_equal(access(fx->store, F_OK), -1);	/* nothing stored */
	/* A serial known from detect= is what confirms. */
	dd_strlcpy(hs[1].confirm, "nvme1n1", sizeof hs[1].confirm);
	dd_strlcpy(hs[2].serial, "SN3", sizeof hs[2].serial);
	dd_strlcpy(hs[2].confirm, "nvme1n1", sizeof hs[2].confirm);
	assert_int_equal(fleet_create(&f, hs, n, &o, &err), -EPERM);
	assert_non_null(strstr(err.msg, "node3 (line 3): writes need CONFIRM on its line to be "
			       "the drive's serial 'SN3'"));
	dd_strlcpy(hs[2].confirm, "SN3", sizeof hs[2].confirm);
	if (fleet_create(&f, hs, n, &o, &err) < 0)
		fail_msg("fleet_create: %s", err.msg);
	assert_true(fleet_member(f, 2)->t.writable);
	assert_int_equal(fleet_start(f, &err), 0);
	run_to_end(f);
	for (size_t i = 0; i < n; i++)
		assert_int_equal(fleet_member(f, i)->state, FLEET_DONE);
	/* No row names its drive: every verdict, and the rack's, is UNKNOWN. */
	assert_int_equal(fleet_verdict(f), VERDICT_UNKNOWN);
	fleet_destroy(f);
	free(hs);
	plan_free(&plan);
	store_remove(fx->store);
}

/* A plan needing the target's size on a row with no size= fails naming it;
 * size= cannot reach the fake (only the fio backend takes it), so the
 * fake's "nosize" stands for an unknown size. */
static void
test_size_unknown(void **state)
{
	struct fixture	  *fx = *state;
	struct dd_plan	   plan;
	struct dd_error	   err = { 0 };
	struct fleet	  *f;
	size_t		   n;
	struct fleet_host *hs = hosts_of("node1 /dev/nvme0n1 - nvme0n1\n"
					 "node2 /dev/nosize - nosize\n", &n);
	struct fleet_opts  o;

	/* Checkpoints write: the rows are confirmed. */
	assert_int_equal(plan_parse_text("plan sized\ncheckpoint write\n", "sized.plan", &plan,
					 &err), 0);
	o = opts_of(fx, &plan, NULL);
	o.allow_write = true;
	assert_int_equal(fleet_create(&f, hs, n, &o, &err), -EINVAL);
	assert_string_equal(err.msg, "node2 (line 2): the plan needs the size of /dev/nosize, "
			    "which fio cannot tell: give size= (or detect=) on its line");
	plan_free(&plan);
	/* A point the backend refuses names the row and the point. */
	plan_of(&plan, "randread,bs=4k,qd=1,time=1,offset=2g", 1);
	o = opts_of(fx, &plan, NULL);
	assert_int_equal(fleet_create(&f, hs, 1, &o, &err), -EINVAL);
	assert_non_null(strstr(err.msg, "node1 (line 1): point 1 ("));
	assert_non_null(strstr(err.msg, "beyond the end"));
	plan_free(&plan);
	free(hs);
}

/* Cancel: every member stops, CANCELLED, stored as stopped by the user. */
static void
test_cancel(void **state)
{
	struct fixture	   *fx = *state;
	struct record_opts  ro = { .path = fx->store, .source = "ui",
				       .wait_ms = STORE_WAIT_MS };
	struct results_query q = { 0 };
	struct results_prov *list;
	struct pollfd	    pfd[HOSTS_MAX];
	struct dd_plan	    plan;
	struct dd_error	    err = { 0 };
	struct fleet	   *f;
	struct results	   *db;
	size_t		    n, running = 0, nruns;
	struct fleet_host  *hs = hosts_of("node1 /dev/a\nnode2 /dev/b\nnode3 /dev/c\n", &n);
	struct fleet_opts   o;

	store_remove(fx->store);
	plan_of(&plan, "randread,bs=4k,qd=1,time=1,ramp=0,name=hang", 2);
	o = opts_of(fx, &plan, &ro);
	assert_int_equal(fleet_create(&f, hs, n, &o, &err), 0);
	assert_int_equal(fleet_start(f, &err), 0);
	/* Each member publishes one interval of its hanging point: RUNNING. */
	while (running < n) {
		size_t k = fleet_pollfds(f, pfd, HOSTS_MAX);

		assert_true(poll(pfd, k, 30000) > 0);
		fleet_update(f);
		running = 0;
		for (size_t i = 0; i < n; i++)
			running += fleet_member(f, i)->state == FLEET_RUNNING;
	}
	assert_string_equal(fleet_member(f, 0)->state_name, "running");
	fleet_cancel(f);
	run_to_end(f);
	for (size_t i = 0; i < n; i++) {
		assert_int_equal(fleet_member(f, i)->state, FLEET_CANCELLED);
		assert_string_equal(fleet_state_name(fleet_member(f, i)), "cancelled");
	}
	/* Stopped hosts were not measured: ERROR, not a verdict on the drive. */
	assert_int_equal(fleet_verdict(f), VERDICT_ERROR);
	fleet_destroy(f);
	assert_int_equal(results_open(&db, fx->store, RESULTS_READ, &err), 0);
	assert_int_equal(results_list(db, &q, &list, &nruns, &err), 0);
	assert_int_equal(nruns, n);
	for (size_t i = 0; i < nruns; i++) {
		assert_string_equal(list[i].state, "cancelled");
		assert_string_equal(list[i].stopped_by, "user");
	}
	free(list);
	results_close(db);
	free(hs);
	plan_free(&plan);
	store_remove(fx->store);
}

/* The rack verdict is the worst member's in the stated order PASS <
 * NOT_COMPARABLE < UNKNOWN < WARN < ERROR < FAIL: a drive that failed
 * outranks a host that could not be measured, which outranks every finding
 * short of FAIL; members that did not end DONE count as ERROR, unjudged
 * ones as NOT_COMPARABLE. */
static void
test_verdict_worst(void **state)
{
	static const enum verdict_status order[] = {
		VERDICT_PASS, VERDICT_NOT_COMPARABLE, VERDICT_UNKNOWN, VERDICT_WARN,
		VERDICT_ERROR, VERDICT_FAIL,
	};
	static const struct {
		enum verdict_status a, b, worst;
	} cases[] = {
		{ VERDICT_PASS, VERDICT_PASS, VERDICT_PASS },
		{ VERDICT_PASS, VERDICT_NOT_COMPARABLE, VERDICT_NOT_COMPARABLE },
		{ VERDICT_PASS, VERDICT_IMPLAUSIBLE, VERDICT_IMPLAUSIBLE },
		{ VERDICT_PASS, VERDICT_WARN, VERDICT_WARN },
		{ VERDICT_FAIL, VERDICT_WARN, VERDICT_FAIL },
		{ VERDICT_UNKNOWN, VERDICT_PASS, VERDICT_UNKNOWN },
		{ VERDICT_UNKNOWN, VERDICT_NOT_COMPARABLE, VERDICT_UNKNOWN },
		{ VERDICT_UNKNOWN, VERDICT_WARN, VERDICT_WARN },
		{ VERDICT_FAIL, VERDICT_UNKNOWN, VERDICT_FAIL },
		{ VERDICT_ERROR, VERDICT_WARN, VERDICT_ERROR },
		{ VERDICT_ERROR, VERDICT_PASS, VERDICT_ERROR },
		{ VERDICT_FAIL, VERDICT_ERROR, VERDICT_FAIL },
		{ VERDICT_ERROR, VERDICT_FAIL, VERDICT_FAIL },
		{ VERDICT_NOT_COMPARABLE, VERDICT_NOT_COMPARABLE, VERDICT_NOT_COMPARABLE },
	};
	struct fixture	  *fx = *state;
	struct dd_plan	   plan;
	struct dd_error	   err = { 0 };
	struct fleet	  *f;
	size_t		   n;
	struct fleet_host *hs = hosts_of("node1 /dev/a\nnode2 /dev/b\n", &n);
	struct fleet_opts  o;

	/* The order itself, strictly increasing; IMPLAUSIBLE as NOT_COMPARABLE. */
	for (size_t i = 0; i + 1 < sizeof order / sizeof order[0]; i++)
		assert_true(fleet_verdict_rank(order[i]) < fleet_verdict_rank(order[i + 1]));
	assert_int_equal(fleet_verdict_rank(VERDICT_IMPLAUSIBLE),
			 fleet_verdict_rank(VERDICT_NOT_COMPARABLE));
	assert_int_equal(fleet_verdict(NULL), VERDICT_NOT_COMPARABLE);

	plan_of(&plan, "randread,bs=4k,qd=1,time=1,ramp=0", 1);
	o = opts_of(fx, &plan, NULL);
	assert_int_equal(fleet_create(&f, hs, n, &o, &err), 0);
	assert_int_equal(fleet_start(f, &err), 0);
	run_to_end(f);
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		fleet_member(f, 0)->report.overall = cases[i].a;
		fleet_member(f, 1)->report.overall = cases[i].b;
		assert_int_equal(fleet_verdict(f), cases[i].worst);
	}
	/* A host that failed (refused, lost ...) or was stopped is ERROR, not
	 * FAIL, whatever its rows said; a failed drive beside it still FAILs. */
	fleet_member(f, 0)->report.overall = VERDICT_PASS;
	fleet_member(f, 1)->report.overall = VERDICT_PASS;
	fleet_member(f, 1)->state = FLEET_FAILED;
	assert_int_equal(fleet_member_verdict(fleet_member(f, 1)), VERDICT_ERROR);
	assert_int_equal(fleet_verdict(f), VERDICT_ERROR);
	fleet_member(f, 0)->report.overall = VERDICT_FAIL;
	assert_int_equal(fleet_verdict(f), VERDICT_FAIL);
	fleet_member(f, 0)->report.overall = VERDICT_PASS;
	fleet_member(f, 1)->state = FLEET_CANCELLED;
	assert_int_equal(fleet_verdict(f), VERDICT_ERROR);
	fleet_member(f, 1)->state = FLEET_DONE;
	fleet_member(f, 1)->judged = false;
	assert_int_equal(fleet_verdict(f), VERDICT_NOT_COMPARABLE);
	fleet_destroy(f);
	plan_free(&plan);
	free(hs);
}

/* stop_unknown: a member whose drive matches nothing runs no sweep and is
 * not stored (UNKNOWN, "not run"); the matched one beside it runs. */
static void
test_stop_unknown(void **state)
{
	struct fixture	    *fx = *state;
	struct record_opts   ro = { .path = fx->store, .source = "check",
					.wait_ms = STORE_WAIT_MS };
	struct results_query q = { 0 };
	struct results_prov *list;
	struct dd_plan	     plan;
	struct dd_error	     err = { 0 };
	struct fleet	    *f;
	struct results	    *db;
	size_t		     n, nruns;
	struct fleet_host   *hs = hosts_of("node1 /dev/nvme0n1 KCD9XPJE7T68\n"
					   "node2 /dev/nvme1n1 NOT-A-DRIVE\n", &n);
	struct fleet_opts    o;
	struct fleet_member *un;

	store_remove(fx->store);
	plan_of(&plan, "randread,bs=4k,qd=1,time=1,ramp=0", 2);
	o = opts_of(fx, &plan, &ro);
	o.stop_unknown = true;
	assert_int_equal(fleet_create(&f, hs, n, &o, &err), 0);
	un = fleet_member(f, 1);
	assert_true(un->not_run);
	assert_int_equal(un->state, FLEET_DONE);
	assert_string_equal(fleet_state_name(un), "not run");
	assert_null(un->rec);
	assert_int_equal(fleet_member_verdict(un), VERDICT_UNKNOWN);
	assert_non_null(strstr(un->report.summary, "NOT-A-DRIVE"));
	assert_int_equal(fleet_start(f, &err), 0);
	assert_null(un->sw);
	run_to_end(f);
	assert_int_equal(fleet_member(f, 0)->state, FLEET_DONE);
	assert_false(fleet_member(f, 0)->not_run);
	assert_int_equal(un->state, FLEET_DONE);
	fleet_destroy(f);
	assert_int_equal(results_open(&db, fx->store, RESULTS_READ, &err), 0);
	assert_int_equal(results_list(db, &q, &list, &nruns, &err), 0);
	assert_int_equal(nruns, 1);	/* node1's only */
	free(list);
	results_close(db);
	free(hs);
	plan_free(&plan);
	store_remove(fx->store);
}

/* fleet_match: detect model, model number, drive id, one-point query, and
 * the reasons it gives when it cannot match. */
static void
test_match(void **state)
{
	static const struct {
		const char *model, *drive, *label;
		int	    rc;
	} cases[] = {
		{ "KIOXIA KCD9XPJE7T68", "", "KIOXIA CD9P-R 7.68 TB", 1 },
		{ "KIOXIA KCD9XPJE7T68", "NOT-A-DRIVE", "KIOXIA CD9P-R 7.68 TB", 1 },
		{ "", "KCD9XPJE7T68", "KIOXIA CD9P-R 7.68 TB", 1 },
		{ "", "kioxia-cd9p-r-7680", "KIOXIA CD9P-R 7.68 TB", 1 },
		{ "", "CD9P-R 7.68TB", "KIOXIA CD9P-R 7.68 TB", 1 },
		{ "UNKNOWN-MODEL", "KCD9XPJE7T68", "KIOXIA CD9P-R 7.68 TB", 1 },
		{ "", "", "no DRIVE and no detect= on its line", 0 },
		{ "", "zzzqqq", "'zzzqqq' names no drive in the database", 0 },
		{ "", "CD9P-R", "'CD9P-R' names KIOXIA CD9P-R but not one capacity point", 0 },
		{ "", "kioxia", "'kioxia' names ", 0 },
		{ "", "cm7", "'cm7' names 2 drives, not one: KIOXIA CM7-R, KIOXIA CM7-V", 0 },
	};
	struct fixture *fx = *state;

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct fleet_host   h = { 0 };
		struct match_result m;
		int		    rc;

		dd_strlcpy(h.model, cases[i].model, sizeof h.model);
		dd_strlcpy(h.drive, cases[i].drive, sizeof h.drive);
		rc = fleet_match(&h, fx->fams, fx->nfams, &fx->a, &m);
		if (rc != cases[i].rc || strncmp(m.label, cases[i].label, strlen(cases[i].label)))
			fail_msg("case %zu: %d '%s'", i, rc, m.label);
		assert_int_equal(m.rule != MATCH_NONE, rc);
		if (rc == 1)
			assert_string_equal(m.drive->id, "kioxia-cd9p-r-7680");
	}
}

/* check --hosts: each member runs and is judged by the acceptance targets of
 * the drive it matched (the bundled data with the lab
 * overlay whose drive is "QEMU NVMe Ctrl"); a write target is left out
 * without --allow-write. */
static void
test_targets(void **state)
{
	struct fixture	    *fx = *state, lab = { 0 };
	struct dd_error	     err = { 0 };
	struct dd_plan	     plan;
	struct fleet	    *f;
	struct fleet_host   *hs;
	struct fleet_opts    o;
	struct fleet_member *m;
	size_t		     n;
	char		     rows[256] = "";

	if (specdb_open_with(TOP_BUILDDIR "/data/drivedash.db", &lab_overlay, &lab.db, &err) < 0 ||
	    specdb_families(lab.db, &lab.a, &lab.fams, &lab.nfams, &err) < 0)
		fail_msg("data/drivedash.db + tests/lib/lab-targets.sql: %s", err.msg);
	hs = hosts_of("node1 /dev/nvme0n1 'QEMU NVMe Ctrl'\n"
		      "node2 /dev/nvme0n1 KCD9XPJE7T68\n", &n);
	plan_of(&plan, "randread,bs=4k,qd=1,time=1,ramp=0", 1);
	o = opts_of(&lab, &plan, NULL);
	if (fleet_create(&f, hs, n, &o, &err) < 0)
		fail_msg("fleet_create: %s", err.msg);
	free(hs);
	plan_free(&plan);
	m = fleet_member(f, 0);
	assert_string_equal(m->match.drive->id, "lab-emu-1");
	assert_int_equal(m->plan.npoints, 3);	/* the plan's, then seq_read's and rand_read's */
	assert_string_equal(m->plan.points[1].name, "128K read QD8 x1 1s target");
	assert_string_equal(m->plan.points[2].name, "4K randread QD4 x1 1s target");
	assert_int_equal(fleet_member(f, 1)->plan.npoints, 1);	/* a drive without targets */
	assert_int_equal(fleet_start(f, &err), 0);
	run_to_end(f);
	assert_true(m->judged);
	for (size_t i = 0; i < m->report.nrows; i++)
		if (m->report.rows[i].spec.is_target)
			snprintf(rows + strlen(rows), sizeof rows - strlen(rows), "%s %s %s;",
				 m->report.rows[i].metric,
				 verdict_status_name(m->report.rows[i].status),
				 m->report.rows[i].decided_by);
	assert_string_equal(rows, "seq_read FAIL target;rand_read PASS target;"
				  "rand_write NOT_COMPARABLE target;");
	assert_int_equal(m->report.overall, VERDICT_FAIL);
	fleet_destroy(f);
	arena_free(&lab.a);
	specdb_close(lab.db);
	(void)fx;
}

/* A member is live only with a sweep started (sw) in CONNECTING or RUNNING:
 * the dashboard's copy took the state alone, so a member RUNNING without a
 * sweep was drawn live and lent to the Sweep screen as running, though no
 * fd of it was polled. */
static void
test_member_live(void **state)
{
	struct fleet_member m = { .state = FLEET_RUNNING };
	int		    not_a_sweep;

	(void)state;
	assert_false(fleet_member_live(&m));
	m.sw = (struct sweep *)&not_a_sweep;	/* only compared with NULL */
	assert_true(fleet_member_live(&m));
	m.state = FLEET_CONNECTING;
	assert_true(fleet_member_live(&m));
	for (enum fleet_state st = FLEET_WAITING; st <= FLEET_CANCELLED; st++) {
		m.state = st;
		assert_int_equal(fleet_member_live(&m),
				 st == FLEET_CONNECTING || st == FLEET_RUNNING);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_run_one_fails),
		cmocka_unit_test(test_write_rule),
		cmocka_unit_test(test_size_unknown),
		cmocka_unit_test(test_cancel),
		cmocka_unit_test(test_verdict_worst),
		cmocka_unit_test(test_stop_unknown),
		cmocka_unit_test(test_match),
		cmocka_unit_test(test_targets),
		cmocka_unit_test(test_member_live),
	};

	return cmocka_run_group_tests_name("fleet", tests, setup, teardown);
}
