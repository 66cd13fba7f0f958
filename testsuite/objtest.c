/* objtest: the object layer (lib/obj.h) from the command line, for the
 * test suite (objlayer.bats).
 *
 *   objtest classify FILE...       the kind of each file, one per line
 *   objtest sections FILE          NAME SIZE 0xFLAGS ALIGN per section
 *   objtest symbols FILE           NAME LETTER 0xVALUE SIZE per symbol; LETTER
 *                                  as nm's (U w C A, T D B R N, W; lower case local)
 *   objtest members ARCHIVE        NAME 0xOFFSET SIZE [THIN-PATH] per member
 *   objtest index ARCHIVE          SYMBOL 0xHEADER-OFFSET MEMBER per index entry
 *   objtest write FORMAT MACHINE OUT SECTION... [--common NAME:SIZE:ALIGN]...
 *                                  FORMAT elf, elf32, elf64 or coff; MACHINE a
 *                                  number or x86-64 / i386; SECTION is
 *                                  NAME[:FLAGS[:ALIGN]]=FILE, FILE's bytes
 *   objtest dump FILE SECTION      the section's bytes on stdout
 *
 * FILE may be an archive member, "lib.a@0xOFFSET".  Bad input: one line
 * "objtest: error: FILE: REASON" and exit status 1.
 */
#include "config.h"

#include "obj.h"
#include "diag.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const kind_names[] = {
	[OBJK_OTHER] = "other",
	[OBJK_ELF_REL] = "elf-rel",
	[OBJK_ELF_DYN] = "elf-dyn",
	[OBJK_ELF_EXEC] = "elf-exec",
	[OBJK_COFF] = "coff",
	[OBJK_COFF_BIGOBJ] = "coff-bigobj",
	[OBJK_COFF_IMPORT] = "coff-import",
	[OBJK_PE_IMAGE] = "pe-image",
	[OBJK_ARCHIVE] = "archive",
	[OBJK_THIN_ARCHIVE] = "thin-archive",
};

static _Noreturn void usage(void)
{
	fprintf(stderr, "usage: objtest classify|sections|symbols|members|index|write|dump ...\n");
	exit(2);
}

static int report(char *err)
{
	diag(DIAG_ERROR, "%s", err);
	free(err);
	return 1;
}

static struct obj_file *open_or_die(const char *path)
{
	char *err;
	struct obj_file *f = obj_open(path, &err);
	if (!f)
		exit(report(err));
	return f;
}

static struct ar_file *ar_open_or_die(const char *path)
{
	char *err;
	struct ar_file *a = ar_open(path, &err);
	if (!a)
		exit(report(err));
	return a;
}

/* nm's letter for S, roughly (bfd's decode_section_type). */
static char letter(const struct obj_file *f, const struct obj_symbol *s)
{
	char c;
	if (s->section == -1)
		return s->binding == OBJB_WEAK ? 'w' : 'U';
	if (s->section == -3)
		return 'C';
	if (s->binding == OBJB_WEAK)
		return 'W';
	if (s->section == -2) {
		c = 'a';
	} else {
		const struct obj_section *sec = obj_section(f, (size_t)s->section);
		uint64_t fl = sec->flags;
		if (obj_format(f) == OBJ_ELF)
			c = fl & 0x4 ? 't' : !(fl & 0x2) ? 'n' : sec->type == 8 ? 'b' : fl & 0x1 ? 'd' : 'r';
		else
			c = fl & 0x20 ? 't' : fl & 0x80 ? 'b' : fl & 0x80000000u ? 'd' : 'r';
	}
	return s->binding == OBJB_LOCAL ? c : (char)(c - 'a' + 'A');
}

static int cmd_classify(int argc, char **argv)
{
	int status = 0;
	for (int i = 0; i < argc; i++) {
		char *err;
		enum obj_kind k = obj_classify(argv[i], &err);
		if (err)
			status = report(err);
		else
			puts(kind_names[k]);
	}
	return status;
}

static int cmd_sections(const char *path)
{
	struct obj_file *f = open_or_die(path);
	for (size_t i = 0; i < obj_nsections(f); i++) {
		const struct obj_section *s = obj_section(f, i);
		printf("%s %" PRIu64 " 0x%" PRIx64 " %" PRIu32 "\n", s->name, s->size, s->flags, s->align);
	}
	obj_close(f);
	return 0;
}

static int cmd_symbols(const char *path)
{
	struct obj_file *f = open_or_die(path);
	for (size_t i = 0; i < obj_nsymbols(f); i++) {
		const struct obj_symbol *s = obj_symbol(f, i);
		printf("%s %c 0x%" PRIx64 " %" PRIu64 "\n", s->name, letter(f, s), s->value, s->size);
	}
	obj_close(f);
	return 0;
}

static int cmd_members(const char *path)
{
	struct ar_file *a = ar_open_or_die(path);
	for (size_t i = 0; i < ar_nmembers(a); i++) {
		const struct ar_member *m = ar_member(a, i);
		printf("%s 0x%" PRIx64 " %" PRIu64 "%s%s\n", m->name, m->offset, m->size,
		       m->thin_path ? " " : "", m->thin_path ? m->thin_path : "");
	}
	ar_close(a);
	return 0;
}

static int cmd_index(const char *path)
{
	struct ar_file *a = ar_open_or_die(path);
	for (size_t i = 0; i < ar_nindex(a); i++) {
		const struct ar_index_entry *e = ar_index(a, i);
		/* The member whose header is at that offset: the first after it. */
		const char *name = "?";
		uint64_t best = UINT64_MAX;
		for (size_t j = 0; j < ar_nmembers(a); j++) {
			const struct ar_member *m = ar_member(a, j);
			if (m->offset > e->member_offset && m->offset < best) {
				best = m->offset;
				name = m->name;
			}
		}
		printf("%s 0x%" PRIx64 " %s\n", e->symbol, e->member_offset, name);
	}
	ar_close(a);
	return 0;
}

static unsigned char *slurp(const char *path, size_t *len)
{
	FILE *fp = fopen(path, "rb");
	unsigned char *buf = NULL;
	size_t cap = 0;
	*len = 0;
	if (!fp)
		exit(report(xasprintf("%s: %s", path, strerror(errno))));
	for (;;) {
		if (*len == cap)
			buf = xrealloc(buf, cap = cap ? 2 * cap : 4096);
		size_t n = fread(buf + *len, 1, cap - *len, fp);
		if (n == 0)
			break;
		*len += n;
	}
	if (ferror(fp))
		exit(report(xasprintf("%s: read error", path)));
	fclose(fp);
	return buf;
}

static unsigned long long number(const char *s, const char *what)
{
	char *end;
	errno = 0;
	unsigned long long v = strtoull(s, &end, 0);
	if (!*s || *end || errno)
		exit(report(xasprintf("bad %s '%s'", what, s)));
	return v;
}

static int cmd_write(int argc, char **argv)
{
	if (argc < 3)
		usage();
	const char *format = argv[0], *mach = argv[1], *out = argv[2];
	int coff = strcmp(format, "coff") == 0;
	if (!coff && strcmp(format, "elf") && strcmp(format, "elf32") && strcmp(format, "elf64"))
		exit(report(xasprintf("unknown format '%s'", format)));
	unsigned machine;
	if (!strcmp(mach, "x86-64") || !strcmp(mach, "x86_64"))
		machine = coff ? 0x8664 : 62;
	else if (!strcmp(mach, "i386"))
		machine = coff ? 0x14c : 3;
	else
		machine = (unsigned)number(mach, "machine");
	int is64 = coff ? machine == 0x8664 : !strcmp(format, "elf64") || (strcmp(format, "elf32") && machine == 62);
	struct obj_writer *w = obj_create(coff ? OBJ_COFF : OBJ_ELF, machine, is64);
	for (int i = 3; i < argc; i++) {
		if (!strcmp(argv[i], "--common")) {
			if (++i == argc)
				usage();
			char *spec = xstrdup(argv[i]), *c1 = strchr(spec, ':'), *c2 = c1 ? strchr(c1 + 1, ':') : NULL;
			if (!c2)
				exit(report(xasprintf("bad common '%s' (NAME:SIZE:ALIGN)", argv[i])));
			*c1 = *c2 = 0;
			obj_add_common(w, spec, number(c1 + 1, "size"), (uint32_t)number(c2 + 1, "alignment"));
			free(spec);
			continue;
		}
		char *spec = xstrdup(argv[i]), *eq = strchr(spec, '=');
		if (!eq)
			exit(report(xasprintf("bad section '%s' (NAME[:FLAGS[:ALIGN]]=FILE)", argv[i])));
		*eq = 0;
		char *c1 = strchr(spec, ':'), *c2 = c1 ? strchr(c1 + 1, ':') : NULL;
		uint64_t flags = 0;
		uint32_t align = 1;
		if (c2) {
			*c2 = 0;
			align = (uint32_t)number(c2 + 1, "alignment");
		}
		if (c1) {
			*c1 = 0;
			flags = number(c1 + 1, "flags");
		}
		size_t len;
		unsigned char *data = slurp(eq + 1, &len);
		obj_begin_section(w, spec, flags, align);
		obj_append(w, data, len);
		obj_end_section(w);
		free(data);
		free(spec);
	}
	char *err;
	int rc = obj_write(w, out, &err) < 0 ? report(err) : 0;
	obj_writer_free(w);
	return rc;
}

static int cmd_dump(const char *path, const char *name)
{
	struct obj_file *f = open_or_die(path);
	const struct obj_section *s = obj_find_section(f, name);
	if (!s)
		exit(report(xasprintf("%s: no section %s", path, name)));
	if (s->data && fwrite(s->data, 1, s->size, stdout) != s->size)
		exit(report(xasprintf("stdout: %s", strerror(errno))));
	obj_close(f);
	return 0;
}

int main(int argc, char **argv)
{
	diag_init(argv[0]);
	if (argc < 3)
		usage();
	const char *cmd = argv[1];
	if (!strcmp(cmd, "classify"))
		return cmd_classify(argc - 2, argv + 2);
	if (!strcmp(cmd, "write"))
		return cmd_write(argc - 2, argv + 2);
	if (!strcmp(cmd, "dump") && argc == 4)
		return cmd_dump(argv[2], argv[3]);
	if (argc != 3)
		usage();
	if (!strcmp(cmd, "sections"))
		return cmd_sections(argv[2]);
	if (!strcmp(cmd, "symbols"))
		return cmd_symbols(argv[2]);
	if (!strcmp(cmd, "members"))
		return cmd_members(argv[2]);
	if (!strcmp(cmd, "index"))
		return cmd_index(argv[2]);
	usage();
}
