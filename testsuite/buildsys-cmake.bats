#!/usr/bin/env bats
# CMake with interprocedural optimization (testsuite/buildsys-project/cmake):
# check_ipo_supported says yes for xgcc/xg++, CMake's GNU module finds our
# archive tools next to the compiler (CMAKE_<LANG>_COMPILER_AR/RANLIB, by
# the names gcc-ar-MAJOR.MINOR it looks for), the static library's members
# are LTO objects with an index of their IR symbols, and the program runs.
# The cross builds name the drivers as CMake wants (TRIPLET-g++-xgcc, and
# TRIPLET-g++-MODEL-xgcc for a thread model) and need no toolchain file
# but one naming the compilers; x86_64-w64-mingw32's result runs under wine.
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
	grep -q '^_\?shape_area in area\.c\.o' index.txt || { cat index.txt; fail "$a: no index entry for shape_area"; }
	grep -q '^_\?shape_scaled_sum in scale\.cc\.o' index.txt || { cat index.txt; fail "$a: no index entry for shape_scaled_sum"; }
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
	grep -qE "$XGCC_BUILDDIR/gcc-ar-[0-9.]*\" (cr|qc) .*libshapes\.a" build.log || fail "libshapes.a not made by our ar"
	assert_lto_archive build/libshapes.a objdump
	run build/shapes-demo
	assert_success
	assert_output "area 42 sum 60"
	assert_no_temps
}

# assert_cmake_tools TRIPLET SUFFIX: the configured build/ has the
# target's binutils and windres, and our archive tools by the names
# CMake derives from the compiler's suffix (TRIPLET-gcc-ar-SUFFIX ...).
assert_cmake_tools() {
	local t=$1 suffix=$2 v
	for v in C_COMPILER_AR:ar CXX_COMPILER_AR:ar C_COMPILER_RANLIB:ranlib CXX_COMPILER_RANLIB:ranlib; do
		assert_equal "$(sed -n "s/^CMAKE_${v%%:*}:FILEPATH=//p" build/CMakeCache.txt)" \
			"$XGCC_BUILDDIR/$t-gcc-${v#*:}-$suffix"
	done
	for v in AR:ar RANLIB:ranlib NM:nm LINKER:ld RC_COMPILER:windres; do
		assert_equal "$(sed -n "s/^CMAKE_${v%%:*}:FILEPATH=//p" build/CMakeCache.txt)" \
			"$(command -v "$t-${v#*:}")"
	done
}

# cmake_cross TRIPLET PROCESSOR [build-only]: configure and build the project for
# TRIPLET with the cross drivers by their GCC-style names
# (TRIPLET-gcc-xgcc, TRIPLET-g++-xgcc) and no toolchain file: CMake must
# find the target's binutils and our archive tools by itself.
cmake_cross() {
	local t=$1
	need_cross "$t" "${3-}"
	step configure.log env CC="$XGCC_BUILDDIR/$t-gcc-xgcc" CXX="$XGCC_BUILDDIR/$t-g++-xgcc" \
		LDFLAGS="-static-libgcc -static-libstdc++" \
		cmake -S "$PROJECT" -B build -DCMAKE_SYSTEM_NAME=Windows -DCMAKE_SYSTEM_PROCESSOR="$2"
	grep -q -x -- '-- IPO supported: YES' configure.log || { cat configure.log; fail "IPO not supported"; }
	assert_cmake_tools "$t" xgcc
	step build.log cmake --build build -j2 -v
	assert_lto_archive build/libshapes.a "$t-objdump"
}

@test "CMake cross x86_64-w64-mingw32, no toolchain file: the target's tools found, IPO library and program run under wine" {
	cmake_cross x86_64-w64-mingw32 x86_64
	x86_64-w64-mingw32-objdump -f build/shapes-demo.exe | grep -q 'file format pei-x86-64' ||
		fail "shapes-demo.exe is not a PE executable"
	wine_run build/shapes-demo.exe
	assert_success
	assert_output "area 42 sum 60"
}

@test "CMake cross i686-w64-mingw32, no toolchain file: the target's tools found, IPO library and program built" {
	# running it is for mingw-driver.bats's i686 tests (wine32)
	cmake_cross i686-w64-mingw32 i686 build-only
	i686-w64-mingw32-objdump -f build/shapes-demo.exe | grep -q 'file format pei-i386' ||
		fail "shapes-demo.exe is not an i386 PE executable"
}

# cmake_thread_model TRIPLET MODEL: a toolchain file that names only the
# compilers, TRIPLET-gcc-MODEL-xgcc and TRIPLET-g++-MODEL-xgcc; CMake
# takes the target's binutils and our archive tools
# (TRIPLET-gcc-ar-MODEL-xgcc, as for Debian's TRIPLET-gcc-MODEL) from
# those names, and the drivers run the MODEL variant of the cross GCC.
cmake_thread_model() {
	local t=$1 m=$2
	need_cross "$t"
	command -v "$t-gcc-$m" >/dev/null && command -v "$t-g++-$m" >/dev/null ||
		skip "$t-gcc-$m is not installed (Debian's gcc-mingw-w64-x86-64-$m, g++-mingw-w64-x86-64-$m)"
	[ -x "$XGCC_BUILDDIR/$t-gcc-$m-xgcc" ] || fail "no driver $t-gcc-$m-xgcc beside $t-gcc-$m"
	cat >toolchain.cmake <<EOF2
set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR x86_64)
set(CMAKE_C_COMPILER $XGCC_BUILDDIR/$t-gcc-$m-xgcc)
set(CMAKE_CXX_COMPILER $XGCC_BUILDDIR/$t-g++-$m-xgcc)
EOF2
	step configure.log env LDFLAGS="-static-libgcc -static-libstdc++" \
		cmake -S "$PROJECT" -B build -DCMAKE_TOOLCHAIN_FILE="$PWD/toolchain.cmake"
	grep -q -x -- '-- IPO supported: YES' configure.log || { cat configure.log; fail "IPO not supported"; }
	assert_cmake_tools "$t" "$m-xgcc"
	case $("$XGCC_BUILDDIR/$t-g++-$m-xgcc" -print-prog-name=cc1plus) in
	*"-$m/cc1plus") ;;
	*) fail "$t-g++-$m-xgcc does not run the $m variant" ;;
	esac
	step build.log cmake --build build -j2 -v
	assert_lto_archive build/libshapes.a "$t-objdump"
	# the posix variant's libstdc++ needs winpthreads' DLL, the win32 one's not
	if [ "$m" = posix ]; then
		"$t-objdump" -p build/shapes-demo.exe | grep -q 'DLL Name: libwinpthread-1.dll' ||
			fail "the posix build does not import libwinpthread-1.dll"
	else
		! "$t-objdump" -p build/shapes-demo.exe | grep -q 'DLL Name: libwinpthread-1.dll' ||
			fail "the win32 build imports libwinpthread-1.dll"
	fi
	WINEPATH="$(dirname "$("$t-gcc-$m" -print-file-name=libwinpthread-1.dll)")" wine_run build/shapes-demo.exe
	assert_success
	assert_output "area 42 sum 60"
}

@test "CMake cross x86_64-w64-mingw32 by the posix thread model's names: the target's tools found, the program runs under wine" {
	cmake_thread_model x86_64-w64-mingw32 posix
}

@test "CMake cross x86_64-w64-mingw32 by the win32 thread model's names: the target's tools found, the program runs under wine" {
	cmake_thread_model x86_64-w64-mingw32 win32
}
