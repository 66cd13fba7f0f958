#!/usr/bin/env bats
# GCC's compiler rows per version (driver/compilers.c): for each GCC of
# 12 to 16 installed as gcc-N, an xgcc over it gives gcc-N's -### for
# inputs of every language xgcc has, with the options the rows' specs
# test (testsuite/hash3-rows.txt: C, C header, cpp-output, C++, C++
# header, c++-cpp-output, assembler, assembler-with-cpp, lto, and the
# suffixes GCC 15 added).  The default backend's version is checked with
# this tree, another with a tree configured --with-backend=gcc-N, built
# by its test from a copy of this one (make distdir, as
# backend-other.bats does, which checks GCC 11's rows with its tree).
# Where gcc-N is not installed its test skips, saying where Debian has it.
load helper

setup() {
	common_setup
	hash3_inputs
}

# rows_xgcc N: the xgcc over gcc-N, on stdout: this tree's where its
# backend is gcc-N's compiler, else one built now (its log on fd 3 when
# the build fails).
rows_xgcc() {
	local n=$1 src="$BATS_FILE_TMPDIR/gcc$1"
	if [ "$(gcc-"$n" -print-prog-name=cc1)" = "$("$XGCC" -print-prog-name=cc1)" ]; then
		echo "$XGCC"
		return 0
	fi
	if [ ! -x "$src/xgcc" ]; then
		# a make of ours must not take the jobserver of a make check around us
		(unset MAKEFLAGS MFLAGS MAKELEVEL
		 make -s -C "$XGCC_BUILDDIR" distdir distdir="$src" &&
		 cd "$src" && ./configure -q --with-backend="gcc-$n" --enable-targets=no &&
		 make -s -j"$(nproc 2>/dev/null || echo 2)") >"$src.log" 2>&1 ||
			{ cat "$src.log" >&3; return 1; }
	fi
	echo "$src/xgcc"
}

# rows_check N: hash3-rows.txt through gcc-N and the xgcc over it.
rows_check() {
	local n=$1 ours
	command -v "gcc-$n" >/dev/null 2>&1 ||
		skip "gcc-$n is not installed (Debian's gcc-$n: $2)"
	ours=$(rows_xgcc "$n")
	# Without g++-N there is no cc1plus: gcc-N -### still prints a
	# cc1plus line, xgcc stops there and says why; those lines are left
	# out (the C++ rows are checked where g++-N is installed).
	if [[ $(gcc-"$n" -print-prog-name=cc1plus) == /* ]]; then
		cp "$SRCDIR/testsuite/hash3-rows.txt" rows.txt
	else
		grep -vE -- '-x c\+\+|\.(cc|hh|hp|cppm|ixx)( |$)' "$SRCDIR/testsuite/hash3-rows.txt" >rows.txt
	fi
	run hash3_matrix "gcc-$n" "$ours" rows.txt
	echo "$output"
	assert_success
}

@test "GCC 12's compiler rows: -### of every language equals gcc-12's" {
	rows_check 12 "Debian 12 and 13"
}

@test "GCC 13's compiler rows: -### of every language equals gcc-13's" {
	rows_check 13 "Debian 13"
}

@test "GCC 14's compiler rows: -### of every language equals gcc-14's" {
	rows_check 14 "Debian 13"
}

@test "GCC 15's compiler rows: -### of every language equals gcc-15's" {
	rows_check 15 "unstable"
}

@test "GCC 16's compiler rows: -### of every language equals gcc-16's" {
	rows_check 16 "unstable"
}
