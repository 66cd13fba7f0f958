#!/usr/bin/env bats
# The fast subset of the differential test (make check-diff runs the full
# one; doc/difftest.texi describes both): a few hundred random command
# lines, with a fixed seed, run with -### through xgcc and gcc, xg++ and
# g++, and the two MinGW pairs; the share of lines whose normalised
# commands, first diagnostic and exit status are identical must not fall
# below DIFF_FLOOR.
load helper

# The floor, in percent of the lines of all four drivers together: the
# share measured when the test was written (rounded down to the whole
# percent).  It ratchets up as the driver is fixed: raise it to the new
# share whenever a fix raises the share.  The goal is make check-diff
# DIFF_MIN_NATIVE=99 DIFF_MIN_MINGW=97.
DIFF_FLOOR=76
DIFF_SEED=2024
DIFF_COUNT=64

@test "differential test: -### of the four drivers against gcc's on $DIFF_COUNT random lines each" {
	local f out same=0 total=0 m n
	for f in gcc g++ x86_64-w64-mingw32-gcc i686-w64-mingw32-gcc; do
		command -v "$f" >/dev/null || skip "$f is not installed"
	done
	[ -x "$XGCC_BUILDDIR/x86_64-w64-mingw32-xgcc" ] && [ -x "$XGCC_BUILDDIR/i686-w64-mingw32-xgcc" ] ||
		skip "the MinGW targets are not configured"
	for f in native cxx mingw64 mingw32; do
		out=$(bash "$SRCDIR/testsuite/difftest/run" "$f" "$DIFF_SEED" "$DIFF_COUNT" \
			"$XGCC_BUILDDIR/testsuite/difftest-check-$f.report") || fail "run $f failed: $out"
		echo "$out"
		# DRIVER: N lines, M identical (P%)
		n=$(echo "$out" | sed -n 's/^[^ ]*: \([0-9]*\) lines, \([0-9]*\) identical.*/\1/p')
		m=$(echo "$out" | sed -n 's/^[^ ]*: \([0-9]*\) lines, \([0-9]*\) identical.*/\2/p')
		[ -n "$n" ] && [ "$n" -eq "$DIFF_COUNT" ] || fail "no summary line from run $f: $out"
		total=$((total + n)) same=$((same + m))
	done
	echo "all: $total lines, $same identical; floor $DIFF_FLOOR%"
	[ $((100 * same)) -ge $((DIFF_FLOOR * total)) ] ||
		fail "identical share $((100 * same / total))% is below the floor $DIFF_FLOOR% (reports: $XGCC_BUILDDIR/testsuite/difftest-check-*.report)"
}
