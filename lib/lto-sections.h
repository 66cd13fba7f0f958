/* What the LTO sections of an object say.
 *
 * GCC writes its IR into sections named ".gnu.lto_<name>.<hexid>", <hexid>
 * telling apart the modules that "ld -r" combined (printed with %lx, so
 * not zero-padded), plus ".gnu.lto_.opts".  This module decodes, from the
 * bytes the object layer hands it:
 *   - section names: the kind (".symtab", ".lto", "main.6", ...) and id;
 *   - the ".lto" header: int16 major, int16 minor, u8 slim, u8 padding,
 *     u16 flags whose low bits give the compression (0 zlib, 1 zstd);
 *   - the ".symtab" entries: name NUL, comdat NUL, u8 kind, u8 visibility,
 *     u64 size, u32 slot; and ".ext_symtab" (version byte 1, then per
 *     entry u8 type, u8 section kind);
 *   - ".opts": one NUL-terminated option string per module.
 * Multi-byte fields are little-endian (all of xgcc's targets are).  Every
 * read is checked against the section's size.
 */
#ifndef XGCC_LTO_SECTIONS_H
#define XGCC_LTO_SECTIONS_H

#include <stddef.h>
#include <stdint.h>

#include "strvec.h"

#define LTO_SECTION_PREFIX ".gnu.lto_"

enum lto_kind { LTO_DEF, LTO_WEAKDEF, LTO_UNDEF, LTO_WEAKUNDEF, LTO_COMMON };
enum lto_vis { LTO_VIS_DEFAULT, LTO_VIS_PROTECTED, LTO_VIS_INTERNAL, LTO_VIS_HIDDEN };
enum lto_compression { LTO_ZLIB = 0, LTO_ZSTD = 1 };

/* Is NAME an LTO section?  Then KIND gets what stands between the prefix
 * and the id (at most KINDSZ-1 bytes), *ID and *HAS_ID the module id. */
int lto_section_name(const char *name, char *kind, size_t kindsz, uint64_t *id, int *has_id);

/* Walking the LTO sections of an object, in the object's order:
 *	for (struct lto_sections it = { .f = f }; lto_sections_next(&it);)
 *		... it.s, it.kind, it.id, it.has_id ...
 * ".gnu.lto_.opts" is the one without an id. */
struct obj_file;
struct obj_section;
struct lto_sections {
	const struct obj_file *f;
	const struct obj_section *s; /* the current section, */
	size_t index;                /* its index in F */
	char kind[256];
	uint64_t id;
	int has_id;
	size_t next;                 /* where the walk goes on */
};
int lto_sections_next(struct lto_sections *it);

/* The slim flag's byte in a module header (lto1 --merge sets it). */
enum { LTO_HEADER_SLIM = 4 };

struct lto_header {
	int major, minor;
	int slim;
	unsigned flags;
};
/* 0, or -1 with *REASON (malloc'd). */
int lto_header_decode(const unsigned char *data, size_t size, struct lto_header *h, char **reason);
enum lto_compression lto_header_compression(const struct lto_header *h);

struct lto_symbol {
	const char *name;   /* points into the section data */
	const char *comdat; /* "" when none */
	enum lto_kind kind;
	enum lto_vis visibility;
	uint64_t size;
	uint32_t slot;
	int has_ext;        /* the two fields below come from .ext_symtab */
	unsigned type;      /* 0 unknown, 1 function, 2 variable */
	unsigned section_kind;
};

/* Decode SYMTAB (and EXT, which may be NULL) into a malloc'd array. */
int lto_symtab_decode(const unsigned char *symtab, size_t size, const unsigned char *ext,
		      size_t ext_size, struct lto_symbol **out, size_t *n, char **reason);
/* Each module's option string of a ".gnu.lto_.opts" section. */
int lto_opts_decode(const unsigned char *data, size_t size, struct strvec *modules, char **reason);

const char *lto_kind_name(enum lto_kind k);
const char *lto_vis_name(enum lto_vis v);
const char *lto_type_name(unsigned type);

#endif
