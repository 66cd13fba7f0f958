/* echoargv: prints its arguments one a line, in brackets, after
 * expanding @FILE arguments as GCC's programs do (lib/respfile.c), with
 * a first line "argc N" (N as the program received them) and "@files
 * K"; for testsuite/windows-host.bats. */
#include "config.h"

#include "diag.h"
#include "respfile.h"
#include "strvec.h"

#include <stdio.h>

int main(int argc, char **argv)
{
	struct strvec args = { 0 };
	diag_init(argv[0]);
	int k = respfile_expand(argc, argv, &args);
	printf("argc %d\n@files %d\n", argc, k);
	for (size_t i = 1; i < args.n; i++)
		printf("[%s]\n", args.v[i]);
	return k < 0;
}
