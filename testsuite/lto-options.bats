#!/usr/bin/env bats
# lto1 --merge-options: the options of LTO modules merged as GCC 12's
# lto-wrapper merges them, the conflict warnings xgcc adds, and the
# -Wa options united instead of dropped.  The merged lists are compared
# with what the real lto-wrapper gives its WPA compile for the same
# objects and link line (gcc -flto -v -save-temps writes that argv to
# p.ltrans_args).
load helper
bats_require_minimum_version 1.5.0

LTO1="$XGCC_BUILDDIR/lto1"

# UW: what the merged list gets after the -O level from GCC 13, whose
# cc1 records the unwind tables and whose lto-wrapper merges and passes
# them (lto/opts.c, merged_as_any)
UW=""
[ "$(backend_major)" -lt 13 ] || UW=" -fasynchronous-unwind-tables"

# PIC: the PIC/PIE option cc1 records for a module compiled with the
# default of Debian's GCC (PIE), as the module's .gnu.lto_.opts has it:
# -fPIC up to GCC 14, whose lto-opts.cc writes flag_pic first; -fPIE
# from Debian's GCC 15.3 and GCC 16, which write flag_pie first.
# NOPIC: what that module merged with a -fno-pic one gives, as
# lto-wrapper merges them: the first module's kind turned off (-fno-pic
# or -fno-pie)
setup_file() {
	local d="$BATS_FILE_TMPDIR"
	printf 'int f(void) { return 0; }\n' >"$d/pic.c"
	gcc -flto -c "$d/pic.c" -o "$d/pic.o"
	PIC=$(readelf -p .gnu.lto_.opts "$d/pic.o" | grep -o "'-f[Pp][Ii][CEce]'" | tr -d "'")
	NOPIC=-fno-$(echo "${PIC#-f}" | tr 'A-Z' 'a-z')
	export PIC NOPIC
}

setup() {
	common_setup
	case $PIC in -fPIC | -fPIE) ;; *) fail "a default module records no -fPIC or -fPIE: '$PIC'" ;; esac
	export LC_ALL=C # the quotes of the warnings are then '...'
	unset COLLECT_GCC_OPTIONS COLLECT_AS_OPTIONS
	printf 'int f(int x) { return x + 1; }\n' >a.c
	printf 'int g(int x) { return x * 2; }\n' >b.c
	printf 'int f(int);\nint main(void) { return f(-1); }\n' >m.c
}

# merge [LINK-OPTS] OBJ...: run lto1 --merge-options with LINK-OPTS as
# COLLECT_GCC_OPTIONS; $output is stdout, $stderr the warnings.
merge() {
	local link=$1
	shift
	if [ -n "$link" ]; then
		COLLECT_GCC_OPTIONS=$link run --separate-stderr "$LTO1" --merge-options "$@"
	else
		run --separate-stderr "$LTO1" --merge-options "$@"
	fi
}

# same_as_gcc LINKFLAGS OBJ...: link the objects with gcc 12 and
# LINKFLAGS; the WPA options of its lto-wrapper (less "-xlto -c" and
# what lto-wrapper adds itself: -dumpdir, -dumpbase, -fltrans-output-list,
# -fwpa, -fresolution, -flinker-output and the inputs) must equal
# lto1 --merge-options given the link's COLLECT_GCC_OPTIONS (and
# COLLECT_AS_OPTIONS, where the driver puts the link's -Wa options).
same_as_gcc() {
	local flags=$1 d
	shift
	d=$(mktemp -d gcc.XXXX)
	cp "$@" "$d"/
	# shellcheck disable=SC2086
	(cd "$d" && gcc -flto -v -save-temps $flags "$@" -o p >log 2>&1) || true
	[ -f "$d/p.ltrans_args" ] || fail "gcc wrote no p.ltrans_args: $(tail -3 "$d/log")"
	want=$(tail -n +3 "$d/p.ltrans_args" | awk -v objs=" $* " '
		skip { skip = 0; next }
		$0 == "-dumpdir" || $0 == "-dumpbase" { skip = 1; next }
		/^-fltrans-output-list=|^-fwpa$|^-fwpa=|^-fresolution=|^-flinker-output=/ { next }
		index(objs, " " $0 " ") { next }
		{ print }')
	link=$(grep -m1 '^COLLECT_GCC_OPTIONS=' "$d/log" | sed 's/^COLLECT_GCC_OPTIONS=//')
	# the link driver's own, printed before its COLLECT_GCC_OPTIONS (the
	# WPA driver prints one for the -Xassembler options it is given)
	as=$(awk '/^COLLECT_GCC_OPTIONS=/ { exit } sub(/^COLLECT_AS_OPTIONS=/, "")' "$d/log")
	[ "$(head -2 "$d/p.ltrans_args" | tr '\n' ' ')" = "-xlto -c " ]
	got=$(cd "$d" && if [ -n "$as" ]; then export COLLECT_AS_OPTIONS=$as; fi &&
		COLLECT_GCC_OPTIONS=$link "$LTO1" --merge-options "$@" 2>/dev/null)
	[ -n "$want" ]
	[ "$want" = "$got" ] || { diff <(echo "$want") <(echo "$got"); false; }
	# and gcc gave no -Xassembler warning: those cases differ on purpose
	! grep -q Xassembler "$d/log" || fail "the log names -Xassembler"
}

@test "option strings split as COLLECT_GCC_OPTIONS quotes them" {
	gcc -flto -O2 -c a.c -o a.o
	merge "'-Wl,-rpath,/x y'  '-Wl,it'\\''s' -O1 '-o' 'out'" a.o
	assert_success
	assert_line --index 0 -- -fno-openmp
	assert_line "-Wl,-rpath,/x y"
	assert_line "-Wl,it's"
	assert_line -- -O1
	refute_line -- -o
	refute_line out
}

@test "modules that agree: no warning, the first module's options, then the link's" {
	gcc -flto -O2 -c m.c -o m.o
	gcc -flto -O2 -c a.c -o a.o
	merge "'-flto' '-o' 'p' '-mtune=generic' '-march=x86-64' '-dumpdir' 'p.'" m.o a.o
	assert_success
	[ -z "$stderr" ]
	assert_equal "$(echo $output)" \
		"-fno-openmp -fno-openacc $PIC -fcf-protection=none -mtune=generic -march=x86-64 -O2${UW} -mtune=generic -march=x86-64"
}

@test "conflicting -fexcess-precision: one warning naming both files and both options" {
	gcc -flto -O2 -fexcess-precision=standard -c m.c -o m.o
	gcc -flto -O2 -fexcess-precision=fast -c a.c -o a.o
	gcc -flto -O2 -fexcess-precision=fast -c b.c -o b.o
	merge "" m.o a.o b.o
	assert_success
	assert_equal "$stderr" "lto1: warning: m.o compiled with '-fexcess-precision=standard' but a.o with '-fexcess-precision=fast'"
	# the option is recorded per function: GCC 12 passes none of them
	refute_line --partial -fexcess-precision
}

@test "options GCC keeps per function mix without a warning: -fstrict-aliasing, -fwrapv, -ffp-contract, -fexceptions, -fmath-errno, -ftrapv, -fshort-enums" {
	gcc -flto -O2 -ffp-contract=off -fwrapv -fno-strict-aliasing -fexceptions -ftrapv -fshort-enums -c m.c -o m.o
	gcc -flto -O2 -ffp-contract=fast -fstrict-aliasing -fno-exceptions -fno-math-errno -fno-trapv -c a.c -o a.o
	merge "" m.o a.o
	assert_success
	assert_equal "$stderr" ""
	# none of them is passed: each function keeps its own (as in GCC)
	refute_output --regexp 'wrapv|aliasing|contract|exceptions|math-errno|trapv|short-enums'
}

@test "options GCC does not keep per function still warn: -fcommon, -fsigned-char" {
	gcc -flto -O2 -fcommon -funsigned-char -fwrapv -c m.c -o m.o
	gcc -flto -O2 -fno-common -fsigned-char -fno-wrapv -c a.c -o a.o
	merge "" m.o a.o
	assert_success
	assert_equal "$stderr" "lto1: warning: m.o compiled with '-fcommon' but a.o with '-fno-common'
lto1: warning: m.o compiled with '-funsigned-char' but a.o with '-fsigned-char'"
	# -fcommon: the first module's wins, as in GCC
	assert_line -- -fcommon
	refute_line -- -fno-common
}

@test "the per-function options are those of GCC's table (its Optimization class, what --help=optimizers lists)" {
	list=$(gcc -Q --help=optimizers | sed -n 's/^  \(-[^ =<]*=\{0,1\}\).*/\1/p')
	grep -qx -- -fwrapv <<<"$list"
	! grep -qx -- -fcommon <<<"$list" || fail "-fcommon is in the list"
	# modules that differ in one: no warning (each function keeps its
	# own); in the other: the warning
	gcc -flto -O2 -fwrapv -fcommon -c a.c -o a.o
	gcc -flto -O2 -fno-wrapv -fno-common -c m.c -o m.o
	merge "" m.o a.o
	assert_success
	refute [ -z "$stderr" ]
	[[ $stderr != *wrapv* ]] || fail "a warning for -fwrapv: $stderr"
	[[ $stderr == *-fcommon* ]] || fail "no warning for -fcommon: $stderr"
}

@test "defaults that differ by themselves do not warn; -fno-strict-overflow is -fwrapv" {
	gcc -flto -O0 -c m.c -o m.o
	gcc -flto -O2 -ffast-math -fno-strict-overflow -c a.c -o a.o
	gcc -flto -O2 -fwrapv -funsigned-char -c b.c -o b.o
	merge "" m.o a.o b.o
	assert_success
	# -O0 and -O2 strict aliasing, -ffast-math's -fno-math-errno: no
	# warning; a module without -fsigned-char has the target's default
	assert_equal "$stderr" "lto1: warning: m.o compiled with '-fsigned-char' but b.o with '-funsigned-char'"
	assert_line -- -O2
}

@test "-fno-pic anywhere wins, with a warning; a link-time -fPIC settles it" {
	gcc -flto -O2 -c m.c -o m.o
	gcc -flto -O2 -fno-pic -c a.c -o a.o
	merge "" m.o a.o
	assert_success
	assert_equal "$stderr" "lto1: warning: m.o compiled with '$PIC' but a.o with '-fno-pic'"
	assert_line --index 2 -- "$NOPIC"
	refute_line -- -fPIC
	refute_line -- -fPIE
	merge "'-fPIC'" m.o a.o
	[ -z "$stderr" ]
	assert_equal "${lines[-1]}" -fPIC
	# an executable gets no PIC whatever the modules say: no warning
	merge "'-no-pie'" m.o a.o
	[ -z "$stderr" ]
}

@test "PIC and PIE combine as in GCC 12: fPIC+fpic=fpic, fPIC+fpie=fpie, fpic+fPIE=fpie" {
	gcc -flto -O2 -fPIC -c m.c -o pic.o
	gcc -flto -O2 -fpic -c a.c -o small.o
	gcc -flto -O2 -fpie -c b.c -o pie.o
	gcc -flto -O2 -fPIE -c b.c -o bigpie.o
	# pic_mode: the one PIC/PIE option of the merged list
	pic_mode() { echo "$output" | grep -E -- '^-f(no-)?(pic|PIC|pie|PIE)$' | tr '\n' ' '; }
	merge "" pic.o small.o
	assert_equal "$(pic_mode)" "-fpic "
	merge "" pic.o pie.o
	assert_equal "$(pic_mode)" "-fpie "
	merge "" small.o bigpie.o
	assert_equal "$(pic_mode)" "-fpie "
	merge "" pic.o bigpie.o
	assert_equal "$(pic_mode)" "-fPIE "
	merge "" pie.o bigpie.o
	assert_equal "$(pic_mode)" "-fpie "
	# PIC and PIE code mix in a PIE, not in a shared library
	[ -z "$stderr" ]
	merge "'-shared'" pic.o bigpie.o
	assert_equal "$stderr" "lto1: warning: pic.o compiled with '-fPIC' but bigpie.o with '-fPIE'"
}

@test "-fcf-protection: GCC 12 passes the first module's spelling; =check at link makes a mismatch an error" {
	gcc -flto -O2 -fcf-protection=full -c m.c -o m.o
	gcc -flto -O2 -fcf-protection=branch -c a.c -o a.o
	merge "" m.o a.o
	assert_success
	assert_equal "$stderr" "lto1: warning: m.o compiled with '-fcf-protection=full' but a.o with '-fcf-protection=branch'"
	assert_line -- -fcf-protection=full
	refute_line -- -fcf-protection=branch
	merge "'-fcf-protection=none'" m.o a.o
	assert_success
	[ -z "$stderr" ]
	assert_equal "${lines[-1]}" -fcf-protection=none
	merge "'-fcf-protection=check'" m.o a.o
	assert_failure 1
	assert_equal "$stderr" "lto1: error: m.o compiled with '-fcf-protection=full' but a.o with '-fcf-protection=branch'"
}

@test "first module's target options win, later ones are added; -m32 with -m64 objects is an error" {
	gcc -flto -O2 -march=haswell -c m.c -o m.o
	gcc -flto -O3 -march=x86-64-v2 -mavx2 -c a.c -o a.o
	merge "" m.o a.o
	assert_success
	[ -z "$stderr" ]
	assert_equal "$(echo $output)" \
		"-fno-openmp -fno-openacc $PIC -fcf-protection=none -march=haswell -O3${UW} -mavx2"
	gcc -flto -O2 -m32 -c a.c -o a32.o
	merge "" m.o a32.o
	assert_failure 1
	assert_equal "$stderr" "lto1: error: m.o compiled with '-m64' but a32.o with '-m32'"
}

@test "-O levels: the highest of the modules, -Os/-Og/-Ofast as -O levels, the link's last" {
	gcc -flto -Os -c m.c -o s.o
	gcc -flto -Og -c a.c -o g.o
	gcc -flto -Ofast -c b.c -o fast.o
	gcc -flto -c b.c -o none.o
	merge "" s.o g.o
	assert_line -- -O2
	merge "" g.o fast.o
	assert_line -- -O3
	merge "" s.o s.o
	assert_line -- -Os
	merge "" none.o g.o
	assert_line -- -Og
	merge "'-O1'" s.o fast.o
	assert_equal "$(echo $output)" "-fno-openmp -fno-openacc $PIC -fcf-protection=none -mtune=generic -march=x86-64 -O3${UW} -O1"
}

@test "-Wa options: equal ones pass as in GCC, differing ones are united, conflicting values warn" {
	gcc -flto -O2 -Wa,--noexecstack -c m.c -o m.o
	gcc -flto -O2 -Wa,--noexecstack -c a.c -o a.o
	gcc -flto -O2 -Wa,-I,inc -c b.c -o b.o
	merge "" m.o a.o
	assert_equal "$(echo ${lines[@]: -2})" "-Xassembler --noexecstack"
	# GCC 12 drops all -Wa options here ("Extra option to -Xassembler")
	merge "" m.o b.o
	assert_success
	[ -z "$stderr" ]
	assert_equal "$(echo ${lines[@]: -6})" "-Xassembler --noexecstack -Xassembler -I -Xassembler inc"
	gcc -flto -O2 -Wa,-mrelax-relocations=yes -c m.c -o y.o
	gcc -flto -O2 -Wa,-mrelax-relocations=no -c a.c -o n.o
	merge "" y.o n.o
	assert_equal "$stderr" "lto1: warning: y.o compiled with '-Wa,-mrelax-relocations=yes' but n.o with '-Wa,-mrelax-relocations=no'"
	assert_equal "$(echo ${lines[@]: -2})" "-Xassembler -mrelax-relocations=yes"
}

@test "link-time options: front-end ones dropped, -o/-flto/-dumpdir dropped, the rest in GCC's canonical form" {
	gcc -flto -O2 -c a.c -o a.o
	merge "'-Wall' '-Wextra' '-std=c99' '-DX=1' '-I' 'inc' '-L/tmp' '-fno-openmp' '-fopenmp' '-flto=auto' '-o' 'p' '-Werror=format' '-Wno-unused' '-fcf-protection' '-fdiagnostics-color=always' '-dumpdir' 'p.'" a.o
	assert_success
	assert_equal "$(echo $output)" \
		"-fno-openmp -fno-openacc $PIC -fcf-protection=none -mtune=generic -march=x86-64 -O2${UW} -fdiagnostics-color=always -Wextra -L /tmp -fopenmp -Werror=format -Wno-unused -fcf-protection=full"
}

@test "link-time options are read with GCC's option table: options its old hand tables lacked or had wrong" {
	gcc -flto -O2 -c a.c -o a.o
	# -ffree-form is Fortran's (dropped); -aux-info is also a Common
	# option (passed, with its separate argument); -Ttext= is an option
	# of its own, not -T with an argument; -fno-such-flag is no option;
	# -Wno-frame-larger-than is an alias of -Wframe-larger-than=;
	# -nocpp and -fno-cpp are Fortran's
	merge "'-ffree-form' '-aux-info' 'x.aux' '-Ttext=0x400000' '-fno-such-flag' '-Wno-frame-larger-than' '-nocpp' '-fno-cpp'" a.o
	assert_success
	assert_equal "$(echo $output)" \
		"-fno-openmp -fno-openacc $PIC -fcf-protection=none -mtune=generic -march=x86-64 -O2${UW} -aux-info x.aux -Ttext=0x400000 -Wframe-larger-than=18446744073709551615EiB"
	# xgcc's own options are not GCC's, but go on to the cache and the
	# distributor
	merge "'-flto-cache=/c' '-flto-cache-shared' '-flto-distributor=d' '-flto-distributor-arg=-j2' '-flto-cachex'" a.o
	assert_success
	assert_equal "$(echo $output)" \
		"-fno-openmp -fno-openacc $PIC -fcf-protection=none -mtune=generic -march=x86-64 -O2${UW} -flto-cache=/c -flto-cache-shared -flto-distributor=d -flto-distributor-arg=-j2"
}

@test "same as gcc: link options only GCC's option table tells apart (-aux-info, a Fortran option, aliases)" {
	gcc -flto -O2 -c m.c -o m.o
	gcc -flto -O1 -c a.c -o a.o
	same_as_gcc "-O2 -ffree-form -aux-info x.aux -Wno-frame-larger-than -Wlarger-than-5 -Wno-alloca-larger-than -flive-patching --sysroot /" m.o a.o
}

@test "without the backend's probed table lto1 uses the one shipped for its GCC version" {
	gcc -flto -O2 -c m.c -o m.o
	gcc -flto -O1 -fPIC -c a.c -o a.o
	link="'-O2' '-ffree-form' '-aux-info' 'x.aux' '-Wall' '-Wextra' '-std=c99' '-L' '/tmp' '-fpic' '-fPIE' '-mno-sse4' '-msse4' '-fuse-ld=gold' '-fuse-ld=bfd' '-ftrivial-auto-var-init=zero' '-fdiagnostics-color=always'"
	merge "$link" m.o a.o
	assert_success
	probed=$output
	# the table shipped for the backend's version: the same merge as the
	# probed one
	XGCC_NO_GCC_OPTIONS=1 merge "$link" m.o a.o
	assert_success
	assert_equal "$output" "$probed"
	XGCC_SHIPPED_GCC_OPTIONS=$(backend_major) merge "$link" m.o a.o
	assert_success
	assert_equal "$output" "$probed"
	# gcc 12's: on a GCC 12 backend the same again; later GCCs differ
	# (GCC 16's -msse4 is a Negative() of -mno-sse4, which the later
	# cancels, GCC 12's are two options both passed)
	XGCC_SHIPPED_GCC_OPTIONS=12 merge "$link" m.o a.o
	assert_success
	[ "$(backend_major)" -ne 12 ] || assert_equal "$output" "$probed"
	assert_line -- -ftrivial-auto-var-init=zero
	local gcc12=$output
	# gcc 11's has no -ftrivial-auto-var-init= (new in GCC 12): dropped
	XGCC_SHIPPED_GCC_OPTIONS=11 merge "$link" m.o a.o
	assert_success
	refute_line -- -ftrivial-auto-var-init=zero
	assert_equal "$output" "$(echo "$gcc12" | grep -vx -- -ftrivial-auto-var-init=zero)"
}

@test "two modules in one object (ld -r): each checked, named by its place" {
	gcc -flto -O2 -fno-common -c m.c -o m.o
	gcc -flto -O2 -fcommon -c a.c -o a.o
	ld -r m.o a.o -o both.o
	"$LTO1" --list both.o | grep -c '^  module ' | grep -qx 2
	merge "" both.o
	assert_success
	assert_equal "$stderr" "lto1: warning: both.o (module 1) compiled with '-fno-common' but both.o (module 2) with '-fcommon'"
	same_as_gcc "" both.o
}

@test "archive members are read as ARCHIVE@0xOFFSET" {
	gcc -flto -O2 -fno-pic -c a.c -o a.o
	gcc -flto -O2 -c m.c -o m.o
	ar rcs lib.a a.o
	member=$("$LTO1" --list lib.a | sed -n 's/^member \(lib\.a@0x[0-9a-f]*\) (a\.o)$/\1/p')
	[ -n "$member" ]
	merge "" m.o "$member"
	assert_success
	assert_equal "$stderr" "lto1: warning: m.o compiled with '$PIC' but $member with '-fno-pic'"
	assert_line -- "$NOPIC"
}

@test "not an LTO object, or no file: one error line, exit 1" {
	gcc -c a.c -o plain.o
	merge "" plain.o
	assert_failure 1
	assert_equal "$stderr" "lto1: error: plain.o: not an LTO object (no section .gnu.lto_.opts)"
	merge "" missing.o
	assert_failure 1
	assert_equal "$(echo "$stderr" | wc -l)" 1
	assert_equal "${stderr%%:*}" lto1
}

@test "a malformed .gnu.lto_.opts is one error line" {
	gcc -flto -O2 -c m.c -o m.o
	printf "'-O2' '-fPIC" >opts.bin
	objcopy --update-section .gnu.lto_.opts=opts.bin m.o bad.o
	merge "" bad.o
	assert_failure 1
	assert_equal "$stderr" "lto1: error: bad.o: section .gnu.lto_.opts: option string not terminated"
	[ -z "$output" ]
}

@test "-Wa options of a later module only: after the modules' options, before the link's" {
	gcc -flto -O2 -c m.c -o m.o
	gcc -flto -O2 -mavx2 -Wa,--noexecstack -c a.c -o a.o
	merge "'-O3'" m.o a.o
	assert_success
	[ -z "$stderr" ]
	assert_equal "$(echo $output)" \
		"-fno-openmp -fno-openacc $PIC -fcf-protection=none -mtune=generic -march=x86-64 -O2${UW} -mavx2 -Xassembler --noexecstack -O3"
}

# --- the same lists as GCC 12's lto-wrapper ---------------------------

@test "same as gcc: PIC/PIE and -O merging across three modules" {
	gcc -flto -O2 -c m.c -o m.o
	gcc -flto -O1 -fPIC -c a.c -o a.o
	gcc -flto -Os -fpie -c b.c -o b.o
	same_as_gcc "" m.o a.o b.o
	gcc -flto -O2 -fpic -c m.c -o m2.o
	gcc -flto -O2 -fPIE -c b.c -o b2.o
	same_as_gcc "-O1 -g0" m2.o a.o b2.o
}

@test "same as gcc: -fno-pic wins; a link-time -fPIC comes after" {
	gcc -flto -O2 -fno-pic -c m.c -o m.o
	gcc -flto -O1 -fPIC -c a.c -o a.o
	same_as_gcc "" m.o a.o
	same_as_gcc "-fPIC" a.o m.o
}

@test "same as gcc: -fopenmp, -Ofast with -Og, target options and -fcommon added from later modules" {
	gcc -flto -O2 -c m.c -o m.o
	gcc -flto -Ofast -mavx2 -fcommon -c a.c -o a.o
	gcc -flto -Og -g -fno-common -fopenmp -c b.c -o b.o
	same_as_gcc "" m.o a.o b.o
}

@test "same as gcc: per-function options (-fwrapv, -fexcess-precision, -ftrapv) are not passed; link -O3" {
	gcc -flto -O -fwrapv -fexcess-precision=standard -ffp-contract=off -c m.c -o m.o
	gcc -flto -O -fno-wrapv -fexcess-precision=fast -ftrapv -c a.c -o a.o
	same_as_gcc "-O3" m.o a.o
}

@test "same as gcc: -fcf-protection and the diagnostics options of the modules" {
	gcc -flto -O2 -fcf-protection=full -fdiagnostics-show-caret -fno-show-column -c m.c -o m.o
	gcc -flto -O2 -fcf-protection=none -fno-diagnostics-show-caret -fno-diagnostics-show-labels -c a.c -o a.o
	same_as_gcc "" m.o a.o
	same_as_gcc "-fcf-protection=return" m.o a.o
	# the diagnostics options later GCCs' lto-wrapper keeps and passes
	# too: GCC 15's event links and highlight colours, GCC 16's nesting
	# options (a module compiled by an older cc1 cannot have them); the
	# first module's setting, or a later one's where it has none
	local first="" later=""
	if [ "$(backend_major)" -ge 15 ]; then
		first="-fno-diagnostics-show-highlight-colors -fno-diagnostics-show-event-links"
		later="-fdiagnostics-show-highlight-colors"
	fi
	if [ "$(backend_major)" -ge 16 ]; then
		first="$first -fdiagnostics-show-nesting -fdiagnostics-show-nesting-levels"
		later="$later -fno-diagnostics-show-nesting -fdiagnostics-show-nesting-locations"
	fi
	[ -n "$first" ] || return 0
	# shellcheck disable=SC2086
	gcc -flto -O2 $first -c m.c -o m.o
	# shellcheck disable=SC2086
	gcc -flto -O2 $later -c a.c -o a.o
	same_as_gcc "" m.o a.o
	merge "" m.o a.o
	assert_line -- -fno-diagnostics-show-highlight-colors
	refute_line -- -fdiagnostics-show-highlight-colors
	[ "$(backend_major)" -lt 16 ] || assert_line -- -fdiagnostics-show-nesting-locations
}

@test "same as gcc: -march/-mtune/-mcmodel of two modules, -march=native at link" {
	gcc -flto -O2 -march=haswell -mtune=skylake -mno-red-zone -c m.c -o m.o
	gcc -flto -O3 -march=x86-64-v2 -mcmodel=large -c a.c -o a.o
	same_as_gcc "-march=native" m.o a.o
}

@test "same as gcc: the link line's options (front end's dropped, -L split, colour first)" {
	gcc -flto -O2 -c m.c -o m.o
	gcc -flto -O1 -fPIC -c a.c -o a.o
	same_as_gcc "-Wall -Wextra -std=c99 -DX=1 -I/tmp -L/tmp -fno-openmp -fopenmp -flto-partition=one -fdiagnostics-color=always -g -Werror=format -Wno-unused -Wshadow=local" m.o a.o
	same_as_gcc "-fcf-protection -shared -fPIC" m.o a.o
}

@test "same as gcc: a long link line (options canceling earlier ones, --param, aliases, -flto=4, -Wa)" {
	gcc -flto -O2 -c m.c -o m.o
	gcc -flto -O1 -fPIC -c a.c -o a.o
	same_as_gcc "-no-pie -static-libgcc -fuse-ld=bfd -Wl,--as-needed -rdynamic -pthread -s -Xlinker -z -Xlinker now -fvisibility=hidden -ffunction-sections -fno-omit-frame-pointer --param=max-inline-insns-auto=20 --param max-inline-insns-single=30 -fstack-protector-strong -D_FORTIFY_SOURCE=2 -pedantic -W -fdiagnostics-color=never -fdiagnostics-color=always -fPIC -fpic -mno-sse4 -msse4 -mavx -mno-avx -fuse-ld=gold -fuse-ld=bfd -ggdb -gsplit-dwarf -gno-split-dwarf -Wno-error=format -Wformat=2 -Wconversion -Wstringop-overflow=3 -Wlarger-than=100 -flto=4 -ffat-lto-objects -fno-use-linker-plugin -fuse-linker-plugin -march=x86-64 -march=core2 -mtune=generic -Wa,--noexecstack" m.o a.o
}

@test "same as gcc: equal -Wa options, and -m32 objects" {
	gcc -flto -O2 -Wa,--noexecstack -Wa,-I,inc -c m.c -o m.o
	gcc -flto -O2 -Wa,--noexecstack -Wa,-I,inc -c a.c -o a.o
	same_as_gcc "" m.o a.o
	gcc -flto -O2 -m32 -c m.c -o m32.o 2>/dev/null || skip "no -m32 (gcc-multilib)"
	gcc -flto -O2 -m32 -march=i686 -mfpmath=sse -msse2 -c a.c -o a32.o
	same_as_gcc "-m32" m32.o a32.o
}

@test "same as gcc: objects compiled by xgcc" {
	"$XGCC" -flto -O2 -c m.c -o m.o
	"$XGCC" -flto -O1 -fno-pic -fcommon -c a.c -o a.o
	same_as_gcc "-O2" m.o a.o
}

@test "PE-COFF objects: the machine tells the word size" {
	command -v x86_64-w64-mingw32-gcc >/dev/null || skip "x86_64-w64-mingw32-gcc not installed"
	command -v i686-w64-mingw32-gcc >/dev/null || skip "i686-w64-mingw32-gcc not installed"
	x86_64-w64-mingw32-gcc -flto -O2 -c m.c -o m64.o
	x86_64-w64-mingw32-gcc -flto -O1 -mbig-obj -c a.c -o a64.o 2>/dev/null ||
		x86_64-w64-mingw32-gcc -flto -O1 -c a.c -o a64.o
	i686-w64-mingw32-gcc -flto -O2 -c a.c -o a32.o
	merge "" m64.o a64.o
	assert_success
	[ -z "$stderr" ]
	assert_line -- -O2
	merge "" m64.o a32.o
	assert_failure 1
	assert_equal "$stderr" "lto1: error: m64.o compiled with '-m64' but a32.o with '-m32'"
}
