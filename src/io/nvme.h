/*
 * Drive discovery: the NVMe controllers of this machine (through libnvme) and
 * every other block device (through sysfs), as plain structs.
 *
 * A struct nvmeinfo holds one discovery.  Each struct nvmeinfo_ctrl is one
 * controller (nvme0): its identity (model, serial, firmware, PCI vendor,
 * subsystem NQN), what Identify Controller says about capacity, transfer size
 * and temperature thresholds, the SMART / health log, the PCIe link as sysfs
 * reports it, and its namespaces (struct nvmeinfo_ns, with every LBA format
 * the namespace supports).  Each struct nvmeinfo_blockdev is one entry of
 * /sys/block, NVMe namespaces included, with its kind ("nvme", "virtio",
 * "zram", "loop", "scsi", "other").
 *
 * Everything lives in a caller-owned arena.  Strings the hardware did not
 * report are NULL; unknown integers are -1 (temperatures NVMEINFO_TEMP_NONE),
 * unknown doubles NAN.  No libnvme type appears here: all libnvme use is in
 * nvme.c.  The sysfs root is a parameter so the tests can point discovery at
 * a fake tree; libnvme itself always reads the real /sys, so a root other
 * than /sys is read through sysfs attributes alone (no Identify, no SMART).
 * No NVMe controller at all is a normal result, not an error.
 */
#ifndef DD_NVME_H
#define DD_NVME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lib/arena.h"
#include "lib/error.h"

#define NVMEINFO_TEMP_NONE	(-1000)	/* a temperature not reported */
#define NVMEINFO_SENSORS	8	/* temperature sensors in the SMART log */

/* Critical-warning bits of the SMART log (NVMe base spec, log page 02h). */
enum {
	NVMEINFO_CW_SPARE	= 1 << 0,	/* available spare below threshold */
	NVMEINFO_CW_TEMPERATURE	= 1 << 1,	/* over/under a temperature threshold */
	NVMEINFO_CW_RELIABILITY	= 1 << 2,	/* reliability degraded by media errors */
	NVMEINFO_CW_READ_ONLY	= 1 << 3,	/* media placed in read-only mode */
	NVMEINFO_CW_VOLATILE	= 1 << 4,	/* volatile memory backup failed */
	NVMEINFO_CW_PMR		= 1 << 5,	/* persistent memory region read-only */
};

/* The PCIe link of a controller, from sysfs (nvme-cli does not print it). */
struct nvmeinfo_pcie {
	const char *address;		/* "0000:01:00.0"; NULL when not PCIe */
	double	    speed_gts;		/* current_link_speed, 16.0 for "16.0 GT/s PCIe" */
	double	    max_speed_gts;	/* max_link_speed */
	int	    width, max_width;	/* lanes; -1 unknown */
};

/* The SMART / health information log (page 02h), decoded. */
struct nvmeinfo_smart {
	bool	 valid;			/* false: the log could not be read */
	int	 critical_warning;	/* NVMEINFO_CW_* bits */
	int	 temperature_c;		/* composite */
	int	 sensor_c[NVMEINFO_SENSORS];	/* NVMEINFO_TEMP_NONE when absent */
	int	 available_spare_pct, spare_threshold_pct, percentage_used;
	uint64_t data_units_read, data_units_written;	/* units of 512,000 bytes */
	uint64_t power_on_hours, power_cycles, unsafe_shutdowns;
	uint64_t media_errors, error_log_entries;
	uint32_t warning_temp_minutes, critical_temp_minutes;
	uint32_t thermal_t1_transitions, thermal_t2_transitions;
	uint32_t thermal_t1_seconds, thermal_t2_seconds;
};

/* One LBA format a namespace supports. */
struct nvmeinfo_lbaf {
	int  index;
	int  data_size;			/* bytes, 512 or 4096 ... */
	int  metadata_size;		/* bytes per LBA */
	bool in_use;
};

/* One namespace of a controller. */
struct nvmeinfo_ns {
	const char	     *name;		/* block device name, "nvme0n1" */
	int		      nsid;
	uint64_t	      size_bytes;	/* nsze x LBA data size */
	uint64_t	      capacity_bytes;	/* ncap x LBA data size */
	int64_t		      used_bytes;	/* nuse x LBA data size (what holds
						 * data, where the drive reports
						 * it); -1 unknown */
	int		      lba_data_size;	/* of the format in use; -1 unknown */
	int		      lba_metadata_size;
	struct nvmeinfo_lbaf *formats;		/* every supported format */
	size_t		      nformats;
};

/* One NVMe controller. */
struct nvmeinfo_ctrl {
	const char	     *name;		/* "nvme0" */
	const char	     *model, *serial, *firmware, *subsysnqn, *transport;
	int		      vendor_id;	/* PCI vendor id; -1 unknown */
	int64_t		      total_capacity;	/* tnvmcap bytes; 0 not reported, -1 unknown */
	int64_t		      mdts_bytes;	/* 0 no limit, -1 unknown */
	int		      temp_warning_c;	/* wctemp; NVMEINFO_TEMP_NONE unknown */
	int		      temp_critical_c;	/* cctemp */
	int		      numa_node;	/* -1 none or unknown */
	struct nvmeinfo_pcie  pcie;
	struct nvmeinfo_smart smart;
	struct nvmeinfo_ns   *namespaces;
	size_t		      nnamespaces;
	const char	     *note;		/* why some of the above is missing */
};

/* One whole-disk block device from /sys/block. */
struct nvmeinfo_blockdev {
	const char *name;		/* "vda" */
	const char *path;		/* "/dev/vda" */
	const char *kind;		/* "nvme", "virtio", "zram", "loop", "scsi", "other" */
	const char *model;		/* device/model, NULL if none */
	const char *backing_file;	/* loop devices only */
	uint64_t    size_bytes;		/* size x 512 */
	int	    logical_block_size, physical_block_size;
	bool	    rotational;
	bool	    nvme;		/* an NVMe namespace */
};

/* One discovery. */
struct nvmeinfo {
	struct nvmeinfo_ctrl	 *ctrls;
	size_t			  nctrls;
	struct nvmeinfo_blockdev *blockdevs;
	size_t			  nblockdevs;
};

/*
 * Discover NVMe controllers and block devices under sysfs_root (NULL means
 * "/sys").  Zero controllers is success.  Returns 0, or a negative errno with
 * err set when sysfs_root is not a readable directory or libnvme fails.
 */
int nvmeinfo_scan(const char *sysfs_root, struct arena *a, struct nvmeinfo *out,
		  struct dd_error *err);

/* Only the block devices of /sys/block under sysfs_root. */
int nvmeinfo_list_blockdevs(const char *sysfs_root, struct arena *a,
			    struct nvmeinfo_blockdev **out, size_t *n,
			    struct dd_error *err);

/* The PCIe link of controller ctrl_name from sysfs; fields stay unknown if absent. */
void nvmeinfo_read_pcie(const char *sysfs_root, const char *ctrl_name,
			struct arena *a, struct nvmeinfo_pcie *out, int *numa_node);

/* A sysfs link speed ("16.0 GT/s PCIe", "8 GT/s") in GT/s, NAN if unknown. */
double nvmeinfo_parse_link_speed(const char *s);

/* The PCIe generation of a link speed in GT/s (2.5 -> 1 ... 64 -> 6), 0 if unknown. */
int nvmeinfo_pcie_gen(double gts);

/* Name of a critical-warning bit ("spare", "temperature" ...), NULL if unknown. */
const char *nvmeinfo_cw_name(int bit);

/* One sentence on a critical-warning bit, NULL if unknown. */
const char *nvmeinfo_cw_text(int bit);

/* How much of a block device holds data (nvmeinfo_written). */
struct nvmeinfo_written {
	double share;		/* 0..1; NAN: nothing tells */
	char   source[160];	/* how it is known, for a sentence */
};

/*
 * How much of block device b (ns: its NVMe namespace, or NULL) holds data,
 * where the device tells: Identify Namespace NUSE against NSZE, a loop
 * device's backing file by SEEK_DATA (its holes were never written), a zram
 * device's mm_stat (orig_data_size) against its disksize.  sysfs_root NULL:
 * "/sys".  Never fails: out->share NAN when nothing tells.
 */
void nvmeinfo_written(const char *sysfs_root, const struct nvmeinfo_blockdev *b,
		      const struct nvmeinfo_ns *ns, struct nvmeinfo_written *out);

/* Bytes read or written from SMART data units (x 512,000), saturating. */
uint64_t nvmeinfo_data_units_bytes(uint64_t units);

/* The capacity to match against: tnvmcap, else the namespaces' sizes summed. */
uint64_t nvmeinfo_match_capacity(const struct nvmeinfo_ctrl *c);

/*
 * The temperature of the drive behind a block device, for sampling during a
 * sweep: the controller's hwmon sensor (temp1_input, the composite
 * temperature) when the kernel registered one, else the composite
 * temperature of the SMART / health log read through the controller's
 * character device.  Partitions resolve to their disk, multipath heads to
 * their first controller.  Anything else has no sensor.
 */
enum nvmeinfo_thermo_kind {
	NVMEINFO_THERMO_NONE,
	NVMEINFO_THERMO_HWMON,
	NVMEINFO_THERMO_SMART,
};

struct nvmeinfo_thermo {
	enum nvmeinfo_thermo_kind kind;
	int			  fd;		/* temp1_input, or /dev/nvmeN; -1 */
	char			  source[64];	/* "hwmon of nvme0", "SMART log of nvme0" */
};

/*
 * Find the sensor of block device `name` ("nvme0n1", "nvme0n1p2") under
 * sysfs_root and dev_root (NULL: "/sys", "/dev").  Never fails: without a
 * sensor t->kind is NVMEINFO_THERMO_NONE.
 */
void nvmeinfo_thermo_open_name(struct nvmeinfo_thermo *t, const char *sysfs_root,
			       const char *dev_root, const char *name);

/* The same for a path: a block device node (anything else has no sensor). */
void nvmeinfo_thermo_open(struct nvmeinfo_thermo *t, const char *path);

/* The same for the node open on fd (what a sweep really measures, whatever
 * its path names now); fd -1 (a remote target) has no sensor. */
void nvmeinfo_thermo_open_fd(struct nvmeinfo_thermo *t, int fd);

/* Read the temperature in degrees C; false when there is none now. */
bool nvmeinfo_thermo_read(struct nvmeinfo_thermo *t, double *celsius);

/* Close the sensor (safe on a closed or never-opened one after _open). */
void nvmeinfo_thermo_close(struct nvmeinfo_thermo *t);

/*
 * Read the SMART / health log of controller ctrl ("nvme0") through its
 * device node under dev_root (NULL: "/dev"), for a reading before and after
 * a sweep point.  0, or a negative errno (out->valid false) when the node
 * cannot be opened (needs root) or the controller refuses the log.
 */
int nvmeinfo_smart_read(const char *dev_root, const char *ctrl, struct nvmeinfo_smart *out);

#endif
