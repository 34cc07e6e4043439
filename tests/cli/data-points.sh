#!/bin/sh
# Figures on the capacity point they belong to (issue 27): a row of `show`'s
# attribute tables shows its own point's spec figures, else the family-wide
# ones, never another capacity's, and says which; a family row and `list`
# say which point their headline is from (or "family"); form factors are per
# point; group-wide review figures are no drive's; qualifiers, the inferred
# mark and "conditions not stated" survive into show, compare and JSON; one
# MTTF temperature rule.  The regression cases are the issue's examples; the
# sweep checks every attribute and capacity query the man page names against
# the database itself.
# Needs: python3.
. "${top_srcdir:-.}/tests/lib/tap.sh"

dd="${top_builddir:-.}/drivedash"
tmp=$(mktemp -d /dev/shm/dd-points-XXXXXX)
trap 'rm -rf "$tmp"' EXIT INT TERM

command -v python3 >/dev/null 2>&1 || skip_all "python3 is needed to read JSON"
DRIVEDASH_NO_OVERLAY=1
export DRIVEDASH_NO_OVERLAY


# sql QUERY: one value from the bundled database.
sql() {
	python3 -c "import sqlite3; print(sqlite3.connect('$DRIVEDASH_DB').execute(\"$1\").fetchone()[0])"
}

# row FAMILY CAPACITY_GB EXPR: EXPR over the attribute row `r` of that point.
row() {
	json "[$3 for r in j['drives'] if r['family'] == '$1' and r['capacity_gb'] == $2][0]"
}

# --- the issue's regression cases -------------------------------------------
run "$dd" show 30.72 --json
is "show 30.72: the CD9P-R 30.72 TB has its own 13,500 MB/s" 13500.0 \
	"$(row kioxia-cd9p-r 30720 "r['best_seq_read_mbps']")"
is "show 30.72: ... from its own point" kioxia-cd9p-r-30720 \
	"$(row kioxia-cd9p-r 30720 "r['figures']['seq_read']['capacity_point']")"
is "show 30.72: the CM9-R 30.72 TB (no figures of its own) shows none" None \
	"$(row kioxia-cm9-r 30720 "r['figures']['seq_read']")"
run "$dd" show 30.72
like "show 30.72: the table says where the figures are from" \
	'CD9P-R +30\.72 TB .* 13,500 .* this point$' "$out"
ok "show 30.72: no 30.72 TB row carries the 7.68 TB's 14,800" \
	sh -c "! grep -q '14,800' '$tmp/out'"

run "$dd" show 1.92 --json
is "show 1.92: the CD9P-R 1.92 TB has its own 14,500 MB/s, 2M IOPS" "14500.0 2000000.0" \
	"$(row kioxia-cd9p-r 1920 "'%s %s' % (r['best_seq_read_mbps'], r['best_rand_read_iops'])")"
is "show 1.92: the CD6-R 1.92 TB has its own 5,800 MB/s (not the 3.84 TB's 6,200)" 5800.0 \
	"$(row kioxia-cd6 1920 "r['best_seq_read_mbps']")"

run "$dd" show 3 dwpd --json
is "show 3 dwpd: the SN861 3.2 TB gets none of the 1-DWPD 7.68 TB's figures" \
	"[None, None, None, None]" \
	"$(row sandisk-sn861 3200 "[r['figures'][k] for k in ('seq_read', 'seq_write', 'rand_read', 'rand_write')]")"

run "$dd" show '2.5"' --json
is "show 2.5\": the CD9P-R 61.44 TB (no figures) shows none" "None None" \
	"$(row kioxia-cd9p-r 61440 "'%s %s' % (r['best_seq_read_mbps'], r['figures_from'] if r['figures_from'] != '-' else None)")"

run "$dd" show 7.68TB --json
is "show 7.68TB: the D7-P5510 7.68 TB has its own 7,000 MB/s (not the 3.84 TB's 6,500)" \
	"7000.0 intel-p5510-7680" \
	"$(row intel-p5510 7680 "'%s %s' % (r['best_seq_read_mbps'], r['figures']['seq_read']['capacity_point'])")"
is "show 7.68TB: ... and no random read (the 3.84 TB's 700K is not its)" None \
	"$(row intel-p5510 7680 "r['best_rand_read_iops']")"
is "show 7.68TB: the 7400 PRO's family-maximum figures are labelled family-wide" "True family-wide" \
	"$(row micron-7400-pro 7680 "'%s %s' % (r['figures']['seq_read']['family_wide'], r['figures_from'])")"
run "$dd" show 7.68TB
ok "show 7.68TB: no footer calls the figures the family's best" \
	sh -c "! grep -q \"family's best\" '$tmp/out'"
like "show 7.68TB: the footer gives the rule" "another capacity's" "$out"

run "$dd" list
like "list: the 7400 PRO's family maxima are at no point: AT reads family" \
	'7400 PRO .* family +6,600/' "$out"
run "$dd" list --json
is "list --json: 7400 PRO best.capacity_point is null, its figures family-wide" "None True" \
	"$(json "[ '%s %s' % (f['best']['capacity_point'], f['best']['figures']['seq_read']['family_wide']) for f in j if f['id'] == 'micron-7400-pro'][0]")"
is "list --json: the CD9P-R's headline figures name their point" "kioxia-cd9p-r-7680" \
	"$(json "[f['best']['figures']['seq_read']['capacity_point'] for f in j if f['id'] == 'kioxia-cd9p-r'][0]")"
is "list --json: each capacity has its own figures (CD9P-R 30.72 TB: 13,500)" 13500.0 \
	"$(json "[c['figures']['seq_read']['value'] for f in j if f['id'] == 'kioxia-cd9p-r' for c in f['capacities'] if c['id'] == 'kioxia-cd9p-r-30720'][0]")"
run "$dd" show '3 dwpd'
like "show 3 dwpd: a family row names its headline point" '9550 MAX .* at 12\.8 TB$' "$out"

run "$dd" show cd9p-r 30.72
like "show cd9p-r 30.72: the point's own sheet has its 13,500" 'sequential read 128K \(MB/s\) +13,500' "$out"
like "show cd9p-r 30.72: the family-wide figures are labelled so" '^  family-wide \(stated for the family' "$out"

# --- form factor per capacity point -----------------------------------------
run "$dd" show '15.36 u.2' --json
is "show '15.36 u.2': no CM9-R (its 15.36 TB is E3.S only)" 0 \
	"$(json "len([r for r in j['drives'] if r['family'] == 'kioxia-cm9-r'])")"
run "$dd" show U.2 --json
is "show U.2: the CM9-R only at 61.44 TB" "[61440.0]" \
	"$(json "[r['capacity_gb'] for r in j['drives'] if r['family'] == 'kioxia-cm9-r']")"
run "$dd" show M.2 --json
is "show M.2: the PM9A3 only up to 3.84 TB" "[1920.0, 3840.0]" \
	"$(json "[r['capacity_gb'] for r in j['drives'] if r['family'] == 'samsung-pm9a3']")"

# --- every attribute and capacity query of the man page ---------------------
# Each row has the attribute (the point's own form factor, else its
# family's; a family row: every point of it), and each figure is a stated
# preferred spec row of its point, or a family-wide one of its family.
cat >"$tmp/sweep.py" <<'EOF'
import json, re, sqlite3, subprocess, sys
dd, dbpath = sys.argv[1], sys.argv[2]
db = sqlite3.connect(dbpath)
FF = {'U.2': ['u2'], 'U.3': ['u3'], 'E1.S': ['e1s'], 'E1.L': ['e1l'], 'E3.S': ['e3s'],
      'E3.L': ['e3l'], 'M.2': ['m2'], '2.5-inch': ['25', 'u2', 'u3']}
def ff_has(text, ff):
    toks = [re.sub(r'[^a-z0-9]', '', t.lower()) for t in re.split(r'[ ;/,()]', text or '')]
    toks = [t.replace('inch', '').replace('in', '') if t.startswith('25') else t for t in toks]
    return any(t in FF[ff] for t in toks)
fam = {r[0]: r[1:] for r in db.execute('SELECT id, form_factors, pcie_gen, dwpd FROM family')}
drv = {r[0]: r[1:] for r in db.execute('SELECT id, family_id, capacity_gb, form_factor, dwpd FROM drive')}
def point_has(did, attr):
    fid, cap, ff, dw = drv[did]
    fff, gen, fdw = fam[fid]
    if 'ff' in attr and not ff_has(ff if ff else fff, attr['ff']): return False
    if 'gen' in attr and gen != attr['gen']: return False
    if 'dwpd' in attr and abs((dw if dw is not None else (fdw or -9)) - attr['dwpd']) > 0.05: return False
    return True
def fig_ok(fid, f, metric):
    if f is None: return True
    cp = f['capacity_point']
    q = ("SELECT COUNT(*) FROM spec s JOIN unit u ON u.id = s.unit_id WHERE s.family_id = ? "
         "AND s.metric_id = ? AND s.preferred = 1 AND abs(s.value * u.to_base - ?) < 1e-6 AND "
         + ("s.drive_id IS NULL" if cp is None else "s.drive_id = ?"))
    args = [fid, metric, f['value']] + ([] if cp is None else [cp])
    return db.execute(q, args).fetchone()[0] > 0 and f['family_wide'] == (cp is None)
queries = [('7.68TB', {}), ('E3.S', {'ff': 'E3.S'}), ('gen5', {'gen': 5}), ('3 dwpd', {'dwpd': 3}),
           ('kioxia gen5', {'gen': 5}), ('U.2', {'ff': 'U.2'}), ('U.3', {'ff': 'U.3'}),
           ('E1.S', {'ff': 'E1.S'}), ('E1.L', {'ff': 'E1.L'}), ('E3.L', {'ff': 'E3.L'}),
           ('M.2', {'ff': 'M.2'}), ('2.5-inch', {'ff': '2.5-inch'}), ('2.5 inch', {'ff': '2.5-inch'}),
           ('2.5in', {'ff': '2.5-inch'}), ('2.5"', {'ff': '2.5-inch'}), ('sff', {'ff': '2.5-inch'}),
           ('pcie 5', {'gen': 5}), ('PCIe Gen5', {'gen': 5}), ('7.68', {}), ('7.68 TB', {}),
           ('7680', {}), ('7680GB', {}), ('7T68', {}), ('15T3', {}), ('15.36T', {}), ('1.92TB', {}),
           ('1.92', {}), ('30.72', {}), ('61.44TB', {}), ('15.36 u.2', {'ff': 'U.2'}), ('1 dwpd', {'dwpd': 1}),
           ('gen4', {'gen': 4})]
bad, rows = [], 0
for q, attr in queries:
    p = subprocess.run([dd, 'show', q, '--json'], capture_output=True, text=True)
    if p.returncode not in (0, 1):
        bad.append('%s: exit %d' % (q, p.returncode)); continue
    if p.returncode == 1:
        continue        # matches nothing (E1.L)
    j = json.loads(p.stdout)
    if j.get('kind') != 'attribute':
        bad.append('%s: not an attribute answer' % q); continue
    for r in j['drives']:
        rows += 1
        pts = [r['capacity_point']] if r['capacity_point'] else \
              [d for d, v in drv.items() if v[0] == r['family']]
        for d in pts:
            if not point_has(d, attr):
                bad.append('%s: %s lacks %s' % (q, d, attr))
        for m in ('seq_read', 'seq_write', 'rand_read', 'rand_write'):
            f = r['figures'][m]
            if not fig_ok(r['family'], f, m):
                bad.append('%s: %s %s %s is no stated figure of its point' % (q, r['label'], m, f))
            elif r['capacity_point'] and f and f['capacity_point'] not in (None, r['capacity_point']):
                bad.append('%s: %s %s from %s' % (q, r['label'], m, f['capacity_point']))
print(rows)
print('\n'.join(bad))
EOF
sweep=$(python3 "$tmp/sweep.py" "$dd" "$DRIVEDASH_DB")
rows=$(printf '%s\n' "$sweep" | head -1)
problems=$(printf '%s\n' "$sweep" | sed 1d | grep -v '^$')
ok "man page's attribute and capacity queries: rows were checked ($rows)" test "${rows:-0}" -gt 100
is "man page's attribute and capacity queries: every row has the attribute and its point's figures" \
	"" "$problems"

# --- group-wide figures: no drive's ------------------------------------------
is "database: the review's 'all drives had reached 600-1,400 us' is no drive's figure" 0 \
	"$(sql "SELECT COUNT(*) FROM measurement WHERE metric_id = 'lat_mean' AND value = 600 AND value_hi = 1400")"
is "database: no measurement note says it is group-wide" 0 \
	"$(sql "SELECT COUNT(*) FROM measurement WHERE notes LIKE '%group-wide%' OR notes LIKE '%all drives%'")"

# --- qualifiers, inferred, conditions not stated -----------------------------
run "$dd" compare cd9p-r
like "compare: the CD9P-R's 'etwa 30 us' keeps its mark" '4K rand read QD1x1 +µs .* ~30 ' "$out"
like "compare: ... and 'ca. 32.3K'" '4K rand read QD1x1 +IOPS .* ~32\.3K ' "$out"
run "$dd" compare cd9p-r --json
is "compare --json: the 30 us cell's qual is approx" approx \
	"$(json "[r['cells']['A']['review']['qual'] for r in j['rows'] if r['point'] == '4K rand read QD1x1' and r['unit'] == 'us'][0]")"
run "$dd" compare sn861 --json
is "compare sn861: its latency spec (conditions not stated) is placed at no depth" "[]" \
	"$(json "[r['point'] for r in j['rows'] if r['unit'] == 'us' and r['cells']['A']['spec'] is not None]")"
run "$dd" show sn861 7.68
like "show sn861 7.68: the latency says its conditions are not stated" \
	'read latency .* conditions not stated' "$out"
run "$dd" show sn861 7.68 --json
is "show sn861 7.68 --json: the latency figures carry conditions_stated false" "[False, False]" \
	"$(json "[g['conditions_stated'] for g in j['spec'] if g['metric'].startswith('lat_')]")"
is "show sn861 7.68 --json: the 7,500 MB/s write is 256 KB, as its source labels it" "[262144, 262144]" \
	"$(json "[g['block_size'] for g in j['spec'] if g['metric'] == 'seq_write']")"
run "$dd" show cd6
like "show cd6: an inferred cell carries (i)" '5,800 \(i\)' "$out"
like "show cd6: ... explained" '^  \(i\) inferred' "$out"
run "$dd" show cd6 --json
is "show cd6 --json: every ': inferred' figure is marked inferred" \
	"$(sql "SELECT COUNT(*) FROM spec WHERE family_id = 'kioxia-cd6' AND notes LIKE '%: inferred'")" \
	"$(json "len([g for g in j['spec'] if g['inferred']])")"
run "$dd" compare cd6
like "compare cd6: the inferred rated max carries (i)" '85K \(i\)' "$out"

# --- one MTTF temperature rule ------------------------------------------------
run "$dd" show cd9p-r
like "show cd9p-r: MTTF at 0-55 C, the 0-50 C figure after it" \
	'MTTF +2,000,000 h at 0-55 C \(also 2,500,000 h at 0-50 C\)' "$out"
run "$dd" show 9550 max
like "show 9550 max: the same rule" 'MTTF +2,000,000 h at 0-55 C' "$out"

done_testing
