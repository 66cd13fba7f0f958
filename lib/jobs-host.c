/* Running commands in parallel under a job limit (jobs.h) through the
 * host layer alone (host.h): the runner of the hosts whose processes and
 * jobserver are not POSIX's, Windows (lib/jobs.c is POSIX's, with make's
 * jobserver pipes).
 *
 * The limit is N of -flto=N, else the processors this process may run
 * on, and at most what host_wait_any can wait for at once (63 on
 * Windows).  GNU make's jobserver is, on Windows, a named semaphore:
 * MAKEFLAGS says --jobserver-auth=NAME.  As on POSIX every client owns
 * one implicit slot; before it starts each further job it takes a token
 * (waits on the semaphore), and it gives the token back when that job
 * ends.  The wait for a token is also a wait for the running jobs'
 * ends (host_wait_any), so that a job that ends meanwhile frees its slot
 * at once and two clients cannot deadlock on each other's tokens.
 *
 * The running jobs and their tokens are kept in a table that is changed
 * with interrupts held (host_hold_interrupts); a tempfile.c cleanup hook
 * stops them and gives their tokens back on every exit path.
 */
#include "config.h"

#include "jobs.h"
#include "diag.h"
#include "host.h"
#include "makeflags.h"
#include "process.h"
#include "tempfile.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* At most as many jobs at once as tempfile.c can stop on an interrupt. */
enum { MAX_JOBS = 256 };

struct jobs {
	int number;           /* N of -flto=N, else 0 */
	int limit;            /* jobs at once */
	int make_jobs;        /* make's -jN, 0 when unknown */
	struct host_sem *sem; /* the jobserver, or NULL */
	char *why_not;        /* why there is no jobserver */
	int warn;             /* -flto=jobserver: say why_not */
};

static struct slot {
	pid_t pid;
	int token;   /* holds a token of the jobserver (else the implicit slot) */
	int stopped; /* we stopped it: its end is not reported */
	size_t cmd;
} slots[MAX_JOBS];
static int nslots;
static struct host_sem *token_sem; /* where tokens go back */

static int max_at_once(void)
{
	size_t w = host_facts.wait_any_max;
	return w && w < MAX_JOBS ? (int)w : MAX_JOBS;
}

static void find_jobserver(struct jobs *j)
{
	char *auth = makeflags_env_jobserver(&j->make_jobs, &j->why_not);
	if (auth && !(j->sem = host_sem_open(auth)))
		j->why_not = xasprintf("cannot open the jobserver's semaphore %s: %s", diag_q(auth), strerror(errno));
	free(auth);
}

struct jobs *jobs_open(const char *spec)
{
	struct jobs *j = xcalloc(1, sizeof *j);
	int most = max_at_once();
	j->number = jobs_spec_number(spec, most);
	j->warn = spec && strcmp(spec, "jobserver") == 0;
	if (j->number != 1)
		find_jobserver(j);
	if (j->sem)
		j->limit = j->number ? j->number : most;
	else
		j->limit = j->number ? j->number : host_cores() < most ? host_cores() : most;
	return j;
}

int jobs_limit(const struct jobs *j)
{
	if (!j->sem)
		return j->limit;
	if (!j->make_jobs || (j->number && j->number < j->make_jobs))
		return j->number;
	return j->make_jobs;
}

int jobs_uses_jobserver(const struct jobs *j) { return j->sem != NULL; }

void jobs_close(struct jobs *j)
{
	if (!j)
		return;
	host_sem_close(j->sem);
	free(j->why_not);
	free(j);
}

/* The cleanup hook: stop the jobs, give their tokens back. */
static void stop_jobs(void)
{
	for (int i = 0; i < nslots; i++) {
		host_stop(slots[i].pid);
		if (slots[i].token) {
			slots[i].token = 0;
			host_sem_post(token_sem);
		}
	}
}

static void stop_others(void)
{
	for (int i = 0; i < nslots; i++)
		if (!slots[i].stopped) {
			host_stop(slots[i].pid);
			slots[i].stopped = 1;
		}
}

static const char *cmd_name(char **const *argvs, const char *const *names, size_t i)
{
	return names && names[i] ? names[i] : argvs[i][0];
}

/* Start command I (on a token when TOKEN); 0 when it could not start
 * (reported). */
static int start(char **const *argvs, const char *const *err_paths, size_t i, int token)
{
	struct host_io io = HOST_IO_INHERIT;
	pid_t pid;
	if (err_paths && err_paths[i])
		io.err_path = err_paths[i];
	host_hold_interrupts(1);
	int err = host_spawn(&pid, argvs[i], &io);
	if (err) {
		if (token)
			host_sem_post(token_sem);
	} else {
		slots[nslots++] = (struct slot){ .pid = pid, .token = token, .cmd = i };
		temp_add_child(pid);
	}
	host_hold_interrupts(0);
	if (err)
		spawn_report_exec_error(argvs[i][0], err);
	return !err;
}

/* Slot I's job has ended: wait for it; 1 when it failed and was not
 * stopped (reported). */
static int reap(char **const *argvs, const char *const *names, const char *const *err_paths, int i)
{
	int status, sig;
	struct slot s = slots[i];
	if (host_wait(s.pid, &status, NULL) < 0)
		fatal("cannot wait for the jobs: %s", strerror(errno));
	host_hold_interrupts(1);
	if (s.token)
		host_sem_post(token_sem);
	slots[i] = slots[nslots - 1];
	nslots--;
	temp_remove_child(s.pid);
	host_hold_interrupts(0);
	if (s.stopped)
		return 0;
	const char *name = cmd_name(argvs, names, s.cmd);
	int code = spawn_status(name, status);
	if (code && host_status_exit(status, &sig) >= 0 && !(err_paths && err_paths[s.cmd]))
		diag(DIAG_ERROR, "%s returned %d exit status", name, code);
	return code != 0;
}

/* Wait for a job's end or, with SEM, a token: the slot of the job, or
 * nslots for the token. */
static int wait_any(struct host_sem *sem)
{
	pid_t pids[MAX_JOBS];
	for (int i = 0; i < nslots; i++)
		pids[i] = slots[i].pid;
	long r = host_wait_any(pids, (size_t)nslots, sem);
	if (r < 0)
		fatal("cannot wait for the jobs: %s", strerror(errno));
	return (int)r;
}

int jobs_run(struct jobs *j, char **const *argvs, const char *const *names, const char *const *err_paths,
	     size_t n)
{
	static int hooked;
	size_t next = 0;
	int failed = 0, js = j->sem && j->limit > 1 && n > 1;

	if (!hooked) {
		temp_add_hook(stop_jobs);
		hooked = 1;
	}
	if (j->warn && j->why_not && n > 1) {
		diag(DIAG_WARNING, "jobserver is not available: %s", j->why_not);
		j->warn = 0;
	}
	token_sem = j->sem;
	fflush(stdout);
	fflush(stderr);
	while (nslots > 0 || (next < n && !failed)) {
		if (!failed && next < n && nslots < j->limit) {
			int implicit_free = 1;
			for (int i = 0; js && i < nslots; i++)
				if (!slots[i].token)
					implicit_free = 0;
			if (js && !implicit_free) {
				int r = wait_any(j->sem);
				if (r < nslots) { /* a job ended first */
					if (reap(argvs, names, err_paths, r))
						failed = 1, stop_others();
					continue;
				}
				if (!start(argvs, err_paths, next++, 1))
					failed = 1, stop_others();
				continue;
			}
			if (!start(argvs, err_paths, next++, 0))
				failed = 1, stop_others();
			continue;
		}
		if (reap(argvs, names, err_paths, wait_any(NULL)))
			failed = 1, stop_others();
	}
	return failed;
}
