/* Between obj.c (opening, mapping, archive members, writing files) and
 * the format back ends obj-elf.c and obj-coff.c.  Not for other users:
 * they see only obj.h. */
#ifndef XGCC_OBJ_INTERNAL_H
#define XGCC_OBJ_INTERNAL_H

#include "obj.h"

struct obj_file {
	char *path;                   /* as given, "lib.a@0x1a2c" for a member */
	const unsigned char *base;    /* the object's bytes (a member's data) */
	size_t size;
	void *map;                    /* the whole file's mapping */
	size_t map_size;
	int map_cached;               /* the mapping is the archive cache's: do not unmap */
	enum obj_kind kind;
	enum obj_format format;
	unsigned machine;
	int is64;
	struct obj_section *sections;
	size_t nsections;
	struct obj_symbol *symbols;
	size_t nsymbols;
	long *symmap;                 /* ELF: symbol table index -> symbols index, or
	                               * -2 - section for a section symbol, -1 none */
	size_t nsymmap;
	size_t *relfirst, *relnext;   /* ELF: per section 1 + its first relocation section,
	                               * per relocation section 1 + the next one; 0 none */
	void *priv;                   /* the back end's own state */
	void (*free_priv)(struct obj_file *);
};

/* The kind of the object whose first N bytes are at P (obj_classify). */
enum obj_kind obj_kind_of_bytes(const unsigned char *p, size_t n);

/* Read f->base/f->size into f->sections and f->symbols.  Return 0, or -1
 * with *REASON set to a malloc'd text without the file name ("section 3
 * extends past the end of the file"). */
int elf_read(struct obj_file *f, char **reason);
int coff_read(struct obj_file *f, char **reason);
/* The relocations of section I (see obj_relocs); 0, or -1 with *REASON. */
int elf_relocs(struct obj_file *f, size_t i, struct obj_reloc **out, size_t *n, char **reason);

struct obj_wsection {
	char *name;
	uint64_t flags;
	uint32_t align;
	uint64_t entsize;
	int comdat;                   /* ELF: alone in a COMDAT group named after it */
	unsigned char *data;
	size_t size, cap;
	struct obj_reloc *relocs;
	size_t nrelocs;
};

struct obj_wcommon {
	char *name;
	uint64_t size;
	uint32_t align;
};

struct obj_wsymbol {
	char *name;
	size_t section;
	uint64_t value, size;
	enum obj_binding binding;
	unsigned type, visibility;
};

struct obj_writer {
	enum obj_format format;
	unsigned machine;
	int is64;
	struct obj_wsection *sections;
	size_t nsections;
	int open;                     /* a section has begun and not ended */
	struct obj_wcommon *commons;
	size_t ncommons;
	struct obj_wsymbol *symbols;
	size_t nsymbols;
	char **undefined;             /* COFF: names referenced, defined elsewhere */
	size_t nundefined;
	int no_file_symbol;           /* COFF: no .file symbol */
};

/* Write W's object to FD; 0, or -1 with *REASON. */
int elf_write(const struct obj_writer *w, int fd, char **reason);
/* Change F's FILE symbols in F->base (writable) as obj_as_plugin_output
 * says; *CHANGED 1 when there were any.  0, or -1 with *REASON. */
int elf_unname_file_symbols(struct obj_file *f, int *changed, char **reason);
int coff_write(const struct obj_writer *w, int fd, char **reason);

/* Added for obj.c and archive.c (not used by the format back ends). */

/* Map PATH whole, private and copy-on-write (libelf may write to the
 * image it is given; the file never changes).  An empty file gives
 * *BASE NULL and *SIZE 0.  0, or -1 with *REASON (strerror text). */
int obj_map_file(const char *path, void **base, size_t *size, char **reason);

/* In the archive PATH mapped at BASE/SIZE, the member whose data starts
 * at OFFSET: 0 with *MSIZE its size and, for a thin archive, *THIN_PATH
 * the file holding it (malloc'd; else NULL); or -1 with *REASON. */
int ar_find_member(const char *path, const unsigned char *base, size_t size,
		   uint64_t offset, uint64_t *msize, char **thin_path, char **reason);

#endif
