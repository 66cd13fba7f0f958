/* Running a set of commands in parallel, under a job limit: -flto=N,
 * -flto=auto (all cores), or GNU make's jobserver when there is one
 * (MAKEFLAGS --jobserver-auth=R,W pipes, --jobserver-auth=fifo:PATH, and
 * the older --jobserver-fds=R,W). */
#ifndef XGCC_JOBS_H
#define XGCC_JOBS_H

#include <stddef.h>

struct jobs;

/* SPEC is what followed -flto=: NULL or "" for plain -flto, "auto",
 * "jobserver", or a number.  As in GCC's lto-wrapper, a usable jobserver
 * named by MAKEFLAGS is always used: make's tokens bound the jobs, and a
 * number N bounds them further (so -flto=1 is serial even under make).
 * With no usable jobserver, a number is that limit, and the others mean
 * the cores this process may run on; "jobserver" then warns (at the first
 * jobs_run of more than one command).  A bad number is an error through
 * fatal(). */
struct jobs *jobs_open(const char *spec);
/* How many jobs may run at once (for -fwpa=N and messages); with a
 * jobserver, the limit make reported (-jN, lowered to N of -flto=N), or 0
 * when it is unknown. */
int jobs_limit(const struct jobs *j);
int jobs_uses_jobserver(const struct jobs *j);

/* Run the N commands, each one process (argv[0] PATH-searched, standard
 * streams inherited, name for messages), at most the limit at a time:
 * one runs on the implicit token, each further one on a token read from
 * the jobserver (given back when it ends, and on every exit path: fatal
 * errors and signals).  When one fails, the ones still running are
 * stopped (SIGTERM) and no new one starts.  A failure is reported as
 * "NAME returned S exit status", a signal message or "cannot execute", as
 * spawn_run and collect2 do; the ones stopped here are not reported.
 * Returns 0 when all succeeded, else 1.  The caller must have no other
 * child running meanwhile (ours are waited for with waitpid(-1)).
 * ERR_PATHS, when not NULL, sends job I's standard error to the file
 * ERR_PATHS[I] (when that is not NULL); such a job's exit status is then
 * the caller's to report, from what it wrote there. */
int jobs_run(struct jobs *j, char **const *argvs, const char *const *names, const char *const *err_paths,
	     size_t n);
void jobs_close(struct jobs *j);

#endif
