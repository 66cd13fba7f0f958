/* collect2: the link step that the driver runs.
 *
 * gcc's driver never runs ld itself: it runs collect2 with the final link
 * line, and collect2 runs ld.  xgcc keeps that shape so that its LTO stage
 * can sit between the two without a linker plugin.  For now collect2
 * takes out the options meant for it (-flto*, -fno-lto, -fuse-ld=), finds
 * ld the way GCC's collect2 does (COMPILER_PATH, then PATH) and runs it
 * once with everything else, through a response file when it was given
 * one itself.
 */
#include "config.h"

#include "diag.h"
#include "respfile.h"
#include "process.h"
#include "strvec.h"
#include "tempfile.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char *find_ld(const char *name)
{
	struct strvec dirs = { 0 };
	strvec_split(&dirs, getenv("COMPILER_PATH"), ':');
	for (size_t i = 0; i < dirs.n; i++) {
		char *p = xasprintf("%s/%s", dirs.v[i], name);
		struct stat st;
		if (stat(p, &st) == 0 && S_ISREG(st.st_mode) && access(p, X_OK) == 0)
			return p;
		free(p);
	}
	return xstrdup(name); /* PATH */
}

int main(int argc, char **argv)
{
	diag_init(argv[0]);
	temp_init();

	struct strvec args = { 0 };
	int nresp = respfile_expand(argc - 1, argv + 1, &args);
	if (nresp < 0)
		return 1;

	const char *ld_name = "ld";
	int verbose = 0;
	struct strvec ld_args = { 0 };
	for (size_t i = 0; i < args.n; i++) {
		const char *a = args.v[i];
		if (strcmp(a, "-flto") == 0 || strncmp(a, "-flto=", 6) == 0 || strcmp(a, "-fno-lto") == 0)
			continue;
		if (strncmp(a, "-fuse-ld=", 9) == 0) {
			ld_name = xasprintf("ld.%s", a + 9);
			continue;
		}
		if (strcmp(a, "--collect2-verbose") == 0) {
			verbose = 1;
			continue;
		}
		strvec_push(&ld_args, a);
	}
	if (getenv("COLLECT_VERBOSE"))
		verbose = 1;

	struct strvec cmd = { 0 };
	strvec_push(&cmd, find_ld(ld_name));
	if (nresp > 0 && ld_args.n)
		strvec_pushf(&cmd, "@%s", respfile_write(ld_args.v, ld_args.n));
	else
		strvec_extend(&cmd, &ld_args);
	if (verbose) {
		for (size_t i = 0; i < cmd.n; i++)
			fprintf(stderr, "%s%s", i ? " " : "", cmd.v[i]);
		fputc('\n', stderr);
	}
	int status = spawn_run(cmd.v, "ld", 0);
	if (status > 0 && status < 128)
		diag(DIAG_ERROR, "ld returned %d exit status", status);
	return status ? 1 : 0;
}
