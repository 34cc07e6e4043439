/*
 * One line of a "key = value" file (keyval.h): a small hand scanner over
 * [p, end), since a line holds one key, one value and a comment at most.
 * The caller's buffers in struct keyval bound every copy.
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "lib/keyval.h"

/* Skip spaces, tabs and a carriage return. */
static const char *
keyval_blank(const char *p, const char *end)
{
	while (p < end && (*p == ' ' || *p == '\t' || *p == '\r'))
		p++;
	return p;
}

/* Can c be part of a bare key? */
static int
keyval_key_char(char c)
{
	return isalnum((unsigned char)c) || c == '_' || c == '-';
}

/* The key at p into kv->key; the position after it, or NULL with kv->why. */
static const char *
keyval_key(const char *p, const char *end, const char *bracket, struct keyval *kv)
{
	size_t	    blen = bracket != NULL ? strlen(bracket) : 0;
	const char *k = p;
	size_t	    klen;

	if (blen > 0 && (size_t)(end - p) > blen && strncmp(p, bracket, blen) == 0 &&
	    p[blen] == '[') {
		k = p + blen + 1;
		p = memchr(k, ']', (size_t)(end - k));
		if (p == NULL) {
			snprintf(kv->why, sizeof kv->why, "missing ']' after %s[", bracket);
			return NULL;
		}
		klen = (size_t)(p - k);
		p++;
	} else {
		while (p < end && keyval_key_char(*p))
			p++;
		klen = (size_t)(p - k);
	}
	if (klen == 0 || klen >= sizeof kv->key) {
		snprintf(kv->why, sizeof kv->why, "expected a key");
		return NULL;
	}
	memcpy(kv->key, k, klen);
	kv->key[klen] = '\0';
	return p;
}

/* The value at p (after '=') into kv->value; the position after it, or
 * NULL with kv->why. */
static const char *
keyval_value(const char *p, const char *end, struct keyval *kv)
{
	const char *v;
	size_t	    vlen;

	if (p < end && *p == '"') {
		v = ++p;
		p = memchr(v, '"', (size_t)(end - v));
		if (p == NULL) {
			snprintf(kv->why, sizeof kv->why, "missing closing quote");
			return NULL;
		}
		vlen = (size_t)(p - v);
		p++;
	} else {
		v = p;
		while (p < end && *p != ' ' && *p != '\t' && *p != '\r')
			p++;
		vlen = (size_t)(p - v);
	}
	if (vlen >= sizeof kv->value) {
		snprintf(kv->why, sizeof kv->why, "value too long");
		return NULL;
	}
	memcpy(kv->value, v, vlen);
	kv->value[vlen] = '\0';
	return p;
}

/* Parse one line. */
int
keyval_parse(const char *p, const char *end, const char *bracket, struct keyval *kv)
{
	kv->key[0] = kv->value[0] = kv->why[0] = '\0';
	p = keyval_blank(p, end);
	if (p == end || *p == '#')
		return 0;
	p = keyval_key(p, end, bracket, kv);
	if (p == NULL)
		return -EINVAL;
	p = keyval_blank(p, end);
	if (p == end || *p != '=') {
		snprintf(kv->why, sizeof kv->why, "expected '=' after %s", kv->key);
		return -EINVAL;
	}
	p = keyval_value(keyval_blank(p + 1, end), end, kv);
	if (p == NULL)
		return -EINVAL;
	p = keyval_blank(p, end);
	if (p < end && *p != '#') {
		snprintf(kv->why, sizeof kv->why, "unexpected text after the value");
		return -EINVAL;
	}
	return 1;
}

/* The next line of text. */
const char *
keyval_next_line(const char **p, const char **line)
{
	const char *eol;

	if (**p == '\0')
		return NULL;
	*line = *p;
	eol = strchr(*p, '\n');
	if (eol == NULL)
		eol = *p + strlen(*p);
	*p = *eol == '\n' ? eol + 1 : eol;
	return eol;
}
