#!/usr/bin/env bats
# Offload targets (-foffload=, the backend's --enable-offload-targets):
# the driver keeps gcc's list (default, disable, targets, duplicates),
# prints and exports OFFLOAD_TARGET_NAMES and OFFLOAD_TARGET_DEFAULT as
# gcc does, passes -foffload= on only as -foffload-options= when it
# carries options, and refuses targets the backend lacks in gcc's words.
load helper
load lib-run

setup() {
	common_setup
	export LC_ALL=C
	printf 'int x;\n' >x.c
	"$REF_GCC" -v 2>&1 | grep -q '^OFFLOAD_TARGET_NAMES=' ||
		skip "the backend gcc has no offload targets (--enable-offload-targets)"
}

# offload_lines DRIVER ARGS...: the OFFLOAD_ lines of DRIVER -### ARGS
offload_lines() {
	local drv=$1
	shift
	"$drv" -### "$@" 2>&1 | grep '^OFFLOAD_' || true
}

@test "offload: -### and -v name the backend's targets, as gcc" {
	for args in "-c x.c" "-c x.c -foffload=disable" "-c x.c -foffload=nvptx-none" \
		"-c x.c -foffload=amdgcn-amdhsa,nvptx-none,amdgcn-amdhsa" "-c x.c -foffload=disable -foffload=default" \
		"-c x.c -foffload=nvptx-none -foffload=default" "-c x.c -foffload=nvptx-none=-O3"; do
		# shellcheck disable=SC2086
		want=$(offload_lines "$REF_GCC" $args)
		# shellcheck disable=SC2086
		got=$(offload_lines "$XGCC" $args)
		[ "$want" = "$got" ] || fail "for $args: gcc '$want', xgcc '$got'"
	done
	run "$XGCC" -v -c x.c
	assert_line --regexp '^OFFLOAD_TARGET_NAMES=.+'
	assert_line --regexp '^COLLECT_LTO_WRAPPER=.*/lto1$'
}

@test "offload: -foffload= is the driver's; with options it reaches cc1 as -foffload-options=" {
	same_as_gcc "$REF_GCC" "$XGCC" -c x.c -foffload=disable
	same_as_gcc "$REF_GCC" "$XGCC" -c x.c -foffload=nvptx-none
	same_as_gcc "$REF_GCC" "$XGCC" -c x.c -foffload=-lm
	same_as_gcc "$REF_GCC" "$XGCC" -c x.c -foffload=nvptx-none=-O3
	same_as_gcc "$REF_GCC" "$XGCC" -c x.c -foffload-options=-O2
	run "$XGCC" -### -c x.c -foffload=disable
	refute_output --partial 'foffload'
}

@test "offload: a target the backend lacks is gcc's error, with the valid arguments" {
	run "$XGCC" -c x.c -foffload=nvtpx-none
	assert_failure 1
	assert_line "xgcc: error: GCC is not configured to support 'nvtpx-none' as '-foffload=' argument"
	assert_line --regexp "^xgcc: note: valid '-foffload=' arguments are: .*default disable; did you mean 'nvptx-none'\?$"
	assert_no_file x.o
	same_as_gcc "$REF_GCC" "$XGCC" -c x.c -foffload=bogus
	same_as_gcc "$REF_GCC" "$XGCC" -c x.c -foffload-options=bogus=-O2
	same_as_gcc "$REF_GCC" "$XGCC" -c x.c -foffload-options=nvptx-none
}

@test "offload: an OpenMP target region builds and runs on the host, plain and with LTO" {
	cat >omp.c <<'EOF'
#include <stdio.h>
int main(void)
{
	int s = 0;
#pragma omp target map(tofrom: s)
	for (int i = 0; i < 10; i++)
		s += i;
	printf("%d\n", s);
	return 0;
}
EOF
	"$XGCC" -fopenmp omp.c -o omp
	run ./omp
	assert_output 45
	"$XGCC" -fopenmp -O2 -flto omp.c -o omp-lto
	run ./omp-lto
	assert_output 45
}

@test "offload: the MinGW drivers' backends have none, and say none" {
	[ -x "$XGCC_BUILDDIR/x86_64-w64-mingw32-xgcc" ] || skip "target x86_64-w64-mingw32 not configured"
	run "$XGCC_BUILDDIR/x86_64-w64-mingw32-xgcc" -### -c x.c
	assert_success
	refute_line --partial 'OFFLOAD_'
}
