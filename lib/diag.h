/* Diagnostics in gcc's style.
 *
 * Every program prints its messages as "PROG: KIND: TEXT", PROG being the
 * name it was started as (xgcc, xg++, collect2, lto1).  One function with
 * a kind argument covers notes, warnings, errors and fatal errors, as in
 * TinyCC; a fatal error also prints "compilation terminated." as gcc does,
 * runs the cleanup handlers and exits 1.  The quotes around names are gcc's:
 * ‘’ in a UTF-8 locale, '' otherwise (see diag_q), coloured
 * as gcc colours them (diag_color_args).
 */
#ifndef XGCC_DIAG_H
#define XGCC_DIAG_H

#include <stdarg.h>
#include <stddef.h>

enum diag_kind { DIAG_NOTE, DIAG_WARNING, DIAG_ERROR, DIAG_FATAL, DIAG_ICE };

void diag_init(const char *argv0);
const char *diag_progname(void);
void diag(enum diag_kind kind, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void vdiag(enum diag_kind kind, const char *fmt, va_list ap);
/* A message about a place in a file: "FILE:LINE:COL: KIND: TEXT", as gcc. */
void diag_at(const char *file, unsigned line, unsigned col, enum diag_kind kind, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));
/* Giving up, one way per kind of cause:
 *   stop()   the user's input is wrong (a file, an option, a script) and
 *            nothing sensible can follow: one line "PROG: error: ...",
 *            exit status 1;
 *   fatal()  the program cannot go on for a reason of its own or of the
 *            system (a program or file it needs is missing, out of
 *            memory, a write fails): gcc's "PROG: fatal error: ..." and
 *            "compilation terminated.";
 *   diag(DIAG_ERROR, ...) and go on where more errors of the run are
 *            worth saying (the driver's options, ld's multiple
 *            definitions); the program then exits 1 (diag_error_count). */
_Noreturn void stop(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Like diag(DIAG_FATAL), for callers that want the compiler to know. */
_Noreturn void fatal(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
int diag_error_count(void);
/* While a sink is set, diag() hands it the kind and text of each message
 * instead of printing it, and counts no error: the driver plans all its
 * commands before running any and gives each message when the run gets
 * to the place it was met (diag_replay).  A fatal diag() returns to its
 * caller then.  fatal(), stop() and diag_at() are not diverted. */
void diag_set_sink(void (*sink)(enum diag_kind kind, char *text, void *arg), void *arg);
/* Give a message that a sink took, as diag() would have. */
void diag_replay(enum diag_kind kind, const char *text);
/* -fdiagnostics-color[=auto|always|never] / -fno-diagnostics-color in
 * ARGV (the last wins; auto, the default, means a terminal whose TERM is
 * not "dumb"), with GCC_COLORS: colour for the messages, as gcc's. */
void diag_color_args(int argc, char **argv);
/* S between the quotes of the messages: a new string, which the program
 * keeps (a message is printed once, just before the program goes on or
 * stops; the short-lived programs leave such memory to their exit). */
const char *diag_q(const char *s);
/* The same for a formatted text. */
const char *diag_qf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Allocation that cannot fail: out of memory is a fatal error.
 *
 * Memory and the short-lived programs: xgcc, collect2, lto1 and xgcc-ar
 * each run once and exit, so what they keep until the end (options,
 * paths, symbol tables, messages) is left to their exit, not freed.
 * What repeats with the size of the input is freed as it goes: buffers
 * per file or per archive member.  So the sanitizer build runs without
 * LeakSanitizer (diag.c's __asan_default_options); the fuzz targets run
 * the readers with it (testsuite/reliability/README). */
void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
