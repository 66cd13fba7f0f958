/* Running commands in parallel under a job limit; see jobs.h.
 *
 * The limit.  -flto=N says it; -flto=auto counts the processors in this
 * process's affinity mask, as GCC's lto-wrapper does (taskset and cgroup
 * cpusets shrink it), else the online ones.  Under GNU make the jobserver
 * says it: a pipe holding one byte, a token, per free job slot beyond the
 * first.  Every client owns one implicit slot; it reads a byte before it
 * starts each further job and writes the same byte back when that job
 * ends.  MAKEFLAGS names the pipe: its first word holds the single-letter
 * flags (or is empty), then come -jN and --jobserver-auth=R,W (inherited
 * file descriptors, make 4.2 and 4.3), --jobserver-auth=fifo:PATH (make
 * 4.4: a named pipe, which we open for reading and writing) or, before
 * make 4.2, --jobserver-fds=R,W; the last one wins, and "--" ends the
 * options (variable definitions follow).  make hands the descriptors only
 * to recipes it knows are recursive ('+' or $(MAKE)); the others find
 * them closed, or reused for something else, so both must be open pipes
 * with the right access mode.  A jobserver that cannot be used is ignored,
 * as make's own clients do, and said so when -flto=jobserver asked for it.
 *
 * Waiting.  With no token wanted the runner just blocks in waitpid.  To
 * get a token it waits in poll until the pipe is readable, then reads a
 * byte; the descriptor's blocking mode is make's and must not be changed
 * (make 4.3 leaves it non-blocking, so the read may also fail with EAGAIN
 * when another client took the byte first: poll again).  A job that ends
 * meanwhile frees a slot, possibly the implicit one, and must wake us:
 * else two clients that each wait for a token while holding finished
 * jobs' tokens could deadlock.  So the wait is made on a private dup of
 * the descriptor, and the SIGCHLD handler closes that dup: a child that
 * ends during the poll or read interrupts it (EINTR), one that ends just
 * before makes it fail (POLLNVAL, EBADF), and one that ended before the
 * dup was armed is seen by a waitid(WNOWAIT) look in between.  No timeouts,
 * no busy loop; make 3.81 closed a dup in its SIGCHLD handler the same way.
 *
 * Tokens are never lost.  The running jobs and the token each holds are
 * kept in a table that is changed only with signals blocked, and a
 * tempfile.c cleanup hook stops those jobs and writes their tokens back on
 * every exit path: fatal() errors, exit, and the signals that tempfile.c
 * catches.  Children start with signals blocked in the parent (their own
 * mask restored by posix_spawn), so none runs unrecorded.
 */
#include "config.h"

#include "jobs.h"
#include "diag.h"
#include "host.h"
#include "makeflags.h"
#include "process.h"
#include "progpath.h"
#include "tempfile.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

/* At most as many jobs at once as tempfile.c can stop on a signal. */
enum { MAX_JOBS = 256 };

struct jobs {
	int number;    /* N of -flto=N, else 0 */
	int limit;     /* jobs at once: N, the cores, or MAX_JOBS under a jobserver */
	int make_jobs; /* make's -jN, 0 when unknown */
	int rfd, wfd;  /* the jobserver, or -1 */
	int fifo_fd;   /* the fifo opened here */
	char *why_not; /* why there is no jobserver */
	int warn;      /* -flto=jobserver: say why_not */
};

/* The running jobs; see the opening comment. */
static struct slot {
	pid_t pid;
	int token;   /* the byte read for it, or -1 for the implicit slot */
	int stopped; /* we sent it SIGTERM: its end is not reported */
	size_t cmd;
} slots[MAX_JOBS];
static volatile sig_atomic_t nslots;
static volatile sig_atomic_t token_fd = -1; /* where tokens go back */
static volatile sig_atomic_t wake_fd = -1;  /* the dup a token wait blocks on */

/* ------------------------------------------------------------ the limit */

static int cores(void)
{
	int n = host_cores();
	return n < MAX_JOBS ? n : MAX_JOBS;
}

/* FD is open, a pipe or fifo, and can be read (WANT O_RDONLY) or written. */
static int pipe_fd_ok(int fd, int want)
{
	struct stat st;
	int fl = fcntl(fd, F_GETFL);
	if (fd < 0 || fl < 0 || fstat(fd, &st) != 0 || !S_ISFIFO(st.st_mode))
		return 0;
	fl &= O_ACCMODE;
	return fl == O_RDWR || fl == want;
}

static int starts_with(const char *s, const char *prefix)
{
	return strncmp(s, prefix, strlen(prefix)) == 0;
}

/* Look for make's jobserver in MAKEFLAGS: set rfd/wfd, or why_not. */
static void find_jobserver(struct jobs *j)
{
	char *auth = makeflags_env_jobserver(&j->make_jobs, &j->why_not);

	int r, w, end = 0;
	if (!auth)
		return;
	if (starts_with(auth, "fifo:")) {
		const char *path = auth + 5;
		struct stat st;
		int fd = open(path, O_RDWR | O_CLOEXEC);
		if (fd < 0 || fstat(fd, &st) != 0 || !S_ISFIFO(st.st_mode)) {
			j->why_not = xasprintf("cannot open the jobserver fifo %s: %s", diag_q(path),
					       fd < 0 ? strerror(errno) : "not a fifo");
			if (fd >= 0)
				close(fd);
		} else {
			j->rfd = j->wfd = j->fifo_fd = fd;
		}
	} else if (sscanf(auth, "%d,%d%n", &r, &w, &end) != 2 || auth[end]) {
		j->why_not = xasprintf("cannot parse %s", diag_qf("--jobserver-auth=%s", auth));
	} else if (r < 0 || w < 0) {
		j->why_not = xasprintf("make disabled it for this command (%s)",
				       diag_qf("--jobserver-auth=%s", auth));
	} else if (!pipe_fd_ok(r, O_RDONLY) || !pipe_fd_ok(w, O_WRONLY)) {
		j->why_not = xasprintf("cannot access %s file descriptors (a recipe needs a %s to pass them)",
				       diag_qf("--jobserver-auth=%s", auth), diag_q("+"));
	} else {
		j->rfd = r;
		j->wfd = w;
	}
	free(auth);
}

struct jobs *jobs_open(const char *spec)
{
	struct jobs *j = xcalloc(1, sizeof *j);
	j->rfd = j->wfd = j->fifo_fd = -1;
	j->number = jobs_spec_number(spec, MAX_JOBS);
	j->warn = spec && strcmp(spec, "jobserver") == 0;
	if (j->number != 1)
		find_jobserver(j);
	if (j->rfd >= 0)
		j->limit = j->number ? j->number : MAX_JOBS;
	else
		j->limit = j->number ? j->number : cores();
	return j;
}

int jobs_limit(const struct jobs *j)
{
	if (j->rfd < 0)
		return j->limit;
	if (!j->make_jobs || (j->number && j->number < j->make_jobs))
		return j->number;
	return j->make_jobs;
}

int jobs_uses_jobserver(const struct jobs *j) { return j->rfd >= 0; }

void jobs_close(struct jobs *j)
{
	if (!j)
		return;
	if (j->fifo_fd >= 0)
		close(j->fifo_fd);
	free(j->why_not);
	free(j);
}

/* ------------------------------------------------------------- tokens */

static void put_token(int token)
{
	char c = (char)token;
	while (write(token_fd, &c, 1) < 0 && errno == EINTR)
		;
}

/* The cleanup hook, also run from signal handlers: stop the jobs, give
 * their tokens back. */
static void stop_jobs(void)
{
	int saved = errno;
	for (int i = 0; i < nslots; i++) {
		if (slots[i].pid > 0)
			kill(slots[i].pid, SIGTERM);
		if (slots[i].token >= 0) {
			int t = slots[i].token;
			slots[i].token = -1;
			put_token(t);
		}
	}
	errno = saved;
}

static void on_sigchld(int sig)
{
	int saved = errno, fd = wake_fd;
	(void)sig;
	if (fd >= 0) {
		wake_fd = -1;
		close(fd);
	}
	errno = saved;
}

static void block_signals(sigset_t *old)
{
	sigset_t all;
	sigfillset(&all);
	sigprocmask(SIG_BLOCK, &all, old);
}

/* Wait for a token or for the end of one of our jobs, whichever comes
 * first: the token's byte, or -1. */
static int read_token(const struct jobs *j)
{
	sigset_t old;
	unsigned char c;
	ssize_t r = -1;
	int fd = fcntl(j->rfd, F_DUPFD_CLOEXEC, 0);
	if (fd < 0)
		fatal("cannot duplicate the jobserver's file descriptor: %s", strerror(errno));
	wake_fd = fd;
	siginfo_t si;
	si.si_pid = 0;
	if (waitid(P_ALL, 0, &si, WEXITED | WNOHANG | WNOWAIT) == 0 && si.si_pid == 0) {
		struct pollfd p = { .fd = fd, .events = POLLIN };
		for (;;) {
			int n = poll(&p, 1, -1);
			if (n < 0 && errno != EINTR)
				fatal("cannot wait for the jobserver: %s", strerror(errno));
			if (n < 0 || (p.revents & POLLNVAL)) /* a SIGCHLD */
				break;
			if ((r = read(fd, &c, 1)) >= 0 || errno == EINTR || errno == EBADF)
				break;
			if (errno != EAGAIN) /* EAGAIN: another client was faster */
				fatal("cannot read from the jobserver: %s", strerror(errno));
		}
	}
	block_signals(&old);
	if (wake_fd >= 0) {
		close(wake_fd);
		wake_fd = -1;
	}
	sigprocmask(SIG_SETMASK, &old, NULL);
	if (r == 0)
		fatal("the jobserver's pipe was closed");
	return r == 1 ? c : -1;
}

/* -------------------------------------------------------------- runner */

static const char *cmd_name(char **const *argvs, const char *const *names, size_t i)
{
	return names && names[i] ? names[i] : argvs[i][0];
}

static void stop_others(void)
{
	for (int i = 0; i < nslots; i++)
		if (!slots[i].stopped) {
			kill(slots[i].pid, SIGTERM);
			slots[i].stopped = 1;
		}
}

/* Start command I on TOKEN; 0 when it could not start (reported). */
static int start(char **const *argvs, const char *const *err_paths, size_t i, int token)
{
	sigset_t old;
	posix_spawnattr_t attr;
	posix_spawn_file_actions_t fa;
	pid_t pid;
	posix_spawn_file_actions_init(&fa);
	if (err_paths && err_paths[i])
		posix_spawn_file_actions_addopen(&fa, 2, err_paths[i], O_WRONLY | O_CREAT | O_TRUNC, 0666);
	posix_spawnattr_init(&attr);
	block_signals(&old);
	posix_spawnattr_setsigmask(&attr, &old);
	posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGMASK);
	int err = progpath_spawnp(&pid, argvs[i][0], &fa, &attr, argvs[i], environ);
	posix_spawnattr_destroy(&attr);
	posix_spawn_file_actions_destroy(&fa);
	if (err) {
		if (token >= 0)
			put_token(token);
	} else {
		slots[nslots] = (struct slot){ .pid = pid, .token = token, .cmd = i };
		nslots++;
		temp_add_child(pid);
	}
	sigprocmask(SIG_SETMASK, &old, NULL);
	if (err)
		spawn_report_exec_error(argvs[i][0], err);
	return !err;
}

/* Wait for a job to end (or only look, unless BLOCK); 1 when one that
 * was not stopped failed (reported). */
static int reap(char **const *argvs, const char *const *names, const char *const *err_paths, int block)
{
	int status, i;
	sigset_t old;
	pid_t pid = waitpid(-1, &status, block ? 0 : WNOHANG);
	if (pid < 0 && errno != EINTR)
		fatal("cannot wait for the jobs: %s", strerror(errno));
	if (pid <= 0)
		return 0;
	for (i = 0; i < nslots && slots[i].pid != pid; i++)
		;
	if (i == nslots)
		return 0; /* not ours */
	struct slot s = slots[i];
	block_signals(&old);
	if (s.token >= 0)
		put_token(s.token);
	slots[i] = slots[nslots - 1];
	nslots--;
	temp_remove_child(pid);
	sigprocmask(SIG_SETMASK, &old, NULL);
	if (s.stopped)
		return 0;
	const char *name = cmd_name(argvs, names, s.cmd);
	int code = spawn_status(name, status);
	if (code && WIFEXITED(status) && !(err_paths && err_paths[s.cmd]))
		diag(DIAG_ERROR, "%s returned %d exit status", name, code);
	return code != 0;
}

int jobs_run(struct jobs *j, char **const *argvs, const char *const *names, const char *const *err_paths,
	     size_t n)
{
	static int hooked;
	struct sigaction sa, old_sa;
	size_t next = 0;
	int failed = 0, js = j->rfd >= 0 && j->limit > 1 && n > 1;

	if (!hooked) {
		temp_add_hook(stop_jobs);
		hooked = 1;
	}
	if (j->warn && j->why_not && n > 1) {
		diag(DIAG_WARNING, "jobserver is not available: %s", j->why_not);
		j->warn = 0;
	}
	if (js) {
		/* No SA_RESTART: the SIGCHLD must interrupt a token read. */
		memset(&sa, 0, sizeof sa);
		sa.sa_handler = on_sigchld;
		sa.sa_flags = SA_NOCLDSTOP;
		sigemptyset(&sa.sa_mask);
		sigaction(SIGCHLD, &sa, &old_sa);
		token_fd = j->wfd;
	}
	fflush(stdout);
	fflush(stderr);
	while (nslots > 0 || (next < n && !failed)) {
		if (!failed && next < n && nslots < j->limit) {
			int token = -1, implicit_free = 1;
			for (int i = 0; js && i < nslots; i++)
				if (slots[i].token < 0)
					implicit_free = 0;
			if (!implicit_free && (token = read_token(j)) < 0) {
				/* a job ended, or perhaps did: look */
				if (reap(argvs, names, err_paths, 0))
					failed = 1, stop_others();
				continue;
			}
			if (!start(argvs, err_paths, next++, token))
				failed = 1, stop_others();
			continue;
		}
		if (reap(argvs, names, err_paths, 1))
			failed = 1, stop_others();
	}
	if (js)
		sigaction(SIGCHLD, &old_sa, NULL);
	return failed;
}
