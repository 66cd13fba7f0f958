/* Diagnostics and checked allocation; see diag.h. */
#include "config.h"

#include "diag.h"
#include "fileinfo.h"
#include "host.h"
#include "tempfile.h"

#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *progname = "xgcc";
static int error_count;
static int utf8_quotes = -1;

/* Colours, as gcc's: SGR parameters per element, from GCC_COLORS
 * ("error=01;31:warning=01;35:..."); unset means these defaults, an
 * empty GCC_COLORS means none.  With them on, "PROG:" is in the locus
 * colour, "KIND: " in the kind's, and what is quoted in the quote
 * colour, inside the quotes. */
enum { C_ERROR, C_WARNING, C_NOTE, C_LOCUS, C_QUOTE, C_N };
static const char *const color_names[C_N] = { "error", "warning", "note", "locus", "quote" };
static char *colors[C_N];
static int use_color;
static char lq_color[32], rq_color[32];

static void parse_gcc_colors(void)
{
	static const char *const defaults[C_N] = { "01;31", "01;35", "01;36", "01", "01" };
	for (int i = 0; i < C_N; i++)
		colors[i] = xstrdup(defaults[i]);
	const char *p = getenv("GCC_COLORS");
	if (!p)
		return;
	if (!*p) {
		use_color = 0;
		return;
	}
	while (*p) {
		const char *eq = strchr(p, '='), *end = strchr(p, ':');
		if (!end)
			end = p + strlen(p);
		if (eq && eq < end) {
			size_t n = (size_t)(eq - p);
			for (int i = 0; i < C_N; i++)
				if (strlen(color_names[i]) == n && strncmp(p, color_names[i], n) == 0) {
					if (strspn(eq + 1, "0123456789;") < (size_t)(end - eq - 1))
						return; /* ill-formed: keep what came before, as gcc */
					free(colors[i]);
					colors[i] = xstrndup(eq + 1, (size_t)(end - eq - 1));
				}
		}
		p = *end ? end + 1 : end;
	}
}

void diag_color_args(int argc, char **argv)
{
	enum { NEVER, AUTO, ALWAYS } when = AUTO;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (strcmp(a, "-fdiagnostics-color") == 0 || strcmp(a, "-fdiagnostics-color=always") == 0)
			when = ALWAYS;
		else if (strcmp(a, "-fdiagnostics-color=never") == 0 || strcmp(a, "-fno-diagnostics-color") == 0)
			when = NEVER;
		else if (strcmp(a, "-fdiagnostics-color=auto") == 0)
			when = AUTO;
		else if (strcmp(a, "-fdiagnostics-plain-output") == 0)
			when = NEVER; /* among what plain output means, for gcc too */
	}
	const char *term = getenv("TERM");
	use_color = when == ALWAYS ||
		    (when == AUTO && isatty(STDERR_FILENO) && term && strcmp(term, "dumb") != 0);
	if (use_color)
		parse_gcc_colors();
	if (use_color) {
		snprintf(lq_color, sizeof lq_color, "%s\33[%sm\33[K", utf8_quotes > 0 ? "\xe2\x80\x98" : "'",
			 colors[C_QUOTE]);
		snprintf(rq_color, sizeof rq_color, "\33[m\33[K%s", utf8_quotes > 0 ? "\xe2\x80\x99" : "'");
	}
}

void diag_init(const char *argv0)
{
	progname = file_base_name(argv0);
	utf8_quotes = host_locale_utf8();
}

const char *diag_progname(void) { return progname; }
int diag_error_count(void) { return error_count; }
static const char *diag_lq(void) { return use_color ? lq_color : utf8_quotes > 0 ? "\xe2\x80\x98" : "'"; }
static const char *diag_rq(void) { return use_color ? rq_color : utf8_quotes > 0 ? "\xe2\x80\x99" : "'"; }

const char *diag_q(const char *s)
{
	return xasprintf("%s%s%s", diag_lq(), s, diag_rq());
}

const char *diag_qf(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	char *s = xmalloc((size_t)(n > 0 ? n : 0) + 1);
	va_start(ap, fmt);
	vsnprintf(s, (size_t)(n > 0 ? n : 0) + 1, fmt, ap);
	va_end(ap);
	const char *q = diag_q(s);
	free(s);
	return q;
}

/* LOCUS is "PROG" or "FILE:LINE:COL". */
static void vdiag_at(const char *locus, enum diag_kind kind, const char *fmt, va_list ap)
{
	static const char *const label[] = {
		[DIAG_NOTE] = "note",
		[DIAG_WARNING] = "warning",
		[DIAG_ERROR] = "error",
		[DIAG_FATAL] = "fatal error",
		[DIAG_ICE] = "internal compiler error",
	};
	/* the line is written at once: the programs run beside us (the
	 * sruns of a distributor) write to the same standard error */
	char *line = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&line, &len);
	if (!f)
		f = stderr;
	if (use_color)
		fprintf(f, "\33[%sm\33[K%s:\33[m\33[K \33[%sm\33[K%s: \33[m\33[K", colors[C_LOCUS], locus,
			colors[kind == DIAG_NOTE ? C_NOTE : kind == DIAG_WARNING ? C_WARNING : C_ERROR], label[kind]);
	else
		fprintf(f, "%s: %s: ", locus, label[kind]);
	vfprintf(f, fmt, ap);
	fputc('\n', f);
	if (f != stderr) {
		fclose(f);
		fwrite(line, 1, len, stderr);
		free(line);
	}
	if (kind >= DIAG_ERROR)
		error_count++;
	if (kind == DIAG_FATAL) {
		fputs("compilation terminated.\n", stderr);
		temp_cleanup(1);
		exit(1);
	}
}

void vdiag(enum diag_kind kind, const char *fmt, va_list ap) { vdiag_at(progname, kind, fmt, ap); }

void diag_at(const char *file, unsigned line, unsigned col, enum diag_kind kind, const char *fmt, ...)
{
	char *locus = xasprintf("%s:%u:%u", file, line, col);
	va_list ap;
	va_start(ap, fmt);
	vdiag_at(locus, kind, fmt, ap);
	va_end(ap);
	free(locus);
}

static void (*sink)(enum diag_kind, char *, void *);
static void *sink_arg;

void diag_set_sink(void (*fn)(enum diag_kind kind, char *text, void *arg), void *arg)
{
	sink = fn;
	sink_arg = arg;
}

void diag(enum diag_kind kind, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	if (sink) {
		char *text = NULL;
		if (vasprintf(&text, fmt, ap) < 0)
			fatal("out of memory");
		va_end(ap);
		sink(kind, text, sink_arg);
		return;
	}
	vdiag(kind, fmt, ap);
	va_end(ap);
}

void diag_replay(enum diag_kind kind, const char *text)
{
	diag(kind, "%s", text);
}

void stop(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vdiag(DIAG_ERROR, fmt, ap);
	va_end(ap);
	exit(1);
}

void fatal(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vdiag(DIAG_FATAL, fmt, ap);
	va_end(ap);
	exit(1); /* not reached */
}

static void *checked(void *p)
{
	if (!p)
		fatal("out of memory");
	return p;
}

void *xmalloc(size_t n) { return checked(malloc(n ? n : 1)); }
void *xcalloc(size_t n, size_t size) { return checked(calloc(n ? n : 1, size ? size : 1)); }
void *xrealloc(void *p, size_t n) { return checked(realloc(p, n ? n : 1)); }
char *xstrdup(const char *s) { return checked(strdup(s)); }
char *xstrndup(const char *s, size_t n) { return checked(strndup(s, n)); }

char *xasprintf(const char *fmt, ...)
{
	va_list ap;
	char *s;
	va_start(ap, fmt);
	int n = vasprintf(&s, fmt, ap);
	va_end(ap);
	if (n < 0)
		fatal("out of memory");
	return s;
}

#ifdef XGCC_SANITIZE
/* Under --enable-sanitizers: xgcc's programs run for a moment and leave
 * their memory to exit, as gcc does; leak reports would only turn every
 * run into a failure (GCC's bootstrap-asan sets detect_leaks=0 too). */
const char *__asan_default_options(void);
const char *__asan_default_options(void) { return "detect_leaks=0"; }
#endif
