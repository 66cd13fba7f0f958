/* lto1 --list FILE...: what an object, or each member of an archive,
 * carries for LTO — for people and for the tests, which use it instead of
 * grepping binutils' output.
 *
 * Per object: the format and machine, whether it is LTO and slim or fat,
 * the bytecode version and compression of each module (sub-id), the
 * module's options, its LTO sections, and its decoded LTO symbol table in
 * the columns of `readelf --lto-syms` (binutils 2.40 prints an extra '_'
 * before every name; xgcc prints the names as they are).
 */
#include "config.h"

#include "lto1.h"
#include "diag.h"
#include "lto-sections.h"
#include "obj.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *kind_name(enum obj_kind k)
{
	static const char *const names[] = {
		[OBJK_OTHER] = "not an object", [OBJK_ELF_REL] = "ELF relocatable",
		[OBJK_ELF_DYN] = "ELF shared object", [OBJK_ELF_EXEC] = "ELF executable",
		[OBJK_COFF] = "COFF object", [OBJK_COFF_BIGOBJ] = "COFF bigobj object",
		[OBJK_COFF_IMPORT] = "COFF import library member", [OBJK_PE_IMAGE] = "PE image",
		[OBJK_ARCHIVE] = "archive", [OBJK_THIN_ARCHIVE] = "thin archive",
	};
	return names[k];
}

static const char *machine_name(enum obj_format fmt, unsigned m)
{
	if (fmt == OBJ_ELF)
		return m == 62 ? "x86-64" : m == 3 ? "i386" : m == 183 ? "AArch64" : m == 243 ? "RISC-V" : m == 40 ? "ARM" : "other";
	return m == 0x8664 ? "AMD64" : m == 0x14c ? "i386" : "other";
}

/* The section of module ID named ".gnu.lto_KIND.<id>", or NULL. */
static const struct obj_section *module_section(struct obj_file *f, const char *want, uint64_t mod)
{
	for (struct lto_sections it = { .f = f }; lto_sections_next(&it);)
		if (it.has_id && it.id == mod && strcmp(it.kind, want) == 0)
			return it.s;
	return NULL;
}

static int list_object(const char *path)
{
	struct obj_file *f = obj_open_or_report(path);
	if (!f)
		return 1;
	/* the modules, in the order their .lto sections appear */
	uint64_t *mods = NULL;
	size_t nmods = 0, nlto = 0;
	for (struct lto_sections it = { .f = f }; lto_sections_next(&it);) {
		nlto++;
		if (strcmp(it.kind, ".lto") == 0) {
			mods = xrealloc(mods, (nmods + 1) * sizeof *mods);
			mods[nmods++] = it.id;
		}
	}
	printf("%s: %s, %s, ", path, kind_name(obj_kind(f)), machine_name(obj_format(f), obj_machine(f)));
	if (!nlto) {
		printf("not LTO\n");
		free(mods);
		obj_close(f);
		return 0;
	}
	int status = 0, slim = 0;
	struct lto_header *hs = xcalloc(nmods + 1, sizeof *hs);
	for (size_t m = 0; m < nmods; m++) {
		const struct obj_section *s = module_section(f, ".lto", mods[m]);
		char *reason;
		if (lto_header_decode(s->data, s->data ? s->size : 0, &hs[m], &reason) < 0) {
			diag(DIAG_ERROR, "%s: section %s: %s", path, s->name, reason);
			status = 1;
		}
		slim |= hs[m].slim;
	}
	printf("LTO %s, %zu module%s\n", slim ? "slim" : "fat", nmods, nmods == 1 ? "" : "s");

	const struct obj_section *opts = obj_find_section(f, ".gnu.lto_.opts");
	struct strvec optv = { 0 };
	char *reason;
	if (opts && lto_opts_decode(opts->data, opts->data ? opts->size : 0, &optv, &reason) < 0) {
		diag(DIAG_ERROR, "%s: section .gnu.lto_.opts: %s", path, reason);
		status = 1;
	}
	for (size_t m = 0; m < nmods; m++) {
		printf("  module %" PRIx64 ": bytecode %d.%d, %s, %s\n", mods[m], hs[m].major, hs[m].minor,
		       hs[m].slim ? "slim" : "fat",
		       lto_header_compression(&hs[m]) == LTO_ZSTD ? "zstd" : "zlib");
		if (m < optv.n)
			printf("    options: %s\n", optv.v[m]);
		for (struct lto_sections it = { .f = f }; lto_sections_next(&it);)
			if (it.has_id && it.id == mods[m])
				printf("    section %s %" PRIu64 "\n", it.s->name, it.s->size);
		const struct obj_section *st = module_section(f, ".symtab", mods[m]);
		const struct obj_section *ext = module_section(f, ".ext_symtab", mods[m]);
		struct lto_symbol *syms;
		size_t nsyms;
		if (!st)
			continue;
		if (lto_symtab_decode(st->data, st->data ? st->size : 0, ext ? ext->data : NULL,
				      ext && ext->data ? ext->size : 0, &syms, &nsyms, &reason) < 0) {
			diag(DIAG_ERROR, "%s: section %s: %s", path, st->name, reason);
			status = 1;
			continue;
		}
		printf("    LTO symbols of %s:\n", st->name);
		printf("    %10s %10s %11s %8s  %8s  %8s %8s %s\n", "Comdat_Key", "Kind", "Visibility",
		       "Size", "Slot", "Type", "Section", "Name");
		for (size_t k = 0; k < nsyms; k++)
			printf("    %10s %10s %11s %08" PRIx64 "  %08" PRIx32 "  %8s %08x %s\n",
			       *syms[k].comdat ? syms[k].comdat : "-", lto_kind_name(syms[k].kind),
			       lto_vis_name(syms[k].visibility), syms[k].size, syms[k].slot,
			       syms[k].has_ext ? lto_type_name(syms[k].type) : "-",
			       syms[k].has_ext ? syms[k].section_kind : 0u, syms[k].name);
		free(syms);
	}
	strvec_free(&optv);
	free(hs);
	free(mods);
	obj_close(f);
	return status;
}

int lto_list(int argc, char **argv)
{
	int status = 0;
	for (int i = 0; i < argc; i++) {
		const char *path = argv[i];
		char *err = NULL;
		enum obj_kind k = obj_classify(path, &err);
		if (err) {
			diag(DIAG_ERROR, "%s", err);
			status = 1;
			continue;
		}
		if (!obj_kind_is_archive(k)) {
			status |= list_object(path);
			continue;
		}
		struct ar_file *a = ar_open(path, &err);
		if (!a) {
			diag(DIAG_ERROR, "%s", err);
			status = 1;
			continue;
		}
		printf("%s: %s, %zu member%s\n", path, kind_name(k), ar_nmembers(a),
		       ar_nmembers(a) == 1 ? "" : "s");
		for (size_t m = 0; m < ar_nmembers(a); m++) {
			const struct ar_member *mem = ar_member(a, m);
			char *mpath = mem->thin_path ? xstrdup(mem->thin_path)
						     : xasprintf("%s@0x%" PRIx64, path, mem->offset);
			printf("member %s (%s)\n", mpath, mem->name);
			enum obj_kind mk = obj_classify(mpath, NULL);
			if (obj_kind_is_object(mk))
				status |= list_object(mpath);
			else
				printf("%s: %s\n", mpath, kind_name(mk));
			free(mpath);
		}
		ar_close(a);
	}
	return status;
}
