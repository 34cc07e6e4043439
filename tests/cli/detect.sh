#!/bin/sh
# `drivedash detect` on this machine (with or without NVMe: the controller
# count must be what /sys/class/nvme holds, exit 0 either way; a virtio vda is
# listed as "not NVMe"), its JSON field names, then on fake sysfs trees
# (--sysfs) with a KIOXIA and a QEMU controller matched against the bundled
# database and tests/qemu-test.db, and its errors.
# Needs: python3 (fake sysfs trees; works without NVMe and without root).
. "${top_srcdir:-.}/tests/lib/tap.sh"

dd="${top_builddir:-.}/drivedash"
qdb="${top_builddir:-.}/tests/qemu-test.db"
tmp=$(mktemp -d /dev/shm/dd-detect-XXXXXX)
trap 'rm -rf "$tmp"' EXIT INT TERM

command -v python3 >/dev/null 2>&1 || skip_all "python3 is needed to read JSON"



# put FILE TEXT: write an attribute of a fake sysfs tree (parents created).
put() {
	mkdir -p "$(dirname "$1")"
	printf '%s\n' "$2" >"$1"
}

# --- this machine -----------------------------------------------------------
nctrl=0
if [ -d /sys/class/nvme ]; then
	nctrl=$(ls /sys/class/nvme | grep -c '^nvme[0-9][0-9]*$')
fi

run "$dd" detect
is "detect exits 0" 0 "$rc"
like "detect prints the controller section" '^DETECTED' "$out"
like "detect prints the block devices" '^OTHER BLOCK DEVICES' "$out"
is "detect is quiet on stderr" "" "$err"
if [ "$nctrl" -eq 0 ]; then
	like "no NVMe here: says so" 'no NVMe controller on this machine' "$out"
else
	like "NVMe here: lists nvme0-style names" '^  nvme[0-9]+ ' "$out"
fi
if [ -e /sys/block/vda ]; then
	like "vda is listed as virtio, not NVMe" '^  vda +virtio .*not NVMe' "$out"
fi

run "$dd" detect --json
is "detect --json exits 0" 0 "$rc"
is "detect --json: controllers are /sys/class/nvme's" "$nctrl" "$(json 'len(j["controllers"])')"
is "detect --json: top-level keys" "block_devices,controllers" \
	"$(json '",".join(sorted(j))')"
is "detect --json: every block device has its fields" "True" \
	"$(json 'all(set(["name","path","size_bytes","logical_block_size","physical_block_size","rotational","model","kind","nvme"]) <= set(b) for b in j["block_devices"])')"
is "detect --json: nvme is true exactly for kind nvme" "True" \
	"$(json 'all(b["nvme"] == (b["kind"] == "nvme") for b in j["block_devices"])')"
is "detect --json: kinds are known" "True" \
	"$(json 'all(b["kind"] in ("nvme","virtio","zram","loop","scsi","other") for b in j["block_devices"])')"
if [ -e /sys/block/vda ]; then
	is "detect --json: vda is virtio, not NVMe" "virtio False /dev/vda" \
		"$(json '" ".join(str(x) for b in j["block_devices"] if b["name"]=="vda" for x in (b["kind"], b["nvme"], b["path"]))')"
	is "detect --json: vda size is sectors x 512" "$(($(cat /sys/block/vda/size) * 512))" \
		"$(json '[b["size_bytes"] for b in j["block_devices"] if b["name"]=="vda"][0]')"
fi
# The root filesystem's device is mounted at /: flagged (read-only check).
rootdev=$(findmnt -n -o SOURCE / 2>/dev/null)
rootname=$(basename "$(readlink -f "$rootdev" 2>/dev/null)" 2>/dev/null)
rootdisk=$(lsblk -n -o PKNAME "/dev/$rootname" 2>/dev/null | head -1)
[ -n "$rootdisk" ] || rootdisk=$rootname
if [ -n "$rootdisk" ] && [ -b "/dev/$rootdisk" ]; then
	is "detect JSON: the root fs device is mounted and root" "True True" \
		"$(json "' '.join(str(b['mounted'])+' '+str(b['root']) for b in j['block_devices'] if b['name']=='$rootdisk')")"
	is "detect JSON: its mount points include /" "True" \
		"$(json "any('/' in b['mountpoints'] for b in j['block_devices'] if b['name']=='$rootdisk')")"
	is "detect JSON: every block device has the flags" "True" \
		"$(json "all('mounted' in b and 'root' in b and 'mountpoints' in b for b in j['block_devices'])")"
else
	ok "detect JSON: the root fs is not on a block device here (skipped)" true
fi

# --- a fake tree: a KIOXIA CD9P-R on a Gen4 link, an unknown KIOXIA part ----
fs="$tmp/sys"
pci="$fs/devices/pci0000:00/0000:01:00.0"
put "$pci/current_link_speed" "16.0 GT/s PCIe"
put "$pci/max_link_speed" "32.0 GT/s PCIe"
put "$pci/current_link_width" "4"
put "$pci/max_link_width" "4"
put "$pci/numa_node" "0"
put "$pci/vendor" "0x1e0f"
mkdir -p "$fs/class/nvme/nvme0"
ln -s "$pci" "$fs/class/nvme/nvme0/device"
put "$fs/class/nvme/nvme0/model" "KIOXIA KCD9XPJE7T68"
put "$fs/class/nvme/nvme0/serial" "FAKE0001"
put "$fs/class/nvme/nvme0/firmware_rev" "1TCRS104"
put "$fs/class/nvme/nvme0/nvme0n1/nsid" "1"
put "$fs/class/nvme/nvme0/nvme0n1/size" "15002931888"
put "$fs/class/nvme/nvme0/nvme0n1/queue/logical_block_size" "4096"
put "$fs/class/nvme/nvme1/model" "KIOXIA KCD9XPJE9T99"
put "$fs/class/nvme/nvme1/address" "0000:02:00.0"
put "$fs/class/nvme/nvme1/device/current_link_speed" "32.0 GT/s PCIe"
put "$fs/class/nvme/nvme1/device/max_link_speed" "32.0 GT/s PCIe"
put "$fs/class/nvme/nvme1/device/current_link_width" "4"
put "$fs/class/nvme/nvme1/device/max_link_width" "4"
put "$fs/block/vdb/size" "2048"
put "$fs/block/vdb/queue/logical_block_size" "512"
put "$fs/block/vdb/queue/physical_block_size" "512"
put "$fs/block/vdb/queue/rotational" "1"

# The glyphs below are UTF-8's: pin the locale (LANG=C is tested after).
run env LC_ALL=C.UTF-8 "$dd" detect --sysfs "$fs"
is "fake tree: exits 0" 0 "$rc"
like "fake tree: CD9P-R matched" 'nvme0 +KIOXIA KCD9XPJE7T68 → KIOXIA CD9P-R 7.68 TB' "$out"
like "fake tree: link below max is flagged" 'PCIe +Gen4 x4 \(max Gen5 x4\) ⚠' "$out"
like "fake tree: the link explainer" 'pcie-link: PCIe link trained at Gen4 x4' "$out"
like "fake tree: unknown part names the nearest family" \
	'nvme1 +KIOXIA KCD9XPJE9T99 → not in database \(nearest: KIOXIA CD9P-R\)' "$out"
like "fake tree: full link has no mark" 'PCIe +Gen5 x4 \(max Gen5 x4\), 0000:02' "$out"
like "fake tree: vdb not NVMe" '^  vdb +virtio .*not NVMe' "$out"

# LANG=C: the same report in ASCII, the glyphs as their twins.
run env LANG=C LC_ALL=C "$dd" detect --sysfs "$fs"
is "fake tree, LANG=C: exits 0" 0 "$rc"
is "fake tree, LANG=C: output is ASCII" "" "$(printf '%s' "$out$err" | LC_ALL=C tr -d '\000-\177')"
like "fake tree, LANG=C: -> for the match arrow" 'nvme0 +KIOXIA KCD9XPJE7T68 -> KIOXIA CD9P-R 7.68 TB' "$out"
like "fake tree, LANG=C: ! flags the link" 'PCIe +Gen4 x4 \(max Gen5 x4\) !' "$out"
run env LANG=C LC_ALL=C "$dd" detect
is "this machine, LANG=C: output is ASCII" "" "$(printf '%s' "$out$err" | LC_ALL=C tr -d '\000-\177')"

run "$dd" detect --sysfs "$fs" --json
is "fake tree --json: exits 0" 0 "$rc"
is "fake tree --json: controller keys" \
	"explainers,firmware,match,mdts_bytes,model,name,namespaces,note,numa_node,pcie,serial,smart,subsystem_nqn,temp_critical_c,temp_warning_c,total_capacity_bytes,transport,vendor_id" \
	"$(json '",".join(sorted(j["controllers"][0]))')"
is "fake tree --json: match keys" \
	"drive_id,family_id,inferred_only,label,nearest_family,rule,sku,sku_status,status" \
	"$(json '",".join(sorted(j["controllers"][0]["match"]))')"
is "fake tree --json: pcie keys" "address,max_speed_gts,max_width,speed_gts,width" \
	"$(json '",".join(sorted(j["controllers"][0]["pcie"]))')"
is "fake tree --json: namespace keys" \
	"capacity_bytes,lba_data_size,lba_formats,lba_metadata_size,name,nsid,size_bytes" \
	"$(json '",".join(sorted(j["controllers"][0]["namespaces"][0]))')"
is "fake tree --json: LBA format keys" "data_size,in_use,index,metadata_size" \
	"$(json '",".join(sorted(j["controllers"][0]["namespaces"][0]["lba_formats"][0]))')"
is "fake tree --json: matched" "matched kioxia-cd9p-r kioxia-cd9p-r-7680 KCD9XPJE7T68 published normalised None" \
	"$(json '" ".join(str(j["controllers"][0]["match"][k]) for k in ("status","family_id","drive_id","sku","sku_status","rule","nearest_family"))')"
is "fake tree --json: PCIe link" "0000:01:00.0 16.0 4 32.0 4" \
	"$(json '" ".join(str(j["controllers"][0]["pcie"][k]) for k in ("address","speed_gts","width","max_speed_gts","max_width"))')"
is "fake tree --json: vendor id" "7695" "$(json 'j["controllers"][0]["vendor_id"]')"
is "fake tree --json: explainer kinds" "pcie-link" \
	"$(json '",".join(e["kind"] for e in j["controllers"][0]["explainers"])')"
is "fake tree --json: no SMART without a device node" "None" "$(json 'j["controllers"][0]["smart"]')"
is "fake tree --json: namespace size" "7681501126656 4096" \
	"$(json '" ".join(str(j["controllers"][0]["namespaces"][0][k]) for k in ("size_bytes","lba_data_size"))')"
is "fake tree --json: not in database" "not-in-database None None kioxia-cd9p-r" \
	"$(json '" ".join(str(j["controllers"][1]["match"][k]) for k in ("status","family_id","rule","nearest_family"))')"

# --- QEMU's controller against the test database ---------------------------
qfs="$tmp/qsys"
put "$qfs/class/nvme/nvme0/model" "QEMU NVMe Ctrl"
put "$qfs/class/nvme/nvme0/firmware_rev" "7.2.22"
put "$qfs/class/nvme/nvme0/device/vendor" "0x1b36"
put "$qfs/class/nvme/nvme0/nvme0n1/nsid" "1"
put "$qfs/class/nvme/nvme0/nvme0n1/size" "4194304"
put "$qfs/class/nvme/nvme0/nvme0n1/queue/logical_block_size" "512"

run "$dd" --db "$qdb" detect --sysfs "$qfs" --json
is "QEMU: exits 0" 0 "$rc"
is "QEMU: 2 GiB namespace picks the 2 GB point" "matched qemu-nvme-2 QEMU NVMe Ctrl observed exact" \
	"$(json '" ".join(str(j["controllers"][0]["match"][k]) for k in ("status","drive_id","sku","sku_status","rule"))')"
is "QEMU: vendor 0x1b36" "6966" "$(json 'j["controllers"][0]["vendor_id"]')"
run "$dd" detect --sysfs "$qfs" --json
is "QEMU on the bundled database: not in it" "not-in-database None" \
	"$(json '" ".join(str(j["controllers"][0]["match"][k]) for k in ("status","nearest_family"))')"

# --- zero controllers in a tree, and errors ---------------------------------
mkdir -p "$tmp/empty"
run "$dd" detect --sysfs "$tmp/empty" --json
is "empty tree: exits 0" 0 "$rc"
is "empty tree: no controllers, no devices" "0 0" \
	"$(json '"%d %d" % (len(j["controllers"]), len(j["block_devices"]))')"

run "$dd" detect --sysfs "$tmp/no-such-dir"
is "missing sysfs root exits 2" 2 "$rc"
like "missing sysfs root is named" 'no-such-dir' "$err"
is "missing sysfs root: one line on stderr" 1 "$(printf '%s\n' "$err" | wc -l)"

run "$dd" detect extra
is "detect with an argument exits 2" 2 "$rc"

run "$dd" detect --bogus
is "detect with an unknown option exits 2" 2 "$rc"

run "$dd" --db "$tmp/none.db" detect
is "detect without a database exits 2" 2 "$rc"

run "$dd" detect --help
is "detect --help exits 0" 0 "$rc"
like "detect --help names --json" '--json' "$out"

run "$dd" --help
like "--help lists detect" '  detect ' "$out"

done_testing
