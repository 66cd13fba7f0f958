/* Copying sections with their relocations and the symbols defined in
 * them, from one ELF object into a new one: how lto1 carries the early
 * debug info of -g LTO objects, into a merged LTO object (merge.c) or
 * into the debug objects of a final link (debugobj.c).
 *
 * GCC writes a -g LTO unit's early debug info (the DWARF known before
 * optimization: the unit, its types and declarations) to sections
 * ".gnu.debuglto_.debug_*", SHF_EXCLUDE so that a link of the fat code
 * alone drops them.  Their relocations point at each other (.debug_info
 * at .debug_abbrev, .debug_str, ...), and each unit has a weak hidden
 * symbol at the start of its .debug_info, "a.c.7517c6af", to which the
 * LTRANS objects' DWARF refers.  A copy keeps all of that: the sections'
 * bytes, then the symbols defined in copied sections and the
 * relocations, their section and symbol indices moved to the new
 * object's.  A relocation that points outside the copied sections could
 * not be kept: the input is refused.
 */
#include "config.h"

#include "lto1.h"

#include "diag.h"

#include <stdlib.h>
#include <string.h>

int is_early_debug(const struct obj_section *s)
{
	return strncmp(s->name, EARLY_DEBUG_PREFIX, strlen(EARLY_DEBUG_PREFIX)) == 0;
}

void debug_copy_init(struct debug_copy *c, const char *path, struct obj_file *f)
{
	size_t n = obj_nsections(f) + 1;
	c->path = path;
	c->f = f;
	c->relocs = xcalloc(n, sizeof *c->relocs);
	c->nrelocs = xcalloc(n, sizeof *c->nrelocs);
	c->out = xmalloc(n * sizeof *c->out);
	for (size_t i = 0; i < n; i++)
		c->out[i] = NOT_COPIED;
}

int debug_copy_relocs(struct debug_copy *c, size_t i, int (*copied)(const struct obj_section *))
{
	struct obj_file *f = c->f;
	char *err = NULL;
	if (obj_relocs(f, i, &c->relocs[i], &c->nrelocs[i], &err) < 0) {
		diag(DIAG_ERROR, "%s", err);
		free(err);
		return 1;
	}
	for (size_t k = 0; k < c->nrelocs[i]; k++) {
		const struct obj_reloc *r = &c->relocs[i][k];
		const struct obj_symbol *sym = r->symbol >= 0 ? obj_symbol(f, (size_t)r->symbol) : NULL;
		int target = sym ? sym->section : r->section;
		if (target < 0 || !copied(obj_section(f, (size_t)target))) {
			diag(DIAG_ERROR, "%s: section %s refers to %s, which is not in an early debug section",
			     c->path, obj_section(f, i)->name,
			     sym ? sym->name : target >= 0 ? obj_section(f, (size_t)target)->name : "?");
			return 1;
		}
	}
	return 0;
}

size_t debug_copy_section(struct debug_copy *c, struct obj_writer *w, size_t i, const char *name,
			  uint64_t flags)
{
	const struct obj_section *s = obj_section(c->f, i);
	c->out[i] = obj_begin_section(w, name, flags, s->align);
	obj_set_entsize(w, s->entsize);
	if (s->data)
		obj_append(w, s->data, (size_t)s->size);
	obj_end_section(w);
	return c->out[i];
}

void debug_copy_links(struct obj_writer *w, const struct debug_copy *c)
{
	struct obj_file *f = c->f;
	size_t *symout = xmalloc((obj_nsymbols(f) + 1) * sizeof *symout);
	for (size_t k = 0; k < obj_nsymbols(f); k++) {
		const struct obj_symbol *sym = obj_symbol(f, k);
		symout[k] = NOT_COPIED;
		if (sym->section >= 0 && c->out[sym->section] != NOT_COPIED)
			symout[k] = obj_add_symbol(w, sym->name, c->out[sym->section], sym->value,
						   sym->size, sym->binding, sym->type, sym->visibility);
	}
	for (size_t i = 0; i < obj_nsections(f); i++)
		for (size_t k = 0; k < c->nrelocs[i]; k++) {
			struct obj_reloc r = c->relocs[i][k];
			if (r.section >= 0)
				r.section = (int)c->out[r.section];
			else
				r.symbol = (long)symout[r.symbol];
			obj_add_reloc(w, c->out[i], &r);
		}
	free(symout);
}

void debug_copy_free(struct debug_copy *c)
{
	for (size_t i = 0; c->relocs && i < obj_nsections(c->f); i++)
		free(c->relocs[i]);
	free(c->relocs);
	free(c->nrelocs);
	free(c->out);
	memset(c, 0, sizeof *c);
}
