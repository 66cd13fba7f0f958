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
enum link_style { LINK_GNU_LINUX, LINK_MINGW, LINK_CYGWIN };

/* The runtime part of a PE target's link line (gcc's STARTFILE, LIBGCC,
 * LIB and LINK specs in config/i386/mingw32.h, cygwin.h): driver/link.c
 * builds the MinGW and Cygwin lines from this. */
struct pe_runtime {
	const char *dll_prefix;     /* of the target's DLLs: "lib" (libfoo-1.dll), "cyg" */
	const char *crt_exe;        /* start file of executables: "crt2.o", "crt0.o" */
	const char *crt_unicode;    /* ... with -municode (wmain): "crt2u.o", or NULL */
	const char *crt_dll;        /* ... of -shared and -mdll: "dllcrt2.o", or NULL */
	const char *crt_profile;    /* ... with -pg: "gcrt2.o" */
	const char *crtbegin_dll;   /* crtbegin of -shared: "crtbegin.o", "crtbeginS.o" */
	const char *libgcc_before;  /* libraries ahead of libgcc: "-lmingw32", "" */
	const char *libgcc_after;   /* ... after it: "-lmoldname -lmingwex -lmsvcrt -lkernel32" */
	const char *libc;           /* first of the C libraries: "", "-lcygwin" */
	const char *syslibs;        /* the Windows libraries: "-ladvapi32 -lshell32 -luser32 -lkernel32" */
	const char *link_flags;     /* ld flags of every link: "", "--dll-search-prefix=cyg" */
	const char *mthreads_lib;   /* with -mthreads: "-lmingwthrd", or NULL */
	const char *pthread_lib;    /* with -pthread: MinGW's "-lpthread"; NULL: in libc */
	int shared_libgcc_default;  /* libgcc_s unless -static(-libgcc): Cygwin */
};

struct target_abi {
	const char *select;         /* multilib selection flags ("" or "m32"), as -print-multi-lib says */
	const char *as_flags;       /* the assembler's ABI flag */
	const char *emulation;      /* ld -m */
	const char *dynamic_linker; /* ld -dynamic-linker */
	const char *fpmath;         /* default -mfpmath=: "387" means x87 excess precision */
	/* PE targets */
	const char *dll_entry;      /* ld -e of -shared/-mdll: "DllMainCRTStartup" */
	const char *exe_flags;      /* ld flags of executables: Cygwin's "--tsaware" */
	const char *libgcc_s_undefs; /* with -shared-libgcc: i686 "-u ___register_frame_info ..." */
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
	const struct pe_runtime *pe; /* LINK_MINGW, LINK_CYGWIN: the runtime libraries */
	const char *default_output; /* ld's output without -o: "a.out", "a.exe" */
	int cxx_libm;               /* xg++ links -lm (not where libc has the math functions) */
	const char *cxx_cpp_spec;   /* %C of the C++ rows (CPLUSPLUS_CPP_SPEC), NULL: %(cpp) */
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
