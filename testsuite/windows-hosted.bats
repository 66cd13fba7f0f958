#!/usr/bin/env bats
# xgcc on Windows, over a Windows-hosted GCC, under wine: the xgcc.exe,
# xg++.exe, collect2.exe, lto1.exe and xgcc-ar.exe that make
# check-windows-host (testsuite/windows-host-build) builds with
# configure --host=x86_64-w64-mingw32 --with-backend=DIR/bin/gcc.exe
# XGCC_HOST_EMULATOR=wine64, DIR being the toolchain that
# build-aux/mingw-host-toolchain DIR built (default /opt/xgcc-mingw-host,
# or $XGCC_MINGW_HOST_TOOLCHAIN_DIR).  So every program here, xgcc's and
# the backend's (cc1.exe, as.exe, ld.exe, lto1.exe), is a Windows
# program that wine runs:
#
#   * an LTO link of two sources and an archive made by xgcc-ar.exe,
#     whose program prints what the Linux-hosted x86_64-w64-mingw32-xgcc's
#     build of the same sources prints;
#   * -### lines equal to the Windows-hosted gcc.exe's and g++.exe's
#     (the linker plugin's options left out, temporary names made one,
#     collect2's path: as mingw-driver.bats does for the cross drivers);
#   * a link of objects whose names pass Windows' 32,767 characters,
#     given in a response file: lto1.exe's WPA command is longer than
#     that, and goes through one of the host layer's;
#   * a project directory with a space in its name, named with its drive
#     letter (Z:\...\work dir\);
#   * -save-temps, -flto-cache=DIR, parallel LTRANS jobs (-flto=4), and
#     under GNU make's jobserver as Windows has it, a named semaphore;
#   * xg++.exe with an exception thrown and caught;
#   * a DLL with its import library, LTO on both sides.
#
# In make check (XGCC_WINDOWS_BUILDDIR unset) every test skips, saying
# so: the build takes minutes and each program start under wine a second
# or more.  Without the toolchain they skip, saying how to build it.
load helper
bats_require_minimum_version 1.5.0
load wine

setup() {
	common_setup
	WINBUILD=${XGCC_WINDOWS_BUILDDIR:-}
	TOOLCHAIN=${XGCC_MINGW_HOST_TOOLCHAIN_DIR:-/opt/xgcc-mingw-host}
	[ -f "$TOOLCHAIN/bin/gcc.exe" ] ||
		skip "no Windows-hosted GCC in $TOOLCHAIN: build it with build-aux/mingw-host-toolchain DIR (about 100 minutes) and set XGCC_MINGW_HOST_TOOLCHAIN_DIR=DIR, or install it in /opt/xgcc-mingw-host"
	[ -n "$WINBUILD" ] && [ -f "$WINBUILD/xgcc.exe" ] ||
		skip "no Windows-hosted xgcc build: make check-windows-host builds one over $TOOLCHAIN/bin/gcc.exe and runs this file"
	wine_skip
	XEXE=$WINBUILD/xgcc.exe
	printf '#include <stdio.h>\nint twice(int);\nint foo(int);\nint main(void) { printf("%%d %%d\\n", twice(20), foo(2)); return 0; }\n' >a.c
	printf 'int twice(int x) { return 2 * x + 2; }\n' >b.c
	printf 'int foo(int x) { return x * 21; }\n' >foo.c
}

# win PROGRAM ARGS...: PROGRAM (a path) under wine; $output, $status
win() { wine_run "$@"; }

# norm: the -### command lines, compared the way mingw-driver.bats does
norm() {
	grep -E '^ ' | sed -E -e 's# -plugin "[^"]*"##' -e 's# "-plugin-opt=[^"]*"##g' \
		-e 's#[^ "]*[/\\]cc[A-Za-z0-9]{6}(\.[a-z]+)?#TMP\1#g' -e 's#^ "[^"]*collect2\.exe" # collect2 #'
}

@test "Windows host: xgcc.exe -O2 -flto a.c b.c libfoo.a (xgcc-ar.exe's) runs as the Linux-hosted xgcc's build" {
	win "$XEXE" -O2 -flto -c foo.c
	assert_success
	win "$WINBUILD/xgcc-ar.exe" rcs libfoo.a foo.o
	assert_success
	# the archive's index holds foo, an IR symbol: the plugin read it
	run -0 x86_64-w64-mingw32-nm --print-armap libfoo.a
	assert_output --partial "foo in foo.o"
	win "$XEXE" -O2 -flto a.c b.c libfoo.a -o p.exe
	assert_success
	win ./p.exe
	assert_success
	local windows=$output
	mkdir lin && cd lin
	cp ../a.c ../b.c ../foo.c .
	run -0 "$XGCC_BUILDDIR/x86_64-w64-mingw32-xgcc" -O2 -flto -c foo.c
	run -0 "$XGCC_BUILDDIR/x86_64-w64-mingw32-xgcc-ar" rcs libfoo.a foo.o
	run -0 "$XGCC_BUILDDIR/x86_64-w64-mingw32-xgcc" -O2 -flto a.c b.c libfoo.a -o p.exe
	win ./p.exe
	assert_success
	assert_output "$windows"
	assert_output "42 42"
}

@test "Windows host: -### lines are the Windows-hosted gcc.exe's and g++.exe's" {
	printf 'int main() { try { throw 1; } catch (int) {} return 0; }\n' >c.cc
	local n=0 bad=0 args want got
	while IFS= read -r args; do
		n=$((n + 1))
		local ref=$TOOLCHAIN/bin/gcc.exe ours=$XEXE
		case $args in *.cc*) ref=$TOOLCHAIN/bin/g++.exe ours=$WINBUILD/xg++.exe ;; esac
		# shellcheck disable=SC2086
		wine_run "$ref" -### $args
		want=$(printf '%s\n' "$output" | norm)
		# shellcheck disable=SC2086
		wine_run "$ours" -### $args
		got=$(printf '%s\n' "$output" | norm)
		if [ -z "$want" ] || [ "$want" != "$got" ]; then
			bad=$((bad + 1))
			echo "mismatch for: $args"
			diff <(echo "$want" | tr ' ' '\n') <(echo "$got" | tr ' ' '\n') | head -20
		fi
	done <<'CASES'
-O2 -c a.c
-g -O2 -Wall -DX=1 -c b.c -o sub.o
-E a.c
-S a.c
a.c b.c -o p.exe
-flto -O2 a.c b.c -o p.exe
-shared b.c -o b.dll -Wl,--out-implib,libb.dll.a
-mwindows -municode -c a.c
-static a.c -o s.exe
-O2 c.cc -o c.exe
-flto -c c.cc
CASES
	echo "$n cases, $bad mismatches"
	[ "$bad" -eq 0 ]
}

@test "Windows host: a link whose command line passes 32,767 characters" {
	# 240 LTO objects with 160-character names: some 38,000 characters
	# of names.  Not even wine starts xgcc.exe with such a line (nor would
	# CreateProcess): they go in a response file, which xgcc.exe hands
	# collect2.exe as one; lto1.exe's WPA command, the driver with every
	# LTO object, is the long line, which the host layer puts in a
	# response file of its own, and the backend's lto1.exe reads them all
	local i srcs=() objs=() long
	long=$(printf 'x%.0s' $(seq 1 150))
	for i in $(seq 1 240); do
		printf 'int f%d(void) { return %d; }\n' "$i" "$i" >"f$i.c"
		srcs+=("f$i.c")
	done
	win "$XEXE" -O2 -flto -c "${srcs[@]}"
	assert_success
	: >objs.rsp
	{
		echo '#include <stdio.h>'
		for i in $(seq 1 240); do
			mv "f$i.o" "o${i}_$long.o"
			echo "o${i}_$long.o" >>objs.rsp
			echo "int f$i(void);"
		done
		echo 'int main(void) { int s = 0;'
		for i in $(seq 1 240); do echo "s += f$i();"; done
		echo 'printf("%d\n", s); return 0; }'
	} >list.c
	[ "$(wc -c <objs.rsp)" -gt 32767 ]
	win "$XEXE" -v -O2 -flto list.c @objs.rsp -o long.exe
	assert_success
	local longest
	longest=$(printf '%s\n' "$output" | grep -E '^ ' | awk '{ print length($0) }' | sort -n | tail -n 1)
	[ "${longest:-0}" -gt 32767 ] || fail "no command line over 32,767 characters: the longest has ${longest:-0}"
	win ./long.exe
	assert_success
	assert_output "28920"
}

@test "Windows host: a project in Z:\\...\\work dir\\ (a space, the drive letter)" {
	mkdir "work dir"
	cp a.c b.c foo.c "work dir/"
	local d
	d="Z:$(pwd | tr / '\\')\\work dir"
	win "$XEXE" -O2 -flto -c "$d\\foo.c" -o "$d\\foo.o"
	assert_success
	win "$WINBUILD/xgcc-ar.exe" rcs "$d\\libfoo.a" "$d\\foo.o"
	assert_success
	win "$XEXE" -O2 -flto "$d\\a.c" "$d\\b.c" "$d\\libfoo.a" -o "$d\\p.exe"
	assert_success
	[ -f "work dir/p.exe" ]
	win "work dir/p.exe"
	assert_success
	assert_output "42 42"
}

@test "Windows host: -save-temps keeps each stage's files, LTO's too" {
	win "$XEXE" -O2 -save-temps a.c b.c foo.c -o p.exe
	assert_success
	for f in a.i a.s a.o b.i b.s b.o foo.i foo.s foo.o; do
		[ -f "p-$f" ] || [ -f "$f" ] || fail "no $f (or p-$f): $(ls)"
	done
	win ./p.exe
	assert_output "42 42"
	mkdir l && cd l
	cp ../a.c ../b.c ../foo.c .
	win "$XEXE" -O2 -flto -save-temps a.c b.c foo.c -o q.exe
	assert_success
	ls q.ltrans0.ltrans.o q.ltrans_args >/dev/null || fail "no LTRANS files kept: $(ls)"
	win ./q.exe
	assert_output "42 42"
}

@test "Windows host: -flto-cache=DIR reuses the partitions of an unchanged link" {
	# ld.exe stamps the time into the image unless told not to
	win "$XEXE" -O2 -flto -flto-cache=cache -v a.c b.c foo.c -o p.exe -Wl,--no-insert-timestamp
	assert_success
	assert_output --partial "LTRANS cache: 0 of 1 partition reused"
	ls cache | grep -Eq '^[0-9a-f]{64}$' || fail "no entry in the cache: $(ls -a cache)"
	win "$XEXE" -O2 -flto -flto-cache=cache -v a.c b.c foo.c -o p2.exe -Wl,--no-insert-timestamp
	assert_success
	assert_output --partial "LTRANS cache: 1 of 1 partition reused"
	cmp p.exe p2.exe
	win ./p2.exe
	assert_output "42 42"
}

@test "Windows host: -flto=4 runs the LTRANS jobs in parallel" {
	for i in 1 2 3 4 5 6 7 8; do
		printf 'int g%d(int x) { int s = 0; for (int i = 0; i < x; i++) s += i * %d; return s; }\n' "$i" "$i" >"g$i.c"
	done
	{
		echo '#include <stdio.h>'
		for i in 1 2 3 4 5 6 7 8; do echo "int g$i(int);"; done
		echo 'int main(void) { printf("%d\n", g1(10) + g2(10) + g3(10) + g4(10) + g5(10) + g6(10) + g7(10) + g8(10)); return 0; }'
	} >m.c
	win "$XEXE" -O2 -flto=4 -flto-partition=max -v m.c g1.c g2.c g3.c g4.c g5.c g6.c g7.c g8.c -o par.exe
	assert_success
	assert_output --regexp "lto1: [0-9]+ partitions; LTRANS jobs: at most 4 at a time"
	win ./par.exe
	assert_output "1620"
}

@test "Windows host: GNU make's jobserver, a named semaphore: xgcc.exe uses it and gives every token back" {
	# semjob NAME TOKENS PROGRAM ARGS...: what make -jN does on Windows,
	# a semaphore of TOKENS tokens named NAME for PROGRAM (MAKEFLAGS
	# names it), then how many tokens it holds once PROGRAM has ended
	cat >semjob.c <<'EOF'
#include <windows.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
int main(int argc, char **argv)
{
	static char line[32768];
	HANDLE sem = CreateSemaphoreA(NULL, atoi(argv[2]), atoi(argv[2]), argv[1]);
	STARTUPINFOA si = { sizeof si };
	PROCESS_INFORMATION pi;
	DWORD code = 99;
	int back = 0;
	if (!sem || argc < 4)
		return 98;
	for (int i = 3; i < argc; i++) {
		strcat(line, "\"");
		strcat(line, argv[i]);
		strcat(line, i + 1 < argc ? "\" " : "\"");
	}
	if (!CreateProcessA(NULL, line, NULL, NULL, TRUE, 0, NULL, NULL, &si, &pi))
		return 97;
	WaitForSingleObject(pi.hProcess, INFINITE);
	GetExitCodeProcess(pi.hProcess, &code);
	while (WaitForSingleObject(sem, 0) == WAIT_OBJECT_0)
		back++;
	fflush(stdout);
	printf("exit %lu, tokens back %d\n", (unsigned long)code, back);
	return 0;
}
EOF
	run -0 x86_64-w64-mingw32-gcc -O2 semjob.c -o semjob.exe
	for i in 1 2 3 4 5 6; do
		printf 'int g%d(int x) { int s = 0; for (int i = 0; i < x; i++) s += i * %d; return s; }\n' "$i" "$i" >"g$i.c"
	done
	printf '#include <stdio.h>\nint g1(int), g2(int), g3(int), g4(int), g5(int), g6(int);\nint main(void) { printf("%%d\\n", g1(10) + g2(10) + g3(10) + g4(10) + g5(10) + g6(10)); return 0; }\n' >m.c
	MAKEFLAGS=" -j3 --jobserver-auth=xgcc_test_sem_$$" wine_run ./semjob.exe "xgcc_test_sem_$$" 2 \
		"$(printf 'Z:%s' "$XEXE" | tr / '\\')" -O2 -flto=jobserver -flto-partition=max -v m.c g1.c g2.c g3.c g4.c g5.c g6.c -o js.exe
	assert_success
	# (wine_run sets output, not lines)
	assert_output --regexp $'(^|\n)lto1: [0-9]+ partitions; LTRANS jobs under make\'s jobserver\n'
	refute_output --partial "jobserver is not available"
	assert_output --regexp $'(^|\n)exit 0, tokens back 2$'

	win ./js.exe
	assert_output "945"
}

@test "Windows host: xg++.exe with an exception thrown and caught" {
	cat >e.cc <<'EOF'
#include <cstdio>
#include <stdexcept>
static void f(int x) { if (x > 1) throw std::runtime_error("thrown"); }
int main() {
	try { f(2); } catch (const std::exception &e) { std::printf("caught %s\n", e.what()); }
	return 0;
}
EOF
	win "$WINBUILD/xg++.exe" -O2 -flto e.cc -o e.exe
	assert_success
	win ./e.exe
	assert_success
	assert_output "caught thrown"
}

@test "Windows host: a DLL and its import library, LTO on both sides" {
	printf '__declspec(dllexport) int triple(int x) { return 3 * x; }\n' >lib.c
	printf '#include <stdio.h>\n__declspec(dllimport) int triple(int);\nint main(void) { printf("%%d\\n", triple(14)); return 0; }\n' >m.c
	win "$XEXE" -O2 -flto -shared lib.c -o tri.dll -Wl,--out-implib,libtri.dll.a
	assert_success
	[ -f tri.dll ] && [ -f libtri.dll.a ]
	win "$XEXE" -O2 -flto m.c -L. -ltri -o m.exe
	assert_success
	run -0 x86_64-w64-mingw32-objdump -p m.exe
	assert_output --partial "DLL Name: tri.dll"
	win ./m.exe
	assert_success
	assert_output "42"
}
