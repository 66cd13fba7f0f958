/* placeholder until the option merging lands: first module's options, then the link's */
#include "config.h"
#include "lto1.h"
#include "diag.h"
#include <string.h>
void lto_split_options(const char *s, struct strvec *out)
{
	while (*s) {
		while (*s == ' ') s++;
		if (!*s) break;
		char buf[4096]; size_t n = 0;
		while (*s && *s != ' ') {
			if (*s == '\'') { s++; while (*s && *s != '\'' && n < 4095) buf[n++] = *s++; if (*s) s++; }
			else if (*s == '\\' && s[1]) { buf[n++] = s[1]; s += 2; }
			else buf[n++] = *s++;
		}
		buf[n] = 0;
		strvec_push(out, xstrdup(buf));
	}
}
static int drop(const char *a) { return !strncmp(a, "-flto", 5) || !strncmp(a, "-dump", 5) || !strcmp(a, "-o") || !strcmp(a, "-fno-lto") || !strncmp(a, "-fltrans", 8) || !strncmp(a, "-fwpa", 5) || !strncmp(a, "-fresolution", 12) || !strncmp(a, "-flinker-output", 15); }
void lto_merge_options(const struct lto_module_opts *mods, size_t n, const struct strvec *link_opts, struct strvec *out)
{
	struct strvec m = { 0 };
	if (n) lto_split_options(mods[0].opts, &m);
	for (size_t i = 0; i < m.n; i++) if (!drop(m.v[i]) && strcmp(m.v[i], "-c")) strvec_push(out, m.v[i]);
	for (size_t i = 0; i < link_opts->n; i++) {
		const char *a = link_opts->v[i];
		if (!strcmp(a, "-o") || !strcmp(a, "-dumpdir") || !strcmp(a, "-dumpbase")) { i++; continue; }
		if (drop(a) || a[0] != '-' || !strncmp(a, "-l", 2) || !strncmp(a, "-L", 2)) continue;
		strvec_push(out, a);
	}
}
