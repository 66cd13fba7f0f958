/* Scanning the link inputs: what each one is, which carry LTO IR, and
 * which archive members the link pulls in.
 *
 * LTO objects are found two ways.  nm, run once over all objects and
 * archives with an explicit BFD target (--target=default keeps binutils
 * from loading its LTO plugin and shows the raw symbols), reveals the
 * markers __gnu_lto_v1 (xgcc, GCC 4.5) and __gnu_lto_slim (GCC 12 slim
 * objects), with the target's symbol prefix ("___gnu_lto_v1" on i386
 * COFF).  Fat objects of stock GCC 12 carry no marker: the object layer
 * finds their .gnu.lto_ sections.  Where the target has no nm (the Cygwin
 * rows on a machine without a Cygwin toolchain), the markers are read from
 * the symbol tables through the object layer instead.  nm runs while the
 * object layer reads the inputs (each mapped, only its headers, tables and
 * LTO sections touched): the markers are needed only afterwards, to check
 * that what carries one has LTO sections.  Neither reads the files known
 * to hold no IR (the scan memo, memo.c, and the objects the driver has
 * just compiled without -flto), and when nothing else carries IR, the
 * link is ld's alone: nothing more is read.
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
#include "process.h"
#include "respfile.h"
#include "tempfile.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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
		if (s->binding == OBJB_LOCAL || !*s->name)
			continue;
		add_sym(syms, n, s->name, s->section != -1, s->binding == OBJB_WEAK, s->section == -3,
			s->binding != OBJB_WEAK && in_comdat(f, s->section));
	}
}

/* Open PATH, tell whether it carries LTO IR (and is slim), and read its
 * symbols the way the member selection wants them. */
static int is_marker(const struct link *l, const char *name);

/* LTO IR where nm saw a marker, or the object layer did when there is no nm. */
static void check_marker(const char *path, int marked, int lto)
{
	if (marked && !lto)
		stop("%s: has the LTO marker but no .gnu.lto_ sections", path);
}

/* F, opened from PATH; FIND_MARKER: nm is not run, look for the marker
 * here.  F is closed. */
static void scan_object(const struct link *l, struct obj_file *f, const char *path, int find_marker, int *lto,
			int *slim, struct link_sym **syms, size_t *nsyms)
{
	int marked = 0;
	for (size_t i = 0; find_marker && i < obj_nsymbols(f) && !marked; i++)
		marked = obj_symbol(f, i)->binding != OBJB_LOCAL && is_marker(l, obj_symbol(f, i)->name);
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
	check_marker(path, marked, has_lto);
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
static const struct input *same_file_before(const struct link *l, const struct input *in)
{
	for (const struct input *p = l->inputs; in->keyed && p < in; p++)
		if (p->keyed && p->kind == in->kind && p->key.dev == in->key.dev && p->key.ino == in->key.ino)
			return p;
	return NULL;
}

/* --- nm -------------------------------------------------------------- */

/* 1 for __gnu_lto_v1, 2 for __gnu_lto_slim (with the target's prefix), else 0. */
static int is_marker(const struct link *l, const char *name)
{
	const char *p = l->target->symbol_prefix;
	size_t plen = strlen(p);
	if (strncmp(name, p, plen) != 0)
		return 0;
	return strcmp(name + plen, "__gnu_lto_v1") == 0 ? 1 : strcmp(name + plen, "__gnu_lto_slim") == 0 ? 2 : 0;
}

/* One line of "nm -A -P" output: mark the input or member it names when
 * its symbol is an LTO marker.  Lines look like "PATH: NAME TYPE ..." or
 * "ARCHIVE[MEMBER]: NAME TYPE ..."; anything else is passed over. */
void nm_mark_line(const struct link *l, const char *line, int *obj_marked, int **member_marked)
{
	for (size_t i = 0; i < l->ninputs; i++) {
		struct input *in = &l->inputs[i];
		size_t plen = strlen(in->path);
		if (strncmp(line, in->path, plen) != 0)
			continue;
		const char *rest = line + plen;
		const char *member = NULL;
		size_t mlen = 0;
		if (*rest == '[') {
			member = rest + 1;
			const char *close = strstr(member, "]: ");
			if (!close)
				continue;
			mlen = (size_t)(close - member);
			rest = close + 1;
		}
		if (strncmp(rest, ": ", 2) != 0)
			continue;
		char name[4096];
		int marker;
		if (sscanf(rest + 2, "%4095s", name) != 1 || !(marker = is_marker(l, name)))
			break;
		if (!member) {
			obj_marked[i] |= marker;
			break;
		}
		/* Members may share a name, and nm shows them in order: the
		 * first member of that name without this marker yet (a member
		 * has each marker once, and an xgcc object both). */
		for (size_t m = 0; m < in->nmembers; m++)
			if (strlen(in->members[m].m.name) == mlen &&
			    strncmp(in->members[m].m.name, member, mlen) == 0 && !(member_marked[i][m] & marker)) {
				member_marked[i][m] |= marker;
				break;
			}
		break;
	}
}

/* nm over all objects and archives, started before the object layer's
 * scan and waited for after it. */
struct nm_run {
	struct strvec argv;
	struct spawn_cmd cmd;
	pid_t pid;
	char *out;
};

/* Start nm over the objects and archives (none: nothing is started).
 * Returns -1 when the target has no nm to run, else 0. */
static int nm_start(struct link *l, struct nm_run *r)
{
	struct strvec *c = &r->argv;
	strvec_push(c, (char *)l->nm);
	strvec_push(c, "--target=default");
	strvec_push(c, "-A");
	strvec_push(c, "-P");
	size_t nfiles = 0;
	for (size_t i = 0; i < l->ninputs; i++) {
		enum obj_kind k = l->inputs[i].kind;
		if ((obj_kind_is_object(k) || obj_kind_is_archive(k)) && !l->inputs[i].known_clean &&
		    !same_file_before(l, &l->inputs[i])) {
			strvec_push(c, l->inputs[i].path);
			nfiles++;
		}
	}
	if (!nfiles)
		return 0;
	respfile_fit(c, 4); /* nm reads @FILE: thousands of long paths fit */
	if (l->trace)
		strvec_print(c, stderr);
	r->out = temp_make(".nm");
	r->cmd = (struct spawn_cmd){ .argv = c->v, .name = "nm", .out_path = r->out, .err_path = "/dev/null" };
	if (spawn_start(&r->cmd, 1, &r->pid) == 0)
		return 0;
	if (r->cmd.exec_errno == ENOENT && *l->target->tool_prefix) {
		if (l->verbose)
			fprintf(stderr, "collect2: no %s: the LTO markers are read from the symbol tables\n", l->nm);
		return -1;
	}
	fatal("cannot execute %s: %s", diag_q(l->nm), strerror(r->cmd.exec_errno));
}

/* Wait for nm and mark what has a marker. */
static void nm_finish(struct link *l, struct nm_run *r, int *obj_marked, int **member_marked)
{
	if (!r->out) {
		strvec_free(&r->argv);
		return;
	}
	spawn_wait(&r->cmd, 1, &r->pid, 0);
	/* 1 is a file nm did not recognize, which the object layer judges;
	 * more, or a signal (reported by spawn), is nm failing, as in gcc */
	if (r->cmd.status > 1 && r->cmd.status < 128)
		fatal("%s returned %d exit status", l->nm, r->cmd.status);
	if (r->cmd.status >= 128)
		exit(1);
	FILE *f = fopen(r->out, "r");
	char *line = NULL;
	size_t cap = 0;
	while (f && getline(&line, &cap, f) > 0)
		nm_mark_line(l, line, obj_marked, member_marked);
	free(line);
	if (f)
		fclose(f);
	/* gone now, not at exit: a collect2 killed later leaves no copy of
	 * every symbol of the link in TMPDIR */
	unlink(r->out);
	strvec_free(&r->argv);
}

/* --- the member selection -------------------------------------------- */

struct selection {
	struct namemap defined, undefined;
	struct link *l;
};

static void loaded(struct link *l, const char *path, int lto, int slim, int dso, const struct link_sym *syms,
		   size_t n)
{
	l->loaded = xrealloc(l->loaded, (l->nloaded + 1) * sizeof *l->loaded);
	l->loaded[l->nloaded++] = (struct loaded){ path, lto, slim, dso, syms, n };
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

static void take(struct selection *s, const struct link_sym *syms, size_t n)
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
	}
}

static int wanted(const struct selection *s, const struct member *m)
{
	for (size_t i = 0; i < m->nsyms; i++)
		if (m->syms[i].defined && set_has(&s->undefined, m->syms[i].name) &&
		    !set_has(&s->defined, m->syms[i].name))
			return 1;
	return 0;
}

/* One pass over an archive; returns how many members it pulled. */
static int walk_archive(struct selection *s, struct input *in)
{
	int pulled = 0, again = 1;
	while (again) {
		again = 0;
		for (size_t m = 0; m < in->nmembers; m++) {
			struct member *mem = &in->members[m];
			if (mem->pulled || !(in->whole_archive || wanted(s, mem)))
				continue;
			mem->pulled = 1;
			take(s, mem->syms, mem->nsyms);
			if (obj_kind_is_object(mem->kind))
				loaded(s->l, mem->path, mem->lto, mem->slim, 0, mem->syms, mem->nsyms);
			pulled++;
			again = 1;
		}
	}
	return pulled;
}


static void select_members(struct link *l)
{
	struct selection s = { .l = l };
	for (size_t i = 0; i < l->undefined.n; i++)
		set_add(&s.undefined, l->undefined.v[i]);
	for (size_t i = 0; i < l->ninputs; i++) {
		struct input *in = &l->inputs[i];
		if (!obj_kind_is_archive(in->kind)) {
			take(&s, in->syms, in->nsyms);
			if (obj_kind_is_object(in->kind) || in->kind == OBJK_ELF_DYN)
				loaded(l, in->path, in->lto, in->slim, in->kind == OBJK_ELF_DYN, in->syms, in->nsyms);
			continue;
		}
		walk_archive(&s, in);
		/* the end of a group: walk its archives until none pulls more */
		if (in->group && (i + 1 == l->ninputs || l->inputs[i + 1].group != in->group)) {
			size_t first = i;
			while (first > 0 && l->inputs[first - 1].group == in->group)
				first--;
			int more = 1;
			while (more) {
				more = 0;
				for (size_t k = first; k <= i; k++)
					if (obj_kind_is_archive(l->inputs[k].kind))
						more += walk_archive(&s, &l->inputs[k]);
			}
		}
	}
	namemap_free(&s.defined);
	namemap_free(&s.undefined);
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
	} else if (obj_kind_is_archive(in->kind) && (same = same_file_before(l, in)) && same->scanned) {
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

/* nm's markers against what the object layer found in the inputs read. */
static void check_markers(struct link *l, struct nm_run *nm)
{
	int *obj_marked = xcalloc(l->ninputs, sizeof *obj_marked);
	int **member_marked = xcalloc(l->ninputs, sizeof *member_marked);
	for (size_t i = 0; i < l->ninputs; i++)
		member_marked[i] = xcalloc(l->inputs[i].nmembers + 1, sizeof **member_marked);
	nm_finish(l, nm, obj_marked, member_marked);
	for (size_t i = 0; i < l->ninputs; i++) {
		struct input *in = &l->inputs[i];
		if (obj_kind_is_object(in->kind))
			check_marker(in->path, obj_marked[i], in->lto);
		for (size_t m = 0; m < in->nmembers; m++)
			if (obj_kind_is_object(in->members[m].kind))
				check_marker(in->members[m].path, member_marked[i][m], in->members[m].lto);
		free(member_marked[i]);
	}
	free(member_marked);
	free(obj_marked);
}

/* First the inputs that may hold IR, those the scan memo does not know
 * and the driver did not compile without -flto (XGCC_PLAIN_OBJECTS, its
 * objects' names a line each): nm over them while the object layer reads
 * them.  When none carries IR, the link is ld's alone and nothing more
 * is read; else the rest are read too (the member selection and lto1's
 * resolution need every symbol) and the archive members the link pulls
 * are selected. */
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
		if (in->known_clean && l->trace)
			fprintf(stderr, "collect2: known to hold no IR: %s\n", in->path);
	}
	strvec_free(&plain);

	struct nm_run nm = { 0 };
	int find_marker = nm_start(l, &nm) < 0;
	int any_ir = 0;
	for (size_t i = 0; i < l->ninputs; i++)
		if (!l->inputs[i].known_clean && l->inputs[i].kind != OBJK_ELF_DYN)
			scan_input(l, &l->inputs[i], find_marker);
	check_markers(l, &nm);
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
