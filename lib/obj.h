/* The object layer: one interface over ELF and PE-COFF relocatable
 * objects, whole files or archive members.
 *
 * collect2 and lto1 never look at a format's bytes themselves: they open
 * an object (a file, or a member addressed as "archive.a@0xOFFSET", OFFSET
 * being where the member's data starts, after its 60-byte ar header),
 * list its sections and symbols, and create new objects section by
 * section.  ELF goes through libelf (obj-elf.c); PE-COFF is read and
 * written by the project's own code (obj-coff.c); archives are read by
 * archive.c.  Every length, offset and count in the input is checked: a
 * malformed file gives an error string "FILE: REASON" and no crash.
 *
 * Files are mapped read-only (mmap); section data points into the
 * mapping and stays valid until obj_close().
 */
#ifndef XGCC_OBJ_H
#define XGCC_OBJ_H

#include <stddef.h>
#include <stdint.h>

#include "target.h"

/* What a file is, by its magic (and, for COFF, its header). */
enum obj_kind {
	OBJK_OTHER,         /* none of the below: a linker script, text, ... */
	OBJK_ELF_REL,       /* ELF relocatable object (ET_REL) */
	OBJK_ELF_DYN,       /* ELF shared object (ET_DYN) */
	OBJK_ELF_EXEC,      /* ELF executable */
	OBJK_COFF,          /* COFF object, i386 or AMD64 */
	OBJK_COFF_BIGOBJ,   /* COFF "bigobj" object (-Wa,-mbig-obj) */
	OBJK_COFF_IMPORT,   /* short import library member (0x0000 0xffff header) */
	OBJK_PE_IMAGE,      /* an MZ file: EXE or DLL */
	OBJK_ARCHIVE,       /* !<arch>\n */
	OBJK_THIN_ARCHIVE,  /* !<thin>\n */
};

struct obj_section {
	const char *name;          /* NUL-terminated, resolved from the string table */
	uint64_t size;
	const unsigned char *data; /* NULL for SHT_NOBITS / uninitialized data */
	uint64_t flags;            /* ELF sh_flags, or COFF Characteristics */
	uint32_t type;             /* ELF sh_type; 0 for COFF */
	uint32_t align;            /* in bytes */
	uint64_t entsize;          /* ELF sh_entsize (merge sections); 0 for COFF */
};

enum obj_binding { OBJB_LOCAL, OBJB_GLOBAL, OBJB_WEAK };

struct obj_symbol {
	const char *name;
	uint64_t value, size;      /* size: ELF st_size, or the COMMON size */
	int section;               /* index into sections, -1 undefined, -2 absolute, -3 common */
	enum obj_binding binding;
	unsigned char visibility;  /* ELF st_other & 3 */
	unsigned char type;        /* ELF STT_* (NOTYPE, OBJECT, FUNC...); 0 for COFF */
	unsigned char hidden_version; /* a shared object's NAME@VERSION, not its default:
				       * no plain reference binds to it (i386 libc's __divdi3) */
};

/* A relocation, against a section (ELF section symbols) or a listed
 * symbol.  ELF only (what early debug sections need): REL relocations
 * keep their addend in the section's bytes, RELA ones here. */
struct obj_reloc {
	uint64_t offset;
	uint32_t type;             /* the machine's relocation number */
	int64_t addend;
	int section;               /* the target section's index, or -1 */
	long symbol;               /* else the index into the symbols */
};

struct obj_file;

/* A relocatable object (what collect2 and lto1 read), an archive. */
int obj_kind_is_object(enum obj_kind k);
int obj_kind_is_archive(enum obj_kind k);

/* Classify the file at PATH (or archive member "PATH@0xOFF") by reading
 * only its first bytes.  Returns OBJK_OTHER also for unreadable files
 * (ERR, when not NULL, then says why). */
enum obj_kind obj_classify(const char *path, char **err);

/* Open an object.  On failure returns NULL and sets *ERR to "PATH: REASON"
 * (malloc'd). */
struct obj_file *obj_open(const char *path, char **err);
/* The same, saying why in an error line (diag) on failure. */
struct obj_file *obj_open_or_report(const char *path);
/* The same for an object already in memory: SIZE bytes at BASE (which
 * the reader may change, and which must outlive the object), PATH its
 * name for messages, such as an archive member's from ar_member_data. */
struct obj_file *obj_open_bytes(const char *path, void *base, size_t size, char **err);
void obj_close(struct obj_file *f);
/* PATH as a message names it: an archive member "lib.a@0x8a" as
 * "lib.a(f.o)", as ld names members; anything else (a member the
 * archive does not have, too) as it is.  A new string. */
char *obj_display_name(const char *path);

enum obj_kind obj_kind(const struct obj_file *f);
enum obj_format obj_format(const struct obj_file *f);
unsigned obj_machine(const struct obj_file *f); /* e_machine, or COFF Machine */
int obj_is64(const struct obj_file *f);
size_t obj_nsections(const struct obj_file *f);
const struct obj_section *obj_section(const struct obj_file *f, size_t i);
/* The relocations that apply to section I, in a malloc'd array (NULL
 * and 0 when none).  0, or -1 with *ERR "PATH: REASON" (malloc'd). */
int obj_relocs(struct obj_file *f, size_t i, struct obj_reloc **out, size_t *n, char **err);
/* The first section named NAME, or NULL. */
const struct obj_section *obj_find_section(const struct obj_file *f, const char *name);
size_t obj_nsymbols(const struct obj_file *f);
const struct obj_symbol *obj_symbol(const struct obj_file *f, size_t i);

/* Writing: create, then per section begin / append... / end, then write.
 * obj_write writes to a temporary name beside PATH and renames it.
 * obj_begin_section gives the section's index (0, 1, ... in order). */
struct obj_writer;
/* The ELF section flags lto1 sets or clears itself (sh_flags, the ELF
 * specification's values), here so that it needs no <elf.h>, which a
 * host without an ELF target (Windows) lacks. */
enum { OBJ_ELF_SHF_EXECINSTR = 0x4, OBJ_ELF_SHF_EXCLUDE = 0x80000000u };
struct obj_writer *obj_create(enum obj_format format, unsigned machine, int is64);
size_t obj_begin_section(struct obj_writer *w, const char *name, uint64_t flags, uint32_t align);
/* The open section's ELF sh_entsize (for SHF_MERGE sections). */
void obj_set_entsize(struct obj_writer *w, uint64_t entsize);
/* ELF: the open section is the only member of a COMDAT group whose
 * signature is the section's name (its section symbol's). */
void obj_set_comdat(struct obj_writer *w);
void obj_append(struct obj_writer *w, const void *data, size_t len);
void obj_end_section(struct obj_writer *w);
/* A COMMON symbol such as the LTO marker __gnu_lto_slim. */
void obj_add_common(struct obj_writer *w, const char *name, uint64_t size, uint32_t align);
/* COFF only: a reference to NAME (an external symbol of no section and
 * no type).  And an object without the .file symbol, whose file name ld
 * would otherwise copy into a program's symbol table. */
void obj_add_undefined(struct obj_writer *w, const char *name);
void obj_omit_file_symbol(struct obj_writer *w);
/* ELF only: a symbol of section SECTION (an index obj_begin_section gave)
 * at VALUE; its index, for obj_add_reloc. */
size_t obj_add_symbol(struct obj_writer *w, const char *name, size_t section, uint64_t value,
		      uint64_t size, enum obj_binding binding, unsigned type, unsigned visibility);
/* ELF only: a relocation of section SECTION against the section R->section
 * (when >= 0, an index obj_begin_section gave) or the symbol R->symbol (an
 * index obj_add_symbol gave).  The writer makes REL or RELA sections as
 * the machine uses (i386: REL). */
void obj_add_reloc(struct obj_writer *w, size_t section, const struct obj_reloc *r);
int obj_write(struct obj_writer *w, const char *path, char **err);
void obj_writer_free(struct obj_writer *w);

/* Make the ELF object at PATH what ld makes of an object a linker
 * plugin added (its FILE symbols: obj-elf.c), so that ld, given it as an
 * ordinary input, writes the output a plugin link writes.  Other formats
 * stay as they are.  0, or -1 with *ERR "PATH: REASON" (malloc'd). */
int obj_as_plugin_output(const char *path, char **err);

/* Archives (archive.c). */
struct ar_member {
	const char *name;          /* the member's name, long names resolved */
	uint64_t offset;           /* where its data starts: "archive@0xOFFSET" */
	uint64_t size;
	const char *thin_path;     /* thin archives: the file it names, else NULL */
};
struct ar_index_entry {
	const char *symbol;
	uint64_t member_offset;    /* offset of the member's ar header, as the index says */
};
struct ar_file;
struct ar_file *ar_open(const char *path, char **err);
void ar_close(struct ar_file *a);
size_t ar_nmembers(const struct ar_file *a);
const struct ar_member *ar_member(const struct ar_file *a, size_t i);
/* What member I is, as obj_classify tells it: from the archive's own
 * bytes, or for a thin archive from the file it names. */
enum obj_kind ar_member_kind(const struct ar_file *a, size_t i);
/* Member I's bytes in the archive's (private, writable) mapping, for
 * obj_open_bytes while the archive is open; NULL for a thin member. */
void *ar_member_data(const struct ar_file *a, size_t i);
size_t ar_nindex(const struct ar_file *a);
const struct ar_index_entry *ar_index(const struct ar_file *a, size_t i);

/* Writing an archive (arwrite.c): members in order, each with the
 * symbols it defines for the index; DATA must stay valid until written.
 * ar_writer_write creates PATH (beside it, then renamed into place):
 * 0, or -1 with *ERR set. */
struct ar_writer;
struct ar_writer *ar_writer_new(void);
void ar_writer_add(struct ar_writer *w, const char *name, const void *data, uint64_t size,
		   const char *const *syms, size_t nsyms);
size_t ar_writer_count(const struct ar_writer *w);
int ar_writer_write(struct ar_writer *w, const char *path, char **err);
void ar_writer_free(struct ar_writer *w);

#endif
