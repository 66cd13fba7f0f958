#!/usr/bin/env bats
# Compile farms (doc/tools.texi, "Compile Farms"): CC="distcc xgcc" with a
# real distccd on 127.0.0.1, and CC="ccache xgcc" with a private cache.
#
# setup_file starts two distccd daemons on free loopback ports, allowing
# 127.0.0.1 only: one that serves the build tree's xgcc, xg++ and
# x86_64-w64-mingw32-xgcc because DISTCC_CMDLIST lists them, and one
# without a list, which serves only the compilers of its whitelist
# (/usr/lib/distcc).  Nothing is installed: no masquerade link, no
# --enable-tcp-insecure.  The clients run with DISTCC_FALLBACK=0 and
# DISTCC_SKIP_LOCAL_RETRY=1, so a job distccd does not compile fails
# instead of being compiled locally, and each remote job must show in the
# daemon's log.  Run by root, distccd drops to an unprivileged account
# (distccd on Debian): its directory is then one in /tmp given to that
# account, removed by teardown_file.
load helper

# The daemons are the file's: its tests read their logs one after another.
# shellcheck disable=SC2034
BATS_NO_PARALLELIZE_WITHIN_FILE=true

# ------------------------------------------------------------ the daemons

# free_port: a TCP port nothing listens on at 127.0.0.1.
free_port() {
	if command -v python3 >/dev/null 2>&1; then
		python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
		return
	fi
	local p
	for _ in $(seq 50); do
		p=$((20000 + (RANDOM * 32768 + RANDOM) % 40000))
		# a refused connection: nothing listens there
		if ! (exec 9<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; then
			echo "$p"
			return
		fi
	done
	return 1
}

# daemon_user: the account distccd drops to when root starts it.
daemon_user() {
	local u
	for u in distccd distcc nobody; do
		if getent passwd "$u" >/dev/null; then
			echo "$u"
			return
		fi
	done
	return 1
}

# start_distccd NAME [CMDLIST-FILE-CONTENTS]: start distccd --daemon on a
# free port of 127.0.0.1, its files (log, pid, the list) in a directory of
# its own; write NAME.port and NAME.dir in BATS_FILE_TMPDIR.
start_distccd() {
	local name=$1 list=${2-} dir port
	local -a user=() env=(-u DISTCC_CMDLIST -u DISTCC_CMDLIST_NUMWORDS -u DISTCCD_PATH)
	if [ "$(id -u)" -eq 0 ]; then
		dir=$(mktemp -d /tmp/xgcc-farm-"$name".XXXXXX) || return 1
		chown "$DAEMON_USER" "$dir" || return 1
		user=(--user "$DAEMON_USER")
	else
		dir="$BATS_FILE_TMPDIR/$name"
		mkdir -p "$dir"
	fi
	echo "$dir" >"$BATS_FILE_TMPDIR/$name.dir"
	if [ -n "$list" ]; then
		printf '%s\n' "$list" >"$dir/cmdlist"
		env+=("DISTCC_CMDLIST=$dir/cmdlist")
	fi
	# its compilers run in its directory (their TMPDIR); xgcc is on the
	# PATH of the daemon without a list, so that only its whitelist can
	# refuse it
	env+=("TMPDIR=$dir" "PATH=$XGCC_BUILDDIR:$PATH")
	for _ in 1 2 3 4 5; do
		port=$(free_port) || return 1
		env "${env[@]}" distccd --daemon "${user[@]}" --allow 127.0.0.1 --listen 127.0.0.1 \
			--port "$port" --pid-file "$dir/pid" --log-file "$dir/log" --log-level info \
			--jobs 4 </dev/null >"$dir/start.out" 2>&1 3>&-
		# the pid file is written once it listens and has detached
		for _ in $(seq 50); do
			[ -s "$dir/pid" ] && break
			sleep 0.1
		done
		if [ -s "$dir/pid" ]; then
			echo "$port" >"$BATS_FILE_TMPDIR/$name.port"
			return 0
		fi
	done
	return 1
}

# stop_distccd NAME: kill the daemon whose pid file NAME's directory has
# (only if that pid is still that distccd), wait for it, remove the
# directory made for it in /tmp.
stop_distccd() {
	local name=$1 dir pid
	[ -e "$BATS_FILE_TMPDIR/$name.dir" ] || return 0
	dir=$(cat "$BATS_FILE_TMPDIR/$name.dir")
	pid=$(cat "$dir/pid" 2>/dev/null)
	if [ -n "$pid" ] && tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -q "distccd .*$dir/pid"; then
		kill "$pid"
		for _ in $(seq 50); do
			# gone, or a zombie nobody reaps
			if [ ! -e "/proc/$pid" ] || grep -q '^[0-9]* ([^)]*) Z' "/proc/$pid/stat" 2>/dev/null; then
				break
			fi
			sleep 0.1
		done
	fi
	case $dir in
	/tmp/xgcc-farm-*) rm -rf "$dir" ;;
	esac
}

setup_file() {
	local why=""
	if ! command -v distcc >/dev/null 2>&1 || ! command -v distccd >/dev/null 2>&1; then
		why="distcc and distccd are not installed (Debian package distcc)"
	elif [ "$(id -u)" -eq 0 ]; then
		if ! DAEMON_USER=$(daemon_user); then
			why="run by root, distccd drops to an unprivileged account, and there is none (distccd, distcc, nobody)"
		elif command -v runuser >/dev/null 2>&1 &&
			! runuser -u "$DAEMON_USER" -- "$XGCC" -dumpversion >/dev/null 2>&1; then
			why="run by root, distccd runs its compilers as $DAEMON_USER, who cannot run $XGCC (the build tree is not readable by others)"
		fi
		export DAEMON_USER
	fi
	if [ -n "$why" ]; then
		echo "$why" >"$BATS_FILE_TMPDIR/skip"
		return 0
	fi
	start_distccd farm "$XGCC_BUILDDIR/xgcc
$XGCC_BUILDDIR/xg++
$XGCC_BUILDDIR/x86_64-w64-mingw32-xgcc" || echo "distccd (DISTCC_CMDLIST) did not start" >>"$BATS_FILE_TMPDIR/broken"
	start_distccd plain || echo "distccd (whitelist) did not start" >>"$BATS_FILE_TMPDIR/broken"
}

teardown_file() {
	stop_distccd farm
	stop_distccd plain
}

# require_distccd NAME: skip if distccd cannot run here, fail if it could
# but did not start; set PORT, DDIR (its directory) and the client's
# environment: the host, no local fallback, a DISTCC_DIR of the test's.
require_distccd() {
	[ ! -e "$BATS_FILE_TMPDIR/skip" ] || skip "$(cat "$BATS_FILE_TMPDIR/skip")"
	if [ -e "$BATS_FILE_TMPDIR/broken" ]; then
		cat "$BATS_FILE_TMPDIR/broken" "$BATS_FILE_TMPDIR"/*.dir 2>/dev/null
		cat /tmp/xgcc-farm-*/start.out "$BATS_FILE_TMPDIR"/*/start.out 2>/dev/null
		fail "distccd did not start"
	fi
	PORT=$(cat "$BATS_FILE_TMPDIR/$1.port")
	DDIR=$(cat "$BATS_FILE_TMPDIR/$1.dir")
	export DISTCC_HOSTS="127.0.0.1:$PORT" DISTCC_FALLBACK=0 DISTCC_SKIP_LOCAL_RETRY=1
	export DISTCC_DIR="$BATS_TEST_TMPDIR/distcc"
	mkdir -p "$DISTCC_DIR"
}

# jobs_ok: the daemon's finished jobs so far ("COMPILE_OK ... COMPILER FILE").
jobs_ok() { grep -c 'COMPILE_OK' "$DDIR/log" || true; }

# wait_jobs N: wait (up to 10 s) until the log shows N finished jobs in
# all: distccd writes a job's summary after the client has its object.
wait_jobs() {
	for _ in $(seq 100); do
		[ "$(jobs_ok)" -ge "$1" ] && return 0
		sleep 0.1
	done
	return 1
}

# new_jobs BEFORE N: the N job lines after the first BEFORE ones, once
# written; no more than N.
new_jobs() {
	wait_jobs $(($1 + $2)) || { cat "$DDIR/log"; fail "distccd's log shows $(($(jobs_ok) - $1)) new jobs, not $2"; }
	sleep 0.2
	[ "$(jobs_ok)" -eq $(($1 + $2)) ] || { cat "$DDIR/log"; fail "distccd ran more jobs than $2"; }
	grep 'COMPILE_OK' "$DDIR/log" | tail -n "$2"
}

# ------------------------------------------------------------ the program

setup() {
	common_setup
	# nothing of the user's distcc or ccache settings
	local v
	for v in $(compgen -e | grep -E '^(DISTCC_|CCACHE_)'); do
		unset "$v"
	done
	cat >main.c <<-'EOF'
	#include <stdio.h>
	int twice(int);
	int table_sum(void);
	int main(void)
	{
		printf("farm %d %d\n", twice(21), table_sum());
		return 0;
	}
	EOF
	cat >twice.c <<-'EOF'
	int twice(int x) { return 2 * x; }
	EOF
	cat >table.c <<-'EOF'
	static const int table[] = { 1, 2, 3, 5, 8, 13 };
	int table_sum(void)
	{
		int s = 0;
		for (unsigned i = 0; i < sizeof table / sizeof *table; i++)
			s += table[i];
		return s;
	}
	EOF
	SRCS="main.c twice.c table.c"
}

EXPECTED="farm 42 32"
# the build tree, as an extended regular expression, for the log's lines
BUILDDIR_RE=$(printf '%s' "$XGCC_BUILDDIR" | sed 's/[][\\.*^$+?(){}|]/\\&/g')

# build CC DIR FLAGS...: compile the three files with the command CC
# (words) into DIR.
build() {
	local cc=$1 dir=$2 f
	shift 2
	mkdir -p "$dir"
	for f in $SRCS; do
		# shellcheck disable=SC2086
		run timeout 60 $cc "$@" -c "$f" -o "$dir/${f%.c}.o"
		assert_success
		assert_output ""
	done
}

# runs_right PROG: it prints what the program must print.
runs_right() {
	run "$1"
	assert_success
	assert_output "$EXPECTED"
}

# lto_linked PROG: the LTO link inlined twice() and table_sum() into main
# (each file's function is defined in the program without LTO).
lto_linked() {
	run nm "$1"
	assert_success
	refute_line --regexp ' T (twice|table_sum)$'
	assert_line --regexp ' T main$'
}

# ------------------------------------------------------------ distcc

@test "distcc xgcc: the objects distccd compiles on 127.0.0.1 are the local objects, byte for byte" {
	require_distccd farm
	export PATH="$XGCC_BUILDDIR:$PATH"
	local before f
	before=$(jobs_ok)
	build "distcc xgcc" r -O2
	build "distcc xgcc" r-g -O2 -g
	run new_jobs "$before" 6
	assert_success
	# the jobs of this client, compiled by the build tree's xgcc, which
	# the list maps the name xgcc to
	for f in $SRCS; do
		[ "$(grep -cE "client: 127\.0\.0\.1:[0-9]+ COMPILE_OK .* $BUILDDIR_RE/xgcc ${f/./\\.}\$" <<<"$output")" -eq 2 ] ||
			fail "no two jobs of $f in: $output"
	done
	build "$XGCC" l -O2
	build "$XGCC" l-g -O2 -g
	for f in $SRCS; do
		cmp "r/${f%.c}.o" "l/${f%.c}.o"
		# the debug information names the client's directory
		cmp "r-g/${f%.c}.o" "l-g/${f%.c}.o"
	done
	# links are never distributed: distcc runs xgcc here
	run timeout 60 distcc xgcc r/main.o r/twice.o r/table.o -o p
	assert_success
	runs_right ./p
	assert_no_temps
}

@test "distcc xgcc -flto=auto: LTO objects made by distccd link with xgcc -flto into the program of an all-local build" {
	require_distccd farm
	export PATH="$XGCC_BUILDDIR:$PATH"
	local before
	before=$(jobs_ok)
	build "distcc xgcc" r -O2 -flto=auto
	run new_jobs "$before" 3
	assert_success
	assert_line --regexp "COMPILE_OK .* $BUILDDIR_RE/xgcc main\.c\$"
	assert_line --regexp "COMPILE_OK .* $BUILDDIR_RE/xgcc twice\.c\$"
	assert_line --regexp "COMPILE_OK .* $BUILDDIR_RE/xgcc table\.c\$"
	run "$XGCC_BUILDDIR/lto1" --list r/twice.o
	assert_success
	assert_line --index 0 --partial 'LTO slim'
	run "$XGCC" -O2 -flto r/main.o r/twice.o r/table.o -o rp
	assert_success
	assert_output ""
	runs_right ./rp
	lto_linked rp
	# the same commands, all here
	build "$XGCC" l -O2 -flto=auto
	run "$XGCC" -O2 -flto l/main.o l/twice.o l/table.o -o lp
	assert_success
	cmp rp lp
	# and linked with -flto=auto, as a build with these CFLAGS links
	"$XGCC" -O2 -flto=auto r/main.o r/twice.o r/table.o -o rp2
	"$XGCC" -O2 -flto=auto l/main.o l/twice.o l/table.o -o lp2
	cmp rp2 lp2
	cmp rp rp2
	runs_right ./rp2
	# -flto=N at the compile step changes no code: objects of plain
	# -flto give the same program
	build "$XGCC" l0 -O2 -flto
	"$XGCC" -O2 -flto l0/main.o l0/twice.o l0/table.o -o lp0
	cmp rp lp0
	assert_no_temps
}

@test "distcc 3.4 compiles a plain -flto locally ('LTO cc invocations are not worth distributing'); -flto=auto goes to distccd" {
	require_distccd farm
	distcc --version | grep -q '^distcc 3\.4 ' || skip "this is distcc 3.4's rule, and this distcc is $(distcc --version | head -1)"
	export PATH="$XGCC_BUILDDIR:$PATH"
	local before
	before=$(jobs_ok)
	DISTCC_VERBOSE=1 run timeout 60 distcc xgcc -O2 -flto -c twice.c -o plain.o
	assert_success
	assert_line --partial 'LTO cc invocations are not worth distributing'
	assert_line --regexp '^distcc\[[0-9]+\] exec on localhost: xgcc -O2 -flto -c twice\.c -o plain\.o$'
	run timeout 60 distcc xgcc -O2 -flto=auto -c table.c -o n.o
	assert_success
	# one job only, the second one's
	run new_jobs "$before" 1
	assert_success
	assert_output --regexp " $BUILDDIR_RE/xgcc table\.c\$"
	# the local one links as well
	run timeout 60 distcc xgcc -O2 -flto -c main.c -o main.o
	assert_success
	"$XGCC" -O2 -flto main.o plain.o n.o -o p
	runs_right ./p
	lto_linked p
}

@test "distcc xg++; cross compiles: x86_64-w64-mingw32-xgcc and -target go through distccd, XGCC_TARGET does not" {
	require_distccd farm
	export PATH="$XGCC_BUILDDIR:$PATH"
	local before
	printf 'template <class T> T sq(T x) { return x * x; }\nint f(int x) { return sq(x) + 1; }\n' >t.cc
	before=$(jobs_ok)
	run timeout 60 distcc xg++ -O2 -c t.cc -o t-r.o
	assert_success
	"$XGXX" -O2 -c t.cc -o t-l.o
	cmp t-r.o t-l.o
	run new_jobs "$before" 1
	assert_output --regexp " $BUILDDIR_RE/xg\+\+ t\.cc\$"
	command -v x86_64-w64-mingw32-gcc >/dev/null 2>&1 || skip "no MinGW backend (gcc-mingw-w64-x86-64): the C++ part passed"
	before=$(jobs_ok)
	build "distcc x86_64-w64-mingw32-xgcc" rw -O2
	build "distcc xgcc -target x86_64-w64-mingw32" rt -O2
	run new_jobs "$before" 6
	assert_success
	[ "$(grep -cE " $BUILDDIR_RE/x86_64-w64-mingw32-xgcc [a-z]+\.c\$" <<<"$output")" -eq 3 ] || fail "$output"
	build "$XGCC_BUILDDIR/x86_64-w64-mingw32-xgcc" lw -O2
	local f
	for f in $SRCS; do
		cmp "rw/${f%.c}.o" "lw/${f%.c}.o"
		cmp "rt/${f%.c}.o" "lw/${f%.c}.o"
	done
	run file rw/main.o
	assert_output --partial 'COFF'
	# XGCC_TARGET stays here: distcc preprocesses for it, and distccd's
	# xgcc compiles that for its own target
	printf '#ifdef _WIN32\nint win = 1;\n#else\nint win = 0;\n#endif\n' >w.c
	XGCC_TARGET=x86_64-w64-mingw32 run timeout 60 distcc xgcc -c w.c -o w.o
	assert_success
	run file w.o
	assert_output --partial 'ELF'
	run objdump -s -j .data w.o
	assert_line --regexp '^ 0000 01000000 '
}

@test "distccd without DISTCC_CMDLIST refuses xgcc: not in its /usr/lib/distcc whitelist, and no path to a compiler" {
	require_distccd plain
	[ ! -e /usr/lib/distcc/xgcc ] || skip "/usr/lib/distcc/xgcc exists: this distccd serves xgcc by its whitelist"
	export PATH="$XGCC_BUILDDIR:$PATH"
	# a refused job puts the host in back-off: a DISTCC_DIR for each one
	mkdir d1 d2
	DISTCC_DIR="$PWD/d1" run timeout 60 distcc xgcc -O2 -c twice.c -o a.o
	assert_failure
	assert_output --partial 'failed to distribute and fallbacks are disabled'
	DISTCC_DIR="$PWD/d2" run timeout 60 distcc "$XGCC" -O2 -c twice.c -o b.o
	assert_failure
	[ ! -e a.o ] && [ ! -e b.o ]
	# the daemon logs after the client has its answer
	for _ in $(seq 100); do
		[ "$(grep -c 'CRITICAL' "$DDIR/log")" -ge 2 ] && break
		sleep 0.1
	done
	run grep 'CRITICAL' "$DDIR/log"
	assert_line --regexp 'CRITICAL! xgcc not in /usr/lib/distcc .*whitelist\.$'
	assert_line --partial "CRITICAL! compiler name <$XGCC> cannot be an absolute path (or must set DISTCC_CMDLIST or pass --enable-tcp-insecure)"
	run grep -c 'COMPILE_OK' "$DDIR/log"
	assert_output 0
}

# ------------------------------------------------------------ ccache

# ccache_env: a cache of the test's, no other configuration file, a log.
ccache_env() {
	command -v ccache >/dev/null 2>&1 || skip "ccache is not installed (Debian package ccache)"
	export CCACHE_DIR="$BATS_TEST_TMPDIR/ccache" CCACHE_CONFIGPATH="$BATS_TEST_TMPDIR/ccache.conf"
	export CCACHE_LOGFILE="$BATS_TEST_TMPDIR/ccache.log"
	: >"$CCACHE_CONFIGPATH"
}

# ccstat NAME: ccache's counter NAME (ccache --print-stats).
ccstat() { ccache --print-stats | awk -v n="$1" '$1 == n { print $2 }'; }

@test "ccache xgcc: ccache takes xgcc for gcc; the second build is a hit, with the same objects" {
	ccache_env
	build "ccache $XGCC" c1 -O2
	assert_equal "$(ccstat cache_miss)" 3
	build "ccache $XGCC" c2 -O2
	assert_equal "$(ccstat direct_cache_hit)" 3
	assert_equal "$(ccstat cache_miss)" 3
	# without the direct mode, from xgcc -E's output
	CCACHE_NODIRECT=1 build "ccache $XGCC" c3 -O2
	assert_equal "$(ccstat preprocessed_cache_hit)" 3
	run grep -c 'Compiler type: gcc$' "$CCACHE_LOGFILE"
	assert_output 9
	build "$XGCC" l -O2
	local f
	for f in $SRCS; do
		cmp "c1/${f%.c}.o" "l/${f%.c}.o"
		cmp "c2/${f%.c}.o" "l/${f%.c}.o"
		cmp "c3/${f%.c}.o" "l/${f%.c}.o"
	done
	run ccache "$XGCC" c2/main.o c2/twice.o c2/table.o -o p
	assert_success
	assert_equal "$(ccstat called_for_link)" 1
	runs_right ./p
	assert_no_temps
}

@test "ccache xgcc -flto: the LTO objects are cached, and the cached ones link into the same program" {
	ccache_env
	build "ccache $XGCC" c1 -O2 -flto
	assert_equal "$(ccstat cache_miss)" 3
	build "ccache $XGCC" c2 -O2 -flto
	assert_equal "$(ccstat direct_cache_hit)" 3
	assert_equal "$(ccstat cache_miss)" 3
	local f
	for f in $SRCS; do
		cmp "c1/${f%.c}.o" "c2/${f%.c}.o"
	done
	run "$XGCC_BUILDDIR/lto1" --list c2/table.o
	assert_line --index 0 --partial 'LTO slim'
	"$XGCC" -O2 -flto c1/main.o c1/twice.o c1/table.o -o p1
	run "$XGCC" -O2 -flto c2/main.o c2/twice.o c2/table.o -o p2
	assert_success
	assert_output ""
	cmp p1 p2
	runs_right ./p2
	lto_linked p2
	# and the program of objects compiled without ccache
	build "$XGCC" l -O2 -flto
	"$XGCC" -O2 -flto l/main.o l/twice.o l/table.o -o p3
	cmp p2 p3
	assert_no_temps
}

@test "ccache: compiler_check '%compiler% -v' tells XGCC_TARGET's backend apart, which the default (xgcc's mtime) does not" {
	ccache_env
	command -v x86_64-w64-mingw32-gcc >/dev/null 2>&1 || skip "no MinGW backend (gcc-mingw-w64-x86-64) to change to"
	# XGCC_TARGET changes xgcc's backend: ccache hashes neither it nor
	# the backend, so by default the native object comes back
	build "ccache $XGCC" c1 -O2
	XGCC_TARGET=x86_64-w64-mingw32 build "ccache $XGCC" c2 -O2
	assert_equal "$(ccstat direct_cache_hit)" 3
	run file c2/main.o
	assert_output --partial 'ELF'
	# what it hashes tells the cross driver and -target apart
	build "ccache $XGCC_BUILDDIR/x86_64-w64-mingw32-xgcc" c6 -O2
	build "ccache $XGCC -target x86_64-w64-mingw32" c7 -O2
	assert_equal "$(ccstat direct_cache_hit)" 3
	run file c6/main.o c7/main.o
	assert_line --index 0 --partial 'COFF'
	assert_line --index 1 --partial 'COFF'
	export CCACHE_COMPILERCHECK='%compiler% -v'
	ccache --clear >/dev/null
	build "ccache $XGCC" c3 -O2
	build "ccache $XGCC" c4 -O2
	assert_equal "$(ccstat direct_cache_hit)" 6
	XGCC_TARGET=x86_64-w64-mingw32 build "ccache $XGCC" c5 -O2
	assert_equal "$(ccstat direct_cache_hit)" 6
	run file c5/main.o
	assert_output --partial 'COFF'
	build "$XGCC_BUILDDIR/x86_64-w64-mingw32-xgcc" w -O2
	cmp c5/main.o w/main.o
}

@test "ccache in front of distcc (CCACHE_PREFIX=distcc): a miss is compiled by distccd, a hit is not sent" {
	ccache_env
	require_distccd farm
	export PATH="$XGCC_BUILDDIR:$PATH" CCACHE_PREFIX=distcc
	local before
	before=$(jobs_ok)
	build "ccache xgcc" c1 -O2 -flto=auto
	run new_jobs "$before" 3
	assert_success
	assert_line --regexp " $BUILDDIR_RE/xgcc main\.c\$"
	build "ccache xgcc" c2 -O2 -flto=auto
	assert_equal "$(ccstat direct_cache_hit)" 3
	sleep 0.3
	assert_equal "$(jobs_ok)" $((before + 3))
	run "$XGCC" -O2 -flto=auto c2/main.o c2/twice.o c2/table.o -o p
	assert_success
	runs_right ./p
	lto_linked p
}
