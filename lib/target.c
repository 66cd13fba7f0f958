/* The target rows; see target.h. */
#include "config.h"

#include "target.h"

#include <fnmatch.h>
#include <string.h>

static const struct target_abi x86_64_linux_abis[] = {
	{ "",     "--64",  "elf_x86_64",   "/lib64/ld-linux-x86-64.so.2", "sse", NULL, NULL, NULL },
	{ "m32",  "--32",  "elf_i386",     "/lib/ld-linux.so.2",          "387", NULL, NULL, NULL },
	{ "mx32", "--x32", "elf32_x86_64", "/libx32/ld-linux-x32.so.2",   "sse", NULL, NULL, NULL },
	/* -m16: 32-bit code, but no multilib of its own (gcc keeps the
	 * default one's directories) */
	{ "m16",  "--32",  "elf_i386",     "/lib/ld-linux.so.2",          "387", NULL, NULL, NULL },
};

static const struct target_abi i386_linux_abis[] = {
	{ "",     "--32",  "elf_i386",     "/lib/ld-linux.so.2",          "387", NULL, NULL, NULL },
	{ "m64",  "--64",  "elf_x86_64",   "/lib64/ld-linux-x86-64.so.2", "sse", NULL, NULL, NULL },
};

/* The ABI flag of the PE targets' assembler comes only from an explicit
 * -m32 or -m64 (their ASM_SPEC), so their rows leave it empty. */
static const struct target_abi mingw64_abis[] = {
	{ "", "", "i386pep", "", "sse", "DllMainCRTStartup", "", "" },
};

static const struct target_abi mingw32_abis[] = {
	{ "", "", "i386pe", "", "387", "_DllMainCRTStartup@12", "",
	  "-u ___register_frame_info -u ___deregister_frame_info" },
};

static const struct target_abi cygwin64_abis[] = {
	{ "", "", "i386pep", "", "sse", "_cygwin_dll_entry", "--tsaware", "" },
};

static const struct target_abi cygwin32_abis[] = {
	{ "", "", "i386pe", "", "387", "__cygwin_dll_entry@12", "--large-address-aware --tsaware", "" },
};

/* mingw32.h: %G is -lmingw32, libgcc, then the CRT; %L the Windows DLLs. */
static const struct pe_runtime mingw_runtime = {
	"lib", "crt2.o", "crt2u.o", "dllcrt2.o", "gcrt2.o", "crtbegin.o", "-lmingw32",
	"-lmoldname -lmingwex -lmsvcrt -lkernel32", "", "-ladvapi32 -lshell32 -luser32 -lkernel32", "",
	"-lmingwthrd", "-lpthread", 0,
};

/* cygwin.h: crt0.o, libc and POSIX in cygwin1.dll (-lcygwin), DLLs named
 * cygNAME.dll.  Untested: Debian has no Cygwin toolchain. */
static const struct pe_runtime cygwin_runtime = {
	"cyg", "crt0.o", NULL, NULL, "gcrt0.o", "crtbeginS.o", "", "", "-lcygwin",
	"-ladvapi32 -lshell32 -luser32 -lkernel32", "--dll-search-prefix=cyg",
	NULL, NULL, 1,
};

#define N(a) (sizeof a / sizeof *a)

static const struct target targets[] = {
	{ "x86_64-*linux-gnu", OBJ_ELF, 62 /* EM_X86_64 */, "", "", LINK_GNU_LINUX, 1, 1,
	  x86_64_linux_abis, N(x86_64_linux_abis), NULL, "a.out", 1, "-D_GNU_SOURCE %(cpp)" },
	{ "i[3-7]86-*linux-gnu", OBJ_ELF, 3 /* EM_386 */, "", "", LINK_GNU_LINUX, 1, 1,
	  i386_linux_abis, N(i386_linux_abis), NULL, "a.out", 1, "-D_GNU_SOURCE %(cpp)" },
	/* PE-COFF: x86_64 has no underscore, i386 has.  GCC plugins load on
	 * ELF hosts only.  MinGW first: target_for_object() answers with it. */
	{ "x86_64-w64-mingw32", OBJ_COFF, 0x8664, "", "x86_64-w64-mingw32-", LINK_MINGW, 1, 0,
	  mingw64_abis, N(mingw64_abis), &mingw_runtime, "a.exe", 0, NULL },
	{ "i[3-7]86-w64-mingw32", OBJ_COFF, 0x14c, "_", "i686-w64-mingw32-", LINK_MINGW, 1, 0,
	  mingw32_abis, N(mingw32_abis), &mingw_runtime, "a.exe", 0, NULL },
	{ "x86_64-*-cygwin*", OBJ_COFF, 0x8664, "", "x86_64-pc-cygwin-", LINK_CYGWIN, 1, 0,
	  cygwin64_abis, N(cygwin64_abis), &cygwin_runtime, "a.exe", 0, NULL },
	{ "i[3-7]86-*-cygwin*", OBJ_COFF, 0x14c, "_", "i686-pc-cygwin-", LINK_CYGWIN, 1, 0,
	  cygwin32_abis, N(cygwin32_abis), &cygwin_runtime, "a.exe", 0, NULL },
};

const struct target *target_find(const char *triplet)
{
	for (size_t i = 0; i < N(targets); i++)
		if (fnmatch(targets[i].triplet, triplet, 0) == 0)
			return &targets[i];
	return NULL;
}

const struct target *target_for_object(enum obj_format format, unsigned machine)
{
	for (size_t i = 0; i < N(targets); i++)
		if (targets[i].format == format && targets[i].machine == machine)
			return &targets[i];
	return NULL;
}

const struct target_abi *target_abi(const struct target *t, const char *select)
{
	for (size_t i = 0; i < t->nabis; i++)
		if (strcmp(t->abis[i].select, select) == 0)
			return &t->abis[i];
	return &t->abis[0];
}
