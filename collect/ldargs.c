/* Reading ld's command line as ld reads it.
 *
 * collect2 gets the final link line.  To know which files the link reads
 * it must tell options from inputs (ld options that take their value in
 * the next word are listed below), follow the state options that change
 * how -l is searched (-Bstatic/-Bdynamic, --push-state/--pop-state) or
 * how archives are read (--whole-archive, --start-group) and shared
 * libraries kept (--as-needed, AS_NEEDED in a script), and find each
 * -lNAME as ld does: in every -L directory in order, then in ld's own
 * SEARCH_DIRs, libNAME.so before libNAME.a unless linking statically
 * (PE-COFF: libNAME.dll.a, NAME.dll.a, libNAME.a, NAME.lib, libNAME.dll,
 * NAME.dll).  Linker scripts among the inputs (libc.so is one) are read
 * for the files their INPUT and GROUP commands name.
 *
 * On PE-COFF ld reads an input named *.def as a module-definition file:
 * the symbols of its EXPORTS section go into the DLL's (or program's)
 * export table, so they are exported definitions for the LTO stage too.
 * Their names there are C names: ld adds the target's "_" on i386 (not to
 * fastcall names, "@f@4"), and a name without "@N" also matches its
 * stdcall and fastcall decorations ("_f@4", "@f@4"), as ld's stdcall
 * fixup finds them.
 */
#include "config.h"

#include "inputs.h"
#include "diag.h"
#include "fileinfo.h"
#include "host.h"
#include "process.h"
#include "tempfile.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

/* ld's options (ldopts.def). */
enum ldopt_id {
	LD_OTHER, LD_LIBRARY, LD_LIBPATH, LD_SYSROOT, LD_UNDEFINED, LD_WRAP, LD_DEFSYM, LD_STATIC,
	LD_DYNAMIC, LD_PUSH_STATE, LD_POP_STATE, LD_WHOLE_ARCHIVE, LD_NO_WHOLE_ARCHIVE, LD_START_GROUP,
	LD_END_GROUP, LD_OUTPUT, LD_RELOCATABLE, LD_SHARED, LD_DLL, LD_PIE, LD_NO_PIE, LD_EXPORT_DYNAMIC,
	LD_NO_EXPORT_DYNAMIC, LD_EXPORT_ALL_SYMBOLS, LD_MULDEFS, LD_Z, LD_EXPORT_SYMBOL, LD_DYNAMIC_LIST,
	LD_VERSION_SCRIPT, LD_AS_NEEDED, LD_NO_AS_NEEDED,
};
enum { FLAG = 1, SEP = 2, EQ = 4, JOIN = 8 };

static const struct ldopt {
	const char *spelling;
	int shapes;
	enum ldopt_id id;
} ldopts[] = {
#define LDOPT(spelling, shapes, id) { spelling, shapes, id },
#include "ldopts.def"
#undef LDOPT
};

/* The option ARGS[*I] and its value in *VAL (NULL for a flag); *I moves
 * onto a separate value.  NULL for an input, an option of no shape here,
 * or one whose value is missing (ld says so). */
static const struct ldopt *decode(const struct strvec *args, size_t *i, const char **val)
{
	const char *a = args->v[*i];
	const struct ldopt *eq = NULL, *join = NULL;
	size_t eqlen = 0, joinlen = 0;
	*val = NULL;
	for (const struct ldopt *o = ldopts; o < ldopts + sizeof ldopts / sizeof *ldopts; o++) {
		size_t n = strlen(o->spelling);
		if (strncmp(a, o->spelling, n) != 0)
			continue;
		if (!a[n] && (o->shapes & FLAG))
			return o;
		if (!a[n] && (o->shapes & SEP)) {
			if (*i + 1 >= args->n)
				return NULL;
			*val = args->v[++*i];
			return o;
		}
		if (a[n] == '=' && (o->shapes & EQ) && n > eqlen)
			eq = o, eqlen = n;
		else if (a[n] && (o->shapes & JOIN) && n > joinlen)
			join = o, joinlen = n;
	}
	if (eq)
		*val = a + eqlen + 1;
	else if (join)
		*val = a + joinlen;
	return eq ? eq : join;
}

/* ld's built-in SEARCH_DIRs, asked once from `ld --verbose`. */
static const struct strvec *default_dirs(const struct link *l)
{
	static struct strvec dirs;
	static int done;
	if (done)
		return &dirs;
	done = 1;
	char *out = temp_make(".txt");
	char *argv[] = { (char *)l->ld, "--verbose", NULL };
	struct spawn_cmd c = { .argv = argv, .name = "ld", .out_path = out, .err_path = "/dev/null" };
	spawn_pipeline(&c, 1, 0);
	FILE *f = fopen(out, "r");
	char line[8192];
	while (f && fgets(line, sizeof line, f)) {
		for (char *p = line; (p = strstr(p, "SEARCH_DIR(\"")); ) {
			p += 12;
			char *end = strchr(p, '"');
			if (!end)
				break;
			*end = 0;
			/* "=DIR" is DIR under the sysroot */
			if (*p == '=')
				strvec_pushf(&dirs, "%s%s", l->sysroot ? l->sysroot : "", p + 1);
			else
				strvec_push(&dirs, xstrdup(p));
			p = end + 1;
		}
	}
	if (f)
		fclose(f);
	return &dirs;
}

static char *search(const struct strvec *dirs, const char *const *names)
{
	for (size_t i = 0; i < dirs->n; i++)
		for (const char *const *n = names; *n; n++) {
			char *p = xasprintf("%s/%s", dirs->v[i], *n);
			if (file_is_regular(p))
				return p;
			free(p);
		}
	return NULL;
}

/* The file -lNAME (or -l:FILE) stands for, or NULL. */
static char *find_library(const struct link *l, const char *spec, int is_static)
{
	const char *names[8];
	char buf[6][512];
	int n = 0;
	if (spec[0] == ':') {
		names[n++] = spec + 1;
	} else if (l->target->format == OBJ_COFF) {
		static const char *const dyn[] = { "lib%s.dll.a", "%s.dll.a", "lib%s.a", "%s.lib", "lib%s.dll", "%s.dll" };
		static const char *const sta[] = { "lib%s.a", "%s.lib" };
		const char *const *pat = is_static ? sta : dyn;
		int np = is_static ? 2 : 6;
		for (int i = 0; i < np; i++) {
			snprintf(buf[i], sizeof buf[i], pat[i], spec);
			names[n++] = buf[i];
		}
	} else {
		if (!is_static) {
			snprintf(buf[0], sizeof buf[0], "lib%s.so", spec);
			names[n++] = buf[0];
		}
		snprintf(buf[1], sizeof buf[1], "lib%s.a", spec);
		names[n++] = buf[1];
	}
	names[n] = NULL;
	char *p = search(&l->libdirs, names);
	return p ? p : search(default_dirs(l), names);
}

struct state {
	int is_static, whole_archive, as_needed;
};

static void add_input(struct link *l, size_t arg, char *path, const struct state *st, int group,
		      int from_script)
{
	l->inputs = xrealloc(l->inputs, (l->ninputs + 1) * sizeof *l->inputs);
	struct input *in = &l->inputs[l->ninputs++];
	memset(in, 0, sizeof *in);
	in->arg = arg;
	in->path = path;
	in->whole_archive = st->whole_archive;
	in->as_needed = st->as_needed;
	in->group = group;
	in->from_script = from_script;
	in->kind = obj_classify(path, NULL);
}

/* One file named by a script: -lNAME, an absolute name (under the
 * sysroot when the script is), or a relative one. */
static void add_script_input(struct link *l, size_t arg, const char *path, const char *tok,
			     const struct state *st, int group)
{
	if (strncmp(tok, "-l", 2) == 0) {
		char *p = find_library(l, tok + 2, st->is_static);
		if (p)
			add_input(l, arg, p, st, group, 1);
	} else if (tok[0] == '/') {
		/* inside a sysroot, absolute names are under it */
		int rooted = l->sysroot && strncmp(path, l->sysroot, strlen(l->sysroot)) == 0;
		add_input(l, arg, rooted ? xasprintf("%s%s", l->sysroot, tok) : xstrdup(tok), st, group, 1);
	} else {
		/* relative: the script's directory first, then as it is, then -L */
		const char *slash = strrchr(path, '/');
		char *near = slash ? xasprintf("%.*s%s", (int)(slash - path + 1), path, tok) : xstrdup(tok);
		const char *names[] = { tok, NULL };
		char *p = file_is_regular(near) ? near : file_is_regular(tok) ? xstrdup(tok) : search(&l->libdirs, names);
		if (p != near)
			free(near);
		if (p)
			add_input(l, arg, p, st, group, 1);
	}
}

/* A text input that is an ld script: add the files of INPUT(...) and
 * GROUP(...), the latter as a group of its own. */
static void read_script(struct link *l, size_t arg, const char *path, const struct state *st,
			int *ngroups)
{
	FILE *f = fopen(path, "r");
	if (!f)
		return;
	char text[65536];
	size_t len = fread(text, 1, sizeof text - 1, f);
	fclose(f);
	text[len] = 0;
	if (memchr(text, 0, len))
		return; /* binary: not a script */
	/* drop comments */
	for (char *c = strstr(text, "/*"); c; c = strstr(c, "/*")) {
		char *e = strstr(c + 2, "*/");
		size_t n = e ? (size_t)(e + 2 - c) : strlen(c);
		memset(c, ' ', n);
	}
	/* Words and parentheses: INPUT ( a b ) GROUP ( c AS_NEEDED ( d ) ) */
	int group = 0, depth = 0, pending = 0, as_needed_depth = 0;
	struct state inner = *st;
	for (char *p = text; *p;) {
		if (*p == '(' || *p == ')') {
			if (*p == '(' && pending)
				depth++;
			else if (*p == ')' && depth > 0 && --depth == 0)
				group = 0;
			if (*p == ')' && as_needed_depth > depth) {
				as_needed_depth = 0;
				inner.as_needed = st->as_needed;
			}
			pending = 0;
			p++;
			continue;
		}
		if (strchr(" \t\r\n,", *p)) {
			p++;
			continue;
		}
		char *tok = p;
		while (*p && !strchr(" \t\r\n,()", *p))
			p++;
		char saved = *p;
		*p = 0;
		int command = strcmp(tok, "GROUP") == 0 || strcmp(tok, "INPUT") == 0 ||
			      strcmp(tok, "AS_NEEDED") == 0;
		if (command) {
			if (strcmp(tok, "GROUP") == 0 && depth == 0)
				group = ++*ngroups;
			if (strcmp(tok, "AS_NEEDED") == 0 && !as_needed_depth) {
				as_needed_depth = depth + 1;
				inner.as_needed = 1;
			}
			pending = 1;
		} else if (depth > 0) {
			add_script_input(l, arg, path, tok, &inner, group);
		}
		*p = saved;
	}
}


/* The symbol names (or glob patterns) of a dynamic list,
 * "{ foo; bar*; extern "C++" { ns::f; }; };": every word that is not
 * punctuation, a keyword or a language name. */
static void read_dynamic_list(struct link *l, const char *path)
{
	struct strvec lines = { 0 };
	if (strvec_read_lines(&lines, path) < 0)
		return; /* ld will say what is wrong with it */
	for (size_t i = 0; i < lines.n; i++) {
		char *p = lines.v[i], *hash = strchr(p, '#');
		if (hash)
			*hash = 0;
		for (char *w = strtok(p, " \t{};"); w; w = strtok(NULL, " \t{};"))
			if (strcmp(w, "extern") && *w != '"' && strcmp(w, "global:") && strcmp(w, "local:"))
				strvec_push(&l->exported, xstrdup(w));
	}
}

/* A symbol name as a glob pattern that matches only itself. */
static char *glob_quote(const char *name)
{
	char *q = xmalloc(2 * strlen(name) + 1), *o = q;
	for (const char *p = name; *p; p++) {
		if (strchr("*?[\\", *p))
			*o++ = '\\';
		*o++ = *p;
	}
	*o = 0;
	return q;
}

/* The words of one line of a module-definition file: names (quoted
 * ones without their quotes), "=" and "==".  A line that starts with ";"
 * or "#" is a comment; elsewhere ld takes them for blanks. */
static int def_words(const char *p, char **words, int max)
{
	int n = 0;
	p += strspn(p, " \t\r");
	if (*p == ';' || *p == '#')
		return 0;
	while (*p && n < max) {
		size_t len;
		if (strchr(" \t\r;#", *p)) {
			p++;
			continue;
		}
		if (*p == '=') {
			len = p[1] == '=' ? 2 : 1;
			words[n++] = xstrndup(p, len);
		} else if (*p == '"' || *p == '\'') {
			const char *end = strchr(p + 1, *p);
			len = end ? (size_t)(end - p) + 1 : strlen(p);
			words[n++] = xstrndup(p + 1, end ? len - 2 : len - 1);
		} else {
			len = strcspn(p, " \t\r=;#");
			words[n++] = xstrndup(p, len);
		}
		p += len;
	}
	return n;
}

/* The exports of a module-definition file:
 *   EXPORTS
 *     name [= internal] [@ordinal [NONAME]] [DATA] [PRIVATE] [CONSTANT] [== impname]
 * Another keyword at the start of a line (LIBRARY, NAME, IMPORTS,
 * SECTIONS, ...) ends the section.  The symbol is the internal name when
 * there is one. */
static void read_def_file(struct link *l, const char *path)
{
	static const char *const keywords[] = { "NAME", "LIBRARY", "DESCRIPTION", "STACKSIZE", "HEAPSIZE",
		"CODE", "DATA", "SECTIONS", "IMPORTS", "VERSION", NULL };
	struct strvec lines = { 0 };
	if (strvec_read_lines(&lines, path) < 0)
		return; /* ld will say what is wrong with it */
	const char *prefix = l->target->symbol_prefix;
	int in_exports = 0;
	for (size_t i = 0; i < lines.n; i++) {
		char *w[16];
		int n = def_words(lines.v[i], w, 16), k = 0;
		if (n && strcmp(w[0], "EXPORTS") == 0) {
			in_exports = 1;
			k = 1;
		} else if (n) {
			for (const char *const *kw = keywords; *kw; kw++)
				if (strcmp(w[0], *kw) == 0)
					in_exports = 0;
		}
		if (in_exports && k < n && strcmp(w[k], "=") && strcmp(w[k], "==")) {
			const char *sym = k + 2 < n && !strcmp(w[k + 1], "=") ? w[k + 2] : w[k];
			char *name = glob_quote(sym);
			int fastcall = sym[0] == '@';
			strvec_pushf(&l->exported, "%s%s", fastcall ? "" : prefix, name);
			if (*prefix && !fastcall && !strchr(sym, '@')) { /* ld's stdcall fixup */
				strvec_pushf(&l->exported, "%s%s@[0-9]*", prefix, name);
				strvec_pushf(&l->exported, "@%s@[0-9]*", name);
			}
			free(name);
		}
		for (int j = 0; j < n; j++)
			free(w[j]);
	}
	strvec_free(&lines);
}

static int has_suffix_nocase(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);
	return n > m && strcasecmp(s + n - m, suffix) == 0;
}

/* --defsym SYM=EXPR: the symbols EXPR names are used from outside the
 * inputs. */
static void defsym_references(struct link *l, const char *arg)
{
	const char *p = strchr(arg, '=');
	while (p && *p) {
		if ((*p >= 'A' && *p <= 'Z') || (*p >= 'a' && *p <= 'z') || *p == '_' || *p == '.') {
			size_t n = strspn(p, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.$");
			strvec_push(&l->undefined, xstrndup(p, n));
			p += n;
		} else if (*p >= '0' && *p <= '9') {
			p += strspn(p, "0123456789abcdefABCDEFxX");
		} else {
			p++;
		}
	}
}

/* ld reads its options with getopt_long_only: "-version-script" is
 * --version-script (libtool writes it so), "-whole-archive" is
 * --whole-archive.  Such words of the options of ldopts.def are
 * rewritten in their "--" form, which ld takes the same. */
static int is_long_option(const char *name, size_t n)
{
	for (const struct ldopt *o = ldopts; o < ldopts + sizeof ldopts / sizeof *ldopts; o++)
		if (!strncmp(o->spelling, "--", 2) && strlen(o->spelling + 2) == n && !strncmp(o->spelling + 2, name, n))
			return 1;
	return 0;
}

static void long_forms(struct strvec *args)
{
	for (size_t i = 0; i < args->n; i++) {
		const char *a = args->v[i], *val;
		if (a[0] == '-' && a[1] && a[1] != '-' && a[2] && is_long_option(a + 1, strcspn(a + 1, "=")))
			args->v[i] = xasprintf("-%s", a);
		decode(args, &i, &val);
	}
}

static int has_elf_magic(const char *path)
{
	char magic[4];
	int fd = host_open(path, O_RDONLY | HOST_O_NONBLOCK, 0);
	int r = fd >= 0 && read(fd, magic, 4) == 4 && !memcmp(magic, "\x7f" "ELF", 4);
	if (fd >= 0)
		close(fd);
	return r;
}

void link_read_args(struct link *l)
{
	l->output = "a.out";
	long_forms(&l->args);
	struct state st = { 0 }, stack[32];
	int nstack = 0, group = 0, ngroups = 0;

	/* First pass: -L directories, which ld collects before searching. */
	for (size_t i = 0; i < l->args.n; i++) {
		const char *val;
		const struct ldopt *o = decode(&l->args, &i, &val);
		if (o && o->id == LD_LIBPATH)
			strvec_push(&l->libdirs, val);
		else if (o && o->id == LD_SYSROOT)
			l->sysroot = val;
	}

	int coff = l->target->format == OBJ_COFF;
	for (size_t i = 0; i < l->args.n; i++) {
		const char *a = l->args.v[i], *val;
		if (a[0] != '-' || a[1] == 0) {
			add_input(l, i, xstrdup(a), &st, group, 0);
			continue;
		}
		const struct ldopt *o = decode(&l->args, &i, &val);
		switch (o ? o->id : LD_OTHER) {
		case LD_LIBRARY: {
			char *p = find_library(l, val, st.is_static);
			if (p)
				add_input(l, i, p, &st, group, 0);
			break;
		}
		case LD_UNDEFINED: strvec_push(&l->undefined, val); break;
		case LD_WRAP: strvec_push(&l->wraps, val); break;
		case LD_DEFSYM: defsym_references(l, val); break;
		case LD_STATIC: st.is_static = 1; break;
		case LD_DYNAMIC: st.is_static = 0; break;
		case LD_PUSH_STATE:
			if (nstack < 32)
				stack[nstack++] = st;
			break;
		case LD_POP_STATE:
			if (nstack > 0)
				st = stack[--nstack];
			break;
		case LD_WHOLE_ARCHIVE: st.whole_archive = 1; break;
		case LD_NO_WHOLE_ARCHIVE: st.whole_archive = 0; break;
		case LD_AS_NEEDED: st.as_needed = 1; break;
		case LD_NO_AS_NEEDED: st.as_needed = 0; break;
		case LD_START_GROUP: group = ++ngroups; break;
		case LD_END_GROUP: group = 0; break;
		case LD_OUTPUT: l->output = val; break;
		case LD_RELOCATABLE: l->relocatable = 1; break;
		case LD_SHARED: l->shared = 1; break;
		case LD_DLL: l->shared |= coff; break;
		case LD_PIE: l->pie = 1; break;
		case LD_NO_PIE: l->pie = 0; break;
		case LD_EXPORT_DYNAMIC: l->export_dynamic = 1; break;
		case LD_NO_EXPORT_DYNAMIC: l->export_dynamic = 0; break;
		case LD_EXPORT_ALL_SYMBOLS: l->export_dynamic |= coff; break;
		case LD_MULDEFS: l->allow_multiple = 1; break;
		case LD_Z: l->allow_multiple |= !strcmp(val, "muldefs"); break;
		case LD_EXPORT_SYMBOL: strvec_push(&l->exported, val); break;
		case LD_DYNAMIC_LIST: read_dynamic_list(l, val); break;
		case LD_VERSION_SCRIPT: strvec_push(&l->version_scripts, val); break;
		case LD_LIBPATH: case LD_SYSROOT: case LD_OTHER: break;
		}
	}

	/* Linker scripts among the inputs name more inputs. */
	size_t n = l->ninputs;
	for (size_t i = 0; i < n; i++) {
		struct input *in = &l->inputs[i];
		if (in->kind == OBJK_OTHER && l->target->format == OBJ_COFF && has_suffix_nocase(in->path, ".def")) {
			if (file_is_regular(in->path))
				read_def_file(l, in->path);
		} else if (in->kind == OBJK_OTHER && has_elf_magic(in->path)) {
			/* a damaged object: say why here, not "file format not
			 * recognized" from ld */
			char *err = NULL;
			struct obj_file *f = obj_open(in->path, &err);
			if (f)
				obj_close(f);
			stop("%s", err ? err : xasprintf("%s: not an ELF file ld can link", in->path));
		} else if (in->kind == OBJK_OTHER && file_is_regular(in->path)) {
			struct state s = { .whole_archive = in->whole_archive, .as_needed = in->as_needed };
			read_script(l, l->inputs[i].arg, l->inputs[i].path, &s, &ngroups);
		}
	}
	/* Script inputs belong where their script stood: keep the order stable. */
	for (size_t i = 1; i < l->ninputs; i++) {
		struct input tmp = l->inputs[i];
		size_t j = i;
		while (j > 0 && l->inputs[j - 1].arg > tmp.arg) {
			l->inputs[j] = l->inputs[j - 1];
			j--;
		}
		l->inputs[j] = tmp;
	}
}
