/* Scanning the link inputs: what each one is, which carry LTO IR, and
 * which archive members the link pulls in.
 *
 * An object, or an archive member, carries IR when it has .gnu.lto_
 * sections; the object layer reads them (each file mapped, only its
 * headers, tables and LTO sections touched), which finds the fat objects
 * of stock GCC 12 too, and the slim ones by their LTO headers.  The same
 * reading looks in the symbol tables for the markers __gnu_lto_v1 (xgcc,
 * GCC 4.5) and __gnu_lto_slim (GCC 12 slim objects), with the target's
 * symbol prefix ("___gnu_lto_v1" on i386 COFF), among all the symbols
 * that nm shows: a marked object without LTO sections is an error.
 * Until 2026-12-06 the markers came from nm, run over every object and
 * archive beside the object layer: a process per link for what the
 * layer had already read.  nm now reads only the archive members in
 * formats other than ELF and PE-COFF (nm.c).  Neither reads the files
 * known to hold no IR (the scan memo, memo.c, and the objects the driver
 * has just compiled without -flto), and when nothing else carries IR,
 * the link is ld's alone: nothing more is read.  With -v, a line per
 * input says which way it was judged.
 *
 * Archive members are selected as ld selects them: walking the inputs in
 * order, a member is pulled when it defines a symbol that is undefined
 * (by a strong reference) so far, and an archive is walked again until no
 * member is pulled; a --start-group walks its whole group so.  LTO
 * members are judged by their LTO symbol tables (.gnu.lto_.symtab.*),
 * the others by their raw symbol tables, shared libraries by their
 * global symbols (.symtab, or .dynsym when stripped).  GCC's own non-plugin collect2 never looks inside
 * archives, so their LTO members missed link-time optimization.
 */
#include "config.h"

#include "inputs.h"
#include "diag.h"
#include "lto-sections.h"
#include "memo.h"
#include "namemap.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* --- sets of symbol names (lib/namemap.h, every value 1) ------------ */

static int set_has(const struct namemap *set, const char *name) { return namemap_get(set, name) != 0; }
static void set_add(struct namemap *set, const char *name) { namemap_put(set, name, 1); }

/* Removal by tombstone would complicate probing; "undefined" is instead
 * checked against "defined" when it is used. */

/* --- symbols of one object ------------------------------------------ */

static void add_sym(struct link_sym **syms, size_t *n, const char *name, int defined, int weak, int common,
		    int comdat)
{
	*syms = xrealloc(*syms, (*n + 1) * sizeof **syms);
	(*syms)[(*n)++] = (struct link_sym){ xstrdup(name), defined, weak, common, comdat };
}

/* The LTO symbol tables of all modules in F. */
static int lto_symbols(struct obj_file *f, struct link_sym **syms, size_t *n, char **reason)
{
	for (struct lto_sections it = { .f = f }; lto_sections_next(&it);) {
		const struct obj_section *s = it.s;
		if (strcmp(it.kind, ".symtab") != 0)
			continue;
		struct lto_symbol *ls;
		size_t nls;
		if (lto_symtab_decode(s->data, s->data ? s->size : 0, NULL, 0, &ls, &nls, reason) < 0)
			return -1;
		for (size_t k = 0; k < nls; k++)
			add_sym(syms, n, ls[k].name, ls[k].kind != LTO_UNDEF && ls[k].kind != LTO_WEAKUNDEF,
				ls[k].kind == LTO_WEAKUNDEF || ls[k].kind == LTO_WEAKDEF, ls[k].kind == LTO_COMMON, 0);
		free(ls);
	}
	return 0;
}

/* A section ld may discard as a duplicate: COFF IMAGE_SCN_LNK_COMDAT,
 * ELF SHF_GROUP. */
static int in_comdat(struct obj_file *f, int section)
{
	if (section < 0)
		return 0;
	uint64_t flags = obj_section(f, (size_t)section)->flags;
	return obj_format(f) == OBJ_COFF ? (flags & 0x1000) != 0 : (flags & 0x200) != 0;
}

static void raw_symbols(struct obj_file *f, struct link_sym **syms, size_t *n)
{
	for (size_t i = 0; i < obj_nsymbols(f); i++) {
		const struct obj_symbol *s = obj_symbol(f, i);
		if (s->binding == OBJB_LOCAL || !*s->name || s->hidden_version)
			continue;
		add_sym(syms, n, s->name, s->section != -1, s->binding == OBJB_WEAK, s->section == -3,
			s->binding != OBJB_WEAK && in_comdat(f, s->section));
	}
}

void link_objects_symbols(const struct strvec *paths, struct link_sym **syms, size_t *n)
{
	for (size_t i = 0; i < paths->n; i++) {
		char *err = NULL;
		struct obj_file *f = obj_open(paths->v[i], &err);
		if (!f) {
			free(err); /* ld will say what is wrong with it */
			continue;
		}
		raw_symbols(f, syms, n);
		obj_close(f);
	}
}

/* 1 for __gnu_lto_v1, 2 for __gnu_lto_slim (with the target's prefix), else 0. */
int link_lto_marker(const struct link *l, const char *name)
{
	const char *p = l->target->symbol_prefix;
	size_t plen = strlen(p);
	if (strncmp(name, p, plen) != 0)
		return 0;
	return strcmp(name + plen, "__gnu_lto_v1") == 0 ? 1 : strcmp(name + plen, "__gnu_lto_slim") == 0 ? 2 : 0;
}

/* F, opened from PATH: whether it carries LTO IR (and is slim), and its
 * symbols the way the member selection wants them.  FIND_MARKER: look
 * for the LTO markers among all its symbols, local ones too, as nm lists
 * them; a marked object without .gnu.lto_ sections is an error.  F is
 * closed. */
static void scan_object(const struct link *l, struct obj_file *f, const char *path, int find_marker, int *lto,
			int *slim, struct link_sym **syms, size_t *nsyms)
{
	int marked = 0;
	for (size_t i = 0; find_marker && i < obj_nsymbols(f) && !marked; i++)
		marked = link_lto_marker(l, obj_symbol(f, i)->name);
	int has_lto = 0;
	for (struct lto_sections it = { .f = f }; lto_sections_next(&it);) {
		const struct obj_section *s = it.s;
		has_lto = 1;
		if (strcmp(it.kind, ".lto") == 0) {
			struct lto_header h;
			char *reason;
			if (lto_header_decode(s->data, s->data ? s->size : 0, &h, &reason) < 0)
				stop("%s: section %s: %s", path, s->name, reason);
			if (h.slim)
				*slim = 1;
		}
	}
	if (marked && !has_lto)
		stop("%s: has the LTO marker but no .gnu.lto_ sections", path);
	*lto = has_lto;
	char *reason;
	if (has_lto) {
		if (lto_symbols(f, syms, nsyms, &reason) < 0)
			stop("%s: %s", path, reason);
	} else {
		raw_symbols(f, syms, nsyms);
	}
	obj_close(f);
}

/* An earlier input that is the same file as IN (the MinGW link names its
 * libraries two and three times, gcc's -lgcc twice), or NULL: read once. */
const struct input *link_same_file_before(const struct link *l, const struct input *in)
{
	for (const struct input *p = l->inputs; p < in; p++)
		if (link_same_file(p, in))
			return p;
	return NULL;
}

int link_same_file(const struct input *a, const struct input *b)
{
	return a->keyed && b->keyed && a->kind == b->kind && a->key.dev == b->key.dev && a->key.ino == b->key.ino;
}

/* --- the member selection -------------------------------------------- */

struct selection {
	struct namemap defined, undefined;
	struct namemap regular_refs; /* referenced by an object, not only by a shared library */
	int auto_import;             /* PE-COFF, unless --disable-auto-import */
	int after_lto;               /* ld's rescan once the LTRANS objects are in */
	struct link *l;
};

static void loaded(struct link *l, const char *path, int lto, int slim, int dso, const struct link_sym *syms,
		   size_t n, size_t input, int member, int needed)
{
	l->loaded = xrealloc(l->loaded, (l->nloaded + 1) * sizeof *l->loaded);
	l->loaded[l->nloaded++] = (struct loaded){ path, lto, slim, dso, syms, n, input, member, needed };
}

/* Whether ld keeps the shared library IN: unless --as-needed, always;
 * else when it defines a symbol referenced and not yet defined. */
static int dso_needed(const struct selection *s, const struct input *in)
{
	if (!in->as_needed)
		return 1;
	for (size_t i = 0; i < in->nsyms; i++)
		if (in->syms[i].defined && set_has(&s->regular_refs, in->syms[i].name) &&
		    !set_has(&s->defined, in->syms[i].name))
			return 1;
	return 0;
}

/* --wrap=SYM: references to SYM go to __wrap_SYM, to __real_SYM to SYM.
 * ld compares SYM with the name after the target's prefix, which it
 * keeps: on i386 COFF "_SYM" goes to "___wrap_SYM". */
static char *wrapped(const struct link *l, const char *name)
{
	const char *p = l->target->symbol_prefix;
	size_t plen = strncmp(name, p, strlen(p)) == 0 ? strlen(p) : 0;
	const char *base = name + plen;
	for (size_t i = 0; i < l->wraps.n; i++) {
		if (strcmp(base, l->wraps.v[i]) == 0)
			return xasprintf("%.*s__wrap_%s", (int)plen, name, base);
		if (strncmp(base, "__real_", 7) == 0 && strcmp(base + 7, l->wraps.v[i]) == 0)
			return xasprintf("%.*s%s", (int)plen, name, base + 7);
	}
	return NULL;
}

static void take(struct selection *s, const struct link_sym *syms, size_t n, int dso)
{
	for (size_t i = 0; i < n; i++)
		if (syms[i].defined)
			set_add(&s->defined, syms[i].name);
	for (size_t i = 0; i < n; i++) {
		if (syms[i].defined || syms[i].weak)
			continue;
		char *w = wrapped(s->l, syms[i].name);
		char *name = w ? w : syms[i].name;
		if (!set_has(&s->defined, name))
			set_add(&s->undefined, name);
		if (!dso)
			set_add(&s->regular_refs, name);
	}
}

/* Whether ld would pull the member M: it defines a symbol that is
 * undefined so far.  On PE-COFF ld auto-imports data: a member defining
 * __imp_X, the import library's pointer, is pulled for X too when the
 * link has no __imp_X yet (bfd's archive walk, pei386_auto_import). */
static int wanted(const struct selection *s, const struct member *m)
{
	for (size_t i = 0; i < m->nsyms; i++) {
		const char *name = m->syms[i].name;
		if (!m->syms[i].defined)
			continue;
		if (set_has(&s->undefined, name) && !set_has(&s->defined, name))
			return 1;
		if (s->auto_import && strncmp(name, "__imp_", 6) == 0 && !set_has(&s->undefined, name) &&
		    !set_has(&s->defined, name) && set_has(&s->undefined, name + 6) && !set_has(&s->defined, name + 6))
			return 1;
	}
	return 0;
}

/* One pass over an archive (the INDEX-th input); returns how many
 * members it pulled. */
static int walk_archive(struct selection *s, struct input *in, size_t index, int at_group_end)
{
	int pulled = 0, again = 1;
	while (again) {
		again = 0;
		for (size_t m = 0; m < in->nmembers; m++) {
			struct member *mem = &in->members[m];
			if (mem->pulled || !(in->whole_archive || wanted(s, mem)))
				continue;
			mem->pulled = 1;
			take(s, mem->syms, mem->nsyms, 0);
			struct link *l = s->l;
			if (s->after_lto) {
				l->rescan_pulls = xrealloc(l->rescan_pulls, (l->nrescan_pulls + 1) * sizeof *l->rescan_pulls);
				l->rescan_pulls[l->nrescan_pulls++] = (struct pull){ index, m, at_group_end };
			} else {
				if (obj_kind_is_object(mem->kind))
					loaded(l, mem->path, mem->lto, mem->slim, 0, mem->syms, mem->nsyms, index, 1, 1);
				l->pulls = xrealloc(l->pulls, (l->npulls + 1) * sizeof *l->pulls);
				l->pulls[l->npulls++] = (struct pull){ index, m, at_group_end };
			}
			pulled++;
			again = 1;
		}
	}
	return pulled;
}


/* ld's walk over INPUTS[0..N): objects and shared libraries add their
 * symbols (a shared library --as-needed drops has none), archives give
 * the members that define what is undefined, a --start-group is walked
 * again at its end until none gives more. */
static void walk_inputs(struct selection *s, struct input *inputs, size_t n, size_t index)
{
	for (size_t i = 0; i < n; i++) {
		struct input *in = &inputs[i];
		if (!obj_kind_is_archive(in->kind)) {
			int dso = in->kind == OBJK_ELF_DYN, needed = !dso || dso_needed(s, in);
			if (needed)
				take(s, in->syms, in->nsyms, dso);
			if ((obj_kind_is_object(in->kind) || dso) && !s->after_lto)
				loaded(s->l, in->path, in->lto, in->slim, dso, in->syms, in->nsyms, index + i, 0, needed);
			continue;
		}
		walk_archive(s, in, index + i, 0);
		/* the end of a group: walk its archives until none pulls more */
		if (in->group && (i + 1 == n || inputs[i + 1].group != in->group)) {
			size_t first = i;
			while (first > 0 && inputs[first - 1].group == in->group)
				first--;
			int more = 1;
			while (more) {
				more = 0;
				for (size_t k = first; k <= i; k++)
					if (obj_kind_is_archive(inputs[k].kind))
						more += walk_archive(s, &inputs[k], index + k, 1);
			}
		}
	}
}

static void select_members(struct link *l)
{
	struct selection *s = xcalloc(1, sizeof *s);
	*s = (struct selection){ .l = l, .auto_import = l->target->format == OBJ_COFF &&
							 !strvec_contains(&l->args, "--disable-auto-import") };
	for (size_t i = 0; i < l->undefined.n; i++)
		set_add(&s->undefined, l->undefined.v[i]);
	walk_inputs(s, l->inputs, l->ninputs, 0);
	l->selection = s;
}

/* An object or a shared library, opened. */
static struct obj_file *open_file(const char *path)
{
	char *err = NULL;
	struct obj_file *f = obj_open(path, &err);
	if (!f)
		stop("%s", err);
	return f;
}

/* The members of the archive IN, classified; the archive stays open
 * for scan_input to read them in place. */
static struct ar_file *list_members(struct input *in)
{
	char *err = NULL;
	struct ar_file *a = ar_open(in->path, &err);
	if (!a)
		stop("%s", err);
	in->nmembers = ar_nmembers(a);
	in->members = xcalloc(in->nmembers, sizeof *in->members);
	for (size_t m = 0; m < in->nmembers; m++) {
		struct member *mem = &in->members[m];
		mem->m = *ar_member(a, m);
		mem->m.name = xstrdup(mem->m.name);
		mem->m.thin_path = mem->m.thin_path ? xstrdup(mem->m.thin_path) : NULL;
		mem->path = mem->m.thin_path ? xstrdup(mem->m.thin_path)
					     : xasprintf("%s@0x%llx", in->path, (unsigned long long)mem->m.offset);
		mem->kind = ar_member_kind(a, m);
	}
	return a;
}

/* Read IN (an object, a shared library, or an archive's objects):
 * whether it carries IR, and its symbols. */
static void scan_input(const struct link *l, struct input *in, int find_marker)
{
	const struct input *same;
	if (obj_kind_is_object(in->kind) || in->kind == OBJK_ELF_DYN) {
		scan_object(l, open_file(in->path), in->path, find_marker && in->kind != OBJK_ELF_DYN, &in->lto,
			    &in->slim, &in->syms, &in->nsyms);
	} else if (obj_kind_is_archive(in->kind) && (same = link_same_file_before(l, in)) && same->scanned) {
		/* its members as read there; pulled or not, per occurrence */
		in->nmembers = same->nmembers;
		in->members = xmalloc(in->nmembers * sizeof *in->members + 1);
		memcpy(in->members, same->members, in->nmembers * sizeof *in->members);
		for (size_t m = 0; m < in->nmembers; m++)
			in->members[m].pulled = 0;
	} else if (obj_kind_is_archive(in->kind)) {
		struct ar_file *a = list_members(in);
		for (size_t m = 0; m < in->nmembers; m++) {
			struct member *mem = &in->members[m];
			if (!obj_kind_is_object(mem->kind))
				continue;
			void *bytes = ar_member_data(a, m);
			char *err = NULL;
			struct obj_file *f = bytes ? obj_open_bytes(mem->path, bytes, (size_t)mem->m.size, &err)
						   : open_file(mem->path);
			if (!f)
				stop("%s", err);
			for (size_t k = 0; k < obj_nsections(f) && !mem->import; k++)
				mem->import = strncmp(obj_section(f, k)->name, ".idata$", 7) == 0;
			scan_object(l, f, mem->path, find_marker, &mem->lto, &mem->slim, &mem->syms, &mem->nsyms);
		}
		ar_close(a);
	} else {
		return;
	}
	in->scanned = 1;
}

/* Objects and archives (not thin ones: their members are files of their
 * own) are what the scan memo may know. */
static int memoizable(const struct input *in)
{
	return obj_kind_is_object(in->kind) || in->kind == OBJK_ARCHIVE;
}

static int carries_ir(const struct input *in)
{
	int lto = in->lto;
	for (size_t m = 0; m < in->nmembers; m++)
		lto |= in->members[m].lto;
	return lto;
}

/* With -v, how the scan judged IN: which files the object layer read,
 * which archives also went to nm. */
static void report_path(const struct input *in)
{
	size_t for_nm = 0;
	for (size_t m = 0; m < in->nmembers; m++)
		for_nm += member_needs_nm(&in->members[m]);
	if (for_nm)
		fprintf(stderr, "collect2: read by the object layer and nm: %s (%zu member%s in a format "
			"only nm reads)\n", in->path, for_nm, for_nm == 1 ? "" : "s");
	else
		fprintf(stderr, "collect2: read by the object layer: %s\n", in->path);
}

/* First the inputs that may hold IR, those the scan memo does not know
 * and the driver did not compile without -flto (XGCC_PLAIN_OBJECTS, its
 * objects' names a line each): the object layer reads them, LTO markers
 * included, and nm the archives with members in other formats (nm.c).
 * When none carries IR, the link is ld's alone and nothing more is read;
 * else the rest are read too (the member selection and lto1's resolution
 * need every symbol) and the archive members the link pulls are
 * selected. */
void link_scan(struct link *l)
{
	struct scan_memo *memo = scan_memo_open(l->verbose);
	struct strvec plain = { 0 };
	strvec_split(&plain, getenv("XGCC_PLAIN_OBJECTS"), '\n');
	for (size_t i = 0; i < l->ninputs; i++) {
		struct input *in = &l->inputs[i];
		if (!memoizable(in))
			continue;
		in->keyed = scan_memo_key(in->path, &in->key) == 0;
		in->known_clean = (obj_kind_is_object(in->kind) && strvec_contains(&plain, in->path)) ||
				  (in->keyed && scan_memo_knows(memo, &in->key));
	}
	strvec_free(&plain);

	int any_ir = 0;
	for (size_t i = 0; i < l->ninputs; i++) {
		struct input *in = &l->inputs[i];
		if (in->kind == OBJK_ELF_DYN)
			continue;
		if (in->known_clean) {
			if (l->verbose || l->trace)
				fprintf(stderr, "collect2: known to hold no IR: %s\n", in->path);
			continue;
		}
		scan_input(l, in, 1);
		if (in->scanned && (l->verbose || l->trace))
			report_path(in);
	}
	nm_scan(l);
	for (size_t i = 0; i < l->ninputs; i++) {
		struct input *in = &l->inputs[i];
		if (carries_ir(in))
			any_ir = 1;
		else if (in->scanned && in->keyed && memoizable(in))
			scan_memo_add(memo, in->path, &in->key);
	}
	scan_memo_close(memo);
	/* the trace shows the selection on every link (collect-scan.bats
	 * compares it with ld's) */
	if (!any_ir && !l->trace)
		return;

	for (size_t i = 0; i < l->ninputs; i++)
		if (!l->inputs[i].scanned)
			scan_input(l, &l->inputs[i], 0);
	select_members(l);
}

/* Once a linker plugin has added its LTRANS objects, ld searches again
 * the archives that follow the insertion point (the statements after
 * it; those before stay as the first pass left them), in their order, a
 * group until it gives no more, and reloads the shared libraries
 * --as-needed dropped: what LTRANS's code references beyond the IR's
 * symbols (libgcc's __divdi3, libc_nonshared's __stack_chk_fail_local,
 * libgcc_s's _Unwind_Resume stub) comes from there (binutils ldlang.c,
 * lang_process after plugin_call_all_symbols_read). */
void link_select_rescan(struct link *l, const struct link_sym *syms, size_t n)
{
	struct selection *s = l->selection;
	if (!s || l->rescan_from >= l->ninputs)
		return;
	take(s, syms, n, 0);
	s->after_lto = 1;
	walk_inputs(s, l->inputs + l->rescan_from, l->ninputs - l->rescan_from, l->rescan_from);
}
