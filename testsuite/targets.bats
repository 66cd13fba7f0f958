#!/usr/bin/env bats
# The target rows of lib/target.c, through testsuite/target-unit.c (built
# here): the Cygwin rows, which no toolchain on this machine can test end
# to end, are found by their triplets, and COFF objects keep the MinGW
# rows.
load helper

setup_file() {
	cc -std=c11 -Wall -Wextra -Werror -I "$SRCDIR/lib" -I "$XGCC_BUILDDIR" \
		"$SRCDIR/testsuite/target-unit.c" "$SRCDIR/lib/target.c" \
		-o "$BATS_FILE_TMPDIR/target-unit" >"$BATS_FILE_TMPDIR/build.log" 2>&1 || true
}

setup() {
	common_setup
	U="$BATS_FILE_TMPDIR/target-unit"
	[ -x "$U" ] || fail "building target-unit failed: $(cat "$BATS_FILE_TMPDIR/build.log")"
}

@test "x86_64-pc-cygwin: pe-x86-64 COFF, no underscore, cyg DLLs, Cygwin's libraries" {
	run "$U" find x86_64-pc-cygwin
	assert_success
	assert_line "format=coff"
	assert_line "machine=0x8664"
	assert_line "prefix="
	assert_line "tools=x86_64-pc-cygwin-"
	assert_line "link=cygwin"
	assert_line "dll_prefix=cyg"
	assert_line "crt=crt0.o"
	assert_line "libc=-lcygwin"
	assert_line "syslibs=-ladvapi32 -lshell32 -luser32 -lkernel32"
	assert_line "emulation=i386pep"
	assert_line "dll_entry=_cygwin_dll_entry"
}

@test "i686-pc-cygwin: pe-i386 COFF with the _ prefix" {
	run "$U" find i686-pc-cygwin
	assert_success
	assert_line "machine=0x14c"
	assert_line "prefix=_"
	assert_line "link=cygwin"
	assert_line "dll_prefix=cyg"
	assert_line "emulation=i386pe"
	assert_line "dll_entry=__cygwin_dll_entry@12"
	run "$U" find i386-unknown-cygwin
	assert_line "link=cygwin"
}

@test "the MinGW rows: lib DLLs, crt2.o, the MinGW entry points" {
	run "$U" find x86_64-w64-mingw32
	assert_line "link=mingw"
	assert_line "dll_prefix=lib"
	assert_line "crt=crt2.o"
	assert_line "dll_entry=DllMainCRTStartup"
	run "$U" find i686-w64-mingw32
	assert_line "prefix=_"
	assert_line "dll_entry=_DllMainCRTStartup@12"
}

@test "COFF objects get the MinGW rows, ELF ones the GNU/Linux rows" {
	run "$U" object coff 0x8664
	assert_line "link=mingw"
	assert_line "prefix="
	run "$U" object coff 0x14c
	assert_line "link=mingw"
	assert_line "prefix=_"
	run "$U" object elf 62
	assert_line "link=gnu-linux"
	run "$U" object coff 0x1c0
	assert_failure
	assert_output none
	run "$U" find sparc-sun-solaris2
	assert_failure
}
