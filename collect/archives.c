/* Archives as ld gets them once the LTO stage has run: without their LTO
 * members (archives_without_lto), preceded by the members the LTO
 * modules pulled (archives_pulled_first), and with the members only
 * LTRANS's code pulls where a plugin's ld lays them out
 * (archives_rescanned).  PE-COFF import libraries keep their names (or
 * names that sort as theirs): ld sorts the import tables by them.
 *
 * lto1 has compiled the IR of the members the link pulls; the LTO members
 * have nothing left for ld, and some linkers cannot be handed them.  mold
 * refuses any archive member holding GCC's IR without a plugin; ld.bfd
 * under --whole-archive (how CMake links MinGW programs) takes every
 * member in, warns "plugin needed to handle lto object" and keeps the
 * marker symbols __gnu_lto_v1 and __gnu_lto_slim as globals of the
 * program, and a fat member's code would be linked twice.  With GCC's
 * plugin ld never reads them either: the plugin claims them.  So each
 * archive with an LTO member is replaced on ld's command line by a copy
 * of its other members in their order, with a symbol index (arwrite.c),
 * in collect2's temporary directory; an archive left with no member is
 * left out.  Archives that a linker script names stay as they are.
 */
#include "config.h"

#include "inputs.h"
#include "diag.h"
#include "fileinfo.h"
#include "host.h"
#include "namemap.h"
#include "obj.h"
#include "tempfile.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int has_lto_member(const struct input *in)
{
	for (size_t m = 0; m < in->nmembers; m++)
		if (in->members[m].lto)
			return 1;
	return 0;
}

/* A copy of IN's members WHICH[0..N) in that order (all but the LTO
 * ones when WHICH is NULL), at PATH, or when PATH is NULL in a temporary
 * directory of its own by the archive's name (ld matches it: PE's
 * auto-export leaves out what libgcc.a, libmingw32.a, ... define); NULL
 * when no member is left. */
static char *write_copy(const struct input *in, const size_t *which, size_t n, const char *at)
{
	char *err = NULL;
	struct ar_file *a = ar_open(in->path, &err);
	if (!a)
		fatal("%s", err);
	struct ar_writer *w = ar_writer_new();
	struct strvec held = { 0 }; /* thin members' bytes, read for the copy (owned) */
	size_t count = which ? n : in->nmembers;
	for (size_t w_at = 0; w_at < count; w_at++) {
		size_t m = which ? which[w_at] : w_at;
		const struct member *mem = &in->members[m];
		if (mem->lto || m >= ar_nmembers(a))
			continue;
		const char **syms = xcalloc(mem->nsyms + 1, sizeof *syms);
		size_t nsyms = 0;
		for (size_t k = 0; k < mem->nsyms; k++)
			if (mem->syms[k].defined)
				syms[nsyms++] = mem->syms[k].name;
		void *data = ar_member_data(a, m);
		size_t size = (size_t)mem->m.size;
		if (!data) {
			char *bytes;
			if (file_read_all(mem->m.thin_path, &bytes, &size) < 0)
				fatal("cannot read %s: %m", mem->m.thin_path);
			strvec_push(&held, bytes);
			data = bytes;
		}
		ar_writer_add(w, file_base_name(mem->m.name), data, size, syms, nsyms);
		free(syms);
	}
	char *path = NULL;
	if (ar_writer_count(w)) {
		path = at ? xstrdup(at) : xasprintf("%s/%s", temp_make_dir(), file_base_name(in->path));
		if (ar_writer_write(w, path, &err) < 0)
			fatal("%s", err);
	}
	ar_writer_free(w);
	for (size_t i = 0; i < held.n; i++)
		free(held.v[i]);
	strvec_free(&held);
	ar_close(a);
	return path;
}

/* The argument word where IN's option starts: "-l NAME" is two. */
static size_t option_start(const struct link *l, const struct input *in)
{
	if (in->arg > 0 && (strcmp(l->args.v[in->arg - 1], "-l") == 0 ||
			    strcmp(l->args.v[in->arg - 1], "--library") == 0))
		return in->arg - 1;
	return in->arg;
}

/* Put IN on ld's line as PATH. */
static void give_as(const struct link *l, struct ld_edit *e, const struct input *in, char *path)
{
	if (path)
		e->replace[in->arg] = path;
	else
		e->drop[in->arg] = 1;
	/* "-l NAME", "--library NAME": the option word goes */
	if (option_start(l, in) != in->arg)
		e->drop[in->arg - 1] = 1;
}

void archives_without_lto(const struct link *l, struct ld_edit *e)
{
	for (size_t i = 0; i < l->ninputs; i++) {
		const struct input *in = &l->inputs[i];
		if (!obj_kind_is_archive(in->kind) || in->from_script || !has_lto_member(in))
			continue;
		/* the same archive named again: the same copy */
		const struct input *same = NULL;
		for (size_t k = 0; k < i && !same; k++)
			if (l->inputs[k].arg != in->arg && strcmp(l->inputs[k].path, in->path) == 0 &&
			    (e->replace[l->inputs[k].arg] || e->drop[l->inputs[k].arg]))
				same = &l->inputs[k];
		char *copy;
		if (same) {
			copy = e->replace[same->arg];
		} else {
			copy = write_copy(in, NULL, 0, NULL);
		}
		if (l->verbose)
			fprintf(stderr, "collect2: %s: LTO members left out for ld%s%s\n", in->path,
				copy ? ": " : " (none other: left out)", copy ? copy : "");
		give_as(l, e, in, copy);
	}
}

/* Give ld IN's members WHICH[0..N), in that order, as a copy (at AT, or
 * by the archive's name) read whole, with the words appended to TO. */
static void give_members(const struct link *l, const struct input *in, const size_t *which, size_t n,
			 const char *at, struct strvec *to, const char *why)
{
	char *copy = write_copy(in, which, n, at);
	if (!copy)
		return;
	strvec_push(to, "--push-state");
	strvec_push(to, "--whole-archive");
	strvec_push(to, copy);
	strvec_push(to, "--pop-state");
	if (l->verbose)
		fprintf(stderr, "collect2: %s: %zu member%s %s: %s\n", in->path, n, n == 1 ? "" : "s", why, copy);
}

/* A PE-COFF import library (one with members holding .idata$ sections)
 * is not copied: ld lays out the import tables (.idata$2 to $7) sorted
 * by the name of the archive their members come from (SORT(*) in the
 * PE linker scripts), so a copy by another name would move its DLL's
 * block, or split it. */
static int import_library(const struct link *l, const struct input *in)
{
	for (size_t m = 0; l->target->format == OBJ_COFF && m < in->nmembers; m++)
		if (in->members[m].import)
			return 1;
	return 0;
}

/* Whether MEM defines a name of REFS, or __imp_X for an X of REFS (ld's
 * auto-import of data: X in *NAME then, the name a reference has); the
 * first such name in *NAME. */
static int defines_one_of(const struct member *mem, const struct namemap *refs, const char **name)
{
	for (size_t j = 0; j < mem->nsyms; j++) {
		const char *s = mem->syms[j].name;
		if (mem->syms[j].defined && namemap_get(refs, s)) {
			*name = s;
			return 1;
		}
		if (mem->syms[j].defined && !strncmp(s, "__imp_", 6) && namemap_get(refs, s + 6)) {
			*name = s + 6;
			return 1;
		}
	}
	return 0;
}

/* Make ld pull IN's members WHICH[0..N) from IN itself, as its walk
 * pulled them in the first pass.  Those that LTRANS's objects or the
 * files before IN reference, ld pulls there anyway; for each other one,
 * -u with the symbol that a file other than IN's members references
 * (ld then pulls what those members need in its own order, an import
 * library's head and tail after the stubs).  -u enters the name in ld's
 * symbol table before any file: the fewer, the nearer gcc's order of
 * its entries (the order of the program's symbol table). */
static void name_members(const struct link *l, const struct ld_edit *e, const struct input *in, const size_t *which,
			 size_t n, struct strvec *to)
{
	struct namemap refs = { 0 }, natural = { 0 };
	size_t self = (size_t)(in - l->inputs), named = 0;
	for (size_t i = 0; i < e->nobject_syms; i++)
		if (!e->object_syms[i].defined)
			namemap_put(&natural, e->object_syms[i].name, 1);
	for (size_t i = 0; i < l->nloaded; i++)
		for (size_t k = 0; l->loaded[i].input != self && k < l->loaded[i].nsyms; k++)
			if (!l->loaded[i].syms[k].defined) {
				namemap_put(&refs, l->loaded[i].syms[k].name, 1);
				if (!l->loaded[i].lto && l->loaded[i].input < self)
					namemap_put(&natural, l->loaded[i].syms[k].name, 1);
			}
	for (size_t k = 0; k < n; k++) {
		const struct member *mem = &in->members[which[k]];
		const char *name;
		if (defines_one_of(mem, &natural, &name) || !defines_one_of(mem, &refs, &name))
			continue;
		strvec_push(to, "-u");
		strvec_push(to, name);
		named++;
	}
	namemap_free(&refs);
	namemap_free(&natural);
	if (l->verbose)
		fprintf(stderr, "collect2: %s: %zu member%s as the LTO modules pulled them (-u for %zu)\n", in->path, n,
			n == 1 ? "" : "s", named);
}

static int referenced(const struct namemap *refs, const struct member *mem)
{
	for (size_t k = 0; k < mem->nsyms; k++)
		if (mem->syms[k].defined && namemap_get(refs, mem->syms[k].name))
			return 1;
	return 0;
}

/* With GCC's plugin ld pulls archive members for the LTO modules'
 * symbols in its first pass, where the claimed files stand, and keeps
 * them whether or not LTRANS's code still needs them (a C++ program's
 * import stubs of libstdc++.dll.a for functions LTRANS inlined; a
 * template instance that an LTO library defined and LTRANS did not
 * keep, which a later archive would define again).  Each run of members
 * the selection pulled from one archive where it stands is given to ld
 * so, as a copy of those members in pull order under --whole-archive,
 * before the archive (which stays, for what LTRANS needs beyond them).
 * The runs of a --start-group's later walks are left to ld's own walks
 * of the group: given at the group's end, ld would have pulled them
 * from the archive again for LTRANS's references before it got there
 * (newlib's reent.o, twice); so are the members LTRANS's code references
 * of an archive named before (MinGW's libmsvcrt.a, twice): ld pulls them
 * where it first stood.  Archives under --whole-archive already, and a
 * script's, are left to ld too. */
void archives_pulled_first(const struct link *l, struct ld_edit *e)
{
	struct namemap refs = { 0 }; /* what LTRANS's objects reference */
	for (size_t i = 0; i < e->nobject_syms; i++)
		if (!e->object_syms[i].defined)
			namemap_put(&refs, e->object_syms[i].name, 1);
	for (size_t p = 0; p < l->npulls;) {
		const struct pull *first = &l->pulls[p];
		size_t n = 0;
		while (p + n < l->npulls && l->pulls[p + n].input == first->input &&
		       l->pulls[p + n].at_group_end == first->at_group_end)
			n++;
		const struct input *in = &l->inputs[first->input];
		size_t *which = xmalloc(n * sizeof *which), nwhich = 0;
		int again = link_same_file_before(l, in) != NULL;
		for (size_t k = 0; k < n; k++) {
			const struct member *mem = &in->members[l->pulls[p + k].member];
			if (!mem->lto && !(again && referenced(&refs, mem)))
				which[nwhich++] = l->pulls[p + k].member;
		}
		p += n;
		if (!nwhich || in->whole_archive || in->from_script || first->at_group_end) {
			free(which);
			continue;
		}
		if (import_library(l, in))
			name_members(l, e, in, which, nwhich, &e->before[option_start(l, in)]);
		else
			give_members(l, in, which, nwhich, NULL, &e->before[option_start(l, in)],
				     "as the LTO modules pulled them");
		free(which);
	}
	namemap_free(&refs);
}

/* --- where ld's rescan puts what LTRANS's code pulls ------------------
 *
 * ld keeps its files in a chain, in the order it loaded them, and lays
 * out their sections in that order; lto1's objects are on it after the
 * plugin's insertion point.  A run of members that one archive gives in
 * the rescan goes (binutils' find_rescan_insertion) right after the last
 * member that archive gave before; from an archive that gave none, after
 * the last file that input_file_chain lists before the archive and that
 * has a successor in the chain (an object or shared library not last,
 * an archive that gave members: after its last one), then past any
 * archive members.  input_file_chain lists the command line's files
 * in order and then those linker scripts named, as ld read the scripts:
 * a member of libc.so's libc_nonshared.a lands after libc.so.6, and a
 * member of the -lgcc that follows -lc lands before it.  Runs that land
 * at one place stand in the reverse of the order ld pulled them. */

struct chain {
	size_t nunits, *next;    /* nodes: the loaded units, lto1's objects, the rescan pulls */
	int *member;
	size_t head;
};

enum { NONE = (size_t)-1 };

static size_t node_of_pull(const struct chain *c, size_t k) { return c->nunits + 1 + k; }

/* After node AT, the run of nodes FIRST..LAST (chained already). */
static void chain_insert(struct chain *c, size_t at, size_t first, size_t last)
{
	if (at == NONE) {
		c->next[last] = c->head;
		c->head = first;
	} else {
		c->next[last] = c->next[at];
		c->next[at] = first;
	}
}

/* ld's chain after its rescan: loaded units, lto1's objects after the
 * insertion point, and each run of l->rescan_pulls where
 * find_rescan_insertion puts it. */
static void rescan_chain(const struct link *l, struct chain *c)
{
	size_t n = l->nloaded + 1 + l->nrescan_pulls, objects = l->nloaded;
	c->nunits = l->nloaded;
	c->next = xmalloc(n * sizeof *c->next);
	c->member = xcalloc(n, sizeof *c->member);
	c->head = NONE;
	for (size_t i = l->nloaded; i-- > 0;) {
		c->member[i] = l->loaded[i].member;
		c->next[i] = c->head;
		c->head = i;
	}
	chain_insert(c, l->plugin_insert < l->nloaded ? l->plugin_insert : NONE, objects, objects);

	/* each input's node: its unit (objects, shared libraries), the last
	 * member it gave (archives: ld's add_archive_element sets the
	 * archive's next so, and the rescan after each run), lto1's objects
	 * after the insertion point's input; then input_file_chain's order */
	size_t *node = xmalloc((l->ninputs + 1) * sizeof *node), *order = xmalloc((l->ninputs + 1) * sizeof *order);
	for (size_t i = 0; i <= l->ninputs; i++)
		node[i] = NONE;
	for (size_t i = 0; i < l->nloaded; i++)
		node[l->loaded[i].input] = i;
	size_t lto = l->ninputs, norder = 0; /* "input" ninputs stands for lto1's objects */
	node[lto] = objects;
	int placed = l->plugin_insert >= l->nloaded;
	if (placed)
		order[norder++] = lto;
	for (int script = 0; script < 2; script++)
		for (size_t i = 0; i < l->ninputs; i++) {
			if (l->inputs[i].from_script != script)
				continue;
			order[norder++] = i;
			if (!placed && l->plugin_insert < l->nloaded && l->loaded[l->plugin_insert].input == i) {
				order[norder++] = lto;
				placed = 1;
			}
		}

	for (size_t k = 0; k < l->nrescan_pulls;) {
		size_t archive = l->rescan_pulls[k].input, first = node_of_pull(c, k), last = first;
		c->member[first] = 1;
		for (k++; k < l->nrescan_pulls && l->rescan_pulls[k].input == archive; k++) {
			c->next[last] = node_of_pull(c, k);
			last = node_of_pull(c, k);
			c->member[last] = 1;
		}
		size_t at = node[archive];
		if (at == NONE) {
			size_t before = NONE;
			for (size_t o = 0; o < norder && order[o] != archive; o++)
				if (node[order[o]] != NONE && c->next[node[order[o]]] != NONE)
					before = node[order[o]];
			at = before != NONE ? before : c->head;
			while (at != NONE && c->next[at] != NONE && c->member[c->next[at]])
				at = c->next[at];
		}
		chain_insert(c, at, first, last);
		node[archive] = last;
	}
	free(node);
	free(order);
}

/* Whether X is the archive IN, or the same file named again. */
static int same_archive(const struct input *x, const struct input *in)
{
	return x == in || link_same_file(x, in) ||
	       (x->kind == in->kind && x->nmembers == in->nmembers && strcmp(x->path, in->path) == 0);
}

/* Whether ld reads X, the archive IN (or the same file again), after
 * lto1's objects and before argument PLACE. */
static int gives_before(const struct link *l, const struct ld_edit *e, const struct input *x, const struct input *in,
			size_t place)
{
	return same_archive(x, in) && x->arg >= e->at && option_start(l, x) < place;
}

/* An import library's run can move only under names that sort as the
 * archives' (respelled, below), and only when it is all that archive
 * gives: a run of stubs after the head and tail another pass pulled
 * would fall outside its DLL's block.  RESPELL: every import library of
 * the link can be respelled. */
static int import_run_movable(const struct link *l, const struct input *in, int respell)
{
	for (size_t u = 0; respell && u < l->nloaded; u++)
		if (l->loaded[u].member && same_archive(&l->inputs[l->loaded[u].input], in))
			return 0;
	return respell;
}

/* ld sorts the import tables by the name of the archive (above): an
 * import library whose members move is given to ld, with every other
 * import library of the link, by a name in one temporary directory TOP
 * that sorts as its own name does, TOP/r<directory, '/' as '.'>/<name>;
 * the others as symbolic links.  NULL when a name is too long. */
static char *respelled_name(const char *path)
{
	const char *slash = strrchr(path, '/');
	char *dir = xasprintf("r%.*s", slash ? (int)(slash - path) : 0, path);
	for (char *p = dir; *p; p++)
		if (*p == '/')
			*p = '.';
	if (strlen(dir) > 200) {
		free(dir);
		return NULL;
	}
	char *name = xasprintf("%s/%s", dir, slash ? slash + 1 : path);
	free(dir);
	return name;
}

static char *respelled(const char *top, const char *path)
{
	char *name = respelled_name(path), *slash = strrchr(name, '/');
	*slash = 0;
	char *dir = temp_make_subdir(top, name);
	char *r = xasprintf("%s/%s", dir, slash + 1);
	free(dir);
	free(name);
	return r;
}

/* Whether every import library of the link can be given by another
 * name: none a script names, no name too long. */
static int can_respell(const struct link *l)
{
	for (size_t i = 0; i < l->ninputs; i++) {
		if (!obj_kind_is_archive(l->inputs[i].kind) || !import_library(l, &l->inputs[i]))
			continue;
		char *name = respelled_name(l->inputs[i].path);
		if (!name || l->inputs[i].from_script)
			return 0;
		free(name);
	}
	return 1;
}

/* Whether the first pass pulled members of IN (or of the same file
 * named elsewhere). */
static int gave_first(const struct link *l, const struct input *in)
{
	for (size_t p = 0; p < l->npulls; p++)
		if (same_archive(&l->inputs[l->pulls[p].input], in))
			return 1;
	return 0;
}

/* A copy of the import library IN at PATH with all its members, those
 * the first pass pulled first in pull order, then those ld's rescan
 * pulls, then the others: ld's walk over its symbol index, made in that
 * order, pulls the rescan's after the first pass's, as the plugin's
 * link lays them out (right after the archive's last member), where the
 * library itself would interleave them.  The name sorts as its own. */
static void write_in_pull_order(const struct link *l, const struct input *in, const char *path)
{
	size_t *which = xmalloc((in->nmembers + 1) * sizeof *which), n = 0;
	int *seen = xcalloc(in->nmembers + 1, sizeof *seen);
	for (int pass = 0; pass < 2; pass++) {
		const struct pull *pulls = pass ? l->rescan_pulls : l->pulls;
		size_t npulls = pass ? l->nrescan_pulls : l->npulls;
		for (size_t p = 0; p < npulls; p++)
			if (same_archive(&l->inputs[pulls[p].input], in) && !seen[pulls[p].member]) {
				seen[pulls[p].member] = 1;
				which[n++] = pulls[p].member;
			}
	}
	for (size_t m = 0; m < in->nmembers; m++)
		if (!seen[m])
			which[n++] = m;
	char *copy = write_copy(in, which, n, path);
	free(copy);
	free(which);
	free(seen);
}


/* Whether the chain's node AT is a member of the first pass that ld
 * pulls from its archive where that stands on the line, no copy of
 * members given before it (FIRST_GIVEN: the words before each argument
 * when the rescan's runs came): a run given there lands right before it
 * (mingw-w64 12's libmingwex.a run before libmsvcrt.a's members, as the
 * plugin's rescan lays it out after libmingwex.a's last member; the run
 * needs libmsvcrt.a's own _lock_file). */
static int pulled_in_place(const struct link *l, const struct ld_edit *e, const struct chain *c, size_t at,
			   const size_t *first_given)
{
	if (at >= c->nunits)
		return 0;
	const struct input *y = &l->inputs[l->loaded[at].input];
	size_t place = option_start(l, y);
	return obj_kind_is_archive(y->kind) && !y->from_script && !y->whole_archive && y->arg >= e->at &&
	       !e->drop[y->arg] && first_given[place] == 0;
}

/* The members a plugin's ld pulls for LTRANS's code in its rescan are
 * given to ld where that ld lays them out: as a copy of each run under
 * --whole-archive, before the file that follows the run in the chain,
 * or the archive whose member follows it when ld pulls that member
 * where the archive stands (its script, for a file a script names; the
 * end of the line when none).  ld would pull them from the archive itself wherever it comes
 * first after lto1's objects and before that place: such an archive is
 * replaced by a copy without them.  A run is left to ld when its place
 * is where ld pulls it anyway (no unit in between), or when an archive
 * a script names would have to lose members. */
void archives_rescanned(const struct link *l, struct ld_edit *e)
{
	if (!l->nrescan_pulls)
		return;
	struct chain c;
	rescan_chain(l, &c);
	int **taken = xcalloc(l->ninputs, sizeof *taken); /* members a copy of inputs[i] leaves out */
	int respell = can_respell(l);
	char *top = NULL; /* the respelled import libraries' directory, once one moves */
	int *reorder = xcalloc(l->ninputs, sizeof *reorder); /* import libraries given in pull order */
	int *given = xcalloc(l->ninputs + 1, sizeof *given);  /* inputs given to ld otherwise by now */
	size_t *first_given = xmalloc((l->args.n + 1) * sizeof *first_given);
	for (size_t a = 0; a <= l->args.n; a++)
		first_given[a] = e->before[a].n;
	for (size_t at = c.head; at != NONE; at = c.next[at]) {
		if (at <= c.nunits)
			continue;
		size_t k = at - c.nunits - 1, archive = l->rescan_pulls[k].input, n = 0;
		if (k > 0 && l->rescan_pulls[k - 1].input == archive)
			continue; /* inside a run */
		while (k + n < l->nrescan_pulls && l->rescan_pulls[k + n].input == archive)
			n++;
		size_t follower = c.next[node_of_pull(&c, k + n - 1)];
		while (follower != NONE && c.member[follower] && !pulled_in_place(l, e, &c, follower, first_given))
			follower = c.next[follower];
		if (follower == c.nunits)
			continue; /* before lto1's objects: not a place ld can be given */
		size_t follower_input = follower == NONE ? l->ninputs : l->loaded[follower].input;
		size_t place = follower == NONE ? l->args.n : option_start(l, &l->inputs[follower_input]);
		/* where ld pulls the run itself: no unit in between */
		int same = follower_input > archive;
		for (size_t u = 0; same && u < l->nloaded; u++)
			same = !(l->loaded[u].input > archive && l->loaded[u].input < follower_input);
		const struct input *in = &l->inputs[archive];
		int import = import_library(l, in);
		if (import && gave_first(l, in)) {
			/* right after the first pass's members: in ld's walk */
			reorder[archive] = respell;
			continue;
		}
		int movable = !same && place >= e->at && (!import || import_run_movable(l, in, respell));
		for (size_t i = 0; movable && i < l->ninputs; i++)
			if (gives_before(l, e, &l->inputs[i], in, place))
				movable = !l->inputs[i].from_script && !l->inputs[i].whole_archive;
		if (!movable)
			continue;
		size_t *which = xmalloc(n * sizeof *which), nwhich = 0;
		for (size_t j = 0; j < n; j++) {
			size_t m = l->rescan_pulls[k + j].member;
			if (in->members[m].lto)
				continue;
			which[nwhich++] = m;
			for (size_t i = 0; i < l->ninputs; i++) {
				if (!gives_before(l, e, &l->inputs[i], in, place))
					continue;
				if (!taken[i])
					taken[i] = xcalloc(in->nmembers, sizeof *taken[i]);
				taken[i][m] = 1;
			}
		}
		char *copy_at = NULL;
		if (import) {
			if (!top)
				top = temp_make_dir();
			char *name = respelled(top, in->path);
			copy_at = xasprintf("%s~", name); /* right after the archive's name */
			free(name);
		}
		if (nwhich)
			give_members(l, in, which, nwhich, copy_at, &e->before[place],
				     "as ld's rescan for LTRANS's code places them");
		free(copy_at);
		free(which);
	}
	/* the archives that would give those members too soon */
	for (size_t i = 0; i < l->ninputs; i++) {
		if (!taken[i])
			continue;
		const struct input *x = &l->inputs[i];
		size_t *which = xmalloc((x->nmembers + 1) * sizeof *which), nwhich = 0;
		for (size_t m = 0; m < x->nmembers; m++)
			if (!taken[i][m])
				which[nwhich++] = m;
		char *copy_at = top && import_library(l, x) ? respelled(top, x->path) : NULL;
		char *copy = write_copy(x, which, nwhich, copy_at);
		free(which);
		free(copy_at);
		give_as(l, e, x, copy);
		given[i] = 1;
		if (l->verbose)
			fprintf(stderr, "collect2: %s: without the members ld's rescan gives later%s%s\n", x->path,
				copy ? ": " : "", copy ? copy : "");
	}
	/* the import libraries whose walk is to pull their runs after the
	 * first pass's members, as copies in pull order */
	for (size_t i = 0; i < l->ninputs; i++) {
		if (!reorder[i])
			continue;
		if (!top)
			top = temp_make_dir();
		char *path = respelled(top, l->inputs[i].path);
		write_in_pull_order(l, &l->inputs[i], path);
		for (size_t k = 0; k < l->ninputs; k++)
			if (same_archive(&l->inputs[k], &l->inputs[i])) {
				give_as(l, e, &l->inputs[k], xstrdup(path));
				reorder[k] = 0;
				given[k] = 1;
			}
		if (l->verbose)
			fprintf(stderr, "collect2: %s: its members in ld's pull order: %s\n", l->inputs[i].path, path);
		free(path);
	}
	free(reorder);
	/* the other import libraries, by their respelled names */
	for (size_t i = 0; top && i < l->ninputs; i++) {
		const struct input *x = &l->inputs[i];
		if (given[i] || !obj_kind_is_archive(x->kind) || !import_library(l, x))
			continue;
		char *path = respelled(top, x->path);
		if (host_alias_file(x->path, path) < 0 && errno != EEXIST)
			fatal("cannot link %s to %s: %m", path, x->path);
		give_as(l, e, x, path);
	}
	for (size_t i = 0; i < l->ninputs; i++)
		free(taken[i]);
	free(taken);
	free(given);
	free(first_given);
	free(c.next);
	free(c.member);
}
