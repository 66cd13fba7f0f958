/* Archives as ld gets them once the LTO stage has run: without their LTO
 * members.
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

/* The copy of IN without its LTO members, written in DIR (the N-th
 * input's); NULL when no member is left. */
static char *write_copy(const struct input *in, const char *dir, size_t n)
{
	char *err = NULL;
	struct ar_file *a = ar_open(in->path, &err);
	if (!a)
		fatal("%s", err);
	struct ar_writer *w = ar_writer_new();
	struct strvec held = { 0 }; /* thin members' bytes, read for the copy (owned) */
	for (size_t m = 0; m < in->nmembers && m < ar_nmembers(a); m++) {
		const struct member *mem = &in->members[m];
		if (mem->lto)
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
		path = xasprintf("%s/%zu-%s", dir, n, file_base_name(in->path));
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
			copy = write_copy(in, dir, i);
		}
		if (l->verbose)
			fprintf(stderr, "collect2: %s: LTO members left out for ld%s%s\n", in->path,
				copy ? ": " : " (none other: left out)", copy ? copy : "");
		if (copy)
			e->replace[in->arg] = copy;
		else
			e->drop[in->arg] = 1;
		/* "-l NAME", "--library NAME": the option word goes too */
		if (in->arg > 0 && (strcmp(l->args.v[in->arg - 1], "-l") == 0 ||
				    strcmp(l->args.v[in->arg - 1], "--library") == 0))
			e->drop[in->arg - 1] = 1;
	}
}
