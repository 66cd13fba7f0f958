/* GCC's own option table and its decoding rules.
 *
 * configure loads build-aux/optdump.cc into each backend's cc1, which
 * writes the compiler's cl_options[] and cl_enums[] into
 * backend-options.h as arrays of the structs below (the backend's GCC
 * version, target options and all).  gcc_decode() reads one option of a
 * command line as GCC's driver does (decode_cmdline_option in GCC's
 * opts-common.cc): the longest option that matches, the "no-" forms and
 * "--" spellings of option_map, joined and separate arguments, aliases
 * replaced by their target with its canonical argument, and the errors
 * GCC reports (missing, non-integer, out-of-range or unknown enumerated
 * arguments).  gcc_param_word(), gcc_plain_output() and gcc_prune_line()
 * are the rules GCC applies to a whole command line: "--param" joined to
 * its argument, -fdiagnostics-plain-output expanded, an option dropped
 * when a later one of its Negative() chain overrides it, the last
 * -fdiagnostics-color= first.
 */
#ifndef XGCC_GCCOPT_H
#define XGCC_GCCOPT_H

#include <stddef.h>

/* struct gcc_option.flags */
enum {
	GO_JOINED = 1u << 0, GO_SEPARATE = 1u << 1, GO_DRIVER = 1u << 2, GO_COMMON = 1u << 3,
	GO_TARGET = 1u << 4, GO_OPTIMIZATION = 1u << 5, GO_WARNING = 1u << 6,
	GO_UNDOCUMENTED = 1u << 7, GO_C = 1u << 8, GO_CXX = 1u << 9, GO_DISABLED = 1u << 10,
	GO_SEPARATE_ALIAS = 1u << 11, GO_NEGATIVE_ALIAS = 1u << 12, GO_NO_DRIVER_ARG = 1u << 13,
	GO_REJECT_DRIVER = 1u << 14, GO_REJECT_NEGATIVE = 1u << 15, GO_MISSING_OK = 1u << 16,
	GO_UINTEGER = 1u << 17, GO_HOST_WIDE_INT = 1u << 18, GO_TOLOWER = 1u << 19,
	GO_BYTE_SIZE = 1u << 20, GO_ENUM = 1u << 21, GO_OBJC = 1u << 22, GO_OBJCXX = 1u << 23,
	GO_LTO = 1u << 24,
};

/* struct gcc_option.alias when the option is no alias, or one of GCC's
 * special targets. */
enum { GO_NONE = -1, GO_IGNORE = -2, GO_WARN_REMOVED = -3 };

struct gcc_option {
	const char *text;          /* "-fPIC", "-std=gnu89", "-o" */
	const char *missing_arg;   /* MissingArgError ("missing filename after %qs") */
	const char *warn;          /* Warn() text, given whenever the option is used */
	const char *alias_arg, *neg_alias_arg;
	int alias;                 /* index of the alias target, or GO_* */
	int neg;                   /* next option of its Negative() chain, or -1 */
	unsigned flags;
	unsigned nargs;            /* separate arguments it takes */
	int enum_idx;              /* index of its enumerated arguments, or -1 */
	int range_min, range_max;  /* IntegerRange, or -1 */
};

struct gcc_enum_value {
	unsigned enum_idx;
	const char *arg;
	int canonical, driver_only;
};

struct gcc_option_table {
	const char *cc;            /* the backend GCC it comes from */
	const struct gcc_option *opts;
	size_t nopts;
	const struct gcc_enum_value *values;
	size_t nvalues;
	const char *const *enum_errors; /* "unknown excess precision style %qs" */
	/* The -f, -m, -W and -g switches the backend's specs name, without
	 * their '-', each between spaces; "fprofile-generate*" names all
	 * that start so. */
	const char *spec_switches;
};

/* The table of backend CC ("gcc", "x86_64-w64-mingw32-gcc"), or NULL. */
const struct gcc_option_table *gcc_option_table(const char *cc);
/* The table shipped with xgcc (lib/gcc-options-MAJOR.h, made by
 * build-aux/ship-options from an installed GCC) for GCC VERSION ("12",
 * "12.2.0", "12-win32"): that major version's, else the newest older
 * one, else the oldest.  Never NULL.  Target options are x86_64-linux-gnu's. */
const struct gcc_option_table *gcc_shipped_option_table(const char *version);
/* The probed table of CC, else the shipped one for VERSION (lto1's
 * choice: it has no table of its own to fall back on).  The environment
 * variable XGCC_SHIPPED_GCC_OPTIONS=MAJOR asks for a shipped table
 * whatever was probed. */
const struct gcc_option_table *gcc_option_table_for(const char *cc, const char *version);

/* struct gcc_decoded.index for words that are no option of the table */
enum { GD_UNKNOWN = -1, GD_IGNORE = -2, GD_WARN_REMOVED = -3 };
/* struct gcc_decoded.errors */
enum {
	GE_MISSING_ARG = 1, GE_NEGATIVE = 2, GE_DISABLED = 4, GE_UINT = 8, GE_RANGE = 16,
	GE_ENUM = 32,
};

struct gcc_decoded {
	int index;             /* the option (its alias target), or GD_* */
	const char *arg;       /* its argument, or NULL */
	int value;             /* 0 for a "no-" form */
	size_t nwords;         /* command-line words it took */
	unsigned errors;
	const char *warn;      /* its Warn() text, or NULL */
	char *canon[2];        /* GCC's canonical spelling, one or two words */
	size_t ncanon;
	char *owned;           /* a string the decoder made for ARG (ToLower), or NULL */
};

/* The index of the option spelled exactly TEXT ("-fwrapv", "-march="),
 * or -1. */
int gcc_find(const struct gcc_option_table *t, const char *text);
/* Decode the option that starts ARGV[0] (ARGC words left). */
void gcc_decode(const struct gcc_option_table *t, char *const *argv, size_t argc,
		struct gcc_decoded *out);
/* Report DEC's error as GCC's driver does (GIVEN: the words as written);
 * 0 if it has none. */
int gcc_report_error(const struct gcc_option_table *t, const struct gcc_decoded *dec,
		     const char *given);

/* GCC's rules for a whole command line (decode_cmdline_options_to_array
 * and prune_options), the driver's and lto1's alike. */
/* Before the table reads a word: "--param" "X" is the one word
 * "--param=X".  That word (allocated) if WORDS (N left) start with
 * "--param" and its argument, else NULL. */
char *gcc_param_word(char *const *words, size_t n);
/* Before the table reads a word: -fdiagnostics-plain-output is five
 * options, more where table T knows them (GCC 14 to 16).  Their number,
 * and *OPTIONS; 0 for another WORD. */
size_t gcc_plain_output(const struct gcc_option_table *t, const char *word, char *const **options);
/* After: INDEX[i] is the option of the i-th of the N decoded options of
 * the line (a negative number for an input, an unknown word or one left
 * out of these rules).  An option that a later one of its Negative()
 * chain overrides is dropped (-fpic -fPIE, -m32 -m64), and only the
 * last -fdiagnostics-color= stays, moved first (GCC MAJOR 14 and later:
 * also the last -Wcomplain-wrong-lang before it and -fdiagnostics-urls=
 * after it).  Writes the positions of those that stay, in their new
 * order, to ORDER (room for N) and returns their number. */
size_t gcc_prune_line(const struct gcc_option_table *t, const int *index, size_t n, size_t *order, int major);

/* GCC's "did you mean" for an unrecognized option BAD (without its
 * '-'), or NULL. */
char *gcc_suggest(const struct gcc_option_table *t, const char *bad);
/* GCC's candidates_list_and_hint: the closest of the N CANDS to GOAL
 * within GCC's cutoff, or NULL. */
char *gcc_closest(const char *goal, const char *const *cands, size_t n);
/* Whether GCC's driver drops the switch WORD ("-fopenmp") because the
 * later one LATER negates it ("-fno-openmp"): check_live_switch, for
 * switches its specs name. */
int gcc_switch_negated(const struct gcc_option_table *t, const char *word, const char *later);
/* xgcc's own options, which GCC's table has not: the target to compile
 * for (as clang's -target), and the LTRANS cache's and distributor's
 * settings, which the driver passes to lto1 in COLLECT_GCC_OPTIONS. */
struct xgcc_option {
	const char *text;          /* "-target", "-flto-cache=" */
	enum { XO_NONE, XO_JOINED, XO_SEPARATE } arg; /* the rest of the word / the next word */
	int for_lto1;              /* lto1's (lto/cache.c, remote.c, distribute.c) */
};
/* The own option WORD is (a JOINED one: WORD starts with its text), or NULL. */
const struct xgcc_option *xgcc_option(const char *word);

/* Format GCC's message FMT (with %qs, %<, %>, %s) for ARG. */
char *gcc_format(const char *fmt, const char *arg);

#endif
