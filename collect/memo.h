/* The scan memo: link inputs known to hold no LTO IR (memo.c). */
#ifndef XGCC_COLLECT_MEMO_H
#define XGCC_COLLECT_MEMO_H

#include <stdint.h>

/* What identifies a file's contents without reading them. */
struct memo_key {
	uint64_t dev, ino, size, mtime_ns, ctime_ns;
};

struct scan_memo;

/* The user's memo (XGCC_SCAN_MEMO, else $XDG_CACHE_HOME/xgcc/scan-memo,
 * else ~/.cache/xgcc/scan-memo), or NULL when there is none to use:
 * turned off, or not the user's own (said with VERBOSE). */
struct scan_memo *scan_memo_open(int verbose);
/* PATH's key (the file it names, as ld opens it): 0, else -1. */
int scan_memo_key(const char *path, struct memo_key *key);
/* 1 when MEMO (or NULL) knows the file of KEY to hold no IR. */
int scan_memo_knows(const struct scan_memo *memo, const struct memo_key *key);
/* PATH, read while it had KEY, holds no IR: remembered when it still has
 * that key and was not changed too recently to tell a second change. */
void scan_memo_add(struct scan_memo *memo, const char *path, const struct memo_key *key);
/* Write what was added, and let MEMO go.  MEMO may be NULL. */
void scan_memo_close(struct scan_memo *memo);

#endif
