/* target-unit: prints the rows of lib/target.c, for testsuite/targets.bats.
 *
 *   target-unit find TRIPLET            the row target_find() gives
 *   target-unit object elf|coff MACHINE the row target_for_object() gives
 *
 * A row prints as "key=value" lines: pattern, format, machine, prefix
 * (the C symbol prefix), tools (the binutils prefix), system, the default
 * ABI's fpmath, the default output and the C++ cpp spec; "none" and exit
 * status 1 when there is no row.
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
	static const char *const systems[] = { "gnu-linux", "mingw", "cygwin", "bare-metal" };
	if (!t) {
		puts("none");
		return 1;
	}
	printf("pattern=%s\nformat=%s\nmachine=0x%x\nprefix=%s\ntools=%s\nsystem=%s\nfpmath=%s\n"
	       "output=%s\ncxx_cpp=%s\n",
	       t->triplet, t->format == OBJ_ELF ? "elf" : "coff", t->machine, t->symbol_prefix, t->tool_prefix,
	       systems[t->system], t->abis[0].fpmath ? t->abis[0].fpmath : "none", t->default_output, t->cxx_cpp_spec ? t->cxx_cpp_spec : "");
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
