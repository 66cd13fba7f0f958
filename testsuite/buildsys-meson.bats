#!/usr/bin/env bats
# Meson with b_lto=true (testsuite/buildsys-project/meson, the CMake
# project's sources): meson takes xgcc/xg++ for gcc 12 and, with
# AR=xgcc-ar (meson's own choice for gcc is plain gcc-ar from PATH), makes
# the static library with our ar; its members are LTO objects with an
# index of their IR symbols and the program runs.
load helper
load buildsys

setup() {
	common_setup
	command -v meson >/dev/null || skip "meson not installed"
	command -v ninja >/dev/null || skip "ninja not installed"
}

@test "meson b_lto=true: static library made by xgcc-ar, LTO members with an index, program runs" {
	step setup.log env CC="$XGCC" CXX="$XGXX" AR="$XGCC_BUILDDIR/xgcc-ar" \
		meson setup build "$SRCDIR/testsuite/buildsys-project/meson"
	grep -q "^C compiler for the host machine: $XGCC (gcc $(gcc -dumpfullversion) " setup.log ||
		{ cat setup.log; fail "meson did not take xgcc for gcc"; }
	grep -q "^C++ compiler for the host machine: $XGXX (gcc $(gcc -dumpfullversion) " setup.log ||
		fail "meson did not take xg++ for g++"
	step build.log ninja -C build -v
	grep -q -e "-flto" build.log || fail "no -flto in the build"
	grep -q "$XGCC_BUILDDIR/xgcc-ar [a-zA-Z]* libshapes\.a" build.log || fail "libshapes.a not made by xgcc-ar"
	# (the objects of ../cmake/X are .._cmake_X.o)
	assert_lto_objects objdump build/libshapes.a.p/.._cmake_area.c.o build/libshapes.a.p/.._cmake_scale.cc.o
	assert_index build/libshapes.a shape_area shape_scaled_sum
	run build/shapes-demo
	assert_success
	assert_output "area 42 sum 60"
	assert_no_temps
}
