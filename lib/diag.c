/* Diagnostics and checked allocation; see diag.h. */
#include "config.h"

#include "diag.h"
#include "tempfile.h"

#include <langinfo.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *progname = "xgcc";
static int error_count;
static int utf8_quotes = -1;

void diag_init(const char *argv0)
{
	const char *slash = strrchr(argv0, '/');
	progname = slash ? slash + 1 : argv0;
	setlocale(LC_CTYPE, "");
	utf8_quotes = strcmp(nl_langinfo(CODESET), "UTF-8") == 0;
}

const char *diag_progname(void) { return progname; }
int diag_error_count(void) { return error_count; }
const char *diag_lq(void) { return utf8_quotes > 0 ? "\xe2\x80\x98" : "'"; }
const char *diag_rq(void) { return utf8_quotes > 0 ? "\xe2\x80\x99" : "'"; }

void vdiag(enum diag_kind kind, const char *fmt, va_list ap)
{
	static const char *const label[] = {
		[DIAG_NOTE] = "note",
		[DIAG_WARNING] = "warning",
		[DIAG_ERROR] = "error",
		[DIAG_FATAL] = "fatal error",
		[DIAG_ICE] = "internal compiler error",
	};
	fprintf(stderr, "%s: %s: ", progname, label[kind]);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	if (kind >= DIAG_ERROR)
		error_count++;
	if (kind == DIAG_FATAL) {
		fputs("compilation terminated.\n", stderr);
		temp_cleanup(1);
		exit(1);
	}
}

void diag(enum diag_kind kind, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vdiag(kind, fmt, ap);
	va_end(ap);
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
