# Common setup for the bats tests: where the programs are, a scratch
# directory per test, and a few assertions of our own.
load /usr/lib/bats/bats-support/load.bash
load /usr/lib/bats/bats-assert/load.bash

: "${XGCC_BUILDDIR:?run the tests through testsuite/run or make check}"
XGCC="$XGCC_BUILDDIR/xgcc"
XGXX="$XGCC_BUILDDIR/xg++"
SRCDIR="$XGCC_SRCDIR"
export XGCC XGXX SRCDIR

common_setup() {
	WORK="$BATS_TEST_TMPDIR/w"
	mkdir -p "$WORK"
	cd "$WORK" || return 1
	# Each test gets its own TMPDIR so that leftovers can be counted.
	export TMPDIR="$BATS_TEST_TMPDIR/tmp"
	mkdir -p "$TMPDIR"
}

setup() { common_setup; }

# assert_no_temps: nothing left behind in this test's TMPDIR.
assert_no_temps() {
	local left
	left=$(find "$TMPDIR" -mindepth 1 | head -5)
	[ -z "$left" ] || fail "temporary files left behind: $left"
}

# Normalise a -### listing for comparison with gcc's: drop gcc's linker
# plugin options, temporary file names, the paths of collect2, and the
# -fexcess-precision= that xgcc decides and passes explicitly (fpeval.c;
# excess-precision.bats tests it).
normalise_hash3() {
	grep -E '^ ' |
	sed -E -e 's# -plugin [^ ]+##' -e 's# "-plugin-opt=[^"]*"##g' \
	    -e 's# "-fexcess-precision=[a-z]*"##g' \
	    -e 's#[^ "]*/cc[A-Za-z0-9]{6}(\.[a-z]+)?#TMP\1#g' \
	    -e 's#^ [^ ]*/collect2 # collect2 #'
}
