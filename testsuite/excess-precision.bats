#!/usr/bin/env bats
# -fexcess-precision: the mode xgcc knows each input gets (driver/fpeval.c)
# while cc1 gets only what gcc gives it, what -v/-### say about it, that the
# compiled code really has those semantics on x87 (-m32), and GCC's own
# excess-precision tests from $XGCC_SEEDDIR.
load helper
load lib-run

FP="$SRCDIR/testsuite/fp"
# GCC 13's cc1plus took -fexcess-precision=standard, and the C rules for
# C++'s own dialects (-std=c++NN standard, gnu++NN fast); before it, C++
# was fast whatever was asked
backend_cxx_standard() { [ "$(backend_major)" -ge 13 ]; }
SEED="$XGCC_SEEDDIR/excess-precision"

setup() {
	common_setup
	export LC_ALL=C # ASCII quotes in diagnostics
	printf 'int f(void) { return 1; }\n' >a.c
	printf 'int g() { return 2; }\n' >b.cc
}

# cc1_modes ARGS...: the -fexcess-precision= options of each cc1/cc1plus
# line of xgcc -### ARGS, one line per compiler run ("" when none);
# gcc_cc1_modes the same of gcc.
cc1_modes() { driver_cc1_modes "$XGCC" "$@"; }
gcc_cc1_modes() { driver_cc1_modes gcc "$@"; }
driver_cc1_modes() {
	"$@" -### 2>&1 | grep -E '^ [^ ]*/cc1(plus)? ' | while IFS= read -r line; do
		grep -oE '"-fexcess-precision=[^"]*"' <<<"$line" | tr -d '"' | tr '\n' ' ' | sed 's/ $//'
		echo
	done
}

# assert_mode MODE REASON ARGS...: for xgcc -m32 ARGS -c a.c, -### notes
# MODE with REASON, and cc1 gets the -fexcess-precision= options gcc's
# cc1 gets, the command line's own: cc1 decides the mode itself.
assert_mode() {
	local mode=$1 why=$2 ours
	shift 2
	run cc1_modes -m32 "$@" -c a.c
	assert_success
	ours=$output
	run gcc_cc1_modes -m32 "$@" -c a.c
	assert_success
	assert_equal "$ours" "$output"
	run "$XGCC" -### -m32 "$@" -c a.c
	assert_success
	assert_line "xgcc: note: a.c: -fexcess-precision=$mode ($why)"
}

# assert_runs_as MODE ARGS...: excess.c built with xgcc -m32 -O2 ARGS
# prints MODE (none, standard, fast).
assert_runs_as() {
	local mode=$1
	shift
	require_m32_run
	run "$XGCC" -m32 -O2 "$@" "$FP/excess.c" -o fpx
	assert_success
	assert_output ''
	run run_i386 ./fpx
	assert_success
	assert_output "$mode"
	assert_no_temps
}

# seed_options N: the dg-options of excess-precision-N.c.
seed_options() {
	sed -n 's/.*dg-options "\([^"]*\)".*/\1/p' "$SEED/excess-precision-$1.c"
}

require_seed() {
	[ -r "$SEED/excess-precision-$1.c" ] || fail "seed test $SEED/excess-precision-$1.c missing"
}

# ------------------------------------------------------ -fexcess-precision=

@test "unknown excess precision style is an error, nothing compiled" {
	run "$XGCC" -fexcess-precision=foo -c a.c
	assert_failure 1
	assert_output 'xgcc: error: unknown excess precision style "foo"'
	assert_no_file a.o
	assert_no_temps
}

@test "unknown style among good ones, empty style and 16 are errors too" {
	run "$XGCC" -fexcess-precision=bogus -fexcess-precision=fast -c a.c
	assert_failure 1
	assert_line 'xgcc: error: unknown excess precision style "bogus"'
	run "$XGCC" -fexcess-precision= -c a.c
	assert_failure 1
	assert_line 'xgcc: error: unknown excess precision style ""'
	run "$XGCC" -m32 -fexcess-precision=16 -c a.c
	assert_failure 1
	assert_line 'xgcc: error: unknown excess precision style "16"'
	run "$XGCC" -### -fexcess-precision=foo -c a.c
	assert_failure 1
	assert_line 'xgcc: error: unknown excess precision style "foo"'
	refute_line --regexp '/cc1 '
	assert_no_file a.o
	assert_no_temps
}

@test "-fexcess-precision=fast and =standard are passed as given, and nothing else" {
	run cc1_modes -m32 -fexcess-precision=fast -fexcess-precision=standard -c a.c
	assert_output '-fexcess-precision=fast -fexcess-precision=standard'
	run cc1_modes -m32 -std=c99 -c a.c
	assert_output ''
	run cc1_modes -c a.c
	assert_output ''
	assert_mode fast "as requested" -fexcess-precision=fast
	assert_mode standard "as requested" -fexcess-precision=standard
	assert_mode standard "as requested" -fexcess-precision=fast -fexcess-precision=standard
	assert_mode fast "as requested" -std=c99 -fexcess-precision=fast
	assert_mode standard "as requested" -std=gnu99 -fexcess-precision=standard
}

@test "the mode is noted with -v and -###, and nowhere else" {
	run "$XGCC" -m32 -std=c99 -c a.c
	assert_success
	assert_output ''
	run "$XGCC" -m32 -std=c99 -v -c a.c -o v.o
	assert_success
	assert_line 'xgcc: note: a.c: -fexcess-precision=standard (implied by -std=c99)'
	refute_line --regexp '/cc1 .*-fexcess-precision'
	assert_no_temps
}

@test "ISO C standards imply standard" {
	local s
	for s in c89 c90 c99 c9x c11 c1x c17 c18 c2x iso9899:1990 iso9899:199409 iso9899:1999 iso9899:2011 iso9899:2017 iso9899:2018; do
		assert_mode standard "implied by -std=$s" -std=$s
	done
	assert_mode standard "implied by -ansi" -ansi
}

@test "GNU C standards and the default imply fast" {
	local s
	for s in gnu89 gnu90 gnu99 gnu9x gnu11 gnu1x gnu17 gnu18 gnu2x; do
		assert_mode fast "implied by -std=$s" -std=$s
	done
	assert_mode fast "the default in GNU C"
}

@test "the last -std= or -ansi wins" {
	assert_mode fast "implied by -std=gnu11" -std=c99 -std=gnu11
	assert_mode standard "implied by -std=c99" -std=gnu11 -std=c99
	assert_mode fast "implied by -std=gnu99" -ansi -std=gnu99
	assert_mode standard "implied by -ansi" -std=gnu99 -ansi
}

@test "-funsafe-math-optimizations, -ffast-math, -Ofast imply fast in any order" {
	local f
	for f in -funsafe-math-optimizations -ffast-math -Ofast; do
		assert_mode fast "implied by $f" $f -std=c99
		assert_mode fast "implied by $f" -std=c99 $f
		assert_mode fast "implied by $f" $f -fexcess-precision=standard
		assert_mode fast "implied by $f" -fexcess-precision=standard -std=c99 $f
	done
}

@test "-fno-unsafe-math-optimizations undoes unsafe math, not the fast mode of -ffast-math or -Ofast" {
	assert_mode standard "implied by -std=c99" -std=c99 -funsafe-math-optimizations -fno-unsafe-math-optimizations
	assert_mode fast "implied by -ffast-math" -ffast-math -fno-unsafe-math-optimizations -std=c99
	assert_mode fast "implied by -Ofast" -Ofast -fno-unsafe-math-optimizations -std=c99
	assert_mode standard "as requested" -ffast-math -fno-unsafe-math-optimizations -fexcess-precision=standard
	assert_mode fast "implied by -ffast-math" -fexcess-precision=standard -ffast-math -fno-unsafe-math-optimizations
	# a later one turns it on again
	assert_mode fast "implied by -ffast-math" -fno-unsafe-math-optimizations -ffast-math -std=c99
}

@test "-fno-fast-math undoes -ffast-math, not -Ofast's ISO C mode" {
	assert_mode standard "implied by -std=c99" -ffast-math -fno-fast-math -std=c99
	assert_mode fast "implied by -Ofast" -Ofast -fno-fast-math -std=c99
	assert_mode standard "as requested" -Ofast -fno-fast-math -fexcess-precision=standard
	assert_mode standard "implied by -std=c99" -Ofast -O2 -std=c99
}

@test "x86-64 and -mfpmath=sse: fast, quietly" {
	run cc1_modes -std=c99 -fexcess-precision=standard -c a.c
	assert_success
	assert_output '-fexcess-precision=standard'
	run "$XGCC" -### -std=c99 -c a.c
	assert_line 'xgcc: note: a.c: -fexcess-precision=fast (no excess precision with -mfpmath=sse)'
	assert_mode fast "no excess precision with -mfpmath=sse" -mfpmath=sse -msse2 -std=c99
	assert_mode fast "no excess precision with -mfpmath=sse" -mfpmath=sse -msse2 -fexcess-precision=standard
	# quietly: no diagnostic, the compilation succeeds
	run "$XGCC" -std=c99 -fexcess-precision=standard -c a.c
	assert_success
	assert_output ''
	assert_exists a.o
	assert_no_temps
}

@test "-m32 -mfpmath=sse without -msse2 stays on x87: the C rules decide" {
	assert_mode standard "implied by -std=c99" -mfpmath=sse -std=c99
	assert_mode fast "the default in GNU C" -mfpmath=sse
	assert_mode standard "implied by -std=c99" -mfpmath=sse -msse2 -mno-sse2 -std=c99
	assert_mode fast "no excess precision with -mfpmath=sse" -mfpmath=sse -mno-sse2 -msse2 -std=c99
}

@test "-mfpmath=sse+387: fast" {
	assert_mode fast "excess precision is unpredictable with -mfpmath=sse+387" -mfpmath=sse+387 -std=c99
	assert_mode fast "excess precision is unpredictable with -mfpmath=sse+387" -mfpmath=sse+387 -msse2 -fexcess-precision=standard
}

@test "-mfpmath=387 on x86-64 follows the C rules" {
	run "$XGCC" -### -mfpmath=387 -std=c99 -c a.c
	assert_success
	assert_line 'xgcc: note: a.c: -fexcess-precision=standard (implied by -std=c99)'
	run cc1_modes -mfpmath=387 -std=c99 -c a.c
	assert_output ''
}

# ------------------------------------------------------ C++ and mixed

@test "C++ is quietly fast, even when standard is requested (before GCC 13)" {
	backend_cxx_standard && skip "GCC 13 and later take -fexcess-precision=standard for C++ (the next test)"
	run cc1_modes -m32 -fexcess-precision=standard -c b.cc
	assert_output '-fexcess-precision=fast'
	run "$XGCC" -### -m32 -std=c++17 -fexcess-precision=standard -c b.cc
	assert_line 'xgcc: note: b.cc: -fexcess-precision=fast (the only mode for languages other than C)'
	assert_line --regexp '/cc1plus .*"-fexcess-precision=fast"'
	refute_line --regexp '/cc1plus .*-fexcess-precision=standard'
	# plain g++ refuses it: this is what the driver saves us from
	run g++ -m32 -fexcess-precision=standard -c b.cc -o gxx.o
	assert_failure
	assert_output --partial 'sorry, unimplemented'
	run "$XGXX" -m32 -fexcess-precision=standard -c b.cc
	assert_success
	assert_output ''
	assert_exists b.o
	cp a.c x.c
	run "$XGCC" -x c++ -m32 -std=c99 -fexcess-precision=standard -c x.c
	assert_success
	refute_output --partial 'sorry'
	assert_exists x.o
	assert_no_temps
}

@test "C++ follows the C rules for its own dialects (GCC 13 and later)" {
	backend_cxx_standard || skip "the backend's cc1plus refuses -fexcess-precision=standard (before GCC 13)"
	run cc1_modes -m32 -fexcess-precision=standard -c b.cc
	assert_output '-fexcess-precision=standard'
	run "$XGCC" -### -m32 -std=c++17 -c b.cc
	assert_line 'xgcc: note: b.cc: -fexcess-precision=standard (implied by -std=c++17)'
	# a C dialect is not C++'s: cc1plus ignores -std=c99, so the last
	# C++ one decides, or GNU C++'s default
	run "$XGCC" -### -m32 -std=c++17 -std=c99 -c b.cc
	assert_line 'xgcc: note: b.cc: -fexcess-precision=standard (implied by -std=c++17)'
	run "$XGCC" -### -m32 -std=c99 -c b.cc
	assert_line 'xgcc: note: b.cc: -fexcess-precision=fast (the default in GNU C)'
	run "$XGCC" -### -m32 -std=gnu++17 -c b.cc
	assert_line 'xgcc: note: b.cc: -fexcess-precision=fast (implied by -std=gnu++17)'
	run "$XGCC" -### -m32 -ansi -c b.cc
	assert_line 'xgcc: note: b.cc: -fexcess-precision=standard (implied by -ansi)'
	# and a C file ignores the C++ dialect after its own
	run "$XGCC" -### -m32 -std=c99 -std=gnu++17 -c a.c
	assert_line 'xgcc: note: a.c: -fexcess-precision=standard (implied by -std=c99)'
	run g++ -m32 -fexcess-precision=standard -c b.cc -o gxx.o
	assert_success
}

@test "mixed C and C++ command line: each file its own mode" {
	run cc1_modes -m32 -std=c99 -c a.c b.cc
	assert_success
	assert_equal "$(echo "$output" | tr -d '\n')" ''
	run "$XGCC" -m32 -std=c99 -### -c a.c b.cc
	assert_success
	assert_line 'xgcc: note: a.c: -fexcess-precision=standard (implied by -std=c99)'
	cp a.c c.c
	if backend_cxx_standard; then
		# -std=c99 is not a C++ dialect: GNU C++'s default
		assert_line 'xgcc: note: b.cc: -fexcess-precision=fast (the default in GNU C)'
		run cc1_modes -m32 -fexcess-precision=standard -c a.c b.cc
		assert_output $'-fexcess-precision=standard\n-fexcess-precision=standard'
		# -x switches languages in the middle of the command line
		run cc1_modes -m32 -std=c99 -fexcess-precision=fast -c a.c -x c++ c.c -x none b.cc
		assert_output $'-fexcess-precision=fast\n-fexcess-precision=fast\n-fexcess-precision=fast'
	else
		assert_line 'xgcc: note: b.cc: -fexcess-precision=fast (the only mode for languages other than C)'
		run cc1_modes -m32 -fexcess-precision=standard -c a.c b.cc
		assert_output $'-fexcess-precision=standard\n-fexcess-precision=fast'
		# -x switches languages in the middle of the command line
		run cc1_modes -m32 -fexcess-precision=standard -c a.c -x c++ c.c -x none b.cc
		assert_output $'-fexcess-precision=standard\n-fexcess-precision=fast\n-fexcess-precision=fast'
	fi
	# and they compile
	run "$XGCC" -m32 -std=c99 -c a.c b.cc
	assert_success
	assert_exists a.o b.o
	assert_no_temps
}

@test "preprocessed C (.i) follows the C rules, assembler gets no mode" {
	"$XGCC" -m32 -E a.c -o a.i
	run "$XGCC" -### -m32 -std=c99 -c a.i
	assert_line 'xgcc: note: a.i: -fexcess-precision=standard (implied by -std=c99)'
	printf '\t.text\n' >s.s
	run "$XGCC" -### -m32 -std=c99 -c s.s
	assert_success
	refute_output --partial 'excess-precision'
}

# ------------------------------------------------------ the code cc1 makes

@test "runtime: the fp program tells the modes apart with plain gcc" {
	require_m32_run
	gcc -m32 -O2 -fexcess-precision=standard "$FP/excess.c" -o ref-std
	gcc -m32 -O2 -fexcess-precision=fast "$FP/excess.c" -o ref-fast
	gcc -m32 -O2 -mfpmath=sse -msse2 "$FP/excess.c" -o ref-sse
	run run_i386 ./ref-std
	assert_output standard
	run run_i386 ./ref-fast
	assert_output fast
	run run_i386 ./ref-sse
	assert_output none
}

@test "runtime: -std=c99 is standard" {
	assert_runs_as standard -std=c99
}

@test "runtime: -std=gnu99 is fast" {
	assert_runs_as fast -std=gnu99
}

@test "runtime: the default is fast" {
	assert_runs_as fast
}

@test "runtime: -std=c99 -ffast-math is fast" {
	assert_runs_as fast -std=c99 -ffast-math
}

@test "runtime: -ffast-math -fno-unsafe-math-optimizations -std=c99 is fast, as with gcc" {
	assert_runs_as fast -ffast-math -fno-unsafe-math-optimizations -std=c99
}

@test "runtime: -ffast-math -fno-fast-math -std=c99 is standard, -Ofast -fno-fast-math -std=c99 fast" {
	assert_runs_as standard -ffast-math -fno-fast-math -std=c99
	assert_runs_as fast -Ofast -fno-fast-math -std=c99
}

@test "runtime: -fexcess-precision=standard is standard" {
	assert_runs_as standard -fexcess-precision=standard
}

@test "runtime: -std=c99 -fexcess-precision=fast is fast" {
	assert_runs_as fast -std=c99 -fexcess-precision=fast
}

@test "runtime: -ansi is standard" {
	assert_runs_as standard -ansi
}

@test "runtime: -std=iso9899:1999 is standard" {
	assert_runs_as standard -std=iso9899:1999
}

@test "runtime: -std=c99 -std=gnu11 is fast (last wins)" {
	assert_runs_as fast -std=c99 -std=gnu11
}

@test "runtime: -x c++ with -fexcess-precision=standard compiles: fast before GCC 13, standard since" {
	require_m32_run
	local mode=fast
	backend_cxx_standard && mode=standard
	run "$XGXX" -x c++ -m32 -O2 -fexcess-precision=standard "$FP/excess.c" -o fpx
	assert_success
	assert_output ''
	run run_i386 ./fpx
	assert_success
	assert_output $mode
	# a C dialect after C++'s is not cc1plus's
	run "$XGXX" -x c++ -m32 -O2 -std=c++17 -std=c99 "$FP/excess.c" -o fpx
	assert_success
	run run_i386 ./fpx
	assert_output $mode
	assert_no_temps
}

@test "runtime: -mfpmath=sse -msse2 -std=c99 has no excess precision" {
	assert_runs_as none -mfpmath=sse -msse2 -std=c99
}

@test "runtime: units built in different modes keep them when linked" {
	require_m32_run
	run "$XGCC" -m32 -O2 -std=c99 -DEXCESS_FUNCTION=mode_c99 -c "$FP/excess.c" -o c99.o
	assert_success
	run "$XGCC" -m32 -O2 -std=gnu99 -DEXCESS_FUNCTION=mode_gnu99 -c "$FP/excess.c" -o gnu99.o
	assert_success
	run "$XGCC" -m32 -O2 "$FP/lto-main.c" c99.o gnu99.o -o two
	assert_success
	run run_i386 ./two
	assert_success
	assert_output 'standard fast'
	assert_no_temps
}

@test "runtime: -mfpmath=sse -std=c99 without -msse2 is standard (x87, as gcc)" {
	assert_runs_as standard -mfpmath=sse -std=c99 -w
}

# ------------------------------------------------------ GCC's tests

@test "seed excess-precision-1.c: compiles, links and runs with -m32" {
	require_seed 1
	require_m32_run
	# shellcheck disable=SC2046
	run "$XGCC" -m32 $(seed_options 1) "$SEED/excess-precision-1.c" -o t1
	assert_success
	run run_i386 ./t1
	assert_success
	assert_no_temps
}

@test "seed excess-precision-2.c: compiles, links and runs with -m32" {
	require_seed 2
	require_m32_run
	# shellcheck disable=SC2046
	run "$XGCC" -m32 $(seed_options 2) "$SEED/excess-precision-2.c" -o t2
	assert_success
	run run_i386 ./t2
	assert_success
	assert_no_temps
}

@test "seed excess-precision-3.c: compiles, links and runs with -m32" {
	require_seed 3
	require_m32_run
	# shellcheck disable=SC2046
	run "$XGCC" -m32 $(seed_options 3) "$SEED/excess-precision-3.c" -o t3
	assert_success
	run run_i386 ./t3
	assert_success
	assert_no_temps
}

@test "seed excess-precision-4.c: warns that constants exceed float and double" {
	require_seed 4
	# shellcheck disable=SC2046
	run "$XGCC" -m32 $(seed_options 4) -c "$SEED/excess-precision-4.c" -o t4.o
	assert_success
	assert_line --regexp "warning: floating constant exceeds range of ['‘]float['’]"
	assert_line --regexp "warning: floating constant exceeds range of ['‘]double['’]"
	assert_exists t4.o
	assert_no_temps
}

@test "seed excess-precision-5.c: compiles with -m32" {
	require_seed 5
	# shellcheck disable=SC2046
	run "$XGCC" -m32 $(seed_options 5) -c "$SEED/excess-precision-5.c" -o t5.o
	assert_success
	assert_output ''
	assert_exists t5.o
	assert_no_temps
}

@test "seed excess-precision-6.c: sqrt is not inlined (no fsqrt)" {
	require_seed 6
	# shellcheck disable=SC2046
	run "$XGCC" -m32 $(seed_options 6) -S "$SEED/excess-precision-6.c" -o t6.s
	assert_success
	assert_exists t6.s
	grep -q 'sqrt' t6.s || fail "t6.s calls no sqrt at all"
	run grep -c fsqrt t6.s
	assert_output 0
	assert_no_temps
}

# ------------------------------------------------------ LTO

@test "LTO: units keep their own mode; an implied one leaves no trace, as with gcc" {
	require_m32_run
	run "$XGCC" -m32 -O2 -flto -std=c99 -DEXCESS_FUNCTION=mode_c99 -c "$FP/excess.c" -o c99.o
	assert_success
	run "$XGCC" -m32 -O2 -flto -std=gnu99 -DEXCESS_FUNCTION=mode_gnu99 -c "$FP/excess.c" -o gnu99.o
	assert_success
	run "$XGCC" -m32 -O2 -flto -c "$FP/lto-main.c" -o main.o
	assert_success
	run "$XGCC" -m32 -O2 -flto main.o c99.o gnu99.o -o lto-prog
	assert_success
	refute_output --partial -fexcess-precision
	run readelf -p .gnu.lto_.opts c99.o
	refute_output --partial -fexcess-precision
	run run_i386 ./lto-prog
	assert_success
	assert_output 'standard fast'
	assert_no_temps
}
