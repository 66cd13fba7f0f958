#!/usr/bin/env bats
# xgcc -### prints the command lines gcc -### prints for the same command
# line (normalised: no linker plugin, temporary names, collect2's path).
load helper

setup() {
	common_setup
	printf 'int main(void) { return 0; }\n' >a.c
	printf 'int f(void) { return 1; }\n' >b.c
	printf 'int g(void) { return 2; }\n' >c.cc
	printf '\t.text\n' >s.s
	printf '#define X 1\n\t.text\n' >t.S
	printf 'int h;\n' >h.h
	printf 'int i;\n' >p.i
	: >x.o
	mkdir -p sub bdir/include bdir/32 sr/lib/x86_64-linux-gnu sr/usr/lib/x86_64-linux-gnu sr/usr/lib32
}

# compare DRIVER-PAIR ARGS...: gcc/xgcc (or g++/xg++) agree on ARGS.
compare() {
	local ref=$1 ours=$2
	shift 2
	local want got
	want=$(cd "$WORK" && "$ref" -### "$@" 2>&1 | normalise_hash3)
	got=$(cd "$WORK" && "$ours" -### "$@" 2>&1 | normalise_hash3)
	if [ "$want" != "$got" ]; then
		echo "mismatch for: $ref $*"
		diff <(echo "$want" | tr ' ' '\n') <(echo "$got" | tr ' ' '\n') | head -20
		return 1
	fi
}

# run_matrix REF OURS FILE: every line of FILE is one set of arguments.
run_matrix() {
	local ref=$1 ours=$2 file=$3 failed=0 n=0 line
	while IFS= read -r line; do
		case $line in ''|'#'*) continue ;; esac
		n=$((n + 1))
		# shellcheck disable=SC2086
		compare "$ref" "$ours" $line || failed=$((failed + 1))
	done <"$file"
	echo "$n cases, $failed mismatches"
	[ "$n" -gt 0 ] && [ "$failed" -eq 0 ]
}

@test "-### compile lines match gcc's" {
	run run_matrix gcc "$XGCC" "$SRCDIR/testsuite/hash3-compile.txt"
	echo "$output"
	assert_success
}

@test "-### link lines match gcc's" {
	run run_matrix gcc "$XGCC" "$SRCDIR/testsuite/hash3-link.txt"
	echo "$output"
	assert_success
}

@test "-### lines of xg++ match g++'s" {
	run run_matrix g++ "$XGXX" "$SRCDIR/testsuite/hash3-cxx.txt"
	echo "$output"
	assert_success
}

@test "-### lines for gcc's long options (--output, --std c99, --machine-arch=...) match gcc's" {
	run run_matrix gcc "$XGCC" "$SRCDIR/testsuite/hash3-long.txt"
	echo "$output"
	assert_success
}

@test "long options: --print-prog-name and --print-file-name, both forms, print what gcc prints" {
	local a
	for a in "--print-prog-name ld" "--print-prog-name=ld" "--print-file-name=libc.so" \
		"--print-file-name crtbegin.o" "--print-search-dirs" "--print-libgcc-file-name" \
		"--print-multi-os-directory" "--print-multiarch" "--print-sysroot"; do
		# shellcheck disable=SC2086
		[ "$(gcc $a)" = "$("$XGCC" $a)" ] || fail "differs from gcc: $a"
	done
	# byte for byte: without a sysroot gcc prints nothing, not an empty line
	for a in "-print-sysroot" "--sysroot=/x -print-sysroot"; do
		# shellcheck disable=SC2086
		cmp <(gcc $a) <("$XGCC" $a) || fail "differs from gcc, byte for byte: $a"
	done
}

@test "long options: a missing argument and unknown ones are errors, named as written" {
	run "$XGCC" -c a.c --output
	assert_failure
	assert_output --regexp "xgcc: error: missing filename after .--output.$"
	# --specs FILE is -specs=FILE, an empty spec file changes nothing
	run "$XGCC" -c a.c --specs /dev/null
	assert_success
	compare gcc "$XGCC" -c a.c --specs /dev/null
	run "$XGCC" -c a.c --no-such-thing
	assert_failure
	assert_output --regexp "unrecognized command-line option .--no-such-thing.; did you mean .--no-checking.\?$"
	run "$XGCC" -c a.c --
	assert_failure
	assert_output --regexp "unrecognized command-line option .--.$"
	# an argument of -Xlinker is not an option of xgcc's
	run "$XGCC" -### a.c -Xlinker --output=x
	assert_success
	assert_output --partial '"--output=x"'
}
