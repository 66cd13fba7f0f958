/* File kinds; see fileinfo.h. */
#include "config.h"

#include "fileinfo.h"
#include "diag.h"
#include "strvec.h"
#include <errno.h>
#include <string.h>
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

int file_is_exec(const char *path)
{
	return file_is_regular(path) && access(path, X_OK) == 0;
}

int file_mkdirs(const char *dir, mode_t last)
{
	char *p = xstrdup(dir);
	for (char *s = p + 1; *s; s++)
		if (*s == '/') {
			*s = 0;
			if (mkdir(p, 0777) < 0 && errno != EEXIST)
				return free(p), -1;
			*s = '/';
		}
	int r = mkdir(p, last) < 0 && errno != EEXIST ? -1 : 0;
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
		char *path = xasprintf("%s%s%s", dir, len && dir[len - 1] == '/' ? "" : "/", name);
		if (ok(path))
			return path;
		free(path);
	}
	return NULL;
}

char *self_directory(const char *argv0)
{
	char buf[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
	if (n > 0) {
		buf[n] = 0;
	} else if (!realpath(argv0, buf)) {
		return xstrdup(".");
	}
	char *slash = strrchr(buf, '/');
	if (slash)
		*slash = 0;
	return xstrdup(buf);
}

int file_read_all(const char *path, char **data, size_t *size)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
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
	const char *slash = strrchr(path, '/');
	return slash ? slash + 1 : path;
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
