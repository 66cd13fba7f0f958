#!/usr/bin/env bats
# collect2's scan memo (collect/memo.c): the files it found without LTO IR
# are not read again, a file that changes is, and LTO libraries are found
# wherever they are installed.
load helper

setup() {
	common_setup
	export XGCC_SCAN_MEMO="$BATS_TEST_TMPDIR/memo"
	printf 'int f(void) { return 3; }\n' >f.c
	printf 'int f(void);\nint main(void) { return f() - 3; }\n' >m.c
	"$XGCC" -O2 -c f.c m.c
	"$XGCC" -O2 -flto -c f.c -o f-lto.o
	# older than the racy window: the memo records only files that have
	# not changed for 2 seconds
	sleep 2.2
}

# records: how many files the memo knows (the first record is its magic)
records() { echo $(($(stat -c %s "$XGCC_SCAN_MEMO") / 40 - 1)); }

@test "a link reads the files it knows to hold no IR once: the next runs ld alone" {
	XGCC_COLLECT2_TRACE=1 run "$XGCC" m.o f.o -o p
	assert_success
	assert_line 'collect2: read by the object layer: m.o'
	assert_line 'collect2: read by the object layer: f.o'
	refute_line --partial 'known to hold no IR'
	# m.o, f.o, the start files, libgcc.a, libc_nonshared.a ...
	[ "$(records)" -ge 6 ]
	XGCC_COLLECT2_TRACE=1 run "$XGCC" m.o f.o -o p
	assert_success
	refute_line --partial 'read by'
	assert_line --regexp '^collect2: known to hold no IR: .*libgcc\.a$'
	assert_line 'collect2: known to hold no IR: m.o'
	run ./p
	assert_success
	assert_no_temps
}

@test "an LTO library installed in a system directory and found with -l is still found" {
	local dir
	dir=$("$XGCC" -print-multiarch)
	dir=/usr/lib/${dir:-.}
	[ -w "$dir" ] || skip "$dir is not writable (the test installs a library there)"
	local name="xgccmemo$$"
	# learn the system's files first, so that only the library is new
	"$XGCC" m.o f.o -o p
	ar rcs "lib$name.a" f-lto.o
	install -m 644 "lib$name.a" "$dir/lib$name.a"
	XGCC_COLLECT2_TRACE=1 run "$XGCC" -O2 -flto m.o "-l$name" -o p
	rm -f "$dir/lib$name.a"
	assert_success
	assert_line --regexp "^collect2: LTO input: .*/lib$name\.a@0x[0-9a-f]+ \(slim, member f-lto\.o\)$"
	run ./p
	assert_success
}

@test "a file that changes is read again: a library that gains IR, in place or replaced" {
	ar rcs libf.a f.o
	sleep 2.2
	"$XGCC" m.o -L. -lf -o p
	XGCC_COLLECT2_TRACE=1 run "$XGCC" m.o -L. -lf -o p
	assert_line --regexp '^collect2: known to hold no IR: .*libf\.a$'
	# the same file (inode) rewritten with an LTO member of the same size
	# is what the times catch: cp keeps the inode
	ar rcs libg.a f-lto.o
	cp libg.a libf.a
	XGCC_COLLECT2_TRACE=1 run "$XGCC" -O2 -flto m.o -L. -lf -o p
	assert_success
	refute_line --regexp 'known to hold no IR: .*libf\.a$'
	assert_line --regexp '^collect2: LTO input: .*libf\.a@0x[0-9a-f]+ \(slim, member f-lto\.o\)$'
	# a new file under the old name
	ar rcs libh.a f.o
	sleep 2.2
	"$XGCC" m.o -L. -lh -o p
	ar rcs libh2.a f-lto.o
	mv libh2.a libh.a
	XGCC_COLLECT2_TRACE=1 run "$XGCC" -O2 -flto m.o -L. -lh -o p
	assert_line --regexp '^collect2: LTO input: .*libh\.a@0x[0-9a-f]+ \(slim, member f-lto\.o\)$'
	run ./p
	assert_success
}

@test "a file changed within the last 2 seconds is not recorded" {
	"$XGCC" -O2 -c f.c -o new.o
	"$XGCC" m.o new.o -o p
	XGCC_COLLECT2_TRACE=1 run "$XGCC" m.o new.o -o p
	assert_line 'collect2: known to hold no IR: m.o'
	refute_line 'collect2: known to hold no IR: new.o'
}

@test "with other inputs carrying IR, known files are read for their symbols: members are pulled as ld pulls them" {
	printf 'int g(void) { return 4; }\n' >g.c
	printf 'int f(void);\nint g(void);\nint main(void) { return f() + g() - 7; }\n' >mg.c
	"$XGCC" -O2 -c g.c
	"$XGCC" -O2 -flto -c mg.c
	ar rcs libg.a g.o
	sleep 2.2
	"$XGCC" m.o -L. -lg f.o -o p
	XGCC_COLLECT2_TRACE=1 run "$XGCC" -O2 -flto mg.o f.o -L. -lg -o p
	assert_success
	assert_line --regexp '^collect2: known to hold no IR: .*libg\.a$'
	assert_line --regexp '^collect2: pulled \(.*libg\.a\)g\.o at '
	run ./p
	assert_success
}

@test "a memo others can write, of another user, or damaged, is not used; off turns it off" {
	"$XGCC" m.o f.o -o p
	chmod 666 "$XGCC_SCAN_MEMO"
	run "$XGCC" -v m.o f.o -o p
	assert_success
	assert_line "collect2: $XGCC_SCAN_MEMO: not used as the scan memo: other users can write to it"
	chmod 600 "$XGCC_SCAN_MEMO"
	if [ "$(id -u)" = 0 ]; then
		chown 61001 "$XGCC_SCAN_MEMO"
		run "$XGCC" -v m.o f.o -o p
		assert_line "collect2: $XGCC_SCAN_MEMO: not used as the scan memo: it belongs to another user"
		chown 0 "$XGCC_SCAN_MEMO"
	fi
	head -c 400 /dev/urandom >"$XGCC_SCAN_MEMO"
	XGCC_COLLECT2_TRACE=1 run "$XGCC" -v m.o f.o -o p
	assert_success
	assert_line "collect2: $XGCC_SCAN_MEMO: not used as the scan memo: not a scan memo"
	assert_line --regexp '^collect2: read by the object layer: .*libgcc\.a$'
	ln -s "$XGCC_SCAN_MEMO" link
	XGCC_SCAN_MEMO=$PWD/link run "$XGCC" -v m.o f.o -o p
	assert_success
	assert_line --regexp "not used as the scan memo: Too many levels of symbolic links"
	rm -f "$XGCC_SCAN_MEMO"
	XGCC_SCAN_MEMO=off run "$XGCC" m.o f.o -o p
	assert_success
	assert [ ! -e "$XGCC_SCAN_MEMO" ]
	run ./p
	assert_success
}

@test "the default memo is in the user's cache directory, made private" {
	unset XGCC_SCAN_MEMO
	HOME=$PWD/home XDG_CACHE_HOME= "$XGCC" m.o f.o -o p
	assert [ -f home/.cache/xgcc/scan-memo ]
	assert_equal "$(stat -c %a home/.cache/xgcc)" 700
	assert_equal "$(stat -c %a home/.cache/xgcc/scan-memo)" 600
	XDG_CACHE_HOME=$PWD/xdg "$XGCC" m.o f.o -o p
	assert [ -f xdg/xgcc/scan-memo ]
}

@test "links running at once all add whole records" {
	local i
	for i in 1 2 3 4 5 6; do
		cp f.o "f$i.o"
		touch -r f.o "f$i.o"
	done
	sleep 2.2
	for i in 1 2 3 4 5 6; do
		"$XGCC" m.o "f$i.o" -o "p$i" &
	done
	wait
	assert_equal $(($(stat -c %s "$XGCC_SCAN_MEMO") % 40)) 0
	XGCC_COLLECT2_TRACE=1 run "$XGCC" m.o f3.o -o p
	assert_line 'collect2: known to hold no IR: f3.o'
}

@test "what the driver compiles without -flto is not looked into; with -flto it is" {
	"$XGCC" m.o f.o -o p   # the runtime files are known from here on
	XGCC_COLLECT2_TRACE=1 run "$XGCC" -O2 m.c f.c -o p
	assert_success
	assert_line --regexp '^collect2: known to hold no IR: .*/cc[A-Za-z0-9]{6}\.o$'
	refute_line --regexp 'nm --target=default'
	XGCC_COLLECT2_TRACE=1 run "$XGCC" -O2 -flto m.c f.c -o p
	assert_success
	assert_line --regexp '^collect2: LTO input: .*/cc[A-Za-z0-9]{6}\.o \(slim\)$'
	# the driver's word is its own: not taken from the environment
	XGCC_PLAIN_OBJECTS=f-lto.o XGCC_COLLECT2_TRACE=1 run "$XGCC" -O2 m.c f-lto.o -o p
	assert_success
	assert_line 'collect2: LTO input: f-lto.o (slim)'
	run ./p
	assert_success
}

@test "a memo that ends in part of a record (a full disk) is written anew, its records kept" {
	"$XGCC" m.o f.o -o p
	local n
	n=$(records)
	printf 'partial' >>"$XGCC_SCAN_MEMO"
	"$XGCC" m.o f.o -o p
	assert_equal $(($(stat -c %s "$XGCC_SCAN_MEMO") % 40)) 0
	assert_equal "$(records)" "$n"
	XGCC_COLLECT2_TRACE=1 run "$XGCC" m.o f.o -o p
	assert_line 'collect2: known to hold no IR: f.o'
	refute_line --regexp 'nm --target=default'
}

@test "a memo past 8192 records keeps the newest half" {
	# 9000 records of files that do not exist, after the magic
	printf 'XGSCAN1\n' | cat - <(head -c 32 /dev/zero) >"$XGCC_SCAN_MEMO"
	head -c $((9000 * 40)) /dev/urandom >>"$XGCC_SCAN_MEMO"
	chmod 600 "$XGCC_SCAN_MEMO"
	"$XGCC" m.o f.o -o p
	assert_equal "$(records)" 4096
	XGCC_COLLECT2_TRACE=1 run "$XGCC" m.o f.o -o p
	assert_line 'collect2: known to hold no IR: f.o'
}
