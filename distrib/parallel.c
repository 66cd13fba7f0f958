/* xgcc-distribute-parallel: LTRANS jobs on other machines, through GNU
 * parallel over ssh.
 *
 *   xgcc-distribute-parallel [PARALLEL-OPTION...] JOBFILE
 *
 * The options go to GNU parallel as they are: --sshlogin (-S),
 * --sshloginfile, --ssh, -j, --retries, --filter-hosts...  For each job
 * parallel copies its "inputs" to a fresh directory on a worker (rsync
 * over ssh: --transferfile), runs its "args" there, copies its "outputs"
 * back (--return) and removes the directory (--cleanup).  So a worker
 * needs ssh, rsync and the same compiler at the same path, and nothing
 * of the link's directory.  parallel runs a command through the remote
 * shell; the job's argv goes as a file of NUL-terminated words, run by
 * "xargs -0 -a FILE env --", so that no word is ever read by a shell.
 * The first job that fails stops the others (--halt now,fail=1).
 *
 * GNU parallel's --transferfile and --return take a fixed number of
 * files per command line, so the jobs go in groups of the same number of
 * inputs and outputs (xgcc's jobs: one of each); the program that runs
 * is XGCC_PARALLEL, else "parallel".
 */
#include "config.h"

#include "about.h"
#include "diag.h"
#include "fileinfo.h"
#include "jobfile.h"
#include "process.h"
#include "tempfile.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void usage(void)
{
	printf("Usage: xgcc-distribute-parallel [PARALLEL-OPTION...] JOBFILE\n"
	       "Run the LTRANS jobs of an xgcc link on other machines through GNU parallel over\n"
	       "ssh, shipping each job's files to a worker and its outputs back: a distributor\n"
	       "for -flto-distributor=.  The options go to parallel (--sshlogin, --ssh, -j...).\n\n"
	       "  --help       Display this information.\n"
	       "  --version    Display version information.\n");
	about_help_footer();
}

/* JOB's argv, NUL-terminated words, as NAME (in the directory). */
static void write_args(const char *name, const struct dist_job *job)
{
	FILE *f = fopen(name, "w");
	if (!f)
		fatal("cannot write %s: %s", name, strerror(errno));
	temp_register(name);
	for (size_t i = 0; i < job->args.n; i++)
		fprintf(f, "%s%c", job->args.v[i], 0);
	if (fclose(f) != 0)
		fatal("cannot write %s: %s", name, strerror(errno));
}

/* One parallel run for the jobs of one shape: NIN inputs, NOUT outputs;
 * TABLE's lines are "ARGSFILE\tINPUT...\tOUTPUT...".  Its exit status. */
static int run_group(const char *parallel, char **opts, int nopts, const char *table, size_t nin, size_t nout)
{
	struct strvec cmd = { 0 };
	strvec_push(&cmd, parallel);
	strvec_push(&cmd, "--will-cite");
	for (int i = 0; i < nopts; i++)
		strvec_push(&cmd, opts[i]);
	strvec_push(&cmd, "--colsep");
	strvec_push(&cmd, "\t");
	strvec_push(&cmd, "--halt");
	strvec_push(&cmd, "now,fail=1");
	strvec_push(&cmd, "--workdir");
	strvec_push(&cmd, "...");
	strvec_push(&cmd, "--cleanup");
	strvec_push(&cmd, "--transferfile");
	strvec_push(&cmd, "{1}");
	for (size_t i = 0; i < nin; i++) {
		strvec_push(&cmd, "--transferfile");
		strvec_pushf(&cmd, "{%zu}", 2 + i);
	}
	for (size_t i = 0; i < nout; i++) {
		strvec_push(&cmd, "--return");
		strvec_pushf(&cmd, "{%zu}", 2 + nin + i);
	}
	static const char *const run[] = { "xargs", "-0", "-x", "-a", "{1}", "env", "--" };
	for (size_t i = 0; i < sizeof run / sizeof *run; i++)
		strvec_push(&cmd, run[i]);
	strvec_push(&cmd, "::::");
	strvec_push(&cmd, table);
	struct spawn_cmd c = { .argv = cmd.v, .name = parallel };
	spawn_pipeline(&c, 1, 0);
	if (c.status == -1)
		spawn_report_exec_error(parallel, c.exec_errno);
	return c.status;
}

/* Can NAME go in a column of parallel's table? */
static int fits_table(const char *name)
{
	return !strpbrk(name, "\t\n");
}

int main(int argc, char **argv)
{
	struct job_file f;
	int early = distributor_start(argc, argv, usage, "xgcc-distribute-parallel [PARALLEL-OPTION...] JOBFILE", &f);
	if (early >= 0)
		return early;
	char *jobname = xstrdup(file_base_name(argv[argc - 1]));
	const char *parallel = getenv("XGCC_PARALLEL");
	if (!parallel || !*parallel)
		parallel = "parallel";

	int *done = xcalloc(f.njobs + 1, sizeof *done);
	int status = 0;
	for (size_t first = 0; first < f.njobs && !status; first++) {
		if (done[first])
			continue;
		size_t nin = f.jobs[first].inputs.n, nout = f.jobs[first].outputs.n;
		char *table = xasprintf("%s.%zu-%zu.table", jobname, nin, nout);
		FILE *t = fopen(table, "w");
		if (!t)
			fatal("cannot write %s: %s", table, strerror(errno));
		temp_register(table);
		for (size_t k = first; k < f.njobs; k++) {
			struct dist_job *j = &f.jobs[k];
			if (done[k] || j->inputs.n != nin || j->outputs.n != nout)
				continue;
			done[k] = 1;
			char *args = xasprintf("%s.%zu.args", jobname, k);
			write_args(args, j);
			struct strvec row = { 0 };
			strvec_push(&row, args);
			strvec_extend(&row, &j->inputs);
			strvec_extend(&row, &j->outputs);
			for (size_t i = 0; i < row.n; i++)
				if (!fits_table(row.v[i]))
					fatal("job %zu: %s: a file name with a tab or a newline cannot go through parallel",
					      k, diag_q(row.v[i]));
			char *line = strvec_join(&row, '\t');
			fprintf(t, "%s\n", line);
			free(line);
		}
		if (fclose(t) != 0)
			fatal("cannot write %s: %s", table, strerror(errno));
		status = run_group(parallel, argv + 1, argc - 2, table, nin, nout);
	}
	for (size_t k = 0; k < f.njobs; k++) {
		const char *missing = job_missing_output(&f, k);
		if (missing) {
			diag(DIAG_ERROR, "job %zu (%s): %s did not come back from a worker%s", k,
			     job_first_input(&f, k), missing,
			     status ? "" : " (parallel reported success)");
			return 1;
		}
	}
	if (status)
		diag(DIAG_ERROR, "%s failed (exit status %d)", parallel, status);
	return status != 0;
}
