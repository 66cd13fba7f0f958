#!/usr/bin/env bats
# Another GCC version as the backend: a second xgcc tree configured
# --with-backend=gcc-11 (Debian's gcc-11), built once for the file from
# a copy of this tree (make distdir: configure refuses a VPATH build from
# a source tree configured in place).  Its -### lines are gcc-11's, its
# LTO links (a static library made with xgcc-ar) give the program gcc-11
# -flto gives, and the LTO bytecode version it expects is gcc-11's, which
# configure probed.  An LTO object of the other GCC, in either tree's
# link, is one error naming the object and both versions.
load helper

# Without gcc-11 every test skips, saying why (setup reads the reason).
setup_file() {
	if ! command -v gcc-11 >/dev/null 2>&1; then
		echo "gcc-11 is not installed (Debian's gcc-11, which quickstart installs where the release has it: Debian 12 and unstable, not Debian 13)" >"$BATS_FILE_TMPDIR/skip"
		return 0
	fi
	local src="$BATS_FILE_TMPDIR/src"
	# a make of ours must not take the jobserver of a make check around us
	unset MAKEFLAGS MFLAGS MAKELEVEL
	make -s -C "$XGCC_BUILDDIR" distdir distdir="$src" >"$BATS_FILE_TMPDIR/build.log" 2>&1 &&
	(cd "$src" && ./configure -q --with-backend=gcc-11 --enable-targets=no --enable-werror &&
	 make -s -j"$(nproc 2>/dev/null || echo 2)") >>"$BATS_FILE_TMPDIR/build.log" 2>&1 ||
		{ cat "$BATS_FILE_TMPDIR/build.log" >&3; return 1; }
}

setup() {
	[ ! -e "$BATS_FILE_TMPDIR/skip" ] || skip "$(cat "$BATS_FILE_TMPDIR/skip")"
	common_setup
	X11="$BATS_FILE_TMPDIR/src/xgcc"
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

@test "configure probed gcc-11's LTO bytecode version, the one gcc-11 writes (not the GCC version's)" {
	printf 'int f(void) { return 1; }\n' >f.c
	gcc-11 -flto -c f.c -o f11.o
	want=$(lto_header_version f11.o)
	[ "$(probed "$BATS_FILE_TMPDIR/src")" = "$want" ] ||
		fail "gcc-11 tree: probed $(probed "$BATS_FILE_TMPDIR/src"), gcc-11 writes $want"
	run "$BATS_FILE_TMPDIR/src/lto1" --list f11.o
	assert_line --regexp "^  module [0-9a-f]+: bytecode ${want//./\\.}, slim, zstd$"
	# and the default tree's, for its backend
	gcc -flto -c f.c -o f.o
	[ "$(probed "$XGCC_BUILDDIR")" = "$(lto_header_version f.o)" ] ||
		fail "default tree: probed $(probed "$XGCC_BUILDDIR"), gcc writes $(lto_header_version f.o)"
}

@test "-### compile and link lines equal gcc-11's" {
	hash3_inputs
	# Without g++-11 there is no cc1plus: gcc-11 -### still prints a
	# cc1plus line, xgcc stops there and says why; those lines are left
	# out (hash3.bats compares them for the default backend).
	local f
	for f in compile link rows; do
		if [[ $(gcc-11 -print-prog-name=cc1plus) == /* ]]; then
			cp "$SRCDIR/testsuite/hash3-$f.txt" $f.txt
		else
			grep -vE -- '-x c\+\+|\.(cc|hh|hp|cppm|ixx)( |$)' "$SRCDIR/testsuite/hash3-$f.txt" >$f.txt
		fi
	done
	run hash3_matrix gcc-11 "$X11" compile.txt
	echo "$output"
	assert_success
	run hash3_matrix gcc-11 "$X11" link.txt
	echo "$output"
	assert_success
	# GCC 11's compiler rows (backend-rows.bats checks the later ones')
	run hash3_matrix gcc-11 "$X11" rows.txt
	echo "$output"
	assert_success
	# an LTO link's collect2 line, and the WPA and LTRANS compiles that
	# xgcc's lto1 has xgcc run (lto-driver.bats has more of them)
	hash3_compare gcc-11 "$X11" -flto -O2 x.o -o prog
	hash3_compare gcc-11 "$X11" -xlto -c -O2 -fwpa x.o
	hash3_compare gcc-11 "$X11" -xlto -c -O2 -fltrans x.o -o t.o
}

@test "an LTO program with a static library (xgcc-ar) prints what gcc-11 -flto's prints" {
	program
	gcc-11 -O2 -flto -c main.c sum.c scale.c
	gcc-ar-11 rcs libref.a sum.o scale.o
	gcc-11 -O2 -flto main.o libref.a -o ref
	run ./ref
	assert_success
	want=$output
	rm -f ./*.o
	"$X11" -O2 -flto -c main.c sum.c scale.c
	"$BATS_FILE_TMPDIR/src/xgcc-ar" rcs libcalc.a sum.o scale.o
	run "$X11" -v -O2 -flto main.o libcalc.a -o p
	assert_success
	# gcc-11's own lto1 compiled it, through xgcc's lto1
	assert_output --regexp " /usr/lib/gcc/x86_64-linux-gnu/11/lto1 "
	run ./p
	assert_success
	assert_output "$want"
	# LTO happened: what only LTO code uses is no longer global
	run nm p
	refute_line --regexp ' [DT] (factor|scale)$'
	assert_no_temps
}

@test "a C++ LTO program with a static library (xgcc-ar) prints what g++-11 -flto's prints" {
	command -v g++-11 >/dev/null 2>&1 || skip "g++-11 is not installed (Debian's g++-11, which quickstart installs where the release has it: Debian 12 and unstable, not Debian 13)"
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
	g++-11 -O2 -flto -c main.cc shapes.cc
	gcc-ar-11 rcs libref.a shapes.o
	g++-11 -O2 -flto main.o libref.a -o ref
	run ./ref
	assert_success
	want=$output
	rm -f ./*.o
	"$BATS_FILE_TMPDIR/src/xg++" -O2 -flto -c main.cc shapes.cc
	"$BATS_FILE_TMPDIR/src/xgcc-ar" rcs libshapes.a shapes.o
	run "$BATS_FILE_TMPDIR/src/xg++" -v -O2 -flto main.o libshapes.a -o p
	assert_success
	assert_output --regexp " /usr/lib/gcc/x86_64-linux-gnu/11/lto1 "
	run ./p
	assert_success
	assert_output "$want"
	assert_no_temps
}

@test "a GCC 12 LTO object in the gcc-11 link: one error naming it (archive members as lib.a(m.o)) and both versions" {
	program
	gcc -O2 -flto -c sum.c scale.c
	ar rcs lib12.a sum.o scale.o
	gcc-11 -O2 -flto -c main.c
	theirs=$(lto_header_version sum.o) ours=$(probed "$BATS_FILE_TMPDIR/src")
	[ "$theirs" != "$ours" ] || skip "gcc and gcc-11 write the same LTO version"
	# gcc-11's own message says the same: file, its version, gcc-11's
	run env LC_ALL=C gcc-11 -O2 -flto main.o sum.o scale.o -o ref
	assert_failure
	assert_output --partial "bytecode stream in file 'sum.o' generated with LTO version $theirs instead of the expected $ours"
	run env LC_ALL=C "$X11" -O2 -flto main.o sum.o scale.o -o p
	assert_failure
	assert_output "lto1: error: bytecode stream in file 'sum.o' generated with LTO version $theirs instead of the expected $ours (the backend is gcc-11 $(gcc-11 -dumpfullversion))"
	[ ! -e p ]
	run env LC_ALL=C "$X11" -O2 -flto main.o -L. -l12 -o p
	assert_failure
	assert_output --regexp "^lto1: error: bytecode stream in file '\./lib12\.a\(sum\.o\)' generated with LTO version ${theirs//./\\.} instead of the expected ${ours//./\\.} \(the backend is gcc-11 "
	refute_output --partial "/tmp"
	[ ! -e p ]
	assert_no_temps
}

@test "a gcc-11 LTO object in the default tree's link: one error naming it and both versions" {
	program
	gcc-11 -O2 -flto -c scale.c
	gcc -O2 -flto -c main.c sum.c
	theirs=$(lto_header_version scale.o) ours=$(probed "$XGCC_BUILDDIR")
	[ "$theirs" != "$ours" ] || skip "gcc and gcc-11 write the same LTO version"
	run env LC_ALL=C "$XGCC" -O2 -flto main.o sum.o scale.o -o p
	assert_failure
	assert_output "lto1: error: bytecode stream in file 'scale.o' generated with LTO version $theirs instead of the expected $ours (the backend is gcc $(gcc -dumpfullversion))"
	[ ! -e p ]
	"$XGCC_BUILDDIR/xgcc-ar" rcs lib11.a scale.o
	run env LC_ALL=C "$XGCC" -O2 -flto main.o sum.o lib11.a -o p
	assert_failure
	assert_output --regexp "^lto1: error: bytecode stream in file 'lib11\.a\(scale\.o\)' generated with LTO version "
	assert_no_temps
}
