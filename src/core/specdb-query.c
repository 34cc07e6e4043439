/*
 * Typed queries: the one set of rules that turns what a user types ("cd9p",
 * "cm7-r 7.68", "KCD9XPJE7T68", "E3.S", "3 dwpd") into the families and
 * capacity points it names (struct spec_answer, see specdb.h).
 *
 * Every family is loaded (specdb_families: tens of families, a few hundred
 * drives) and matched in C.  The rules, first that applies wins:
 *
 *   id         a database id, exactly: "kioxia-cd9p-r-7680", "kioxia-cd9p-r"
 *   SKU        a part number or model string: equal, then equal normalised
 *              (case, spaces, a vendor word in front: match.h), then equal
 *              with only letters and digits; several capacity points with
 *              one string (QEMU) are a CHOICE.  Not up to a security
 *              variant: a typed KCD9FPJE7T68 is not the listed KCD9XPJE7T68
 *              (detect and check, matching what a drive reports, do fold it)
 *   no part    a word shaped like a part number (query_text_part_shaped)
 *              that is neither listed nor in a family's names or aliases
 *              (the stems "MZQL2", "SB5PH27X" are): NONE, no_such_part, the
 *              nearest listed part numbers as candidates (a truncated
 *              KCD9XPJE7T6 is not the 7.68 TB)
 *   words      otherwise the query is split into words, and each word (or a
 *              pair: "7.68 TB", "pcie 5", "3 dwpd") is a capacity, an
 *              attribute (form factor, PCIe generation, DWPD), a filler
 *              ("ssd", "nvme") or a name word.  A bare integer is a name
 *              word when some family's names contain it ("9550", "7600"),
 *              else a capacity ("7680").
 *
 * The name words, squeezed together, rank each family by tier: its name or
 * an alias (with or without the vendor) > its series ("cd9p", "micron 9550";
 * an alias equal to the series counts as the series)
 * > its vendor > a substring of those > a substring of one of its SKUs; then
 * by data: figures or review measurements > capacity points only > nothing
 * (an empty placeholder like CD9P-V).  R and V variants are never ranked
 * apart by the variant letter itself: "cm7" names both, "cm7-r" one.  A
 * capacity narrows each family to its points of that capacity (two form
 * factors: two candidates); a form factor, generation or DWPD filters.
 *
 * The text is first folded into plain ASCII (query-text.h: full-width forms,
 * decimal commas); "To" and "Go" are TB and GB.  A family named with an
 * attribute ("cm9-r u.2") is narrowed to its points having it, as a
 * capacity narrows it (a family and an attribute are AND): the family as a
 * whole only when every point has it.
 *
 * The answer is ONE when the first candidate ranks strictly above the
 * second, else a CHOICE.  A query of attributes only (or of attributes and
 * a vendor) is an ATTRIBUTE answer: one row per family when all of the
 * family's capacity points have the attribute, else one row per capacity
 * point that has it (a capacity is always per point); one with no row is
 * NONE, its attribute kept.  A NONE whose name words are typos of a
 * family's ("kioxa cd9p") carries the corrected query (suggestion) and its
 * answer's candidates.
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/format.h"
#include "core/match.h"
#include "core/query-text.h"
#include "lib/parse.h"
#include "specdb.h"

#define QUERY_WORDS	16
#define QUERY_WORD_LEN	64

/* Name tiers, best last; a score is tier * 10 + data level. */
enum query_tier {
	QT_NONE,
	QT_SKU_PART,	/* a substring of one of its SKUs */
	QT_SUBSTR,	/* a substring of its names */
	QT_VENDOR,	/* its vendor */
	QT_SERIES,	/* its series: "cd9p", "micron 9550" */
	QT_NAME,	/* its name or an alias */
	QT_EXACT = 10,	/* a database id, SKU or model string */
};

/* A query taken apart into name words and attributes. */
struct query_words {
	char	    words[QUERY_WORDS][QUERY_WORD_LEN];	/* name words, squeezed */
	size_t	    nwords;
	char	    joined[256];	/* the name words squeezed together */
	double	    cap_gb;		/* NAN: none */
	int	    cap_decimals;	/* decimals written, in TB (7T6: 1) */
	int	    ff;			/* form factor: index in query_ffs; -1 none */
	int	    gen;		/* PCIe generation; -1 none */
	double	    dwpd;		/* NAN: none */
};

/* Form factors: as shown, the squeezed words of a query that name one, and
 * the squeezed tokens of a drive's form-factor text that have it (lists
 * separated by spaces; an inch mark '"' is read as "in"). */
static const struct query_ff {
	const char *label, *names, *in_text;
} query_ffs[] = {
	{ "U.2", "u2", "u2" }, { "U.3", "u3", "u3" }, { "E1.S", "e1s", "e1s" },
	{ "E1.L", "e1l", "e1l" }, { "E3.S", "e3s", "e3s" }, { "E3.L", "e3l", "e3l" },
	{ "M.2", "m2", "m2" },
	/* The 2.5-inch SFF-8639 drives: 2.5", U.2 and U.3. */
	{ "2.5-inch", "25inch 25in sff", "25inch 25in u2 u3" },
};

/* Words that name nothing: "KIOXIA CD9P-R NVMe SSD". */
static const char *const query_fillers[] = {
	"ssd", "ssds", "nvme", "drive", "drives", "tb", "gb", "pcie", "gen", "dwpd",
};

/* The family's data level: 2 capacity points with figures or review
 * measurements, 1 capacity points only, 0 no capacity point (a placeholder,
 * whatever family-wide figure it has: nothing to show, run or check). */
static int
query_data_level(const struct spec_family *f)
{
	if (f->ndrives == 0)
		return 0;
	return f->nfigures > 0 || f->nmeasurements > 0 ? 2 : 1;
}

/* Parse a plain number ("7.68"); its decimals in *dec. */
static int
query_number(const char *s, double *v, int *dec)
{
	const char *dot = strchr(s, '.');

	if (s[0] == '\0' || !isdigit((unsigned char)s[0]) ||
	    parse_double(s, 0, 1e7, v) < 0)
		return -1;
	*dec = dot != NULL ? (int)strlen(dot + 1) : 0;
	return 0;
}

/* A capacity unit: 't' for "tb", "t" and the French "to", 'g' for "gb" and
 * "go" (and "g" when it is a suffix, not a word of its own), '\0' for none
 * (""), -1 for anything else. */
static int
query_unit(const char *u, int word)
{
	if (u[0] == '\0')
		return word ? -1 : '\0';
	if (strcmp(u, "tb") == 0 || strcmp(u, "t") == 0 || strcmp(u, "to") == 0)
		return 't';
	if (strcmp(u, "gb") == 0 || strcmp(u, "go") == 0 || (!word && strcmp(u, "g") == 0))
		return 'g';
	return -1;
}

/* A capacity word: "7.68TB", "7680GB", "15.36To", "7T68", "15T3", "7.68"
 * (with unit the next word when it is one: "7.68 TB", "15.36 To").  1 when
 * it is one. */
static int
query_capacity(const char *w, const char *next, double *gb, int *dec, int *used_next)
{
	char   num[32], *t;
	size_t n = strlen(w);
	double v, frac;
	int    d, fd;

	*used_next = 0;
	if (n == 0 || n >= sizeof num || !isdigit((unsigned char)w[0]))
		return 0;
	snprintf(num, sizeof num, "%s", w);
	/* KIOXIA's part-number style: 7T68 = 7.68 TB. */
	t = strchr(num, 't');
	if (t != NULL && t[1] != '\0' && isdigit((unsigned char)t[1])) {
		*t = '\0';
		if (query_number(num, &v, &d) < 0 || d > 0 || query_number(t + 1, &frac, &fd) < 0 ||
		    fd > 0)
			return 0;
		fd = (int)strlen(t + 1);
		*gb = (v + frac / pow(10, fd)) * 1000;
		*dec = fd;
		return 1;
	}
	while (n > 0 && isalpha((unsigned char)num[n - 1]))
		n--;
	{
		int unit = query_unit(num + n, 0);

		if (unit < 0)
			return 0;
		if (unit == '\0' && next != NULL && query_unit(next, 1) > 0) {
			unit = query_unit(next, 1);
			*used_next = 1;
		}
		num[n] = '\0';
		if (query_number(num, &v, &d) < 0 || v <= 0)
			return 0;
		/* No unit: small numbers are TB (7.68), large ones GB (7680). */
		if (unit == 't' || (unit == '\0' && v < 200)) {
			*gb = v * 1000;
			*dec = d;
		} else {
			*gb = v;
			*dec = d + 3;
		}
	}
	return 1;
}

/* Does a capacity point of cap_gb fit a capacity written with dec decimals
 * (in TB): equal when rounded or truncated to them (15T3 is 15.36 TB). */
static int
query_capacity_fits(double cap_gb, double q_gb, int dec)
{
	double scale = pow(10, dec > 6 ? 6 : dec);
	double p = cap_gb / 1000 * scale, q = q_gb / 1000 * scale;

	return fabs(p - q) < 0.5 + 1e-9 || fabs(floor(p + 1e-9) - q) < 1e-6;
}

/* A PCIe generation word: "gen5", "pcie5", "pcie5.0", "pciegen5".  */
static int
query_gen(const char *w)
{
	const char *p = w;
	long	    g;

	if (strncmp(p, "pcie", 4) == 0)
		p += 4;
	if (*p == '-')
		p++;
	if (strncmp(p, "gen", 3) == 0)
		p += 3;
	if (p == w || *p == '\0')
		return -1;
	if (strcmp(p + 1, ".0") == 0 || p[1] == '\0') {
		char d[2] = { p[0], '\0' };

		if (parse_long(d, 1, 9, &g) == 0)
			return (int)g;
	}
	return -1;
}

/* A DWPD word: "3dwpd", "1.0dwpd"; NAN if not. */
static double
query_dwpd(const char *w)
{
	char   num[32];
	size_t n = strlen(w);
	double v;
	int    d;

	if (n <= 4 || n >= sizeof num || strcmp(w + n - 4, "dwpd") != 0)
		return NAN;
	snprintf(num, sizeof num, "%.*s", (int)(n - 4), w);
	return query_number(num, &v, &d) == 0 ? v : NAN;
}

/* Is w one of the space-separated words of list? */
static bool
query_listed(const char *list, const char *w)
{
	size_t n = strlen(w);

	for (const char *p = list; *p != '\0';) {
		size_t k = strcspn(p, " ");

		if (k == n && strncmp(p, w, n) == 0)
			return true;
		p += k + (p[k] == ' ');
	}
	return false;
}

/* w squeezed, its inch marks read as "in" (2.5" is 25in). */
static void
query_ff_squeeze(const char *w, char *sq, size_t len)
{
	char   buf[QUERY_WORD_LEN * 2];
	size_t o = 0;

	for (; *w != '\0' && o + 3 < sizeof buf; w++) {
		if (*w == '"') {
			buf[o++] = 'i';
			buf[o++] = 'n';
		} else {
			buf[o++] = *w;
		}
	}
	buf[o] = '\0';
	specdb_squeeze(buf, sq, len);
}

/* Is w a form factor word?  Its index in query_ffs, or -1. */
static int
query_ff(const char *w)
{
	char sq[QUERY_WORD_LEN * 2];

	query_ff_squeeze(w, sq, sizeof sq);
	for (size_t i = 0; sq[0] != '\0' && i < sizeof query_ffs / sizeof query_ffs[0]; i++)
		if (query_listed(query_ffs[i].names, sq))
			return (int)i;
	return -1;
}

/* Is w a filler word? */
static int
query_filler(const char *w)
{
	for (size_t i = 0; i < sizeof query_fillers / sizeof query_fillers[0]; i++)
		if (strcmp(w, query_fillers[i]) == 0)
			return 1;
	return 0;
}

/* Does any family's names contain the squeezed text? */
static int
query_names_contain(const struct spec_family *fams, size_t n, const char *sq)
{
	char buf[512];

	for (size_t i = 0; i < n; i++) {
		snprintf(buf, sizeof buf, "%s %s %s %s", fams[i].vendor, fams[i].name,
			 fams[i].series ? fams[i].series : "", fams[i].aliases ? fams[i].aliases : "");
		specdb_squeeze(buf, buf, sizeof buf);
		if (strstr(buf, sq) != NULL)
			return 1;
	}
	return 0;
}

/* Add a name word. */
static void
query_add_word(struct query_words *q, const char *w)
{
	size_t o = strlen(q->joined);

	if (q->nwords == QUERY_WORDS)
		return;
	specdb_squeeze(w, q->words[q->nwords], QUERY_WORD_LEN);
	if (q->words[q->nwords][0] == '\0')
		return;
	snprintf(q->joined + o, sizeof q->joined - o, "%s", q->words[q->nwords]);
	q->nwords++;
}

/* Split the query into lower-case words. */
static size_t
query_split(const char *query, char words[][QUERY_WORD_LEN], size_t max)
{
	size_t n = 0, j = 0;

	for (const char *p = query;; p++) {
		unsigned char c = (unsigned char)*p;

		if (c == '\0' || isspace(c) || strchr(",;()[]", c) != NULL) {
			if (j > 0 && n < max)
				words[n++][j] = '\0';
			j = 0;
			if (c == '\0')
				break;
			continue;
		}
		if (n < max && j + 1 < QUERY_WORD_LEN)
			words[n][j++] = (char)tolower(c);
	}
	return n;
}

/* Classify word i (and maybe its successors); returns the words used. */
static size_t
query_classify(struct query_words *q, const struct spec_family *fams, size_t nfams,
	       char w[][QUERY_WORD_LEN], size_t n, size_t i)
{
	const char *next = i + 1 < n ? w[i + 1] : NULL;
	char	    pair[2 * QUERY_WORD_LEN + 1], sq[QUERY_WORD_LEN];
	double	    gb, v;
	int	    dec, used, k;

	/* "pcie 5", "pcie gen 5", "gen 5": join and retry. */
	if (next != NULL && (strcmp(w[i], "pcie") == 0 || strcmp(w[i], "gen") == 0)) {
		snprintf(pair, sizeof pair, "%s%s", w[i], next);
		if (query_gen(pair) > 0)
			return q->gen = query_gen(pair), 2;
		if (i + 2 < n && strcmp(next, "gen") == 0) {
			snprintf(pair, sizeof pair, "pciegen%s", w[i + 2]);
			if (query_gen(pair) > 0)
				return q->gen = query_gen(pair), 3;
		}
	}
	if (query_gen(w[i]) > 0)
		return q->gen = query_gen(w[i]), 1;
	if (next != NULL && strcmp(next, "dwpd") == 0 && query_number(w[i], &v, &dec) == 0)
		return q->dwpd = v, 2;
	if (!isnan(v = query_dwpd(w[i])))
		return q->dwpd = v, 1;
	/* "2.5 inch", "2.5 in": one word. */
	if (next != NULL && (strcmp(next, "inch") == 0 || strcmp(next, "in") == 0)) {
		snprintf(pair, sizeof pair, "%s%s", w[i], next);
		if ((k = query_ff(pair)) >= 0)
			return q->ff = k, 2;
	}
	if ((k = query_ff(w[i])) >= 0)
		return q->ff = k, 1;
	if (query_filler(w[i]))
		return 1;
	/* A bare integer is a name when a family's names hold it ("9550"). */
	specdb_squeeze(w[i], sq, sizeof sq);
	if (strspn(w[i], "0123456789") == strlen(w[i]) && query_names_contain(fams, nfams, sq)) {
		query_add_word(q, w[i]);
		return 1;
	}
	if (query_capacity(w[i], next, &gb, &dec, &used)) {
		q->cap_gb = gb;
		q->cap_decimals = dec;
		return 1 + (size_t)used;
	}
	query_add_word(q, w[i]);
	return 1;
}

/* Take a query apart. */
static void
query_parse(const char *query, const struct spec_family *fams, size_t nfams,
	    struct query_words *q)
{
	char   w[QUERY_WORDS][QUERY_WORD_LEN];
	size_t n = query_split(query, w, QUERY_WORDS);

	memset(q, 0, sizeof *q);
	q->cap_gb = NAN;
	q->dwpd = NAN;
	q->gen = -1;
	q->ff = -1;
	for (size_t i = 0; i < n;)
		i += query_classify(q, fams, nfams, w, n, i);
}

/* Is the squeezed text equal to (eq) or does it contain (!eq) q? */
static int
query_text_hit(const char *text1, const char *text2, const char *q, int eq)
{
	char buf[512], sq[512];

	snprintf(buf, sizeof buf, "%s%s%s", text1 ? text1 : "", text2 ? " " : "",
		 text2 ? text2 : "");
	specdb_squeeze(buf, sq, sizeof sq);
	if (sq[0] == '\0')
		return 0;
	return eq ? strcmp(sq, q) == 0 : strstr(sq, q) != NULL;
}

/* Does q equal (eq) or lie in (!eq) the family's name or an alias, with or
 * without the vendor in front? */
static int
query_name_hit(const struct spec_family *f, const char *q, int eq)
{
	const char *p = f->aliases;

	if (query_text_hit(f->name, NULL, q, eq) || query_text_hit(f->vendor, f->name, q, eq))
		return 1;
	while (p != NULL && *p != '\0') {
		const char *end = strchr(p, ';');
		char	    alias[256];
		size_t	    len = end ? (size_t)(end - p) : strlen(p);

		snprintf(alias, sizeof alias, "%.*s", (int)len, p);
		if (query_text_hit(alias, NULL, q, eq) || query_text_hit(f->vendor, alias, q, eq))
			return 1;
		p = end ? end + 1 : p + len;
	}
	return 0;
}

/* Is every name word somewhere in the family's names? */
static int
query_words_hit(const struct spec_family *f, const struct query_words *q)
{
	char buf[768], sq[768];

	snprintf(buf, sizeof buf, "%s %s %s %s %s", f->vendor, f->vendor_id, f->name,
		 f->series ? f->series : "", f->aliases ? f->aliases : "");
	specdb_squeeze(buf, sq, sizeof sq);
	for (size_t i = 0; i < q->nwords; i++)
		if (strstr(sq, q->words[i]) == NULL)
			return 0;
	return q->nwords > 0;
}

/* The tier at which the name words name a family (QT_NONE: not). */
static enum query_tier
query_family_tier(const struct spec_family *f, const struct query_words *q)
{
	const char *j = q->joined;

	if (j[0] == '\0')
		return QT_NONE;
	/* The series first: an alias "CM7" on CM7-R does not make "cm7" the R. */
	if (query_text_hit(f->series, NULL, j, 1) || query_text_hit(f->vendor, f->series, j, 1))
		return QT_SERIES;
	if (query_name_hit(f, j, 1))
		return QT_NAME;
	if (query_text_hit(f->vendor, NULL, j, 1) || query_text_hit(f->vendor_id, NULL, j, 1))
		return QT_VENDOR;
	if (query_name_hit(f, j, 0) || query_words_hit(f, q))
		return QT_SUBSTR;
	return QT_NONE;
}

/* The answer being built, with its arena. */
struct query_build {
	struct arena	   *a;
	struct spec_answer *out;
	size_t		    cap;
};

/* Append a candidate. */
static struct spec_candidate *
query_add(struct query_build *b, const struct spec_family *f, const struct spec_drive *d,
	  const char *matched, int score)
{
	struct spec_answer    *o = b->out;
	struct spec_candidate *c;
	char		       label[256];

	if (o->ncands == b->cap) {
		b->cap = b->cap ? b->cap * 2 : 16;
		o->cands = arena_grow(b->a, o->cands, sizeof *o->cands, o->ncands, b->cap);
	}
	c = &o->cands[o->ncands++];
	memset(c, 0, sizeof *c);
	c->family_id = f->id;
	c->drive_id = d != NULL ? d->id : NULL;
	c->label = arena_strdup(b->a, specdb_drive_label(f, d, true, label, sizeof label));
	c->matched = arena_strdup(b->a, matched);
	c->score = score;
	return c;
}

/* A database id, exactly (any case). */
static int
query_by_id(struct query_build *b, const char *query)
{
	const struct spec_answer *o = b->out;

	for (size_t i = 0; i < o->nfamilies; i++) {
		const struct spec_family *f = &o->families[i];

		if (strcasecmp(f->id, query) == 0)
			query_add(b, f, NULL, "database id", QT_EXACT * 10);
		for (size_t k = 0; k < f->ndrives; k++)
			if (strcasecmp(f->drives[k].id, query) == 0)
				query_add(b, f, &f->drives[k], "database id", QT_EXACT * 10);
	}
	return b->out->ncands > 0;
}

/* Does SKU s equal the query under rule r (r past MATCH_VARIANT: equal when
 * squeezed to letters and digits)? */
static int
query_sku_hit(int r, const struct spec_sku *s, const char *query, const char *sq)
{
	char k[256];

	if (r <= MATCH_VARIANT)
		return match_sku_hit((enum match_rule)r, s->model, query);
	specdb_squeeze(s->model, k, sizeof k);
	return k[0] != '\0' && strcmp(k, sq) == 0;
}

/* Is a SKU of status "inferred"? */
static bool
query_inferred(const struct spec_sku *s)
{
	return s->status != NULL && strcmp(s->status, "inferred") == 0;
}

/* The SKU of d to show for a query that equals some of its SKUs under rule
 * r (or exactly, or normalised): one not inferred if any, so an inferred
 * one means only inferred ones match. */
static const struct spec_sku *
query_sku_pick(const struct spec_drive *d, int r, const char *query, const char *sq)
{
	const struct spec_sku *pick = NULL;

	for (size_t i = 0; i < d->nskus; i++) {
		const struct spec_sku *s = &d->skus[i];

		if (!query_sku_hit(r, s, query, sq) && !match_sku_hit(MATCH_EXACT, s->model, query) &&
		    !match_sku_hit(MATCH_NORMALISED, s->model, query))
			continue;
		if (pick == NULL || (query_inferred(pick) && !query_inferred(s)))
			pick = s;
	}
	return pick;
}

/* A part number or model string: the first rule that finds any. */
static int
query_by_sku(struct query_build *b, const char *query, const char *sq)
{
	const struct spec_answer *o = b->out;

	for (int r = MATCH_EXACT; r <= MATCH_VARIANT + 1 && o->ncands == 0; r++)
		for (size_t i = 0; r != MATCH_VARIANT && i < o->nfamilies; i++)
			for (size_t k = 0; k < o->families[i].ndrives; k++) {
				const struct spec_family *f = &o->families[i];
				const struct spec_drive	 *d = &f->drives[k];
				size_t			  s;

				for (s = 0; s < d->nskus; s++)
					if (query_sku_hit(r, &d->skus[s], query, sq))
						break;
				if (s < d->nskus)
					query_add(b, f, d, d->skus[s].model, QT_EXACT * 10)->sku =
						query_sku_pick(d, r, query, sq);
			}
	return o->ncands > 0;
}

/* The first SKU of f holding the squeezed text (at least 3 characters). */
static const struct spec_drive *
query_sku_part(const struct spec_family *f, const char *j, size_t *ndrives)
{
	const struct spec_drive *first = NULL;

	*ndrives = 0;
	for (size_t k = 0; strlen(j) >= 3 && k < f->ndrives; k++)
		for (size_t s = 0; s < f->drives[k].nskus; s++) {
			char sq[256];

			specdb_squeeze(f->drives[k].skus[s].model, sq, sizeof sq);
			if (strstr(sq, j) != NULL) {
				if (first == NULL)
					first = &f->drives[k];
				(*ndrives)++;
				break;
			}
		}
	return first;
}

/* Does a form-factor text ("2.5\" U.2/U.3 15 mm; E3.S") have form factor
 * ff: is one of its tokens in ff's in_text? */
static int
query_ff_in(const char *text, const struct query_ff *ff)
{
	char buf[256], *save = NULL;

	if (text == NULL)
		return 0;
	snprintf(buf, sizeof buf, "%s", text);
	for (char *t = strtok_r(buf, " ;/,()", &save); t != NULL; t = strtok_r(NULL, " ;/,()", &save)) {
		char sq[64];

		query_ff_squeeze(t, sq, sizeof sq);
		if (sq[0] != '\0' && query_listed(ff->in_text, sq))
			return 1;
	}
	return 0;
}

/* Does capacity point d (NULL: the family as a whole) of f have every
 * attribute of q (capacity only when with_cap)? */
static int
query_has(const struct spec_family *f, const struct spec_drive *d,
	  const struct query_words *q, int with_cap)
{
	double dwpd = d != NULL && !isnan(d->dwpd) ? d->dwpd : f->dwpd;

	if (q->gen > 0 && f->pcie_gen != q->gen)
		return 0;
	if (!isnan(q->dwpd) && (isnan(dwpd) || fabs(dwpd - q->dwpd) > 0.05))
		return 0;
	if (q->ff >= 0 &&
	    !query_ff_in(d != NULL && d->form_factor != NULL ? d->form_factor : f->form_factors,
			 &query_ffs[q->ff]))
		return 0;
	if (with_cap && !isnan(q->cap_gb) &&
	    (d == NULL || !query_capacity_fits(d->capacity_gb, q->cap_gb, q->cap_decimals)))
		return 0;
	return 1;
}

/* Does the query carry an attribute other than a capacity? */
static int
query_has_attribute(const struct query_words *q)
{
	return q->gen > 0 || !isnan(q->dwpd) || q->ff >= 0;
}

/* The capacity the points that fit q's share ("15T3" is 15.36 TB); q's own
 * when none fits or they differ. */
static double
query_capacity_shown(const struct spec_family *fams, size_t nfams, const struct query_words *q)
{
	double cap = NAN;

	for (size_t i = 0; i < nfams; i++)
		for (size_t k = 0; k < fams[i].ndrives; k++) {
			double c = fams[i].drives[k].capacity_gb;

			if (!query_capacity_fits(c, q->cap_gb, q->cap_decimals))
				continue;
			if (!isnan(cap) && fabs(c - cap) > 1e-9)
				return q->cap_gb;
			cap = c;
		}
	return isnan(cap) ? q->cap_gb : cap;
}

/* The attribute phrase: "capacity 7.68 TB, PCIe Gen5". */
static const char *
query_attribute_text(struct arena *a, const struct spec_family *fams, size_t nfams,
		     const struct query_words *q)
{
	char   buf[256], num[32];
	size_t o = 0;

	buf[0] = '\0';
	if (!isnan(q->cap_gb))
		o += (size_t)snprintf(buf + o, sizeof buf - o, "capacity %s",
				      fmt_capacity(query_capacity_shown(fams, nfams, q), num,
						   sizeof num));
	if (q->ff >= 0 && o < sizeof buf)
		o += (size_t)snprintf(buf + o, sizeof buf - o, "%sform factor %s", o ? ", " : "",
				      query_ffs[q->ff].label);
	if (q->gen > 0 && o < sizeof buf)
		o += (size_t)snprintf(buf + o, sizeof buf - o, "%sPCIe Gen%d", o ? ", " : "", q->gen);
	if (!isnan(q->dwpd) && o < sizeof buf)
		snprintf(buf + o, sizeof buf - o, "%s%s DWPD", o ? ", " : "",
			 fmt_number(q->dwpd, q->dwpd == floor(q->dwpd) ? 0 : 1, num, sizeof num));
	return arena_strdup(a, buf);
}

/* Add the rows of one family to an attribute answer. */
static void
query_attribute_family(struct query_build *b, const struct spec_family *f,
		       const struct query_words *q, const char *attr)
{
	size_t have = 0;

	for (size_t k = 0; k < f->ndrives; k++)
		have += (size_t)query_has(f, &f->drives[k], q, 1);
	if (isnan(q->cap_gb) && (f->ndrives == 0 ? query_has(f, NULL, q, 0) : have == f->ndrives)) {
		query_add(b, f, NULL, attr, 0);
		return;
	}
	for (size_t k = 0; have > 0 && k < f->ndrives; k++)
		if (query_has(f, &f->drives[k], q, 1))
			query_add(b, f, &f->drives[k], attr, 0);
}

/* An attribute answer: every family (of the vendor named, if one is) or
 * capacity point that has the attributes. */
static void
query_attribute(struct query_build *b, const struct query_words *q)
{
	struct spec_answer *o = b->out;
	char		    buf[600];

	o->kind = SPEC_ANSWER_ATTRIBUTE;
	o->attribute = query_attribute_text(b->a, o->families, o->nfamilies, q);
	if (q->nwords > 0) {
		snprintf(buf, sizeof buf, "%s (%s)", o->attribute, q->joined);
		o->attribute = arena_strdup(b->a, buf);
	}
	for (size_t i = 0; i < o->nfamilies; i++)
		if (q->nwords == 0 || query_family_tier(&o->families[i], q) != QT_NONE)
			query_attribute_family(b, &o->families[i], q, o->attribute);
}

/* The family candidates the name words find, before any capacity. */
static void
query_by_name(struct query_build *b, const struct query_words *q)
{
	struct spec_answer *o = b->out;

	for (size_t i = 0; i < o->nfamilies; i++) {
		const struct spec_family *f = &o->families[i];
		enum query_tier		  t = query_family_tier(f, q);
		const struct spec_drive	 *d;
		size_t			  nd;

		if (t != QT_NONE) {
			query_add(b, f, NULL, q->joined, (int)t * 10 + query_data_level(f));
			continue;
		}
		/* A partial part number: one capacity point, else the family. */
		d = query_sku_part(f, q->joined, &nd);
		if (d != NULL)
			query_add(b, f, nd == 1 ? d : NULL, d->skus[0].model,
				  QT_SKU_PART * 10 + query_data_level(f));
	}
}

/* Does every capacity point of f have q's attributes (and the family, when
 * it has no point)? */
static int
query_all_points_have(const struct spec_family *f, const struct query_words *q)
{
	if (f->ndrives == 0)
		return query_has(f, NULL, q, 0);
	for (size_t k = 0; k < f->ndrives; k++)
		if (!query_has(f, &f->drives[k], q, 0))
			return 0;
	return 1;
}

/* Narrow family candidates to their capacity points having the query's
 * capacity and attributes (the family whole when every point has them). */
static void
query_narrow(struct query_build *b, const struct query_words *q, struct spec_candidate *fams,
	     size_t n)
{
	struct spec_answer *o = b->out;

	o->ncands = 0;
	for (size_t i = 0; i < n; i++) {
		const struct spec_family *f = specdb_find_family(o->families, o->nfamilies,
								 fams[i].family_id);
		int			  with_cap = !isnan(q->cap_gb);

		if (fams[i].drive_id != NULL || (!with_cap && query_all_points_have(f, q))) {
			const struct spec_drive *d = NULL;

			if (fams[i].drive_id != NULL)
				specdb_find_drive(f, 1, fams[i].drive_id, &d);
			if (d == NULL || query_has(f, d, q, with_cap))
				o->cands[o->ncands++] = fams[i];
			continue;
		}
		for (size_t k = 0; k < f->ndrives; k++)
			if (query_has(f, &f->drives[k], q, with_cap))
				query_add(b, f, &f->drives[k], fams[i].matched, fams[i].score);
	}
}

/* Sort candidates by score, best first, keeping database order in ties. */
static void
query_sort(struct spec_candidate *c, size_t n)
{
	for (size_t i = 1; i < n; i++) {
		struct spec_candidate x = c[i];
		size_t		      k = i;

		for (; k > 0 && c[k - 1].score < x.score; k--)
			c[k] = c[k - 1];
		c[k] = x;
	}
}

/* A capacity range: "1.92-30.72 TB"; "" with no points. */
static char *
query_capacities(const struct spec_family *f, char *buf, size_t len)
{
	char lo[32], hi[32];

	buf[0] = '\0';
	if (f->ndrives == 1)
		fmt_capacity(f->drives[0].capacity_gb, buf, len);
	else if (f->ndrives > 1)
		snprintf(buf, len, "%s-%s", fmt_capacity(f->drives[0].capacity_gb, lo, sizeof lo),
			 fmt_capacity(f->drives[f->ndrives - 1].capacity_gb, hi, sizeof hi));
	return buf;
}

/* What sets a candidate apart: "mixed-use, 3 DWPD, 1.6-6.4 TB, reviewed". */
static const char *
query_distinct(struct arena *a, const struct spec_family *f, const struct spec_drive *d)
{
	char   buf[256], num[32], caps[64];
	double dwpd = d != NULL && !isnan(d->dwpd) ? d->dwpd : f->dwpd;
	size_t o = 0, nmeas = d != NULL ? d->nmeasurements : f->nmeasurements;

	if (query_data_level(f) == 0)
		return f->nfigures > 0 ? "placeholder: no capacity points, family figures only"
				       : "placeholder: no capacity points or figures";
	buf[0] = '\0';
	if (f->segment != NULL)
		o += (size_t)snprintf(buf, sizeof buf, "%s", f->segment);
	if (!isnan(dwpd) && o < sizeof buf)
		o += (size_t)snprintf(buf + o, sizeof buf - o, "%s%s DWPD", o ? ", " : "",
				      fmt_number(dwpd, dwpd == floor(dwpd) ? 0 : 1, num, sizeof num));
	if (d != NULL && d->form_factor != NULL && o < sizeof buf)
		o += (size_t)snprintf(buf + o, sizeof buf - o, "%s%s", o ? ", " : "", d->form_factor);
	if (d == NULL && f->ndrives > 0 && o < sizeof buf)
		o += (size_t)snprintf(buf + o, sizeof buf - o, "%s%s", o ? ", " : "",
				      query_capacities(f, caps, sizeof caps));
	if (o < sizeof buf)
		o += (size_t)snprintf(buf + o, sizeof buf - o, "%s%s", o ? ", " : "",
				      nmeas > 0 ? "reviewed"
				      : f->nfigures > 0 ? "spec sheet only, not reviewed"
				      : "capacity points only, no figures");
	return arena_strdup(a, buf);
}

/* Set the answer kind and every candidate's distinguishing line. */
static void
query_finish(struct query_build *b)
{
	struct spec_answer *o = b->out;

	for (size_t i = 0; i < o->ncands; i++) {
		struct spec_candidate	 *c = &o->cands[i];
		const struct spec_drive	 *d = NULL;
		const struct spec_family *f = c->drive_id != NULL
			? specdb_find_drive(o->families, o->nfamilies, c->drive_id, &d)
			: specdb_find_family(o->families, o->nfamilies, c->family_id);

		c->distinct = query_distinct(b->a, f, d);
	}
	if (o->kind == SPEC_ANSWER_ATTRIBUTE) {
		if (o->ncands == 0)
			o->kind = SPEC_ANSWER_NONE;
		return;
	}
	query_sort(o->cands, o->ncands);
	if (o->ncands == 0)
		o->kind = SPEC_ANSWER_NONE;
	else if (o->ncands == 1 || o->cands[0].score > o->cands[1].score)
		o->kind = SPEC_ANSWER_ONE;
	else
		o->kind = SPEC_ANSWER_CHOICE;
}

/* Nothing matched: keep as the nearest the named families a capacity or
 * attribute ruled out, else the family a part number resembles. */
static void
query_nearest(struct query_build *b, const char *query, struct spec_candidate *named,
	      size_t nnamed)
{
	struct spec_answer *o = b->out;
	struct match_result m;

	o->ncands = 0;
	for (size_t i = 0; i < nnamed && i < 4; i++)
		o->cands[o->ncands++] = named[i];
	if (o->ncands == 0 && match_model(o->families, o->nfamilies, query, 0, &m) == 0 &&
	    m.nearest != NULL)
		query_add(b, m.nearest, NULL, "nearest", 0);
	for (size_t i = 0; i < o->ncands; i++) {
		const struct spec_family *f = specdb_find_family(o->families, o->nfamilies,
								 o->cands[i].family_id);
		char			  caps[64], buf[128];

		snprintf(buf, sizeof buf, "has %s", query_capacities(f, caps, sizeof caps));
		o->cands[i].distinct = arena_strdup(b->a, f->ndrives ? buf : "no capacity points");
	}
	o->kind = SPEC_ANSWER_NONE;
}

/* Could word w be a misspelt name word: letters first, four or more
 * characters, and not a filler or an attribute? */
static int
query_typo_candidate(const char *w)
{
	return strlen(w) >= 4 && isalpha((unsigned char)w[0]) && !query_filler(w) &&
	       query_ff(w) < 0 && query_gen(w) < 0 && isnan(query_dwpd(w));
}

/* The word of the families' names (vendor, name, series, aliases; squeezed)
 * nearest sq within the typo limit, into best; 0 when none is. */
static int
query_nearest_word(const struct spec_family *fams, size_t n, const char *sq, char *best,
		   size_t len)
{
	size_t limit = query_text_typo_limit(strlen(sq)), bestd = limit + 1;

	for (size_t i = 0; i < n; i++) {
		char buf[512], *save = NULL;

		snprintf(buf, sizeof buf, "%s %s %s %s", fams[i].vendor, fams[i].name,
			 fams[i].series ? fams[i].series : "", fams[i].aliases ? fams[i].aliases : "");
		for (char *t = strtok_r(buf, " ;_", &save); t != NULL; t = strtok_r(NULL, " ;_", &save)) {
			char   k[QUERY_WORD_LEN];
			size_t d;

			specdb_squeeze(t, k, sizeof k);
			if (strlen(k) < 3 || (d = query_text_distance(sq, k)) >= bestd)
				continue;
			bestd = d;
			snprintf(best, len, "%s", k);
		}
	}
	return bestd <= limit;
}

/* The query with each word no family's names hold replaced by the nearest
 * word of their names (a typo: "kioxa" -> "kioxia"); 0 when none was. */
static int
query_correct(const struct spec_family *fams, size_t n, const char *query, char *out,
	      size_t len)
{
	char   w[QUERY_WORDS][QUERY_WORD_LEN], sq[QUERY_WORD_LEN], best[QUERY_WORD_LEN];
	size_t nw = query_split(query, w, QUERY_WORDS), o = 0;
	int    changed = 0;

	out[0] = '\0';
	for (size_t i = 0; i < nw && o < len; i++) {
		const char *pick = w[i];

		specdb_squeeze(w[i], sq, sizeof sq);
		if (query_typo_candidate(w[i]) && !query_names_contain(fams, n, sq) &&
		    query_nearest_word(fams, n, sq, best, sizeof best)) {
			pick = best;
			changed = 1;
		}
		o += (size_t)snprintf(out + o, len - o, "%s%s", o ? " " : "", pick);
	}
	return changed && o < len;
}

/* Nothing matched and nothing was named: when the name words are typos,
 * the corrected query and its candidates (NONE stays NONE). */
static int
query_suggest(struct query_build *b, const char *query)
{
	struct spec_answer *o = b->out, alt;
	struct dd_error	    err = { 0 };
	char		    fixed[256];

	if (!query_correct(o->families, o->nfamilies, query, fixed, sizeof fixed) ||
	    specdb_query_families(o->families, o->nfamilies, fixed, b->a, &alt, &err) < 0 ||
	    alt.kind == SPEC_ANSWER_NONE)
		return 0;
	o->suggestion = arena_strdup(b->a, fixed);
	o->cands = alt.cands;
	/* A ONE's other matches are not what the user meant. */
	o->ncands = alt.kind == SPEC_ANSWER_ONE ? 1 : alt.ncands < 4 ? alt.ncands : 4;
	b->cap = o->ncands;
	o->kind = SPEC_ANSWER_NONE;
	return 1;
}

/* A query shaped like a part number the sources do not list (not a SKU,
 * nor in a family's names or aliases): NONE, no_such_part, the nearest
 * listed part numbers as candidates.  0 when it is not such a query. */
static int
query_no_part(struct query_build *b, const char *query)
{
	struct spec_answer *o = b->out;
	struct match_near   near[4];
	char		    key[128], sq[128], what[160];
	size_t		    n;

	match_normalise(query, key, sizeof key);
	specdb_squeeze(key, sq, sizeof sq);
	if (strchr(key, ' ') != NULL || !query_text_part_shaped(key) ||
	    query_names_contain(o->families, o->nfamilies, sq))
		return 0;
	n = match_nearest_skus(o->families, o->nfamilies, query, near, 4);
	for (size_t i = 0; i < n; i++) {
		struct spec_candidate *c = query_add(b, near[i].family, near[i].drive,
						     near[i].sku->model, 0);

		c->sku = near[i].sku;
		snprintf(what, sizeof what, "%s %s", near[i].sku->kind, near[i].sku->model);
		c->distinct = arena_strdup(b->a, what);
	}
	o->kind = SPEC_ANSWER_NONE;
	o->no_such_part = true;
	return 1;
}

/* Resolve the name words (and capacity, attributes) of a query. */
static void
query_by_words(struct query_build *b, const char *query, const struct query_words *q)
{
	struct spec_answer    *o = b->out;
	struct spec_candidate *named;
	size_t		       nnamed;
	int		       best = 0;

	query_by_name(b, q);
	for (size_t i = 0; i < o->ncands; i++)
		best = o->cands[i].score > best ? o->cands[i].score : best;
	/* Attributes with a vendor (or nothing) named: a table. */
	if (query_has_attribute(q) && best < QT_SERIES * 10) {
		o->ncands = 0;
		query_attribute(b, q);
		query_finish(b);
		return;
	}
	nnamed = o->ncands;
	named = arena_alloc(b->a, sizeof *named * (nnamed + 1));
	if (nnamed > 0)
		memcpy(named, o->cands, sizeof *named * nnamed);
	query_sort(named, nnamed);
	if (!isnan(q->cap_gb) || query_has_attribute(q))
		query_narrow(b, q, named, nnamed);
	query_finish(b);
	if (o->ncands == 0 && (nnamed > 0 || !query_suggest(b, query)))
		query_nearest(b, query, named, nnamed);
}

/* Resolve a typed query. */
int
specdb_query(struct specdb *db, const char *query, struct arena *a, struct spec_answer *out,
	     struct dd_error *err)
{
	struct spec_family *fams;
	size_t		    n;
	int		    rc;

	memset(out, 0, sizeof *out);
	out->capacity_gb = NAN;
	if ((rc = specdb_families(db, a, &fams, &n, err)) < 0)
		return rc;
	return specdb_query_families(fams, n, query, a, out, err);
}

/* Resolve a typed query against families already loaded. */
int
specdb_query_families(const struct spec_family *fams, size_t nfams, const char *query,
		      struct arena *a, struct spec_answer *out, struct dd_error *err)
{
	struct query_build b = { a, out, 0 };
	struct query_words q;
	char		   sq[256], folded[256];

	memset(out, 0, sizeof *out);
	out->capacity_gb = NAN;
	/* The sources' own forms: "7,68 TB", "15.36TB（E3.S）". */
	query_text_fold(query, folded, sizeof folded);
	query = folded;
	specdb_squeeze(query, sq, sizeof sq);
	if (sq[0] == '\0')
		return dd_error_set(err, -EINVAL, "the query '%s' has no letters or digits", query);
	out->families = fams;
	out->nfamilies = nfams;
	if (query_by_id(&b, query) || query_by_sku(&b, query, sq)) {
		query_finish(&b);
		return 0;
	}
	if (query_no_part(&b, query))
		return 0;
	query_parse(query, out->families, out->nfamilies, &q);
	out->capacity_gb = q.cap_gb;
	if (q.nwords == 0 && (!isnan(q.cap_gb) || query_has_attribute(&q))) {
		query_attribute(&b, &q);
		query_finish(&b);
		return 0;
	}
	query_by_words(&b, query, &q);
	return 0;
}

/* The candidates' labels joined ("A or B", "A, B"), with each part number
 * when with_sku: "KCD9XPJE7T68 (KIOXIA CD9P-R 7.68 TB)". */
static void
query_none_labels(const struct spec_answer *ans, int with_sku, const char *sep, char *buf,
		  size_t len)
{
	size_t o = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < ans->ncands && o < len; i++) {
		const struct spec_candidate *c = &ans->cands[i];

		if (with_sku && c->sku != NULL)
			o += (size_t)snprintf(buf + o, len - o, "%s%s (%s)", i ? sep : "",
					      c->sku->model, c->label);
		else
			o += (size_t)snprintf(buf + o, len - o, "%s%s", i ? sep : "", c->label);
	}
}

/* The one sentence for a query that matched nothing. */
const char *
specdb_answer_none_text(const struct spec_answer *ans, const char *query, char *buf,
			size_t len)
{
	char names[512];

	query_none_labels(ans, ans->no_such_part, ans->no_such_part ? ", " : " or ", names,
			  sizeof names);
	if (ans->no_such_part && ans->ncands > 0)
		snprintf(buf, len, "no such part number '%s' in the sources (nearest known: %s)",
			 query, names);
	else if (ans->no_such_part)
		snprintf(buf, len, "no such part number '%s' in the sources (try 'drivedash list')",
			 query);
	else if (ans->suggestion != NULL)
		snprintf(buf, len, "no drive in the database matches '%s'; did you mean %s? "
			 "(drivedash show %s)", query, names, ans->suggestion);
	else if (ans->attribute != NULL && ans->ncands == 0)
		snprintf(buf, len, "no drive in the database has %s (try 'drivedash list')",
			 ans->attribute);
	else if (ans->ncands > 0)
		snprintf(buf, len, "no drive in the database matches '%s' (nearest: %s, %s; try "
			 "'drivedash list')", query, ans->cands[0].label,
			 ans->cands[0].distinct ? ans->cands[0].distinct : "");
	else
		snprintf(buf, len, "no drive in the database matches '%s' (try 'drivedash list')",
			 query);
	return buf;
}

/* Search families, drives and SKUs: specdb_query's candidates as hits. */
int
specdb_search(struct specdb *db, const char *query, struct arena *a, struct spec_search *out,
	      struct dd_error *err)
{
	struct spec_answer ans;
	int		   rc;

	memset(out, 0, sizeof *out);
	if ((rc = specdb_query(db, query, a, &ans, err)) < 0)
		return rc;
	if (ans.kind == SPEC_ANSWER_NONE)
		return 0;
	out->hits = arena_alloc(a, sizeof *out->hits * (ans.ncands + 1));
	for (size_t i = 0; i < ans.ncands; i++) {
		size_t k;

		out->hits[i] = (struct spec_hit){ ans.cands[i].family_id, ans.cands[i].drive_id,
						  ans.cands[i].label, ans.cands[i].matched };
		for (k = 0; k < i; k++)
			if (strcmp(ans.cands[k].family_id, ans.cands[i].family_id) == 0)
				break;
		out->nfamilies += k == i;
	}
	out->nhits = ans.ncands;
	return 0;
}
