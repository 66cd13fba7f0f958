/* Opening objects, whole files or archive members ("lib.a@0x1a2c"),
 * telling the formats apart by their first bytes, and writing new ones.
 *
 * The first bytes: ELF is "\x7f" "ELF", its type (relocatable, shared,
 * executable) the 16-bit e_type at offset 16 in the file's byte order.
 * A COFF object starts with its little-endian 16-bit machine (0x14c i386,
 * 0x8664 AMD64); its Characteristics (offset 18) must not have the image
 * flags EXECUTABLE_IMAGE 0x2, SYSTEM 0x1000 or DLL 0x2000.  An anonymous
 * COFF header starts 0x0000 0xffff, then a version: 0 is a short import
 * library member, 2 or more with the ClassID GUID at offset 12 below a
 * "bigobj" object (56-byte header).  "MZ" starts a PE image (EXE, DLL).
 * "!<arch>\n" and "!<thin>\n" start archives, which archive.c reads.
 *
 * An archive member is named "ARCHIVE@0xOFFSET", OFFSET being where its
 * data starts: the 60-byte header ending in "`\n" just before it gives
 * its size.  A thin archive's member is the file it names.
 *
 * Writing goes through a temporary file beside the output (mkstemp),
 * renamed over it once complete, removed on failure.
 */
#include "config.h"

#include "obj-internal.h"
#include "diag.h"
#include "host.h"
#include "fileinfo.h"
#include "tempfile.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

enum { PEEK = 64 }; /* enough bytes to classify any of the formats */

/* COFF Characteristics that mark an image. */
enum { F_EXECUTABLE = 0x2, F_SYSTEM = 0x1000, F_DLL = 0x2000 };

/* {D1BAA1C7-BAEE-4ba9-AF20-FAF66AA4DCB8} as stored in a bigobj header. */
static const unsigned char bigobj_guid[16] = {
	0xc7, 0xa1, 0xba, 0xd1, 0xee, 0xba, 0xa9, 0x4b,
	0xaf, 0x20, 0xfa, 0xf6, 0x6a, 0xa4, 0xdc, 0xb8,
};

static unsigned le16(const unsigned char *p) { return p[0] | (unsigned)p[1] << 8; }

static int coff_machine(unsigned m) { return m == 0x14c || m == 0x8664; }

enum obj_kind obj_kind_of_bytes(const unsigned char *p, size_t n)
{
	if (n >= 8 && memcmp(p, "!<arch>\n", 8) == 0)
		return OBJK_ARCHIVE;
	if (n >= 8 && memcmp(p, "!<thin>\n", 8) == 0)
		return OBJK_THIN_ARCHIVE;
	if (n >= 4 && memcmp(p, "\x7f" "ELF", 4) == 0) {
		if (n < 18 || (p[5] != 1 && p[5] != 2) || (p[4] != 1 && p[4] != 2))
			return OBJK_OTHER;
		unsigned type = p[5] == 1 ? le16(p + 16) : (unsigned)p[16] << 8 | p[17];
		return type == 1 ? OBJK_ELF_REL : type == 2 ? OBJK_ELF_EXEC
			: type == 3 ? OBJK_ELF_DYN : OBJK_OTHER;
	}
	if (n >= 2 && p[0] == 'M' && p[1] == 'Z')
		return OBJK_PE_IMAGE;
	if (n >= 8 && le16(p) == 0 && le16(p + 2) == 0xffff) {
		unsigned version = le16(p + 4);
		if (version == 0 && n >= 20)
			return OBJK_COFF_IMPORT;
		if (version >= 2 && n >= 56 && coff_machine(le16(p + 6))
		    && memcmp(p + 12, bigobj_guid, 16) == 0)
			return OBJK_COFF_BIGOBJ;
		return OBJK_OTHER;
	}
	if (n >= 20 && coff_machine(le16(p))
	    && !(le16(p + 18) & (F_EXECUTABLE | F_SYSTEM | F_DLL)))
		return OBJK_COFF;
	return OBJK_OTHER;
}

int obj_map_file(const char *path, void **base, size_t *size, char **reason)
{
	struct stat st;
	int fd = host_open(path, O_RDONLY, 0);
	*base = NULL;
	*size = 0;
	if (fd < 0 || fstat(fd, &st) < 0) {
		*reason = xstrdup(strerror(errno));
		if (fd >= 0)
			close(fd);
		return -1;
	}
	if (!S_ISREG(st.st_mode)) {
		close(fd);
		*reason = xstrdup(S_ISDIR(st.st_mode) ? "is a directory" : "not a regular file");
		return -1;
	}
	if (st.st_size > 0) {
		if ((uintmax_t)st.st_size > SIZE_MAX) {
			close(fd);
			*reason = xstrdup("file too large to map");
			return -1;
		}
		void *p = host_map(fd, (size_t)st.st_size, 1);
		if (!p) {
			*reason = xasprintf("cannot map: %s", strerror(errno));
			close(fd);
			return -1;
		}
		*base = p;
		*size = (size_t)st.st_size;
	}
	close(fd);
	return 0;
}

/* "FILE@0xHEX": 1 with *FILE (malloc'd) and *OFF; else 0. */
static int split_member(const char *path, char **file, uint64_t *off)
{
	const char *at = strrchr(path, '@');
	if (!at || at[1] != '0' || (at[2] != 'x' && at[2] != 'X'))
		return 0;
	size_t n = strlen(at + 3);
	if (n == 0 || n > 16 || strspn(at + 3, "0123456789abcdefABCDEF") != n)
		return 0;
	*off = strtoull(at + 3, NULL, 16);
	*file = xstrndup(path, (size_t)(at - path));
	return 1;
}

char *obj_display_name(const char *path)
{
	char *archive, *err = NULL, *name = NULL;
	uint64_t off;
	if (!split_member(path, &archive, &off))
		return xstrdup(path);
	struct ar_file *a = ar_open(archive, &err);
	for (size_t i = 0; a && i < ar_nmembers(a) && !name; i++)
		if (ar_member(a, i)->offset == off)
			name = xasprintf("%s(%s)", archive, ar_member(a, i)->name);
	if (a)
		ar_close(a);
	free(err);
	free(archive);
	return name ? name : xstrdup(path);
}

static int map_whole(struct obj_file *f, const char *path, char **reason)
{
	if (obj_map_file(path, &f->map, &f->map_size, reason) < 0)
		return -1;
	f->base = f->map;
	f->size = f->map_size;
	return 0;
}

/* Archives whose members are opened one after another (collect2 reads
 * every member of libgcc.a) are mapped once: the last few mappings are
 * kept, keyed by path, device, inode, size and modification time, for the
 * life of the process. */
enum { ARCHIVE_CACHE = 8 };
static struct cached_map {
	char *path;
	struct stat st; /* the file's when mapped */
	void *map;
	size_t map_size;
} archive_cache[ARCHIVE_CACHE];
static unsigned archive_cache_next;

static int map_archive(struct obj_file *f, const char *path, char **reason)
{
	struct stat st;
	if (stat(path, &st) == 0)
		for (int i = 0; i < ARCHIVE_CACHE; i++) {
			struct cached_map *c = &archive_cache[i];
			if (c->path && strcmp(c->path, path) == 0 && host_stat_unchanged(&st, &c->st)) {
				f->map = c->map;
				f->map_size = c->map_size;
				f->map_cached = 1;
				return 0;
			}
		}
	if (obj_map_file(path, &f->map, &f->map_size, reason) < 0)
		return -1;
	if (stat(path, &st) == 0 && f->map) {
		struct cached_map *c = &archive_cache[archive_cache_next++ % ARCHIVE_CACHE];
		if (c->path) {
			/* the oldest entry goes; objects still using it keep it mapped */
			free(c->path);
		}
		*c = (struct cached_map){ xstrdup(path), st, f->map, f->map_size };
		f->map_cached = 1;
	}
	return 0;
}

/* Map PATH and find its bytes: the whole file, or the member it names.
 * F gets map, map_size, base and size. */
static int map_object(struct obj_file *f, const char *path, char **reason)
{
	char *archive, *thin = NULL;
	uint64_t off, msize;
	if (!split_member(path, &archive, &off))
		return map_whole(f, path, reason);
	int rc = map_archive(f, archive, reason);
	if (rc == 0)
		rc = ar_find_member(archive, f->map, f->map_size, off, &msize, &thin, reason);
	free(archive);
	if (rc < 0)
		return -1;
	if (!thin) {
		f->base = (const unsigned char *)f->map + off;
		f->size = (size_t)msize;
		return 0;
	}
	if (!f->map_cached)
		host_unmap(f->map, f->map_size);
	f->map = NULL;
	f->map_cached = 0;
	if ((rc = map_whole(f, thin, reason)) < 0) {
		char *r = xasprintf("%s: %s", thin, *reason);
		free(*reason);
		*reason = r;
	}
	free(thin);
	return rc;
}

int obj_kind_is_object(enum obj_kind k)
{
	return k == OBJK_ELF_REL || k == OBJK_COFF || k == OBJK_COFF_BIGOBJ;
}

int obj_kind_is_archive(enum obj_kind k) { return k == OBJK_ARCHIVE || k == OBJK_THIN_ARCHIVE; }

enum obj_kind obj_classify(const char *path, char **err)
{
	struct obj_file f = { 0 };
	char *reason = NULL;
	enum obj_kind k = OBJK_OTHER;
	if (err)
		*err = NULL;
	if (map_object(&f, path, &reason) == 0)
		k = obj_kind_of_bytes(f.base, f.size < PEEK ? f.size : PEEK);
	else if (err)
		*err = xasprintf("%s: %s", path, reason);
	free(reason);
	if (f.map && !f.map_cached)
		host_unmap(f.map, f.map_size);
	return k;
}

static struct obj_file *read_object(struct obj_file *f, char **err);

struct obj_file *obj_open(const char *path, char **err)
{
	struct obj_file *f = xcalloc(1, sizeof *f);
	char *reason = NULL;
	f->path = xstrdup(path);
	if (map_object(f, path, &reason) < 0) {
		*err = xasprintf("%s: %s", path, reason);
		free(reason);
		obj_close(f);
		return NULL;
	}
	return read_object(f, err);
}

struct obj_file *obj_open_or_report(const char *path)
{
	char *err = NULL;
	struct obj_file *f = obj_open(path, &err);
	if (!f) {
		diag(DIAG_ERROR, "%s", err);
		free(err);
	}
	return f;
}

struct obj_file *obj_open_bytes(const char *path, void *base, size_t size, char **err)
{
	struct obj_file *f = xcalloc(1, sizeof *f);
	f->path = xstrdup(path);
	f->base = base;
	f->size = size;
	return read_object(f, err);
}

/* F's sections and symbols from its bytes (F->base, F->size): F, or NULL
 * with *ERR set and F gone. */
static struct obj_file *read_object(struct obj_file *f, char **err)
{
	char *reason = NULL;
	f->kind = obj_kind_of_bytes(f->base, f->size);
	if (f->size >= 4 && memcmp(f->base, "\x7f" "ELF", 4) == 0) {
		f->format = OBJ_ELF;
		if (elf_read(f, &reason) < 0)
			goto fail;
		return f;
	}
	switch (f->kind) {
	case OBJK_COFF:
	case OBJK_COFF_BIGOBJ:
	case OBJK_COFF_IMPORT:
		f->format = OBJ_COFF;
		if (coff_read(f, &reason) < 0)
			goto fail;
		return f;
	case OBJK_PE_IMAGE:
		reason = xstrdup("a PE image (EXE or DLL), not an object");
		break;
	case OBJK_ARCHIVE:
	case OBJK_THIN_ARCHIVE:
		reason = xstrdup("an archive, not an object (its members are FILE@0xOFFSET)");
		break;
	default:
		reason = xstrdup(f->size ? "file format not recognized" : "empty file");
		break;
	}
fail:
	*err = xasprintf("%s: %s", f->path, reason);
	free(reason);
	obj_close(f);
	return NULL;
}

void obj_close(struct obj_file *f)
{
	if (!f)
		return;
	if (f->free_priv)
		f->free_priv(f);
	free(f->sections);
	free(f->symbols);
	free(f->symmap);
	free(f->relfirst);
	free(f->relnext);
	if (f->map && !f->map_cached)
		host_unmap(f->map, f->map_size);
	free(f->path);
	free(f);
}

enum obj_kind obj_kind(const struct obj_file *f) { return f->kind; }
enum obj_format obj_format(const struct obj_file *f) { return f->format; }
unsigned obj_machine(const struct obj_file *f) { return f->machine; }
int obj_is64(const struct obj_file *f) { return f->is64; }
size_t obj_nsections(const struct obj_file *f) { return f->nsections; }
size_t obj_nsymbols(const struct obj_file *f) { return f->nsymbols; }

const struct obj_section *obj_section(const struct obj_file *f, size_t i)
{
	return i < f->nsections ? &f->sections[i] : NULL;
}

const struct obj_symbol *obj_symbol(const struct obj_file *f, size_t i)
{
	return i < f->nsymbols ? &f->symbols[i] : NULL;
}

int obj_relocs(struct obj_file *f, size_t i, struct obj_reloc **out, size_t *n, char **err)
{
	char *reason = NULL;
	*out = NULL;
	*n = 0;
	if (i >= f->nsections)
		reason = xasprintf("no section %zu", i + 1);
	else if (f->format != OBJ_ELF)
		reason = xasprintf("section %s: relocations are read from ELF objects only",
				   f->sections[i].name);
	else if (elf_relocs(f, i, out, n, &reason) == 0)
		return 0;
	free(*out);
	*out = NULL;
	*n = 0;
	*err = xasprintf("%s: %s", f->path, reason);
	free(reason);
	return -1;
}

const struct obj_section *obj_find_section(const struct obj_file *f, const char *name)
{
	for (size_t i = 0; i < f->nsections; i++)
		if (strcmp(f->sections[i].name, name) == 0)
			return &f->sections[i];
	return NULL;
}

/* ---- Writing ---- */

/* Room for element N of an array of N: capacities 8, 16, 32, ... */
static void *grow(void *p, size_t n, size_t size)
{
	if (n >= 8 && (n & (n - 1)))
		return p;
	if (n > SIZE_MAX / 4 / size)
		fatal("out of memory");
	return xrealloc(p, (n < 8 ? 8 : 2 * n) * size);
}

struct obj_writer *obj_create(enum obj_format format, unsigned machine, int is64)
{
	struct obj_writer *w = xcalloc(1, sizeof *w);
	w->format = format;
	w->machine = machine;
	w->is64 = is64;
	return w;
}

size_t obj_begin_section(struct obj_writer *w, const char *name, uint64_t flags, uint32_t align)
{
	if (w->open)
		fatal("obj_begin_section: section %s is still open", w->sections[w->nsections - 1].name);
	w->sections = grow(w->sections, w->nsections, sizeof *w->sections);
	struct obj_wsection *s = &w->sections[w->nsections++];
	memset(s, 0, sizeof *s);
	s->name = xstrdup(name);
	s->flags = flags;
	s->align = align ? align : 1;
	w->open = 1;
	return w->nsections - 1;
}

void obj_set_entsize(struct obj_writer *w, uint64_t entsize)
{
	if (!w->open)
		fatal("obj_set_entsize: no section is open");
	w->sections[w->nsections - 1].entsize = entsize;
}

void obj_set_comdat(struct obj_writer *w)
{
	if (!w->open)
		fatal("obj_set_comdat: no section is open");
	w->sections[w->nsections - 1].comdat = 1;
}

void obj_append(struct obj_writer *w, const void *data, size_t len)
{
	if (!w->open)
		fatal("obj_append: no section is open");
	struct obj_wsection *s = &w->sections[w->nsections - 1];
	if (len > SIZE_MAX / 2 - s->size)
		fatal("out of memory");
	if (s->size + len > s->cap) {
		s->cap = s->size + len > 2 * s->cap ? s->size + len : 2 * s->cap;
		s->data = xrealloc(s->data, s->cap);
	}
	if (len)
		memcpy(s->data + s->size, data, len);
	s->size += len;
}

void obj_end_section(struct obj_writer *w)
{
	if (!w->open)
		fatal("obj_end_section: no section is open");
	w->open = 0;
}

void obj_add_common(struct obj_writer *w, const char *name, uint64_t size, uint32_t align)
{
	w->commons = grow(w->commons, w->ncommons, sizeof *w->commons);
	struct obj_wcommon *c = &w->commons[w->ncommons++];
	c->name = xstrdup(name);
	c->size = size;
	c->align = align ? align : 1;
}

void obj_add_undefined(struct obj_writer *w, const char *name)
{
	if (w->format != OBJ_COFF)
		fatal("obj_add_undefined: COFF only");
	w->undefined = grow(w->undefined, w->nundefined, sizeof *w->undefined);
	w->undefined[w->nundefined++] = xstrdup(name);
}

void obj_omit_file_symbol(struct obj_writer *w)
{
	if (w->format != OBJ_COFF)
		fatal("obj_omit_file_symbol: COFF only");
	w->no_file_symbol = 1;
}

size_t obj_add_symbol(struct obj_writer *w, const char *name, size_t section, uint64_t value,
		      uint64_t size, enum obj_binding binding, unsigned type, unsigned visibility)
{
	if (section >= w->nsections)
		fatal("obj_add_symbol: %s: no section %zu", name, section);
	w->symbols = grow(w->symbols, w->nsymbols, sizeof *w->symbols);
	w->symbols[w->nsymbols] = (struct obj_wsymbol){ xstrdup(name), section, value, size, binding,
							type, visibility };
	return w->nsymbols++;
}

void obj_add_reloc(struct obj_writer *w, size_t section, const struct obj_reloc *r)
{
	if (section >= w->nsections || (r->section >= 0 ? (size_t)r->section >= w->nsections
				       : r->symbol < 0 || (size_t)r->symbol >= w->nsymbols))
		fatal("obj_add_reloc: bad section or target");
	struct obj_wsection *s = &w->sections[section];
	s->relocs = grow(s->relocs, s->nrelocs, sizeof *s->relocs);
	s->relocs[s->nrelocs++] = *r;
}

int obj_as_plugin_output(const char *path, char **err)
{
	char *data = NULL, *reason = NULL;
	size_t size = 0;
	if (file_read_all(path, &data, &size) < 0)
		return *err = xasprintf("%s: %s", path, strerror(errno)), -1;
	struct obj_file *f = obj_open_bytes(path, data, size, err);
	if (!f)
		return free(data), -1;
	int changed = 0, rc = 0;
	if (f->format == OBJ_ELF && elf_unname_file_symbols(f, &changed, &reason) < 0) {
		*err = xasprintf("%s: %s", path, reason);
		rc = -1;
	}
	obj_close(f);
	if (changed) {
		char *tmp;
		int fd = output_open(path, &tmp), bad = fd < 0;
		if (!bad && write_all(fd, data, size) < 0) {
			int e = errno;
			close(fd), unlink(tmp), free(tmp);
			errno = e, bad = 1;
		} else if (!bad) {
			bad = output_commit(fd, tmp, path) < 0;
		}
		if (bad) {
			*err = xasprintf("%s: cannot write: %s", path, strerror(errno));
			rc = -1;
		}
	}
	free(data);
	free(reason);
	return rc;
}

int obj_write(struct obj_writer *w, const char *path, char **err)
{
	char *tmp = NULL, *reason = NULL;
	int fd = -1;
	if (w->open) {
		reason = xasprintf("section %s is still open", w->sections[w->nsections - 1].name);
		goto fail;
	}
	fd = output_open(path, &tmp);
	if (fd < 0) {
		reason = xasprintf("cannot create a file beside it: %s", strerror(errno));
		goto fail;
	}
	if ((w->format == OBJ_ELF ? elf_write(w, fd, &reason) : coff_write(w, fd, &reason)) < 0)
		goto fail;
	if (output_commit(fd, tmp, path) < 0) {
		reason = xasprintf("cannot write: %s", strerror(errno));
		return *err = xasprintf("%s: %s", path, reason), free(reason), -1;
	}
	return 0;
fail:
	if (fd >= 0) {
		close(fd);
		unlink(tmp);
	}
	free(tmp);
	*err = xasprintf("%s: %s", path, reason);
	free(reason);
	return -1;
}

void obj_writer_free(struct obj_writer *w)
{
	if (!w)
		return;
	for (size_t i = 0; i < w->nsections; i++) {
		free(w->sections[i].name);
		free(w->sections[i].data);
		free(w->sections[i].relocs);
	}
	for (size_t i = 0; i < w->ncommons; i++)
		free(w->commons[i].name);
	for (size_t i = 0; i < w->nsymbols; i++)
		free(w->symbols[i].name);
	for (size_t i = 0; i < w->nundefined; i++)
		free(w->undefined[i]);
	free(w->undefined);
	free(w->sections);
	free(w->commons);
	free(w->symbols);
	free(w);
}
