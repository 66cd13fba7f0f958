/* hostspawn: the host layer's spawning (lib/process.c over lib/host.h)
 * from the command line, for testsuite/windows-host.bats.
 *
 *   hostspawn [-pad N LEN] PROG ARG...
 *
 * runs PROG ARG... (and, with -pad, N more arguments of LEN characters
 * each, "pI-" then x's) through spawn_run, and exits with its status. */
#include "config.h"

#include "diag.h"
#include "process.h"
#include "strvec.h"
#include "tempfile.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
	struct strvec cmd = { 0 };
	long pad = 0, len = 0;
	int i = 1;
	diag_init(argv[0]);
	temp_init();
	if (argc > 3 && strcmp(argv[1], "-pad") == 0)
		pad = atol(argv[2]), len = atol(argv[3]), i = 4;
	if (i >= argc) {
		fprintf(stderr, "usage: hostspawn [-pad N LEN] PROG ARG...\n");
		return 2;
	}
	for (; i < argc; i++)
		strvec_push(&cmd, xstrdup(argv[i]));
	for (long k = 0; k < pad; k++) {
		char *a = xmalloc((size_t)len + 32);
		int n = snprintf(a, (size_t)len + 32, "p%ld-", k);
		while (n < len)
			a[n++] = 'x';
		a[n] = 0;
		strvec_push(&cmd, a);
	}
	return spawn_run(cmd.v, "hostspawn-child", 0);
}
