#!/usr/bin/env bats
# The parallel job runners: lib/jobs.c through testsuite/jobtest (the
# end: lib/jobs-host.c, Windows' runner, through testsuite/jobtest-host): the
# -flto=N / auto / jobserver limits, GNU make's jobserver (pipes from a
# real make -j4, a fifo built here), tokens always given back, failures
# and SIGINT stopping the jobs.
#
# A jobtest that waits for a token it is never given is stopped by
# timeout(1) and fails the test instead of hanging it.
#
# Concurrency is observed, not timed: each job (job.sh) marks itself
# started and running, and waits at a barrier until K jobs have started
# (up to 10 s, then it fails), so K jobs that all pass it ran at once; it
# counts the jobs running when it starts, after the barrier and a moment
# later, so a runner that exceeds its limit shows a count above it.
load helper
load lib-run

setup() {
	common_setup
	export LC_ALL=C
	unset MAKEFLAGS MFLAGS MAKELEVEL OMP_NUM_THREADS OMP_THREAD_LIMIT
	JOBTEST="$XGCC_BUILDDIR/testsuite/jobtest"
	export JOBDIR="$WORK/jd" JOBMARK="xgcc-jobtest-$$-$RANDOM-$BATS_TEST_NUMBER"
	mkdir -p "$JOBDIR/started" "$JOBDIR/running"
	# job.sh ID K: the job described above.  It exits 3 when its ID is
	# in $JOB_FAIL, and becomes a 30 s sleep named $JOBMARK when in
	# $JOB_HANG.
	cat >job.sh <<'EOF'
#!/bin/bash
shopt -s nullglob
id=$1 k=$2 d=$JOBDIR
count() { local f=("$d"/running/*); echo ${#f[@]} >>"$d/counts"; }
: >"$d/started/$id"
: >"$d/running/$id"
echo "start $id" >>"$d/log"
count
n=0
while s=("$d"/started/*); [ ${#s[@]} -lt "$k" ]; do
	n=$((n + 1))
	if [ $n -gt 200 ]; then
		echo "job $id: only ${#s[@]} of $k jobs started" >>"$d/errors"
		rm -f "$d/running/$id"
		exit 2
	fi
	sleep 0.05
done
count
sleep 0.1
count
rm -f "$d/running/$id"
echo "end $id" >>"$d/log"
case " ${JOB_FAIL:-} " in *" $id "*) exit 3 ;; esac
case " ${JOB_HANG:-} " in *" $id "*) exec -a "$JOBMARK" sleep 30 ;; esac
exit 0
EOF
	chmod +x job.sh
}

teardown() {
	pkill -KILL -f -- "$JOBMARK" 2>/dev/null || true
}

# assert_jobs STARTED MAX: STARTED jobs started, none hit the barrier's
# timeout, and at most (and, through the barrier, at least) MAX ran at once.
assert_jobs() {
	local started max
	[ ! -e "$JOBDIR/errors" ] || fail "$(cat "$JOBDIR/errors")"
	started=$(find "$JOBDIR/started" -type f | wc -l)
	assert_equal "$started" "$1"
	max=$(sort -n "$JOBDIR/counts" | tail -1)
	[ "$max" -le "$2" ] || fail "$max jobs ran at once, the limit is $2"
	[ "$max" -ge "$2" ] || fail "only $max jobs ran at once, expected $2"
}

# jobserver_fifo TOKENS: a fifo jobserver of our own, $WORK/fifo, held
# open on fd 7, holding TOKENS.
jobserver_fifo() {
	mkfifo "$WORK/fifo"
	exec 7<>"$WORK/fifo"
	printf '%s' "$1" >&7
}

# assert_tokens_back TOKENS: the fifo holds exactly TOKENS again (in any order).
assert_tokens_back() {
	local got="" extra
	read -r -t 2 -N "${#1}" -u 7 got || true
	assert_equal "$(echo "$got" | fold -w1 | sort | tr -d '\n')" \
		"$(echo "$1" | fold -w1 | sort | tr -d '\n')"
	if read -r -t 0.2 -N 1 -u 7 extra; then
		fail "the jobserver holds a token too many: '$extra'"
	fi
}

cores() { nproc; }

# ---------------------------------------------------------- limits

@test "-flto=3: three jobs run at once, never four" {
	run "$JOBTEST" 3 7 -- ./job.sh {} 3
	assert_success
	assert_output 'limit 3 jobserver 0'
	assert_jobs 7 3
}

@test "-flto=1: the jobs run one after another, even under a jobserver" {
	jobserver_fifo ++
	MAKEFLAGS=" -j3 --jobserver-auth=fifo:$WORK/fifo" run "$JOBTEST" 1 4 -- ./job.sh {} 1
	assert_success
	assert_output 'limit 1 jobserver 0'
	assert_jobs 4 1
	# each job ends before the next one starts
	run paste -d' ' - - <"$JOBDIR/log"
	assert_output $'start 0 end 0\nstart 1 end 1\nstart 2 end 2\nstart 3 end 3'
	assert_tokens_back ++
}

@test "-flto=auto: as many jobs as processors this process may use" {
	local n
	n=$(cores)
	run "$JOBTEST" auto "$n" -- ./job.sh {} "$n"
	assert_success
	assert_output "limit $n jobserver 0"
	assert_jobs "$n" "$n"
	# the affinity mask counts, as for GCC's -flto=auto (and nproc)
	run taskset -c 0 "$JOBTEST" auto 1 -- true
	assert_success
	assert_output 'limit 1 jobserver 0'
}

@test "plain -flto and -flto=jobserver without make: all the processors" {
	run "$JOBTEST" '' 2 -- true
	assert_success
	assert_output "limit $(cores) jobserver 0"
	run "$JOBTEST" jobserver 2 -- true
	assert_success
	assert_line "limit $(cores) jobserver 0"
	assert_line "jobtest: warning: jobserver is not available: 'MAKEFLAGS' environment variable is unset"
	MAKEFLAGS='k -j4' run "$JOBTEST" jobserver 2 -- true
	assert_success
	assert_line "jobtest: warning: jobserver is not available: '--jobserver-auth=' is not present in 'MAKEFLAGS'"
}

@test "an ignored SIGCHLD, inherited: the jobs are still waited for" {
	run bash -c 'trap "" CHLD; exec "$0" 2 3 -- ./job.sh {} 2' "$JOBTEST"
	assert_success
	assert_output 'limit 2 jobserver 0'
	assert_jobs 3 2
}

@test "a bad -flto= number is a fatal error" {
	for spec in abc 0 -2 3x; do
		run "$JOBTEST" "$spec" 1 -- true
		assert_failure 1
		assert_output "jobtest: fatal error: unrecognized argument to '-flto=' option: '$spec'
compilation terminated."
	done
}

# ------------------------------------------------- make's jobserver

@test "make -j4, recipe marked '+': 4 jobs at once from make's tokens, never 5, all given back" {
	command -v make >/dev/null || skip "no make"
	printf 'all:\n\t+@"$(JOBTEST)" "" 9 -- ./job.sh {} 4\n' >Makefile
	run timeout 30 make -j4 JOBTEST="$JOBTEST"
	assert_success
	# make 4.3 counts its tokens at exit and complains if one is missing
	assert_output 'limit 4 jobserver 1'
	assert_jobs 9 4
}

@test "make -j4 through a sub-make (\$(MAKE)): the jobserver bounds -flto=8 to 4" {
	command -v make >/dev/null || skip "no make"
	printf 'all:\n\t@$(MAKE) -s -f sub.mk\n' >Makefile
	printf 'all:\n\t+@"$(JOBTEST)" 8 8 -- ./job.sh {} 4\n' >sub.mk
	run timeout 30 make -j4 JOBTEST="$JOBTEST"
	assert_success
	assert_output 'limit 4 jobserver 1'
	assert_jobs 8 4
}

@test "make -j4, recipe without '+': make closes the pipe, jobtest falls back and says so" {
	command -v make >/dev/null || skip "no make"
	printf 'all:\n\t@"$(JOBTEST)" jobserver 2 -- true\n\t@"$(JOBTEST)" "" 2 -- true\n' >Makefile
	# make 4.4 hands recipes a named pipe (fifo:PATH), which needs no
	# '+': the pipe of older makes, by asking for it
	local style=""
	make --help 2>/dev/null | grep -q -- '--jobserver-style' && style=--jobserver-style=pipe
	run timeout 30 make -j4 $style JOBTEST="$JOBTEST"
	assert_success
	# make 4.4 says so itself (--jobserver-auth=-2,-2), older makes close the pipe
	assert_line --regexp "^jobtest: warning: jobserver is not available: (cannot access '--jobserver-auth=[0-9]+,[0-9]+' file descriptors \\(a recipe needs a '\\+' to pass them\\)|make disabled it for this command \\('--jobserver-auth=-2,-2'\\))$"
	assert_equal "$(grep -c '^limit' <<<"$output")" 2
	assert_equal "$(grep -c "^limit $(cores) jobserver 0\$" <<<"$output")" 2
	assert_equal "$(grep -c warning <<<"$output")" 1
}

@test "jobserver descriptors that are closed, or not pipes, or disabled: no jobserver" {
	MAKEFLAGS=' -j4 --jobserver-auth=97,98' run "$JOBTEST" jobserver 2 -- true
	assert_success
	assert_line "limit $(cores) jobserver 0"
	assert_line "jobtest: warning: jobserver is not available: cannot access '--jobserver-auth=97,98' file descriptors (a recipe needs a '+' to pass them)"
	# open, but a file and /dev/null
	MAKEFLAGS=' -j4 --jobserver-auth=0,8' run "$JOBTEST" jobserver 2 -- true </dev/null 8>file
	assert_success
	assert_line "limit $(cores) jobserver 0"
	assert_line --partial "cannot access '--jobserver-auth=0,8' file descriptors"
	MAKEFLAGS=' -j4 --jobserver-auth=-2,-2' run "$JOBTEST" jobserver 2 -- true
	assert_line "jobtest: warning: jobserver is not available: make disabled it for this command ('--jobserver-auth=-2,-2')"
	MAKEFLAGS=" -j4 --jobserver-auth=fifo:$WORK/nofifo" run "$JOBTEST" jobserver 2 -- true
	assert_line "jobtest: warning: jobserver is not available: cannot open the jobserver fifo '$WORK/nofifo': No such file or directory"
	# only -flto=jobserver asked for it: auto and plain -flto say nothing
	MAKEFLAGS=' -j4 --jobserver-auth=97,98' run "$JOBTEST" auto 2 -- true
	assert_success
	assert_output "limit $(cores) jobserver 0"
}

@test "a fifo jobserver (make 4.4 style): 2 tokens make 3 jobs at once, all given back" {
	jobserver_fifo ab
	MAKEFLAGS=" -j3 --jobserver-auth=fifo:$WORK/fifo" run timeout 30 "$JOBTEST" '' 7 -- ./job.sh {} 3
	assert_success
	assert_output 'limit 3 jobserver 1'
	assert_jobs 7 3
	assert_tokens_back ab
}

@test "MAKEFLAGS: the last --jobserver-auth wins, --jobserver-fds=R,W, flags word, variables" {
	jobserver_fifo xy
	MAKEFLAGS="ks -j3 --jobserver-auth=97,98 --jobserver-auth=fifo:$WORK/fifo -- V=--jobserver-auth=97,98" \
		run timeout 30 "$JOBTEST" jobserver 4 -- ./job.sh {} 3
	assert_success
	assert_output 'limit 3 jobserver 1'
	assert_jobs 4 3
	assert_tokens_back xy
	MAKEFLAGS=" -j3 --jobserver-auth=fifo:$WORK/fifo --jobserver-auth=97,98" run "$JOBTEST" '' 2 -- true
	assert_success
	assert_output "limit $(cores) jobserver 0"
	# make before 4.2: --jobserver-fds, descriptors of our fifo here
	rm -rf "$JOBDIR" && mkdir -p "$JOBDIR/started" "$JOBDIR/running"
	printf xy >&7
	MAKEFLAGS=" -j3 --jobserver-fds=8,9" run timeout 30 "$JOBTEST" '' 5 -- ./job.sh {} 3 8<"$WORK/fifo" 9>"$WORK/fifo"
	assert_success
	assert_output 'limit 3 jobserver 1'
	assert_jobs 5 3
	assert_tokens_back xy
}

@test "competing clients, many short jobs: no token lost, none made up, no hang" {
	command -v make >/dev/null || skip "no make"
	# jobs end while their runner waits for a token, others take the
	# tokens first: the races of read_token, many times over
	printf 'all: a b c d e\na b c d e:\n\t+@"$(JOBTEST)" "" 30 -- true\n' >Makefile
	run timeout 30 make -j4 JOBTEST="$JOBTEST"
	assert_success
	assert_output "$(printf 'limit 4 jobserver 1\n%.0s' 1 2 3 4 5)"
	jobserver_fifo '+-'
	local pids="" p status=0
	for p in 1 2 3; do
		MAKEFLAGS=" -j3 --jobserver-auth=fifo:$WORK/fifo" \
			timeout 30 "$JOBTEST" '' 40 -- true >/dev/null 3>&- &
		pids="$pids $!"
	done
	for p in $pids; do
		wait "$p" || status=$?
	done
	assert_equal "$status" 0
	assert_tokens_back '+-'
}

# ----------------------------------------------------------- failures

@test "a failing job stops its siblings, no new one starts, its token comes back" {
	jobserver_fifo +
	local t0=$SECONDS
	JOB_FAIL=0 JOB_HANG=1 MAKEFLAGS=" -j2 --jobserver-auth=fifo:$WORK/fifo" \
		run timeout 25 "$JOBTEST" '' 5 -- ./job.sh {} 2
	assert_failure 1
	assert_output $'limit 2 jobserver 1\njobtest: error: job.sh returned 3 exit status'
	[ $((SECONDS - t0)) -lt 15 ] || fail "the sleeping sibling was not stopped"
	wait_for_no_process "$JOBMARK" || fail "the sleeping sibling outlived jobtest"
	assert_equal "$(find "$JOBDIR/started" -type f | wc -l)" 2
	assert_tokens_back +
}

@test "a job killed by a signal, a command that cannot start: reported, exit 1" {
	printf '#!/bin/sh\nulimit -c 0\n[ "$1" = 1 ] && kill -SEGV $$\nexit 0\n' >crash.sh
	chmod +x crash.sh
	run "$JOBTEST" 2 2 -- ./crash.sh {}
	assert_failure 1
	assert_output $'limit 2 jobserver 0\njobtest: internal compiler error: Segmentation fault signal terminated program crash.sh'
	run "$JOBTEST" 2 3 -- "$WORK/no/such/prog"
	assert_failure 1
	assert_output "limit 2 jobserver 0
jobtest: error: cannot execute '$WORK/no/such/prog': No such file or directory"
}

@test "SIGINT: jobtest stops its jobs, gives the tokens back and dies of SIGINT" {
	jobserver_fifo '+-'
	local pid status=0 n=0
	# reset SIGINT, which a background job of a non-interactive shell ignores
	JOB_HANG='0 1 2' MAKEFLAGS=" -j3 --jobserver-auth=fifo:$WORK/fifo" \
		env --default-signal "$JOBTEST" '' 3 -- ./job.sh {} 3 >out 2>err 3>&- &
	pid=$!
	while [ "$(pgrep -c -f -- "$JOBMARK")" -lt 3 ]; do
		n=$((n + 1))
		[ $n -lt 100 ] || { kill -KILL "$pid"; fail "the jobs never all started: $(cat err)"; }
		sleep 0.1
	done
	kill -INT "$pid"
	wait "$pid" || status=$?
	assert_equal "$status" 130
	wait_for_no_process "$JOBMARK" || fail "a job outlived jobtest"
	assert_tokens_back '+-'
}

# ------------------------------------- the host layer's runner (Windows')

# lib/jobs-host.c, the runner Windows builds use, here over POSIX's host
# layer (testsuite/jobtest-host): the same limits, failures and reports;
# its jobserver is Windows' semaphore, which POSIX has not, so it says so
# and uses the cores.

@test "host runner: -flto=3 runs three jobs at once, never four; -flto=1 one after another" {
	run "$XGCC_BUILDDIR/testsuite/jobtest-host" 3 7 -- ./job.sh {} 3
	assert_success
	assert_output 'limit 3 jobserver 0'
	assert_jobs 7 3
	rm -rf "$JOBDIR" && mkdir -p "$JOBDIR/started" "$JOBDIR/running"
	run "$XGCC_BUILDDIR/testsuite/jobtest-host" 1 3 -- ./job.sh {} 1
	assert_success
	run paste -d' ' - - <"$JOBDIR/log"
	assert_output $'start 0 end 0\nstart 1 end 1\nstart 2 end 2'
}

@test "host runner: plain -flto uses the cores; a jobserver it cannot open is said, a bad number is fatal" {
	run "$XGCC_BUILDDIR/testsuite/jobtest-host" '' 2 -- true
	assert_success
	assert_output "limit $(cores) jobserver 0"
	MAKEFLAGS=' -j4 --jobserver-auth=gmake_semaphore_1' run "$XGCC_BUILDDIR/testsuite/jobtest-host" jobserver 2 -- true
	assert_success
	assert_line "limit $(cores) jobserver 0"
	assert_line --partial "jobtest-host: warning: jobserver is not available: cannot open the jobserver's semaphore 'gmake_semaphore_1'"
	run "$XGCC_BUILDDIR/testsuite/jobtest-host" 3x 1 -- true
	assert_failure 1
	assert_line "jobtest-host: fatal error: unrecognized argument to '-flto=' option: '3x'"
}

@test "host runner: a failing job stops its siblings; a crash and a command that cannot start are reported" {
	local t0=$SECONDS
	JOB_FAIL=0 JOB_HANG=1 run timeout 25 "$XGCC_BUILDDIR/testsuite/jobtest-host" 2 5 -- ./job.sh {} 2
	assert_failure 1
	assert_output $'limit 2 jobserver 0\njobtest-host: error: job.sh returned 3 exit status'
	[ $((SECONDS - t0)) -lt 15 ] || fail "the sleeping sibling was not stopped"
	wait_for_no_process "$JOBMARK" || fail "the sleeping sibling outlived jobtest-host"
	assert_equal "$(find "$JOBDIR/started" -type f | wc -l)" 2
	printf '#!/bin/sh\nulimit -c 0\n[ "$1" = 1 ] && kill -SEGV $$\nexit 0\n' >crash.sh
	chmod +x crash.sh
	run "$XGCC_BUILDDIR/testsuite/jobtest-host" 2 2 -- ./crash.sh {}
	assert_failure 1
	assert_output $'limit 2 jobserver 0\njobtest-host: internal compiler error: Segmentation fault signal terminated program crash.sh'
	run "$XGCC_BUILDDIR/testsuite/jobtest-host" 2 3 -- "$WORK/no/such/prog"
	assert_failure 1
	assert_output "limit 2 jobserver 0
jobtest-host: error: cannot execute '$WORK/no/such/prog': No such file or directory"
}
