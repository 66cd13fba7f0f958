#!/usr/bin/env bats
# Stable keys for the LTRANS cache (lto/stable-order.cc, doc/lto.texi
# "What keeps a key stable"): with the stable-order plugin in WPA, the
# partitions of code an edit did not touch come out as the same bytes.
# For each kind of edit -- a function added at the end of a file, a
# constant changed, a file added, a function added and one dropped in
# the middle of a file -- the file is compiled again and the program
# relinked through a warm cache; the partitions it compiled are counted,
# and the program must be byte-identical to the same link through an
# empty cache, and print the checksum of the build without LTO.  Objects
# compiled for the cache (-flto-cache on the compile: bodies without
# source positions) keep the middle-of-file edits to two partitions.
load helper

setup_file() {
	G="$BATS_FILE_TMPDIR/gen"
	export G
	export TMPDIR="$BATS_FILE_TMPDIR/tmp"
	mkdir -p "$TMPDIR" "$G/plain"
	sh "$SRCDIR/bench/gen-program" -s 5 -f 12 -k 40 -g 0 "$G" 2>/dev/null
	local f
	for f in "$G"/prog/*.c; do
		"$XGCC" -O2 -c "$f" -o "$G/plain/$(basename "$f" .c).o"
	done
	"$XGCC" -O2 -c "$G/nonlto.c" -o "$G/nonlto.o"
	"$XGCC" -O2 "$G"/plain/*.o "$G/nonlto.o" -o "$G/p0"
	"$G/p0" >"$G/expected"
}

# tree: this test's copy of the sources, compiled -flto there (where a
# user's tree stays between edits: the objects name their sources)
tree() {
	cp -a "$G" "$BATS_TEST_TMPDIR/t"
	G="$BATS_TEST_TMPDIR/t"
	local f
	for f in "$G"/prog/*.c; do
		"$XGCC" -O2 -flto ${COMPILE_FOR_CACHE:-} -c "$f" -o "${f%.c}.o"
	done
}

setup() {
	common_setup
	[ -e "$XGCC_BUILDDIR/stable_order_0.so" ] ||
		skip "no stable-order plugin was built: the backend has no plugin headers (gcc-$(gcc -dumpversion)-plugin-dev), or headers that do not build it (GCC 16's: make's build-wpa-plugins line says)"
}

# link OUT CACHE OPTION...: the LTO link of the program, with -v
link() {
	local out=$1 cache=$2
	shift 2
	run "$XGCC" -O2 -flto=2 -v -flto-cache="$cache" "$@" "$G"/prog/*.o "$G/nonlto.o" -o "$out"
}
# compiled: the partitions the last link compiled (N - H of "H of N")
compiled() {
	echo "$output" | sed -n 's/^lto1: LTRANS cache: \([0-9]*\) of \([0-9]*\) partitions* reused$/\2 \1/p' |
		awk '{ print $1 - $2 }'
}

# edit NAME MAX SED-ARGS...: edit prog/u3.c (a copy of the tree), compile
# it, relink through the warm cache: at most MAX partitions compiled; the
# program equals the empty-cache link's and prints the right checksum.
edit() {
	local name=$1 max=$2
	shift 2
	[ -e "$BATS_TEST_TMPDIR/t" ] || tree
	link warm "$PWD/cache"
	assert_success
	cp "$G/prog/u3.c" "$G/prog/u3.c.orig"
	sed -i "$@" "$G/prog/u3.c"
	"$XGCC" -O2 -flto ${COMPILE_FOR_CACHE:-} -c "$G/prog/u3.c" -o "$G/prog/u3.o"
	link edited "$PWD/cache"
	assert_success
	local n
	n=$(compiled)
	echo "$name: $n partitions compiled"
	[ -n "$n" ] && [ "$n" -le "$max" ] || fail "$name: $n partitions compiled, at most $max expected"
	link fresh "$PWD/empty"
	assert_success
	cmp edited fresh || fail "$name: the program differs from the link through an empty cache"
	# back to the file as it was, for the next edit
	cp "$G/prog/u3.c.orig" "$G/prog/u3.c"
	"$XGCC" -O2 -flto ${COMPILE_FOR_CACHE:-} -c "$G/prog/u3.c" -o "$G/prog/u3.o"
	run ./edited
	assert_success
}

@test "WPA runs the stable-order plugin: -v says what it renumbered" {
	tree
	link p "$PWD/c"
	assert_success
	assert_line --regexp '^stable-order: [0-9]+ symbols of 13 modules renumbered, [0-9]+ sections renamed, declaration locations dropped$'
	# the objects were not compiled for the cache: their bodies are
	# streamed anew without source positions
	assert_line --regexp '^stable-order: [1-9][0-9]* function bodies read and streamed without source positions$'
	assert_output --regexp "-fplugin=$XGCC_BUILDDIR/stable_order_0\.so"
	run ./p
	assert_output "$(cat "$G/expected")"
}

@test "a function added at the end of a file: no partition compiled again" {
	edit add-end 0 '$a unsigned added_at_end(unsigned x) { return x * 7u; }'
	assert_output "$(cat "$G/expected")"
}

@test "a constant changed in one function: at most two partitions compiled again" {
	edit constant 2 '0,/u + [0-9]*u;/s/u + \([0-9]*\)u;/u + \17u;/'
	[ "$output" != "$(cat "$G/expected")" ] || fail "the edit did not change the program"
}

@test "a file added in the middle of the link: at most two partitions compiled again" {
	tree
	link warm "$PWD/cache"
	assert_success
	printf 'unsigned new_file_fn(unsigned x) { return x + 1u; }\n' >"$G/prog/u1b.c"
	"$XGCC" -O2 -flto -c "$G/prog/u1b.c" -o "$G/prog/u1b.o"
	link edited "$PWD/cache"
	assert_success
	n=$(compiled)
	[ "$n" -le 2 ] || fail "$n partitions compiled"
	link fresh "$PWD/empty"
	cmp edited fresh
}

@test "top-level asm statements: numbered after the symbols, in their order; a function added elsewhere recompiles no partition" {
	# libstdc++'s <iostream> has one from GCC 13; the three below
	# assemble only in this order
	tree
	printf '__asm__(".pushsection .rodata.xgcc_asm,\\"a\\"");\n__asm__(".byte 1, 2");\n__asm__(".popsection");\n' >>"$G/prog/u5.c"
	"$XGCC" -O2 -flto -c "$G/prog/u5.c" -o "$G/prog/u5.o"
	link p "$PWD/c"
	assert_success
	assert_line --regexp '^stable-order: [0-9]+ symbols of 13 modules renumbered, [0-9]+ sections renamed, declaration locations dropped, top-level asm statements after them$'
	run ./p
	assert_output "$(cat "$G/expected")"
	edit add-end 0 '$a unsigned added_at_end(unsigned x) { return x * 7u; }'
	assert_output "$(cat "$G/expected")"
}

@test "the cache given at the link only: a function added or dropped in the middle of a file recompiles at most two partitions" {
	# the lines below move, and the bodies of the file's functions carry
	# their positions: WPA reads them and streams them anew without
	# (lto/stable-order.cc), as lto1 asks when a module was not compiled
	# for the cache
	edit add-middle 2 '/^unsigned f3_10(unsigned x)$/i unsigned added_mid(unsigned x) { return x * 3u; }\n'
	assert_output "$(cat "$G/expected")"
	# f3_9 is dead (bench/gen-program's manifest)
	edit drop-middle 2 '/^unsigned f3_9(unsigned x)$/,/^}$/d; /^unsigned f3_9(unsigned);$/d'
	assert_output "$(cat "$G/expected")"
	edit top-line 2 '1i /* one more line */'
	assert_output "$(cat "$G/expected")"
}

@test "compiled for the cache (-flto-cache on the compile): a function added or dropped in the middle of a file recompiles at most two partitions" {
	# the bodies carry no source positions then (lto/stable-order.cc),
	# and WPA copies them as they are
	COMPILE_FOR_CACHE="-flto-cache=$PWD/cache"
	edit add-middle 2 '/^unsigned f3_10(unsigned x)$/i unsigned added_mid(unsigned x) { return x * 3u; }\n'
	assert_output "$(cat "$G/expected")"
	edit drop-middle 2 '/^unsigned f3_9(unsigned x)$/,/^}$/d; /^unsigned f3_9(unsigned);$/d'
	assert_output "$(cat "$G/expected")"
	edit constant 2 '0,/u + [0-9]*u;/s/u + \([0-9]*\)u;/u + \17u;/'
	[ "$output" != "$(cat "$G/expected")" ] || fail "the edit did not change the program"
	edit add-end 0 '$a unsigned added_at_end(unsigned x) { return x * 7u; }'
}

@test "compiled for the cache: cc1 runs the plugin, and the program is the one of plain objects, byte for byte" {
	tree
	mkdir plain
	local f
	for f in "$G"/prog/*.c; do
		"$XGCC" -O2 -flto -c "$f" -o "plain/$(basename "${f%.c}").o"
	done
	run "$XGCC" -O2 -flto -flto-cache="$PWD/c" -v -c "$G/prog/u3.c" -o u3.o
	assert_success
	assert_line --regexp '^stable-order: source positions dropped from [0-9]+ function bodies$'
	# not with -g, nor for fat objects: the positions are used there
	run "$XGCC" -O2 -flto -flto-cache="$PWD/c" -g -### -c "$G/prog/u3.c" -o u3.o
	refute_output --partial "drop-locations"
	run "$XGCC" -O2 -flto -ffat-lto-objects -flto-cache="$PWD/c" -### -c "$G/prog/u3.c" -o u3.o
	refute_output --partial "drop-locations"
	for f in "$G"/prog/*.c; do
		"$XGCC" -O2 -flto -flto-cache="$PWD/c" -c "$f" -o "${f%.c}.o"
	done
	"$XGCC" -O2 -flto=2 "$G"/prog/*.o "$G/nonlto.o" -o dropped
	"$XGCC" -O2 -flto=2 plain/*.o "$G/nonlto.o" -o kept
	cmp dropped kept
	run ./dropped
	assert_output "$(cat "$G/expected")"
}

@test "with -g, or -fno-toplevel-reorder, the plugin keeps what matters there, and says so" {
	tree
	link pg "$PWD/c" -g
	assert_success
	assert_line --regexp '^stable-order: [0-9]+ symbols of 13 modules renumbered, [0-9]+ sections renamed$'
	link pn "$PWD/c" -fno-toplevel-reorder
	assert_success
	assert_line 'stable-order: orders kept: -fno-toplevel-reorder'
	run ./pn
	assert_output "$(cat "$G/expected")"
}

@test "MinGW: WPA runs the stable-order plugin too (the MinGW cross GCCs load plugins, as gcc's -fplugin does)" {
	local X="$XGCC_BUILDDIR/x86_64-w64-mingw32-xgcc" so f
	[ -x "$X" ] || skip "the x86_64-w64-mingw32 target is not configured (gcc-mingw-w64-x86-64)"
	tree
	for f in "$G"/prog/*.c; do
		"$X" -O2 -flto -c "$f" -o "${f%.c}.mingw.o"
	done
	"$X" -O2 -c "$G/nonlto.c" -o nonlto.mingw.o
	run "$X" -O2 -flto=2 -v -flto-cache="$PWD/mc" "$G"/prog/*.mingw.o nonlto.mingw.o -o p.exe
	assert_success
	assert_line --regexp '^stable-order: [0-9]+ symbols of 13 modules renumbered'
	run "$X" -O2 -flto=2 -v -flto-cache="$PWD/mc" "$G"/prog/*.mingw.o nonlto.mingw.o -o p2.exe
	assert_line 'lto1: LTRANS cache: 13 of 13 partitions reused'
	# the driver takes -fplugin= for the target, as x86_64-w64-mingw32-gcc does
	so=$(echo "$output" | grep -o -m1 -- "-fplugin=[^ ']*" | cut -d= -f2)
	[ -f "$so" ] || fail "no plugin on the WPA line: $so"
	printf 'int f(void) { return 1; }\n' >f.c
	x86_64-w64-mingw32-gcc -fplugin="$so" -c f.c -o g.o
	run "$X" -fplugin="$so" -c f.c -o x.o
	assert_success
}
