/* xgcc-distribute-local: the reference LTRANS distributor.
 *
 *   xgcc-distribute-local [-j N] JOBFILE
 *
 * lto1 runs it (-flto-distributor=xgcc-distribute-local) with the job
 * file of a link (lto/distribute.c; doc/lto.texi has the protocol).  It
 * runs every job here, in the job file's directory, at most N at a time
 * (default: make's jobserver when there is one, else the cores, as
 * -flto=auto), and exits 0 when every job ran and left its outputs.  The
 * jobs' messages go to its standard error.  It is the interface's own
 * test, and the model for a distributor of another engine: read the
 * file, run each "args" where its "inputs" are, bring its "outputs" back.
 */
#include "config.h"

#include "about.h"
#include "diag.h"
#include "jobfile.h"
#include "jobs.h"
#include "tempfile.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static void usage(void)
{
	printf("Usage: xgcc-distribute-local [-j N] JOBFILE\n"
	       "Run the LTRANS jobs of an xgcc link here, at most N at a time (default: make's\n"
	       "jobserver, else all cores): the reference distributor of -flto-distributor=.\n\n"
	       "  -j N         Run at most N jobs at a time.\n"
	       "  --help       Display this information.\n"
	       "  --version    Display version information.\n");
	about_help_footer();
}

int main(int argc, char **argv)
{
	diag_init(argv[0]);
	temp_init();
	const char *limit = NULL, *path = NULL;
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--help")) {
			usage();
			return 0;
		} else if (!strcmp(argv[i], "--version")) {
			about_version("xgcc", PACKAGE_VERSION);
			return 0;
		} else if (!strcmp(argv[i], "-j") && i + 1 < argc) {
			limit = argv[++i];
		} else if (!strncmp(argv[i], "-j", 2) && argv[i][2]) {
			limit = argv[i] + 2;
		} else if (argv[i][0] == '-' || path) {
			fatal("usage: xgcc-distribute-local [-j N] JOBFILE");
		} else {
			path = argv[i];
		}
	}
	if (!path)
		fatal("usage: xgcc-distribute-local [-j N] JOBFILE");
	struct job_file f;
	if (job_file_read(path, &f))
		return 1;
	if (chdir(f.directory) != 0)
		fatal("%s: cannot enter the jobs' directory %s: %s", path, f.directory, strerror(errno));
	struct jobs *jobs = jobs_open(limit);
	char ***argvs = xcalloc(f.njobs + 1, sizeof *argvs);
	const char **names = xcalloc(f.njobs + 1, sizeof *names);
	for (size_t k = 0; k < f.njobs; k++) {
		argvs[k] = f.jobs[k].args.v;
		names[k] = xasprintf("job %zu (%s)", k, f.jobs[k].args.v[0]);
	}
	int failed = f.njobs ? jobs_run(jobs, (char **const *)argvs, names, NULL, f.njobs) : 0;
	jobs_close(jobs);
	for (size_t k = 0; k < f.njobs && !failed; k++) {
		const char *missing = job_missing_output(&f, k);
		if (missing) {
			diag(DIAG_ERROR, "job %zu left no %s", k, missing);
			failed = 1;
		}
	}
	return failed;
}
