#!/usr/bin/env bats
# xgcc -### prints the command lines gcc -### prints for the same command
# line (normalised: no linker plugin, temporary names, collect2's path):
# the tree's backend gcc, REF_GCC (gcc-16 in a tree over it).
load helper

setup() {
	common_setup
	hash3_inputs
}

@test "-### compile lines match gcc's" {
	run hash3_matrix "$REF_GCC" "$XGCC" "$SRCDIR/testsuite/hash3-compile.txt"
	echo "$output"
	assert_success
}

@test "-### link lines match gcc's" {
	run hash3_matrix "$REF_GCC" "$XGCC" "$SRCDIR/testsuite/hash3-link.txt"
	echo "$output"
	assert_success
}

@test "-### lines of xg++ match g++'s" {
	run hash3_matrix "$REF_GXX" "$XGXX" "$SRCDIR/testsuite/hash3-cxx.txt"
	echo "$output"
	assert_success
}

@test "-### lines for gcc's long options (--output, --std c99, --machine-arch=...) match gcc's" {
	run hash3_matrix "$REF_GCC" "$XGCC" "$SRCDIR/testsuite/hash3-long.txt"
	echo "$output"
	assert_success
}

@test "long options: --print-prog-name and --print-file-name, both forms, print what gcc prints" {
	local a
	for a in "--print-prog-name ld" "--print-prog-name=ld" "--print-file-name=libc.so" \
		"--print-file-name crtbegin.o" "--print-search-dirs" "--print-libgcc-file-name" \
		"--print-multi-os-directory" "--print-multiarch" "--print-sysroot" \
		"-print-search-dirs -m32" "-print-search-dirs -mx32"; do
		# shellcheck disable=SC2086
		[ "$("$REF_GCC" $a)" = "$("$XGCC" $a)" ] || fail "differs from gcc: $a"
	done
	# byte for byte: without a sysroot gcc prints nothing, not an empty line
	for a in "-print-sysroot" "--sysroot=/x -print-sysroot"; do
		# shellcheck disable=SC2086
		cmp <("$REF_GCC" $a) <("$XGCC" $a) || fail "differs from gcc, byte for byte: $a"
	done
	# no suffix configured: gcc's fatal error, status 1
	run "$XGCC" -print-sysroot-headers-suffix
	assert_failure 1
	assert_output "xgcc: fatal error: not configured with sysroot headers suffix
compilation terminated."
	[ "$("$REF_GCC" -print-sysroot-headers-suffix 2>&1 | sed "s/^$REF_GCC:/xgcc:/")" = "$output" ] ||
		fail "differs from gcc's"
}

@test "long options: a missing argument and unknown ones are errors, named as written" {
	run "$XGCC" -c a.c --output
	assert_failure
	assert_output --regexp "xgcc: error: missing filename after .--output.$"
	# --specs FILE is -specs=FILE, an empty spec file changes nothing
	run "$XGCC" -c a.c --specs /dev/null
	assert_success
	hash3_compare "$REF_GCC" "$XGCC" -c a.c --specs /dev/null
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
