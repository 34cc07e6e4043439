-- seed 000: StorageReview (German machine translation), review of the
-- KIOXIA CD9P-R 7.68 TB E3.S (SED model KCD9DPJE7T68).
-- Owns: source seed-000, family kioxia-cd9p-r, its drive/sku/spec rows and
-- every measurement of the review (CD9P-R and the seven rivals).
-- Families of the rivals and of the KIOXIA CD8P-R are owned by rivals.sql;
-- this file adds their drive rows with INSERT OR IGNORE only.
-- Reading notes: the German text drops the K of K IOPS ("450 IOPS" random
-- write = 450K, "32.3 IOPS" at QD1 = 32.3K, "2,165.0 IOPS" = 2,165.0K); the
-- commas are thousands separators, the dots decimal points.

-- ====================================================================== source
-- (source rows live in sources.sql)

-- ====================================================================== family
INSERT INTO family (id, vendor_id, name, series, variant, segment, aliases, form_factors, pcie_gen, pcie_lanes, nvme_version, ports, nand, dwpd, warranty_years, mttf_hours, security, plp, source_id, notes) VALUES
  ('kioxia-cd9p-r', 'kioxia', 'CD9P-R', 'CD9P', 'R', 'read-intensive',
   'KIOXIA CD9P-R;CD9P-R E3.S',
   'E3.S 7.5 mm; 2.5" (up to 61.44 TB)',
   5, 4, '2.0', 'single',
   'KIOXIA BiCS FLASH 3D TLC Gen 8 (7.68-30.72 TB); Gen 5 for 1.92 and 3.84 TB',
   1, 5, 2000000,
   'SIE, SED (TCG Opal & Ruby SSC)',
   1, 'seed-000',
   'First CD-series drive on BiCS FLASH Gen 8 TLC; KIOXIA in-house controller and firmware. OCP Datacenter NVMe SSD Specification v2.5 (partial: not all requirements). Power-loss protection, end-to-end data protection. SIE = Sanitize Instant Erase. Single-port only (no dual-port path for classic enterprise arrays); write-heavy workloads belong on the mixed-use CD9P-V. Aimed at hyperscale and cloud fleets, OLTP read tiers, content delivery and virtualised environments. MTTF 2.5M h at 0-50 C, 2.0M h at 0-55 C. E3.S from 1.92 to 30.72 TB; the 2.5-inch version reaches 61.44 TB.');

-- ====================================================================== drives
INSERT INTO drive (id, family_id, capacity_gb, source_id, form_factor, nand, notes) VALUES
  ('kioxia-cd9p-r-1920',  'kioxia-cd9p-r', 1920, 'seed-000',  'E3.S 7.5 mm', 'KIOXIA BiCS FLASH 3D TLC Gen 5', NULL),
  ('kioxia-cd9p-r-3840',  'kioxia-cd9p-r', 3840, 'seed-000',  'E3.S 7.5 mm', 'KIOXIA BiCS FLASH 3D TLC Gen 5', NULL),
  ('kioxia-cd9p-r-7680',  'kioxia-cd9p-r', 7680, 'seed-000',  'E3.S 7.5 mm', NULL, 'the CD9P-R review tested this point (SED model KCD9DPJE7T68)'),
  ('kioxia-cd9p-r-15360', 'kioxia-cd9p-r', 15360, 'seed-000', 'E3.S 7.5 mm', NULL, NULL),
  ('kioxia-cd9p-r-30720', 'kioxia-cd9p-r', 30720, 'seed-000', 'E3.S 7.5 mm', NULL, 'largest E3.S capacity'),
  ('kioxia-cd9p-r-61440', 'kioxia-cd9p-r', 61440, 'seed-000', '2.5"', NULL, 'the review: "the 2.5-inch variant even offers 61.44 TB"; no part number or figures given');

-- ====================================================================== part numbers
INSERT INTO sku (model, drive_id, kind, option, status, source_id, notes) VALUES
  ('KCD9XPJE30T7', 'kioxia-cd9p-r-30720', 'part-number', 'SIE', 'published', 'seed-000', NULL),
  ('KCD9XPJE15T3', 'kioxia-cd9p-r-15360', 'part-number', 'SIE', 'published', 'seed-000', NULL),
  ('KCD9XPJE7T68', 'kioxia-cd9p-r-7680',  'part-number', 'SIE', 'published', 'seed-000', NULL),
  ('KCD9XPJE3T84', 'kioxia-cd9p-r-3840',  'part-number', 'SIE', 'published', 'seed-000', NULL),
  ('KCD9XPJE1T92', 'kioxia-cd9p-r-1920',  'part-number', 'SIE', 'published', 'seed-000', NULL),
  ('KCD9DPJE30T7', 'kioxia-cd9p-r-30720', 'part-number', 'SED', 'published', 'seed-000', NULL),
  ('KCD9DPJE15T3', 'kioxia-cd9p-r-15360', 'part-number', 'SED', 'published', 'seed-000', NULL),
  ('KCD9DPJE7T68', 'kioxia-cd9p-r-7680',  'part-number', 'SED', 'published', 'seed-000', 'the unit the CD9P-R review tested'),
  ('KCD9DPJE3T84', 'kioxia-cd9p-r-3840',  'part-number', 'SED', 'published', 'seed-000', NULL),
  ('KCD9DPJE1T92', 'kioxia-cd9p-r-1920',  'part-number', 'SED', 'published', 'seed-000', NULL);

-- ====================================================================== spec: performance per capacity (table "Leistung (bis zu)")
-- The intro and the CD8P comparison repeat the 7.68 TB figures (14,800 MB/s,
-- 2.6M IOPS, 450K IOPS): one row each.
INSERT INTO spec (family_id, drive_id, metric_id, qual, value, unit_id, block_size, conditions, source_id, confidence, preferred, notes) VALUES
  ('kioxia-cd9p-r', 'kioxia-cd9p-r-30720', 'seq_read', 'eq', 13500, 'MB/s', 131072, NULL, 'seed-000', 'A', 1, NULL),
  ('kioxia-cd9p-r', 'kioxia-cd9p-r-15360', 'seq_read', 'eq', 14800, 'MB/s', 131072, NULL, 'seed-000', 'A', 1, NULL),
  ('kioxia-cd9p-r', 'kioxia-cd9p-r-7680',  'seq_read', 'eq', 14800, 'MB/s', 131072, NULL, 'seed-000', 'A', 1, 'prose: +23 % over the CD8P-R E3.S 7.68 TB (12,000 MB/s)'),
  ('kioxia-cd9p-r', 'kioxia-cd9p-r-3840',  'seq_read', 'eq', 14500, 'MB/s', 131072, NULL, 'seed-000', 'A', 1, NULL),
  ('kioxia-cd9p-r', 'kioxia-cd9p-r-1920',  'seq_read', 'eq', 14500, 'MB/s', 131072, NULL, 'seed-000', 'A', 1, NULL),
  ('kioxia-cd9p-r', 'kioxia-cd9p-r-30720', 'seq_write', 'eq', 7000, 'MB/s', 131072, NULL, 'seed-000', 'A', 1, NULL),
  ('kioxia-cd9p-r', 'kioxia-cd9p-r-15360', 'seq_write', 'eq', 7000, 'MB/s', 131072, NULL, 'seed-000', 'A', 1, NULL),
  ('kioxia-cd9p-r', 'kioxia-cd9p-r-7680',  'seq_write', 'eq', 7000, 'MB/s', 131072, NULL, 'seed-000', 'A', 1, NULL),
  ('kioxia-cd9p-r', 'kioxia-cd9p-r-3840',  'seq_write', 'eq', 7000, 'MB/s', 131072, NULL, 'seed-000', 'A', 1, NULL),
  ('kioxia-cd9p-r', 'kioxia-cd9p-r-1920',  'seq_write', 'eq', 3600, 'MB/s', 131072, NULL, 'seed-000', 'A', 1, NULL),
  ('kioxia-cd9p-r', 'kioxia-cd9p-r-30720', 'rand_read', 'eq', 2600000, 'IOPS', 4096, NULL, 'seed-000', 'A', 1, 'table column "K IOPS": 2,600'),
  ('kioxia-cd9p-r', 'kioxia-cd9p-r-15360', 'rand_read', 'eq', 2600000, 'IOPS', 4096, NULL, 'seed-000', 'A', 1, 'table column "K IOPS": 2,600'),
  ('kioxia-cd9p-r', 'kioxia-cd9p-r-7680',  'rand_read', 'eq', 2600000, 'IOPS', 4096, NULL, 'seed-000', 'A', 1, 'table column "K IOPS": 2,600; prose "2.6 million IOPS", +30 % over the CD8P-R (2 million)'),
  ('kioxia-cd9p-r', 'kioxia-cd9p-r-3840',  'rand_read', 'eq', 2600000, 'IOPS', 4096, NULL, 'seed-000', 'A', 1, 'table column "K IOPS": 2,600'),
  ('kioxia-cd9p-r', 'kioxia-cd9p-r-1920',  'rand_read', 'eq', 2000000, 'IOPS', 4096, NULL, 'seed-000', 'A', 1, 'table column "K IOPS": 2,000'),
  ('kioxia-cd9p-r', 'kioxia-cd9p-r-30720', 'rand_write', 'eq', 270000, 'IOPS', 4096, NULL, 'seed-000', 'A', 1, 'table column "K IOPS": 270; prose "270 IOPS" (K dropped)'),
  ('kioxia-cd9p-r', 'kioxia-cd9p-r-15360', 'rand_write', 'eq', 450000, 'IOPS', 4096, NULL, 'seed-000', 'A', 1, 'table column "K IOPS": 450'),
  ('kioxia-cd9p-r', 'kioxia-cd9p-r-7680',  'rand_write', 'eq', 450000, 'IOPS', 4096, NULL, 'seed-000', 'A', 1, 'table column "K IOPS": 450; prose "450 IOPS" (K dropped), 2.25x the CD8P-R E3.S 7.68 TB (200K)'),
  ('kioxia-cd9p-r', 'kioxia-cd9p-r-3840',  'rand_write', 'eq', 320000, 'IOPS', 4096, NULL, 'seed-000', 'A', 1, 'table column "K IOPS": 320'),
  ('kioxia-cd9p-r', 'kioxia-cd9p-r-1920',  'rand_write', 'eq', 160000, 'IOPS', 4096, NULL, 'seed-000', 'A', 1, 'table column "K IOPS": 160');

-- ====================================================================== spec: family-wide rows (E3.S table)
INSERT INTO spec (family_id, drive_id, metric_id, qual, value, value_hi, unit_id, conditions, source_id, confidence, preferred, notes) VALUES
  -- interface
  ('kioxia-cd9p-r', NULL, 'link_speed', 'eq', 128, NULL, 'GT/s', 'PCIe Gen5 x4', 'seed-000', 'A', 1, 'table: "Maximum interface speed 128 GT/s (PCIe Gen5 x4)"'),
  -- power
  ('kioxia-cd9p-r', NULL, 'voltage', 'eq', 12, NULL, 'V', '12 V rail, +/-10 %', 'seed-000', 'A', 1, 'table: "12 V +/-10 %, 3.3 V +/-15 %"'),
  ('kioxia-cd9p-r', NULL, 'voltage', 'eq', 3.3, NULL, 'V', '3.3 V rail, +/-15 %', 'seed-000', 'A', 1, 'table: "12 V +/-10 %, 3.3 V +/-15 %"'),
  ('kioxia-cd9p-r', NULL, 'power_active', 'eq', 23, NULL, 'W', 'typical', 'seed-000', 'A', 1, 'table "23W typ." (one value for the E3.S series); prose: 23 W at 7.68 TB, up from 21 W typical for the CD8P-R'),
  -- as printed: "Leistung (Bereit/Leerlauf) 5W typ."
  ('kioxia-cd9p-r', NULL, 'power_idle', 'eq', 5, NULL, 'W', 'typical (ready/idle)', 'seed-000', 'A', 1, 'table: power (ready/idle) 5 W typical'),
  -- reliability
  ('kioxia-cd9p-r', NULL, 'mttf', 'eq', 2500000, NULL, 'h', '0-50 C', 'seed-000', 'A', 1, 'table row prints two cells, "2,500,000 h at 0-50 C | 2,000,000 h at 0-55 C", without saying which capacities each covers; stored family-wide. Prose: "MTTF of 2.5 million hours at 50 C"'),
  ('kioxia-cd9p-r', NULL, 'mttf', 'eq', 2000000, NULL, 'h', '0-55 C', 'seed-000', 'A', 1, 'table row prints two cells, "2,500,000 h at 0-50 C | 2,000,000 h at 0-55 C", without saying which capacities each covers; stored family-wide'),
  -- as printed: "< 1 Sektor pro 1017 Stueckchen gelesen" ("Stueckchen" = bits)
  ('kioxia-cd9p-r', NULL, 'uber', 'lt', 1e-17, NULL, 'per-bit', '1 sector per 10^17 bits read', 'seed-000', 'A', 1, 'table: under 1 sector per 10^17 bits read (the exponent''s superscript is lost in the review)'),
  -- the table's row is mistranslated "Luftueberwachung"
  ('kioxia-cd9p-r', NULL, 'dwpd', 'eq', 1, NULL, 'DWPD', NULL, 'seed-000', 'A', 1, 'table: DWPD 1, read intensive (1 drive write per day); prose: 1 DWPD'),
  -- as printed: "5 Jahre"
  ('kioxia-cd9p-r', NULL, 'warranty', 'eq', 5, NULL, 'years', NULL, 'seed-000', 'A', 1, 'table: 5 years; prose: five-year warranty'),
  -- dimensions (E3.S)
  ('kioxia-cd9p-r', NULL, 'thickness', 'eq', 7.5, NULL, 'mm', 'E3.S; tolerance +0.2 / -0.5 mm', 'seed-000', 'A', 1, NULL),
  -- as printed: "Laenge" twice
  ('kioxia-cd9p-r', NULL, 'width', 'eq', 76, NULL, 'mm', 'E3.S; tolerance +/-0.25 mm', 'seed-000', 'A', 1, 'the table labels both this row and the next as length; 76 mm is the E3.S width'),
  ('kioxia-cd9p-r', NULL, 'length', 'eq', 112.75, NULL, 'mm', 'E3.S; tolerance +/-0.4 mm', 'seed-000', 'A', 1, NULL),
  ('kioxia-cd9p-r', NULL, 'weight', 'eq', 110, NULL, 'g', 'E3.S; max', 'seed-000', 'A', 1, 'table "110 g max"'),
  -- environmental
  -- as printed: "0 ° C ° C bis 75"
  ('kioxia-cd9p-r', NULL, 'temp_operating', 'range', 0, 75, 'C', NULL, 'seed-000', 'A', 1, 'garbled in the review; read as 0 to 75 °C'),
  -- as printed: "-40 85 ° C auf ° C"
  ('kioxia-cd9p-r', NULL, 'temp_storage', 'range', -40, 85, 'C', 'non-operating', 'seed-000', 'A', 1, 'garbled in the review; read as -40 to 85 °C'),
  -- as printed: "5% bis 95% RH"
  ('kioxia-cd9p-r', NULL, 'humidity', 'range', 5, 95, '%', 'operating, RH', 'seed-000', 'A', 1, 'table: 5 % to 95 % RH'),
  ('kioxia-cd9p-r', NULL, 'vibration', 'eq', 2.17, NULL, 'Grms', 'operating, 5-800 Hz', 'seed-000', 'A', 1, 'table "21.27 m/s2 { 2.17 Grms } (5-800 Hz)"'),
  ('kioxia-cd9p-r', NULL, 'vibration', 'eq', 21.27, NULL, 'm/s2', 'operating, 5-800 Hz', 'seed-000', 'A', 0, 'same figure as 2.17 Grms, printed first in m/s2'),
  ('kioxia-cd9p-r', NULL, 'shock', 'eq', 1000, NULL, 'G', 'operating, 0.5 ms', 'seed-000', 'A', 1, 'table "9.8 km/s2 { 1,000 G } (0.5 ms)"'),
  ('kioxia-cd9p-r', NULL, 'shock', 'eq', 9800, NULL, 'm/s2', 'operating, 0.5 ms', 'seed-000', 'A', 0, 'same figure as 1,000 G, printed first as 9.8 km/s2');

-- ====================================================================== spec: KIOXIA CD8P-R E3.S 7.68 TB (predecessor comparison)
-- Family kioxia-cd8p-r is owned by rivals.sql; these rows are not preferred.
INSERT OR IGNORE INTO drive (id, family_id, capacity_gb, source_id) VALUES
  ('kioxia-cd8p-r-7680', 'kioxia-cd8p-r', 7680, 'seed-000');

INSERT INTO spec (family_id, drive_id, metric_id, qual, value, unit_id, block_size, conditions, source_id, confidence, preferred, notes) VALUES
  ('kioxia-cd8p-r', 'kioxia-cd8p-r-7680', 'rand_write', 'eq', 200000, 'IOPS', 4096, NULL, 'seed-000', 'A', 0, 'E3.S 7.68 TB; printed "200 IOPS" (K dropped); block size implied by the comparison with the CD9P-R 4 KiB figure (450K, "2.25x")'),
  ('kioxia-cd8p-r', 'kioxia-cd8p-r-7680', 'seq_read', 'eq', 12000, 'MB/s', 131072, NULL, 'seed-000', 'A', 0, 'E3.S 7.68 TB; block size implied by the comparison with the CD9P-R 128 KiB figure (14,800 MB/s, "+23 %")'),
  ('kioxia-cd8p-r', 'kioxia-cd8p-r-7680', 'rand_read', 'eq', 2000000, 'IOPS', 4096, NULL, 'seed-000', 'A', 0, 'E3.S 7.68 TB; printed "2 million"; block size implied by the comparison with the CD9P-R 4 KiB figure (2.6 million, "+30 %")'),
  ('kioxia-cd8p-r', 'kioxia-cd8p-r-7680', 'power_active', 'eq', 21, 'W', NULL, 'typical', 'seed-000', 'A', 0, 'E3.S 7.68 TB; "typically 21 W" versus 23 W for the CD9P-R at this capacity');

-- ====================================================================== measurements
-- Rival capacity points measured by the review (families owned by rivals.sql).
INSERT OR IGNORE INTO drive (id, family_id, capacity_gb, source_id) VALUES
  ('micron-9550-max-12800',  'micron-9550-max',   12800, 'seed-000'),
  ('micron-9550-pro-7680',   'micron-9550-pro',   7680, 'seed-000'),
  ('micron-7600-max-6400',   'micron-7600-max',   6400, 'seed-000'),
  ('solidigm-ps1010-7680',   'solidigm-ps1010',   7680, 'seed-000'),
  ('sandisk-sn861-7680',     'sandisk-sn861',     7680, 'seed-000'),
  ('kingston-dc3000me-7680', 'kingston-dc3000me', 7680, 'seed-000'),
  ('phison-x200p-7680',      'phison-x200p',      7680, 'seed-000');

-- ---------------------------------------------------------------------- DLIO checkpointing: average per test run
-- Not stored: "the comparison group's values in the last run lay between about
-- 553 and 590 s" (a group range, no drive named; repeated in the conclusion).
INSERT INTO measurement (source_id, drive_id, benchmark, workload, pass, metric_id, qual, value, unit_id, label, notes) VALUES
  ('seed-000', 'kioxia-cd9p-r-7680', 'dlio', 'checkpoint', 1, 'duration', 'eq', 464.7, 's', 'DLIO checkpointing benchmark (average per run)', 'average of run 1'),
  ('seed-000', 'kioxia-cd9p-r-7680', 'dlio', 'checkpoint', 2, 'duration', 'eq', 575.6, 's', 'DLIO checkpointing benchmark (average per run)', 'average of run 2'),
  ('seed-000', 'kioxia-cd9p-r-7680', 'dlio', 'checkpoint', 3, 'duration', 'eq', 572.2, 's', 'DLIO checkpointing benchmark (average per run)', 'average of run 3; the conclusion rounds it to "about 572 s per pass"'),
  ('seed-000', 'phison-x200p-7680',  'dlio', 'checkpoint', 3, 'duration', 'eq', 674.5, 's', 'DLIO checkpointing benchmark (average per run)', 'given in the context of the last run (pass 3) as the outlier above the group''s 553-590 s');

-- ---------------------------------------------------------------------- DLIO checkpointing: per checkpoint (through checkpoint 12)
-- checkpoint = the checkpoint's index in the chart's series; pass (the run)
-- stays NULL: the text does not say which run the chart shows.  A value the
-- text gives without its checkpoint has neither.
INSERT INTO measurement (source_id, drive_id, benchmark, workload, checkpoint, metric_id, qual, value, value_hi, unit_id, label, notes) VALUES
  ('seed-000', 'kioxia-cd9p-r-7680',    'dlio', 'checkpoint', 1,    'duration', 'eq',     471.4, NULL, 's', 'DLIO checkpointing benchmark (per checkpoint)', 'checkpoint 1 (starting value)'),
  -- as printed: "etwa 560 bis 580"
  ('seed-000', 'kioxia-cd9p-r-7680',    'dlio', 'checkpoint', NULL, 'duration', 'approx', 560,   580,  's', 'DLIO checkpointing benchmark (per checkpoint)', 'about 560 to 580 s: settled in this band for the rest of the test after checkpoint 1'),
  ('seed-000', 'kioxia-cd9p-r-7680',    'dlio', 'checkpoint', 12,   'duration', 'eq',     569.7, NULL, 's', 'DLIO checkpointing benchmark (per checkpoint)', 'checkpoint 12 (final value)'),
  ('seed-000', 'phison-x200p-7680',     'dlio', 'checkpoint', 12,   'duration', 'approx', 690,   NULL, 's', 'DLIO checkpointing benchmark (per checkpoint)', '"fast 690 Sekunden" (nearly 690 s) by checkpoint 12, after a jump following checkpoint 4'),
  ('seed-000', 'micron-9550-max-12800', 'dlio', 'checkpoint', NULL, 'duration', 'eq',     531.3, NULL, 's', 'DLIO checkpointing benchmark (per checkpoint)', 'intermediate low in the second half of the test; checkpoint not stated'),
  ('seed-000', 'micron-9550-max-12800', 'dlio', 'checkpoint', 12,   'duration', 'eq',     569.1, NULL, 's', 'DLIO checkpointing benchmark (per checkpoint)', 'checkpoint 12 (final value)');

-- ---------------------------------------------------------------------- FIO 128K sequential write (IODepth 16 / NumJobs 1), steady state
INSERT INTO measurement (source_id, drive_id, benchmark, phase, workload, block_size, iodepth, numjobs, metric_id, qual, value, unit_id, label, notes) VALUES
  ('seed-000', 'micron-9550-max-12800',  'fio', 'steady-state', 'seqwrite', 131072, 16, 1, 'bw', 'eq', 10957.9, 'MB/s', '128K sequential write (IODepth 16 / NumJobs 1)', NULL),
  ('seed-000', 'micron-9550-pro-7680',   'fio', 'steady-state', 'seqwrite', 131072, 16, 1, 'bw', 'eq', 10354.6, 'MB/s', '128K sequential write (IODepth 16 / NumJobs 1)', NULL),
  ('seed-000', 'kingston-dc3000me-7680', 'fio', 'steady-state', 'seqwrite', 131072, 16, 1, 'bw', 'eq', 8477.4,  'MB/s', '128K sequential write (IODepth 16 / NumJobs 1)', NULL),
  ('seed-000', 'phison-x200p-7680',      'fio', 'steady-state', 'seqwrite', 131072, 16, 1, 'bw', 'eq', 8369.7,  'MB/s', '128K sequential write (IODepth 16 / NumJobs 1)', NULL),
  ('seed-000', 'kioxia-cd9p-r-7680',     'fio', 'steady-state', 'seqwrite', 131072, 16, 1, 'bw', 'eq', 6912.4,  'MB/s', '128K sequential write (IODepth 16 / NumJobs 1)', 'last of the field; repeated in the conclusion'),
  ('seed-000', 'solidigm-ps1010-7680',   'fio', 'steady-state', 'seqwrite', 131072, 16, 1, 'bw', 'eq', 7126.5,  'MB/s', '128K sequential write (IODepth 16 / NumJobs 1)', NULL),
  ('seed-000', 'sandisk-sn861-7680',     'fio', 'steady-state', 'seqwrite', 131072, 16, 1, 'bw', 'eq', 7116.5,  'MB/s', '128K sequential write (IODepth 16 / NumJobs 1)', NULL),
  ('seed-000', 'micron-7600-max-6400',   'fio', 'steady-state', 'seqwrite', 131072, 16, 1, 'bw', 'eq', 6960.6,  'MB/s', '128K sequential write (IODepth 16 / NumJobs 1)', NULL);

-- ---------------------------------------------------------------------- FIO 128K sequential write latency (IODepth 16 / NumJobs 1), steady state
INSERT INTO measurement (source_id, drive_id, benchmark, phase, workload, block_size, iodepth, numjobs, metric_id, qual, value, unit_id, label, notes) VALUES
  ('seed-000', 'micron-9550-max-12800',  'fio', 'steady-state', 'seqwrite', 131072, 16, 1, 'lat_mean', 'eq', 182.2, 'us', '128K sequential write latency (IODepth 16 / NumJobs 1)', NULL),
  ('seed-000', 'micron-9550-pro-7680',   'fio', 'steady-state', 'seqwrite', 131072, 16, 1, 'lat_mean', 'eq', 192.9, 'us', '128K sequential write latency (IODepth 16 / NumJobs 1)', NULL),
  ('seed-000', 'kioxia-cd9p-r-7680',     'fio', 'steady-state', 'seqwrite', 131072, 16, 1, 'lat_mean', 'eq', 289.0, 'us', '128K sequential write latency (IODepth 16 / NumJobs 1)', 'highest of the group'),
  ('seed-000', 'solidigm-ps1010-7680',   'fio', 'steady-state', 'seqwrite', 131072, 16, 1, 'lat_mean', 'eq', 280.3, 'us', '128K sequential write latency (IODepth 16 / NumJobs 1)', NULL),
  ('seed-000', 'sandisk-sn861-7680',     'fio', 'steady-state', 'seqwrite', 131072, 16, 1, 'lat_mean', 'eq', 280.7, 'us', '128K sequential write latency (IODepth 16 / NumJobs 1)', NULL),
  ('seed-000', 'micron-7600-max-6400',   'fio', 'steady-state', 'seqwrite', 131072, 16, 1, 'lat_mean', 'eq', 287.1, 'us', '128K sequential write latency (IODepth 16 / NumJobs 1)', NULL),
  ('seed-000', 'kingston-dc3000me-7680', 'fio', 'steady-state', 'seqwrite', 131072, 16, 1, 'lat_mean', 'eq', 235.6, 'us', '128K sequential write latency (IODepth 16 / NumJobs 1)', NULL),
  ('seed-000', 'phison-x200p-7680',      'fio', 'steady-state', 'seqwrite', 131072, 16, 1, 'lat_mean', 'eq', 238.6, 'us', '128K sequential write latency (IODepth 16 / NumJobs 1)', NULL);

-- ---------------------------------------------------------------------- FIO 128K sequential read (IODepth 64 / NumJobs 1)
INSERT INTO measurement (source_id, drive_id, benchmark, workload, block_size, iodepth, numjobs, metric_id, qual, value, unit_id, label, notes) VALUES
  ('seed-000', 'kioxia-cd9p-r-7680',     'fio', 'seqread', 131072, 64, 1, 'bw', 'eq', 14235.9, 'MB/s', '128K sequential read (IODepth 64 / NumJobs 1)', 'repeated in the conclusion'),
  ('seed-000', 'phison-x200p-7680',      'fio', 'seqread', 131072, 64, 1, 'bw', 'eq', 14242.1, 'MB/s', '128K sequential read (IODepth 64 / NumJobs 1)', NULL),
  ('seed-000', 'solidigm-ps1010-7680',   'fio', 'seqread', 131072, 64, 1, 'bw', 'eq', 14163.3, 'MB/s', '128K sequential read (IODepth 64 / NumJobs 1)', NULL),
  ('seed-000', 'micron-9550-pro-7680',   'fio', 'seqread', 131072, 64, 1, 'bw', 'eq', 14050.1, 'MB/s', '128K sequential read (IODepth 64 / NumJobs 1)', NULL),
  ('seed-000', 'micron-9550-max-12800',  'fio', 'seqread', 131072, 64, 1, 'bw', 'eq', 14047.5, 'MB/s', '128K sequential read (IODepth 64 / NumJobs 1)', NULL),
  ('seed-000', 'kingston-dc3000me-7680', 'fio', 'seqread', 131072, 64, 1, 'bw', 'eq', 13513.8, 'MB/s', '128K sequential read (IODepth 64 / NumJobs 1)', NULL),
  ('seed-000', 'sandisk-sn861-7680',     'fio', 'seqread', 131072, 64, 1, 'bw', 'eq', 12631.2, 'MB/s', '128K sequential read (IODepth 64 / NumJobs 1)', NULL),
  ('seed-000', 'micron-7600-max-6400',   'fio', 'seqread', 131072, 64, 1, 'bw', 'eq', 11240.5, 'MB/s', '128K sequential read (IODepth 64 / NumJobs 1)', 'the only drive below 12 GB/s');

-- ---------------------------------------------------------------------- FIO 128K sequential read latency (IODepth 64 / NumJobs 1)
INSERT INTO measurement (source_id, drive_id, benchmark, workload, block_size, iodepth, numjobs, metric_id, qual, value, unit_id, label, notes) VALUES
  ('seed-000', 'phison-x200p-7680',      'fio', 'seqread', 131072, 64, 1, 'lat_mean', 'eq', 561.4, 'us', '128K sequential read latency (IODepth 64 / NumJobs 1)', NULL),
  ('seed-000', 'kioxia-cd9p-r-7680',     'fio', 'seqread', 131072, 64, 1, 'lat_mean', 'eq', 561.7, 'us', '128K sequential read latency (IODepth 64 / NumJobs 1)', NULL),
  ('seed-000', 'solidigm-ps1010-7680',   'fio', 'seqread', 131072, 64, 1, 'lat_mean', 'eq', 564.5, 'us', '128K sequential read latency (IODepth 64 / NumJobs 1)', NULL),
  ('seed-000', 'micron-9550-pro-7680',   'fio', 'seqread', 131072, 64, 1, 'lat_mean', 'eq', 569.0, 'us', '128K sequential read latency (IODepth 64 / NumJobs 1)', NULL),
  ('seed-000', 'micron-9550-max-12800',  'fio', 'seqread', 131072, 64, 1, 'lat_mean', 'eq', 569.1, 'us', '128K sequential read latency (IODepth 64 / NumJobs 1)', NULL),
  ('seed-000', 'kingston-dc3000me-7680', 'fio', 'seqread', 131072, 64, 1, 'lat_mean', 'eq', 591.6, 'us', '128K sequential read latency (IODepth 64 / NumJobs 1)', NULL),
  ('seed-000', 'sandisk-sn861-7680',     'fio', 'seqread', 131072, 64, 1, 'lat_mean', 'eq', 633.0, 'us', '128K sequential read latency (IODepth 64 / NumJobs 1)', NULL),
  ('seed-000', 'micron-7600-max-6400',   'fio', 'seqread', 131072, 64, 1, 'lat_mean', 'eq', 711.4, 'us', '128K sequential read latency (IODepth 64 / NumJobs 1)', 'text: 26 % above the leaders');

-- ---------------------------------------------------------------------- FIO 64K random write (IODepth x NumJobs)
-- The 7600 MAX "reached a similar maximum, just above the CD9P-R": no figure.
INSERT INTO measurement (source_id, drive_id, benchmark, workload, block_size, iodepth, numjobs, metric_id, qual, value, value_hi, unit_id, label, notes) VALUES
  ('seed-000', 'kioxia-cd9p-r-7680',    'fio', 'randwrite', 65536, NULL, NULL, 'bw', 'range', 3,    6,    'GB/s', '64K random write (IODepth x NumJobs)', 'average values across the sweep "between 3 and 6 GB/s" (chart reading)'),
  ('seed-000', 'kioxia-cd9p-r-7680',    'fio', 'randwrite', 65536, 32,   8,    'bw', 'eq',    6906, NULL, 'MB/s', '64K random write (IODepth x NumJobs)', 'peak, at the highest tested queue depths (IODepth 32 / NumJobs 8)'),
  ('seed-000', 'micron-9550-max-12800', 'fio', 'randwrite', 65536, NULL, NULL, 'bw', 'gt',    10,   NULL, 'GB/s', '64K random write (IODepth x NumJobs)', 'peak values "over 10 GB/s"; point not stated');

-- ---------------------------------------------------------------------- FIO 64K random write latency (IODepth x NumJobs)
-- The 7600 MAX and 9550 PRO "reached similar values" to the 9550 MAX: no figure.
INSERT INTO measurement (source_id, drive_id, benchmark, workload, block_size, iodepth, numjobs, metric_id, qual, value, value_hi, unit_id, label, notes) VALUES
  -- as printed: "unter 100 us"
  ('seed-000', 'kioxia-cd9p-r-7680',    'fio', 'randwrite', 65536, 1,    1,    'lat_mean', 'lt',     100,  NULL, 'us', '64K random write latency (IODepth x NumJobs)', '"under 100 us" at IODepth 1 / NumJobs 1'),
  ('seed-000', 'kioxia-cd9p-r-7680',    'fio', 'randwrite', 65536, NULL, NULL, 'lat_mean', 'range',  300,  700,  'us', '64K random write latency (IODepth x NumJobs)', 'mid queue depths, rising gradually'),
  -- as printed: "um die 2,000 us"
  ('seed-000', 'kioxia-cd9p-r-7680',    'fio', 'randwrite', 65536, 32,   8,    'lat_mean', 'approx', 2000, NULL, 'us', '64K random write latency (IODepth x NumJobs)', 'around 2,000 us at maximum queue depth; IODepth 32 / NumJobs 8 is the 64K random write maximum named in the bandwidth paragraph'),
  ('seed-000', 'solidigm-ps1010-7680',  'fio', 'randwrite', 65536, NULL, NULL, 'lat_mean', 'range',  4000, 6000, 'us', '64K random write latency (IODepth x NumJobs)', 'peaks at high parallelism; range given jointly for the PS1010 and the X200P'),
  ('seed-000', 'phison-x200p-7680',     'fio', 'randwrite', 65536, NULL, NULL, 'lat_mean', 'range',  4000, 6000, 'us', '64K random write latency (IODepth x NumJobs)', 'peaks at high parallelism; range given jointly for the PS1010 and the X200P'),
  ('seed-000', 'micron-9550-max-12800', 'fio', 'randwrite', 65536, NULL, NULL, 'lat_mean', 'le',     1700, NULL, 'us', '64K random write latency (IODepth x NumJobs)', '"rarely exceeded 1,700 us even at maximum depths"');

-- ---------------------------------------------------------------------- FIO 64K random read (IODepth x NumJobs)
INSERT INTO measurement (source_id, drive_id, benchmark, workload, block_size, iodepth, numjobs, metric_id, qual, value, value_hi, unit_id, label, notes) VALUES
  -- as printed: "ca. 1,334 MB/s"
  ('seed-000', 'kioxia-cd9p-r-7680',    'fio', 'randread', 65536, 1,    1,    'bw', 'approx', 1334, NULL, 'MB/s', '64K random read (IODepth x NumJobs)', 'about 1,334 MB/s, clearly ahead of the field at IODepth 1 / NumJobs 1'),
  -- as printed: "etwa 11.0-12.0 GB/s"
  ('seed-000', 'kioxia-cd9p-r-7680',    'fio', 'randread', 65536, NULL, NULL, 'bw', 'approx', 11.0, 12.0, 'GB/s', '64K random read (IODepth x NumJobs)', 'about 11.0-12.0 GB/s at maximum concurrency; the sweep''s maximum point is not named for this chart'),
  ('seed-000', 'phison-x200p-7680',     'fio', 'randread', 65536, NULL, NULL, 'bw', 'range',  13.5, 14.2, 'GB/s', '64K random read (IODepth x NumJobs)', 'at maximum concurrency; range given jointly for the X200P, 9550 PRO and 9550 MAX'),
  ('seed-000', 'micron-9550-pro-7680',  'fio', 'randread', 65536, NULL, NULL, 'bw', 'range',  13.5, 14.2, 'GB/s', '64K random read (IODepth x NumJobs)', 'at maximum concurrency; range given jointly for the X200P, 9550 PRO and 9550 MAX'),
  ('seed-000', 'micron-9550-max-12800', 'fio', 'randread', 65536, NULL, NULL, 'bw', 'range',  13.5, 14.2, 'GB/s', '64K random read (IODepth x NumJobs)', 'at maximum concurrency; range given jointly for the X200P, 9550 PRO and 9550 MAX');

-- ---------------------------------------------------------------------- FIO 64K random read latency (IODepth x NumJobs)
-- Not stored: "at the end of the sweep all drives had reached 600 us to
-- 1,400 us" (a group range, no drive named and no CD9P-R value of its own;
-- data/README.md's rule for group-wide figures).  The chart has no other
-- figure.

-- ---------------------------------------------------------------------- FIO 16K random write (IODepth x NumJobs)
-- "Ihre IOPS" read as "their IOPS": the CD9P-R together with the DC3000ME,
-- 9550 PRO and SN861, which it tracked for most of the test.
INSERT INTO measurement (source_id, drive_id, benchmark, workload, block_size, iodepth, numjobs, metric_id, qual, value, value_hi, unit_id, label, notes) VALUES
  ('seed-000', 'micron-9550-max-12800',  'fio', 'randwrite', 16384, NULL, NULL, 'iops', 'range', 600000, 690000, 'IOPS', '16K random write (IODepth x NumJobs)', 'printed "600-690 IOPS" (K dropped): "often up to" at higher queue depths'),
  ('seed-000', 'micron-7600-max-6400',   'fio', 'randwrite', 16384, NULL, NULL, 'iops', 'range', 400000, 450000, 'IOPS', '16K random write (IODepth x NumJobs)', 'printed "400-450 IOPS" (K dropped); point not stated'),
  -- as printed: "zwischen 200 und 250" (K dropped)
  ('seed-000', 'kioxia-cd9p-r-7680',     'fio', 'randwrite', 16384, NULL, NULL, 'iops', 'range', 200000, 250000, 'IOPS', '16K random write (IODepth x NumJobs)', 'between 200K and 250K at mid load; range given for the CD9P-R, DC3000ME, 9550 PRO and SN861 together'),
  -- as printed: "zwischen 200 und 250" (K dropped)
  ('seed-000', 'kingston-dc3000me-7680', 'fio', 'randwrite', 16384, NULL, NULL, 'iops', 'range', 200000, 250000, 'IOPS', '16K random write (IODepth x NumJobs)', 'between 200K and 250K at mid load; range given for the CD9P-R, DC3000ME, 9550 PRO and SN861 together'),
  -- as printed: "zwischen 200 und 250" (K dropped)
  ('seed-000', 'micron-9550-pro-7680',   'fio', 'randwrite', 16384, NULL, NULL, 'iops', 'range', 200000, 250000, 'IOPS', '16K random write (IODepth x NumJobs)', 'between 200K and 250K at mid load; range given for the CD9P-R, DC3000ME, 9550 PRO and SN861 together'),
  -- as printed: "zwischen 200 und 250" (K dropped)
  ('seed-000', 'sandisk-sn861-7680',     'fio', 'randwrite', 16384, NULL, NULL, 'iops', 'range', 200000, 250000, 'IOPS', '16K random write (IODepth x NumJobs)', 'between 200K and 250K at mid load; range given for the CD9P-R, DC3000ME, 9550 PRO and SN861 together'),
  -- as printed: "365 bis 440" (K dropped)
  ('seed-000', 'kioxia-cd9p-r-7680',     'fio', 'randwrite', 16384, 32,   16,   'iops', 'range', 365000, 440000, 'IOPS', '16K random write (IODepth x NumJobs)', '365K to 440K at the highest tested parallelism (IODepth 32 / NumJobs 16); range given for the CD9P-R, DC3000ME, 9550 PRO and SN861 together'),
  -- as printed: "365 bis 440" (K dropped)
  ('seed-000', 'kingston-dc3000me-7680', 'fio', 'randwrite', 16384, 32,   16,   'iops', 'range', 365000, 440000, 'IOPS', '16K random write (IODepth x NumJobs)', '365K to 440K at the highest tested parallelism (IODepth 32 / NumJobs 16); range given for the CD9P-R, DC3000ME, 9550 PRO and SN861 together'),
  -- as printed: "365 bis 440" (K dropped)
  ('seed-000', 'micron-9550-pro-7680',   'fio', 'randwrite', 16384, 32,   16,   'iops', 'range', 365000, 440000, 'IOPS', '16K random write (IODepth x NumJobs)', '365K to 440K at the highest tested parallelism (IODepth 32 / NumJobs 16); range given for the CD9P-R, DC3000ME, 9550 PRO and SN861 together'),
  -- as printed: "365 bis 440" (K dropped)
  ('seed-000', 'sandisk-sn861-7680',     'fio', 'randwrite', 16384, 32,   16,   'iops', 'range', 365000, 440000, 'IOPS', '16K random write (IODepth x NumJobs)', '365K to 440K at the highest tested parallelism (IODepth 32 / NumJobs 16); range given for the CD9P-R, DC3000ME, 9550 PRO and SN861 together');

-- ---------------------------------------------------------------------- FIO 16K random write latency (IODepth x NumJobs)
INSERT INTO measurement (source_id, drive_id, benchmark, workload, block_size, iodepth, numjobs, metric_id, qual, value, value_hi, unit_id, label, notes) VALUES
  ('seed-000', 'kioxia-cd9p-r-7680',   'fio', 'randwrite', 16384, NULL, NULL, 'lat_mean', 'lt',     50,   NULL, 'us', '16K random write latency (IODepth x NumJobs)', 'at low queue depths'),
  ('seed-000', 'kioxia-cd9p-r-7680',   'fio', 'randwrite', 16384, NULL, NULL, 'lat_mean', 'range',  500,  750,  'us', '16K random write latency (IODepth x NumJobs)', 'across IODepth 8 / NumJobs 8 to IODepth 32 / NumJobs 8'),
  -- as printed: "Spitzenwert von etwa 1,165 us"
  ('seed-000', 'kioxia-cd9p-r-7680',   'fio', 'randwrite', 16384, NULL, NULL, 'lat_mean', 'approx', 1165, NULL, 'us', '16K random write latency (IODepth x NumJobs)', 'peak of about 1,165 us after the 8/8-32/8 range; point not stated'),
  ('seed-000', 'solidigm-ps1010-7680', 'fio', 'randwrite', 16384, NULL, NULL, 'lat_mean', 'eq',     3300, NULL, 'us', '16K random write latency (IODepth x NumJobs)', 'latency spike at high queue depth; point not stated'),
  ('seed-000', 'phison-x200p-7680',    'fio', 'randwrite', 16384, NULL, NULL, 'lat_mean', 'eq',     2050, NULL, 'us', '16K random write latency (IODepth x NumJobs)', 'latency spike at high queue depth; point not stated');

-- ---------------------------------------------------------------------- FIO 16K random read (IODepth x NumJobs)
INSERT INTO measurement (source_id, drive_id, benchmark, workload, block_size, iodepth, numjobs, metric_id, qual, value, value_hi, unit_id, label, notes) VALUES
  ('seed-000', 'phison-x200p-7680',      'fio', 'randread', 16384, NULL, NULL, 'iops', 'approx', 900000, NULL, 'IOPS', '16K random read (IODepth x NumJobs)', 'printed "fast 900" (nearly 900K, K dropped) under full load; given jointly for the X200P and 9550 MAX; point not stated'),
  ('seed-000', 'micron-9550-max-12800',  'fio', 'randread', 16384, NULL, NULL, 'iops', 'approx', 900000, NULL, 'IOPS', '16K random read (IODepth x NumJobs)', 'printed "fast 900" (nearly 900K, K dropped) under full load; given jointly for the X200P and 9550 MAX; point not stated'),
  ('seed-000', 'kioxia-cd9p-r-7680',     'fio', 'randread', 16384, 32,   8,    'iops', 'eq',     734300, NULL, 'IOPS', '16K random read (IODepth x NumJobs)', '734.3K at its highest measuring point (IODepth 32 / NumJobs 8)'),
  ('seed-000', 'micron-7600-max-6400',   'fio', 'randread', 16384, 32,   8,    'iops', 'eq',     719300, NULL, 'IOPS', '16K random read (IODepth x NumJobs)', '719.3K; point taken from the same sentence as the CD9P-R figure (ranked against it)'),
  ('seed-000', 'kingston-dc3000me-7680', 'fio', 'randread', 16384, 32,   8,    'iops', 'eq',     665600, NULL, 'IOPS', '16K random read (IODepth x NumJobs)', '665.6K; point taken from the same sentence as the CD9P-R figure (ranked against it)'),
  ('seed-000', 'sandisk-sn861-7680',     'fio', 'randread', 16384, 32,   8,    'iops', 'eq',     661100, NULL, 'IOPS', '16K random read (IODepth x NumJobs)', '661.1K; point taken from the same sentence as the CD9P-R figure (ranked against it)');

-- ---------------------------------------------------------------------- FIO 16K random read latency (IODepth x NumJobs)
INSERT INTO measurement (source_id, drive_id, benchmark, workload, block_size, iodepth, numjobs, metric_id, qual, value, value_hi, unit_id, label, notes) VALUES
  -- as printed: "etwa 33 us"
  ('seed-000', 'kioxia-cd9p-r-7680',     'fio', 'randread', 16384, 1,    1,    'lat_mean', 'approx', 33,  NULL, 'us', '16K random read latency (IODepth x NumJobs)', 'about 33 us at the start of the test (IODepth 1 / NumJobs 1)'),
  ('seed-000', 'kioxia-cd9p-r-7680',     'fio', 'randread', 16384, NULL, NULL, 'lat_mean', 'lt',     100, NULL, 'us', '16K random read latency (IODepth x NumJobs)', 'mid parallelism, "generally under 100 us"'),
  ('seed-000', 'kioxia-cd9p-r-7680',     'fio', 'randread', 16384, NULL, NULL, 'lat_mean', 'approx', 713, NULL, 'us', '16K random read latency (IODepth x NumJobs)', 'peak at the highest parallelism; point not stated'),
  ('seed-000', 'sandisk-sn861-7680',     'fio', 'randread', 16384, NULL, NULL, 'lat_mean', 'range',  820, 845,  'us', '16K random read latency (IODepth x NumJobs)', 'peak at the highest parallelism ("Werte 820-845 us ueberschritten"); range given jointly for the SN861 and DC3000ME'),
  ('seed-000', 'kingston-dc3000me-7680', 'fio', 'randread', 16384, NULL, NULL, 'lat_mean', 'range',  820, 845,  'us', '16K random read latency (IODepth x NumJobs)', 'peak at the highest parallelism ("Werte 820-845 us ueberschritten"); range given jointly for the SN861 and DC3000ME');

-- ---------------------------------------------------------------------- FIO 4K random write (IODepth x NumJobs)
INSERT INTO measurement (source_id, drive_id, benchmark, workload, block_size, iodepth, numjobs, metric_id, qual, value, value_hi, unit_id, label, notes) VALUES
  -- as printed: "1,500 bis 1,780 IOPS" (K dropped)
  ('seed-000', 'micron-7600-max-6400',  'fio', 'randwrite', 4096, NULL, NULL, 'iops', 'range', 1500000, 1780000, 'IOPS', '4K random write (IODepth x NumJobs)', '1,500K to 1,780K IOPS at maximum load; given jointly for the 7600 MAX and 9550 MAX; point not stated'),
  -- as printed: "1,500 bis 1,780 IOPS" (K dropped)
  ('seed-000', 'micron-9550-max-12800', 'fio', 'randwrite', 4096, NULL, NULL, 'iops', 'range', 1500000, 1780000, 'IOPS', '4K random write (IODepth x NumJobs)', '1,500K to 1,780K IOPS at maximum load; given jointly for the 7600 MAX and 9550 MAX; point not stated'),
  ('seed-000', 'kioxia-cd9p-r-7680',    'fio', 'randwrite', 4096, 32,   16,   'iops', 'eq',    1263100, NULL,    'IOPS', '4K random write (IODepth x NumJobs)', '1,263.1K at IODepth 32 / NumJobs 16');

-- ---------------------------------------------------------------------- FIO 4K random write latency (IODepth x NumJobs)
INSERT INTO measurement (source_id, drive_id, benchmark, workload, block_size, iodepth, numjobs, metric_id, qual, value, value_hi, unit_id, label, notes) VALUES
  ('seed-000', 'kioxia-cd9p-r-7680',   'fio', 'randwrite', 4096, 1,    NULL, 'lat_mean', 'range',  9,   13,   'us', '4K random write latency (IODepth x NumJobs)', 'at IODepth 1 (NumJobs not stated), slightly above the best values'),
  ('seed-000', 'kioxia-cd9p-r-7680',   'fio', 'randwrite', 4096, NULL, NULL, 'lat_mean', 'range',  20,  120,  'us', '4K random write latency (IODepth x NumJobs)', 'middle of the sweep, "as for most other models"'),
  ('seed-000', 'kioxia-cd9p-r-7680',   'fio', 'randwrite', 4096, NULL, NULL, 'lat_mean', 'range',  200, 410,  'us', '4K random write latency (IODepth x NumJobs)', 'at maximum queue depth; point not named for this chart'),
  ('seed-000', 'solidigm-ps1010-7680', 'fio', 'randwrite', 4096, NULL, NULL, 'lat_mean', 'approx', 740, NULL, 'us', '4K random write latency (IODepth x NumJobs)', '"fast 740 us" (nearly), fluctuating strongly at maximum queue depth; point not named'),
  ('seed-000', 'phison-x200p-7680',    'fio', 'randwrite', 4096, NULL, NULL, 'lat_mean', 'eq',     544, NULL, 'us', '4K random write latency (IODepth x NumJobs)', 'at maximum queue depth; point not named');

-- ---------------------------------------------------------------------- FIO 4K random read (IODepth x NumJobs)
INSERT INTO measurement (source_id, drive_id, benchmark, workload, block_size, iodepth, numjobs, metric_id, qual, value, value_hi, unit_id, label, notes) VALUES
  -- as printed: "ca. 32.3 IOPS" (K dropped)
  ('seed-000', 'kioxia-cd9p-r-7680',    'fio', 'randread', 4096, 1,  1,  'iops', 'approx', 32300,   NULL, 'IOPS', '4K random read (IODepth x NumJobs)', 'about 32.3K IOPS at the lowest queue depths, which the text names as IODepth 1 / NumJobs 1 and IODepth 2 / NumJobs 1; stored at 1/1 (32.3K x ~30 us fits QD1)'),
  ('seed-000', 'kioxia-cd9p-r-7680',    'fio', 'randread', 4096, 1,  1,  'bw',   'approx', 126,     NULL, 'MiB/s', '4K random read (IODepth x NumJobs)', 'printed "(126 MB/s)" next to 32.3K IOPS; 32.3K x 4 KiB = 132 MB/s = 126 MiB/s, so the printed unit is fio''s MiB/s: stored in MiB/s'),
  ('seed-000', 'sandisk-sn861-7680',    'fio', 'randread', 4096, 32, 16, 'iops', 'eq',     2555600, NULL, 'IOPS', '4K random read (IODepth x NumJobs)', 'printed "2,555.6 IOPS" (K dropped), leading at the top end of the test; point taken from the next sentence ("gleichzeitig", CD9P-R at IODepth 32 / NumJobs 16)'),
  ('seed-000', 'kioxia-cd9p-r-7680',    'fio', 'randread', 4096, 32, 16, 'iops', 'eq',     2165000, NULL, 'IOPS', '4K random read (IODepth x NumJobs)', 'printed "2,165.0 IOPS" (K dropped) at IODepth 32 / NumJobs 16; shares second place with the 9550 MAX'),
  ('seed-000', 'micron-9550-max-12800', 'fio', 'randread', 4096, 32, 16, 'iops', 'eq',     2164800, NULL, 'IOPS', '4K random read (IODepth x NumJobs)', 'printed "2,164.8 IOPS" (K dropped); point taken from the same sentence as the CD9P-R figure (shared second place)');

-- ---------------------------------------------------------------------- FIO 4K random read latency (IODepth x NumJobs)
-- Not stored: "most competitors 60-90 us" at IODepth 1 / NumJobs 1 (no drive
-- named) and "all drives 120-275 us" at the highest queue depths (group range).
INSERT INTO measurement (source_id, drive_id, benchmark, workload, block_size, iodepth, numjobs, metric_id, qual, value, value_hi, unit_id, label, notes) VALUES
  -- as printed: "etwa 30 us"
  ('seed-000', 'kioxia-cd9p-r-7680', 'fio', 'randread', 4096, 1,    1,    'lat_mean', 'approx', 30,  NULL, 'us', '4K random read latency (IODepth x NumJobs)', 'about 30 us at IODepth 1 / NumJobs 1, lowest of the group, about half the 60-90 us of most competitors; repeated in the conclusion (QD1)'),
  -- as printed: "rund 200 us"
  ('seed-000', 'sandisk-sn861-7680', 'fio', 'randread', 4096, NULL, NULL, 'lat_mean', 'approx', 200, NULL, 'us', '4K random read latency (IODepth x NumJobs)', 'around 200 us at the highest tested queue depths, called the highest latency although the group range is given as 120-275 us (likely a slip); point not stated'),
  -- as printed: "beendete den Sweep bei etwa 236 us"
  ('seed-000', 'kioxia-cd9p-r-7680', 'fio', 'randread', 4096, NULL, NULL, 'lat_mean', 'approx', 236, NULL, 'us', '4K random read latency (IODepth x NumJobs)', 'about 236 us at the end of the sweep; point not stated');

-- ---------------------------------------------------------------------- GDSIO sequential read throughput
-- Not stored: "most competitors still at 1.7-2.0 GiB/s" at 128K/8 (no drive named).
INSERT INTO measurement (source_id, drive_id, benchmark, workload, block_size, threads, metric_id, qual, value, value_hi, unit_id, label, notes) VALUES
  ('seed-000', 'kioxia-cd9p-r-7680',     'gdsio', 'read', 16384,   1,    'bw', 'approx', 0.3,  NULL, 'GiB/s', 'GDSIO sequential read throughput', '16K/1, behind most competitors'),
  -- as printed: "ca. 0.55-0.6"
  ('seed-000', 'phison-x200p-7680',      'gdsio', 'read', 16384,   1,    'bw', 'approx', 0.55, 0.6,  'GiB/s', 'GDSIO sequential read throughput', 'about 0.55-0.6 on a single thread; given jointly for the X200P and 7600 MAX'),
  -- as printed: "ca. 0.55-0.6"
  ('seed-000', 'micron-7600-max-6400',   'gdsio', 'read', 16384,   1,    'bw', 'approx', 0.55, 0.6,  'GiB/s', 'GDSIO sequential read throughput', 'about 0.55-0.6 on a single thread; given jointly for the X200P and 7600 MAX'),
  ('seed-000', 'kioxia-cd9p-r-7680',     'gdsio', 'read', 16384,   64,   'bw', 'approx', 2.0,  NULL, 'GiB/s', 'GDSIO sequential read throughput', '16K/64, highest of the group'),
  ('seed-000', 'kioxia-cd9p-r-7680',     'gdsio', 'read', 16384,   128,  'bw', 'approx', 1.9,  NULL, 'GiB/s', 'GDSIO sequential read throughput', '16K/128'),
  ('seed-000', 'kioxia-cd9p-r-7680',     'gdsio', 'read', 131072,  1,    'bw', 'approx', 1.6,  NULL, 'GiB/s', 'GDSIO sequential read throughput', '128K/1, top of the group together with the SN861'),
  ('seed-000', 'kioxia-cd9p-r-7680',     'gdsio', 'read', 131072,  8,    'bw', 'approx', 3.9,  NULL, 'GiB/s', 'GDSIO sequential read throughput', '128K/8, highest of the group at that point'),
  -- as printed: "etwa 5.2 bis 5.3"
  ('seed-000', 'micron-9550-pro-7680',   'gdsio', 'read', 131072,  NULL, 'bw', 'approx', 5.2,  5.3,  'GiB/s', 'GDSIO sequential read throughput', 'about 5.2 to 5.3 at 128K/64 and 128K/128; given jointly for the 9550 PRO and 9550 MAX'),
  -- as printed: "etwa 5.2 bis 5.3"
  ('seed-000', 'micron-9550-max-12800',  'gdsio', 'read', 131072,  NULL, 'bw', 'approx', 5.2,  5.3,  'GiB/s', 'GDSIO sequential read throughput', 'about 5.2 to 5.3 at 128K/64 and 128K/128; given jointly for the 9550 PRO and 9550 MAX'),
  ('seed-000', 'kioxia-cd9p-r-7680',     'gdsio', 'read', 131072,  128,  'bw', 'approx', 5.1,  NULL, 'GiB/s', 'GDSIO sequential read throughput', 'peak, printed at 128K/128, "then fell back to about 4.8 GiB/s" (order unclear: 128 threads is the last point)'),
  ('seed-000', 'kioxia-cd9p-r-7680',     'gdsio', 'read', 131072,  NULL, 'bw', 'approx', 4.8,  NULL, 'GiB/s', 'GDSIO sequential read throughput', 'after the 5.1 GiB/s peak; thread count not stated'),
  ('seed-000', 'kioxia-cd9p-r-7680',     'gdsio', 'read', 1048576, 1,    'bw', 'approx', 3.9,  NULL, 'GiB/s', 'GDSIO sequential read throughput', '1M/1'),
  ('seed-000', 'kioxia-cd9p-r-7680',     'gdsio', 'read', 1048576, 128,  'bw', 'approx', 6.2,  NULL, 'GiB/s', 'GDSIO sequential read throughput', '1M/128, highest of the group; repeated in the conclusion'),
  ('seed-000', 'phison-x200p-7680',      'gdsio', 'read', 1048576, 128,  'bw', 'approx', 6.1,  NULL, 'GiB/s', 'GDSIO sequential read throughput', 'ranked against the CD9P-R at 1M/128 (about 6.1 each, with the 9550 MAX)'),
  ('seed-000', 'micron-9550-max-12800',  'gdsio', 'read', 1048576, 128,  'bw', 'approx', 6.1,  NULL, 'GiB/s', 'GDSIO sequential read throughput', 'ranked against the CD9P-R at 1M/128 (about 6.1 each, with the X200P)'),
  ('seed-000', 'solidigm-ps1010-7680',   'gdsio', 'read', 1048576, 128,  'bw', 'approx', 6.0,  NULL, 'GiB/s', 'GDSIO sequential read throughput', 'ranked against the CD9P-R at 1M/128 (around 6.0 each, with the 9550 PRO)'),
  ('seed-000', 'micron-9550-pro-7680',   'gdsio', 'read', 1048576, 128,  'bw', 'approx', 6.0,  NULL, 'GiB/s', 'GDSIO sequential read throughput', 'ranked against the CD9P-R at 1M/128 (around 6.0 each, with the PS1010)'),
  ('seed-000', 'kingston-dc3000me-7680', 'gdsio', 'read', 1048576, 128,  'bw', 'approx', 5.9,  NULL, 'GiB/s', 'GDSIO sequential read throughput', 'ranked against the CD9P-R at 1M/128'),
  ('seed-000', 'micron-7600-max-6400',   'gdsio', 'read', 1048576, 128,  'bw', 'approx', 5.6,  NULL, 'GiB/s', 'GDSIO sequential read throughput', 'ranked against the CD9P-R at 1M/128, clearly behind');

-- ---------------------------------------------------------------------- GDSIO sequential read latency
-- Not stored: "all drives reached 20,000-22,000 us at 1M/128" (group range;
-- the CD9P-R's own 20.3 ms is stored).
INSERT INTO measurement (source_id, drive_id, benchmark, workload, block_size, threads, metric_id, qual, value, unit_id, label, notes) VALUES
  ('seed-000', 'kioxia-cd9p-r-7680',     'gdsio', 'read', 16384,   1,   'lat_mean', 'approx', 44,   'us', 'GDSIO sequential read latency', '16K/1 (single thread), mid-field'),
  ('seed-000', 'phison-x200p-7680',      'gdsio', 'read', 16384,   1,   'lat_mean', 'approx', 26,   'us', 'GDSIO sequential read latency', '16K/1 (single thread)'),
  ('seed-000', 'sandisk-sn861-7680',     'gdsio', 'read', 16384,   1,   'lat_mean', 'approx', 26,   'us', 'GDSIO sequential read latency', '16K/1 (single thread)'),
  ('seed-000', 'micron-7600-max-6400',   'gdsio', 'read', 16384,   1,   'lat_mean', 'approx', 27,   'us', 'GDSIO sequential read latency', '16K/1 (single thread)'),
  ('seed-000', 'kingston-dc3000me-7680', 'gdsio', 'read', 16384,   1,   'lat_mean', 'approx', 83,   'us', 'GDSIO sequential read latency', '16K/1 (single thread), the largest outlier'),
  ('seed-000', 'solidigm-ps1010-7680',   'gdsio', 'read', 16384,   1,   'lat_mean', 'approx', 71,   'us', 'GDSIO sequential read latency', '16K/1 (single thread)'),
  -- as printed: "etwa 20.3 ms"
  ('seed-000', 'kioxia-cd9p-r-7680',     'gdsio', 'read', 1048576, 128, 'lat_mean', 'approx', 20.3, 'ms', 'GDSIO sequential read latency', '1M/128, about 20.3 ms, low end of the group''s 20,000-22,000 us');

-- ---------------------------------------------------------------------- GDSIO sequential write throughput
-- Not stored: "all drives 0.6-1.5 GiB/s" in the 16K segment and "the other
-- drives 1.2-1.4 GiB/s" at 16K/128 (group ranges); "ca. 5.2 bis 5.7 GiB/s"
-- peak for the 9550 PRO, 7600 MAX and X200P (their exact peaks are stored).
INSERT INTO measurement (source_id, drive_id, benchmark, workload, block_size, threads, metric_id, qual, value, value_hi, unit_id, label, notes) VALUES
  ('seed-000', 'solidigm-ps1010-7680',   'gdsio', 'write', 131072,  32,   'bw', 'eq',     3.9,  NULL, 'GiB/s', 'GDSIO sequential write throughput', '128K/32, before the collapse'),
  ('seed-000', 'solidigm-ps1010-7680',   'gdsio', 'write', 131072,  64,   'bw', 'approx', 2.5,  NULL, 'GiB/s', 'GDSIO sequential write throughput', '128K/64'),
  ('seed-000', 'solidigm-ps1010-7680',   'gdsio', 'write', 131072,  128,  'bw', 'eq',     1.6,  NULL, 'GiB/s', 'GDSIO sequential write throughput', '128K/128, less than half of most rivals'),
  ('seed-000', 'solidigm-ps1010-7680',   'gdsio', 'write', 1048576, NULL, 'bw', 'eq',     4.2,  NULL, 'GiB/s', 'GDSIO sequential write throughput', '1M segment: "only 4.2 GiB/s even at moderate thread counts", dropping again at the top; thread count not stated'),
  ('seed-000', 'micron-9550-max-12800',  'gdsio', 'write', 1048576, 32,   'bw', 'approx', 4.7,  NULL, 'GiB/s', 'GDSIO sequential write throughput', '1M/32'),
  ('seed-000', 'micron-9550-max-12800',  'gdsio', 'write', 1048576, 64,   'bw', 'approx', 2.2,  NULL, 'GiB/s', 'GDSIO sequential write throughput', '1M/64, partial recovery at 1M/128 (no figure)'),
  ('seed-000', 'kioxia-cd9p-r-7680',     'gdsio', 'write', 16384,   1,    'bw', 'approx', 0.7,  NULL, 'GiB/s', 'GDSIO sequential write throughput', '16K/1'),
  ('seed-000', 'kioxia-cd9p-r-7680',     'gdsio', 'write', 16384,   32,   'bw', 'approx', 1.5,  NULL, 'GiB/s', 'GDSIO sequential write throughput', '16K/32, then constant'),
  ('seed-000', 'micron-9550-max-12800',  'gdsio', 'write', 16384,   128,  'bw', 'approx', 0.7,  NULL, 'GiB/s', 'GDSIO sequential write throughput', '16K/128, abrupt drop'),
  ('seed-000', 'kioxia-cd9p-r-7680',     'gdsio', 'write', 131072,  1,    'bw', 'approx', 2.7,  NULL, 'GiB/s', 'GDSIO sequential write throughput', '128K/1'),
  ('seed-000', 'kioxia-cd9p-r-7680',     'gdsio', 'write', 131072,  8,    'bw', 'approx', 4.7,  NULL, 'GiB/s', 'GDSIO sequential write throughput', '128K/8, highest of the group'),
  -- as printed: "ca. 5.1 bis 5.3"
  ('seed-000', 'micron-9550-pro-7680',   'gdsio', 'write', 131072,  NULL, 'bw', 'approx', 5.1,  5.3,  'GiB/s', 'GDSIO sequential write throughput', 'peaks of about 5.1 to 5.3 from 128K/16 on; given jointly for the 9550 PRO and 9550 MAX'),
  -- as printed: "ca. 5.1 bis 5.3"
  ('seed-000', 'micron-9550-max-12800',  'gdsio', 'write', 131072,  NULL, 'bw', 'approx', 5.1,  5.3,  'GiB/s', 'GDSIO sequential write throughput', 'peaks of about 5.1 to 5.3 from 128K/16 on; given jointly for the 9550 PRO and 9550 MAX'),
  -- as printed: "etwa 4.1-4.5"
  ('seed-000', 'kioxia-cd9p-r-7680',     'gdsio', 'write', 131072,  NULL, 'bw', 'approx', 4.1,  4.5,  'GiB/s', 'GDSIO sequential write throughput', 'about 4.1-4.5 for the rest of the 128K segment (128K/16 to 128K/128)'),
  ('seed-000', 'kioxia-cd9p-r-7680',     'gdsio', 'write', 1048576, 1,    'bw', 'approx', 4.9,  NULL, 'GiB/s', 'GDSIO sequential write throughput', '1M/1, highest of the group; also the CD9P-R''s maximum write throughput ("4.9 GiB/s", fifth of eight; repeated in the conclusion)'),
  -- as printed: "ca. 4.3-4.4"
  ('seed-000', 'kioxia-cd9p-r-7680',     'gdsio', 'write', 1048576, NULL, 'bw', 'approx', 4.3,  4.4,  'GiB/s', 'GDSIO sequential write throughput', 'about 4.3-4.4 at every thread count after 1M/1'),
  ('seed-000', 'micron-9550-max-12800',  'gdsio', 'write', 1048576, NULL, 'bw', 'eq',     5.69, NULL, 'GiB/s', 'GDSIO sequential write throughput', 'maximum write throughput (ranking of the eight drives); thread count not stated'),
  ('seed-000', 'micron-9550-pro-7680',   'gdsio', 'write', 1048576, NULL, 'bw', 'eq',     5.54, NULL, 'GiB/s', 'GDSIO sequential write throughput', 'maximum write throughput (ranking of the eight drives); thread count not stated, 1M/4 or more'),
  ('seed-000', 'micron-7600-max-6400',   'gdsio', 'write', 1048576, NULL, 'bw', 'eq',     5.44, NULL, 'GiB/s', 'GDSIO sequential write throughput', 'maximum write throughput (ranking of the eight drives); thread count not stated, 1M/4 or more'),
  ('seed-000', 'phison-x200p-7680',      'gdsio', 'write', 1048576, NULL, 'bw', 'eq',     5.41, NULL, 'GiB/s', 'GDSIO sequential write throughput', 'maximum write throughput (ranking of the eight drives); thread count not stated, 1M/4 or more');

-- ---------------------------------------------------------------------- GDSIO sequential write latency
INSERT INTO measurement (source_id, drive_id, benchmark, workload, block_size, threads, metric_id, qual, value, value_hi, unit_id, label, notes) VALUES
  ('seed-000', 'kioxia-cd9p-r-7680',     'gdsio', 'write', 16384,   1,    'lat_mean', 'approx', 21,    NULL,  'us', 'GDSIO sequential write latency', '16K/1, lowest of the group'),
  ('seed-000', 'solidigm-ps1010-7680',   'gdsio', 'write', 16384,   1,    'lat_mean', 'approx', 22,    NULL,  'us', 'GDSIO sequential write latency', '16K/1'),
  ('seed-000', 'phison-x200p-7680',      'gdsio', 'write', 16384,   1,    'lat_mean', 'approx', 25,    NULL,  'us', 'GDSIO sequential write latency', '16K/1'),
  -- as printed: "um die 30 us"
  ('seed-000', 'micron-9550-max-12800',  'gdsio', 'write', 16384,   1,    'lat_mean', 'approx', 30,    NULL,  'us', 'GDSIO sequential write latency', '16K/1, around 30 us (both the 9550 MAX and 7600 MAX)'),
  -- as printed: "um die 30 us"
  ('seed-000', 'micron-7600-max-6400',   'gdsio', 'write', 16384,   1,    'lat_mean', 'approx', 30,    NULL,  'us', 'GDSIO sequential write latency', '16K/1, around 30 us (both the 9550 MAX and 7600 MAX)'),
  ('seed-000', 'micron-9550-max-12800',  'gdsio', 'write', 16384,   128,  'lat_mean', 'approx', 2500,  NULL,  'us', 'GDSIO sequential write latency', '16K/128, highest of the group'),
  ('seed-000', 'kioxia-cd9p-r-7680',     'gdsio', 'write', 16384,   128,  'lat_mean', 'approx', 1500,  NULL,  'us', 'GDSIO sequential write latency', '16K/128'),
  ('seed-000', 'solidigm-ps1010-7680',   'gdsio', 'write', 131072,  64,   'lat_mean', 'approx', 9700,  NULL,  'us', 'GDSIO sequential write latency', '128K/64 spike (its throughput collapse)'),
  ('seed-000', 'kioxia-cd9p-r-7680',     'gdsio', 'write', 131072,  NULL, 'lat_mean', 'range',  1900,  3800,  'us', 'GDSIO sequential write latency', 'at 128K/64 and 128K/128'),
  -- as printed: "jeweils etwa 27,000-28,000 us"
  ('seed-000', 'micron-9550-max-12800',  'gdsio', 'write', 1048576, 64,   'lat_mean', 'approx', 27000, 28000, 'us', 'GDSIO sequential write latency', 'about 27,000-28,000 us each at 1M/64, rising further at 1M/128; given for the 9550 MAX and 9550 PRO each'),
  -- as printed: "jeweils etwa 27,000-28,000 us"
  ('seed-000', 'micron-9550-pro-7680',   'gdsio', 'write', 1048576, 64,   'lat_mean', 'approx', 27000, 28000, 'us', 'GDSIO sequential write latency', 'about 27,000-28,000 us each at 1M/64, rising further at 1M/128; given for the 9550 MAX and 9550 PRO each'),
  ('seed-000', 'kioxia-cd9p-r-7680',     'gdsio', 'write', 1048576, 64,   'lat_mean', 'approx', 14500, NULL,  'us', 'GDSIO sequential write latency', '1M/64'),
  ('seed-000', 'kioxia-cd9p-r-7680',     'gdsio', 'write', 1048576, 128,  'lat_mean', 'approx', 29100, NULL,  'us', 'GDSIO sequential write latency', '1M/128'),
  ('seed-000', 'phison-x200p-7680',      'gdsio', 'write', 1048576, 128,  'lat_mean', 'approx', 25000, NULL,  'us', 'GDSIO sequential write latency', '1M/128, lowest of the group'),
  ('seed-000', 'micron-9550-pro-7680',   'gdsio', 'write', 1048576, 128,  'lat_mean', 'approx', 44900, NULL,  'us', 'GDSIO sequential write latency', '1M/128, highest of the group'),
  ('seed-000', 'solidigm-ps1010-7680',   'gdsio', 'write', 1048576, 128,  'lat_mean', 'approx', 40700, NULL,  'us', 'GDSIO sequential write latency', '1M/128'),
  ('seed-000', 'micron-7600-max-6400',   'gdsio', 'write', 1048576, 128,  'lat_mean', 'approx', 36000, NULL,  'us', 'GDSIO sequential write latency', '1M/128');
