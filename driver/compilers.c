/* gcc's compiler table: for each language, the spec that compiles an
 * input of it (gcc.cc's default_compilers and the languages' lang-specs.h),
 * and the suffixes that select a language, per GCC version.
 *
 * -dumpspecs prints the named specs these rows call (%(cc1_options),
 * %(invoke_as) ...), not the rows themselves: they are compiled into
 * gcc, so xgcc has them as data here.  Read from Debian's sources, each
 * with its debian/patches/gcc-distro-specs.diff applied:
 *
 *   GCC 11  gcc-11-source 11.3.0-12          (Debian 12)
 *   GCC 12  gcc-12-source 12.2.0-14+deb12u1  (Debian 12), 12.4.0-5 (Debian 13)
 *   GCC 13  gcc-13-source 13.3.0-16          (Debian 13)
 *   GCC 14  gcc-14-source 14.2.0-19          (Debian 13)
 *   GCC 15  gcc-15-source 15.3.0-5           (unstable)
 *   GCC 16  gcc-16-source 16.2.0-4           (unstable)
 *
 * For the languages here GCC 11's rows are GCC 12's; later versions
 * change a few fragments, which the rows below take as arguments, and
 * a version's row is listed only where it changes (compiler_row takes
 * the newest row not newer than the backend's GCC).  What changed:
 *
 *   13  a header's PCH is "--output-pch FILE", two words, not
 *       "--output-pch=FILE" (C and C++ headers; the option became
 *       Separate for PR target/105355, in 13.1; 12.4 is unchanged);
 *   14  the PCH is marked as the compile's output (%w: removed when
 *       the compile fails), and with -S the assembly is (%V, "this
 *       compile has no output file", only without -S); -### shows
 *       neither;
 *   15  C++ headers: every -fmodules* option (-fmodules, GCC 15's
 *       name) turns on header units, not only -fmodules-ts; the
 *       module interface suffixes .ixx .cppm .cxxm .c++m .ccm are C++;
 *   16  nothing for these languages (its new "@c++-system-module" row
 *       serves --compile-std-module only).
 *
 * Debian's compilers pass its distro specs around %(cc1_options): from
 * its 2023 packages (12.4.0-5, and 13 and later) %(distro_defaults_cpp)
 * too, in the places the rows show; Debian 12's gcc-11 and gcc-12 have
 * %(distro_defaults) only.  That follows the package, not the GCC
 * version, and a named spec the backend's specs lack gives nothing, so
 * the rows have both specs for every version.
 *
 * The row of a language ("@c") is what "-x c" selects.  CPP is the
 * row's cpp spec, what %C stands for (NULL: %(cpp)); the C++ rows' is
 * the target's CPLUSPLUS_CPP_SPEC, a fact of the target row
 * (lib/target.h).
 */
#include "config.h"

#include "driver.h"
#include "backend.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/* Where Debian's distro specs go (see above). */
#define DISTRO_CPP "%(distro_defaults_cpp) "
#define DISTRO "%(distro_defaults)"

/* How cc1 and cc1plus are told to write a header's PCH: a word that
 * precedes the file name. */
#define PCH_11 "--output-pch="
#define PCH_13 "--output-pch "
#define PCH_14 "--output-pch %w"
/* gcc's %V (this compile has no output file): under -S too, and from
 * GCC 14 only without -S */
#define V_11 "%V"
#define V_14 "%{!S:%V}"
/* The C++ header's switches of header units: the option that turns
 * them on, and the one whose absence lets the PCH be written */
#define MODULES_11 "fmodules-ts", "fmodules-*"
#define MODULES_15 "fmodules*", "fmodules*"

/* The C rows' command for -save-temps, -traditional-cpp and
 * -no-integrated-cpp: the preprocessor on its own, then the compiler on
 * its output; else the compiler with its integrated preprocessor. */
#define C_PREPROCESS_FIRST                                                                      \
	"%{save-temps*|traditional-cpp|no-integrated-cpp:%(trad_capable_cpp) "                   \
	"%(cpp_options) -o %{save-temps*:%b.i} %{!save-temps*:%g.i} \n"                          \
	"cc1 -fpreprocessed %{save-temps*:%b.i} %{!save-temps*:%g.i} %(cc1_options) " DISTRO_CPP DISTRO
#define C_INTEGRATED_CPP "cc1 %(cpp_unique_options) " DISTRO_CPP "%(cc1_options) " DISTRO
#define C_PCH_OUTPUT(pch, v)                                                                     \
	"%{!fsyntax-only:%{!S:-o %g.s} %{!fdump-ada-spec*:%{!o*:" pch "%i.gch}"                 \
	"%W{o*:" pch "%*}}" v "}"
#define CXX_PREPROCESS_FIRST(header)                                                            \
	"%{save-temps*|no-integrated-cpp:cc1plus -E" header                                      \
	" %(cpp_options) %2 -o %{save-temps*:%b.ii} %{!save-temps*:%g.ii} \n}"                  \
	"cc1plus %{save-temps*|no-integrated-cpp:-fpreprocessed"

#define C_HEADER_ROW(pch, v)                                                                     \
	"%{E|M|MM:%(trad_capable_cpp) %(cpp_options) %(cpp_debug_options)}"                      \
	"%{!E:%{!M:%{!MM:" C_PREPROCESS_FIRST " " C_PCH_OUTPUT(pch, v) "}"                       \
	" %{!save-temps*:%{!traditional-cpp:%{!no-integrated-cpp:"                               \
	C_INTEGRATED_CPP " " C_PCH_OUTPUT(pch, v) "}}}}}}"

/* MODULES is MODULES_11 or _15; V_O is the %V of "-o %g.s" (GCC 11 to
 * 13), V_END the one after the PCH (14 and later). */
#define CXX_HEADER_ROW(modules, pch, v_o, v_end) CXX_HEADER_ROW_(modules, pch, v_o, v_end)
#define CXX_HEADER_ROW_(on, off, pch, v_o, v_end)                                                \
	"%{E|M|MM:cc1plus -E %{" on ":-fdirectives-only -fmodule-header}"                       \
	" %(cpp_options) %2 %(cpp_debug_options)}"                                               \
	"%{!E:%{!M:%{!MM:"                                                                        \
	CXX_PREPROCESS_FIRST(" %{" on ":-fdirectives-only -fmodule-header}")                     \
	" %{" on ":-fdirectives-only} %{save-temps*:%b.ii} %{!save-temps*:%g.ii}}"               \
	" %{!save-temps*:%{!no-integrated-cpp:%(cpp_unique_options)}}"                           \
	" %{" on ":-fmodule-header %{fpreprocessed:-fdirectives-only}}"                          \
	" " DISTRO_CPP "%(cc1_options) " DISTRO " %2"                                             \
	" %{!fsyntax-only:%{!S:-o %g.s" v_o "}"                                                  \
	" %{!fmodule-*:%{!" off ":%{!fdump-ada-spec*:"                                           \
	"%{!o*:" pch "%i.gch}%W{o*:" pch "%*}}}}" v_end "}}}}"

/* A row and the first GCC version it is that GCC's. */
struct versioned_row {
	int since;
	struct compiler_row row;
};

/* Oldest first. */
static const struct versioned_row rows[] = {
	{ 11, { LANG_C, "%{E|M|MM:%(trad_capable_cpp) %(cpp_options) %(cpp_debug_options)}"
			"%{!E:%{!M:%{!MM:%{traditional:%eGNU C no longer supports -traditional without -E}"
			" " C_PREPROCESS_FIRST "}"
			" %{!save-temps*:%{!traditional-cpp:%{!no-integrated-cpp:" C_INTEGRATED_CPP "}}}"
			" %{!fsyntax-only:%(invoke_as)}}}}",
		0, 0 } },
	{ 11, { LANG_C_HEADER, C_HEADER_ROW(PCH_11, V_11), 0, 0 } },
	{ 13, { LANG_C_HEADER, C_HEADER_ROW(PCH_13, V_11), 0, 0 } },
	{ 14, { LANG_C_HEADER, C_HEADER_ROW(PCH_14, V_14), 0, 0 } },
	{ 11, { LANG_CPP_OUTPUT, "%{!M:%{!MM:%{!E:cc1 -fpreprocessed %i " DISTRO_CPP "%(cc1_options) " DISTRO
				 " %{!fsyntax-only:%(invoke_as)}}}}",
		0, 0 } },
	{ 11, { LANG_CXX, "%{E|M|MM:cc1plus -E %(cpp_options) %2 %(cpp_debug_options)}"
			  "%{!E:%{!M:%{!MM:" CXX_PREPROCESS_FIRST("")
			  " %{save-temps*:%b.ii} %{!save-temps*:%g.ii}}"
			  " %{!save-temps*:%{!no-integrated-cpp:%(cpp_unique_options)}}"
			  " " DISTRO_CPP "%(cc1_options) " DISTRO " %2"
			  " %{!fsyntax-only:%{fmodule-only:%{!S:-o %g.s%V}} %{!fmodule-only:%(invoke_as)}}}}}",
		1, 0 } },
	{ 11, { LANG_CXX_HEADER, CXX_HEADER_ROW(MODULES_11, PCH_11, "%V", ""), 1, 0 } },
	{ 13, { LANG_CXX_HEADER, CXX_HEADER_ROW(MODULES_11, PCH_13, "%V", ""), 1, 0 } },
	{ 14, { LANG_CXX_HEADER, CXX_HEADER_ROW(MODULES_11, PCH_14, "", V_14), 1, 0 } },
	{ 15, { LANG_CXX_HEADER, CXX_HEADER_ROW(MODULES_15, PCH_14, "", V_14), 1, 0 } },
	{ 11, { LANG_CXX_OUTPUT, "%{!E:%{!M:%{!MM: cc1plus -fpreprocessed %i " DISTRO_CPP "%(cc1_options) " DISTRO " %2"
				 " %{!fsyntax-only:%{fmodule-only:%{!S:-o %g.s%V}}"
				 " %{!fmodule-only:%{!fmodule-header*:%(invoke_as)}}}}}}",
		0, 0 } },
	{ 11, { LANG_ASM, "%{!M:%{!MM:%{!E:%{!S:as %(asm_debug) %(asm_options) %i %A }}}}", 0, 0 } },
	{ 11, { LANG_ASM_CPP, "%(trad_capable_cpp) -lang-asm %(cpp_options) -fno-directives-only"
			      " %{E|M|MM:%(cpp_debug_options)}"
			      " %{!M:%{!MM:%{!E:%{!S:-o %|.s |\n as %(asm_debug) %(asm_options) %m.s %A }}}}",
		0, 0 } },
	{ 11, { LANG_LTO, "lto1 %(cc1_options) %i %{!fsyntax-only:%(invoke_as)}", 0, 1 } },
};

/* The suffixes that select a language, as gcc's rows ".c" -> "@c" (with
 * lang-specs.h's), and the first GCC that has each. */
static const struct {
	int since;
	const char *suffix;
	enum lang lang;
} suffixes[] = {
	{ 11, "c", LANG_C },       { 11, "i", LANG_CPP_OUTPUT },  { 11, "h", LANG_C_HEADER },
	{ 11, "cc", LANG_CXX },    { 11, "cp", LANG_CXX },        { 11, "cpp", LANG_CXX },
	{ 11, "cxx", LANG_CXX },   { 11, "c++", LANG_CXX },       { 11, "CPP", LANG_CXX },
	{ 11, "C", LANG_CXX },     { 11, "ii", LANG_CXX_OUTPUT },  { 11, "hh", LANG_CXX_HEADER },
	{ 11, "hpp", LANG_CXX_HEADER }, { 11, "hp", LANG_CXX_HEADER }, { 11, "hxx", LANG_CXX_HEADER },
	{ 11, "H", LANG_CXX_HEADER },   { 11, "h++", LANG_CXX_HEADER }, { 11, "HPP", LANG_CXX_HEADER },
	{ 11, "tcc", LANG_CXX_HEADER },
	{ 11, "s", LANG_ASM },     { 11, "S", LANG_ASM_CPP },     { 11, "sx", LANG_ASM_CPP },
	/* module interface units */
	{ 15, "ixx", LANG_CXX },   { 15, "cppm", LANG_CXX },      { 15, "cxxm", LANG_CXX },
	{ 15, "c++m", LANG_CXX },  { 15, "ccm", LANG_CXX },
};

/* The oldest version read; an older GCC gets its rows. */
#define OLDEST 11

/* The backend's GCC version, the oldest read for an older one. */
static int gcc_major(void)
{
	return backend_major() < OLDEST ? OLDEST : backend_major();
}

const struct compiler_row *compiler_row(enum lang l)
{
	int major = gcc_major();
	const struct compiler_row *row = NULL;
	for (size_t i = 0; i < sizeof rows / sizeof *rows; i++)
		if (rows[i].row.lang == l && rows[i].since <= major)
			row = &rows[i].row;
	return row;
}

enum lang compiler_suffix_lang(const char *suffix)
{
	int major = gcc_major();
	for (size_t i = 0; i < sizeof suffixes / sizeof *suffixes; i++)
		if (strcmp(suffix, suffixes[i].suffix) == 0 && suffixes[i].since <= major)
			return suffixes[i].lang;
	return LANG_OBJECT;
}

/* The switches that the rows of the backend GCC's other languages name
 * (Debian builds Ada, D, Fortran, Go, Modula-2, Objective-C and C++,
 * and from 14 Rust, from 15 COBOL and Algol 68 into gcc), as switch
 * tests: gcc's driver validates a switch that any row of its table
 * names, so "gcc -J dir -c a.c" passes (Fortran's and D's %{J*}).  Only
 * those that neither the rows above nor Debian's x86_64 specs name
 * (cc1_options' %{f*} %{m*} %{W*} %{g*} %{O*} %{d*} %{I*} ...), read
 * from the rows in Debian's gcc-11 ... gcc-16 binaries: D's %{H} %{Hd*}
 * %{Hf*} %{J*} %{X} %{Xf*}, Fortran's %{cpp} %{nocpp} %{M*}, Ada's %{a}
 * %{k8} %{nostdinc} %{nostdlib*}, Modula-2's %{B*} %{MF} (GCC 11 and
 * 12: %{+e*} %{MA} %{v*} %{pipe}), Objective-C's
 * %{print-objc-runtime-info}, COBOL's %{copyext} %{nomain} %{preprocess}.
 * (On GCC 11 and 12 the leaked '*', star_leaks() in switches.c, makes
 * every known switch valid anyway.) */
static const struct {
	int since, until;
	const char *tests;
} other_rows[] = {
	{ 11, 12, "%{+e*} %{MA} %{v*} %{pipe} %{nostdlib*}" },
	{ 13, 14, "%{MF} %{nostdlib*}" },
	{ 15, 99, "%{MF} %{copyext} %{nomain} %{preprocess}" },
	{ 11, 99, "%{B*} %{H} %{Hd*} %{Hf*} %{J*} %{M*} %{X} %{Xf*} %{a} %{cpp} %{k8} %{nocpp} %{nostdinc}"
		  " %{print-objc-runtime-info}" },
};

void compiler_validation_specs(struct strvec *out)
{
	static const enum lang langs[] = { LANG_C, LANG_CPP_OUTPUT, LANG_C_HEADER, LANG_CXX, LANG_CXX_OUTPUT,
					   LANG_CXX_HEADER, LANG_ASM, LANG_ASM_CPP, LANG_LTO };
	int major = gcc_major();
	for (size_t i = 0; i < sizeof langs / sizeof *langs; i++)
		strvec_push(out, compiler_row(langs[i])->spec);
	for (size_t i = 0; i < sizeof other_rows / sizeof *other_rows; i++)
		if (other_rows[i].since <= major && major <= other_rows[i].until)
			strvec_push(out, other_rows[i].tests);
}
