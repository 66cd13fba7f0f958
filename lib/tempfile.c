/* Temporary files and cleanup; see tempfile.h. */
#include "config.h"

#include "tempfile.h"
#include "selfreport.h"
#include "diag.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#ifdef HAVE_SYS_PRCTL_H
#include <sys/prctl.h>
#endif
#include <sys/syscall.h>
#include <sys/wait.h>
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

/* Empty and remove a temporary directory.  Only async-signal-safe calls:
 * the directory is read with getdents64 into a static buffer, as readdir
 * would allocate.  Our temporary directories hold files only. */
static void remove_dir(const char *dir)
{
	static char buf[8192];
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd >= 0) {
		long n;
		while ((n = syscall(SYS_getdents64, fd, buf, sizeof buf)) > 0)
			for (long off = 0; off < n;) {
				/* struct linux_dirent64: u64 ino, s64 off, u16 reclen, u8 type, name */
				unsigned short reclen;
				memcpy(&reclen, buf + off + 16, sizeof reclen);
				const char *name = buf + off + 19;
				struct stat st;
				/* files (or links) only: a device or a FIFO that
				 * something put here is not ours to remove */
				if (strcmp(name, ".") != 0 && strcmp(name, "..") != 0 &&
				    fstatat(fd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
				    (S_ISREG(st.st_mode) || S_ISLNK(st.st_mode)))
					unlinkat(fd, name, 0);
				off += reclen;
			}
		close(fd);
	}
	rmdir(dir);
}

/* Delete the failure outputs that are regular files (gcc's rule), but
 * those of temp_failure_output_if_changed that the step left as they
 * were (async-signal-safe: stat and unlink only). */
static void delete_changed_failures(void)
{
	for (int i = 0; i < nfailures; i++) {
		struct stat now;
		const struct stat *was = &failures_before[i];
		if (failures_unless_unchanged[i] && stat(failures[i], &now) == 0 && now.st_dev == was->st_dev &&
		    now.st_ino == was->st_ino && now.st_size == was->st_size &&
		    now.st_mtim.tv_sec == was->st_mtim.tv_sec && now.st_mtim.tv_nsec == was->st_mtim.tv_nsec)
			continue;
		remove_if_ordinary(failures[i]);
	}
}

static void on_signal(int sig)
{
	for (int i = 0; i < nchildren; i++)
		if (children[i] > 0)
			kill(children[i], SIGTERM);
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
	signal(sig, SIG_DFL);
	raise(sig);
}

void temp_init(void)
{
	static const int sigs[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE };
	owner_pid = getpid();
	/* An ignored SIGCHLD is inherited and would make the kernel reap our
	 * children before we wait for them (gcc resets it too). */
	signal(SIGCHLD, SIG_DFL);
	for (size_t i = 0; i < sizeof sigs / sizeof *sigs; i++) {
		struct sigaction sa, old;
		memset(&sa, 0, sizeof sa);
		sa.sa_handler = on_signal;
		sigemptyset(&sa.sa_mask);
		/* A signal ignored by whoever started us stays ignored (nohup). */
		if (sigaction(sigs[i], NULL, &old) == 0 && old.sa_handler == SIG_IGN)
			continue;
		sigaction(sigs[i], &sa, NULL);
	}
	atexit(at_exit);
	self_report_init();
}

void temp_die_with_parent(void)
{
#ifdef HAVE_SYS_PRCTL_H
	pid_t parent = getppid();
	if (prctl(PR_SET_PDEATHSIG, SIGTERM) == 0 && getppid() != parent)
		raise(SIGTERM); /* it died before we asked */
#endif
}

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

static const char *temp_dir(void)
{
	const char *dir = getenv("TMPDIR");
	return !dir || !*dir || access(dir, W_OK | X_OK) != 0 ? "/tmp" : dir;
}

static char *create(const char *suffix)
{
	const char *dir = temp_dir();
	char *path = xasprintf("%s/ccXXXXXX%s", dir, suffix);
	int fd = mkstemps(path, (int)strlen(suffix));
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
	if (lstat(path, &st) == 0 && !S_ISREG(st.st_mode))
		*tmp = xasprintf("%s/ccXXXXXX", temp_dir());
	else
		*tmp = xasprintf("%s.XXXXXX", path);
	int fd = mkstemp(*tmp);
	if (fd < 0) {
		int e = errno;
		free(*tmp);
		*tmp = NULL;
		errno = e;
		return -1;
	}
	temp_register(*tmp);
	if (fchmod(fd, 0666 & ~current_umask()) < 0) {
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
	int out = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC);
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
	if (lstat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
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
	char *path = xasprintf("%s/ccXXXXXX", dir);
	if (!mkdtemp(path))
		fatal("cannot create temporary directory in %s: %s", dir, strerror(errno));
	add_dir(path);
	return path;
}

char *temp_make_subdir(const char *parent, const char *name)
{
	char *path = xasprintf("%s/%s", parent, name);
	if (mkdir(path, 0700) == 0)
		add_dir(xstrdup(path));
	else if (errno != EEXIST)
		fatal("cannot create temporary directory %s: %s", path, strerror(errno));
	return path;
}

void temp_commit_failure_outputs(void)
{
	sigset_t all, old;
	sigfillset(&all);
	sigprocmask(SIG_BLOCK, &all, &old);
	int n = nfailures;
	nfailures = 0;
	sigprocmask(SIG_SETMASK, &old, NULL);
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
			kill(children[i], SIGTERM);
			waitpid(children[i], NULL, 0);
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
