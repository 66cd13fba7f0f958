#!/usr/bin/env bats
# -gsplit-dwarf (with -g: in GCC 12 it no longer implies it): after the assembler, objcopy --extract-dwo writes the
# split DWARF to a .dwo beside the object (named after -o with -c, else
# after the input, in the dump directory: %b.dwo) and objcopy --strip-dwo takes it out of the object,
# as gcc's asm_final_spec does.
load helper
load lib-run

setup() {
	common_setup
	printf 'int twice(int x) { return 2 * x; }\nint main(void) { return twice(0); }\n' >a.c
}

@test "-gsplit-dwarf -c: a.dwo holds the .dwo sections, a.o not" {
	run "$XGCC" -O1 -g -gsplit-dwarf -c a.c
	assert_success
	assert_output ''
	assert_exists a.o a.dwo
	readelf -SW a.dwo | grep -q '\.debug_info\.dwo' || fail "a.dwo has no .debug_info.dwo"
	run sh -c "readelf -SW a.o | grep '\.dwo'"
	assert_output ''
	readelf -SW a.o | grep -q '\.debug_info ' || fail "a.o lost its skeleton .debug_info"
	assert_no_temps
}

@test "-gsplit-dwarf with -o and with a link: the .dwo is named as gcc names it" {
	mkdir sub
	run "$XGCC" -g -gsplit-dwarf -c a.c -o sub/obj.o
	assert_success
	assert_exists sub/obj.o sub/obj.dwo
	run "$XGCC" -g -gsplit-dwarf a.c -o prog
	assert_success
	assert_exists prog prog-a.dwo
	readelf -SW prog-a.dwo | grep -q '\.debug_info\.dwo' || fail "prog-a.dwo has no .debug_info.dwo"
	run ./prog
	assert_success
	assert_no_temps
}
