/* Response files; see respfile.h. */
#include "config.h"

#include "respfile.h"
#include "diag.h"
#include "host.h"
#include "tempfile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Nesting deeper than this is a loop (a file that names itself). */
enum { MAX_DEPTH = 64 };

static int is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

int respfile_parse(const char *text, size_t len, struct strvec *out, size_t *bad_quote)
{
	size_t i = 0;
	char *arg = xmalloc(len + 1);
	while (i < len) {
		while (i < len && is_space(text[i]))
			i++;
		if (i >= len)
			break;
		size_t n = 0;
		char quote = 0;
		for (; i < len; i++) {
			char c = text[i];
			if (c == '\\' && i + 1 < len) {
				arg[n++] = text[++i];
			} else if (quote) {
				if (c == quote)
					quote = 0;
				else
					arg[n++] = c;
			} else if (c == '\'' || c == '"') {
				quote = c;
				if (bad_quote)
					*bad_quote = i;
			} else if (is_space(c)) {
				break;
			} else {
				arg[n++] = c;
			}
		}
		if (quote) {
			free(arg);
			return -1;
		}
		strvec_push(out, xstrndup(arg, n));
	}
	free(arg);
	return 0;
}

static char *read_file(const char *path, size_t *len)
{
	int fd = host_open(path, O_RDONLY, 0);
	struct stat st;
	if (fd < 0)
		return NULL;
	/* a file, or a device read to its end (@/dev/null is no arguments,
	 * as in gcc); a FIFO would be read once, so it stays a literal */
	if (fstat(fd, &st) != 0 || !(S_ISREG(st.st_mode) || S_ISCHR(st.st_mode))) {
		close(fd);
		return NULL;
	}
	size_t cap = (size_t)st.st_size + 1, n = 0;
	char *buf = xmalloc(cap);
	for (;;) {
		if (n + 1 >= cap)
			buf = xrealloc(buf, cap *= 2);
		ssize_t r = read(fd, buf + n, cap - n - 1);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			break;
		n += (size_t)r;
	}
	close(fd);
	buf[n] = 0;
	*len = n;
	return buf;
}

static int expand(char *arg, struct strvec *out, int depth)
{
	size_t len;
	char *text;
	struct stat st;
	if (arg[0] == '@' && stat(arg + 1, &st) == 0 && S_ISDIR(st.st_mode)) {
		diag(DIAG_ERROR, "@-file refers to a directory");
		return -1;
	}
	if (arg[0] != '@' || !(text = read_file(arg + 1, &len))) {
		strvec_push(out, arg);
		return 0;
	}
	if (depth >= MAX_DEPTH) {
		diag(DIAG_ERROR, "%s: response files nested too deeply", arg + 1);
		free(text);
		return -1;
	}
	struct strvec inner = { 0 };
	size_t at = 0;
	if (respfile_parse(text, len, &inner, &at) < 0) {
		unsigned line = 1, col = 1;
		for (size_t i = 0; i < at; i++)
			text[i] == '\n' ? (line++, col = 1) : col++;
		diag_at(arg + 1, line, col, DIAG_ERROR, "unterminated quote in response file");
		free(text);
		return -1;
	}
	free(text);
	int count = 1;
	for (size_t i = 0; i < inner.n; i++) {
		int r = expand(inner.v[i], out, depth + 1);
		if (r < 0) {
			strvec_free(&inner);
			return -1;
		}
		count += r;
	}
	strvec_free(&inner);
	return count;
}

int respfile_expand(int argc, char **argv, struct strvec *out)
{
	int count = 0;
	for (int i = 0; i < argc; i++) {
		int r = expand(argv[i], out, 0);
		if (r < 0)
			return -1;
		count += r;
	}
	return count;
}

char *respfile_write(char *const *args, size_t n)
{
	char *path = temp_make("");
	respfile_write_to(path, args, n);
	return path;
}

void respfile_write_to(const char *path, char *const *args, size_t n)
{
	FILE *f = fopen(path, "w");
	if (!f)
		fatal("cannot write response file %s: %s", path, strerror(errno));
	for (size_t i = 0; i < n; i++) {
		if (!*args[i])
			fputs("''", f); /* an empty argument */
		for (const char *p = args[i]; *p; p++) {
			if (is_space(*p) || *p == '\'' || *p == '"' || *p == '\\')
				fputc('\\', f);
			fputc(*p, f);
		}
		fputc('\n', f);
	}
	if (fclose(f) != 0)
		fatal("cannot write response file %s: %s", path, strerror(errno));
}

/* Well below what Linux takes (a quarter of the stack limit, 2 MiB by
 * default, shared with the environment): short lines stay readable in
 * -v output, long ones never reach the limit. */
enum { RESPFILE_FIT_BYTES = 128 << 10 };

void respfile_fit(struct strvec *cmd, size_t first)
{
	size_t bytes = 0;
	for (size_t i = first; i < cmd->n; i++)
		bytes += strlen(cmd->v[i]) + 1;
	if (bytes <= RESPFILE_FIT_BYTES)
		return;
	char *at = xasprintf("@%s", respfile_write(cmd->v + first, cmd->n - first));
	cmd->n = first;
	cmd->v[first] = NULL;
	strvec_push(cmd, at);
}
