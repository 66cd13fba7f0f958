/* Targets as data.
 *
 * A target is one row: its triplet pattern, object format, symbol prefix,
 * how its link line is built, and per ABI (multilib) the assembler flag,
 * the ld emulation and the dynamic linker.  Facts that belong to the
 * installed backend GCC rather than to the target (paths, default -march,
 * search lists) are probed by configure; see backend.h.
 */
#ifndef XGCC_TARGET_H
#define XGCC_TARGET_H

#include <stddef.h>

enum obj_format { OBJ_ELF, OBJ_COFF };
enum link_style { LINK_GNU_LINUX, LINK_MINGW };

struct target_abi {
	const char *select;         /* multilib selection flags ("" or "m32"), as -print-multi-lib says */
	const char *as_flags;       /* the assembler's ABI flag */
	const char *emulation;      /* ld -m */
	const char *dynamic_linker; /* ld -dynamic-linker */
	const char *fpmath;         /* default -mfpmath=: "387" means x87 excess precision */
};

struct target {
	const char *triplet;        /* shell pattern matched against the triplet */
	enum obj_format format;
	unsigned machine;           /* ELF e_machine of the default ABI */
	const char *symbol_prefix;  /* "_" where C names get one (i386 COFF) */
	const char *tool_prefix;    /* of binutils' programs: "" native, "x86_64-w64-mingw32-" */
	enum link_style link;
	int tune_follows_arch;      /* an explicit -march= drops the default -mtune= */
	int plugins;                /* the backend can load -fplugin= modules (ELF hosts) */
	const struct target_abi *abis;
	size_t nabis;
};

/* The row for TRIPLET, or NULL. */
const struct target *target_find(const char *triplet);
/* The first row whose objects have FORMAT and MACHINE (ELF e_machine,
 * COFF Machine), or NULL: an object's symbol prefix. */
const struct target *target_for_object(enum obj_format format, unsigned machine);
/* The ABI of T for multilib selection SELECT, or the first. */
const struct target_abi *target_abi(const struct target *t, const char *select);

#endif
