/* Merging the options LTO modules were compiled with, as GCC 12's
 * lto-wrapper merges them, and warning where they conflict.
 *
 * Every LTO object carries in ".gnu.lto_.opts" one string per module
 * (several after "ld -r"): the options cc1 was given, in the quoting of
 * COLLECT_GCC_OPTIONS ('-O2' '-fPIC' ...), less the front-end, driver and
 * warning options, plus what cc1 adds so that the link can tell defaults:
 * -fno-openmp/-fno-openacc, the PIC/PIE mode (a PIE default is written
 * as -fPIC up to GCC 14, as -fPIE by GCC 15.3 and 16, whose lto-opts.cc
 * tests flag_pie first), -fcf-protection=, -g when debug info is on,
 * and each -Wa option as -Xassembler WORD.
 *
 * GCC 12 reads the modules in link order.  The first module's options
 * are the start; each later module adds the options of the kept kinds
 * that are not there yet (first wins: target -m options, -fcommon,
 * -fgnu-tm, -g, the diagnostics options), raises -O to the highest
 * level, turns on -fopenmp/-fopenacc if any module has them (GCC 13 and
 * later: the unwind tables too), intersects -fcf-protection, and
 * combines PIC/PIE (-fno-pic anywhere wins, fPIC + fpic = fpic, fPIC +
 * fpie = fpie, ...).  Which options each rule takes changes with the
 * backend's version (GCC 15 and 16 keep more diagnostics options):
 * wrapper_options has them by version.  The backend compile then gets
 * the kept options of that list followed by the link-time options that
 * are not front-end specific; the backend takes the last of each, so the
 * link line overrides.  Options such as -fwrapv or -ffp-contract are not
 * passed at all: GCC records them per function in the IR.
 *
 * Options are decoded as GCC's option machinery decodes them, with
 * GCC's own option table and the driver's decoder (lib/gccopt.h): a
 * separate argument joins its option ('-L' '/d'), an option with a "no-"
 * form is one option with a value, an alias is its target, and a later
 * option cancels an earlier one of its Negative() chain ("-fpic -fPIE"
 * is -fPIE).  Which options are target options, which the backend keeps
 * per function (Optimization) and which link-time options are a front
 * end's alone come from the table's classes as well.  The tables in this
 * file are lto1's policy: which options merge how, which are passed,
 * which conflicts are worth a warning.
 *
 * Where xgcc does better than GCC 12: modules compiled with conflicting
 * options that matter for code generation and that GCC does not keep
 * per function get one warning per conflict (a few are errors, see
 * conflict_table), and differing -Wa options
 * are united instead of all being dropped.  doc/lto-options.texi is the
 * user's account of all this.
 */
#include "config.h"

#include "lto1.h"
#include "backend.h"
#include "diag.h"
#include "gccopt.h"
#include "lto-sections.h"
#include "obj.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* --- splitting ------------------------------------------------------- */

void lto_split_options(const char *s, struct strvec *out)
{
	size_t len = strlen(s);
	char *buf = xmalloc(len + 1);
	const char *p = s;
	for (;;) {
		while (*p == ' ' || *p == '\t' || *p == '\n')
			p++;
		if (!*p)
			break;
		size_t k = 0;
		while (*p && *p != ' ' && *p != '\t' && *p != '\n') {
			if (*p == '\'') { /* quoted text up to the next quote */
				for (p++; *p && *p != '\''; p++)
					buf[k++] = *p;
				if (*p)
					p++;
			} else if (*p == '\\' && p[1]) { /* the \' of '\'' */
				buf[k++] = p[1];
				p += 2;
			} else {
				buf[k++] = *p++;
			}
		}
		strvec_push(out, xstrndup(buf, k));
	}
	free(buf);
}

/* --- GCC's option facts ---------------------------------------------- */

/* Which words are options, how each takes its argument, aliases, "no-"
 * forms, Negative() chains and each option's classes (Target, Common,
 * Driver, the languages) are GCC's option table: the backend's own,
 * probed at configure time, or the one shipped with xgcc for its
 * version (lib/gccopt.h).  What follows in this file are lto1's merge
 * rules, GCC 12 lto-wrapper's and xgcc's own: policy, not option facts. */
static const struct gcc_option_table *opt_table(void)
{
	static const struct gcc_option_table *t;
	if (!t)
		t = gcc_option_table_for(backend_cc(), backend_version());
	return t;
}

#define IN(tab, s) in_table(tab, sizeof tab / sizeof *tab, s)
static int in_table(const char *const *tab, size_t n, const char *s)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(tab[i], s) == 0)
			return 1;
	return 0;
}

/* Policy: GCC's lto-wrapper by version, the one place lto1 keys its
 * merge on the backend's version.  Besides target options (first module
 * wins, all passed), the options merge_and_complain merges and
 * append_compiler_options passes to the backend; SINCE is the first GCC
 * whose lto-wrapper lists the option (read off the lto-wrapper.cc of
 * Debian's gcc-12, -14, -15 and -16 sources; 11 stands for "GCC 12 and
 * before", GCC 11's being taken as GCC 12's, and -Oz is new in GCC 12):
 *   W_FIRST  the first module's setting is kept (a later module adds it
 *            when no earlier one has it), and passed
 *   W_ANY    on if any module has it on, and passed (merged_as_any)
 *   W_SAME   the first module's, and passed; modules must agree (a
 *            difference is an error: conflict_table)
 *   W_PASS   passed; merge_module merges it by rules of its own (PIC and
 *            PIE, -fcf-protection=, the -O levels)
 * GCC 13 merges and passes the unwind tables (measured: gcc-13's and
 * gcc-14's WPA get -fasynchronous-unwind-tables, gcc-12's do not); GCC
 * 15 keeps and passes -fdiagnostics-show-event-links,
 * -fdiagnostics-show-highlight-colors and -foffload-abi-host-opts=
 * (a string option: GCC compares only its value, 1, so the first
 * module's wins); GCC 16 the -fdiagnostics-show-nesting options. */
enum wrapper_rule { W_FIRST, W_ANY, W_SAME, W_PASS };

static const struct wrapper_option {
	const char *key;
	enum wrapper_rule rule;
	int since;
} wrapper_options[] = {
	{ "-fdiagnostics-show-caret", W_FIRST, 11 },
	{ "-fdiagnostics-show-event-links", W_FIRST, 15 },
	{ "-fdiagnostics-show-highlight-colors", W_FIRST, 15 },
	{ "-fdiagnostics-show-labels", W_FIRST, 11 },
	{ "-fdiagnostics-show-line-numbers", W_FIRST, 11 },
	{ "-fdiagnostics-show-option", W_FIRST, 11 },
	{ "-fdiagnostics-show-location=", W_FIRST, 11 },
	{ "-fdiagnostics-show-nesting", W_FIRST, 16 },
	{ "-fdiagnostics-show-nesting-locations", W_FIRST, 16 },
	{ "-fdiagnostics-show-nesting-levels", W_FIRST, 16 },
	{ "-fshow-column", W_FIRST, 11 },
	{ "-fcommon", W_FIRST, 11 },
	{ "-fgnu-tm", W_FIRST, 11 },
	{ "-g", W_FIRST, 11 },
	{ "-foffload-abi-host-opts=", W_FIRST, 15 },
	{ "-fopenmp", W_ANY, 11 },
	{ "-fopenacc", W_ANY, 11 },
	{ "-fasynchronous-unwind-tables", W_ANY, 13 },
	{ "-funwind-tables", W_ANY, 13 },
	{ "-fopenacc-dim=", W_SAME, 11 },
	{ "-foffload-abi=", W_SAME, 11 },
	{ "-fPIC", W_PASS, 11 }, { "-fpic", W_PASS, 11 }, { "-fPIE", W_PASS, 11 }, { "-fpie", W_PASS, 11 },
	{ "-fcf-protection=", W_PASS, 11 },
	{ "-O", W_PASS, 11 }, { "-Ofast", W_PASS, 11 }, { "-Og", W_PASS, 11 }, { "-Os", W_PASS, 11 },
	{ "-Oz", W_PASS, 12 },
};

/* The backend's lto-wrapper's rule for the option KEY, or NULL when it
 * neither merges nor passes it (unless a target option). */
static const struct wrapper_option *wrapper_option(const char *key)
{
	for (size_t i = 0; i < sizeof wrapper_options / sizeof *wrapper_options; i++)
		if (!strcmp(wrapper_options[i].key, key))
			return backend_major() >= wrapper_options[i].since ? &wrapper_options[i] : NULL;
	return NULL;
}

static int wrapper_rule_is(const char *key, enum wrapper_rule rule)
{
	const struct wrapper_option *w = wrapper_option(key);
	return w && w->rule == rule;
}

/* --- decoding -------------------------------------------------------- */

/* One decoded option.  KEY says which option it is, as GCC's option
 * index does: the text of its row of the table ("-fno-pic" is "-fpic"
 * with VALUE 0, "-march=k8" is "-march=", "-O3" is "-O", "-L/d" is
 * "-L"), or the word itself for one the table does not know.  W holds
 * its canonical words, ARG the argument. */
struct lopt {
	const char *w[2];
	const char *key;
	const char *arg;
	int value;
	int idx;         /* its row of the table, or GD_* */
	unsigned flags;  /* the row's GO_* flags (0 for none) */
	unsigned errors; /* GE_*: GCC does not prune such an option */
	int input;       /* not an option: a file name */
	int cf;          /* -fcf-protection= level (CF_* bits), for merging */
};

/* Policy: -fcf-protection= levels as bits, for intersecting them. */
enum { CF_NONE = 0, CF_BRANCH = 1, CF_RETURN = 2, CF_FULL = 3, CF_CHECK = 8 };

static int cf_level(const char *arg)
{
	static const struct { const char *name; int level; } levels[] = {
		{ "none", CF_NONE }, { "branch", CF_BRANCH }, { "return", CF_RETURN },
		{ "full", CF_FULL }, { "check", CF_CHECK },
	};
	for (size_t i = 0; i < sizeof levels / sizeof *levels; i++)
		if (strcmp(levels[i].name, arg) == 0)
			return levels[i].level;
	return CF_NONE;
}

struct optlist {
	struct lopt *v;
	size_t n, cap;
};

static struct lopt *optlist_push(struct optlist *l, const struct lopt *o)
{
	if (l->n == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 32;
		l->v = xrealloc(l->v, l->cap * sizeof *l->v);
	}
	l->v[l->n] = *o;
	return &l->v[l->n++];
}

/* The strings a merge makes (split words, spellings, keys) are shared
 * by the decoded options that point into them: the merge's POOL holds
 * them all and frees them at its end. */
static char *keep(struct strvec *pool, char *s)
{
	strvec_push(pool, s);
	return s;
}

static void free_strings(struct strvec *sv)
{
	for (size_t i = 0; i < sv->n; i++)
		free(sv->v[i]);
	strvec_free(sv);
}

/* Decode the option that starts ARGV (ARGC words left) into O with
 * GCC's table T, as GCC's decode_cmdline_option does; the number of
 * words it took. */
static size_t decode_one(const struct gcc_option_table *t, struct strvec *pool, char *const *argv,
			 size_t argc, struct lopt *o)
{
	const char *w = argv[0];
	memset(o, 0, sizeof *o);
	o->value = 1;
	o->arg = "";
	o->idx = GD_UNKNOWN;
	if (w[0] != '-' || !w[1]) {
		o->input = 1;
		o->w[0] = o->key = w;
		return 1;
	}
	struct gcc_decoded d;
	gcc_decode(t, argv, argc, &d);
	if (d.owned)
		keep(pool, d.owned);
	for (size_t i = 0; i < d.ncanon; i++)
		o->w[i] = keep(pool, d.canon[i]);
	if (!d.ncanon)
		o->w[0] = w;
	o->idx = d.index;
	o->value = d.value;
	o->errors = d.errors;
	if (d.arg)
		o->arg = d.arg;
	if (d.index >= 0) {
		o->key = t->opts[d.index].text;
		o->flags = t->opts[d.index].flags;
	} else {
		o->key = o->w[0];
	}
	if (strcmp(o->key, "-fcf-protection=") == 0)
		o->cf = cf_level(o->arg);
	return d.nwords ? d.nwords : 1;
}

/* Decode WORDS into L the way GCC's decode_cmdline_options_to_array
 * does, with its whole-line rules (lib/gccopt.h): -fdiagnostics-plain-
 * output expanded, "--param" "X" joined, options canceled by later ones
 * of their Negative() chains dropped, the last -fdiagnostics-color=
 * first.  An option with an error is left out of the pruning (see
 * struct lopt). */
static void decode(struct strvec *pool, char *const *words, size_t n, struct optlist *l)
{
	const struct gcc_option_table *t = opt_table();
	struct optlist all = { 0 };
	for (size_t i = 0; i < n; i++) {
		struct lopt o;
		char *const *plain;
		size_t nplain = gcc_plain_output(t, words[i], &plain);
		for (size_t k = 0; k < nplain; k++) {
			decode_one(t, pool, &plain[k], 1, &o);
			optlist_push(&all, &o);
		}
		if (nplain)
			continue;
		char *joined = gcc_param_word(words + i, n - i);
		if (joined) {
			keep(pool, joined);
			decode_one(t, pool, &joined, 1, &o);
			optlist_push(&all, &o);
			i++;
			continue;
		}
		i += decode_one(t, pool, words + i, n - i, &o) - 1;
		optlist_push(&all, &o);
	}
	int *index = xcalloc(all.n + 1, sizeof *index);
	size_t *order = xcalloc(all.n + 1, sizeof *order);
	for (size_t i = 0; i < all.n; i++)
		index[i] = all.v[i].errors ? GD_UNKNOWN : all.v[i].idx;
	size_t kept = gcc_prune_line(t, index, all.n, order, backend_major());
	for (size_t k = 0; k < kept; k++)
		optlist_push(l, &all.v[order[k]]);
	free(index);
	free(order);
	free(all.v);
}

static int find_key(const struct optlist *l, const char *key)
{
	for (size_t i = 0; i < l->n; i++)
		if (strcmp(l->v[i].key, key) == 0)
			return (int)i;
	return -1;
}

/* A target option (Target in GCC's option files). */
static int is_target(const struct lopt *o)
{
	return (o->flags & GO_TARGET) != 0;
}

static int is_olevel(const struct lopt *o)
{
	return !strcmp(o->key, "-O") || !strcmp(o->key, "-Ofast") || !strcmp(o->key, "-Og") ||
	       !strcmp(o->key, "-Os") || !strcmp(o->key, "-Oz");
}

static int olevel(const struct lopt *o)
{
	if (strcmp(o->key, "-O") == 0)
		return o->arg[0] ? atoi(o->arg) : 1;
	return strcmp(o->key, "-Ofast") == 0 ? 3 : strcmp(o->key, "-Og") == 0 ? 1 : 2;
}

/* lto1.h */
int lto_pic_kind(const char *key)
{
	return !strcmp(key, "-fPIC") ? 'P' : !strcmp(key, "-fpic") ? 'p' :
	       !strcmp(key, "-fPIE") ? 'E' : !strcmp(key, "-fpie") ? 'e' : 0;
}

/* --- merging as GCC 12 does ------------------------------------------ */

/* Options any module turns on (wrapper_options). */
static int merged_as_any(const char *key)
{
	return wrapper_rule_is(key, W_ANY);
}

/* Merge module M into the options MERGED; LINK are the link-time ones. */
static void merge_module(struct strvec *pool, struct optlist *merged, const struct optlist *m,
			 const struct optlist *link)
{
	const struct lopt *pic = NULL, *pie = NULL, *link_cf = NULL;
	for (size_t i = 0; i < link->n; i++)
		if (strcmp(link->v[i].key, "-fcf-protection=") == 0)
			link_cf = &link->v[i];

	for (size_t i = 0; i < m->n; i++) {
		const struct lopt *o = &m->v[i];
		int at = find_key(merged, o->key);
		if (o->input)
			continue;
		if (lto_pic_kind(o->key) == 'P' || lto_pic_kind(o->key) == 'p') {
			pic = o;
		} else if (lto_pic_kind(o->key)) {
			pie = o;
		} else if (is_target(o) || wrapper_rule_is(o->key, W_FIRST)) {
			if (at < 0)
				optlist_push(merged, o);
		} else if (merged_as_any(o->key)) {
			if (at < 0)
				optlist_push(merged, o);
			else if (o->value > merged->v[at].value)
				merged->v[at] = *o;
		} else if (wrapper_rule_is(o->key, W_SAME)) {
			if (at < 0)
				optlist_push(merged, o);
			/* different values: an error, reported by check_conflicts */
		} else if (!strcmp(o->key, "-fcf-protection=")) {
			if (link_cf && link_cf->cf != CF_CHECK)
				continue;
			if (at < 0)
				optlist_push(merged, o);
			else if (merged->v[at].cf != o->cf && !link_cf)
				/* GCC 12 changes the value but passes the first
				 * module's spelling: so do we (see the manual) */
				merged->v[at].cf &= o->cf & CF_FULL;
		} else if (is_olevel(o)) {
			int k = -1;
			for (size_t j = 0; j < merged->n && k < 0; j++)
				if (is_olevel(&merged->v[j]))
					k = (int)j;
			if (k < 0) {
				optlist_push(merged, o);
			} else if (strcmp(merged->v[k].key, o->key) != 0 || strcmp(o->key, "-O") == 0) {
				int a = olevel(o), b = olevel(&merged->v[k]);
				char *t = keep(pool, xasprintf("-O%d", a > b ? a : b));
				merged->v[k].key = "-O";
				merged->v[k].w[0] = t;
				merged->v[k].arg = t + 2;
				merged->v[k].value = 1;
			}
		}
	}

	/* PIC and PIE, as GCC 12's merge_and_complain combines them */
	for (size_t j = 0; j < merged->n; j++) {
		struct lopt *d = &merged->v[j];
		int k = lto_pic_kind(d->key);
		if ((k == 'P' || k == 'p') && d->value) {
			if (!pic || !pic->value) {
				if (pie) {
					int big = k == 'P' && lto_pic_kind(pie->key) == 'E';
					d->key = big ? "-fPIE" : "-fpie";
					d->w[0] = !pie->value ? "-fno-pie" : big ? "-fPIE" : "-fpie";
					d->value = pie->value;
				} else if (pic) {
					*d = *pic;
				} else {
					memmove(d, d + 1, (merged->n - j - 1) * sizeof *d);
					merged->n--;
					j--;
				}
			} else if (lto_pic_kind(pic->key) == 'p' && k == 'P') {
				*d = *pic;
			}
		} else if ((k == 'E' || k == 'e') && d->value) {
			if (!pie || !pie->value) {
				if (pic) {
					if (lto_pic_kind(pic->key) == 'p' && k == 'E') {
						d->key = "-fpie";
						d->w[0] = pic->value ? "-fpie" : "-fno-pie";
					} else if (!pic->value) {
						d->w[0] = "-fno-pie";
					}
					d->value = pic->value;
				} else if (pie) {
					*d = *pie;
				} else {
					memmove(d, d + 1, (merged->n - j - 1) * sizeof *d);
					merged->n--;
					j--;
				}
			} else if (lto_pic_kind(pie->key) == 'e' && k == 'E') {
				*d = *pie;
			}
		}
	}
}

/* --- conflicts (xgcc's own) ------------------------------------------ */

/* What a module says about one setting: SHOWN is the option as the
 * warning names it, VAL what is compared. */
struct setting {
	const char *shown;
	const char *val;
	int explicit;    /* an option of the module says it (not a default) */
};

/* The last option of M whose key is KEY, or NULL. */
static const struct lopt *last_of(const struct optlist *m, const char *key)
{
	const struct lopt *r = NULL;
	for (size_t i = 0; i < m->n; i++)
		if (strcmp(m->v[i].key, key) == 0)
			r = &m->v[i];
	return r;
}

static int has_on(const struct optlist *m, const char *key)
{
	const struct lopt *o = last_of(m, key);
	return o && o->value;
}

static int module_olevel(const struct optlist *m, int *is_fast)
{
	int level = 0;
	*is_fast = 0;
	for (size_t i = 0; i < m->n; i++)
		if (is_olevel(&m->v[i])) {
			level = olevel(&m->v[i]);
			*is_fast = strcmp(m->v[i].key, "-Ofast") == 0;
		}
	return level;
}

/* Defaults of settings a module does not record. */
enum dflt {
	D_UNKNOWN,      /* not compared: the default depends on things not recorded */
	D_OFF, D_ON,
	D_STRICT_ALIASING, /* on from -O2 */
	D_NOT_FAST,     /* on unless -ffast-math or -Ofast */
	D_NOT_UNSAFE,   /* on unless -funsafe-math-optimizations, -ffast-math or -Ofast */
};

enum ckind { C_BOOL, C_JOINED, C_ONEOF, C_PIC };

/* Policy (xgcc's, GCC 12 has none of it): the settings compared across
 * modules, less those the backend keeps per function (checked()).  KEYS: the options that set it
 * (for C_BOOL the first is the positive spelling; a second one, if any,
 * sets the opposite: -fno-strict-overflow is -fwrapv).  ERR: an error,
 * not a warning.  LINK: a link-time option settles it (no warning).
 * GROUP: settings of one group warn at most once per pair of modules.
 * OBJ: without an option, the object's class says (the word size). */
static const struct conflict {
	enum ckind kind;
	const char *keys[5];
	enum dflt dflt;
	int err, link, group, obj;
} conflict_table[] = {
	{ C_ONEOF, { "-m16", "-m32", "-m64", "-mx32" }, D_UNKNOWN, 1, 0, 0, 1 },
	{ C_JOINED, { "-mabi=" }, D_UNKNOWN, 0, 1, 0, 0 },
	{ C_JOINED, { "-mcmodel=" }, D_UNKNOWN, 0, 1, 0, 0 },
	{ C_ONEOF, { "-mlong-double-64", "-mlong-double-80", "-mlong-double-128" }, D_UNKNOWN, 0, 1, 0, 0 },
	{ C_JOINED, { "-mregparm=" }, D_UNKNOWN, 0, 1, 0, 0 },
	{ C_JOINED, { "-mpreferred-stack-boundary=" }, D_UNKNOWN, 0, 1, 0, 0 },
	{ C_JOINED, { "-mincoming-stack-boundary=" }, D_UNKNOWN, 0, 1, 0, 0 },
	{ C_JOINED, { "-mindirect-branch=" }, D_UNKNOWN, 0, 1, 0, 0 },
	{ C_JOINED, { "-mfunction-return=" }, D_UNKNOWN, 0, 1, 0, 0 },
	{ C_JOINED, { "-mtls-dialect=" }, D_UNKNOWN, 0, 1, 0, 0 },
	{ C_PIC, { "-fPIC", "-fpic", "-fPIE", "-fpie" }, D_UNKNOWN, 0, 1, 0, 0 },
	{ C_JOINED, { "-fcf-protection=" }, D_UNKNOWN, 0, 1, 0, 0 },
	{ C_BOOL, { "-fcommon" }, D_UNKNOWN, 0, 1, 0, 0 },
	{ C_BOOL, { "-fexceptions" }, D_UNKNOWN, 0, 0, 0, 0 },
	{ C_BOOL, { "-fnon-call-exceptions" }, D_UNKNOWN, 0, 0, 0, 0 },
	{ C_JOINED, { "-fexcess-precision=" }, D_UNKNOWN, 0, 0, 0, 0 },
	{ C_JOINED, { "-ffp-contract=" }, D_UNKNOWN, 0, 0, 0, 0 },
	{ C_BOOL, { "-fwrapv", "-fstrict-overflow" }, D_OFF, 0, 0, 0, 0 },
	{ C_BOOL, { "-ftrapv" }, D_OFF, 0, 0, 0, 0 },
	{ C_BOOL, { "-fstrict-aliasing" }, D_STRICT_ALIASING, 0, 0, 0, 0 },
	{ C_BOOL, { "-fmath-errno" }, D_NOT_FAST, 0, 0, 1, 0 },
	{ C_BOOL, { "-fsigned-zeros" }, D_NOT_UNSAFE, 0, 0, 1, 0 },
	{ C_BOOL, { "-ftrapping-math" }, D_NOT_UNSAFE, 0, 0, 1, 0 },
	{ C_BOOL, { "-frounding-math" }, D_OFF, 0, 0, 1, 0 },
	{ C_BOOL, { "-fshort-enums" }, D_OFF, 0, 0, 0, 0 },
	{ C_BOOL, { "-fshort-wchar" }, D_OFF, 0, 0, 0, 0 },
	{ C_BOOL, { "-fsigned-char", "-funsigned-char" }, D_ON, 0, 0, 0, 0 },
	{ C_JOINED, { "-fopenacc-dim=" }, D_UNKNOWN, 1, 0, 0, 0 },
	{ C_JOINED, { "-foffload-abi=" }, D_UNKNOWN, 1, 0, 0, 0 },
};

/* A setting GCC keeps per function (an Optimization option of its
 * table, which --help=optimizers lists) mixes correctly: each function
 * keeps the value it was compiled with, the merge loses nothing, and a
 * warning would be noise.  Except these (policy): -fexcess-precision=
 * decides what C source means (the front end applies it), and the tests
 * of the GCC patch that brought it ask for the warning. */
static const char *const warn_though_per_function[] = { "-fexcess-precision=" };

static int checked(const struct conflict *c)
{
	const struct gcc_option_table *t = opt_table();
	int i = gcc_find(t, c->keys[0]);
	int per_function = i >= 0 && (t->opts[i].flags & GO_OPTIMIZATION);
	return !per_function || IN(warn_though_per_function, c->keys[0]);
}

/* The negative spelling of a positive option: -fwrapv -> -fno-wrapv. */
static const char *no_form(struct strvec *pool, const char *pos)
{
	if (strcmp(pos, "-fsigned-char") == 0)
		return "-funsigned-char";
	return keep(pool, xasprintf("-%cno-%s", pos[1], pos + 2));
}

static int bool_default(const struct conflict *c, const struct optlist *m)
{
	int fast, level = module_olevel(m, &fast);
	int fastmath = has_on(m, "-ffast-math") || fast;
	switch (c->dflt) {
	case D_OFF: return 0;
	case D_ON: return 1;
	case D_STRICT_ALIASING: return level >= 2;
	case D_NOT_FAST: return !fastmath;
	case D_NOT_UNSAFE: return !(fastmath || has_on(m, "-funsafe-math-optimizations"));
	default: return -1;
	}
}

/* Module M's value of the setting C; 0 when it does not say.  MOD is
 * what is known of its object. */
static int get_setting(struct strvec *pool, const struct conflict *c, const struct optlist *m,
		       const struct lto_module_opts *mod, struct setting *s)
{
	const struct lopt *o = NULL;
	switch (c->kind) {
	case C_BOOL: {
		int pos = -1, at = -1;
		for (size_t i = 0; i < m->n; i++) {
			if (strcmp(m->v[i].key, c->keys[0]) == 0)
				pos = m->v[i].value, at = (int)i;
			else if (c->keys[1] && strcmp(m->v[i].key, c->keys[1]) == 0)
				pos = !m->v[i].value, at = (int)i;
		}
		s->explicit = at >= 0;
		if (at >= 0) {
			s->shown = m->v[at].w[0];
		} else {
			pos = bool_default(c, m);
			if (pos < 0)
				return 0;
		}
		s->val = pos ? "1" : "0";
		if (at < 0)
			s->shown = pos ? c->keys[0] : no_form(pool, c->keys[0]);
		return 1;
	}
	case C_JOINED:
		o = last_of(m, c->keys[0]);
		if (!o)
			return 0;
		s->shown = o->w[0];
		s->val = o->arg;
		s->explicit = 1;
		return 1;
	case C_ONEOF:
	case C_PIC:
		for (size_t i = 0; i < m->n; i++)
			for (size_t k = 0; k < 5 && c->keys[k]; k++)
				if (strcmp(m->v[i].key, c->keys[k]) == 0)
					o = &m->v[i];
		if (!o && c->obj && mod->abi) {
			s->shown = s->val = mod->abi;
			s->explicit = 1;
			return 1;
		}
		if (!o)
			return 0;
		s->shown = o->w[0];
		s->val = c->kind == C_ONEOF ? o->key : !o->value ? "none" :
			 lto_pic_kind(o->key) == 'P' || lto_pic_kind(o->key) == 'p' ? "pic" : "pie";
		s->explicit = 1;
		return 1;
	default:
		return 0;
	}
}

/* --- -Xassembler ----------------------------------------------------- */

/* A module's assembler options as items: an option word and the words
 * that follow it as its arguments ("-I dir"), shown as -Wa,-I,dir. */
struct xasm_item {
	char *words;   /* the words, each ended by XASM_SEP */
	char *key;     /* what two items that conflict share: "-mrelax-relocations=" */
};
#define XASM_SEP '\x1f' /* in no option word */

static size_t xasm_items(const struct optlist *m, struct xasm_item **out)
{
	size_t n = 0;
	*out = NULL;
	for (size_t i = 0; i < m->n; i++) {
		const struct lopt *o = &m->v[i];
		if (strcmp(o->key, "-Xassembler") != 0 || !o->w[1])
			continue;
		if (o->arg[0] != '-' && n) { /* an argument of the item before */
			char *w = xasprintf("%s%s%c", (*out)[n - 1].words, o->arg, XASM_SEP);
			free((*out)[n - 1].words);
			(*out)[n - 1].words = w;
			free((*out)[n - 1].key);
			(*out)[n - 1].key = xstrdup(w);
			continue;
		}
		*out = xrealloc(*out, (n + 1) * sizeof **out);
		const char *eq = strchr(o->arg, '=');
		(*out)[n].words = xasprintf("%s%c", o->arg, XASM_SEP);
		(*out)[n].key = eq ? xstrndup(o->arg, (size_t)(eq + 1 - o->arg)) : xstrdup((*out)[n].words);
		n++;
	}
	return n;
}

static void xasm_free(struct xasm_item *it, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(it[i].words);
		free(it[i].key);
	}
	free(it);
}

/* --- the merge ------------------------------------------------------- */

static void warn_conflict(int err, const char *f1, const char *o1, const char *f2, const char *o2)
{
	char *q1 = (char *)diag_q(o1), *q2 = (char *)diag_q(o2); /* new strings */
	diag(err ? DIAG_ERROR : DIAG_WARNING, "%s compiled with %s but %s with %s", f1, q1, f2, q2);
	free(q1);
	free(q2);
}

/* Warn once per conflicting value of each setting of conflict_table. */
static void check_conflicts(struct strvec *pool, const struct lto_module_opts *mods, const struct optlist *ml,
			    size_t n, const struct optlist *link)
{
	/* pairs (module a, module b) already warned about, per group */
	unsigned char *warned = xcalloc(n * n, 1);
	for (size_t t = 0; t < sizeof conflict_table / sizeof *conflict_table; t++) {
		const struct conflict *c = &conflict_table[t];
		if (!checked(c))
			continue;
		if (c->link) {
			int settled = 0;
			for (size_t k = 0; k < 5 && c->keys[k]; k++)
				settled |= find_key(link, c->keys[k]) >= 0;
			if (c->kind == C_JOINED && !strcmp(c->keys[0], "-fcf-protection=")) {
				const struct lopt *l = last_of(link, "-fcf-protection=");
				settled = l && l->cf != CF_CHECK;
			}
			if (settled)
				continue;
		}
		/* PIC modes: an executable is made without PIC whatever the
		 * modules say; a PIE may mix PIC and PIE code, a shared
		 * library may not */
		int shared = 0;
		if (c->kind == C_PIC) {
			const struct lopt *out = NULL;
			/* policy: the link's output kinds (the table prunes
			 * all but the last of them) */
			static const char *const kinds[] = { "-shared", "-static-pie", "-pie", "-no-pie" };
			for (size_t i = 0; i < link->n; i++)
				if (IN(kinds, link->v[i].key))
					out = &link->v[i];
			if ((out && !strcmp(out->key, "-no-pie")) || (!out && find_key(link, "-static") >= 0))
				continue;
			shared = out && !strcmp(out->key, "-shared");
		}
		int err = c->err;
		if (!strcmp(c->keys[0], "-fcf-protection=")) {
			const struct lopt *l = last_of(link, "-fcf-protection=");
			err = l && l->cf == CF_CHECK;
		}
		struct setting first = { 0 }, s;
		size_t firstm = 0;
		const char **seen = xcalloc(n, sizeof *seen);
		size_t nseen = 0;
		for (size_t m = 0; m < n; m++) {
			if (!get_setting(pool, c, &ml[m], &mods[m], &s))
				continue;
			if (c->kind == C_PIC && !shared && !strcmp(s.val, "pie"))
				s.val = "pic";
			if (!first.val) {
				first = s;
				firstm = m;
				continue;
			}
			/* two defaults that differ (-O0 and -O2 for
			 * -fstrict-aliasing) are not worth a warning */
			if (strcmp(s.val, first.val) == 0 || (!s.explicit && !first.explicit))
				continue;
			int dup = 0;
			for (size_t k = 0; k < nseen; k++)
				dup |= strcmp(seen[k], s.val) == 0;
			if (dup || (c->group && warned[firstm * n + m]))
				continue;
			seen[nseen++] = s.val;
			if (c->group)
				warned[firstm * n + m] = 1;
			warn_conflict(err, mods[firstm].file, first.shown, mods[m].file, s.shown);
		}
		free(seen);
		/* modules of different word sizes do not go together at
		 * all: nothing else about them is worth saying */
		if (nseen && c->obj)
			break;
	}
	free(warned);
}

/* An item as the user wrote it: -Wa,-I,dir. */
static char *xasm_shown(const char *words)
{
	char *s = xasprintf("-Wa,%s", words);
	for (char *p = s; *p; p++)
		if (*p == XASM_SEP)
			*p = p[1] ? ',' : 0;
	return s;
}

/* The union of the modules' assembler options, first module's first;
 * a later module giving another value to the same option is warned
 * about and loses.  (Repeats within one module stay, as GCC keeps them.) */
static void xasm_union(const struct lto_module_opts *mods, const struct optlist *ml, size_t n,
		       struct strvec *words)
{
	struct xasm_item *all = NULL;
	size_t *from = NULL, nall = 0;
	for (size_t m = 0; m < n; m++) {
		struct xasm_item *it;
		size_t k = xasm_items(&ml[m], &it);
		for (size_t i = 0; i < k; i++) {
			size_t j;
			for (j = 0; j < nall; j++)
				if (from[j] != m && (!strcmp(all[j].words, it[i].words) ||
						     !strcmp(all[j].key, it[i].key)))
					break;
			if (j < nall) {
				if (strcmp(all[j].words, it[i].words) != 0) {
					char *a = xasm_shown(all[j].words);
					char *b = xasm_shown(it[i].words);
					warn_conflict(0, mods[from[j]].file, a, mods[m].file, b);
					free(a);
					free(b);
				}
				continue;
			}
			all = xrealloc(all, (nall + 1) * sizeof *all);
			from = xrealloc(from, (nall + 1) * sizeof *from);
			all[nall].words = xstrdup(it[i].words);
			all[nall].key = xstrdup(it[i].key);
			from[nall++] = m;
		}
		xasm_free(it, k);
	}
	for (size_t i = 0; i < nall; i++) {
		char *w = all[i].words, *sep;
		for (; (sep = strchr(w, XASM_SEP)); w = sep + 1) {
			strvec_push(words, xstrdup("-Xassembler"));
			strvec_push(words, xstrndup(w, (size_t)(sep - w)));
		}
	}
	xasm_free(all, nall);
	free(from);
}

/* Does GCC's append_compiler_options pass this merged option?  Target
 * options and those of wrapper_options. */
static int compiler_option_passed(const struct lopt *o)
{
	return !o->input && o->idx >= 0 && (wrapper_option(o->key) || is_target(o));
}

/* Does GCC's append_linker_options pass this link-time option?  Those
 * of its table that are Common, Target, Driver or LTO options (not a
 * front end's alone: -std=, -D, -Wall), less some that are lto1's
 * business (policy: GCC's -o, -flto, -flto=, -fno-openmp, -fno-openacc;
 * lto1's run.c adds its own -dumpdir, -dumpbase, -fresolution, ...). */
static int linker_option_passed(const struct lopt *o)
{
	static const char *const ours[] = {
		"-o", "-flto", "-flto=", "-dumpdir", "-dumpbase", "-dumpbase-ext", "-fresolution=",
		"-flinker-output=", "-fltrans", "-fltrans-output-list=", "-fwpa", "-fwpa=",
	};
	/* policy: xgcc's own options, which GCC's table does not have,
	 * go on to run.c's LTRANS cache and distributor, which take them
	 * out */
	const struct xgcc_option *own = o->input || o->idx != GD_UNKNOWN ? NULL : xgcc_option(o->key);
	if (own && own->for_lto1)
		return 1;
	if (o->input || o->idx < 0 || IN(ours, o->key))
		return 0;
	if ((!strcmp(o->key, "-fopenmp") || !strcmp(o->key, "-fopenacc")) && !o->value)
		return 0;
	return (o->flags & (GO_COMMON | GO_TARGET | GO_DRIVER | GO_LTO)) != 0;
}

/* OUT gets copies: the words may be the pool's, the tables' or the
 * link options'. */
static void push_words(struct strvec *out, const struct lopt *o)
{
	strvec_push(out, xstrdup(o->w[0]));
	if (o->w[1])
		strvec_push(out, xstrdup(o->w[1]));
}

void lto_merge_options(const struct lto_module_opts *mods, size_t n,
		       const struct strvec *link_opts, struct strvec *out)
{
	struct strvec pool = { 0 };
	struct optlist link = { 0 }, merged = { 0 };
	struct optlist *ml = xcalloc(n + 1, sizeof *ml);
	decode(&pool, link_opts->v, link_opts->n, &link);
	for (size_t m = 0; m < n; m++) {
		struct strvec w = { 0 };
		lto_split_options(mods[m].opts, &w);
		decode(&pool, w.v, w.n, &ml[m]);
		strvec_extend(&pool, &w);
		strvec_free(&w);
	}
	if (n) {
		for (size_t i = 0; i < ml[0].n; i++)
			optlist_push(&merged, &ml[0].v[i]);
		for (size_t m = 1; m < n; m++)
			merge_module(&pool, &merged, &ml[m], &link);
	}
	check_conflicts(&pool, mods, ml, n, &link);

	/* the modules' options, with the union of their -Xassembler
	 * options where the first module's are (or after all; its words
	 * are new strings, which OUT takes over) */
	struct strvec xasm = { 0 };
	xasm_union(mods, ml, n, &xasm);
	int xasm_done = 0;
	for (size_t i = 0; i < merged.n; i++) {
		const struct lopt *o = &merged.v[i];
		if (!strcmp(o->key, "-Xassembler")) {
			if (!xasm_done)
				strvec_extend(out, &xasm);
			xasm_done = 1;
			continue;
		}
		if (compiler_option_passed(o))
			push_words(out, o);
	}
	if (!xasm_done)
		strvec_extend(out, &xasm);
	strvec_free(&xasm);

	for (size_t i = 0; i < link.n; i++)
		if (linker_option_passed(&link.v[i]))
			push_words(out, &link.v[i]);

	for (size_t m = 0; m < n; m++)
		free(ml[m].v);
	free(ml);
	free(merged.v);
	free(link.v);
	free_strings(&pool);
}

/* --- lto1 --merge-options -------------------------------------------- */

const char *lto_object_abi(const struct obj_file *f)
{
	unsigned m = obj_machine(f);
	if (obj_format(f) == OBJ_COFF)
		return m == 0x8664 ? "-m64" : m == 0x14c ? "-m32" : NULL;
	if (obj_is64(f))
		return m == 62 ? "-m64" : NULL;
	return m == 62 ? "-mx32" : m == 3 ? "-m32" : NULL;
}

void lto_link_options_from_env(struct strvec *out)
{
	const char *s = getenv("COLLECT_GCC_OPTIONS");
	if (s)
		lto_split_options(s, out);
	/* GCC's driver hands the -Wa options of the link line to
	 * lto-wrapper in COLLECT_AS_OPTIONS as well */
	const char *as = getenv("COLLECT_AS_OPTIONS");
	if (as) {
		struct strvec w = { 0 };
		lto_split_options(as, &w);
		for (size_t i = 0; i < w.n; i++) {
			strvec_push(out, xstrdup("-Xassembler"));
			strvec_push(out, w.v[i]);
		}
		strvec_free(&w);
	}
}

int lto_merge_options_main(int argc, char **argv)
{
	struct lto_module_opts *mods = NULL;
	size_t n = 0;
	int status = 0;
	for (int i = 0; i < argc; i++) {
		struct obj_file *f = obj_open_or_report(argv[i]);
		if (!f) {
			status = 1;
			continue;
		}
		const struct obj_section *s = obj_find_section(f, LTO_SECTION_PREFIX ".opts");
		struct strvec strs = { 0 };
		char *reason = NULL;
		if (!s) {
			diag(DIAG_ERROR, "%s: not an LTO object (no section %s.opts)", argv[i], LTO_SECTION_PREFIX);
			status = 1;
		} else if (lto_opts_decode(s->data, s->data ? s->size : 0, &strs, &reason) < 0) {
			diag(DIAG_ERROR, "%s: section %s.opts: %s", argv[i], LTO_SECTION_PREFIX, reason);
			free(reason);
			status = 1;
		} else if (strs.n == 0) {
			strvec_push(&strs, "");
		}
		mods = xrealloc(mods, (n + strs.n + 1) * sizeof *mods);
		for (size_t k = 0; k < strs.n; k++) {
			/* copies: the section data goes with the object */
			mods[n].file = strs.n == 1 ? xstrdup(argv[i]) : xasprintf("%s (module %zu)", argv[i], k + 1);
			mods[n].opts = xstrdup(strs.v[k]);
			mods[n++].abi = lto_object_abi(f);
		}
		strvec_free(&strs);
		obj_close(f);
	}
	if (!status) {
		struct strvec link = { 0 }, out = { 0 };
		lto_link_options_from_env(&link);
		lto_merge_options(mods, n, &link, &out);
		for (size_t i = 0; i < out.n; i++)
			printf("%s\n", out.v[i]);
		free_strings(&out);
		free_strings(&link);
		status = diag_error_count() ? 1 : 0;
	}
	for (size_t m = 0; m < n; m++) {
		free((char *)mods[m].file);
		free((char *)mods[m].opts);
	}
	free(mods);
	return status;
}
