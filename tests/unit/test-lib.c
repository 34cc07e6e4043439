/*
 * Unit tests for the base layer's newer modules: src/lib/clock.h (readings
 * never go backwards and the two units agree), src/lib/file.{h,c} (whole
 * files up to and over a limit, refusal of a FIFO without blocking and of a
 * directory, one-line and integer attribute reads over files this test
 * writes), src/lib/utf8.{h,c} (decoding, malformed input, widths
 * from wcwidth in the C.UTF-8 locale and in the C locale, foreign text made
 * inert) and src/lib/parse.h (plain decimals only, in any locale).
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <locale.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "helpers.h"

#include "lib/clock.h"
#include "lib/figure.h"
#include "lib/file.h"
#include "lib/memlimit.h"
#include "lib/outfile.h"
#include "lib/parse.h"
#include "lib/signals.h"
#include "lib/utf8.h"

/* figure_*: finite and in range, in order, in agreement; each failure one
 * sentence with the source, the field and the value. */
static void
test_figure_checks(void **state)
{
	struct dd_error err = { 0 };

	(void)state;
	assert_int_equal(figure_check("h:1", "IOPS", 1e6, 0, FIGURE_IOPS_MAX, NULL, &err), 0);
	assert_int_equal(figure_check("h:1", "IOPS", INFINITY, 0, FIGURE_IOPS_MAX, NULL, &err),
			 -ERANGE);
	assert_string_equal(err.msg, "h:1: IOPS is inf, expected a finite number from 0 to 1e+10");
	assert_int_equal(figure_check(NULL, "mean latency", -1e308, 0, 1e10, "us", &err), -ERANGE);
	assert_string_equal(err.msg, "mean latency is -1e+308 us, expected a finite number from 0 "
			    "to 1e+10 us");
	assert_int_equal(figure_check("x", "f", NAN, 0, 1, NULL, &err), -ERANGE);
	assert_int_equal(figure_check_opt("x", "f", NAN, 0, 1, NULL, &err), 0);
	/* order: the bucket error and whole microseconds are allowed */
	assert_int_equal(figure_check_order("x", "p99", 910, "max", 900, "us", &err), 0);
	assert_int_equal(figure_check_order("x", "p99", 5000, "max", 900, "us", &err), -ERANGE);
	assert_string_equal(err.msg, "x: p99 is 5000 us, above the max of 900 us");
	assert_int_equal(figure_check_order("x", "p99", NAN, "max", 900, "us", &err), 0);
	assert_int_equal(figure_check_agree("x", "IOPS", 1050, "the I/Os", 1000, 0.1, 0, &err), 0);
	assert_int_equal(figure_check_agree("x", "IOPS", 1e12, "10000 I/Os in 1 s", 1e4, 0.1, 0,
					    &err), -ERANGE);
	assert_string_equal(err.msg, "x: IOPS is 1e+12, but 10000 I/Os in 1 s give 10000");
}

/* memlimit_read: MemAvailable is read, the usable share is three quarters
 * of the smaller figure, and a cgroup's room never exceeds its limit. */
static void
test_memlimit(void **state)
{
	struct memlimit m;
	uint64_t	least;

	(void)state;
	memlimit_read(&m);
	assert_true(m.mem_available > 0);
	assert_true(m.cg_room == UINT64_MAX || m.cg_room <= m.cg_limit);
	assert_true(m.cg_version == 0 || m.cg_path[0] == '/');
	least = m.cg_room < m.mem_available ? m.cg_room : m.mem_available;
	assert_true(m.usable == (uint64_t)((double)least * MEMLIMIT_SHARE) + 1);
}

/* A scratch directory for the file tests (made in the group setup). */
static char scratch[PATH_MAX];

/* Make the scratch directory. */
static int
group_setup(void **state)
{
	const char *tmp = getenv("TMPDIR");

	snprintf(scratch, sizeof scratch, "%s/dd-test-lib-XXXXXX",
		 tmp != NULL && tmp[0] != '\0' ? tmp : "/tmp");
	return mkdtemp(scratch) != NULL ? 0 : -1;
}

/* Remove the scratch directory and what the tests left in it. */
static int
group_teardown(void **state)
{
	const char *names[] = { "exact", "over", "empty", "fifo", "line", "num", "hex", "bad",
				"out", "outlink", "outfifo", "outhard", "field", "judged",
				"judged-new" };
	char	    path[PATH_MAX + 16];

	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
		snprintf(path, sizeof path, "%s/%s", scratch, names[i]);
		unlink(path);
	}
	snprintf(path, sizeof path, "%s/a/b", scratch);
	rmdir(path);
	snprintf(path, sizeof path, "%s/a", scratch);
	rmdir(path);
	return rmdir(scratch);
}

/* Readings never go backwards, and seconds follow the nanoseconds. */
static void
test_clock_monotonic(void **state)
{
	uint64_t prev = clock_now_ns(), a, b;
	double	 s;

	assert_true(prev > 0);
	for (int i = 0; i < 10000; i++) {
		uint64_t t = clock_now_ns();

		assert_true(t >= prev);
		prev = t;
	}
	a = clock_now_ns();
	s = clock_now_s();
	b = clock_now_ns();
	assert_true(s >= (double)a / 1e9 - 1e-6);
	assert_true(s <= (double)b / 1e9 + 1e-6);
}

/* A file of exactly the limit reads whole; one byte more is -EFBIG. */
static void
test_file_limit(void **state)
{
	char	    path[PATH_MAX + 16], text[5000];
	char	   *buf = (char *)1;
	size_t	    len = 0;
	struct dd_error err = { 0 };

	memset(text, 'x', sizeof text - 1);
	text[sizeof text - 1] = '\0';
	test_write_file(scratch, "exact", text, path, sizeof path);
	assert_int_equal(file_read_all("plan file", path, 4999, &buf, &len, &err), 0);
	assert_int_equal(len, 4999);
	assert_int_equal(strlen(buf), 4999);
	assert_memory_equal(buf, text, 4999);
	free(buf);

	test_write_file(scratch, "over", text, path, sizeof path);
	assert_int_equal(file_read_all("plan file", path, 4998, &buf, &len, &err), -EFBIG);
	assert_null(buf);
	assert_non_null(strstr(err.msg, "larger than 4998 bytes"));
	assert_int_equal(file_read_all("theme", path, 4096, &buf, NULL, &err), -EFBIG);
	assert_non_null(strstr(err.msg, "theme "));
	assert_non_null(strstr(err.msg, "larger than 4 KiB"));

	test_write_file(scratch, "empty", "", path, sizeof path);
	assert_int_equal(file_read_all(NULL, path, 10, &buf, &len, NULL), 0);
	assert_int_equal(len, 0);
	assert_string_equal(buf, "");
	free(buf);
}

/* A FIFO with no writer is refused at once, a directory and a missing file too. */
static void
test_file_refuses(void **state)
{
	char		path[PATH_MAX + 16], line[64];
	char	       *buf;
	struct dd_error err = { 0 };

	snprintf(path, sizeof path, "%s/fifo", scratch);
	assert_int_equal(mkfifo(path, 0600), 0);
	assert_int_equal(file_read_all("plan file", path, 100, &buf, NULL, &err), -EINVAL);
	assert_non_null(strstr(err.msg, "is a FIFO, not a regular file"));
	assert_int_equal(file_read_line(path, line, sizeof line), -EINVAL);

	assert_int_equal(file_read_all("theme", scratch, 100, &buf, NULL, &err), -EISDIR);
	assert_non_null(strstr(err.msg, "is a directory"));

	snprintf(path, sizeof path, "%s/missing", scratch);
	assert_int_equal(file_read_all("plan file", path, 100, &buf, NULL, &err), -ENOENT);
	assert_non_null(strstr(err.msg, "cannot open plan file"));
	assert_int_equal(file_read_line(path, line, sizeof line), -ENOENT);
}

/* One line, trimmed; integers in decimal and hex; junk is -EINVAL. */
static void
test_file_line(void **state)
{
	char	  path[PATH_MAX + 16], buf[64];
	long long v = 0;

	test_write_file(scratch, "line", "  Samsung SSD 990 PRO  \nsecond line\n", path, sizeof path);
	assert_int_equal(file_read_line(path, buf, sizeof buf), 0);
	assert_string_equal(buf, "Samsung SSD 990 PRO");
	assert_int_equal(file_read_line(path, buf, 8), 0);	/* 7 bytes, trimmed */
	assert_string_equal(buf, "Samsu");

	test_write_file(scratch, "num", "7501476528\n", path, sizeof path);
	assert_int_equal(file_read_ll(path, &v), 0);
	assert_true(v == 7501476528LL);
	test_write_file(scratch, "hex", "0x144d\n", path, sizeof path);
	assert_int_equal(file_read_ll(path, &v), 0);
	assert_int_equal(v, 0x144d);
	test_write_file(scratch, "bad", "fast\n", path, sizeof path);
	v = 42;
	assert_int_equal(file_read_ll(path, &v), -EINVAL);
	assert_int_equal(v, 42);
	test_write_file(scratch, "empty", "", path, sizeof path);
	assert_int_equal(file_read_ll(path, &v), -EINVAL);
}

/* A /proc-style field; the XDG rule; mkdir -p of a parent; base and stem. */
static void
test_file_paths(void **state)
{
	char	    path[PATH_MAX + 16], buf[64], failed[PATH_MAX];
	struct stat st;

	(void)state;
	test_write_file(scratch, "field", "processor\t: 0\nmodel name\t: Xeon(R) Gold\nMemAvailable:   123 kB\n",
		 path, sizeof path);
	assert_int_equal(file_read_field(path, "model name", buf, sizeof buf), 0);
	assert_string_equal(buf, "Xeon(R) Gold");
	assert_int_equal(file_read_field(path, "MemAvailable:", buf, sizeof buf), 0);
	assert_string_equal(buf, "123 kB");
	assert_int_equal(file_read_field(path, "flags", buf, sizeof buf), -ENOENT);

	setenv("XDG_DATA_HOME", "/x/data", 1);
	setenv("HOME", "/home/u", 1);
	assert_int_equal(file_xdg_path("XDG_DATA_HOME", ".local/share", "dd/r.db", buf,
				       sizeof buf), 0);
	assert_string_equal(buf, "/x/data/dd/r.db");
	setenv("XDG_DATA_HOME", "relative", 1);	/* the spec: ignored */
	assert_int_equal(file_xdg_path("XDG_DATA_HOME", ".local/share", "dd/r.db", buf,
				       sizeof buf), 0);
	assert_string_equal(buf, "/home/u/.local/share/dd/r.db");
	unsetenv("XDG_DATA_HOME");
	setenv("HOME", "home", 1);
	assert_int_equal(file_xdg_path("XDG_DATA_HOME", ".local/share", "dd/r.db", buf,
				       sizeof buf), -ENOENT);
	assert_int_equal(file_xdg_path("XDG_DATA_HOME", ".local/share", "dd/r.db", buf, 4),
			 -ENOENT);
	setenv("HOME", "/home/u", 1);
	assert_int_equal(file_xdg_path("XDG_DATA_HOME", ".local/share", "dd/r.db", buf, 8),
			 -ENAMETOOLONG);

	snprintf(path, sizeof path, "%s/a/b/file", scratch);
	assert_int_equal(file_mkdir_parents(path, 0700, failed, sizeof failed), 0);
	snprintf(path, sizeof path, "%s/a/b", scratch);
	assert_int_equal(stat(path, &st), 0);
	assert_true(S_ISDIR(st.st_mode));
	assert_int_equal(st.st_mode & 0777, 0700);
	snprintf(path, sizeof path, "%s/field/x/file", scratch);	/* under a file */
	assert_int_equal(file_mkdir_parents(path, 0700, failed, sizeof failed), -ENOTDIR);
	assert_non_null(strstr(failed, "/field/x"));

	assert_string_equal(file_base("/mnt/dd.dat"), "dd.dat");
	assert_string_equal(file_base("dd.dat"), "dd.dat");
	assert_string_equal(file_stem("/tmp/fio1.json", ".json", buf, sizeof buf), "fio1");
	assert_string_equal(file_stem("/t/dark.theme", ".json", buf, sizeof buf), "dark.theme");
	assert_string_equal(file_stem(".json", ".json", buf, sizeof buf), ".json");
}

/* Decoding: ASCII, 2-4 byte forms, and every kind of malformed input. */
static void
test_utf8_decode(void **state)
{
	static const struct {
		const char *in;
		int	    used;
		uint32_t    cp;
	} cases[] = {
		{ "A", 1, 'A' },
		{ "\xc3\x97", 2, 0xd7 },		/* × */
		{ "\xe2\x9c\x93", 3, 0x2713 },		/* ✓ */
		{ "\xf0\x9f\x98\x80", 4, 0x1f600 },
		{ "\x80", 1, 0xfffd },			/* stray continuation */
		{ "\xc0\xaf", 1, 0xfffd },		/* overlong */
		{ "\xed\xa0\x80", 1, 0xfffd },		/* surrogate */
		{ "\xf4\x90\x80\x80", 1, 0xfffd },	/* past U+10FFFF */
		{ "\xe2\x9c", 1, 0xfffd },		/* truncated */
		{ "\xff", 1, 0xfffd },
	};
	uint32_t cp;

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		cp = 0;
		assert_int_equal(utf8_decode(cases[i].in, strlen(cases[i].in), &cp),
				 cases[i].used);
		assert_int_equal(cp, cases[i].cp);
	}
	assert_int_equal(utf8_decode("", 1, &cp), 0);
	assert_int_equal(utf8_decode("x", 0, &cp), 0);
}

/* Widths: one column per glyph the UI draws, two for wide, zero for combining. */
static void
test_utf8_width(void **state)
{
	char *old = setlocale(LC_CTYPE, NULL);
	char  saved[64];

	snprintf(saved, sizeof saved, "%s", old != NULL ? old : "C");
	assert_int_equal(utf8_width(""), 0);
	assert_int_equal(utf8_width("4K QD32"), 7);
	/* C locale: wcwidth knows no non-ASCII, each character is one cell. */
	setlocale(LC_CTYPE, "C");
	assert_int_equal(utf8_width("\xe2\x9c\x93 +3%"), 5);
	assert_int_equal(utf8_width("\xe4\xb8\xad"), 1);
	assert_int_equal(utf8_width("\xff\xfe"), 2);
	if (setlocale(LC_CTYPE, "C.UTF-8") != NULL || setlocale(LC_CTYPE, "C.utf8") != NULL) {
		assert_int_equal(utf8_width("\xe2\x9c\x93 +3%"), 5);	/* ✓ */
		assert_int_equal(utf8_width("\xe2\x96\x88\xe2\xa3\xbf\xc2\xb7\xe2\x80\xa6"), 4);
		assert_int_equal(utf8_width("\xe4\xb8\xad\xe6\x96\x87"), 4);	/* 中文 */
		assert_int_equal(utf8_width("e\xcc\x81"), 1);	/* e + combining acute */
		assert_int_equal(utf8_cp_width(0x1f600), 2);
	}
	setlocale(LC_CTYPE, saved);
}

/* A writer's own widths: an ASCII twin of three characters for each
 * non-ASCII one ("->" style), the plain width without a function. */
static int
twin3(uint32_t cp)
{
	return cp < 0x80 ? 1 : 3;
}

static void
test_utf8_width_by(void **state)
{
	(void)state;
	assert_int_equal(utf8_width_by("a\xe2\x86\x92" "b", twin3), 5);	/* a→b */
	assert_int_equal(utf8_width_by("4K QD32", twin3), 7);
	assert_int_equal(utf8_width_by("a\xe2\x86\x92" "b", NULL), utf8_width("a\xe2\x86\x92" "b"));
	assert_int_equal(utf8_width_by("", twin3), 0);
}

/* Foreign text made inert: controls, DEL, C1 and malformed bytes become
 * '?', everything else is kept; newline and tab only when asked. */
static void
test_utf8_sanitize(void **state)
{
	static const struct {
		const char *in, *out;
		unsigned    flags;
	} cases[] = {
		{ "plain text", "plain text", 0 },
		{ "", "", 0 },
		{ "a\x1b[2Jb", "a?[2Jb", 0 },
		{ "fio-3.33\x1b]52;c;SGVsbG8=\x07", "fio-3.33?]52;c;SGVsbG8=?", 0 },
		{ "x\xc2\x9b" "31m", "x?31m", 0 },		/* U+009B, CSI */
		{ "x\x9b" "31m", "x?31m", 0 },		/* a raw 8-bit CSI byte */
		{ "x\x7fy", "x?y", 0 },
		{ "\xff\xfe", "??", 0 },
		{ "\xe2\x9c", "??", 0 },			/* truncated */
		{ "\xc3\xa9\xe2\x9c\x93 \xc2\xb5s", "\xc3\xa9\xe2\x9c\x93 \xc2\xb5s", 0 },
		{ "a\nb\tc\rd", "a?b?c?d", 0 },
		{ "a\nb\tc\rd\x1b", "a\nb\tc?d?", UTF8_KEEP_LINES },
	};
	char buf[128];

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		snprintf(buf, sizeof buf, "%s", cases[i].in);
		assert_int_equal(utf8_sanitize(buf, cases[i].flags), strlen(cases[i].out));
		assert_string_equal(buf, cases[i].out);
	}
	assert_true(utf8_cp_is_control(0x1b) && utf8_cp_is_control(0x9b) &&
		    utf8_cp_is_control(0x7f) && !utf8_cp_is_control('a') &&
		    !utf8_cp_is_control(0xa0));
}

/* Numbers are plain decimals: no hex, exponent, sign '+', lone point. */
static void
test_parse_plain(void **state)
{
	static const char *const malformed[] = {
		"0x1p4", "0x10", "0X10", "1e3", "1E3", "1e-9", "+5", ".5", "5.", "0,5", "1,000",
		"inf", "nan", "infinity", " 5", "5 ", "", "-", "--5", "1..5", "0x", "4k ",
	};
	double	 d;
	long	 l;
	uint64_t u;

	for (size_t i = 0; i < sizeof malformed / sizeof malformed[0]; i++) {
		assert_int_equal(parse_double(malformed[i], -1e300, 1e300, &d), -EINVAL);
		assert_int_equal(parse_duration(malformed[i], 0, 1e9, &d), -EINVAL);
	}
	assert_int_equal(parse_size("0x1000", 0, UINT64_MAX, &u), -EINVAL);
	assert_int_equal(parse_size("1e3k", 0, UINT64_MAX, &u), -EINVAL);
	assert_int_equal(parse_long("1e1", 0, 100, &l), -EINVAL);
	assert_int_equal(parse_long("0x10", 0, 100, &l), -EINVAL);

	assert_int_equal(parse_double("0.5", 0, 1, &d), 0);
	assert_true(d == 0.5);
	assert_int_equal(parse_long("-3", -10, 10, &l), 0);
	assert_int_equal(l, -3);
	assert_int_equal(parse_size("1.5G", 0, UINT64_MAX, &u), 0);
	assert_true(u == UINT64_C(3) << 29);
	assert_int_equal(parse_size("4k", 0, UINT64_MAX, &u), 0);
	assert_true(u == 4096);
	assert_int_equal(parse_duration("500ms", 1e-3, 10, &d), 0);
	assert_true(d == 0.5);
	assert_int_equal(parse_duration("0.001", 1e-3, 10, &d), 0);
	assert_int_equal(parse_duration("1ms", 1e-3, 10, &d), 0);
	/* The minimum holds after the unit. */
	assert_int_equal(parse_duration("500us", 1e-3, 10, &d), -ERANGE);
	assert_int_equal(parse_duration("1ns", 1e-3, 10, &d), -ERANGE);
	assert_int_equal(parse_duration("0.0001", 1e-3, 10, &d), -ERANGE);
	/* Absurdly long digit strings are out of range, not read. */
	assert_int_equal(parse_double("1000000000000000000000000000000000000000000000000000000"
				      "00000000000000000000", 0, 1e300, &d), -ERANGE);
}

/* A decimal-comma locale changes nothing: "0.5" is a half, "0,5" is not a
 * number (when the test machine has de_DE.UTF-8 or fr_FR.UTF-8). */
static void
test_parse_locale(void **state)
{
	char   *old = setlocale(LC_NUMERIC, NULL);
	char	saved[64];
	double	d;

	snprintf(saved, sizeof saved, "%s", old != NULL ? old : "C");
	if (setlocale(LC_NUMERIC, "de_DE.UTF-8") == NULL &&
	    setlocale(LC_NUMERIC, "fr_FR.UTF-8") == NULL)
		return;
	assert_int_equal(parse_double("0.5", 0, 1, &d), 0);
	assert_true(d == 0.5);
	assert_int_equal(parse_duration("1.5ms", 0, 1, &d), 0);
	assert_true(d == 1.5e-3);
	assert_int_equal(parse_double("0,5", 0, 1, &d), -EINVAL);
	setlocale(LC_NUMERIC, saved);
}

/* Count the entries of the scratch directory whose names start with prefix. */
static int
count_prefix(const char *prefix)
{
	char  cmd[PATH_MAX + 64];
	FILE *p;
	int   n = -1;

	snprintf(cmd, sizeof cmd, "ls -A '%s' | grep -c '^%s'", scratch, prefix);
	p = popen(cmd, "r");
	if (p != NULL && fscanf(p, "%d", &n) != 1)
		n = -1;
	if (p != NULL)
		pclose(p);
	return n;
}

/* An output file: replaced whole, no temporary left; refusals by kind. */
static void
test_outfile(void **state)
{
	struct outfile	o;
	struct dd_error err = { 0 };
	char		path[PATH_MAX + 16], other[PATH_MAX + 16];
	char	       *text = NULL;
	int		fd;

	(void)state;
	snprintf(path, sizeof path, "%s/out", scratch);
	assert_int_equal(outfile_open(&o, path, -1, NULL, &err), 0);
	assert_int_equal(outfile_replace(&o, "{\"a\": 1}\n", 9, &err), 0);
	assert_int_equal(outfile_replace(&o, "[]\n", 3, &err), 0);
	assert_int_equal(o.replaced, 2);
	outfile_close(&o);
	assert_int_equal(file_read_all(NULL, path, 100, &text, NULL, NULL), 0);
	assert_string_equal(text, "[]\n");
	free(text);
	assert_int_equal(count_prefix(".out."), 0);

	/* The forbidden inode, by its own name and through a hard link. */
	fd = open(path, O_RDONLY);
	assert_true(fd >= 0);
	assert_int_equal(outfile_open(&o, path, fd, NULL, &err), -EINVAL);
	assert_non_null(strstr(err.msg, "is the target"));
	snprintf(other, sizeof other, "%s/outhard", scratch);
	assert_int_equal(link(path, other), 0);
	assert_int_equal(outfile_open(&o, other, fd, NULL, &err), -EINVAL);
	close(fd);

	/* A symlink (even to a regular file), a FIFO, a directory, a device. */
	snprintf(other, sizeof other, "%s/outlink", scratch);
	assert_int_equal(symlink(path, other), 0);
	assert_int_equal(outfile_open(&o, other, -1, NULL, &err), -ELOOP);
	assert_non_null(strstr(err.msg, "symbolic link"));
	snprintf(other, sizeof other, "%s/outfifo", scratch);
	assert_int_equal(mkfifo(other, 0600), 0);
	assert_int_equal(outfile_open(&o, other, -1, NULL, &err), -EINVAL);
	assert_non_null(strstr(err.msg, "a FIFO"));
	assert_int_equal(outfile_open(&o, scratch, -1, NULL, &err), -EISDIR);
	assert_int_equal(outfile_open(&o, "/dev/null", -1, NULL, &err), -EINVAL);
	assert_non_null(strstr(err.msg, "a character device"));
	assert_true(outfile_open(&o, "/nonexistent-dir/x.json", -1, NULL, &err) < 0);
}

/* A judge that refuses an entry holding "keep", and notes what it saw. */
static int judge_calls;
static int
judge_keep(int fd, const struct outfile *o, struct dd_error *err)
{
	char buf[8] = "";

	judge_calls++;
	if (pread(fd, buf, 4, 0) == 4 && memcmp(buf, "keep", 4) == 0)
		return dd_error_set(err, -EBUSY, "%s is kept", o->path);
	return 0;
}

/* The judge decides on the existing entry's descriptor, at open and again
 * before every replace; a refusal leaves the file as it was. */
static void
test_outfile_judge(void **state)
{
	struct outfile	o;
	struct dd_error err = { 0 };
	char		path[PATH_MAX + 16], fresh[PATH_MAX + 16];
	char	       *text = NULL;
	int		fd;

	(void)state;
	snprintf(fresh, sizeof fresh, "%s/judged-new", scratch);
	judge_calls = 0;
	assert_int_equal(outfile_open(&o, fresh, -1, judge_keep, &err), 0);
	assert_int_equal(judge_calls, 0);	/* nothing there yet */
	assert_int_equal(outfile_replace(&o, "x\n", 2, &err), 0);
	assert_int_equal(outfile_replace(&o, "y\n", 2, &err), 0);
	assert_int_equal(judge_calls, 1);	/* the first version, before the second */
	outfile_close(&o);

	snprintf(path, sizeof path, "%s/judged", scratch);
	fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0600);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, "keep me\n", 8), 8);
	close(fd);
	assert_int_equal(outfile_open(&o, path, -1, judge_keep, &err), -EBUSY);
	assert_non_null(strstr(err.msg, "is kept"));
	assert_int_equal(file_read_all(NULL, path, 100, &text, NULL, NULL), 0);
	assert_string_equal(text, "keep me\n");
	free(text);

	/* Planted between open and replace: refused then, still as it was. */
	assert_int_equal(outfile_open(&o, fresh, -1, judge_keep, &err), 0);
	assert_int_equal(rename(path, fresh), 0);
	assert_int_equal(outfile_replace(&o, "z\n", 2, &err), -EBUSY);
	outfile_close(&o);
	assert_int_equal(file_read_all(NULL, fresh, 100, &text, NULL, NULL), 0);
	assert_string_equal(text, "keep me\n");
	free(text);
}

/* A thread's own signal mask, read from inside it. */
static void *
thread_mask(void *arg)
{
	pthread_sigmask(SIG_BLOCK, NULL, arg);
	return NULL;
}

/* signals_thread_create: the new thread blocks every signal whatever the
 * caller's mask (a thread started before the reading loop blocked SIGINT
 * took it and, the signal ignored by inheritance, lost it), and the
 * caller's mask is as it was. */
static void
test_signals_thread(void **state)
{
	sigset_t  none, mask, after;
	pthread_t th;

	(void)state;
	sigemptyset(&none);
	assert_int_equal(pthread_sigmask(SIG_SETMASK, &none, NULL), 0);
	assert_int_equal(signals_thread_create(&th, NULL, thread_mask, &mask), 0);
	assert_int_equal(pthread_join(th, NULL), 0);
	assert_true(sigismember(&mask, SIGINT));
	assert_true(sigismember(&mask, SIGTERM));
	assert_true(sigismember(&mask, SIGQUIT));
	assert_true(sigismember(&mask, SIGUSR1));
	assert_true(sigismember(&mask, SIGRTMIN));
	pthread_sigmask(SIG_BLOCK, NULL, &after);
	assert_false(sigismember(&after, SIGINT));

	/* The control: a plain thread inherits the open mask. */
	assert_int_equal(pthread_create(&th, NULL, thread_mask, &mask), 0);
	assert_int_equal(pthread_join(th, NULL), 0);
	assert_false(sigismember(&mask, SIGINT));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_figure_checks),
		cmocka_unit_test(test_memlimit),
		cmocka_unit_test(test_clock_monotonic),
		cmocka_unit_test(test_file_limit),
		cmocka_unit_test(test_file_refuses),
		cmocka_unit_test(test_file_line),
		cmocka_unit_test(test_file_paths),
		cmocka_unit_test(test_outfile),
		cmocka_unit_test(test_outfile_judge),
		cmocka_unit_test(test_utf8_decode),
		cmocka_unit_test(test_utf8_width),
		cmocka_unit_test(test_utf8_width_by),
		cmocka_unit_test(test_utf8_sanitize),
		cmocka_unit_test(test_parse_plain),
		cmocka_unit_test(test_parse_locale),
		cmocka_unit_test(test_signals_thread),
	};

	return cmocka_run_group_tests(tests, group_setup, group_teardown);
}
