#!/usr/bin/env bats
# The Cygwin rows of lib/target.c at the object level: Debian has no
# Cygwin toolchain, so collect2 runs with XGCC_TARGET set to a Cygwin
# triplet on objects and archives the MinGW compilers made (the same COFF
# formats and symbol prefixes), the MinGW nm and ld standing in for the
# Cygwin ones (same BFD targets).  What is checked: the scan (LTO inputs,
# archive members pulled), the markers with the target's prefix, nm for
# the formats only it reads, with and without it, and the resolution's
# symbol names.
load helper

LTO1="$XGCC_BUILDDIR/lto1"

# setup_row CYGWIN MINGW: sources, LTO objects and an archive by MINGW's
# cross driver; bin/ holds CYGWIN-nm and CYGWIN-ld (the MINGW ones).
setup_row() {
	CYG=$1 MINGW=$2
	CC="$XGCC_BUILDDIR/$MINGW-xgcc"
	[ -x "$CC" ] || skip "target $MINGW not configured (its compilers stand in for Cygwin's)"
	command -v "$MINGW-ld" >/dev/null || skip "$MINGW-ld is not installed"
	P=; ENTRY=start
	case $CYG in i686*) P=_ ENTRY=_start ;; esac
	printf 'int helper(int);\nint lib_add(int, int);\nint start(void) { return lib_add(helper(3), 1); }\n' >a.c
	printf 'int helper(int x) { return x + 1; }\nint unused_fn(int x) { return x * 7; }\n' >b.c
	printf 'int lib_add(int a, int b) { return a + b; }\n' >l1.c
	printf 'int lib_other(int a) { return a; }\n' >l2.c
	"$CC" -O2 -flto -c a.c b.c l1.c l2.c
	"$MINGW-ar" rcs lib.a l1.o l2.o
	mkdir bin
	ln -s "$(command -v "$MINGW-ld")" "bin/$CYG-ld"
	ln -s "$(command -v "$MINGW-nm")" "bin/$CYG-nm"
}

# collect2 ARGS...: collect2 for the Cygwin row, the LTO stage through
# the MinGW driver, the files kept as -save-temps keeps them.
collect2() {
	run env PATH="$PWD/bin:$PATH" XGCC_TARGET=$CYG XGCC_COLLECT2_TRACE=1 COLLECT_VERBOSE=1 \
		COLLECT_GCC="$CC" COLLECT_GCC_OPTIONS="'-O2' '-flto' '-save-temps' '-o' 'p.exe'" \
		"$XGCC_BUILDDIR/collect2" "$@"
}

link_row() {
	setup_row "$@"
	run env XGCC_TARGET=$CYG "$LTO1" --list a.o lib.a
	assert_line --index 0 --regexp "^a\.o: COFF object, (AMD64|i386), LTO slim, 1 module$"
	collect2 -e $ENTRY -o p.exe a.o b.o lib.a
	assert_success
	assert_line "collect2: LTO input: a.o (slim)"
	assert_line "collect2: LTO input: b.o (slim)"
	assert_line --regexp "^collect2: LTO input: lib\.a@0x[0-9a-f]+ \(slim, member l1\.o\)$"
	refute_output --partial "member l2.o"
	refute_output --partial "markers are read"
	# lib.a holds LTO members only: ld gets none of it (collect/archives.c)
	assert_line "collect2: lib.a: LTO members left out for ld (none other: left out)"
	# the IR's definitions LTRANS dropped are absolute, as with gcc's plugin
	assert_line --regexp "^$CYG-ld -e $ENTRY -o p\.exe (--defsym=[^ ]+=0 )*p\.exe\.ltrans0\.ltrans\.o$"
	# the resolution in the target's names, the library member optimized
	[ "$(awk 'NF == 4 { print $3, $4; next } { sub(/@0x[0-9a-f]+/, "@X"); print }' p.exe.res)" = "3
a.o 3
PREVAILING_DEF ${P}start
RESOLVED_IR ${P}lib_add
RESOLVED_IR ${P}helper
b.o 2
PREVAILING_DEF_IRONLY ${P}helper
PREVAILING_DEF_IRONLY ${P}unused_fn
lib.a@X 1
PREVAILING_DEF_IRONLY ${P}lib_add" ]
	"$MINGW-objdump" -f p.exe | grep -q 'file format pei-'
	run "$MINGW-nm" p.exe
	assert_output --regexp " T ${P}start"
	refute_output --regexp " [^A] ${P}unused_fn"
	refute_output --regexp " T ${P}lib_add"
}

@test "x86_64-pc-cygwin: scan, archive members and resolution of COFF LTO objects" { link_row x86_64-pc-cygwin x86_64-w64-mingw32; }
@test "i686-pc-cygwin: scan, archive members and resolution (_ names) of COFF LTO objects" { link_row i686-pc-cygwin i686-w64-mingw32; }

# The markers come from the symbol tables, with the target's nm or
# without it: an object with the marker but no LTO sections is refused
# either way, and nm is not run on objects.  An archive member in a
# format only nm reads (symbolsrec) goes to nm, which finds its marker;
# without nm it is taken to hold no IR, which -v says.
markers_row() {
	setup_row "$@"
	printf 'int __gnu_lto_v1;\nint fake(void) { return 0; }\n' >marked.c
	"$MINGW-gcc" -fcommon -c marked.c
	raw_nm "$MINGW-nm" marked.o | grep -q " C ${P}__gnu_lto_v1\$"
	collect2 -r -o r.o marked.o
	assert_failure
	assert_output --partial "marked.o: has the LTO marker but no .gnu.lto_ sections"
	refute_output --partial "nm --target=default"
	"$MINGW-objcopy" -O symbolsrec l2.o l2.srec
	grep -q "^  ${P}__gnu_lto_slim " l2.srec
	# no symbol index: ar would ask its LTO plugin for the marked member
	"$MINGW-ar" rcS libs.a l1.o l2.srec
	collect2 -e $ENTRY -o p.exe a.o b.o libs.a
	assert_failure
	assert_line "collect2: read by the object layer and nm: libs.a (1 member in a format only nm reads)"
	# the member, copied out of the archive (collect/nm.c)
	assert_line --regexp "^$CYG-nm --target=default -A -P $TMPDIR/cc[A-Za-z0-9]{6}/0$"
	assert_output --regexp "libs\.a@0x[0-9a-f]+: has the LTO marker but is not an object collect2 can read"
	rm "bin/$CYG-nm"
	collect2 -r -o r.o marked.o
	assert_failure
	assert_output --partial "marked.o: has the LTO marker but no .gnu.lto_ sections"
	collect2 -e $ENTRY -o p.exe a.o b.o lib.a
	assert_success
	refute_output --partial "no $CYG-nm"
	assert_line "collect2: LTO input: a.o (slim)"
	assert_line --regexp "^collect2: LTO input: lib\.a@0x[0-9a-f]+ \(slim, member l1\.o\)$"
	grep -q "PREVAILING_DEF_IRONLY ${P}unused_fn\$" p.exe.res
	collect2 -e $ENTRY -o p.exe a.o b.o libs.a
	assert_success
	assert_line "collect2: no $CYG-nm: the members only nm reads are taken to hold no IR"
	assert_line --regexp "^collect2: LTO input: libs\.a@0x[0-9a-f]+ \(slim, member l1\.o\)$"
}

@test "x86_64-pc-cygwin: the markers from the symbol tables; nm for a member only it reads, if there is one" { markers_row x86_64-pc-cygwin x86_64-w64-mingw32; }
@test "i686-pc-cygwin: the ___gnu_lto_v1 marker from the symbol tables; nm for a member only it reads, if there is one" { markers_row i686-pc-cygwin i686-w64-mingw32; }
