/* The driver's shared state.
 *
 * The command line becomes a list of options (each with its table row and
 * argument) and a list of inputs, both in command-line order.  Each input
 * has a language and a set of stages it goes through (a bitmask, as in
 * cproc); the stages end at -E, -S, -c or the link.  Command lines for
 * cc1, as and collect2 are then built from these lists by compile.c and
 * link.c and run (or printed, for -###) by driver.c.
 */
#ifndef XGCC_DRIVER_H
#define XGCC_DRIVER_H

#include "backend.h"
#include "strvec.h"
#include "target.h"

enum opt_id {
#define OPT(id, spelling, arg, group) OPT_##id,
#include "options.def"
#undef OPT
	OPT_COUNT
};

enum opt_arg { ARG_NONE, ARG_JOINED, ARG_SEP, ARG_JOIN_SEP, ARG_PREFIX };

enum opt_group {
	GRP_DRV, GRP_CPP_NOSTDINC, GRP_CPP_C, GRP_CPP_I, GRP_CPP_P, GRP_CPP_MD, GRP_CPP_M,
	GRP_CPP_MF, GRP_CPP_MG, GRP_CPP_MP, GRP_CPP_MQ, GRP_CPP_MT, GRP_CPP_REMAP, GRP_CPP_H,
	GRP_CPP_D, GRP_CPP_IOPT, GRP_CPP_WP, GRP_CC1_UNDEF, GRP_CC1_D, GRP_CC1_M,
	GRP_CC1_AUXINFO, GRP_CC1_G, GRP_CC1_O, GRP_CC1_W, GRP_CC1_WNONE, GRP_CC1_STD,
	GRP_CC1_P, GRP_CC1_F, GRP_CC1_QN, GRP_CC1_PARAM, GRP_AS, GRP_LINK_INPUT,
	GRP_LINK_L, GRP_LINK_FLAG,
};

struct optdef {
	const char *spelling;
	enum opt_arg arg;
	enum opt_group group;
};
extern const struct optdef optdefs[OPT_COUNT];

/* One option as given. */
struct opt {
	enum opt_id id;
	const char *word;  /* the whole word for PREFIX options ("-O2"), in
			    * gcc's canonical spelling ("-std=gnu90") */
	const char *arg;   /* the argument, or NULL */
	const char *given; /* the word as written ("-std=gnu89"), for messages */
};

enum lang {
	LANG_NONE, LANG_C, LANG_CPP_OUTPUT, LANG_CXX, LANG_CXX_OUTPUT, LANG_C_HEADER,
	LANG_CXX_HEADER, LANG_ASM, LANG_ASM_CPP, LANG_LTO, LANG_OBJECT,
};

/* Stages an input goes through. */
enum stage { ST_CPP = 1, ST_CC1 = 2, ST_AS = 4, ST_LINK = 8 };

struct input {
	const char *name;
	enum lang lang;
	unsigned stages;
	const char *object; /* the object file it becomes, for the link */
	int object_no_ir;   /* OBJECT is cc1's or lto1's code without -flto: no IR */
	int done;           /* compiled already, together with an earlier input */
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
	const struct target *target;
	const struct target_abi *abi;
	const struct backend_multilib *ml;
	/* the index in opts of the last of -m16/-m32/-m64/-mx32, which alone
	 * is passed on, or NO_ABI_OPT: an index, since opts grows (the
	 * second compilation of -fcompare-debug adds options) */
	size_t abi_opt;

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
	struct strvec march_native;  /* expansion of -march=native / -mtune=native */
	const char *fp_mode;         /* -fexcess-precision= for the input being compiled */
	const char *compare_debug;   /* -fcompare-debug's OPTS, or NULL when off */
	int compare_debug_second;    /* building the second compilation */
	char *random_seed;           /* -frandom-seed= shared by both compilations */
};

/* options.c */
/* Read the command line (and select the target: -target, else the
 * driver's name's). */
void parse_command_line(struct driver *d, int argc, char **argv);
const struct opt *last_opt(const struct driver *d, enum opt_id id);
int has_opt(const struct driver *d, enum opt_id id);
/* -pthread, given or implied by gcc's self-specs: -fopenmp, -fopenacc,
 * -ftree-parallelize-loops=N with N > 1, -fgnu-tm. */
int pthread_on(const struct driver *d);
/* -ftree-parallelize-loops=N with N > 1: threads and libgomp. */
int parallelize_loops(const struct driver *d);
/* -mthreads (MinGW), given, or implied by the same options
 * (mthreads_implied: added after the machine options as gcc's
 * self-specs add it, even when it is given too). */
int mthreads_on(const struct driver *d);
int mthreads_implied(const struct driver *d);
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
/* The last of -fNAME / -fno-NAME style pair: 1, 0, or DFLT if neither. */
int last_flag(const struct driver *d, const char *yes, const char *no, int dflt);
/* A PREFIX option given exactly as WORD (or starting with WORD when PREFIX). */
const struct opt *find_word(const struct driver *d, const char *word, int prefix);
void push_opt(const struct driver *d, const struct opt *o, struct strvec *out);

/* paths.c */
char *find_program(const struct driver *d, const char *name);
char *find_in_bprefixes(const struct driver *d, const char *name);
char *find_helper(const struct driver *d, const char *name);
char *find_file(const struct driver *d, const char *name);
/* Which of a multilib's search lists */
enum dir_list { DIRS_LIBRARY_PATH, DIRS_LINK, DIRS_SEARCH };
void library_dirs(const struct driver *d, enum dir_list which, int existing, struct strvec *out);

/* fpeval.c */
void excess_precision_check(const struct driver *d);
const char *excess_precision_mode(const struct driver *d, const struct input *in, const char **why);

/* options.c: parse TEXT (space-separated) as more options at the end */
void add_options_from_text(struct driver *d, const char *text);

/* compile.c */
void compile_input(struct driver *d, struct input *in);
extern int dump_options_taken;
int lto_wpa(const struct driver *d); /* cc1 or lto1 got -dumpdir/-dumpbase: gcc elides them */
void push_machine_defaults(const struct driver *d, struct strvec *out);
/* -gz, -gz=TYPE: the assembler's and the linker's --compress-debug-sections= */
void push_compress_debug(const struct driver *d, struct strvec *out, int for_as);
const char *lang_name(enum lang l);

/* link.c */
void link_inputs(struct driver *d);

/* info.c */
int print_info(struct driver *d);   /* -print-*, --version ...: returns 1 if handled */
void print_version_header(const struct driver *d);
void print_help(const struct driver *d);

/* driver.c */
int run_commands(struct driver *d, struct strvec *cmds, size_t ncmds, const char **names,
		 const char *in_path, const char *out_path);
void set_collect_options(const struct driver *d, int for_link);
char *collect_as_options(const struct driver *d);
void select_target(struct driver *d, const char *option_triplet);
_Noreturn void cannot_execute(const char *name, const char *path, int err);
extern int driver_failed;

#endif
