/* Reading the job file: a JSON object with "common" (linker_output,
 * directory, compiler) and "jobs" (each with args, inputs, outputs:
 * arrays of strings).  Names that would leave the directory are
 * refused: a job's files are its own, wherever an engine puts it.
 * And the start that the engines' distributors share: their options,
 * then the job file. */
#include "config.h"

#include "jobfile.h"

#include "about.h"
#include "diag.h"
#include "tempfile.h"

#include <errno.h>
#include <jansson.h>
#include <string.h>
#include <unistd.h>

/* The strings of the array NAME of OBJ into OUT; 0, or 1 after an error. */
static int read_strings(const char *path, const char *where, json_t *obj, const char *name, struct strvec *out,
			int need_one)
{
	json_t *a = json_object_get(obj, name);
	if (!json_is_array(a) || (need_one && !json_array_size(a))) {
		diag(DIAG_ERROR, "%s: %s has no \"%s\" list%s", path, where, name, need_one ? " (of at least one string)" : "");
		return 1;
	}
	size_t i;
	json_t *s;
	json_array_foreach (a, i, s) {
		if (!json_is_string(s)) {
			diag(DIAG_ERROR, "%s: %s: \"%s\" holds something other than a string", path, where, name);
			return 1;
		}
		strvec_push(out, xstrdup(json_string_value(s)));
	}
	return 0;
}

/* A job's file: relative, and not out of the directory by "..". */
static int contained(const char *name)
{
	if (!*name || name[0] == '/')
		return 0;
	for (const char *p = name; *p;) {
		size_t len = strcspn(p, "/");
		if (len == 2 && p[0] == '.' && p[1] == '.')
			return 0;
		p += len + (p[len] == '/');
	}
	return 1;
}

static int read_job(const char *path, json_t *j, size_t k, struct dist_job *job)
{
	char *where = xasprintf("job %zu", k);
	if (!json_is_object(j)) {
		diag(DIAG_ERROR, "%s: %s is not an object", path, where);
		return 1;
	}
	if (read_strings(path, where, j, "args", &job->args, 1) || read_strings(path, where, j, "inputs", &job->inputs, 0) ||
	    read_strings(path, where, j, "outputs", &job->outputs, 1))
		return 1;
	for (int io = 0; io < 2; io++) {
		const struct strvec *v = io ? &job->outputs : &job->inputs;
		for (size_t i = 0; i < v->n; i++)
			if (!contained(v->v[i])) {
				diag(DIAG_ERROR, "%s: %s: %s %s is not a name inside the directory", path, where,
				     io ? "output" : "input", diag_q(v->v[i]));
				return 1;
			}
	}
	free(where);
	return 0;
}

int job_file_read(const char *path, struct job_file *f)
{
	json_error_t err;
	json_t *doc = json_load_file(path, 0, &err);
	if (!doc) {
		diag(DIAG_ERROR, "%s:%d: not a job file: %s", path, err.line, err.text);
		return 1;
	}
	memset(f, 0, sizeof *f);
	json_t *common = json_object_get(doc, "common"), *jobs = json_object_get(doc, "jobs");
	json_t *dir = json_object_get(common, "directory"), *out = json_object_get(common, "linker_output");
	if (!json_is_object(common) || !json_is_string(dir) || !json_is_array(jobs)) {
		diag(DIAG_ERROR, "%s: not a job file: it needs \"common\" with a \"directory\", and \"jobs\"", path);
		return 1;
	}
	f->directory = xstrdup(json_string_value(dir));
	f->linker_output = xstrdup(json_is_string(out) ? json_string_value(out) : "a.out");
	if (read_strings(path, "common", common, "compiler", &f->compiler, 1))
		return 1;
	f->njobs = json_array_size(jobs);
	f->jobs = xcalloc(f->njobs ? f->njobs : 1, sizeof *f->jobs);
	for (size_t k = 0; k < f->njobs; k++)
		if (read_job(path, json_array_get(jobs, k), k, &f->jobs[k]))
			return 1;
	json_decref(doc);
	return 0;
}

const char *job_missing_output(const struct job_file *f, size_t k)
{
	const struct strvec *o = &f->jobs[k].outputs;
	for (size_t i = 0; i < o->n; i++)
		if (access(o->v[i], F_OK) != 0)
			return o->v[i];
	return NULL;
}

const char *job_first_input(const struct job_file *f, size_t k)
{
	return f->jobs[k].inputs.n ? f->jobs[k].inputs.v[0] : "no input";
}

int distributor_start(int argc, char **argv, void (*usage)(void), const char *synopsis, struct job_file *f)
{
	diag_init(argv[0]);
	temp_init();
	if (argc == 2 && !strcmp(argv[1], "--help")) {
		usage();
		return 0;
	}
	if (argc == 2 && !strcmp(argv[1], "--version")) {
		about_version("xgcc", PACKAGE_VERSION);
		return 0;
	}
	if (argc < 2)
		fatal("usage: %s", synopsis);
	const char *path = argv[argc - 1];
	if (job_file_read(path, f))
		return 1;
	if (chdir(f->directory) != 0)
		fatal("%s: cannot enter the jobs' directory %s: %s", path, f->directory, strerror(errno));
	return -1;
}
