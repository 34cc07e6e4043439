-- rivals.sql: a transcription of shared/reference/rivals.md ("Rival enterprise
-- NVMe SSDs: spec-sheet figures with sources").
--
-- Holds: every source tag of its "Sources" section; every family it has a
-- section for (the rivals plus KIOXIA CD8P-R, CM7-R, CM7-V, CD9P-V, CM9-V);
-- their capacity points, part numbers / model strings and spec figures.
-- Conventions (data/README.md): drive id = family id + '-' + capacity in GB;
-- sequential figures MB/s at 128 KiB (131072), random figures IOPS at 4 KiB
-- (4096) as plain counts; spec-sheet "up to", "<" and "<=" figures are stored
-- as qual 'eq' (every spec figure is a bound) with the printed form in notes;
-- a value range printed by the source is qual 'range'.  confidence is the
-- letter rivals.md gives; sku status: obs -> observed, inf -> inferred, a part
-- number printed by a vendor or listing -> published.
-- Not representable here: the CD9P-R and CM9-R comparison blocks in the CD9P-V
-- and CM9-V sections (families owned by kioxia-cd9p-r.sql / kioxia-cm9-r.sql,
-- loaded after this file), the 7600 PRO and CD8P-V part numbers (no family);
-- they are kept in the notes of the families where rivals.md mentions them.

-- rivals.md "## Sources"
INSERT INTO source (id, kind, title, name, publisher, language, file, url, published, notes) VALUES
  ('sr-9550max', 'review', 'Micron 9550 MAX Review: Balanced Performance for AI, DB, and Analytics', '9550 MAX review',
   'StorageReview', 'fr', NULL,
   'https://www.storagereview.com/review/micron-9550-max-review-balanced-performance-for-ai-db-and-analytics', NULL,
   'Spec table read in two copies: the French edition and the korean.storagesserver.com mirror (the URL is the English original).'),
  ('sr-7600max', 'review', 'Micron 7600 MAX review', '7600 MAX review',
   'StorageReview', 'fr', NULL, 'https://www.storagereview.com/review/micron-7600-max-review', NULL,
   'Spec table read in the French edition.'),
  ('sr-x200p', 'review', 'Phison Pascari X200P SSD review: balanced Gen5 performance for the data center', 'Pascari X200P review',
   'StorageReview', 'fr', NULL, NULL, NULL,
   'Read in the French edition. URL not recorded.'),
  ('sr-ps1030', 'review', 'Solidigm D7-PS1030 review: 3 DWPD Gen5 that earned its keep in the KV cache tier', 'D7-PS1030 review',
   'StorageReview', 'fr', NULL, NULL, NULL,
   'Read in the French edition. URL not given. Its drive list also grades comparison drives (9550 Pro, PS1010, SN861 7.68 TB, 1 DWPD).'),
  -- rivals.md: [SR-SN861] A, "the datasheet figures are marked projected": the
  -- figures citing this source are WD's datasheet as the review prints it.
  ('sr-sn861', 'review', 'Western Digital SN861 Gen5 SSD: versatile solutions for modern hyperscale…', 'SN861 review: WD datasheet (projected)',
   'StorageReview', 'fr', NULL, NULL, NULL,
   'Read in the French edition. URL not given. Its datasheet performance table is marked "projected".'),
  ('sr-cd9pr', 'review', 'KIOXIA CD9P-R review: read-intensive Gen5 up to 61.44TB', 'CD9P-R review',
   'StorageReview', 'fr', NULL, 'https://storagereview.com/review/kioxia-cd9p-r-review-read-intensive-gen5-up-to-61-44tb', NULL,
   'Read in the French edition. Includes CD8P-R 7.68 TB E3.S comparison figures.'),
   -- the same review is shared/seeds/001_*.txt (French, source seed-001) and 004_*.txt (Japanese, source seed-004)
  ('sr-cm9r', 'review', 'KIOXIA CM9-R 15.36TB review: BiCS8 flash hits full speed at low queue depth', 'CM9-R review',
   'StorageReview', 'fr', NULL, NULL, NULL,
   'Read in the French edition; the same review is the CM9-R review cited in French and Japanese.'),
  -- title was: solanahcl README.md, ...
  ('sol-hcl', 'list', 'solanahcl hardware list, "Storage → Enterprise gen 5 / gen 4" tables', 'enterprise SSD tables',
   'solanahcl (GitHub)', 'en', NULL, 'https://github.com/solanahcl/solanahcl', NULL,
   'States "performance figures from the manufacturer". An older revision (commit 02b8d61) lists the PM9A3 at 6,800 / 2,700 and the CM7-R 3.84 TB at 7,000 MB/s write.'),
   -- benchmarks/disks/results/results_solidigm_d7_ps1010-3.84tb/nvme.txt and results_solidigm_d7_ps1030-3.2tb/nvme.txt
  ('sol-nvme', 'observation', 'solanahcl nvme list output: Solidigm D7-PS1010 3.84 TB and D7-PS1030 3.2 TB', 'PS1010/PS1030 nvme list output',
   'solanahcl (GitHub)', NULL, NULL, 'https://github.com/solanahcl/solanahcl', NULL,
   'nvme list output of the PS1010 3.84 TB and PS1030 3.2 TB benchmark results.'),
   -- content/en/docs/hci/SupportMatrix/2512/16G_HCI/_index.md
  ('dell16g', 'list', 'Azure Local Support Matrix for 16G', 'Azure Local 16G support matrix',
   'Dell', 'en', NULL, 'https://github.com/dell/azurestack-docs', NULL,
   'The 16G HCI support matrix of Dell''s azurestack-docs (release 2512).'),
   -- content/en/docs/hci/SupportMatrix/2606/17G_HCI/_index.md
  ('dell17g', 'list', 'Azure Local Support Matrix for 17G', 'Azure Local 17G support matrix',
   'Dell', 'en', NULL, 'https://github.com/dell/azurestack-docs', NULL,
   'The 17G HCI support matrix of Dell''s azurestack-docs (release 2606).'),
  ('intel-fw', 'list', 'Intel DSG SSD firmware control table (MiTAC SSD reflash release notes)', 'SSD firmware control table',
   NULL, 'en', NULL, NULL, NULL,
   'GitHub-hosted. Gives D7-P5510 part numbers with MM numbers.'),
  ('p5510-doc', 'notes', 'GitHub repository doc quoting Solidigm''s D7-P5510 3.84 TB page', 'D7-P5510 notes quoting Solidigm',
   NULL, 'en', NULL, NULL, NULL,
   'Secondary.'),
  ('anand-pm1743', 'press', 'Samsung Announces First PCIe 5.0 Enterprise SSD: PM1743, Coming in 2022', 'PM1743 announcement',
   'AnandTech', 'en', NULL, 'http://www.awof.org/samsung-announces-first-pcie-50-enterprise-ssd-pm1743-coming-in-2022.html', '2021-12-23',
   'By Ryan Smith. The URL is a mirror.'),
  ('ht-pm1743', 'press', 'Samsung PM1743 launch article', 'PM1743 launch article',
   'Hardware Times', 'en', NULL, NULL, NULL,
   'Gives 1 DWPD and dual-port. URL not recorded.'),
  -- rivals.md: [HEISE-PM9A3] B, "launch datasheet as quoted by the press".
  ('heise-pm9a3', 'press', 'Samsung PM9A3 launch coverage (2020)', 'Samsung PM9A3 launch datasheet, as quoted',
   'heise online; ComputerBase', 'de', NULL, 'https://heise.de/-4720224', '2020',
   'Two articles: https://heise.de/-4720224 and https://www.computerbase.de/2020-05/samsung-pm9a3-e1.s-pcie-4.0-ssd/'),
  ('ht-7400', 'press', 'Micron 7400 series launch article (enterprise NVMe drives, up to 6,600 MB/s sequential read)', '7400 series launch article',
   'Hardware Times', 'en', NULL, 'https://www.hardwaretimes.com/micron-unveils-7400-series-enterprise-nvme-drives-up-to-6600-mb-s-seq-read-speeds/', NULL,
   'Only the URL is known; the title is paraphrased from it.'),
  ('crucial', 'reseller', 'Micron 7400 PRO 7.68TB NVMe U.3 (7mm) Non-SED', '7400 PRO 7.68TB listing',
   'Crucial/Micron', 'en', NULL, NULL, NULL,
   'A Crucial/Micron listing as quoted in GitHub notes; P/N mtfdkcb7t6tdz-2az18abyyr.'),
  ('cmp', 'notes', 'AI-compiled research notes in GitHub repositories', 'AI-compiled notes',
   NULL, 'en', NULL, NULL, NULL,
   'They quote reseller pages (digitec.ch, directdial, scan.co.uk, techatlantix, convergetp.co.uk, singular.com.cy, SHI). Low confidence.'),
  ('llmsim', 'notes', 'LLMServingSim-HBF source (Micron 9550 TPS power values)', 'LLMServingSim-HBF source',
   NULL, 'en', NULL, NULL, NULL,
   'GitHub source code that quotes Micron 9550 TPS power values for the 3.84 TB PRO.'),
  ('lspci', 'observation', 'GitHub lab notes with annotated lspci output', 'lspci lab notes',
   NULL, NULL, NULL, NULL, NULL, NULL),
  ('illumos', 'list', 'illumos-gate NVMe vendor PCI device-ID headers', 'NVMe device-ID headers',
   'illumos', 'en', NULL, 'https://github.com/illumos/illumos-gate', NULL,
   'usr/src/uts/common/sys/nvme/'),
  ('pciid-mb', 'list', 'GitHub PCI-ID enumeration file listing Memblaze device and subsystem IDs', 'Memblaze PCI IDs',
   NULL, 'en', NULL, NULL, NULL, NULL),
  ('taobao', 'reseller', 'GitHub scraper fixture containing Taobao listing titles', 'Taobao listing titles',
   NULL, NULL, NULL, NULL, NULL, NULL),
  ('obs-sol', 'observation', 'Observed model strings: lsblk JSON', 'lsblk output',
   NULL, NULL, NULL, NULL, NULL, 'Tool output in public GitHub files.'),
  ('obs-wd', 'observation', 'Observed model strings: MinIO script DRIVE_MODEL; Oxide omicron sled-hardware list', 'MinIO script, omicron list',
   NULL, NULL, NULL, NULL, NULL, 'Tool output / source in public GitHub files.'),
  ('obs-king', 'observation', 'Observed model strings: /dev/disk/by-id listings in public repositories', 'by-id listings',
   NULL, NULL, NULL, NULL, NULL, 'Tool output in public GitHub files.'),
  ('obs-kioxia', 'observation', 'Observed model strings: an nvme list fixture', 'nvme list fixture',
   NULL, NULL, NULL, NULL, NULL, 'Tool output in public GitHub files.'),
  ('obs-sam', 'observation', 'Observed model strings: a Weka doc; nvme id-ctrl output', 'Weka doc, nvme id-ctrl',
   NULL, NULL, NULL, NULL, NULL, 'Tool output in public GitHub files.'),
  ('obs-intel', 'observation', 'Observed model strings: nvme list / smartctl excerpts', 'nvme list, smartctl',
   NULL, NULL, NULL, NULL, NULL, 'Tool output in public GitHub files; also users reporting OEM part numbers.'),
  ('obs-micron', 'observation', 'Observed model strings: nvme list / smartctl excerpts; a Micron P/N decoder test', 'nvme list, smartctl, P/N decoder test',
   NULL, NULL, NULL, NULL, NULL, 'Tool output and test fixtures in public GitHub files.'),
  ('ocp-exp', 'observation', 'An NVMe exporter''s "verified hardware" list', 'NVMe exporter hardware list',
   NULL, NULL, NULL, NULL, NULL, 'Listed among the sources of observed model strings; no figure or string here cites it.'),
   -- rivals.md grade A: "the manufacturer's spec table as printed in a
   -- StorageReview review".  The spec figures from those tables cite the
   -- vendor's datasheet (as the SN861's do), named and linked as rivals.md
   -- gives the review that prints it; the review itself stays the source of
   -- what it says in its own words (drive lists, text).
  ('sr-9550max-ds', 'spec-sheet', 'Micron 9550 MAX datasheet (spec table as printed in StorageReview''s 9550 MAX review)', '9550 MAX review: Micron datasheet',
   'StorageReview', 'fr', NULL,
   'https://www.storagereview.com/review/micron-9550-max-review-balanced-performance-for-ai-db-and-analytics', NULL,
   'Micron''s spec table for the 9550 MAX and the 9550 series, read in the French edition of the review; the URL is the English original.'),
  ('sr-7600max-ds', 'spec-sheet', 'Micron 7600 MAX datasheet (spec table as printed in StorageReview''s 7600 MAX review)', '7600 MAX review: Micron datasheet',
   'StorageReview', 'fr', NULL, 'https://www.storagereview.com/review/micron-7600-max-review', NULL,
   'Micron''s spec table, read in the French edition of the review.'),
  ('sr-x200p-ds', 'spec-sheet', 'Phison Pascari X200P datasheet (spec table as printed in StorageReview''s X200P review)', 'Pascari X200P review: Phison datasheet',
   'StorageReview', 'fr', NULL, NULL, NULL,
   'Phison''s spec table, read in the French edition of the review. URL not recorded.'),
  ('sr-ps1030-ds', 'spec-sheet', 'Solidigm D7-PS1030 datasheet (spec table as printed in StorageReview''s D7-PS1030 review)', 'D7-PS1030 review: Solidigm datasheet',
   'StorageReview', 'fr', NULL, NULL, NULL,
   'Solidigm''s spec table for the D7-PS1030 and the PS10x0 family, read in the French edition of the review. URL not given.'),
  ('sr-cd9pr-ds', 'spec-sheet', 'KIOXIA CD8P-R datasheet figures (as printed in StorageReview''s CD9P-R review)', 'CD9P-R review: KIOXIA CD8P-R datasheet',
   'StorageReview', 'fr', NULL, 'https://storagereview.com/review/kioxia-cd9p-r-review-read-intensive-gen5-up-to-61-44tb', NULL,
   'KIOXIA''s figures for the CD8P-R 7.68 TB E3.S, printed beside the CD9P-R''s in the French edition of the review.'),
  ('sr-cm7r-ds', 'spec-sheet', 'KIOXIA CM7-R datasheet figures (as quoted in StorageReview''s CM7-R review)', 'CM7-R review: KIOXIA datasheet figures',
   'StorageReview', 'de', NULL, NULL, NULL,
   'KIOXIA''s figures for the tested 7.68 TB (Dell OEM) E3.S, as the German review quotes them; the review''s spec table itself is missing from the copy.'),
  ('llmsim-tps', 'spec-sheet', 'Micron 9550 TPS (technical product specification) power values, as quoted in the LLMServingSim-HBF source', 'Micron 9550 TPS, as quoted in code',
   'Micron', 'en', NULL, NULL, NULL,
   'The datasheet''s power values for the 3.84 TB 9550 PRO, quoted in GitHub source code (secondary).'),
   -- rivals.md: cited only where it is all there is; every other row cites the source rivals.md tags
  ('rivals', 'list', 'Rival enterprise NVMe SSDs: spec-sheet figures with sources', 'rivals list',
   'drivedash (shared/reference)', 'en', 'rivals.md', NULL, NULL,
   'drivedash''s own reference list of rival drives. Cited only where it is the whole of what is known: a figure from an unnamed source (CD9P-V 3 DWPD) and a capacity point named only by its heading (Memblaze PBlaze7 7940 7.68 TB). Every other row cites the list''s own source.');

-- ===========================================================================
-- rivals.md "## Micron" / "### Micron 9550 PRO 7.68 TB"
-- ===========================================================================
INSERT INTO family (id, vendor_id, name, series, variant, segment, aliases, form_factors,
                    pcie_gen, pcie_lanes, nvme_version, ports, nand, dwpd, warranty_years,
                    mttf_hours, security, plp, has_spec_sheet, source_id, notes) VALUES
   -- rivals.md: performance [SOL-HCL]; 1 DWPD [SR-PS1030] ("Micron 9550 Pro 7.68 To (1 DWPD)"); lspci [LSPCI]; PCI ID [ILLUMOS]
  ('micron-9550-pro', 'micron', '9550 PRO', '9550', 'PRO', 'read-intensive',
   'Micron 9550 PRO;9550 Pro;9550 PRO NVMe SSD', 'U.2 15 mm; E3.S',
   5, 4, '2.0b', NULL, 'Micron 232-layer 3D TLC', 1, 5,
   2000000, NULL, NULL, 1, 'sr-9550max',
   'No spec table for the 9550 PRO itself: form factor, interface, NAND, MTTF, UBER and warranty are 9550-series figures from the 9550 MAX review; performance comes from the solanahcl enterprise SSD tables; 1 DWPD from the drive list of StorageReview''s D7-PS1030 review. MTTF 2.0M h at 0-55 C (2.5M h at 0-50 C). Latency n/a (the 9550 MAX table gives 60 us read / 15 us write typical). The 7.68 TB drive in the reviews is not named by form factor. No part number or NVMe model string found; lspci names the device "9550 PRO NVMe SSD". PCI ID 1344:51bb.');

INSERT INTO drive (id, family_id, capacity_gb, source_id, form_factor, nand, dwpd, notes) VALUES
  ('micron-9550-pro-7680', 'micron-9550-pro', 7680, 'seed-000', NULL, NULL, NULL,
   'The reviews'' drive; not named by form factor.'),
  ('micron-9550-pro-3840', 'micron-9550-pro', 3840, 'llmsim', NULL, NULL, NULL,
   'Only power figures (Micron''s figures as quoted in the LLMServingSim-HBF source).');

INSERT INTO spec (family_id, drive_id, metric_id, qual, value, value_hi, unit_id, block_size, read_pct,
                  conditions, source_id, confidence, preferred, notes) VALUES
  ('micron-9550-pro', 'micron-9550-pro-7680', 'seq_read',   'eq', 14000,   NULL, 'MB/s', 131072, NULL, NULL, 'sol-hcl', 'B', 1, NULL),
  ('micron-9550-pro', 'micron-9550-pro-7680', 'seq_write',  'eq', 10000,   NULL, 'MB/s', 131072, NULL, NULL, 'sol-hcl', 'B', 1, NULL),
  ('micron-9550-pro', 'micron-9550-pro-7680', 'rand_read',  'eq', 3300000, NULL, 'IOPS', 4096,   NULL, NULL, 'sol-hcl', 'B', 1, NULL),
  ('micron-9550-pro', 'micron-9550-pro-7680', 'rand_write', 'eq', 380000,  NULL, 'IOPS', 4096,   NULL, NULL, 'sol-hcl', 'B', 1, NULL),
  ('micron-9550-pro', NULL, 'dwpd', 'eq', 1, NULL, 'DWPD', NULL, NULL, NULL, 'sr-ps1030', 'A', 1,
   'From the review''s drive list: "Micron 9550 Pro 7.68 To (1 DWPD)"; no spec table for the 9550 PRO itself.'),
  ('micron-9550-pro', 'micron-9550-pro-3840', 'power_max',  'eq', 18, NULL, 'W', NULL, NULL, 'max read',  'llmsim-tps', 'C', 1, 'Micron TPS as quoted in code; 3.84 TB PRO (n/a for 7.68 TB).'),
  ('micron-9550-pro', 'micron-9550-pro-3840', 'power_max',  'eq', 19, NULL, 'W', NULL, NULL, 'max write', 'llmsim-tps', 'C', 1, 'Micron TPS as quoted in code; 3.84 TB PRO (n/a for 7.68 TB).'),
  ('micron-9550-pro', 'micron-9550-pro-3840', 'power_idle', 'eq', 5,  NULL, 'W', NULL, NULL, 'average',   'llmsim-tps', 'C', 1, 'Micron TPS as quoted in code; 3.84 TB PRO (n/a for 7.68 TB).'),
  ('micron-9550-pro', NULL, 'mttf', 'eq', 2000000, NULL, 'h', NULL, NULL, '0-55 C', 'sr-9550max-ds', 'A', 1, '9550-series figure.'),
  ('micron-9550-pro', NULL, 'mttf', 'eq', 2500000, NULL, 'h', NULL, NULL, '0-50 C', 'sr-9550max-ds', 'A', 1, '9550-series figure.'),
  ('micron-9550-pro', NULL, 'uber', 'eq', 1e-17, NULL, 'per-bit', NULL, NULL, NULL, 'sr-9550max-ds', 'A', 1, 'Printed "<1 sector per 10^17 bits"; 9550-series figure.'),
  ('micron-9550-pro', NULL, 'warranty', 'eq', 5, NULL, 'years', NULL, NULL, NULL, 'sr-9550max-ds', 'A', 1, '9550-series figure.');

-- ===========================================================================
-- rivals.md "### Micron 9550 MAX 12.8 TB"
-- ===========================================================================
INSERT INTO family (id, vendor_id, name, series, variant, segment, aliases, form_factors,
                    pcie_gen, pcie_lanes, nvme_version, ports, nand, dwpd, warranty_years,
                    mttf_hours, security, plp, has_spec_sheet, source_id, notes) VALUES
   -- rivals.md: PCI ID [ILLUMOS]; 6,000 from [SOL-HCL]
  ('micron-9550-max', 'micron', '9550 MAX', '9550', 'MAX', 'mixed-use',
   'Micron 9550 MAX;9550 Max', 'U.2 15 mm; E3.S',
   5, 4, '2.0b', NULL, 'Micron 232-layer 3D TLC', 3, 5,
   2000000, NULL, NULL, 1, 'sr-9550max',
   'OCP 2.0 (r21). MTTF 2.0M h at 0-55 C (2.5M h at 0-50 C). Idle power n/a. Part number / model string n/a. PCI ID 1344:51bd. The 3.2 TB sequential write conflicts: StorageReview''s table gives 10,000, the solanahcl tables 6,000.');

INSERT INTO drive (id, family_id, capacity_gb, source_id, form_factor, nand, dwpd, notes) VALUES
  ('micron-9550-max-3200',  'micron-9550-max', 3200, 'sr-9550max',  NULL, NULL, NULL, NULL),
  ('micron-9550-max-6400',  'micron-9550-max', 6400, 'sr-9550max',  NULL, NULL, NULL, NULL),
  ('micron-9550-max-12800', 'micron-9550-max', 12800, 'sr-9550max', NULL, NULL, NULL, 'The capacity the rival list describes.'),
  ('micron-9550-max-25600', 'micron-9550-max', 25600, 'sr-9550max', NULL, NULL, NULL, NULL);

INSERT INTO spec (family_id, drive_id, metric_id, qual, value, value_hi, unit_id, block_size, read_pct,
                  conditions, source_id, confidence, preferred, notes) VALUES
  ('micron-9550-max', NULL, 'dwpd', 'eq', 3, NULL, 'DWPD', NULL, NULL, NULL, 'sr-9550max-ds', 'A', 1, NULL),
  ('micron-9550-max', 'micron-9550-max-12800', 'tbw', 'eq', 70080,  NULL, 'TB', NULL, NULL, 'random',     'sr-9550max-ds', 'A', 1, NULL),
  ('micron-9550-max', 'micron-9550-max-12800', 'tbw', 'eq', 143100, NULL, 'TB', NULL, NULL, 'sequential', 'sr-9550max-ds', 'A', 1, NULL),
  ('micron-9550-max', 'micron-9550-max-12800', 'seq_read',   'eq', 14000,   NULL, 'MB/s', 131072, NULL, NULL, 'sr-9550max-ds', 'A', 1, NULL),
  ('micron-9550-max', 'micron-9550-max-12800', 'seq_write',  'eq', 10000,   NULL, 'MB/s', 131072, NULL, NULL, 'sr-9550max-ds', 'A', 1, NULL),
  ('micron-9550-max', 'micron-9550-max-12800', 'rand_read',  'eq', 3300000, NULL, 'IOPS', 4096,   NULL, NULL, 'sr-9550max-ds', 'A', 1, NULL),
  ('micron-9550-max', 'micron-9550-max-12800', 'rand_write', 'eq', 820000,  NULL, 'IOPS', 4096,   NULL, NULL, 'sr-9550max-ds', 'A', 1, NULL),
  ('micron-9550-max', 'micron-9550-max-12800', 'rand_mixed', 'eq', 1000000, NULL, 'IOPS', 4096,   70,   NULL, 'sr-9550max-ds', 'A', 1, '70/30 read/write mix.'),
  ('micron-9550-max', NULL, 'lat_read',  'eq', 60, NULL, 'us', NULL, NULL, 'typical', 'sr-9550max-ds', 'A', 1, NULL),
  ('micron-9550-max', NULL, 'lat_write', 'eq', 15, NULL, 'us', NULL, NULL, 'typical', 'sr-9550max-ds', 'A', 1, NULL),
  ('micron-9550-max', 'micron-9550-max-12800', 'power_active', 'eq', 18, NULL, 'W', NULL, NULL, 'RMS average, sequential read',  'sr-9550max-ds', 'A', 1, 'Printed "<=18 W RMS average".'),
  ('micron-9550-max', 'micron-9550-max-12800', 'power_active', 'eq', 18, NULL, 'W', NULL, NULL, 'RMS average, sequential write', 'sr-9550max-ds', 'A', 1, 'Printed "<=18 W RMS average".'),
  ('micron-9550-max', NULL, 'mttf', 'eq', 2000000, NULL, 'h', NULL, NULL, '0-55 C', 'sr-9550max-ds', 'A', 1, NULL),
  ('micron-9550-max', NULL, 'mttf', 'eq', 2500000, NULL, 'h', NULL, NULL, '0-50 C', 'sr-9550max-ds', 'A', 1, NULL),
  ('micron-9550-max', NULL, 'uber', 'eq', 1e-17, NULL, 'per-bit', NULL, NULL, NULL, 'sr-9550max-ds', 'A', 1, 'Printed "<1e-17".'),
  ('micron-9550-max', NULL, 'warranty', 'eq', 5, NULL, 'years', NULL, NULL, NULL, 'sr-9550max-ds', 'A', 1, NULL),
  -- Other capacities
  ('micron-9550-max', 'micron-9550-max-3200', 'seq_read',   'eq', 14000,   NULL, 'MB/s', 131072, NULL, NULL, 'sr-9550max-ds', 'A', 1, NULL),
  ('micron-9550-max', 'micron-9550-max-3200', 'seq_write',  'eq', 10000,   NULL, 'MB/s', 131072, NULL, NULL, 'sr-9550max-ds', 'A', 1,
   'StorageReview''s table; the solanahcl tables give 6,000 for the 3.2 TB write. Preferred as the grade-A source.'),
  ('micron-9550-max', 'micron-9550-max-3200', 'seq_write',  'eq', 6000,    NULL, 'MB/s', 131072, NULL, NULL, 'sol-hcl',    'B', 0,
   'Conflicts with the 10,000 in the StorageReview table (A), which is preferred.'),
  ('micron-9550-max', 'micron-9550-max-3200', 'rand_read',  'eq', 3000000, NULL, 'IOPS', 4096,   NULL, NULL, 'sr-9550max-ds', 'A', 1, NULL),
  ('micron-9550-max', 'micron-9550-max-3200', 'rand_write', 'eq', 540000,  NULL, 'IOPS', 4096,   NULL, NULL, 'sr-9550max-ds', 'A', 1, NULL),
  ('micron-9550-max', 'micron-9550-max-6400', 'seq_read',   'eq', 14000,   NULL, 'MB/s', 131072, NULL, NULL, 'sr-9550max-ds', 'A', 1, NULL),
  ('micron-9550-max', 'micron-9550-max-6400', 'seq_write',  'eq', 10000,   NULL, 'MB/s', 131072, NULL, NULL, 'sr-9550max-ds', 'A', 1, NULL),
  ('micron-9550-max', 'micron-9550-max-6400', 'rand_read',  'eq', 3300000, NULL, 'IOPS', 4096,   NULL, NULL, 'sr-9550max-ds', 'A', 1, NULL),
  ('micron-9550-max', 'micron-9550-max-6400', 'rand_write', 'eq', 640000,  NULL, 'IOPS', 4096,   NULL, NULL, 'sr-9550max-ds', 'A', 1, NULL),
  ('micron-9550-max', 'micron-9550-max-25600', 'seq_read',   'eq', 14000,   NULL, 'MB/s', 131072, NULL, NULL, 'sr-9550max-ds', 'A', 1, NULL),
  ('micron-9550-max', 'micron-9550-max-25600', 'seq_write',  'eq', 10000,   NULL, 'MB/s', 131072, NULL, NULL, 'sr-9550max-ds', 'A', 1, NULL),
  ('micron-9550-max', 'micron-9550-max-25600', 'rand_read',  'eq', 3300000, NULL, 'IOPS', 4096,   NULL, NULL, 'sr-9550max-ds', 'A', 1, NULL),
  ('micron-9550-max', 'micron-9550-max-25600', 'rand_write', 'eq', 1200000, NULL, 'IOPS', 4096,   NULL, NULL, 'sr-9550max-ds', 'A', 1, NULL);

-- ===========================================================================
-- rivals.md "### Micron 7600 MAX 6.4 TB"
-- ===========================================================================
INSERT INTO family (id, vendor_id, name, series, variant, segment, aliases, form_factors,
                    pcie_gen, pcie_lanes, nvme_version, ports, nand, dwpd, warranty_years,
                    mttf_hours, security, plp, has_spec_sheet, source_id, notes) VALUES
  ('micron-7600-max', 'micron', '7600 MAX', '7600', 'MAX', 'mixed-use',
   'Micron 7600 MAX;7600 Max', 'U.2; E3.S; E1.S',
   5, 4, '2.0d', NULL, 'Micron G9 (9th-generation) TLC', 3, 5,
   2000000, 'Optional FIPS 140-3 L2 SED; SPDM 1.2', NULL, 1, 'sr-7600max',
   'OCP 2.5; SPDM 1.2. The review tested the E3.S. MTTF 2.0M h at 0-55 C (2.5M h at 0-50 C). Idle power n/a. No 7600 MAX part number confirmed: 7600-family parts seen in observed model strings are MTFDLAL7T6THG-1BP1DFCYY (U.2 7.68 TB, a 7600 PRO, observed), MTFDLBQ3T8THG (7600 PRO E3.S 3.84 TB), and MTFDLAL1T6THS / MTFDLAL3T2THS listed as "7600" parts ("THS" = MAX is an inference only). No NVMe model string seen; newer Micron drives report the full part number, e.g. MTFDLAL7T6THG-1BP1DFCYY.');

INSERT INTO drive (id, family_id, capacity_gb, source_id, form_factor, nand, dwpd, notes) VALUES
  ('micron-7600-max-1600',  'micron-7600-max', 1600, 'sr-7600max',  NULL, NULL, NULL, NULL),
  ('micron-7600-max-3200',  'micron-7600-max', 3200, 'sr-7600max',  NULL, NULL, NULL, NULL),
  ('micron-7600-max-6400',  'micron-7600-max', 6400, 'sr-7600max',  NULL, NULL, NULL, 'The capacity the rival list describes; the review tested the E3.S.'),
  ('micron-7600-max-12800', 'micron-7600-max', 12800, 'sr-7600max', NULL, NULL, NULL, NULL);

INSERT INTO sku (model, drive_id, kind, option, status, source_id, notes) VALUES
  ('MTFDLAL1T6THS', 'micron-7600-max-1600', 'part-number', NULL, 'inferred', 'obs-micron',
   'Listed as a "7600" part; that "THS" means the MAX is an inference only.'),
  ('MTFDLAL3T2THS', 'micron-7600-max-3200', 'part-number', NULL, 'inferred', 'obs-micron',
   'Listed as a "7600" part; that "THS" means the MAX is an inference only.');

INSERT INTO spec (family_id, drive_id, metric_id, qual, value, value_hi, unit_id, block_size, read_pct,
                  conditions, source_id, confidence, preferred, notes) VALUES
  ('micron-7600-max', NULL, 'dwpd', 'eq', 3, NULL, 'DWPD', NULL, NULL, NULL, 'sr-7600max-ds', 'A', 1, NULL),
  ('micron-7600-max', 'micron-7600-max-6400', 'tbw', 'eq', 35000, NULL, 'TB', NULL, NULL, 'random',     'sr-7600max-ds', 'A', 1, NULL),
  ('micron-7600-max', 'micron-7600-max-6400', 'tbw', 'eq', 74200, NULL, 'TB', NULL, NULL, 'sequential', 'sr-7600max-ds', 'A', 1, NULL),
  ('micron-7600-max', 'micron-7600-max-6400', 'seq_read',   'eq', 12000,   NULL, 'MB/s', 131072, NULL, NULL, 'sr-7600max-ds', 'A', 1, NULL),
  ('micron-7600-max', 'micron-7600-max-6400', 'seq_write',  'eq', 7000,    NULL, 'MB/s', 131072, NULL, NULL, 'sr-7600max-ds', 'A', 1, NULL),
  ('micron-7600-max', 'micron-7600-max-6400', 'rand_read',  'eq', 2100000, NULL, 'IOPS', 4096,   NULL, NULL, 'sr-7600max-ds', 'A', 1, NULL),
  ('micron-7600-max', 'micron-7600-max-6400', 'rand_write', 'eq', 675000,  NULL, 'IOPS', 4096,   NULL, NULL, 'sr-7600max-ds', 'A', 1, NULL),
  ('micron-7600-max', 'micron-7600-max-6400', 'rand_mixed', 'eq', 1000000, NULL, 'IOPS', 4096,   70,   NULL, 'sr-7600max-ds', 'A', 1, '70/30 read/write mix.'),
  ('micron-7600-max', NULL, 'lat_read',  'eq', 75, NULL, 'us', NULL, NULL, 'typical', 'sr-7600max-ds', 'A', 1, NULL),
  ('micron-7600-max', NULL, 'lat_write', 'eq', 15, NULL, 'us', NULL, NULL, 'typical', 'sr-7600max-ds', 'A', 1, NULL),
  ('micron-7600-max', 'micron-7600-max-6400', 'power_active', 'eq', 14, NULL, 'W', NULL, NULL, 'RMS average, sequential read',  'sr-7600max-ds', 'A', 1, 'Printed "<=14 W RMS average".'),
  ('micron-7600-max', 'micron-7600-max-6400', 'power_active', 'eq', 14, NULL, 'W', NULL, NULL, 'RMS average, sequential write', 'sr-7600max-ds', 'A', 1, 'Printed "<=14 W RMS average".'),
  ('micron-7600-max', NULL, 'mttf', 'eq', 2000000, NULL, 'h', NULL, NULL, '0-55 C', 'sr-7600max-ds', 'A', 1, NULL),
  ('micron-7600-max', NULL, 'mttf', 'eq', 2500000, NULL, 'h', NULL, NULL, '0-50 C', 'sr-7600max-ds', 'A', 1, NULL),
  ('micron-7600-max', NULL, 'uber', 'eq', 1e-17, NULL, 'per-bit', NULL, NULL, NULL, 'sr-7600max-ds', 'A', 1, 'Printed "<1e-17".'),
  ('micron-7600-max', NULL, 'warranty', 'eq', 5, NULL, 'years', NULL, NULL, NULL, 'sr-7600max-ds', 'A', 1, NULL),
  -- Other capacities
  ('micron-7600-max', 'micron-7600-max-1600', 'seq_read',   'eq', 12000,   NULL, 'MB/s', 131072, NULL, NULL, 'sr-7600max-ds', 'A', 1, NULL),
  ('micron-7600-max', 'micron-7600-max-1600', 'seq_write',  'eq', 3300,    NULL, 'MB/s', 131072, NULL, NULL, 'sr-7600max-ds', 'A', 1, NULL),
  ('micron-7600-max', 'micron-7600-max-1600', 'rand_read',  'eq', 1800000, NULL, 'IOPS', 4096,   NULL, NULL, 'sr-7600max-ds', 'A', 1, NULL),
  ('micron-7600-max', 'micron-7600-max-1600', 'rand_write', 'eq', 260000,  NULL, 'IOPS', 4096,   NULL, NULL, 'sr-7600max-ds', 'A', 1, NULL),
  ('micron-7600-max', 'micron-7600-max-3200', 'seq_read',   'eq', 12000,   NULL, 'MB/s', 131072, NULL, NULL, 'sr-7600max-ds', 'A', 1, NULL),
  ('micron-7600-max', 'micron-7600-max-3200', 'seq_write',  'eq', 6500,    NULL, 'MB/s', 131072, NULL, NULL, 'sr-7600max-ds', 'A', 1, NULL),
  ('micron-7600-max', 'micron-7600-max-3200', 'rand_read',  'eq', 2100000, NULL, 'IOPS', 4096,   NULL, NULL, 'sr-7600max-ds', 'A', 1, NULL),
  ('micron-7600-max', 'micron-7600-max-3200', 'rand_write', 'eq', 560000,  NULL, 'IOPS', 4096,   NULL, NULL, 'sr-7600max-ds', 'A', 1, NULL),
  ('micron-7600-max', 'micron-7600-max-12800', 'seq_read',   'eq', 12000,   NULL, 'MB/s', 131072, NULL, NULL, 'sr-7600max-ds', 'A', 1, NULL),
  ('micron-7600-max', 'micron-7600-max-12800', 'seq_write',  'eq', 7000,    NULL, 'MB/s', 131072, NULL, NULL, 'sr-7600max-ds', 'A', 1, NULL),
  ('micron-7600-max', 'micron-7600-max-12800', 'rand_read',  'eq', 2100000, NULL, 'IOPS', 4096,   NULL, NULL, 'sr-7600max-ds', 'A', 1, NULL),
  ('micron-7600-max', 'micron-7600-max-12800', 'rand_write', 'eq', 675000,  NULL, 'IOPS', 4096,   NULL, NULL, 'sr-7600max-ds', 'A', 1, NULL);

-- ===========================================================================
-- rivals.md "### Micron 7400 PRO 7.68 TB"
-- ===========================================================================
INSERT INTO family (id, vendor_id, name, series, variant, segment, aliases, form_factors,
                    pcie_gen, pcie_lanes, nvme_version, ports, nand, dwpd, warranty_years,
                    mttf_hours, security, plp, has_spec_sheet, source_id, notes) VALUES
   -- rivals.md: form factor [HT-7400] / [CRUCIAL]; PCI ID [ILLUMOS]
  ('micron-7400-pro', 'micron', '7400 PRO', '7400', 'PRO', 'read-intensive',
   'Micron 7400 PRO;7400 Pro;Micron_7400', 'U.3 15 mm; M.2; E1.S',
   4, 4, NULL, NULL, 'Micron 96-layer TLC', 1, 5,
   2000000, NULL, NULL, 1, 'ht-7400',
   'Only family maxima were found (launch press), no 7.68 TB figures; sequential write, latency and idle power n/a. Form factor: Hardware Times gives U.3 15 mm for the 7.68 TB, but the Crucial listing of MTFDKCB7T6TDZ-2AZ18ABYY says U.3 7 mm. M.2 and E1.S per Hardware Times and the Crucial listing. NVMe version n/a. PCI ID 1344:51c0.');

INSERT INTO drive (id, family_id, capacity_gb, source_id, form_factor, nand, dwpd, notes) VALUES
  ('micron-7400-pro-7680', 'micron-7400-pro', 7680, 'crucial', NULL, NULL, NULL,
   'The capacity the rival list describes: U.3 15 mm per Hardware Times; the Crucial listing says U.3 7 mm.'),
  ('micron-7400-pro-960',  'micron-7400-pro', 960, 'obs-micron',  NULL, NULL, NULL,
   'Known only from the observed model string Micron_7400_MTFDKCB960TDZ.'),
  ('micron-7400-pro-800',  'micron-7400-pro', 800, 'obs-micron',  NULL, NULL, NULL,
   'Known only from the observed model string Micron_7400_MTFDKBA800TFC, which the rival list puts under the 7400 PRO. The string does not say PRO or MAX, and 800 GB is not a 1-DWPD capacity step, so this may be a 7400 MAX (not checked).');

INSERT INTO sku (model, drive_id, kind, option, status, source_id, notes) VALUES
  ('MTFDKCB7T6TDZ', 'micron-7400-pro-7680', 'part-number', 'non-SED', 'published', 'crucial',
   'Short form of MTFDKCB7T6TDZ-2AZ18ABYY.'),
  ('MTFDKCB7T6TDZ-2AZ18ABYY', 'micron-7400-pro-7680', 'part-number', 'non-SED', 'published', 'crucial',
   'U.3 7 mm, non-SED, as listed by Crucial (the listing writes mtfdkcb7t6tdz-2az18abyyr).'),
  ('Micron_7400_MTFDKCB7T6TDZ', 'micron-7400-pro-7680', 'model-string', NULL, 'inferred', 'obs-micron',
   'Inferred from the strings seen for other capacities; never seen. Check before matching on it.'),
  ('Micron_7400_MTFDKCB960TDZ', 'micron-7400-pro-960', 'model-string', NULL, 'observed', 'obs-micron', NULL),
  ('Micron_7400_MTFDKBA800TFC', 'micron-7400-pro-800', 'model-string', NULL, 'observed', 'obs-micron',
   'Listed under the 7400 PRO in the rival list; the string itself does not say PRO or MAX.');

INSERT INTO spec (family_id, drive_id, metric_id, qual, value, value_hi, unit_id, block_size, read_pct,
                  conditions, source_id, confidence, preferred, notes) VALUES
  ('micron-7400-pro', NULL, 'dwpd', 'eq', 1, NULL, 'DWPD', NULL, NULL, NULL, 'ht-7400', 'B', 1, 'PRO.'),
  ('micron-7400-pro', NULL, 'seq_read',   'eq', 6600,    NULL, 'MB/s', 131072, NULL, 'U.3, family maximum', 'ht-7400', 'B', 1,
   '"Up to"; family maximum, not the 7.68 TB value. Sequential write n/a.'),
  ('micron-7400-pro', NULL, 'rand_read',  'eq', 1000000, NULL, 'IOPS', 4096,   NULL, 'U.3, family maximum', 'ht-7400', 'B', 1,
   '"Up to"; family maximum, not the 7.68 TB value.'),
  ('micron-7400-pro', NULL, 'rand_write', 'eq', 190000,  NULL, 'IOPS', 4096,   NULL, 'U.3, family maximum', 'ht-7400', 'B', 1,
   '"Up to"; family maximum, not the 7.68 TB value.'),
  ('micron-7400-pro', NULL, 'power_max', 'eq', 22, NULL, 'W', NULL, NULL, 'U.3 TDP', 'ht-7400', 'B', 1, 'Idle power n/a.'),
  ('micron-7400-pro', NULL, 'mttf', 'eq', 2000000, NULL, 'h', NULL, NULL, NULL, 'ht-7400', 'B', 1, 'No temperature range given.'),
  ('micron-7400-pro', NULL, 'warranty', 'eq', 5, NULL, 'years', NULL, NULL, NULL, 'ht-7400', 'B', 1, NULL);

-- ===========================================================================
-- rivals.md "## Solidigm" / "### Solidigm D7-PS1010 7.68 TB"
-- ===========================================================================
INSERT INTO family (id, vendor_id, name, series, variant, segment, aliases, form_factors,
                    pcie_gen, pcie_lanes, nvme_version, ports, nand, dwpd, warranty_years,
                    mttf_hours, security, plp, has_spec_sheet, source_id, notes) VALUES
   -- rivals.md: performance [SOL-HCL]; 1 DWPD [SR-PS1030] ("Solidigm PS1010 7.68 To (1 DWPD)")
  ('solidigm-ps1010', 'solidigm', 'D7-PS1010', 'D7-PS10x0', NULL, 'read-intensive',
   'PS1010;D7 PS1010;SB5PH27X;Solidigm PS1010', 'E3.S 7.5 mm; U.2 15 mm',
   5, 4, NULL, NULL, '176-layer TLC', 1, 5,
   2500000, 'OPAL variant (model string suffix "OP")', NULL, 1, 'sr-ps1030',
   'Family figures (form factor, NAND, MTTF, UBER, warranty) from the PS1030 review''s family text; performance from the solanahcl enterprise SSD tables; 1 DWPD from the drive list of StorageReview''s D7-PS1030 review. NVMe version and latency n/a; exact 7.68 TB power n/a (listings vary 22-29 W max). No Solidigm part number found; Dell sells SK hynix-branded PS1010s (HFS... part numbers). Model strings: "X" after SB5PH27 = PS1010, "E" = PS1030; the OPAL variant adds "OP".');

INSERT INTO drive (id, family_id, capacity_gb, source_id, form_factor, nand, dwpd, notes) VALUES
  ('solidigm-ps1010-3840',  'solidigm-ps1010', 3840, 'sol-nvme',  NULL, NULL, NULL, 'Known from the observed OPAL model string.'),
  ('solidigm-ps1010-7680',  'solidigm-ps1010', 7680, 'sr-ps1030',  NULL, NULL, NULL, 'The capacity the rival list describes; capacity 7,681,501,126,656 B as observed.'),
  ('solidigm-ps1010-15360', 'solidigm-ps1010', 15360, 'obs-sol', NULL, NULL, NULL, 'Known from an observed model string.');

INSERT INTO sku (model, drive_id, kind, option, status, source_id, notes) VALUES
   -- rivals.md cites [DELL16G], [DELL17G] for the U.2/E3.S pair without saying which lists which
  ('HFS7T6GEJVX171N', 'solidigm-ps1010-7680', 'part-number', 'OEM Dell', 'published', 'dell16g',
   'Dell OEM, SK hynix-branded PS1010 7.68 TB, U.2.'),
   -- rivals.md cites [DELL16G], [DELL17G] for the U.2/E3.S pair without saying which lists which
  ('HFS7T6GFJCX171N', 'solidigm-ps1010-7680', 'part-number', 'OEM Dell', 'published', 'dell17g',
   'Dell OEM, SK hynix-branded PS1010 7.68 TB, E3.S.'),
  ('SOLIDIGM SB5PH27X076T', 'solidigm-ps1010-7680', 'model-string', NULL, 'observed', 'obs-sol',
   'Capacity 7,681,501,126,656 B.'),
  ('SB5PH27X038TOP', 'solidigm-ps1010-3840', 'model-string', 'OPAL', 'observed', 'sol-nvme',
   'OPAL variant ("OP" suffix); firmware G70YG100. Printed without the "SOLIDIGM " prefix.'),
   -- rivals.md cites [OBS-SOL], [SOL-NVME] for the model-string row
  ('SB5PH27X153T', 'solidigm-ps1010-15360', 'model-string', NULL, 'observed', 'obs-sol',
   'Printed without the "SOLIDIGM " prefix.');

INSERT INTO spec (family_id, drive_id, metric_id, qual, value, value_hi, unit_id, block_size, read_pct,
                  conditions, source_id, confidence, preferred, notes) VALUES
  ('solidigm-ps1010', NULL, 'dwpd', 'eq', 1, NULL, 'DWPD', NULL, NULL, NULL, 'sr-ps1030', 'A', 1,
   'From the review''s drive list: "Solidigm PS1010 7.68 To (1 DWPD)".'),
  ('solidigm-ps1010', NULL, 'dwpd', 'eq', 1, NULL, 'DWPD', NULL, NULL, NULL, 'cmp', 'C', 0,
   'Same value as StorageReview''s D7-PS1030 review (grade A), which is preferred.'),
  ('solidigm-ps1010', 'solidigm-ps1010-7680', 'seq_read',   'eq', 14500,   NULL, 'MB/s', 131072, NULL, NULL, 'sol-hcl', 'B', 1, NULL),
  ('solidigm-ps1010', 'solidigm-ps1010-7680', 'seq_write',  'eq', 10000,   NULL, 'MB/s', 131072, NULL, NULL, 'sol-hcl', 'B', 1, NULL),
  ('solidigm-ps1010', 'solidigm-ps1010-7680', 'rand_read',  'eq', 3000000, NULL, 'IOPS', 4096,   NULL, NULL, 'sol-hcl', 'B', 1, NULL),
  ('solidigm-ps1010', 'solidigm-ps1010-7680', 'rand_write', 'eq', 400000,  NULL, 'IOPS', 4096,   NULL, NULL, 'sr-ps1030', 'A', 1,
   'The PS1030 review text calls the PS1030''s 800K "double the 400,000 IOPS" of the PS1010.'),
  ('solidigm-ps1010', 'solidigm-ps1010-7680', 'rand_write', 'eq', 400000,  NULL, 'IOPS', 4096,   NULL, NULL, 'sol-hcl', 'B', 0,
   'Same value as StorageReview''s D7-PS1030 review (grade A), which is preferred.'),
  ('solidigm-ps1010', 'solidigm-ps1010-7680', 'power_max',  'range', 22, 29, 'W', NULL, NULL, NULL, 'cmp', 'C', 1,
   '22-29 W max: the figure varies between listings.'),
  ('solidigm-ps1010', 'solidigm-ps1010-7680', 'power_idle', 'eq', 5, NULL, 'W', NULL, NULL, NULL, 'cmp', 'C', 1, NULL),
  ('solidigm-ps1010', NULL, 'mttf', 'eq', 2500000, NULL, 'h', NULL, NULL, NULL, 'sr-ps1030-ds', 'A', 1, 'Family figure from the PS1030 review.'),
  ('solidigm-ps1010', NULL, 'uber', 'eq', 1e-18, NULL, 'per-bit', NULL, NULL, NULL, 'sr-ps1030-ds', 'A', 1, 'Family figure from the PS1030 review.'),
  ('solidigm-ps1010', NULL, 'warranty', 'eq', 5, NULL, 'years', NULL, NULL, NULL, 'sr-ps1030-ds', 'A', 1, 'Family figure from the PS1030 review.');

-- ===========================================================================
-- rivals.md "### Solidigm D7-PS1030 12.8 TB"
-- ===========================================================================
INSERT INTO family (id, vendor_id, name, series, variant, segment, aliases, form_factors,
                    pcie_gen, pcie_lanes, nvme_version, ports, nand, dwpd, warranty_years,
                    mttf_hours, security, plp, has_spec_sheet, source_id, notes) VALUES
  ('solidigm-ps1030', 'solidigm', 'D7-PS1030', 'D7-PS10x0', NULL, 'mixed-use',
   'PS1030;D7 PS1030;SB5PH27E;Solidigm PS1030', 'E3.S 7.5 mm; U.2 15 mm',
   5, 4, NULL, NULL, '176-layer TLC', 3, 5,
   2500000, 'TCG Opal 2.02 (SED variant); certifiable to FIPS 140-3 L2; OCP-compliant secure boot and firmware signing', NULL, 1, 'sr-ps1030',
   'The review tested the 12.8 TB E3.S. 3 DWPD (4.98 DWPD over 3 years); 70 PBW at 12.8 TB. Five configurable power levels from 5 to 25 W. The 12.8 TB sequential read conflicts: the review text says 14,500 twice (once as "14,500 vs the CD9P-R''s 14,800"), the translated spec table says "10,000 (family)"; 14,500 is preferred. NVMe version and latency n/a. Model strings: "E" after SB5PH27 = PS1030.');

INSERT INTO drive (id, family_id, capacity_gb, source_id, form_factor, nand, dwpd, notes) VALUES
  ('solidigm-ps1030-3200',  'solidigm-ps1030', 3200, 'sol-hcl',  NULL, NULL, NULL, NULL),
  ('solidigm-ps1030-6400',  'solidigm-ps1030', 6400, 'sol-hcl',  NULL, NULL, NULL, NULL),
  ('solidigm-ps1030-12800', 'solidigm-ps1030', 12800, 'sr-ps1030', NULL, NULL, NULL, 'The capacity the rival list describes; the review tested the E3.S 7.5 mm.');

INSERT INTO sku (model, drive_id, kind, option, status, source_id, notes) VALUES
  ('SOLIDIGM SB5PH27E128T', 'solidigm-ps1030-12800', 'model-string', NULL, 'inferred', 'sol-nvme',
   'Never seen: pattern from the observed 3.2 TB PS1030 string SB5PH27E032T ("E" = PS1030, "X" = PS1010). Check before matching on it.'),
  ('SB5PH27E032T', 'solidigm-ps1030-3200', 'model-string', NULL, 'observed', 'sol-nvme',
   'Printed without the "SOLIDIGM " prefix.');

INSERT INTO spec (family_id, drive_id, metric_id, qual, value, value_hi, unit_id, block_size, read_pct,
                  conditions, source_id, confidence, preferred, notes) VALUES
  ('solidigm-ps1030', NULL, 'dwpd', 'eq', 3,    NULL, 'DWPD', NULL, NULL, NULL,           'sr-ps1030-ds', 'A', 1, NULL),
  ('solidigm-ps1030', NULL, 'dwpd', 'eq', 4.98, NULL, 'DWPD', NULL, NULL, 'over 3 years', 'sr-ps1030-ds', 'A', 1, 'The same endurance counted over 3 years instead of the 5-year warranty.'),
  ('solidigm-ps1030', 'solidigm-ps1030-12800', 'tbw', 'eq', 70, NULL, 'PB', NULL, NULL, NULL, 'sr-ps1030-ds', 'A', 1, '70 PBW.'),
  ('solidigm-ps1030', 'solidigm-ps1030-12800', 'seq_read',  'eq', 14500, NULL, 'MB/s', 131072, NULL, NULL, 'sr-ps1030-ds', 'A', 1,
   'The review text says 14,500 twice (once as "14,500 vs the CD9P-R''s 14,800"); preferred over the table''s 10,000. The solanahcl tables give 14,500 for 3.2 and 6.4 TB.'),
  ('solidigm-ps1030', 'solidigm-ps1030-12800', 'seq_read',  'eq', 10000, NULL, 'MB/s', 131072, NULL, NULL, 'sr-ps1030-ds', 'A', 0,
   'The review''s translated spec table says "10,000 (family)" for reads; conflicts with the 14,500 its text gives twice (preferred). Probably a table slip.'),
  ('solidigm-ps1030', 'solidigm-ps1030-12800', 'seq_write', 'eq', 10000, NULL, 'MB/s', 131072, NULL, NULL, 'sr-ps1030-ds', 'A', 1, NULL),
  ('solidigm-ps1030', 'solidigm-ps1030-12800', 'rand_read', 'eq', 2750000, NULL, 'IOPS', 4096, NULL, NULL, 'sr-ps1030-ds', 'A', 1, NULL),
  ('solidigm-ps1030', NULL, 'rand_read', 'eq', 3100000, NULL, 'IOPS', 4096, NULL, 'family peak', 'sr-ps1030-ds', 'A', 1, 'Family peak (3.1M).'),
  ('solidigm-ps1030', 'solidigm-ps1030-12800', 'rand_write', 'eq', 800000, NULL, 'IOPS', 4096, NULL, NULL, 'sr-ps1030-ds', 'A', 1, NULL),
  ('solidigm-ps1030', 'solidigm-ps1030-12800', 'power_active', 'eq', 23, NULL, 'W', NULL, NULL, 'typical', 'sr-ps1030-ds', 'A', 1, NULL),
  ('solidigm-ps1030', 'solidigm-ps1030-12800', 'power_idle',   'eq', 5,  NULL, 'W', NULL, NULL, 'typical', 'sr-ps1030-ds', 'A', 1, NULL),
  ('solidigm-ps1030', NULL, 'power_max', 'range', 5, 25, 'W', NULL, NULL, 'configurable power levels', 'sr-ps1030-ds', 'A', 1,
   'Five configurable power levels from 5 to 25 W.'),
  ('solidigm-ps1030', NULL, 'mttf', 'eq', 2500000, NULL, 'h', NULL, NULL, NULL, 'sr-ps1030-ds', 'A', 1, NULL),
  ('solidigm-ps1030', NULL, 'uber', 'eq', 1e-18, NULL, 'per-bit', NULL, NULL, NULL, 'sr-ps1030-ds', 'A', 1, NULL),
  ('solidigm-ps1030', NULL, 'warranty', 'eq', 5, NULL, 'years', NULL, NULL, NULL, 'sr-ps1030-ds', 'A', 1, NULL),
  -- Other capacities
  ('solidigm-ps1030', 'solidigm-ps1030-6400', 'seq_read',   'eq', 14500,   NULL, 'MB/s', 131072, NULL, NULL, 'sol-hcl', 'B', 1, NULL),
  ('solidigm-ps1030', 'solidigm-ps1030-6400', 'seq_write',  'eq', 10000,   NULL, 'MB/s', 131072, NULL, NULL, 'sol-hcl', 'B', 1, NULL),
  ('solidigm-ps1030', 'solidigm-ps1030-6400', 'rand_read',  'eq', 3000000, NULL, 'IOPS', 4096,   NULL, NULL, 'sol-hcl', 'B', 1, NULL),
  ('solidigm-ps1030', 'solidigm-ps1030-6400', 'rand_write', 'eq', 800000,  NULL, 'IOPS', 4096,   NULL, NULL, 'sol-hcl', 'B', 1, NULL),
  ('solidigm-ps1030', 'solidigm-ps1030-3200', 'seq_read',   'eq', 14500,   NULL, 'MB/s', 131072, NULL, NULL, 'sol-hcl', 'B', 1, NULL),
  ('solidigm-ps1030', 'solidigm-ps1030-3200', 'seq_write',  'eq', 8200,    NULL, 'MB/s', 131072, NULL, NULL, 'sol-hcl', 'B', 1, NULL),
  ('solidigm-ps1030', 'solidigm-ps1030-3200', 'rand_read',  'eq', 3100000, NULL, 'IOPS', 4096,   NULL, NULL, 'sol-hcl', 'B', 1, NULL),
  ('solidigm-ps1030', 'solidigm-ps1030-3200', 'rand_write', 'eq', 716000,  NULL, 'IOPS', 4096,   NULL, NULL, 'sol-hcl', 'B', 1, NULL);

-- ===========================================================================
-- rivals.md "## SanDisk / Western Digital" /
--   "### SanDisk (WD) Ultrastar DC SN861 7.68 TB (1 DWPD class)"
-- ===========================================================================
INSERT INTO family (id, vendor_id, name, series, variant, segment, aliases, form_factors,
                    pcie_gen, pcie_lanes, nvme_version, ports, nand, dwpd, warranty_years,
                    mttf_hours, security, plp, has_spec_sheet, source_id, notes) VALUES
   -- rivals.md: PCI IDs [ILLUMOS]
  ('sandisk-sn861', 'sandisk', 'Ultrastar DC SN861', 'Ultrastar DC SN861', NULL, 'read-intensive',
   'SN861;DC SN861;WD SN861;Western Digital SN861;SanDisk DC SN861;WUS6BA;SDS6BA;WUS6CA', 'U.2 15 mm; E1.S; E3.S',
   5, 4, '2.0', NULL, NULL, 1, NULL,
   NULL, NULL, NULL, 1, 'sr-sn861',
   'OCP 2.0. The rival list covers the 1 DWPD class (segment and dwpd above); a 3 DWPD 3.2 TB part also exists (WUS6CA232PSP9X1). E3.S only according to the PCI IDs. StorageReview''s datasheet performance figures are marked "projected". NAND n/a (TLC, not confirmed by a table); active power n/a (blank in the StorageReview table); MTTF and warranty n/a. Branding: WUS... = WD, SDS... = SanDisk. PCI IDs: 1b96:2750 (E1), 1b96:2751 (U.2), 1b96:2752 (E3).');

INSERT INTO drive (id, family_id, capacity_gb, source_id, form_factor, nand, dwpd, notes) VALUES
  ('sandisk-sn861-3200', 'sandisk-sn861', 3200, 'obs-wd', NULL, NULL, 3, 'The 3 DWPD 3.2 TB part WUS6CA232PSP9X1.'),
  ('sandisk-sn861-3840', 'sandisk-sn861', 3840, 'obs-wd', NULL, NULL, NULL, 'Known from observed part numbers.'),
  ('sandisk-sn861-7680', 'sandisk-sn861', 7680, 'sr-sn861', NULL, NULL, NULL, 'The capacity the rival list describes (1 DWPD class).');

INSERT INTO sku (model, drive_id, kind, option, status, source_id, notes) VALUES
  ('SDS6BA176PSP9X3', 'sandisk-sn861-7680', 'model-string', 'SanDisk-branded', 'observed', 'obs-wd',
   'Also the SanDisk-branded U.2 7.68 TB part number (observed). A MinIO script matches on this DRIVE_MODEL. Stored once because the sku key is (model, drive).'),
  ('WUS6BA176PSP9X3', 'sandisk-sn861-7680', 'part-number', 'WD-branded', 'inferred', 'obs-wd',
   'Inferred from the observed 3.84 TB WUS6BA138PSP9X3 / SDS6BA138PSP9X3; never seen.'),
  ('WUS6BA138PSP9X3', 'sandisk-sn861-3840', 'part-number', 'WD-branded', 'observed', 'obs-wd', NULL),
  ('SDS6BA138PSP9X3', 'sandisk-sn861-3840', 'part-number', 'SanDisk-branded', 'observed', 'obs-wd', NULL),
  ('WUS6CA232PSP9X1', 'sandisk-sn861-3200', 'part-number', 'WD-branded', 'observed', 'obs-wd', 'The 3 DWPD 3.2 TB part.');

INSERT INTO spec (family_id, drive_id, metric_id, qual, value, value_hi, unit_id, block_size, read_pct,
                  conditions, source_id, confidence, preferred, notes) VALUES
  ('sandisk-sn861', 'sandisk-sn861-7680', 'dwpd', 'eq', 1, NULL, 'DWPD', NULL, NULL, NULL, 'sr-sn861', 'A', 1, NULL),
  ('sandisk-sn861', 'sandisk-sn861-7680', 'dwpd', 'eq', 1, NULL, 'DWPD', NULL, NULL, NULL, 'sr-ps1030', 'A', 0,
   'Same value: the PS1030 review''s drive list says "SanDisk DC SN861 7.68 To (1 DWPD)".'),
  ('sandisk-sn861', 'sandisk-sn861-7680', 'seq_read',  'eq', 13700, NULL, 'MB/s', 131072, NULL, NULL, 'sr-sn861', 'A', 1,
   '128 KB. The datasheet figures are marked "projected".'),
  ('sandisk-sn861', 'sandisk-sn861-7680', 'seq_read',  'eq', 13700, NULL, 'MB/s', 131072, NULL, NULL, 'sol-hcl', 'B', 0,
   'Same value as StorageReview (A), which is preferred.'),
  ('sandisk-sn861', 'sandisk-sn861-7680', 'seq_write', 'eq', 7500,  NULL, 'MB/s', 262144, NULL, NULL, 'sr-sn861', 'A', 1,
   'StorageReview labels this a 256 KB sequential write. The datasheet figures are marked "projected".'),
  ('sandisk-sn861', 'sandisk-sn861-7680', 'seq_write', 'eq', 7500,  NULL, 'MB/s', 262144, NULL, NULL, 'sol-hcl', 'B', 0,
   'Same 7,500 as StorageReview''s row (A), which is preferred. The solanahcl tables state no transfer size; the one source that does labels this figure 256 KB, so it is stored at 256 KB, not as a 128 KB write.'),
  ('sandisk-sn861', 'sandisk-sn861-7680', 'rand_read',  'eq', 3300000, NULL, 'IOPS', 4096, NULL, NULL, 'sr-sn861', 'A', 1, 'Marked "projected".'),
  ('sandisk-sn861', 'sandisk-sn861-7680', 'rand_read',  'eq', 3300000, NULL, 'IOPS', 4096, NULL, NULL, 'sol-hcl',  'B', 0, 'Same value as StorageReview (A), which is preferred.'),
  ('sandisk-sn861', 'sandisk-sn861-7680', 'rand_write', 'eq', 430000,  NULL, 'IOPS', 4096, NULL, NULL, 'sr-sn861', 'A', 1, 'Marked "projected".'),
  ('sandisk-sn861', 'sandisk-sn861-7680', 'rand_write', 'eq', 430000,  NULL, 'IOPS', 4096, NULL, NULL, 'sol-hcl',  'B', 0, 'Same value as StorageReview (A), which is preferred.'),
  ('sandisk-sn861', 'sandisk-sn861-7680', 'lat_read',  'eq', 65, NULL, 'us', NULL, NULL, 'conditions not stated', 'sr-sn861', 'A', 1, NULL),
  ('sandisk-sn861', 'sandisk-sn861-7680', 'lat_write', 'eq', 8,  NULL, 'us', NULL, NULL, 'conditions not stated', 'sr-sn861', 'A', 1, NULL),
  ('sandisk-sn861', 'sandisk-sn861-7680', 'power_idle', 'eq', 5, NULL, 'W', NULL, NULL, 'average', 'sr-sn861', 'A', 1,
   'Printed "<5 W average", stated in the text. Active power is blank in the StorageReview table.');

-- ===========================================================================
-- rivals.md "## Kingston" / "### Kingston DC3000ME 7.68 TB"
-- ===========================================================================
INSERT INTO family (id, vendor_id, name, series, variant, segment, aliases, form_factors,
                    pcie_gen, pcie_lanes, nvme_version, ports, nand, dwpd, warranty_years,
                    mttf_hours, security, plp, has_spec_sheet, source_id, notes) VALUES
  ('kingston-dc3000me', 'kingston', 'DC3000ME', 'DC3000ME', NULL, NULL,
   'Kingston DC3000ME;SEDC3000ME;KINGSTON SEDC3000ME', 'U.2',
   5, NULL, NULL, NULL, '3D eTLC', NULL, NULL,
   NULL, NULL, 1, 0, 'cmp',
   'No spec table found: DWPD, sequential and random performance, latency, power, MTTF and warranty are all n/a. StorageReview tested the 7.68 TB drive only as a comparison drive. Form factor, PCIe 5.0, NAND and power-loss protection from AI-compiled notes (grade C). Retail part number format SEDC3000ME/<cap>; the 7.68 TB part number and model string were not found.');

INSERT INTO drive (id, family_id, capacity_gb, source_id, form_factor, nand, dwpd, notes) VALUES
  ('kingston-dc3000me-3840',  'kingston-dc3000me', 3840, 'cmp',  NULL, NULL, NULL, 'Known from a listing part number (SEDC3000ME/3T8).'),
  ('kingston-dc3000me-7680',  'kingston-dc3000me', 7680, 'seed-000',  NULL, NULL, NULL, 'The capacity the rival list describes; StorageReview''s comparison drive.'),
  ('kingston-dc3000me-15360', 'kingston-dc3000me', 15360, 'obs-king', NULL, NULL, NULL, 'Known from an observed model string.');

INSERT INTO sku (model, drive_id, kind, option, status, source_id, notes) VALUES
  ('SEDC3000ME/3T8', 'kingston-dc3000me-3840', 'part-number', NULL, 'published', 'cmp',
   'Retail format SEDC3000ME/<cap>, seen in a listing.'),
  ('KINGSTON SEDC3000ME15T3', 'kingston-dc3000me-15360', 'model-string', NULL, 'observed', 'obs-king',
   'by-id: nvme-KINGSTON_SEDC3000ME15T3_<serial>.'),
  ('KINGSTON SEDC3000ME7T6', 'kingston-dc3000me-7680', 'model-string', NULL, 'inferred', 'obs-king',
   'Pattern only, never seen: the rival list writes "KINGSTON SEDC3000ME7T6…" and cannot tell whether it ends 7T6 or 7T68. Use as a prefix at most, and check first.');

-- ===========================================================================
-- rivals.md "## Phison" / "### Phison Pascari X200P 7.68 TB"
-- ===========================================================================
INSERT INTO family (id, vendor_id, name, series, variant, segment, aliases, form_factors,
                    pcie_gen, pcie_lanes, nvme_version, ports, nand, dwpd, warranty_years,
                    mttf_hours, security, plp, has_spec_sheet, source_id, notes) VALUES
   -- rivals.md: PCI ID [LSPCI]
  ('phison-x200p', 'phison', 'Pascari X200P', 'Pascari X200', NULL, 'read-intensive',
   'X200P;Pascari X200P;Phison X200P', 'U.2 15 mm; E3.S',
   5, 4, '2.0', 'single/dual', '3D TLC', 1, 5,
   2500000, NULL, NULL, 1, 'sr-x200p',
   'PCIe 5.0 x4, dual-port 2x2. MTTF given as MTBF. Weight 201 g. Random read/write conflict: StorageReview gives 3,000K / 500K (grade A, preferred), the solanahcl tables 3,200K / 390K. Active power n/a (blank in the table). Part number and model string n/a. PCI ID 1987:5302 (lspci shows "Unknown device 0x5302" beside the 9550 PRO and SN861).');

INSERT INTO drive (id, family_id, capacity_gb, source_id, form_factor, nand, dwpd, notes) VALUES
  ('phison-x200p-7680', 'phison-x200p', 7680, 'sr-x200p', NULL, NULL, NULL, 'The capacity the rival list describes; the reviewed drive is U.2 15 mm.');

INSERT INTO spec (family_id, drive_id, metric_id, qual, value, value_hi, unit_id, block_size, read_pct,
                  conditions, source_id, confidence, preferred, notes) VALUES
  ('phison-x200p', NULL, 'dwpd', 'eq', 1, NULL, 'DWPD', NULL, NULL, NULL, 'sr-x200p-ds', 'A', 1, NULL),
  ('phison-x200p', 'phison-x200p-7680', 'seq_read',  'eq', 14800, NULL, 'MB/s', 131072, NULL, NULL, 'sr-x200p-ds', 'A', 1, NULL),
  ('phison-x200p', 'phison-x200p-7680', 'seq_read',  'eq', 14800, NULL, 'MB/s', 131072, NULL, NULL, 'sol-hcl',  'B', 0, 'Same value as StorageReview (A), which is preferred.'),
  ('phison-x200p', 'phison-x200p-7680', 'seq_write', 'eq', 8700,  NULL, 'MB/s', 131072, NULL, NULL, 'sr-x200p-ds', 'A', 1, NULL),
  ('phison-x200p', 'phison-x200p-7680', 'seq_write', 'eq', 8700,  NULL, 'MB/s', 131072, NULL, NULL, 'sol-hcl',  'B', 0, 'Same value as StorageReview (A), which is preferred.'),
  ('phison-x200p', 'phison-x200p-7680', 'rand_read',  'eq', 3000000, NULL, 'IOPS', 4096, NULL, NULL, 'sr-x200p-ds', 'A', 1,
   'The sources disagree: the solanahcl tables give 3,200K. StorageReview (grade A) preferred.'),
  ('phison-x200p', 'phison-x200p-7680', 'rand_read',  'eq', 3200000, NULL, 'IOPS', 4096, NULL, NULL, 'sol-hcl',  'B', 0,
   'Conflicts with StorageReview''s 3,000K (A, preferred).'),
  ('phison-x200p', 'phison-x200p-7680', 'rand_write', 'eq', 500000,  NULL, 'IOPS', 4096, NULL, NULL, 'sr-x200p-ds', 'A', 1,
   'The sources disagree: the solanahcl tables give 390K. StorageReview (grade A) preferred.'),
  ('phison-x200p', 'phison-x200p-7680', 'rand_write', 'eq', 390000,  NULL, 'IOPS', 4096, NULL, NULL, 'sol-hcl',  'B', 0,
   'Conflicts with StorageReview''s 500K (A, preferred).'),
  ('phison-x200p', NULL, 'lat_read',  'eq', 60, NULL, 'us', NULL, NULL, 'conditions not stated', 'sr-x200p-ds', 'A', 1, NULL),
  ('phison-x200p', NULL, 'lat_write', 'eq', 10, NULL, 'us', NULL, NULL, 'conditions not stated', 'sr-x200p-ds', 'A', 1, NULL),
  ('phison-x200p', 'phison-x200p-7680', 'power_idle', 'eq', 5, NULL, 'W', NULL, NULL, NULL, 'sr-x200p-ds', 'A', 1, 'Active power is blank in the table.'),
  ('phison-x200p', NULL, 'mttf', 'eq', 2500000, NULL, 'h', NULL, NULL, NULL, 'sr-x200p-ds', 'A', 1, 'Given as MTBF.'),
  ('phison-x200p', NULL, 'uber', 'eq', 1e-18, NULL, 'per-bit', NULL, NULL, NULL, 'sr-x200p-ds', 'A', 1, 'Printed "<1e-18".'),
  ('phison-x200p', NULL, 'warranty', 'eq', 5, NULL, 'years', NULL, NULL, NULL, 'sr-x200p-ds', 'A', 1, NULL),
  ('phison-x200p', 'phison-x200p-7680', 'weight', 'eq', 201, NULL, 'g', NULL, NULL, NULL, 'sr-x200p-ds', 'A', 1, 'The reviewed U.2 15 mm drive.');

-- ===========================================================================
-- rivals.md "## Samsung" / "### Samsung PM1743 7.68 TB"
-- ===========================================================================
INSERT INTO family (id, vendor_id, name, series, variant, segment, aliases, form_factors,
                    pcie_gen, pcie_lanes, nvme_version, ports, nand, dwpd, warranty_years,
                    mttf_hours, security, plp, has_spec_sheet, source_id, notes) VALUES
   -- rivals.md: interface [ANAND-PM1743], [HT-PM1743]; 7.68 TB figures [SOL-HCL]; MTTF [CMP]
  ('samsung-pm1743', 'samsung', 'PM1743', 'PM1743', NULL, 'read-intensive',
   'Samsung PM1743;MZWLO;MZ3LO', 'U.2 15 mm; E3.S',
   5, 4, NULL, 'single/dual', 'Samsung 6th-generation (128-layer) V-NAND TLC', 1, NULL,
   2500000, NULL, NULL, 1, 'anand-pm1743',
   'PCIe 5.0 x4 (single x4 or dual-port x2/x2) per AnandTech and Hardware Times; NVMe version n/a. 7.68 TB figures from the solanahcl enterprise SSD tables; the launch claim (family, "up to") is 13,000 / 6,600 MB/s and 2,500K / 250K IOPS, stored under conditions ''launch claim''. MTTF 2.5M h from a 15.36 TB listing (AI-compiled notes, grade C). Latency, power and warranty n/a.');

INSERT INTO drive (id, family_id, capacity_gb, source_id, form_factor, nand, dwpd, notes) VALUES
  ('samsung-pm1743-7680', 'samsung-pm1743', 7680, 'sol-hcl', NULL, NULL, NULL, 'The capacity the rival list describes (U.2 and E3.S part numbers).');

INSERT INTO sku (model, drive_id, kind, option, status, source_id, notes) VALUES
  ('MZWLO7T6HBLA-00A07', 'samsung-pm1743-7680', 'part-number', NULL, 'observed', 'obs-sam', 'U.2.'),
  ('MZ3LO7T6HBLT-00B07', 'samsung-pm1743-7680', 'part-number', NULL, 'observed', 'obs-sam', 'E3.S.'),
   -- rivals.md cites [DELL16G]/[DELL17G] for the Dell pair without saying which lists which
  ('MZWLO7T6HBLA-00AD3', 'samsung-pm1743-7680', 'part-number', 'OEM Dell', 'published', 'dell16g',
   'Dell OEM U.2.'),
  ('MZ3LO7T6HBLAAD3', 'samsung-pm1743-7680', 'part-number', 'OEM Dell', 'published', 'dell17g',
   'Dell OEM E3.S, as printed (HBLA, no dash).'),
  ('SAMSUNG MZWLO7T6HBLA-00A07', 'samsung-pm1743-7680', 'model-string', NULL, 'observed', 'obs-sam', 'U.2.'),
  ('SAMSUNG MZ3LO7T6HBLT-00B07', 'samsung-pm1743-7680', 'model-string', NULL, 'observed', 'obs-sam', 'E3.S; from nvme id-ctrl "mn".');

INSERT INTO spec (family_id, drive_id, metric_id, qual, value, value_hi, unit_id, block_size, read_pct,
                  conditions, source_id, confidence, preferred, notes) VALUES
  ('samsung-pm1743', NULL, 'dwpd', 'eq', 1, NULL, 'DWPD', NULL, NULL, NULL, 'ht-pm1743', 'B', 1, NULL),
  ('samsung-pm1743', 'samsung-pm1743-7680', 'seq_read',   'eq', 14000,   NULL, 'MB/s', 131072, NULL, NULL, 'sol-hcl', 'B', 1, NULL),
  ('samsung-pm1743', 'samsung-pm1743-7680', 'seq_write',  'eq', 6000,    NULL, 'MB/s', 131072, NULL, NULL, 'sol-hcl', 'B', 1, NULL),
  ('samsung-pm1743', 'samsung-pm1743-7680', 'rand_read',  'eq', 2500000, NULL, 'IOPS', 4096,   NULL, NULL, 'sol-hcl', 'B', 1, NULL),
  ('samsung-pm1743', 'samsung-pm1743-7680', 'rand_write', 'eq', 300000,  NULL, 'IOPS', 4096,   NULL, NULL, 'sol-hcl', 'B', 1, NULL),
  ('samsung-pm1743', NULL, 'seq_read',   'eq', 13000,   NULL, 'MB/s', 131072, NULL, 'launch claim', 'anand-pm1743', 'B', 1, 'Launch claim (family, "up to"), 2021.'),
  ('samsung-pm1743', NULL, 'seq_write',  'eq', 6600,    NULL, 'MB/s', 131072, NULL, 'launch claim', 'anand-pm1743', 'B', 1, 'Launch claim (family, "up to"), 2021.'),
  ('samsung-pm1743', NULL, 'rand_read',  'eq', 2500000, NULL, 'IOPS', 4096,   NULL, 'launch claim', 'anand-pm1743', 'B', 1, 'Launch claim (family, "up to"), 2021.'),
  ('samsung-pm1743', NULL, 'rand_write', 'eq', 250000,  NULL, 'IOPS', 4096,   NULL, 'launch claim', 'anand-pm1743', 'B', 1, 'Launch claim (family, "up to"), 2021.'),
  ('samsung-pm1743', NULL, 'mttf', 'eq', 2500000, NULL, 'h', NULL, NULL, NULL, 'cmp', 'C', 1, 'From a 15.36 TB listing.');

-- ===========================================================================
-- rivals.md "### Samsung PM9A3 7.68 TB"
-- ===========================================================================
INSERT INTO family (id, vendor_id, name, series, variant, segment, aliases, form_factors,
                    pcie_gen, pcie_lanes, nvme_version, ports, nand, dwpd, warranty_years,
                    mttf_hours, security, plp, has_spec_sheet, source_id, notes) VALUES
   -- rivals.md: NVMe 1.4 [OBS-SAM]; launch figures [HEISE-PM9A3]; 6,700 and the Samsung site figures [CMP]; older [SOL-HCL] revision 02b8d61
  ('samsung-pm9a3', 'samsung', 'PM9A3', 'PM9A3', NULL, 'read-intensive',
   'Samsung PM9A3;MZQL2', 'U.2 15 mm; E1.S; M.2 (up to 3.84 TB)',
   4, 4, '1.4', NULL, 'Samsung 6th-generation (128-layer) V-NAND TLC', 1.3, NULL,
   NULL, NULL, NULL, 1, 'heise-pm9a3',
   '1.3 DWPD is the launch datasheet as quoted by the press. NVMe 1.4 is what U.2 firmware GDC5902Q reports. The sequential and random figures disagree: launch 2020 (U.2, "up to") 6,500 / 3,500 MB/s and 900K / 200K IOPS as quoted by heise online (grade B, preferred, family-wide); a project note quotes a 7.68 TB U.2 datasheet read of 6,700 (grade C); the later Samsung site gives the family 6,800-6,900 / 4,000-4,100 MB/s and 1,000-1,100K / 180-200K IOPS (grade C); an older revision of the solanahcl tables lists the PM9A3 at 6,800 / 2,700 without a capacity. The 7.68 TB performance needs checking. Latency, power, MTTF and warranty n/a.');

INSERT INTO drive (id, family_id, capacity_gb, source_id, form_factor, nand, dwpd, notes) VALUES
  ('samsung-pm9a3-1920', 'samsung-pm9a3', 1920, 'sol-hcl', 'U.2 15 mm; E1.S; M.2', NULL, NULL, NULL),
  ('samsung-pm9a3-3840', 'samsung-pm9a3', 3840, 'sol-hcl', 'U.2 15 mm; E1.S; M.2', NULL, NULL, NULL),
  ('samsung-pm9a3-7680', 'samsung-pm9a3', 7680, 'obs-sam', 'U.2 15 mm; E1.S', NULL, NULL, 'The capacity the rival list describes; U.2 15 mm.');

INSERT INTO sku (model, drive_id, kind, option, status, source_id, notes) VALUES
  ('MZQL27T6HBLA-00A07', 'samsung-pm9a3-7680', 'part-number', NULL, 'observed', 'obs-sam', 'U.2.'),
  ('MZQL27T6HBLAAD3', 'samsung-pm9a3-7680', 'part-number', 'OEM Dell', 'published', 'dell16g', 'Dell OEM.'),
  ('SAMSUNG MZQL27T6HBLA-00A07', 'samsung-pm9a3-7680', 'model-string', NULL, 'observed', 'obs-sam', 'Firmware GDC5902Q / GDC5A02Q.');

INSERT INTO spec (family_id, drive_id, metric_id, qual, value, value_hi, unit_id, block_size, read_pct,
                  conditions, source_id, confidence, preferred, notes) VALUES
  ('samsung-pm9a3', NULL, 'dwpd', 'eq', 1.3, NULL, 'DWPD', NULL, NULL, NULL, 'heise-pm9a3', 'B', 1, 'Launch datasheet as quoted by the press.'),
  -- family-wide: the sources disagree; the B launch figures are preferred
  ('samsung-pm9a3', NULL, 'seq_read',  'eq',    6500, NULL, 'MB/s', 131072, NULL, NULL, 'heise-pm9a3', 'B', 1,
   'Launch 2020, U.2, "up to". Preferred as the B source; the later figures differ.'),
  ('samsung-pm9a3', NULL, 'seq_read',  'range', 6800, 6900, 'MB/s', 131072, NULL, NULL, 'cmp', 'C', 0,
   'Later Samsung site, family range; conflicts with the launch 6,500.'),
  ('samsung-pm9a3', NULL, 'seq_read',  'eq',    6800, NULL, 'MB/s', 131072, NULL, NULL, 'sol-hcl', 'B', 0,
   'An older revision of the solanahcl tables, with no capacity given; the current revision lists 3.84 and 1.92 TB separately.'),
  ('samsung-pm9a3', NULL, 'seq_write', 'eq',    3500, NULL, 'MB/s', 131072, NULL, NULL, 'heise-pm9a3', 'B', 1,
   'Launch 2020, U.2, "up to". Preferred as the B source; the later figures differ.'),
  ('samsung-pm9a3', NULL, 'seq_write', 'range', 4000, 4100, 'MB/s', 131072, NULL, NULL, 'cmp', 'C', 0,
   'Later Samsung site, family range; conflicts with the launch 3,500.'),
  ('samsung-pm9a3', NULL, 'seq_write', 'eq',    2700, NULL, 'MB/s', 131072, NULL, NULL, 'sol-hcl', 'B', 0,
   'An older revision of the solanahcl tables, with no capacity given; the current revision lists 3.84 and 1.92 TB separately.'),
  ('samsung-pm9a3', NULL, 'rand_read',  'eq',    900000,  NULL,    'IOPS', 4096, NULL, NULL, 'heise-pm9a3', 'B', 1,
   'Launch 2020, U.2, "up to". Preferred as the B source; the later figures differ.'),
  ('samsung-pm9a3', NULL, 'rand_read',  'range', 1000000, 1100000, 'IOPS', 4096, NULL, NULL, 'cmp', 'C', 0,
   'Later Samsung site, family range; conflicts with the launch 900K.'),
  ('samsung-pm9a3', NULL, 'rand_write', 'eq',    200000,  NULL,    'IOPS', 4096, NULL, NULL, 'heise-pm9a3', 'B', 1,
   'Launch 2020, U.2, "up to". Preferred as the B source; the later figures differ.'),
  ('samsung-pm9a3', NULL, 'rand_write', 'range', 180000,  200000,  'IOPS', 4096, NULL, NULL, 'cmp', 'C', 0,
   'Later Samsung site, family range.'),
  ('samsung-pm9a3', 'samsung-pm9a3-7680', 'seq_read', 'eq', 6700, NULL, 'MB/s', 131072, NULL, NULL, 'cmp', 'C', 1,
   'A project note quotes a 7.68 TB U.2 datasheet; the only 7.68 TB-specific figure, and it disagrees with the launch and later family figures. Needs checking.'),
  -- Other capacities
  ('samsung-pm9a3', 'samsung-pm9a3-3840', 'seq_read',   'eq', 6900,    NULL, 'MB/s', 131072, NULL, NULL, 'sol-hcl', 'B', 1, NULL),
  ('samsung-pm9a3', 'samsung-pm9a3-3840', 'seq_write',  'eq', 4100,    NULL, 'MB/s', 131072, NULL, NULL, 'sol-hcl', 'B', 1, NULL),
  ('samsung-pm9a3', 'samsung-pm9a3-3840', 'rand_read',  'eq', 1000000, NULL, 'IOPS', 4096,   NULL, NULL, 'sol-hcl', 'B', 1, NULL),
  ('samsung-pm9a3', 'samsung-pm9a3-3840', 'rand_write', 'eq', 180000,  NULL, 'IOPS', 4096,   NULL, NULL, 'sol-hcl', 'B', 1, NULL),
  ('samsung-pm9a3', 'samsung-pm9a3-1920', 'seq_read',   'eq', 6800,    NULL, 'MB/s', 131072, NULL, NULL, 'sol-hcl', 'B', 1, NULL),
  ('samsung-pm9a3', 'samsung-pm9a3-1920', 'seq_write',  'eq', 2700,    NULL, 'MB/s', 131072, NULL, NULL, 'sol-hcl', 'B', 1, NULL),
  ('samsung-pm9a3', 'samsung-pm9a3-1920', 'rand_read',  'eq', 850000,  NULL, 'IOPS', 4096,   NULL, NULL, 'sol-hcl', 'B', 1, NULL),
  ('samsung-pm9a3', 'samsung-pm9a3-1920', 'rand_write', 'eq', 130000,  NULL, 'IOPS', 4096,   NULL, NULL, 'sol-hcl', 'B', 1, NULL);

-- ===========================================================================
-- rivals.md "## Memblaze" / "### Memblaze PBlaze7 7940 7.68 TB"
-- ===========================================================================
INSERT INTO family (id, vendor_id, name, series, variant, segment, aliases, form_factors,
                    pcie_gen, pcie_lanes, nvme_version, ports, nand, dwpd, warranty_years,
                    mttf_hours, security, plp, has_spec_sheet, source_id, notes) VALUES
  ('memblaze-7940', 'memblaze', 'PBlaze7 7940', 'PBlaze7', NULL, NULL,
   'Memblaze 7940;PBlaze7 7940;PBlaze 7940;7940', 'U.2',
   5, NULL, NULL, NULL, NULL, NULL, NULL,
   NULL, NULL, NULL, 0, 'taobao',
   'U.2 and PCIe 5.0 come only from a Taobao listing title. Every performance, endurance, power and reliability figure is n/a; no part number or model string found.');

INSERT INTO drive (id, family_id, capacity_gb, source_id, form_factor, nand, dwpd, notes) VALUES
  ('memblaze-7940-7680', 'memblaze-7940', 7680, 'rivals', NULL, NULL, NULL, 'The capacity the rival list describes.');

-- ===========================================================================
-- rivals.md "### Memblaze PBlaze6 6920 7.68 TB"
-- ===========================================================================
INSERT INTO family (id, vendor_id, name, series, variant, segment, aliases, form_factors,
                    pcie_gen, pcie_lanes, nvme_version, ports, nand, dwpd, warranty_years,
                    mttf_hours, security, plp, has_spec_sheet, source_id, notes) VALUES
  ('memblaze-6920', 'memblaze', 'PBlaze6 6920', 'PBlaze6', NULL, NULL,
   'Memblaze 6920;PBlaze6 6920;PBlaze 6920;6920', 'U.2 2.5"',
   NULL, NULL, NULL, NULL, NULL, NULL, NULL,
   NULL, NULL, NULL, 0, 'pciid-mb',
   'Form factor from the PCI subsystem name only. Every performance, endurance, power and reliability figure is n/a; no part number or model string found. PCI ID 1c5f:003e, subsystem 1c5f:0a41 = "PBlaze6 6920 7680GB 2.5" U.2" in a Memblaze PCI-ID list.');

INSERT INTO drive (id, family_id, capacity_gb, source_id, form_factor, nand, dwpd, notes) VALUES
  ('memblaze-6920-7680', 'memblaze-6920', 7680, 'pciid-mb', NULL, NULL, NULL,
   'The capacity the rival list describes; PCI subsystem 1c5f:0a41 "PBlaze6 6920 7680GB 2.5" U.2".');

-- ===========================================================================
-- rivals.md "## Intel (now Solidigm)" / "### Intel D7-P5510 7.68 TB"
-- ===========================================================================
INSERT INTO family (id, vendor_id, name, series, variant, segment, aliases, form_factors,
                    pcie_gen, pcie_lanes, nvme_version, ports, nand, dwpd, warranty_years,
                    mttf_hours, security, plp, has_spec_sheet, source_id, notes) VALUES
   -- rivals.md: [CMP] for interface, NAND, DWPD, 7.68 TB sequential; [P5510-DOC] for 3.84 TB; PCI ID [ILLUMOS]
  ('intel-p5510', 'intel', 'D7-P5510', 'D7-P5510', NULL, 'read-intensive',
   'P5510;D7 P5510;Intel P5510;Solidigm D7-P5510;SSDPF2KX', 'U.2 15 mm',
   4, 4, NULL, NULL, '144-layer TLC', 1, NULL,
   NULL, 'OPAL variant (SSDPF2KX076TZOS)', NULL, 1, 'cmp',
   'Now Solidigm. Interface, NAND, DWPD and the 7.68 TB sequential figures from AI-compiled notes (grade C, quoting a StorageReview spec table); 3.84 TB figures from notes quoting Solidigm (grade C). 7.68 TB random IOPS, latency, power, MTTF and warranty n/a. SSDPF2KX076T1 is the D7-P5520, not the P5510. PCI ID 8086:0b60 (shared across the P5xxx family; the subsystem ID tells the models apart).');

INSERT INTO drive (id, family_id, capacity_gb, source_id, form_factor, nand, dwpd, notes) VALUES
  ('intel-p5510-3840', 'intel-p5510', 3840, 'p5510-doc', NULL, NULL, NULL, NULL),
  ('intel-p5510-7680', 'intel-p5510', 7680, 'intel-fw', NULL, NULL, NULL, 'The capacity the rival list describes.');

INSERT INTO sku (model, drive_id, kind, option, status, source_id, notes) VALUES
  ('SSDPF2KX076TZ01', 'intel-p5510-7680', 'part-number', NULL, 'published', 'intel-fw', 'MM 99A5DR.'),
  ('SSDPF2KX076TZOS', 'intel-p5510-7680', 'part-number', 'OPAL', 'published', 'intel-fw', 'MM 99A5D1.'),
  ('SSDPF2KX076T9K', 'intel-p5510-7680', 'part-number', 'OEM', 'observed', 'obs-intel', 'OEM part number reported by users.'),
  ('SSDPF2KX076T9N', 'intel-p5510-7680', 'part-number', 'OEM', 'observed', 'obs-intel', 'OEM part number reported by users (the rival list writes "…T9N" after SSDPF2KX076T9K).'),
  ('INTEL SSDPF2KX076TZ', 'intel-p5510-7680', 'model-string', NULL, 'observed', 'obs-intel', NULL);

INSERT INTO spec (family_id, drive_id, metric_id, qual, value, value_hi, unit_id, block_size, read_pct,
                  conditions, source_id, confidence, preferred, notes) VALUES
  ('intel-p5510', NULL, 'dwpd', 'eq', 1, NULL, 'DWPD', NULL, NULL, NULL, 'cmp', 'C', 1, NULL),
  ('intel-p5510', 'intel-p5510-7680', 'seq_read',  'eq', 7000, NULL, 'MB/s', 131072, NULL, NULL, 'cmp', 'C', 1, 'StorageReview spec table as quoted.'),
  ('intel-p5510', 'intel-p5510-7680', 'seq_write', 'eq', 4194, NULL, 'MB/s', 131072, NULL, NULL, 'cmp', 'C', 1, 'StorageReview spec table as quoted.'),
  ('intel-p5510', 'intel-p5510-3840', 'seq_read',  'eq', 6500, NULL, 'MB/s', 131072, NULL, NULL, 'p5510-doc', 'C', 1, 'Quoting Solidigm''s 3.84 TB page.'),
  ('intel-p5510', 'intel-p5510-3840', 'seq_write', 'eq', 3400, NULL, 'MB/s', 131072, NULL, NULL, 'p5510-doc', 'C', 1, 'Quoting Solidigm''s 3.84 TB page.'),
  ('intel-p5510', 'intel-p5510-3840', 'rand_read', 'eq', 700000, NULL, 'IOPS', 4096, NULL, NULL, 'p5510-doc', 'C', 1, 'Quoting Solidigm''s 3.84 TB page; random write n/a.'),
  ('intel-p5510', 'intel-p5510-3840', 'lat_read',  'eq', 82, NULL, 'us', 4096, NULL, 'random',     'p5510-doc', 'C', 1, 'As quoted, citing Solidigm.'),
  ('intel-p5510', 'intel-p5510-3840', 'lat_read',  'eq', 10, NULL, 'us', NULL, NULL, 'sequential', 'p5510-doc', 'C', 1, 'As quoted, citing Solidigm.'),
  ('intel-p5510', 'intel-p5510-3840', 'lat_write', 'eq', 13, NULL, 'us', NULL, NULL, 'sequential', 'p5510-doc', 'C', 1, 'As quoted, citing Solidigm.');

-- ===========================================================================
-- rivals.md "## KIOXIA" / "### KIOXIA CD8P-R 7.68 TB"
-- ===========================================================================
INSERT INTO family (id, vendor_id, name, series, variant, segment, aliases, form_factors,
                    pcie_gen, pcie_lanes, nvme_version, ports, nand, dwpd, warranty_years,
                    mttf_hours, security, plp, has_spec_sheet, source_id, notes) VALUES
   -- rivals.md: [CMP] C for interface, NAND, DWPD, MTTF, write; [SR-CD9PR] A for read, IOPS, power
  ('kioxia-cd8p-r', 'kioxia', 'CD8P-R', 'CD8P', 'R', 'read-intensive',
   'KIOXIA CD8P-R;CD8P;KCD8XPUG;KCD8XPJE', '2.5" U.2/U.3 15 mm; E3.S',
   5, 4, NULL, 'single', 'BiCS5 112-layer TLC', 1, NULL,
   2500000, NULL, NULL, 1, 'cmp',
   'Interface, NAND, DWPD, MTTF and the sequential write from AI-compiled notes (grade C); sequential read, random IOPS and 21 W typical active power from the CD9P-R review''s E3.S 7.68 TB comparison figures (grade A). NVMe version, idle power, latency and warranty n/a. Dell also lists CD8P-V E3.S parts KCD8XPJE1T60 / KCD8XPJE3T20 (no CD8P-V family here; for the CD8P, R versus V shows only in the capacity point). KCD8XRUG… / KCD81RUG… are the CD8 (Gen4) drive, not the CD8P.');

INSERT INTO drive (id, family_id, capacity_gb, source_id, form_factor, nand, dwpd, notes) VALUES
  ('kioxia-cd8p-r-1920', 'kioxia-cd8p-r', 1920, 'dell17g', NULL, NULL, NULL, 'Known from a Dell E3.S part number.'),
  ('kioxia-cd8p-r-3840', 'kioxia-cd8p-r', 3840, 'dell17g', NULL, NULL, NULL, 'Known from a Dell E3.S part number.'),
  ('kioxia-cd8p-r-7680', 'kioxia-cd8p-r', 7680, 'sr-cd9pr', NULL, NULL, NULL, 'The capacity the rival list describes; the spec figures are for the E3.S.');

INSERT INTO sku (model, drive_id, kind, option, status, source_id, notes) VALUES
  ('KCD8XPUG7T68', 'kioxia-cd8p-r-7680', 'part-number', 'SIE', 'observed', 'obs-kioxia', '2.5".'),
  ('KIOXIA KCD8XPUG7T68', 'kioxia-cd8p-r-7680', 'model-string', 'SIE', 'observed', 'obs-kioxia', '2.5".'),
  ('KCD8XPJE7T68', 'kioxia-cd8p-r-7680', 'part-number', 'SIE', 'inferred', 'dell17g',
   'E3.S; never seen: inferred from the Dell E3.S parts KCD8XPJE1T92 / KCD8XPJE3T84 (and, for the CD8P-V, KCD8XPJE1T60 / KCD8XPJE3T20).'),
  ('KCD8XPJE1T92', 'kioxia-cd8p-r-1920', 'part-number', 'OEM Dell', 'published', 'dell17g', 'Dell E3.S.'),
  ('KCD8XPJE3T84', 'kioxia-cd8p-r-3840', 'part-number', 'OEM Dell', 'published', 'dell17g', 'Dell E3.S.');

INSERT INTO spec (family_id, drive_id, metric_id, qual, value, value_hi, unit_id, block_size, read_pct,
                  conditions, source_id, confidence, preferred, notes) VALUES
  ('kioxia-cd8p-r', NULL, 'dwpd', 'eq', 1, NULL, 'DWPD', NULL, NULL, NULL, 'cmp', 'C', 1, NULL),
  ('kioxia-cd8p-r', 'kioxia-cd8p-r-7680', 'seq_read',   'eq', 12000,   NULL, 'MB/s', 131072, NULL, NULL, 'sr-cd9pr-ds', 'A', 1, 'E3.S 7.68 TB, comparison figures in the CD9P-R review.'),
  ('kioxia-cd8p-r', 'kioxia-cd8p-r-7680', 'seq_write',  'eq', 5500,    NULL, 'MB/s', 131072, NULL, NULL, 'cmp',      'C', 1, 'The write figure is only in AI-compiled notes.'),
  ('kioxia-cd8p-r', 'kioxia-cd8p-r-7680', 'rand_read',  'eq', 2000000, NULL, 'IOPS', 4096,   NULL, NULL, 'sr-cd9pr-ds', 'A', 1, 'E3.S 7.68 TB, comparison figures in the CD9P-R review.'),
  ('kioxia-cd8p-r', 'kioxia-cd8p-r-7680', 'rand_write', 'eq', 200000,  NULL, 'IOPS', 4096,   NULL, NULL, 'sr-cd9pr-ds', 'A', 1, 'E3.S 7.68 TB, comparison figures in the CD9P-R review.'),
  ('kioxia-cd8p-r', 'kioxia-cd8p-r-7680', 'power_active', 'eq', 21, NULL, 'W', NULL, NULL, 'typical', 'sr-cd9pr-ds', 'A', 1, NULL),
  ('kioxia-cd8p-r', NULL, 'mttf', 'eq', 2500000, NULL, 'h', NULL, NULL, NULL, 'cmp', 'C', 1, NULL);

-- ===========================================================================
-- rivals.md "### KIOXIA CM7-R (7.68 TB; other capacities where found)"
-- ===========================================================================
INSERT INTO family (id, vendor_id, name, series, variant, segment, aliases, form_factors,
                    pcie_gen, pcie_lanes, nvme_version, ports, nand, dwpd, warranty_years,
                    mttf_hours, security, plp, has_spec_sheet, source_id, notes) VALUES
   -- rivals.md: 7.68 TB performance [SEED-CM7R] = seed 003 (kioxia-cm7-r.sql carries its spec figures too); DWPD, TBW, power, MTTF [CMP] C
  ('kioxia-cm7-r', 'kioxia', 'CM7-R', 'CM7', 'R', 'read-intensive',
   'KIOXIA CM7-R;CM7;KCMYXRUG;KCMYDRUG;KCM7XRUG;KCM7XRJE', '2.5" U.3 15 mm; E3.S 7.5 mm',
   5, 4, '2.0', 'single/dual', 'BiCS FLASH 112-layer 3D TLC', 1, NULL,
   -- plp: the German CM7-R review (seed-003, the family's source) states power-loss protection ("Stromausfallschutz").
   2500000, 'SIE, SED, FIPS SED', 1, 1, 'seed-003',
   'PCIe 5.0, dual-port (x4 or x2/x2). Capacities up to 30.72 TB (E3.S up to 15.36 TB). 7.68 TB performance is KIOXIA''s figure quoted in the German CM7-R review for the tested 7.68 TB (Dell OEM) E3.S drive. DWPD, TBW, active power and MTTF from AI-compiled notes (grade C). Idle power, latency and warranty n/a. Retail parts KCMY…, Dell OEM KCM7…; X = SIE, D = SED, F = FIPS SED; UG = 2.5" 15 mm, JE = E3.S. Power-loss protection as stated by the CM7-R review.');

INSERT INTO drive (id, family_id, capacity_gb, source_id, form_factor, nand, dwpd, notes) VALUES
  ('kioxia-cm7-r-1920',  'kioxia-cm7-r', 1920, 'dell16g',  NULL, NULL, NULL, 'Known from a Dell U.3 part number.'),
  ('kioxia-cm7-r-3840',  'kioxia-cm7-r', 3840, 'sol-hcl',  NULL, NULL, NULL, NULL),
  ('kioxia-cm7-r-7680',  'kioxia-cm7-r', 7680, 'seed-003',  NULL, NULL, NULL, 'The capacity the rival list describes; the German review tested the Dell OEM E3.S.'),
  ('kioxia-cm7-r-15360', 'kioxia-cm7-r', 15360, 'dell16g', NULL, NULL, NULL, 'Known from Dell part numbers; the largest E3.S.'),
  ('kioxia-cm7-r-30720', 'kioxia-cm7-r', 30720, 'seed-003', '2.5" U.3 15 mm', NULL, NULL, 'Largest capacity ("up to 30.72 TB"); 2.5" only, since the E3.S goes up to 15.36 TB. No figures or part number.');

INSERT INTO sku (model, drive_id, kind, option, status, source_id, notes) VALUES
  ('KCMYXRUG7T68', 'kioxia-cm7-r-7680', 'part-number', 'SIE', 'observed', 'obs-kioxia', 'Retail 2.5".'),
  ('KCMYDRUG7T68', 'kioxia-cm7-r-7680', 'part-number', 'SED', 'inferred', 'obs-kioxia',
   'Only the retail SED prefix "KCMYDRUG…" is published; the 7T68 ending is filled in from the SIE part. Never seen.'),
  -- rivals.md cites [DELL16G]/[DELL17G] for the Dell parts
  ('KCM7XRUG1T92',  'kioxia-cm7-r-1920',  'part-number', 'OEM Dell', 'published', 'dell16g', 'Dell OEM U.3.'),
  -- rivals.md cites [DELL16G]/[DELL17G] for the Dell parts
  ('KCM7XRUG3T84',  'kioxia-cm7-r-3840',  'part-number', 'OEM Dell', 'published', 'dell16g', 'Dell OEM U.3.'),
  -- rivals.md cites [DELL16G]/[DELL17G] for the Dell parts
  ('KCM7XRUG7T68',  'kioxia-cm7-r-7680',  'part-number', 'OEM Dell', 'published', 'dell16g', 'Dell OEM U.3.'),
  -- rivals.md cites [DELL16G]/[DELL17G] for the Dell parts
  ('KCM7XRUG15T3',  'kioxia-cm7-r-15360', 'part-number', 'OEM Dell', 'published', 'dell16g', 'Dell OEM U.3.'),
  -- rivals.md cites [DELL16G]/[DELL17G] for the Dell parts
  ('KCM7XRJE3T84',  'kioxia-cm7-r-3840',  'part-number', 'OEM Dell', 'published', 'dell17g', 'Dell OEM E3.S.'),
  -- rivals.md cites [DELL16G]/[DELL17G] for the Dell parts
  ('KCM7XRJE7T68',  'kioxia-cm7-r-7680',  'part-number', 'OEM Dell', 'published', 'dell17g', 'Dell OEM E3.S.'),
  -- rivals.md cites [DELL16G]/[DELL17G] for the Dell parts
  ('KCM7XRJE15T3',  'kioxia-cm7-r-15360', 'part-number', 'OEM Dell', 'published', 'dell17g', 'Dell OEM E3.S.'),
  ('KIOXIA KCMYXRUG7T68', 'kioxia-cm7-r-7680', 'model-string', 'SIE', 'observed', 'obs-kioxia', NULL),
  ('KIOXIA KCMYXRUG3T84', 'kioxia-cm7-r-3840', 'model-string', 'SIE', 'observed', 'obs-kioxia', 'Firmware 0104.');

INSERT INTO spec (family_id, drive_id, metric_id, qual, value, value_hi, unit_id, block_size, read_pct,
                  conditions, source_id, confidence, preferred, notes) VALUES
  ('kioxia-cm7-r', NULL, 'dwpd', 'eq', 1, NULL, 'DWPD', NULL, NULL, NULL, 'cmp', 'C', 1, NULL),
  ('kioxia-cm7-r', 'kioxia-cm7-r-7680', 'tbw', 'eq', 14016, NULL, 'TB', NULL, NULL, NULL, 'cmp', 'C', 1, NULL),
  ('kioxia-cm7-r', 'kioxia-cm7-r-7680', 'seq_read',  'eq', 14000, NULL, 'MB/s', 131072, NULL, NULL, 'sr-cm7r-ds', 'A', 1,
   'Vendor figure quoted for the tested 7.68 TB E3.S.'),
  ('kioxia-cm7-r', 'kioxia-cm7-r-7680', 'seq_read',  'eq', 14000, NULL, 'MB/s', 131072, NULL, NULL, 'sol-hcl',   'B', 0, 'Same value as the German CM7-R review (grade A), which is preferred.'),
  ('kioxia-cm7-r', 'kioxia-cm7-r-7680', 'seq_write', 'eq', 6750,  NULL, 'MB/s', 131072, NULL, NULL, 'sr-cm7r-ds', 'A', 1,
   'Vendor figure quoted for the tested 7.68 TB E3.S.'),
  ('kioxia-cm7-r', 'kioxia-cm7-r-7680', 'seq_write', 'eq', 6750,  NULL, 'MB/s', 131072, NULL, NULL, 'sol-hcl',   'B', 0, 'Same value as the German CM7-R review (grade A), which is preferred.'),
  ('kioxia-cm7-r', 'kioxia-cm7-r-7680', 'rand_read',  'eq', 2450000, NULL, 'IOPS', 4096, NULL, NULL, 'sr-cm7r-ds', 'A', 1,
   'The German text prints "2,450 IOPS", dropping the K.'),
  ('kioxia-cm7-r', 'kioxia-cm7-r-7680', 'rand_read',  'eq', 2450000, NULL, 'IOPS', 4096, NULL, NULL, 'sol-hcl',   'B', 0, 'Same value as the German CM7-R review (grade A), which is preferred.'),
  ('kioxia-cm7-r', 'kioxia-cm7-r-7680', 'rand_write', 'eq', 300000,  NULL, 'IOPS', 4096, NULL, NULL, 'sr-cm7r-ds', 'A', 1,
   'The German text prints "300 IOPS", dropping the K.'),
  ('kioxia-cm7-r', 'kioxia-cm7-r-7680', 'rand_write', 'eq', 300000,  NULL, 'IOPS', 4096, NULL, NULL, 'sol-hcl',   'B', 0, 'Same value as the German CM7-R review (grade A), which is preferred.'),
  ('kioxia-cm7-r', 'kioxia-cm7-r-7680', 'power_active', 'eq', 25, NULL, 'W', NULL, NULL, NULL, 'cmp', 'C', 1, NULL),
  ('kioxia-cm7-r', NULL, 'mttf', 'eq', 2500000, NULL, 'h', NULL, NULL, NULL, 'cmp', 'C', 1, NULL),
  -- 3.84 TB
  ('kioxia-cm7-r', 'kioxia-cm7-r-3840', 'seq_read',   'eq', 14000,   NULL, 'MB/s', 131072, NULL, NULL, 'sol-hcl', 'B', 1, NULL),
  ('kioxia-cm7-r', 'kioxia-cm7-r-3840', 'seq_write',  'eq', 6750,    NULL, 'MB/s', 131072, NULL, NULL, 'sol-hcl', 'B', 1,
   'The current solanahcl tables; their 2024 version gave 7,000.'),
   -- [SOL-HCL] README commit 02b8d61
  ('kioxia-cm7-r', 'kioxia-cm7-r-3840', 'seq_write',  'eq', 7000,    NULL, 'MB/s', 131072, NULL, NULL, 'sol-hcl', 'B', 0,
   'The 2024 version of the solanahcl tables; superseded by 6,750.'),
  ('kioxia-cm7-r', 'kioxia-cm7-r-3840', 'rand_read',  'eq', 2700000, NULL, 'IOPS', 4096,   NULL, NULL, 'sol-hcl', 'B', 1, NULL),
  ('kioxia-cm7-r', 'kioxia-cm7-r-3840', 'rand_write', 'eq', 310000,  NULL, 'IOPS', 4096,   NULL, NULL, 'sol-hcl', 'B', 1, NULL);

-- ===========================================================================
-- rivals.md "### KIOXIA CM7-V 3.2 TB"
-- ===========================================================================
INSERT INTO family (id, vendor_id, name, series, variant, segment, aliases, form_factors,
                    pcie_gen, pcie_lanes, nvme_version, ports, nand, dwpd, warranty_years,
                    mttf_hours, security, plp, has_spec_sheet, source_id, notes) VALUES
  ('kioxia-cm7-v', 'kioxia', 'CM7-V', 'CM7', 'V', 'mixed-use',
   'KIOXIA CM7-V;KCMYXVUG;KCM7XVUG;KCM7XVJE', 'U.3; E3.S',
   5, 4, NULL, 'single/dual', NULL, 3, NULL,
   NULL, NULL, NULL, 1, 'cmp',
   'Form factor and interface from the Dell part numbers and AI-compiled notes: PCIe 5.0 dual-port, as for the CM7-R. Idle power, latency, MTTF, warranty and NAND n/a (the NAND is presumably the same BiCS5 as the CM7-R; not confirmed).');

INSERT INTO drive (id, family_id, capacity_gb, source_id, form_factor, nand, dwpd, notes) VALUES
  ('kioxia-cm7-v-1600', 'kioxia-cm7-v', 1600, 'obs-kioxia', NULL, NULL, NULL, 'Known from the retail model string KIOXIA KCMYXVUG1T60 (Proxmox example).'),
  ('kioxia-cm7-v-3200', 'kioxia-cm7-v', 3200, 'sol-hcl', NULL, NULL, NULL, 'The capacity the rival list describes.'),
  ('kioxia-cm7-v-6400', 'kioxia-cm7-v', 6400, 'sol-hcl', NULL, NULL, NULL, NULL);

INSERT INTO sku (model, drive_id, kind, option, status, source_id, notes) VALUES
  -- rivals.md cites [DELL16G]/[DELL17G] for the Dell pair
  ('KCM7XVUG3T20', 'kioxia-cm7-v-3200', 'part-number', 'OEM Dell', 'published', 'dell16g', 'Dell OEM U.3.'),
  -- rivals.md cites [DELL16G]/[DELL17G] for the Dell pair
  ('KCM7XVJE3T20', 'kioxia-cm7-v-3200', 'part-number', 'OEM Dell', 'published', 'dell17g', 'Dell OEM E3.S.'),
  ('KIOXIA KCMYXVUG3T20', 'kioxia-cm7-v-3200', 'model-string', 'SIE', 'inferred', 'obs-kioxia',
   'Never seen: from the retail pattern KIOXIA KCMYXVUG1T60. Check before matching on it.'),
  ('KIOXIA KCMYXVUG1T60', 'kioxia-cm7-v-1600', 'model-string', 'SIE', 'observed', 'obs-kioxia', 'Seen in a Proxmox example.');

INSERT INTO spec (family_id, drive_id, metric_id, qual, value, value_hi, unit_id, block_size, read_pct,
                  conditions, source_id, confidence, preferred, notes) VALUES
  ('kioxia-cm7-v', NULL, 'dwpd', 'eq', 3, NULL, 'DWPD', NULL, NULL, NULL, 'cmp', 'C', 1, NULL),
  ('kioxia-cm7-v', 'kioxia-cm7-v-3200', 'seq_read',   'eq', 14000,   NULL, 'MB/s', 131072, NULL, NULL, 'sol-hcl', 'B', 1, NULL),
  ('kioxia-cm7-v', 'kioxia-cm7-v-3200', 'seq_write',  'eq', 6750,    NULL, 'MB/s', 131072, NULL, NULL, 'sol-hcl', 'B', 1, NULL),
  ('kioxia-cm7-v', 'kioxia-cm7-v-3200', 'rand_read',  'eq', 2700000, NULL, 'IOPS', 4096,   NULL, NULL, 'sol-hcl', 'B', 1, NULL),
  ('kioxia-cm7-v', 'kioxia-cm7-v-3200', 'rand_write', 'eq', 600000,  NULL, 'IOPS', 4096,   NULL, NULL, 'sol-hcl', 'B', 1, NULL),
  ('kioxia-cm7-v', 'kioxia-cm7-v-6400', 'rand_read',  'eq', 2450000, NULL, 'IOPS', 4096,   NULL, NULL, 'sol-hcl', 'B', 1, NULL),
  ('kioxia-cm7-v', 'kioxia-cm7-v-6400', 'rand_write', 'eq', 550000,  NULL, 'IOPS', 4096,   NULL, NULL, 'sol-hcl', 'B', 1, NULL),
  ('kioxia-cm7-v', 'kioxia-cm7-v-6400', 'power_active', 'eq', 25, NULL, 'W', NULL, NULL, NULL, 'cmp', 'C', 1, 'Stated for the 6.4 TB.');

-- ===========================================================================
-- rivals.md "### KIOXIA CD9P-V"
-- (its "KIOXIA CD9P-R 7.68 TB E3.S" comparison block belongs to the CD9P-R
-- family, which kioxia-cd9p-r.sql owns and loads after this file)
-- ===========================================================================
INSERT INTO family (id, vendor_id, name, series, variant, segment, aliases, form_factors,
                    pcie_gen, pcie_lanes, nvme_version, ports, nand, dwpd, warranty_years,
                    mttf_hours, security, plp, has_spec_sheet, source_id, notes) VALUES
   -- rivals.md: [SR-CD9PR] is the family's source; the 3 DWPD is "from a secondary source only" (untagged), so its spec row cites rivals.md itself (source rivals, C)
  ('kioxia-cd9p-v', 'kioxia', 'CD9P-V', 'CD9P', 'V', 'mixed-use',
   'KIOXIA CD9P-V', NULL,
   NULL, NULL, NULL, NULL, NULL, 3, NULL,
   NULL, NULL, NULL, 0, 'sr-cd9pr',
   'Specs not found: StorageReview''s CD9P-R review calls it the mixed-use counterpart of the CD9P-R. The 3 DWPD comes from an unnamed secondary source (grade C). No spec figures, part numbers or model strings found; for the CD9P, R versus V shows only in the capacity point (7T68 versus 6T40).');

INSERT INTO spec (family_id, drive_id, metric_id, qual, value, value_hi, unit_id, block_size, read_pct,
                  conditions, source_id, confidence, preferred, notes) VALUES
  ('kioxia-cd9p-v', NULL, 'dwpd', 'eq', 3, NULL, 'DWPD', NULL, NULL, NULL, 'rivals', 'C', 1,
   'From an unnamed secondary source only; StorageReview''s CD9P-R review gives no DWPD for the V.');

-- ===========================================================================
-- rivals.md "### KIOXIA CM9-V"
-- (its "KIOXIA CM9-R 15.36 TB E3.S" comparison block, incl. the Dell CM9-R
-- part KCM9XRJE7T68, belongs to the CM9-R family owned by kioxia-cm9-r.sql)
-- ===========================================================================
INSERT INTO family (id, vendor_id, name, series, variant, segment, aliases, form_factors,
                    pcie_gen, pcie_lanes, nvme_version, ports, nand, dwpd, warranty_years,
                    mttf_hours, security, plp, has_spec_sheet, source_id, notes) VALUES
   -- rivals.md: [SR-CM9R] French edition, "une gamme mixte CM9-V (3 DWPD)"; Dell parts [DELL17G]
  ('kioxia-cm9-v', 'kioxia', 'CM9-V', 'CM9', 'V', 'mixed-use',
   'KIOXIA CM9-V;KCM9XVJE', 'E3.S',
   NULL, NULL, NULL, NULL, NULL, 3, NULL,
   NULL, NULL, NULL, 0, 'sr-cm9r',
   'Specs not found. The CM9-R review text says "a mixed-use CM9-V line (3 DWPD)", so 3 DWPD is confirmed; no other figure was found. Only Dell E3.S OEM part numbers are known (hence E3.S above).');

INSERT INTO drive (id, family_id, capacity_gb, source_id, form_factor, nand, dwpd, notes) VALUES
  ('kioxia-cm9-v-1600', 'kioxia-cm9-v', 1600, 'dell17g', NULL, NULL, NULL, 'Known from a Dell E3.S part number.'),
  ('kioxia-cm9-v-3200', 'kioxia-cm9-v', 3200, 'dell17g', NULL, NULL, NULL, 'Known from a Dell E3.S part number.'),
  ('kioxia-cm9-v-6400', 'kioxia-cm9-v', 6400, 'dell17g', NULL, NULL, NULL, 'Known from a Dell E3.S part number.');

INSERT INTO sku (model, drive_id, kind, option, status, source_id, notes) VALUES
  ('KCM9XVJE1T60', 'kioxia-cm9-v-1600', 'part-number', 'OEM Dell', 'published', 'dell17g', 'Dell E3.S.'),
  ('KCM9XVJE3T20', 'kioxia-cm9-v-3200', 'part-number', 'OEM Dell', 'published', 'dell17g', 'Dell E3.S.'),
  ('KCM9XVJE6T40', 'kioxia-cm9-v-6400', 'part-number', 'OEM Dell', 'published', 'dell17g', 'Dell E3.S.');

INSERT INTO spec (family_id, drive_id, metric_id, qual, value, value_hi, unit_id, block_size, read_pct,
                  conditions, source_id, confidence, preferred, notes) VALUES
   -- French original "une gamme mixte CM9-V (3 DWPD)"; rivals.md gives no letter, B chosen
  ('kioxia-cm9-v', NULL, 'dwpd', 'eq', 3, NULL, 'DWPD', NULL, NULL, NULL, 'sr-cm9r', 'B', 1,
   'Review prose, not a spec table: "a mixed-use CM9-V line (3 DWPD)"; grade B (a review quoting the vendor''s line-up).');
