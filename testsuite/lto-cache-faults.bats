#!/usr/bin/env bats
# The LTRANS cache's remote under load and faults (issue 44): eight links
# at once against one nginx (WebDAV) and one redis-server on loopback,
# each with an empty local cache of its own; the server killed and
# started again while links run; its disk full (nginx's tree on a small
# tmpfs, Redis at its maxmemory); entries damaged on it (cut short; the
# right length with other bytes; another key's).  Every link must
# succeed with the program of a link through an empty cache and no
# remote, byte for byte, with at most one warning; no damaged entry may
# reach a program, a local cache or stay on the remote.
# lto-cache-remote.bats tests one link at a time (a second user, entries
# of another party, a server down or paused, credentials).
load helper
load lto-cache-remote

setup_file() {
	remote_setup_file
	[ -z "$SKIP_WHY" ] || return 0
	remote_program -s 11 -f 2 -k 12 -g 4 -l 4
	# the reference: the program and the entries of a link through an
	# empty cache with no remote
	xlink "$G/ref" -flto-cache="$G/ref-cache" >"$G/ref.log" 2>&1
	N=$(entries "$G/ref-cache" | wc -l)
	export N
	# a distributor that holds the link between its lookups and its
	# LTRANS jobs (and so its stores) until the test opens its gate
	cat >"$G/gate" <<-EOF
		#!/bin/sh
		touch "\$GATE/at-\$GATE_ID"
		while [ ! -e "\$GATE/go-\$GATE_ID" ]; do sleep 0.05; done
		"$XGCC_BUILDDIR/xgcc-distribute-local" "\$@"
		s=\$?
		touch "\$GATE/done-\$GATE_ID"
		exit \$s
	EOF
	chmod +x "$G/gate"
}

teardown_file() { remote_teardown_file; }

setup() {
	common_setup
	[ -z "$SKIP_WHY" ] || skip "$SKIP_WHY"
	[ "$N" -ge 4 ] || fail "expected WPA with several partitions: $(cat "$G/ref.log")"
}

teardown() {
	# a server a test started, and the tmpfs under it
	local d
	for d in "$BATS_TEST_TMPDIR"/srv-*; do
		[ -d "$d" ] || continue
		stop "$d"
		# (lazily if the server has not quite gone yet)
		! mountpoint -q "$d/disk" || umount "$d/disk" 2>/dev/null || umount -l "$d/disk"
	done
}

# start_links K URL [OPTION...]: K links at once, link I with an empty
# local cache of its own in lI/cache, the remote URL, its program in lI/p
# and its output in lI/log.
start_links() {
	local k=$1 url=$2 i
	shift 2
	pids=() st=()
	for ((i = 1; i <= k; i++)); do
		rm -rf "l$i"
		mkdir "l$i"
		GATE_ID=$i xlink "l$i/p" -flto-cache="$PWD/l$i/cache" -flto-cache-remote="$url" "$@" \
			>"l$i/log" 2>&1 </dev/null &
		pids[i]=$!
	done
}

# finish I: link I waited for, its status in st[I].
finish() {
	[ -z "${st[$1]:-}" ] || return 0
	if wait "${pids[$1]}"; then st[$1]=0; else st[$1]=$?; fi
}

# links_right K: the K links of start_links succeeded, each with the
# reference program byte for byte, at most one warning, and only whole,
# right entries in its local cache.
links_right() {
	local k=$1 i
	for ((i = 1; i <= k; i++)); do
		finish "$i"
		[ "${st[i]}" -eq 0 ] || fail "link $i failed: $(tail -5 "l$i/log")"
		cmp -s "l$i/p" "$G/ref" || fail "link $i linked another program"
		[ "$(xgcc_warnings <"l$i/log" | wc -l)" -le 1 ] || fail "link $i: more than one warning: $(xgcc_warnings <"l$i/log")"
		right_entries "l$i/cache"
	done
	(cd l1 && runs_right p)
}

# right_entries DIR: every entry in DIR is the reference's of its key.
right_entries() {
	local e
	for e in $(entries "$1"); do
		cmp -s "$e" "$G/ref-cache/$(basename "$e")" || { fail "$e: not the reference's entry"; return 1; }
	done
}

# await FILE I: until FILE is there, while link I runs.
await() {
	while [ ! -e "$1" ]; do
		kill -0 "${pids[$2]}" 2>/dev/null || [ -e "$1" ] || fail "link $2 ended before $1: $(tail -5 "l$2/log")"
		sleep 0.05
	done
}

# link_counts I: link I's cache line, "H of N (L local, R remote), C compiled".
link_counts() { sed -n 's/^lto1: LTRANS cache: \([0-9]* of [0-9]*\) partitions* reused/\1/p' "l$1/log"; }
link_warnings() { xgcc_warnings <"l$1/log" | wc -l; }

# dav_right PATH: every object under the WebDAV remote's PATH is the
# reference's entry of its key; prints how many there are.  (It and
# redis_right run in $(...), where a failure does not end the test: they
# return at once, printing no count.)
dav_right() {
	local f n=0
	for f in $(dav_entries "$1"); do
		cmp -s "$DAV/$1/$f" "$G/ref-cache/${f%%/*}${f#*/}" || { fail "remote $1/$f: not the reference's entry"; return 1; }
		n=$((n + 1))
	done
	echo "$n"
}

# redis_right PORT DB: every entry in the database DB of the Redis on
# PORT is the reference's of its key (their SHA-1 digests compared on
# the server); prints how many there are.
redis_right() {
	local k n=0
	for k in $(redis-cli -p "$1" -n "$2" --scan --pattern 'xgcc-ltrans:*'); do
		[ "$(redis-cli -p "$1" -n "$2" eval "return redis.sha1hex(redis.call('get', KEYS[1]))" 1 "$k")" = \
			"$(sha1sum <"$G/ref-cache/${k#xgcc-ltrans:}" | cut -c1-40)" ] || { fail "remote $k: not the reference's entry"; return 1; }
		n=$((n + 1))
	done
	echo "$n"
}

# eight_at_once URL: eight links with empty caches at once against an
# empty remote (a link may take what one before it stored), then eight
# more, each taking every partition from it.
eight_at_once() {
	local url=$1 i c h
	start_links 8 "$url"
	links_right 8
	for i in 1 2 3 4 5 6 7 8; do
		c=$(link_counts "$i")
		h=${c%% *}
		assert_equal "$c" "$h of $N (0 local, $h remote), $((N - h)) compiled"
	done
	start_links 8 "$url"
	links_right 8
	for i in 1 2 3 4 5 6 7 8; do
		assert_equal "$(link_warnings "$i")" 0
		assert_equal "$(link_counts "$i")" "$N of $N (0 local, $N remote), 0 compiled"
	done
}

@test "eight links at once against one nginx: every link right, the remote filled once, eight more take every partition from it" {
	eight_at_once "http://127.0.0.1:$HTTP_PORT/eight"
	assert_equal "$(dav_right eight)" "$N"
}

@test "eight links at once against one Redis: every link right, the remote filled once, eight more take every partition from it" {
	eight_at_once "redis://127.0.0.1:$REDIS_PORT/4"
	assert_equal "$(redis_right "$REDIS_PORT" 4)" "$N"
}

# killed_mid_link SERVE URL COUNT: eight links of an empty remote, each
# held after its lookups.  The server is stopped while two of them
# store (their requests wait on it), then killed; two more store while it
# is down; it is started again on the same port and four more store.
# Then eight more links of an empty remote, the server killed when it has
# answered the first request and started again.  In URL, PORT is the
# server's port and PART 1 or 2; COUNT PORT DIR PART prints how many
# entries the remote holds, each checked.  The warnings of the four links
# whose server came back go to back_warnings, what they left on it to
# back_held.
killed_mid_link() {
	local serve=$1 url=$2 count=$3 d=$BATS_TEST_TMPDIR/srv-1 port i before running
	port=$(start "$serve" "$d") || fail "no server"
	url=${url/PORT/$port}
	export GATE="$PWD/gate"
	mkdir -p "$GATE"
	start_links 8 "${url/PART/1}" -flto-distributor="$G/gate"
	for i in 1 2 3 4 5 6 7 8; do
		await "$GATE/at-$i" "$i"
	done
	# every link has looked up all its partitions (all missed) and
	# holds its connection to the server
	signal_server STOP "$d"
	touch "$GATE/go-1" "$GATE/go-2"
	await "$GATE/done-1" 1
	await "$GATE/done-2" 2
	# their first store waits on the stopped server
	sleep 0.5
	kill_server "$d"
	touch "$GATE/go-3" "$GATE/go-4"
	finish 3
	finish 4
	"$serve" "$d" "$port" || fail "the server does not start again"
	touch "$GATE/go-5" "$GATE/go-6" "$GATE/go-7" "$GATE/go-8"
	links_right 8
	for i in 1 2 3 4; do
		assert_equal "$(link_warnings "$i")" 1
	done
	for i in 1 2 3 4 5 6 7 8; do
		assert_equal "$(link_counts "$i")" "0 of $N (0 local, 0 remote), $N compiled"
	done
	# what the links whose server came back said, and what it holds
	back_warnings=$(for i in 5 6 7 8; do link_warnings "$i"; done | sort -u | tr '\n' ' ')
	back_held=$("$count" "$port" "$d" 1)

	# killed while eight links run freely
	before=$(requests "$port" "$d")
	start_links 8 "${url/PART/2}"
	SECONDS=0
	while [ "$(requests "$port" "$d")" = "$before" ]; do
		[ "$SECONDS" -lt 60 ] || fail "no request reached the server"
		sleep 0.02
	done
	kill_server "$d"
	running=0
	for i in 1 2 3 4 5 6 7 8; do
		if kill -0 "${pids[i]}" 2>/dev/null; then running=$((running + 1)); fi
	done
	sleep 0.3
	"$serve" "$d" "$port" || fail "the server does not start again"
	[ "$running" -gt 0 ] || fail "every link had ended when the server was killed"
	links_right 8
	"$count" "$port" "$d" 2 >/dev/null
}

# requests PORT DIR: how many requests the server has answered, nginx's
# from its access log, Redis's lookups and stores from its statistics.
requests() {
	if [ -f "$2/logs/access.log" ]; then
		wc -l <"$2/logs/access.log"
	else
		redis-cli -p "$1" info commandstats |
			sed -n 's/^cmdstat_\(getrange\|set\):calls=\([0-9]*\),.*/\2/p' | awk '{ n += $1 } END { print n + 0 }'
	fi
}
dav_count() { DAV="$2/dav" dav_right "killed$3"; }
redis_count() { redis_right "$1" "$3"; }

@test "WebDAV: the server killed and started again mid-link: every link right, at most one warning each" {
	killed_mid_link serve_nginx "http://127.0.0.1:PORT/killedPART" dav_count
	# curl opened a new connection to the server that came back
	assert_equal "$back_warnings" "0 "
	assert_equal "$back_held" "$N"
}

@test "Redis: the server killed and started again mid-link: every link right, at most one warning each" {
	killed_mid_link serve_redis "redis://127.0.0.1:PORT/PART" redis_count
	# a connection the server closed is a failure of the remote
	assert_equal "$back_warnings" "1 "
	assert_equal "$back_held" 0
}

@test "WebDAV: the server's disk full (a small tmpfs): eight links right, at most one warning each, what it holds whole" {
	[ "$(id -u)" -eq 0 ] || skip "needs root to mount a small tmpfs under nginx's tree"
	local d=$BATS_TEST_TMPDIR/srv-1 port kib n
	# room for about half the entries, each in pages of 4 KiB: nginx's
	# temporaries and its tree on it
	kib=$(for e in $(entries "$G/ref-cache"); do echo $((($(stat -c %s "$e") + 4095) / 4096 * 4)); done |
		awk '{ s += $1 } END { print int(s / 8) * 4 }')
	mkdir -p "$d/disk"
	mount -t tmpfs -o "size=${kib}k,mode=755" tmpfs "$d/disk" 2>"$d/mount.err" ||
		skip "cannot mount a tmpfs: $(cat "$d/mount.err")"
	mkdir "$d/disk/dav" "$d/disk/tmp"
	ln -s disk/dav "$d/dav"
	ln -s disk/tmp "$d/tmp"
	port=$(start serve_nginx "$d") || fail "no nginx on the tmpfs"
	start_links 8 "http://127.0.0.1:$port/full"
	links_right 8
	grep -q 'No space left on device' "$d/logs/error.log" || fail "the disk did not fill"
	grep -q "warning: .*: the LTRANS cache's remote failed: PUT .*: HTTP status 500; not using it" l*/log ||
		fail "no link was refused a store"
	# what it took is whole, and a link with an empty cache uses it
	n=$(DAV="$d/dav" dav_right full)
	[ "$n" -lt "$N" ] || fail "the full disk took every entry"
	start_links 1 "http://127.0.0.1:$port/full"
	links_right 1
	assert_equal "$(link_counts 1)" "$n of $N (0 local, $n remote), $((N - n)) compiled"
}

@test "Redis: the server full (maxmemory, no eviction): eight links right, one warning each, what it holds used" {
	local d=$BATS_TEST_TMPDIR/srv-1 port e used i half=$((N / 2))
	port=$(start serve_redis "$d") || fail "no redis-server"
	# half the entries there, then no room for more
	for e in $(entries "$G/ref-cache" | sort | head -$half); do
		redis-cli -p "$port" -x set "xgcc-ltrans:$(basename "$e")" <"$e" >/dev/null
	done
	used=$(redis-cli -p "$port" info memory | sed -n 's/^used_memory:\([0-9]*\).*/\1/p')
	redis-cli -p "$port" config set maxmemory-policy noeviction >/dev/null
	redis-cli -p "$port" config set maxmemory "$used" >/dev/null
	start_links 8 "redis://127.0.0.1:$port"
	links_right 8
	for i in 1 2 3 4 5 6 7 8; do
		assert_equal "$(link_counts "$i")" "$half of $N (0 local, $half remote), $((N - half)) compiled"
		grep -q "warning: redis://127.0.0.1:$port: the LTRANS cache's remote failed: SET: OOM command not allowed" "l$i/log" ||
			fail "link $i: $(grep warning "l$i/log")"
	done
	assert_equal "$(redis_right "$port" 0)" "$half"
}

# plant_damaged: the reference's entries in ./planted, three of them
# damaged, their keys in ./damaged: one cut to half its length, one of
# the right length with 32 other bytes in its object, one another key's
# whole entry.
plant_damaged() {
	local k1 k2 k3 k4 size
	cp -r "$G/ref-cache" planted
	read -r k1 k2 k3 k4 <<<"$(entries planted | xargs -n1 basename | sort | head -4 | tr '\n' ' ')"
	size=$(stat -c %s "planted/$k1")
	truncate -s $((size / 2)) "planted/$k1"
	size=$(stat -c %s "planted/$k2")
	head -c 32 /dev/urandom | dd of="planted/$k2" bs=1 seek=$((48 + (size - 48) / 2)) conv=notrunc status=none
	[ "$(stat -c %s "planted/$k2")" -eq "$size" ] || fail "the damaged entry changed its length"
	if cmp -s "planted/$k2" "$G/ref-cache/$k2"; then fail "the entry was not damaged"; fi
	cp "planted/$k4" "planted/$k3"
	printf '%s\n' "$k1" "$k2" "$k3" | sort >damaged
}

# damaged_refused URL COUNT...: eight links with empty caches at once
# against the remote with ./damaged's entries damaged: each refuses the
# damaged entries it is served (-v), compiles them and links right, with
# no warning; the good entries replace them on the remote (COUNT...
# prints how many right entries it holds).
damaged_refused() {
	local url=$1 i r
	shift
	start_links 8 "$url"
	links_right 8
	for i in 1 2 3 4 5 6 7 8; do
		assert_equal "$(link_warnings "$i")" 0
		sed -n 's/^lto1: LTRANS cache: .*: the entry \([0-9a-f]*\) fails the check of the secret (damaged, or written without it); compiling again$/\1/p' \
			"l$i/log" | sort >"l$i/refused"
		# a link that looked up after another had put good entries back takes those
		[ -z "$(comm -13 damaged "l$i/refused")" ] || fail "link $i refused a good entry: $(cat "l$i/refused")"
		r=$(wc -l <"l$i/refused")
		assert_equal "$(link_counts "$i")" "$((N - r)) of $N (0 local, $((N - r)) remote), $r compiled"
	done
	grep -q "fails the check of the secret" l*/log || fail "no link was served a damaged entry"
	assert_equal "$("$@")" "$N"
}

@test "WebDAV: entries cut short, of the right length with other bytes, or another key's are refused, compiled again and replaced" {
	plant_damaged
	plant_dav planted damaged
	damaged_refused "http://127.0.0.1:$HTTP_PORT/damaged" dav_right damaged
}

@test "Redis: entries cut short, of the right length with other bytes, or another key's are refused, compiled again and replaced" {
	plant_damaged
	plant_redis planted 5
	damaged_refused "redis://127.0.0.1:$REDIS_PORT/5" redis_right "$REDIS_PORT" 5
}
