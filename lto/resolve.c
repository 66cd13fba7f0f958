/* Symbol resolution: what the linker plugin would tell the backend.
 *
 * The backend's lto1 internalizes a symbol, inlines across files and
 * drops dead code only as far as the resolution file allows.  For every
 * symbol of every LTO module it gives one verdict:
 *
 *   PREVAILING_DEF            this definition wins and non-LTO code uses it
 *   PREVAILING_DEF_IRONLY     it wins and only LTO code uses it: make it local
 *   PREVAILING_DEF_IRONLY_EXP it wins, only LTO code uses it, but the output
 *                             exports it (shared library, -rdynamic, a shared
 *                             library refers to it)
 *   PREEMPTED_IR / _REG       another LTO / non-LTO definition wins
 *   RESOLVED_IR / _EXEC / _DYN a reference bound to an LTO definition, a
 *                             non-LTO object's, a shared library's
 *   UNDEF                     a reference nothing defines
 *
 * The winner is chosen as ld chooses, walking the units in the order ld
 * loads them (collect2 gives that order, archive members where they are
 * pulled): a strong definition beats a common, which beats a weak one; of
 * two equals the first wins; a shared library's definition loses to any
 * in the output; of the members of one COMDAT group the first group wins,
 * except that a non-LTO object's COMDAT copy beats an LTO module's loaded
 * before it: the backend turns a prevailing group into plain globals,
 * which the final ld (no plugin to discard the object's group) would see
 * beside the object's copy.
 * A non-LTO object, -u, -e, --defsym and --wrap count as uses from outside
 * LTO; a shared library that refers to a symbol or defines one the output
 * interposes, -E, --export-dynamic-symbol, --dynamic-list and the EXPORTS
 * of a PE .def file make it exported, unless a version script makes it
 * local (collect2 reads the scripts) or its visibility hides it.  Names are the objects' own, with
 * the "_" of i386 COFF: -u and -e give raw names, collect2 adds the prefix
 * to the C names of .def files, and --wrap=SYM is matched after it, as ld
 * does.
 *
 * The file lists the LTO inputs in the order lto1 gives them to the
 * backend, each as "NAME NSYMS", then per symbol "SLOT ID VERDICT NAME":
 * the backend stops with an internal error on any other spelling, order,
 * missing symbol or wrong module id.
 */
#include "config.h"

#include "lto1.h"

#include "diag.h"
#include "namemap.h"
#include "target.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum rank { NONE, DSO_DEF, WEAK_DEF, COMMON_DEF, STRONG_DEF };

struct gsym {
	enum rank rank;
	size_t unit;                     /* of the winning definition */
	int comdat;                      /* the winner is in a COMDAT group */
	const struct lto_symbol *winner; /* when it is an LTO symbol */
	int ref_regular, ref_dynamic, hidden;
};

struct resolver {
	const struct link_desc *d;
	int conflicts;                   /* strong definitions defined twice */
	const char *prefix;              /* of C names in the LTO objects: "_" on i386 COFF */
	struct namemap names, comdats;
	struct namemap given_up;         /* COMDAT groups whose copy in a later object wins */
	struct gsym *syms;
	size_t n;
};

static struct gsym *sym(struct resolver *r, const char *name)
{
	size_t i = namemap_get(&r->names, name);
	if (!i) {
		r->syms = xrealloc(r->syms, (r->n + 1) * sizeof *r->syms);
		memset(&r->syms[r->n], 0, sizeof *r->syms);
		namemap_put(&r->names, name, i = ++r->n);
	}
	return &r->syms[i - 1];
}

/* Two strong definitions of NAME outside COMDAT groups, at least one in
 * LTO IR: ld's error (it reports the others itself), naming both. */
static void multiple_definition(struct resolver *r, const char *name, size_t first, size_t again)
{
	const struct link_desc *d = r->d;
	if (d->allow_multiple || (d->units[first].kind != UNIT_LTO && d->units[again].kind != UNIT_LTO))
		return;
	diag(DIAG_ERROR, "%s: multiple definition of %s; %s: first defined here", d->units[again].path,
	     diag_q(name), d->units[first].path);
	r->conflicts++;
}

static void define(struct resolver *r, const char *name, enum rank rank, int comdat, size_t unit,
		   const struct lto_symbol *ls)
{
	struct gsym *g = sym(r, name);
	if (rank == STRONG_DEF && g->rank == STRONG_DEF && !comdat && !g->comdat)
		multiple_definition(r, name, g->unit, unit);
	/* a better kind of definition replaces; of equals the first stays */
	if (rank > g->rank) {
		g->rank = rank;
		g->unit = unit;
		g->winner = ls;
		g->comdat = comdat;
	}
}

static void outside_use(struct resolver *r, const char *name)
{
	sym(r, name)->ref_regular = 1;
}

static void walk_lto(struct resolver *r, size_t u, const struct lto_input *in)
{
	for (size_t m = 0; m < in->nmods; m++) {
		const struct lto_module *mod = &in->mods[m];
		for (size_t k = 0; k < mod->nsyms; k++) {
			const struct lto_symbol *ls = &mod->syms[k];
			struct gsym *g = sym(r, ls->name);
			if (ls->visibility == LTO_VIS_HIDDEN || ls->visibility == LTO_VIS_INTERNAL)
				g->hidden = 1;
			if (ls->kind == LTO_UNDEF || ls->kind == LTO_WEAKUNDEF)
				continue;
			if (*ls->comdat) {
				/* the first module holding a COMDAT group keeps all of it */
				size_t owner = namemap_get(&r->comdats, ls->comdat);
				size_t self = (u << 16 | m) + 1;
				if (!owner)
					namemap_put(&r->comdats, ls->comdat, owner = self);
				if (owner != self)
					continue;
			}
			define(r, ls->name, ls->kind == LTO_DEF ? STRONG_DEF : ls->kind == LTO_COMMON ? COMMON_DEF : WEAK_DEF,
			       *ls->comdat != 0, u, ls);
		}
	}
}

static void walk_plain(struct resolver *r, size_t u, const struct unit *un)
{
	int dso = un->kind == UNIT_DSO;
	for (size_t k = 0; k < un->nsyms; k++) {
		const struct plain_sym *ps = &un->syms[k];
		struct gsym *g = sym(r, ps->name);
		if (dso)
			g->ref_dynamic = 1; /* a reference, or a definition the output's interposes */
		else
			g->ref_regular = 1;
		switch (ps->kind) {
		case 'K':
			/* ld with the plugin would discard this copy as a
			 * duplicate of the LTO module's COMDAT group.  But the
			 * backend dissolves a prevailing group into plain
			 * globals, which ld without the plugin puts beside
			 * this copy (on COFF: "multiple definition").  This
			 * copy has to win instead. */
			if (!dso && g->winner && *g->winner->comdat && g->rank == STRONG_DEF) {
				namemap_put(&r->given_up, g->winner->comdat, 1);
				g->unit = u;
				g->winner = NULL;
				break;
			}
			define(r, ps->name, dso ? DSO_DEF : STRONG_DEF, 1, u, NULL);
			break;
		case 'D': define(r, ps->name, dso ? DSO_DEF : STRONG_DEF, 0, u, NULL); break;
		case 'W': define(r, ps->name, dso ? DSO_DEF : WEAK_DEF, 0, u, NULL); break;
		case 'C': define(r, ps->name, dso ? DSO_DEF : COMMON_DEF, 0, u, NULL); break;
		}
	}
}

/* --wrap=SYM: a reference to SYM goes to __wrap_SYM, one to __real_SYM
 * to SYM, SYM compared after the prefix as ld does.  Returns the name a
 * reference binds to (NAME, or malloc'd). */
static const char *wrap_target(const struct resolver *r, const char *name, int *real)
{
	const struct link_desc *d = r->d;
	size_t plen = strncmp(name, r->prefix, strlen(r->prefix)) == 0 ? strlen(r->prefix) : 0;
	const char *base = name + plen;
	*real = 0;
	for (size_t i = 0; i < d->wraps.n; i++) {
		if (!strncmp(base, "__real_", 7) && !strcmp(base + 7, d->wraps.v[i])) {
			*real = 1;
			return xasprintf("%.*s%s", (int)plen, name, base + 7);
		}
		if (!strcmp(base, d->wraps.v[i]))
			return xasprintf("%.*s__wrap_%s", (int)plen, name, base);
	}
	return name;
}

static const char *bound_to(const struct link_desc *d, const struct gsym *g)
{
	switch (d->units[g->unit].kind) {
	case UNIT_LTO: return "RESOLVED_IR";
	case UNIT_OBJ: return "RESOLVED_EXEC";
	default: return "RESOLVED_DYN";
	}
}

/* Named by --export-dynamic-symbol or a dynamic list (globs allowed)? */
static int listed(const struct link_desc *d, const char *name)
{
	for (size_t i = 0; i < d->exported.n; i++)
		if (fnmatch(d->exported.v[i], name, 0) == 0)
			return 1;
	return 0;
}

static const char *verdict(const struct resolver *r, size_t unit, const struct lto_symbol *ls)
{
	const struct link_desc *d = r->d;
	const struct gsym *g = &r->syms[namemap_get(&r->names, ls->name) - 1];
	if (ls->kind == LTO_UNDEF || ls->kind == LTO_WEAKUNDEF) {
		int real;
		const char *target = wrap_target(r, ls->name, &real);
		size_t i = namemap_get(&r->names, target);
		g = i ? &r->syms[i - 1] : NULL;
		if (!g || g->rank == NONE)
			return "UNDEF";
		/* ld's plugin reports __real_SYM bound to SYM of the same file
		 * as SYM's own verdict */
		if (real && g->unit == unit && d->units[unit].kind == UNIT_LTO)
			return "PREVAILING_DEF";
		return bound_to(d, g);
	}
	if (g->winner != ls) {
		/* a common that lost is bound to the winner, as a reference is */
		if (ls->kind == LTO_COMMON)
			return bound_to(d, g);
		return d->units[g->unit].kind == UNIT_LTO ? "PREEMPTED_IR" : "PREEMPTED_REG";
	}
	if (g->ref_regular)
		return "PREVAILING_DEF";
	int exported = d->mode == MODE_REL ||
		       ((g->ref_dynamic || d->export_dynamic || d->mode == MODE_DYN || listed(d, ls->name)) &&
			!g->hidden);
	return exported ? "PREVAILING_DEF_IRONLY_EXP" : "PREVAILING_DEF_IRONLY";
}

/* The COMDAT groups that ld, given the LTO modules by the plugin, would
 * keep for them: those of the modules whose definitions prevail (ld
 * keeps the first copy of a group and discards the later ones, the LTO
 * module's included), less those given up to a later object's copy. */
static void kept_groups(const struct resolver *r, struct strvec *keys)
{
	const struct link_desc *d = r->d;
	struct namemap seen = { 0 };
	for (size_t u = 0; u < d->nunits; u++) {
		const struct lto_input *in = d->units[u].lto;
		for (size_t m = 0; d->units[u].kind == UNIT_LTO && m < in->nmods; m++)
			for (size_t k = 0; k < in->mods[m].nsyms; k++) {
				const struct lto_symbol *ls = &in->mods[m].syms[k];
				size_t i = *ls->comdat ? namemap_get(&r->names, ls->name) : 0;
				if (!i || r->syms[i - 1].winner != ls || namemap_get(&r->given_up, ls->comdat) ||
				    namemap_get(&seen, ls->comdat))
					continue;
				namemap_put(&seen, ls->comdat, 1);
				strvec_push(keys, xstrdup(ls->comdat));
			}
	}
	namemap_free(&seen);
}

void lto_resolve(const struct link_desc *d, const char *path, struct strvec *kept_comdats)
{
	struct resolver r = { .d = d, .prefix = "" };
	for (size_t u = 0; u < d->nunits; u++)
		if (d->units[u].kind == UNIT_LTO) {
			const struct obj_file *f = d->units[u].lto->f;
			const struct target *t = target_for_object(obj_format(f), obj_machine(f));
			r.prefix = t ? t->symbol_prefix : "";
			break;
		}
	for (size_t i = 0; i < d->undefined.n; i++)
		outside_use(&r, d->undefined.v[i]);
	for (size_t i = 0; i < d->wraps.n; i++) {
		outside_use(&r, xasprintf("%s%s", r.prefix, d->wraps.v[i]));
		outside_use(&r, xasprintf("%s__wrap_%s", r.prefix, d->wraps.v[i]));
		outside_use(&r, xasprintf("%s__real_%s", r.prefix, d->wraps.v[i]));
	}
	size_t nlto = 0;
	for (size_t u = 0; u < d->nunits; u++) {
		if (d->units[u].kind == UNIT_LTO) {
			walk_lto(&r, u, d->units[u].lto);
			nlto++;
		} else {
			walk_plain(&r, u, &d->units[u]);
		}
	}

	if (r.conflicts)
		exit(1); /* as ld: after every conflict is said */
	/* a version script hides them from outside the output (ld's
	 * is_visible_from_outside) */
	for (size_t i = 0; i < d->locals.n; i++) {
		size_t k = namemap_get(&r.names, d->locals.v[i]);
		if (k)
			r.syms[k - 1].hidden = 1;
	}

	FILE *f = fopen(path, "w");
	if (!f)
		fatal("cannot write %s: %m", path);
	fprintf(f, "%zu\n", nlto);
	for (size_t u = 0; u < d->nunits; u++) {
		const struct lto_input *in = d->units[u].lto;
		if (d->units[u].kind != UNIT_LTO)
			continue;
		size_t n = 0;
		for (size_t m = 0; m < in->nmods; m++)
			n += in->mods[m].nsyms;
		fprintf(f, "%s %zu\n", in->name, n);
		for (size_t m = 0; m < in->nmods; m++)
			for (size_t k = 0; k < in->mods[m].nsyms; k++) {
				const struct lto_symbol *ls = &in->mods[m].syms[k];
				fprintf(f, "%" PRIu32 " %" PRIx64 " %s %s\n", ls->slot, in->mods[m].id,
					verdict(&r, u, ls), ls->name);
			}
	}
	if (fclose(f) != 0)
		fatal("cannot write %s: %m", path);
	kept_groups(&r, kept_comdats);
	namemap_free(&r.names);
	namemap_free(&r.comdats);
	namemap_free(&r.given_up);
	free(r.syms);
}
