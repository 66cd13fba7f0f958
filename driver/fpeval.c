/* Floating-point evaluation: which -fexcess-precision= each file gets.
 *
 * GCC 4.5 added -fexcess-precision=fast|standard so that C on x87
 * (FLT_EVAL_METHOD 2) can evaluate as C99 says: float and double
 * arithmetic in long double, rounded on assignment and cast.  cc1 applies
 * the same rules as this file from the same options, so the driver adds
 * nothing to its command line: cc1 gets the command line's own
 * -fexcess-precision= where gcc gives it, and the mode reaches no
 * DW_AT_producer, .GCC.command.line or LTO option section that gcc's
 * build lacks.  What the driver owns is checking the style, saying under
 * -v and -### which mode each input gets and why, and one rewrite: a
 * compiler that refuses =standard (cc1plus before GCC 13: "sorry,
 * unimplemented") gets =fast instead, as the seed's rules say.
 *
 * A target without x87 (its ABI's fpmath NULL: arm, aarch64, riscv) is
 * not described at all (compile.c): cc1's defaults are the machine's
 * (_Float16 on arm).  Otherwise, first match wins:
 *
 *   1. the target has no excess precision (SSE arithmetic: x86-64 by
 *      default or with -mfpmath=sse; on i386 -mfpmath=sse only with
 *      -msse2, since without it double arithmetic stays on x87) or an
 *      unpredictable one (-mfpmath=sse+387): fast;
 *   2. a compiler that cannot do standard (above): fast;
 *   3. -funsafe-math-optimizations in effect (-ffast-math, -Ofast):
 *      fast, whatever -fexcess-precision= says;
 *   4. the mode set last: by -fexcess-precision=, or fast by -ffast-math
 *      or -Ofast (which -fno-unsafe-math-optimizations does not undo,
 *      -fno-fast-math does);
 *   5. the last -std= or -ansi: standard for the ISO modes (not with
 *      -Ofast), fast for the GNU ones; fast without any.
 */
#include "config.h"

#include "driver.h"
#include "diag.h"

#include "backend.h"

#include <stdlib.h>
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

/* C, the language the rules were made for (the C++ of GCC 13 follows them
 * too). */
static int excess_precision_c_input(const struct input *in)
{
	return in->lang == LANG_C || in->lang == LANG_CPP_OUTPUT || in->lang == LANG_C_HEADER;
}

/* Rules 3 to 5 as cc1 settles them (GCC's option handling, measured with
 * GCC 12 on x87): in command-line order, -ffast-math turns on unsafe
 * math and sets the fast mode, -fno-fast-math turns both back to their
 * defaults, -f[no-]unsafe-math-optimizations only the first, and
 * -fexcess-precision= sets the mode; -Ofast (the last -O) is an
 * -ffast-math before all of them.  Then unsafe math means fast, a mode
 * set means that mode, and with none the last -std= or -ansi decides:
 * standard for ISO C (not under -Ofast), fast for GNU C.  The -std= are
 * the input's language's: cc1plus ignores -std=c99 (a warning, "valid
 * for C/ObjC but not for C++"), cc1 -std=c++17, so a C++ file's dialect
 * is the last -std=c++NN or gnu++NN (the canonical words all have "++")
 * and -ansi, a C file's the last of the others. */
static const char *settled_mode(const struct driver *d, const struct input *in, const char **why)
{
	const struct opt *last_O = NULL, *last_std = NULL;
	int cxx = !excess_precision_c_input(in);
	for (size_t i = 0; i < d->nopts; i++) {
		const struct opt *o = &d->opts[i];
		if (opt_kind(o, 'O'))
			last_O = o;
		if (opt_is(o, "-ansi") ||
		    (!strncmp(o->name, "-std=", 5) && (strstr(o->word, "++") != NULL) == cxx))
			last_std = o;
	}
	int ofast = last_O && strcmp(last_O->word, "-Ofast") == 0;
	const char *unsafe = ofast ? last_O->given : NULL; /* what turned it on */
	const char *mode = ofast ? "fast" : NULL, *mode_by = unsafe;
	for (size_t i = 0; i < d->nopts; i++) {
		const char *w = d->opts[i].word;
		if (strcmp(w, "-ffast-math") == 0)
			unsafe = mode_by = w, mode = "fast";
		else if (strcmp(w, "-fno-fast-math") == 0)
			unsafe = mode = NULL;
		else if (strcmp(w, "-funsafe-math-optimizations") == 0)
			unsafe = w;
		else if (strcmp(w, "-fno-unsafe-math-optimizations") == 0)
			unsafe = NULL;
		else if (strncmp(w, "-fexcess-precision=", 19) == 0)
			mode = w + 19, mode_by = NULL;
	}
	if (unsafe || (mode && mode_by)) {
		*why = xasprintf("implied by %s", unsafe ? unsafe : mode_by);
		return "fast";
	}
	if (mode) {
		*why = "as requested";
		return mode;
	}
	if (ofast) {
		*why = xasprintf("implied by %s", last_O->given);
		return "fast";
	}
	if (!last_std) {
		*why = "the default in GNU C";
		return "fast";
	}
	*why = xasprintf("implied by %s", last_std->given);
	/* the option table's canonical spellings: c90 ... c2x, c++98 ...,
	 * iso9899:*, against gnu90 ..., gnu++98 ... */
	if (opt_is(last_std, "-ansi") || strncmp(last_std->word, "-std=gnu", 8) != 0)
		return "standard";
	return "fast";
}

int excess_precision_standard_taken(const struct input *in)
{
	return excess_precision_c_input(in) || backend_major() >= 13;
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
	if (!excess_precision_standard_taken(in)) {
		*why = "the only mode for languages other than C";
		return "fast";
	}
	return settled_mode(d, in, why);
}
