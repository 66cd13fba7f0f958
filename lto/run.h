/* The backend runs (run.c). */
#ifndef XGCC_LTO_RUN_H
#define XGCC_LTO_RUN_H

#include "stage.h"
#include "strvec.h"

struct run_plan {
	const char *driver;        /* COLLECT_GCC: xgcc */
	struct strvec opts;        /* merged options, after "-xlto -c" */
	struct strvec inputs;      /* the LTO inputs, in resolution order */
	const char *resolution;    /* the resolution file */
	const char *linker_output; /* -flinker-output=: exec, pie, dyn, rel, nolto-rel */
	const char *prefix;        /* temporary files: "p." (-save-temps) or "TMPDIR/ccX/p." */
	const char *dump_prefix;   /* dump files, as lto-wrapper names them: the
				    * link's -dumpdir ("p.", "d/"), else "OUTPUT." */
	int dumps;                 /* the link asks for dumps (-fdump-*, -fstack-usage, ...) */
	const char *jobs_spec;     /* what followed -flto=, or NULL */
	const char *partition;     /* -flto-partition=, or NULL */
	int small;                 /* small enough for one run without WPA */
	int verbose;
	struct strvec outputs;     /* filled in: the objects for ld */
};

/* Replay a backend run's captured standard error (ERR_PATH); when it
 * FAILED on IR it could not read, one clear line instead.  Returns FAILED. */
int lto_backend_report(const struct run_plan *p, const char *err_path, int failed);
/* Does a backend run's captured standard error show IR it could not read? */
int lto_backend_damage(const char *err_path);
/* 0, or 1 after an error message. */
int lto_run_backend(struct run_plan *p);

#endif
