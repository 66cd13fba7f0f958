# Runs the C++ program, which uses the C++ shared library libcalcxx.so
# (linked by libtool with -nostdlib plus the postdeps it found).
set -e
fail() { echo "FAIL: $*"; exit 1; }

out=$(./calcxxprog)
echo "$out"
expected='sum: 55
[6 * 7 = 42]
caught: empty sum
inits: 1
linkage: shared'
[ "$out" = "$expected" ] || fail "calcxxprog output"

libs=$($LIBTOOL --mode=execute ldd ./calcxxprog)
echo "$libs"
echo "$libs" | grep -q 'libcalcxx\.so\.1 => .*/\.libs/libcalcxx\.so\.1' ||
	fail "calcxxprog does not use .libs/libcalcxx.so.1"
echo "$libs" | grep -q 'libstdc++' || fail "no libstdc++"
exit 0
