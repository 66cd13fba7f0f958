#!/usr/bin/env bats
# LTO on PE-COFF through the MinGW cross drivers (TRIPLET-xgcc, -xg++):
# multi-file C and C++ programs, static libraries made by plain ar, bigobj
# objects, -r merged objects linked again, --wrap and .def files in
# programs, the resolution next to the one the linker plugin of the cross
# gcc writes, and the optimization next to the plugin's.  The programs run
# under wine and print what the cross gcc's build without LTO prints (a
# silent exit 0 counts as a failure: the output is compared).  DLLs are in
# coff-lto-dll.bats, the Cygwin rows at the object level in coff-lto-cygwin.bats.
load helper
load wine

X64=x86_64-w64-mingw32
X32=i686-w64-mingw32
LTO1="$XGCC_BUILDDIR/lto1"

# target T: skip unless T's cross driver is built, T's gcc installed and
# wine runs T's programs; sets CC (the cross driver), CXX, GCC, GXX.
target() {
	T=$1
	CC="$XGCC_BUILDDIR/$T-xgcc" CXX="$XGCC_BUILDDIR/$T-xg++" GCC=$T-gcc GXX=$T-g++
	[ -x "$CC" ] || skip "target $T not configured (configure finds it with $T-gcc, $T-as and $T-ld installed)"
	command -v "$GCC" >/dev/null || skip "$GCC is not installed"
	if [ "$T" = $X32 ]; then wine_i686_skip "$GCC"; else wine_skip; fi
	WINEPATH=$(dirname "$("$GCC" -print-libgcc-file-name)")
	export WINEPATH
	# symbols with the target's C prefix
	P=; [ "$T" = $X32 ] && P=_
	return 0
}

# runs EXE EXPECTED: EXE runs under wine, exit 0, printing EXPECTED.
runs() {
	wine_run "./$1"
	assert_equal "$status" 0
	[ -n "$output" ] || fail "$1 printed nothing"
	assert_equal "$output" "$2"
}

# reference OUT SOURCES...: the cross gcc's build without LTO; its output.
reference() {
	local out=$1
	shift
	"$GCC" -O2 -o "$out" "$@"
	wine_run "./$out"
	[ "$status" -eq 0 ] && [ -n "$output" ] || fail "the reference build $out does not run"
	REF=$output
}

# verdicts RES: a resolution file without the module ids (they differ
# from compile to compile).
verdicts() { awk 'NF == 4 { print $1, $3, $4; next } NF == 2 { sub(/.*\//, "", $1) } { print }' "$1"; }

# The program symbols of EXE (code and data; the plugin path leaves the
# IR's symbols in the table as absolute 0) that come from the test's sources.
ours() { "$T-nm" "$1" | awk '$2 ~ /^[TtDdBbRr]$/ { print $3 }' | grep -E "^${P}(lib_[a-z_]+|helper|unused_fn|twice)\$" | sort; }

multi_file() {
	target "$1"
	cat >main.c <<'SRC'
#include <stdio.h>
int helper(int);
int twice(int);
extern int counter;
static int sq(int x) { return x * x; }
int main(void) { counter += 3; printf("helper %d twice %d counter %d\n", helper(sq(3)), twice(21), counter); return 0; }
SRC
	cat >util.c <<'SRC'
int counter = 4;
int helper(int x) { return x + 1; }
int twice(int x) { return 2 * x; }
int unused_fn(int x) { return x * 7; }
SRC
	reference ref.exe main.c util.c
	run "$CC" -O2 -flto -c main.c util.c
	assert_success
	run "$CC" -O2 -flto -save-temps -o p.exe main.o util.o
	assert_success
	runs p.exe "$REF"
	# the plugin path of the cross gcc: the same resolution, the same
	# functions left after inlining and dead code removal (none of ours)
	mkdir plugin && (cd plugin && "$GCC" -O2 -flto -save-temps -o p.exe ../main.o ../util.o)
	[ "$(verdicts p.res)" = "$(verdicts plugin/p.res)" ] ||
		fail "resolution differs from the plugin's: $(diff <(verdicts plugin/p.res) <(verdicts p.res))"
	grep -q " PREVAILING_DEF_IRONLY ${P}unused_fn\$" p.res
	grep -q " PREVAILING_DEF ${P}main\$" p.res
	assert_equal "$(ours p.exe)" "$(ours plugin/p.exe)"
	assert_equal "$(ours p.exe)" ""
	"$GCC" -O2 -o nolto.exe main.c util.c
	[ -n "$(ours nolto.exe)" ]
	assert_no_temps
}

@test "x86_64: a multi-file C program; resolution and optimization as the plugin's" { multi_file $X64; }
@test "i686: a multi-file C program; resolution (_ names) and optimization as the plugin's" { multi_file $X32; }

cxx_program() {
	target "$1"
	command -v "$GXX" >/dev/null || skip "$GXX is not installed"
	cat >shape.h <<'SRC'
#include <string>
struct Shape { virtual ~Shape() {} virtual double area() const = 0; virtual std::string name() const = 0; };
Shape *make_square(double);
Shape *make_circle(double);
SRC
	cat >shapes.cc <<'SRC'
#include "shape.h"
namespace {
struct Square : Shape { double s; Square(double x) : s(x) {} double area() const override { return s * s; }
	std::string name() const override { return "square"; } };
struct Circle : Shape { double r; Circle(double x) : r(x) {} double area() const override { return 3 * r * r; }
	std::string name() const override { return "circle"; } };
}
Shape *make_square(double s) { return new Square(s); }
Shape *make_circle(double r) { return new Circle(r); }
SRC
	cat >main.cc <<'SRC'
#include <iostream>
#include <memory>
#include <stdexcept>
#include <vector>
#include "shape.h"
static double total(const std::vector<std::unique_ptr<Shape>> &v) { double t = 0; for (auto &s : v) t += s->area(); return t; }
int main() {
	std::vector<std::unique_ptr<Shape>> v;
	v.emplace_back(make_square(2));
	v.emplace_back(make_circle(1));
	for (auto &s : v) std::cout << s->name() << " " << s->area() << "\n";
	try { throw std::runtime_error("boom"); } catch (const std::exception &e) { std::cout << "caught " << e.what() << "\n"; }
	std::cout << "total " << total(v) << std::endl;
}
SRC
	"$GXX" -O2 -o ref.exe shapes.cc main.cc
	wine_run ./ref.exe
	REF=$output
	[ -n "$REF" ]
	run "$CXX" -O2 -flto -g -c shapes.cc main.cc
	assert_success
	run "$CXX" -O2 -flto=2 -g -o p.exe shapes.o main.o
	assert_success
	runs p.exe "$REF"
	# the factories were inlined into main: no code of theirs is left
	# (gcc's plugin link keeps the IR's definitions LTRANS dropped as
	# absolute symbols, and so does xgcc's)
	run "$T-nm" -C p.exe
	refute_output --regexp ' [^A] make_square'
	assert_output --regexp ' A make_square'
	"$T-nm" -C ref.exe | grep -q make_square
	assert_no_temps
}

@test "x86_64: a multi-file C++ program (iostream, exceptions, virtuals) with -g" { cxx_program $X64; }
@test "i686: a multi-file C++ program (iostream, exceptions, virtuals) with -g" { cxx_program $X32; }

# Static libraries of slim LTO objects: libm1.a by plain ar rcs (here
# ar loads the LTO plugin and indexes the IR symbols), libm2.a by ar with
# an explicit BFD target, whose index holds only the markers, as plain ar
# makes it where no plugin is installed.  Only the members the program
# needs are pulled, and optimized.
static_library() {
	target "$1"
	local bfd=pe-x86-64
	[ "$T" = $X32 ] && bfd=pe-i386
	printf 'int lib_add(int a, int b) { return a + b; }\n' >add.c
	printf 'int lib_mul(int a, int b) { return a * b; }\nint lib_never(int a) { return a - 1; }\n' >mul.c
	printf 'int lib_unused_member(int a) { return a * 99; }\n' >unused.c
	printf '#include <stdio.h>\nint lib_add(int, int), lib_mul(int, int);\nint main(void) { printf("%%d %%d\\n", lib_add(2, 3), lib_mul(4, 5)); return 0; }\n' >main.c
	reference ref.exe main.c add.c mul.c
	"$CC" -O2 -flto -c add.c mul.c unused.c main.c
	"$T-ar" rcs libm1.a add.o unused.o
	"$T-ar" --target=$bfd rcs libm2.a mul.o 2>/dev/null
	run raw_nm "$T-nm" -s libm2.a
	refute_output --partial "lib_mul in"
	run env XGCC_COLLECT2_TRACE=1 "$CC" -O2 -flto -save-temps -o p.exe main.o -L. -lm1 -lm2
	assert_success
	assert_output --regexp "LTO input: \./libm1\.a@0x[0-9a-f]+ \(slim, member add\.o\)"
	assert_output --regexp "LTO input: \./libm2\.a@0x[0-9a-f]+ \(slim, member mul\.o\)"
	refute_output --partial "member unused.o"
	runs p.exe "$REF"
	grep -q "PREVAILING_DEF_IRONLY ${P}lib_never\$" p.res
	assert_equal "$(ours p.exe)" ""
	# the plugin path: libm2.a's index does not name lib_mul
	mkdir plugin
	run "$GCC" -O2 -flto -o plugin/p.exe main.o -L. -lm1 -lm2
	assert_failure
	assert_output --partial "undefined reference to \`lib_mul'"
	# with the plugin's index it agrees
	"$T-ar" rcs plugin/libm2.a mul.o
	(cd plugin && "$GCC" -O2 -flto -save-temps -o p.exe ../main.o -L. -L.. -lm1 -lm2)
	assert_equal "$(ours plugin/p.exe)" ""
	[ "$(verdicts p.res | sed 's/@0x[0-9a-f]*//')" = "$(verdicts plugin/p.res | sed 's/@0x[0-9a-f]*//')" ]
	assert_no_temps
}

@test "x86_64: static libraries of plain ar, with and without IR index entries: LTO members found, selected, optimized" { static_library $X64; }
@test "i686: static libraries of plain ar, with and without IR index entries: LTO members found, selected, optimized" { static_library $X32; }

bigobj() {
	target "$1"
	printf '#include <stdio.h>\nint helper(int);\nint main(void) { printf("big %%d\\n", helper(41)); return 0; }\n' >main.c
	printf 'int helper(int x) { return x + 1; }\nint unused_fn(int x) { return x; }\n' >util.c
	reference ref.exe main.c util.c
	run "$CC" -O2 -flto -Wa,-mbig-obj -c main.c util.c
	assert_success
	run "$LTO1" --list main.o
	assert_line --index 0 --regexp "^main\.o: COFF bigobj object, (AMD64|i386), LTO slim, 1 module$"
	"$GCC" -O2 -flto -ffat-lto-objects -Wa,-mbig-obj -c util.c -o fat.o
	"$T-ar" rcs libu.a fat.o
	run "$CC" -O2 -flto -save-temps -o p.exe main.o util.o
	assert_success
	runs p.exe "$REF"
	# the backend got plain COFF copies (it cannot read bigobj), named
	# in the resolution
	run "$T-objdump" -f p.bigobj0.o
	assert_output --regexp "file format pe-(x86-64|i386)"
	# (main.o's symbols: 4 where mingw-w64's <stdio.h> makes printf an
	# inline function calling __mingw_vfprintf and __acrt_iob_func, as
	# Debian 12's does; 2 where printf stays the builtin, which the LTO
	# symbol table leaves out, as Debian unstable's does)
	grep -qxE 'p\.bigobj0\.o [24]' p.res || fail "p.res: $(cat p.res)"
	assert_equal "$(ours p.exe)" ""
	# bigobj members of an archive, fat ones from the cross gcc
	run "$CC" -O2 -flto -o p2.exe main.o -L. -lu
	assert_success
	runs p2.exe "$REF"
	# the plugin path: up to binutils 2.4x of Debian 13 it cannot link
	# them at all (the plugin's reader knows no bigobj); Debian
	# unstable's (GCC 16's lto-plugin, binutils 2.47) links them, and
	# its program prints the same
	if run "$GCC" -O2 -flto -o plugin.exe main.o util.o && [ "$status" -eq 0 ]; then
		runs plugin.exe "$REF"
	else
		assert_output --partial "plugin needed to handle lto object"
	fi
	assert_no_temps
}

@test "x86_64: bigobj objects (-Wa,-mbig-obj) and archive members link with LTO" { bigobj $X64; }
@test "i686: bigobj objects (-Wa,-mbig-obj) and archive members link with LTO" { bigobj $X32; }

relocatable() {
	target "$1"
	printf '#include <stdio.h>\nint helper(int);\nint main(void) { printf("r %%d\\n", helper(9)); return 0; }\n' >main.c
	printf 'int helper(int x) { return x * 3; }\nint unused_fn(int x) { return x; }\n' >util.c
	reference ref.exe main.c util.c
	"$CC" -O2 -flto -c main.c util.c
	# the merge as lto1 writes it: the COFF writer's object
	run "$LTO1" --merge -o m.o main.o util.o
	assert_success
	run "$LTO1" --list m.o
	assert_line --index 0 --regexp "^m\.o: COFF object, (AMD64|i386), LTO slim, 2 modules$"
	run "$T-objdump" -h m.o
	# every section is LTO, 1-byte aligned, excluded from images
	[ "$(echo "$output" | grep -c '^ *[0-9]* \.gnu\.lto_.* 2\*\*0$')" -eq "$(echo "$output" | grep -c '^ *[0-9]')" ]
	[ "$(echo "$output" | grep -c 'EXCLUDE')" -eq "$(echo "$output" | grep -c '^ *[0-9]')" ]
	# long names through the string table, a .file symbol, one static
	# section symbol with its auxiliary record per section, the marker
	run "$T-objdump" -t m.o
	assert_line --index 2 --regexp '\(scl 103\) \(nx 1\) 0x0+ lto\.o$'
	nsec=$("$T-objdump" -h m.o | grep -c '^ *[0-9]')
	[ "$(echo "$output" | grep -c '(scl   3) (nx 1) 0x0* \.gnu\.lto_')" -eq "$nsec" ]
	assert_output --regexp "\(scl   2\) \(nx 0\) 0x0+1 ${P}__gnu_lto_slim"
	grep -q '/4' m.o
	# xgcc -flto -r, then an LTO link of the result
	run "$CC" -O2 -flto -r -o r.o main.o util.o
	assert_success
	run "$LTO1" --list r.o
	assert_line --index 0 --regexp "LTO slim, 2 modules$"
	run "$CC" -O2 -flto -o p.exe r.o
	assert_success
	runs p.exe "$REF"
	# fat objects: ld -r (-fno-lto) keeps code and IR; the result links
	# through its code with -fno-lto, through its IR with -flto
	"$CC" -O2 -flto -ffat-lto-objects -c main.c -o fm.o
	"$CC" -O2 -flto -ffat-lto-objects -c util.c -o fu.o
	run "$CC" -r -fno-lto -o fr.o fm.o fu.o
	assert_success
	run "$LTO1" --list fr.o
	assert_line --index 0 --regexp "LTO fat, 2 modules$"
	run "$CC" -O2 -fno-lto -o code.exe fr.o
	assert_success
	runs code.exe "$REF"
	"$T-nm" code.exe | grep -q " T ${P}unused_fn\$"
	run env XGCC_COLLECT2_TRACE=1 "$CC" -O2 -flto -o ir.exe fr.o
	assert_success
	assert_output --partial "LTO input: fr.o (fat)"
	runs ir.exe "$REF"
	assert_equal "$(ours ir.exe)" ""
	assert_no_temps
}

@test "x86_64: -r merged objects (the COFF writer's) link again, and fat ones through their code" { relocatable $X64; }
@test "i686: -r merged objects (the COFF writer's) link again, and fat ones through their code" { relocatable $X32; }

# --wrap=SYM matches SYM after the i386 "_": ___wrap_SYM, ___real_SYM.
# GCC 12's LTO binds main's call to target_fn inside the one partition
# (PR lto/88643), so the program prints what the plugin path's prints,
# not what the build without LTO prints.
wrap() {
	target "$1"
	printf 'int target_fn(int x) { return x + 1; }\n' >t.c
	printf '#include <stdio.h>\nint target_fn(int), __real_target_fn(int);\nint __wrap_target_fn(int x) { return __real_target_fn(x) * 10; }\nint main(void) { printf("%%d\\n", target_fn(4)); return 0; }\n' >main.c
	reference ref.exe -Wl,--wrap=target_fn main.c t.c
	assert_equal "$REF" 50
	"$CC" -O2 -flto -c main.c t.c
	run "$CC" -O2 -flto -save-temps -Wl,--wrap=target_fn -o p.exe main.o t.o
	assert_success
	mkdir plugin && (cd plugin && "$GCC" -O2 -flto -save-temps -Wl,--wrap=target_fn -o p.exe ../main.o ../t.o)
	wine_run plugin/p.exe
	runs p.exe "$output"
	[ "$(verdicts p.res)" = "$(verdicts plugin/p.res)" ] ||
		fail "resolution differs from the plugin's: $(diff <(verdicts plugin/p.res) <(verdicts p.res))"
	grep -q " PREVAILING_DEF ${P}__wrap_target_fn\$" p.res
	grep -q " PREVAILING_DEF ${P}target_fn\$" p.res
}

@test "x86_64: --wrap in an LTO link: the plugin's resolution" { wrap $X64; }
@test "i686: --wrap in an LTO link: ___wrap_ and ___real_ as the plugin resolves them" { wrap $X32; }

# A program that exports functions through a .def file and calls them
# through its own export table: they must stay real definitions.  (The
# plugin path makes them PREVAILING_DEF_IRONLY and exports address 0.)
def_program() {
	target "$1"
	cat >main.c <<'SRC'
#include <stdio.h>
#include <windows.h>
int plain_fn(int x) { return x + 4; }
int __stdcall sc_fn(int x) { return x + 2; }
int exported_var = 7;
int main(void) {
	HMODULE self = GetModuleHandleA(NULL);
	int (*p)(int) = (int (*)(int))(void *)GetProcAddress(self, "plain_fn");
	int (__stdcall *s)(int) = (int (__stdcall *)(int))(void *)GetProcAddress(self, "sc_fn");
	int *v = (int *)(void *)GetProcAddress(self, "exported_var");
	if (!p || !s || !v) { puts("missing export"); return 1; }
	printf("%d %d %d\n", p(1), s(1), *v);
	return 0;
}
SRC
	printf 'EXPORTS\n; a comment\n  plain_fn\n  sc_fn @3\n  exported_var DATA\n' >prog.def
	run "$CC" -O2 -flto -save-temps -o p.exe main.c prog.def
	assert_success
	runs p.exe "5 3 7"
	grep -q " PREVAILING_DEF_IRONLY_EXP ${P}plain_fn\$" p.res
	grep -q " PREVAILING_DEF_IRONLY_EXP ${P}exported_var\$" p.res
	# the name table's rows: "[   0] plain_fn" (binutils 2.40), "[   0]
	# +base[   1]  0000 plain_fn" (2.44)
	run "$T-objdump" -p p.exe
	assert_output --regexp "\]( +[0-9a-f]{4})? plain_fn"
	assert_output --regexp "\]( +[0-9a-f]{4})? sc_fn"
	refute_output --partial "ffc00000 Export RVA"
}

@test "x86_64: a program's .def file exports stay real definitions" { def_program $X64; }
@test "i686: a program's .def file exports stay real definitions (with the stdcall fixup)" { def_program $X32; }

# The mingw-w64 compilers write zlib streams (GCC 12's; zstd where their
# GCC has it): lto1 decompresses each one before the backend runs and
# names a damaged one.
zlib_streams() {
	target "$1"
	printf 'int helper(int x) { return x + 1; }\nint unused_fn(int x) { return x; }\n' >util.c
	printf 'int helper(int);\nint main(void) { return helper(1) - 2; }\n' >main.c
	"$CC" -O2 -flto -c util.c main.c
	run "$LTO1" --list util.o
	assert_line --regexp "^  module [0-9a-f]+: $(lto_module_re "$T")$"
	set -- $("$T-objdump" -h util.o | awk '$2 ~ /^\.gnu\.lto_helper\./ { print $3, $6 }')
	[ -n "$2" ]
	printf '\377\377\377\377' | dd of=util.o bs=1 seek=$((0x$2 + 0x$1 / 2)) conv=notrunc 2>/dev/null
	run "$CC" -O2 -flto -o p.exe main.o util.o
	assert_failure
	assert_output --regexp "lto1: error: util\.o: section \.gnu\.lto_helper\.[0-9a-f.]+: corrupt compressed stream"
	refute_output --partial "internal compiler error"
	assert_no_temps
}

@test "x86_64: a damaged zlib stream is named before the backend runs" { zlib_streams $X64; }
@test "i686: a damaged zlib stream is named before the backend runs" { zlib_streams $X32; }

# A COMDAT copy in the IR (mingw g++ emits std::logic_error's typeinfo in
# every unit) that a static libstdc++ member pulled later also defines:
# ld with the plugin would drop the member's group, but here the backend's
# plain global would meet it in the final link ("multiple definition").
# The member's copy wins: the IR's is PREEMPTED_REG.
static_libstdcxx() {
	target "$1"
	command -v "$GXX" >/dev/null || skip "$GXX is not installed"
	cat >throw.cc <<'SRC'
#include <cstdio>
#include <stdexcept>
static int check(int x) { if (x > 5) throw std::logic_error("too big"); return x; }
int main(int argc, char **argv) {
	(void)argv;
	try { check(argc + 10); } catch (const std::exception &e) { std::printf("caught %s\n", e.what()); }
	try { throw std::runtime_error("boom"); } catch (const std::exception &e) { std::printf("caught %s\n", e.what()); }
	return 0;
}
SRC
	"$GXX" -O2 -static-libgcc -static-libstdc++ -o ref.exe throw.cc
	WINEPATH= wine_run ./ref.exe
	REF=$output
	[ -n "$REF" ]
	run "$CXX" -O2 -flto -save-temps -static-libgcc -static-libstdc++ -o p.exe throw.cc
	assert_success
	WINEPATH= runs p.exe "$REF"
	run verdicts p.res
	assert_line --regexp "^[0-9]+ PREEMPTED_REG ${P}_ZTISt11logic_error\$"
	assert_line --regexp "^[0-9]+ PREEMPTED_REG ${P}_ZTISt9exception\$"
}

@test "x86_64: -static-libstdc++: a COMDAT the IR and a pulled libstdc++ member both define" { static_libstdcxx $X64; }
@test "i686: -static-libstdc++: a COMDAT the IR and a pulled libstdc++ member both define" { static_libstdcxx $X32; }
