/* lto1 --merge -o OUT INPUT...: one relocatable LTO object made of
 * several, for "xgcc -flto -r" (what "ld -r" does to LTO objects when no
 * linker plugin compiles them).
 *
 * An LTO object holds one or more modules (translation units, or units
 * that an earlier merge or "ld -r" combined).  Every section of a module
 * is named ".gnu.lto_<name>.<id>", <id> the module's 64-bit id in %lx
 * form; the backend and the resolution file tell the modules apart by it
 * and by nothing else (no section's contents name it).  The modules share
 * one ".gnu.lto_.opts": one NUL-terminated option string per module, back
 * to back.
 *
 * The merged object, of the first input's format and machine, holds every
 * module of every input in input order, each section copied byte for byte
 * (the streams stay compressed as they are: the backend trusts each
 * module's header for the method), with its flags and alignment; only the
 * slim flag of a fat module's header is set (see below).  Sections
 * follow "ld -r"'s order: the first input's, then each later input's, with
 * the one .opts, the inputs' strings concatenated, where the first input
 * had it.  A module whose id is already taken (the same object given
 * twice, or ids that collide) gets a fresh id, derived from the old one so
 * that the output does not change from run to run, and all its sections
 * are renamed.  Non-LTO sections (the code of fat objects, .text, the
 * symbol table) are not copied, with two exceptions on ELF:
 *   - the early debug info of -g objects, ".gnu.debuglto_*" sections with
 *     their relocations and the symbols defined in them (a weak hidden
 *     "a.c.7517c6af" per unit, which the final program's DWARF refers
 *     to): lto-wrapper copies them out of each input file, and without
 *     them the later link fails with undefined references (debugcopy.c
 *     copies them, as for the debug objects of a final link).  The object
 *     layer writes no section groups: the comdat groups of -g3 macro
 *     sections become plain sections (valid, only not deduplicated);
 *   - ".note.GNU-stack" when every input has one (flags or'ed), which
 *     lto-wrapper copies along with the early debug: without it, ld
 *     gives a -g program an executable stack.
 *
 * The merged object carries no code, whatever its inputs were: it is slim,
 * as "gcc -flto -r" of fat objects is.  So every module header says slim
 * (binutils and xgcc's collect2 judge by it; the backend reads the module
 * all the same), and the marker is the common __gnu_lto_slim (with the
 * target's C prefix) that GCC 12 puts in slim objects, its own -r output
 * included (not GCC 4.5's __gnu_lto_v1, which xgcc's objects carried until
 * 2026-12-07).  Plain ld then says "plugin needed" instead of linking
 * nothing.
 *
 * The same code copies one bigobj LTO object (-Wa,-mbig-obj) into a plain
 * COFF object for the backend (lto_plain_coff_copy): GCC's LTO reader
 * (libiberty's simple-object) knows only the plain COFF header, and stops
 * with "file not recognized" on a bigobj.  The copy keeps every module
 * header as it is.
 *
 * Inputs that are not objects, not of the first one's format and machine,
 * not LTO (the caller links those with ld), or malformed are refused, one
 * error line each, and then no output is written.
 */
#include "config.h"

#include "lto1.h"
#include "diag.h"
#include "lto-sections.h"
#include "obj.h"
#include "target.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* --- a set of module ids: open addressing, grows at 1/2 full --------- */

struct idset {
	uint64_t *id;
	unsigned char *used;
	size_t cap, n;
};

static uint64_t mix(uint64_t x)
{
	x += 0x9e3779b97f4a7c15u;
	x = (x ^ x >> 30) * 0xbf58476d1ce4e5b9u;
	x = (x ^ x >> 27) * 0x94d049bb133111ebu;
	return x ^ x >> 31;
}

static size_t slot_of(const struct idset *s, uint64_t id)
{
	size_t i = (size_t)mix(id) & (s->cap - 1);
	while (s->used[i] && s->id[i] != id)
		i = (i + 1) & (s->cap - 1);
	return i;
}

static int idset_has(const struct idset *s, uint64_t id) { return s->cap && s->used[slot_of(s, id)]; }

static void idset_add(struct idset *s, uint64_t id)
{
	if (2 * (s->n + 1) > s->cap) {
		size_t cap = s->cap ? 2 * s->cap : 64;
		struct idset big = { xcalloc(cap, sizeof *big.id), xcalloc(cap, 1), cap, 0 };
		for (size_t i = 0; i < s->cap; i++)
			if (s->used[i])
				idset_add(&big, s->id[i]);
		free(s->id);
		free(s->used);
		*s = big;
	}
	size_t i = slot_of(s, id);
	if (!s->used[i]) {
		s->used[i] = 1;
		s->id[i] = id;
		s->n++;
	}
}

static void idset_free(struct idset *s)
{
	free(s->id);
	free(s->used);
}

/* --- reading the inputs ---------------------------------------------- */

struct module {
	uint64_t id, newid;
	int has_header;
	struct lto_header h;
	const struct obj_section *header;  /* .gnu.lto_.lto.<id> */
	const struct obj_section *symtab, *ext;
};

struct input {
	const char *path;
	struct obj_file *f;
	struct module *mods;
	size_t nmods, cap;
	const struct obj_section *opts;
	size_t nopts;                   /* option strings in it */
	const struct obj_section *stack; /* .note.GNU-stack */
	struct debug_copy debug;        /* the early debug sections (debugcopy.c) */
};

#define STACK_NOTE ".note.GNU-stack"

/* Report "PATH: WHY" and give 1: what every check below returns. */
__attribute__((format(printf, 2, 3)))
static int refuse(const char *path, const char *fmt, ...)
{
	char why[4096];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(why, sizeof why, fmt, ap);
	va_end(ap);
	diag(DIAG_ERROR, "%s: %s", path, why);
	return 1;
}

/* "PATH: section NAME: REASON"; frees REASON. */
static int refuse_reason(const char *path, const char *section, char *reason)
{
	refuse(path, "section %s: %s", section, reason);
	free(reason);
	return 1;
}

/* "ELF for machine 0x3e (64-bit)" */
static char *describe(const struct obj_file *f)
{
	return xasprintf("%s for machine 0x%x (%d-bit)", obj_format(f) == OBJ_ELF ? "ELF" : "COFF",
			 obj_machine(f), obj_is64(f) ? 64 : 32);
}

/* The module of IN with ID, added when new.  The sections of a module
 * come one after another, so the last one is tried first. */
static struct module *module_of(struct input *in, uint64_t id)
{
	for (size_t i = in->nmods; i-- > 0;)
		if (in->mods[i].id == id)
			return &in->mods[i];
	if (in->nmods == in->cap)
		in->mods = xrealloc(in->mods, (in->cap = in->cap ? 2 * in->cap : 8) * sizeof *in->mods);
	struct module *m = &in->mods[in->nmods++];
	memset(m, 0, sizeof *m);
	m->id = m->newid = id;
	return m;
}

/* Open IN, check it against the first input FIRST (NULL for the first
 * itself) and find its modules.  0, or 1 after an error line. */
static int read_input(struct input *in, const struct input *first)
{
	char *reason = NULL;
	if (!(in->f = obj_open_or_report(in->path)))
		return 1;
	struct obj_file *f = in->f;
	debug_copy_init(&in->debug, in->path, f);
	if (!obj_kind_is_object(obj_kind(f)))
		return refuse(in->path, "not a relocatable object");
	if (first && (obj_format(f) != obj_format(first->f) || obj_machine(f) != obj_machine(first->f) ||
		      obj_is64(f) != obj_is64(first->f))) {
		char *mine = describe(f), *theirs = describe(first->f);
		refuse(in->path, "%s, but %s is %s", mine, first->path, theirs);
		free(mine);
		free(theirs);
		return 1;
	}
	for (size_t i = 0; i < obj_nsections(f); i++) {
		const struct obj_section *s = obj_section(f, i);
		char kind[16];
		uint64_t id;
		int has_id;
		if (is_early_debug(s)) {
			if (debug_copy_relocs(&in->debug, i, is_early_debug))
				return 1;
			continue;
		}
		if (strcmp(s->name, STACK_NOTE) == 0)
			in->stack = s;
		if (!lto_section_name(s->name, kind, sizeof kind, &id, &has_id))
			continue;
		if (!has_id && strcmp(kind, ".opts") == 0) {
			if (in->opts)
				return refuse(in->path, "two %s.opts sections", LTO_SECTION_PREFIX);
			in->opts = s;
			continue;
		}
		if (!has_id)
			return refuse(in->path, "LTO section %s has no module id", s->name);
		if (!s->data && s->size)
			return refuse(in->path, "LTO section %s has no contents", s->name);
		struct module *m = module_of(in, id);
		const struct obj_section **slot = strcmp(kind, ".symtab") == 0 ? &m->symtab
			: strcmp(kind, ".ext_symtab") == 0 ? &m->ext : NULL;
		if (strcmp(kind, ".lto") == 0) {
			if (m->has_header)
				return refuse(in->path, "module %" PRIx64 " has two headers (%s); the same "
					      "object linked twice with ld -r?", id, s->name);
			if (lto_header_decode(s->data, s->size, &m->h, &reason) < 0)
				return refuse_reason(in->path, s->name, reason);
			m->has_header = 1;
			m->header = s;
		} else if (slot) {
			if (*slot)
				return refuse(in->path, "module %" PRIx64 " has two sections %s", id, s->name);
			*slot = s;
		}
	}
	if (!in->nmods)
		return refuse(in->path, "not an LTO object (no %s sections)", LTO_SECTION_PREFIX);
	if (!in->opts)
		return refuse(in->path, "LTO object without a %s.opts section", LTO_SECTION_PREFIX);
	struct strvec strings = { 0 };
	if (lto_opts_decode(in->opts->data, in->opts->data ? in->opts->size : 0, &strings, &reason) < 0)
		return refuse_reason(in->path, in->opts->name, reason);
	in->nopts = strings.n;
	strvec_free(&strings);
	if (!in->nopts)
		return refuse(in->path, "section %s is empty", in->opts->name);
	const struct lto_header *want = first ? &first->mods[0].h : &in->mods[0].h;
	for (size_t i = 0; i < in->nmods; i++) {
		struct module *m = &in->mods[i];
		if (!m->has_header)
			return refuse(in->path, "module %" PRIx64 " has no %s.lto.%" PRIx64 " header",
				      m->id, LTO_SECTION_PREFIX, m->id);
		if (m->h.major != want->major || m->h.minor != want->minor)
			return refuse(in->path, "module %" PRIx64 " is bytecode version %d.%d, but %s has %d.%d",
				      m->id, m->h.major, m->h.minor, first ? first->path : in->path,
				      want->major, want->minor);
		struct lto_symbol *syms;
		size_t nsyms;
		if (m->symtab && lto_symtab_decode(m->symtab->data, m->symtab->size,
						    m->ext ? m->ext->data : NULL, m->ext ? m->ext->size : 0,
						    &syms, &nsyms, &reason) < 0)
			return refuse_reason(in->path, m->symtab->name, reason);
		if (m->symtab)
			free(syms);
	}
	return 0;
}

/* --- writing --------------------------------------------------------- */

/* Fresh ids: every module keeps its id unless an earlier one has it. */
static void assign_ids(struct input *ins, size_t n)
{
	struct idset all = { 0 }, out = { 0 };
	for (size_t i = 0; i < n; i++)
		for (size_t k = 0; k < ins[i].nmods; k++)
			idset_add(&all, ins[i].mods[k].id);
	for (size_t i = 0; i < n; i++)
		for (size_t k = 0; k < ins[i].nmods; k++) {
			struct module *m = &ins[i].mods[k];
			uint64_t id = m->id;
			if (idset_has(&out, id))
				do
					id = mix(id);
				while (idset_has(&all, id) || idset_has(&out, id));
			m->newid = id;
			idset_add(&out, id);
		}
	idset_free(&all);
	idset_free(&out);
}

/* Copy LTO section S as NAME; a module header (HEADER) says slim. */
static void copy_section(struct obj_writer *w, const struct obj_section *s, const char *name,
			 int header)
{
	if (header && s->size <= LTO_HEADER_SLIM)
		header = 0; /* too short to say (lto_header_decode refused it) */
	obj_begin_section(w, name, s->flags, s->align);
	obj_set_entsize(w, s->entsize);
	if (header) {
		obj_append(w, s->data, LTO_HEADER_SLIM);
		obj_append(w, "\1", 1);
		obj_append(w, s->data + LTO_HEADER_SLIM + 1, (size_t)s->size - LTO_HEADER_SLIM - 1);
	} else {
		obj_append(w, s->data, (size_t)s->size);
	}
	obj_end_section(w);
}

/* ELF: the stack note when every input has one, flags (SHF_EXECINSTR for
 * an executable stack) or'ed, as ld -r does.  lto-wrapper copies it with
 * the early debug into an object of its own: without it, ld gives -g
 * programs an executable stack. */
static void write_stack_note(struct obj_writer *w, const struct input *ins, size_t n)
{
	uint64_t flags = 0;
	for (size_t k = 0; k < n; k++) {
		if (!ins[k].stack)
			return;
		flags |= ins[k].stack->flags;
	}
	obj_begin_section(w, STACK_NOTE, flags, 1);
	obj_end_section(w);
}

/* The sections of IN; the first input also gets the merged .opts and
 * the stack note.  SLIM: module headers say slim. */
static void write_input(struct obj_writer *w, struct input *in, const struct input *ins, size_t n,
			int slim)
{
	struct obj_file *f = in->f;
	const struct module *m = in->mods;
	for (size_t i = 0; i < obj_nsections(f); i++) {
		const struct obj_section *s = obj_section(f, i);
		char kind[2];
		uint64_t id;
		int has_id;
		if (is_early_debug(s)) {
			debug_copy_section(&in->debug, w, i, s->name, s->flags);
			continue;
		}
		if (s == in->stack && in == ins) {
			write_stack_note(w, ins, n);
			continue;
		}
		if (!lto_section_name(s->name, kind, sizeof kind, &id, &has_id))
			continue;
		if (!has_id) { /* .opts */
			if (in != ins)
				continue;
			obj_begin_section(w, s->name, s->flags, s->align);
			for (size_t k = 0; k < n; k++)
				obj_append(w, ins[k].opts->data, (size_t)ins[k].opts->size);
			obj_end_section(w);
			continue;
		}
		while (m->id != id) /* modules come in order: search on from the last */
			m = m + 1 < in->mods + in->nmods ? m + 1 : in->mods;
		if (m->newid == id) {
			copy_section(w, s, s->name, slim && s == m->header);
			continue;
		}
		/* ".gnu.lto_<name>.<id>": keep all up to the last dot */
		const char *dot = strrchr(s->name, '.');
		char *name = xasprintf("%.*s.%" PRIx64, (int)(dot - s->name), s->name, m->newid);
		copy_section(w, s, name, slim && s == m->header);
		free(name);
	}
}

/* Merge INPUTS into OUT; SLIM: mark every module slim; PLAIN: OUT must
 * be a plain COFF object. */
static int merge(char *const *inputs, size_t n, const char *out, int slim)
{
	if (n == 0) {
		diag(DIAG_ERROR, "--merge: no input files");
		return 1;
	}
	struct input *ins = xcalloc(n, sizeof *ins);
	int bad = 0;
	for (size_t i = 0; i < n; i++) {
		ins[i].path = inputs[i];
		/* the others are compared with the first input, if that is good */
		if (read_input(&ins[i], i && !(bad & 1) ? &ins[0] : NULL))
			bad |= i ? 2 : 1;
	}
	if (!bad) {
		assign_ids(ins, n);
		struct obj_file *f0 = ins[0].f;
		struct obj_writer *w = obj_create(obj_format(f0), obj_machine(f0), obj_is64(f0));
		for (size_t i = 0; i < n; i++)
			write_input(w, &ins[i], ins, n, slim);
		for (size_t i = 0; i < n; i++)
			debug_copy_links(w, &ins[i].debug);
		const struct target *t = target_for_object(obj_format(f0), obj_machine(f0));
		const char *prefix = t ? t->symbol_prefix : "";
		char *marker = xasprintf("%s__gnu_lto_slim", prefix);
		obj_add_common(w, marker, 1, 1);
		free(marker);
		char *err = NULL;
		if (obj_write(w, out, &err) < 0) {
			diag(DIAG_ERROR, "%s", err);
			free(err);
			bad = 1;
		}
		obj_writer_free(w);
	}
	for (size_t i = 0; i < n; i++) {
		debug_copy_free(&ins[i].debug);
		obj_close(ins[i].f);
		free(ins[i].mods);
	}
	free(ins);
	return bad != 0;
}

int lto_merge_objects(char *const *inputs, size_t n, const char *out)
{
	return merge(inputs, n, out, 1);
}

/* Plain COFF symbols number sections up to 0xfeff (from 0xff00 on they
 * are special); the writer makes a bigobj beyond that. */
enum { COFF_MAX_PLAIN_SECTIONS = 0xfeff };

int lto_plain_coff_copy(const char *input, const char *out)
{
	struct obj_file *f = obj_open_or_report(input);
	if (!f)
		return 1;
	size_t n = 0;
	for (size_t i = 0; i < obj_nsections(f); i++)
		n += strncmp(obj_section(f, i)->name, LTO_SECTION_PREFIX, strlen(LTO_SECTION_PREFIX)) == 0 ||
		     is_early_debug(obj_section(f, i));
	obj_close(f);
	if (n > COFF_MAX_PLAIN_SECTIONS) {
		diag(DIAG_ERROR, "%s: %zu LTO sections do not fit a plain COFF object, and GCC's LTO reader "
		     "cannot read bigobj objects", input, n);
		return 1;
	}
	char *const in[] = { (char *)input };
	return merge(in, 1, out, 0);
}
