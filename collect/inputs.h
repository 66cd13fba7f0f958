/* collect2's picture of the link: the ld command line read the way ld
 * reads it, its inputs found the way ld finds them, classified, scanned
 * for LTO, and the archive members the link pulls in.
 */
#ifndef XGCC_COLLECT_INPUTS_H
#define XGCC_COLLECT_INPUTS_H

#include "memo.h"
#include "obj.h"
#include "strvec.h"
#include "target.h"

#include <stdint.h>

/* A symbol as the member selection sees it. */
struct link_sym {
	char *name;
	int defined;   /* defines it (common included) */
	int weak;      /* a weak reference does not pull archive members */
	int common;
	int comdat;    /* a strong definition in a COMDAT section (COFF) or section group (ELF) */
};

struct member {
	struct ar_member m;
	char *path;            /* "lib.a@0xOFFSET", or the file of a thin member */
	enum obj_kind kind;
	int lto, slim;         /* carries LTO IR; has no real code */
	int import;            /* has .idata$ sections: a DLL's import stub (PE-COFF) */
	int pulled;
	struct link_sym *syms;
	size_t nsyms;
};

struct input {
	size_t arg;            /* index of the ld argument it came from */
	char *path;            /* the file ld will open */
	enum obj_kind kind;
	int lto, slim;
	int whole_archive;     /* between --whole-archive and --no-whole-archive */
	int as_needed;         /* a shared library under --as-needed or AS_NEEDED */
	int group;             /* 0, or the number of its --start-group */
	int from_script;       /* named by a linker script (INPUT, GROUP) */
	struct memo_key key;   /* its identity when the scan began */
	int keyed;             /* KEY was read */
	int known_clean;       /* the scan memo knows it to hold no IR */
	int scanned;           /* its symbols (and members') are read */
	struct link_sym *syms;
	size_t nsyms;
	struct member *members;
	size_t nmembers;
};

struct link {
	const struct target *target;
	const char *ld, *nm;     /* the programs, as found in COMPILER_PATH or PATH */
	struct strvec args;      /* ld's arguments, without collect2's own */
	struct strvec libdirs;   /* -L, in order */
	const char *sysroot;
	struct input *inputs;
	size_t ninputs;
	struct strvec undefined; /* -u, --undefined, -e: roots of the selection */
	struct strvec wraps;     /* --wrap=SYM */
	struct strvec exported;  /* --export-dynamic-symbol, --dynamic-list: names or globs */
	struct strvec version_scripts; /* --version-script files */
	const char *output;      /* -o, --output: "a.out" by default */
	int relocatable, shared, pie, export_dynamic;
	int allow_multiple;      /* -z muldefs, --allow-multiple-definition */
	int lto_requested, lto_disabled; /* -flto given; -fno-lto given last */
	int verbose, trace;
	const char *argv0;        /* collect2 itself, to find lto1 beside it */
	/* The units in the order ld loads them (objects, pulled members,
	 * shared libraries), filled in by the member selection. */
	struct loaded {
		const char *path;
		int lto, slim, dso;
		const struct link_sym *syms;
		size_t nsyms;
		size_t input;    /* l->inputs[input] is it, or holds it */
		int member;      /* an archive member */
		int needed;      /* a shared library ld keeps (--as-needed: one a symbol needs) */
	} *loaded;
	size_t nloaded;
	/* The archive members in the order ld pulls them, and which of them
	 * a --start-group's later walks pulled (at_group_end). */
	struct pull {
		size_t input, member;
		int at_group_end;
	} *pulls;
	size_t npulls;
	/* Where a linker plugin's ld puts the LTRANS objects: after
	 * loaded[plugin_insert] (nloaded: first of all), set with the
	 * insertion point.  ld then searches again the archives from
	 * inputs[rescan_from] on for LTRANS's references: the members it
	 * pulls so, in its order (rescan_pulls), from the symbols as the
	 * member selection left them (selection). */
	size_t plugin_insert, rescan_from;
	struct selection *selection;
	struct pull *rescan_pulls;
	size_t nrescan_pulls;
};

/* How ld's arguments change after the scan: per argument, left out
 * (DROP) or another in its place (REPLACE); lto1's OBJECTS go before
 * argument AT ((size_t)-1: there are none). */
struct ld_edit {
	int *drop;
	char **replace;
	struct strvec *before;         /* per argument: words ld gets before it */
	size_t at;
	struct strvec objects;
	struct link_sym *object_syms;  /* the global symbols of OBJECTS */
	size_t nobject_syms;
	struct strvec hoisted;         /* the shared libraries ld has read when the objects come */
	struct strvec ir_symbols;      /* PE-COFF: --defsym of the IR's definitions LTRANS dropped */
};

/* ldargs.c: read ld's arguments, find its inputs and classify them. */
void link_read_args(struct link *l);
/* scan.c: classify every input, find the LTO ones, select archive members. */
void link_scan(struct link *l);
/* scan.c: 1 when NAME is the LTO marker __gnu_lto_v1, 2 when it is
 * __gnu_lto_slim (with the target's symbol prefix), else 0. */
int link_lto_marker(const struct link *l, const char *name);
/* scan.c: the global symbols of the objects at PATHS (one that cannot be
 * opened is left to ld to report), appended to *SYMS. */
void link_objects_symbols(const struct strvec *paths, struct link_sym **syms, size_t *n);
/* scan.c: the members ld's rescan pulls for the LTRANS objects, whose
 * symbols are SYMS[0..N), into l->rescan_pulls: a linker plugin's ld
 * searches the archives after the insertion point again once it has
 * added the objects. */
void link_select_rescan(struct link *l, const struct link_sym *syms, size_t n);
/* scan.c: an earlier input that is the same file as IN (read once), or NULL. */
const struct input *link_same_file_before(const struct link *l, const struct input *in);
/* scan.c: whether A and B are one file (by device and inode, as read
 * when the scan began). */
int link_same_file(const struct input *a, const struct input *b);

/* nm.c: a member in a format the object layer does not read, for nm. */
int member_needs_nm(const struct member *m);
/* nm.c: nm over the archives that have such members; one of them with
 * an LTO marker stops the link. */
void nm_scan(struct link *l);
/* nm.c: a file nm reads: member MEMBER of input INPUT, copied out of
 * its archive (TEMP) or the file a thin archive names. */
struct nm_file {
	const char *path;
	size_t input, member;
	int temp;
};
/* nm.c: one line of "nm -A -P" output over FILES; when it shows an LTO
 * marker, set MEMBER_MARKED[input][member] of the file it names
 * (fuzz/nm.c). */
void nm_mark_line(const struct link *l, const struct nm_file *files, size_t nfiles, const char *line,
		  int **member_marked);

/* archives.c: put each archive with LTO members (but a script's) in E
 * as a copy of its other members, or as left out when it has none. */
void archives_without_lto(const struct link *l, struct ld_edit *e);

/* archives.c: give ld, where each archive stands, the members the
 * selection pulled, in its order (gcc's plugin link pulls them for the
 * LTO modules' symbols, not for LTRANS's). */
void archives_pulled_first(const struct link *l, struct ld_edit *e);

/* archives.c: give ld the members of l->rescan_pulls where a plugin's
 * ld puts them. */
void archives_rescanned(const struct link *l, struct ld_edit *e);

/* verscript.c: the LTO definitions the version scripts make local. */
void version_script_locals(const struct link *l, struct strvec *locals);

#endif
