/* What the driver prints about itself: --version, --help, the -v header
 * and the -print-* and -dump* queries, answered the way gcc answers them
 * for the backend's installation. */
#include "config.h"

#include "driver.h"
#include "about.h"
#include "diag.h"
#include "host.h"
#include "process.h"
#include "spec.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void print_version_header(const struct driver *d)
{
	char *as_opts = collect_as_options(d);
	fprintf(stderr, "Using built-in specs.\n");
	for (size_t i = 0; d->specs && i < d->specs->said.n; i++)
		fprintf(stderr, "%s\n", d->specs->said.v[i]);
	if (as_opts)
		fprintf(stderr, "COLLECT_AS_OPTIONS=%s\n", as_opts);
	free(as_opts);
	fprintf(stderr, "COLLECT_GCC=%s\n", d->argv0);
	/* gcc names its lto-wrapper here; xgcc's link-time stage is lto1 */
	fprintf(stderr, "COLLECT_LTO_WRAPPER=%s/lto1\n", PKGLIBEXECDIR);
	if (d->offload_targets && *d->offload_targets) {
		fprintf(stderr, "OFFLOAD_TARGET_NAMES=%s\n", d->offload_targets);
		if (d->offload_default)
			fprintf(stderr, "OFFLOAD_TARGET_DEFAULT=1\n");
	}
	fprintf(stderr, "Target: %s\n", backend_triplet());
	fprintf(stderr, "Configured with: %s\n", backend_configured_with());
	fprintf(stderr, "Thread model: %s\n", backend_thread_model());
	fprintf(stderr, "Supported LTO compression algorithms: %s\n", backend_lto_compression());
	fprintf(stderr, "gcc version %s (xgcc %s) \n", backend_version_line(), PACKAGE_VERSION);
}

/* gcc's form: the backend's version where GNU puts VERSION, since build
 * systems read it there ("gcc (Debian 12.2.0-14) 12.2.0"); Meson takes a
 * compiler for GCC when its --version names the Free Software Foundation,
 * as the backend's line does. */
static void print_version(const struct driver *d)
{
	about_version("xgcc " PACKAGE_VERSION, backend_fullversion());
	printf("Backend: %s %s, from the GNU Compiler Collection,\n"
	       "Copyright (C) Free Software Foundation, Inc.\n\n", backend_cc(), backend_version_line());
	(void)d;
}

void print_help(const struct driver *d)
{
	printf("Usage: %s [options] file...\n", diag_progname());
	fputs("Options:\n"
	      "  -pass-exit-codes         Accepted for compatibility.\n"
	      "  --help                   Display this information.\n"
	      "  --target-help            Display target specific command-line options.\n"
	      "  --help=CLASS             Display the backend's options of CLASS (optimizers, warnings, ...).\n"
	      "  --version                Display compiler version information.\n"
	      "  -dumpspecs               Display the backend's spec strings, as xgcc has them.\n"
	      "  -dumpversion             Display the version of the compiler.\n"
	      "  -dumpmachine             Display the compiler's target processor.\n"
	      "  -dumpfullversion         Display the full version of the compiler.\n"
	      "  -print-search-dirs       Display the directories in the compiler's search path.\n"
	      "  -print-libgcc-file-name  Display the name of the compiler's companion library.\n"
	      "  -print-file-name=<lib>   Display the full path to library <lib>.\n"
	      "  -print-prog-name=<prog>  Display the full path to compiler component <prog>.\n"
	      "  -print-multiarch         Display the target's normalized GNU triplet.\n"
	      "  -print-multi-directory   Display the root directory for versions of libgcc.\n"
	      "  -print-multi-lib         Display the mapping between command line options and\n"
	      "                           multiple library search directories.\n"
	      "  -print-multi-os-directory Display the relative path to OS libraries.\n"
	      "  -print-sysroot           Display the target libraries directory.\n"
	      "  -Wa,<options>            Pass comma-separated <options> on to the assembler.\n"
	      "  -Wp,<options>            Pass comma-separated <options> on to the preprocessor.\n"
	      "  -Wl,<options>            Pass comma-separated <options> on to the linker.\n"
	      "  -Xassembler <arg>        Pass <arg> on to the assembler.\n"
	      "  -Xpreprocessor <arg>     Pass <arg> on to the preprocessor.\n"
	      "  -Xlinker <arg>           Pass <arg> on to the linker.\n"
	      "  -save-temps              Do not delete intermediate files.\n"
	      "  -save-temps=<arg>        Do not delete intermediate files (cwd or obj).\n"
	      "  -pipe                    Use pipes rather than intermediate files.\n"
	      "  -time                    Time the execution of each subprocess.\n"
	      "  -wrapper <prog>,<args>   Run every subprocess under <prog> <args>.\n"
	      "  --sysroot=<directory>    Use <directory> as the root directory for headers\n"
	      "                           and libraries.\n"
	      "  -B <directory>           Add <directory> to the compiler's search paths.\n"
	      "  -target <triplet>        Compile for <triplet>, one of the configured targets\n"
	      "                           (also --target=<triplet>; an xgcc extension).\n"
	      "  -v                       Display the programs invoked by the compiler.\n"
	      "  -###                     Like -v but options quoted and commands not executed.\n"
	      "  -E                       Preprocess only; do not compile, assemble or link.\n"
	      "  -S                       Compile only; do not assemble or link.\n"
	      "  -c                       Compile and assemble, but do not link.\n"
	      "  -o <file>                Place the output into <file>.\n"
	      "  -pie                     Create a dynamically linked position independent\n"
	      "                           executable.\n"
	      "  -shared                  Create a shared library.\n"
	      "  -x <language>            Specify the language of the following input files.\n"
	      "                           Permissible languages include: c c++ assembler none\n"
	      "                           'none' means revert to the default behavior of\n"
	      "                           guessing the language based on the file's extension.\n"
	      "\n"
	      "Options starting with -g, -f, -m, -O, -W, or --param are passed on to the\n"
	      "backend's compiler proper (cc1, cc1plus), which reports the ones it does not know.\n"
	      "\nSee the xgcc manual (info xgcc) for the differences from gcc.\n",
	      stdout);
	/* with -v, cc1, as and ld follow with theirs */
	if (d->verbose)
		putchar('\n');
	else
		about_help_footer();
}

static void print_list(const char *label, const struct strvec *dirs)
{
	printf("%s =", label);
	for (size_t i = 0; i < dirs->n; i++)
		printf("%s%s", i ? (char[]){ host_facts.path_list_sep, 0 } : "", dirs->v[i]);
	putchar('\n');
}

/* -print-search-dirs */
static void print_search_dirs(const struct driver *d)
{
	struct strvec progs = { 0 }, libs = { 0 };
	printf("install: %s\n", backend_install_dir());
	strvec_extend(&progs, &d->bprefixes);
	strvec_extend(&progs, &d->compiler_path);
	program_dirs(d, &progs);
	print_list("programs:", &progs);
	library_dirs(d, DIRS_SEARCH, 0, &libs);
	print_list("libraries:", &libs);
}

/* -print-multi-lib: "DIR;@FLAG@FLAG" per multilib, but one whose
 * directory repeats the one before (gcc's print_multilib_info) */
static void print_multilibs(void)
{
	for (size_t k = 0; k < backend_current()->nmultilibs; k++) {
		const struct backend_multilib *ml = &backend_current()->multilibs[k];
		if (k > 0 && !strcmp(ml->dir, backend_current()->multilibs[k - 1].dir))
			continue;
		printf("%s;", ml->dir);
		struct strvec sel = { 0 };
		strvec_split(&sel, ml->select, ' ');
		for (size_t j = 0; j < sel.n; j++)
			printf("@%s", sel.v[j]);
		putchar('\n');
	}
}

/* -print-prog-name=NAME: xgcc's own helpers, or a program of the backend's */
static void print_prog_name(const struct driver *d, const char *name)
{
	char *s = NULL;
	if (strcmp(name, "collect2") == 0 || strcmp(name, "lto1") == 0)
		s = find_helper(d, name);
	puts(s ? s : find_program(d, name));
}

/* --version, --help and the -dump* queries: 1 if O is one of them. */
static int print_about(const struct driver *d, const struct opt *o)
{
	if (opt_is(o, "--version"))
		print_version(d);
	else if (opt_is(o, "--help")) {
		print_help(d);
		if (d->verbose)
			fflush(stdout);
		return !d->verbose;
	} else if (opt_is(o, "-dumpmachine"))
		puts(backend_triplet());
	else if (opt_is(o, "-dumpversion"))
		puts(backend_version());
	else if (opt_is(o, "-dumpfullversion"))
		puts(backend_fullversion());
	else if (opt_is(o, "-dumpspecs"))
		dump_specs();
	else
		return 0;
	return 1;
}

/* The -print-* queries: 1 if O is one of them. */
static int print_paths(const struct driver *d, const struct opt *o)
{
	if (opt_is(o, "-print-prog-name="))
		print_prog_name(d, o->arg);
	else if (opt_is(o, "-print-file-name="))
		puts(find_file(d, o->arg));
	else if (opt_is(o, "-print-libgcc-file-name"))
		puts(find_file(d, "libgcc.a"));
	else if (opt_is(o, "-print-search-dirs"))
		print_search_dirs(d);
	else if (opt_is(o, "-print-multiarch"))
		puts(d->ml->multiarch);
	else if (opt_is(o, "-print-multi-directory"))
		puts(d->ml->dir);
	else if (opt_is(o, "-print-multi-os-directory"))
		puts(d->ml->osdir);
	else if (opt_is(o, "-print-multi-lib"))
		print_multilibs();
	else if (opt_is(o, "-print-sysroot")) {
		/* nothing at all without a sysroot, as gcc */
		if (d->sysroot)
			puts(d->sysroot);
	} else if (opt_is(o, "-print-sysroot-headers-suffix"))
		diag(DIAG_FATAL, "not configured with sysroot headers suffix");
	else
		return 0;
	return 1;
}

int print_info(struct driver *d)
{
	int done = 0;
	for (size_t i = 0; i < d->nopts; i++)
		if (print_about(d, &d->opts[i]) || print_paths(d, &d->opts[i]))
			done = 1;
	if (done)
		fflush(stdout);
	return done;
}
