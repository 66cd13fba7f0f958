#!/usr/bin/env bats
# The LTRANS cache's remote, -flto-cache-remote=URL (lto/remote.c), on
# real servers that setup_file starts on loopback ports of its own: nginx
# with WebDAV PUT (http://) and redis-server (redis://).  One user's link
# fills the remote; a second user (another, empty local cache) reuses
# every partition from it and gets the same program; entries that
# another party replaced are refused and compiled again; a remote that
# is down, or too slow, costs one warning and never the link; without
# the team's secret the remote is not used.  The program is
# bench/gen-program's, as in lto-cache.bats.
load helper

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

setup_file() {
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

	G="$BATS_FILE_TMPDIR/gen"
	export G
	gen_objects "$G" -s 11 -f 6 -k 120 -g 4 -l 12
	"$XGCC" -O2 "$G"/plain/*.o "$G/nonlto.o" -o "$G/p0"
	"$G/p0" >"$G/expected"
	# the team's secret, and another party's
	head -c 32 /dev/urandom >"$G/secret"
	head -c 32 /dev/urandom >"$G/other-secret"
	chmod 600 "$G/secret" "$G/other-secret"
}

teardown_file() {
	[ -z "${S:-}" ] || {
		stop "$S/nginx"
		stop "$S/redis"
	}
}

setup() {
	common_setup
	[ -z "$SKIP_WHY" ] || skip "$SKIP_WHY"
}

# link OUT OPTION...: the LTO link of the generated objects, with -v and
# the team's secret (a later -flto-cache-secret= wins).
link() {
	local out=$1
	shift
	run "$XGCC" -O2 -flto=2 -v -flto-cache-secret="$G/secret" "$@" \
		"$G"/lto/u*.o "$G/lto/main.o" "$G/nonlto.o" "$G/liblto.a" -o "$out"
}
# counts: the last link's cache line, "H of N reused (L local, R remote), C compiled".
counts() {
	echo "$output" | sed -n 's/^lto1: LTRANS cache: \([0-9]* of [0-9]*\) partitions* reused/\1/p'
}
# warnings: how many; not GCC's own in the -v output, where the MPFR
# it was built with is not the one installed (Debian 13: "warning: MPFR
# header version 4.2.1 differs from library version 4.2.2.")
warnings() { echo "$output" | grep 'warning:' | grep -vc 'header version .* differs from library version' || true; }
runs_right() {
	run "./$1"
	assert_success
	assert_output "$(cat "$G/expected")"
}
entries() { find "$1" -type f -name '????????????????????????????????????????????????????????????????'; }
# dav_entries PATH: the entries under the WebDAV remote's PATH, as KE/Y...
dav_entries() { (cd "$DAV/$1" 2>/dev/null && find . -type f | sed 's#^\./##' | sort); }
redis() { redis-cli -p "$REDIS_PORT" "$@"; }

# fill_and_reuse URL: user 1 fills the remote URL; user 2, with an empty
# local cache, takes every partition from it: the same program.  $n is
# the number of partitions.
fill_and_reuse() {
	local url=$1
	HOME="$PWD/home1" link p1 -flto-cache="$PWD/home1/cache" -flto-cache-remote="$url"
	assert_success
	n=$(counts | awk '{ print $3 }')
	[ "$n" -ge 3 ] || fail "expected WPA with several partitions: $(counts)"
	assert_equal "$(counts)" "0 of $n (0 local, 0 remote), $n compiled"
	assert_equal "$(warnings)" 0
	runs_right p1
	HOME="$PWD/home2" link p2 -flto-cache="$PWD/home2/cache" -flto-cache-remote="$url"
	assert_success
	assert_equal "$(counts)" "$n of $n (0 local, $n remote), 0 compiled"
	assert_equal "$(warnings)" 0
	cmp p1 p2 || fail "the second user's program differs"
	runs_right p2
	# the remote's hits went into user 2's own cache
	assert_equal "$(entries home2/cache | wc -l)" "$n"
	HOME="$PWD/home2" link p3 -flto-cache="$PWD/home2/cache" -flto-cache-remote="$url"
	assert_equal "$(counts)" "$n of $n ($n local, 0 remote), 0 compiled"
}

@test "WebDAV: one user fills the remote, a second with an empty cache reuses every partition" {
	fill_and_reuse "http://127.0.0.1:$HTTP_PORT/fill/"
	# ccache's subdirs layout: PATH/KE/Y..., the local entry's bytes
	assert_equal "$(dav_entries fill | wc -l)" "$n"
	local e
	e=$(entries home1/cache | head -1)
	k=$(basename "$e")
	cmp "$e" "$DAV/fill/${k:0:2}/${k:2}" || fail "the remote entry is not the local one"
	assert_no_temps
}

@test "Redis: one user fills the remote, a second with an empty cache reuses every partition" {
	fill_and_reuse "redis://127.0.0.1:$REDIS_PORT/1"
	assert_equal "$(redis -n 1 --scan --pattern 'xgcc-ltrans:*' | wc -l)" "$n"
	assert_equal "$(redis -n 0 dbsize)" 0
	local e
	e=$(entries home1/cache | head -1)
	[ "$(redis -n 1 strlen "xgcc-ltrans:$(basename "$e")")" -eq "$(stat -c %s "$e")" ]
}

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

# refused_then_repaired URL PLANT WHERE: the remote filled, then every
# entry replaced by another party, half tagged with another secret, half
# with no secret (a plain SHA-256, as a private cache writes); user 2
# refuses them all (one -v line each), compiles and gets the right
# program, and puts good entries back, which user 3 then reuses.
refused_then_repaired() {
	local url=$1 plant=$2 where=$3
	HOME="$PWD/home1" link p1 -flto-cache="$PWD/home1/cache" -flto-cache-remote="$url"
	assert_success
	n=$(counts | awk '{ print $3 }')
	# the same keys, written by a holder of another secret, and without one
	link px -flto-cache="$PWD/other" -flto-cache-secret="$G/other-secret"
	assert_success
	link py -flto-cache="$PWD/plain" -flto-cache-secret=
	assert_success
	local e
	for e in $(entries plain | head -$((n / 2))); do
		cp "$e" "other/$(basename "$e")"
	done
	"$plant" other "$where"
	HOME="$PWD/home2" link p2 -flto-cache="$PWD/home2/cache" -flto-cache-remote="$url"
	assert_success
	assert_equal "$(counts)" "0 of $n (0 local, 0 remote), $n compiled"
	assert_equal "$(echo "$output" | grep -c "^lto1: LTRANS cache: $url: the entry [0-9a-f]* fails the check of the secret (damaged, or written without it); compiling again$")" "$n"
	assert_equal "$(warnings)" 0
	runs_right p2
	cmp p1 p2 || fail "the recompiled program differs"
	# the refused entries were replaced with good ones
	HOME="$PWD/home3" link p3 -flto-cache="$PWD/home3/cache" -flto-cache-remote="$url"
	assert_equal "$(counts)" "$n of $n (0 local, $n remote), 0 compiled"
	cmp p1 p3 || fail "the third user's program differs"
}

@test "WebDAV: entries replaced by another party are refused, compiled again and replaced" {
	refused_then_repaired "http://127.0.0.1:$HTTP_PORT/planted" plant_dav planted
}

@test "Redis: entries replaced by another party are refused, compiled again and replaced" {
	refused_then_repaired "redis://127.0.0.1:$REDIS_PORT/2" plant_redis 2
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

@test "a remote that is down costs one warning; the link succeeds" {
	local port url
	port=$(dead_port)
	for url in "http://127.0.0.1:$port/x" "redis://127.0.0.1:$port"; do
		rm -rf c
		link p -flto-cache="$PWD/c" -flto-cache-remote="$url"
		assert_success
		n=$(counts | awk '{ print $3 }')
		assert_equal "$(counts)" "0 of $n (0 local, 0 remote), $n compiled"
		assert_equal "$(warnings)" 1
		assert_line --regexp "^lto1: warning: $url: the LTRANS cache's remote failed: .*; not using it for the rest of this link$"
		runs_right p
	done
}

@test "a remote that is too slow costs one warning after the timeout; the link succeeds" {
	local d="$BATS_TEST_TMPDIR/slow" port
	port=$(start serve_redis "$d") || fail "no second redis-server"
	redis-cli -p "$port" client pause 20000 all >/dev/null
	SECONDS=0
	XGCC_LTO_CACHE_REMOTE_TIMEOUT=300 link p -flto-cache="$PWD/c" -flto-cache-remote="redis://127.0.0.1:$port"
	local took=$SECONDS
	stop "$d"
	assert_success
	assert_equal "$(warnings)" 1
	assert_line --regexp "^lto1: warning: redis://127.0.0.1:$port: the LTRANS cache's remote failed: .*; not using it"
	[ "$took" -lt 15 ] || fail "the link waited for the paused server ($took s)"
	runs_right p
}

@test "without the team's secret the remote is not used: one warning" {
	link p -flto-cache="$PWD/c" -flto-cache-secret= -flto-cache-remote="http://127.0.0.1:$HTTP_PORT/nosecret"
	assert_success
	assert_equal "$(warnings)" 1
	assert_line "lto1: warning: http://127.0.0.1:$HTTP_PORT/nosecret: the LTRANS cache's remote needs the team's secret (-flto-cache-secret=FILE); not using it"
	assert_equal "$(dav_entries nosecret | wc -l)" 0
	runs_right p
	# so does a remote without a local cache
	XGCC_LTO_CACHE_REMOTE="http://127.0.0.1:$HTTP_PORT/nolocal" link p
	assert_success
	assert_line "lto1: warning: http://127.0.0.1:$HTTP_PORT/nolocal: the LTRANS cache's remote works under a local cache (-flto-cache=DIR); not using it"
	assert_equal "$(dav_entries nolocal | wc -l)" 0
}

@test "credentials: never in the URL; from a private file or the environment" {
	link p -flto-cache="$PWD/c" -flto-cache-remote="http://u:pw@127.0.0.1:$HTTP_PORT/cred"
	assert_success
	assert_equal "$(warnings)" 1
	assert_line --partial "cannot use as the LTRANS cache's remote: credentials in the URL would show in the process list"
	printf 'bearer t0ken\n' >auth
	chmod 644 auth
	link p -flto-cache="$PWD/c" -flto-cache-remote="http://127.0.0.1:$HTTP_PORT/cred" -flto-cache-remote-auth-file="$PWD/auth"
	assert_line "lto1: warning: $PWD/auth: cannot use as the LTRANS cache remote's credential: every user can read it, so anyone could write entries; not using the remote"
	chmod 600 auth
	rm -rf c
	link p -flto-cache="$PWD/c" -flto-cache-remote="http://127.0.0.1:$HTTP_PORT/cred" -flto-cache-remote-auth-file="$PWD/auth"
	assert_equal "$(warnings)" 0
	grep -q "PUT /cred/" "$S/nginx/logs/access.log"
	XGCC_LTO_CACHE_REMOTE_AUTH="basic nocolon" link p -flto-cache="$PWD/c" \
		-flto-cache-remote="redis://127.0.0.1:$REDIS_PORT/3"
	assert_line 'lto1: warning: XGCC_LTO_CACHE_REMOTE_AUTH: cannot use as the LTRANS cache remote'"'"'s credential: not "bearer TOKEN" or "basic USER:PASSWORD"; not using the remote'
}

@test "a server that asks for the credential: refused without it (one warning), used with it by a second user" {
	link p -flto-cache="$PWD/c" -flto-cache-remote="http://127.0.0.1:$HTTP_PORT/auth"
	assert_success
	assert_equal "$(warnings)" 1
	assert_output --partial "HTTP status 401"
	assert_equal "$(dav_entries auth | wc -l)" 0
	printf 'basic team:s3cret pass\n' >auth
	chmod 600 auth
	rm -rf c
	link p -flto-cache="$PWD/c" -flto-cache-remote="http://127.0.0.1:$HTTP_PORT/auth" -flto-cache-remote-auth-file="$PWD/auth"
	assert_success
	assert_equal "$(warnings)" 0
	n=$(counts | awk '{ print $3 }')
	assert_equal "$(dav_entries auth | wc -l)" "$n"
	# a second user, an empty cache, the credential from the environment
	XGCC_LTO_CACHE_REMOTE_AUTH="basic team:s3cret pass" link p2 -flto-cache="$PWD/c2" \
		-flto-cache-remote="http://127.0.0.1:$HTTP_PORT/auth"
	assert_success
	assert_equal "$(counts)" "$n of $n (0 local, $n remote), 0 compiled"
	cmp p p2
	run ./p2
	assert_output "$(cat "$G/expected")"
}

@test "https: a certificate nobody vouches for is refused (one warning, nothing sent); -flto-cache-remote-ca= vouches for it" {
	local port t="$BATS_TEST_TMPDIR/tls"
	port=$(start serve_nginx_tls "$t") || skip "nginx does not start with TLS on 127.0.0.1"
	link p -flto-cache="$PWD/c" -flto-cache-remote="https://127.0.0.1:$port/tls"
	assert_success
	assert_equal "$(warnings)" 1
	assert_output --partial "SSL peer certificate or SSH remote key was not OK"
	run grep -c '"PUT ' "$t/logs/access.log"
	assert_output 0
	runs_right p
	# the team's authority (here the certificate itself) named: used
	rm -rf c
	link p -flto-cache="$PWD/c" -flto-cache-remote="https://127.0.0.1:$port/tls" -flto-cache-remote-ca="$t/cert.pem"
	assert_success
	assert_equal "$(warnings)" 0
	n=$(counts | awk '{ print $3 }')
	assert_equal "$(cd "$t/dav/tls" && find . -type f | wc -l)" "$n"
	XGCC_LTO_CACHE_REMOTE_CA="$t/cert.pem" link p2 -flto-cache="$PWD/c2" -flto-cache-remote="https://127.0.0.1:$port/tls"
	stop "$t"
	assert_equal "$(counts)" "$n of $n (0 local, $n remote), 0 compiled"
	cmp p p2
}

@test "an entry over -flto-cache-remote-max-entry= is neither sent nor fetched" {
	link p -flto-cache="$PWD/c" -flto-cache-remote="http://127.0.0.1:$HTTP_PORT/cap" -flto-cache-remote-max-entry=1k
	assert_success
	n=$(counts | awk '{ print $3 }')
	assert_equal "$(echo "$output" | grep -c "is larger than 1024 bytes; not sent to")" "$n"
	assert_equal "$(dav_entries cap | wc -l)" 0
	# one the server has is not fetched either
	plant_dav c cap
	link p2 -flto-cache="$PWD/c2" -flto-cache-remote="http://127.0.0.1:$HTTP_PORT/cap" -flto-cache-remote-max-entry=1k
	assert_equal "$(counts)" "0 of $n (0 local, 0 remote), $n compiled"
	assert_equal "$(echo "$output" | grep -c "is larger than 1024 bytes; ignored")" "$n"
	assert_equal "$(warnings)" 0
	runs_right p2
}
