/* Fuzz target: lto/opts.c, the reading and merging of the options each
 * LTO module recorded in ".gnu.lto_.opts".  The input is such a section:
 * NUL-terminated option strings, one per module, in the quoting of
 * COLLECT_GCC_OPTIONS; the last string (when there are two or more) is
 * taken as the link-time options.  Each string is split, decoded and
 * merged as lto1 merges them, and the conflicts warned about (on stderr,
 * which fuzz/run discards).  Seeds: the .opts sections of the seed
 * objects, and option strings of the testsuite's LTO links. */
#include "config.h"
#include "fuzz.h"
#include "lto1.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	unsigned char *buf = malloc(size ? size : 1);
	memcpy(buf, data, size);
	struct strvec strings = { 0 }, link = { 0 }, out = { 0 };
	char *reason = NULL;
	if (lto_opts_decode(buf, size, &strings, &reason) < 0 || strings.n > 64) {
		free(reason);
		strvec_free(&strings);
		free(buf);
		return 0;
	}
	size_t nmods = strings.n > 1 ? strings.n - 1 : strings.n;
	if (strings.n > 1)
		lto_split_options(strings.v[strings.n - 1], &link);
	static const char *const abis[] = { "-m64", "-m32", "-mx32", NULL };
	struct lto_module_opts *mods = calloc(nmods ? nmods : 1, sizeof *mods);
	char names[64][16];
	for (size_t i = 0; i < nmods; i++) {
		snprintf(names[i], sizeof names[i], "m%zu.o", i);
		mods[i] = (struct lto_module_opts){ names[i], strings.v[i], abis[i % 4] };
	}
	lto_merge_options(mods, nmods, &link, &out);
	for (size_t i = 0; i < out.n; i++)
		fuzz_touch(out.v[i], strlen(out.v[i]));
	/* LINK and OUT hold new strings (lto1.h); STRINGS point into BUF */
	for (size_t i = 0; i < link.n; i++)
		free(link.v[i]);
	for (size_t i = 0; i < out.n; i++)
		free(out.v[i]);
	strvec_free(&link);
	strvec_free(&out);
	strvec_free(&strings);
	free(mods);
	free(buf);
	return 0;
}
