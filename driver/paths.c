/* Finding programs and files the way gcc does.
 *
 * Programs (cc1, as, ld) are looked up in the -B prefixes, then in
 * COMPILER_PATH, then in the backend's program directories; a program
 * found nowhere is run by its bare name through PATH, which is also what
 * gcc prints for "as" and "ld".  The assembler and linker a backend was
 * configured with (/usr/bin/x86_64-w64-mingw32-as) come first, as gcc's
 * DEFAULT_ASSEMBLER and DEFAULT_LINKER do; a backend that looks for
 * TRIPLET-as and TRIPLET-ld before as and ld in each directory (Debian's
 * up to GCC 14) has that prefix in its row, and one that looks for them
 * in PATH where as and ld are in none of its directories (Debian's GCC
 * 15 and later: /usr/bin/x86_64-linux-gnu-as) has it as its
 * path_tool_prefix.  Our own helpers (collect2, lto1) live
 * next to the driver in the build tree and in libexec/xgcc when
 * installed.  Files (crt1.o, libgcc.a) are looked up in the library
 * search list of the selected multilib.
 */
#include "config.h"

#include "driver.h"
#include "diag.h"
#include "fileinfo.h"
#include "host.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* NAME in the first of DIRS that has it; where PREFIX is not empty,
 * PREFIX+NAME is tried first in each (Debian's GCC for as and ld). */
static char *in_dirs_prefixed(const struct strvec *dirs, const char *prefix, const char *name,
			      int (*ok)(const char *))
{
	for (size_t i = 0; i < dirs->n; i++) {
		const char *dir = dirs->v[i];
		size_t len = strlen(dir);
		const char *sep = len && host_is_dir_sep(dir[len - 1]) ? "" : "/";
		for (int plain = !*prefix; plain < 2; plain++) {
			char *path = xasprintf("%s%s%s%s", dir, sep, plain ? "" : prefix, name);
			if (ok(path))
				return path;
			free(path);
		}
	}
	return NULL;
}

/* PREFIX+NAME in PATH as Debian's GCC 15 and later look for it
 * (gcc.cc's find_a_program, its gcc-search-prefixed-as-ld patch): the
 * directories of PATH as gcc's for_each_path walks a list, each under
 * TRIPLET/VERSION/, then under the selected multilib's multiarch
 * directory, then itself; an empty entry is "./".  NULL if none has it. */
static char *in_path_prefixed(const struct driver *d, const char *prefix, const char *name)
{
	const char *path = getenv("PATH");
	if (!path)
		return NULL;
	const char *multiarch = d->ml ? d->ml->multiarch : "";
	char *found = NULL;
	for (const char *p = path; !found; p++) {
		size_t len = strcspn(p, (char[]){ host_facts.path_list_sep, 0 });
		char *dir = len ? xasprintf("%.*s%s", (int)len, p, host_is_dir_sep(p[len - 1]) ? "" : "/") : xstrdup("./");
		char *tries[3] = { xasprintf("%s%s/%s/%s%s", dir, backend_triplet(), backend_version(), prefix, name),
				   *multiarch ? xasprintf("%s%s/%s%s", dir, multiarch, prefix, name) : NULL,
				   xasprintf("%s%s%s", dir, prefix, name) };
		for (int i = 0; i < 3; i++) {
			if (!found && tries[i] && file_is_exec(tries[i]))
				found = tries[i];
			else
				free(tries[i]);
		}
		free(dir);
		p += len;
		if (!*p)
			break;
	}
	return found;
}

/* NAME's file: NAME and the host's suffix of executables (NAME.exe on
 * Windows), malloc'd. */
static char *exe_file(const char *name) { return xasprintf("%s%s", name, host_facts.exe_suffix); }

char *find_in_bprefixes(const struct driver *d, const char *name)
{
	char *file = exe_file(name), *p = file_in_dirs(&d->bprefixes, file, file_is_exec);
	free(file);
	return p;
}

void program_dirs(const struct driver *d, struct strvec *out)
{
	/* the default multilib's, which the recorded directories name */
	const struct backend_multilib *dflt = backend_multilib("");
	const char *def = dflt ? dflt->multiarch : "", *sel = d->ml ? d->ml->multiarch : "";
	size_t from = out->n;
	strvec_split(out, backend_programs(), host_facts.path_list_sep);
	if (!*def || !*sel || !strcmp(def, sel))
		return;
	char *tail = xasprintf("/bin/%s/", def);
	size_t t = strlen(tail);
	for (size_t i = from; i < out->n; i++) {
		size_t n = strlen(out->v[i]);
		if (n >= t && !strcmp(out->v[i] + n - t, tail)) {
			char *v = xasprintf("%.*s/bin/%s/", (int)(n - t), out->v[i], sel);
			free(out->v[i]);
			out->v[i] = v;
		}
	}
	free(tail);
}

char *find_program(const struct driver *d, const char *name)
{
	char *p;
	/* a GCC configured --with-as or --with-ld runs that program, before any -B */
	const char *fixed = strcmp(name, "as") == 0 ? backend_as() : strcmp(name, "ld") == 0 ? backend_ld() : "";
	if (*fixed && file_is_exec(fixed))
		return xstrdup(fixed);
	const char *prefix = !strcmp(name, "as") || !strcmp(name, "ld") ? backend_current()->tool_prefix : "";
	char *file = exe_file(name);
	if ((p = in_dirs_prefixed(&d->bprefixes, prefix, file, file_is_exec)) ||
	    (p = in_dirs_prefixed(&d->compiler_path, prefix, file, file_is_exec))) {
		free(file);
		return p;
	}
	struct strvec progs = { 0 };
	program_dirs(d, &progs);
	p = in_dirs_prefixed(&progs, prefix, file, file_is_exec);
	for (size_t i = 0; i < progs.n; i++)
		free(progs.v[i]);
	strvec_free(&progs);
	const char *path_prefix = !strcmp(name, "as") || !strcmp(name, "ld") ? backend_current()->path_tool_prefix : "";
	if (!p && *path_prefix)
		p = in_path_prefixed(d, path_prefix, file);
	free(file);
	return p ? p : xstrdup(name);
}

char *find_helper(const struct driver *d, const char *name)
{
	char *p, *file = exe_file(name);
	if ((p = file_in_dirs(&d->bprefixes, file, file_is_exec))) {
		free(file);
		return p;
	}
	struct strvec dirs = { 0 };
	strvec_push(&dirs, d->self_dir);
	strvec_pushf(&dirs, "%s/../libexec/xgcc", d->self_dir);
	strvec_push(&dirs, PKGLIBEXECDIR);
	p = file_in_dirs(&dirs, file, file_is_exec);
	free(dirs.v[1]);
	strvec_free(&dirs);
	free(file);
	return p;
}

void library_dirs(const struct driver *d, enum dir_list which, int existing, struct strvec *out)
{
	const struct backend_multilib *ml = d->ml;
	const char *plain[] = { ml->libpath, ml->ldirs, ml->searchdirs };
	const char *rooted[] = { ml->libpath_sr, ml->ldirs_sr, ml->searchdirs_sr };
	const char *tmpl = d->sysroot ? rooted[which] : plain[which];
	size_t first = out->n;
	backend_expand(tmpl, ml, &d->bprefixes, &d->library_path, d->sysroot, existing, out);
	/* gcc's is_directory() for the link leaves out /lib and /usr/lib, which
	 * the linker searches anyway (they come from a sysroot of "/"), up
	 * to GCC 14 */
	for (size_t i = first; which == DIRS_LINK && backend_current()->link_drops_lib_dirs && i < out->n;) {
		const char *dir = out->v[i];
		if (strcmp(dir, "/lib") == 0 || strcmp(dir, "/lib/") == 0 || strcmp(dir, "/usr/lib") == 0 ||
		    strcmp(dir, "/usr/lib/") == 0)
			strvec_remove(out, i);
		else
			i++;
	}
}

const char *driver_sysroot(const struct driver *d)
{
	return d->sysroot ? d->sysroot : backend_sysroot();
}

char *find_file(const struct driver *d, const char *name)
{
	struct strvec dirs = { 0 };
	library_dirs(d, DIRS_SEARCH, 1, &dirs);
	char *p = file_in_dirs(&dirs, name, file_is_readable);
	for (size_t i = 0; i < dirs.n; i++)
		free(dirs.v[i]);
	strvec_free(&dirs);
	return p ? p : xstrdup(name);
}
