#!/usr/bin/env bats
# After the LTO stage ld sees no LTO archive member (collect/archives.c):
# an archive with LTO members reaches ld as a copy of its other members
# with an index, or not at all.  So --whole-archive over slim members
# (how CMake links every MinGW program) gives no "plugin needed" warning
# and no __gnu_lto_* symbols in the program, and every linker links an
# LTO static library: bfd, gold, lld and mold (which refuses LTO members
# without a plugin).  gcc's plugin path cannot use lld with GCC's IR at
# all; xgcc's can, since ld only gets lto1's objects.
load helper
load wine
bats_require_minimum_version 1.5.0

setup() {
	common_setup
	printf 'int lib_f(void) { return 40; }\n' >a.c
	printf 'int plain_g(void) { return 1; }\n' >p.c
	printf 'int lib_f(void);\nint plain_g(void);\nint main(void) { return lib_f() + plain_g() + 1 - 42; }\n' >m.c
	printf '#include <stdio.h>\nint lib_f(void);\nint plain_g(void);\nint main(void) { printf("%%d\\n", lib_f() + plain_g() + 1); return 0; }\n' >pm.c
}

# lto_lib CC AR: slim LTO a.o and m.o, plain p.o; libmixed.a holds a.o
# and p.o, objs.a all three; both with the LTO index of AR.
lto_lib() {
	"$1" -O2 -flto -fno-fat-lto-objects -c a.c m.c pm.c
	"$1" -O2 -c p.c
	"$2" rcs libmixed.a a.o p.o
	"$2" rcs objs.a a.o m.o p.o
}

@test "--whole-archive over slim LTO members: no plugin warning, no LTO marker symbols in the program" {
	lto_lib "$XGCC" "$XGCC_BUILDDIR/xgcc-ar"
	cp objs.a objs.a.orig
	run --separate-stderr "$XGCC" -O2 -flto -Wl,--whole-archive objs.a -Wl,--no-whole-archive -o w
	assert_success
	assert_equal "$stderr" ""
	run nm w
	refute_output --partial __gnu_lto
	assert_output --partial " T plain_g"
	run ./w
	assert_success
	cmp objs.a objs.a.orig
	assert_no_temps
}

@test "--whole-archive over fat LTO members: their code is not linked beside lto1's" {
	"$XGCC" -O2 -flto -ffat-lto-objects -c a.c m.c
	"$XGCC" -O2 -c p.c
	"$XGCC_BUILDDIR/xgcc-ar" rcs objs.a a.o m.o p.o
	run --separate-stderr "$XGCC" -O2 -flto -Wl,--whole-archive objs.a -Wl,--no-whole-archive -o w
	assert_success
	assert_equal "$stderr" ""
	run ./w
	assert_success
}

@test "an LTO static library with -fuse-ld=bfd, gold, lld and mold" {
	lto_lib "$XGCC" "$XGCC_BUILDDIR/xgcc-ar"
	local ld
	for ld in bfd gold lld mold; do
		command -v "ld.$ld" >/dev/null || fail "ld.$ld is not installed (quickstart installs it)"
		run --separate-stderr "$XGCC" -O2 -flto -fuse-ld=$ld pm.o -L. -lmixed -o "p-$ld"
		assert_success
		assert_equal "$stderr" ""
		run "./p-$ld"
		assert_output 42
		# and --whole-archive
		run --separate-stderr "$XGCC" -O2 -flto -fuse-ld=$ld -Wl,--whole-archive objs.a -Wl,--no-whole-archive -o "w-$ld"
		assert_success
		run "./w-$ld"
		assert_success
	done
	assert_no_temps
}

@test "what ld gets: a copy of the other members with an index; an archive of LTO members only is left out" {
	lto_lib "$XGCC" "$XGCC_BUILDDIR/xgcc-ar"
	"$XGCC_BUILDDIR/xgcc-ar" rcs libonly.a a.o
	"$XGCC" -O2 -c p.c -o p.o
	run env XGCC_COLLECT2_TRACE=1 "$XGCC" -v -O2 -flto pm.o -L. -lmixed -Wl,-l -Wl,only -o p
	assert_success
	assert_line --regexp "^collect2: \./libmixed\.a: LTO members left out for ld: .*/cc[^/]+/libmixed\.a$"
	assert_line "collect2: ./libonly.a: LTO members left out for ld (none other: left out)"
	# ld's line: the copy in place of -lmixed; neither -lonly nor its -l
	ldline=$(printf '%s\n' "$output" | grep -E '^[^ ]*ld ' | tail -1)
	[[ "$ldline" == */cc*/libmixed.a* ]] || fail "no copy of libmixed.a on ld's line: $ldline"
	[[ "$ldline" != *" -lmixed"* && "$ldline" != *" -l "* && "$ldline" != *only* ]] ||
		fail "ld still gets the LTO archives: $ldline"
	run ./p
	assert_output 42
}

@test "the copy's index is ld's: a plain member pulled through it, in a group and a thin archive" {
	lto_lib "$XGCC" "$XGCC_BUILDDIR/xgcc-ar"
	"$XGCC_BUILDDIR/xgcc-ar" rcsT libthin.a a.o p.o
	for lib in mixed thin; do
		run --separate-stderr "$XGCC" -O2 -flto -fuse-ld=mold pm.o -Wl,--start-group -L. -l$lib -Wl,--end-group -o p-$lib
		assert_success
		assert_equal "$stderr" ""
		run ./p-$lib
		assert_output 42
	done
}

@test "x86_64 MinGW: --whole-archive over slim LTO members (CMake's link): no plugin warning, no marker symbols" {
	[ -x "$XGCC_BUILDDIR/x86_64-w64-mingw32-xgcc" ] || skip "no x86_64 MinGW cross driver"
	wine_skip
	lto_lib "$XGCC_BUILDDIR/x86_64-w64-mingw32-xgcc" "$XGCC_BUILDDIR/x86_64-w64-mingw32-xgcc-ar"
	run --separate-stderr "$XGCC_BUILDDIR/x86_64-w64-mingw32-xgcc" -O2 -flto \
		-Wl,--whole-archive objs.a -Wl,--no-whole-archive -o w.exe
	assert_success
	assert_equal "$stderr" ""
	run x86_64-w64-mingw32-nm w.exe
	refute_output --partial __gnu_lto
	wine_run w.exe
	assert_success
}

@test "i686 MinGW: --whole-archive over slim LTO members: no plugin warning, no marker symbols" {
	[ -x "$XGCC_BUILDDIR/i686-w64-mingw32-xgcc" ] || skip "no i686 MinGW cross driver"
	lto_lib "$XGCC_BUILDDIR/i686-w64-mingw32-xgcc" "$XGCC_BUILDDIR/i686-w64-mingw32-xgcc-ar"
	run --separate-stderr "$XGCC_BUILDDIR/i686-w64-mingw32-xgcc" -O2 -flto \
		-Wl,--whole-archive objs.a -Wl,--no-whole-archive -o w.exe
	assert_success
	assert_equal "$stderr" ""
	run i686-w64-mingw32-nm w.exe
	refute_output --partial __gnu_lto
	assert_output --partial " T _plain_g"
	# a plain member through the copy's index (symbols with the '_' prefix)
	run --separate-stderr "$XGCC_BUILDDIR/i686-w64-mingw32-xgcc" -O2 -flto pm.o -L. -lmixed -o p.exe
	assert_success
	assert_equal "$stderr" ""
}

@test "the copy with long member names: bfd and mold read its name table and index" {
	"$XGCC" -O2 -flto -fno-fat-lto-objects -c a.c -o lto_member_with_a_long_name.o
	"$XGCC" -O2 -c p.c -o plain_member_with_a_long_name.o
	"$XGCC" -O2 -flto -c pm.c
	printf 'x' >odd.txt # an odd size, not an object
	"$XGCC_BUILDDIR/xgcc-ar" rcs liblong.a lto_member_with_a_long_name.o odd.txt plain_member_with_a_long_name.o
	local ld
	for ld in bfd mold; do
		run --separate-stderr "$XGCC" -O2 -flto -fuse-ld=$ld pm.o -L. -llong -o p-$ld
		assert_success
		assert_equal "$stderr" ""
		run ./p-$ld
		assert_output 42
	done
}
