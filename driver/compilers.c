/* gcc's compiler table: for each language, the spec that compiles an
 * input of it (gcc.cc's default_compilers and the languages' lang-specs.h).
 *
 * -dumpspecs prints the named specs these rows call (%(cc1_options),
 * %(invoke_as) ...), not the rows themselves: they are compiled into
 * gcc, so xgcc has them as data here: GCC 12's (gcc.cc's default_compilers,
 * cp/lang-specs.h, lto/lang-specs.h of 12.2).  A backend of a GCC whose
 * rows differ would get a table of its own beside it; only GCC 12 is
 * installed here to check one against.
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

/* The C rows' command for -save-temps, -traditional-cpp and
 * -no-integrated-cpp: the preprocessor on its own, then the compiler on
 * its output; else the compiler with its integrated preprocessor. */
#define C_PREPROCESS_FIRST                                                                      \
	"%{save-temps*|traditional-cpp|no-integrated-cpp:%(trad_capable_cpp) "                   \
	"%(cpp_options) -o %{save-temps*:%b.i} %{!save-temps*:%g.i} \n"                          \
	"cc1 -fpreprocessed %{save-temps*:%b.i} %{!save-temps*:%g.i} %(cc1_options) %(distro_defaults)"
#define C_PCH_OUTPUT                                                                             \
	"%{!fsyntax-only:%{!S:-o %g.s} %{!fdump-ada-spec*:%{!o*:--output-pch=%i.gch}"          \
	"%W{o*:--output-pch=%*}}%V}"
#define CXX_PREPROCESS_FIRST(header)                                                            \
	"%{save-temps*|no-integrated-cpp:cc1plus -E" header                                      \
	" %(cpp_options) %2 -o %{save-temps*:%b.ii} %{!save-temps*:%g.ii} \n}"                  \
	"cc1plus %{save-temps*|no-integrated-cpp:-fpreprocessed"

static const struct compiler_row gcc12[] = {
	{ LANG_C, "%{E|M|MM:%(trad_capable_cpp) %(cpp_options) %(cpp_debug_options)}"
		  "%{!E:%{!M:%{!MM:%{traditional:%eGNU C no longer supports -traditional without -E}"
		  " " C_PREPROCESS_FIRST "}"
		  " %{!save-temps*:%{!traditional-cpp:%{!no-integrated-cpp:"
		  "cc1 %(cpp_unique_options) %(cc1_options) %(distro_defaults)}}}"
		  " %{!fsyntax-only:%(invoke_as)}}}}",
	  0, 0 },
	{ LANG_C_HEADER, "%{E|M|MM:%(trad_capable_cpp) %(cpp_options) %(cpp_debug_options)}"
			 "%{!E:%{!M:%{!MM:" C_PREPROCESS_FIRST " " C_PCH_OUTPUT "}"
			 " %{!save-temps*:%{!traditional-cpp:%{!no-integrated-cpp:"
			 "cc1 %(cpp_unique_options) %(cc1_options) %(distro_defaults) " C_PCH_OUTPUT "}}}}}}",
	  0, 0 },
	{ LANG_CPP_OUTPUT, "%{!M:%{!MM:%{!E:cc1 -fpreprocessed %i %(cc1_options) %(distro_defaults) %{!fsyntax-only:%(invoke_as)}}}}",
	  0, 0 },
	{ LANG_CXX, "%{E|M|MM:cc1plus -E %(cpp_options) %2 %(cpp_debug_options)}"
		    "%{!E:%{!M:%{!MM:" CXX_PREPROCESS_FIRST("")
		    " %{save-temps*:%b.ii} %{!save-temps*:%g.ii}}"
		    " %{!save-temps*:%{!no-integrated-cpp:%(cpp_unique_options)}}"
		    " %(cc1_options) %(distro_defaults) %2"
		    " %{!fsyntax-only:%{fmodule-only:%{!S:-o %g.s%V}} %{!fmodule-only:%(invoke_as)}}}}}",
	  1, 0 },
	{ LANG_CXX_HEADER, "%{E|M|MM:cc1plus -E %{fmodules-ts:-fdirectives-only -fmodule-header}"
			   " %(cpp_options) %2 %(cpp_debug_options)}"
			   "%{!E:%{!M:%{!MM:"
			   CXX_PREPROCESS_FIRST(" %{fmodules-ts:-fdirectives-only -fmodule-header}")
			   " %{fmodules-ts:-fdirectives-only} %{save-temps*:%b.ii} %{!save-temps*:%g.ii}}"
			   " %{!save-temps*:%{!no-integrated-cpp:%(cpp_unique_options)}}"
			   " %{fmodules-ts:-fmodule-header %{fpreprocessed:-fdirectives-only}}"
			   " %(cc1_options) %(distro_defaults) %2"
			   " %{!fsyntax-only:%{!S:-o %g.s%V}"
			   " %{!fmodule-*:%{!fmodules-*:%{!fdump-ada-spec*:"
			   "%{!o*:--output-pch=%i.gch}%W{o*:--output-pch=%*}}}}}}}}",
	  1, 0 },
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

const struct compiler_row *compiler_row(enum lang l)
{
	for (size_t i = 0; i < sizeof gcc12 / sizeof *gcc12; i++)
		if (gcc12[i].lang == l)
			return &gcc12[i];
	return NULL;
}
