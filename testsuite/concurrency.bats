#!/usr/bin/env bats
# Eight LTO links at once, under make -j8 with its jobserver (which the
# links' -flto=jobserver LTRANS runs share, lib/jobs.c), into the same
# directory and with one TMPDIR: every link succeeds, every output is
# the one a serial run makes, byte for byte, nothing collides and
# nothing is left in TMPDIR.
load helper

setup() {
	common_setup
	for i in 1 2 3 4 5 6; do
		{
			echo "int v$i[64];"
			for k in 1 2 3 4 5 6 7 8; do
				echo "int g${i}_$k(int x) { for (int j = 0; j < 64; j++) v$i[j] += x * $k + j; return v$i[$k]; }"
			done
		} >s$i.c
	done
	{
		for i in 1 2 3 4 5 6; do echo "int g${i}_1(int);"; done
		echo 'int main(void) { int r = 0;'
		for i in 1 2 3 4 5 6; do echo "r += g${i}_1($i);"; done
		echo 'return r == 0; }'
	} >main.c
	"$XGCC" -O2 -flto -c s1.c s2.c s3.c s4.c s5.c s6.c main.c
	# one link per program, many LTRANS partitions each
	{
		echo 'OBJS = s1.o s2.o s3.o s4.o s5.o s6.o main.o'
		echo 'all: p1 p2 p3 p4 p5 p6 p7 p8'
		echo 'p%: $(OBJS)'
		printf '\t+"$(XGCC)" -O2 -flto=jobserver -flto-partition=max $(OBJS) -o $@\n'
	} >Makefile
	# our own make, not a submake of make check's (its -j and jobserver)
	unset MAKEFLAGS MFLAGS MAKELEVEL MAKEOVERRIDES
}

@test "concurrency: 8 LTO links under make -j8 match the serial ones" {
	mkdir serial
	(cd serial && cp ../*.o ../Makefile . && make -s -j1 XGCC="$XGCC" p1 >../serial.log 2>&1) ||
		fail "the serial link failed: $(cat serial.log)"
	run make -s -j8 XGCC="$XGCC"
	assert_success
	refute_output --partial warning
	for i in 1 2 3 4 5 6 7 8; do
		cmp serial/p1 p$i || fail "p$i differs from the serial link"
		./p$i || fail "p$i does not run"
	done
	assert_no_temps
}

@test "concurrency: the jobserver's tokens all come back (two rounds of 8)" {
	run make -s -j8 XGCC="$XGCC"
	assert_success
	rm -f p?
	# a token lost in the first round would starve or slow the second
	run timeout 300 make -s -j8 XGCC="$XGCC"
	assert_success
	[ "$(ls p? | wc -l)" -eq 8 ]
	assert_no_temps
}
