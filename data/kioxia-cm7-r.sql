-- seed 003: StorageReview (German), "KIOXIA CM7-R E3.S SSD-Test".
-- KIOXIA CM7-R E3.S, 7.68 TB tested (Dell OEM sample, Dell firmware), VDBench
-- against the Samsung PM1743 and the Memblaze PBlaze7 7940.
-- Family rows for kioxia-cm7-r, samsung-pm1743 and memblaze-7940 live in
-- rivals.sql; this file adds only the source, drive rows (INSERT OR IGNORE),
-- the review's spec figures and its measurements.
-- Reading notes: the German text drops the K of K IOPS ("2,450 IOPS" spec =
-- 2,450K); commas in the measurements are thousands separators.

-- ------------------------------------------------------------------ source
-- (source rows live in sources.sql)

-- ------------------------------------------------------------------ CM7-R capacity points named by the review
-- 7.68 TB: the tested drive (E3.S).  15.36 TB: largest E3.S.  1.92 TB and
-- 30.72 TB: "15-mm U.2 CM7 variants from 1.92 TB to 30.7 TB"; the series goes
-- "up to 30.72 TB".  7.68/15.36 TB come in both form factors, so no form_factor.
INSERT OR IGNORE INTO drive (id, family_id, capacity_gb, source_id, form_factor, notes) VALUES
  ('kioxia-cm7-r-1920', 'kioxia-cm7-r', 1920, 'seed-003', NULL, 'smallest capacity of the 15 mm 2.5" U.2 CM7 variants (1.92 TB to 30.7 TB)'),
  ('kioxia-cm7-r-7680', 'kioxia-cm7-r', 7680, 'seed-003', NULL, 'the CM7-R review tested the 7.68 TB E3.S (Dell OEM sample, Dell firmware)'),
  ('kioxia-cm7-r-15360', 'kioxia-cm7-r', 15360, 'seed-003', NULL, 'largest CM7-R capacity in E3.S'),
  ('kioxia-cm7-r-30720', 'kioxia-cm7-r', 30720, 'seed-003', '2.5" U.2 15 mm', 'CM7-R series "up to 30.72 TB" (also printed as 30.7 TB); the highest capacities only as 15 mm U.2 (the rival list calls the 2.5" CM7-R U.3)');

-- No part numbers or model strings are printed in seed-003 (no sku rows).

-- ------------------------------------------------------------------ spec figures (prose; the spec table is missing)
-- The review states its headline figures for "the CM7-R" in a review of the
-- 7.68 TB E3.S; rivals.md ties them to 7.68 TB (3.84 TB is 2,700K/310K random).
-- The four headline figures (14,000 / 6,750 MB/s, 2,450K / 300K IOPS) are
-- stored once, in rivals.sql, with source seed-003.


-- Form factor: "15-mm-U.2-CM7-Varianten" (the 2.5" CM7 drives are 15 mm thick).
-- rivals.md has "2.5\" U.3 15 mm" only inside its form-factor text, not as a
-- thickness figure, and the condition here is specific, so this row is preferred.
INSERT INTO spec (family_id, drive_id, metric_id, qual, value, unit_id, block_size, read_pct, conditions, source_id, confidence, preferred, notes) VALUES
  ('kioxia-cm7-r', NULL, 'thickness', 'eq', 15, 'mm', NULL, NULL, '2.5" U.2 form factor', 'seed-003', 'A', 1, '"15-mm U.2 CM7 variants" (1.92-30.7 TB); the rival list: 2.5" U.3 15 mm. The E3.S thickness is not printed in the review');

-- ------------------------------------------------------------------ measurements (VDBench)
-- Rival capacities are not stated; stored at 7.68 TB ("Gen5 SSDs of similar
-- density") with a note.
INSERT OR IGNORE INTO drive (id, family_id, capacity_gb, source_id) VALUES
  ('kioxia-cm7-r-7680', 'kioxia-cm7-r', 7680, 'seed-003'),
  ('samsung-pm1743-7680', 'samsung-pm1743', 7680, 'seed-003'),
  ('memblaze-7940-7680', 'memblaze-7940', 7680, 'seed-003');

-- 4K Random Read (100% read, 128 threads)
INSERT INTO measurement (source_id, drive_id, benchmark, workload, block_size, threads, read_pct, metric_id, qual, value, unit_id, label, notes) VALUES
  ('seed-003', 'memblaze-7940-7680', 'vdbench', '4K random read', 4096, 128, 100, 'iops', 'eq', 1090005, 'IOPS', 'VDBench 4K Random Read', 'capacity not stated in the review: inferred'),
  ('seed-003', 'memblaze-7940-7680', 'vdbench', '4K random read', 4096, 128, 100, 'lat_mean', 'eq', 183, 'us', 'VDBench 4K Random Read', 'capacity not stated in the review: inferred'),
  ('seed-003', 'kioxia-cm7-r-7680', 'vdbench', '4K random read', 4096, 128, 100, 'iops', 'eq', 714623, 'IOPS', 'VDBench 4K Random Read', 'E3.S sample with Dell firmware'),
  ('seed-003', 'kioxia-cm7-r-7680', 'vdbench', '4K random read', 4096, 128, 100, 'lat_mean', 'eq', 78, 'us', 'VDBench 4K Random Read', 'E3.S sample with Dell firmware'),
  ('seed-003', 'samsung-pm1743-7680', 'vdbench', '4K random read', 4096, 128, 100, 'iops', 'eq', 719094, 'IOPS', 'VDBench 4K Random Read', 'capacity not stated in the review: inferred'),
  ('seed-003', 'samsung-pm1743-7680', 'vdbench', '4K random read', 4096, 128, 100, 'lat_mean', 'eq', 123, 'us', 'VDBench 4K Random Read', 'capacity not stated in the review: inferred');

-- 4K Random Write (100% write, 128 threads)
INSERT INTO measurement (source_id, drive_id, benchmark, workload, block_size, threads, read_pct, metric_id, qual, value, unit_id, label, notes) VALUES
  ('seed-003', 'kioxia-cm7-r-7680', 'vdbench', '4K random write', 4096, 128, 0, 'iops', 'eq', 691122, 'IOPS', 'VDBench 4K Random Write', 'E3.S sample with Dell firmware'),
  ('seed-003', 'kioxia-cm7-r-7680', 'vdbench', '4K random write', 4096, 128, 0, 'lat_mean', 'eq', 739.6, 'us', 'VDBench 4K Random Write', 'E3.S sample with Dell firmware'),
  ('seed-003', 'samsung-pm1743-7680', 'vdbench', '4K random write', 4096, 128, 0, 'iops', 'eq', 726327, 'IOPS', 'VDBench 4K Random Write', 'capacity not stated in the review: inferred'),
  ('seed-003', 'samsung-pm1743-7680', 'vdbench', '4K random write', 4096, 128, 0, 'lat_mean', 'eq', 698.7, 'us', 'VDBench 4K Random Write', 'capacity not stated in the review: inferred'),
  ('seed-003', 'memblaze-7940-7680', 'vdbench', '4K random write', 4096, 128, 0, 'iops', 'eq', 831117, 'IOPS', 'VDBench 4K Random Write', 'capacity not stated in the review: inferred'),
  ('seed-003', 'memblaze-7940-7680', 'vdbench', '4K random write', 4096, 128, 0, 'lat_mean', 'eq', 611.7, 'us', 'VDBench 4K Random Write', 'capacity not stated in the review: inferred');

-- 64K Random Read (100% read, 128 threads)
INSERT INTO measurement (source_id, drive_id, benchmark, workload, block_size, threads, read_pct, metric_id, qual, value, unit_id, label, notes) VALUES
  ('seed-003', 'kioxia-cm7-r-7680', 'vdbench', '64K random read', 65536, 128, 100, 'bw', 'eq', 9414, 'MB/s', 'VDBench 64K Random Read', 'E3.S sample with Dell firmware'),
  ('seed-003', 'kioxia-cm7-r-7680', 'vdbench', '64K random read', 65536, 128, 100, 'lat_mean', 'eq', 212, 'us', 'VDBench 64K Random Read', 'E3.S sample with Dell firmware'),
  -- as printed: "bis zu 9,998 MB/s"
  ('seed-003', 'samsung-pm1743-7680', 'vdbench', '64K random read', 65536, 128, 100, 'bw', 'le', 9998, 'MB/s', 'VDBench 64K Random Read', 'given as "up to 9,998 MB/s", the top of its curve; capacity not stated in the review: inferred'),
  -- as printed: "bei einer Latenzzeit von 220 µs ihren Höhepunkt erreichte"
  ('seed-003', 'samsung-pm1743-7680', 'vdbench', '64K random read', 65536, 128, 100, 'lat_mean', 'eq', 220, 'us', 'VDBench 64K Random Read', 'peaked at 220 µs latency; capacity not stated in the review: inferred'),
  ('seed-003', 'memblaze-7940-7680', 'vdbench', '64K random read', 65536, 128, 100, 'bw', 'eq', 11731, 'MB/s', 'VDBench 64K Random Read', 'capacity not stated in the review: inferred'),
  ('seed-003', 'memblaze-7940-7680', 'vdbench', '64K random read', 65536, 128, 100, 'lat_mean', 'eq', 170, 'us', 'VDBench 64K Random Read', 'capacity not stated in the review: inferred');

-- 64K Random Write (100% write, 128 threads)
INSERT INTO measurement (source_id, drive_id, benchmark, workload, block_size, threads, read_pct, metric_id, qual, value, unit_id, label, notes) VALUES
  ('seed-003', 'kioxia-cm7-r-7680', 'vdbench', '64K random write', 65536, 128, 0, 'bw', 'eq', 3094, 'MB/s', 'VDBench 64K Random Write', 'E3.S sample with Dell firmware'),
  ('seed-003', 'kioxia-cm7-r-7680', 'vdbench', '64K random write', 65536, 128, 0, 'lat_mean', 'eq', 317, 'us', 'VDBench 64K Random Write', 'E3.S sample with Dell firmware'),
  ('seed-003', 'samsung-pm1743-7680', 'vdbench', '64K random write', 65536, 128, 0, 'bw', 'eq', 2861, 'MB/s', 'VDBench 64K Random Write', 'capacity not stated in the review: inferred'),
  ('seed-003', 'samsung-pm1743-7680', 'vdbench', '64K random write', 65536, 128, 0, 'lat_mean', 'eq', 343, 'us', 'VDBench 64K Random Write', 'capacity not stated in the review: inferred'),
  ('seed-003', 'memblaze-7940-7680', 'vdbench', '64K random write', 65536, 128, 0, 'bw', 'eq', 3985, 'MB/s', 'VDBench 64K Random Write', 'capacity not stated in the review: inferred'),
  ('seed-003', 'memblaze-7940-7680', 'vdbench', '64K random write', 65536, 128, 0, 'lat_mean', 'eq', 245, 'us', 'VDBench 64K Random Write', 'capacity not stated in the review: inferred');

-- 16K Sequential Read (100% read, 32 threads)
INSERT INTO measurement (source_id, drive_id, benchmark, workload, block_size, threads, read_pct, metric_id, qual, value, unit_id, label, notes) VALUES
  ('seed-003', 'kioxia-cm7-r-7680', 'vdbench', '16K sequential read', 16384, 32, 100, 'iops', 'eq', 328273, 'IOPS', 'VDBench 16K Sequential Read', 'E3.S sample with Dell firmware'),
  ('seed-003', 'kioxia-cm7-r-7680', 'vdbench', '16K sequential read', 16384, 32, 100, 'lat_mean', 'eq', 97, 'us', 'VDBench 16K Sequential Read', 'E3.S sample with Dell firmware'),
  ('seed-003', 'samsung-pm1743-7680', 'vdbench', '16K sequential read', 16384, 32, 100, 'iops', 'eq', 289671, 'IOPS', 'VDBench 16K Sequential Read', 'capacity not stated in the review: inferred'),
  ('seed-003', 'samsung-pm1743-7680', 'vdbench', '16K sequential read', 16384, 32, 100, 'lat_mean', 'eq', 110, 'us', 'VDBench 16K Sequential Read', 'capacity not stated in the review: inferred'),
  ('seed-003', 'memblaze-7940-7680', 'vdbench', '16K sequential read', 16384, 32, 100, 'iops', 'eq', 161044, 'IOPS', 'VDBench 16K Sequential Read', 'capacity not stated in the review: inferred'),
  ('seed-003', 'memblaze-7940-7680', 'vdbench', '16K sequential read', 16384, 32, 100, 'lat_mean', 'eq', 198, 'us', 'VDBench 16K Sequential Read', 'capacity not stated in the review: inferred');

-- 16K Sequential Write (100% write, 16 threads)
INSERT INTO measurement (source_id, drive_id, benchmark, workload, block_size, threads, read_pct, metric_id, qual, value, unit_id, label, notes) VALUES
  ('seed-003', 'kioxia-cm7-r-7680', 'vdbench', '16K sequential write', 16384, 16, 0, 'iops', 'eq', 196073, 'IOPS', 'VDBench 16K Sequential Write', 'E3.S sample with Dell firmware'),
  ('seed-003', 'kioxia-cm7-r-7680', 'vdbench', '16K sequential write', 16384, 16, 0, 'lat_mean', 'eq', 80, 'us', 'VDBench 16K Sequential Write', 'E3.S sample with Dell firmware'),
  ('seed-003', 'memblaze-7940-7680', 'vdbench', '16K sequential write', 16384, 16, 0, 'iops', 'eq', 191955, 'IOPS', 'VDBench 16K Sequential Write', 'capacity not stated in the review: inferred'),
  ('seed-003', 'memblaze-7940-7680', 'vdbench', '16K sequential write', 16384, 16, 0, 'lat_mean', 'eq', 89.9, 'us', 'VDBench 16K Sequential Write', 'capacity not stated in the review: inferred'),
  ('seed-003', 'samsung-pm1743-7680', 'vdbench', '16K sequential write', 16384, 16, 0, 'iops', 'eq', 180718, 'IOPS', 'VDBench 16K Sequential Write', 'capacity not stated in the review: inferred'),
  ('seed-003', 'samsung-pm1743-7680', 'vdbench', '16K sequential write', 16384, 16, 0, 'lat_mean', 'eq', 86, 'us', 'VDBench 16K Sequential Write', 'capacity not stated in the review: inferred');

-- 64K Sequential Read (100% read, 32 threads)
INSERT INTO measurement (source_id, drive_id, benchmark, workload, block_size, threads, read_pct, metric_id, qual, value, unit_id, label, notes) VALUES
  ('seed-003', 'kioxia-cm7-r-7680', 'vdbench', '64K sequential read', 65536, 32, 100, 'bw', 'eq', 10106, 'MB/s', 'VDBench 64K Sequential Read', 'E3.S sample with Dell firmware'),
  ('seed-003', 'kioxia-cm7-r-7680', 'vdbench', '64K sequential read', 65536, 32, 100, 'lat_mean', 'eq', 391, 'us', 'VDBench 64K Sequential Read', 'E3.S sample with Dell firmware'),
  ('seed-003', 'samsung-pm1743-7680', 'vdbench', '64K sequential read', 65536, 32, 100, 'bw', 'eq', 8627, 'MB/s', 'VDBench 64K Sequential Read', 'capacity not stated in the review: inferred'),
  ('seed-003', 'samsung-pm1743-7680', 'vdbench', '64K sequential read', 65536, 32, 100, 'lat_mean', 'eq', 463, 'us', 'VDBench 64K Sequential Read', 'capacity not stated in the review: inferred'),
  ('seed-003', 'memblaze-7940-7680', 'vdbench', '64K sequential read', 65536, 32, 100, 'bw', 'eq', 13742, 'MB/s', 'VDBench 64K Sequential Read', 'capacity not stated in the review: inferred'),
  ('seed-003', 'memblaze-7940-7680', 'vdbench', '64K sequential read', 65536, 32, 100, 'lat_mean', 'eq', 295, 'us', 'VDBench 64K Sequential Read', 'capacity not stated in the review: inferred');

-- 64K Sequential Write (100% write, 16 threads)
INSERT INTO measurement (source_id, drive_id, benchmark, workload, block_size, threads, read_pct, metric_id, qual, value, unit_id, label, notes) VALUES
  ('seed-003', 'kioxia-cm7-r-7680', 'vdbench', '64K sequential write', 65536, 16, 0, 'bw', 'eq', 3282, 'MB/s', 'VDBench 64K Sequential Write', 'E3.S sample with Dell firmware'),
  ('seed-003', 'kioxia-cm7-r-7680', 'vdbench', '64K sequential write', 65536, 16, 0, 'lat_mean', 'eq', 1212, 'us', 'VDBench 64K Sequential Write', 'E3.S sample with Dell firmware'),
  ('seed-003', 'samsung-pm1743-7680', 'vdbench', '64K sequential write', 65536, 16, 0, 'bw', 'eq', 2838, 'MB/s', 'VDBench 64K Sequential Write', 'capacity not stated in the review: inferred'),
  ('seed-003', 'samsung-pm1743-7680', 'vdbench', '64K sequential write', 65536, 16, 0, 'lat_mean', 'eq', 1411, 'us', 'VDBench 64K Sequential Write', 'capacity not stated in the review: inferred'),
  ('seed-003', 'memblaze-7940-7680', 'vdbench', '64K sequential write', 65536, 16, 0, 'bw', 'eq', 4281, 'MB/s', 'VDBench 64K Sequential Write', 'capacity not stated in the review: inferred'),
  ('seed-003', 'memblaze-7940-7680', 'vdbench', '64K sequential write', 65536, 16, 0, 'lat_mean', 'eq', 928, 'us', 'VDBench 64K Sequential Write', 'capacity not stated in the review: inferred');

-- 4K 70/30 random mix (64 threads)
INSERT INTO measurement (source_id, drive_id, benchmark, workload, block_size, threads, read_pct, metric_id, qual, value, unit_id, label, notes) VALUES
  ('seed-003', 'kioxia-cm7-r-7680', 'vdbench', '4K 70/30', 4096, 64, 70, 'iops', 'eq', 880808, 'IOPS', 'VDBench 4K 70/30', 'E3.S sample with Dell firmware'),
  ('seed-003', 'kioxia-cm7-r-7680', 'vdbench', '4K 70/30', 4096, 64, 70, 'lat_mean', 'eq', 71, 'us', 'VDBench 4K 70/30', 'E3.S sample with Dell firmware'),
  ('seed-003', 'memblaze-7940-7680', 'vdbench', '4K 70/30', 4096, 64, 70, 'iops', 'eq', 565120, 'IOPS', 'VDBench 4K 70/30', 'capacity not stated in the review: inferred'),
  ('seed-003', 'memblaze-7940-7680', 'vdbench', '4K 70/30', 4096, 64, 70, 'lat_mean', 'eq', 112, 'us', 'VDBench 4K 70/30', 'capacity not stated in the review: inferred'),
  ('seed-003', 'samsung-pm1743-7680', 'vdbench', '4K 70/30', 4096, 64, 70, 'iops', 'eq', 523953, 'IOPS', 'VDBench 4K 70/30', 'capacity not stated in the review: inferred'),
  ('seed-003', 'samsung-pm1743-7680', 'vdbench', '4K 70/30', 4096, 64, 70, 'lat_mean', 'eq', 121, 'us', 'VDBench 4K 70/30', 'capacity not stated in the review: inferred');

-- 8K 70/30 random mix (64 threads)
INSERT INTO measurement (source_id, drive_id, benchmark, workload, block_size, threads, read_pct, metric_id, qual, value, unit_id, label, notes) VALUES
  ('seed-003', 'kioxia-cm7-r-7680', 'vdbench', '8K 70/30', 8192, 64, 70, 'iops', 'eq', 600804, 'IOPS', 'VDBench 8K 70/30', 'E3.S sample with Dell firmware'),
  ('seed-003', 'kioxia-cm7-r-7680', 'vdbench', '8K 70/30', 8192, 64, 70, 'lat_mean', 'eq', 105, 'us', 'VDBench 8K 70/30', 'E3.S sample with Dell firmware'),
  ('seed-003', 'memblaze-7940-7680', 'vdbench', '8K 70/30', 8192, 64, 70, 'iops', 'eq', 443545, 'IOPS', 'VDBench 8K 70/30', 'capacity not stated in the review: inferred'),
  ('seed-003', 'memblaze-7940-7680', 'vdbench', '8K 70/30', 8192, 64, 70, 'lat_mean', 'eq', 143, 'us', 'VDBench 8K 70/30', 'capacity not stated in the review: inferred'),
  ('seed-003', 'samsung-pm1743-7680', 'vdbench', '8K 70/30', 8192, 64, 70, 'iops', 'eq', 414736, 'IOPS', 'VDBench 8K 70/30', 'capacity not stated in the review: inferred'),
  ('seed-003', 'samsung-pm1743-7680', 'vdbench', '8K 70/30', 8192, 64, 70, 'lat_mean', 'eq', 153, 'us', 'VDBench 8K 70/30', 'capacity not stated in the review: inferred');

-- 16K 70/30 random mix (64 threads)
INSERT INTO measurement (source_id, drive_id, benchmark, workload, block_size, threads, read_pct, metric_id, qual, value, unit_id, label, notes) VALUES
  ('seed-003', 'kioxia-cm7-r-7680', 'vdbench', '16K 70/30', 16384, 64, 70, 'iops', 'eq', 335439, 'IOPS', 'VDBench 16K 70/30', 'E3.S sample with Dell firmware'),
  ('seed-003', 'kioxia-cm7-r-7680', 'vdbench', '16K 70/30', 16384, 64, 70, 'lat_mean', 'eq', 189, 'us', 'VDBench 16K 70/30', 'E3.S sample with Dell firmware'),
  -- as printed (garbled): "mit 7 IOPS bei 326,907 µs direkt hinter dem CM194-R"
  ('seed-003', 'memblaze-7940-7680', 'vdbench', '16K 70/30', 16384, 64, 70, 'iops', 'eq', 326907, 'IOPS', 'VDBench 16K 70/30', 'the review''s sentence is garbled; read as 326,907 IOPS at 194 µs, just behind the CM7-R; capacity not stated in the review: inferred'),
  -- as printed (garbled): "mit 7 IOPS bei 326,907 µs direkt hinter dem CM194-R"
  ('seed-003', 'memblaze-7940-7680', 'vdbench', '16K 70/30', 16384, 64, 70, 'lat_mean', 'eq', 194, 'us', 'VDBench 16K 70/30', 'the review''s sentence is garbled; read as 326,907 IOPS at 194 µs, just behind the CM7-R; capacity not stated in the review: inferred'),
  ('seed-003', 'samsung-pm1743-7680', 'vdbench', '16K 70/30', 16384, 64, 70, 'iops', 'eq', 231373, 'IOPS', 'VDBench 16K 70/30', 'capacity not stated in the review: inferred'),
  ('seed-003', 'samsung-pm1743-7680', 'vdbench', '16K 70/30', 16384, 64, 70, 'lat_mean', 'eq', 274, 'us', 'VDBench 16K 70/30', 'capacity not stated in the review: inferred');

-- Oracle
INSERT INTO measurement (source_id, drive_id, benchmark, workload, block_size, threads, read_pct, metric_id, qual, value, unit_id, label, notes) VALUES
  ('seed-003', 'kioxia-cm7-r-7680', 'vdbench', 'Oracle', NULL, NULL, NULL, 'iops', 'eq', 415156, 'IOPS', 'VDBench Oracle', 'E3.S sample with Dell firmware'),
  ('seed-003', 'kioxia-cm7-r-7680', 'vdbench', 'Oracle', NULL, NULL, NULL, 'lat_mean', 'eq', 85.7, 'us', 'VDBench Oracle', 'E3.S sample with Dell firmware'),
  ('seed-003', 'memblaze-7940-7680', 'vdbench', 'Oracle', NULL, NULL, NULL, 'iops', 'eq', 360645, 'IOPS', 'VDBench Oracle', 'capacity not stated in the review: inferred'),
  ('seed-003', 'memblaze-7940-7680', 'vdbench', 'Oracle', NULL, NULL, NULL, 'lat_mean', 'eq', 98, 'us', 'VDBench Oracle', 'capacity not stated in the review: inferred'),
  ('seed-003', 'samsung-pm1743-7680', 'vdbench', 'Oracle', NULL, NULL, NULL, 'iops', 'eq', 317275, 'IOPS', 'VDBench Oracle', 'capacity not stated in the review: inferred'),
  ('seed-003', 'samsung-pm1743-7680', 'vdbench', 'Oracle', NULL, NULL, NULL, 'lat_mean', 'eq', 111, 'us', 'VDBench Oracle', 'capacity not stated in the review: inferred');

-- Oracle 90/10
INSERT INTO measurement (source_id, drive_id, benchmark, workload, block_size, threads, read_pct, metric_id, qual, value, unit_id, label, notes) VALUES
  ('seed-003', 'kioxia-cm7-r-7680', 'vdbench', 'Oracle 90/10', NULL, NULL, 90, 'iops', 'eq', 291748, 'IOPS', 'VDBench Oracle 90/10', 'E3.S sample with Dell firmware'),
  ('seed-003', 'kioxia-cm7-r-7680', 'vdbench', 'Oracle 90/10', NULL, NULL, 90, 'lat_mean', 'eq', 75, 'us', 'VDBench Oracle 90/10', 'E3.S sample with Dell firmware'),
  ('seed-003', 'memblaze-7940-7680', 'vdbench', 'Oracle 90/10', NULL, NULL, 90, 'iops', 'eq', 292670, 'IOPS', 'VDBench Oracle 90/10', 'capacity not stated in the review: inferred'),
  ('seed-003', 'memblaze-7940-7680', 'vdbench', 'Oracle 90/10', NULL, NULL, 90, 'lat_mean', 'eq', 75, 'us', 'VDBench Oracle 90/10', 'capacity not stated in the review: inferred'),
  ('seed-003', 'samsung-pm1743-7680', 'vdbench', 'Oracle 90/10', NULL, NULL, 90, 'iops', 'eq', 250189, 'IOPS', 'VDBench Oracle 90/10', 'capacity not stated in the review: inferred'),
  ('seed-003', 'samsung-pm1743-7680', 'vdbench', 'Oracle 90/10', NULL, NULL, 90, 'lat_mean', 'eq', 87.5, 'us', 'VDBench Oracle 90/10', 'capacity not stated in the review: inferred');

-- Oracle 80/20
INSERT INTO measurement (source_id, drive_id, benchmark, workload, block_size, threads, read_pct, metric_id, qual, value, unit_id, label, notes) VALUES
  ('seed-003', 'kioxia-cm7-r-7680', 'vdbench', 'Oracle 80/20', NULL, NULL, 80, 'iops', 'eq', 415156, 'IOPS', 'VDBench Oracle 80/20', 'E3.S sample with Dell firmware; identical to the Oracle figures as printed (likely a copy error in the review)'),
  ('seed-003', 'kioxia-cm7-r-7680', 'vdbench', 'Oracle 80/20', NULL, NULL, 80, 'lat_mean', 'eq', 85.7, 'us', 'VDBench Oracle 80/20', 'E3.S sample with Dell firmware; identical to the Oracle figures as printed (likely a copy error in the review)'),
  ('seed-003', 'memblaze-7940-7680', 'vdbench', 'Oracle 80/20', NULL, NULL, 80, 'iops', 'eq', 360645, 'IOPS', 'VDBench Oracle 80/20', 'identical to the Oracle figures as printed (likely a copy error in the review); capacity not stated in the review: inferred'),
  ('seed-003', 'memblaze-7940-7680', 'vdbench', 'Oracle 80/20', NULL, NULL, 80, 'lat_mean', 'eq', 98, 'us', 'VDBench Oracle 80/20', 'identical to the Oracle figures as printed (likely a copy error in the review); capacity not stated in the review: inferred'),
  ('seed-003', 'samsung-pm1743-7680', 'vdbench', 'Oracle 80/20', NULL, NULL, 80, 'iops', 'eq', 317275, 'IOPS', 'VDBench Oracle 80/20', 'identical to the Oracle figures as printed (likely a copy error in the review); capacity not stated in the review: inferred'),
  ('seed-003', 'samsung-pm1743-7680', 'vdbench', 'Oracle 80/20', NULL, NULL, 80, 'lat_mean', 'eq', 111, 'us', 'VDBench Oracle 80/20', 'identical to the Oracle figures as printed (likely a copy error in the review); capacity not stated in the review: inferred');

-- SQL
INSERT INTO measurement (source_id, drive_id, benchmark, workload, block_size, threads, read_pct, metric_id, qual, value, unit_id, label, notes) VALUES
  ('seed-003', 'memblaze-7940-7680', 'vdbench', 'SQL', NULL, NULL, NULL, 'iops', 'eq', 429015, 'IOPS', 'VDBench SQL', 'capacity not stated in the review: inferred'),
  ('seed-003', 'memblaze-7940-7680', 'vdbench', 'SQL', NULL, NULL, NULL, 'lat_mean', 'eq', 74.3, 'us', 'VDBench SQL', 'capacity not stated in the review: inferred'),
  ('seed-003', 'kioxia-cm7-r-7680', 'vdbench', 'SQL', NULL, NULL, NULL, 'iops', 'eq', 394949, 'IOPS', 'VDBench SQL', 'E3.S sample with Dell firmware'),
  ('seed-003', 'kioxia-cm7-r-7680', 'vdbench', 'SQL', NULL, NULL, NULL, 'lat_mean', 'eq', 80.7, 'us', 'VDBench SQL', 'E3.S sample with Dell firmware'),
  ('seed-003', 'samsung-pm1743-7680', 'vdbench', 'SQL', NULL, NULL, NULL, 'iops', 'eq', 343548, 'IOPS', 'VDBench SQL', 'capacity not stated in the review: inferred'),
  ('seed-003', 'samsung-pm1743-7680', 'vdbench', 'SQL', NULL, NULL, NULL, 'lat_mean', 'eq', 92.9, 'us', 'VDBench SQL', 'capacity not stated in the review: inferred');

-- SQL, Memblaze: the text adds "und erreichte 76 µs" (and reached 76 µs) after
-- "429,015 IOPS bei 74.3 µs"; kept as a second latency row under its own label.
INSERT INTO measurement (source_id, drive_id, benchmark, workload, block_size, threads, read_pct, metric_id, qual, value, unit_id, label, notes) VALUES
  -- as printed: "429,015 IOPS bei 74.3 µs" ... "und erreichte 76 µs"
  ('seed-003', 'memblaze-7940-7680', 'vdbench', 'SQL', NULL, NULL, NULL, 'lat_mean', 'eq', 76, 'us', 'VDBench SQL (second latency figure)', 'given after 429,015 IOPS at 74.3 µs as "and reached 76 µs"; meaning unclear (perhaps the latency at the end of the curve); capacity not stated in the review: inferred');

-- SQL 90/10
INSERT INTO measurement (source_id, drive_id, benchmark, workload, block_size, threads, read_pct, metric_id, qual, value, unit_id, label, notes) VALUES
  ('seed-003', 'kioxia-cm7-r-7680', 'vdbench', 'SQL 90/10', NULL, NULL, 90, 'iops', 'eq', 397046, 'IOPS', 'VDBench SQL 90/10', 'E3.S sample with Dell firmware'),
  ('seed-003', 'kioxia-cm7-r-7680', 'vdbench', 'SQL 90/10', NULL, NULL, 90, 'lat_mean', 'eq', 80, 'us', 'VDBench SQL 90/10', 'E3.S sample with Dell firmware'),
  ('seed-003', 'memblaze-7940-7680', 'vdbench', 'SQL 90/10', NULL, NULL, 90, 'iops', 'eq', 392460, 'IOPS', 'VDBench SQL 90/10', 'capacity not stated in the review: inferred'),
  ('seed-003', 'memblaze-7940-7680', 'vdbench', 'SQL 90/10', NULL, NULL, 90, 'lat_mean', 'eq', 81.2, 'us', 'VDBench SQL 90/10', 'capacity not stated in the review: inferred'),
  ('seed-003', 'samsung-pm1743-7680', 'vdbench', 'SQL 90/10', NULL, NULL, 90, 'iops', 'eq', 328793, 'IOPS', 'VDBench SQL 90/10', 'capacity not stated in the review: inferred'),
  ('seed-003', 'samsung-pm1743-7680', 'vdbench', 'SQL 90/10', NULL, NULL, 90, 'lat_mean', 'eq', 96.9, 'us', 'VDBench SQL 90/10', 'capacity not stated in the review: inferred');

-- SQL 80/20
INSERT INTO measurement (source_id, drive_id, benchmark, workload, block_size, threads, read_pct, metric_id, qual, value, unit_id, label, notes) VALUES
  ('seed-003', 'kioxia-cm7-r-7680', 'vdbench', 'SQL 80/20', NULL, NULL, 80, 'iops', 'eq', 406486, 'IOPS', 'VDBench SQL 80/20', 'E3.S sample with Dell firmware'),
  ('seed-003', 'kioxia-cm7-r-7680', 'vdbench', 'SQL 80/20', NULL, NULL, 80, 'lat_mean', 'eq', 78, 'us', 'VDBench SQL 80/20', 'E3.S sample with Dell firmware'),
  ('seed-003', 'memblaze-7940-7680', 'vdbench', 'SQL 80/20', NULL, NULL, 80, 'iops', 'eq', 365549, 'IOPS', 'VDBench SQL 80/20', 'capacity not stated in the review: inferred'),
  ('seed-003', 'memblaze-7940-7680', 'vdbench', 'SQL 80/20', NULL, NULL, 80, 'lat_mean', 'eq', 87, 'us', 'VDBench SQL 80/20', 'capacity not stated in the review: inferred'),
  ('seed-003', 'samsung-pm1743-7680', 'vdbench', 'SQL 80/20', NULL, NULL, 80, 'iops', 'eq', 321873, 'IOPS', 'VDBench SQL 80/20', 'capacity not stated in the review: inferred'),
  ('seed-003', 'samsung-pm1743-7680', 'vdbench', 'SQL 80/20', NULL, NULL, 80, 'lat_mean', 'eq', 98.9, 'us', 'VDBench SQL 80/20', 'capacity not stated in the review: inferred');

-- VDI Full Clone Boot
INSERT INTO measurement (source_id, drive_id, benchmark, workload, block_size, threads, read_pct, metric_id, qual, value, unit_id, label, notes) VALUES
  ('seed-003', 'memblaze-7940-7680', 'vdbench', 'VDI Full Clone Boot', NULL, NULL, NULL, 'iops', 'eq', 359767, 'IOPS', 'VDBench VDI FC Boot', 'capacity not stated in the review: inferred'),
  ('seed-003', 'memblaze-7940-7680', 'vdbench', 'VDI Full Clone Boot', NULL, NULL, NULL, 'lat_mean', 'eq', 97, 'us', 'VDBench VDI FC Boot', 'capacity not stated in the review: inferred'),
  ('seed-003', 'kioxia-cm7-r-7680', 'vdbench', 'VDI Full Clone Boot', NULL, NULL, NULL, 'iops', 'eq', 346330, 'IOPS', 'VDBench VDI FC Boot', 'E3.S sample with Dell firmware'),
  ('seed-003', 'kioxia-cm7-r-7680', 'vdbench', 'VDI Full Clone Boot', NULL, NULL, NULL, 'lat_mean', 'eq', 99.9, 'us', 'VDBench VDI FC Boot', 'E3.S sample with Dell firmware'),
  ('seed-003', 'samsung-pm1743-7680', 'vdbench', 'VDI Full Clone Boot', NULL, NULL, NULL, 'iops', 'eq', 264741, 'IOPS', 'VDBench VDI FC Boot', 'capacity not stated in the review: inferred'),
  ('seed-003', 'samsung-pm1743-7680', 'vdbench', 'VDI Full Clone Boot', NULL, NULL, NULL, 'lat_mean', 'eq', 130, 'us', 'VDBench VDI FC Boot', 'capacity not stated in the review: inferred');

-- VDI Full Clone Initial Login
INSERT INTO measurement (source_id, drive_id, benchmark, workload, block_size, threads, read_pct, metric_id, qual, value, unit_id, label, notes) VALUES
  ('seed-003', 'memblaze-7940-7680', 'vdbench', 'VDI FC Initial Login', NULL, NULL, NULL, 'iops', 'eq', 208784, 'IOPS', 'VDBench VDI FC Initial Login', 'capacity not stated in the review: inferred'),
  ('seed-003', 'memblaze-7940-7680', 'vdbench', 'VDI FC Initial Login', NULL, NULL, NULL, 'lat_mean', 'eq', 141.7, 'us', 'VDBench VDI FC Initial Login', 'capacity not stated in the review: inferred'),
  ('seed-003', 'kioxia-cm7-r-7680', 'vdbench', 'VDI FC Initial Login', NULL, NULL, NULL, 'iops', 'eq', 193981, 'IOPS', 'VDBench VDI FC Initial Login', 'E3.S sample with Dell firmware'),
  ('seed-003', 'kioxia-cm7-r-7680', 'vdbench', 'VDI FC Initial Login', NULL, NULL, NULL, 'lat_mean', 'eq', 152.7, 'us', 'VDBench VDI FC Initial Login', 'E3.S sample with Dell firmware; latency printed as "152.7 IOPS" (unit slip for µs)'),
  ('seed-003', 'samsung-pm1743-7680', 'vdbench', 'VDI FC Initial Login', NULL, NULL, NULL, 'iops', 'eq', 157405, 'IOPS', 'VDBench VDI FC Initial Login', 'capacity not stated in the review: inferred'),
  ('seed-003', 'samsung-pm1743-7680', 'vdbench', 'VDI FC Initial Login', NULL, NULL, NULL, 'lat_mean', 'eq', 188.5, 'us', 'VDBench VDI FC Initial Login', 'capacity not stated in the review: inferred');

-- VDI Full Clone Monday Login
INSERT INTO measurement (source_id, drive_id, benchmark, workload, block_size, threads, read_pct, metric_id, qual, value, unit_id, label, notes) VALUES
  ('seed-003', 'kioxia-cm7-r-7680', 'vdbench', 'VDI FC Monday Login', NULL, NULL, NULL, 'iops', 'eq', 160499, 'IOPS', 'VDBench VDI FC Monday Login', 'E3.S sample with Dell firmware'),
  ('seed-003', 'kioxia-cm7-r-7680', 'vdbench', 'VDI FC Monday Login', NULL, NULL, NULL, 'lat_mean', 'eq', 98, 'us', 'VDBench VDI FC Monday Login', 'E3.S sample with Dell firmware'),
  ('seed-003', 'memblaze-7940-7680', 'vdbench', 'VDI FC Monday Login', NULL, NULL, NULL, 'iops', 'eq', 130432, 'IOPS', 'VDBench VDI FC Monday Login', 'capacity not stated in the review: inferred'),
  ('seed-003', 'memblaze-7940-7680', 'vdbench', 'VDI FC Monday Login', NULL, NULL, NULL, 'lat_mean', 'eq', 121, 'us', 'VDBench VDI FC Monday Login', 'capacity not stated in the review: inferred'),
  ('seed-003', 'samsung-pm1743-7680', 'vdbench', 'VDI FC Monday Login', NULL, NULL, NULL, 'iops', 'eq', 126077, 'IOPS', 'VDBench VDI FC Monday Login', 'capacity not stated in the review: inferred'),
  ('seed-003', 'samsung-pm1743-7680', 'vdbench', 'VDI FC Monday Login', NULL, NULL, NULL, 'lat_mean', 'eq', 125.4, 'us', 'VDBench VDI FC Monday Login', 'capacity not stated in the review: inferred');

-- VDI Linked Clone Boot
INSERT INTO measurement (source_id, drive_id, benchmark, workload, block_size, threads, read_pct, metric_id, qual, value, unit_id, label, notes) VALUES
  ('seed-003', 'memblaze-7940-7680', 'vdbench', 'VDI Linked Clone Boot', NULL, NULL, NULL, 'iops', 'eq', 166105, 'IOPS', 'VDBench VDI LC Boot', 'capacity not stated in the review: inferred'),
  ('seed-003', 'memblaze-7940-7680', 'vdbench', 'VDI Linked Clone Boot', NULL, NULL, NULL, 'lat_mean', 'eq', 96, 'us', 'VDBench VDI LC Boot', 'capacity not stated in the review: inferred'),
  ('seed-003', 'kioxia-cm7-r-7680', 'vdbench', 'VDI Linked Clone Boot', NULL, NULL, NULL, 'iops', 'eq', 160358, 'IOPS', 'VDBench VDI LC Boot', 'E3.S sample with Dell firmware'),
  ('seed-003', 'kioxia-cm7-r-7680', 'vdbench', 'VDI Linked Clone Boot', NULL, NULL, NULL, 'lat_mean', 'eq', 99.4, 'us', 'VDBench VDI LC Boot', 'E3.S sample with Dell firmware'),
  ('seed-003', 'samsung-pm1743-7680', 'vdbench', 'VDI Linked Clone Boot', NULL, NULL, NULL, 'iops', 'eq', 138208, 'IOPS', 'VDBench VDI LC Boot', 'capacity not stated in the review: inferred'),
  ('seed-003', 'samsung-pm1743-7680', 'vdbench', 'VDI Linked Clone Boot', NULL, NULL, NULL, 'lat_mean', 'eq', 115.7, 'us', 'VDBench VDI LC Boot', 'capacity not stated in the review: inferred');

-- VDI Linked Clone Initial Login
INSERT INTO measurement (source_id, drive_id, benchmark, workload, block_size, threads, read_pct, metric_id, qual, value, unit_id, label, notes) VALUES
  ('seed-003', 'kioxia-cm7-r-7680', 'vdbench', 'VDI LC Initial Login', NULL, NULL, NULL, 'iops', 'eq', 87812, 'IOPS', 'VDBench VDI LC Initial Login', 'E3.S sample with Dell firmware'),
  ('seed-003', 'kioxia-cm7-r-7680', 'vdbench', 'VDI LC Initial Login', NULL, NULL, NULL, 'lat_mean', 'eq', 88.8, 'us', 'VDBench VDI LC Initial Login', 'E3.S sample with Dell firmware'),
  ('seed-003', 'memblaze-7940-7680', 'vdbench', 'VDI LC Initial Login', NULL, NULL, NULL, 'iops', 'eq', 75427, 'IOPS', 'VDBench VDI LC Initial Login', 'capacity not stated in the review: inferred'),
  ('seed-003', 'memblaze-7940-7680', 'vdbench', 'VDI LC Initial Login', NULL, NULL, NULL, 'lat_mean', 'eq', 104.3, 'us', 'VDBench VDI LC Initial Login', 'capacity not stated in the review: inferred'),
  ('seed-003', 'samsung-pm1743-7680', 'vdbench', 'VDI LC Initial Login', NULL, NULL, NULL, 'iops', 'eq', 70328, 'IOPS', 'VDBench VDI LC Initial Login', 'capacity not stated in the review: inferred'),
  ('seed-003', 'samsung-pm1743-7680', 'vdbench', 'VDI LC Initial Login', NULL, NULL, NULL, 'lat_mean', 'eq', 111.8, 'us', 'VDBench VDI LC Initial Login', 'capacity not stated in the review: inferred');

-- VDI Linked Clone Monday Login
INSERT INTO measurement (source_id, drive_id, benchmark, workload, block_size, threads, read_pct, metric_id, qual, value, unit_id, label, notes) VALUES
  ('seed-003', 'kioxia-cm7-r-7680', 'vdbench', 'VDI LC Monday Login', NULL, NULL, NULL, 'iops', 'eq', 115674, 'IOPS', 'VDBench VDI LC Monday Login', 'E3.S sample with Dell firmware'),
  ('seed-003', 'kioxia-cm7-r-7680', 'vdbench', 'VDI LC Monday Login', NULL, NULL, NULL, 'lat_mean', 'eq', 136.3, 'us', 'VDBench VDI LC Monday Login', 'E3.S sample with Dell firmware'),
  ('seed-003', 'memblaze-7940-7680', 'vdbench', 'VDI LC Monday Login', NULL, NULL, NULL, 'iops', 'eq', 107827, 'IOPS', 'VDBench VDI LC Monday Login', 'capacity not stated in the review: inferred'),
  ('seed-003', 'memblaze-7940-7680', 'vdbench', 'VDI LC Monday Login', NULL, NULL, NULL, 'lat_mean', 'eq', 146.5, 'us', 'VDBench VDI LC Monday Login', 'capacity not stated in the review: inferred'),
  ('seed-003', 'samsung-pm1743-7680', 'vdbench', 'VDI LC Monday Login', NULL, NULL, NULL, 'iops', 'eq', 95076, 'IOPS', 'VDBench VDI LC Monday Login', 'capacity not stated in the review: inferred'),
  ('seed-003', 'samsung-pm1743-7680', 'vdbench', 'VDI LC Monday Login', NULL, NULL, NULL, 'lat_mean', 'eq', 166.1, 'us', 'VDBench VDI LC Monday Login', 'capacity not stated in the review: inferred');

-- Conclusion (rounded restatements of the CM7-R chart figures)
INSERT INTO measurement (source_id, drive_id, benchmark, workload, block_size, threads, read_pct, metric_id, qual, value, unit_id, label, notes) VALUES
  -- as printed: "sequentielle 54K-Leseleistung von über 10 GB/s"
  ('seed-003', 'kioxia-cm7-r-7680', 'vdbench', '64K sequential read', 65536, 32, 100, 'bw', 'gt', 10, 'GB/s', 'Conclusion', 'E3.S sample with Dell firmware; given as 64K sequential read of "over 10 GB/s" (the review prints 54K, a slip); rounded, cf. 10,106 MB/s'),
  ('seed-003', 'kioxia-cm7-r-7680', 'vdbench', '64K sequential write', 65536, 16, 0, 'bw', 'eq', 3.3, 'GB/s', 'Conclusion', 'E3.S sample with Dell firmware; printed "sequentielle Schreibleistung von 3.3 GB/s"; rounded, cf. 3,282 MB/s (64K)'),
  ('seed-003', 'kioxia-cm7-r-7680', 'vdbench', '4K random read', 4096, 128, 100, 'iops', 'eq', 715000, 'IOPS', 'Conclusion', 'E3.S sample with Dell firmware; printed "715 IOPS" (K dropped); rounded, cf. 714,623'),
  ('seed-003', 'kioxia-cm7-r-7680', 'vdbench', '4K random read', 4096, 128, 100, 'lat_mean', 'eq', 78, 'us', 'Conclusion', 'E3.S sample with Dell firmware; printed "78us"'),
  ('seed-003', 'kioxia-cm7-r-7680', 'vdbench', '4K random write', 4096, 128, 0, 'iops', 'eq', 691000, 'IOPS', 'Conclusion', 'E3.S sample with Dell firmware; printed "691 IOPS" (K dropped); rounded, cf. 691,122'),
  ('seed-003', 'kioxia-cm7-r-7680', 'vdbench', '4K random write', 4096, 128, 0, 'lat_mean', 'eq', 740, 'us', 'Conclusion', 'E3.S sample with Dell firmware; printed "740us"; rounded, cf. 739.6 µs');
