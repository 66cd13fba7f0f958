/* SHA-256 through nettle; see digest.h.  Files are mapped and hashed in
 * place: a partition or an input may be many megabytes. */
#include "config.h"

#include "digest.h"
#include "host.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

void digest_init(struct digest *d)
{
	sha256_init(&d->ctx);
	d->keyed = 0;
}

void digest_init_keyed(struct digest *d, const uint8_t *key, size_t n)
{
	hmac_sha256_set_key(&d->hmac, n, key);
	d->keyed = 1;
}

void digest_bytes(struct digest *d, const void *p, size_t n)
{
	if (d->keyed)
		hmac_sha256_update(&d->hmac, n, p);
	else
		sha256_update(&d->ctx, n, p);
}

void digest_u64(struct digest *d, uint64_t v)
{
	uint8_t b[8];
	for (int i = 0; i < 8; i++)
		b[i] = (uint8_t)(v >> 8 * i);
	digest_bytes(d, b, sizeof b);
}

void digest_str(struct digest *d, const char *s)
{
	size_t n = strlen(s);
	digest_u64(d, n);
	digest_bytes(d, s, n);
}

void digest_bytes_skipping(struct digest *d, const void *bytes, size_t n, const char *const *skips)
{
	const char *p = bytes;
	for (;;) {
		/* the first occurrence of any of SKIPS */
		const char *first = NULL;
		size_t len = 0;
		for (size_t i = 0; skips && skips[i]; i++) {
			size_t k = strlen(skips[i]);
			const char *at = k ? memmem(p, n, skips[i], k) : NULL;
			if (at && (!first || at < first))
				first = at, len = k;
		}
		if (!first)
			break;
		digest_bytes(d, p, (size_t)(first - p));
		n -= (size_t)(first - p) + len;
		p = first + len;
	}
	digest_bytes(d, p, n);
}

int digest_file(struct digest *d, const char *path)
{
	int fd = host_open(path, O_RDONLY, 0);
	struct stat st;
	if (fd < 0)
		return -1;
	if (fstat(fd, &st) < 0) {
		int e = errno;
		close(fd);
		errno = e;
		return -1;
	}
	digest_u64(d, (uint64_t)st.st_size);
	if (st.st_size > 0) {
		void *p = host_map(fd, (size_t)st.st_size, 0);
		if (!p) {
			int e = errno;
			close(fd);
			errno = e;
			return -1;
		}
		digest_bytes(d, p, (size_t)st.st_size);
		host_unmap(p, (size_t)st.st_size);
	}
	close(fd);
	return 0;
}

void digest_final(struct digest *d, uint8_t *out)
{
	if (d->keyed)
		hmac_sha256_digest(&d->hmac, DIGEST_SIZE, out);
	else
		sha256_digest(&d->ctx, DIGEST_SIZE, out);
}

void digest_hex(struct digest *d, char *hex)
{
	uint8_t raw[DIGEST_SIZE];
	digest_final(d, raw);
	for (int i = 0; i < DIGEST_SIZE; i++)
		snprintf(hex + 2 * i, 3, "%02x", raw[i]);
}
