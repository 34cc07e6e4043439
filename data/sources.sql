-- Sources that several data files cite: the five seed reviews.  Loaded
-- right after the vocabularies so any file may refer to them.

-- from kioxia-cd9p-r.sql
INSERT INTO source (id, kind, title, name, publisher, language, file, url, published, testbed, method, notes) VALUES
  ('seed-000',
   'review',
   'KIOXIA CD9P-R review: read-intensive Gen5 up to 61.44TB', 'CD9P-R review',
   'StorageReview',
   'de',
   '000_4aff3574b0af2f52.txt',
   'https://storagereview.com/review/kioxia-cd9p-r-review-read-intensive-gen5-up-to-61-44tb',
   NULL,
   'Dell PowerEdge R760 running Ubuntu 22.04.2 LTS, fitted with a Serial Cables Gen5 JBOF (takes U.2, E1.S, E3.S and M.2 SSDs): 2 x Intel Xeon Gold 6430 (32 cores, 2.1 GHz); 16 x 64 GB DDR5-4400; Dell BOSS SSD 480 GB (boot); Serial Cables Gen5 JBOF; NVIDIA L4 GPU (GDSIO). Drive under test: KIOXIA CD9P-R 7.68 TB E3.S, SED model KCD9DPJE7T68. Compared: Pascari X200P 7.68 TB, SanDisk (DC) SN861 7.68 TB, Solidigm PS1010 7.68 TB, Kingston DC3000ME 7.68 TB, Micron 7600 MAX 6.4 TB, Micron 9550 MAX 12.8 TB, Micron 9550 PRO 7.68 TB.',
   'FIO: every drive goes through the same process: preconditioning with two full drive fills of sequential writes, then a steady-state performance measurement; when the workload changes, another preconditioning fill with the new transfer size. Tests: 128K sequential write (IODepth 16 / NumJobs 1, steady state; a preconditioning chart is mentioned but no figure given) and 128K sequential read (IODepth 64 / NumJobs 1), bandwidth and mean latency; 64K, 16K and 4K random read and write swept over an IODepth x NumJobs matrix from 1/1 (highest point named: IODepth 32 / NumJobs 8 for 64K random write and 16K random read, IODepth 32 / NumJobs 16 for 16K and 4K random write and 4K random read), IOPS or bandwidth and mean latency. GDSIO (NVIDIA Magnum IO GPU Direct Storage, NVIDIA L4): sequential read and write throughput (GiB/s) and latency at 16K, 128K and 1M block sizes x 1 to 128 threads (points written block/threads, e.g. 128K/8). DLIO checkpointing benchmark v2.0 (13 August 2024, Argonne National Laboratory): LLAMA 3.1 405B model architecture, checkpointing with torch.save() (model parameters, optimizer and layer states), simulated 8-GPU system with hybrid parallelism (tensor parallelism 4 x pipeline parallelism 2), checkpoint size 1,636 GB; the text says the chart covers 18 checkpoints but describes checkpoints 1-12, and separately gives averages per test run (runs 1-3).',
   -- research notes (not shown to users):
   -- 'The copy has no headline, date or URL: title and URL are those of rivals.md [SR-CD9PR] (the same StorageReview review, read there in its French edition). Translation slips in the spec table: "Luftueberwachung" for endurance, "Stueckchen" for bits, "1017" for 10^17, both dimension rows labelled "Laenge" (length), garbled temperature rows. The conclusion repeats figures stored once here (14,235.9 MB/s, 6,912.4 MB/s, ~30 us, ~6.2 GiB/s, 4.9 GiB/s, ~572 s, 674.5 s).');
   'Read in a German machine translation; the copy has no headline, date or URL (those given are of the same review''s French edition). The conclusion repeats figures stored once here.');

-- from kioxia-cm9-r.sql
INSERT INTO source (id, kind, title, name, publisher, language, file, url, published, testbed, method, notes) VALUES
  ('seed-001',
   'review',
   'KIOXIA CM9-R 15.36TB review: BiCS8 flash hits full speed at low queue depth', 'CM9-R review',
   'StorageReview',
   'fr',
   '001_13914e37df8d183b.txt',
   NULL,
   NULL,
   'Dell PowerEdge R760 running Ubuntu 22.04.2 LTS, with a Serial Cables Gen5 JBOF (U.2, E1.S, E3.S and M.2 SSDs): 2 x Intel Xeon Gold 6430 (32 cores, 2.1 GHz); 16 x 64 GB DDR5-4400; Dell BOSS 480 GB SSD (boot); NVIDIA L4 GPU (GDSIO). Drive under test: KIOXIA CM9-R 15.36 TB E3.S 7.5 mm (KCM9XRJE15T3, SIE). Compared drives: KIOXIA CD9P-R 7.68 TB (1 DWPD), SanDisk DC SN861 7.68 TB (1 DWPD), Solidigm PS1010 7.68 TB (1 DWPD), Solidigm PS1030 12.8 TB (3 DWPD), Micron 7600 MAX 6.4 TB (3 DWPD), Micron 9550 MAX 12.8 TB (3 DWPD), Micron 9550 Pro 7.68 TB (1 DWPD).',
   'FIO: 128K sequential write at IODepth 16 / NumJobs 1 (the result is described as steady-state) and 128K sequential read at IODepth 64 / NumJobs 1 (single job); sweeps over IODepth x NumJobs (ceiling IODepth 32 / NumJobs 16) for 64K random write, 64K random read, 16K sequential write, 16K sequential read (16K is now sequential instead of random, as first done in the Micron 9550 MAX review), 4K random write and 4K random read; results quoted as MB/s or K IOPS with mean latency in us. Preconditioning is not described. GDSIO (GPU Direct Storage, NVIDIA L4): read and write sweeps over threads at 16K, 128K and 1M block sizes (1 to at least 64 threads); peak IOPS / GiB/s and single-thread latency quoted. DLIO checkpoint: recurring training checkpoints written over three passes; the number of checkpoints scales with drive capacity, so the table gives per-pass averages in seconds (lower is better).',
   -- research notes (not shown to users):
   -- 'French machine translation. No publication date in the copy; it comes after the June review of the CD9P-R ("en juin"). Translation slips in this edition: the intro says Gen5 enterprise drives "typically exceed 20,000 MB/s to hit headline figures" where the Japanese edition says they push into the high 20s (watts); the spec table labels the NAND row "NON" and prints MTTF / warranty as "2,500,000 5 heures / XNUMX ans" (Japanese: 2,500,000 h / 5 years); "64 000 Ko" for 64K blocks; "faible consommation d''énergie requise" where the Japanese says low concurrency needed; GDSIO 16K read "loin derrière les deux disques Solidigm" where the meaning (and the Japanese) is far ahead of them; "1 Mo/64 bits" for 1M / 64 threads; the GDSIO single-thread 16K write latency "se classe deuxième du groupe" where the Japanese says tied best with the CD9P-R; a stray conclusion line says the lowest QD1 latency "était de 25W (typique)"; the SN861 is called "Disque dur externe"; the DLIO table header reads "par chaîne".'),
   'French machine translation; no publication date in the copy. Its translation slips are resolved from the Japanese edition.'),
  ('seed-004',
   'review',
   'KIOXIA CM9-R 15.36TB review: BiCS8 flash hits full speed at low queue depth', 'CM9-R review',
   'StorageReview',
   'ja',
   '004_f9057dd37cb7f7f1.txt',
   NULL,
   NULL,
   'Same as the French edition: Dell PowerEdge R760, Ubuntu 22.04.2 LTS, Serial Cables Gen5 JBOF, 2 x Intel Xeon Gold 6430 (32 cores, 2.1 GHz), 16 x 64 GB DDR5-4400, Dell BOSS 480 GB SSD, NVIDIA L4; drive under test KIOXIA CM9-R 15.36 TB E3.S (KCM9XRJE15T3); same seven compared drives.',
   'Same as the French edition (FIO 128K seq write QD16/NJ1 and seq read QD64/NJ1, IODepth x NumJobs sweeps up to IODepth 32 / NumJobs 16 at 64K random, 16K sequential, 4K random; GDSIO 16K/128K/1M thread sweeps; DLIO checkpoint per-pass averages over three passes).',
   -- research notes (not shown to users):
   -- 'Japanese edition of seed-001 (same review, Japanese machine translation; title printed as "KIOXIA CM9-R 15.36TB レビュー：BiCS8フラッシュメモリは低キュー深度でもフルスピードを発揮"). Every measured number matches seed-001; it is used to cross-check the French edition and to resolve its slips (clean MTTF / warranty row "2,500,000時間 / 5年"; Gen5 drives push "into the high 20s" (watts) rather than the French "20,000 MB/s"; GDSIO single-thread 16K write latency tied best with the CD9P-R rather than second). The DLIO table header is garbled here too ("ステアリング位置"). No measurement rows carry this source because it adds or changes no number.');
   'Japanese edition of the CM9-R review (machine translation); every measured number matches the French edition, and it resolves that edition''s translation slips.');

-- from kioxia-cd6.sql
INSERT INTO source (id, kind, title, name, publisher, language, file, url, published, testbed, method, notes) VALUES
  ('seed-002', 'review',
   'KIOXIA CD6 review: the PCIe 4.0 2.5-inch 15 mm read-intensive SSD retested as a production drive', 'CD6 review',
   'StorageReview', 'de', '002_c4f1410b846bfcb5.txt', NULL, NULL,
   'StorageReview Enterprise Test Lab, PCIe Gen4 synthetic and application platform: Lenovo ThinkSystem SR635 (single-CPU AMD platform with PCIe Gen4 U.2 bays); 1 x AMD EPYC 7742 (2.25 GHz, 64 cores); 8 x 64 GB DDR4-3200 ECC DRAM; CentOS 7.7 1908 (synthetic tests); VMware ESXi 6.7u3 (application tests). '
   || 'SQL Server VMs: two vDisks (100 GB boot, 500 GB database and log files), 8 vCPUs, 64 GB DRAM, LSI Logic SAS SCSI controller; Windows Server 2012 R2 guest, SQL Server 2014; storage 600 GB allocated, 500 GB used; 48 GB RAM buffer. '
   || 'Sysbench VM: three vDisks (boot ~92 GB, prebuilt database ~447 GB, database under test 270 GB), 8 vCPUs, 60 GB DRAM, LSI Logic SAS SCSI controller; CentOS 6.3 64-bit, Percona XtraDB 5.5.30-rel30.1; 24 GB RAM buffer. '
   || 'The number of SQL Server and Sysbench VMs run at once is not stated in the review.',
   'SQL Server: Microsoft SQL Server OLTP protocol using the current draft of TPC-C (Transaction Processing Performance Council Benchmark C), load generated by Quest Benchmark Factory for Databases; per VM a 333 GB database (scale 1,500) under 15,000 virtual users; test length 3 h = 2.5 h preconditioning + 30 min sample period; reports transactions per second and average latency. '
   || 'Sysbench: Percona MySQL OLTP database measured with SysBench; per VM 100 tables, database size 10,000,000 (as printed; rows per table in StorageReview''s protocol), 32 database threads; test length 3 h = 2 h preconditioning with 32 threads + 1 h with 32 threads; reports average TPS, average latency and average 99th-percentile latency. '
   || 'VDBench: the whole drive surface is filled with data, then a section equal to 25 % of the drive capacity is partitioned and tested (not a full-entropy steady-state test, so sustained write figures read higher). Profiles: '
   || '4K random read: 100 % read, 128 threads, 0-120 % iorate; 4K random write: 100 % write, 128 threads, 0-120 % iorate; '
   || '16K sequential read: 100 % read, 32 threads, 0-120 % iorate; 16K sequential write: 100 % write, 16 threads, 0-120 % iorate; '
   || '64K sequential read: 100 % read, 32 threads, 0-120 % iorate; 64K sequential write: 100 % write, 16 threads, 0-120 % iorate; '
   || '4K, 8K and 16K 70R/30W random mix: 64 threads, 0-120 % iorate; synthetic database: SQL, SQL 90-10, SQL 80-20, Oracle, Oracle 90-10, Oracle 80-20; VDI full clone and linked clone traces (Boot, Initial Login, Monday Login). '
   || 'VDBench results are the peak IOPS of the iorate sweep with the latency at that point.',
   -- research notes (not shown to users):
   -- 'Publication date not stated. The text says StorageReview reviewed a pre-production CD6 in summer 2020 and now tests a purchased production drive with more mature firmware; it calls the Micron 7400 Pro the newest model in the comparison. '
   -- || 'Comparison set: four other PCIe Gen4 enterprise SSDs of 7.68 TB: Samsung PM9A3, Memblaze (PBlaze6) 6920, Intel (D7-)P5510, Micron 7400 Pro; only the CD6''s numbers are printed. '
   -- || 'Translation slips: the VDBench prose drops the K in most IOPS figures (restored); in the VDI LC Boot and LC Initial Login paragraphs the IOPS and latency numbers are swapped (restored from the conclusion); the spec prose says "7.68 GB / 3.84 GB / 15.36 GB" for TB; the conclusion''s "und wiederum 2.6 GB/s bei 623 MB/s ... in Schreibvorgängen" matches no measurement (not stored as a row); "3 warrd" = 3rd.');
   'Publication date not stated. A purchased production drive, retested after a summer-2020 review of a pre-production sample. Compared with four other PCIe Gen4 enterprise SSDs of 7.68 TB (Samsung PM9A3, Memblaze 6920, Intel P5510, Micron 7400 Pro); only the CD6''s numbers are printed.');

-- from kioxia-cm7-r.sql
INSERT INTO source (id, kind, title, name, publisher, language, file, url, published, testbed, method, notes) VALUES
  ('seed-003',
   'review',
   'KIOXIA CM7-R E3.S SSD review', 'CM7-R review',
   'StorageReview',
   'de',
   '003_2285dcc119fe5a57.txt',
   NULL,
   NULL,
   'Dell PowerEdge R760 (2U rack server, two 4th-generation Intel Xeon sockets, configurations with up to 24 NVMe drives): dual Intel Xeon Gold 6430 (32 cores/64 threads, 1.9 GHz base), 1 TB DDR5 RAM, Ubuntu 22.04. Serial Cables 8-bay PCIe Gen5 JBOF for U.2/U.3, M.2 and EDSFF SSDs also available. The CM7-R under test (7.68 TB E3.S) came from a Dell server and runs Dell firmware; the review warns it may behave differently with KIOXIA''s standard firmware.',
   'VDBench (vdBench workload generator driven by a scripting engine across a computing test cluster). Preconditioning: the whole drive surface is filled with data, then a section equal to 25% of the drive capacity is partitioned and tested to simulate application load; this is not a full-entropy test over 100% of the drive in steady state, so sustained write figures come out higher. Profiles: 4K random read (100% read, 128 threads, 0-120% iorate); 4K random write (100% write, 128 threads, 0-120% iorate); 64K random read (100% read, 128 threads, 0-120% iorate); 64K random write (100% write, 128 threads, 0-120% iorate); 16K sequential read (100% read, 32 threads, 0-120% iorate); 16K sequential write (100% write, 16 threads, 0-120% iorate); 64K sequential read (100% read, 32 threads, 0-120% iorate); 64K sequential write (100% write, 16 threads, 0-120% iorate); 4K, 8K and 16K 70% read/30% write random mix (64 threads, 0-120% iorate); synthetic database SQL and Oracle (each also as 90/10 and 80/20 mixes); VDI full-clone and linked-clone traces (boot, initial login, Monday login). The text quotes each drive''s top throughput (IOPS or MB/s) with the latency at that point. Compared drives: Samsung PM1743 and Memblaze (PBlaze7) 7940, capacities not stated.',
   -- research notes (not shown to users):
   -- 'No publication date or URL in the copy. The spec table under the heading "KIOXIA CM7-R E3.S Spezifikationen" is missing from the copy; the spec figures come from the prose. Non-numeric CM7-R facts in the review (family columns, owned by rivals.sql): Gen5 (PCIe 5.0), dual-port, power-loss protection, KIOXIA 112-layer BiCS FLASH 3D TLC, security options SIE, SED and FIPS SED, -R = read intensive (-V = mixed workload), 2.5-inch and E3.S (EDSFF) form factors; E3.S up to 15.36 TB, 15 mm U.2 from 1.92 TB to 30.7 TB, series up to 30.72 TB. No power, endurance (DWPD/TBW), latency, MTTF or warranty figure is given. The conclusion mentions a 3.2 TB KIOXIA CM7-V (U.2, OEM sample) tested the year before with much higher random read performance than this Dell CM7-R, without figures.');
   'No publication date or URL in the copy; its spec table is missing, so the spec figures come from the review''s text.');
