/* Reading the command line, and the queries of what it says.
 *
 * parse_command_line expands the response files and picks the target
 * first (select_target: -target or --target=, else the driver's name),
 * since the target's backend decides the option table; then it reads
 * every word.  With the table configure took from the backend's cc1
 * (lib/gccopt.c) the words are decoded as gcc decodes them: canonical
 * spellings, gcc's errors and warnings, "--param KEY=VALUE" joined,
 * options that a later one of their Negative() chain overrides pruned
 * (prune), the last -fdiagnostics-color= put first; each word gcc keeps
 * is then taken through the driver's own table (options.def).  Without a
 * gcc table the driver's table reads the line alone: a word in an
 * option's place that starts with "--" is first rewritten into the short
 * option gcc passes on (aliases.def), then matched against the table,
 * the longest of the matching spellings winning (rows with ARG NONE or
 * SEP match the whole word, the others a prefix).  xgcc's own options
 * (-flto-cache=, -target) come from the driver's table either way.
 * Words that are not options are inputs, whose language comes from the
 * last -x or from their suffix; xg++ adds its libraries as g++ does.
 *
 * The queries (has_opt, opt_on, opt_starting ...) answer the other
 * files' questions about the options read, and push_opt gives an option
 * as gcc passes it on.
 */
#include "config.h"

#include "driver.h"
#include "diag.h"
#include "gccopt.h"
#include "respfile.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

const struct optdef optdefs[OPT_COUNT] = {
#define OPT(id, spelling, arg, group) [OPT_##id] = { spelling, ARG_##arg, GRP_##group },
#include "options.def"
#undef OPT
};

static const struct { const char *suffix; enum lang lang; } suffixes[] = {
	{ "c", LANG_C }, { "i", LANG_CPP_OUTPUT }, { "h", LANG_C_HEADER },
	{ "cc", LANG_CXX }, { "cp", LANG_CXX }, { "cpp", LANG_CXX }, { "cxx", LANG_CXX },
	{ "c++", LANG_CXX }, { "CPP", LANG_CXX }, { "C", LANG_CXX }, { "ii", LANG_CXX_OUTPUT },
	{ "hh", LANG_CXX_HEADER }, { "hpp", LANG_CXX_HEADER }, { "hxx", LANG_CXX_HEADER },
	{ "H", LANG_CXX_HEADER }, { "h++", LANG_CXX_HEADER }, { "HPP", LANG_CXX_HEADER },
	{ "tcc", LANG_CXX_HEADER },
	{ "s", LANG_ASM }, { "S", LANG_ASM_CPP }, { "sx", LANG_ASM_CPP },
};

static const struct { const char *name; enum lang lang; } x_langs[] = {
	{ "c", LANG_C }, { "cpp-output", LANG_CPP_OUTPUT }, { "c-header", LANG_C_HEADER },
	{ "c++", LANG_CXX }, { "c++-cpp-output", LANG_CXX_OUTPUT }, { "c++-header", LANG_CXX_HEADER },
	{ "assembler", LANG_ASM }, { "assembler-with-cpp", LANG_ASM_CPP }, { "lto", LANG_LTO },
	{ "none", LANG_NONE },
};

/* gcc's words for an option given last without its argument (the
 * MissingArgError of its option table); other options get "missing
 * argument to". */
static const struct { const char *spelling, *text; } missing_arg_texts[] = {
	{ "-o", "missing filename after" }, { "-include", "missing filename after" },
	{ "-imacros", "missing filename after" }, { "-MF", "missing filename after" },
	{ "-I", "missing path after" }, { "-F", "missing path after" }, { "-iquote", "missing path after" },
	{ "-isystem", "missing path after" }, { "-idirafter", "missing path after" },
	{ "-isysroot", "missing path after" }, { "-MQ", "missing makefile target after" },
	{ "-MT", "missing makefile target after" }, { "-D", "macro name missing after" },
	{ "-U", "macro name missing after" }, { "-A", "assertion missing after" },
};

/* WORD, the option SPELLING as written (a long spelling of it, say),
 * came last without its argument. */
static void missing_argument(const char *spelling, const char *word)
{
	for (size_t i = 0; i < sizeof missing_arg_texts / sizeof *missing_arg_texts; i++)
		if (strcmp(spelling, missing_arg_texts[i].spelling) == 0) {
			diag(DIAG_ERROR, "%s %s", missing_arg_texts[i].text, diag_q(word));
			return;
		}
	diag(DIAG_ERROR, "missing argument to %s", diag_q(word));
}

static enum lang lang_of_suffix(const char *name)
{
	const char *dot = strrchr(name, '.');
	const char *slash = strrchr(name, '/');
	if (!dot || (slash && dot < slash))
		return LANG_OBJECT;
	for (size_t i = 0; i < sizeof suffixes / sizeof *suffixes; i++)
		if (strcmp(dot + 1, suffixes[i].suffix) == 0)
			return suffixes[i].lang;
	return LANG_OBJECT;
}

/* g++ (g++spec.cc) compiles a FILE.c, FILE.i or FILE.h as C++: it puts
 * "-x c++" (c++-cpp-output, c++-header) before it and "-x none" after
 * it, which ends any -x in force; but not the first input after a -x
 * option, "-x none" included.  The C++ language of such a file, else
 * LANG_NONE. */
static enum lang gxx_language(const char *name)
{
	size_t n = strlen(name);
	if (n < 3 || name[n - 2] != '.')
		return LANG_NONE;
	switch (name[n - 1]) {
	case 'c': return LANG_CXX;
	case 'i': return LANG_CXX_OUTPUT;
	case 'h': return LANG_CXX_HEADER;
	default: return LANG_NONE;
	}
}

/* The table row for WORD, or -1. */
static int match_option(const char *word)
{
	int best = -1;
	size_t best_len = 0;
	for (int i = 0; i < OPT_COUNT; i++) {
		const char *sp = optdefs[i].spelling;
		size_t len = strlen(sp);
		int exact = optdefs[i].arg == ARG_NONE || optdefs[i].arg == ARG_SEP;
		if (exact ? strcmp(word, sp) != 0 : strncmp(word, sp, len) != 0)
			continue;
		if (len > best_len) {
			best = i;
			best_len = len;
		}
	}
	return best;
}

enum { LONG_NONE, LONG_ARG };
static const struct { const char *name, *to; int arg; } long_aliases[] = {
#define ALIAS(name, to, arg) { name, to, LONG_##arg },
#define LONG_PREFIX(prefix, to)
#include "aliases.def"
#undef ALIAS
#undef LONG_PREFIX
};

static const struct { const char *prefix, *to; } long_prefixes[] = {
#define ALIAS(name, to, arg)
#define LONG_PREFIX(prefix, to) { prefix, to },
#include "aliases.def"
#undef ALIAS
#undef LONG_PREFIX
};

/* Rewrite ARGS->v[I], a word starting with "--", as gcc does (see
 * aliases.def); words it does not know are left for match_option to
 * report.  0, or -1 after an error. */
static int expand_long_option(struct strvec *args, size_t i)
{
	const char *w = args->v[i];
	for (size_t k = 0; k < sizeof long_aliases / sizeof *long_aliases; k++) {
		const char *name = long_aliases[k].name, *to = long_aliases[k].to;
		size_t len = strlen(name);
		if (strncmp(w, name, len) != 0 || (w[len] && !(long_aliases[k].arg && w[len] == '=')))
			continue;
		if (long_aliases[k].arg == LONG_NONE) {
			args->v[i] = (char *)to;
			return 0;
		}
		int joined = w[len] == '=';
		if (!joined && i + 1 >= args->n) {
			missing_argument(to, w);
			return -1;
		}
		const char *arg = joined ? w + len + 1 : args->v[i + 1];
		enum opt_arg kind = optdefs[match_option(to)].arg;
		if (kind == ARG_JOINED || kind == ARG_PREFIX) {
			args->v[i] = xasprintf("%s%s", to, arg);
			if (!joined)
				strvec_remove(args, i + 1);
		} else {
			args->v[i] = (char *)to;
			if (joined)
				strvec_insert(args, i + 1, arg);
		}
		return 0;
	}
	if (match_option(w) >= 0)
		return 0;
	for (size_t k = 0; k < sizeof long_prefixes / sizeof *long_prefixes; k++) {
		size_t len = strlen(long_prefixes[k].prefix);
		if (strncmp(w, long_prefixes[k].prefix, len) == 0 && w[len]) {
			args->v[i] = xasprintf("%s%s", long_prefixes[k].to, w + len);
			return 0;
		}
	}
	return 0;
}

/* gcc's canonical arguments of -std= (c.opt's aliases): what cc1 and
 * COLLECT_GCC_OPTIONS get, whatever spelling was written. */
static const struct { const char *alias, *canonical; } std_aliases[] = {
	{ "c89", "c90" }, { "iso9899:1990", "c90" }, { "gnu89", "gnu90" },
	{ "c9x", "c99" }, { "iso9899:1999", "c99" }, { "iso9899:199x", "c99" }, { "gnu9x", "gnu99" },
	{ "c1x", "c11" }, { "iso9899:2011", "c11" }, { "gnu1x", "gnu11" },
	{ "c18", "c17" }, { "iso9899:2017", "c17" }, { "iso9899:2018", "c17" }, { "gnu18", "gnu17" },
	{ "c++03", "c++98" }, { "gnu++03", "gnu++98" }, { "c++0x", "c++11" }, { "gnu++0x", "gnu++11" },
	{ "c++1y", "c++14" }, { "gnu++1y", "gnu++14" }, { "c++1z", "c++17" }, { "gnu++1z", "gnu++17" },
	{ "c++2a", "c++20" }, { "gnu++2a", "gnu++20" }, { "c++2b", "c++23" }, { "gnu++2b", "gnu++23" },
};

static void add_opt(struct driver *d, enum opt_id id, const char *word, const char *arg)
{
	const char *given = word;
	if (id == OPT_std && arg) {
		for (size_t i = 0; i < sizeof std_aliases / sizeof *std_aliases; i++)
			if (strcmp(arg, std_aliases[i].alias) == 0) {
				arg = std_aliases[i].canonical;
				word = xasprintf("-std=%s", arg);
			}
	} else if (strcmp(word, "-fdiagnostics-color") == 0) {
		word = "-fdiagnostics-color=always"; /* the positive and negative forms' */
	} else if (strcmp(word, "-fno-diagnostics-color") == 0) {
		word = "-fdiagnostics-color=never";
	}
	d->opts = xrealloc(d->opts, (d->nopts + 1) * sizeof *d->opts);
	d->opts[d->nopts++] = (struct opt){ .id = id, .word = word, .arg = arg, .given = given };
}


static void add_link_item(struct driver *d, const char *arg, long input)
{
	d->link_items = xrealloc(d->link_items, (d->nlink_items + 1) * sizeof *d->link_items);
	d->link_items[d->nlink_items++] = (struct link_item){ arg, input };
}

static void add_input(struct driver *d, const char *name, enum lang xlang)
{
	d->inputs = xrealloc(d->inputs, (d->ninputs + 1) * sizeof *d->inputs);
	struct input *in = &d->inputs[d->ninputs++];
	memset(in, 0, sizeof *in);
	in->name = name;
	in->lang = xlang != LANG_NONE ? xlang : lang_of_suffix(name);
	add_link_item(d, NULL, (long)(d->ninputs - 1));
}

void add_help_dummy(struct driver *d)
{
	add_input(d, "help-dummy", LANG_C);
	d->inputs[d->ninputs - 1].dummy = 1;
}

static void split_commas(struct driver *d, const char *list, int to_link, enum opt_id id)
{
	struct strvec parts = { 0 };
	/* every part, empty ones too ("-Wl," gives ld an empty argument) */
	for (const char *p = list;;) {
		const char *comma = strchr(p, ',');
		strvec_push(&parts, xstrndup(p, comma ? (size_t)(comma - p) : strlen(p)));
		if (!comma)
			break;
		p = comma + 1;
	}
	for (size_t i = 0; i < parts.n; i++) {
		if (to_link)
			add_link_item(d, parts.v[i], -1);
		else
			add_opt(d, id, parts.v[i], parts.v[i]);
	}
	strvec_free(&parts);
}

/* The state of the command line's reading: the -x in force. */
struct reading {
	enum lang xlang;
	const char *last_x;
	const char *bad_x;           /* -x NAME of no language, in force */
	int saw_x_after_last_input;  /* any -x, -x none too (g++'s rule) */
	int lang_x_after_last_input; /* an -x other than none (gcc's warning) */
	int speclang;                /* an -x since the last input (g++spec.cc's) */
};

/* g++spec.cc: an input that may need libstdc++ (not the first after an
 * -x, not a header). */
static void cxx_library_input(struct driver *d, struct reading *r, const char *name)
{
	static const char *const headers[] = { ".H", ".h", ".hpp", ".hp", ".hxx", ".h++", ".HPP",
					       ".tcc", ".hh" };
	if (r->speclang) {
		r->speclang = 0;
		return;
	}
	size_t len = strlen(name);
	for (size_t i = 0; i < sizeof headers / sizeof *headers; i++) {
		size_t n = strlen(headers[i]);
		if (len > n && strcmp(name + len - n, headers[i]) == 0)
			return;
	}
	if (d->cxx_library == 0)
		d->cxx_library = 1;
}

/* g++spec.cc: what an option means for libstdc++. */
static void cxx_library_option(struct driver *d, struct reading *r, enum opt_id id, const char *w,
			       const char *arg)
{
	static const char *const cxx_langs[] = { "c++", "c++-cpp-output", "objective-c++",
						 "objective-c++-cpp-output" };
	switch (id) {
	case OPT_x:
		for (size_t i = 0; i < sizeof cxx_langs / sizeof *cxx_langs; i++)
			if (d->cxx_library == 0 && strcmp(arg, cxx_langs[i]) == 0)
				d->cxx_library = 1;
		r->speclang = 1;
		break;
	case OPT_l:
		if (strcmp(arg, "m") != 0 && strcmp(arg, "c") != 0 && d->cxx_library == 0)
			d->cxx_library = 1;
		break;
	case OPT_Wl:
	case OPT_Xlinker:
		if (d->cxx_library == 0)
			d->cxx_library = 1;
		break;
	case OPT_c: case OPT_r: case OPT_S: case OPT_E: case OPT_M: case OPT_MM:
	case OPT_nostdlib: case OPT_nodefaultlibs: case OPT_nostdlibxx:
		d->cxx_library = -1;
		break;
	case OPT_static_libstdcxx:
		if (d->cxx_library >= 0)
			d->cxx_library = 2;
		break;
	default:
		if (strcmp(w, "-fsyntax-only") == 0)
			d->cxx_library = -1;
		break;
	}
}

static void take_input(struct driver *d, struct reading *r, const char *w)
{
	cxx_library_input(d, r, w);
	enum lang gxx = d->cxx && !r->saw_x_after_last_input ? gxx_language(w) : LANG_NONE;
	add_input(d, w, gxx != LANG_NONE ? gxx : r->xlang);
	if (gxx == LANG_NONE)
		d->inputs[d->ninputs - 1].bad_lang = r->bad_x;
	if (gxx != LANG_NONE)
		r->xlang = LANG_NONE; /* g++'s "-x none" after it */
	if (strcmp(w, "-") == 0 && r->xlang == LANG_NONE)
		d->inputs[d->ninputs - 1].lang = LANG_NONE;
	r->saw_x_after_last_input = 0;
	r->lang_x_after_last_input = 0;
}

/* Option ID of the driver's table, written W (ARG its argument),
 * GIVEN as written. */
static void take_option(struct driver *d, struct reading *r, enum opt_id id, const char *w,
			const char *arg, const char *given)
{
	cxx_library_option(d, r, id, w, arg);
	switch (id) {
	case OPT_save_temps_eq:
		/* gcc's driver stops here, before the options after it are read */
		if (strcmp(arg, "cwd") != 0 && strcmp(arg, "obj") != 0)
			diag(DIAG_FATAL, "%s is an unknown %s option", diag_qf("-save-temps=%s", arg),
			     diag_q("-save-temps"));
		add_opt(d, id, w, arg);
		break;
	case OPT_x:
		/* an unknown language is an error for the inputs it names
		 * (check_inputs); -x none, after the last input, is no warning */
		r->last_x = arg;
		r->xlang = LANG_OBJECT; /* invalid: no -x names it */
		for (size_t k = 0; k < sizeof x_langs / sizeof *x_langs; k++)
			if (strcmp(arg, x_langs[k].name) == 0)
				r->xlang = x_langs[k].lang;
		r->bad_x = r->xlang == LANG_OBJECT ? arg : NULL;
		if (r->xlang == LANG_OBJECT)
			r->xlang = LANG_NONE;
		r->saw_x_after_last_input = 1;
		r->lang_x_after_last_input = r->xlang != LANG_NONE || r->bad_x;
		break;
	case OPT_l:
		add_link_item(d, xasprintf("-l%s", arg), -1);
		r->lang_x_after_last_input = 0; /* inputs of the link, for gcc */
		break;
	case OPT_Wl:
		split_commas(d, arg, 1, id);
		r->lang_x_after_last_input = 0;
		break;
	case OPT_Xlinker:
		add_link_item(d, arg, -1);
		r->lang_x_after_last_input = 0;
		break;
	case OPT_Wp:
		/* -Wp,-MD,FILE too: its words go where gcc's %Z puts them, just
		 * before the input; cc1 makes the dependency file */
		split_commas(d, arg, 0, OPT_Wp);
		break;
	case OPT_Wa:
		split_commas(d, arg, 0, OPT_Wa);
		break;
	default:
		add_opt(d, id, w, arg);
		if (given)
			d->opts[d->nopts - 1].given = given;
	}
}

/* WORDS (N of them) as the driver's table reads them: the row, and the
 * argument.  -1 if no row matches. */
static int driver_row(char *const *words, size_t n, const char **arg, size_t *used)
{
	int id = match_option(words[0]);
	*arg = NULL;
	*used = 1;
	if (id < 0)
		return -1;
	const struct optdef *od = &optdefs[id];
	size_t len = strlen(od->spelling);
	switch (od->arg) {
	case ARG_NONE:
	case ARG_PREFIX:
		break;
	case ARG_JOINED:
		*arg = words[0] + len;
		break;
	case ARG_SEP:
	case ARG_JOIN_SEP:
		if (od->arg == ARG_JOIN_SEP && words[0][len]) {
			*arg = words[0] + len;
			break;
		}
		if (n < 2) {
			missing_argument(od->spelling, words[0]);
			return -2;
		}
		*arg = words[1];
		*used = 2;
		break;
	}
	return id;
}

/* gcc's warning for an -x (other than none) after the last input, link
 * inputs (-l, -Wl, -Xlinker) and the libraries xg++ adds counting as
 * inputs: there must be one of them at all. */
static void warn_last_x(const struct driver *d, const struct reading *r)
{
	if (r->lang_x_after_last_input && d->nlink_items && !(d->cxx && d->cxx_library > 0))
		diag(DIAG_WARNING, "%s after last input file has no effect", diag_qf("-x %s", r->last_x));
}

/* xgcc's own options, which GCC's table does not have. */
int xgcc_own_option(enum opt_id id)
{
	switch (id) {
	case OPT_target: case OPT_target_eq: case OPT_flto_cache: case OPT_flto_cache_size:
	case OPT_flto_cache_shared: case OPT_fno_lto_cache_shared: case OPT_flto_cache_secret:
	case OPT_flto_cache_remote: case OPT_flto_cache_remote_auth_file: case OPT_flto_cache_remote_ca:
	case OPT_flto_cache_remote_connect_timeout:
	case OPT_flto_cache_remote_timeout: case OPT_flto_cache_remote_max_entry:
	case OPT_flto_distributor: case OPT_flto_distributor_arg:
		return 1;
	default:
		return 0;
	}
}

/* The command line without GCC's table (configure could not have it):
 * the driver's table and its long spellings alone. */
static void read_with_driver_table(struct driver *d, struct strvec *args)
{
	struct reading r = { LANG_NONE, NULL, NULL, 0, 0, 0 };
	for (size_t i = 0; i < args->n; i++) {
		const char *w = args->v[i];
		if (w[0] != '-' || w[1] == 0) {
			take_input(d, &r, w);
			continue;
		}
		if (w[1] == '-' && expand_long_option(args, i) < 0)
			continue;
		const char *arg;
		size_t used;
		int id = driver_row(args->v + i, args->n - i, &arg, &used);
		if (id == -1)
			diag(DIAG_ERROR, "unrecognized command-line option %s", diag_q(args->v[i]));
		if (id >= 0)
			take_option(d, &r, (enum opt_id)id, args->v[i], arg, NULL);
		i += used - 1;
	}
	warn_last_x(d, &r);
}

/* One word or option of the command line, decoded with GCC's table. */
struct word {
	const char *input;      /* an input file, or NULL */
	int own;                /* xgcc's own option: the driver table's row */
	const char *own_word, *own_arg;
	struct gcc_decoded dec;
	char *given;            /* the words as written */
	int negated;            /* a later switch negates it (mark_negated) */
};

static char *join_words(char *const *w, size_t n)
{
	char *s = xstrdup(w[0]);
	for (size_t k = 1; k < n; k++) {
		char *more = xasprintf("%s %s", s, w[k]);
		free(s);
		s = more;
	}
	return s;
}

/* GCC's check_live_switch: a switch the specs name is dropped when a
 * later one negates it (-fopenmp -fno-openmp: no -fopenmp, -D_REENTRANT
 * or -lgomp). */
static void mark_negated(const struct gcc_option_table *t, struct word *ws, size_t n)
{
	for (size_t i = 0; i < n; i++)
		for (size_t j = i + 1; j < n && !ws[i].input && ws[i].own < 0 && ws[i].dec.ncanon == 1; j++)
			if (!ws[j].input && ws[j].own < 0 && ws[j].dec.ncanon == 1 &&
			    gcc_switch_negated(t, ws[i].dec.canon[0], ws[j].dec.canon[0]))
				ws[i].negated = 1;
}

/* Report a decoded word's problem as GCC's driver does; 1 if the word
 * goes no further. */
static int report(const struct gcc_option_table *t, const struct word *w, struct strvec *unknown)
{
	const struct gcc_decoded *dec = &w->dec;
	if (dec->index == GD_IGNORE)
		return 1;
	if (dec->index == GD_WARN_REMOVED) {
		if (dec->value)
			diag(DIAG_WARNING, "switch %s is no longer supported", diag_q(w->given));
		return 1;
	}
	if (dec->index == GD_UNKNOWN) {
		/* gcc leaves unknown -Wno-X to the compiler, which reports them
		 * only if it has warnings to give */
		if (strncmp(w->given, "-Wno-", 5) == 0 && !(dec->errors & GE_NEGATIVE))
			return 0;
		strvec_push(unknown, w->given);
		return 1;
	}
	if (gcc_report_error(t, dec, w->given))
		return 1;
	if (dec->warn)
		diag(DIAG_WARNING, "%s", gcc_format(dec->warn, w->given));
	return 0;
}

/* The errors for UNKNOWN, kept in D for report_unrecognized. */
static void note_unknown(struct driver *d, const struct gcc_option_table *t, const struct strvec *unknown)
{
	for (size_t i = 0; i < unknown->n; i++) {
		char *hint = gcc_suggest(t, unknown->v[i] + 1);
		if (hint)
			strvec_pushf(&d->unrecognized, "unrecognized command-line option %s; did you mean %s?",
				     diag_q(unknown->v[i]), diag_qf("-%s", hint));
		else
			strvec_pushf(&d->unrecognized, "unrecognized command-line option %s", diag_q(unknown->v[i]));
		free(hint);
	}
}

/* gcc reports the options it did not know (handle_unrecognized_options)
 * after the rest of the command line's diagnostics (-pipe ignored
 * because of -save-temps ...) and the specs'. */
void report_unrecognized(const struct driver *d)
{
	for (size_t i = 0; i < d->unrecognized.n; i++)
		diag(DIAG_ERROR, "%s", d->unrecognized.v[i]);
}

static void decode_all(const struct gcc_option_table *t, struct strvec *args, struct word **out,
		       size_t *nout)
{
	char *const *plain;
	size_t room = args->n + 1;
	for (size_t i = 0; i < args->n; i++)
		room += gcc_plain_output(args->v[i], &plain);
	struct word *ws = xcalloc(room, sizeof *ws);
	size_t n = 0;
	for (size_t i = 0; i < args->n; n++) {
		struct word *w = &ws[n];
		const char *s = args->v[i];
		w->own = -1;
		if (s[0] != '-' || s[1] == 0) {
			w->input = s;
			i++;
			continue;
		}
		/* -fdiagnostics-plain-output: its five options, as gcc's
		 * decoder gives them (it is in no table) */
		size_t nplain = gcc_plain_output(s, &plain);
		for (size_t k = 0; k < nplain; k++) {
			ws[n + k].own = -1;
			gcc_decode(t, &plain[k], 1, &ws[n + k].dec);
			ws[n + k].given = plain[k];
		}
		if (nplain) {
			n += nplain - 1;
			i++;
			continue;
		}
		const char *arg;
		size_t used;
		int id = match_option(s);
		if (id >= 0 && xgcc_own_option((enum opt_id)id) && (id = driver_row(args->v + i, args->n - i, &arg, &used)) != -1) {
			w->own = id;
			w->own_word = s;
			w->own_arg = arg;
			w->given = join_words(args->v + i, used);
			i += used;
			continue;
		}
		char *joined = gcc_param_word(args->v + i, args->n - i);
		if (joined) {
			gcc_decode(t, &joined, 1, &w->dec);
			w->given = joined;
			i += 2;
			continue;
		}
		gcc_decode(t, args->v + i, args->n - i, &w->dec);
		/* the excess precision styles are xgcc's (fpeval.c), with the
		 * C99 patch's message */
		if (w->dec.index >= 0 && strcmp(t->opts[w->dec.index].text, "-fexcess-precision=") == 0)
			w->dec.errors &= ~(unsigned)(GE_ENUM | GE_MISSING_ARG);
		w->given = join_words(args->v + i, w->dec.nwords);
		i += w->dec.nwords;
	}
	*out = ws;
	*nout = n;
}

/* The command line read with GCC's own option table: every option GCC
 * knows is recognised, spelled canonically, checked and pruned as gcc
 * does (gcc_prune_line; xgcc's own options are not GCC's to prune),
 * then taken by the driver's table. */
static void read_with_gcc_table(struct driver *d, const struct gcc_option_table *t, struct strvec *args)
{
	struct word *ws;
	size_t n;
	decode_all(t, args, &ws, &n);
	mark_negated(t, ws, n);
	int *index = xcalloc(n + 1, sizeof *index);
	size_t *order = xcalloc(n + 1, sizeof *order);
	for (size_t i = 0; i < n; i++)
		index[i] = ws[i].input || ws[i].own != -1 ? GD_UNKNOWN : ws[i].dec.index;
	size_t kept = gcc_prune_line(t, index, n, order);
	struct reading r = { LANG_NONE, NULL, NULL, 0, 0, 0 };
	struct strvec unknown = { 0 };
	for (size_t k = 0; k < kept; k++) {
		struct word *w = &ws[order[k]];
		if (w->input) {
			take_input(d, &r, w->input);
			continue;
		}
		if (w->own == -2)
			continue;
		if (w->own >= 0) {
			take_option(d, &r, (enum opt_id)w->own, w->own_word, w->own_arg, NULL);
			continue;
		}
		if (w->negated || report(t, w, &unknown))
			continue;
		const char *arg;
		size_t used;
		int id = driver_row(w->dec.canon, w->dec.ncanon, &arg, &used);
		if (id == -1) {
			diag(DIAG_ERROR, "the option %s is not supported by xgcc", diag_q(w->given));
			continue;
		}
		if (id >= 0)
			take_option(d, &r, (enum opt_id)id, w->dec.canon[0], arg, w->given);
	}
	free(index);
	free(order);
	/* gcc warns at the end of the command line, and later reports the
	 * options it did not know */
	warn_last_x(d, &r);
	note_unknown(d, t, &unknown);
	strvec_free(&unknown);
}

/* -target TRIPLET or --target=TRIPLET, xgcc's own: it chooses the
 * backend, and so the option table, before the rest is read. */
static const char *target_option(const struct strvec *args)
{
	const char *triplet = NULL;
	for (size_t i = 0; i < args->n; i++) {
		int id = match_option(args->v[i]);
		if (id == OPT_target && i + 1 < args->n)
			triplet = args->v[++i];
		else if (id == OPT_target_eq)
			triplet = args->v[i] + strlen("--target=");
	}
	return triplet;
}

/* Pick the backend and the target row: -target/--target=, else the
 * driver's name (NAME_TRIPLET), else XGCC_TARGET (a driver run again by the LTO stage
 * under its plain name), else the native one; among the target's
 * thread-model variants the one NAME_THREAD_MODEL names, else as
 * lib/backend.h says.  The children learn the choice through XGCC_TARGET
 * and XGCC_THREAD_MODEL. */
static void select_target(struct driver *d, const char *option_triplet)
{
	const char *triplet = option_triplet;
	const char *name_thread_model = d->name_thread_model;
	if (!triplet)
		triplet = d->name_triplet;
	if (!triplet && getenv("XGCC_TARGET") && *getenv("XGCC_TARGET"))
		triplet = getenv("XGCC_TARGET");
	if (!triplet)
		triplet = backends[0]->triplet;
	if (!backend_select_thread_model(triplet, name_thread_model, d->cxx)) {
		/* the configured triplets, each once; or the thread models of TRIPLET */
		int target_known = name_thread_model && backend_select(triplet);
		char *buf = NULL;
		size_t len = 0;
		FILE *f = open_memstream(&buf, &len);
		for (size_t i = 0, n = 0; i < nbackends; i++) {
			const struct backend *b = backends[i];
			size_t j = 0;
			while (j < i && strcmp(backends[j]->triplet, b->triplet) != 0)
				j++;
			if (target_known && strcmp(b->triplet, backend_triplet()) == 0)
				fprintf(f, "%s%s", n++ ? ", " : "", b->thread_model);
			else if (!target_known && j == i)
				fprintf(f, "%s%s", n++ ? ", " : "", b->triplet);
		}
		fclose(f);
		if (target_known)
			stop("the %s thread model of target %s is not configured in this xgcc (configured: %s)",
			     name_thread_model, backend_triplet(), buf);
		stop("target %s is not configured in this xgcc (configured: %s; see --enable-targets)", triplet, buf);
	}
	d->target = target_find(backend_triplet());
	if (!d->target)
		fatal("target %s is not supported by this xgcc", backend_triplet());
	setenv("XGCC_TARGET", backend_triplet(), 1);
	setenv("XGCC_THREAD_MODEL", backend_thread_model(), 1);
}

void parse_command_line(struct driver *d, int argc, char **argv)
{
	struct strvec args = { 0 };
	int n = respfile_expand(argc - 1, argv + 1, &args);
	if (n < 0)
		exit(1);
	d->at_file_supplied = n > 0;
	select_target(d, target_option(&args));
	const struct gcc_option_table *t = gcc_option_table(backend_cc());
	if (t)
		read_with_gcc_table(d, t, &args);
	else
		read_with_driver_table(d, &args);
	strvec_free(&args);
}

const struct opt *last_opt(const struct driver *d, enum opt_id id)
{
	for (size_t i = d->nopts; i-- > 0;)
		if (d->opts[i].id == id)
			return &d->opts[i];
	return NULL;
}

int has_opt(const struct driver *d, enum opt_id id) { return last_opt(d, id) != NULL; }

/* NAME's negative form ("-fno-openmp" for "-fopenmp", "-mno-sse2",
 * "-Wno-error", "-gno-split-dwarf"), or NULL if it has none. */
static char *negative_form(const char *name)
{
	if (name[0] != '-' || !strchr("fmWg", name[1]) || !name[2])
		return NULL;
	if (strncmp(name + 2, "no-", 3) == 0)
		return xasprintf("-%c%s", name[1], name + 5);
	return xasprintf("-%cno-%s", name[1], name + 2);
}

int opt_on_or(const struct driver *d, const char *name, int dflt)
{
	int is_O = name[1] == 'O';
	char *neg = negative_form(name);
	int on = dflt;
	for (size_t i = d->nopts; i-- > 0;) {
		const char *w = d->opts[i].word;
		if (strcmp(w, name) == 0) {
			on = 1;
			break;
		}
		/* a later -O option of any level ends an -Ofast */
		if ((neg && strcmp(w, neg) == 0) || (is_O && d->opts[i].id == OPT_O)) {
			on = 0;
			break;
		}
	}
	free(neg);
	return on;
}

int opt_on(const struct driver *d, const char *name) { return opt_on_or(d, name, 0); }

const struct opt *opt_given(const struct driver *d, const char *word)
{
	for (size_t i = d->nopts; i-- > 0;)
		if (strcmp(d->opts[i].word, word) == 0)
			return &d->opts[i];
	return NULL;
}

const struct opt *opt_starting(const struct driver *d, const char *prefix)
{
	size_t len = strlen(prefix);
	for (size_t i = d->nopts; i-- > 0;)
		if (strncmp(d->opts[i].word, prefix, len) == 0)
			return &d->opts[i];
	return NULL;
}

const char *opt_value(const struct driver *d, const char *prefix)
{
	const struct opt *o = opt_starting(d, prefix);
	return o ? o->word + strlen(prefix) : NULL;
}

/* Push O as gcc passes it on: joined-or-separate options as two words,
 * joined ones as one, aliases in their canonical spelling. */
void push_opt(const struct driver *d, const struct opt *o, struct strvec *out)
{
	(void)d;
	const struct optdef *od = &optdefs[o->id];
	switch (o->id) {
	case OPT_pedantic:
		strvec_push(out, "-Wpedantic");
		return;
	case OPT_param:
	case OPT_param_eq:
		strvec_pushf(out, "--param=%s", o->arg);
		return;
	case OPT_Wp:
	case OPT_Wa:
	case OPT_Xpreprocessor:
	case OPT_Xassembler:
		strvec_push(out, o->arg);
		return;
	case OPT_MD:
	case OPT_MMD:
		return; /* driver_switches (switches.c) gives them as written */
	default:
		break;
	}
	switch (od->arg) {
	case ARG_NONE:
	case ARG_PREFIX:
		strvec_push(out, o->word);
		break;
	case ARG_JOINED:
		strvec_push(out, o->word);
		break;
	case ARG_SEP:
	case ARG_JOIN_SEP:
		strvec_push(out, od->spelling);
		strvec_push(out, o->arg);
		break;
	}
}

void add_options_from_text(struct driver *d, const char *text)
{
	struct strvec words = { 0 };
	strvec_split(&words, text, ' ');
	for (size_t i = 0; i < words.n; i++) {
		int id = match_option(words.v[i]);
		if (id < 0) {
			diag(DIAG_ERROR, "unrecognized command-line option %s", diag_q(words.v[i]));
			continue;
		}
		const struct optdef *od = &optdefs[id];
		const char *arg = NULL;
		const char *word = words.v[i];
		if (od->arg == ARG_JOINED || od->arg == ARG_JOIN_SEP)
			arg = word + strlen(od->spelling);
		if ((od->arg == ARG_SEP || (od->arg == ARG_JOIN_SEP && !*arg)) && i + 1 < words.n)
			arg = words.v[++i];
		add_opt(d, (enum opt_id)id, word, arg);
	}
	strvec_free(&words);
}
