#!/usr/bin/env bats
# The MinGW cross drivers (TRIPLET-xgcc, TRIPLET-xg++, -target): their
# -### lines are the mingw-w64 gcc's for the same command line
# (normalised as in hash3.bats), they
# answer the -print and -dump queries for their target, and the programs
# they build run under wine.  Each test is skipped, with the reason, when
# its target is not configured; i686 programs run only where wine runs
# i686 programs.
load helper
bats_require_minimum_version 1.5.0
load wine
load cross-hash3

X64=x86_64-w64-mingw32
X32=i686-w64-mingw32

setup() {
	common_setup
	cross_inputs
}

# cross_skip T [g++]: skip unless target T is configured (and its g++ is
# installed, for the xg++ comparisons).
cross_skip() {
	[ -x "$XGCC_BUILDDIR/$1-xgcc" ] ||
		skip "target $1 not configured (configure finds it with $1-gcc, $1-as and $1-ld installed)"
	command -v "$1-gcc" >/dev/null || skip "$1-gcc is not installed"
	if [ "${2-}" = g++ ]; then
		command -v "$1-g++" >/dev/null || skip "$1-g++ is not installed (g++-mingw-w64)"
	fi
	return 0
}

compile_cases() {
	common_compile_cases
	cat <<'CASES'
-m32 -c a.c
-m64 -c a.c
-mthreads -c a.c
-fopenmp -c a.c
-mthreads -fopenmp -c a.c
-mavx -fgnu-tm -c a.c
-ftree-parallelize-loops=3 -c a.c
-municode -c a.c
-mwindows -mconsole -c a.c
-mdll -c a.c
-pthread -c a.c
-posix -c a.c
-march=core2 -c a.c
-mtune=znver2 -c a.c
-save-temps -c a.c
-pipe -c a.c
-flto -c a.c
-flto=auto -O2 -c a.c b.c
-Wa,-mbig-obj -c a.c
-Xassembler --noexecstack -c s.s
-v -c a.c
-fsyntax-only a.c
-MD -MF a.d -c a.c
CASES
}

link_cases() {
	cat <<'CASES'
a.c
a.c b.c -o prog.exe
a.c -o prog
a.c -o sub/prog
a.c -o prog.bin
-shared a.c -o foo
-save-temps a.c -o prog
x.o
-mwindows a.c
-mconsole a.c
-municode a.c
-mthreads a.c
-fopenmp a.c
-pthread a.c
-pthread a.c
-mwindows -municode -mthreads -pthread -static a.c
-static a.c
-static-libgcc a.c
-shared-libgcc a.c
-shared a.c -o foo.dll -Wl,--out-implib,libfoo.dll.a
-shared -static-libgcc a.c -o foo.dll
-mdll a.c -o foo.dll
-no-pie a.c
-pie a.c
-pg a.c
-Ofast a.c
-ffast-math a.c
-fstack-protector-strong a.c
-nostdlib a.c
-nostartfiles a.c
-nodefaultlibs a.c
-nolibc a.c
-r x.o -o r.o
-e _start a.c
-s a.c
-L/tmp -lfoo a.c -Wl,--stack,4194304
-Wl,-Bstatic -lfoo -Wl,-Bdynamic a.c
-flto a.c
-flto=auto -fno-lto a.c
-fprofile-arcs a.c
-save-temps a.c
-v a.c
-m32 a.c
CASES
}

cxx_cases() {
	cat <<'CASES'
c.cc
-c c.cc
-shared c.cc -o foo.dll
-static c.cc
-static-libgcc c.cc
-static-libstdc++ c.cc
-static-libstdc++ -static-libgcc c.cc
-mwindows -municode c.cc
-pthread -mthreads c.cc
x.o a.c
CASES
}

@test "x86_64 MinGW: -### compile lines match x86_64-w64-mingw32-gcc's" {
	cross_skip $X64
	run run_cases $X64-gcc "$XGCC_BUILDDIR/$X64-xgcc" < <(compile_cases)
	echo "$output"
	assert_success
}

@test "x86_64 MinGW: -### link lines match x86_64-w64-mingw32-gcc's" {
	cross_skip $X64
	run run_cases $X64-gcc "$XGCC_BUILDDIR/$X64-xgcc" < <(link_cases)
	echo "$output"
	assert_success
}

@test "x86_64 MinGW: -### lines of xg++ match x86_64-w64-mingw32-g++'s" {
	cross_skip $X64 g++
	run run_cases $X64-g++ "$XGCC_BUILDDIR/$X64-xg++" < <(cxx_cases)
	echo "$output"
	assert_success
}

# i686: -m64 is left out; gcc's i686 multilib_matches take it (". " with
# x86-64 defaults) but the probed multilib list has no -m64 row.
@test "i686 MinGW: -### compile lines match i686-w64-mingw32-gcc's" {
	cross_skip $X32
	# -m64 too: its multilib is "." again with an OS directory and a
	# -march of its own, which -print-multi-lib does not list (before
	# 2026-12-07: -march=pentiumpro and no -imultilib .)
	run run_cases $X32-gcc "$XGCC_BUILDDIR/$X32-xgcc" < <(compile_cases; echo '-m64 -S a.c'; echo '-m64 a.c -o p')
	echo "$output"
	assert_success
}

@test "i686 MinGW: -### link lines match i686-w64-mingw32-gcc's" {
	cross_skip $X32
	run run_cases $X32-gcc "$XGCC_BUILDDIR/$X32-xgcc" < <(link_cases)
	echo "$output"
	assert_success
}

@test "i686 MinGW: -### lines of xg++ match i686-w64-mingw32-g++'s" {
	cross_skip $X32 g++
	run run_cases $X32-g++ "$XGCC_BUILDDIR/$X32-xg++" < <(cxx_cases)
	echo "$output"
	assert_success
}

@test "-target and --target= select the cross target as the name does" {
	cross_skip $X64
	cross_skip $X32
	# run_cases runs one program: -target goes through a small wrapper
	printf '#!/bin/sh\nexec "%s" -target %s "$@"\n' "$XGCC" $X64 >tx64
	printf '#!/bin/sh\nexec "%s" --target=%s "$@"\n' "$XGCC" $X32 >tx32
	chmod +x tx64 tx32
	run run_cases $X64-gcc "$WORK/tx64" < <(printf '%s\n' "-c a.c" "a.c" "-shared a.c")
	echo "$output"
	assert_success
	run run_cases $X32-gcc "$WORK/tx32" < <(printf '%s\n' "-c a.c" "a.c" "-shared a.c")
	echo "$output"
	assert_success
}

@test "the target's precedence: -target, the name's prefix, XGCC_TARGET, native" {
	cross_skip $X64
	cross_skip $X32
	run "$XGCC" -dumpmachine
	assert_output "$(gcc -dumpmachine)"
	XGCC_TARGET=$X32 run "$XGCC" -dumpmachine
	assert_output $X32
	XGCC_TARGET=$X32 run "$XGCC_BUILDDIR/$X64-xgcc" -dumpmachine
	assert_output $X64
	XGCC_TARGET=$X32 run "$XGCC_BUILDDIR/$X64-xgcc" -target $X32 -dumpmachine
	assert_output $X32
	run "$XGCC_BUILDDIR/$X32-xgcc" --target=$X64 -dumpmachine
	assert_output $X64
	# the children learn the target
	run "$XGCC_BUILDDIR/$X32-xgcc" -### a.c
	assert_output --partial "Target: $X32"
}

@test "GCC-style names with a suffix (TRIPLET-gcc-xgcc, TRIPLET-g++-xgcc, g++-12) say the target and the language" {
	cross_skip $X64
	cross_skip $X32
	: >a.o
	for t in $X64 $X32; do
		run "$XGCC_BUILDDIR/$t-gcc-xgcc" -dumpmachine
		assert_output $t
		run "$XGCC_BUILDDIR/$t-g++-xgcc" -dumpmachine
		assert_output $t
		# g++'s link adds libstdc++, gcc's does not
		run "$XGCC_BUILDDIR/$t-g++-xgcc" -### a.o
		assert_output --partial '"-lstdc++"'
		run "$XGCC_BUILDDIR/$t-gcc-xgcc" -### a.o
		refute_output --partial '"-lstdc++"'
		run "$XGCC_BUILDDIR/$t-gcc-ar-xgcc" --version
		assert_success
		# as $t-gcc-ar: the ar of the GCC's tool directory
		assert_output --regexp "It runs /[^ ]*/$t/bin/ar with the LTO plugin "
	done
	# a native name with a version suffix is C++ by its front
	ln -s "$XGCC" g++-12
	run ./g++-12 -### a.o
	assert_output --partial '"-lstdc++"'
	run ./g++-12 -dumpmachine
	assert_output "$(gcc -dumpmachine)"
}

@test "MinGW -gz: the assembler gets mingw-w64's spelling (--compress-debug-sections, --nocompress-...), -gz=zlib is refused" {
	cross_skip $X64
	cross_skip $X32
	for t in $X64 $X32; do
		run run_cases $t-gcc "$XGCC_BUILDDIR/$t-xgcc" < <(printf '%s\n' "-gz -c a.c" "-gz=none -c a.c" "-gz=zlib-gnu -c a.c" "-g -gz a.c")
		echo "$output"
		assert_success
		rm -f a.o
		run --separate-stderr "$XGCC_BUILDDIR/$t-xgcc" -gz=zlib -c a.c
		assert_failure
		# the backend's specs' words: "-gz=zlib" in GCC 12's, "-gz" in GCC 14's
		[[ $stderr =~ ^$t-xgcc:\ error:\ -gz(=zlib)?\ is\ not\ supported\ in\ this\ configuration$ ]] ||
			fail "stderr: $stderr"
		[ ! -e a.o ]
	done
}

@test "an unknown or unconfigured target is one clear error" {
	run "$XGCC" -target sparc-sun-solaris2 -c a.c
	assert_failure
	assert_output --regexp "^xgcc: error: target sparc-sun-solaris2 is not configured in this xgcc \(configured: $(gcc -dumpmachine)(, [^,;]+)*; see --enable-targets\)$"
	[ "${#lines[@]}" -eq 1 ]
	[ ! -e a.o ]
	# a target xgcc knows (lib/target.c) but this build has no driver for
	local t known=""
	for t in i686-pc-cygwin x86_64-pc-cygwin riscv64-linux-gnu aarch64-linux-gnu arm-none-eabi; do
		[ -x "$XGCC_BUILDDIR/$t-xgcc" ] || { known=$t; break; }
	done
	if [ -n "$known" ]; then
		run "$XGCC" --target=$known -dumpmachine
		assert_failure
		assert_output --partial "target $known is not configured"
	fi
	ln -s "$XGCC" m68k-elf-xgcc
	run ./m68k-elf-xgcc -c a.c
	assert_failure
	assert_output --partial "target m68k-elf is not configured"
}

# query T ARGS...: the cross gcc and the cross xgcc print the same.
query() {
	local t=$1 want got
	shift
	want=$("$t-gcc" "$@" 2>&1)
	got=$("$XGCC_BUILDDIR/$t-xgcc" "$@" 2>&1)
	[ "$want" = "$got" ] || { echo "$t $*: want [$want] got [$got]"; return 1; }
}

@test "-dumpmachine, -dumpversion, -print-* answer for the selected backend" {
	cross_skip $X64
	cross_skip $X32
	local t q failed=0
	for t in $X64 $X32; do
		for q in -dumpmachine -dumpversion -dumpfullversion -print-libgcc-file-name \
			 -print-file-name=crt2.o -print-file-name=libmingw32.a -print-file-name=dllcrt2.o \
			 -print-prog-name=cc1 -print-prog-name=as -print-prog-name=ld -print-multi-lib \
			 -print-multi-directory -print-multi-os-directory -print-search-dirs; do
			query $t $q || failed=1
		done
	done
	[ $failed -eq 0 ]
	run "$XGCC_BUILDDIR/$X64-xgcc" -v
	assert_output --partial "Target: $X64"
	assert_output --partial "Thread model: win32"
}

# --- Programs, run under wine ------------------------------------------

# cross_cc T: the cross driver; wine_for T: skip unless wine can run T's programs.
wine_for() {
	cross_skip "$1"
	if [ "$1" = $X32 ]; then
		wine_i686_skip "$1-gcc"
	else
		wine_skip
	fi
	# the DLLs of the target's libgcc and libstdc++
	WINEPATH=$(dirname "$("$1-gcc" -print-libgcc-file-name)")
	export WINEPATH
}

multi_file_c() {
	local t=$1
	wine_for $t
	cat >main.c <<'SRC'
#include <stdio.h>
int twice(int);
extern const char *greeting;
int main(int argc, char **argv) { printf("%s %d %d\n", greeting, twice(21), argc); return 0; }
SRC
	printf 'int twice(int x) { return 2 * x; }\n' >twice.c
	printf 'const char *greeting = "hello from";\n' >greet.c
	run "$XGCC_BUILDDIR/$t-xgcc" -O2 -c twice.c
	assert_success
	run "$XGCC_BUILDDIR/$t-xgcc" -O2 -o prog.exe main.c twice.o greet.c
	assert_success
	run objdump -f prog.exe
	assert_output --partial "$( [ $t = $X64 ] && echo pei-x86-64 || echo pei-i386)"
	wine_run ./prog.exe one two
	assert_equal "$status" 0
	assert_equal "$output" "hello from 42 3"
	assert_no_temps
}

@test "x86_64 MinGW: a multi-file C program runs" { multi_file_c $X64; }
@test "i686 MinGW: a multi-file C program runs" { multi_file_c $X32; }

cxx_program() {
	local t=$1
	wine_for $t
	cross_skip $t g++
	cat >prog.cc <<'SRC'
#include <iostream>
#include <stdexcept>
#include <string>
static int thrower(int x) { if (x > 2) throw std::runtime_error("too big: " + std::to_string(x)); return x; }
int main() {
	try { thrower(1); thrower(5); }
	catch (const std::exception &e) { std::cout << "caught " << e.what() << std::endl; }
	std::cout << "done" << std::endl;
	return 0;
}
SRC
	run "$XGCC_BUILDDIR/$t-xg++" -O2 -o prog.exe prog.cc
	assert_success
	wine_run ./prog.exe
	assert_equal "$status" 0
	assert_equal "$output" "caught too big: 5
done"
	# and statically: no libstdc++ or libgcc DLL is needed
	run "$XGCC_BUILDDIR/$t-xg++" -O2 -static -o sprog.exe prog.cc
	assert_success
	run objdump -p sprog.exe
	refute_output --partial "libstdc++"
	refute_output --partial "libgcc_s"
	WINEPATH= wine_run ./sprog.exe
	assert_equal "$output" "caught too big: 5
done"
}

@test "x86_64 MinGW: a C++ program with iostream and exceptions runs" { cxx_program $X64; }
@test "i686 MinGW: a C++ program with iostream and exceptions runs" { cxx_program $X32; }

mwindows_program() {
	local t=$1
	wine_for $t
	# a GUI-subsystem program has no console: it writes a file
	cat >gui.c <<'SRC'
#include <windows.h>
#include <stdio.h>
int WINAPI WinMain(HINSTANCE h, HINSTANCE p, LPSTR cmd, int show) {
	(void)h; (void)p; (void)cmd; (void)show;
	FILE *f = fopen("gui.txt", "w");
	if (!f) return 1;
	fprintf(f, "gui %d\n", GetSystemMetrics(SM_CXSCREEN) >= 0);
	return fclose(f) != 0;
}
SRC
	run "$XGCC_BUILDDIR/$t-xgcc" -mwindows -o gui.exe gui.c
	assert_success
	run objdump -p gui.exe
	assert_output --regexp "Subsystem[[:space:]]+00000002"
	assert_output --partial "DLL Name: USER32.dll"
	wine_run ./gui.exe
	assert_equal "$status" 0
	assert_equal "$(tr -d '\r' <gui.txt)" "gui 1"
}

@test "x86_64 MinGW: a -mwindows program runs" { mwindows_program $X64; }
@test "i686 MinGW: a -mwindows program runs" { mwindows_program $X32; }

municode_program() {
	local t=$1
	wine_for $t
	cat >wide.c <<'SRC'
#include <stdio.h>
#include <wchar.h>
int wmain(int argc, wchar_t **argv) {
	printf("wmain %d %ls %d\n", argc, argv[1], (int)wcslen(argv[1]));
	return 0;
}
SRC
	run "$XGCC_BUILDDIR/$t-xgcc" -municode -o wide.exe wide.c
	assert_success
	wine_run ./wide.exe abc
	assert_equal "$status" 0
	assert_equal "$output" "wmain 2 abc 3"
}

@test "x86_64 MinGW: a -municode program with wmain runs" { municode_program $X64; }
@test "i686 MinGW: a -municode program with wmain runs" { municode_program $X32; }

static_program() {
	local t=$1
	wine_for $t
	cat >st.c <<'SRC'
#include <stdio.h>
#include <stdlib.h>
static int cmp(const void *a, const void *b) { return *(const long long *)a > *(const long long *)b ? 1 : -1; }
int main(void) {
	long long v[] = { 5, 3, 9, 1 }, q = v[2] * 1000000007LL;
	qsort(v, 4, sizeof *v, cmp);
	printf("%lld %lld %lld %lld %lld\n", v[0], v[1], v[2], v[3], q / 3);
	return 0;
}
SRC
	run "$XGCC_BUILDDIR/$t-xgcc" -static -O2 -o st.exe st.c
	assert_success
	run objdump -p st.exe
	refute_output --partial "libgcc_s"
	WINEPATH= wine_run ./st.exe
	assert_equal "$status" 0
	assert_equal "$output" "1 3 5 9 3000000021"
}

@test "x86_64 MinGW: a -static program runs" { static_program $X64; }
@test "i686 MinGW: a -static program runs" { static_program $X32; }

dll_program() {
	local t=$1
	wine_for $t
	cat >foo.c <<'SRC'
__declspec(dllexport) int foo_add(int a, int b) { return a + b + 1000; }
__declspec(dllexport) const char *foo_name(void) { return "foo.dll"; }
SRC
	cat >use.c <<'SRC'
#include <stdio.h>
__declspec(dllimport) int foo_add(int, int);
__declspec(dllimport) const char *foo_name(void);
int main(void) { printf("%s %d\n", foo_name(), foo_add(20, 22)); return 0; }
SRC
	run "$XGCC_BUILDDIR/$t-xgcc" -O2 -shared -o foo.dll foo.c -Wl,--out-implib,libfoo.dll.a
	assert_success
	[ -s libfoo.dll.a ]
	run objdump -p foo.dll
	assert_output --partial "foo_add"
	assert_output --regexp "Characteristics.*"
	assert_output --partial "DLL"
	run "$XGCC_BUILDDIR/$t-xgcc" -O2 -o use.exe use.c -L. -lfoo
	assert_success
	run objdump -p use.exe
	assert_output --partial "DLL Name: foo.dll"
	wine_run ./use.exe
	assert_equal "$status" 0
	assert_equal "$output" "foo.dll 1042"
	assert_no_temps
}

@test "x86_64 MinGW: a DLL with an import library, used by a program" { dll_program $X64; }
@test "i686 MinGW: a DLL with an import library, used by a program" { dll_program $X32; }

# lto_program T DRIVER...: an LTO link; the LTO stage runs the driver again
# (COLLECT_GCC -xlto -c), which must keep the target: by its name, or
# through XGCC_TARGET when it is plain xgcc given -target.
lto_program() {
	local t=$1
	shift
	wine_for $t
	printf '#include <stdio.h>\nint twice(int);\nint main(void) { printf("lto %%d\\n", twice(21)); return 0; }\n' >m.c
	printf 'int twice(int x) { return 2 * x; }\n' >tw.c
	run "$@" -flto -O2 -c m.c tw.c
	assert_success
	run "$@" -flto -O2 -v -o lto.exe m.o tw.o
	assert_success
	assert_line "COLLECT_GCC=$1"
	assert_output --regexp "(^|"$'\n'")  *$1 -xlto -c "
	assert_output --partial "/$t-as -v -o "
	refute_output --regexp "(^|"$'\n'") as "
	wine_run ./lto.exe
	assert_equal "$status" 0
	assert_equal "$output" "lto 42"
	assert_no_temps
}

@test "x86_64 MinGW: an LTO program through x86_64-w64-mingw32-xgcc runs" {
	cross_skip $X64
	lto_program $X64 "$XGCC_BUILDDIR/$X64-xgcc"
}
@test "i686 MinGW: an LTO program through i686-w64-mingw32-xgcc runs" {
	cross_skip $X32
	lto_program $X32 "$XGCC_BUILDDIR/$X32-xgcc"
}
@test "x86_64 MinGW: an LTO program through xgcc -target keeps the target (XGCC_TARGET)" {
	cross_skip $X64
	lto_program $X64 "$XGCC" -target $X64
}
