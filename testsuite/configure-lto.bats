#!/usr/bin/env bats
# configure's per-target LTO rules (m4/lto.m4): the real configure from
# the source tree, run with --target= for pretend targets.  The target
# only decides the LTO verdict, the object reader, libelf and the COFF
# assembler check; the compiler and the backend probed are the host's,
# so no cross toolchain is needed.  Runs that only check configure's
# output use --no-create (no config.status run).
load helper

# configure refuses a VPATH build from a configured source tree: run a
# copy of the files configure and make read (mtimes kept, so that make
# sees the generated files up to date).
setup_file() {
	local src="$BATS_FILE_TMPDIR/src" f
	mkdir -p "$src/driver" "$src/doc"
	for f in configure configure.ac aclocal.m4 Makefile.am Makefile.in config.h.in m4 build-aux; do
		cp -pR "$XGCC_SRCDIR/$f" "$src/" || return 1
	done
	cp -p "$XGCC_SRCDIR/doc/local.mk" "$src/doc/" &&
	cp -p "$XGCC_SRCDIR/driver/main.c" "$src/driver/"
}

# conf ARGS...: configure in the test's directory; output and status in
# $output and $status.
conf() {
	run "$BATS_FILE_TMPDIR/src/configure" "$@"
}

# make_var VAR: VAR's value in the Makefile configure wrote.
make_var() {
	printf 'show:\n\t@echo $(%s)\n' "$1" > show.mk
	make -s --no-print-directory -f Makefile -f show.mk show
}

@test "native ELF target: LTO on, libelf reader, -lelf linked, lto1 built" {
	conf --disable-targets
	assert_success
	assert_line --regexp '^checking whether LTO can work for [a-z0-9_]*-[a-z]*-linux-gnu\.\.\. yes \(elf objects\)$'
	assert_line --regexp '^  LTO: +yes \(readers: [a-z0-9_]*-[a-z]*-linux-gnu=elf\)$'
	assert_line --regexp '^  libelf: +-lelf$'
	refute_line --partial '1-byte aligned section'
	run grep -x '#define XGCC_ENABLE_LTO 1' config.h
	assert_success
	run make_var LIBELF_LIBS
	assert_output -- -lelf
	run make_var pkglibexec_PROGRAMS
	assert_output 'collect2 lto1'
}

@test "the cross targets --enable-targets adds are judged by the same rules" {
	command -v x86_64-w64-mingw32-gcc >/dev/null || skip "x86_64-w64-mingw32-gcc not installed"
	conf --no-create --enable-targets=x86_64-w64-mingw32
	assert_success
	assert_line 'checking whether LTO can work for x86_64-w64-mingw32... yes (coff objects)'
	assert_line 'checking whether x86_64-w64-mingw32-as accepts a 1-byte aligned section... yes'
	assert_line --regexp '^  LTO: +yes \(readers: [a-z0-9_]*-[a-z]*-linux-gnu=elf x86_64-w64-mingw32=coff\)$'
	assert_line --regexp '^  libelf: +-lelf$'
}

@test "--disable-lto: XGCC_ENABLE_LTO 0 and no lto1 to build or install" {
	conf --disable-lto
	assert_success
	assert_line --regexp '^  LTO: +no$'
	assert_line --regexp '^  libelf: +-lelf$'
	run grep -x '#define XGCC_ENABLE_LTO 0' config.h
	assert_success
	run make_var pkglibexec_PROGRAMS
	assert_output 'collect2'
}

@test "x86_64-w64-mingw32: LTO on, COFF reader, the real assembler takes the aligned section, no libelf" {
	command -v x86_64-w64-mingw32-as >/dev/null || skip "x86_64-w64-mingw32-as not installed (binutils-mingw-w64-x86-64)"
	conf --no-create --target=x86_64-w64-mingw32 --disable-targets
	assert_success
	assert_line 'checking whether LTO can work for x86_64-w64-mingw32... yes (coff objects)'
	assert_line 'checking whether x86_64-w64-mingw32-as accepts a 1-byte aligned section... yes'
	refute_line --partial 'binutils >= 2.20.1'
	refute_line --partial 'gelf.h'
	assert_line --regexp '^  LTO: +yes \(readers: x86_64-w64-mingw32=coff\)$'
	assert_line --regexp '^  libelf: +not needed \(no ELF target\)$'
}

@test "i686-pc-cygwin with an assembler refusing \"dr0\": LTO on, COFF reader, the binutils warning" {
	# An old gas: what binutils 2.20 says of the alignment digit.
	mkdir bin
	printf '#!/bin/sh\necho "conftest.s:1: Error: unknown section attribute 0" >&2\nexit 1\n' > bin/i686-pc-cygwin-as
	chmod +x bin/i686-pc-cygwin-as
	PATH="$PWD/bin:$PATH" conf --no-create --target=i686-pc-cygwin --disable-targets
	assert_success
	assert_line 'checking whether LTO can work for i686-pc-cygwin... yes (coff objects)'
	assert_line 'checking whether i686-pc-cygwin-as accepts a 1-byte aligned section... no'
	assert_line 'configure: WARNING: LTO for i686-pc-cygwin needs binutils >= 2.20.1 (i686-pc-cygwin-as does not take .section NAME,"dr0"); LTO links will fail until binutils is upgraded.'
	assert_line --regexp '^  LTO: +yes \(readers: i686-pc-cygwin=coff\)$'
	# configure ran the fake assembler: its complaint is in config.log
	run grep -Fx 'conftest.s:1: Error: unknown section attribute 0' config.log
	assert_success
}

@test "sparc-sun-solaris2.11 with --enable-lto: the error, non-zero exit, before the backend probe" {
	conf --no-create --target=sparc-sun-solaris2.11 --enable-lto
	assert_failure
	assert_line 'checking whether LTO can work for sparc-sun-solaris2.11... no (neither ELF nor PE-COFF)'
	assert_line 'configure: error: LTO support is not enabled for this target.'
	refute_line --partial 'backend GCC'
}

@test "sparc-sun-solaris2.11 without --enable-lto: LTO just off" {
	conf --no-create --target=sparc-sun-solaris2.11
	assert_success
	assert_line 'checking whether LTO can work for sparc-sun-solaris2.11... no (neither ELF nor PE-COFF)'
	refute_line --partial 'error'
	assert_line --regexp '^  LTO: +no$'
}

@test "powerpc-ibm-aix7.2 and x86_64-apple-darwin: --enable-lto stops configure too" {
	conf --no-create --target=powerpc-ibm-aix7.2 --enable-lto
	assert_failure
	assert_line 'configure: error: LTO support is not enabled for this target.'
	conf --no-create --target=x86_64-apple-darwin21 --enable-lto
	assert_failure
	assert_line 'configure: error: LTO support is not enabled for this target.'
}
