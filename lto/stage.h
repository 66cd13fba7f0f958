/* The link stage's shared picture: the link as collect2 describes it,
 * the LTO inputs as read, and what resolution decided. */
#ifndef XGCC_LTO_STAGE_H
#define XGCC_LTO_STAGE_H

#include <stddef.h>
#include <stdint.h>

#include "lto-sections.h"
#include "obj.h"
#include "strvec.h"

/* --- read.c ---------------------------------------------------------- */

struct lto_module {
	uint64_t id;
	struct lto_header h;
	const struct obj_section *symtab, *ext_symtab;
	struct lto_symbol *syms;
	size_t nsyms;
	const char *opts;          /* its .gnu.lto_.opts string */
};

struct lto_input {
	const char *name;          /* as on the command line: "a.o", "lib.a@0x1a2c" */
	struct obj_file *f;
	struct lto_module *mods;
	size_t nmods;
	int slim;
};

/* 0, or 1 after an error message naming the file. */
int lto_read_input(const char *name, struct lto_input *in);
int lto_check_streams(const struct lto_input *in);

/* --- the link, as collect2 describes it (lto1.c) ---------------------- */

enum link_mode { MODE_EXEC, MODE_PIE, MODE_DYN, MODE_REL };

/* A symbol of a non-LTO input: defined, weak, common, or a reference. */
struct plain_sym {
	char *name;
	char kind;                 /* 'D' def, 'K' def in a COMDAT section or group, 'W' weak def,
				      'C' common, 'U' ref, 'w' weak ref */
};

/* One unit of the link in the order ld loads it: an LTO input, a plain
 * object (or archive member pulled), or a shared library. */
struct unit {
	enum { UNIT_LTO, UNIT_OBJ, UNIT_DSO } kind;
	char *path;
	struct lto_input *lto;     /* UNIT_LTO */
	struct plain_sym *syms;    /* UNIT_OBJ, UNIT_DSO */
	size_t nsyms;
};

struct link_desc {
	enum link_mode mode;
	int export_dynamic;
	int allow_multiple;        /* -z muldefs: the first of two strong definitions wins */
	struct strvec undefined;   /* -u, -e: references from outside the inputs */
	struct strvec wraps;       /* --wrap=SYM */
	struct strvec exported;    /* --export-dynamic-symbol, --dynamic-list: names or globs */
	struct strvec locals;      /* definitions a version script makes local */
	struct unit *units;
	size_t nunits;
};

/* --- resolve.c ------------------------------------------------------- */

/* Compute the resolution of every symbol of every LTO input and write
 * the resolution file the backend reads (-fresolution=PATH). */
void lto_resolve(const struct link_desc *d, const char *path);

/* --- debugcopy.c: sections with their relocations and symbols -------- */

#define EARLY_DEBUG_PREFIX ".gnu.debuglto_"
#define NOT_COPIED ((size_t)-1)

/* A ".gnu.debuglto_*" section. */
int is_early_debug(const struct obj_section *s);

/* Copying some sections of the object F (named PATH in messages). */
struct debug_copy {
	const char *path;
	struct obj_file *f;
	struct obj_reloc **relocs;   /* per section: its relocations, once read */
	size_t *nrelocs;
	size_t *out;                 /* per section: its index in the output, or NOT_COPIED */
};

void debug_copy_init(struct debug_copy *c, const char *path, struct obj_file *f);
/* Read the relocations of section I, which must point only at sections
 * that COPIED says are copied (and at symbols defined in them).  0, or 1
 * after an error line. */
int debug_copy_relocs(struct debug_copy *c, size_t i, int (*copied)(const struct obj_section *));
/* Copy section I's bytes, alignment and entry size into W as NAME with
 * FLAGS; its index in W. */
size_t debug_copy_section(struct debug_copy *c, struct obj_writer *w, size_t i, const char *name,
			  uint64_t flags);
/* After all sections: the symbols defined in copied sections and the
 * relocations read, pointed at the copies. */
void debug_copy_links(struct obj_writer *w, const struct debug_copy *c);
void debug_copy_free(struct debug_copy *c);

/* --- debugobj.c ------------------------------------------------------ */

/* For a final link (not -flinker-output=rel), as GCC's lto-wrapper: one
 * object per LTO input with early debug info, holding those sections
 * renamed ".debug_*" (RENAME; else kept as they are) with their
 * relocations and symbols, and the notes, written as PREFIX's directory
 * + the input's base name + ".debug.temp.o" and appended to OUT in input
 * order.  None when LINK_OPTS (the link's options) end in -g0.  0, or 1
 * after an error message. */
int lto_debug_objects(const struct link_desc *d, const struct strvec *link_opts, const char *prefix,
		      int rename, struct strvec *out);

#endif
