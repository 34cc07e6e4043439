/*
 * UTF-8 decoding and display width (see utf8.h).  The decoder is strict
 * (no overlong forms, no surrogates, nothing past U+10FFFF) and resynchronises
 * one byte at a time, so a bad byte costs one replacement character.  Widths
 * ask wcwidth(3), which needs a wchar_t holding the code point: true with
 * glibc (wchar_t is UCS-4) and any __STDC_ISO_10646__ libc.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>
#include <wchar.h>

#include "utf8.h"

/* The length and leading payload bits of a UTF-8 lead byte; 0 when invalid. */
static int
utf8_lead(unsigned char b, uint32_t *v, uint32_t *min)
{
	if ((b & 0xe0) == 0xc0) {
		*v = b & 0x1f;
		*min = 0x80;
		return 2;
	}
	if ((b & 0xf0) == 0xe0) {
		*v = b & 0x0f;
		*min = 0x800;
		return 3;
	}
	if ((b & 0xf8) == 0xf0) {
		*v = b & 0x07;
		*min = 0x10000;
		return 4;
	}
	return 0;
}

/* Decode one UTF-8 character (see utf8.h). */
int
utf8_decode(const char *s, size_t n, uint32_t *cp)
{
	const unsigned char *u = (const unsigned char *)s;
	uint32_t	     v, min;
	int		     len;

	if (n == 0 || u[0] == '\0')
		return 0;
	if (u[0] < 0x80) {
		*cp = u[0];
		return 1;
	}
	*cp = 0xfffd;
	len = utf8_lead(u[0], &v, &min);
	if (len == 0 || (size_t)len > n)
		return 1;
	for (int i = 1; i < len; i++) {
		if ((u[i] & 0xc0) != 0x80)
			return 1;
		v = (v << 6) | (u[i] & 0x3f);
	}
	if (v < min || v > 0x10ffff || (v >= 0xd800 && v <= 0xdfff))
		return 1;
	*cp = v;
	return len;
}

/* Columns one code point takes (see utf8.h). */
int
utf8_cp_width(uint32_t cp)
{
	int w = wcwidth((wchar_t)cp);

	return w < 0 ? 1 : w;
}

/* Columns a NUL-terminated UTF-8 string takes. */
int
utf8_width(const char *s)
{
	return utf8_width_by(s, NULL);
}

/* Columns of s, each character by cp_width (utf8.h). */
int
utf8_width_by(const char *s, int (*cp_width)(uint32_t cp))
{
	size_t	 n = strlen(s);
	uint32_t cp;
	int	 used, cols = 0;

	while ((used = utf8_decode(s, n, &cp)) > 0) {
		cols += cp_width != NULL ? cp_width(cp) : utf8_cp_width(cp);
		s += used;
		n -= (size_t)used;
	}
	return cols;
}

/* Is cp a control character a terminal would act on (C0, DEL, C1)? */
int
utf8_cp_is_control(uint32_t cp)
{
	return cp < 0x20 || (cp >= 0x7f && cp <= 0x9f);
}

/* Escape controls and malformed bytes (see utf8.h). */
size_t
utf8_escape(const char *s, char *out, size_t len)
{
	size_t o = 0, n = s != NULL ? strlen(s) : 0;

	if (len == 0)
		return 0;
	while (n > 0) {
		uint32_t cp;
		int	 used = utf8_decode(s, n, &cp);
		int	 bad = cp == 0xfffd && used == 1 && (unsigned char)*s >= 0x80;

		if (bad || utf8_cp_is_control(cp)) {
			for (int i = 0; i < used; i++) {
				if (o + 4 >= len)
					goto done;
				snprintf(out + o, 5, "\\x%02x", (unsigned char)s[i]);
				o += 4;
			}
		} else {
			if (o + (size_t)used >= len)
				break;
			memcpy(out + o, s, (size_t)used);
			o += (size_t)used;
		}
		s += used;
		n -= (size_t)used;
	}
done:
	out[o] = '\0';
	return o;
}

/* Make foreign text inert in place (see utf8.h). */
size_t
utf8_sanitize(char *s, unsigned flags)
{
	size_t n = strlen(s), o = 0;
	char  *in = s;

	while (n > 0) {
		uint32_t cp;
		int	 used = utf8_decode(in, n, &cp);
		int	 bad = cp == 0xfffd && used == 1 && (unsigned char)*in >= 0x80;
		int	 layout = (flags & UTF8_KEEP_LINES) && (cp == '\n' || cp == '\t');

		if (bad || (utf8_cp_is_control(cp) && !layout))
			s[o++] = '?';	/* never longer than what it replaces */
		else {
			memmove(s + o, in, (size_t)used);
			o += (size_t)used;
		}
		in += used;
		n -= (size_t)used;
	}
	s[o] = '\0';
	return o;
}
