/* Fuzz target: ar archives (archive.c): GNU and BSD names and symbol
 * indexes, "//" name tables, thin archives; then every member found
 * again by its offset the way "lib.a@0xOFF" paths find it
 * (ar_find_member), and opened as an object from a copy of its bytes.
 * The members are not opened through "PATH@0xOFF" here: obj.c keeps
 * archive mappings cached by inode and time for the life of the
 * process, which a file rewritten for each input would defeat.
 * Seeds: ar and x86_64-w64-mingw32-ar archives of the seed objects. */
#include "config.h"
#include "fuzz.h"
#include "obj-internal.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char path[4096]; /* fuzz_file's buffer is reused for the members */
	snprintf(path, sizeof path, "%s", fuzz_file(data, size, "lib.a"));
	char *err = NULL;
	struct ar_file *a = ar_open(path, &err);
	if (!a) {
		fuzz_touch(err, strlen(err));
		free(err);
		return 0;
	}
	for (size_t i = 0; i < ar_nindex(a); i++) {
		const struct ar_index_entry *e = ar_index(a, i);
		fuzz_touch(e->symbol, strlen(e->symbol));
	}
	for (size_t i = 0; i < ar_nmembers(a) && i < 64; i++) {
		const struct ar_member *m = ar_member(a, i);
		fuzz_touch(m->name, strlen(m->name));
		uint64_t msize;
		char *thin = NULL, *reason = NULL;
		if (ar_find_member(path, data, size, m->offset, &msize, &thin, &reason) < 0) {
			free(reason);
			continue;
		}
		if (!thin) {
			if (m->offset > size || msize > size - m->offset)
				abort(); /* a member past the end */
			fuzz_object_path(fuzz_file(data + m->offset, (size_t)msize, "member.o"));
		}
		free(thin);
	}
	ar_close(a);
	return 0;
}
