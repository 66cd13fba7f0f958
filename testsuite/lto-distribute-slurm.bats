#!/usr/bin/env bats
# The Slurm distributor, xgcc-distribute-slurm (distrib/slurm.c), against
# a real cluster of one node that the file starts on 127.0.0.1 from
# Debian's slurm-wlm: munged on a socket of its own, with a key made
# here, slurmctld and slurmd in the foreground, all configured, logging
# and keeping their state in a directory of the file's own.  (Debian 12's
# Slurm 22.05 ships auth/none and cred/none too; this goes through munge,
# as real clusters do.)
# The node is this machine under its short name, the name srun gives
# slurmctld as its host: slurmctld finds a srun on a node at the node's
# NodeAddr, any other through the resolver.  A chroot's /etc/hosts may
# not know the machine's name, and Debian's Slurm (its retry-getaddrinfo
# patch) retries a failed lookup for 10 s while the job's end waits: a
# failed job's stop took 22 to 61 s so in a Debian 13 chroot.
# A link through it is the in-process link byte for byte and runs; a job
# that fails, srun options that Slurm refuses, and a missing srun each
# stop the link with one clear error.  Needs root (slurmd runs jobs as
# their owner) and the daemons; skips, saying why, without them.
load helper
load lto-distribute

SLURM_DIST="$XGCC_BUILDDIR/xgcc-distribute-slurm"

# free_port: a TCP port nothing listens on now.
free_port() {
	local port
	while :; do
		port=$((20000 + RANDOM % 20000))
		ss -Hltn "sport = :$port" 2>/dev/null | grep -q . || break
	done
	echo "$port"
}

# write_slurm_conf DIR: the cluster's configuration, DIR/slurm.conf.
write_slurm_conf() {
	local d=$1 ctld_port slurmd_port
	ctld_port=$(free_port)
	slurmd_port=$(free_port)
	[ "$slurmd_port" != "$ctld_port" ] || slurmd_port=$((ctld_port + 1))
	cat >"$d/slurm.conf" <<-EOF
		ClusterName=xgcctest
		SlurmctldHost=localhost(127.0.0.1)
		SlurmctldPort=$ctld_port
		SlurmdPort=$slurmd_port
		SlurmUser=root
		SlurmdUser=root
		AuthType=auth/munge
		CredType=cred/munge
		AuthInfo=socket=$d/munge/munge.socket
		StateSaveLocation=$d/state
		SlurmdSpoolDir=$d/spool
		SlurmctldPidFile=$d/slurmctld.pid
		SlurmdPidFile=$d/slurmd.pid
		SlurmctldLogFile=$d/slurmctld.log
		SlurmdLogFile=$d/slurmd.log
		ProctrackType=proctrack/linuxproc
		TaskPlugin=task/none
		SelectType=select/cons_tres
		SelectTypeParameters=CR_Core
		MpiDefault=none
		JobAcctGatherType=jobacct_gather/none
		AccountingStorageType=accounting_storage/none
		ReturnToService=2
		NodeName=$SLURM_NODE NodeAddr=127.0.0.1 CPUs=2 State=UNKNOWN
		PartitionName=debug Nodes=ALL Default=YES MaxTime=INFINITE State=UP
	EOF
}

# start_cluster DIR: munged, slurmctld and slurmd, until the node is
# idle; 1 with SKIP_WHY set when one does not come up.
start_cluster() {
	local d=$1 i
	mkdir -p "$d/key" "$d/munge" "$d/state" "$d/spool"
	# munged wants its key closed to others and its socket's directories
	# open to all
	chmod 700 "$d/key"
	chmod 755 "$d" "$d/munge"
	if ! mungekey --create --keyfile="$d/key/munge.key" >"$d/mungekey.out" 2>&1; then
		SKIP_WHY="mungekey cannot make a key: $(tail -1 "$d/mungekey.out")"
		return 1
	fi
	if ! munged --socket="$d/munge/munge.socket" --key-file="$d/key/munge.key" --log-file="$d/munged.log" \
		--pid-file="$d/munged.pid" --seed-file="$d/key/munged.seed" >"$d/munged.out" 2>&1; then
		SKIP_WHY="munged does not start: $(tail -1 "$d/munged.out")"
		return 1
	fi
	write_slurm_conf "$d"
	export SLURM_CONF="$d/slurm.conf"
	# in the background, out of bats' descriptors (it waits for them)
	slurmctld -D -i >"$d/slurmctld.out" 2>&1 3>&- &
	echo $! >"$d/slurmctld.bgpid"
	slurmd -D -N "$SLURM_NODE" >"$d/slurmd.out" 2>&1 3>&- &
	echo $! >"$d/slurmd.bgpid"
	for i in $(seq 1 100); do
		[ "$(sinfo -h -o %t -n "$SLURM_NODE" 2>/dev/null)" = idle ] && return 0
		sleep 0.2
	done
	SKIP_WHY="the Slurm node is not idle after 20 s ($(sinfo -h -o %t 2>&1 | tail -1));"
	SKIP_WHY="$SKIP_WHY slurmctld: $(tail -2 "$d/slurmctld.log" 2>/dev/null | tr '\n' ' ')"
	SKIP_WHY="$SKIP_WHY slurmd: $(tail -2 "$d/slurmd.log" 2>/dev/null | tr '\n' ' ')"
	return 1
}

setup_file() {
	export TMPDIR="$BATS_FILE_TMPDIR/tmp"
	mkdir -p "$TMPDIR"
	SKIP_WHY=""
	local p missing=""
	export PATH="$PATH:/usr/sbin"
	for p in munged mungekey slurmctld slurmd srun sinfo ss; do
		command -v "$p" >/dev/null || missing="$missing $p"
	done
	if [ "$(id -u)" -ne 0 ]; then
		SKIP_WHY="needs root: a Slurm cluster of its own (slurmd runs the jobs as their owner)"
	elif [ -n "$missing" ]; then
		SKIP_WHY="no$missing (Debian's slurm-wlm, munge and iproute2; ./quickstart installs them)"
	fi
	# srun's host: gethostname's name, to the first dot
	SLURM_NODE=$(uname -n)
	export SLURM_NODE=${SLURM_NODE%%.*}
	if [ -z "$SKIP_WHY" ]; then
		# outside bats' directories, which are closed to others: munged
		# wants every directory above its socket open
		SLURM_DIR=$(mktemp -d /tmp/xgcc-slurm.XXXXXX)
		export SLURM_DIR
		start_cluster "$SLURM_DIR" || true
	fi
	export SKIP_WHY
	G="$BATS_FILE_TMPDIR/gen"
	export G
	distribute_program 9 3 80 0
}

# stop PIDFILE: the daemon of PIDFILE, started here, and no other.
stop() {
	[ -s "$1" ] || return 0
	kill "$(cat "$1")" 2>/dev/null || true
}

teardown_file() {
	[ -n "${SLURM_DIR:-}" ] || return 0
	stop "$SLURM_DIR/slurmd.bgpid"
	stop "$SLURM_DIR/slurmctld.bgpid"
	stop "$SLURM_DIR/munged.pid"
	local i
	for i in $(seq 1 50); do
		kill -0 "$(cat "$SLURM_DIR/slurmd.bgpid")" 2>/dev/null ||
			kill -0 "$(cat "$SLURM_DIR/slurmctld.bgpid")" 2>/dev/null || break
		sleep 0.1
	done
	rm -rf "$SLURM_DIR"
}

setup() {
	common_setup
	export LC_ALL=C
}

need_cluster() {
	[ -z "$SKIP_WHY" ] || skip "$SKIP_WHY"
}

# wait_idle: the node has finished the jobs of the tests before (both
# CPUs free), for at most 10 s.
wait_idle() {
	local i
	for i in $(seq 1 50); do
		[ "$(sinfo -h -o %t -n "$SLURM_NODE")" = idle ] && return 0
		sleep 0.2
	done
}

# link_through OUT OPTION...: the partitioned LTO link through Slurm.
link_through() {
	local out=$1
	shift
	run "$XGCC" -O2 -flto=2 -flto-partition=1to1 -v -flto-distributor="$SLURM_DIST" "$@" \
		"$G"/lto/*.o "$G/nonlto.o" -o "$out"
}

# allocations: how many jobs the cluster has allocated so far.
allocations() {
	grep -c '_slurm_rpc_allocate_resources JobId=' "$SLURM_DIR/slurmctld.log" || true
}

@test "a link through Slurm, one srun per LTRANS job, is the in-process link byte for byte and runs" {
	need_cluster
	local before n
	before=$(allocations)
	link_through prog
	assert_success
	assert_output --regexp "lto1: [0-9]+ LTRANS jobs through the distributor: $SLURM_DIST /"
	refute_output --partial " -fltrans -o "
	n=$(echo "$output" | sed -n 's/^lto1: \([0-9]*\) LTRANS jobs through.*/\1/p')
	[ "$n" -ge 2 ] || fail "only $n jobs"
	cmp prog "$G/inproc"
	run ./prog
	assert_success
	assert_output "$(cat "$G/expected")"
	# every job was one Slurm job
	[ "$(allocations)" -eq $((before + n)) ] || fail "$(allocations) allocations, $before before, $n jobs"
	assert_no_temps
}

@test "a job that fails on the cluster: its messages, then one error naming it; no output, no temporary file" {
	need_cluster
	# a distributor that spoils job 1's command line, then hands the
	# file on
	printf '#!/bin/bash\njob=${@: -1}\njq ".jobs[1].args += [\\"-fno-such-option\\"]" "$job" >"$job.new" &&\n\tmv "$job.new" "$job" && exec "%s" "$@"\n' \
		"$SLURM_DIST" >spoil
	chmod +x spoil
	run "$XGCC" -O2 -flto=2 -flto-partition=1to1 -flto-distributor=./spoil "$G"/lto/*.o "$G/nonlto.o" -o prog
	assert_failure
	assert_output --partial "unrecognized command-line option '-fno-such-option'"
	assert_output --regexp "xgcc-distribute-slurm: error: job 1 \(prog\.ltrans[0-9]+\.o\) failed on the cluster \(srun's exit status 1\); its messages are above"
	[ "$(echo "$output" | grep -c '^xgcc-distribute-slurm: error:')" -eq 1 ]
	assert_output --regexp "lto1: error: the LTO distributor './spoil' failed \(exit status 1\); job 1 "
	[ ! -e prog ]
	assert_no_temps
}

@test "a failed job stops the others: a running one gets SIGINT, and can clean up" {
	need_cluster
	# job 0 fails after 2 s; job 1 holds the node's other CPU for 30 s
	# unless interrupted (its sleep, killed then, would keep srun waiting
	# for its output)
	printf '#!/bin/bash\ntrap "echo \\"$1\\" >>interrupted; kill \\$!; exit 3" INT\nsleep 30 & wait\n' >hold
	chmod +x hold
	jq -n --arg d "$PWD" --arg hold "$PWD/hold" '{common: {linker_output: "p", directory: $d, compiler: [$hold]},
		jobs: [{args: ["/bin/sh", "-c", "sleep 2; exit 1"], inputs: [], outputs: ["o0"]},
			{args: [$hold, "job1"], inputs: [], outputs: ["o1"]}]}' >jobs.json
	wait_idle
	local start=$SECONDS
	run "$SLURM_DIST" jobs.json
	assert_failure
	assert_output --partial "xgcc-distribute-slurm: error: job 0 (no input) failed on the cluster (srun's exit status 1)"
	[ $((SECONDS - start)) -lt 15 ] || fail "job 1 was not stopped: $((SECONDS - start)) s"
	run cat interrupted
	assert_output job1
}

@test "srun options from XGCC_SLURM_ARGS and the distributor's arguments; Slurm's refusal stops the link" {
	need_cluster
	XGCC_SLURM_ARGS="--partition=nosuch  --time=5" link_through prog
	assert_failure
	assert_output --regexp "srun: error: .*[Ii]nvalid partition"
	assert_output --regexp "xgcc-distribute-slurm: error: job 0 \(prog\.ltrans[0-9]+\.o\) failed on the cluster \(srun's exit status 1\)"
	[ ! -e prog ]
	# the command line's options come later and win
	XGCC_SLURM_ARGS="--partition=nosuch --time=5" link_through prog -flto-distributor-arg=--partition=debug
	assert_success
	cmp prog "$G/inproc"
	assert_no_temps
}

@test "no srun: one clear error, no output, no temporary file" {
	# PATH without Slurm's commands; xgcc finds its backend by its own
	# configuration
	run env PATH="$PWD/nowhere" "$XGCC" -O2 -flto=2 -flto-partition=1to1 -flto-distributor="$SLURM_DIST" \
		"$G"/lto/*.o "$G/nonlto.o" -o prog
	assert_failure
	assert_output --partial "xgcc-distribute-slurm: error: cannot run 'srun': No such file or directory (Slurm's client commands, Debian's slurm-client, must be in PATH)"
	[ "$(echo "$output" | grep -c '^xgcc-distribute-slurm: error:')" -eq 1 ]
	assert_output --regexp "lto1: error: the LTO distributor '$SLURM_DIST' failed \(exit status 1\); job 0 "
	[ ! -e prog ]
	assert_no_temps
}
