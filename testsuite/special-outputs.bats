#!/usr/bin/env bats
# A failed command removes only the regular files it was to write (gcc's
# rule, delete_if_ordinary): a device or a FIFO named by -o or -MF is
# never unlinked, natively and for MinGW, whichever step fails (compile,
# preprocess, assemble, PCH, link) and on a signal.  `-o /dev/null` in a
# configure probe whose assembler refuses an option once made a root
# build delete /dev/null; here the victims are scratch special files
# (the real /dev/null is never put at risk): a character device with
# /dev/null's numbers (mknod, root only) and a FIFO, held open for
# reading and writing by the test so that no writer blocks on it.
load helper
load lib-run

X64=x86_64-w64-mingw32

setup() {
	common_setup
	export LC_ALL=C
	printf 'int x = ;\n' >bad.c
	printf 'int main(void) { undefined_function(); return 0; }\n' >undef.c
	printf 'int main(void) { return 0; }\n' >good.c
	printf 'int f(void) { return 1; }\n' >f.c
	printf 'int broken(;\n' >bad.h
	printf '#error stop here\n' >error.c
}

teardown() {
	[ -z "${DRAIN:-}" ] || kill "$DRAIN" 2>/dev/null || true
	exec 7>&- 2>/dev/null || true
}

# victim KIND NAME: make NAME a character device (1,3: what /dev/null
# is) or a FIFO; the FIFO stays open on fd 7 (read-write: opening it
# never blocks) and a reader drains it: GCC 16's cc1 writes a failed
# header's PCH into it, more than a pipe holds, before it finds it cannot
# map it (gcc-16 itself hangs there; GCC 15's writes nothing).
victim() {
	case $1 in
	device)
		[ "$(id -u)" -eq 0 ] || skip "making a device node (mknod) needs root"
		mknod "$2" c 1 3 2>/dev/null || skip "mknod is not permitted here (no CAP_MKNOD)"
		;;
	fifo)
		mkfifo "$2"
		exec 7<>"$2"
		cat <&7 >/dev/null 3>&- &
		DRAIN=$!
		;;
	esac
}

# assert_still KIND NAME: NAME is still that device or that FIFO.
assert_still() {
	case $1 in
	device)
		[ -c "$2" ] || fail "$2 is no longer a character device: $(ls -l "$2" 2>&1)"
		[ "$(stat -c '%t,%T' "$2")" = 1,3 ] || fail "$2 has other device numbers: $(stat -c '%t,%T' "$2")"
		;;
	fifo) [ -p "$2" ] || fail "$2 is no longer a FIFO: $(ls -l "$2" 2>&1)" ;;
	esac
}

# driver NAME: the native xgcc, or the x86_64 MinGW cross driver (skip
# when that target is not configured).
driver() {
	case $1 in
	native) DRIVER=$XGCC ;;
	mingw)
		[ -x "$XGCC_BUILDDIR/$X64-xgcc" ] || skip "target $X64 not configured"
		DRIVER=$XGCC_BUILDDIR/$X64-xgcc
		;;
	esac
}

# fails_and_keeps KIND DRIVER ARGS...: the command (with @V@ standing
# for the victim) fails, reports an error, and leaves the victim as it was.
fails_and_keeps() {
	local kind=$1
	driver "$2"
	shift 2
	victim "$kind" v
	local args=() a
	for a in "$@"; do args+=("${a//@V@/v}"); done
	run "$DRIVER" "${args[@]}" </dev/null
	assert_failure
	assert_output --partial error
	assert_still "$kind" v
	assert_no_temps
}

# the step and how it fails, once per victim kind and driver
compile_fails() { fails_and_keeps "$1" "$2" -c bad.c -o @V@; }
preprocess_fails() { fails_and_keeps "$1" "$2" -E error.c -o @V@; }
pch_fails() { fails_and_keeps "$1" "$2" -x c-header bad.h -o @V@; }
link_fails() { fails_and_keeps "$1" "$2" undef.c -o @V@; }
depfile_fails() { fails_and_keeps "$1" "$2" -c bad.c -MD -MF @V@ -o bad.o; }

# the assembler refuses an option: the zstd build's probe, from stdin
assemble_fails() {
	local kind=$1
	driver "$2"
	victim "$kind" v
	run "$DRIVER" -Wa,--xgcc-no-such-option -x assembler -Werror -c - -o v <<<''
	assert_failure
	assert_output --partial 'unrecognized option'
	assert_still "$kind" v
	assert_no_temps
}

@test "native compile fails: a device named by -o survives" { compile_fails device native; }
@test "native compile fails: a FIFO named by -o survives" { compile_fails fifo native; }
@test "native preprocess fails: a device named by -o survives" { preprocess_fails device native; }
@test "native preprocess fails: a FIFO named by -o survives" { preprocess_fails fifo native; }
@test "native assemble fails: a device named by -o survives" { assemble_fails device native; }
@test "native assemble fails: a FIFO named by -o survives" { assemble_fails fifo native; }
@test "native PCH fails: a device named by -o survives" { pch_fails device native; }
@test "native PCH fails: a FIFO named by -o survives" { pch_fails fifo native; }
@test "native link fails: a device named by -o survives" { link_fails device native; }
@test "native link fails: a FIFO named by -o survives" { link_fails fifo native; }
@test "native compile fails: a device named by -MF survives" { depfile_fails device native; }
@test "native compile fails: a FIFO named by -MF survives" { depfile_fails fifo native; }
@test "MinGW compile fails: a device named by -o survives" { compile_fails device mingw; }
@test "MinGW compile fails: a FIFO named by -o survives" { compile_fails fifo mingw; }
@test "MinGW preprocess fails: a device named by -o survives" { preprocess_fails device mingw; }
@test "MinGW preprocess fails: a FIFO named by -o survives" { preprocess_fails fifo mingw; }
@test "MinGW assemble fails: a device named by -o survives" { assemble_fails device mingw; }
@test "MinGW assemble fails: a FIFO named by -o survives" { assemble_fails fifo mingw; }
@test "MinGW PCH fails: a device named by -o survives" { pch_fails device mingw; }
@test "MinGW PCH fails: a FIFO named by -o survives" { pch_fails fifo mingw; }
@test "MinGW link fails: a device named by -o survives" { link_fails device mingw; }
@test "MinGW link fails: a FIFO named by -o survives" { link_fails fifo mingw; }

@test "MinGW: the real-world probe (-Wa,--noexecstack) leaves a device named by -o" {
	driver mingw
	victim device v
	run "$DRIVER" -Wa,--noexecstack -x assembler -Werror -c - -o v <<<''
	assert_failure
	assert_still device v
}

@test "a compile stopped by SIGTERM leaves a device named by -o" {
	victim device v
	# cc1 waits on its standard input until the signal comes
	mkfifo in
	exec 8<>in
	"$XGCC" -x c -c - -o v <in &
	local pid=$! i
	for i in $(seq 100); do
		pgrep -P "$pid" >/dev/null && break
		sleep 0.1
	done
	pgrep -P "$pid" >/dev/null || fail "the compiler never started"
	kill -TERM "$pid"
	# wait here, not in run's subshell, which has no such child
	local st=0
	wait "$pid" || st=$?
	exec 8>&-
	[ "$st" -eq 143 ] || fail "xgcc ended with $st, not by SIGTERM"
	assert_still device v
	assert_no_temps
}

@test "a regular -o file of a failed compile is removed, as gcc removes it" {
	printf 'old' >out.o
	run "$XGCC" -c bad.c -o out.o
	assert_failure
	assert_no_file out.o
}

@test "a failed compile through a symlinked -o removes the link, not its target (gcc's stat-based rule)" {
	printf 'keep' >target.o
	ln -s target.o link.o
	run "$XGCC" -c bad.c -o link.o
	assert_failure
	[ ! -L link.o ] || fail "the link is still there"
	[ "$(cat target.o)" = keep ] || fail "the target changed"
}

@test "a compile through a symlinked -o writes the target, as gcc" {
	: >target.o
	ln -s target.o link.o
	run "$XGCC" -c good.c -o link.o
	assert_success
	[ -L link.o ] || fail "link.o is no longer a symlink"
	assert_elf_type target.o REL
}

@test "MinGW LTO -r into a device: written through, the device stays" {
	driver mingw
	"$DRIVER" -flto -c good.c f.c
	victim device v
	run "$DRIVER" -flto -r -nostdlib good.o f.o -o v
	assert_success
	assert_still device v
	assert_no_temps
}

@test "MinGW LTO -r through a symlink: the target gets the object, the link stays" {
	driver mingw
	"$DRIVER" -flto -c good.c f.c
	: >target.o
	ln -s target.o link.o
	run "$DRIVER" -flto -r -nostdlib good.o f.o -o link.o
	assert_success
	[ -L link.o ] || fail "link.o is no longer a symlink"
	[ "$(od -An -tx1 -N2 target.o | tr -d ' ')" = 6486 ] || fail "target.o is not an AMD64 COFF object"
}

@test "a directory named by -o survives a failed compile and a failed link" {
	mkdir outdir
	: >outdir/keep
	run "$XGCC" -c bad.c -o outdir
	assert_failure
	[ -d outdir ] && [ -e outdir/keep ] || fail "the directory or its file is gone"
	run "$XGCC" undef.c -o outdir
	assert_failure
	[ -d outdir ] && [ -e outdir/keep ] || fail "the directory or its file is gone"
	assert_no_temps
}
