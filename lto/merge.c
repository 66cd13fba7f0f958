/* placeholder: being written */
#include "config.h"
#include "lto1.h"
#include "diag.h"
int lto_merge_objects(char *const *inputs, size_t n, const char *out)
{
	(void)inputs; (void)n; (void)out;
	fatal("lto1 --merge is not written yet");
}
