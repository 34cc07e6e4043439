-- ACME X1, qualified by the lab (line 1)
INSERT INTO vendor (id, name) VALUES ('acme', 'ACME');
INSERT INTO source (id, kind, title, name) VALUES
  ('lab-x1-accept', 'lab', 'ACME X1 acceptance criteria, rev 3', 'X1 acceptance');
INSERT INTO family (id, vendor_id, name, series, segment, pcie_gen, pcie_lanes,
                    dwpd, source_id) VALUES
  ('acme-x1', 'acme', 'X1', 'X1', 'read-intensive', 5, 4, 1, 'lab-x1-accept');
INSERT INTO drive (id, family_id, capacity_gb, source_id) VALUES
  ('acme-x1-3840', 'acme-x1', 3840, 'lab-x1-accept');
INSERT INTO sku (model, drive_id, kind, status, source_id) VALUES
  ('ACME X1-3T84', 'acme-x1-3840', 'model-string', 'observed', 'lab-x1-accept');
INSERT INTO spec (family_id, drive_id, metric_id, qual, value, unit_id, block_size,
                  iodepth, numjobs, source_id, confidence) VALUES
  ('acme-x1', 'acme-x1-3840', 'seq_read', 'eq', 12000, 'MB/s', 131072, 32, 1,
   'lab-x1-accept', 'A'),
  ('acme-x1', 'acme-x1-3840', 'rand_read', 'eq', 2200000, 'IOPS', 4096, 32, 16,
   'lab-x1-accept', 'A');
INSERT INTO target (family_id, drive_id, metric_id, qual, value, unit_id,
                    tolerance_pct, block_size, iodepth, numjobs, runtime_s,
                    source_id) VALUES
  ('acme-x1', 'acme-x1-3840', 'rand_read', 'ge', 2200000, 'IOPS', 5, 4096, 32, 16, 60,
   'lab-x1-accept'),
  ('acme-x1', NULL, 'seq_read', 'ge', 11000, 'MB/s', 5, 131072, 32, 1, 60,
   'lab-x1-accept');
