#!/usr/bin/env bats
# Inputs from the fuzz corpora (fuzz/run) that reach the object layer's,
# the archive reader's and the LTO section decoders' error paths, one
# file each in testsuite/fuzz-regress/ (its README says which check each
# one hits; elf-bad-version.o was a finding: libelf took it for no ELF
# file and the error read "bad ELF header: no error").  The real programs
# read them: lto1 --list and an LTO link through collect2 give one clear
# error naming the file, exit 1, never die by a signal, and leave no
# output and no temporary file.
load helper

@test "fuzz-regress: lto1 --list names each bad input and exits 1" {
	local f n=0
	for f in "$SRCDIR"/testsuite/fuzz-regress/*.[oa]; do
		n=$((n + 1))
		run "$XGCC_BUILDDIR/lto1" --list "$f"
		[ "$status" -eq 1 ] || fail "$f: lto1 --list exited $status"
		[[ "${lines[0]}" == "lto1: error: $f"* ]] || fail "$f: first line is: ${lines[0]}"
	done
	[ "$n" -ge 10 ]
	assert_no_temps
}

@test "fuzz-regress: an LTO link of each bad input fails with one error line" {
	local f
	for f in "$SRCDIR"/testsuite/fuzz-regress/*.[oa]; do
		run "$XGCC" -flto "$f" -o out
		[ "$status" -eq 1 ] || fail "$f: xgcc exited $status"
		[ "${#lines[@]}" -eq 1 ] || fail "$f: ${#lines[@]} lines: $output"
		[[ "${lines[0]}" == "collect2: error: $f"* ]] || fail "$f: the line is: ${lines[0]}"
		[ ! -e out ] || fail "$f: an output was left"
	done
	assert_no_temps
}

@test "fuzz-regress: the bad inputs are not modified by reading them" {
	cp "$SRCDIR"/testsuite/fuzz-regress/*.[oa] .
	sha256sum ./*.[oa] >sums
	for f in ./*.[oa]; do
		"$XGCC_BUILDDIR/lto1" --list "$f" >/dev/null 2>&1 || true
		"$XGCC" -flto "$f" -o out >/dev/null 2>&1 || true
	done
	sha256sum -c --quiet sums
}

@test "fuzz-regress: a bad EI_VERSION is named, not libelf's 'no error'" {
	run "$XGCC_BUILDDIR/lto1" --list "$SRCDIR/testsuite/fuzz-regress/elf-bad-version.o"
	assert_failure 1
	assert_output --partial "unknown ELF version 65"
	refute_output --partial "no error"
}

@test "fuzz-regress: nm's two marker lines of one member do not mark its namesake" {
	# Found while factoring collect2's nm parser for fuzz/nm.c: an xgcc
	# LTO object has __gnu_lto_v1 and __gnu_lto_slim, and the second line
	# marked the next member of the same name, a plain object, which
	# then failed with "has the LTO marker but no .gnu.lto_ sections".
	mkdir 1 2
	echo 'int lf(void) { return 4; }' >1/x.c
	echo 'int pf(void) { return 5; }' >2/x.c
	"$XGCC" -O2 -flto -c 1/x.c -o 1/x.o
	"$XGCC" -O2 -c 2/x.c -o 2/x.o
	ar q libdup.a 1/x.o 2/x.o 2>/dev/null
	[ "$(ar t libdup.a | tr '\n' ' ')" = "x.o x.o " ]
	echo 'int lf(void); int pf(void); int main(void) { return lf() + pf() != 9; }' >m.c
	run "$XGCC" -O2 -flto m.c libdup.a -o prog
	assert_success
	run ./prog
	assert_success
}
