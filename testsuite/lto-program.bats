#!/usr/bin/env bats
# LTO end to end on a generated program of about 5000 lines
# (bench/gen-program -s 7: 8 files x 40 global functions calling each other
# across files, a static library of 4 members x 12, one file compiled
# without -flto).  The LTO builds must print the checksum of the build
# without LTO, and the symbol resolution must show in the program: the
# never-called global functions gone, every other generated function
# internalized, the one referenced only from the non-LTO object kept and
# global, no function of the unused library members linked.  The
# manifest of gen-program says which function is which; each test also
# checks against the program built without LTO that its assertion can fail.
load helper

setup_file() {
	G="$BATS_FILE_TMPDIR/gen"
	export G
	export TMPDIR="$BATS_FILE_TMPDIR/tmp"
	mkdir -p "$TMPDIR"
	gen_objects "$G" -s 7 -f 8 -k 40 -g 4 -l 12
	"$XGCC" -O2 "$G"/plain/u*.o "$G/plain/main.o" "$G/nonlto.o" "$G/libplain.a" -o "$G/p0"
	"$G/p0" >"$G/expected"
}

# defined PROG TYPES: the names PROG defines with an nm type among TYPES,
# clone suffixes (.part.0, .lto_priv.0, ...) dropped.
defined() {
	nm "$1" | awk -v t="$2" 'NF == 3 && index(t, $2) { n = $3; sub(/\..*/, "", n); print n }' | sort -u
}
# of_kind KIND...: the manifest's names of those kinds.
of_kind() {
	local k
	for k in "$@"; do awk -v k="$k" '$1 == k { print $2 }' "$G/manifest"; done | sort -u
}
# both LIST1 LIST2: the names in both (sorted) lists.
both() { comm -12 <(echo "$1") <(echo "$2"); }
# some LIST: how many names, and the first ten, for a failure message.
some() {
	# shellcheck disable=SC2086
	set -- $1
	echo "$#: ${*:1:10}${11:+ ...}"
}

# The multi-step LTO link of the objects made in setup_file, into ./p.
lto_link() {
	run "$XGCC" -O2 -flto "$@" "$G"/lto/u*.o "$G/lto/main.o" "$G/nonlto.o" "$G/liblto.a" -o p
	assert_success
	assert_no_temps
}

@test "the generated program: a few thousand lines, a checksum without LTO" {
	[ "$(cat "$G"/prog/*.c "$G"/lib/*.c "$G/nonlto.c" | wc -l)" -ge 3000 ]
	grep -Eq '^checksum [0-9a-f]{8}$' "$G/expected"
	[ "$(of_kind dead | wc -l)" -ge 10 ]
	[ "$(of_kind lib-dead | wc -l)" -ge 1 ]
	[ "$(of_kind lib-unused | wc -l)" -ge 12 ]
	[ "$(of_kind keep | wc -l)" -eq 1 ]
}

@test "single step: xgcc -flto -O2 prog/*.c nonlto.o lib.a prints the checksum of the build without LTO" {
	run "$XGCC" -flto -O2 "$G"/prog/*.c "$G/nonlto.o" "$G/liblto.a" -o p
	assert_success
	assert_no_temps
	run ./p
	assert_success
	assert_output "$(cat "$G/expected")"
}

@test "multi-step: the -flto -c objects linked with xgcc -flto -O2 print the same checksum" {
	lto_link
	run ./p
	assert_success
	assert_output "$(cat "$G/expected")"
}

@test "multi-step with -flto=2 (parallel partitions) prints the same checksum" {
	lto_link -flto=2
	run ./p
	assert_success
	assert_output "$(cat "$G/expected")"
}

@test "LTO removed every never-called global function that the build without LTO kept" {
	dead=$(of_kind dead)
	[ "$(both "$(defined "$G/p0" T)" "$dead")" = "$dead" ]
	lto_link
	left=$(both "$(defined p tTW)" "$dead")
	[ -z "$left" ] || fail "never-called functions left in the LTO program: $(some "$left")"
}

@test "the function referenced only from the non-LTO object stays, global, and so does the variable it reads" {
	keep=$(of_kind keep)
	lto_link
	nm p | grep -Eq "^[0-9a-f]+ T $keep\$" || fail "$keep is not a global function of the LTO program"
	nm p | grep -Eq '^[0-9a-f]+ [DB] g0_0$' || fail "g0_0 is not a global variable of the LTO program"
	nm p | grep -Eq '^[0-9a-f]+ T nonlto_entry$'
	# The other variables are the program's own: internalized (or gone).
	nm "$G/p0" | grep -Eq '^[0-9a-f]+ D g1_0$'
	if nm p | grep -Eq '^[0-9a-f]+ [DB] g1_0$'; then fail "g1_0 is global in the LTO program"; fi
}

@test "every other generated function is internalized: none is global or weak in the LTO program" {
	gen=$(of_kind live dead lib-live lib-dead override weak)
	[ -n "$(both "$(defined "$G/p0" TW)" "$gen")" ]
	lto_link
	global=$(both "$(defined p TW)" "$gen")
	[ -z "$global" ] || fail "global in the LTO program: $(some "$global")"
}

@test "library: no function of an unused member, none of the never-called ones of the pulled members" {
	unused=$(of_kind lib-unused)
	libdead=$(of_kind lib-dead)
	[ -z "$(both "$(defined "$G/p0" tTW)" "$unused")" ]
	[ "$(both "$(defined "$G/p0" T)" "$libdead")" = "$libdead" ]
	lto_link
	left=$(both "$(defined p tTW)" "$unused")
	[ -z "$left" ] || fail "functions of unused library members in the LTO program: $(some "$left")"
	left=$(both "$(defined p tTW)" "$libdead")
	[ -z "$left" ] || fail "never-called library functions in the LTO program: $(some "$left")"
}
