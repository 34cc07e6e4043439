INSERT INTO spec (family_id, metric_id, value, unit_id, source_id, confidence) VALUES
  ('kioxia-cd9p-r', 'seq_write', 1e999, 'MB/s', 'seed-000', 'C'),
  ('kioxia-cd9p-r', 'temp_storage', -40, 'C', 'seed-000', 'C');
INSERT INTO drive (id, family_id, capacity_gb) VALUES ('lab-x-1', 'kioxia-cd9p-r', 'many');
