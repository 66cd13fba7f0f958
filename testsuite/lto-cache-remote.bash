# The servers and helpers of the LTRANS cache's remote tests
# (lto-cache-remote.bats, lto-cache-faults.bats): load it after helper.
# nginx with WebDAV PUT and redis-server, started as the user running the
# tests on free loopback ports; the links of bench/gen-program's objects
# in $G with the team's secret, and what to read from their -v output.

# serve_nginx DIR PORT: nginx serving DIR/dav with PUT on 127.0.0.1:PORT,
# in the background, all its files in DIR; 0 once it listens.
serve_nginx() {
	local d=$1 port=$2 i
	mkdir -p "$d/dav" "$d/tmp" "$d/logs"
	printf 'team:%s\n' "$(openssl passwd -apr1 's3cret pass')" >"$d/htpasswd"
	{
		# as root the workers would be nobody, who cannot write DIR
		[ "$(id -u)" -ne 0 ] || echo "user root root;"
		cat <<-EOF
			daemon off;
			pid $d/nginx.pid;
			error_log $d/logs/error.log;
			events { worker_connections 64; }
			http {
				access_log $d/logs/access.log;
				client_body_temp_path $d/tmp;
				proxy_temp_path $d/tmp;
				fastcgi_temp_path $d/tmp;
				uwsgi_temp_path $d/tmp;
				scgi_temp_path $d/tmp;
				client_max_body_size 64m;
				server {
					listen 127.0.0.1:$port${NGINX_TLS:+ ssl};
					${NGINX_TLS:+ssl_certificate $d/cert.pem; ssl_certificate_key $d/key.pem;}
					root $d/dav;
					location / { dav_methods PUT; create_full_put_path on; }
					# a team's server that asks who writes and reads
					location /auth/ {
						auth_basic "xgcc";
						auth_basic_user_file $d/htpasswd;
						dav_methods PUT;
						create_full_put_path on;
					}
				}
			}
		EOF
	} >"$d/nginx.conf"
	nginx -p "$d" -c "$d/nginx.conf" </dev/null >"$d/logs/stdout" 2>&1 &
	echo $! >"$d/server.pid"
	for i in $(seq 50); do
		listening "$port" && kill -0 "$(cat "$d/server.pid")" 2>/dev/null && return 0
		kill -0 "$(cat "$d/server.pid")" 2>/dev/null || return 1
		sleep 0.1
	done
	return 1
}

# serve_nginx_tls DIR PORT: the same over TLS, with a certificate of its
# own making for 127.0.0.1 that nobody vouches for.
serve_nginx_tls() {
	mkdir -p "$1"
	openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj /CN=127.0.0.1 \
		-addext subjectAltName=IP:127.0.0.1 -keyout "$1/key.pem" -out "$1/cert.pem" 2>/dev/null || return 1
	NGINX_TLS=1 serve_nginx "$@"
}

# serve_redis DIR PORT: redis-server on 127.0.0.1:PORT in the background,
# nothing saved; 0 once it answers.
serve_redis() {
	local d=$1 port=$2 i
	mkdir -p "$d"
	redis-server --port "$port" --bind 127.0.0.1 --save '' --appendonly no --dir "$d" --daemonize no \
		</dev/null >"$d/log" 2>&1 &
	echo $! >"$d/server.pid"
	for i in $(seq 50); do
		[ "$(redis-cli -p "$port" ping 2>/dev/null)" = PONG ] && return 0
		kill -0 "$(cat "$d/server.pid")" 2>/dev/null || return 1
		sleep 0.1
	done
	return 1
}

# listening PORT: something accepts connections on 127.0.0.1:PORT.
listening() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

# start SERVE DIR: SERVE (serve_nginx or serve_redis) on a random free
# port, a few tries, as files of other tests take ports too; prints it.
start() {
	local serve=$1 d=$2 port try
	for try in 1 2 3 4 5; do
		port=$((20000 + RANDOM % 20000))
		listening "$port" && continue
		if "$serve" "$d" "$port"; then
			echo "$port"
			return 0
		fi
		stop "$d"
	done
	return 1
}

# stop DIR: the server started with its files in DIR.
stop() {
	[ -f "$1/server.pid" ] || return 0
	kill "$(cat "$1/server.pid")" 2>/dev/null || true
	wait "$(cat "$1/server.pid")" 2>/dev/null || true
	rm -f "$1/server.pid"
}

# signal_server SIGNAL DIR: SIGNAL to the server of DIR, to nginx's
# workers too (found before the master is signalled, which would start
# others, and quickly: the links are running meanwhile).
signal_server() {
	local pid workers="" w
	pid=$(cat "$2/server.pid")
	{ read -r workers <"/proc/$pid/task/$pid/children"; } 2>/dev/null || workers=$(pgrep -P "$pid" || true)
	kill -"$1" "$pid"
	for w in $workers; do
		kill -"$1" "$w" 2>/dev/null || true
	done
}

# kill_server DIR: the server of DIR killed (SIGKILL), as by a crash or
# the OOM killer: its connections reset, whatever it was doing.
kill_server() {
	signal_server KILL "$1"
	wait "$(cat "$1/server.pid")" 2>/dev/null || true
	rm -f "$1/server.pid"
}

# a port where nothing listens
dead_port() {
	local p
	while :; do
		p=$((20000 + RANDOM % 20000))
		listening "$p" || break
	done
	echo "$p"
}

# remote_setup_file: TMPDIR for the file, and nginx (HTTP_PORT, its
# WebDAV tree in DAV) and redis-server (REDIS_PORT) started with their
# files under S; else SKIP_WHY says why not.
remote_setup_file() {
	export TMPDIR="$BATS_FILE_TMPDIR/tmp"
	mkdir -p "$TMPDIR"
	SKIP_WHY=""
	command -v nginx >/dev/null || SKIP_WHY="nginx is not installed (quickstart installs it)"
	command -v redis-server >/dev/null && command -v redis-cli >/dev/null ||
		SKIP_WHY="redis-server is not installed (quickstart installs it)"
	export SKIP_WHY
	[ -z "$SKIP_WHY" ] || return 0
	S="$BATS_FILE_TMPDIR/srv"
	export S
	HTTP_PORT=$(start serve_nginx "$S/nginx") || {
		export SKIP_WHY="nginx does not start on 127.0.0.1: $(tail -1 "$S/nginx/logs/error.log" 2>/dev/null)"
		return 0
	}
	REDIS_PORT=$(start serve_redis "$S/redis") || {
		export SKIP_WHY="redis-server does not start on 127.0.0.1: $(tail -1 "$S/redis/log" 2>/dev/null)"
		return 0
	}
	export HTTP_PORT REDIS_PORT
	DAV="$S/nginx/dav"
	export DAV
}

# remote_teardown_file: the servers of remote_setup_file stopped.
remote_teardown_file() {
	[ -z "${S:-}" ] || {
		stop "$S/nginx"
		stop "$S/redis"
	}
}

# xlink OUT OPTION...: the LTO link of the generated objects, with -v and
# the team's secret (a later -flto-cache-secret= wins); link: the same
# under bats' run.
xlink() {
	local out=$1
	shift
	"$XGCC" -O2 -flto=2 -v -flto-cache-secret="$G/secret" "$@" \
		"$G"/lto/u*.o "$G/lto/main.o" "$G/nonlto.o" "$G/liblto.a" -o "$out"
}
link() { run xlink "$@"; }
# counts: the last link's cache line, "H of N reused (L local, R remote), C compiled".
counts() {
	echo "$output" | sed -n 's/^lto1: LTRANS cache: \([0-9]* of [0-9]*\) partitions* reused/\1/p'
}
# warnings: how many; not GCC's own in the -v output, where the MPFR
# it was built with is not the one installed (Debian 13: "warning: MPFR
# header version 4.2.1 differs from library version 4.2.2.")
warnings() { echo "$output" | xgcc_warnings | wc -l; }
# xgcc_warnings: the warning lines of the standard input, GCC's MPFR one
# left out
xgcc_warnings() { grep 'warning:' | grep -v 'header version .* differs from library version' || true; }
runs_right() {
	run "./$1"
	assert_success
	assert_output "$(cat "$G/expected")"
}
entries() { find "$1" -type f -name '????????????????????????????????????????????????????????????????'; }
# dav_entries PATH: the entries under the WebDAV remote's PATH, as KE/Y...
dav_entries() { (cd "$DAV/$1" 2>/dev/null && find . -type f | sed 's#^\./##' | sort); }
redis() { redis-cli -p "$REDIS_PORT" "$@"; }

# plant_dav DIR PATH, plant_redis DIR DB: the entries of the local cache
# DIR (another party's bytes under the same keys) into the remote.
plant_dav() {
	local e k
	for e in $(entries "$1"); do
		k=$(basename "$e")
		mkdir -p "$DAV/$2/${k:0:2}"
		cp "$e" "$DAV/$2/${k:0:2}/${k:2}"
	done
}
plant_redis() {
	local e
	for e in $(entries "$1"); do
		redis -n "$2" -x set "xgcc-ltrans:$(basename "$e")" <"$e" >/dev/null
	done
}

# remote_program GEN-OPTION...: bench/gen-program's program in $G, its
# output without LTO in $G/expected, and the team's secret in $G/secret.
remote_program() {
	G="$BATS_FILE_TMPDIR/gen"
	export G
	gen_objects "$G" "$@"
	"$XGCC" -O2 "$G"/plain/*.o "$G/nonlto.o" -o "$G/p0"
	"$G/p0" >"$G/expected"
	head -c 32 /dev/urandom >"$G/secret"
	chmod 600 "$G/secret"
}
