#!/usr/bin/env bats
# Precompiled headers, as makefiles build them: a header given alone
# (`xgcc hdr.h`, `-x c-header`, `-x c++-header`) becomes HDR.gch (or the
# -o file) and nothing is linked; a later compile that includes the
# header uses it (-H marks a used one with "!").
load helper
load lib-run

setup() {
	common_setup
	printf 'int hdr_fn(int);\n#define HDR_VALUE 42\n' >hdr.h
	printf '#include "hdr.h"\nint hdr_fn(int x) { return x; }\nint main(void) { return hdr_fn(HDR_VALUE) - 42; }\n' >use.c
	cp use.c use.cc
}

@test "xgcc hdr.h writes hdr.h.gch and links nothing; a C compile uses it" {
	run "$XGCC" hdr.h
	assert_success
	assert_output ''
	assert_exists hdr.h.gch
	assert_no_file a.out
	run "$XGCC" -H -c use.c
	assert_success
	assert_line '! hdr.h.gch'
	assert_no_temps
}

@test "xg++ hdr.h: a C++ precompiled header, used by a C++ compile" {
	run "$XGXX" hdr.h
	assert_success
	assert_exists hdr.h.gch
	assert_no_file a.out
	run "$XGXX" -H -c use.cc
	assert_success
	assert_line '! hdr.h.gch'
	assert_no_temps
}

@test "-x c-header, -x c++-header, -c, -S and -o name the header's output as gcc" {
	cp hdr.h other.inc
	run "$XGCC" -x c-header other.inc
	assert_success
	assert_exists other.inc.gch
	run "$XGCC" -x c++-header -c other.inc -o cxx.gch
	assert_success
	assert_exists cxx.gch
	run "$XGCC" -c hdr.h -o pre/hdr.h.gch
	assert_failure
	mkdir pre
	run "$XGCC" -c hdr.h -o pre/hdr.h.gch
	assert_success
	assert_exists pre/hdr.h.gch
	run "$XGCC" -H -Ipre -c use.c -o use.o
	assert_success
	run "$XGCC" -S hdr.h
	assert_success
	assert_exists hdr.h.gch
	assert_no_file a.out
	assert_no_temps
}

@test "a header among sources: its .gch, and the program of the others" {
	# (with -o, gcc writes the header's PCH to the -o file, which the
	# link then replaces: hash3-link.txt compares that command line)
	run "$XGCC" hdr.h use.c
	assert_success
	assert_exists hdr.h.gch a.out
	run ./a.out
	assert_success
	assert_no_temps
}
