/* Distributed LTRANS: the job file, and the distributor that runs it.
 *
 * A link's LTRANS jobs are independent: one partition object in, one
 * object of code out.  With -flto-distributor=PROG (or the environment's
 * XGCC_LTO_DISTRIBUTOR), the jobs the LTRANS cache did not answer are not
 * run here: lto1 writes them as one JSON file beside the partitions and
 * runs "PROG ARG... JOBFILE" (ARG: each -flto-distributor-arg=, in
 * order).  The distributor runs every job somewhere (here, on a farm,
 * on a cluster) and returns when each job's outputs are in place.  The
 * file (doc/lto.texi, "Distributed LTRANS", has the schema):
 *
 *   {"common": {"linker_output": "prog",            the link's -o
 *               "directory": "/tmp/ccAbCd",         where the jobs' files are
 *               "compiler": ["/usr/bin/xgcc"]},     what every job runs
 *    "jobs": [{"args": ["/usr/bin/xgcc", "-xlto", "-c", ..., "-fltrans",
 *                       "-o", "prog.ltrans0.ltrans.o", "prog.ltrans0.o",
 *                       "-dumpbase", "prog.ltrans0.ltrans"],
 *              "inputs": ["prog.ltrans0.o"],
 *              "outputs": ["prog.ltrans0.ltrans.o"]}, ...]}
 *
 * A job's file names are relative to "directory", its working directory
 * (or a copy of it: an engine ships "inputs" to a worker, runs "args"
 * there and brings "outputs" back), and every file a job reads or writes
 * is in its "inputs" or "outputs".  For that, a link whose jobs would
 * write more (dumps, -save-temps, split DWARF) runs them here.
 *
 * On return every output must exist and be an object of the format and
 * machine of its partition; if not, or if the distributor failed or was
 * killed, one error names the distributor and the first job that did not
 * come back, and the link stops (collect2's directory, with the job file
 * and whatever came back, goes with it).
 */
#include "config.h"

#include "lto1.h"

#include "diag.h"
#include "host.h"
#include "fileinfo.h"
#include "obj.h"
#include "process.h"

#include <jansson.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct lto_distributor {
	const char *prog;
	struct strvec args;
};

struct lto_distributor *lto_distributor_open(struct strvec *opts)
{
	const char *prog = getenv("XGCC_LTO_DISTRIBUTOR");
	struct strvec args = { 0 };
	size_t k = 0;
	for (size_t i = 0; i < opts->n; i++) {
		const char *o = opts->v[i];
		if (!strncmp(o, "-flto-distributor=", 18))
			prog = o + 18;
		else if (!strncmp(o, "-flto-distributor-arg=", 22))
			strvec_push(&args, o + 22);
		else
			opts->v[k++] = opts->v[i];
	}
	opts->n = k;
	if (opts->v)
		opts->v[k] = NULL;
	if (!prog || !*prog)
		return NULL;
	struct lto_distributor *d = xcalloc(1, sizeof *d);
	d->prog = prog;
	d->args = args;
	return d;
}

const char *lto_distributor_unfit(const struct run_plan *p)
{
	if (p->dumps)
		return "the link asks for dumps";
	for (size_t i = 0; i < p->opts.n; i++) {
		const char *o = p->opts.v[i];
		if (!strncmp(o, "-save-temps", 11))
			return "the link keeps its intermediate files (-save-temps)";
		if (!strcmp(o, "-gsplit-dwarf"))
			return "the link splits its DWARF (-gsplit-dwarf)";
	}
	return NULL;
}

/* The program the jobs run, as an absolute name (a worker's working
 * directory is not ours): COLLECT_GCC is the driver as it was typed.
 * Symbolic links are kept: a driver's name says its target. */
static char *absolute_program(const char *name)
{
	if (name[0] == '/')
		return xstrdup(name);
	char cwd[PATH_MAX];
	if (strchr(name, '/'))
		return getcwd(cwd, sizeof cwd) ? xasprintf("%s/%s", cwd, name) : xstrdup(name);
	const char *path = getenv("PATH");
	for (const char *dir = path ? path : ""; *dir;) {
		size_t len = strcspn(dir, ":");
		char *cand = len ? xasprintf("%.*s/%s", (int)len, dir, name) : xasprintf("%s/%s",
			getcwd(cwd, sizeof cwd) ? cwd : ".", name);
		if (access(cand, X_OK) == 0)
			return cand;
		free(cand);
		dir += len + (dir[len] == ':');
	}
	return xstrdup(name);
}

/* The directory of the partitions: "directory" of the job file. */
static char *job_directory(const struct run_plan *p)
{
	char *dir = xstrdup(p->prefix);
	char *slash = strrchr(dir, '/');
	if (slash)
		*slash = 0;
	char *real = host_real_path(slash ? dir : ".");
	if (!real)
		return dir;
	free(dir);
	return real;
}

/* A JSON array of strings; NULL when one is not UTF-8. */
static json_t *string_array(char *const *v, size_t n)
{
	json_t *a = json_array();
	for (size_t i = 0; i < n; i++) {
		json_t *s = json_string(v[i]);
		if (!s) {
			json_decref(a);
			return NULL;
		}
		json_array_append_new(a, s);
	}
	return a;
}

static size_t argv_len(char **argv)
{
	size_t n = 0;
	while (argv[n])
		n++;
	return n;
}

/* The job file's contents; NULL when a name is not UTF-8. */
static json_t *job_document(const struct run_plan *p, const char *dir, struct ltrans_job *const *jobs, size_t n)
{
	json_t *list = json_array();
	int ok = 1;
	for (size_t i = 0; i < n && ok; i++) {
		char *in = xstrdup(file_base_name(jobs[i]->part)), *out = xstrdup(file_base_name(jobs[i]->out));
		json_t *args = string_array(jobs[i]->argv, argv_len(jobs[i]->argv));
		json_t *ins = string_array(&in, 1), *outs = string_array(&out, 1);
		ok = args && ins && outs;
		json_array_append_new(list, json_pack("{s:o*,s:o*,s:o*}", "args", args, "inputs", ins, "outputs", outs));
		free(in);
		free(out);
	}
	json_t *compiler = string_array(jobs[0]->argv, 1);
	json_t *doc = json_pack("{s:{s:s?,s:s?,s:o*},s:o}", "common", "linker_output", p->output, "directory", dir,
				"compiler", compiler, "jobs", list);
	if (!ok || !compiler || !doc) {
		json_decref(doc);
		return NULL;
	}
	return doc;
}

/* Why job J's output is not what the link needs, or NULL when it is. */
static char *bad_output(const struct ltrans_job *j)
{
	char *err = NULL;
	struct obj_file *part = obj_open(j->part, &err), *out = NULL;
	char *why = NULL;
	if (access(j->out, F_OK) != 0)
		why = xasprintf("%s did not come back", file_base_name(j->out));
	else if (!(out = obj_open(j->out, &err)))
		why = xasprintf("%s came back, but %s", file_base_name(j->out), err ? err : "is not an object");
	else if (part && (obj_format(out) != obj_format(part) || obj_machine(out) != obj_machine(part) ||
			  obj_is64(out) != obj_is64(part)))
		why = xasprintf("%s came back as an object for another machine", file_base_name(j->out));
	if (out)
		obj_close(out);
	if (part)
		obj_close(part);
	return why;
}

/* The distributor's death by a signal is said here, in one line with
 * the job that did not come back, not by the spawn code. */
static void note_signal(enum diag_kind kind, char *text, void *arg)
{
	(void)kind, (void)text;
	*(int *)arg = 1;
}

int lto_distribute(const struct lto_distributor *d, const struct run_plan *p, struct ltrans_job *const *jobs,
		   size_t n)
{
	char *dir = job_directory(p);
	/* with -g an LTRANS unit's DW_AT_comp_dir is where the job runs: the
	 * directory becomes the link's own, as an in-process job has it */
	char cwd[PATH_MAX];
	char *map = getcwd(cwd, sizeof cwd) ? xasprintf("-fdebug-prefix-map=%s=%s", dir, cwd) : NULL;
	char *driver = absolute_program(p->driver);
	for (size_t k = 0; k < n; k++) {
		/* no dumps (lto_distributor_unfit): the dump name only seeds the
		 * backend's auxiliary names, the same wherever the job runs */
		char *out = xstrdup(file_base_name(jobs[k]->out));
		char *stem = xasprintf("%.*s", (int)strlen(out) - 2, out);
		jobs[k]->argv = lto_ltrans_argv(p, driver, map, out, xstrdup(file_base_name(jobs[k]->part)), stem);
	}
	json_t *doc = job_document(p, dir, jobs, n);
	if (!doc)
		return -1;
	char *file = xasprintf("%sltrans.json", p->prefix);
	if (json_dump_file(doc, file, JSON_INDENT(1)) != 0)
		fatal("cannot write %s: %m", file);
	json_decref(doc);

	struct strvec cmd = { 0 };
	strvec_push(&cmd, (char *)d->prog);
	strvec_extend(&cmd, &d->args);
	strvec_push(&cmd, file);
	if (p->verbose) {
		fprintf(stderr, "lto1: %zu LTRANS jobs through the distributor:", n);
		for (size_t i = 0; i < cmd.n; i++)
			spawn_print_quoted(cmd.v[i], QUOTE_NONE);
		fputc('\n', stderr);
	}
	struct spawn_cmd c = { .argv = cmd.v, .name = d->prog };
	int killed = 0;
	diag_set_sink(note_signal, &killed);
	spawn_pipeline(&c, 1, 0);
	diag_set_sink(NULL, NULL);
	if (c.status == -1) {
		spawn_report_exec_error(d->prog, c.exec_errno);
		return 1;
	}
	size_t bad;
	char *why = NULL;
	for (bad = 0; bad < n; bad++)
		if ((why = bad_output(jobs[bad])))
			break;
	if (!why && c.status == 0)
		return 0;
	int outside;
	char *how = killed ? xasprintf("was killed by signal %d (%s)", c.status - 128,
				       host_signal_text(c.status - 128, &outside))
		  : c.status ? xasprintf("failed (exit status %d)", c.status) : xstrdup("reported success");
	if (why)
		diag(DIAG_ERROR, "the LTO distributor %s %s; job %zu (%s): %s", diag_q(d->prog), how, bad,
		     file_base_name(jobs[bad]->part), why);
	else
		diag(DIAG_ERROR, "the LTO distributor %s %s", diag_q(d->prog), how);
	return 1;
}
