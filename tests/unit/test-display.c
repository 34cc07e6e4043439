/*
 * Tests for how the specs database's facts are named (src/core/specdb.c):
 * a source's label from its publisher, name (else its title's headline) and
 * language, a lab overlay's "lab: FILE", source ids in free text, and the
 * grade-C-only rule.  Plain structs, no database.
 */
#include "config.h"

#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "core/specdb.h"

/* Publisher, name, language; the title's headline without a name. */
static void
test_source_label(void **state)
{
	struct spec_source s = { .id = "seed-000", .kind = "review", .publisher = "StorageReview",
				 .name = "CD9P-R review", .language = "de",
				 .title = "KIOXIA CD9P-R review: read-intensive Gen5" };
	char		   buf[128];

	(void)state;
	assert_string_equal(specdb_source_label(&s, buf, sizeof buf),
			    "StorageReview, CD9P-R review (de)");
	s.name = NULL;
	assert_string_equal(specdb_source_label(&s, buf, sizeof buf),
			    "StorageReview, KIOXIA CD9P-R review (de)");
	s.publisher = NULL;
	s.language = NULL;
	assert_string_equal(specdb_source_label(&s, buf, sizeof buf), "KIOXIA CD9P-R review");
}

/* A lab's own source: its file, else the overlay file it came from. */
static void
test_source_label_lab(void **state)
{
	struct spec_source s = { .id = "lab-acc", .kind = "lab", .title = "acceptance",
				 .file = "targets.sql" };
	char		   buf[128];

	(void)state;
	assert_string_equal(specdb_source_label(&s, buf, sizeof buf), "lab: targets.sql");
	s.file = NULL;
	s.origin = "/home/lab/.config/drivedash/cd9p.sql:12";
	assert_string_equal(specdb_source_label(&s, buf, sizeof buf), "lab: cd9p.sql");
	s.origin = NULL;
	assert_string_equal(specdb_source_label(&s, buf, sizeof buf), "lab: acceptance");
}

/* Ids in a note read as labels; unknown ids and longer tokens stay. */
static void
test_sheet_text(void **state)
{
	struct spec_source src[2] = {
		{ .id = "seed-001", .kind = "review", .publisher = "SR", .name = "CM9-R review",
		  .language = "fr" },
		{ .id = "seed-004", .kind = "review", .publisher = "SR", .name = "CM9-R review",
		  .language = "ja" },
	};
	struct spec_sheet sh = { .sources = src, .nsources = 2 };
	char		  buf[256];

	(void)state;
	assert_string_equal(specdb_sheet_text(&sh, "as in seed-001.", buf, sizeof buf),
			    "as in SR, CM9-R review (fr).");
	assert_string_equal(specdb_sheet_text(&sh, "seed-001/004 same", buf, sizeof buf),
			    "SR, CM9-R review (fr) and SR, CM9-R review (ja) same");
	assert_string_equal(specdb_sheet_text(&sh, "seed-0011 seed-009", buf, sizeof buf),
			    "seed-0011 seed-009");
}

/* Grade C only: no grade A or B row states the same figure. */
static void
test_grade_c(void **state)
{
	struct spec_figure f[3] = {
		{ .metric_id = "seq_read", .drive_id = "d-7680", .confidence = "C", .value = 6700,
		  .value_hi = NAN, .base = 6700, .base_hi = NAN, .block_size = 131072 },
		{ .metric_id = "seq_read", .drive_id = NULL, .confidence = "B", .value = 6500,
		  .value_hi = NAN, .base = 6500, .base_hi = NAN, .block_size = 131072 },
		{ .metric_id = "seq_write", .drive_id = "d-7680", .confidence = "C", .value = 4000,
		  .value_hi = NAN, .base = 4000, .base_hi = NAN, .block_size = 131072 },
	};
	struct spec_sheet sh = { .figures = f, .nfigures = 3 };

	(void)state;
	assert_true(specdb_figure_grade_c(&sh, &f[0]));		/* B states another value */
	assert_false(specdb_figure_grade_c(&sh, &f[1]));
	f[1].drive_id = "d-7680";
	f[1].value = f[1].base = 6700;
	assert_false(specdb_figure_grade_c(&sh, &f[0]));	/* B confirms it */
	assert_true(specdb_figure_grade_c(&sh, &f[2]));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_source_label),
		cmocka_unit_test(test_source_label_lab),
		cmocka_unit_test(test_sheet_text),
		cmocka_unit_test(test_grade_c),
	};

	return cmocka_run_group_tests_name("display", tests, NULL, NULL);
}
