/* The host system: what xgcc needs from the operating system beyond C11.
 *
 * One implementation per kind of host, chosen by configure ($host_os) in
 * Makefile.am: host-posix.c (GNU/Linux and the other POSIX systems) and
 * host-win32.c (MinGW-w64: Windows).  The rest of the tree calls these
 * functions and reads these facts; it never asks which host it is on.
 *
 * Processes are named by a pid_t: on POSIX the process id, on Windows
 * the process's handle (pid_t is 64 bits there).  A status (host_wait)
 * is the host's own; host_status_exit says what it means.
 */
#ifndef XGCC_HOST_H
#define XGCC_HOST_H

#include <stddef.h>
#include <sys/types.h>

/* Path and command-line facts of the host. */
struct host_facts {
	const char *dir_seps;    /* the directory separators: "/", or "\\/" */
	char path_list_sep;      /* between PATH's directories: ':' or ';' */
	const char *exe_suffix;  /* of an executable's file: "" or ".exe" */
	const char *shlib_suffix; /* of a shared library's (GCC's LTO plugin): ".so" or ".dll" */
	const char *null_device; /* "/dev/null" or "NUL" */
	int drive_letters;       /* "C:" starts a path */
	size_t command_line_max; /* longest command line a child gets, 0 when no such limit */
	size_t wait_any_max;     /* most processes host_wait_any waits for at once, 0 when no such limit */
};
extern const struct host_facts host_facts;

/* C is a directory separator. */
int host_is_dir_sep(int c);
/* PATH is absolute ("/x"; "C:\x", "C:/x", "\\server\x" on Windows). */
int host_path_is_absolute(const char *path);

/* --- Processes ----------------------------------------------------------- */

/* A child's standard streams: from a file, to a file, or to the write
 * end of a pipe (host_pipe); NULL / -1 inherit ours. */
struct host_io {
	const char *in_path;  /* standard input from this file */
	int in_fd;            /* standard input from this descriptor */
	const char *out_path; /* standard output to this file (truncated) */
	int out_fd;           /* standard output to this descriptor */
	const char *err_path; /* standard error to this file (truncated) */
};
#define HOST_IO_INHERIT { NULL, -1, NULL, -1, NULL }

/* Start ARGV (argv[0] found in PATH when it has no directory), no shell
 * involved, with IO (NULL: inherit).  0 and *PID, or an errno value
 * when it could not start.  Started while interrupts are held
 * (host_hold_interrupts), the child gets the signal mask from before. */
int host_spawn(pid_t *pid, char *const argv[], const struct host_io *io);
/* A pipe that children do not inherit (host_io gives an end to one):
 * 0, or -1 with errno set. */
int host_pipe(int fd[2]);
/* Wait for PID; its status in *STATUS and, when TIMES is not NULL, the
 * user and system seconds it used.  0, or -1 with errno set. */
int host_wait(pid_t pid, int *status, double times[2]);
/* Ask PID to stop (SIGTERM; TerminateProcess on Windows).  Async-signal-safe. */
void host_stop(pid_t pid);
/* What a status means: the exit code, or -1 when a signal killed the
 * process, whose number goes to *SIG (0 when none did). */
int host_status_exit(int status, int *sig);

/* Wait until one of the N processes PIDS has ended (it is not waited
 * for: host_wait does that) or, when SEM is not NULL, until a token of
 * SEM is taken: the index of that process, or N for the token; -1 with
 * errno set.  At most host_facts.wait_any_max processes (when set).  On
 * POSIX it looks at every child (waitid): the caller must have no other
 * child that may end meanwhile. */
struct host_sem;
long host_wait_any(const pid_t *pids, size_t n, struct host_sem *sem);
/* GNU make's jobserver where it is a named semaphore (Windows:
 * --jobserver-auth=NAME): the semaphore NAME, or NULL with errno set
 * (ENOSYS where the jobserver is a pipe, which lib/jobs.c reads). */
struct host_sem *host_sem_open(const char *name);
/* Give a token back. */
void host_sem_post(struct host_sem *sem);
void host_sem_close(struct host_sem *sem);
/* The processors this process may run on (its affinity mask), at least 1. */
int host_cores(void);

/* The name of signal SIG as strsignal gives it; *OUTSIDE is 1 when
 * it comes from outside (SIGKILL, SIGINT, SIGTERM, SIGHUP, SIGPIPE: the
 * OOM killer, ^C) rather than from a bug in the program. */
const char *host_signal_text(int sig, int *outside);

/* --- Interrupts ---------------------------------------------------------- */

/* On an interrupt (SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE; on Windows
 * Ctrl-C, Ctrl-Break and the console closing) run FN, then die as the
 * interrupt would have it (the same signal; STATUS_CONTROL_C_EXIT).
 * A signal ignored by whoever started us stays ignored (POSIX).  FN must be
 * async-signal-safe. */
void host_on_interrupt(void (*fn)(void));
/* Hold interrupts back (HOLD 1) while tables FN reads are changed, and
 * let them through again (HOLD 0). */
void host_hold_interrupts(int hold);
/* A helper program that must not outlive the program that started it
 * asks for an interrupt when that one dies; nothing where the host
 * cannot tell. */
void host_die_with_parent(void);

/* --- Time and locale ------------------------------------------------------ */

/* Seconds on a clock that only goes forward. */
double host_monotonic(void);
/* The user and system seconds of this process (CHILDREN 0), or of its
 * children waited for (CHILDREN 1), and (when not NULL) its peak
 * resident size in KiB: 0, or -1 when the host cannot say. */
int host_cpu_times(int children, double times[2], long *peak_kib);
/* Set the locale from the environment (LC_CTYPE) and say whether its
 * characters are UTF-8 (the quotes of diagnostics follow). */
int host_locale_utf8(void);

/* --- Files ---------------------------------------------------------------- */

struct stat;

/* The directory of temporary files: $TMPDIR, else /tmp (Windows: $TMPDIR,
 * %TMP%, %TEMP%, then GetTempPath's, as gcc there). */
const char *host_temp_dir(void);
/* mkstemps and mkdtemp: TEMPLATE ends in XXXXXX and SUFFIXLEN more
 * characters; the descriptor is not inherited by children. */
int host_mkstemps(char *template, int suffixlen);
char *host_mkdtemp(char *template);
/* Remove the files (and links) in DIR, then DIR.  Async-signal-safe. */
void host_remove_dir(const char *dir);
/* open(2) with a descriptor children do not inherit (and, on Windows,
 * binary: no CR-LF translation); FLAGS may hold HOST_O_* (below). */
int host_open(const char *path, int flags, int mode);
/* mkdir(2); MODE is ignored where files have no such modes. */
int host_mkdir(const char *path, mode_t mode);
/* realpath(PATH, NULL): the absolute path without . or .. (or links),
 * malloc'd; NULL with errno set. */
char *host_real_path(const char *path);
/* A file we may execute (access X_OK; any file on Windows, where being
 * a program is the loader's business). */
int host_may_execute(const char *path);
/* Flags of host_open beyond open(2)'s, dropped where the host has no
 * such thing: O_NOFOLLOW, O_NONBLOCK. */
enum { HOST_O_NOFOLLOW = 0x20000000, HOST_O_NONBLOCK = 0x40000000 };
/* pread(2). */
ssize_t host_pread(int fd, void *buf, size_t n, off_t offset);
/* PATH, a new name for the contents of EXISTING: a symbolic link to its
 * real path (Windows: a copy).  0, or -1 with errno set (EEXIST when
 * PATH is there). */
int host_alias_file(const char *existing, const char *path);
/* ST's file is ours (its owner is our effective user; always, where
 * files have no owner to compare). */
int host_owned_by_us(const struct stat *st);
/* ST's modification and status-change times in nanoseconds since the
 * epoch (to the second where the host keeps no more). */
unsigned long long host_mtime_ns(const struct stat *st);
unsigned long long host_ctime_ns(const struct stat *st);
/* The time of day in nanoseconds since the epoch; 0 when unknown. */
unsigned long long host_realtime_ns(void);
/* PATH's file's identity, symbolic links followed: its device and file
 * number (st_dev and st_ino; on Windows, whose stat leaves st_ino 0,
 * the volume's serial number and the file index).  0, or -1 with errno
 * set. */
int host_file_id(const char *path, unsigned long long id[2]);
/* lstat (stat where the host has no symbolic links to speak of). */
int host_lstat(const char *path, struct stat *st);
/* The same file, unchanged: device, inode, size and modification time
 * (to the nanosecond where the host keeps it) agree. */
int host_stat_unchanged(const struct stat *now, const struct stat *was);
/* fchmod; 0 where files have no such modes (Windows). */
int host_fchmod(int fd, mode_t mode);
/* The running program's file, malloc'd; NULL when the host cannot say
 * (the caller then resolves argv[0]). */
char *host_self_path(void);
/* SIZE bytes of FD from its start, read-only or (WRITABLE) private
 * copy-on-write; NULL with errno set on failure.  host_unmap undoes it. */
void *host_map(int fd, size_t size, int writable);
void host_unmap(void *p, size_t size);
/* The bytes free to us on the file system that holds DIR; -1 when the
 * host cannot say. */
long long host_free_bytes(const char *dir);
/* ST's last access in nanoseconds since the epoch (as host_mtime_ns). */
unsigned long long host_atime_ns(const struct stat *st);
/* FD's file was used now: its access and modification times set to the
 * present.  0, or -1 with errno set. */
int host_touch(int fd);
/* The permission bits of ST's file let others than its owner write to
 * it (group or others); 0 where files have no such bits (Windows). */
int host_others_may_write(const struct stat *st);
/* ... let every user read it; 0 where files have no such bits. */
int host_all_may_read(const struct stat *st);
/* ST (host_lstat's) is a symbolic link that neither we nor the
 * administrator own; 0 where there are none such (Windows). */
int host_foreign_link(const struct stat *st);
/* Hold back (HOLD 1) the signal that a write past the file size limit
 * raises (SIGXFSZ), making it a failed write, and restore it (HOLD 0);
 * nothing where there is none. */
void host_hold_file_size_signal(int hold);

/* --- A directory whose files are reached through it ------------------------ */

/* A directory opened once; its files are named relative to it, no
 * symbolic link in their place is followed and no special file blocks
 * (POSIX: through a descriptor of the directory, openat).  The LTRANS
 * cache's directory (lto/cache.c). */
struct host_dir;
/* Open PATH, a directory (its status in *ST): NULL with errno set. */
struct host_dir *host_dir_open(const char *path, struct stat *st);
void host_dir_close(struct host_dir *d);
/* We may create and remove files in D: 0, or -1 with errno set. */
int host_dir_writable(struct host_dir *d);
/* host_open of NAME in D (HOST_O_NOFOLLOW and HOST_O_NONBLOCK implied). */
int host_dir_open_file(struct host_dir *d, const char *name, int flags, int mode);
/* host_lstat of NAME in D. */
int host_dir_stat(struct host_dir *d, const char *name, struct stat *st);
/* Remove NAME from D: 0, or -1 with errno set. */
int host_dir_unlink(struct host_dir *d, const char *name);
/* Rename FROM to TO in D, replacing TO: 0, or -1 with errno set. */
int host_dir_rename(struct host_dir *d, const char *from, const char *to);
/* FN(NAME, ARG) for each name in D ("." and ".." among them): 0, or -1
 * with errno set when D cannot be read. */
int host_dir_each(struct host_dir *d, void (*fn)(const char *name, void *arg), void *arg);

#endif
