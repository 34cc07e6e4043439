#!/bin/sh
# The fio twin: `drivedash run --print-fio` must be the job that reproduces
# the run.  For a few points on (a) a loop device over a /dev/shm file and
# (b) a scratch file on a real (O_DIRECT-capable, not tmpfs) filesystem, the
# engine and fio run the same point alternately (engine, fio, engine, fio,
# ...) and the median ratio of each engine run to its neighbouring fio runs
# must not fall more than 5 % below 1 nor rise more than 15 % above it (see
# tol_over).  The machine may be noisy: neighbours and the
# median keep drift out of the comparison; when the first three pairs
# disagree, two more join before the verdict.  A run that something else
# disturbed (the machine busy around it, repeats spread over 25 %) says so
# instead of judging.  Needs: fio, python3; root for the loop device.
# Skips visibly without fio.
. "${top_srcdir:-.}/tests/lib/tap.sh"
machine_alone
# A sanitizer slows the engine, not fio: the throughput comparison is
# meaningless there (.ci/run runs it in the plain build).
[ -z "${DD_SANITIZED:-}" ] || skip_all "throughput is not comparable under a sanitizer"

dd="${top_builddir:-.}/drivedash"
tmp=$(mktemp -d /dev/shm/dd-twin-XXXXXX)
fdir=$(mktemp -d "${top_builddir:-.}/tests/dd-twin-XXXXXX")
loop=""
tol=5		# percent: how far the engine may fall below fio
# How far it may rise above fio.  Where the host's CPUs are the limit (a loop
# device over /dev/shm at 400K IOPS on 2 CPUs, the loop's workers competing
# with the submitter) the engine's lighter submit/reap path leaves more CPU
# to the device: for 1.2M reads at QD32 the engine used 0.14 s user + 1.82 s
# sys against fio's 0.50 + 2.15 s, and ran 5-9 % ahead (medians: CI 1.069
# in fleet.sh; here 1.047 and 1.092, fio's own runs spreading 323-363K).
# On a device that is the limit the two meet (file qd=32 here: 0.995); the
# spec sheets are measured there.  Falling behind fio is what would make
# figures incomparable, so that side stays at 5 %.
tol_over=15
# Known gaps (TODO): at QD1 on a loop device fio sees about 70 % of its reads
# complete inline in the submitting io_uring_enter (clat ~0.3 us) and the
# engine about 60 %, and the engine's other reads take 30-40 us against
# fio's 4-17 us: 0.6-0.7x fio, with or without spinning, with any ring setup
# flags and with split submit/wait calls.  Cause not found yet.  On a file
# (ext4 over virtio here) the same shows smaller: two clean-clone CI runs
# measured medians of 0.906 and 0.896 with overlapping runs (repeat spread
# 15-22 %), so "file qd=1" is the same known gap, not noise.  Since then it
# has not shown: 2026-12-02's CI measured 1.052 (loop) and 1.049 (file), a
# quiet run here 1.030 and 1.014.  They stay listed (a SKIP says "did not
# show") until several CI runs agree.
known_gaps="loop qd=1 file qd=1"
pairs=3

cleanup() {
	[ -n "$loop" ] && losetup -d "$loop" 2>/dev/null
	rm -rf "$tmp" "$fdir"
}
trap cleanup EXIT INT TERM

command -v python3 >/dev/null 2>&1 || skip_all "python3 is needed to read JSON"

# Points: QD1 (one I/O per call) and QD32 (batched submits and reaps).
points="randread,bs=4k,qd=1,time=2,ramp=0.5 randread,bs=4k,qd=32,time=2,ramp=0.5"

# engine_iops TARGET POINT: the engine's IOPS of one run.
engine_iops() {
	"$dd" run --target "$1" --point "$2" --json "$tmp/dd.json" -q >/dev/null 2>&1 &&
		python3 -c "import json; print(json.load(open('$tmp/dd.json'))['points'][0]['iops'])"
}

# fio_iops JOBFILE: fio's IOPS (reads plus writes) of one run.
fio_iops() {
	fio --output-format=json "$1" 2>/dev/null >"$tmp/fio.json" &&
		python3 -c "import json; j=json.load(open('$tmp/fio.json'))['jobs'][0]; print(j['read']['iops']+j['write']['iops'])"
}

# median N...: the median of the numbers.
median() {
	python3 -c "import statistics,sys; print(statistics.median(map(float, sys.argv[1:])))" "$@"
}

# ratio_ok "E..." "F...": the median of each engine run over its neighbouring
# fio runs (E1/F1, E2/F1, E2/F2, ...) is within the tolerance; prints it too.
ratios() {
	python3 - "$1" "$2" "$tol" "$tol_over" <<'PY'
import statistics, sys
e = [float(x) for x in sys.argv[1].split()]
f = [float(x) for x in sys.argv[2].split()]
r = []
for i, x in enumerate(e):
    for j in (i - 1, i):
        if 0 <= j < len(f) and f[j] > 0:
            r.append(x / f[j])
m = statistics.median(r) if r else 0
ok = (1 - m) * 100 <= float(sys.argv[3]) and (m - 1) * 100 <= float(sys.argv[4])
print("%s %.3f" % (ok, m))
PY
}

# twin NAME TARGET POINT: alternate runs, compare neighbours.
twin() {
	name=$1; target=$2; point=$3
	if ! "$dd" run --target "$target" --point "$point" --print-fio >"$tmp/job.fio"; then
		ok "$name: --print-fio" false
		return
	fi
	de=""; fe=""; n=0; want=$pairs; busy=""
	while [ "$n" -lt "$want" ]; do
		[ -n "$busy" ] || busy=$(machine_busy)
		e=$(engine_iops "$target" "$point") || e=0
		f=$(fio_iops "$tmp/job.fio") || f=0
		de="$de $e"; fe="$fe $f"; n=$((n + 1))
		if [ "$n" -eq "$pairs" ] && [ "$want" -eq "$pairs" ]; then
			set -- $(ratios "$de" "$fe")
			[ "$1" = True ] || want=$((pairs + 2))
		fi
	done
	[ -n "$busy" ] || busy=$(machine_busy)
	set -- $(ratios "$de" "$fe")
	echo "# $name: engine$de; fio$fe; median engine/fio $2"
	if [ -n "$busy" ]; then
		disturbed "$name: engine IOPS within -$tol/+$tol_over % of its fio twin" "$busy (median ratio $2)"
		return
	fi
	# Noise decides nothing when the two tools' runs do not overlap: then
	# the difference is real.  When they overlap and the machine's own
	# repeat runs swing by more than 25 %, it cannot tell 5 %: say so
	# visibly (it holds the machine alone for that reason).
	apart=$(python3 -c "e=[float(x) for x in '$de'.split()]; f=[float(x) for x in '$fe'.split()]; print(max(e) < min(f) or min(e) > max(f))")
	noisy=$(python3 -c "e=[float(x) for x in '$de $fe'.split()]; print(min(e) <= 0 or max(e)/min(e) > 1.25)")
	if [ "$1" != True ] && [ "$apart" != True ] && [ "$noisy" = True ]; then
		disturbed "$name: engine IOPS within -$tol/+$tol_over % of its fio twin" \
			"repeat runs differ by over 25 % (median ratio $2)"
		return
	fi
	# Outside the tolerance, but the two tools' runs overlap and the median
	# is within twice it: this machine's run-to-run spread (about 5 % at
	# file QD1 here) cannot tell, so say so with the figure instead of
	# failing or passing.
	near=$(python3 -c "m = $2; print((1 - m) * 100 <= 2 * $tol and (m - 1) * 100 <= 2 * $tol_over)")
	if [ "$1" != True ] && [ "$apart" != True ] && [ "$near" = True ]; then
		case " $known_gaps " in *" $name "*) ;; *)
			disturbed "$name: engine IOPS within -$tol/+$tol_over % of its fio twin" \
				"median ratio $2, outside -$tol/+$tol_over % but within this run's spread (the runs overlap)"
			return
			;;
		esac
	fi
	# A known gap is reported as TODO (automake counts it XFAIL); when it
	# does not show, the run says so visibly (a SKIP naming the gap) rather
	# than as an XPASS that a loaded machine could produce by chance.
	case " $known_gaps " in
	*" $name "*)
		tap_n=$((tap_n + 1))
		if [ "$1" = True ]; then
			echo "ok $tap_n # SKIP $name: the known gap did not show this run (ratio $2): check whether it closed"
		else
			echo "not ok $tap_n - $name: engine IOPS within -$tol/+$tol_over % of its fio twin # TODO known gap: median ratio $2"
		fi
		return
		;;
	esac
	is "$name: engine IOPS within -$tol/+$tol_over % of its fio twin" True "$1"
}

if ! command -v fio >/dev/null 2>&1; then
	echo "ok 1 # SKIP fio is not installed"
	echo "ok 2 # SKIP fio is not installed"
	echo "1..2"
	exit 0
fi

# (a) a loop device over a /dev/shm file, direct I/O.
# Filled: reading never-written tmpfs pages costs nothing and swings wildly.
if [ "$(id -u)" -eq 0 ] && head -c 256M /dev/urandom >"$tmp/loop.img" 2>/dev/null &&
	loop=$(losetup --find --show --direct-io=on "$tmp/loop.img" 2>/dev/null); then
	for pt in $points; do
		twin "loop $(echo "$pt" | cut -d, -f3)" "$loop" "$pt"
	done
else
	echo "ok $((tap_n + 1)) # SKIP no loop device (needs root)"; tap_n=$((tap_n + 1))
fi

# (b) a scratch file on the build directory's filesystem (not tmpfs).
fs=$(stat -f -c %T "$fdir" 2>/dev/null)
if [ "$fs" != tmpfs ] && [ "$fs" != ramfs ] &&
	head -c 64M /dev/urandom >"$fdir/twin.dat" 2>/dev/null && sync "$fdir/twin.dat" &&
	"$dd" run --target "$fdir/twin.dat" --point 'randread,time=0.05,ramp=0' -q >/dev/null 2>&1; then
	for pt in $points; do
		twin "file $(echo "$pt" | cut -d, -f3)" "$fdir/twin.dat" "$pt"
	done
else
	echo "ok $((tap_n + 1)) # SKIP no O_DIRECT-capable filesystem for a scratch file ($fs)"
	tap_n=$((tap_n + 1))
fi

done_testing
