/* File kinds; see fileinfo.h. */
#include "config.h"

#include "fileinfo.h"
#include "diag.h"
#include "host.h"
#include "strvec.h"
#include <errno.h>
#include <string.h>
#include <strings.h>
#include <stdlib.h>
#include <limits.h>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

int file_is_dir(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

int file_is_regular(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

int file_same(const char *a, const char *b)
{
	unsigned long long ia[2], ib[2];
	return host_file_id(a, ia) == 0 && host_file_id(b, ib) == 0 && ia[0] == ib[0] && ia[1] == ib[1];
}

int file_is_exec(const char *path)
{
	return file_is_regular(path) && host_may_execute(path);
}

int file_mkdirs(const char *dir, mode_t last)
{
	char *p = xstrdup(dir);
	for (char *s = p + 1; *s; s++)
		if (host_is_dir_sep(*s)) {
			char sep = *s;
			*s = 0;
			if (host_mkdir(p, 0777) < 0 && errno != EEXIST)
				return free(p), -1;
			*s = sep;
		}
	int r = host_mkdir(p, last) < 0 && errno != EEXIST ? -1 : 0;
	free(p);
	return r;
}

int file_is_readable(const char *path)
{
	return access(path, R_OK) == 0;
}

char *file_in_dirs(const struct strvec *dirs, const char *name, int (*ok)(const char *))
{
	for (size_t i = 0; i < dirs->n; i++) {
		const char *dir = dirs->v[i];
		size_t len = strlen(dir);
		char *path = xasprintf("%s%s%s", dir, len && host_is_dir_sep(dir[len - 1]) ? "" : "/", name);
		if (ok(path))
			return path;
		free(path);
	}
	return NULL;
}

char *self_directory(const char *argv0)
{
	char *buf = host_self_path();
	if (!buf && !(buf = host_real_path(argv0)))
		return xstrdup(".");
	char *slash = (char *)file_base_name(buf);
	if (slash > buf)
		slash[-1] = 0;
	return buf;
}

int file_read_all(const char *path, char **data, size_t *size)
{
	int fd = host_open(path, O_RDONLY, 0);
	struct stat st;
	if (fd < 0)
		return -1;
	if (fstat(fd, &st) < 0) {
		close(fd);
		return -1;
	}
	size_t n = (size_t)st.st_size, got = 0;
	char *buf = xmalloc(n + 1);
	while (got < n) {
		ssize_t r = read(fd, buf + got, n - got);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0) {
			int e = r < 0 ? errno : EIO;
			free(buf);
			close(fd);
			errno = e;
			return -1;
		}
		got += (size_t)r;
	}
	close(fd);
	buf[n] = 0;
	*data = buf;
	*size = n;
	return 0;
}

const char *file_base_name(const char *path)
{
	const char *base = path;
	for (const char *p = path; *p; p++)
		if (host_is_dir_sep(*p) || (p == path + 1 && host_facts.drive_letters && *p == ':'))
			base = p + 1;
	return base;
}

char *file_program_name(const char *argv0)
{
	const char *base = file_base_name(argv0), *suffix = host_facts.exe_suffix;
	size_t n = strlen(base), s = strlen(suffix);
	if (s && n > s && strcasecmp(base + n - s, suffix) == 0)
		n -= s;
	return xstrndup(base, n);
}

const char *file_suffix(const char *path)
{
	const char *b = file_base_name(path);
	const char *dot = strrchr(b, '.');
	return dot && dot != b ? dot : "";
}

char *file_strip_suffix(const char *path)
{
	return xstrndup(path, strlen(path) - strlen(file_suffix(path)));
}
