#!/usr/bin/env bats
# CMake with interprocedural optimization (testsuite/buildsys-project/cmake):
# check_ipo_supported says yes for xgcc/xg++, CMake's GNU module finds our
# archive tools next to the compiler (CMAKE_<LANG>_COMPILER_AR/RANLIB, by
# the names gcc-ar-MAJOR.MINOR it looks for), the static library's members
# are LTO objects with an index of their IR symbols, and the program runs.
# The cross build for x86_64-w64-mingw32 runs the result under wine.
load helper
load buildsys

setup() {
	common_setup
	command -v cmake >/dev/null || skip "cmake not installed"
	PROJECT="$SRCDIR/testsuite/buildsys-project/cmake"
}

# assert_lto_archive A OBJDUMP: every member of A is a slim LTO object and
# A's index has the IR symbols shape_area and shape_scaled_sum.
assert_lto_archive() {
	local a=$1 m
	mkdir -p members && (cd members && ar x "../$a") || fail "cannot extract $a"
	for m in members/*; do
		LC_ALL=C $2 -h "$m" | grep -q '\.gnu\.lto_\.symtab' || fail "$m is not an LTO object"
		LC_ALL=C $2 -h "$m" | grep -q '\.gnu\.lto_\.opts' || fail "$m has no LTO options section"
	done
	LC_ALL=C nm -s "$a" >index.txt 2>/dev/null
	grep -q '^shape_area in area\.c\.o' index.txt || { cat index.txt; fail "$a: no index entry for shape_area"; }
	grep -q 'shape_scaled_sum in scale\.cc\.o' index.txt || { cat index.txt; fail "$a: no index entry for shape_scaled_sum"; }
}

@test "CMake: check_ipo_supported, CMAKE_C_COMPILER_AR is ours, IPO static library and program" {
	step configure.log env CC="$XGCC" CXX="$XGXX" cmake -S "$PROJECT" -B build
	grep -q -x -- '-- IPO supported: YES' configure.log || { cat configure.log; fail "IPO not supported"; }
	grep -q -x -- "-- C compiler ar: $XGCC_BUILDDIR/gcc-ar-[0-9]*.[0-9]*" configure.log ||
		{ grep ar: configure.log; fail "CMAKE_C_COMPILER_AR is not ours"; }
	grep -q -x -- "-- C compiler ranlib: $XGCC_BUILDDIR/gcc-ranlib-[0-9]*.[0-9]*" configure.log ||
		{ grep ranlib: configure.log; fail "CMAKE_C_COMPILER_RANLIB is not ours"; }
	grep -q -x -- "-- CXX compiler ar: $XGCC_BUILDDIR/gcc-ar-[0-9]*.[0-9]*" configure.log ||
		fail "CMAKE_CXX_COMPILER_AR is not ours"
	step build.log cmake --build build -j2 -v
	grep -q -e '-flto' build.log || fail "no -flto in the build"
	grep -q "$XGCC_BUILDDIR/gcc-ar-[0-9.]*\" cr .*libshapes\.a" build.log || fail "libshapes.a not made by our ar"
	assert_lto_archive build/libshapes.a objdump
	run build/shapes-demo
	assert_success
	assert_output "area 42 sum 60"
	assert_no_temps
}

@test "CMake cross x86_64-w64-mingw32: IPO static library and program, run under wine" {
	local cc="$XGCC_BUILDDIR/x86_64-w64-mingw32-xgcc"
	need_cross x86_64-w64-mingw32
	cat >toolchain.cmake <<-EOF
	set(CMAKE_SYSTEM_NAME Windows)
	set(CMAKE_SYSTEM_PROCESSOR x86_64)
	set(CMAKE_C_COMPILER $cc)
	set(CMAKE_CXX_COMPILER $XGCC_BUILDDIR/x86_64-w64-mingw32-xg++)
	set(CMAKE_RC_COMPILER x86_64-w64-mingw32-windres)
	set(CMAKE_C_COMPILER_AR $XGCC_BUILDDIR/x86_64-w64-mingw32-xgcc-ar)
	set(CMAKE_CXX_COMPILER_AR $XGCC_BUILDDIR/x86_64-w64-mingw32-xgcc-ar)
	set(CMAKE_C_COMPILER_RANLIB $XGCC_BUILDDIR/x86_64-w64-mingw32-xgcc-ranlib)
	set(CMAKE_CXX_COMPILER_RANLIB $XGCC_BUILDDIR/x86_64-w64-mingw32-xgcc-ranlib)
	set(CMAKE_EXE_LINKER_FLAGS "-static-libgcc -static-libstdc++")
	EOF
	step configure.log cmake -S "$PROJECT" -B build -DCMAKE_TOOLCHAIN_FILE="$PWD/toolchain.cmake"
	grep -q -x -- '-- IPO supported: YES' configure.log || { cat configure.log; fail "IPO not supported"; }
	step build.log cmake --build build -j2 -v
	x86_64-w64-mingw32-objdump -f build/shapes-demo.exe | grep -q 'file format pei-x86-64' ||
		fail "shapes-demo.exe is not a PE executable"
	assert_lto_archive build/libshapes.a x86_64-w64-mingw32-objdump
	wine_run build/shapes-demo.exe
	assert_success
	assert_output "area 42 sum 60"
}
