/* The LTRANS cache's remote where xgcc is built without its clients
 * (a Windows host: configure leaves libcurl and hiredis out).  The
 * options are still taken, so that they do not reach the backend, and a
 * remote named is refused with one warning: the local cache works
 * alone. */
#include "config.h"

#include "lto1.h"

#include "diag.h"

#include <stdlib.h>
#include <string.h>

void lto_remote_options_init(struct lto_remote_options *o)
{
	memset(o, 0, sizeof *o);
	o->url = getenv("XGCC_LTO_CACHE_REMOTE");
}

int lto_remote_option(struct lto_remote_options *o, const char *opt)
{
	static const char prefix[] = "-flto-cache-remote";
	if (strncmp(opt, prefix, sizeof prefix - 1) != 0)
		return 0;
	if (opt[sizeof prefix - 1] == '=')
		o->url = opt + sizeof prefix;
	return 1;
}

struct lto_remote *lto_remote_open(const struct lto_remote_options *o, int verbose)
{
	(void)verbose;
	diag(DIAG_WARNING, "%s: this xgcc was built without the LTRANS cache's remote (no libcurl or hiredis on this host); not using it",
	     o->url);
	return NULL;
}

const char *lto_remote_url(const struct lto_remote *r)
{
	(void)r;
	return "";
}

int lto_remote_get(struct lto_remote *r, const char *key, unsigned char **data, size_t *len)
{
	(void)r, (void)key, (void)data, (void)len;
	return 0;
}

void lto_remote_put(struct lto_remote *r, const char *key, const void *entry, size_t len, int replace)
{
	(void)r, (void)key, (void)entry, (void)len, (void)replace;
}

void lto_remote_close(struct lto_remote *r) { (void)r; }
