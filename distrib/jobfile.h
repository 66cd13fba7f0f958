/* Reading the JSON job file of distributed LTRANS (lto/distribute.c
 * writes it; doc/lto.texi, "Distributed LTRANS", has the schema), for
 * the distributors that come with xgcc. */
#ifndef XGCC_JOBFILE_H
#define XGCC_JOBFILE_H

#include "strvec.h"

struct dist_job {
	struct strvec args;     /* the whole argv */
	struct strvec inputs;   /* every file it reads, relative to the directory */
	struct strvec outputs;  /* every file it writes */
};

struct job_file {
	char *linker_output;    /* the link's -o, for messages */
	char *directory;        /* the jobs' working directory */
	struct strvec compiler;
	struct dist_job *jobs;
	size_t njobs;
};

/* Read PATH into F: 0, or 1 after an error naming the file and what is
 * wrong with it. */
int job_file_read(const char *path, struct job_file *f);

/* Job K's first output missing from the directory (the working directory
 * now), or NULL when all are there. */
const char *job_missing_output(const struct job_file *f, size_t k);

/* What names job K in messages: its first input, or "no input". */
const char *job_first_input(const struct job_file *f, size_t k);

/* The start of the main of a distributor whose arguments are its
 * engine's options and then JOBFILE: the messages and the cleanup set
 * up (diag_init, temp_init), --help (USAGE) or --version alone
 * print and return 0; no JOBFILE is a fatal error showing SYNOPSIS; a
 * job file that cannot be read returns 1.  Otherwise F is the job file,
 * the working directory is the jobs', and -1 says to go on. */
int distributor_start(int argc, char **argv, void (*usage)(void), const char *synopsis, struct job_file *f);

#endif
