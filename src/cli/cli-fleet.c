/*
 * The fleet front end of `run --hosts` and `check --hosts`: one plan on the
 * drives of many hosts at once, through fio's client/server engine
 * (core/fleet.h drives it; io/fio.h runs each point).
 *
 * Data model.  struct cli_fleet_opts holds what the command line asked
 * (--hosts FILE, repeated --host SPEC, --fio, --connect-timeout, the store
 * options; parsed with the other shared options in cli-options.c).
 * cli_fleet_hosts turns it into one malloc'd array of struct
 * fleet_host rows, the hosts file's first, then each --host, with every
 * detect=FILE read here (jansson lives in src/cli only): the namespace or
 * block device of that `drivedash detect --json` document whose path is the
 * row's DEVICE, or whose name is its base name, gives model, serial,
 * firmware and capacity.  struct cli_fleet is one measurement of them: the
 * rows, the specs database and its families (in its arena), the fleet, the
 * signal that stopped it, and per host what the wait loop has logged.
 *
 * The main thread blocks the signals, creates and starts the fleet, then
 * only waits (poll on every running member's wake fd and a signalfd): a
 * signal cancels every host (fleet_cancel never hangs, so nothing more is
 * needed for a second one); on a terminal one line per host is redrawn
 * (state, point i/n, live IOPS and MB/s), otherwise one log line per
 * finished point per host and one per host state change.  The reports use
 * the same printers and JSON writers as a local run and check (cli-report.c), per
 * host, after a header line naming host, address, device, the fio server,
 * the matched drive and the state.  What is judged, and how, is core's
 * (fleet.c through core/check.h, the curve included); the reports are
 * cli-report.c's, and nothing here calls another command's file.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/signalfd.h>
#include <time.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/cli-table.h"
#include "core/fleet.h"
#include "core/format.h"
#include "core/hosts.h"
#include "core/record.h"
#include "io/fio.h"
#include "io/safety.h"
#include "lib/file.h"
#include "lib/outfile.h"

#define CLI_DETECT_MAX (4u << 20)	/* detect --json of a large host is a few KiB */

/* One fleet measurement from the command line. */
struct cli_fleet {
	const struct dd_plan  *plan;
	struct fleet_host     *hosts;
	size_t		       n;
	struct arena	       a;
	struct specdb	      *db;
	struct spec_family    *fams;
	size_t		       nfams;
	struct fleet	      *f;
	int		       signo;		/* the signal that stopped it, 0 none */
	size_t		      *logged;		/* per host: points logged */
	enum fleet_state      *seen;		/* per host: the state last shown */
	size_t		       drawn;		/* progress lines on the terminal */
};

/* Where a row came from, for messages: "hosts.txt:3" or "--host 'SPEC'". */
static void
cli_fleet_where(const struct cli_fleet_opts *o, const struct fleet_host *h, size_t i,
		char *buf, size_t len)
{
	if (h->line > 0 && o->hosts_file != NULL) {
		snprintf(buf, len, "%s:%u", o->hosts_file, h->line);
		return;
	}
	snprintf(buf, len, "--host '%s'", i < o->nhost_specs ? o->host_specs[i] : h->label);
}

/* A string member of a JSON object, "" when absent or not a string. */
static const char *
cli_fleet_jstr(const json_t *o, const char *key)
{
	const char *s = json_string_value(json_object_get(o, key));

	return s != NULL ? s : "";
}

/* A byte count member of a JSON object, 0 when absent. */
static uint64_t
cli_fleet_ju64(const json_t *o, const char *key)
{
	json_int_t v = json_integer_value(json_object_get(o, key));

	return v > 0 ? (uint64_t)v : 0;
}

/* Add name to the list of what a detect document names ("nvme0n1, sda"). */
static void
cli_fleet_list_add(char *list, size_t len, const char *name)
{
	size_t o = strlen(list);

	if (name[0] != '\0' && strstr(list, name) == NULL && o + 1 < len)
		snprintf(list + o, len - o, "%s%s", o ? ", " : "", name);
}

/* A detect document's controller's PCIe link (pcie.speed_gts, width) into h. */
static void
cli_fleet_detect_link(const json_t *c, struct fleet_host *h)
{
	const json_t *p = json_object_get(c, "pcie");
	json_int_t    w = json_integer_value(json_object_get(p, "width"));

	h->link_gen = nvmeinfo_pcie_gen(json_number_value(json_object_get(p, "speed_gts")));
	h->link_width = w > 0 && w <= 32 ? (int)w : 0;
}

/* Find h's device among a detect document's namespaces: the controller's
 * identity and the namespace's size.  True when found. */
static bool
cli_fleet_detect_ns(const json_t *doc, struct fleet_host *h, const char *base, char *list,
		    size_t len)
{
	size_t	i, k;
	json_t *c, *ns;

	json_array_foreach(json_object_get(doc, "controllers"), i, c) {
		json_array_foreach(json_object_get(c, "namespaces"), k, ns) {
			cli_fleet_list_add(list, len, cli_fleet_jstr(ns, "name"));
			if (strcmp(cli_fleet_jstr(ns, "name"), base) != 0)
				continue;
			dd_strlcpy(h->model, cli_fleet_jstr(c, "model"), sizeof h->model);
			dd_strlcpy(h->serial, cli_fleet_jstr(c, "serial"), sizeof h->serial);
			dd_strlcpy(h->firmware, cli_fleet_jstr(c, "firmware"), sizeof h->firmware);
			h->capacity = cli_fleet_ju64(ns, "size_bytes");
			cli_fleet_detect_link(c, h);
			return true;
		}
	}
	return false;
}

/* Find h's device among a detect document's block devices (by path, else
 * by name): its model and size.  True when found. */
static bool
cli_fleet_detect_bdev(const json_t *doc, struct fleet_host *h, const char *base, char *list,
		      size_t len)
{
	size_t	i;
	json_t *b;

	json_array_foreach(json_object_get(doc, "block_devices"), i, b) {
		cli_fleet_list_add(list, len, cli_fleet_jstr(b, "name"));
		if (strcmp(cli_fleet_jstr(b, "path"), h->device) != 0 &&
		    strcmp(cli_fleet_jstr(b, "name"), base) != 0)
			continue;
		dd_strlcpy(h->model, cli_fleet_jstr(b, "model"), sizeof h->model);
		h->capacity = cli_fleet_ju64(b, "size_bytes");
		return true;
	}
	return false;
}

/* A detect= document's text into h's identity. */
int
cli_fleet_detect_parse(const char *text, size_t len, struct fleet_host *h, struct dd_error *err)
{
	const char	 *base = strrchr(h->device, '/') ? strrchr(h->device, '/') + 1 : h->device;
	struct fleet_host id = *h;
	json_error_t	  je;
	json_t		 *doc = json_loadb(text, len, 0, &je);
	char		  list[256] = "";
	bool		  found;

	if (doc == NULL || (!json_is_array(json_object_get(doc, "controllers")) &&
			    !json_is_array(json_object_get(doc, "block_devices")))) {
		dd_error_set(err, -EINVAL, "not a `drivedash detect --json` document (%s)",
			     doc == NULL ? je.text : "no controllers or block_devices");
		json_decref(doc);
		return -EINVAL;
	}
	found = cli_fleet_detect_ns(doc, &id, base, list, sizeof list) ||
		cli_fleet_detect_bdev(doc, &id, base, list, sizeof list);
	json_decref(doc);
	if (!found)
		return dd_error_set(err, -EINVAL, "no namespace %s (it lists %s)", h->device,
				    list[0] ? list : "none");
	if (id.size == 0)
		id.size = id.capacity;
	*h = id;
	return 0;
}

/* Read h's detect= document into its identity (through lib/file: a FIFO or
 * a device there is refused, never waited on); -1 after printing why not
 * (where names the row). */
static int
cli_fleet_detect(struct fleet_host *h, const char *where)
{
	struct dd_error err = { 0 };
	char	       *text = NULL;
	size_t		len = 0;
	int		rc = file_read_all("detect file", h->detect, CLI_DETECT_MAX, &text, &len, &err);

	if (rc == 0)
		rc = cli_fleet_detect_parse(text, len, h, &err);
	free(text);
	if (rc < 0) {
		cli_error("%s: detect=%s: %s", where, h->detect, err.msg);
		return -1;
	}
	return 0;
}

/* Append the --host rows to the hosts file's; 0 or -1 (said). */
static int
cli_fleet_add_specs(const struct cli_fleet_opts *o, struct fleet_host **hosts, size_t *n)
{
	struct fleet_host *all;
	struct dd_error	   err = { 0 };

	if (*n + o->nhost_specs > HOSTS_MAX) {
		cli_error("a fleet has at most %d hosts (got %zu)", HOSTS_MAX, *n + o->nhost_specs);
		return -1;
	}
	all = realloc(*hosts, sizeof *all * (*n + o->nhost_specs + 1));
	if (all == NULL) {
		cli_error("out of memory");
		return -1;
	}
	*hosts = all;
	for (size_t i = 0; i < o->nhost_specs; i++) {
		if (hosts_parse_one(o->host_specs[i], &all[*n], &err) < 0) {
			cli_error("--host '%s': %s", o->host_specs[i], err.msg);
			return -1;
		}
		(*n)++;
	}
	return 0;
}

/* The rows of --hosts and --host with their detect= identity; 0, or -1
 * (said) with nothing to free. */
int
cli_fleet_hosts(const struct cli_fleet_opts *o, struct fleet_host **hosts, size_t *n)
{
	struct dd_error err = { 0 };
	size_t		nfile;

	*hosts = NULL;
	*n = 0;
	if (o->hosts_file != NULL && hosts_load(o->hosts_file, hosts, n, &err) < 0) {
		cli_error("%s", err.msg);
		return -1;
	}
	nfile = *n;
	if (cli_fleet_add_specs(o, hosts, n) < 0)
		goto fail;
	for (size_t i = 0; i < *n; i++) {
		char where[PATH_MAX + 64];

		if ((*hosts)[i].detect[0] == '\0')
			continue;
		cli_fleet_where(o, &(*hosts)[i], i < nfile ? i : i - nfile, where, sizeof where);
		if (cli_fleet_detect(&(*hosts)[i], where) < 0)
			goto fail;
	}
	return 0;
fail:
	free(*hosts);
	*hosts = NULL;
	*n = 0;
	return -1;
}

/* Print one host's job file for plan; 0 or -1 (said). */
static int
cli_fleet_print_fio_host(const struct fleet_host *h, const struct dd_plan *plan, bool iopoll)
{
	struct dd_error err = { 0 };
	struct dd_plan	p;
	char		addr[300], *job;

	if (plan_copy(&p, plan, &err) < 0) {
		cli_error("%s", err.msg);
		return -1;
	}
	if (plan_resolve(&p, h->size, false, &err) < 0) {
		cli_error("%s: %s", h->label, err.msg);
		plan_free(&p);
		return -1;
	}
	job = plan_fio_jobfile_sized(&p, h->device, h->size, iopoll);
	plan_free(&p);
	if (job == NULL) {
		cli_error("%s: cannot build the fio job file (out of memory, or a control character in the device path)", h->label);
		return -1;
	}
	cli_printf("# host %s (fio --client=%s): %s\n", h->label,
	       hosts_label_address(h, addr, sizeof addr), h->device);
	fputs(job, stdout);
	putchar('\n');
	free(job);
	return 0;
}

/* `run --hosts ... --print-fio`: each host's job file. */
int
cli_fleet_print_fio(const struct cli_fleet_opts *o, const struct dd_plan *plan)
{
	struct fleet_host *hosts;
	size_t		   n;
	int		   rc = EXIT_OK;

	if (cli_fleet_hosts(o, &hosts, &n) < 0)
		return EXIT_USAGE;
	for (size_t i = 0; i < n && rc == EXIT_OK; i++)
		if (cli_fleet_print_fio_host(&hosts[i], plan, o->iopoll) < 0)
			rc = EXIT_USAGE;
	free(hosts);
	if (rc == EXIT_OK && cli_stdout_flush("the fio job files") < 0)
		rc = EXIT_USAGE;
	return rc;
}

/* Open the specs database and its families: required (check) or, when it
 * cannot be opened, no matching (run).  0 or -1 (said). */
static int
cli_fleet_open_db(struct cli_ctx *ctx, struct cli_fleet *cf, bool required)
{
	struct dd_error err = { 0 };

	if (required) {
		cf->db = cli_open_db(ctx);
		if (cf->db == NULL)
			return -1;
	} else {
		if (cli_open_db_optional(ctx, &cf->db) < 0)
			return -1;
		if (cf->db == NULL)
			return 0;
	}
	if (specdb_families(cf->db, &cf->a, &cf->fams, &cf->nfams, &err) < 0) {
		cli_error("%s", err.msg);
		return -1;
	}
	return 0;
}

/* Free a fleet measurement (its fleet first: it ends the stored runs). */
static void
cli_fleet_free(struct cli_fleet *cf)
{
	fleet_destroy(cf->f);
	specdb_close(cf->db);
	arena_free(&cf->a);
	free(cf->hosts);
	free(cf->logged);
	free(cf->seen);
}

/* Give the fio backend the command line's client settings. */
void
cli_fleet_configure(const struct cli_fleet_opts *o)
{
	struct dd_fio_config c = { .fio = o->fio, .connect_timeout_s = o->connect_timeout_s };

	dd_fio_configure(&c);
}

/* Load the hosts, open the database and create the fleet (signals already
 * blocked); 0 or -1 (said, nothing ran). */
static int
cli_fleet_create(struct cli_ctx *ctx, const struct cli_fleet_opts *o, const struct dd_plan *plan,
		 bool judge, const char *source, struct cli_fleet *cf)
{
	struct record_opts ro = { .path = o->store.path, .no_save = o->store.no_save,
				  .source = source, .utf8 = true, .wait_ms = CLI_STORE_WAIT_MS,
				  .on_busy = cli_record_busy };
	struct fleet_opts  fo = { .plan = plan, .allow_write = o->allow_write, .judge = judge,
				  .stop_unknown = !o->sweep_unknown, .tolerance = o->tolerance,
				  .curve = judge && o->curve != NULL,
				  .store = o->store.no_save ? NULL : &ro };
	struct dd_error	   err = { 0 };

	cli_fleet_configure(o);
	if (cli_fleet_hosts(o, &cf->hosts, &cf->n) < 0 ||
	    cli_fleet_open_db(ctx, cf, judge) < 0)
		return -1;
	cf->logged = calloc(cf->n, sizeof *cf->logged);
	cf->seen = calloc(cf->n, sizeof *cf->seen);
	if (cf->logged == NULL || cf->seen == NULL) {
		cli_error("out of memory");
		return -1;
	}
	fo.db = cf->db;
	fo.fams = cf->fams;
	fo.nfams = cf->nfams;
	if (fleet_create(&cf->f, cf->hosts, cf->n, &fo, &err) < 0) {
		cf->f = NULL;
		cli_error("%s", err.msg);
		return -1;
	}
	return 0;
}

/* One host's progress line, cut to cols. */
static void
cli_fleet_line(const struct fleet_member *m, char *buf, size_t len, int cols)
{
	const struct sweep_snapshot *sn = m->sn;
	char			     iops[32], mbps[32];
	char			     full[1024];

	if (m->state == FLEET_FAILED || (sn == NULL && m->message[0] != '\0')) {
		snprintf(buf, len, "%-16.16s %-10s %s", m->host.label, fleet_state_name(m),
			 m->message);
	} else if (sn == NULL) {
		snprintf(buf, len, "%-16.16s %-10s", m->host.label, fleet_state_name(m));
	} else {
		/* Before its first snapshot a sweep knows no points: the plan's. */
		size_t n = sn->npoints ? sn->npoints : m->plan.npoints;

		snprintf(buf, len, "%-16.16s %-10s [%zu/%zu] %-24.24s %3.0f%%  %s IOPS  %s MB/s",
			 m->host.label, fleet_state_name(m),
			 m->state == FLEET_DONE ? n : sn->npoints ? sn->index + 1 : 0, n,
			 sn->current.name, sn->point_progress * 100,
			 fmt_number(m->state == FLEET_RUNNING ? sn->running.iops : 0, 0, iops,
				    sizeof iops),
			 fmt_number(m->state == FLEET_RUNNING ? sn->running.mbps : 0, 1, mbps,
				    sizeof mbps));
	}
	/* One column less than the terminal: a line that fits never wraps. */
	cli_text_cut(strcpy(full, buf), cols > 1 ? cols - 1 : 79, "", buf, len);
}

/* Redraw one line per host on stderr (a terminal). */
static void
cli_fleet_draw(struct cli_fleet *cf)
{
	int  cols = cli_term_width(stderr);
	char line[1024];

	if (cf->drawn > 0)
		fprintf(stderr, "\033[%zuA", cf->drawn);
	for (size_t i = 0; i < cf->n; i++) {
		cli_fleet_line(fleet_member(cf->f, i), line, sizeof line, cols);
		fputs("\r\033[K", stderr);	/* the terminal's controls, not text */
		cli_fprintf(stderr, "%s\n", line);
	}
	cf->drawn = cf->n;
	fflush(stderr);
}

/* Erase the progress lines. */
static void
cli_fleet_erase(struct cli_fleet *cf)
{
	if (cf->drawn > 0)
		fprintf(stderr, "\033[%zuA\r\033[J", cf->drawn);
	cf->drawn = 0;
	fflush(stderr);
}

/* Log finished points and state changes of every host (no terminal). */
static void
cli_fleet_log(struct cli_fleet *cf)
{
	for (size_t i = 0; i < cf->n; i++) {
		struct fleet_member *m = fleet_member(cf->f, i);

		if (m->sn != NULL)
			cli_sweep_log(m->sn, &cf->logged[i], m->host.label);
		if (m->state == cf->seen[i])
			continue;
		cf->seen[i] = m->state;
		if (m->message[0] != '\0' && m->state == FLEET_FAILED)
			cli_fprintf(stderr, "drivedash: %s: %s: %s\n", m->host.label,
				fleet_state_name(m), m->message);
		else
			cli_fprintf(stderr, "drivedash: %s: %s\n", m->host.label,
				fleet_state_name(m));
	}
}

/* Take a signal: cancel every host on the first. */
static void
cli_fleet_signal(struct cli_fleet *cf, int sigfd, bool tty)
{
	struct signalfd_siginfo si;

	if (read(sigfd, &si, sizeof si) != sizeof si)
		return;
	if (cf->signo != 0)
		return;		/* already cancelled: fleet_cancel never hangs */
	cf->signo = (int)si.ssi_signo;
	if (tty)
		cli_fleet_erase(cf);
	cli_fprintf(stderr, "drivedash: %s: stopping every host (what finished is kept)\n",
		strsignal(cf->signo));
	fleet_cancel(cf->f);
}

/* Start the fleet and wait for every host to end, showing progress. */
static int
cli_fleet_wait(struct cli_fleet *cf, bool quiet, const sigset_t *mask)
{
	struct pollfd	pfd[HOSTS_MAX + 1];
	struct dd_error err = { 0 };
	bool		tty = !quiet && isatty(STDERR_FILENO);
	int		sigfd = signalfd(-1, mask, SFD_CLOEXEC);

	if (sigfd < 0 || fleet_start(cf->f, &err) < 0) {
		cli_error("%s", err.msg[0] ? err.msg : strerror(errno));
		if (sigfd >= 0)
			close(sigfd);
		return -1;
	}
	while (fleet_running(cf->f)) {
		size_t n = fleet_pollfds(cf->f, pfd + 1, HOSTS_MAX);

		pfd[0] = (struct pollfd){ .fd = sigfd, .events = POLLIN };
		/* The timeout only bounds a wait whose fds all closed at once. */
		if (poll(pfd, n + 1, 1000) < 0 && errno != EINTR)
			break;
		if (pfd[0].revents & POLLIN)
			cli_fleet_signal(cf, sigfd, tty);
		if (!fleet_update(cf->f))
			continue;
		if (tty)
			cli_fleet_draw(cf);
		else if (!quiet)
			cli_fleet_log(cf);
	}
	fleet_update(cf->f);
	if (tty)
		cli_fleet_erase(cf);
	else if (!quiet)
		cli_fleet_log(cf);
	close(sigfd);
	return 0;
}

/* Create the fleet, run it to its end; 0 or -1 (said). */
static int
cli_fleet_measure(struct cli_ctx *ctx, const struct cli_fleet_opts *o,
		  const struct dd_plan *plan, bool judge, const char *source,
		  struct cli_fleet *cf)
{
	sigset_t mask;
	int	 signo;

	cf->plan = plan;
	cli_signals_block(&mask);
	if (cli_fleet_create(ctx, o, plan, judge, source, cf) < 0)
		return -1;
	if ((signo = cli_signal_take(&mask)) != 0) {
		cf->signo = signo;
		cli_error("%s before the sweeps started: nothing measured", strsignal(signo));
		return -1;
	}
	if (!o->quiet) {
		char eta[256];

		/* Each host's size and speed are its own: a byte budget's time is
		 * said to be unknown here, never "about 0:00". */
		cli_fprintf(stderr, "drivedash: %s: %zu point%s on %zu host%s, %s\n",
			plan->name, plan->npoints, plan->npoints == 1 ? "" : "s", cf->n,
			cf->n == 1 ? "" : "s",
			plan_estimate_say(plan, 0, NAN, NAN, eta, sizeof eta));
	}
	return cli_fleet_wait(cf, o->quiet, &mask);
}

/* Say where every host's run is stored. */
static void
cli_fleet_stored(struct cli_fleet *cf, bool quiet)
{
	for (size_t i = 0; i < cf->n && !quiet; i++) {
		const struct fleet_member *m = fleet_member(cf->f, i);

		if (m->rec != NULL)
			cli_fprintf(stderr, "drivedash: %s: stored as run %lld: %s\n",
				m->host.label, (long long)record_run_id(m->rec),
				record_name(m->rec));
	}
}

/* The sweep state a member ended in. */
static enum sweep_state
cli_fleet_sweep_state(const struct fleet_member *m)
{
	switch (m->state) {
	case FLEET_DONE:
		return SWEEP_DONE;
	case FLEET_CANCELLED:
		return SWEEP_CANCELLED;
	default:
		return SWEEP_FAILED;
	}
}

/* The header line of one host's report. */
static void
cli_fleet_print_header(FILE *f, struct fleet_member *m)
{
	struct dd_fio_identity id;
	char		       addr[300];

	cli_fprintf(f, "host %s (%s) %s", m->host.label,
		hosts_label_address(&m->host, addr, sizeof addr), m->host.device);
	if (dd_fio_identity(&m->t, &id) && id.server_host[0] != '\0')
		cli_fprintf(f, ": fio server %s%s%s", id.server_host, id.fio_version[0] ? ", " : "",
			id.fio_version);
	cli_fprintf(f, "; drive %s", m->match.rule != MATCH_NONE ? m->match.label
			: m->host.model[0] ? m->host.model : "not matched");
	if (m->host.serial[0] != '\0')
		cli_fprintf(f, " (serial %s)", m->host.serial);
	cli_fprintf(f, "; %s%s%s\n", fleet_state_name(m), m->message[0] ? ": " : "", m->message);
}

/* The identity of a host as JSON: the detect= data and what fio said. */
static json_t *
cli_fleet_json_identity(struct fleet_member *m)
{
	struct dd_fio_identity id;
	bool		       have = dd_fio_identity(&m->t, &id);
	const struct fleet_host *h = &m->host;
	json_t		      *o = json_object();

	json_object_set_new(o, "source", h->detect[0] ? json_string("detect") : json_null());
	json_object_set_new(o, "model", h->model[0] ? json_string(h->model) : json_null());
	json_object_set_new(o, "serial", h->serial[0] ? json_string(h->serial) : json_null());
	json_object_set_new(o, "firmware", h->firmware[0] ? json_string(h->firmware)
							    : json_null());
	json_object_set_new(o, "capacity_bytes", h->capacity ? cli_ju64(h->capacity)
							     : json_null());
	json_object_set_new(o, "server_host", have && id.server_host[0]
				    ? json_string(id.server_host) : json_null());
	json_object_set_new(o, "fio_version", have && id.fio_version[0]
				    ? json_string(id.fio_version) : json_null());
	json_object_set_new(o, "os", have && id.os[0] ? json_string(id.os) : json_null());
	json_object_set_new(o, "arch", have && id.arch[0] ? json_string(id.arch) : json_null());
	json_object_set_new(o, "disk", have && id.disk[0] ? json_string(id.disk) : json_null());
	return o;
}

/* The fields every host object of `run --json` and `check --json` has. */
static json_t *
cli_fleet_json_host(struct fleet_member *m)
{
	json_t *o = json_object();
	char	addr[300];

	json_object_set_new(o, "label", json_string(m->host.label));
	json_object_set_new(o, "address", json_string(hosts_label_address(&m->host, addr,
									sizeof addr)));
	json_object_set_new(o, "device", json_string(m->host.device));
	json_object_set_new(o, "state", json_string(fleet_state_name(m)));
	json_object_set_new(o, "message", m->message[0] ? json_string(m->message) : json_null());
	json_object_set_new(o, "drive", cli_json_match(&m->match));
	json_object_set_new(o, "identity", cli_fleet_json_identity(m));
	cli_json_record(o, m->rec);
	json_object_set_new(o, "points", cli_json_sweep_points(m->sw));
	return o;
}

/* The document's head: version, plan, time. */
static json_t *
cli_fleet_json_doc(const struct dd_plan *plan)
{
	json_t *o = json_object();

	json_object_set_new(o, "drivedash", json_string(PACKAGE_VERSION));
	json_object_set_new(o, "plan", json_string(plan->name));
	json_object_set_new(o, "time", json_integer((json_int_t)time(NULL)));
	return o;
}

/* The matched drive's spec sequential write (cliff reports); NAN none. */
static double
cli_fleet_spec_write(struct cli_ctx *ctx, const struct fleet_member *m)
{
	struct cli_workload w = { .n = m->plan.npoints, .pts = m->plan.points,
				  .spec_write_mbps = NAN };

	if (m->match.rule != MATCH_NONE && m->match.drive != NULL)
		cli_workload_spec(&w, ctx, m->match.drive->id);
	return w.spec_write_mbps;
}

/* `run --json`'s host object: the common fields plus curves and the rest. */
static json_t *
cli_fleet_json_run_host(struct fleet_member *m, double spec_mbps)
{
	json_t		   *o = cli_fleet_json_host(m);
	struct cli_workload w;

	if (m->sw != NULL && cli_workload_from_sweep(&w, m->sw, sweep_nresults(m->sw),
						     false) == 0) {
		w.spec_write_mbps = spec_mbps;
		cli_workload_json(o, &w);
		cli_workload_free(&w);
	}
	return o;
}

/* Write a JSON document (taken) to out, checked before the sweeps, or to
 * stdout (out NULL); an exit code. */
static int
cli_fleet_write_json(json_t *doc, struct outfile *out)
{
	struct dd_error err = { 0 };
	char	       *text;
	int		rc;

	if (out == NULL)
		return cli_print_json(doc);
	text = cli_json_dumps(doc, JSON_INDENT(1) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(10));
	json_decref(doc);
	if (text == NULL) {
		cli_error("out of memory building the JSON for %s", out->path);
		return EXIT_USAGE;
	}
	rc = outfile_replace(out, text, strlen(text), &err);
	free(text);
	if (rc < 0) {
		cli_error("%s", err.msg);
		return EXIT_USAGE;
	}
	return EXIT_OK;
}

/* Print every host's run report; the JSON document, when asked, too (to
 * out, or stdout for "-"). */
static int
cli_fleet_report_run(struct cli_ctx *ctx, struct cli_fleet *cf, const char *json_path,
		     struct outfile *out)
{
	bool	json_stdout = json_path != NULL && strcmp(json_path, "-") == 0;
	FILE   *f = json_stdout ? stderr : stdout;
	json_t *doc = cli_fleet_json_doc(cf->plan), *hs = json_array();
	int	rc = EXIT_OK;

	for (size_t i = 0; i < cf->n; i++) {
		struct fleet_member *m = fleet_member(cf->f, i);
		double		     spec = cli_fleet_spec_write(ctx, m);

		cli_fprintf(f, "%s", i ? "\n" : "");
		cli_fleet_print_header(f, m);
		if (m->sw != NULL)
			cli_run_print_points(f, m->sw, &m->plan, spec);
		json_array_append_new(hs, cli_fleet_json_run_host(m, spec));
		if (m->state != FLEET_DONE && rc == EXIT_OK)
			rc = m->state == FLEET_CANCELLED && cf->signo ? cli_exit_signal(cf->signo)
								       : EXIT_NOMATCH;
	}
	json_object_set_new(doc, "hosts", hs);
	if (json_path != NULL && cli_fleet_write_json(doc, json_stdout ? NULL : out) != EXIT_OK)
		rc = EXIT_USAGE;
	else if (json_path == NULL)
		json_decref(doc);
	if (!json_stdout && cli_stdout_flush("the tables") < 0 && rc == EXIT_OK)
		rc = EXIT_USAGE;
	return rc;
}

/* `run --hosts`. */
int
cli_fleet_cmd_run(struct cli_ctx *ctx, const struct cli_fleet_opts *o,
		  const struct dd_plan *plan, const char *json_path)
{
	struct cli_fleet cf = { 0 };
	struct outfile	 out;
	struct dd_error	 err = { 0 };
	bool		 file = json_path != NULL && strcmp(json_path, "-") != 0;
	int		 rc = EXIT_USAGE;

	/* The results file is checked before anything runs, as a local run's. */
	if (file && safety_outfile_open(&out, json_path, -1, &err) < 0) {
		cli_error("%s", err.msg);
		return EXIT_USAGE;
	}
	if (cli_fleet_measure(ctx, o, plan, false, "run", &cf) == 0 && cf.n > 0) {
		cli_fleet_stored(&cf, o->quiet);
		rc = cli_fleet_report_run(ctx, &cf, json_path, file ? &out : NULL);
	} else if (cf.signo != 0) {
		rc = cli_exit_signal(cf.signo);
	}
	cli_fleet_free(&cf);
	if (file)
		outfile_close(&out);
	return rc;
}

/* A host's check exit code. */
static int
cli_fleet_host_exit(const struct cli_fleet *cf, const struct fleet_member *m)
{
	return cli_check_exit_code(cli_fleet_sweep_state(m), cf->signo ? cf->signo : SIGINT,
				   fleet_member_verdict(m));
}

/* The rack's exit code: a signal's when one stopped it, else the rack
 * verdict's (FAIL 4: a drive failed; ERROR 8: none did, but a host could
 * not be measured). */
static int
cli_fleet_rack_exit(const struct cli_fleet *cf, enum verdict_status rv)
{
	return cf->signo ? cli_exit_signal(cf->signo) : cli_verdict_exit_code(rv);
}

/* The rack summary's columns (no header line): on a narrow terminal the
 * worst row's reason goes on its own lines under the row, the host and
 * the drive are cut when the row is still too wide. */
static const struct cli_table_col cli_fleet_rack_cols[] = {
	{ "host", "  ", 16, 1, 0, "host", 12, NULL, NULL },
	{ "drive", " ", 28, 2, CLI_TABLE_CUT, "drive", 16, NULL, NULL },
	{ "verdict", " ", 14, 0, 0, NULL, 0, NULL, NULL },
	{ "why", " ", 0, 0, CLI_TABLE_FREE | CLI_TABLE_BELOW, NULL, 0, NULL, NULL },
};

/* One host's row of the rack summary. */
static void
cli_fleet_add_rack_row(struct cli_table *t, const struct fleet_member *m)
{
	const struct verdict *v = m->judged ? verdict_worst_row(&m->report) : NULL;
	const char	     *drive = m->match.rule != MATCH_NONE ? m->match.label
			      : m->host.model[0] ? m->host.model : "not matched";
	char		      why[1024];

	if (m->state != FLEET_DONE)
		snprintf(why, sizeof why, "%s%s%s", fleet_state_name(m),
			 m->message[0] ? ": " : "", m->message);
	else if (v != NULL)
		snprintf(why, sizeof why, "%s: %s", v->metric, v->reason);
	else
		snprintf(why, sizeof why, "%s", m->judged ? m->report.summary : "not judged");
	cli_table_add(t, (const char *const[]){ m->host.label, drive,
		      verdict_status_name(fleet_member_verdict(m)), why });
}

/* The rack summary: one row per host. */
static void
cli_fleet_print_rack(FILE *f, const struct cli_fleet *cf)
{
	struct cli_table t;

	cli_table_init(&t, cli_fleet_rack_cols,
		       sizeof cli_fleet_rack_cols / sizeof cli_fleet_rack_cols[0]);
	t.noheader = true;
	for (size_t i = 0; i < cf->n; i++)
		cli_fleet_add_rack_row(&t, fleet_member(cf->f, i));
	cli_table_print(&t, f);
	cli_table_free(&t);
}

/* How many hosts have verdict st. */
static size_t
cli_fleet_count(const struct cli_fleet *cf, enum verdict_status st)
{
	size_t k = 0;

	for (size_t i = 0; i < cf->n; i++)
		k += fleet_member_verdict(fleet_member(cf->f, i)) == st;
	return k;
}

/* One host's check report (text). */
static void
cli_fleet_print_check_host(FILE *f, const struct cli_fleet *cf, size_t i)
{
	struct fleet_member *m = fleet_member(cf->f, i);
	FILE		    *w;

	w = cli_wrap_begin(f);
	cli_fleet_print_header(w, m);
	if (m->not_run)
		cli_fprintf(w, "  %-11s not run: there is no spec to judge it by; name its drive "
			"(DRIVE or detect= on its line), or give --sweep-unknown to measure it "
			"anyway\n", "sweep");
	cli_wrap_end(w, f);
	if (!m->not_run && (m->state == FLEET_DONE || fleet_member_measured(m)))
		cli_check_print_verdicts(f, &m->report, NULL, 0, m->sw);
	if (m->have_curve)
		cli_check_print_curve(f, &m->curve);
	w = cli_wrap_begin(f);
	cli_fprintf(w, "\nVERDICT %s: %s\n", verdict_status_name(fleet_member_verdict(m)),
		m->judged ? m->report.summary : m->message[0] ? m->message : "not judged");
	cli_wrap_end(w, f);
}

/* One host's check object (JSON). */
static json_t *
cli_fleet_json_check_host(const struct cli_fleet *cf, size_t i, int exit_code)
{
	struct fleet_member *m = fleet_member(cf->f, i);
	json_t		    *o = cli_fleet_json_host(m), *vs = json_array(), *ov = json_object();

	for (size_t k = 0; k < m->report.nrows; k++)
		json_array_append_new(vs, cli_check_json_row(&m->report, &m->report.rows[k],
							     NULL, 0));
	json_object_set_new(o, "tolerance_pct", json_real(m->report.tolerance * 100));
	json_object_set_new(o, "verdicts", vs);
	json_object_set_new(o, "curve", cli_check_json_curve(m->have_curve ? &m->curve : NULL));
	json_object_set_new(ov, "verdict",
			    json_string(verdict_status_name(fleet_member_verdict(m))));
	json_object_set_new(ov, "summary", m->judged ? json_string(m->report.summary)
						     : cli_jstr(m->message[0] ? m->message : NULL));
	json_object_set_new(ov, "exit_code", json_integer(exit_code));
	json_object_set_new(o, "overall", ov);
	return o;
}

/* Print every host's check, the rack summary and the JSON; the exit code. */
static int
cli_fleet_report_check(struct cli_fleet *cf, bool json, bool quiet)
{
	FILE		   *f = json ? stderr : stdout;
	json_t		   *doc = cli_fleet_json_doc(cf->plan);
	json_t		   *hs = json_array(), *rack = json_object();
	enum verdict_status rv = fleet_verdict(cf->f);
	int		    rc = cli_fleet_rack_exit(cf, rv);

	for (size_t i = 0; i < cf->n; i++) {
		int code = cli_fleet_host_exit(cf, fleet_member(cf->f, i));

		if (!json || !quiet) {
			cli_fprintf(f, "%s", i ? "\n" : "");
			cli_fleet_print_check_host(f, cf, i);
		}
		json_array_append_new(hs, cli_fleet_json_check_host(cf, i, code));
	}
	if (!json || !quiet) {
		cli_fprintf(f, "\nrack:\n");
		cli_fleet_print_rack(f, cf);
		cli_fprintf(f, "rack verdict: %s (%zu of %zu hosts)\n", verdict_status_name(rv),
			cli_fleet_count(cf, rv), cf->n);
	}
	json_object_set_new(rack, "verdict", json_string(verdict_status_name(rv)));
	json_object_set_new(rack, "hosts", json_integer((json_int_t)cf->n));
	json_object_set_new(rack, "hosts_at_verdict", json_integer((json_int_t)cli_fleet_count(cf,
										      rv)));
	json_object_set_new(rack, "exit_code", json_integer(rc));
	json_object_set_new(doc, "hosts", hs);
	json_object_set_new(doc, "rack", rack);
	if (json && cli_print_json(doc) != EXIT_OK)
		rc = EXIT_USAGE;
	else if (!json)
		json_decref(doc);
	if (!json && cli_stdout_flush("the report") < 0)
		rc = EXIT_USAGE;
	return rc;
}

/* `check --hosts`. */
int
cli_fleet_cmd_check(struct cli_ctx *ctx, const struct cli_fleet_opts *o,
		    const struct dd_plan *plan, bool json)
{
	struct cli_fleet cf = { 0 };
	int		 rc = EXIT_USAGE;

	if (cli_fleet_measure(ctx, o, plan, true, "check", &cf) == 0 && cf.n > 0) {
		cli_fleet_stored(&cf, o->quiet);
		rc = cli_fleet_report_check(&cf, json, o->quiet);
	} else if (cf.signo != 0) {
		rc = cli_exit_signal(cf.signo);
	}
	cli_fleet_free(&cf);
	return rc;
}
