/* What the two job runners (jobs.c on POSIX, jobs-host.c elsewhere)
 * share: GNU make's MAKEFLAGS read for its jobserver, and -flto='s
 * argument. */
#ifndef XGCC_MAKEFLAGS_H
#define XGCC_MAKEFLAGS_H

/* From MAKEFLAGS' value FLAGS: the value of its last --jobserver-auth=
 * (or the older --jobserver-fds=), malloc'd, or NULL when it has none;
 * make's -jN goes to *MAKE_JOBS when it is there.  The first word holds
 * the single-letter flags (or is empty), "--" ends the options. */
char *makeflags_jobserver(const char *flags, int *make_jobs);
/* makeflags_jobserver of the environment's MAKEFLAGS; NULL with why
 * not in *WHY_NOT (malloc'd) when it is unset or names no jobserver. */
char *makeflags_env_jobserver(int *make_jobs, char **why_not);
/* N of -flto=N, at most MAX; 0 for NULL, "", "auto" and "jobserver".
 * Another argument is an error through fatal(). */
int jobs_spec_number(const char *spec, int max);

#endif
