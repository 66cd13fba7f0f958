/* testsuite/difftest/gen.c: the generator of the differential test
 * (testsuite/difftest/run, make check-diff).
 *
 *   gen FAMILY SEED COUNT
 *
 * prints COUNT random gcc command lines, one a line, the arguments
 * separated by single spaces (no argument holds a space).  FAMILY is
 * native (gcc), cxx (g++), mingw64 or mingw32 (the MinGW cross gccs):
 * each option of the pool says which families draw it.  A line is 0-6
 * options and 0-3 inputs in random order, sometimes followed by an option
 * that lacks its argument.  The same FAMILY and SEED always give the same
 * lines (a splitmix64 generator; no libc random).
 *
 * The inputs are the files testsuite/difftest/run puts in its scratch
 * directory (a.c, c.cc, s.s, x.o, ...; missing.c is never there).  The
 * pool leaves out what the manual documents as different and -###
 * cannot show alike (doc/difftest.texi, node Differential Test Pool):
 * -B, -specs, -dumpspecs, -nostdlib++; -m64 for i686 MinGW.  Unknown
 * options and values are in it: the driver reads gcc's own option table
 * and rejects them as gcc does.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { N = 1, X = 2, W = 4, I = 8, GNU = N | X, MINGW = W | I, ALL = 15 };

struct entry {
	unsigned fam;	/* the families that draw it */
	const char *text;	/* one or two words */
};

/* The option pool: each entry counts once, so common options come in
 * several spellings rather than several copies. */
static const struct entry options[] = {
	/* phases and outputs */
	{ALL, "-c"}, {ALL, "-c"}, {ALL, "-S"}, {ALL, "-E"}, {ALL, "-c"},
	{ALL, "-o out.o"}, {ALL, "-o prog"}, {ALL, "-o sub/x.o"}, {ALL, "-o out.s"},
	{ALL, "-o -"}, {ALL, "--output=out.o"}, {ALL, "--output prog"},
	{ALL, "--compile"}, {ALL, "--assemble"}, {ALL, "--preprocess"},
	{ALL, "-x c"}, {ALL, "-x c++"}, {ALL, "-x assembler"}, {ALL, "-x assembler-with-cpp"},
	{ALL, "-x none"}, {ALL, "-x c-header"}, {ALL, "-x cpp-output"}, {ALL, "-x c++-header"},
	{ALL, "-x bogus"}, {ALL, "--language=c"}, {ALL, "-xc"},
	{ALL, "-v"}, {ALL, "-pipe"}, {ALL, "-save-temps"}, {ALL, "-save-temps=obj"},
	{ALL, "-save-temps=cwd"}, {ALL, "--save-temps"}, {ALL, "--pipe"}, {ALL, "--verbose"},
	{ALL, "-dumpbase base"}, {ALL, "-dumpdir dd/"},
	/* optimisation and debugging */
	{ALL, "-O"}, {ALL, "-O0"}, {ALL, "-O1"}, {ALL, "-O2"}, {ALL, "-O3"}, {ALL, "-Os"},
	{ALL, "-Ofast"}, {ALL, "-Og"}, {ALL, "-Oz"}, {ALL, "-O9"}, {ALL, "--optimize"},
	{ALL, "-g"}, {ALL, "-g0"}, {ALL, "-g1"}, {ALL, "-g3"}, {ALL, "-ggdb"}, {ALL, "-gdwarf-4"},
	{ALL, "-gdwarf-5"}, {ALL, "-gdwarf"}, {ALL, "-gstrict-dwarf"}, {ALL, "-gsplit-dwarf"},
	{ALL, "-gz"}, {ALL, "-gz=zlib"}, {ALL, "-gz=none"}, {ALL, "-gz=zstd"}, {ALL, "-gbtf"},
	{ALL, "-gno-column-info"}, {ALL, "--debug"}, {ALL, "-gtoggle"}, {ALL, "-gstabs"},
	/* standards */
	{ALL, "-std=c89"}, {ALL, "-std=c90"}, {ALL, "-std=c99"}, {ALL, "-std=c9x"},
	{ALL, "-std=c11"}, {ALL, "-std=c1x"}, {ALL, "-std=c17"}, {ALL, "-std=c18"},
	{ALL, "-std=c2x"}, {ALL, "-std=gnu89"}, {ALL, "-std=gnu90"}, {ALL, "-std=gnu99"},
	{ALL, "-std=gnu11"}, {ALL, "-std=gnu17"}, {ALL, "-std=gnu18"}, {ALL, "-std=gnu2x"},
	{ALL, "-std=iso9899:1990"}, {ALL, "-std=iso9899:199409"}, {ALL, "-std=iso9899:1999"},
	{ALL, "-std=iso9899:2011"}, {ALL, "-std=iso9899:2018"}, {ALL, "-ansi"}, {ALL, "--ansi"},
	{ALL, "-std=c++98"}, {ALL, "-std=c++03"}, {ALL, "-std=c++11"}, {ALL, "-std=c++0x"},
	{ALL, "-std=c++14"}, {ALL, "-std=c++1y"}, {ALL, "-std=c++17"}, {ALL, "-std=c++1z"},
	{ALL, "-std=c++20"}, {ALL, "-std=c++2a"}, {ALL, "-std=c++23"}, {ALL, "-std=c++2b"},
	{ALL, "-std=gnu++98"}, {ALL, "-std=gnu++11"}, {ALL, "-std=gnu++17"}, {ALL, "-std=gnu++20"},
	{ALL, "--std=c99"}, {ALL, "--std c11"},
	/* -f options, with pairs that cancel */
	{ALL, "-fPIC"}, {ALL, "-fpic"}, {ALL, "-fPIE"}, {ALL, "-fpie"}, {ALL, "-fno-pic"},
	{ALL, "-fno-pie"}, {ALL, "-fno-PIC"}, {ALL, "-fno-PIE"},
	{ALL, "-fopenmp"}, {ALL, "-fno-openmp"}, {ALL, "-fopenacc"}, {ALL, "-fopenmp-simd"},
	{ALL, "-flto"}, {ALL, "-flto=auto"}, {ALL, "-flto=4"}, {ALL, "-fno-lto"},
	{ALL, "-ffat-lto-objects"}, {ALL, "-flto-partition=none"}, {ALL, "-fwhole-program"},
	{ALL, "-fuse-linker-plugin"}, {ALL, "-fno-use-linker-plugin"},
	{ALL, "-fstack-protector"}, {ALL, "-fstack-protector-strong"}, {ALL, "-fno-stack-protector"},
	{ALL, "-fcommon"}, {ALL, "-fno-common"}, {ALL, "-fomit-frame-pointer"},
	{ALL, "-funroll-loops"}, {ALL, "-ffast-math"}, {ALL, "-fno-fast-math"},
	{ALL, "-funsafe-math-optimizations"}, {ALL, "-fexcess-precision=standard"},
	{ALL, "-fexcess-precision=fast"}, {GNU, "-fsanitize=address"},
	{GNU, "-fsanitize=undefined"}, {GNU, "-fsanitize=thread"}, {ALL, "-fno-sanitize=all"},
	{ALL, "-fprofile-arcs"}, {ALL, "-ftest-coverage"}, {ALL, "--coverage"},
	{ALL, "-fprofile-generate"}, {ALL, "-fprofile-use"}, {ALL, "-fsplit-stack"},
	{ALL, "-fvisibility=hidden"}, {ALL, "-fexceptions"}, {ALL, "-fno-exceptions"},
	{ALL, "-fno-rtti"}, {ALL, "-fdiagnostics-color=never"}, {ALL, "-fno-diagnostics-color"},
	{ALL, "-fdiagnostics-color"}, {ALL, "-fshort-enums"}, {ALL, "-funsigned-char"},
	{ALL, "-fgnu89-inline"}, {ALL, "-fcf-protection=full"}, {ALL, "-fcf-protection=none"},
	{ALL, "-fno-asynchronous-unwind-tables"}, {ALL, "-funwind-tables"},
	{ALL, "-fno-builtin"}, {ALL, "-ffreestanding"}, {ALL, "-fno-ident"}, {ALL, "-ftrapv"},
	{ALL, "-fwrapv"}, {ALL, "-fno-strict-aliasing"}, {ALL, "-ffunction-sections"},
	{ALL, "-fdata-sections"}, {ALL, "-fuse-ld=bfd"}, {ALL, "-fuse-ld=gold"},
	{ALL, "-fuse-ld=lld"}, {ALL, "-fuse-ld=mold"}, {ALL, "-fno-plt"},
	{ALL, "-fno-semantic-interposition"}, {ALL, "-fsyntax-only"}, {ALL, "-fpreprocessed"},
	{ALL, "-fdirectives-only"}, {ALL, "-fworking-directory"}, {ALL, "-fmax-errors=5"},
	{ALL, "-fstack-usage"}, {ALL, "-fverbose-asm"}, {ALL, "-frecord-gcc-switches"},
	{ALL, "-fdebug-prefix-map=/a=/b"}, {ALL, "-ffile-prefix-map=a=b"}, {ALL, "-fno-inline"},
	{ALL, "-fgnu-tm"}, {ALL, "-fnon-call-exceptions"}, {ALL, "-fpermissive"},
	{ALL, "-fcoroutines"}, {ALL, "-fmodules-ts"}, {ALL, "-fno-threadsafe-statics"},
	{ALL, "-fdump-tree-optimized"}, {ALL, "-fdump-rtl-expand"}, 
	{ALL, "-fleading-underscore"}, {ALL, "-fno-leading-underscore"}, {ALL, "-ftime-report"},
	{ALL, "-fhosted"}, {ALL, "-fno-canonical-system-headers"}, {ALL, "-fpch-preprocess"},
	{ALL, "-fcompare-debug-second"}, {ALL, "-fself-test=x"},
	/* -m options */
	{N | X | W, "-m64"}, {ALL, "-m32"}, {GNU, "-mx32"}, {GNU, "-m16"},
	{ALL, "-march=native"}, {ALL, "-mtune=native"}, {ALL, "-march=x86-64"},
	{ALL, "-march=x86-64-v2"}, {ALL, "-march=x86-64-v3"}, {ALL, "-march=i686"},
	{ALL, "-march=haswell"}, {ALL, "-march=znver3"}, {ALL, "-mtune=generic"}, {ALL, "-mtune=intel"},
	{ALL, "-msse2"}, {ALL, "-mavx"}, {ALL, "-mavx2"}, {ALL, "-mno-sse"}, {ALL, "-mfpmath=sse"},
	{ALL, "-mfpmath=387"}, {ALL, "-mfpmath=both"}, {ALL, "-mno-red-zone"},
	{ALL, "-mcmodel=large"}, {ALL, "-mgeneral-regs-only"}, {ALL, "-mstackrealign"},
	{ALL, "-mregparm=3"}, {ALL, "-mabi=ms"}, {ALL, "-mfentry"},
	{ALL, "-mindirect-branch=thunk"}, {ALL, "--machine-arch=x86-64"}, {ALL, "-mno-80387"},
	{MINGW, "-mthreads"}, {MINGW, "-mwindows"}, {MINGW, "-mconsole"}, {MINGW, "-mdll"},
	{MINGW, "-municode"}, {MINGW, "-mwin32"}, {MINGW, "-mnop-fun-dllimport"},
	{MINGW, "-mms-bitfields"},
	/* warnings */
	{ALL, "-Wall"}, {ALL, "-Wextra"}, {ALL, "-Werror"}, {ALL, "-Wno-error"}, {ALL, "-w"},
	{ALL, "-Wpedantic"}, {ALL, "-pedantic"}, {ALL, "-pedantic-errors"}, {ALL, "-Wshadow"},
	{ALL, "-Wformat=2"}, {ALL, "-Werror=implicit"}, {ALL, "-Wno-such-warning"},
	{ALL, "-Wlarger-than=100"}, {ALL, "-Wconversion"},
	{ALL, "--all-warnings"}, {ALL, "--extra-warnings"}, {ALL, "--no-warnings"},
	{ALL, "--pedantic"}, {ALL, "-Wno-deprecated"},
	/* preprocessor, paths and libraries */
	{ALL, "-DX"}, {ALL, "-DX=1"}, {ALL, "-D X=2"}, {ALL, "-UX"}, {ALL, "-U X"},
	{ALL, "-Iinc"}, {ALL, "-I inc"}, {ALL, "-Isub"}, {ALL, "-iquote inc"}, {ALL, "-isystem inc"},
	{ALL, "-idirafter inc"}, {ALL, "-include h.h"}, {ALL, "-imacros h.h"}, {ALL, "-Linc"},
	{ALL, "-L inc"}, {ALL, "-lm"}, {ALL, "-lz"}, {ALL, "-l m"}, {ALL, "-lpthread"},
	{ALL, "-lnosuchlib"}, {ALL, "--include=h.h"}, {ALL, "--include-directory=inc"},
	{ALL, "--define-macro=X"}, {ALL, "--undefine-macro X"}, {ALL, "--library-directory=inc"},
	{ALL, "-nostdinc"}, {ALL, "-nostdinc++"}, {ALL, "-undef"}, {ALL, "-trigraphs"},
	{ALL, "-traditional-cpp"}, {ALL, "-H"}, {ALL, "-P"}, {ALL, "-C"}, {ALL, "-dM"},
	{ALL, "-dD"}, {ALL, "--no-line-commands"}, {ALL, "--trace-includes"},
	{ALL, "-isysroot sr"}, {ALL, "--sysroot=sr"}, {ALL, "-iprefix inc/"},
	/* -M family */
	{ALL, "-M"}, {ALL, "-MM"}, {ALL, "-MD"}, {ALL, "-MMD"}, {ALL, "-MF dep.d"},
	{ALL, "-MT tgt"}, {ALL, "-MQ tgt"}, {ALL, "-MP"}, {ALL, "-MG"}, {ALL, "--dependencies"},
	{ALL, "--user-dependencies"}, {ALL, "--print-missing-file-dependencies"},
	/* passing through */
	{ALL, "-Wl,-O1"}, {ALL, "-Wl,--as-needed"}, {ALL, "-Wl,-rpath,/opt/x"},
	{ALL, "-Wl,--gc-sections"}, {ALL, "-Wl,-z,relro"}, {ALL, "-Xlinker -Map=out.map"},
	{ALL, "-Wa,--noexecstack"}, {ALL, "-Wa,-adhln=x.lst"}, {ALL, "-Xassembler --gstabs"},
	{ALL, "-Wp,-DY"}, {ALL, "-Wp,-MD,dep.d"}, {ALL, "-Xpreprocessor -DZ"},
	{ALL, "--for-linker=-O1"}, {ALL, "--for-assembler=--noexecstack"}, {ALL, "-Wl,"},
	/* the link */
	{ALL, "-shared"}, {ALL, "-static"}, {ALL, "-pie"}, {ALL, "-no-pie"}, {ALL, "-static-pie"},
	{ALL, "-rdynamic"}, {ALL, "-nostdlib"}, {ALL, "-nostartfiles"}, {ALL, "-nodefaultlibs"},
	{ALL, "-nolibc"}, {ALL, "-static-libgcc"}, {ALL, "-shared-libgcc"},
	{ALL, "-static-libstdc++"}, {ALL, "-s"}, {ALL, "-r"}, {ALL, "-e main"}, {ALL, "-u foo"},
	{ALL, "-T script.ld"}, {ALL, "-z defs"}, {ALL, "-symbolic"}, {ALL, "--static"},
	{ALL, "--shared"}, {ALL, "--entry=main"}, {ALL, "--force-link=foo"}, {ALL, "-pthread"},
	{ALL, "--param max-inline-insns-single=100"}, {ALL, "--param=ssp-buffer-size=4"},
	{ALL, "-Wl,--out-implib,libx.a"},
	/* response files */
	{ALL, "@opts.rsp"}, {ALL, "@more.rsp"}, {ALL, "@missing.rsp"},
	/* unknown and misspelled */
	{ALL, "-qux"}, {ALL, "-Ofoo"}, {ALL, "-sharedd"},
	{ALL, "-staticc"}, {ALL, "-save-temps=bogus"}, {ALL, "-gz=bogus"},
	{ALL, "-fbogus"}, {ALL, "-fno-bogus-thing"}, {ALL, "-mbogus"}, {ALL, "-Wbogus"},
	{ALL, "-Wno-bogus"}, {ALL, "--bogus"}, {ALL, "-std=c42"}, {ALL, "--param=no-such=1"},
	{ALL, "--param no-such=1"}, {ALL, "-fuse-ld=nosuch"}, {ALL, "-fsanitiz=address"},
	{ALL, "-fstrict-flex-arrays"}, {ALL, "-flto-partition=bogus"},
	{ALL, "-ftree-parallelize-loops=x"}, {N | X, "-mwindows"}, {MINGW, "-mwindowz"},
};

/* Options that need an argument, for the end of a line without it. */
static const char *const tails[] = {
	"-o", "-x", "-I", "-D", "-U", "-MF", "-MT", "-include", "--param", "-Xlinker",
	"-L", "-l", "-e", "-T", "-u", "-isystem", "--output", "-dumpbase", "-Xassembler",
};

/* The inputs, in the scratch directory; per family a weight each. */
struct input {
	const char *name;
	unsigned weight[4];	/* native, cxx, mingw64, mingw32 */
};
static const struct input inputs[] = {
	{"a.c", {10, 3, 10, 10}}, {"b.c", {5, 1, 5, 5}}, {"c.cc", {2, 10, 2, 2}},
	{"d.cpp", {1, 5, 1, 1}}, {"p.i", {2, 1, 2, 2}}, {"q.ii", {1, 2, 1, 1}},
	{"h.h", {2, 2, 2, 2}}, {"s.s", {2, 2, 2, 2}}, {"t.S", {2, 2, 2, 2}},
	{"x.o", {4, 4, 4, 4}}, {"libz.a", {2, 2, 2, 2}}, {"missing.c", {1, 1, 1, 1}},
	{"-lm", {1, 1, 1, 1}},
};

static uint64_t rng_state;

/* splitmix64 */
static uint64_t rng(void)
{
	uint64_t z = (rng_state += 0x9e3779b97f4a7c15ULL);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static unsigned below(unsigned n)
{
	return (unsigned)(rng() % n);
}

static const char *pick_input(int fam)
{
	unsigned total = 0, r;
	size_t i;
	for (i = 0; i < sizeof inputs / sizeof inputs[0]; i++)
		total += inputs[i].weight[fam];
	r = below(total);
	for (i = 0; r >= inputs[i].weight[fam]; i++)
		r -= inputs[i].weight[fam];
	return inputs[i].name;
}

int main(int argc, char **argv)
{
	static const char *const families[] = {"native", "cxx", "mingw64", "mingw32"};
	const struct entry *pool[sizeof options / sizeof options[0]];
	size_t npool = 0, i;
	int fam = -1;
	unsigned long long seed;
	long count, line;
	char *end;

	if (argc != 4) {
		fprintf(stderr, "usage: gen native|cxx|mingw64|mingw32 SEED COUNT\n");
		return 2;
	}
	for (i = 0; i < 4; i++)
		if (strcmp(argv[1], families[i]) == 0)
			fam = (int)i;
	seed = strtoull(argv[2], &end, 10);
	count = strtol(argv[3], &end, 10);
	if (fam < 0 || *end != '\0' || count < 0) {
		fprintf(stderr, "gen: bad family, seed or count\n");
		return 2;
	}
	for (i = 0; i < sizeof options / sizeof options[0]; i++)
		if (options[i].fam & (1u << fam))
			pool[npool++] = &options[i];
	rng_state = seed * 0x2545f4914f6cdd1dULL + (uint64_t)fam;

	for (line = 0; line < count; line++) {
		const char *words[12];
		unsigned nopt = below(7), nin, r = below(100), k, n = 0;
		nin = r < 8 ? 0 : r < 70 ? 1 : r < 92 ? 2 : 3;
		for (k = 0; k < nopt; k++)
			words[n++] = pool[below((unsigned)npool)]->text;
		for (k = 0; k < nin; k++) {
			/* an input goes in at a random place among the options */
			unsigned at = below(n + 1);
			memmove(&words[at + 1], &words[at], (n - at) * sizeof words[0]);
			words[at] = pick_input(fam);
			n++;
		}
		if (below(100) < 6)
			words[n++] = tails[below(sizeof tails / sizeof tails[0])];
		for (k = 0; k < n; k++)
			printf("%s%s", k ? " " : "", words[k]);
		putchar('\n');
	}
	return ferror(stdout) ? 1 : 0;
}
