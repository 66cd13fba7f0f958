#!/usr/bin/env bats
# -flto -r on MinGW: the merged object is written by xgcc's COFF writer
# (1-byte aligned LTO sections, long names, section symbols, a .file
# symbol, the markers with the target's prefix) and links again, through
# xgcc and through gcc's plugin path; with -ffat-lto-objects it carries
# its code too and links without LTO.  The programs run under wine.
load helper
load wine
load coff-lto

X64=x86_64-w64-mingw32
X32=i686-w64-mingw32

sources() {
	printf '#include <stdio.h>\nint f(int), g(int);\nint main(void) { printf("%%d\\n", f(g(4))); return 0; }\n' >m.c
	printf 'static int h(int x) { return x * 3; }\nint f(int x) { return h(x) + 1; }\n' >f.c
	printf 'int g(int x) { return x + 10; }\nint unused_g(int x) { return -x; }\n' >g.c
}

slim_merge() {
	T=$2
	how_skip "$1" "$T"
	local p=; [ "$T" = $X32 ] && p=_
	sources
	"$T-gcc" -O2 m.c f.c g.c -o ref.exe
	"$T-gcc" -O2 -flto -c m.c f.c g.c
	run coff_link "$1" "$T" -O2 -flto -r f.o g.o -o fg.o
	assert_success
	"$T-objdump" -f fg.o | grep -q "file format pe-"
	# every LTO section 1-byte aligned, excluded from images, its long name kept
	"$T-objdump" -h fg.o | awk '/ \.gnu\.lto_/ { n++; if ($NF != "2**0") bad = 1; getline; if ($0 !~ /EXCLUDE/) bad = 1 }
		END { exit !(n > 10 && !bad) }'
	run "$T-objdump" -t fg.o
	assert_line --regexp '\(sec -2\).*\(scl 103\) \(nx 1\) 0x[0-9a-f]+ lto\.o$'
	assert_line --regexp '\(scl   3\) \(nx 1\) 0x0+ \.gnu\.lto_\.symtab\.[0-9a-f]+$'
	assert_line --regexp "\(scl   2\) \(nx 0\) 0x0+1 ${p}__gnu_lto_slim\$"
	run "$XGCC_BUILDDIR/lto1" --list fg.o
	assert_output --partial "LTO slim, 2 modules"
	# it links again: xgcc's LTO stage and gcc's plugin
	run coff_link "$1" "$T" -O2 -flto m.o fg.o -o p.exe
	assert_success
	run_exe ./p.exe ./ref.exe 43
	run "$T-nm" p.exe
	refute_output --regexp ' [^A] _?unused_g'
	mkdir plugin
	(cd plugin && cp ../m.o ../fg.o . && "$T-gcc" -O2 -flto m.o fg.o -o p.exe)
	run_exe plugin/p.exe ./ref.exe 43
	# the IR's definitions LTRANS dropped: absolute symbols, as gcc's
	assert_equal "$("$T-nm" p.exe | grep ' A ' | grep -v ' A __')" "$("$T-nm" plugin/p.exe | grep ' A ' | grep -v ' A __')"
}

@test "x86_64 -flto -r: the COFF writer's merged object links again (collect2 direct)" { slim_merge direct $X64; }
@test "i686 -flto -r: the COFF writer's merged object links again (collect2 direct)" { slim_merge direct $X32; }
@test "x86_64 -flto -r through x86_64-w64-mingw32-xgcc" { slim_merge driver $X64; }

fat_merge() {
	T=$2
	how_skip "$1" "$T"
	sources
	"$T-gcc" -O2 m.c f.c g.c -o ref.exe
	"$T-gcc" -O2 -flto -ffat-lto-objects -c m.c f.c g.c
	run coff_link "$1" "$T" -O2 -flto -ffat-lto-objects -r f.o g.o -o fg.o
	assert_success
	# the merged IR and its code
	run "$T-nm" fg.o
	assert_line --regexp ' T _?f$'
	run "$XGCC_BUILDDIR/lto1" --list fg.o
	assert_output --partial "LTO fat"
	run coff_link "$1" "$T" -O2 -flto m.o fg.o -o lto.exe
	assert_success
	run_exe ./lto.exe ./ref.exe 43
	run coff_link "$1" "$T" -O2 -fno-lto m.o fg.o -o code.exe
	assert_success
	run_exe ./code.exe ./ref.exe 43
}

@test "x86_64 -flto -ffat-lto-objects -r: IR and code, links with and without LTO" { fat_merge direct $X64; }
@test "i686 -flto -ffat-lto-objects -r: IR and code, links with and without LTO" { fat_merge direct $X32; }
@test "x86_64 fat -r through the cross driver" { fat_merge driver $X64; }

@test "x86_64 -flto -r of LTO and plain objects: code (nolto-rel) that links again" {
	coff_skip $X64
	T=$X64
	sources
	"$T-gcc" -O2 m.c f.c g.c -o ref.exe
	"$T-gcc" -O2 -flto -c m.c f.c
	"$T-gcc" -O2 -c g.c
	run coff_direct $T gcc -O2 -flto -r f.o g.o -o fg.o
	assert_success
	assert_output --partial "using -flinker-output=nolto-rel"
	run "$T-nm" fg.o
	assert_line --regexp ' T f$'
	assert_line --regexp ' T g$'
	run coff_direct $T gcc -O2 -flto m.o fg.o -o p.exe
	assert_success
	run_exe ./p.exe ./ref.exe 43
}
