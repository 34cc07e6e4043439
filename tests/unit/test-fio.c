/*
 * Unit tests for src/cli/cli-fio.c: fio 3.x JSON into a struct results_run
 * (options with their fallbacks, json+ bins, lat vs clat, mixed jobs,
 * numjobs clones, synchronous engines, client/server output, text around
 * the document), one sentence with the key path for every malformed input
 * (table-driven), and export -> parse round trips of built runs.
 *
 * Documents are built from small fragments: JOB(options, read, write) with
 * DIR(...) and LAT(...) for the parts each case varies.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "cli/cli-fio.h"
#include "cli/cli.h"
#include "lib/histogram.h"

#define LAT(min, max, mean, n, extra) \
	"{\"min\":" #min ",\"max\":" #max ",\"mean\":" #mean ",\"stddev\":10.0,\"N\":" #n extra "}"
#define NOLAT LAT(0, 0, 0.0, 0, "")
#define DIR(ios, iops, clat, lat) \
	"{\"io_bytes\":" #ios ",\"bw_bytes\":" #ios ",\"bw\":1,\"iops\":" #iops \
	",\"runtime\":1000,\"total_ios\":" #ios ",\"slat_ns\":" NOLAT ",\"clat_ns\":" clat \
	",\"lat_ns\":" lat "}"
#define NODIR DIR(0, 0.0, NOLAT, NOLAT)
#define JOB(name, opts, rd, wr) JOBX("", name, opts, rd, wr)
#define JOBX(pre, name, opts, rd, wr) \
	"{" pre "\"jobname\":\"" name "\",\"groupid\":0,\"error\":0,\"job options\":{" opts "}," \
	"\"read\":" rd ",\"write\":" wr ",\"job_runtime\":1000,\"usr_cpu\":10.0,\"sys_cpu\":20.0}"
#define DOC(jobs) "{\"fio version\":\"fio-3.33\",\"timestamp\":1796140000,\"jobs\":[" jobs "]}"

/* A 4k randread QD8 job, json+: percentiles and bins in clat_ns. */
#define RR_CLAT LAT(1000, 8960, 5000.0, 1000, \
		    ",\"percentile\":{\"50.000000\":5000,\"99.000000\":8960}," \
		    "\"bins\":{\"5000\":990,\"8960\":10}")
#define RR_JOB JOB("rr", "\"rw\":\"randread\",\"bs\":\"4k\",\"iodepth\":\"8\"", \
		   DIR(1000, 1000.0, RR_CLAT, LAT(1100, 9100, 5100.0, 1000, "")), NODIR)

/* Parse a C string; asserts success. */
static void
parse_ok(const char *text, struct results_run *run)
{
	struct dd_error err = { 0 };
	int		rc = cli_fio_parse("t.json", text, strlen(text), run, &err);

	if (rc != 0)
		print_error("%s\n", err.msg);
	assert_int_equal(rc, 0);
}

/* A json+ job: options, figures, fio's percentiles, bins, provenance. */
static void
test_parse_json_plus(void **state)
{
	struct results_run run;

	(void)state;
	parse_ok(DOC(RR_JOB), &run);
	assert_int_equal(run.n, 1);
	const struct dd_result *r = run.pts[0].r;

	assert_int_equal(r->point.pattern, DD_RANDREAD);
	assert_int_equal(r->point.bs, 4096);
	assert_int_equal(r->point.iodepth, 8);
	assert_int_equal(r->point.numjobs, 1);
	assert_string_equal(r->point.name, "4K randread QD8 x1");
	assert_int_equal(r->ios, 1000);
	assert_true(fabs(r->iops - 1000.0) < 1e-9);
	assert_true(fabs(r->lat.mean_us - 5.0) < 1e-9);	/* clat: no lat percentiles */
	assert_true(fabs(r->lat.pct_us[6] - 5.0) < 1e-9);	/* fio's own p50 */
	assert_true(fabs(r->lat.pct_us[12] - 8.96) < 1e-9);	/* fio's own p99 */
	assert_false(isnan(r->lat.pct_us[0]));			/* p1 from the bins */
	assert_true(run.pts[0].has_bins);
	assert_int_equal(hist_count(&r->hist), 1000);
	assert_true(fabs(r->cpu_user_s - 0.1) < 1e-9);
	assert_non_null(strstr(r->message, "fio's clat"));
	assert_string_equal(run.prov.source, "import");
	assert_string_equal(run.prov.version, "fio-3.33");
	assert_string_equal(run.prov.state, "imported");
	assert_int_equal(run.prov.end_unix, 1796140000);
	assert_int_equal(run.prov.start_unix, 1796140000 - 1);
	results_run_free(&run);
}

/* fio's warnings before the document and text after it are skipped; lat
 * percentiles (lat_percentiles=1) win over clat; no bins: json. */
static void
test_parse_text_around_lat(void **state)
{
	struct results_run run;

	(void)state;
	parse_ok("note: both iodepth >= 1 and synchronous I/O engine are selected\n"
		 DOC(JOB("l", "\"rw\":\"write\"", NODIR,
			 DIR(10, 10.0, LAT(1, 2, 1.5, 10, ""),
			     LAT(2000, 4000, 3000.0, 10, ",\"percentile\":{\"99.000000\":4000}"))))
		 "\nfio: trailing words\n", &run);
	const struct dd_result *r = run.pts[0].r;

	assert_int_equal(r->point.pattern, DD_WRITE);
	assert_int_equal(r->point.bs, 4096);	/* fio's default */
	assert_int_equal(r->point.iodepth, 1);
	assert_true(fabs(r->lat.mean_us - 3.0) < 1e-9);
	assert_true(fabs(r->lat.pct_us[12] - 4.0) < 1e-9);
	assert_true(isnan(r->lat.pct_us[6]));	/* not in fio's list, no bins */
	assert_false(run.pts[0].has_bins);
	assert_non_null(strstr(r->message, "fio's lat "));
	results_run_free(&run);
}

/* A mixed job: rwmixwrite, both directions, percentiles from both bins. */
static void
test_parse_mixed(void **state)
{
	struct results_run run;

	(void)state;
	parse_ok(DOC(JOB("m", "\"rw\":\"randrw\",\"rwmixwrite\":\"30\",\"bs\":\"8k,64k\"",
			 DIR(700, 700.0, LAT(1000, 1000, 1000.0, 700,
					     ",\"percentile\":{\"50.000000\":1000},\"bins\":{\"1000\":700}"),
			     NOLAT),
			 DIR(300, 300.0, LAT(3000, 3000, 3000.0, 300,
					     ",\"percentile\":{\"50.000000\":3000},\"bins\":{\"3000\":300}"),
			     NOLAT))), &run);
	const struct dd_result *r = run.pts[0].r;

	assert_int_equal(r->point.pattern, DD_RANDRW);
	assert_int_equal(r->point.read_pct, 70);
	assert_int_equal(r->point.bs, 8192);
	assert_int_equal(r->read_ios, 700);
	assert_int_equal(r->write_ios, 300);
	assert_true(fabs(r->iops - 1000.0) < 1e-9);
	assert_true(fabs(r->lat.mean_us - 1.6) < 1e-9);	/* (700 * 1 + 300 * 3) / 1000 */
	assert_true(fabs(r->lat.pct_us[6] - 1.0) < 0.01);	/* p50 of both: a read */
	assert_true(fabs(r->lat.pct_us[12] - 3.0) < 0.03);	/* p99 of both: a write */
	assert_true(run.pts[0].has_bins);
	results_run_free(&run);
}

/* numjobs clones reported one by one are one job each; group_reporting
 * output (one entry) keeps numjobs; a synchronous engine has depth 1. */
static void
test_parse_clones_and_engines(void **state)
{
	struct results_run run;

	(void)state;
	parse_ok(DOC(JOB("c", "\"numjobs\":\"2\",\"iodepth\":\"4\"", DIR(5, 5.0, NOLAT, NOLAT), NODIR) ","
		     JOB("c", "\"numjobs\":\"2\",\"iodepth\":\"4\"", DIR(5, 5.0, NOLAT, NOLAT), NODIR) ","
		     JOB("g", "\"numjobs\":\"4\",\"ioengine\":\"psync\",\"iodepth\":\"16\"",
			 DIR(5, 5.0, NOLAT, NOLAT), NODIR)), &run);
	assert_int_equal(run.n, 3);
	assert_int_equal(run.pts[0].r->point.numjobs, 1);
	assert_int_equal(run.pts[1].r->point.numjobs, 1);
	assert_int_equal(run.pts[0].r->point.iodepth, 4);
	assert_int_equal(run.pts[2].r->point.numjobs, 4);
	assert_int_equal(run.pts[2].r->point.iodepth, 1);
	results_run_free(&run);
}

/* Options fall back to "global options"; client/server output gives a
 * point per host, without fio's "All clients" sum. */
static void
test_parse_client_stats(void **state)
{
	struct results_run run;

	(void)state;
	parse_ok("{\"fio version\":\"fio-3.33\",\"timestamp\":5,"
		 "\"global options\":{\"rw\":\"randwrite\",\"bs\":\"16k\",\"filename\":\"/nonexistent/dev/x\"},"
		 "\"client_stats\":["
		 JOB("a", "\"iodepth\":\"2\"", NODIR, DIR(5, 5.0, NOLAT, NOLAT)) ","
		 JOB("a", "\"iodepth\":\"2\"", NODIR, DIR(6, 6.0, NOLAT, NOLAT)) ","
		 JOB("All clients", "", NODIR, DIR(11, 11.0, NOLAT, NOLAT)) "],"
		 "\"disk_util\":[{\"name\":\"nvme0n1\",\"util\":50.0}]}", &run);
	assert_int_equal(run.n, 2);
	assert_int_equal(run.pts[0].r->point.pattern, DD_RANDWRITE);
	assert_int_equal(run.pts[1].r->point.bs, 16384);
	assert_string_equal(run.prov.target_path, "/nonexistent/dev/x");
	assert_string_equal(run.prov.device, "nvme0n1");
	assert_int_equal(run.prov.start_unix, 5);	/* a client stamps the start */
	assert_int_equal(run.prov.end_unix, 6);
	results_run_free(&run);

	/* the hosts: "hostname" of each entry */
	parse_ok("{\"fio version\":\"fio-3.33\",\"client_stats\":["
		 JOBX("\"hostname\":\"h1\",", "a", "", NODIR, DIR(5, 5.0, NOLAT, NOLAT)) ","
		 JOBX("\"hostname\":\"h2\",", "a", "", NODIR, DIR(6, 6.0, NOLAT, NOLAT)) ","
		 JOBX("\"hostname\":\"h2\",", "b", "", NODIR, DIR(6, 6.0, NOLAT, NOLAT)) "]}", &run);
	assert_int_equal(run.n, 3);
	assert_string_equal(run.pts[0].host, "h1");
	assert_string_equal(run.pts[1].host, "h2");
	assert_string_equal(run.prov.host, "h1, h2");
	results_run_free(&run);
}

/* One malformed input and the sentence it must give. */
struct bad_case {
	const char *text;
	const char *msg;
};

/* Every malformed input: -EINVAL, the sentence with file and key, no run. */
static void
test_parse_errors(void **state)
{
	static const struct bad_case cases[] = {
		{ "", "t.json: the file is empty" },
		{ "fio: no json here\n", "t.json: no JSON object in it" },
		{ "note\n{\"fio version\": \"x\",", "t.json: not valid JSON at line 2" },
		{ "{\"fio version\":\"fio-3.33\",\"jobs\":{}}",
		  "t.json: jobs is an object, expected an array" },
		{ "{\"fio version\":\"fio-3.33\"}", "t.json: jobs is missing" },
		{ DOC(""), "t.json: jobs is empty" },
		{ DOC("1"), "t.json: jobs[0] is a number, expected an object" },
		{ DOC(RR_JOB "," JOB("x", "", DIR(1, "fast", NOLAT, NOLAT), NODIR)),
		  "t.json: jobs[1].read.iops is a string, expected a number" },
		{ DOC(JOB("x", "", DIR(1, -1.0, NOLAT, NOLAT), NODIR)),
		  "t.json: jobs[0].read.iops is -1, expected a number from 0 to 4.61169e+18" },
		{ "{\"fio version\":\"fio-3.33\",\"timestamp\":1e300,\"jobs\":[" RR_JOB "]}",
		  "t.json: timestamp is 1e+300, expected a number from 0 to 1e+11" },
		{ DOC(JOB("x", "\"bs\":\"huge\"", NODIR, NODIR)),
		  "t.json: jobs[0].\"job options\".bs is \"huge\", expected a size such as 4k" },
		{ DOC(JOB("x", "\"bs\":\"0k\"", NODIR, NODIR)),	/* found by fuzz-fio */
		  "t.json: jobs[0].\"job options\".bs is \"0k\", expected a size of at least 1 byte" },
		{ DOC(JOB("x", "\"blocksize\":\"0\"", NODIR, NODIR)),
		  "t.json: jobs[0].\"job options\".blocksize is \"0\", expected a size of at least 1 byte" },
		{ DOC(JOB("x", "\"bs\":4096", NODIR, NODIR)),
		  "t.json: jobs[0].\"job options\".bs is a number, expected a string" },
		{ DOC(JOB("x", "\"rw\":\"trim\"", NODIR, NODIR)),
		  "t.json: jobs[0].\"job options\".rw is \"trim\", expected read, write" },
		{ DOC(JOB("x", "\"iodepth\":\"0\"", NODIR, NODIR)),
		  "t.json: jobs[0].\"job options\".iodepth is \"0\", expected a whole number" },
		{ "{\"fio version\":\"fio-3.33\",\"global options\":{\"numjobs\":\"many\"},\"jobs\":["
		  JOB("x", "", NODIR, NODIR) "]}",
		  "t.json: \"global options\".numjobs is \"many\", expected a whole number" },
		{ DOC(JOB("x", "", DIR(1, 1.0, LAT(1, 1, 1.0, 1, ",\"percentile\":{\"p99\":5}"),
				   NOLAT), NODIR)),
		  "t.json: jobs[0].read.clat_ns.percentile has the key \"p99\", expected a percentile" },
		{ DOC(JOB("x", "", DIR(1, 1.0, LAT(1, 1, 1.0, 1, ",\"percentile\":{},\"bins\":{\"-3\":1}"),
				   NOLAT), NODIR)),
		  "t.json: jobs[0].read.clat_ns.bins has the key \"-3\", expected a latency in ns" },
		{ DOC(JOB("x", "", DIR(1, 1.0, LAT(1, 1, 1.0, 1, ",\"percentile\":{\"99.000000\":null}"),
				   NOLAT), NODIR)),
		  "t.json: jobs[0].read.clat_ns.percentile.\"99.000000\" is null, expected a number" },
		{ "{\"jobs\":[" RR_JOB "]}", "t.json: \"fio version\" is missing" },
		{ "{\"fio version\":\"fio-3.33\",\"jobs\":[{\"jobname\":\"x\",\"write\":" NODIR "}]}",
		  "t.json: jobs[0].read is missing" },
		{ "{\"fio version\":\"fio-3.33\",\"jobs\":[{\"jobname\":\"x\",\"mixed\":" NODIR "}]}",
		  "t.json: jobs[0] has only unified_rw_reporting's \"mixed\" figures" },
		{ "{\"fio version\":\"fio-3.33\",\"disk_util\":{},\"jobs\":[" RR_JOB "]}",
		  "t.json: disk_util is an object, expected an array" },
	};

	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct results_run run;
		struct dd_error	   err = { 0 };
		int		   rc = cli_fio_parse("t.json", cases[i].text, strlen(cases[i].text),
						      &run, &err);

		if (rc != -EINVAL || strncmp(err.msg, cases[i].msg, strlen(cases[i].msg)) != 0)
			print_error("case %zu: rc %d, \"%s\", expected \"%s\"\n", i, rc, err.msg,
				    cases[i].msg);
		assert_int_equal(rc, -EINVAL);
		assert_memory_equal(err.msg, cases[i].msg, strlen(cases[i].msg));
		assert_int_equal(run.n, 0);
		assert_null(run.pts);
	}
}

/* A built point: latencies from a histogram of n values spread log-wise. */
static struct dd_result *
build_result(enum dd_pattern pat, unsigned read_pct, uint64_t n)
{
	struct dd_result *r = calloc(1, sizeof *r);
	struct welford	  w = { 0 };
	double		  pct[HIST_NPCTS];

	assert_non_null(r);
	r->point.pattern = pat;
	r->point.read_pct = read_pct;
	r->point.bs = 4096;
	r->point.iodepth = 4;
	r->point.numjobs = 2;
	r->point.runtime_s = 2;
	snprintf(r->point.name, sizeof r->point.name, "p");
	for (uint64_t i = 0; i < n; i++) {
		uint64_t ns = 2000 + (i * i) % 500000;

		hist_add(&r->hist, ns);
		welford_add(&w, ns);
	}
	hist_percentiles(&r->hist, hist_default_pcts, HIST_NPCTS, pct);
	r->lat.n = n;
	r->lat.min_us = (double)w.min / 1e3;
	r->lat.max_us = (double)w.max / 1e3;
	r->lat.mean_us = w.mean / 1e3;
	r->lat.stdev_us = welford_stdev(&w) / 1e3;
	for (int i = 0; i < HIST_NPCTS; i++)
		r->lat.pct_us[i] = pct[i] / 1e3;
	r->ios = n;
	r->bytes = n * 4096;
	r->read_ios = dd_pattern_writes(pat) ? n * read_pct / 100 : n;
	r->write_ios = n - r->read_ios;
	r->read_bytes = r->read_ios * 4096;
	r->write_bytes = r->write_ios * 4096;
	r->read_lat = r->read_ios ? r->lat : (struct dd_latency){ 0 };
	r->write_lat = r->write_ios ? r->lat : (struct dd_latency){ 0 };
	r->elapsed_s = 2.0;
	r->iops = (double)n / 2.0;
	r->mbps = (double)r->bytes / 2.0 / 1e6;
	r->nintervals = 3;
	for (size_t i = 0; i < 3; i++)
		r->intervals[i] = (struct dd_interval){ .t_s = (double)i, .iops = r->iops,
							 .read_iops = r->iops, .write_iops = 0 };
	return r;
}

/* Export a built run and parse it back: figures, percentiles, bins equal;
 * a mixed point's directions carry no bins, so it comes back without. */
static void
test_export_roundtrip(void **state)
{
	struct results_run  run = { 0 }, back;
	struct results_point pt = { 0 };
	struct dd_error	    err = { 0 };
	char		   *text;
	json_t		   *doc;

	(void)state;
	dd_strlcpy(run.prov.version, "drivedash test", sizeof run.prov.version);
	dd_strlcpy(run.prov.source, "run", sizeof run.prov.source);
	dd_strlcpy(run.prov.target_path, "/nonexistent/t.dat", sizeof run.prov.target_path);
	run.prov.start_unix = 1796140000;
	pt.r = build_result(DD_RANDREAD, 100, 20000);
	pt.has_bins = true;
	dd_strlcpy(pt.host, "h1", sizeof pt.host);
	assert_int_equal(results_run_add(&run, &pt, &err), 0);
	memset(&pt, 0, sizeof pt);
	pt.r = build_result(DD_RANDRW, 70, 10000);
	pt.has_bins = true;
	assert_int_equal(results_run_add(&run, &pt, &err), 0);

	doc = cli_fio_export(&run);
	assert_non_null(doc);
	/* fio's latency distribution of a point with bins covers all its I/O */
	double	    total = 0;
	const char *unit[] = { "latency_ns", "latency_us", "latency_ms" }, *key;
	json_t	   *v, *job0 = json_array_get(json_object_get(doc, "jobs"), 0);

	for (int u = 0; u < 3; u++)
		json_object_foreach(json_object_get(job0, unit[u]), key, v)
			total += json_real_value(v);
	assert_true(fabs(total - 100.0) < 1e-6);
	/* a mixed point's distribution is of the whole point, as its bins */
	assert_non_null(json_object_get(json_array_get(json_object_get(doc, "jobs"), 1),
					"latency_us"));
	text = json_dumps(doc, JSON_REAL_PRECISION(17));
	json_decref(doc);
	parse_ok(text, &back);
	free(text);
	assert_int_equal(back.n, 2);
	assert_string_equal(back.prov.version, "drivedash test");
	assert_string_equal(back.prov.target_path, "/nonexistent/t.dat");
	for (size_t i = 0; i < 2; i++) {
		const struct dd_result *a = run.pts[i].r, *b = back.pts[i].r;

		assert_int_equal(a->point.pattern, b->point.pattern);
		assert_int_equal(cli_json_read_pct(&a->point), cli_json_read_pct(&b->point));
		assert_int_equal(a->point.bs, b->point.bs);
		assert_int_equal(a->point.iodepth, b->point.iodepth);
		assert_int_equal(a->point.numjobs, b->point.numjobs);
		assert_int_equal(a->ios, b->ios);
		assert_int_equal(a->read_ios, b->read_ios);
		assert_int_equal(a->bytes, b->bytes);
		assert_true(fabs(a->iops - b->iops) < 1e-9 * a->iops);
		assert_true(fabs(a->mbps - b->mbps) < 1e-6);
		assert_true(fabs(a->read_lat.mean_us - b->read_lat.mean_us) < 1e-9);
		for (int k = 0; k < HIST_NPCTS; k++)
			assert_true(fabs(a->read_lat.pct_us[k] - b->read_lat.pct_us[k]) < 1e-9);
	}
	assert_string_equal(back.pts[0].host, "h1");
	assert_true(back.pts[0].has_bins);
	assert_memory_equal(&run.pts[0].r->hist, &back.pts[0].r->hist, sizeof(struct histogram));
	assert_true(fabs(run.pts[0].r->lat.pct_us[12] - back.pts[0].r->lat.pct_us[12]) < 1e-9);
	assert_false(back.pts[1].has_bins);	/* mixed: no per-direction bins */
	results_run_free(&run);
	results_run_free(&back);
}

/* A run whose end time is past what import reads (a damaged store's: its
 * milliseconds overflowed) and a point of 115 days with a 10 us ramp: the
 * export leaves the time out, writes the times in fixed point, and parses
 * back. */
static void
test_export_edges(void **state)
{
	struct results_run  run = { 0 }, back;
	struct results_point pt = { 0 };
	struct dd_error	    err = { 0 };
	const char	   *rt, *ramp;
	json_t		   *doc, *opts;
	char		   *text;

	(void)state;
	dd_strlcpy(run.prov.version, "drivedash test", sizeof run.prov.version);
	run.prov.start_unix = 1796140000;
	run.prov.end_unix = INT64_MAX / 2;
	pt.r = build_result(DD_RANDREAD, 100, 1000);
	pt.r->point.runtime_s = 9.9e6;
	pt.r->point.ramp_s = 1e-5;
	pt.r->elapsed_s = 9.9e6;
	pt.r->iops = 1000 / 9.9e6;
	pt.r->mbps = 1000 * 4096 / 9.9e6 / 1e6;
	assert_int_equal(results_run_add(&run, &pt, &err), 0);
	doc = cli_fio_export(&run);
	assert_non_null(doc);
	assert_null(json_object_get(doc, "timestamp"));
	assert_null(json_object_get(doc, "timestamp_ms"));
	opts = json_object_get(json_array_get(json_object_get(doc, "jobs"), 0), "job options");
	rt = json_string_value(json_object_get(opts, "runtime"));
	ramp = json_string_value(json_object_get(opts, "ramp_time"));
	assert_string_equal(rt, "9900000s");
	assert_string_equal(ramp, "0.00001s");
	text = json_dumps(doc, JSON_REAL_PRECISION(17));
	json_decref(doc);
	parse_ok(text, &back);
	free(text);
	assert_int_equal(back.n, 1);
	assert_true(back.pts[0].r->point.runtime_s == 9.9e6);
	results_run_free(&run);
	results_run_free(&back);
}

/* Split a built mix's histogram into its directions by its read share. */
static void
split_dirs(struct dd_result *r)
{
	for (unsigned i = 0; i < HIST_NR; i++) {
		r->read_hist.bins[i] = r->hist.bins[i] * r->point.read_pct / 100;
		r->write_hist.bins[i] = r->hist.bins[i] - r->read_hist.bins[i];
	}
	r->read_ios = hist_count(&r->read_hist);
	r->write_ios = hist_count(&r->write_hist);
	r->read_bytes = r->read_ios * 4096;
	r->write_bytes = r->write_ios * 4096;
}

/* A curve (its maximum and a paced 70/30 step) and a checkpoint go out as
 * fio JSON and come back with their kinds, groups, targets and, for the
 * mix, each direction's bins (rate_iops per job, per direction). */
static void
test_export_kinds(void **state)
{
	struct results_run   run = { 0 }, back;
	struct results_point pt = { 0 };
	struct dd_error	     err = { 0 };
	json_t		    *doc, *opts;
	char		    *text;

	(void)state;
	dd_strlcpy(run.prov.version, "drivedash test", sizeof run.prov.version);
	dd_strlcpy(run.prov.target_path, "/nonexistent/t.dat", sizeof run.prov.target_path);
	pt.r = build_result(DD_RANDRW, 70, 20000);
	pt.r->point.kind = DD_KIND_CURVE_MAX;
	pt.r->point.group = 1;
	pt.r->point.region_pct = 25;
	dd_strlcpy(pt.r->point.profile, "4K 70/30", sizeof pt.r->point.profile);
	split_dirs(pt.r);
	pt.has_bins = true;
	assert_int_equal(results_run_add(&run, &pt, &err), 0);
	memset(&pt, 0, sizeof pt);
	pt.r = build_result(DD_RANDRW, 70, 10000);
	pt.r->point.kind = DD_KIND_CURVE_STEP;
	pt.r->point.group = 1;
	pt.r->point.seq = 5;
	pt.r->point.rate_pct = 50;
	pt.r->point.rate_iops = 5000;
	dd_strlcpy(pt.r->point.profile, "4K 70/30", sizeof pt.r->point.profile);
	split_dirs(pt.r);
	pt.has_bins = true;
	assert_int_equal(results_run_add(&run, &pt, &err), 0);
	memset(&pt, 0, sizeof pt);
	pt.r = build_result(DD_WRITE, 0, 1000);
	pt.r->point.kind = DD_KIND_CHECKPOINT;
	pt.r->point.group = 2;
	pt.r->point.pass = 3;
	pt.r->point.seq = 7;
	pt.r->point.end_fsync = true;
	pt.has_bins = true;
	assert_int_equal(results_run_add(&run, &pt, &err), 0);

	doc = cli_fio_export(&run);
	assert_non_null(doc);
	opts = json_object_get(json_array_get(json_object_get(doc, "jobs"), 1), "job options");
	/* 5000 IOPS over 2 jobs, 70 % reads: 1750 reads and 750 writes a job */
	assert_string_equal(json_string_value(json_object_get(opts, "rate_iops")), "1750,750");
	assert_string_equal(json_string_value(json_object_get(opts, "drivedash_kind")),
			    "curve-step");
	text = json_dumps(doc, JSON_REAL_PRECISION(17));
	json_decref(doc);
	parse_ok(text, &back);
	free(text);
	assert_int_equal(back.n, 3);
	for (size_t i = 0; i < 3; i++) {
		const struct dd_point *a = &run.pts[i].r->point, *b = &back.pts[i].r->point;

		assert_int_equal(a->kind, b->kind);
		assert_int_equal(a->group, b->group);
		assert_int_equal(a->pass, b->pass);
		assert_int_equal(a->seq, b->seq);
		assert_int_equal(a->region_pct, b->region_pct);
		assert_int_equal(a->end_fsync, b->end_fsync);
		assert_string_equal(a->profile, b->profile);
		assert_true(fabs(a->rate_iops - b->rate_iops) < 1e-6);
		assert_true(fabs(a->rate_pct - b->rate_pct) < 1e-9);
		assert_true(back.pts[i].has_bins);
		assert_memory_equal(&run.pts[i].r->hist, &back.pts[i].r->hist,
				    sizeof(struct histogram));
	}
	for (size_t i = 0; i < 2; i++) {
		assert_memory_equal(&run.pts[i].r->read_hist, &back.pts[i].r->read_hist,
				    sizeof(struct histogram));
		assert_memory_equal(&run.pts[i].r->write_hist, &back.pts[i].r->write_hist,
				    sizeof(struct histogram));
	}
	assert_true(fabs(back.pts[1].sum.rate_iops - 5000) < 1e-6);
	results_run_free(&run);
	results_run_free(&back);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse_json_plus),
		cmocka_unit_test(test_parse_text_around_lat),
		cmocka_unit_test(test_parse_mixed),
		cmocka_unit_test(test_parse_clones_and_engines),
		cmocka_unit_test(test_parse_client_stats),
		cmocka_unit_test(test_parse_errors),
		cmocka_unit_test(test_export_roundtrip),
		cmocka_unit_test(test_export_edges),
		cmocka_unit_test(test_export_kinds),
	};

	return cmocka_run_group_tests_name("fio", tests, NULL, NULL);
}
