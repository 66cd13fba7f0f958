/* Command lines for cc1, cc1plus, lto1 and as.
 *
 * gcc builds these from its specs (cpp_unique_options, cc1_options,
 * cpp_options, asm_options).  Here each spec is a function that pushes
 * the option groups of the option table in the spec's order; within a
 * group the options keep their command-line order.  The comments name
 * the spec fragment each step stands for.
 *
 * -x lto inputs go to the backend's lto1 (gcc's "@lto" spec), which
 * lto-wrapper and xgcc's LTO stage run through the driver for WPA and
 * LTRANS: several inputs make one run when -o or -fwpa is given.
 *
 * plan_input() plans one input's job as steps of the run's plan, stage by
 * stage (preprocess, compile, assemble, split DWARF, the second
 * compilation of -fcompare-debug), from the read-only driver and a
 * struct cc that carries what one stage leaves for the next.  -pipe and
 * -save-temps decide the steps' outputs as they are planned.
 */
#include "config.h"

#include "driver.h"
#include "diag.h"
#include "fileinfo.h"
#include "respfile.h"
#include "tempfile.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

const char *lang_name(enum lang l)
{
	static const char *const names[] = {
		[LANG_NONE] = "none", [LANG_C] = "c", [LANG_CPP_OUTPUT] = "cpp-output",
		[LANG_CXX] = "c++", [LANG_CXX_OUTPUT] = "c++-cpp-output", [LANG_C_HEADER] = "c-header",
		[LANG_CXX_HEADER] = "c++-header", [LANG_ASM] = "assembler",
		[LANG_ASM_CPP] = "assembler-with-cpp", [LANG_LTO] = "lto", [LANG_OBJECT] = "object",
	};
	return names[l];
}

static int is_cxx(enum lang l) { return l == LANG_CXX || l == LANG_CXX_OUTPUT || l == LANG_CXX_HEADER; }

/* What -dumpdir, -dumpbase and -dumpbase-ext tell the compiler of IN
 * (gcc's %:dumps(), from the run's names that plan_dumps() decided), and
 * IN's %b: the stem of its auxiliary files, in the dumpdir. */
struct dumps {
	const char *dir;  /* NULL when none is passed */
	char *base;
	const char *ext;  /* NULL when none is passed */
	char *stem;       /* %b, without the dumpdir */
};

/* The planning of one input's compilation: the driver (for the second
 * compilation of -fcompare-debug, a copy with that one's options), the
 * excess precision decided for the input, and what the stages planned so
 * far leave for the next ones. */
struct cc {
	const struct driver *d;
	struct planner *pl;
	const struct input *in;
	size_t index;
	const char *fp_mode;   /* -fexcess-precision= the driver decided, or NULL */
	int second;            /* the second compilation of -fcompare-debug */
	int to_object;         /* -c, or linking */
	struct dumps du;
	const char *cc;        /* cc1 or cc1plus */
	char *dep;             /* -MD's file */
	size_t compile_step;   /* the step whose assembly as reads, or NO_STEP */
	const char *asm_src;   /* what as reads, or NULL */
	int asm_piped;         /* ... through a pipe from the compile step */
	const char *cc1_src;   /* what cc1 compiled, for the second compilation */
	int preprocessed;
	char *gkd_first;       /* -fcompare-debug: the first compilation's dump */
	char *obj;             /* what as writes */
};
#define NO_STEP ((size_t)-1)

/* Options whose value the driver decides and passes itself: the excess
 * precision when it decided one (not for lto1: that keeps the user's). */
static int decided_by_driver(const struct cc *x, const char *w)
{
	return x->fp_mode && strncmp(w, "-fexcess-precision=", 19) == 0;
}

static void push_group(const struct cc *x, enum opt_group g, struct strvec *out)
{
	const struct driver *d = x->d;
	for (size_t i = 0; i < d->nopts; i++)
		if (optdefs[d->opts[i].id].group == g && !d->opts[i].elided &&
		    !(g == GRP_CC1_F && decided_by_driver(x, d->opts[i].word)))
			push_opt(d, &d->opts[i], out);
	if (g != GRP_CC1_F)
		return;
	/* GCC_COMPARE_DEBUG: a switch gcc adds after the command line's */
	if (d->compare_debug && d->compare_debug_from_env)
		strvec_pushf(out, "-fcompare-debug=%s", d->compare_debug);
	if (x->second)
		strvec_push(out, "-fcompare-debug-second");
	if (x->fp_mode)
		strvec_pushf(out, "-fexcess-precision=%s", x->fp_mode);
}

/* %{!iplugindir*:%{fplugin*:%:find-plugindir()}} */
static void push_plugindir(const struct driver *d, struct strvec *out)
{
	if (opt_starting(d, "-fplugin=") && !has_opt(d, OPT_iplugindir))
		strvec_pushf(out, "-iplugindir=%s", backend_plugin_dir());
}

/* Several groups in a row: a run of %{X*} in a spec. */
#define PUSH_GROUPS(x, out, ...)                                                       \
	do {                                                                           \
		static const enum opt_group groups_[] = { __VA_ARGS__ };               \
		for (size_t g_ = 0; g_ < sizeof groups_ / sizeof *groups_; g_++)       \
			push_group(x, groups_[g_], out);                               \
	} while (0)

static struct dumps dumps_for(const struct driver *d, const struct input *in, int second)
{
	struct dumps r = { d->dumpdir, NULL, d->dumpbase_ext, NULL };
	const char *gk = second ? ".gk" : "";
	const char *ib = strcmp(in->name, "-") == 0 ? "-" : file_base_name(in->name);
	char *base, *sfx; /* sfx: where BASE's suffix starts, NULL if it has none */

	if (d->dumpbase && *d->dumpbase && !r.ext)
		r.ext = "";
	if (!r.ext)
		r.ext = file_suffix(ib);
	if (d->dumpbase && *d->dumpbase) {
		base = xstrdup(d->dumpbase);
		sfx = base + strlen(d->outbase);
	} else if (d->outbase) {
		base = xstrdup(d->outbase);
		sfx = NULL;
	} else {
		base = xstrdup(ib);
		sfx = base + strlen(ib) - strlen(file_suffix(ib));
	}
	if (*gk || !sfx || strcmp(sfx, r.ext) != 0) {
		if (sfx)
			*sfx = 0;
		char *b = xasprintf("%s%s%s", base, gk, r.ext);
		free(base);
		base = b;
	}
	r.base = base;
	if (!*r.ext)
		r.ext = NULL;
	char *stem = d->outbase ? xstrdup(d->outbase) : file_strip_suffix(ib);
	r.stem = xasprintf("%s%s", stem, gk);
	free(stem);
	return r;
}

static void push_dumps(const struct cc *x, const struct dumps *du, struct strvec *out)
{
	x->pl->dumps_taken = 1;
	if (du->dir) {
		strvec_push(out, "-dumpdir");
		strvec_push(out, du->dir);
	}
	strvec_push(out, "-dumpbase");
	strvec_push(out, du->base);
	if (du->ext) {
		strvec_push(out, "-dumpbase-ext");
		strvec_push(out, du->ext);
	}
}

/* The name of an intermediate file with SUFFIX: %b.SUFFIX, kept with
 * -save-temps, a temporary file otherwise. */
static char *intermediate(const struct driver *d, const struct dumps *du, const char *suffix)
{
	if (d->save_temps == SAVE_NONE)
		return temp_make(suffix);
	return xasprintf("%s%s%s", du->dir ? du->dir : "", du->stem, suffix);
}

/* Is WORD one of the mutually exclusive ABI options (-m32, -m64, -mx32)? */
static int is_abi_opt(const struct driver *d, const char *word)
{
	for (size_t i = 0; i < d->target->nabis; i++)
		if (*d->target->abis[i].select && strcmp(word + 1, d->target->abis[i].select) == 0)
			return 1;
	return strcmp(word + 1, backend_multilib_defaults()) == 0;
}

/* The backend's self-spec options (-mtune=generic -march=x86-64) that
 * the command line does not override: a default -mKEY= goes when the user
 * gave -mKEY=, and on x86 a default -mtune= also when -march= is given. */
void push_machine_defaults(const struct driver *d, struct strvec *out)
{
	struct strvec defs = { 0 };
	strvec_split(&defs, d->ml->defaults, ' ');
	for (size_t i = 0; i < defs.n; i++) {
		const char *def = defs.v[i];
		const char *eq = strchr(def, '=');
		char *key = eq ? xstrndup(def, (size_t)(eq - def + 1)) : xstrdup(def);
		int given = opt_starting(d, key) != NULL;
		if (d->target->tune_follows_arch && strcmp(key, "-mtune=") == 0 &&
		    (opt_starting(d, "-march=") || opt_starting(d, "-mcpu=")))
			given = 1;
		if (!given)
			strvec_push(out, def);
		free(key);
	}
	strvec_free(&defs);
}

/* ASM_COMPRESS_DEBUG_SPEC and LINK_COMPRESS_DEBUG_SPEC, in their order:
 * %{gz|gz=zlib:...=zlib} %{gz=none:...=none} %{gz=zlib-gnu:...=zlib-gnu};
 * for the assembler of a backend whose specs are of the old style (FOR_AS
 * and backend_as_gz_bare): %{gz|gz=zlib-gnu:--compress-debug-sections}
 * %{gz=none:--nocompress-debug-sections}, and -gz=zlib an error. */
void push_compress_debug(const struct driver *d, struct strvec *out, int for_as)
{
	if (for_as && backend_as_gz_bare()) {
		if (opt_given(d, "-gz") || opt_given(d, "-gz=zlib-gnu"))
			strvec_push(out, "--compress-debug-sections");
		if (opt_given(d, "-gz=none"))
			strvec_push(out, "--nocompress-debug-sections");
		if (opt_given(d, "-gz=zlib"))
			diag(DIAG_ERROR, "-gz=zlib is not supported in this configuration");
		return;
	}
	if (opt_given(d, "-gz") || opt_given(d, "-gz=zlib"))
		strvec_push(out, "--compress-debug-sections=zlib");
	if (opt_given(d, "-gz=none"))
		strvec_push(out, "--compress-debug-sections=none");
	if (opt_given(d, "-gz=zlib-gnu"))
		strvec_push(out, "--compress-debug-sections=zlib-gnu");
}

/* %{m*} plus the backend's default -march/-mtune unless overridden. */
static void push_machine(const struct driver *d, struct strvec *out)
{
	for (size_t i = 0; i < d->nopts; i++) {
		const struct opt *o = &d->opts[i];
		if (o->id != OPT_m)
			continue;
		if (d->abi_opt != NO_ABI_OPT && is_abi_opt(d, o->word) && i != d->abi_opt)
			continue;
		if (d->march_native.n && (strcmp(o->word, "-march=native") == 0 ||
					  strcmp(o->word, "-mtune=native") == 0))
			continue;
		strvec_push(out, o->word);
	}
	push_machine_defaults(d, out);
	/* appended to the command line by MinGW's self-specs */
	for (int k = mthreads_implied(d); k > 0; k--)
		strvec_push(out, "-mthreads");
}

/* Is there a -g option asking for debug information (level > 0)? */
/* The debug level gcc's debug-level-gt() sees, as GCC's set_debug_level
 * leaves it: the options in order, "-gN" (also -ggdbN, -gdwarfN ...)
 * setting level N, a bare one (-g, -ggdb, -gdwarf-4, -gbtf, -gctf) level
 * 2 if there was none yet; then -gtoggle turns it off, or on at 2. */
static int debug_level(const struct driver *d)
{
	static const char *const formats[] = { "gdb", "dwarf", "stabs+", "stabs", "xcoff+",
					       "xcoff", "vms", "btf", "ctf", "" };
	int level = 0, toggle = 0;
	for (size_t i = 0; i < d->nopts; i++) {
		const struct opt *o = &d->opts[i];
		if (o->id != OPT_g)
			continue;
		const char *w = o->word + 2;
		if (strcmp(w, "toggle") == 0) {
			toggle = !toggle;
			continue;
		}
		if (strncmp(w, "dwarf-", 6) == 0) { /* a DWARF version, not a level */
			level = level ? level : 2;
			continue;
		}
		for (size_t k = 0; k < sizeof formats / sizeof *formats; k++) {
			size_t n = strlen(formats[k]);
			if (strncmp(w, formats[k], n) != 0)
				continue;
			if (w[n] == 0)
				level = level ? level : 2;
			else if (w[n] >= '0' && w[n] <= '3' && w[n + 1] == 0)
				level = w[n] - '0';
			else
				continue;
			break;
		}
	}
	if (toggle)
		level = level ? 0 : 2;
	return level;
}

/* %(asm_debug_option): the assembler's DWARF version for the last
 * -gdwarf-N (5 by default, as GCC 12). */
static void push_as_dwarf(const struct driver *d, struct strvec *as)
{
	const struct opt *dw = opt_starting(d, "-gdwarf-");
	int version = dw ? atoi(dw->word + 8) : 5;
	strvec_push(as, version > 4 ? "--gdwarf-5" : version > 3 ? "--gdwarf-4"
			: version > 2 ? "--gdwarf-3" : "--gdwarf2");
}

/* The GNU/Linux CPP_SPEC and CPLUSPLUS_CPP_SPEC. */
static void linux_cpp(const struct driver *d, const struct input *in, struct strvec *out)
{
	if (is_cxx(in->lang))
		strvec_push(out, "-D_GNU_SOURCE");
	if (has_opt(d, OPT_posix))
		strvec_push(out, "-D_POSIX_SOURCE");
	if (pthread_on(d))
		strvec_push(out, "-D_REENTRANT");
}

/* mingw32.h's CPP_SPEC; Cygwin's (cygwin.h) also defines -Dunix and, with
 * -mwin32, the WIN32 macros. */
static void pe_cpp(const struct driver *d, struct strvec *out)
{
	if (has_opt(d, OPT_posix))
		strvec_push(out, "-D_POSIX_SOURCE");
	if (d->target->link == LINK_CYGWIN) {
		if (!has_opt(d, OPT_ansi))
			strvec_push(out, "-Dunix");
		if (pthread_on(d))
			strvec_push(out, "-D_REENTRANT");
		if (opt_given(d, "-mwin32")) {
			static const char *const w[] = { "-DWIN32", "-D_WIN32", "-D__WIN32", "-D__WIN32__" };
			for (int i = 0; i < 4; i++)
				strvec_push(out, w[i]);
			if (!has_opt(d, OPT_ansi))
				strvec_push(out, "-DWINNT");
		}
		return;
	}
	if (mthreads_on(d))
		strvec_push(out, "-D_MT");
	if (opt_given(d, "-municode"))
		strvec_push(out, "-DUNICODE");
	/* win32 thread model: %{pthread:-D_REENTRANT} %{!no-pthread:-U_REENTRANT};
	 * posix: %{!no-pthread:-D_REENTRANT} %{pthread:-U_REENTRANT} */
	int no_pthread = has_opt(d, OPT_no_pthread);
	if (backend_reentrant_always()) {
		if (!no_pthread)
			strvec_push(out, "-D_REENTRANT");
		if (pthread_on(d))
			strvec_push(out, "-U_REENTRANT");
		return;
	}
	if (pthread_on(d))
		strvec_push(out, "-D_REENTRANT");
	if (!no_pthread)
		strvec_push(out, "-U_REENTRANT");
}

/* %(cpp_unique_options) */
static void cpp_unique(const struct cc *x, const struct input *in, const char *dep_out,
		       struct strvec *out)
{
	const struct driver *d = x->d;
	if (d->quiet)
		strvec_push(out, "-quiet");
	push_group(x, GRP_CPP_NOSTDINC, out);
	push_group(x, GRP_CPP_C, out);
	if (d->verbose)
		strvec_push(out, "-v");
	/* %@{I*&F*}: in an @file when one was given */
	if (d->at_file_supplied) {
		struct strvec dirs = { 0 };
		push_group(x, GRP_CPP_I, &dirs);
		if (dirs.n)
			strvec_push(out, plan_at_file(x->pl, NULL, dirs.v, dirs.n));
		strvec_free(&dirs);
	} else {
		push_group(x, GRP_CPP_I, out);
	}
	push_group(x, GRP_CPP_P, out);
	/* %I */
	if (strcmp(d->ml->dir, ".") != 0) {
		strvec_push(out, "-imultilib");
		strvec_push(out, d->ml->dir);
	}
	if (*d->ml->multiarch) {
		strvec_push(out, "-imultiarch");
		strvec_push(out, d->ml->multiarch);
	}
	if (d->sysroot) {
		strvec_push(out, "-isysroot");
		strvec_push(out, d->sysroot);
	}
	for (size_t i = 0; i < d->bprefixes.n; i++) {
		char *inc = xasprintf("%sinclude", d->bprefixes.v[i]);
		if (file_is_dir(inc)) {
			strvec_push(out, "-isystem");
			strvec_push(out, inc);
		} else {
			free(inc);
		}
	}
	/* %{MD:-MD %{!o:%b.d}%{o*:%.d%*}} and the same for -MMD */
	int has_mt = has_opt(d, OPT_MT) || has_opt(d, OPT_MQ);
	const struct opt *md = NULL;
	for (size_t i = 0; i < d->nopts; i++) {
		const struct opt *o = &d->opts[i];
		if (o->id != OPT_MD && o->id != OPT_MMD)
			continue;
		md = o;
		strvec_push(out, o->id == OPT_MD ? "-MD" : "-MMD");
		strvec_push(out, dep_out);
	}
	PUSH_GROUPS(x, out, GRP_CPP_M, GRP_CPP_MF, GRP_CPP_MG, GRP_CPP_MP, GRP_CPP_MQ, GRP_CPP_MT);
	/* %{!E:%{!M:%{!MM:%{!MT:%{!MQ:%{MD|MMD:%{o*:-MQ %*}}}}}}} */
	if (md && d->stop != STOP_E && !has_opt(d, OPT_M) && !has_opt(d, OPT_MM) && !has_mt &&
	    d->output) {
		strvec_push(out, "-MQ");
		strvec_push(out, d->output);
	}
	push_group(x, GRP_CPP_REMAP, out);
	if (debug_level(d) > 2)
		strvec_push(out, "-dD");
	push_plugindir(d, out);
	push_group(x, GRP_CPP_H, out);
	/* %C: the language's cpp spec */
	if (d->target->link == LINK_GNU_LINUX)
		linux_cpp(d, in, out);
	else
		pe_cpp(d, out);
	push_group(x, GRP_CPP_D, out);
	push_group(x, GRP_CPP_IOPT, out);
	push_group(x, GRP_CPP_WP, out);
	strvec_push(out, in->name);
}

/* %(distro_defaults): what the backend's distribution adds (probed). */
static void distro_defaults(const struct driver *d, struct strvec *out)
{
	if (backend_current()->async_unwind_tables &&
	    !opt_given(d, "-fno-asynchronous-unwind-tables"))
		strvec_push(out, "-fasynchronous-unwind-tables");
}

/* %(cpp_options) without cpp_unique_options: the -E form's tail. */
static void cpp_options_tail(const struct cc *x, struct strvec *out)
{
	const struct driver *d = x->d;
	for (size_t i = 0; i < d->march_native.n; i++)
		strvec_push(out, d->march_native.v[i]);
	push_machine(d, out);
	PUSH_GROUPS(x, out, GRP_CC1_STD, GRP_CC1_W, GRP_CC1_WNONE, GRP_CC1_F);
	if (debug_level(d) > 0) {
		push_group(x, GRP_CC1_G, out);
		if (!opt_given(d, "-fno-working-directory"))
			strvec_push(out, "-fworking-directory");
	}
	push_group(x, GRP_CC1_O, out);
	push_group(x, GRP_CC1_UNDEF, out);
	if (d->save_temps != SAVE_NONE)
		strvec_push(out, "-fpch-preprocess");
	distro_defaults(d, out);
}

/* %(cc1_options), up to where -S puts its -o. */
static void cc1_options(const struct cc *x, const struct dumps *du, struct strvec *out)
{
	const struct driver *d = x->d;
	push_plugindir(d, out);
	for (size_t i = 0; i < d->march_native.n; i++)
		strvec_push(out, d->march_native.v[i]);
	if (d->quiet)
		strvec_push(out, "-quiet");
	push_group(x, GRP_CC1_D, out);
	push_dumps(x, du, out);
	push_machine(d, out);
	PUSH_GROUPS(x, out, GRP_CC1_AUXINFO, GRP_CC1_G, GRP_CC1_O, GRP_CC1_W, GRP_CC1_WNONE,
		    GRP_CC1_STD);
	if (d->verbose)
		strvec_push(out, "-version");
	if (has_opt(d, OPT_pg))
		strvec_push(out, "-p");
	if (has_opt(d, OPT_p))
		strvec_push(out, "-p");
	push_group(x, GRP_CC1_F, out);
	push_group(x, GRP_CC1_UNDEF, out);
	if (has_opt(d, OPT_Qn))
		strvec_push(out, "-fno-ident");
	/* %{-help:--help} %{-target-help:--target-help} %{-help=*:--help=%*} */
	if (has_opt(d, OPT_help))
		strvec_push(out, "--help");
	if (has_opt(d, OPT_target_help))
		strvec_push(out, "--target-help");
	for (size_t i = 0; i < d->nopts; i++)
		if (d->opts[i].id == OPT_help_eq)
			strvec_pushf(out, "--help=%s", d->opts[i].arg);
}

/* %{-param*} and coverage: cc1_options' end. */
static void cc1_options_end(const struct cc *x, struct strvec *out)
{
	const struct driver *d = x->d;
	push_group(x, GRP_CC1_PARAM, out);
	if (has_opt(d, OPT_coverage)) {
		strvec_push(out, "-fprofile-arcs");
		strvec_push(out, "-ftest-coverage");
	}
	/* %{fprofile-arcs|fprofile-generate*|coverage:%{!fprofile-update=single:%{pthread:...}}} */
	if ((has_opt(d, OPT_coverage) || opt_given(d, "-fprofile-arcs") ||
	     opt_starting(d, "-fprofile-generate")) &&
	    !opt_given(d, "-fprofile-update=single") && pthread_on(d))
		strvec_push(out, "-fprofile-update=prefer-atomic");
	/* what -specs= files append to *cc1_options */
	push_spec_added(d, SPEC_CC1_OPTIONS, out);
}

/* cc1_options' end and the distribution's defaults (cc1 and cc1plus only). */
static void cc1_options_tail(const struct cc *x, struct strvec *out)
{
	const struct driver *d = x->d;
	cc1_options_end(x, out);
	distro_defaults(d, out);
}

/* cc1, cc1plus or lto1: from a -B prefix if one has it (as gcc does, so that a
 * build tree can be tested), else the backend's. */
static const char *compiler_for(const struct driver *d, enum lang l)
{
	const char *name = l == LANG_LTO ? "lto1" : is_cxx(l) ? "cc1plus" : "cc1";
	const char *path = l == LANG_LTO ? backend_lto1()
			   : is_cxx(l)   ? backend_cc1plus()
					 : backend_cc1();
	char *b = find_in_bprefixes(d, name);
	if (b)
		return b;
	if (!*path)
		diag(DIAG_FATAL, "cannot execute %s: the backend %s given to --with-backend has no %s",
		     diag_q(name), backend_cc(), name);
	return path;
}

/* The dependency file that -MD writes: %{!o:%b.d}%{o*:%.d%*}. */
static char *dep_file(const struct driver *d, const struct dumps *du)
{
	if (d->output) {
		char *stem = file_strip_suffix(d->output);
		char *r = xasprintf("%s.d", stem);
		free(stem);
		return r;
	}
	return xasprintf("%s%s.d", du->dir ? du->dir : "", du->stem);
}

/* The object (or -S/-E output) of IN when it is the final output. */
static char *final_output(const struct driver *d, const struct input *in, const char *suffix)
{
	if (d->output)
		return xstrdup(d->output);
	const char *b = strcmp(in->name, "-") == 0 ? "-" : file_base_name(in->name);
	char *stem = strcmp(b, "-") == 0 ? xstrdup("-") : file_strip_suffix(b);
	char *r = xasprintf("%s%s", stem, suffix);
	free(stem);
	return r;
}

/* Is -flto in effect (the last of -flto, -flto=N, -fno-lto)? */
static int lto_enabled(const struct driver *d)
{
	for (size_t i = d->nopts; i-- > 0;) {
		const char *w = d->opts[i].word;
		if (strcmp(w, "-flto") == 0 || strncmp(w, "-flto=", 6) == 0)
			return 1;
		if (strcmp(w, "-fno-lto") == 0)
			return 0;
	}
	return 0;
}

/* The LTO marker, as GCC 4.5 put it in every LTO object: a common symbol
 * __gnu_lto_v1 (with the target's C symbol prefix) that collect2 finds
 * with nm.  GCC 12 no longer emits it, so the driver assembles it in from
 * a one-line file of its own, slim and fat objects alike. */
static const char *lto_marker(const struct driver *d)
{
	static char *path;
	if (!path) {
		path = temp_make_scratch(".s");
		FILE *f = fopen(path, "w");
		if (!f || fprintf(f, "\t.comm\t%s__gnu_lto_v1,1\n", d->target->symbol_prefix) < 0 ||
		    fclose(f) != 0)
			/* given when the run gets here (plan.c) */
			diag(DIAG_FATAL, "cannot write %s: %s", path, strerror(errno));
	}
	return path;
}

static void as_command(const struct cc *x, const char *src, int asm_source, int compiled,
		       const char *obj, struct strvec *as)
{
	const struct driver *d = x->d;
	strvec_push(as, find_program(d, "as"));
	if (d->verbose)
		strvec_push(as, "-v");
	if (has_opt(d, OPT_w))
		strvec_push(as, "-W");
	push_group(x, GRP_CPP_I, as);
	/* %(asm_debug), for assembler sources only: prefix maps */
	for (size_t i = 0; asm_source && i < d->nopts; i++) {
		const char *w = d->opts[i].word;
		if (strncmp(w, "-ffile-prefix-map=", 18) == 0 || strncmp(w, "-fdebug-prefix-map=", 19) == 0) {
			strvec_push(as, "--debug-prefix-map");
			strvec_push(as, strchr(w, '=') + 1);
		}
	}
	/* %(asm_debug): -gstabs for assembler sources; %(asm_debug_option):
	 * the DWARF version otherwise */
	if (debug_level(d) > 0 && opt_starting(d, "-gstabs")) {
		if (asm_source)
			strvec_push(as, "--gstabs");
	} else if (debug_level(d) > 0) {
		push_as_dwarf(d, as);
	}
	push_compress_debug(d, as, 1);
	/* %a: the target's asm spec; the PE targets' is %{m32:--32} %{m64:--64} */
	strvec_split(as, d->abi->as_flags, ' ');
	if (d->target->pe) {
		if (opt_given(d, "-m32"))
			strvec_push(as, "--32");
		if (opt_given(d, "-m64"))
			strvec_push(as, "--64");
	}
	if (opt_given(d, "-msse2avx") && !opt_given(d, "-mavx"))
		strvec_push(as, "-msse2avx");
	push_spec_added(d, SPEC_ASM, as); /* what -specs= files append to %a */
	push_group(x, GRP_AS, as);
	/* the assembler options gcc adds for --help and --target-help */
	if (has_opt(d, OPT_help))
		strvec_push(as, "--help");
	if (has_opt(d, OPT_target_help))
		strvec_push(as, "--target-help");
	strvec_push(as, "-o");
	strvec_push(as, obj);
	/* src NULL: from cc1 through a pipe, as's standard input */
	const char *marker = compiled && lto_enabled(d) ? lto_marker(d) : NULL;
	if (src || marker)
		strvec_push(as, src ? src : "-");
	if (marker)
		strvec_push(as, marker);
}

/* -traditional and -traditional-cpp: the C specs' traditional
 * preprocessor (%(trad_capable_cpp)); C++'s specs have none. */
static int traditional_cpp(const struct driver *d, const struct input *in)
{
	return !is_cxx(in->lang) && (has_opt(d, OPT_traditional_cpp) || has_opt(d, OPT_traditional));
}

/* cc1 -E (-traditional-cpp) and %(cpp_unique_options): the start of a
 * preprocessing command. */
static void cpp_line(const struct cc *x, const struct input *in, const char *cc, const char *dep,
		     struct strvec *c)
{
	const struct driver *d = x->d;
	strvec_push(c, cc);
	strvec_push(c, "-E");
	if (traditional_cpp(d, in))
		strvec_push(c, "-traditional-cpp");
	cpp_unique(x, in, dep, c);
}

/* cc1 or cc1plus, its input part and %(cc1_options). */
static void cc1_line(const struct cc *x, const struct input *in, const struct dumps *du,
		     const char *cc, const char *src, int preprocessed, const char *dep, struct strvec *c)
{
	strvec_push(c, cc);
	if (preprocessed) {
		strvec_push(c, "-fpreprocessed");
		strvec_push(c, src);
	} else {
		cpp_unique(x, in, dep, c);
	}
	cc1_options(x, du, c);
}

/* lto1, the backend's link-time compiler, and its part of gcc's spec
 * "lto1 %(cc1_options) %i %{!fsyntax-only:%(invoke_as)}".  OUT is the -o
 * of -S or -fsyntax-only, which cc1_options places.  The inputs: IN, or
 * with d->combine every -x lto input (lto1's spec is "combinable"), in a
 * response file when xgcc got one, as gcc's %i does. */
static void lto1_line(const struct cc *x, const struct input *in, const struct dumps *du,
		      const char *out, struct strvec *c)
{
	const struct driver *d = x->d;
	strvec_push(c, compiler_for(d, LANG_LTO));
	cc1_options(x, du, c);
	if (out) {
		strvec_push(c, "-o");
		strvec_push(c, out);
	}
	cc1_options_end(x, c);
	if (!d->combine) {
		strvec_push(c, in->name);
		return;
	}
	struct strvec names = { 0 };
	for (size_t i = 0; i < d->ninputs; i++)
		if (d->inputs[i].lang == LANG_LTO)
			strvec_push(&names, d->inputs[i].name);
	if (d->at_file_supplied)
		strvec_push(c, plan_at_file(x->pl, NULL, names.v, names.n));
	else
		strvec_extend(c, &names);
	strvec_free(&names);
}

/* -fwpa or -fwpa=N: lto1 writes the partitions itself (%{!fwpa*:...}). */
int lto_wpa(const struct driver *d)
{
	return opt_given(d, "-fwpa") || opt_starting(d, "-fwpa=");
}

/* gcc's %B.gkd: the input's aux name with its suffix (x.c.gkd,
 * p-x.c.gkd when linking to p; x.gk.c.gkd in the second compilation). */
static char *aux_gkd(const struct cc *x)
{
	return xasprintf("%s%s%s.gkd", x->du.dir ? x->du.dir : "", x->du.stem, file_suffix(x->in->name));
}

/* %:compare-debug-dump-opt() after cc1's options (gcc.cc): the dump of
 * the final insns and the random seed the compilations share.  The last
 * -fdump-final-insns=FILE names the dump (then only -fcompare-debug adds
 * the seed); "=." (a bare -fdump-final-insns too) names it %B.gkd; else
 * -fcompare-debug dumps to a temporary (%B.gkd with -save-temps).  The
 * second compilation has no -fdump-final-insns= of the user's (gcc's
 * %<fdump-final-insns=*).  NULL: no dump. */
static char *final_insns_dump(const struct cc *x, struct strvec *c)
{
	const struct driver *d = x->d;
	struct planner *pl = x->pl;
	const char *given = NULL;
	for (size_t i = 0; !x->second && i < d->nopts; i++)
		if (!d->opts[i].elided && strncmp(d->opts[i].word, "-fdump-final-insns=", 19) == 0)
			given = d->opts[i].word + 19;
	char *name;
	int named_here = 1;
	if (given && strcmp(given, ".") != 0) {
		if (!d->compare_debug)
			return NULL;
		name = xstrdup(given);
		named_here = 0;
	} else if (given) {
		name = aux_gkd(x);
	} else if (!d->compare_debug) {
		return NULL;
	} else {
		name = d->save_temps != SAVE_NONE ? aux_gkd(x) : temp_make(x->second ? ".gk.gkd" : ".gkd");
	}
	if (!opt_starting(d, "-frandom-seed=")) {
		if (!pl->random_seed) {
			unsigned long long seed = (unsigned long long)time(NULL) * 6364136223846793005ULL ^
						  (unsigned long long)getpid() << 17;
			pl->random_seed = xasprintf("-frandom-seed=0x%016llx", seed);
		}
		strvec_push(c, pl->random_seed);
	}
	if (named_here)
		strvec_pushf(c, "-fdump-final-insns=%s", name);
	return name;
}

/* The first compilation's dump, for -fcompare-debug's comparison. */
static char *first_dump(const struct cc *x, struct strvec *c)
{
	char *dump = final_insns_dump(x, c);
	return x->d->compare_debug ? dump : NULL;
}

/* A header's precompiled form: %{!o*:--output-pch=%i.gch}
 * %W{o*:--output-pch= %*} (the -o file as a word of its own). */
static void push_output_pch(const struct cc *x, struct strvec *c)
{
	if (x->d->output) {
		strvec_push(c, "--output-pch=");
		strvec_push(c, x->d->output);
		plan_output(x->pl, x->d->output);
	} else {
		char *pch = xasprintf("%s.gch", x->in->name);
		strvec_pushf(c, "--output-pch=%s", pch);
		plan_output(x->pl, pch);
	}
}

/* A new step of the input's job; its argv, valid until the next step. */
static struct strvec *step(const struct cc *x, enum tool tool, const char *name)
{
	return &plan_step(x->pl, tool, name)->argv;
}

/* -pipe: the compile step writes its assembly to as's standard input
 * (the last "-o" of its line being "-"), else to an intermediate file. */
static void push_asm_output(struct cc *x, struct strvec *c)
{
	const struct driver *d = x->d;
	strvec_push(c, "-o");
	if (d->use_pipe && d->save_temps == SAVE_NONE && x->to_object) {
		strvec_push(c, "-");
		x->asm_piped = 1;
		return;
	}
	char *sfile = intermediate(d, &x->du, ".s");
	strvec_push(c, sfile);
	x->asm_src = sfile;
}

/* -E, -M, -MM: cc1 -E %(cpp_options) and the -E forms' %(cpp_debug_options). */
static void plan_preprocess_only(struct cc *x)
{
	const struct driver *d = x->d;
	struct strvec *c = step(x, TOOL_CPP, file_base_name(x->cc));
	cpp_line(x, x->in, x->cc, x->dep, c);
	if (d->output) {
		strvec_push(c, "-o");
		strvec_push(c, d->output);
		plan_output(x->pl, d->output);
	}
	cpp_options_tail(x, c);
	push_group(x, GRP_CC1_D, c);
	push_dumps(x, &x->du, c);
}

/* -save-temps or -traditional-cpp: the preprocessor runs on its own, to
 * %b.i or %b.ii, before the compiler; returns that file. */
static const char *plan_separate_cpp(struct cc *x)
{
	const struct driver *d = x->d;
	char *ifile = intermediate(d, &x->du, is_cxx(x->in->lang) ? ".ii" : ".i");
	struct strvec *c = step(x, TOOL_CPP, file_base_name(x->cc));
	cpp_line(x, x->in, x->cc, x->dep, c);
	cpp_options_tail(x, c);
	strvec_push(c, "-o");
	strvec_push(c, ifile);
	plan_collect_options(x->pl, d, 0);
	plan_end_group(x->pl, 0);
	return ifile;
}

/* cc1 or cc1plus on SRC: to /dev/null (-fsyntax-only), to the -S output,
 * or to the assembler; a header to its precompiled form. */
static void plan_cc1(struct cc *x, const char *src, int preprocessed)
{
	const struct driver *d = x->d;
	const struct input *in = x->in;
	int header = in->lang == LANG_C_HEADER || in->lang == LANG_CXX_HEADER;
	x->compile_step = x->pl->plan->n;
	struct strvec *c = step(x, TOOL_CC1, file_base_name(x->cc));
	x->cc1_src = src;
	x->preprocessed = preprocessed;
	cc1_line(x, in, &x->du, x->cc, src, preprocessed, x->dep, c);
	if (opt_given(d, "-fsyntax-only")) {
		strvec_push(c, "-o");
		strvec_push(c, "/dev/null");
		cc1_options_tail(x, c);
		return;
	}
	if (d->stop == STOP_S) {
		char *s = final_output(d, in, ".s");
		strvec_push(c, "-o");
		strvec_push(c, s);
		plan_output(x->pl, s);
		cc1_options_tail(x, c);
		if (header)
			push_output_pch(x, c);
		else
			x->gkd_first = first_dump(x, c);
		return;
	}
	cc1_options_tail(x, c);
	if (!header)
		x->gkd_first = first_dump(x, c);
	if (header) {
		strvec_push(c, "-o");
		strvec_push(c, intermediate(d, &x->du, ".s"));
		push_output_pch(x, c);
		return;
	}
	push_asm_output(x, c);
}

/* C and C++ sources, preprocessed sources and headers. */
static void plan_c(struct cc *x)
{
	const struct driver *d = x->d;
	const struct input *in = x->in;
	int preprocessed = in->lang == LANG_CPP_OUTPUT || in->lang == LANG_CXX_OUTPUT;
	x->cc = compiler_for(d, in->lang);
	x->dep = dep_file(d, &x->du);
	if (d->stop == STOP_E || has_opt(d, OPT_M) || has_opt(d, OPT_MM)) {
		/* already preprocessed: gcc's @cpp-output and
		 * @c++-cpp-output specs run nothing for -E, -M, -MM */
		if (!preprocessed)
			plan_preprocess_only(x);
		return;
	}
	if (!is_cxx(in->lang) && has_opt(d, OPT_traditional)) {
		diag(DIAG_ERROR, "GNU C no longer supports -traditional without -E");
		return;
	}
	const char *src = in->name;
	/* %{save-temps*|traditional-cpp|no-integrated-cpp:...}: cc1 -E first */
	if (!preprocessed &&
	    (d->save_temps != SAVE_NONE || traditional_cpp(d, in) || has_opt(d, OPT_no_integrated_cpp))) {
		src = plan_separate_cpp(x);
		preprocessed = 1;
	}
	plan_cc1(x, src, preprocessed);
}

/* .S: %(trad_capable_cpp) -lang-asm %(cpp_options) -fno-directives-only */
static void plan_asm_cpp(struct cc *x)
{
	const struct driver *d = x->d;
	x->dep = dep_file(d, &x->du);
	x->compile_step = x->pl->plan->n;
	struct strvec *c = step(x, TOOL_CPP, "cc1");
	strvec_push(c, compiler_for(d, LANG_C));
	strvec_push(c, "-E");
	if (traditional_cpp(d, x->in))
		strvec_push(c, "-traditional-cpp");
	strvec_push(c, "-lang-asm");
	cpp_unique(x, x->in, x->dep, c);
	if (d->stop == STOP_E && d->output) {
		strvec_push(c, "-o");
		strvec_push(c, d->output);
		plan_output(x->pl, d->output);
	}
	cpp_options_tail(x, c);
	strvec_push(c, "-fno-directives-only");
	if (d->stop == STOP_E) {
		/* %(cpp_debug_options) of the -E forms */
		push_group(x, GRP_CC1_D, c);
		push_dumps(x, &x->du, c);
		return;
	}
	if (x->to_object) /* gcc -S on a .S file only preprocesses, to stdout */
		push_asm_output(x, c);
}

/* -x lto: lto1 on LTO objects (archive members as "lib.a@0xOFFSET");
 * its assembly is real code: as gets no LTO marker for it. */
static void plan_lto(struct cc *x)
{
	const struct driver *d = x->d;
	x->compile_step = x->pl->plan->n;
	struct strvec *c = step(x, TOOL_LTO1, "lto1");
	x->cc1_src = x->in->name;
	for (size_t i = 0; d->combine && i < d->ninputs; i++)
		if (d->inputs[i].lang == LANG_LTO && i != x->index)
			x->pl->done[i] = 1;
	if (opt_given(d, "-fsyntax-only")) {
		lto1_line(x, x->in, &x->du, "/dev/null", c);
		return;
	}
	char *s = d->stop == STOP_S ? final_output(d, x->in, ".s") : NULL;
	lto1_line(x, x->in, &x->du, s, c);
	if (lto_wpa(d))
		return;
	x->gkd_first = first_dump(x, c);
	if (s) {
		plan_output(x->pl, s);
		return;
	}
	push_asm_output(x, c);
}

/* as, on the compiler's assembly (through a pipe with -pipe) or on an
 * assembler source, to the -c output or an intermediate object. */
static void plan_assemble(struct cc *x)
{
	const struct driver *d = x->d;
	const struct input *in = x->in;
	if ((!x->asm_src && !x->asm_piped) || !x->to_object)
		return;
	if (d->stop == STOP_C) {
		x->obj = final_output(d, in, ".o");
		plan_output(x->pl, x->obj);
	} else {
		x->obj = intermediate(d, &x->du, ".o");
	}
	if (x->asm_piped)
		x->pl->plan->cmds[x->compile_step].piped_to_next = 1;
	size_t as_step = x->pl->plan->n;
	struct strvec *as = step(x, TOOL_AS, "as");
	/* %{-target-help:%:print-asm-header()} */
	if (has_opt(d, OPT_target_help))
		x->pl->plan->cmds[as_step].banner = "Assembler options\n=================\n\n"
						     "Use \"-Wa,OPTION\" to pass \"OPTION\" to the assembler.\n\n";
	int asm_source = in->lang == LANG_ASM || in->lang == LANG_ASM_CPP;
	size_t mark = x->pl->nnotes;
	as_command(x, x->asm_src, asm_source, !asm_source && in->lang != LANG_LTO, x->obj, as);
	/* a message about as's command line comes after the compiler ran */
	if (x->pl->nnotes > mark && !x->asm_piped && x->compile_step != NO_STEP)
		plan_split_last_step(x->pl, mark);
	x->pl->plan->objects[x->index] = x->obj;
	x->pl->plan->object_no_ir[x->index] = in->lang == LANG_LTO || (!asm_source && !lto_enabled(d));
}

/* -gsplit-dwarf (gcc's asm_final_spec): after the assembler, objcopy
 * moves the DWARF that the object need not carry into %b.dwo, the
 * input's auxiliary name (a.dwo; x.dwo for -c -o x.o; prog-a.dwo when
 * linking to prog), then strips it from the object. */
static void plan_split_dwarf(const struct cc *x)
{
	const struct driver *d = x->d;
	if (!x->obj || !opt_on(d, "-gsplit-dwarf"))
		return;
	char *dwo = xasprintf("%s%s.dwo", x->du.dir ? x->du.dir : "", x->du.stem);
	char *objcopy = find_program(d, "objcopy");
	const char *const extract[] = { objcopy, "--extract-dwo", x->obj, dwo };
	const char *const strip[] = { objcopy, "--strip-dwo", x->obj };
	struct strvec *c = step(x, TOOL_OBJCOPY, "objcopy");
	for (size_t i = 0; i < 4; i++)
		strvec_push(c, extract[i]);
	plan_output(x->pl, dwo);
	plan_collect_options(x->pl, d, 0);
	plan_end_group(x->pl, 0);
	c = step(x, TOOL_OBJCOPY, "objcopy");
	for (size_t i = 0; i < 3; i++)
		strvec_push(c, strip[i]);
	plan_collect_options(x->pl, d, 0);
	plan_end_group(x->pl, 0);
}

/* The second compilation of -fcompare-debug: the same input with OPTS
 * (default -gtoggle), -w and -fcompare-debug-second, output discarded;
 * its final insns must be those of the first (the step's compare).  It
 * plans from a copy of the driver with those options added. */
static void plan_compare_debug(const struct cc *x)
{
	const struct driver *d = x->d;
	if (!x->gkd_first)
		return;
	struct driver d2 = *d;
	d2.opts = xmalloc(d->nopts * sizeof *d2.opts);
	memcpy(d2.opts, d->opts, d->nopts * sizeof *d2.opts);
	/* gcc's compare-debug-self-opt: %<fdump-final-insns=* ... -w */
	for (size_t i = 0; i < d2.nopts; i++)
		if (strncmp(d2.opts[i].word, "-fdump-final-insns=", 19) == 0)
			d2.opts[i].elided = 1;
	add_options_from_text(&d2, d->compare_debug);
	add_options_from_text(&d2, "-w");
	struct cc x2 = *x;
	x2.d = &d2;
	x2.second = 1;
	x2.du = dumps_for(&d2, x->in, 1);

	const char *cc = compiler_for(&d2, x->in->lang);
	/* with -save-temps gcc preprocesses again, into %b.gk.i */
	const char *src = x->cc1_src;
	if (x->preprocessed && x->in->lang != LANG_LTO && d->save_temps != SAVE_NONE &&
	    x->cc1_src != x->in->name) {
		x2.cc = cc;
		x2.dep = dep_file(&d2, &x->du);
		src = plan_separate_cpp(&x2);
	}
	size_t k = x->pl->plan->n;
	struct strvec *c = step(x, x->in->lang == LANG_LTO ? TOOL_LTO1 : TOOL_CC1, file_base_name(cc));
	if (x->in->lang == LANG_LTO) {
		lto1_line(&x2, x->in, &x2.du, "/dev/null", c);
	} else {
		cc1_line(&x2, x->in, &x2.du, cc, src, x->preprocessed, dep_file(&d2, &x->du), c);
		strvec_push(c, "-o");
		strvec_push(c, "/dev/null");
		cc1_options_tail(&x2, c);
	}
	struct command *cmd = &x->pl->plan->cmds[k];
	cmd->compare[0] = x->gkd_first;
	cmd->compare[1] = final_insns_dump(&x2, c);
	cmd->compare_input = x->in->name;
	plan_collect_options(x->pl, &d2, 0);
	plan_end_group(x->pl, 0);
	free(d2.opts);
}

/* The input's excess precision, decided here for cc1 (not for lto1,
 * which keeps the user's), and said with -v and -###. */
static void decide_fp_mode(struct cc *x)
{
	const struct driver *d = x->d;
	enum lang l = x->in->lang;
	const char *why = NULL;
	/* gcc's help-dummy is no source: cc1 shows -fexcess-precision as
	 * the user left it */
	if (l == LANG_ASM || l == LANG_ASM_CPP || l == LANG_LTO || l == LANG_OBJECT || x->in->dummy)
		return;
	x->fp_mode = excess_precision_mode(d, x->in, &why);
	if (d->verbose || d->dry_run)
		diag(DIAG_NOTE, "%s: -fexcess-precision=%s (%s)", x->in->name, x->fp_mode, why);
}

/* The stages up to the assembler's input; 0 for an input that is not
 * compiled (an object). */
static int plan_compile_stages(struct cc *x)
{
	switch (x->in->lang) {
	case LANG_C:
	case LANG_CXX:
	case LANG_CPP_OUTPUT:
	case LANG_CXX_OUTPUT:
	case LANG_C_HEADER:
	case LANG_CXX_HEADER:
		plan_c(x);
		return 1;
	case LANG_ASM_CPP:
		plan_asm_cpp(x);
		return 1;
	case LANG_ASM:
		if (x->to_object)
			x->asm_src = x->in->name;
		return 1;
	case LANG_LTO:
		plan_lto(x);
		return 1;
	default:
		return 0;
	}
}

/* Input I, after -x NAME of no language: gcc names it again where it
 * would have compiled it. */
void plan_bad_language(struct planner *pl, size_t i)
{
	pl->job = i;
	diag(DIAG_ERROR, "language %s not recognized", pl->d->inputs[i].bad_lang);
	plan_end_group(pl, 0);
}

/* Input I's job: its compilation and assembly as one group of steps
 * (which an error met while planning it stops), then -gsplit-dwarf's
 * objcopy and -fcompare-debug's second compilation. */
void plan_input(struct planner *pl, size_t i)
{
	const struct driver *d = pl->d;
	const struct input *in = &d->inputs[i];
	if (pl->done[i])
		return;
	pl->job = i;
	struct cc x = { .d = d, .pl = pl, .in = in, .index = i, .du = dumps_for(d, in, 0),
			.to_object = d->stop == STOP_C || d->stop == STOP_LINK, .compile_step = NO_STEP };
	decide_fp_mode(&x);
	if (!plan_compile_stages(&x)) {
		if (in->lang == LANG_OBJECT)
			pl->plan->objects[i] = in->name;
		if (pl->nnotes)
			plan_end_group(pl, 0);
		return;
	}
	plan_assemble(&x);
	plan_collect_options(pl, d, 0);
	plan_end_group(pl, 1);
	plan_split_dwarf(&x);
	plan_compare_debug(&x);
}
