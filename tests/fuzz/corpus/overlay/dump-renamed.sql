-- drivedash overlay: intel-p5510, written by drivedash db dump.
-- A starting point for the lab's own file: give the family, its capacity
-- points and every row an id of its own (these ids are taken), save it as
-- $XDG_CONFIG_HOME/drivedash/NAME.sql and check it with
-- 'drivedash db check FILE'.  INSERT statements only (see drivedash(1)).

-- The family
INSERT INTO family (id, vendor_id, name, series, variant, segment, aliases, form_factors, pcie_gen, pcie_lanes, nvme_version, ports, nand, dwpd, warranty_years, mttf_hours, security, plp, has_spec_sheet, test_only, source_id, notes) VALUES
  ('lab-intel-p5510', 'intel', 'D7-P5510', 'D7-P5510', NULL, 'read-intensive', 'P5510;D7 P5510;Intel P5510;Solidigm D7-P5510;SSDPF2KX', 'U.2 15 mm', 4, 4, NULL, NULL, '144-layer TLC', 1, NULL, NULL, 'OPAL variant (SSDPF2KX076TZOS)', NULL, 1, 0, 'cmp', 'Now Solidigm. Interface, NAND, DWPD and the 7.68 TB sequential figures from [CMP] (C, quoting a StorageReview spec table); 3.84 TB figures from [P5510-DOC] (C, quoting Solidigm). 7.68 TB random IOPS, latency, power, MTTF and warranty n/a. SSDPF2KX076T1 is the D7-P5520, not the P5510. PCI ID 8086:0b60 (shared across the P5xxx family; the subsystem ID tells the models apart) [ILLUMOS].');

-- Capacity points
INSERT INTO drive (id, family_id, capacity_gb, form_factor, nand, dwpd, source_id, notes) VALUES
  ('lab-intel-p5510-3840', 'lab-intel-p5510', 3840, NULL, NULL, NULL, 'p5510-doc', NULL),
  ('lab-intel-p5510-7680', 'lab-intel-p5510', 7680, NULL, NULL, NULL, 'intel-fw', 'Headline capacity of the rivals.md section.');

-- Part numbers and model strings
INSERT INTO sku (model, drive_id, kind, option, status, source_id, notes) VALUES
  ('SSDPF2KX076TZ01', 'lab-intel-p5510-7680', 'part-number', NULL, 'published', 'intel-fw', 'MM 99A5DR.'),
  ('SSDPF2KX076TZOS', 'lab-intel-p5510-7680', 'part-number', 'OPAL', 'published', 'intel-fw', 'MM 99A5D1.'),
  ('SSDPF2KX076T9K', 'lab-intel-p5510-7680', 'part-number', 'OEM', 'observed', 'obs-intel', 'OEM part number reported by users.'),
  ('SSDPF2KX076T9N', 'lab-intel-p5510-7680', 'part-number', 'OEM', 'observed', 'obs-intel', 'OEM part number reported by users (rivals.md writes "…T9N" after SSDPF2KX076T9K).'),
  ('INTEL SSDPF2KX076TZ', 'lab-intel-p5510-7680', 'model-string', NULL, 'observed', 'obs-intel', NULL);

-- Spec-sheet figures (drive_id NULL: the whole family)
INSERT INTO spec (family_id, drive_id, metric_id, qual, value, value_hi, unit_id, block_size, iodepth, numjobs, read_pct, conditions, source_id, confidence, preferred, notes) VALUES
  ('lab-intel-p5510', NULL, 'dwpd', 'eq', 1, NULL, 'DWPD', NULL, NULL, NULL, NULL, NULL, 'cmp', 'C', 1, NULL),
  ('lab-intel-p5510', 'lab-intel-p5510-7680', 'seq_read', 'eq', 7000, NULL, 'MB/s', 131072, NULL, NULL, NULL, NULL, 'cmp', 'C', 1, 'StorageReview spec table as quoted.'),
  ('lab-intel-p5510', 'lab-intel-p5510-7680', 'seq_write', 'eq', 4194, NULL, 'MB/s', 131072, NULL, NULL, NULL, NULL, 'cmp', 'C', 1, 'StorageReview spec table as quoted.'),
  ('lab-intel-p5510', 'lab-intel-p5510-3840', 'seq_read', 'eq', 6500, NULL, 'MB/s', 131072, NULL, NULL, NULL, NULL, 'p5510-doc', 'C', 1, 'Quoting Solidigm''s 3.84 TB page.'),
  ('lab-intel-p5510', 'lab-intel-p5510-3840', 'seq_write', 'eq', 3400, NULL, 'MB/s', 131072, NULL, NULL, NULL, NULL, 'p5510-doc', 'C', 1, 'Quoting Solidigm''s 3.84 TB page.'),
  ('lab-intel-p5510', 'lab-intel-p5510-3840', 'rand_read', 'eq', 700000, NULL, 'IOPS', 4096, NULL, NULL, NULL, NULL, 'p5510-doc', 'C', 1, 'Quoting Solidigm''s 3.84 TB page; random write n/a.'),
  ('lab-intel-p5510', 'lab-intel-p5510-3840', 'lat_read', 'eq', 82, NULL, 'us', 4096, NULL, NULL, NULL, 'random', 'p5510-doc', 'C', 1, 'As quoted, citing Solidigm.'),
  ('lab-intel-p5510', 'lab-intel-p5510-3840', 'lat_read', 'eq', 10, NULL, 'us', NULL, NULL, NULL, NULL, 'sequential', 'p5510-doc', 'C', 1, 'As quoted, citing Solidigm.'),
  ('lab-intel-p5510', 'lab-intel-p5510-3840', 'lat_write', 'eq', 13, NULL, 'us', NULL, NULL, NULL, NULL, 'sequential', 'p5510-doc', 'C', 1, 'As quoted, citing Solidigm.');

-- capacity point of the example below: intel-p5510-7680

-- Acceptance targets: the lab's own pass criteria at stated conditions
-- (block size in bytes, depth, jobs, runtime in s), judged before the spec.
-- INSERT INTO source (id, kind, title, name) VALUES
--   ('lab-acceptance', 'lab', 'Acceptance criteria, rev 1', 'acceptance criteria');
-- INSERT INTO target (family_id, drive_id, metric_id, qual, value, unit_id,
--                     tolerance_pct, block_size, iodepth, numjobs, runtime_s,
--                     source_id) VALUES
--   ('lab-intel-p5510', NULL, 'rand_read', 'ge', 700000, 'IOPS', 5, 4096, 32, 16, 60, 'lab-acceptance'),
--   ('lab-intel-p5510', NULL, 'seq_read', 'ge', 7000, 'MB/s', 5, 131072, 32, 1, 60, 'lab-acceptance');
