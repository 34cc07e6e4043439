/*
 * The fio client/server backend: a point runs on another machine's drive
 * through `fio --server` there and `fio --client` here.
 *
 * Target: dd_backend_open(&dd_backend_fio, t, "fio://HOST[:PORT]/PATH", ...)
 * where HOST is a name, an IPv4 address or a bracketed IPv6 address
 * ("fio://[::1]:8766/dev/zram0"); PORT defaults to fio's 8765.  Opening
 * does no network I/O: t->path keeps the URL, t->size is 0 (unknown) unless
 * dd_fio_set_size gives it, t->backend_data holds the parsed address and
 * what the last run learnt of the server (struct dd_fio_identity).
 *
 * Run: each point becomes a job file of exactly the options --print-fio
 * writes for it (io/fiojob.h: [global] + that point's section) plus
 * percentile_list=<hist_default_pcts>, written to a private temporary file
 * and run as
 *   fio --client=ADDR --output-format=normal,terse --terse-version=3
 *       --eta=always --eta-newline=1 --eta-interval=1 JOBFILE
 * (normal as well as terse: only normal output prints the server's
 * "hostname=..." greeting, which is the connect deadline's signal and the
 * identity; the figures come from the terse line alone)
 * in a subprocess (posix_spawn; stdin /dev/null, stdout and stderr piped),
 * one client process per host so the ETA line is that host's alone.  fio
 * 3.33's client does not stream --status-interval dumps (fio#712) and JSON
 * output suppresses the ETA line, so:
 *   live    each ETA line ("Jobs: 1 (f=1): [r(1)][40.0%][r=5413M][r=1353k
 *           IOPS][eta 00m:03s]") becomes one struct dd_interval: iops, mbps,
 *           read_iops/write_iops; mean_us and p99_us are NAN (fio sends no
 *           live latency to a client).  Progress comes from its percentage.
 *           fio 3.33's client prints the first figures 1-2 s into a job,
 *           so a point shorter than about 3 s may have no interval.
 *   end     the terse v3 line becomes the struct dd_result: counts, IOPS,
 *           MB/s, runtime, lat (fio's `lat`, lat_percentiles=1) min, max,
 *           mean, stdev and the 17 percentiles at hist_default_pcts per
 *           direction, combined for mixes (mean by I/O count, pooled stdev;
 *           each percentile the larger direction's: without bins the mix's
 *           own is unknown, and it lies between the two, so the larger is
 *           an upper bound; res->message says so); CPU usr/sys; the histograms stay
 *           empty (terse has no bins: a result's hist has no samples, and
 *           the recorder stores has_bins false).  Percentiles are whole
 *           microseconds (terse prints ns / 1000).
 *
 * Failure is per target and never hangs: every wait is a poll on the
 * client's pipes, the cancel fd and a deadline.  A failed run sets
 * res->status and err to one of these, with one sentence naming HOST:PORT:
 *   -ENOENT        no fio binary here ("fio is not installed")
 *   -ECONNREFUSED  nothing listens at HOST:PORT
 *   -ETIMEDOUT     no answer within connect_timeout_s, or no ETA line and
 *                  no output for stall_timeout_s while the point runs
 *   -ECONNRESET    the server went away mid-run
 *   -EPROTO        the peer does not speak fio's protocol, or another
 *                  version of it (the sentence gives both when fio says)
 *   -EBADMSG       fio's output did not parse (the offending text quoted)
 *   -EIO           fio ran the job and reported an error (err=N, its text)
 *   -ERANGE        the figures are impossible (io/figures.h: an infinite or
 *                  negative figure, a percentile above the max, IOPS that
 *                  do not match the I/Os over the runtime): any server can
 *                  print any terse line through the client (its TEXT
 *                  command), so a server's figures are checked like an
 *                  imported file's; the sentence names the field and value
 *   -EHOSTUNREACH  the host name does not resolve, or no route to it
 *                  (state "failed")
 * dd_fio_state_name() names them for tables and JSON.  Cancelling sends the
 * client SIGINT (fio then stops the server's jobs), SIGKILL after a grace
 * period; the subprocess is always reaped.
 *
 * Safety: drivedash cannot inspect a remote drive, so writes are the
 * caller's decision (core/fleet.c asks --allow-write and a confirmation per
 * host).  open with writable false makes check refuse any writing point.
 * fio itself refuses to write to a mounted device (allow_mounted_write=0,
 * its default, which the job never changes); it does not know about
 * unmounted filesystems, LVM or RAID members, or swap.
 *
 * Identity: what fio reports of the far side is the server's host name,
 * fio version, OS and arch (the client's "hostname=..." line) and the
 * disk_util device names at the end of a terse line; never a model,
 * serial or capacity.
 */
#ifndef DD_FIO_H
#define DD_FIO_H

#include <stdbool.h>
#include <stdint.h>

#include "lib/error.h"
#include "io/backend.h"
#include "io/engine.h"

#define DD_FIO_DEFAULT_PORT 8765

extern const struct dd_backend_ops dd_backend_fio;

/* Process-wide settings, set before any target opens (tests, --fio). */
struct dd_fio_config {
	const char *fio;		/* the client binary; NULL: "fio" in PATH */
	double	    connect_timeout_s;	/* 0: 10 s */
	double	    stall_timeout_s;	/* 0: 15 s */
	double	    kill_grace_s;	/* 0: 3 s */
};
void dd_fio_configure(const struct dd_fio_config *c);

/* What the last run on a target learnt of the server ("" unknown). */
struct dd_fio_identity {
	char server_host[256];	/* hostname=... */
	char fio_version[32];	/* "fio-3.33" */
	char os[32], arch[32];
	char disk[64];		/* the last disk_util name ("zram0"), "" none */
};

/* Copy a fio target's identity; false for other targets or none yet.
 * Any thread (the backend keeps it under a lock). */
bool dd_fio_identity(const struct dd_target *t, struct dd_fio_identity *out);

/* Give an open fio target its size in bytes (from detect data or the
 * hosts file) before the plan is resolved against it. */
void dd_fio_set_size(struct dd_target *t, uint64_t size);

/* Give the class the jobs are written for (engine_point_mode's choices),
 * else a loopback host's path is classified here and others are NVMe. */
void dd_fio_set_class(struct dd_target *t, enum dd_target_class tc);

/* Split "fio://HOST[:PORT]/PATH": host (brackets removed), port, path and
 * fio's --client form ("HOST,PORT" or "ip6:HOST,PORT").  0, or -EINVAL
 * with err saying what is wrong. */
struct dd_fio_addr {
	char	 host[256];
	unsigned port;
	bool	 ipv6;
	char	 path[4096];
	char	 client[300];
};
int dd_fio_parse_url(const char *url, struct dd_fio_addr *out, struct dd_error *err);

/* "refused", "timeout", "lost", "protocol", "bad output", "failed", "no fio"
 * for the statuses above; "failed" for any other negative; "ok" for 0. */
const char *dd_fio_state_name(int status);

/* The parsers, exposed for tests.  One ETA line (without its "\r" or
 * "\n") into an interval (t_s is left to the caller) and the point's
 * progress 0..1 (-1 when fio prints "-.-%"): 1 parsed, 0 not an ETA line,
 * -EBADMSG malformed.  One terse v3 line into r's figures (r->point must
 * already hold the point: I/O counts come from KiB / bs, mixes are combined
 * by those counts): 0 (a job error in the line sets r->status -EIO and
 * r->message), or -EBADMSG with err quoting the field that did not parse. */
int dd_fio_parse_eta(const char *line, struct dd_interval *iv, double *progress);
int dd_fio_parse_terse(const char *line, struct dd_result *r, struct dd_error *err);

/* The fio version this machine's client runs ("fio-3.33"), or "" when
 * fio cannot be run (cached after the first call). */
const char *dd_fio_client_version(void);

#endif
