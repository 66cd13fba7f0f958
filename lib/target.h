/* Targets as data.
 *
 * A target is one row: its triplet pattern, object format, symbol prefix,
 * binutils prefix, and per ABI (multilib) its floating-point unit.  Facts that belong to the
 * installed backend GCC rather than to the target (paths, default -march,
 * search lists) are probed by configure; see backend.h.
 */
#ifndef XGCC_TARGET_H
#define XGCC_TARGET_H

#include <stddef.h>

enum obj_format { OBJ_ELF, OBJ_COFF };
/* The system: what gcc's specs do not say of it (its driver self specs:
 * MinGW's -mthreads with the thread options) */
enum target_system { SYS_GNU_LINUX, SYS_MINGW, SYS_CYGWIN, SYS_BARE_METAL /* newlib, no OS: arm-none-eabi */ };

/* The command lines come from the backend's specs (driver/specs.c);
 * what a row keeps is what they do not say: the object format and the
 * names collect2 and lto1 need, and per ABI (multilib) the default
 * floating-point unit that decides the excess precision. */
struct target_abi {
	const char *select;         /* multilib selection flags ("" or "m32"), as -print-multi-lib says */
	const char *fpmath;         /* default -mfpmath=: "387" means x87 excess precision;
	                             * NULL: no x87, the driver decides no -fexcess-precision */
};

struct target {
	const char *triplet;        /* shell pattern matched against the triplet */
	enum obj_format format;
	unsigned machine;           /* ELF e_machine of the default ABI */
	const char *symbol_prefix;  /* "_" where C names get one (i386 COFF) */
	const char *tool_prefix;    /* of binutils' programs: "" native, "x86_64-w64-mingw32-" */
	enum target_system system;
	int tune_follows_arch;      /* an explicit -march= drops the default -mtune= */
	const struct target_abi *abis;
	size_t nabis;
	const char *default_output; /* ld's output without -o: "a.out", "a.exe" */
	int cxx_libm;               /* xg++ links -lm (not where libc has the math functions) */
	const char *cxx_cpp_spec;   /* %C of the C++ rows (CPLUSPLUS_CPP_SPEC), NULL: %(cpp) */
	/* gcc's GOMP_SELF_SPECS and GTM_SELF_SPECS, NULL-terminated (NULL:
	 * none, Cygwin): compiled into its driver, so not among the
	 * backend's specs; the thread switches of -fopenmp, -fopenacc,
	 * -ftree-parallelize-loops=N>1 and -fgnu-tm */
	const char *const *self_specs;
};

/* The row for TRIPLET, or NULL. */
const struct target *target_find(const char *triplet);
/* The first row whose objects have FORMAT and MACHINE (ELF e_machine,
 * COFF Machine), or NULL: an object's symbol prefix.  The MinGW rows come
 * before the Cygwin ones, which have the same COFF machines and symbol
 * prefixes, so COFF objects get the MinGW rows. */
const struct target *target_for_object(enum obj_format format, unsigned machine);
/* The ABI of T for multilib selection SELECT, or the first. */
const struct target_abi *target_abi(const struct target *t, const char *select);

#endif
