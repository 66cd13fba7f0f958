#!/usr/bin/env bats
# The spec interpreter (driver/spec.c), construct by construct.  Where gcc
# can show what a construct gives, gcc is the judge: the spec goes into a
# -specs= file as the body of *cc1_options between two "@@@" words, and
# the words gcc -### puts between them on cc1's line must be the words
# testsuite/spec-unit gives for the same spec and switches.  The rest
# (command boundaries, pipes, temporary and failure marks, errors, spec
# files, -dumpspecs) is checked against what gcc's manual and driver say.
load helper

UNIT="$XGCC_BUILDDIR/testsuite/spec-unit"

setup() {
	common_setup
	export LC_ALL=C
	printf 'int x;\n' >x.c
}

# gcc_words SPEC OPTION...: the words SPEC gives in gcc's cc1 line for
# x.c and the options (temporary names as TMP.suffix).
gcc_words() {
	local spec=$1
	shift
	printf '*cc1_options:\n@@@ %s @@@END\n\n' "$spec" >t.specs
	gcc -specs=t.specs -### -c x.c "$@" 2>&1 | grep '"@@@"' | sed -e 's/.*"@@@" *//' -e 's/ *"@@@END".*//' \
		-e 's/"//g' -e "s#$TMPDIR/cc[A-Za-z0-9]\\{6\\}#TMP#g"
}

# unit_words SPEC SWITCH...: the same from spec-unit (its temporaries are
# /tmp/ccN).
unit_words() {
	local spec=$1
	shift
	"$UNIT" -i x.c "$spec" "$@" | grep -v '^removed: ' | sed -e 's#/tmp/cc[0-9]*#TMP#g' -e 's/\[[TF]\]//g'
}

# same_as_gcc SPEC 'GCC OPTIONS' SWITCH...: both give the same words.
same_as_gcc() {
	local spec=$1 opts=$2 want got
	shift 2
	# shellcheck disable=SC2086
	want=$(gcc_words "$spec" $opts)
	got=$(unit_words "$spec" "$@")
	[ "$want" = "$got" ] || fail "for $spec with '$opts': gcc gives '$want', spec-unit '$got'"
}

@test "spec: %{S} %{S*} give the switches as given, %{S*} every one" {
	same_as_gcc '%{fxa} %{qb*}' '-fxa -qbone -qbtwo' fxa qbone qbtwo
	same_as_gcc '%{fxa} %{qb*}' '' 
}

@test "spec: %{S:X} %{!S:X} %{S*:X}" {
	same_as_gcc '%{fxa:A} %{!fxa:N} %{qb*:B}' '-qbone -qbtwo' qbone qbtwo
	same_as_gcc '%{fxa:A} %{!fxa:N} %{qb*:B}' '-fxa' fxa
}

@test "spec: %* in a body, once per matching switch, a blank after the last" {
	same_as_gcc '%{qb*:<%*>} %{qc*:x%*}' '-qbone -qbtwo -qcthree' qbone qbtwo qcthree
	same_as_gcc '%{qb*:-Q%*}%{qb*:=%*}' '-qbone' qbone
}

@test "spec: | and & alternatives; & keeps the command-line order" {
	same_as_gcc '%{fxa|qc:OR} %{!fxa|qc:NOR}' '-qc' qc
	same_as_gcc '%{qc*&fxa*}' '-qc1 -fxa2 -qc3' qc1 fxa2 qc3
}

@test "spec: S:X;T:Y;:D chooses the first that matches, else the default" {
	same_as_gcc '%{fxa:A;qc:C;:D}' '' 
	same_as_gcc '%{fxa:A;qc:C;:D}' '-qc' qc
	same_as_gcc '%{fxa:A;qc:C;:D}' '-qc -fxa' qc fxa
	same_as_gcc '%{fxa|qd:A;!qc:NC;:D}' '-qc' qc
}

@test "spec: .S and ,S match the input's suffix and language" {
	same_as_gcc '%{.c:SUF} %{!.c:NS} %{.cc:CC} %{,c:LANG} %{!,c++:NOTCXX}' ''
}

@test "spec: %b %B %i, with -dumpdir in front of %b" {
	same_as_gcc '%b %B %i' ''
	run "$UNIT" -i src/x.c -D out/ '%b %w%b %B'
	assert_success
	assert_output $'output: x\nout/x x[F] out/x.c'
}

@test "spec: a later -O, -fno-, -mno-, -Wno-, -gno- overrides; one-letter prefixes pass all" {
	same_as_gcc '%{O2:two} %{O*} %{fxq:Y} %{fno-xq:N}' '-O2 -O1 -fxq -fno-xq' O2 O1 fxq fno-xq
	same_as_gcc '%{fno-xq:N} %{fxq:Y}' '-fno-xq -fxq' fno-xq fxq
	same_as_gcc '%{f*} %{qz*}' '-fxq -fno-xq' fxq fno-xq
}

@test "spec: %<S and %<S* remove switches for what follows" {
	same_as_gcc '%{qc} %<qc %{qc:C} %{qd*} %<qd* %{qd*}' '-qc -qd1 -qd2' qc qd1 qd2
	run "$UNIT" '%>qk %{qk}' qk
	assert_success
	assert_line 'removed: -qk'
}

@test "spec: -D and -U with separate arguments match %{DNAME}" {
	same_as_gcc '%{D*} %{DX:DX} %{DY*:DY} %{U*}' '-D X -DY=1 -U Z' 'D X' 'D Y=1' 'U Z'
}

@test "spec: backslash escapes in atoms and text" {
	same_as_gcc 'a\ b c\%d' ''
	# gcc cannot take such a switch from the command line (-std=
	# iso9899:1999 becomes std=c99 first), the interpreter can
	run "$UNIT" '%{qz\:1:Z}' 'qz:1'
	assert_output 'Z'
}

@test "spec: %.SFX gives file arguments of a starred switch a new suffix" {
	run "$UNIT" '%{qo*:%.d%*}' 'qo out/a.o'
	assert_success
	assert_output 'out/a.d'
}

@test "spec: %(name) and the letters of the named specs (%1 %a %l %S ...)" {
	run "$UNIT" -d cc1=ONE -d asm=AS -d link=LINK -d startfile=crt -d mine=%{qa:QA} \
		'%1 %a %l %S %(mine) %(undefined)' qa
	assert_success
	assert_output 'ONE AS LINK crt QA'
}

@test "spec: %g is one name per suffix, %u a new one, %U the last %u; %d marks a temporary" {
	run "$UNIT" -i x.c '%g.s %g.s %u.o %U.o %u.o %g%O %dkeep'
	assert_success
	assert_output '/tmp/cc1.s[T] /tmp/cc1.s[T] /tmp/cc2.o[T] /tmp/cc2.o[T] /tmp/cc3.o[T] /tmp/cc4.o[T] keep[T]'
	same_as_gcc '%g.s %g.s' ''
}

@test "spec: -save-temps names the temporaries after the input; %j is the bit bucket" {
	run "$UNIT" -t -i x.c '%g.i %j.o'
	assert_success
	assert_output 'x.i x.o'
	run "$UNIT" -i x.c '%j.o'
	assert_output '/dev/null'
}

@test "spec: -pipe: %| is '-', %m nothing, and a '|' line pipes into the next command" {
	local spec=$'cc1 -o %|.s |\nas %m.s -o x.o'
	run "$UNIT" -p -i x.c "$spec"
	assert_success
	assert_output $'cc1 -o - |\nas -o x.o'
	run "$UNIT" -i x.c "$spec"
	assert_output $'cc1 -o /tmp/cc1.s[T]\nas /tmp/cc1.s[T] -o x.o'
}

@test "spec: %w marks the output (deleted on failure), %V says there is none, %W{} marks the last argument" {
	run "$UNIT" -i x.c '%{!qo:-o %w%b.o} %V %W{qm*}' 'qm a' 'qmb'
	assert_success
	assert_output $'output: x.o\noutput: (none)\n-o x.o[F] -qm a -qmb[F]'
}

@test "spec: %s searches startfiles, %T linker scripts (missing: an error)" {
	run "$UNIT" 'crt1.o%s %Tmy.ld'
	assert_success
	assert_output '/lib/gcc/crt1.o --script /lib/ldscripts/my.ld'
	run "$UNIT" '%Tmissing.ld'
	assert_output --partial "error: unable to locate default linker script 'missing.ld' in the library search paths"
}

@test "spec: %o, and %@{} and %o in a response file when an @file was given" {
	run "$UNIT" -O a.o,b.o 'ld %o %@{qL*}' qLx qLy
	assert_output 'ld a.o b.o -qLx -qLy'
	run "$UNIT" -@ -O a.o,b.o 'ld %o %@{qL*}' qLx qLy
	assert_output 'ld @[a.o,b.o] @[-qLx,-qLy]'
}

@test "spec: %x{} gathers linker options for %X; %Y %Z give -Wa, and -Wp, options" {
	run "$UNIT" -Y --32 '%x{-lm} %x{-lc} %X %Y'
	assert_success
	assert_output $'-lm -lc --32\nlinker options: -lm -lc'
}

@test "spec: %I %D %M %R" {
	run "$UNIT" '%I %D %M %R'
	assert_output '-isystem /inc -L/lib/gcc ../lib64 /sysroot'
}

@test "spec: %e stops the spec with an error, %n gives a note and goes on" {
	run "$UNIT" $'%{qa:%eqa is not allowed here}\nnext' qa
	assert_failure 1
	assert_line 'spec-unit: error: qa is not allowed here'
	assert_line 'error: qa is not allowed here'
	refute_line 'next'
	run "$UNIT" $'%nplease note\nnext'
	assert_success
	assert_line 'spec-unit: note: please note'
	assert_line 'next'
}

@test "spec: %% and %\" give a percent sign and an empty argument" {
	run "$UNIT" 'a%%b %" c'
	assert_output 'a%b  c'
	same_as_gcc 'a%%b' ''
}

@test "spec: spec functions: getenv, if-exists*, version-compare, gt, pass-through-libs" {
	touch have
	SPEC_X=/opt/x run "$UNIT" "%:getenv(SPEC_X /lib) %:if-exists($PWD/have) %:if-exists($PWD/nope) %:if-exists-else($PWD/nope ELSE) %:if-exists-then-else($PWD/have THEN ELSE) %{%:gt(3 2):GT} %{!%:gt(2 3):NGT}"
	assert_success
	assert_output "/opt/x/lib $PWD/have ELSE THEN GT NGT"
	run "$UNIT" '%:version-compare(>= 10.3 qv= -lmx) %:version-compare(!< 10.3 qw= -lw) %:version-compare(>< 10.1 10.4 qv= IN)' qv=10.3.9
	assert_output '-lmx -lw IN'
	run "$UNIT" '%:pass-through-libs(-lc -l m /x/libz.a /y/a.o)'
	assert_output '-plugin-opt=-pass-through=-lc -plugin-opt=-pass-through=-lm -plugin-opt=-pass-through=/x/libz.a'
	same_as_gcc '%{%:gt(3 2):GT} %:pass-through-libs(-lc -lm)' ''
}

@test "spec: a driver's function gets its arguments expanded and split; its result is expanded" {
	run "$UNIT" '%:test-args(%{qa*:%*} two) %{%:test-null():X;:Y}' qaone
	assert_success
	assert_output 'one+two Y'
}

@test "spec: %C is the compiler row's cpp spec when it has one, else %(cpp)" {
	run "$UNIT" -d 'cpp=-DCPP' '%C'
	assert_output '-DCPP'
	run "$UNIT" -d 'cpp=-DCPP' -C '-D_GNU_SOURCE %(cpp)' '%C'
	assert_output '-D_GNU_SOURCE -DCPP'
}

@test "spec: %i of a combinable compiler gives all its inputs, in an @file when one was given" {
	run "$UNIT" -i a.o -n a.o,b.o,c.o 'lto1 %i -o x'
	assert_output 'lto1 a.o b.o c.o -o x'
	run "$UNIT" -@ -i a.o -n a.o,b.o 'lto1 %i'
	assert_output 'lto1 @[a.o,b.o]'
}

@test "spec: the driver takes each command as it ends, before the expansion goes on; print-asm-header through its hook" {
	run "$UNIT" -h $'one x\ntwo %:test-print() |\nthree %{v:%:print-asm-header()} y' v
	assert_success
	assert_output $'ended: one\ncalled: test-print\nended: two\nbanner: Assembler options\nended: three\none x\ntwo\nthree y'
	run "$UNIT" -h -p $'one |\ntwo'
	assert_output $'ended: one\nended: two\none |\ntwo'
}

@test "spec: unknown constructs and functions are errors naming them" {
	run "$UNIT" '%q'
	assert_failure 1
	assert_line "error: spec failure: unrecognized spec option 'q'"
	for c in '%p' '%P' '%v1' '%[cpp]'; do
		run "$UNIT" "$c"
		assert_failure 1
		assert_line --partial 'unrecognized spec option'
	done
	run "$UNIT" '%:no-such-function(x)'
	assert_failure 1
	assert_line "error: unknown spec function 'no-such-function'"
	run "$UNIT" '%{qa:x'
	assert_failure 1
	assert_line --partial 'braced spec body'
	run "$UNIT" '%{!qa}'
	assert_failure 1
	assert_line --partial 'braced spec'
	run "$UNIT" '%{qa:%*}' qa
	assert_failure 1
	assert_line --partial 'is invalid'
}

@test "spec files: *name: defines, '+ ' appends, %rename, %include, %include_noerr, comments" {
	printf '*inc:\nINC\n' >inc.specs
	cat >a.specs <<'EOF'
# a comment
%include <inc.specs>
%include_noerr <none.specs>
*cc1:
one \
two

*cc1:
+ three

%rename cc1 old_cc1

*cc1:
%(old_cc1) four
EOF
	SPEC_UNIT_DIR=$PWD run "$UNIT" -f a.specs '%(inc) %1'
	assert_success
	assert_output 'INC one two three four'
	printf '%%include <missing.specs>\n' >b.specs
	SPEC_UNIT_DIR=$PWD run "$UNIT" -f b.specs x
	assert_failure
	assert_output --partial 'missing.specs'
	printf '%%rename nope other\n' >c.specs
	run "$UNIT" -f c.specs x
	assert_failure
	assert_output --partial 'nope spec was not found to be renamed'
	printf '%%bogus x\n' >d.specs
	run "$UNIT" -f d.specs x
	assert_failure
	assert_output --partial 'unknown % command'
}

@test "spec files: new names come first in -dumpspecs, as gcc prints them" {
	printf '*cc1:\nC\n\n*asm:\nA\n' >main.specs
	printf '*new_one:\nN1\n\n*cc1:\n+ more\n\n*new_two:\nN2\n' >e.specs
	run "$UNIT" -m main.specs -P -f e.specs x
	assert_success
	assert_output $'x\n*new_two:\nN2\n\n*new_one:\nN1\n\n*cc1:\nC more\n\n*asm:\nA'
}

@test "spec files: Debian's no-pie specs and a Fedora-style hardening file over gcc's own specs" {
	[ -r /usr/share/dpkg/no-pie-compile.specs ] || skip "dpkg's spec files are not installed (libdpkg-perl)"
	gcc -dumpspecs >main.specs
	cat >hardened.specs <<'EOF'
*cc1_options:
+ %{!r:%{!fpie:%{!fPIE:%{!fpic:%{!fPIC:%{!fno-pic:-fPIE}}}}}}

*link:
+ -z now

%rename lib old_lib

*lib:
%(old_lib) -lhard

*hardening_note:
NEW
EOF
	run "$UNIT" -m main.specs -f /usr/share/dpkg/no-pie-compile.specs -f hardened.specs -P x
	assert_success
	dump=$output
	body() { printf '%s\n' "$1" | sed -n "/^\*$2:\$/{n;p;}"; }
	gcc_body() { body "$(cat main.specs)" "$1"; }
	assert_equal "$(printf '%s\n' "$dump" | sed -n 2p)" '*hardening_note:'
	assert_equal "$(body "$dump" self_spec)" "$(gcc_body self_spec) %{!r:%{!fpie:%{!fPIE:%{!fpic:%{!fPIC:%{!fno-pic:-fno-PIE}}}}}}"
	assert_equal "$(body "$dump" cc1_options)" "$(gcc_body cc1_options) %{!r:%{!fpie:%{!fPIE:%{!fpic:%{!fPIC:%{!fno-pic:-fPIE}}}}}}"
	assert_equal "$(body "$dump" link)" "$(gcc_body link) -z now"
	assert_equal "$(body "$dump" old_lib)" "$(gcc_body lib)"
	assert_equal "$(body "$dump" lib)" '%(old_lib) -lhard'
	# what the hardened cc1_options add, as gcc adds it
	same_as_gcc '%{!r:%{!fpie:%{!fPIE:%{!fpic:%{!fPIC:%{!fno-pic:-fPIE}}}}}}' ''
	same_as_gcc '%{!r:%{!fpie:%{!fPIE:%{!fpic:%{!fPIC:%{!fno-pic:-fPIE}}}}}}' '-fPIC' fPIC
}

# xgcc_edits: the specs on stdin with xgcc's one edit: without gcc's
# linker plugin block (%{!fno-use-linker-plugin:...}, braces balanced)
xgcc_edits() {
	perl -0pe 's/%(?=\{!fno-use-linker-plugin:)(\{(?:[^{}]++|(?1))*\})//'
}

@test "-dumpspecs: the backend's specs, body for body, with xgcc's one edit (no linker plugin)" {
	"$XGCC" -dumpspecs >xgcc.specs
	gcc -dumpspecs >gcc.specs
	grep -q 'fno-use-linker-plugin' gcc.specs || skip "this gcc's link spec has no linker plugin block"
	refute grep -q -- '-plugin %(linker_plugin_file)' xgcc.specs
	xgcc_edits <gcc.specs >want.specs
	cmp want.specs xgcc.specs || fail "$(diff want.specs xgcc.specs | head -5)"
	# and the interpreter reads them back as they are
	run "$UNIT" -m xgcc.specs -P x
	assert_success
	assert_equal "$(tail -n +2 <<<"$output")" "$(cat xgcc.specs)"
}

@test "-dumpspecs of the MinGW drivers: the mingw-w64 gcc's specs, the same edits" {
	local t
	for t in x86_64-w64-mingw32 i686-w64-mingw32; do
		[ -x "$XGCC_BUILDDIR/$t-xgcc" ] && command -v "$t-gcc" >/dev/null || continue
		"$XGCC_BUILDDIR/$t-xgcc" -dumpspecs >xgcc.specs
		"$t-gcc" -dumpspecs | xgcc_edits >want.specs
		cmp want.specs xgcc.specs || fail "$t: $(diff want.specs xgcc.specs | head -5)"
	done
}
