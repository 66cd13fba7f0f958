/* What the fuzz targets share: the input written to a file of this
 * process (the object layer and the archive reader open paths, as
 * collect2 and lto1 do), and a walk over everything an opened object
 * offers, so that each parser's output is read back whole.
 *
 * Each target is one libFuzzer entry point, LLVMFuzzerTestOneInput,
 * built by fuzz/run with clang -fsanitize=fuzzer,address,undefined
 * against the lib/ sources.  An error string from a parser is the
 * expected answer to a bad input; a crash, a sanitizer report, a leak
 * or an exit (fatal()) is a finding.
 */
#ifndef XGCC_FUZZ_H
#define XGCC_FUZZ_H

#include "diag.h"
#include "lto-sections.h"
#include "obj.h"

#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Write DATA to a file of this process named after TAG; its path. */
static const char *fuzz_file(const uint8_t *data, size_t size, const char *tag)
{
	static char path[4096];
	const char *dir = getenv("TMPDIR");
	snprintf(path, sizeof path, "%s/xgcc-fuzz-%ld-%s", dir && *dir ? dir : "/tmp", (long)getpid(), tag);
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	if (fd < 0 || write(fd, data, size) != (ssize_t)size) {
		perror(path);
		abort();
	}
	close(fd);
	return path;
}

/* Touch every byte a parser handed out, so that ASan sees a bad pointer. */
static volatile unsigned fuzz_sink;
static void fuzz_touch(const void *p, size_t n)
{
	const unsigned char *c = p;
	for (size_t i = 0; i < n; i++)
		fuzz_sink += c[i];
}

/* Everything collect2 and lto1 read from an object: sections (their
 * names and data), symbols, relocations, and the LTO sections decoded. */
static void fuzz_walk_object(struct obj_file *f)
{
	(void)obj_kind(f), (void)obj_format(f), (void)obj_machine(f), (void)obj_is64(f);
	size_t nsec = obj_nsections(f), nsym = obj_nsymbols(f);
	for (size_t i = 0; i < nsec; i++) {
		const struct obj_section *s = obj_section(f, i);
		fuzz_touch(s->name, strlen(s->name));
		if (s->data)
			fuzz_touch(s->data, (size_t)s->size);
		struct obj_reloc *r;
		size_t nr;
		char *err = NULL;
		if (obj_relocs(f, i, &r, &nr, &err) == 0) {
			for (size_t k = 0; k < nr; k++)
				if (r[k].section < -1 || (r[k].section >= 0 && (size_t)r[k].section >= nsec) ||
				    (r[k].section == -1 && (r[k].symbol < 0 || (size_t)r[k].symbol >= nsym)))
					abort(); /* a relocation pointing nowhere */
			free(r);
		}
		free(err);
		char kind[64];
		uint64_t id;
		int has_id;
		if (!lto_section_name(s->name, kind, sizeof kind, &id, &has_id) || !s->data)
			continue;
		char *reason = NULL;
		if (strcmp(kind, ".lto") == 0) {
			struct lto_header h;
			if (lto_header_decode(s->data, (size_t)s->size, &h, &reason) == 0)
				(void)lto_header_compression(&h);
		} else if (strcmp(kind, ".symtab") == 0) {
			struct lto_symbol *ls;
			size_t n;
			if (lto_symtab_decode(s->data, (size_t)s->size, NULL, 0, &ls, &n, &reason) == 0)
				free(ls);
		} else if (strcmp(kind, ".opts") == 0) {
			struct strvec m = { 0 };
			(void)lto_opts_decode(s->data, (size_t)s->size, &m, &reason);
			strvec_free(&m);
		}
		free(reason);
	}
	for (size_t i = 0; i < nsym; i++) {
		const struct obj_symbol *s = obj_symbol(f, i);
		fuzz_touch(s->name, strlen(s->name));
		if (s->section < -3 || (s->section >= 0 && (size_t)s->section >= nsec))
			abort(); /* a symbol in a section that is not there */
	}
	(void)obj_find_section(f, ".text");
}

/* Open the object at PATH and walk it; the error of a bad one is read too. */
static void fuzz_object_path(const char *path)
{
	char *err = NULL;
	(void)obj_classify(path, NULL);
	struct obj_file *f = obj_open(path, &err);
	if (f) {
		fuzz_walk_object(f);
		obj_close(f);
	} else {
		fuzz_touch(err, strlen(err));
		free(err);
	}
}

#endif
