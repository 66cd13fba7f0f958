#!/usr/bin/env bats
# lto1 --list: the inspection tool.  Its LTO symbol tables must read as
# `readelf --lto-syms` reads them on ELF (binutils 2.40 prints a stray '_'
# before every name, which the comparison drops), and the same source
# compiled for PE-COFF must give the same symbols.
load helper

LTO1="$XGCC_BUILDDIR/lto1"

setup() {
	common_setup
	cat >m.c <<'EOF'
static int s(int x) { return x * 2; }
int g = 3;
int common_v;
__attribute__((weak)) int w(void) { return 1; }
__attribute__((visibility("hidden"))) int hid(void) { return 2; }
extern int ext(int);
int f(int x) { return s(x) + ext(x) + w(); }
int main(void) { return f(g); }
EOF
	printf 'inline int ci(void) { return 4; }\nint use(void) { return ci(); }\n' >c.cc
}

# The rows of readelf -W --lto-syms: "COMDAT KIND VIS SIZE SLOT TYPE
# SECTION NAME"; binutils 2.44 (Debian 13) prints no TYPE and SECTION
# (the extension table's columns), so only the six others then.
readelf_rows() {
	readelf -W --lto-syms "$1" | awk '(NF == 8 || NF == 6) && $2 ~ /^(DEF|WEAKDEF|UNDEF|WEAKUNDEF|COMMON)$/ {
		name = $NF; sub(/^_/, "", name)
		if (NF == 8) print $1, $2, $3, $4, $5, $6, $7, name; else print $1, $2, $3, $4, $5, name }'
}
# The same columns from lto1 --list, as many as readelf_rows gave in
# WANT.
list_rows() {
	local n
	n=$(echo "$want" | awk 'NR == 1 { print NF }')
	"$LTO1" --list "$1" | awk -v n="${n:-8}" 'NF == 8 && $2 ~ /^(DEF|WEAKDEF|UNDEF|WEAKUNDEF|COMMON)$/ {
		if (n == 6) print $1, $2, $3, $4, $5, $8; else print $1, $2, $3, $4, $5, $6, $7, $8 }'
}

@test "LTO symbol tables decode as readelf --lto-syms decodes them (C, -fcommon)" {
	gcc -flto -fcommon -O2 -c m.c -o m.o
	want=$(readelf_rows m.o)
	got=$(list_rows m.o)
	[ -n "$want" ]
	[ "$want" = "$got" ] || { diff <(echo "$want") <(echo "$got"); false; }
}

@test "C++ comdat keys decode as readelf decodes them" {
	g++ -flto -O0 -c c.cc -o c.o
	want=$(readelf_rows c.o)
	got=$(list_rows c.o)
	echo "$want" | grep -q '^_Z2civ WEAKDEF'
	[ "$want" = "$got" ] || { diff <(echo "$want") <(echo "$got"); false; }
}

@test "ld -r objects list every module, each with its symbols" {
	gcc -flto -c m.c -o m1.o
	gcc -flto -ffat-lto-objects -c c.cc -o c1.o
	ld -r m1.o c1.o -o both.o
	run "$LTO1" --list both.o
	assert_success
	local re
	re=$(lto_module_re)
	[ "$(echo "$output" | grep -c "^  module [0-9a-f]*: ${re%%,*}")" -eq 2 ]
	want=$(readelf_rows both.o)
	got=$(list_rows both.o)
	[ "$want" = "$got" ] || { diff <(echo "$want") <(echo "$got"); false; }
}

@test "the header says slim or fat, the bytecode version and zstd for the native backend" {
	"$XGCC" -flto -c m.c -o slim.o
	"$XGCC" -flto -ffat-lto-objects -c m.c -o fat.o
	run "$LTO1" --list slim.o
	assert_success
	assert_line --regexp '^slim\.o: ELF relocatable, x86-64, LTO slim, 1 module$'
	assert_line --regexp "^  module [0-9a-f]+: $(lto_module_re)$"
	assert_output --partial "    options: "
	run "$LTO1" --list fat.o
	assert_line --regexp '^fat\.o: ELF relocatable, x86-64, LTO fat, 1 module$'
	gcc -c m.c -o plain.o
	run "$LTO1" --list plain.o
	assert_output "plain.o: ELF relocatable, x86-64, not LTO"
}

@test "archive members are listed as ARCHIVE@0xOFFSET with their LTO contents" {
	gcc -flto -c m.c -o m.o
	gcc -c c.cc -o plain.o
	ar rcs lib.a m.o plain.o
	run "$LTO1" --list lib.a
	assert_success
	assert_line --regexp '^member lib\.a@0x[0-9a-f]+ \(m\.o\)$'
	assert_line --regexp '^lib\.a@0x[0-9a-f]+: ELF relocatable, x86-64, LTO slim, 1 module$'
	assert_line --regexp '^lib\.a@0x[0-9a-f]+: ELF relocatable, x86-64, not LTO$'
	# the offset is where the member's data starts
	off=$(echo "$output" | sed -n 's/^member lib\.a@0x\([0-9a-f]*\) (m\.o)$/\1/p')
	cmp <(tail -c +$((16#$off + 1)) lib.a | head -c "$(stat -c %s m.o)") m.o
}

@test "PE-COFF LTO objects (both mingw targets) list the same symbols as ELF" {
	command -v x86_64-w64-mingw32-gcc >/dev/null || skip "x86_64-w64-mingw32-gcc not installed"
	command -v i686-w64-mingw32-gcc >/dev/null || skip "i686-w64-mingw32-gcc not installed"
	gcc -flto -fcommon -c m.c -o elf.o
	x86_64-w64-mingw32-gcc -flto -fcommon -c m.c -o coff64.o
	i686-w64-mingw32-gcc -flto -fcommon -c m.c -o coff32.o
	# name, kind and visibility: the slot numbers depend on the backend
	elf=$(list_rows elf.o | awk '{ print $8, $2, $3 }' | sort)
	c64=$(list_rows coff64.o | awk '{ print $8, $2, $3 }' | sort)
	c32=$(list_rows coff32.o | awk '{ n = $8; sub(/^_/, "", n); print n, $2, $3 }' | sort)
	[ -n "$elf" ]
	[ "$elf" = "$c64" ] || { diff <(echo "$elf") <(echo "$c64"); false; }
	[ "$elf" = "$c32" ] || { diff <(echo "$elf") <(echo "$c32"); false; }
	run "$LTO1" --list coff64.o
	assert_line --regexp '^coff64\.o: COFF object, AMD64, LTO slim, 1 module$'
	assert_line --regexp "^  module [0-9a-f]+: $(lto_module_re x86_64-w64-mingw32)$"
	run "$LTO1" --list coff32.o
	assert_line --regexp '^coff32\.o: COFF object, i386, LTO slim, 1 module$'
	list_rows coff32.o | awk '{ print $8 }' | grep -qx '_main'
}

@test "a corrupt LTO symbol table is one clear error" {
	gcc -flto -c m.c -o m.o
	# cut the symbol table short: keep the section, drop its tail
	sec=$(readelf -SW m.o | sed -n 's/.*\] \(\.gnu\.lto_\.symtab\.[0-9a-f]*\) .*/\1/p')
	objcopy --dump-section "$sec=st.bin" m.o 2>/dev/null || skip "objcopy cannot dump LTO sections"
	head -c 7 st.bin >short.bin
	objcopy --update-section "$sec=short.bin" m.o bad.o 2>/dev/null || skip "objcopy cannot update LTO sections"
	run "$LTO1" --list bad.o
	assert_failure
	assert_output --regexp "lto1: error: bad\.o: section \.gnu\.lto_\.symtab\.[0-9a-f]+: LTO symbol table truncated"
}
