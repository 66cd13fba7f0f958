# Running Windows programs under wine, for the MinGW tests: load it from
# the bats file (load wine), after helper.
#
# One WINEPREFIX per test run, under $BATS_RUN_TMPDIR, made once (under
# a lock: bats may run tests in parallel); WINEDEBUG=-all keeps wine's
# own messages out of the programs' output, whose CRLF line ends are
# turned into LF.  A 64-bit-only wine runs i686 programs as a silent
# exit 0, so wine_i686_skip checks that a known program prints before any
# i686 program is run.

wine_prefix() {
	export WINEDEBUG=-all WINEPREFIX="$BATS_RUN_TMPDIR/wineprefix"
	# wineserver's socket lives in TMPDIR: one for the run, not the test's
	WINE_TMPDIR="$BATS_RUN_TMPDIR/winetmp"
	mkdir -p "$WINE_TMPDIR"
	command -v wine >/dev/null 2>&1 || return 1
	(
		flock 9
		if [ ! -e "$WINEPREFIX/.xgcc-made" ]; then
			TMPDIR=$WINE_TMPDIR wine wineboot --init >/dev/null 2>&1
			TMPDIR=$WINE_TMPDIR wineserver -w
			touch "$WINEPREFIX/.xgcc-made"
		fi
	) 9>"$BATS_RUN_TMPDIR/wineprefix.lock"
}

# wine_skip: skip the test when wine is missing.
wine_skip() {
	command -v wine >/dev/null 2>&1 || skip "wine is not installed"
	wine_prefix
}

# wine_run EXE [ARGS...]: run EXE under wine; sets $output (CRLF made LF)
# and $status as bats' run does.  WINEPATH may name DLL directories.
wine_run() {
	wine_prefix || return 1
	local out
	out=$(TMPDIR=$WINE_TMPDIR wine "$@" 2>&1)
	status=$?
	output=$(printf '%s' "$out" | tr -d '\r')
	return 0
}

# wine_i686_skip CC: skip unless wine runs i686 programs (wine32): CC (an
# i686 MinGW compiler) builds a program that must print.
wine_i686_skip() {
	wine_skip
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
