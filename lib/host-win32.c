/* The host layer on Windows (MinGW-w64); see host.h.
 *
 * Processes.  CreateProcess takes one command line, which the child's C
 * runtime splits back into argv (CommandLineToArgvW's and MSVCRT's rules):
 * an argument is split at unquoted blanks; between double quotes blanks
 * are kept; 2N backslashes followed by a double quote are N backslashes
 * and the quote opens or closes quoting, 2N+1 of them are N backslashes
 * and a literal quote; backslashes not before a quote are themselves.
 * quote_arg() writes each argument so that it comes back as it was.
 * A command line holds at most 32,767 characters; a longer one keeps
 * argv[0] and puts the other arguments in a response file, "@FILE",
 * which every GCC program and the binutils read (lib/respfile.c writes
 * it with the quoting they expect).  pid_t, 64 bits here, holds the
 * process's handle.  A status is the exit code: Windows has no signals.
 *
 * Interrupts.  Ctrl-C, Ctrl-Break and the console's closing reach a
 * handler (SetConsoleCtrlHandler) in a thread of its own; it takes the
 * lock that host_hold_interrupts holds, runs the cleanup and ends the
 * process with STATUS_CONTROL_C_EXIT.  Children in the same console get
 * the same event themselves.
 */
#include "config.h"

#include "host.h"
#include "respfile.h"

#include <windows.h>
#include <psapi.h>
#include <tlhelp32.h>

#include <direct.h>
#include <errno.h>
#include <fcntl.h>
#include <io.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

const struct host_facts host_facts = {
	.dir_seps = "\\/",
	.path_list_sep = ';',
	.exe_suffix = ".exe",
	.shlib_suffix = ".dll",
	.null_device = "NUL",
	.drive_letters = 1,
	.command_line_max = 32767,
	.wait_any_max = MAXIMUM_WAIT_OBJECTS - 1, /* one handle for the jobserver's semaphore */
};

int host_is_dir_sep(int c) { return c == '/' || c == '\\'; }

int host_path_is_absolute(const char *path)
{
	if (host_is_dir_sep(path[0]))
		return 1; /* \x (the current drive's) and \\server\share */
	return ((path[0] >= 'a' && path[0] <= 'z') || (path[0] >= 'A' && path[0] <= 'Z')) && path[1] == ':' &&
	       host_is_dir_sep(path[2]);
}

/* --- Processes ----------------------------------------------------------- */

static int errno_of(DWORD err)
{
	switch (err) {
	case ERROR_FILE_NOT_FOUND:
	case ERROR_PATH_NOT_FOUND:
	case ERROR_INVALID_DRIVE:
	case ERROR_BAD_NETPATH:
		return ENOENT;
	case ERROR_ACCESS_DENIED:
	case ERROR_SHARING_VIOLATION:
		return EACCES;
	case ERROR_BAD_EXE_FORMAT:
	case ERROR_EXE_MACHINE_TYPE_MISMATCH:
		return ENOEXEC;
	case ERROR_FILENAME_EXCED_RANGE:
		return E2BIG;
	case ERROR_NOT_ENOUGH_MEMORY:
	case ERROR_OUTOFMEMORY:
		return ENOMEM;
	default:
		return EINVAL;
	}
}

static int is_file(const char *path)
{
	DWORD a = GetFileAttributesA(path);
	return a != INVALID_FILE_ATTRIBUTES && !(a & FILE_ATTRIBUTE_DIRECTORY);
}

static int has_dir(const char *name)
{
	return strpbrk(name, "\\/") || (name[0] && name[1] == ':');
}

static int has_suffix(const char *name)
{
	const char *base = name;
	for (const char *p = name; *p; p++)
		if (host_is_dir_sep(*p) || *p == ':')
			base = p + 1;
	return strchr(base, '.') != NULL;
}

/* FILE (LEN characters), or FILE.exe first when FILE has no suffix,
 * as a file that exists: malloc'd; NULL when neither does. */
static char *try_file(const char *file, size_t len)
{
	char *p = malloc(len + 5);
	if (!p)
		return NULL;
	memcpy(p, file, len);
	p[len] = 0;
	if (!has_suffix(p)) {
		strcpy(p + len, ".exe");
		if (is_file(p))
			return p;
		p[len] = 0;
	}
	if (is_file(p))
		return p;
	free(p);
	return NULL;
}

/* The file to run for NAME: NAME itself when it has a directory, else
 * the first match in the directories of PATH (';'-separated); with
 * ".exe" appended when NAME has no suffix.  NULL when there is none. */
static char *find_program(const char *name)
{
	if (has_dir(name))
		return try_file(name, strlen(name));
	const char *path = getenv("PATH");
	if (!path)
		return NULL;
	for (const char *p = path;;) {
		const char *end = strchr(p, ';');
		size_t len = end ? (size_t)(end - p) : strlen(p);
		if (len) {
			size_t n = strlen(name);
			char *file = malloc(len + 1 + n + 1);
			if (!file)
				return NULL;
			memcpy(file, p, len);
			size_t at = len;
			if (!host_is_dir_sep(file[at - 1]))
				file[at++] = '\\';
			memcpy(file + at, name, n + 1);
			char *found = try_file(file, at + n);
			free(file);
			if (found)
				return found;
		}
		if (!end)
			return NULL;
		p = end + 1;
	}
}

struct buf {
	char *s;
	size_t n, cap;
};

static int put(struct buf *b, char c, size_t times)
{
	if (b->n + times + 1 > b->cap) {
		size_t cap = (b->n + times + 1) * 2;
		char *s = realloc(b->s, cap);
		if (!s)
			return -1;
		b->s = s, b->cap = cap;
	}
	memset(b->s + b->n, c, times);
	b->n += times;
	b->s[b->n] = 0;
	return 0;
}

/* ARG as the child's runtime will split it back: bare when it has no
 * blank and no quote (and is not empty), else in double quotes, with the
 * backslashes before a quote (and before the closing one) doubled. */
static int quote_arg(struct buf *b, const char *arg)
{
	if (*arg && !strpbrk(arg, " \t\n\v\"")) {
		for (; *arg; arg++)
			if (put(b, *arg, 1) < 0)
				return -1;
		return 0;
	}
	if (put(b, '"', 1) < 0)
		return -1;
	for (const char *p = arg;; p++) {
		size_t backslashes = 0;
		while (*p == '\\')
			p++, backslashes++;
		if (!*p) {
			if (put(b, '\\', backslashes * 2) < 0)
				return -1;
			break;
		}
		if (*p == '"') {
			if (put(b, '\\', backslashes * 2 + 1) < 0 || put(b, '"', 1) < 0)
				return -1;
		} else if (put(b, '\\', backslashes) < 0 || put(b, *p, 1) < 0) {
			return -1;
		}
	}
	return put(b, '"', 1);
}

static int command_line(struct buf *b, char *const argv[])
{
	for (size_t i = 0; argv[i]; i++)
		if ((i && put(b, ' ', 1) < 0) || quote_arg(b, argv[i]) < 0)
			return -1;
	return 0;
}

/* An inheritable duplicate of H, for a child's standard stream. */
static HANDLE inheritable(HANDLE h)
{
	HANDLE dup = INVALID_HANDLE_VALUE;
	if (h == INVALID_HANDLE_VALUE || h == NULL)
		return INVALID_HANDLE_VALUE;
	if (!DuplicateHandle(GetCurrentProcess(), h, GetCurrentProcess(), &dup, 0, TRUE,
			     DUPLICATE_SAME_ACCESS))
		return INVALID_HANDLE_VALUE;
	return dup;
}

static HANDLE open_for_child(const char *path, int out)
{
	SECURITY_ATTRIBUTES sa = { sizeof sa, NULL, TRUE };
	return CreateFileA(path, out ? GENERIC_WRITE : GENERIC_READ,
			   FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, &sa,
			   out ? CREATE_ALWAYS : OPEN_EXISTING, FILE_ATTRIBUTE_NORMAL, NULL);
}

int host_spawn(pid_t *pid, char *const argv[], const struct host_io *io)
{
	char *file = find_program(argv[0]);
	if (!file)
		return ENOENT;
	struct buf line = { 0 };
	if (command_line(&line, argv) < 0) {
		free(file);
		return ENOMEM;
	}
	if (line.n + 1 > host_facts.command_line_max) {
		/* argv[0] and @FILE, the rest in FILE (removed at exit) */
		size_t n = 1;
		while (argv[n])
			n++;
		char *rsp = respfile_write(argv + 1, n - 1);
		char *at = malloc(strlen(rsp) + 2);
		char *short_argv[] = { argv[0], at, NULL };
		if (!at) {
			free(file), free(line.s), free(rsp);
			return ENOMEM;
		}
		strcpy(at, "@");
		strcat(at, rsp);
		line.n = 0;
		int r = command_line(&line, short_argv);
		free(at);
		free(rsp);
		if (r < 0) {
			free(file), free(line.s);
			return ENOMEM;
		}
	}

	HANDLE std[3];
	std[0] = io && io->in_fd >= 0     ? inheritable((HANDLE)_get_osfhandle(io->in_fd))
		 : io && io->in_path      ? open_for_child(io->in_path, 0)
					  : inheritable(GetStdHandle(STD_INPUT_HANDLE));
	std[1] = io && io->out_fd >= 0    ? inheritable((HANDLE)_get_osfhandle(io->out_fd))
		 : io && io->out_path     ? open_for_child(io->out_path, 1)
					  : inheritable(GetStdHandle(STD_OUTPUT_HANDLE));
	std[2] = io && io->err_path ? open_for_child(io->err_path, 1) : inheritable(GetStdHandle(STD_ERROR_HANDLE));

	int err = 0;
	if ((io && io->in_path && io->in_fd < 0 && std[0] == INVALID_HANDLE_VALUE) ||
	    (io && io->out_path && io->out_fd < 0 && std[1] == INVALID_HANDLE_VALUE) ||
	    (io && io->err_path && std[2] == INVALID_HANDLE_VALUE))
		err = errno_of(GetLastError());
	if (!err) {
		STARTUPINFOA si;
		PROCESS_INFORMATION pi;
		memset(&si, 0, sizeof si);
		si.cb = sizeof si;
		si.dwFlags = STARTF_USESTDHANDLES;
		si.hStdInput = std[0];
		si.hStdOutput = std[1];
		si.hStdError = std[2];
		if (CreateProcessA(file, line.s, NULL, NULL, TRUE, 0, NULL, NULL, &si, &pi)) {
			CloseHandle(pi.hThread);
			*pid = (pid_t)(intptr_t)pi.hProcess;
		} else {
			err = errno_of(GetLastError());
		}
	}
	for (int i = 0; i < 3; i++)
		if (std[i] != INVALID_HANDLE_VALUE)
			CloseHandle(std[i]);
	free(file);
	free(line.s);
	return err;
}

int host_pipe(int fd[2]) { return _pipe(fd, 65536, _O_BINARY | _O_NOINHERIT); }

static double seconds(FILETIME t)
{
	return (double)(((unsigned long long)t.dwHighDateTime << 32) | t.dwLowDateTime) / 1e7;
}

/* the times of the children waited for (host_cpu_times) */
static double children_times[2];

int host_wait(pid_t pid, int *status, double times[2])
{
	HANDLE h = (HANDLE)(intptr_t)pid;
	DWORD code;
	FILETIME created, ended, kernel, user;
	if (WaitForSingleObject(h, INFINITE) != WAIT_OBJECT_0 || !GetExitCodeProcess(h, &code)) {
		errno = ECHILD;
		return -1;
	}
	if (GetProcessTimes(h, &created, &ended, &kernel, &user)) {
		children_times[0] += seconds(user);
		children_times[1] += seconds(kernel);
		if (times) {
			times[0] = seconds(user);
			times[1] = seconds(kernel);
		}
	} else if (times) {
		times[0] = times[1] = 0;
	}
	CloseHandle(h);
	*status = (int)code;
	return 0;
}

void host_stop(pid_t pid) { TerminateProcess((HANDLE)(intptr_t)pid, 1); }

long host_wait_any(const pid_t *pids, size_t n, struct host_sem *sem)
{
	HANDLE h[MAXIMUM_WAIT_OBJECTS] = { 0 };
	DWORD count = (DWORD)n + (sem != NULL);
	if (n > host_facts.wait_any_max || !count) {
		errno = EINVAL;
		return -1;
	}
	for (size_t i = 0; i < n; i++)
		h[i] = (HANDLE)(intptr_t)pids[i];
	if (sem)
		h[n] = (HANDLE)sem;
	/* WAIT_OBJECT_0 is 0: the first COUNT values name the objects */
	DWORD r = WaitForMultipleObjects(count, h, FALSE, INFINITE);
	if (r < count)
		return (long)r;
	errno = errno_of(GetLastError());
	return -1;
}

/* A struct host_sem is the semaphore's handle. */
struct host_sem *host_sem_open(const char *name)
{
	HANDLE h = OpenSemaphoreA(SEMAPHORE_MODIFY_STATE | SYNCHRONIZE, FALSE, name);
	if (!h)
		errno = errno_of(GetLastError());
	return (struct host_sem *)h;
}

void host_sem_post(struct host_sem *sem) { ReleaseSemaphore((HANDLE)sem, 1, NULL); }

void host_sem_close(struct host_sem *sem)
{
	if (sem)
		CloseHandle((HANDLE)sem);
}

int host_cores(void)
{
	DWORD_PTR mine, system;
	int n = 0;
	if (GetProcessAffinityMask(GetCurrentProcess(), &mine, &system))
		for (; mine; mine &= mine - 1)
			n++;
	if (n < 1) {
		SYSTEM_INFO si;
		GetSystemInfo(&si);
		n = (int)si.dwNumberOfProcessors;
	}
	return n < 1 ? 1 : n;
}

int host_status_exit(int status, int *sig)
{
	*sig = 0;
	return status;
}

const char *host_signal_text(int sig, int *outside)
{
	(void)sig;
	*outside = 0;
	return "Unknown";
}

/* --- Time and locale ------------------------------------------------------ */

double host_monotonic(void)
{
	LARGE_INTEGER t, f;
	QueryPerformanceCounter(&t);
	QueryPerformanceFrequency(&f);
	return (double)t.QuadPart / (double)f.QuadPart;
}

int host_cpu_times(int children, double times[2], long *peak_kib)
{
	if (children) {
		times[0] = children_times[0];
		times[1] = children_times[1];
	} else {
		FILETIME created, ended, kernel, user;
		if (!GetProcessTimes(GetCurrentProcess(), &created, &ended, &kernel, &user))
			return -1;
		times[0] = seconds(user);
		times[1] = seconds(kernel);
	}
	if (peak_kib) {
		PROCESS_MEMORY_COUNTERS pmc;
		*peak_kib = GetProcessMemoryInfo(GetCurrentProcess(), &pmc, sizeof pmc)
				    ? (long)(pmc.PeakWorkingSetSize / 1024) : -1;
	}
	return 0;
}

int host_locale_utf8(void)
{
	setlocale(LC_CTYPE, "");
	return GetConsoleOutputCP() == CP_UTF8;
}

/* --- Interrupts ---------------------------------------------------------- */

static void (*interrupt_fn)(void);
static CRITICAL_SECTION interrupt_lock;
static volatile LONG interrupt_ready;

static BOOL WINAPI on_console_event(DWORD event)
{
	(void)event;
	EnterCriticalSection(&interrupt_lock); /* never left: this process ends */
	interrupt_fn();
	TerminateProcess(GetCurrentProcess(), (UINT)STATUS_CONTROL_C_EXIT);
	return TRUE;
}

void host_on_interrupt(void (*fn)(void))
{
	interrupt_fn = fn;
	InitializeCriticalSection(&interrupt_lock);
	interrupt_ready = 1;
	SetConsoleCtrlHandler(on_console_event, TRUE);
}

void host_hold_interrupts(int hold)
{
	if (!interrupt_ready)
		return;
	if (hold)
		EnterCriticalSection(&interrupt_lock);
	else
		LeaveCriticalSection(&interrupt_lock);
}

/* A thread waits for the parent's end, then cleans up as on Ctrl-C. */
static DWORD WINAPI watch_parent(LPVOID parent)
{
	WaitForSingleObject((HANDLE)parent, INFINITE);
	if (interrupt_ready)
		on_console_event(CTRL_CLOSE_EVENT);
	TerminateProcess(GetCurrentProcess(), (UINT)STATUS_CONTROL_C_EXIT);
	return 0;
}

void host_die_with_parent(void)
{
	DWORD self = GetCurrentProcessId(), parent_id = 0;
	HANDLE snap = CreateToolhelp32Snapshot(TH32CS_SNAPPROCESS, 0);
	if (snap == INVALID_HANDLE_VALUE)
		return;
	PROCESSENTRY32 pe;
	pe.dwSize = sizeof pe;
	for (BOOL ok = Process32First(snap, &pe); ok; ok = Process32Next(snap, &pe))
		if (pe.th32ProcessID == self) {
			parent_id = pe.th32ParentProcessID;
			break;
		}
	CloseHandle(snap);
	HANDLE parent = parent_id ? OpenProcess(SYNCHRONIZE, FALSE, parent_id) : NULL;
	if (!parent)
		return; /* gone already, or not ours to watch */
	HANDLE t = CreateThread(NULL, 0, watch_parent, parent, 0, NULL);
	if (t)
		CloseHandle(t);
}

/* --- Files ---------------------------------------------------------------- */

static int is_dir(const char *path)
{
	DWORD a = GetFileAttributesA(path);
	return a != INVALID_FILE_ATTRIBUTES && (a & FILE_ATTRIBUTE_DIRECTORY);
}

const char *host_temp_dir(void)
{
	static char dir[MAX_PATH + 1];
	static const char *const vars[] = { "TMPDIR", "TMP", "TEMP" };
	for (size_t i = 0; i < sizeof vars / sizeof *vars; i++) {
		const char *v = getenv(vars[i]);
		if (v && *v && is_dir(v))
			return v;
	}
	DWORD n = GetTempPathA(sizeof dir, dir);
	if (n == 0 || n >= sizeof dir)
		return ".";
	while (n > 1 && host_is_dir_sep(dir[n - 1]) && dir[n - 2] != ':')
		dir[--n] = 0;
	return dir;
}

/* The XXXXXX before the last SUFFIXLEN characters of TEMPLATE, made
 * different each time. */
static int fill_template(char *template, int suffixlen)
{
	static unsigned long long state;
	static const char letters[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
	size_t len = strlen(template);
	if (suffixlen < 0 || len < (size_t)suffixlen + 6 ||
	    strncmp(template + len - suffixlen - 6, "XXXXXX", 6) != 0) {
		errno = EINVAL;
		return -1;
	}
	if (!state) {
		LARGE_INTEGER t;
		QueryPerformanceCounter(&t);
		state = (unsigned long long)t.QuadPart ^ ((unsigned long long)GetCurrentProcessId() << 32);
	}
	char *x = template + len - suffixlen - 6;
	for (int i = 0; i < 6; i++) {
		state = state * 6364136223846793005ULL + 1442695040888963407ULL;
		x[i] = letters[(state >> 33) % (sizeof letters - 1)];
	}
	return 0;
}

int host_mkstemps(char *template, int suffixlen)
{
	for (int tries = 0; tries < 1000; tries++) {
		if (fill_template(template, suffixlen) < 0)
			return -1;
		int fd = _open(template, _O_RDWR | _O_CREAT | _O_EXCL | _O_BINARY | _O_NOINHERIT,
			       _S_IREAD | _S_IWRITE);
		if (fd >= 0 || errno != EEXIST)
			return fd;
	}
	errno = EEXIST;
	return -1;
}

char *host_mkdtemp(char *template)
{
	for (int tries = 0; tries < 1000; tries++) {
		if (fill_template(template, 0) < 0)
			return NULL;
		if (_mkdir(template) == 0)
			return template;
		if (errno != EEXIST)
			return NULL;
	}
	errno = EEXIST;
	return NULL;
}

void host_remove_dir(const char *dir)
{
	char pattern[MAX_PATH + 3], file[2 * MAX_PATH + 2];
	size_t n = strlen(dir);
	if (n + 3 <= sizeof pattern) {
		WIN32_FIND_DATAA fd;
		memcpy(pattern, dir, n);
		memcpy(pattern + n, "\\*", 3);
		HANDLE h = FindFirstFileA(pattern, &fd);
		if (h != INVALID_HANDLE_VALUE) {
			do {
				if (fd.dwFileAttributes & FILE_ATTRIBUTE_DIRECTORY)
					continue; /* ".", ".." and what is not ours */
				if (n + 1 + strlen(fd.cFileName) + 1 > sizeof file)
					continue;
				memcpy(file, dir, n);
				file[n] = '\\';
				strcpy(file + n + 1, fd.cFileName);
				DeleteFileA(file);
			} while (FindNextFileA(h, &fd));
			FindClose(h);
		}
	}
	RemoveDirectoryA(dir);
}

int host_open(const char *path, int flags, int mode)
{
	return _open(path, (flags & ~(HOST_O_NOFOLLOW | HOST_O_NONBLOCK)) | _O_BINARY | _O_NOINHERIT, mode);
}

ssize_t host_pread(int fd, void *buf, size_t n, off_t offset)
{
	/* the descriptor's offset moves (no thread shares it here) */
	if (_lseeki64(fd, offset, SEEK_SET) < 0)
		return -1;
	size_t got = 0;
	while (got < n) {
		int r = _read(fd, (char *)buf + got, n - got > 1u << 30 ? 1u << 30 : (unsigned)(n - got));
		if (r < 0)
			return -1;
		if (r == 0)
			break;
		got += (size_t)r;
	}
	return (ssize_t)got;
}

int host_alias_file(const char *existing, const char *path)
{
	if (CopyFileA(existing, path, TRUE))
		return 0;
	DWORD err = GetLastError();
	errno = err == ERROR_FILE_EXISTS || err == ERROR_ALREADY_EXISTS ? EEXIST : errno_of(err);
	return -1;
}

int host_owned_by_us(const struct stat *st)
{
	(void)st;
	return 1;
}

unsigned long long host_mtime_ns(const struct stat *st) { return (unsigned long long)st->st_mtime * 1000000000u; }
unsigned long long host_ctime_ns(const struct stat *st) { return (unsigned long long)st->st_ctime * 1000000000u; }

unsigned long long host_realtime_ns(void)
{
	FILETIME ft;
	GetSystemTimeAsFileTime(&ft);
	unsigned long long t = ((unsigned long long)ft.dwHighDateTime << 32) | ft.dwLowDateTime;
	/* 100 ns units since 1601 */
	return (t - 116444736000000000ULL) * 100u;
}

int host_mkdir(const char *path, mode_t mode)
{
	(void)mode;
	return _mkdir(path);
}

char *host_real_path(const char *path)
{
	struct stat st;
	if (stat(path, &st) < 0)
		return NULL;
	return _fullpath(NULL, path, 0);
}

int host_may_execute(const char *path)
{
	(void)path;
	return 1;
}

int host_lstat(const char *path, struct stat *st) { return stat(path, st); }

int host_file_id(const char *path, unsigned long long id[2])
{
	/* no access asked: only the attributes are read; a directory needs
	 * FILE_FLAG_BACKUP_SEMANTICS */
	HANDLE h = CreateFileA(path, 0, FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, NULL, OPEN_EXISTING,
			       FILE_FLAG_BACKUP_SEMANTICS, NULL);
	BY_HANDLE_FILE_INFORMATION info;
	if (h == INVALID_HANDLE_VALUE) {
		errno = errno_of(GetLastError());
		return -1;
	}
	BOOL ok = GetFileInformationByHandle(h, &info);
	if (!ok)
		errno = errno_of(GetLastError());
	CloseHandle(h);
	if (!ok)
		return -1;
	id[0] = info.dwVolumeSerialNumber;
	id[1] = (unsigned long long)info.nFileIndexHigh << 32 | info.nFileIndexLow;
	return 0;
}

int host_stat_unchanged(const struct stat *now, const struct stat *was)
{
	return now->st_dev == was->st_dev && now->st_ino == was->st_ino && now->st_size == was->st_size &&
	       now->st_mtime == was->st_mtime;
}

int host_fchmod(int fd, mode_t mode)
{
	(void)fd, (void)mode;
	return 0;
}

char *host_self_path(void)
{
	DWORD cap = 32768;
	char *buf = malloc(cap);
	if (!buf)
		return NULL;
	DWORD n = GetModuleFileNameA(NULL, buf, cap);
	if (n == 0 || n >= cap) {
		free(buf);
		return NULL;
	}
	return buf;
}

void *host_map(int fd, size_t size, int writable)
{
	HANDLE file = (HANDLE)_get_osfhandle(fd);
	HANDLE m = CreateFileMappingA(file, NULL, writable ? PAGE_WRITECOPY : PAGE_READONLY, 0, 0, NULL);
	if (!m) {
		errno = errno_of(GetLastError());
		return NULL;
	}
	void *p = MapViewOfFile(m, writable ? FILE_MAP_COPY : FILE_MAP_READ, 0, 0, size);
	if (!p)
		errno = errno_of(GetLastError());
	CloseHandle(m); /* the view keeps the mapping */
	return p;
}

void host_unmap(void *p, size_t size)
{
	(void)size;
	UnmapViewOfFile(p);
}

long long host_free_bytes(const char *dir)
{
	ULARGE_INTEGER avail;
	if (!GetDiskFreeSpaceExA(dir, &avail, NULL, NULL))
		return -1;
	return (long long)avail.QuadPart;
}

unsigned long long host_atime_ns(const struct stat *st) { return (unsigned long long)st->st_atime * 1000000000u; }

int host_touch(int fd)
{
	HANDLE h = ReOpenFile((HANDLE)_get_osfhandle(fd), FILE_WRITE_ATTRIBUTES,
			      FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, 0);
	if (h == INVALID_HANDLE_VALUE) {
		errno = errno_of(GetLastError());
		return -1;
	}
	FILETIME now;
	GetSystemTimeAsFileTime(&now);
	BOOL ok = SetFileTime(h, NULL, &now, &now);
	if (!ok)
		errno = errno_of(GetLastError());
	CloseHandle(h);
	return ok ? 0 : -1;
}

/* st_mode's group and other bits copy the owner's here: no such thing */
int host_others_may_write(const struct stat *st)
{
	(void)st;
	return 0;
}

int host_all_may_read(const struct stat *st)
{
	(void)st;
	return 0;
}

int host_foreign_link(const struct stat *st)
{
	(void)st;
	return 0;
}

void host_hold_file_size_signal(int hold) { (void)hold; }

/* A directory by its path: Windows has no openat.  A name in it is
 * refused when it is a reparse point (a symbolic link or junction). */
struct host_dir {
	char *path;
};

static char *dir_file(const struct host_dir *d, const char *name)
{
	size_t n = strlen(d->path), m = strlen(name);
	char *p = malloc(n + 1 + m + 1);
	if (!p) {
		errno = ENOMEM;
		return NULL;
	}
	memcpy(p, d->path, n);
	p[n] = '\\';
	memcpy(p + n + 1, name, m + 1);
	return p;
}

static int is_reparse_point(const char *path)
{
	DWORD a = GetFileAttributesA(path);
	return a != INVALID_FILE_ATTRIBUTES && (a & FILE_ATTRIBUTE_REPARSE_POINT);
}

struct host_dir *host_dir_open(const char *path, struct stat *st)
{
	if (stat(path, st) < 0)
		return NULL;
	if (!S_ISDIR(st->st_mode)) {
		errno = ENOTDIR;
		return NULL;
	}
	struct host_dir *d = malloc(sizeof *d);
	char *p = _fullpath(NULL, path, 0);
	if (!d || !p) {
		free(d);
		free(p);
		errno = ENOMEM;
		return NULL;
	}
	size_t n = strlen(p);
	while (n > 3 && host_is_dir_sep(p[n - 1]))
		p[--n] = 0;
	d->path = p;
	return d;
}

void host_dir_close(struct host_dir *d)
{
	if (d) {
		free(d->path);
		free(d);
	}
}

int host_dir_writable(struct host_dir *d) { return _access(d->path, 2); }

int host_dir_open_file(struct host_dir *d, const char *name, int flags, int mode)
{
	char *p = dir_file(d, name);
	if (!p)
		return -1;
	int fd = -1;
	if (is_reparse_point(p))
		errno = ELOOP;
	else
		fd = host_open(p, flags, mode);
	int e = errno;
	free(p);
	errno = e;
	return fd;
}

int host_dir_stat(struct host_dir *d, const char *name, struct stat *st)
{
	char *p = dir_file(d, name);
	if (!p)
		return -1;
	int r = -1;
	if (is_reparse_point(p))
		errno = ELOOP;
	else
		r = stat(p, st);
	int e = errno;
	free(p);
	errno = e;
	return r;
}

int host_dir_unlink(struct host_dir *d, const char *name)
{
	char *p = dir_file(d, name);
	if (!p)
		return -1;
	int r = DeleteFileA(p) ? 0 : -1;
	if (r < 0)
		errno = errno_of(GetLastError());
	free(p);
	return r;
}

int host_dir_rename(struct host_dir *d, const char *from, const char *to)
{
	char *f = dir_file(d, from), *t = f ? dir_file(d, to) : NULL;
	int r = -1;
	if (t) {
		r = MoveFileExA(f, t, MOVEFILE_REPLACE_EXISTING) ? 0 : -1;
		if (r < 0)
			errno = errno_of(GetLastError());
	}
	free(f);
	free(t);
	return r;
}

int host_dir_each(struct host_dir *d, void (*fn)(const char *name, void *arg), void *arg)
{
	char *pattern = dir_file(d, "*");
	if (!pattern)
		return -1;
	WIN32_FIND_DATAA fd;
	HANDLE h = FindFirstFileA(pattern, &fd);
	free(pattern);
	if (h == INVALID_HANDLE_VALUE) {
		errno = errno_of(GetLastError());
		return -1;
	}
	do
		fn(fd.cFileName, arg);
	while (FindNextFileA(h, &fd));
	FindClose(h);
	return 0;
}
