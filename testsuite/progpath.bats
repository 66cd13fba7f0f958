#!/usr/bin/env bats
# Programs run by their bare name (as, ld, nm) are looked up in PATH once
# per process and run by their file (lib/progpath.c), with posix_spawnp's
# search order and errors.
load helper

setup() {
	common_setup
	export LC_ALL=C
	printf 'int main(void) { return 0; }\n' >t.c
	# the assembler's name as the backend looks it up in PATH: "as", or
	# Debian's GCC 15 and later's "x86_64-linux-gnu-as" (path_tool_prefix)
	AS=$(basename "$("$XGCC" -print-prog-name=as)")
}

# wrapper DIR NAME: DIR/NAME notes its run in DIR/NAME.ran and runs the real one
wrapper() {
	local real
	real=$(command -v "$2")
	mkdir -p "$1"
	printf '#!/bin/sh\necho "$0" >>"%s/%s.ran"\nexec "%s" "$@"\n' "$PWD/$1" "$2" "$real" >"$1/$2"
	chmod +x "$1/$2"
}

@test "as and ld are run by their file, with argv[0] as given, and PATH's other directories are not tried" {
	command -v strace >/dev/null || skip "strace not installed"
	local long=""
	for d in a b c d e f g h; do long="$long$PWD/empty-$d:"; done
	PATH="$long$PATH" run strace -f -e trace=execve -o trace "$XGCC" t.c -o t
	assert_success
	grep -q "execve(\"[^\"]*/$AS\", \\[\"$AS\", " trace
	grep -q 'execve("[^"]*/ld", \["ld", ' trace
	run grep -c 'ENOENT' trace
	assert_output 0
}

@test "PATH's order as posix_spawnp takes it: a non-executable file or a directory of that name is passed over" {
	mkdir -p "first/$AS" first/ld
	wrapper second "$AS"
	wrapper second ld
	printf 'not a program\n' >third-as
	mkdir -p third && cp third-as "third/$AS"
	PATH="$PWD/third:$PWD/first:$PWD/second:$PATH" run "$XGCC" t.c -o t
	assert_success
	[ "$(wc -l <"second/$AS.ran")" = 1 ]
	[ "$(wc -l <second/ld.ran)" = 1 ]
	run ./t
	assert_success
}

@test "a relative directory in PATH is searched as before, from the current directory" {
	wrapper rel "$AS"
	PATH="rel:$PATH" run "$XGCC" t.c -o t
	assert_success
	[ -s "rel/$AS.ran" ] || fail "rel/$AS did not run"
}

@test "a missing or non-executable program gives posix_spawnp's errors" {
	PATH=$PWD/nowhere run "$XGCC" -c t.c
	assert_failure
	assert_output --partial "cannot execute 'as': No such file or directory"
	mkdir -p noexec
	printf '#!/bin/sh\nexit 0\n' >noexec/as
	PATH=$PWD/noexec run "$XGCC" -c t.c
	assert_failure
	assert_output --partial "cannot execute 'as': Permission denied"
	"$XGCC" -c t.c
	PATH=$PWD/nowhere:$(dirname "$(command -v gcc)")/nowhere run "$XGCC" t.o -o t
	assert_failure
	assert_output --partial "collect2: error: cannot execute 'ld': No such file or directory"
}
