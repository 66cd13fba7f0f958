#!/usr/bin/env bats
# LTRANS jobs across hosts: three worker hosts made as network namespaces
# (testsuite/netns-hosts.bash: a veth pair and an sshd each, 10 ms of
# netem delay each way where the kernel has netem), reached by
# xgcc-distribute-parallel through GNU parallel over ssh as the account
# xgcc-worker, which cannot read the link's directory.  A link through
# the three is the in-process link, byte for byte, with jobs on every
# host; a host that disappears in the middle of the link stops it with
# the distributor's one clear error (no retry on another host: GNU
# parallel's --retries, given with -flto-distributor-arg, would add one).
# Root only; skips, saying why, elsewhere.
load helper
load lto-distribute
load netns-hosts

PARALLEL_DIST="$XGCC_BUILDDIR/xgcc-distribute-parallel"

setup_file() {
	export TMPDIR="$BATS_FILE_TMPDIR/tmp"
	mkdir -p "$TMPDIR"
	SKIP_WHY=$(netns_why)
	if [ -z "$SKIP_WHY" ] && ! runuser -u "$NETNS_WORKER" -- test -x "$XGCC"; then
		SKIP_WHY="the account $NETNS_WORKER cannot run $XGCC (a directory above it is closed to others)"
	fi
	export SKIP_WHY
	[ -z "$SKIP_WHY" ] || return 0
	# outside bats' directories, which are closed to the worker
	HOSTS=$(mktemp -d /tmp/xgcc-netns.XXXXXX)
	export HOSTS
	if ! netns_hosts_up "$HOSTS" 3 10 2>"$BATS_FILE_TMPDIR/netns.err"; then
		export SKIP_WHY="the namespace hosts did not come up: $(cat "$BATS_FILE_TMPDIR/netns.err")"
		return 0
	fi
	netns_hosts_up_vars "$HOSTS"
	G="$BATS_FILE_TMPDIR/gen"
	export G
	distribute_program 9 3 80 0
}

teardown_file() {
	[ -n "${HOSTS:-}" ] || return 0
	netns_hosts_down "$HOSTS"
	rm -rf "$HOSTS"
}

setup() {
	[ -z "$SKIP_WHY" ] || skip "$SKIP_WHY"
	common_setup
	export LC_ALL=C
	read -r -a ADDRS <"$HOSTS/addrs"
}

# logins I: how many logins host I's sshd has accepted
logins() {
	grep -c "Accepted publickey for $NETNS_WORKER" "$HOSTS/h$1/log" || true
}

# link_hosts OUT: the partitioned LTO link through parallel, 2 jobs to a host
link_hosts() {
	local logins="" a
	for a in "${ADDRS[@]}"; do
		logins="$logins${logins:+,}2/$NETNS_WORKER@$a"
	done
	"$XGCC" -O2 -flto=2 -flto-partition=1to1 -v -flto-distributor="$PARALLEL_DIST" \
		-flto-distributor-arg=--sshlogin="$logins" -flto-distributor-arg=--ssh="$(netns_ssh "$HOSTS/client_key")" \
		"$G"/lto/*.o "$G/nonlto.o" -o "$1"
}

@test "three namespace hosts: the link is the in-process link, with jobs on every host" {
	[ -z "$(cat "$HOSTS/delay_why")" ] || echo "# $(cat "$HOSTS/delay_why")" >&3
	# the hosts are other machines to the network: only through the veths
	run ip netns exec "$(sed -n 1p "$HOSTS/hosts" | cut -d' ' -f1)" ping -c 1 -W 1 "${ADDRS[1]}"
	assert_failure
	local before=() i
	for i in 1 2 3; do before[i]=$(logins $i); done
	run link_hosts nsprog
	assert_success
	assert_output --regexp "lto1: [0-9]+ LTRANS jobs through the distributor: $PARALLEL_DIST "
	cmp nsprog "$G/inproc"
	run ./nsprog
	assert_success
	assert_output "$(cat "$G/expected")"
	for i in 1 2 3; do
		[ "$(logins $i)" -gt "${before[i]}" ] || fail "host $i ran no job"
	done
	assert_no_temps
}

@test "a host that disappears in the middle of the link: the distributor's clear error, no output, no temporary file" {
	# host 2 takes the login and then hangs, until it is gone
	printf 'command="sleep 60" %s\n' "$(cat "$HOSTS/client_key.pub")" >"$HOSTS/h2/authorized_keys"
	local before
	before=$(logins 2)
	link_hosts nsprog >link.out 2>&1 &
	local pid=$! n=0
	until [ "$(logins 2)" -gt "$before" ]; do
		sleep 0.1
		n=$((n + 1))
		[ $n -lt 300 ] || { kill $pid; fail "host 2 got no login"; }
	done
	netns_host_gone "$HOSTS" 2
	local status=0
	wait $pid || status=$?
	[ "$status" -ne 0 ] || fail "the link succeeded without host 2"
	run cat link.out
	assert_output --regexp "lto1: error: the LTO distributor '$PARALLEL_DIST' failed \(exit status [0-9]+\); job [0-9]+ \(nsprog\.ltrans[0-9]+\.o\): nsprog\.ltrans[0-9]+\.ltrans\.o did not come back"
	[ "$(grep -c '^lto1: error:' link.out)" -eq 1 ]
	[ ! -e nsprog ]
	assert_no_temps
}
