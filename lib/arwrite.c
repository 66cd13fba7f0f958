/* Writing Unix ar archives in GNU ar's format (archive.c reads them).
 *
 * The file is the magic "!<arch>\n", then the symbol index "/", the long
 * name table "//" when a name needs it, then the members, each a 60-byte
 * header (name[16], date[12], uid[6], gid[6], mode[8], size[10], "`\n")
 * and its data padded with '\n' to an even offset.  A name of up to 15
 * bytes is stored as "name/"; a longer one as "/N", N being its offset in
 * "//", where each name ends in "/\n".  The index is a big-endian 32-bit
 * count, that many 32-bit offsets of member headers, then the symbol
 * names, each ending in NUL; an archive past 4 GiB gets "/SYM64/", the
 * same with 64-bit numbers.  ld refuses an archive without an index, so
 * one is written even when it lists no symbol.  Dates, owners and modes
 * are written as zero and 644, as "ar D" does: the same members give
 * the same bytes.
 */
#include "config.h"

#include "obj-internal.h"
#include "diag.h"
#include "tempfile.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { HDR = 60 };

struct ar_out_member {
	char *name;
	const void *data;
	uint64_t size;
	char **syms;
	size_t nsyms;
	uint64_t name_off;  /* in "//", for a long name */
};

struct ar_writer {
	struct ar_out_member *v;
	size_t n;
};

struct ar_writer *ar_writer_new(void)
{
	return xcalloc(1, sizeof(struct ar_writer));
}

void ar_writer_add(struct ar_writer *w, const char *name, const void *data, uint64_t size,
		   const char *const *syms, size_t nsyms)
{
	w->v = xrealloc(w->v, (w->n + 1) * sizeof *w->v);
	struct ar_out_member *m = &w->v[w->n++];
	*m = (struct ar_out_member){ .name = xstrdup(name), .data = data, .size = size };
	m->syms = xcalloc(nsyms + 1, sizeof *m->syms);
	for (size_t i = 0; i < nsyms; i++)
		m->syms[m->nsyms++] = xstrdup(syms[i]);
}

size_t ar_writer_count(const struct ar_writer *w) { return w->n; }

void ar_writer_free(struct ar_writer *w)
{
	if (!w)
		return;
	for (size_t i = 0; i < w->n; i++) {
		for (size_t k = 0; k < w->v[i].nsyms; k++)
			free(w->v[i].syms[k]);
		free(w->v[i].syms);
		free(w->v[i].name);
	}
	free(w->v);
	free(w);
}

static uint64_t padded(uint64_t n) { return n + (n & 1); }

/* A member header; NAME as it stands in the header ("x.o/", "/12", "/"). */
static void header(FILE *f, const char *name, uint64_t size)
{
	fprintf(f, "%-16.16s%-12s%-6s%-6s%-8s%-10" PRIu64 "`\n", name, "0", "0", "0", "644", size);
}

static void put_be(FILE *f, uint64_t v, unsigned width)
{
	for (unsigned i = width; i-- > 0;)
		fputc((int)((v >> (8 * i)) & 0xff), f);
}

/* A member's name field: the name and '/', or "/OFFSET" into "//". */
static int long_name(const char *name)
{
	return strlen(name) > 15 || strchr(name, '/') || strchr(name, ' ');
}

int ar_writer_write(struct ar_writer *w, const char *path, char **err)
{
	/* the long names */
	uint64_t names_size = 0;
	for (size_t i = 0; i < w->n; i++)
		if (long_name(w->v[i].name)) {
			w->v[i].name_off = names_size;
			names_size += strlen(w->v[i].name) + 2;
		}
	/* the index: its size decides where the members start */
	uint64_t nsyms = 0, strs = 0;
	for (size_t i = 0; i < w->n; i++)
		for (size_t k = 0; k < w->v[i].nsyms; k++, nsyms++)
			strs += strlen(w->v[i].syms[k]) + 1;
	uint64_t members = 0;
	for (size_t i = 0; i < w->n; i++)
		members += HDR + padded(w->v[i].size);
	unsigned width = 4;
	uint64_t index_size = 0, first = 0;
	for (;;) {
		index_size = width + width * nsyms + strs;
		first = 8 + HDR + padded(index_size) + (names_size ? HDR + padded(names_size) : 0);
		if (width == 8 || first + members <= 0xffffffffu)
			break;
		width = 8;
	}

	char *tmp;
	int fd = output_open(path, &tmp);
	FILE *f = fd < 0 ? NULL : fdopen(dup(fd), "wb");
	if (!f) {
		*err = xasprintf("cannot write %s: %s", path, strerror(errno));
		if (fd >= 0) {
			close(fd);
			unlink(tmp);
			free(tmp);
		}
		return -1;
	}
	fputs("!<arch>\n", f);
	header(f, width == 4 ? "/" : "/SYM64/", index_size);
	put_be(f, nsyms, width);
	uint64_t off = first;
	for (size_t i = 0; i < w->n; i++) {
		for (size_t k = 0; k < w->v[i].nsyms; k++)
			put_be(f, off, width);
		off += HDR + padded(w->v[i].size);
	}
	for (size_t i = 0; i < w->n; i++)
		for (size_t k = 0; k < w->v[i].nsyms; k++)
			fwrite(w->v[i].syms[k], 1, strlen(w->v[i].syms[k]) + 1, f);
	if (index_size & 1)
		fputc('\n', f);
	if (names_size) {
		header(f, "//", names_size);
		for (size_t i = 0; i < w->n; i++)
			if (long_name(w->v[i].name))
				fprintf(f, "%s/\n", w->v[i].name);
		if (names_size & 1)
			fputc('\n', f);
	}
	for (size_t i = 0; i < w->n; i++) {
		const struct ar_out_member *m = &w->v[i];
		char field[32];
		if (long_name(m->name))
			snprintf(field, sizeof field, "/%" PRIu64, m->name_off);
		else
			snprintf(field, sizeof field, "%s/", m->name);
		header(f, field, m->size);
		fwrite(m->data, 1, m->size, f);
		if (m->size & 1)
			fputc('\n', f);
	}
	if ((ferror(f) | fclose(f)) || output_commit(fd, tmp, path) < 0) {
		*err = xasprintf("cannot write %s: %s", path, strerror(errno));
		return -1;
	}
	return 0;
}
