/* Temporary files and cleanup; see tempfile.h. */
#include "config.h"

#include "tempfile.h"
#include "selfreport.h"
#include "diag.h"
#include "host.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Fixed-size tables keep the signal handler free of malloc. */
enum { MAX_FILES = 4096, MAX_CHILDREN = 256, MAX_HOOKS = 4 };

static char *temps[MAX_FILES];
static volatile sig_atomic_t ntemps;
static char *dirs[MAX_CHILDREN];
static volatile sig_atomic_t ndirs;
static char *failure_dirs[MAX_CHILDREN];
static volatile sig_atomic_t nfailure_dirs;
static char *scratch[MAX_FILES];
static volatile sig_atomic_t nscratch;
static char *failures[MAX_FILES];
/* for failure outputs of temp_failure_output_if_changed: what the file
 * was before its step (existed, and its identity) */
static struct stat failures_before[MAX_FILES];
static int failures_unless_unchanged[MAX_FILES];
static volatile sig_atomic_t nfailures;
static pid_t children[MAX_CHILDREN];
static volatile sig_atomic_t nchildren;
static void (*hooks[MAX_HOOKS])(void);
static volatile sig_atomic_t nhooks;
static int keep_temps;
static pid_t owner_pid;

static void run_hooks(void)
{
	for (int i = 0; i < nhooks; i++)
		hooks[i]();
}

static void at_exit(void) { temp_cleanup(diag_error_count() > 0); }

int remove_if_ordinary(const char *path)
{
	struct stat st;
	if (stat(path, &st) < 0 || !S_ISREG(st.st_mode))
		return 0;
	return unlink(path) == 0 || errno == ENOENT ? 0 : -1;
}

static void remove_dir(const char *dir) { host_remove_dir(dir); }

/* Delete the failure outputs that are regular files (gcc's rule), but
 * those of temp_failure_output_if_changed that the step left as they
 * were (async-signal-safe: stat and unlink only). */
static void delete_changed_failures(void)
{
	for (int i = 0; i < nfailures; i++) {
		struct stat now;
		const struct stat *was = &failures_before[i];
		if (failures_unless_unchanged[i] && stat(failures[i], &now) == 0 &&
		    host_stat_unchanged(&now, was))
			continue;
		remove_if_ordinary(failures[i]);
	}
}

/* The interrupt's cleanup (async-signal-safe). */
static void on_interrupt(void)
{
	for (int i = 0; i < nchildren; i++)
		if (children[i] > 0)
			host_stop(children[i]);
	if (getpid() == owner_pid) {
		run_hooks();
		delete_changed_failures();
		for (int i = 0; i < nscratch; i++)
			unlink(scratch[i]);
		if (!keep_temps)
			for (int i = 0; i < ntemps; i++)
				unlink(temps[i]);
		if (!keep_temps) {
			for (int i = ndirs; i-- > 0;) /* a directory's own last */
				remove_dir(dirs[i]);
			for (int i = 0; i < nfailure_dirs; i++)
				remove_dir(failure_dirs[i]);
		}
	}
}

void temp_init(void)
{
	owner_pid = getpid();
	host_on_interrupt(on_interrupt);
	atexit(at_exit);
	self_report_init();
}

void temp_die_with_parent(void) { host_die_with_parent(); }

static void add(char **table, volatile sig_atomic_t *n, const char *path)
{
	if (*n >= MAX_FILES)
		fatal("too many temporary files");
	table[*n] = xstrdup(path);
	++*n;
}

void temp_register(const char *path) { add(temps, &ntemps, path); }
void temp_keep(int keep) { keep_temps = keep; }
void temp_failure_dir(const char *dir)
{
	if (nfailure_dirs >= MAX_CHILDREN)
		fatal("too many temporary directories");
	failure_dirs[nfailure_dirs] = xstrdup(dir);
	++nfailure_dirs;
}

void temp_failure_output(const char *path)
{
	if (nfailures < MAX_FILES)
		failures_unless_unchanged[nfailures] = 0;
	add(failures, &nfailures, path);
}

void temp_failure_output_if_changed(const char *path)
{
	int i = nfailures;
	if (i < MAX_FILES)
		failures_unless_unchanged[i] = stat(path, &failures_before[i]) == 0;
	add(failures, &nfailures, path);
}

static const char *temp_dir(void) { return host_temp_dir(); }

static char *create(const char *suffix)
{
	const char *dir = temp_dir();
	/* joined with the host's separator, as gcc does: "C:\\Temp\\ccX.s"
	 * on Windows, whose -### lines xgcc's should match */
	char *path = xasprintf("%s%cccXXXXXX%s", dir, host_facts.dir_seps[0], suffix);
	int fd = host_mkstemps(path, (int)strlen(suffix));
	if (fd < 0)
		fatal("cannot create temporary file in %s: %s", dir, strerror(errno));
	close(fd);
	return path;
}

int output_open(const char *path, char **tmp)
{
	/* beside a regular file (or a new one), for the rename; what
	 * output_commit writes through (a device, a FIFO, a link) is
	 * staged in TMPDIR, not in /dev or beside the link */
	struct stat st;
	if (host_lstat(path, &st) == 0 && !S_ISREG(st.st_mode))
		*tmp = xasprintf("%s/ccXXXXXX", temp_dir());
	else
		*tmp = xasprintf("%s.XXXXXX", path);
	int fd = host_mkstemps(*tmp, 0);
	if (fd < 0) {
		int e = errno;
		free(*tmp);
		*tmp = NULL;
		errno = e;
		return -1;
	}
	temp_register(*tmp);
	if (host_fchmod(fd, 0666 & ~current_umask()) < 0) {
		int e = errno;
		close(fd);
		unlink(*tmp);
		errno = e;
		return -1;
	}
	return fd;
}

mode_t current_umask(void)
{
	mode_t mask = umask(022);
	umask(mask);
	return mask;
}

int write_all(int fd, const void *p, size_t n)
{
	const char *s = p;
	while (n) {
		ssize_t w = write(fd, s, n);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return -1;
		s += w, n -= (size_t)w;
	}
	return 0;
}

/* Copy the temporary (FD, read from its start) into PATH opened for
 * writing: the way through a device, a FIFO or a symbolic link. */
static int write_through(int fd, const char *path)
{
	if (lseek(fd, 0, SEEK_SET) < 0)
		return -1;
	int out = host_open(path, O_WRONLY | O_TRUNC, 0);
	if (out < 0)
		return -1;
	char buf[65536];
	ssize_t n;
	int r = 0;
	while (r == 0 && (n = read(fd, buf, sizeof buf)) != 0)
		if (n < 0 ? errno != EINTR : write_all(out, buf, (size_t)n) < 0)
			r = -1;
	if (close(out) < 0)
		r = -1;
	return r;
}

int output_commit(int fd, char *tmp, const char *path)
{
	struct stat st;
	int r;
	if (host_lstat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
		r = write_through(fd, path);
		int e = errno;
		close(fd);
		unlink(tmp);
		free(tmp);
		errno = e;
		return r;
	}
	r = close(fd) < 0 || rename(tmp, path) < 0 ? -1 : 0;
	if (r < 0) {
		int e = errno;
		unlink(tmp);
		errno = e;
	}
	free(tmp);
	return r;
}

char *temp_make(const char *suffix)
{
	char *path = create(suffix);
	temp_register(path);
	return path;
}

char *temp_make_scratch(const char *suffix)
{
	char *path = create(suffix);
	add(scratch, &nscratch, path);
	return path;
}

static void add_dir(char *path)
{
	if (ndirs >= MAX_CHILDREN)
		fatal("too many temporary directories");
	dirs[ndirs] = path;
	++ndirs;
}

char *temp_make_dir(void)
{
	const char *dir = temp_dir();
	char *path = xasprintf("%s%cccXXXXXX", dir, host_facts.dir_seps[0]);
	if (!host_mkdtemp(path))
		fatal("cannot create temporary directory in %s: %s", dir, strerror(errno));
	add_dir(path);
	return path;
}

char *temp_make_subdir(const char *parent, const char *name)
{
	char *path = xasprintf("%s/%s", parent, name);
	if (host_mkdir(path, 0700) == 0)
		add_dir(xstrdup(path));
	else if (errno != EEXIST)
		fatal("cannot create temporary directory %s: %s", path, strerror(errno));
	return path;
}

void temp_commit_failure_outputs(void)
{
	host_hold_interrupts(1);
	int n = nfailures;
	nfailures = 0;
	host_hold_interrupts(0);
	for (int i = 0; i < n; i++)
		free(failures[i]);
}

void temp_delete_failure_outputs(void)
{
	delete_changed_failures();
	temp_commit_failure_outputs();
}

void temp_cleanup(int failed)
{
	if (owner_pid && getpid() != owner_pid)
		return;
	/* a child still running (nm, when a bad input stops the scan) is
	 * stopped before the files it writes are removed */
	for (int i = 0; i < nchildren; i++)
		if (children[i] > 0) {
			int status;
			host_stop(children[i]);
			host_wait(children[i], &status, NULL);
		}
	nchildren = 0;
	run_hooks();
	if (failed)
		temp_delete_failure_outputs();
	if (failed && !keep_temps)
		for (int i = 0; i < nfailure_dirs; i++)
			remove_dir(failure_dirs[i]);
	for (int i = 0; i < nscratch; i++)
		unlink(scratch[i]);
	if (!keep_temps)
		for (int i = 0; i < ntemps; i++)
			unlink(temps[i]);
	for (int i = 0; i < ntemps; i++)
		free(temps[i]);
	ntemps = 0;
	if (!keep_temps)
		for (int i = ndirs; i-- > 0;) /* a directory's own last */
			remove_dir(dirs[i]);
	ndirs = 0;
}

void temp_add_hook(void (*fn)(void))
{
	if (nhooks >= MAX_HOOKS)
		fatal("too many cleanup hooks");
	hooks[nhooks] = fn;
	nhooks++;
}

void temp_add_child(pid_t pid)
{
	if (nchildren < MAX_CHILDREN)
		children[nchildren++] = pid;
}

void temp_remove_child(pid_t pid)
{
	for (int i = 0; i < nchildren; i++)
		if (children[i] == pid) {
			children[i] = children[nchildren - 1];
			nchildren--;
			return;
		}
}
