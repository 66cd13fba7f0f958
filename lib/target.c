/* The target rows; see target.h. */
#include "config.h"

#include "target.h"

#include <string.h>

static const struct target_abi x86_64_linux_abis[] = {
	/* -m16: 32-bit code, but no multilib of its own (gcc keeps the
	 * default one's directories) */
	{ "", "sse" }, { "m32", "387" }, { "mx32", "sse" }, { "m16", "387" },
};

static const struct target_abi i386_linux_abis[] = { { "", "387" }, { "m64", "sse" } };
static const struct target_abi pe64_abis[] = { { "", "sse" } };
static const struct target_abi pe32_abis[] = { { "", "387" } };
/* no x87: the driver notes no -fexcess-precision mode (driver/fpeval.c) */
static const struct target_abi no_x87_abis[] = { { "", NULL } };

#define N(a) (sizeof a / sizeof *a)

#define THREAD_SELF_SPECS(SWITCHES) \
	{ "%{fopenacc|fopenmp|%:gt(%{ftree-parallelize-loops=*:%*} 1): " SWITCHES "}", "%{fgnu-tm: " SWITCHES "}", NULL }
static const char *const posix_self_specs[] = THREAD_SELF_SPECS("-pthread");
static const char *const mingw_self_specs[] = THREAD_SELF_SPECS("-mthreads -pthread");

static const struct target targets[] = {
	{ "x86_64-*linux-gnu", OBJ_ELF, 62 /* EM_X86_64 */, "", "", SYS_GNU_LINUX, 1,
	  x86_64_linux_abis, N(x86_64_linux_abis), "a.out", 1, "-D_GNU_SOURCE %(cpp)", posix_self_specs },
	{ "i[3-7]86-*linux-gnu", OBJ_ELF, 3 /* EM_386 */, "", "", SYS_GNU_LINUX, 1,
	  i386_linux_abis, N(i386_linux_abis), "a.out", 1, "-D_GNU_SOURCE %(cpp)", posix_self_specs },
	/* Debian's cross GCCs.  No x87, so no excess precision of the
	 * driver's deciding; the machine's own (_Float16 promoted to float
	 * on arm and aarch64) is cc1's, as with gcc. */
	{ "aarch64-*linux-gnu", OBJ_ELF, 183 /* EM_AARCH64 */, "", "aarch64-linux-gnu-", SYS_GNU_LINUX, 0,
	  no_x87_abis, N(no_x87_abis), "a.out", 1, "-D_GNU_SOURCE %(cpp)", posix_self_specs },
	{ "riscv64-*linux-gnu", OBJ_ELF, 243 /* EM_RISCV */, "", "riscv64-linux-gnu-", SYS_GNU_LINUX, 0,
	  no_x87_abis, N(no_x87_abis), "a.out", 1, "-D_GNU_SOURCE %(cpp)", posix_self_specs },
	/* newlib, no OS; its multilibs are the backend's (probed), so one ABI row */
	{ "arm-none-eabi", OBJ_ELF, 40 /* EM_ARM */, "", "arm-none-eabi-", SYS_BARE_METAL, 0,
	  no_x87_abis, N(no_x87_abis), "a.out", 1, NULL, posix_self_specs },
	/* PE-COFF: x86_64 has no underscore, i386 has.  MinGW first:
	 * target_for_object() answers with it. */
	{ "x86_64-w64-mingw32", OBJ_COFF, 0x8664, "", "x86_64-w64-mingw32-", SYS_MINGW, 1,
	  pe64_abis, N(pe64_abis), "a.exe", 0, NULL, mingw_self_specs },
	{ "i[3-7]86-w64-mingw32", OBJ_COFF, 0x14c, "_", "i686-w64-mingw32-", SYS_MINGW, 1,
	  pe32_abis, N(pe32_abis), "a.exe", 0, NULL, mingw_self_specs },
	{ "x86_64-*-cygwin*", OBJ_COFF, 0x8664, "", "x86_64-pc-cygwin-", SYS_CYGWIN, 1,
	  pe64_abis, N(pe64_abis), "a.exe", 0, NULL, NULL },
	{ "i[3-7]86-*-cygwin*", OBJ_COFF, 0x14c, "_", "i686-pc-cygwin-", SYS_CYGWIN, 1,
	  pe32_abis, N(pe32_abis), "a.exe", 0, NULL, NULL },
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
