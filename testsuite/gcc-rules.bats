#!/usr/bin/env bats
# Rules of gcc's driver the differential test (difftest.bats) found
# missing, each compared with gcc's own -### output (same_as_gcc).
load helper
load lib-run

MINGW64="$XGCC_BUILDDIR/x86_64-w64-mingw32-xgcc"

setup() {
	common_setup
	printf 'int main(void) { return 0; }\n' >a.c
	printf 'int f(void) { return 1; }\n' >b.c
	printf 'int g(void) { return 2; }\n' >c.cc
	printf '\t.text\n' >s.s
	printf '\t.text\n' >t.S
	: >x.o
}

@test "a switch the specs name, negated later, is dropped: no -fopenmp, -D_REENTRANT or -lgomp" {
	same_as_gcc "$REF_GCC" "$XGCC" -fopenmp -fno-openmp a.c
	same_as_gcc "$REF_GCC" "$XGCC" -fno-openmp -fopenmp a.c
	same_as_gcc "$REF_GCC" "$XGCC" -fgnu-tm -fno-gnu-tm a.c
	same_as_gcc "$REF_GCC" "$XGCC" -fsplit-stack -fno-split-stack a.c
	same_as_gcc "$REF_GCC" "$XGCC" -fprofile-arcs -fno-profile-arcs a.c
	same_as_gcc "$REF_GCC" "$XGCC" -Ofast -Oz a.c
	run "$XGCC" -### -fopenmp -fno-openmp a.c
	refute_output --partial -lgomp
	refute_output --partial -D_REENTRANT
}

@test "-v and -### without inputs print the configuration and exit 0, errors or not" {
	same_as_gcc "$REF_GCC" "$XGCC" -flto
	same_as_gcc "$REF_GCC" "$XGCC" -c -qux
	run "$XGCC" -### -c
	assert_success
}

@test "with -v and -### a missing input is left to the commands, as gcc" {
	same_as_gcc "$REF_GCC" "$XGCC" -c missing.c b.c
	same_as_gcc "$REF_GCC" "$XGCC" missing.o b.c
	run "$XGCC" -c missing.c
	assert_failure
	assert_line --regexp "^xgcc: error: missing.c: No such file or directory$"
}

@test "inputs left unused without a link get gcc's warning, and its error when missing" {
	same_as_gcc "$REF_GCC" "$XGCC" -c x.o a.c
	same_as_gcc "$REF_GCC" "$XGCC" -S nothere.o a.c
	run "$XGCC" -c x.o a.c
	assert_success
	assert_output "xgcc: warning: x.o: linker input file unused because linking not done"
	# without -###, xgcc names a missing input before anything runs (the
	# manual's Differences from GCC)
	run "$XGCC" -c nothere.o a.c
	assert_failure
	assert_line --regexp "^xgcc: error: nothere.o: No such file or directory$"
}

@test "-x of no language: an error for the inputs it names, the others compile" {
	same_as_gcc "$REF_GCC" "$XGCC" -c a.c -x bogus b.c -x c c.cc
	same_as_gcc "$REF_GCC" "$XGCC" a.c -x bogus b.c
	same_as_gcc "$REF_GCC" "$XGCC" -c a.c -x bogus
	same_as_gcc "$REF_GCC" "$XGCC" -c a.c -x none
	same_as_gcc "$REF_GCC" "$XGCC" a.c -x c -lm
	run "$XGCC" -c a.c -x bogus b.c
	assert_failure 1
	assert_exists a.o
	assert_no_file b.o
}

@test "debug levels as gcc's debug-level-gt sees them, and the assembler's DWARF version" {
	local g
	for g in -gbtf -gctf -gtoggle "-g -gtoggle" "-g3 -g" -gdwarf-2 -gdwarf-4 "-gsplit-dwarf -gtoggle" -gstabs; do
		# shellcheck disable=SC2086
		same_as_gcc "$REF_GCC" "$XGCC" -c $g a.c s.s t.S
	done
}

@test "-c, -S and -E runs end with the link's environment, a link with COLLECT_GCC_OPTIONS" {
	same_as_gcc "$REF_GCC" "$XGCC" -c a.c b.c
	same_as_gcc "$REF_GCC" "$XGCC" -S a.c
	same_as_gcc "$REF_GCC" "$XGCC" -E a.c
	same_as_gcc "$REF_GCC" "$XGCC" -fsyntax-only a.c
	same_as_gcc "$REF_GCC" "$XGCC" -shared a.c -o a.so
	# --sysroot=/ drops its '/' before the sysroot's directories, and the
	# link gets no -L/lib or -L/usr/lib (the linker's own)
	same_as_gcc "$REF_GCC" "$XGCC" --sysroot=/ -c a.c
	same_as_gcc "$REF_GCC" "$XGCC" --sysroot=/ a.c
	same_as_gcc "$REF_GCC" "$XGCC" -m32 --sysroot=/ a.c
}

@test "g++'s libraries: the first -lm and -lc move after -lstdc++, none without a C++ input" {
	same_as_gcc "$REF_GXX" "$XGXX" x.o -lm
	same_as_gcc "$REF_GXX" "$XGXX" -lm c.cc -lc -lm
	same_as_gcc "$REF_GXX" "$XGXX" -lm -s
	same_as_gcc "$REF_GXX" "$XGXX" -x assembler c.cc
	same_as_gcc "$REF_GXX" "$XGXX" -x c++ s.s
	same_as_gcc "$REF_GXX" "$XGXX" -static-libstdc++ c.cc
	same_as_gcc "$REF_GXX" "$XGXX" -c c.cc -lm
	# the -lstdc++ it adds is a linker input of its own
	same_as_gcc "$REF_GXX" "$XGXX" -static-libstdc++ -mavx2
	same_as_gcc "$REF_GXX" "$XGXX" -x c++
}

@test "-traditional and -traditional-cpp: C and assembler only" {
	same_as_gcc "$REF_GCC" "$XGCC" -traditional -c a.c
	same_as_gcc "$REF_GCC" "$XGCC" -traditional -E a.c
	same_as_gcc "$REF_GCC" "$XGCC" -traditional-cpp -c a.c t.S
	same_as_gcc "$REF_GCC" "$XGCC" -traditional-cpp -x c++ -c a.c
	same_as_gcc "$REF_GXX" "$XGXX" -traditional -c c.cc
}

@test "-Wp, words go just before the input; empty -Wl, -Wa, -Wp, parts pass on; -undef reaches the link" {
	same_as_gcc "$REF_GCC" "$XGCC" -Wp,-MMD,f.d -MD -MF g.d -c a.c -o a.o
	same_as_gcc "$REF_GCC" "$XGCC" -Wp,-MD,dep.d -g3 -c a.c
	same_as_gcc "$REF_GCC" "$XGCC" -c a.c -Wa,,-x, -Wp,,
	same_as_gcc "$REF_GCC" "$XGCC" a.c -Wl,
	same_as_gcc "$REF_GCC" "$XGCC" -undef a.c
}

@test "the thread self specs: -pthread for each, libgomp.spec and libitm.spec read at the link" {
	same_as_gcc "$REF_GCC" "$XGCC" -fopenmp -fgnu-tm a.c
	same_as_gcc "$REF_GCC" "$XGCC" -fopenmp -pthread -c a.c
	same_as_gcc "$REF_GCC" "$XGCC" -ftree-parallelize-loops=4 a.c
	# %(link_gomp) from libgomp.spec: -ldl when static; not held back by -nostdlib
	same_as_gcc "$REF_GCC" "$XGCC" x.o -static -fopenmp -fgnu-tm
	same_as_gcc "$REF_GCC" "$XGCC" -nostdlib -fopenacc a.c
	[ -x "$MINGW64" ] || skip "no x86_64 MinGW target configured"
	same_as_gcc x86_64-w64-mingw32-gcc "$MINGW64" -fopenmp -fgnu-tm -c a.c
	same_as_gcc x86_64-w64-mingw32-gcc "$MINGW64" -fopenmp -mthreads a.c
	# mingw-w64 has no libitm: gcc's fatal error, after the compilation
	same_as_gcc x86_64-w64-mingw32-gcc "$MINGW64" -fgnu-tm a.c
	run "$MINGW64" -fgnu-tm a.c -o a.exe
	assert_failure
	assert_output --regexp "fatal error: cannot read spec file .libitm.spec.: No such file or directory"
	assert_no_file a.exe
}

@test "MinGW -gz=zlib: the compiler runs, then gcc's error for the assembler's command line" {
	[ -x "$MINGW64" ] || skip "no x86_64 MinGW target configured"
	same_as_gcc x86_64-w64-mingw32-gcc "$MINGW64" -c -gz=zlib a.c
	same_as_gcc x86_64-w64-mingw32-gcc "$MINGW64" -c -gz=zlib a.c s.s
	run "$MINGW64" -c -gz=zlib a.c
	assert_failure 1
	# the specs' own words: "-gz=zlib" before GCC 13, "-gz" since
	assert_output --regexp "error: -gz(=zlib)? is not supported in this configuration$"
	assert_no_file a.o
	assert_no_temps
}

@test "-x after the last input warns when the link has an input at all (-l, -Wl, a file); -M with -o and two inputs is no -o error" {
	same_as_gcc "$REF_GCC" "$XGCC" -lm -x c
	same_as_gcc "$REF_GCC" "$XGCC" -Wl,-z,relro -x assembler-with-cpp
	same_as_gcc "$REF_GCC" "$XGCC" a.c -x c
	same_as_gcc "$REF_GCC" "$XGCC" -x c
	same_as_gcc "$REF_GCC" "$XGCC" -M a.c b.c -o deps
	same_as_gcc "$REF_GCC" "$XGCC" -E a.c b.c -o out
}

@test "debug formats as gcc's driver checks them: a conflicting format, a DWARF version out of range, an ambiguous -gdwarfN; none of it reaches cc1" {
	local args
	for args in "-gdwarf -gstabs" "-gstabs -g -gdwarf-5" "-gbtf -gctf" "-gdwarf -gbtf -gctf" "-gvms -gstabs" \
		"-gdwarf-6" "-gdwarf-1" "-gdwarf4" "-gctf -gdwarf" "-gstabs -gstabs+" "-g -gstabs" "-gdwarf32 -gdwarf-4" \
		"-gbtf -g -gdwarf" "-ggdb3 -gdwarf-4 -gsplit-dwarf"; do
		# shellcheck disable=SC2086
		same_as_gcc "$REF_GCC" "$XGCC" $args -c a.c
	done
	# GCC 12's error; GCC 13 dropped stabs: a warning, and the compile goes on
	LC_ALL=C run "$REF_GCC" -gdwarf -gstabs -c a.c -o ref.o
	if [ "$status" -ne 0 ]; then
		LC_ALL=C run "$XGCC" -gdwarf -gstabs -c a.c
		assert_failure 1
		assert_output "xgcc: error: debug format 'stabs' conflicts with prior selection"
		assert_no_file a.o
	else
		LC_ALL=C run "$XGCC" -gdwarf -gstabs -c a.c
		assert_success
		assert_output "xgcc: warning: switch '-gstabs' is no longer supported"
		assert_exists a.o
	fi
}

@test "an %e of the assembler's spec after cc1's: without -pipe cc1 runs first, with -pipe the unfinished pipeline does not run (as gcc)" {
	[ -x "$MINGW64" ] || skip "no x86_64-w64-mingw32 driver (its assembler spec has the %e)"
	same_as_gcc x86_64-w64-mingw32-gcc "$MINGW64" -gz=zlib -c a.c
	same_as_gcc x86_64-w64-mingw32-gcc "$MINGW64" -pipe -gz=zlib -c a.c
	run "$MINGW64" -### -pipe -gz=zlib -c a.c
	refute_line --partial '/cc1 '
}

@test "-fdiagnostics-plain-output is its five options, as gcc's decoder gives them (the last -fdiagnostics-color= first)" {
	same_as_gcc "$REF_GCC" "$XGCC" -fdiagnostics-plain-output -c a.c
	same_as_gcc "$REF_GCC" "$XGCC" -fdiagnostics-plain-output -fdiagnostics-color=always -c a.c
	same_as_gcc "$REF_GCC" "$XGCC" -fdiagnostics-color=always -fdiagnostics-plain-output -fdiagnostics-show-caret -c a.c
	run "$XGCC" -### -fdiagnostics-plain-output -c a.c
	refute_output --partial "'-fdiagnostics-plain-output'"
}
