#!/usr/bin/env bats
# xgcc-ar, xgcc-nm, xgcc-ranlib and their target-prefixed names: binutils'
# tools run with the backend's liblto_plugin.so (tools/xgcc-ar.c), so that
# archives of LTO objects get an index of the IR symbols and nm lists them,
# for ELF and PE-COFF, with or without binutils' /usr/lib/bfd-plugins.
load helper

# ASCII quotes in the messages
export LC_ALL=C

setup() {
	common_setup
	AR="$XGCC_BUILDDIR/xgcc-ar"
	printf 'int lto_fun(void) { return 1; }\nint lto_var = 2;\n' >f.c
	gcc -flto -c f.c -o f.o
}

# without_bfd_plugins COMMAND...: run COMMAND in a mount namespace where
# /usr/lib/bfd-plugins is an empty directory (skip when that is not allowed).
without_bfd_plugins() {
	mkdir -p empty
	unshare -m true 2>/dev/null || skip "no mount namespaces (unshare -m) here"
	unshare -m sh -c 'mount --bind "$0" /usr/lib/bfd-plugins 2>/dev/null || exit 77; exec "$@"' \
		"$PWD/empty" "$@"
	local st=$?
	[ "$st" -ne 77 ] || skip "cannot bind-mount over /usr/lib/bfd-plugins"
	return $st
}

@test "xgcc-ar: the index of an archive of LTO objects has the IR symbols" {
	run "$AR" rcs lib.a f.o
	assert_success
	run nm -s lib.a
	assert_line "lto_fun in f.o"
	assert_line "lto_var in f.o"
	run "$XGCC_BUILDDIR/xgcc-nm" lib.a
	assert_success
	assert_line --regexp '^0+ T lto_fun$'
	assert_line --regexp '^0+ D lto_var$'
	assert_no_temps
}

@test "xgcc-ar and xgcc-nm without binutils' plugin directory; plain ar has no IR index there" {
	[ -d /usr/lib/bfd-plugins ] || skip "no /usr/lib/bfd-plugins to hide"
	without_bfd_plugins ar rcs plain.a f.o 2>/dev/null
	without_bfd_plugins "$AR" rcs ours.a f.o
	run nm -s plain.a
	refute_line "lto_fun in f.o"
	run nm -s ours.a
	assert_line "lto_fun in f.o"
	run without_bfd_plugins "$XGCC_BUILDDIR/xgcc-nm" ours.a
	assert_success
	assert_line --regexp '^0+ T lto_fun$'
	# ranlib rebuilds the index from the IR symbols too
	without_bfd_plugins ar qS ranlibbed.a f.o 2>/dev/null
	run without_bfd_plugins "$XGCC_BUILDDIR/xgcc-ranlib" ranlibbed.a
	assert_success
	run nm -s ranlibbed.a
	assert_line "lto_fun in f.o"
}

@test "x86_64-w64-mingw32-xgcc-ar/nm: PE-COFF LTO objects, without binutils' plugin directory" {
	command -v x86_64-w64-mingw32-gcc >/dev/null || skip "x86_64-w64-mingw32-gcc not installed"
	x86_64-w64-mingw32-gcc -flto -c f.c -o fw.o
	without_bfd_plugins "$XGCC_BUILDDIR/x86_64-w64-mingw32-xgcc-ar" rcs libw.a fw.o
	run x86_64-w64-mingw32-nm -s libw.a
	assert_line "lto_fun in fw.o"
	run without_bfd_plugins "$XGCC_BUILDDIR/x86_64-w64-mingw32-xgcc-nm" libw.a
	assert_success
	assert_line --regexp '^0+ T lto_fun$'
	run "$XGCC_BUILDDIR/x86_64-w64-mingw32-xgcc-ar" --version
	assert_success
	# as x86_64-w64-mingw32-gcc-ar: the ar of the GCC's tool directory
	# (TARGET/bin, a link to x86_64-w64-mingw32-ar on Debian), the plugin
	# beside lto-wrapper
	local lw ar
	lw=$(x86_64-w64-mingw32-gcc -print-prog-name=lto-wrapper)
	assert_line --regexp "^It runs /.*/x86_64-w64-mingw32/bin/ar with the LTO plugin $(dirname "$lw")/liblto_plugin\.so\.$"
	ar=$(echo "$output" | sed -n 's/^It runs \(.*\) with the LTO plugin .*/\1/p')
	[ "$ar" -ef "$(command -v x86_64-w64-mingw32-ar)" ]
}

@test "xgcc-ar runs ar as gcc-ar: --plugin PLUGIN first, -B prefixes searched first, a dash added to the key" {
	mkdir bdir
	printf '#!/bin/sh\nprintf "%%s\\n" "$0" "$@" >"%s/args"\n' "$PWD" >bdir/ar
	chmod +x bdir/ar
	: >bdir/liblto_plugin.so
	run "$AR" -B bdir rcs lib.a f.o
	assert_success
	run cat args
	assert_output "bdir/ar
--plugin
bdir/liblto_plugin.so
-rcs
lib.a
f.o"
	# without -B: the backend's plugin, as gcc-ar's: among its programs,
	# beside lto-wrapper (Debian's GCC 13 and later have a link to it
	# in the library directory too)
	run "$AR" --version
	assert_success
	assert_line "It runs ar with the LTO plugin $(dirname "$(gcc -print-prog-name=lto-wrapper)")/liblto_plugin.so."
}

@test "xgcc-ar: the names CMake looks for (gcc-ar-MAJOR.MINOR) are ours; exit status is the tool's" {
	local v
	v=$(gcc -dumpfullversion | sed 's/^\([0-9]*\.[0-9]*\).*/\1/')
	[ -L "$XGCC_BUILDDIR/gcc-ar-$v" ] || fail "no gcc-ar-$v next to xgcc"
	run "$XGCC_BUILDDIR/gcc-ranlib-$v" --version
	assert_line --index 0 "gcc-ranlib-$v (xgcc) $(sed -n 's/^#define PACKAGE_VERSION "\(.*\)"/\1/p' "$XGCC_BUILDDIR/config.h")"
	run "$AR" t missing.a
	assert_failure
	assert_output --partial "missing.a"
}

@test "xgcc-ar: a missing plugin, or a name that says no tool or an unknown target, is one error" {
	# a cross GCC not configured into xgcc is asked where lto-wrapper
	# is; one without it prints the bare name, as gcc does
	mkdir fakebin
	printf '#!/bin/sh\necho liblto_plugin.so\n' >fakebin/i686-pc-cygwin-gcc
	chmod +x fakebin/i686-pc-cygwin-gcc
	ln -s "$AR" i686-pc-cygwin-xgcc-ar
	PATH="$PWD/fakebin:$PATH" run ./i686-pc-cygwin-xgcc-ar rcs lib.a f.o
	assert_failure
	assert_line --index 0 "i686-pc-cygwin-xgcc-ar: fatal error: cannot find the LTO plugin 'liblto_plugin.so' of the backend GCC 'i686-pc-cygwin-gcc' of i686-pc-cygwin"
	[ ! -e lib.a ] || fail "lib.a was made without the plugin"
	ln -s "$AR" xgcc-foo
	run ./xgcc-foo rcs lib.a f.o
	assert_failure
	assert_line --index 0 --partial "xgcc-foo: fatal error: cannot tell from my name 'xgcc-foo' which tool to run"
	ln -s "$AR" sparc-sun-solaris2-xgcc-ar
	run ./sparc-sun-solaris2-xgcc-ar t lib.a
	assert_failure
	assert_line --index 0 "sparc-sun-solaris2-xgcc-ar: fatal error: unknown target 'sparc-sun-solaris2' in my name 'sparc-sun-solaris2-xgcc-ar'"
	assert_no_temps
}
