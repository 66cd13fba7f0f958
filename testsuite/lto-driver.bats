#!/usr/bin/env bats
# xgcc -x lto: the link-time compile that lto-wrapper (and xgcc's LTO
# stage) runs through the driver.  The backend's lto1 reads LTO objects and
# archive members ("lib.a@0xOFFSET"), all of them in one run given -o or
# -fwpa, and as assembles its output; with -fwpa lto1 writes the LTRANS
# objects itself.  The command lines and their COLLECT_GCC_OPTIONS must be
# gcc's, and the objects made must link and run.
load helper

LTO1="$XGCC_BUILDDIR/lto1"

setup() {
	common_setup
	# the assembler as the backend runs it: "as", or the path of
	# "x86_64-linux-gnu-as" (Debian's GCC 15 and later)
	AS=$("$XGCC" -print-prog-name=as)
	printf '#include <stdio.h>\nint f(int);\nint main(void) { printf("%%d\\n", f(20)); return f(20) != 43; }\n' >a.c
	printf 'static int k = 22;\nint f(int x) { return x + k + 1; }\n' >b.c
}

# The -### matrix: inputs only need to exist.
hash3_files() {
	: >a.o
	: >b.o
	: >p.ltrans0.o
	printf '!<arch>\n' >lib.a
	mkdir -p sub dd
	printf -- '-xlto -c -O2 -fwpa a.o b.o -o x.o\n' >wpa.args
	printf -- '-xlto -c -O2 a.o b.o -o x.o\n' >ab.args
	printf -- '-xlto -c -O2 a.o\n' >one.args
}

cases() {
	cat <<'EOF'
-xlto -c -fno-openmp -fPIC -O2 -O2 -mtune=generic -march=x86-64 -fltrans-output-list=./p.ltrans.out -fwpa=2 -fresolution=p.res -flinker-output=pie a.o b.o -dumpdir ./p.wpa.
-xlto -c -fno-openmp -fPIC -O2 -mtune=generic -march=x86-64 -fltrans ./p.ltrans0.o -o ./p.ltrans0.ltrans.o -dumpdir ./p.ltrans0.ltrans.
-xlto -c -O2 -m32 -g -flto-partition=none -fresolution=p.res a.o b.o -o q.o
-x lto -c -O2 a.o b.o
-xlto -c -O2 a.o
-xlto -c -O2 a.o -o x.o
-xlto -S -O2 a.o b.o -o x.s
-xlto -S -O2 a.o
-xlto -c -O2 -fwpa a.o b.o
-xlto -c -O2 -fwpa a.o b.o -o w.o
-xlto -c -O2 -fwpa -S a.o b.o
-xlto -c -O2 -fwpa=4 a.o b.o -fltrans-output-list=l.out -dumpbase p
-xlto -c -O2 -fwpa=4 a.o b.o -dumpbase p -dumpdir dd/
-xlto -c -O2 -fltrans a.o
-xlto -c -O2 -fltrans a.o -o sub/t.o
-x lto -c -O2 a.o -x none b.o -o y.o
-x lto -c -O2 lib.a@0x10 b.o -o x.o
-xlto -c -O2 lib.a@16 b.o -o x.o
-xlto -c -O2 a.o b.o -o sub/x.o -save-temps
-xlto -c -O2 a.o b.o -o sub/x.o -save-temps=cwd
-xlto -c -O2 a.o -save-temps
-xlto -c -O2 a.o b.o -o x.o -pipe
-xlto -c -O2 a.o b.o -o x.o -Wa,--noexecstack -Xassembler -am
-xlto -c -O2 a.o b.o -o x.o -dumpdir dd/
-xlto -c -O2 a.o b.o -o x.o -dumpbase foo -dumpdir dd/
-xlto -c -O2 a.o b.o -dumpbase p -o x.o
-xlto -c -O2 -dumpbase p a.o
-xlto -c -O2 -flinker-output=rel -flto a.o b.o -o r.o
-xlto -c -O2 --param=max-inline-insns-auto=10 -fsyntax-only a.o b.o -o r.o
-xlto -c -v -pg -Qn -g3 --coverage -pthread a.o -o x.o
-xlto -c -O2 -fexcess-precision=standard -m32 a.o b.o -o x.o
-xlto -c -O2 -flto-partition=one -fresolution=p.res -flinker-output=exec a.o b.o -o ab.o
@wpa.args
@ab.args
@one.args
EOF
}

# -fcompare-debug: the command lines only (gcc's COLLECT_GCC_OPTIONS
# spell the second compilation's options differently).
compare_debug_cases() {
	cat <<'EOF'
-xlto -c -O2 -fcompare-debug a.o -o x.o
-xlto -c -O2 -fcompare-debug -S a.o b.o -o x.s
-xlto -c -O2 -fwpa -fcompare-debug a.o b.o
EOF
}

norm_commands() { normalise_hash3 | sed -E 's#"-frandom-seed=0x[0-9a-f]+"#SEED#'; }
# COLLECT_GCC_OPTIONS and COLLECT_AS_OPTIONS as set for each command (gcc
# also shows the link's after -c; xgcc runs no link then).
norm_environment() {
	awk '/^COLLECT_(GCC|AS)_OPTIONS=/ { env = env $0 "\n"; next }
	     /^ / { printf "%s", env; env = ""; next }
	     { env = "" }'
}

# run_cases NORMALISER: gcc and xgcc agree on every line of stdin.
run_cases() {
	local norm=$1 line n=0 bad=0 want got
	while IFS= read -r line; do
		n=$((n + 1))
		# shellcheck disable=SC2086
		want=$(gcc -### $line 2>&1 | $norm)
		# shellcheck disable=SC2086
		got=$("$XGCC" -### $line 2>&1 | $norm)
		if [ -z "$want" ] || [ "$want" != "$got" ]; then
			bad=$((bad + 1))
			echo "mismatch for: $line"
			diff <(echo "$want" | tr ' ' '\n') <(echo "$got" | tr ' ' '\n') | head -20
		fi
	done
	echo "$n cases, $bad mismatches"
	[ "$n" -gt 0 ] && [ "$bad" -eq 0 ]
}

@test "-### lines of -x lto compiles match gcc's" {
	hash3_files
	run run_cases norm_commands < <(cases; compare_debug_cases)
	echo "$output"
	assert_success
	assert_output --partial "38 cases, 0 mismatches"
}

@test "COLLECT_GCC_OPTIONS of -x lto compiles match gcc's" {
	hash3_files
	run run_cases norm_environment < <(cases)
	echo "$output"
	assert_success
	assert_output --partial "35 cases, 0 mismatches"
}

@test "several inputs go to one lto1 run with -o or -fwpa, to one each without" {
	hash3_files
	run "$XGCC" -### -xlto -c -O2 a.o b.o -o ab.o
	assert_success
	[ "$(echo "$output" | grep -c '/lto1 .* a\.o b\.o -o ')" -eq 1 ]
	assert_output --regexp " $AS --64 -o ab\\.o [^ ]+\\.s"
	run "$XGCC" -### -xlto -c -O2 -fwpa a.o b.o
	[ "$(echo "$output" | grep -c '/lto1 .* -fwpa a\.o b\.o$')" -eq 1 ]
	refute_output --partial " $AS "
	run "$XGCC" -### -xlto -c -O2 a.o b.o
	[ "$(echo "$output" | grep -c '/lto1 ')" -eq 2 ]
	# lto1's assembly is real code: no LTO marker goes in with it
	run "$XGCC" -### -xlto -c -O2 -flto a.o -o x.o
	assert_line --regexp "^ $AS --64 -o x\\.o [^ ]+\\.s\$"
	run "$XGCC" -### -x lto -c a.o -x none b.c -o x.o
	assert_failure
	assert_output --regexp "cannot specify .-o. with .-c., .-S. or .-E. with multiple files"
}

@test "lto1 sees the environment gcc gives it" {
	gcc -flto -O2 -c a.c b.c
	printf '#!/bin/sh\nenv | grep "^COLLECT_[A-Z]*_OPTIONS=" | sort >"$ENVOUT.${1##*/}"\nexec "$@"\n' >w.sh
	chmod +x w.sh
	ENVOUT=$PWD/gcc gcc -wrapper ./w.sh -xlto -c -O2 -Wa,--noexecstack a.o b.o -o w.o -dumpdir dd/
	ENVOUT=$PWD/xgcc run "$XGCC" -wrapper ./w.sh -xlto -c -O2 -Wa,--noexecstack a.o b.o -o w.o -dumpdir dd/
	assert_success
	grep -q "^COLLECT_GCC_OPTIONS='-c' '-O2' '-o' 'w.o'  '-mtune=generic' '-march=x86-64' '-dumpdir' 'dd/'$" xgcc.lto1
	grep -q "^COLLECT_AS_OPTIONS='--noexecstack'$" xgcc.lto1
	diff gcc.lto1 xgcc.lto1
	diff "gcc.${AS##*/}" "xgcc.${AS##*/}"
	assert_no_temps
}

@test "two LTO objects become one object that links and runs" {
	gcc -flto -O2 -c a.c b.c
	run "$XGCC" -xlto -c -O2 -flto-partition=none a.o b.o -o ab.o
	assert_success
	# real code now: no LTO sections, f and main defined
	run readelf -SW ab.o
	refute_output --partial '.gnu.lto_'
	nm ab.o | grep -q ' T f$'
	gcc ab.o -o prog
	run ./prog
	assert_success
	assert_output 43
	assert_no_temps
}

@test "archive members are read as lib.a@0xOFFSET" {
	gcc -flto -O2 -c a.c b.c
	ar rc lib.a a.o b.o
	members=$("$LTO1" --list lib.a | awk '/^member / { print $2 }')
	[ "$(echo "$members" | wc -l)" -eq 2 ]
	# shellcheck disable=SC2086
	run "$XGCC" -xlto -c -O2 $members -o m.o
	assert_success
	gcc m.o -o prog
	run ./prog
	assert_output 43
	run "$XGCC" -xlto -c -O2 nolib.a@0x94 -o m.o
	assert_failure
	assert_output "xgcc: error: nolib.a@0x94: No such file or directory"
	mkdir dir.a
	run "$XGCC" -xlto -c -O2 dir.a@0x94 -o m.o
	assert_failure
	assert_output "xgcc: error: dir.a: Is a directory"
	assert_no_temps
}

# A resolution file for the objects given, as the linker plugin writes one:
# main and f prevail, f only in the IR, so the backend may internalize it.
resolution() {
	echo $#
	for o in "$@"; do
		"$LTO1" --list "$o" | awk -v file="$o" '
			function hex(s,  i, v) {
				for (i = 1; i <= length(s); i++)
					v = v * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1
				return v
			}
			/^  module / { id = $2; sub(/:$/, "", id) }
			NF == 8 && $2 ~ /^(DEF|UNDEF)$/ {
				res = $8 == "main" ? "PREVAILING_DEF" : $2 == "UNDEF" ? "RESOLVED_IR" : "PREVAILING_DEF_IRONLY"
				rows = rows sprintf("%d %s %s %s\n", hex($5), id, res, $8); n++ }
			END { printf "%s %d\n%s", file, n, rows }'
	done
}

@test "WPA with a resolution file, then LTRANS, by hand" {
	gcc -flto -O2 -c a.c b.c
	resolution a.o b.o >p.res
	[ "$(sed -n 1p p.res)" = 2 ]
	grep -q ' PREVAILING_DEF_IRONLY f$' p.res
	run "$XGCC" -xlto -c -O2 -fwpa -fresolution=p.res -flinker-output=pie -fltrans-output-list=./p.ltrans.out a.o b.o -dumpdir ./p.wpa.
	assert_success
	[ -s p.ltrans.out ]
	objs=()
	for part in $(awk 'NR % 2 == 0' p.ltrans.out); do
		run "$XGCC" -xlto -c -O2 -fltrans -flinker-output=pie "$part" -o "${part%.o}.ltrans.o" -dumpdir "${part%.o}.ltrans."
		assert_success
		objs+=("${part%.o}.ltrans.o")
	done
	[ "${#objs[@]}" -ge 1 ]
	# internalized: f is no global symbol any more
	! nm "${objs[@]}" | grep -q ' T f$' || fail "an object defines f"
	gcc "${objs[@]}" -o prog
	run ./prog
	assert_output 43
	assert_no_temps
}

@test "plain -fwpa=2 without a resolution, LTRANS with -pipe and -save-temps" {
	gcc -flto -O2 -c a.c b.c
	mkdir sub
	run "$XGCC" -xlto -c -O2 -fwpa=2 -fltrans-output-list=sub/l.out a.o b.o -dumpdir sub/p.wpa.
	assert_success
	part=$(sed -n 2p sub/l.out)
	[ -s "$part" ]
	run "$XGCC" -xlto -c -O2 -fltrans -pipe "$part" -o sub/t1.o
	assert_success
	run "$XGCC" -xlto -c -O2 -fltrans -save-temps "$part" -o sub/t2.o
	assert_success
	[ -s sub/t2.s ]
	cmp sub/t1.o sub/t2.o
	gcc sub/t1.o -o prog
	run ./prog
	assert_output 43
	assert_no_temps
}

@test "-flinker-output=rel -flto makes an LTO object again, which compiles on" {
	gcc -flto -O2 -c a.c b.c
	run "$XGCC" -xlto -c -O2 -flinker-output=rel -flto a.o b.o -o r.o
	assert_success
	run "$LTO1" --list r.o
	assert_output --partial 'r.o: ELF relocatable, x86-64, LTO slim, 1 module'
	run "$XGCC" -xlto -c -O2 r.o -o final.o
	assert_success
	gcc final.o -o prog
	run ./prog
	assert_output 43
	assert_no_temps
}
