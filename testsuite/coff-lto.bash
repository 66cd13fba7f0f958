# PE-COFF LTO links for the coff-lto*.bats files: load it after helper
# and wine.
#
# Two ways to link.  "driver": the cross driver TRIPLET-xgcc (or -xg++)
# of the build tree, as users link.  "direct": xgcc's collect2 run on the
# link line that the cross gcc prints with -###, less its -plugin options,
# with XGCC_TARGET, COLLECT_GCC (the cross gcc, which lto1 runs for WPA
# and LTRANS) and COLLECT_GCC_OPTIONS as the driver sets them: the LTO
# stage tested without the driver.

# coff_skip T [g++]: skip unless T's cross gcc (and g++) is installed.
coff_skip() {
	command -v "$1-gcc" >/dev/null || skip "$1-gcc is not installed (gcc-mingw-w64)"
	if [ "${2-}" = g++ ]; then
		command -v "$1-g++" >/dev/null || skip "$1-g++ is not installed (g++-mingw-w64)"
	fi
	return 0
}

# driver_skip T: skip unless the cross driver T-xgcc is built.
driver_skip() {
	coff_skip "$@"
	[ -x "$XGCC_BUILDDIR/$1-xgcc" ] ||
		skip "$XGCC_BUILDDIR/$1-xgcc not built (configure finds target $1 with $1-gcc, -as and -ld)"
}

# coff_direct T CC ARGS...: link as T-CC ARGS would, through xgcc's
# collect2 (CC is gcc or g++).
coff_direct() {
	local t=$1 cc=$2 out line opts a
	shift 2
	out=$("$t-$cc" -### "$@" 2>&1) || { printf '%s\n' "$out"; return 1; }
	line=$(printf '%s\n' "$out" | grep -E '^ [^ ]*/collect2 ' | tail -1)
	opts=$(printf '%s\n' "$out" | sed -n 's/^COLLECT_GCC_OPTIONS=//p' | tail -1)
	[ -n "$line" ] || { echo "no collect2 line from $t-$cc -### $*"; return 1; }
	eval "set -- $line"
	shift
	local args=()
	for a; do
		case $a in
		-plugin | *liblto_plugin.so | -plugin-opt=*) ;;
		*) args+=("$a") ;;
		esac
	done
	XGCC_TARGET=${COFF_TARGET:-$t} COLLECT_GCC="$t-$cc" COLLECT_GCC_OPTIONS=$opts \
		"$XGCC_BUILDDIR/collect2" "${args[@]}"
}

# coff_link HOW T ARGS...: compile and link with T's compiler as HOW says
# (driver, driver++, direct, direct++); compiling always uses T-gcc/g++:
# the objects are the same.
coff_link() {
	local how=$1 t=$2
	shift 2
	case $how in
	driver) "$XGCC_BUILDDIR/$t-xgcc" "$@" ;;
	driver++) "$XGCC_BUILDDIR/$t-xg++" "$@" ;;
	direct) coff_direct "$t" gcc "$@" ;;
	direct++) coff_direct "$t" g++ "$@" ;;
	esac
}

# how_skip HOW T: the skips HOW needs.
how_skip() {
	case $1 in
	driver) driver_skip "$2" ;;
	driver++) driver_skip "$2" g++ ;;
	direct) coff_skip "$2" ;;
	direct++) coff_skip "$2" g++ ;;
	esac
	[ "$2" = x86_64-w64-mingw32 ] || wine_i686_skip "$2-gcc"
}

# run_exe EXE REF WANT: EXE prints what REF (the non-LTO build) prints
# under wine, and that is WANT (a silent exit 0 fails).
run_exe() {
	wine_skip
	wine_run "$2"
	[ "$status" -eq 0 ] || fail "$2 exited with $status: $output"
	[ "$output" = "$3" ] || fail "the non-LTO build $2 printed '$output', not '$3'"
	wine_run "$1"
	[ "$status" -eq 0 ] || fail "$1 exited with $status: $output"
	[ -n "$output" ] || fail "$1 printed nothing"
	[ "$output" = "$3" ] || fail "$1 printed '$output', the non-LTO build '$3'"
}
