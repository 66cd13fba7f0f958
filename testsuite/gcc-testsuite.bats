#!/usr/bin/env bats
# A fast slice of GCC's own testsuite (make check-gcc runs the rest):
# gcc.misc-tests/help.exp (--help=, --target-help, -Q) and options.exp
# under DejaGnu, installed-compiler testing against gcc and against xgcc;
# nothing that passes with gcc may fail with xgcc.
load helper

# DejaGnu, and the sources of gcc's version (testsuite/gcc/run), or skip
need_runtest_and_sources() {
	command -v runtest >/dev/null || skip "DejaGnu's runtest is not installed (dejagnu)"
	local major
	major=$(gcc -dumpversion | cut -d. -f1)
	compgen -G "/usr/src/gcc-$major/gcc-$major.*-dfsg.tar.xz" >/dev/null || [ -n "${XGCC_GCC_SOURCE:-}" ] ||
		skip "GCC's sources are not installed (gcc-$major-source)"
}

@test "GCC's testsuite: help.exp and options.exp pass with xgcc wherever they pass with gcc" {
	need_runtest_and_sources
	run sh "$SRCDIR/testsuite/gcc/run" gcc:help.exp gcc:options.exp
	echo "$output"
	assert_success
	assert_line --regexp '^gcc:help.exp: gcc [1-9][0-9]* passes; not so with xgcc: 0$'
	assert_line --regexp '^gcc:options.exp: gcc [1-9][0-9]* passes; not so with xgcc: 0$'
}

@test "GCC's testsuite: cpp.exp runs c-c++-common/cpp's tests too (the run extracts c-c++-common)" {
	need_runtest_and_sources
	# has-builtin-*.c are in c-c++-common/cpp alone (GCC 12 to 16);
	# gcc.dg/cpp/cpp.exp globs them there, and found none before
	run sh "$SRCDIR/testsuite/gcc/run" 'gcc:cpp.exp=has-builtin-*.c'
	echo "$output"
	assert_success
	assert_line --regexp '^gcc:cpp.exp=has-builtin-\*.c: gcc [1-9][0-9]* passes; not so with xgcc: 0$'
	grep -q '^PASS: c-c++-common/cpp/has-builtin-' "$XGCC_BUILDDIR/_gcc-testsuite/results/gcc_cpp.exp_has-builtin-_.c.xgcc"
}
