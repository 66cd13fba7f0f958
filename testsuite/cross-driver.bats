#!/usr/bin/env bats
# The drivers of Debian's cross GCCs for aarch64-linux-gnu,
# riscv64-linux-gnu and arm-none-eabi (configure makes them where
# TRIPLET-gcc, -as and -ld are installed): their -### output is the cross
# gcc's -- commands, COLLECT_GCC_OPTIONS (arm's self-spec blanks and
# additions included), LIBRARY_PATH, "Reading specs" -- for compiles,
# -flto, links, and on arm-none-eabi newlib's nano.specs and rdimon.specs
# and the Cortex-M multilibs.  One test per target runs its whole case
# list; a target that is not configured or installed is skipped, saying
# why.
load helper
load lib-run

setup() {
	common_setup
	printf 'int f(int);\nint main(void) { return f(1); }\n' >a.c
	printf 'int f(int x) { return x - 1; }\n' >b.c
	printf 'int main() { return 0; }\n' >c.cc
	: >x.o
}

# cross_skip T: skip unless target T has drivers and a cross gcc.
cross_skip() {
	[ -x "$XGCC_BUILDDIR/$1-xgcc" ] ||
		skip "target $1 not configured (configure finds it with $1-gcc, $1-as and $1-ld installed$(linux_cross_note "$1"))"
	command -v "$1-gcc" >/dev/null || skip "$1-gcc is not installed$(linux_cross_note "$1")"
}

# cross_cases REF OURS: each line of standard input is one argument
# list; REF -### and OURS -### say the same (same_as_gcc's normalisation).
cross_cases() {
	local ref=$1 ours=$2 n=0 bad=0 line want got
	while IFS= read -r line; do
		case $line in '' | '#'*) continue ;; esac
		n=$((n + 1))
		# shellcheck disable=SC2086
		want=$("$ref" -### $line 2>&1; echo "exit $?")
		# shellcheck disable=SC2086
		got=$("$ours" -### $line 2>&1; echo "exit $?")
		want=$(echo "$want" | normalise_same_as_gcc)
		got=$(echo "$got" | grep -v 'note: .*-fexcess-precision' | normalise_same_as_gcc)
		if [ "$want" != "$got" ]; then
			bad=$((bad + 1))
			echo "mismatch for: $ref $line"
			diff <(echo "$want") <(echo "$got") | head -10
		fi
	done
	echo "$n cases, $bad mismatches"
	[ "$n" -gt 0 ] && [ "$bad" -eq 0 ]
}

common_cases() {
	cat <<'CASES'
-c a.c
-O2 -g -c a.c -o sub.o
-S a.c
-E a.c
-flto -O2 -c a.c
-flto=auto -O2 -c a.c b.c
-O2 a.c b.c -o prog
-flto -O2 a.c b.c -o prog
-flto x.o -o prog
-static a.c
-shared -fPIC b.c -o libb.so
-nostdlib x.o
-r x.o -o r.o
-v -c a.c
-fsanitize=address -c a.c
CASES
}

# the drivers configure makes for T: xgcc, xg++, CMake's names, the
# archive tools
assert_drivers() {
	local n
	for n in xgcc xg++ gcc-xgcc g++-xgcc xgcc-ar xgcc-nm xgcc-ranlib gcc-ar-xgcc gcc-nm-xgcc gcc-ranlib-xgcc; do
		[ -x "$XGCC_BUILDDIR/$1-$n" ] || fail "no $1-$n"
	done
	run "$XGCC_BUILDDIR/$1-xgcc" -dumpmachine
	assert_output "$($1-gcc -dumpmachine)"
}

@test "aarch64-linux-gnu: the drivers, and -### as aarch64-linux-gnu-gcc's (-mcpu= through the CPU table)" {
	T=aarch64-linux-gnu
	cross_skip $T
	assert_drivers $T
	run cross_cases $T-gcc "$XGCC_BUILDDIR/$T-xgcc" < <(common_cases; printf '%s\n' \
		'-mcpu=neoverse-n1 -c a.c' '-mcpu=cortex-a53+crypto -O2 a.c b.c' '-march=armv8.2-a -c a.c' \
		'-mabi=lp64 -c a.c' '-mgeneral-regs-only -c a.c' \
		'-mcpu=neoverse-n1 a.c -o prog' '-march=armv8-a a.c -o prog' '-march=armv8-a+sve -c a.c' \
		'-mfix-cortex-a53-835769 -mcpu=neoverse-n1 a.c -o prog')
	assert_success
	run cross_cases $T-g++ "$XGCC_BUILDDIR/$T-xg++" < <(printf '%s\n' c.cc '-c c.cc' '-static c.cc' '-flto c.cc')
	assert_success
}

@test "riscv64-linux-gnu: the drivers, and -### as riscv64-linux-gnu-gcc's (-imultilib .)" {
	T=riscv64-linux-gnu
	cross_skip $T
	assert_drivers $T
	run cross_cases $T-gcc "$XGCC_BUILDDIR/$T-xgcc" < <(common_cases; printf '%s\n' \
		'-march=rv64gc -mabi=lp64d -c a.c' '-mcmodel=medany -c a.c')
	assert_success
	run cross_cases $T-g++ "$XGCC_BUILDDIR/$T-xg++" < <(printf '%s\n' c.cc '-c c.cc' '-static c.cc' '-flto c.cc')
	assert_success
}

# -mfpu=auto: as gets the backend's FPU for the architecture, and
# asm_cpu_spec's %<mfpu=auto removes the switch for the rest of the run:
# a blank in COLLECT_GCC_OPTIONS from the as command on, and no
# -mfpu=auto for the next file's cc1 (the whole -### compared)
@test "arm-none-eabi: -mfpu=auto gives as the cross gcc's -mfpu=, and is gone for the rest of the run as in gcc" {
	T=arm-none-eabi
	cross_skip $T
	run cross_cases $T-gcc "$XGCC_BUILDDIR/$T-xgcc" < <(printf '%s\n' \
		'-mfpu=auto -march=armv7-a+simd -mfloat-abi=hard -c a.c' '-mfpu=auto -mcpu=cortex-m4 -mthumb -c a.c b.c' \
		'-mfpu=auto -march=armv8.1-m.main+mve.fp+fp.dp -mfloat-abi=hard -mthumb a.c b.c -o prog')
	assert_success
}

# Debian's arm-none-eabi GCC 15: the C++ driver's picolibc bits
# (%:if-driverlang: crtbegin.o, crtend.o, picolibcpp.ld, none with -Os)
# and the "space" multilibs of -Os and -Oz; elsewhere the same cases
# compare as well
@test "arm-none-eabi: the C++ driver's link, and -Os/-Oz multilibs, as arm-none-eabi-gcc's and -g++'s" {
	T=arm-none-eabi
	cross_skip $T
	local cases=('-mcpu=cortex-m4 -mthumb a.c -o prog' '-Os -mcpu=cortex-m4 -mthumb a.c -o prog'
		'-Oz -mthumb -c a.c' '-Os -O2 -c a.c' '-O2 -Os a.c -o prog')
	run cross_cases $T-gcc "$XGCC_BUILDDIR/$T-xgcc" < <(printf '%s\n' "${cases[@]}")
	assert_success
	run cross_cases $T-g++ "$XGCC_BUILDDIR/$T-xg++" < <(printf '%s\n' "${cases[@]}" '-mcpu=cortex-m4 -mthumb c.cc -o prog')
	assert_success
}

@test "arm-none-eabi: the drivers, and -### as arm-none-eabi-gcc's (nano, rdimon, Cortex-M multilibs, self specs)" {
	T=arm-none-eabi
	cross_skip $T
	assert_drivers $T
	[ -e "$($T-gcc -print-file-name=nano.specs)" ] || skip "newlib's nano.specs is not installed (libnewlib-arm-none-eabi; Debian unstable has none)"
	run cross_cases $T-gcc "$XGCC_BUILDDIR/$T-xgcc" < <(common_cases; printf '%s\n' \
		'--specs=nano.specs a.c -o prog' '--specs=rdimon.specs a.c -o prog' \
		'--specs=nano.specs --specs=rdimon.specs -flto -O2 a.c b.c' \
		'-mcpu=cortex-m4 -mthumb -c a.c' '-mcpu=cortex-m4 -mthumb a.c b.c -o prog' \
		'-mcpu=cortex-m4 -mthumb --specs=nano.specs --specs=rdimon.specs -flto -O2 a.c b.c' \
		'-mcpu=cortex-m4 -mthumb -mfloat-abi=hard -mfpu=fpv4-sp-d16 -flto a.c' \
		'-mcpu=cortex-m0 --specs=nano.specs a.c' '-mcpu=cortex-m55 -mfloat-abi=hard -c a.c' \
		'-march=armv7e-m+fp -mfloat-abi=soft -mthumb -c a.c' '-march=armv8-m.main+cdecp0 -mthumb -c a.c' \
		'-mcpu=generic-armv7-a -mfloat-abi=hard -c a.c' '-mcpu=cortex-a7 -mthumb a.c' \
		'-mbig-endian -march=armv7-a a.c' '-mbig-endian -march=armv5te a.c' '-mbe8 -mbig-endian -march=armv5te x.o')
	assert_success
	run cross_cases $T-g++ "$XGCC_BUILDDIR/$T-xg++" < <(printf '%s\n' c.cc '-c c.cc' \
		'--specs=nano.specs c.cc' '-mcpu=cortex-m4 -mthumb --specs=nano.specs --specs=rdimon.specs c.cc')
	assert_success
}
