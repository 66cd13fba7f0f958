# -### comparisons of a cross driver with its GCC, for mingw-driver.bats,
# mingw-threads.bats and cygwin-driver.bats (loaded after helper).

# cross_inputs: in the current directory, the files the cases name
# (a.c b.c c.cc s.s x.o, sub/).
cross_inputs() {
	printf 'int main(void) { return 0; }\n' >a.c
	printf 'int f(void) { return 1; }\n' >b.c
	printf 'int main() { return 0; }\n' >c.cc
	printf '\t.text\n' >s.s
	: >x.o
	mkdir -p sub
}

# common_compile_cases: the compile command lines every target's
# comparison has, one per line.
common_compile_cases() {
	cat <<'CASES'
-c a.c
-c a.c -o sub.o
-c a.c -o noext
-S a.c -o noext
-S a.c
-E a.c
-O2 -g -c a.c
-O2 -g3 -Wall -DX=1 -UY -Iinc -c a.c
CASES
}

# The -### listing as hash3.bats normalises it (xgcc's as lines under
# -flto had a second input, the LTO marker file, until 2026-12-07).
normalise_cross() {
	normalise_hash3
}

# compare REF OURS ARGS...: REF -### and OURS -### print the same lines.
compare() {
	local ref=$1 ours=$2 want got
	shift 2
	want=$(cd "$WORK" && "$ref" -### "$@" 2>&1 | normalise_cross)
	got=$(cd "$WORK" && "$ours" -### "$@" 2>&1 | normalise_cross)
	[ -n "$want" ] || { echo "no command lines from $ref $*"; return 1; }
	if [ "$want" != "$got" ]; then
		echo "mismatch for: $ref $*"
		diff <(echo "$want" | tr ' ' '\n') <(echo "$got" | tr ' ' '\n') | head -20
		return 1
	fi
}

# run_cases REF OURS: each line of standard input is one set of arguments.
run_cases() {
	local ref=$1 ours=$2 failed=0 n=0 line
	while IFS= read -r line; do
		case $line in ''|'#'*) continue ;; esac
		n=$((n + 1))
		# shellcheck disable=SC2086
		compare "$ref" "$ours" $line || failed=$((failed + 1))
	done
	echo "$n cases, $failed mismatches"
	[ "$n" -gt 0 ] && [ "$failed" -eq 0 ]
}
