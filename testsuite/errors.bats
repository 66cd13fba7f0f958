#!/usr/bin/env bats
# What xgcc says and does when things go wrong: the exact diagnostics,
# exit status 1, no output file and no temporary file left behind, and
# clean termination on SIGTERM/SIGINT.
load helper
load lib-run

setup() {
	common_setup
	# the driver quotes with ‘’ in a UTF-8 locale and '' otherwise
	export LC_ALL=C
	printf 'int main(void) { return 0; }\n' >a.c
	printf 'int f(void) { return 1; }\n' >b.c
}

# ------------------------------------------------------ command line

@test "missing input file" {
	run "$XGCC" -c nope.c
	assert_failure 1
	assert_line 'xgcc: error: nope.c: No such file or directory'
	assert_no_file nope.o
	assert_no_temps
}

@test "missing input file among good ones: nothing is built" {
	run "$XGCC" a.c nope.c -o prog
	assert_failure 1
	assert_line 'xgcc: error: nope.c: No such file or directory'
	assert_no_file prog a.out
	assert_no_temps
}

@test "no input files" {
	run "$XGCC"
	assert_failure 1
	assert_output $'xgcc: fatal error: no input files\ncompilation terminated.'
	assert_no_temps
}

@test "no input files, with options only" {
	run "$XGCC" -O2 -c
	assert_failure 1
	assert_line 'xgcc: fatal error: no input files'
	assert_line 'compilation terminated.'
	assert_no_temps
}

@test "unrecognized option" {
	run "$XGCC" -bogus a.c
	assert_failure 1
	assert_line "xgcc: error: unrecognized command-line option '-bogus'"
	assert_no_file a.out a.o
	assert_no_temps
}

@test "unrecognized option and no input: both errors, as gcc" {
	run "$XGCC" -bogus
	assert_failure 1
	assert_output $'xgcc: error: unrecognized command-line option \'-bogus\'\nxgcc: fatal error: no input files\ncompilation terminated.'
	same_as_gcc gcc "$XGCC" -bogus
	same_as_gcc gcc "$XGCC" -c -o
}

@test "queries are answered after an unrecognized option, with status 0, as gcc" {
	run "$XGCC" -bogus -print-multi-os-directory
	assert_success
	assert_output $'xgcc: error: unrecognized command-line option \'-bogus\'\n'"$(gcc -print-multi-os-directory)"
	run "$XGCC" -c a.c -bogus -print-search-dirs
	assert_success
	assert_no_file a.o
}

@test "unrecognized option in a UTF-8 locale uses typographic quotes" {
	if ! LC_ALL=C.UTF-8 locale charmap 2>/dev/null | grep -qx UTF-8; then
		skip "no C.UTF-8 locale here"
	fi
	LC_ALL=C.UTF-8 run "$XGCC" -bogus a.c
	assert_failure 1
	assert_line "xgcc: error: unrecognized command-line option ‘-bogus’"
}

@test "a directory given as input" {
	mkdir d.c
	run "$XGCC" -c d.c
	assert_failure 1
	assert_line 'xgcc: error: d.c: Is a directory'
	assert_no_file d.o
	assert_no_temps
}

@test "an unreadable input file" {
	cp a.c secret.c
	chmod 000 secret.c
	# root reads any file: xgcc runs without the capabilities that let it
	local as_user=()
	[ "$(id -u)" -ne 0 ] || as_user=(setpriv --bounding-set=-dac_override,-dac_read_search)
	[ ${#as_user[@]} -eq 0 ] || "${as_user[@]}" true 2>/dev/null || as_user=()
	if "${as_user[@]}" cat secret.c >/dev/null 2>&1; then
		skip "running as uid $(id -u): chmod 000 does not make a file unreadable"
	fi
	run "${as_user[@]}" "$XGCC" -c secret.c
	assert_failure 1
	assert_line 'xgcc: error: secret.c: Permission denied'
	assert_no_file secret.o
	assert_no_temps
}

@test "-o naming an input file leaves the input unchanged" {
	local before after
	before=$(sha256sum a.c)
	run "$XGCC" a.c -o a.c
	assert_failure 1
	assert_line "xgcc: fatal error: input file 'a.c' is the same as output file"
	assert_line 'compilation terminated.'
	after=$(sha256sum a.c)
	assert_equal "$after" "$before"
	assert_no_temps
}

@test "-o naming an input file through another path: the message names the -o file" {
	local before after
	before=$(sha256sum a.c)
	# gcc 12 prints the -o argument: "input file './a.c' is the same as output file"
	run "$XGCC" -c a.c -o ./a.c
	assert_failure 1
	assert_line "xgcc: fatal error: input file './a.c' is the same as output file"
	after=$(sha256sum a.c)
	assert_equal "$after" "$before"
	assert_no_temps
}

@test "-o with -c and multiple files" {
	run "$XGCC" -c a.c b.c -o x.o
	assert_failure 1
	assert_line "xgcc: fatal error: cannot specify '-o' with '-c', '-S' or '-E' with multiple files"
	assert_line 'compilation terminated.'
	assert_no_file x.o a.o b.o
	assert_no_temps
}

@test "-o with -S and multiple files" {
	run "$XGCC" -S a.c b.c -o x.s
	assert_failure 1
	assert_line "xgcc: fatal error: cannot specify '-o' with '-c', '-S' or '-E' with multiple files"
	assert_no_file x.s a.s b.s
	assert_no_temps
}

@test "-o with -E and multiple files under -### and -v: gcc's banner first, then the error" {
	local args
	for args in "-### -E -o out a.c b.c" "-v -c -o o.o a.c b.c"; do
		# shellcheck disable=SC2086
		run "$XGCC" $args
		assert_failure 1
		assert_line --index 0 --regexp '^Using built-in specs\.$'
		assert_line --regexp '^Thread model: '
		# the banner comes before the error, as in gcc's driver
		[ "$(printf '%s\n' "$output" | grep -n 'fatal error: cannot specify' | cut -d: -f1)" -gt \
			"$(printf '%s\n' "$output" | grep -n '^Thread model' | cut -d: -f1)" ] ||
			fail "xgcc $args: the error comes before the banner"
	done
	assert_no_file out o.o
}

@test "unknown options are reported after the command line's warnings, as gcc's handle_unrecognized_options" {
	# (-nostartfile: unknown to GCC 12 to 16 alike; GCC 13 knows -nostdlib++)
	run "$XGCC" --pipe -save-temps -nostartfile -c a.c -o /dev/null
	assert_failure 1
	assert_line --index 0 "xgcc: warning: '-pipe' ignored because '-save-temps' specified"
	assert_line --index 1 "xgcc: error: unrecognized command-line option '-nostartfile'; did you mean '-nostartfiles'?"
}

@test "a known switch no spec names (-symbolic): gcc 11 and 12 accept it (their leaked '*'), gcc 13 and later reject it, as the backend's gcc" {
	same_as_gcc gcc "$XGCC" -symbolic -shared a.c -o l.so
	same_as_gcc gcc "$XGCC" --symbolic -shared a.c -o l.so
	same_as_gcc gcc "$XGCC" -c a.c -symbolic -o a.o
	run "$XGCC" -symbolic -shared a.c -o l.so
	if [ "$(gcc -dumpversion | cut -d. -f1)" -le 12 ]; then
		assert_success
		assert_exists l.so
	else
		assert_failure 1
		assert_output "xgcc: error: unrecognized command-line option '-symbolic'"
		assert_no_file l.so
	fi
}

@test "switches that only the rows of gcc's other languages name (Fortran's -J, D's -X, Ada's -k8) are valid, as gcc" {
	same_as_gcc gcc "$XGCC" -J . -c a.c
	same_as_gcc gcc "$XGCC" -k8 -c a.c
	same_as_gcc gcc "$XGCC" -nocpp -c a.c
	same_as_gcc gcc "$XGCC" -nostdlib++ -c a.c
	same_as_gcc gcc "$XGCC" -Qn -c a.c
}

@test "an unknown switch that a -specs= file names is valid, as gcc (its spec gives it to ld)" {
	printf '*link:\n+ %%{myswitch:-lm}\n\n' >my.specs
	same_as_gcc gcc "$XGCC" -specs=my.specs -myswitch a.o -o p
	same_as_gcc gcc "$XGCC" -myswitch a.o -o p
	run "$XGCC" -myswitch a.c -o p
	assert_failure 1
	assert_output "xgcc: error: unrecognized command-line option '-myswitch'; did you mean '-Wswitch'?"
	"$XGCC" -c a.c
	"$XGCC" -specs=my.specs -myswitch a.o -o p
	assert_exists p
}

@test "-o with -M and multiple files is no error (gcc's rule is for -c, -S and -E as given)" {
	run "$XGCC" -### -M a.c b.c -o deps
	assert_success
	run gcc -### -M a.c b.c -o deps
	assert_success
	"$XGCC" -M a.c b.c -o deps
	grep -q '^b.o:' deps
}

@test "-x bogus" {
	run "$XGCC" -x bogus a.c
	assert_failure 1
	assert_line 'xgcc: error: language bogus not recognized'
	assert_no_file a.out
	assert_no_temps
}

@test "-save-temps=bogus" {
	# gcc 12: "gcc: fatal error: '-save-temps=bogus' is an unknown '-save-temps' option"
	run "$XGCC" -save-temps=bogus a.c
	assert_failure 1
	assert_line "xgcc: fatal error: '-save-temps=bogus' is an unknown '-save-temps' option"
	assert_line 'compilation terminated.'
	assert_no_file a.out a.i a.s a.o
	assert_no_temps
}

@test "-B naming a directory that does not exist" {
	run "$XGCC" -B "$WORK/nonexistent/" a.c
	assert_failure 1
	assert_line --partial 'nonexistent/'
	assert_line --regexp '^xgcc: (fatal )?error: '
	assert_no_file a.out
	assert_no_temps
}

# ---------------------------------------------------- response files

@test "@file with an unterminated quote" {
	printf -- '-c "a.c\n' >bad.rsp
	run "$XGCC" @bad.rsp
	assert_failure 1
	# gcc's form for a place in a file: the opening quote
	assert_line 'bad.rsp:1:4: error: unterminated quote in response file'
	assert_no_file a.o
	assert_no_temps
}

@test "a missing @file stays a literal argument, and is reported" {
	run "$XGCC" @missing a.c
	assert_failure 1
	# gcc 12 passes "@missing" to ld ("cannot find @missing"); xgcc names it itself
	assert_line 'xgcc: error: @missing: No such file or directory'
	assert_no_file a.out
	assert_no_temps
}

@test "@/dev/null and an empty @file are no arguments, as in gcc" {
	: >empty.rsp
	run "$XGCC" -c a.c @/dev/null @empty.rsp
	assert_success
	assert_output ''
	assert_exists a.o
	assert_no_temps
}

@test "an @file naming a directory is an error, as in gcc" {
	mkdir dir
	run "$XGCC" -c a.c @dir
	assert_failure 1
	assert_output 'xgcc: error: @-file refers to a directory'
	assert_no_file a.o
}

@test "-static with -fsanitize=thread, address or hwaddress: gcc's error, and no link" {
	for san in thread address hwaddress; do
		same_as_gcc gcc "$XGCC" -fsanitize=$san -static a.c
	done
	run "$XGCC" -fsanitize=thread -static a.c
	assert_failure 1
	assert_line 'xgcc: error: cannot specify -static with -fsanitize=thread'
	assert_no_file a.out
	assert_no_temps
	same_as_gcc gcc "$XGCC" -fsanitize=leak -static a.c
	same_as_gcc gcc "$XGCC" -fsanitize=thread -static -c a.c
}

# ------------------------------------------------ failing compilations

@test "syntax error: exit 1, cc1's message, no object" {
	printf 'int main(void) { return 0 }\n' >syn.c
	run "$XGCC" -c syn.c
	assert_failure 1
	assert_line --regexp "^syn\\.c:1:[0-9]+: error: expected ';' before '}' token$"
	assert_no_file syn.o syn.s
	assert_no_temps
}

@test "syntax error deletes an old object named by -o" {
	printf 'int main(void) { return 0 }\n' >syn.c
	echo old >out.o
	run "$XGCC" -c syn.c -o out.o
	assert_failure 1
	assert_output --partial "error: expected ';'"
	assert_no_file out.o
	assert_no_temps
}

@test "syntax error deletes an old default object" {
	printf 'int main(void) { return 0 }\n' >syn.c
	echo old >syn.o
	run "$XGCC" -c syn.c
	assert_failure 1
	assert_no_file syn.o
	assert_no_temps
}

@test "syntax error with -S deletes an old .s" {
	printf 'int main(void) { return 0 }\n' >syn.c
	echo old >syn.s
	run "$XGCC" -S syn.c
	assert_failure 1
	assert_no_file syn.s
	assert_no_temps
}

@test "syntax error when linking: no a.out" {
	printf 'int main(void) { return 0 }\n' >syn.c
	run "$XGCC" syn.c
	assert_failure 1
	assert_output --partial "error: expected ';'"
	refute_output --partial 'collect2'
	assert_no_file a.out
	assert_no_temps
}

@test "syntax error when linking: an old a.out is not touched (gcc never starts the link)" {
	printf 'int main(void) { return 0 }\n' >syn.c
	echo old >a.out
	run "$XGCC" syn.c
	assert_failure 1
	run cat a.out
	assert_output 'old'
	assert_no_temps
}

@test "assembler error deletes an old object" {
	printf '\tnot_an_instruction %%eax\n' >bad.s
	echo old >bad.o
	run "$XGCC" -c bad.s
	assert_failure 1
	assert_output --partial 'not_an_instruction'
	assert_no_file bad.o
	assert_no_temps
}

@test "undefined reference: collect2's message, no a.out" {
	printf 'int f(void);\nint main(void) { return f(); }\n' >u.c
	run "$XGCC" u.c
	assert_failure 1
	assert_output --partial "undefined reference to \`f'"
	assert_line 'collect2: error: ld returned 1 exit status'
	assert_no_file a.out
	assert_no_temps
}

@test "undefined reference deletes an old output" {
	printf 'int f(void);\nint main(void) { return f(); }\n' >u.c
	echo old >prog
	run "$XGCC" u.c -o prog
	assert_failure 1
	assert_line 'collect2: error: ld returned 1 exit status'
	assert_no_file prog
	assert_no_temps
}

@test "one failing file of several: exit 1, no link" {
	printf 'int main(void) { return 0 }\n' >syn.c
	run "$XGCC" b.c syn.c -o prog
	assert_failure 1
	refute_output --partial 'collect2'
	assert_no_file prog
	assert_no_temps
}

# ----------------------------------------------- crashing backend programs

@test "an assembler killed by SIGSEGV is reported, nothing is left" {
	mkdir crash
	printf '#!/bin/sh\nkill -SEGV $$\n' >crash/as
	chmod +x crash/as
	run "$XGCC" -B "$WORK/crash/" -c a.c
	assert_failure
	assert_line --regexp '^xgcc: (internal compiler error|error|fatal error): Segmentation fault signal terminated program as$'
	assert_no_file a.o
	assert_no_temps
}

@test "an assembler killed by SIGSEGV while linking: no a.out" {
	mkdir crash
	printf '#!/bin/sh\nkill -SEGV $$\n' >crash/as
	chmod +x crash/as
	run "$XGCC" -B "$WORK/crash/" a.c
	assert_failure
	assert_line --partial 'Segmentation fault signal terminated program as'
	refute_output --partial 'collect2'
	assert_no_file a.out a.o
	assert_no_temps
}

@test "an assembler that exits 1 makes xgcc exit 1 and delete its output" {
	mkdir failas
	printf '#!/bin/sh\necho "fake as failed" >&2\nexit 1\n' >failas/as
	chmod +x failas/as
	echo old >a.o
	run "$XGCC" -B "$WORK/failas/" -c a.c
	assert_failure 1
	assert_line 'fake as failed'
	assert_no_file a.o
	assert_no_temps
}

# -------------------------------------------------------------- signals

# signal_build SIG: run xgcc in the background with an as that
# sleeps, wait until that as runs, send SIG to xgcc and check the outcome.
# Sets: xstatus (xgcc's exit status) and marker (the as process's name).
signal_build() {
	local sig=$1 pid
	marker="xgcc-test-as-$$-$RANDOM-$BATS_TEST_NUMBER"
	mkdir slow
	cat >slow/as <<EOF
#!/bin/bash
exec -a $marker sleep 30
EOF
	chmod +x slow/as
	# a background job of a non-interactive shell starts with SIGINT
	# ignored, and xgcc keeps ignored signals ignored: reset them
	env --default-signal "$XGCC" -B "$WORK/slow/" a.c -o prog 2>"$WORK/stderr" &
	pid=$!
	if ! wait_for_process "$marker"; then
		kill -KILL "$pid" 2>/dev/null
		fail "the slow as never started: $(cat "$WORK/stderr")"
	fi
	kill "-$sig" "$pid"
	xstatus=0
	wait "$pid" || xstatus=$?
}

@test "SIGTERM: xgcc dies of SIGTERM, its as is gone, no temporaries" {
	signal_build TERM
	assert_equal "$xstatus" 143
	wait_for_no_process "$marker" || {
		pkill -KILL -f -- "$marker"
		fail "the as child outlived xgcc"
	}
	assert_no_file prog
	assert_no_temps
}

@test "SIGINT: xgcc dies of SIGINT, its as is gone, no temporaries" {
	signal_build INT
	assert_equal "$xstatus" 130
	wait_for_no_process "$marker" || {
		pkill -KILL -f -- "$marker"
		fail "the as child outlived xgcc"
	}
	assert_no_file prog
	assert_no_temps
}

@test "SIGTERM during -c: the partial object is deleted" {
	signal_build_c() {
		marker="xgcc-test-as-$$-$RANDOM-c"
		mkdir slow
		cat >slow/as <<EOF
#!/bin/bash
# write a partial object, then hang
while [ \$# -gt 0 ]; do [ "\$1" = -o ] && { echo partial >"\$2"; break; }; shift; done
exec -a $marker sleep 30
EOF
		chmod +x slow/as
		env --default-signal "$XGCC" -B "$WORK/slow/" -c a.c -o obj.o 2>"$WORK/stderr" &
		local pid=$!
		wait_for_process "$marker" || { kill -KILL "$pid"; fail "slow as never started"; }
		[ -f obj.o ] || { kill -KILL "$pid"; fail "the fake as did not write obj.o"; }
		kill -TERM "$pid"
		xstatus=0
		wait "$pid" || xstatus=$?
	}
	signal_build_c
	assert_equal "$xstatus" 143
	wait_for_no_process "$marker" || { pkill -KILL -f -- "$marker"; fail "the as child outlived xgcc"; }
	assert_no_file obj.o
	assert_no_temps
}

@test "-E -o naming the input is refused too, the input unchanged; /dev/null may be both" {
	local before
	before=$(sha256sum a.c)
	run "$XGCC" -E a.c -o a.c
	assert_failure 1
	assert_line "xgcc: fatal error: input file 'a.c' is the same as output file"
	assert_equal "$(sha256sum a.c)" "$before"
	run "$XGCC" -E a.c -o ./a.c
	assert_failure 1
	assert_equal "$(sha256sum a.c)" "$before"
	run "$XGCC" -E -x c /dev/null -o /dev/null
	assert_success
	run "$XGCC" -c -x c /dev/null -o /dev/null
	assert_success
	assert_no_temps
}

@test "an option given last without its argument: gcc's words for it" {
	local o want got
	for o in -o -I -iquote -isystem -idirafter -D -U -A -include -imacros -MF -MT -MQ --output --include -L -x; do
		want=$(gcc -c a.c "$o" 2>&1 | head -n 1)
		got=$("$XGCC" -c a.c "$o" 2>&1 | head -n 1)
		assert_equal "${got#xgcc: }" "${want#gcc: }"
	done
}
