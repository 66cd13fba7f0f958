/* The host layer on POSIX systems; see host.h. */
#include "config.h"

#include "host.h"
#include "progpath.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <langinfo.h>
#include <limits.h>
#include <locale.h>
#include <sched.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#ifdef HAVE_SYS_PRCTL_H
#include <sys/prctl.h>
#endif
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

const struct host_facts host_facts = {
	.dir_seps = "/",
	.path_list_sep = ':',
	.exe_suffix = "",
	.shlib_suffix = ".so",
	.null_device = "/dev/null",
	.drive_letters = 0,
	.command_line_max = 0,
	.wait_any_max = 0,
};

/* the mask from before host_hold_interrupts(1), while it holds */
static sigset_t held_mask;
static int held;

int host_is_dir_sep(int c) { return c == '/'; }
int host_path_is_absolute(const char *path) { return path[0] == '/'; }

int host_spawn(pid_t *pid, char *const argv[], const struct host_io *io)
{
	posix_spawn_file_actions_t fa;
	posix_spawn_file_actions_init(&fa);
	if (io && io->in_fd >= 0) {
		posix_spawn_file_actions_adddup2(&fa, io->in_fd, 0);
		posix_spawn_file_actions_addclose(&fa, io->in_fd);
	} else if (io && io->in_path) {
		posix_spawn_file_actions_addopen(&fa, 0, io->in_path, O_RDONLY, 0);
	}
	if (io && io->out_fd >= 0)
		posix_spawn_file_actions_adddup2(&fa, io->out_fd, 1);
	else if (io && io->out_path)
		posix_spawn_file_actions_addopen(&fa, 1, io->out_path, O_WRONLY | O_CREAT | O_TRUNC, 0666);
	if (io && io->err_path)
		posix_spawn_file_actions_addopen(&fa, 2, io->err_path, O_WRONLY | O_CREAT | O_TRUNC, 0666);
	/* a child started while interrupts are held gets the mask from
	 * before: it must not inherit SIGTERM blocked */
	posix_spawnattr_t attr;
	posix_spawnattr_init(&attr);
	if (held) {
		posix_spawnattr_setsigmask(&attr, &held_mask);
		posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGMASK);
	}
	int err = progpath_spawnp(pid, argv[0], &fa, &attr, argv, environ);
	posix_spawnattr_destroy(&attr);
	posix_spawn_file_actions_destroy(&fa);
	return err;
}

int host_pipe(int fd[2]) { return pipe2(fd, O_CLOEXEC); }

static double seconds(struct timeval tv) { return (double)tv.tv_sec + (double)tv.tv_usec / 1e6; }

int host_wait(pid_t pid, int *status, double times[2])
{
	struct rusage ru;
	while (wait4(pid, status, 0, &ru) < 0)
		if (errno != EINTR)
			return -1;
	if (times) {
		times[0] = seconds(ru.ru_utime);
		times[1] = seconds(ru.ru_stime);
	}
	return 0;
}

void host_stop(pid_t pid) { kill(pid, SIGTERM); }

long host_wait_any(const pid_t *pids, size_t n, struct host_sem *sem)
{
	siginfo_t si;
	if (sem) {
		errno = ENOSYS;
		return -1;
	}
	si.si_pid = 0;
	while (waitid(P_ALL, 0, &si, WEXITED | WNOWAIT) < 0)
		if (errno != EINTR)
			return -1;
	for (size_t i = 0; i < n; i++)
		if (pids[i] == si.si_pid)
			return (long)i;
	errno = ECHILD; /* a child not in PIDS */
	return -1;
}

struct host_sem *host_sem_open(const char *name)
{
	(void)name;
	errno = ENOSYS;
	return NULL;
}

void host_sem_post(struct host_sem *sem) { (void)sem; }
void host_sem_close(struct host_sem *sem) { (void)sem; }

int host_cores(void)
{
#ifdef CPU_COUNT_S
	long conf = sysconf(_SC_NPROCESSORS_CONF);
	for (size_t ncpu = conf > 0 ? (size_t)conf : 1024; ncpu <= 1u << 20; ncpu *= 2) {
		cpu_set_t *set = CPU_ALLOC(ncpu);
		size_t size = CPU_ALLOC_SIZE(ncpu);
		if (!set)
			break;
		int r = sched_getaffinity(0, size, set), err = errno;
		int n = r == 0 ? CPU_COUNT_S(size, set) : 0;
		CPU_FREE(set);
		if (n > 0)
			return n;
		if (r == 0 || err != EINVAL) /* EINVAL: the mask is larger */
			break;
	}
#endif
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	return n < 1 ? 1 : n > INT_MAX ? INT_MAX : (int)n;
}

int host_status_exit(int status, int *sig)
{
	*sig = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
	return *sig ? -1 : WEXITSTATUS(status);
}

const char *host_signal_text(int sig, int *outside)
{
	*outside = sig == SIGKILL || sig == SIGINT || sig == SIGTERM || sig == SIGHUP || sig == SIGPIPE;
	return strsignal(sig);
}

double host_monotonic(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* The peak resident size of this image (VmHWM): ru_maxrss would carry
 * the parent's, from before posix_spawn's exec. */
static long vm_hwm_kib(void)
{
	FILE *f = fopen("/proc/self/status", "r");
	char buf[256];
	long kib = -1;
	while (f && fgets(buf, sizeof buf, f))
		if (sscanf(buf, "VmHWM: %ld", &kib) == 1)
			break;
	if (f)
		fclose(f);
	return kib;
}

int host_cpu_times(int children, double times[2], long *peak_kib)
{
	struct rusage ru;
	if (getrusage(children ? RUSAGE_CHILDREN : RUSAGE_SELF, &ru) < 0)
		return -1;
	times[0] = seconds(ru.ru_utime);
	times[1] = seconds(ru.ru_stime);
	if (peak_kib) {
		long hwm = vm_hwm_kib();
		*peak_kib = hwm >= 0 ? hwm : ru.ru_maxrss;
	}
	return 0;
}

int host_locale_utf8(void)
{
	setlocale(LC_CTYPE, "");
	return strcmp(nl_langinfo(CODESET), "UTF-8") == 0;
}

static void (*interrupt_fn)(void);

static void on_signal(int sig)
{
	interrupt_fn();
	signal(sig, SIG_DFL);
	raise(sig);
}

void host_on_interrupt(void (*fn)(void))
{
	static const int sigs[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE };
	interrupt_fn = fn;
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
}

void host_hold_interrupts(int hold)
{
	if (hold) {
		sigset_t all;
		sigfillset(&all);
		sigprocmask(SIG_BLOCK, &all, &held_mask);
		held = 1;
	} else {
		held = 0;
		sigprocmask(SIG_SETMASK, &held_mask, NULL);
	}
}

void host_die_with_parent(void)
{
#ifdef HAVE_SYS_PRCTL_H
	pid_t parent = getppid();
	if (prctl(PR_SET_PDEATHSIG, SIGTERM) == 0 && getppid() != parent)
		raise(SIGTERM); /* it died before we asked */
#endif
}

const char *host_temp_dir(void)
{
	const char *dir = getenv("TMPDIR");
	return !dir || !*dir || access(dir, W_OK | X_OK) != 0 ? "/tmp" : dir;
}

int host_mkstemps(char *template, int suffixlen) { return mkostemps(template, suffixlen, O_CLOEXEC); }
char *host_mkdtemp(char *template) { return mkdtemp(template); }

/* Only async-signal-safe calls: the directory is read with getdents64
 * into a static buffer, as readdir would allocate.  Our temporary
 * directories hold files only. */
void host_remove_dir(const char *dir)
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

int host_open(const char *path, int flags, int mode)
{
	int f = flags & ~(HOST_O_NOFOLLOW | HOST_O_NONBLOCK);
	f |= (flags & HOST_O_NOFOLLOW ? O_NOFOLLOW : 0) | (flags & HOST_O_NONBLOCK ? O_NONBLOCK : 0);
	return open(path, f | O_CLOEXEC, mode);
}

ssize_t host_pread(int fd, void *buf, size_t n, off_t offset) { return pread(fd, buf, n, offset); }

int host_alias_file(const char *existing, const char *path)
{
	char *target = realpath(existing, NULL);
	int r = target ? symlink(target, path) : -1, e = errno;
	free(target);
	errno = e;
	return r;
}

int host_owned_by_us(const struct stat *st) { return st->st_uid == geteuid(); }

unsigned long long host_mtime_ns(const struct stat *st)
{
	return (unsigned long long)st->st_mtim.tv_sec * 1000000000u + (unsigned long long)st->st_mtim.tv_nsec;
}

unsigned long long host_ctime_ns(const struct stat *st)
{
	return (unsigned long long)st->st_ctim.tv_sec * 1000000000u + (unsigned long long)st->st_ctim.tv_nsec;
}

unsigned long long host_realtime_ns(void)
{
	struct timespec now;
	if (clock_gettime(CLOCK_REALTIME, &now) < 0)
		return 0;
	return (unsigned long long)now.tv_sec * 1000000000u + (unsigned long long)now.tv_nsec;
}
int host_mkdir(const char *path, mode_t mode) { return mkdir(path, mode); }
char *host_real_path(const char *path) { return realpath(path, NULL); }

int host_may_execute(const char *path) { return access(path, X_OK) == 0; }

int host_lstat(const char *path, struct stat *st) { return lstat(path, st); }

int host_file_id(const char *path, unsigned long long id[2])
{
	struct stat st;
	if (stat(path, &st) < 0)
		return -1;
	id[0] = (unsigned long long)st.st_dev;
	id[1] = (unsigned long long)st.st_ino;
	return 0;
}

int host_stat_unchanged(const struct stat *now, const struct stat *was)
{
	return now->st_dev == was->st_dev && now->st_ino == was->st_ino && now->st_size == was->st_size &&
	       now->st_mtim.tv_sec == was->st_mtim.tv_sec && now->st_mtim.tv_nsec == was->st_mtim.tv_nsec;
}

int host_fchmod(int fd, mode_t mode) { return fchmod(fd, mode); }

char *host_self_path(void)
{
	char buf[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
	if (n <= 0)
		return NULL;
	buf[n] = 0;
	return strdup(buf);
}

void *host_map(int fd, size_t size, int writable)
{
	void *p = mmap(NULL, size, writable ? PROT_READ | PROT_WRITE : PROT_READ, MAP_PRIVATE, fd, 0);
	return p == MAP_FAILED ? NULL : p;
}

void host_unmap(void *p, size_t size) { munmap(p, size); }

long long host_free_bytes(const char *dir)
{
	struct statvfs vfs;
	if (statvfs(dir, &vfs) < 0)
		return -1;
	return (long long)vfs.f_bavail * (long long)vfs.f_frsize;
}

unsigned long long host_atime_ns(const struct stat *st)
{
	return (unsigned long long)st->st_atim.tv_sec * 1000000000u + (unsigned long long)st->st_atim.tv_nsec;
}

int host_touch(int fd) { return futimens(fd, NULL); }
int host_others_may_write(const struct stat *st) { return (st->st_mode & (S_IWGRP | S_IWOTH)) != 0; }
int host_all_may_read(const struct stat *st) { return (st->st_mode & S_IROTH) != 0; }

int host_foreign_link(const struct stat *st)
{
	return S_ISLNK(st->st_mode) && st->st_uid != geteuid() && st->st_uid != 0;
}

void host_hold_file_size_signal(int hold)
{
	static struct sigaction old;
	if (hold) {
		struct sigaction ign = { .sa_handler = SIG_IGN };
		sigaction(SIGXFSZ, &ign, &old);
	} else {
		sigaction(SIGXFSZ, &old, NULL);
	}
}

struct host_dir {
	int fd;
};

struct host_dir *host_dir_open(const char *path, struct stat *st)
{
	int fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		return NULL;
	if (fstat(fd, st) < 0) {
		int e = errno;
		close(fd);
		errno = e;
		return NULL;
	}
	struct host_dir *d = malloc(sizeof *d);
	if (!d) {
		close(fd);
		errno = ENOMEM;
		return NULL;
	}
	d->fd = fd;
	return d;
}

void host_dir_close(struct host_dir *d)
{
	if (d) {
		close(d->fd);
		free(d);
	}
}

int host_dir_writable(struct host_dir *d) { return faccessat(d->fd, ".", W_OK | X_OK, AT_EACCESS); }

int host_dir_open_file(struct host_dir *d, const char *name, int flags, int mode)
{
	flags &= ~(HOST_O_NOFOLLOW | HOST_O_NONBLOCK);
	return openat(d->fd, name, flags | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, mode);
}

int host_dir_stat(struct host_dir *d, const char *name, struct stat *st)
{
	return fstatat(d->fd, name, st, AT_SYMLINK_NOFOLLOW);
}

int host_dir_unlink(struct host_dir *d, const char *name) { return unlinkat(d->fd, name, 0); }
int host_dir_rename(struct host_dir *d, const char *from, const char *to) { return renameat(d->fd, from, d->fd, to); }

int host_dir_each(struct host_dir *d, void (*fn)(const char *name, void *arg), void *arg)
{
	int fd = dup(d->fd);
	DIR *dh = fd >= 0 ? fdopendir(fd) : NULL;
	if (!dh) {
		if (fd >= 0)
			close(fd);
		return -1;
	}
	rewinddir(dh);
	struct dirent *de;
	while ((de = readdir(dh)))
		fn(de->d_name, arg);
	closedir(dh);
	return 0;
}
