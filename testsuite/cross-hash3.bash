# -### comparisons of a cross driver with its GCC, for mingw-driver.bats
# and mingw-threads.bats (loaded after helper).

# The -### listing without xgcc's LTO marker: with -flto, as gets a second
# input, the one-line marker file (driver/compile.c), which gcc has not.
normalise_cross() {
	normalise_hash3 | sed -E 's#^( [^ ]*[-/]as .* TMP\.s) TMP\.s$#\1#'
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
