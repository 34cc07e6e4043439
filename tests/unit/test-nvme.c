/*
 * Tests for the sysfs side of src/io/nvme.c on a fake sysfs tree written in
 * /dev/shm: PCIe link parsing, block-device listing and kinds (with the
 * devices that must be skipped), controllers read from sysfs attributes, the
 * zero-NVMe case and bad roots; then one scan of the real /sys, which must
 * succeed with or without NVMe controllers.
 */
#include "config.h"

#include <errno.h>
#include <ftw.h>
#include <limits.h>
#include <math.h>
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

#include "io/nvme.h"

static char topdir[64];		/* the mkdtemp directory holding the trees */
static char root[128];		/* the full fake tree */
static char bare[128];		/* block devices only, no class/nvme */
static char empty[128];		/* an empty directory */
static char thermo[128];	/* sensors: hwmon, partitions, subsystems */

/* mkdir -p of the parent directories of path. */
static void
mkparents(const char *path)
{
	char buf[PATH_MAX];

	snprintf(buf, sizeof buf, "%s", path);
	for (char *p = buf + 1; *p != '\0'; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(buf, 0755) != 0 && errno != EEXIST)
			fail_msg("mkdir %s: %s", buf, strerror(errno));
		*p = '/';
	}
}

/* Write an attribute file base/rel (parents created) holding text. */
static void
put(const char *base, const char *rel, const char *text)
{
	char  path[PATH_MAX];
	FILE *f;

	snprintf(path, sizeof path, "%s/%s", base, rel);
	mkparents(path);
	f = fopen(path, "w");
	if (f == NULL)
		fail_msg("cannot write %s: %s", path, strerror(errno));
	fputs(text, f);
	fclose(f);
}

/* Make a directory base/rel (and its parents). */
static void
dir(const char *base, const char *rel)
{
	char path[PATH_MAX];

	snprintf(path, sizeof path, "%s/%s/", base, rel);
	mkparents(path);
}

/* Make a symlink base/rel pointing at target. */
static void
link_to(const char *base, const char *rel, const char *target)
{
	char path[PATH_MAX];

	snprintf(path, sizeof path, "%s/%s", base, rel);
	mkparents(path);
	if (symlink(target, path) != 0)
		fail_msg("symlink %s: %s", path, strerror(errno));
}

/* One whole disk under base/block. */
static void
disk(const char *base, const char *name, const char *sectors, const char *lbs,
     const char *pbs, const char *rot)
{
	char rel[256];

	snprintf(rel, sizeof rel, "block/%s/size", name);
	put(base, rel, sectors);
	snprintf(rel, sizeof rel, "block/%s/queue/logical_block_size", name);
	put(base, rel, lbs);
	snprintf(rel, sizeof rel, "block/%s/queue/physical_block_size", name);
	put(base, rel, pbs);
	snprintf(rel, sizeof rel, "block/%s/queue/rotational", name);
	put(base, rel, rot);
}

/* The block devices both fake trees share. */
static void
write_block(const char *base)
{
	char rel[PATH_MAX];

	disk(base, "vda", "1048576\n", "512\n", "4096\n", "1\n");
	disk(base, "sda", "7814037168\n", "512\n", "4096\n", "1\n");
	put(base, "block/sda/device/model", "QEMU HARDDISK   \n");
	disk(base, "loop0", "8192\n", "512\n", "512\n", "0\n");
	put(base, "block/loop0/loop/backing_file", "/dev/shm/some.img\n");
	disk(base, "loop1", "0\n", "512\n", "512\n", "0\n");	/* unbound: skipped */
	disk(base, "zram0", "0\n", "4096\n", "4096\n", "0\n");
	put(base, "block/zram0/disksize", "0\n");			/* not set up: skipped */
	disk(base, "zram1", "4194304\n", "4096\n", "4096\n", "0\n");
	put(base, "block/zram1/disksize", "2147483648\n");
	disk(base, "md0", "2048\n", "512\n", "512\n", "0\n");
	/* A virtio disk with a name that does not say so: its driver does. */
	disk(base, "xvb0", "2048\n", "512\n", "512\n", "0\n");
	dir(base, "bus/virtio/drivers/virtio_blk");
	snprintf(rel, sizeof rel, "%s/bus/virtio/drivers/virtio_blk", base);
	link_to(base, "block/xvb0/device/driver", rel);
	disk(base, "loop10", "16384\n", "512\n", "512\n", "0\n");
	put(base, "block/loop10/loop/backing_file", "/var/tmp/big.img\n");
}

/* The NVMe part of the full tree: two controllers, one namespace. */
static void
write_nvme(const char *base)
{
	char dev[PATH_MAX];

	/* nvme0: device is a link to its PCI function, like the real sysfs. */
	put(base, "devices/pci0000:00/0000:01:00.0/current_link_speed", "16.0 GT/s PCIe\n");
	put(base, "devices/pci0000:00/0000:01:00.0/max_link_speed", "32.0 GT/s PCIe\n");
	put(base, "devices/pci0000:00/0000:01:00.0/current_link_width", "4\n");
	put(base, "devices/pci0000:00/0000:01:00.0/max_link_width", "4\n");
	put(base, "devices/pci0000:00/0000:01:00.0/numa_node", "1\n");
	put(base, "devices/pci0000:00/0000:01:00.0/vendor", "0x1e0f\n");
	snprintf(dev, sizeof dev, "%s/devices/pci0000:00/0000:01:00.0", base);
	link_to(base, "class/nvme/nvme0/device", dev);
	put(base, "class/nvme/nvme0/model", "KIOXIA KCD9XPJE7T68                     \n");
	put(base, "class/nvme/nvme0/serial", "  X1Y2Z3  \n");
	put(base, "class/nvme/nvme0/firmware_rev", "1TCRS104\n");
	put(base, "class/nvme/nvme0/subsysnqn", "nqn.2019-10.com.kioxia:KCD9XPJE7T68:X1Y2Z3\n");
	put(base, "class/nvme/nvme0/transport", "pcie\n");
	put(base, "class/nvme/nvme0/nvme0c0n1/nsid", "1\n");
	put(base, "class/nvme/nvme0/nvme0c0n1/size", "15002931888\n");
	put(base, "class/nvme/nvme0/nvme0c0n1/queue/logical_block_size", "512\n");
	put(base, "class/nvme/nvme0/power/control", "auto\n");	/* not a namespace */

	/* nvme10: a plain device directory, the address as an attribute, a
	 * link that reports no width (0, 255) and an unknown maximum speed. */
	put(base, "class/nvme/nvme10/model", "QEMU NVMe Ctrl\n");
	put(base, "class/nvme/nvme10/firmware_rev", "7.2.22\n");
	put(base, "class/nvme/nvme10/address", "0000:00:04.0\n");
	put(base, "class/nvme/nvme10/device/current_link_speed", "2.5 GT/s PCIe\n");
	put(base, "class/nvme/nvme10/device/max_link_speed", "Unknown\n");
	put(base, "class/nvme/nvme10/device/current_link_width", "0\n");
	put(base, "class/nvme/nvme10/device/max_link_width", "255\n");	/* QEMU root bus */
	put(base, "class/nvme/nvme10/device/vendor", "0x1b36\n");
	put(base, "class/nvme/nvme10/device/numa_node", "-1\n");
	put(base, "class/nvme/nvme10/nvme10n2/nsid", "2\n");
	put(base, "class/nvme/nvme10/nvme10n2/size", "2097152\n");
	put(base, "class/nvme/nvme10/nvme10n2/queue/logical_block_size", "4096\n");
	put(base, "class/nvme/nvme10/nvme10n1/nsid", "1\n");
	put(base, "class/nvme/nvme10/nvme10n1/size", "2097152\n");
	put(base, "class/nvme/nvme10/nvme10n1/queue/logical_block_size", "512\n");
	put(base, "class/nvme/nvme-fabrics", "");	/* not a controller */

	/* The namespace's block device, and the hidden multipath path. */
	disk(base, "nvme0n1", "15002931888\n", "512\n", "512\n", "0\n");
	link_to(base, "block/nvme0n1/device", "../../class/nvme/nvme0");
	disk(base, "nvme0c0n1", "15002931888\n", "512\n", "512\n", "0\n");
	put(base, "block/nvme0c0n1/hidden", "1\n");
}

/* The sensor tree: sysfs under sys/, device nodes under dev/. */
static void
write_thermo(const char *base)
{
	/* nvme0: a hwmon sensor on the controller; a partition of its disk. */
	put(base, "sys/class/nvme/nvme0/hwmon2/temp1_input", "41850\n");
	link_to(base, "sys/block/nvme0n1/device", "../../class/nvme/nvme0");
	put(base, "sys/block/nvme0n1/nvme0n1p1/partition", "1\n");
	link_to(base, "sys/class/block/nvme0n1p1", "../../block/nvme0n1/nvme0n1p1");
	/* nvme1n1: a multipath head; its subsystem holds the controller
	 * nvme1 (with the sensor) and the namespace's own directory. */
	link_to(base, "sys/block/nvme1n1/device", "../../class/nvme-subsystem/nvme-subsys1");
	put(base, "sys/class/nvme-subsystem/nvme-subsys1/nvme1/hwmon0/temp1_input", "-5000\n");
	dir(base, "sys/class/nvme-subsystem/nvme-subsys1/nvme1n1");
	/* nvme2: no hwmon and no device node: no sensor. */
	dir(base, "sys/class/nvme/nvme2");
	link_to(base, "sys/block/nvme2n1/device", "../../class/nvme/nvme2");
	/* nvme3: a hwmon that does not read, and a "device node" that is a
	 * plain file, so the SMART log cannot be read either: no sensor. */
	put(base, "sys/class/nvme/nvme3/hwmon1/temp1_input", "n/a\n");
	link_to(base, "sys/block/nvme3n1/device", "../../class/nvme/nvme3");
	put(base, "dev/nvme3", "");
	/* A disk that is not NVMe. */
	put(base, "sys/block/sda/size", "2048\n");
}

/* Write the fake trees. */
static int
setup(void **state)
{
	(void)state;
	snprintf(topdir, sizeof topdir, "/dev/shm/dd-test-nvme-XXXXXX");
	if (mkdtemp(topdir) == NULL)
		return -1;
	snprintf(root, sizeof root, "%s/full", topdir);
	snprintf(bare, sizeof bare, "%s/bare", topdir);
	snprintf(empty, sizeof empty, "%s/empty", topdir);
	write_block(root);
	write_nvme(root);
	write_block(bare);
	dir(empty, ".");
	snprintf(thermo, sizeof thermo, "%s/thermo", topdir);
	write_thermo(thermo);
	return 0;
}

/* Remove one entry of the tree. */
static int
rm_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	return remove(path);
}

/* Remove the fake trees. */
static int
teardown(void **state)
{
	(void)state;
	nftw(topdir, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
	return 0;
}

/* Link speeds and generations as sysfs prints them. */
static void
test_link_speed(void **state)
{
	(void)state;
	assert_true(nvmeinfo_parse_link_speed("16.0 GT/s PCIe") == 16.0);
	assert_true(nvmeinfo_parse_link_speed("32.0 GT/s PCIe\n") == 32.0);
	assert_true(nvmeinfo_parse_link_speed("8 GT/s") == 8.0);
	assert_true(nvmeinfo_parse_link_speed(" 2.5 GT/s PCIe") == 2.5);
	assert_true(isnan(nvmeinfo_parse_link_speed("Unknown")));
	assert_true(isnan(nvmeinfo_parse_link_speed("Unknown speed")));
	assert_true(isnan(nvmeinfo_parse_link_speed("")));
	assert_true(isnan(nvmeinfo_parse_link_speed(NULL)));
	assert_int_equal(nvmeinfo_pcie_gen(2.5), 1);
	assert_int_equal(nvmeinfo_pcie_gen(5.0), 2);
	assert_int_equal(nvmeinfo_pcie_gen(8.0), 3);
	assert_int_equal(nvmeinfo_pcie_gen(16.0), 4);
	assert_int_equal(nvmeinfo_pcie_gen(32.0), 5);
	assert_int_equal(nvmeinfo_pcie_gen(64.0), 6);
	assert_int_equal(nvmeinfo_pcie_gen(10.0), 0);
	assert_int_equal(nvmeinfo_pcie_gen(NAN), 0);
}

/* The PCIe link of the fake controllers. */
static void
test_read_pcie(void **state)
{
	struct arena	     a = { 0 };
	struct nvmeinfo_pcie p;
	int		     numa = 99;

	(void)state;
	nvmeinfo_read_pcie(root, "nvme0", &a, &p, &numa);
	assert_string_equal(p.address, "0000:01:00.0");
	assert_true(p.speed_gts == 16.0);
	assert_true(p.max_speed_gts == 32.0);
	assert_int_equal(p.width, 4);
	assert_int_equal(p.max_width, 4);
	assert_int_equal(numa, 1);

	nvmeinfo_read_pcie(root, "nvme10", &a, &p, &numa);
	assert_string_equal(p.address, "0000:00:04.0");
	assert_true(p.speed_gts == 2.5);
	assert_true(isnan(p.max_speed_gts));
	assert_int_equal(p.width, -1);		/* "0": not trained / unknown */
	assert_int_equal(p.max_width, -1);	/* 255: not a width */
	assert_int_equal(numa, -1);

	/* A controller sysfs does not have: everything unknown. */
	nvmeinfo_read_pcie(root, "nvme7", &a, &p, &numa);
	assert_null(p.address);
	assert_true(isnan(p.speed_gts));
	assert_int_equal(p.width, -1);
	assert_int_equal(numa, -1);
	arena_free(&a);
}

/* Find a block device by name, NULL if not listed. */
static const struct nvmeinfo_blockdev *
find_dev(const struct nvmeinfo_blockdev *b, size_t n, const char *name)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(b[i].name, name) == 0)
			return &b[i];
	return NULL;
}

/* /sys/block: kinds, sizes, skipped devices, order. */
static void
test_blockdevs(void **state)
{
	static const char *const order[] = {
		"loop0", "loop10", "md0", "nvme0n1", "sda", "vda", "xvb0", "zram1",
	};
	struct dd_error			err = { 0 };
	struct arena			a = { 0 };
	struct nvmeinfo_blockdev       *b;
	const struct nvmeinfo_blockdev *d;
	size_t				n;

	(void)state;
	assert_int_equal(nvmeinfo_list_blockdevs(root, &a, &b, &n, &err), 0);
	assert_int_equal(n, sizeof order / sizeof order[0]);
	for (size_t i = 0; i < n; i++)
		assert_string_equal(b[i].name, order[i]);

	d = find_dev(b, n, "vda");
	assert_string_equal(d->kind, "virtio");
	assert_string_equal(d->path, "/dev/vda");
	assert_true(d->size_bytes == 1048576ULL * 512);
	assert_int_equal(d->logical_block_size, 512);
	assert_int_equal(d->physical_block_size, 4096);
	assert_true(d->rotational);
	assert_false(d->nvme);
	assert_null(d->model);

	d = find_dev(b, n, "sda");
	assert_string_equal(d->kind, "scsi");
	assert_string_equal(d->model, "QEMU HARDDISK");
	assert_true(d->size_bytes == 7814037168ULL * 512);

	d = find_dev(b, n, "loop0");
	assert_string_equal(d->kind, "loop");
	assert_string_equal(d->backing_file, "/dev/shm/some.img");
	assert_false(d->rotational);

	d = find_dev(b, n, "zram1");
	assert_string_equal(d->kind, "zram");
	assert_int_equal(d->logical_block_size, 4096);
	assert_true(d->size_bytes == 4194304ULL * 512);

	d = find_dev(b, n, "nvme0n1");
	assert_string_equal(d->kind, "nvme");
	assert_true(d->nvme);

	assert_string_equal(find_dev(b, n, "md0")->kind, "other");
	assert_string_equal(find_dev(b, n, "xvb0")->kind, "virtio");
	assert_null(find_dev(b, n, "loop1"));		/* no backing file */
	assert_null(find_dev(b, n, "zram0"));		/* disksize 0 */
	assert_null(find_dev(b, n, "nvme0c0n1"));	/* hidden path */
	for (size_t i = 0; i < n; i++)
		assert_int_equal(b[i].nvme, strcmp(b[i].kind, "nvme") == 0);
	arena_free(&a);
}

/* Controllers of a fake tree, read from sysfs attributes. */
static void
test_scan_fake(void **state)
{
	struct dd_error		    err = { 0 };
	struct arena		    a = { 0 };
	struct nvmeinfo		    info;
	const struct nvmeinfo_ctrl *c;

	(void)state;
	assert_int_equal(nvmeinfo_scan(root, &a, &info, &err), 0);
	assert_int_equal(info.nctrls, 2);
	assert_int_equal(info.nblockdevs, 8);

	c = &info.ctrls[0];
	assert_string_equal(c->name, "nvme0");
	assert_string_equal(c->model, "KIOXIA KCD9XPJE7T68");
	assert_string_equal(c->serial, "X1Y2Z3");
	assert_string_equal(c->firmware, "1TCRS104");
	assert_string_equal(c->transport, "pcie");
	assert_non_null(strstr(c->subsysnqn, "kioxia"));
	assert_int_equal(c->vendor_id, 0x1e0f);
	assert_string_equal(c->pcie.address, "0000:01:00.0");
	assert_int_equal(c->numa_node, 1);
	assert_false(c->smart.valid);		/* no SMART without a device node */
	assert_true(c->total_capacity < 0);
	assert_non_null(c->note);
	assert_int_equal(c->nnamespaces, 1);
	assert_string_equal(c->namespaces[0].name, "nvme0n1");
	assert_int_equal(c->namespaces[0].nsid, 1);
	assert_true(c->namespaces[0].size_bytes == 15002931888ULL * 512);
	assert_int_equal(c->namespaces[0].lba_data_size, 512);
	assert_int_equal(c->namespaces[0].nformats, 1);
	assert_true(c->namespaces[0].formats[0].in_use);
	assert_true(nvmeinfo_match_capacity(c) == 15002931888ULL * 512);

	c = &info.ctrls[1];
	assert_string_equal(c->name, "nvme10");
	assert_string_equal(c->model, "QEMU NVMe Ctrl");
	assert_null(c->serial);
	assert_int_equal(c->vendor_id, 0x1b36);
	assert_int_equal(c->nnamespaces, 2);
	assert_int_equal(c->namespaces[0].nsid, 1);	/* ordered by nsid */
	assert_int_equal(c->namespaces[1].nsid, 2);
	assert_int_equal(c->namespaces[1].lba_data_size, 4096);
	assert_true(nvmeinfo_match_capacity(c) == 2 * 2097152ULL * 512);
	arena_free(&a);
}

/* No NVMe at all is a normal result. */
static void
test_zero_nvme(void **state)
{
	struct dd_error err = { 0 };
	struct arena	a = { 0 };
	struct nvmeinfo info;

	(void)state;
	assert_int_equal(nvmeinfo_scan(bare, &a, &info, &err), 0);
	assert_int_equal(info.nctrls, 0);
	assert_null(info.ctrls);
	assert_int_equal(info.nblockdevs, 7);
	assert_null(find_dev(info.blockdevs, info.nblockdevs, "nvme0n1"));
	assert_string_equal(find_dev(info.blockdevs, info.nblockdevs, "vda")->kind, "virtio");

	assert_int_equal(nvmeinfo_scan(empty, &a, &info, &err), 0);
	assert_int_equal(info.nctrls, 0);
	assert_int_equal(info.nblockdevs, 0);
	assert_int_equal(err.code, 0);
	arena_free(&a);
}

/* A root that is missing or not a directory is an error with a sentence. */
static void
test_bad_root(void **state)
{
	struct dd_error err = { 0 };
	struct arena	a = { 0 };
	struct nvmeinfo info;
	char		path[PATH_MAX];

	(void)state;
	snprintf(path, sizeof path, "%s/no-such-dir", root);
	assert_int_equal(nvmeinfo_scan(path, &a, &info, &err), -ENOENT);
	assert_non_null(strstr(err.msg, "no-such-dir"));
	dd_error_clear(&err);
	snprintf(path, sizeof path, "%s/block/vda/size", root);
	assert_int_equal(nvmeinfo_scan(path, &a, &info, &err), -ENOTDIR);
	assert_non_null(strstr(err.msg, "not a directory"));
	arena_free(&a);
}

/* Decoding helpers: critical-warning bits, data units. */
static void
test_helpers(void **state)
{
	(void)state;
	assert_string_equal(nvmeinfo_cw_name(NVMEINFO_CW_SPARE), "spare");
	assert_string_equal(nvmeinfo_cw_name(NVMEINFO_CW_TEMPERATURE), "temperature");
	assert_string_equal(nvmeinfo_cw_name(NVMEINFO_CW_RELIABILITY), "reliability");
	assert_string_equal(nvmeinfo_cw_name(NVMEINFO_CW_READ_ONLY), "read-only");
	assert_string_equal(nvmeinfo_cw_name(NVMEINFO_CW_VOLATILE), "volatile-backup");
	assert_string_equal(nvmeinfo_cw_name(NVMEINFO_CW_PMR), "pmr-read-only");
	assert_null(nvmeinfo_cw_name(1 << 6));
	assert_null(nvmeinfo_cw_text(1 << 7));
	for (int b = 0; b < 6; b++)
		assert_non_null(nvmeinfo_cw_text(1 << b));
	assert_true(nvmeinfo_data_units_bytes(0) == 0);
	assert_true(nvmeinfo_data_units_bytes(1) == 512000);
	assert_true(nvmeinfo_data_units_bytes(1000000) == 512000000000ULL);
	assert_true(nvmeinfo_data_units_bytes(UINT64_MAX / 1000) == UINT64_MAX);
}

/* Temperature sensors: hwmon through partitions and multipath heads, and
 * no sensor (never an error) where neither hwmon nor SMART reads. */
static void
test_thermo(void **state)
{
	struct nvmeinfo_thermo t;
	char		       sys[PATH_MAX], dev[PATH_MAX];
	double		       c = 0;

	(void)state;
	snprintf(sys, sizeof sys, "%s/sys", thermo);
	snprintf(dev, sizeof dev, "%s/dev", thermo);

	nvmeinfo_thermo_open_name(&t, sys, dev, "nvme0n1");
	assert_int_equal(t.kind, NVMEINFO_THERMO_HWMON);
	assert_string_equal(t.source, "hwmon of nvme0");
	assert_true(nvmeinfo_thermo_read(&t, &c));
	assert_true(fabs(c - 41.85) < 1e-9);
	/* Every read is a fresh one. */
	put(thermo, "sys/class/nvme/nvme0/hwmon2/temp1_input", "43000\n");
	assert_true(nvmeinfo_thermo_read(&t, &c));
	assert_true(c == 43.0);
	nvmeinfo_thermo_close(&t);
	assert_int_equal(t.fd, -1);
	assert_false(nvmeinfo_thermo_read(&t, &c));

	nvmeinfo_thermo_open_name(&t, sys, dev, "nvme0n1p1");
	assert_int_equal(t.kind, NVMEINFO_THERMO_HWMON);
	assert_string_equal(t.source, "hwmon of nvme0");
	nvmeinfo_thermo_close(&t);

	nvmeinfo_thermo_open_name(&t, sys, dev, "nvme1n1");
	assert_int_equal(t.kind, NVMEINFO_THERMO_HWMON);
	assert_string_equal(t.source, "hwmon of nvme1");
	assert_true(nvmeinfo_thermo_read(&t, &c));
	assert_true(c == -5.0);
	nvmeinfo_thermo_close(&t);

	c = 99;
	for (int i = 0; i < 4; i++) {
		static const char *const none[] = { "nvme2n1", "nvme3n1", "sda", "nvme9n1" };

		nvmeinfo_thermo_open_name(&t, sys, dev, none[i]);
		assert_int_equal(t.kind, NVMEINFO_THERMO_NONE);
		assert_int_equal(t.fd, -1);
		assert_string_equal(t.source, "");
		assert_false(nvmeinfo_thermo_read(&t, &c));
		nvmeinfo_thermo_close(&t);
	}
	assert_true(c == 99);

	/* Paths: a regular file and a missing path have no sensor. */
	nvmeinfo_thermo_open(&t, dev);
	assert_int_equal(t.kind, NVMEINFO_THERMO_NONE);
	nvmeinfo_thermo_open(&t, "/nonexistent/nvme0n1");
	assert_int_equal(t.kind, NVMEINFO_THERMO_NONE);
	nvmeinfo_thermo_close(&t);
}

/* The real /sys: succeeds whether or not this machine has NVMe. */
static void
test_scan_real(void **state)
{
	struct dd_error err = { 0 };
	struct arena	a = { 0 };
	struct nvmeinfo info;

	(void)state;
	if (nvmeinfo_scan(NULL, &a, &info, &err) != 0)
		fail_msg("scan of /sys failed: %s", err.msg);
	for (size_t i = 0; i < info.nctrls; i++) {
		assert_non_null(info.ctrls[i].name);
		assert_int_equal(strncmp(info.ctrls[i].name, "nvme", 4), 0);
	}
	for (size_t i = 0; i < info.nblockdevs; i++) {
		assert_non_null(info.blockdevs[i].kind);
		assert_int_equal(strncmp(info.blockdevs[i].path, "/dev/", 5), 0);
	}
	arena_free(&a);
}

/* How much of a device holds data: NUSE first, a loop's backing file by
 * SEEK_DATA, zram's mm_stat; nothing known otherwise. */
static void
test_written(void **state)
{
	struct nvmeinfo_blockdev loop = { .name = "loop7", .kind = "loop" };
	struct nvmeinfo_blockdev zram = { .name = "zram1", .kind = "zram" };
	struct nvmeinfo_blockdev vda = { .name = "vda", .kind = "virtio" };
	struct nvmeinfo_ns	 ns = { .size_bytes = 1 << 20, .used_bytes = 0 };
	struct nvmeinfo_written	 w;
	char			 img[PATH_MAX], block[4096];
	FILE			*f;

	(void)state;
	nvmeinfo_written(root, &vda, &ns, &w);	/* the namespace's NUSE decides */
	assert_float_equal(w.share, 0, 0);
	assert_non_null(strstr(w.source, "NUSE 0 of NSZE 1048576"));
	ns.used_bytes = 1 << 19;
	nvmeinfo_written(root, NULL, &ns, &w);
	assert_float_equal(w.share, 0.5, 1e-9);
	ns.used_bytes = -1;			/* not reported: the block device's */
	nvmeinfo_written(root, &vda, &ns, &w);
	assert_true(isnan(w.share));
	assert_string_equal(w.source, "");
	/* A loop's backing file with 4 KiB of data in 1 MiB. */
	snprintf(img, sizeof img, "%s/backing.img", topdir);
	f = fopen(img, "w");
	assert_non_null(f);
	memset(block, 0x5a, sizeof block);
	assert_int_equal(fwrite(block, 1, sizeof block, f), sizeof block);
	assert_int_equal(ftruncate(fileno(f), 1 << 20), 0);
	fclose(f);
	loop.backing_file = img;
	nvmeinfo_written(root, &loop, NULL, &w);
	assert_float_equal(w.share, 4096.0 / (1 << 20), 1e-9);
	assert_non_null(strstr(w.source, "SEEK_DATA"));
	loop.backing_file = "/nonexistent/dd.img";	/* gone: nothing known */
	nvmeinfo_written(root, &loop, NULL, &w);
	assert_true(isnan(w.share));
	/* zram: orig_data_size against disksize (2 GiB in the fake tree). */
	put(root, "block/zram1/mm_stat", "536870912 1000 4096 0 4096 0 0 0 0\n");
	nvmeinfo_written(root, &zram, NULL, &w);
	assert_float_equal(w.share, 0.25, 1e-9);
	assert_non_null(strstr(w.source, "mm_stat"));
	nvmeinfo_written(root, NULL, NULL, &w);
	assert_true(isnan(w.share));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_link_speed),
		cmocka_unit_test(test_read_pcie),
		cmocka_unit_test(test_blockdevs),
		cmocka_unit_test(test_scan_fake),
		cmocka_unit_test(test_zero_nvme),
		cmocka_unit_test(test_bad_root),
		cmocka_unit_test(test_helpers),
		cmocka_unit_test(test_thermo),
		cmocka_unit_test(test_scan_real),
		cmocka_unit_test(test_written),
	};

	return cmocka_run_group_tests_name("nvme", tests, setup, teardown);
}
