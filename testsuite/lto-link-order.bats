#!/usr/bin/env bats
# The LTO link as gcc's plugin link reads it (collect/collect2.c
# insertion_point, collect/archives.c archives_pulled_first): the archive
# members the LTO modules' symbols pull, where they pull them; LTRANS's
# objects where the plugin puts them; the shared libraries ld has read
# before LTRANS's references meet them.  Each test builds the same program
# with gcc and with xgcc and compares what ld made of it.
load helper

# both CC-PAIR STEP...: run each STEP (a command line with CC for the
# compiler) in g/ with gcc's driver and in x/ with xgcc's; CC-PAIR is
# "c", "cxx" or "mingw-cxx".
both() {
	local pair=$1 ref ours
	shift
	case $pair in
	c) ref=gcc ours=$XGCC ;;
	cxx) ref=g++ ours=$XGXX ;;
	mingw-cxx) ref=x86_64-w64-mingw32-g++-posix ours=$XGCC_BUILDDIR/x86_64-w64-mingw32-g++-posix-xgcc ;;
	esac
	local d cc step
	for d in g x; do
		mkdir -p $d
		cc=$ref
		[ $d = x ] && cc=$ours
		for step in "$@"; do
			(cd $d && CC=$cc eval "$step") || fail "in $d/: $step failed"
		done
	done
}

# members MAP LTO-MEMBER...: the archive members ld loaded, by archive
# and member name (collect2's copies keep the archive's name, in a
# temporary directory; a moved import library's run has a "~" after
# it), but the LTO members named (gcc's ld lists those
# its plugin claimed; xgcc's ld never gets them).  Fails on an empty list.
members() {
	local map=$1 list
	shift
	list=$(sed -n '/^Archive member included/,/^\(Discarded\|Allocating\|Memory\|As-needed\|Linker script\)/p' "$map" |
		grep -E '^[^ ].*\.a~?\(' | awk '{print $1}' | sed -E 's|.*/||; s/\.a~\(/.a(/' | sort)
	local m
	for m in "$@"; do
		list=$(grep -v -F "($m)" <<<"$list")
	done
	[ -n "$list" ] || fail "$map: no archive member listed"
	echo "$list"
}

# text_bytes OBJDUMP FILE: the .text section's bytes, as hex.
text_bytes() {
	"$1" -s -j .text "$2" | tail -n +5
}

# msvcrt_has_code T: mingw-w64 13's libmsvcrt.a (Debian unstable) holds
# functions of its own beside the import stubs (_lock_file), which the
# rescan's members (libmingwex.a's printf) can be the first to need.
msvcrt_has_code() {
	"$1-w64-mingw32-nm" -g --defined-only "$("$1-w64-mingw32-gcc" -print-file-name=libmsvcrt.a)" 2>/dev/null |
		grep -Eq ' T _?_lock_file$'
}

# same_pe T G X: the programs G (gcc's) and X (xgcc's) are the same
# bytes; where the symbols LTRANS's code or its rescan's members first
# name are entered in ld's symbol table after the linker script's in
# gcc's link (msvcrt_has_code: Differences from GCC), the same bytes
# stripped, and the same symbols.
same_pe() {
	local t=$1 g=$2 x=$3
	if ! msvcrt_has_code "$t"; then
		cmp "$g" "$x" || fail "$(diff <("$t-w64-mingw32-objdump" -x "$g") <("$t-w64-mingw32-objdump" -x "$x") | head -5)"
		return
	fi
	"$t-w64-mingw32-strip" -o "$g.stripped" "$g" && "$t-w64-mingw32-strip" -o "$x.stripped" "$x" || fail "strip failed"
	cmp "$g.stripped" "$x.stripped" || fail "$(diff <("$t-w64-mingw32-objdump" -x "$g") <("$t-w64-mingw32-objdump" -x "$x") | head -5)"
	assert_equal "$("$t-w64-mingw32-objdump" -t "$x" | tail -n +5 | sed 's/^\[ *[0-9]*\]//' | sort)" \
		"$("$t-w64-mingw32-objdump" -t "$g" | tail -n +5 | sed 's/^\[ *[0-9]*\]//' | sort)"
}

@test "lto link order: an -m32 program's dynamic symbols in gcc's order, its libgcc members in gcc's place" {
	require_m32_run
	cat >a.c <<'EOF2'
#include <stdio.h>
#include <string.h>
long long f(long long a, long long b);
int main(int argc, char **argv) { char buf[64]; strcpy(buf, argv[0]); printf("%lld %s\n", f(argc * 1000000007LL, argc + 6), buf); return 0; }
EOF2
	cat >b.c <<'EOF2'
long long f(long long a, long long b) { return a % b + a / (b + 3); }
EOF2
	both c '$CC -m32 -O2 -flto -fstack-protector-strong -frandom-seed=a -c ../a.c -o a.o' \
		'$CC -m32 -O2 -flto -frandom-seed=b -c ../b.c -o b.o' \
		'$CC -m32 -O2 -flto -fstack-protector-strong a.o b.o -o p'
	# before 2026-12-07: strcpy and printf went into .dynstr before
	# __cxa_finalize (libc.so.6's order, not LTRANS's)
	cmp g/p x/p || fail ".dynstr: $(diff <(readelf -p .dynstr g/p) <(readelf -p .dynstr x/p))"
	run ./x/p
	assert_success
}

@test "lto link order: members only LTRANS's code calls land where ld's rescan puts them (-m32 libgcc, libc_nonshared)" {
	require_m32_run
	cat >a.c <<'EOF2'
#include <stdio.h>
#include <string.h>
long long f(long long a, long long b);
int first_fn(int x);
int main(int argc, char **argv) { char buf[64]; strcpy(buf, argv[0]); printf("%lld %s %d\n", f(argc * 1000000007LL, argc + 6), buf, first_fn(argc)); return 0; }
EOF2
	cat >b.c <<'EOF2'
long long f(long long a, long long b) { return a % b + a / (b + 3); }
EOF2
	echo 'int first_fn(int x) { return x + 1; }' >first.c
	echo 'int plain_fn(int x) { return x - 1; }' >plain.c
	both c '$CC -m32 -O2 -flto -fstack-protector-strong -frandom-seed=a -c ../a.c -o a.o' \
		'$CC -m32 -O2 -flto -frandom-seed=b -c ../b.c -o b.o' \
		'$CC -m32 -O2 -c ../first.c ../plain.c && ar rc libfirst.a first.o'
	local line n=0
	# __divdi3 and __moddi3 (libgcc.a) and __stack_chk_fail_local
	# (libc_nonshared.a, in libc.so's GROUP) are called by LTRANS's code
	# only.  zlib's shape first: -lc before gcc's -lgcc puts libgcc's
	# members first, as ld's input chain lists a script's files last
	# (before 2026-12-07: __stack_chk_fail_local first, 9 bytes more
	# .text); then a file after -lc; then members to come after the
	# member a later archive gives the first pass (libgcc.a is copied
	# without them)
	for line in 'a.o b.o -lc' 'a.o b.o -lc plain.o' 'a.o b.o -lgcc libfirst.a plain.o'; do
		n=$((n + 1))
		both c "\$CC -m32 -O2 -flto -fstack-protector-strong $line libfirst.a -o p$n"
		cmp g/p$n x/p$n || fail "$line: $(diff <(nm -n g/p$n) <(nm -n x/p$n) | head -5)"
	done
	run ./x/p1
	assert_success
}

@test "lto link order: a C++ LTO library beside a non-LTO archive with the same template instance (ELF)" {
	cat >fmt.cc <<'EOF2'
#include <sstream>
#include <string>
std::string fmt_int(int x) { std::ostringstream os; os << "v=" << x; return os.str(); }
EOF2
	cat >main.cc <<'EOF2'
#include <string>
std::string fmt_int(int x);
int run_tests();
int main() { return fmt_int(3) == "v=3" ? run_tests() : 1; }
EOF2
	cat >mock.cc <<'EOF2'
#include <sstream>
#include <string>
template class std::basic_stringbuf<char>;
std::string mock_describe(int x) { std::ostringstream os; os << "mock " << x; return os.str(); }
EOF2
	cat >gtest.cc <<'EOF2'
int run_tests() { return 0; }
EOF2
	both cxx '$CC -O2 -flto -fno-fat-lto-objects -frandom-seed=f -c ../fmt.cc' \
		'$CC -O2 -flto -fno-fat-lto-objects -frandom-seed=m -c ../main.cc' \
		'$CC -O2 -c ../mock.cc' '$CC -O2 -c ../gtest.cc' \
		'gcc-ar rc libfmt.a fmt.o && gcc-ar rc libtest-main.a main.o && ar rc libgmock.a mock.o && ar rc libgtest.a gtest.o' \
		'$CC -O2 -flto -Wl,-Map,map -Wl,-u,_Z9run_testsv libgtest.a libtest-main.a libfmt.a libgmock.a -o p'
	assert_equal "$(members x/map fmt.o main.o)" "$(members g/map fmt.o main.o)"
	# the first file the plugin claims is an archive member: LTRANS's
	# objects go after crtbeginS.o, the last file not a member before it,
	# so before libgtest.a's member (-u pulled it first); before
	# 2026-12-07 they came where libtest-main.a stood, after it
	if ld_merges_in_load_order; then
		# binutils 2.43 and later: ld reads gcc's LTRANS object after
		# libgmock.a's member and merges their .rodata.str1.1 in that
		# order, where xgcc's is read in its place (Differences from
		# GCC): the same sections and strings, in another order
		assert_equal "$(readelf -SW x/p)" "$(readelf -SW g/p)"
		assert_equal "$(rodata_strings x/p)" "$(rodata_strings g/p)"
	else
		assert_equal "$(text_bytes objdump x/p)" "$(text_bytes objdump g/p)"
	fi
	run ./x/p
	assert_success
}

@test "lto link order: a MinGW C++ LTO program takes the import stubs its LTO modules pull (auto-imported data too)" {
	[ -x "$XGCC_BUILDDIR/x86_64-w64-mingw32-g++-posix-xgcc" ] || skip "no x86_64 MinGW posix driver"
	command -v x86_64-w64-mingw32-g++-posix >/dev/null || skip "no x86_64-w64-mingw32-g++-posix"
	cat >lib.cc <<'EOF2'
#include <iostream>
#include <sstream>
#include <string>
std::string fmt_int(int x) { std::ostringstream os; os << "v=" << x; return os.str(); }
void say(const std::string &s) { std::cout << s << std::endl; }
EOF2
	cat >main.cc <<'EOF2'
#include <string>
std::string fmt_int(int x);
void say(const std::string &s);
std::string mock_describe(int x);
int main() { say(fmt_int(3)); return fmt_int(4) == "v=4" ? 0 : 1; }
EOF2
	cat >mock.cc <<'EOF2'
#include <sstream>
#include <string>
std::string mock_describe(int x) { std::ostringstream os; os << "mock " << x; return os.str(); }
EOF2
	local CC_G=x86_64-w64-mingw32-g++-posix CC_X=$XGCC_BUILDDIR/x86_64-w64-mingw32-g++-posix-xgcc
	both mingw-cxx '$CC -O2 -flto -fno-fat-lto-objects -frandom-seed=l -c ../lib.cc' \
		'$CC -O2 -flto -fno-fat-lto-objects -frandom-seed=m -c ../main.cc' '$CC -O2 -c ../mock.cc' \
		'x86_64-w64-mingw32-gcc-ar-posix rc liblib.a lib.o && x86_64-w64-mingw32-ar rc libmock.a mock.o' \
		'$CC -O2 -flto -Wl,-Map,map main.o liblib.a libmock.a -o p.exe'
	# before 2026-12-07: 23 archive members fewer, libstdc++'s import
	# stubs that ld pulled for the LTO modules' references and not for
	# LTRANS's, std::cout's among them; .text 144 bytes smaller
	assert_equal "$(members x/map lib.o)" "$(members g/map lib.o)"
	# The same code: the import stubs of libgcc_s that only LTRANS's code
	# calls (_Unwind_Resume) come after every member the first pass
	# pulled, where ld's rescan puts them (before 2026-12-07: where
	# libgcc_s.a first stands; and before that, the whole program came
	# from one backend run without WPA, its functions in another order)
	assert_equal "$(text_bytes x86_64-w64-mingw32-objdump x/p.exe)" "$(text_bytes x86_64-w64-mingw32-objdump g/p.exe)"
	# and the whole program (ld's time stamp aside), its symbol table too:
	# the import thunks LTRANS's code calls untyped, as ld typed them
	# from the IR's references in gcc's link
	export SOURCE_DATE_EPOCH=1700000000
	(cd g && $CC_G -O2 -flto main.o liblib.a libmock.a -o q.exe)
	(cd x && $CC_X -O2 -flto main.o liblib.a libmock.a -o q.exe)
	same_pe x86_64 g/q.exe x/q.exe
}

@test "lto link order: MinGW C LTO programs and DLLs are gcc's bytes (import libraries, absolute IR symbols, auto-export)" {
	local t n=0
	cat >m.c <<'EOF2'
#include <stdio.h>
int g(int);
int main(int c, char **v) { printf("%d %s\n", g(c), v[0]); return 0; }
EOF2
	echo 'int g(int x) { return x * 3; }' >n.c
	printf 'static int helper(int x) { return x * 2; }\nint inl(int x) { return x + 1; }\nint api(int x) { return helper(x) + inl(x); }\n' >d.c
	export SOURCE_DATE_EPOCH=1700000000 # ld's PE time stamp
	for t in x86_64 i686; do
		[ -x "$XGCC_BUILDDIR/$t-w64-mingw32-xgcc" ] && command -v $t-w64-mingw32-gcc >/dev/null || continue
		n=$((n + 1))
		mkdir -p g$t x$t
		(cd g$t && $t-w64-mingw32-gcc -O2 -flto ../m.c ../n.c -o p.exe && $t-w64-mingw32-gcc -O2 -flto -shared ../d.c -o d.dll)
		(cd x$t && "$XGCC_BUILDDIR/$t-w64-mingw32-xgcc" -O2 -flto ../m.c ../n.c -o p.exe &&
			"$XGCC_BUILDDIR/$t-w64-mingw32-xgcc" -O2 -flto -shared ../d.c -o d.dll)
		# before 2026-12-07: the copies of libmsvcrt.a and libkernel32.a
		# (other names) put their import tables in the other order, and
		# the DLL exported 46 symbols of the runtime's copied archives
		same_pe $t g$t/p.exe x$t/p.exe
		same_pe $t g$t/d.dll x$t/d.dll
	done
	[ $n -gt 0 ] || skip "no MinGW cross gcc with xgcc's driver"
}
