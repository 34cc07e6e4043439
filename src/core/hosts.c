/*
 * The hosts file (hosts.h): text in, an array of struct fleet_host out.
 *
 * A line is cut into fields by a small tokenizer (blanks separate, '...'
 * or "..." hold blanks, '#' outside quotes ends the line); the positional
 * fields ADDRESS DEVICE [DRIVE] [CONFIRM] are taken in order, and a field
 * that is not quoted and looks like key=value is a key (detect=, size=,
 * name=).  Each row is checked as it is read (address form, port range,
 * absolute device, the keys' values), then against the rows before it
 * (the same host, port and device twice; more than HOSTS_MAX rows).  Every
 * error is one sentence prefixed by "FILE:LINE: " (only "FILE: " for
 * --host, whose line is 0), so the user can go straight to the row.
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/file.h"
#include "lib/parse.h"
#include "core/hosts.h"

#define HOSTS_FILE_MAX	  (1 << 20)
#define HOSTS_FIELDS_MAX  16
#define HOSTS_DEFAULT_PORT 8765	/* fio's */

/* One field of a line: its text (NUL-terminated in the line's copy) and
 * whether any of it was quoted (a quoted field is never a key). */
struct hosts_field {
	char *text;
	bool  quoted;
};

/* Where a row comes from, for the "FILE:LINE: " of its errors. */
struct hosts_where {
	const char *file;
	unsigned    line;
	const char *dir;	/* the file's directory, for detect=; "" none */
};

/* Set err to "FILE:LINE: " + the sentence; returns code. */
static int __attribute__((format(printf, 4, 5)))
hosts_fail(struct dd_error *err, const struct hosts_where *w, int code, const char *fmt, ...)
{
	char	msg[sizeof err->msg];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	if (w->line > 0)
		return dd_error_set(err, code, "%.200s:%u: %s", w->file, w->line, msg);
	return dd_error_set(err, code, "%.200s: %s", w->file, msg);
}

/* Cut a line (modified in place) into fields; -EINVAL for an open quote or
 * too many fields, with msg saying which. */
static int
hosts_split(char *s, struct hosts_field *f, size_t *n, const char **msg)
{
	*n = 0;
	for (;;) {
		char *out;
		char  q = 0;
		bool  comment;

		while (*s == ' ' || *s == '\t' || *s == '\r')
			s++;
		if (*s == '\0' || *s == '#')
			return 0;
		if (*n == HOSTS_FIELDS_MAX) {
			*msg = "too many fields";
			return -EINVAL;
		}
		f[*n] = (struct hosts_field){ .text = s, .quoted = false };
		for (out = s; *s != '\0' && (q || (*s != ' ' && *s != '\t' && *s != '\r')); s++) {
			if (q == 0 && (*s == '"' || *s == '\'')) {
				q = *s;
				f[*n].quoted = true;
			} else if (q != 0 && *s == q) {
				q = 0;
			} else if (q == 0 && *s == '#') {
				break;
			} else {
				*out++ = *s;
			}
		}
		if (q != 0) {
			*msg = "a quote is not closed";
			return -EINVAL;
		}
		/* The field ends where its text ended; a '#' there ends the line. */
		comment = *s == '#';
		if (*s != '\0' && !comment)
			s++;
		*out = '\0';
		(*n)++;
		if (comment)
			return 0;
	}
}

/* Copy a field's value into dst of len bytes; -ENAMETOOLONG if it does not fit. */
static int
hosts_copy(char *dst, size_t len, const char *src, const char *what,
	   const struct hosts_where *w, struct dd_error *err)
{
	if (strlen(src) >= len)
		return hosts_fail(err, w, -ENAMETOOLONG, "the %s '%.60s...' is longer than %zu "
				  "characters", what, src, len - 1);
	dd_strlcpy(dst, src, len);
	return 0;
}

/* Parse a port number 1..65535. */
static int
hosts_port(const char *s, unsigned *port, const struct hosts_where *w, struct dd_error *err)
{
	long v;
	int  rc = parse_long(s, 1, 65535, &v);

	if (rc == -ERANGE)
		return hosts_fail(err, w, -ERANGE, "port %.40s is out of range (1 to 65535)", s);
	if (rc < 0)
		return hosts_fail(err, w, -EINVAL, "port '%.40s' is not a number", s);
	*port = (unsigned)v;
	return 0;
}

/* Is s a plausible host name or IPv4 address (letters, digits, '-', '.', '_')? */
static bool
hosts_name_ok(const char *s)
{
	if (*s == '\0')
		return false;
	for (; *s != '\0'; s++)
		if (!isalnum((unsigned char)*s) && *s != '-' && *s != '.' && *s != '_')
			return false;
	return true;
}

/* Is s a plausible IPv6 address (hex digits, ':', '.', a %zone)? */
static bool
hosts_v6_ok(const char *s)
{
	const char *zone = strchr(s, '%');

	if (strchr(s, ':') == NULL)
		return false;
	for (; *s != '\0' && s != zone; s++)
		if (!isxdigit((unsigned char)*s) && *s != ':' && *s != '.')
			return false;
	return zone == NULL || hosts_name_ok(zone + 1);
}

/* fio's own forms: ip:ADDR[,PORT] and ip6:ADDR[,PORT]. */
static int
hosts_addr_fio(struct fleet_host *h, char *a, bool v6, const struct hosts_where *w,
	       struct dd_error *err)
{
	char *comma = strrchr(a, ',');
	int   rc;

	if (comma != NULL) {
		*comma = '\0';
		if ((rc = hosts_port(comma + 1, &h->port, w, err)) < 0)
			return rc;
	}
	h->ipv6 = v6;
	if (v6 ? !hosts_v6_ok(a) : !hosts_name_ok(a))
		return hosts_fail(err, w, -EINVAL, "'%.80s' is not an IPv%d address", a,
				  v6 ? 6 : 4);
	return hosts_copy(h->host, sizeof h->host, a, "address", w, err);
}

/* [v6addr] or [v6addr]:port. */
static int
hosts_addr_bracket(struct fleet_host *h, char *a, const struct hosts_where *w,
		   struct dd_error *err)
{
	char *close = strchr(a, ']');
	int   rc;

	if (close == NULL)
		return hosts_fail(err, w, -EINVAL, "'%.80s' opens a bracket it does not close", a);
	*close = '\0';
	if (close[1] == ':') {
		if ((rc = hosts_port(close + 2, &h->port, w, err)) < 0)
			return rc;
	} else if (close[1] != '\0') {
		return hosts_fail(err, w, -EINVAL, "'%.80s' after ']' is not ':PORT'", close + 1);
	}
	h->ipv6 = true;
	if (!hosts_v6_ok(a + 1))
		return hosts_fail(err, w, -EINVAL, "'%.80s' is not an IPv6 address", a + 1);
	return hosts_copy(h->host, sizeof h->host, a + 1, "address", w, err);
}

/* host or host:port. */
static int
hosts_addr_plain(struct fleet_host *h, char *a, const struct hosts_where *w,
		 struct dd_error *err)
{
	char *colon = strchr(a, ':');
	int   rc;

	if (colon != NULL && strchr(colon + 1, ':') != NULL)
		return hosts_fail(err, w, -EINVAL, "'%.80s': an IPv6 address needs brackets "
				  "([::1]:8765) or fio's form (ip6:::1,8765)", a);
	if (colon != NULL) {
		*colon = '\0';
		if ((rc = hosts_port(colon + 1, &h->port, w, err)) < 0)
			return rc;
	}
	if (!hosts_name_ok(a))
		return hosts_fail(err, w, -EINVAL, "'%.80s' is not a host name or address", a);
	return hosts_copy(h->host, sizeof h->host, a, "host name", w, err);
}

/* ADDRESS in any of its forms into h->host, h->port, h->ipv6. */
static int
hosts_address(struct fleet_host *h, const char *addr, const struct hosts_where *w,
	      struct dd_error *err)
{
	char a[512];

	if (strlen(addr) >= sizeof a)
		return hosts_fail(err, w, -ENAMETOOLONG, "the address is too long");
	dd_strlcpy(a, addr, sizeof a);
	h->port = HOSTS_DEFAULT_PORT;
	if (strncmp(a, "ip6:", 4) == 0)
		return hosts_addr_fio(h, a + 4, true, w, err);
	if (strncmp(a, "ip:", 3) == 0)
		return hosts_addr_fio(h, a + 3, false, w, err);
	if (strncmp(a, "sock:", 5) == 0)
		return hosts_fail(err, w, -EINVAL, "fio's local sockets (sock:) are not "
				  "supported: give a host and port");
	if (a[0] == '[')
		return hosts_addr_bracket(h, a, w, err);
	return hosts_addr_plain(h, a, w, err);
}

/* detect=FILE: relative to the hosts file's directory. */
static int
hosts_key_detect(struct fleet_host *h, const char *v, const struct hosts_where *w,
		 struct dd_error *err)
{
	char path[PATH_MAX + 1];

	if (*v == '\0')
		return hosts_fail(err, w, -EINVAL, "detect= needs a file");
	if (v[0] == '/' || w->dir[0] == '\0')
		snprintf(path, sizeof path, "%s", v);
	else if (snprintf(path, sizeof path, "%s/%s", w->dir, v) >= (int)sizeof path)
		return hosts_fail(err, w, -ENAMETOOLONG, "the detect= path is too long");
	return hosts_copy(h->detect, sizeof h->detect, path, "detect= path", w, err);
}

/* One key=value field. */
static int
hosts_key(struct fleet_host *h, char *kv, const struct hosts_where *w, struct dd_error *err)
{
	char *v = strchr(kv, '=');

	*v++ = '\0';
	if (strcmp(kv, "detect") == 0)
		return hosts_key_detect(h, v, w, err);
	if (strcmp(kv, "size") == 0) {
		if (parse_size(v, 512, UINT64_MAX, &h->size) < 0)
			return hosts_fail(err, w, -EINVAL, "size '%.40s' is not a size of at least "
					  "512 bytes (4k, 960g, 7.68t: binary suffixes)", v);
		return 0;
	}
	if (strcmp(kv, "name") == 0) {
		if (*v == '\0')
			return hosts_fail(err, w, -EINVAL, "name= needs a label");
		return hosts_copy(h->label, sizeof h->label, v, "name", w, err);
	}
	return hosts_fail(err, w, -EINVAL, "unknown key '%.40s' (the keys are detect=, size= "
			  "and name=)", kv);
}

/* Is an unquoted field a key=value (a lower-case word, then '=')? */
static bool
hosts_is_key(const struct hosts_field *f)
{
	const char *s = f->text;

	if (f->quoted || !islower((unsigned char)*s))
		return false;
	while (islower((unsigned char)*s))
		s++;
	return *s == '=';
}

/* The positional field i (0 ADDRESS, 1 DEVICE, 2 DRIVE, 3 CONFIRM). */
static int
hosts_positional(struct fleet_host *h, size_t i, const char *v, const struct hosts_where *w,
		 struct dd_error *err)
{
	switch (i) {
	case 0:
		if (h->label[0] == '\0')	/* name= (given before) beats ADDRESS */
			dd_strlcpy(h->label, v, sizeof h->label);
		return hosts_address(h, v, w, err);
	case 1:
		if (v[0] != '/')
			return hosts_fail(err, w, -EINVAL, "the device '%.80s' is not an absolute "
					  "path (/dev/nvme0n1)", v);
		return hosts_copy(h->device, sizeof h->device, v, "device path", w, err);
	case 2:
		return hosts_copy(h->drive, sizeof h->drive, strcmp(v, "-") ? v : "", "drive",
				  w, err);
	case 3:
		return hosts_copy(h->confirm, sizeof h->confirm, strcmp(v, "-") ? v : "",
				  "confirmation", w, err);
	default:
		return hosts_fail(err, w, -EINVAL, "'%.60s' is one field too many (ADDRESS DEVICE "
				  "[DRIVE] [CONFIRM] [key=value ...]; quote a field holding blanks)",
				  v);
	}
}

/* Build the URL dd_backend_open takes: fio://HOST:PORT/DEVICE. */
static int
hosts_url(struct fleet_host *h, const struct hosts_where *w, struct dd_error *err)
{
	int n = snprintf(h->url, sizeof h->url, h->ipv6 ? "fio://[%s]:%u%s" : "fio://%s:%u%s",
			 h->host, h->port, h->device);

	if (n < 0 || (size_t)n >= sizeof h->url)
		return hosts_fail(err, w, -ENAMETOOLONG, "the address and device are too long");
	return 0;
}

/* Parse the fields of one row into h. */
static int
hosts_row(struct fleet_host *h, struct hosts_field *f, size_t n, const struct hosts_where *w,
	  struct dd_error *err)
{
	size_t npos = 0;
	int    rc = 0;

	memset(h, 0, sizeof *h);
	h->line = w->line;
	for (size_t i = 0; rc == 0 && i < n; i++)
		rc = hosts_is_key(&f[i]) ? hosts_key(h, f[i].text, w, err)
					 : hosts_positional(h, npos++, f[i].text, w, err);
	if (rc == 0 && npos < 2)
		rc = hosts_fail(err, w, -EINVAL, "%s (ADDRESS DEVICE [DRIVE] [CONFIRM])",
				npos == 0 ? "no address" : "no device after the address");
	return rc < 0 ? rc : hosts_url(h, w, err);
}

/* The same host, port and device on an earlier row? */
static int
hosts_check_dup(const struct fleet_host *hs, size_t n, const struct fleet_host *h,
		const struct hosts_where *w, struct dd_error *err)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(hs[i].host, h->host) == 0 && hs[i].port == h->port &&
		    strcmp(hs[i].device, h->device) == 0)
			return hosts_fail(err, w, -EEXIST, "%.100s port %u %.200s is already on "
					  "line %u", h->host, h->port, h->device, hs[i].line);
	return 0;
}

/* Parse one line into h: 1 a row, 0 blank or comment, or a negative errno. */
static int
hosts_line(const char *text, size_t len, struct fleet_host *h, const struct hosts_where *w,
	   struct dd_error *err)
{
	struct hosts_field f[HOSTS_FIELDS_MAX];
	char		   buf[8192];
	const char	  *msg = NULL;
	size_t		   n;
	int		   rc;

	if (len >= sizeof buf)
		return hosts_fail(err, w, -EINVAL, "the line is longer than %zu characters",
				  sizeof buf - 1);
	memcpy(buf, text, len);
	buf[len] = '\0';
	if (hosts_split(buf, f, &n, &msg) < 0)
		return hosts_fail(err, w, -EINVAL, "%s", msg);
	if (n == 0)
		return 0;
	rc = hosts_row(h, f, n, w, err);
	return rc < 0 ? rc : 1;
}

/* The bytes of a UTF-8 byte order mark at the start of text (Windows
 * editors write one; it is no part of the first line): 3 or 0. */
static size_t
hosts_bom(const char *text, size_t len)
{
	return len >= 3 && memcmp(text, "\xef\xbb\xbf", 3) == 0 ? 3 : 0;
}

/* Room for row nh in *hs (zeroed rows, grown by doubling up to HOSTS_MAX
 * + 1: a row is 13 KiB, and most files name a few hosts); false when out of
 * memory. */
static bool
hosts_room(struct fleet_host **hs, size_t *cap, size_t nh)
{
	struct fleet_host *g;
	size_t		   ncap;

	if (nh < *cap)
		return true;
	ncap = *cap ? *cap * 2 : 4;
	if (ncap > HOSTS_MAX + 1)
		ncap = HOSTS_MAX + 1;
	if ((g = realloc(*hs, ncap * sizeof *g)) == NULL)
		return false;
	memset(g + *cap, 0, (ncap - *cap) * sizeof *g);
	*hs = g;
	*cap = ncap;
	return true;
}

/* Parse hosts-file text into a malloc'd array. */
int
hosts_parse(const char *text, size_t len, const char *file, struct fleet_host **out,
	    size_t *n, struct dd_error *err)
{
	struct hosts_where w = { .file = file, .line = 0, .dir = "" };
	char		   dir[PATH_MAX];
	const char	  *slash = strrchr(file, '/');
	struct fleet_host *hs = NULL;
	size_t		   nh = 0, cap = 0;
	int		   rc = 0;

	*out = NULL;
	*n = 0;
	if (!hosts_room(&hs, &cap, 0))
		return dd_error_set(err, -ENOMEM, "out of memory");
	if (slash != NULL) {
		snprintf(dir, sizeof dir, "%.*s", (int)(slash == file ? 1 : slash - file), file);
		w.dir = dir;
	}
	for (size_t at = hosts_bom(text, len); rc >= 0 && at < len;) {
		const char *nl = memchr(text + at, '\n', len - at);
		size_t	    end = nl ? (size_t)(nl - text) : len;

		w.line++;
		if (!hosts_room(&hs, &cap, nh)) {
			rc = dd_error_set(err, -ENOMEM, "out of memory");
			break;
		}
		rc = hosts_line(text + at, end - at, &hs[nh], &w, err);
		if (rc > 0 && nh == HOSTS_MAX)
			rc = hosts_fail(err, &w, -E2BIG, "more than %d hosts in one fleet", HOSTS_MAX);
		else if (rc > 0 && (rc = hosts_check_dup(hs, nh, &hs[nh], &w, err)) == 0)
			nh++;
		at = end + 1;
	}
	if (rc >= 0 && nh == 0)
		rc = dd_error_set(err, -ENOENT, "%.200s names no hosts", file);
	if (rc < 0) {
		free(hs);
		return rc;
	}
	*out = hs;
	*n = nh;
	return 0;
}

/* Read and parse a hosts file. */
int
hosts_load(const char *path, struct fleet_host **out, size_t *n, struct dd_error *err)
{
	char  *buf;
	size_t len;
	int    rc;

	*out = NULL;
	*n = 0;
	if ((rc = file_read_all("hosts file", path, HOSTS_FILE_MAX, &buf, &len, err)) < 0)
		return rc;
	if (memchr(buf, '\0', len) != NULL)
		rc = dd_error_set(err, -EINVAL, "hosts file %.200s is not a text file", path);
	else
		rc = hosts_parse(buf, len, path, out, n, err);
	free(buf);
	return rc;
}

/* Parse one --host spec. */
int
hosts_parse_one(const char *spec, struct fleet_host *out, struct dd_error *err)
{
	struct hosts_where w = { .file = "--host", .line = 0, .dir = "" };
	int		   rc;

	if (strchr(spec, '\n') != NULL)
		return hosts_fail(err, &w, -EINVAL, "one host per --host");
	rc = hosts_line(spec, strlen(spec), out, &w, err);
	if (rc == 0)
		return hosts_fail(err, &w, -EINVAL, "no address (ADDRESS DEVICE [DRIVE] [CONFIRM])");
	return rc < 0 ? rc : 0;
}

/* Does the confirmation confirm writes to h? */
bool
hosts_confirmed(const struct fleet_host *h)
{
	if (h->confirm[0] == '\0')
		return false;
	if (h->serial[0] != '\0')
		return strcmp(h->confirm, h->serial) == 0;
	return h->device[0] != '\0' && strcmp(h->confirm, file_base(h->device)) == 0;
}

/* The address as tables name it. */
char *
hosts_label_address(const struct fleet_host *h, char *buf, size_t len)
{
	snprintf(buf, len, h->ipv6 ? "[%s]:%u" : "%s:%u", h->host, h->port);
	return buf;
}
