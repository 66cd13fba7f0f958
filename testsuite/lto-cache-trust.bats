#!/usr/bin/env bats
# Who may write what an LTRANS cache links (lto/cache.c, the manual's
# "The LTRANS cache"): the attacks of one user of a machine on another's
# cache, replayed with real users.  As root the suite runs its commands
# as three unprivileged users (numeric ids through setpriv, so nothing
# is added to /etc/passwd): alice and bob hold the team's secret, carol
# is in the team's group but does not.  The victim is alice's program
# `login`, whose check_password says "granted" only for "s3cret"; the
# attackers plant objects whose check_password always says yes.
#
# A planted entry here is valid in every way but its owner: forge()
# writes the entry format with the right tag (a SHA-256 anyone can
# compute), and the control test shows such an entry is linked when
# alice owns it, so each refusal below is the trust rule at work.
load helper

ALICE=61001 BOB=61002 CAROL=61003 TEAM=61000 HOLDERS=61004

setup_file() {
	[ "$(id -u)" -eq 0 ] || return 0
	T=$(mktemp -d /tmp/xgcc-trust.XXXXXX)
	chmod 755 "$T"
	export T
	mkdir "$T/src" "$T/evil"
	# where anyone may create files, as in /tmp
	mkdir -m 1777 "$T/pub"
	chmod 1777 "$T/pub"
	cat >"$T/src/login.c" <<'EOF'
#include <stdio.h>
int check_password(const char *p);
int main(int argc, char **argv)
{
	puts(argc > 1 && check_password(argv[1]) ? "granted" : "denied");
	return 0;
}
EOF
	printf '#include <string.h>\nint check_password(const char *p) { return strcmp(p, "s3cret") == 0; }\n' >"$T/src/pw.c"
	printf 'int check_password(const char *p) { (void)p; return 1; }\n' >"$T/evil/pw.c"
	cp "$T/src/login.c" "$T/evil/login.c"
	local d
	for d in src evil; do
		# one backend run (-flto-partition=none below), whose one entry the tests forge
		(cd "$T/$d" && "$XGCC" -O2 -flto -fPIE -c login.c pw.c) || return 1
	done
	# each user's own directory, with its TMPDIR
	local u
	for u in $ALICE $BOB $CAROL; do
		mkdir -p "$T/$u/tmp"
		chown -R "$u:$TEAM" "$T/$u"
		chmod 700 "$T/$u"
	done
	# the team's secret: alice's and bob's (group HOLDERS), not carol's
	head -c 32 /dev/urandom >"$T/secret"
	chown "$ALICE:$HOLDERS" "$T/secret"
	chmod 640 "$T/secret"
	# the key of alice's link, and an evil object, as bob could make them
	as $ALICE "$XGCC" -O2 -flto -flto-partition=none -flto-cache="$T/$ALICE/keycache" "$T/src/login.o" "$T/src/pw.o" -o "$T/$ALICE/login" ||
		return 1
	KEY=$(ls "$T/$ALICE/keycache")
	as $BOB "$XGCC" -O2 -flto -flto-partition=none -flto-cache="$T/$BOB/evilcache" "$T/evil/login.o" "$T/evil/pw.o" -o "$T/$BOB/evil" ||
		return 1
	tail -c +49 "$T/$BOB/evilcache/$(ls "$T/$BOB/evilcache")" >"$T/evil.o"
	export KEY
}

teardown_file() {
	[ -z "${T:-}" ] || rm -rf "$T"
}

setup() {
	common_setup
	[ "$(id -u)" -eq 0 ] || skip "not root: the users of these attacks cannot be made (run the suite as root, as CI does)"
	as $ALICE test -x "$XGCC" ||
		skip "the build tree is not reachable by other users: $XGCC_BUILDDIR"
	[ ${#KEY} -eq 64 ] || fail "no key from alice's first link: '$KEY'"
}

# as UID COMMAND...: COMMAND as that user, in the team's group (and the
# secret's, for alice and bob), with the user's own TMPDIR and the umask
# AS_UMASK (default 022).
as() {
	local uid=$1 groups=$TEAM
	shift
	[ "$uid" = $CAROL ] || groups=$TEAM,$HOLDERS
	(
		umask "${AS_UMASK:-022}" &&
			exec setpriv --reuid="$uid" --regid="$TEAM" --groups="$groups" --inh-caps=-all \
				env TMPDIR="$T/$uid/tmp" "$@"
	)
}

# alice_links DIR OPTION...: alice's LTO link of login with the cache DIR
# and -v; then her program's answer to a wrong password in $answer.
alice_links() {
	local dir=$1
	shift
	run as $ALICE "$XGCC" -O2 -flto -flto-partition=none -v -flto-cache="$dir" "$@" "$T/src/login.o" "$T/src/pw.o" -o "$T/$ALICE/login"
	assert_success
	answer=$(as $ALICE "$T/$ALICE/login" guess)
}

# the lto1 lines of the last run: its cache lines and warnings
lto1_lines() { echo "$output" | grep '^lto1: ' || true; }

le64() {
	local v=$1 i
	for i in 0 1 2 3 4 5 6 7; do
		# shellcheck disable=SC2059
		printf "\\$(printf %03o $(((v >> (8 * i)) & 255)))"
	done
}

# forge KEY OBJECT [SECRETFILE]: a well-formed entry for KEY holding
# OBJECT on stdout, its tag a SHA-256 (or with SECRETFILE an HMAC under
# it) of KEY, the length and OBJECT, as lto/cache.c writes them.
forge() {
	local key=$1 obj=$2 len hex
	len=$(stat -c %s "$obj")
	if [ -n "${3:-}" ]; then
		hex=$({ le64 64; printf %s "$key"; le64 "$len"; cat "$obj"; } |
			openssl dgst -sha256 -mac HMAC -macopt "hexkey:$(od -An -tx1 -v "$3" | tr -d ' \n')" -r | cut -c1-64)
	else
		hex=$({ le64 64; printf %s "$key"; le64 "$len"; cat "$obj"; } | sha256sum | cut -c1-64)
	fi
	printf 'XGLTRC2\n'
	le64 "$len"
	# shellcheck disable=SC2059
	printf "$(echo "$hex" | sed 's/../\\x&/g')"
	cat "$obj"
}

# plant UID DIR: that user writes the evil entry at alice's key in DIR.
plant() {
	forge "$KEY" "$T/evil.o" >"$T/forged"
	chmod 644 "$T/forged"
	as "$1" sh -c 'cat "$1" >"$2"' sh "$T/forged" "$2/$KEY"
}

# team_dir NAME: a directory of root and the team, 2775, as /srv/ltocache.
team_dir() {
	mkdir -p "$T/$1"
	chown root:$TEAM "$T/$1"
	chmod 2775 "$T/$1"
	echo "$T/$1"
}

@test "control: a forged entry alice owns in her own cache is linked (the rules below are what refuse it)" {
	local c="$T/$ALICE/control"
	alice_links "$c"
	assert_equal "$answer" denied
	forge "$KEY" "$T/evil.o" >"$T/forged"
	chmod 644 "$T/forged"
	as $ALICE sh -c 'cat "$1" >"$2"' sh "$T/forged" "$c/$KEY"
	alice_links "$c"
	assert_equal "$(reused)" "1 of 1"
	assert_equal "$answer" granted
}

@test "a replaced entry in a team directory (root:team 2775): refused as a private cache, never linked" {
	local c
	c=$(team_dir srv)
	alice_links "$c"
	assert_equal "$(lto1_lines)" "lto1: warning: $c: cannot use as the LTRANS cache: other users can write to it (a cache shared on purpose needs -flto-cache-shared and a secret)"
	assert_equal "$answer" denied
	plant $BOB "$c"
	alice_links "$c"
	assert_equal "$(lto1_lines | wc -l)" 1
	assert_equal "$answer" denied
}

@test "a directory another user made world-writable before: one warning, the link goes on uncached" {
	local c="$T/pub/lto-cache-shared"
	as $BOB mkdir -m 777 "$c"
	as $BOB chmod 777 "$c"
	plant $BOB "$c"
	alice_links "$c"
	assert_equal "$(lto1_lines)" "lto1: warning: $c: cannot use as the LTRANS cache: other users can write to it (a cache shared on purpose needs -flto-cache-shared and a secret)"
	assert_equal "$answer" denied
	[ "$(find "$c" -user $ALICE | wc -l)" -eq 0 ] || fail "alice stored entries in bob's directory"
	# not writable by others, but bob's: refused all the same
	as $BOB chmod 755 "$c"
	alice_links "$c"
	assert_equal "$(lto1_lines)" "lto1: warning: $c: cannot use as the LTRANS cache: it belongs to another user (a cache shared on purpose needs -flto-cache-shared and a secret)"
	assert_equal "$answer" denied
}

@test "a planted entry in a root-owned sticky directory (1777) is never linked" {
	mkdir -m 1777 "$T/sticky"
	chmod 1777 "$T/sticky"
	plant $BOB "$T/sticky"
	alice_links "$T/sticky"
	assert_equal "$(lto1_lines)" "lto1: warning: $T/sticky: cannot use as the LTRANS cache: other users can write to it (a cache shared on purpose needs -flto-cache-shared and a secret)"
	assert_equal "$answer" denied
}

@test "an entry another user owns in alice's own cache is ignored, said with -v" {
	local c="$T/$ALICE/own"
	alice_links "$c"
	forge "$KEY" "$T/evil.o" >"$c/$KEY"
	chown $BOB "$c/$KEY"
	alice_links "$c"
	assert_equal "$(lto1_lines)" "lto1: LTRANS cache: $c/$KEY is not a regular file of yours; ignored
lto1: LTRANS cache: 0 of 1 partition reused"
	assert_equal "$answer" denied
}

@test "a FIFO as an entry does not block the link, in a private or a shared cache" {
	local c="$T/$ALICE/fifo" s
	as $ALICE mkdir -p "$c"
	as $ALICE mkfifo "$c/$KEY"
	run timeout 120 bash -c "$(declare -f as); T=$T TEAM=$TEAM CAROL=$CAROL HOLDERS=$HOLDERS"'; as "$@"' \
		as $ALICE "$XGCC" -O2 -flto -flto-partition=none -v -flto-cache="$c" "$T/src/login.o" "$T/src/pw.o" -o "$T/$ALICE/login"
	assert_success
	assert_line "lto1: LTRANS cache: $c/$KEY is not a regular file of yours; ignored"
	[ -f "$c/$KEY" ] || fail "the FIFO was not replaced by the new entry"
	s=$(team_dir fifo-shared)
	as $CAROL mkfifo "$s/$KEY"
	run timeout 120 bash -c "$(declare -f as); T=$T TEAM=$TEAM CAROL=$CAROL HOLDERS=$HOLDERS"'; as "$@"' \
		as $ALICE "$XGCC" -O2 -flto -flto-partition=none -v -flto-cache="$s" -flto-cache-shared -flto-cache-secret="$T/secret" \
		"$T/src/login.o" "$T/src/pw.o" -o "$T/$ALICE/login"
	assert_success
	assert_line "lto1: LTRANS cache: $s/$KEY is not a regular file; ignored"
	assert_equal "$(as $ALICE "$T/$ALICE/login" guess)" denied
}

@test "a cache path that is another user's symlink to alice's files: refused, pruning deletes nothing" {
	local store="$T/$ALICE/store" f before
	as $ALICE mkdir "$store"
	for f in 0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef \
		 fedcba9876543210fedcba9876543210fedcba9876543210fedcba9876543210 .tmp-1-old notes.txt; do
		as $ALICE sh -c 'head -c 4096 /dev/urandom >"$1" && touch -d "2 days ago" "$1"' sh "$store/$f"
	done
	before=$(ls -a "$store" | sort)
	as $BOB ln -s "$store" "$T/pub/ltc-alice"
	alice_links "$T/pub/ltc-alice" -flto-cache-size=1k
	assert_equal "$(lto1_lines)" "lto1: warning: $T/pub/ltc-alice: cannot use as the LTRANS cache: it is a symbolic link of another user"
	assert_equal "$(ls -a "$store" | sort)" "$before"
	assert_equal "$answer" denied
	# pruning in a cache of her own removes only regular files of an
	# entry's or an old temporary's name, never what a link points to
	as $ALICE mkdir "$T/$ALICE/prune"
	as $ALICE ln -s "$store/0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef" \
		"$T/$ALICE/prune/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
	as $ALICE ln -s "$store/.tmp-1-old" "$T/$ALICE/prune/.tmp-2-old"
	alice_links "$T/$ALICE/prune" -flto-cache-size=1k
	assert_equal "$(ls -a "$store" | sort)" "$before"
	[ -L "$T/$ALICE/prune/.tmp-2-old" ] || fail "pruning removed a symbolic link"
}

@test "umask 077: the cache directory and its entries are the user's alone" {
	local c="$T/$ALICE/private77"
	AS_UMASK=077 alice_links "$c"
	assert_equal "$(stat -c %a "$c")" 700
	assert_equal "$(stat -c %a "$c/$KEY")" 600
}

@test "shared on purpose: two holders of the secret share hits; a writer without it cannot poison" {
	local c
	c=$(team_dir shared)
	AS_UMASK=077 alice_links "$c" -flto-cache-shared -flto-cache-secret="$T/secret"
	assert_equal "$(reused)" "0 of 1"
	# group-readable in the team directory, whatever alice's umask says
	assert_equal "$(stat -c '%a %g' "$c/$KEY")" "640 $TEAM"
	run as $BOB "$XGCC" -O2 -flto -flto-partition=none -v -flto-cache="$c" -flto-cache-shared -flto-cache-secret="$T/secret" \
		"$T/src/login.o" "$T/src/pw.o" -o "$T/$BOB/login"
	assert_success
	assert_equal "$(reused)" "1 of 1"
	assert_equal "$(as $BOB "$T/$BOB/login" guess)" denied
	# carol replaces the entry: a plain digest, then an HMAC under a key
	# of her own
	as $CAROL rm -f "$c/$KEY"
	plant $CAROL "$c"
	alice_links "$c" -flto-cache-shared -flto-cache-secret="$T/secret"
	assert_line "lto1: LTRANS cache: $c/$KEY fails the check of the secret (damaged, or written without it); compiling again"
	assert_equal "$answer" denied
	head -c 32 /dev/urandom >"$T/carols-guess"
	forge "$KEY" "$T/evil.o" "$T/carols-guess" >"$T/forged"
	chmod 644 "$T/forged"
	as $CAROL rm -f "$c/$KEY"
	as $CAROL sh -c 'cat "$1" >"$2"' sh "$T/forged" "$c/$KEY"
	alice_links "$c" -flto-cache-shared -flto-cache-secret="$T/secret"
	assert_equal "$(reused)" "0 of 1"
	assert_equal "$answer" denied
	# and the entry alice stored again is good for bob
	run as $BOB "$XGCC" -O2 -flto -flto-partition=none -v -flto-cache="$c" -flto-cache-shared -flto-cache-secret="$T/secret" \
		"$T/src/login.o" "$T/src/pw.o" -o "$T/$BOB/login"
	assert_equal "$(reused)" "1 of 1"
}

@test "the forge is faithful: an entry forged with the team's secret is linked in the shared cache" {
	local c
	c=$(team_dir shared-control)
	alice_links "$c" -flto-cache-shared -flto-cache-secret="$T/secret"
	forge "$KEY" "$T/evil.o" "$T/secret" >"$T/forged"
	chmod 644 "$T/forged"
	as $CAROL sh -c 'rm -f "$2" && cat "$1" >"$2"' sh "$T/forged" "$c/$KEY"
	alice_links "$c" -flto-cache-shared -flto-cache-secret="$T/secret"
	assert_equal "$(reused)" "1 of 1"
	assert_equal "$answer" granted
}

@test "a shared cache needs a secret, and a secret every user can read is refused" {
	local c
	c=$(team_dir shared-nosecret)
	alice_links "$c" -flto-cache-shared
	assert_equal "$(lto1_lines)" "lto1: warning: $c: a shared LTRANS cache needs the team's secret (-flto-cache-secret=FILE); not caching"
	cp "$T/secret" "$T/$ALICE/open-secret"
	chown $ALICE "$T/$ALICE/open-secret"
	chmod 644 "$T/$ALICE/open-secret"
	alice_links "$c" -flto-cache-shared -flto-cache-secret="$T/$ALICE/open-secret"
	assert_equal "$(lto1_lines)" "lto1: warning: $T/$ALICE/open-secret: cannot use as the LTRANS cache's secret: every user can read it, so anyone could write entries"
	assert_equal "$(find "$c" -type f | wc -l)" 0
	XGCC_LTO_CACHE_SHARED=1 XGCC_LTO_CACHE_SECRET="$T/secret" alice_links "$c"
	assert_equal "$(reused)" "0 of 1"
}
