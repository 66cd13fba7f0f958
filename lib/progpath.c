/* Programs run by their bare name ("as", "ld", "nm"), found in PATH once
 * per process.
 *
 * posix_spawnp walks PATH on every call, trying execve in each directory
 * until one works: on a long PATH that is a dozen failed execs per spawn,
 * and the driver runs "as" once per input, lto1 the driver once per
 * LTRANS job.  Here each name is looked up once: the first directory of
 * PATH holding a regular file we may execute, as execve would accept
 * it, is remembered with the PATH it came from, and later spawns of that
 * name run the file directly with posix_spawn (argv[0] unchanged).
 *
 * Nothing the child sees or the caller reports may change, so the lookup
 * only ever gives a shortcut: when PATH is unset (posix_spawnp then uses
 * a default), when a directory before the match is not absolute (the
 * current directory may change: distrib/ changes it), when nothing is
 * found, and when the direct spawn fails for any reason (a file removed
 * since, a noexec mount), the spawn is posix_spawnp's as before, with its
 * own search, errors and errno.
 */
#include "config.h"

#include "progpath.h"
#include "diag.h"

#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static struct found {
	char *name;     /* as given: no slash */
	char *path;     /* PATH's match, or NULL: posix_spawnp's own search */
	char *pathvar;  /* the PATH it was found in */
} *found;
static size_t nfound;

/* The file of NAME in the directories of PATHVAR, malloc'd; NULL when
 * there is none or a directory before it is relative. */
static char *search(const char *name, const char *pathvar)
{
	for (const char *p = pathvar;; p++) {
		const char *end = strchr(p, ':');
		size_t len = end ? (size_t)(end - p) : strlen(p);
		if (len == 0 || p[0] != '/')
			return NULL; /* "" is the current directory, as is any relative one */
		char *file = xasprintf("%.*s/%s", (int)len, p, name);
		struct stat st;
		if (faccessat(AT_FDCWD, file, X_OK, AT_EACCESS) == 0 && stat(file, &st) == 0 && S_ISREG(st.st_mode))
			return file;
		free(file);
		if (!end)
			return NULL;
		p = end;
	}
}

/* NAME's file in the current PATH, looked up once per PATH value. */
static const char *lookup(const char *name)
{
	const char *pathvar = getenv("PATH");
	if (!pathvar || strchr(name, '/') || !*name)
		return NULL;
	for (size_t i = 0; i < nfound; i++)
		if (strcmp(found[i].name, name) == 0 && strcmp(found[i].pathvar, pathvar) == 0)
			return found[i].path;
	found = xrealloc(found, (nfound + 1) * sizeof *found);
	found[nfound] = (struct found){ xstrdup(name), search(name, pathvar), xstrdup(pathvar) };
	return found[nfound++].path;
}

int progpath_spawnp(pid_t *pid, const char *file, const posix_spawn_file_actions_t *fa,
		    const posix_spawnattr_t *attr, char *const argv[], char *const envp[])
{
	const char *path = lookup(file);
	if (path && posix_spawn(pid, path, fa, attr, argv, envp) == 0)
		return 0;
	return posix_spawnp(pid, file, fa, attr, argv, envp);
}
