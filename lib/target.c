/* The target rows; see target.h. */
#include "config.h"

#include "target.h"

#include <fnmatch.h>
#include <string.h>

static const struct target_abi x86_64_linux_abis[] = {
	{ "",     "--64",  "elf_x86_64",   "/lib64/ld-linux-x86-64.so.2", "sse" },
	{ "m32",  "--32",  "elf_i386",     "/lib/ld-linux.so.2",          "387" },
	{ "mx32", "--x32", "elf32_x86_64", "/libx32/ld-linux-x32.so.2",   "sse" },
};

static const struct target_abi i386_linux_abis[] = {
	{ "",     "--32",  "elf_i386",     "/lib/ld-linux.so.2",          "387" },
	{ "m64",  "--64",  "elf_x86_64",   "/lib64/ld-linux-x86-64.so.2", "sse" },
};

static const struct target_abi mingw64_abis[] = {
	{ "", "--64", "i386pep", "", "sse" },
};

static const struct target_abi mingw32_abis[] = {
	{ "", "--32", "i386pe", "", "387" },
};

#define N(a) (sizeof a / sizeof *a)

static const struct target targets[] = {
	{ "x86_64-*linux-gnu", OBJ_ELF, 62 /* EM_X86_64 */, "", "", LINK_GNU_LINUX, 1, 1,
	  x86_64_linux_abis, N(x86_64_linux_abis) },
	{ "i[3-7]86-*linux-gnu", OBJ_ELF, 3 /* EM_386 */, "", "", LINK_GNU_LINUX, 1, 1,
	  i386_linux_abis, N(i386_linux_abis) },
	/* PE-COFF: the object-level rows (the MinGW link line comes with the
	 * cross drivers).  GCC plugins load on ELF hosts only. */
	{ "x86_64-w64-mingw32", OBJ_COFF, 0x8664, "", "x86_64-w64-mingw32-", LINK_MINGW, 1, 0,
	  mingw64_abis, N(mingw64_abis) },
	{ "i[3-7]86-w64-mingw32", OBJ_COFF, 0x14c, "_", "i686-w64-mingw32-", LINK_MINGW, 1, 0,
	  mingw32_abis, N(mingw32_abis) },
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
