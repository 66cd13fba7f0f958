#!/usr/bin/env bats
# The plugin-free LTO link: collect2 runs xgcc's lto1 before ld; lto1
# resolves symbols as ld's plugin would and runs the backend's WPA and
# LTRANS.  What must come out is the optimization gcc's plugin path gives:
# internalization, cross-file inlining, dead code gone, archives included.
load helper
bats_require_minimum_version 1.5.0

setup() {
	common_setup
	cat >a.c <<'EOF'
#include <stdio.h>
int twice(int x);            /* b.c: small, inlined across files */
int only_lto(int x);         /* b.c: used only inside the LTO unit */
int from_plain(int x);       /* b.c: used by a non-LTO object too */
int plain_user(int x);       /* plain.c, compiled without -flto */
int main(void)
{
	printf("%d\n", twice(20) + only_lto(1) + plain_user(1));
	return 0;
}
EOF
	cat >b.c <<'EOF'
int twice(int x) { return 2 * x; }
int only_lto(int x) { return x + 1; }
int from_plain(int x) { return x + 100; }
int never_called(int x) { return x * 7; }
EOF
	cat >plain.c <<'EOF'
int from_plain(int x);
int plain_user(int x) { return from_plain(x) - 100; }
EOF
}

# The global functions a program defines, sorted.
globals() { nm --defined-only "$1" | awk '$2 == "T" { print $3 }' | sort; }

@test "single step: xgcc -flto -O2 a.c b.c plain.o runs, with no linker plugin" {
	"$XGCC" -O2 -c plain.c
	run "$XGCC" -v -flto -O2 a.c b.c plain.o -o p
	assert_success
	refute_output --regexp ' -plugin |-plugin-opt'
	refute_output --partial "liblto_plugin"
	assert_output --partial "collect2: LTO input:"
	run ./p
	assert_output 43
	assert_no_temps
}

@test "multi-step: -c with -flto, then the link" {
	"$XGCC" -O2 -flto -c a.c
	"$XGCC" -O2 -flto -c b.c
	"$XGCC" -O2 -c plain.c
	run "$XGCC" -O2 -flto a.o b.o plain.o -o p
	assert_success
	run ./p
	assert_output 43
}

@test "internalization: LTO-only functions go, one used by non-LTO code stays" {
	"$XGCC" -O2 -flto -c a.c b.c
	"$XGCC" -O2 -c plain.c
	"$XGCC" -O2 -flto a.o b.o plain.o -o p
	run globals p
	refute_line twice
	refute_line only_lto
	refute_line never_called
	assert_line from_plain
	assert_line plain_user
	assert_line main
	# the same as gcc's linker plugin gives
	gcc -O2 -flto a.o b.o plain.o -o p-gcc
	[ "$(globals p)" = "$(globals p-gcc)" ]
}

@test "cross-file inlining: main calls no twice() at all" {
	"$XGCC" -O2 -flto -c a.c b.c
	"$XGCC" -O2 -c plain.c
	"$XGCC" -O2 -flto a.o b.o plain.o -o p -save-temps
	run objdump -d p
	refute_output --regexp 'call.*<twice>'
	# and the 40 of twice(20) is folded into the constant
	grep -q 'PREVAILING_DEF_IRONLY twice' p.res
}

@test "-fwhole-program with a reference from non-LTO code still links" {
	"$XGCC" -O2 -flto -c a.c b.c
	"$XGCC" -O2 -c plain.c
	run "$XGCC" -O2 -flto -fwhole-program a.o b.o plain.o -o p
	assert_success
	run ./p
	assert_output 43
	# gcc's own non-plugin path breaks here
	run gcc -O2 -flto -fno-use-linker-plugin -fwhole-program a.o b.o plain.o -o p-np
	assert_failure
}

@test "static archives: LTO members are optimized, unused functions gone" {
	"$XGCC" -O2 -flto -c a.c
	"$XGCC" -O2 -flto -c b.c
	"$XGCC" -O2 -c plain.c
	printf 'int lib_unused(int x) { return x - 3; }\n' >c.c
	"$XGCC" -O2 -flto -c c.c
	gcc-ar rcs libb.a b.o c.o
	run "$XGCC" -v -O2 -flto a.o plain.o -L. -lb -o p
	assert_success
	assert_output --regexp 'collect2: LTO input: \./libb\.a@0x[0-9a-f]+ \(slim, member b\.o\)'
	run ./p
	assert_output 43
	run globals p
	refute_line never_called
	refute_line only_lto
	refute_line lib_unused
	assert_line from_plain
	# plain ar (no gcc-ar) indexes the IR symbols too (binutils loads the plugin)
	rm libb.a && ar rcs libb.a b.o c.o
	run "$XGCC" -O2 -flto a.o plain.o libb.a -o p2
	assert_success
	run ./p2
	assert_output 43
}

@test "shared library: -shared -fPIC -flto keeps the exported API, hidden ones go" {
	cat >api.c <<'EOF'
static int helper(int x) { return x * 3; }
int internal_hidden(int x) __attribute__((visibility("hidden")));
int internal_hidden(int x) { return helper(x) + 1; }
int api_one(int x) { return internal_hidden(x); }
int api_two(int x) { return x - 1; }
EOF
	"$XGCC" -O2 -fPIC -flto -c api.c
	run "$XGCC" -O2 -fPIC -flto -shared api.o -o libapi.so
	assert_success
	run nm -D --defined-only libapi.so
	assert_output --partial api_one
	assert_output --partial api_two
	refute_output --partial internal_hidden
	printf 'int api_one(int);\nint main(void) { return api_one(2) != 7; }\n' >use.c
	"$XGCC" -O2 use.c -L. -lapi -Wl,-rpath,"$PWD" -o use
	run ./use
	assert_success
}

@test "the resolution file is the one ld's plugin writes" {
	"$XGCC" -O2 -flto -c a.c b.c
	"$XGCC" -O2 -c plain.c
	printf 'int lib_unused(int x) { return x - 3; }\n' >c.c
	"$XGCC" -O2 -flto -c c.c
	gcc-ar rcs libc2.a c.o
	mkdir g x
	for mode in "" "-rdynamic" "-no-pie" "-Wl,-u,lib_unused" "-static"; do
		(cd g && gcc -save-temps -O2 -flto ../a.o ../b.o ../plain.o ../libc2.a $mode -o p)
		(cd x && "$XGCC" -save-temps -O2 -flto ../a.o ../b.o ../plain.o ../libc2.a $mode -o p)
		echo "mode: $mode"
		diff g/p.res x/p.res
	done
}

@test "fat objects: LTO with -flto, their plain code with -fno-lto" {
	"$XGCC" -O2 -flto -ffat-lto-objects -c a.c b.c
	"$XGCC" -O2 -c plain.c
	run "$XGCC" -v -O2 -flto a.o b.o plain.o -o p
	assert_success
	assert_output --partial "LTO input: a.o (fat)"
	assert_output --regexp 'xgcc -xlto -c'
	run globals p
	refute_line never_called
	run "$XGCC" -v -O2 -fno-lto a.o b.o plain.o -o p-plain
	assert_success
	refute_output --regexp 'xgcc -xlto'
	run globals p-plain
	assert_line never_called
	run ./p-plain
	assert_output 43
	# a slim object cannot be linked without its IR
	"$XGCC" -O2 -flto -c b.c -o slim-b.o
	run "$XGCC" -O2 -fno-lto a.o slim-b.o plain.o -o p-bad
	assert_failure
	assert_output --partial "slim-b.o: slim LTO object (no code but LTO IR) cannot be linked with -fno-lto"
}

@test "objects from stock gcc -flto, slim and fat, mixed with non-LTO ones" {
	gcc -O2 -flto -c a.c
	gcc -O2 -flto -ffat-lto-objects -c b.c
	gcc -O2 -c plain.c
	run "$XGCC" -O2 -flto a.o b.o plain.o -o p
	assert_success
	run ./p
	assert_output 43
	run globals p
	refute_line only_lto
}

@test "-save-temps keeps the resolution, the partition list and the LTRANS objects" {
	"$XGCC" -O2 -flto -c a.c b.c
	"$XGCC" -O2 -c plain.c
	run "$XGCC" -save-temps -O2 -flto=2 -flto-partition=max a.o b.o plain.o -o p
	assert_success
	[ -e p.res ] || fail "p.res is missing"
	[ -e p.ltrans.out ] || fail "p.ltrans.out is missing"
	[ -e p.ltrans0.o ] || fail "p.ltrans0.o is missing"
	[ -e p.ltrans0.ltrans.o ] || fail "p.ltrans0.ltrans.o is missing"
	[ -e p.ltrans1.ltrans.o ] || fail "p.ltrans1.ltrans.o is missing"
	run ./p
	assert_output 43
	assert_no_temps
}

@test "-v shows every backend command: WPA, each LTRANS, the assembler" {
	"$XGCC" -O2 -flto -c a.c b.c
	"$XGCC" -O2 -c plain.c
	run "$XGCC" -v -O2 -flto=2 -flto-partition=max a.o b.o plain.o -o p
	assert_success
	assert_output --regexp 'lto1 .*-fwpa=2'
	assert_output --regexp 'lto1 .*-fltrans '
	# as, or /usr/bin/x86_64-linux-gnu-as (Debian's GCC 15 and later)
	assert_output --regexp '(^| |/)([a-z0-9_]+-[a-z0-9_]+-[a-z0-9_-]+-)?as .*ltrans'
	assert_no_temps
}

@test "-flto=auto runs the LTRANS jobs at the same time" {
	# Each LTRANS job ends with the assembler; a logging "as" found first
	# through -B records when each one starts and waits (up to 20 s) until
	# another one has started too, then runs the real as.
	mkdir bin
	cat >bin/as <<EOF
#!/bin/sh
echo start >>"$PWD/as.log.\$\$"
i=0
while [ \$(ls "$PWD"/as.log.* | wc -l) -lt 2 ] && [ \$i -lt 200 ]; do sleep 0.1; i=\$((i+1)); done
[ \$i -lt 200 ] && echo together >>"$PWD/together"
exec $(command -v as) "\$@"
EOF
	chmod +x bin/as
	"$XGCC" -O2 -flto -c a.c b.c
	"$XGCC" -O2 -c plain.c
	run "$XGCC" -B"$PWD/bin/" -O2 -flto=auto -flto-partition=max a.o b.o plain.o -o p
	assert_success
	[ "$(nproc)" -ge 2 ] || skip "one core: nothing runs in parallel"
	[ -e together ] || fail "together is missing"
	run ./p
	assert_output 43
}

@test "the LTRANS jobs start with the largest partition, as lto-wrapper's" {
	# A logging "as" records which partition each LTRANS job assembles
	# (its .s is named by the job's -dumpbase, "./p.ltransK.ltrans", as
	# lto-wrapper names it); with -flto=1 they run one after the other,
	# in the order they start.
	mkdir bin
	cat >bin/as <<EOF
#!/bin/sh
for a; do case \$a in *.ltrans.s) a=\${a#./}; echo "\${a%.ltrans.s}.o" >>"$PWD/as.log";; esac; done
exec $(command -v as) "\$@"
EOF
	chmod +x bin/as
	# big() is many times the size of the others; c.o first puts it in
	# the last partition
	{ echo 'int big(int x) {'
	  for i in $(seq 1 200); do echo "  x = x * $i + (x >> ($i % 7)) - $i;"; done
	  echo '  return x; }'; } >c.c
	"$XGCC" -O2 -flto -c a.c b.c c.c
	"$XGCC" -O2 -c plain.c
	run "$XGCC" -B"$PWD/bin/" -save-temps -O2 -flto=1 -flto-partition=max -u big c.o a.o b.o plain.o -o p
	assert_success
	# p.ltrans.out: "SIZE" "NAME" pairs in partition order; the expected
	# start order is by size, largest first, ties in partition order
	paste - - <p.ltrans.out | awk '{ print $1, NR, $2 }' | sort -k1,1nr -k2,2n | awk '{ print $3 }' >expected
	[ "$(wc -l <expected)" -ge 3 ] || fail "fewer than 3 partitions"
	# the largest is not the first partition, so the test can tell
	[ "$(head -1 expected)" != "$(sed -n 2p p.ltrans.out)" ] || fail "the largest partition is the first"
	run diff expected as.log
	assert_success
	run ./p
	assert_output 43
}

@test "under make -j4 the LTRANS jobs take make's jobserver tokens" {
	"$XGCC" -O2 -flto -c a.c b.c
	"$XGCC" -O2 -c plain.c
	printf 'p: a.o b.o plain.o\n\t+"%s" -v -O2 -flto=jobserver -flto-partition=max a.o b.o plain.o -o p\n' "$XGCC" >Makefile
	run make -j4
	assert_success
	assert_output --regexp "lto1: [0-9]+ partitions; LTRANS jobs under make.s jobserver"
	run ./p
	assert_output 43
}

@test "a corrupt compressed stream is named, never a backend crash" {
	"$XGCC" -O2 -flto -c a.c b.c
	"$XGCC" -O2 -c plain.c
	cp b.o bad.o
	# zero the last bytes of b's .decls stream: zstd then fails to decode it
	read -r off size < <(readelf -SW bad.o | awk '/\.gnu\.lto_\.decls\./ { for (i = 1; i <= NF; i++) if ($i ~ /^\.gnu/) print $(i+3), $(i+4) }')
	printf '\0\0\0\0' | dd of=bad.o bs=1 seek=$(( 0x$off + 0x$size - 4 )) conv=notrunc 2>/dev/null
	run "$XGCC" -O2 -flto a.o bad.o plain.o -o p
	assert_failure
	assert_output --regexp "^lto1: error: bad.o: section \.gnu\.lto_\.decls\.[0-9a-f]+: corrupt compressed stream$"
	refute_output --partial "internal compiler error"
	[ ! -e p ]
	assert_no_temps
	# damage that still decompresses reaches the backend: one line still
	cp b.o bad2.o
	head -c 64 /dev/zero | dd of=bad2.o bs=1 seek=$(( 0x$off + 0x$size / 2 - 32 )) conv=notrunc 2>/dev/null
	run "$XGCC" -O2 -flto a.o bad2.o plain.o -o p
	assert_failure
	refute_output --partial "internal compiler error"
	refute_output --partial "Please submit"
	[ ! -e p ]
}

@test "a bytecode version mismatch says which versions" {
	"$XGCC" -O2 -flto -c a.c b.c
	"$XGCC" -O2 -c plain.c
	cp b.o old.o
	read -r off < <(readelf -SW old.o | awk '/\.gnu\.lto_\.lto\./ { for (i = 1; i <= NF; i++) if ($i ~ /^\.gnu/) print $(i+3) }')
	printf '\013\0' | dd of=old.o bs=1 seek=$(( 0x$off )) conv=notrunc 2>/dev/null
	run env LC_ALL=C "$XGCC" -O2 -flto a.o old.o plain.o -o p
	assert_failure
	# the expected version: the backend's (12.0 for GCC 12)
	local want
	want=$(lto_module_re)
	want=${want#bytecode }
	assert_output --regexp "^lto1: error: bytecode stream in file 'old\.o' generated with LTO version 11\.0 instead of the expected ${want%%,*} \(the backend is gcc $(gcc -dumpfullversion | sed 's/\./\\./g')\)$"
	refute_output --partial "internal compiler error"
	[ ! -e p ]
}

@test "-r merges the LTO objects into one, which links again with LTO" {
	"$XGCC" -O2 -flto -c a.c b.c
	"$XGCC" -O2 -c plain.c
	run "$XGCC" -flto -r a.o b.o -o ab.o
	assert_success
	run "$XGCC_BUILDDIR/lto1" --list ab.o
	assert_line --partial "LTO slim, 2 modules"
	run "$XGCC" -O2 -flto ab.o plain.o -o p
	assert_success
	run ./p
	assert_output 43
	run globals p
	refute_line only_lto
	# stock gcc reads it too
	gcc -O2 -flto ab.o plain.o -o p-gcc
	run ./p-gcc
	assert_output 43
	assert_no_temps
}

@test "-r with LTO and non-LTO objects gives real code, as gcc does, with its warning" {
	"$XGCC" -O2 -flto -c b.c
	"$XGCC" -O2 -c plain.c
	run "$XGCC" -O2 -flto -r b.o plain.o -o mixed.o
	assert_success
	assert_output --partial "warning: incremental linking of LTO and non-LTO objects; using -flinker-output=nolto-rel"
	run "$XGCC_BUILDDIR/lto1" --list mixed.o
	assert_output --partial "not LTO"
	"$XGCC" -O2 -flto -c a.c
	run "$XGCC" -O2 -flto a.o mixed.o -o p
	assert_success
	run ./p
	assert_output 43
	# -flinker-output=nolto-rel asks for it: no warning
	run "$XGCC" -O2 -flto -r -flinker-output=nolto-rel a.o b.o -o ab-code.o
	assert_success
	refute_output --partial warning
	run nm ab-code.o
	assert_output --partial " T main"
}

@test "objects compiled with conflicting options: the link warns, naming both" {
	"$XGCC" -O2 -flto -fno-common -c a.c
	"$XGCC" -O2 -flto -fcommon -c b.c
	"$XGCC" -O2 -c plain.c
	run env LC_ALL=C "$XGCC" -O2 -flto a.o b.o plain.o -o p
	assert_success
	assert_output "lto1: warning: a.o compiled with '-fno-common' but b.o with '-fcommon'"
	run ./p
	assert_output 43
}

@test "options GCC keeps per function (-fstrict-aliasing, -fwrapv, -fexceptions) mix without a word" {
	"$XGCC" -O2 -flto -fstrict-aliasing -fwrapv -c a.c
	"$XGCC" -O2 -flto -fno-strict-aliasing -fno-wrapv -fexceptions -c b.c
	"$XGCC" -O2 -c plain.c
	run --separate-stderr "$XGCC" -O2 -flto a.o b.o plain.o -o p
	assert_success
	assert_equal "$stderr" ""
	run ./p
	assert_output 43
}

@test "a definition that interposes a shared library's stays exported (the library calls it)" {
	printf 'int over(void) { return 1; }\nint callover(void) { return over(); }\n' >lib3.c
	printf '#include <stdio.h>\nint over(void) { return 2; }\nint callover(void);\nint main(void) { printf("%%d %%d\\n", over(), callover()); return 0; }\n' >use3.c
	gcc -O2 -fPIC -shared lib3.c -o libl3.so
	run "$XGCC" -flto -O2 use3.c -L. -ll3 -Wl,-rpath,"$PWD" -o p
	assert_success
	run ./p
	assert_output "2 2"
}

@test "--export-dynamic-symbol, --dynamic-list and --defsym keep what they name" {
	"$XGCC" -O2 -flto -c a.c b.c
	"$XGCC" -O2 -c plain.c
	run "$XGCC" -flto -O2 -Wl,--export-dynamic-symbol=never_called a.o b.o plain.o -o p1
	assert_success
	run nm -D --defined-only p1
	assert_output --partial never_called
	printf '{ never_c*; };\n' >dl.txt
	run "$XGCC" -flto -O2 -Wl,--dynamic-list=dl.txt a.o b.o plain.o -o p2
	assert_success
	run nm -D --defined-only p2
	assert_output --partial never_called
	run "$XGCC" -flto -O2 -Wl,--defsym=alias=never_called a.o b.o plain.o -o p3
	assert_success
	run ./p3
	assert_output 43
}

@test "modules that cannot be linked together: one error, the backend is not run" {
	"$XGCC" -O2 -flto -c a.c
	gcc -m32 -O2 -flto -c b.c -o b32.o 2>/dev/null || skip "gcc -m32 cannot compile here"
	"$XGCC" -O2 -c plain.c
	run env LC_ALL=C "$XGCC" -O2 -flto a.o b32.o plain.o -o p
	assert_failure
	assert_line "lto1: error: a.o compiled with '-m64' but b32.o with '-m32'"
	[ "${#lines[@]}" -eq 1 ]
	[ ! -e p ]
}

@test "-save-temps at -flto -c leaves no file of the driver's in TMPDIR" {
	run "$XGCC" -O2 -flto -save-temps -c a.c
	assert_success
	assert_no_temps
}
