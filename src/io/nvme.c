/*
 * Drive discovery.  The NVMe part walks libnvme's topology (hosts ->
 * subsystems -> controllers -> namespaces) and asks each controller for
 * Identify Controller, Identify Namespace and the SMART log through its
 * character device; the PCIe link, NUMA node and the block-device list come
 * from sysfs, which nvme-cli does not print (nvme-cli#1695).  This is the
 * only file that includes libnvme.
 *
 * libnvme 1.3 always reads the real /sys, so when the caller names another
 * sysfs root (the tests' fake tree) controllers are read from that tree's
 * attributes alone: no Identify and no SMART, which need a device node.
 */
#include "config.h"

#include <ctype.h>
#include <dirent.h>
#include <endian.h>
#include <errno.h>
#include <fcntl.h>
#include <glob.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <libnvme.h>

#include "io/nvme.h"
#include "lib/file.h"

#define SYSFS_DEFAULT "/sys"

/* Read the attribute at a printf-built path; NULL when absent or empty. */
static const char *
sysfs_str(struct arena *a, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Read the attribute at a printf-built path; NULL when absent or empty. */
static const char *
sysfs_str(struct arena *a, const char *fmt, ...)
{
	char	path[PATH_MAX], buf[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(path, sizeof path, fmt, ap);
	va_end(ap);
	if (file_read_line(path, buf, sizeof buf) < 0 || buf[0] == '\0')
		return NULL;
	return arena_strdup(a, buf);
}

/* Read an integer attribute (decimal or 0x hex); def when absent or bad. */
static long long
sysfs_ll(long long def, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Read an integer attribute (decimal or 0x hex); def when absent or bad. */
static long long
sysfs_ll(long long def, const char *fmt, ...)
{
	char	  path[PATH_MAX];
	va_list	  ap;
	long long v;

	va_start(ap, fmt);
	vsnprintf(path, sizeof path, fmt, ap);
	va_end(ap);
	return file_read_ll(path, &v) == 0 ? v : def;
}

/* A string trimmed of the space padding Identify uses; NULL if empty. */
static const char *
ident_str(struct arena *a, const char *field, size_t len)
{
	char   buf[64];
	size_t n = len < sizeof buf - 1 ? len : sizeof buf - 1;

	memcpy(buf, field, n);
	buf[n] = '\0';
	while (n > 0 && (buf[n - 1] == ' ' || buf[n - 1] == '\0'))
		buf[--n] = '\0';
	return n > 0 ? arena_strdup(a, buf) : NULL;
}

/* A 128-bit little-endian SMART counter as 64 bits, saturating. */
static uint64_t
le128_to_u64(const uint8_t *p)
{
	uint64_t v = 0;

	for (int i = 8; i < 16; i++)
		if (p[i] != 0)
			return UINT64_MAX;
	for (int i = 7; i >= 0; i--)
		v = (v << 8) | p[i];
	return v;
}

/* Kelvin from the log or Identify to Celsius; NVMEINFO_TEMP_NONE for 0 K. */
static int
kelvin_to_c(unsigned k)
{
	return k == 0 ? NVMEINFO_TEMP_NONE : (int)k - 273;
}

/* Does a name look like a namespace, "nvme0n1" or the path "nvme0c1n1"? */
static bool
ns_name_ok(const char *name)
{
	int ctl, path, ns, len = 0;

	if (sscanf(name, "nvme%dc%dn%d%n", &ctl, &path, &ns, &len) == 3 &&
	    name[len] == '\0')
		return true;
	len = 0;
	return sscanf(name, "nvme%dn%d%n", &ctl, &ns, &len) == 2 && name[len] == '\0';
}

/* The block-device name of a namespace: "nvme0c1n1" -> "nvme0n1". */
static const char *
ns_block_name(struct arena *a, const char *name)
{
	char buf[64];
	int  ctl, path, ns;

	if (sscanf(name, "nvme%dc%dn%d", &ctl, &path, &ns) == 3) {
		snprintf(buf, sizeof buf, "nvme%dn%d", ctl, ns);
		return arena_strdup(a, buf);
	}
	return arena_strdup(a, name);
}

/* Order two names naturally (nvme2 before nvme10). */
static int
name_cmp(const char *x, const char *y)
{
	return strverscmp(x ? x : "", y ? y : "");
}

/* qsort comparator for controllers. */
static int
ctrl_cmp(const void *x, const void *y)
{
	return name_cmp(((const struct nvmeinfo_ctrl *)x)->name,
			((const struct nvmeinfo_ctrl *)y)->name);
}

/* qsort comparator for namespaces. */
static int
ns_cmp(const void *x, const void *y)
{
	return ((const struct nvmeinfo_ns *)x)->nsid -
	       ((const struct nvmeinfo_ns *)y)->nsid;
}

/* qsort comparator for block devices. */
static int
blockdev_cmp(const void *x, const void *y)
{
	return name_cmp(((const struct nvmeinfo_blockdev *)x)->name,
			((const struct nvmeinfo_blockdev *)y)->name);
}

/* A controller with every field unknown. */
static void
ctrl_init(struct nvmeinfo_ctrl *c)
{
	memset(c, 0, sizeof *c);
	c->vendor_id = -1;
	c->total_capacity = -1;
	c->mdts_bytes = -1;
	c->temp_warning_c = NVMEINFO_TEMP_NONE;
	c->temp_critical_c = NVMEINFO_TEMP_NONE;
	c->numa_node = -1;
	c->pcie.speed_gts = NAN;
	c->pcie.max_speed_gts = NAN;
	c->pcie.width = -1;
	c->pcie.max_width = -1;
	c->smart.temperature_c = NVMEINFO_TEMP_NONE;
	for (int i = 0; i < NVMEINFO_SENSORS; i++)
		c->smart.sensor_c[i] = NVMEINFO_TEMP_NONE;
}

/* Append a zeroed namespace to a controller. */
static struct nvmeinfo_ns *
ctrl_add_ns(struct arena *a, struct nvmeinfo_ctrl *c)
{
	struct nvmeinfo_ns *ns;

	c->namespaces = arena_grow(a, c->namespaces, sizeof *c->namespaces,
				   c->nnamespaces, c->nnamespaces + 1);
	ns = &c->namespaces[c->nnamespaces++];
	memset(ns, 0, sizeof *ns);
	ns->lba_data_size = -1;
	ns->lba_metadata_size = -1;
	ns->used_bytes = -1;
	return ns;
}

/* A sysfs link speed in GT/s. */
double
nvmeinfo_parse_link_speed(const char *s)
{
	char  *end;
	double v;

	if (s == NULL)
		return NAN;
	while (isspace((unsigned char)*s))
		s++;
	if (!isdigit((unsigned char)*s))
		return NAN;
	v = strtod(s, &end);
	if (end == s || v <= 0)
		return NAN;
	return v;
}

/* The PCIe generation of a link speed. */
int
nvmeinfo_pcie_gen(double gts)
{
	static const double speeds[] = { 2.5, 5.0, 8.0, 16.0, 32.0, 64.0 };

	if (isnan(gts))
		return 0;
	for (size_t i = 0; i < sizeof speeds / sizeof speeds[0]; i++)
		if (fabs(gts - speeds[i]) < 0.05)
			return (int)i + 1;
	return 0;
}

/* Name of a critical-warning bit. */
const char *
nvmeinfo_cw_name(int bit)
{
	switch (bit) {
	case NVMEINFO_CW_SPARE:
		return "spare";
	case NVMEINFO_CW_TEMPERATURE:
		return "temperature";
	case NVMEINFO_CW_RELIABILITY:
		return "reliability";
	case NVMEINFO_CW_READ_ONLY:
		return "read-only";
	case NVMEINFO_CW_VOLATILE:
		return "volatile-backup";
	case NVMEINFO_CW_PMR:
		return "pmr-read-only";
	}
	return NULL;
}

/* One sentence on a critical-warning bit. */
const char *
nvmeinfo_cw_text(int bit)
{
	switch (bit) {
	case NVMEINFO_CW_SPARE:
		return "available spare has fallen below the threshold";
	case NVMEINFO_CW_TEMPERATURE:
		return "a temperature is over or under a threshold";
	case NVMEINFO_CW_RELIABILITY:
		return "reliability is degraded by media or internal errors";
	case NVMEINFO_CW_READ_ONLY:
		return "the media has been placed in read-only mode";
	case NVMEINFO_CW_VOLATILE:
		return "the volatile memory backup device has failed";
	case NVMEINFO_CW_PMR:
		return "the persistent memory region has become read-only";
	}
	return NULL;
}

/* Bytes from SMART data units. */
uint64_t
nvmeinfo_data_units_bytes(uint64_t units)
{
	if (units > UINT64_MAX / 512000)
		return UINT64_MAX;
	return units * 512000;
}

/* The capacity to match a controller's model against. */
uint64_t
nvmeinfo_match_capacity(const struct nvmeinfo_ctrl *c)
{
	uint64_t sum = 0;

	if (c->total_capacity > 0)
		return (uint64_t)c->total_capacity;
	for (size_t i = 0; i < c->nnamespaces; i++)
		sum += c->namespaces[i].size_bytes;
	return sum;
}

/* Does a string look like a PCI address, "0000:01:00.0"? */
static bool
is_pci_address(const char *s)
{
	unsigned dom, bus, dev, fn;
	int	 len = 0;

	return sscanf(s, "%x:%x:%x.%x%n", &dom, &bus, &dev, &fn, &len) == 4 &&
	       s[len] == '\0';
}

/* The PCIe link of a controller from sysfs. */
void
nvmeinfo_read_pcie(const char *sysfs_root, const char *ctrl_name,
		   struct arena *a, struct nvmeinfo_pcie *out, int *numa_node)
{
	const char *root = sysfs_root ? sysfs_root : SYSFS_DEFAULT;
	char	    dev[PATH_MAX], link[PATH_MAX];
	const char *s, *base;
	ssize_t	    n;

	out->address = NULL;
	out->speed_gts = out->max_speed_gts = NAN;
	out->width = out->max_width = -1;
	snprintf(dev, sizeof dev, "%s/class/nvme/%s/device", root, ctrl_name);

	/* The device link names the PCI function; else the "address" attribute. */
	n = readlink(dev, link, sizeof link - 1);
	if (n > 0) {
		link[n] = '\0';
		base = strrchr(link, '/');
		base = base ? base + 1 : link;
		if (is_pci_address(base))
			out->address = arena_strdup(a, base);
	}
	if (out->address == NULL) {
		s = sysfs_str(a, "%s/class/nvme/%s/address", root, ctrl_name);
		if (s != NULL && is_pci_address(s))
			out->address = s;
	}
	out->speed_gts = nvmeinfo_parse_link_speed(
		sysfs_str(a, "%s/current_link_speed", dev));
	out->max_speed_gts = nvmeinfo_parse_link_speed(
		sysfs_str(a, "%s/max_link_speed", dev));
	out->width = (int)sysfs_ll(-1, "%s/current_link_width", dev);
	out->max_width = (int)sysfs_ll(-1, "%s/max_link_width", dev);
	/* 0 (not trained) and 255 (QEMU's root-bus devices) are no width. */
	if (out->width <= 0 || out->width > 32)
		out->width = -1;
	if (out->max_width <= 0 || out->max_width > 32)
		out->max_width = -1;
	if (numa_node != NULL)
		*numa_node = (int)sysfs_ll(-1, "%s/numa_node", dev);
}

/* Fill the fields every path reads from sysfs: PCIe, NUMA, PCI vendor. */
static void
ctrl_read_sysfs_common(const char *root, struct arena *a, struct nvmeinfo_ctrl *c)
{
	nvmeinfo_read_pcie(root, c->name, a, &c->pcie, &c->numa_node);
	if (c->vendor_id < 0)
		c->vendor_id = (int)sysfs_ll(-1, "%s/class/nvme/%s/device/vendor",
					     root, c->name);
}

/* Read one controller and its namespaces from sysfs attributes alone. */
static void
ctrl_from_sysfs(const char *root, const char *name, struct arena *a,
		struct nvmeinfo_ctrl *c)
{
	char	       dir[PATH_MAX];
	DIR	      *d;
	struct dirent *e;

	ctrl_init(c);
	c->name = arena_strdup(a, name);
	snprintf(dir, sizeof dir, "%s/class/nvme/%s", root, name);
	c->model = sysfs_str(a, "%s/model", dir);
	c->serial = sysfs_str(a, "%s/serial", dir);
	c->firmware = sysfs_str(a, "%s/firmware_rev", dir);
	c->subsysnqn = sysfs_str(a, "%s/subsysnqn", dir);
	c->transport = sysfs_str(a, "%s/transport", dir);
	c->note = "read from sysfs only: Identify and the SMART log need the real /sys";
	ctrl_read_sysfs_common(root, a, c);

	d = opendir(dir);
	if (d == NULL)
		return;
	while ((e = readdir(d)) != NULL) {
		struct nvmeinfo_ns *ns;
		long long	    sectors;
		int		    lbs;

		if (!ns_name_ok(e->d_name))
			continue;
		ns = ctrl_add_ns(a, c);
		ns->name = ns_block_name(a, e->d_name);
		ns->nsid = (int)sysfs_ll(-1, "%s/%s/nsid", dir, e->d_name);
		sectors = sysfs_ll(-1, "%s/%s/size", dir, e->d_name);
		if (sectors > 0)
			ns->size_bytes = ns->capacity_bytes = (uint64_t)sectors * 512;
		lbs = (int)sysfs_ll(-1, "%s/%s/queue/logical_block_size", dir, e->d_name);
		if (lbs > 0) {
			ns->lba_data_size = lbs;
			ns->formats = arena_alloc(a, sizeof *ns->formats);
			ns->formats[0].index = 0;
			ns->formats[0].data_size = lbs;
			ns->formats[0].metadata_size = 0;
			ns->formats[0].in_use = true;
			ns->nformats = 1;
		}
	}
	closedir(d);
	if (c->nnamespaces > 1)
		qsort(c->namespaces, c->nnamespaces, sizeof *c->namespaces, ns_cmp);
}

/* Controllers of a sysfs tree that libnvme cannot read. */
static int
scan_sysfs(const char *root, struct arena *a, struct nvmeinfo *out)
{
	char	       dir[PATH_MAX];
	DIR	      *d;
	struct dirent *e;

	snprintf(dir, sizeof dir, "%s/class/nvme", root);
	d = opendir(dir);
	if (d == NULL)
		return 0;	/* no NVMe driver or no controller: normal */
	while ((e = readdir(d)) != NULL) {
		int ctl, len = 0;

		if (sscanf(e->d_name, "nvme%d%n", &ctl, &len) != 1 ||
		    e->d_name[len] != '\0')
			continue;
		out->ctrls = arena_grow(a, out->ctrls, sizeof *out->ctrls,
					out->nctrls, out->nctrls + 1);
		ctrl_from_sysfs(root, e->d_name, a, &out->ctrls[out->nctrls++]);
	}
	closedir(d);
	return 0;
}

/* Fill a namespace from Identify Namespace sent on the controller's fd. */
static int
ns_identify(int fd, struct arena *a, struct nvmeinfo_ns *ns)
{
	struct nvme_id_ns id;
	uint8_t		  inuse = 0;
	int		  nf, lbs;

	if (fd < 0)
		return -EBADF;
	memset(&id, 0, sizeof id);
	if (nvme_identify_ns(fd, (uint32_t)ns->nsid, &id) != 0)
		return -EIO;
	nvme_id_ns_flbas_to_lbaf_inuse(id.flbas, &inuse);
	nf = id.nlbaf + 1;
	if (nf > 64)
		nf = 64;
	ns->formats = arena_alloc(a, (size_t)nf * sizeof *ns->formats);
	ns->nformats = 0;
	for (int i = 0; i < nf; i++) {
		struct nvmeinfo_lbaf *f;

		if (id.lbaf[i].ds < 9 || id.lbaf[i].ds > 31)
			continue;	/* not a usable format */
		f = &ns->formats[ns->nformats++];
		f->index = i;
		f->data_size = 1 << id.lbaf[i].ds;
		f->metadata_size = le16toh(id.lbaf[i].ms);
		f->in_use = i == inuse;
		if (f->in_use) {
			ns->lba_data_size = f->data_size;
			ns->lba_metadata_size = f->metadata_size;
		}
	}
	lbs = ns->lba_data_size;
	if (lbs > 0) {
		ns->size_bytes = le64toh(id.nsze) * (uint64_t)lbs;
		ns->capacity_bytes = le64toh(id.ncap) * (uint64_t)lbs;
		ns->used_bytes = (int64_t)(le64toh(id.nuse) * (uint64_t)lbs);
	}
	return 0;
}

/* Add a libnvme namespace to a controller unless its nsid is there already. */
static void
ctrl_add_libnvme_ns(struct arena *a, struct nvmeinfo_ctrl *c, nvme_ns_t n, int fd)
{
	struct nvmeinfo_ns *ns;
	int		    nsid = nvme_ns_get_nsid(n);
	const char	   *name = nvme_ns_get_name(n);

	for (size_t i = 0; i < c->nnamespaces; i++)
		if (c->namespaces[i].nsid == nsid)
			return;
	ns = ctrl_add_ns(a, c);
	ns->nsid = nsid;
	ns->name = name ? ns_block_name(a, name) : NULL;
	if (ns_identify(fd, a, ns) == 0)
		return;
	/* No Identify: what the kernel reports through libnvme. */
	ns->lba_data_size = nvme_ns_get_lba_size(n);
	ns->lba_metadata_size = nvme_ns_get_meta_size(n);
	if (ns->lba_data_size > 0) {
		ns->size_bytes = nvme_ns_get_lba_count(n) * (uint64_t)ns->lba_data_size;
		ns->formats = arena_alloc(a, sizeof *ns->formats);
		ns->formats[0].data_size = ns->lba_data_size;
		ns->formats[0].metadata_size = ns->lba_metadata_size;
		ns->formats[0].in_use = true;
		ns->nformats = 1;
	}
}

/* Decode the SMART / health log. */
static void
smart_decode(const struct nvme_smart_log *l, struct nvmeinfo_smart *s)
{
	s->valid = true;
	s->critical_warning = l->critical_warning;
	s->temperature_c = kelvin_to_c((unsigned)l->temperature[0] |
				       (unsigned)l->temperature[1] << 8);
	for (int i = 0; i < NVMEINFO_SENSORS; i++)
		s->sensor_c[i] = kelvin_to_c(le16toh(l->temp_sensor[i]));
	s->available_spare_pct = l->avail_spare;
	s->spare_threshold_pct = l->spare_thresh;
	s->percentage_used = l->percent_used;
	s->data_units_read = le128_to_u64(l->data_units_read);
	s->data_units_written = le128_to_u64(l->data_units_written);
	s->power_on_hours = le128_to_u64(l->power_on_hours);
	s->power_cycles = le128_to_u64(l->power_cycles);
	s->unsafe_shutdowns = le128_to_u64(l->unsafe_shutdowns);
	s->media_errors = le128_to_u64(l->media_errors);
	s->error_log_entries = le128_to_u64(l->num_err_log_entries);
	s->warning_temp_minutes = le32toh(l->warning_temp_time);
	s->critical_temp_minutes = le32toh(l->critical_comp_time);
	s->thermal_t1_transitions = le32toh(l->thm_temp1_trans_count);
	s->thermal_t2_transitions = le32toh(l->thm_temp2_trans_count);
	s->thermal_t1_seconds = le32toh(l->thm_temp1_total_time);
	s->thermal_t2_seconds = le32toh(l->thm_temp2_total_time);
}

/* Fill a controller from Identify Controller. */
static void
ctrl_decode_identify(const struct nvme_id_ctrl *id, struct arena *a,
		     struct nvmeinfo_ctrl *c)
{
	uint64_t cap;

	c->vendor_id = le16toh(id->vid);
	if (c->model == NULL)
		c->model = ident_str(a, id->mn, sizeof id->mn);
	if (c->serial == NULL)
		c->serial = ident_str(a, id->sn, sizeof id->sn);
	if (c->firmware == NULL)
		c->firmware = ident_str(a, id->fr, sizeof id->fr);
	cap = le128_to_u64(id->tnvmcap);
	c->total_capacity = cap > (uint64_t)INT64_MAX ? INT64_MAX : (int64_t)cap;
	/*
	 * MDTS is a power of two in units of CAP.MPSMIN, a register that only
	 * the PCI BAR holds; every controller we know uses 4 KiB, so this is
	 * 2^mdts x 4096 (the documented approximation).  0 means no limit.
	 */
	if (id->mdts == 0)
		c->mdts_bytes = 0;
	else if (id->mdts <= 40)
		c->mdts_bytes = (int64_t)4096 << id->mdts;
	c->temp_warning_c = kelvin_to_c(le16toh(id->wctemp));
	c->temp_critical_c = kelvin_to_c(le16toh(id->cctemp));
}

/* Read one libnvme controller: identity, Identify, SMART, namespaces. */
static void
ctrl_from_libnvme(const char *root, struct arena *a, nvme_subsystem_t s,
		  nvme_ctrl_t nc, struct nvmeinfo_ctrl *c)
{
	struct nvme_id_ctrl    id;
	struct nvme_smart_log  log;
	nvme_ns_t	       n;
	const char	      *nqn;
	char		       note[256];
	int		       fd;

	ctrl_init(c);
	c->name = arena_strdup(a, nvme_ctrl_get_name(nc));
	c->model = arena_strdup(a, nvme_ctrl_get_model(nc));
	c->serial = arena_strdup(a, nvme_ctrl_get_serial(nc));
	c->firmware = arena_strdup(a, nvme_ctrl_get_firmware(nc));
	c->transport = arena_strdup(a, nvme_ctrl_get_transport(nc));
	nqn = nvme_ctrl_get_subsysnqn(nc);
	if (nqn == NULL)
		nqn = nvme_subsystem_get_nqn(s);
	c->subsysnqn = arena_strdup(a, nqn);

	errno = 0;
	fd = nvme_ctrl_get_fd(nc);
	if (fd < 0) {
		snprintf(note, sizeof note,
			 "Identify and the SMART log need the device node: cannot open /dev/%s: %s",
			 c->name, strerror(errno ? errno : EIO));
		c->note = arena_strdup(a, note);
	} else {
		memset(&id, 0, sizeof id);
		if (nvme_identify_ctrl(fd, &id) == 0)
			ctrl_decode_identify(&id, a, c);
		else
			c->note = "the controller refused Identify Controller";
		memset(&log, 0, sizeof log);
		if (nvme_get_log_smart(fd, NVME_NSID_ALL, false, &log) == 0)
			smart_decode(&log, &c->smart);
		else if (c->note == NULL)
			c->note = "the controller refused the SMART / health log";
	}

	/* Without native multipath the namespaces hang off the controller;
	 * with it, off the subsystem (one head per namespace). */
	nvme_ctrl_for_each_ns(nc, n)
		ctrl_add_libnvme_ns(a, c, n, fd);
	nvme_subsystem_for_each_ns(s, n)
		ctrl_add_libnvme_ns(a, c, n, fd);
	if (c->nnamespaces > 1)
		qsort(c->namespaces, c->nnamespaces, sizeof *c->namespaces, ns_cmp);
	ctrl_read_sysfs_common(root, a, c);
}

/* Controllers of the real /sys through libnvme. */
static int
scan_libnvme(const char *root, struct arena *a, struct nvmeinfo *out,
	     struct dd_error *err)
{
	nvme_root_t	 r;
	nvme_host_t	 h;
	nvme_subsystem_t s;
	nvme_ctrl_t	 c;

	/* LOG_CRIT: failures end up in each controller's note, not on stderr. */
	r = nvme_create_root(NULL, LOG_CRIT);
	if (r == NULL)
		return dd_error_set(err, -ENOMEM, "cannot start libnvme: out of memory");
	errno = 0;
	if (nvme_scan_topology(r, NULL, NULL) < 0 && errno != ENOENT) {
		int e = errno ? errno : EIO;

		nvme_free_tree(r);
		return dd_error_set(err, -e, "cannot scan the NVMe devices in /sys: %s",
				    strerror(e));
	}
	/* ENOENT: no /sys/class/nvme, i.e. no NVMe controller; that is normal. */
	nvme_for_each_host(r, h)
		nvme_for_each_subsystem(h, s)
			nvme_subsystem_for_each_ctrl(s, c) {
				out->ctrls = arena_grow(a, out->ctrls, sizeof *out->ctrls,
							out->nctrls, out->nctrls + 1);
				ctrl_from_libnvme(root, a, s, c, &out->ctrls[out->nctrls++]);
			}
	nvme_free_tree(r);
	return 0;
}

/* The kind of a block device from its name, or its driver. */
static const char *
blockdev_kind(const char *root, const char *name)
{
	char	path[PATH_MAX], link[PATH_MAX];
	ssize_t n;

	if (strncmp(name, "nvme", 4) == 0)
		return "nvme";
	if (strncmp(name, "vd", 2) == 0)
		return "virtio";
	if (strncmp(name, "zram", 4) == 0)
		return "zram";
	if (strncmp(name, "loop", 4) == 0)
		return "loop";
	if (strncmp(name, "sd", 2) == 0 || strncmp(name, "sr", 2) == 0)
		return "scsi";
	snprintf(path, sizeof path, "%s/block/%s/device/driver", root, name);
	n = readlink(path, link, sizeof link - 1);
	if (n > 0) {
		link[n] = '\0';
		if (strstr(link, "virtio") != NULL)
			return "virtio";
	}
	return "other";
}

/* Block devices of /sys/block. */
int
nvmeinfo_list_blockdevs(const char *sysfs_root, struct arena *a,
			struct nvmeinfo_blockdev **out, size_t *n,
			struct dd_error *err)
{
	const char    *root = sysfs_root ? sysfs_root : SYSFS_DEFAULT;
	char	       dir[PATH_MAX], path[PATH_MAX + 8];
	DIR	      *d;
	struct dirent *e;

	*out = NULL;
	*n = 0;
	snprintf(dir, sizeof dir, "%s/block", root);
	d = opendir(dir);
	if (d == NULL) {
		if (errno == ENOENT)
			return 0;	/* a tree without block devices */
		return dd_error_set(err, -errno, "cannot list %s: %s", dir,
				    strerror(errno));
	}
	while ((e = readdir(d)) != NULL) {
		struct nvmeinfo_blockdev b;
		long long		 sectors;

		if (e->d_name[0] == '.')
			continue;
		/* Multipath paths (nvme0c0n1) are hidden; their head is listed. */
		if (sysfs_ll(0, "%s/%s/hidden", dir, e->d_name) == 1)
			continue;
		memset(&b, 0, sizeof b);
		b.name = arena_strdup(a, e->d_name);
		snprintf(path, sizeof path, "/dev/%s", e->d_name);
		b.path = arena_strdup(a, path);
		b.kind = blockdev_kind(root, e->d_name);
		b.nvme = strcmp(b.kind, "nvme") == 0;
		/* An unbound loop device has no backing file and no size: skip it. */
		if (strcmp(b.kind, "loop") == 0) {
			b.backing_file = sysfs_str(a, "%s/%s/loop/backing_file", dir,
						   e->d_name);
			if (b.backing_file == NULL)
				continue;
		}
		/* A zram device with disksize 0 is not initialised: skip it. */
		if (strcmp(b.kind, "zram") == 0 &&
		    sysfs_ll(0, "%s/%s/disksize", dir, e->d_name) <= 0)
			continue;
		sectors = sysfs_ll(0, "%s/%s/size", dir, e->d_name);
		b.size_bytes = sectors > 0 ? (uint64_t)sectors * 512 : 0;
		b.logical_block_size = (int)sysfs_ll(-1, "%s/%s/queue/logical_block_size",
						     dir, e->d_name);
		b.physical_block_size = (int)sysfs_ll(-1, "%s/%s/queue/physical_block_size",
						      dir, e->d_name);
		b.rotational = sysfs_ll(0, "%s/%s/queue/rotational", dir, e->d_name) == 1;
		b.model = sysfs_str(a, "%s/%s/device/model", dir, e->d_name);
		*out = arena_grow(a, *out, sizeof **out, *n, *n + 1);
		(*out)[(*n)++] = b;
	}
	closedir(d);
	if (*n > 1)
		qsort(*out, *n, sizeof **out, blockdev_cmp);
	return 0;
}

/* Is root the real sysfs, the one libnvme reads? */
static bool
root_is_real_sysfs(const char *root)
{
	char real[PATH_MAX];

	if (realpath(root, real) == NULL)
		return false;
	return strcmp(real, SYSFS_DEFAULT) == 0;
}

/* Discover controllers and block devices. */
int
nvmeinfo_scan(const char *sysfs_root, struct arena *a, struct nvmeinfo *out,
	      struct dd_error *err)
{
	const char *root = sysfs_root ? sysfs_root : SYSFS_DEFAULT;
	struct stat st;
	int	    rc;

	memset(out, 0, sizeof *out);
	if (stat(root, &st) != 0)
		return dd_error_set(err, -errno, "cannot read the sysfs tree %s: %s",
				    root, strerror(errno));
	if (!S_ISDIR(st.st_mode))
		return dd_error_set(err, -ENOTDIR, "the sysfs root %s is not a directory",
				    root);
	if (root_is_real_sysfs(root))
		rc = scan_libnvme(root, a, out, err);
	else
		rc = scan_sysfs(root, a, out);
	if (rc < 0)
		return rc;
	if (out->nctrls > 1)
		qsort(out->ctrls, out->nctrls, sizeof *out->ctrls, ctrl_cmp);
	return nvmeinfo_list_blockdevs(root, a, &out->blockdevs, &out->nblockdevs, err);
}

/* ---------------------------------------------------------- temperature -- */

/* The first path matching pattern, into out; false when none. */
static bool
glob_first(const char *pattern, char *out, size_t len)
{
	glob_t g;
	bool   found = false;

	if (glob(pattern, 0, NULL, &g) == 0 && g.gl_pathc > 0) {
		snprintf(out, len, "%s", g.gl_pathv[0]);
		found = true;
	}
	globfree(&g);
	return found;
}

/* Take the hwmon input at path as the sensor if it reads. */
static bool
thermo_try_hwmon(struct nvmeinfo_thermo *t, const char *path, const char *ctrl)
{
	double c;

	t->fd = open(path, O_RDONLY | O_CLOEXEC);
	if (t->fd < 0)
		return false;
	t->kind = NVMEINFO_THERMO_HWMON;
	snprintf(t->source, sizeof t->source, "hwmon of %.40s", ctrl);
	if (nvmeinfo_thermo_read(t, &c))
		return true;
	nvmeinfo_thermo_close(t);
	return false;
}

/* Take the controller's SMART log as the sensor if it reads. */
static bool
thermo_try_smart(struct nvmeinfo_thermo *t, const char *dev_root, const char *ctrl)
{
	char   path[PATH_MAX];
	double c;

	snprintf(path, sizeof path, "%s/%s", dev_root, ctrl);
	t->fd = open(path, O_RDONLY | O_CLOEXEC);
	if (t->fd < 0)
		return false;
	t->kind = NVMEINFO_THERMO_SMART;
	snprintf(t->source, sizeof t->source, "SMART log of %.40s", ctrl);
	if (nvmeinfo_thermo_read(t, &c))
		return true;
	nvmeinfo_thermo_close(t);
	return false;
}

/* No sensor. */
static void
thermo_none(struct nvmeinfo_thermo *t)
{
	t->kind = NVMEINFO_THERMO_NONE;
	t->fd = -1;
	t->source[0] = '\0';
}

void
nvmeinfo_thermo_open_name(struct nvmeinfo_thermo *t, const char *sysfs_root,
			  const char *dev_root, const char *name)
{
	char	    path[PATH_MAX], real[PATH_MAX], ctrl_dir[PATH_MAX], pat[PATH_MAX + 32];
	char	    disk[NAME_MAX + 1], ctrl[NAME_MAX + 1];
	const char *base;
	struct stat st;

	thermo_none(t);
	if (sysfs_root == NULL)
		sysfs_root = SYSFS_DEFAULT;
	if (dev_root == NULL)
		dev_root = "/dev";
	if (strncmp(name, "nvme", 4) != 0 || strchr(name, '/') != NULL)
		return;
	dd_strlcpy(disk, name, sizeof disk);
	/* A partition: its disk is the parent directory. */
	snprintf(path, sizeof path, "%s/class/block/%s/partition", sysfs_root, name);
	if (stat(path, &st) == 0) {
		snprintf(path, sizeof path, "%s/class/block/%s/..", sysfs_root, name);
		if (realpath(path, real) == NULL)
			return;
		base = strrchr(real, '/');
		dd_strlcpy(disk, base != NULL ? base + 1 : real, sizeof disk);
	}
	snprintf(path, sizeof path, "%s/block/%s/device", sysfs_root, disk);
	if (realpath(path, ctrl_dir) == NULL)
		return;
	base = strrchr(ctrl_dir, '/');
	base = base != NULL ? base + 1 : ctrl_dir;
	if (strncmp(base, "nvme-subsys", 11) == 0) {
		/* A multipath head: the first controller of its subsystem. */
		snprintf(pat, sizeof pat, "%s/nvme[0-9]*", ctrl_dir);
		if (!glob_first(pat, path, sizeof path))
			return;
		dd_strlcpy(ctrl_dir, path, sizeof ctrl_dir);
		base = strrchr(ctrl_dir, '/') + 1;
	}
	dd_strlcpy(ctrl, base, sizeof ctrl);
	snprintf(pat, sizeof pat, "%s/hwmon*/temp1_input", ctrl_dir);
	if (glob_first(pat, path, sizeof path) && thermo_try_hwmon(t, path, ctrl))
		return;
	thermo_try_smart(t, dev_root, ctrl);
}

/* The sensor of the block device st describes (by its st_rdev). */
static void
thermo_open_stat(struct nvmeinfo_thermo *t, const struct stat *st)
{
	char	    link[64], real[PATH_MAX];
	const char *base;

	if (!S_ISBLK(st->st_mode))
		return;
	snprintf(link, sizeof link, SYSFS_DEFAULT "/dev/block/%u:%u", major(st->st_rdev),
		 minor(st->st_rdev));
	if (realpath(link, real) == NULL)
		return;
	base = strrchr(real, '/');
	nvmeinfo_thermo_open_name(t, NULL, NULL, base != NULL ? base + 1 : real);
}

void
nvmeinfo_thermo_open(struct nvmeinfo_thermo *t, const char *path)
{
	struct stat st;

	thermo_none(t);
	if (stat(path, &st) == 0)
		thermo_open_stat(t, &st);
}

void
nvmeinfo_thermo_open_fd(struct nvmeinfo_thermo *t, int fd)
{
	struct stat st;

	thermo_none(t);
	if (fd >= 0 && fstat(fd, &st) == 0)
		thermo_open_stat(t, &st);
}

bool
nvmeinfo_thermo_read(struct nvmeinfo_thermo *t, double *celsius)
{
	switch (t->kind) {
	case NVMEINFO_THERMO_HWMON: {
		char	buf[32], *end;
		ssize_t n = pread(t->fd, buf, sizeof buf - 1, 0);
		long	milli;

		if (n <= 0)
			return false;
		buf[n] = '\0';
		errno = 0;
		milli = strtol(buf, &end, 10);
		if (end == buf || errno != 0)
			return false;
		*celsius = (double)milli / 1000.0;
		return true;
	}
	case NVMEINFO_THERMO_SMART: {
		struct nvme_smart_log  log;
		struct nvmeinfo_smart  s;

		memset(&log, 0, sizeof log);
		if (nvme_get_log_smart(t->fd, NVME_NSID_ALL, true, &log) != 0)
			return false;
		smart_decode(&log, &s);
		if (s.temperature_c == NVMEINFO_TEMP_NONE)
			return false;
		*celsius = s.temperature_c;
		return true;
	}
	case NVMEINFO_THERMO_NONE:
		break;
	}
	return false;
}

void
nvmeinfo_thermo_close(struct nvmeinfo_thermo *t)
{
	if (t->fd >= 0)
		close(t->fd);
	thermo_none(t);
}

/* Read one controller's SMART log through its device node. */
int
nvmeinfo_smart_read(const char *dev_root, const char *ctrl, struct nvmeinfo_smart *out)
{
	struct nvme_smart_log log;
	char		      path[PATH_MAX];
	int		      fd, rc = 0;

	memset(out, 0, sizeof *out);
	if (strchr(ctrl, '/') != NULL)
		return -EINVAL;
	snprintf(path, sizeof path, "%s/%s", dev_root ? dev_root : "/dev", ctrl);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	memset(&log, 0, sizeof log);
	if (nvme_get_log_smart(fd, NVME_NSID_ALL, true, &log) == 0)
		smart_decode(&log, out);
	else
		rc = errno ? -errno : -EIO;
	close(fd);
	return rc;
}

/* Set a share part/whole and its source sentence. */
static void
written_set(struct nvmeinfo_written *out, uint64_t part, uint64_t whole, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

/* Set a share part/whole and its source sentence. */
static void
written_set(struct nvmeinfo_written *out, uint64_t part, uint64_t whole, const char *fmt, ...)
{
	va_list ap;

	out->share = part >= whole ? 1.0 : (double)part / (double)whole;
	va_start(ap, fmt);
	vsnprintf(out->source, sizeof out->source, fmt, ap);
	va_end(ap);
}

/* A loop device's backing file: its data extents against its size. */
static void
written_loop(const struct nvmeinfo_blockdev *b, struct nvmeinfo_written *out)
{
	uint64_t data, size;
	int	 fd = file_open_regular("backing file", b->backing_file, NULL);

	if (fd < 0)
		return;
	if (file_data_bytes(fd, &data, &size) == 0 && size > 0)
		written_set(out, data, size, "its backing file %s holds %llu of %llu bytes "
			    "(SEEK_DATA)", b->backing_file, (unsigned long long)data,
			    (unsigned long long)size);
	close(fd);
}

/* A zram device: the data it stores (mm_stat's orig_data_size) against its disksize. */
static void
written_zram(const char *root, const struct nvmeinfo_blockdev *b, struct nvmeinfo_written *out)
{
	char		   path[PATH_MAX], line[256];
	unsigned long long stored;
	long long	   disksize = sysfs_ll(0, "%s/block/%s/disksize", root, b->name);

	snprintf(path, sizeof path, "%s/block/%s/mm_stat", root, b->name);
	if (disksize <= 0 || file_read_line(path, line, sizeof line) < 0 ||
	    sscanf(line, "%llu", &stored) != 1)
		return;
	written_set(out, stored, (uint64_t)disksize, "zram stores %llu of %lld bytes (mm_stat)",
		    stored, disksize);
}

/* How much of a block device holds data. */
void
nvmeinfo_written(const char *sysfs_root, const struct nvmeinfo_blockdev *b,
		 const struct nvmeinfo_ns *ns, struct nvmeinfo_written *out)
{
	const char *root = sysfs_root ? sysfs_root : SYSFS_DEFAULT;

	out->share = NAN;
	out->source[0] = '\0';
	if (ns != NULL && ns->used_bytes >= 0 && ns->size_bytes > 0) {
		written_set(out, (uint64_t)ns->used_bytes, ns->size_bytes,
			    "Identify Namespace: NUSE %llu of NSZE %llu bytes",
			    (unsigned long long)ns->used_bytes,
			    (unsigned long long)ns->size_bytes);
		return;
	}
	if (b == NULL || b->kind == NULL)
		return;
	if (strcmp(b->kind, "loop") == 0 && b->backing_file != NULL)
		written_loop(b, out);
	else if (strcmp(b->kind, "zram") == 0)
		written_zram(root, b, out);
}
