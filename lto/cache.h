/* The LTRANS cache (cache.c): objects of earlier backend runs, found by
 * the digest of everything the run reads. */
#ifndef XGCC_LTO_CACHE_H
#define XGCC_LTO_CACHE_H

#include <stddef.h>

#include "digest.h"
#include "strvec.h"

struct lto_cache;

/* The cache that -flto-cache=DIR and -flto-cache-size=SIZE among OPTS (the
 * backend's options; they are taken out), else XGCC_LTO_CACHE and
 * XGCC_LTO_CACHE_SIZE, name; NULL when there is none.  DRIVER is the
 * program the backend runs through (COLLECT_GCC). */
struct lto_cache *lto_cache_open(struct strvec *opts, const char *driver, int verbose);

/* The key of one backend run: the options (less those that change no
 * code: -v, -save-temps), the words WORDS of its command that are not
 * file names, and the bytes of the FILES it reads ("lib.a@0x1a2c" is
 * the archive with its offset).  With SKIP, the FILES are objects that
 * record the temporary name SKIP (WPA's partitions): their sections and
 * symbols are hashed, less every occurrence of SKIP. */
void lto_cache_key(const struct lto_cache *c, const struct strvec *words, char *const *files, size_t nfiles,
		   const char *skip, char key[DIGEST_HEX]);

/* On a hit, write the cached object to DEST and return 1; a damaged
 * entry is removed and counts as a miss (0). */
int lto_cache_fetch(struct lto_cache *c, const char *key, const char *dest);
/* Enter the object SRC under KEY; a failure (a full disk) only warns. */
void lto_cache_store(struct lto_cache *c, const char *key, const char *src);
/* The link's last word: with -v, how many of the N runs were reused;
 * then the cache is pruned to its size, least recently used first. */
void lto_cache_close(struct lto_cache *c, size_t hits, size_t n);

#endif
