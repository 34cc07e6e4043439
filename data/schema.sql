-- drivedash specs database schema.
--
-- The data files in data/ are plain SQL INSERT statements against these
-- tables, loaded in the order given by DATA_FILES in Makefile.am with
-- foreign keys enforced, so a reference to a drive, source or unit that does
-- not exist stops the build.  Conventions:
--   * ids are lowercase slugs: family 'kioxia-cd9p-r', drive (capacity
--     point) = family id + '-' + decimal capacity in GB as an integer
--     ('kioxia-cd9p-r-7680'), source 'seed-000' or the rivals.md tag
--     lowercased ('sr-9550max').
--   * throughput in MB/s (decimal) unless the source prints GiB/s (kept as
--     'GiB/s'); IOPS as plain counts (2.6M = 2600000); latency in us;
--     capacity in GB (decimal); power in W; time in s or ms as printed.

PRAGMA foreign_keys = ON;

CREATE TABLE meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

-- Units every figure may carry.  dimension groups units that convert.
CREATE TABLE unit (
    id        TEXT PRIMARY KEY,     -- 'MB/s', 'GiB/s', 'IOPS', 'us', ...
    dimension TEXT NOT NULL,        -- 'throughput', 'rate', 'latency', ...
    to_base   REAL NOT NULL,        -- factor to the dimension's base unit
    name      TEXT NOT NULL
);

-- Metrics: what a figure measures.  higher_is_better drives highlighting.
CREATE TABLE metric (
    id               TEXT PRIMARY KEY,  -- 'seq_read', 'rand_read', 'lat_mean', ...
    name             TEXT NOT NULL,
    dimension        TEXT NOT NULL,
    higher_is_better INTEGER NOT NULL CHECK (higher_is_better IN (0, 1))
);

CREATE TABLE vendor (
    id   TEXT PRIMARY KEY,          -- 'kioxia'
    name TEXT NOT NULL UNIQUE       -- 'KIOXIA'
);

-- Where a figure comes from: a review (seed file), a spec sheet, a list.
CREATE TABLE source (
    id        TEXT PRIMARY KEY,     -- 'seed-000', 'sr-9550max', 'sol-hcl'
    kind      TEXT NOT NULL CHECK (kind IN ('review', 'spec-sheet', 'list',
                                            'press', 'reseller', 'notes',
                                            'observation', 'test', 'lab')),
    title     TEXT NOT NULL,
    name      TEXT,                 -- short name a user sees: 'CD9P-R review',
                                    -- 'Micron 9550 product brief' (publisher and
                                    -- language are shown beside it)
    publisher TEXT,
    language  TEXT,                 -- 'de', 'fr', 'ja', 'en'
    file      TEXT,                 -- seed file name, when it is one
    url       TEXT,
    published TEXT,                 -- ISO date or year when known
    testbed   TEXT,                 -- test platform, for reviews
    method    TEXT,                 -- test method summary, for reviews
    notes     TEXT
);

-- A drive family: one product line of one vendor (CD9P-R, 9550 MAX).
CREATE TABLE family (
    id            TEXT PRIMARY KEY,
    vendor_id     TEXT NOT NULL REFERENCES vendor(id),
    name          TEXT NOT NULL,    -- 'CD9P-R', '9550 MAX', 'D7-PS1010'
    series        TEXT,             -- 'CD9P', '9550', 'D7-PS10x0'
    variant       TEXT,             -- 'R', 'V', 'PRO', 'MAX', or NULL
    segment       TEXT,             -- 'read-intensive', 'mixed-use', ...
    aliases       TEXT,             -- extra names a query may use, ';'-separated
    form_factors  TEXT,             -- 'E3.S 7.5 mm; 2.5" 15 mm'
    pcie_gen      INTEGER,          -- 4, 5
    pcie_lanes    INTEGER,          -- 4
    nvme_version  TEXT,             -- '2.0'
    ports         TEXT CHECK (ports IN ('single', 'dual', 'single/dual')),
    nand          TEXT,
    dwpd          REAL,
    warranty_years INTEGER,
    mttf_hours    INTEGER,
    security      TEXT,             -- 'SIE, SED (TCG Opal & Ruby)'
    plp           INTEGER CHECK (plp IN (0, 1)),
    has_spec_sheet INTEGER NOT NULL DEFAULT 1 CHECK (has_spec_sheet IN (0, 1)),
    test_only     INTEGER NOT NULL DEFAULT 0 CHECK (test_only IN (0, 1)),
    source_id     TEXT REFERENCES source(id),   -- where the columns above come from
    notes         TEXT
);

-- A capacity point of a family (what a buyer orders, bar security options).
CREATE TABLE drive (
    id           TEXT PRIMARY KEY,  -- family id + '-' + capacity GB
    family_id    TEXT NOT NULL REFERENCES family(id),
    capacity_gb  REAL NOT NULL CHECK (capacity_gb > 0),
    form_factor  TEXT,              -- the form factors this point comes in
                                    -- ('E3.S 7.5 mm', 'U.2 15 mm; E1.S'), when
                                    -- not every one of the family's: a query
                                    -- for a form factor (show U.2) reads this,
                                    -- and the family's only when it is NULL
    nand         TEXT,              -- when it differs from the family's
    dwpd         REAL,              -- when it differs from the family's
    source_id    TEXT REFERENCES source(id),   -- where the capacity point is listed
    notes        TEXT,
    UNIQUE (family_id, capacity_gb, form_factor)
);

-- Part numbers and the model-number strings drives report (NVMe identify).
CREATE TABLE sku (
    model        TEXT NOT NULL,     -- 'KCD9XPJE7T68', 'SAMSUNG MZQL27T6HBLA-00A07'
    drive_id     TEXT NOT NULL REFERENCES drive(id),
    kind         TEXT NOT NULL CHECK (kind IN ('part-number', 'model-string')),
    option       TEXT,              -- 'SIE', 'SED', 'FIPS', 'OPAL', 'OEM Dell', ...
    status       TEXT NOT NULL CHECK (status IN ('published', 'observed', 'inferred')),
    source_id    TEXT NOT NULL REFERENCES source(id),
    notes        TEXT,
    PRIMARY KEY (model, drive_id)
);

-- Spec-sheet figures.  drive_id NULL means the figure holds for the whole
-- family.  Where sources disagree, all rows stay and one is preferred.
CREATE TABLE spec (
    id           INTEGER PRIMARY KEY,
    family_id    TEXT NOT NULL REFERENCES family(id),
    drive_id     TEXT REFERENCES drive(id),
    metric_id    TEXT NOT NULL REFERENCES metric(id),
    qual         TEXT NOT NULL DEFAULT 'eq'
                 CHECK (qual IN ('eq', 'approx', 'le', 'ge', 'lt', 'gt', 'range')),
    value        REAL NOT NULL,
    value_hi     REAL,              -- upper end when qual = 'range', or of an
                                    -- approximate range when qual = 'approx'
                                    -- ("etwa 11.0-12.0 GB/s": approx, 11000, 12000)
    unit_id      TEXT NOT NULL REFERENCES unit(id),
    block_size   INTEGER,           -- bytes (131072 for 128 KiB)
    iodepth      INTEGER,
    numjobs      INTEGER,
    read_pct     INTEGER CHECK (read_pct BETWEEN 0 AND 100),
    conditions   TEXT,              -- anything else: 'typical', 'RMS average', ...
    source_id    TEXT NOT NULL REFERENCES source(id),
    confidence   TEXT NOT NULL CHECK (confidence IN ('A', 'B', 'C')),
    preferred    INTEGER NOT NULL DEFAULT 1 CHECK (preferred IN (0, 1)),
    notes        TEXT,
    CHECK (qual <> 'range' OR value_hi IS NOT NULL),
    CHECK (value_hi IS NULL OR qual IN ('range', 'approx'))
);

-- Published measurements from reviews: one number each.
CREATE TABLE measurement (
    id           INTEGER PRIMARY KEY,
    source_id    TEXT NOT NULL REFERENCES source(id),
    drive_id     TEXT NOT NULL REFERENCES drive(id),
    benchmark    TEXT NOT NULL CHECK (benchmark IN ('fio', 'gdsio', 'dlio',
                                      'vdbench', 'sqlserver', 'sysbench')),
    phase        TEXT,              -- 'preconditioning', 'steady-state', NULL
    workload     TEXT NOT NULL,     -- fio: 'seqread','seqwrite','randread',
                                    -- 'randwrite'; others: profile name
    block_size   INTEGER,           -- bytes
    iodepth      INTEGER,
    numjobs      INTEGER,
    threads      INTEGER,           -- GDSIO threads, sysbench threads, VMs
    read_pct     INTEGER CHECK (read_pct BETWEEN 0 AND 100),
    pass         INTEGER,           -- DLIO: the run (pass) number
    checkpoint   INTEGER,           -- DLIO: the checkpoint index within a run
                                    -- (NULL: the figure is a run average)
    metric_id    TEXT NOT NULL REFERENCES metric(id),
    qual         TEXT NOT NULL DEFAULT 'eq'
                 CHECK (qual IN ('eq', 'approx', 'le', 'ge', 'lt', 'gt', 'range')),
    value        REAL NOT NULL,
    value_hi     REAL,
    unit_id      TEXT NOT NULL REFERENCES unit(id),
    label        TEXT,              -- the chart or table it comes from
    notes        TEXT,
    CHECK (qual <> 'range' OR value_hi IS NOT NULL),
    CHECK (value_hi IS NULL OR qual IN ('range', 'approx'))
);

-- Acceptance targets: a lab's own pass criteria for a drive (drive_id) or
-- every capacity point of a family (drive_id NULL), at stated conditions
-- (pattern from the metric, block size, depth, jobs, runtime), so a run is
-- always comparable with them.  Only the lab's overlay files hold them.
-- Judged by the one rule of core/compare.h with the target's own tolerance:
-- PASS measured >= (1 - t) x value (latency: <= (1 + t) x value), WARN
-- within 2t, FAIL beyond.  tolerance_pct 0 makes it a plain threshold.
CREATE TABLE target (
    id            INTEGER PRIMARY KEY,
    family_id     TEXT NOT NULL REFERENCES family(id),
    drive_id      TEXT REFERENCES drive(id),
    metric_id     TEXT NOT NULL REFERENCES metric(id),   -- seq_read ... lat_write
    qual          TEXT NOT NULL CHECK (qual IN ('ge', 'le')),  -- ge: at least; le: at most
    value         REAL NOT NULL CHECK (value > 0),
    unit_id       TEXT NOT NULL REFERENCES unit(id),
    tolerance_pct REAL NOT NULL DEFAULT 0 CHECK (tolerance_pct BETWEEN 0 AND 49),
    block_size    INTEGER NOT NULL CHECK (block_size > 0),      -- bytes
    iodepth       INTEGER NOT NULL CHECK (iodepth > 0),
    numjobs       INTEGER NOT NULL DEFAULT 1 CHECK (numjobs > 0),
    read_pct      INTEGER CHECK (read_pct BETWEEN 0 AND 100),   -- rand_mixed
    runtime_s     INTEGER NOT NULL CHECK (runtime_s > 0),
    conditions    TEXT,             -- 'p99', 'p99.9' for a percentile latency target
    source_id     TEXT NOT NULL REFERENCES source(id),          -- the lab's document
    notes         TEXT
);

CREATE INDEX spec_family ON spec(family_id);
CREATE INDEX spec_drive ON spec(drive_id);
CREATE INDEX meas_drive ON measurement(drive_id);
CREATE INDEX meas_source ON measurement(source_id);
CREATE INDEX drive_family ON drive(family_id);
CREATE INDEX sku_drive ON sku(drive_id);
CREATE INDEX target_family ON target(family_id);
