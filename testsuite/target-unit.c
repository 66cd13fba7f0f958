/* target-unit: prints the rows of lib/target.c, for testsuite/targets.bats.
 *
 *   target-unit find TRIPLET            the row target_find() gives
 *   target-unit object elf|coff MACHINE the row target_for_object() gives
 *
 * A row prints as "key=value" lines: pattern, format, machine, prefix
 * (the C symbol prefix), tools (the binutils prefix), link, and for PE
 * targets their runtime (dll_prefix, crt, libc, syslibs, emulation,
 * dll_entry); "none" and exit status 1 when there is no row.
 *
 * Build: cc -std=c11 -I lib -I . testsuite/target-unit.c lib/target.c
 */
#include "config.h"

#include "target.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int show(const struct target *t)
{
	static const char *const links[] = { "gnu-linux", "mingw", "cygwin" };
	if (!t) {
		puts("none");
		return 1;
	}
	printf("pattern=%s\nformat=%s\nmachine=0x%x\nprefix=%s\ntools=%s\nlink=%s\n", t->triplet,
	       t->format == OBJ_ELF ? "elf" : "coff", t->machine, t->symbol_prefix, t->tool_prefix,
	       links[t->link]);
	if (t->pe)
		printf("dll_prefix=%s\ncrt=%s\nlibc=%s\nsyslibs=%s\nemulation=%s\ndll_entry=%s\n",
		       t->pe->dll_prefix, t->pe->crt_exe, t->pe->libc, t->pe->syslibs, t->abis[0].emulation,
		       t->abis[0].dll_entry);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc == 3 && strcmp(argv[1], "find") == 0)
		return show(target_find(argv[2]));
	if (argc == 4 && strcmp(argv[1], "object") == 0)
		return show(target_for_object(strcmp(argv[2], "elf") == 0 ? OBJ_ELF : OBJ_COFF,
					      (unsigned)strtoul(argv[3], NULL, 0)));
	fprintf(stderr, "usage: target-unit find TRIPLET | object elf|coff MACHINE\n");
	return 2;
}
