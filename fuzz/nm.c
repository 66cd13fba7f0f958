/* Fuzz target: collect2's reading of "nm -A -P" output (collect/nm.c
 * nm_mark_line), which finds the LTO markers __gnu_lto_v1 and
 * __gnu_lto_slim of the archive members nm reads by the files it names:
 * each member copied to a file of its own.  The link has an object
 * "a.o" and an archive "lib.a" with members x.o, y.o and x.o again,
 * the first two copied to "ccAbCdEf/1" and "ccAbCdEf/12" (one path a
 * prefix of the other), the third the file "dir [1]/b: c.o" of a thin
 * archive (a path with blanks, brackets and ": "); the first input byte
 * picks the target (symbol prefix "" or "_"), the rest is nm's output,
 * line by line.  Seeds: the real output of nm over the seed objects and
 * archives (fuzz/seeds). */
#include "config.h"
#include "fuzz.h"
#include "../collect/inputs.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1)
		return 0;
	static const char *const triplets[] = { "x86_64-linux-gnu", "i686-w64-mingw32" };
	const struct target *t = target_find(triplets[data[0] & 1]);
	if (!t)
		abort();
	struct member members[3] = {
		{ .m = { .name = "x.o" } }, { .m = { .name = "y.o" } }, { .m = { .name = "x.o" } },
	};
	struct input inputs[2] = {
		{ .path = "a.o", .kind = OBJK_ELF_REL },
		{ .path = "lib.a", .kind = OBJK_ARCHIVE, .members = members, .nmembers = 3 },
	};
	struct link l = { .target = t, .inputs = inputs, .ninputs = 2 };
	const struct nm_file files[3] = {
		{ .path = "ccAbCdEf/1", .input = 1, .member = 0, .temp = 1 },
		{ .path = "ccAbCdEf/12", .input = 1, .member = 1, .temp = 1 },
		{ .path = "dir [1]/b: c.o", .input = 1, .member = 2 },
	};
	int m0[1] = { 0 }, m1[4] = { 0 };
	int *member_marked[2] = { m0, m1 };
	/* lines as getline gives them: up to and with the newline, NUL-terminated */
	char *text = malloc(size);
	memcpy(text, data + 1, size - 1);
	text[size - 1] = 0;
	for (char *p = text, *end = text + size - 1; p < end;) {
		char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t len = nl ? (size_t)(nl - p) + 1 : (size_t)(end - p);
		char *line = malloc(len + 1);
		memcpy(line, p, len);
		line[len] = 0;
		nm_mark_line(&l, files, 3, line, member_marked);
		free(line);
		p += len;
	}
	if (m0[0] || m1[3])
		abort(); /* marked an input or a member that is not there */
	free(text);
	return 0;
}
