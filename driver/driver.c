/* xgcc, xg++: a gcc-compatible compiler driver.
 *
 * main() reads the command line (options.c) and resolves it into struct
 * driver, then plans the whole run from it: the commands that compile and
 * assemble each input (compile.c) and the collect2 line (link.c), as data
 * (struct plan).  run_plan() is the one loop that carries a plan out:
 * every command is shown first with -v (as gcc shows it) or only shown
 * with -###, and then run through posix_spawn, -pipe steps as one
 * pipeline.  A failed step deletes its job's outputs; the temporary files
 * go on every exit path (lib/tempfile.c).
 */
#include "config.h"

#include "driver.h"
#include "gccopt.h"
#include "diag.h"
#include "spec.h"
#include "fileinfo.h"
#include "process.h"
#include "tempfile.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

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

void driver_switches(const struct driver *d, struct switch_list *out)
{
	struct strvec words = { 0 };
	for (size_t i = 0; i < d->nopts; i++) {
		const struct opt *o = &d->opts[i];
		switch (o->id) {
		case OPT_hash3: case OPT_l: case OPT_Wa: case OPT_Xassembler: case OPT_Wp:
		case OPT_Xpreprocessor: case OPT_time: case OPT_wrapper: case OPT_pass_exit_codes:
		case OPT_no_canonical: case OPT_target: case OPT_target_eq:
			continue;
		case OPT_static_libstdcxx:
			if (d->cxx)
				continue; /* g++spec.cc takes it (-Bstatic -lstdc++ -Bdynamic) */
			break;
		default:
			break;
		}
		if (o->self_spec)
			continue; /* after the machine defaults, below */
		/* gcc's canonical spellings */
		if (o->id == OPT_MD || o->id == OPT_MMD)
			strvec_push(&words, o->word);
		else if (o->id == OPT_L)
			strvec_pushf(&words, "-L%s", o->arg);
		else if (o->id == OPT_sysroot_sep)
			strvec_pushf(&words, "--sysroot=%s", o->arg);
		else
			push_opt(d, o, &words);
		add_switch(out, o, &words, o->elided);
	}
	/* g++spec.cc appends -shared-libgcc unless -static or -static-libgcc
	 * (where its GCC has a shared libgcc) */
	if (d->cxx && backend_shared_libgcc() && !has_opt(d, OPT_static) && !has_opt(d, OPT_static_libgcc))
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
			push_opt(d, &d->opts[i], &words);
			add_switch(out, &d->opts[i], &words, d->opts[i].elided);
		}
		for (int k = pass == 1 ? thread_self_specs(d) : 0; k > 0; k--) {
			/* the words stay with the switches */
			struct strvec self = { 0 };
			strvec_split(&self, d->target->thread_self_spec, ' ');
			for (size_t i = 0; i < self.n; i++)
				add_switch_word(out, self.v[i]);
			strvec_free(&self);
		}
	}
	strvec_free(&words);
}

struct spec_switch *spec_switches(const struct switch_list *list, size_t extra)
{
	struct spec_switch *sw = xcalloc(list->n + extra + 1, sizeof *sw);
	for (size_t i = 0; i < list->n; i++) {
		const struct switch_entry *e = &list->v[i];
		const char *w = e->words.n ? e->words.v[0] : "";
		sw[i] = (struct spec_switch){ .part1 = *w == '-' ? w + 1 : w, .known = 1 };
		if (e->words.n > 1)
			sw[i].args = (const char *const *)e->words.v + 1;
		/* xgcc's own options are for its link-time stage (through
		 * COLLECT_GCC_OPTIONS): no spec sees them */
		if (e->elided || *w != '-' || (e->opt && xgcc_own_option(e->opt->id)))
			sw[i].live = SPEC_SW_IGNORE;
	}
	return sw;
}

void switch_list_free(struct switch_list *l)
{
	for (size_t i = 0; i < l->n; i++)
		strvec_free(&l->v[i].words);
	free(l->v);
	*l = (struct switch_list){ 0 };
}

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
				  (e->opt->id == OPT_dumpdir || e->opt->id == OPT_dumpbase ||
				   e->opt->id == OPT_dumpbase_ext)))
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

void assembler_options(const struct driver *d, struct strvec *out)
{
	for (size_t i = 0; i < d->nopts; i++) {
		const struct opt *o = &d->opts[i];
		/* --help and --target-help are assembler options to gcc too */
		const char *a = o->id == OPT_Wa || o->id == OPT_Xassembler ? o->arg
				: o->id == OPT_help				? "--help"
				: o->id == OPT_target_help			? "--target-help"
										: NULL;
		if (a)
			strvec_push(out, a);
	}
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

/* A program did not start: say which, why, and where it came from. */
void cannot_execute(const char *name, const char *path, int err)
{
	if (strcmp(name, "cc1") == 0 || strcmp(name, "cc1plus") == 0 || strcmp(name, "lto1") == 0)
		diag(DIAG_FATAL, "cannot execute %s: %s (from %s)", diag_q(path), strerror(err),
		     backend_origin());
	diag(DIAG_FATAL, "cannot execute %s: %s", diag_q(path), strerror(err));
	exit(1); /* not reached: a fatal error exits */
}

/* Run the pipeline of the N steps at C (one, without -pipe): show it
 * with -v and -###, run it unless -###.  Returns nonzero on failure. */
static int run_pipeline(const struct plan *p, const struct command *c, size_t n)
{
	struct spawn_cmd sc[SPAWN_MAX];
	struct strvec argvs[SPAWN_MAX];
	if (n > SPAWN_MAX)
		fatal("too many commands in a pipeline");
	for (size_t i = 0; i < n; i++) {
		memset(&argvs[i], 0, sizeof argvs[i]);
		strvec_extend(&argvs[i], p->wrapper);
		strvec_extend(&argvs[i], &c[i].argv);
		sc[i] = (struct spawn_cmd){ .argv = argvs[i].v, .name = c[i].name,
					    .in_path = i == 0 ? c[0].in : NULL,
					    .out_path = i + 1 == n ? c[n - 1].out : NULL };
	}
	/* one setting for a whole pipeline, as gcc's */
	if (p->show)
		fprintf(stderr, "COLLECT_GCC_OPTIONS=%s\n", c->collect_options);
	setenv("COLLECT_GCC_OPTIONS", c->collect_options, 1);
	for (size_t i = 0; p->show && i < n; i++) {
		for (size_t j = 0; j < argvs[i].n; j++)
			spawn_print_quoted(argvs[i].v[j], p->dry_run ? QUOTE_GCC_DRIVER : QUOTE_NONE);
		if (i + 1 < n)
			fputs(" |", stderr);
		fputc('\n', stderr);
	}
	int failed = 0;
	if (!p->dry_run) {
		failed = spawn_pipeline(sc, (int)n, p->time_report ? SPAWN_TIME : 0);
		for (size_t i = 0; i < n && failed; i++)
			if (sc[i].status == -1)
				cannot_execute(c[i].name, sc[i].argv[0], sc[i].exec_errno);
			else if (sc[i].status > 1 && sc[i].status < 128)
				/* gcc is silent here; 1 is the status of errors the
				 * program has reported, anything else is a failure
				 * that may have said nothing */
				diag(DIAG_ERROR, "%s returned %d exit status", c[i].name, sc[i].status);
	}
	for (size_t i = 0; i < n; i++)
		strvec_free(&argvs[i]);
	return failed;
}

static int same_contents(const char *a, const char *b)
{
	FILE *fa = fopen(a, "rb"), *fb = fopen(b, "rb");
	int same = fa && fb;
	while (same) {
		int ca = getc(fa), cb = getc(fb);
		if (ca != cb)
			same = 0;
		if (ca == EOF || cb == EOF)
			break;
	}
	if (fa)
		fclose(fa);
	if (fb)
		fclose(fb);
	return same;
}

/* What a step does before its command: its environment, then its
 * messages, each after the outputs recorded before it was met. */
static void prepare_step(const struct plan *p, const struct command *c)
{
	for (size_t i = 0; i < c->nenv; i++) {
		const struct env_var *e = &c->env[i];
		if (e->shown && p->show)
			fprintf(stderr, "%s=%s\n", e->name, e->value);
		if (e->value)
			setenv(e->name, e->value, 1);
		else
			unsetenv(e->name);
	}
	if (c->banner) {
		fputs(c->banner, stdout);
		fflush(stdout);
	}
	if (c->shown && p->show)
		fputs(c->shown, stderr);
	size_t k = 0;
	for (size_t i = 0; i <= c->noutputs; i++) {
		for (; k < c->nnotes && c->notes[k].after <= i; k++)
			diag_replay(c->notes[k].kind, c->notes[k].text);
		if (i == c->noutputs)
			break;
		if (c->outputs_if_changed)
			temp_failure_output_if_changed(c->outputs[i]);
		else
			temp_failure_output(c->outputs[i]);
	}
}

/* Run one step (with the steps piped from it); *NEXT is the step after. */
static int run_step(const struct plan *p, size_t i, size_t *next)
{
	const struct command *c = &p->cmds[i];
	size_t n = 1;
	while (c[n - 1].piped_to_next)
		n++;
	*next = i + n;
	prepare_step(p, c);
	if (c->stop_on_errors && diag_error_count() > p->errors_before)
		return 1;
	if (!c->argv.n && c->collect_options && p->show)
		fprintf(stderr, "COLLECT_GCC_OPTIONS=%s\n", c->collect_options);
	if (c->argv.n && run_pipeline(p, c, n))
		return 1;
	if (c->compare[0] && !p->dry_run && !same_contents(c->compare[0], c->compare[1])) {
		diag(DIAG_ERROR, "%s: -fcompare-debug failure", c->compare_input);
		return 1;
	}
	return 0;
}

/* Run the job whose first step is *I; *I becomes the next job's. */
static int run_job(const struct plan *p, size_t *i)
{
	size_t job = p->cmds[*i].job;
	int failed = 0;
	while (*i < p->n && p->cmds[*i].job == job) {
		if (failed)
			++*i;
		else
			failed = run_step(p, *i, i);
	}
	if (failed)
		temp_delete_failure_outputs();
	else
		temp_commit_failure_outputs();
	return failed;
}

int run_plan(const struct plan *p)
{
	int failed = 0;
	for (size_t i = 0; i < p->n;) {
		if (p->cmds[i].after_clean_run && (failed || diag_error_count() > p->errors_before))
			return 1;
		failed |= run_job(p, &i);
	}
	return failed || diag_error_count() ? 1 : 0;
}

static void env_dirs(const char *var, struct strvec *out)
{
	struct strvec parts = { 0 };
	strvec_split(&parts, getenv(var), ':');
	for (size_t i = 0; i < parts.n; i++) {
		size_t len = strlen(parts.v[i]);
		strvec_push(out, parts.v[i][len - 1] == '/' ? parts.v[i] : xasprintf("%s/", parts.v[i]));
	}
	strvec_free(&parts);
}

static void add_bprefix(struct driver *d, const char *arg)
{
	size_t len = strlen(arg);
	if (len && arg[len - 1] == '/') {
		if (!file_is_dir(arg))
			diag(DIAG_ERROR, "-B directory %s: %s", arg, strerror(ENOENT));
		strvec_push(&d->bprefixes, arg);
	} else if (file_is_dir(arg)) {
		strvec_push(&d->bprefixes, xasprintf("%s/", arg));
	} else {
		/* -B/path/prefix-: a file name prefix; its directory must exist */
		const char *slash = strrchr(arg, '/');
		char *dir = slash ? xstrndup(arg, (size_t)(slash - arg + 1)) : xstrdup("./");
		if (!file_is_dir(dir))
			diag(DIAG_ERROR, "-B directory %s: %s", arg, strerror(ENOENT));
		free(dir);
		strvec_push(&d->bprefixes, arg);
	}
}

static void select_multilib(struct driver *d)
{
	const struct backend *b = backend_current();
	const char *select = "", *abi_select = "";
	d->abi_opt = NO_ABI_OPT;
	/* The last multilib option wins (-m32 -m64 means -m64).  An ABI
	 * without a multilib of its own (-m16) keeps the multilib's
	 * directories but has its own assembler flag, emulation and
	 * dynamic linker. */
	for (size_t i = 0; i < d->nopts; i++) {
		const struct opt *o = &d->opts[i];
		if (o->id != OPT_m)
			continue;
		if (strcmp(o->word + 1, backend_multilib_defaults()) == 0) {
			select = abi_select = "";
			d->abi_opt = i;
			continue;
		}
		for (size_t k = 0; k < b->nmultilibs; k++)
			if (*b->multilibs[k].select && strcmp(o->word + 1, b->multilibs[k].select) == 0) {
				select = abi_select = b->multilibs[k].select;
				d->abi_opt = i;
			}
		for (size_t k = 0; k < d->target->nabis; k++)
			if (*d->target->abis[k].select && strcmp(o->word + 1, d->target->abis[k].select) == 0 &&
			    !backend_multilib(d->target->abis[k].select)) {
				/* -m16, -m32, -mx32 and -m64 cancel each other (gcc's
				 * Negative cycle): the default multilib again */
				select = "";
				abi_select = d->target->abis[k].select;
				d->abi_opt = i;
			}
	}
	d->ml = backend_multilib(select);
	if (!d->ml)
		d->ml = &b->multilibs[0];
	d->abi = target_abi(d->target, abi_select);
}

static void driver_options(struct driver *d)
{
	d->quiet = 1;
	for (size_t i = 0; i < d->nopts; i++) {
		const struct opt *o = &d->opts[i];
		switch (o->id) {
		case OPT_v: d->verbose = 1; break;
		case OPT_hash3: d->dry_run = 1; break;
		case OPT_pipe: d->use_pipe = 1; break;
		case OPT_time: d->time_report = 1; break;
		case OPT_Q: d->quiet = 0; break;
		/* GCC 12: plain -save-temps puts the files beside the output;
		 * it does not undo an earlier -save-temps=cwd */
		case OPT_save_temps: d->save_temps = d->save_temps ? d->save_temps : SAVE_OBJ; break;
		case OPT_save_temps_eq:
			if (strcmp(o->arg, "cwd") == 0)
				d->save_temps = SAVE_CWD;
			else if (strcmp(o->arg, "obj") == 0)
				d->save_temps = SAVE_OBJ;
			break;
		case OPT_B: add_bprefix(d, o->arg); break;
		case OPT_no_pthread:
			/* a switch only mingw-w64's specs know */
			if (d->target->system != SYS_MINGW)
				diag(DIAG_ERROR, "unrecognized command-line option %s", diag_q(o->word));
			break;
		case OPT_wrapper: strvec_split(&d->wrapper, o->arg, ','); break;
		case OPT_sysroot:
		case OPT_sysroot_sep: d->sysroot = o->arg; break;
		case OPT_o: d->output = o->arg; break;
		default: break;
		}
	}
	if (has_opt(d, OPT_E) || has_opt(d, OPT_M) || has_opt(d, OPT_MM))
		d->stop = STOP_E;
	else if (has_opt(d, OPT_S))
		d->stop = STOP_S;
	else if (has_opt(d, OPT_c))
		d->stop = STOP_C;
	else
		d->stop = STOP_LINK;
	if (d->use_pipe && d->save_temps != SAVE_NONE) {
		diag(DIAG_WARNING, "%s ignored because %s specified", diag_q("-pipe"), diag_q("-save-temps"));
		d->use_pipe = 0;
	}
	temp_keep(d->save_temps != SAVE_NONE);
}

/* -march=native and -mtune=native: ask the backend what they mean here. */
static void expand_native(struct driver *d)
{
	const struct opt *arch = opt_given(d, "-march=native");
	const struct opt *tune = opt_given(d, "-mtune=native");
	if (!arch && !tune)
		return;
	struct strvec words = { 0 };
	if (arch)
		strvec_push(&words, "-march=native");
	if (tune)
		strvec_push(&words, "-mtune=native");
	char *select = *d->ml->select ? xasprintf("-%s", d->ml->select) : NULL;
	if (select)
		strvec_push(&words, select);
	char *out = backend_dry_run(&words);
	char *save_line = NULL;
	for (char *line = out ? strtok_r(out, "\n", &save_line) : NULL; line;
	     line = strtok_r(NULL, "\n", &save_line)) {
		if (!strstr(line, "/cc1 ") && strncmp(line, " cc1 ", 5) != 0)
			continue;
		/* the expansion sits between "/dev/null" and "-dumpbase"/"-quiet" */
		char *p = strstr(line, " /dev/null ");
		if (!p)
			break;
		p += 11;
		char *save_tok = NULL;
		for (char *tok = strtok_r(p, " ", &save_tok); tok; tok = strtok_r(NULL, " ", &save_tok)) {
			if (strcmp(tok, "-dumpbase") == 0 || strcmp(tok, "-quiet") == 0)
				break;
			size_t n = strlen(tok);
			if (tok[0] == '"' && n >= 2 && tok[n - 1] == '"')
				tok = xstrndup(tok + 1, n - 2);
			else
				tok = xstrdup(tok);
			/* the default -march of a probe without -march=native
			 * is not part of the expansion; a detected
			 * -mtune=generic (a CPU the backend does not know by
			 * name) is */
			if (strncmp(tok, "-march=", 7) == 0 && !arch)
				continue;
			strvec_push(&d->march_native, tok);
		}
		break;
	}
	free(out);
	free(select);
	strvec_free(&words);
}

/* gcc's first driver self spec, %{fdump-final-insns:-fdump-final-insns=.}
 * %<fdump-final-insns: a bare -fdump-final-insns becomes a switch at the
 * end that names the dump after the input (compile.c). */
static void dump_final_insns_self_spec(struct driver *d)
{
	const struct opt *bare = NULL;
	for (size_t i = 0; i < d->nopts; i++)
		if (strcmp(d->opts[i].word, "-fdump-final-insns") == 0) {
			d->opts[i].elided = 1;
			bare = &d->opts[i];
		}
	if (!bare)
		return;
	enum opt_id id = bare->id; /* an -f option like the other */
	d->opts = xrealloc(d->opts, (d->nopts + 1) * sizeof *d->opts);
	d->opts[d->nopts++] = (struct opt){ .id = id, .word = "-fdump-final-insns=.",
					    .given = "-fdump-final-insns", .self_spec = 1 };
}

/* -fcompare-debug[=OPTS], -fno-compare-debug and GCC_COMPARE_DEBUG. */
static void compare_debug_options(struct driver *d)
{
	const char *opts = NULL;
	int given = 0;
	for (size_t i = 0; i < d->nopts; i++) {
		struct opt *o = &d->opts[i];
		/* gcc keeps each as the -fcompare-debug=OPTS it means, and
		 * passes them all on in their place */
		if (strcmp(o->word, "-fcompare-debug") == 0)
			o->word = "-fcompare-debug=-gtoggle";
		else if (strcmp(o->word, "-fno-compare-debug") == 0)
			o->word = "-fcompare-debug=";
		if (strncmp(o->word, "-fcompare-debug=", 16) == 0)
			opts = o->word[16] ? o->word + 16 : NULL, given = 1;
	}
	const char *env = getenv("GCC_COMPARE_DEBUG");
	if (!given && env && *env && strcmp(env, "0") != 0) {
		opts = env[0] == '-' ? env : "-gtoggle";
		d->compare_debug_from_env = 1;
	}
	/* the user is running the second compilation by hand */
	if (opt_given(d, "-fcompare-debug-second"))
		opts = NULL;
	d->compare_debug = opts;
}

/* TARGET (LEN bytes) is one of the backend's offload targets, or gcc's
 * error and note with the valid -foffload= arguments. */
static int offload_target_ok(const char *target, size_t len)
{
	const char *all = backend_current()->offload_targets;
	struct strvec cands = { 0 };
	strvec_split(&cands, all, ':');
	for (size_t i = 0; i < cands.n; i++)
		if (strlen(cands.v[i]) == len && !strncmp(cands.v[i], target, len))
			return 1;
	char *name = xstrndup(target, len);
	diag(DIAG_ERROR, "GCC is not configured to support %s as %s argument", diag_q(name),
	     diag_q("-foffload="));
	strvec_push(&cands, "default");
	strvec_push(&cands, "disable");
	char *list = strvec_join(&cands, ' ');
	char *hint = gcc_closest(name, (const char *const *)cands.v, cands.n);
	if (hint)
		diag(DIAG_NOTE, "valid %s arguments are: %s; did you mean %s?", diag_q("-foffload="), list,
		     diag_q(hint));
	else
		diag(DIAG_NOTE, "valid %s arguments are: %s", diag_q("-foffload="), list);
	return 0;
}

/* -foffload=TARGETS[=OPTIONS] as gcc's handle_foffload_option: "default"
 * starts the list again, "disable" (or a target the backend lacks)
 * empties it and ends that option; the targets are the run's OFFLOAD_TARGET_NAMES,
 * the backend's own when none is given.  The option is the driver's,
 * passed on only as -foffload-options= when it carries options. */
static void offload_options(struct driver *d)
{
	struct strvec targets = { 0 };
	int chosen = 0; /* an option set the list (else the backend's) */
	size_t keep = 0;
	for (size_t i = 0; i < d->nopts; i++) {
		struct opt *o = &d->opts[i];
		if (!strncmp(o->word, "-foffload-options=", 18)) {
			const char *a = o->word + 18, *eq = strchr(a, '=');
			if (a[0] != '-' && !eq)
				diag(DIAG_ERROR, "%soptions missing after %starget", diag_q("="),
				     diag_q("-foffload-options="));
			for (const char *c = a; a[0] != '-' && eq && c < eq;) {
				const char *n = strchr(c, ',');
				n = n && n < eq ? n : eq;
				offload_target_ok(c, (size_t)(n - c));
				c = n + 1;
			}
		}
		if (strncmp(o->word, "-foffload=", 10) != 0) {
			d->opts[keep++] = *o;
			continue;
		}
		const char *arg = o->word + 10;
		if (arg[0] == '-' || strchr(arg, '=')) {
			o->word = xasprintf("-foffload-options=%s", arg);
			d->opts[keep++] = *o;
		}
		const char *end = arg[0] == '-' ? arg : strchr(arg, '=');
		if (!end)
			end = arg + strlen(arg);
		int stopped = 0; /* "disable" ends this option's list, not the next one's */
		for (const char *c = arg; !stopped && c < end;) {
			const char *n = strchr(c, ',');
			n = n && n < end ? n : end;
			size_t len = (size_t)(n - c);
			char *name = xstrndup(c, len);
			if (!strcmp(name, "default")) {
				targets.n = 0, chosen = 0;
			} else if (!strcmp(name, "disable") || !offload_target_ok(c, len)) {
				targets.n = 0, chosen = 1, stopped = 1;
			} else {
				chosen = 1;
				if (!strvec_contains(&targets, name))
					strvec_push(&targets, name);
			}
			c = n + 1;
		}
	}
	d->nopts = keep;
	if (chosen) {
		d->offload_targets = strvec_join(&targets, ':');
	} else if (*backend_current()->offload_targets) {
		d->offload_targets = xstrdup(backend_current()->offload_targets);
		d->offload_default = backend_current()->offload_defaulted;
	}
	strvec_free(&targets);
}

/* -fplugin=NAME: a file, or NAME.so in the backend's plugin directory.
 * Whether plugins load is the backend's (its host's and configure's),
 * not the target's: Debian's MinGW cross GCCs load them. */
static void check_plugins(const struct driver *d)
{
	for (size_t i = 0; i < d->nopts; i++) {
		const char *w = d->opts[i].word;
		if (strncmp(w, "-fplugin=", 9) != 0)
			continue;
		if (backend_plugin_dir()[0] != '/') {
			/* -print-file-name=plugin found no directory: cc1's words */
			diag(DIAG_ERROR, "%s: plugin support is disabled; configure with --enable-plugin", w);
			continue;
		}
		const char *name = w + 9;
		char *path = strchr(name, '/') ? xstrdup(name)
					       : xasprintf("%s/%s.so", backend_plugin_dir(), name);
		if (access(path, R_OK) != 0)
			diag(DIAG_ERROR, "cannot load plugin %s: %s", path, strerror(errno));
		free(path);
	}
}

static int same_file(const char *a, const char *b)
{
	struct stat sa, sb;
	return stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

/* NAME as an archive member, "lib.a@0x1f4" (the offset in any base):
 * the archive, if that file exists; else NULL, and NAME is a file name. */
static char *member_archive(const char *name)
{
	const char *at = strrchr(name, '@');
	char *end;
	if (!at || at == name)
		return NULL;
	strtol(at + 1, &end, 0);
	if (end == at + 1 || *end)
		return NULL;
	char *ar = xstrndup(name, (size_t)(at - name));
	if (strcmp(ar, "-") != 0 && access(ar, F_OK) == 0)
		return ar;
	free(ar);
	return NULL;
}

/* gcc's words for the inputs a run without a link leaves unused
 * (objects, archives, files it does not compile); 1 if one is missing. */
static int warn_unused_link_inputs(const struct driver *d)
{
	int status = 0;
	for (size_t i = 0; i < d->ninputs; i++) {
		const struct input *in = &d->inputs[i];
		if (in->lang != LANG_OBJECT)
			continue;
		diag(DIAG_WARNING, "%s: linker input file unused because linking not done", in->name);
		if (access(in->name, F_OK) != 0) {
			diag(DIAG_ERROR, "%s: linker input file not found: %s", in->name, strerror(errno));
			status = 1;
		}
	}
	return status;
}

/* Inputs after -x NAME of no language: gcc's error for each (with
 * REPORT), before anything runs; the other inputs are still compiled,
 * nothing is linked.  The number of them. */
static size_t check_languages(const struct driver *d, int report)
{
	size_t bad = 0;
	for (size_t i = 0; i < d->ninputs; i++)
		if (d->inputs[i].bad_lang) {
			if (report)
				diag(DIAG_ERROR, "language %s not recognized", d->inputs[i].bad_lang);
			bad++;
		}
	return bad;
}

static void check_inputs(struct driver *d)
{
	for (size_t i = 0; i < d->ninputs; i++) {
		struct input *in = &d->inputs[i];
		struct stat st;
		if (in->bad_lang || in->dummy)
			continue;
		if (strcmp(in->name, "-") == 0) {
			if (in->lang == LANG_NONE && d->stop != STOP_E)
				diag(DIAG_FATAL, "-E or -x required when input is from standard input");
			if (in->lang == LANG_NONE)
				in->lang = LANG_C;
			continue;
		}
		/* an archive member is checked as its archive */
		char *ar = member_archive(in->name);
		const char *path = ar ? ar : in->name;
		if (stat(path, &st) != 0) {
			/* gcc -v and -### name the commands anyway; cc1 or ld
			 * then says what is missing */
			if (!d->verbose && !d->dry_run)
				diag(DIAG_ERROR, "%s: %s", path, strerror(errno));
			continue;
		}
		if (S_ISDIR(st.st_mode)) {
			diag(DIAG_ERROR, "%s: %s", path, strerror(EISDIR));
			continue;
		}
		if (access(path, R_OK) != 0) {
			diag(DIAG_ERROR, "%s: %s", path, strerror(errno));
			continue;
		}
		/* any phase, -E too; only the bit bucket may be both, as in gcc
		 * (configure runs "cc -E /dev/null -o /dev/null") */
		if (!ar && d->output && strcmp(d->output, "/dev/null") != 0 && same_file(in->name, d->output))
			diag(DIAG_FATAL, "input file %s is the same as output file", diag_q(d->output));
		free(ar);
	}
}

static int not_actual_file(const char *name)
{
	return strcmp(name, "-") == 0 || strcmp(name, "/dev/null") == 0;
}

/* Is F2 F1 followed by a single suffix ("a.c" and "a")? */
static int adds_single_suffix(const char *f2, const char *f1)
{
	size_t n = strlen(f1);
	return strncmp(f1, f2, n) == 0 && f2[n] == '.' && !strchr(f2 + n + 1, '.');
}

/* The input that dump names may follow: its index, -1 if there is none,
 * -2 if there are several.  With -fwpa the -x lto inputs do not count. */
static long single_input(const struct driver *d, int wpa)
{
	long r = -1;
	for (size_t i = 0; i < d->ninputs; i++) {
		if (wpa && d->inputs[i].lang == LANG_LTO)
			continue;
		if (r != -1)
			return -2;
		r = (long)i;
	}
	return r;
}

/* The dumpdir before -dumpbase has its say: -dumpdir (unless a
 * -save-temps=* after it says otherwise), else the output's directory
 * (not with -save-temps=cwd). */
static char *first_dumpdir(const struct driver *d, const struct opt *dd)
{
	const char *out = d->output;
	int save_temps_last = 0;
	for (size_t i = 0; i < d->nopts; i++)
		if (d->opts[i].id == OPT_save_temps_eq || d->opts[i].id == OPT_dumpdir)
			save_temps_last = d->opts[i].id == OPT_save_temps_eq;
	if ((!save_temps_last && dd) || (out && not_actual_file(out)))
		return dd ? xstrdup(dd->arg) : NULL;
	if (d->save_temps != SAVE_CWD && out) {
		const char *b = file_base_name(out);
		return b != out ? xstrndup(out, (size_t)(b - out)) : NULL;
	}
	return NULL;
}

/* The link's dumpdir: "OUTBASE." in the dumpdir, or its "-" (DASH) made a "." */
static char *link_dumpdir(char *dumpdir, const char *ob, int dash)
{
	if (ob && *ob)
		return xasprintf("%s%s.", dumpdir ? dumpdir : "", ob);
	if (dash) {
		char *r = xstrdup(dumpdir);
		r[strlen(dumpdir) - 1] = '.';
		return r;
	}
	return dumpdir;
}

/* GCC 12's names for dump and auxiliary files, decided once for the run:
 * -dumpdir (or the output's directory, unless -save-temps=cwd, or a
 * -save-temps=* after it, says otherwise), an explicit -dumpbase (which
 * joins the dumpdir as "BASE-" when several inputs share it), the
 * link's "OUTPUT-" prefix, the output's stem that replaces the inputs'
 * with -c/-S/-E -o, and the prefix collect2 (so the LTO stage) gets. */
static void plan_dumps(struct driver *d)
{
	const struct opt *dd = last_opt(d, OPT_dumpdir), *db = last_opt(d, OPT_dumpbase);
	const struct opt *dx = last_opt(d, OPT_dumpbase_ext);
	const char *out = d->output, *ext = dx ? dx->arg : NULL;
	int have_c = has_opt(d, OPT_c) || has_opt(d, OPT_S) || has_opt(d, OPT_E);
	int real_out = out && !not_actual_file(out), dash = 0;
	char *dumpdir = first_dumpdir(d, dd), *dumpbase = db ? xstrdup(db->arg) : NULL;
	char *outbase = NULL, *ghost = NULL;

	/* a directory in -dumpbase overrides the dumpdir */
	if (dumpdir && dumpbase && file_base_name(dumpbase) != dumpbase)
		dumpdir = NULL;
	/* -dumpbase-ext must be a proper suffix of -dumpbase */
	if (ext && dumpbase && *dumpbase) {
		size_t lb = strlen(dumpbase), lx = strlen(ext);
		if (lx >= lb || strcmp(dumpbase + lb - lx, ext) != 0)
			ext = NULL;
	}
	long single = single_input(d, lto_wpa(d));
	if (dumpbase && *dumpbase && (single == -2 || (!have_c && !dd))) {
		if (ext)
			dumpbase[strlen(dumpbase) - strlen(ext)] = 0;
		dumpdir = xasprintf("%s%s-", dumpdir ? dumpdir : "", dumpbase);
		dumpbase = NULL;
		ext = NULL;
		dash = 1;
	} else if (!have_c && (!dd || (dumpbase && !*dumpbase))) {
		/* linking: the output's name, less .exe or a.out's .out */
		char *obase = xstrdup(real_out ? file_base_name(out) : "a");
		size_t lb = strlen(obase), lx = ext ? strlen(ext) : 0;
		const char *dot = strrchr(obase + 1, '.');
		if (ext ? lb > lx && strcmp(obase + lb - lx, ext) == 0
			: dot && (strcmp(dot, ".exe") == 0 || strcmp(obase, "a.out") == 0))
			obase[ext ? lb - lx : (size_t)(dot - obase)] = 0;
		/* "gcc a.c -o a" dumps as a.c.*, not a-a.c.* */
		if (dumpbase ||
		    (single >= 0 && adds_single_suffix(file_base_name(d->inputs[single].name), obase))) {
			ghost = obase;
		} else {
			dumpdir = xasprintf("%s%s-", dumpdir ? dumpdir : "", obase);
			dash = 1;
		}
		if (!dd || dumpbase)
			ext = NULL;
	}
	if ((dumpbase || have_c) && !(dumpbase && !*dumpbase)) {
		if (dumpbase) {
			outbase = xstrndup(dumpbase, strlen(dumpbase) - (ext ? strlen(ext) : 0));
		} else if (real_out) {
			outbase = xstrdup(file_base_name(out));
			char *dot = strrchr(outbase + 1, '.');
			if (dot)
				*dot = 0;
		}
	}
	if (ext && (!dumpbase || !*dumpbase))
		ext = NULL;
	d->dumpdir = dumpdir;
	d->dumpbase = dumpbase;
	d->dumpbase_ext = ext;
	d->outbase = outbase && *outbase ? outbase : NULL;
	d->link_dumpdir = link_dumpdir(dumpdir, outbase ? outbase : ghost, dash);
}

/* Is every input that is compiled an -x lto one?  Then, given -o or
 * -fwpa, one lto1 run reads them all (lto1's spec is "combinable"). */
static int combined_lto(const struct driver *d)
{
	int lto = 0;
	if (!d->output && !lto_wpa(d))
		return 0;
	for (size_t i = 0; i < d->ninputs; i++) {
		if (d->inputs[i].lang == LANG_LTO)
			lto = 1;
		else if (d->inputs[i].lang != LANG_OBJECT)
			return 0;
	}
	return lto;
}

/* How many inputs are compiled, whether lto1 reads them all at once,
 * and the names of dump files: the last of the driver's resolutions. */
static void resolve_inputs(struct driver *d)
{
	size_t compiled = 0;
	for (size_t i = 0; i < d->ninputs; i++) {
		const struct input *in = &d->inputs[i];
		/* an unused linker input gets its warning after the run
		 * (warn_unused_link_inputs), as gcc's */
		if (in->lang != LANG_OBJECT)
			compiled++;
	}
	d->ncompiled = compiled;
	d->combine = combined_lto(d);
	plan_dumps(d);
}

/* One -o for several outputs: gcc's prepare_infiles stops there, after
 * the -v banner.  Its rule takes -c, -S and -E as given (-M stops after
 * the preprocessor too, but is no such option). */
static void check_one_output(const struct driver *d)
{
	int stop_given = has_opt(d, OPT_c) || has_opt(d, OPT_S) || has_opt(d, OPT_E);
	if (d->output && stop_given && d->ncompiled > 1 && !d->combine)
		diag(DIAG_FATAL, "cannot specify %s with %s, %s or %s with multiple files", diag_q("-o"),
		     diag_q("-c"), diag_q("-S"), diag_q("-E"));
}

/* gcc's convert_filename() where executables end in ".exe" (the PE
 * targets): unless -c, -S or -E is given, an -o NAME whose last component
 * has no '.' becomes NAME.exe, for ld and in COLLECT_GCC_OPTIONS alike. */
static void executable_suffix(struct driver *d)
{
	if (d->target->format != OBJ_COFF || has_opt(d, OPT_c) || has_opt(d, OPT_S) || has_opt(d, OPT_E))
		return;
	for (size_t i = 0; i < d->nopts; i++) {
		struct opt *o = &d->opts[i];
		if (o->id == OPT_o && !not_actual_file(o->arg) && !strchr(file_base_name(o->arg), '.'))
			o->arg = xasprintf("%s.exe", o->arg);
	}
}

/* What the driver's name says, in the shape of GCC's installed names:
 * [TRIPLET-]FRONT[-SUFFIX], FRONT being xgcc, xg++, gcc, g++, cc or c++
 * and SUFFIX a version or program suffix: "g++-12", and
 * "x86_64-w64-mingw32-g++-xgcc", the form CMake takes a cross toolchain's
 * prefix from.  A word of SUFFIX that is a configured backend's thread
 * model asks for that model, as Debian's x86_64-w64-mingw32-gcc-posix
 * does: "x86_64-w64-mingw32-xgcc-posix".  Sets *TRIPLET and
 * *THREAD_MODEL (NULL: none) and *CXX (a C++ front). */
static void parse_driver_name(const char *prog, char **triplet, char **thread_model, int *cxx)
{
	static const char *const fronts[] = { "xgcc", "xg++", "gcc", "g++", "cc", "c++" };
	*triplet = NULL;
	*thread_model = NULL;
	*cxx = 0;
	for (const char *p = prog;;) {
		const char *dash = strchr(p, '-');
		size_t n = dash ? (size_t)(dash - p) : strlen(p);
		for (size_t i = 0; i < sizeof fronts / sizeof *fronts; i++)
			if (strlen(fronts[i]) == n && strncmp(p, fronts[i], n) == 0) {
				if (p > prog)
					*triplet = xstrndup(prog, (size_t)(p - 1 - prog));
				*cxx = strchr(fronts[i], '+') != NULL;
				struct strvec suffix = { 0 };
				strvec_split(&suffix, dash ? dash + 1 : "", '-');
				for (size_t k = 0; k < suffix.n; k++)
					if (!*thread_model && backend_thread_model_known(suffix.v[k]))
						*thread_model = xstrdup(suffix.v[k]);
				strvec_free(&suffix);
				return;
			}
		if (!dash)
			return;
		p = dash + 1;
	}
}

/* Pick the backend and the target row: -target/--target=, else the
 * driver's name (NAME_TRIPLET), else XGCC_TARGET (a driver run again by the LTO stage
 * under its plain name), else the native one; among the target's
 * thread-model variants the one NAME_THREAD_MODEL names, else as
 * lib/backend.h says.  The children learn the choice through XGCC_TARGET
 * and XGCC_THREAD_MODEL. */
void select_target(struct driver *d, const char *option_triplet)
{
	const char *triplet = option_triplet;
	const char *name_thread_model = d->name_thread_model;
	if (!triplet)
		triplet = d->name_triplet;
	if (!triplet && getenv("XGCC_TARGET") && *getenv("XGCC_TARGET"))
		triplet = getenv("XGCC_TARGET");
	if (!triplet)
		triplet = backends[0]->triplet;
	if (!backend_select_thread_model(triplet, name_thread_model, d->cxx)) {
		/* the configured triplets, each once; or the thread models of TRIPLET */
		int target_known = name_thread_model && backend_select(triplet);
		char *buf = NULL;
		size_t len = 0;
		FILE *f = open_memstream(&buf, &len);
		for (size_t i = 0, n = 0; i < nbackends; i++) {
			const struct backend *b = backends[i];
			size_t j = 0;
			while (j < i && strcmp(backends[j]->triplet, b->triplet) != 0)
				j++;
			if (target_known && strcmp(b->triplet, backend_triplet()) == 0)
				fprintf(f, "%s%s", n++ ? ", " : "", b->thread_model);
			else if (!target_known && j == i)
				fprintf(f, "%s%s", n++ ? ", " : "", b->triplet);
		}
		fclose(f);
		if (target_known)
			stop("the %s thread model of target %s is not configured in this xgcc (configured: %s)",
			     name_thread_model, backend_triplet(), buf);
		stop("target %s is not configured in this xgcc (configured: %s; see --enable-targets)", triplet, buf);
	}
	d->target = target_find(backend_triplet());
	if (!d->target)
		fatal("target %s is not supported by this xgcc", backend_triplet());
	setenv("XGCC_TARGET", backend_triplet(), 1);
	setenv("XGCC_THREAD_MODEL", backend_thread_model(), 1);
}

int main(int argc, char **argv)
{
	struct driver d = { 0 };
	diag_init(argv[0]);
	diag_color_args(argc, argv);
	temp_init();
	d.argv0 = argv[0];
	parse_driver_name(diag_progname(), &d.name_triplet, &d.name_thread_model, &d.cxx);
	d.self_dir = self_directory(argv[0]);
	env_dirs("LIBRARY_PATH", &d.library_path);
	env_dirs("COMPILER_PATH", &d.compiler_path);
	setenv("COLLECT_GCC", argv[0], 1);

	parse_command_line(&d, argc, argv);
	check_debug_options(&d);
	executable_suffix(&d);
	driver_options(&d);
	select_multilib(&d);
	machine_self_specs(&d);
	read_user_specs(&d);
	report_unrecognized(&d);
	/* gcc -v and -### without inputs print the configuration and stop
	 * there, with status 0 even after errors (gcc's maybe_print_and_exit) */
	int nothing_in = d.ninputs == 0 && d.nlink_items == 0;
	/* g++spec.cc's libraries count as inputs for -v and -###, but only
	 * -static-libstdc++'s -Bstatic/-Bdynamic words make a link of them */
	int gxx_libs = d.cxx && d.cxx_library > 0, gxx_words = d.cxx_library == 2 && !has_opt(&d, OPT_static);
	/* gcc hands --help=CLASS, --target-help and --help -v to its
	 * programs: cc1 lists its options (with -Q their values under the
	 * other options), as and ld theirs */
	if (nothing_in && (has_opt(&d, OPT_help_eq) || has_opt(&d, OPT_target_help) ||
			   (has_opt(&d, OPT_help) && d.verbose))) {
		add_help_dummy(&d);
		nothing_in = 0;
	}
	/* gcc's maybe_print_and_exit: after the errors about the options,
	 * the queries are answered (with status 0, as gcc), and a command
	 * without inputs still ends in "no input files" */
	int option_errors = diag_error_count();
	if (print_info(&d))
		return diag_error_count() > option_errors ? 1 : 0;

	if (nothing_in && !(gxx_libs && gxx_words)) {
		if ((d.verbose || d.dry_run) && !gxx_libs) {
			print_version_header(&d);
			return 0;
		}
		fatal("no input files");
	}
	if (option_errors)
		return 1;
	excess_precision_check(&d);
	check_plugins(&d);
	dump_final_insns_self_spec(&d);
	compare_debug_options(&d);
	offload_options(&d);
	size_t bad_langs = check_languages(&d, 0);
	check_inputs(&d);
	if (diag_error_count())
		return 1;
	resolve_inputs(&d);
	if (d.verbose || d.dry_run)
		print_version_header(&d);
	check_one_output(&d);
	check_languages(&d, 1);
	char *as_opts = collect_as_options(&d);
	if (as_opts)
		setenv("COLLECT_AS_OPTIONS", as_opts, 1);
	/* cc1 reads them: with -fopenmp its target regions get offload
	 * sections for these targets, as under gcc */
	if (d.offload_targets && *d.offload_targets) {
		setenv("OFFLOAD_TARGET_NAMES", d.offload_targets, 1);
		if (d.offload_default)
			setenv("OFFLOAD_TARGET_DEFAULT", "1", 1);
	}
	expand_native(&d);

	struct plan p;
	struct planner pl;
	plan_start(&pl, &p, &d);
	for (size_t i = 0; i < d.ninputs; i++)
		if (d.inputs[i].bad_lang)
			plan_bad_language(&pl, i);
		else
			plan_input(&pl, i);
	/* --help=CLASS links nothing (gcc's print_subprocess_help 2) */
	int linking = d.stop == STOP_LINK && !bad_langs && !opt_on(&d, "-fsyntax-only") &&
		      !has_opt(&d, OPT_help_eq) && has_link_input(&d, &p);
	if (linking)
		plan_link(&pl);
	if (!bad_langs)
		if (!has_opt(&d, OPT_help_eq))
			plan_link_trailer(&pl, linking);
	plan_finish(&pl);
	p.errors_before += (int)bad_langs; /* named again where they are, stopping nothing */
	int status = run_plan(&p);
	if (bad_langs)
		return 1;
	if (!linking && status == 0 && !diag_error_count())
		status = warn_unused_link_inputs(&d);
	return status;
}
