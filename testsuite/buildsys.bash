# Helpers of the buildsys-*.bats tests (real build systems driving xgcc).
# Load after helper; the programs run under wine through wine.bash.
load wine

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

# need_cross TRIPLET [build-only]: skip unless the cross driver
# TRIPLET-xgcc is built and (unless build-only) wine runs TRIPLET's programs.
need_cross() {
	[ -x "$XGCC_BUILDDIR/$1-xgcc" ] ||
		skip "no cross driver $XGCC_BUILDDIR/$1-xgcc (the MinGW cross drivers are not built)"
	[ "${2-}" != build-only ] || return 0
	if [ "$1" = x86_64-w64-mingw32 ]; then wine_skip; else wine_i686_skip "$1-gcc"; fi
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
