#!/usr/bin/env bats
# collect2 reads the link line as ld does, finds the LTO inputs (archive
# members included) and selects archive members as ld would.  With
# XGCC_COLLECT2_TRACE=1 it prints every member it pulls as
# "collect2: pulled (ARCHIVE)MEMBER at PATH", which the tests compare
# with ld -t -t ("(ARCHIVE)MEMBER") on links without LTO.
load helper

setup() {
	common_setup
	# A chain: main -> a -> b -> c; d is never needed; w is only weakly referenced.
	cat >main.c <<'EOF'
extern int a(void);
extern int weakref_only(void) __attribute__((weak));
int main(void) { return a() == 6 && !weakref_only ? 0 : 1; }
EOF
	printf 'extern int b(void);\nint a(void) { return 1 + b(); }\n' >a.c
	printf 'extern int c(void);\nint b(void) { return 2 + c(); }\n' >b.c
	printf 'int c(void) { return 3; }\n' >c.c
	printf 'int d(void) { return 4; }\n' >d.c
	printf 'int weakref_only(void) { return 5; }\n' >w.c
	for f in a b c d w; do "$XGCC" -O2 -c $f.c -o $f.o; done
	# members out of dependency order, so that ld must walk the archive again
	ar rcs libchain.a c.o d.o w.o b.o a.o
	"$XGCC" -O2 -c main.c -o main.o
}

# The "(ARCHIVE)MEMBER" lines of ld -t -t and of collect2's trace, sorted.
ld_members() { grep -o '([^)]*\.a)[^ ]*' | sed 's/^(\(.*\))/(\1)/' | sort -u; }
our_members() { sed -n 's/^collect2: pulled \(([^)]*)[^ ]*\) at .*/\1/p' | sort -u; }

# compare_selection ARGS...: link with ARGS; collect2's selection equals ld's.
compare_selection() {
	local out
	out=$(XGCC_COLLECT2_TRACE=1 "$XGCC" "$@" -Wl,-t,-t 2>&1) || { echo "$out"; return 1; }
	local want got
	want=$(echo "$out" | grep -v '^collect2: ' | ld_members)
	got=$(echo "$out" | grep '^collect2: pulled' | our_members)
	if [ "$want" != "$got" ]; then
		echo "ld pulled:"; echo "$want"; echo "collect2 selected:"; echo "$got"
		return 1
	fi
	[ -n "$want" ] || { echo "nothing pulled from any archive: the test proves nothing"; return 1; }
}

@test "archive members are selected as ld selects them (chains, weak references)" {
	run compare_selection main.o -L. -lchain -o prog
	assert_success
	run ./prog
	assert_success
	# d.o and w.o stay out, as ld leaves them out
	run env XGCC_COLLECT2_TRACE=1 "$XGCC" main.o -L. -lchain -o prog
	refute_output --partial ')d.o'
	refute_output --partial ')w.o'
	assert_output --partial '(./libchain.a)c.o'
}

@test "the selection also matches ld for -static (libc.a, libgcc.a, libgcc_eh.a)" {
	run compare_selection -static main.o -L. -lchain -o prog-static
	assert_success
}

@test "groups are walked until nothing more is pulled, as ld does" {
	# liba2 needs libb2 and libb2 needs liba2: only a group resolves it
	printf 'extern int y(void);\nint x(void) { return y(); }\nint x2(void) { return 7; }\n' >x.c
	printf 'extern int x2(void);\nint y(void) { return x2(); }\n' >y.c
	printf 'extern int x(void);\nint main(void) { return x() == 7 ? 0 : 1; }\n' >m2.c
	"$XGCC" -c x.c -o x.o && "$XGCC" -c y.c -o y.o && "$XGCC" -c m2.c -o m2.o
	ar rcs libx2.a x.o && ar rcs liby2.a y.o
	run compare_selection m2.o -L. -Wl,--start-group -lx2 -ly2 -Wl,--end-group -o prog-group
	assert_success
	run ./prog-group
	assert_success
}

@test "-u, --whole-archive, -Bstatic and -l:FILE are read as ld reads them" {
	printf 'int main(void) { return 0; }\n' >empty.c
	"$XGCC" -c empty.c -o empty.o
	run compare_selection empty.o -Wl,-u,d -L. -lchain -o prog-u
	assert_success
	run compare_selection empty.o -L. -Wl,--whole-archive -lchain -Wl,--no-whole-archive -o prog-whole
	assert_success
	run compare_selection main.o -L. -Wl,-Bstatic -l:libchain.a -Wl,-Bdynamic -o prog-colon
	assert_success
}

@test "slim LTO objects go through lto1, never to ld's plugin message" {
	"$XGCC" -flto -c a.c -o lto-a.o
	run "$XGCC" -flto main.o lto-a.o b.o c.o -o prog-lto
	assert_success
	refute_output --partial "plugin needed"
	run ./prog-lto
	assert_success
	assert_no_temps
}

@test "-v lists the LTO inputs, archive members included" {
	"$XGCC" -flto -c a.c -o lto-a.o
	ar rcs liblto.a lto-a.o b.o c.o
	run "$XGCC" -v -flto main.o -L. -llto -o prog-lto
	assert_success
	assert_output --regexp 'collect2: LTO input: \./liblto\.a@0x[0-9a-f]+ \(slim, member lto-a\.o\)'
	run ./prog-lto
	assert_success
}

@test "fat objects from stock gcc (no marker) are found through their sections" {
	gcc -flto -ffat-lto-objects -O2 -c a.c -o fat-a.o
	run raw_nm nm fat-a.o
	refute_output --partial "__gnu_lto"
	run "$XGCC" -v -flto main.o fat-a.o b.o c.o -o prog-fat
	assert_success
	assert_output --partial "collect2: LTO input: fat-a.o (fat)"
	run ./prog-fat
	assert_success
}

@test "an LTO member the link does not pull is not an LTO input" {
	"$XGCC" -flto -c d.c -o lto-d.o
	ar rcs libunused.a lto-d.o
	run "$XGCC" -v main.o -L. -lchain -lunused -o prog-unused
	assert_success
	refute_output --partial "LTO input"
}

@test "linker scripts are read for their inputs and passed to ld untouched" {
	printf 'GROUP ( ./libchain.a )\n' >libscript.so
	run compare_selection main.o -L. -lscript -o prog-script
	assert_success
	# only the words inside INPUT/GROUP/AS_NEEDED are files
	printf '/* a comment */\nOUTPUT_FORMAT(elf64-x86-64)\nGROUP ( ./libchain.a AS_NEEDED ( ./libchain.a ) )\n' >libscript2.so
	run compare_selection main.o -L. -lscript2 -o prog-script2
	assert_success
}

# The PE-COFF side, through collect2 itself (the MinGW cross drivers come
# later): XGCC_TARGET names the target, whose nm and ld collect2 runs.
mingw_collect2() {
	XGCC_TARGET=x86_64-w64-mingw32 "$XGCC_BUILDDIR/collect2" "$@"
}

@test "PE-COFF: members of plain mingw ar archives are selected as ld -r selects them" {
	command -v x86_64-w64-mingw32-gcc >/dev/null || skip "x86_64-w64-mingw32-gcc not installed"
	for f in main a b c d w; do x86_64-w64-mingw32-gcc -O2 -c $f.c -o w-$f.o; done
	x86_64-w64-mingw32-ar rcs libwchain.a w-c.o w-d.o w-w.o w-b.o w-a.o
	out=$(XGCC_COLLECT2_TRACE=1 mingw_collect2 -r -t -t w-main.o -L. -lwchain -o out.o 2>&1)
	want=$(echo "$out" | grep -v '^collect2: ' | ld_members)
	got=$(echo "$out" | grep '^collect2: pulled' | our_members)
	echo "ld: $want"; echo "collect2: $got"
	[ -n "$want" ]
	[ "$want" = "$got" ]
}

@test "PE-COFF: slim LTO members of mingw archives are found, with the i686 _ prefix too" {
	command -v x86_64-w64-mingw32-gcc >/dev/null || skip "x86_64-w64-mingw32-gcc not installed"
	command -v i686-w64-mingw32-gcc >/dev/null || skip "i686-w64-mingw32-gcc not installed"
	x86_64-w64-mingw32-gcc -flto -c a.c -o w-a.o
	x86_64-w64-mingw32-gcc -c main.c -o w-main.o
	x86_64-w64-mingw32-ar rcs libwlto.a w-a.o
	run env COLLECT_VERBOSE=1 XGCC_TARGET=x86_64-w64-mingw32 "$XGCC_BUILDDIR/collect2" -r w-main.o -L. -lwlto -o out.o
	assert_output --regexp 'collect2: LTO input: \./libwlto\.a@0x[0-9a-f]+ \(slim, member w-a\.o\)'
	i686-w64-mingw32-gcc -flto -c a.c -o w32-a.o
	i686-w64-mingw32-gcc -c main.c -o w32-main.o
	run env COLLECT_VERBOSE=1 XGCC_TARGET=i686-w64-mingw32 "$XGCC_BUILDDIR/collect2" -r w32-main.o w32-a.o -o out32.o
	assert_output --partial 'collect2: LTO input: w32-a.o (slim)'
}

@test "archives indexed by gcc-ar (IR symbols) are read, and their LTO members found" {
	gcc -flto -c a.c -o ga.o
	gcc-ar rcs libgar.a ga.o
	nm -s libgar.a | grep -q '^a in ga.o'
	run env COLLECT_VERBOSE=1 "$XGCC_BUILDDIR/collect2" -r main.o -L. -lgar -o out.o
	assert_output --regexp 'collect2: LTO input: \./libgar\.a@0x[0-9a-f]+ \(slim, member ga\.o\)'
}

@test "a malformed link input is one line from collect2, naming the file, exit 1" {
	head -c 300 a.o >trunc.o
	run "$XGCC" main.o trunc.o -o prog-bad
	assert_failure
	assert_output --regexp '^collect2: error: trunc\.o: .+$'
	[ "$(echo "$output" | grep -c '^collect2: ')" -eq 1 ]
	refute_output --partial "compilation terminated"
	[ ! -e prog-bad ]
	assert_no_temps
	printf '!<arch>\nbroken member header\n' >libbroken.a
	run "$XGCC" main.o -L. -lbroken -o prog-bad
	assert_failure
	assert_output --regexp '^collect2: error: \./libbroken\.a: .+$'
}
