/* Fuzz target: PE-COFF objects, plain and bigobj, and short import
 * members, through obj-coff.c (headers, section table, long names in
 * "/NNN" and "//BASE64" form, symbol records and their aux records,
 * the string table).  Seeds: x86_64-w64-mingw32-gcc and
 * i686-w64-mingw32-gcc objects, slim and fat LTO, -Wa,-mbig-obj. */
#include "config.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_object_path(fuzz_file(data, size, "coff.o"));
	return 0;
}
