/* Running other programs; see process.h. */
#include "config.h"

#include "process.h"
#include "diag.h"
#include "progpath.h"
#include "tempfile.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

static void report_signal(const char *name, int sig)
{
	/* A child killed from outside (the OOM killer, ^C) is not a bug in it. */
	if (sig == SIGKILL || sig == SIGINT || sig == SIGTERM || sig == SIGHUP || sig == SIGPIPE)
		diag(DIAG_ERROR, "%s signal terminated program %s", strsignal(sig), name);
	else
		diag(DIAG_ICE, "%s signal terminated program %s", strsignal(sig), name);
}

int spawn_status(const char *name, int wstatus)
{
	if (WIFSIGNALED(wstatus)) {
		report_signal(name, WTERMSIG(wstatus));
		return 128 + WTERMSIG(wstatus);
	}
	return WEXITSTATUS(wstatus);
}

void spawn_report_exec_error(const char *file, int err)
{
	diag(DIAG_ERROR, "cannot execute %s: %s", diag_q(file), strerror(err));
}

static double seconds(struct timeval tv) { return (double)tv.tv_sec + (double)tv.tv_usec / 1e6; }

int spawn_start(struct spawn_cmd *cmds, int n, pid_t *pids)
{
	int prev_read = -1, failed = 0;

	if (n > SPAWN_MAX)
		fatal("pipeline too long");
	fflush(stdout);
	fflush(stderr);
	for (int i = 0; i < n; i++) {
		posix_spawn_file_actions_t fa;
		int pipefd[2] = { -1, -1 };
		posix_spawn_file_actions_init(&fa);
		if (prev_read >= 0) {
			posix_spawn_file_actions_adddup2(&fa, prev_read, 0);
			posix_spawn_file_actions_addclose(&fa, prev_read);
		} else if (cmds[i].in_path) {
			posix_spawn_file_actions_addopen(&fa, 0, cmds[i].in_path, O_RDONLY, 0);
		}
		if (i + 1 < n) {
			if (pipe2(pipefd, O_CLOEXEC) != 0)
				fatal("cannot create pipe: %s", strerror(errno));
			posix_spawn_file_actions_adddup2(&fa, pipefd[1], 1);
		} else if (cmds[i].out_path) {
			posix_spawn_file_actions_addopen(&fa, 1, cmds[i].out_path,
							 O_WRONLY | O_CREAT | O_TRUNC, 0666);
		}
		if (cmds[i].err_path)
			posix_spawn_file_actions_addopen(&fa, 2, cmds[i].err_path,
							 O_WRONLY | O_CREAT | O_TRUNC, 0666);
		int err = progpath_spawnp(&pids[i], cmds[i].argv[0], &fa, NULL, cmds[i].argv, environ);
		posix_spawn_file_actions_destroy(&fa);
		if (prev_read >= 0)
			close(prev_read);
		if (pipefd[1] >= 0)
			close(pipefd[1]);
		prev_read = pipefd[0];
		cmds[i].exec_errno = err;
		if (err) {
			pids[i] = -1;
			cmds[i].status = -1;
			failed = 1;
			continue;
		}
		temp_add_child(pids[i]);
	}
	if (prev_read >= 0)
		close(prev_read);
	return failed;
}

int spawn_wait(struct spawn_cmd *cmds, int n, const pid_t *pids, int flags)
{
	int failed = 0;
	for (int i = 0; i < n; i++) {
		int status;
		struct rusage ru;
		if (pids[i] < 0)
			continue;
		while (wait4(pids[i], &status, 0, &ru) < 0) {
			if (errno != EINTR) {
				status = 255 << 8;
				break;
			}
		}
		temp_remove_child(pids[i]);
		if (flags & SPAWN_TIME)
			fprintf(stderr, "# %s %.2f %.2f\n", cmds[i].name, seconds(ru.ru_utime),
				seconds(ru.ru_stime));
		cmds[i].status = spawn_status(cmds[i].name, status);
		if (cmds[i].status)
			failed = 1;
	}
	return failed;
}

int spawn_pipeline(struct spawn_cmd *cmds, int n, int flags)
{
	pid_t pids[SPAWN_MAX];
	int failed = spawn_start(cmds, n, pids);
	return spawn_wait(cmds, n, pids, flags) | failed;
}

int spawn_run(char **argv, const char *name, int flags)
{
	struct spawn_cmd cmd = { .argv = argv, .name = name };
	if (spawn_pipeline(&cmd, 1, flags)) {
		if (cmd.status == -1)
			spawn_report_exec_error(argv[0], cmd.exec_errno);
		return cmd.status > 0 ? cmd.status : 1;
	}
	return 0;
}

/* gcc's -### quoting: an argument made only of letters, digits and
 * "_/-." is printed bare; any other is put in double quotes, with ", \ and
 * $ escaped. */
void spawn_print_quoted(const char *arg, int style)
{
	const char *p = arg;
	if (style == QUOTE_NONE) {
		fprintf(stderr, " %s", arg);
		return;
	}
	for (; *p; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		      (*p >= '0' && *p <= '9') || strchr("_/-.", *p)))
			break;
	if (!*p && *arg) {
		fprintf(stderr, " %s", arg);
		return;
	}
	fputs(" \"", stderr);
	for (p = arg; *p; p++) {
		if (*p == '"' || *p == '\\' || *p == '$')
			fputc('\\', stderr);
		fputc(*p, stderr);
	}
	fputc('"', stderr);
}
