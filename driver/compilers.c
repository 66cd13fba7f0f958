/* gcc's compiler table: for each language, the spec that compiles an
 * input of it (gcc.cc's default_compilers and the languages' lang-specs.h).
 *
 * -dumpspecs prints the named specs these rows call (%(cc1_options),
 * %(invoke_as) ...), not the rows themselves: they are compiled into
 * gcc, so xgcc has them as data here: GCC 12's (gcc.cc's default_compilers,
 * cp/lang-specs.h, lto/lang-specs.h of 12.2), and the header rows of the
 * later versions where they differ (those of 14.2 and 16.2 read; GCC 13
 * and 15 checked by their -### lines): from 13.2 (PR driver/33980)
 * --output-pch and its file are two words, the file marked an output,
 * which the probe tells (struct backend's pch_output_word); from 15 the
 * C++ header rows test -fmodules* for -fmodules-ts.
 * They are Debian's: its compilers pass %(distro_defaults) after
 * %(cc1_options) (gcc-distro-specs.diff); a backend whose specs have no
 * *distro_defaults: gives nothing there.  The
 * row of a language ("@c") is what "-x c" selects; the suffixes that
 * select a language are driver/options.c's.  CPP is the row's cpp spec,
 * what %C stands for (NULL: %(cpp)); the C++ rows' is the target's
 * CPLUSPLUS_CPP_SPEC, a fact of the target row (lib/target.h).
 */
#include "config.h"

#include "driver.h"

#include <stddef.h>
#include <stdlib.h>

/* The C rows' command for -save-temps, -traditional-cpp and
 * -no-integrated-cpp: the preprocessor on its own, then the compiler on
 * its output; else the compiler with its integrated preprocessor. */
#define C_PREPROCESS_FIRST                                                                      \
	"%{save-temps*|traditional-cpp|no-integrated-cpp:%(trad_capable_cpp) "                   \
	"%(cpp_options) -o %{save-temps*:%b.i} %{!save-temps*:%g.i} \n"                          \
	"cc1 -fpreprocessed %{save-temps*:%b.i} %{!save-temps*:%g.i} %(cc1_options) %(distro_defaults)"
#define PCH_OUTPUT_12 "%{!o*:--output-pch=%i.gch}%W{o*:--output-pch=%*}"
#define PCH_OUTPUT_13 "%{!o*:--output-pch %w%i.gch}%W{o*:--output-pch %w%*}"
#define C_PCH_OUTPUT "%{!fsyntax-only:%{!S:-o %g.s} %{!fdump-ada-spec*:" PCH_OUTPUT_12 "}%V}"
#define C_PCH_OUTPUT_13 "%{!fsyntax-only:%{!S:-o %g.s} %{!fdump-ada-spec*:" PCH_OUTPUT_13 "}%{!S:%V}}"
#define CXX_PREPROCESS_FIRST(header)                                                            \
	"%{save-temps*|no-integrated-cpp:cc1plus -E" header                                      \
	" %(cpp_options) %2 -o %{save-temps*:%b.ii} %{!save-temps*:%g.ii} \n}"                  \
	"cc1plus %{save-temps*|no-integrated-cpp:-fpreprocessed"
#define C_HEADER_ROW(pch)                                                                        \
	"%{E|M|MM:%(trad_capable_cpp) %(cpp_options) %(cpp_debug_options)}"                     \
	"%{!E:%{!M:%{!MM:" C_PREPROCESS_FIRST " " pch "}"                                         \
	" %{!save-temps*:%{!traditional-cpp:%{!no-integrated-cpp:"                              \
	"cc1 %(cpp_unique_options) %(cc1_options) %(distro_defaults) " pch "}}}}}}"
/* MODS: the switches that make a header a module's ("fmodules-ts", from
 * GCC 15 "fmodules*"); OUTPUT: the row from the output's options on,
 * whose NOMODS ("fmodules-*", from GCC 15 "fmodules*") is the test that
 * a module header writes no PCH */
#define CXX_HEADER_ROW(mods, output)                                                             \
	"%{E|M|MM:cc1plus -E %{" mods ":-fdirectives-only -fmodule-header}"                      \
	" %(cpp_options) %2 %(cpp_debug_options)}"                                               \
	"%{!E:%{!M:%{!MM:"                                                                       \
	CXX_PREPROCESS_FIRST(" %{" mods ":-fdirectives-only -fmodule-header}")                   \
	" %{" mods ":-fdirectives-only} %{save-temps*:%b.ii} %{!save-temps*:%g.ii}}"            \
	" %{!save-temps*:%{!no-integrated-cpp:%(cpp_unique_options)}}"                          \
	" %{" mods ":-fmodule-header %{fpreprocessed:-fdirectives-only}}"                        \
	" %(cc1_options) %(distro_defaults) %2" output
#define CXX_PCH_OUTPUT_12                                                                        \
	" %{!fsyntax-only:%{!S:-o %g.s%V}"                                                        \
	" %{!fmodule-*:%{!fmodules-*:%{!fdump-ada-spec*:" PCH_OUTPUT_12 "}}}}}}}"
#define CXX_PCH_OUTPUT_13(nomods)                                                                \
	" %{!fsyntax-only:%{!S:-o %g.s}"                                                          \
	" %{!fmodule-*:%{!" nomods ":%{!fdump-ada-spec*:" PCH_OUTPUT_13 "}}}%{!S:%V}}}}}"

static const struct compiler_row gcc12[] = {
	{ LANG_C, "%{E|M|MM:%(trad_capable_cpp) %(cpp_options) %(cpp_debug_options)}"
		  "%{!E:%{!M:%{!MM:%{traditional:%eGNU C no longer supports -traditional without -E}"
		  " " C_PREPROCESS_FIRST "}"
		  " %{!save-temps*:%{!traditional-cpp:%{!no-integrated-cpp:"
		  "cc1 %(cpp_unique_options) %(cc1_options) %(distro_defaults)}}}"
		  " %{!fsyntax-only:%(invoke_as)}}}}",
	  0, 0 },
	{ LANG_C_HEADER, C_HEADER_ROW(C_PCH_OUTPUT), 0, 0 },
	{ LANG_CPP_OUTPUT, "%{!M:%{!MM:%{!E:cc1 -fpreprocessed %i %(cc1_options) %(distro_defaults) %{!fsyntax-only:%(invoke_as)}}}}",
	  0, 0 },
	{ LANG_CXX, "%{E|M|MM:cc1plus -E %(cpp_options) %2 %(cpp_debug_options)}"
		    "%{!E:%{!M:%{!MM:" CXX_PREPROCESS_FIRST("")
		    " %{save-temps*:%b.ii} %{!save-temps*:%g.ii}}"
		    " %{!save-temps*:%{!no-integrated-cpp:%(cpp_unique_options)}}"
		    " %(cc1_options) %(distro_defaults) %2"
		    " %{!fsyntax-only:%{fmodule-only:%{!S:-o %g.s%V}} %{!fmodule-only:%(invoke_as)}}}}}",
	  1, 0 },
	{ LANG_CXX_HEADER, CXX_HEADER_ROW("fmodules-ts", CXX_PCH_OUTPUT_12), 1, 0 },
	{ LANG_CXX_OUTPUT, "%{!E:%{!M:%{!MM: cc1plus -fpreprocessed %i %(cc1_options) %(distro_defaults) %2"
			   " %{!fsyntax-only:%{fmodule-only:%{!S:-o %g.s%V}}"
			   " %{!fmodule-only:%{!fmodule-header*:%(invoke_as)}}}}}}",
	  0, 0 },
	{ LANG_ASM, "%{!M:%{!MM:%{!E:%{!S:as %(asm_debug) %(asm_options) %i %A }}}}", 0, 0 },
	{ LANG_ASM_CPP, "%(trad_capable_cpp) -lang-asm %(cpp_options) -fno-directives-only"
			" %{E|M|MM:%(cpp_debug_options)}"
			" %{!M:%{!MM:%{!E:%{!S:-o %|.s |\n as %(asm_debug) %(asm_options) %m.s %A }}}}",
	  0, 0 },
	{ LANG_LTO, "lto1 %(cc1_options) %i %{!fsyntax-only:%(invoke_as)}", 0, 1 },
};

/* The header rows of GCC 13.2 and 14: --output-pch FILE */
static const struct compiler_row headers13[] = {
	{ LANG_C_HEADER, C_HEADER_ROW(C_PCH_OUTPUT_13), 0, 0 },
	{ LANG_CXX_HEADER, CXX_HEADER_ROW("fmodules-ts", CXX_PCH_OUTPUT_13("fmodules-*")), 1, 0 },
};

/* GCC 15 and later: -fmodules* makes a C++ header a module's */
static const struct compiler_row headers15[] = {
	{ LANG_C_HEADER, C_HEADER_ROW(C_PCH_OUTPUT_13), 0, 0 },
	{ LANG_CXX_HEADER, CXX_HEADER_ROW("fmodules*", CXX_PCH_OUTPUT_13("fmodules*")), 1, 0 },
};

const struct compiler_row *compiler_row(enum lang l)
{
	if (backend_current()->pch_output_word) {
		const struct compiler_row *h = atoi(backend_version()) >= 15 ? headers15 : headers13;
		for (size_t i = 0; i < sizeof headers13 / sizeof *headers13; i++)
			if (h[i].lang == l)
				return &h[i];
	}
	for (size_t i = 0; i < sizeof gcc12 / sizeof *gcc12; i++)
		if (gcc12[i].lang == l)
			return &gcc12[i];
	return NULL;
}
