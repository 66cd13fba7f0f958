/* The LTRANS cache: -flto-cache=DIR.
 *
 * A backend run (one LTRANS partition, or the single run of a small
 * program) is a function of what it reads: the partition's bytes (the
 * inputs' and the resolution's, for a single run), the command's options,
 * and the programs that run (the driver, the backend's lto1 and its
 * version).  The SHA-256 of all that names its object in DIR.  WPA
 * writes its options into every partition (.gnu.lto_.opts), the
 * temporary name of its list among them: the key leaves that name out,
 * and takes a partition's sections and symbols, not its layout.  An entry
 * DIR/KEY is
 *
 *   "XGLTRC1\n"   8 bytes of magic
 *   LENGTH        8 bytes, little-endian: the object's size
 *   SHA-256       32 bytes: the digest of the object
 *   OBJECT        LENGTH bytes
 *
 * and is checked in full on every hit: a truncated or damaged entry is
 * removed and the partition compiled again, never linked.  Entries are
 * written to DIR/.tmp-PID-XXXXXX and renamed into place, so concurrent
 * links see a whole entry or none; two links that make the same entry
 * both rename complete copies.  A hit touches the entry's times; after a
 * link that stored entries, the oldest go until DIR holds at most
 * -flto-cache-size= (MiB, or with a k/M/G suffix; default 512 MiB).
 * Leftover temporary names older than an hour are removed then too.
 */
#include "config.h"

#include "cache.h"
#include "backend.h"
#include "diag.h"
#include "obj.h"
#include "tempfile.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define MAGIC "XGLTRC1\n"
enum { HEADER = 8 + 8 + DIGEST_SIZE, DEFAULT_MIB = 512, STALE_TEMP_SECONDS = 3600 };

struct lto_cache {
	char *dir;
	uint64_t limit;            /* bytes */
	int verbose;
	int stored, warned;
	struct digest base;        /* the options and the programs */
};

static uint64_t parse_size(const char *s)
{
	char *end;
	errno = 0;
	unsigned long long v = strtoull(s, &end, 10);
	uint64_t unit = 1 << 20;
	if (*end == 'k' || *end == 'K')
		unit = 1 << 10, end++;
	else if (*end == 'm' || *end == 'M')
		end++;
	else if (*end == 'g' || *end == 'G')
		unit = 1 << 30, end++;
	if (errno || end == s || *end || !v || v > UINT64_MAX / unit)
		fatal("-flto-cache-size=%s: not a size (MiB, or a number with k, M or G)", s);
	return v * unit;
}

static int mkdirs(const char *dir)
{
	char *p = xstrdup(dir);
	for (char *s = p + 1; *s; s++)
		if (*s == '/') {
			*s = 0;
			if (mkdir(p, 0777) < 0 && errno != EEXIST)
				return free(p), -1;
			*s = '/';
		}
	int r = mkdir(p, 0777) < 0 && errno != EEXIST ? -1 : 0;
	free(p);
	return r;
}

/* A program's identity: its path, size and modification time. */
static void digest_program(struct digest *d, const char *path)
{
	struct stat st;
	digest_str(d, path);
	if (stat(path, &st) == 0) {
		digest_u64(d, (uint64_t)st.st_size);
		digest_u64(d, (uint64_t)st.st_mtim.tv_sec);
		digest_u64(d, (uint64_t)st.st_mtim.tv_nsec);
	}
}

/* Options that change what is printed or kept, not the object. */
static int keyless(const char *o)
{
	return !strcmp(o, "-v") || !strcmp(o, "-save-temps") || !strncmp(o, "-save-temps=", 12) ||
	       !strcmp(o, "-pipe") || !strcmp(o, "-Q");
}

struct lto_cache *lto_cache_open(struct strvec *opts, const char *driver, int verbose)
{
	const char *dir = getenv("XGCC_LTO_CACHE"), *size = getenv("XGCC_LTO_CACHE_SIZE");
	size_t k = 0;
	for (size_t i = 0; i < opts->n; i++) {
		const char *o = opts->v[i];
		if (!strncmp(o, "-flto-cache=", 12))
			dir = o + 12;
		else if (!strncmp(o, "-flto-cache-size=", 17))
			size = o + 17;
		else
			opts->v[k++] = opts->v[i];
	}
	opts->n = k;
	opts->v[k] = NULL;
	if (!dir || !*dir)
		return NULL;
	struct lto_cache *c = xcalloc(1, sizeof *c);
	c->dir = xstrdup(dir);
	c->limit = size && *size ? parse_size(size) : (uint64_t)DEFAULT_MIB << 20;
	c->verbose = verbose;
	if (mkdirs(dir) < 0 || access(dir, W_OK | X_OK) < 0) {
		diag(DIAG_WARNING, "%s: cannot use as the LTRANS cache: %s", dir, strerror(errno));
		free(c->dir);
		free(c);
		return NULL;
	}
	digest_init(&c->base);
	digest_str(&c->base, "xgcc LTRANS cache 1");
	digest_program(&c->base, driver);
	digest_program(&c->base, backend_lto1());
	digest_str(&c->base, backend_fullversion());
	digest_str(&c->base, backend_triplet());
	for (size_t i = 0; i < opts->n; i++)
		if (!keyless(opts->v[i]))
			digest_str(&c->base, opts->v[i]);
	digest_str(&c->base, "");
	return c;
}

/* An object's sections and symbols, less SKIP, but not its layout: the
 * offsets move with the length of SKIP. */
static int digest_object(struct digest *d, const char *path, const char *skip)
{
	char *err = NULL;
	struct obj_file *f = obj_open(path, &err);
	if (!f) {
		free(err);
		return -1;
	}
	digest_u64(d, obj_machine(f));
	digest_u64(d, (uint64_t)obj_is64(f));
	for (size_t i = 0; i < obj_nsections(f); i++) {
		const struct obj_section *s = obj_section(f, i);
		digest_str(d, s->name);
		digest_u64(d, s->type);
		digest_u64(d, s->flags);
		digest_u64(d, s->align);
		digest_u64(d, s->entsize);
		if (s->data)
			digest_bytes_skipping(d, s->data, (size_t)s->size, skip);
		digest_str(d, "");
	}
	for (size_t i = 0; i < obj_nsymbols(f); i++) {
		const struct obj_symbol *y = obj_symbol(f, i);
		digest_str(d, y->name);
		digest_u64(d, y->value);
		digest_u64(d, y->size);
		digest_u64(d, (uint64_t)(int64_t)y->section);
		digest_u64(d, (uint64_t)y->binding << 16 | (uint64_t)y->visibility << 8 | y->type);
	}
	obj_close(f);
	return 0;
}

void lto_cache_key(const struct lto_cache *c, const struct strvec *words, char *const *files, size_t nfiles,
		   const char *skip, char key[DIGEST_HEX])
{
	struct digest d = c->base;
	for (size_t i = 0; i < words->n; i++)
		digest_str(&d, words->v[i]);
	digest_str(&d, "");
	for (size_t i = 0; i < nfiles; i++) {
		const char *at = strrchr(files[i], '@');
		char *path = at && !strncmp(at, "@0x", 3) ? xstrndup(files[i], (size_t)(at - files[i]))
							  : xstrdup(files[i]);
		digest_str(&d, at && !strncmp(at, "@0x", 3) ? at : "");
		if (skip ? digest_object(&d, files[i], skip) < 0 : digest_file(&d, path) < 0)
			digest_str(&d, "(unreadable)"); /* the backend will say why */
		free(path);
	}
	digest_hex(&d, key);
}

static char *entry_path(const struct lto_cache *c, const char *key)
{
	return xasprintf("%s/%s", c->dir, key);
}

static uint64_t get_u64(const unsigned char *b)
{
	uint64_t v = 0;
	for (int i = 7; i >= 0; i--)
		v = v << 8 | b[i];
	return v;
}

static int write_all(int fd, const void *p, size_t n)
{
	const char *s = p;
	while (n) {
		ssize_t w = write(fd, s, n);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return -1;
		s += w, n -= (size_t)w;
	}
	return 0;
}

/* The entry's object, checked: its bytes mapped (unmap HEADER + *LEN
 * from the returned pointer), or NULL. */
static unsigned char *map_entry(const char *path, uint64_t *len)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return NULL;
	struct stat st;
	unsigned char *m = MAP_FAILED;
	if (fstat(fd, &st) == 0 && st.st_size >= HEADER)
		m = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
	close(fd);
	if (m == MAP_FAILED)
		return errno = EINVAL, NULL;
	*len = get_u64(m + 8);
	uint8_t sum[DIGEST_SIZE];
	struct digest d;
	digest_init(&d);
	int ok = !memcmp(m, MAGIC, 8) && *len == (uint64_t)st.st_size - HEADER;
	if (ok) {
		digest_bytes(&d, m + HEADER, (size_t)*len);
		digest_final(&d, sum);
		ok = !memcmp(sum, m + 16, DIGEST_SIZE);
	}
	if (!ok) {
		munmap(m, (size_t)st.st_size);
		return errno = EINVAL, NULL;
	}
	return m;
}

int lto_cache_fetch(struct lto_cache *c, const char *key, const char *dest)
{
	char *path = entry_path(c, key);
	uint64_t len = 0;
	unsigned char *m = map_entry(path, &len);
	if (!m) {
		if (errno != ENOENT) {
			if (c->verbose)
				fprintf(stderr, "lto1: LTRANS cache: %s is damaged; compiling again\n", path);
			unlink(path);
		}
		free(path);
		return 0;
	}
	int fd = open(dest, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
	int ok = fd >= 0 && write_all(fd, m + HEADER, (size_t)len) == 0;
	if (fd >= 0 && close(fd) < 0)
		ok = 0;
	munmap(m, HEADER + (size_t)len);
	if (!ok) {
		if (fd >= 0)
			unlink(dest);
		free(path);
		return 0;
	}
	utimensat(AT_FDCWD, path, NULL, 0); /* recently used */
	free(path);
	return 1;
}

static void store_failed(struct lto_cache *c, const char *what)
{
	if (!c->warned)
		diag(DIAG_WARNING, "%s: cannot store in the LTRANS cache: %s", what, strerror(errno));
	c->warned = 1;
}

void lto_cache_store(struct lto_cache *c, const char *key, const char *src)
{
	int fd = open(src, O_RDONLY | O_CLOEXEC);
	struct stat st;
	if (fd < 0 || fstat(fd, &st) < 0) {
		if (fd >= 0)
			close(fd);
		return; /* not made: the backend said why */
	}
	void *m = st.st_size ? mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0) : NULL;
	close(fd);
	if (m == MAP_FAILED)
		return;
	unsigned char head[HEADER];
	memcpy(head, MAGIC, 8);
	for (int i = 0; i < 8; i++)
		head[8 + i] = (unsigned char)((uint64_t)st.st_size >> 8 * i);
	struct digest d;
	digest_init(&d);
	digest_bytes(&d, m, (size_t)st.st_size);
	digest_final(&d, head + 16);

	/* a full disk, or a file size limit, is an error return, not a signal */
	struct sigaction ign = { .sa_handler = SIG_IGN }, old;
	sigaction(SIGXFSZ, &ign, &old);
	char *tmp = xasprintf("%s/.tmp-%ld-XXXXXX", c->dir, (long)getpid());
	int out = mkstemp(tmp);
	if (out < 0) {
		store_failed(c, c->dir);
	} else {
		temp_register(tmp);
		fchmod(out, 0644);
		int ok = write_all(out, head, HEADER) == 0 && write_all(out, m, (size_t)st.st_size) == 0;
		if (close(out) < 0)
			ok = 0;
		char *path = entry_path(c, key);
		if (!ok || rename(tmp, path) < 0) {
			store_failed(c, path);
			unlink(tmp);
		} else {
			c->stored = 1;
		}
		free(path);
	}
	sigaction(SIGXFSZ, &old, NULL);
	free(tmp);
	if (m)
		munmap(m, (size_t)st.st_size);
}

struct entry {
	char *name;
	struct timespec used;
	uint64_t size;
};

static int older(const void *a, const void *b)
{
	const struct timespec *x = &((const struct entry *)a)->used, *y = &((const struct entry *)b)->used;
	return x->tv_sec != y->tv_sec ? (x->tv_sec > y->tv_sec) - (x->tv_sec < y->tv_sec)
				      : (x->tv_nsec > y->tv_nsec) - (x->tv_nsec < y->tv_nsec);
}

static int is_key(const char *name)
{
	return strlen(name) == DIGEST_HEX - 1 && strspn(name, "0123456789abcdef") == DIGEST_HEX - 1;
}

static void prune(struct lto_cache *c)
{
	DIR *dh = opendir(c->dir);
	if (!dh)
		return;
	struct entry *e = NULL;
	size_t n = 0, cap = 0;
	uint64_t total = 0;
	time_t now = time(NULL);
	struct dirent *de;
	while ((de = readdir(dh))) {
		struct stat st;
		char *path = xasprintf("%s/%s", c->dir, de->d_name);
		if (!strncmp(de->d_name, ".tmp-", 5)) {
			if (stat(path, &st) == 0 && now - st.st_mtime > STALE_TEMP_SECONDS)
				unlink(path);
		} else if (is_key(de->d_name) && stat(path, &st) == 0 && S_ISREG(st.st_mode)) {
			if (n == cap)
				e = xrealloc(e, (cap = cap ? 2 * cap : 64) * sizeof *e);
			/* the later of the times: a hit touches both, a mount
			 * with noatime or relatime updates only the mtime */
			struct timespec t = st.st_atim.tv_sec > st.st_mtim.tv_sec ? st.st_atim : st.st_mtim;
			e[n++] = (struct entry){ path, t, (uint64_t)st.st_size };
			total += (uint64_t)st.st_size;
			continue;
		}
		free(path);
	}
	closedir(dh);
	qsort(e, n, sizeof *e, older);
	for (size_t i = 0; i < n && total > c->limit; i++)
		if (unlink(e[i].name) == 0 || errno == ENOENT)
			total -= e[i].size;
	for (size_t i = 0; i < n; i++)
		free(e[i].name);
	free(e);
}

void lto_cache_close(struct lto_cache *c, size_t hits, size_t n)
{
	if (c->verbose)
		fprintf(stderr, "lto1: LTRANS cache: %zu of %zu partition%s reused\n", hits, n, n == 1 ? "" : "s");
	if (c->stored)
		prune(c);
	free(c->dir);
	free(c);
}
