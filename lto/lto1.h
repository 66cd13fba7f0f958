/* lto1, the link-time stage: one header for its parts.
 *
 *   lto1.c      the link stage (config, add, compile) and main
 *   read.c      the LTO inputs' sections, modules and symbols
 *   list.c      lto1 --list
 *   opts.c      merging the options the modules were compiled with
 *   resolve.c   symbol resolution (the plugin's verdicts)
 *   merge.c     merged relocatable objects (-r), plain COFF copies of bigobj
 *   debugcopy.c, debugobj.c   the early debug sections
 *   run.c       the backend runs: WPA, LTRANS
 *   cache.c     the LTRANS cache
 *   remote.c    its remote (-flto-cache-remote=: HTTP, Redis)
 *   distribute.c  LTRANS jobs through a distributor (-flto-distributor=)
 */
#ifndef XGCC_LTO1_H
#define XGCC_LTO1_H

#include <stddef.h>
#include <stdint.h>

#include "digest.h"
#include "lto-sections.h"
#include "obj.h"
#include "strvec.h"

/* --- list.c --------------------------------------------------------- */

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
 * (single-quoted words, ' written as '\'', separated by blanks) into OUT,
 * as new strings the caller frees. */
void lto_split_options(const char *s, struct strvec *out);

/* Merge the modules' options the way GCC's lto-wrapper does (first
 * target options win, -O levels, PIC/PIE rules, ...), warn through
 * diag(DIAG_WARNING, ...) where modules were compiled with conflicting
 * options, naming the files and the options, then add the link-time
 * options LINK_OPTS (COLLECT_GCC_OPTIONS, split), which override.  OUT
 * gets the options for the backend compile "xgcc -xlto -c OUT..." (new
 * strings the caller frees; the merge keeps nothing of its own), in
 * the order lto-wrapper would give them (less -dumpdir, -dumpbase, -o and
 * the -fwpa/-fltrans/-fresolution options, which run.c adds).  Modules
 * that cannot go together (word sizes; -fcf-protection=check) get
 * diag(DIAG_ERROR, ...): callers check diag_error_count().  The rules
 * are in doc/lto-options.texi. */
void lto_merge_options(const struct lto_module_opts *mods, size_t n,
		       const struct strvec *link_opts, struct strvec *out);

/* 'P' -fPIC, 'p' -fpic, 'E' -fPIE, 'e' -fpie, 0 none of them. */
int lto_pic_kind(const char *word);

/* The link-time options as GCC's lto-wrapper takes them from the
 * environment: COLLECT_GCC_OPTIONS, then -Xassembler WORD for each word
 * of COLLECT_AS_OPTIONS.  Either may be absent.  New strings in OUT. */
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

/* The link stage's shared picture: the link as collect2 describes it,
 * the LTO inputs as read, and what resolution decided. */

/* --- read.c ---------------------------------------------------------- */

struct lto_module {
	uint64_t id;
	struct lto_header h;
	const struct obj_section *symtab, *ext_symtab;
	struct lto_symbol *syms;
	size_t nsyms;
	const char *opts;          /* its .gnu.lto_.opts string */
};

struct lto_input {
	const char *name;          /* as on the command line: "a.o", "lib.a@0x1a2c" */
	struct obj_file *f;
	struct lto_module *mods;
	size_t nmods;
	int slim;
};

/* 0, or 1 after an error message naming the file. */
int lto_read_input(const char *name, struct lto_input *in);
int lto_check_streams(const struct lto_input *in);

/* --- the link, as collect2 describes it (lto1.c) ---------------------- */

enum link_mode { MODE_EXEC, MODE_PIE, MODE_DYN, MODE_REL };

/* A symbol of a non-LTO input: defined, weak, common, or a reference. */
struct plain_sym {
	char *name;
	char kind;                 /* 'D' def, 'K' def in a COMDAT section or group, 'W' weak def,
				      'C' common, 'U' ref, 'w' weak ref */
};

/* One unit of the link in the order ld loads it: an LTO input, a plain
 * object (or archive member pulled), or a shared library. */
struct unit {
	enum { UNIT_LTO, UNIT_OBJ, UNIT_DSO } kind;
	char *path;
	struct lto_input *lto;     /* UNIT_LTO */
	struct plain_sym *syms;    /* UNIT_OBJ, UNIT_DSO */
	size_t nsyms;
};

struct link_desc {
	enum link_mode mode;
	int export_dynamic;
	int allow_multiple;        /* -z muldefs: the first of two strong definitions wins */
	struct strvec undefined;   /* -u, -e: references from outside the inputs */
	struct strvec wraps;       /* --wrap=SYM */
	struct strvec exported;    /* --export-dynamic-symbol, --dynamic-list: names or globs */
	struct strvec locals;      /* definitions a version script makes local */
	struct unit *units;
	size_t nunits;
};

/* --- ldview.c: the objects as ld makes a plugin's files --------------- */

/* Make the ELF objects OUTPUTS what ld makes of the files a linker plugin
 * adds (their FILE symbols), and append an object holding the COMDAT
 * groups ld would keep for the LTO modules, KEPT_COMDATS (resolve.c; NULL
 * for none), named PREFIX + "groups.o".  0, or 1 after an error message. */
int lto_ld_view(const struct strvec *kept_comdats, const char *prefix, struct strvec *outputs);

/* --- resolve.c ------------------------------------------------------- */

/* Compute the resolution of every symbol of every LTO input and write
 * the resolution file the backend reads (-fresolution=PATH); append to
 * KEPT_COMDATS the COMDAT groups of LTO modules that ld would keep (the
 * first copy of each, where the module's definitions prevail). */
void lto_resolve(const struct link_desc *d, const char *path, struct strvec *kept_comdats);

/* --- debugcopy.c: sections with their relocations and symbols -------- */

#define EARLY_DEBUG_PREFIX ".gnu.debuglto_"
#define NOT_COPIED ((size_t)-1)

/* A ".gnu.debuglto_*" section. */
int is_early_debug(const struct obj_section *s);

/* Copying some sections of the object F (named PATH in messages). */
struct debug_copy {
	const char *path;
	struct obj_file *f;
	struct obj_reloc **relocs;   /* per section: its relocations, once read */
	size_t *nrelocs;
	size_t *out;                 /* per section: its index in the output, or NOT_COPIED */
};

void debug_copy_init(struct debug_copy *c, const char *path, struct obj_file *f);
/* Read the relocations of section I, which must point only at sections
 * that COPIED says are copied (and at symbols defined in them).  0, or 1
 * after an error line. */
int debug_copy_relocs(struct debug_copy *c, size_t i, int (*copied)(const struct obj_section *));
/* Copy section I's bytes, alignment and entry size into W as NAME with
 * FLAGS; its index in W. */
size_t debug_copy_section(struct debug_copy *c, struct obj_writer *w, size_t i, const char *name,
			  uint64_t flags);
/* After all sections: the symbols defined in copied sections and the
 * relocations read, pointed at the copies. */
void debug_copy_links(struct obj_writer *w, const struct debug_copy *c);
void debug_copy_free(struct debug_copy *c);

/* --- debugobj.c ------------------------------------------------------ */

/* For a final link (not -flinker-output=rel), as GCC's lto-wrapper: one
 * object per LTO input with early debug info, holding those sections
 * renamed ".debug_*" (RENAME; else kept as they are) with their
 * relocations and symbols, and the notes, written as PREFIX's directory
 * + the input's base name + ".debug.temp.o" and appended to OUT in input
 * order.  None when LINK_OPTS (the link's options) end in -g0.  0, or 1
 * after an error message. */
int lto_debug_objects(const struct link_desc *d, const struct strvec *link_opts, const char *prefix,
		      int rename, struct strvec *out);

/* --- run.c ---------------------------------------------------------- */

struct run_plan {
	const char *driver;        /* COLLECT_GCC: xgcc */
	const char *output;        /* the link's output (-o), for the distributor */
	struct strvec opts;        /* merged options, after "-xlto -c" */
	struct strvec inputs;      /* the LTO inputs, in resolution order */
	const char *resolution;    /* the resolution file */
	const char *linker_output; /* -flinker-output=: exec, pie, dyn, rel, nolto-rel */
	const char *prefix;        /* temporary files: "p." (-save-temps) or "TMPDIR/ccX/p." */
	const char *dump_prefix;   /* dump files, as lto-wrapper names them: the
				    * link's -dumpdir ("p.", "d/"), else "OUTPUT." */
	int dumps;                 /* the link asks for dumps (-fdump-*, -fstack-usage, ...) */
	const char *jobs_spec;     /* what followed -flto=, or NULL */
	const char *partition;     /* -flto-partition=, or NULL */
	int save_temps;            /* -save-temps: keep the argument files too */
	int no_plugin;             /* -fno-use-linker-plugin: name them as gcc's collect2 does */
	int positioned_bodies;     /* a module was compiled without the cache, its
				    * bodies with their source positions */
	int verbose;
	struct strvec outputs;     /* filled in: the objects for ld */
};

/* One LTRANS partition: what the WPA wrote, where its code goes, and the
 * backend run that compiles it. */
struct ltrans_job {
	char *part;              /* the WPA's partition, P.ltransK.o */
	unsigned long size;      /* its size as the WPA's list gives it, or 0 */
	char *out;               /* its code, P.ltransK.ltrans.o */
	size_t index;            /* its place in the WPA's list */
	char **argv;             /* the run; NULL when the cache had the code */
	const char *err;         /* the run's standard error (in-process runs) */
	char key[DIGEST_HEX];    /* its key in the LTRANS cache */
};

/* Replay a backend run's captured standard error (ERR_PATH); when it
 * FAILED on IR it could not read, one clear line instead.  Returns FAILED. */
int lto_backend_report(const struct run_plan *p, const char *err_path, int failed);
/* Does a backend run's captured standard error show IR it could not read? */
int lto_backend_damage(const char *err_path);
/* 0, or 1 after an error message. */
int lto_run_backend(struct run_plan *p);
/* The LTRANS run of partition PART into OUT: "DRIVER -xlto -c OPTIONS
 * [EXTRA] -fltrans -o OUT PART -dumpbase DUMPBASE". */
char **lto_ltrans_argv(const struct run_plan *p, const char *driver, const char *extra, const char *out,
		       const char *part, const char *dumpbase);

/* --- cache.c -------------------------------------------------------- */

/* The LTRANS cache: objects of earlier backend runs, found by
 * the digest of everything the run reads. */
struct lto_cache;

/* The cache that -flto-cache=DIR and -flto-cache-size=SIZE among OPTS (the
 * backend's options; they are taken out), else XGCC_LTO_CACHE and
 * XGCC_LTO_CACHE_SIZE, name; NULL when there is none.  The remote's
 * options (-flto-cache-remote...) are taken out too; the remote is
 * opened when there is a cache and the team's secret.  DRIVER is the
 * program the backend runs through (COLLECT_GCC). */
struct lto_cache *lto_cache_open(struct strvec *opts, const char *driver, int verbose);

/* A program WPA loads (the stable-order plugin): its bytes go into every
 * key, its path, which the partitions' options record, does not. */
void lto_cache_program(struct lto_cache *c, const char *path);

/* The key of one backend run: the options (less those that change no
 * code: -v, -save-temps), the words WORDS of its command that are not
 * file names, and the bytes of the FILES it reads ("lib.a@0x1a2c" is
 * the archive with its offset).  With SKIP, the FILES are objects that
 * record the temporary name SKIP (WPA's partitions): their sections and
 * symbols are hashed, less every occurrence of SKIP and of the paths of
 * lto_cache_program's programs. */
void lto_cache_key(const struct lto_cache *c, const struct strvec *words, char *const *files, size_t nfiles,
		   const char *skip, char key[DIGEST_HEX]);

/* On a hit (in DIR, else on the remote, whose hit is entered in DIR),
 * write the cached object to DEST and return 1; a damaged entry is
 * removed (on the remote: refused) and counts as a miss (0). */
int lto_cache_fetch(struct lto_cache *c, const char *key, const char *dest);
/* Enter the object SRC under KEY, in DIR and on the remote; a failure
 * (a full disk, a server that is down) only warns. */
void lto_cache_store(struct lto_cache *c, const char *key, const char *src);
/* The link's last word: with -v, how many of the N runs were reused
 * (with a remote: how many from DIR, how many from the remote);
 * then the cache is pruned to its size, least recently used first. */
void lto_cache_close(struct lto_cache *c, size_t hits, size_t n);

/* SIZE (MiB, or a number with k, M or G) of OPTION; fatal if it is not one. */
uint64_t lto_parse_size(const char *option, const char *size);
/* The bytes (*N of them, MIN to MAX, else *WHY is SIZE_RULE) of FILE, a
 * regular file that not every user can read: a secret or a credential.
 * NULL with *WHY set when it cannot serve. */
uint8_t *lto_read_private_file(const char *file, size_t min, size_t max, const char *size_rule, size_t *n,
			       const char **why);

/* --- remote.c -------------------------------------------------------- */

/* The LTRANS cache's remote: a server (HTTP(S) or Redis) holding the
 * entries of cache.c, the same bytes as in a local cache. */
struct lto_remote;

/* What the options and the environment say of the remote: the values
 * as given, NULL where unset. */
struct lto_remote_options {
	const char *url, *auth_file, *ca_file, *connect_timeout, *timeout, *max_entry;
};
/* O from the environment (XGCC_LTO_CACHE_REMOTE...). */
void lto_remote_options_init(struct lto_remote_options *o);
/* Is OPT a remote option (-flto-cache-remote...)?  Then it is taken into O. */
int lto_remote_option(struct lto_remote_options *o, const char *opt);
/* The remote O->url names (which must be set), or NULL after a warning
 * saying why it cannot be used.  Nothing is sent before the first
 * request. */
struct lto_remote *lto_remote_open(const struct lto_remote_options *o, int verbose);
const char *lto_remote_url(const struct lto_remote *r);
/* 1 with the entry KEY's bytes in *DATA (malloc'd) and *LEN; 0 on a
 * miss, an entry over the size cap, or a remote that failed. */
int lto_remote_get(struct lto_remote *r, const char *key, unsigned char **data, size_t *len);
/* Store ENTRY (LEN bytes) under KEY: left alone if one is there already,
 * unless REPLACE.  A failure costs one warning per link, and the remote
 * is not asked again. */
void lto_remote_put(struct lto_remote *r, const char *key, const void *entry, size_t len, int replace);
void lto_remote_close(struct lto_remote *r);

/* --- distribute.c --------------------------------------------------- */

/* The program that runs the LTRANS jobs of a link elsewhere. */
struct lto_distributor;

/* The distributor that -flto-distributor=PROG and -flto-distributor-arg=ARG
 * among OPTS (taken out) or XGCC_LTO_DISTRIBUTOR name; NULL when none. */
struct lto_distributor *lto_distributor_open(struct strvec *opts);
/* Why the jobs of the link P cannot be sent (they would write files the
 * job file cannot list), or NULL when they can. */
const char *lto_distributor_unfit(const struct run_plan *p);
/* Fill in the N jobs' argv as the job file gives them, write the job
 * file (the jobs in the order given), run the distributor and check that
 * every output came back as an object of the partition's format and
 * machine.  0, or 1 after one error naming
 * the distributor and the first job that failed; -1 when the jobs cannot
 * be written as JSON (a file name that is not UTF-8): nothing ran, the
 * caller runs them itself. */
int lto_distribute(const struct lto_distributor *d, const struct run_plan *p, struct ltrans_job *const *jobs,
		   size_t n);

#endif
