/* Fuzz target: lib/respfile.c.  The input is parsed as the text of a
 * response file (respfile_parse, libiberty's buildargv rules); when it
 * parses, the arguments are written back with respfile_write and parsed
 * again, and must come back identical: whatever a name holds (blanks,
 * quotes, backslashes, newlines), a response file written for a long
 * command line carries it as one argument.  An unterminated quote must
 * be reported at a place in the text (diagnostics give its line).  Seeds: a few response
 * files of the testsuite's kinds (fuzz/seeds). */
#include "config.h"
#include "fuzz.h"
#include "respfile.h"
#include "tempfile.h"

static void free_all(struct strvec *v)
{
	for (size_t i = 0; i < v->n; i++)
		free(v->v[i]);
	strvec_free(v);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = malloc(size ? size : 1);
	memcpy(text, data, size);
	struct strvec args = { 0 };
	size_t bad_quote = (size_t)-1;
	int parsed = respfile_parse(text, size, &args, &bad_quote);
	if (parsed != 0 && bad_quote >= size)
		abort(); /* the unterminated quote must be a place in the text */
	if (parsed == 0) {
		char *path = respfile_write(args.v, args.n);
		FILE *f = fopen(path, "r");
		char *back = NULL;
		size_t cap = 0, len = 0;
		if (!f)
			abort();
		if (getdelim(&back, &cap, 0, f) > 0)
			len = strlen(back);
		fclose(f);
		struct strvec again = { 0 };
		if (respfile_parse(back ? back : "", len, &again, &bad_quote) != 0 || again.n != args.n)
			abort(); /* the written file does not read back */
		for (size_t i = 0; i < args.n; i++)
			if (strcmp(args.v[i], again.v[i]) != 0)
				abort();
		free(back);
		free_all(&again);
		free(path);
		temp_cleanup(0); /* removes the file; the table would fill up */
	}
	free_all(&args);
	free(text);
	return 0;
}
