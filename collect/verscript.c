/* Version scripts (ld's --version-script), as far as the LTO resolution
 * needs them: which symbols the script makes local.
 *
 * A script is a list of version nodes, "NAME { ... } [PARENT];", or one
 * anonymous node "{ ... };".  A node's body holds "global:" and "local:"
 * lists of patterns ending in ';' (global until a "local:"): a glob (*, ?,
 * [...]) or, between double quotes, an exact name; 'extern "C++" { ... };'
 * matches its patterns against the demangled names.  Comments are
 * C-style or run from '#' to the end of the line.
 *
 * Which node a symbol belongs to is decided as bfd does
 * (bfd_find_version_for_sym), node by node in script order: an exact
 * global match ends the search (global); an exact local match ends it
 * too and overrides any glob global match seen before (local); glob
 * matches are remembered, and at the end a global one wins over a
 * local one.  A symbol no pattern matches stays global.  With GCC's
 * plugin, ld hides the symbols the script makes local from the outside
 * (ld's is_visible_from_outside): the plugin then resolves them
 * PREVAILING_DEF_IRONLY, so the backend may internalize them; lto1 is
 * told the same ("local NAME" in the link description).
 */
#include "config.h"

#include "inputs.h"
#include "diag.h"
#include "fileinfo.h"
#include "process.h"
#include "tempfile.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct vpattern {
	char *text;
	int literal;  /* quoted, or without glob characters */
	int cxx;      /* matched against the demangled name */
};

struct vnode {
	struct vpattern *pats[2]; /* [0] global, [1] local */
	size_t npats[2];
};

struct vscript {
	struct vnode *nodes;
	size_t nnodes;
	int has_cxx;
};

/* --- reading --------------------------------------------------------- */

struct lexer {
	const char *p, *path;
};

/* A script ld would refuse: one line naming it, and the link stops. */
__attribute__((format(printf, 2, 3))) _Noreturn static void bad_script(const struct lexer *lx, const char *fmt, ...)
{
	char msg[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	stop("%s: %s", lx->path, msg);
}

/* The next token: a word, a "string" (*QUOTED set, quotes removed), or
 * one of { } ; : as a one-character string; NULL at the end. */
static char *token(struct lexer *lx, int *quoted)
{
	*quoted = 0;
	for (;;) {
		while (isspace((unsigned char)*lx->p))
			lx->p++;
		if (lx->p[0] == '/' && lx->p[1] == '*') {
			const char *end = strstr(lx->p + 2, "*/");
			lx->p = end ? end + 2 : lx->p + strlen(lx->p);
		} else if (*lx->p == '#') {
			lx->p += strcspn(lx->p, "\n");
		} else {
			break;
		}
	}
	if (!*lx->p)
		return NULL;
	if (strchr("{};:", *lx->p))
		return xstrndup(lx->p++, 1);
	if (*lx->p == '"') {
		const char *end = strchr(lx->p + 1, '"');
		if (!end)
			bad_script(lx, "unterminated string in version script");
		char *s = xstrndup(lx->p + 1, (size_t)(end - lx->p - 1));
		lx->p = end + 1;
		*quoted = 1;
		return s;
	}
	size_t n = strcspn(lx->p, " \t\r\n{};:\"#");
	/* "::" belongs to a C++ name, not to "global:" */
	while (lx->p[n] == ':' && lx->p[n + 1] == ':')
		n += 2 + strcspn(lx->p + n + 2, " \t\r\n{};:\"#");
	char *s = xstrndup(lx->p, n);
	lx->p += n;
	return s;
}

static void add_pattern(struct vnode *n, int local, const char *text, int quoted, int cxx)
{
	n->pats[local] = xrealloc(n->pats[local], (n->npats[local] + 1) * sizeof *n->pats[local]);
	n->pats[local][n->npats[local]++] = (struct vpattern){
		xstrdup(text), quoted || !strpbrk(text, "*?["), cxx
	};
}

static void expect(struct lexer *lx, const char *want)
{
	int q;
	char *t = token(lx, &q);
	if (!t || q || strcmp(t, want) != 0)
		bad_script(lx, "syntax error in version script: expected '%s' before '%s'", want,
			   t ? t : "end of file");
	free(t);
}

/* The body of a node up to its closing '}' (read). */
static void read_body(struct lexer *lx, struct vscript *vs, struct vnode *n, int *local, const char *lang)
{
	int q;
	char *t;
	while ((t = token(lx, &q))) {
		if (!q && !strcmp(t, "}")) {
			free(t);
			return;
		}
		if (!q && (!strcmp(t, "global") || !strcmp(t, "local"))) {
			/* a keyword only before ':' */
			const char *save = lx->p;
			int q2;
			char *colon = token(lx, &q2);
			if (colon && !q2 && !strcmp(colon, ":")) {
				*local = !strcmp(t, "local");
				free(colon);
				free(t);
				continue;
			}
			free(colon);
			lx->p = save;
		}
		if (!q && !strcmp(t, "extern")) {
			char *l = token(lx, &q);
			if (!l || !q)
				bad_script(lx, "syntax error in version script: extern without a language");
			expect(lx, "{");
			read_body(lx, vs, n, local, l);
			free(l);
			free(t);
			continue;
		}
		if (!q && !strcmp(t, ";")) {
			free(t);
			continue;
		}
		if (!q && strchr("{:", *t))
			bad_script(lx, "syntax error in version script near '%s'", t);
		int cxx = lang && !strcmp(lang, "C++");
		vs->has_cxx |= cxx;
		if (!lang || cxx || !strcmp(lang, "C"))
			add_pattern(n, *local, t, q, cxx);
		free(t);
	}
	bad_script(lx, "syntax error in version script: '}' missing");
}

static struct vscript *read_script(const char *path, struct vscript *vs)
{
	char *text;
	size_t size;
	if (file_read_all(path, &text, &size) < 0)
		fatal("cannot read version script %s: %m", path);
	struct lexer lx = { text, path };
	if (memchr(text, 0, size))
		bad_script(&lx, "not a version script (a NUL byte)");
	int q;
	char *t;
	while ((t = token(&lx, &q))) {
		if (!q && !strcmp(t, ";")) {
			free(t);
			continue;
		}
		if (q || strcmp(t, "{") != 0) {
			free(t); /* the version's name */
			expect(&lx, "{");
		} else {
			free(t);
		}
		vs->nodes = xrealloc(vs->nodes, (vs->nnodes + 1) * sizeof *vs->nodes);
		struct vnode *n = &vs->nodes[vs->nnodes++];
		memset(n, 0, sizeof *n);
		int local = 0;
		read_body(&lx, vs, n, &local, NULL);
		/* the parent versions, then ';' */
		while ((t = token(&lx, &q)) && !(!q && !strcmp(t, ";")))
			free(t);
		free(t);
	}
	free(text);
	return vs;
}

/* --- matching -------------------------------------------------------- */

/* The first pattern of LIST that matches (exact ones first), or NULL. */
static const struct vpattern *match(const struct vpattern *list, size_t n, const char *name, const char *demangled)
{
	for (int pass = 0; pass < 2; pass++)
		for (size_t i = 0; i < n; i++) {
			const struct vpattern *p = &list[i];
			const char *s = p->cxx ? demangled : name;
			if (p->literal != !pass || !s)
				continue;
			if (p->literal ? !strcmp(p->text, s) : !fnmatch(p->text, s, 0))
				return p;
		}
	return NULL;
}

/* Whether the script makes NAME local. */
static int made_local(const struct vscript *vs, const char *name, const char *demangled)
{
	int global = 0, local = 0;
	for (size_t i = 0; i < vs->nnodes; i++) {
		const struct vnode *n = &vs->nodes[i];
		const struct vpattern *g = match(n->pats[0], n->npats[0], name, demangled);
		if (g) {
			global = 1;
			if (g->literal)
				return 0;
		}
		const struct vpattern *l = match(n->pats[1], n->npats[1], name, demangled);
		if (l) {
			if (l->literal)
				return 1;
			local = 1;
		}
	}
	return !global && local;
}

/* The demangled NAMES by the target's c++filt, one per name; NULL
 * entries where it gives nothing. */
static char **demangle(const struct link *l, const struct strvec *names)
{
	char *in = temp_make(".names"), *out = temp_make(".demangled");
	FILE *f = fopen(in, "w");
	if (!f)
		fatal("cannot write %s: %m", in);
	for (size_t i = 0; i < names->n; i++)
		fprintf(f, "%s\n", names->v[i]);
	if (fclose(f) != 0)
		fatal("cannot write %s: %m", in);
	char *tool = xasprintf("%sc++filt", l->target->tool_prefix);
	char *argv[] = { tool, NULL };
	struct spawn_cmd cmd = { .argv = argv, .name = "c++filt", .in_path = in, .out_path = out };
	if (spawn_pipeline(&cmd, 1, 0) != 0)
		fatal("cannot demangle the symbols for the version script's extern \"C++\" patterns (%s failed)", tool);
	struct strvec lines = { 0 };
	if (strvec_read_lines(&lines, out) < 0)
		fatal("cannot read %s: %m", out);
	char **r = xcalloc(names->n + 1, sizeof *r);
	for (size_t i = 0; i < names->n && i < lines.n; i++)
		r[i] = lines.v[i];
	return r;
}

void version_script_locals(const struct link *l, struct strvec *locals)
{
	if (!l->version_scripts.n)
		return;
	struct vscript vs = { 0 };
	for (size_t i = 0; i < l->version_scripts.n; i++)
		read_script(l->version_scripts.v[i], &vs);
	/* the LTO definitions: what the resolution gives a verdict on;
	 * scripts name C symbols, without the target's prefix ("_" on i386
	 * PE-COFF) */
	struct strvec names = { 0 }, bare = { 0 };
	size_t plen = strlen(l->target->symbol_prefix);
	for (size_t i = 0; i < l->nloaded; i++)
		if (l->loaded[i].lto)
			for (size_t k = 0; k < l->loaded[i].nsyms; k++)
				if (l->loaded[i].syms[k].defined) {
					const char *n = l->loaded[i].syms[k].name;
					strvec_push(&names, n);
					strvec_push(&bare, n + (plen && !strncmp(n, l->target->symbol_prefix, plen) ? plen : 0));
				}
	if (!names.n)
		return;
	char **demangled = vs.has_cxx ? demangle(l, &bare) : NULL;
	for (size_t i = 0; i < names.n; i++)
		if (made_local(&vs, bare.v[i], demangled ? demangled[i] : NULL))
			strvec_push(locals, names.v[i]);
}
