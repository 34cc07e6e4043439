-- lab-targets.sql: a lab's overlay (test fixture) with one new drive and its
-- acceptance targets, for tests/check-targets.sh (a loop device) and the
-- QEMU NVMe rig (tests/nvme-rig).  It goes on top of the bundled
-- data/drivedash.db, which does not know QEMU's controller: the SKU below is
-- the model string QEMU's emulated NVMe controller reports, so `check`
-- matches this drive only through the overlay.
--
-- The targets are chosen so that the verdicts do not depend on the machine:
--   rand_read  >= 1,000 IOPS at 4K QD4x1, 1 s, 5 %   any drive passes
--   seq_read   >= 1,000,000 MB/s at 128K QD8x1, 1 s   no drive passes (1 TB/s)
--   rand_write >= 1,000 IOPS at 4K QD1x1, 1 s        needs --allow-write: a
--                                                     read-only check cannot
--                                                     judge it
-- (No IOPS target below 1,000: the consistency rules take that for a dropped
-- K.)  The spec figures: rand_read (1,000,000,000 IOPS, which every drive would
-- FAIL) shows that a target beats the spec of its metric; lat_read (a
-- second, at QD1) is a metric without a target, judged by its spec.

INSERT INTO source (id, kind, title, name, publisher, language, notes) VALUES
  ('lab-accept-emu', 'lab', 'Lab acceptance criteria: emulated NVMe (drivedash test fixture)',
   'acceptance criteria', 'drivedash lab', 'en',
   'Test fixture (tests/lib/lab-targets.sql): a lab overlay''s own document.');

INSERT INTO family (id, vendor_id, name, series, variant, segment, aliases, form_factors,
                    pcie_gen, pcie_lanes, nvme_version, ports, nand, dwpd, warranty_years,
                    mttf_hours, security, plp, has_spec_sheet, test_only, source_id, notes) VALUES
  ('lab-emu', 'qemu', 'Lab emulated NVMe', 'Lab', NULL, 'test', 'lab emu', NULL,
   NULL, NULL, NULL, 'single', NULL, NULL, NULL,
   NULL, NULL, NULL, 1, 0, 'lab-accept-emu',
   'The lab''s qualification drive: QEMU''s emulated NVMe controller.');

INSERT INTO drive (id, family_id, capacity_gb, form_factor, nand, dwpd, source_id, notes) VALUES
  ('lab-emu-1', 'lab-emu', 1, NULL, NULL, NULL, 'lab-accept-emu', 'A 1 GB namespace.');

INSERT INTO sku (model, drive_id, kind, option, status, source_id, notes) VALUES
  ('QEMU NVMe Ctrl', 'lab-emu-1', 'model-string', NULL, 'observed', 'lab-accept-emu',
   'Identify Controller "mn" of QEMU.');

INSERT INTO spec (family_id, drive_id, metric_id, qual, value, value_hi, unit_id, block_size, iodepth,
                  read_pct, conditions, source_id, confidence, preferred, notes) VALUES
  ('lab-emu', NULL, 'rand_read', 'eq', 1000000000, NULL, 'IOPS', 4096, NULL, NULL, NULL,
   'lab-accept-emu', 'C', 1, 'Out of reach on purpose: the target judges rand_read.'),
  ('lab-emu', NULL, 'lat_read', 'eq', 1000000, NULL, 'us', 4096, 1, NULL, 'typical',
   'lab-accept-emu', 'C', 1, 'A second: every drive passes.');

INSERT INTO target (family_id, drive_id, metric_id, qual, value, unit_id, tolerance_pct,
                    block_size, iodepth, numjobs, read_pct, runtime_s, conditions, source_id,
                    notes) VALUES
  ('lab-emu', NULL, 'rand_read', 'ge', 1000, 'IOPS', 5, 4096, 4, 1, NULL, 1, NULL,
   'lab-accept-emu', 'Passes on any drive.'),
  ('lab-emu', 'lab-emu-1', 'seq_read', 'ge', 1000000, 'MB/s', 0, 131072, 8, 1, NULL, 1, NULL,
   'lab-accept-emu', 'Fails on any drive (1 TB/s).'),
  ('lab-emu', NULL, 'rand_write', 'ge', 1000, 'IOPS', 0, 4096, 1, 1, NULL, 1, NULL,
   'lab-accept-emu', 'Needs --allow-write.');
