-- seeds 001 (French) and 004 (Japanese): StorageReview, "KIOXIA CM9-R 15.36TB
-- review: BiCS8 flash hits full speed at low queue depth".
-- KIOXIA CM9-R 15.36 TB E3.S (KCM9XRJE15T3) tested with FIO, GDSIO and DLIO
-- against the KIOXIA CD9P-R 7.68 TB, SanDisk DC SN861 7.68 TB, Solidigm
-- D7-PS1010 7.68 TB and D7-PS1030 12.8 TB, Micron 7600 MAX 6.4 TB, 9550 MAX
-- 12.8 TB and 9550 Pro 7.68 TB.
-- This file owns the sources seed-001 / seed-004 and the family kioxia-cm9-r.
-- The rival families live in rivals.sql and kioxia-cd9p-r.sql; their capacity
-- points are added here with INSERT OR IGNORE.
-- Reading notes: the French text writes "8 668,1 Mo/s" (= 8,668.1 MB/s) and
-- "1 502,9 K IOPS"; the Japanese text uses "8,668.1 MB/s" and "1,502.9K".
-- Every number was checked in both editions; they agree on every measured
-- figure.  The French edition has translation slips that are noted where they
-- touch a row (see also the seed-001 source notes).

-- ------------------------------------------------------------------ sources
-- (source rows live in sources.sql)

-- ------------------------------------------------------------------ family
INSERT INTO family (id, vendor_id, name, series, variant, segment, aliases, form_factors, pcie_gen, pcie_lanes, nvme_version, ports, nand, dwpd, warranty_years, mttf_hours, security, plp, has_spec_sheet, test_only, source_id, notes) VALUES
  ('kioxia-cm9-r', 'kioxia', 'CM9-R', 'CM9', 'R', 'read-intensive',
   'KIOXIA CM9-R;CM9R;CM9 R;KCM9',
   'E3.S 7.5 mm (EDSFF); 2.5" U.2',
   5, 4, '2.0', 'single/dual',
   'KIOXIA BiCS FLASH generation 8 (BiCS8) 3D TLC, CBA (CMOS directly Bonded to Array); generation 5 below 7.68 TB',
   1, 5, 2500000,
   'SIE, SED, FIPS 140-3 SED',
   1, 1, 0, 'seed-001',
   'PCIe 5.0 x4 single port or x2 dual port (HA); NVMe 2.0, NVMe-MI 1.2c; OCP Datacenter NVMe SSD v2.5 (partial: not every requirement covered). Power-loss protection and end-to-end data protection standard. First SSD family on BiCS8. Capacities 1.92 to 30.72 TB in E3.S, flagship 61.44 TB only as 2.5" U.2; 7.68, 15.36 and 30.72 TB use BiCS8, capacities below 7.68 TB BiCS gen 5. The 15.36 TB is the capacity with the series'' best write specs (11,000 MB/s, 540K IOPS), not shared by other capacities. Mixed-use sibling: CM9-V (3 DWPD). Warranty: 5 years (the French edition garbles the cell; the Japanese edition prints it).');

-- ------------------------------------------------------------------ drives (capacity points named by the review)
-- 1.92 TB (smallest E3.S), 7.68 / 15.36 / 30.72 TB (BiCS8; 30.72 = largest
-- E3.S) and 61.44 TB (2.5" U.2 only).  The review does not name the 3.84 TB
-- point that the 1.92-30.72 TB range implies, so it has no row here.  The series
-- goes "up to 61.44 TB in 2.5 inch", so the E3.S points may also exist as 2.5":
-- no form_factor on them.
INSERT INTO drive (id, family_id, capacity_gb, source_id, form_factor, nand, dwpd, notes) VALUES
  ('kioxia-cm9-r-1920',  'kioxia-cm9-r', 1920, 'seed-001',  'E3.S 7.5 mm', 'KIOXIA BiCS FLASH generation 5', NULL, 'smallest E3.S capacity; capacities below 7.68 TB use BiCS gen 5'),
  ('kioxia-cm9-r-7680',  'kioxia-cm9-r', 7680, 'seed-001',  'E3.S 7.5 mm', NULL, NULL, 'BiCS8 (gen 8) capacity point'),
  ('kioxia-cm9-r-15360', 'kioxia-cm9-r', 15360, 'seed-001', 'E3.S 7.5 mm', NULL, NULL, 'reviewed drive: 15.36 TB E3.S 7.5 mm (KCM9XRJE15T3); BiCS8; best write specs of the series (11,000 MB/s, 540K IOPS). The spec figures are those of the E3.S model'),
  ('kioxia-cm9-r-30720', 'kioxia-cm9-r', 30720, 'seed-001', 'E3.S 7.5 mm', NULL, NULL, 'largest E3.S capacity; BiCS8 (gen 8)'),
  ('kioxia-cm9-r-61440', 'kioxia-cm9-r', 61440, 'seed-001', '2.5" U.2', NULL, NULL, 'flagship capacity, 2.5" U.2 only; NAND generation not stated');

-- ------------------------------------------------------------------ SKUs (spec table "Modèle" row, both editions)
INSERT INTO sku (model, drive_id, kind, option, status, source_id, notes) VALUES
  ('KCM9XRJE15T3', 'kioxia-cm9-r-15360', 'part-number', 'SIE',  'published', 'seed-001', 'E3.S; X = SIE (printed "(SIE)"); the reviewed drive'),
  ('KCM9DRJE15T3', 'kioxia-cm9-r-15360', 'part-number', 'SED',  'published', 'seed-001', 'E3.S; D = SED (printed "(SED)")'),
  ('KCM9FRJE15T3', 'kioxia-cm9-r-15360', 'part-number', 'FIPS', 'published', 'seed-001', 'E3.S; F = FIPS 140-3 SED (printed "(FIPS SED)")');

-- ------------------------------------------------------------------ SKUs from rivals.md (its CM9-V section's CM9-R block)
INSERT INTO sku (model, drive_id, kind, option, status, source_id, notes) VALUES
  -- rivals.md gives it from [DELL17G]
  ('KCM9XRJE7T68', 'kioxia-cm9-r-7680', 'part-number', 'OEM Dell', 'published', 'dell17g', 'Dell CM9-R 7.68 TB E3.S; X = SIE.');

-- ------------------------------------------------------------------ spec figures
-- Spec table "KIOXIA CM9-R 15.36 To (E3.S)", performance "single port x4, up
-- to"; the intro repeats 3,400K / 14,800 MB/s / 25 W and 11,000 MB/s / 540K.
-- Both editions agree on every figure, so one row each from seed-001, except
-- the warranty, which only seed-004 prints legibly.
INSERT INTO spec (family_id, drive_id, metric_id, qual, value, value_hi, unit_id, block_size, iodepth, numjobs, conditions, source_id, confidence, preferred, notes) VALUES
  -- as printed: "14,800 Mo / s"; intro "14 800 Mo/s en lecture séquentielle"; seed-004 same
  ('kioxia-cm9-r', 'kioxia-cm9-r-15360', 'seq_read',   'eq', 14800,   NULL, 'MB/s', 131072, NULL, NULL, 'single port x4, up to', 'seed-001', 'A', 1, '14,800 MB/s (128 KiB) in the table and the introduction; the Japanese edition agrees'),
  -- as printed: "11,000 Mo / s" (128 Kio); seed-004 same
  ('kioxia-cm9-r', 'kioxia-cm9-r-15360', 'seq_write',  'eq', 11000,   NULL, 'MB/s', 131072, NULL, NULL, 'single port x4, up to', 'seed-001', 'A', 1, '11,000 MB/s (128 KiB); prose: best sequential write of the series, not shared by other capacities; the Japanese edition agrees'),
  -- seed-004 same
  ('kioxia-cm9-r', 'kioxia-cm9-r-15360', 'rand_read',  'eq', 3400000, NULL, 'IOPS', 4096,   NULL, NULL, 'single port x4, up to', 'seed-001', 'A', 1, 'printed "3,400K IOPS"; intro "3 400 000 IOPS"; the review says KIOXIA measures it at queue depths beyond its IODepth 32 / NumJobs 16 ceiling, so not comparable with the sweep; the Japanese edition agrees'),
  -- prose as printed: "540 000 IOPS"; seed-004 same
  ('kioxia-cm9-r', 'kioxia-cm9-r-15360', 'rand_write', 'eq', 540000,  NULL, 'IOPS', 4096,   NULL, NULL, 'single port x4, up to', 'seed-001', 'A', 1, 'printed "540K IOPS"; prose "540 000 IOPS", rated by KIOXIA at a fixed queue depth (not stated); best random write of the series; the Japanese edition agrees'),
  ('kioxia-cm9-r', 'kioxia-cm9-r-15360', 'lat_read',   'eq', 65,      NULL, 'us',   4096,   1,    NULL, 'typical, 4 KiB QD1', 'seed-001', 'A', 1, '65 µs / 10 µs (read / write, 4 KiB QD1, typical); the Japanese edition agrees'),
  ('kioxia-cm9-r', 'kioxia-cm9-r-15360', 'lat_write',  'eq', 10,      NULL, 'us',   4096,   1,    NULL, 'typical, 4 KiB QD1', 'seed-001', 'A', 1, '65 µs / 10 µs (read / write, 4 KiB QD1, typical); the Japanese edition agrees'),
  -- as printed: "25 W typ. / 5 W typ."; intro "consommation typique de 25 W"; seed-004 same
  ('kioxia-cm9-r', 'kioxia-cm9-r-15360', 'power_active','eq', 25,     NULL, 'W',    NULL,   NULL, NULL, 'typical, active', 'seed-001', 'A', 1, '25 W / 5 W typical (active / ready); the introduction gives 25 W typical; the Japanese edition agrees'),
  -- as printed: "(active / prête)"; seed-004 same
  ('kioxia-cm9-r', 'kioxia-cm9-r-15360', 'power_idle', 'eq', 5,       NULL, 'W',    NULL,   NULL, NULL, 'typical, ready (idle)', 'seed-001', 'A', 1, '25 W / 5 W typical (active / ready); the Japanese edition agrees'),
  -- seed-001 prints "2,500,000 5 heures / XNUMX ans" (garbled); seed-004 prints "2,500,000時間 / 5年"
  ('kioxia-cm9-r', 'kioxia-cm9-r-15360', 'mttf',       'eq', 2500000, NULL, 'h',    NULL,   NULL, NULL, NULL, 'seed-001', 'A', 1, '2,500,000 hours; the French edition garbles the cell, the Japanese edition prints it clearly'),
  -- seed-004 prints "5年"; seed-001 "2,500,000 5 heures / XNUMX ans"
  ('kioxia-cm9-r', 'kioxia-cm9-r-15360', 'warranty',   'eq', 5,       NULL, 'years',NULL,   NULL, NULL, NULL, 'seed-004', 'A', 1, 'from the Japanese edition (5 years); the French edition garbles the cell'),
  ('kioxia-cm9-r', 'kioxia-cm9-r-15360', 'thickness',  'eq', 7.5,     NULL, 'mm',   NULL,   NULL, NULL, 'E3.S', 'seed-001', 'A', 1, 'form factor "E3.S, 7.5 mm"; caption: E3.S 7.5 mm with EDSFF connector; the Japanese edition agrees'),
  ('kioxia-cm9-r', NULL,                 'dwpd',       'eq', 1,       NULL, 'DWPD', NULL,   NULL, NULL, NULL, 'seed-001', 'A', 1, 'spec table "Endurance 1 DWPD" (15.36 TB) and prose: the CM9-R is the 1 DWPD read-intensive line (CM9-V: 3 DWPD); the Japanese edition agrees');

-- ================================================================== measurements
-- Capacity points of families owned by rivals.sql / kioxia-cd9p-r.sql.
INSERT OR IGNORE INTO drive (id, family_id, capacity_gb, source_id) VALUES
  ('kioxia-cd9p-r-7680',    'kioxia-cd9p-r',   7680, 'seed-001'),
  ('sandisk-sn861-7680',    'sandisk-sn861',   7680, 'seed-001'),
  ('solidigm-ps1010-7680',  'solidigm-ps1010', 7680, 'seed-001'),
  ('solidigm-ps1030-12800', 'solidigm-ps1030', 12800, 'seed-001'),
  ('micron-7600-max-6400',  'micron-7600-max', 6400, 'seed-001'),
  ('micron-9550-max-12800', 'micron-9550-max', 12800, 'seed-001'),
  ('micron-9550-pro-7680',  'micron-9550-pro', 7680, 'seed-001');

-- ------------------------------------------------------------------ FIO 128K Sequential Write (IODepth 16 / NumJobs 1)
-- "8 668,1 Mo/s à 230.4 µs", third behind 9550 MAX and 9550 Pro; "the other
-- models" between 6,370 and 7,127 MB/s; CD9P-R 6,912.4 (CM9-R +25%).
-- The review calls this result steady-state ("en régime stable"; JA 安定した),
-- so every drive in this chart carries phase 'steady-state'.
INSERT INTO measurement (source_id, drive_id, benchmark, phase, workload, block_size, iodepth, numjobs, metric_id, qual, value, value_hi, unit_id, label, notes) VALUES
  ('seed-001', 'kioxia-cm9-r-15360',    'fio', 'steady-state', 'seqwrite', 131072, 16, 1, 'bw',       'eq',    8668.1,  NULL, 'MB/s', '128K Sequential Write (IODepth 16 / NumJobs 1)', 'described as steady-state ("en régime stable"); third of eight'),
  ('seed-001', 'kioxia-cm9-r-15360',    'fio', 'steady-state', 'seqwrite', 131072, 16, 1, 'lat_mean', 'eq',    230.4,   NULL, 'us',   '128K Sequential Write (IODepth 16 / NumJobs 1)', NULL),
  ('seed-001', 'micron-9550-max-12800', 'fio', 'steady-state', 'seqwrite', 131072, 16, 1, 'bw',       'eq',    10957.9, NULL, 'MB/s', '128K Sequential Write (IODepth 16 / NumJobs 1)', 'first of eight'),
  ('seed-001', 'micron-9550-pro-7680',  'fio', 'steady-state', 'seqwrite', 131072, 16, 1, 'bw',       'eq',    10354.6, NULL, 'MB/s', '128K Sequential Write (IODepth 16 / NumJobs 1)', 'second of eight'),
  ('seed-001', 'kioxia-cd9p-r-7680',    'fio', 'steady-state', 'seqwrite', 131072, 16, 1, 'bw',       'eq',    6912.4,  NULL, 'MB/s', '128K Sequential Write (IODepth 16 / NumJobs 1)', 'the CM9-R leads it by 25% with the same BiCS8 flash'),
  ('seed-001', 'sandisk-sn861-7680',    'fio', 'steady-state', 'seqwrite', 131072, 16, 1, 'bw',       'range', 6370,    7127, 'MB/s', '128K Sequential Write (IODepth 16 / NumJobs 1)', 'own value not printed: "the other models" (CD9P-R, SN861, PS1010, PS1030, 7600 MAX) fell between 6,370 and 7,127 MB/s'),
  ('seed-001', 'solidigm-ps1010-7680',  'fio', 'steady-state', 'seqwrite', 131072, 16, 1, 'bw',       'range', 6370,    7127, 'MB/s', '128K Sequential Write (IODepth 16 / NumJobs 1)', 'own value not printed: "the other models" (CD9P-R, SN861, PS1010, PS1030, 7600 MAX) fell between 6,370 and 7,127 MB/s'),
  ('seed-001', 'solidigm-ps1030-12800', 'fio', 'steady-state', 'seqwrite', 131072, 16, 1, 'bw',       'range', 6370,    7127, 'MB/s', '128K Sequential Write (IODepth 16 / NumJobs 1)', 'own value not printed: "the other models" (CD9P-R, SN861, PS1010, PS1030, 7600 MAX) fell between 6,370 and 7,127 MB/s'),
  ('seed-001', 'micron-7600-max-6400',  'fio', 'steady-state', 'seqwrite', 131072, 16, 1, 'bw',       'range', 6370,    7127, 'MB/s', '128K Sequential Write (IODepth 16 / NumJobs 1)', 'own value not printed: "the other models" (CD9P-R, SN861, PS1010, PS1030, 7600 MAX) fell between 6,370 and 7,127 MB/s');

-- ------------------------------------------------------------------ FIO 128K Sequential Read (IODepth 64 / NumJobs 1)
-- "9 974,6 Mo/s en 801.7 µs", last of the group, far below the 14,800 spec and
-- the CD9P-R's 14,235.9 in the same configuration.
INSERT INTO measurement (source_id, drive_id, benchmark, phase, workload, block_size, iodepth, numjobs, metric_id, qual, value, value_hi, unit_id, label, notes) VALUES
  ('seed-001', 'kioxia-cm9-r-15360', 'fio', NULL, 'seqread', 131072, 64, 1, 'bw',       'eq', 9974.6,  NULL, 'MB/s', '128K Sequential Read (IODepth 64 / NumJobs 1)', 'last of eight; the only result far from the rating (14,800 MB/s); single job, the sweeps reach full speed with more jobs'),
  ('seed-001', 'kioxia-cm9-r-15360', 'fio', NULL, 'seqread', 131072, 64, 1, 'lat_mean', 'eq', 801.7,   NULL, 'us',   '128K Sequential Read (IODepth 64 / NumJobs 1)', NULL),
  -- as printed: "dans la même configuration"
  ('seed-001', 'kioxia-cd9p-r-7680', 'fio', NULL, 'seqread', 131072, 64, 1, 'bw',       'eq', 14235.9, NULL, 'MB/s', '128K Sequential Read (IODepth 64 / NumJobs 1)', 'in the same configuration');

-- ------------------------------------------------------------------ FIO 64K Random Write
INSERT INTO measurement (source_id, drive_id, benchmark, phase, workload, block_size, iodepth, numjobs, metric_id, qual, value, value_hi, unit_id, label, notes) VALUES
  ('seed-001', 'kioxia-cm9-r-15360',    'fio', NULL, 'randwrite', 65536, 8,    2,    'bw',       'eq',     9635.3,  NULL, 'MB/s', '64K Random Write', 'CM9-R peak, second of eight'),
  ('seed-001', 'kioxia-cm9-r-15360',    'fio', NULL, 'randwrite', 65536, 8,    2,    'lat_mean', 'eq',     103.4,   NULL, 'us',   '64K Random Write', 'at the 9,635.3 MB/s peak'),
  ('seed-001', 'micron-9550-max-12800', 'fio', NULL, 'randwrite', 65536, NULL, NULL, 'bw',       'eq',     10878.1, NULL, 'MB/s', '64K Random Write', 'peak of the group; IODepth / NumJobs not stated'),
  ('seed-001', 'kioxia-cm9-r-15360',    'fio', NULL, 'randwrite', 65536, 1,    1,    'bw',       'eq',     3334.8,  NULL, 'MB/s', '64K Random Write', 'best low-queue-depth entry of the group'),
  ('seed-001', 'kioxia-cm9-r-15360',    'fio', NULL, 'randwrite', 65536, 1,    1,    'lat_mean', 'eq',     18.4,    NULL, 'us',   '64K Random Write', NULL),
  ('seed-001', 'solidigm-ps1030-12800', 'fio', NULL, 'randwrite', 65536, 1,    1,    'bw',       'eq',     2901.7,  NULL, 'MB/s', '64K Random Write', 'IODepth 1 / NumJobs 1 implied: quoted as the runner-up to the CM9-R''s IODepth 1 / NumJobs 1 entry'),
  ('seed-001', 'solidigm-ps1030-12800', 'fio', NULL, 'randwrite', 65536, 1,    1,    'lat_mean', 'eq',     21.1,    NULL, 'us',   '64K Random Write', 'IODepth 1 / NumJobs 1 implied: quoted as the runner-up to the CM9-R''s IODepth 1 / NumJobs 1 entry'),
  ('seed-001', 'kioxia-cm9-r-15360',    'fio', NULL, 'randwrite', 65536, NULL, NULL, 'lat_mean', 'eq',     1942.5,  NULL, 'us',   '64K Random Write', 'highest latency of the whole sweep ("latence maximale ... plafonnant à 1 942,5 µs sur l''ensemble du test"; JA: latency ceiling across the sweep): the top of the sweep''s mean-latency curve, point not stated; several rivals exceeded 2,300 us (unnamed)'),
  ('seed-001', 'solidigm-ps1010-7680',  'fio', NULL, 'randwrite', 65536, NULL, NULL, 'lat_mean', 'approx', 6000,    NULL, 'us',   '64K Random Write', 'highest latency of its sweep, "près de 6 000 µs" (JA: spiked to nearly 6,000 us); point not stated');

-- ------------------------------------------------------------------ FIO 64K Random Read
INSERT INTO measurement (source_id, drive_id, benchmark, phase, workload, block_size, iodepth, numjobs, metric_id, qual, value, value_hi, unit_id, label, notes) VALUES
  ('seed-001', 'kioxia-cm9-r-15360',    'fio', NULL, 'randread', 65536, 1,    1,    'bw',       'eq', 1359.0,  NULL, 'MB/s', '64K Random Read', 'best single-stream opening of the group; the other drives (except the CD9P-R) started at about half'),
  ('seed-001', 'kioxia-cm9-r-15360',    'fio', NULL, 'randread', 65536, 1,    1,    'lat_mean', 'eq', 45.6,    NULL, 'us',   '64K Random Read', NULL),
  ('seed-001', 'kioxia-cd9p-r-7680',    'fio', NULL, 'randread', 65536, 1,    1,    'bw',       'eq', 1334.0,  NULL, 'MB/s', '64K Random Read', 'IODepth 1 / NumJobs 1 implied: quoted against the CM9-R''s single-stream opening'),
  ('seed-001', 'kioxia-cm9-r-15360',    'fio', NULL, 'randread', 65536, 4,    8,    'bw',       'eq', 13402.4, NULL, 'MB/s', '64K Random Read', 'CM9-R peak; most other drives needed IODepth 32 to reach their peak. French "64 000 Ko" and "faible consommation d''énergie requise" are slips for 64K and low concurrency (JA)'),
  ('seed-001', 'kioxia-cm9-r-15360',    'fio', NULL, 'randread', 65536, 4,    8,    'lat_mean', 'eq', 148.7,   NULL, 'us',   '64K Random Read', 'at the 13,402.4 MB/s peak'),
  ('seed-001', 'solidigm-ps1030-12800', 'fio', NULL, 'randread', 65536, NULL, NULL, 'bw',       'eq', 14162.9, NULL, 'MB/s', '64K Random Read', 'top of the deep-queue results; IODepth / NumJobs not stated');

-- ------------------------------------------------------------------ FIO 16K Sequential Write
-- 16K coverage is now sequential rather than random (first used in the Micron
-- 9550 MAX review).
INSERT INTO measurement (source_id, drive_id, benchmark, phase, workload, block_size, iodepth, numjobs, metric_id, qual, value, value_hi, unit_id, label, notes) VALUES
  ('seed-001', 'kioxia-cm9-r-15360',    'fio', NULL, 'seqwrite', 16384, 1,    16,   'bw',       'eq', 10812.2, NULL, 'MB/s', '16K Sequential Write', 'CM9-R peak, second of eight'),
  ('seed-001', 'kioxia-cm9-r-15360',    'fio', NULL, 'seqwrite', 16384, 1,    16,   'lat_mean', 'eq', 22.8,    NULL, 'us',   '16K Sequential Write', 'at the 10,812.2 MB/s peak'),
  ('seed-001', 'micron-9550-max-12800', 'fio', NULL, 'seqwrite', 16384, 32,   4,    'bw',       'eq', 10970.8, NULL, 'MB/s', '16K Sequential Write', 'peak of the group'),
  ('seed-001', 'micron-9550-max-12800', 'fio', NULL, 'seqwrite', 16384, 32,   4,    'lat_mean', 'eq', 181.9,   NULL, 'us',   '16K Sequential Write', 'at the 10,970.8 MB/s peak'),
  ('seed-001', 'kioxia-cm9-r-15360',    'fio', NULL, 'seqwrite', 16384, 1,    1,    'lat_mean', 'eq', 10.4,    NULL, 'us',   '16K Sequential Write', 'single-worker latency, best of the group; IODepth 1 / NumJobs 1 per the conclusion ("queue depth 1 ... 10.4 us single worker")'),
  ('seed-001', 'kioxia-cm9-r-15360',    'fio', NULL, 'seqwrite', 16384, NULL, NULL, 'bw',       'gt', 10400,   NULL, 'MB/s', '16K Sequential Write', 'above 10,400 MB/s at three different points between IODepth 1 and 32 (points not stated; one is the IODepth 1 / NumJobs 16 peak)');

-- ------------------------------------------------------------------ FIO 16K Sequential Read
INSERT INTO measurement (source_id, drive_id, benchmark, phase, workload, block_size, iodepth, numjobs, metric_id, qual, value, value_hi, unit_id, label, notes) VALUES
  ('seed-001', 'kioxia-cm9-r-15360',    'fio', NULL, 'seqread', 16384, 32,   8,    'bw',       'eq',     13393.2, NULL, 'MB/s', '16K Sequential Read', 'CM9-R peak, second of eight'),
  ('seed-001', 'kioxia-cm9-r-15360',    'fio', NULL, 'seqread', 16384, 32,   8,    'lat_mean', 'eq',     298.3,   NULL, 'us',   '16K Sequential Read', 'latency of the IODepth 32 / NumJobs 8 point ("149.0 µs contre 298.3 µs")'),
  ('seed-001', 'kioxia-cd9p-r-7680',    'fio', NULL, 'seqread', 16384, NULL, NULL, 'bw',       'eq',     13819.7, NULL, 'MB/s', '16K Sequential Read', 'peak of the group; IODepth / NumJobs not stated'),
  ('seed-001', 'kioxia-cm9-r-15360',    'fio', NULL, 'seqread', 16384, 16,   8,    'bw',       'eq',     13390.1, NULL, 'MB/s', '16K Sequential Read', 'practically the same as the peak at half the latency'),
  ('seed-001', 'kioxia-cm9-r-15360',    'fio', NULL, 'seqread', 16384, 16,   8,    'lat_mean', 'eq',     149.0,   NULL, 'us',   '16K Sequential Read', NULL),
  ('seed-001', 'sandisk-sn861-7680',    'fio', NULL, 'seqread', 16384, 1,    1,    'lat_mean', 'eq',     12.5,    NULL, 'us',   '16K Sequential Read', 'single-stream latency (IODepth 1 / NumJobs 1 taken for "flux unique")'),
  ('seed-001', 'micron-7600-max-6400',  'fio', NULL, 'seqread', 16384, 1,    1,    'lat_mean', 'range',  13.9,    21.3, 'us',   '16K Sequential Read', 'single-stream latency; the review gives only "le Micron (de 13.9 à 21.3 µs)" for the three Micron drives together'),
  ('seed-001', 'micron-9550-max-12800', 'fio', NULL, 'seqread', 16384, 1,    1,    'lat_mean', 'range',  13.9,    21.3, 'us',   '16K Sequential Read', 'single-stream latency; the review gives only "le Micron (de 13.9 à 21.3 µs)" for the three Micron drives together'),
  ('seed-001', 'micron-9550-pro-7680',  'fio', NULL, 'seqread', 16384, 1,    1,    'lat_mean', 'range',  13.9,    21.3, 'us',   '16K Sequential Read', 'single-stream latency; the review gives only "le Micron (de 13.9 à 21.3 µs)" for the three Micron drives together'),
  ('seed-001', 'kioxia-cm9-r-15360',    'fio', NULL, 'seqread', 16384, 1,    1,    'lat_mean', 'approx', 32,      NULL, 'us',   '16K Sequential Read', 'single-stream latency of "the KIOXIA pair", "avoisinait les 32 µs"'),
  ('seed-001', 'kioxia-cd9p-r-7680',    'fio', NULL, 'seqread', 16384, 1,    1,    'lat_mean', 'approx', 32,      NULL, 'us',   '16K Sequential Read', 'single-stream latency of "the KIOXIA pair", "avoisinait les 32 µs"'),
  -- as printed: "12 400 Mo/s"
  ('seed-001', 'kioxia-cm9-r-15360',    'fio', NULL, 'seqread', 16384, 4,    16,   'bw',       'eq',     12400,   NULL, 'MB/s', '16K Sequential Read', 'given as a round 12,400 MB/s');

-- ------------------------------------------------------------------ FIO 4K Random Write
INSERT INTO measurement (source_id, drive_id, benchmark, phase, workload, block_size, iodepth, numjobs, metric_id, qual, value, value_hi, unit_id, label, notes) VALUES
  ('seed-001', 'kioxia-cm9-r-15360',    'fio', NULL, 'randwrite', 4096, 8,    16,   'iops',     'eq', 1502900, NULL, 'IOPS', '4K Random Write', '"1 502,9 K IOPS", CM9-R peak, fourth of eight; about 2.8x the 540K rating (fixed queue depth)'),
  ('seed-001', 'kioxia-cm9-r-15360',    'fio', NULL, 'randwrite', 4096, 8,    16,   'lat_mean', 'eq', 84.6,    NULL, 'us',   '4K Random Write', NULL),
  ('seed-001', 'micron-7600-max-6400',  'fio', NULL, 'randwrite', 4096, NULL, NULL, 'iops',     'eq', 1781200, NULL, 'IOPS', '4K Random Write', '"1 781,2 K", peak of the group; IODepth / NumJobs not stated'),
  ('seed-001', 'solidigm-ps1030-12800', 'fio', NULL, 'randwrite', 4096, NULL, NULL, 'iops',     'eq', 1595800, NULL, 'IOPS', '4K Random Write', '"1 595,8 K", peak, second of eight; IODepth / NumJobs not stated'),
  ('seed-001', 'micron-9550-max-12800', 'fio', NULL, 'randwrite', 4096, NULL, NULL, 'iops',     'eq', 1544200, NULL, 'IOPS', '4K Random Write', '"1 544,2 K", peak, third of eight; IODepth / NumJobs not stated'),
  ('seed-001', 'kioxia-cm9-r-15360',    'fio', NULL, 'randwrite', 4096, 1,    1,    'iops',     'eq', 115800,  NULL, 'IOPS', '4K Random Write', '"115.8 K IOPS" (conclusion: "115 800 IOPS"), best at queue depth 1; NumJobs 1 not printed but 1/IOPS = 8.6 us matches the 8.2 us latency'),
  ('seed-001', 'kioxia-cm9-r-15360',    'fio', NULL, 'randwrite', 4096, 1,    1,    'lat_mean', 'eq', 8.2,     NULL, 'us',   '4K Random Write', 'fastest small-block write response of the group; NumJobs 1 (the review names only the queue depth): inferred');

-- ------------------------------------------------------------------ FIO 4K Random Read
INSERT INTO measurement (source_id, drive_id, benchmark, phase, workload, block_size, iodepth, numjobs, metric_id, qual, value, value_hi, unit_id, label, notes) VALUES
  ('seed-001', 'kioxia-cm9-r-15360', 'fio', NULL, 'randread', 4096, 16,   16,   'iops',     'eq', 1973400, NULL, 'IOPS', '4K Random Read', '"1 973,4 K IOPS", CM9-R peak, seventh of eight (just ahead of the Micron 7600 MAX); the 3,400K spec is measured beyond the sweep ceiling IODepth 32 / NumJobs 16'),
  ('seed-001', 'sandisk-sn861-7680', 'fio', NULL, 'randread', 4096, NULL, NULL, 'iops',     'eq', 2555600, NULL, 'IOPS', '4K Random Read', '"2 555,6 K IOPS", peak of the group; IODepth / NumJobs not stated'),
  ('seed-001', 'kioxia-cm9-r-15360', 'fio', NULL, 'randread', 4096, 1,    1,    'iops',     'eq', 33600,   NULL, 'IOPS', '4K Random Read', '"33.6 K IOPS" (conclusion: "33 600 IOPS") at queue depth 1; NumJobs 1 not printed but 1/IOPS = 29.8 us matches the 29.3 us latency'),
  ('seed-001', 'kioxia-cm9-r-15360', 'fio', NULL, 'randread', 4096, 1,    1,    'lat_mean', 'eq', 29.3,    NULL, 'us',   '4K Random Read', 'lowest 4K read latency of the group, slightly ahead of the CD9P-R (value not printed); NumJobs 1 (the review names only the queue depth): inferred');

-- ------------------------------------------------------------------ GDSIO Performance: read
-- Threads of the peaks are not stated (NULL).
INSERT INTO measurement (source_id, drive_id, benchmark, phase, workload, block_size, threads, metric_id, qual, value, value_hi, unit_id, label, notes) VALUES
  ('seed-001', 'kioxia-cm9-r-15360',    'gdsio', NULL, 'read', 16384,   NULL, 'iops',     'eq',     136400, NULL, 'IOPS',  'GDSIO Performance: read', '16K peak "136 400 IOPS" (conclusion "136.4K"), best of the group; threads not stated'),
  ('seed-001', 'kioxia-cd9p-r-7680',    'gdsio', NULL, 'read', 16384,   NULL, 'iops',     'eq',     134200, NULL, 'IOPS',  'GDSIO Performance: read', '16K peak; threads not stated'),
  ('seed-001', 'solidigm-ps1030-12800', 'gdsio', NULL, 'read', 16384,   NULL, 'iops',     'eq',     101200, NULL, 'IOPS',  'GDSIO Performance: read', '16K peak; the two Solidigm drives were last. French "loin derrière" is a slip: the KIOXIA drives were far ahead of them (JA)'),
  ('seed-001', 'kioxia-cm9-r-15360',    'gdsio', NULL, 'read', 1048576, NULL, 'bw',       'eq',     6.06,   NULL, 'GiB/s', 'GDSIO Performance: read', '1M peak, second of the group; threads not stated'),
  ('seed-001', 'kioxia-cd9p-r-7680',    'gdsio', NULL, 'read', 1048576, NULL, 'bw',       'eq',     6.16,   NULL, 'GiB/s', 'GDSIO Performance: read', '1M peak, best of the group; threads not stated'),
  ('seed-001', 'solidigm-ps1010-7680',  'gdsio', NULL, 'read', 1048576, NULL, 'bw',       'eq',     6.05,   NULL, 'GiB/s', 'GDSIO Performance: read', '1M peak; threads not stated'),
  ('seed-001', 'micron-9550-max-12800', 'gdsio', NULL, 'read', 1048576, NULL, 'bw',       'eq',     6.05,   NULL, 'GiB/s', 'GDSIO Performance: read', '1M peak; threads not stated'),
  ('seed-001', 'kioxia-cm9-r-15360',    'gdsio', NULL, 'read', 16384,   1,    'lat_mean', 'eq',     44.5,   NULL, 'us',    'GDSIO Performance: read', 'single-thread 16K read latency, middle of the group'),
  ('seed-001', 'kioxia-cd9p-r-7680',    'gdsio', NULL, 'read', 16384,   1,    'lat_mean', 'approx', 44.5,   NULL, 'us',    'GDSIO Performance: read', 'value not printed: "practically identical" to the CM9-R''s 44.5 us'),
  ('seed-001', 'sandisk-sn861-7680',    'gdsio', NULL, 'read', 16384,   1,    'lat_mean', 'eq',     26.1,   NULL, 'us',    'GDSIO Performance: read', 'single-thread 16K read latency, best of the group');

-- ------------------------------------------------------------------ GDSIO Performance: write
INSERT INTO measurement (source_id, drive_id, benchmark, phase, workload, block_size, threads, metric_id, qual, value, value_hi, unit_id, label, notes) VALUES
  ('seed-001', 'kioxia-cm9-r-15360',    'gdsio', NULL, 'write', 1048576, 16,   'bw',       'eq',     5.51, NULL, 'GiB/s', 'GDSIO Performance: write', 'CM9-R peak (1M block, 16 threads); the steadiest line of the group across the 1M segment and no 128K high-thread collapse (seen on both Solidigm drives)'),
  ('seed-001', 'micron-9550-max-12800', 'gdsio', NULL, 'write', NULL,    NULL, 'bw',       'eq',     5.69, NULL, 'GiB/s', 'GDSIO Performance: write', 'peak of the group; block size and threads not stated (discussed with the 1M segment)'),
  -- as printed: "environ 2.2 Gio/s à 1 Mo/64 bits" (JA "1M/64")
  ('seed-001', 'micron-9550-max-12800', 'gdsio', NULL, 'write', 1048576, 64,   'bw',       'approx', 2.2,  NULL, 'GiB/s', 'GDSIO Performance: write', 'drop to about 2.2 GiB/s at 1M/64 (64 threads; the French edition says "64 bits", a slip)'),
  ('seed-001', 'kioxia-cm9-r-15360',    'gdsio', NULL, 'write', 16384,   1,    'lat_mean', 'eq',     21.4, NULL, 'us',    'GDSIO Performance: write', 'single-thread 16K write latency; the French edition says it matches the CD9P-R and ranks second of the group, the Japanese edition that it is tied with the CD9P-R as best of the group'),
  ('seed-001', 'kioxia-cd9p-r-7680',    'gdsio', NULL, 'write', 16384,   1,    'lat_mean', 'approx', 21.4, NULL, 'us',    'GDSIO Performance: write', 'value not printed: the CM9-R''s 21.4 us "égale le CD9P-R" (JA: tied with the CD9P-R)');

-- ------------------------------------------------------------------ DLIO Checkpoint Performance (per-pass averages, seconds)
-- Table "Passe 1/2/3 Moyenne (secondes)"; identical in both editions.  The
-- prose range "459 à 465 secondes" for pass 1 summarises this table.
INSERT INTO measurement (source_id, drive_id, benchmark, workload, pass, metric_id, qual, value, unit_id, label, notes) VALUES
  ('seed-001', 'sandisk-sn861-7680',    'dlio', 'checkpoint', 1, 'duration', 'eq', 461.3, 's', 'DLIO Checkpoint Performance', 'pass average'),
  ('seed-001', 'sandisk-sn861-7680',    'dlio', 'checkpoint', 2, 'duration', 'eq', 558.6, 's', 'DLIO Checkpoint Performance', 'pass average'),
  ('seed-001', 'sandisk-sn861-7680',    'dlio', 'checkpoint', 3, 'duration', 'eq', 553.3, 's', 'DLIO Checkpoint Performance', 'pass average'),
  ('seed-001', 'micron-9550-max-12800', 'dlio', 'checkpoint', 1, 'duration', 'eq', 462.8, 's', 'DLIO Checkpoint Performance', 'pass average'),
  ('seed-001', 'micron-9550-max-12800', 'dlio', 'checkpoint', 2, 'duration', 'eq', 558.9, 's', 'DLIO Checkpoint Performance', 'pass average'),
  ('seed-001', 'micron-9550-max-12800', 'dlio', 'checkpoint', 3, 'duration', 'eq', 555.3, 's', 'DLIO Checkpoint Performance', 'pass average'),
  ('seed-001', 'micron-9550-pro-7680',  'dlio', 'checkpoint', 1, 'duration', 'eq', 461.4, 's', 'DLIO Checkpoint Performance', 'pass average'),
  ('seed-001', 'micron-9550-pro-7680',  'dlio', 'checkpoint', 2, 'duration', 'eq', 577.9, 's', 'DLIO Checkpoint Performance', 'pass average'),
  ('seed-001', 'micron-9550-pro-7680',  'dlio', 'checkpoint', 3, 'duration', 'eq', 559.7, 's', 'DLIO Checkpoint Performance', 'pass average'),
  ('seed-001', 'solidigm-ps1010-7680',  'dlio', 'checkpoint', 1, 'duration', 'eq', 458.8, 's', 'DLIO Checkpoint Performance', 'pass average'),
  ('seed-001', 'solidigm-ps1010-7680',  'dlio', 'checkpoint', 2, 'duration', 'eq', 561.1, 's', 'DLIO Checkpoint Performance', 'pass average'),
  ('seed-001', 'solidigm-ps1010-7680',  'dlio', 'checkpoint', 3, 'duration', 'eq', 564.6, 's', 'DLIO Checkpoint Performance', 'pass average'),
  ('seed-001', 'micron-7600-max-6400',  'dlio', 'checkpoint', 1, 'duration', 'eq', 464.2, 's', 'DLIO Checkpoint Performance', 'pass average'),
  ('seed-001', 'micron-7600-max-6400',  'dlio', 'checkpoint', 2, 'duration', 'eq', 581.5, 's', 'DLIO Checkpoint Performance', 'pass average'),
  ('seed-001', 'micron-7600-max-6400',  'dlio', 'checkpoint', 3, 'duration', 'eq', 567.3, 's', 'DLIO Checkpoint Performance', 'pass average'),
  ('seed-001', 'kioxia-cd9p-r-7680',    'dlio', 'checkpoint', 1, 'duration', 'eq', 464.7, 's', 'DLIO Checkpoint Performance', 'pass average'),
  ('seed-001', 'kioxia-cd9p-r-7680',    'dlio', 'checkpoint', 2, 'duration', 'eq', 575.6, 's', 'DLIO Checkpoint Performance', 'pass average'),
  ('seed-001', 'kioxia-cd9p-r-7680',    'dlio', 'checkpoint', 3, 'duration', 'eq', 570.6, 's', 'DLIO Checkpoint Performance', 'pass average'),
  ('seed-001', 'kioxia-cm9-r-15360',    'dlio', 'checkpoint', 1, 'duration', 'eq', 462.8, 's', 'DLIO Checkpoint Performance', 'pass average; the 15.36 TB drive writes more checkpoints per run (count scales with capacity)'),
  ('seed-001', 'kioxia-cm9-r-15360',    'dlio', 'checkpoint', 2, 'duration', 'eq', 571.9, 's', 'DLIO Checkpoint Performance', 'pass average; the 15.36 TB drive writes more checkpoints per run (count scales with capacity)'),
  ('seed-001', 'kioxia-cm9-r-15360',    'dlio', 'checkpoint', 3, 'duration', 'eq', 580.9, 's', 'DLIO Checkpoint Performance', 'pass average; gradual, predictable slowdown across passes'),
  ('seed-001', 'solidigm-ps1030-12800', 'dlio', 'checkpoint', 1, 'duration', 'eq', 462.3, 's', 'DLIO Checkpoint Performance', 'pass average'),
  ('seed-001', 'solidigm-ps1030-12800', 'dlio', 'checkpoint', 2, 'duration', 'eq', 578.0, 's', 'DLIO Checkpoint Performance', 'pass average'),
  ('seed-001', 'solidigm-ps1030-12800', 'dlio', 'checkpoint', 3, 'duration', 'eq', 599.2, 's', 'DLIO Checkpoint Performance', 'pass average');
