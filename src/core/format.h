/*
 * Number formatting shared by the CLI and the UI, the one unit vocabulary:
 * thousands separators, capacities as the spec sheets print them, sizes in
 * the units they were typed in ("--size 256M" is "256 MiB"), latencies in
 * "µs" ("us" in ASCII), values with their units.  A table column holds one
 * unit: callers put the unit in the header and the numbers in the cells.
 */
#ifndef DD_FORMAT_H
#define DD_FORMAT_H

#include <stdbool.h>
#include <stddef.h>

/* "7.68 TB", "960 GB", "61.44 TB" from decimal GB; below 1 GB in fmt_bytes's
 * units ("500 MB"), never "0 GB"; "-" for NAN or a negative. */
char *fmt_capacity(double gb, char *buf, size_t len);

/* A number with ',' thousands separators and up to `decimals` decimals,
 * trailing zeros of the fraction dropped ("14,800", "6,912.4"). */
char *fmt_number(double v, int decimals, char *buf, size_t len);

/* A byte count in decimal units: "7.68 TB", "536.9 GB", "1.2 MB", "512 B";
 * "-" for NAN or a negative. */
char *fmt_bytes(double bytes, char *buf, size_t len);

/* A size in the units a person typed it in: binary when its binary unit
 * states it exactly ("256 MiB", "1 GiB", "1.5 GiB", "4 KiB"), else decimal
 * as fmt_bytes ("500 MB", "1 TB", "7.68 TB"): scratch sizes, regions,
 * block devices (a 32 MiB loop device is "32 MiB"). */
char *fmt_size(double bytes, char *buf, size_t len);

/* The unit of a latency: "µs" (utf8), "us" (ASCII, LANG=C).  The CLI
 * passes true: its text layer writes "us" under LANG=C.  JSON keys keep
 * their "_us" names. */
const char *fmt_unit_us(bool utf8);

/* A unit as shown: "us" as fmt_unit_us(utf8), any other as it is ("" for
 * NULL).  fmt_figure_cs shows its unit through it. */
const char *fmt_unit(const char *unit, bool utf8);

struct dd_latency;

/* Percentile k (an index into hist_default_pcts) of l as every output
 * shows it: clamped to l's max, which it cannot exceed (a histogram
 * bucket's edge or fio's rounding can put p99.9 above the max); as it is
 * when the max is 0 or NAN (not recorded); NAN for a k out of range. */
double fmt_lat_pct(const struct dd_latency *l, unsigned k);

/* Seconds as "m:ss" or "h:mm:ss" (clamped at 999 hours; NAN/negative = 0:00). */
char *fmt_duration(double s, char *buf, size_t len);

/* A count in short form: "2.6M", "12.3M", "450K", "8,500", "42.5"; "-" for NAN. */
char *fmt_count(double v, char *buf, size_t len);

/* A block size in bytes as "4K", "128K", "1M", "512". */
char *fmt_block_size(int bytes, char *buf, size_t len);

/* A figure with its qualifier and unit: "~2,165,000 IOPS", "200,000–250,000 IOPS",
 * an approximate range "~11–12 GB/s", "< 100 µs" ("< 100 us" in ASCII).  The one figure formatter:
 * fmt_figure writes UTF-8 (the CLI's text layer makes it ASCII under LANG=C),
 * fmt_figure_cs ASCII ("~11-12 GB/s") when utf8 is false (the dashboard's
 * ASCII mode). */
char *fmt_figure(const char *qual, double value, double value_hi,
		 const char *unit, char *buf, size_t len);
char *fmt_figure_cs(const char *qual, double value, double value_hi, const char *unit,
		    bool utf8, char *buf, size_t len);

/* A qualifier's marks around numbers already formatted (num_hi NULL: not a
 * range): "~30", "<= 32.3K", "200K–250K" ("-" when utf8 is false), "30" for
 * "eq" or NULL.  fmt_figure_cs's own marks, for tables that format their
 * numbers their own way (compare's 32.3K). */
char *fmt_qualify(const char *qual, const char *num, const char *num_hi, bool utf8, char *buf,
		  size_t len);

/* A change in percent: "+3.8%", "-16.7%", "+181%" (no tenths past 100 %),
 * "0.0%"; dash when it is NAN or infinite. */
char *fmt_delta_pct(double pct, const char *dash, char *buf, size_t len);

#endif
