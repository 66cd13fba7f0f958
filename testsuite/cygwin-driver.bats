#!/usr/bin/env bats
# The Cygwin drivers against a real Cygwin GCC: the toolchain that
# build-aux/cygwin-toolchain DIR builds from Debian's sources (binutils,
# GCC 12 with its linker plugin, w32api; no Cygwin runtime), configured
# with --with-cygwin-toolchain=DIR.  x86_64-pc-cygwin-xgcc's -### lines
# are that gcc's for compiles, -flto, links and -shared (normalised as in
# mingw-driver.bats: no linker plugin, no excess-precision note); LTO links go through xgcc's collect2 and lto1 and make
# programs and a DLL that wine64 runs, as the Cygwin gcc's own plugin LTO
# build does.  Programs are freestanding (their own entry point, kernel32
# alone), there being no cygwin1.dll.  Everything skips, saying how to
# build the toolchain, where it is not configured.
load helper
bats_require_minimum_version 1.5.0
load wine
load cross-hash3

T=x86_64-pc-cygwin

setup() {
	common_setup
	[ -x "$XGCC_BUILDDIR/$T-xgcc" ] ||
		skip "no Cygwin toolchain configured: build one with build-aux/cygwin-toolchain DIR (about 15 minutes), then configure --with-cygwin-toolchain=DIR (quickstart: XGCC_CYGWIN_TOOLCHAIN=1)"
	[ -n "${XGCC_CYGWIN_TOOLCHAIN_DIR:-}" ] && [ -x "$XGCC_CYGWIN_TOOLCHAIN_DIR/bin/$T-gcc" ] ||
		skip "XGCC_CYGWIN_TOOLCHAIN_DIR names no Cygwin toolchain (make check sets it from configure)"
	CYGDIR=$XGCC_CYGWIN_TOOLCHAIN_DIR
	GCC=$CYGDIR/bin/$T-gcc
	XCC=$XGCC_BUILDDIR/$T-xgcc
	cross_inputs
}

@test "x86_64 Cygwin: -### compile lines match the Cygwin gcc's" {
	run run_cases "$GCC" "$XCC" < <(common_compile_cases; cat <<'CASES'
-ansi -c a.c
-posix -c a.c
-pthread -c a.c
-mwin32 -c a.c
-mno-win32 -c a.c
-nostdinc -c a.c
-mwindows -c a.c
-fopenmp -c a.c
-fgnu-tm -c a.c
-ftree-parallelize-loops=3 -c a.c
-save-temps -c a.c
-march=core2 -c a.c
-Xassembler --noexecstack -c s.s
-flto -c a.c
-flto=auto -O2 -c a.c b.c
-ffat-lto-objects -flto -c a.c
-v -c a.c
-MD -MF a.d -c a.c
CASES
	)
	assert_success
	assert_output --regexp "^26 cases, 0 mismatches$"
}

@test "x86_64 Cygwin: -### link lines (-flto, -shared, cyg DLLs, import libraries) match the Cygwin gcc's" {
	run run_cases "$GCC" "$XCC" <<'CASES'
a.c
a.c b.c -o prog.exe
a.c -o prog
x.o
-flto a.c
-flto -O2 a.c b.c -o prog
-flto=auto -fno-lto a.c
-shared a.c -o cygfoo.dll
-shared a.c -o cygfoo.dll -Wl,--out-implib,libfoo.dll.a
-shared -flto -O2 a.c -o cygfoo.dll
-mdll a.c -o foo.dll
-shared -static-libgcc a.c -o cygfoo.dll
-shared-libgcc a.c
-static a.c
-static-libgcc a.c
-mwindows a.c
-mconsole a.c
-pthread a.c
-fopenmp a.c
-pg a.c
-nostdlib -e start x.o -lkernel32
-nostartfiles a.c
-nodefaultlibs a.c
-r x.o -o r.o
-s a.c
-L/tmp -lfoo a.c -Wl,--stack,4194304
-save-temps a.c
-v a.c
CASES
	assert_success
	assert_output --regexp "^28 cases, 0 mismatches$"
}

@test "x86_64 Cygwin: -### of xg++ matches the Cygwin g++'s" {
	run run_cases "$CYGDIR/bin/$T-g++" "$XGCC_BUILDDIR/$T-xg++" <<'CASES'
-c c.cc
-O2 -flto -c c.cc
c.cc
-shared c.cc -o cygfoo.dll
-static-libstdc++ -static-libgcc c.cc
x.o a.c
CASES
	assert_success
	assert_output --regexp "^6 cases, 0 mismatches$"
}

# freestanding sources: main program, a second file, a static library
lto_sources() {
	cat >main.c <<'EOF'
__declspec(dllimport) void __stdcall ExitProcess(unsigned int);
int scale(int);
int lib_add(int, int);

void mainCRTStartup(void)
{
	ExitProcess(lib_add(scale(20), 2));
}
EOF
	printf 'int scale(int x) { return 2 * x; }\n' >scale.c
	printf 'int lib_add(int a, int b) { return a + b; }\n' >lib1.c
	printf 'int lib_unused(int a) { return a * 7; }\n' >lib2.c
}

# exit_under_wine EXE: EXE's exit status under wine64, in $status.
exit_under_wine() {
	wine_run "./$1"
}

@test "x86_64 Cygwin: an LTO program of two files and a static library, kernel32 alone, runs under wine64 as the Cygwin gcc's build" {
	wine_skip
	lto_sources
	run "$XCC" -O2 -flto -c main.c scale.c lib1.c lib2.c
	assert_success
	# slim LTO objects: the marker, no code
	run "$CYGDIR/bin/$T-nm" scale.o
	assert_output --partial "__gnu_lto_slim"
	run "$XGCC_BUILDDIR/$T-xgcc-ar" rcs libsum.a lib1.o lib2.o
	assert_success
	run "$XCC" -v -O2 -flto -nostdlib -e mainCRTStartup main.o scale.o libsum.a -o prog.exe -lkernel32
	assert_success
	# through xgcc's collect2 and lto1, no linker plugin
	assert_output --partial "$XGCC_BUILDDIR/collect2"
	refute_output --partial "liblto_plugin"
	run "$CYGDIR/bin/$T-nm" prog.exe
	assert_success
	refute_output --partial "__gnu_lto"
	refute_output --partial "lib_unused"
	exit_under_wine prog.exe
	assert_equal "$status" 42
	# the Cygwin gcc, its plugin LTO, from the same sources
	mkdir ref && cd ref && lto_sources
	"$GCC" -O2 -flto -c main.c scale.c lib1.c lib2.c
	"$CYGDIR/bin/$T-gcc-ar" rcs libsum.a lib1.o lib2.o
	"$GCC" -O2 -flto -nostdlib -e mainCRTStartup main.o scale.o libsum.a -o prog.exe -lkernel32
	exit_under_wine prog.exe
	assert_equal "$status" 42
	assert_no_temps
}

@test "x86_64 Cygwin: an LTO DLL with __declspec(dllexport), its import library, and a program using it run under wine64" {
	wine_skip
	cat >dll.c <<'EOF'
int __stdcall DllMainCRTStartup(void *module, unsigned reason, void *reserved)
{
	(void) module; (void) reason; (void) reserved;
	return 1;
}
static int twice(int x) { return 2 * x; }
__declspec(dllexport) int answer(int x) { return twice(x) + 2; }
int not_exported(int x) { return x; }
EOF
	cat >use.c <<'EOF'
__declspec(dllimport) void __stdcall ExitProcess(unsigned int);
__declspec(dllimport) int answer(int);

void mainCRTStartup(void)
{
	ExitProcess(answer(20));
}
EOF
	run "$XCC" -O2 -flto -c dll.c use.c
	assert_success
	run "$XCC" -O2 -flto -shared -nostdlib -e DllMainCRTStartup dll.o -o cyganswer.dll \
		-Wl,--out-implib,libanswer.dll.a -lkernel32
	assert_success
	[ -f libanswer.dll.a ]
	run objdump -p cyganswer.dll
	assert_line --regexp "\\] answer$"
	refute_output --partial "not_exported"
	run "$CYGDIR/bin/$T-nm" cyganswer.dll
	refute_output --partial "__gnu_lto"
	# -lanswer finds libanswer.dll.a; the program imports from cyganswer.dll
	run "$XCC" -O2 -flto -nostdlib -e mainCRTStartup use.o -o use.exe -L. -lanswer -lkernel32
	assert_success
	run objdump -p use.exe
	assert_output --partial "DLL Name: cyganswer.dll"
	exit_under_wine use.exe
	assert_equal "$status" 42
	assert_no_temps
}
