#!/usr/bin/env bats
# -fcompare-debug[=OPTS], -fno-compare-debug and GCC_COMPARE_DEBUG
# (main.c, compare_debug_options; compile.c, plan_compare_debug): a
# second compilation with OPTS (default -gtoggle), -w and
# -fcompare-debug-second whose final insns must match the first's.
load helper
load lib-run

setup() {
	common_setup
	export LC_ALL=C
	unset GCC_COMPARE_DEBUG
	cat >x.c <<'EOF'
int sum(int n)
{
	int s = 0;
	for (int i = 0; i < n; i++)
		s += i * n;
	return s;
}
EOF
}

# cc1_lines ARGS...: the cc1 lines of xgcc -### ARGS.
cc1_lines() {
	"$XGCC" -### "$@" 2>&1 | grep -E '^ [^ ]*/cc1 '
}

@test "-fcompare-debug -O2: both compilations agree" {
	run "$XGCC" -c -O2 -fcompare-debug x.c
	assert_success
	assert_output ''
	assert [ -s x.o ]
	assert_no_temps
}

@test "-fcompare-debug: -### shows two cc1 runs, the second with -fcompare-debug-second -gtoggle -w" {
	run cc1_lines -c -O2 -fcompare-debug x.c
	assert_success
	assert_equal "${#lines[@]}" 2
	# the first one: the real compilation, dumping its final insns
	[[ ${lines[0]} != *-fcompare-debug-second* ]] || fail "first run is the second: ${lines[0]}"
	[[ ${lines[0]} == *'"-fcompare-debug=-gtoggle"'* ]] || fail "first: ${lines[0]}"
	[[ ${lines[0]} == *'-fdump-final-insns='* ]] || fail "first: ${lines[0]}"
	[[ ${lines[0]} != *' -w '* ]] || fail "first run has -w: ${lines[0]}"
	# the second one: same input, output discarded
	[[ ${lines[1]} == *' -fcompare-debug-second'* ]] || fail "second: ${lines[1]}"
	[[ ${lines[1]} == *' -gtoggle '* ]] || fail "second: ${lines[1]}"
	[[ ${lines[1]} == *' -w '* ]] || fail "second: ${lines[1]}"
	[[ ${lines[1]} == *' -O2 '* ]] || fail "second: ${lines[1]}"
	[[ ${lines[1]} == *'-o /dev/null'* ]] || fail "second: ${lines[1]}"
	[[ ${lines[1]} == *'-fdump-final-insns='* ]] || fail "second: ${lines[1]}"
	[[ ${lines[1]} == *' x.c '* ]] || fail "second: ${lines[1]}"
	# one random seed for both
	local s1 s2
	s1=$(grep -oE 'frandom-seed=[^" ]*' <<<"${lines[0]}")
	s2=$(grep -oE 'frandom-seed=[^" ]*' <<<"${lines[1]}")
	[ -n "$s1" ] && [ "$s1" = "$s2" ] || fail "random seeds differ: '$s1' '$s2'"
	assert_no_temps
}

@test "-fcompare-debug=-O2 with -O0: xgcc reports the failure, no x.o" {
	run "$XGCC" -c -O0 -fcompare-debug=-O2 x.c
	assert_failure 1
	assert_line 'xgcc: error: x.c: -fcompare-debug failure'
	assert_no_file x.o
	assert_no_temps
}

@test "-fcompare-debug=-O2: -### shows -O2 on the second run only" {
	run cc1_lines -c -O0 -fcompare-debug=-O2 x.c
	assert_success
	assert_equal "${#lines[@]}" 2
	[[ ${lines[0]} != *' -O2 '* ]] || fail "first: ${lines[0]}"
	[[ ${lines[1]} == *' -O2 '* && ${lines[1]} == *' -fcompare-debug-second'* ]] || fail "second: ${lines[1]}"
	[[ ${lines[1]} != *' -gtoggle '* ]] || fail "second has -gtoggle: ${lines[1]}"
}

@test "a failing -fcompare-debug does not leave an earlier x.o behind either" {
	: >x.o
	run "$XGCC" -c -O0 -fcompare-debug=-O2 x.c -o x.o
	assert_failure 1
	assert_line 'xgcc: error: x.c: -fcompare-debug failure'
	assert_no_file x.o
	assert_no_temps
}

@test "GCC_COMPARE_DEBUG=1 behaves like -fcompare-debug" {
	export GCC_COMPARE_DEBUG=1
	run cc1_lines -c -O2 x.c
	assert_success
	assert_equal "${#lines[@]}" 2
	[[ ${lines[0]} == *'"-fcompare-debug=-gtoggle"'* ]] || fail "first: ${lines[0]}"
	[[ ${lines[1]} == *' -fcompare-debug-second'* && ${lines[1]} == *' -gtoggle '* && ${lines[1]} == *' -w '* ]] ||
		fail "second: ${lines[1]}"
	run "$XGCC" -c -O2 x.c
	assert_success
	assert [ -s x.o ]
	assert_no_temps
}

@test "GCC_COMPARE_DEBUG=-O2 gives the options of the second run" {
	export GCC_COMPARE_DEBUG=-O2
	run "$XGCC" -c -O0 x.c
	assert_failure 1
	assert_line 'xgcc: error: x.c: -fcompare-debug failure'
	assert_no_file x.o
	assert_no_temps
}

@test "GCC_COMPARE_DEBUG=0 or empty: one cc1 run" {
	GCC_COMPARE_DEBUG=0 run cc1_lines -c -O2 x.c
	assert_equal "${#lines[@]}" 1
	refute_output --partial 'compare-debug'
	GCC_COMPARE_DEBUG='' run cc1_lines -c -O2 x.c
	assert_equal "${#lines[@]}" 1
	refute_output --partial 'compare-debug'
}

@test "-fno-compare-debug after -fcompare-debug disables it; cc1 gets -fcompare-debug=, as from gcc" {
	run cc1_lines -c -O2 -fcompare-debug -fno-compare-debug x.c
	assert_success
	assert_equal "${#lines[@]}" 1
	assert_output --partial '"-fcompare-debug="'
	refute_output --partial 'gtoggle'
	refute_output --partial 'compare-debug-second'
	same_as_gcc gcc "$XGCC" -c -O2 -fcompare-debug -fno-compare-debug x.c
	same_as_gcc gcc "$XGCC" -c -O2 -fno-compare-debug x.c
	run "$XGCC" -c -O0 -fcompare-debug=-O2 -fno-compare-debug x.c
	assert_success
	assert [ -s x.o ]
	assert_no_temps
}

@test "-fno-compare-debug overrides GCC_COMPARE_DEBUG" {
	export GCC_COMPARE_DEBUG=1
	run cc1_lines -c -O2 -fno-compare-debug x.c
	assert_success
	assert_equal "${#lines[@]}" 1
	assert_output --partial '"-fcompare-debug="'
	refute_output --partial 'compare-debug-second'
	GCC_COMPARE_DEBUG=-O2 run "$XGCC" -c -O0 -fno-compare-debug x.c
	assert_success
	assert_no_temps
}

@test "-fcompare-debug after -fno-compare-debug enables it again" {
	run cc1_lines -c -O2 -fno-compare-debug -fcompare-debug x.c
	assert_equal "${#lines[@]}" 2
}

@test "-fcompare-debug with -S and when linking" {
	run "$XGCC" -S -O2 -fcompare-debug x.c
	assert_success
	assert [ -s x.s ]
	printf 'int sum(int);\nint main(void) { return sum(0); }\n' >m.c
	run "$XGCC" -O2 -fcompare-debug x.c m.c -o prog
	assert_success
	run ./prog
	assert_success
	assert_no_temps
}

@test "-fcompare-debug with -m32, -mx32 and -m16: both compilations keep the ABI option" {
	local abi
	for abi in -m32 -mx32 -m16; do
		gcc "$abi" -c x.c -o probe.o 2>/dev/null || skip "gcc $abi cannot compile here (gcc-multilib)"
		run "$XGCC" "$abi" -O2 -fcompare-debug -c x.c -o "x$abi.o"
		assert_success
		assert_output ''
		# the second compilation has the ABI option too
		run cc1_lines "$abi" -O2 -fcompare-debug -c x.c
		assert_equal "${#lines[@]}" 2
		[[ "${lines[1]}" == *" $abi "* ]] || fail "the second compilation lost $abi: ${lines[1]}"
	done
	assert_no_temps
}

@test "-fdump-final-insns: bare, =. and =FILE name the dump as gcc names them, and cc1 writes it" {
	# gcc's self spec makes the bare option "-fdump-final-insns=." (kept
	# last); "." is the input's aux name with its suffix
	for args in "-c x.c -fdump-final-insns" "-c x.c -fdump-final-insns=." "x.c -o p -fdump-final-insns" \
		"-c x.c -o sub.o -fdump-final-insns=." "-S x.c -fdump-final-insns" "-c x.c -fdump-final-insns=mine.gkd" \
		"-c x.c -fdump-final-insns -frandom-seed=1"; do
		# shellcheck disable=SC2086
		want=$(gcc -### $args 2>&1 | sed 's/-frandom-seed=0x[0-9a-f]*/SEED/' | normalise_same_as_gcc)
		# shellcheck disable=SC2086
		got=$("$XGCC" -### $args 2>&1 | grep -v 'note: .*-fexcess-precision' | sed 's/-frandom-seed=0x[0-9a-f]*/SEED/' | normalise_same_as_gcc)
		[ "$want" = "$got" ] || fail "for $args: $(diff <(echo "$want") <(echo "$got"))"
	done
	run "$XGCC" -c x.c -fdump-final-insns
	assert_success
	assert [ -s x.c.gkd ]
	run "$XGCC" -c x.c -fdump-final-insns=mine.gkd
	assert [ -s mine.gkd ]
	assert_no_temps
}

@test "-fcompare-debug with -fdump-final-insns=FILE compares that dump; the second compilation has none of the user's" {
	run cc1_lines -c -O2 -fcompare-debug -fdump-final-insns=mine.gkd x.c
	assert_success
	assert_equal "${#lines[@]}" 2
	assert_line --index 0 --partial '"-fdump-final-insns=mine.gkd"'
	refute_line --index 1 --partial 'mine.gkd'
	run "$XGCC" -c -O2 -fcompare-debug -fdump-final-insns=mine.gkd x.c
	assert_success
	assert [ -s mine.gkd ]
	assert [ -s x.o ]
}

@test "-fcompare-debug -save-temps: the second compilation preprocesses again, into x.gk.i, as gcc" {
	run "$XGCC" -c -O2 -fcompare-debug -save-temps x.c
	assert_success
	assert [ -s x.gk.i ]
	assert [ -s x.i ]
	run cc1_lines -c -O2 -fcompare-debug -save-temps x.c
	assert_line --regexp ' -E .*-fcompare-debug-second.* -o x\.gk\.i$'
	assert_line --regexp ' -fpreprocessed x\.gk\.i '
}
