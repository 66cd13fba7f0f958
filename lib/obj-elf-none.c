/* The ELF back end of a build without ELF targets (m4/lto.m4 left libelf
 * out): an ELF file is recognised by obj.c and refused here, one line. */
#include "config.h"

#include "obj-internal.h"
#include "diag.h"

static int refuse(char **reason)
{
	*reason = xstrdup("ELF objects are not supported: xgcc was configured without an ELF target");
	return -1;
}

int elf_read(struct obj_file *f, char **reason) { (void)f; return refuse(reason); }

int elf_relocs(struct obj_file *f, size_t i, struct obj_reloc **out, size_t *n, char **reason)
{
	(void)f, (void)i, (void)out, (void)n;
	return refuse(reason);
}

int elf_write(const struct obj_writer *w, int fd, char **reason) { (void)w, (void)fd; return refuse(reason); }

int elf_unname_file_symbols(struct obj_file *f, int *changed, char **reason)
{
	(void)f, (void)changed;
	return refuse(reason);
}
