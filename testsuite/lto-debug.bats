#!/usr/bin/env bats
# -flto -g: the LTRANS objects' DWARF refers to each unit's early debug
# info, which lto1 copies, as GCC's lto-wrapper does, into one debug
# object per -g LTO input ("INPUT.debug.temp.o": the .gnu.debuglto_
# sections renamed .debug_*, their relocations and symbols, the notes)
# for ld.  Without them every -g LTO link fails with undefined references
# to "a.c.1234abcd"; without the stack note the program's stack is
# executable.  The program's DWARF must name the units gcc's does.
load helper

setup() {
	common_setup
	cat >a.c <<'EOF'
#include <stdio.h>
struct pair { int x, y; };
int b(int v);
static int sa = 3;
int main(void) { struct pair p = { b(sa), 1 }; printf("%d\n", p.x + p.y); return 0; }
EOF
	cat >b.c <<'EOF'
struct point { int x, y; };
int b(int v) { struct point p = { v, v * 2 }; return p.x + p.y; }
EOF
}

# The source files of a program's compile units, sorted.
cu_names() {
	readelf --debug-dump=info "$1" 2>/dev/null |
		sed -n -E 's/.*DW_AT_name *:.* ([^ ]*\.(c|cc))$/\1/p' | sort
}
# Every name of a program's DWARF, once each.
dwarf_names() { readelf --debug-dump=info "$1" 2>/dev/null | sed -n 's/.*DW_AT_name *:.* \([^ ]*\)$/\1/p' | sort -u; }
# The stack of a program is not executable.
stack_not_exec() {
	local line
	line=$(readelf -lW "$1" | grep GNU_STACK) || fail "$1 has no GNU_STACK"
	[[ "$line" == *" RW "* ]] || fail "$1: $line"
}
# The section names of an object, less the tables of its own, sorted.
section_names() {
	readelf -SW "$1" | sed -n 's/^ *\[ *[0-9]*\] \([^ ]*\) .*/\1/p' |
		grep -vxE '\.symtab|\.strtab|\.shstrtab' | sort
}
# "NAME BIND VIS" of the symbols defined in sections, the hash of the
# units' symbols ("a.c.1234abcd") left out: it differs from compile to compile.
defined_symbols() {
	readelf -sW "$1" | awk '$7 ~ /^[0-9]+$/ && $4 != "SECTION" { print $8, $5, $6 }' |
		sed 's/\.[0-9a-f]\{8\} / /' | sort
}

@test "single step: xgcc -flto -g -O2 a.c b.c links, runs, has gcc's compile units, a stack that is not executable" {
	run "$XGCC" -flto -g -O2 a.c b.c -o p
	assert_success
	assert_output ""
	run ./p
	assert_output 10
	gcc -flto -g -O2 a.c b.c -o g
	[ "$(cu_names p)" = "$(printf 'a.c\nb.c')" ]
	[ "$(cu_names p)" = "$(cu_names g)" ]
	[ "$(dwarf_names p)" = "$(dwarf_names g)" ]
	dwarf_names p | grep -qx point
	dwarf_names p | grep -qx pair
	stack_not_exec p
	assert_no_temps
}

@test "multi-step, WPA with several partitions: the program has every unit's debug info" {
	"$XGCC" -flto -g -O2 -c a.c b.c
	run "$XGCC" -flto=2 -flto-partition=max -g -O2 a.o b.o -o p
	assert_success
	assert_output ""
	run ./p
	assert_output 10
	gcc -flto=2 -flto-partition=max -g -O2 a.o b.o -o g
	[ "$(cu_names p)" = "$(cu_names g)" ]
	[ "$(dwarf_names p)" = "$(dwarf_names g)" ]
	stack_not_exec p
	assert_no_temps
}

@test "-save-temps keeps one debug object per input, as gcc's: renamed sections, relocations, the unit's symbol" {
	mkdir g x
	(cd g && gcc -flto -g -O2 -save-temps ../a.c ../b.c -o p)
	(cd x && "$XGCC" -flto -g -O2 -save-temps ../a.c ../b.c -o p)
	for f in p-a.o p-b.o; do
		[ -f x/$f.debug.temp.o ] || fail "no x/$f.debug.temp.o"
		[ "$(section_names x/$f.debug.temp.o)" = "$(section_names g/$f.debug.temp.o)" ]
		[ "$(defined_symbols x/$f.debug.temp.o)" = "$(defined_symbols g/$f.debug.temp.o)" ]
		# one weak hidden symbol, in .debug_info
		defined_symbols x/$f.debug.temp.o | grep -q ' WEAK HIDDEN$'
		[ "$(readelf -rW x/$f.debug.temp.o | grep -c R_X86_64)" -eq \
		  "$(readelf -rW g/$f.debug.temp.o | grep -c R_X86_64)" ]
		[ "$(readelf -rW x/$f.debug.temp.o | grep -c R_X86_64)" -gt 0 ]
		# nothing left for ld to drop: no SHF_EXCLUDE, no LTO section, no marker
		! readelf -SW x/$f.debug.temp.o | grep -E '^ *\[' | awk '{ print $(NF-3) }' | grep -q E || fail "$f.debug.temp.o has a section with the E flag"
		! readelf -SW x/$f.debug.temp.o | grep -q 'gnu\.\(debug\)\?lto_' || fail "$f.debug.temp.o holds LTO sections"
		! nm x/$f.debug.temp.o | grep -q __gnu_lto || fail "$f.debug.temp.o has an LTO marker"
		# the debug info is the input's early debug info, byte for byte
		readelf -x .gnu.debuglto_.debug_str x/$f | tail -n +3 >in.hex
		readelf -x .debug_str x/$f.debug.temp.o | tail -n +3 >out.hex
		cmp in.hex out.hex
	done
	run ./x/p
	assert_output 10
	[ "$(cu_names x/p)" = "$(cu_names g/p)" ]
}

@test "C++ with templates, inline functions and the standard library" {
	cat >t.cc <<'EOF'
#include <vector>
template <class T> struct Box { T v; T get() const { return v; } };
inline int twice(int x) { return 2 * x; }
int use(int x) { std::vector<int> v{x}; Box<int> b{v[0]}; return twice(b.get()); }
EOF
	cat >m.cc <<'EOF'
#include <cstdio>
#include <string>
template <class T> struct Box { T v; T get() const { return v; } };
int use(int x);
int main() { Box<std::string> s{"x"}; std::printf("%d %s\n", use(21), s.get().c_str()); }
EOF
	"$XGXX" -flto -g -O2 -c t.cc m.cc
	run "$XGXX" -flto -g -O2 m.o t.o -o p
	assert_success
	assert_output ""
	run ./p
	assert_output "42 x"
	g++ -flto -g -O2 m.o t.o -o g
	[ "$(cu_names p)" = "$(printf 'm.cc\nt.cc')" ]
	[ "$(dwarf_names p)" = "$(dwarf_names g)" ]
	dwarf_names p | grep -qx 'Box<int>'
	stack_not_exec p
}

@test "-m32: REL relocations" {
	require_m32_run
	run "$XGCC" -m32 -flto -g -O2 -save-temps a.c b.c -o p
	assert_success
	run run_i386 ./p
	assert_output 10
	readelf -hW p | grep -q 'ELF32'
	readelf -SW p-a.o.debug.temp.o | grep -q ' \.rel\.debug_info '
	gcc -m32 -flto -g -O2 a.c b.c -o g
	[ "$(cu_names p)" = "$(cu_names g)" ]
	stack_not_exec p
}

@test "archive members with -g: their debug objects are named after the member" {
	"$XGCC" -flto -g -O2 -c a.c b.c
	mkdir lib
	ar rcs lib/libb.a b.o
	rm b.o
	run "$XGCC" -flto -g -O2 -save-temps a.o -Llib -lb -o p
	assert_success
	assert_output ""
	run ./p
	assert_output 10
	[ -f a.o.debug.temp.o ]
	ls libb.a@0x*.debug.temp.o
	[ "$(cu_names p)" = "$(printf 'a.c\nb.c')" ]
	rm -f ./*.debug.temp.o
	run "$XGCC" -flto -g -O2 a.o -Llib -lb -o p
	assert_success
	[ "$(cu_names p)" = "$(printf 'a.c\nb.c')" ]
	assert_no_temps
}

@test "mixed -g and no -g objects, fat ones too: only the -g inputs get a debug object" {
	"$XGCC" -flto -g -O2 -c a.c
	"$XGCC" -flto -O2 -ffat-lto-objects -c b.c
	run "$XGCC" -flto -g -O2 -save-temps a.o b.o -o p
	assert_success
	assert_output ""
	run ./p
	assert_output 10
	[ -f a.o.debug.temp.o ]
	[ ! -e b.o.debug.temp.o ]
	gcc -flto -g -O2 a.o b.o -o g
	[ "$(cu_names p)" = "$(cu_names g)" ]
	# a fat -g object: only its early debug info is copied
	"$XGCC" -flto -g -O2 -ffat-lto-objects -c b.c
	readelf -SW b.o | grep -q ' \.debug_info '
	rm -f ./*.debug.temp.o
	run "$XGCC" -flto -g -O2 -save-temps a.o b.o -o p
	assert_success
	assert_output ""
	[ "$(section_names b.o.debug.temp.o | grep -c '^\.debug_info$')" -eq 1 ]
	[ "$(cu_names p)" = "$(printf 'a.c\nb.c')" ]
}

@test "-g0 at the link: no debug objects, as with gcc" {
	"$XGCC" -flto -g -O2 -c a.c b.c
	run "$XGCC" -flto -g0 -O2 -save-temps a.o b.o -o p
	assert_success
	run ./p
	assert_output 10
	[ ! -e a.o.debug.temp.o ]
	mkdir g
	(cd g && gcc -flto -g0 -O2 -save-temps ../a.o ../b.o -o p)
	[ -z "$(ls g | grep 'debug\.temp')" ]
	# a later -g wins over -g0
	run "$XGCC" -flto -g0 -g -O2 -save-temps a.o b.o -o p
	assert_success
	[ -f a.o.debug.temp.o ]
}

@test "two inputs with the same base name get distinct debug objects" {
	mkdir x y
	"$XGCC" -flto -g -O2 -c a.c -o x/u.o
	"$XGCC" -flto -g -O2 -c b.c -o y/u.o
	run "$XGCC" -flto -g -O2 -save-temps x/u.o y/u.o -o p
	assert_success
	run ./p
	assert_output 10
	[ -f u.o.debug.temp.o ]
	[ -f u.o.2.debug.temp.o ]
	[ "$(cu_names p)" = "$(printf 'a.c\nb.c')" ]
}

@test "-fcf-protection: the property note goes along, a note as in gcc's debug object" {
	mkdir g
	(cd g && gcc -flto -g -O2 -fcf-protection=full -save-temps ../a.c ../b.c -o p)
	run "$XGCC" -flto -g -O2 -fcf-protection=full -save-temps a.c b.c -o p
	assert_success
	run ./p
	assert_output 10
	readelf -SW p-a.o.debug.temp.o | grep -E ' \.note\.gnu\.property +NOTE '
	[ "$(section_names p-a.o.debug.temp.o)" = "$(section_names g/p-a.o.debug.temp.o)" ]
	[ "$(readelf -nW p-a.o.debug.temp.o | grep -i 'feature')" = "$(readelf -nW g/p-a.o.debug.temp.o | grep -i 'feature')" ]
}

@test "-g3: the macro sections (comdat groups in the input) link" {
	"$XGCC" -flto -g3 -O2 -c a.c b.c
	run "$XGCC" -flto -g3 -O2 a.o b.o -o p
	assert_success
	assert_output ""
	run ./p
	assert_output 10
	readelf -SW p | grep -q ' \.debug_macro '
	[ "$(cu_names p)" = "$(printf 'a.c\nb.c')" ]
}

@test "xgcc -flto -g -r, then the link: the early debug info goes through the merged object" {
	"$XGCC" -flto -g -O2 -c a.c b.c
	run "$XGCC" -flto -g -O2 -r a.o b.o -o r.o
	assert_success
	# ld -r joins the sections of the same name; each unit keeps its symbol
	readelf -SW r.o | grep -q ' \.gnu\.debuglto_\.debug_info '
	[ "$(readelf -sW r.o | awk '$5 == "WEAK" && $6 == "HIDDEN" && $7 != "UND" { print $8 }' |
	     sed 's/\.[0-9a-f]*$//' | sort | tr '\n' ' ')" = "a.c b.c " ]
	run "$XGCC" -flto -g -O2 -save-temps r.o -o p
	assert_success
	assert_output ""
	run ./p
	assert_output 10
	section_names r.o.debug.temp.o | grep -qx '\.debug_info'
	[ "$(defined_symbols r.o.debug.temp.o)" = "$(printf 'a.c WEAK HIDDEN\nb.c WEAK HIDDEN')" ]
	[ "$(cu_names p)" = "$(printf 'a.c\nb.c')" ]
	stack_not_exec p
	# and stock gcc links the merged object too
	run gcc -flto -g -O2 r.o -o g
	assert_success
	[ "$(cu_names g)" = "$(cu_names p)" ]
}
