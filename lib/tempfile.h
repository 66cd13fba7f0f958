/* Temporary files, failure outputs and the cleanup that removes them.
 *
 * Every temporary file is created with mkstemps in $TMPDIR (or /tmp) and
 * recorded here.  Output files of the step now running are recorded as
 * "failure outputs": they are deleted when the step fails, as gcc deletes
 * the -o file of a failed compilation.  temp_cleanup() runs on every exit
 * path: normal exit, fatal errors, and SIGINT/SIGTERM/SIGHUP/SIGQUIT/SIGPIPE,
 * whose handler first stops the running children, runs the hooks, then
 * removes the files and finally dies by the same signal so that make sees
 * why.
 */
#ifndef XGCC_TEMPFILE_H
#define XGCC_TEMPFILE_H

#include <sys/types.h>

/* Install the signal handlers and the atexit hook; reset SIGCHLD. */
void temp_init(void);
/* A helper program (collect2, lto1) that must not outlive the program
 * that ran it: when that one dies, even by SIGKILL, this one gets
 * SIGTERM, and its handler stops its own children and removes its
 * files.  Where the system cannot tell (no prctl), nothing happens. */
void temp_die_with_parent(void);
/* A new empty temporary file named TMPDIR/ccXXXXXX<suffix>; removed at exit. */
char *temp_make(const char *suffix);
/* The same, but removed even with -save-temps: a file of the driver's own
 * that no one asked to see. */
char *temp_make_scratch(const char *suffix);
/* A fresh directory (mkdtemp), emptied and removed like the files. */
char *temp_make_dir(void);
/* PARENT/NAME (one of temp_make_dir's), made unless it is there; emptied
 * and removed before its parent.  The caller owns the name returned. */
char *temp_make_subdir(const char *parent, const char *name);
/* Record an existing path for removal at exit (unless temp_keep). */
void temp_register(const char *path);
/* -save-temps: leave the temporary files in place. */
void temp_keep(int keep);
/* A file to delete if the current step fails. */
void temp_failure_output(const char *path);
/* The same, unless the step did not change it: a link's output that the
 * link refused to write because it is one of the link's inputs (given
 * to ld with -Wl, where the driver cannot see it) stays as it was. */
void temp_failure_output_if_changed(const char *path);
/* The step succeeded: its failure outputs are now real outputs. */
void temp_commit_failure_outputs(void);
/* A directory of another program's (collect2's, for lto1) whose files
 * this one fills: emptied and removed when this one fails or is
 * stopped by a signal, left alone when it succeeds. */
void temp_failure_dir(const char *dir);
/* Delete failure outputs (because a step failed). */
void temp_delete_failure_outputs(void);
/* Remove temporary files, and failure outputs when FAILED. */
void temp_cleanup(int failed);
/* gcc's rule for what a failed command removes: PATH only if it is a
 * regular file (or a symbolic link to one, as gcc's stat-based check),
 * never a device, a FIFO, a socket or a directory, which stay as they
 * are.  0 when PATH is gone or was left alone, -1 with errno set when
 * unlink failed.  Async-signal-safe (stat and unlink only). */
int remove_if_ordinary(const char *path);

/* Writing an output PATH safely: output_open creates a new file beside
 * it (in TMPDIR when PATH is a device, a FIFO or a link), exclusively (mkstemp: no file or link of that name is ever
 * opened), with the mode a new output gets (0666 less the umask), and
 * records it for removal; output_commit closes FD and renames the file
 * into place.  Where PATH is not a regular file (a device such as
 * /dev/null, a FIFO, or a symbolic link), output_commit writes through
 * it instead, as a program that opens its output does: the device or
 * the link's target gets the bytes, and the name stays what it was.
 * Both return -1 with errno set on failure (the temporary is then gone);
 * *TMP is the temporary's name, freed by output_commit. */
int output_open(const char *path, char **tmp);
int output_commit(int fd, char *tmp, const char *path);
/* All N bytes at P to FD, again after EINTR: 0, or -1 with errno set. */
int write_all(int fd, const void *p, size_t n);
/* The process's umask (read without changing it for long). */
mode_t current_umask(void);

/* A function that the cleanup runs first, on every exit path and from
 * the signal handler too, so it must be async-signal-safe (jobs.c gives
 * its jobserver tokens back through one). */
void temp_add_hook(void (*fn)(void));

/* Children that a signal must stop (used by spawn.c). */
void temp_add_child(pid_t pid);
void temp_remove_child(pid_t pid);

#endif
