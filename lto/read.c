/* Reading the LTO inputs: modules, bytecode versions, symbol tables,
 * recorded options, and the integrity of the compressed streams.
 *
 * An LTO object holds one module per distinct id of its ".gnu.lto_*.<id>"
 * sections: one, or several after "ld -r".  A module's ".lto" section
 * gives its bytecode version and how its streams are compressed; its
 * ".symtab" (and ".ext_symtab") the symbols the resolution file must
 * list; ".gnu.lto_.opts" holds one option string per module, in module
 * order.  The backend reads a module only if its major and minor version
 * are its own (struct backend's lto_major, lto_minor, which configure
 * probes); anything else would stop it with a fatal error naming a
 * temporary file, so the versions are checked here first and the
 * message names the input and both versions.
 *
 * Every section but .lto, .symtab, .ext_symtab and .opts is a compressed
 * stream (zstd frames starting 28 b5 2f fd, or zlib streams 78 xx) as the
 * module's header flag says.  A stream whose first bytes do not fit the
 * flag is reported at once; lto_check_streams() decompresses every stream
 * in full, on request (lto1 --verify) or when the backend has failed, so
 * that a damaged object is named instead of a backend crash.
 */
#include "config.h"

#include "lto1.h"

#include "backend.h"
#include "diag.h"
#include "lto-sections.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>
#include <zstd.h>

static int is_plain_section(const char *kind)
{
	return !strcmp(kind, ".lto") || !strcmp(kind, ".symtab") || !strcmp(kind, ".ext_symtab") ||
	       !strcmp(kind, ".opts");
}

static struct lto_module *find_module(const struct lto_input *in, uint64_t id)
{
	for (size_t m = 0; m < in->nmods; m++)
		if (in->mods[m].id == id)
			return &in->mods[m];
	return NULL;
}

static int stream_magic_ok(enum lto_compression c, const unsigned char *p, uint64_t n)
{
	if (c == LTO_ZSTD)
		return n >= 4 && p[0] == 0x28 && p[1] == 0xb5 && p[2] == 0x2f && p[3] == 0xfd;
	return n >= 2 && (p[0] & 0x0f) == 8 && ((p[0] << 8) | p[1]) % 31 == 0;
}

int lto_read_input(const char *name, struct lto_input *in)
{
	memset(in, 0, sizeof *in);
	in->name = name;
	if (!(in->f = obj_open_or_report(name)))
		return 1;
	struct obj_file *f = in->f;
	/* modules, in the order of their .lto sections */
	for (struct lto_sections it = { .f = f }; lto_sections_next(&it);) {
		const struct obj_section *s = it.s;
		uint64_t id = it.id;
		if (!it.has_id || strcmp(it.kind, ".lto") != 0)
			continue;
		in->mods = xrealloc(in->mods, (in->nmods + 1) * sizeof *in->mods);
		struct lto_module *m = &in->mods[in->nmods++];
		memset(m, 0, sizeof *m);
		m->id = id;
		char *reason;
		if (lto_header_decode(s->data, s->data ? s->size : 0, &m->h, &reason) < 0) {
			diag(DIAG_ERROR, "%s: section %s: %s", name, s->name, reason);
			return 1;
		}
		/* The backend's own version, probed by configure (the GCC
		 * version does not give its minor); gcc's lto1 message, but
		 * naming the input as the link line has it (an archive
		 * member as "lib.a(f.o)") and the backend. */
		int major, minor;
		if (!backend_lto_version(&major, &minor)) {
			diag(DIAG_ERROR, "%s: the backend %s has no LTO (configure learnt no LTO bytecode "
			     "version from it)", diag_q(obj_display_name(name)), backend_cc());
			return 1;
		}
		if (m->h.major != major || m->h.minor != minor) {
			diag(DIAG_ERROR, "bytecode stream in file %s generated with LTO version %d.%d instead of "
			     "the expected %d.%d (the backend is %s %s)", diag_q(obj_display_name(name)), m->h.major,
			     m->h.minor, major, minor, backend_cc(), backend_fullversion());
			return 1;
		}
		in->slim |= m->h.slim;
	}
	if (!in->nmods) {
		diag(DIAG_ERROR, "%s: not an LTO object (no .gnu.lto_.lto section)", name);
		return 1;
	}
	for (struct lto_sections it = { .f = f }; lto_sections_next(&it);) {
		const struct obj_section *s = it.s;
		const char *kind = it.kind;
		uint64_t id = it.id;
		if (!it.has_id)
			continue; /* .gnu.lto_.opts */
		struct lto_module *m = find_module(in, id);
		if (!m) {
			diag(DIAG_ERROR, "%s: section %s belongs to no module (no .gnu.lto_.lto.%" PRIx64 ")",
			     name, s->name, id);
			return 1;
		}
		if (!strcmp(kind, ".symtab"))
			m->symtab = s;
		else if (!strcmp(kind, ".ext_symtab"))
			m->ext_symtab = s;
		else if (!is_plain_section(kind) && s->size &&
			 !stream_magic_ok(lto_header_compression(&m->h), s->data, s->data ? s->size : 0)) {
			diag(DIAG_ERROR, "%s: section %s: corrupt compressed stream (it does not start as a "
			     "%s stream)", name, s->name, lto_header_compression(&m->h) == LTO_ZSTD ? "zstd" : "zlib");
			return 1;
		}
	}
	for (size_t k = 0; k < in->nmods; k++) {
		struct lto_module *m = &in->mods[k];
		char *reason;
		if (!m->symtab)
			continue;
		if (lto_symtab_decode(m->symtab->data, m->symtab->data ? m->symtab->size : 0,
				      m->ext_symtab ? m->ext_symtab->data : NULL,
				      m->ext_symtab && m->ext_symtab->data ? m->ext_symtab->size : 0, &m->syms,
				      &m->nsyms, &reason) < 0) {
			diag(DIAG_ERROR, "%s: section %s: %s", name, m->symtab->name, reason);
			return 1;
		}
	}
	const struct obj_section *opts = obj_find_section(f, ".gnu.lto_.opts");
	struct strvec optv = { 0 };
	char *reason;
	if (opts && lto_opts_decode(opts->data, opts->data ? opts->size : 0, &optv, &reason) < 0) {
		diag(DIAG_ERROR, "%s: section .gnu.lto_.opts: %s", name, reason);
		return 1;
	}
	/* one string per module, in module order; a module without one (an
	 * odd "ld -r" mix) gets the last one seen */
	for (size_t k = 0; k < in->nmods; k++)
		in->mods[k].opts = k < optv.n ? optv.v[k] : optv.n ? optv.v[optv.n - 1] : "";
	return 0;
}

/* Decompress one stream in full, discarding the output. */
static int stream_ok(enum lto_compression c, const unsigned char *data, uint64_t size)
{
	static unsigned char out[1 << 16];
	if (c == LTO_ZSTD) {
		ZSTD_DCtx *dc = ZSTD_createDCtx();
		ZSTD_inBuffer ib = { data, size, 0 };
		size_t r = 1;
		while (ib.pos < ib.size) {
			ZSTD_outBuffer ob = { out, sizeof out, 0 };
			r = ZSTD_decompressStream(dc, &ob, &ib);
			if (ZSTD_isError(r))
				break;
			if (r == 0 && ib.pos < ib.size)
				continue; /* the next frame */
			if (ob.pos == 0 && r != 0 && ib.pos == ib.size)
				break;
		}
		ZSTD_freeDCtx(dc);
		return !ZSTD_isError(r) && r == 0;
	}
	z_stream z;
	memset(&z, 0, sizeof z);
	if (inflateInit(&z) != Z_OK)
		return 0;
	z.next_in = (unsigned char *)data;
	z.avail_in = (uInt)size;
	int r;
	do {
		z.next_out = out;
		z.avail_out = sizeof out;
		r = inflate(&z, Z_NO_FLUSH);
	} while (r == Z_OK);
	inflateEnd(&z);
	return r == Z_STREAM_END;
}

int lto_check_streams(const struct lto_input *in)
{
	struct obj_file *f = in->f;
	for (struct lto_sections it = { .f = f }; lto_sections_next(&it);) {
		const struct obj_section *s = it.s;
		uint64_t id = it.id;
		if (!it.has_id || is_plain_section(it.kind) || !s->size)
			continue;
		const struct lto_module *m = find_module(in, id);
		if (m && (!s->data || !stream_ok(lto_header_compression(&m->h), s->data, s->size))) {
			diag(DIAG_ERROR, "%s: section %s: corrupt compressed stream", in->name, s->name);
			return 1;
		}
	}
	return 0;
}
