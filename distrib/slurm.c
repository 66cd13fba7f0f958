/* xgcc-distribute-slurm: LTRANS jobs on a Slurm cluster.
 *
 *   xgcc-distribute-slurm [SRUN-OPTION...] JOBFILE
 *
 * lto1 runs it (-flto-distributor=xgcc-distribute-slurm) with the job
 * file of a link (lto/distribute.c; doc/lto.texi has the protocol).  Each
 * job becomes one "srun --chdir=DIRECTORY ... -- ARGS": Slurm runs the
 * job's argv on a node as it is (no shell reads a word of it), in the job
 * file's directory, which the nodes must share with the machine that
 * links (NFS, Lustre...: the link's TMPDIR on it): the inputs are read
 * and the outputs written there, and that is how they come back.  The
 * options before JOBFILE, and the words of XGCC_SLURM_ARGS (split on
 * spaces; the options win, coming later), go to every srun as they are:
 * --partition, --time, --account, --constraint...; srun's own variables
 * (SLURM_PARTITION, SLURM_TIMELIMIT...) work too.  All jobs are submitted
 * at once, at most MAX_RUNNING sruns at a time here; the scheduler queues
 * what the cluster cannot run yet.  A job's messages reach the standard
 * error as srun forwards them; one that fails gets one error line naming
 * it, and the distributor exits 1.
 *
 * Why one srun per job and not one "sbatch --wait --array" per link:
 * sbatch --wait learns that the array ended by polling the controller,
 * sleeping 2 s, then 8, then 32 s between polls (while under MinJobAge/2,
 * 300 s by default): on the one-node test cluster, eight jobs of 1 s on
 * 2 CPUs took 42 s as an array under sbatch --wait and 10 s as eight
 * sruns.  It also gives the highest exit status of the array's tasks,
 * not which one failed, and it needs a batch script and log files in the
 * shared directory.
 * srun returns when its job ends, with that job's exit status, and
 * forwards the job's output as it comes.  The price is one srun process
 * here per running job and one Slurm job per LTRANS job instead of an
 * array's one.
 */
#include "config.h"

#include "about.h"
#include "diag.h"
#include "jobfile.h"
#include "process.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* sruns alive here at once: each is a process of a few megabytes that
 * waits on the controller, and the cleanup knows at most 256 children. */
enum { MAX_RUNNING = 128 };

static void usage(void)
{
	printf("Usage: xgcc-distribute-slurm [SRUN-OPTION...] JOBFILE\n"
	       "Run the LTRANS jobs of an xgcc link on a Slurm cluster, one srun per job, in\n"
	       "the job file's directory, which the nodes must share: a distributor for\n"
	       "-flto-distributor=.  The options, after the words of XGCC_SLURM_ARGS, go to\n"
	       "every srun (--partition, --time, --account...).\n\n"
	       "  --help       Display this information.\n"
	       "  --version    Display version information.\n");
	about_help_footer();
}

/* The srun command of job K: the common part, then the job's own. */
static char **srun_argv(const struct strvec *common, const struct job_file *f, size_t k)
{
	struct strvec cmd = { 0 };
	strvec_extend(&cmd, common);
	const struct dist_job *job = &f->jobs[k];
	strvec_pushf(&cmd, "--job-name=ltrans:%s", job->inputs.n ? job->inputs.v[0] : job->outputs.v[0]);
	strvec_push(&cmd, "--");
	/* Slurm 26.05's slurmstepd starts a step's tasks with SIGINT and
	 * SIGQUIT ignored, and a program keeps a SIGINT it inherits ignored
	 * (a shell script cannot even trap it): env gives the job the
	 * default back, so the SIGINT of stop_sruns reaches it */
	strvec_push(&cmd, "env");
	strvec_push(&cmd, "--default-signal=INT");
	strvec_push(&cmd, "--");
	strvec_extend(&cmd, &job->args);
	return cmd.v;
}

/* Say why job K failed: srun did not start, or it has already said how. */
static void report_failure(const struct job_file *f, size_t k, const struct spawn_cmd *c)
{
	const char *input = job_first_input(f, k);
	if (c->status == -1)
		diag(DIAG_ERROR, "cannot run %s: %s (Slurm's client commands, Debian's slurm-client, must be in PATH)",
		     diag_q(c->argv[0]), strerror(c->exec_errno));
	else
		diag(DIAG_ERROR, "job %zu (%s) failed on the cluster (srun's exit status %d); its messages are above",
		     k, input, c->status);
}

/* Stop the N sruns of PIDS and their jobs: one SIGINT each, which srun
 * (run with --disable-status) passes on to its job, which then cleans up
 * as it does at a ^C and ends, and srun with it.  Two SIGINTs within a
 * second would also send SIGINT, but srun would then abort the step and
 * have it killed at once, racing the job's cleanup; SIGTERM makes srun
 * kill the job with SIGKILL.  Either leaves the job's temporary files
 * (an LTRANS job's assembly) behind.  A srun still waiting for its
 * allocation gives up at the SIGINT. */
static void stop_sruns(const pid_t *pids, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (pids[i] > 0)
			kill(pids[i], SIGINT);
}

int main(int argc, char **argv)
{
	struct job_file f;
	int early = distributor_start(argc, argv, usage, "xgcc-distribute-slurm [SRUN-OPTION...] JOBFILE", &f);
	if (early >= 0)
		return early;

	struct strvec common = { 0 };
	strvec_push(&common, "srun");
	/* one task, no standard input (a terminal's would go to every job),
	 * none of srun's notes on queueing: its errors only; a SIGINT (a
	 * ^C, or stop_sruns) goes on to the job at once, not a second
	 * one within a second */
	strvec_push(&common, "--ntasks=1");
	strvec_push(&common, "--input=none");
	strvec_push(&common, "--quiet");
	strvec_push(&common, "--disable-status");
	strvec_pushf(&common, "--chdir=%s", f.directory);
	const char *extra = getenv("XGCC_SLURM_ARGS");
	if (extra)
		strvec_split(&common, extra, ' ');
	for (int i = 1; i < argc - 1; i++)
		strvec_push(&common, argv[i]);

	struct spawn_cmd *cmds = xcalloc(f.njobs + 1, sizeof *cmds);
	pid_t *pids = xcalloc(f.njobs + 1, sizeof *pids);
	int failed = 0;
	/* a window of MAX_RUNNING sruns, waited for in the jobs' order: the
	 * oldest is not always the first to end, but all must end anyway */
	size_t started = 0;
	for (size_t k = 0; k < f.njobs; k++) {
		for (; !failed && started < f.njobs && started < k + MAX_RUNNING; started++) {
			cmds[started] = (struct spawn_cmd){ .argv = srun_argv(&common, &f, started), .name = "srun" };
			spawn_start(&cmds[started], 1, &pids[started]);
		}
		if (k >= started)
			break;
		if (spawn_wait(&cmds[k], 1, &pids[k], 0) == 0 && cmds[k].status == 0)
			continue;
		if (failed)
			continue;
		report_failure(&f, k, &cmds[k]);
		failed = 1;
		/* the link has failed: the others' work is wasted */
		stop_sruns(pids + k + 1, started - k - 1);
	}
	for (size_t k = 0; k < f.njobs && !failed; k++) {
		const char *missing = job_missing_output(&f, k);
		if (missing) {
			diag(DIAG_ERROR, "job %zu (%s): srun reported success, but %s is not in %s: do the nodes share "
			     "that directory with this machine?", k, job_first_input(&f, k),
			     missing, f.directory);
			failed = 1;
		}
	}
	return failed;
}
