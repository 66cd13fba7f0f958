/* Running the backend: WPA, then the LTRANS partitions in parallel.
 *
 * As GCC's lto-wrapper does, lto1 runs the backend through the driver
 * (COLLECT_GCC, which is xgcc): "xgcc -xlto -c OPTIONS ..." runs the
 * backend's lto1 and, for LTRANS, the assembler.  The steps:
 *
 *   WPA     xgcc -xlto -c OPTS -fltrans-output-list=P.ltrans.out -fwpa[=N]
 *                -fresolution=R -flinker-output=MODE INPUTS... -dumpbase D.wpa
 *           reads all modules, decides what to inline and where, and writes
 *           the partitions P.ltrans0.o ... listed in P.ltrans.out
 *   LTRANS  xgcc -xlto -c OPTS -fltrans -o P.ltransK.ltrans.o P.ltransK.o
 *                -dumpbase D.ltransK.ltrans
 *           one per partition, at most the job limit at a time (-flto=N,
 *           all cores, or make's jobserver: lib/jobs.c), the largest
 *           partitions (by the sizes in P.ltrans.out) started first
 *
 * With -flto-partition=none, as with gcc, one backend run does the
 * whole job, P.lto.o.  Only then: until 2026-12-07 a small program
 * skipped WPA so too, which gives other bytes than gcc's WPA and LTRANS
 * wherever WPA orders the code (a C++ program's functions and its
 * .rdata, on ELF and PE-COFF alike).
 * P is the prefix of the files: "OUTPUT." with -save-temps, which keeps
 * every file, else a name in collect2's temporary directory.  D is the
 * dumps' prefix, as lto-wrapper has it: the link's -dumpdir (the driver
 * makes it "OUTPUT." unless -dumpdir or -dumpbase say otherwise), so
 * -fdump-tree-optimized at the link leaves OUTPUT.ltrans0.ltrans.NNNt.optimized
 * beside the output.  A link with dump options skips the cache, which
 * would leave no dump.
 *
 * With -flto-distributor=PROG (distribute.c) the LTRANS runs are not
 * started here: they go, as one JSON job file, to PROG.
 *
 * With -flto-cache=DIR (cache.c) each LTRANS run, and the single run, is
 * first looked up by the digest of what it reads; a hit copies the
 * object and the run is skipped.  WPA then gets -flto-partition=1to1
 * (unless the link names a partitioning) and a fixed -frandom-seed, so
 * that unchanged code lands in byte-identical partitions.
 */
#include "config.h"

#include "lto1.h"

#include "backend.h"
#include "diag.h"
#include "fileinfo.h"
#include "host.h"
#include "stagetime.h"
#include "jobs.h"
#include "process.h"
#include "respfile.h"
#include "tempfile.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The partitioning when the cache is on and the link names none: see
 * doc/lto.texi (LTRANS cache) for the figures behind the choice. */
#define CACHE_PARTITIONING "-flto-partition=1to1"

static int has_prefix(const struct strvec *v, const char *prefix)
{
	for (size_t i = 0; i < v->n; i++)
		if (!strncmp(v->v[i], prefix, strlen(prefix)))
			return 1;
	return 0;
}

static void print_command(char **argv)
{
	for (size_t i = 0; argv[i]; i++)
		spawn_print_quoted(argv[i], QUOTE_NONE);
	fputc('\n', stderr);
}

static struct strvec base_command(const struct run_plan *p)
{
	struct strvec cmd = { 0 };
	strvec_push(&cmd, p->driver);
	strvec_push(&cmd, "-xlto");
	strvec_push(&cmd, "-c");
	strvec_extend(&cmd, &p->opts);
	return cmd;
}

char **lto_ltrans_argv(const struct run_plan *p, const char *driver, const char *extra, const char *out,
		       const char *part, const char *dumpbase)
{
	struct strvec c = base_command(p);
	c.v[0] = (char *)driver;
	if (extra)
		strvec_push(&c, extra);
	strvec_push(&c, "-fltrans");
	strvec_push(&c, "-o");
	strvec_push(&c, out);
	strvec_push(&c, part);
	strvec_push(&c, "-dumpbase");
	strvec_push(&c, dumpbase);
	return c.v;
}

/* Did the backend fail on the IR itself (a crash, or a reader's fatal
 * error), rather than on the user's code? */
static int ir_damage(const char *text)
{
	static const char *const signs[] = {
		"internal compiler error", "LTO_tags out of range", "bytecode stream",
		"compressed stream", "section is missing", "lto_input", "corrupted",
	};
	for (size_t i = 0; i < sizeof signs / sizeof *signs; i++)
		if (strstr(text, signs[i]))
			return 1;
	return 0;
}

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "r");
	char *buf = NULL;
	size_t len = 0;
	if (f) {
		FILE *m = open_memstream(&buf, &len);
		char chunk[4096];
		size_t n;
		while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
			fwrite(chunk, 1, n, m);
		fclose(m);
		fclose(f);
	}
	return buf ? buf : xstrdup("");
}

int lto_backend_damage(const char *err_path)
{
	char *text = slurp(err_path);
	int d = ir_damage(text);
	free(text);
	return d;
}

/* Replay what a backend run wrote to its standard error, but give one
 * clear line instead when the backend met IR it could not read. */
int lto_backend_report(const struct run_plan *p, const char *err_path, int failed)
{
	char *text = slurp(err_path);
	if (failed && ir_damage(text)) {
		const char *line = strstr(text, "error: ");
		size_t n = line ? strcspn(line += 7, "\n") : 0;
		char *list = NULL;
		size_t len = 0;
		FILE *m = open_memstream(&list, &len);
		for (size_t i = 0; i < p->inputs.n && i < 4; i++)
			fprintf(m, "%s%s", i ? ", " : "", p->inputs.v[i]);
		if (p->inputs.n > 4)
			fprintf(m, " and %zu more", p->inputs.n - 4);
		fclose(m);
		if (p->verbose)
			fputs(text, stderr);
		diag(DIAG_ERROR, "the backend could not read the LTO IR of %s (%.*s): an input is damaged, or "
		     "was made by a compiler other than %s %s", list, (int)n, line ? line : "it crashed", backend_cc(),
		     backend_version());
	} else {
		fputs(text, stderr);
	}
	free(text);
	return failed;
}

/* A backend run that failed and left no message: its messages had
 * nowhere to go, the temporary directory being full (the space may be
 * free again by now: the backend removed what it was writing).
 * STATUS is its exit status, or 0 when not known (several jobs). */
static void report_silent_failure(const char *name, int status, const char *err_path)
{
	char *dir = xstrdup(err_path);
	char *slash = strrchr(dir, '/');
	if (slash)
		*slash = 0;
	long long free_bytes = host_free_bytes(slash ? dir : ".");
	int full = free_bytes >= 0 && free_bytes < (64 << 10);
	char *what = status > 0 && status < 128 ? xasprintf("%s returned %d exit status", name, status)
						 : xasprintf("%s failed", name);
	/* the backend always says why it fails: with nothing in its file,
	 * the file could not take it */
	if (full)
		diag(DIAG_ERROR, "%s and the messages were lost: %s is full (%s)", what, slash ? dir : ".",
		     strerror(ENOSPC));
	else
		diag(DIAG_ERROR, "%s and the messages were lost: %s was full, or a file size limit was reached", what,
		     slash ? dir : ".");
	free(what);
	free(dir);
}

/* -save-temps: the arguments of a run go to the driver in NAME (kept),
 * as lto-wrapper passes them: "xgcc @P.ltrans_args" for WPA,
 * "@P.ltransK.ltrans_args" for LTRANS.  ARGV[0] stays. */
static char **saved_args(const struct run_plan *p, char **argv, const char *name)
{
	if (!p->save_temps)
		return argv;
	size_t n = 0;
	while (argv[n])
		n++;
	char *path = xasprintf("%s%s", p->prefix, name);
	respfile_write_to(path, argv + 1, n - 1);
	char **at = xcalloc(3, sizeof *at);
	at[0] = argv[0];
	at[1] = xasprintf("@%s", path);
	free(path);
	return at;
}

static int run_one(const struct run_plan *p, struct strvec *cmd, const char *name)
{
	/* every LTO input is on the WPA's (and the single run's) line, each
	 * archive member as ARCHIVE@0xOFFSET: the driver reads @FILE */
	respfile_fit(cmd, 1);
	if (p->verbose)
		print_command(cmd->v);
	char *err = temp_make(".err");
	struct spawn_cmd c = { .argv = cmd->v, .name = name, .err_path = err };
	spawn_pipeline(&c, 1, 0);
	if (c.status == -1) {
		spawn_report_exec_error(cmd->v[0], c.exec_errno);
		return 1;
	}
	struct stat st;
	if (c.status != 0 && stat(err, &st) == 0 && st.st_size == 0) {
		report_silent_failure(name, c.status, err);
		return 1;
	}
	return lto_backend_report(p, err, c.status != 0);
}

/* Read the WPA's list: pairs of lines "<size>" "<file>" in GCC 12, or one
 * file name per line in older ones. */
static int read_partitions(const char *list, struct ltrans_job **jobs, size_t *n)
{
	struct strvec lines = { 0 };
	if (strvec_read_lines(&lines, list) < 0) {
		diag(DIAG_ERROR, "%s: cannot read the WPA's partition list: %m", list);
		return 1;
	}
	*jobs = xcalloc(lines.n ? lines.n : 1, sizeof **jobs);
	*n = 0;
	unsigned long size = 0;
	for (size_t i = 0; i < lines.n; i++) {
		if (!*lines.v[i])
			continue;
		if (strspn(lines.v[i], "0123456789") == strlen(lines.v[i])) {
			size = strtoul(lines.v[i], NULL, 10);
			continue;
		}
		(*jobs)[*n] = (struct ltrans_job){ .part = lines.v[i], .size = size, .index = *n };
		++*n;
		size = 0;
	}
	if (!*n) {
		diag(DIAG_ERROR, "%s: the WPA wrote no partitions", list);
		return 1;
	}
	return 0;
}

/* The order in which the LTRANS jobs start: the largest partition first,
 * as lto-wrapper orders its makefile.  In partition order, a large one
 * that starts last keeps the link waiting while the other jobs are idle.
 * Ties keep partition order. */
static int cmp_job_order(const void *a, const void *b)
{
	const struct ltrans_job *x = *(const struct ltrans_job *const *)a, *y = *(const struct ltrans_job *const *)b;
	if (x->size != y->size)
		return x->size < y->size ? 1 : -1;
	return x < y ? -1 : x > y;
}

/* "dir/p.ltrans0.o" -> "dir/p.ltrans0.ltrans" */
static char *ltrans_stem(const char *part)
{
	size_t n = strlen(part);
	if (n > 2 && !strcmp(part + n - 2, ".o"))
		n -= 2;
	return xasprintf("%.*s.ltrans", (int)n, part);
}

/* One backend run, no WPA: named as lto-wrapper names it for
 * -flto-partition=none (P.lto.o; the driver derives the rest).  Its
 * cache key covers the resolution and every input. */
static int single_run(struct run_plan *p, struct lto_cache *cache)
{
	struct strvec cmd = base_command(p), words = { 0 };
	if (!p->partition)
		strvec_push(&words, "-flto-partition=none");
	strvec_pushf(&words, "-flinker-output=%s", p->linker_output);
	strvec_extend(&cmd, &words);
	strvec_pushf(&cmd, "-fresolution=%s", p->resolution);
	char *out = xasprintf("%slto.o", p->prefix);
	stage_begin("no-WPA compile");
	strvec_extend(&cmd, &p->inputs);
	strvec_push(&cmd, "-o");
	strvec_push(&cmd, out);
	strvec_push(&cmd, "-dumpbase");
	strvec_pushf(&cmd, "%slto", p->dump_prefix);
	strvec_push(&p->outputs, out);
	if (!cache)
		return run_one(p, &cmd, "lto1");
	char key[DIGEST_HEX];
	struct strvec files = { 0 };
	strvec_push(&files, p->resolution);
	strvec_extend(&files, &p->inputs);
	lto_cache_key(cache, &words, files.v, files.n, NULL, key);
	int hit = lto_cache_fetch(cache, key, out);
	if (!hit) {
		if (run_one(p, &cmd, "lto1"))
			return 1;
		lto_cache_store(cache, key, out);
	}
	lto_cache_close(cache, hit, 1);
	return 0;
}

/* With the cache, WPA numbers the symbols with the backend's
 * stable-order plugin (lto/stable-order.cc), built beside lto1 for each
 * backend with plugin headers: the partitions of code an edit did not
 * touch then come out as the same bytes. */
static void add_stable_order(const struct run_plan *p, struct lto_cache *cache, struct strvec *cmd)
{
	char *dir = self_directory("lto1"), *name = backend_stable_order_name();
	char *so = xasprintf("%s/%s.so", dir, name);
	free(dir);
	/* it reports under -v (the backend's -version): an argument of
	 * its own would be in the partitions' options, and in the keys */
	if (access(so, R_OK) == 0) {
		strvec_pushf(cmd, "-fplugin=%s", so);
		/* bodies compiled with their positions are read and streamed
		 * anew without them */
		if (p->positioned_bodies)
			strvec_pushf(cmd, "-fplugin-arg-%s-restream-bodies", name);
		lto_cache_program(cache, so);
	}
	else if (p->verbose)
		fprintf(stderr, "lto1: no %s: WPA numbers the symbols in link order, and the LTRANS cache "
			"misses more (the backend has no plugin headers)\n", so);
	free(so);
	free(name);
}

/* WPA: the partitions, listed in LIST, as jobs for LTRANS. */
static int run_wpa(struct run_plan *p, int limit, struct lto_cache *cache, const char *list,
		   struct ltrans_job **job, size_t *njobs)
{
	stage_begin("WPA");
	struct strvec cmd = base_command(p);
	strvec_pushf(&cmd, "-fltrans-output-list=%s", list);
	if (limit > 1)
		strvec_pushf(&cmd, "-fwpa=%d", limit);
	else
		strvec_push(&cmd, "-fwpa");
	strvec_pushf(&cmd, "-fresolution=%s", p->resolution);
	strvec_pushf(&cmd, "-flinker-output=%s", p->linker_output);
	if (cache && !p->partition)
		strvec_push(&cmd, CACHE_PARTITIONING);
	/* the partitions' section names carry a random number unless the
	 * seed is fixed: with one, an unchanged partition is the same bytes */
	if (cache && !has_prefix(&p->opts, "-frandom-seed"))
		strvec_push(&cmd, "-frandom-seed=xgcc-ltrans-cache");
	if (cache)
		add_stable_order(p, cache, &cmd);
	strvec_extend(&cmd, &p->inputs);
	strvec_push(&cmd, "-dumpbase");
	strvec_pushf(&cmd, "%swpa", p->dump_prefix);
	if (p->save_temps) {
		char **at = saved_args(p, cmd.v, "ltrans_args");
		cmd.n = 0;
		strvec_push(&cmd, at[0]);
		strvec_push(&cmd, at[1]);
	}
	if (run_one(p, &cmd, "lto1"))
		return 1;
	return read_partitions(list, job, njobs);
}

/* The LTRANS runs of the N jobs RUN (in partition order) here, at most
 * the job limit at a time, in the order ORDER (the largest first); their
 * messages in partition order. */
static int run_here(const struct run_plan *p, struct jobs *jobs, struct ltrans_job **run,
		    struct ltrans_job **order, size_t nrun)
{
	for (size_t k = 0; k < nrun; k++) {
		struct ltrans_job *j = run[k];
		char *dumpbase = xasprintf("%sltrans%zu.ltrans", p->dump_prefix, j->index);
		char *args = xasprintf("ltrans%zu.ltrans_args", j->index);
		j->argv = saved_args(p, lto_ltrans_argv(p, p->driver, NULL, j->out, j->part, dumpbase), args);
		free(args);
		j->err = temp_make(".err");
		if (p->verbose)
			print_command(j->argv);
	}
	/* jobs_run takes the commands as arrays */
	char ***argvs = xcalloc(nrun ? nrun : 1, sizeof *argvs);
	const char **names = xcalloc(nrun ? nrun : 1, sizeof *names);
	const char **errs = xcalloc(nrun ? nrun : 1, sizeof *errs);
	for (size_t k = 0; k < nrun; k++) {
		argvs[k] = order[k]->argv;
		names[k] = "lto1";
		errs[k] = order[k]->err;
	}
	int failed = nrun ? jobs_run(jobs, (char **const *)argvs, names, errs, nrun) : 0;
	/* each job's messages, in partition order; damaged IR is one line */
	int damaged = 0;
	for (size_t k = 0; k < nrun && failed && !damaged; k++)
		damaged = lto_backend_damage(run[k]->err);
	int said = 0;
	for (size_t k = 0; k < nrun; k++) {
		struct stat st;
		said |= stat(run[k]->err, &st) == 0 && st.st_size > 0;
		if (!damaged || lto_backend_damage(run[k]->err))
			if (lto_backend_report(p, run[k]->err, failed) && damaged)
				break;
	}
	if (failed && !said)
		report_silent_failure("the LTRANS jobs", 0, run[0]->err);
	return failed;
}

/* The N jobs ORDER through the distributor DIST: 0, 1 after an error, or
 * -1 when they could not be sent (the caller runs them here). */
static int run_distributed(const struct run_plan *p, const struct lto_distributor *dist, struct ltrans_job **order,
			   size_t nrun)
{
	const char *unfit = lto_distributor_unfit(p);
	if (unfit) {
		if (p->verbose)
			fprintf(stderr, "lto1: the LTRANS jobs run here, not through the distributor: %s\n", unfit);
		return -1;
	}
	/* in the file the largest first too: a distributor that starts
	 * them in file order then keeps no large one for last */
	int failed = lto_distribute(dist, p, order, nrun);
	if (failed < 0)
		diag(DIAG_WARNING, "a file name of the link is not UTF-8 and cannot go in the distributor's job file; "
		     "the LTRANS jobs run here");
	return failed;
}

/* LTRANS: each partition's code, from the cache, through the
 * distributor, or compiled here; the objects go to P->outputs in
 * partition order. */
static int run_ltrans(struct run_plan *p, struct jobs *jobs, const struct lto_distributor *dist,
		      struct lto_cache *cache, const char *list, struct ltrans_job *job, size_t n)
{
	struct strvec words = { 0 };
	strvec_push(&words, "-fltrans");
	struct ltrans_job **run = xcalloc(n, sizeof *run);
	size_t nrun = 0;
	for (size_t i = 0; i < n; i++) {
		struct ltrans_job *j = &job[i];
		j->out = xasprintf("%s.o", ltrans_stem(j->part));
		strvec_push(&p->outputs, j->out);
		if (cache) {
			lto_cache_key(cache, &words, &j->part, 1, list, j->key);
			if (lto_cache_fetch(cache, j->key, j->out))
				continue;
		}
		run[nrun++] = j;
	}
	/* started (and written for a distributor) the largest first */
	struct ltrans_job **order = xmalloc((nrun ? nrun : 1) * sizeof *order);
	memcpy(order, run, nrun * sizeof *order);
	qsort(order, nrun, sizeof *order, cmp_job_order);
	stage_begin("LTRANS");
	int failed = dist && nrun ? run_distributed(p, dist, order, nrun) : -1;
	if (failed < 0)
		failed = run_here(p, jobs, run, order, nrun);
	if (cache && !failed) {
		for (size_t k = 0; k < nrun; k++)
			lto_cache_store(cache, run[k]->key, run[k]->out);
		lto_cache_close(cache, n - nrun, n);
	}
	return failed;
}

int lto_run_backend(struct run_plan *p)
{
	/* lto-wrapper's own arguments, as the linker plugin saves them
	 * (P.lto_wrapper_args), or under -fno-use-linker-plugin collect2
	 * (P.lto_args: the LTO objects, no resolution) */
	if (p->save_temps) {
		struct strvec own = { 0 };
		if (!p->no_plugin) {
			strvec_pushf(&own, "-fresolution=%s", p->resolution);
			strvec_pushf(&own, "-flinker-output=%s", p->linker_output);
		}
		strvec_extend(&own, &p->inputs);
		char *path = xasprintf("%s%s", p->prefix, p->no_plugin ? "lto_args" : "lto_wrapper_args");
		respfile_write_to(path, own.v, own.n);
		free(path);
		strvec_free(&own);
	}
	struct jobs *jobs = jobs_open(p->jobs_spec);
	int limit = jobs_limit(jobs);
	int none = p->partition && !strcmp(p->partition, "none");
	struct lto_distributor *dist = lto_distributor_open(&p->opts);
	struct lto_cache *cache = lto_cache_open(&p->opts, p->driver, p->verbose);
	if (cache && p->dumps) {
		/* a run the cache answers writes no dump */
		if (p->verbose)
			fprintf(stderr, "lto1: the LTRANS cache is not used: the link asks for dumps\n");
		cache = NULL;
	}
	if (none) {
		if (dist && p->verbose)
			fprintf(stderr, "lto1: one backend run without WPA: no LTRANS jobs for the distributor\n");
		return single_run(p, cache);
	}

	struct ltrans_job *job;
	size_t njobs;
	char *list = xasprintf("%sltrans.out", p->prefix);
	if (run_wpa(p, limit, cache, list, &job, &njobs))
		return 1;
	if (p->verbose) {
		if (jobs_uses_jobserver(jobs))
			fprintf(stderr, "lto1: %zu partitions; LTRANS jobs under make's jobserver\n", njobs);
		else
			fprintf(stderr, "lto1: %zu partitions; LTRANS jobs: at most %d at a time\n", njobs, limit);
	}
	int failed = run_ltrans(p, jobs, dist, cache, list, job, njobs);
	jobs_close(jobs);
	return failed;
}
