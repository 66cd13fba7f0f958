/* PE-COFF relocatable objects, read and written by our own code.
 *
 * A COFF object starts with a 20-byte file header: Machine (u16: 0x14c
 * i386, 0x8664 AMD64), NumberOfSections (u16), TimeDateStamp,
 * PointerToSymbolTable, NumberOfSymbols (u32 each), SizeOfOptionalHeader
 * and Characteristics (u16 each).  Image flags (executable, DLL, system)
 * mean a linked PE file, not an object.  The "bigobj" variant
 * (-Wa,-mbig-obj) starts instead with a 56-byte anonymous object header:
 * Sig1 0, Sig2 0xffff, Version >= 2, Machine, TimeDateStamp, a 16-byte
 * ClassID GUID, SizeOfData, Flags, MetaDataSize, MetaDataOffset, then
 * NumberOfSections, PointerToSymbolTable and NumberOfSymbols, all u32.
 * The same header with Version 0 is a short import library member.
 *
 * The section table follows: 40 bytes per section, Name[8], VirtualSize,
 * VirtualAddress, SizeOfRawData, PointerToRawData, PointerToRelocations,
 * PointerToLinenumbers (u32), NumberOfRelocations, NumberOfLinenumbers
 * (u16) and Characteristics (u32), whose bits 20-23 hold log2(alignment)+1.
 * A name longer than 8 bytes is stored as "/NNN", NNN the decimal offset of
 * the name in the string table, or as "//" and six base-64 digits when the
 * offset needs more than seven decimal ones.
 *
 * The symbol table holds 18-byte records (20 in bigobj, whose section
 * numbers are 32 bits wide): Name[8] (a short name, or four zero bytes and
 * a string table offset), Value (u32), SectionNumber (1-based; 0
 * undefined or common, -1 absolute, -2 debug), Type (u16), StorageClass
 * and NumberOfAuxSymbols (u8), followed by that many auxiliary records of
 * the same size.  The string table follows the symbol table and starts
 * with its own size (u32, counting those four bytes).
 *
 * Messages number sections from 1, as COFF does, and symbols by their
 * record index from 0, as objdump -t does.
 */
#include "config.h"

#include "obj-internal.h"
#include "diag.h"

#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum {
	FILE_HDR = 20, BIG_HDR = 56, SECT_HDR = 40, SYM_PLAIN = 18, SYM_BIG = 20,
	MACHINE_I386 = 0x14c, MACHINE_AMD64 = 0x8664,
	F_EXECUTABLE = 0x0002, F_SYSTEM = 0x1000, F_DLL = 0x2000,
	F_LINE_NUMS_STRIPPED = 0x0004, F_32BIT_MACHINE = 0x0100,
	SCN_UNINIT = 0x80, SCN_ALIGN_MASK = 0x00f00000, SCN_ALIGN_SHIFT = 20,
	C_EXTERNAL = 2, C_STATIC = 3, C_FILE = 103, C_WEAK_EXTERNAL = 105,
	MAX_PLAIN_SECTIONS = 65279,
};

static const unsigned char bigobj_guid[16] = {
	0xc7, 0xa1, 0xba, 0xd1, 0xee, 0xba, 0xa9, 0x4b,
	0xaf, 0x20, 0xfa, 0xf6, 0x6a, 0xa4, 0xdc, 0xb8,
};

static const char base64[] =
	"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

static unsigned rd16(const unsigned char *p) { return p[0] | (unsigned)p[1] << 8; }
static uint32_t rd32(const unsigned char *p)
{
	return p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}
static void wr16(unsigned char *p, unsigned v) { p[0] = v & 0xff; p[1] = (v >> 8) & 0xff; }
static void wr32(unsigned char *p, uint32_t v)
{
	wr16(p, v & 0xffff);
	wr16(p + 2, v >> 16);
}

/* Set *REASON to a malloc'd message; return -1. */
__attribute__((format(printf, 2, 3)))
static int bad(char **reason, const char *fmt, ...)
{
	va_list ap;
	char buf[256];
	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	*reason = xstrdup(buf);
	return -1;
}

/* Does [OFF, OFF+LEN) lie within a file of SIZE bytes? */
static int fits(uint64_t off, uint64_t len, size_t size)
{
	return off <= size && len <= size - off;
}

/* ---- Reading ---- */

struct reader {
	const unsigned char *p;
	size_t size;
	int big;
	uint64_t nsections, nsyms;
	uint32_t symptr;
	const unsigned char *sect;    /* the section table */
	const unsigned char *syms;    /* the symbol table */
	size_t symsz;                 /* 18 or 20 */
	const unsigned char *strtab;  /* starts with its size word; NULL if none */
	uint32_t strsize;
	char *pool;                   /* NUL-terminated copies of short names */
	size_t pool_used;
};

/* The file header and the section table. */
static int read_header(struct reader *r, struct obj_file *f, char **reason)
{
	const unsigned char *p = r->p;
	uint32_t shoff;

	if (r->size >= 2 && p[0] == 'M' && p[1] == 'Z')
		return bad(reason, "a PE image (MZ header), not a COFF object");
	if (r->size < FILE_HDR)
		return bad(reason, "file too small for a COFF header (%zu bytes)", r->size);
	if (rd16(p) == 0 && rd16(p + 2) == 0xffff) {
		unsigned version = rd16(p + 4);
		f->machine = rd16(p + 6);
		if (version == 0) {
			/* A short import member: no sections, no symbols of ours. */
			f->kind = OBJK_COFF_IMPORT;
			f->format = OBJ_COFF;
			f->is64 = f->machine == MACHINE_AMD64;
			return 1;
		}
		if (r->size < BIG_HDR)
			return bad(reason, "file too small for a bigobj header (%zu bytes)", r->size);
		if (version < 2 || memcmp(p + 12, bigobj_guid, 16) != 0)
			return bad(reason, "anonymous COFF object version %u is not a bigobj "
				   "(an MSVC /GL object?)", version);
		r->big = 1;
		r->nsections = rd32(p + 44);
		r->symptr = rd32(p + 48);
		r->nsyms = rd32(p + 52);
		shoff = BIG_HDR;
		f->kind = OBJK_COFF_BIGOBJ;
	} else {
		f->machine = rd16(p);
		r->nsections = rd16(p + 2);
		r->symptr = rd32(p + 8);
		r->nsyms = rd32(p + 12);
		shoff = FILE_HDR + rd16(p + 16);
		f->kind = OBJK_COFF;
	}
	if (f->machine != MACHINE_I386 && f->machine != MACHINE_AMD64)
		return bad(reason, "unknown COFF machine 0x%04x", f->machine);
	if (!r->big && (rd16(p + 18) & (F_EXECUTABLE | F_DLL | F_SYSTEM))) {
		unsigned flags = rd16(p + 18);
		return bad(reason, "a PE image (characteristics 0x%04x: %s), not a COFF object",
			   flags, flags & F_DLL ? "DLL" : flags & F_SYSTEM ? "system file"
			   : "executable image");
	}
	f->format = OBJ_COFF;
	f->is64 = f->machine == MACHINE_AMD64;
	r->symsz = r->big ? SYM_BIG : SYM_PLAIN;

	if (!fits(shoff, r->nsections * SECT_HDR, r->size))
		return bad(reason, "section table (%" PRIu64 " sections at offset %" PRIu32
			   ") extends past the end of the file", r->nsections, shoff);
	r->sect = p + shoff;
	return 0;
}

/* The symbol table and the string table after it. */
static int read_tables(struct reader *r, char **reason)
{
	uint32_t symptr = r->symptr;

	if (!fits(symptr, r->nsyms * r->symsz, r->size))
		return bad(reason, "symbol table (%" PRIu64 " symbols at offset %" PRIu32
			   ") extends past the end of the file", r->nsyms, symptr);
	r->syms = r->p + symptr;
	if (symptr != 0 || r->nsyms != 0) {
		uint64_t stroff = symptr + r->nsyms * r->symsz;
		if (!fits(stroff, 4, r->size))
			return bad(reason, "string table size at offset %" PRIu64
				   " extends past the end of the file", stroff);
		r->strtab = r->p + stroff;
		r->strsize = rd32(r->strtab);
		if (r->strsize < 4)
			return bad(reason, "string table size %" PRIu32 " is less than 4", r->strsize);
		if (!fits(stroff, r->strsize, r->size))
			return bad(reason, "string table (%" PRIu32 " bytes at offset %" PRIu64
				   ") extends past the end of the file", r->strsize, stroff);
	}
	return 0;
}

/* The NUL-terminated string at OFF in the string table, or NULL. */
static const char *strtab_at(const struct reader *r, uint64_t off)
{
	if (!r->strtab || off < 4 || off >= r->strsize)
		return NULL;
	if (!memchr(r->strtab + off, 0, r->strsize - off))
		return NULL;
	return (const char *)r->strtab + off;
}

/* A NUL-terminated copy of an 8-byte name field. */
static const char *short_name(struct reader *r, const unsigned char *field)
{
	char *s = r->pool + r->pool_used;
	size_t n = 0;
	while (n < 8 && field[n])
		n++;
	memcpy(s, field, n);
	s[n] = 0;
	r->pool_used += n + 1;
	return s;
}

/* Section name: short, "/NNN" decimal or "//XXXXXX" base 64. */
static int section_name(struct reader *r, const unsigned char *field, uint64_t idx,
			const char **name, char **reason)
{
	uint64_t off = 0;
	int i;

	if (field[0] != '/' || !(field[1] == '/' || (field[1] >= '0' && field[1] <= '9'))) {
		*name = short_name(r, field);
		return 0;
	}
	if (field[1] == '/') {
		for (i = 2; i < 8; i++) {
			const char *d = field[i] ? strchr(base64, field[i]) : NULL;
			if (!d)
				return bad(reason, "section %" PRIu64 " has a bad long name", idx);
			off = off * 64 + (uint64_t)(d - base64);
		}
	} else {
		for (i = 1; i < 8 && field[i]; i++) {
			if (field[i] < '0' || field[i] > '9')
				return bad(reason, "section %" PRIu64 " has a bad long name", idx);
			off = off * 10 + (uint64_t)(field[i] - '0');
		}
	}
	if (!(*name = strtab_at(r, off)))
		return bad(reason, "section %" PRIu64 " name offset %" PRIu64
			   " is outside the string table or not NUL-terminated", idx, off);
	return 0;
}

/* Sizes, flags and data ranges, in file order before the symbol table. */
static int read_sections(struct reader *r, struct obj_file *f, char **reason)
{
	uint64_t i;

	f->sections = xcalloc(r->nsections ? r->nsections : 1, sizeof *f->sections);
	f->nsections = r->nsections;
	for (i = 0; i < r->nsections; i++) {
		const unsigned char *h = r->sect + i * SECT_HDR;
		struct obj_section *s = &f->sections[i];
		uint32_t rawsize = rd32(h + 16), rawptr = rd32(h + 20);
		unsigned alignbits;

		s->size = rawsize;
		s->flags = rd32(h + 36);
		alignbits = (s->flags & SCN_ALIGN_MASK) >> SCN_ALIGN_SHIFT;
		if (alignbits > 14)
			return bad(reason, "section %" PRIu64 " has a bad alignment field", i + 1);
		/* No alignment bits: what GNU ld then assumes (the PE
		 * specification says 16 bytes; BFD uses 4 on i386). */
		s->align = alignbits ? 1u << (alignbits - 1) : f->is64 ? 16 : 4;
		if (s->flags & SCN_UNINIT)
			continue;
		if (!fits(rawptr, rawsize, r->size))
			return bad(reason, "section %" PRIu64 " data extends past the end of the file",
				   i + 1);
		s->data = r->p + rawptr;
	}
	return 0;
}

static int name_sections(struct reader *r, struct obj_file *f, char **reason)
{
	uint64_t i;

	for (i = 0; i < r->nsections; i++)
		if (section_name(r, r->sect + i * SECT_HDR, i + 1, &f->sections[i].name, reason))
			return -1;
	return 0;
}

static int read_symbols(struct reader *r, struct obj_file *f, char **reason)
{
	uint64_t i, n = 0;

	f->symbols = xcalloc(r->nsyms ? r->nsyms : 1, sizeof *f->symbols);
	for (i = 0; i < r->nsyms; i++) {
		const unsigned char *e = r->syms + i * r->symsz;
		struct obj_symbol *s = &f->symbols[n++];
		unsigned naux = e[r->symsz - 1], sclass = e[r->symsz - 2];
		int64_t secnum;

		if (naux > r->nsyms - i - 1)
			return bad(reason, "symbol %" PRIu64 ": %u auxiliary records run past the "
				   "end of the symbol table", i, naux);
		if (rd32(e) != 0)
			s->name = short_name(r, e);
		else if (rd32(e + 4) == 0)
			s->name = "";
		else if (!(s->name = strtab_at(r, rd32(e + 4))))
			return bad(reason, "symbol %" PRIu64 " name offset %" PRIu32
				   " is outside the string table or not NUL-terminated", i, rd32(e + 4));
		s->value = rd32(e + 8);
		/* Signed: 32 bits in bigobj; in plain objects 0xff00 and up are
		 * the negative ones (as many as 65279 sections count upward). */
		if (r->big)
			secnum = (int64_t)rd32(e + 12) - (rd32(e + 12) >= 0x80000000u ? 0x100000000 : 0);
		else
			secnum = (int64_t)rd16(e + 12) - (rd16(e + 12) >= 0xff00 ? 0x10000 : 0);
		s->binding = sclass == C_EXTERNAL ? OBJB_GLOBAL
			: sclass == C_WEAK_EXTERNAL ? OBJB_WEAK : OBJB_LOCAL;
		if (secnum > 0 && (uint64_t)secnum <= r->nsections)
			s->section = (int)(secnum - 1);
		else if (secnum == 0 && s->value > 0 && sclass == C_EXTERNAL) {
			s->section = -3;
			s->size = s->value;
		} else if (secnum == 0)
			s->section = -1;
		else if (secnum == -1 || secnum == -2)
			s->section = -2;
		else
			return bad(reason, "symbol %" PRIu64 " refers to section %" PRId64
				   ", but there are %" PRIu64 " sections", i, secnum, r->nsections);
		i += naux;
	}
	f->nsymbols = n;
	return 0;
}

static void coff_free_priv(struct obj_file *f)
{
	free(f->priv);
	f->priv = NULL;
}

int coff_read(struct obj_file *f, char **reason)
{
	struct reader r = { .p = f->base, .size = f->size };
	int rc;

	f->sections = NULL;
	f->symbols = NULL;
	f->nsections = f->nsymbols = 0;
	rc = read_header(&r, f, reason);
	if (rc)
		return rc > 0 ? 0 : -1;
	if (read_sections(&r, f, reason) || read_tables(&r, reason))
		goto fail;
	/* Each short name takes at most 9 bytes; the counts are bounded by
	 * the file's size, checked above. */
	r.pool = xmalloc(9 * (r.nsections + r.nsyms) + 1);
	if (name_sections(&r, f, reason) || read_symbols(&r, f, reason))
		goto fail;
	f->priv = r.pool;
	f->free_priv = coff_free_priv;
	return 0;
fail:
	free(f->sections);
	free(f->symbols);
	free(r.pool);
	f->sections = NULL;
	f->symbols = NULL;
	f->nsections = f->nsymbols = 0;
	return -1;
}

/* ---- Writing ---- */

struct buf {
	unsigned char *p;
	size_t len, cap;
};

static unsigned char *buf_grow(struct buf *b, size_t n)
{
	if (b->cap - b->len < n) {
		while (b->cap - b->len < n)
			b->cap = b->cap ? 2 * b->cap : 4096;
		b->p = xrealloc(b->p, b->cap);
	}
	memset(b->p + b->len, 0, n);
	b->len += n;
	return b->p + b->len - n;
}

static int write_all(int fd, const void *data, size_t len, char **reason)
{
	const unsigned char *p = data;
	while (len > 0) {
		ssize_t n = write(fd, p, len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return bad(reason, "cannot write: %s", n < 0 ? strerror(errno) : "no progress");
		p += n;
		len -= (size_t)n;
	}
	return 0;
}

/* The string table offset of NAME (added), or 0 when it fits in 8 bytes. */
static uint64_t add_string(struct buf *strtab, const char *name)
{
	size_t len = strlen(name);
	if (len <= 8)
		return 0;
	memcpy(buf_grow(strtab, len + 1), name, len);
	return strtab->len - len - 1;
}

/* An 8-byte section name field: the name itself or its long form. */
static void put_section_name(unsigned char *field, const char *name, uint64_t off)
{
	char tmp[16];
	int i;

	if (!off) {
		memcpy(field, name, strlen(name));
		return;
	}
	if (off <= 9999999) {
		snprintf(tmp, sizeof tmp, "/%u", (unsigned)off);
		memcpy(field, tmp, strlen(tmp));
		return;
	}
	field[0] = field[1] = '/';
	for (i = 7; i >= 2; i--, off /= 64)
		field[i] = (unsigned char)base64[off % 64];
}

/* An 8-byte symbol name field. */
static void put_symbol_name(unsigned char *field, const char *name, uint64_t off)
{
	if (off)
		wr32(field + 4, (uint32_t)off);
	else
		memcpy(field, name, strlen(name));
}

/* One symbol record; returns it so that the caller can fill in more. */
static unsigned char *put_symbol(struct buf *b, int big, const char *name, uint64_t stroff,
				 uint32_t value, int32_t secnum, unsigned sclass, unsigned naux)
{
	size_t sz = big ? SYM_BIG : SYM_PLAIN;
	unsigned char *e = buf_grow(b, sz);
	put_symbol_name(e, name, stroff);
	wr32(e + 8, value);
	if (big)
		wr32(e + 12, (uint32_t)secnum);
	else
		wr16(e + 12, (unsigned)secnum & 0xffff);
	e[sz - 2] = (unsigned char)sclass;
	e[sz - 1] = (unsigned char)naux;
	return e;
}

/* The Characteristics of section S: its flags, plus alignment bits from
 * its align when the flags have none. */
static int section_flags(const struct obj_wsection *s, uint32_t *out, char **reason)
{
	unsigned bits = 0;

	if (s->flags > UINT32_MAX)
		return bad(reason, "section %s: flags 0x%" PRIx64 " do not fit COFF", s->name, s->flags);
	*out = (uint32_t)s->flags;
	if ((*out & SCN_ALIGN_MASK) || s->align == 0)
		return 0;
	if ((s->align & (s->align - 1)) || s->align > 8192)
		return bad(reason, "section %s: alignment %" PRIu32 " is not a power of two up to 8192",
			   s->name, s->align);
	while ((1u << bits) < s->align)
		bits++;
	*out |= (uint32_t)(bits + 1) << SCN_ALIGN_SHIFT;
	return 0;
}

int coff_write(const struct obj_writer *w, int fd, char **reason)
{
	struct buf head = { 0 }, tail = { 0 }, strtab = { 0 };
	uint64_t *stroff = NULL, dataoff, symptr, nsyms, total;
	int big = w->nsections > MAX_PLAIN_SECTIONS, rc = -1;
	size_t i, hdrsz = big ? BIG_HDR : FILE_HDR, symsz = big ? SYM_BIG : SYM_PLAIN;
	unsigned char *h, *e;

	if (w->machine != MACHINE_I386 && w->machine != MACHINE_AMD64)
		return bad(reason, "cannot write COFF for machine 0x%x", w->machine);
	if (w->nsymbols)
		return bad(reason, "the COFF writer writes no symbols but commons (%s)", w->symbols[0].name);
	for (i = 0; i < w->nsections; i++)
		if (w->sections[i].nrelocs)
			return bad(reason, "the COFF writer writes no relocations (section %s)",
				   w->sections[i].name);
	if (w->nsections > INT32_MAX)
		return bad(reason, "too many sections (%zu)", w->nsections);

	buf_grow(&strtab, 4);
	stroff = xcalloc(w->nsections + 1, sizeof *stroff);
	h = buf_grow(&head, hdrsz + (size_t)w->nsections * SECT_HDR);
	dataoff = head.len;
	for (i = 0; i < w->nsections; i++) {
		const struct obj_wsection *s = &w->sections[i];
		unsigned char *sh = head.p + hdrsz + i * SECT_HDR;
		uint32_t flags = 0;

		if (section_flags(s, &flags, reason))
			goto out;
		if ((uint64_t)s->size > UINT32_MAX) {
			bad(reason, "section %s: %zu bytes do not fit COFF", s->name, s->size);
			goto out;
		}
		if (!(flags & SCN_UNINIT) && s->size && !s->data) {
			bad(reason, "section %s has no data", s->name);
			goto out;
		}
		stroff[i] = add_string(&strtab, s->name);
		put_section_name(sh, s->name, stroff[i]);
		wr32(sh + 16, (uint32_t)s->size);
		if (!(flags & SCN_UNINIT) && s->size) {
			wr32(sh + 20, (uint32_t)dataoff);
			dataoff += s->size;
		}
		wr32(sh + 36, flags);
		if (dataoff > UINT32_MAX) {
			bad(reason, "object too large for COFF (section %s ends past 4 GiB)", s->name);
			goto out;
		}
	}
	symptr = dataoff;
	nsyms = (w->no_file_symbol ? 0 : 2) + 2 * (uint64_t)w->nsections + w->ncommons + w->nundefined;

	/* .file with the name in its auxiliary record. */
	if (!w->no_file_symbol) {
		put_symbol(&tail, big, ".file", 0, 0, -2, C_FILE, 1);
		memcpy(buf_grow(&tail, symsz), "lto.o", 5);
	}
	for (i = 0; i < w->nsections; i++) {
		const struct obj_wsection *s = &w->sections[i];
		unsigned num = (unsigned)(i + 1);
		put_symbol(&tail, big, s->name, stroff[i], 0, (int32_t)num, C_STATIC, 1);
		e = buf_grow(&tail, symsz);
		wr32(e, (uint32_t)s->size);      /* Length; no relocations or line numbers */
		wr16(e + 12, num & 0xffff);      /* Number; Selection 0 */
		if (big)
			wr16(e + 16, num >> 16);
	}
	for (i = 0; i < w->ncommons; i++) {
		const struct obj_wcommon *c = &w->commons[i];
		if (c->size == 0 || c->size > UINT32_MAX) {
			bad(reason, "common symbol %s: size %" PRIu64 " does not fit COFF",
			    c->name, c->size);
			goto out;
		}
		put_symbol(&tail, big, c->name, add_string(&strtab, c->name),
			   (uint32_t)c->size, 0, C_EXTERNAL, 0);
	}
	for (i = 0; i < w->nundefined; i++)
		put_symbol(&tail, big, w->undefined[i], add_string(&strtab, w->undefined[i]), 0, 0, C_EXTERNAL, 0);
	total = symptr + tail.len + strtab.len;
	if (total > UINT32_MAX) {
		bad(reason, "object too large for COFF (%" PRIu64 " bytes)", total);
		goto out;
	}
	wr32(strtab.p, (uint32_t)strtab.len);

	if (big) {
		wr16(h + 2, 0xffff);
		wr16(h + 4, 2);
		wr16(h + 6, w->machine);
		memcpy(h + 12, bigobj_guid, 16);
		wr32(h + 44, (uint32_t)w->nsections);
		wr32(h + 48, (uint32_t)symptr);
		wr32(h + 52, (uint32_t)nsyms);
	} else {
		wr16(h, w->machine);
		wr16(h + 2, (unsigned)w->nsections);
		wr32(h + 8, (uint32_t)symptr);
		wr32(h + 12, (uint32_t)nsyms);
		wr16(h + 18, F_LINE_NUMS_STRIPPED | (w->machine == MACHINE_I386 ? F_32BIT_MACHINE : 0));
	}

	if (write_all(fd, head.p, head.len, reason))
		goto out;
	for (i = 0; i < w->nsections; i++) {
		const struct obj_wsection *s = &w->sections[i];
		if (!(s->flags & SCN_UNINIT) && s->size && write_all(fd, s->data, s->size, reason))
			goto out;
	}
	if (write_all(fd, tail.p, tail.len, reason) || write_all(fd, strtab.p, strtab.len, reason))
		goto out;
	rc = 0;
out:
	free(head.p);
	free(tail.p);
	free(strtab.p);
	free(stroff);
	return rc;
}
