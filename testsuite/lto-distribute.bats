#!/usr/bin/env bats
# Distributed LTRANS (lto/distribute.c): -flto-distributor=PROG gets the
# link's LTRANS jobs as one JSON job file and runs them; the reference
# distributor, xgcc-distribute-local, runs them here.  A link through it
# is the in-process link byte for byte; the job file names every file a
# job touches; cache hits are not sent and what comes back is cached; a
# distributor that fails, dies or returns junk stops the link with one
# error naming it and the first job, leaving no output and no temporary
# file.  The program is bench/gen-program's, big enough for WPA and
# several partitions.
load helper
load wine
load lto-distribute

setup_file() {
	G="$BATS_FILE_TMPDIR/gen"
	export G
	export TMPDIR="$BATS_FILE_TMPDIR/tmp"
	mkdir -p "$TMPDIR"
	distribute_program 5 6 120 4
}

LOCAL="$XGCC_BUILDDIR/xgcc-distribute-local"

# the messages' quotes in ASCII, whatever the locale
setup() {
	common_setup
	export LC_ALL=C
}

# link OUT OPTION...: the partitioned LTO link, with -v.
link() {
	local out=$1
	shift
	run "$XGCC" -O2 -flto=2 -flto-partition=1to1 -v "$@" "$G"/lto/*.o "$G/nonlto.o" -o "$out"
}

# quiet_link OUT OPTION...: the same without -v.
quiet_link() {
	local out=$1
	shift
	run "$XGCC" -O2 -flto=2 -flto-partition=1to1 "$@" "$G"/lto/*.o "$G/nonlto.o" -o "$out"
}

# distributor NAME BODY: a distributor script ./NAME (bash; "$job" is
# the job file, "$@" all its arguments).
distributor() {
	printf '#!/bin/bash\njob=${@: -1}\n%s\n' "$2" >"$1"
	chmod +x "$1"
}

# failed_cleanly OUT: the link failed, left no OUT and no temporary file.
failed_cleanly() {
	assert_failure
	[ ! -e "$1" ] || fail "$1 was written"
	assert_no_temps
}

@test "a link through xgcc-distribute-local is the in-process link, byte for byte, and runs" {
	link prog -flto-distributor="$LOCAL"
	assert_success
	assert_output --regexp "lto1: [0-9]+ LTRANS jobs through the distributor: $LOCAL /[^ ]*/prog\.ltrans\.json"
	local n
	n=$(echo "$output" | sed -n 's/^lto1: \([0-9]*\) LTRANS jobs through.*/\1/p')
	[ "$n" -ge 4 ] || fail "only $n jobs"
	# no LTRANS command of lto1's own
	refute_output --partial " -fltrans -o "
	cmp prog "$G/inproc"
	run ./prog
	assert_success
	assert_output "$(cat "$G/expected")"
	assert_no_temps
}

@test "the job file: absolute compiler, and every file a job names is among its inputs or outputs" {
	distributor keep 'cp "$job" "$PWD/job.json"; cp "$(dirname "$job")/prog.ltrans.out" "$PWD/wpa.list"
		ls "$(dirname "$job")" >"$PWD/dir.list"; exec "$LOCAL" "$job"'
	export LOCAL
	link prog -flto-distributor=./keep
	assert_success
	cmp prog "$G/inproc"
	run jq -r '.common.linker_output, .common.directory, .common.compiler[0]' job.json
	assert_line --index 0 prog
	assert_line --index 1 --regexp "^$TMPDIR/cc"
	assert_line --index 2 "$XGCC"
	# each job: args[0] the compiler, one input and one output, named
	# relative; every word of args that is a file of the directory is
	# an input or an output; the output follows -o
	run jq -r '.jobs[] | select(.args[0] != "'"$XGCC"'" or (.inputs|length) != 1 or (.outputs|length) != 1
		or (.inputs[0]|startswith("/")) or (.outputs[0]|startswith("/"))) | "bad job"' job.json
	assert_output ""
	local files
	files=$(jq -r --rawfile dir dir.list '($dir | split("\n")) as $d | .jobs[] | . as $j
		| .args[1:][] | select(. as $a | $d | index([$a])) | select(. as $a | ($j.inputs + $j.outputs) | index([$a]) | not)' job.json)
	[ -z "$files" ] || fail "named in args, not in inputs/outputs: $files"
	run jq -r '.jobs[] | .args as $a | ($a | index(["-o"])) as $o | select($a[$o + 1] != .outputs[0]) | "bad -o"' job.json
	assert_output ""
	[ "$(jq '.jobs | length' job.json)" -ge 4 ]
	# the largest partition first (by the WPA's sizes), as in process;
	# ties in partition order
	local by_size
	by_size=$(awk 'NR % 2 == 1 { size = $0 } NR % 2 == 0 { n = split($0, p, "/"); print size, NR, p[n] }' wpa.list |
		sort -k1,1nr -k2,2n | cut -d' ' -f3)
	[ "$(jq -r '.jobs[].inputs[0]' job.json)" = "$by_size" ] || fail "jobs not largest first: $(jq -c '[.jobs[].inputs[0]]' job.json) / $by_size"
}

@test "with -g, a distributed LTRANS unit's DW_AT_comp_dir is the link's directory, as in process" {
	local i
	for i in 1 2 3; do
		printf '__attribute__((noinline)) int f%d(int x) { return x * %d; }\n' $i $i >f$i.c
	done
	printf '#include <stdio.h>\nint f1(int), f2(int), f3(int);\nint main(void) { printf("%%d\\n", f1(1) + f2(2) + f3(3)); return 0; }\n' >main.c
	"$XGCC" -O2 -g -flto -c f1.c f2.c f3.c main.c
	run "$XGCC" -O2 -g -flto -flto-partition=1to1 -v -flto-distributor="$LOCAL" f1.o f2.o f3.o main.o -o prog
	assert_success
	assert_output --partial "LTRANS jobs through the distributor"
	run ./prog
	assert_output 14
	run sh -c "readelf --debug-dump=info prog | sed -n 's/.*DW_AT_comp_dir.*: //p' | sort -u"
	assert_output "$PWD"
}

@test "-flto-distributor-arg= words come before the job file; XGCC_LTO_DISTRIBUTOR names a distributor" {
	distributor args 'printf "%s\n" "$@" >"$PWD/args.txt"; exec "$LOCAL" -j 1 "$job"'
	export LOCAL
	link prog -flto-distributor=./args -flto-distributor-arg=--one -flto-distributor-arg='two words'
	assert_success
	run cat args.txt
	assert_line --index 0 -- --one
	assert_line --index 1 'two words'
	assert_line --index 2 --regexp '/prog\.ltrans\.json$'
	rm args.txt
	XGCC_LTO_DISTRIBUTOR=./args link prog2
	assert_success
	assert_output --partial "LTRANS jobs through the distributor: ./args "
	cmp prog2 "$G/inproc"
	# the options win over the environment; the driver passes them on
	XGCC_LTO_DISTRIBUTOR=false link prog3 -flto-distributor="$LOCAL"
	assert_success
	cmp prog3 "$G/inproc"
}

@test "LTRANS cache hits are not sent; what comes back is cached" {
	distributor count 'jq ".jobs | length" "$job" >>"$PWD/sent"; exec "$LOCAL" "$job"'
	export LOCAL
	link prog -flto-distributor=./count -flto-cache="$BATS_TEST_TMPDIR/cache"
	assert_success
	local n
	n=$(cat sent)
	[ "$n" -ge 4 ]
	# a relink: every partition from the cache, the distributor not run
	# (it would fail)
	link prog2 -flto-distributor=false -flto-cache="$BATS_TEST_TMPDIR/cache"
	assert_success
	assert_output --partial "lto1: LTRANS cache: $n of $n partitions reused"
	refute_output --partial "through the distributor"
	run ./prog2
	assert_output "$(cat "$G/expected")"
}

@test "a distributor that fails: one error naming it and the first job; no output, no temporary file" {
	quiet_link prog -flto-distributor=false
	failed_cleanly prog
	assert_output --regexp "^lto1: error: the LTO distributor 'false' failed \(exit status 1\); job 0 \(prog\.ltrans([0-9]+)\.o\): prog\.ltrans[0-9]+\.ltrans\.o did not come back$"
}

@test "a distributor killed by a signal, or that cannot start: one error" {
	distributor die 'kill -KILL $$'
	quiet_link prog -flto-distributor=./die
	failed_cleanly prog
	assert_output --regexp "^lto1: error: the LTO distributor '\./die' was killed by signal 9 \(Killed\); job 0 \(prog\.ltrans[0-9]+\.o\): prog\.ltrans[0-9]+\.ltrans\.o did not come back$"
	quiet_link prog -flto-distributor=./no-such-distributor
	failed_cleanly prog
	assert_output "lto1: error: cannot execute './no-such-distributor': No such file or directory"
}

@test "outputs that are not objects, or are objects of another machine, are refused" {
	# all jobs done, then job 2's output replaced by junk
	distributor junk '"$LOCAL" "$job" && echo junk >"$(dirname "$job")/prog.ltrans2.ltrans.o"'
	export LOCAL
	quiet_link prog -flto-distributor=./junk
	failed_cleanly prog
	assert_output --regexp "^lto1: error: the LTO distributor './junk' reported success; job [0-9]+ \(prog\.ltrans2\.o\): prog\.ltrans2\.ltrans\.o came back, but .*prog\.ltrans2\.ltrans\.o: file format not recognized$"
	echo 'int f(void) { return 1; }' >f.c
	gcc -m32 -c f.c -o i386.o || skip "gcc -m32 cannot compile here (gcc-multilib)"
	distributor other '"$LOCAL" "$job" && cp "$PWD/i386.o" "$(dirname "$job")/prog.ltrans1.ltrans.o"'
	quiet_link prog -flto-distributor=./other
	failed_cleanly prog
	assert_output --regexp "^lto1: error: the LTO distributor '\./other' reported success; job [0-9]+ \(prog\.ltrans1\.o\): prog\.ltrans1\.ltrans\.o came back as an object for another machine$"
}

@test "links whose jobs would write more files, and links without WPA, run here" {
	link prog -flto-distributor=false -save-temps
	assert_success
	assert_output --partial "lto1: the LTRANS jobs run here, not through the distributor: the link keeps its intermediate files (-save-temps)"
	cmp prog "$G/inproc"
	link prog2 -flto-distributor=false -fdump-tree-optimized
	assert_success
	assert_output --partial "not through the distributor: the link asks for dumps"
	# -flto-partition=none: one backend run, nothing to distribute
	echo 'int main(void) { return 0; }' >m.c
	"$XGCC" -O2 -flto -fPIE -c m.c
	run "$XGCC" -O2 -flto -flto-partition=none -v -flto-distributor=false m.o -o small
	assert_success
	assert_output --partial "lto1: one backend run without WPA: no LTRANS jobs for the distributor"
}

@test "xgcc-distribute-local: a job file it cannot use is a clear error" {
	echo '{"common": {' >bad.json
	run "$LOCAL" bad.json
	assert_failure
	assert_output --regexp "^xgcc-distribute-local: error: bad.json:[0-9]+: not a job file: "
	echo '{"common": {"directory": "/tmp", "compiler": ["x"]}, "jobs": [{"args": ["true"], "inputs": ["../etc/passwd"], "outputs": ["o"]}]}' >esc.json
	run "$LOCAL" esc.json
	assert_failure
	assert_output "xgcc-distribute-local: error: esc.json: job 0: input '../etc/passwd' is not a name inside the directory"
	echo '{"common": {"directory": "'"$PWD"'", "compiler": ["true"]}, "jobs": [{"args": ["true"], "inputs": [], "outputs": ["never"]}]}' >none.json
	run "$LOCAL" none.json
	assert_failure
	assert_output "xgcc-distribute-local: error: job 0 left no never"
	echo '{"common": {"directory": "'"$PWD"'", "compiler": ["false"]}, "jobs": [{"args": ["false"], "inputs": [], "outputs": ["o"]}]}' >fail.json
	run "$LOCAL" fail.json
	assert_failure
	assert_output --partial "job 0 (false) returned 1 exit status"
}

@test "a MinGW link through the local distributor is the in-process link and runs under wine" {
	command -v x86_64-w64-mingw32-gcc >/dev/null || skip "no x86_64 MinGW backend"
	wine_skip
	local cc="$XGCC_BUILDDIR/x86_64-w64-mingw32-xgcc" f
	for f in "$G"/prog/*.c "$G"/lib/*.c; do
		"$cc" -O2 -flto -c "$f" -o "$(basename "$f" .c).obj"
	done
	"$cc" -O2 -c "$G/nonlto.c" -o nonlto.obj
	"$cc" -O2 -flto=2 -flto-partition=1to1 -Wl,--no-insert-timestamp ./*.obj -o inproc.exe
	run "$cc" -O2 -flto=2 -flto-partition=1to1 -Wl,--no-insert-timestamp -v -flto-distributor="$LOCAL" ./*.obj -o dist.exe
	assert_success
	assert_output --partial "LTRANS jobs through the distributor"
	cmp inproc.exe dist.exe
	wine_run ./dist.exe
	assert_success
	assert_output "$(cat "$G/expected")"
}
