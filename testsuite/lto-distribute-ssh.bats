#!/usr/bin/env bats
# The engine distributor, xgcc-distribute-parallel (distrib/parallel.c):
# a link's LTRANS jobs go through GNU parallel over ssh to a worker, on
# loopback: an sshd of the test's own on 127.0.0.1 logs in the account
# xgcc-worker (./quickstart adds it), which cannot read the link's
# directory, so every file goes there and back by rsync.  The program
# linked so is the in-process link, byte for byte, and runs; a worker
# that fails or disappears stops the link with the distributor's error.
# Needs root (sshd switching to a second account), sshd, GNU parallel and
# rsync; skips, saying which, without them.
load helper
load lto-distribute
load worker-sshd

WORKER=xgcc-worker
PARALLEL_DIST="$XGCC_BUILDDIR/xgcc-distribute-parallel"

setup_file() {
	export TMPDIR="$BATS_FILE_TMPDIR/tmp"
	mkdir -p "$TMPDIR"
	SKIP_WHY=""
	if [ "$(id -u)" -ne 0 ]; then
		SKIP_WHY="needs root: an sshd of its own that logs in a second account"
	elif [ ! -x /usr/sbin/sshd ] || ! command -v ssh >/dev/null; then
		SKIP_WHY="no OpenSSH server or client (openssh-server, openssh-client)"
	elif ! command -v parallel >/dev/null || ! command -v rsync >/dev/null; then
		SKIP_WHY="no GNU parallel or rsync"
	elif ! getent passwd "$WORKER" >/dev/null; then
		SKIP_WHY="no account $WORKER to be the worker (./quickstart adds it)"
	elif ! runuser -u "$WORKER" -- test -x "$XGCC"; then
		SKIP_WHY="the account $WORKER cannot run $XGCC (a directory above it is closed to others)"
	fi
	export SKIP_WHY
	[ -z "$SKIP_WHY" ] || return 0

	# outside bats' directories, which are closed to others
	SSHD=$(mktemp -d /tmp/xgcc-sshd.XXXXXX)
	PORT=$(worker_sshd_start "$SSHD" "$WORKER") || {
		export SKIP_WHY="sshd does not start on 127.0.0.1: $(cat "$SSHD/log" 2>/dev/null | tail -1)"
		return 0
	}
	KEYS="$BATS_FILE_TMPDIR/keys"
	mkdir -p "$KEYS"
	ssh-keygen -q -t ed25519 -N '' -f "$KEYS/client_key"
	# a second key whose logins run "false": a worker that fails
	ssh-keygen -q -t ed25519 -N '' -f "$KEYS/failing_key"
	{ cat "$KEYS/client_key.pub"; printf 'command="false" %s\n' "$(cat "$KEYS/failing_key.pub")"; } \
		>"$SSHD/authorized_keys"
	chmod 644 "$SSHD/authorized_keys"
	export SSHD PORT KEYS

	G="$BATS_FILE_TMPDIR/gen"
	export G
	distribute_program 9 3 80 0
}

teardown_file() {
	[ -n "${SSHD:-}" ] || return 0
	[ ! -e "$SSHD/sshd.pid" ] || kill "$(cat "$SSHD/sshd.pid")" 2>/dev/null || true
	rm -rf "$SSHD"
}

setup() {
	[ -z "$SKIP_WHY" ] || skip "$SKIP_WHY"
	common_setup
	export LC_ALL=C
}

# ssh_command KEY PORT: how parallel reaches the worker.
ssh_command() {
	echo "$(worker_ssh "$1") -p $2"
}

# link_through KEY PORT OUT: the partitioned LTO link through parallel.
link_through() {
	run "$XGCC" -O2 -flto=2 -flto-partition=1to1 -v -flto-distributor="$PARALLEL_DIST" \
		-flto-distributor-arg=--sshlogin=2/$WORKER@127.0.0.1 -flto-distributor-arg=--ssh="$(ssh_command "$1" "$2")" \
		"$G"/lto/*.o "$G/nonlto.o" -o "$3"
}

@test "a link through GNU parallel over ssh, to a worker that cannot read the link's directory, is the in-process link" {
	# the worker cannot see the link's files: they must travel
	run runuser -u "$WORKER" -- ls "$TMPDIR"
	assert_failure
	local before
	before=$(grep -c "Accepted publickey for $WORKER" "$SSHD/log" || true)
	# a name of its own: lto-distribute-netns.bats uses the worker too
	link_through "$KEYS/client_key" "$PORT" sshprog
	assert_success
	assert_output --regexp "lto1: [0-9]+ LTRANS jobs through the distributor: $PARALLEL_DIST "
	refute_output --partial " -fltrans -o "
	cmp sshprog "$G/inproc"
	run ./sshprog
	assert_success
	assert_output "$(cat "$G/expected")"
	# the jobs logged in as the worker; its copies are gone
	[ "$(grep -c "Accepted publickey for $WORKER" "$SSHD/log")" -gt "$before" ]
	run runuser -u "$WORKER" -- sh -c 'find ~/.parallel/tmp -type f -name "sshprog.*" 2>/dev/null'
	assert_output ""
	assert_no_temps
}

@test "a worker that fails: the link stops with the distributor's error, no output, no temporary file" {
	link_through "$KEYS/failing_key" "$PORT" prog
	assert_failure
	assert_output --regexp "lto1: error: the LTO distributor '$PARALLEL_DIST' failed \(exit status [0-9]+\); job 0 \(prog\.ltrans[0-9]+\.o\): prog\.ltrans[0-9]+\.ltrans\.o did not come back"
	assert_output --regexp "xgcc-distribute-parallel: error: job 0 \(prog\.ltrans[0-9]+\.o\): prog\.ltrans[0-9]+\.ltrans\.o did not come back from a worker"
	[ "$(echo "$output" | grep -c '^lto1: error:')" -eq 1 ]
	# it logged in, and the work failed there
	refute_output --partial "Permission denied"
	[ ! -e prog ]
	assert_no_temps
}

@test "a worker that has disappeared: the same clear error" {
	local gone port
	gone=$(mktemp -d /tmp/xgcc-sshd.XXXXXX)
	port=$(worker_sshd_start "$gone" "$WORKER")
	cp "$SSHD/authorized_keys" "$gone/"
	kill "$(cat "$gone/sshd.pid")"
	sleep 0.2
	rm -rf "$gone"
	link_through "$KEYS/client_key" "$port" prog
	assert_failure
	assert_output --partial "port $port: Connection refused"
	assert_output --regexp "lto1: error: the LTO distributor '$PARALLEL_DIST' failed \(exit status [0-9]+\); job 0 \(prog\.ltrans[0-9]+\.o\): prog\.ltrans[0-9]+\.ltrans\.o did not come back"
	[ ! -e prog ]
	assert_no_temps
}
