/* ELF objects through libelf: the sections and symbols of any ELF file,
 * 32- or 64-bit, and new relocatable objects.
 *
 * An ELF file is a header (e_ident, e_type, e_machine, ..., e_shoff,
 * e_shentsize, e_shnum, e_shstrndx), a section header table at e_shoff and
 * the sections' contents.  With 0xff00 sections or more, e_shnum is 0 and
 * the count is section 0's sh_size, and e_shstrndx SHN_XINDEX sends the
 * reader to section 0's sh_link for the section name table
 * (elf_getshdrnum, elf_getshdrstrndx).  Symbols are in the SHT_SYMTAB
 * section (a shared object's in SHT_DYNSYM, what ld links against, with
 * their versions in SHT_GNU_versym), their names in the string table its sh_link names; a symbol
 * whose st_shndx is SHN_XINDEX has its section index in SHT_SYMTAB_SHNDX.
 *
 * libelf checks much but not everything: it quietly reports no sections
 * when the section header table is cut short.  So the header fields are
 * decoded first with libelf's own translation and the table and every
 * section are checked against the file size here; libelf's count must
 * then agree.  Section 0 (the null section) is not listed: sections[i] is
 * ELF section i + 1.  Nor are the null symbol, section symbols and file
 * symbols (nm does not show them either).  Section data points into the
 * file's mapping.
 *
 * Writing: ELF_C_WRITE on the descriptor, libelf laying out the file;
 * first a COMDAT group (SHT_GROUP) for each section that is to be alone
 * in one, its signature the section's name through its section symbol;
 * the sections as SHT_PROGBITS, or SHT_NOTE by name (LTO sections
 * ".gnu.lto_*" always SHF_EXCLUDE and 1-byte aligned; SHF_GROUP only in
 * those groups), .symtab with the null symbol, the section symbols of the
 * groups and those relocations need, the local
 * symbols, then the global ones and the commons (global STT_OBJECT
 * SHN_COMMON symbols whose value is their alignment), the relocation
 * sections (".rela<name>", or ".rel<name>" on i386 and arm, SHF_INFO_LINK),
 * .strtab, .shstrtab.  Relocations are read back from SHT_REL/SHT_RELA
 * sections through a map from symbol table index to listed symbol or, for
 * section symbols, to the section.
 */
#include "config.h"

#include "obj-internal.h"
#include "diag.h"

#include <gelf.h>
#include <inttypes.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#ifndef SHN_X86_64_LCOMMON
#define SHN_X86_64_LCOMMON 0xff02 /* large common, x86-64 medium/large models */
#endif

/* Set *reason and give -1, the error return of every function here. */
#define FAIL(...) (*reason = xasprintf(__VA_ARGS__), -1)

static int fits(uint64_t off, uint64_t len, uint64_t size) { return off <= size && len <= size - off; }

static int libelf_ready(char **reason)
{
	static int state; /* 0 not tried, 1 ready, -1 unusable */
	if (!state)
		state = elf_version(EV_CURRENT) != EV_NONE ? 1 : -1;
	return state > 0 ? 0 : FAIL("libelf does not support ELF version %d", EV_CURRENT);
}

/* Decode one structure of TYPE at P in the file's byte order (libelf's
 * translation; the caller has checked that LEN bytes are there). */
static int xlate(void *dst, size_t dstlen, const unsigned char *p, size_t len,
		 Elf_Type type, int cls, int data)
{
	Elf_Data src = { .d_buf = (void *)p, .d_size = len, .d_type = type, .d_version = EV_CURRENT };
	Elf_Data out = { .d_buf = dst, .d_size = dstlen, .d_version = EV_CURRENT };
	return (cls == ELFCLASS64 ? elf64_xlatetom(&out, &src, (unsigned)data)
		: elf32_xlatetom(&out, &src, (unsigned)data)) ? 0 : -1;
}

/* The section header table as the header describes it: *COUNT sections.
 * Checked before libelf sees the file. */
static int check_shtab(const struct obj_file *f, uint64_t *count, char **reason)
{
	const unsigned char *p = f->base;
	if (f->size < EI_NIDENT)
		return FAIL("truncated ELF header (%zu bytes)", f->size);
	int cls = p[EI_CLASS], data = p[EI_DATA];
	if (cls != ELFCLASS32 && cls != ELFCLASS64)
		return FAIL("unknown ELF class %d", cls);
	if (data != ELFDATA2LSB && data != ELFDATA2MSB)
		return FAIL("unknown ELF byte order %d", data);
	/* libelf takes another version for a file that is not ELF, with no error */
	if (p[EI_VERSION] != EV_CURRENT)
		return FAIL("unknown ELF version %d", p[EI_VERSION]);
	int is64 = cls == ELFCLASS64;
	size_t ehsize = is64 ? sizeof(Elf64_Ehdr) : sizeof(Elf32_Ehdr);
	size_t shsize = is64 ? sizeof(Elf64_Shdr) : sizeof(Elf32_Shdr);
	if (f->size < ehsize)
		return FAIL("truncated ELF header (%zu of %zu bytes)", f->size, ehsize);
	union { Elf32_Ehdr h32; Elf64_Ehdr h64; } eh;
	union { Elf32_Shdr s32; Elf64_Shdr s64; } sh0;
	if (xlate(&eh, sizeof eh, p, ehsize, ELF_T_EHDR, cls, data) < 0)
		return FAIL("bad ELF header: %s", elf_errmsg(-1));
	uint64_t shoff = is64 ? eh.h64.e_shoff : eh.h32.e_shoff;
	unsigned shnum = is64 ? eh.h64.e_shnum : eh.h32.e_shnum;
	unsigned shent = is64 ? eh.h64.e_shentsize : eh.h32.e_shentsize;
	*count = shnum;
	if (shoff == 0) {
		if (shnum)
			return FAIL("%u sections but no section header table", shnum);
		return 0;
	}
	if (shent != shsize)
		return FAIL("section header size %u, expected %zu", shent, shsize);
	if (!fits(shoff, shsize, f->size))
		return FAIL("section header table at offset 0x%" PRIx64 " is past the end of the file", shoff);
	if (shnum == 0) {
		if (xlate(&sh0, sizeof sh0, p + shoff, shsize, ELF_T_SHDR, cls, data) < 0)
			return FAIL("bad section header 0: %s", elf_errmsg(-1));
		*count = is64 ? sh0.s64.sh_size : sh0.s32.sh_size;
	}
	if (*count > (f->size - shoff) / shsize)
		return FAIL("section header table (%" PRIu64 " sections at offset 0x%" PRIx64
			    ") extends past the end of the file", *count, shoff);
	return 0;
}

static int read_sections(struct obj_file *f, Elf *e, size_t n, Elf_Scn **symtab, Elf_Scn **xndx,
			 Elf_Scn **versym, char **reason)
{
	size_t shstrndx;
	if (elf_getshdrstrndx(e, &shstrndx) < 0)
		return FAIL("bad section name table index: %s", elf_errmsg(-1));
	if (shstrndx >= n && shstrndx != SHN_UNDEF)
		return FAIL("section name table index %zu, but there are %zu sections", shstrndx, n);
	f->sections = xcalloc(n, sizeof *f->sections);
	Elf_Scn *dynsym = NULL;
	/* Extents first: elf_strptr reads the name table. */
	for (size_t i = 1; i < n; i++) {
		GElf_Shdr sh;
		if (!gelf_getshdr(elf_getscn(e, i), &sh))
			return FAIL("section %zu: %s", i, elf_errmsg(-1));
		if (sh.sh_type != SHT_NOBITS && sh.sh_type != SHT_NULL && !fits(sh.sh_offset, sh.sh_size, f->size))
			return FAIL("section %zu (offset 0x%" PRIx64 ", %" PRIu64 " bytes) extends past the end of the file",
				    i, (uint64_t)sh.sh_offset, (uint64_t)sh.sh_size);
		if (i == shstrndx && sh.sh_type != SHT_STRTAB)
			return FAIL("section name table (section %zu) is not a string table", i);
	}
	for (size_t i = 1; i < n; i++) {
		Elf_Scn *scn = elf_getscn(e, i);
		GElf_Shdr sh;
		gelf_getshdr(scn, &sh);
		struct obj_section *s = &f->sections[f->nsections];
		s->name = shstrndx ? elf_strptr(e, shstrndx, sh.sh_name) : "";
		if (!s->name)
			return FAIL("section %zu has a bad name offset %" PRIu32, i, (uint32_t)sh.sh_name);
		if (sh.sh_addralign > UINT32_MAX)
			return FAIL("section %zu has an alignment too large (%" PRIu64 ")",
				    i, (uint64_t)sh.sh_addralign);
		s->size = sh.sh_size;
		s->data = sh.sh_type == SHT_NOBITS || sh.sh_type == SHT_NULL ? NULL : f->base + sh.sh_offset;
		s->flags = sh.sh_flags;
		s->type = sh.sh_type;
		s->align = (uint32_t)sh.sh_addralign;
		s->entsize = sh.sh_entsize;
		f->nsections++;
		/* .symtab; a shared object stripped of it still has .dynsym,
		 * whose global symbols are those a link sees */
		if ((sh.sh_type == SHT_SYMTAB || (sh.sh_type == SHT_DYNSYM && !*symtab)) &&
		    !(*symtab && sh.sh_type == SHT_DYNSYM))
			*symtab = scn;
		if (sh.sh_type == SHT_SYMTAB_SHNDX && !*xndx)
			*xndx = scn;
		if (sh.sh_type == SHT_GNU_versym && !*versym)
			*versym = scn;
		if (sh.sh_type == SHT_DYNSYM)
			dynsym = scn;
	}
	/* ld links against a shared object's dynamic symbols, not .symtab */
	GElf_Ehdr eh;
	if (dynsym && gelf_getehdr(e, &eh) && eh.e_type == ET_DYN)
		*symtab = dynsym;
	return 0;
}

static int read_symbols(struct obj_file *f, Elf *e, size_t n, Elf_Scn *symtab, Elf_Scn *xndx,
			Elf_Scn *versym, char **reason)
{
	GElf_Shdr sh;
	gelf_getshdr(symtab, &sh);
	size_t entsize = gelf_fsize(e, ELF_T_SYM, 1, EV_CURRENT);
	if (sh.sh_entsize != entsize)
		return FAIL("symbol table entry size %" PRIu64 ", expected %zu", (uint64_t)sh.sh_entsize, entsize);
	size_t strndx = sh.sh_link;
	GElf_Shdr strsh;
	if (strndx == 0 || strndx >= n || !gelf_getshdr(elf_getscn(e, strndx), &strsh)
	    || strsh.sh_type != SHT_STRTAB)
		return FAIL("symbol table names section %zu as its string table, which is not one", strndx);
	Elf_Data *d = elf_getdata(symtab, NULL), *xd = NULL;
	if (!d)
		return FAIL("symbol table: %s", elf_errmsg(-1));
	if (xndx) {
		GElf_Shdr xsh;
		gelf_getshdr(xndx, &xsh);
		if (xsh.sh_link == elf_ndxscn(symtab) && !(xd = elf_getdata(xndx, NULL)))
			return FAIL("extended section index table: %s", elf_errmsg(-1));
	}
	/* the dynamic symbols' versions (SHT_GNU_versym links to .dynsym) */
	Elf_Data *versions = NULL;
	GElf_Shdr vsh;
	if (versym && sh.sh_type == SHT_DYNSYM && gelf_getshdr(versym, &vsh) && vsh.sh_link == elf_ndxscn(symtab))
		versions = elf_getdata(versym, NULL);
	size_t count = sh.sh_size / entsize;
	if (count > INT_MAX)
		return FAIL("symbol table too large (%zu symbols)", count);
	f->symbols = xcalloc(count, sizeof *f->symbols);
	f->symmap = xmalloc((count ? count : 1) * sizeof *f->symmap);
	f->nsymmap = count;
	for (size_t i = 0; i < count; i++)
		f->symmap[i] = -1;
	for (size_t i = 1; i < count; i++) {
		GElf_Sym sym;
		Elf32_Word x = 0;
		if (!gelf_getsymshndx(d, xd, (int)i, &sym, &x))
			return FAIL("symbol %zu: %s", i, elf_errmsg(-1));
		int type = GELF_ST_TYPE(sym.st_info), bind = GELF_ST_BIND(sym.st_info);
		uint64_t sec = sym.st_shndx == SHN_XINDEX ? x : sym.st_shndx;
		if (type == STT_SECTION && sec > 0 && sec < n && (sym.st_shndx < SHN_LORESERVE || sym.st_shndx == SHN_XINDEX))
			f->symmap[i] = -2 - (long)(sec - 1);
		if (type == STT_SECTION || type == STT_FILE)
			continue;
		f->symmap[i] = (long)f->nsymbols;
		struct obj_symbol *s = &f->symbols[f->nsymbols];
		if (!(s->name = elf_strptr(e, strndx, sym.st_name)))
			return FAIL("symbol %zu has a bad name offset %" PRIu32, i, (uint32_t)sym.st_name);
		int xindex = sym.st_shndx == SHN_XINDEX;
		uint64_t shndx = xindex ? x : sym.st_shndx;
		if (xindex && !xd)
			return FAIL("symbol %zu uses SHN_XINDEX but there is no SHT_SYMTAB_SHNDX section", i);
		if (!xindex && shndx == SHN_UNDEF)
			s->section = -1;
		else if (!xindex && shndx == SHN_ABS)
			s->section = -2;
		else if (!xindex && (shndx == SHN_COMMON || (shndx == SHN_X86_64_LCOMMON && f->machine == EM_X86_64)))
			s->section = -3;
		else if (!xindex && shndx >= SHN_LORESERVE)
			return FAIL("symbol %zu has the unknown section index 0x%" PRIx64, i, shndx);
		else if (shndx == 0 || shndx >= n)
			return FAIL("symbol %zu is in section %" PRIu64 ", but there are %zu sections",
				    i, shndx, n);
		else
			s->section = (int)(shndx - 1);
		s->value = sym.st_value;
		s->size = sym.st_size;
		s->binding = bind == STB_LOCAL ? OBJB_LOCAL : bind == STB_WEAK ? OBJB_WEAK : OBJB_GLOBAL;
		s->visibility = GELF_ST_VISIBILITY(sym.st_other);
		s->type = (unsigned char)type;
		GElf_Versym version;
		s->hidden_version = versions && gelf_getversym(versions, (int)i, &version) && (version & 0x8000);
		f->nsymbols++;
	}
	return 0;
}

static void elf_free_priv(struct obj_file *f)
{
	elf_end(f->priv);
	f->priv = NULL;
}

/* On failure obj_close frees what was set up. */
int elf_read(struct obj_file *f, char **reason)
{
	uint64_t count;
	if (libelf_ready(reason) < 0 || check_shtab(f, &count, reason) < 0)
		return -1;
	Elf *e = elf_memory((char *)f->base, f->size);
	if (!e)
		return FAIL("%s", elf_errmsg(-1));
	f->priv = e;
	f->free_priv = elf_free_priv;
	GElf_Ehdr eh;
	size_t n;
	if (elf_kind(e) != ELF_K_ELF || !gelf_getehdr(e, &eh))
		return FAIL("bad ELF header: %s", elf_errmsg(-1));
	f->format = OBJ_ELF;
	f->machine = eh.e_machine;
	f->is64 = gelf_getclass(e) == ELFCLASS64;
	if (elf_getshdrnum(e, &n) < 0)
		return FAIL("bad section count: %s", elf_errmsg(-1));
	if (n != count)
		return FAIL("libelf sees %zu sections, the header says %" PRIu64, n, count);
	Elf_Scn *symtab = NULL, *xndx = NULL, *versym = NULL;
	if (read_sections(f, e, n, &symtab, &xndx, &versym, reason) < 0)
		return -1;
	return symtab ? read_symbols(f, e, n, symtab, xndx, versym, reason) : 0;
}

/* Which relocation sections apply to which section: built once, from
 * each SHT_REL/SHT_RELA section's sh_info. */
static int index_relocs(struct obj_file *f, char **reason)
{
	Elf *e = f->priv;
	f->relfirst = xcalloc(f->nsections + 1, sizeof *f->relfirst);
	f->relnext = xcalloc(f->nsections + 1, sizeof *f->relnext);
	size_t *last = xcalloc(f->nsections + 1, sizeof *last);
	for (size_t k = 0; k < f->nsections; k++) {
		if (f->sections[k].type != SHT_REL && f->sections[k].type != SHT_RELA)
			continue;
		GElf_Shdr sh;
		if (!gelf_getshdr(elf_getscn(e, k + 1), &sh)) {
			free(last);
			return FAIL("section %zu: %s", k + 1, elf_errmsg(-1));
		}
		size_t t = sh.sh_info;
		if (t == 0 || t > f->nsections)
			continue; /* applies to no section we list */
		if (last[t - 1])
			f->relnext[last[t - 1] - 1] = k + 1;
		else
			f->relfirst[t - 1] = k + 1;
		last[t - 1] = k + 1;
	}
	free(last);
	return 0;
}

/* The entries of the relocation sections of section I. */
int elf_relocs(struct obj_file *f, size_t i, struct obj_reloc **out, size_t *n, char **reason)
{
	Elf *e = f->priv;
	size_t cap = 0;
	if (!f->relfirst && index_relocs(f, reason) < 0)
		return -1;
	for (size_t k1 = f->relfirst[i]; k1; k1 = f->relnext[k1 - 1]) {
		const struct obj_section *rs = &f->sections[k1 - 1];
		Elf_Scn *scn = elf_getscn(e, k1);
		GElf_Shdr sh;
		if (!scn || !gelf_getshdr(scn, &sh))
			return FAIL("section %zu: %s", k1, elf_errmsg(-1));
		if (sh.sh_size == 0)
			continue;
		int rela = sh.sh_type == SHT_RELA;
		size_t entsize = gelf_fsize(e, rela ? ELF_T_RELA : ELF_T_REL, 1, EV_CURRENT);
		Elf_Data *d = elf_getdata(scn, NULL);
		if (sh.sh_entsize != entsize || !d)
			return FAIL("relocation section %s: entry size %" PRIu64 ", expected %zu",
				    rs->name, (uint64_t)sh.sh_entsize, entsize);
		if (!f->symmap || sh.sh_link == 0 || sh.sh_link > f->nsections ||
		    f->sections[sh.sh_link - 1].type != SHT_SYMTAB)
			return FAIL("relocation section %s does not use the symbol table", rs->name);
		const struct obj_section *target = &f->sections[i];
		for (size_t r = 0; r < sh.sh_size / entsize; r++) {
			GElf_Rela rel = { 0 };
			GElf_Rel rl;
			if (rela ? !gelf_getrela(d, (int)r, &rel) : !gelf_getrel(d, (int)r, &rl))
				return FAIL("relocation section %s, entry %zu: %s", rs->name, r, elf_errmsg(-1));
			if (!rela) {
				rel.r_offset = rl.r_offset;
				rel.r_info = rl.r_info;
			}
			uint64_t sym = GELF_R_SYM(rel.r_info);
			if (sym == 0 || sym >= f->nsymmap || f->symmap[sym] == -1)
				return FAIL("relocation section %s, entry %zu: symbol %" PRIu64
					    " is none, a file symbol or out of range", rs->name, r, sym);
			if (rel.r_offset >= target->size)
				return FAIL("relocation section %s, entry %zu: offset 0x%" PRIx64
					    " is past the end of %s", rs->name, r, (uint64_t)rel.r_offset,
					    target->name);
			if (*n == cap)
				*out = xrealloc(*out, (cap = cap ? 2 * cap : 64) * sizeof **out);
			long m = f->symmap[sym];
			(*out)[(*n)++] = (struct obj_reloc){
				.offset = rel.r_offset,
				.type = (uint32_t)GELF_R_TYPE(rel.r_info),
				.addend = rel.r_addend,
				.section = m <= -2 ? (int)(-2 - m) : -1,
				.symbol = m >= 0 ? m : -1,
			};
		}
	}
	return 0;
}

/* ---- Writing ---- */

struct strtab {
	char *p;
	size_t len, cap;
};

static size_t str_add(struct strtab *t, const char *s)
{
	size_t n = strlen(s) + 1, off = t->len;
	if (t->len + n > t->cap) {
		t->cap = t->len + n > 2 * t->cap ? t->len + n : 2 * t->cap;
		t->p = xrealloc(t->p, t->cap);
	}
	memcpy(t->p + t->len, s, n);
	t->len += n;
	return off;
}

static Elf_Scn *new_section(Elf *e, size_t name, GElf_Word type, uint64_t flags, uint64_t align,
			    void *buf, size_t size, Elf_Type dtype)
{
	Elf_Scn *scn = elf_newscn(e);
	GElf_Shdr sh;
	if (!scn || !gelf_getshdr(scn, &sh))
		return NULL;
	if (size) {
		Elf_Data *d = elf_newdata(scn);
		if (!d)
			return NULL;
		d->d_buf = buf;
		d->d_size = size;
		d->d_align = align;
		d->d_type = dtype;
		d->d_version = EV_CURRENT;
	}
	sh.sh_name = (GElf_Word)name;
	sh.sh_type = type;
	sh.sh_flags = flags;
	sh.sh_addralign = align;
	return gelf_update_shdr(scn, &sh) ? scn : NULL;
}

/* What libelf points into until elf_update has written the file. */
struct bufs {
	struct strtab shstr, str;
	void *symbuf;
	Elf32_Word *xndx;             /* .symtab_shndx, when a section index needs it */
	void **relbuf;
	size_t nrelbuf;
	Elf32_Word *groupbuf;         /* per COMDAT group: GRP_COMDAT, the member */
	Elf_Scn **groupscn;           /* the groups' sections */
};

/* Symbol IDX, in section SHNDX (an ELF index or SHN_COMMON). */
static int put_symbol(Elf_Data *symdata, Elf_Data *xdata, size_t idx, GElf_Sym *sym, size_t shndx)
{
	int big = shndx >= SHN_LORESERVE && shndx != SHN_COMMON;
	if (big && !xdata)
		return 0;
	sym->st_shndx = (GElf_Half)(big ? SHN_XINDEX : shndx);
	return xdata ? gelf_update_symshndx(symdata, xdata, (int)idx, sym, big ? (Elf32_Word)shndx : 0)
		     : gelf_update_sym(symdata, (int)idx, sym);
}

/* The relocation section of section S (ELF index TARGET): REL on i386
 * and arm (their psABIs' kind: the addends stay in the data), RELA elsewhere, entries in the writer's order. */
static int reloc_section(Elf *e, const struct obj_writer *w, const struct obj_wsection *s, size_t target,
			 size_t symtab, const size_t *secsym, const size_t *symidx, struct bufs *b, char **reason)
{
	int rela = w->machine != EM_386 && w->machine != EM_ARM;
	Elf_Type t = rela ? ELF_T_RELA : ELF_T_REL;
	size_t entsize = gelf_fsize(e, t, 1, EV_CURRENT);
	char *name = xasprintf("%s%s", rela ? ".rela" : ".rel", s->name);
	size_t nameoff = str_add(&b->shstr, name);
	free(name);
	void *buf = xcalloc(s->nrelocs, entsize);
	b->relbuf = xrealloc(b->relbuf, (b->nrelbuf + 1) * sizeof *b->relbuf);
	b->relbuf[b->nrelbuf++] = buf;
	Elf_Scn *scn = new_section(e, nameoff, rela ? SHT_RELA : SHT_REL, SHF_INFO_LINK,
				   w->is64 ? 8 : 4, buf, s->nrelocs * entsize, t);
	Elf_Data *d = scn ? elf_getdata(scn, NULL) : NULL;
	GElf_Shdr sh;
	if (!d || !gelf_getshdr(scn, &sh))
		return FAIL("relocations of %s: %s", s->name, elf_errmsg(-1));
	for (size_t k = 0; k < s->nrelocs; k++) {
		const struct obj_reloc *r = &s->relocs[k];
		size_t sym = r->section >= 0 ? secsym[r->section] : symidx[r->symbol];
		GElf_Rela rl = { .r_offset = r->offset, .r_addend = r->addend,
				 .r_info = GELF_R_INFO(sym, r->type) }; /* gelf converts for ELF32 */
		GElf_Rel rel = { .r_offset = rl.r_offset, .r_info = rl.r_info };
		if (rela ? !gelf_update_rela(d, (int)k, &rl) : !gelf_update_rel(d, (int)k, &rel))
			return FAIL("relocations of %s: %s", s->name, elf_errmsg(-1));
	}
	sh.sh_link = (GElf_Word)symtab;
	sh.sh_info = (GElf_Word)target;
	sh.sh_entsize = entsize;
	return gelf_update_shdr(scn, &sh) ? 0 : FAIL("relocations of %s: %s", s->name, elf_errmsg(-1));
}

static int build(Elf *e, const struct obj_writer *w, struct bufs *b, size_t *secsym, size_t *symidx,
		 char **reason)
{
	int cls = w->is64 ? ELFCLASS64 : ELFCLASS32;
	GElf_Ehdr eh;
	if (!gelf_newehdr(e, cls) || !gelf_getehdr(e, &eh))
		return FAIL("cannot make the ELF header: %s", elf_errmsg(-1));
	eh.e_ident[EI_DATA] = ELFDATA2LSB;
	eh.e_ident[EI_VERSION] = EV_CURRENT;
	eh.e_ident[EI_OSABI] = ELFOSABI_NONE;
	eh.e_type = ET_REL;
	eh.e_machine = (GElf_Half)w->machine;
	eh.e_version = EV_CURRENT;

	/* The COMDAT groups come first, as the gABI wants a group before
	 * its members: section I is then ELF section NGROUPS + I + 1.  A
	 * section in no group loses SHF_GROUP. */
	str_add(&b->shstr, "");
	size_t ngroups = 0;
	for (size_t i = 0; i < w->nsections; i++)
		ngroups += w->sections[i].comdat != 0;
	b->groupbuf = xcalloc(2 * ngroups + 1, sizeof *b->groupbuf);
	Elf_Scn **groups = b->groupscn = xcalloc(ngroups + 1, sizeof *groups);
	for (size_t i = 0, g = 0; i < w->nsections; i++) {
		if (!w->sections[i].comdat)
			continue;
		b->groupbuf[2 * g] = GRP_COMDAT;
		b->groupbuf[2 * g + 1] = (Elf32_Word)(ngroups + i + 1);
		groups[g] = new_section(e, str_add(&b->shstr, ".group"), SHT_GROUP, 0, 4, &b->groupbuf[2 * g],
					2 * sizeof *b->groupbuf, ELF_T_WORD);
		if (!groups[g++])
			return FAIL("the group of %s: %s", w->sections[i].name, elf_errmsg(-1));
	}
	for (size_t i = 0; i < w->nsections; i++) {
		const struct obj_wsection *s = &w->sections[i];
		int lto = strncmp(s->name, ".gnu.lto_", 9) == 0;
		uint32_t align = lto ? 1 : s->align;
		if (align == 0 || (align & (align - 1)))
			return FAIL("section %s: alignment %" PRIu32 " is not a power of two", s->name, align);
		/* by name, as the assembler types them: .note.GNU-stack is data */
		int note = strncmp(s->name, ".note", 5) == 0 && strcmp(s->name, ".note.GNU-stack") != 0;
		Elf_Scn *scn = new_section(e, str_add(&b->shstr, s->name), note ? SHT_NOTE : SHT_PROGBITS,
					   (s->flags & ~(uint64_t)SHF_GROUP) | (lto ? SHF_EXCLUDE : 0) |
						   (s->comdat ? SHF_GROUP : 0),
					   align, s->data, s->size, ELF_T_BYTE);
		GElf_Shdr sh;
		if (!scn || !gelf_getshdr(scn, &sh))
			return FAIL("section %s: %s", s->name, elf_errmsg(-1));
		sh.sh_entsize = s->entsize;
		if (!gelf_update_shdr(scn, &sh))
			return FAIL("section %s: %s", s->name, elf_errmsg(-1));
	}

	/* The symbol table: the null symbol, the section symbols of the
	 * groups' signatures and those relocations need, the local symbols,
	 * then the global ones and the commons. */
	size_t nsyms = 1, symsize = gelf_fsize(e, ELF_T_SYM, 1, EV_CURRENT);
	for (size_t i = 0; i < w->nsections; i++)
		if (w->sections[i].comdat)
			secsym[i] = nsyms++;
	for (size_t i = 0; i < w->nsections; i++)
		for (size_t k = 0; k < w->sections[i].nrelocs; k++) {
			int t = w->sections[i].relocs[k].section;
			if (t >= 0 && !secsym[t])
				secsym[t] = nsyms++;
		}
	size_t firstglobal = 0;
	for (int global = 0; global < 2; global++) {
		for (size_t k = 0; k < w->nsymbols; k++)
			if ((w->symbols[k].binding != OBJB_LOCAL) == global)
				symidx[k] = nsyms++;
		if (!global)
			firstglobal = nsyms;
	}
	nsyms += w->ncommons;
	str_add(&b->str, "");
	b->symbuf = xcalloc(nsyms, symsize);
	Elf_Scn *symscn = new_section(e, str_add(&b->shstr, ".symtab"), SHT_SYMTAB, 0, w->is64 ? 8 : 4,
				      b->symbuf, nsyms * symsize, ELF_T_SYM);
	Elf_Data *symdata = symscn ? elf_getdata(symscn, NULL) : NULL, *xdata = NULL;
	if (!symdata)
		return FAIL("symbol table: %s", elf_errmsg(-1));
	/* Symbols of sections from SHN_LORESERVE on: SHN_XINDEX and the index
	 * in .symtab_shndx, one word per symbol. */
	size_t symtab = elf_ndxscn(symscn);
	if (ngroups + w->nsections + 1 >= SHN_LORESERVE && (w->nsymbols || nsyms > 1 + w->ncommons)) {
		b->xndx = xcalloc(nsyms, sizeof *b->xndx);
		Elf_Scn *xs = new_section(e, str_add(&b->shstr, ".symtab_shndx"), SHT_SYMTAB_SHNDX, 0, 4,
					  b->xndx, nsyms * sizeof *b->xndx, ELF_T_WORD);
		GElf_Shdr xsh;
		if (!xs || !(xdata = elf_getdata(xs, NULL)) || !gelf_getshdr(xs, &xsh))
			return FAIL("extended section index table: %s", elf_errmsg(-1));
		xsh.sh_link = (GElf_Word)symtab;
		xsh.sh_entsize = sizeof *b->xndx;
		gelf_update_shdr(xs, &xsh);
	}
	for (size_t i = 0; i < w->nsections; i++) {
		GElf_Sym sym = { .st_info = GELF_ST_INFO(STB_LOCAL, STT_SECTION) };
		if (secsym[i] && !put_symbol(symdata, xdata, secsym[i], &sym, ngroups + i + 1))
			return FAIL("section symbol of %s: %s", w->sections[i].name, elf_errmsg(-1));
	}
	for (size_t k = 0; k < w->nsymbols; k++) {
		const struct obj_wsymbol *ws = &w->symbols[k];
		int bind = ws->binding == OBJB_LOCAL ? STB_LOCAL : ws->binding == OBJB_WEAK ? STB_WEAK : STB_GLOBAL;
		GElf_Sym sym = {
			.st_name = (GElf_Word)str_add(&b->str, ws->name),
			.st_info = GELF_ST_INFO(bind, ws->type),
			.st_other = (unsigned char)(ws->visibility & 3),
			.st_value = ws->value,
			.st_size = ws->size,
		};
		if (!put_symbol(symdata, xdata, symidx[k], &sym, ngroups + ws->section + 1))
			return FAIL("symbol %s: %s", ws->name, elf_errmsg(-1));
	}
	for (size_t i = 0; i < w->ncommons; i++) {
		const struct obj_wcommon *c = &w->commons[i];
		GElf_Sym sym = {
			.st_name = (GElf_Word)str_add(&b->str, c->name),
			.st_info = GELF_ST_INFO(STB_GLOBAL, STT_OBJECT),
			.st_other = STV_DEFAULT,
			.st_shndx = SHN_COMMON,
			.st_value = c->align,
			.st_size = c->size,
		};
		if (!put_symbol(symdata, xdata, nsyms - w->ncommons + i, &sym, SHN_COMMON))
			return FAIL("symbol %s: %s", c->name, elf_errmsg(-1));
	}
	for (size_t i = 0; i < w->nsections; i++)
		if (w->sections[i].nrelocs &&
		    reloc_section(e, w, &w->sections[i], ngroups + i + 1, symtab, secsym, symidx, b, reason) < 0)
			return -1;
	for (size_t i = 0, g = 0; i < w->nsections; i++) {
		GElf_Shdr gsh;
		if (!w->sections[i].comdat)
			continue;
		gelf_getshdr(groups[g], &gsh);
		gsh.sh_link = (GElf_Word)symtab;
		gsh.sh_info = (GElf_Word)secsym[i];
		gsh.sh_entsize = sizeof *b->groupbuf;
		gelf_update_shdr(groups[g++], &gsh);
	}
	size_t strname = str_add(&b->shstr, ".strtab"), shstrname = str_add(&b->shstr, ".shstrtab");
	Elf_Scn *strscn = new_section(e, strname, SHT_STRTAB, 0, 1, b->str.p, b->str.len, ELF_T_BYTE);
	Elf_Scn *shstrscn = new_section(e, shstrname, SHT_STRTAB, 0, 1, b->shstr.p, b->shstr.len, ELF_T_BYTE);
	if (!strscn || !shstrscn)
		return FAIL("string tables: %s", elf_errmsg(-1));

	GElf_Shdr sh;
	gelf_getshdr(symscn, &sh);
	sh.sh_link = (GElf_Word)elf_ndxscn(strscn);
	sh.sh_info = (GElf_Word)firstglobal;
	sh.sh_entsize = symsize;
	gelf_update_shdr(symscn, &sh);
	/* libelf moves the section count to section 0 itself; the index of
	 * the name table we move. */
	size_t shstrndx = elf_ndxscn(shstrscn);
	if (shstrndx >= SHN_LORESERVE) {
		Elf_Scn *zero = elf_getscn(e, 0);
		if (!zero || !gelf_getshdr(zero, &sh))
			return FAIL("section 0: %s", elf_errmsg(-1));
		sh.sh_link = (GElf_Word)shstrndx;
		gelf_update_shdr(zero, &sh);
		eh.e_shstrndx = SHN_XINDEX;
	} else {
		eh.e_shstrndx = (GElf_Half)shstrndx;
	}
	if (!gelf_update_ehdr(e, &eh))
		return FAIL("cannot make the ELF header: %s", elf_errmsg(-1));
	if (elf_update(e, ELF_C_WRITE) < 0)
		return FAIL("cannot write the object: %s", elf_errmsg(-1));
	return 0;
}

int elf_write(const struct obj_writer *w, int fd, char **reason)
{
	if (libelf_ready(reason) < 0)
		return -1;
	Elf *e = elf_begin(fd, ELF_C_WRITE, NULL);
	if (!e)
		return FAIL("libelf: %s", elf_errmsg(-1));
	struct bufs b = { 0 };
	size_t *secsym = xcalloc(w->nsections + 1, sizeof *secsym);
	size_t *symidx = xcalloc(w->nsymbols + 1, sizeof *symidx);
	int rc = build(e, w, &b, secsym, symidx, reason);
	elf_end(e);
	free(b.shstr.p);
	free(b.str.p);
	free(b.symbuf);
	free(b.xndx);
	free(b.groupbuf);
	free(b.groupscn);
	for (size_t i = 0; i < b.nrelbuf; i++)
		free(b.relbuf[i]);
	free(b.relbuf);
	free(secsym);
	free(symidx);
	return rc;
}

/* ---- An object as ld sees a linker plugin's ---- */

/* ld (bfd's elf_link_input_bfd, PR ld/17973) drops the FILE symbols of
 * an object a linker plugin added, whose name is a temporary one
 * ("<artificial>" from GCC's LTRANS), and gives the output one FILE
 * symbol without a name before the object's first local symbol it
 * keeps, if it keeps any.  So here: the first FILE symbol before that
 * local loses its name; every other FILE symbol becomes a null entry,
 * which ld, as every ELF reader, skips (an undefined local symbol).
 * The symbol count and every index stay as they were. */

/* Does ld copy local symbol SYM into the output's .symtab?  Not a
 * section symbol, a FILE symbol or an undefined one; nor, with ld's
 * default discard setting, a local label (".L...") in a mergeable
 * section.  (Locals of sections --gc-sections drops are not foreseen.) */
static int ld_keeps_local(Elf *e, size_t strndx, const GElf_Sym *sym)
{
	int type = GELF_ST_TYPE(sym->st_info);
	if (GELF_ST_BIND(sym->st_info) != STB_LOCAL || type == STT_SECTION || type == STT_FILE ||
	    sym->st_shndx == SHN_UNDEF)
		return 0;
	const char *name = elf_strptr(e, strndx, sym->st_name);
	GElf_Shdr sh;
	if (name && strncmp(name, ".L", 2) == 0 && sym->st_shndx < SHN_LORESERVE &&
	    gelf_getshdr(elf_getscn(e, sym->st_shndx), &sh) && (sh.sh_flags & SHF_MERGE))
		return 0;
	return 1;
}

int elf_unname_file_symbols(struct obj_file *f, int *changed, char **reason)
{
	Elf *e = f->priv;
	unsigned char *bytes = (unsigned char *)f->base; /* obj_as_plugin_output's own copy */
	*changed = 0;
	Elf_Scn *scn = NULL;
	GElf_Shdr sh;
	while ((scn = elf_nextscn(e, scn)) && gelf_getshdr(scn, &sh) && sh.sh_type != SHT_SYMTAB)
		;
	if (!scn)
		return 0;
	Elf_Data *d = elf_getdata(scn, NULL);
	if (!d)
		return FAIL("symbol table: %s", elf_errmsg(-1));
	size_t count = sh.sh_size / sh.sh_entsize, first_kept = count;
	GElf_Sym sym;
	for (size_t i = 1; i < count && i < sh.sh_info && gelf_getsym(d, (int)i, &sym); i++)
		if (ld_keeps_local(e, sh.sh_link, &sym)) {
			first_kept = i;
			break;
		}
	int named_one = 0;
	for (size_t i = 1; i < count && gelf_getsym(d, (int)i, &sym); i++) {
		if (GELF_ST_TYPE(sym.st_info) != STT_FILE)
			continue;
		/* st_name is the entry's first word in both classes: zero
		 * bytes are zero in either byte order */
		unsigned char *entry = bytes + sh.sh_offset + i * sh.sh_entsize;
		if (first_kept < count && i < first_kept && !named_one)
			memset(entry, 0, 4), named_one = 1;
		else
			memset(entry, 0, sh.sh_entsize);
		*changed = 1;
	}
	return 0;
}
