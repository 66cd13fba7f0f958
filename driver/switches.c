/* The switch lists each step of the run gets.
 *
 * gcc keeps one list of switches for the whole run (its switches[]): the
 * command line's options that the driver does not take for itself, in
 * gcc's canonical spellings, then what its self specs add: the backend's
 * machine defaults (-mtune=generic -march=x86-64), gcc's driver self
 * specs (spec strings, run here by the spec interpreter as gcc runs
 * them: -fdump-final-insns's, the target's thread self specs, -pthread
 * for -fopenmp), a -specs= file's *self_spec.  Every spec run tests and gives these switches (the link
 * spec; an input's row, with the driver's additions for that input),
 * and COLLECT_GCC_OPTIONS lists them for every command.  The assembler's
 * and the preprocessor's options (-Wa, -Wp: the specs' %Y and %Z) are
 * lists of their own, which an input's row gets with its switches
 * (input_switches).  All of them are built here, so that a switch is
 * followed from the command line to a command in one file; the options
 * are read through options.c's queries.
 */
#include "config.h"

#include "driver.h"
#include "diag.h"
#include "spec.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void add_switch(struct switch_list *l, const struct opt *o, struct strvec *words, int elided)
{
	if (l->n == l->cap)
		l->v = xrealloc(l->v, (l->cap = l->cap ? 2 * l->cap : 32) * sizeof *l->v);
	l->v[l->n++] = (struct switch_entry){ *words, o, elided };
	*words = (struct strvec){ 0 };
}

static void add_switch_word(struct switch_list *l, const char *word)
{
	struct strvec w = { 0 };
	strvec_push(&w, word);
	add_switch(l, NULL, &w, 0);
}

/* WORD, made for the list (malloc'd): it goes with the list. */
static const char *made_word(struct switch_list *l, char *word)
{
	strvec_push(&l->made, word);
	return word;
}

/* The backend's self-spec options (-mtune=generic -march=x86-64) that
 * the command line does not override: a default -mKEY= goes when the user
 * gave -mKEY=, and on x86 a default -mtune= also when -march= is given. */
static void push_machine_defaults(const struct driver *d, struct strvec *out)
{
	struct strvec defs = { 0 };
	strvec_split(&defs, d->ml->defaults, ' ');
	for (size_t i = 0; i < defs.n; i++) {
		const char *def = defs.v[i];
		const char *eq = strchr(def, '=');
		char *key = eq ? xstrndup(def, (size_t)(eq - def + 1)) : xstrdup(def);
		int given = !d->machine_defaults_exact && opt_starting(d, key) != NULL;
		if (d->target->tune_follows_arch && strcmp(key, "-mtune=") == 0 &&
		    (opt_starting(d, "-march=") || opt_starting(d, "-mcpu=")))
			given = 1;
		if (!given)
			strvec_push(out, def);
		free(key);
	}
	strvec_free(&defs);
}

/* One of gcc's driver self specs: what it gives is decoded as options
 * and added after the command line's (gcc's do_self_spec). */
static void run_driver_self_spec(struct driver *d, const char *text)
{
	struct strvec words = { 0 };
	run_self_spec(d, text, &words);
	add_self_spec_options(d, &words, 1);
	strvec_free(&words);
}

void driver_self_specs(struct driver *d)
{
	/* gcc.cc's own, for every target: -fdump-final-insns without a
	 * file dumps into the output's directory */
	run_driver_self_spec(d, "%{fdump-final-insns:-fdump-final-insns=.} %<fdump-final-insns");
	for (const char *const *spec = d->target->self_specs; spec && *spec; spec++)
		run_driver_self_spec(d, *spec);
}

/* Push O as gcc passes it on: its canonical word (and its argument,
 * for a separate one); the parts of -Wp, and -Wa, and the arguments of
 * -Xpreprocessor and -Xassembler alone. */
static void push_opt(const struct opt *o, struct strvec *out)
{
	if (opt_is(o, "-Wp,") || opt_is(o, "-Wa,") || opt_is(o, "-Xpreprocessor") || opt_is(o, "-Xassembler")) {
		strvec_push(out, o->arg);
		return;
	}
	if (opt_is(o, "-MD") || opt_is(o, "-MMD"))
		return; /* driver_switches gives them as written */
	strvec_push(out, o->word);
	if (o->separate)
		strvec_push(out, o->arg);
}

/* The options of the command line that gcc keeps out of its switches:
 * the driver's own doing (-###, -time, -wrapper ...), what goes to the
 * link's items or %Y and %Z, and xg++'s -static-libstdc++, which
 * g++spec.cc takes (-Bstatic -lstdc++ -Bdynamic). */
static int not_a_switch(const struct driver *d, const struct opt *o)
{
	static const char *const kept_out[] = { "-###", "-l", "-Wa,", "-Xassembler", "-Wp,", "-Xpreprocessor",
						"-time", "-wrapper", "-pass-exit-codes",
						"-no-canonical-prefixes", "-target", "--target=" };
	for (size_t i = 0; i < sizeof kept_out / sizeof *kept_out; i++)
		if (opt_is(o, kept_out[i]))
			return 1;
	return d->cxx && opt_is(o, "-static-libstdc++");
}

/* gcc's -foffload-options=-l_GCC_NAME for a library g++ adds (struct
 * backend's offload_libs). */
static void add_offload_lib(struct switch_list *out, const char *name)
{
	if (backend_offload_lib(name))
		add_switch_word(out, made_word(out, xasprintf("-foffload-options=-l_GCC_%s", name)));
}

void driver_switches(const struct driver *d, struct switch_list *out)
{
	struct strvec words = { 0 };
	/* g++ adds -lstdc++ and -lm at the end, and moves the first -lm
	 * there (link.c, ln_outputs) */
	int cxx_libs = d->cxx && d->cxx_library > 0;
	int moved_m = 0;
	for (size_t i = 0; i < d->nopts; i++) {
		const struct opt *o = &d->opts[i];
		if (o->offload_lib && cxx_libs && d->target->cxx_libm && !moved_m &&
		    strcmp(o->offload_lib, "m") == 0) {
			moved_m = 1; /* its switch comes after -lstdc++'s */
			continue;
		}
		if (not_a_switch(d, o))
			continue;
		if (o->self_spec)
			continue; /* after the machine defaults, below */
		/* gcc's canonical spellings */
		if (opt_is(o, "-MD") || opt_is(o, "-MMD"))
			strvec_push(&words, o->word);
		else if (opt_is(o, "-L"))
			strvec_push(&words, made_word(out, xasprintf("-L%s", o->arg)));
		else
			push_opt(o, &words);
		add_switch(out, o, &words, o->elided);
	}
	if (cxx_libs) {
		add_offload_lib(out, "stdc++");
		if (d->target->cxx_libm)
			add_offload_lib(out, "m");
	}
	/* g++spec.cc appends -shared-libgcc unless -static or -static-libgcc
	 * (where its GCC has a shared libgcc) */
	if (d->cxx && backend_shared_libgcc() && !has_opt(d, "-static") && !has_opt(d, "-static-libgcc"))
		add_switch_word(out, "-shared-libgcc");
	/* the switches of the self specs: the backend's option defaults
	 * (-mtune=generic -march=x86-64), gcc's driver self specs, the
	 * thread self specs, a -specs= file's *self_spec */
	struct strvec defaults = { 0 };
	push_machine_defaults(d, &defaults);
	for (size_t k = 0; k < defaults.n; k++)
		add_switch_word(out, defaults.v[k]);
	strvec_free(&defaults);
	for (int pass = 1; pass <= 2; pass++) {
		for (size_t i = 0; i < d->nopts; i++) {
			if (d->opts[i].self_spec != pass)
				continue;
			push_opt(&d->opts[i], &words);
			add_switch(out, &d->opts[i], &words, d->opts[i].elided);
		}
	}
	strvec_free(&words);
}

struct spec_switch *spec_switches(const struct switch_list *list)
{
	struct spec_switch *sw = xcalloc(list->n + 1, sizeof *sw);
	for (size_t i = 0; i < list->n; i++) {
		const struct switch_entry *e = &list->v[i];
		const char *w = e->words.n ? e->words.v[0] : "";
		sw[i] = (struct spec_switch){ .part1 = *w == '-' ? w + 1 : w, .known = 1 };
		if (e->words.n > 1)
			sw[i].args = (const char *const *)e->words.v + 1;
		/* xgcc's own options are for its link-time stage (through
		 * COLLECT_GCC_OPTIONS): no spec sees them */
		if (e->elided || *w != '-' || (e->opt && e->opt->own))
			sw[i].live = SPEC_SW_IGNORE;
	}
	return sw;
}

void switch_list_free(struct switch_list *l)
{
	for (size_t i = 0; i < l->n; i++)
		strvec_free(&l->v[i].words);
	free(l->v);
	for (size_t i = 0; i < l->made.n; i++)
		free(l->made.v[i]);
	strvec_free(&l->made);
	*l = (struct switch_list){ 0 };
}

/* Is WORD one of the mutually exclusive ABI options (-m32, -m64, -mx32)? */
static int is_abi_opt(const struct driver *d, const char *word)
{
	for (size_t i = 0; i < d->target->nabis; i++)
		if (*d->target->abis[i].select && strcmp(word + 1, d->target->abis[i].select) == 0)
			return 1;
	return strcmp(word + 1, backend_multilib_defaults()) == 0;
}

/* The assembler's options in command-line order: the -Wa and
 * -Xassembler ones, --help and --target-help (the specs' %Y). */
static void assembler_options(const struct driver *d, struct strvec *out)
{
	for (size_t i = 0; i < d->nopts; i++) {
		const struct opt *o = &d->opts[i];
		/* --help and --target-help are assembler options to gcc too */
		const char *a = opt_is(o, "-Wa,") || opt_is(o, "-Xassembler") ? o->arg
				: opt_is(o, "--help")				    ? "--help"
				: opt_is(o, "--target-help")			    ? "--target-help"
										    : NULL;
		if (a)
			strvec_push(out, a);
	}
}

/* The options -Wp and -Xpreprocessor pass on (%Z), in command-line order. */
static void preprocessor_options(const struct driver *d, struct strvec *out)
{
	for (size_t i = 0; i < d->nopts; i++)
		if (opt_is(&d->opts[i], "-Wp,") || opt_is(&d->opts[i], "-Xpreprocessor"))
			strvec_push(out, d->opts[i].arg);
}

void input_switches(const struct driver *d, const struct input *in, int cc1, const char *plugin,
		    const char *plugin_name, struct row_switches *out)
{
	*out = (struct row_switches){ 0 };
	struct switch_list *list = &out->list;
	driver_switches(d, list);
	out->nrun = list->n;
	/* GCC_COMPARE_DEBUG: a switch gcc adds after the command line's */
	if (d->compare_debug && d->compare_debug_from_env)
		add_switch_word(list, made_word(list, xasprintf("-fcompare-debug=%s", d->compare_debug)));
	if (plugin) {
		add_switch_word(list, made_word(list, xasprintf("-fplugin=%s", plugin)));
		add_switch_word(list, made_word(list, xasprintf("-fplugin-arg-%s-drop-locations", plugin_name)));
	}
	struct spec_switch *sw = spec_switches(list);
	for (size_t i = 0; i < list->n; i++) {
		const struct switch_entry *e = &list->v[i];
		const char *w = sw[i].part1;
		/* of the ABI options only the last counts */
		if (d->abi_opt != NO_ABI_OPT && e->opt && opt_kind(e->opt, 'm') && is_abi_opt(d, e->opt->word) &&
		    e->opt != &d->opts[d->abi_opt])
			sw[i].live = SPEC_SW_IGNORE;
		/* cc1 decides the excess precision from these very options
		 * (fpeval.c), so they reach it as gcc passes them; only a
		 * compiler that refuses =standard gets the mode it has */
		if (!strcmp(w, "fexcess-precision=standard") && cc1 && !excess_precision_standard_taken(in))
			sw[i].part1 = "fexcess-precision=fast";
	}
	out->sw = sw;
	assembler_options(d, &out->assembler);
	preprocessor_options(d, &out->preprocessor);
}

void row_switches_free(struct row_switches *rs)
{
	free(rs->sw);
	switch_list_free(&rs->list);
	strvec_free(&rs->assembler);
	strvec_free(&rs->preprocessor);
}

static void quote_single(FILE *f, const char *s)
{
	fputc('\'', f);
	for (; *s; s++) {
		if (*s == '\'')
			fputs("'\\''", f);
		else
			fputc(*s, f);
	}
	fputc('\'', f);
}

/* COLLECT_GCC_OPTIONS, as gcc sets it for every command it runs: the
 * options it keeps (not -Wa, -Wp, -X*, -l, -###, -time, -wrapper), each
 * single-quoted, then the backend's default -m options.  Once cc1 or lto1
 * has taken -dumpdir, -dumpbase and -dumpbase-ext, each leaves only its
 * separating space; the run's DUMPDIR comes last. */
char *collect_options(const struct driver *d, int for_link, int dumps_taken, const unsigned *removed,
		      size_t nremoved)
{
	const char *dumpdir = for_link ? d->link_dumpdir : d->dumpdir;
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	struct switch_list sw = { 0 };
	driver_switches(d, &sw);
	for (size_t i = 0; i < sw.n; i++) {
		const struct switch_entry *e = &sw.v[i];
		if (i)
			fputc(' ', f);
		/* an elided switch leaves its blank, as one a spec removed
		 * with %<; so do -dumpdir and -dumpbase once a command took
		 * them (%:dumps()) */
		if (e->elided || (i < nremoved && removed[i] && !(removed[i] & SPEC_SW_KEEP_FOR_GCC)) || (dumps_taken && e->opt &&
				  (opt_is(e->opt, "-dumpdir") || opt_is(e->opt, "-dumpbase") ||
				   opt_is(e->opt, "-dumpbase-ext"))))
			continue;
		for (size_t k = 0; k < e->words.n; k++) {
			fputs(k ? " " : "", f);
			quote_single(f, e->words.v[k]);
		}
	}
	if (dumpdir) {
		fprintf(f, "%s'-dumpdir' ", sw.n ? " " : "");
		quote_single(f, dumpdir);
	}
	switch_list_free(&sw);
	fclose(f);
	return buf;
}

/* COLLECT_AS_OPTIONS: the assembler's options, quoted, for the LTO stage
 * (which passes them to as); NULL when there are none. */
char *collect_as_options(const struct driver *d)
{
	struct strvec opts = { 0 };
	assembler_options(d, &opts);
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	for (size_t i = 0; i < opts.n; i++)
		fprintf(f, "%s'%s'", i ? " " : "", opts.v[i]);
	fclose(f);
	if (!opts.n) {
		free(buf);
		buf = NULL;
	}
	strvec_free(&opts);
	return buf;
}

/* The options gcc's driver takes as valid itself (driver_handle_option),
 * by their names in the table: what it does with them needs no spec;
 * -pie too where it is the default (backend_default_pie). */
static const char *const driver_validated[] = {
	"--completion=", "-save-temps", "-pipe", "-specs=", "--sysroot=", "-B",
	"-static-libgcc", "-shared-libgcc", "-static-libgfortran", "-static-libquadmath",
	"-static-libphobos", "-static-libgm2", "-static-libstdc++",
	/* GCC 16's: Algol 68's library, and the file the driver truncates */
	"-static-libga68", "-truncate",
};

/* Options that driver_switches() keeps but gcc does not save as switches:
 * those it answers (-print-*, -dump*: it exits or prints before the
 * check) or takes for itself (-foffload=, -time=). */
static const char *const never_switches[] = {
	"-print-search-dirs", "-print-file-name=", "-print-prog-name=", "-print-multi-lib",
	"-print-multi-directory", "-print-sysroot", "-print-multi-os-directory", "-print-multiarch",
	"-print-sysroot-headers-suffix", "-print-libgcc-file-name", "--no-sysroot-suffix", "-time=",
	"-foffload=", "-dumpspecs", "-dumpversion", "-dumpmachine", "-dumpfullversion",
	"-print-autofdo-gcov-version", "--print-autofdo-gcov-version", /* GCC 16 */
};

static int named_in(const struct opt *o, const char *const *names, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (opt_is(o, names[i]))
			return 1;
	return 0;
}

/* GCC 11 and 12 set a test's '*' (and '.') once for the whole test, not
 * per alternative (validate_switches; GCC 13 fixed it): after %{a*|b}
 * any switch starting with "b" is valid too. */
static int star_leaks(void) { return backend_major() <= 12; }

void unvalidated_switches(const struct driver *d, struct strvec *out)
{
	struct switch_list list = { 0 };
	driver_switches(d, &list);
	struct spec_switch *sw = xcalloc(list.n + 1, sizeof *sw);
	for (size_t i = 0; i < list.n; i++) {
		const struct switch_entry *e = &list.v[i];
		const char *w = e->words.n ? e->words.v[0] : "";
		sw[i].part1 = *w == '-' ? w + 1 : w;
		sw[i].known = !(e->opt && e->opt->unknown);
		/* what self specs add, xgcc's own options, what a self spec
		 * removed (gcc's %< validates it) and what the driver takes */
		sw[i].validated = !e->opt || e->opt->own || e->elided ||
				  named_in(e->opt, driver_validated, sizeof driver_validated / sizeof *driver_validated) ||
				  named_in(e->opt, never_switches, sizeof never_switches / sizeof *never_switches) ||
				  (opt_is(e->opt, "-pie") && backend_default_pie());
	}
	int leak = star_leaks();
	struct strvec rows = { 0 };
	compiler_validation_specs(&rows);
	for (size_t i = 0; i < rows.n; i++)
		spec_validate(rows.v[i], sw, list.n, 0, leak);
	strvec_free(&rows);
	const struct spec_set *s = d->specs;
	for (size_t i = 0; s && i < s->ncompilers; i++)
		spec_validate(s->compilers[i].spec, sw, list.n, 0, leak);
	for (size_t i = 0; s && i < s->n; i++)
		spec_validate(s->defs[i].body, sw, list.n, s->defs[i].user, leak);
	if (s)
		spec_validate(s->link_command, sw, list.n, 0, leak);
	for (size_t i = 0; i < list.n; i++)
		if (!sw[i].validated)
			strvec_pushf(out, "-%s", sw[i].part1);
	free(sw);
	switch_list_free(&list);
}
