# Running Windows programs under wine, for the MinGW tests: load it from
# the bats file (load wine), after helper.
#
# One WINEPREFIX per test run, under $BATS_RUN_TMPDIR, made once (under
# a lock: bats may run tests in parallel); WINEDEBUG=-all keeps wine's
# own messages out of the programs' output, whose CRLF line ends are
# turned into LF.
#
# Which loader: `wine` starts the 32-bit loader /usr/lib/wine/wine
# whenever wine32:i386 is installed, and a kernel without IA32 emulation
# cannot run it, so that every program fails with status 126, x86_64
# ones included.  x86_64 programs therefore always go to the 64-bit
# loader, whatever else is installed; i686 programs go to
# `wine`, and only after wine_i686_skip has seen a known i686 program
# print (a 64-bit-only wine runs them as a silent exit 0).

# wine64_loader: the 64-bit loader (Debian's /usr/lib/wine/wine64).
wine64_loader() {
	if [ -x /usr/lib/wine/wine64 ]; then
		echo /usr/lib/wine/wine64
	else
		command -v wine64 || command -v wine
	fi
}

# wineserver_prog: wineserver, from PATH (Debian 12 and 13), else beside
# the loader in the library directory (unstable's wine 10 has no
# /usr/bin/wineserver).
wineserver_prog() {
	local w
	command -v wineserver && return 0
	for w in /usr/lib/*/wine/wineserver; do
		[ -x "$w" ] && { echo "$w"; return 0; }
	done
	echo wineserver
}

# pe_machine EXE: i386 or x86_64, from EXE's PE header (else nothing).
pe_machine() {
	local off magic
	off=$(od -An -tu4 -j60 -N4 "$1" 2>/dev/null | tr -d ' ')
	[ -n "$off" ] || return 0
	magic=$(od -An -tx1 -j"$off" -N6 "$1" 2>/dev/null | tr -d ' \n')
	case $magic in
	504500004c01) echo i386 ;;
	504500006486) echo x86_64 ;;
	esac
}


# wine_prefix: WINEPREFIX and WINE_TMPDIR for this run.  Under
# testsuite/run, the session it started (testsuite/wine-session: one
# persistent wineserver, wine's helper processes printing nowhere);
# a bats file run by hand makes a prefix of its own, whose wineserver
# comes and goes with the programs, as wine's does.
wine_prefix() {
	command -v wine >/dev/null 2>&1 || return 1
	if [ -n "${XGCC_WINE_DIR:-}" ] && [ -e "$XGCC_WINE_DIR/prefix/.xgcc-made" ]; then
		export WINEDEBUG=-all WINEPREFIX="$XGCC_WINE_DIR/prefix"
		WINE_TMPDIR="$XGCC_WINE_DIR/tmp"
		return 0
	fi
	export WINEDEBUG=-all WINEPREFIX="$BATS_RUN_TMPDIR/wineprefix"
	# wineserver's socket lives in TMPDIR: one for the run, not the test's
	WINE_TMPDIR="$BATS_RUN_TMPDIR/winetmp"
	mkdir -p "$WINE_TMPDIR"
	(
		flock 9
		if [ ! -e "$WINEPREFIX/.xgcc-made" ]; then
			local w64
			w64=$(wine64_loader)
			TMPDIR=$WINE_TMPDIR WINELOADER=$w64 "$w64" wineboot --init >/dev/null 2>&1
			TMPDIR=$WINE_TMPDIR "$(wineserver_prog)" -w
			touch "$WINEPREFIX/.xgcc-made"
		fi
	) 9>"$BATS_RUN_TMPDIR/wineprefix.lock"
}

# wine_skip: skip the test when wine is missing.
wine_skip() {
	command -v wine >/dev/null 2>&1 || skip "wine is not installed"
	wine_prefix
}

# wine_exec EXE [ARGS...]: one run of EXE under wine, with the loader for
# its machine; sets out and st (the caller's locals)
wine_exec() {
	local w64
	st=0
	# "|| st=$?": a program's own non-zero status is no error of the test
	if [ "$(pe_machine "$1")" = i386 ]; then
		out=$(TMPDIR=$WINE_TMPDIR wine "$@" 2>&1) || st=$?
	else
		w64=$(wine64_loader)
		out=$(TMPDIR=$WINE_TMPDIR WINELOADER=$w64 "$w64" "$@" 2>&1) || st=$?
	fi
}

# wine_run EXE [ARGS...]: run EXE under wine; sets $output (CRLF made LF)
# and $status as bats' run does.  WINEPATH may name DLL directories.
# With WINEDEBUG=-all wine says nothing when it fails itself (a helper
# process dying under load took a right program down once in CI, status
# 1 and no output).  So a silent non-zero exit is run again: the same
# status again is the program's own; another result is taken, and the
# first run is named in testsuite/wine-retries.log, which testsuite/run
# prints at its end.
wine_run() {
	wine_prefix || return 1
	local out st first
	wine_exec "$@"
	if [ "$st" -ne 0 ] && [ -z "$out" ]; then
		first=$st
		wine_exec "$@"
		if [ "$st" -ne "$first" ] || [ -n "$out" ]; then
			echo "$(basename "$1"): exited $first with no output, then $st (test: ${BATS_TEST_DESCRIPTION:-?})" \
				>>"${XGCC_BUILDDIR:-.}/testsuite/wine-retries.log"
		fi
	fi
	status=$st
	output=$(printf '%s' "$out" | tr -d '\r')
	return 0
}

# wine_i686_skip CC: skip unless wine runs i686 programs (wine32), with
# the reason: a kernel that runs no i386 program cannot start wine32 at
# all (nor can qemu-user); elsewhere CC (an i686 MinGW compiler) builds a
# program that must print.
wine_i686_skip() {
	wine_skip
	i386_native || skip "this kernel runs no i386 program: wine32 cannot start"
	local probe="$BATS_RUN_TMPDIR/wine32-probe"
	(
		flock 8
		if [ ! -e "$probe.result" ]; then
			printf '#include <stdio.h>\nint main(void) { puts("wine32 works"); return 0; }\n' >"$probe.c"
			if "$1" -o "$probe.exe" "$probe.c" 2>/dev/null &&
			   [ "$(TMPDIR=$WINE_TMPDIR wine "$probe.exe" 2>/dev/null | tr -d '\r')" = "wine32 works" ]; then
				echo yes >"$probe.result"
			else
				echo no >"$probe.result"
			fi
		fi
	) 8>"$probe.lock"
	[ "$(cat "$probe.result")" = yes ] ||
		skip "wine does not run i686 programs (install wine32:i386: dpkg --add-architecture i386 && apt-get install wine32:i386)"
}
