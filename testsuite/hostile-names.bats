#!/usr/bin/env bats
# Hostile file names: blanks, both quotes, $, backticks, $(...), ';',
# a newline, a leading '-', and the names an @file expands into.  Each
# reaches cc1, as, collect2, lto1 and ld as one argument and never
# passes through a shell (a name that a shell would run as a command
# would create the file "pwned"); the response files xgcc and collect2
# write for ld (respfile_write) quote them so that ld, which reads them
# with libiberty's buildargv, gets them back whole.
load helper

setup() {
	common_setup
	NAMES=(
		"a b.c"
		"it's.c"
		'say "hi".c'
		'$HOME $(touch pwned).c'
		'`touch pwned`;touch pwned.c'
		$'new\nline.c'
		'back\slash.c'
		'-dash.c'
	)
	local i=0
	for n in "${NAMES[@]}"; do
		i=$((i + 1))
		echo "int f$i(void) { return $i; }" >"./$n"
	done
	{
		for k in 1 2 3 4 5 6 7 8; do echo "int f$k(void);"; done
		echo 'int main(void) { return f1() + f2() + f3() + f4() + f5() + f6() + f7() + f8() == 36 ? 0 : 1; }'
	} >"main (1).c"
}

# The way buildargv reads it: every blank, quote and backslash escaped.
quote_for_atfile() {
	printf '%s' "$1" | sed -e 's/[][ \t"'"'"'\\]/\\&/g' | sed -e ':a' -e 'N' -e '$!ba' -e 's/\n/\\\n/g'
	printf '\n'
}

no_shell() {
	[ ! -e pwned ] || fail "a name was run by a shell"
	[ ! -e "$BATS_TEST_TMPDIR/pwned" ] || fail "a name was run by a shell"
}

@test "hostile names: compile each to an object of a hostile name, LTO link to a hostile output" {
	local objs=() i=0
	for n in "${NAMES[@]}"; do
		i=$((i + 1))
		run "$XGCC" -O2 -flto -c "./$n" -o "./$n.o"
		assert_success
		[ -f "./$n.o" ] || fail "no object for $n"
		objs+=("./$n.o")
	done
	run "$XGCC" -O2 -flto=2 -flto-partition=max "main (1).c" "${objs[@]}" -o '-out $x `y` "z" '\''w'\'''
	assert_success
	run "./-out \$x \`y\` \"z\" 'w'"
	assert_success
	no_shell
	assert_no_temps
}

@test "hostile names: plain compile and link of hostile sources in one command" {
	local srcs=()
	for n in "${NAMES[@]}"; do srcs+=("./$n"); done
	run "$XGCC" -O2 -save-temps=obj "main (1).c" "${srcs[@]}" -o $'prog\nwith newline'
	assert_success
	run $'./prog\nwith newline'
	assert_success
	no_shell
}

@test "hostile names: an @file of hostile names, nested, into an LTO link (response files to collect2 and ld)" {
	for n in "${NAMES[@]}"; do
		"$XGCC" -O2 -flto -c "./$n" -o "./$n.o"
	done
	"$XGCC" -O2 -flto -c "main (1).c" -o "main (1).o"
	for n in "${NAMES[@]}"; do quote_for_atfile "./$n.o"; done >"inner list"
	{ quote_for_atfile "main (1).o"; printf '%s\n' '@inner\ list'; } >outer
	run "$XGCC" -O2 -flto @outer -o "out 1"
	assert_success
	run "./out 1"
	assert_success
	# the same through -v: collect2 got a response file, and so did ld
	run "$XGCC" -v -O2 -flto @outer -o "out 2"
	assert_success
	assert_output --regexp 'collect2.* @[^ ]*/cc[A-Za-z0-9]{6}'
	cmp "out 1" "out 2"
	no_shell
	assert_no_temps
}

@test "hostile names: an unreadable @file stays a literal argument, named in the error" {
	run "$XGCC" -c '@no such $(touch pwned) file'
	assert_failure
	assert_output --partial 'no such $(touch pwned) file'
	no_shell
}
