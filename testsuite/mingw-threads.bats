#!/usr/bin/env bats
# The thread models of the MinGW drivers.  Debian installs each mingw-w64
# GCC twice, TRIPLET-gcc-win32 and TRIPLET-gcc-posix, and points
# TRIPLET-gcc (and TRIPLET-g++) at one of them with update-alternatives.
# xgcc probes both: TRIPLET-xgcc-posix and TRIPLET-xgcc-win32 (and xg++)
# run the variant their name says, and the plain names the one the
# system's alternative resolves to when they run.  Here: a C++ program
# with std::thread and std::mutex builds with the posix choice and runs
# under wine64; the -### lines are the posix (and the win32) gcc's,
# normalised as in hash3.bats; the win32 choice behaves as before; the
# plain names follow the alternatives, also after they change (in a
# private mount namespace, so that the system's stay as they are).
load helper
bats_require_minimum_version 1.5.0
load wine
load cross-hash3

X64=x86_64-w64-mingw32
X32=i686-w64-mingw32

setup() {
	common_setup
	printf 'int main(void) { return 0; }\n' >a.c
	printf 'int main() { return 0; }\n' >c.cc
	cat >threads.cc <<'SRC'
#include <iostream>
#include <mutex>
#include <thread>
#include <vector>
int main() {
	std::mutex m;
	long total = 0;
	std::vector<std::thread> workers;
	for (int t = 0; t < 4; t++)
		workers.emplace_back([&m, &total, t] {
			for (int i = 0; i < 1000; i++) {
				std::lock_guard<std::mutex> lock(m);
				total += t + 1;
			}
		});
	for (auto &w : workers)
		w.join();
	std::cout << "4 threads, total " << total << std::endl;
	return 0;
}
SRC
}

# variants_skip T: skip unless both of T's thread-model variants are
# configured (configure probes them where TRIPLET-gcc-posix and
# TRIPLET-gcc-win32 are both installed) and their g++ too.
variants_skip() {
	[ -x "$XGCC_BUILDDIR/$1-xgcc" ] ||
		skip "target $1 not configured (configure finds it with $1-gcc, $1-as and $1-ld installed)"
	[ -x "$XGCC_BUILDDIR/$1-xgcc-posix" ] ||
		skip "$1's thread-model variants are not configured ($1-gcc-posix and $1-gcc-win32 are not both installed)"
	local m
	for m in posix win32; do
		command -v "$1-g++-$m" >/dev/null || skip "$1-g++-$m is not installed (g++-mingw-w64)"
	done
}


# The cases where the thread models' specs differ (_REENTRANT and
# -lpthread, with and without -pthread, -no-pthread) and their neighbours.
c_cases() {
	cat <<'CASES'
-c a.c
-E a.c
a.c
-pthread -c a.c
-pthread a.c
-mthreads a.c
-pthread -mthreads a.c
-fopenmp -c a.c
-fopenmp a.c
-ftree-parallelize-loops=4 a.c
-static a.c
-static -pthread a.c
-shared a.c -o foo.dll
-shared -pthread a.c -o foo.dll
-no-pthread a.c
-no-pthread -pthread a.c
-no-pthread -fopenmp a.c
-flto a.c
CASES
}

cxx_cases() {
	cat <<'CASES'
-c c.cc
c.cc
-pthread c.cc
-mthreads c.cc
-fopenmp c.cc
-static c.cc
-static -pthread c.cc
-shared c.cc -o foo.dll
-static-libstdc++ -static-libgcc c.cc
-no-pthread c.cc
CASES
}

# hash3 T MODEL: T's MODEL drivers print the -### lines of T-gcc-MODEL
# and T-g++-MODEL.
hash3() {
	variants_skip "$1"
	run run_cases "$1-gcc-$2" "$XGCC_BUILDDIR/$1-xgcc-$2" < <(c_cases)
	echo "$output"
	assert_success
	run run_cases "$1-g++-$2" "$XGCC_BUILDDIR/$1-xg++-$2" < <(cxx_cases)
	echo "$output"
	assert_success
}

@test "x86_64 MinGW posix: -### of C and C++ compiles and links match x86_64-w64-mingw32-gcc-posix's and -g++-posix's" {
	hash3 $X64 posix
}
@test "x86_64 MinGW win32: -### of C and C++ compiles and links match x86_64-w64-mingw32-gcc-win32's and -g++-win32's" {
	hash3 $X64 win32
}
@test "i686 MinGW posix: -### of C and C++ compiles and links match i686-w64-mingw32-gcc-posix's and -g++-posix's" {
	hash3 $X32 posix
}
@test "i686 MinGW win32: -### of C and C++ compiles and links match i686-w64-mingw32-gcc-win32's and -g++-win32's" {
	hash3 $X32 win32
}

@test "the thread-model drivers answer for their variant: -v, -print-search-dirs, -print-prog-name, -print-libgcc-file-name" {
	variants_skip $X64
	local m q
	for m in posix win32; do
		run "$XGCC_BUILDDIR/$X64-xgcc-$m" -v
		assert_line "Thread model: $m"
		assert_line "$($X64-gcc-$m -v 2>&1 | grep '^Configured with: ')"
		for q in -print-search-dirs -print-prog-name=cc1plus -print-libgcc-file-name \
			-print-file-name=libstdc++.dll.a -dumpversion -dumpmachine; do
			[ "$("$XGCC_BUILDDIR/$X64-xg++-$m" $q)" = "$($X64-g++-$m $q)" ] ||
				fail "$X64-xg++-$m $q differs from $X64-g++-$m's"
		done
	done
}

# threads_program T: std::thread and std::mutex, with the posix choice.
threads_program() {
	local t=$1 dlls
	variants_skip $t
	if [ $t = $X32 ]; then
		wine_i686_skip "$t-gcc-posix"
	else
		wine_skip
	fi
	run "$XGCC_BUILDDIR/$t-xg++-posix" -O2 -o threads.exe threads.cc
	assert_success
	run objdump -p threads.exe
	assert_output --partial "DLL Name: libwinpthread-1.dll"
	# the DLLs: the posix variant's libstdc++ and libgcc, and winpthreads
	dlls=$(dirname "$($t-gcc-posix -print-libgcc-file-name)")
	dlls="$dlls;$(dirname "$($t-gcc-posix -print-file-name=libwinpthread-1.dll)")"
	WINEPATH=$dlls wine_run ./threads.exe
	assert_equal "$status" 0
	assert_equal "$output" "4 threads, total 10000"
	# statically, with no DLL but the system's
	run "$XGCC_BUILDDIR/$t-xg++-posix" -O2 -static -o sthreads.exe threads.cc
	assert_success
	run objdump -p sthreads.exe
	refute_output --partial "libwinpthread"
	refute_output --partial "libstdc++"
	WINEPATH= wine_run ./sthreads.exe
	assert_equal "$status" 0
	assert_equal "$output" "4 threads, total 10000"
	assert_no_temps
}

@test "x86_64 MinGW posix: a C++ program with std::thread and std::mutex runs" { threads_program $X64; }
@test "i686 MinGW posix: a C++ program with std::thread and std::mutex runs" { threads_program $X32; }

@test "x86_64 MinGW posix: an LTO build of the std::thread program keeps the thread model in the LTO stage" {
	variants_skip $X64
	wine_skip
	run "$XGCC_BUILDDIR/$X64-xg++-posix" -flto -O2 -static -v -o lto.exe threads.cc
	assert_success
	# the LTO stage runs the same driver, which runs the posix lto1
	assert_output --partial "/$X64-xg++-posix -xlto -c "
	# Debian's version directories: 12-posix, 12-win32 (GCC 12)
	local v
	v=$($X64-gcc-posix -dumpversion)
	assert_output --partial "/$v/lto1 "
	refute_output --partial "${v%-posix}-win32"
	WINEPATH= wine_run ./lto.exe
	assert_equal "$status" 0
	assert_equal "$output" "4 threads, total 10000"
}

@test "x86_64 MinGW win32: std::mutex is missing, as with x86_64-w64-mingw32-g++-win32; a C++ program builds as before" {
	variants_skip $X64
	run $X64-g++-win32 -c threads.cc
	if [ "$status" -eq 0 ]; then
		# GCC 13 and later have std::mutex in the win32 model too
		run "$XGCC_BUILDDIR/$X64-xg++-win32" -c threads.cc
		assert_success
	else
		run "$XGCC_BUILDDIR/$X64-xg++-win32" -c threads.cc
		assert_failure
		assert_output --regexp ".mutex. is not a member of .std."
	fi
	run "$XGCC_BUILDDIR/$X64-xg++-win32" -o c.exe c.cc
	assert_success
	run objdump -p c.exe
	refute_output --partial "libwinpthread"
}

# model_of DRIVER [ARGS]: the thread model DRIVER -### reports.
model_of() {
	"$@" -### -c -x c /dev/null -o /dev/null 2>&1 | sed -n 's/^Thread model: //p'
}

@test "the plain names follow the system's alternatives: TRIPLET-xgcc TRIPLET-gcc's, TRIPLET-xg++ TRIPLET-g++'s" {
	local t
	for t in $X64 $X32; do
		variants_skip $t
		assert_equal "$(model_of "$XGCC_BUILDDIR/$t-xgcc")" "$(model_of $t-gcc)"
		assert_equal "$(model_of "$XGCC_BUILDDIR/$t-xg++")" "$(model_of $t-g++)"
		assert_equal "$(model_of "$XGCC_BUILDDIR/$t-gcc-xgcc")" "$(model_of $t-gcc)"
		assert_equal "$(model_of "$XGCC" -target $t)" "$(model_of $t-gcc)"
		run run_cases $t-gcc "$XGCC_BUILDDIR/$t-xgcc" <<<"a.c"
		assert_success
		run run_cases $t-g++ "$XGCC_BUILDDIR/$t-xg++" <<<"c.cc"
		assert_success
	done
}

# in_alternatives GCC GXX DRIVER: the thread model DRIVER reports with
# /etc/alternatives a copy whose x86_64 TRIPLET-gcc link points at GCC and
# TRIPLET-g++ at GXX, bind-mounted in a private mount namespace (unshare
# -m: root), so that the system's alternatives do not change, for other
# tests either.
in_alternatives() {
	local gcc=$1 gxx=$2 alt="$BATS_TEST_TMPDIR/alternatives"
	shift 2
	rm -rf "$alt"
	mkdir "$alt"
	cp -a /etc/alternatives/. "$alt/"
	ln -sfn "$gcc" "$alt/$X64-gcc"
	ln -sfn "$gxx" "$alt/$X64-g++"
	unshare -m sh -c 'mount --bind "$1" /etc/alternatives && shift && exec "$@"' sh "$alt" "$@" \
		-### -c -x c /dev/null -o /dev/null 2>&1 | sed -n 's/^Thread model: //p'
}

@test "the plain names follow an alternative changed after configure (update-alternatives --set), without rebuilding" {
	variants_skip $X64
	unshare -m sh -c 'mount --bind /tmp /mnt' 2>/dev/null ||
		skip "needs a private mount namespace (unshare -m, root) to change the alternatives without changing the system's"
	[ "$(readlink /usr/bin/$X64-gcc)" = /etc/alternatives/$X64-gcc ] ||
		skip "/usr/bin/$X64-gcc is not managed by update-alternatives"
	local p=/usr/bin/$X64-gcc-posix w=/usr/bin/$X64-gcc-win32
	local pp=/usr/bin/$X64-g++-posix ww=/usr/bin/$X64-g++-win32
	run in_alternatives $p $pp "$XGCC_BUILDDIR/$X64-xgcc"
	assert_output posix
	run in_alternatives $p $pp "$XGCC_BUILDDIR/$X64-xg++"
	assert_output posix
	run in_alternatives $w $ww "$XGCC_BUILDDIR/$X64-xgcc"
	assert_output win32
	# gcc's and g++'s are separate alternatives: each driver follows its own
	run in_alternatives $p $ww "$XGCC_BUILDDIR/$X64-xgcc"
	assert_output posix
	run in_alternatives $p $ww "$XGCC_BUILDDIR/$X64-xg++"
	assert_output win32
	# an explicit choice beats the alternative
	run in_alternatives $p $pp "$XGCC_BUILDDIR/$X64-xgcc-win32"
	assert_output win32
	# the alternative gone (or pointing elsewhere): the variant configure found current
	run in_alternatives /nonexistent /nonexistent "$XGCC_BUILDDIR/$X64-xgcc"
	assert_success
	assert_output --regexp '^(posix|win32)$'
}

@test "XGCC_THREAD_MODEL chooses for the plain names (a driver sets it for the programs it runs); the name's choice comes first" {
	variants_skip $X64
	XGCC_THREAD_MODEL=posix run model_of "$XGCC_BUILDDIR/$X64-xgcc"
	assert_output posix
	XGCC_THREAD_MODEL=posix run model_of "$XGCC" -target $X64
	assert_output posix
	XGCC_THREAD_MODEL=win32 run model_of "$XGCC_BUILDDIR/$X64-xg++"
	assert_output win32
	XGCC_THREAD_MODEL=win32 run model_of "$XGCC_BUILDDIR/$X64-xgcc-posix"
	assert_output posix
	# a model the target lacks is ignored (the native target has one)
	XGCC_THREAD_MODEL=win32 run "$XGCC" -dumpmachine
	assert_success
	assert_output "$(gcc -dumpmachine)"
}

@test "a thread model the target lacks is one clear error; -no-pthread is MinGW's only" {
	variants_skip $X64
	ln -s "$XGCC" xgcc-win32
	run ./xgcc-win32 -c a.c
	assert_failure
	assert_output "xgcc-win32: error: the win32 thread model of target $(gcc -dumpmachine) is not configured in this xgcc (configured: $(model_of gcc))"
	run "$XGCC" -no-pthread -c a.c
	assert_failure
	assert_output --regexp "unrecognized command-line option .-no-pthread."
	run "$XGCC_BUILDDIR/$X64-xgcc-posix" -no-pthread -c a.c
	assert_success
}
