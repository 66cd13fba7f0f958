#!/usr/bin/env bats
# LTO programs of the cross drivers run: for aarch64-linux-gnu,
# riscv64-linux-gnu and arm-none-eabi, a multi-file program with a static
# library of LTO objects is linked -flto by TRIPLET-xgcc (through xgcc's
# collect2 and lto1: libelf reads the other machine's objects, the marker,
# the archive members, the resolution) and by the cross gcc's own linker
# plugin; both run under qemu-user (the glibc ones with -L /usr/TRIPLET;
# arm-none-eabi's with newlib's rdimon.specs, printing through
# semihosting) and must print the same, with text sizes within 1%.
# Everything is built once, in setup_file; a target whose cross GCC or
# qemu is missing, or whose qemu cannot run the cross gcc's own program,
# is skipped, saying why.  The archive is made with TRIPLET-xgcc-ar for
# aarch64 and arm, with binutils' plain TRIPLET-ar (no plugin, no LTO
# symbol table) for riscv64.
load helper

# gen DIR: the program's sources: main.c, m1.c..m4.c, lib members l1.c..l4.c
gen() {
	local d=$1 i k
	mkdir -p "$d"
	{
		echo '#include <stdio.h>'
		for i in 1 2 3 4; do echo "long mod$i(long);"; done
		echo 'long lib_fold(long (*)(long), long); extern int lib_calls;'
		echo 'int main(void) {'
		echo '	long s = 0;'
		for i in 1 2 3 4; do echo "	s += lib_fold(mod$i, $((i * 50)));"; done
		echo '	printf("s=%ld calls=%d\n", s, lib_calls);'
		echo '	return 0;'
		echo '}'
	} >"$d/main.c"
	for i in 1 2 3 4; do
		{
			echo "long lib_mix$i(long);"
			echo "static long step$i(long x) { return x * $((i + 2)) + $i; }"
			echo "long mod$i(long x) { long r = 0; for (long k = 0; k < x % 17; k++) r += step$i(k); return lib_mix$i(r); }"
			echo "long unused$i(long x) { return x ^ $i; }"
		} >"$d/m$i.c"
		{
			[ "$i" = 1 ] && echo 'int lib_calls;' || echo 'extern int lib_calls;'
			echo "long lib_mix$i(long x) { lib_calls++; return (x << $i) - (x >> 1); }"
			[ "$i" = 1 ] && echo 'long lib_fold(long (*f)(long), long n) { long s = 0; for (long k = 0; k < n; k++) s += f(k); return s; }'
			echo "long lib_never$i(long x) { return x + $i; }"
		} >"$d/l$i.c"
	done
	echo 'long lib_not_pulled(long x) { return -x; }' >"$d/l5.c"
}

# build DIR CC AR OUT FLAGS...: objects -flto -O2, the library, the link
build() {
	local d=$1 cc=$2 ar=$3 out=$4
	shift 4
	(
		cd "$d" && rm -f ./*.o libl.a &&
			"$cc" "$@" -flto -O2 -c main.c m1.c m2.c m3.c m4.c l1.c l2.c l3.c l4.c l5.c &&
			"$ar" rcs libl.a l1.o l2.o l3.o l4.o l5.o &&
			"$cc" "$@" -flto -O2 -v main.o m1.o m2.o m3.o m4.o libl.a -o "$out"
	)
}

text_size() {
	LC_ALL=C size "$1" | awk 'NR == 2 { print $1 }'
}

# case NAME T RUNNER AR_KIND FLAGS...: build both programs of one case
# under $BATS_FILE_TMPDIR/NAME, run them with RUNNER ("" for none),
# and leave what happened in NAME.status ("skip REASON" or "ok").
case_build() {
	local name=$1 t=$2 runner=$3 arkind=$4 dir="$BATS_FILE_TMPDIR/$1"
	shift 4
	local st="$BATS_FILE_TMPDIR/$name.status" xar gar
	if [ ! -x "$XGCC_BUILDDIR/$t-xgcc" ]; then
		echo "skip target $t not configured (configure finds it with $t-gcc, $t-as and $t-ld installed$(linux_cross_note "$t"))" >"$st"
		return
	fi
	command -v "$t-gcc" >/dev/null || { echo "skip $t-gcc is not installed$(linux_cross_note "$t")" >"$st"; return; }
	if [ -n "$runner" ]; then
		command -v "${runner%% *}" >/dev/null || { echo "skip ${runner%% *} is not installed (qemu-user)" >"$st"; return; }
	fi
	local f
	for f in "$@"; do
		case $f in
		--specs=*)
			[ -e "$("$t-gcc" -print-file-name="${f#--specs=}")" ] || {
				echo "skip newlib's ${f#--specs=} is not installed (libnewlib-arm-none-eabi; Debian unstable has none)" >"$st"
				return
			} ;;
		esac
	done
	if [ "$arkind" = plain ]; then xar=$t-ar; else xar=$XGCC_BUILDDIR/$t-xgcc-ar; fi
	gar=$t-gcc-ar
	gen "$dir/x"
	gen "$dir/g"
	build "$dir/g" "$t-gcc" "$gar" prog "$@" >"$dir/g.log" 2>&1 || { echo "fail the cross gcc's build failed: $(tail -3 "$dir/g.log")" >"$st"; return; }
	build "$dir/x" "$XGCC_BUILDDIR/$t-xgcc" "$xar" prog "$@" >"$dir/x.log" 2>&1 || { echo "fail xgcc's build failed: $(tail -5 "$dir/x.log")" >"$st"; return; }
	if [ -n "$runner" ]; then
		# shellcheck disable=SC2086
		if ! timeout 60 $runner "$dir/g/prog" >"$dir/g.out" 2>&1; then
			echo "skip $runner cannot run the cross gcc's own program: $(head -c 200 "$dir/g.out")" >"$st"
			return
		fi
		# shellcheck disable=SC2086
		timeout 60 $runner "$dir/x/prog" >"$dir/x.out" 2>&1
		echo $? >"$dir/x.rc"
	fi
	echo ok >"$st"
}

setup_file() {
	case_build aarch64 aarch64-linux-gnu "qemu-aarch64 -L /usr/aarch64-linux-gnu" xgcc-ar
	case_build riscv64 riscv64-linux-gnu "qemu-riscv64 -L /usr/riscv64-linux-gnu" plain
	case_build arm arm-none-eabi "qemu-arm" xgcc-ar --specs=rdimon.specs
	case_build arm-thumb arm-none-eabi "qemu-arm" xgcc-ar -mcpu=cortex-a7 -mthumb --specs=nano.specs --specs=rdimon.specs
	# Cortex-M programs stop at their first semihosting call under
	# qemu-user (M-profile's bkpt 0xab): linked and measured, not run
	case_build cortex-m4 arm-none-eabi "" xgcc-ar -mcpu=cortex-m4 -mthumb -mfloat-abi=hard -mfpu=fpv4-sp-d16 \
		--specs=nano.specs --specs=rdimon.specs
}

# check NAME [run]: the case built (and ran) as the cross gcc's did
check() {
	local st dir="$BATS_FILE_TMPDIR/$1" xs gs
	st=$(cat "$BATS_FILE_TMPDIR/$1.status")
	case $st in
	skip\ *) skip "${st#skip }" ;;
	fail\ *) fail "${st#fail }" ;;
	esac
	# xgcc's own collect2 and lto1 did the link
	grep -q "^ $XGCC_BUILDDIR/collect2 " "$dir/x.log" || fail "the link did not run xgcc's collect2: $(grep collect2 "$dir/x.log" | head -2)"
	grep -q "^ $XGCC_BUILDDIR/lto1 --link " "$dir/x.log" || fail "the link did not run xgcc's lto1"
	if [ "${2-}" = run ]; then
		[ "$(cat "$dir/x.rc")" = 0 ] || fail "xgcc's program failed: $(cat "$dir/x.out")"
		[ -s "$dir/g.out" ] || fail "the cross gcc's program printed nothing"
		diff "$dir/g.out" "$dir/x.out" || fail "the programs print different things"
	fi
	xs=$(text_size "$dir/x/prog")
	gs=$(text_size "$dir/g/prog")
	echo "text: xgcc $xs, gcc $gs"
	# within 1%
	[ $((100 * (xs > gs ? xs - gs : gs - xs))) -le "$gs" ] || fail "text sizes differ by more than 1%: xgcc $xs, gcc $gs"
}

@test "aarch64-linux-gnu: an LTO program with a static library (xgcc-ar) runs under qemu-aarch64 as the cross gcc's" {
	check aarch64 run
}

@test "riscv64-linux-gnu: an LTO program with a plain-ar static library runs under qemu-riscv64 as the cross gcc's" {
	check riscv64 run
}

@test "arm-none-eabi: an LTO program with rdimon.specs prints through semihosting under qemu-arm as the cross gcc's" {
	check arm run
}

@test "arm-none-eabi: the same in Thumb-2 with nano.specs (-mcpu=cortex-a7 -mthumb)" {
	check arm-thumb run
}

@test "arm-none-eabi: a Cortex-M4 hard-float nano LTO program links through xgcc's lto1 with the cross gcc's text size" {
	check cortex-m4
}

@test "aarch64-linux-gnu: a partitioned link through the LTRANS cache: the relink reuses every partition, same program" {
	local dir="$BATS_FILE_TMPDIR/aarch64" st
	st=$(cat "$BATS_FILE_TMPDIR/aarch64.status")
	case $st in skip\ *) skip "${st#skip }" ;; fail\ *) fail "${st#fail }" ;; esac
	cd "$dir/x"
	local link=(-O2 -flto=2 -flto-partition=1to1 -flto-cache="$dir/cache" -v main.o m1.o m2.o m3.o m4.o libl.a)
	run "$XGCC_BUILDDIR/aarch64-linux-gnu-xgcc" "${link[@]}" -o cached1
	assert_success
	assert_line --regexp '^lto1: LTRANS cache: 0 of [0-9]+ partitions reused$'
	local n
	n=$(printf '%s\n' "$output" | sed -n 's/^lto1: LTRANS cache: 0 of \([0-9]*\) partitions reused$/\1/p')
	[ "$n" -ge 3 ] || fail "1to1 gave $n partitions"
	run "$XGCC_BUILDDIR/aarch64-linux-gnu-xgcc" "${link[@]}" -o cached2
	assert_success
	assert_line "lto1: LTRANS cache: $n of $n partitions reused"
	cmp cached1 cached2
	# what a hit gives is what compiling gives: the link through an
	# empty cache (which, like every cache link, has WPA number the
	# symbols stably: lto/stable-order.cc)
	run "$XGCC_BUILDDIR/aarch64-linux-gnu-xgcc" -O2 -flto=2 -flto-partition=1to1 -flto-cache="$dir/empty" \
		main.o m1.o m2.o m3.o m4.o libl.a -o uncached
	assert_success
	cmp cached1 uncached
	run qemu-aarch64 -L /usr/aarch64-linux-gnu ./cached2
	assert_success
	assert_output "$(cat "$dir/g.out")"
}
