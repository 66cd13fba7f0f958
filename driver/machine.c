/* What a machine's GCC driver computes in code rather than in its specs.
 *
 * gcc -dumpspecs shows the spec strings, but not the driver self specs
 * compiled into a target's gcc nor the spec functions they and the specs
 * call.  For x86 those are -march=native's (main.c asks the backend).
 * For arm, aarch64 and riscv (GCC 12):
 *
 *   - arm's self specs turn -mcpu=, -march=, -mfpu= and -mfloat-abi=
 *     into a canonical -march= (replacing the user's) and -mlibarch=,
 *     which select the multilib, and add the -mfloat-abi= and
 *     -marm/-mthumb defaults of the CPU: a function of GCC's CPU, FPU and
 *     architecture tables.  The driver asks the backend, as for
 *     -march=native: `gcc -### -c` with the machine options, whose
 *     COLLECT_GCC_OPTIONS lists the options it removed (blanks) and the
 *     ones it added, and whose cc1 line names the multilib.  Without
 *     -m options the probed defaults of the default multilib hold.
 *   - riscv's self specs add the canonical -march= of the given one
 *     (riscv_expand_arch: -march=rv64gc adds
 *     -march=rv64imafdc_zicsr_zifencei) or of -mcpu=: asked the same way.
 *   - %:rewrite_march(A) (arm: what as gets of -march=): A without a
 *     leading "generic-" (-mcpu=generic-armv7-a); extensions stay.
 *   - %:rewrite_mcpu(C) on arm: C up to its first '+'; on aarch64 the
 *     -march= of the CPU with its extensions, from GCC's CPU table: the
 *     backend is asked (the as line of `gcc -### -c -mcpu=C`).  GCC 16's
 *     aarch64 %:rewrite_march(A) likewise: -march=armv8.2-a gives as
 *     -march=armv8.2-a+crc, asked with -march=A.
 *   - %:asm_auto_mfpu(arch A) (arm, -mfpu=auto): the FPU of A, asked of
 *     the backend.
 *   - %:be8_linkopt(...) (arm's *link): --be8 for a big-endian link
 *     (-mbig-endian) of ARMv6 or later, or with -mbe8.
 *   - %:is_local_not_armv8_base(A) (aarch64 from GCC 16, whose *cc1,
 *     *cc1plus and *link drop the Cortex-A53 errata workarounds for a
 *     CPU or architecture newer than Armv8-A): false for a name holding
 *     "cortex-a53" or "armv8-a" unless it has "+sve", true otherwise
 *     (GCC's is_host_cpu_not_armv8_base, on the text alone).
 *   - %:if-driverlang(LANG THEN [ELSE]) (Debian's arm-none-eabi GCC,
 *     its picolibc patches: crtbegin.o, crtend.o and picolibcpp.ld for
 *     the C++ driver): THEN when the driver is LANG's ("c++" for xg++,
 *     "c" for xgcc), else ELSE or nothing.
 */
#include "config.h"

#include "driver.h"
#include "backend.h"
#include "diag.h"
#include "process.h"
#include "tempfile.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { EM_ARM_ = 40, EM_AARCH64_ = 183, EM_RISCV_ = 243 };

char *backend_dry_run(const struct strvec *words)
{
	struct strvec c = { 0 };
	strvec_push(&c, (char *)backend_cc());
	for (size_t i = 0; i < words->n; i++)
		strvec_push(&c, words->v[i]);
	static const char *const tail[] = { "-###", "-c", "-x", "c", "/dev/null", "-o", "/dev/null" };
	for (size_t i = 0; i < sizeof tail / sizeof *tail; i++)
		strvec_push(&c, (char *)tail[i]);
	char *errfile = temp_make(".txt");
	struct spawn_cmd sc = { .argv = c.v, .name = backend_cc(), .err_path = errfile };
	spawn_pipeline(&sc, 1, 0);
	free(c.v);
	FILE *f = fopen(errfile, "r");
	if (!f)
		return NULL;
	size_t len = 0, cap = 4096;
	char *all = xmalloc(cap);
	size_t got;
	while ((got = fread(all + len, 1, cap - len - 1, f)) > 0)
		if ((len += got) + 1 == cap)
			all = xrealloc(all, cap *= 2);
	fclose(f);
	all[len] = '\0';
	return all;
}

/* The line of OUT that starts with PREFIX (or contains it, CONTAINS),
 * without its newline, or NULL. */
static char *find_line(const char *out, const char *prefix, int contains)
{
	for (const char *p = out; p && *p;) {
		const char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl - p) : strlen(p);
		char *l = xstrndup(p, n);
		if (contains ? strstr(l, prefix) != NULL : strncmp(l, prefix, strlen(prefix)) == 0)
			return l;
		free(l);
		p = nl ? nl + 1 : NULL;
	}
	return NULL;
}

/* A word of a -### command line without its quotes. */
static char *unquote(const char *w)
{
	size_t n = strlen(w);
	if (n >= 2 && (w[0] == '"' || w[0] == '\'') && w[n - 1] == w[0])
		return xstrndup(w + 1, n - 2);
	return xstrdup(w);
}

/* The value of the last word of LINE that starts with KEY, or NULL. */
static char *last_word_value(const char *line, const char *key)
{
	char *copy = xstrdup(line), *save = NULL, *v = NULL;
	for (char *t = strtok_r(copy, " ", &save); t; t = strtok_r(NULL, " ", &save)) {
		char *u = unquote(t);
		if (!strncmp(u, key, strlen(key))) {
			free(v);
			v = xstrdup(u + strlen(key));
		}
		free(u);
	}
	free(copy);
	return v;
}

/* Does a multilib of B select on an -O option?  Debian's arm-none-eabi
 * GCC 15 has "space" multilibs for -Os (and -Oz, which its
 * multilib_matches maps to Os). */
static int multilib_by_olevel(const struct backend *b)
{
	for (size_t k = 0; k < b->nmultilibs; k++)
		for (const char *p = b->multilibs[k].select; p && *p; p += strcspn(p, " "), p += *p == ' ')
			if (*p == 'O')
				return 1;
	return 0;
}

void machine_self_specs(struct driver *d)
{
	if (d->target->machine != EM_ARM_ && d->target->machine != EM_RISCV_)
		return;
	/* the -m options, and the -O ones where they choose a multilib */
	int with_o = multilib_by_olevel(backend_current());
	struct strvec words = { 0 };
	size_t *idx = xcalloc(d->nopts + 1, sizeof *idx);
	for (size_t i = 0; i < d->nopts; i++)
		if ((opt_kind(&d->opts[i], 'm') || (with_o && opt_kind(&d->opts[i], 'O'))) && !d->opts[i].elided &&
		    !d->opts[i].unknown) {
			idx[words.n] = i;
			strvec_push(&words, (char *)d->opts[i].word);
		}
	if (!words.n) {
		free(idx);
		return;
	}
	char *out = backend_dry_run(&words);
	char *cgo = out ? find_line(out, "COLLECT_GCC_OPTIONS=", 0) : NULL;
	char *cc1 = out ? find_line(out, "/cc1 ", 1) : NULL;
	if (!cgo || !cc1) {
		/* the backend refused the options: its compile says why */
		free(out);
		free(cgo);
		free(cc1);
		free(idx);
		free(words.v);
		return;
	}
	/* '-m1' '-m2' ... '-c' '-o' '/dev/null' 'ADDED'...: one piece per
	 * switch, an empty one where a self spec removed it */
	struct strvec pieces = { 0 }, added = { 0 };
	for (const char *p = cgo + strlen("COLLECT_GCC_OPTIONS="); p;) {
		const char *sp = strchr(p, ' ');
		strvec_push(&pieces, sp ? xstrndup(p, (size_t)(sp - p)) : xstrdup(p));
		p = sp ? sp + 1 : NULL;
	}
	size_t k = 0, n = 0;
	for (; k < pieces.n && n < words.n; k++, n++)
		if (!*pieces.v[k])
			d->opts[idx[n]].elided = 1;
	for (; k + 1 < pieces.n; k++)
		if (!strcmp(pieces.v[k], "'-o'") && !strcmp(pieces.v[k + 1], "'/dev/null'")) {
			k += 2;
			break;
		}
	for (; k < pieces.n; k++)
		if (*pieces.v[k])
			strvec_push(&added, unquote(pieces.v[k]));
	/* the multilib: cc1's -imultilib, none for the default one */
	char *copy = xstrdup(cc1), *save = NULL, *dir = NULL;
	for (char *t = strtok_r(copy, " ", &save); t; t = strtok_r(NULL, " ", &save))
		if (!strcmp(t, "-imultilib") && (t = strtok_r(NULL, " ", &save))) {
			dir = unquote(t);
			break;
		}
	free(copy);
	const struct backend *b = backend_current();
	const struct backend_multilib *ml = &b->multilibs[0];
	/* the one selected if it has that directory ("." may be two: the
	 * default and i686-w64-mingw32's -m64), else the first that has */
	if (dir && d->ml && !strcmp(d->ml->dir, dir))
		ml = d->ml;
	else
		for (size_t m = 0; dir && m < b->nmultilibs; m++)
			if (!strcmp(b->multilibs[m].dir, dir)) {
				ml = &b->multilibs[m];
				break;
			}
	struct backend_multilib *copy_ml = xmalloc(sizeof *copy_ml);
	*copy_ml = *ml;
	copy_ml->defaults = strvec_join(&added, ' ');
	d->ml = copy_ml;
	d->machine_defaults_exact = 1;
	free(dir);
	strvec_free(&pieces);
	strvec_free(&added);
	free(out);
	free(cgo);
	free(cc1);
	free(idx);
	free(words.v);
}

/* aarch64's %:rewrite_mcpu(CPU) and (GCC 16) %:rewrite_march(ARCH): the
 * -march= the backend gives as for -OPT=NAME. */
static char *aarch64_as_arch(const char *opt, const char *name)
{
	struct strvec words = { 0 };
	strvec_pushf(&words, "-%s=%s", opt, name);
	char *out = backend_dry_run(&words);
	strvec_free(&words);
	char *as = out ? find_line(out, "/as ", 1) : NULL;
	if (!as)
		as = out ? find_line(out, " as ", 1) : NULL;
	char *v = as ? last_word_value(as, "-march=") : NULL;
	free(as);
	free(out);
	return v;
}

/* arm's %:asm_auto_mfpu(arch A) (-mfpu=auto): the -mfpu= as gets for
 * architecture A, from GCC's FPU table: asked of the backend, with a
 * float ABI (softfp) that keeps A's FP extensions in the canonical
 * -march=.  "-mfpu=NAME", or NULL. */
static char *arm_auto_fpu(const char *arch)
{
	struct strvec words = { 0 };
	strvec_pushf(&words, "-march=%s", arch);
	strvec_push(&words, "-mfloat-abi=softfp");
	strvec_push(&words, "-mfpu=auto");
	char *out = backend_dry_run(&words);
	strvec_free(&words);
	char *as = out ? find_line(out, "/as ", 1) : NULL;
	char *v = as ? last_word_value(as, "-mfpu=") : NULL;
	free(as);
	free(out);
	if (!v)
		return NULL;
	char *w = xasprintf("-mfpu=%s", v);
	free(v);
	return w;
}

/* The N of "armvN...", or 0. */
static int arm_arch_version(const char *a)
{
	return a && !strncmp(a, "armv", 4) ? atoi(a + 4) : 0;
}

const char *machine_function(const struct driver *d, struct strvec *keep, const char *name, int argc, char **argv,
			     int *known)
{
	unsigned m = d->target->machine;
	*known = 1;
	if (m == EM_ARM_ && !strcmp(name, "rewrite_march") && argc >= 1) {
		const char *a = argv[argc - 1];
		if (!strncmp(a, "generic-", 8))
			a += 8;
		strvec_push(keep, xstrdup(a));
		return keep->v[keep->n - 1];
	}
	if (m == EM_ARM_ && !strcmp(name, "rewrite_mcpu") && argc >= 1) {
		const char *c = argv[argc - 1];
		strvec_push(keep, xstrndup(c, strcspn(c, "+")));
		return keep->v[keep->n - 1];
	}
	if (m == EM_AARCH64_ && (!strcmp(name, "rewrite_mcpu") || !strcmp(name, "rewrite_march")) && argc >= 1) {
		char *v = aarch64_as_arch(strcmp(name, "rewrite_mcpu") ? "march" : "mcpu", argv[argc - 1]);
		if (!v)
			return NULL;
		strvec_push(keep, v);
		return v;
	}
	if (m == EM_ARM_ && !strcmp(name, "asm_auto_mfpu")) {
		const char *arch = NULL;
		for (int i = 0; i + 1 < argc; i++)
			if (!strcmp(argv[i], "arch"))
				arch = argv[i + 1];
		char *v = arch ? arm_auto_fpu(arch) : NULL;
		if (!v)
			return NULL;
		strvec_push(keep, v);
		return v;
	}
	if (m == EM_ARM_ && !strcmp(name, "be8_linkopt")) {
		int big = 0, be8 = 0;
		const char *arch = NULL;
		for (int i = 0; i < argc; i++) {
			if (!strcmp(argv[i], "big"))
				big = 1;
			else if (!strcmp(argv[i], "little"))
				big = 0;
			else if (!strcmp(argv[i], "be8"))
				be8 = 1;
			else if (!strcmp(argv[i], "arch") && i + 1 < argc)
				arch = argv[++i];
		}
		return big && (be8 || arm_arch_version(arch) >= 6) ? "--be8" : NULL;
	}
	if (m == EM_AARCH64_ && !strcmp(name, "is_local_not_armv8_base") && argc >= 1) {
		const char *a = argv[0];
		if (strstr(a, "+sve"))
			return "";
		return strstr(a, "cortex-a53") || strstr(a, "armv8-a") ? NULL : "";
	}
	if (!strcmp(name, "if-driverlang") && argc >= 2)
		return !strcmp(argv[0], d->cxx ? "c++" : "c") ? argv[1] : argc >= 3 ? argv[2] : NULL;
	*known = 0;
	return NULL;
}
