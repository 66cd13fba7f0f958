/* MAKEFLAGS and -flto='s argument; see makeflags.h. */
#include "config.h"

#include "makeflags.h"
#include "diag.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

static int starts_with(const char *s, const char *prefix)
{
	return strncmp(s, prefix, strlen(prefix)) == 0;
}

char *makeflags_jobserver(const char *flags, int *make_jobs)
{
	char *auth = NULL;
	for (const char *p = flags, *word = NULL; ; p++) {
		if (*p && !isspace((unsigned char)*p)) {
			if (!word)
				word = p;
			continue;
		}
		if (word) {
			char *w = xstrndup(word, (size_t)(p - word));
			int first = word == flags;
			word = NULL;
			if (strcmp(w, "--") == 0) {
				free(w);
				break;
			}
			if (!first || w[0] == '-') {
				if (starts_with(w, "--jobserver-auth=") || starts_with(w, "--jobserver-fds=")) {
					free(auth);
					auth = xstrdup(strchr(w, '=') + 1);
				} else if (starts_with(w, "-j") && isdigit((unsigned char)w[2])) {
					*make_jobs = atoi(w + 2);
				}
			}
			free(w);
		}
		if (!*p)
			break;
	}
	return auth;
}

int jobs_spec_number(const char *spec, int max)
{
	if (!spec || !*spec || strcmp(spec, "auto") == 0 || strcmp(spec, "jobserver") == 0)
		return 0;
	char *end;
	errno = 0;
	long n = strtol(spec, &end, 10);
	if (!isdigit((unsigned char)*spec) || *end || errno || n < 1)
		fatal("unrecognized argument to %s option: %s", diag_q("-flto="), diag_q(spec));
	return n < max ? (int)n : max;
}

char *makeflags_env_jobserver(int *make_jobs, char **why_not)
{
	const char *flags = getenv("MAKEFLAGS");
	if (!flags) {
		*why_not = xasprintf("%s environment variable is unset", diag_q("MAKEFLAGS"));
		return NULL;
	}
	char *auth = makeflags_jobserver(flags, make_jobs);
	if (!auth)
		*why_not = xasprintf("%s is not present in %s", diag_q("--jobserver-auth="), diag_q("MAKEFLAGS"));
	return auth;
}
