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
	char kind;                 /* 'D' def, 'W' weak def, 'C' common, 'U' ref, 'w' weak ref */
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
	struct strvec undefined;   /* -u, -e: references from outside the inputs */
	struct strvec wraps;       /* --wrap=SYM */
	struct unit *units;
	size_t nunits;
};

/* --- resolve.c ------------------------------------------------------- */

/* Compute the resolution of every symbol of every LTO input and write
 * the resolution file the backend reads (-fresolution=PATH). */
void lto_resolve(const struct link_desc *d, const char *path);

#endif
