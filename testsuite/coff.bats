#!/usr/bin/env bats
# The COFF reader and writer (lib/obj-coff.c), driven by coff-unit
# (testsuite/coff-unit.c, built here so that no Makefile is involved),
# against objects from the mingw-w64 cross tools: plain, -flto slim and
# fat, ld -r of two LTO objects, -Wa,-mbig-obj, and 65300 sections.  The
# reader must agree with objdump -h and nm's raw symbols (raw_nm); what the
# writer makes must be read back alike by objdump and ld -r; malformed
# files (images, truncations, bad offsets and counts) give one error line
# and exit status 1, also under -fsanitize=address,undefined.
load helper

TRIPLETS="x86_64-w64-mingw32 i686-w64-mingw32"
KINDS="plain slim fat ldr big bigslim"

setup_file() {
	export LC_ALL=C
	local d="$BATS_FILE_TMPDIR" t tool
	for t in $TRIPLETS; do
		for tool in gcc as ld objdump objcopy nm; do
			command -v "$t-$tool" >/dev/null || {
				echo "$t-$tool not installed (gcc-mingw-w64, binutils-mingw-w64)" >"$d/skip"
				return 0
			}
		done
	done
	local srcs=("$SRCDIR/testsuite/coff-unit.c" "$SRCDIR/lib/obj-coff.c" "$SRCDIR/lib/diag.c"
		"$SRCDIR/lib/tempfile.c" "$SRCDIR/lib/selfreport.c" "$SRCDIR/lib/strvec.c"
		"$SRCDIR/lib/fileinfo.c" "$SRCDIR/lib/host-posix.c" "$SRCDIR/lib/progpath.c")
	local inc=(-I"$XGCC_BUILDDIR" -I"$SRCDIR/lib")
	cc -std=c11 -Wall -Wextra -Werror -O2 "${inc[@]}" "${srcs[@]}" -o "$d/coff-unit" \
		>"$d/build.log" 2>&1 &
	cc -std=c11 -Wall -Wextra -g -O1 -fsanitize=address,undefined -fno-sanitize-recover=all \
		"${inc[@]}" "${srcs[@]}" -o "$d/coff-unit-asan" >"$d/build-asan.log" 2>&1 &

	mkdir -p "$d/o" && cd "$d/o" || return 1
	cat >a.c <<'EOF'
int common_var;
int gv = 5;
extern int ext(int);
__attribute__((weak)) int wf(void) { return 1; }
int f(int x) { return ext(x) + gv + common_var; }
EOF
	cat >b.c <<'EOF'
static int counter;
int ext(int x) { return x + ++counter; }
EOF
	echo 'int main(void) { return 0; }' >main.c
	echo '__declspec(dllexport) int lib(void) { return 1; }' >lib.c
	for t in $TRIPLETS; do
		(
			t32=${t%%-*}
			$t-gcc -O2 -c a.c -o $t32-plain.o
			$t-gcc -O2 -flto -c a.c -o $t32-slim.o
			$t-gcc -O2 -flto -c b.c -o $t32-slim-b.o
			$t-gcc -O2 -flto -ffat-lto-objects -c a.c -o $t32-fat.o
			$t-gcc -O2 -Wa,-mbig-obj -c a.c -o $t32-big.o
			$t-gcc -O2 -flto -Wa,-mbig-obj -c a.c -o $t32-bigslim.o
			$t-ld -r $t32-slim.o $t32-slim-b.o -o $t32-ldr.o
		) >"$d/objects-$t.log" 2>&1 &
	done
	(
		x86_64-w64-mingw32-gcc main.c -o prog.exe &&
			x86_64-w64-mingw32-gcc -shared lib.c -o lib.dll
	) >"$d/images.log" 2>&1 &
	# More sections than a plain header can count: as -mbig-obj.
	awk 'BEGIN { for (i = 0; i < 65300; i++)
		printf ".section .gnu.lto_f%d.%d.1f2e3d,\"dr0\"\n.byte %d\n", i, i, i % 256
		print ".comm __gnu_lto_v1,1" }' >huge.s
	x86_64-w64-mingw32-as -mbig-obj huge.s -o huge.o >"$d/huge.log" 2>&1
	wait
}

setup() {
	common_setup
	export LC_ALL=C
	[ ! -e "$BATS_FILE_TMPDIR/skip" ] || skip "$(cat "$BATS_FILE_TMPDIR/skip")"
	U="$BATS_FILE_TMPDIR/coff-unit"
	UA="$BATS_FILE_TMPDIR/coff-unit-asan"
	O="$BATS_FILE_TMPDIR/o"
	[ -x "$U" ] || fail "building coff-unit failed: $(cat "$BATS_FILE_TMPDIR/build.log")"
}

need_asan() {
	[ -x "$UA" ] || fail "building coff-unit with sanitizers failed: $(cat "$BATS_FILE_TMPDIR/build-asan.log")"
}

# Sections as "NAME SIZE ALIGN-POWER", from objdump -h and from coff-unit.
objdump_sections() {
	"$1-objdump" -h "$2" | awk '$1 ~ /^[0-9]+$/ { sub(/^2\*\*/, "", $7); print $2, $3, $7 }'
}
our_sections() {
	"$U" read "$1" | awk '$1 == "section" { p = 0; while (2 ^ p < $5) p++; print $2, $3, p }'
}
# Symbol names, sorted: nm shows no .file symbols.
nm_symbols() { raw_nm "$1-nm" "$2" 2>/dev/null | awk '{ print $NF }' | sort; }
our_symbols() { "$U" read "$1" | awk '$1 == "symbol" && $2 != ".file" { print $2 }' | sort; }

triplet_of() { case $1 in x86_64*) echo x86_64-w64-mingw32 ;; *) echo i686-w64-mingw32 ;; esac; }

# Compare the bytes of every section of A in files A and B: objcopy on
# both, and our reader on B.
same_contents() {
	local t=$1 a=$2 b=$3 s
	for s in $("$U" read "$a" | awk '$1 == "section" { print $2 }'); do
		"$t-objcopy" -O binary --only-section="$s" "$a" x.bin || return 1
		"$t-objcopy" -O binary --only-section="$s" "$b" y.bin || return 1
		"$U" extract "$b" "$s" z.bin || return 1
		cmp x.bin y.bin && cmp x.bin z.bin || fail "section $s of $b differs from $a"
	done
}

@test "reader: sections equal objdump -h (names, sizes, alignment), both targets" {
	local t k f
	for t in $TRIPLETS; do
		for k in $KINDS; do
			f="$O/${t%%-*}-$k.o"
			[ -s "$f" ] || fail "$f not made: $(cat "$BATS_FILE_TMPDIR/objects-$t.log")"
			diff <(objdump_sections "$t" "$f") <(our_sections "$f") ||
				fail "sections of $f differ"
		done
	done
}

@test "reader: symbols equal nm --target=default, i686 with the _ prefix" {
	local t k f
	for t in $TRIPLETS; do
		for k in $KINDS; do
			f="$O/${t%%-*}-$k.o"
			diff <(nm_symbols "$t" "$f") <(our_symbols "$f") || fail "symbols of $f differ"
		done
	done
	run "$U" read "$O/i686-slim.o"
	assert_line --partial "kind coff machine 0x14c is64 0"
	assert_line "symbol ___gnu_lto_slim 0x1 COM global size 1"
	run "$U" read "$O/i686-plain.o"
	assert_line "symbol _f 0x10 0 global size 0"
	assert_line "symbol _wf 0x0 UND weak size 0"
	run "$U" read "$O/x86_64-plain.o"
	assert_line --partial "kind coff machine 0x8664 is64 1"
	assert_line "symbol f 0x10 0 global size 0"
	assert_line "symbol wf 0x0 UND weak size 0"
	assert_line "symbol ext 0x0 UND global size 0"
	assert_line "symbol .text 0x0 0 local size 0"
	assert_line "symbol .file 0x0 ABS local size 0"
}

@test "reader: LTO section flags, bigobj kind, ld -r drops LNK_REMOVE" {
	run "$U" read "$O/x86_64-slim.o"
	assert_line --regexp '^section \.gnu\.lto_\.opts [0-9a-f]{8} 0x40100840 1$'
	assert_line "symbol __gnu_lto_slim 0x1 COM global size 1"
	run "$U" read "$O/i686-bigslim.o"
	assert_line --partial "kind bigobj machine 0x14c"
	assert_line --regexp '^section \.gnu\.lto_\.opts [0-9a-f]{8} 0x40100840 1$'
	run "$U" read "$O/x86_64-big.o"
	assert_line --partial "kind bigobj machine 0x8664 is64 1"
	# ld -r: two modules' .opts back to back, flags without 0x800.
	run "$U" read "$O/x86_64-ldr.o"
	assert_line --regexp '^section \.gnu\.lto_\.opts [0-9a-f]{8} 0x40100040 1$'
	[ "$(grep -c '^section \.gnu\.lto_\.decls\.' <<<"$output")" -eq 2 ]
	run "$U" read "$O/x86_64-fat.o"
	refute_line --partial "__gnu_lto_slim"
}

@test "reader: section contents equal objcopy's" {
	local f
	for f in x86_64-slim.o i686-fat.o x86_64-bigslim.o i686-ldr.o; do
		same_contents "$(triplet_of "$f")" "$O/$f" "$O/$f"
	done
}

@test "writer: roundtrip read by objdump, nm and ld -r, same contents" {
	local t k f
	for t in $TRIPLETS; do
		for k in $KINDS; do
			f="${t%%-*}-$k.o"
			"$U" roundtrip "$O/$f" "rt-$f"
			diff <(objdump_sections "$t" "$O/$f") <(objdump_sections "$t" "rt-$f")
			diff <(our_sections "$O/$f") <(our_sections "rt-$f")
			diff <("$U" read "$O/$f" | grep '^section') <("$U" read "rt-$f" | grep '^section')
			same_contents "$t" "$O/$f" "rt-$f"
			"$t-ld" -r "rt-$f" -o "ldr-$f"
		done
	done
	# Section symbols, then the commons: the LTO marker survives.
	run nm_symbols i686-w64-mingw32 rt-i686-slim.o
	assert_line "___gnu_lto_slim"
	assert_line ".gnu.lto_.opts"
	run "$U" read rt-i686-bigslim.o
	assert_line --partial "kind coff machine 0x14c"
}

@test "writer: write subcommand, long names, commons, data back to back" {
	printf 'abc' >a.bin
	printf 'defgh' >d.bin
	: >empty.bin
	local t m offs a b c d
	for t in $TRIPLETS; do
		m=${t%%-*}
		"$U" write "$m" "w-$m.o" .gnu.lto_.opts=a.bin .gnu.lto_.decls.1a2b3c=d.bin \
			.gnu.lto_.symtab.1a2b3c=empty.bin .gnu.lto_.lto.1a2b3c=a.bin \
			--flags 40000040 --align 8 .rdata=d.bin \
			--common __gnu_lto_v1:1 --common "$([ "$m" = i686 ] && echo _)"long_common_name:16
		run objdump_sections "$t" "w-$m.o"
		assert_output "$(printf '%s\n' '.gnu.lto_.opts 00000003 0' \
			'.gnu.lto_.decls.1a2b3c 00000005 0' '.gnu.lto_.symtab.1a2b3c 00000000 0' \
			'.gnu.lto_.lto.1a2b3c 00000003 0' '.rdata 00000005 3')"
		# No padding: each LTO section's data starts where the last ended.
		run "$t-objdump" -h "w-$m.o"
		offs=$(awk '$1 ~ /^[0-9]+$/ && $3 != "00000000" { print $6 }' <<<"$output" | tr '\n' ' ')
		read -r a b c d <<<"$offs"
		[ $((16#$b)) -eq $((16#$a + 3)) ] && [ $((16#$c)) -eq $((16#$b + 5)) ] &&
			[ $((16#$d)) -eq $((16#$c + 3)) ] || fail "data not back to back: $offs"
		run "$U" read "w-$m.o"
		assert_line "section .gnu.lto_.opts 00000003 0x40100840 1"
		assert_line "section .rdata 00000005 0x40400040 8"
		assert_line "symbol .gnu.lto_.decls.1a2b3c 0x0 1 local size 0"
		assert_line "symbol __gnu_lto_v1 0x1 COM global size 1"
		run nm_symbols "$t" "w-$m.o"
		assert_line "__gnu_lto_v1"
		assert_line --regexp '^_?long_common_name$'
		"$t-objcopy" -O binary --only-section=.gnu.lto_.decls.1a2b3c "w-$m.o" x.bin
		cmp x.bin d.bin
		"$t-ld" -r "w-$m.o" -o "ldr-$m.o"
		"$U" extract "ldr-$m.o" .gnu.lto_.decls.1a2b3c x.bin
		cmp x.bin d.bin
		run "$t-objdump" -t "w-$m.o"
		assert_output --partial "(scl 103) (nx 1) 0x"
		assert_output --partial "lto.o"
	done
	run "$U" write 0x1c0 bad.o .text=a.bin
	assert_failure 1
	assert_output --partial "cannot write COFF for machine 0x1c0"
	run "$U" write x86_64 bad.o --flags 40000040 --align 12 .rdata=a.bin
	assert_failure 1
	assert_output --partial "alignment 12 is not a power of two"
}

@test "65300 sections: bigobj read, roundtrip written as bigobj" {
	[ -s "$O/huge.o" ] || fail "huge.o not made: $(cat "$BATS_FILE_TMPDIR/huge.log")"
	diff <(objdump_sections x86_64-w64-mingw32 "$O/huge.o") <(our_sections "$O/huge.o")
	# gas's "dr0" has no LNK_REMOVE (0x800), unlike gcc's LTO sections.
	"$U" read "$O/huge.o" >huge.txt
	grep -qx "kind bigobj machine 0x8664 is64 1 sections 65303 symbols 65305" huge.txt
	grep -qx "section .gnu.lto_f65299.65299.1f2e3d 00000001 0x40100040 1" huge.txt
	grep -qx "symbol .gnu.lto_f65299.65299.1f2e3d 0x0 65302 local size 0" huge.txt
	grep -qx "symbol __gnu_lto_v1 0x1 COM global size 1" huge.txt
	"$U" roundtrip "$O/huge.o" rt-huge.o
	"$U" read rt-huge.o >rt-huge.txt
	grep -qx "kind bigobj machine 0x8664 is64 1 sections 65303 symbols 65305" rt-huge.txt
	diff <(grep '^section' huge.txt) <(grep '^section' rt-huge.txt)
	diff <(objdump_sections x86_64-w64-mingw32 "$O/huge.o") <(objdump_sections x86_64-w64-mingw32 rt-huge.o)
	# objcopy is quadratic in the section count here: objdump -s instead.
	local i
	for i in 0 40000 65299; do
		"$U" extract rt-huge.o ".gnu.lto_f$i.$i.1f2e3d" x.bin
		[ "$(od -An -tx1 x.bin)" = " $(printf '%02x' $((i % 256)))" ]
		x86_64-w64-mingw32-objdump -s -j ".gnu.lto_f$i.$i.1f2e3d" rt-huge.o |
			grep -q "^ 0000 $(printf '%02x' $((i % 256))) "
	done
}

@test "selftest: long-name forms, alignment bits, bigobj threshold (sanitizers)" {
	need_asan
	run "$UA" selftest
	assert_success
	assert_output "selftest: 0 failures"
}

# reject FILE TEXT: coff-unit (sanitized) fails with one line naming FILE.
reject() {
	run "$UA" read "$1"
	[ "$status" -eq 1 ] || fail "status $status for $1: $output"
	[ "${#lines[@]}" -eq 1 ] || fail "not one line for $1: $output"
	assert_output --partial "error: $1: $2"
}

# Little-endian fields, read and patched in place.
get() { # FILE OFFSET WIDTH
	local v=0 i b
	b=($(od -An -tu1 -j "$2" -N "$3" "$1"))
	for ((i = $3 - 1; i >= 0; i--)); do v=$((v * 256 + b[i])); done
	echo "$v"
}
put() { # FILE OFFSET WIDTH VALUE
	local i s=""
	for ((i = 0; i < $3; i++)); do s+=$(printf '\\x%02x' $((($4 >> (8 * i)) & 255))); done
	printf "$s" | dd of="$1" bs=1 seek="$2" conv=notrunc status=none
}
variant() { cp "$1" "$2" && chmod u+w "$2"; }

@test "rejects: EXE and DLL files, image headers, unknown machine, other headers" {
	need_asan
	[ -s "$O/prog.exe" ] && [ -s "$O/lib.dll" ] || fail "$(cat "$BATS_FILE_TMPDIR/images.log")"
	cp "$O/prog.exe" "$O/lib.dll" .
	reject prog.exe "a PE image (MZ header)"
	reject lib.dll "a PE image (MZ header)"
	# The COFF header inside them, without the MZ stub.
	local lfanew
	lfanew=$(get prog.exe 60 4)
	tail -c +$((lfanew + 5)) prog.exe >exe-coff
	reject exe-coff "a PE image (characteristics"
	assert_output --partial "executable image"
	lfanew=$(get lib.dll 60 4)
	tail -c +$((lfanew + 5)) lib.dll >dll-coff
	reject dll-coff "a PE image (characteristics"
	assert_output --partial "DLL)"
	variant "$O/x86_64-plain.o" dllflag.o
	put dllflag.o 18 2 0x2000
	reject dllflag.o "a PE image (characteristics 0x2000: DLL)"
	variant "$O/x86_64-plain.o" machine.o
	put machine.o 0 2 0x1c0
	reject machine.o "unknown COFF machine 0x01c0"
	variant "$O/i686-bigslim.o" bigmachine.o
	put bigmachine.o 6 2 0xaa64
	reject bigmachine.o "unknown COFF machine 0xaa64"
	variant "$O/x86_64-bigslim.o" version1.o
	put version1.o 4 2 1
	reject version1.o "anonymous COFF object version 1 is not a bigobj"
	printf 'hello, world\n' >text
	reject text "file too small for a COFF header"
	printf '#!/bin/sh\necho this is no object at all\n' >script
	reject script "unknown COFF machine"
}

# Truncations at each boundary of F (HDR header bytes, SYM bytes per symbol).
truncations() {
	local f=$1 hdr=$2 sym=$3 nsec nsym symptr first size
	case $hdr in
	20) nsec=$(get "$f" 2 2) symptr=$(get "$f" 8 4) nsym=$(get "$f" 12 4) ;;
	*) nsec=$(get "$f" 44 4) symptr=$(get "$f" 48 4) nsym=$(get "$f" 52 4) ;;
	esac
	size=$(stat -c %s "$f")
	head -c $((hdr - 2)) "$f" >t-header.o
	reject t-header.o "file too small for a $([ "$hdr" = 20 ] && echo COFF || echo bigobj) header"
	head -c $((hdr + 40 * nsec - 1)) "$f" >t-sections.o
	reject t-sections.o "section table ($nsec sections at offset $hdr) extends past the end of the file"
	# Section 4 is the first LTO section, the first with data.
	first=$(get "$f" $((hdr + 3 * 40 + 20)) 4)
	head -c $((first + 1)) "$f" >t-data.o
	reject t-data.o "section 4 data extends past the end of the file"
	head -c $((symptr + sym * nsym - 1)) "$f" >t-symbols.o
	reject t-symbols.o "symbol table ($nsym symbols at offset $symptr) extends past the end"
	head -c $((symptr + sym * nsym + 2)) "$f" >t-strsize.o
	reject t-strsize.o "string table size at offset $((symptr + sym * nsym)) extends past the end"
	head -c $((size - 1)) "$f" >t-strings.o
	reject t-strings.o "string table ($((size - symptr - sym * nsym)) bytes at offset"
}

@test "rejects: truncated at each structure, plain and bigobj" {
	need_asan
	truncations "$O/x86_64-slim.o" 20 18
	truncations "$O/i686-slim.o" 20 18
	truncations "$O/x86_64-bigslim.o" 56 20
	truncations "$O/i686-bigslim.o" 56 20
	: >empty.o
	reject empty.o "file too small for a COFF header (0 bytes)"
}

# Corruptions of F's fields (HDR header bytes, SYM bytes per symbol).
corruptions() {
	local f=$1 hdr=$2 sym=$3 nsec nsym symptr strtab size last nsecoff nsymoff secw
	case $hdr in
	20) nsecoff=2 nsymoff=12 secw=2 symptr=$(get "$f" 8 4) ;;
	*) nsecoff=44 nsymoff=52 secw=4 symptr=$(get "$f" 48 4) ;;
	esac
	nsec=$(get "$f" $nsecoff $secw)
	nsym=$(get "$f" $nsymoff 4)
	strtab=$((symptr + sym * nsym))
	size=$(stat -c %s "$f")
	last=$((symptr + sym * (nsym - 1)))    # the LTO marker, a long name
	variant "$f" c.o
	put c.o $((hdr + 3 * 40)) 8 0x3939393939392f   # "/999999" as section 4's name
	reject c.o "section 4 name offset 999999 is outside the string table"
	variant "$f" c.o
	put c.o $((hdr + 3 * 40)) 8 0x2f2f2f2f2f2f2f2f   # "////////": base 64, 64^6 - 1
	reject c.o "section 4 name offset 68719476735 is outside the string table"
	variant "$f" c.o
	put c.o $((hdr + 3 * 40)) 8 0x2f2f   # "//" and no digits
	reject c.o "section 4 has a bad long name"
	variant "$f" c.o
	put c.o $((last + 4)) 4 0x7fffffff
	reject c.o "symbol $((nsym - 1)) name offset 2147483647 is outside the string table"
	variant "$f" c.o
	put c.o $((last + 4)) 4 2
	reject c.o "symbol $((nsym - 1)) name offset 2 is outside"
	variant "$f" c.o
	put c.o $((size - 1)) 1 0x78          # the last name (the marker's) loses its NUL
	reject c.o "symbol $((nsym - 1)) name offset"
	assert_output --partial "not NUL-terminated"
	variant "$f" c.o
	put c.o $((hdr + 3 * 40 + 20)) 4 $((size - 2))
	reject c.o "section 4 data extends past the end of the file"
	variant "$f" c.o
	put c.o $((hdr + 3 * 40 + 16)) 4 0xfffffff0
	reject c.o "section 4 data extends past the end of the file"
	variant "$f" c.o
	put c.o $((hdr + 3 * 40 + 38)) 1 0xf0   # alignment field 15
	reject c.o "section 4 has a bad alignment field"
	variant "$f" c.o
	put c.o $nsecoff $secw $(((1 << (8 * secw)) - 1))
	reject c.o "section table ($(((1 << (8 * secw)) - 1)) sections at offset $hdr) extends past"
	variant "$f" c.o
	put c.o $nsymoff 4 0xffffffff
	reject c.o "symbol table (4294967295 symbols at offset $symptr) extends past the end"
	variant "$f" c.o
	put c.o $((last + sym - 1)) 1 5
	reject c.o "symbol $((nsym - 1)): 5 auxiliary records run past the end of the symbol table"
	variant "$f" c.o
	put c.o $((symptr + sym - 1)) 1 255    # .file's aux count
	reject c.o "symbol 0: 255 auxiliary records run past the end"
	variant "$f" c.o
	put c.o $((last + 12)) $secw 30000
	reject c.o "symbol $((nsym - 1)) refers to section 30000, but there are $nsec sections"
	variant "$f" c.o
	put c.o "$strtab" 4 2
	reject c.o "string table size 2 is less than 4"
	variant "$f" c.o
	put c.o "$strtab" 4 0x7ffffff0
	reject c.o "string table (2147483632 bytes at offset $strtab) extends past the end"
}

@test "rejects: bad offsets, counts, sizes and names, plain and bigobj" {
	need_asan
	corruptions "$O/x86_64-slim.o" 20 18
	corruptions "$O/i686-slim.o" 20 18
	corruptions "$O/x86_64-bigslim.o" 56 20
	corruptions "$O/i686-bigslim.o" 56 20
}

@test "no crash on any truncation or corruption (sanitizers)" {
	need_asan
	local f
	for f in x86_64-slim.o i686-bigslim.o x86_64-ldr.o i686-plain.o; do
		run "$UA" fuzz "$O/$f" 3000
		assert_success
		assert_line --regexp '^truncations: 0 of [0-9]+ accepted$'
		assert_line --regexp '^corruptions: [0-9]+ of 3000 accepted$'
	done
}
