#!/usr/bin/env bats
# lto1 --merge -o OUT INPUT...: the relocatable LTO object of
# "xgcc -flto -r".  It must hold every module of every input, with
# distinct ids, the sections byte for byte and in ld -r's order, one .opts
# string per module, the marker __gnu_lto_slim (as gcc -flto -r); stock gcc -flto must link it into a
# program that runs.  Bad inputs: one error line, no output.
load helper
load wine

LTO1="$XGCC_BUILDDIR/lto1"

setup() {
	common_setup
	cat >m.c <<'EOF'
#include <stdio.h>
extern int b(int);
extern int c(int);
static int sa(int x) { return x * 3; }
int main(void) { printf("%d %d\n", b(sa(2)), c(5)); return 0; }
EOF
	printf 'static int sb(int x) { return x + 1; }\nint b(int x) { return sb(x) * 2; }\n' >b.c
	printf 'int c(int x) { return x - 1; }\n' >c.c
	cat b.c c.c >bc.c
	# a constructor with a counter of its own: run once per module
	cat >k.c <<'EOF'
#include <stdio.h>
static int n;
__attribute__((constructor)) static void k(void) { printf("k %d\n", ++n); }
EOF
}

# The LTO section names of an ELF object, in section order.
lto_sections() { readelf -SW "$1" | sed -n 's/^ *\[ *[0-9]*\] \(\.gnu\.lto_[^ ]*\) .*/\1/p'; }
# The module ids as lto1 --list prints them, in order.
module_ids() { "$LTO1" --list "$1" | sed -n 's/^  module \([0-9a-f]*\):.*/\1/p'; }
# The option strings of .gnu.lto_.opts, one a line.
opts_strings() { readelf -p .gnu.lto_.opts "$1" | sed -n 's/^ *\[ *[0-9a-f]*\]  //p'; }
# The type of the marker symbol NAME ("C" for a common), or nothing.
marker() { raw_nm nm "$1" 2>/dev/null | awk -v n="$2" '$3 == n { print $2 }'; }

# The program built from the given objects by stock gcc must print "14 4".
links_and_runs() {
	run gcc -flto -O2 "$@" -o prog
	assert_success
	run ./prog
	assert_success
	assert_line "14 4"
}

@test "two slim objects: every LTO section, distinct ids, one option string each, the marker" {
	gcc -flto -O2 -c m.c -o m.o
	gcc -flto -O2 -c bc.c -o bc.o
	run "$LTO1" --merge -o both.o m.o bc.o
	assert_success
	assert_output ""
	run "$LTO1" --list both.o
	assert_success
	assert_line --index 0 "both.o: ELF relocatable, x86-64, LTO slim, 2 modules"
	# the modules keep their ids, in input order
	[ "$(module_ids both.o)" = "$(module_ids m.o; module_ids bc.o)" ]
	[ "$(module_ids both.o | sort -u | wc -l)" -eq 2 ]
	[ "$(lto_sections both.o)" = "$(lto_sections m.o; lto_sections bc.o | grep -vx '\.gnu\.lto_\.opts')" ]
	[ "$(opts_strings both.o)" = "$(opts_strings m.o; opts_strings bc.o)" ]
	[ "$(opts_strings both.o | wc -l)" -eq 2 ]
	[ "$(marker both.o __gnu_lto_v1)" = "" ]
	[ "$(marker both.o __gnu_lto_slim)" = C ]
	# nothing but the LTO sections, the stack note, the symbol and string tables
	[ -z "$(readelf -SW both.o | sed -n 's/^ *\[ *[0-9]*\] \([^ ]*\) .*/\1/p' |
		grep -vE '^(\.gnu\.lto_|\.note\.GNU-stack$|\.symtab$|\.strtab$|\.shstrtab$)')" ]
	links_and_runs both.o
	ls -A | grep -q '^both\.o\.' && fail "temporary output left beside both.o"
	assert_no_temps
}

@test "sections, their order, flags and alignment, and .opts are what ld -r makes" {
	gcc -flto -O2 -c m.c -o m.o
	gcc -flto -O2 -c bc.c -o bc.o
	"$LTO1" --merge -o both.o m.o bc.o
	ld -r m.o bc.o -o ldr.o
	[ "$(lto_sections both.o)" = "$(lto_sections ldr.o)" ]
	# every LTO section: PROGBITS, SHF_EXCLUDE only, 1-byte aligned
	readelf -SW both.o | sed -n 's/^ *\[ *[0-9]*\] \(\.gnu\.lto_\)/\1/p' |
		awk '{ n++; if ($2 != "PROGBITS" || $(NF-3) != "E" || $NF != 1) bad = bad " " $1 }
		END { if (!n || bad != "") { print "bad:" bad; exit 1 } }'
	objcopy --dump-section .gnu.lto_.opts=ours.bin both.o /dev/null 2>/dev/null ||
		skip "objcopy cannot dump LTO sections"
	objcopy --dump-section .gnu.lto_.opts=ldr.bin ldr.o /dev/null
	cmp ours.bin ldr.bin
	# each LTO section's bytes are the input's
	for sec in $(lto_sections bc.o | grep -v opts); do
		objcopy --dump-section "$sec=in.bin" bc.o /dev/null
		objcopy --dump-section "$sec=out.bin" both.o /dev/null
		cmp in.bin out.bin
	done
}

@test "three fat objects: only the LTO sections are kept, the result is slim, gcc -flto links it" {
	for f in m b c; do gcc -flto -ffat-lto-objects -O2 -c $f.c -o $f.o; done
	readelf -SW b.o | grep -q ' \.text '
	run "$LTO1" --merge -o three.o m.o b.o c.o
	assert_success
	run "$LTO1" --list three.o
	assert_line --index 0 "three.o: ELF relocatable, x86-64, LTO slim, 3 modules"
	[ "$(echo "$output" | grep -c "^  module [0-9a-f]*: $(lto_module_re)$")" -eq 3 ]
	[ "$(module_ids three.o | sort -u | wc -l)" -eq 3 ]
	[ "$(opts_strings three.o | wc -l)" -eq 3 ]
	! readelf -SW three.o | grep -q ' \.text' || fail "three.o has a .text section"
	# no code: marked slim, as gcc -flto -r of fat objects is; in the
	# module headers only the slim byte changed, the rest is the input's
	[ "$(marker three.o __gnu_lto_slim)" = C ]
	[ "$(marker three.o __gnu_lto_v1)" = "" ]
	objcopy --dump-section .gnu.lto_.opts=/dev/null three.o /dev/null 2>/dev/null ||
		skip "objcopy cannot dump LTO sections"
	for sec in $(lto_sections b.o | grep -v opts); do
		objcopy --dump-section "$sec=in.bin" b.o /dev/null
		objcopy --dump-section "$sec=out.bin" three.o /dev/null
		case $sec in
		.gnu.lto_.lto.*)
			# int16 major, int16 minor, u8 slim, u8 padding, u16 flags
			[ "$(od -An -tx1 -j4 -N1 in.bin)" = " 00" ]
			[ "$(od -An -tx1 -j4 -N1 out.bin)" = " 01" ]
			cmp <(head -c 4 in.bin) <(head -c 4 out.bin)
			cmp <(tail -c +6 in.bin) <(tail -c +6 out.bin) ;;
		*)	cmp in.bin out.bin ;;
		esac
	done
	links_and_runs three.o
}

@test "objects made by xgcc -flto -c, slim and fat" {
	"$XGCC" -flto -O2 -c m.c -o m.o
	"$XGCC" -flto -ffat-lto-objects -O2 -c b.c -o b.o
	"$XGCC" -flto -O2 -c c.c -o c.o
	run "$LTO1" --merge -o x.o m.o b.o c.o
	assert_success
	[ "$(module_ids x.o)" = "$(module_ids m.o; module_ids b.o; module_ids c.o)" ]
	[ "$(opts_strings x.o)" = "$(opts_strings m.o; opts_strings b.o; opts_strings c.o)" ]
	[ "$(raw_nm nm x.o 2>/dev/null | grep -c ' C __gnu_lto_slim$')" -eq 1 ]
	links_and_runs x.o
}

@test "xgcc's collect2 takes a merged object, also of fat inputs, for one slim LTO input" {
	"$XGCC" -flto -ffat-lto-objects -O2 -c m.c -o m.o
	"$XGCC" -flto -ffat-lto-objects -O2 -c bc.c -o bc.o
	"$LTO1" --merge -o both.o m.o bc.o
	run "$XGCC" -v -flto both.o -o prog
	assert_output --partial "collect2: LTO input: both.o (slim)"
}

@test "xgcc -flto -r, then xgcc -flto and gcc -flto link the result (once xgcc has its LTO stage)" {
	for f in m b c k; do "$XGCC" -flto -O2 -c $f.c -o $f.o; done
	run "$XGCC" -flto -O2 m.o b.o c.o -o probe
	[[ "$output" == *"no LTO stage yet"* ]] && skip "this xgcc has no LTO stage yet"
	run "$XGCC" -flto -O2 -r b.o c.o k.o k.o -o r.o
	assert_success
	run "$LTO1" --list r.o
	assert_line --index 0 "r.o: ELF relocatable, x86-64, LTO slim, 4 modules"
	[ "$(module_ids r.o | sort -u | wc -l)" -eq 4 ]
	run "$XGCC" -flto -O2 m.o r.o -o prog
	assert_success
	run ./prog
	assert_line "14 4"
	[ "$(echo "$output" | grep -cx 'k 1')" -eq 2 ]
	links_and_runs m.o r.o
}

@test "an archive member ARCHIVE@0xOFFSET, and the output of gcc -flto -r, merge like objects" {
	gcc -flto -O2 -c m.c -o m.o
	gcc -flto -O2 -c b.c -o b.o
	gcc -flto -O2 -c c.c -o c.o
	gcc -flto -O2 -c k.c -o k.o
	ar rcs lib.a k.o c.o
	member=$("$LTO1" --list lib.a | sed -n 's/^member \(lib\.a@0x[0-9a-f]*\) (c\.o)$/\1/p')
	[ -n "$member" ]
	gcc -flto -O2 -r -nostdlib m.o b.o -o gr.o
	[ "$(module_ids gr.o | wc -l)" -eq 1 ]
	run "$LTO1" --merge -o out.o gr.o "$member"
	assert_success
	[ "$(module_ids out.o)" = "$(module_ids gr.o; module_ids c.o)" ]
	[ "$(lto_sections out.o | grep -v opts)" = "$(lto_sections gr.o | grep -v opts; lto_sections c.o | grep -v opts)" ]
	[ "$(opts_strings out.o)" = "$(opts_strings gr.o; opts_strings c.o)" ]
	links_and_runs out.o
	refute_line --partial "k 1"
}

@test "the same object twice: the second copy gets a fresh id, all its sections renamed, both run" {
	gcc -flto -O2 -c m.c -o m.o
	gcc -flto -O2 -c bc.c -o bc.o
	gcc -flto -O2 -c k.c -o k.o
	run "$LTO1" --merge -o twice.o m.o bc.o k.o k.o
	assert_success
	ids=$(module_ids twice.o)
	[ "$(echo "$ids" | wc -l)" -eq 4 ]
	[ "$(echo "$ids" | sort -u | wc -l)" -eq 4 ]
	old=$(module_ids k.o)
	new=$(echo "$ids" | sed -n 4p)
	[ "$(echo "$ids" | sed -n 3p)" = "$old" ]
	[ "$new" != "$old" ]
	# printed with %lx: no leading zeros
	[[ "$new" =~ ^[1-9a-f][0-9a-f]{0,15}$ ]]
	# every section of the copy, renamed; nothing left with the old id twice
	want=$(lto_sections k.o | grep -v opts | sed "s/\.$old\$/.$new/")
	[ "$(lto_sections twice.o | grep "\.$new\$")" = "$want" ]
	[ "$(lto_sections twice.o | grep -c "\.$old\$")" -eq "$(lto_sections k.o | grep -c "\.$old\$")" ]
	[ "$(opts_strings twice.o | wc -l)" -eq 4 ]
	# the backend reads the renamed module: both constructors run
	links_and_runs twice.o
	[ "$(echo "$output" | grep -cx 'k 1')" -eq 2 ]
	# and the same again: the same fresh id (the output does not vary)
	"$LTO1" --merge -o again.o m.o bc.o k.o k.o
	cmp twice.o again.o
}

@test "a merged object merged again keeps every module apart" {
	gcc -flto -O2 -c m.c -o m.o
	gcc -flto -O2 -c b.c -o b.o
	gcc -flto -O2 -c c.c -o c.o
	gcc -flto -O2 -c k.c -o k.o
	"$LTO1" --merge -o mb.o m.o b.o
	run "$LTO1" --merge -o all.o mb.o c.o k.o mb.o
	assert_success
	run "$LTO1" --list all.o
	assert_line --index 0 "all.o: ELF relocatable, x86-64, LTO slim, 6 modules"
	[ "$(module_ids all.o | sort -u | wc -l)" -eq 6 ]
	[ "$(opts_strings all.o | wc -l)" -eq 6 ]
	# mb.o twice defines main twice: link all but the second copy's
	"$LTO1" --merge -o ok.o mb.o c.o k.o
	links_and_runs ok.o
	assert_line "k 1"
}

# The source file names of a program's DWARF compile units.
cu_names() { readelf --debug-dump=info "$1" 2>/dev/null | sed -n 's/.*DW_AT_name *:.* \([^ ]*\.c\)$/\1/p' | sort; }

@test "-g: the early debug sections, their relocations and symbols go along; the program has all its debug info" {
	for f in m b c; do gcc -flto -g -O2 -c $f.c -o $f.o; done
	readelf -SW m.o | grep -q '\.gnu\.debuglto_\.debug_info'
	run "$LTO1" --merge -o g.o m.o b.o c.o
	assert_success
	[ "$(readelf -SW g.o | grep -c ' \.gnu\.debuglto_\.debug_info ')" -eq 3 ]
	[ "$(readelf -SW g.o | grep -c ' \.rela\.gnu\.debuglto_\.debug_info ')" -eq 3 ]
	# the same relocations as in the inputs
	[ "$(readelf -rW g.o | grep -c 'R_X86_64')" -eq "$(for f in m b c; do readelf -rW $f.o; done | grep -c 'R_X86_64')" ]
	# each unit's early debug symbol, weak and hidden, in its debug_info
	for f in m b c; do
		sym=$(readelf -sW $f.o | awk '$5 == "WEAK" && $6 == "HIDDEN" { print $8 }')
		[ -n "$sym" ]
		readelf -sW g.o | awk -v s="$sym" '$8 == s && $5 == "WEAK" && $6 == "HIDDEN" { f = 1 } END { exit !f }'
	done
	run gcc -flto -g -O2 g.o -o prog
	assert_success
	assert_output ""      # no undefined early debug symbol, no executable stack warning
	run ./prog
	assert_line "14 4"
	readelf -lW prog | grep GNU_STACK | grep -qv RWE
	gcc -flto -g -O2 m.o b.o c.o -o direct
	[ "$(cu_names prog)" = "$(cu_names direct)" ]
	[ "$(cu_names prog | wc -l)" -eq 3 ]
}

@test "-g3 C++ (comdat groups of macro sections) and -g twice: the merged object links" {
	printf '#include <vector>\nint use(std::vector<int> &v) { return (int)v.size(); }\n' >v.cc
	printf '#include <cstdio>\n#include <vector>\nint use(std::vector<int> &v);\n' >w.cc
	printf 'int main() { std::vector<int> v(3); std::printf("%%d\\n", use(v)); }\n' >>w.cc
	g++ -flto -g3 -O2 -c v.cc -o v.o
	g++ -flto -g3 -O2 -c w.cc -o w.o
	readelf -SW v.o | grep -q ' GROUP '
	run "$LTO1" --merge -o vw.o w.o v.o
	assert_success
	! readelf -SW vw.o | grep -q ' GROUP ' || fail "vw.o has a section group"
	run g++ -flto -g3 -O2 vw.o -o prog
	assert_success
	assert_output ""
	run ./prog
	assert_output "3"
	readelf -SW prog | grep -q ' \.debug_macro '
	# the same -g object twice: two weak copies of its early debug symbol
	gcc -flto -g -O2 -c k.c -o k.o
	gcc -flto -g -O2 -c m.c -o m.o
	gcc -flto -g -O2 -c bc.c -o bc.o
	"$LTO1" --merge -o kk.o m.o bc.o k.o k.o
	links_and_runs -g kk.o
	[ "$(echo "$output" | grep -cx 'k 1')" -eq 2 ]
}

@test "-m32 -g: REL relocations" {
	require_m32_run
	gcc -m32 -flto -g -O2 -c m.c -o m.o
	gcc -m32 -flto -g -O2 -c bc.c -o bc.o
	run "$LTO1" --merge -o both.o m.o bc.o
	assert_success
	run "$LTO1" --list both.o
	assert_line --index 0 "both.o: ELF relocatable, i386, LTO slim, 2 modules"
	[ "$(readelf -SW both.o | grep -c ' \.rel\.gnu\.debuglto_\.debug_info ')" -eq 2 ]
	run gcc -m32 -flto -g -O2 both.o -o prog
	assert_success
	assert_output ""
	run run_i386 ./prog
	assert_output "14 4"
}

@test "3500 copies of a -g object: extended section numbering, 3502 distinct ids, the program runs" {
	gcc -flto -g -O2 -c m.c -o m.o
	gcc -flto -g -O2 -c bc.c -o bc.o
	gcc -flto -g -O2 -c k.c -o k.o
	set -- m.o bc.o
	for i in $(seq 3500); do set -- "$@" k.o; done
	run "$LTO1" --merge -o big.o "$@"
	assert_success
	n=$(readelf -hW big.o | sed -n 's/^ *Number of section headers: *0 (\([0-9]*\))$/\1/p')
	[ -n "$n" ] && [ "$n" -gt 65280 ]
	# the early debug symbols of the last copies sit in sections past 0xff00
	readelf -SW big.o | grep -q ' \.symtab_shndx '
	ids=$(lto_sections big.o | sed -n 's/^\.gnu\.lto_\.lto\.//p')
	[ "$(echo "$ids" | wc -l)" -eq 3502 ]
	[ "$(echo "$ids" | sort -u | wc -l)" -eq 3502 ]
	[ "$(readelf -SW big.o | grep -c ' \.gnu\.debuglto_\.debug_info ')" -eq 3502 ]
	run gcc -flto=2 -g -O2 big.o -o prog
	assert_success
	assert_output ""
	run ./prog
	assert_success
	assert_line "14 4"
	[ "$(echo "$output" | grep -cx 'k 1')" -eq 3500 ]
}

@test "bad inputs: one error line naming the file, exit status 1, no output" {
	gcc -flto -O2 -c m.c -o m.o
	gcc -O2 -c c.c -o plain.o
	printf 'not an object\n' >text.o
	head -c 600 m.o >short.o
	ar rcs lib.a m.o
	# a .lto header cut short
	sec=$(readelf -SW m.o | sed -n 's/.*\] \(\.gnu\.lto_\.lto\.[0-9a-f]*\) .*/\1/p')
	printf '\14\0\0\0' >h.bin
	objcopy --update-section "$sec=h.bin" m.o badhdr.o 2>/dev/null || skip "objcopy cannot update LTO sections"
	# a symbol table cut short
	st=$(readelf -SW m.o | sed -n 's/.*\] \(\.gnu\.lto_\.symtab\.[0-9a-f]*\) .*/\1/p')
	printf 'main\0\0\1' >st.bin
	objcopy --update-section "$st=st.bin" m.o badsym.o
	gcc -m32 -flto -c c.c -o c32.o 2>/dev/null || true
	for bad in plain.o missing.o text.o short.o lib.a badhdr.o badsym.o $( [ -e c32.o ] && echo c32.o); do
		run "$LTO1" --merge -o out.o m.o "$bad"
		assert_failure 1
		[ "${#lines[@]}" -eq 1 ] || fail "$bad: ${#lines[@]} lines: $output"
		assert_output --regexp "^lto1: error: ${bad//./\\.}: "
		[ ! -e out.o ]
		[ -z "$(ls -A | grep '^out\.o')" ]
	done
	run "$LTO1" --merge -o out.o plain.o
	assert_output "lto1: error: plain.o: not an LTO object (no .gnu.lto_ sections)"
	run "$LTO1" --merge -o out.o m.o missing.o
	assert_output "lto1: error: missing.o: No such file or directory"
	run "$LTO1" --merge -o out.o m.o badhdr.o
	assert_output --regexp "^lto1: error: badhdr\.o: section \.gnu\.lto_\.lto\.[0-9a-f]+: LTO header is 4 bytes, expected 8$"
	run "$LTO1" --merge -o out.o m.o badsym.o
	assert_output --regexp "^lto1: error: badsym\.o: section \.gnu\.lto_\.symtab\.[0-9a-f]+: LTO symbol table truncated"
	if [ -e c32.o ]; then
		run "$LTO1" --merge -o out.o m.o c32.o
		assert_output "lto1: error: c32.o: ELF for machine 0x3 (32-bit), but m.o is ELF for machine 0x3e (64-bit)"
	fi
	# an output that cannot be written
	run "$LTO1" --merge -o nodir/out.o m.o
	assert_failure 1
	[ "${#lines[@]}" -eq 1 ]
	assert_output --regexp "^lto1: error: nodir/out\.o: cannot create "
	assert_no_temps
}

@test "PE-COFF: two x86_64-w64-mingw32 objects merge, list and link" {
	command -v x86_64-w64-mingw32-gcc >/dev/null || skip "x86_64-w64-mingw32-gcc not installed"
	x86_64-w64-mingw32-gcc -flto -O2 -c m.c -o m.o
	x86_64-w64-mingw32-gcc -flto -O2 -c bc.c -o bc.o
	run "$LTO1" --merge -o both.o m.o bc.o
	assert_success
	run "$LTO1" --list both.o
	assert_success
	assert_line --index 0 "both.o: COFF object, AMD64, LTO slim, 2 modules"
	[ "$(echo "$output" | grep -c "^  module [0-9a-f]*: $(lto_module_re x86_64-w64-mingw32)$")" -eq 2 ]
	[ "$(echo "$output" | grep -c '^    options: ')" -eq 2 ]
	[ "$(module_ids both.o)" = "$(module_ids m.o; module_ids bc.o)" ]
	nm=x86_64-w64-mingw32-nm
	[ "$(raw_nm $nm both.o 2>/dev/null | awk '$3 == "__gnu_lto_v1" { print $2 }')" = "" ]
	[ "$(raw_nm $nm both.o 2>/dev/null | awk '$3 == "__gnu_lto_slim" { print $2 }')" = C ]
	# the LTO sections as the compiler made them: 1-byte aligned, excluded
	x86_64-w64-mingw32-objdump -h both.o | awk '/\.gnu\.lto_/ { n++; if ($NF != "2**0") bad = 1; getline; if ($0 !~ /EXCLUDE/) bad = 1 }
		END { exit !(n > 0 && !bad) }'
	run x86_64-w64-mingw32-gcc -flto -O2 both.o -o prog.exe
	assert_success
	x86_64-w64-mingw32-objdump -f prog.exe | grep -q 'file format pei-x86-64'
}

@test "PE-COFF: the merged object's program runs under wine" {
	command -v x86_64-w64-mingw32-gcc >/dev/null || skip "x86_64-w64-mingw32-gcc not installed"
	wine_skip
	x86_64-w64-mingw32-gcc -flto -O2 -c m.c -o m.o
	x86_64-w64-mingw32-gcc -flto -O2 -c bc.c -o bc.o
	"$LTO1" --merge -o both.o m.o bc.o
	x86_64-w64-mingw32-gcc -flto -O2 both.o -o prog.exe
	wine_run ./prog.exe
	assert_success
	assert_output "14 4"
}

@test "PE-COFF i686: the marker gets the _ prefix, and the object links" {
	command -v i686-w64-mingw32-gcc >/dev/null || skip "i686-w64-mingw32-gcc not installed"
	i686-w64-mingw32-gcc -flto -O2 -c m.c -o m.o
	i686-w64-mingw32-gcc -flto -O2 -c bc.c -o bc.o
	"$LTO1" --merge -o both.o m.o bc.o
	run "$LTO1" --list both.o
	assert_line --index 0 "both.o: COFF object, i386, LTO slim, 2 modules"
	[ "$(echo "$output" | grep -c '^    options: ')" -eq 2 ]
	syms=$(raw_nm i686-w64-mingw32-nm both.o 2>/dev/null)
	echo "$syms" | grep -qx '00000001 C ___gnu_lto_slim'
	run i686-w64-mingw32-gcc -flto -O2 both.o -o prog.exe
	assert_success
	# and an ELF input after a COFF one is refused
	gcc -flto -c c.c -o elf.o
	run "$LTO1" --merge -o out.o both.o elf.o
	assert_output "lto1: error: elf.o: ELF for machine 0x3e (64-bit), but both.o is COFF for machine 0x14c (32-bit)"
}
