/*
 * The measurement path shared by `run`, `check` and the dashboard (the
 * steps are listed in session.h).  A struct session is the user's options,
 * the resolved target (kind, kernel names, the filesystem a file lives on,
 * one-line description) and whether we created a scratch file.  Resolution
 * only looks (stat, realpath, sysfs, mountinfo through src/io/safety.h);
 * session_open is the first step that creates or opens anything.
 */
#include "config.h"

#include <errno.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "core/session.h"
#include "lib/file.h"
#include "io/backend.h"
#include "io/safety.h"

/* Filesystems that hold no files to measure. */
static const char *const session_pseudo_fs[] = {
	"devtmpfs", "proc", "sysfs", "devpts", "debugfs", "tracefs", "securityfs",
	"cgroup", "cgroup2", "configfs", "pstore", "bpf", "efivarfs", "fusectl",
	"mqueue", "binfmt_misc", "autofs", "hugetlbfs", "rpc_pipefs", NULL,
};

/* The backend of local targets: the default one, the io_uring engine. */
static const struct dd_backend_ops *
session_backend(void)
{
	return dd_backends[0];
}

/* The kind as JSON and the tables name it. */
const char *
session_kind_name(enum session_kind k)
{
	return k == SESSION_BLOCK ? "block" : k == SESSION_SCRATCH ? "scratch" : "file";
}

/* Is path p equal to dir or below it? */
static bool
session_under(const char *p, const char *dir)
{
	size_t n = strlen(dir);

	return strncmp(p, dir, n) == 0 && (p[n] == '\0' || p[n] == '/');
}

/* The first line of a sysfs file (lib/file's reader); false when absent or empty. */
static bool
session_read_sysfs(const char *path, char *buf, size_t len)
{
	return file_read_line(path, buf, len) == 0 && buf[0] != '\0';
}

/* Does a bare name look like a kernel block device ("nvme0n1", "sdb")? */
static bool
session_looks_like_device(const char *name)
{
	static const char *const prefixes[] = {
		"nvme", "sd", "vd", "hd", "xvd", "loop", "zram", "md", "dm-", "mmcblk",
		"nbd", "ram", "pmem", NULL,
	};
	char sys[PATH_MAX];

	if (strchr(name, '/') != NULL || strchr(name, '.') != NULL)
		return false;
	snprintf(sys, sizeof sys, "/sys/class/block/%s", name);
	if (access(sys, F_OK) == 0)
		return true;
	for (size_t i = 0; prefixes[i] != NULL; i++)
		if (strncmp(name, prefixes[i], strlen(prefixes[i])) == 0)
			return true;
	return false;
}

/* Is a missing path one we may create a file at?  0, or -ENOENT/-EINVAL
 * with err saying why not. */
static int
session_check_file_path(const char *path, struct dd_error *err)
{
	char		    dir[PATH_MAX];
	struct stat	    st, dev;
	struct safety_mount m;

	if (session_under(path, "/sys") || session_under(path, "/proc"))
		return dd_error_set(err, -ENOENT, "%s does not exist, and /sys and /proc hold no "
				    "files to measure", path);
	if (session_looks_like_device(path))
		return dd_error_set(err, -ENOENT, "%s does not exist; a block device is named "
				    "/dev/%s (`drivedash detect` lists the drives)", path, path);
	dd_strlcpy(dir, path, sizeof dir);
	dd_strlcpy(dir, dirname(dir), sizeof dir);
	if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode))
		return dd_error_set(err, -ENOENT, "%s does not exist, and neither does its "
				    "directory %s", path, dir);
	/* Under /dev only another filesystem (/dev/shm) holds files. */
	if (session_under(path, "/dev") && stat("/dev", &dev) == 0 && dev.st_dev == st.st_dev)
		return dd_error_set(err, -ENOENT, "%s does not exist: there is no such device "
				    "(`drivedash detect` lists the drives; --scratch PATH makes "
				    "a scratch file)", path);
	if (safety_file_mount(dir, &m) == 0)
		for (size_t i = 0; session_pseudo_fs[i] != NULL; i++)
			if (strcmp(m.fstype, session_pseudo_fs[i]) == 0)
				return dd_error_set(err, -EINVAL, "%s does not exist, and %s is on "
						    "%s, not a filesystem for files", path, dir,
						    m.fstype);
	return 0;
}

/* Kernel name, disk and sysfs model of a block device. */
static void
session_describe_block(struct session_target *t)
{
	char sys[PATH_MAX], real[PATH_MAX], buf[PATH_MAX + 32];
	char backing[256] = "";

	dd_strlcpy(buf, t->canonical, sizeof buf);
	dd_strlcpy(t->name, basename(buf), sizeof t->name);
	dd_strlcpy(t->disk, t->name, sizeof t->disk);
	/* A partition: its sysfs directory sits in its disk's. */
	snprintf(sys, sizeof sys, "/sys/class/block/%s", t->name);
	if (realpath(sys, real) != NULL) {
		snprintf(buf, sizeof buf, "%s/partition", real);
		if (access(buf, F_OK) == 0)
			dd_strlcpy(t->disk, basename(dirname(real)), sizeof t->disk);
	}
	snprintf(buf, sizeof buf, "/sys/class/block/%s/device/model", t->disk);
	session_read_sysfs(buf, t->model, sizeof t->model);
	snprintf(buf, sizeof buf, "/sys/class/block/%s/loop/backing_file", t->disk);
	session_read_sysfs(buf, backing, sizeof backing);
	if (t->model[0] != '\0')
		snprintf(t->description, sizeof t->description, "block device %s (%s)", t->name,
			 t->model);
	else if (backing[0] != '\0')
		snprintf(t->description, sizeof t->description, "block device %s (loop over %s)",
			 t->name, backing);
	else
		snprintf(t->description, sizeof t->description, "block device %s", t->name);
}

/* The filesystem a file (or, not yet created, its directory) lives on. */
static void
session_describe_file(struct session_target *t)
{
	char		    dir[PATH_MAX];
	struct safety_mount m;
	const char	   *what = t->kind == SESSION_SCRATCH ? "scratch file" : "file";
	int		    rc;

	if (t->kind == SESSION_SCRATCH) {
		dd_strlcpy(dir, t->path, sizeof dir);
		rc = safety_file_mount(dirname(dir), &m);
	} else {
		rc = safety_file_mount(t->canonical, &m);
	}
	if (rc < 0) {
		snprintf(t->description, sizeof t->description, "%s (filesystem unknown)", what);
		return;
	}
	snprintf(t->fs_source, sizeof t->fs_source, "%.255s", m.source);
	snprintf(t->fs_type, sizeof t->fs_type, "%s", m.fstype);
	snprintf(t->fs_mount, sizeof t->fs_mount, "%.255s", m.mountpoint);
	snprintf(t->description, sizeof t->description, "%s on %.200s, %.32s mounted at %.200s",
		 what, t->fs_source, t->fs_type, t->fs_mount);
}

/* Resolve an existing path: a block device or a regular file. */
static int
session_resolve_existing(struct session_target *t, const struct stat *st, bool block_only,
			 struct dd_error *err)
{
	if (realpath(t->path, t->canonical) == NULL)
		return dd_error_set(err, -errno, "cannot resolve %s: %s", t->path, strerror(errno));
	if (S_ISBLK(st->st_mode)) {
		t->kind = SESSION_BLOCK;
		session_describe_block(t);
		return 0;
	}
	if (block_only && S_ISREG(st->st_mode))
		return dd_error_set(err, -ENOTBLK, "%s is not a block device; check measures a "
				    "drive (`drivedash run --target` measures files)", t->path);
	if (!S_ISREG(st->st_mode))
		return dd_error_set(err, -EINVAL, "%s is not a block device or a regular file",
				    t->path);
	t->kind = SESSION_FILE;
	session_describe_file(t);
	return 0;
}

/* Resolve one path by the rules in session.h. */
int
session_resolve_path(const char *path, bool scratch, bool block_only,
		     struct session_target *out, struct dd_error *err)
{
	struct stat st;
	int	    rc;

	memset(out, 0, sizeof *out);
	if (path == NULL || path[0] == '\0')
		return dd_error_set(err, -EINVAL, "no target: name a block device or a file");
	dd_strlcpy(out->path, path, sizeof out->path);
	if (stat(path, &st) == 0) {
		if (scratch)
			return dd_error_set(err, -EEXIST, "--scratch %s: that path already exists "
					    "(--target measures it as it is)", path);
		return session_resolve_existing(out, &st, block_only, err);
	}
	if (errno != ENOENT)
		return dd_error_set(err, -errno, "cannot use %s: %s", path, strerror(errno));
	if (block_only)
		return dd_error_set(err, -ENOENT, "%s does not exist; check needs a block device "
				    "such as /dev/nvme0n1", path);
	if ((rc = session_check_file_path(path, err)) < 0)
		return rc;
	out->kind = SESSION_SCRATCH;
	dd_strlcpy(out->canonical, path, sizeof out->canonical);
	session_describe_file(out);
	return 0;
}

/* Steps 1 and 2. */
int
session_resolve(struct session *s, struct dd_error *err)
{
	int rc;

	if (s->o.target != NULL && s->o.scratch != NULL)
		return dd_error_set(err, -EINVAL, "use one of --target and --scratch");
	rc = session_resolve_path(s->o.scratch ? s->o.scratch : s->o.target, s->o.scratch != NULL,
				  s->o.block_only, &s->tgt, err);
	s->resolved = rc == 0;
	return rc;
}

/* The capacity an identity is matched at. */
uint64_t
session_capacity(const struct session_identity *id, uint64_t target_size)
{
	return id->ctrl != NULL ? nvmeinfo_match_capacity(id->ctrl)
	       : id->bdev != NULL ? id->bdev->size_bytes : target_size;
}

/* Match an identity to the database. */
void
session_match(const struct session_identity *id, uint64_t target_size,
	      const struct spec_family *fams, size_t nfams, struct arena *a,
	      struct match_result *out)
{
	uint64_t cap = session_capacity(id, target_size);

	if (id->model != NULL && id->model_source != NULL &&
	    strcmp(id->model_source, "option") == 0)
		session_match_text(id->model, cap, fams, nfams, a, out);
	else
		match_model(fams, nfams, id->model, cap, out);
}

/* A matched capacity point d of family fam, named by id or query. */
static int
session_match_drive(const struct spec_family *fam, const struct spec_drive *d,
		    struct match_result *out)
{
	out->rule = MATCH_QUERY;
	out->family = fam;
	out->drive = d;
	out->sku = NULL;
	out->ncandidates = 1;
	out->inferred_only = false;
	specdb_drive_label(fam, d, true, out->label, sizeof out->label);
	return 1;
}

/* The text as a query: one capacity point, or a family that has only one. */
static int
session_match_query(const char *q, const struct spec_family *fams, size_t nfams,
		    struct arena *a, struct match_result *out)
{
	struct spec_answer	  ans = { 0 };
	struct dd_error		  e = { 0 };
	const struct spec_drive	 *d = NULL;
	const struct spec_family *fam;

	if (specdb_query_families(fams, nfams, q, a, &ans, &e) < 0 ||
	    ans.kind == SPEC_ANSWER_NONE) {
		snprintf(out->label, sizeof out->label, "'%.100s' names no drive in the database", q);
		return 0;
	}
	if (ans.kind != SPEC_ANSWER_ONE) {
		size_t o = (size_t)snprintf(out->label, sizeof out->label,
					    "'%.60s' names %zu drives, not one:", q, ans.ncands);

		for (size_t i = 0; i < ans.ncands && o < sizeof out->label; i++)
			o += (size_t)snprintf(out->label + o, sizeof out->label - o, "%s %s",
					      i ? "," : "", ans.cands[i].label);
		return 0;
	}
	fam = specdb_find_family(fams, nfams, ans.cands[0].family_id);
	if (ans.cands[0].drive_id != NULL)
		fam = specdb_find_drive(fams, nfams, ans.cands[0].drive_id, &d);
	else if (fam != NULL && fam->ndrives == 1)
		d = &fam->drives[0];
	if (fam == NULL || d == NULL) {
		snprintf(out->label, sizeof out->label, "'%.40s' names %.30s %.40s but not one "
			 "capacity point (add the capacity)", q, fam ? fam->vendor : "",
			 fam ? fam->name : ans.cands[0].family_id);
		return 0;
	}
	return session_match_drive(fam, d, out);
}

/* Typed text: model string, database id, query. */
int
session_match_text(const char *text, uint64_t capacity, const struct spec_family *fams,
		   size_t nfams, struct arena *a, struct match_result *out)
{
	const struct spec_family *fam, *nearest;
	const struct spec_drive	 *d;

	memset(out, 0, sizeof *out);
	if (text == NULL || text[0] == '\0')
		return 0;
	if (match_model(fams, nfams, text, capacity, out) == 1)
		return 1;
	nearest = out->nearest;
	memset(out, 0, sizeof *out);
	out->nearest = nearest;
	if ((fam = specdb_find_drive(fams, nfams, text, &d)) != NULL)
		return session_match_drive(fam, d, out);
	return session_match_query(text, fams, nfams, a, out);
}

/* Find a disk in a discovery. */
void
session_find(const char *disk, const struct nvmeinfo *info, const struct nvmeinfo_ctrl **ctrl,
	     const struct nvmeinfo_ns **ns, const struct nvmeinfo_blockdev **bdev)
{
	if (ctrl != NULL)
		*ctrl = NULL;
	if (ns != NULL)
		*ns = NULL;
	if (bdev != NULL)
		*bdev = NULL;
	for (size_t i = 0; ctrl != NULL && i < info->nctrls && *ctrl == NULL; i++)
		for (size_t k = 0; k < info->ctrls[i].nnamespaces; k++) {
			const struct nvmeinfo_ns *n = &info->ctrls[i].namespaces[k];

			if (n->name != NULL && strcmp(n->name, disk) == 0) {
				*ctrl = &info->ctrls[i];
				if (ns != NULL)
					*ns = n;
				break;
			}
		}
	for (size_t i = 0; bdev != NULL && i < info->nblockdevs; i++)
		if (strcmp(info->blockdevs[i].name, disk) == 0)
			*bdev = &info->blockdevs[i];
}

/* Step 3. */
void
session_identify(const struct session *s, const char *model_override, struct arena *a,
		 struct session_identity *id)
{
	struct dd_error err = { 0 };

	memset(id, 0, sizeof *id);
	if (s->tgt.kind == SESSION_BLOCK) {
		if (nvmeinfo_scan(NULL, a, &id->info, &err) == 0) {
			id->scanned = true;
			session_find(s->tgt.disk, &id->info, &id->ctrl, &id->ns, &id->bdev);
		} else {
			dd_strlcpy(id->scan_note, err.msg, sizeof id->scan_note);
		}
	}
	if (model_override != NULL) {
		id->model = model_override;
		id->model_source = "option";
	} else if (id->ctrl != NULL && id->ctrl->model != NULL) {
		id->model = id->ctrl->model;
		id->model_source = "nvme";
	} else if (id->bdev != NULL && id->bdev->model != NULL) {
		id->model = id->bdev->model;
		id->model_source = "sysfs";
	}
}

/* May a plan that writes run without --allow-write? */
bool
session_writes_free(const struct session *s)
{
	return s->tgt.kind == SESSION_SCRATCH || (s->tgt.kind == SESSION_FILE && s->o.owned);
}

/* Step 4: the write rules, the same for every front end. */
static int
session_check_writes(const struct session *s, const struct dd_plan *plan, struct dd_error *err)
{
	if (!plan_writes(plan) || session_writes_free(s))
		return 0;
	if (s->tgt.kind == SESSION_FILE && !s->o.allow_write)
		return dd_error_set(err, -EPERM, "the plan writes, which overwrites %s; pass "
				    "--allow-write", s->tgt.path);
	if (s->tgt.kind != SESSION_BLOCK)
		return 0;
	if (!s->o.allow_write)
		return dd_error_set(err, -EPERM, "the plan writes, which destroys data on %s; pass "
				    "--allow-write (or use a read-only preset)", s->tgt.path);
	/* The device itself is judged once it is open (session_open_target). */
	return 0;
}

/* The name of the node open on fd (what was really opened), into buf. */
static void
session_fd_path(int fd, const char *fallback, char *buf, size_t len)
{
	char	link[64];
	ssize_t n;

	snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
	n = readlink(link, buf, len - 1);
	if (n <= 0)
		dd_strlcpy(buf, fallback, len);
	else
		buf[n] = '\0';
}

/* Judge the node open on t->fd, which the sweep will write; held: opened
 * O_EXCL.  0, or the refusal (with what to type, where an override applies). */
static int
session_judge_fd(const struct session *s, const struct dd_target *t, bool held,
		 struct dd_error *err)
{
	char		  node[PATH_MAX];
	struct dd_safety *sf = malloc(sizeof *sf);
	int		  rc;

	if (sf == NULL)
		return dd_error_set(err, -ENOMEM, "out of memory");
	session_fd_path(t->fd, s->tgt.canonical, node, sizeof node);
	safety_check_fd(t->fd, node, held, sf);
	rc = safety_override(sf, s->o.force, s->o.confirm, err);
	if (rc < 0 && sf->reason == DD_SAFE_BUSY)
		rc = -EAGAIN;	/* only busy: perhaps a passing udev probe */
	free(sf);
	return rc;
}

/* Open a block device to write O_EXCL; when someone else holds it, judge
 * it on a read-only descriptor.  0 with t open, or the refusal (-EAGAIN:
 * busy and nothing else, err set). */
static int
session_open_block_write(const struct session *s, struct dd_target *t, struct dd_error *err)
{
	bool held = true;
	int  rc = dd_backend_open(session_backend(), t, s->tgt.path, true, err);

	if (rc == -EBUSY) {
		held = false;
		rc = dd_backend_open(session_backend(), t, s->tgt.path, false, err);
	}
	if (rc < 0)
		return rc;
	if ((rc = session_judge_fd(s, t, held, err)) == 0 && !t->writable)
		rc = dd_backend_of(t)->reopen(t, true, false, err);	/* overridden */
	if (rc < 0)
		dd_backend_of(t)->close(t);
	return rc;
}

/*
 * Is the file open on t->fd really the one we own at s->tgt.path (a scratch
 * file created here, or the dashboard's default scratch path)?  Such a file
 * is written without --allow-write, so a link or a second name planted at
 * that path must not pass: the path itself (not followed) is a regular file
 * of our user with one name, and it is the node open on t->fd.
 */
static int
session_check_ours(const struct session *s, const struct dd_target *t, struct dd_error *err)
{
	struct stat ls, fs;

	if (lstat(s->tgt.path, &ls) != 0 || fstat(t->fd, &fs) != 0)
		return dd_error_set(err, -errno, "cannot check %s: %s", s->tgt.path,
				    strerror(errno));
	if (S_ISLNK(ls.st_mode))
		return dd_error_set(err, -EPERM, "%s is a symbolic link, not drivedash's scratch "
				    "file: refusing to write through it (remove it, or name the "
				    "file with --target and --allow-write)", s->tgt.path);
	if (!S_ISREG(ls.st_mode) || ls.st_dev != fs.st_dev || ls.st_ino != fs.st_ino)
		return dd_error_set(err, -EPERM, "%s changed while it was opened: refusing to "
				    "write to it as drivedash's scratch file", s->tgt.path);
	if (ls.st_uid != geteuid() || ls.st_nlink != 1)
		return dd_error_set(err, -EPERM, "%s is not drivedash's scratch file (%s): refusing "
				    "to write to it without --allow-write", s->tgt.path,
				    ls.st_uid != geteuid() ? "another user owns it"
				    : "it has another name, a hard link");
	return 0;
}

/*
 * Step 4 on the open target: open the target once and judge what was
 * opened, never the path again.  A block device to write is opened O_EXCL
 * (held for the whole sweep); when someone else holds it, a read-only
 * descriptor names who, and an override reopens that same node writable.
 */
static int
session_open_target(struct session *s, bool writes, struct dd_target *t,
		    struct dd_error *err)
{
	int rc;

	if (writes && s->tgt.kind == SESSION_BLOCK) {
		/* udev probes a device briefly (O_EXCL) after a writer closes
		 * it: a device that is only busy is tried for up to 2 s. */
		for (int i = 0; i < 20; i++) {
			if ((rc = session_open_block_write(s, t, err)) != -EAGAIN)
				return rc;
			usleep(100 * 1000);
		}
		return -EBUSY;
	}
	rc = dd_backend_open(session_backend(), t, s->tgt.path, writes, err);
	if (rc < 0 || !writes)
		return rc;
	if (session_writes_free(s))
		return session_check_ours(s, t, err);
	return session_judge_fd(s, t, true, err);
}

/*
 * Steps 1 and 2 again, from what was opened: the kind, kernel name, disk,
 * model and filesystem of the node open on t->fd (fstat's st_rdev ->
 * /sys/dev/block/MAJ:MIN, the file's own name through /proc/self/fd),
 * never the path resolved again, so a link flipped between resolve and
 * open cannot make us print, judge or store a device other than the one
 * written.  A target that turned from a device into a file (or back) while
 * it was opened is refused.  A scratch file created here stays as resolved.
 */
static int
session_describe_opened(struct session *s, const struct dd_target *t, struct dd_error *err)
{
	struct session_target *g = &s->tgt;
	char		       link[64], real[PATH_MAX];
	struct stat	       st;
	bool		       block;

	if (g->kind == SESSION_SCRATCH)
		return 0;
	if (fstat(t->fd, &st) < 0)
		return dd_error_set(err, -errno, "cannot stat %s: %s", g->path, strerror(errno));
	block = S_ISBLK(st.st_mode);
	if (block != (g->kind == SESSION_BLOCK) || (!block && !S_ISREG(st.st_mode)))
		return dd_error_set(err, -EAGAIN, "%s changed while it was opened (it was %s, "
				    "and %s was opened): nothing was measured", g->path,
				    g->kind == SESSION_BLOCK ? "a block device" : "a file",
				    file_kind(st.st_mode));
	if (block) {
		snprintf(link, sizeof link, "/sys/dev/block/%u:%u", major(st.st_rdev),
			 minor(st.st_rdev));
		if (realpath(link, real) == NULL)
			return dd_error_set(err, -errno, "cannot find the device opened for %s in "
					    "/sys/dev/block: %s", g->path, strerror(errno));
		snprintf(g->canonical, sizeof g->canonical, "/dev/%s", file_base(real));
		g->model[0] = '\0';
		session_describe_block(g);
		return 0;
	}
	session_fd_path(t->fd, g->canonical, real, sizeof real);
	dd_strlcpy(g->canonical, real, sizeof g->canonical);
	g->fs_source[0] = g->fs_type[0] = g->fs_mount[0] = '\0';
	session_describe_file(g);
	return 0;
}

/* Step 5: a fresh scratch file is written once before it is measured
 * (unless the plan already preconditions or is one sequential write). */
static void
session_precondition(const struct dd_target *t, struct dd_plan *plan)
{
	if (plan->precondition_passes == 0 && t->size >= 128 * 1024 &&
	    !(plan->npoints == 1 && plan->points[0].pattern == DD_WRITE))
		plan->precondition_passes = 1;
}

/* Step 6: every point against the open target, by its backend's check. */
int
session_check_points(const struct dd_plan *plan, const struct dd_target *t,
		     struct dd_error *err)
{
	struct dd_error why = { 0 };

	for (size_t i = 0; i < plan->npoints; i++) {
		int rc = dd_backend_of(t)->check(&plan->points[i], t, &why);

		if (rc < 0)
			return dd_error_set(err, rc, "point %zu (%s): %.400s", i + 1,
					    plan->points[i].name, why.msg);
	}
	return 0;
}

/* Step 6 begins: resolve the plan against the open target (checkpoint
 * templates, whole-target cliffs, a scratch file's regions; plan.h), then
 * check every point. */
static int
session_resolve_points(struct dd_plan *plan, const struct dd_target *t,
		       struct dd_error *err)
{
	int rc = plan_resolve(plan, t->size, t->is_scratch, err);

	return rc < 0 ? rc : session_check_points(plan, t, err);
}

/* A block device the user may not open: say what opening one takes. */
static int
session_access_hint(const struct session *s, int rc, struct dd_error *err)
{
	char msg[sizeof err->msg];

	if (rc != -EACCES || s->tgt.kind != SESSION_BLOCK || err == NULL)
		return rc;
	/* err->msg cannot be both the format's argument and its output. */
	dd_strlcpy(msg, err->msg, sizeof msg);
	return dd_error_set(err, rc, "%.400s (opening a block device needs root or "
			    "membership of its group, usually 'disk')", msg);
}

/* Steps 4 to 6. */
int
session_open(struct session *s, struct dd_plan *plan, struct dd_target *t,
	     struct dd_error *err)
{
	bool writes = plan_writes(plan);
	int  rc;

	if (!s->resolved && (rc = session_resolve(s, err)) < 0)
		return rc;
	if ((rc = session_check_writes(s, plan, err)) < 0)
		return session_access_hint(s, rc, err);
	t->fd = -1;
	if (s->tgt.kind == SESSION_SCRATCH && !s->o.keep) {
		/* Unnamed when it is not to be kept: nothing to remove, ever. */
		rc = session_backend()->scratch_open(t, s->tgt.path, s->o.size ? s->o.size
						     : SESSION_DEFAULT_SCRATCH, err);
		if (rc == 0) {
			s->created = s->unnamed = true;
			t->is_scratch = true;
			session_precondition(t, plan);
			rc = session_resolve_points(plan, t, err);
			goto out;
		}
		if (rc != -EOPNOTSUPP)
			return rc;
	}
	if (s->tgt.kind == SESSION_SCRATCH) {
		rc = session_backend()->scratch_create(s->tgt.path, s->o.size ? s->o.size
							 : SESSION_DEFAULT_SCRATCH, err);
		if (rc < 0)
			return rc;
		s->created = true;
		writes = true;	/* the preconditioning pass writes it */
	}
	rc = session_access_hint(s, session_open_target(s, writes, t, err), err);
	if (rc == 0)
		rc = session_describe_opened(s, t, err);
	if (rc == 0) {
		t->is_scratch = s->created || (s->tgt.kind == SESSION_FILE && s->o.owned);
		if (s->created)
			session_precondition(t, plan);
		rc = session_resolve_points(plan, t, err);
	}
out:
	if (rc < 0) {
		bool keep = s->o.keep;

		s->o.keep = false;
		session_close(s, t);
		s->o.keep = keep;
	}
	return rc;
}

/* Step 7 without waiting. */
int
session_start(const struct dd_target *t, const struct dd_plan *plan, struct sweep **out,
	      struct dd_error *err)
{
	return session_start_with(t, plan, NULL, NULL, out, err);
}

/* Step 7 with a caller's hook between the sweep's creation and its start. */
int
session_start_with(const struct dd_target *t, const struct dd_plan *plan,
		   void (*before)(void *arg, struct sweep *sw), void *arg, struct sweep **out,
		   struct dd_error *err)
{
	int rc = sweep_create(out, t, plan, err);

	if (rc == 0 && before != NULL)
		before(arg, *out);
	if (rc == 0 && (rc = sweep_start(*out, err)) < 0) {
		sweep_destroy(*out);
		*out = NULL;
	}
	return rc;
}

/* Step 9. */
void
session_close(struct session *s, struct dd_target *t)
{
	if (t->fd >= 0)
		dd_backend_of(t)->close(t);
	t->fd = -1;
	if (s->created && !s->o.keep && !s->unnamed)
		unlink(s->tgt.path);
	s->created = s->unnamed = false;
}
