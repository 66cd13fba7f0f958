/* Floating-point evaluation: which -fexcess-precision= each file gets.
 *
 * GCC 4.5 added -fexcess-precision=fast|standard so that C on x87
 * (FLT_EVAL_METHOD 2) can evaluate as C99 says: float and double
 * arithmetic in long double, rounded on assignment and cast.  xgcc
 * decides the mode for every input and passes it to cc1 explicitly, so
 * that -v and -### show it and LTO objects record it.  The rules, first
 * match wins:
 *
 * A target without x87 (its ABI's fpmath NULL: arm, aarch64, riscv) gets
 * no -fexcess-precision from the driver at all (compile.c): cc1 decides,
 * as under gcc, whatever the machine's own excess precision (_Float16 on
 * arm) is.  Otherwise:
 *
 *   1. the target has no excess precision (SSE arithmetic: x86-64 by
 *      default or with -mfpmath=sse; on i386 -mfpmath=sse only with
 *      -msse2, since without it double arithmetic stays on x87) or an
 *      unpredictable one (-mfpmath=sse+387): fast, quietly;
 *   2. a language other than C: fast (cc1plus cannot do standard);
 *   3. -funsafe-math-optimizations, -ffast-math or -Ofast in effect:
 *      fast, whatever -fexcess-precision= says;
 *   4. the last -fexcess-precision=;
 *   5. the last -std= or -ansi: standard for the ISO modes, fast for the
 *      GNU ones; fast without any.
 */
#include "config.h"

#include "driver.h"
#include "diag.h"

#include <string.h>

void excess_precision_check(const struct driver *d)
{
	for (size_t i = 0; i < d->nopts; i++) {
		const char *w = d->opts[i].word;
		if (strncmp(w, "-fexcess-precision=", 19) != 0)
			continue;
		if (strcmp(w + 19, "fast") != 0 && strcmp(w + 19, "standard") != 0)
			diag(DIAG_ERROR, "unknown excess precision style \"%s\"", w + 19);
	}
}

/* The last -O, -ffast-math-like or -fno- option that decides
 * -funsafe-math-optimizations, or NULL when it is off. */
static const char *unsafe_math(const struct driver *d)
{
	const char *explicit_on = NULL;
	int explicit_seen = 0;
	const char *last_O = NULL;
	for (size_t i = 0; i < d->nopts; i++) {
		const char *w = d->opts[i].word;
		if (d->opts[i].id == OPT_O)
			last_O = w;
		if (strcmp(w, "-ffast-math") == 0 || strcmp(w, "-funsafe-math-optimizations") == 0) {
			explicit_on = w;
			explicit_seen = 1;
		} else if (strcmp(w, "-fno-fast-math") == 0 ||
			   strcmp(w, "-fno-unsafe-math-optimizations") == 0) {
			explicit_on = NULL;
			explicit_seen = 1;
		}
	}
	/* Explicit -f flags override what an -O level implies, in any order. */
	if (explicit_seen)
		return explicit_on;
	return last_O && strcmp(last_O, "-Ofast") == 0 ? last_O : NULL;
}

/* The C standard mode's default: standard for ISO C, fast for GNU C. */
static const char *std_default(const struct driver *d, const char **why)
{
	const struct opt *last = NULL;
	for (size_t i = 0; i < d->nopts; i++)
		if (d->opts[i].id == OPT_std || d->opts[i].id == OPT_ansi)
			last = &d->opts[i];
	if (!last) {
		*why = "the default in GNU C";
		return "fast";
	}
	*why = xasprintf("implied by %s", last->given);
	if (last->id == OPT_ansi)
		return "standard";
	const char *s = last->arg;
	static const char *const iso[] = { "c90", "c99", "c11", "c17", "c2x" }; /* canonical */
	if (strncmp(s, "iso9899:", 8) == 0)
		return "standard";
	for (size_t i = 0; i < sizeof iso / sizeof *iso; i++)
		if (strcmp(s, iso[i]) == 0)
			return "standard";
	return "fast";
}

const char *excess_precision_mode(const struct driver *d, const struct input *in, const char **why)
{
	const struct opt *fp = opt_starting(d, "-mfpmath=");
	const char *fpmath = fp ? fp->word + 9 : d->abi->fpmath;
	if (strcmp(fpmath, "sse") == 0) {
		/* An ABI whose default is x87 does double arithmetic in SSE only
		 * when SSE2 is on; otherwise the usual rules decide. */
		int sse_abi = strcmp(d->abi->fpmath, "sse") == 0;
		if (sse_abi || opt_on(d, "-msse2")) {
			*why = "no excess precision with -mfpmath=sse";
			return "fast";
		}
	} else if (strcmp(fpmath, "387") != 0) {
		*why = xasprintf("excess precision is unpredictable with -mfpmath=%s", fpmath);
		return "fast";
	}
	if (in->lang != LANG_C && in->lang != LANG_CPP_OUTPUT && in->lang != LANG_C_HEADER) {
		*why = "the only mode for languages other than C";
		return "fast";
	}
	const char *unsafe = unsafe_math(d);
	if (unsafe) {
		*why = xasprintf("implied by %s", unsafe);
		return "fast";
	}
	const struct opt *ep = opt_starting(d, "-fexcess-precision=");
	if (ep) {
		*why = "as requested";
		return ep->word + 19;
	}
	return std_default(d, why);
}
