#!/usr/bin/env bats
# The Windows host layer (lib/host-win32.c) under wine: testsuite/hostspawn
# and testsuite/echoargv cross-built with x86_64-w64-mingw32-gcc from the
# library's sources (no configure: a few seconds), then run by wine.
# hostspawn runs a command through lib/process.c and the host layer;
# echoargv prints the arguments it got, @FILEs expanded as GCC's programs
# expand them.  So the arguments come back as they were sent only if
# CreateProcess's command line was quoted by Windows' rules, and a list
# longer than its 32,767 characters went through a response file.
#
# The whole xgcc built for Windows (configure --host) is make
# check-windows-host's (testsuite/windows-host-build), too long for here.
# The same two programs built for this host check the layer here too.
load helper
load wine

MINGW_CC=x86_64-w64-mingw32-gcc

setup_file() {
	command -v "$MINGW_CC" >/dev/null || return 0
	local out="$BATS_FILE_TMPDIR/win" s="$XGCC_SRCDIR" p f objs=
	mkdir -p "$out"
	# a config.h of the Windows host's: what configure says there
	printf '%s\n' '#define _GNU_SOURCE 1' '#define __USE_MINGW_ANSI_STDIO 1' \
		'#define PACKAGE_VERSION "test"' '#include "replace.h"' >"$out/config.h"
	# lib/replace/: what MinGW's C library lacks
	local lib="host-win32 process tempfile respfile diag strvec selfreport fileinfo
		replace/getdelim replace/getline replace/memmem replace/strndup replace/setenv
		replace/unsetenv replace/open_memstream replace/fnmatch"
	for f in $lib; do objs="$objs ${f#replace/}.o"; done
	# shellcheck disable=SC2046
	(cd "$out" && "$MINGW_CC" -std=gnu11 -Wall -Wextra -Werror -Wno-format -I"$out" -I"$s/lib" \
		-c $(for f in $lib; do echo "$s/lib/$f.c"; done) "$s/testsuite/hostspawn.c" \
		"$s/testsuite/echoargv.c") 2>"$out/build.log" || return 0
	for p in hostspawn echoargv; do
		# shellcheck disable=SC2086
		(cd "$out" && "$MINGW_CC" -o $p.exe $p.o $objs -lpsapi) 2>>"$out/build.log" || return 0
	done
}

setup() {
	command -v "$MINGW_CC" >/dev/null || skip "no $MINGW_CC (gcc-mingw-w64-x86-64)"
	common_setup
	W="$BATS_FILE_TMPDIR/win"
}

# the Windows programs built, and wine to run them
win_setup() {
	wine_skip
	[ -f "$W/echoargv.exe" ] || fail "cross build failed: $(cat "$W/build.log")"
}

# wine_run, and $lines as bats' run gives them
win_run() {
	wine_run "$@"
	mapfile -t lines <<<"$output"
}

# the response files are made in wine's TMPDIR: the cc* files there
temps() { find "$WINE_TMPDIR" -maxdepth 1 -name 'cc*' | sort; }

ARGS=('a b' 'q"uote' 'end\' 'tr\\"icky' '' $'tab\tx' 'two  spaces' '\\server\share\' 'C:\Program Files\x' '"' '\"' 'plain')
EXPECTED="$(printf '%s\n' 'argc 13' '@files 0' '[a b]' '[q"uote]' '[end\]' '[tr\\"icky]' '[]' \
	$'[tab\tx]' '[two  spaces]' '[\\server\share\]' '[C:\Program Files\x]' '["]' '[\"]' '[plain]')"

@test "this host: the arguments reach the child as they were (lib/host-posix.c)" {
	run "$XGCC_BUILDDIR/testsuite/hostspawn" "$XGCC_BUILDDIR/testsuite/echoargv" "${ARGS[@]}"
	assert_success
	assert_output "$EXPECTED"
}

@test "Windows: arguments with blanks, quotes and backslashes reach the child as they were" {
	win_setup
	win_run "$W/hostspawn.exe" "$W/echoargv.exe" "${ARGS[@]}"
	assert_success
	assert_output "$EXPECTED"
}

@test "Windows: a command line past 32,767 characters: the arguments after argv[0] in a response file" {
	win_setup
	local before
	before=$(temps)
	# 2000 arguments of 30 characters: 62,000 characters
	win_run "$W/hostspawn.exe" -pad 2000 30 "$W/echoargv.exe" 'a b' 'q"x\'
	assert_success
	assert_line --index 0 'argc 2'
	assert_line --index 1 '@files 1'
	assert_line --index 2 '[a b]'
	assert_line --index 3 '[q"x\]'
	assert_line --index 4 '[p0-xxxxxxxxxxxxxxxxxxxxxxxxxxx]'
	assert_line --index 2003 '[p1999-xxxxxxxxxxxxxxxxxxxxxxxx]'
	[ "${#lines[@]}" -eq 2004 ] || fail "${#lines[@]} lines"
	# the response file was made in TMPDIR and is gone
	[ "$(temps)" = "$before" ] || fail "left behind: $(temps)"
}

@test "Windows: a short one is passed whole: no response file" {
	win_setup
	win_run "$W/hostspawn.exe" -pad 500 30 "$W/echoargv.exe"
	assert_success
	assert_line --index 0 'argc 501'
	assert_line --index 1 '@files 0'
}

@test "Windows: the exit status comes back; a missing program is 'cannot execute'" {
	win_setup
	win_run "$W/hostspawn.exe" cmd.exe /c 'exit 3'
	[ "$status" -eq 3 ] || fail "status $status: $output"
	win_run "$W/hostspawn.exe" "$W/no-such.exe" x
	[ "$status" -eq 1 ] || fail "status $status"
	assert_output --partial "cannot execute"
	assert_output --partial "no-such.exe"
}

@test "Windows: a bare name is found in PATH (';'-separated), .exe added" {
	win_setup
	local dir
	dir=$(TMPDIR=$WINE_TMPDIR winepath -w "$W" 2>/dev/null | tr -d '\r')
	[ -n "$dir" ] || fail "winepath -w $W gave nothing"
	WINEPATH="C:\\nowhere;$dir" win_run "$W/hostspawn.exe" echoargv 'x y'
	assert_success
	assert_line --index 2 '[x y]'
}
