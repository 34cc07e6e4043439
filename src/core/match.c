/*
 * Model-string matching: three rules from strict to loose over every SKU of
 * every family, the capacity point nearest the drive's capacity among equal
 * candidates, and a nearest-family guess when nothing matches.  See match.h.
 */
#include "config.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/format.h"
#include "core/match.h"
#include "core/query-text.h"

#define MATCH_KEY_LEN 128

/* Vendor words drives put in front of the part number (upper case). */
static const char *const match_vendors[] = {
	"KIOXIA", "TOSHIBA", "SAMSUNG", "SOLIDIGM", "INTEL", "WDC", "WD",
	"WESTERN DIGITAL", "SANDISK", "KINGSTON", "MICRON", "SK HYNIX", "HYNIX",
	"PHISON", "MEMBLAZE", "SEAGATE", NULL,
};

/* Trim, collapse runs of white space to one space and upper-case. */
static void
match_squash(const char *in, char *out, size_t len)
{
	size_t j = 0;
	int    space = 0;

	if (len == 0)
		return;
	for (; in != NULL && *in != '\0'; in++) {
		unsigned char c = (unsigned char)*in;

		if (isspace(c)) {
			space = j > 0;
			continue;
		}
		if (space && j + 1 < len)
			out[j++] = ' ';
		space = 0;
		if (j + 1 < len)
			out[j++] = (char)toupper(c);
	}
	out[j] = '\0';
}

/* Length of a leading vendor word and its separator in s, 0 if none. */
static size_t
match_vendor_len(const char *s)
{
	for (size_t i = 0; match_vendors[i] != NULL; i++) {
		size_t n = strlen(match_vendors[i]);

		if (strncmp(s, match_vendors[i], n) == 0 &&
		    (s[n] == ' ' || s[n] == '_') && s[n + 1] != '\0')
			return n + 1;
	}
	return 0;
}

/* Trim, collapse spaces, upper-case, strip a vendor prefix. */
void
match_normalise(const char *in, char *out, size_t len)
{
	char	    buf[MATCH_KEY_LEN];
	const char *p = buf, *sep;
	size_t	    v;

	match_squash(in, buf, sizeof buf);
	v = match_vendor_len(p);
	if (v > 0) {
		/* Micron puts the series between: "Micron_7400_MTFDKCB960TDZ". */
		if (strncmp(p, "MICRON", 6) == 0) {
			sep = strpbrk(p + v, "_ ");
			if (sep != NULL && strncmp(sep + 1, "MTFD", 4) == 0)
				v = (size_t)(sep + 1 - p);
		}
		p += v;
	}
	snprintf(out, len, "%s", p);
}

/* Normalise and fold the security variants. */
void
match_variant_key(const char *in, char *out, size_t len)
{
	size_t n;

	match_normalise(in, out, len);
	n = strlen(out);
	/* KIOXIA: K C <series> <gen> <security> ..., security X/D/F. */
	if (n >= 8 && out[0] == 'K' && out[1] == 'C' &&
	    (out[4] == 'X' || out[4] == 'D' || out[4] == 'F'))
		out[4] = 'X';
	/* Solidigm: "OP" after the capacity code marks the Opal SKU. */
	if (n > 8 && out[0] == 'S' && out[1] == 'B' && strcmp(out + n - 2, "OP") == 0)
		out[n - 2] = '\0';
}

/* The rule's name. */
const char *
match_rule_name(enum match_rule rule)
{
	switch (rule) {
	case MATCH_EXACT:
		return "exact";
	case MATCH_NORMALISED:
		return "normalised";
	case MATCH_VARIANT:
		return "variant";
	case MATCH_QUERY:
		return "query";
	case MATCH_NONE:
		break;
	}
	return NULL;
}

/* Rank of a SKU status for tie-breaking: observed first. */
static int
match_status_rank(const char *status)
{
	if (status == NULL)
		return 3;
	if (strcmp(status, "observed") == 0)
		return 0;
	if (strcmp(status, "published") == 0)
		return 1;
	return 2;
}

/* Is candidate (d, s) a better pick than the current best for capacity? */
static int
match_better(const struct spec_drive *d, const struct spec_sku *s,
	     const struct spec_drive *bd, const struct spec_sku *bs,
	     uint64_t capacity_bytes)
{
	int ms, mbs;

	if (bd == NULL)
		return 1;
	if (capacity_bytes > 0 && d != bd) {
		double da = fabs(d->capacity_gb * 1e9 - (double)capacity_bytes);
		double db = fabs(bd->capacity_gb * 1e9 - (double)capacity_bytes);

		if (da != db)
			return da < db;
	}
	ms = s->kind && strcmp(s->kind, "model-string") == 0;
	mbs = bs->kind && strcmp(bs->kind, "model-string") == 0;
	if (ms != mbs)
		return ms > mbs;
	return match_status_rank(s->status) < match_status_rank(bs->status);
}

/* Does SKU model equal the query under rule? (keys are precomputed) */
static int
match_rule_hit(enum match_rule rule, const char *sku, const char *model,
	       const char *nkey, const char *vkey)
{
	char k[MATCH_KEY_LEN];

	switch (rule) {
	case MATCH_EXACT:
		return strcmp(sku, model) == 0;
	case MATCH_NORMALISED:
		match_normalise(sku, k, sizeof k);
		return k[0] != '\0' && strcmp(k, nkey) == 0;
	case MATCH_VARIANT:
		match_variant_key(sku, k, sizeof k);
		return k[0] != '\0' && strcmp(k, vkey) == 0;
	case MATCH_QUERY:	/* not a rule over SKU strings */
	case MATCH_NONE:
		break;
	}
	return 0;
}

/* Does SKU string sku equal model under rule? */
bool
match_sku_hit(enum match_rule rule, const char *sku, const char *model)
{
	char nkey[MATCH_KEY_LEN], vkey[MATCH_KEY_LEN];

	if (sku == NULL || model == NULL)
		return false;
	match_normalise(model, nkey, sizeof nkey);
	match_variant_key(model, vkey, sizeof vkey);
	return nkey[0] != '\0' && match_rule_hit(rule, sku, model, nkey, vkey);
}

/* Is a SKU of status "inferred"? */
static bool
match_sku_inferred(const struct spec_sku *s)
{
	return s->status != NULL && strcmp(s->status, "inferred") == 0;
}

/* Does model equal only inferred SKUs of d (exact or normalised)? */
bool
match_inferred_only(const struct spec_drive *d, const char *model)
{
	bool any = false;

	for (size_t i = 0; d != NULL && i < d->nskus; i++) {
		const struct spec_sku *s = &d->skus[i];

		if (!match_sku_hit(MATCH_EXACT, s->model, model) &&
		    !match_sku_hit(MATCH_NORMALISED, s->model, model))
			continue;
		if (!match_sku_inferred(s))
			return false;
		any = true;
	}
	return any;
}

/* Length of the common prefix of two strings. */
static size_t
match_common_prefix(const char *x, const char *y)
{
	size_t n = 0;

	while (x[n] != '\0' && x[n] == y[n])
		n++;
	return n;
}

/* How strongly a query (its variant key vkey) resembles a family, 0 if not. */
static size_t
match_family_score(const struct spec_family *f, const char *model, const char *vkey)
{
	char   k[MATCH_KEY_LEN], sq[MATCH_KEY_LEN], qsq[MATCH_KEY_LEN];
	size_t best = 0, n;

	/* The family's SKU strings: the longest prefix one shares with the query. */
	for (size_t i = 0; i < f->ndrives; i++)
		for (size_t j = 0; j < f->drives[i].nskus; j++) {
			match_variant_key(f->drives[i].skus[j].model, k, sizeof k);
			n = match_common_prefix(k, vkey);
			if (n >= MATCH_MIN_PREFIX && n > best)
				best = n;
		}
	/* Its aliases: a part-number stem ("MZQL2", "SB5PH27X") or a name
	 * ("9550 PRO NVMe SSD", the string lspci prints). */
	specdb_squeeze(model, qsq, sizeof qsq);
	for (const char *p = f->aliases; p != NULL && *p != '\0';) {
		const char *end = strchr(p, ';');
		char	    alias[MATCH_KEY_LEN];
		size_t	    len = end ? (size_t)(end - p) : strlen(p);

		if (len >= sizeof alias)
			len = sizeof alias - 1;
		memcpy(alias, p, len);
		alias[len] = '\0';
		p = end ? end + 1 : p + len;
		match_variant_key(alias, k, sizeof k);
		n = strlen(k);
		if (n >= MATCH_MIN_PREFIX && strncmp(vkey, k, n) == 0 && n > best)
			best = n;
		specdb_squeeze(alias, sq, sizeof sq);
		n = strlen(sq);
		if (n >= MATCH_MIN_PREFIX && strstr(qsq, sq) != NULL && n > best)
			best = n;
	}
	return best;
}

/* Match a model string. */
int
match_model(const struct spec_family *families, size_t nfamilies,
	    const char *model, uint64_t capacity_bytes, struct match_result *out)
{
	static const enum match_rule rules[] = {
		MATCH_EXACT, MATCH_NORMALISED, MATCH_VARIANT,
	};
	char   nkey[MATCH_KEY_LEN], vkey[MATCH_KEY_LEN], cap[32];
	size_t best_score = 0;

	memset(out, 0, sizeof *out);
	out->rule = MATCH_NONE;
	if (model == NULL)
		model = "";
	match_normalise(model, nkey, sizeof nkey);
	match_variant_key(model, vkey, sizeof vkey);

	for (size_t r = 0; r < sizeof rules / sizeof rules[0] && nkey[0] != '\0'; r++) {
		for (size_t fi = 0; fi < nfamilies; fi++) {
			const struct spec_family *f = &families[fi];

			for (size_t di = 0; di < f->ndrives; di++) {
				const struct spec_drive *d = &f->drives[di];
				int			 counted = 0;

				for (size_t si = 0; si < d->nskus; si++) {
					const struct spec_sku *s = &d->skus[si];

					if (s->model == NULL ||
					    !match_rule_hit(rules[r], s->model, model, nkey, vkey))
						continue;
					if (!counted) {
						out->ncandidates++;
						counted = 1;
					}
					if (match_better(d, s, out->drive, out->sku,
							 capacity_bytes)) {
						out->family = f;
						out->drive = d;
						out->sku = s;
					}
				}
			}
		}
		if (out->drive != NULL) {
			out->rule = rules[r];
			out->inferred_only = match_sku_inferred(out->sku) &&
					     (rules[r] == MATCH_VARIANT ||
					      match_inferred_only(out->drive, model));
			snprintf(out->label, sizeof out->label, "%s %s %s",
				 out->family->vendor, out->family->name,
				 fmt_capacity(out->drive->capacity_gb, cap, sizeof cap));
			return 1;
		}
	}

	for (size_t fi = 0; fi < nfamilies && vkey[0] != '\0'; fi++) {
		size_t s = match_family_score(&families[fi], model, vkey);

		if (s > best_score) {
			best_score = s;
			out->nearest = &families[fi];
		}
	}
	if (out->nearest != NULL)
		snprintf(out->label, sizeof out->label, "not in database (nearest: %s %s)",
			 out->nearest->vendor, out->nearest->name);
	else
		snprintf(out->label, sizeof out->label, "not in database");
	return 0;
}

/* Add SKU (f, d, s) at distance dist to the nearest list when it is among
 * the nearest: a nearer one starts the list over. */
static void
match_near_add(struct match_near *out, size_t *n, size_t max, const struct spec_family *f,
	       const struct spec_drive *d, const struct spec_sku *s, size_t dist)
{
	if (*n > 0 && dist > out[0].distance)
		return;
	if (*n > 0 && dist < out[0].distance)
		*n = 0;
	for (size_t i = 0; i < *n; i++)
		if (strcmp(out[i].sku->model, s->model) == 0)
			return;
	if (*n < max)
		out[(*n)++] = (struct match_near){ f, d, s, dist };
}

/* The listed SKUs nearest model by edit distance. */
size_t
match_nearest_skus(const struct spec_family *families, size_t nfamilies, const char *model,
		   struct match_near *out, size_t max)
{
	char   key[MATCH_KEY_LEN], k[MATCH_KEY_LEN];
	size_t n = 0, limit;

	match_normalise(model, key, sizeof key);
	limit = strlen(key) / 3 < 2 ? 2 : strlen(key) / 3;
	for (size_t fi = 0; fi < nfamilies && key[0] != '\0'; fi++)
		for (size_t di = 0; di < families[fi].ndrives; di++) {
			const struct spec_drive *d = &families[fi].drives[di];

			for (size_t si = 0; si < d->nskus; si++) {
				size_t dist;

				if (d->skus[si].model == NULL)
					continue;
				match_normalise(d->skus[si].model, k, sizeof k);
				dist = query_text_distance(key, k);
				if (dist <= limit)
					match_near_add(out, &n, max, &families[fi], d, &d->skus[si],
						       dist);
			}
		}
	return n;
}
