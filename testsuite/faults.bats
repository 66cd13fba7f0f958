#!/usr/bin/env bats
# Fault injection: cc1, as, nm, the backend's lto1 and ld replaced by
# testsuite/faults/tool (through -B, which xgcc also exports to its
# children in COMPILER_PATH), which runs the real program and then fails,
# dies by a signal, writes garbage or runs out of file space.  In every
# case xgcc says which program failed and how, exits non-zero, leaves no
# temporary file and no output, and the inputs keep their bytes.  Hangs
# are in faults-signals.bats.
load helper

setup() {
	common_setup
	BIN="$BATS_TEST_TMPDIR/bin"
	mkdir -p "$BIN"
	for t in cc1 as nm lto1 ld; do
		ln -s "$SRCDIR/testsuite/faults/tool" "$BIN/$t"
	done
	# big enough that every stage writes more than the 1 KB of "fill"
	for i in $(seq 1 40); do
		echo "__attribute__((used)) int f$i(int x) { return x * $i + (x >> 3) - $i; }"
	done >a.c
	echo 'int f1(int); int main(void) { return f1(0) + 2; }' >m.c
	"$XGCC" -O2 -flto -c a.c m.c
	# collect2 runs nm only for archive members in formats other than
	# ELF and PE-COFF: libs.a has one (symbolsrec), beside an LTO member
	# (which makes collect2 give ld a copy with a symbol index; binutils
	# cannot index a symbolsrec member)
	srec_archive
	sha256sum a.c m.c a.o m.o libs.a >"$BATS_TEST_TMPDIR/inputs.sha"
}

# inject TOOL FAULT compile|build|link|nmlink [LTO1_RUN]: run xgcc with
# the fault (nmlink: the LTO link with libs.a, for which nm runs)
inject() {
	local tool=$1 fault=$2 mode=$3
	export FAULT_TOOL=$tool FAULT=$fault FAULT_LTO1=${4:-}
	if [ "$mode" = compile ]; then
		OUT=a2.o
		run "$XGCC" -B"$BIN/" -O2 -c a.c -o "$OUT"
	elif [ "$mode" = build ]; then
		OUT=prog
		run "$XGCC" -B"$BIN/" -O2 a.c m.c -o "$OUT"
	elif [ "$mode" = nmlink ]; then
		OUT=prog
		run "$XGCC" -B"$BIN/" -O2 -flto=2 -flto-partition=one a.o m.o libs.a -o "$OUT"
	else
		OUT=prog
		run "$XGCC" -B"$BIN/" -O2 -flto=2 -flto-partition=one a.o m.o -o "$OUT"
	fi
	unset FAULT_TOOL FAULT FAULT_LTO1
}

# survived MESSAGE: the run failed as it should, saying MESSAGE
survived() {
	assert_failure
	assert_output --partial "$1"
	[ ! -e "$OUT" ] || fail "the failed output $OUT was left behind"
	assert_no_temps
	sha256sum -c --quiet "$BATS_TEST_TMPDIR/inputs.sha" || fail "an input changed"
}

@test "faults: the stand-ins run the real programs when no fault is set" {
	inject none none link
	assert_success
	run ./prog
	assert_failure 1
	assert_no_temps
}

@test "faults: cc1 fails" { inject cc1 fail compile; survived "cc1 returned 3 exit status"; }
@test "faults: cc1 dies by SIGSEGV" { inject cc1 signal compile; survived "Segmentation fault signal terminated program cc1"; }
@test "faults: cc1 writes garbage" { inject cc1 garbage compile; survived "Assembler messages"; }
@test "faults: cc1 runs out of file space" { inject cc1 fill compile; survived "terminated program cc1"; }

@test "faults: as fails" { inject as fail compile; survived "as returned 3 exit status"; }
@test "faults: as dies by SIGSEGV" { inject as signal compile; survived "Segmentation fault signal terminated program as"; }
@test "faults: as writes a garbage object, which ld rejects" { inject as garbage build; survived "ld returned 1 exit status"; }
@test "faults: as runs out of file space" { inject as fill compile; survived "terminated program as"; }

@test "faults: nm fails" { inject nm fail nmlink; survived "nm returned 3 exit status"; }
@test "faults: nm dies by SIGSEGV" { inject nm signal nmlink; survived "Segmentation fault signal terminated program nm"; }

@test "faults: garbage from nm does not break the link" {
	# what does not name a member of the link as nm does is passed over
	inject nm garbage nmlink
	assert_success
	run ./prog
	assert_failure 1
	assert_no_temps
}

@test "faults: the WPA fails" { inject lto1 fail link wpa; survived "lto1 returned 3 exit status"; }
@test "faults: the WPA dies by SIGSEGV" { inject lto1 signal link wpa; survived "terminated program lto1"; }
@test "faults: the WPA runs out of file space" { inject lto1 fill link wpa; survived "terminated program lto1"; }
@test "faults: an LTRANS fails" { inject lto1 fail link ltrans; survived "lto1 returned 3 exit status"; }
@test "faults: an LTRANS dies by SIGSEGV" { inject lto1 signal link ltrans; survived "terminated program lto1"; }
@test "faults: an LTRANS writes garbage" { inject lto1 garbage link ltrans; survived "Assembler messages"; }
@test "faults: an LTRANS runs out of file space" { inject lto1 fill link ltrans; survived "terminated program lto1"; }

@test "faults: ld fails" { inject ld fail link; survived "ld returned 3 exit status"; }
@test "faults: ld dies by SIGSEGV" { inject ld signal link; survived "Segmentation fault signal terminated program ld"; }
@test "faults: ld runs out of file space" { inject ld fill link; survived "terminated program ld"; }

@test "faults: a full disk (a 256 KB tmpfs) under TMPDIR and the output" {
	local fs="$BATS_TEST_TMPDIR/fs"
	mkdir -p "$fs"
	mount -t tmpfs -o size=256k tmpfs "$fs" 2>/dev/null || skip "cannot mount a tmpfs (not root)"
	mkdir "$fs/tmp"
	head -c 200000 /dev/zero >"$fs/filler"
	OUT="$fs/prog"
	TMPDIR="$fs/tmp" run "$XGCC" -O2 -flto=2 -flto-partition=one a.o m.o -o "$OUT"
	local left
	left=$(find "$fs/tmp" -mindepth 1 | head -3)
	[ ! -e "$OUT" ] || { umount "$fs"; fail "the failed output was left behind"; }
	umount "$fs"
	assert_failure
	assert_output --regexp "No space left on device|File too large|returned 1 exit status"
	[ -z "$left" ] || fail "temporary files left behind: $left"
	sha256sum -c --quiet "$BATS_TEST_TMPDIR/inputs.sha" || fail "an input changed"
}
