#!/usr/bin/env bats
# Dump files of the link stage (lto/run.c): -fdump-ipa-*, -fdump-tree-*
# at an LTO link leave the WPA and LTRANS dumps where gcc's lto-wrapper
# leaves them, with its names: OUT.wpa.NNNi.PASS and
# OUT.ltransK.ltrans.NNNt.PASS beside the output, following -dumpdir and
# -dumpbase.  Each case compares the names with gcc's for the same link.
load helper

setup() {
	common_setup
	printf '__attribute__((noinline)) int f(int x) { return x + 1; }\n__attribute__((noinline)) int g(int x) { return x * 2; }\n' >a.c
	printf 'int f(int);\nint g(int);\nint main(void) { return f(-1) + g(0); }\n' >m.c
	mkdir x g
	"$XGCC" -O2 -flto -c a.c m.c
	gcc -O2 -flto -c a.c -o g/a.o
	gcc -O2 -flto -c m.c -o g/m.o
	cp a.o m.o x/
}

# dump PATTERN: the dump file PATTERN names (the pass numbers, NNN,
# are the GCC version's: 087i.modref and 252t.optimized in GCC 12).
dump() { compgen -G "$1" | head -n 1; }

# same_dumps ARGS...: link in x/ (xgcc) and g/ (gcc) with ARGS; the files
# the links leave (less the objects) must have the same names.
same_dumps() {
	(cd x && mkdir -p out d && "$XGCC" -O2 -flto a.o m.o -o out/p "$@") || fail "xgcc failed"
	(cd g && mkdir -p out d && gcc -O2 -flto a.o m.o -o out/p "$@") || fail "gcc failed"
	diff <(cd x && find . -type f ! -name '?.o' | sort) <(cd g && find . -type f ! -name '?.o' | sort) ||
		fail "the files differ (xgcc <, gcc >)"
}

@test "-fdump-ipa-modref -fdump-tree-optimized: OUT.wpa.*, OUT.ltrans0.ltrans.* beside the output" {
	same_dumps -fdump-ipa-modref -fdump-tree-optimized
	[ -s "$(dump 'x/out/p.wpa.[0-9]*i.modref')" ]
	grep -q 'main ()' "$(dump 'x/out/p.ltrans0.ltrans.[0-9]*t.optimized')"
	assert_no_temps
}

@test "-fdump-ipa-inline with -dumpdir DIR/: DIR/wpa.*, DIR/ltrans0.ltrans.*" {
	same_dumps -fdump-ipa-inline -fdump-tree-optimized -dumpdir d/
	[ -s "$(dump 'x/d/wpa.[0-9]*i.inline')" ]
}

@test "-dumpbase NAME: the dumps are NAME.wpa.*, NAME.ltrans0.ltrans.*" {
	same_dumps -fdump-tree-optimized -dumpbase zz
	[ -s "$(dump 'x/out/zz.ltrans0.ltrans.[0-9]*t.optimized')" ]
}

@test "several partitions (-flto-partition=max -flto=2): one LTRANS dump each" {
	same_dumps -fdump-tree-optimized -flto-partition=max -flto=2
	run find x/out -name 'p.ltrans*.ltrans.[0-9]*t.optimized'
	[ "${#lines[@]}" -ge 2 ]
}

@test "an output in the current directory and the LTRANS cache: the dumps are still written" {
	(cd x && "$XGCC" -O2 -flto -flto-cache="$WORK/cache" a.o m.o -o p)
	(cd x && "$XGCC" -O2 -flto -flto-cache="$WORK/cache" -fdump-tree-optimized a.o m.o -o p)
	[ -s "$(dump 'x/p.ltrans0.ltrans.[0-9]*t.optimized')" ]
}

@test "-save-temps at an LTO link: lto-wrapper's argument files, OUT.ltrans_args, OUT.ltransK.ltrans_args, OUT.wpa.args.0 ..., as gcc leaves them" {
	(cd x && "$XGCC" -O2 -flto -save-temps -fdump-tree-optimized a.o m.o -o p) || fail "xgcc failed"
	(cd g && gcc -O2 -flto -save-temps -fdump-tree-optimized a.o m.o -o p) || fail "gcc failed"
	diff <(cd x && ls -1 p.*args* | sort) <(cd g && ls -1 p.*args* | sort) || fail "the argument files differ (xgcc <, gcc >)"
	# the WPA's inputs, and its command through @p.ltrans_args
	assert_equal "$(cat x/p.wpa.args.0)" "$(printf 'a.o\nm.o')"
	grep -qx -- '-fwpa=*[0-9]*' x/p.ltrans_args
	grep -qx -- '-fltrans' x/p.ltrans0.ltrans_args
	assert_equal "$(sed -n 1p x/p.lto_wrapper_args)" "-fresolution=p.res"
}

@test "-save-temps -fno-use-linker-plugin: collect2's two links' and lto-wrapper's files (ld1_args, lto_args, ld_args), no resolution, as gcc" {
	# fat objects: gcc's first link (ld1) needs their code
	(cd x && "$XGCC" -O2 -flto -ffat-lto-objects -c ../a.c ../m.c) || fail "xgcc -c failed"
	(cd g && gcc -O2 -flto -ffat-lto-objects -c ../a.c ../m.c) || fail "gcc -c failed"
	(cd x && "$XGCC" @/dev/null -O2 -flto -fno-use-linker-plugin -save-temps -fdump-tree-optimized a.o m.o -o p) || fail "xgcc failed"
	(cd g && gcc @/dev/null -O2 -flto -fno-use-linker-plugin -save-temps -fdump-tree-optimized a.o m.o -o p) || fail "gcc failed"
	diff <(cd x && ls -1 p.*args* | sort) <(cd g && ls -1 p.*args* | sort) || fail "the argument files differ (xgcc <, gcc >)"
	[ ! -e x/p.res ] && [ ! -e g/p.res ]
	assert_equal "$(cat x/p.lto_args)" "$(printf 'a.o\nm.o')"
	# ld1_args: the link as collect2 got it; ld_args: with lto1's objects
	grep -qx 'a.o' x/p.ld1_args
	refute grep -qx 'a.o' x/p.ld_args
	grep -q 'ltrans0.ltrans.o' x/p.ld_args
	run x/p
	assert_success
	# with the plugin's flow (the default), the plugin's files
	(cd x && rm -f p.* && "$XGCC" @/dev/null -O2 -flto -save-temps a.o m.o -o p) || fail "xgcc failed"
	[ -e x/p.res ] && [ -e x/p.lto_wrapper_args ] && [ -e x/p.ld1_args ] && [ ! -e x/p.ld_args ]
}

@test "-dumpdir '' -dumpbase '': cc1 gets the empty arguments (as gcc's %\"), and the dumps land where gcc's do" {
	run "$XGCC" -### -c a.c -dumpdir ""
	assert_success
	assert_line --regexp '/cc1 .* -dumpdir "" -dumpbase a\.c '
	same_dumps -fdump-ipa-icf-optimized -fstack-usage -dumpdir "" -dumpbase ""
	[ -n "$(cd x && find . -name '*.wpa.[0-9]*i.icf')" ] || fail "no WPA dump"
}
