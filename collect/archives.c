/* Archives as ld gets them once the LTO stage has run: without their LTO
 * members, and preceded by the members the LTO modules pulled
 * (archives_pulled_first).
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
#include "namemap.h"
#include "obj.h"
#include "tempfile.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int has_lto_member(const struct input *in)
{
	for (size_t m = 0; m < in->nmembers; m++)
		if (in->members[m].lto)
			return 1;
	return 0;
}

/* A copy of IN's members WHICH[0..N) in that order (all but the LTO
 * ones when WHICH is NULL), written in DIR as NAME-ARCHIVE; NULL when no
 * member is left. */
static char *write_copy(const struct input *in, const size_t *which, size_t n, const char *dir, const char *name)
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
		path = xasprintf("%s/%s-%s", dir, name, file_base_name(in->path));
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

void archives_without_lto(const struct link *l, struct ld_edit *e)
{
	char *dir = NULL;
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
			if (!dir)
				dir = temp_make_dir();
			char *name = xasprintf("%zu", i);
			copy = write_copy(in, NULL, 0, dir, name);
			free(name);
		}
		if (l->verbose)
			fprintf(stderr, "collect2: %s: LTO members left out for ld%s%s\n", in->path,
				copy ? ": " : " (none other: left out)", copy ? copy : "");
		if (copy)
			e->replace[in->arg] = copy;
		else
			e->drop[in->arg] = 1;
		/* "-l NAME", "--library NAME": the option word goes too */
		if (option_start(l, in) != in->arg)
			e->drop[in->arg - 1] = 1;
	}
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
	char *dir = NULL;
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
		if (!dir)
			dir = temp_make_dir();
		char *name = xasprintf("%zu-%zu", first->input, p);
		char *copy = write_copy(in, which, nwhich, dir, name);
		free(name);
		free(which);
		if (!copy)
			continue;
		struct strvec *to = &e->before[option_start(l, in)];
		strvec_push(to, "--push-state");
		strvec_push(to, "--whole-archive");
		strvec_push(to, copy);
		strvec_push(to, "--pop-state");
		if (l->verbose)
			fprintf(stderr, "collect2: %s: %zu member%s as the LTO modules pulled them: %s\n", in->path,
				nwhich, nwhich == 1 ? "" : "s", copy);
	}
	namemap_free(&refs);
}
