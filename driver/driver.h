/* The driver's shared state.
 *
 * The command line becomes a list of options (each with its table row and
 * argument) and a list of inputs, both in command-line order; struct
 * driver holds them and what the driver resolved from them, and is read
 * only from then on.  compile.c and link.c plan the run from it: a struct
 * plan, the commands for every input and the link as data (argv, piping,
 * outputs to delete on failure, the messages to give before each).
 * run.c runs the plan in one loop (or prints it, for -### and -v).
 */
#ifndef XGCC_DRIVER_H
#define XGCC_DRIVER_H

#include "backend.h"
#include "diag.h"
#include "gccopt.h"
#include "strvec.h"
#include "target.h"

#include <string.h>

/* One option as given, decoded with GCC's option table (lib/gccopt.c)
 * or, for xgcc's own options, with lib/gccopt.c's short list of them. */
struct opt {
	const char *name;  /* the option: its text in the table ("-o",
			    * "-std=c99", "-O", "-march=", "-Wl,"); the
			    * driver asks for options by it */
	const char *word;  /* gcc's canonical spelling, the argument of a
			    * joined option with it ("-O2", "-std=gnu90") */
	const char *arg;   /* the argument, or NULL */
	const char *given; /* the words as written ("-std=gnu89"), for messages */
	int separate;      /* passed on as two words: WORD, then ARG ("-o" "x") */
	int own;           /* one of xgcc's own options (-flto-cache=, -target) */
	int unknown;       /* in no table: valid only if a -specs= file names it */
	int elided;        /* removed by a self spec (gcc's %<): no command gets
			    * it, COLLECT_GCC_OPTIONS keeps its blank */
	int self_spec;     /* added by a self spec: after the machine defaults
			    * in COLLECT_GCC_OPTIONS (2: a -specs= file's *self_spec,
			    * after gcc's own self specs) */
	const char *offload_lib; /* made for -lNAME: NAME, the option being
				  * gcc's -foffload-options=-l_GCC_NAME
				  * (forward_offload_option), or NULL */
};

/* Whether O is the option NAME ("-c", "-Wl,", "-march="). */
static inline int opt_is(const struct opt *o, const char *name)
{
	return strcmp(o->name, name) == 0;
}

/* Whether O is one of the options whose name starts with "-" KIND:
 * 'm' the machine's, 'g' the debug ones, 'O' the optimization levels. */
static inline int opt_kind(const struct opt *o, char kind)
{
	return o->name[0] == '-' && o->name[1] == kind;
}

enum lang {
	LANG_NONE, LANG_C, LANG_CPP_OUTPUT, LANG_CXX, LANG_CXX_OUTPUT, LANG_C_HEADER,
	LANG_CXX_HEADER, LANG_ASM, LANG_ASM_CPP, LANG_LTO, LANG_OBJECT,
};

struct input {
	const char *name;
	enum lang lang;
	const char *bad_lang; /* given after -x NAME, a language gcc has not */
	int dummy;            /* gcc's "help-dummy": no file, cc1 answers --help */
};

/* An entry of the link line's input part: ARG, or (INPUT >= 0) the
 * object that input number INPUT becomes. */
struct link_item {
	const char *arg;
	long input;
};

enum stop { STOP_LINK, STOP_E, STOP_S, STOP_C };
#define NO_ABI_OPT ((size_t)-1)
enum save_temps { SAVE_NONE, SAVE_CWD, SAVE_OBJ };

struct driver {
	const char *argv0;
	const char *self_dir;        /* directory of the running executable */
	int cxx;                     /* running as xg++ */
	char *name_triplet;          /* what the driver's name says: TRIPLET-, or NULL */
	char *name_thread_model;     /* and -posix/-win32, or NULL */
	/* g++'s (g++spec.cc) choice for libstdc++: -1 never (-c, -nostdlib ...),
	 * 0 not needed (no input that may be C++), 1 linked, 2 linked
	 * statically (-static-libstdc++) */
	int cxx_library;
	const struct target *target;
	const struct target_abi *abi;
	const struct backend_multilib *ml;
	/* the index in opts of the last of -m16/-m32/-m64/-mx32, which alone
	 * is passed on, or NO_ABI_OPT: an index, since the second compilation
	 * of -fcompare-debug plans from a copy of opts with more options */
	size_t abi_opt;

	const struct gcc_option_table *options; /* the backend's option table */
	struct opt *opts;
	size_t nopts;
	struct input *inputs;
	size_t ninputs;
	size_t ncompiled;            /* inputs that are compiled or assembled */
	struct link_item *link_items; /* objects, -l and -Wl items in command-line order */
	size_t nlink_items;
	int at_file_supplied;

	enum stop stop;
	const char *output;
	int verbose, dry_run;        /* -v, -### */
	int use_pipe, time_report, quiet;
	enum save_temps save_temps;
	const char *sysroot;
	struct strvec bprefixes;     /* -B, each ending in '/' */
	struct strvec wrapper;       /* -wrapper */
	struct strvec library_path;  /* LIBRARY_PATH entries, each ending in '/' */
	struct strvec compiler_path; /* COMPILER_PATH entries, each ending in '/' */
	/* Names of dump and auxiliary files (GCC 12's rules; plan_dumps()):
	 * dumpdir and dumpbase as passed on, outbase the %b stem that
	 * replaces the input's, link_dumpdir what collect2 gets. */
	char *dumpdir, *dumpbase, *outbase, *link_dumpdir;
	const char *dumpbase_ext;
	int combine;                 /* one lto1 run compiles all -x lto inputs */
	int machine_defaults_exact;  /* ml->defaults are the backend's answer for these options (machine.c) */
	struct strvec march_native;  /* expansion of -march=native / -mtune=native */
	const char *compare_debug;   /* -fcompare-debug's OPTS, or NULL when off */
	int compare_debug_from_env;  /* ... set by GCC_COMPARE_DEBUG, not by an option */
	char *offload_targets;       /* -foffload=: "nvptx-none:amdgcn-amdhsa", "" for none */
	struct spec_set *specs;      /* the backend's, with the -specs= files read */
	char *self_spec_text;        /* *self_spec, which -specs= files set */
	int offload_default;         /* ... the backend's default list (OFFLOAD_TARGET_DEFAULT) */
};

/* The plan: every command of the run, in order, as data.
 *
 * A job is the work of one input, or the link (job ninputs).  The steps of
 * a job run in order until one fails; then the job's recorded outputs are
 * deleted and the run fails.  A step gives its notes first (messages met
 * while planning it, in planning order, NOTE.AFTER saying how many of its
 * outputs were recorded before each), then with STOP_ON_ERRORS ends the
 * job if any error was given (a command that cannot be built stops its
 * input before anything of it runs), then runs ARGV, on its own or, with
 * PIPED_TO_NEXT, as a pipeline with the steps that follow. */
enum tool { TOOL_NONE, TOOL_CPP, TOOL_CC1, TOOL_LTO1, TOOL_AS, TOOL_OBJCOPY, TOOL_COLLECT2 };

struct note {
	enum diag_kind kind;
	char *text;
	size_t after;
};

/* An environment variable the step sets (VALUE NULL: unsets); SHOWN ones
 * are printed with -v and -###. */
struct env_var {
	const char *name;
	char *value;
	int shown;
};

struct command {
	size_t job;
	enum tool tool;
	const char *name;            /* for messages: "cc1", "as", "collect2" */
	struct strvec argv;          /* empty: a step that only gives its notes */
	const char *in, *out;        /* standard input and output from and to files, or NULL */
	int piped_to_next;           /* -pipe: standard output to the next step's input */
	char *collect_options;       /* COLLECT_GCC_OPTIONS while it runs */
	struct env_var *env;
	size_t nenv;
	char *shown;                 /* lines -v and -### print after its environment */
	const char *banner;          /* printed on standard output before it (--target-help) */
	struct note *notes;
	size_t nnotes;
	const char **outputs;        /* deleted when the job fails from here on */
	size_t noutputs;
	int outputs_if_changed;      /* ... unless the job left them unchanged (the link's) */
	int stop_on_errors;
	int after_clean_run;         /* runs only when nothing before failed (the link) */
	const char *compare[2];      /* -fcompare-debug: dumps that must be the same afterwards */
	const char *compare_input;
};

struct plan {
	struct command *cmds;
	size_t n, cap;
	int show, dry_run, time_report; /* -v or -###, -###, -time */
	const struct strvec *wrapper;   /* -wrapper: before every command */
	const char **objects;           /* per input: the object it becomes, or NULL */
	int *object_no_ir;              /* ... cc1's or lto1's code without -flto: no IR */
	int errors_before;              /* errors given before it runs (-x of no language),
					 * which stop no step */
};

/* What planning keeps while it builds a plan: the messages and outputs
 * of the step group being built (they go to its first step), which
 * inputs an earlier one's command compiled already, whether a command has
 * taken -dumpdir and -dumpbase (COLLECT_GCC_OPTIONS elides them from
 * then on), and -fcompare-debug's random seed, shared by all compilations. */
struct planner {
	const struct driver *d;
	struct plan *plan;
	size_t job;                   /* the job being planned */
	size_t group;                 /* the first step of the group being built */
	struct note *notes;
	size_t nnotes;
	const char **outputs;
	size_t noutputs;
	char *done;                   /* per input */
	int dumps_taken;
	/* per switch of driver_switches(): its state (SPEC_SW_*) once a
	 * spec removed it with %<S or %>S, else 0; gcc keeps the state
	 * for the rest of the run, later inputs and the link included */
	unsigned *removed;
	size_t nremoved;
	char *random_seed;
	struct strvec spec_strings;   /* what the driver's spec functions returned */
	int at_files;                 /* response files kept under -save-temps so far */
};

/* options.c: reading the command line, and queries of the options read */
/* Read the command line (and select the target: -target, else the
 * driver's name's). */
void parse_command_line(struct driver *d, int argc, char **argv);
/* gcc's errors for the switches no spec validates (unvalidated_switches),
 * options unknown to its table among them: said after the specs are read. */
void report_unrecognized(const struct driver *d);
/* Decode WORDS (TEXT, space-separated) with D's option table, as more
 * options at the end. */
void add_options_from_words(struct driver *d, const struct strvec *words);
void add_options_from_text(struct driver *d, const char *text);
/* gcc's made-up input "help-dummy" (C), through which --help=,
 * --target-help and --help -v reach cc1, as and ld. */
void add_help_dummy(struct driver *d);
/* The last option NAME (see struct opt), or NULL; whether there is one. */
const struct opt *last_opt(const struct driver *d, const char *name);
int has_opt(const struct driver *d, const char *name);
/* Queries of the resolved options (read with gcc's table: canonical,
 * pruned, negated switches dropped; see options.c).
 * opt_on: whether switch NAME ("-fopenmp", "-msse2", "-Ofast") is on:
 * the last of NAME and its negative form ("-fno-openmp") decides (for
 * -Ofast, the last -O option), 0 (opt_on_or: DFLT) if neither is given. */
int opt_on(const struct driver *d, const char *name);
int opt_on_or(const struct driver *d, const char *name, int dflt);
/* The last option spelled exactly WORD / starting with PREFIX, or NULL. */
const struct opt *opt_given(const struct driver *d, const char *word);
const struct opt *opt_starting(const struct driver *d, const char *prefix);
/* What follows PREFIX ("-march=") in the last option so spelled, or NULL. */
const char *opt_value(const struct driver *d, const char *prefix);

/* specs.c: the backend's specs with xgcc's edit (no linker plugin in
 * the link), into S; -dumpspecs prints them. */
struct spec_set;
void driver_specs(struct spec_set *s);
void dump_specs(void);
/* Read the -specs= files (in order, searched as gcc searches them) over
 * the backend's specs: the commands come from what they say.  The
 * switches they add to *self_spec are added to the options. */
void read_user_specs(struct driver *d);
/* gcc's do_self_spec: the words of the self spec TEXT run over D's
 * switches, into OUT; a switch it removes (%<S) is elided. */
void run_self_spec(struct driver *d, const char *text, struct strvec *out);
/* WORDS, what a self spec gave, decoded as options after D's, marked
 * self_spec = MARK (1: gcc's driver self specs, 2: a -specs= file's). */
void add_self_spec_options(struct driver *d, const struct strvec *words, int mark);

/* switches.c: the switch lists of the steps.
 * gcc's switches (its switches[] array), in its order: the command
 * line's options that the driver does not take for itself, in gcc's
 * canonical spellings, then what the self specs add.  COLLECT_GCC_OPTIONS
 * lists them; the specs test and give them. */
struct switch_entry {
	struct strvec words;  /* "-o" "a.out"; "-O2" */
	const struct opt *opt; /* NULL: a self spec's */
	int elided;           /* removed by a self spec (%<): a blank */
};
struct switch_list {
	struct switch_entry *v;
	size_t n, cap;
	struct strvec made;   /* the words the list made ("-L" DIR joined), freed with it */
};
void driver_switches(const struct driver *d, struct switch_list *out);
/* gcc's driver self specs, run over the command line: -fdump-final-insns
 * alone becomes -fdump-final-insns=., and the target's (the thread
 * switches of -fopenmp, -fopenacc, -ftree-parallelize-loops=N>1 and
 * -fgnu-tm) add theirs; marked self_spec = 1. */
void driver_self_specs(struct driver *d);
void switch_list_free(struct switch_list *l);
/* gcc's validate_all_switches: the switches of D that no spec names
 * (nor the driver takes as valid), each as "-PART1", into OUT in their
 * order; gcc rejects them as unrecognized options. */
void unvalidated_switches(const struct driver *d, struct strvec *out);
/* The switches of LIST as the spec interpreter has them, one for each
 * entry. */
struct spec_switch;
struct spec_switch *spec_switches(const struct switch_list *list);
/* What an input's row is expanded with. */
struct row_switches {
	struct switch_list list;    /* the run's switches, then the input's own */
	size_t nrun;                /* how many of LIST are the run's (driver_switches()) */
	struct spec_switch *sw;     /* LIST as the interpreter has it, one for each entry */
	struct strvec assembler;    /* the specs' %Y (assembler_options) */
	struct strvec preprocessor; /* and %Z: the -Wp and -Xpreprocessor options */
};
/* Input IN's: the run's switches, of which only the last ABI option
 * counts, -fexcess-precision=standard made =fast for a compiler that
 * refuses it (CC1: IN is compiled by cc1 or cc1plus), then the switches
 * the driver adds for this input: GCC_COMPARE_DEBUG's -fcompare-debug=,
 * and with PLUGIN the stable-order plugin PLUGIN_NAME that drops source
 * positions. */
void input_switches(const struct driver *d, const struct input *in, int cc1, const char *plugin,
		    const char *plugin_name, struct row_switches *out);
void row_switches_free(struct row_switches *rs);
/* COLLECT_AS_OPTIONS: the assembler's options, quoted, for the LTO stage
 * (which passes them to as); NULL when there are none. */
char *collect_as_options(const struct driver *d);
/* COLLECT_GCC_OPTIONS for D's commands: DUMPS_TAKEN, a command took
 * -dumpdir and -dumpbase already; FOR_LINK, collect2's; the first
 * NREMOVED switches have REMOVED's states (plan_note_removed). */
char *collect_options(const struct driver *d, int for_link, int dumps_taken, const unsigned *removed,
		      size_t nremoved);

/* paths.c */
/* The backend's program directories for the selected multilib: gcc's
 * TOOLDIR/bin/MULTIARCH/ follows the multilib (bin/i386-linux-gnu/ with
 * -m32), appended to OUT. */
void program_dirs(const struct driver *d, struct strvec *out);
char *find_program(const struct driver *d, const char *name);
char *find_in_bprefixes(const struct driver *d, const char *name);
char *find_helper(const struct driver *d, const char *name);
char *find_file(const struct driver *d, const char *name);
/* gcc's target_system_root: the --sysroot=, else the backend's configured one, or "" */
const char *driver_sysroot(const struct driver *d);
/* Which of a multilib's search lists */
enum dir_list { DIRS_LIBRARY_PATH, DIRS_LINK, DIRS_SEARCH };
void library_dirs(const struct driver *d, enum dir_list which, int existing, struct strvec *out);

/* fpeval.c */
void excess_precision_check(const struct driver *d);
const char *excess_precision_mode(const struct driver *d, const struct input *in, const char **why);
/* Does the compiler of IN take -fexcess-precision=standard?  cc1 does;
 * cc1plus from GCC 13 on. */
int excess_precision_standard_taken(const struct input *in);

/* debug.c: gcc's checks of the debug options, in their order (the
 * driver's common option handling): a format that conflicts with one
 * chosen before, a DWARF version out of 2..5, an ambiguous -gdwarfN. */
void check_debug_options(const struct driver *d);

/* plan.c */
void plan_start(struct planner *pl, struct plan *p, const struct driver *d);
void plan_finish(struct planner *pl);
/* A new step of the job being planned. */
struct command *plan_step(struct planner *pl, enum tool tool, const char *name);
/* Record an output to delete when the job fails. */
void plan_output(struct planner *pl, const char *path);
/* An @file argument holding ARGS (gcc's %@{...}, and %i and %o when an
 * @file was given): a temporary, or under -save-temps a file kept as
 * BASE.args.N (BASE NULL: gcc's make_at_file names it). */
char *plan_at_file(struct planner *pl, const char *base, char *const *args, size_t n);
/* End the group of steps begun after the last one: its first step (an
 * empty one if it has none) gets the messages and outputs gathered and
 * STOP_ON_ERRORS. */
void plan_end_group(struct planner *pl, int stop_on_errors);
void plan_split_last_step(struct planner *pl, size_t mark);
/* COLLECT_GCC_OPTIONS of the group's steps, as the options of D say. */
void plan_collect_options(struct planner *pl, const struct driver *d, int for_link);
/* What the spec run of SW (N switches, driver_switches()' first) removed
 * stays removed: plan_note_removed records it, plan_apply_removed marks
 * it in a later run's switches. */
void plan_note_removed(struct planner *pl, const struct spec_switch *sw, size_t n);
void plan_apply_removed(const struct planner *pl, struct spec_switch *sw, size_t n);

/* compilers.c: gcc's compiler table of the backend's GCC version, a row
 * per language (its spec; CXX_CPP: %C is the target's C++ cpp spec;
 * COMBINABLE: one command takes all inputs of the language when -o or
 * -fwpa is given, lto1's) */
struct compiler_row {
	enum lang lang;
	const char *spec;
	int cxx_cpp;
	int combinable;
};
const struct compiler_row *compiler_row(enum lang l);
/* The specs of the backend GCC's compiler table that gcc validates the
 * switches with: the rows above, then the switch tests of the rows of
 * its other languages (Ada, Fortran ...), which xgcc does not run. */
void compiler_validation_specs(struct strvec *out);
/* The language an input's SUFFIX ("c", after the last dot) selects
 * with the backend's GCC, else LANG_OBJECT. */
enum lang compiler_suffix_lang(const char *suffix);

/* compile.c */
void plan_input(struct planner *pl, size_t i);
/* Input I, after -x NAME of no language: its error where it would
 * have been compiled. */
void plan_bad_language(struct planner *pl, size_t i);
int lto_wpa(const struct driver *d); /* -fwpa or -fwpa=N: lto1 writes the partitions */
const char *lang_name(enum lang l);

/* link.c */
int has_link_input(const struct driver *d, const struct plan *p);
void plan_link(struct planner *pl);
void plan_link_trailer(struct planner *pl, int linked);
/* %:sanitize(NAME) of gcc's specs; *known 0 for another function */
const char *sanitize_function(const struct driver *d, const char *name, int argc, char **argv, int *known);

/* machine.c: what arm's and aarch64's gcc compute in code */
void machine_self_specs(struct driver *d);
/* What the backend says on standard error for `BACKEND WORDS... -### -c
 * -x c /dev/null -o /dev/null` (malloc'd), or NULL: its answers for
 * options whose meaning it computes (-march=native, arm's -march=). */
char *backend_dry_run(const struct strvec *words);
const char *machine_function(const struct driver *d, struct strvec *keep, const char *name, int argc, char **argv,
			     int *known);

/* info.c */
int print_info(struct driver *d);   /* -print-*, --version ...: returns 1 if handled */
void print_version_header(const struct driver *d);
void print_help(const struct driver *d);

/* run.c */
/* Run PLAN: 0, or 1 when a step failed or an error was given. */
int run_plan(const struct plan *p);

#endif
