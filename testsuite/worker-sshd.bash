# The sshd that logs in the worker account for the distributed-LTRANS
# tests (lto-distribute-ssh.bats on loopback, netns-hosts.bash in network
# namespaces), and how GNU parallel's ssh reaches it.

# worker_sshd_config FILE ADDRESS PORT HOSTKEY DIR USER: an sshd on
# ADDRESS:PORT for USER alone, with the host key HOSTKEY, its pid in
# DIR/sshd.pid and the keys it accepts in DIR/authorized_keys (read as
# USER: DIR must be open to it).
worker_sshd_config() {
	cat >"$1" <<-EOF
		Port $3
		ListenAddress $2
		HostKey $4
		PidFile $5/sshd.pid
		AuthorizedKeysFile $5/authorized_keys
		StrictModes no
		UsePAM no
		PasswordAuthentication no
		KbdInteractiveAuthentication no
		AllowUsers $6
	EOF
}

# worker_sshd_start DIR USER: an sshd for USER on a free port of
# 127.0.0.1, its host key, configuration and log in DIR (made open to
# USER); prints the port.  The keys it accepts go to DIR/authorized_keys.
worker_sshd_start() {
	local d=$1 port _
	mkdir -p "$d" /run/sshd || return 1
	chmod 755 "$d"
	ssh-keygen -q -t ed25519 -N '' -f "$d/host_key" || return 1
	for _ in 1 2 3 4 5 6 7 8; do
		port=$((20000 + RANDOM % 20000))
		worker_sshd_config "$d/sshd_config" 127.0.0.1 "$port" "$d/host_key" "$d" "$2"
		if /usr/sbin/sshd -f "$d/sshd_config" -E "$d/log" 2>/dev/null; then
			echo "$port"
			return 0
		fi
	done
	return 1
}

# worker_ssh KEY: ssh with KEY to a worker: no host keys kept, no
# questions asked.
worker_ssh() {
	echo "ssh -i $1 -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -o BatchMode=yes -o LogLevel=ERROR"
}
