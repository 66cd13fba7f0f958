/* Running other programs.
 *
 * Programs start through posix_spawnp with an argv vector (a bare name's
 * place in PATH looked up once per process, progpath.c): no shell is
 * ever involved, so file names reach them as single arguments whatever
 * they contain.  A pipeline (cc1 -pipe | as) connects each command's
 * standard output to the next one's standard input.  While a child runs
 * it is known to the cleanup code, so that a signal stops it.  Death by a
 * signal is reported here, in gcc's words; a failed start sets exec_errno
 * for the caller to report (it knows where the program came from); an
 * ordinary non-zero exit is the caller's business too (cc1 has already
 * said why).
 */
#ifndef XGCC_PROCESS_H
#define XGCC_PROCESS_H

#include <sys/types.h>

struct spawn_cmd {
	char **argv;          /* argv[0] is the file to run (PATH-searched without '/') */
	const char *name;     /* short name for messages ("cc1", "as", "ld") */
	const char *in_path;  /* standard input from this file, or NULL */
	const char *out_path; /* standard output to this file, or NULL */
	const char *err_path; /* standard error to this file, or NULL */
	int status;           /* filled in: exit status, or 128 + signal, or -1 */
	int exec_errno;       /* filled in when it could not be started */
};

enum { SPAWN_TIME = 1 };

enum { SPAWN_MAX = 8 };

/* Run N (at most SPAWN_MAX) commands as a pipeline; returns 0 when every
 * one exited 0. */
int spawn_pipeline(struct spawn_cmd *cmds, int n, int flags);
/* The same in two halves, for work done while the commands run:
 * spawn_start starts them (PIDS[I] is -1 for one that could not start:
 * its status is then -1 and exec_errno says why) and returns 1 when one
 * did not; spawn_wait waits for the ones that did and fills in their
 * status, returning 0 when all of those exited 0.  Until spawn_wait the
 * caller must not wait for any child of its own. */
int spawn_start(struct spawn_cmd *cmds, int n, pid_t *pids);
int spawn_wait(struct spawn_cmd *cmds, int n, const pid_t *pids, int flags);
/* Run one command. */
int spawn_run(char **argv, const char *name, int flags);
/* The status of a child that has been waited for (WSTATUS as waitpid gives
 * it): its exit status, or 128 + the signal that killed it, a death by a
 * signal being reported here in gcc's words. */
int spawn_status(const char *name, int wstatus);
/* "cannot execute 'FILE': REASON", for a command that did not start. */
void spawn_report_exec_error(const char *file, int err);
/* Append ARG to a line as a shell would need it quoted, for -### output. */
void spawn_print_quoted(const char *arg, int style);
enum { QUOTE_NONE, QUOTE_GCC_DRIVER };

#endif
