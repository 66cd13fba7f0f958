/* The backend's specs, as xgcc has them.
 *
 * gcc's behaviour is data: its option table and its specs, the named spec
 * strings -dumpspecs prints (driver/spec.c reads and runs that language).
 * xgcc takes them from the backend when it is configured (lib/backend.h,
 * build-aux/probe-backend) and makes one edit, its documented difference:
 * the link runs xgcc's collect2 and link-time stage, which need no linker
 * plugin, so *link_command loses the block that gives ld -plugin and its
 * -plugin-opt= options (%{!fno-use-linker-plugin:%{!fno-lto:...}}).
 * Everything else is the backend's, body for body.
 */
#include "config.h"

#include "driver.h"
#include "spec.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Remove from S the %{...} that starts with PREFIX (braces balanced). */
static void remove_block(char *s, const char *prefix)
{
	char *at = s ? strstr(s, prefix) : NULL;
	if (!at)
		return;
	int depth = 0;
	char *p = at;
	for (; *p; p++) {
		if (p[0] == '%' && p[1] == '{')
			depth++, p++;
		else if (*p == '{')
			depth++;
		else if (*p == '}' && --depth == 0)
			break;
	}
	if (*p)
		memmove(at, p + 1, strlen(p + 1) + 1);
}

void driver_specs(struct spec_set *s)
{
	char *err = NULL;
	if (spec_read_text(s, "the backend's specs", backend_current()->specs, 1, 0, NULL, NULL, 0, &err) < 0)
		fatal("%s", err);
	s->sealed = 1;
	remove_block(s->link_command, "%{!fno-use-linker-plugin:");
}

void dump_specs(void)
{
	struct spec_set s = { 0 };
	driver_specs(&s);
	spec_dump(&s, stdout);
	spec_set_free(&s);
}
