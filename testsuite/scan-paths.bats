#!/usr/bin/env bats
# The two ways collect2's scan judges a link input (collect/scan.c,
# collect/nm.c): ELF and PE-COFF objects and archive members through the
# object layer, LTO markers included, with the answers nm and objdump give;
# members in other formats through nm.  -v names the way each file took.
load helper

# expect FILE NM OBJDUMP [PREFIX]: what binutils say FILE is: "slim" with
# GCC 12's marker __gnu_lto_slim, "fat" with xgcc's __gnu_lto_v1 alone or
# with .gnu.lto_ sections and no marker (stock gcc's fat objects), else
# "plain"
expect() {
	local syms
	syms=$(raw_nm "$2" -P "$1" 2>/dev/null | awk '{ print $1 }')
	if grep -qx "${4:-}__gnu_lto_slim" <<<"$syms"; then
		echo slim
	elif grep -qx "${4:-}__gnu_lto_v1" <<<"$syms" || "$3" -h "$1" | grep -q ' \.gnu\.lto_'; then
		echo fat
	else
		echo plain
	fi
}

# expected NM OBJDUMP PREFIX FILE...: "NAME CLASS" per file, sorted
expected() {
	local nm=$1 objdump=$2 prefix=$3 f
	shift 3
	for f in "$@"; do echo "$f $(expect "$f" "$nm" "$objdump" "$prefix")"; done | sort
}

# found: "NAME CLASS" per object and archive member of collect2's -v
# output, sorted: "LTO input: F (slim|fat[, member M])" lines, and
# "plain" for the files read without one
found() {
	awk '
	/^collect2: read by the object layer: / { read[$NF] = 1 }
	/^collect2: LTO input: / {
		cls = $5; sub(/^\(/, "", cls); sub(/[,)]$/, "", cls)
		if ($6 == "member") { m = $7; sub(/\)$/, "", m); print m, cls } else { print $4, cls; lto[$4] = 1 }
	}
	END { for (f in read) if (!(f in lto) && f !~ /\.a$/) print f, "plain" }' | sort
}

# sources F...: F.c defining a function of its own name (no clashes in -r)
sources() {
	local f
	for f in "$@"; do printf 'int fn_%s(int x) { return x + %d; }\n' "$f" "${#f}" >"$f.c"; done
}

@test "ELF: the object layer classifies plain, slim and fat objects (xgcc's, stock gcc's) and archive members as nm and objdump do" {
	sources p xs xf gs gf
	gcc -O2 -c p.c
	"$XGCC" -O2 -flto -c xs.c
	"$XGCC" -O2 -flto -ffat-lto-objects -c xf.c
	gcc -O2 -flto -c gs.c
	gcc -O2 -flto -ffat-lto-objects -c gf.c
	want=$(expected nm objdump "" p.o xs.o xf.o gs.o gf.o)
	[ "$(echo "$want" | awk '{ print $2 }' | sort | uniq -c | awk '{ print $1 $2 }' | tr '\n' ' ')" = "2fat 1plain 2slim " ]
	XGCC_COLLECT2_TRACE=1 run "$XGCC" -v -nostdlib -r p.o xs.o xf.o gs.o gf.o -o out.o
	assert_success
	refute_line --partial 'nm --target=default'
	for f in p xs xf gs gf; do assert_line "collect2: read by the object layer: $f.o"; done
	got=$(echo "$output" | found)
	echo "nm, objdump: $want"; echo "collect2: $got"
	[ "$want" = "$got" ]
	# the same objects as members of archives, all pulled
	ar rcs liball.a p.o xs.o xf.o gs.o gf.o
	ar rcs libplain.a p.o
	XGCC_COLLECT2_TRACE=1 run "$XGCC" -v -nostdlib -r -Wl,--whole-archive liball.a -Wl,--no-whole-archive -o out2.o
	assert_success
	refute_line --partial 'nm --target=default'
	assert_line "collect2: read by the object layer: liball.a"
	got=$(echo "$output" | found | grep -v '^p\.o ')
	[ "$(echo "$want" | grep -v '^p\.o ')" = "$got" ]
	refute_output --partial "member p.o"
	run "$XGCC" -v -nostdlib -r -Wl,--whole-archive libplain.a -Wl,--no-whole-archive -o out3.o
	assert_success
	assert_line "collect2: read by the object layer: libplain.a"
	refute_output --partial "LTO input"
}

@test "ELF: the marker alone, global or local, is refused as nm's marker was: no .gnu.lto_ sections" {
	printf 'int __gnu_lto_v1;\nint fake(void) { return 0; }\n' >global.c
	printf 'static int __gnu_lto_slim __attribute__((used));\nint fake2(void) { return 0; }\n' >local.c
	gcc -fcommon -c global.c local.c
	raw_nm nm -P global.o | grep -q '^__gnu_lto_v1 C '
	raw_nm nm -P local.o | grep -q '^__gnu_lto_slim b '
	for f in global local; do
		run "$XGCC" -nostdlib -r "$f.o" -o out.o
		assert_failure
		assert_output "collect2: error: $f.o: has the LTO marker but no .gnu.lto_ sections"
		ar rcs "lib$f.a" "$f.o"
		run "$XGCC" -nostdlib -r "lib$f.a" -o out.o
		assert_failure
		assert_output --regexp "^collect2: error: lib$f\\.a@0x[0-9a-f]+: has the LTO marker but no \\.gnu\\.lto_ sections$"
	done
}

# mingw_found TRIPLET PREFIX: the classification test for one MinGW row
mingw_row() {
	local t=$1 prefix=$2
	local cc="$XGCC_BUILDDIR/$t-xgcc"
	[ -x "$cc" ] || skip "target $t not configured"
	command -v "$t-gcc" >/dev/null || skip "$t-gcc not installed"
	sources p xs xf gs gf bp bs
	"$t-gcc" -O2 -c p.c
	"$cc" -O2 -flto -c xs.c
	"$cc" -O2 -flto -ffat-lto-objects -c xf.c
	"$t-gcc" -O2 -flto -c gs.c
	"$t-gcc" -O2 -flto -ffat-lto-objects -c gf.c
	# bigobj: plain and slim
	"$t-gcc" -O2 -Wa,-mbig-obj -c bp.c
	"$cc" -O2 -flto -Wa,-mbig-obj -c bs.c
	[ "$(od -A n -t x1 -N 4 bs.o | tr -d ' ')" = 0000ffff ]
	local objs="p.o xs.o xf.o gs.o gf.o bp.o bs.o"
	# shellcheck disable=SC2086
	want=$(expected "$t-nm" "$t-objdump" "$prefix" $objs)
	[ "$(echo "$want" | awk '{ print $2 }' | sort | uniq -c | awk '{ print $1 $2 }' | tr '\n' ' ')" = "2fat 2plain 3slim " ]
	# shellcheck disable=SC2086
	XGCC_COLLECT2_TRACE=1 run "$cc" -v -nostdlib -r $objs -o out.o
	assert_success
	refute_line --partial 'nm --target=default'
	for f in $objs; do assert_line "collect2: read by the object layer: $f"; done
	got=$(echo "$output" | found)
	echo "nm, objdump: $want"; echo "collect2: $got"
	[ "$want" = "$got" ]
	# shellcheck disable=SC2086
	"$t-ar" rcs liball.a $objs
	XGCC_COLLECT2_TRACE=1 run "$cc" -v -nostdlib -r -Wl,--whole-archive liball.a -Wl,--no-whole-archive -o out2.o
	assert_success
	refute_line --partial 'nm --target=default'
	got=$(echo "$output" | found | grep -v '^bp\.o \|^p\.o ')
	[ "$(echo "$want" | grep -v '^bp\.o \|^p\.o ')" = "$got" ]
	# the marker alone, with the target's prefix
	printf 'int __gnu_lto_v1;\n' >marked.c
	"$t-gcc" -fcommon -c marked.c
	raw_nm "$t-nm" -P marked.o | grep -q "^${prefix}__gnu_lto_v1 C "
	run "$cc" -nostdlib -r marked.o -o out3.o
	assert_failure
	assert_output --partial "marked.o: has the LTO marker but no .gnu.lto_ sections"
}

@test "PE-COFF x86_64: plain, slim, fat and bigobj objects and members classified as nm and objdump do" {
	mingw_row x86_64-w64-mingw32 ""
}

@test "PE-COFF i686 (_ prefix): plain, slim, fat and bigobj objects and members classified as nm and objdump do" {
	mingw_row i686-w64-mingw32 _
}

@test "-v: each input's way, the object layer or the files known to hold no IR; no nm" {
	printf 'int main(void) { return 0; }\n' >m.c
	gcc -c m.c
	run "$XGCC" -v m.o -o m
	assert_success
	assert_line "collect2: read by the object layer: m.o"
	assert_line --regexp '^collect2: (known to hold no IR|read by the object layer): .*/libgcc\.a$'
	# nm as a program or in "read by ... and nm:", not a directory of
	# that name in a path (a tree built in /build/nm/xgcc)
	refute_line --regexp '(^|[ /-])nm([ :]|$)'
	# compiled in the same run without -flto: known, not read
	run "$XGCC" -v m.c -o m
	assert_success
	assert_line --regexp '^collect2: known to hold no IR: .*\.o$'
	refute_line --regexp '^collect2: read by the object layer: .*/cc[^/]*\.o$'
}

# bad_nm DIR: an nm in DIR that fails as a broken one would
bad_nm() {
	mkdir -p "$1"
	printf '#!/bin/sh\necho "nm: broken" >&2\nexit 2\n' >"$1/nm"
	chmod +x "$1/nm"
}

@test "a failing nm first in the search (-B, COMPILER_PATH) does not matter to ELF inputs; a member only nm reads still goes to it" {
	bad_nm bad
	printf 'int f(void);\nint main(void) { return f() - 3; }\n' >m.c
	printf 'int f(void) { return 3; }\n' >f.c
	printf 'int g(void) { return 4; }\n' >g.c
	gcc -O2 -c m.c g.c
	"$XGCC" -O2 -flto -c f.c
	ar rcs libf.a f.o
	run "$XGCC" -B"$PWD/bad/" -O2 m.o -L. -lf -o p
	assert_success
	run ./p
	assert_success
	COMPILER_PATH=$PWD/bad run "$XGCC" -O2 m.o -L. -lf -o p
	assert_success
	# a symbolsrec member (no symbol index: ar would ask its plugin)
	objcopy -O symbolsrec g.o g.srec
	ar rcS libs.a f.o g.srec
	XGCC_COLLECT2_TRACE=1 run "$XGCC" -v -B"$PWD/bad/" -O2 m.o -L. -ls -o p
	assert_failure
	assert_line "collect2: read by the object layer and nm: ./libs.a (1 member in a format only nm reads)"
	# the member, copied out of the archive (collect/nm.c)
	assert_line --regexp "^$PWD/bad//nm --target=default -A -P $TMPDIR/cc[A-Za-z0-9]{6}/0$"
	assert_line "collect2: fatal error: $PWD/bad//nm returned 2 exit status"
	# with the real nm: no marker there, the link goes on
	XGCC_COLLECT2_TRACE=1 run "$XGCC" -v -O2 m.o -L. -ls -o p
	assert_success
	assert_line --regexp "^nm --target=default -A -P $TMPDIR/cc[A-Za-z0-9]{6}/0$"
	assert_line --regexp '^collect2: LTO input: \./libs\.a@0x[0-9a-f]+ \(slim, member f\.o\)$'
	run ./p
	assert_success
}

@test "a member only nm reads that nm shows with the LTO marker stops the link" {
	printf 'int f(void) { return 3; }\n' >f.c
	printf 'int main(void) { return 0; }\n' >m.c
	gcc -c m.c
	"$XGCC" -O2 -flto -c f.c
	objcopy -O symbolsrec f.o f.srec
	grep -q '^  __gnu_lto_slim ' f.srec
	ar rcS libs.a f.srec
	raw_nm nm -A -P libs.a | grep -q '^libs\.a\[f\.srec\]: __gnu_lto_slim '
	run "$XGCC" m.o libs.a -o p
	assert_failure
	assert_output --regexp '^collect2: error: libs\.a@0x[0-9a-f]+: has the LTO marker but is not an object collect2 can read \(ELF or PE-COFF\)$'
	assert_no_temps
}

@test "nm's lines name the member they come from: an LTO object's namesake in another format is judged alone" {
	# Both members are f.o.  Binutils 2.46 and later load GCC's LTO plugin
	# even with --target=default and show the LTO object's IR symbols, not
	# its marker: when nm ran over the archive, the symbolsrec member's
	# marker line was taken for the first f.o's and the link went on.
	printf 'int f(void) { return 3; }\n' >f.c
	printf 'int f(void);\nint main(void) { return f() - 3; }\n' >m.c
	gcc -c m.c
	"$XGCC" -O2 -flto -c f.c
	mkdir s
	objcopy -O symbolsrec f.o s/f.o
	ar rcS libs.a f.o s/f.o
	[ "$(ar t libs.a | tr '\n' ' ')" = "f.o f.o " ]
	run "$XGCC" m.o libs.a -o p
	assert_failure
	assert_output --regexp '^collect2: error: libs\.a@0x[0-9a-f]+: has the LTO marker but is not an object collect2 can read \(ELF or PE-COFF\)$'
	# and the namesake without the marker: the LTO object links
	echo 'int g(int x) { return x; }' >g.c
	gcc -c g.c
	objcopy -O symbolsrec g.o s/f.o
	rm libs.a && ar rcS libs.a f.o s/f.o
	run "$XGCC" -O2 m.o libs.a -o p
	assert_success
	run ./p
	assert_success
	assert_no_temps
}
