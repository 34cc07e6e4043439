/*
 * Number formatting shared by the CLI and the UI: thousands separators,
 * capacities as the spec sheets print them, values with their units.
 */
#ifndef DD_FORMAT_H
#define DD_FORMAT_H

#include <stdbool.h>
#include <stddef.h>

/* "7.68 TB", "960 GB", "61.44 TB" from decimal GB. */
char *fmt_capacity(double gb, char *buf, size_t len);

/* A number with ',' thousands separators and up to `decimals` decimals,
 * trailing zeros of the fraction dropped ("14,800", "6,912.4"). */
char *fmt_number(double v, int decimals, char *buf, size_t len);

/* A byte count in decimal units: "7.68 TB", "536.9 GB", "1.2 MB", "512 B". */
char *fmt_bytes(double bytes, char *buf, size_t len);

/* Seconds as "m:ss" or "h:mm:ss" (clamped at 999 hours; NAN/negative = 0:00). */
char *fmt_duration(double s, char *buf, size_t len);

/* A count in short form: "2.6M", "12.3M", "450K", "8,500", "42.5"; "-" for NAN. */
char *fmt_count(double v, char *buf, size_t len);

/* A block size in bytes as "4K", "128K", "1M", "512". */
char *fmt_block_size(int bytes, char *buf, size_t len);

/* A figure with its qualifier and unit: "~2,165,000 IOPS", "200,000–250,000 IOPS",
 * an approximate range "~11–12 GB/s", "< 100 us".  The one figure formatter:
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
