#!/usr/bin/env bats
# Real programs built by xgcc and xg++ with the backend's cc1, as and ld,
# then run; and the -print-*/-dump* queries, which must answer exactly as
# gcc does.
load helper
load lib-run

setup() {
	common_setup
	cat >util.h <<'EOF'
int add(int a, int b);
const char *greeting(void);
EOF
	cat >util.c <<'EOF'
#include "util.h"
int add(int a, int b) { return a + b; }
const char *greeting(void) { return "hello"; }
EOF
	cat >main.c <<'EOF'
#include <stdio.h>
#include "util.h"
int main(void)
{
	printf("%s %d\n", greeting(), add(2, 3));
	return 0;
}
EOF
	printf '#include <stdio.h>\nint main(void) { puts("ok"); return 0; }\n' >ok.c
}

# ---------------------------------------------------------------- C and C++

@test "multi-file C program compiled and linked in one step" {
	run "$XGCC" main.c util.c -o prog
	assert_success
	assert_output ''
	assert_elf_type prog DYN
	run ./prog
	assert_success
	assert_output 'hello 5'
	assert_no_file main.o util.o
	assert_no_temps
}

@test "multi-file C program built with separate -c steps" {
	run "$XGCC" -c main.c
	assert_success
	run "$XGCC" -c util.c -o util-obj.o
	assert_success
	assert_elf_type main.o REL
	assert_elf_type util-obj.o REL
	run "$XGCC" main.o util-obj.o -o prog
	assert_success
	run ./prog
	assert_success
	assert_output 'hello 5'
	assert_no_temps
}

@test "default output is a.out" {
	run "$XGCC" main.c util.c
	assert_success
	run ./a.out
	assert_output 'hello 5'
}

@test "C++ program with iostream, std::string and exceptions built by xg++" {
	cat >x.cc <<'EOF'
#include <iostream>
#include <stdexcept>
#include <string>
static std::string twice(const std::string &s) { return s + s; }
static void thrower(int n) { if (n > 2) throw std::runtime_error("too big: " + std::to_string(n)); }
int main()
{
	std::string s = twice("ab");
	std::cout << s << " " << s.size() << std::endl;
	try {
		thrower(3);
		std::cout << "not reached" << std::endl;
	} catch (const std::exception &e) {
		std::cout << "caught " << e.what() << std::endl;
	}
	try { throw 42; } catch (int v) { std::cout << "int " << v << std::endl; }
	return 0;
}
EOF
	run "$XGXX" -O2 x.cc -o x
	assert_success
	run ./x
	assert_success
	assert_output $'abab 4\ncaught too big: 3\nint 42'
	assert_no_temps
}

@test "C++ objects from separate xg++ -c steps link and run" {
	printf '#include <string>\nstd::string name() { return "cxx"; }\n' >n.cc
	printf '#include <iostream>\n#include <string>\nstd::string name();\nint main() { std::cout << name() << "\\n"; }\n' >m.cc
	run "$XGXX" -c n.cc
	assert_success
	run "$XGXX" -c m.cc
	assert_success
	run "$XGXX" m.o n.o -o cx
	assert_success
	run ./cx
	assert_output 'cxx'
}

@test "xg++ compiles a .c file as C++" {
	cat >cplus.c <<'EOF'
#include <cstdio>
#ifndef __cplusplus
#error not compiled as C++
#endif
template <typename T> T twice(T v) { return v + v; }
struct S { int v; S(int x) : v(x) {} int get() const { return v; } };
int main()
{
	S s(twice(21));
	int &r = s.v;
	std::printf("%d %d\n", s.get(), r);
	return 0;
}
EOF
	run "$XGXX" cplus.c -o cplus
	assert_success
	run ./cplus
	assert_success
	assert_output '42 42'
	# and xgcc compiles the same file as C, which fails
	run "$XGCC" -c cplus.c -o cplus.o
	assert_failure
}

@test "-m32 C program runs" {
	require_m32_run
	printf '#include <stdio.h>\nint main(void) { printf("%%d\\n", (int)sizeof(void *)); return 0; }\n' >p.c
	run "$XGCC" -m32 p.c -o p32
	assert_success
	assert_elf_class p32 ELF32
	run run_i386 ./p32
	assert_success
	assert_output '4'
	assert_no_temps
}

@test "-static C program runs" {
	run "$XGCC" -static main.c util.c -o sprog
	assert_success
	assert_elf_type sprog EXEC
	run readelf -l sprog
	refute_output --partial 'INTERP'
	run ./sprog
	assert_success
	assert_output 'hello 5'
}

@test "shared library built with -shared -fPIC and linked with -L. -lfoo" {
	printf 'int foo(int x) { return x * 7; }\n' >foo.c
	printf '#include <stdio.h>\nint foo(int);\nint main(void) { printf("%%d\\n", foo(6)); return 0; }\n' >usefoo.c
	run "$XGCC" -shared -fPIC foo.c -o libfoo.so
	assert_success
	assert_elf_type libfoo.so DYN
	run "$XGCC" usefoo.c -L. -lfoo -Wl,-rpath,"$PWD" -o usefoo
	assert_success
	run readelf -d usefoo
	assert_output --partial 'libfoo.so'
	run ./usefoo
	assert_success
	assert_output '42'
	assert_no_temps
}

@test "static archive made with ar and linked with -l" {
	run "$XGCC" -c util.c
	assert_success
	run ar rcs libutil.a util.o
	assert_success
	rm util.o
	run "$XGCC" main.c -L. -lutil -o prog
	assert_success
	run ./prog
	assert_output 'hello 5'
}

@test "-l before the object that needs it is not searched (link order kept)" {
	run "$XGCC" -c util.c
	ar rcs libutil.a util.o
	run "$XGCC" -L. -lutil main.c -o prog
	assert_failure
	assert_output --partial 'undefined reference'
	assert_no_file prog
}

# ----------------------------------------------------------- input kinds

@test "-x c - reads the program from standard input" {
	run sh -c 'printf "#include <stdio.h>\nint main(void) { puts(\"from stdin\"); return 0; }\n" | "$XGCC" -x c - -o p'
	assert_success
	run ./p
	assert_output 'from stdin'
	assert_no_temps
}

@test ".S file is preprocessed, assembled and linked" {
	cat >ret.S <<'EOF'
#define VALUE 42
	.text
	.globl main
	.type main, @function
main:
	movl $VALUE, %eax
	ret
	.section .note.GNU-stack,"",@progbits
EOF
	run "$XGCC" ret.S -o ret
	assert_success
	run ./ret
	assert_equal "$status" 42
	run "$XGCC" -c ret.S
	assert_success
	assert_elf_type ret.o REL
	assert_no_temps
}

@test ".s file is assembled and linked" {
	printf '\t.text\n\t.globl main\nmain:\n\tmovl $5, %%eax\n\tret\n\t.section .note.GNU-stack,"",@progbits\n' >five.s
	run "$XGCC" five.s -o five
	assert_success
	run ./five
	assert_equal "$status" 5
}

# ------------------------------------------------------ stopping early

@test "-E writes the preprocessed source to standard output" {
	printf '#define NAME expanded_name\nint NAME;\n' >e.c
	run "$XGCC" -E e.c
	assert_success
	assert_line 'int expanded_name;'
	assert_line --partial '# 1 "e.c"'
	assert_no_file e.i e.o a.out
}

@test "-E -o writes the preprocessed source to the file" {
	printf '#define NAME expanded_name\nint NAME;\n' >e.c
	run "$XGCC" -E e.c -o e.out
	assert_success
	assert_output ''
	run grep -c 'int expanded_name;' e.out
	assert_output '1'
	assert_no_temps
}

@test "-S writes a .s file and nothing else" {
	run "$XGCC" -S main.c
	assert_success
	run grep -c '^main:' main.s
	assert_output '1'
	assert_no_file main.o a.out
	# and the .s assembles into a working program
	run "$XGCC" main.s util.c -o prog
	assert_success
	run ./prog
	assert_output 'hello 5'
	assert_no_temps
}

@test "-S -o names the assembly file" {
	run "$XGCC" -S main.c -o out.asm
	assert_success
	run grep -c '^main:' out.asm
	assert_output '1'
	assert_no_file main.s
}

# ------------------------------------------------------ driver options

@test "-save-temps leaves a.i a.s a.o in the current directory" {
	printf '#define SEVEN 7\nint main(void) { return SEVEN; }\n' >a.c
	run "$XGCC" -save-temps a.c
	assert_success
	[ -f a.i ] && [ -f a.s ] && [ -f a.o ] || fail "missing: $(ls)"
	run grep -c 'return 7;' a.i
	assert_output '1'
	run grep -c '^main:' a.s
	assert_output '1'
	assert_elf_type a.o REL
	run ./a.out
	assert_equal "$status" 7
	assert_no_temps
}

@test "-save-temps -o sub/prog places the temporaries by -o, as gcc 12 does" {
	printf 'int main(void) { return 0; }\n' >a.c
	mkdir sub
	run "$XGCC" -save-temps a.c -o sub/prog
	assert_success
	[ -x sub/prog ] || fail "no sub/prog"
	[ -f sub/prog-a.i ] && [ -f sub/prog-a.s ] && [ -f sub/prog-a.o ] || fail "have: $(ls -R)"
	assert_no_file prog-a.i prog-a.s prog-a.o a.i
}

@test "-save-temps -c -o sub/x.o places the temporaries by -o, as gcc 12 does" {
	printf 'int main(void) { return 0; }\n' >a.c
	mkdir sub
	run "$XGCC" -save-temps -c a.c -o sub/x.o
	assert_success
	[ -f sub/x.i ] && [ -f sub/x.s ] && [ -f sub/x.o ] || fail "have: $(ls -R)"
	assert_no_file x.i x.s a.i a.s
}

@test "-save-temps=cwd -o sub/prog writes the temporaries in the current directory" {
	printf 'int main(void) { return 0; }\n' >a.c
	mkdir sub
	run "$XGCC" -save-temps=cwd a.c -o sub/prog
	assert_success
	[ -x sub/prog ] || fail "no sub/prog"
	[ -f prog-a.i ] && [ -f prog-a.s ] && [ -f prog-a.o ] || fail "have: $(ls -R)"
	assert_no_file sub/prog-a.i
	run "$XGCC" -save-temps=cwd -c a.c -o sub/x.o
	assert_success
	[ -f x.i ] && [ -f x.s ] && [ -f sub/x.o ] || fail "have: $(ls -R)"
	assert_no_file sub/x.i
}

@test "-save-temps=obj places the temporaries by -o" {
	printf 'int main(void) { return 0; }\n' >a.c
	mkdir sub
	run "$XGCC" -save-temps=obj a.c -o sub/prog
	assert_success
	[ -f sub/prog-a.i ] && [ -f sub/prog-a.s ] && [ -f sub/prog-a.o ] || fail "have: $(ls -R)"
	run "$XGCC" -save-temps=obj -c a.c -o sub/x.o
	assert_success
	[ -f sub/x.i ] && [ -f sub/x.s ] && [ -f sub/x.o ] || fail "have: $(ls -R)"
	assert_no_file a.i a.s a.o prog-a.i x.i
	assert_no_temps
}

@test "-pipe builds a working program" {
	run "$XGCC" -pipe main.c util.c -o prog
	assert_success
	run ./prog
	assert_output 'hello 5'
	assert_no_temps
}

@test "-pipe -v shows cc1 piped into as" {
	run "$XGCC" -pipe -v -c ok.c
	assert_success
	assert_line --regexp '/cc1 .* -o - \|$'
	# the assembler as gcc names it: "as", or Debian's GCC 15 and later
	# "x86_64-linux-gnu-as"
	assert_line --regexp '^ ?([^ /]*-)?as .*|/([^ /]*-)?as .*'
	assert_elf_type ok.o REL
}

@test "-time prints a line for cc1 and for as" {
	run "$XGCC" -time ok.c -o ok
	assert_success
	assert_line --regexp '^# cc1 [0-9.]+ [0-9.]+$'
	assert_line --regexp '^# as [0-9.]+ [0-9.]+$'
	run ./ok
	assert_output 'ok'
}

@test "-v shows the collect2 command and COLLECT_GCC_OPTIONS" {
	run "$XGCC" -v ok.c -o ok
	assert_success
	assert_line --regexp '/collect2 '
	assert_line --regexp "^COLLECT_GCC_OPTIONS='-v' '-o' 'ok'"
	assert_line --regexp '^Target: '
	run ./ok
	assert_output 'ok'
}

@test "response file with quoted arguments containing spaces" {
	printf '#include <stdio.h>\nint main(void) { puts(MSG); return 0; }\n' >msg.c
	cat >args.rsp <<'EOF'
'-DMSG="hi there"'
-o "out file"
msg.c
EOF
	run "$XGCC" @args.rsp
	assert_success
	run "./out file"
	assert_success
	assert_output 'hi there'
	assert_no_temps
}

@test "nested response files" {
	printf '#include <stdio.h>\nint main(void) { printf("%%d %%s\\n", A + B, NAME); return 0; }\n' >n.c
	printf -- '-DB=2 "-DNAME=\\"two words\\""\n' >inner.rsp
	printf -- '-DA=40 @inner.rsp\nn.c -o nested\n' >outer.rsp
	run "$XGCC" @outer.rsp
	assert_success
	run ./nested
	assert_output '42 two words'
}

@test "-wrapper /usr/bin/env runs the build" {
	run "$XGCC" -wrapper /usr/bin/env main.c util.c -o prog
	assert_success
	run ./prog
	assert_output 'hello 5'
}

@test "-wrapper PROG,ARG runs every subprocess under PROG ARG" {
	cat >wrap <<EOF
#!/bin/sh
tag=\$1; shift
echo "\$tag \$(basename "\$1")" >>"$WORK/wrap.log"
exec "\$@"
EOF
	chmod +x wrap
	run "$XGCC" -wrapper "$WORK/wrap,TAG" ok.c -o ok
	assert_success
	run ./ok
	assert_output 'ok'
	run cat wrap.log
	assert_line 'TAG cc1'
	assert_line --regexp '^TAG ([^ ]*-)?as$'
	assert_line 'TAG collect2'
}

# ---------------------------------------------------- hostile file names

@test "source file named with a quote, \$, backquotes and spaces" {
	local src='my file'"'"'s $x `y`.c'
	cp ok.c "$src"
	run "$XGCC" "$src" -o hostile
	assert_success
	run ./hostile
	assert_output 'ok'
	run "$XGCC" -c "$src"
	assert_success
	[ -f 'my file'"'"'s $x `y`.o' ] || fail "no object; have: $(ls)"
	assert_no_temps
}

@test "source file named -dash.c passed as ./-dash.c" {
	cp ok.c ./-dash.c
	run "$XGCC" ./-dash.c -o dash
	assert_success
	run ./dash
	assert_output 'ok'
	run "$XGCC" -c ./-dash.c
	assert_success
	[ -f ./-dash.o ] || fail "no ./-dash.o; have: $(ls)"
}

@test "non-ASCII source file name é.c" {
	cp ok.c 'é.c'
	run "$XGCC" 'é.c' -o 'é'
	assert_success
	run './é'
	assert_output 'ok'
	run "$XGCC" -c 'é.c'
	assert_success
	assert_elf_type 'é.o' REL
}

@test "output in a directory with a space: -o 'out dir/prog'" {
	mkdir 'out dir'
	run "$XGCC" main.c util.c -o 'out dir/prog'
	assert_success
	run './out dir/prog'
	assert_output 'hello 5'
	run "$XGCC" -c util.c -o 'out dir/u t.o'
	assert_success
	assert_elf_type 'out dir/u t.o' REL
	assert_no_temps
}

# ------------------------------------------- queries: exactly gcc's answers

@test "-print-file-name=libc.so matches gcc" {
	run same_as_gcc gcc "$XGCC" -print-file-name=libc.so
	assert_success
}

@test "-print-file-name= of a directory (include, plugin) matches gcc: directories count, as in gcc's search" {
	run same_as_gcc gcc "$XGCC" -print-file-name=include
	assert_success
	run same_as_gcc gcc "$XGCC" -print-file-name=plugin
	assert_success
	run "$XGCC" -print-file-name=include
	assert_output "$(gcc -print-file-name=include)"
	[ -d "$output" ]
}

@test "-print-file-name of a missing file matches gcc" {
	run same_as_gcc gcc "$XGCC" -print-file-name=libnosuchlib.a
	assert_success
}

@test "-print-prog-name=cc1 matches gcc" {
	run same_as_gcc gcc "$XGCC" -print-prog-name=cc1
	assert_success
}

@test "-print-libgcc-file-name matches gcc" {
	run same_as_gcc gcc "$XGCC" -print-libgcc-file-name
	assert_success
}

@test "-print-multiarch matches gcc" {
	run same_as_gcc gcc "$XGCC" -print-multiarch
	assert_success
}

@test "-print-multi-directory matches gcc" {
	run same_as_gcc gcc "$XGCC" -print-multi-directory
	assert_success
}

@test "-print-multi-directory -m32 matches gcc" {
	run same_as_gcc gcc "$XGCC" -print-multi-directory -m32
	assert_success
}

@test "-print-multi-lib matches gcc" {
	run same_as_gcc gcc "$XGCC" -print-multi-lib
	assert_success
}

@test "-print-multi-os-directory matches gcc" {
	run same_as_gcc gcc "$XGCC" -print-multi-os-directory
	assert_success
}

@test "-print-multi-os-directory -m32 matches gcc" {
	run same_as_gcc gcc "$XGCC" -print-multi-os-directory -m32
	assert_success
}

@test "-dumpmachine matches gcc" {
	run same_as_gcc gcc "$XGCC" -dumpmachine
	assert_success
}

@test "-dumpversion matches gcc" {
	run same_as_gcc gcc "$XGCC" -dumpversion
	assert_success
}

@test "-dumpfullversion matches gcc" {
	run same_as_gcc gcc "$XGCC" -dumpfullversion
	assert_success
}

@test "xg++ -print-file-name=libstdc++.so matches g++" {
	run same_as_gcc g++ "$XGXX" -print-file-name=libstdc++.so
	assert_success
}

@test "--version exits 0" {
	run "$XGCC" --version
	assert_success
	assert_line --index 0 --partial "$(gcc -dumpfullversion)"
}

@test "--help exits 0 and mentions -###" {
	run "$XGCC" --help
	assert_success
	assert_output --partial '-###'
}
