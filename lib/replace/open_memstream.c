/* open_memstream(3), for hosts without it (configure: AC_REPLACE_FUNCS).
 *
 * The stream is a temporary file, removed when closed; replace.h sends
 * fclose here (xgcc_fclose), which for such a stream reads what was
 * written into a malloc'd buffer for *BUF and *LEN, as open_memstream's
 * fclose leaves them.  Only fclose updates them (the callers read them
 * after it). */
#include "config.h"

#include "host.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#undef fclose

static struct memstream {
	FILE *f;
	char *path;
	char **buf;
	size_t *len;
} *streams;
static size_t nstreams;

FILE *open_memstream(char **buf, size_t *len)
{
	const char *dir = host_temp_dir();
	char *path = malloc(strlen(dir) + sizeof "/msXXXXXX");
	if (!path)
		return NULL;
	strcpy(path, dir);
	strcat(path, "/msXXXXXX");
	int fd = host_mkstemps(path, 0);
	FILE *f = fd < 0 ? NULL : fdopen(fd, "w+b");
	struct memstream *s = f ? realloc(streams, (nstreams + 1) * sizeof *streams) : NULL;
	if (!s) {
		if (f)
			fclose(f);
		if (fd >= 0)
			remove(path);
		free(path);
		return NULL;
	}
	streams = s;
	streams[nstreams++] = (struct memstream){ f, path, buf, len };
	*buf = NULL;
	*len = 0;
	return f;
}

int xgcc_fclose(FILE *f)
{
	for (size_t i = 0; i < nstreams; i++) {
		if (streams[i].f != f)
			continue;
		long n = (fflush(f) == 0 && fseek(f, 0, SEEK_END) == 0) ? ftell(f) : -1;
		char *b = n >= 0 ? malloc((size_t)n + 1) : NULL;
		if (b) {
			rewind(f);
			size_t got = fread(b, 1, (size_t)n, f);
			b[got] = 0;
			*streams[i].buf = b;
			*streams[i].len = got;
		}
		char *path = streams[i].path;
		streams[i] = streams[--nstreams];
		int r = fclose(f);
		remove(path); /* not while open: Windows refuses */
		free(path);
		return b ? r : EOF;
	}
	return fclose(f);
}
