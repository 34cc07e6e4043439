/*
 * The dashboard's report key (P on a finished sweep, on History and on
 * Compare): an HTML report (report.h) of the stored runs the screen shows,
 * written into a reports/ directory beside the results store (by default
 * $XDG_DATA_HOME/drivedash/reports/, so where it lands does not depend on
 * the directory the dashboard was started in), the path shown on the
 * message line.  The file is named after the runs
 * (drivedash-report-12-14.html) and written as every output file is: a
 * regular file or nothing at the name, replaced whole (lib/outfile.h and
 * safety_outfile_open's judge).  UI thread only; the views call it from
 * their key functions with the run ids they show.
 */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "io/safety.h"
#include "lib/outfile.h"
#include "ui/report.h"
#include "ui/tui.h"

/* The reports directory beside the store at store_path, made when missing;
 * 0 or negative errno with err set. */
static int
report_save_dir(const char *store_path, char *dir, size_t len, struct dd_error *err)
{
	const char *slash = strrchr(store_path, '/');
	int	    n = slash == NULL ? snprintf(dir, len, "reports") :
			snprintf(dir, len, "%.*s/reports", (int)(slash - store_path), store_path);

	if (n < 0 || (size_t)n >= len)
		return dd_error_set(err, -ENAMETOOLONG, "the reports directory's path is too long");
	if (mkdir(dir, 0755) < 0 && errno != EEXIST)
		return dd_error_set(err, -errno, "cannot make %s: %s", dir, strerror(errno));
	return 0;
}

/* Write the report of the stored runs ids[0..n) into *path; 0 or negative
 * errno with err set. */
static int
report_save_write(struct tui *t, const char *store_path, const int64_t *ids, size_t n,
		  char *path, size_t len, struct dd_error *err)
{
	struct report_opts ro = { .format = REPORT_HTML };
	struct results	  *store;
	struct report	   r;
	struct outfile	   o;
	char		   specs[REPORT_RUNS_MAX][32], dir[PATH_MAX], name[128];
	const char	  *sp[REPORT_RUNS_MAX];
	char		  *html = NULL;
	size_t		   hlen = 0;
	int		   rc;

	for (size_t i = 0; i < n; i++) {
		snprintf(specs[i], sizeof specs[i], "#%lld", (long long)ids[i]);
		sp[i] = specs[i];
	}
	if ((rc = results_open(&store, store_path, RESULTS_READ, err)) < 0)
		return rc;
	report_init(&r);
	rc = report_build_runs(&r, store, t->db, sp, n, err);
	results_close(store);
	if (rc == 0 && report_write(&r, &ro, &html, &hlen) < 0)
		rc = dd_error_set(err, -ENOMEM, "out of memory writing the report");
	if (rc == 0)
		rc = report_save_dir(store_path, dir, sizeof dir, err);
	if (rc == 0 && snprintf(path, len, "%s/%s", dir,
				report_file_name(&r, name, sizeof name)) >= (int)len)
		rc = dd_error_set(err, -ENAMETOOLONG, "the report's path is too long");
	if (rc == 0 && (rc = safety_outfile_open(&o, path, -1, err)) == 0) {
		rc = outfile_replace(&o, html, hlen, err);
		outfile_close(&o);
	}
	free(html);
	report_free(&r);
	return rc;
}

/* Write an HTML report of the stored runs ids[0..n) and say where on the
 * message line (or why not). */
void
report_save(struct tui *t, const int64_t *ids, size_t n)
{
	struct dd_error err = { 0 };
	char		store[PATH_MAX], path[PATH_MAX];
	size_t		k = 0;
	int64_t		keep[REPORT_RUNS_MAX];

	for (size_t i = 0; i < n && k < REPORT_RUNS_MAX; i++)
		if (ids[i] > 0)
			keep[k++] = ids[i];
	if (k == 0) {
		tui_message(t, true, "no stored run to report here (a sweep is stored when "
			    "it ends; --no-save stores none)");
		return;
	}
	if (t->opts.results_path != NULL)
		snprintf(store, sizeof store, "%s", t->opts.results_path);
	else if (results_default_path(store, sizeof store, &err) < 0) {
		tui_message(t, true, "report: %s", err.msg);
		return;
	}
	if (report_save_write(t, store, keep, k, path, sizeof path, &err) < 0)
		tui_message(t, true, "report: %s", err.msg);
	else
		tui_message_path(t, false, "report written", path);
}
