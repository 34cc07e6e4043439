-- kioxia-cd6.sql: seed 002 (002_c4f1410b846bfcb5.txt), a machine-translated
-- German StorageReview review of the KIOXIA CD6 (CD6-R, PCIe 4.0, 2.5" 15 mm).
-- Holds: source seed-002, family kioxia-cd6, its five capacity points, the
-- spec table and spec prose, and every measurement the review prints.
--
-- The review prints numbers for the CD6 only.  The four rivals (Samsung PM9A3,
-- Memblaze PBlaze6 6920, Intel D7-P5510, Micron 7400 Pro, all 7.68 TB) appear
-- only as rankings ("2nd place", "behind the Samsung PM9A3 and Memblaze"), so
-- no rival measurement rows exist here and no rival drive rows are needed;
-- the rankings are kept in the CD6 rows' notes.
--
-- Loads after schema.sql, units.sql and rivals.sql.

-- =====================================================================
-- Source
-- =====================================================================
-- (source rows live in sources.sql)

-- =====================================================================
-- Family (CD6-R; the table is the 1 DWPD read-intensive model)
-- =====================================================================
INSERT INTO family (id, vendor_id, name, series, variant, segment, aliases, form_factors,
                    pcie_gen, pcie_lanes, nvme_version, ports, nand, dwpd, warranty_years,
                    mttf_hours, security, plp, source_id, notes) VALUES
  ('kioxia-cd6', 'kioxia', 'CD6-R', 'CD6', 'R', 'read-intensive', 'CD6', '2.5" 15 mm',
   4, 4, '1.4', 'single', 'KIOXIA BiCS FLASH 96-layer 3D TLC', 1, 5,
   2500000, 'SIE, SED, FIPS 140-2', 1, 'seed-002',
   -- research: seed-002 names the drive only "KIOXIA CD6"; its spec table is titled "KIOXIA CD6 FW-Spezifikationen"
   'The CD6 review names the drive only "KIOXIA CD6" and says it comes in several capacities (960 GB to 15.36 TB) and several security and endurance options; its spec table gives 1 DWPD, i.e. the read-intensive CD6-R, which is what this family holds (the 3 DWPD mixed-use CD6-V is not covered by the review). '
   || 'KIOXIA in-house controller; single-port design (one data path host to SSD); PCIe 4.0 x4, NVMe 1.4. Features per the review: "6th generation" (object lost in translation), two-die failure recovery and double parity protection, power loss protection (PLP), end-to-end data correction. '
   || 'Active power 13-19 W typical with six power-mode settings. Described as one of the first PCIe 4.0 enterprise drives (24x7 hyperscale, IoT, big-data analytics, virtualisation, media streaming, CDN).');

-- =====================================================================
-- Drives (capacity points)
-- =====================================================================
INSERT INTO drive (id, family_id, capacity_gb, source_id, notes) VALUES
  ('kioxia-cd6-960',   'kioxia-cd6',   960, 'seed-002', NULL),
  ('kioxia-cd6-1920',  'kioxia-cd6',  1920, 'seed-002', NULL),
  ('kioxia-cd6-3840',  'kioxia-cd6',  3840, 'seed-002', NULL),
  ('kioxia-cd6-7680',  'kioxia-cd6',  7680, 'seed-002',
   'The capacity the CD6 review tested: a purchased production drive, retested after a summer-2020 pre-production review. The review compares the CD6 "with four other PCIe Gen4 enterprise SSDs of 7.68 TB" and does not state the CD6''s own capacity outright: inferred'),
  ('kioxia-cd6-15360', 'kioxia-cd6', 15360, 'seed-002', NULL);

-- No part numbers or model strings are printed in seed-002: no sku rows.

-- =====================================================================
-- Spec table ("KIOXIA CD6 FW-Spezifikationen") and spec prose
-- Columns of the table: 15,360 GB | 7,680 GB | 3,840 GB | 1,920 GB | 960 GB.
-- The translated table merges cells, so rows have fewer values than columns:
--   seq read   5,500 | 6,200 | 5,800          (3 cells)
--   seq write  4,000 | 2,350 | 1,150 | 1,300  (4 cells)
--   rand read  750K | 1,000K | 700K           (3 cells)
--   rand write 30K | 85K | 60K | 30K          (4 cells)
--   power      19 W | 15 W | 13 W             (3 cells)
-- The prose fixes two merges: read 6.2 GB/s for the 7.68 and 3.84 TB models,
-- write 4 GB/s for the 15.36 and 7.68 TB models.  Hence
--   seq read: 15.36 = 5,500; 7.68 + 3.84 = 6,200; 1.92 + 960 = 5,800;
--   seq write: 15.36 + 7.68 = 4,000; then one cell each: 3.84 = 2,350,
--              1.92 = 1,150, 960 = 1,300 (the only reading with 4 cells);
--   rand read: same 3-cell pattern as seq read (prose: 1,000K is the top,
--              "more than 1 million"): 15.36 = 750K, 7.68 + 3.84 = 1,000K,
--              1.92 + 960 = 700K;
--   rand write: prose 85K is the top; 4 cells with one merge, taken as the
--              7.68 + 3.84 pair (as in the read rows): 15.36 = 30K,
--              7.68 + 3.84 = 85K, 1.92 = 60K, 960 = 30K;
--   power: same 3-cell pattern as the read rows: 15.36 = 19 W,
--              7.68 + 3.84 = 15 W, 1.92 + 960 = 13 W.
-- A figure whose column comes from such a reading ("taken to span", "mapped
-- like"), not from the table or prose outright, ends its note with
-- ": inferred" (specdb_check's rule "inferred mapping not marked").
-- =====================================================================

-- Sustained 128 KiB sequential read, single-port mode (1x4)
INSERT INTO spec (family_id, drive_id, metric_id, qual, value, unit_id, block_size, conditions, source_id, confidence, preferred, notes) VALUES
  ('kioxia-cd6', 'kioxia-cd6-15360', 'seq_read', 'eq', 5500, 'MB/s', 131072, 'sustained, single-port mode (1x4)', 'seed-002', 'A', 1, 'first table cell, unambiguous'),
  ('kioxia-cd6', 'kioxia-cd6-7680',  'seq_read', 'eq', 6200, 'MB/s', 131072, 'sustained, single-port mode (1x4)', 'seed-002', 'A', 1, 'merged cell 6,200 spans 7.68 and 3.84 TB; prose: "up to 6.2 GB/s (models with 7.68 and 3.84 [TB])" (printed "GB")'),
  ('kioxia-cd6', 'kioxia-cd6-3840',  'seq_read', 'eq', 6200, 'MB/s', 131072, 'sustained, single-port mode (1x4)', 'seed-002', 'A', 1, 'merged cell 6,200 spans 7.68 and 3.84 TB; prose: "up to 6.2 GB/s (models with 7.68 and 3.84 [TB])" (printed "GB")'),
  ('kioxia-cd6', 'kioxia-cd6-1920',  'seq_read', 'eq', 5800, 'MB/s', 131072, 'sustained, single-port mode (1x4)', 'seed-002', 'A', 1, 'merged cell 5,800 taken to span 1.92 TB and 960 GB (last of 3 cells, last 2 columns empty): inferred'),
  ('kioxia-cd6', 'kioxia-cd6-960',   'seq_read', 'eq', 5800, 'MB/s', 131072, 'sustained, single-port mode (1x4)', 'seed-002', 'A', 1, 'merged cell 5,800 taken to span 1.92 TB and 960 GB (last of 3 cells, last 2 columns empty): inferred');

-- Sustained 128 KiB sequential write, single-port mode (1x4)
INSERT INTO spec (family_id, drive_id, metric_id, qual, value, unit_id, block_size, conditions, source_id, confidence, preferred, notes) VALUES
  ('kioxia-cd6', 'kioxia-cd6-15360', 'seq_write', 'eq', 4000, 'MB/s', 131072, 'sustained, single-port mode (1x4)', 'seed-002', 'A', 1, 'merged cell 4,000 spans 15.36 and 7.68 TB; prose: "4 GB/s (models with 15.36 and 7.68 [TB])" (printed "GB")'),
  ('kioxia-cd6', 'kioxia-cd6-7680',  'seq_write', 'eq', 4000, 'MB/s', 131072, 'sustained, single-port mode (1x4)', 'seed-002', 'A', 1, 'merged cell 4,000 spans 15.36 and 7.68 TB; prose: "4 GB/s (models with 15.36 and 7.68 [TB])" (printed "GB")'),
  ('kioxia-cd6', 'kioxia-cd6-3840',  'seq_write', 'eq', 2350, 'MB/s', 131072, 'sustained, single-port mode (1x4)', 'seed-002', 'A', 1, 'second of 4 cells; with the prose-fixed merge of the first two columns the remaining 3 cells map one per column'),
  ('kioxia-cd6', 'kioxia-cd6-1920',  'seq_write', 'eq', 1150, 'MB/s', 131072, 'sustained, single-port mode (1x4)', 'seed-002', 'A', 1, 'third of 4 cells (by cell order); note it is lower than the 960 GB figure, which is odd but is what the cell order gives'),
  ('kioxia-cd6', 'kioxia-cd6-960',   'seq_write', 'eq', 1300, 'MB/s', 131072, 'sustained, single-port mode (1x4)', 'seed-002', 'A', 1, 'fourth of 4 cells (by cell order); higher than the 1.92 TB figure, odd but as the cell order gives');

-- Sustained 4 KiB random read, single-port mode (1x4)
INSERT INTO spec (family_id, drive_id, metric_id, qual, value, unit_id, block_size, conditions, source_id, confidence, preferred, notes) VALUES
  ('kioxia-cd6', 'kioxia-cd6-15360', 'rand_read', 'eq',  750000, 'IOPS', 4096, 'sustained, single-port mode (1x4)', 'seed-002', 'A', 1, 'table: 750K IOPS; first cell, unambiguous'),
  ('kioxia-cd6', 'kioxia-cd6-7680',  'rand_read', 'eq', 1000000, 'IOPS', 4096, 'sustained, single-port mode (1x4)', 'seed-002', 'A', 1, 'table: 1,000K IOPS, merged cell taken to span 7.68 and 3.84 TB (same 3-cell pattern as sequential read); prose: "more than 1 million IOPS read" (the top figure, not its columns): inferred'),
  ('kioxia-cd6', 'kioxia-cd6-3840',  'rand_read', 'eq', 1000000, 'IOPS', 4096, 'sustained, single-port mode (1x4)', 'seed-002', 'A', 1, 'table: 1,000K IOPS, merged cell taken to span 7.68 and 3.84 TB (same 3-cell pattern as sequential read); prose: "more than 1 million IOPS read" (the top figure, not its columns): inferred'),
  ('kioxia-cd6', 'kioxia-cd6-1920',  'rand_read', 'eq',  700000, 'IOPS', 4096, 'sustained, single-port mode (1x4)', 'seed-002', 'A', 1, 'table: 700K IOPS, merged cell taken to span 1.92 TB and 960 GB (same 3-cell pattern as sequential read): inferred'),
  ('kioxia-cd6', 'kioxia-cd6-960',   'rand_read', 'eq',  700000, 'IOPS', 4096, 'sustained, single-port mode (1x4)', 'seed-002', 'A', 1, 'table: 700K IOPS, merged cell taken to span 1.92 TB and 960 GB (same 3-cell pattern as sequential read): inferred');

-- Sustained 4 KiB random write, single-port mode (1x4)
INSERT INTO spec (family_id, drive_id, metric_id, qual, value, unit_id, block_size, conditions, source_id, confidence, preferred, notes) VALUES
  ('kioxia-cd6', 'kioxia-cd6-15360', 'rand_write', 'eq', 30000, 'IOPS', 4096, 'sustained, single-port mode (1x4)', 'seed-002', 'A', 1, 'table: 30K IOPS; first cell, unambiguous'),
  ('kioxia-cd6', 'kioxia-cd6-7680',  'rand_write', 'eq', 85000, 'IOPS', 4096, 'sustained, single-port mode (1x4)', 'seed-002', 'A', 1, 'table: 85K IOPS; 4 cells for 5 columns, the merged cell taken to be 7.68 + 3.84 TB as in the read rows; prose: "only 85,000 IOPS write" (the top figure, not its columns): inferred'),
  ('kioxia-cd6', 'kioxia-cd6-3840',  'rand_write', 'eq', 85000, 'IOPS', 4096, 'sustained, single-port mode (1x4)', 'seed-002', 'A', 1, 'table: 85K IOPS; 4 cells for 5 columns, the merged cell taken to be 7.68 + 3.84 TB as in the read rows: inferred'),
  ('kioxia-cd6', 'kioxia-cd6-1920',  'rand_write', 'eq', 60000, 'IOPS', 4096, 'sustained, single-port mode (1x4)', 'seed-002', 'A', 1, 'table: 60K IOPS (third of 4 cells, placed by the merge taken for 7.68 + 3.84 TB): inferred'),
  ('kioxia-cd6', 'kioxia-cd6-960',   'rand_write', 'eq', 30000, 'IOPS', 4096, 'sustained, single-port mode (1x4)', 'seed-002', 'A', 1, 'table: 30K IOPS (fourth of 4 cells, placed by the merge taken for 7.68 + 3.84 TB): inferred');

-- Power
INSERT INTO spec (family_id, drive_id, metric_id, qual, value, value_hi, unit_id, conditions, source_id, confidence, preferred, notes) VALUES
  ('kioxia-cd6', 'kioxia-cd6-15360', 'power_active', 'eq', 19, NULL, 'W', 'typical', 'seed-002', 'A', 1, 'table: 19W Typ.; first cell, unambiguous'),
  ('kioxia-cd6', 'kioxia-cd6-7680',  'power_active', 'eq', 15, NULL, 'W', 'typical', 'seed-002', 'A', 1, 'table: 15W Typ.; 3 cells for 5 columns, mapped like the sequential read row (15.36 | 7.68 + 3.84 | 1.92 + 960): inferred'),
  ('kioxia-cd6', 'kioxia-cd6-3840',  'power_active', 'eq', 15, NULL, 'W', 'typical', 'seed-002', 'A', 1, 'table: 15W Typ.; 3 cells for 5 columns, mapped like the sequential read row: inferred'),
  ('kioxia-cd6', 'kioxia-cd6-1920',  'power_active', 'eq', 13, NULL, 'W', 'typical', 'seed-002', 'A', 1, 'table: 13W Typ.; 3 cells for 5 columns, mapped like the sequential read row: inferred'),
  ('kioxia-cd6', 'kioxia-cd6-960',   'power_active', 'eq', 13, NULL, 'W', 'typical', 'seed-002', 'A', 1, 'table: 13W Typ.; 3 cells for 5 columns, mapped like the sequential read row: inferred'),
  ('kioxia-cd6', NULL, 'power_active', 'range', 13, 19, 'W', 'typical, range across capacities; six power-mode settings', 'seed-002', 'A', 1, 'prose: active power from 13 to 19 W, six power-mode settings available'),
  -- as printed: "Stromverbrauch (Bereit) 5W Typ."
  ('kioxia-cd6', NULL, 'power_idle',   'eq',  5, NULL, 'W', 'typical (ready)', 'seed-002', 'A', 1, 'table: power (ready) 5 W typical, all capacities');

-- Supply voltage (all capacities)
INSERT INTO spec (family_id, drive_id, metric_id, qual, value, unit_id, conditions, source_id, confidence, preferred, notes) VALUES
  ('kioxia-cd6', NULL, 'voltage', 'eq', 12,  'V', 'main supply, tolerance ±10 %', 'seed-002', 'A', 1, 'table: 12V ± 10 %, 3.3 Vaux ± 15 %'),
  ('kioxia-cd6', NULL, 'voltage', 'eq', 3.3, 'V', 'auxiliary supply (3.3 Vaux), tolerance ±15 %', 'seed-002', 'A', 1, 'table: 12V ± 10 %, 3.3 Vaux ± 15 %');

-- Interface, reliability (all capacities)
INSERT INTO spec (family_id, drive_id, metric_id, qual, value, unit_id, conditions, source_id, confidence, preferred, notes) VALUES
  ('kioxia-cd6', NULL, 'link_speed', 'eq', 64,      'GT/s',  'PCIe Gen4 x4 (aggregate of 4 lanes)', 'seed-002', 'A', 1, 'table: 64 GT/s (Gen4 x4); interface PCIe 4.0, NVMe 1.4; flash BiCS FLASH TLC'),
  -- as printed: "2,500,000 Stunden"
  ('kioxia-cd6', NULL, 'mttf',       'eq', 2500000, 'h',     NULL, 'seed-002', 'A', 1, 'table: 2,500,000 hours'),
  -- as printed: "5 Jahre"
  ('kioxia-cd6', NULL, 'warranty',   'eq', 5,       'years', NULL, 'seed-002', 'A', 1, 'table: 5 years'),
  ('kioxia-cd6', NULL, 'dwpd',       'eq', 1,       'DWPD',  NULL, 'seed-002', 'A', 1, 'table: DWPD 1 (conclusion: one drive write per day); warranty period 5 years');

-- Dimensions (all capacities)
INSERT INTO spec (family_id, drive_id, metric_id, qual, value, unit_id, conditions, source_id, confidence, preferred, notes) VALUES
  -- as printed: "Größe"
  ('kioxia-cd6', NULL, 'thickness', 'eq', 15.0,   'mm', 'tolerance +0 / -0.5 mm', 'seed-002', 'A', 1, 'table: height 15.0 mm +0 / -0.5 mm'),
  ('kioxia-cd6', NULL, 'width',     'eq', 69.85,  'mm', 'tolerance ±0.25 mm',     'seed-002', 'A', 1, 'table: 69.85 ± 0.25 mm'),
  ('kioxia-cd6', NULL, 'length',    'eq', 100.45, 'mm', 'max.',                   'seed-002', 'A', 1, 'table: 100.45 mm max.'),
  ('kioxia-cd6', NULL, 'weight',    'eq', 130,    'g',  'max.',                   'seed-002', 'A', 1, 'table: 130 g max.');

-- Environment (all capacities)
INSERT INTO spec (family_id, drive_id, metric_id, qual, value, value_hi, unit_id, conditions, source_id, confidence, preferred, notes) VALUES
  ('kioxia-cd6', NULL, 'temp_operating', 'range', 0, 70, 'C', 'operating', 'seed-002', 'A', 1, 'table: 0 °C to 70 °C'),
  ('kioxia-cd6', NULL, 'humidity',       'range', 5, 95, '%', 'operating, relative humidity', 'seed-002', 'A', 1, 'table: 5 % to 95 % relative humidity'),
  ('kioxia-cd6', NULL, 'vibration',      'eq', 2.17,  NULL, 'Grms', 'operating, 5 to 800 Hz', 'seed-002', 'A', 1, 'table: 21.27 m/s2 {2.17 Grms} (5 to 800 Hz)'),
  ('kioxia-cd6', NULL, 'vibration',      'eq', 21.27, NULL, 'm/s2', 'operating, 5 to 800 Hz', 'seed-002', 'A', 0, 'same figure in SI units as printed; the Grms row is preferred'),
  ('kioxia-cd6', NULL, 'shock',          'eq', 1000,  NULL, 'G',    'operating, 0.5 ms duration', 'seed-002', 'A', 1, 'table: 9,800 m/s2 {1,000 G} (0.5 ms duration)'),
  ('kioxia-cd6', NULL, 'shock',          'eq', 9800,  NULL, 'm/s2', 'operating, 0.5 ms duration', 'seed-002', 'A', 0, 'same figure in SI units as printed; the G row is preferred');

-- =====================================================================
-- Measurements (all on the CD6 7.68 TB; see the drive note)
-- No rival figures are printed, so no rival drive rows are referenced.
-- =====================================================================

-- SQL Server (TPC-C, Quest Benchmark Factory; 15,000 virtual users, scale 1,500)
INSERT INTO measurement (source_id, drive_id, benchmark, workload, metric_id, qual, value, unit_id, label, notes) VALUES
  ('seed-002', 'kioxia-cd6-7680', 'sqlserver', 'TPC-C', 'tps',      'eq', 12651.5, 'TPS', 'SQL Server transactions', 'CD6 1st place of 5; 333 GB database (scale 1,500), 15,000 virtual users, 30 min sample after 2.5 h preconditioning; number of VMs not stated; repeated in the conclusion'),
  ('seed-002', 'kioxia-cd6-7680', 'sqlserver', 'TPC-C', 'lat_mean', 'eq', 2.3,     'ms',  'SQL Server average latency', 'printed "only 2.3 ms", described as excellent; repeated in the conclusion');

-- Sysbench (Percona MySQL OLTP, 32 threads per VM)
INSERT INTO measurement (source_id, drive_id, benchmark, workload, threads, metric_id, qual, value, unit_id, label, notes) VALUES
  ('seed-002', 'kioxia-cd6-7680', 'sysbench', 'OLTP', 32, 'tps',      'eq', 10975, 'TPS', 'Sysbench transactions', 'CD6 3rd place ("upper midfield"); 100 tables, 32 threads, 1 h measurement after 2 h preconditioning; number of VMs not stated; repeated in the conclusion'),
  ('seed-002', 'kioxia-cd6-7680', 'sysbench', 'OLTP', 32, 'lat_mean', 'eq', 11.66, 'ms',  'Sysbench average latency', 'CD6 3rd, slightly behind the Samsung PM9A3 and Memblaze drives; repeated in the conclusion'),
  ('seed-002', 'kioxia-cd6-7680', 'sysbench', 'OLTP', 32, 'lat_p99',  'eq', 22.81, 'ms',  'Sysbench 99th percentile latency (worst case)', 'CD6 4th place; the review calls it the average 99th-percentile latency; repeated in the conclusion');

-- VDBench: peak IOPS with the latency at that peak (two rows per peak).
-- MB/s and GB/s figures are stored as printed (GB/s x 1000); they match the
-- printed IOPS only as binary units (e.g. 66,563 x 64 KiB = 4,160 MiB/s).

-- 4K random read (100 % read, 128 threads)
INSERT INTO measurement (source_id, drive_id, benchmark, workload, block_size, threads, read_pct, metric_id, qual, value, unit_id, label, notes) VALUES
  ('seed-002', 'kioxia-cd6-7680', 'vdbench', '4K random read', 4096, 128, 100, 'iops',     'eq', 1030000, 'IOPS', 'VDBench 4K random read', 'peak, printed "1.03 million IOPS"; CD6 2nd of 5; repeated in the conclusion'),
  ('seed-002', 'kioxia-cd6-7680', 'vdbench', '4K random read', 4096, 128, 100, 'lat_mean', 'eq', 492.6,   'us',   'VDBench 4K random read', 'latency at the 1.03M IOPS peak');

-- 4K random write (100 % write, 128 threads)
INSERT INTO measurement (source_id, drive_id, benchmark, workload, block_size, threads, read_pct, metric_id, qual, value, unit_id, label, notes) VALUES
  ('seed-002', 'kioxia-cd6-7680', 'vdbench', '4K random write', 4096, 128, 0, 'iops',     'eq', 159000, 'IOPS', 'VDBench 4K random write', 'peak, printed "159 IOPS" (K dropped); CD6 last by a wide margin; repeated in the conclusion'),
  ('seed-002', 'kioxia-cd6-7680', 'vdbench', '4K random write', 4096, 128, 0, 'lat_mean', 'eq', 3207,   'us',   'VDBench 4K random write', 'latency at the 159K IOPS peak, printed "3,207 µs"');

-- 64K sequential read (100 % read, 32 threads)
INSERT INTO measurement (source_id, drive_id, benchmark, workload, block_size, threads, read_pct, metric_id, qual, value, unit_id, label, notes) VALUES
  ('seed-002', 'kioxia-cd6-7680', 'vdbench', '64K sequential read', 65536, 32, 100, 'bw',       'eq', 4160,  'MiB/s', 'VDBench 64K sequential read', 'printed 4.16 GB/s ("sequential 64 workloads", K dropped); CD6 last; 66,563 IOPS x 64 KiB = 4,160 MiB/s, so the GB/s is binary: stored in MiB/s; repeated in the conclusion'),
  ('seed-002', 'kioxia-cd6-7680', 'vdbench', '64K sequential read', 65536, 32, 100, 'iops',     'eq', 66563, 'IOPS', 'VDBench 64K sequential read', 'peak, printed "(66,563 IOPS)"'),
  ('seed-002', 'kioxia-cd6-7680', 'vdbench', '64K sequential read', 65536, 32, 100, 'lat_mean', 'eq', 960,   'us',   'VDBench 64K sequential read', 'read latency at the peak');

-- 64K sequential write (100 % write, 16 threads)
INSERT INTO measurement (source_id, drive_id, benchmark, workload, block_size, threads, read_pct, metric_id, qual, value, unit_id, label, notes) VALUES
  ('seed-002', 'kioxia-cd6-7680', 'vdbench', '64K sequential write', 65536, 16, 0, 'bw',       'eq', 623,  'MiB/s', 'VDBench 64K sequential write', 'peak, printed 623 MB/s; 9,970 IOPS x 64 KiB = 623 MiB/s, so the MB/s is binary: stored in MiB/s; repeated in the conclusion'),
  ('seed-002', 'kioxia-cd6-7680', 'vdbench', '64K sequential write', 65536, 16, 0, 'iops',     'eq', 9970, 'IOPS', 'VDBench 64K sequential write', 'peak, printed "(9,970 IOPS)"'),
  ('seed-002', 'kioxia-cd6-7680', 'vdbench', '64K sequential write', 65536, 16, 0, 'lat_mean', 'eq', 6382, 'us',   'VDBench 64K sequential write', 'latency at the peak, printed "6,382 µs"');

-- 16K sequential read (100 % read, 32 threads)
INSERT INTO measurement (source_id, drive_id, benchmark, workload, block_size, threads, read_pct, metric_id, qual, value, unit_id, label, notes) VALUES
  ('seed-002', 'kioxia-cd6-7680', 'vdbench', '16K sequential read', 16384, 32, 100, 'bw',       'eq', 2900,   'MiB/s', 'VDBench 16K sequential read', 'peak, printed 2.9 GB/s; 185,854 IOPS x 16 KiB = 2,904 MiB/s, so the GB/s is binary: stored in MiB/s; repeated in the conclusion'),
  ('seed-002', 'kioxia-cd6-7680', 'vdbench', '16K sequential read', 16384, 32, 100, 'iops',     'eq', 185854, 'IOPS', 'VDBench 16K sequential read', 'peak, printed "(185,854 IOPS)"'),
  ('seed-002', 'kioxia-cd6-7680', 'vdbench', '16K sequential read', 16384, 32, 100, 'lat_mean', 'eq', 171.1,  'us',   'VDBench 16K sequential read', 'latency at the peak');

-- 16K sequential write (100 % write, 16 threads)
INSERT INTO measurement (source_id, drive_id, benchmark, workload, block_size, threads, read_pct, metric_id, qual, value, unit_id, label, notes) VALUES
  ('seed-002', 'kioxia-cd6-7680', 'vdbench', '16K sequential write', 16384, 16, 0, 'iops',     'eq', 40000, 'IOPS', 'VDBench 16K sequential write', 'peak, printed "only 40K IOPS" (rounded); weak write performance'),
  ('seed-002', 'kioxia-cd6-7680', 'vdbench', '16K sequential write', 16384, 16, 0, 'bw',       'eq', 623,   'MiB/s', 'VDBench 16K sequential write', 'peak, printed "(623 MB/s)"; 40K x 16 KiB = 625 MiB/s (655 MB/s decimal), so the MB/s is binary like the other VDBench throughputs: stored in MiB/s (same value as the 64K write by coincidence). The conclusion repeats 623 MB/s for writes but also prints an unexplained "2.6 GB/s" in the same clause, not stored'),
  ('seed-002', 'kioxia-cd6-7680', 'vdbench', '16K sequential write', 16384, 16, 0, 'lat_mean', 'eq', 396,   'us',   'VDBench 16K sequential write', 'latency at the peak');

-- 70/30 random mixes (64 threads)
INSERT INTO measurement (source_id, drive_id, benchmark, workload, block_size, threads, read_pct, metric_id, qual, value, unit_id, label, notes) VALUES
  ('seed-002', 'kioxia-cd6-7680', 'vdbench', '4K 70/30',  4096,  64, 70, 'iops',     'eq', 479356, 'IOPS', 'VDBench 4K 70/30 random mix', 'peak; CD6 second to last; conclusion rounds to "479 IOPS" (K dropped)'),
  ('seed-002', 'kioxia-cd6-7680', 'vdbench', '4K 70/30',  4096,  64, 70, 'lat_mean', 'eq', 131,    'us',   'VDBench 4K 70/30 random mix', 'latency at the peak'),
  ('seed-002', 'kioxia-cd6-7680', 'vdbench', '16K 70/30', 16384, 64, 70, 'iops',     'eq', 130996, 'IOPS', 'VDBench 16K 70/30 random mix', 'peak; CD6 last; conclusion rounds to "131 IOPS" (K dropped)'),
  ('seed-002', 'kioxia-cd6-7680', 'vdbench', '16K 70/30', 16384, 64, 70, 'lat_mean', 'eq', 485.8,  'us',   'VDBench 16K 70/30 random mix', 'latency at the peak'),
  ('seed-002', 'kioxia-cd6-7680', 'vdbench', '8K 70/30',  8192,  64, 70, 'iops',     'eq', 260802, 'IOPS', 'VDBench 8K 70/30 random mix', 'peak; conclusion rounds to "261 IOPS" (K dropped)'),
  ('seed-002', 'kioxia-cd6-7680', 'vdbench', '8K 70/30',  8192,  64, 70, 'lat_mean', 'eq', 242.3,  'us',   'VDBench 8K 70/30 random mix', 'latency at the peak');

-- SQL workloads
INSERT INTO measurement (source_id, drive_id, benchmark, workload, read_pct, metric_id, qual, value, unit_id, label, notes) VALUES
  ('seed-002', 'kioxia-cd6-7680', 'vdbench', 'SQL',       NULL, 'iops',     'eq', 244000, 'IOPS', 'VDBench SQL', 'peak, printed "244 IOPS" (K dropped); slightly behind the competition; repeated in the conclusion'),
  ('seed-002', 'kioxia-cd6-7680', 'vdbench', 'SQL',       NULL, 'lat_mean', 'eq', 130,    'us',   'VDBench SQL', 'latency at the peak'),
  ('seed-002', 'kioxia-cd6-7680', 'vdbench', 'SQL 90/10', 90,   'iops',     'eq', 237000, 'IOPS', 'VDBench SQL 90/10', 'peak, printed "237 IOPS" (K dropped); similar performance among the top 4 drives, CD6 slightly behind; repeated in the conclusion'),
  ('seed-002', 'kioxia-cd6-7680', 'vdbench', 'SQL 90/10', 90,   'lat_mean', 'eq', 133.2,  'us',   'VDBench SQL 90/10', 'latency at the peak'),
  ('seed-002', 'kioxia-cd6-7680', 'vdbench', 'SQL 80/20', 80,   'iops',     'eq', 231000, 'IOPS', 'VDBench SQL 80/20', 'peak, printed "231 IOPS" (K dropped); CD6 behind again; repeated in the conclusion'),
  ('seed-002', 'kioxia-cd6-7680', 'vdbench', 'SQL 80/20', 80,   'lat_mean', 'eq', 136.2,  'us',   'VDBench SQL 80/20', 'latency at the peak');

-- Oracle workloads
INSERT INTO measurement (source_id, drive_id, benchmark, workload, read_pct, metric_id, qual, value, unit_id, label, notes) VALUES
  ('seed-002', 'kioxia-cd6-7680', 'vdbench', 'Oracle',       NULL, 'iops',     'eq', 228000, 'IOPS', 'VDBench Oracle', 'peak, printed "228 IOPS" (K dropped); slightly behind the other drives; repeated in the conclusion'),
  ('seed-002', 'kioxia-cd6-7680', 'vdbench', 'Oracle',       NULL, 'lat_mean', 'eq', 155.8,  'us',   'VDBench Oracle', 'latency at the peak'),
  ('seed-002', 'kioxia-cd6-7680', 'vdbench', 'Oracle 90/10', 90,   'iops',     'eq', 183000, 'IOPS', 'VDBench Oracle 90/10', 'peak, printed "183 IOPS" (K dropped); repeated in the conclusion'),
  ('seed-002', 'kioxia-cd6-7680', 'vdbench', 'Oracle 90/10', 90,   'lat_mean', 'eq', 119,    'us',   'VDBench Oracle 90/10', 'latency at the peak'),
  ('seed-002', 'kioxia-cd6-7680', 'vdbench', 'Oracle 80/20', 80,   'iops',     'eq', 185000, 'IOPS', 'VDBench Oracle 80/20', 'peak, printed "185 IOPS" (K dropped); repeated in the conclusion'),
  ('seed-002', 'kioxia-cd6-7680', 'vdbench', 'Oracle 80/20', 80,   'lat_mean', 'eq', 117.8,  'us',   'VDBench Oracle 80/20', 'latency at the peak');

-- VDI full clone (FC)
INSERT INTO measurement (source_id, drive_id, benchmark, workload, metric_id, qual, value, unit_id, label, notes) VALUES
  ('seed-002', 'kioxia-cd6-7680', 'vdbench', 'VDI Full Clone Boot',   'iops',     'eq',     192000, 'IOPS', 'VDBench VDI Full Clone Boot', 'peak, printed "192 IOPS" (K dropped); started well, ended behind the competition; repeated in the conclusion'),
  ('seed-002', 'kioxia-cd6-7680', 'vdbench', 'VDI Full Clone Boot',   'lat_mean', 'eq',     175.2,  'us',   'VDBench VDI Full Clone Boot', 'latency at the peak'),
  ('seed-002', 'kioxia-cd6-7680', 'vdbench', 'VDI FC Initial Login',  'iops',     'eq',     44000,  'IOPS', 'VDBench VDI FC Initial Login', 'peak, printed "44 IOPS" (K dropped), before performance dropped at the end (large latency spikes afterwards per the conclusion); repeated in the conclusion'),
  ('seed-002', 'kioxia-cd6-7680', 'vdbench', 'VDI FC Initial Login',  'lat_mean', 'eq',     671,    'us',   'VDBench VDI FC Initial Login', 'latency at the 44K peak, printed "(671 µs)"'),
  ('seed-002', 'kioxia-cd6-7680', 'vdbench', 'VDI FC Initial Login',  'iops',     'approx', 40000,  'IOPS', 'VDBench VDI FC Initial Login', 'not a peak: the CD6 fell back with large spikes and dropped off the chart as it approached "the 40 IOPS mark" (K dropped)'),
  ('seed-002', 'kioxia-cd6-7680', 'vdbench', 'VDI FC Monday Login',   'iops',     'eq',     52000,  'IOPS', 'VDBench VDI FC Monday Login', 'peak, printed "52 IOPS" (K dropped); clearly behind the other drives; repeated in the conclusion'),
  ('seed-002', 'kioxia-cd6-7680', 'vdbench', 'VDI FC Monday Login',   'lat_mean', 'eq',     286.3,  'us',   'VDBench VDI FC Monday Login', 'latency at the peak');

-- VDI linked clone (LC)
INSERT INTO measurement (source_id, drive_id, benchmark, workload, metric_id, qual, value, unit_id, label, notes) VALUES
  ('seed-002', 'kioxia-cd6-7680', 'vdbench', 'VDI Linked Clone Boot', 'iops',     'eq',     93000,  'IOPS', 'VDBench VDI Linked Clone Boot', 'peak; the body prints "peak of a solid 170.3 IOPS at 93 µs" (numbers swapped, K dropped); the conclusion gives a 93 IOPS peak at boot, so 93K IOPS at 170.3 µs'),
  ('seed-002', 'kioxia-cd6-7680', 'vdbench', 'VDI Linked Clone Boot', 'lat_mean', 'eq',     170.3,  'us',   'VDBench VDI Linked Clone Boot', 'latency at the 93K peak (printed as "170.3 IOPS", swapped with the IOPS figure)'),
  ('seed-002', 'kioxia-cd6-7680', 'vdbench', 'VDI Linked Clone Boot', 'iops',     'approx', 40000,  'IOPS', 'VDBench VDI Linked Clone Boot', 'not a peak: a sharp latency rise (similar to the Micron Pro drive) that levelled off at "about 40 IOPS" (K dropped)'),
  ('seed-002', 'kioxia-cd6-7680', 'vdbench', 'VDI LC Initial Login',  'iops',     'eq',     16000,  'IOPS', 'VDBench VDI LC Initial Login', 'peak; the body prints "peak of only 513.2 IOPS at 16 µs" (numbers swapped, K dropped); the conclusion gives a 16 IOPS peak, so 16K IOPS at 513.2 µs; 3rd place, far behind the Memblaze and Intel drives; struggled from the start like the Samsung and Micron drives'),
  ('seed-002', 'kioxia-cd6-7680', 'vdbench', 'VDI LC Initial Login',  'lat_mean', 'eq',     513.2,  'us',   'VDBench VDI LC Initial Login', 'latency at the 16K peak (printed as "513.2 IOPS", swapped with the IOPS figure)'),
  ('seed-002', 'kioxia-cd6-7680', 'vdbench', 'VDI LC Monday Login',   'iops',     'approx', 18000,  'IOPS', 'VDBench VDI LC Monday Login', 'peak of "around 18 IOPS" (K dropped); problems like the Samsung and Micron drives'),
  ('seed-002', 'kioxia-cd6-7680', 'vdbench', 'VDI LC Monday Login',   'iops',     'eq',     12000,  'IOPS', 'VDBench VDI LC Monday Login', 'final point: "ended at 12 IOPS" (K dropped); the conclusion calls 12 IOPS the Monday Login peak'),
  ('seed-002', 'kioxia-cd6-7680', 'vdbench', 'VDI LC Monday Login',   'lat_mean', 'eq',     1363,   'us',   'VDBench VDI LC Monday Login', 'latency at the final 12K IOPS point, printed "1,363 µs"');
