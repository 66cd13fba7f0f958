/* gcc's spec language: the specs a backend prints with -dumpspecs, the
 * spec files of -specs=, and the interpreter that turns a spec string
 * and the resolved switches into command lines.
 *
 * A spec string is text with % constructs (gcc's manual, "Spec Files";
 * driver/spec.c says which constructs and functions there are).  The
 * interpreter plans, it runs nothing: each command a spec builds (ended
 * by a newline, or by the end of the spec) is appended to a list, with
 * the marks gcc gives its arguments (a temporary file to delete, an
 * output to delete on failure), and the commands that -pipe joins are
 * flagged so.  What depends on the driver (file searches, temporary
 * names, the output list, the functions that read the driver's state)
 * comes through struct spec_ops; the state of one expansion lives in
 * struct spec_run, none in globals.
 */
#ifndef XGCC_SPEC_H
#define XGCC_SPEC_H

#include "strvec.h"

#include <stddef.h>

/* --- the named specs and the compiler table --------------------------- */

struct spec_def {
	char *name;  /* "cc1", "link", "asm_final" (without the '*') */
	char *body;
	int user;    /* set by a -specs= file (gcc's user_p) */
};

/* A row of gcc's compiler table: a suffix (".c") or a language ("@c")
 * and the spec that compiles it ("@c" to point at a language row). */
struct spec_compiler {
	char *suffix;
	char *spec;
};

struct spec_set {
	struct spec_def *defs;
	size_t n, cap;
	struct spec_compiler *compilers;
	size_t ncompilers, ccap;
	char *link_command; /* *link_command:, or a spec file's "suffix-less" row */
	int sealed;         /* the backend's specs are in: new names go first */
	struct strvec said;  /* what gcc -v says while reading spec files: "Reading
			      * specs from F", "rename spec A to B", in order */
};

/* NAME's body, or NULL when no such spec is defined. */
const char *spec_get(const struct spec_set *s, const char *name);
/* Define NAME as BODY; a BODY that starts with '+' and a space appends
 * the rest to what NAME was (gcc's set_spec). */
void spec_set(struct spec_set *s, const char *name, const char *body, int user);
/* %rename OLD NEW: NEW takes OLD's body, OLD becomes empty.  -1 with
 * *ERR set when OLD is not defined or NEW already is. */
int spec_rename(struct spec_set *s, const char *old, const char *new_name, char **err);

/* Finds the file a spec file's %include names (gcc searches the startfile
 * prefixes); NULL when not found. */
typedef char *spec_find_fn(void *arg, const char *name);

/* Read the spec file PATH into S as gcc's read_specs does: "*name:" and
 * its body up to a blank line ("+ " appends), "%include <FILE>",
 * "%include_noerr <FILE>", "%rename OLD NEW", compiler rows ".suffix:",
 * comments ('#' to the end of the line) and backslash-newline dropped
 * from bodies.  MAIN: the backend's own specs (-dumpspecs), where %
 * commands are not allowed.  0, or -1 with *ERR set ("PATH: reason"). */
int spec_read_file(struct spec_set *s, const char *path, int main_specs, int user, spec_find_fn *find,
		   void *find_arg, int verbose, char **err);
/* The same for a text already in memory (NAME is used in messages). */
int spec_read_text(struct spec_set *s, const char *name, const char *text, int main_specs, int user,
		   spec_find_fn *find, void *find_arg, int verbose, char **err);
/* S as -dumpspecs prints it. */
void spec_dump(const struct spec_set *s, FILE *f);
void spec_set_free(struct spec_set *s);

/* --- the switches as the specs see them ------------------------------- */

enum {
	SPEC_SW_LIVE = 1,       /* seen and not overridden */
	SPEC_SW_FALSE = 2,      /* overridden by a later -O or -fno- */
	SPEC_SW_IGNORE = 4,     /* removed by %<S */
	SPEC_SW_IGNORE_PERMANENTLY = 8,
	SPEC_SW_KEEP_FOR_GCC = 16, /* %>S: gone for the commands, kept in COLLECT_GCC_OPTIONS */
	SPEC_SW_SPEC_REMOVED = 32, /* by this run's %<S or %>S, not before it */
};

/* One switch of the command line: the option without its '-' ("O2",
 * "fPIC", "o", "Wl,-z,now") and its separate arguments, if any. */
struct spec_switch {
	const char *part1;
	const char *const *args; /* NULL-terminated, or NULL */
	unsigned live;           /* SPEC_SW_* */
	int validated;           /* a spec passed it, or %< named it */
	int known;               /* in gcc's option table */
	int ordering;            /* the interpreter's mark for %{S*&T*} */
};

/* gcc's validate_switches_from_spec: mark validated each of the N
 * switches SW that a switch test of SPEC names (%{S...}, %W{...},
 * %@{...}, %<S; the alternatives after | & and ;, the tests in the
 * bodies): only the known ones unless USER (a -specs= file's spec
 * validates unknown switches too).  LEAK: GCC 11's and 12's rule, in
 * which a '*' (or a '.' suffix) of one alternative holds for all the
 * later ones of its test. */
void spec_validate(const char *spec, struct spec_switch *sw, size_t n, int user, int leak);

/* --- expanding a spec ------------------------------------------------- */

enum {
	SPEC_ARG_TEMP = 1,    /* a temporary file: deleted at the end (%g, %u, %d) */
	SPEC_ARG_FAILURE = 2, /* deleted when the command fails (%w, %W{...}) */
};

struct spec_arg {
	char *text;
	const char *file; /* the file the flags are about: TEXT, or what
			   * follows the last '=' of an option ("-fdump=F") */
	unsigned flags;
};

struct spec_cmd {
	struct spec_arg *args;
	size_t n, cap;
	int piped_to_next; /* -pipe: its standard output is the next one's input */
};

/* The input file being processed (absent in the link). */
struct spec_input {
	const char *name;     /* %i */
	const char *const *names; /* or, with NNAMES, several: a combinable
				   * compiler's inputs (gcc's lto1) */
	size_t nnames;
	const char *base;     /* the name after its last '/': "a.c" (%B) */
	size_t base_len;      /* ... up to its last '.': 1 (%b) */
	const char *suffix;   /* after the last '.': "c" (%{.c:...}) */
	const char *language; /* the compiler row's language: "c", "c++-header" (%{,c:...}) */
	const char *dumpdir;  /* -dumpdir, or NULL: before %b/%B of aux files */
	const char *outbase;  /* the aux-output base, or NULL */
};

struct spec_run;

/* What the interpreter asks of the driver.  Any member may be NULL
 * where a caller's specs never need it; a construct whose hook is
 * missing is an error naming the construct. */
struct spec_ops {
	/* a new temporary file name ending in SUFFIX (mkstemp'd) */
	char *(*make_temp)(void *arg, const char *suffix);
	/* %s: NAME found among the startfile directories, or NAME itself */
	char *(*find_file)(void *arg, const char *name);
	/* %T: the linker script NAME found in the library directories, or NULL */
	char *(*find_script)(void *arg, const char *name);
	/* %I (which 'I') and %D ('D'): the arguments they stand for */
	void (*paths)(void *arg, int which, struct strvec *out);
	/* %M, %R: the multilib OS directory, the target system root */
	const char *(*value)(void *arg, int which);
	/* %o: the output files of the compilations and the link's inputs */
	void (*outputs)(void *arg, struct strvec *out);
	/* %w: PATH is this input's output (%V: NULL) */
	void (*set_output)(void *arg, const char *path);
	/* %@{...} with an @file given: ARGS written to a response file,
	 * returned as "@FILE" */
	char *(*at_file)(void *arg, const struct strvec *args);
	/* a spec function of the driver's (sanitize, dumps, ...): its
	 * result (a spec string, or NULL), *KNOWN 0 when it has none of
	 * that name */
	const char *(*function)(void *arg, struct spec_run *r, const char *name, int argc, char **argv,
				int *known);
	/* a command is complete (ended by a newline, or by the end of the
	 * spec; under -pipe each part of a pipeline, PIPED_TO_NEXT set but
	 * the last's): the driver plans it before the expansion goes on, so
	 * that what the expansion says afterwards comes after it */
	void (*command)(void *arg, struct spec_run *r, const struct spec_cmd *cmd);
	/* %:print-asm-header(): TEXT goes to standard output before the
	 * next command runs (NULL: printed at once) */
	void (*banner)(void *arg, const char *text);
};

struct spec_temp; /* %g/%u/%U names already chosen (spec.c) */

struct spec_run {
	/* given by the caller (%:include adds to the specs) */
	struct spec_set *specs;
	struct spec_switch *sw;
	size_t nsw;
	const struct spec_input *in;
	const struct spec_ops *ops;
	void *arg;
	int use_pipes;          /* -pipe */
	int save_temps;         /* -save-temps: %g names are the dump names */
	int at_file_supplied;   /* an @file was given: %o, %i, %@{} use one */
	int compare_debug_second; /* the second -fcompare-debug compilation: ".gk" */
	const char *object_suffix; /* %O: ".o", ".obj" */
	const char *bit_bucket;    /* %j: "/dev/null" */
	const char *version;       /* the backend's "12.2.0" (%v1, version-compare) */
	const char *cpp_spec;      /* %C: the compiler row's, or NULL for %(cpp) */
	struct strvec *linker_options;       /* %x adds, %X gives */
	const struct strvec *assembler_options;    /* %Y: -Wa, */
	const struct strvec *preprocessor_options; /* %Z: -Wp, */

	/* the result: the commands built, and the first error */
	struct spec_cmd *cmds;
	size_t ncmds, ccap;
	char *error;
	int error_given;      /* ... already given (%e) */

	/* the state of the expansion */
	char *word;           /* the argument being built */
	size_t wlen, wcap;
	int word_going, delete_this, output_this, library_this, script_this;
	const char *suffix_subst;
	int in_function;
	struct spec_cmd cur;
	struct spec_temp *temps;
	struct strvec owned;  /* strings the run frees at the end */
};

/* Expand SPEC (a whole command spec: gcc's do_spec) into R's commands.
 * 0, or -1 when the spec stopped (%e, an invalid construct: R->error
 * says why, already given with diag(DIAG_ERROR) for %e). */
int spec_expand(struct spec_run *r, const char *spec);
/* Expand SPEC into the words of one argument list, as a spec function's
 * arguments or a self spec are split: 0, or -1 as above. */
int spec_expand_words(struct spec_run *r, const char *spec, struct strvec *out);
/* A switch is live (not overridden by a later one, not removed by %<):
 * gcc's check_live_switch, PREFIX_LEN the length of a starred atom or -1. */
int spec_switch_live(struct spec_run *r, size_t i, int prefix_len);
void spec_run_free(struct spec_run *r);

/* S with every character escaped: a spec takes it as one argument
 * (gcc's quote_spec_arg; "" becomes %"). */
char *spec_quote(const char *s);

/* "1.2.3" against "1.2": <0, 0, >0 as strcmp (version-compare's order). */
int spec_version_cmp(const char *a, const char *b);

#endif
