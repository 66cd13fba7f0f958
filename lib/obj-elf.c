/* ELF objects through libelf: the sections and symbols of any ELF file,
 * 32- or 64-bit, and new relocatable objects.
 *
 * An ELF file is a header (e_ident, e_type, e_machine, ..., e_shoff,
 * e_shentsize, e_shnum, e_shstrndx), a section header table at e_shoff and
 * the sections' contents.  With 0xff00 sections or more, e_shnum is 0 and
 * the count is section 0's sh_size, and e_shstrndx SHN_XINDEX sends the
 * reader to section 0's sh_link for the section name table
 * (elf_getshdrnum, elf_getshdrstrndx).  Symbols are in the SHT_SYMTAB
 * section (SHT_DYNSYM in a stripped shared object), their names in the string table its sh_link names; a symbol
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
 * Writing: ELF_C_WRITE on the descriptor, libelf laying out the file; the
 * sections as SHT_PROGBITS (LTO sections ".gnu.lto_*" always SHF_EXCLUDE
 * and 1-byte aligned), .symtab with the commons as global STT_OBJECT
 * SHN_COMMON symbols whose value is their alignment, .strtab, .shstrtab.
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
			 char **reason)
{
	size_t shstrndx;
	if (elf_getshdrstrndx(e, &shstrndx) < 0)
		return FAIL("bad section name table index: %s", elf_errmsg(-1));
	if (shstrndx >= n && shstrndx != SHN_UNDEF)
		return FAIL("section name table index %zu, but there are %zu sections", shstrndx, n);
	f->sections = xcalloc(n, sizeof *f->sections);
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
		f->nsections++;
		/* .symtab; a shared object stripped of it still has .dynsym,
		 * whose global symbols are those a link sees */
		if ((sh.sh_type == SHT_SYMTAB || (sh.sh_type == SHT_DYNSYM && !*symtab)) &&
		    !(*symtab && sh.sh_type == SHT_DYNSYM))
			*symtab = scn;
		if (sh.sh_type == SHT_SYMTAB_SHNDX && !*xndx)
			*xndx = scn;
	}
	return 0;
}

static int read_symbols(struct obj_file *f, Elf *e, size_t n, Elf_Scn *symtab, Elf_Scn *xndx,
			char **reason)
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
	size_t count = sh.sh_size / entsize;
	if (count > INT_MAX)
		return FAIL("symbol table too large (%zu symbols)", count);
	f->symbols = xcalloc(count, sizeof *f->symbols);
	for (size_t i = 1; i < count; i++) {
		GElf_Sym sym;
		Elf32_Word x = 0;
		if (!gelf_getsymshndx(d, xd, (int)i, &sym, &x))
			return FAIL("symbol %zu: %s", i, elf_errmsg(-1));
		int type = GELF_ST_TYPE(sym.st_info), bind = GELF_ST_BIND(sym.st_info);
		if (type == STT_SECTION || type == STT_FILE)
			continue;
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
	Elf_Scn *symtab = NULL, *xndx = NULL;
	if (read_sections(f, e, n, &symtab, &xndx, reason) < 0)
		return -1;
	return symtab ? read_symbols(f, e, n, symtab, xndx, reason) : 0;
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

static int build(Elf *e, const struct obj_writer *w, struct strtab *shstr, struct strtab *str,
		 void **symbuf, char **reason)
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

	str_add(shstr, "");
	for (size_t i = 0; i < w->nsections; i++) {
		const struct obj_wsection *s = &w->sections[i];
		int lto = strncmp(s->name, ".gnu.lto_", 9) == 0;
		uint32_t align = lto ? 1 : s->align;
		if (align == 0 || (align & (align - 1)))
			return FAIL("section %s: alignment %" PRIu32 " is not a power of two", s->name, align);
		if (!new_section(e, str_add(shstr, s->name), SHT_PROGBITS, s->flags | (lto ? SHF_EXCLUDE : 0),
				 align, s->data, s->size, ELF_T_BYTE))
			return FAIL("section %s: %s", s->name, elf_errmsg(-1));
	}

	/* The symbol table: the null symbol, then the commons (all global). */
	size_t nsyms = w->ncommons + 1, symsize = gelf_fsize(e, ELF_T_SYM, 1, EV_CURRENT);
	str_add(str, "");
	*symbuf = xcalloc(nsyms, symsize);
	Elf_Scn *symscn = new_section(e, str_add(shstr, ".symtab"), SHT_SYMTAB, 0, w->is64 ? 8 : 4,
				      *symbuf, nsyms * symsize, ELF_T_SYM);
	Elf_Data *symdata = symscn ? elf_getdata(symscn, NULL) : NULL;
	if (!symdata)
		return FAIL("symbol table: %s", elf_errmsg(-1));
	for (size_t i = 0; i < w->ncommons; i++) {
		const struct obj_wcommon *c = &w->commons[i];
		GElf_Sym sym = {
			.st_name = (GElf_Word)str_add(str, c->name),
			.st_info = GELF_ST_INFO(STB_GLOBAL, STT_OBJECT),
			.st_other = STV_DEFAULT,
			.st_shndx = SHN_COMMON,
			.st_value = c->align,
			.st_size = c->size,
		};
		if (!gelf_update_sym(symdata, (int)(i + 1), &sym))
			return FAIL("symbol %s: %s", c->name, elf_errmsg(-1));
	}
	size_t strname = str_add(shstr, ".strtab"), shstrname = str_add(shstr, ".shstrtab");
	Elf_Scn *strscn = new_section(e, strname, SHT_STRTAB, 0, 1, str->p, str->len, ELF_T_BYTE);
	Elf_Scn *shstrscn = new_section(e, shstrname, SHT_STRTAB, 0, 1, shstr->p, shstr->len, ELF_T_BYTE);
	if (!strscn || !shstrscn)
		return FAIL("string tables: %s", elf_errmsg(-1));

	GElf_Shdr sh;
	gelf_getshdr(symscn, &sh);
	sh.sh_link = (GElf_Word)elf_ndxscn(strscn);
	sh.sh_info = 1; /* the first global symbol */
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
	struct strtab shstr = { 0 }, str = { 0 };
	void *symbuf = NULL;
	int rc = build(e, w, &shstr, &str, &symbuf, reason);
	elf_end(e);
	free(shstr.p);
	free(str.p);
	free(symbuf);
	return rc;
}
