/* lto1's parts: the link stage (lto1.c), the inputs' LTO sections
 * (read.c), --list (list.c), option merging (opts.c), symbol resolution
 * (resolve.c), merged relocatable objects (merge.c, with debugcopy.c and
 * debugobj.c for the early debug sections), the backend runs (run.c)
 * and the LTRANS cache (cache.c).  stage.h holds the link stage's shared
 * picture, run.h and cache.h the runs' and the cache's interfaces. */
#ifndef XGCC_LTO1_H
#define XGCC_LTO1_H

#include <stddef.h>

#include "strvec.h"

/* lto1 --list FILE...: print what each input carries for LTO. */
int lto_list(int argc, char **argv);

/* --- opts.c ---------------------------------------------------------- */

/* One LTO module's recorded options: FILE is the input as named on
 * lto1's command line ("b.o", "lib.a@0x1a2c"), OPTS the module's string
 * from .gnu.lto_.opts ("'-fno-openmp' '-fPIC' ... '-O2' '-flto'"). */
struct lto_module_opts {
	const char *file;
	const char *opts;
	/* The word size the object's class and machine say ("-m64", "-m32",
	 * "-mx32"; lto_object_abi), checked against the modules' -m options;
	 * NULL if not known. */
	const char *abi;
};

/* The -m option of the word size of an object: "-m64", "-m32", "-mx32",
 * or NULL for machines xgcc does not know. */
struct obj_file;
const char *lto_object_abi(const struct obj_file *f);

/* Split an option string in the .opts / COLLECT_GCC_OPTIONS style
 * (single-quoted words, ' written as '\'', separated by blanks) into OUT. */
void lto_split_options(const char *s, struct strvec *out);

/* Merge the modules' options the way GCC's lto-wrapper does (first
 * target options win, -O levels, PIC/PIE rules, ...), warn through
 * diag(DIAG_WARNING, ...) where modules were compiled with conflicting
 * options, naming the files and the options, then add the link-time
 * options LINK_OPTS (COLLECT_GCC_OPTIONS, split), which override.  OUT
 * gets the options for the backend compile "xgcc -xlto -c OUT...", in
 * the order lto-wrapper would give them (less -dumpdir, -dumpbase, -o and
 * the -fwpa/-fltrans/-fresolution options, which run.c adds).  Modules
 * that cannot go together (word sizes; -fcf-protection=check) get
 * diag(DIAG_ERROR, ...): callers check diag_error_count().  The rules
 * are in doc/lto-options.texi. */
void lto_merge_options(const struct lto_module_opts *mods, size_t n,
		       const struct strvec *link_opts, struct strvec *out);

/* The link-time options as GCC's lto-wrapper takes them from the
 * environment: COLLECT_GCC_OPTIONS, then -Xassembler WORD for each word
 * of COLLECT_AS_OPTIONS.  Either may be absent. */
void lto_link_options_from_env(struct strvec *out);

/* lto1 --merge-options FILE...: the merged options of the modules of the
 * FILEs (objects or "lib.a@0xOFF") with the link-time options of the
 * environment, one per line; the warnings on stderr.  Returns the exit
 * status. */
int lto_merge_options_main(int argc, char **argv);

/* --- merge.c --------------------------------------------------------- */

/* Write one relocatable LTO object at OUT (temporary name, renamed into
 * place) holding every .gnu.lto_* section of the INPUTS (files or archive
 * members "lib.a@0xOFF"), each module's id kept distinct, the .opts
 * strings of all modules back to back, the early debug sections of -g
 * objects, and the markers __gnu_lto_v1 and __gnu_lto_slim (the result
 * holds IR only).  The object format and machine are those of the first input.  Returns 0,
 * or 1 after an error message. */
int lto_merge_objects(char *const *inputs, size_t n, const char *out);

/* Write the LTO sections of INPUT, a bigobj COFF object or member, into
 * OUT, a plain COFF object (what the backend can read), module headers
 * unchanged.  Returns 0, or 1 after an error message. */
int lto_plain_coff_copy(const char *input, const char *out);

#endif
