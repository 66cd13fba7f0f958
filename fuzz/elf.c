/* Fuzz target: ELF relocatable objects through libelf and obj-elf.c's
 * own checks (section and symbol tables, SHT_SYMTAB_SHNDX, relocations,
 * group sections), then the LTO sections they carry.  Seeds: native gcc
 * objects, plain, -g, slim and fat LTO, -m32 (fuzz/seeds). */
#include "config.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_object_path(fuzz_file(data, size, "elf.o"));
	return 0;
}
