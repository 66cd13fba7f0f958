#!/usr/bin/env bats
# Options xgcc only has to pass through to the compiler proper, and that
# must arrive intact: -Wc++-compat, C99 restrict, -D_GLIBCXX_PROFILE.
load helper
load lib-run

setup() {
	common_setup
	export LC_ALL=C # ASCII quotes in diagnostics
}

# hash3_same ARGS...: gcc -### and xgcc -### agree for ARGS (normalised).
hash3_same() {
	diff <(gcc -### "$@" 2>&1 | normalise_hash3) <(gcc_xgcc_hash3 "$@")
}
gcc_xgcc_hash3() {
	"$XGCC" -### "$@" 2>&1 | normalise_hash3
}

# ------------------------------------------------------ -Wc++-compat

@test "-Wc++-compat warns about implicit conversion from void *" {
	cat >w.c <<'EOF'
#include <stdlib.h>
int *make(void)
{
	int *p = malloc(sizeof *p);
	return p;
}
EOF
	run "$XGCC" -Wc++-compat -c w.c
	assert_success
	assert_line --regexp "^w\.c:4:[0-9]+: warning: request for implicit conversion from 'void \*' to 'int \*' not permitted in C\+\+ \[-Wc\+\+-compat\]$"
	assert [ -e w.o ]
	# without it, nothing to say
	run "$XGCC" -c w.c
	assert_success
	assert_output ''
	assert_no_temps
}

@test "-Wc++-compat reaches cc1, as with gcc" {
	printf 'int x;\n' >w.c
	run "$XGCC" -### -Wc++-compat -c w.c
	assert_success
	assert_line --regexp '/cc1 .*"-Wc\+\+-compat"'
	run hash3_same -Wc++-compat -c w.c
	assert_success
}

@test "-Wc++-compat with -Werror fails the compilation" {
	printf 'enum e { A };\nvoid f(void) { enum e v = 1; (void)v; }\nint *g(void *q) { return q; }\n' >w.c
	run "$XGCC" -Wc++-compat -Werror -c w.c
	assert_failure 1
	assert_output --partial "error: request for implicit conversion from 'void *' to 'int *' not permitted in C++ [-Werror=c++-compat]"
	assert_no_file w.o
	assert_no_temps
}

# ------------------------------------------------------ restrict

@test "C99 restrict compiles with -std=c99 and runs" {
	cat >r.c <<'EOF'
#include <stddef.h>
static void add(size_t n, int *restrict out, const int *restrict a, const int *restrict b)
{
	for (size_t i = 0; i < n; i++)
		out[i] = a[i] + b[i];
}
int main(void)
{
	int a[4] = { 1, 2, 3, 4 }, b[4] = { 10, 20, 30, 40 }, c[4];
	add(4, c, a, b);
	return c[0] + c[1] + c[2] + c[3] == 110 ? 0 : 1;
}
EOF
	run "$XGCC" -std=c99 -pedantic-errors -O2 r.c -o r
	assert_success
	assert_output ''
	run ./r
	assert_success
	# restrict is no keyword in C89: the same file does not compile there
	run "$XGCC" -std=c89 -c r.c
	assert_failure 1
	assert_no_file r.o
	assert_no_temps
}

@test "-std=c99 with restrict: -### matches gcc" {
	printf 'void f(int *restrict p);\n' >r.c
	run hash3_same -std=c99 -c r.c
	assert_success
}

# ------------------------------------------------------ -D_GLIBCXX_PROFILE

@test "-D_GLIBCXX_PROFILE reaches cc1plus" {
	printf 'int main() { return 0; }\n' >t.cc
	run "$XGXX" -### -D_GLIBCXX_PROFILE -c t.cc
	assert_success
	# like gcc: -D and the macro as two words
	assert_line --regexp '/cc1plus .* -D _GLIBCXX_PROFILE t\.cc '
	run hash3_same -D_GLIBCXX_PROFILE -c t.cc
	assert_success
}

@test "-D_GLIBCXX_PROFILE: the preprocessor sees the macro" {
	printf '#ifdef _GLIBCXX_PROFILE\nprofile_defined\n#endif\n' >t.cc
	run "$XGXX" -D_GLIBCXX_PROFILE -E -P t.cc
	assert_success
	assert_output 'profile_defined'
	run "$XGXX" -E -P t.cc
	assert_success
	assert_output ''
}

@test "-D_GLIBCXX_PROFILE: -dM -E lists the macro" {
	printf 'int main() { return 0; }\n' >t.cc
	run hash3_same -D_GLIBCXX_PROFILE -dM -E t.cc
	assert_success
	run "$XGXX" -D_GLIBCXX_PROFILE -dM -E t.cc
	assert_success
	assert_line '#define _GLIBCXX_PROFILE 1'
	run "$XGXX" -dM -E t.cc
	refute_line --partial '_GLIBCXX_PROFILE'
	run "$XGXX" -D_GLIBCXX_PROFILE=2 -dM -E t.cc
	assert_line '#define _GLIBCXX_PROFILE 2'
}

@test "-D_GLIBCXX_PROFILE: a tiny C++ program compiles and runs" {
	# GCC 12 has no profile mode headers any more (include/c++/12/profile):
	# the macro is then only a macro.
	cat >t.cc <<'EOF'
#include <vector>
#include <map>
int main()
{
#ifndef _GLIBCXX_PROFILE
	return 2;
#endif
	std::vector<int> v(3, 1);
	std::map<int, int> m;
	m[1] = v[0] + v[1] + v[2];
	return m[1] == 3 ? 0 : 1;
}
EOF
	run "$XGXX" -D_GLIBCXX_PROFILE t.cc -o t
	assert_success
	assert_output ''
	run ./t
	assert_success
	assert_no_temps
}

@test "objects given only through -Wl, or -Xlinker make a link, as with gcc" {
	printf 'int f(void) { return 0; }\n' >f.c
	printf 'int f(void);\nint main(void) { return f(); }\n' >m.c
	"$XGCC" -c f.c m.c
	run "$XGCC" -Wl,m.o,f.o -o p1
	assert_success
	run ./p1
	assert_success
	run "$XGCC" -Xlinker m.o -Xlinker f.o -o p2
	assert_success
	run "$XGCC" -o p3
	assert_failure
	assert_output --partial "no input files"
}

@test "-std= aliases and -f[no-]diagnostics-color reach cc1 and COLLECT_GCC_OPTIONS in gcc's canonical spelling" {
	printf 'int x;\n' >s.c
	printf 'int y;\n' >s.cc
	for s in gnu89 c89 iso9899:1990 c9x iso9899:1999 gnu9x c1x gnu1x iso9899:2011 c18 gnu18 \
		 iso9899:2017 iso9899:2018 c2x iso9899:199409; do
		hash3_same -std=$s -c s.c || fail "-std=$s"
	done
	for s in c++03 gnu++03 c++0x gnu++0x c++1y c++1z gnu++1z c++2a gnu++2a c++2b gnu++2b; do
		hash3_same -std=$s -c s.cc || fail "-std=$s"
	done
	hash3_same -fno-diagnostics-color -c s.c
	hash3_same -fdiagnostics-color -c s.c
	run "$XGCC" -std=gnu89 -### -c s.c
	assert_output --partial '"-std=gnu90"'
	refute_output --partial gnu89
}

@test "-E, -M, -MM on preprocessed input (.i, .ii) run nothing, as gcc; no output is written" {
	printf 'int x;\n' >pp.i
	printf 'int y;\n' >pp.ii
	printf 'int z;\n' >s.c
	hash3_same -E pp.i
	hash3_same -M pp.i
	hash3_same -MM pp.ii
	hash3_same -E pp.i s.c
	run "$XGCC" -E pp.ii -o out.txt
	assert_success
	assert_output ""
	[ ! -e out.txt ]
}

@test "-B DIR/: Debian's gcc looks for TRIPLET-as and TRIPLET-ld there first, and so does xgcc" {
	local t
	t=$(gcc -dumpmachine)
	mkdir -p b
	printf '#!/bin/sh\nexec as "$@"\n' >"b/$t-as"
	printf '#!/bin/sh\nexec as "$@"\n' >b/as
	cp b/as "b/$t-ld"
	chmod +x b/*
	[ "$(gcc -B b/ -print-prog-name=as)" = "b/$t-as" ] || skip "this gcc does not look for $t-as first"
	for q in as ld; do
		assert_equal "$("$XGCC" -B b/ -print-prog-name=$q)" "$(gcc -B b/ -print-prog-name=$q)"
	done
	printf 'int main(void) { return 0; }\n' >m.c
	same_as_gcc gcc "$XGCC" -B b/ -c m.c
	run "$XGCC" -B b/ -c m.c
	assert_success
	rm "b/$t-as"
	same_as_gcc gcc "$XGCC" -B b/ -c m.c
}

@test "-no-integrated-cpp: cc1 -E into a temporary, then cc1 -fpreprocessed, and the object is the one-step one" {
	printf '#define N 7\nint n(void) { return N; }\n' >n.c
	run "$XGCC" -### -c n.c -no-integrated-cpp
	assert_success
	assert_line --regexp '/cc1 -E .* -o [^ ]*/cc[A-Za-z0-9]{6}\.i$'
	assert_line --regexp '/cc1 -fpreprocessed [^ ]*/cc[A-Za-z0-9]{6}\.i '
	"$XGCC" -c n.c -no-integrated-cpp -o two.o
	"$XGCC" -c n.c -o one.o
	cmp <(objdump -d two.o | tail -n +3) <(objdump -d one.o | tail -n +3) || fail "the code differs"
	assert_no_temps
}

@test "with an @file given, -I/-F, -L and the link's inputs go to the programs in @files, kept under -save-temps with gcc's names" {
	printf 'int main(void) { return 0; }\n' >m.c
	printf 'int f(void) { return 1; }\n' >f.c
	mkdir -p inc lib
	same_as_gcc gcc "$XGCC" @/dev/null -I inc -c m.c
	same_as_gcc gcc "$XGCC" @/dev/null -I inc -L lib m.c f.c -o prog
	mkdir x g
	(cd x && "$XGCC" @/dev/null -I ../inc -L ../lib -save-temps ../m.c ../f.c -o prog.exe) || fail "xgcc failed"
	(cd g && gcc @/dev/null -I ../inc -L ../lib -save-temps ../m.c ../f.c -o prog.exe) || fail "gcc failed"
	diff <(cd x && ls -1 | grep args | sort) <(cd g && ls -1 | grep args | sort) ||
		fail "the kept @files differ (xgcc <, gcc >)"
	grep -qx -- '-L../lib' x/prog.ld1_args || fail "collect2's ld arguments are not in prog.ld1_args"
	assert_equal "$(cat x/prog.args.2)" "-L../lib"
}
