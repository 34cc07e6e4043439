/*
 * Matching the model-number string a drive reports (Identify Controller "mn",
 * `nvme list`, lsblk MODEL) to a SKU of the specs database.
 *
 * The input is the array specdb_families() returns: every family with its
 * capacity points (struct spec_drive) and their SKUs (part numbers and model
 * strings, each published, observed or inferred).  Rules, first hit wins:
 *
 *   exact       the string equals a SKU, case and all
 *   normalised  equal after trimming, collapsing spaces, ignoring case and
 *               stripping a vendor prefix ("KIOXIA ", "SAMSUNG ", "SOLIDIGM ",
 *               "INTEL ", "WDC ", "KINGSTON ", "Micron_7400_" ...)
 *   variant     equal after also folding security variants: KIOXIA's letter
 *               at position 5 (X = SIE, D = SED, F = FIPS SED: KCD9XPJE7T68 =
 *               KCD9DPJE7T68 = KCD9FPJE7T68) and Solidigm's trailing "OP"
 *               (TCG Opal: SB5PH27X038TOP = SB5PH27X038T)
 *
 * When one rule finds several capacity points (QEMU reports one model string
 * for every size), the one nearest the controller's capacity wins.  With no
 * match, the nearest family is the one sharing the longest prefix (at least
 * MATCH_MIN_PREFIX characters) with the string, taken from the family's SKUs
 * and its aliases ("SAMSUNG MZQL2..." -> PM9A3, "KCD9XPJE..." -> CD9P-R).
 * Pure functions: no database, no allocation.
 */
#ifndef DD_MATCH_H
#define DD_MATCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/specdb.h"

#define MATCH_MIN_PREFIX 5

/* Which rule matched. */
enum match_rule {
	MATCH_NONE,		/* not in the database */
	MATCH_EXACT,
	MATCH_NORMALISED,
	MATCH_VARIANT,
	MATCH_QUERY,		/* typed text named the capacity point (a
				 * database id or a query), not a model
				 * string: session_match_text */
};

/* The verdict on one model string. */
struct match_result {
	enum match_rule		  rule;
	const struct spec_family *family;	/* NULL when not matched */
	const struct spec_drive	 *drive;	/* the capacity point */
	const struct spec_sku	 *sku;		/* the SKU that matched; NULL when a
						 * drive id or query named the drive */
	size_t			  ncandidates;	/* capacity points the rule found */
	const struct spec_family *nearest;	/* not matched: a plausible family */
	bool			  inferred_only; /* the string equals (exactly or
						  * normalised) only SKUs of status
						  * "inferred" of the drive */
	char			  label[192];	/* "KIOXIA CD9P-R 7.68 TB", or
						   "not in database (nearest: ...)" */
};

/*
 * Match model against the families.  capacity_bytes (0 if unknown) picks
 * among capacity points that share the string.  Returns 1 when matched,
 * 0 when not (out->nearest may still be set).
 */
int match_model(const struct spec_family *families, size_t nfamilies,
		const char *model, uint64_t capacity_bytes,
		struct match_result *out);

/* Does SKU string sku equal model under rule? */
bool match_sku_hit(enum match_rule rule, const char *sku, const char *model);

/* Does model equal, exactly or normalised, only SKUs of d that are of status
 * "inferred" ("model string inferred, not in a published list")? */
bool match_inferred_only(const struct spec_drive *d, const char *model);

/* A listed SKU near a string that matched none (match_nearest_skus). */
struct match_near {
	const struct spec_family *family;
	const struct spec_drive	 *drive;
	const struct spec_sku	 *sku;
	size_t			  distance;	/* edits between the normalised strings */
};

/*
 * The listed SKUs nearest model by edit distance between normalised strings
 * (query_text_distance): every one at the smallest distance found, up to
 * max, when that distance is at most a third of model's length (at least
 * 2), so "KCD9XPJE7T6" finds KCD9XPJE7T68 and "KCD9FPJE7T68" both
 * KCD9XPJE7T68 and KCD9DPJE7T68.  Returns how many it wrote to out.
 */
size_t match_nearest_skus(const struct spec_family *families, size_t nfamilies,
			  const char *model, struct match_near *out, size_t max);

/* The rule's name: "exact", "normalised", "variant", "query"; NULL for
 * MATCH_NONE. */
const char *match_rule_name(enum match_rule rule);

/* Trim, collapse spaces, upper-case and strip a known vendor prefix. */
void match_normalise(const char *in, char *out, size_t len);

/* match_normalise, then fold KIOXIA's security letter and Solidigm's "OP". */
void match_variant_key(const char *in, char *out, size_t len);

#endif
