/* getdelim(3), for hosts without it (configure: AC_REPLACE_FUNCS). */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

ssize_t getdelim(char **line, size_t *cap, int delim, FILE *f)
{
	size_t n = 0;
	int c;
	if (!line || !cap || !f) {
		errno = EINVAL;
		return -1;
	}
	while ((c = getc(f)) != EOF) {
		if (n + 2 > *cap || !*line) {
			size_t want = *cap < 64 ? 128 : *cap * 2;
			char *p = realloc(*line, want);
			if (!p)
				return -1;
			*line = p, *cap = want;
		}
		(*line)[n++] = (char)c;
		if (c == delim)
			break;
	}
	if (n == 0)
		return -1;
	(*line)[n] = 0;
	return (ssize_t)n;
}
