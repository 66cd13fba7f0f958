#!/usr/bin/env bats
# The LTRANS cache's remote, -flto-cache-remote=URL (lto/remote.c), on
# real servers that setup_file starts on loopback ports of its own: nginx
# with WebDAV PUT (http://) and redis-server (redis://).  One user's link
# fills the remote; a second user (another, empty local cache) reuses
# every partition from it and gets the same program; entries that
# another party replaced are refused and compiled again; a remote that
# is down, or too slow, costs one warning and never the link; without
# the team's secret the remote is not used.  The program is
# bench/gen-program's, as in lto-cache.bats.
load helper
load lto-cache-remote

setup_file() {
	remote_setup_file
	[ -z "$SKIP_WHY" ] || return 0
	remote_program -s 11 -f 6 -k 120 -g 4 -l 12
	# another party's secret
	head -c 32 /dev/urandom >"$G/other-secret"
	chmod 600 "$G/other-secret"
}

teardown_file() { remote_teardown_file; }

setup() {
	common_setup
	[ -z "$SKIP_WHY" ] || skip "$SKIP_WHY"
}

# fill_and_reuse URL: user 1 fills the remote URL; user 2, with an empty
# local cache, takes every partition from it: the same program.  $n is
# the number of partitions.
fill_and_reuse() {
	local url=$1
	HOME="$PWD/home1" link p1 -flto-cache="$PWD/home1/cache" -flto-cache-remote="$url"
	assert_success
	n=$(counts | awk '{ print $3 }')
	[ "$n" -ge 3 ] || fail "expected WPA with several partitions: $(counts)"
	assert_equal "$(counts)" "0 of $n (0 local, 0 remote), $n compiled"
	assert_equal "$(warnings)" 0
	runs_right p1
	HOME="$PWD/home2" link p2 -flto-cache="$PWD/home2/cache" -flto-cache-remote="$url"
	assert_success
	assert_equal "$(counts)" "$n of $n (0 local, $n remote), 0 compiled"
	assert_equal "$(warnings)" 0
	cmp p1 p2 || fail "the second user's program differs"
	runs_right p2
	# the remote's hits went into user 2's own cache
	assert_equal "$(entries home2/cache | wc -l)" "$n"
	HOME="$PWD/home2" link p3 -flto-cache="$PWD/home2/cache" -flto-cache-remote="$url"
	assert_equal "$(counts)" "$n of $n ($n local, 0 remote), 0 compiled"
}

@test "WebDAV: one user fills the remote, a second with an empty cache reuses every partition" {
	fill_and_reuse "http://127.0.0.1:$HTTP_PORT/fill/"
	# ccache's subdirs layout: PATH/KE/Y..., the local entry's bytes
	assert_equal "$(dav_entries fill | wc -l)" "$n"
	local e
	e=$(entries home1/cache | head -1)
	k=$(basename "$e")
	cmp "$e" "$DAV/fill/${k:0:2}/${k:2}" || fail "the remote entry is not the local one"
	assert_no_temps
}

@test "Redis: one user fills the remote, a second with an empty cache reuses every partition" {
	fill_and_reuse "redis://127.0.0.1:$REDIS_PORT/1"
	assert_equal "$(redis -n 1 --scan --pattern 'xgcc-ltrans:*' | wc -l)" "$n"
	assert_equal "$(redis -n 0 dbsize)" 0
	local e
	e=$(entries home1/cache | head -1)
	[ "$(redis -n 1 strlen "xgcc-ltrans:$(basename "$e")")" -eq "$(stat -c %s "$e")" ]
}

# refused_then_repaired URL PLANT WHERE: the remote filled, then every
# entry replaced by another party, half tagged with another secret, half
# with no secret (a plain SHA-256, as a private cache writes); user 2
# refuses them all (one -v line each), compiles and gets the right
# program, and puts good entries back, which user 3 then reuses.
refused_then_repaired() {
	local url=$1 plant=$2 where=$3
	HOME="$PWD/home1" link p1 -flto-cache="$PWD/home1/cache" -flto-cache-remote="$url"
	assert_success
	n=$(counts | awk '{ print $3 }')
	# the same keys, written by a holder of another secret, and without one
	link px -flto-cache="$PWD/other" -flto-cache-secret="$G/other-secret"
	assert_success
	link py -flto-cache="$PWD/plain" -flto-cache-secret=
	assert_success
	local e
	for e in $(entries plain | head -$((n / 2))); do
		cp "$e" "other/$(basename "$e")"
	done
	"$plant" other "$where"
	HOME="$PWD/home2" link p2 -flto-cache="$PWD/home2/cache" -flto-cache-remote="$url"
	assert_success
	assert_equal "$(counts)" "0 of $n (0 local, 0 remote), $n compiled"
	assert_equal "$(echo "$output" | grep -c "^lto1: LTRANS cache: $url: the entry [0-9a-f]* fails the check of the secret (damaged, or written without it); compiling again$")" "$n"
	assert_equal "$(warnings)" 0
	runs_right p2
	cmp p1 p2 || fail "the recompiled program differs"
	# the refused entries were replaced with good ones
	HOME="$PWD/home3" link p3 -flto-cache="$PWD/home3/cache" -flto-cache-remote="$url"
	assert_equal "$(counts)" "$n of $n (0 local, $n remote), 0 compiled"
	cmp p1 p3 || fail "the third user's program differs"
}

@test "WebDAV: entries replaced by another party are refused, compiled again and replaced" {
	refused_then_repaired "http://127.0.0.1:$HTTP_PORT/planted" plant_dav planted
}

@test "Redis: entries replaced by another party are refused, compiled again and replaced" {
	refused_then_repaired "redis://127.0.0.1:$REDIS_PORT/2" plant_redis 2
}

@test "a remote that is down costs one warning; the link succeeds" {
	local port url
	port=$(dead_port)
	for url in "http://127.0.0.1:$port/x" "redis://127.0.0.1:$port"; do
		rm -rf c
		link p -flto-cache="$PWD/c" -flto-cache-remote="$url"
		assert_success
		n=$(counts | awk '{ print $3 }')
		assert_equal "$(counts)" "0 of $n (0 local, 0 remote), $n compiled"
		assert_equal "$(warnings)" 1
		assert_line --regexp "^lto1: warning: $url: the LTRANS cache's remote failed: .*; not using it for the rest of this link$"
		runs_right p
	done
}

@test "a remote that is too slow costs one warning after the timeout; the link succeeds" {
	local d="$BATS_TEST_TMPDIR/slow" port
	port=$(start serve_redis "$d") || fail "no second redis-server"
	redis-cli -p "$port" client pause 20000 all >/dev/null
	SECONDS=0
	XGCC_LTO_CACHE_REMOTE_TIMEOUT=300 link p -flto-cache="$PWD/c" -flto-cache-remote="redis://127.0.0.1:$port"
	local took=$SECONDS
	stop "$d"
	assert_success
	assert_equal "$(warnings)" 1
	assert_line --regexp "^lto1: warning: redis://127.0.0.1:$port: the LTRANS cache's remote failed: .*; not using it"
	[ "$took" -lt 15 ] || fail "the link waited for the paused server ($took s)"
	runs_right p
}

@test "without the team's secret the remote is not used: one warning" {
	link p -flto-cache="$PWD/c" -flto-cache-secret= -flto-cache-remote="http://127.0.0.1:$HTTP_PORT/nosecret"
	assert_success
	assert_equal "$(warnings)" 1
	assert_line "lto1: warning: http://127.0.0.1:$HTTP_PORT/nosecret: the LTRANS cache's remote needs the team's secret (-flto-cache-secret=FILE); not using it"
	assert_equal "$(dav_entries nosecret | wc -l)" 0
	runs_right p
	# so does a remote without a local cache
	XGCC_LTO_CACHE_REMOTE="http://127.0.0.1:$HTTP_PORT/nolocal" link p
	assert_success
	assert_line "lto1: warning: http://127.0.0.1:$HTTP_PORT/nolocal: the LTRANS cache's remote works under a local cache (-flto-cache=DIR); not using it"
	assert_equal "$(dav_entries nolocal | wc -l)" 0
}

@test "credentials: never in the URL; from a private file or the environment" {
	link p -flto-cache="$PWD/c" -flto-cache-remote="http://u:pw@127.0.0.1:$HTTP_PORT/cred"
	assert_success
	assert_equal "$(warnings)" 1
	assert_line --partial "cannot use as the LTRANS cache's remote: credentials in the URL would show in the process list"
	printf 'bearer t0ken\n' >auth
	chmod 644 auth
	link p -flto-cache="$PWD/c" -flto-cache-remote="http://127.0.0.1:$HTTP_PORT/cred" -flto-cache-remote-auth-file="$PWD/auth"
	assert_line "lto1: warning: $PWD/auth: cannot use as the LTRANS cache remote's credential: every user can read it, so anyone could write entries; not using the remote"
	chmod 600 auth
	rm -rf c
	link p -flto-cache="$PWD/c" -flto-cache-remote="http://127.0.0.1:$HTTP_PORT/cred" -flto-cache-remote-auth-file="$PWD/auth"
	assert_equal "$(warnings)" 0
	grep -q "PUT /cred/" "$S/nginx/logs/access.log"
	XGCC_LTO_CACHE_REMOTE_AUTH="basic nocolon" link p -flto-cache="$PWD/c" \
		-flto-cache-remote="redis://127.0.0.1:$REDIS_PORT/3"
	assert_line 'lto1: warning: XGCC_LTO_CACHE_REMOTE_AUTH: cannot use as the LTRANS cache remote'"'"'s credential: not "bearer TOKEN" or "basic USER:PASSWORD"; not using the remote'
}

@test "a server that asks for the credential: refused without it (one warning), used with it by a second user" {
	link p -flto-cache="$PWD/c" -flto-cache-remote="http://127.0.0.1:$HTTP_PORT/auth"
	assert_success
	assert_equal "$(warnings)" 1
	assert_output --partial "HTTP status 401"
	assert_equal "$(dav_entries auth | wc -l)" 0
	printf 'basic team:s3cret pass\n' >auth
	chmod 600 auth
	rm -rf c
	link p -flto-cache="$PWD/c" -flto-cache-remote="http://127.0.0.1:$HTTP_PORT/auth" -flto-cache-remote-auth-file="$PWD/auth"
	assert_success
	assert_equal "$(warnings)" 0
	n=$(counts | awk '{ print $3 }')
	assert_equal "$(dav_entries auth | wc -l)" "$n"
	# a second user, an empty cache, the credential from the environment
	XGCC_LTO_CACHE_REMOTE_AUTH="basic team:s3cret pass" link p2 -flto-cache="$PWD/c2" \
		-flto-cache-remote="http://127.0.0.1:$HTTP_PORT/auth"
	assert_success
	assert_equal "$(counts)" "$n of $n (0 local, $n remote), 0 compiled"
	cmp p p2
	run ./p2
	assert_output "$(cat "$G/expected")"
}

@test "https: a certificate nobody vouches for is refused (one warning, nothing sent); -flto-cache-remote-ca= vouches for it" {
	local port t="$BATS_TEST_TMPDIR/tls"
	port=$(start serve_nginx_tls "$t") || skip "nginx does not start with TLS on 127.0.0.1"
	link p -flto-cache="$PWD/c" -flto-cache-remote="https://127.0.0.1:$port/tls"
	assert_success
	assert_equal "$(warnings)" 1
	assert_output --partial "SSL peer certificate or SSH remote key was not OK"
	run grep -c '"PUT ' "$t/logs/access.log"
	assert_output 0
	runs_right p
	# the team's authority (here the certificate itself) named: used
	rm -rf c
	link p -flto-cache="$PWD/c" -flto-cache-remote="https://127.0.0.1:$port/tls" -flto-cache-remote-ca="$t/cert.pem"
	assert_success
	assert_equal "$(warnings)" 0
	n=$(counts | awk '{ print $3 }')
	assert_equal "$(cd "$t/dav/tls" && find . -type f | wc -l)" "$n"
	XGCC_LTO_CACHE_REMOTE_CA="$t/cert.pem" link p2 -flto-cache="$PWD/c2" -flto-cache-remote="https://127.0.0.1:$port/tls"
	stop "$t"
	assert_equal "$(counts)" "$n of $n (0 local, $n remote), 0 compiled"
	cmp p p2
}

@test "an entry over -flto-cache-remote-max-entry= is neither sent nor fetched" {
	link p -flto-cache="$PWD/c" -flto-cache-remote="http://127.0.0.1:$HTTP_PORT/cap" -flto-cache-remote-max-entry=1k
	assert_success
	n=$(counts | awk '{ print $3 }')
	assert_equal "$(echo "$output" | grep -c "is larger than 1024 bytes; not sent to")" "$n"
	assert_equal "$(dav_entries cap | wc -l)" 0
	# one the server has is not fetched either
	plant_dav c cap
	link p2 -flto-cache="$PWD/c2" -flto-cache-remote="http://127.0.0.1:$HTTP_PORT/cap" -flto-cache-remote-max-entry=1k
	assert_equal "$(counts)" "0 of $n (0 local, 0 remote), $n compiled"
	assert_equal "$(echo "$output" | grep -c "is larger than 1024 bytes; ignored")" "$n"
	assert_equal "$(warnings)" 0
	runs_right p2
}

# Two users (this one and xgcc-worker, whom ./quickstart adds), each with
# a checkout and a TMPDIR of their own, naming objects and output by
# absolute paths: the keys name what LTRANS compiles, not where the link
# is, so the second user reuses every partition the first made, through
# a shared directory and through the remote, and links the same program.
@test "two users, two checkouts, two TMPDIRs, absolute paths: every partition reused, the same program" {
	local worker=xgcc-worker root u
	[ "$(id -u)" -eq 0 ] || skip "needs root to run a link as $worker"
	getent passwd "$worker" >/dev/null || skip "no account $worker (./quickstart adds it as root)"
	runuser -u "$worker" -- test -x "$XGCC" || skip "$worker cannot run $XGCC"
	root=$(mktemp -d /tmp/xgcc-two-users.XXXXXX)
	chmod 755 "$root"
	for u in a b; do
		mkdir -p "$root/$u/proj" "$root/$u/tmp"
		cp -r "$G/lto" "$G/nonlto.o" "$G/liblto.a" "$root/$u/proj/"
		cp "$G/secret" "$root/$u/secret"
	done
	chown -R "$worker" "$root/b"
	mkdir -m 777 "$root/shared"
	# link USER DIR OPTION...: USER's link in their checkout $root/DIR
	two_link() {
		local who=$1 d=$root/$2
		shift 2
		run runuser -u "$who" -- env TMPDIR="$d/tmp" HOME="$d" sh -c 'cd "$1" && shift && exec "$@"' sh "$d/proj" \
			"$XGCC" -O2 -flto=2 -v -flto-cache-secret="$d/secret" "$@" \
			"$d"/proj/lto/u*.o "$d/proj/lto/main.o" "$d/proj/nonlto.o" "$d/proj/liblto.a" -o "$d/proj/prog"
	}
	# the shared directory
	two_link root a -flto-cache="$root/shared" -flto-cache-shared
	assert_success
	n=$(counts | awk '{ print $3 }')
	[ "$n" -ge 3 ] || fail "expected WPA with several partitions: $(counts)"
	assert_equal "$(counts)" "0 of $n"
	two_link "$worker" b -flto-cache="$root/shared" -flto-cache-shared
	assert_success
	assert_equal "$(counts)" "$n of $n"
	assert_equal "$(warnings)" 0
	cmp "$root/a/proj/prog" "$root/b/proj/prog" || fail "the second user's program differs"
	# the remote, under each user's own cache
	two_link root a -flto-cache="$root/a/cache" -flto-cache-remote="redis://127.0.0.1:$REDIS_PORT/3"
	assert_success
	assert_equal "$(counts)" "0 of $n (0 local, 0 remote), $n compiled"
	two_link "$worker" b -flto-cache="$root/b/cache" -flto-cache-remote="redis://127.0.0.1:$REDIS_PORT/3"
	assert_success
	assert_equal "$(counts)" "$n of $n (0 local, $n remote), 0 compiled"
	assert_equal "$(warnings)" 0
	cmp "$root/a/proj/prog" "$root/b/proj/prog" || fail "the second user's program differs"
	cd "$root/b/proj" && runs_right prog
	rm -rf "$root"
}
