/* Running other programs; see process.h. */
#include "config.h"

#include "process.h"
#include "diag.h"
#include "host.h"
#include "tempfile.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static void report_signal(const char *name, int sig)
{
	/* A child killed from outside (the OOM killer, ^C) is not a bug in it. */
	int outside;
	const char *what = host_signal_text(sig, &outside);
	diag(outside ? DIAG_ERROR : DIAG_ICE, "%s signal terminated program %s", what, name);
}

int spawn_status(const char *name, int wstatus)
{
	int sig, code = host_status_exit(wstatus, &sig);
	if (sig) {
		report_signal(name, sig);
		return 128 + sig;
	}
	return code;
}

void spawn_report_exec_error(const char *file, int err)
{
	diag(DIAG_ERROR, "cannot execute %s: %s", diag_q(file), strerror(err));
}

int spawn_start(struct spawn_cmd *cmds, int n, pid_t *pids)
{
	int prev_read = -1, failed = 0;

	if (n > SPAWN_MAX)
		fatal("pipeline too long");
	fflush(stdout);
	fflush(stderr);
	for (int i = 0; i < n; i++) {
		struct host_io io = HOST_IO_INHERIT;
		int pipefd[2] = { -1, -1 };
		if (prev_read >= 0)
			io.in_fd = prev_read;
		else
			io.in_path = cmds[i].in_path;
		if (i + 1 < n) {
			if (host_pipe(pipefd) != 0)
				fatal("cannot create pipe: %s", strerror(errno));
			io.out_fd = pipefd[1];
		} else {
			io.out_path = cmds[i].out_path;
		}
		io.err_path = cmds[i].err_path;
		int err = host_spawn(&pids[i], cmds[i].argv, &io);
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
		double times[2] = { 0, 0 };
		if (pids[i] < 0)
			continue;
		int waited = host_wait(pids[i], &status, times);
		temp_remove_child(pids[i]);
		if (flags & SPAWN_TIME)
			fprintf(stderr, "# %s %.2f %.2f\n", cmds[i].name, times[0], times[1]);
		cmds[i].status = waited < 0 ? 255 : spawn_status(cmds[i].name, status);
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
