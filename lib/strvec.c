/* Growable argv vectors; see strvec.h. */
#include "config.h"

#include "strvec.h"
#include "diag.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void strvec_push(struct strvec *sv, const char *s)
{
	if (sv->n + 2 > sv->cap) {
		sv->cap = sv->cap ? 2 * sv->cap : 16;
		sv->v = xrealloc(sv->v, sv->cap * sizeof *sv->v);
	}
	sv->v[sv->n++] = (char *)s;
	sv->v[sv->n] = NULL;
}

void strvec_pushf(struct strvec *sv, const char *fmt, ...)
{
	va_list ap;
	char *s;
	va_start(ap, fmt);
	if (vasprintf(&s, fmt, ap) < 0)
		fatal("out of memory");
	va_end(ap);
	strvec_push(sv, s);
}

void strvec_insert(struct strvec *sv, size_t at, const char *s)
{
	strvec_push(sv, s);
	memmove(sv->v + at + 1, sv->v + at, (sv->n - 1 - at) * sizeof *sv->v);
	sv->v[at] = (char *)s;
}

void strvec_remove(struct strvec *sv, size_t at)
{
	memmove(sv->v + at, sv->v + at + 1, (sv->n - at) * sizeof *sv->v); /* with the NULL */
	sv->n--;
}

void strvec_extend(struct strvec *sv, const struct strvec *from)
{
	for (size_t i = 0; i < from->n; i++)
		strvec_push(sv, from->v[i]);
}

void strvec_split(struct strvec *sv, const char *s, int sep)
{
	while (s && *s) {
		const char *end = strchr(s, sep);
		size_t len = end ? (size_t)(end - s) : strlen(s);
		if (len)
			strvec_push(sv, xstrndup(s, len));
		s = end ? end + 1 : NULL;
	}
}

int strvec_contains(const struct strvec *sv, const char *s)
{
	for (size_t i = 0; i < sv->n; i++)
		if (strcmp(sv->v[i], s) == 0)
			return 1;
	return 0;
}

void strvec_free(struct strvec *sv)
{
	free(sv->v);
	sv->v = NULL;
	sv->n = sv->cap = 0;
}

int strvec_read_lines(struct strvec *sv, const char *path)
{
	return strvec_read_records(sv, path, '\n');
}

int strvec_read_records(struct strvec *sv, const char *path, int delim)
{
	FILE *f = fopen(path, "r");
	if (!f)
		return -1;
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	while ((len = getdelim(&line, &cap, delim, f)) > 0) {
		if (line[len - 1] == delim)
			line[--len] = 0;
		strvec_push(sv, xstrdup(line));
	}
	free(line);
	int err = ferror(f);
	fclose(f);
	return err ? -1 : 0;
}

void strvec_print(const struct strvec *sv, FILE *f)
{
	for (size_t i = 0; i < sv->n; i++)
		fprintf(f, "%s%s", i ? " " : "", sv->v[i]);
	fputc('\n', f);
}

char *strvec_join(const struct strvec *sv, int sep)
{
	size_t len = 1;
	for (size_t i = 0; i < sv->n; i++)
		len += strlen(sv->v[i]) + 1;
	char *s = xmalloc(len), *p = s;
	for (size_t i = 0; i < sv->n; i++) {
		if (i)
			*p++ = (char)sep;
		size_t n = strlen(sv->v[i]);
		memcpy(p, sv->v[i], n);
		p += n;
	}
	*p = 0;
	return s;
}
