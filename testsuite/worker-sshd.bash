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

# worker_ssh KEY: ssh with KEY to a worker: no host keys kept, no
# questions asked.
worker_ssh() {
	echo "ssh -i $1 -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -o BatchMode=yes -o LogLevel=ERROR"
}
