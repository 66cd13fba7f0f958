# Runs calcprog (libtool's wrapper around the shared-library build) and
# calcprog-static, and checks their output.
set -e
fail() { echo "FAIL: $*"; exit 1; }

out=$(./calcprog 5 4)
echo "$out"
expected='5 + 4 = 9
5 * 4 = 20
5! = 120
linkage: shared'
[ "$out" = "$expected" ] || fail "calcprog output"

# Uninstalled, calcprog is a libtool wrapper script; the real program
# must load libcalc.so from the build tree.
grep -q 'libtool' ./calcprog || fail "calcprog is not a libtool wrapper"
libs=$($LIBTOOL --mode=execute ldd ./calcprog)
echo "$libs"
echo "$libs" | grep -q 'libcalc\.so\.1 => .*/\.libs/libcalc\.so\.1' ||
	fail "calcprog does not use .libs/libcalc.so.1"

out=$(./calcprog-static 3 3)
echo "$out"
case $out in *'linkage: static') ;; *) fail "calcprog-static output" ;; esac
if ldd ./calcprog-static 2>/dev/null | grep -q libcalc; then
	fail "calcprog-static needs libcalc.so"
fi
exit 0
