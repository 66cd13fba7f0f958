/* xgcc, xg++: a gcc-compatible compiler driver.
 *
 * main() reads the command line (options.c, which also picks the target)
 * and resolves it into struct driver, one step after another in gcc's
 * order: the driver's own options, the multilib, the spec files, the
 * answers to -print-* and -v queries, the self specs that change options
 * (-fdump-final-insns), -fcompare-debug and -foffload=, the checks of
 * the inputs, the names of dump files, and what -march=native means
 * here.  Then it plans the whole run from it: the commands that compile
 * and assemble each input (compile.c) and the collect2 line (link.c), as
 * data (struct plan), which run.c carries out.  The temporary files go
 * on every exit path (lib/tempfile.c).
 */
#include "config.h"

#include "driver.h"
#include "gccopt.h"
#include "diag.h"
#include "fileinfo.h"
#include "host.h"
#include "tempfile.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static void env_dirs(const char *var, struct strvec *out)
{
	struct strvec parts = { 0 };
	strvec_split(&parts, getenv(var), host_facts.path_list_sep);
	for (size_t i = 0; i < parts.n; i++) {
		size_t len = strlen(parts.v[i]);
		strvec_push(out, host_is_dir_sep(parts.v[i][len - 1]) ? parts.v[i] : xasprintf("%s/", parts.v[i]));
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
		if (!opt_kind(o, 'm'))
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
		if (opt_is(o, "-v"))
			d->verbose = 1;
		else if (opt_is(o, "-###"))
			d->dry_run = 1;
		else if (opt_is(o, "-pipe"))
			d->use_pipe = 1;
		else if (opt_is(o, "-time"))
			d->time_report = 1;
		else if (opt_is(o, "-Q"))
			d->quiet = 0;
		/* GCC 12: plain -save-temps puts the files beside the output;
		 * it does not undo an earlier -save-temps=cwd */
		else if (opt_is(o, "-save-temps"))
			d->save_temps = d->save_temps ? d->save_temps : SAVE_OBJ;
		else if (opt_is(o, "-save-temps="))
			d->save_temps = strcmp(o->arg, "cwd") == 0 ? SAVE_CWD : SAVE_OBJ;
		else if (opt_is(o, "-B"))
			add_bprefix(d, o->arg);
		else if (opt_is(o, "-wrapper"))
			strvec_split(&d->wrapper, o->arg, ',');
		else if (opt_is(o, "--sysroot="))
			d->sysroot = o->arg;
		else if (opt_is(o, "-o"))
			d->output = o->arg;
	}
	if (has_opt(d, "-E") || has_opt(d, "-M") || has_opt(d, "-MM"))
		d->stop = STOP_E;
	else if (has_opt(d, "-S"))
		d->stop = STOP_S;
	else if (has_opt(d, "-c"))
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

static int same_file(const char *a, const char *b) { return file_same(a, b); }

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
		if (opt_is(&d->opts[i], "-save-temps=") || opt_is(&d->opts[i], "-dumpdir"))
			save_temps_last = opt_is(&d->opts[i], "-save-temps=");
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
	const struct opt *dd = last_opt(d, "-dumpdir"), *db = last_opt(d, "-dumpbase");
	const struct opt *dx = last_opt(d, "-dumpbase-ext");
	const char *out = d->output, *ext = dx ? dx->arg : NULL;
	int have_c = has_opt(d, "-c") || has_opt(d, "-S") || has_opt(d, "-E");
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
	int stop_given = has_opt(d, "-c") || has_opt(d, "-S") || has_opt(d, "-E");
	if (d->output && stop_given && d->ncompiled > 1 && !d->combine)
		diag(DIAG_FATAL, "cannot specify %s with %s, %s or %s with multiple files", diag_q("-o"),
		     diag_q("-c"), diag_q("-S"), diag_q("-E"));
}

/* gcc's convert_filename() where executables end in ".exe" (the PE
 * targets): unless -c, -S or -E is given, an -o NAME whose last component
 * has no '.' becomes NAME.exe, for ld and in COLLECT_GCC_OPTIONS alike. */
static void executable_suffix(struct driver *d)
{
	if (d->target->format != OBJ_COFF || has_opt(d, "-c") || has_opt(d, "-S") || has_opt(d, "-E"))
		return;
	for (size_t i = 0; i < d->nopts; i++) {
		struct opt *o = &d->opts[i];
		if (opt_is(o, "-o") && !not_actual_file(o->arg) && !strchr(file_base_name(o->arg), '.'))
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

int main(int argc, char **argv)
{
	struct driver d = { 0 };
	diag_init(argv[0]);
	diag_color_args(argc, argv);
	temp_init();
	d.argv0 = argv[0];
	parse_driver_name(file_program_name(argv[0]), &d.name_triplet, &d.name_thread_model, &d.cxx);
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
	int gxx_libs = d.cxx && d.cxx_library > 0, gxx_words = d.cxx_library == 2 && !has_opt(&d, "-static");
	/* gcc hands --help=CLASS, --target-help and --help -v to its
	 * programs: cc1 lists its options (with -Q their values under the
	 * other options), as and ld theirs */
	if (nothing_in && (has_opt(&d, "--help=") || has_opt(&d, "--target-help") ||
			   (has_opt(&d, "--help") && d.verbose))) {
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
	driver_self_specs(&d);
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
		      !has_opt(&d, "--help=") && has_link_input(&d, &p);
	if (linking)
		plan_link(&pl);
	if (!bad_langs)
		if (!has_opt(&d, "--help="))
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
