/* SHA-256 digests (nettle's), for keys and checksums: the LTRANS cache
 * (lto/cache.c) hashes what a backend run reads, and each cache entry
 * carries a tag of its bytes: their SHA-256, or in a shared cache their
 * HMAC-SHA256 under the team's secret (a keyed digest). */
#ifndef XGCC_DIGEST_H
#define XGCC_DIGEST_H

#include <stddef.h>
#include <stdint.h>

#include <nettle/hmac.h>
#include <nettle/sha2.h>

enum { DIGEST_SIZE = SHA256_DIGEST_SIZE, DIGEST_HEX = 2 * SHA256_DIGEST_SIZE + 1 };

struct digest {
	struct sha256_ctx ctx;
	struct hmac_sha256_ctx hmac;
	int keyed;
};

void digest_init(struct digest *d);
/* An HMAC-SHA256 under the N bytes of KEY instead of a plain digest. */
void digest_init_keyed(struct digest *d, const uint8_t *key, size_t n);
void digest_bytes(struct digest *d, const void *p, size_t n);
/* A string with its length first, so that no two lists of strings
 * feed the same bytes. */
void digest_str(struct digest *d, const char *s);
void digest_u64(struct digest *d, uint64_t v);
/* The bytes of the file PATH (mapped, not copied).  0, or -1 with errno
 * set when it cannot be read. */
int digest_file(struct digest *d, const char *path);
/* The N bytes at P, less every occurrence of each string of SKIPS (a
 * NULL-terminated list, or NULL: temporary names and paths they record). */
void digest_bytes_skipping(struct digest *d, const void *p, size_t n, const char *const *skips);
/* The digest, raw (OUT: DIGEST_SIZE bytes) or as hex (DIGEST_HEX chars,
 * NUL included); D is spent. */
void digest_final(struct digest *d, uint8_t *out);
void digest_hex(struct digest *d, char *hex);

#endif
