/*
 * Error records: a code and a message, filled where the failure is understood
 * and printed once at the top level.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "error.h"
#include "utf8.h"

/* Record an error and return its code; the sentence quotes paths, names
 * and file contents, so it is stored with control characters and malformed
 * UTF-8 escaped (utf8_escape). */
int
dd_error_set(struct dd_error *err, int code, const char *fmt, ...)
{
	va_list ap;
	char	raw[sizeof err->msg];

	if (err == NULL)
		return code;
	err->code = code;
	va_start(ap, fmt);
	vsnprintf(raw, sizeof raw, fmt, ap);
	va_end(ap);
	utf8_escape(raw, err->msg, sizeof err->msg);
	return code;
}

/* Clear an error record. */
void
dd_error_clear(struct dd_error *err)
{
	if (err == NULL)
		return;
	err->code = 0;
	err->msg[0] = '\0';
}

/* Copy a string into a fixed buffer, truncating. */
void
dd_strlcpy(char *dst, const char *src, size_t n)
{
	size_t len;

	if (n == 0)
		return;
	len = src ? strlen(src) : 0;
	if (len >= n)
		len = n - 1;
	if (len > 0)
		memcpy(dst, src, len);
	dst[len] = '\0';
}
