/* The scan memo: files known to hold no LTO IR.
 *
 * Every link names the target's runtime files (start files, libgcc,
 * libc's nonshared part, on MinGW the import libraries), and most links
 * name the same libraries again and again.  Reading all of them for LTO
 * markers, nm and the object layer, cost more than ld's whole link of a
 * small program.  So collect2 remembers the objects and archives in which
 * it found no IR, keyed by what changes when a file does: device, inode,
 * size, and the modification and status-change times to the nanosecond.
 * A file whose key is in the memo is not read again unless some other
 * input carries IR (the member selection then needs its symbols).  A file
 * changed less than RACY_SECONDS before it is recorded is not recorded
 * (git's "racily clean" entries): a second change within the same clock
 * tick would leave all of its key alike.  Thin archives are never
 * recorded: their members are files of their own.
 *
 * The memo is one file of 40-byte records, five 64-bit numbers in the
 * machine's byte order (dev, ino, size, mtime, ctime); the first record
 * is the magic "XGSCAN1\n" and zeros.  A link appends its new records in
 * one O_APPEND write, so concurrent links add whole records; when the
 * memo would pass MAX_RECORDS, or ends in part of a record (a write cut
 * short by a full disk), the newest records, half of MAX_RECORDS at most,
 * are written to a temporary beside it and renamed over it (records
 * appended meanwhile are lost, and found again by a later scan).
 *
 * A wrong memo cannot make ld link other code, but it could make a link
 * miss the IR of a file: it is used only when it is a regular file that
 * the user owns and no one else can write, opened without following a
 * symbolic link.  XGCC_SCAN_MEMO names another file; empty, "0" or "off"
 * turns it off.
 */
#include "config.h"

#include "memo.h"
#include "diag.h"
#include "fileinfo.h"
#include "host.h"
#include "tempfile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

enum { RACY_SECONDS = 2, MAX_RECORDS = 8192 };
/* 8 bytes in the file; the array has room for the NUL, which GCC 15's
 * -Wextra (-Wunterminated-string-initialization) wants */
static const char MAGIC[] = "XGSCAN1\n";

struct scan_memo {
	char *path;
	int fd;
	struct memo_key *rec;   /* the records read, then those added */
	size_t nread, n;
	size_t *slot;           /* open addressing over rec: index + 1, 0 is free */
	size_t nslot;           /* a power of two */
	int torn;               /* ends in part of a record (a full disk): write it anew */
};

static size_t key_hash(const struct memo_key *k)
{
	uint64_t h = k->dev * 0x9e3779b97f4a7c15u ^ k->ino * 0xc2b2ae3d27d4eb4fu ^ k->ctime_ns;
	return (size_t)(h ^ h >> 29);
}

static int key_eq(const struct memo_key *a, const struct memo_key *b)
{
	return a->dev == b->dev && a->ino == b->ino && a->size == b->size && a->mtime_ns == b->mtime_ns &&
	       a->ctime_ns == b->ctime_ns;
}

static void index_record(struct scan_memo *m, size_t i)
{
	size_t s = key_hash(&m->rec[i]) & (m->nslot - 1);
	while (m->slot[s])
		s = (s + 1) & (m->nslot - 1);
	m->slot[s] = i + 1;
}

int scan_memo_knows(const struct scan_memo *m, const struct memo_key *k)
{
	if (!m)
		return 0;
	for (size_t s = key_hash(k) & (m->nslot - 1); m->slot[s]; s = (s + 1) & (m->nslot - 1))
		if (key_eq(&m->rec[m->slot[s] - 1], k))
			return 1;
	return 0;
}

int scan_memo_key(const char *path, struct memo_key *k)
{
	struct stat st;
	unsigned long long id[2];
	if (stat(path, &st) < 0 || !S_ISREG(st.st_mode) || host_file_id(path, id) < 0)
		return -1;
	*k = (struct memo_key){ (uint64_t)id[0], (uint64_t)id[1], (uint64_t)st.st_size,
				(uint64_t)host_mtime_ns(&st), (uint64_t)host_ctime_ns(&st) };
	return 0;
}

/* The memo's file name, malloc'd; NULL when turned off or homeless. */
static char *memo_path(void)
{
	const char *v = getenv("XGCC_SCAN_MEMO");
	if (v)
		return *v && strcmp(v, "0") && strcmp(v, "off") ? xstrdup(v) : NULL;
	const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
	if (xdg && host_path_is_absolute(xdg))
		return xasprintf("%s/xgcc/scan-memo", xdg);
	return home && host_path_is_absolute(home) ? xasprintf("%s/.cache/xgcc/scan-memo", home) : NULL;
}

static void memo_free(struct scan_memo *m)
{
	if (m->fd >= 0)
		close(m->fd);
	free(m->path);
	free(m->rec);
	free(m->slot);
	free(m);
}

/* Read the records of M's open file: NULL, or why it cannot serve. */
static const char *load(struct scan_memo *m)
{
	struct stat st;
	if (fstat(m->fd, &st) < 0)
		return strerror(errno);
	if (!S_ISREG(st.st_mode))
		return "not a regular file";
	if (!host_owned_by_us(&st))
		return "it belongs to another user";
	if (st.st_mode & (S_IWGRP | S_IWOTH))
		return "other users can write to it";
	struct memo_key magic = { 0 };
	memcpy(&magic, MAGIC, sizeof MAGIC - 1);
	size_t n = (size_t)st.st_size / sizeof *m->rec;
	m->torn = st.st_size % sizeof *m->rec != 0;
	m->rec = xmalloc((n + 1) * sizeof *m->rec);
	if (n == 0) {
		/* new: its first record is the magic */
		if (write_all(m->fd, &magic, sizeof magic) < 0)
			return strerror(errno);
		m->rec[0] = magic;
		n = 1;
	} else if (host_pread(m->fd, m->rec, n * sizeof *m->rec, 0) != (ssize_t)(n * sizeof *m->rec)) {
		return "cannot read it";
	} else if (memcmp(&m->rec[0], &magic, sizeof magic) != 0) {
		return "not a scan memo";
	}
	m->nread = m->n = n;
	m->nslot = 64;
	while (m->nslot < 2 * (n + 64))
		m->nslot *= 2;
	m->slot = xcalloc(m->nslot, sizeof *m->slot);
	for (size_t i = 1; i < n; i++)
		index_record(m, i);
	return NULL;
}

struct scan_memo *scan_memo_open(int verbose)
{
	char *path = memo_path();
	if (!path)
		return NULL;
	struct scan_memo *m = xcalloc(1, sizeof *m);
	m->path = path;
	char *dir = xstrdup(path), *base = (char *)file_base_name(dir);
	if (base > dir + 1) {
		base[-1] = 0;
		file_mkdirs(dir, 0700);
	}
	free(dir);
	const char *why = NULL;
	m->fd = host_open(path, O_RDWR | O_APPEND | O_CREAT | HOST_O_NOFOLLOW | HOST_O_NONBLOCK, 0600);
	why = m->fd < 0 ? strerror(errno) : load(m);
	if (why) {
		if (verbose)
			fprintf(stderr, "collect2: %s: not used as the scan memo: %s\n", path, why);
		memo_free(m);
		return NULL;
	}
	return m;
}

void scan_memo_add(struct scan_memo *m, const char *path, const struct memo_key *k)
{
	struct memo_key now_key;
	uint64_t now_ns;
	if (!m || scan_memo_knows(m, k) || scan_memo_key(path, &now_key) < 0 || !key_eq(k, &now_key) ||
	    !(now_ns = host_realtime_ns()))
		return;
	uint64_t racy = (uint64_t)RACY_SECONDS * 1000000000u;
	if (k->ctime_ns + racy > now_ns || k->mtime_ns + racy > now_ns)
		return;
	m->rec = xrealloc(m->rec, (m->n + 1) * sizeof *m->rec);
	m->rec[m->n] = *k;
	if (2 * (m->n + 1) > m->nslot) {
		/* rehash into twice the slots */
		free(m->slot);
		m->nslot *= 2;
		m->slot = xcalloc(m->nslot, sizeof *m->slot);
		for (size_t i = 1; i < m->n; i++)
			index_record(m, i);
	}
	index_record(m, m->n++);
}

/* The magic and the newest records (MAX_RECORDS / 2 at most), written
 * beside the memo and renamed over it. */
static void rewrite(struct scan_memo *m)
{
	size_t keep = m->n - 1 < MAX_RECORDS / 2 ? m->n - 1 : MAX_RECORDS / 2, first = m->n - keep;
	m->rec[first - 1] = m->rec[0];
	char *tmp;
	int fd = output_open(m->path, &tmp);
	if (fd < 0)
		return;
	if (host_fchmod(fd, 0600) < 0 || write_all(fd, &m->rec[first - 1], (keep + 1) * sizeof *m->rec) < 0) {
		close(fd);
		unlink(tmp);
		free(tmp);
		return;
	}
	output_commit(fd, tmp, m->path);
}

void scan_memo_close(struct scan_memo *m)
{
	if (!m)
		return;
	if (m->n > MAX_RECORDS || m->torn)
		rewrite(m);
	else if (m->n > m->nread)
		write_all(m->fd, &m->rec[m->nread], (m->n - m->nread) * sizeof *m->rec);
	memo_free(m);
}
