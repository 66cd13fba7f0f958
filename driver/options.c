/* Reading the command line against the option table (options.def).
 *
 * Response files are expanded first.  A word in an option's place that
 * starts with "--" is first rewritten into the short option gcc passes on
 * (aliases.def).  Each word is then matched against
 * the table; among the rows that match, the longest spelling wins.  Rows
 * with ARG NONE or SEP must match the whole word; the others match a
 * prefix.  Words that are not options are inputs, whose language comes
 * from the last -x or from their suffix.
 */
#include "config.h"

#include "driver.h"
#include "diag.h"
#include "respfile.h"

#include <errno.h>
#include <stdint.h>
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
	d->opts[d->nopts++] = (struct opt){ id, word, arg, given };
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

static void split_commas(struct driver *d, const char *list, int to_link, enum opt_id id)
{
	struct strvec parts = { 0 };
	strvec_split(&parts, list, ',');
	for (size_t i = 0; i < parts.n; i++) {
		if (to_link)
			add_link_item(d, parts.v[i], -1);
		else
			add_opt(d, id, parts.v[i], parts.v[i]);
	}
	strvec_free(&parts);
}

void parse_command_line(struct driver *d, int argc, char **argv)
{
	struct strvec args = { 0 };
	int n = respfile_expand(argc - 1, argv + 1, &args);
	if (n < 0)
		exit(1);
	d->at_file_supplied = n > 0;

	enum lang xlang = LANG_NONE;
	const char *last_x = NULL;
	int saw_x_after_last_input = 0;
	for (size_t i = 0; i < args.n; i++) {
		const char *w = args.v[i];
		if (w[0] != '-' || w[1] == 0) {
			enum lang gxx = d->cxx && !saw_x_after_last_input ? gxx_language(w) : LANG_NONE;
			add_input(d, w, gxx != LANG_NONE ? gxx : xlang);
			if (gxx != LANG_NONE)
				xlang = LANG_NONE; /* g++'s "-x none" after it */
			if (strcmp(w, "-") == 0 && xlang == LANG_NONE)
				d->inputs[d->ninputs - 1].lang = LANG_NONE;
			saw_x_after_last_input = 0;
			continue;
		}
		if (w[1] == '-') {
			if (expand_long_option(&args, i) < 0)
				continue;
			w = args.v[i];
		}
		int id = match_option(w);
		if (id < 0) {
			diag(DIAG_ERROR, "unrecognized command-line option %s", diag_q(w));
			continue;
		}
		const struct optdef *od = &optdefs[id];
		const char *arg = NULL;
		size_t len = strlen(od->spelling);
		switch (od->arg) {
		case ARG_NONE:
		case ARG_PREFIX:
			break;
		case ARG_JOINED:
			arg = w + len;
			break;
		case ARG_SEP:
		case ARG_JOIN_SEP:
			if (od->arg == ARG_JOIN_SEP && w[len]) {
				arg = w + len;
				break;
			}
			if (i + 1 >= args.n) {
				missing_argument(od->spelling, w);
				continue;
			}
			arg = args.v[++i];
			break;
		}
		switch (id) {
		case OPT_x:
			last_x = arg;
			xlang = LANG_OBJECT; /* invalid: no -x names it */
			for (size_t k = 0; k < sizeof x_langs / sizeof *x_langs; k++)
				if (strcmp(arg, x_langs[k].name) == 0)
					xlang = x_langs[k].lang;
			if (xlang == LANG_OBJECT) {
				diag(DIAG_ERROR, "language %s not recognized", arg);
				xlang = LANG_NONE;
			}
			saw_x_after_last_input = 1;
			break;
		case OPT_l:
			add_link_item(d, xasprintf("-l%s", arg), -1);
			break;
		case OPT_Wl:
			split_commas(d, arg, 1, id);
			break;
		case OPT_Xlinker:
			add_link_item(d, arg, -1);
			break;
		case OPT_Wp:
			/* -Wp,-MD,FILE and -Wp,-MMD,FILE are -MD/-MMD with a file name. */
			if (strncmp(arg, "-MD,", 4) == 0 || strncmp(arg, "-MMD,", 5) == 0) {
				const char *comma = strchr(arg, ',');
				add_opt(d, arg[2] == 'M' ? OPT_MMD : OPT_MD, xstrndup(arg, (size_t)(comma - arg)),
					comma + 1);
			} else {
				split_commas(d, arg, 0, OPT_Wp);
			}
			break;
		case OPT_Wa:
			split_commas(d, arg, 0, OPT_Wa);
			break;
		default:
			add_opt(d, (enum opt_id)id, w, arg);
		}
	}
	if (saw_x_after_last_input && d->ninputs)
		diag(DIAG_WARNING, "%s after last input file has no effect", diag_qf("-x %s", last_x));
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

const struct opt *find_word(const struct driver *d, const char *word, int prefix)
{
	size_t len = strlen(word);
	for (size_t i = d->nopts; i-- > 0;) {
		const char *w = d->opts[i].word;
		if (prefix ? strncmp(w, word, len) == 0 : strcmp(w, word) == 0)
			return &d->opts[i];
	}
	return NULL;
}

int last_flag(const struct driver *d, const char *yes, const char *no, int dflt)
{
	for (size_t i = d->nopts; i-- > 0;) {
		if (strcmp(d->opts[i].word, yes) == 0)
			return 1;
		if (no && strcmp(d->opts[i].word, no) == 0)
			return 0;
	}
	return dflt;
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
		return; /* placed by compile.c with their file names */
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
		if (od->arg == ARG_JOINED || od->arg == ARG_JOIN_SEP)
			arg = words.v[i] + strlen(od->spelling);
		else if (od->arg == ARG_SEP && i + 1 < words.n)
			arg = words.v[++i];
		add_opt(d, (enum opt_id)id, words.v[i], arg);
	}
	strvec_free(&words);
}

/* gcc's self-specs for OpenMP, OpenACC, automatic parallelization
 * (-ftree-parallelize-loops=N, N > 1) and -fgnu-tm: they add -pthread,
 * and on MinGW -mthreads too. */
int parallelize_loops(const struct driver *d)
{
	const struct opt *loops = NULL;
	for (size_t i = 0; i < d->nopts; i++)
		if (strncmp(d->opts[i].word, "-ftree-parallelize-loops=", 25) == 0)
			loops = &d->opts[i];
	return loops && atoi(loops->word + 25) > 1;
}

static int runtime_threads(const struct driver *d)
{
	return find_word(d, "-fopenmp", 0) || find_word(d, "-fopenacc", 0) || find_word(d, "-fgnu-tm", 0) ||
	       parallelize_loops(d);
}

int pthread_on(const struct driver *d)
{
	return has_opt(d, OPT_pthread) || runtime_threads(d);
}

int mthreads_implied(const struct driver *d)
{
	return d->target->link == LINK_MINGW && runtime_threads(d);
}

int mthreads_on(const struct driver *d)
{
	return find_word(d, "-mthreads", 0) || mthreads_implied(d);
}
