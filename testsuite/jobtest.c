/* jobtest: the parallel job runner (lib/jobs.h) from the command line,
 * for the test suite (jobs.bats).
 *
 *   jobtest SPEC N -- CMD ARG...
 *
 * SPEC is what would follow -flto= ("" for plain -flto, "auto",
 * "jobserver" or a number).  jobtest prints "limit L jobserver J"
 * (jobs_limit, jobs_uses_jobserver), then runs N copies of CMD ARG...
 * through jobs_run; "{}" in an argument becomes the copy's number, 0 to
 * N-1, so that each copy can tell which one it is.  The exit status is
 * jobs_run's: 0 when every copy succeeded, else 1.
 */
#include "config.h"

#include "jobs.h"
#include "diag.h"
#include "strvec.h"
#include "tempfile.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ARG with each "{}" replaced by I. */
static char *substitute(const char *arg, size_t i)
{
	const char *p = strstr(arg, "{}");
	if (!p)
		return xstrdup(arg);
	char *rest = substitute(p + 2, i);
	char *s = xasprintf("%.*s%zu%s", (int)(p - arg), arg, i, rest);
	free(rest);
	return s;
}

int main(int argc, char **argv)
{
	diag_init(argv[0]);
	temp_init();
	if (argc < 5 || strcmp(argv[3], "--") != 0) {
		fprintf(stderr, "usage: jobtest SPEC N -- CMD ARG...\n");
		return 2;
	}
	char *end;
	size_t n = strtoul(argv[2], &end, 10);
	if (*end || !*argv[2])
		fatal("bad count %s", argv[2]);
	struct jobs *j = jobs_open(argv[1]);
	printf("limit %d jobserver %d\n", jobs_limit(j), jobs_uses_jobserver(j));
	fflush(stdout);

	char ***argvs = xcalloc(n ? n : 1, sizeof *argvs);
	const char *name = strrchr(argv[4], '/') ? strrchr(argv[4], '/') + 1 : argv[4];
	const char **names = xcalloc(n ? n : 1, sizeof *names);
	for (size_t i = 0; i < n; i++) {
		struct strvec cmd = { 0 };
		for (int a = 4; a < argc; a++)
			strvec_push(&cmd, substitute(argv[a], i));
		argvs[i] = cmd.v;
		names[i] = name;
	}
	int status = jobs_run(j, (char **const *)argvs, names, NULL, n);
	jobs_close(j);
	for (size_t i = 0; i < n; i++) {
		for (char **a = argvs[i]; *a; a++)
			free(*a);
		free(argvs[i]);
	}
	free(argvs);
	free(names);
	return status;
}
