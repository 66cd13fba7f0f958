/* The objects for ld as ld makes the files of a linker plugin.
 *
 * With GCC's plugin, GNU ld treats the plugin's files otherwise than
 * the objects on its command line, in two ways that reach the output's
 * bytes (bfd's elflink.c); lto1 gives ld its objects as ordinary inputs,
 * so it makes them so first:
 *
 *   - The COMDAT groups of a claimed LTO file are ld's from the first
 *     pass: ld keeps the first copy of each group it meets, and a non-LTO
 *     object later on the line loses its copy of a group an LTO module
 *     holds, even where LTRANS then inlined the group's functions away or
 *     made them plain globals (C++ template instances: a non-LTO library
 *     with its own basic_stringbuf<char> destructors links them beside
 *     LTRANS's, 144 bytes of dead code in the test's program).  So a
 *     "groups" object follows the LTRANS objects: for every group that
 *     ld would keep for an LTO module (resolve.c says which), an empty
 *     section alone in a COMDAT group of that signature, SHF_EXCLUDE, so
 *     that ld discards the later copies and writes nothing of its own;
 *     with the stack and property notes of the first LTRANS object, which
 *     ld merges over every input (without them the program would get an
 *     executable stack or lose its CET marking).
 *   - ld drops the FILE symbols of the objects a plugin adds (LTRANS names
 *     a temporary, "<artificial>"): obj_as_plugin_output.
 *
 * ELF only: PE-COFF's link has other rules.  No groups object for -r
 * (ld -r would keep the empty groups); neither with
 * -fno-use-linker-plugin, where gcc too gives ld the LTRANS objects as
 * ordinary ones.
 */
#include "config.h"

#include "lto1.h"

#include "diag.h"

#include <stdlib.h>
#include <string.h>

static const char *const copied_notes[] = { ".note.GNU-stack", ".note.gnu.property" };

/* The groups object PATH, its machine and notes those of LIKE. */
static int write_groups(const struct strvec *keys, const char *like, const char *path)
{
	struct obj_file *f = obj_open_or_report(like);
	if (!f)
		return 1;
	char *err = NULL;
	struct obj_writer *w = obj_create(OBJ_ELF, obj_machine(f), obj_is64(f));
	for (size_t i = 0; i < keys->n; i++) {
		obj_begin_section(w, keys->v[i], OBJ_ELF_SHF_EXCLUDE, 1);
		obj_set_comdat(w);
		obj_end_section(w);
	}
	for (size_t k = 0; k < sizeof copied_notes / sizeof *copied_notes; k++) {
		const struct obj_section *s = obj_find_section(f, copied_notes[k]);
		if (!s)
			continue;
		obj_begin_section(w, s->name, s->flags, s->align);
		if (s->data)
			obj_append(w, s->data, (size_t)s->size);
		obj_end_section(w);
	}
	obj_close(f);
	int bad = obj_write(w, path, &err) < 0;
	if (bad) {
		diag(DIAG_ERROR, "%s", err);
		free(err);
	}
	obj_writer_free(w);
	return bad;
}

int lto_ld_view(const struct strvec *kept_comdats, const char *prefix, struct strvec *outputs)
{
	if (!outputs->n)
		return 0;
	for (size_t i = 0; i < outputs->n; i++) {
		char *err;
		if (obj_as_plugin_output(outputs->v[i], &err) < 0) {
			diag(DIAG_ERROR, "%s", err);
			free(err);
			return 1;
		}
	}
	if (!kept_comdats || !kept_comdats->n)
		return 0;
	char *path = xasprintf("%sgroups.o", prefix);
	if (write_groups(kept_comdats, outputs->v[0], path))
		return 1;
	strvec_push(outputs, path);
	return 0;
}
