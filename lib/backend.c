/* The backend GCC's installation; see backend.h. */
#include "config.h"

#include "backend.h"
#include "backend-config.h"
#include "diag.h"
#include "fileinfo.h"

#include <stdlib.h>
#include <string.h>

const struct backend_multilib backend_multilibs[] = { BACKEND_MULTILIBS };
const size_t backend_nmultilibs = sizeof backend_multilibs / sizeof *backend_multilibs;

const char *backend_cc(void) { return BACKEND_CC; }
const char *backend_triplet(void) { return BACKEND_TRIPLET; }
const char *backend_version(void) { return BACKEND_VERSION; }
const char *backend_fullversion(void) { return BACKEND_FULLVERSION; }
const char *backend_version_line(void) { return BACKEND_VERSION_LINE; }
const char *backend_configured_with(void) { return BACKEND_CONFIGURED_WITH; }
const char *backend_thread_model(void) { return BACKEND_THREAD_MODEL; }
const char *backend_lto_compression(void) { return BACKEND_LTO_COMPRESSION; }
const char *backend_install_dir(void) { return BACKEND_INSTALL_DIR; }
const char *backend_programs(void) { return BACKEND_PROGRAMS; }
const char *backend_cc1(void) { return BACKEND_CC1; }
const char *backend_cc1plus(void) { return BACKEND_CC1PLUS; }
const char *backend_lto1(void) { return BACKEND_LTO1; }
const char *backend_plugin_dir(void) { return BACKEND_PLUGIN_DIR; }
const char *backend_multilib_defaults(void) { return BACKEND_MULTILIB_DEFAULTS; }

const struct backend_link_defaults *backend_link_defaults(void)
{
	static const struct backend_link_defaults d = {
		BACKEND_DEFAULT_PIE, BACKEND_LINK_BUILD_ID, BACKEND_LINK_HASH_GNU,
		BACKEND_LINK_AS_NEEDED, BACKEND_LINK_EH_FRAME_HDR,
	};
	return &d;
}

const struct backend_multilib *backend_multilib(const char *select)
{
	for (size_t i = 0; i < backend_nmultilibs; i++)
		if (strcmp(backend_multilibs[i].select, select) == 0)
			return &backend_multilibs[i];
	return NULL;
}

static void add(struct strvec *out, char *dir, int existing)
{
	if (existing && !file_is_dir(dir)) {
		free(dir);
		return;
	}
	strvec_push(out, dir);
}

void backend_expand(const char *tmpl, const struct backend_multilib *ml,
		    const struct strvec *b, const struct strvec *lp, const char *sysroot,
		    int existing, struct strvec *out)
{
	struct strvec items = { 0 };
	strvec_split(&items, tmpl, ':');
	for (size_t i = 0; i < items.n; i++) {
		const char *it = items.v[i];
		if (strncmp(it, "@BM@", 4) == 0) {
			for (size_t j = 0; j < b->n; j++)
				add(out, xasprintf("%s%s/%s", b->v[j], ml->dir, it + 4), existing);
		} else if (strncmp(it, "@B@", 3) == 0) {
			for (size_t j = 0; j < b->n; j++)
				add(out, xasprintf("%s%s", b->v[j], it + 3), existing);
		} else if (strncmp(it, "@LP@", 4) == 0) {
			for (size_t j = 0; j < lp->n; j++)
				add(out, xasprintf("%s%s", lp->v[j], it + 4), existing);
		} else if (strncmp(it, "@SR@", 4) == 0) {
			add(out, xasprintf("%s%s", sysroot ? sysroot : "", it + 4), existing);
		} else {
			add(out, xstrdup(it), existing);
		}
		free(items.v[i]);
	}
	strvec_free(&items);
}
