/* The link, from gcc's specs.
 *
 * gcc links by expanding its *link_command spec: %(linker) (collect2),
 * the target's %l (*link), %S and %E (start and end files, found with
 * %s among the startfile directories), %D (the -L directories), %o (the
 * objects, -l and -Wl, items in command-line order), the libraries of
 * %(link_gcc_c_sequence) and those options ask for (OpenMP's and the
 * sanitizers' through the spec files they %:include).  xgcc expands the
 * backend's *link_command with its one edit (driver/specs.c: no -plugin,
 * xgcc's collect2 needs none) and plans the command it gives as the
 * link's step, with the environment collect2 gets: COMPILER_PATH,
 * LIBRARY_PATH, and which objects this run compiled without IR.
 *
 * g++ (g++spec.cc) adds -lstdc++ and -lm to the inputs, which %o gives.
 */
#include "config.h"

#include "driver.h"
#include "diag.h"
#include "fileinfo.h"
#include "host.h"
#include "spec.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The link's expansion: the spec_ops' argument. */
struct ln {
	struct planner *pl;
	const struct driver *d;
	struct command *step;   /* collect2's, once the spec gave it */
	struct strvec no_ir;    /* objects this run compiled without -flto */
	/* %:replace-outfile(FROM TO) and %:remove-outfile(FROM) of the specs
	 * (newlib's nano.specs: -lc -lc_nano), for %o: TO NULL removes */
	struct strvec outfile_from, outfile_to;
};

/* ARG as %o gives it after the specs' replace-outfile and
 * remove-outfile, or NULL when removed (each string new). */
static char *outfile(const struct ln *l, const char *arg)
{
	char *v = xstrdup(arg);
	for (size_t i = 0; v && i < l->outfile_from.n; i++)
		if (!strcmp(v, l->outfile_from.v[i])) {
			free(v);
			v = l->outfile_to.v[i] ? xstrdup(l->outfile_to.v[i]) : NULL;
		}
	return v;
}

static void push_outfile(const struct ln *l, struct strvec *out, const char *arg)
{
	char *v = outfile(l, arg);
	if (v)
		strvec_push(out, v);
}

/* ld's default output: the target row's (a.exe on the PE targets) */
static const char *link_output(const struct driver *d)
{
	return d->output ? d->output : d->target->default_output;
}

/* %:sanitize(NAME): the -fsanitize= set after -fno-sanitize= took its part. */
enum { SAN_ADDRESS = 1, SAN_THREAD = 2, SAN_LEAK = 4, SAN_UNDEFINED = 8, SAN_HWADDRESS = 16 };

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

const char *sanitize_function(const struct driver *d, const char *name, int argc, char **argv, int *known)
{
	static const struct { const char *name; unsigned bit; } san[] = {
		{ "address", SAN_ADDRESS }, { "hwaddress", SAN_HWADDRESS }, { "thread", SAN_THREAD },
		{ "leak", SAN_LEAK }, { "undefined", SAN_UNDEFINED },
	};
	*known = 0;
	if (strcmp(name, "sanitize") != 0 || argc != 1)
		return NULL;
	*known = 1;
	for (size_t k = 0; k < sizeof san / sizeof *san; k++)
		if (!strcmp(argv[0], san[k].name))
			return sanitizers(d) & san[k].bit ? "" : NULL;
	return NULL;
}

static const char *ln_function(void *arg, struct spec_run *r, const char *name, int argc, char **argv,
			       int *known)
{
	struct ln *l = arg;
	(void)r;
	/* gcc's replace_outfile_spec_function and remove_outfile_spec_function:
	 * the link inputs equal to FROM become TO, or go */
	if ((!strcmp(name, "replace-outfile") && argc == 2) || (!strcmp(name, "remove-outfile") && argc == 1)) {
		*known = 1;
		strvec_push(&l->outfile_from, xstrdup(argv[0]));
		l->outfile_to.v = xrealloc(l->outfile_to.v, (l->outfile_to.n + 1) * sizeof *l->outfile_to.v);
		l->outfile_to.v[l->outfile_to.n++] = argc == 2 ? xstrdup(argv[1]) : NULL;
		return "";
	}
	const char *s = sanitize_function(l->d, name, argc, argv, known);
	return *known ? s : machine_function(l->d, &l->pl->spec_strings, name, argc, argv, known);
}

static char *ln_find_file(void *arg, const char *name)
{
	const struct ln *l = arg;
	return find_file(l->d, name);
}

/* %T: a linker script among the library directories. */
static char *ln_find_script(void *arg, const char *name)
{
	const struct ln *l = arg;
	struct strvec dirs = { 0 };
	library_dirs(l->d, DIRS_LINK, 1, &dirs);
	char *found = NULL;
	for (size_t i = 0; i < dirs.n; i++) {
		char *p = xasprintf("%s%s", dirs.v[i], name);
		if (!found && access(p, R_OK) == 0)
			found = p;
		else
			free(p);
		free(dirs.v[i]);
	}
	strvec_free(&dirs);
	return found;
}

/* %D: -L for each library directory (each string the caller's). */
static void ln_paths(void *arg, int which, struct strvec *out)
{
	const struct ln *l = arg;
	if (which != 'D')
		return;
	struct strvec dirs = { 0 };
	library_dirs(l->d, DIRS_LINK, 1, &dirs);
	for (size_t i = 0; i < dirs.n; i++) {
		size_t n = strlen(dirs.v[i]);
		if (n > 1 && dirs.v[i][n - 1] == '/')
			dirs.v[i][n - 1] = 0;
		strvec_push(out, xasprintf("-L%s", dirs.v[i]));
		free(dirs.v[i]);
	}
	strvec_free(&dirs);
}

/* %R: the target system root (--sysroot=, else the backend's configured one); %M: the multilib's OS directory. */
static const char *ln_value(void *arg, int which)
{
	const struct ln *l = arg;
	return which == 'R' ? driver_sysroot(l->d) : l->d->ml->osdir;
}

/* %o: the inputs, -l and -Wl items in order (the objects the plan's
 * inputs become); xg++ adds its libraries (each string the caller's). */
static void ln_outputs(void *arg, struct strvec *out)
{
	struct ln *l = arg;
	const struct driver *d = l->d;
	const struct plan *p = l->pl->plan;
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
			push_outfile(l, out, it->arg);
		else if (obj)
			push_outfile(l, out, obj);
		if (obj && p->object_no_ir[it->input] && !strchr(obj, '\n'))
			strvec_push(&l->no_ir, obj);
	}
	if (!cxx)
		return;
	int static_cxx = d->cxx_library == 2 && !has_opt(d, "-static");
	if (static_cxx)
		strvec_push(out, xstrdup("-Bstatic"));
	push_outfile(l, out, "-lstdc++");
	if (static_cxx)
		strvec_push(out, xstrdup("-Bdynamic"));
	/* the PE runtimes have the math functions in their C library */
	if (moved_m || d->target->cxx_libm)
		push_outfile(l, out, "-lm");
	if (moved_c)
		push_outfile(l, out, moved_c);
}

/* The link's @file (gcc's make_at_file at the link): kept under
 * -save-temps as the output's name without its suffix, .args.N. */
static char *ln_at_file(void *arg, const struct strvec *args)
{
	struct ln *l = arg;
	char *stem = file_strip_suffix(link_output(l->d));
	char *at = plan_at_file(l->pl, stem, args->v, args->n);
	free(stem);
	return at;
}

static void ln_command(void *arg, struct spec_run *r, const struct spec_cmd *c)
{
	struct ln *l = arg;
	(void)r;
	if (l->step) {
		diag(DIAG_ERROR, "the link spec gives more than one command");
		return;
	}
	l->step = plan_step(l->pl, TOOL_COLLECT2, "collect2");
	const char *prog = c->args[0].text;
	char *path = !strcmp(prog, "collect2") ? find_helper(l->d, "collect2") : find_program(l->d, prog);
	if (!path)
		diag(DIAG_FATAL, "cannot find %s next to %s or in %s", diag_q("collect2"), l->d->self_dir,
		     PKGLIBEXECDIR);
	strvec_push(&l->step->argv, path ? path : prog);
	for (size_t i = 1; i < c->n; i++)
		strvec_push(&l->step->argv, xstrdup(c->args[i].text));
}

static const struct spec_ops ln_ops = {
	.find_file = ln_find_file,
	.find_script = ln_find_script,
	.paths = ln_paths,
	.value = ln_value,
	.outputs = ln_outputs,
	.at_file = ln_at_file,
	.function = ln_function,
	.command = ln_command,
};

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
		fprintf(f, "%s%s", i ? (char[]){ host_facts.path_list_sep, 0 } : "", list->v[i]);
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
	program_dirs(d, &progs);
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

/* The link's job: collect2, run only when every input compiled, its
 * output deleted if the link fails (unless the link left it alone). */
void plan_link(struct planner *pl)
{
	const struct driver *d = pl->d;
	pl->job = d->ninputs;
	struct ln l = { .pl = pl, .d = d };
	struct switch_list list = { 0 };
	driver_switches(d, &list);
	struct spec_switch *sw = spec_switches(&list);
	size_t nsw = list.n;
	plan_apply_removed(pl, sw, nsw);
	/* gcc gives the linker --help and --target-help (%X) */
	struct strvec linker_options = { 0 };
	for (size_t i = 0; i < d->nopts; i++)
		if (opt_is(&d->opts[i], "--help") || opt_is(&d->opts[i], "--target-help"))
			strvec_push(&linker_options, xstrdup(d->opts[i].name));
	struct spec_run r = { .specs = d->specs, .sw = sw, .nsw = nsw, .ops = &ln_ops, .arg = &l,
			      .at_file_supplied = d->at_file_supplied, .object_suffix = ".o",
			      .bit_bucket = "/dev/null", .version = backend_current()->version,
			      .linker_options = &linker_options };
	size_t said = d->specs->said.n;
	const char *link_command = d->specs->link_command ? d->specs->link_command : "";
	int v = spec_expand(&r, link_command);
	if (v < 0 && r.error && !r.error_given)
		diag(DIAG_FATAL, "%s", r.error);
	if (!l.step) /* an %e stopped it: a step for the message */
		l.step = plan_step(pl, TOOL_NONE, "");
	struct command *step = l.step;
	link_environment(d, step);
	if (has_opt(d, "--target-help"))
		step->banner = "\nLinker options\n==============\n\n"
			       "Use \"-Wl,OPTION\" to pass \"OPTION\" to the linker.\n\n";
	/* -v and -### say which spec files the link spec read */
	struct strvec shown = { 0 };
	for (size_t i = said; i < d->specs->said.n; i++)
		strvec_push(&shown, d->specs->said.v[i]);
	if (shown.n) {
		char *s = strvec_join(&shown, '\n');
		step->shown = xasprintf("%s\n", s);
		free(s);
	}
	strvec_free(&shown);
	plan_output(pl, link_output(d));
	/* the objects this run compiled without -flto hold no IR: collect2
	 * need not look for it (collect/scan.c) */
	char *plain = strvec_join(&l.no_ir, '\n');
	add_env(step, "XGCC_PLAIN_OBJECTS", *plain ? plain : NULL, 0);
	strvec_free(&l.no_ir);
	strvec_free(&l.outfile_from);
	for (size_t i = 0; i < l.outfile_to.n; i++)
		free(l.outfile_to.v[i]);
	free(l.outfile_to.v);
	step->outputs_if_changed = 1;
	step->after_clean_run = 1;
	plan_collect_options(pl, d, 1);
	/* an error the link spec gives (its %e) stops the link */
	plan_end_group(pl, 1);
	spec_run_free(&r);
	for (size_t i = 0; i < linker_options.n; i++)
		free(linker_options.v[i]);
	strvec_free(&linker_options);
	free(sw);
	switch_list_free(&list);
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
