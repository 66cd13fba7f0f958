#!/usr/bin/env bats
# SIGINT and SIGTERM sent to xgcc while each phase runs: cc1, as,
# collect2's nm (on an archive member only it reads), the backend lto1 in the WPA and in an LTRANS, ld.  The
# program of that phase hangs (testsuite/faults/tool, FAULT=hang) until
# the signal; then every child is stopped, TMPDIR is empty, no output is
# left and xgcc dies by the signal it got, as make expects.
#
# "Hangs past a limit": xgcc has no timeout of its own, as gcc has none;
# the limit is the one a build sets from outside (make's, CI's, timeout
# (1)), which ends xgcc with SIGTERM: the last test is that.  The
# children get SIGTERM from xgcc's handler and run their own cleanup, so
# the checks wait up to 10 s for the last of them to go.
load helper

setup() {
	common_setup
	BIN="$BATS_TEST_TMPDIR/bin"
	mkdir -p "$BIN"
	for t in cc1 as nm lto1 ld; do
		ln -s "$SRCDIR/testsuite/faults/tool" "$BIN/$t"
	done
	echo 'int f(int x) { return x + 1; }' >a.c
	echo 'int f(int); int main(void) { return f(-1); }' >m.c
	"$XGCC" -O2 -flto -c a.c m.c
	# nm runs only for archive members in formats other than ELF and
	# PE-COFF: libs.a has one (symbolsrec), beside an LTO member
	srec_archive
	sha256sum a.c m.c a.o m.o libs.a >"$BATS_TEST_TMPDIR/inputs.sha"
	export FAULT_PIDS="$BATS_TEST_TMPDIR/pids"
}

# alive PID: running (a zombie, not yet reaped by init, is not)
alive() {
	local s
	s=$(ps -o stat= -p "$1" 2>/dev/null) && [ -n "$s" ] && [ "${s#Z}" = "$s" ]
}

# interrupt SIGNAL TOOL compile|link [wpa|ltrans]
interrupt() {
	local sig=$1 tool=$2 mode=$3 out args
	if [ "$mode" = compile ]; then
		out=a2.o args=(-c a.c -o a2.o)
	elif [ "$tool" = nm ]; then
		out=prog args=(-flto=2 -flto-partition=one a.o m.o libs.a -o prog)
	else
		out=prog args=(-flto=2 -flto-partition=one a.o m.o -o prog)
	fi
	# a background job of a script ignores SIGINT; xgcc must see it
	FAULT_TOOL=$tool FAULT=hang FAULT_LTO1=${4:-} \
		env --default-signal=INT,TERM "$XGCC" -B"$BIN/" -O2 "${args[@]}" 2>"$BATS_TEST_TMPDIR/err" &
	local pid=$! i
	for i in $(seq 1 300); do
		[ -s "$FAULT_PIDS" ] && break
		sleep 0.1
	done
	[ -s "$FAULT_PIDS" ] || { kill -KILL $pid; fail "$tool never started"; }
	kill -s "$sig" $pid
	local status=0
	wait $pid || status=$?
	[ "$status" -eq $((128 + $(kill -l "$sig"))) ] || fail "xgcc exited $status, not by SIG$sig"
	local hung
	hung=$(cat "$FAULT_PIDS")
	for i in $(seq 1 100); do
		alive "$hung" || [ -n "$(find "$TMPDIR" -mindepth 1)" ] || break
		sleep 0.1
	done
	! alive "$hung" || { kill -KILL "$hung"; fail "the hung $tool was not stopped"; }
	[ ! -e "$out" ] || fail "output $out left behind"
	assert_no_temps
	sha256sum -c --quiet "$BATS_TEST_TMPDIR/inputs.sha" || fail "an input changed"
}

@test "signals: SIGINT while cc1 runs" { interrupt INT cc1 compile; }
@test "signals: SIGTERM while cc1 runs" { interrupt TERM cc1 compile; }
@test "signals: SIGINT while as runs" { interrupt INT as compile; }
@test "signals: SIGTERM while as runs" { interrupt TERM as compile; }
@test "signals: SIGINT while collect2's nm runs" { interrupt INT nm link; }
@test "signals: SIGTERM while collect2's nm runs" { interrupt TERM nm link; }
@test "signals: SIGINT in the WPA" { interrupt INT lto1 link wpa; }
@test "signals: SIGTERM in the WPA" { interrupt TERM lto1 link wpa; }
@test "signals: SIGINT in an LTRANS" { interrupt INT lto1 link ltrans; }
@test "signals: SIGTERM in an LTRANS" { interrupt TERM lto1 link ltrans; }
@test "signals: SIGINT while ld runs" { interrupt INT ld link; }
@test "signals: SIGTERM while ld runs" { interrupt TERM ld link; }

@test "signals: a hung ld past timeout(1)'s limit" {
	FAULT_TOOL=ld FAULT=hang run timeout 5 "$XGCC" -B"$BIN/" -O2 -flto a.o m.o -o prog
	assert_failure 124
	[ -s "$FAULT_PIDS" ] || fail "ld had not started after 5 s"
	local i
	for i in $(seq 1 100); do
		alive "$(cat "$FAULT_PIDS")" || [ -n "$(find "$TMPDIR" -mindepth 1)" ] || break
		sleep 0.1
	done
	! alive "$(cat "$FAULT_PIDS")" || fail "the hung ld was not stopped"
	[ ! -e prog ] || fail "output left behind"
	assert_no_temps
}

# collect2 reads every object before nm runs (only for archive members
# in other formats): a bad input is reported and nm never starts, so a
# hung nm cannot hold the link
@test "signals: a bad object is reported before nm runs" {
	head -c 200 a.o >bad.o
	FAULT_TOOL=nm FAULT=hang run timeout 20 "$XGCC" -B"$BIN/" -O2 -flto a.o bad.o m.o libs.a -o prog
	assert_failure 1
	assert_output --partial "collect2: error: bad.o: "
	[ ! -s "$FAULT_PIDS" ] || fail "nm ran"
	[ ! -e prog ] || fail "output left behind"
	assert_no_temps
}
