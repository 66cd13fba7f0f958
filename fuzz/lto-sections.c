/* Fuzz target: lib/lto-sections.c, the decoders of what GCC writes in
 * its LTO sections, fed the raw bytes of a section.  The first byte
 * picks the decoder:
 *   0  the ".gnu.lto_.lto" module header,
 *   1  ".gnu.lto_.symtab" alone,
 *   2  ".gnu.lto_.symtab" with ".gnu.lto_.ext_symtab": then two bytes
 *      (little-endian) give the symtab's length, the rest is ext_symtab,
 *   3  a section name (lto_section_name),
 *   4  ".gnu.lto_.opts".
 * Seeds: the sections of the seed objects, extracted by objcopy. */
#include "config.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1)
		return 0;
	unsigned mode = data[0] % 5;
	data++, size--;
	/* A copy of exactly SIZE bytes, so that ASan catches a read past it. */
	unsigned char *buf = malloc(size ? size : 1);
	memcpy(buf, data, size);
	char *reason = NULL;
	struct lto_symbol *ls = NULL;
	size_t n = 0;
	switch (mode) {
	case 0: {
		struct lto_header h;
		if (lto_header_decode(buf, size, &h, &reason) == 0)
			(void)lto_header_compression(&h);
		break;
	}
	case 1:
	case 2: {
		size_t split = size, ext = 0;
		if (mode == 2 && size >= 2) {
			split = (size_t)(buf[0] | buf[1] << 8);
			if (split > size - 2)
				split = size - 2;
			ext = size - 2 - split;
		}
		/* separate allocations, each exactly its size */
		unsigned char *st = malloc(split ? split : 1), *ex = malloc(ext ? ext : 1);
		memcpy(st, buf + (mode == 2 && size >= 2 ? 2 : 0), split);
		memcpy(ex, buf + size - ext, ext);
		if (lto_symtab_decode(st, split, mode == 2 ? ex : NULL, ext, &ls, &n, &reason) == 0) {
			for (size_t i = 0; i < n; i++) {
				fuzz_touch(ls[i].name, strlen(ls[i].name));
				fuzz_touch(ls[i].comdat, strlen(ls[i].comdat));
				(void)lto_kind_name(ls[i].kind), (void)lto_vis_name(ls[i].visibility);
				(void)lto_type_name(ls[i].type);
			}
			free(ls);
		}
		free(st);
		free(ex);
		break;
	}
	case 3: {
		char *name = strndup((const char *)buf, size);
		char kind[64];
		uint64_t id;
		int has_id;
		if (lto_section_name(name, kind, sizeof kind, &id, &has_id))
			fuzz_touch(kind, strlen(kind));
		free(name);
		break;
	}
	case 4: {
		struct strvec m = { 0 };
		if (lto_opts_decode(buf, size, &m, &reason) == 0)
			for (size_t i = 0; i < m.n; i++)
				fuzz_touch(m.v[i], strlen(m.v[i]));
		strvec_free(&m);
		break;
	}
	}
	free(reason);
	free(buf);
	return 0;
}
