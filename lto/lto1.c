/* lto1: xgcc's link-time stage.
 *
 * collect2 runs "lto1 --link DESC LIST --tempdir DIR" before ld when the
 * link has LTO inputs.  DESC describes the link, one record a line:
 *
 *   mode exec|pie|dyn|rel     what ld makes
 *   export-dynamic            -E / --export-dynamic
 *   undefined SYM             -u, -e: a reference from outside the inputs
 *   wrap SYM                  --wrap=SYM
 *   export PATTERN            --export-dynamic-symbol, --dynamic-list entries,
 *                             the EXPORTS of a PE .def file (raw names)
 *   lto PATH                  an LTO input ("a.o", "lib.a@0x1a2c")
 *   obj PATH / dso PATH       a non-LTO object or member / shared library,
 *   s K NAME                  followed by its symbols: K is D (defined),
 *                             W (weak), C (common), U (reference), w (weak ref)
 *
 * the units in the order ld loads them.  In the values a newline is
 * written as backslash-n and a backslash doubled, so that any file name
 * fits a line.
 * The link-time options come, as
 * for GCC's lto-wrapper, from COLLECT_GCC_OPTIONS.  lto1 reads the LTO
 * inputs (read.c), merges the options they were compiled with (opts.c),
 * writes the resolution file (resolve.c), runs the backend (run.c), or
 * for a relocatable link merges the modules into one LTO object
 * (merge.c), and writes the objects for ld to LIST, each followed by a NUL.
 * Temporary files go to DIR, which collect2 removes; with -save-temps
 * they are named after the output and kept.  A bigobj COFF input reaches
 * the backend as a plain COFF copy of its LTO sections, PREFIXbigobjN.o.
 *
 * lto1 also answers --list FILE... (list.c) and --merge -o OUT FILE...
 */
#include "config.h"

#include "lto1.h"
#include "about.h"
#include "diag.h"
#include "fileinfo.h"
#include "stagetime.h"
#include "tempfile.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void read_description(const char *path, struct link_desc *d)
{
	struct strvec lines = { 0 };
	if (strvec_read_lines(&lines, path) < 0)
		fatal("cannot read %s: %m", path);
	struct unit *cur = NULL;
	for (size_t li = 0; li < lines.n; li++) {
		char *line = lines.v[li];
		size_t len = strlen(line);
		char *sp = strchr(line, ' ');
		char *val = sp ? sp + 1 : line + len; /* writable: unescaped in place */
		for (char *r = val, *w = val;; r++, w++) {
			if (*r == '\\' && (r[1] == 'n' || r[1] == '\\'))
				*w = *++r == 'n' ? '\n' : '\\';
			else if (!(*w = *r))
				break;
		}
		size_t klen = sp ? (size_t)(sp - line) : (size_t)len;
#define IS(word) (klen == strlen(word) && !strncmp(line, word, klen))
		if (IS("s") && cur && strlen(val) > 2) {
			cur->syms = xrealloc(cur->syms, (cur->nsyms + 1) * sizeof *cur->syms);
			cur->syms[cur->nsyms++] = (struct plain_sym){ xstrdup(val + 2), val[0] };
		} else if (IS("lto") || IS("obj") || IS("dso")) {
			d->units = xrealloc(d->units, (d->nunits + 1) * sizeof *d->units);
			cur = &d->units[d->nunits++];
			memset(cur, 0, sizeof *cur);
			cur->kind = IS("lto") ? UNIT_LTO : IS("obj") ? UNIT_OBJ : UNIT_DSO;
			cur->path = xstrdup(val);
		} else if (IS("mode")) {
			d->mode = !strcmp(val, "rel") ? MODE_REL : !strcmp(val, "dyn") ? MODE_DYN
				: !strcmp(val, "pie") ? MODE_PIE : MODE_EXEC;
		} else if (IS("export-dynamic")) {
			d->export_dynamic = 1;
		} else if (IS("allow-multiple-definition")) {
			d->allow_multiple = 1;
		} else if (IS("undefined")) {
			strvec_push(&d->undefined, xstrdup(val));
		} else if (IS("wrap")) {
			strvec_push(&d->wraps, xstrdup(val));
		} else if (IS("export")) {
			strvec_push(&d->exported, xstrdup(val));
		} else if (IS("local")) {
			strvec_push(&d->locals, xstrdup(val));
		} else {
			fatal("%s: bad line '%s'", path, line);
		}
#undef IS
	}
}

/* What the link line says to the LTO stage. */
struct link_options {
	struct strvec all;       /* COLLECT_GCC_OPTIONS, split */
	const char *output;      /* -o, default a.out */
	const char *dumpdir;     /* -dumpdir, or NULL */
	const char *jobs;        /* -flto=VALUE */
	const char *partition;   /* -flto-partition=VALUE */
	int save_temps, verbose, verify;
	int dumps;               /* -fdump-*, -fstack-usage, -fcallgraph-info: files named by -dumpbase */
	int nolto_rel, rel;      /* -flinker-output=nolto-rel, =rel given */
	int fat;                 /* -ffat-lto-objects (the last of it and -fno-) */
	int no_plugin;           /* -fno-use-linker-plugin (the last of it and -fuse-): gcc's
				  * collect2 runs lto-wrapper itself, with no resolution file */
};

static void read_link_options(struct link_options *o)
{
	memset(o, 0, sizeof *o);
	lto_link_options_from_env(&o->all);
	o->output = "a.out";
	for (size_t i = 0; i < o->all.n; i++) {
		const char *a = o->all.v[i];
		if (!strcmp(a, "-o") && i + 1 < o->all.n)
			o->output = o->all.v[++i];
		else if (!strcmp(a, "-dumpdir") && i + 1 < o->all.n)
			o->dumpdir = o->all.v[++i];
		else if (!strncmp(a, "-flto=", 6))
			o->jobs = a + 6;
		else if (!strcmp(a, "-flto"))
			o->jobs = NULL;
		else if (!strncmp(a, "-flto-partition=", 16))
			o->partition = a + 16;
		else if (!strcmp(a, "-save-temps") || !strncmp(a, "-save-temps=", 12))
			o->save_temps = 1;
		else if (!strcmp(a, "-v"))
			o->verbose = 1;
		else if (!strncmp(a, "-fdump-", 7) || !strcmp(a, "-fstack-usage") ||
			 !strncmp(a, "-fcallgraph-info", 16))
			o->dumps = 1;
		else if (!strcmp(a, "-flinker-output=nolto-rel"))
			o->nolto_rel = 1, o->rel = 0;
		else if (!strcmp(a, "-flinker-output=rel"))
			o->rel = 1, o->nolto_rel = 0;
		else if (!strcmp(a, "-ffat-lto-objects") || !strcmp(a, "-fno-fat-lto-objects"))
			o->fat = a[2] != 'n';
		else if (!strcmp(a, "-fuse-linker-plugin") || !strcmp(a, "-fno-use-linker-plugin"))
			o->no_plugin = a[2] == 'n';
	}
	/* Every stream is decompressed once before the backend sees it: a
	 * damaged object is then named, never met as a backend crash.  It
	 * costs little next to the backend (zstd decompresses at GB/s);
	 * XGCC_LTO_VERIFY=0 leaves the check to when the backend fails. */
	const char *v = getenv("XGCC_LTO_VERIFY");
	o->verify = !v || strcmp(v, "0") != 0;
}

/* One link, in lld's LTO shape: config (what the link and its options
 * say), add (the LTO inputs read), compile (resolution and the backend,
 * or the -r merge); everything the steps share is here. */
struct lto_link {
	struct link_desc desc;          /* collect2's description */
	struct link_options opts;       /* COLLECT_GCC_OPTIONS */
	const char *prefix;             /* the files' names: "TMPDIR/p.", "p." */
	const char *res_prefix;         /* the resolution file's */
	int fat_rel;                    /* -r -ffat-lto-objects on PE-COFF */
	struct lto_module_opts *mods;   /* every module's options, in link order */
	size_t nmods;
	struct run_plan run;            /* the backend runs */
	enum obj_format format;         /* the inputs' (collect2 gives one format) */
	struct strvec kept_comdats;     /* the COMDAT groups ld would keep for the modules */
	struct strvec outputs;          /* the objects for ld */
};

/* config: the description, the options, the names of the files. */
static void link_config(struct lto_link *c, const char *desc_path, const char *tempdir)
{
	struct link_options *o = &c->opts;
	read_description(desc_path, &c->desc);
	read_link_options(o);
	char *prefix = o->save_temps ? o->dumpdir ? xstrdup(o->dumpdir) : xasprintf("%s.", o->output)
				     : xasprintf("%s/%s.", tempdir, file_base_name(o->output));
	/* the WPA lists its partitions one per line: no newline in their
	 * names, whatever the output's name holds */
	for (char *ch = strrchr(prefix, '/') ? strrchr(prefix, '/') : prefix; *ch; ch++)
		if (*ch == '\n')
			*ch = '_';
	c->prefix = prefix;
	/* the resolution is the linker plugin's file: kept under
	 * -save-temps only where gcc has one */
	c->res_prefix = o->save_temps && o->no_plugin ? xasprintf("%s/%s.", tempdir, file_base_name(o->output))
						      : prefix;

}

/* add: read every LTO input, check its streams, gather its modules'
 * options. */
static int link_add(struct lto_link *c, const char *desc_path)
{
	struct link_desc *d = &c->desc;
	for (size_t u = 0; u < d->nunits; u++) {
		struct unit *un = &d->units[u];
		if (un->kind != UNIT_LTO)
			continue;
		un->lto = xcalloc(1, sizeof *un->lto);
		if (lto_read_input(un->path, un->lto))
			return 1;
		if (c->opts.verify && lto_check_streams(un->lto))
			return 1;
		strvec_push(&c->run.inputs, un->path);
		for (size_t m = 0; m < un->lto->nmods; m++) {
			c->mods = xrealloc(c->mods, (c->nmods + 1) * sizeof *c->mods);
			c->mods[c->nmods++] = (struct lto_module_opts){ .file = un->path, .opts = un->lto->mods[m].opts,
									.abi = lto_object_abi(un->lto->f) };
			/* the driver's -flto-cache compile drops the positions
			 * (lto/stable-order.cc), and its plugin argument says so */
			if (!strstr(un->lto->mods[m].opts, "-drop-locations'"))
				c->run.positioned_bodies = 1;
		}
	}
	if (!c->run.inputs.n)
		fatal("%s: no LTO inputs", desc_path);
	return 0;
}

/* The backend's view of the link: merged options, plain copies of bigobj
 * inputs, the resolution, and how to run. */
static int plan_runs(struct lto_link *c)
{
	struct link_options *o = &c->opts;
	struct run_plan *p = &c->run;
	lto_merge_options(c->mods, c->nmods, &o->all, &p->opts);
	if (diag_error_count())
		return 1; /* the modules cannot be linked together: said why */
	/* bigobj inputs: the backend's LTO reader knows only plain COFF,
	 * so it gets a plain copy of their LTO sections (merge.c) */
	c->format = OBJ_ELF;
	for (size_t u = 0, k = 0; u < c->desc.nunits; u++) {
		struct unit *un = &c->desc.units[u];
		if (un->kind != UNIT_LTO)
			continue;
		c->format = obj_format(un->lto->f);
		if (obj_kind(un->lto->f) == OBJK_COFF_BIGOBJ) {
			char *copy = xasprintf("%sbigobj%zu.o", c->prefix, k);
			if (lto_plain_coff_copy(un->path, copy))
				return 1;
			un->lto->name = copy;
			p->inputs.v[k] = copy;
		}
		k++;
	}
	char *res = xasprintf("%sres", c->res_prefix);
	lto_resolve(&c->desc, res, &c->kept_comdats);
	p->output = o->output;
	p->driver = getenv("COLLECT_GCC");
	if (!p->driver || !*p->driver)
		fatal("COLLECT_GCC is not set: lto1 runs under collect2, from xgcc");
	p->resolution = res;
	static const char *const outputs_of[] = { "exec", "pie", "dyn", "rel" };
	p->linker_output = o->nolto_rel ? "nolto-rel" : outputs_of[c->desc.mode];
	p->prefix = c->prefix;
	p->jobs_spec = o->jobs;
	p->partition = c->fat_rel ? "none" : o->partition;
	/* with a directory, "./" if need be, as lto-wrapper does: the
	 * driver of a backend run puts a -dumpbase without one in the
	 * dumpdir of its -o, collect2's temporary directory */
	p->dump_prefix = o->dumpdir ? o->dumpdir : xasprintf("%s.", o->output);
	if (!strchr(p->dump_prefix, '/'))
		p->dump_prefix = xasprintf("./%s", p->dump_prefix);
	p->dumps = o->dumps;
	p->save_temps = o->save_temps;
	p->no_plugin = o->no_plugin;
	p->verbose = o->verbose;
	return 0;
}

/* What a -r link writes.  With non-LTO objects too, merged IR beside
 * their code would lose that code at the next LTO link (the object is
 * then an LTO input), so the LTO inputs are compiled, as GCC's plugin
 * decides.  -r -ffat-lto-objects on PE-COFF: one backend run of
 * incremental-link mode writes the merged IR and its code into one
 * object, as GCC's plugin has it done (-flinker-output=rel, no WPA); the
 * merged object then links with -flto and, through its code, without.
 * (ELF keeps the slim merge.) */
static void choose_rel_output(struct lto_link *c)
{
	struct link_options *o = &c->opts;
	int plain_objects = 0;
	for (size_t u = 0; u < c->desc.nunits; u++)
		plain_objects |= c->desc.units[u].kind == UNIT_OBJ;
	if (c->desc.mode == MODE_REL && !o->nolto_rel && plain_objects) {
		if (o->rel)
			diag(DIAG_WARNING, "-flinker-output=rel with non-LTO inputs would lose their code at the "
			     "next LTO link; using -flinker-output=nolto-rel");
		else
			diag(DIAG_WARNING, "incremental linking of LTO and non-LTO objects; using "
			     "-flinker-output=nolto-rel which will bypass whole program optimization");
		o->nolto_rel = 1;
	}
	for (size_t u = 0; u < c->desc.nunits && c->desc.mode == MODE_REL && !o->nolto_rel && o->fat; u++)
		if (c->desc.units[u].kind == UNIT_LTO) {
			c->fat_rel = obj_format(c->desc.units[u].lto->f) == OBJ_COFF;
			break;
		}
}

/* compile: the objects for ld, in c->outputs. */
static int link_compile(struct lto_link *c)
{
	choose_rel_output(c);
	if (c->desc.mode == MODE_REL && !c->opts.nolto_rel && !c->fat_rel) {
		/* -r: the modules, merged into one LTO object */
		stage_begin("merge (-r)");
		char *merged = xasprintf("%slto.o", c->prefix);
		if (lto_merge_objects(c->run.inputs.v, c->run.inputs.n, merged))
			return 1;
		strvec_push(&c->outputs, merged);
		return 0;
	}
	stage_begin("resolution");
	if (plan_runs(c))
		return 1;
	if (lto_run_backend(&c->run)) {
		/* a backend failure may come from a damaged input: name it */
		if (!c->opts.verify)
			for (size_t u = 0; u < c->desc.nunits; u++)
				if (c->desc.units[u].kind == UNIT_LTO && lto_check_streams(c->desc.units[u].lto))
					break;
		return 1;
	}
	/* ld reads them as ordinary objects: make them what it makes of the
	 * files GCC's plugin gives it, where gcc's link would have one */
	if (c->format == OBJ_ELF && !c->opts.no_plugin &&
	    lto_ld_view(c->desc.mode != MODE_REL ? &c->kept_comdats : NULL, c->prefix, &c->run.outputs))
		return 1;
	c->outputs = c->run.outputs;
	/* the early debug info of -g inputs, after the LTRANS objects */
	stage_begin("debug info");
	return lto_debug_objects(&c->desc, &c->opts.all, c->prefix, strcmp(c->run.linker_output, "rel") != 0,
				 &c->outputs);
}

/* The objects for ld to LIST_PATH, a NUL after each name: an output
 * name may hold a newline. */
static void write_object_list(const struct strvec *outputs, const char *list_path)
{
	FILE *f = fopen(list_path, "w");
	if (!f)
		fatal("cannot write %s: %m", list_path);
	for (size_t i = 0; i < outputs->n; i++)
		fprintf(f, "%s%c", outputs->v[i], 0);
	if (fclose(f) != 0)
		fatal("cannot write %s: %m", list_path);
}

static int link_stage(const char *desc_path, const char *list_path, const char *tempdir)
{
	struct lto_link c = { 0 };
	link_config(&c, desc_path, tempdir);
	if (stage_report_wanted())
		stage_report_enable();
	stage_begin("scan");
	if (link_add(&c, desc_path) || link_compile(&c))
		return 1;
	stage_begin(NULL);
	write_object_list(&c.outputs, list_path);
	return 0;
}

static void lto1_usage(void)
{
	printf("Usage: lto1 --link DESCRIPTION LIST --tempdir DIR\n"
	       "       lto1 --list FILE...\n"
	       "       lto1 --merge -o OUTPUT FILE...\n"
	       "       lto1 --merge-options ...\n"
	       "xgcc's link-time stage, run by collect2 (--link): it resolves the symbols of\n"
	       "the LTO inputs, runs the backend's lto1 for WPA and LTRANS, and lists the\n"
	       "objects for ld in LIST.  --list describes LTO objects and archives, --merge\n"
	       "joins LTO objects into one (xgcc -flto -r).\n\n"
	       "  --help       Display this information.\n"
	       "  --version    Display version information.\n");
	about_help_footer();
}

int main(int argc, char **argv)
{
	diag_init(argv[0]);
	temp_init();
	temp_die_with_parent();
	if (argc == 2 && strcmp(argv[1], "--version") == 0) {
		about_version("xgcc", PACKAGE_VERSION);
		return 0;
	}
	if (argc == 2 && strcmp(argv[1], "--help") == 0) {
		lto1_usage();
		return 0;
	}
	if (argc > 1 && strcmp(argv[1], "--list") == 0) {
		if (argc < 3)
			fatal("--list needs at least one file");
		return lto_list(argc - 2, argv + 2);
	}
	if (argc > 2 && strcmp(argv[1], "--merge-options") == 0)
		return lto_merge_options_main(argc - 2, argv + 2);
	/* lto1 --merge -o OUT INPUT...: the LTO object of "xgcc -flto -r" */
	if (argc > 4 && strcmp(argv[1], "--merge") == 0 && strcmp(argv[2], "-o") == 0)
		return lto_merge_objects(argv + 4, (size_t)argc - 4, argv[3]);
	if (argc == 6 && strcmp(argv[1], "--link") == 0 && strcmp(argv[4], "--tempdir") == 0) {
		/* the partitions and objects in collect2's directory go with a
		 * failed or stopped lto1: collect2 may be gone (kill -9) */
		temp_failure_dir(argv[5]);
		return link_stage(argv[2], argv[3], argv[5]);
	}
	fatal("usage: lto1 --link DESCRIPTION LIST --tempdir DIR (run by collect2), "
	      "lto1 --list FILE..., lto1 --merge -o OUT FILE...");
}
