# Worker hosts as network namespaces, for lto-distribute-netns.bats and
# bench/netns-hosts (load it after helper, or source it).
#
# Each host is a network namespace of its own, joined to this one by a
# veth pair on a /24 of its own (10.B.I.1 here, 10.B.I.2 there), with its
# own sshd on port 22 that logs in the worker account; with the kernel's
# netem qdisc, both ends of the pair delay what they send.  The hosts
# share this machine's file system, as namespaces do: the link's
# directory is kept from the worker by its permissions (bats' temporary
# directories are closed to other accounts), so every file travels by
# rsync, as to a real host.  Root only.

# shellcheck source=testsuite/worker-sshd.bash
. "${BASH_SOURCE[0]%/*}/worker-sshd.bash"

NETNS_WORKER=xgcc-worker

# netns_why: why hosts cannot be made here (nothing when they can).
netns_why() {
	if [ "$(id -u)" -ne 0 ]; then
		echo "needs root: network namespaces, veth pairs and an sshd per host"
	elif ! command -v ip >/dev/null; then
		echo "no ip command (iproute2)"
	elif [ ! -x /usr/sbin/sshd ] || ! command -v ssh >/dev/null; then
		echo "no OpenSSH server or client (openssh-server, openssh-client)"
	elif ! command -v parallel >/dev/null || ! command -v rsync >/dev/null; then
		echo "no GNU parallel or rsync"
	elif ! getent passwd "$NETNS_WORKER" >/dev/null; then
		echo "no account $NETNS_WORKER to be the worker (./quickstart adds it)"
	fi
}

# netns_hosts_up DIR N DELAY_MS: N hosts; their state under DIR (made
# here, open to the worker: sshd reads the authorized keys as it).
# Sets NETNS_ADDRS (the hosts' addresses) and NETNS_DELAY_WHY (why no
# delay was applied: nothing when it was, or DELAY_MS is 0).  Returns
# non-zero, with the reason on standard error, when a host did not come
# up; netns_hosts_down DIR undoes what was done either way.
netns_hosts_up() {
	local dir=$1 n=$2 delay=$3 b i ns host peer
	mkdir -p "$dir"
	chmod 755 "$dir"
	# a /16 of 10/8 and names of this run's own, for runs side by side
	b=$((RANDOM % 200 + 20))
	echo "$b" >"$dir/net"
	ssh-keygen -q -t ed25519 -N '' -f "$dir/host_key"
	ssh-keygen -q -t ed25519 -N '' -f "$dir/client_key"
	cp "$dir/client_key.pub" "$dir/authorized_keys"
	chmod 644 "$dir/authorized_keys"
	NETNS_ADDRS=""
	NETNS_DELAY_WHY=""
	for i in $(seq 1 "$n"); do
		ns=xgcc-$b-h$i host=xg$b-$i peer=xg$b-$i-p
		echo "$ns $host" >>"$dir/hosts"
		ip netns add "$ns" &&
			ip link add "$host" type veth peer name "$peer" &&
			ip link set "$peer" netns "$ns" &&
			ip addr add "10.$b.$i.1/24" dev "$host" &&
			ip link set "$host" up &&
			ip -n "$ns" addr add "10.$b.$i.2/24" dev "$peer" &&
			ip -n "$ns" link set "$peer" up &&
			ip -n "$ns" link set lo up || {
			echo "host $i: the namespace and its veth pair could not be made" >&2
			return 1
		}
		if [ "$delay" -gt 0 ] && [ -z "$NETNS_DELAY_WHY" ]; then
			if ! tc qdisc add dev "$host" root netem delay "${delay}ms" 2>/dev/null ||
			   ! ip netns exec "$ns" tc qdisc add dev "$peer" root netem delay "${delay}ms" 2>/dev/null; then
				NETNS_DELAY_WHY="this kernel has no netem qdisc (sch_netem): no delay"
			fi
		fi
		mkdir -p "$dir/h$i"
		worker_sshd_config "$dir/h$i/sshd_config" "10.$b.$i.2" 22 "$dir/host_key" "$dir/h$i" "$NETNS_WORKER"
		cp "$dir/authorized_keys" "$dir/h$i/authorized_keys"
		mkdir -p /run/sshd
		ip netns exec "$ns" /usr/sbin/sshd -f "$dir/h$i/sshd_config" -E "$dir/h$i/log" || {
			echo "host $i: sshd did not start: $(tail -n 1 "$dir/h$i/log" 2>/dev/null)" >&2
			return 1
		}
		NETNS_ADDRS="$NETNS_ADDRS${NETNS_ADDRS:+ }10.$b.$i.2"
	done
}

# netns_hosts_up_vars DIR: what netns_hosts_up set, kept in DIR for the
# tests of a file (bats runs setup_file apart from them): DIR/addrs,
# DIR/delay_why.
netns_hosts_up_vars() {
	echo "$NETNS_ADDRS" >"$1/addrs"
	echo "$NETNS_DELAY_WHY" >"$1/delay_why"
}

# netns_host_gone DIR I: host I disappears: its link to us and its sshd.
netns_host_gone() {
	local ns host
	read -r ns host <<-EOF
		$(sed -n "${2}p" "$1/hosts")
	EOF
	ip link del "$host" 2>/dev/null
	[ ! -e "$1/h$2/sshd.pid" ] || kill "$(cat "$1/h$2/sshd.pid")" 2>/dev/null
	return 0
}

# netns_hosts_down DIR: every host of DIR gone, with its sshd.
netns_hosts_down() {
	local dir=$1 ns host i=0
	[ -e "$dir/hosts" ] || return 0
	while read -r ns host; do
		i=$((i + 1))
		[ ! -e "$dir/h$i/sshd.pid" ] || kill "$(cat "$dir/h$i/sshd.pid")" 2>/dev/null
		ip link del "$host" 2>/dev/null
		ip netns del "$ns" 2>/dev/null
	done <"$dir/hosts"
	return 0
}

# netns_ssh KEY: how parallel reaches a host: no host keys kept, and a
# host that stops answering is given up after about three seconds.
netns_ssh() {
	echo "$(worker_ssh "$1") -o ConnectTimeout=3 -o ServerAliveInterval=1 -o ServerAliveCountMax=3"
}
