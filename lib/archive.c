/* Unix ar archives, as GNU ar, BSD ar and llvm-ar write them.
 *
 * An archive is the magic "!<arch>\n" and its members, each a 60-byte
 * header (name[16], date[12], uid[6], gid[6], mode[8], size[10] in ASCII,
 * then "`\n") followed by its data, padded with '\n' to an even offset.
 * Names: GNU ends a short name with '/' and stores a longer one as "/NNN",
 * the decimal offset of the name in the member "//", where each name ends
 * in "/\n"; BSD pads a short name with spaces and stores a longer one as
 * "#1/NNN", the NNN bytes of the name being the first bytes of the data.
 * The symbol index is the member "/" (GNU: a big-endian 32-bit count,
 * that many 32-bit header offsets, as many NUL-terminated names), "/SYM64/"
 * (the same with 64-bit numbers) or "__.SYMDEF" (BSD: the size in bytes of
 * an array of (name offset, header offset) pairs, the array, the size of
 * the names, the names; 32-bit words in the writer's byte order).
 * A thin archive ("!<thin>\n") holds the headers, the index and the name
 * table but not the members' data: each member's name is the path of its
 * file, relative to the archive's directory.
 *
 * A member's offset is where its object starts: after the header, and for
 * a BSD long name after the name too.  Every size is checked against the
 * file's size before anything is read.
 */
#include "config.h"

#include "obj-internal.h"
#include "diag.h"
#include "host.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

enum { HDR = 60, MAGIC = 8 };

struct ar_file {
	void *map;                 /* ar_open's own mapping, else NULL */
	size_t map_size;
	struct ar_member *members;
	size_t nmembers, cap;
	struct ar_index_entry *index;
	size_t nindex;
};

/* Set *reason and give -1, the error return of every function here. */
#define FAIL(...) (*reason = xasprintf(__VA_ARGS__), -1)

static uint64_t be(const unsigned char *p, int n)
{
	uint64_t v = 0;
	for (int i = 0; i < n; i++)
		v = v << 8 | p[i];
	return v;
}

static uint64_t le(const unsigned char *p, int n)
{
	uint64_t v = 0;
	for (int i = n; i-- > 0;)
		v = v << 8 | p[i];
	return v;
}

/* A header field for a message: control characters shown as '?'. */
static const char *shown(const unsigned char *p, size_t n, char buf[static 17])
{
	for (size_t i = 0; i < n && i < 16; i++)
		buf[i] = p[i] < 0x20 || p[i] == 0x7f ? '?' : (char)p[i];
	buf[n < 16 ? n : 16] = 0;
	return buf;
}

static int printable(const char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s < 0x20 || *s == 0x7f)
			return 0;
	return 1;
}

/* A decimal field of LEN bytes: digits, then spaces only. */
static int decimal(const unsigned char *p, size_t len, uint64_t *v)
{
	size_t i = 0;
	for (*v = 0; i < len && p[i] >= '0' && p[i] <= '9'; i++)
		*v = *v * 10 + (uint64_t)(p[i] - '0');
	if (i == 0)
		return -1;
	for (; i < len; i++)
		if (p[i] != ' ')
			return -1;
	return 0;
}

/* Check the header at POS and read its size. */
static int header(const unsigned char *h, uint64_t pos, uint64_t *size, char **reason)
{
	char buf[17];
	if (h[58] != '`' || h[59] != '\n')
		return FAIL("member header at offset 0x%" PRIx64 " does not end in \"`\\n\"", pos);
	if (decimal(h + 48, 10, size) < 0)
		return FAIL("member header at offset 0x%" PRIx64 " has a bad size \"%s\"",
			    pos, shown(h + 48, 10, buf));
	return 0;
}

static int field_is(const unsigned char *h, const char *name)
{
	size_t n = strlen(name);
	if (memcmp(h, name, n) != 0)
		return 0;
	for (; n < 16; n++)
		if (h[n] != ' ')
			return 0;
	return 1;
}

/* The GNU symbol index: W-byte big-endian words. */
static int gnu_index(struct ar_file *a, const unsigned char *d, uint64_t n, unsigned w,
		     size_t size, char **reason)
{
	if (n < (uint64_t)w)
		return FAIL("symbol index too small (%" PRIu64 " bytes)", n);
	uint64_t count = be(d, w);
	if (count > (n - w) / w)
		return FAIL("symbol index claims %" PRIu64 " entries, more than its %" PRIu64
			    " bytes hold", count, n);
	const unsigned char *names = d + w + count * w, *end = d + n;
	a->index = xcalloc(count, sizeof *a->index);
	for (uint64_t i = 0; i < count; i++) {
		const unsigned char *nul = memchr(names, 0, (size_t)(end - names));
		uint64_t off = be(d + w + i * w, w);
		if (!nul)
			return FAIL("symbol index names run past the end of the index");
		if (off > size - HDR)
			return FAIL("symbol index entry %" PRIu64 " (offset 0x%" PRIx64
				    ") points past the end of the archive", i, off);
		a->index[i].symbol = (const char *)names;
		a->index[i].member_offset = off;
		a->nindex++;
		names = nul + 1;
	}
	return 0;
}

/* BSD __.SYMDEF, in byte order BIG (1) or little-endian (0); 1 if it does
 * not fit that way. */
static int bsd_index(struct ar_file *a, const unsigned char *d, uint64_t n, int big,
		     size_t size, char **reason)
{
	uint64_t (*rd)(const unsigned char *, int) = big ? be : le;
	if (n < 8)
		return 1;
	uint64_t rsize = rd(d, 4);
	if (rsize % 8 || rsize > n - 8)
		return 1;
	uint64_t ssize = rd(d + 4 + rsize, 4);
	if (ssize > n - 8 - rsize)
		return 1;
	const unsigned char *names = d + 8 + rsize;
	uint64_t count = rsize / 8;
	a->index = xcalloc(count, sizeof *a->index);
	for (uint64_t i = 0; i < count; i++) {
		uint64_t strx = rd(d + 4 + 8 * i, 4), off = rd(d + 8 + 8 * i, 4);
		if (strx >= ssize || !memchr(names + strx, 0, (size_t)(ssize - strx)))
			return FAIL("symbol index entry %" PRIu64 " has a bad name offset", i);
		if (off > size - HDR)
			return FAIL("symbol index entry %" PRIu64 " (offset 0x%" PRIx64
				    ") points past the end of the archive", i, off);
		a->index[i].symbol = (const char *)names + strx;
		a->index[i].member_offset = off;
		a->nindex++;
	}
	return 0;
}

static char *thin_path_of(const char *archive, const char *name)
{
	const char *slash = strrchr(archive, '/');
	if (name[0] == '/' || !slash)
		return xstrdup(name);
	return xasprintf("%.*s/%s", (int)(slash - archive), archive, name);
}

static void add_member(struct ar_file *a, char *name, uint64_t off, uint64_t size,
		       const char *path, int thin)
{
	if (a->nmembers == a->cap) {
		a->cap = a->cap ? 2 * a->cap : 16;
		a->members = xrealloc(a->members, a->cap * sizeof *a->members);
	}
	struct ar_member *m = &a->members[a->nmembers++];
	m->name = name;
	m->offset = off;
	m->size = size;
	m->thin_path = thin ? thin_path_of(path, name) : NULL;
}

/* Read the members of the archive PATH at P/SIZE, and its index when
 * WANT_INDEX. */
static int parse(struct ar_file *a, const char *path, const unsigned char *p, size_t size,
		 int want_index, char **reason)
{
	int thin;
	if (size >= MAGIC && memcmp(p, "!<arch>\n", MAGIC) == 0)
		thin = 0;
	else if (size >= MAGIC && memcmp(p, "!<thin>\n", MAGIC) == 0)
		thin = 1;
	else
		return FAIL("not an archive");

	const unsigned char *names = NULL, *index = NULL;
	uint64_t names_size = 0, index_size = 0;
	int index_kind = 0; /* 4 or 8: GNU word size; 1: BSD */
	uint64_t pos = MAGIC;
	while (pos < size) {
		const unsigned char *h = p + pos;
		uint64_t msize, data = pos + HDR;
		char buf[17];
		if (size - pos < HDR)
			return FAIL("truncated member header at offset 0x%" PRIx64, pos);
		if (header(h, pos, &msize, reason) < 0)
			return -1;
		/* "/", "/SYM64/", "//" and the like ("/<ECSYMBOLS>/") hold no object. */
		int special = h[0] == '/' && !(h[1] >= '0' && h[1] <= '9');
		int external = thin && !special;
		if (!external && msize > size - data)
			return FAIL("member at offset 0x%" PRIx64 " (%" PRIu64
				    " bytes) extends past the end of the archive (%zu bytes)",
				    pos, msize, size);
		uint64_t next = data + (external ? 0 : msize);
		next += next & 1;

		char *name = NULL;
		if (special) {
			if ((field_is(h, "/") || field_is(h, "/SYM64/")) && !index) {
				index = p + data;
				index_size = msize;
				index_kind = h[1] == ' ' ? 4 : 8;
			} else if (field_is(h, "//")) {
				names = p + data;
				names_size = msize;
			}
		} else if (h[0] == '/') {
			uint64_t off;
			if (decimal(h + 1, 15, &off) < 0 || !names || off >= names_size)
				return FAIL("member at offset 0x%" PRIx64 " has a bad long name \"%s\"",
					    pos, shown(h, 16, buf));
			const unsigned char *s = names + off;
			const unsigned char *nl = memchr(s, '\n', (size_t)(names_size - off));
			if (!nl)
				return FAIL("long name of the member at offset 0x%" PRIx64
					    " runs past the end of the name table", pos);
			size_t len = (size_t)(nl - s);
			if (len && s[len - 1] == '/')
				len--;
			if (len == 0)
				return FAIL("member at offset 0x%" PRIx64 " has an empty name", pos);
			name = xstrndup((const char *)s, len);
		} else if (memcmp(h, "#1/", 3) == 0 && !thin) {
			uint64_t len;
			if (decimal(h + 3, 13, &len) < 0 || len > msize)
				return FAIL("member at offset 0x%" PRIx64 " has a bad BSD name \"%s\"",
					    pos, shown(h, 16, buf));
			const unsigned char *nul = memchr(p + data, 0, (size_t)len);
			name = xstrndup((const char *)p + data, nul ? (size_t)(nul - (p + data)) : (size_t)len);
			data += len;
			msize -= len;
		} else {
			const unsigned char *slash = memchr(h, '/', 16);
			size_t len = slash ? (size_t)(slash - h) : 16;
			while (len && h[len - 1] == ' ')
				len--;
			if (len == 0)
				return FAIL("member at offset 0x%" PRIx64 " has an empty name", pos);
			name = xstrndup((const char *)h, len);
		}
		if (name && !printable(name)) {
			free(name);
			return FAIL("member at offset 0x%" PRIx64 " has control characters in its name", pos);
		}
		if (name && strncmp(name, "__.SYMDEF", 9) == 0 && !thin) {
			if (!index && (!strcmp(name, "__.SYMDEF") || !strcmp(name, "__.SYMDEF SORTED"))) {
				index = p + data;
				index_size = msize;
				index_kind = 1;
			}
			free(name);
		} else if (name) {
			add_member(a, name, data, msize, path, thin);
		}
		pos = next;
	}

	if (!want_index || !index)
		return 0;
	if (index_kind != 1)
		return gnu_index(a, index, index_size, index_kind, size, reason);
	int rc = bsd_index(a, index, index_size, 0, size, reason);
	if (rc > 0) {
		free(a->index);
		a->index = NULL;
		a->nindex = 0;
		rc = bsd_index(a, index, index_size, 1, size, reason);
	}
	return rc > 0 ? FAIL("bad BSD symbol index (__.SYMDEF)") : rc;
}

static void free_members(struct ar_file *a)
{
	for (size_t i = 0; i < a->nmembers; i++) {
		free((char *)a->members[i].name);
		free((char *)a->members[i].thin_path);
	}
	free(a->members);
	free(a->index);
}

void ar_close(struct ar_file *a)
{
	if (!a)
		return;
	free_members(a);
	if (a->map)
		host_unmap(a->map, a->map_size);
	free(a);
}

struct ar_file *ar_open(const char *path, char **err)
{
	struct ar_file *a = xcalloc(1, sizeof *a);
	char *reason = NULL;
	if (obj_map_file(path, &a->map, &a->map_size, &reason) < 0
	    || parse(a, path, a->map, a->map_size, 1, &reason) < 0) {
		*err = xasprintf("%s: %s", path, reason);
		free(reason);
		ar_close(a);
		return NULL;
	}
	return a;
}

size_t ar_nmembers(const struct ar_file *a) { return a->nmembers; }
const struct ar_member *ar_member(const struct ar_file *a, size_t i) { return i < a->nmembers ? &a->members[i] : NULL; }
enum obj_kind ar_member_kind(const struct ar_file *a, size_t i)
{
	const struct ar_member *m = ar_member(a, i);
	if (!m)
		return OBJK_OTHER;
	const unsigned char *p = ar_member_data(a, i);
	return p ? obj_kind_of_bytes(p, (size_t)m->size) : obj_classify(m->thin_path, NULL);
}

void *ar_member_data(const struct ar_file *a, size_t i)
{
	const struct ar_member *m = ar_member(a, i);
	return m && !m->thin_path && a->map ? (unsigned char *)a->map + m->offset : NULL;
}

size_t ar_nindex(const struct ar_file *a) { return a->nindex; }
const struct ar_index_entry *ar_index(const struct ar_file *a, size_t i) { return i < a->nindex ? &a->index[i] : NULL; }

int ar_find_member(const char *path, const unsigned char *base, size_t size,
		   uint64_t offset, uint64_t *msize, char **thin_path, char **reason)
{
	*thin_path = NULL;
	int thin = size >= MAGIC && memcmp(base, "!<thin>\n", MAGIC) == 0;
	if (!thin && (size < MAGIC || memcmp(base, "!<arch>\n", MAGIC) != 0))
		return FAIL("not an archive, so it has no member at offset 0x%" PRIx64, offset);
	if (offset < MAGIC + HDR || offset > size)
		return FAIL("no archive member at offset 0x%" PRIx64 " (the archive has %zu bytes)",
			    offset, size);
	/* The usual case: the member's header just before OFFSET. */
	const unsigned char *h = base + offset - HDR;
	int has_header = h[58] == '`' && h[59] == '\n';
	if (has_header && !thin && memcmp(h, "#1/", 3) != 0) {
		if (header(h, offset - HDR, msize, reason) < 0)
			return -1;
		if ((h[0] == '/' && !(h[1] >= '0' && h[1] <= '9')) || memcmp(h, "__.SYMDEF", 9) == 0)
			return FAIL("offset 0x%" PRIx64 " is the archive's symbol index or name table, "
				    "not a member", offset);
		if (*msize > size - offset)
			return FAIL("member at offset 0x%" PRIx64 " (%" PRIu64
				    " bytes) extends past the end of the archive (%zu bytes)",
				    offset - HDR, *msize, size);
		return 0;
	}
	/* Thin archives and BSD long names: look the member up. */
	struct ar_file a = { 0 };
	int rc = parse(&a, path, base, size, 0, reason);
	if (rc == 0) {
		rc = -1;
		for (size_t i = 0; i < a.nmembers && rc < 0; i++)
			if (a.members[i].offset == offset) {
				*msize = a.members[i].size;
				if (a.members[i].thin_path)
					*thin_path = xstrdup(a.members[i].thin_path);
				rc = 0;
			}
		if (rc < 0)
			*reason = xasprintf(has_header ? "offset 0x%" PRIx64 " is not where a member's data starts"
					    : "no archive member header before offset 0x%" PRIx64, offset);
	}
	free_members(&a);
	return rc;
}
