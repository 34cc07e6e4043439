-- test-qemu.sql: a test-only family for QEMU's emulated NVMe controller, so
-- `drivedash detect` has something to match inside the QEMU test rig.
--
-- Built into tests/qemu-test.db only (Makefile.am), never into the installed
-- data/drivedash.db.  QEMU reports the model string "QEMU NVMe Ctrl" for every
-- controller whatever the size of its namespace, firmware like "7.2.22" (the
-- QEMU version) and PCI vendor 0x1b36 (Red Hat); detect picks the capacity
-- point nearest the namespace size.  The figures are placeholders for tests,
-- not measurements.

INSERT INTO source (id, kind, title, name, publisher, language, notes) VALUES
  ('test-qemu', 'test', 'drivedash test fixture: QEMU emulated NVMe controller', 'QEMU test fixture',
   'drivedash', 'en',
   'Test-only rows (data/test-qemu.sql). Model string as QEMU reports it; figures are placeholders.');

INSERT INTO family (id, vendor_id, name, series, variant, segment, aliases, form_factors,
                    pcie_gen, pcie_lanes, nvme_version, ports, nand, dwpd, warranty_years,
                    mttf_hours, security, plp, has_spec_sheet, test_only, source_id, notes) VALUES
  ('qemu-nvme', 'qemu', 'NVMe Ctrl', 'QEMU', NULL, 'test', 'QEMU NVMe;QEMU NVMe Ctrl', NULL,
   NULL, NULL, NULL, 'single', NULL, NULL, NULL,
   NULL, NULL, NULL, 1, 1, 'test-qemu',
   'QEMU''s emulated NVMe controller (-device nvme), PCI 1b36:0010. Test-only.');

INSERT INTO drive (id, family_id, capacity_gb, source_id, form_factor, nand, dwpd, notes) VALUES
  ('qemu-nvme-1', 'qemu-nvme', 1, 'test-qemu', NULL, NULL, NULL, 'A 1 GB backing image.'),
  ('qemu-nvme-2', 'qemu-nvme', 2, 'test-qemu', NULL, NULL, NULL, 'A 2 GB backing image.');

INSERT INTO sku (model, drive_id, kind, option, status, source_id, notes) VALUES
  ('QEMU NVMe Ctrl', 'qemu-nvme-1', 'model-string', NULL, 'observed', 'test-qemu',
   'Identify Controller "mn" of QEMU 7.2.'),
  ('QEMU NVMe Ctrl', 'qemu-nvme-2', 'model-string', NULL, 'observed', 'test-qemu',
   'Identify Controller "mn" of QEMU 7.2.');

INSERT INTO spec (family_id, drive_id, metric_id, qual, value, value_hi, unit_id, block_size, iodepth,
                  read_pct, conditions, source_id, confidence, preferred, notes) VALUES
  ('qemu-nvme', NULL, 'seq_read',  'eq', 1000,   NULL, 'MB/s', 131072, NULL, NULL, NULL, 'test-qemu', 'C', 1,
   'Placeholder for tests.'),
  ('qemu-nvme', NULL, 'rand_read', 'eq', 100000, NULL, 'IOPS', 4096,   NULL, NULL, NULL, 'test-qemu', 'C', 1,
   'Placeholder for tests.'),
  ('qemu-nvme', NULL, 'lat_read',  'eq', 100,    NULL, 'us',   4096,   1,    NULL, 'typical', 'test-qemu', 'C', 1,
   'Placeholder for tests.');
