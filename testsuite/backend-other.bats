#!/usr/bin/env bats
# Another GCC version as the backend: a second xgcc tree configured
# --with-backend=$OTHER (XGCC_OTHER_BACKEND, default gcc-11: Debian's
# gcc-11 beside Debian 12's gcc-12; testsuite/releases runs this file for
# every other GCC of its chroots), built once for the file from a copy of
# this tree (make distdir: configure refuses a VPATH build from a source
# tree configured in place).  Its -### lines are $OTHER's, its LTO links
# (a static library made with xgcc-ar) give the program $OTHER -flto
# gives, a relink through the LTRANS cache reuses every partition, and
# the LTO bytecode version it expects is $OTHER's, which configure
# probed.  An LTO object of the other GCC, in either tree's link, is one
# error naming the object and both versions.
load helper

OTHER=${XGCC_OTHER_BACKEND:-gcc-11}
# N: its version suffix (gcc-ar-N, g++-N)
N=${OTHER#gcc-}

# Without $OTHER every test skips, saying why (setup reads the reason).
setup_file() {
	if ! command -v "$OTHER" >/dev/null 2>&1; then
		echo "$OTHER is not installed (quickstart installs Debian's gcc-11 where the release has it: Debian 12 and unstable, not Debian 13)" >"$BATS_FILE_TMPDIR/skip"
		return 0
	fi
	local src="$BATS_FILE_TMPDIR/src"
	# a make of ours must not take the jobserver of a make check around us
	unset MAKEFLAGS MFLAGS MAKELEVEL
	make -s -C "$XGCC_BUILDDIR" distdir distdir="$src" >"$BATS_FILE_TMPDIR/build.log" 2>&1 &&
	(cd "$src" && ./configure -q --with-backend="$OTHER" --enable-targets=no --enable-werror &&
	 make -s -j"$(nproc 2>/dev/null || echo 2)") >>"$BATS_FILE_TMPDIR/build.log" 2>&1 ||
		{ cat "$BATS_FILE_TMPDIR/build.log" >&3; return 1; }
}

setup() {
	[ ! -e "$BATS_FILE_TMPDIR/skip" ] || skip "$(cat "$BATS_FILE_TMPDIR/skip")"
	common_setup
	XO="$BATS_FILE_TMPDIR/src/xgcc"
	# the backend's own lto1, which xgcc's lto1 has the driver run
	LTO1_OTHER=$("$OTHER" -print-prog-name=lto1)
}

# lto_header_version OBJ: "MAJOR.MINOR" of the first LTO module of OBJ,
# from readelf's dump of its .gnu.lto_.lto.ID section (two 16-bit
# little-endian numbers), independently of xgcc's own reader.
lto_header_version() {
	local sec w
	sec=$(readelf -SW "$1" | grep -o '\.gnu\.lto_\.lto\.[0-9a-f]*' | head -n 1)
	w=$(readelf -x "$sec" "$1" | awk '/^  0x/ { print $2; exit }')
	echo "$((16#${w:2:2}${w:0:2})).$((16#${w:6:2}${w:4:2}))"
}

# probed TREE: "MAJOR.MINOR", the LTO version TREE's configure recorded
# for its backend (the first one of backend-config.h).
probed() {
	awk '/\.lto_major = / { gsub(/[^0-9]/, ""); maj = $0 }
	     /\.lto_minor = / { gsub(/[^0-9]/, ""); print maj "." $0; exit }' "$1/backend-config.h"
}

# The program: main.c and two files in a static library, with a
# function the library's code inlines across files and a global that
# only LTO code uses.
program() {
	cat >main.c <<'EOF'
#include <stdio.h>
int scale(int);
int sum(const int *, int);
int main(void)
{
	int v[] = { 3, 1, 4, 1, 5, 9, 2, 6 };
	printf("sum %d scale %d\n", sum(v, 8), scale(7));
	return 0;
}
EOF
	cat >sum.c <<'EOF'
int scale(int);
int sum(const int *v, int n)
{
	int s = 0;
	for (int i = 0; i < n; i++)
		s += scale(v[i]);
	return s;
}
EOF
	cat >scale.c <<'EOF'
int factor = 3;
int scale(int x) { return x * factor + 1; }
EOF
}

@test "other backend: configure probed its LTO bytecode version, the one it writes (not the GCC version's)" {
	printf 'int f(void) { return 1; }\n' >f.c
	"$OTHER" -flto -c f.c -o fo.o
	want=$(lto_header_version fo.o)
	[ "$(probed "$BATS_FILE_TMPDIR/src")" = "$want" ] ||
		fail "$OTHER tree: probed $(probed "$BATS_FILE_TMPDIR/src"), $OTHER writes $want"
	run "$BATS_FILE_TMPDIR/src/lto1" --list fo.o
	assert_line --regexp "^  module [0-9a-f]+: bytecode ${want//./\\.}, slim, zstd$"
	# and the default tree's, for its backend
	gcc -flto -c f.c -o f.o
	[ "$(probed "$XGCC_BUILDDIR")" = "$(lto_header_version f.o)" ] ||
		fail "default tree: probed $(probed "$XGCC_BUILDDIR"), gcc writes $(lto_header_version f.o)"
}

@test "other backend: -### compile and link lines equal its gcc's" {
	hash3_inputs
	# Without g++-N there is no cc1plus: gcc-N -### still prints a
	# cc1plus line, xgcc stops there and says why; those lines are left
	# out (hash3.bats compares them for the default backend).
	local f
	for f in compile link rows; do
		if [[ $("$OTHER" -print-prog-name=cc1plus) == /* ]]; then
			cp "$SRCDIR/testsuite/hash3-$f.txt" $f.txt
		else
			grep -vE -- '-x c\+\+|\.(cc|hh|hp|cppm|ixx)( |$)' "$SRCDIR/testsuite/hash3-$f.txt" >$f.txt
		fi
	done
	run hash3_matrix "$OTHER" "$XO" compile.txt
	echo "$output"
	assert_success
	run hash3_matrix "$OTHER" "$XO" link.txt
	echo "$output"
	assert_success
	# its compiler rows (backend-rows.bats checks GCC 12's to 16's over
	# the default tree)
	run hash3_matrix "$OTHER" "$XO" rows.txt
	echo "$output"
	assert_success
	# an LTO link's collect2 line, and the WPA and LTRANS compiles that
	# xgcc's lto1 has xgcc run (lto-driver.bats has more of them)
	hash3_compare "$OTHER" "$XO" -flto -O2 x.o -o prog
	hash3_compare "$OTHER" "$XO" -xlto -c -O2 -fwpa x.o
	hash3_compare "$OTHER" "$XO" -xlto -c -O2 -fltrans x.o -o t.o
}

@test "other backend: an LTO program with a static library (xgcc-ar) prints what its gcc -flto's prints" {
	program
	"$OTHER" -O2 -flto -c main.c sum.c scale.c
	"gcc-ar-$N" rcs libref.a sum.o scale.o
	"$OTHER" -O2 -flto main.o libref.a -o ref
	run ./ref
	assert_success
	want=$output
	rm -f ./*.o
	"$XO" -O2 -flto -c main.c sum.c scale.c
	"$BATS_FILE_TMPDIR/src/xgcc-ar" rcs libcalc.a sum.o scale.o
	run "$XO" -v -O2 -flto main.o libcalc.a -o p
	assert_success
	# its own lto1 compiled it, through xgcc's lto1
	assert_output --partial " $LTO1_OTHER "
	run ./p
	assert_success
	assert_output "$want"
	# LTO happened: what only LTO code uses is no longer global
	run nm p
	refute_line --regexp ' [DT] (factor|scale)$'
	assert_no_temps
}

@test "other backend: a C++ LTO program with a static library (xgcc-ar) prints what its g++ -flto's prints" {
	command -v "g++-$N" >/dev/null 2>&1 || skip "g++-$N is not installed (quickstart installs Debian's g++-11 where the release has it: Debian 12 and unstable, not Debian 13)"
	cat >main.cc <<'EOF'
#include <iostream>
#include <memory>
#include <vector>
struct Shape { virtual ~Shape() {} virtual long area() const = 0; };
std::unique_ptr<Shape> make(int kind, long a);
int main()
{
	std::vector<std::unique_ptr<Shape>> v;
	for (int i = 0; i < 6; i++)
		v.push_back(make(i % 2, i + 2));
	long s = 0;
	for (auto &p : v)
		s += p->area();
	std::cout << "area " << s << '\n';
}
EOF
	cat >shapes.cc <<'EOF'
#include <memory>
struct Shape { virtual ~Shape() {} virtual long area() const = 0; };
struct Sq : Shape { long a; explicit Sq(long x) : a(x) {} long area() const override { return a * a; } };
struct Tri : Shape { long b; explicit Tri(long x) : b(x) {} long area() const override { return b * b / 2; } };
std::unique_ptr<Shape> make(int kind, long a)
{
	if (kind)
		return std::unique_ptr<Shape>(new Tri(a));
	return std::unique_ptr<Shape>(new Sq(a));
}
EOF
	"g++-$N" -O2 -flto -c main.cc shapes.cc
	"gcc-ar-$N" rcs libref.a shapes.o
	"g++-$N" -O2 -flto main.o libref.a -o ref
	run ./ref
	assert_success
	want=$output
	rm -f ./*.o
	"$BATS_FILE_TMPDIR/src/xg++" -O2 -flto -c main.cc shapes.cc
	"$BATS_FILE_TMPDIR/src/xgcc-ar" rcs libshapes.a shapes.o
	run "$BATS_FILE_TMPDIR/src/xg++" -v -O2 -flto main.o libshapes.a -o p
	assert_success
	assert_output --partial " $LTO1_OTHER "
	run ./p
	assert_success
	assert_output "$want"
	assert_no_temps
}

@test "other backend: a relink through the LTRANS cache reuses every partition, and the program is the same" {
	XGCC=$XO gen_objects gen -s 11 -f 6 -k 120 -g 4 -l 12
	"$XO" -O2 gen/plain/*.o gen/nonlto.o -o p0
	want=$(./p0)
	local k got=()
	for k in 1 2; do
		run "$XO" -O2 -flto=2 -v -flto-cache="$PWD/c" gen/lto/u*.o gen/lto/main.o gen/nonlto.o gen/liblto.a -o p$k
		assert_success
		assert_output --partial " $LTO1_OTHER "
		got[k]=$(reused)
		run ./p$k
		assert_output "$want"
	done
	n=${got[1]##* }
	[ "$n" -ge 3 ] || fail "expected WPA with several partitions: ${got[1]}"
	assert_equal "${got[1]}" "0 of $n"
	assert_equal "${got[2]}" "$n of $n"
	cmp p1 p2 || fail "the relinked program differs"
	assert_no_temps
}

@test "other backend: the default gcc's LTO object in its link: one error naming it (archive members as lib.a(m.o)) and both versions" {
	program
	gcc -O2 -flto -c sum.c scale.c
	ar rcs libdef.a sum.o scale.o
	"$OTHER" -O2 -flto -c main.c
	theirs=$(lto_header_version sum.o) ours=$(probed "$BATS_FILE_TMPDIR/src")
	[ "$theirs" != "$ours" ] || skip "gcc and $OTHER write the same LTO version"
	# its own message says the same: file, its version, the backend's
	run env LC_ALL=C "$OTHER" -O2 -flto main.o sum.o scale.o -o ref
	assert_failure
	assert_output --partial "bytecode stream in file 'sum.o' generated with LTO version $theirs instead of the expected $ours"
	run env LC_ALL=C "$XO" -O2 -flto main.o sum.o scale.o -o p
	assert_failure
	assert_output "lto1: error: bytecode stream in file 'sum.o' generated with LTO version $theirs instead of the expected $ours (the backend is $OTHER $("$OTHER" -dumpfullversion))"
	[ ! -e p ]
	run env LC_ALL=C "$XO" -O2 -flto main.o -L. -ldef -o p
	assert_failure
	assert_output --regexp "^lto1: error: bytecode stream in file '\./libdef\.a\(sum\.o\)' generated with LTO version ${theirs//./\\.} instead of the expected ${ours//./\\.} \(the backend is $OTHER "
	refute_output --partial "/tmp"
	[ ! -e p ]
	assert_no_temps
}

@test "other backend: its LTO object in the default tree's link: one error naming it and both versions" {
	program
	"$OTHER" -O2 -flto -c scale.c
	gcc -O2 -flto -c main.c sum.c
	theirs=$(lto_header_version scale.o) ours=$(probed "$XGCC_BUILDDIR")
	[ "$theirs" != "$ours" ] || skip "gcc and $OTHER write the same LTO version"
	run env LC_ALL=C "$XGCC" -O2 -flto main.o sum.o scale.o -o p
	assert_failure
	assert_output "lto1: error: bytecode stream in file 'scale.o' generated with LTO version $theirs instead of the expected $ours (the backend is gcc $(gcc -dumpfullversion))"
	[ ! -e p ]
	"$XGCC_BUILDDIR/xgcc-ar" rcs libother.a scale.o
	run env LC_ALL=C "$XGCC" -O2 -flto main.o sum.o libother.a -o p
	assert_failure
	assert_output --regexp "^lto1: error: bytecode stream in file 'libother\.a\(scale\.o\)' generated with LTO version "
	assert_no_temps
}
