/* File kinds; see fileinfo.h. */
#include "config.h"

#include "fileinfo.h"
#include "diag.h"
#include <errno.h>
#include <string.h>
#include <stdlib.h>
#include <limits.h>

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

int file_is_nondir(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 && !S_ISDIR(st.st_mode);
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
