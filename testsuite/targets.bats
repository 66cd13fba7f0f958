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

@test "x86_64-pc-cygwin: pe-x86-64 COFF, no underscore, the cygwin binutils" {
	run "$U" find x86_64-pc-cygwin
	assert_success
	assert_line "format=coff"
	assert_line "machine=0x8664"
	assert_line "prefix="
	assert_line "tools=x86_64-pc-cygwin-"
	assert_line "system=cygwin"
	assert_line "fpmath=sse"
	assert_line "output=a.exe"
	assert_line "cxx_cpp="
}

@test "i686-pc-cygwin: pe-i386 COFF with the _ prefix, x87" {
	run "$U" find i686-pc-cygwin
	assert_success
	assert_line "machine=0x14c"
	assert_line "prefix=_"
	assert_line "system=cygwin"
	assert_line "fpmath=387"
	run "$U" find i386-unknown-cygwin
	assert_line "system=cygwin"
}

@test "the MinGW rows: mingw-w64's binutils, a.exe" {
	run "$U" find x86_64-w64-mingw32
	assert_line "system=mingw"
	assert_line "tools=x86_64-w64-mingw32-"
	assert_line "output=a.exe"
	run "$U" find i686-w64-mingw32
	assert_line "prefix=_"
	assert_line "fpmath=387"
}

@test "the GNU/Linux rows: ELF, a.out, g++'s -D_GNU_SOURCE" {
	run "$U" find x86_64-linux-gnu
	assert_line "format=elf"
	assert_line "machine=0x3e"
	assert_line "system=gnu-linux"
	assert_line "output=a.out"
	assert_line "cxx_cpp=-D_GNU_SOURCE %(cpp)"
	run "$U" find i686-linux-gnu
	assert_line "machine=0x3"
	assert_line "fpmath=387"
}

@test "COFF objects get the MinGW rows, ELF ones the GNU/Linux rows" {
	run "$U" object coff 0x8664
	assert_line "system=mingw"
	assert_line "prefix="
	run "$U" object coff 0x14c
	assert_line "system=mingw"
	assert_line "prefix=_"
	run "$U" object elf 62
	assert_line "system=gnu-linux"
	run "$U" object coff 0x1c0
	assert_failure
	assert_output none
	run "$U" find sparc-sun-solaris2
	assert_failure
}

@test "the rows of Debian's cross GCCs: aarch64, riscv64 (GNU/Linux) and arm-none-eabi (bare metal), ELF, no x87" {
	run "$U" find aarch64-linux-gnu
	assert_success
	assert_line "format=elf"
	assert_line "machine=0xb7"
	assert_line "prefix="
	assert_line "tools=aarch64-linux-gnu-"
	assert_line "system=gnu-linux"
	assert_line "fpmath=none"
	assert_line "output=a.out"
	assert_line "cxx_cpp=-D_GNU_SOURCE %(cpp)"
	run "$U" find riscv64-linux-gnu
	assert_line "machine=0xf3"
	assert_line "tools=riscv64-linux-gnu-"
	assert_line "fpmath=none"
	run "$U" find arm-none-eabi
	assert_line "machine=0x28"
	assert_line "tools=arm-none-eabi-"
	assert_line "system=bare-metal"
	assert_line "fpmath=none"
	assert_line "cxx_cpp="
	run "$U" object elf 40
	assert_line "pattern=arm-none-eabi"
	run "$U" object elf 183
	assert_line "system=gnu-linux"
}
