#!/usr/bin/env bats
# The test suite's own rules, read from its files: what bats would let
# pass silently.
load helper

@test "no assertion is a bare negation: bash's errexit ignores '! CMD', so it must say '|| fail'" {
	# a line that is only "! CMD" (not an if/while condition, no "||")
	run grep -nE '^[[:space:]]*! ' "$SRCDIR"/testsuite/*.bats "$SRCDIR"/testsuite/*.bash
	local bad
	bad=$(echo "$output" | grep -vE '\|\||(;|^[^:]*:[0-9]+:[[:space:]]*!.*)[[:space:]]*then$|^$' || true)
	[ -z "$bad" ] || fail "negations that can never fail a test:
$bad"
}
