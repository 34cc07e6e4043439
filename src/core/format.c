/*
 * Number formatting: every figure the CLI and the dashboard show goes
 * through here.  Everything writes into a caller buffer and returns it, so
 * calls nest in printf argument lists.
 *
 * A scaled figure is picked from a table of tiers (unit, decimals, name),
 * smallest first: the largest tier the value reaches, moved up one when
 * its rounding would print 1,000 of a unit that has a next one (999.96 MB
 * is "1 GB", not "1,000 MB").
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "format.h"
#include "io/engine.h"

/* One step of a unit ladder: its size, its decimals and its name. */
struct fmt_tier {
	double	    unit;
	int	    dec;
	const char *name;
};

/* The tier v is written in, or -1 below the first (v finite, >= 0). */
static int
fmt_tier_pick(double v, const struct fmt_tier *t, int n)
{
	int i = -1;

	while (i + 1 < n && v >= t[i + 1].unit)
		i++;
	if (i >= 0 && i + 1 < n) {
		double p = pow(10, t[i].dec);

		if (round(v / t[i].unit * p) / p >= t[i + 1].unit / t[i].unit)
			i++;
	}
	if (i < 0 && n > 0 && round(v / t[0].unit * pow(10, t[0].dec)) >= pow(10, t[0].dec))
		i = 0;
	return i;
}

/* v in its tier: "7.68 TB", "256 MiB" (the first tier below it). */
static char *
fmt_tiered(double v, const struct fmt_tier *t, int n, char *buf, size_t len)
{
	char num[48];
	int  i = fmt_tier_pick(v, t, n);

	if (i < 0)
		i = 0;
	snprintf(buf, len, "%s %s", fmt_number(v / t[i].unit, t[i].dec, num, sizeof num),
		 t[i].name);
	return buf;
}

/* Format a capacity given in decimal GB: TB, GB, and below 1 GB the byte
 * units of fmt_bytes, so a small loop device is "512 MB", never "0 GB". */
char *
fmt_capacity(double gb, char *buf, size_t len)
{
	static const struct fmt_tier tiers[] = {
		{ 1, 1, "GB" }, { 1000, 2, "TB" },
	};

	if (!isfinite(gb) || gb < 0) {
		snprintf(buf, len, "-");
		return buf;
	}
	if (fmt_tier_pick(gb, tiers, 2) < 0)
		return fmt_bytes(gb * 1e9, buf, len);
	return fmt_tiered(gb, tiers, 2, buf, len);
}

/* Format a number with thousands separators. */
char *
fmt_number(double v, int decimals, char *buf, size_t len)
{
	char	raw[64], out[96];
	char   *dot, *p;
	size_t	intlen, o = 0;
	int	neg = 0;

	if (isnan(v)) {
		snprintf(buf, len, "-");
		return buf;
	}
	if (v < 0) {
		neg = 1;
		v = -v;
	}
	snprintf(raw, sizeof raw, "%.*f", decimals, v);
	dot = strchr(raw, '.');
	if (dot != NULL) {
		/* Drop trailing zeros of the fraction, then a bare dot. */
		p = raw + strlen(raw) - 1;
		while (p > dot && *p == '0')
			*p-- = '\0';
		if (p == dot)
			*p = '\0';
	}
	dot = strchr(raw, '.');
	intlen = dot ? (size_t)(dot - raw) : strlen(raw);
	if (neg)
		out[o++] = '-';
	for (size_t i = 0; i < intlen; i++) {
		if (i > 0 && (intlen - i) % 3 == 0)
			out[o++] = ',';
		out[o++] = raw[i];
	}
	if (dot != NULL) {
		size_t rest = strlen(dot);

		memcpy(out + o, dot, rest);
		o += rest;
	}
	out[o] = '\0';
	snprintf(buf, len, "%s", out);
	return buf;
}

/* Format seconds as m:ss or h:mm:ss. */
char *
fmt_duration(double s, char *buf, size_t len)
{
	long v = isfinite(s) && s > 0 ? (long)(s + 0.5) : 0;

	if (v > 999 * 3600)
		v = 999 * 3600;
	if (v >= 3600)
		snprintf(buf, len, "%ld:%02ld:%02ld", v / 3600, v / 60 % 60, v % 60);
	else
		snprintf(buf, len, "%ld:%02ld", v / 60, v % 60);
	return buf;
}

/* Format a count in short form (the tier chosen on the rounded value:
 * 999,960 is "1M", not "1,000K"). */
char *
fmt_count(double v, char *buf, size_t len)
{
	char   num[32];
	double a = fabs(v);

	if (isnan(v))
		snprintf(buf, len, "-");
	else if (a >= 1e6 || round(a / 1e2) >= 1e4)
		snprintf(buf, len, "%sM", fmt_number(v / 1e6, a >= 1e7 ? 1 : 2, num, sizeof num));
	else if (a >= 1e4 || round(a) >= 1e4)
		snprintf(buf, len, "%sK", fmt_number(v / 1e3, 1, num, sizeof num));
	else
		snprintf(buf, len, "%s", fmt_number(v, a < 100 ? 1 : 0, num, sizeof num));
	return buf;
}

/* Format a byte count in decimal units. */
char *
fmt_bytes(double bytes, char *buf, size_t len)
{
	static const struct fmt_tier tiers[] = {
		{ 1, 0, "B" }, { 1e3, 1, "kB" }, { 1e6, 1, "MB" }, { 1e9, 2, "GB" },
		{ 1e12, 2, "TB" }, { 1e15, 2, "PB" },
	};

	if (!isfinite(bytes) || bytes < 0) {
		snprintf(buf, len, "-");
		return buf;
	}
	return fmt_tiered(bytes, tiers, 6, buf, len);
}

/* Format a size in the units it was typed in: binary when it is a whole
 * number of KiB that its binary unit states exactly (to two decimals),
 * else decimal. */
char *
fmt_size(double bytes, char *buf, size_t len)
{
	static const struct fmt_tier tiers[] = {
		{ 1, 0, "B" }, { 0x1p10, 2, "KiB" }, { 0x1p20, 2, "MiB" }, { 0x1p30, 2, "GiB" },
		{ 0x1p40, 2, "TiB" }, { 0x1p50, 2, "PiB" },
	};
	int i;

	if (!isfinite(bytes) || bytes < 1024 || fmod(bytes, 1024) != 0)
		return fmt_bytes(bytes, buf, len);
	i = fmt_tier_pick(bytes, tiers, 6);
	/* 1 TB (10^12 bytes) is a whole number of KiB, but 931.32... GiB. */
	if (fmod(bytes * 100, tiers[i].unit) != 0)
		return fmt_bytes(bytes, buf, len);
	return fmt_tiered(bytes, tiers, 6, buf, len);
}

/* The unit of a latency in µs: "µs", or "us" in ASCII. */
const char *
fmt_unit_us(bool utf8)
{
	return utf8 ? "\u00b5s" : "us";
}

/* A unit as shown: "us" (the data's and JSON's spelling) is fmt_unit_us's;
 * every other unit as it is. */
const char *
fmt_unit(const char *unit, bool utf8)
{
	if (unit != NULL && strcmp(unit, "us") == 0)
		return fmt_unit_us(utf8);
	return unit != NULL ? unit : "";
}

/* Percentile k of l as shown: never above the max it cannot exceed. */
double
fmt_lat_pct(const struct dd_latency *l, unsigned k)
{
	double v;

	if (k >= HIST_NPCTS)
		return NAN;
	v = l->pct_us[k];
	/* A max of 0 (or NAN) is one nobody recorded: nothing to clamp to. */
	return isfinite(v) && isfinite(l->max_us) && l->max_us > 0 && v > l->max_us ? l->max_us
										      : v;
}

/* Format a block size. */
char *
fmt_block_size(int bytes, char *buf, size_t len)
{
	if (bytes <= 0)
		snprintf(buf, len, "-");
	else if (bytes % (1024 * 1024) == 0)
		snprintf(buf, len, "%dM", bytes / (1024 * 1024));
	else if (bytes % 1024 == 0)
		snprintf(buf, len, "%dK", bytes / 1024);
	else
		snprintf(buf, len, "%d", bytes);
	return buf;
}

/* The prefix a qualifier prints before a value ("~", "< ", ...). */
static const char *
fmt_qual_prefix(const char *qual)
{
	static const struct {
		const char *qual, *pre;
	} pre[] = {
		{ "approx", "~" }, { "lt", "< " }, { "le", "<= " }, { "gt", "> " }, { "ge", ">= " },
	};

	for (size_t i = 0; qual != NULL && i < sizeof pre / sizeof pre[0]; i++)
		if (strcmp(qual, pre[i].qual) == 0)
			return pre[i].pre;
	return "";
}

/* Format a figure with qualifier and unit, UTF-8 (the CLI's text layer
 * turns the dash into ASCII under LANG=C). */
char *
fmt_figure(const char *qual, double value, double value_hi, const char *unit,
	   char *buf, size_t len)
{
	return fmt_figure_cs(qual, value, value_hi, unit, true, buf, len);
}

/* Put a qualifier's marks around numbers already formatted. */
char *
fmt_qualify(const char *qual, const char *num, const char *num_hi, bool utf8, char *buf,
	    size_t len)
{
	const char *pre = fmt_qual_prefix(qual);
	bool	    range = qual != NULL && num_hi != NULL &&
			    (strcmp(qual, "range") == 0 || strcmp(qual, "approx") == 0);

	/* "200,000–250,000", "~11–12": an en dash, so that a negative end
	 * ("-40–85 C") still reads. */
	if (range)
		snprintf(buf, len, "%s%s%s%s", pre, num, utf8 ? "\u2013" : "-", num_hi);
	else
		snprintf(buf, len, "%s%s", pre, num);
	return buf;
}

/* Format a figure with qualifier and unit in UTF-8 or ASCII. */
char *
fmt_figure_cs(const char *qual, double value, double value_hi, const char *unit, bool utf8,
	      char *buf, size_t len)
{
	char a[48], b[48], q[112];
	int  dec = fabs(value) < 1 && value != 0 ? 6 : 2;

	if (unit != NULL && strcmp(unit, "per-bit") == 0) {
		snprintf(buf, len, "%g per bit", value);
		return buf;
	}
	fmt_number(value, dec, a, sizeof a);
	if (!isnan(value_hi))
		fmt_number(value_hi, dec, b, sizeof b);
	snprintf(buf, len, "%s %s",
		 fmt_qualify(qual, a, isnan(value_hi) ? NULL : b, utf8, q, sizeof q),
		 fmt_unit(unit, utf8));
	return buf;
}

/* A change in percent. */
char *
fmt_delta_pct(double pct, const char *dash, char *buf, size_t len)
{
	char tmp[32];

	if (!isfinite(pct)) {
		snprintf(buf, len, "%s", dash);
		return buf;
	}
	/* A tenth of a percent means nothing past 100 %: keep the cell narrow. */
	snprintf(tmp, sizeof tmp, fabs(pct) >= 99.95 ? "%.0f" : "%.1f", fabs(pct));
	if (strcmp(tmp, "0.0") == 0)
		snprintf(buf, len, "0.0%%");
	else
		snprintf(buf, len, "%c%s%%", pct < 0 ? '-' : '+', tmp);
	return buf;
}
