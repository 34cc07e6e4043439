INSERT INTO drive (id, family_id, capacity_gb) VALUES
  ('lab-a-1', 'kioxia-cd9p-r', 1),
  ('lab-a-2', 'no-such-family', 2),
  ('lab-a-3', 'kioxia-cd9p-r', 3);
