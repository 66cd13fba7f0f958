#!/usr/bin/env bats
# What an LTO link must never do, however its inputs and output are named
# (collect2, lto1): overwrite one of its inputs, follow a link planted
# under a temporary name, lose an object whose name holds a newline, or
# hand ld a damaged object without saying what is wrong with it.
load helper
load lib-run

setup() {
	common_setup
	printf 'int f(void) { return 3; }\n' >f.c
	printf 'int f(void);\nint main(void) { return f() - 3; }\n' >m.c
	"$XGCC" -O2 -flto -c f.c m.c
	printf 'int g(void) { return 0; }\n' >g.c
	"$XGCC" -O2 -c g.c
}

# gen_lto_program SEED FILES FUNCS: bench/gen-program's program (no
# library) compiled with -flto into objs (an array), and nonlto.o.
gen_lto_program() {
	sh "$SRCDIR/bench/gen-program" -s "$1" -f "$2" -k "$3" -g 0 gen 2>/dev/null
	local f
	objs=()
	for f in gen/prog/*.c; do
		"$XGCC" -O2 -flto -c "$f" -o "$(basename "$f" .c).o"
		objs+=("$(basename "$f" .c).o")
	done
	"$XGCC" -O2 -c gen/nonlto.c -o nonlto.o
}

@test "an input given to ld by -Wl, as the output: refused, the input unchanged" {
	local before
	before=$(sha256sum g.o)
	run "$XGCC" -O2 -flto m.o f.o -Wl,g.o -o g.o
	assert_failure 1
	assert_output --regexp "^collect2: error: input file .g\.o. is the same as output file$"
	assert_equal "$(sha256sum g.o)" "$before"
	# the same through another path to it, and an archive
	mkdir sub
	run "$XGCC" -O2 -flto m.o f.o -Wl,g.o -o sub/../g.o
	assert_failure 1
	assert_equal "$(sha256sum g.o)" "$before"
	ar rcs libg.a g.o
	before=$(sha256sum libg.a)
	run "$XGCC" -O2 -flto m.o f.o -L. -lg -o libg.a
	assert_failure 1
	assert_output --regexp "input file .*libg\.a. is the same as output file"
	assert_equal "$(sha256sum libg.a)" "$before"
	assert_no_temps
}

@test "a link that fails in ld still removes the output it started" {
	printf 'stale\n' >p
	run "$XGCC" -O2 -flto m.o -o p
	assert_failure 1
	assert_no_file p
}

@test "an output name with a newline: every LTO link form works" {
	local out=$'o\nu' opts
	for opts in "" "-g" "-flto=2 -flto-partition=max" "-save-temps"; do
		# shellcheck disable=SC2086
		run "$XGCC" -O2 $opts -flto m.o f.o -o "$out"
		assert_success
		run "./$out"
		assert_success
	done
}

@test "an ELF magic and garbage after it: collect2 names the file and the reason" {
	printf '\177ELF\377garbage garbage garbage garbage garbage garbage garbage\n' >bad.o
	run "$XGCC" -O2 g.o bad.o -o p
	assert_failure 1
	assert_output "collect2: error: bad.o: unknown ELF class 255"
	assert_no_file p
	assert_no_temps
}

@test "MinGW -flto -r: a link planted at a temporary name beside the output is not followed" {
	local t=x86_64-w64-mingw32
	[ -x "$XGCC_BUILDDIR/$t-xgcc" ] || skip "no $t-xgcc (the MinGW cross drivers are not built)"
	"$XGCC_BUILDDIR/$t-xgcc" -O2 -flto -c f.c -o cf.o
	"$XGCC_BUILDDIR/$t-xgcc" -O2 -flto -c m.c -o cm.o
	printf 'precious\n' >victim
	ln -s victim merged.o.xgcc-tmp
	run "$XGCC_BUILDDIR/$t-xgcc" -O2 -flto -r cf.o cm.o -o merged.o
	assert_success
	assert_equal "$(cat victim)" precious
	run "$XGCC_BUILDDIR/lto1" --list merged.o
	assert_success
	assert_output --partial "LTO slim, 2 modules"
	# nothing left beside the output but the planted link
	assert_equal "$(ls merged.o*)" "merged.o
merged.o.xgcc-tmp"
	assert_no_temps
}

@test "a full TMPDIR: the link fails with one line that says so, never silently" {
	command -v unshare >/dev/null || skip "no unshare(1) for a private tmpfs"
	unshare -rm true 2>/dev/null || skip "no user or mount namespaces here"
	gen_lto_program 3 6 80
	mkdir small
	local size failures=0
	# from too small for the link description to enough for all: each
	# link either works or fails with the one line (WPA's output, the
	# LTRANS jobs' and the single run's messages lost on the way)
	for size in 64k 200k 300k 400k 500k 700k 1m 2m 4m; do
		run unshare -rm sh -c 'mount -t tmpfs -o "size=$1" tmpfs "$2" && shift 2 && TMPDIR="$PWD/small" exec "$@"' \
			sh "$size" "$PWD/small" "$XGCC" -O2 -flto=2 "${objs[@]}" nonlto.o -o prog
		if [ "$status" -eq 0 ]; then
			./prog >/dev/null || fail "the program linked with a $size TMPDIR does not run"
			continue
		fi
		failures=$((failures + 1))
		assert_failure 1
		[ "${#lines[@]}" -le 2 ] || fail "more than one error with a $size TMPDIR: $output"
		assert_output --regexp "(: No space left on device|and the messages were lost: $PWD/small (is full \(No space left on device\)|was full, or a file size limit was reached))"
		assert_no_file prog
	done
	[ "$failures" -gt 1 ] || fail "only $failures of the sizes failed: the test needs smaller ones"
}

@test "kill -9 of collect2 during the LTO stage: lto1 and its backend jobs end too" {
	gen_lto_program 5 8 150
	"$XGCC" -O2 -flto=2 "${objs[@]}" nonlto.o -o "$PWD/killed-prog" 3>&- &
	local xgcc_pid=$!
	wait_for_process "$XGCC_BUILDDIR/lto1 --link" || fail "lto1 never started"
	# the backend at work (WPA or LTRANS), then collect2 killed outright
	wait_for_process "/lto1 .*-f(wpa|ltrans|ltrans-output-list)" || true
	pkill -KILL -f "^$XGCC_BUILDDIR/collect2 .*killed-prog" || fail "no collect2 to kill"
	wait "$xgcc_pid" || true
	wait_for_no_process "$XGCC_BUILDDIR/lto1 --link" 100 || fail "lto1 outlived collect2"
	wait_for_no_process "/lto1 .*-dumpbase $TMPDIR" 100 || fail "a backend job outlived collect2"
	# what is left is collect2's own (it could not clean up): not the
	# partitions, LTRANS objects and assembly of the working set
	local left
	left=$(find "$TMPDIR" -type f -printf '%s\n' | awk '{ s += $1 } END { print s + 0 }')
	[ "$left" -lt 65536 ] || fail "$left bytes left in TMPDIR: $(find "$TMPDIR" -type f)"
	assert_no_file killed-prog
}

@test "3001 LTO objects at paths of 950 characters (an @file, as CMake and Ninja write): nm and WPA get response files" {
	local d p i
	d=$(printf 'a%.0s' $(seq 200))/$(printf 'b%.0s' $(seq 200))/$(printf 'c%.0s' $(seq 200))/$(printf 'd%.0s' $(seq 200))
	p=$(printf 'e%.0s' $(seq 120))
	mkdir -p "$d"
	printf 'static volatile int v;\nstatic void __attribute__((constructor)) init(void) { v++; }\n' >piece.c
	"$XGCC" -O1 -flto -c piece.c
	{
		echo "$PWD/m.o"
		echo "$PWD/f.o"
		for i in $(seq -w 3001); do
			ln piece.o "$d/${p}_$i.o"
			echo "$PWD/$d/${p}_$i.o"
		done
	} >objs.rsp
	[ "$(wc -c <objs.rsp)" -gt 2800000 ] || fail "the list is too short to need a response file"
	run "$XGCC" -O1 -flto=2 @objs.rsp -o prog
	assert_success
	assert_output ""
	run ./prog
	assert_success
	assert_no_temps
}

# two_f: a.o and b.o define f (1 and 2), m.o calls it; all LTO, plus
# plain copies pa.o and pb.o.
two_f() {
	printf 'int f(void) { return 1; }\n' >a.c
	printf 'int f(void) { return 2; }\n' >b.c
	printf 'int f(void);\nint main(void) { return f(); }\n' >mf.c
	"$XGCC" -O2 -flto -c a.c b.c mf.c
	"$XGCC" -O2 -c a.c -o pa.o
	"$XGCC" -O2 -c b.c -o pb.o
}

@test "two strong definitions in LTO objects: ld's error, naming both files" {
	two_f
	run "$XGCC" -O2 -flto mf.o b.o a.o -o p
	assert_failure 1
	assert_line --regexp "^lto1: error: a\.o: multiple definition of .f.; b\.o: first defined here$"
	assert_no_file p
	# the same object twice
	run "$XGCC" -O2 -flto mf.o a.o a.o -o p
	assert_failure 1
	assert_line --regexp "^lto1: error: a\.o: multiple definition of .f.; a\.o: first defined here$"
	# an LTO definition against a plain one, either way round
	run "$XGCC" -O2 -flto mf.o a.o pb.o -o p
	assert_failure 1
	assert_line --regexp "^lto1: error: pb\.o: multiple definition of .f.; a\.o: first defined here$"
	run "$XGCC" -O2 -flto mf.o pb.o a.o -o p
	assert_failure 1
	assert_line --regexp "^lto1: error: a\.o: multiple definition of .f.; pb\.o: first defined here$"
	# gcc refuses them all (ld, through the plugin)
	run gcc -O2 -flto mf.o b.o a.o -o g
	assert_failure
	assert_output --partial "multiple definition of"
	assert_no_temps
}

@test "what ld allows stays allowed: weak, common, COMDAT, -z muldefs (the first wins)" {
	two_f
	printf '__attribute__((weak)) int f(void) { return 7; }\n' >w.c
	printf 'int c;\n' >c1.c
	printf 'int c;\nint g(void) { return c; }\n' >c2.c
	printf 'inline int h(int x) { return x + 1; }\nint use1(int x) { return h(x); }\n' >i1.cc
	printf 'inline int h(int x) { return x + 1; }\nint use2(int x) { return h(x); }\nint main() { return use2(1) - 2; }\n' >i2.cc
	"$XGCC" -O2 -flto -c w.c
	"$XGCC" -O2 -flto -fcommon -c c1.c c2.c
	"$XGXX" -O0 -flto -c i1.cc i2.cc
	run "$XGCC" -O2 -flto mf.o w.o a.o -o p
	assert_success
	run ./p
	assert_equal "$status" 1
	printf 'int main(void) { return 0; }\n' >cm.c
	"$XGCC" -O2 -flto -c cm.c
	run "$XGCC" -O2 -flto -fcommon cm.o c1.o c2.o -o pc
	assert_success
	run "$XGXX" -O0 -flto i1.o i2.o -o pi
	assert_success
	run ./pi
	assert_success
	run "$XGCC" -O2 -flto -Wl,--allow-multiple-definition mf.o b.o a.o -o pm
	assert_success
	run ./pm
	assert_equal "$status" 2
	run "$XGCC" -O2 -flto -Wl,-z,muldefs mf.o a.o b.o -o pm
	assert_success
	run ./pm
	assert_equal "$status" 1
}
