/* The backend GCC's installation; see backend.h. */
#include "config.h"

#include "backend.h"
#include "host.h"
#include "backend-config.h"
#include "target.h"
#include "diag.h"
#include "fileinfo.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

const struct backend *const backends[] = { BACKEND_TABLE };
const size_t nbackends = sizeof backends / sizeof *backends;

static const struct backend *current;

/* Whether A and B name the same file once their symbolic links are
 * followed: an alternative's chain (/usr/bin/x86_64-w64-mingw32-gcc ->
 * /etc/alternatives/... -> ...-gcc-posix) ends at one of the variants. */
static int same_file(const char *a, const char *b)
{
	return *a && *b && file_same(a, b);
}

/* The thread-model variant THREAD_MODEL of backends[FIRST] (a backend of
 * the same triplet), or NULL. */
static const struct backend *variant_of(size_t first, const char *thread_model)
{
	for (size_t i = first; i < nbackends; i++)
		if (strcmp(backends[i]->triplet, backends[first]->triplet) == 0 &&
		    strcmp(backends[i]->thread_model, thread_model) == 0)
			return backends[i];
	return NULL;
}

/* Which variant of backends[FIRST] runs: see backend.h. */
static const struct backend *choose_variant(size_t first, const char *asked, int cxx)
{
	static const char configured_thread_model[] = XGCC_DEFAULT_THREAD_MODEL;
	const char *triplet = backends[first]->triplet;
	const struct backend *b;
	if (asked)
		return variant_of(first, asked);
	size_t nvariants = 0;
	for (size_t i = first; i < nbackends; i++)
		nvariants += strcmp(backends[i]->triplet, triplet) == 0;
	if (nvariants == 1)
		return backends[first];
	const char *inherited = getenv("XGCC_THREAD_MODEL");
	if (inherited && *inherited && (b = variant_of(first, inherited)))
		return b;
	if (*configured_thread_model && (b = variant_of(first, configured_thread_model)))
		return b;
	for (size_t i = first; i < nbackends; i++) {
		b = backends[i];
		if (strcmp(b->triplet, triplet) != 0)
			continue;
		int by_cxx = cxx && *b->alternative_cxx && *b->cxx_path;
		if (same_file(by_cxx ? b->alternative_cxx : b->alternative, by_cxx ? b->cxx_path : b->cc_path))
			return b;
	}
	return backends[first];
}

int backend_select_thread_model(const char *triplet, const char *thread_model, int cxx)
{
	const struct target *t = target_find(triplet);
	size_t first = nbackends;
	for (size_t i = 0; i < nbackends && first == nbackends; i++)
		if (strcmp(backends[i]->triplet, triplet) == 0)
			first = i;
	for (size_t i = 0; t && i < nbackends && first == nbackends; i++)
		if (target_find(backends[i]->triplet) == t)
			first = i;
	if (first == nbackends)
		return 0;
	const struct backend *b = choose_variant(first, thread_model, cxx);
	if (!b)
		return 0;
	current = b;
	return 1;
}

int backend_select(const char *triplet)
{
	return backend_select_thread_model(triplet, NULL, 0);
}

int backend_thread_model_known(const char *thread_model)
{
	for (size_t i = 0; i < nbackends; i++)
		if (strcmp(backends[i]->thread_model, thread_model) == 0)
			return 1;
	return 0;
}

const struct backend *backend_current(void)
{
	if (!current) {
		const char *t = getenv("XGCC_TARGET");
		if (!t || !*t || !backend_select(t))
			current = backends[0];
	}
	return current;
}

/* The current backend's place in backends[]. */
static size_t backend_index(void)
{
	const struct backend *b = backend_current();
	for (size_t i = 0; i < nbackends; i++)
		if (backends[i] == b)
			return i;
	return 0;
}

char *backend_stable_order_name(void)
{
	return xasprintf("stable_order_%zu", backend_index());
}

#define B backend_current()
const char *backend_cc(void) { return B->cc; }

const char *backend_origin(void)
{
	static char *text;
	free(text);
	text = B == backends[0] ? xasprintf("the backend %s given to --with-backend", B->cc)
				: xasprintf("the %s backend %s that configure found", B->triplet, B->cc_path);
	return text;
}
const char *backend_triplet(void) { return B->triplet; }
const char *backend_version(void) { return B->version; }
int backend_major(void) { return B->version ? atoi(B->version) : 0; }
const char *backend_fullversion(void) { return B->fullversion; }
const char *backend_version_line(void) { return B->version_line; }
const char *backend_configured_with(void) { return B->configured_with; }
const char *backend_thread_model(void) { return B->thread_model; }
const char *backend_lto_compression(void) { return B->lto_compression; }
int backend_lto_version(int *major, int *minor)
{
	*major = B->lto_major;
	*minor = B->lto_minor;
	return B->lto_major > 0;
}
const char *backend_install_dir(void) { return B->install_dir; }
const char *backend_programs(void) { return B->programs; }
const char *backend_cc1(void) { return B->cc1; }
const char *backend_cc1plus(void) { return B->cc1plus; }
const char *backend_lto1(void) { return B->lto1; }
const char *backend_plugin_dir(void) { return B->plugin_dir; }
const char *backend_sysroot(void) { return B->sysroot; }
int backend_shared_libgcc(void) { return B->shared_libgcc; }
int backend_default_pie(void)
{
	const char *c = B->configured_with ? strstr(B->configured_with, "--enable-default-pie") : NULL;
	return c && (!c[20] || c[20] == ' ');
}

int backend_offload_lib(const char *name)
{
	size_t n = strlen(name);
	for (const char *p = B->offload_libs; *p; p += strspn(p, " ")) {
		size_t len = strcspn(p, " ");
		if (len == n && strncmp(p, name, n) == 0)
			return 1;
		p += len;
	}
	return 0;
}
const char *backend_multilib_defaults(void) { return B->multilib_defaults; }

const char *backend_as(void) { return B->as; }
const char *backend_ld(void) { return B->ld; }

const struct backend_multilib *backend_multilib(const char *select)
{
	for (size_t i = 0; i < B->nmultilibs; i++)
		if (strcmp(B->multilibs[i].select, select) == 0)
			return &B->multilibs[i];
	return NULL;
}
#undef B

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
	/* the backend's list separator, a program of this host: ';' on Windows */
	strvec_split(&items, tmpl, host_facts.path_list_sep);
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
			/* gcc drops one trailing '/' of the sysroot (--sysroot=/) */
			size_t n = sysroot ? strlen(sysroot) : 0;
			if (n && sysroot[n - 1] == '/')
				n--;
			add(out, xasprintf("%.*s%s", (int)n, sysroot ? sysroot : "", it + 4), existing);
		} else {
			add(out, xstrdup(it), existing);
		}
		free(items.v[i]);
	}
	strvec_free(&items);
}
