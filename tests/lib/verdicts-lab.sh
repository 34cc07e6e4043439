# tests/lib/verdicts-lab.sh: the lab overlay of the verdict tests (sourced
# after tests/lib/tap.sh, with $tmp, $dd and $bdb set): one drive per
# verdict, matched by its model string, in $tmp/xdg, and $vd, a program that
# runs drivedash with it.  tests/cli/verdicts.sh (one drive) and
# tests/rigs/rack-verdicts.sh (a rack of fio servers) use it.
#
# The lab overlay: one drive per verdict, matched by its model string.
#   VERDICTS-PASS  lat_read <= 1 s at QD1 (every drive passes) and seq_read
#                  >= 1 MB/s, a rated max (every drive passes)
#   VERDICTS-FAIL  a seq_read target of 1 TB/s (no drive passes)
#   VERDICTS-NC    rand_read at QD999 x1, a depth the check never runs
#   VERDICTS-WARN  a rand_read target of 8x what this loop measured, 49 %
#                  tolerance: WARN anywhere from 0.16x to 4x that speed
# warn_iops is filled in once the loop's figure is known.
overlay() {
	mkdir -p "$tmp/xdg/drivedash"
	cat >"$tmp/xdg/drivedash/verdicts.sql" <<EOF
INSERT INTO source (id, kind, title, name, publisher, language, notes) VALUES
  ('lab-verdicts', 'lab', 'Verdicts fixture (tests/cli/verdicts.sh)', 'verdicts fixture',
   'drivedash lab', 'en', 'Test fixture.');
INSERT INTO family (id, vendor_id, name, series, variant, segment, aliases, form_factors,
                    pcie_gen, pcie_lanes, nvme_version, ports, nand, dwpd, warranty_years,
                    mttf_hours, security, plp, has_spec_sheet, test_only, source_id, notes) VALUES
  ('vd-pass', 'qemu', 'Verdicts Pass', 'Verdicts', NULL, 'test', NULL, NULL, NULL, NULL, NULL,
   'single', NULL, NULL, NULL, NULL, NULL, NULL, 1, 0, 'lab-verdicts', NULL),
  ('vd-fail', 'qemu', 'Verdicts Fail', 'Verdicts', NULL, 'test', NULL, NULL, NULL, NULL, NULL,
   'single', NULL, NULL, NULL, NULL, NULL, NULL, 1, 0, 'lab-verdicts', NULL),
  ('vd-nc', 'qemu', 'Verdicts NC', 'Verdicts', NULL, 'test', NULL, NULL, NULL, NULL, NULL,
   'single', NULL, NULL, NULL, NULL, NULL, NULL, 1, 0, 'lab-verdicts', NULL),
  ('vd-warn', 'qemu', 'Verdicts Warn', 'Verdicts', NULL, 'test', NULL, NULL, NULL, NULL, NULL,
   'single', NULL, NULL, NULL, NULL, NULL, NULL, 1, 0, 'lab-verdicts', NULL);
INSERT INTO drive (id, family_id, capacity_gb, form_factor, nand, dwpd, source_id, notes) VALUES
  ('vd-pass-1', 'vd-pass', 1, NULL, NULL, NULL, 'lab-verdicts', NULL),
  ('vd-fail-1', 'vd-fail', 1, NULL, NULL, NULL, 'lab-verdicts', NULL),
  ('vd-nc-1', 'vd-nc', 1, NULL, NULL, NULL, 'lab-verdicts', NULL),
  ('vd-warn-1', 'vd-warn', 1, NULL, NULL, NULL, 'lab-verdicts', NULL);
INSERT INTO sku (model, drive_id, kind, option, status, source_id, notes) VALUES
  ('VERDICTS-PASS', 'vd-pass-1', 'model-string', NULL, 'observed', 'lab-verdicts', NULL),
  ('VERDICTS-FAIL', 'vd-fail-1', 'model-string', NULL, 'observed', 'lab-verdicts', NULL),
  ('VERDICTS-NC', 'vd-nc-1', 'model-string', NULL, 'observed', 'lab-verdicts', NULL),
  ('VERDICTS-WARN', 'vd-warn-1', 'model-string', NULL, 'observed', 'lab-verdicts', NULL);
INSERT INTO spec (family_id, drive_id, metric_id, qual, value, value_hi, unit_id, block_size,
                  iodepth, read_pct, conditions, source_id, confidence, preferred, notes) VALUES
  ('vd-pass', NULL, 'lat_read', 'eq', 1000000, NULL, 'us', 4096, 1, NULL, 'typical',
   'lab-verdicts', 'C', 1, NULL),
  ('vd-pass', NULL, 'seq_read', 'eq', 1, NULL, 'MB/s', 131072, NULL, NULL, NULL,
   'lab-verdicts', 'C', 1, NULL),
  ('vd-nc', NULL, 'rand_read', 'eq', 1000000, NULL, 'IOPS', 4096, 999, NULL, NULL,
   'lab-verdicts', 'C', 1, NULL);
INSERT INTO target (family_id, drive_id, metric_id, qual, value, unit_id, tolerance_pct,
                    block_size, iodepth, numjobs, read_pct, runtime_s, conditions, source_id,
                    notes) VALUES
  ('vd-fail', NULL, 'seq_read', 'ge', 1000000, 'MB/s', 0, 131072, 8, 1, NULL, 1, NULL,
   'lab-verdicts', 'Fails on any drive (1 TB/s).')${warn_iops:+,
  ('vd-warn', NULL, 'rand_read', 'ge', $warn_iops, 'IOPS', 49, 4096, 4, 1, NULL, 1, NULL,
   'lab-verdicts', 'Eight times this loop device.')};
EOF
}

# $vd CMD...: drivedash with the overlay (a program: run's timeout needs one).
vd=$tmp/vd
printf '#!/bin/sh\nXDG_CONFIG_HOME="%s" exec "%s" --db "%s" "$@"\n' "$tmp/xdg" "$dd" "$bdb" >"$vd"
chmod +x "$vd"
warn_iops=""
overlay
