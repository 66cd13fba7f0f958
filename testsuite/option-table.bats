#!/usr/bin/env bats
# The driver reads options with gcc's own option table (lib/gccopt.c,
# build-aux/optdump.cc): recognition, canonical spellings, gcc's errors
# and "did you mean", Negative() pruning; and without the table
# (XGCC_NO_GCC_OPTIONS) with its own.
load helper
load lib-run

setup() {
	common_setup
	printf 'int main(void) { return 0; }\n' >a.c
}

MINGW64="$XGCC_BUILDDIR/x86_64-w64-mingw32-xgcc"

@test "the table is the backend's: as many options as its plugin headers' options.h has" {
	local hdr want got
	hdr="$(gcc -print-file-name=plugin)/include/options.h"
	[ -f "$hdr" ] || skip "no plugin headers: $hdr"
	# the enumerators of enum opt_code before N_OPTS
	# enum opt_code's last enumerator before N_OPTS, plus one
	want=$(sed -n '/^enum opt_code/,/N_OPTS,/p' "$hdr" | sed -n 's/^  OPT_[A-Za-z0-9_]* = \([0-9]*\),.*/\1/p' | tail -n 1)
	want=$((want + 1))
	got=$(sed -n '/^static const struct gcc_option gcc_options_0\[\]/,/^};/p' \
		"$XGCC_BUILDDIR/backend-options.h" | grep -c '^	{ "')
	[ "$want" -gt 1000 ]
	[ "$got" -eq "$want" ] || fail "backend-options.h has $got options, options.h $want"
}

@test "an unknown option is an error with gcc's hint, and nothing runs" {
	run "$XGCC" -c -fsanitiz=address a.c
	assert_failure 1
	assert_output --regexp "^xgcc: error: unrecognized command-line option .-fsanitiz=address.; did you mean .-fsanitize=address.\?$"
	assert_no_file a.o
	same_as_gcc gcc "$XGCC" -c -fsanitiz=address a.c
	same_as_gcc gcc "$XGCC" -c -mfoo -Wbar a.c
	same_as_gcc gcc "$XGCC" -c --helpx a.c
	same_as_gcc gcc "$XGCC" -c -std=c99x a.c
	same_as_gcc gcc "$XGCC" -c -fno-sanitize a.c
}

@test "an unknown -Wno- option is left to cc1, as gcc leaves it" {
	same_as_gcc gcc "$XGCC" -c -Wno-such-warning a.c
	run "$XGCC" -c -Wno-such-warning a.c
	assert_success
}

@test "gcc's argument errors, in gcc's words" {
	same_as_gcc gcc "$XGCC" -c -ftree-parallelize-loops=x a.c
	same_as_gcc gcc "$XGCC" -c -flto-partition=foo a.c
	same_as_gcc gcc "$XGCC" -c -fabi-version=x a.c
	same_as_gcc gcc "$XGCC" -c a.c -o
	same_as_gcc gcc "$XGCC" -c a.c -I
	same_as_gcc gcc "$XGCC" -c a.c -D
	same_as_gcc gcc "$XGCC" -c a.c -MT
	run "$XGCC" -c -flto-partition=foo a.c
	assert_failure 1
	assert_line --regexp "^xgcc: error: unknown LTO partitioning model .foo.$"
	# GCC 16 has a partitioning model more, "cache"
	local models="1to1 balanced max none one"
	[ "$(backend_major)" -lt 16 ] || models="1to1 balanced cache max none one"
	assert_line --regexp "^xgcc: note: valid arguments to .-flto-partition=. are: $models$"
}

@test "a number option given without its number (JoinedOrMissing) is taken as gcc takes it" {
	same_as_gcc gcc "$XGCC" -c -ftrack-macro-expansion a.c
	same_as_gcc gcc "$XGCC" -c -ftrack-macro-expansion=1 a.c
	same_as_gcc gcc "$XGCC" -c -ftrack-macro-expansion=x a.c
	run "$XGCC" -c -ftrack-macro-expansion a.c
	assert_success
	assert_exists a.o
}

@test "aliases reach cc1 as their targets; deprecated ones warn as gcc" {
	same_as_gcc gcc "$XGCC" -c -pedantic a.c
	same_as_gcc gcc "$XGCC" -c -mcpu=native a.c
	same_as_gcc gcc "$XGCC" -c --all-warnings --extra-warnings a.c
	same_as_gcc gcc "$XGCC" -c --debug --optimize=2 --machine-arch=x86-64 a.c
	same_as_gcc gcc "$XGCC" -c -fno-diagnostics-color -fdiagnostics-color=auto a.c
	same_as_gcc gcc "$XGCC" -c -fstrength-reduce a.c
}

@test "an option overridden by a later one of its Negative chain is dropped" {
	same_as_gcc gcc "$XGCC" -c -fPIC -fno-pie a.c
	same_as_gcc gcc "$XGCC" -c -fpie -fPIC a.c
	same_as_gcc gcc "$XGCC" -fPIE -fno-PIE a.c
	same_as_gcc gcc "$XGCC" -c -m32 -m64 a.c
	run "$XGCC" -### -c -fPIC -fno-pie a.c
	assert_success
	refute_output --partial -fPIC
}

@test "the MinGW drivers have their backend's table" {
	[ -x "$MINGW64" ] || skip "no x86_64 MinGW target configured"
	same_as_gcc x86_64-w64-mingw32-gcc "$MINGW64" -mwindows -municode a.c
	same_as_gcc x86_64-w64-mingw32-gcc "$MINGW64" -c -mwindowz a.c
	same_as_gcc gcc "$XGCC" -c -mwindows a.c
}

# xgcc's -### for ARGS, its temporary names made alike
hash3_lines() {
	"$XGCC" -### "$@" 2>&1 | sed -E 's/cc[A-Za-z0-9]{6}\./ccTEMP./g'
}

@test "without the probed table the driver reads with the one shipped for its GCC version" {
	local line probed
	for line in "-c -O2 -fpic -fPIE -m32 -m64 a.c" "-c -std=gnu89 -Wall -Ifoo -o x.o a.c" \
		"-S --param max-inline-insns-single=5 -fno-diagnostics-color a.c" "-E -dM -x c++ a.c"; do
		# shellcheck disable=SC2086
		run hash3_lines $line
		assert_success
		probed=$output
		# shellcheck disable=SC2086
		XGCC_NO_GCC_OPTIONS=1 run hash3_lines $line
		assert_success
		assert_equal "$output" "$probed"
	done
	XGCC_NO_GCC_OPTIONS=1 run "$XGCC" -c -fsanitiz=address a.c
	assert_failure
	assert_output --regexp "^xgcc: error: unrecognized command-line option .-fsanitiz=address.; did you mean .-fsanitize=address.\?$"
	XGCC_NO_GCC_OPTIONS=1 run "$XGCC" -c a.c
	assert_success
	assert_exists a.o
}

# The tables shipped in lib/ for lto1 (gcc_option_table_for): each is
# what build-aux/ship-options makes from that GCC, where it is installed
# with its plugin headers and is the release the table was made from
# (the file's second line names it: Debian 12 has 11.3.0 and 12.2.0,
# Debian 13 13.3.0 and 14.2.0, unstable 15.3.0 and 16.2.0); another
# release of a GCC may have other options.
@test "the shipped option tables are the probe's output for GCC 11 to 16" {
	local major ran=0 shipped installed why=""
	for major in 11 12 13 14 15 16; do
		command -v "gcc-$major" >/dev/null || continue
		if [ ! -f "$("gcc-$major" -print-file-name=plugin)/include/gcc-plugin.h" ]; then
			why="$why; gcc-$major has no plugin headers (gcc-$major-plugin-dev)"
			continue
		fi
		shipped=$(sed -n '2s/.*(GCC \([0-9.]*\))\. \*\/$/\1/p' "$XGCC_SRCDIR/lib/gcc-options-$major.h")
		installed=$("gcc-$major" -dumpfullversion)
		if [ "$installed" != "$shipped" ]; then
			why="$why; gcc-$major is $installed, lib/gcc-options-$major.h GCC $shipped's"
			continue
		fi
		run "$XGCC_SRCDIR/build-aux/ship-options" "$major" "gcc-$major" "$BATS_TEST_TMPDIR/gcc-options-$major.h"
		assert_success
		cmp "$BATS_TEST_TMPDIR/gcc-options-$major.h" "$XGCC_SRCDIR/lib/gcc-options-$major.h" ||
			fail "lib/gcc-options-$major.h differs from what build-aux/ship-options $major makes"
		ran=$((ran + 1))
	done
	[ "$ran" -gt 0 ] || skip "no gcc-11 to gcc-16 of a shipped table's release with its plugin headers${why:-: none installed}"
}
