#!/usr/bin/env bats
# The LTRANS cache, -flto-cache=DIR (lto/cache.c): a relink reuses every
# partition, any change of options misses, concurrent links share one
# cache, damaged and truncated entries are compiled again (never linked),
# a full disk only costs the caching, and -flto-cache-size= bounds the
# directory, least recently used entries first.  The program is
# bench/gen-program's, big enough for WPA and several partitions; each
# link's program must print the checksum of the build without LTO.
load helper

setup_file() {
	G="$BATS_FILE_TMPDIR/gen"
	export G
	export TMPDIR="$BATS_FILE_TMPDIR/tmp"
	mkdir -p "$TMPDIR"
	gen_objects "$G" -s 11 -f 6 -k 120 -g 4 -l 12
	"$XGCC" -O2 "$G"/plain/*.o "$G/nonlto.o" -o "$G/p0"
	"$G/p0" >"$G/expected"
}

# link OUT OPTION...: the LTO link of the generated objects, with -v.
link() {
	local out=$1
	shift
	run "$XGCC" -O2 -flto=2 -v "$@" "$G"/lto/u*.o "$G/lto/main.o" "$G/nonlto.o" "$G/liblto.a" -o "$out"
}
runs_right() {
	run "./$1"
	assert_success
	assert_output "$(cat "$G/expected")"
}
entries() { find "$1" -type f -name '????????????????????????????????????????????????????????????????'; }
# bytes DIR: the size of the entries in DIR.
bytes() { entries "$1" | xargs -r stat -c %s | awk '{ s += $1 } END { print s + 0 }'; }

@test "a relink reuses every partition, and the program is the same" {
	link p1 -flto-cache="$PWD/c"
	assert_success
	n=$(reused | awk '{ print $3 }')
	[ "$n" -ge 3 ] || fail "expected WPA with several partitions: $(reused)"
	assert_equal "$(reused)" "0 of $n"
	assert_equal "$(entries c | wc -l)" "$n"
	runs_right p1
	link p2 -flto-cache="$PWD/c"
	assert_success
	assert_equal "$(reused)" "$n of $n"
	runs_right p2
	cmp p1 p2 || fail "the relinked program differs"
	assert_no_temps
	# an entry: magic, length, tag, then the object
	e=$(entries c | head -1)
	assert_equal "$(head -c 8 "$e")" "XGLTRC2"
	tail -c +49 "$e" | head -c 4 | od -An -c | grep -q 'E   L   F'
}

@test "a program's identity is its bytes: xgcc, collect2 and lto1 copied elsewhere with other times reuse every partition" {
	link p1 -flto-cache="$PWD/c"
	assert_success
	n=$(reused | awk '{ print $3 }')
	mkdir bin
	cp "$XGCC_BUILDDIR/xgcc" "$XGCC_BUILDDIR/collect2" "$XGCC_BUILDDIR/lto1" "$XGCC_BUILDDIR"/stable_order_*.so bin/
	touch -d '2001-02-03 04:05' bin/*
	run bin/xgcc -O2 -flto=2 -v -flto-cache="$PWD/c" "$G"/lto/u*.o "$G/lto/main.o" "$G/nonlto.o" "$G/liblto.a" -o p2
	assert_success
	assert_output --partial "$PWD/bin/lto1"
	assert_equal "$(reused)" "$n of $n"
	cmp p1 p2
	# the digests kept, one per program file and its times: the two
	# drivers, the two stable-order plugins and the backend's lto1; the
	# user's own files
	assert_equal "$(find c -maxdepth 1 -name '.prog-*' -type f -user "$(id -u)" | wc -l)" 5
	# one of the wrong size, or (as root) another's, is not believed:
	# its program is hashed again, and the keys stay right
	for f in c/.prog-*; do printf 'not a digest' >"$f"; done
	run bin/xgcc -O2 -flto=2 -v -flto-cache="$PWD/c" "$G"/lto/u*.o "$G/lto/main.o" "$G/nonlto.o" "$G/liblto.a" -o p3
	assert_equal "$(reused)" "$n of $n"
	if [ "$(id -u)" -eq 0 ]; then
		for f in c/.prog-*; do head -c 32 /dev/zero >"$f" && chown nobody "$f"; done
		run bin/xgcc -O2 -flto=2 -v -flto-cache="$PWD/c" "$G"/lto/u*.o "$G/lto/main.o" "$G/nonlto.o" "$G/liblto.a" -o p4
		assert_equal "$(reused)" "$n of $n"
	fi
	assert_no_temps
}

@test "without -v the link says nothing; XGCC_LTO_CACHE names the cache too" {
	run "$XGCC" -O2 -flto -flto-cache="$PWD/c" "$G"/lto/u*.o "$G/lto/main.o" "$G/nonlto.o" "$G/liblto.a" -o p1
	assert_success
	assert_output ""
	XGCC_LTO_CACHE="$PWD/c" link p2
	assert_success
	n=$(reused | awk '{ print $3 }')
	assert_equal "$(reused)" "$n of $n"
	runs_right p2
}

@test "any change of options misses: -O1, -march, -fno-inline, -flto-partition" {
	link p -flto-cache="$PWD/c"
	assert_success
	n=$(reused | awk '{ print $3 }')
	link p -flto-cache="$PWD/c" -O1
	assert_success
	assert_equal "$(reused)" "0 of $n"
	runs_right p
	link p -flto-cache="$PWD/c" -march=x86-64-v2
	assert_success
	assert_equal "$(reused | cut -d' ' -f1)" 0
	link p -flto-cache="$PWD/c" -fno-inline
	assert_success
	assert_equal "$(reused | cut -d' ' -f1)" 0
	runs_right p
	link p -flto-cache="$PWD/c" -flto-partition=max
	assert_success
	assert_equal "$(reused | cut -d' ' -f1)" 0
	runs_right p
	# and what changes no code does not: -save-temps, another -flto=N
	link p -flto-cache="$PWD/c" -flto=1
	assert_success
	assert_equal "$(reused)" "$n of $n"
}

@test "a changed input misses only where it changed; the program is right" {
	cp -r "$G/lto" o
	link p -flto-cache="$PWD/c"
	assert_success
	n=$(reused | awk '{ print $3 }')
	# one constant of one function of u3.c
	sed '0,/r = x \* [0-9]*u/s//r = x * 12345u/' "$G/prog/u3.c" >u3.c
	! cmp -s u3.c "$G/prog/u3.c" || fail "u3.c is the same as before the edit"
	"$XGCC" -O2 -flto -c u3.c -o o/u3.o
	"$XGCC" -O2 -c u3.c -o u3plain.o
	run "$XGCC" -O2 -flto=2 -v -flto-cache="$PWD/c" o/u*.o o/main.o "$G/nonlto.o" "$G/liblto.a" -o p2
	assert_success
	h=$(reused | cut -d' ' -f1)
	[ "$h" -ge 1 ] && [ "$h" -lt "$n" ] || fail "expected some partitions reused, not all: $(reused)"
	"$XGCC" -O2 u3plain.o $(ls "$G"/plain/*.o | grep -v '/u3.o$') "$G/nonlto.o" -o q0
	run ./p2
	assert_success
	assert_output "$(./q0)"
	[ "$output" != "$(cat "$G/expected")" ] || fail "the change made no difference to the program"
}

@test "-flto-partition=none (one backend run, no WPA) is cached as one partition" {
	printf 'int f(int);\nint main(void) { return f(3) - 9; }\n' >a.c
	printf 'int f(int x) { return x * 3; }\n' >b.c
	"$XGCC" -O2 -flto -c a.c b.c
	run "$XGCC" -O2 -flto -flto-partition=none -v -flto-cache="$PWD/c" a.o b.o -o a
	assert_success
	assert_equal "$(reused)" "0 of 1"
	./a
	run "$XGCC" -O2 -flto -flto-partition=none -v -flto-cache="$PWD/c" a.o b.o -o a
	assert_equal "$(reused)" "1 of 1"
	./a
	run "$XGCC" -O1 -flto -flto-partition=none -v -flto-cache="$PWD/c" a.o b.o -o a
	assert_equal "$(reused)" "0 of 1"
	./a
}

@test "four links at once into one empty cache: all right, whole entries, then all reused" {
	local i
	for i in 1 2 3 4; do
		"$XGCC" -O2 -flto=1 -flto-cache="$PWD/c" "$G"/lto/u*.o "$G/lto/main.o" "$G/nonlto.o" "$G/liblto.a" \
			-o p$i 2>err$i &
	done
	wait
	for i in 1 2 3 4; do
		[ ! -s err$i ] || fail "link $i: $(cat err$i)"
		runs_right p$i
	done
	[ -z "$(find c -name '.tmp-*')" ] || fail "temporary entries left: $(ls -a c)"
	link p5 -flto-cache="$PWD/c"
	assert_success
	n=$(reused | awk '{ print $3 }')
	assert_equal "$(reused)" "$n of $n"
	assert_equal "$(entries c | wc -l)" "$n"
	runs_right p5
}

@test "a damaged entry is found, compiled again and stored again, never linked" {
	link p -flto-cache="$PWD/c"
	assert_success
	n=$(reused | awk '{ print $3 }')
	# one byte of every object flipped, where the code is
	for e in $(entries c); do
		sz=$(stat -c %s "$e")
		off=$((sz / 2))
		b=$(od -An -tu1 -j "$off" -N1 "$e" | tr -d ' ')
		printf "$(printf '\\%03o' $(((b + 1) % 256)))" | dd of="$e" bs=1 seek="$off" conv=notrunc status=none
	done
	link p2 -flto-cache="$PWD/c"
	assert_success
	assert_equal "$(reused)" "0 of $n"
	assert_equal "$(echo "$output" | grep -c 'is damaged; compiling again')" "$n"
	runs_right p2
	link p3 -flto-cache="$PWD/c"
	assert_equal "$(reused)" "$n of $n"
	runs_right p3
}

@test "a truncated or empty entry is compiled again" {
	link p -flto-cache="$PWD/c"
	assert_success
	n=$(reused | awk '{ print $3 }')
	set -- $(entries c)
	truncate -s 100 "$1"
	truncate -s 20 "$2"
	: >"$3"
	link p2 -flto-cache="$PWD/c"
	assert_success
	assert_equal "$(reused)" "$((n - 3)) of $n"
	runs_right p2
	link p3 -flto-cache="$PWD/c"
	assert_equal "$(reused)" "$n of $n"
}

@test "a full disk: the link succeeds, warns once, and the program is right" {
	command -v unshare >/dev/null || skip "no unshare(1) for a private tmpfs"
	mkdir c
	unshare -rm sh -c 'mount -t tmpfs -o size=12k,mode=0700 tmpfs "$1"' sh "$PWD/c" 2>/dev/null ||
		skip "cannot mount a tmpfs here (no user or mount namespaces)"
	run unshare -rm sh -c 'mount -t tmpfs -o size=12k,mode=0700 tmpfs "$1" && shift && exec "$@"' sh "$PWD/c" \
		"$XGCC" -O2 -flto=2 -flto-cache="$PWD/c" "$G"/lto/u*.o "$G/lto/main.o" "$G/nonlto.o" "$G/liblto.a" -o p
	assert_success
	assert_output --regexp "lto1: warning: .*cannot store in the LTRANS cache: No space left on device"
	assert_equal "$(echo "$output" | grep -c warning)" 1
	runs_right p
}

@test "-flto-cache-size= bounds the cache: the least recently used entries go first" {
	link p -flto-cache="$PWD/c"
	assert_success
	n=$(reused | awk '{ print $3 }')
	limit=$(( $(bytes c) * 5 / 4 / 1024 ))
	old=$(entries c | sort)
	sleep 1.1
	# another program's partitions (-O1), with room for about their size
	link q -flto-cache="$PWD/c" -O1 -flto-cache-size="${limit}k"
	assert_success
	new=$(comm -13 <(echo "$old") <(entries c | sort))
	[ -n "$new" ]
	[ "$(bytes c)" -le $((limit * 1024)) ] || fail "the cache holds $(bytes c) bytes, more than ${limit}k"
	[ "$(comm -12 <(echo "$old") <(entries c | sort) | wc -l)" -lt "$n" ] || fail "no old entry was pruned"
	# the newest link's entries stayed: it is all reused
	link q -flto-cache="$PWD/c" -O1 -flto-cache-size="${limit}k"
	m=$(reused | awk '{ print $3 }')
	assert_equal "$(reused)" "$m of $m"
	runs_right q
}

@test "a hit makes an entry recent: pruning keeps it over older ones" {
	link p -flto-cache="$PWD/c"
	n=$(reused | awk '{ print $3 }')
	total=$(( $(bytes c) / 1024 ))
	sleep 1.1
	link q -flto-cache="$PWD/c" -O1
	sleep 1.1
	link p -flto-cache="$PWD/c"
	assert_equal "$(reused)" "$n of $n"
	# a third option set, bounded to about one program's entries: -O1's go
	link r -flto-cache="$PWD/c" -Os -flto-cache-size="$((total * 2 + total / 4))k"
	assert_success
	link p -flto-cache="$PWD/c"
	assert_equal "$(reused)" "$n of $n"
	link q -flto-cache="$PWD/c" -O1
	m=$(reused | awk '{ print $3 }')
	[ "$(reused | cut -d' ' -f1)" -lt "$m" ] || fail "the least recently used entries were kept: $(reused)"
}

@test "the driver takes the options: compile only, and a bad size is one error line" {
	printf 'int main(void) { return 0; }\n' >m.c
	run "$XGCC" -O2 -flto -flto-cache="$PWD/c" -flto-cache-size=64 -c m.c
	assert_success
	assert_output ""
	run "$XGCC" -O2 -flto -flto-cache="$PWD/c" -flto-cache-size=lots m.o -o m
	assert_failure
	assert_output --partial "-flto-cache-size=lots: not a size"
	run "$XGCC" -O2 -flto -flto-cache="$PWD/c" m.o -o m
	assert_success
	./m
}
