/* Carrying out a plan (struct plan, driver.h).
 *
 * run_plan() is the one loop that runs what compile.c and link.c
 * planned: each step gives its environment and its messages first, then
 * its command is shown with -v (as gcc shows it) or only shown with
 * -###, and run through posix_spawn, the steps of -pipe as one pipeline.
 * A step that fails ends its job and deletes the job's outputs; the
 * other inputs' jobs still run, the link only after a clean run.
 */
#include "config.h"

#include "driver.h"
#include "diag.h"
#include "process.h"
#include "tempfile.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A program did not start: say which, why, and where it came from. */
_Noreturn static void cannot_execute(const char *name, const char *path, int err)
{
	if (strcmp(name, "cc1") == 0 || strcmp(name, "cc1plus") == 0 || strcmp(name, "lto1") == 0)
		diag(DIAG_FATAL, "cannot execute %s: %s (from %s)", diag_q(path), strerror(err),
		     backend_origin());
	diag(DIAG_FATAL, "cannot execute %s: %s", diag_q(path), strerror(err));
	exit(1); /* not reached: a fatal error exits */
}

/* Run the pipeline of the N steps at C (one, without -pipe): show it
 * with -v and -###, run it unless -###.  Returns nonzero on failure. */
static int run_pipeline(const struct plan *p, const struct command *c, size_t n)
{
	struct spawn_cmd sc[SPAWN_MAX];
	struct strvec argvs[SPAWN_MAX];
	if (n > SPAWN_MAX)
		fatal("too many commands in a pipeline");
	for (size_t i = 0; i < n; i++) {
		memset(&argvs[i], 0, sizeof argvs[i]);
		strvec_extend(&argvs[i], p->wrapper);
		strvec_extend(&argvs[i], &c[i].argv);
		sc[i] = (struct spawn_cmd){ .argv = argvs[i].v, .name = c[i].name,
					    .in_path = i == 0 ? c[0].in : NULL,
					    .out_path = i + 1 == n ? c[n - 1].out : NULL };
	}
	/* one setting for a whole pipeline, as gcc's */
	if (p->show)
		fprintf(stderr, "COLLECT_GCC_OPTIONS=%s\n", c->collect_options);
	setenv("COLLECT_GCC_OPTIONS", c->collect_options, 1);
	for (size_t i = 0; p->show && i < n; i++) {
		for (size_t j = 0; j < argvs[i].n; j++)
			spawn_print_quoted(argvs[i].v[j], p->dry_run ? QUOTE_GCC_DRIVER : QUOTE_NONE);
		if (i + 1 < n)
			fputs(" |", stderr);
		fputc('\n', stderr);
	}
	int failed = 0;
	if (!p->dry_run) {
		failed = spawn_pipeline(sc, (int)n, p->time_report ? SPAWN_TIME : 0);
		for (size_t i = 0; i < n && failed; i++)
			if (sc[i].status == -1)
				cannot_execute(c[i].name, sc[i].argv[0], sc[i].exec_errno);
			else if (sc[i].status > 1 && sc[i].status < 128)
				/* gcc is silent here; 1 is the status of errors the
				 * program has reported, anything else is a failure
				 * that may have said nothing */
				diag(DIAG_ERROR, "%s returned %d exit status", c[i].name, sc[i].status);
	}
	for (size_t i = 0; i < n; i++)
		strvec_free(&argvs[i]);
	return failed;
}

static int same_contents(const char *a, const char *b)
{
	FILE *fa = fopen(a, "rb"), *fb = fopen(b, "rb");
	int same = fa && fb;
	while (same) {
		int ca = getc(fa), cb = getc(fb);
		if (ca != cb)
			same = 0;
		if (ca == EOF || cb == EOF)
			break;
	}
	if (fa)
		fclose(fa);
	if (fb)
		fclose(fb);
	return same;
}

/* What a step does before its command: its environment, then its
 * messages, each after the outputs recorded before it was met. */
static void prepare_step(const struct plan *p, const struct command *c)
{
	for (size_t i = 0; i < c->nenv; i++) {
		const struct env_var *e = &c->env[i];
		if (e->shown && p->show)
			fprintf(stderr, "%s=%s\n", e->name, e->value);
		if (e->value)
			setenv(e->name, e->value, 1);
		else
			unsetenv(e->name);
	}
	if (c->banner) {
		fputs(c->banner, stdout);
		fflush(stdout);
	}
	if (c->shown && p->show)
		fputs(c->shown, stderr);
	size_t k = 0;
	for (size_t i = 0; i <= c->noutputs; i++) {
		for (; k < c->nnotes && c->notes[k].after <= i; k++)
			diag_replay(c->notes[k].kind, c->notes[k].text);
		if (i == c->noutputs)
			break;
		if (c->outputs_if_changed)
			temp_failure_output_if_changed(c->outputs[i]);
		else
			temp_failure_output(c->outputs[i]);
	}
}

/* Run one step (with the steps piped from it); *NEXT is the step after. */
static int run_step(const struct plan *p, size_t i, size_t *next)
{
	const struct command *c = &p->cmds[i];
	size_t n = 1;
	while (c[n - 1].piped_to_next)
		n++;
	*next = i + n;
	prepare_step(p, c);
	if (c->stop_on_errors && diag_error_count() > p->errors_before)
		return 1;
	if (!c->argv.n && c->collect_options && p->show)
		fprintf(stderr, "COLLECT_GCC_OPTIONS=%s\n", c->collect_options);
	if (c->argv.n && run_pipeline(p, c, n))
		return 1;
	if (c->compare[0] && !p->dry_run && !same_contents(c->compare[0], c->compare[1])) {
		diag(DIAG_ERROR, "%s: -fcompare-debug failure", c->compare_input);
		return 1;
	}
	return 0;
}

/* Run the job whose first step is *I; *I becomes the next job's. */
static int run_job(const struct plan *p, size_t *i)
{
	size_t job = p->cmds[*i].job;
	int failed = 0;
	while (*i < p->n && p->cmds[*i].job == job) {
		if (failed)
			++*i;
		else
			failed = run_step(p, *i, i);
	}
	if (failed)
		temp_delete_failure_outputs();
	else
		temp_commit_failure_outputs();
	return failed;
}

int run_plan(const struct plan *p)
{
	int failed = 0;
	for (size_t i = 0; i < p->n;) {
		if (p->cmds[i].after_clean_run && (failed || diag_error_count() > p->errors_before))
			return 1;
		failed |= run_job(p, &i);
	}
	return failed || diag_error_count() ? 1 : 0;
}
