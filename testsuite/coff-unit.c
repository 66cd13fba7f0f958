/* coff-unit: drives the COFF reader and writer (lib/obj-coff.c) on its
 * own, without obj.c, for testsuite/coff.bats.
 *
 *   coff-unit read FILE                 kind, sections and symbols
 *   coff-unit extract FILE NAME OUT     the bytes of section NAME, as read
 *   coff-unit write MACHINE OUT [--flags HEX] [--align N] NAME=FILE...
 *                   [--common NAME:SIZE]...
 *   coff-unit roundtrip IN OUT          read IN, write its sections and
 *                                       commons to OUT
 *   coff-unit fuzz FILE [N]             every truncation of FILE, huge
 *                                       words in its first 4 KiB and N
 *                                       random corruptions: no crash
 *   coff-unit selftest                  long-name forms, alignment bits,
 *                                       bigobj switch, writer errors
 *
 * MACHINE is i386, x86_64 or a number.  Sections given to write have
 * flags 0x40100840 (the LTO sections') unless --flags says otherwise.
 * The input is read into a malloc'd buffer of its exact size, so that
 * -fsanitize=address sees any read past its end.  Errors: one line
 * "coff-unit: error: FILE: REASON", exit status 1.
 *
 * Build: cc -std=c11 -I lib -I . testsuite/coff-unit.c lib/obj-coff.c
 *        lib/diag.c lib/tempfile.c lib/strvec.c
 */
#include "config.h"

#include "obj-internal.h"
#include "diag.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static unsigned char *slurp(const char *path, size_t *size)
{
	FILE *fp = fopen(path, "rb");
	unsigned char *p = NULL;
	size_t cap = 0, n;

	if (!fp)
		fatal("%s: %s", path, strerror(errno));
	*size = 0;
	do {
		if (*size == cap)
			p = xrealloc(p, cap = cap ? 2 * cap : 65536);
		n = fread(p + *size, 1, cap - *size, fp);
		*size += n;
	} while (n > 0);
	if (ferror(fp))
		fatal("%s: read error", path);
	fclose(fp);
	/* Exactly SIZE bytes, so that a sanitizer catches overreads. */
	return *size ? xrealloc(p, *size) : p;
}

static void release(struct obj_file *f)
{
	free(f->sections);
	free(f->symbols);
	if (f->free_priv)
		f->free_priv(f);
	free((void *)f->base);
}

static int open_obj(const char *path, struct obj_file *f)
{
	char *reason = NULL;

	memset(f, 0, sizeof *f);
	f->path = (char *)path;
	f->base = slurp(path, &f->size);
	if (coff_read(f, &reason) == 0)
		return 0;
	diag(DIAG_ERROR, "%s: %s", path, reason);
	free(reason);
	release(f);
	return -1;
}

static const char *kind_name(enum obj_kind k)
{
	return k == OBJK_COFF ? "coff" : k == OBJK_COFF_BIGOBJ ? "bigobj"
		: k == OBJK_COFF_IMPORT ? "import" : "other";
}

static int cmd_read(const char *path)
{
	static const char *const bind[] = { "local", "global", "weak" };
	struct obj_file f;
	size_t i;

	if (open_obj(path, &f))
		return 1;
	printf("kind %s machine 0x%x is64 %d sections %zu symbols %zu\n",
	       kind_name(f.kind), f.machine, f.is64, f.nsections, f.nsymbols);
	for (i = 0; i < f.nsections; i++) {
		const struct obj_section *s = &f.sections[i];
		printf("section %s %08" PRIx64 " 0x%08" PRIx64 " %" PRIu32 "%s\n", s->name,
		       s->size, s->flags, s->align, s->data ? "" : " nodata");
	}
	for (i = 0; i < f.nsymbols; i++) {
		const struct obj_symbol *s = &f.symbols[i];
		char sec[32];
		if (s->section >= 0)
			snprintf(sec, sizeof sec, "%d", s->section);
		else
			snprintf(sec, sizeof sec, "%s", s->section == -1 ? "UND"
				 : s->section == -2 ? "ABS" : "COM");
		printf("symbol %s 0x%" PRIx64 " %s %s size %" PRIu64 "\n", s->name, s->value, sec,
		       bind[s->binding], s->size);
	}
	release(&f);
	return 0;
}

static int write_file(const char *path, const void *p, size_t n)
{
	FILE *fp = fopen(path, "wb");
	if (!fp || fwrite(p, 1, n, fp) != n || fclose(fp) != 0) {
		diag(DIAG_ERROR, "%s: cannot write", path);
		return 1;
	}
	return 0;
}

static int cmd_extract(const char *path, const char *name, const char *out)
{
	struct obj_file f;
	size_t i;
	int rc = 1;

	if (open_obj(path, &f))
		return 1;
	for (i = 0; i < f.nsections && strcmp(f.sections[i].name, name); i++)
		;
	if (i == f.nsections)
		diag(DIAG_ERROR, "%s: no section %s", path, name);
	else
		rc = write_file(out, f.sections[i].data ? (const void *)f.sections[i].data : "",
				f.sections[i].data ? f.sections[i].size : 0);
	release(&f);
	return rc;
}

static void add_section(struct obj_writer *w, const char *name, uint64_t flags,
			uint32_t align, const unsigned char *data, size_t size)
{
	struct obj_wsection *s;

	/* Powers of two: geometric growth for the 65280-section test. */
	if ((w->nsections & (w->nsections - 1)) == 0)
		w->sections = xrealloc(w->sections, 2 * (w->nsections + 1) * sizeof *w->sections);
	s = &w->sections[w->nsections++];
	memset(s, 0, sizeof *s);
	s->name = xstrdup(name);
	s->flags = flags;
	s->align = align;
	s->size = s->cap = size;
	s->data = xmalloc(size ? size : 1);
	if (data)
		memcpy(s->data, data, size);
	else
		memset(s->data, 0, size);
}

static void add_common(struct obj_writer *w, const char *name, uint64_t size)
{
	w->commons = xrealloc(w->commons, (w->ncommons + 1) * sizeof *w->commons);
	w->commons[w->ncommons].name = xstrdup(name);
	w->commons[w->ncommons].size = size;
	w->commons[w->ncommons++].align = 1;
}

static void free_writer(struct obj_writer *w)
{
	size_t i;
	for (i = 0; i < w->nsections; i++) {
		free(w->sections[i].name);
		free(w->sections[i].data);
	}
	for (i = 0; i < w->ncommons; i++)
		free(w->commons[i].name);
	free(w->sections);
	free(w->commons);
}

static int finish(struct obj_writer *w, const char *out)
{
	char *reason = NULL;
	int fd = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0666), rc = 0;

	if (fd < 0) {
		diag(DIAG_ERROR, "%s: %s", out, strerror(errno));
		rc = 1;
	} else if (coff_write(w, fd, &reason) != 0) {
		diag(DIAG_ERROR, "%s: %s", out, reason);
		free(reason);
		rc = 1;
	}
	if (fd >= 0 && close(fd) != 0)
		rc = 1;
	free_writer(w);
	return rc;
}

static unsigned parse_machine(const char *s)
{
	if (!strcmp(s, "i386") || !strcmp(s, "i686"))
		return 0x14c;
	if (!strcmp(s, "x86_64") || !strcmp(s, "amd64"))
		return 0x8664;
	return (unsigned)strtoul(s, NULL, 0);
}

static int cmd_write(int argc, char **argv)
{
	struct obj_writer w = { .format = OBJ_COFF };
	uint64_t flags = 0x40100840;
	uint32_t align = 0;
	int i;

	w.machine = parse_machine(argv[0]);
	w.is64 = w.machine == 0x8664;
	for (i = 2; i < argc; i++) {
		char *eq;
		if (!strcmp(argv[i], "--flags") && i + 1 < argc)
			flags = strtoull(argv[++i], NULL, 16);
		else if (!strcmp(argv[i], "--align") && i + 1 < argc)
			align = (uint32_t)strtoul(argv[++i], NULL, 0);
		else if (!strcmp(argv[i], "--common") && i + 1 < argc && (eq = strchr(argv[i + 1], ':'))) {
			*eq = 0;
			add_common(&w, argv[++i], strtoull(eq + 1, NULL, 0));
		} else if ((eq = strchr(argv[i], '='))) {
			size_t size;
			unsigned char *data;
			*eq = 0;
			data = slurp(eq + 1, &size);
			add_section(&w, argv[i], flags, align, data, size);
			free(data);
		} else {
			free_writer(&w);
			fatal("bad argument %s", argv[i]);
		}
	}
	return finish(&w, argv[1]);
}

static int cmd_roundtrip(const char *in, const char *out)
{
	struct obj_writer w = { .format = OBJ_COFF };
	struct obj_file f;
	size_t i;

	if (open_obj(in, &f))
		return 1;
	w.machine = f.machine;
	w.is64 = f.is64;
	/* The flags carry the alignment, so no align of our own. */
	for (i = 0; i < f.nsections; i++)
		add_section(&w, f.sections[i].name, f.sections[i].flags, 0,
			    f.sections[i].data, f.sections[i].size);
	for (i = 0; i < f.nsymbols; i++)
		if (f.symbols[i].section == -3)
			add_common(&w, f.symbols[i].name, f.symbols[i].size);
	release(&f);
	return finish(&w, out);
}

/* Run the reader on P[0, N); it must not crash.  Returns 1 if accepted. */
static int try_read(const unsigned char *p, size_t n)
{
	struct obj_file f = { .path = "fuzz" };
	char *reason = NULL;
	int ok;

	f.base = n ? xmalloc(n) : NULL;
	if (n)
		memcpy((void *)f.base, p, n);
	f.size = n;
	ok = coff_read(&f, &reason) == 0;
	if (!ok && (!reason || !*reason))
		fatal("coff_read failed without a reason");
	free(reason);
	release(&f);
	return ok;
}

static int cmd_fuzz(const char *path, unsigned long rounds)
{
	size_t size, n, ok = 0;
	unsigned char *p = slurp(path, &size), *q = xmalloc(size ? size : 1);
	unsigned long r;

	for (n = 0; n < size; n++)
		ok += try_read(p, n);
	printf("truncations: %zu of %zu accepted\n", ok, size);
	/* Every word of the headers and section table set to huge values. */
	for (ok = 0, n = 0; n + 4 <= size && n < 4096; n++) {
		memcpy(q, p, size);
		memset(q + n, n % 2 ? 0xff : 0x7f, 4);
		ok += try_read(q, size);
	}
	printf("header words: %zu of %zu accepted\n", ok, n);
	srand(12345);
	for (ok = 0, r = 0; size && r < rounds; r++) {
		size_t off = (size_t)rand() % size;
		memcpy(q, p, size);
		/* Bytes, and 32-bit words set to extreme values. */
		if (r % 2 == 0)
			q[off] = (unsigned char)rand();
		else
			memset(q + off, r % 4 == 1 ? 0xff : 0x7f, size - off < 4 ? size - off : 4);
		ok += try_read(q, size);
	}
	printf("corruptions: %zu of %lu accepted\n", ok, rounds);
	free(p);
	free(q);
	return 0;
}

/* ---- selftest ---- */

static int failures;

#define CHECK(cond) do { if (!(cond)) { failures++; \
	fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); } } while (0)

/* Write W to a temporary file and read it back into F (0 on success). */
static int write_read(struct obj_writer *w, struct obj_file *f, char **reason)
{
	char tmpl[] = "/tmp/coff-unitXXXXXX";
	int fd = mkstemp(tmpl), rc;

	if (fd < 0)
		fatal("mkstemp: %s", strerror(errno));
	rc = coff_write(w, fd, reason);
	close(fd);
	memset(f, 0, sizeof *f);
	if (rc == 0) {
		f->base = slurp(tmpl, &f->size);
		rc = coff_read(f, reason);
		if (rc)
			free((void *)f->base);
	}
	unlink(tmpl);
	return rc;
}

static void selftest_names(void)
{
	struct obj_writer w = { .format = OBJ_COFF, .machine = 0x8664, .is64 = 1 };
	struct obj_file f;
	char *reason = NULL, *huge = xmalloc(10000001);

	/* A 10 MB name puts the next long name past offset 9999999: "//" form. */
	memset(huge, 'x', 10000000);
	huge[0] = '.';
	huge[10000000] = 0;
	add_section(&w, ".text", 0x60500020, 0, (const unsigned char *)"\xc3", 1);
	add_section(&w, "exactly8", 0x40000040, 4, NULL, 3);
	add_section(&w, huge, 0x40100840, 0, (const unsigned char *)"ab", 2);
	add_section(&w, ".gnu.lto_.opts", 0x40100840, 0, (const unsigned char *)"cd", 2);
	add_section(&w, ".bss", 0xc0300080, 0, NULL, 0);
	w.sections[4].size = 64;   /* uninitialized: a size, no data */
	add_common(&w, "__gnu_lto_v1", 1);
	add_common(&w, "c", 8);
	CHECK(write_read(&w, &f, &reason) == 0);
	if (!reason) {
		CHECK(f.kind == OBJK_COFF && f.nsections == 5 && f.is64);
		CHECK(!strcmp(f.sections[1].name, "exactly8"));
		CHECK(f.sections[1].align == 4 && f.sections[1].flags == 0x40300040);
		CHECK(f.sections[0].align == 16 && f.sections[0].data[0] == 0xc3);
		CHECK(!strcmp(f.sections[2].name, huge));
		CHECK(!strcmp(f.sections[3].name, ".gnu.lto_.opts"));
		CHECK(!memcmp(f.sections[3].data, "cd", 2));
		CHECK(f.sections[2].data + 2 == f.sections[3].data);   /* no padding */
		CHECK(f.sections[4].size == 64 && !f.sections[4].data);
		CHECK(f.nsymbols == 1 + 5 + 2);
		CHECK(!strcmp(f.symbols[0].name, ".file") && f.symbols[0].section == -2);
		CHECK(!strcmp(f.symbols[3].name, huge) && f.symbols[3].section == 2);
		CHECK(!strcmp(f.symbols[6].name, "__gnu_lto_v1") && f.symbols[6].section == -3);
		CHECK(f.symbols[7].size == 8 && f.symbols[7].binding == OBJB_GLOBAL);
		release(&f);
	}
	free(reason);
	free(huge);
	free_writer(&w);
}

static void selftest_bigobj(void)
{
	struct obj_writer w = { .format = OBJ_COFF, .machine = 0x14c };
	struct obj_file f;
	char *reason = NULL, name[32];
	size_t i, n = 65280;

	for (i = 0; i < n; i++) {
		snprintf(name, sizeof name, ".gnu.lto_f%zu.%zu.1a2b", i, i);
		add_section(&w, name, 0x40100840, 0, (const unsigned char *)name, 4);
	}
	CHECK(write_read(&w, &f, &reason) == 0);
	if (!reason) {
		CHECK(f.kind == OBJK_COFF_BIGOBJ && f.nsections == n && !f.is64);
		CHECK(!strcmp(f.sections[n - 1].name, name));
		CHECK(f.nsymbols == 1 + n);
		CHECK(f.symbols[n].section == (int)n - 1);
		release(&f);
	}
	free(reason);
	reason = NULL;
	/* One fewer: a plain header. */
	free(w.sections[--w.nsections].name);
	free(w.sections[w.nsections].data);
	CHECK(write_read(&w, &f, &reason) == 0);
	if (!reason) {
		CHECK(f.kind == OBJK_COFF && f.nsections == n - 1);
		release(&f);
	}
	free(reason);
	free_writer(&w);
}

static void selftest_errors(void)
{
	struct obj_writer w = { .format = OBJ_COFF, .machine = 0x1c0 };
	struct obj_file f;
	char *reason = NULL;

	add_section(&w, ".text", 0x60000020, 0, NULL, 1);
	CHECK(write_read(&w, &f, &reason) != 0 && strstr(reason, "machine 0x1c0"));
	free(reason);
	reason = NULL;
	w.machine = 0x8664;
	w.sections[0].align = 3;
	CHECK(write_read(&w, &f, &reason) != 0 && strstr(reason, "alignment 3"));
	free(reason);
	free_writer(&w);
	/* Tiny inputs, the short import header and a version 1 anonymous header. */
	CHECK(!try_read((const unsigned char *)"", 0));
	CHECK(!try_read((const unsigned char *)"MZ", 2));
	CHECK(try_read((const unsigned char *)"\0\0\xff\xff\0\0\x64\x86"
		       "\0\0\0\0\0\0\0\0\0\0\0\0f\0d.dll", 28));
	CHECK(!try_read((const unsigned char *)"\0\0\xff\xff\1\0\x64\x86"
			"\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0", 28));
}

static int cmd_selftest(void)
{
	selftest_names();
	selftest_bigobj();
	selftest_errors();
	printf("selftest: %d failures\n", failures);
	return failures != 0;
}

int main(int argc, char **argv)
{
	diag_init(argv[0]);
	if (argc == 3 && !strcmp(argv[1], "read"))
		return cmd_read(argv[2]);
	if (argc == 5 && !strcmp(argv[1], "extract"))
		return cmd_extract(argv[2], argv[3], argv[4]);
	if (argc >= 4 && !strcmp(argv[1], "write"))
		return cmd_write(argc - 2, argv + 2);
	if (argc == 4 && !strcmp(argv[1], "roundtrip"))
		return cmd_roundtrip(argv[2], argv[3]);
	if ((argc == 3 || argc == 4) && !strcmp(argv[1], "fuzz"))
		return cmd_fuzz(argv[2], argc == 4 ? strtoul(argv[3], NULL, 0) : 2000);
	if (argc == 2 && !strcmp(argv[1], "selftest"))
		return cmd_selftest();
	fprintf(stderr, "usage: %s read FILE | extract FILE NAME OUT | write MACHINE OUT "
		"[--flags HEX] [--align N] NAME=FILE... [--common NAME:SIZE]... | "
		"roundtrip IN OUT | fuzz FILE [N] | selftest\n", argv[0]);
	return 2;
}
