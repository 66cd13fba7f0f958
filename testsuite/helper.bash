# Common setup for the bats tests: where the programs are, a scratch
# directory per test, and a few assertions of our own.
load /usr/lib/bats/bats-support/load.bash
load /usr/lib/bats/bats-assert/load.bash

: "${XGCC_BUILDDIR:?run the tests through testsuite/run or make check}"
XGCC="$XGCC_BUILDDIR/xgcc"
XGXX="$XGCC_BUILDDIR/xg++"
SRCDIR="$XGCC_SRCDIR"
export XGCC XGXX SRCDIR
# backend_major: the major version of the GCC xgcc drives, for tests
# whose expectations follow GCC's own changes between versions
backend_major() { "$XGCC" -dumpversion | cut -d. -f1; }
# REF_GCC and REF_GXX: the tree's native backend (configure's
# --with-backend, the first row of backend-config.h) and its g++, the
# reference of the -### comparisons: gcc, or gcc-16 in a tree over it
REF_GCC=$(sed -n 's/^\t\.cc = "\(.*\)",$/\1/p' "$XGCC_BUILDDIR/backend-config.h" 2>/dev/null | head -n 1)
: "${REF_GCC:=gcc}"
REF_GXX=$(printf '%s' "$REF_GCC" | sed 's/\(.*\)gcc/\1g++/')
# collect2's scan memo (collect/memo.c): one per test file, not the
# user's, nor one shared with the files that run beside this one
export XGCC_SCAN_MEMO="${BATS_FILE_TMPDIR:-${BATS_RUN_TMPDIR:-$XGCC_BUILDDIR/testsuite}}/scan-memo"

common_setup() {
	WORK="$BATS_TEST_TMPDIR/w"
	mkdir -p "$WORK"
	cd "$WORK" || return 1
	# Each test gets its own TMPDIR so that leftovers can be counted.
	export TMPDIR="$BATS_TEST_TMPDIR/tmp"
	mkdir -p "$TMPDIR"
}

setup() { common_setup; }

# assert_no_temps: nothing left behind in this test's TMPDIR.
assert_no_temps() {
	local left
	left=$(find "$TMPDIR" -mindepth 1 | head -5)
	[ -z "$left" ] || fail "temporary files left behind: $left"
}

# Normalise a -### listing for comparison with gcc's: drop gcc's linker
# plugin options, temporary file names and the paths of collect2.
normalise_hash3() {
	grep -E '^ ' |
	sed -E -e 's# -plugin [^ ]+##' -e 's# "-plugin-opt=[^"]*"##g' \
	    -e 's#[^ "]*/cc[A-Za-z0-9]{6}(\.[a-z]+)?#TMP\1#g' \
	    -e 's#^ [^ ]*/collect2 # collect2 #'
}

# hash3_inputs: in the current directory, the files the argument lists of
# testsuite/hash3-*.txt name (a.c b.c c.cc s.s t.S h.h p.i x.o, for the
# compiler rows hh.hh h.hp m.cppm m.ixx, sub/, bdir/, a sysroot sr/).
hash3_inputs() {
	printf 'int main(void) { return 0; }\n' >a.c
	printf 'int f(void) { return 1; }\n' >b.c
	printf 'int g(void) { return 2; }\n' >c.cc
	printf '\t.text\n' >s.s
	printf '#define X 1\n\t.text\n' >t.S
	printf 'int h;\n' >h.h
	printf 'int h;\n' >hh.hh
	printf 'int h;\n' >h.hp
	printf 'export module m;\n' >m.cppm
	printf 'export module m;\n' >m.ixx
	printf 'int i;\n' >p.i
	: >x.o
	mkdir -p sub bdir/include bdir/32 sr/lib/x86_64-linux-gnu sr/usr/lib/x86_64-linux-gnu sr/usr/lib32
}

# hash3_compare REF OURS ARGS...: gcc/xgcc (or g++/xg++, gcc-11/an xgcc
# over gcc-11) agree on ARGS, run in $WORK.
hash3_compare() {
	local ref=$1 ours=$2
	shift 2
	local want got
	want=$(cd "$WORK" && "$ref" -### "$@" 2>&1 | normalise_hash3)
	got=$(cd "$WORK" && "$ours" -### "$@" 2>&1 | normalise_hash3)
	if [ "$want" != "$got" ]; then
		echo "mismatch for: $ref $*"
		diff <(echo "$want" | tr ' ' '\n') <(echo "$got" | tr ' ' '\n') | head -20
		return 1
	fi
}

# hash3_matrix REF OURS FILE: hash3_compare on every line of FILE, one
# set of arguments per line.
hash3_matrix() {
	local ref=$1 ours=$2 file=$3 failed=0 n=0 line
	while IFS= read -r line; do
		case $line in ''|'#'*) continue ;; esac
		n=$((n + 1))
		# shellcheck disable=SC2086
		hash3_compare "$ref" "$ours" $line || failed=$((failed + 1))
	done <"$file"
	echo "$n cases, $failed mismatches"
	[ "$n" -gt 0 ] && [ "$failed" -eq 0 ]
}

# ---------------------------------------------------------- i386 programs
# Some kernels run no i386 program (no IA32 emulation: execve fails with
# "Exec format error").  Every -m32 program a test runs goes through
# run_i386, which runs it natively where the kernel can
# (build-aux/runs-i386, asked once per test run) and else under
# qemu-i386 (Debian's qemu-user) with / as the root of its libraries;
# qemu emulates the x87 unit, so the excess-precision results hold.

# i386_native: the kernel runs i386 programs itself.
i386_native() {
	local mark="$BATS_RUN_TMPDIR/runs-i386"
	if [ ! -e "$mark.yes" ] && [ ! -e "$mark.no" ]; then
		if "$SRCDIR/build-aux/runs-i386"; then touch "$mark.yes"; else touch "$mark.no"; fi
	fi
	[ -e "$mark.yes" ]
}

# run_i386 PROG ARGS...: run the i386 program PROG (for bats' run).
run_i386() {
	if i386_native; then
		"$@"
	else
		qemu-i386 -L / "$@"
	fi
}

# require_m32_run: skip unless gcc -m32 links a program (gcc-multilib)
# and there is a way to run it: the kernel, or qemu-i386.  A program
# that links but then fails to run is the test's failure, not a skip.
require_m32_run() {
	local probe="$BATS_RUN_TMPDIR/probe32"
	(
		flock 7
		if [ ! -e "$probe.ok" ] && [ ! -e "$probe.no" ]; then
			if printf 'int main(void){return 0;}\n' | gcc -m32 -x c - -o "$probe" >/dev/null 2>&1; then
				touch "$probe.ok"
			else
				touch "$probe.no"
			fi
		fi
	) 7>"$probe.lock"
	[ -e "$probe.ok" ] || skip "gcc -m32 cannot link a program here (no 32-bit multilib: gcc-multilib)"
	i386_native || command -v qemu-i386 >/dev/null 2>&1 ||
		skip "this kernel runs no i386 program and qemu-i386 is not installed (qemu-user)"
}

# lto_module_re [TRIPLET]: a regular expression of what lto1 --list says
# of a slim module that TRIPLET's backend (default: the native one, the
# first of backend-config.h) compiled: "bytecode 12\.0, slim, zlib" for
# GCC 12's MinGW compilers.  The bytecode version is the one configure
# probed; the stream is zstd where that GCC has it, else zlib.
lto_module_re() {
	awk -v t="\"${1:-}\"," '$1 == ".triplet" { want = (t == "\"\"," || $3 == t) }
		want && $1 == ".lto_compression" { c = /zstd/ ? "zstd" : "zlib" }
		want && $1 == ".lto_major" { gsub(/[^0-9]/, "", $3); maj = $3 }
		want && $1 == ".lto_minor" { gsub(/[^0-9]/, "", $3); print "bytecode " maj "\\." $3 ", slim, " c; exit }' \
		"$XGCC_BUILDDIR/backend-config.h"
}

# raw_nm NM ARGS... FILE: NM (nm, or a cross one: x86_64-w64-mingw32-nm)
# with ARGS on FILE, showing FILE's raw symbols: __gnu_lto_slim and
# __gnu_lto_v1 of an LTO object, not the IR's symbols.  Binutils load the
# LTO plugins of ${libdir}/bfd-plugins unless given a BFD target; up to
# 2.45 --target=default kept them off, but from 2.46 ("internal changes
# to plugin support", NEWS; Debian unstable's 2.47) nm loads them with it
# too, and GCC's plugin shows an LTO object's IR symbols.  So the target
# is given by name: the one the matching objdump's -f prints after "file
# format" (elf64-x86-64, pe-bigobj-i386), the same for every member of an
# archive.  Where there is no such object format (an archive of
# symbolsrec members, which no BFD target reads as an archive, or members
# of several formats) it is --target=default: GCC's plugin claims only
# objects with LTO sections, in formats nm reads by name here, and shows
# the others raw (as collect2's nm does, collect/nm.c).
raw_nm() {
	local nm=$1 file=${!#} target
	shift
	target=$("${nm%nm}objdump" -f "$file" 2>/dev/null | sed -n 's/^.*file format //p' | sort -u)
	case $target in
	*$'\n'*) target=default ;; # members of several formats
	elf*|pe*) ;;
	*) target=default ;;
	esac
	"$nm" --target="$target" "$@"
}

# linux_cross_note T: why a GNU/Linux cross GCC may be missing here, for
# a skip message: Debian's gcc-multilib package conflicts with them.
linux_cross_note() {
	case $1 in
	*-linux-gnu) echo "; Debian does not install gcc-$1 beside the gcc-multilib package (./quickstart installs gcc-N-multilib instead, and gcc-$1)" ;;
	esac
}

# srec_archive: libs.a in the current directory, an LTO member (l.o)
# beside one in a format only nm reads (symbolsrec, g.srec): a link with
# it runs nm.  ar's S: binutils cannot index a symbolsrec member.
srec_archive() {
	echo 'int g(int x) { return x; }' >g.c
	echo 'int l(int x) { return x; }' >l.c
	"$XGCC" -c g.c && objcopy -O symbolsrec g.o g.srec
	"$XGCC" -O2 -flto -c l.c
	ar rcS libs.a l.o g.srec
}

# gen_objects DIR GEN-PROGRAM-OPTION...: bench/gen-program's program in
# DIR, compiled with -O2 into DIR/plain and with -O2 -flto into DIR/lto,
# nonlto.c (never LTO) into DIR/nonlto.o, the library members archived
# as DIR/libplain.a and DIR/liblto.a.
gen_objects() {
	local g=$1 f b
	shift
	mkdir -p "$g/plain" "$g/lto"
	sh "$SRCDIR/bench/gen-program" "$@" "$g" 2>/dev/null || return 1
	for f in "$g"/prog/*.c "$g"/lib/*.c; do
		b=$(basename "$f" .c)
		"$XGCC" -O2 -c "$f" -o "$g/plain/$b.o" || return 1
		"$XGCC" -O2 -flto -c "$f" -o "$g/lto/$b.o" || return 1
	done
	"$XGCC" -O2 -c "$g/nonlto.c" -o "$g/nonlto.o" &&
		ar rcs "$g/libplain.a" "$g"/plain/l[0-9]*.o &&
		ar rcs "$g/liblto.a" "$g"/lto/l[0-9]*.o
}

# rodata_strings FILE: the strings of FILE's .rodata, sorted.
rodata_strings() {
	objcopy -O binary -j .rodata "$1" "$1.rodata" && tr '\0' '\n' <"$1.rodata" | grep . | sort
}

# ld_merges_in_load_order: binutils 2.43 or later, whose ld merges the
# strings of SHF_MERGE sections in the order it read their objects and
# puts them in the first one read, where binutils 2.40 placed them by
# their order on the line.
ld_merges_in_load_order() {
	local v
	v=$(ld --version | sed -n '1s/.* \([0-9][0-9]*\.[0-9][0-9]*\).*/\1/p')
	[ "${v%%.*}" -gt 2 ] || [ "${v#*.}" -ge 43 ]
}

# reused: the "H of N" of the LTRANS cache line of the last link run
# (its output in $output, with -v).
reused() {
	echo "$output" | sed -n 's/^lto1: LTRANS cache: \([0-9]* of [0-9]*\) partitions* reused$/\1/p'
}
