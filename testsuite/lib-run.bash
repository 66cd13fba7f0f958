# Helpers shared by compile-run.bats and errors.bats.  Load after helper.

# same_as_gcc REF OURS ARGS...: REF and OURS print the same standard
# output and exit with the same status for ARGS.
same_as_gcc() {
	local ref=$1 ours=$2 want got wst gst
	shift 2
	want=$("$ref" "$@" 2>/dev/null)
	wst=$?
	got=$("$ours" "$@" 2>/dev/null)
	gst=$?
	if [ "$want" != "$got" ] || [ "$wst" != "$gst" ]; then
		echo "mismatch for: $*"
		echo "  $ref (status $wst): $want"
		echo "  $ours (status $gst): $got"
		return 1
	fi
	[ -n "$want" ] || { echo "empty output for: $*"; return 1; }
}

# assert_elf_type FILE TYPE: FILE is an ELF file of TYPE (REL, EXEC, DYN).
assert_elf_type() {
	local t
	t=$(LC_ALL=C readelf -h "$1" 2>/dev/null | sed -n 's/^ *Type: *\([A-Z]*\).*/\1/p')
	[ "$t" = "$2" ] || fail "$1: ELF type '$t', expected '$2'"
}

# assert_elf_class FILE CLASS: ELF32 or ELF64.
assert_elf_class() {
	local c
	c=$(LC_ALL=C readelf -h "$1" 2>/dev/null | sed -n 's/^ *Class: *\([A-Z0-9]*\).*/\1/p')
	[ "$c" = "$2" ] || fail "$1: ELF class '$c', expected '$2'"
}

# wait_for_process PATTERN [TENTHS]: wait until pgrep -f PATTERN finds a
# process (default: up to 10 seconds).
wait_for_process() {
	local n=${2:-100}
	while [ "$n" -gt 0 ]; do
		pgrep -f -- "$1" >/dev/null && return 0
		sleep 0.1
		n=$((n - 1))
	done
	return 1
}

# wait_for_no_process PATTERN [TENTHS]: wait until no process matches.
wait_for_no_process() {
	local n=${2:-30}
	while [ "$n" -gt 0 ]; do
		pgrep -f -- "$1" >/dev/null || return 0
		sleep 0.1
		n=$((n - 1))
	done
	return 1
}

# assert_no_file FILE...: none of the files exists.
assert_no_file() {
	local f
	for f in "$@"; do
		[ ! -e "$f" ] || fail "$f exists but should not"
	done
}

# assert_exists FILE...: all the files exist.
assert_exists() {
	local f
	for f in "$@"; do
		[ -e "$f" ] || fail "$f does not exist"
	done
}
