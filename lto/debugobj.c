/* The debug objects of a final link: the early debug info of -g LTO
 * inputs, for ld beside the LTRANS objects.
 *
 * The DWARF of an LTRANS object holds only what optimization decided
 * (code ranges, locations, inlined copies); for everything else (the
 * unit, its types and declarations) it refers to the unit's early debug
 * info, compiled into the LTO object as ".gnu.debuglto_.debug_*"
 * sections, through a weak hidden symbol per unit ("a.c.7517c6af").
 * ld drops those sections (SHF_EXCLUDE), so, as GCC's lto-wrapper does,
 * every LTO input that has a ".gnu.debuglto_.debug_info" gets an object
 * of its own holding, in the input's order:
 *   - the early debug sections, renamed ".debug_*" for a final link
 *     (kept as they are for -flinker-output=rel), SHF_EXCLUDE cleared,
 *     with their relocations and the symbols defined in them;
 *   - .note.GNU-stack, SHF_EXECINSTR cleared (the object has no code and
 *     needs no trampolines; without the note ld would give the program an
 *     executable stack), .note.gnu.property (without it the program would
 *     lose the CET marking of -fcf-protection), .comment,
 *     .GCC.command.line, .ctf and .BTF, when the input has them.
 * Comdat groups (the -g3 macro sections) become plain sections: valid,
 * only not deduplicated across units.  COFF LTO objects carry no early
 * debug sections, so only ELF inputs get one.
 *
 * The objects follow the LTRANS objects on ld's command line, in input
 * order.  Each is named after its input: "<dir>/<input>.debug.temp.o",
 * <dir> being where the dump prefix puts the other files (the output's
 * directory with -save-temps, which keeps them; else lto1's temporary
 * directory) and <input> the input's base name ("p-a.o", "libb.a@0x8a");
 * a name already taken gets ".2", ".3"... before ".debug.temp.o".  A link
 * whose options end in -g0 gets none, as with lto-wrapper.
 */
#include "config.h"

#include "lto1.h"

#include "diag.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#define STACK_NOTE ".note.GNU-stack"

static const char *const kept_sections[] = {
	STACK_NOTE, ".note.gnu.property", ".comment", ".GCC.command.line", ".ctf", ".BTF",
};

static int is_kept(const struct obj_section *s)
{
	if (is_early_debug(s))
		return 1;
	for (size_t k = 0; k < sizeof kept_sections / sizeof *kept_sections; k++)
		if (strcmp(s->name, kept_sections[k]) == 0)
			return 1;
	return 0;
}

/* Does the last debug level option (-g, -g0, -g3...) say none? */
static int debug_off(const struct strvec *opts)
{
	int off = 0;
	for (size_t i = 0; i < opts->n; i++) {
		const char *a = opts->v[i];
		if (strncmp(a, "-g", 2) != 0)
			continue;
		size_t k = 2;
		while (isdigit((unsigned char)a[k]))
			k++;
		if (a[k] == 0)
			off = strcmp(a, "-g0") == 0;
	}
	return off;
}

static int has_early_debug(struct obj_file *f)
{
	return obj_format(f) == OBJ_ELF && obj_find_section(f, EARLY_DEBUG_PREFIX ".debug_info");
}

/* "<dir of PREFIX><base of INPUT>[.N].debug.temp.o", not in TAKEN. */
static char *object_name(const char *prefix, const char *input, const struct strvec *taken)
{
	const char *slash = strrchr(prefix, '/'), *base = strrchr(input, '/');
	int dirlen = slash ? (int)(slash - prefix + 1) : 0;
	base = base ? base + 1 : input;
	char *name = xasprintf("%.*s%s.debug.temp.o", dirlen, prefix, base);
	for (unsigned n = 2; strvec_contains(taken, name); n++) {
		free(name);
		name = xasprintf("%.*s%s.%u.debug.temp.o", dirlen, prefix, base, n);
	}
	return name;
}

/* The debug object of IN at PATH.  0, or 1 after an error message. */
static int write_debug_object(const struct lto_input *in, const char *path, int rename)
{
	struct obj_file *f = in->f;
	struct debug_copy c;
	int bad = 0;
	debug_copy_init(&c, in->name, f);
	for (size_t i = 0; i < obj_nsections(f) && !bad; i++)
		if (is_kept(obj_section(f, i)))
			bad = debug_copy_relocs(&c, i, is_kept);
	if (!bad) {
		struct obj_writer *w = obj_create(OBJ_ELF, obj_machine(f), obj_is64(f));
		for (size_t i = 0; i < obj_nsections(f); i++) {
			const struct obj_section *s = obj_section(f, i);
			if (!is_kept(s))
				continue;
			uint64_t flags = s->flags & ~(uint64_t)OBJ_ELF_SHF_EXCLUDE;
			if (strcmp(s->name, STACK_NOTE) == 0)
				flags &= ~(uint64_t)OBJ_ELF_SHF_EXECINSTR;
			/* ".gnu.debuglto_.debug_info" -> ".debug_info" */
			const char *name = rename && is_early_debug(s) ? s->name + strlen(EARLY_DEBUG_PREFIX)
								       : s->name;
			debug_copy_section(&c, w, i, name, flags);
		}
		debug_copy_links(w, &c);
		char *err = NULL;
		if (obj_write(w, path, &err) < 0) {
			diag(DIAG_ERROR, "%s", err);
			free(err);
			bad = 1;
		}
		obj_writer_free(w);
	}
	debug_copy_free(&c);
	return bad;
}

int lto_debug_objects(const struct link_desc *d, const struct strvec *link_opts, const char *prefix,
		      int rename, struct strvec *out)
{
	if (debug_off(link_opts))
		return 0;
	struct strvec names = { 0 };
	int bad = 0;
	for (size_t u = 0; u < d->nunits && !bad; u++) {
		const struct unit *un = &d->units[u];
		if (un->kind != UNIT_LTO || !un->lto || !has_early_debug(un->lto->f))
			continue;
		char *path = object_name(prefix, un->lto->name, &names);
		bad = write_debug_object(un->lto, path, rename);
		strvec_push(&names, path);
	}
	if (!bad)
		for (size_t i = 0; i < names.n; i++)
			strvec_push(out, names.v[i]);
	strvec_free(&names);
	return bad;
}
