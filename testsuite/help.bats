#!/usr/bin/env bats
# --help=CLASS, --target-help and --help -v: as in gcc, the options reach
# cc1, as and ld through the made-up input help-dummy, so that what they
# print is what gcc prints, byte for byte, under the rest of the command
# line (-Q -O2, -march=native).
load helper
load lib-run

setup() {
	common_setup
	export LC_ALL=C
}

# same_output ARGS...: gcc and xgcc print the same bytes and exit alike
same_output() {
	local gs xs
	gcc "$@" >gcc.out 2>&1
	gs=$?
	"$XGCC" "$@" >xgcc.out 2>&1
	xs=$?
	cmp -s gcc.out xgcc.out || fail "xgcc $* prints otherwise than gcc: $(diff gcc.out xgcc.out | head -10)"
	[ "$gs" = "$xs" ] || fail "xgcc $* exits $xs, gcc $gs"
	[ -s xgcc.out ] || fail "xgcc $* printed nothing"
}

@test "--help=CLASS is cc1's answer under the other options, as gcc's" {
	same_output -Q -O2 --help=optimizers
	same_output -Q -O3 -fno-inline --help=optimizers
	same_output --help=warnings
	same_output --help=common
	same_output --help=params
	same_output --help=warnings,^joined
	same_output -Q --help=target -march=native
	grep -q -- '-march=  *[a-z]' xgcc.out
}

@test "--help=CLASS: the commands are gcc's, and nothing is linked or left" {
	same_as_gcc gcc "$XGCC" -Q -O2 --help=optimizers
	same_as_gcc gcc "$XGCC" --help=target
	run "$XGCC" --help=optimizers
	assert_success
	assert_no_file a.out help-dummy.o
	assert_no_temps
}

@test "--target-help: cc1's, the assembler's and the linker's target options, with gcc's headings" {
	same_output --target-help
	grep -qx 'Assembler options' xgcc.out
	grep -qx 'Linker options' xgcc.out
	same_as_gcc gcc "$XGCC" --target-help
}

@test "--help -v: the driver's, then cc1's, as's and ld's; a configure probe finds -fvisibility=" {
	run "$XGCC" --help -v
	assert_success
	# curl's configure: $CC --help --verbose | grep fvisibility=
	"$XGCC" --help --verbose 2>/dev/null | grep -q 'fvisibility=' ||
		fail "cc1's options are not in xgcc --help --verbose"
	# as names itself as it was run: "as", or Debian's GCC 15 and later's
	# /usr/bin/x86_64-linux-gnu-as
	"$XGCC" --help -v 2>/dev/null | grep -q "^Usage: $("$XGCC" -print-prog-name=as) " || fail "no assembler help"
	# ld as collect2 runs it: "ld", or Debian's GCC 15 and later's
	# /usr/bin/x86_64-linux-gnu-ld.bfd
	"$XGCC" --help -v 2>/dev/null | grep -Eq '^Usage: .*ld(\.bfd)? ' || fail "no linker help"
	# the commands are gcc's (the driver's own summary is xgcc's)
	commands() { "$1" -### --help -v 2>&1 | grep -E '^ [^ ]*(/cc1|/collect2|as) ' | normalise_hash3; }
	assert_equal "$(commands "$XGCC")" "$(commands gcc)"
	[ "$(commands gcc | wc -l)" -eq 3 ]
	assert_no_file a.out
}

@test "--help without -v is the driver's summary alone" {
	run "$XGCC" --help
	assert_success
	refute_output --partial 'fvisibility='
	assert_line --partial 'Report bugs to'
}

@test "MinGW: --help=CLASS as the mingw-w64 gcc answers it" {
	local t=x86_64-w64-mingw32
	[ -x "$XGCC_BUILDDIR/$t-xgcc" ] || skip "target $t not configured"
	command -v "$t-gcc" >/dev/null || skip "$t-gcc is not installed"
	"$t-gcc" -Q -O2 --help=optimizers >gcc.out 2>&1
	"$XGCC_BUILDDIR/$t-xgcc" -Q -O2 --help=optimizers >xgcc.out 2>&1
	cmp -s gcc.out xgcc.out || fail "$(diff gcc.out xgcc.out | head)"
}
