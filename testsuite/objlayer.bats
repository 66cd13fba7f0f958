#!/usr/bin/env bats
# The object layer (lib/obj.c, lib/obj-elf.c, lib/archive.c) through
# testsuite/objtest: what it says about objects, archives and members made
# by the real gcc, as and ar must agree with readelf, nm and ar; what it
# writes must satisfy readelf, nm, ld -r and objcopy; and malformed input
# must give exit status 1 and one line "objtest: error: FILE: REASON",
# never a crash.  The objects are made once per file (setup_file).
load helper

OBJTEST="$XGCC_BUILDDIR/testsuite/objtest"

setup_file() {
	export FIX="$BATS_FILE_TMPDIR/fix"
	mkdir -p "$FIX" && cd "$FIX" || return 1
	cat >a.c <<-'EOF'
	int g = 1; int bss; static int sl = 2; const int ro = 3;
	int com __attribute__((common));
	extern int ext(int);
	__attribute__((weak)) int wf(void) { return 0; }
	extern int wu(void) __attribute__((weak));
	int f(int x) { return ext(x) + sl + (wu ? wu() : 0); }
	EOF
	printf 'int main(void) { return 0; }\n' >m.c
	printf 'int h(int x) { return x * 2; }\n' >b.c
	gcc -c a.c -o a.o
	gcc -c b.c -o b.o
	gcc -flto -c a.c -o slim.o
	gcc -flto -c m.c -o mslim.o
	gcc -flto -ffat-lto-objects -c a.c -o fat.o
	ld -r slim.o mslim.o -o lto-r.o
	gcc -shared -fPIC b.c -o b.so
	gcc -no-pie m.c -o m.nopie
	gcc -pie -fPIE m.c -o m.pie
	if gcc -m32 -c a.c -o a32.o 2>/dev/null; then :; else rm -f a32.o; fi
	printf 'INPUT(a.o)\n' >script.ld
	cp a.o a_member_with_a_long_name.o
	cp b.o another_long_member_name.o
	ar rcs lib.a a.o b.o 2>/dev/null
	ar --target=elf64-x86-64 rcs libt.a slim.o mslim.o 2>/dev/null
	ar rcs long.a a_member_with_a_long_name.o b.o another_long_member_name.o 2>/dev/null
	ar rcsT thin.a a.o slim.o 2>/dev/null
}

# assert_objerror NAME ARGS...: objtest ARGS fails with status 1 and the
# one line "objtest: error: NAME: REASON".
assert_objerror() {
	local name=$1
	shift
	run "$OBJTEST" "$@"
	assert_failure 1
	[ "${#lines[@]}" -eq 1 ] || fail "expected one line of error, got: $output"
	[[ $output == "objtest: error: $name: "?* ]] || fail "unexpected message: $output"
}

# patch FILE OFFSET BYTES: overwrite bytes (printf escapes) in place.
patch() { printf "$3" | dd of="$1" bs=1 seek=$(($2)) conv=notrunc status=none; }
u64() { od -An -t u8 -j $(($2)) -N 8 "$1" | tr -d ' '; }

# "NAME SIZE" per section, as readelf -SW shows them (section 0 left out).
readelf_sections() {
	readelf -SW "$1" | sed -n 's/^ *\[ *[0-9][0-9]*\] //p' | awk 'NR > 1 { print $1, $5 }' |
		while read -r n s; do echo "$n $((16#$s))"; done
}

# "NAME SIZE" per member, as ar t and ar p see them.
ar_members() {
	local m
	ar t "$1" | while read -r m; do echo "$m $(ar p "$1" "$m" | wc -c)"; done
}

# ------------------------------------------------------------ classify

@test "classify: relocatable ELF objects, plain, -m32, slim and fat LTO, ld -r" {
	cd "$FIX"
	run "$OBJTEST" classify a.o slim.o fat.o lto-r.o
	assert_success
	assert_output $'elf-rel\nelf-rel\nelf-rel\nelf-rel'
	[ -f a32.o ] || skip "no gcc -m32 here"
	run "$OBJTEST" classify a32.o
	assert_output elf-rel
}

@test "classify: shared objects, executables, archives, thin archives, scripts" {
	cd "$FIX"
	run "$OBJTEST" classify b.so m.nopie m.pie lib.a libt.a thin.a script.ld
	assert_success
	# A PIE is ET_DYN, as the kernel and readelf see it.
	assert_output $'elf-dyn\nelf-exec\nelf-dyn\narchive\narchive\nthin-archive\nother'
}

@test "classify: archive members, and a missing file is an error" {
	cd "$FIX"
	off=$("$OBJTEST" members lib.a | awk '$1 == "b.o" { print $2 }')
	run "$OBJTEST" classify "lib.a@$off"
	assert_success
	assert_output elf-rel
	assert_objerror nope.o classify nope.o
	assert_output 'objtest: error: nope.o: No such file or directory'
}

@test "classify: COFF objects, bigobj, PE images, short import members" {
	command -v x86_64-w64-mingw32-gcc >/dev/null || skip "no MinGW cross compiler"
	printf 'int f(void) { return 1; }\n' >c.c
	x86_64-w64-mingw32-gcc -c c.c -o c64.o
	x86_64-w64-mingw32-gcc -c -Wa,-mbig-obj c.c -o big.o
	x86_64-w64-mingw32-gcc -shared c.c -o c.dll
	run "$OBJTEST" classify c64.o big.o c.dll
	assert_output $'coff\ncoff-bigobj\npe-image'
	if command -v i686-w64-mingw32-gcc >/dev/null; then
		i686-w64-mingw32-gcc -c c.c -o c32.o
		run "$OBJTEST" classify c32.o
		assert_output coff
	fi
	# A COFF header with the DLL flag but no MZ stub is no object.
	cp c64.o dllflag.o
	patch dllflag.o 19 '\x20'
	run "$OBJTEST" classify dllflag.o
	assert_output other
	command -v llvm-dlltool >/dev/null || skip "no llvm-dlltool for a short import library"
	printf 'LIBRARY foo.dll\nEXPORTS\nbar\n' >foo.def
	llvm-dlltool -m i386:x86-64 -d foo.def -l foo.lib
	off=$("$OBJTEST" members foo.lib | tail -1 | awk '{ print $2 }')
	run "$OBJTEST" classify "foo.lib@$off"
	assert_output coff-import
}

# ------------------------------------------------------------ sections, symbols

@test "sections of LTO objects match readelf -SW, names and sizes" {
	cd "$FIX"
	for f in slim.o fat.o lto-r.o a.o; do
		diff <("$OBJTEST" sections $f | awk '{ print $1, $2 }') <(readelf_sections $f) ||
			fail "$f: objtest and readelf differ"
	done
	"$OBJTEST" sections slim.o | grep -q '^\.gnu\.lto_\.opts [0-9]* 0x80000000 1$'
	[ -f a32.o ] && diff <("$OBJTEST" sections a32.o | awk '{ print $1, $2 }') <(readelf_sections a32.o)
	true
}

@test "symbols match nm --target=default (a shared object's: nm -D, what ld links against)" {
	cd "$FIX"
	local f dyn
	for f in a.o slim.o fat.o lto-r.o b.so $( [ -f a32.o ] && echo a32.o); do
		dyn=; [ "${f%.so}" = "$f" ] || dyn=-D
		diff <("$OBJTEST" symbols $f | awk '{ print $1, $2 }' | sort) \
		     <(raw_nm nm $dyn -P $f 2>/dev/null | awk '{ print $1, $2 }' | sort) ||
			fail "$f: objtest and nm differ"
	done
	run "$OBJTEST" symbols slim.o
	assert_line '__gnu_lto_slim C 0x1 1'
}

@test "dump gives a section's bytes, as objcopy --dump-section" {
	cd "$WORK"
	objcopy --dump-section .gnu.lto_.opts=opts "$FIX/slim.o" junk.o
	"$OBJTEST" dump "$FIX/slim.o" .gnu.lto_.opts >dumped
	cmp opts dumped
	grep -q "'-flto'" dumped
	assert_objerror "$FIX/slim.o" dump "$FIX/slim.o" .nothing
}

# ------------------------------------------------------------ archives

# check_members ARCHIVE: members as ar sees them, and each opens as
# ARCHIVE@0xOFFSET with the bytes that ar p gives.
check_members() {
	diff <("$OBJTEST" members "$1" | awk '{ print $1, $3 }') <(ar_members "$1" | grep -v "^__\.SYMDEF") ||
		fail "$1: objtest and ar disagree on the members"
	"$OBJTEST" members "$1" | while read -r name off size; do
		cmp <(tail -c +$((off + 1)) "$1" | head -c "$size") <(ar p "$1" "$name") ||
			fail "$1: $name is not at $off"
		"$OBJTEST" sections "$1@$off" >/dev/null || fail "$1@$off does not open"
		[ "$("$OBJTEST" classify "$1@$off")" = elf-rel ] || fail "$1@$off is not an object"
	done
}

@test "archive members: names, offsets, sizes; members open as lib.a@0xOFFSET" {
	cd "$FIX"
	check_members lib.a
	check_members libt.a
	off=$("$OBJTEST" members lib.a | awk '$1 == "a.o" { print $2 }')
	diff <("$OBJTEST" sections "lib.a@$off") <("$OBJTEST" sections a.o)
	diff <("$OBJTEST" symbols "lib.a@$off") <("$OBJTEST" symbols a.o)
	"$OBJTEST" dump "lib.a@$off" .text | cmp - <("$OBJTEST" dump a.o .text)
}

@test "GNU archives: long member names through the // table" {
	cd "$FIX"
	run "$OBJTEST" members long.a
	assert_line --regexp '^a_member_with_a_long_name\.o 0x[0-9a-f]+ [0-9]+$'
	assert_line --regexp '^another_long_member_name\.o 0x[0-9a-f]+ [0-9]+$'
	check_members long.a
}

@test "the symbol index matches nm -s" {
	cd "$FIX"
	for a in lib.a libt.a long.a; do
		diff <("$OBJTEST" index $a | awk '{ print $1, "in", $3 }') \
		     <(raw_nm nm -s $a 2>/dev/null | sed -n '/^Archive index:/,/^$/p' | sed '1d;/^$/d') ||
			fail "$a: objtest and nm -s differ"
	done
	run "$OBJTEST" index libt.a
	assert_line --regexp '^__gnu_lto_slim 0x[0-9a-f]+ slim\.o$'
}

@test "thin archives: members are the files they name, relative to the archive" {
	cd "$WORK"
	mkdir sub other
	cp "$FIX/a.o" other/x.o
	cp "$FIX/slim.o" other/y.o
	ar rcsT sub/thin.a other/x.o other/y.o 2>/dev/null
	run "$OBJTEST" members sub/thin.a
	assert_success
	assert_line --regexp '^\.\./other/x\.o 0x[0-9a-f]+ [0-9]+ sub/\.\./other/x\.o$'
	off=$("$OBJTEST" members sub/thin.a | awk '$1 == "../other/y.o" { print $2 }')
	diff <("$OBJTEST" sections "sub/thin.a@$off") <("$OBJTEST" sections other/y.o)
	rm other/y.o
	assert_objerror "sub/thin.a@$off" sections "sub/thin.a@$off"
	assert_output --partial 'other/y.o: No such file or directory'
}

@test "BSD archives (#1/NNN names, __.SYMDEF) and /SYM64/ indexes" {
	command -v llvm-ar >/dev/null || skip "no llvm-ar to make them"
	cd "$WORK"
	cp "$FIX/a_member_with_a_long_name.o" "$FIX/b.o" .
	llvm-ar --format=bsd rcs bsd.a a_member_with_a_long_name.o b.o
	check_members bsd.a
	run "$OBJTEST" index bsd.a
	assert_line --regexp '^h 0x[0-9a-f]+ b\.o$'
	assert_line --regexp '^f 0x[0-9a-f]+ a_member_with_a_long_name\.o$'
	SYM64_THRESHOLD=0 llvm-ar --format=gnu rcs sym64.a a_member_with_a_long_name.o b.o
	head -c 16 sym64.a | grep -q '/SYM64/'
	check_members sym64.a
	run "$OBJTEST" index sym64.a
	assert_line --regexp '^h 0x[0-9a-f]+ b\.o$'
}

# ------------------------------------------------------------ many sections

@test "more than 65280 sections: extended section numbering" {
	cd "$WORK"
	awk 'BEGIN { for (i = 0; i < 70000; i++) printf ".section .text.f%d,\"ax\"\n.globl f%d\nf%d: ret\n", i, i, i }' >big.s
	as big.s -o big.o
	readelf -h big.o | grep -q 'Number of section headers: *0 (70'
	n=$(readelf -h big.o | sed -n 's/.*Number of section headers: *0 (\([0-9]*\)).*/\1/p')
	run "$OBJTEST" sections big.o
	assert_success
	[ "${#lines[@]}" -eq $((n - 1)) ]
	assert_line '.text.f0 1 0x6 1'
	assert_line '.text.f69999 1 0x6 1'
	"$OBJTEST" symbols big.o | grep -qx 'f69999 T 0x0 0'
	[ "$("$OBJTEST" symbols big.o | wc -l)" -eq 70000 ]
	"$OBJTEST" dump big.o .text.f65535 | od -An -tx1 | grep -q c3
}

# ------------------------------------------------------------ writing

@test "write an ELF object: two sections and the common __gnu_lto_v1" {
	cd "$WORK"
	printf "'-O2' '-flto'" >opts
	head -c 1000 /dev/urandom >blob
	umask 022
	run "$OBJTEST" write elf x86-64 out.o .gnu.lto_.opts=opts .mydata:0x2:8=blob --common __gnu_lto_v1:1:1
	assert_success
	assert_output ''
	[ "$(ls)" = "$(printf 'blob\nopts\nout.o')" ] || fail "left behind: $(ls)"
	[ "$(stat -c %a out.o)" = 644 ]
	run readelf -SW out.o
	assert_success
	refute_output --partial Warning
	assert_line --regexp '\.gnu\.lto_\.opts +PROGBITS +0+ [0-9a-f]+ 00000d 00 +E +0 +0 +1$'
	assert_line --regexp '\.mydata +PROGBITS +0+ [0-9a-f]+ 0003e8 00 +A +0 +0 +8$'
	run raw_nm nm out.o
	assert_output '0000000000000001 C __gnu_lto_v1'
	run nm out.o
	assert_output --partial 'C __gnu_lto_v1'
	ld -r out.o -o relinked.o
	raw_nm nm relinked.o | grep -q ' C __gnu_lto_v1$'
	objcopy out.o copied.o
	diff <("$OBJTEST" sections out.o) <("$OBJTEST" sections copied.o)
	"$OBJTEST" dump copied.o .mydata | cmp - blob
	"$OBJTEST" dump copied.o .gnu.lto_.opts | cmp - opts
}

@test "write a 32-bit ELF object; ld -m elf_i386 -r accepts it" {
	cd "$WORK"
	printf 'x' >x
	run "$OBJTEST" write elf32 i386 out.o .gnu.lto_.x=x --common __gnu_lto_v1:1:1
	assert_success
	readelf -h out.o | grep -q 'ELF32'
	readelf -h out.o | grep -q 'Intel 80386'
	ld -m elf_i386 -r out.o -o r.o
	run raw_nm nm out.o
	assert_output '00000001 C __gnu_lto_v1'
}

@test "write: failures leave no file behind" {
	cd "$WORK"
	printf 'x' >x
	assert_objerror nodir/out.o write elf x86-64 nodir/out.o .a=x
	[ ! -e nodir ]
	assert_objerror out.o write elf x86-64 out.o .a:0:3=x
	assert_output 'objtest: error: out.o: section .a: alignment 3 is not a power of two'
	[ "$(ls)" = x ] || fail "left behind: $(ls)"
}

# ------------------------------------------------------------ malformed ELF

@test "truncated ELF objects: one line of error each, no crash" {
	cd "$WORK"
	cp "$FIX/a.o" a.o
	shoff=$(u64 a.o 0x28)
	strtab=$((16#$(readelf -SW a.o | awk '$2 == ".strtab" { print $5 }')))
	shstrtab=$((16#$(readelf -SW a.o | awk '$2 == ".shstrtab" { print $5 }')))
	size=$(stat -c %s a.o)
	for n in 3 10 40 63 64 $strtab $((strtab + 5)) $shstrtab $shoff $((shoff + 100)) $((size - 1)); do
		head -c $n a.o >t$n.o
		assert_objerror t$n.o sections t$n.o
		assert_objerror t$n.o symbols t$n.o
	done
	run "$OBJTEST" sections t40.o
	assert_output 'objtest: error: t40.o: truncated ELF header (40 of 64 bytes)'
	run "$OBJTEST" sections t$((shoff + 100)).o
	assert_output --partial 'section header table (13 sections at offset 0x'
	: >empty.o
	assert_objerror empty.o sections empty.o
}

@test "corrupted ELF headers, section headers and symbols: one line each" {
	cd "$WORK"
	cp "$FIX/a.o" a.o
	sh=$(u64 a.o 0x28)
	symtab=$(readelf -SW a.o | sed -n 's/^ *\[ *\([0-9]*\)\] \.symtab .*/\1/p')
	strtab=$(readelf -SW a.o | sed -n 's/^ *\[ *\([0-9]*\)\] \.strtab .*/\1/p')
	shstrtab=$(readelf -SW a.o | sed -n 's/^ *\[ *\([0-9]*\)\] \.shstrtab .*/\1/p')
	symoff=$((16#$(readelf -SW a.o | awk '$2 == ".symtab" { print $5 }')))
	nsyms=$(( $(readelf -sW a.o | grep -c '^ *[0-9]*:') ))
	last=$((symoff + 24 * (nsyms - 1)))
	corrupt() { cp a.o "$1"; patch "$1" "$2" "$3"; }
	corrupt offset.o $((sh + 64 + 0x18)) '\xff\xff\xff\x00'       # section 1 past the end
	corrupt size.o $((sh + strtab * 64 + 0x20)) '\x00\x00\x00\x01' # string table too long
	corrupt name.o $((sh + 64)) '\xff\xff\xff\x00'                 # bad sh_name
	corrupt shnum.o 0x3c '\xf0\xff'                                # e_shnum 65520
	corrupt shnum0.o 0x3c '\x00\x00'                               # e_shnum 0, section 0 says 0
	corrupt xnum.o 0x3c '\x00\x00'
	patch xnum.o $((sh + 0x20)) '\xff\xff\xff\xff\xff\xff\xff\xff'  # ... and 2^64-1
	corrupt shstrndx.o 0x3e '\x50\x00'
	corrupt notstr.o $((sh + shstrtab * 64 + 4)) '\x01'            # name table is PROGBITS
	corrupt shent.o 0x3a '\x20\x00'
	corrupt shoff.o 0x28 '\xff\xff\xff\xff\xff\xff\xff\x7f'
	corrupt class.o 4 '\x07'
	corrupt data.o 5 '\x07'
	corrupt symlink.o $((sh + symtab * 64 + 0x28)) '\x33'
	corrupt entsize.o $((sh + symtab * 64 + 0x38)) '\x10'
	corrupt symsize.o $((sh + symtab * 64 + 0x20)) '\x00\x00\x00\x00\x01'
	corrupt symname.o $last '\xff\xff\x00\x00'
	corrupt symshndx.o $((last + 6)) '\x99\x00'
	corrupt xindex.o $((last + 6)) '\xff\xff'
	corrupt reserved.o $((last + 6)) '\x05\xff'
	for f in offset size name shnum shnum0 xnum shstrndx notstr shent shoff class data; do
		assert_objerror $f.o sections $f.o
	done
	for f in symlink entsize symsize symname symshndx xindex reserved; do
		assert_objerror $f.o symbols $f.o
	done
	run "$OBJTEST" sections offset.o
	assert_output --regexp 'section 1 \(offset 0xffffff, [0-9]+ bytes\) extends past the end of the file$'
	run "$OBJTEST" sections name.o
	assert_output 'objtest: error: name.o: section 1 has a bad name offset 16777215'
	run "$OBJTEST" symbols xindex.o
	assert_output --partial 'uses SHN_XINDEX but there is no SHT_SYMTAB_SHNDX section'
}

# ------------------------------------------------------------ malformed archives

@test "corrupted archives and bad member offsets: one line each" {
	cd "$WORK"
	cp "$FIX/lib.a" "$FIX/long.a" .
	off=$("$OBJTEST" members lib.a | awk '$1 == "a.o" { print $2 }')
	hdr=$((off - 60))
	corrupt() { cp lib.a "$1"; patch "$1" "$2" "$3"; }
	corrupt bigsize.a $((hdr + 48)) '99999999  '
	corrupt badsize.a $((hdr + 48)) '12x4      '
	corrupt noterm.a $((hdr + 58)) 'xx'
	corrupt count.a 68 '\x7f\xff\xff\xff'          # symbol index count
	corrupt idxoff.a 72 '\x7f\xff\xff\xff'         # first index entry's offset
	head -c $((hdr + 30)) lib.a >cuthdr.a
	head -c $((off + 100)) lib.a >cutdata.a
	cp long.a badlong.a
	lhdr=$(( $("$OBJTEST" members long.a | awk 'NR == 1 { print $2 }') - 60 ))
	patch badlong.a $lhdr '/9999 '
	for a in bigsize badsize noterm count idxoff cuthdr cutdata badlong; do
		assert_objerror $a.a members $a.a
		assert_objerror $a.a index $a.a
	done
	for a in bigsize badsize noterm; do
		assert_objerror "$a.a@$off" sections "$a.a@$off"
		assert_objerror "$a.a@$off" classify "$a.a@$off"
	done
	run "$OBJTEST" members noterm.a
	assert_output "objtest: error: noterm.a: member header at offset $(printf 0x%x $hdr) does not end in \"\`\\n\""
	run "$OBJTEST" sections "bigsize.a@$off"
	assert_output --partial 'extends past the end of the archive'
	for o in 0x0 0x1 0x44 $(printf 0x%x $((off + 1))) $(printf 0x%x $hdr) 0xffffff 0xffffffffffffffff; do
		assert_objerror "lib.a@$o" sections "lib.a@$o"
	done
	assert_objerror "$FIX/a.o@0x10" sections "$FIX/a.o@0x10"
	assert_objerror lib.a sections lib.a
	assert_objerror "$FIX/script.ld" sections "$FIX/script.ld"
	assert_objerror "$FIX/a.o" members "$FIX/a.o"
}
