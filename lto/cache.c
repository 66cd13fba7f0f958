/* The LTRANS cache: -flto-cache=DIR.
 *
 * A backend run (one LTRANS partition, or the single run of a small
 * program) is a function of what it reads: the partition's bytes (the
 * inputs' and the resolution's, for a single run), the command's options,
 * and the programs that run (the driver, the backend's lto1 and its
 * version, WPA's plugin: by their bytes, so that machines with the same
 * programs share keys).  The SHA-256 of all that names its object in DIR.  WPA
 * writes its options into every partition (.gnu.lto_.opts), the
 * temporary name of its list among them: the key leaves that name out,
 * and takes a partition's sections and symbols, not its layout.  An entry
 * DIR/KEY is
 *
 *   "XGLTRC2\n"   8 bytes of magic
 *   LENGTH        8 bytes, little-endian: the object's size
 *   TAG           32 bytes: the digest of KEY, LENGTH and the object
 *   OBJECT        LENGTH bytes
 *
 * and is checked in full on every hit: a truncated or damaged entry is
 * removed and the partition compiled again, never linked.
 *
 * Who may write what is linked (doc/lto.texi, "The LTRANS cache").  The
 * tag alone proves nothing: anyone can compute a SHA-256.  So a cache is
 * private by default: DIR must be the user's own and writable by no one
 * else (a symbolic link to it must be the user's too), and an entry is
 * used only when it is a regular file the user owns.  A cache shared on
 * purpose (-flto-cache-shared) needs the team's secret
 * (-flto-cache-secret=FILE): the TAG is then an HMAC-SHA256 under it, so
 * only holders of the secret can write entries that are used, whoever
 * owns the file.  DIR is opened once and every entry is reached through
 * that descriptor, never following a symbolic link and never blocking on
 * a special file; pruning removes only regular files of an entry's or a
 * temporary's name directly in DIR.
 *
 * Entries are written to DIR/.tmp-PID-N and renamed into place, so
 * concurrent links see a whole entry or none; two links that make the
 * same entry both rename complete copies.  They get the user's umask
 * (in a shared cache, also the directory's group read permission).  A
 * hit touches the entry's times; after a link that stored entries, the
 * oldest go until DIR holds at most -flto-cache-size= (MiB, or with a
 * k/M/G suffix; default 512 MiB).  Leftover temporaries older than an
 * hour are removed then too.
 *
 * Under the directory may sit a remote (-flto-cache-remote=URL,
 * remote.c), a server that holds the same entries byte for byte.  It is
 * asked only when DIR misses; a hit there is checked as a local one and
 * entered in DIR, and a store goes to both.  Its entries are whoever's
 * the server lets write, so it is used only with the team's secret: an
 * entry there is linked only when a holder of the secret tagged it.
 */
#include "config.h"

#include "lto1.h"

#include "backend.h"
#include "diag.h"
#include "fileinfo.h"
#include "host.h"
#include "obj.h"
#include "tempfile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define MAGIC "XGLTRC2\n"
enum {
	HEADER = 8 + 8 + DIGEST_SIZE,
	DEFAULT_MIB = 512,
	STALE_TEMP_SECONDS = 3600,
	SECRET_MIN = 16,
	SECRET_MAX = 64 << 10,
};

struct lto_cache {
	char *dir;
	struct host_dir *d;        /* DIR, opened once: entries are reached through it */
	int shared;                /* -flto-cache-shared: anyone's entries, if tagged with the secret */
	uint8_t *secret;           /* -flto-cache-secret=FILE's bytes, or NULL */
	size_t nsecret;
	struct strvec program_paths; /* lto_cache_program's: skipped in the partitions */
	mode_t entry_mode;         /* a new entry's permissions */
	uint64_t limit;            /* bytes */
	int verbose;
	int stored, warned;
	struct digest base;        /* the options and the programs */
	struct lto_remote *remote; /* -flto-cache-remote=URL, or NULL */
	size_t local_hits, remote_hits;
	struct strvec refused;     /* keys whose remote entry failed its tag */
};

uint64_t lto_parse_size(const char *option, const char *s)
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
		fatal("%s%s: not a size (MiB, or a number with k, M or G)", option, s);
	return v * unit;
}

uint8_t *lto_read_private_file(const char *file, size_t min, size_t max, const char *size_rule, size_t *n,
			       const char **why)
{
	int fd = host_open(file, O_RDONLY | HOST_O_NOFOLLOW | HOST_O_NONBLOCK, 0);
	struct stat st;
	uint8_t *buf = NULL;
	*why = NULL;
	if (fd < 0 || fstat(fd, &st) < 0)
		*why = strerror(errno);
	else if (!S_ISREG(st.st_mode))
		*why = "not a regular file";
	else if (host_all_may_read(&st))
		*why = "every user can read it, so anyone could write entries";
	else if ((uint64_t)st.st_size < min || (uint64_t)st.st_size > max)
		*why = size_rule;
	else {
		buf = xmalloc((size_t)st.st_size);
		ssize_t r = read(fd, buf, (size_t)st.st_size);
		if (r != st.st_size) {
			*why = r < 0 ? strerror(errno) : "short read";
			free(buf);
			buf = NULL;
		}
		*n = (size_t)st.st_size;
	}
	if (fd >= 0)
		close(fd);
	return buf;
}

/* The team's secret from FILE. */
static uint8_t *read_secret(const char *file, size_t *n, const char **why)
{
	return lto_read_private_file(file, SECRET_MIN, SECRET_MAX, "a secret has 16 bytes to 64 KiB", n, why);
}

/* Open DIR for C and check that it may serve: NULL, or why not. */
static const char *open_dir(struct lto_cache *c)
{
	struct stat st;
	if (host_lstat(c->dir, &st) < 0)
		return strerror(errno);
	if (host_foreign_link(&st))
		return "it is a symbolic link of another user";
	c->d = host_dir_open(c->dir, &st);
	if (!c->d)
		return strerror(errno);
	if (!c->shared && host_others_may_write(&st))
		return "other users can write to it (a cache shared on purpose needs -flto-cache-shared and a secret)";
	if (!c->shared && !host_owned_by_us(&st))
		return "it belongs to another user (a cache shared on purpose needs -flto-cache-shared and a secret)";
	if (host_dir_writable(c->d) < 0)
		return strerror(errno);
	mode_t mask = current_umask();
	c->entry_mode = 0644 & ~mask;
	if (c->shared)
		c->entry_mode |= st.st_mode & S_IRGRP;
	return NULL;
}

static void cache_free(struct lto_cache *c)
{
	host_dir_close(c->d);
	if (c->secret)
		explicit_bzero(c->secret, c->nsecret);
	free(c->secret);
	free(c->dir);
	lto_remote_close(c->remote);
	strvec_free(&c->refused);
	for (size_t i = 0; i < c->program_paths.n; i++)
		free(c->program_paths.v[i]);
	strvec_free(&c->program_paths);
	free(c);
}

static int enter_file(struct lto_cache *c, const char *name, mode_t mode, const void *a, size_t na, const void *b,
		      size_t nb);

/* A program's identity: the digest of its bytes, not its path or times,
 * so that machines with the same programs installed (a remote cache's
 * users, each with an xgcc of their own build) compute the same keys.
 * Hashing lto1's tens of megabytes at every link would cost more than a
 * cached link takes, so the digest is kept in the cache directory as
 * ".prog-H", H a digest of the file's path, device, inode, size and
 * times, DIGEST_SIZE bytes; it is believed only when it is a regular
 * file of the user's (in a shared cache, another's claim about a
 * program could make the user's keys name entries of another lto1). */
static void digest_program(struct lto_cache *c, struct digest *d, const char *path)
{
	struct stat st;
	if (stat(path, &st) < 0) {
		digest_str(d, path); /* the backend will say it is missing */
		return;
	}
	struct digest m;
	digest_init(&m);
	digest_str(&m, path);
	unsigned long long mtime = host_mtime_ns(&st), ctime = host_ctime_ns(&st), file[2] = { 0, 0 };
	host_file_id(path, file);
	const uint64_t id[] = { (uint64_t)file[0], (uint64_t)file[1], (uint64_t)st.st_size,
				mtime / 1000000000u, mtime % 1000000000u, ctime / 1000000000u, ctime % 1000000000u };
	for (size_t i = 0; i < sizeof id / sizeof *id; i++)
		digest_u64(&m, id[i]);
	char hex[DIGEST_HEX], memo[80];
	digest_hex(&m, hex);
	snprintf(memo, sizeof memo, ".prog-%.32s", hex);

	uint8_t sum[DIGEST_SIZE];
	struct stat ms;
	int fd = host_dir_open_file(c->d, memo, O_RDONLY, 0);
	int known = fd >= 0 && fstat(fd, &ms) == 0 && S_ISREG(ms.st_mode) && host_owned_by_us(&ms) &&
		    ms.st_size == DIGEST_SIZE && read(fd, sum, DIGEST_SIZE) == DIGEST_SIZE;
	if (fd >= 0)
		close(fd);
	if (!known) {
		struct digest f;
		digest_init(&f);
		if (digest_file(&f, path) < 0) {
			digest_str(d, path);
			return;
		}
		digest_final(&f, sum);
		/* kept for the next link; a failure costs only the time */
		enter_file(c, memo, 0600, sum, DIGEST_SIZE, "", 0);
	}
	digest_bytes(d, sum, DIGEST_SIZE);
}

/* Options that change what is printed or kept, not the object. */
static int keyless(const char *o)
{
	return !strcmp(o, "-v") || !strcmp(o, "-save-temps") || !strncmp(o, "-save-temps=", 12) ||
	       !strcmp(o, "-pipe") || !strcmp(o, "-Q");
}

static int env_on(const char *v)
{
	return v && *v && strcmp(v, "0") != 0;
}

struct lto_cache *lto_cache_open(struct strvec *opts, const char *driver, int verbose)
{
	const char *dir = getenv("XGCC_LTO_CACHE"), *size = getenv("XGCC_LTO_CACHE_SIZE");
	const char *secret = getenv("XGCC_LTO_CACHE_SECRET");
	int shared = env_on(getenv("XGCC_LTO_CACHE_SHARED"));
	struct lto_remote_options remote;
	lto_remote_options_init(&remote);
	size_t k = 0;
	for (size_t i = 0; i < opts->n; i++) {
		const char *o = opts->v[i];
		if (lto_remote_option(&remote, o))
			;
		else if (!strncmp(o, "-flto-cache=", 12))
			dir = o + 12;
		else if (!strncmp(o, "-flto-cache-size=", 17))
			size = o + 17;
		else if (!strncmp(o, "-flto-cache-secret=", 19))
			secret = o + 19;
		else if (!strcmp(o, "-flto-cache-shared"))
			shared = 1;
		else if (!strcmp(o, "-fno-lto-cache-shared"))
			shared = 0;
		else
			opts->v[k++] = opts->v[i];
	}
	opts->n = k;
	opts->v[k] = NULL;
	if (!dir || !*dir) {
		if (remote.url && *remote.url)
			diag(DIAG_WARNING, "%s: the LTRANS cache's remote works under a local cache (-flto-cache=DIR); "
					   "not using it",
			     remote.url);
		return NULL;
	}
	struct lto_cache *c = xcalloc(1, sizeof *c);
	c->dir = xstrdup(dir);
	c->limit = size && *size ? lto_parse_size("-flto-cache-size=", size) : (uint64_t)DEFAULT_MIB << 20;
	c->verbose = verbose;
	c->shared = shared;
	const char *why = NULL;
	if (secret && *secret) {
		c->secret = read_secret(secret, &c->nsecret, &why);
		if (!c->secret) {
			diag(DIAG_WARNING, "%s: cannot use as the LTRANS cache's secret: %s", secret, why);
			cache_free(c);
			return NULL;
		}
	} else if (shared) {
		diag(DIAG_WARNING, "%s: a shared LTRANS cache needs the team's secret (-flto-cache-secret=FILE); not caching",
		     dir);
		cache_free(c);
		return NULL;
	}
	/* a private cache is made writable by its owner alone */
	if (file_mkdirs(dir, shared ? 0777 : 0755) < 0)
		why = strerror(errno);
	else
		why = open_dir(c);
	if (why) {
		diag(DIAG_WARNING, "%s: cannot use as the LTRANS cache: %s", dir, why);
		cache_free(c);
		return NULL;
	}
	digest_init(&c->base);
	digest_str(&c->base, "xgcc LTRANS cache 2");
	digest_program(c, &c->base, driver);
	digest_program(c, &c->base, backend_lto1());
	digest_str(&c->base, backend_fullversion());
	digest_str(&c->base, backend_triplet());
	for (size_t i = 0; i < opts->n; i++)
		if (!keyless(opts->v[i]))
			digest_str(&c->base, opts->v[i]);
	digest_str(&c->base, "");
	if (remote.url && *remote.url) {
		if (!c->secret)
			diag(DIAG_WARNING, "%s: the LTRANS cache's remote needs the team's secret "
					   "(-flto-cache-secret=FILE); not using it",
			     remote.url);
		else
			c->remote = lto_remote_open(&remote, verbose);
	}
	return c;
}

void lto_cache_program(struct lto_cache *c, const char *path)
{
	digest_program(c, &c->base, path);
	strvec_push(&c->program_paths, xstrdup(path));
}

/* An object's sections and symbols, less SKIPS, but not its layout: the
 * offsets move with the lengths of SKIPS. */
static int digest_object(struct digest *d, const char *path, const char *const *skips)
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
			digest_bytes_skipping(d, s->data, (size_t)s->size, skips);
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
	struct strvec skips = { 0 };
	if (skip) {
		strvec_push(&skips, skip);
		for (size_t i = 0; i < c->program_paths.n; i++)
			strvec_push(&skips, c->program_paths.v[i]);
	}
	for (size_t i = 0; i < words->n; i++)
		digest_str(&d, words->v[i]);
	digest_str(&d, "");
	for (size_t i = 0; i < nfiles; i++) {
		const char *at = strrchr(files[i], '@');
		char *path = at && !strncmp(at, "@0x", 3) ? xstrndup(files[i], (size_t)(at - files[i]))
							  : xstrdup(files[i]);
		digest_str(&d, at && !strncmp(at, "@0x", 3) ? at : "");
		if (skip ? digest_object(&d, files[i], (const char *const *)skips.v) < 0 : digest_file(&d, path) < 0)
			digest_str(&d, "(unreadable)"); /* the backend will say why */
		free(path);
	}
	strvec_free(&skips);
	digest_hex(&d, key);
}

static uint64_t get_u64(const unsigned char *b)
{
	uint64_t v = 0;
	for (int i = 7; i >= 0; i--)
		v = v << 8 | b[i];
	return v;
}

/* The TAG of an entry: KEY, LENGTH and the object's LENGTH bytes at OBJ,
 * under the secret where there is one. */
static void entry_tag(const struct lto_cache *c, const char *key, const void *obj, uint64_t length,
		      uint8_t tag[DIGEST_SIZE])
{
	struct digest d;
	if (c->secret)
		digest_init_keyed(&d, c->secret, c->nsecret);
	else
		digest_init(&d);
	digest_str(&d, key);
	digest_u64(&d, length);
	digest_bytes(&d, obj, (size_t)length);
	digest_final(&d, tag);
}

/* The header of an entry KEY holding the LENGTH bytes at OBJ. */
static void entry_header(const struct lto_cache *c, const char *key, const void *obj, uint64_t length,
			 unsigned char head[HEADER])
{
	memcpy(head, MAGIC, 8);
	for (int i = 0; i < 8; i++)
		head[8 + i] = (unsigned char)(length >> 8 * i);
	entry_tag(c, key, obj, length, head + 16);
}

/* Is the entry M (SIZE bytes) a whole object tagged for KEY? */
static int entry_valid(const struct lto_cache *c, const char *key, const unsigned char *m, size_t size)
{
	if (size < HEADER || memcmp(m, MAGIC, 8) || get_u64(m + 8) != (uint64_t)size - HEADER)
		return 0;
	uint8_t tag[DIGEST_SIZE];
	entry_tag(c, key, m + HEADER, size - HEADER, tag);
	return !memcmp(tag, m + 16, DIGEST_SIZE);
}

enum entry_state { ENTRY_NONE, ENTRY_OK, ENTRY_FOREIGN, ENTRY_BAD };

/* The entry KEY, checked: ENTRY_OK with its bytes mapped (*MAP, *SIZE),
 * and its descriptor *FD; else why it cannot be used. */
static enum entry_state map_entry(const struct lto_cache *c, const char *key, int *fd, unsigned char **map,
				  size_t *size)
{
	*fd = host_dir_open_file(c->d, key, O_RDONLY, 0);
	if (*fd < 0)
		return errno == ENOENT ? ENTRY_NONE : ENTRY_FOREIGN;
	struct stat st;
	enum entry_state r = ENTRY_BAD;
	unsigned char *m = NULL;
	if (fstat(*fd, &st) < 0 || !S_ISREG(st.st_mode) || (!c->shared && !host_owned_by_us(&st)))
		r = ENTRY_FOREIGN;
	else if (st.st_size >= HEADER)
		m = host_map(*fd, (size_t)st.st_size, 0);
	if (m) {
		if (entry_valid(c, key, m, (size_t)st.st_size))
			r = ENTRY_OK;
		else
			host_unmap(m, (size_t)st.st_size);
	}
	if (r != ENTRY_OK) {
		close(*fd);
		*fd = -1;
		return r;
	}
	*map = m;
	*size = (size_t)st.st_size;
	return ENTRY_OK;
}

/* The object (LEN bytes at OBJ) into DEST: 1, or 0 with nothing left. */
static int write_object(const char *dest, const void *obj, size_t len)
{
	int out = host_open(dest, O_WRONLY | O_CREAT | O_TRUNC, 0666);
	int ok = out >= 0 && write_all(out, obj, len) == 0;
	if (out >= 0 && close(out) < 0)
		ok = 0;
	if (!ok && out >= 0)
		remove_if_ordinary(dest);
	return ok;
}

static void store_failed(struct lto_cache *c, const char *what)
{
	if (!c->warned)
		diag(DIAG_WARNING, "%s: cannot store in the LTRANS cache: %s", what, strerror(errno));
	c->warned = 1;
}

/* A new temporary file in the cache directory (O_EXCL, no link
 * followed), its name in NAME. */
static int create_temp(struct lto_cache *c, char name[64])
{
	static unsigned serial;
	for (int tries = 0; tries < 100; tries++) {
		unsigned long long now = host_realtime_ns();
		snprintf(name, 64, ".tmp-%ld-%u%06lx", (long)getpid(), serial++,
			 (unsigned long)(now % 1000000000u) & 0xffffff);
		int fd = host_dir_open_file(c->d, name, O_WRONLY | O_CREAT | O_EXCL, 0600);
		if (fd >= 0 || errno != EEXIST)
			return fd;
	}
	return -1;
}

/* NAME in the cache directory: the NA bytes at A, then the NB at B,
 * written to a temporary of mode MODE renamed into place.  0; 1 when no
 * temporary could be made; 2 when writing or renaming failed (nothing is
 * left).  errno says why. */
static int enter_file(struct lto_cache *c, const char *name, mode_t mode, const void *a, size_t na, const void *b,
		      size_t nb)
{
	/* a full disk, or a file size limit, is an error return, not a signal */
	host_hold_file_size_signal(1);
	char temp[64];
	int r = 0, out = create_temp(c, temp);
	if (out < 0) {
		r = 1;
	} else {
		char *path = xasprintf("%s/%s", c->dir, temp);
		temp_register(path);
		free(path);
		int ok = host_fchmod(out, mode) == 0 && write_all(out, a, na) == 0 && write_all(out, b, nb) == 0;
		if (close(out) < 0)
			ok = 0;
		if (!ok || host_dir_rename(c->d, temp, name) < 0) {
			int e = errno;
			host_dir_unlink(c->d, temp);
			errno = e;
			r = 2;
		}
	}
	host_hold_file_size_signal(0);
	return r;
}

/* Enter HEAD and the LEN bytes at OBJ as the local entry KEY; a failure
 * only warns. */
static void write_entry(struct lto_cache *c, const char *key, const unsigned char head[HEADER], const void *obj,
			size_t len)
{
	int r = enter_file(c, key, c->entry_mode, head, HEADER, obj, len);
	if (r == 1) {
		store_failed(c, c->dir);
	} else if (r == 2) {
		int e = errno;
		char *path = xasprintf("%s/%s", c->dir, key);
		errno = e;
		store_failed(c, path);
		free(path);
	} else {
		c->stored = 1;
	}
}

/* The local cache missed KEY: the remote's entry, checked, into DEST and
 * into the local cache. */
static int fetch_remote(struct lto_cache *c, const char *key, const char *dest)
{
	unsigned char *entry;
	size_t size;
	if (!lto_remote_get(c->remote, key, &entry, &size))
		return 0;
	int ok = 0;
	if (!entry_valid(c, key, entry, size)) {
		if (c->verbose)
			fprintf(stderr,
				"lto1: LTRANS cache: %s: the entry %s fails the check of the secret (damaged, or "
				"written without it); compiling again\n",
				lto_remote_url(c->remote), key);
		strvec_push(&c->refused, key);
	} else if ((ok = write_object(dest, entry + HEADER, size - HEADER))) {
		write_entry(c, key, entry, entry + HEADER, size - HEADER);
		c->remote_hits++;
	}
	free(entry);
	return ok;
}

int lto_cache_fetch(struct lto_cache *c, const char *key, const char *dest)
{
	int fd;
	unsigned char *m;
	size_t size;
	switch (map_entry(c, key, &fd, &m, &size)) {
	case ENTRY_NONE:
		break;
	case ENTRY_FOREIGN:
		if (c->verbose)
			fprintf(stderr, "lto1: LTRANS cache: %s/%s is not a regular file%s; ignored\n", c->dir, key,
				c->shared ? "" : " of yours");
		break;
	case ENTRY_BAD:
		if (c->verbose)
			fprintf(stderr, "lto1: LTRANS cache: %s/%s %s; compiling again\n", c->dir, key,
				c->secret ? "fails the check of the secret (damaged, or written without it)"
					  : "is damaged");
		host_dir_unlink(c->d, key);
		break;
	case ENTRY_OK: {
		int ok = write_object(dest, m + HEADER, size - HEADER);
		host_unmap(m, size);
		if (ok) {
			host_touch(fd); /* recently used (only the owner's entries can be touched) */
			c->local_hits++;
		}
		close(fd);
		return ok;
	}
	}
	return c->remote ? fetch_remote(c, key, dest) : 0;
}

void lto_cache_store(struct lto_cache *c, const char *key, const char *src)
{
	int fd = host_open(src, O_RDONLY, 0);
	struct stat st;
	if (fd < 0 || fstat(fd, &st) < 0) {
		if (fd >= 0)
			close(fd);
		return; /* not made: the backend said why */
	}
	void *m = st.st_size ? host_map(fd, (size_t)st.st_size, 0) : NULL;
	close(fd);
	if (st.st_size && !m)
		return;
	size_t len = (size_t)st.st_size;
	unsigned char head[HEADER];
	entry_header(c, key, m ? m : "", len, head);
	write_entry(c, key, head, m, len);
	if (c->remote) {
		/* the remote holds the same bytes as the local entry */
		unsigned char *entry = xmalloc(HEADER + len);
		memcpy(entry, head, HEADER);
		if (len)
			memcpy(entry + HEADER, m, len);
		lto_remote_put(c->remote, key, entry, HEADER + len, strvec_contains(&c->refused, key));
		free(entry);
	}
	if (m)
		host_unmap(m, len);
}

struct entry {
	char *name;
	unsigned long long used; /* ns */
	uint64_t size;
};

static int older(const void *a, const void *b)
{
	unsigned long long x = ((const struct entry *)a)->used, y = ((const struct entry *)b)->used;
	return (x > y) - (x < y);
}

static int is_key(const char *name)
{
	return strlen(name) == DIGEST_HEX - 1 && strspn(name, "0123456789abcdef") == DIGEST_HEX - 1;
}

/* The entries prune found, and their size. */
struct survey {
	struct lto_cache *c;
	struct entry *e;
	size_t n, cap;
	uint64_t total;
	time_t now;
};

static void survey_one(const char *name, void *arg)
{
	struct survey *v = arg;
	struct stat st;
	int temp = !strncmp(name, ".tmp-", 5);
	if ((!temp && !is_key(name)) || host_dir_stat(v->c->d, name, &st) < 0 || !S_ISREG(st.st_mode) ||
	    (!v->c->shared && !host_owned_by_us(&st)))
		return;
	if (temp) {
		if (v->now - st.st_mtime > STALE_TEMP_SECONDS)
			host_dir_unlink(v->c->d, name);
		return;
	}
	if (v->n == v->cap)
		v->e = xrealloc(v->e, (v->cap = v->cap ? 2 * v->cap : 64) * sizeof *v->e);
	/* the later of the times: a hit touches both, a mount with
	 * noatime or relatime updates only the mtime */
	unsigned long long a = host_atime_ns(&st), m = host_mtime_ns(&st);
	v->e[v->n++] = (struct entry){ xstrdup(name), a > m ? a : m, (uint64_t)st.st_size };
	v->total += (uint64_t)st.st_size;
}

/* Remove the least recently used entries until the cache holds at most
 * its limit, and temporaries older than an hour.  Only regular files of
 * those names directly in the directory, and in a private cache only
 * the user's own, are candidates: nothing is followed. */
static void prune(struct lto_cache *c)
{
	struct survey v = { .c = c, .now = time(NULL) };
	if (host_dir_each(c->d, survey_one, &v) < 0)
		return;
	qsort(v.e, v.n, sizeof *v.e, older);
	for (size_t i = 0; i < v.n && v.total > c->limit; i++)
		if (host_dir_unlink(c->d, v.e[i].name) == 0 || errno == ENOENT)
			v.total -= v.e[i].size;
	for (size_t i = 0; i < v.n; i++)
		free(v.e[i].name);
	free(v.e);
}

void lto_cache_close(struct lto_cache *c, size_t hits, size_t n)
{
	if (c->verbose && c->remote)
		fprintf(stderr, "lto1: LTRANS cache: %zu of %zu partition%s reused (%zu local, %zu remote), %zu compiled\n",
			hits, n, n == 1 ? "" : "s", c->local_hits, c->remote_hits, n - hits);
	else if (c->verbose)
		fprintf(stderr, "lto1: LTRANS cache: %zu of %zu partition%s reused\n", hits, n, n == 1 ? "" : "s");
	if (c->stored)
		prune(c);
	cache_free(c);
}
