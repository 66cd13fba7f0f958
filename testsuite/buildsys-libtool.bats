#!/usr/bin/env bats
# The autoconf + automake + libtool project (testsuite/autotools-project)
# with link-time optimization: CFLAGS=-O2 -flto and our archive tools
# (AR=xgcc-ar, RANLIB=xgcc-ranlib, NM=xgcc-nm, as one passes gcc-ar & co
# to a build with gcc).  libtool's probes of the archiver, the name lister
# and its global-symbol pipe must work with them; the shared and static
# libraries are built from LTO objects, the static one has an index of
# their IR symbols, and the project's own "make check" passes.  The same
# cross for x86_64-w64-mingw32, run under wine.
load helper
load buildsys

setup() {
	common_setup
	local p
	for p in autoreconf autoconf automake aclocal libtoolize; do
		command -v "$p" >/dev/null 2>&1 ||
			skip "$p not installed (autoconf, automake and libtool are needed)"
	done
	PROJECT="$SRCDIR/testsuite/autotools-project"
}

prepare() {
	mkdir -p proj
	cp -R "$PROJECT/." proj/
	(cd proj && autoreconf -fi) >autoreconf.log 2>&1 || { cat autoreconf.log; fail "autoreconf -fi failed"; }
	cd proj
}

@test "libtool project with -O2 -flto: shared and static libraries, programs, make check" {
	prepare
	step configure.log ./configure CC="$XGCC" CXX="$XGXX" CFLAGS="-O2 -flto" CXXFLAGS="-O2 -flto" \
		AR="$XGCC_BUILDDIR/xgcc-ar" RANLIB="$XGCC_BUILDDIR/xgcc-ranlib" NM="$XGCC_BUILDDIR/xgcc-nm"
	grep -q -x -F "checking the archiver ($XGCC_BUILDDIR/xgcc-ar) interface... ar" configure.log ||
		fail "libtool did not take xgcc-ar as an ar"
	grep -q -x -F "checking the name lister ($XGCC_BUILDDIR/xgcc-nm) interface... BSD nm" configure.log ||
		fail "libtool did not take xgcc-nm as a BSD nm"
	grep -q -x -F "checking command to parse $XGCC_BUILDDIR/xgcc-nm output from $XGCC object... ok" configure.log ||
		fail "libtool's global symbol pipe does not work with xgcc-nm"
	grep -q -x -F "checking whether to build shared libraries... yes" configure.log || fail "no shared libraries"
	grep -q -x -F "checking whether to build static libraries... yes" configure.log || fail "no static libraries"
	step make.log make -j2 V=1
	grep -q -F "libtool: link: $XGCC_BUILDDIR/xgcc-ar cr .libs/libcalc.a" make.log || fail "libcalc.a not made by xgcc-ar"
	assert_lto_objects objdump .libs/calc-arith.o .libs/calc-fmt.o calc-arith.o calc-fmt.o
	assert_index .libs/libcalc.a calc_add calc_mul calc_fact calc_format calc_linkage
	# The LTO link left no IR in the shared library.
	! LC_ALL=C objdump -h .libs/libcalc.so.1 | grep -q '\.gnu\.lto_' || fail "libcalc.so.1 holds LTO IR"
	LC_ALL=C nm -D --defined-only .libs/libcalc.so.1 | grep -q ' T calc_fact$' || fail "libcalc.so.1 lacks calc_fact"
	run ./calcprog-static 4 5
	assert_success
	assert_output $'4 + 5 = 9\n4 * 5 = 20\n4! = 24\nlinkage: static'
	run ./calcprog 4 5
	assert_success
	assert_output $'4 + 5 = 9\n4 * 5 = 20\n4! = 24\nlinkage: shared'
	step check.log make -j2 check
	grep -q '^# PASS: *3$' check.log || { cat check.log; fail "make check did not pass 3 tests"; }
	assert_no_temps
}

@test "libtool project cross x86_64-w64-mingw32 with -O2 -flto, run under wine" {
	local t=x86_64-w64-mingw32 cc="$XGCC_BUILDDIR/x86_64-w64-mingw32-xgcc"
	need_cross $t
	prepare
	step configure.log ./configure --host=$t CC="$cc" CXX="$XGCC_BUILDDIR/$t-xg++" \
		CFLAGS="-O2 -flto" CXXFLAGS="-O2 -flto" LDFLAGS="-static-libgcc -static-libstdc++" \
		AR="$XGCC_BUILDDIR/$t-xgcc-ar" RANLIB="$XGCC_BUILDDIR/$t-xgcc-ranlib" NM="$XGCC_BUILDDIR/$t-xgcc-nm"
	grep -q -x -F "checking whether to build shared libraries... yes" configure.log || fail "no DLLs"
	step make.log make -j2 V=1
	assert_lto_objects $t-objdump .libs/calc-arith.o calc-arith.o
	assert_index .libs/libcalc.a calc_add calc_fact calc_linkage
	$t-objdump -f .libs/calcprog.exe | grep -q 'file format pei-x86-64' || fail "calcprog.exe is not PE"
	WINEPATH="$PWD/.libs" wine_run .libs/calcprog.exe 4 5
	assert_success
	assert_output $'4 + 5 = 9\n4 * 5 = 20\n4! = 24\nlinkage: shared'
	wine_run ./calcprog-static.exe 4 5
	assert_success
	assert_output $'4 + 5 = 9\n4 * 5 = 20\n4! = 24\nlinkage: static'
}
