#!/usr/bin/env bats
# With -flto the driver adds the common symbol __gnu_lto_v1 to every
# object it makes, slim and fat alike, as GCC 4.5 did (GCC 12 itself only
# marks slim objects, with __gnu_lto_slim).  nm needs an explicit target,
# or binutils loads the LTO plugin and hides the raw symbols.
load helper

setup() {
	common_setup
	printf 'int f(int x) { return x + 1; }\nint main(void) { return f(-1); }\n' >a.c
}

marker() { nm --target=default "$1" | awk '$3 == "__gnu_lto_v1" { print $2 }'; }

@test "slim LTO objects carry the marker as a common symbol" {
	run "$XGCC" -flto -c a.c -o slim.o
	assert_success
	[ "$(marker slim.o)" = C ]
	nm --target=default slim.o | grep -q ' __gnu_lto_slim$'
	assert_no_temps
}

@test "fat LTO objects carry the marker too, and still link as plain code" {
	run "$XGCC" -flto -ffat-lto-objects -c a.c -o fat.o
	assert_success
	[ "$(marker fat.o)" = C ]
	readelf -SW fat.o | grep -q '\.gnu\.lto_'
	run "$XGCC" -fno-lto fat.o -o prog
	assert_success
	run ./prog
	assert_success
}

@test "the marker also goes in through -pipe" {
	run "$XGCC" -pipe -flto -c a.c -o piped.o
	assert_success
	[ "$(marker piped.o)" = C ]
	run "$XGCC" -### -pipe -flto -c a.c
	assert_output --regexp ' as --64 -o a\.o - [^ ]+\.s'
}

@test "-m32 LTO objects are marked" {
	gcc -m32 -c a.c -o /dev/null 2>/dev/null || skip "gcc -m32 cannot compile here (gcc-multilib missing)"
	run "$XGCC" -m32 -flto -c a.c -o m32.o
	assert_success
	[ "$(marker m32.o)" = C ]
}

@test "no marker without -flto, or when -fno-lto comes last" {
	"$XGCC" -c a.c -o plain.o
	[ -z "$(marker plain.o)" ]
	"$XGCC" -flto -fno-lto -c a.c -o off.o
	[ -z "$(marker off.o)" ]
	"$XGCC" -fno-lto -flto=auto -c a.c -o on.o
	[ "$(marker on.o)" = C ]
}

@test "assembler sources get no marker" {
	printf '\t.text\n\t.globl g\ng:\n\tret\n' >s.s
	"$XGCC" -flto -c s.s -o s.o
	[ -z "$(marker s.o)" ]
}
