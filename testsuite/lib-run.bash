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

# same_as_gcc REF OURS ARGS...: REF -### and OURS -### print the same
# commands, the same messages and the same COLLECT_GCC_OPTIONS,
# COMPILER_PATH, LIBRARY_PATH and "Reading specs" lines, and exit alike.
# Normalised: the version header, temporary names, gcc's linker plugin
# options, collect2's path, the driver's name, and xgcc's -v note of the
# excess precision mode (the compile lines are compared as they are).
same_as_gcc() {
	local ref=$1 ours=$2 want got
	shift 2
	want=$("$ref" -### "$@" 2>&1; echo "exit $?")
	got=$("$ours" -### "$@" 2>&1; echo "exit $?")
	want=$(echo "$want" | normalise_same_as_gcc)
	got=$(echo "$got" | grep -v 'note: .*-fexcess-precision' | normalise_same_as_gcc)
	if [ "$want" != "$got" ]; then
		echo "for: $*"
		diff <(echo "$want") <(echo "$got")
		return 1
	fi
}

normalise_same_as_gcc() {
	grep -vE '^(Using built-in specs|COLLECT_GCC=|COLLECT_LTO_WRAPPER=|OFFLOAD_|Target:|Configured with:|Thread model:|Supported LTO|gcc version)' |
	sed -E -e 's#^[a-z0-9_+-]*(gcc|g\+\+|xgcc|xg\+\+)(-[0-9]+)?: #D: #' -e 's# -plugin [^ ]+##' -e 's# "-plugin-opt=[^"]*"##g' \
	    -e 's#[^ "]*/cc[A-Za-z0-9]{6}(\.[a-z]+)?#TMP\1#g' -e 's#^ [^ ]*/collect2 # collect2 #'
}
