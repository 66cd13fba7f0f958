#!/usr/bin/env bats
# The fast subset of the differential test (make check-diff runs the full
# one; doc/difftest.texi describes both): a few hundred random command
# lines, with a fixed seed, run with -### through xgcc and gcc, xg++ and
# g++, and the two MinGW pairs; the share of lines whose normalised
# commands, first diagnostic and exit status are identical must not fall
# below DIFF_FLOOR_NATIVE (xgcc, xg++) and DIFF_FLOOR_MINGW.
load helper

# The floors, in percent of the lines of the native drivers (xgcc, xg++)
# and of the MinGW drivers together: the issue's goals for make
# check-diff, which the driver meets (measured at 100% and 97.5% on this
# seed when they were set).  Raise them, never lower them.
DIFF_FLOOR_NATIVE=99
DIFF_FLOOR_MINGW=97
DIFF_SEED=2024
DIFF_COUNT=100

@test "differential test: -### of the four drivers against gcc's on $DIFF_COUNT random lines each" {
	local f g out m n floor
	local -A same=() total=()
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
		case $f in mingw*) g=mingw ;; *) g=native ;; esac
		total[$g]=$((${total[$g]:-0} + n)) same[$g]=$((${same[$g]:-0} + m))
	done
	for g in native mingw; do
		floor=$DIFF_FLOOR_NATIVE
		[ $g = mingw ] && floor=$DIFF_FLOOR_MINGW
		echo "$g: ${total[$g]} lines, ${same[$g]} identical; floor $floor%"
		[ $((100 * ${same[$g]})) -ge $((floor * ${total[$g]})) ] ||
			fail "$g: identical share $((100 * ${same[$g]} / ${total[$g]}))% is below the floor $floor% (reports: $XGCC_BUILDDIR/testsuite/difftest-check-*.report)"
	done
}
