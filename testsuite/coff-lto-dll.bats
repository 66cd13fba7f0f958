#!/usr/bin/env bats
# DLLs linked with -shared -flto through the MinGW cross drivers: what
# __declspec(dllexport) and a .def file on the link line export, with an
# import library (--out-implib) that a program links against and runs
# under wine; static functions whose addresses cross LTO partitions
# (-flto=2 -flto-partition=max) leave no *.lto_priv.N symbol undefined.
# The export tables are compared with the cross gcc's linker plugin's.
load helper
load wine

X64=x86_64-w64-mingw32
X32=i686-w64-mingw32

target() {
	T=$1
	CC="$XGCC_BUILDDIR/$T-xgcc" GCC=$T-gcc
	[ -x "$CC" ] || skip "target $T not configured (configure finds it with $T-gcc, $T-as and $T-ld installed)"
	command -v "$GCC" >/dev/null || skip "$GCC is not installed"
	if [ "$T" = $X32 ]; then wine_i686_skip "$GCC"; else wine_skip; fi
	P=; [ "$T" = $X32 ] && P=_
	return 0
}

# exports DLL: the names of its export table, sorted.
exports() { "$T-objdump" -p "$1" | sed -n '/^\[Ordinal\/Name Pointer\] Table/,/^$/p' | awk '/^\t\[/ { print $NF }' | sort; }

runs() {
	wine_run "./$1"
	assert_equal "$status" 0
	[ -n "$output" ] || fail "$1 printed nothing"
	assert_equal "$output" "$2"
}

dllexport() {
	target "$1"
	cat >foo.c <<'SRC'
static int counter;
static int bump(int x) { return counter += x; }
__declspec(dllexport) int foo_api(int x) { return bump(x) * 2; }
__declspec(dllexport) int foo_data = 42;
int foo_internal(int x) { return x + 100; }
SRC
	cat >use.c <<'SRC'
#include <stdio.h>
__declspec(dllimport) int foo_api(int);
__declspec(dllimport) int foo_data;
int main(void) { int a = foo_api(3); printf("%d %d %d\n", a, foo_api(4), foo_data); return 0; }
SRC
	"$GCC" -O2 -flto -c foo.c -o plugin.o
	"$CC" -O2 -flto -c foo.c use.c
	run "$CC" -O2 -flto -shared -save-temps -o foo.dll foo.o -Wl,--out-implib,libfoo.dll.a
	assert_success
	[ -s libfoo.dll.a ]
	"$T-objdump" -p foo.dll | grep -qx $'\tDLL'
	# a DLL link: exported, not internalized
	grep -q " PREVAILING_DEF_IRONLY_EXP ${P}foo_api\$" foo.dll.res
	assert_equal "$(exports foo.dll)" "$(printf 'foo_api\nfoo_data')"
	"$GCC" -O2 -flto -shared -o plugin.dll plugin.o
	assert_equal "$(exports foo.dll)" "$(exports plugin.dll)"
	# the program, with LTO too, through the import library
	run "$CC" -O2 -flto -o use.exe use.o -L. -lfoo
	assert_success
	"$T-objdump" -p use.exe | grep -q 'DLL Name: foo.dll'
	runs use.exe "6 14 42"
	assert_no_temps
}

@test "x86_64: -shared -flto exports what dllexport says; an import library and a program using it" { dllexport $X64; }
@test "i686: -shared -flto exports what dllexport says; an import library and a program using it" { dllexport $X32; }

def_file() {
	target "$1"
	cat >bar.c <<'SRC'
int def_one(int x) { return x + 1; }
int def_two(int x) { return def_one(x) * 3; }
int not_listed(int x) { return x - 5; }
int def_var = 7;
SRC
	printf 'LIBRARY bar\nEXPORTS\n  def_one\n  def_two @5\n  def_var DATA\n  alias_one = def_one\n' >bar.def
	cat >use.c <<'SRC'
#include <stdio.h>
int def_one(int), def_two(int), alias_one(int);
__declspec(dllimport) int def_var;
int main(void) { printf("%d %d %d %d\n", def_one(1), def_two(1), alias_one(10), def_var); return 0; }
SRC
	"$CC" -O2 -flto -c bar.c
	run "$CC" -O2 -flto -shared -save-temps -o bar.dll bar.o bar.def -Wl,--out-implib,libbar.dll.a
	assert_success
	assert_equal "$(exports bar.dll)" "$(printf 'alias_one\ndef_one\ndef_two\ndef_var')"
	"$GCC" -O2 -flto -shared -o plugin.dll bar.o bar.def
	assert_equal "$(exports bar.dll)" "$(exports plugin.dll)"
	grep -q " PREVAILING_DEF_IRONLY_EXP ${P}def_two\$" bar.dll.res
	run "$CC" -O2 -o use.exe use.c -L. -lbar
	assert_success
	runs use.exe "2 6 11 7"
	assert_no_temps
}

@test "x86_64: -shared -flto with a .def file exports what its EXPORTS say (ordinals, DATA, aliases)" { def_file $X64; }
@test "i686: -shared -flto with a .def file exports what its EXPORTS say (ordinals, DATA, aliases)" { def_file $X32; }

# Statics whose addresses leave their file (function pointers, arrays)
# become global *.lto_priv.N symbols when partitions split them from
# their users: every one must be defined in the DLL.
lto_priv() {
	target "$1"
	for i in 1 2 3 4 5 6; do
		j=$((i % 6 + 1))
		cat >p$i.c <<SRC
typedef int (*fn)(int);
fn get$j(void);
int *arr$j(void);
static int __attribute__((noinline)) s$i(int x) { return x * $i + 1; }
static int tab$i[4] = { $i, $i + 1, $i + 2, $i + 3 };
fn get$i(void) { return s$i; }
int *arr$i(void) { return tab$i; }
__declspec(dllexport) int api$i(int x) { fn f = get$j(); return f(x) + arr$j()[x & 3]; }
SRC
	done
	cat >main.c <<'SRC'
#include <stdio.h>
int api1(int), api2(int), api3(int), api4(int), api5(int), api6(int);
int main(void) { printf("%d %d %d %d %d %d\n", api1(1), api2(2), api3(3), api4(4), api5(5), api6(6)); return 0; }
SRC
	"$GCC" -O2 -o ref.exe main.c p?.c
	wine_run ./ref.exe
	REF=$output
	[ -n "$REF" ]
	"$CC" -O2 -flto -c p?.c
	run "$CC" -O2 -flto=2 -flto-partition=max -shared -save-temps -o priv.dll p?.o -Wl,--out-implib,libpriv.dll.a
	assert_success
	# partitioned: several LTRANS objects, and privatized statics
	[ "$(ls priv.dll.ltrans*.ltrans.o | wc -l)" -gt 2 ]
	"$T-nm" priv.dll | grep -qE " T ${P}s1\.lto_priv\.[0-9]+\$"
	! "$T-nm" priv.dll | grep -E '^ +U .*lto_priv' || fail "priv.dll: undefined lto_priv symbols"
	# partitions refer to each other's: every reference has its definition
	used=$(for f in priv.dll.ltrans*.ltrans.o; do "$T-nm" "$f"; done |
		awk '$1 == "U" && $2 ~ /lto_priv/ { print $2 }' | sort -u)
	defined=$(for f in priv.dll.ltrans*.ltrans.o; do "$T-nm" "$f"; done |
		awk 'NF == 3 && $2 ~ /^[TDBR]$/ && $3 ~ /lto_priv/ { print $3 }' | sort -u)
	[ -n "$used" ] || fail "no partition refers to another's lto_priv symbol: nothing was tested"
	missing=$(comm -23 <(echo "$used") <(echo "$defined"))
	[ -z "$missing" ] || fail "lto_priv symbols used but defined in no partition: $missing"
	run "$T-nm" libpriv.dll.a
	assert_output --partial "${P}api6"
	"$CC" -O2 -o main.exe main.c -L. -lpriv
	runs main.exe "$REF"
	assert_no_temps
}

@test "x86_64: -shared -flto=2 -flto-partition=max: no *.lto_priv.N undefined, the program runs" { lto_priv $X64; }
@test "i686: -shared -flto=2 -flto-partition=max: no *.lto_priv.N undefined, the program runs" { lto_priv $X32; }
