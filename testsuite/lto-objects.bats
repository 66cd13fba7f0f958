#!/usr/bin/env bats
# An object compiled with -flto is gcc's to the byte: slim (IR and the
# marker __gnu_lto_slim that GCC 12 gives it) or fat (IR beside the code,
# no marker).  GCC names its LTO sections with a random id unless
# -frandom-seed= fixes it, so the comparisons give one.  Until 2026-12-07
# xgcc gave the assembler a second file defining the GCC 4.5 marker
# __gnu_lto_v1; collect2 finds LTO objects by their sections (and still
# reads that marker in objects that have it: scan-paths.bats).
# nm needs an explicit target, or binutils loads the LTO plugin and hides
# the raw symbols.
load helper

setup() {
	common_setup
	printf 'int f(int x) { return x + 1; }\nint main(void) { return f(-1); }\n' >a.c
}

syms() { nm --target=default "$1" | awk '{ print $NF }' | sort | tr '\n' ' '; }

# same_object DRIVER ARGS...: the reference driver and xgcc's compile a.c
# with ARGS to the same bytes, and the object is an LTO one
same_object() {
	local ref=$1 ours=$2
	shift 2
	"$ref" -frandom-seed=a "$@" -c a.c -o g.o || fail "$ref $* failed"
	"$ours" -frandom-seed=a "$@" -c a.c -o x.o || fail "xgcc $* failed"
	cmp g.o x.o || fail "xgcc's object of $* differs from $ref's: $(syms x.o) against $(syms g.o)"
	# the section's name, in ELF's or COFF's string table
	grep -qa '\.gnu\.lto_\.opts' x.o || fail "no LTO sections in the object of $*"
}

@test "slim and fat LTO objects are gcc's, byte for byte; neither has the marker __gnu_lto_v1" {
	same_object gcc "$XGCC" -flto
	same_object gcc "$XGCC" -O2 -g -flto=auto
	same_object gcc "$XGCC" -flto -ffat-lto-objects
	same_object gcc "$XGCC" -pipe -flto
	[ "$(syms x.o)" = "__gnu_lto_slim " ]
	"$XGCC" -flto -ffat-lto-objects -c a.c -o fat.o
	[ "$(syms fat.o)" = "f main " ]
	assert_no_temps
}

@test "the assembler of an -flto compile gets gcc's arguments, -pipe too" {
	# "as", or the path of Debian's GCC 15 and later's x86_64-linux-gnu-as
	local as
	as=$("$XGCC" -print-prog-name=as)
	run "$XGCC" -### -flto -c a.c
	assert_success
	assert_line --regexp "^ $as --64 -o a\\.o [^ ]+\\.s\$"
	run "$XGCC" -### -pipe -flto -c a.c
	assert_line " $as --64 -o a.o"
}

@test "LTO objects link by their sections: slim ones through lto1, fat ones as plain code too" {
	"$XGCC" -flto -c a.c -o slim.o
	run "$XGCC" -flto -v slim.o -o prog
	assert_success
	assert_output --partial "LTO input: slim.o (slim)"
	run ./prog
	assert_success
	"$XGCC" -flto -ffat-lto-objects -c a.c -o fat.o
	run "$XGCC" -fno-lto fat.o -o prog2
	assert_success
	run ./prog2
	assert_success
}

@test "-m32 and MinGW LTO objects are gcc's" {
	if gcc -m32 -c a.c -o /dev/null 2>/dev/null; then
		same_object gcc "$XGCC" -m32 -flto
	fi
	local t
	for t in x86_64-w64-mingw32 i686-w64-mingw32; do
		command -v $t-gcc >/dev/null || continue
		same_object $t-gcc "$XGCC_BUILDDIR/$t-xgcc" -flto
		same_object $t-gcc "$XGCC_BUILDDIR/$t-xgcc" -flto -ffat-lto-objects
	done
}

@test "without -flto, or when -fno-lto comes last, objects have no LTO sections" {
	"$XGCC" -c a.c -o plain.o
	"$XGCC" -flto -fno-lto -c a.c -o off.o
	! readelf -SW plain.o off.o | grep -q '\.gnu\.lto_' || fail "LTO sections without -flto in effect"
	"$XGCC" -fno-lto -flto=auto -c a.c -o on.o
	readelf -SW on.o | grep -q '\.gnu\.lto_'
}
