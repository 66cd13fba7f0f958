/* The compilation of each input, from gcc's specs.
 *
 * gcc compiles an input by running its language's row of the compiler
 * table (driver/compilers.c) through the spec interpreter (driver/spec.c)
 * with the backend's named specs (%(cc1_options), %(invoke_as) ...) and
 * the run's switches; each command the expansion ends (cc1, as, objcopy
 * of -gsplit-dwarf) becomes a step of the plan there and then, so that
 * what the expansion says afterwards (an %e of the assembler's spec)
 * comes after it, as under gcc, which runs each command as its spec ends
 * it.  What the specs ask of the driver comes through struct spec_ops
 * below: temporary names, the %I paths, the %w output, @files, and the
 * driver's spec functions (%:dumps(), %:compare-debug-dump-opt(),
 * %:local_cpu_detect(), %:debug-level-gt() ...).
 *
 * xgcc adds nothing to what gcc's specs say.  The excess precision cc1
 * decides itself, from the options gcc gives it (fpeval.c); the driver
 * only says which.
 *
 * -fcompare-debug compiles the input a second time, as gcc does: the
 * same row with the switches of gcc's compare-debug-self-opt (the
 * outputs and dependency options removed, -w -S -o /dev/null
 * -fcompare-debug-second and the -fcompare-debug= options added), the
 * temporaries' and dump names with ".gk"; the final insns dumps of the
 * two must then be the same (the step's compare).
 */
#include "config.h"

#include "driver.h"
#include "diag.h"
#include "fileinfo.h"
#include "spec.h"
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

/* The expansion of one input's row: the spec_ops' argument. */
struct cc {
	const struct driver *d;   /* for the second compilation of -fcompare-debug, a copy
				   * with that one's switches */
	struct planner *pl;
	const struct input *in;
	size_t index;
	int second;               /* the second compilation of -fcompare-debug */
	char *drop_locations;     /* the stable-order plugin that drops positions, or NULL */
	char *plugin_name;        /* and its name (backend_stable_order_name) */
	char *gkd;                /* the final insns dump that -fcompare-debug compares */
	const char *banner;       /* for the next command (--target-help) */
	const char *output;       /* %w: what the input became */
	size_t first_step;        /* the expansion's first step */
	struct strvec outputs;    /* what its commands write (%W): deleted on failure */
	size_t nswitches;         /* how many of the run's switches are driver_switches()' */
};

/* What -dumpdir, -dumpbase and -dumpbase-ext gcc's %:dumps() gives the
 * compiler of IN, from the run's names that plan_dumps() decided. */
static char *dumps_spec(const struct driver *d, const struct input *in, int second)
{
	const char *dir = d->dumpdir, *ext = d->dumpbase_ext;
	const char *gk = second ? ".gk" : "";
	const char *ib = strcmp(in->name, "-") == 0 ? "-" : file_base_name(in->name);
	char *base, *sfx; /* sfx: where BASE's suffix starts, NULL if it has none */

	if (d->dumpbase && *d->dumpbase && !ext)
		ext = "";
	if (!ext)
		ext = file_suffix(ib);
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
	if (*gk || !sfx || strcmp(sfx, ext) != 0) {
		if (sfx)
			*sfx = 0;
		char *b = xasprintf("%s%s%s", base, gk, ext);
		free(base);
		base = b;
	}
	char *qdir = dir ? spec_quote(dir) : NULL, *qbase = spec_quote(base), *qext = *ext ? spec_quote(ext) : NULL;
	char *r = xasprintf("%s%s -dumpbase %s%s%s", qdir ? " -dumpdir " : "", qdir ? qdir : "", qbase,
			    qext ? " -dumpbase-ext " : "", qext ? qext : "");
	free(qdir);
	free(qbase);
	free(qext);
	free(base);
	return r;
}

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
		if (!opt_kind(o, 'g') || o->elided)
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

/* The DWARF version gcc's dwarf-version-gt() sees: the last -gdwarf-N,
 * 5 by default (GCC 12). */
static int dwarf_version(const struct driver *d)
{
	const struct opt *dw = opt_starting(d, "-gdwarf-");
	return dw ? atoi(dw->word + 8) : 5;
}

/* cc1, cc1plus or lto1: from a -B prefix if one has it (as gcc does, so that a
 * build tree can be tested), else the backend's. */
static const char *compiler_path(const struct driver *d, const char *name)
{
	const char *path = !strcmp(name, "lto1") ? backend_lto1() : !strcmp(name, "cc1plus") ? backend_cc1plus()
											       : backend_cc1();
	char *b = find_in_bprefixes(d, name);
	if (b)
		return b;
	if (!*path)
		diag(DIAG_FATAL, "cannot execute %s: %s has no %s", diag_q(name), backend_origin(), name);
	return path;
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

/* -fwpa or -fwpa=N: lto1 writes the partitions itself (%{!fwpa*:...}). */
int lto_wpa(const struct driver *d)
{
	return opt_given(d, "-fwpa") || opt_starting(d, "-fwpa=");
}

/* --- what the specs ask of the driver ------------------------------------ */

static char *cc_make_temp(void *arg, const char *suffix)
{
	(void)arg;
	return temp_make(suffix);
}

static char *cc_find_file(void *arg, const char *name)
{
	const struct cc *x = arg;
	return find_file(x->d, name);
}

/* %I: the multilib's and the sysroot's include options, and -isystem for
 * the include directory of each -B prefix that has one. */
static void cc_paths(void *arg, int which, struct strvec *out)
{
	const struct driver *d = ((const struct cc *)arg)->d;
	if (which != 'I')
		return;
	if (*d->ml->imultilib) {
		strvec_push(out, xstrdup("-imultilib"));
		strvec_push(out, xstrdup(d->ml->imultilib));
	}
	if (*d->ml->multiarch) {
		strvec_push(out, xstrdup("-imultiarch"));
		strvec_push(out, xstrdup(d->ml->multiarch));
	}
	if (*backend_current()->exec_prefix) {
		strvec_push(out, xstrdup("-iprefix"));
		strvec_push(out, xstrdup(backend_current()->exec_prefix));
	}
	if (d->sysroot) {
		strvec_push(out, xstrdup("-isysroot"));
		strvec_push(out, xstrdup(d->sysroot));
	}
	for (size_t i = 0; i < d->bprefixes.n; i++) {
		char *inc = xasprintf("%sinclude", d->bprefixes.v[i]);
		if (file_is_dir(inc)) {
			strvec_push(out, xstrdup("-isystem"));
			strvec_push(out, inc);
		} else {
			free(inc);
		}
	}
}

static void cc_set_output(void *arg, const char *path)
{
	struct cc *x = arg;
	x->output = path ? xstrdup(path) : NULL;
}

static char *cc_at_file(void *arg, const struct strvec *args)
{
	struct cc *x = arg;
	return plan_at_file(x->pl, NULL, args->v, args->n);
}

static void cc_banner(void *arg, const char *text)
{
	((struct cc *)arg)->banner = text;
}

/* A spec function's argument as a number. */
static long number_arg(const char *name, int argc, char **argv)
{
	char *end;
	long v = argc == 1 ? strtol(argv[0], &end, 10) : 0;
	if (argc != 1 || end == argv[0])
		diag(DIAG_FATAL, "wrong number of arguments to %%:%s", name);
	return v;
}

/* gcc's compare-debug-dump-opt(): the dump of the final insns, and the
 * random seed the two compilations share.  The last -fdump-final-insns=
 * names the dump (the driver's "." of a bare one: %B.gkd); else
 * -fcompare-debug dumps to %g.gkd (%B.gkd under -save-temps). */
static char *compare_debug_dump(struct cc *x, struct spec_run *r)
{
	const struct driver *d = x->d;
	struct strvec given = { 0 }, name = { 0 };
	spec_expand_words(r, "%{fdump-final-insns=*:%*}", &given);
	char *ret = NULL;
	if (given.n && strcmp(given.v[given.n - 1], ".") != 0) {
		if (!d->compare_debug) {
			strvec_free(&given);
			return NULL;
		}
		strvec_push(&name, xstrdup(given.v[given.n - 1]));
	} else {
		if (!given.n && !d->compare_debug) {
			strvec_free(&given);
			return NULL;
		}
		spec_expand_words(r, given.n ? "%B.gkd" : "%{!save-temps*:%g.gkd}%{save-temps*:%B.gkd}", &name);
		char *q = spec_quote(name.v[name.n - 1]);
		ret = xasprintf("-fdump-final-insns=%s", q);
		free(q);
	}
	free(x->gkd);
	x->gkd = xstrdup(name.v[name.n - 1]);
	struct planner *pl = x->pl;
	if (!x->second) {
		unsigned long long seed = (unsigned long long)time(NULL) * 6364136223846793005ULL ^
					  (unsigned long long)getpid() << 17 ^ (unsigned long long)pl->plan->n;
		free(pl->random_seed);
		pl->random_seed = xasprintf("%#llx", seed);
	}
	if (pl->random_seed) {
		char *s = xasprintf("%%{!frandom-seed=*:-frandom-seed=%s} %s", pl->random_seed, ret ? ret : "");
		free(ret);
		ret = s;
	}
	if (x->second) {
		free(pl->random_seed);
		pl->random_seed = NULL;
	}
	for (size_t i = 0; i < given.n; i++)
		free(given.v[i]);
	for (size_t i = 0; i < name.n; i++)
		free(name.v[i]);
	strvec_free(&given);
	strvec_free(&name);
	return ret;
}

/* gcc's local_cpu_detect(arch|tune BITS) for -march=native and
 * -mtune=native: what the backend's cc1 was given for them (probed once,
 * main.c's expand_native): the -march= and the ISA options; or the
 * cache sizes (--param) and the -mtune=, which come last. */
static char *local_cpu(const struct driver *d, const char *what)
{
	int tune = !strcmp(what, "tune"), in_tune = 0;
	struct strvec out = { 0 };
	for (size_t i = 0; i < d->march_native.n; i++) {
		const char *w = d->march_native.v[i];
		in_tune |= !strcmp(w, "--param") || !strncmp(w, "-mtune=", 7);
		if (in_tune == tune)
			strvec_push(&out, w);
	}
	char *s = strvec_join(&out, ' ');
	strvec_free(&out);
	return s;
}

static const char *cc_function(void *arg, struct spec_run *r, const char *name, int argc, char **argv,
			       int *known)
{
	struct cc *x = arg;
	const struct driver *d = x->d;
	*known = 1;
	char *v = NULL;
	if (!strcmp(name, "dumps")) {
		x->pl->dumps_taken = 1;
		v = dumps_spec(d, x->in, x->second);
	} else if (!strcmp(name, "compare-debug-dump-opt")) {
		v = compare_debug_dump(x, r);
	} else if (!strcmp(name, "debug-level-gt")) {
		return debug_level(d) > number_arg(name, argc, argv) ? "" : NULL;
	} else if (!strcmp(name, "dwarf-version-gt")) {
		return dwarf_version(d) > number_arg(name, argc, argv) ? "" : NULL;
	} else if (!strcmp(name, "find-plugindir")) {
		/* the backend's plugin directory */
		char *q = spec_quote(backend_plugin_dir());
		v = xasprintf("-iplugindir=%s", q);
		free(q);
	} else if (!strcmp(name, "local_cpu_detect") && argc >= 1) {
		v = local_cpu(d, argv[0]);
	} else {
		/* %:sanitize(), which cross GCCs' *cc1 asks too (aarch64's
		 * %{%:sanitize(address):-funwind-tables}) */
		const char *s = sanitize_function(d, name, argc, argv, known);
		return *known ? s : machine_function(d, &x->pl->spec_strings, name, argc, argv, known);
	}
	if (v)
		strvec_push(&x->pl->spec_strings, v);
	return v;
}

/* A program of a spec's command: the backend's compilers, else found
 * as gcc finds programs. */
static const char *program(const struct driver *d, const char *name)
{
	if (!strcmp(name, "cc1") || !strcmp(name, "cc1plus") || !strcmp(name, "lto1"))
		return compiler_path(d, name);
	return find_program(d, name);
}

static enum tool tool_of(const struct spec_cmd *c)
{
	const char *p = c->args[0].text;
	if (!strcmp(p, "as"))
		return TOOL_AS;
	if (!strcmp(p, "objcopy"))
		return TOOL_OBJCOPY;
	if (!strcmp(p, "lto1"))
		return TOOL_LTO1;
	for (size_t i = 1; i < c->n; i++)
		if (!strcmp(c->args[i].text, "-E"))
			return TOOL_CPP;
	return TOOL_CC1;
}

/* Does an error come with the group being built?  Then its commands do
 * not run (a command that cannot be built stops its input before
 * anything of it runs); other inputs go on, as under gcc. */
static int notes_error(const struct planner *pl)
{
	for (size_t i = 0; i < pl->nnotes; i++)
		if (pl->notes[i].kind == DIAG_ERROR || pl->notes[i].kind == DIAG_FATAL)
			return 1;
	return 0;
}

/* A command the expansion ended: a step of the input's job.  Its
 * arguments marked by %W are deleted when the job fails, at any of its
 * steps (expand_row): an old object must not outlive a compilation that
 * failed.  A command that is not piped into the next ends its group. */
static void cc_command(void *arg, struct spec_run *r, const struct spec_cmd *c)
{
	struct cc *x = arg;
	const struct driver *d = x->d;
	const char *name = c->args[0].text;
	struct command *step = plan_step(x->pl, tool_of(c), xstrdup(file_base_name(name)));
	strvec_push(&step->argv, program(d, name));
	for (size_t i = 1; i < c->n; i++) {
		strvec_push(&step->argv, xstrdup(c->args[i].text));
		if (c->args[i].flags & SPEC_ARG_FAILURE)
			strvec_push(&x->outputs, xstrdup(c->args[i].file));
	}
	step->piped_to_next = c->piped_to_next;
	step->banner = x->banner;
	x->banner = NULL;
	plan_note_removed(x->pl, r->sw, x->nswitches);
	if (c->piped_to_next)
		return;
	plan_collect_options(x->pl, d, 0);
	plan_end_group(x->pl, notes_error(x->pl));
}

static const struct spec_ops cc_ops = {
	.make_temp = cc_make_temp,
	.find_file = cc_find_file,
	.paths = cc_paths,
	.set_output = cc_set_output,
	.at_file = cc_at_file,
	.function = cc_function,
	.command = cc_command,
	.banner = cc_banner,
};

/* --- the switches --------------------------------------------------------- */

/* Is X's input a source that cc1 or cc1plus compiles?  Not assembler,
 * LTO IR or objects, nor gcc's help-dummy (cc1 shows its options as the
 * user left them). */
static int cc1_source(const struct cc *x)
{
	enum lang l = x->in->lang;
	return l != LANG_ASM && l != LANG_ASM_CPP && l != LANG_LTO && l != LANG_OBJECT && !x->in->dummy;
}

/* What X's row is expanded with (switches.c), the switches with what
 * earlier spec runs removed. */
static void cc_switches(struct cc *x, struct row_switches *rs)
{
	input_switches(x->d, x->in, cc1_source(x), x->drop_locations, x->plugin_name, rs);
	/* the second compilation of -fcompare-debug has switches of its
	 * own (gcc's switches_debug_check[1]): no removal carries over */
	x->nswitches = x->second ? 0 : rs->nrun;
	plan_apply_removed(x->pl, rs->sw, x->nswitches);
}

/* Expand the row of X's input: its commands become steps of the plan.
 * 0, or -1 when the spec stopped (an %e, an invalid spec). */
static int expand_row(struct cc *x, const struct compiler_row *row)
{
	const struct driver *d = x->d;
	const struct input *in = x->in;
	struct planner *pl = x->pl;
	struct row_switches rs;
	cc_switches(x, &rs);
	const char *base = strcmp(in->name, "-") == 0 ? "-" : file_base_name(in->name);
	const char *dot = strrchr(base, '.');
	struct spec_input sin = { .name = in->name, .base = base,
				  .base_len = dot && dot != base ? (size_t)(dot - base) : strlen(base),
				  .suffix = dot ? dot + 1 : "", .language = lang_name(in->lang),
				  .dumpdir = d->dumpdir, .outbase = d->outbase };
	struct strvec names = { 0 };
	if (row->combinable && d->combine) {
		for (size_t i = 0; i < d->ninputs; i++)
			if (d->inputs[i].lang == in->lang) {
				strvec_push(&names, d->inputs[i].name);
				pl->done[i] = 1;
			}
		sin.names = (const char *const *)names.v;
		sin.nnames = names.n;
	}
	struct spec_run r = { .specs = d->specs, .sw = rs.sw, .nsw = rs.list.n, .in = &sin, .ops = &cc_ops, .arg = x,
			      .use_pipes = d->use_pipe, .save_temps = d->save_temps != SAVE_NONE,
			      .at_file_supplied = d->at_file_supplied, .compare_debug_second = x->second,
			      .object_suffix = ".o", .bit_bucket = "/dev/null", .version = backend_current()->version,
			      .assembler_options = &rs.assembler, .preprocessor_options = &rs.preprocessor,
			      .cpp_spec = row->cxx_cpp ? d->target->cxx_cpp_spec : NULL };
	x->first_step = pl->plan->n;
	int v = spec_expand(&r, row->spec);
	/* the outputs go with the job's first step, so that any failure
	 * of the job deletes them */
	if (x->first_step < pl->plan->n && x->first_step < pl->group) {
		struct command *first = &pl->plan->cmds[x->first_step];
		first->outputs = xrealloc(first->outputs, (first->noutputs + x->outputs.n) * sizeof *first->outputs);
		for (size_t i = 0; i < x->outputs.n; i++)
			first->outputs[first->noutputs++] = x->outputs.v[i];
	} else {
		for (size_t i = 0; i < x->outputs.n; i++)
			plan_output(pl, x->outputs.v[i]);
	}
	strvec_free(&x->outputs);
	if (v < 0) {
		/* gcc runs no part of a pipeline that its spec did not end:
		 * the steps of the group not ended */
		pl->plan->n = pl->group;
		if (r.error && !r.error_given)
			diag(DIAG_ERROR, "%s", r.error);
	}
	spec_run_free(&r);
	strvec_free(&names);
	row_switches_free(&rs);
	return v;
}

/* --- an input's job --------------------------------------------------------- */

/* The input's excess precision, as cc1 will decide it, said with -v and
 * -### (not for lto1, which keeps what the objects recorded). */
static void note_fp_mode(const struct cc *x)
{
	const struct driver *d = x->d;
	const char *why = NULL;
	/* no x87 (arm, aarch64, riscv): cc1's defaults are the machine's */
	if (!cc1_source(x) || !d->abi->fpmath || !(d->verbose || d->dry_run))
		return;
	const char *mode = excess_precision_mode(d, x->in, &why);
	diag(DIAG_NOTE, "%s: -fexcess-precision=%s (%s)", x->in->name, mode, why);
}

/* An -flto compile for the LTRANS cache (-flto-cache= or XGCC_LTO_CACHE
 * on the compile) without debug information or fat objects: the
 * stable-order plugin drops the source positions from the bodies cc1
 * streams (lto/stable-order.cc says why), where the backend has it. */
static void decide_drop_locations(struct cc *x)
{
	const struct driver *d = x->d;
	const char *env = getenv("XGCC_LTO_CACHE");
	if (!cc1_source(x) || x->second || !lto_enabled(d) || opt_on(d, "-ffat-lto-objects") || debug_level(d) > 0 ||
	    (!opt_starting(d, "-flto-cache=") && !(env && *env)))
		return;
	x->plugin_name = backend_stable_order_name();
	char *file = xasprintf("%s.so", x->plugin_name);
	x->drop_locations = find_helper(d, file);
	free(file);
}

/* The second compilation of -fcompare-debug (gcc's compare-debug-self-opt
 * switches), whose final insns must be those of the first. */
static void plan_compare_debug(struct cc *x, const struct compiler_row *row)
{
	const struct driver *d = x->d;
	struct planner *pl = x->pl;
	static const char *const removed[] = { "-o", "-MD", "-MMD", "-MF", "-MG", "-MP", "-MQ", "-MT" };
	struct driver d2 = *d;
	d2.opts = xmalloc((d->nopts + 16) * sizeof *d2.opts);
	memcpy(d2.opts, d->opts, d->nopts * sizeof *d2.opts);
	for (size_t i = 0; i < d2.nopts; i++) {
		struct opt *o = &d2.opts[i];
		for (size_t k = 0; k < sizeof removed / sizeof *removed; k++)
			o->elided |= opt_is(o, removed[k]);
		o->elided |= !strncmp(o->word, "-fdump-final-insns=", 19);
	}
	size_t first = d2.nopts;
	add_options_from_text(&d2, "-w -S -o /dev/null");
	if (!opt_given(d, "-fcompare-debug-second"))
		add_options_from_text(&d2, "-fcompare-debug-second");
	add_options_from_text(&d2, d->compare_debug);
	for (size_t i = first; i < d2.nopts; i++)
		d2.opts[i].self_spec = 1;
	if (d->verbose || d->dry_run)
		diag(DIAG_NOTE, "recompiling with %s", diag_q("-fcompare-debug"));
	char *first_dump = x->gkd;
	x->gkd = NULL;
	struct cc x2 = *x;
	x2.d = &d2;
	x2.second = 1;
	size_t from = pl->plan->n;
	int v = expand_row(&x2, row);
	if (v == 0 && pl->plan->n > from && x2.gkd) {
		struct command *last = &pl->plan->cmds[pl->plan->n - 1];
		last->compare[0] = first_dump;
		last->compare[1] = x2.gkd;
		last->compare_input = x->in->name;
	} else if (v < 0) {
		diag(DIAG_ERROR, "during %s recompilation", diag_q("-fcompare-debug"));
	}
	if (d->verbose || d->dry_run)
		diag(DIAG_NOTE, "comparing final insns dumps");
	/* the notes go with a step of their own, after the compilation */
	if (pl->nnotes)
		plan_end_group(pl, 0);
}

/* Input I, after -x NAME of no language: gcc names it again where it
 * would have compiled it. */
void plan_bad_language(struct planner *pl, size_t i)
{
	pl->job = i;
	diag(DIAG_ERROR, "language %s not recognized", pl->d->inputs[i].bad_lang);
	plan_end_group(pl, 0);
}

/* Input I's job: its row's commands (the compilation, the assembly,
 * -gsplit-dwarf's objcopy), then -fcompare-debug's second compilation. */
void plan_input(struct planner *pl, size_t i)
{
	const struct driver *d = pl->d;
	const struct input *in = &d->inputs[i];
	if (pl->done[i])
		return;
	pl->job = i;
	const struct compiler_row *row = compiler_row(in->lang);
	if (!row) {
		if (in->lang == LANG_OBJECT)
			pl->plan->objects[i] = in->name;
		if (pl->nnotes)
			plan_end_group(pl, 0);
		return;
	}
	struct cc x = { .d = d, .pl = pl, .in = in, .index = i };
	note_fp_mode(&x);
	decide_drop_locations(&x);
	int v = expand_row(&x, row);
	if (pl->nnotes || pl->noutputs || pl->group == x.first_step)
		plan_end_group(pl, v < 0 || notes_error(pl));
	int to_object = d->stop == STOP_LINK && !opt_on(d, "-fsyntax-only");
	if (v == 0 && x.output && to_object) {
		int asm_source = in->lang == LANG_ASM || in->lang == LANG_ASM_CPP;
		pl->plan->objects[i] = x.output;
		pl->plan->object_no_ir[i] = in->lang == LANG_LTO || (!asm_source && !lto_enabled(d));
	}
	if (v == 0 && x.gkd && d->compare_debug)
		plan_compare_debug(&x, row);
	/* the switches hold copies */
	free(x.drop_locations);
	free(x.plugin_name);
}
