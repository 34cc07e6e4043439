/*
 * Write safety checks.  The unit of work is a set of device numbers: the
 * target itself and, when the target is a whole disk, each of its partitions
 * (found as sysfs children that have a "partition" file).  Mounts, swap and
 * holders are looked up for every member of the set, by dev_t, so /dev/sdb
 * is refused while /dev/sdb1 is mounted however either was spelt.  The
 * partition-table and signature checks are libblkid probes of the target
 * alone, and the last check is an exclusive open, which catches claims made
 * in other mount namespaces or by programs we know nothing about.  Nothing
 * here writes: the exclusive open is closed untouched.
 */
#include "config.h"

#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/types.h>

#include <blkid.h>
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "safety.h"
#include "lib/file.h"

/* One member of the checked set: the target or one of its partitions. */
struct safety_dev {
	dev_t	dev;
	char	name[64];
};

/* The target and, for a whole disk, its partitions. */
struct safety_set {
	char			 sysdir[PATH_MAX];	/* sysfs dir of the target */
	struct safety_dev	*devs;			/* devs[0] is the target */
	size_t			 n, cap;
};

/* Record a verdict in *out and return it. */
static int
safety_set_verdict(struct dd_safety *out, int verdict,
		   enum dd_safety_reason reason, const char *holder,
		   const char *fmt, ...) __attribute__((format(printf, 5, 6)));

/* Record a verdict in *out and return it. */
static int
safety_set_verdict(struct dd_safety *out, int verdict,
		   enum dd_safety_reason reason, const char *holder,
		   const char *fmt, ...)
{
	va_list ap;

	out->verdict = verdict;
	out->reason = reason;
	snprintf(out->holder, sizeof out->holder, "%s", holder ? holder : "");
	va_start(ap, fmt);
	vsnprintf(out->message, sizeof out->message, fmt, ap);
	va_end(ap);
	return verdict;
}

/* Undo the octal escapes (\040 ...) the kernel puts in mount and swap paths. */
static void
safety_unescape_path(char *s)
{
	char *r = s, *w = s;

	while (*r != '\0') {
		if (r[0] == '\\' && r[1] >= '0' && r[1] <= '3' &&
		    r[2] >= '0' && r[2] <= '7' && r[3] >= '0' && r[3] <= '7') {
			*w++ = (char)((r[1] - '0') * 64 + (r[2] - '0') * 8 + (r[3] - '0'));
			r += 4;
		} else
			*w++ = *r++;
	}
	*w = '\0';
}

/* Open the node already open on fd again, with flags, through its
 * /proc/self/fd magic link (the same inode whatever the path now names);
 * the new descriptor or negative errno. */
static int
safety_reopen(int fd, int flags)
{
	char link[64];
	int  nfd;

	snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
	nfd = open(link, flags | O_CLOEXEC | O_NONBLOCK);
	return nfd >= 0 ? nfd : -errno;
}

/* Add a device to the set; 0 or -ENOMEM. */
static int
safety_add_dev(struct safety_set *set, dev_t dev, const char *name)
{
	struct safety_dev *d;

	if (set->n == set->cap) {
		size_t ncap = set->cap ? set->cap * 2 : 8;

		d = realloc(set->devs, ncap * sizeof *d);
		if (d == NULL)
			return -ENOMEM;
		set->devs = d;
		set->cap = ncap;
	}
	d = &set->devs[set->n++];
	d->dev = dev;
	snprintf(d->name, sizeof d->name, "%s", name);
	return 0;
}

/* Find a device number in the set; its index or -1. */
static int
safety_find_dev(const struct safety_set *set, dev_t dev)
{
	size_t i;

	for (i = 0; i < set->n; i++) {
		if (set->devs[i].dev == dev)
			return (int)i;
	}
	return -1;
}

/* Read the first non-empty serial or wwid sysfs offers for a disk. */
static void
safety_read_serial(const char *sysdir, char *buf, size_t len)
{
	static const char *const files[] = {
		"device/serial", "serial", "device/wwid", "wwid",
	};
	char	path[PATH_MAX + 32];
	size_t	i;

	buf[0] = '\0';
	for (i = 0; i < sizeof files / sizeof files[0]; i++) {
		snprintf(path, sizeof path, "%s/%s", sysdir, files[i]);
		if (file_read_line(path, buf, len) == 0 && buf[0] != '\0')
			return;
		buf[0] = '\0';
	}
}

/* Find the target's sysfs dir, name and partitions; 0 or negative errno. */
static int
safety_load_set(struct safety_set *set, dev_t dev, struct dd_safety *out)
{
	char		 link[64], path[PATH_MAX + 300], devno[32];
	char		*slash;
	DIR		*dir;
	struct dirent	*de;
	unsigned	 maj, min;
	int		 rc;

	snprintf(link, sizeof link, "/sys/dev/block/%u:%u", major(dev), minor(dev));
	if (realpath(link, set->sysdir) == NULL)
		return -errno;
	slash = strrchr(set->sysdir, '/');
	snprintf(out->name, sizeof out->name, "%s", slash + 1);
	if ((rc = safety_add_dev(set, dev, out->name)) != 0)
		return rc;

	snprintf(path, sizeof path, "%s/partition", set->sysdir);
	if (access(path, F_OK) == 0) {
		/* A partition: its own target, no serial of its own. */
		out->is_partition = true;
		*slash = '\0';
		snprintf(out->parent, sizeof out->parent, "%s", strrchr(set->sysdir, '/') + 1);
		*slash = '/';
		return 0;
	}
	safety_read_serial(set->sysdir, out->serial, sizeof out->serial);

	if ((dir = opendir(set->sysdir)) == NULL)
		return -errno;
	while ((de = readdir(dir)) != NULL) {
		if (de->d_name[0] == '.')
			continue;
		snprintf(path, sizeof path, "%s/%s/partition", set->sysdir, de->d_name);
		if (access(path, F_OK) != 0)
			continue;
		snprintf(path, sizeof path, "%s/%s/dev", set->sysdir, de->d_name);
		if (file_read_line(path, devno, sizeof devno) != 0 ||
		    sscanf(devno, "%u:%u", &maj, &min) != 2)
			continue;
		if ((rc = safety_add_dev(set, makedev(maj, min), de->d_name)) != 0) {
			closedir(dir);
			return rc;
		}
	}
	closedir(dir);
	return 0;
}

/* Name a set member for a message: the target's path, or "partition X of it". */
static const char *
safety_member_label(const struct dd_safety *out, const struct safety_set *set,
		    int i, char *buf, size_t len)
{
	if (i == 0)
		snprintf(buf, len, "%s", out->canonical);
	else
		snprintf(buf, len, "partition %s of %s", set->devs[i].name,
			 out->canonical);
	return buf;
}

/*
 * Parse one /proc/self/mountinfo line into *m; false for a malformed one.
 * The line is "id parent maj:min root mountpoint opts [optional...] -
 * fstype source super"; paths are unescaped.
 */
static bool
safety_parse_mount(char *line, struct safety_mount *m)
{
	char *p, *mnt, *sep, *save, *fstype = NULL, *src = NULL;

	if ((p = strtok_r(line, " \n", &save)) == NULL ||
	    strtok_r(NULL, " \n", &save) == NULL ||
	    (p = strtok_r(NULL, " \n", &save)) == NULL ||
	    sscanf(p, "%u:%u", &m->major, &m->minor) != 2 ||
	    strtok_r(NULL, " \n", &save) == NULL ||
	    (mnt = strtok_r(NULL, " \n", &save)) == NULL)
		return false;
	while ((sep = strtok_r(NULL, " \n", &save)) != NULL) {
		if (strcmp(sep, "-") == 0) {
			fstype = strtok_r(NULL, " \n", &save);
			src = strtok_r(NULL, " \n", &save);
			break;
		}
	}
	safety_unescape_path(mnt);
	snprintf(m->mountpoint, sizeof m->mountpoint, "%s", mnt);
	snprintf(m->fstype, sizeof m->fstype, "%s", fstype ? fstype : "");
	if (src != NULL)
		safety_unescape_path(src);
	snprintf(m->source, sizeof m->source, "%s", src ? src : "");
	return true;
}

/* Call fn for every mount until it returns non-zero. */
int
safety_mount_each(int (*fn)(const struct safety_mount *m, void *arg), void *arg)
{
	FILE		   *f;
	char		   *line = NULL;
	size_t		    cap = 0;
	struct safety_mount m;
	int		    rc = 0;

	if ((f = fopen("/proc/self/mountinfo", "re")) == NULL)
		return -errno;
	while (rc == 0 && getline(&line, &cap, f) > 0)
		if (safety_parse_mount(line, &m))
			rc = fn(&m, arg);
	free(line);
	fclose(f);
	return rc < 0 ? rc : 0;
}

/* The block device behind a mount: its own dev, else (btrfs and friends
 * report an anonymous dev) the device node its source names. */
static dev_t
safety_mount_dev(const struct safety_mount *m)
{
	struct stat st;

	if (strncmp(m->source, "/dev/", 5) == 0 && stat(m->source, &st) == 0 &&
	    S_ISBLK(st.st_mode))
		return st.st_rdev;
	return makedev(m->major, m->minor);
}

/* State of safety_check_mounts' walk. */
struct safety_mount_walk {
	const struct safety_set *set;
	struct dd_safety	*out;
};

/* Refuse when this mount's source is a member of the set. */
static int
safety_mount_refuse(const struct safety_mount *m, void *arg)
{
	struct safety_mount_walk *w = arg;
	char			  label[PATH_MAX + 128];
	int			  i = safety_find_dev(w->set, makedev(m->major, m->minor));

	if (i < 0)
		i = safety_find_dev(w->set, safety_mount_dev(m));
	if (i < 0)
		return 0;
	return safety_set_verdict(w->out, -EBUSY, DD_SAFE_MOUNTED, m->mountpoint,
	    "%s is mounted at %s",
	    safety_member_label(w->out, w->set, i, label, sizeof label), m->mountpoint);
}

/* Refuse when any set member is a mount source; 0, verdict, or -errno. */
static int
safety_check_mounts(const struct safety_set *set, struct dd_safety *out)
{
	struct safety_mount_walk w = { set, out };
	int			 rc = safety_mount_each(safety_mount_refuse, &w);

	if (rc < 0 && out->reason != DD_SAFE_MOUNTED)
		return safety_set_verdict(out, rc, DD_SAFE_ERROR, NULL,
		    "cannot read /proc/self/mountinfo to check whether %s is mounted: %s",
		    out->canonical, strerror(-rc));
	return rc;
}

/* Refuse when any set member is active swap; 0, verdict, or -errno. */
static int
safety_check_swap(const struct safety_set *set, struct dd_safety *out)
{
	FILE		*f;
	char		 line[PATH_MAX + 128], label[PATH_MAX + 128];
	char		*sp;
	struct stat	 st;
	int		 i, rc = 0;

	if ((f = fopen("/proc/swaps", "re")) == NULL) {
		if (errno == ENOENT)	/* kernel without swap support */
			return 0;
		rc = -errno;
		return safety_set_verdict(out, rc, DD_SAFE_ERROR, NULL,
		    "cannot read /proc/swaps to check whether %s is swap: %s",
		    out->canonical, strerror(-rc));
	}
	while (fgets(line, sizeof line, f) != NULL) {
		if (line[0] != '/')	/* the header */
			continue;
		if ((sp = strpbrk(line, " \t\n")) != NULL)
			*sp = '\0';
		safety_unescape_path(line);
		if (stat(line, &st) != 0 || !S_ISBLK(st.st_mode))
			continue;	/* swap files: safety_swap_file */
		if ((i = safety_find_dev(set, st.st_rdev)) < 0)
			continue;
		rc = safety_set_verdict(out, -EBUSY, DD_SAFE_SWAP, "swap",
		    "%s is active swap (swapoff it first)",
		    safety_member_label(out, set, i, label, sizeof label));
		break;
	}
	fclose(f);
	return rc;
}

/* Is the regular file st describes an active swap file (/proc/swaps, by
 * device and inode)?  false when it is not or /proc/swaps cannot be read. */
static bool
safety_swap_file(const struct stat *st)
{
	FILE	   *f;
	char	    line[PATH_MAX + 128], *sp;
	struct stat ss;
	bool	    found = false;

	if ((f = fopen("/proc/swaps", "re")) == NULL)
		return false;
	while (!found && fgets(line, sizeof line, f) != NULL) {
		if (line[0] != '/')	/* the header */
			continue;
		if ((sp = strpbrk(line, " \t\n")) != NULL)
			*sp = '\0';
		safety_unescape_path(line);
		found = stat(line, &ss) == 0 && S_ISREG(ss.st_mode) && ss.st_dev == st->st_dev &&
			ss.st_ino == st->st_ino;
	}
	fclose(f);
	return found;
}

/* Refuse when any set member has sysfs holders; 0 or verdict. */
static int
safety_check_holders(const struct safety_set *set, struct dd_safety *out)
{
	char		 dirpath[PATH_MAX + 128], label[PATH_MAX + 128];
	char		 what[400], dmname[128], path[PATH_MAX + 128];
	DIR		*dir;
	struct dirent	*de;
	size_t		 i;

	for (i = 0; i < set->n; i++) {
		if (i == 0)
			snprintf(dirpath, sizeof dirpath, "%s/holders", set->sysdir);
		else
			snprintf(dirpath, sizeof dirpath, "%s/%s/holders",
				 set->sysdir, set->devs[i].name);
		if ((dir = opendir(dirpath)) == NULL)
			continue;
		while ((de = readdir(dir)) != NULL) {
			if (de->d_name[0] != '.')
				break;
		}
		if (de == NULL) {
			closedir(dir);
			continue;
		}
		/* Name device-mapper holders by their map name too. */
		snprintf(path, sizeof path, "/sys/class/block/%s/dm/name", de->d_name);
		if (file_read_line(path, dmname, sizeof dmname) == 0 && dmname[0])
			snprintf(what, sizeof what, "%s (%s)", de->d_name, dmname);
		else
			snprintf(what, sizeof what, "%s", de->d_name);
		safety_set_verdict(out, -EBUSY, DD_SAFE_HOLDERS, de->d_name,
		    "%s is held by %s, a device-mapper, md or LVM device built on it",
		    safety_member_label(out, set, (int)i, label, sizeof label), what);
		closedir(dir);
		return out->verdict;
	}
	return 0;
}

/* Refuse on a partition table or a signature libblkid recognises; 0 or verdict.
 * libblkid reads the node open on fd (a buffered descriptor of the same
 * node: the caller's may be O_DIRECT), never a path. */
static int
safety_check_signatures(const struct safety_set *set, int fd, struct dd_safety *out)
{
	blkid_probe	 pr = NULL;
	const char	*type = NULL, *pttype = NULL, *usage = NULL;
	int		 rc, err, bfd;

	errno = 0;
	bfd = safety_reopen(fd, O_RDONLY);
	if (bfd < 0 || (pr = blkid_new_probe()) == NULL ||
	    blkid_probe_set_device(pr, bfd, 0, 0) != 0) {
		err = bfd < 0 ? bfd : -EIO;
		if (bfd >= 0) {
			if (pr != NULL)
				blkid_free_probe(pr);
			close(bfd);
		}
		return safety_set_verdict(out, err, DD_SAFE_ERROR, NULL,
		    "cannot probe %s for signatures: %s", out->canonical,
		    strerror(-err));
	}
	blkid_probe_enable_superblocks(pr, 1);
	blkid_probe_set_superblocks_flags(pr, BLKID_SUBLKS_TYPE | BLKID_SUBLKS_USAGE);
	blkid_probe_enable_partitions(pr, 1);

	rc = blkid_do_safeprobe(pr);
	if (rc == -2) {
		/* Conflicting signatures: look again without the collision check to name one. */
		blkid_reset_probe(pr);
		rc = blkid_do_fullprobe(pr) < 0 ? -1 : -2;
	}
	if (rc == -1) {
		blkid_free_probe(pr);
		close(bfd);
		return safety_set_verdict(out, -EIO, DD_SAFE_ERROR, NULL,
		    "cannot probe %s for signatures: libblkid failed to read it",
		    out->canonical);
	}
	if (rc != 1) {
		blkid_probe_lookup_value(pr, "PTTYPE", &pttype, NULL);
		blkid_probe_lookup_value(pr, "TYPE", &type, NULL);
		blkid_probe_lookup_value(pr, "USAGE", &usage, NULL);
	}

	if (pttype != NULL)
		safety_set_verdict(out, -EBUSY, DD_SAFE_PARTITIONS, pttype,
		    "%s has a %s partition table%s", out->canonical, pttype,
		    rc == -2 ? " and conflicting signatures" : "");
	else if (type != NULL)
		safety_set_verdict(out, -EBUSY, DD_SAFE_SIGNATURE, type,
		    "%s contains a%s %s signature (%s)%s", out->canonical,
		    strchr("aeiou", type[0]) ? "n" : "", type,
		    usage ? usage : "unknown use",
		    rc == -2 ? " and conflicting others" : "");
	else if (rc == -2)
		safety_set_verdict(out, -EBUSY, DD_SAFE_SIGNATURE, "ambivalent",
		    "%s contains conflicting signatures that libblkid cannot tell apart",
		    out->canonical);
	else if (set->n > 1)
		safety_set_verdict(out, -EBUSY, DD_SAFE_PARTITIONS, set->devs[1].name,
		    "%s has %zu kernel partition%s (%s ...) though no partition table was found",
		    out->canonical, set->n - 1, set->n > 2 ? "s" : "",
		    set->devs[1].name);
	blkid_free_probe(pr);
	close(bfd);
	return out->verdict;
}

/* Refuse when the kernel will not let us open the node on fd exclusively
 * (reopened through /proc/self/fd: the same node, not a path); 0 or verdict. */
static int
safety_check_exclusive(int fd, struct dd_safety *out)
{
	int xfd = safety_reopen(fd, O_RDONLY | O_EXCL);

	if (xfd >= 0) {
		close(xfd);
		return 0;
	}
	if (xfd == -EBUSY)
		return safety_set_verdict(out, -EBUSY, DD_SAFE_BUSY, "exclusive-open",
		    "%s is busy: the kernel refused an exclusive open, so a "
		    "filesystem, RAID set or another program holds it",
		    out->canonical);
	return safety_set_verdict(out, xfd, DD_SAFE_ERROR, NULL,
	    "cannot open %s exclusively: %s", out->canonical, strerror(-xfd));
}

/* State of safety_file_mount's walk. */
struct safety_file_walk {
	dev_t		     dev;
	const char	    *real;	/* realpath of the file */
	size_t		     best;	/* length of the longest matching mount point */
	struct safety_mount *out;
	bool		     found;
};

/* Is mnt the path p or one of its parent directories? */
static bool
safety_path_under(const char *p, const char *mnt)
{
	size_t n = strlen(mnt);

	if (strcmp(mnt, "/") == 0)
		return true;
	return strncmp(p, mnt, n) == 0 && (p[n] == '\0' || p[n] == '/');
}

/* Keep the mount of the file's device whose mount point holds it most closely. */
static int
safety_file_pick(const struct safety_mount *m, void *arg)
{
	struct safety_file_walk *w = arg;
	size_t			 n = strlen(m->mountpoint);

	if (makedev(m->major, m->minor) != w->dev)
		return 0;
	if (w->found && (!safety_path_under(w->real, m->mountpoint) || n < w->best))
		return 0;
	*w->out = *m;
	w->best = safety_path_under(w->real, m->mountpoint) ? n : 0;
	w->found = true;
	return 0;
}

/* The mount that holds an existing file or directory. */
int
safety_file_mount(const char *path, struct safety_mount *out)
{
	char			real[PATH_MAX];
	struct stat		st;
	struct safety_file_walk w = { .real = real, .out = out };
	int			rc;

	memset(out, 0, sizeof *out);
	if (realpath(path, real) == NULL || stat(real, &st) != 0)
		return -errno;
	w.dev = st.st_dev;
	if ((rc = safety_mount_each(safety_file_pick, &w)) < 0)
		return rc;
	return w.found ? 0 : -ENOENT;
}

/* State of safety_block_usage's walk. */
struct safety_usage_walk {
	const struct safety_set *set;
	struct safety_usage	*out;
};

/* Record the mount points of set members. */
static int
safety_usage_add(const struct safety_mount *m, void *arg)
{
	struct safety_usage_walk *w = arg;
	struct safety_usage	 *u = w->out;

	if (safety_find_dev(w->set, makedev(m->major, m->minor)) < 0 &&
	    safety_find_dev(w->set, safety_mount_dev(m)) < 0)
		return 0;
	u->mounted = true;
	if (strcmp(m->mountpoint, "/") == 0)
		u->root = true;
	if (u->nmounts < SAFETY_USAGE_MAX)
		snprintf(u->mountpoints[u->nmounts++], sizeof u->mountpoints[0], "%.255s",
			 m->mountpoint);
	return 0;
}

/* Is a block device (or a partition of it) mounted, and is one of them /? */
int
safety_block_usage(const char *path, struct safety_usage *out)
{
	struct safety_set	 set;
	struct dd_safety	*s = calloc(1, sizeof *s);
	struct safety_usage_walk w = { &set, out };
	struct stat		 st;
	int			 rc;

	memset(out, 0, sizeof *out);
	memset(&set, 0, sizeof set);
	if (s == NULL)
		return -ENOMEM;
	if (stat(path, &st) != 0)
		rc = -errno;
	else if (!S_ISBLK(st.st_mode))
		rc = -ENOTBLK;
	else if ((rc = safety_load_set(&set, st.st_rdev, s)) == 0)
		rc = safety_mount_each(safety_usage_add, &w);
	free(set.devs);
	free(s);
	return rc;
}

/* One attached loop device: what backs it, and which bytes of it. */
struct safety_loop {
	char	 name[64];
	dev_t	 dev;
	char	 backing[PATH_MAX];
	uint64_t offset, len;	/* the backing's bytes [offset, offset + len) */
};

/* Read loop device name's attachment from sysfs; false when detached. */
static bool
safety_loop_read(const char *name, struct safety_loop *l)
{
	char		path[PATH_MAX], buf[64];
	unsigned	maj, min;
	long long	v;

	memset(l, 0, sizeof *l);
	snprintf(l->name, sizeof l->name, "%s", name);
	snprintf(path, sizeof path, "/sys/block/%s/loop/backing_file", name);
	if (file_read_line(path, l->backing, sizeof l->backing) != 0 || l->backing[0] == '\0')
		return false;
	snprintf(path, sizeof path, "/sys/block/%s/dev", name);
	if (file_read_line(path, buf, sizeof buf) != 0 || sscanf(buf, "%u:%u", &maj, &min) != 2)
		return false;
	l->dev = makedev(maj, min);
	snprintf(path, sizeof path, "/sys/block/%s/loop/offset", name);
	if (file_read_ll(path, &v) == 0 && v > 0)
		l->offset = (uint64_t)v;
	snprintf(path, sizeof path, "/sys/block/%s/size", name);
	l->len = file_read_ll(path, &v) == 0 && v > 0 ? (uint64_t)v * 512 : UINT64_MAX / 2;
	return true;
}

/* Is l backed by the node st describes? */
static bool
safety_loop_backs(const struct safety_loop *l, const struct stat *st)
{
	struct stat bs;

	if (stat(l->backing, &bs) != 0)
		return false;
	if (S_ISBLK(st->st_mode))
		return S_ISBLK(bs.st_mode) && bs.st_rdev == st->st_rdev;
	return S_ISREG(bs.st_mode) && bs.st_dev == st->st_dev && bs.st_ino == st->st_ino;
}

static int safety_judge(int fd, const char *canonical, bool held, int depth,
			struct dd_safety *out);

/* Judge loop device l (the plain checks, on its own node). */
static int
safety_judge_loop(const struct safety_loop *l, struct dd_safety *sub)
{
	char	    node[128];
	struct stat st;
	int	    fd, rc;

	snprintf(node, sizeof node, "/dev/%s", l->name);
	fd = open(node, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0 || fstat(fd, &st) != 0 || !S_ISBLK(st.st_mode) || st.st_rdev != l->dev) {
		rc = fd < 0 ? -errno : -ENODEV;
		if (fd >= 0)
			close(fd);
		memset(sub, 0, sizeof *sub);
		return safety_set_verdict(sub, rc, DD_SAFE_ERROR, NULL,
		    "%s cannot be checked: %s", node, strerror(-rc));
	}
	rc = safety_judge(fd, node, false, 1, sub);
	close(fd);
	return rc;
}

/*
 * Call fn for each attached loop device other than self backed by the node
 * st describes and overlapping its bytes [lo, hi), with the device's own
 * judgement (sub: 0 when it is not in use); stops at fn's first non-zero
 * return and returns it, else 0 (also without sysfs: no loop devices).
 */
static int
safety_loops_over(const struct stat *st, uint64_t lo, uint64_t hi, dev_t self,
		  int (*fn)(const struct safety_loop *l, int judged,
			    const struct dd_safety *sub, void *arg),
		  void *arg)
{
	struct safety_loop l;
	struct dd_safety  *sub;
	DIR		  *dir;
	struct dirent	  *de;
	int		   rc = 0;

	if ((dir = opendir("/sys/block")) == NULL)
		return 0;	/* no sysfs: no loop devices to know of */
	if ((sub = malloc(sizeof *sub)) == NULL) {
		closedir(dir);
		return -ENOMEM;
	}
	while (rc == 0 && (de = readdir(dir)) != NULL) {
		if (strncmp(de->d_name, "loop", 4) != 0 || !safety_loop_read(de->d_name, &l) ||
		    l.dev == self || !safety_loop_backs(&l, st) ||
		    l.offset >= hi || l.offset + l.len <= lo)
			continue;
		rc = fn(&l, safety_judge_loop(&l, sub), sub, arg);
	}
	free(sub);
	closedir(dir);
	return rc;
}

/* safety_check_backing's refusal of one loop device in use. */
static int
safety_backing_refuse(const struct safety_loop *l, int judged, const struct dd_safety *sub,
		      void *arg)
{
	struct dd_safety *out = arg;

	if (judged == 0)
		return 0;
	return safety_set_verdict(out, sub->verdict < 0 ? sub->verdict : -EBUSY,
	    DD_SAFE_LOOP, l->name,
	    "%.200s backs loop device /dev/%s (from byte %llu), which is in use: %.200s",
	    out->canonical, l->name, (unsigned long long)l->offset, sub->message);
}

/*
 * Refuse when the node st describes (bytes [lo, hi) of it) backs an
 * attached loop device other than self that is in use by the loop device's
 * own rules; 0 or verdict.  Both ways round: a file behind a mounted loop
 * device, and a loop device sharing its backing file with a mounted one.
 */
static int
safety_check_backing(const struct stat *st, uint64_t lo, uint64_t hi, dev_t self,
		     struct dd_safety *out)
{
	int rc = safety_loops_over(st, lo, hi, self, safety_backing_refuse, out);

	if (rc == -ENOMEM)
		return safety_set_verdict(out, -ENOMEM, DD_SAFE_ERROR, NULL, "out of memory");
	return rc;
}

/* A loop device target: judge what backs it (its bytes of a block device,
 * or other loop devices over the same bytes of its file); 0 or verdict. */
static int
safety_check_loop_target(const struct stat *st, struct dd_safety *out)
{
	struct safety_loop l;
	struct stat	   bs;
	struct dd_safety  *sub;
	int		   fd, rc;

	if (strncmp(out->name, "loop", 4) != 0 || !safety_loop_read(out->name, &l) ||
	    l.dev != st->st_rdev)
		return 0;
	fd = open(l.backing, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0 || fstat(fd, &bs) != 0) {
		if (fd >= 0)
			close(fd);
		return 0;	/* a deleted or unreachable backing file backs nothing else */
	}
	if (S_ISBLK(bs.st_mode) && (sub = malloc(sizeof *sub)) != NULL) {
		rc = safety_judge(fd, l.backing, false, 1, sub);
		if (rc != 0)
			safety_set_verdict(out, rc, DD_SAFE_LOOP, l.backing,
			    "%s is a loop device over %.200s, which is refused: %.200s",
			    out->canonical, l.backing, sub->message);
		free(sub);
		close(fd);
		return out->verdict;
	}
	close(fd);
	rc = safety_check_backing(&bs, l.offset, l.offset + l.len, l.dev, out);
	if (rc != 0) {
		char holder[sizeof out->holder];

		snprintf(holder, sizeof holder, "%s", out->holder);
		safety_set_verdict(out, rc, DD_SAFE_LOOP, holder,
		    "%s is a loop device over %.200s, whose bytes it shares with loop device "
		    "/dev/%s, which is in use", out->canonical, l.backing, holder);
	}
	return out->verdict;
}

/* Judge the node open on fd. */
int
safety_check_fd(int fd, const char *canonical, bool held, struct dd_safety *out)
{
	return safety_judge(fd, canonical, held, 0, out);
}

/* Judge the node open on fd; depth 0 also follows loop backing relations. */
static int
safety_judge(int fd, const char *canonical, bool held, int depth, struct dd_safety *out)
{
	struct safety_set	set;
	struct stat		st;
	int			rc;

	memset(out, 0, sizeof *out);
	memset(&set, 0, sizeof set);
	snprintf(out->canonical, sizeof out->canonical, "%s", canonical);

	if (fstat(fd, &st) != 0) {
		rc = -errno;
		return safety_set_verdict(out, rc, DD_SAFE_ERROR, NULL,
		    "cannot stat %s: %s", out->canonical, strerror(-rc));
	}
	if (S_ISREG(st.st_mode) && depth == 0 &&
	    (rc = safety_check_backing(&st, 0, UINT64_MAX, 0, out)) != 0)
		return rc;
	if (S_ISREG(st.st_mode) && safety_swap_file(&st))
		return safety_set_verdict(out, -EBUSY, DD_SAFE_SWAP, "swap",
		    "%s is active swap (swapoff it first)", out->canonical);
	if (S_ISREG(st.st_mode))
		return safety_set_verdict(out, 0, DD_SAFE_NOT_BLOCK, NULL,
		    "%s is a regular file, not a block device, so writing to it is allowed",
		    out->canonical);
	if (!S_ISBLK(st.st_mode))
		return safety_set_verdict(out, -ENOTBLK, DD_SAFE_NOT_BLOCK, NULL,
		    "%s is neither a block device nor a regular file",
		    out->canonical);
	out->is_blockdev = true;

	if ((rc = safety_load_set(&set, st.st_rdev, out)) != 0) {
		safety_set_verdict(out, rc, DD_SAFE_ERROR, NULL,
		    "cannot find %s in /sys/dev/block: %s", out->canonical,
		    strerror(-rc));
		goto done;
	}
	if ((rc = safety_check_mounts(&set, out)) != 0 ||
	    (rc = safety_check_swap(&set, out)) != 0 ||
	    (rc = safety_check_holders(&set, out)) != 0 ||
	    (rc = safety_check_signatures(&set, fd, out)) != 0 ||
	    (!held && (rc = safety_check_exclusive(fd, out)) != 0) ||
	    (depth == 0 && (rc = safety_check_backing(&st, 0, UINT64_MAX, st.st_rdev,
						      out)) != 0) ||
	    (depth == 0 && (rc = safety_check_loop_target(&st, out)) != 0))
		goto done;

	if (out->is_partition)
		safety_set_verdict(out, 0, DD_SAFE_OK, NULL,
		    "%s (a partition of %s, checked alone) is not mounted, swap, "
		    "held, signed or busy, so writing to it is allowed",
		    out->canonical, out->parent);
	else
		safety_set_verdict(out, 0, DD_SAFE_OK, NULL,
		    "%s is not mounted, swap, held, partitioned, signed or busy, "
		    "so writing to it is allowed", out->canonical);
done:
	free(set.devs);
	return out->verdict;
}

/* Decide whether path may be written: resolve it once, open the node it
 * names without following links again, and judge that descriptor. */
int
safety_check_write(const char *path, struct dd_safety *out)
{
	char	real[PATH_MAX];
	int	fd, rc;

	memset(out, 0, sizeof *out);
	snprintf(out->canonical, sizeof out->canonical, "%s", path);
	if (realpath(path, real) == NULL) {
		rc = -errno;
		return safety_set_verdict(out, rc, DD_SAFE_ERROR, NULL,
		    "cannot resolve %s: %s", path, strerror(-rc));
	}
	snprintf(out->canonical, sizeof out->canonical, "%s", real);
	fd = open(real, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0) {
		rc = -errno;
		return safety_set_verdict(out, rc, DD_SAFE_ERROR, NULL,
		    "cannot open %s: %s", real, strerror(-rc));
	}
	rc = safety_check_fd(fd, real, false, out);
	close(fd);
	return rc;
}

/*
 * Output files.  An existing file an output would replace (rename over it)
 * is judged on its descriptor by what replacing it would destroy: the bytes
 * behind a loop device (the loop keeps a deleted inode, a mounted filesystem
 * on it lives on until unmount), an active swap file, a SQLite database or
 * the -wal/-shm/journal that holds its last transactions, or a file another
 * program (or this one) has open.  The last is asked of the kernel: a write
 * lease is granted only when no other descriptor has the file open.
 */

/* What safety_output_loop refuses: the output's path and its sentence. */
struct safety_output_ctx {
	const char	*path;
	struct dd_error *err;
};

/* safety_output_loop's refusal of one loop device, attached or in use. */
static int
safety_output_refuse(const struct safety_loop *l, int judged, const struct dd_safety *sub,
		     void *arg)
{
	const struct safety_output_ctx *c = arg;

	if (judged != 0)
		return dd_error_set(c->err, -EBUSY, "%.512s is the backing file of /dev/%s (in "
				    "use: %.300s); results go to another file", c->path, l->name,
				    sub->message);
	return dd_error_set(c->err, -EBUSY, "%.512s is the backing file of /dev/%s "
			    "(attached, from byte %llu); results go to another file",
			    c->path, l->name, (unsigned long long)l->offset);
}

/* Refuse when st is the backing file of an attached loop device; 0 or -EBUSY. */
static int
safety_output_loop(const struct stat *st, const char *path, struct dd_error *err)
{
	struct safety_output_ctx c = { path, err };
	int			 rc = safety_loops_over(st, 0, UINT64_MAX, 0, safety_output_refuse, &c);

	if (rc == -ENOMEM)
		return dd_error_set(err, -ENOMEM, "out of memory");
	return rc;
}

/* What the SQLite file open on fd is, by its header ("holds a SQLite
 * database", "is the write-ahead log of a SQLite database" ...); NULL when
 * it is none of them. */
static const char *
safety_sqlite_kind(int fd)
{
	static const unsigned char journal[8] = { 0xd9, 0xd5, 0x05, 0xf9, 0x20, 0xa1, 0x63, 0xd7 };
	unsigned char		   h[64];
	uint32_t		   v0, v48;
	ssize_t			   n = pread(fd, h, sizeof h, 0);

	if (n >= 16 && memcmp(h, "SQLite format 3", 16) == 0)
		return "holds a SQLite database";
	if (n >= 4 && h[0] == 0x37 && h[1] == 0x7f && h[2] == 0x06 && (h[3] & 0xfe) == 0x82)
		return "is the write-ahead log of a SQLite database";
	if (n >= 8 && memcmp(h, journal, sizeof journal) == 0)
		return "is the rollback journal of a SQLite database";
	if (n == (ssize_t)sizeof h) {
		/* The wal-index header: its version, in native order, twice. */
		memcpy(&v0, h, sizeof v0);
		memcpy(&v48, h + 48, sizeof v48);
		if (v0 == 3007000 && v48 == 3007000)
			return "is the shared-memory index of a SQLite database";
	}
	return NULL;
}

/* Refuse when another descriptor (another program's, or this one's) has
 * the file open on fd; 0 also when the kernel cannot tell (no leases on
 * this filesystem, or another user's file without CAP_LEASE). */
static int
safety_output_open_elsewhere(int fd, const char *path, struct dd_error *err)
{
	if (fcntl(fd, F_SETLEASE, F_WRLCK) == 0) {
		fcntl(fd, F_SETLEASE, F_UNLCK);
		return 0;
	}
	if (errno != EAGAIN && errno != EBUSY)
		return 0;
	return dd_error_set(err, -EBUSY, "%.512s is open in another program (or in this one); "
			    "replacing it would pull it from under that program: results go "
			    "to another file", path);
}

/* Judge an existing regular file an output would replace (or append to). */
int
safety_check_output(int fd, const char *path, bool replace, struct dd_error *err)
{
	struct stat st;
	const char *kind;
	int	    rc;

	if (fstat(fd, &st) < 0) {
		rc = -errno;
		return dd_error_set(err, rc, "cannot check %s: %s", path, strerror(-rc));
	}
	if (!S_ISREG(st.st_mode))
		return dd_error_set(err, -EINVAL, "%s is %s; results go to a regular file", path,
				    file_kind(st.st_mode));
	if ((rc = safety_output_loop(&st, path, err)) != 0)
		return rc;
	if (safety_swap_file(&st))
		return dd_error_set(err, -EBUSY, "%s is active swap (a swap file in use); results "
				    "go to another file", path);
	if ((kind = safety_sqlite_kind(fd)) != NULL)
		return dd_error_set(err, -EBUSY, "%s %s; results go to another file", path, kind);
	return replace ? safety_output_open_elsewhere(fd, path, err) : 0;
}

/* The sidecar suffixes SQLite puts beside a database. */
static const char *const safety_sqlite_sidecars[] = { "-wal", "-shm", "-journal", NULL };
static const char *const safety_sqlite_sidecar_kinds[] = {
	"is the write-ahead log", "is the shared-memory index", "is the rollback journal",
};

/* Refuse NAME-wal, NAME-shm, NAME-journal beside a SQLite database NAME in
 * o's directory (an empty -wal says nothing by its own bytes). */
static int
safety_output_sidecar(const struct outfile *o, struct dd_error *err)
{
	size_t n = strlen(o->base);

	for (size_t i = 0; safety_sqlite_sidecars[i] != NULL; i++) {
		size_t	    k = strlen(safety_sqlite_sidecars[i]);
		char	    db[NAME_MAX + 1];
		const char *kind;
		int	    fd;

		if (n <= k || strcmp(o->base + n - k, safety_sqlite_sidecars[i]) != 0)
			continue;
		snprintf(db, sizeof db, "%.*s", (int)(n - k), o->base);
		fd = openat(o->dirfd, db, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
		if (fd < 0)
			continue;
		kind = safety_sqlite_kind(fd);
		close(fd);
		if (kind != NULL && strcmp(kind, "holds a SQLite database") == 0)
			return dd_error_set(err, -EBUSY, "%s %s of the SQLite database %s; results "
					    "go to another file", o->path,
					    safety_sqlite_sidecar_kinds[i], db);
	}
	return 0;
}

/* The output judge (lib/outfile.h's outfile_judge_fn). */
int
safety_outfile_judge(int fd, const struct outfile *o, struct dd_error *err)
{
	int rc = safety_check_output(fd, o->path, true, err);

	return rc != 0 ? rc : safety_output_sidecar(o, err);
}

/* outfile_open under the write-safety rules. */
int
safety_outfile_open(struct outfile *o, const char *path, int forbid_fd, struct dd_error *err)
{
	return outfile_open(o, path, forbid_fd, safety_outfile_judge, err);
}

/* The string safety_override wants after --confirm. */
const char *
safety_confirm_token(const struct dd_safety *s)
{
	return s->serial[0] != '\0' ? s->serial : s->name;
}

/* May a refused target be written anyway? */
int
safety_override(const struct dd_safety *s, bool force, const char *confirm,
		struct dd_error *err)
{
	const char *token = safety_confirm_token(s);
	const char *kind = s->serial[0] != '\0' ? "serial" : "kernel name";

	if (s->verdict == 0)
		return 0;
	if (s->reason == DD_SAFE_ERROR || s->reason == DD_SAFE_NOT_BLOCK ||
	    !s->is_blockdev || token[0] == '\0')
		return dd_error_set(err, s->verdict, "%s", s->message);
	if (force && confirm != NULL && strcmp(confirm, token) == 0)
		return 0;
	/* The instruction goes first so that truncation can only cut the reason. */
	if (force && confirm != NULL && confirm[0] != '\0')
		return dd_error_set(err, -EPERM,
		    "--confirm '%s' does not match the %s of %s; type --force "
		    "--confirm %s to overwrite it although %s", confirm, kind,
		    s->canonical, token, s->message);
	/* s->message is one short sentence (< 256 bytes), so the instruction
	 * after it always fits. */
	return dd_error_set(err, -EPERM,
	    "refusing to write: %.256s; type --force --confirm %s (its %s) to "
	    "overwrite %s anyway", s->message, token, kind, s->canonical);
}

/* Name of a reason as the probe prints it ("SIGNATURE"). */
const char *
safety_reason_name(enum dd_safety_reason r)
{
	switch (r) {
	case DD_SAFE_OK:		return "OK";
	case DD_SAFE_MOUNTED:		return "MOUNTED";
	case DD_SAFE_SWAP:		return "SWAP";
	case DD_SAFE_HOLDERS:		return "HOLDERS";
	case DD_SAFE_PARTITIONS:	return "PARTITIONS";
	case DD_SAFE_SIGNATURE:		return "SIGNATURE";
	case DD_SAFE_BUSY:		return "BUSY";
	case DD_SAFE_NOT_BLOCK:		return "NOT_BLOCK";
	case DD_SAFE_LOOP:		return "LOOP";
	case DD_SAFE_ERROR:		return "ERROR";
	}
	return "UNKNOWN";
}
