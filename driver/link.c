/* The link line given to collect2.
 *
 * This is gcc's link_command spec for GNU/Linux targets, written out as
 * code: the LINK_SPEC part (emulation, dynamic linker, -pie), ld flags,
 * start files, -L directories, the inputs in command-line order, the
 * default libraries (libgcc_s/libgcc/libc, and libstdc++/libm for xg++),
 * end files, -T.  Files such as crtbeginS.o are looked up through the
 * backend's library search list (%s in the spec).  The plugin options of
 * gcc's line are absent: xgcc's collect2 needs no linker plugin.
 *
 * The PE targets (MinGW, Cygwin: the target row's link field) replace the
 * LINK_SPEC, start and end files and default libraries with theirs
 * (config/i386/mingw32.h, mingw-w64.h, cygwin.h), built from the row's
 * pe_runtime data by the pe_*() functions below; the styles[] table
 * says which functions build each style's parts.  The line is planned
 * as the link's step of the run's plan (plan_link), with the environment
 * collect2 gets.
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
#include <unistd.h>

struct link_mode {
	int shared, is_static, static_pie, pie, relocatable;
	int dll;                  /* PE: -shared or -mdll */
	int nostdlib, nostartfiles, nodefaultlibs, nolibc;
	int static_libgcc, shared_libgcc, profile, openmp;
};

static struct link_mode link_mode(const struct driver *d)
{
	struct link_mode m = { 0 };
	m.shared = has_opt(d, OPT_shared);
	m.is_static = has_opt(d, OPT_static);
	m.static_pie = has_opt(d, OPT_static_pie);
	m.relocatable = has_opt(d, OPT_r);
	/* -pie and -no-pie: the last one wins; without either, the backend's default. */
	m.pie = backend_link_defaults()->pie;
	for (size_t i = 0; i < d->nopts; i++) {
		if (d->opts[i].id == OPT_pie)
			m.pie = 1;
		else if (d->opts[i].id == OPT_no_pie)
			m.pie = 0;
	}
	m.nostdlib = has_opt(d, OPT_nostdlib);
	m.nostartfiles = has_opt(d, OPT_nostartfiles);
	m.nodefaultlibs = has_opt(d, OPT_nodefaultlibs);
	m.nolibc = has_opt(d, OPT_nolibc);
	m.static_libgcc = has_opt(d, OPT_static_libgcc);
	/* g++ links libgcc_s unless asked not to. */
	m.shared_libgcc = has_opt(d, OPT_shared_libgcc) ||
			  (d->cxx && !m.static_libgcc && !m.is_static && !m.static_pie);
	m.profile = has_opt(d, OPT_p) || has_opt(d, OPT_pg);
	m.openmp = opt_given(d, "-fopenmp") || opt_given(d, "-fopenacc");
	m.dll = m.shared || opt_given(d, "-mdll");
	return m;
}

/* %:sanitize(NAME): the -fsanitize= set after -fno-sanitize= took its part. */
enum { SAN_ADDRESS = 1, SAN_THREAD = 2, SAN_LEAK = 4, SAN_UNDEFINED = 8, SAN_HWADDRESS = 16 };

/* Per sanitizer with a run-time library, what gcc's link spec does: its
 * preinit object and library before the inputs, -static-libNAME for the
 * static one, and after the inputs libsanitizer.spec's link_libNAME with
 * -static or -static-libNAME, where -static alone is an error for some. */
static const struct sanitizer {
	unsigned bit;
	const char *name, *preinit, *lib, *static_opt, *spec;
	int no_static;
} sanitizer_table[] = {
	{ SAN_ADDRESS, "address", "libasan_preinit.o", "-lasan", "-static-libasan", "link_libasan", 1 },
	{ SAN_HWADDRESS, "hwaddress", NULL, "-lhwasan", "-static-libhwasan", "link_libhwasan", 1 },
	{ SAN_THREAD, "thread", "libtsan_preinit.o", "-ltsan", "-static-libtsan", "link_libtsan", 1 },
	{ SAN_UNDEFINED, "undefined", NULL, NULL, "-static-libubsan", "link_libubsan", 0 },
	{ SAN_LEAK, "leak", "liblsan_preinit.o", "-llsan", "-static-liblsan", "link_liblsan", 0 },
};
#define NSANITIZERS (sizeof sanitizer_table / sizeof *sanitizer_table)

static unsigned sanitizers(const struct driver *d)
{
	static const struct { const char *name; unsigned bits; } names[] = {
		{ "address", SAN_ADDRESS | SAN_LEAK }, { "hwaddress", SAN_HWADDRESS }, { "thread", SAN_THREAD },
		{ "leak", SAN_LEAK },
		{ "undefined", SAN_UNDEFINED }, { "shift", SAN_UNDEFINED }, { "null", SAN_UNDEFINED },
		{ "vla-bound", SAN_UNDEFINED }, { "signed-integer-overflow", SAN_UNDEFINED },
		{ "bounds", SAN_UNDEFINED }, { "alignment", SAN_UNDEFINED }, { "return", SAN_UNDEFINED },
		{ "unreachable", SAN_UNDEFINED }, { "integer-divide-by-zero", SAN_UNDEFINED },
		{ "float-divide-by-zero", SAN_UNDEFINED }, { "float-cast-overflow", SAN_UNDEFINED },
		{ "object-size", SAN_UNDEFINED }, { "nonnull-attribute", SAN_UNDEFINED },
		{ "returns-nonnull-attribute", SAN_UNDEFINED }, { "bool", SAN_UNDEFINED },
		{ "enum", SAN_UNDEFINED }, { "vptr", SAN_UNDEFINED }, { "pointer-overflow", SAN_UNDEFINED },
		{ "builtin", SAN_UNDEFINED }, { "all", SAN_UNDEFINED | SAN_LEAK },
	};
	unsigned set = 0;
	for (size_t i = 0; i < d->nopts; i++) {
		const char *w = d->opts[i].word;
		int on = strncmp(w, "-fsanitize=", 11) == 0;
		if (!on && strncmp(w, "-fno-sanitize=", 14) != 0)
			continue;
		struct strvec list = { 0 };
		strvec_split(&list, strchr(w, '=') + 1, ',');
		for (size_t k = 0; k < list.n; k++)
			for (size_t j = 0; j < sizeof names / sizeof *names; j++)
				if (strcmp(list.v[k], names[j].name) == 0)
					set = on ? set | names[j].bits : set & ~names[j].bits;
		strvec_free(&list);
	}
	/* -fsanitize=leak links liblsan only without asan or tsan */
	if (set & (SAN_ADDRESS | SAN_THREAD))
		set &= ~(unsigned)SAN_LEAK;
	return set;
}

static void push_file(const struct driver *d, const char *name, struct strvec *out)
{
	strvec_push(out, find_file(d, name));
}

/* %S: start files */
static void start_files(const struct driver *d, const struct link_mode *m, struct strvec *out)
{
	if (!m->shared) {
		if (m->profile)
			push_file(d, m->static_pie ? "grcrt1.o" : "gcrt1.o", out);
		else if (m->is_static)
			push_file(d, "crt1.o", out);
		else if (m->static_pie)
			push_file(d, "rcrt1.o", out);
		else
			push_file(d, m->pie ? "Scrt1.o" : "crt1.o", out);
	}
	push_file(d, "crti.o", out);
	if (m->is_static)
		push_file(d, "crtbeginT.o", out);
	else if (m->shared || m->static_pie || m->pie)
		push_file(d, "crtbeginS.o", out);
	else
		push_file(d, "crtbegin.o", out);
	if (m->openmp)
		push_file(d, "crtoffloadbegin.o", out);
}

/* %E: end files */
static void end_files(const struct driver *d, const struct link_mode *m, struct strvec *out)
{
	if (opt_on(d, "-Ofast") || opt_on(d, "-ffast-math") ||
	    opt_on(d, "-funsafe-math-optimizations"))
		push_file(d, "crtfastmath.o", out);
	static const char *const prec[] = { "-mpc32", "-mpc64", "-mpc80" };
	for (int i = 0; i < 3; i++)
		if (opt_given(d, prec[i])) {
			char *f = xasprintf("crtprec%s.o", prec[i] + 4);
			push_file(d, f, out);
			free(f);
		}
	if (m->is_static)
		push_file(d, "crtend.o", out);
	else if (m->shared || m->static_pie || m->pie)
		push_file(d, "crtendS.o", out);
	else
		push_file(d, "crtend.o", out);
	push_file(d, "crtn.o", out);
	if (m->openmp)
		push_file(d, "crtoffloadend.o", out);
}

/* %G: libgcc */
static void libgcc(const struct link_mode *m, struct strvec *out)
{
	if (m->is_static || m->static_libgcc || m->static_pie) {
		strvec_push(out, "-lgcc");
		strvec_push(out, "-lgcc_eh");
	} else if (!m->shared_libgcc) {
		static const char *const seq[] = { "-lgcc", "--push-state", "--as-needed", "-lgcc_s",
						   "--pop-state" };
		for (int i = 0; i < 5; i++)
			strvec_push(out, seq[i]);
	} else {
		strvec_push(out, "-lgcc_s");
		if (!m->shared)
			strvec_push(out, "-lgcc");
	}
}

/* %(link_gcc_c_sequence): libgcc, libc, libgcc again */
static void default_libs(const struct driver *d, const struct link_mode *m, struct strvec *out)
{
	int group = m->is_static || m->static_pie;
	if (group)
		strvec_push(out, "--start-group");
	libgcc(m, out);
	if (!m->nolibc) {
		if (pthread_on(d))
			strvec_push(out, "-lpthread");
		strvec_push(out, "-lc");
	}
	if (group)
		strvec_push(out, "--end-group");
	else
		libgcc(m, out);
}

/* %l: the target's LINK_SPEC */
static void link_spec(const struct driver *d, const struct link_mode *m, struct strvec *out)
{
	const struct backend_link_defaults *bd = backend_link_defaults();
	if (bd->build_id && !m->relocatable)
		strvec_push(out, "--build-id");
	if (bd->eh_frame_hdr && (!m->is_static || m->static_pie))
		strvec_push(out, "--eh-frame-hdr");
	strvec_push(out, "-m");
	strvec_push(out, d->abi->emulation);
	if (bd->hash_gnu)
		strvec_push(out, "--hash-style=gnu");
	if (bd->as_needed && !opt_starting(d, "-fsanitize="))
		strvec_push(out, "--as-needed");
	if (m->shared) {
		strvec_push(out, "-shared");
	} else {
		if (!m->is_static && !m->static_pie) {
			if (has_opt(d, OPT_rdynamic))
				strvec_push(out, "-export-dynamic");
			strvec_push(out, "-dynamic-linker");
			strvec_push(out, d->abi->dynamic_linker);
		}
		if (m->is_static)
			strvec_push(out, "-static");
		if (m->static_pie) {
			static const char *const sp[] = { "-static", "-pie", "--no-dynamic-linker", "-z", "text" };
			for (int i = 0; i < 5; i++)
				strvec_push(out, sp[i]);
		}
	}
}

static void push_words(const char *words, struct strvec *out)
{
	strvec_split(out, words, ' ');
}

/* The PE targets' LINK_SPEC. */
static void pe_link_spec(const struct driver *d, const struct link_mode *m, struct strvec *out)
{
	const struct pe_runtime *pe = d->target->pe;
	/* %{!m32:-m i386pep} %{m32:-m i386pe}, and the other way round on i686 */
	const char *emulation = d->abi->emulation;
	if (strcmp(emulation, "i386pep") == 0 && opt_given(d, "-m32"))
		emulation = "i386pe";
	else if (strcmp(emulation, "i386pe") == 0 && opt_given(d, "-m64"))
		emulation = "i386pep";
	strvec_push(out, "-m");
	strvec_push(out, emulation);
	if (opt_given(d, "-mwindows")) {
		strvec_push(out, "--subsystem");
		strvec_push(out, "windows");
	}
	if (opt_given(d, "-mconsole")) {
		strvec_push(out, "--subsystem");
		strvec_push(out, "console");
	}
	int mdll = opt_given(d, "-mdll") != NULL;
	if (m->shared && mdll)
		diag(DIAG_ERROR, "shared and mdll are not compatible");
	if (m->shared)
		strvec_push(out, "--shared");
	if (mdll)
		strvec_push(out, "--dll");
	strvec_push(out, m->is_static ? "-Bstatic" : "-Bdynamic");
	if (m->dll) {
		strvec_push(out, "-e");
		strvec_push(out, d->abi->dll_entry);
		strvec_push(out, "--enable-auto-image-base");
	}
	if (!m->dll && has_opt(d, OPT_no_pie))
		strvec_push(out, "--disable-dynamicbase");
	push_words(pe->link_flags, out);
	if (!m->dll)
		push_words(d->abi->exe_flags, out);
	/* %(shared_libgcc_undefs): g++ passes -shared-libgcc itself */
	if (m->shared_libgcc)
		push_words(d->abi->libgcc_s_undefs, out);
}

/* STARTFILE_SPEC: the CRT start file, then crtbegin.o */
static void pe_start_files(const struct driver *d, const struct link_mode *m, struct strvec *out)
{
	const struct pe_runtime *pe = d->target->pe;
	const char *crt = m->dll ? pe->crt_dll
			  : opt_given(d, "-municode") && pe->crt_unicode ? pe->crt_unicode
			  : pe->crt_exe;
	if (crt)
		push_file(d, crt, out);
	if (has_opt(d, OPT_pg))
		push_file(d, pe->crt_profile, out);
	push_file(d, m->shared ? pe->crtbegin_dll : "crtbegin.o", out);
}

/* ENDFILE_SPEC: crtfastmath.o, the default manifest where the runtime
 * has one (%:if-exists), crtend.o */
static void pe_end_files(const struct driver *d, const struct link_mode *m, struct strvec *out)
{
	if (opt_on(d, "-Ofast") || opt_on(d, "-ffast-math") ||
	    opt_on(d, "-funsafe-math-optimizations"))
		push_file(d, "crtfastmath.o", out);
	if (!m->shared) {
		char *manifest = find_file(d, "default-manifest.o");
		if (strchr(manifest, '/') && access(manifest, R_OK) == 0)
			strvec_push(out, manifest);
		else
			free(manifest);
	}
	push_file(d, "crtend.o", out);
}

/* LIBGCC_SPEC (%G): MinGW's runtime around libgcc; Cygwin's shared libgcc
 * (the row's shared_libgcc_default) */
static void pe_libgcc(const struct driver *d, const struct link_mode *m, struct strvec *out)
{
	const struct pe_runtime *pe = d->target->pe;
	int static_gcc = m->is_static || m->static_libgcc;
	if (pe->mthreads_lib && mthreads_on(d))
		strvec_push(out, pe->mthreads_lib);
	push_words(pe->libgcc_before, out);
	if (static_gcc || (!pe->shared_libgcc_default && !m->shared && !m->shared_libgcc))
		push_words("-lgcc -lgcc_eh", out);
	else
		push_words("-lgcc_s -lgcc", out);
	push_words(pe->libgcc_after, out);
}

/* %(link_ssp) %(link_gcc_c_sequence): %G %L %G, LIB_SPEC being %L */
static void pe_default_libs(const struct driver *d, const struct link_mode *m, struct strvec *out)
{
	const struct pe_runtime *pe = d->target->pe;
	if (opt_given(d, "-fstack-protector") || opt_given(d, "-fstack-protector-all") ||
	    opt_given(d, "-fstack-protector-strong") || opt_given(d, "-fstack-protector-explicit"))
		push_words("-lssp_nonshared -lssp", out);
	pe_libgcc(d, m, out);
	if (m->nolibc)
		return;
	if (has_opt(d, OPT_pg))
		strvec_push(out, "-lgmon");
	/* mingw-w64's LIB_SPEC: %{pthread:-lpthread} (win32 thread model),
	 * %{!no-pthread:-lpthread} (posix) */
	if (pe->pthread_lib &&
	    (backend_lpthread_always() ? !has_opt(d, OPT_no_pthread) : pthread_on(d)))
		strvec_push(out, pe->pthread_lib);
	push_words(pe->libc, out);
	if (opt_given(d, "-mwindows"))
		push_words("-lgdi32 -lcomdlg32", out);
	push_words(pe->syslibs, out);
	pe_libgcc(d, m, out);
}

static char *strip_slash(char *dir)
{
	size_t n = strlen(dir);
	if (n > 1 && dir[n - 1] == '/')
		dir[n - 1] = 0;
	return dir;
}

/* How a target's link style builds its parts of the line: gcc's
 * LINK_SPEC, STARTFILE_SPEC, ENDFILE_SPEC and its default libraries. */
struct link_parts {
	void (*link_spec)(const struct driver *, const struct link_mode *, struct strvec *);
	void (*start_files)(const struct driver *, const struct link_mode *, struct strvec *);
	void (*end_files)(const struct driver *, const struct link_mode *, struct strvec *);
	void (*default_libs)(const struct driver *, const struct link_mode *, struct strvec *);
};

static const struct link_parts styles[] = {
	[LINK_GNU_LINUX] = { link_spec, start_files, end_files, default_libs },
	/* the PE targets differ in their pe_runtime data */
	[LINK_MINGW] = { pe_link_spec, pe_start_files, pe_end_files, pe_default_libs },
	[LINK_CYGWIN] = { pe_link_spec, pe_start_files, pe_end_files, pe_default_libs },
};

static const struct link_parts *style_of(const struct driver *d)
{
	return &styles[d->target->link];
}

/* ld's default output: the target row's (a.exe on the PE targets) */
static const char *link_output(const struct driver *d)
{
	return d->output ? d->output : d->target->default_output;
}

/* The start of the line: collect2, the LTO options it decides on,
 * %(sysroot_spec), %l (LINK_SPEC), -pie, -gz, -fuse-ld=, -o, and
 * %{e*} %{N} %{n} %{r} %{s} %{t} %{u*} %{z} %{Z}. */
static void link_head(const struct driver *d, const struct link_mode *m, const char *collect2,
		      struct strvec *c)
{
	strvec_push(c, collect2);
	/* %{flto} %{fno-lto} %{flto=*}: collect2 decides what to do with them */
	static const char *const lto_words[] = { "-flto", "-fno-lto", "-flto=" };
	for (int k = 0; k < 3; k++)
		for (size_t i = 0; i < d->nopts; i++) {
			const char *w = d->opts[i].word;
			if (k == 2 ? strncmp(w, "-flto=", 6) == 0 : strcmp(w, lto_words[k]) == 0)
				strvec_push(c, w);
		}
	if (d->sysroot)
		strvec_pushf(c, "--sysroot=%s", d->sysroot);
	style_of(d)->link_spec(d, m, c);
	push_spec_added(d, SPEC_LINK, c); /* what -specs= files append to %l */
	if (!m->shared && !m->is_static && !m->relocatable && m->pie)
		strvec_push(c, "-pie");
	push_compress_debug(d, c, 0);
	const struct opt *fuse = opt_starting(d, "-fuse-ld=");
	if (fuse)
		strvec_push(c, fuse->word);
	/* %X: the linker options gcc gathers, --help and --target-help */
	if (has_opt(d, OPT_help))
		strvec_push(c, "--help");
	if (has_opt(d, OPT_target_help))
		strvec_push(c, "--target-help");
	/* %{o*}: every -o given, the last one being the output */
	for (size_t i = 0; i < d->nopts; i++)
		if (d->opts[i].id == OPT_o) {
			strvec_push(c, "-o");
			strvec_push(c, d->opts[i].arg);
		}
	/* %{e*} is every option that starts with e, -export-dynamic too, in
	 * their order; %{u*} takes -undef as well */
	static const enum opt_id flags[] = { OPT_e, OPT_N, OPT_n, OPT_r, OPT_s, OPT_t, OPT_u, OPT_z,
					     OPT_Z };
	for (size_t f = 0; f < sizeof flags / sizeof *flags; f++)
		for (size_t i = 0; i < d->nopts; i++) {
			const struct opt *o = &d->opts[i];
			if (o->id == flags[f] || (flags[f] == OPT_e && o->id == OPT_export_dynamic) ||
			    (flags[f] == OPT_u && o->id == OPT_undef))
				push_opt(d, o, c);
		}
}

/* The link's @file (gcc's make_at_file at the link): kept under
 * -save-temps as the output's name without its suffix, .args.N. */
static char *link_at_file(struct planner *pl, const struct driver *d, struct strvec *args)
{
	char *stem = file_strip_suffix(link_output(d));
	char *at = plan_at_file(pl, stem, args->v, args->n);
	free(stem);
	return at;
}

/* %@{L*} %(link_libgcc): the -L given, in an @file when xgcc got one,
 * then the search directories. */
static void link_dirs(struct planner *pl, const struct driver *d, struct strvec *c)
{
	struct strvec given = { 0 };
	for (size_t i = 0; i < d->nopts; i++)
		if (d->opts[i].id == OPT_L)
			strvec_pushf(&given, "-L%s", d->opts[i].arg);
	if (d->at_file_supplied && given.n)
		strvec_push(c, link_at_file(pl, d, &given));
	else
		strvec_extend(c, &given);
	strvec_free(&given);
	struct strvec ldirs = { 0 };
	library_dirs(d, DIRS_LINK, 1, &ldirs);
	for (size_t i = 0; i < ldirs.n; i++) {
		strvec_pushf(c, "-L%s", strip_slash(ldirs.v[i]));
		free(ldirs.v[i]);
	}
	strvec_free(&ldirs);
}

/* The sanitizers' run-time libraries, which come before the inputs. */
static void sanitizer_libs(const struct driver *d, const struct link_mode *m, unsigned san,
			   struct strvec *c)
{
	for (size_t k = 0; k < NSANITIZERS; k++) {
		const struct sanitizer *z = &sanitizer_table[k];
		if (!(san & z->bit) || !z->lib)
			continue;
		if (!m->shared && z->preinit)
			push_file(d, z->preinit, c);
		if (opt_given(d, z->static_opt)) {
			if (!m->shared) {
				static const char *const words[] = { "-Bstatic", "--whole-archive", NULL,
								     "--no-whole-archive", "-Bdynamic" };
				for (size_t w = 0; w < 5; w++)
					strvec_push(c, words[w] ? words[w] : z->lib);
			}
		} else {
			strvec_push(c, "--push-state");
			strvec_push(c, "--no-as-needed");
			strvec_push(c, z->lib);
			strvec_push(c, "--pop-state");
		}
	}
}

/* A sanitizer linked statically (-static, -static-libNAME) takes the
 * libraries its library needs from libsanitizer.spec. */
static int sanitizer_spec_needed(const struct driver *d, const struct link_mode *m, const struct sanitizer *z)
{
	return m->is_static || opt_given(d, z->static_opt);
}

/* %o: the inputs, -l and -Wl items in order (the objects the plan's
 * inputs become); xg++ adds its libraries.  NO_IR gets the objects this
 * run compiled without -flto. */
static void link_items(struct planner *pl, const struct driver *d, const struct plan *p, struct strvec *c,
		       struct strvec *no_ir)
{
	struct strvec items = { 0 };
	/* g++ moves the first -lm (where the target has a libm) and the
	 * first -lc after the -lstdc++ it adds */
	int cxx = d->cxx && d->cxx_library > 0;
	const char *moved_m = NULL, *moved_c = NULL;
	for (size_t i = 0; i < d->nlink_items; i++) {
		const struct link_item *it = &d->link_items[i];
		const char *obj = it->input < 0 ? NULL : p->objects[it->input];
		if (cxx && it->input < 0 && !moved_m && d->target->cxx_libm && strcmp(it->arg, "-lm") == 0)
			moved_m = it->arg;
		else if (cxx && it->input < 0 && !moved_c && strcmp(it->arg, "-lc") == 0)
			moved_c = it->arg;
		else if (it->input < 0)
			strvec_push(&items, it->arg);
		else if (obj)
			strvec_push(&items, obj);
		if (obj && p->object_no_ir[it->input] && !strchr(obj, '\n'))
			strvec_push(no_ir, obj);
	}
	if (cxx) {
		int static_cxx = d->cxx_library == 2 && !has_opt(d, OPT_static);
		if (static_cxx)
			strvec_push(&items, "-Bstatic");
		strvec_push(&items, "-lstdc++");
		if (static_cxx)
			strvec_push(&items, "-Bdynamic");
		/* the PE runtimes have the math functions in their C library */
		if (moved_m || d->target->cxx_libm)
			strvec_push(&items, "-lm");
		if (moved_c)
			strvec_push(&items, moved_c);
	}
	if (d->at_file_supplied && items.n) {
		/* gcc passes the inputs through a response file when it got one */
		strvec_push(c, link_at_file(pl, d, &items));
	} else {
		strvec_extend(c, &items);
	}
	strvec_free(&items);
}

/* %(link_gomp), %(link_itm): NAME's value in the library's spec FILE
 * ("-lgomp %{static: -ldl }"), whose only condition is -static; DFLT
 * if the file cannot be read (read_link_specs stops the link then). */
static void push_spec_libs(const struct driver *d, const struct link_mode *m, const char *file,
			   const char *name, const char *dflt, struct strvec *c)
{
	char *path = find_file(d, file);
	char *text = NULL;
	size_t size;
	if (file_read_all(path, &text, &size) != 0)
		text = NULL;
	char *key = xasprintf("*%s:", name); /* "*link_gomp: -lgomp %{static: -ldl }" */
	char *at = text ? strstr(text, key) : NULL;
	if (!at) {
		if (dflt)
			strvec_push(c, dflt);
	} else {
		char *value = at + strlen(key), *eol = strchr(value, '\n');
		if (eol)
			*eol = 0;
		struct strvec words = { 0 };
		strvec_split(&words, value, ' ');
		for (size_t i = 0, in_static = 0; i < words.n; i++) {
			if (strcmp(words.v[i], "%{static:") == 0)
				in_static = 1;
			else if (strcmp(words.v[i], "}") == 0)
				in_static = 0;
			else if (!in_static || m->is_static)
				strvec_push(c, words.v[i]);
		}
		strvec_free(&words);
	}
	free(key);
	free(text);
	free(path);
}

/* The libraries that options ask for after the inputs: libgomp, libitm,
 * -fsplit-stack's wrapper, libgcov, libubsan, and those the statically
 * linked sanitizers need. */
static void option_libs(const struct driver *d, const struct link_mode *m, unsigned san,
			struct strvec *c)
{
	if (m->openmp || parallelize_loops(d))
		push_spec_libs(d, m, "libgomp.spec", "link_gomp", "-lgomp", c);
	if (opt_given(d, "-fgnu-tm"))
		push_spec_libs(d, m, "libitm.spec", "link_itm", "-litm", c);
	if (opt_given(d, "-fsplit-stack"))
		strvec_push(c, "--wrap=pthread_create");
	if (has_opt(d, OPT_coverage) || opt_given(d, "-fprofile-arcs") ||
	    opt_starting(d, "-fprofile-generate"))
		strvec_push(c, "-lgcov");
	for (size_t k = 0; k < NSANITIZERS; k++) {
		const struct sanitizer *z = &sanitizer_table[k];
		if (!(san & z->bit))
			continue;
		if (z->bit == SAN_UNDEFINED) {
			int st = has_opt(d, OPT_static_libubsan);
			strvec_push(c, st ? "-Bstatic" : "--push-state");
			if (!st)
				strvec_push(c, "--no-as-needed");
			strvec_push(c, "-lubsan");
			strvec_push(c, st ? "-Bdynamic" : "--pop-state");
		}
		if (sanitizer_spec_needed(d, m, z))
			push_spec_libs(d, m, "libsanitizer.spec", z->spec, NULL, c);
		/* the link spec's %e: the link does not run */
		if (z->no_static && m->is_static)
			diag(DIAG_ERROR, "cannot specify -static with -fsanitize=%s", z->name);
	}
}

/* The sanitizers whose libraries the link takes. */
static unsigned linked_sanitizers(const struct driver *d, const struct link_mode *m)
{
	return m->nostdlib || m->relocatable || m->nodefaultlibs ? 0 : sanitizers(d);
}

/* The whole collect2 line for the link mode M and the sanitizers SAN;
 * NO_IR as for link_items. */
static void link_line(struct planner *pl, const struct driver *d, const struct link_mode *m, unsigned san,
		      const char *collect2, struct strvec *c, struct strvec *no_ir)
{
	const struct link_parts *style = style_of(d);
	link_head(d, m, collect2, c);
	if (!m->nostdlib && !m->relocatable && !m->nostartfiles)
		style->start_files(d, m, c);
	link_dirs(pl, d, c);
	sanitizer_libs(d, m, san, c);
	link_items(pl, d, pl->plan, c, no_ir);
	option_libs(d, m, san, c);
	if (!m->nostdlib && !m->relocatable && !m->nodefaultlibs)
		style->default_libs(d, m, c);
	if (!m->nostdlib && !m->relocatable && !m->nostartfiles)
		style->end_files(d, m, c);
	for (size_t i = 0; i < d->nopts; i++)
		if (d->opts[i].id == OPT_T)
			push_opt(d, &d->opts[i], c);
}

/* Is there anything to link?  Not when the inputs were only headers,
 * whose precompiled forms are the outputs (gcc links when it has a
 * linker input: an object, a -l, a -Wl, word). */
int has_link_input(const struct driver *d, const struct plan *p)
{
	for (size_t i = 0; i < d->nlink_items; i++) {
		const struct link_item *li = &d->link_items[i];
		if (li->input < 0 || p->objects[li->input])
			return 1;
	}
	/* the -lstdc++ g++spec.cc adds is one (xg++ -static-libstdc++ alone links) */
	return d->cxx && d->cxx_library > 0;
}

static void add_env(struct command *c, const char *name, char *value, int shown)
{
	c->env = xrealloc(c->env, (c->nenv + 1) * sizeof *c->env);
	c->env[c->nenv++] = (struct env_var){ name, value, shown };
}

static char *join_colon(const struct strvec *list)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	for (size_t i = 0; i < list->n; i++)
		fprintf(f, "%s%s", i ? ":" : "", list->v[i]);
	fclose(f);
	return buf;
}

/* The link's environment: COMPILER_PATH and LIBRARY_PATH (shown with -v
 * and -###), COLLECT_VERBOSE, XGCC_BACKEND. */
static void link_environment(const struct driver *d, struct command *c)
{
	struct strvec cp = { 0 }, progs = { 0 }, lp = { 0 };
	strvec_extend(&cp, &d->bprefixes);
	strvec_extend(&cp, &d->compiler_path);
	strvec_split(&progs, backend_programs(), ':');
	for (size_t i = 0; i < progs.n; i++)
		if (file_is_dir(progs.v[i]))
			strvec_push(&cp, progs.v[i]);
	library_dirs(d, DIRS_LIBRARY_PATH, 1, &lp);
	add_env(c, "COMPILER_PATH", join_colon(&cp), 1);
	add_env(c, "LIBRARY_PATH", join_colon(&lp), 1);
	if (d->verbose)
		add_env(c, "COLLECT_VERBOSE", "1", 0);
	add_env(c, "XGCC_BACKEND", (char *)backend_cc(), 0);
	strvec_free(&cp);
	strvec_free(&progs);
	strvec_free(&lp);
}

/* The spec files gcc's link spec includes: libgomp.spec for OpenMP,
 * OpenACC and -ftree-parallelize-loops=N > 1, libitm.spec for -fgnu-tm;
 * -v and -### say "Reading specs from", and a backend without the
 * library (mingw-w64 has no libitm) has no spec file, which stops gcc. */
static char *read_link_specs(const struct driver *d, const struct link_mode *m, unsigned san)
{
	const char *specs[2 + NSANITIZERS] = { NULL };
	if (opt_on(d, "-fopenmp") || opt_on(d, "-fopenacc") || parallelize_loops(d))
		specs[0] = "libgomp.spec";
	if (opt_on(d, "-fgnu-tm"))
		specs[1] = "libitm.spec";
	/* once for each sanitizer that includes it, as gcc reads it again */
	for (size_t k = 0; k < NSANITIZERS; k++)
		if ((san & sanitizer_table[k].bit) && sanitizer_spec_needed(d, m, &sanitizer_table[k]))
			specs[2 + k] = "libsanitizer.spec";
	char *shown = NULL;
	for (size_t i = 0; i < sizeof specs / sizeof *specs; i++) {
		if (!specs[i])
			continue;
		char *path = find_file(d, specs[i]); /* the bare name if not found */
		char *more = xasprintf("%sReading specs from %s\n", shown ? shown : "", path);
		free(shown);
		shown = more;
		if (access(path, R_OK) != 0) {
			diag(DIAG_FATAL, "cannot read spec file %s: %s", diag_q(specs[i]), strerror(ENOENT));
			break;
		}
	}
	return shown;
}

/* The link's job: collect2, run only when every input compiled, its
 * output deleted if the link fails (unless the link left it alone). */
void plan_link(struct planner *pl)
{
	const struct driver *d = pl->d;
	pl->job = d->ninputs;
	size_t k = pl->plan->n;
	plan_step(pl, TOOL_COLLECT2, "collect2");
	link_environment(d, &pl->plan->cmds[k]);
	if (has_opt(d, OPT_target_help))
		pl->plan->cmds[k].banner = "\nLinker options\n==============\n\n"
					   "Use \"-Wl,OPTION\" to pass \"OPTION\" to the linker.\n\n";
	struct link_mode m = link_mode(d);
	unsigned san = linked_sanitizers(d, &m);
	pl->plan->cmds[k].shown = read_link_specs(d, &m, san);
	char *collect2 = find_helper(d, "collect2");
	if (!collect2)
		diag(DIAG_FATAL, "cannot find %s next to %s or in %s", diag_q("collect2"), d->self_dir,
		     PKGLIBEXECDIR);
	struct strvec no_ir = { 0 };
	link_line(pl, d, &m, san, collect2 ? collect2 : "collect2", &pl->plan->cmds[k].argv, &no_ir);
	plan_output(pl, link_output(d));
	/* the objects this run compiled without -flto hold no IR: collect2
	 * need not look for it (collect/scan.c) */
	char *plain = strvec_join(&no_ir, '\n');
	add_env(&pl->plan->cmds[k], "XGCC_PLAIN_OBJECTS", *plain ? plain : NULL, 0);
	strvec_free(&no_ir);
	pl->plan->cmds[k].outputs_if_changed = 1;
	pl->plan->cmds[k].after_clean_run = 1;
	plan_collect_options(pl, d, 1);
	/* an error the link spec gives (its %e) stops the link */
	plan_end_group(pl, 1);
}

/* What gcc prints with -v and -### when it reaches its link spec after
 * the compilations: the link's COMPILER_PATH, LIBRARY_PATH and
 * COLLECT_GCC_OPTIONS when nothing is linked (-c, -S, -E), its
 * COLLECT_GCC_OPTIONS once more after collect2. */
void plan_link_trailer(struct planner *pl, int linked)
{
	const struct driver *d = pl->d;
	if (!d->verbose && !d->dry_run)
		return;
	pl->job = d->ninputs + 1;
	size_t k = pl->plan->n;
	plan_step(pl, TOOL_NONE, "");
	if (!linked)
		link_environment(d, &pl->plan->cmds[k]);
	pl->plan->cmds[k].after_clean_run = 1;
	plan_collect_options(pl, d, 1);
	plan_end_group(pl, 0);
}
