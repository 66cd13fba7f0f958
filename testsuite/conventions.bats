#!/usr/bin/env bats
# What people and build systems expect of a GNU program: --version and
# --help in the GNU coding standards' form for every program, -v output
# that CMake's and libtool's probes read as gcc's, gcc's FILE:LINE:COL form
# and colours for xgcc's own messages, -time and -flto-report.
load helper

PROGRAMS="xgcc xg++ collect2 lto1 xgcc-ar xgcc-nm xgcc-ranlib x86_64-w64-mingw32-xgcc-ar xgcc-distribute-local xgcc-distribute-parallel"

setup() {
	common_setup
	printf 'int main(void) { return 0; }\n' >t.c
}

@test "--version: 'PROGRAM (PACKAGE) VERSION', copyright, warranty, on stdout, for every program" {
	local p first
	for p in $PROGRAMS; do
		run --separate-stderr "$XGCC_BUILDDIR/$p" --version
		[ "$status" -eq 0 ] || fail "$p --version exits $status"
		[ -z "$stderr" ] || fail "$p --version wrote to stderr: $stderr"
		first=${lines[0]}
		[[ $first =~ ^"$p "\([^\)]+\)\ [0-9]+\.[0-9]+ ]] || fail "$p --version first line: '$first'"
		[[ ${lines[1]} =~ ^Copyright\ \(C\)\ [0-9]{4}\  ]] || fail "$p --version second line: '${lines[1]}'"
		printf '%s\n' "$output" | grep -q '^warranty; not even for MERCHANTABILITY' || fail "$p: no warranty line"
	done
	# the drivers report the compiler version where gcc does
	run "$XGCC" --version
	assert_line --index 0 --regexp "^xgcc \(xgcc [0-9.]+\) $(gcc -dumpfullversion)\$"
	# Meson knows GCC by this (its compiler detection)
	assert_output --partial "Free Software Foundation"
}

bats_require_minimum_version 1.5.0

@test "--help: a Usage line first and the Report bugs line, for every program" {
	local p
	for p in $PROGRAMS; do
		run --separate-stderr "$XGCC_BUILDDIR/$p" --help
		[ "$status" -eq 0 ] || fail "$p --help exits $status"
		[[ ${lines[0]} == "Usage: $p "* ]] || fail "$p --help first line: '${lines[0]}'"
		printf '%s\n' "$output" | grep -q '^Report bugs to: ' || fail "$p --help has no 'Report bugs to:' line"
	done
}

@test "collect2 --version with a link line is ld's (xgcc -Wl,--version)" {
	run "$XGCC" -Wl,--version t.c -o t
	assert_success
	assert_line --index 0 --regexp '^GNU ld '
}

@test "-v: the 'gcc version' line and the collect2 line that libtool and CMake read" {
	run "$XGCC" -v t.c -o t
	assert_success
	assert_line --regexp "^gcc version $(gcc -dumpfullversion) "
	assert_line --regexp '^ [^ ]*/collect2 .* -o t '
	assert_line --regexp '^COLLECT_GCC_OPTIONS='
}

@test "CMake reads the same implicit link libraries, directories and version from xgcc/xg++ as from gcc/g++" {
	command -v cmake >/dev/null || skip "cmake not installed"
	mkdir proj
	cat >proj/CMakeLists.txt <<-'EOF2'
	cmake_minimum_required(VERSION 3.13)
	project(implicit C CXX)
	foreach(l C CXX)
	  foreach(v IMPLICIT_LINK_LIBRARIES IMPLICIT_LINK_DIRECTORIES IMPLICIT_INCLUDE_DIRECTORIES COMPILER_VERSION COMPILER_ID)
	    message(STATUS "${l}_${v}=${CMAKE_${l}_${v}}")
	  endforeach()
	endforeach()
	EOF2
	CC=gcc CXX=g++ cmake -S proj -B bg >g.log 2>&1 || { cat g.log; fail "cmake with gcc failed"; }
	CC="$XGCC" CXX="$XGXX" cmake -S proj -B bx >x.log 2>&1 || { cat x.log; fail "cmake with xgcc failed"; }
	grep -e '_IMPLICIT_\|_COMPILER_' g.log >g.txt
	grep -e '_IMPLICIT_\|_COMPILER_' x.log >x.txt
	grep -q '^-- CXX_IMPLICIT_LINK_LIBRARIES=stdc++;' x.txt || { cat x.txt; fail "no libstdc++ in CMake's implicit C++ libraries"; }
	diff -u g.txt x.txt || fail "CMake's probes read different things from xgcc"
}

@test "FILE:LINE:COL: for a place in a file (response file)" {
	printf -- '-c\n  -O2 "a.c\n' >bad.rsp
	LC_ALL=C run "$XGCC" @bad.rsp
	assert_failure
	assert_output "bad.rsp:2:7: error: unterminated quote in response file"
}

# xgcc's messages, with gcc's name for it: the same bytes as gcc's.
same_colors() {
	diff <(gcc "$@" 2>&1) <("$XGCC" "$@" 2>&1 | sed 's/^\(\x1b\[[0-9;]*m\x1b\[K\)\{0,1\}xgcc:/\1gcc:/')
}

@test "colour: -fdiagnostics-color=always and GCC_COLORS colour the prefix, kind and quotes as gcc" {
	export LC_ALL=C.UTF-8
	run same_colors -fdiagnostics-color=always -save-temps=foo t.c
	assert_success
	GCC_COLORS='error=01;32:warning=04:locus=04:quote=07' run same_colors -fdiagnostics-color -save-temps=foo t.c
	assert_success
	run --separate-stderr "$XGCC" -fdiagnostics-color=always -save-temps=foo t.c
	[[ $stderr == $'\e[01m\e[Kxgcc:\e[m\e[K \e[01;31m\e[Kfatal error: \e[m\e[K\u2018\e[01m\e[K-save-temps=foo\e[m\e[K\u2019 is an unknown'* ]] ||
		fail "not gcc's colours: $(printf '%s' "$stderr" | cat -v)"
	run --separate-stderr "$XGCC" -fdiagnostics-color=always -pipe -save-temps -c t.c
	[[ $stderr == $'\e[01m\e[Kxgcc:\e[m\e[K \e[01;35m\e[Kwarning: \e[m\e[K'* ]] || fail "warning colour: $(printf '%s' "$stderr" | cat -v)"
	rm -f t.i t.s t.o
}

@test "colour: never, -fno-diagnostics-color, an empty GCC_COLORS, and auto off a terminal give none" {
	local how
	for how in -fdiagnostics-color=never -fno-diagnostics-color -fdiagnostics-color=auto ""; do
		run --separate-stderr "$XGCC" -fdiagnostics-color=always $how -save-temps=foo t.c
		[ -z "$how" ] && continue
		[[ $stderr != *$'\e['* ]] || fail "colour with $how"
	done
	GCC_COLORS= run --separate-stderr "$XGCC" -fdiagnostics-color=always -save-temps=foo t.c
	[[ $stderr != *$'\e['* ]] || fail "colour with an empty GCC_COLORS"
	[[ $stderr == *"is an unknown"* ]] || fail "no message: $stderr"
}

@test "colour: -fdiagnostics-plain-output means no colour, unless a colour option follows it, as gcc" {
	run --separate-stderr "$XGCC" -fdiagnostics-color=always -fdiagnostics-plain-output -save-temps=foo t.c
	[[ $stderr != *$'\e['* ]] || fail "colour under -fdiagnostics-plain-output"
	[[ $stderr == *"is an unknown"* ]] || fail "no message: $stderr"
	run same_colors -fdiagnostics-color=always -fdiagnostics-plain-output -save-temps=foo t.c
	assert_success
	run same_colors -fdiagnostics-plain-output -fdiagnostics-color=always -save-temps=foo t.c
	assert_success
}

@test "colour: auto colours on a terminal unless TERM is dumb, as gcc" {
	command -v script >/dev/null || skip "script (util-linux) not installed"
	TERM=xterm script -qec "$XGCC -save-temps=foo t.c" /dev/null </dev/null >tty.out || true
	grep -q $'^\e\\[01m\e\\[Kxgcc:' tty.out || fail "no colour on a terminal: $(cat -v tty.out)"
	TERM=dumb script -qec "$XGCC -save-temps=foo t.c" /dev/null </dev/null >dumb.out || true
	! grep -q $'\e\\[' dumb.out || fail "colour with TERM=dumb"
	grep -q '^xgcc: fatal error: ' dumb.out || fail "no message with TERM=dumb: $(cat -v dumb.out)"
	TERM=xterm script -qec "gcc -save-temps=foo t.c" /dev/null </dev/null >gcc-tty.out || true
	diff <(sed 's/xgcc:/gcc:/' tty.out) gcc-tty.out || fail "not gcc's colours on a terminal"
}

@test "-time: one '# PROGRAM USER SYS' line per subprocess, as gcc" {
	run --separate-stderr "$XGCC" -time -O2 t.c -o t
	assert_success
	local want
	want=$(gcc -time -O2 t.c -o t-gcc 2>&1 | sed 's/ [0-9.]* [0-9.]*$//')
	[ "$(printf '%s\n' "$stderr" | sed 's/ [0-9.]* [0-9.]*$//')" = "$want" ] ||
		fail "-time lines differ from gcc's: $stderr / $want"
	printf '%s\n' "$stderr" | grep -q -E '^# cc1 [0-9]+\.[0-9]{2} [0-9]+\.[0-9]{2}$' || fail "no cc1 line: $stderr"
	printf '%s\n' "$stderr" | grep -q -E '^# collect2 [0-9]+\.[0-9]{2} [0-9]+\.[0-9]{2}$' || fail "no collect2 line"
}

@test "-flto-report: the LTO link's stages timed, WPA and LTRANS or the one compilation, then ld" {
	printf 'int g(int);\nint main(void) { return g(1) - 2; }\n' >m.c
	printf 'int g(int x) { return 2 * x; }\n' >g.c
	"$XGCC" -O2 -flto -fPIE -c m.c g.c
	local num='[0-9]+\.[0-9]{2}' stage
	"$XGCC" -O2 -flto -flto-partition=one -flto-report m.o g.o -o p 2>err.txt || { cat err.txt; fail "link failed"; }
	for stage in scan resolution WPA LTRANS ld; do
		grep -q -E "^ LTO $stage +: +$num wall +$num user +$num sys\$" err.txt ||
			fail "no '$stage' line in: $(grep LTO err.txt)"
	done
	[ "$(grep '^ LTO ' err.txt | sed 's/ *:.*//')" = "$(printf ' LTO %s\n' scan resolution WPA LTRANS 'debug info' ld)" ] ||
		fail "stages out of order: $(grep LTO err.txt)"
	./p
	# -flto-partition=none: no WPA, one compilation
	"$XGCC" -O2 -flto -flto-partition=none -flto-report m.o g.o -o p 2>err.txt || { cat err.txt; fail "link failed"; }
	grep -q -E "^ LTO no-WPA compile +: +$num wall" err.txt || fail "no no-WPA line: $(grep LTO err.txt)"
	! grep -q '^ LTO WPA' err.txt || fail "a WPA line without WPA"
	# without the option: nothing
	run --separate-stderr "$XGCC" -O2 -flto m.o g.o -o p
	[ -z "$stderr" ] || fail "output without -flto-report: $stderr"
	assert_no_temps
}
