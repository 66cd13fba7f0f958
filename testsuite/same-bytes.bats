#!/usr/bin/env bats
# Same bytes as gcc: what xgcc compiles and links equals gcc's output
# byte for byte wherever gcc's own output is reproducible.  Debug
# information records the compiler's options (DW_AT_producer), as does
# -frecord-gcc-switches (.GCC.command.line), so a word the driver added to
# cc1's line would show here even where the code is the same.  The
# distribution-sized check is make check-debian (testsuite/real/debian).
load helper

setup() {
	common_setup
	cat >m.c <<'EOF'
#include <stdio.h>
double scale(double a, double b) { return a * b + 1.0; }
int main(void) { printf("%g\n", scale(2, 3)); return 0; }
EOF
	cat >m.cc <<'EOF'
#include <iostream>
#include <string>
struct S { virtual ~S() {} virtual std::string name() const { return "s"; } };
int main() { S s; std::cout << s.name() << '\n'; return 0; }
EOF
}

# same_output DRIVER-PAIR ARGS...: gcc ARGS -o g and xgcc ARGS -o x (g++
# and xg++ for "cxx") write the same bytes.
same_output() {
	local ref=gcc ours=$XGCC
	if [ "$1" = cxx ]; then ref=g++ ours=$XGXX; fi
	shift
	"$ref" "$@" -o g || fail "$ref $* failed"
	"$ours" "$@" -o x || fail "xgcc $* failed"
	cmp g x || fail "xgcc's output of $* differs from gcc's: $(diff <(readelf -wi g 2>/dev/null | grep DW_AT_producer) <(readelf -wi x 2>/dev/null | grep DW_AT_producer))"
}

@test "same bytes: objects compiled with -g record gcc's producer string" {
	same_output c -g -O2 -c m.c
	run bash -c "readelf -wi x | grep DW_AT_producer"
	refute_output --partial excess-precision
	same_output c -g -O0 -c m.c
	same_output c -g3 -O2 -std=gnu11 -D_FORTIFY_SOURCE=2 -fstack-protector-strong -Wformat -Werror=format-security -fcf-protection -c m.c
	same_output c -g -O2 -ffile-prefix-map="$PWD"=. -fPIC -c m.c
}

@test "same bytes: ISO C modes, -m32 and -ffast-math (the excess precision cc1 decides)" {
	same_output c -g -O2 -std=c99 -c m.c
	same_output c -g -O2 -ansi -c m.c
	same_output c -g -O2 -m32 -std=c11 -c m.c
	same_output c -g -O2 -m32 -c m.c
	same_output c -g -O2 -m32 -ffast-math -c m.c
	same_output c -g -O2 -m32 -fexcess-precision=standard -c m.c
}

@test "same bytes: -frecord-gcc-switches records gcc's switches" {
	same_output c -O2 -frecord-gcc-switches -c m.c
	same_output c -O2 -m32 -std=c99 -frecord-gcc-switches -c m.c
	run readelf -p .GCC.command.line x
	refute_output --partial excess-precision
}

@test "same bytes: Debian's build flags, hardening and dpkg's -specs= files" {
	local specs=/usr/share/dpkg
	[ -r $specs/no-pie-compile.specs ] || skip "no $specs/no-pie-compile.specs (dpkg-dev)"
	same_output c -g -O2 -ffile-prefix-map="$PWD"=. -specs=$specs/no-pie-compile.specs -fstack-protector-strong \
		-Wformat -Werror=format-security -Wdate-time -D_FORTIFY_SOURCE=2 -c m.c
	same_output c -g -O2 -specs=$specs/no-pie-compile.specs -specs=$specs/no-pie-link.specs -Wl,-z,relro -Wl,-z,now m.c
	same_output cxx -g -O2 -specs=$specs/no-pie-compile.specs -specs=$specs/no-pie-link.specs -Wl,-z,relro m.cc
}

@test "same bytes: C++ objects with -g" {
	same_output cxx -g -O2 -c m.cc
	same_output cxx -g -O2 -std=c++17 -fexcess-precision=fast -c m.cc
}

@test "same bytes: programs (build-id, debug information) of C and C++" {
	same_output c -g -O2 m.c
	same_output c -g -O2 -Wl,-z,relro -Wl,-z,now -Wl,--as-needed m.c
	same_output c -g -O2 -static m.c
	same_output cxx -g -O2 m.cc
	same_output c -g -O2 -shared -fPIC m.c
}

@test "same bytes: the preprocessed and assembly outputs" {
	same_output c -E -std=c99 m.c
	same_output c -S -g -O2 -m32 -std=c99 m.c
	same_output cxx -S -g -O2 m.cc
}

@test "same bytes: LTO programs and libraries, as gcc's plugin link writes them" {
	cat >s.c <<'EOF2'
#include <stdio.h>
static int count;
static void __attribute__((noinline)) tally(int n) { count += n; }
int main(int argc, char **argv) { (void)argv; tally(argc); printf("%d\n", count); return 0; }
EOF2
	echo 'int main(void) { return 0; }' >e.c
	# ld gives the objects a plugin adds one FILE symbol without a name
	# (GCC's LTRANS objects name a temporary "<artificial>"), or none
	# where no local symbol of theirs is kept
	same_output c -g -O2 -flto s.c
	same_output c -O2 -flto -fPIC -shared s.c
	same_output c -O2 -flto e.c
	same_output c -O2 -flto -flto-partition=none s.c
}

@test "same layout: a C++ LTO program whose non-LTO library holds the LTO code's template instances" {
	# the instances' COMDAT groups are the LTO module's for ld with the
	# plugin: the library's copies are discarded, though LTRANS inlined
	# them or made them plain globals
	cat >fmt.cc <<'EOF2'
#include <sstream>
#include <string>
std::string fmt_int(int x) { std::ostringstream os; os << "v=" << x; return os.str(); }
EOF2
	cat >mock.cc <<'EOF2'
#include <sstream>
template class std::basic_stringbuf<char>;
template class std::basic_ostringstream<char>;
int mock_used() { std::ostringstream os; os << 1; return (int)os.str().size(); }
EOF2
	cat >main.cc <<'EOF2'
#include <cstdio>
#include <string>
std::string fmt_int(int);
int main() { std::puts(fmt_int(42).c_str()); return 0; }
EOF2
	g++ -O2 -c mock.cc && gcc-ar rcs libmock.a mock.o
	g++ -O2 -flto -c fmt.cc main.cc && gcc-ar rcs libfmt.a fmt.o
	g++ -O2 -flto main.o libfmt.a libmock.a -o g
	"$XGXX" -O2 -flto main.o libfmt.a libmock.a -o x
	run ./x
	assert_output "v=42"
	# the same sections, addresses and sizes, code and symbols; .dynstr
	# orders its strings otherwise (the manual's Differences from GCC)
	diff <(readelf -SW g | grep '^  \[') <(readelf -SW x | grep '^  \[') ||
		fail "xg++'s sections differ from g++'s: $(size x) against $(size g)"
	local sec secs=".text .rodata .eh_frame .gcc_except_table .data.rel.ro"
	if ld_merges_in_load_order; then
		# binutils 2.43 and later: the .rodata.str1.1 strings of
		# LTRANS's object and libmock.a's member in the order ld read
		# them (the manual's Differences from GCC), so the code's
		# references to them too
		assert_equal "$(rodata_strings x)" "$(rodata_strings g)"
		secs=".eh_frame .gcc_except_table .data.rel.ro"
	fi
	for sec in $secs; do
		objcopy -O binary -j "$sec" g g.bin && objcopy -O binary -j "$sec" x x.bin
		cmp g.bin x.bin || fail "$sec of xg++'s program differs from g++'s"
	done
	diff <(readelf -sW g | sed -n '/\.symtab/,$p') <(readelf -sW x | sed -n '/\.symtab/,$p') ||
		fail "xg++'s symbol table differs from g++'s"
}

# same_code ARGS...: gcc ARGS -o g and xgcc ARGS -o x link programs of
# the same code and dynamic relocations (LTO: gcc's is the linker plugin's).
same_code() {
	gcc "$@" -o g || fail "gcc $* failed"
	"$XGCC" "$@" -o x || fail "xgcc $* failed"
	diff <(objdump -d --no-show-raw-insn g | tail -n +3) <(objdump -d --no-show-raw-insn x | tail -n +3) ||
		fail "xgcc's code of $* differs from gcc's"
	diff <(readelf -rW g | awk '{ print $3, $5 }') <(readelf -rW x | awk '{ print $3, $5 }') ||
		fail "xgcc's dynamic relocations of $* differ from gcc's"
}

@test "same code: small LTO programs of PIC objects, a PIE and an executable, as gcc's LTO makes them" {
	cat >p.c <<'EOF2'
#include <stdio.h>
void say(const char *s) { fputs(s, stderr); }
int main(void) { say("hi\n"); return 0; }
EOF2
	# gcc records -fPIC for its default PIE objects: lto1 makes the code
	# PIE (or not PIC) only in WPA, LTRANS compiles it as the objects were
	same_code -O2 -flto p.c
	same_code -O2 -flto -fPIC p.c
	same_code -O2 -flto -no-pie p.c
	same_code -O2 -flto -fPIE p.c
	same_code -O2 -flto -fPIC -shared p.c
}
