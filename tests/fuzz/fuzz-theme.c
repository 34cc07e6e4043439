/*
 * libFuzzer target: theme files (theme_parse_text in src/ui/theme.h) and
 * colour values.  Whatever the text, the theme must come out complete (a
 * NUL-terminated name) and the report's counts must agree with its notes.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>

#include "fuzz.h"
#include "ui/theme.h"

/* Parse the input as a theme file and as one colour. */
int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char		    *s = fuzz_strndup(data, size);
	struct theme	     t;
	struct theme_report  rep;
	struct rgb	     c;
	int		     rc;

	rc = theme_parse_text(&t, "fuzz", s, &rep);
	FUZZ_CHECK(rc == 0 || rc == -EINVAL);
	FUZZ_CHECK(memchr(t.name, '\0', sizeof t.name) != NULL);
	FUZZ_CHECK(rep.n_notes >= 0 && rep.n_notes <= THEME_MAX_NOTES);
	FUZZ_CHECK(rep.n_notes <= rep.n_errors + rep.n_unknown);
	FUZZ_CHECK((rc == 0) == (rep.n_errors == 0));
	for (int i = 0; i < rep.n_notes; i++)
		FUZZ_CHECK(memchr(rep.notes[i].text, '\0', sizeof rep.notes[i].text) != NULL);
	rc = theme_parse_rgb(s, &c);
	FUZZ_CHECK(rc == 0 || rc == 1 || rc == -EINVAL);
	for (double x = -0.5; x <= 1.5; x += 0.25)
		(void)theme_gradient_at(&t.graph, x);
	free(s);
	return 0;
}
