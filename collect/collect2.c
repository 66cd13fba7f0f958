/* collect2: the link step that the driver runs.
 *
 * gcc's driver never runs ld itself: it runs collect2 with the final link
 * line, and collect2 runs ld.  xgcc keeps that shape so that its LTO stage
 * can sit between the two without a linker plugin.  collect2 takes out
 * the options meant for it (-flto*, -fno-lto, -fuse-ld=), reads the rest
 * as ld will (ldargs.c), scans the inputs for LTO IR and selects the
 * archive members the link pulls in (scan.c), and runs ld once, through a
 * response file when it was given one itself.  ld and nm are found the
 * way GCC's collect2 finds ld: COMPILER_PATH, then PATH.
 *
 * When the inputs hold LTO IR (objects, or members the link pulls from
 * archives), collect2 runs xgcc's lto1 on them before the one and only
 * ld, telling it the link mode and the symbols of every other input so
 * that it can resolve symbols as a linker plugin would; ld then gets
 * lto1's objects in place of the LTO inputs, where a plugin's ld reads
 * them, and a line that makes of them the plugin link's program
 * (archives.c; the manual's "What ld gets").  On PE-COFF, a DLL link
 * also gets --exclude-symbols for the private symbols the LTRANS objects
 * define, every link the IR's symbols as ld's table has them from the
 * plugin (ir_symbols), and a -r link of LTO objects alone is lto1's
 * merged object itself, without ld.
 */
#include "config.h"

#include "about.h"
#include "diag.h"
#include "stagetime.h"
#include "fileinfo.h"
#include "host.h"
#include "inputs.h"
#include "namemap.h"
#include "obj.h"
#include "respfile.h"
#include "process.h"
#include "strvec.h"
#include "target.h"
#include "tempfile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* A binutils program, found as gcc's collect2 finds it: in the compiler
 * directories (COMPILER_PATH, which the driver sets) under each of NAMES,
 * plain names such as "real-ld" and "ld" (a cross toolchain keeps its ld
 * in TARGET/bin there; NAME.exe on Windows); else TOOL_PREFIX-NAME from PATH, NAME being the
 * last of NAMES (x86_64-pc-cygwin-ld for a cross linker). */
static char *find_tool(const char *const *names, size_t nnames, const char *tool_prefix)
{
	struct strvec dirs = { 0 };
	strvec_split(&dirs, getenv("COMPILER_PATH"), host_facts.path_list_sep);
	char *found = NULL;
	for (size_t n = 0; n < nnames && !found; n++)
		for (size_t i = 0; i < dirs.n && !found; i++) {
			char *p = xasprintf("%s/%s%s", dirs.v[i], names[n], host_facts.exe_suffix);
			if (file_is_exec(p))
				found = p;
			else
				free(p);
		}
	for (size_t i = 0; i < dirs.n; i++)
		free(dirs.v[i]);
	strvec_free(&dirs);
	return found ? found : xasprintf("%s%s", tool_prefix, names[nnames - 1]); /* PATH */
}

/* What the scan found: with -v one line per LTO input; with
 * XGCC_COLLECT2_TRACE=1 also every archive member pulled, in the form of
 * ld -t -t ("(ARCHIVE)MEMBER"). */
static void report_scan(const struct link *l)
{
	int trace = l->trace;
	for (size_t i = 0; i < l->ninputs; i++) {
		const struct input *in = &l->inputs[i];
		if (in->lto && (l->verbose || trace))
			fprintf(stderr, "collect2: LTO input: %s (%s)\n", in->path, in->slim ? "slim" : "fat");
		for (size_t m = 0; m < in->nmembers; m++) {
			const struct member *mem = &in->members[m];
			if (!mem->pulled)
				continue;
			if (trace)
				fprintf(stderr, "collect2: pulled (%s)%s at %s\n", in->path, mem->m.name, mem->path);
			if (mem->lto && (l->verbose || trace))
				fprintf(stderr, "collect2: LTO input: %s (%s, member %s)\n", mem->path,
					mem->slim ? "slim" : "fat", mem->m.name);
		}
	}
}

/* lto1 sits next to collect2 (in the build tree and in libexec/xgcc);
 * COMPILER_PATH would find the backend's own lto1 first. */
static char *find_lto1(const char *argv0)
{
	char *p = xasprintf("%s/lto1%s", self_directory(argv0), host_facts.exe_suffix);
	if (!file_is_exec(p))
		fatal("cannot find xgcc's lto1: %s is missing", p);
	return p;
}

/* A value of the description, on one line: newline and backslash
 * escaped (lto/lto1.c reads them back). */
static void put_value(FILE *f, const char *key, const char *v)
{
	fprintf(f, "%s ", key);
	for (; *v; v++)
		if (*v == '\n' || *v == '\\')
			fprintf(f, "\\%c", *v == '\n' ? 'n' : '\\');
		else
			fputc(*v, f);
	fputc('\n', f);
}

/* The link as lto1 needs it for resolution: the mode, the references
 * from outside the inputs, and every unit in the order ld loads it, with
 * the symbols of the non-LTO ones. */
static void write_link_description(const struct link *l, const char *path)
{
	FILE *f = fopen(path, "w");
	if (!f)
		fatal("cannot write %s: %m", path);
	fprintf(f, "mode %s\n", l->relocatable ? "rel" : l->shared ? "dyn" : l->pie ? "pie" : "exec");
	if (l->export_dynamic)
		fprintf(f, "export-dynamic\n");
	if (l->allow_multiple)
		fprintf(f, "allow-multiple-definition\n");
	for (size_t i = 0; i < l->undefined.n; i++)
		put_value(f, "undefined", l->undefined.v[i]);
	for (size_t i = 0; i < l->wraps.n; i++)
		put_value(f, "wrap", l->wraps.v[i]);
	for (size_t i = 0; i < l->exported.n; i++)
		put_value(f, "export", l->exported.v[i]);
	struct strvec locals = { 0 };
	version_script_locals(l, &locals);
	for (size_t i = 0; i < locals.n; i++)
		put_value(f, "local", locals.v[i]);
	for (size_t i = 0; i < l->nloaded; i++) {
		const struct loaded *u = &l->loaded[i];
		put_value(f, u->lto ? "lto" : u->dso ? "dso" : "obj", u->path);
		if (u->lto)
			continue;
		for (size_t k = 0; k < u->nsyms; k++) {
			const struct link_sym *s = &u->syms[k];
			char kind = !s->defined ? (s->weak ? 'w' : 'U')
				    : s->common ? 'C' : s->weak ? 'W' : s->comdat ? 'K' : 'D';
			put_value(f, (char[]){ 's', ' ', kind, 0 }, s->name);
		}
	}
	if (fclose(f) != 0)
		fatal("cannot write %s: %m", path);
}

/* A DLL exports every global symbol when nothing says dllexport (ld's
 * auto-export), and PE-COFF has no hidden visibility: the statics that
 * LTO partitioning made global, NAME.lto_priv.N, would be exported with
 * names that change from build to build.  ld is told to leave out those
 * the LTRANS objects define, as ELF hides them. */
static void exclude_private_exports(const struct link *l, const struct ld_edit *e, struct strvec *ld_args)
{
	struct strvec names = { 0 };
	size_t plen = strlen(l->target->symbol_prefix), len = 0;
	for (size_t i = 0; i < e->nobject_syms; i++) {
		const struct link_sym *s = &e->object_syms[i];
		if (!s->defined || s->common || !strstr(s->name, ".lto_priv."))
			continue;
		/* auto-export names are C names, without the target's prefix */
		const char *name = strncmp(s->name, l->target->symbol_prefix, plen) ? s->name : s->name + plen;
		strvec_push(&names, xstrdup(name));
		len += strlen(name) + 1;
	}
	if (!names.n)
		return;
	char *list = xmalloc(len), *p = list;
	for (size_t i = 0; i < names.n; i++)
		p += sprintf(p, "%s%s", i ? "," : "", names.v[i]);
	strvec_push(ld_args, "--exclude-symbols");
	strvec_push(ld_args, list);
	strvec_free(&names);
}

/* A name the --defsym expression parser reads as one symbol. */
static int plain_symbol_name(const char *s)
{
	return *s && !(*s >= '0' && *s <= '9') &&
	       s[strspn(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.$")] == 0;
}

/* The IR's symbols as ld's symbol table has them from gcc's plugin link,
 * where ld read the claimed files (PE-COFF):
 *  - the global definitions of the IR that LTRANS's objects no longer
 *    define (inlined, internalized) stay in the program as absolute
 *    symbols of value 0: ld's entry for the name still belongs to the
 *    plugin's stand-in for the claimed file.  ld is given them by
 *    --defsym, but where a non-LTO file defines the name or --defsym
 *    cannot spell it;
 *  - a name the IR references and a non-LTO file defines has ld's
 *    entry already when LTRANS's objects come, so their reference does
 *    not type it: a DLL import thunk's symbol has no type in gcc's
 *    program, where LTRANS's call would make it a function.  ld is
 *    given those references first, by an object of nothing else
 *    (ir.o, no sections, no .file symbol). */
static void ir_symbols(const struct link *l, struct ld_edit *e)
{
	struct namemap defined = { 0 }, ir_defined = { 0 }, given = { 0 };
	for (size_t i = 0; i < e->nobject_syms; i++)
		if (e->object_syms[i].defined)
			namemap_put(&defined, e->object_syms[i].name, 1);
	for (size_t i = 0; i < l->nloaded; i++)
		for (size_t k = 0; k < l->loaded[i].nsyms; k++)
			if (l->loaded[i].syms[k].defined)
				namemap_put(l->loaded[i].lto ? &ir_defined : &defined, l->loaded[i].syms[k].name, 1);
	struct obj_writer *w = NULL;
	for (size_t i = 0; i < l->nloaded; i++)
		for (size_t k = 0; l->loaded[i].lto && k < l->loaded[i].nsyms; k++) {
			const struct link_sym *s = &l->loaded[i].syms[k];
			if (namemap_get(&given, s->name))
				continue;
			if (s->defined && !namemap_get(&defined, s->name) && plain_symbol_name(s->name)) {
				strvec_pushf(&e->ir_symbols, "--defsym=%s=0", s->name);
			} else if (!s->defined && !s->weak && namemap_get(&defined, s->name) &&
				   !namemap_get(&ir_defined, s->name)) {
				if (!w) {
					char *err = NULL;
					struct obj_file *f = e->objects.n ? obj_open(e->objects.v[0], &err) : NULL;
					if (!f) {
						free(err);
						goto out; /* ld will say what is wrong with the objects */
					}
					w = obj_create(OBJ_COFF, obj_machine(f), obj_is64(f));
					obj_omit_file_symbol(w);
					obj_close(f);
				}
				obj_add_undefined(w, s->name);
			} else {
				continue;
			}
			namemap_put(&given, s->name, 1);
		}
	if (w) {
		char *path = xasprintf("%s/ir.o", temp_make_dir()), *err = NULL;
		if (obj_write(w, path, &err) < 0)
			fatal("%s", err);
		strvec_insert(&e->ir_symbols, 0, path);
	}
out:
	obj_writer_free(w);
	namemap_free(&defined);
	namemap_free(&ir_defined);
	namemap_free(&given);
}

/* Where ld is to read lto1's objects: where GCC's plugin puts the files
 * it adds (ld's find_replacements_insert_point), after the first file
 * claimed in load order, or when that is an archive member, after the
 * last file before it that is not one (the argument that follows; the
 * start when there is none).
 *
 * And the shared libraries to read before them.  In gcc's link ld reads
 * LTRANS's objects after its whole first pass, and a symbol that only
 * LTRANS's code references becomes dynamic when ld meets that reference,
 * after those the libraries' own order made dynamic: that orders
 * .dynsym and .dynstr.  Naming the libraries of the first pass before
 * the objects does the same (ld reads a library once: where it stood
 * again, it reads nothing), so long as no object ld reads between the
 * objects and a library references it: such an object's references
 * have to become dynamic as gcc's ld read the library, which they would
 * then no longer do.  The libraries are hoisted up to the first such
 * object; a library --as-needed dropped in the first pass is not. */
static size_t insertion_point(struct link *l, struct strvec *hoisted)
{
	size_t at = 0, first = l->nloaded, last_file = l->nloaded;
	for (size_t i = 0; i < l->nloaded && first == l->nloaded; i++) {
		const struct loaded *u = &l->loaded[i];
		if (u->lto && !l->inputs[u->input].from_script) {
			first = i;
		} else if (!u->member) {
			at = l->inputs[u->input].arg + 1;
			last_file = i;
		}
	}
	if (first < l->nloaded && !l->loaded[first].member)
		at = l->inputs[l->loaded[first].input].arg;
	l->plugin_insert = first < l->nloaded && !l->loaded[first].member ? first : last_file;
	l->rescan_from = l->plugin_insert < l->nloaded ? l->loaded[l->plugin_insert].input + 1 : 0;
	if (l->target->format != OBJ_ELF || l->relocatable)
		return at;

	struct namemap dso_defs = { 0 };
	for (size_t i = 0; i < l->nloaded; i++) {
		const struct loaded *u = &l->loaded[i];
		for (size_t k = 0; u->dso && l->inputs[u->input].arg >= at && k < u->nsyms; k++)
			if (u->syms[k].defined)
				namemap_put(&dso_defs, u->syms[k].name, 1);
	}
	for (size_t i = 0; i < l->nloaded; i++) {
		const struct loaded *u = &l->loaded[i];
		if (l->inputs[u->input].arg < at || u->lto)
			continue;
		if (u->dso) {
			if (u->needed)
				strvec_push(hoisted, u->path);
			continue;
		}
		int refs = 0;
		for (size_t k = 0; k < u->nsyms && !refs; k++)
			refs = !u->syms[k].defined && namemap_get(&dso_defs, u->syms[k].name);
		if (refs)
			break;
	}
	namemap_free(&dso_defs);
	return at;
}

/* Run lto1 on the LTO units; its objects are to go where GCC's plugin
 * puts them (insertion_point), and the LTO object files out of ld's
 * arguments (E).  The archives' LTO members are archives.c's. */
static void run_lto_stage(struct link *l, struct ld_edit *e)
{
	int any = 0;
	for (size_t i = 0; i < l->ninputs; i++) {
		const struct input *in = &l->inputs[i];
		int lto = in->lto;
		for (size_t m = 0; m < in->nmembers; m++)
			lto |= in->members[m].pulled && in->members[m].lto;
		if (!lto || in->from_script)
			continue;
		any = 1;
		if (in->lto)
			e->drop[in->arg] = 1;
	}
	if (!any)
		return;

	char *dir = temp_make_dir();
	char *desc = xasprintf("%s/link", dir), *list = xasprintf("%s/objects", dir);
	write_link_description(l, desc);
	char *argv[] = { find_lto1(l->argv0), "--link", desc, list, "--tempdir", dir, NULL };
	if (l->verbose) {
		for (size_t i = 0; argv[i]; i++)
			fprintf(stderr, " %s", argv[i]);
		fputc('\n', stderr);
	}
	if (spawn_run(argv, "lto1", 0) != 0)
		exit(1); /* lto1 said why */

	struct strvec lines = { 0 };
	if (strvec_read_records(&lines, list, '\0') < 0)
		fatal("%s: cannot read lto1's list of objects: %m", list);
	for (size_t i = 0; i < lines.n; i++)
		if (*lines.v[i])
			strvec_push(&e->objects, lines.v[i]);
	link_objects_symbols(&e->objects, &e->object_syms, &e->nobject_syms);
	e->at = insertion_point(l, &e->hoisted);
}

/* ARGS as E says. */
static struct strvec edited(const struct strvec *args, const struct ld_edit *e)
{
	struct strvec out = { 0 };
	for (size_t i = 0; i <= args->n; i++) {
		if (i == e->at) {
			if (e->hoisted.n) {
				strvec_push(&out, "--push-state");
				strvec_push(&out, "--no-as-needed");
				strvec_extend(&out, &e->hoisted);
				strvec_push(&out, "--pop-state");
			}
			strvec_extend(&out, &e->ir_symbols);
			strvec_extend(&out, &e->objects);
		}
		strvec_extend(&out, &e->before[i]);
		if (i == args->n)
			break;
		if (e->replace[i])
			strvec_push(&out, e->replace[i]);
		else if (!e->drop[i])
			strvec_push(&out, args->v[i]);
	}
	return out;
}

/* PE-COFF -r of LTO objects only: lto1's merged object (LTO sections
 * only) is the output as the COFF writer made it.  ld -r would copy it
 * without the sections' IMAGE_SCN_LNK_REMOVE flag, adding empty .text,
 * .data and .bss; on ELF ld -r copies it faithfully.  Returns 1 when the
 * output is written. */
static int merged_output(const struct link *l, const struct strvec *objects)
{
	if (l->target->format != OBJ_COFF || !l->relocatable || objects->n != 1)
		return 0;
	for (size_t i = 0; i < l->nloaded; i++)
		if (!l->loaded[i].lto)
			return 0;
	const char *out = l->output;
	char *err = NULL;
	struct obj_file *f = obj_open(objects->v[0], &err);
	if (!f)
		fatal("%s", err);
	int lto_only = obj_nsections(f) > 0;
	for (size_t i = 0; i < obj_nsections(f); i++)
		lto_only &= !strncmp(obj_section(f, i)->name, ".gnu.lto_", 9);
	obj_close(f);
	if (!lto_only)
		return 0;
	/* the output is created exclusively beside its name and renamed
	 * into place: a link planted under a fixed temporary name is never
	 * opened */
	int in = host_open(objects->v[0], O_RDONLY, 0);
	if (in < 0)
		fatal("cannot read %s: %m", objects->v[0]);
	char *tmp;
	int fd = output_open(out, &tmp);
	if (fd < 0)
		fatal("cannot write %s: %m", out);
	char buf[65536];
	ssize_t n;
	while ((n = read(in, buf, sizeof buf)) > 0)
		if (write_all(fd, buf, (size_t)n) < 0)
			fatal("cannot write %s: %m", out);
	if (n < 0)
		fatal("cannot read %s: %m", objects->v[0]);
	close(in);
	if (output_commit(fd, tmp, out) < 0)
		fatal("cannot write %s: %m", out);
	return 1;
}


/* Where the last NEEDLE starts in S, or -1. */
static long last_in(const char *s, const char *needle)
{
	long at = -1;
	for (const char *p = s; (p = strstr(p, needle)); p++)
		at = p - s;
	return at;
}

/* ld's @file when collect2 got one (gcc's collect2 then passes ld its
 * arguments so): under -save-temps kept as OUTPUT-STEM.ld1_args, the
 * name gcc's collect2 gives it, else a temporary.  Under
 * -fno-use-linker-plugin gcc's collect2 links twice, the second time
 * with lto-wrapper's objects, and keeps both: ld1_args then holds the
 * arguments as collect2 got them (GIVEN), which its scan took, and
 * ld_args those ld runs with. */
static char *ld_args_file(const struct link *l, const struct strvec *given, const struct strvec *args)
{
	const char *opts = getenv("COLLECT_GCC_OPTIONS");
	if (!opts || !(strstr(opts, "'-save-temps'") || strstr(opts, "'-save-temps=")))
		return respfile_write(args->v, args->n);
	int two_links = last_in(opts, "'-fno-use-linker-plugin'") > last_in(opts, "'-fuse-linker-plugin'");
	char *stem = file_strip_suffix(l->output ? l->output : "a.out");
	char *path = xasprintf("%s.ld1_args", stem);
	respfile_write_to(path, (two_links ? given : args)->v, (two_links ? given : args)->n);
	if (two_links) {
		free(path);
		path = xasprintf("%s.ld_args", stem);
		respfile_write_to(path, args->v, args->n);
	}
	free(stem);
	return path;
}

/* Alone, --version and --help are collect2's; with a link line they are
 * ld's (xgcc -Wl,--version). */
static int about(int argc, char **argv)
{
	if (argc != 2)
		return 0;
	if (strcmp(argv[1], "--version") == 0) {
		about_version("xgcc", PACKAGE_VERSION);
	} else if (strcmp(argv[1], "--help") == 0) {
		printf("Usage: collect2 [-flto] [-fno-lto] [-fuse-ld=NAME] LD-ARGUMENTS...\n"
		       "xgcc's link step, run by the driver: it scans the link's inputs for LTO IR,\n"
		       "runs xgcc's lto1 on them, and runs ld once with the resulting objects.\n\n"
		       "  --help       Display this information (alone; else it is ld's).\n"
		       "  --version    Display version information (alone; else it is ld's).\n");
		about_help_footer();
	} else {
		return 0;
	}
	return 1;
}

/* ld refuses an output that is one of its inputs, but by the time it
 * runs, lto1's objects stand in for the inputs that carried IR: compare
 * by identity here, every input (archives, script inputs) included. */
static void check_output_not_input(const struct link *l)
{
	unsigned long long out[2], in[2];
	if (host_file_id(l->output, out) < 0)
		return;
	for (size_t i = 0; i < l->ninputs; i++)
		if (host_file_id(l->inputs[i].path, in) == 0 && in[0] == out[0] && in[1] == out[1]) {
			stop("input file %s is the same as output file", diag_q(l->inputs[i].path));
		}
}

int main(int argc, char **argv)
{
	diag_init(argv[0]);
	temp_init();
	temp_die_with_parent();
	if (about(argc, argv))
		return 0;

	struct strvec args = { 0 };
	int nresp = respfile_expand(argc - 1, argv + 1, &args);
	if (nresp < 0)
		return 1;

	const char *ld_name = "ld";
	int verbose = 0, lto_flag = 0;
	struct strvec ld_args = { 0 };
	for (size_t i = 0; i < args.n; i++) {
		const char *a = args.v[i];
		if (strcmp(a, "-flto") == 0 || strncmp(a, "-flto=", 6) == 0) {
			/* --disable-lto: as gcc's collect2 without ENABLE_LTO */
			if (!XGCC_ENABLE_LTO)
				fatal("LTO support has not been enabled in this configuration");
			lto_flag = 1;
			continue;
		}
		if (strcmp(a, "-fno-lto") == 0) {
			lto_flag = -1;
			continue;
		}
		if (strncmp(a, "-fuse-ld=", 9) == 0) {
			ld_name = xasprintf("ld.%s", a + 9);
			continue;
		}
		if (strcmp(a, "--collect2-verbose") == 0) {
			verbose = 1;
			continue;
		}
		strvec_push(&ld_args, a);
	}
	if (getenv("COLLECT_VERBOSE"))
		verbose = 1;

	struct link l = { 0 };
	/* the driver's target; a cross driver names it in XGCC_TARGET */
	const char *triplet = getenv("XGCC_TARGET");
	l.target = target_find(triplet && *triplet ? triplet : TARGET_TRIPLET);
	if (!l.target)
		fatal("target %s is not supported", triplet ? triplet : TARGET_TRIPLET);
	/* "real-ld" first unless -fuse-ld= chose a linker, as gcc's collect2 */
	const char *ld_names[] = { "real-ld", ld_name };
	int ld_chosen = strcmp(ld_name, "ld") != 0;
	l.ld = find_tool(ld_names + ld_chosen, 2 - ld_chosen, l.target->tool_prefix);
	const char *nm_names[] = { "nm" };
	l.nm = find_tool(nm_names, 1, l.target->tool_prefix);
	l.args = ld_args;
	l.lto_requested = lto_flag > 0;
	l.lto_disabled = lto_flag < 0;
	l.verbose = verbose;
	l.trace = getenv("XGCC_COLLECT2_TRACE") != NULL;
	l.argv0 = argv[0];
	link_read_args(&l);
	check_output_not_input(&l);
	link_scan(&l);
	report_scan(&l);
	/* LTO objects get link-time optimization unless -fno-lto, as with
	 * gcc's linker plugin, which claims them whether or not -flto is on
	 * the link line; -fno-lto links fat ones through their code. */
	struct strvec given = { 0 };
	strvec_extend(&given, &ld_args);
	if (XGCC_ENABLE_LTO && !l.lto_disabled) {
		struct ld_edit e = { .drop = xcalloc(ld_args.n + 1, sizeof *e.drop),
				     .replace = xcalloc(ld_args.n + 1, sizeof *e.replace),
				     .before = xcalloc(ld_args.n + 1, sizeof *e.before),
				     .at = (size_t)-1 };
		archives_without_lto(&l, &e);
		run_lto_stage(&l, &e);
		if (e.at != (size_t)-1 && !l.relocatable) {
			archives_pulled_first(&l, &e);
			link_select_rescan(&l, e.object_syms, e.nobject_syms);
			archives_rescanned(&l, &e);
		}
		if (merged_output(&l, &e.objects))
			return 0;
		if (l.target->format == OBJ_COFF && e.at != (size_t)-1 && !l.relocatable)
			ir_symbols(&l, &e);
		ld_args = edited(&ld_args, &e);
		if (l.target->format == OBJ_COFF && l.shared)
			exclude_private_exports(&l, &e, &ld_args);
	} else {
		for (size_t i = 0; i < l.nloaded; i++)
			if (l.loaded[i].lto && l.loaded[i].slim)
				fatal("%s: slim LTO object (no code but LTO IR) cannot be linked %s",
				      l.loaded[i].path, XGCC_ENABLE_LTO ? "with -fno-lto"
				      : "without LTO support (this xgcc was configured with --disable-lto)");
	}

	struct strvec cmd = { 0 };
	strvec_push(&cmd, (char *)l.ld);
	if (nresp > 0 && ld_args.n) {
		strvec_pushf(&cmd, "@%s", ld_args_file(&l, &given, &ld_args));
	} else {
		strvec_extend(&cmd, &ld_args);
		respfile_fit(&cmd, 1);
	}
	if (l.trace)
		strvec_print(&cmd, stderr);
	if (stage_report_wanted())
		stage_report_enable();
	stage_begin("ld");
	int status = spawn_run(cmd.v, "ld", 0);
	stage_begin(NULL);
	if (status > 0 && status < 128)
		diag(DIAG_ERROR, "ld returned %d exit status", status);
	return status ? 1 : 0;
}
