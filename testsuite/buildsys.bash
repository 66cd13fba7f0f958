# Helpers of the buildsys-*.bats tests (real build systems driving xgcc).
# Load after helper.

bats_require_minimum_version 1.5.0

# step LOG COMMAND...: run COMMAND with its output in LOG; on failure show
# the end of LOG (and of config.log or test-suite.log where there is one).
step() {
	local log=$1
	shift
	"$@" >"$log" 2>&1 || {
		tail -40 "$log"
		[ -f test-suite.log ] && cat test-suite.log
		[ "$log" = configure.log ] && [ -f config.log ] && tail -40 config.log
		fail "$* failed"
	}
}

# need_cross TRIPLET: skip unless the cross driver TRIPLET-xgcc is built
# and wine is installed; sets WINE.
need_cross() {
	[ -x "$XGCC_BUILDDIR/$1-xgcc" ] ||
		skip "no cross driver $XGCC_BUILDDIR/$1-xgcc (the MinGW cross drivers are not built)"
	WINE=$(command -v wine) || WINE=/usr/lib/wine/wine64
	[ -x "$WINE" ] || skip "wine not installed"
}

# wine_run PROGRAM ARGS...: run a Windows program under wine, in one wine
# prefix for the whole run; $output is its standard output without the
# CRs of its line ends (wine's own messages go to stderr).
wine_run() {
	run --separate-stderr env WINEDEBUG=-all WINEPREFIX="$BATS_RUN_TMPDIR/wine" "$WINE" "$@"
	output=${output//$'\r'/}
}

# assert_lto_objects OBJDUMP FILE...: each FILE is an LTO object.
assert_lto_objects() {
	local tool=$1 f
	shift
	for f in "$@"; do
		[ -f "$f" ] || fail "$f was not built"
		LC_ALL=C $tool -h "$f" | grep -q '\.gnu\.lto_\.symtab' || fail "$f is not an LTO object"
	done
}

# assert_index A SYM...: the archive A's index has SYM... (IR symbols).
assert_index() {
	local a=$1 s
	shift
	LC_ALL=C nm -s "$a" >index.txt 2>/dev/null
	for s in "$@"; do
		grep -q "^$s in " index.txt || { cat index.txt; fail "$a: no index entry for $s"; }
	done
}
