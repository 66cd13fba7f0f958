/* Decoding the LTO sections; see lto-sections.h. */
#include "config.h"

#include "lto-sections.h"
#include "diag.h"
#include "obj.h"

#include <stdlib.h>
#include <string.h>

static int is_hex(const char *s)
{
	if (!*s)
		return 0;
	for (; *s; s++)
		if (!((*s >= '0' && *s <= '9') || (*s >= 'a' && *s <= 'f')))
			return 0;
	return 1;
}

int lto_section_name(const char *name, char *kind, size_t kindsz, uint64_t *id, int *has_id)
{
	size_t plen = strlen(LTO_SECTION_PREFIX);
	if (strncmp(name, LTO_SECTION_PREFIX, plen) != 0)
		return 0;
	const char *rest = name + plen;
	const char *dot = strrchr(rest, '.');
	*has_id = 0;
	*id = 0;
	size_t klen = strlen(rest);
	/* ".opts" has no id; every other name ends in ".<hexid>" */
	if (dot && dot != rest && strcmp(rest, ".opts") != 0 && is_hex(dot + 1) && strlen(dot + 1) <= 16) {
		*has_id = 1;
		for (const char *p = dot + 1; *p; p++)
			*id = *id * 16 + (uint64_t)(*p <= '9' ? *p - '0' : *p - 'a' + 10);
		klen = (size_t)(dot - rest);
	}
	if (kindsz) {
		if (klen >= kindsz)
			klen = kindsz - 1;
		memcpy(kind, rest, klen);
		kind[klen] = 0;
	}
	return 1;
}

int lto_sections_next(struct lto_sections *it)
{
	while (it->next < obj_nsections(it->f)) {
		it->index = it->next++;
		it->s = obj_section(it->f, it->index);
		if (lto_section_name(it->s->name, it->kind, sizeof it->kind, &it->id, &it->has_id))
			return 1;
	}
	return 0;
}

static unsigned get16(const unsigned char *p) { return (unsigned)p[0] | (unsigned)p[1] << 8; }
static uint32_t get32(const unsigned char *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}
static uint64_t get64(const unsigned char *p) { return (uint64_t)get32(p) | (uint64_t)get32(p + 4) << 32; }

int lto_header_decode(const unsigned char *data, size_t size, struct lto_header *h, char **reason)
{
	if (!data || size < 8) {
		*reason = xasprintf("LTO header is %zu bytes, expected 8", data ? size : 0);
		return -1;
	}
	h->major = (int16_t)get16(data);
	h->minor = (int16_t)get16(data + 2);
	h->slim = data[4];
	h->flags = get16(data + 6);
	return 0;
}

enum lto_compression lto_header_compression(const struct lto_header *h)
{
	return (h->flags & 1) ? LTO_ZSTD : LTO_ZLIB;
}

int lto_symtab_decode(const unsigned char *symtab, size_t size, const unsigned char *ext,
		      size_t ext_size, struct lto_symbol **out, size_t *n, char **reason)
{
	struct lto_symbol *syms = NULL;
	size_t count = 0, cap = 0, pos = 0, epos = 1;
	if (ext && (ext_size < 1 || ext[0] != 1)) {
		*reason = xasprintf("extension symbol table has version %u, expected 1",
				    ext_size ? ext[0] : 0u);
		return -1;
	}
	while (pos < size) {
		const char *name = (const char *)symtab + pos;
		const void *nul = memchr(name, 0, size - pos);
		if (!nul)
			goto truncated;
		pos += strlen(name) + 1;
		const char *comdat = (const char *)symtab + pos;
		if (pos >= size || !(nul = memchr(comdat, 0, size - pos)))
			goto truncated;
		pos += strlen(comdat) + 1;
		if (size - pos < 14)
			goto truncated;
		if (count == cap)
			syms = xrealloc(syms, (cap = cap ? 2 * cap : 64) * sizeof *syms);
		struct lto_symbol *s = &syms[count++];
		s->name = name;
		s->comdat = comdat;
		if (symtab[pos] > LTO_COMMON || symtab[pos + 1] > LTO_VIS_HIDDEN) {
			free(syms);
			*reason = xasprintf("LTO symbol %s has kind %u and visibility %u", name, symtab[pos],
					    symtab[pos + 1]);
			return -1;
		}
		s->kind = (enum lto_kind)symtab[pos];
		s->visibility = (enum lto_vis)symtab[pos + 1];
		s->size = get64(symtab + pos + 2);
		s->slot = get32(symtab + pos + 10);
		pos += 14;
		s->has_ext = 0;
		s->type = s->section_kind = 0;
		if (ext) {
			if (ext_size - epos < 2) {
				free(syms);
				*reason = xstrdup("extension symbol table is shorter than the symbol table");
				return -1;
			}
			s->has_ext = 1;
			s->type = ext[epos];
			s->section_kind = ext[epos + 1];
			epos += 2;
		}
	}
	*out = syms;
	*n = count;
	return 0;
truncated:
	free(syms);
	*reason = xasprintf("LTO symbol table truncated at byte %zu of %zu", pos, size);
	return -1;
}

int lto_opts_decode(const unsigned char *data, size_t size, struct strvec *modules, char **reason)
{
	size_t pos = 0;
	while (pos < size) {
		const char *s = (const char *)data + pos;
		const char *nul = memchr(s, 0, size - pos);
		if (!nul) {
			*reason = xstrdup("option string not terminated");
			return -1;
		}
		strvec_push(modules, s);
		pos += (size_t)(nul - s) + 1;
	}
	return 0;
}

const char *lto_kind_name(enum lto_kind k)
{
	static const char *const names[] = { "DEF", "WEAKDEF", "UNDEF", "WEAKUNDEF", "COMMON" };
	return names[k];
}

const char *lto_vis_name(enum lto_vis v)
{
	static const char *const names[] = { "DEFAULT", "PROTECTED", "INTERNAL", "HIDDEN" };
	return names[v];
}

const char *lto_type_name(unsigned type)
{
	return type == 1 ? "FUNCTION" : type == 2 ? "VARIABLE" : "UNKNOWN";
}
