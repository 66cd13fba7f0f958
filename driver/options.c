/* Reading the command line, and the queries of what it says.
 *
 * parse_command_line expands the response files and picks the target
 * first (select_target: -target or --target=, else the driver's name),
 * since the target's backend decides the option table: the one configure
 * took from the backend's cc1, else the one shipped for its GCC version
 * (lib/gccopt.c).  Every word is decoded as gcc decodes it: canonical
 * spellings, gcc's errors and warnings, "--param KEY=VALUE" joined,
 * options that a later one of their Negative() chain overrides pruned,
 * the last -fdiagnostics-color= put first.  xgcc's own options
 * (-flto-cache=, -target), which GCC's table has not, are lib/gccopt.c's
 * short list of them.  Words that are not options are inputs, whose language
 * comes from the last -x or from their suffix; xg++ adds its libraries as
 * g++ does.
 *
 * The queries (has_opt, opt_on, opt_starting ...) answer the other
 * files' questions about the options read, by the option's name in the
 * table.
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

/* Options of gcc's driver whose work xgcc does not do. */
static const char *const unsupported[] = { "--completion=", "-time=", "--no-sysroot-suffix" };

static const struct { const char *name; enum lang lang; } x_langs[] = {
	{ "c", LANG_C }, { "cpp-output", LANG_CPP_OUTPUT }, { "c-header", LANG_C_HEADER },
	{ "c++", LANG_CXX }, { "c++-cpp-output", LANG_CXX_OUTPUT }, { "c++-header", LANG_CXX_HEADER },
	{ "assembler", LANG_ASM }, { "assembler-with-cpp", LANG_ASM_CPP }, { "lto", LANG_LTO },
	{ "none", LANG_NONE },
};

static enum lang lang_of_suffix(const char *name)
{
	const char *dot = strrchr(name, '.');
	const char *slash = strrchr(name, '/');
	if (!dot || (slash && dot < slash))
		return LANG_OBJECT;
	return compiler_suffix_lang(dot + 1);
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

static void add_opt(struct driver *d, struct opt o)
{
	d->opts = xrealloc(d->opts, (d->nopts + 1) * sizeof *d->opts);
	d->opts[d->nopts++] = o;
}

/* The option DEC decoded with table T, written GIVEN. */
static struct opt decoded_opt(const struct gcc_option_table *t, const struct gcc_decoded *dec, const char *given)
{
	return (struct opt){ .name = t->opts[dec->index].text, .word = dec->canon[0], .arg = dec->arg,
			     .given = given, .separate = dec->ncanon == 2 };
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

/* The comma-separated parts of LIST (option NAME's: -Wl, -Wp, -Wa), each
 * a link item or an option NAME of its own. */
static void split_commas(struct driver *d, const char *list, int to_link, const char *name)
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
			add_opt(d, (struct opt){ .name = name, .word = parts.v[i], .arg = parts.v[i],
						 .given = parts.v[i] });
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

/* g++spec.cc: what option O means for libstdc++. */
static void cxx_library_option(struct driver *d, struct reading *r, const struct opt *o)
{
	static const char *const cxx_langs[] = { "c++", "c++-cpp-output", "objective-c++",
						 "objective-c++-cpp-output" };
	static const char *const no_library[] = { "-c", "-r", "-S", "-E", "-M", "-MM", "-nostdlib",
						  "-nodefaultlibs", "-nostdlib++", "-fsyntax-only" };
	if (opt_is(o, "-x")) {
		for (size_t i = 0; i < sizeof cxx_langs / sizeof *cxx_langs; i++)
			if (d->cxx_library == 0 && strcmp(o->arg, cxx_langs[i]) == 0)
				d->cxx_library = 1;
		r->speclang = 1;
	} else if (opt_is(o, "-l")) {
		if (strcmp(o->arg, "m") != 0 && strcmp(o->arg, "c") != 0 && d->cxx_library == 0)
			d->cxx_library = 1;
	} else if (opt_is(o, "-Wl,") || opt_is(o, "-Xlinker")) {
		if (d->cxx_library == 0)
			d->cxx_library = 1;
	} else if (opt_is(o, "-static-libstdc++")) {
		if (d->cxx_library >= 0)
			d->cxx_library = 2;
	}
	for (size_t i = 0; i < sizeof no_library / sizeof *no_library; i++)
		if (opt_is(o, no_library[i]))
			d->cxx_library = -1;
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

/* Option O, decoded: what the driver takes of it for itself (-x, the
 * link's items), and the rest among D's options. */
static void take_option(struct driver *d, struct reading *r, struct opt o)
{
	cxx_library_option(d, r, &o);
	if (opt_is(&o, "-save-temps=")) {
		/* gcc's driver stops here, before the options after it are read */
		if (strcmp(o.arg, "cwd") != 0 && strcmp(o.arg, "obj") != 0)
			diag(DIAG_FATAL, "%s is an unknown %s option", diag_qf("-save-temps=%s", o.arg),
			     diag_q("-save-temps"));
		add_opt(d, o);
	} else if (opt_is(&o, "-x")) {
		/* an unknown language is an error for the inputs it names
		 * (check_inputs); -x none, after the last input, is no warning */
		r->last_x = o.arg;
		r->xlang = LANG_OBJECT; /* invalid: no -x names it */
		for (size_t k = 0; k < sizeof x_langs / sizeof *x_langs; k++)
			if (strcmp(o.arg, x_langs[k].name) == 0)
				r->xlang = x_langs[k].lang;
		r->bad_x = r->xlang == LANG_OBJECT ? o.arg : NULL;
		if (r->xlang == LANG_OBJECT)
			r->xlang = LANG_NONE;
		r->saw_x_after_last_input = 1;
		r->lang_x_after_last_input = r->xlang != LANG_NONE || r->bad_x;
	} else if (opt_is(&o, "-l")) {
		add_link_item(d, xasprintf("-l%s", o.arg), -1);
		r->lang_x_after_last_input = 0; /* inputs of the link, for gcc */
		/* gcc (14 and later, with offloading) gives some libraries to
		 * the offload compilers too: a switch of its own, here */
		if (backend_offload_lib(o.arg)) {
			char *word = xasprintf("-foffload-options=-l_GCC_%s", o.arg);
			struct strvec w = { 0 };
			strvec_push(&w, word);
			size_t first = d->nopts;
			add_options_from_words(d, &w);
			for (size_t k = first; k < d->nopts; k++)
				d->opts[k].offload_lib = o.arg;
			strvec_free(&w);
		}
	} else if (opt_is(&o, "-Wl,")) {
		split_commas(d, o.arg, 1, o.name);
		r->lang_x_after_last_input = 0;
	} else if (opt_is(&o, "-Xlinker")) {
		add_link_item(d, o.arg, -1);
		r->lang_x_after_last_input = 0;
	} else if (opt_is(&o, "-Wp,") || opt_is(&o, "-Wa,")) {
		/* -Wp,-MD,FILE too: its words go where gcc's %Z puts them, just
		 * before the input; cc1 makes the dependency file */
		split_commas(d, o.arg, 0, o.name);
	} else {
		add_opt(d, o);
	}
}

/* gcc's warning for an -x (other than none) after the last input, link
 * inputs (-l, -Wl, -Xlinker) and the libraries xg++ adds counting as
 * inputs: there must be one of them at all. */
static void warn_last_x(const struct driver *d, const struct reading *r)
{
	if (r->lang_x_after_last_input && d->nlink_items && !(d->cxx && d->cxx_library > 0))
		diag(DIAG_WARNING, "%s after last input file has no effect", diag_qf("-x %s", r->last_x));
}

/* One word or option of the command line, decoded. */
struct word {
	const char *input;      /* an input file, or NULL */
	const struct xgcc_option *own; /* one of xgcc's own options, or NULL */
	int own_missing;        /* ... without its argument (reported) */
	const char *own_arg;
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
		for (size_t j = i + 1; j < n && !ws[i].input && !ws[i].own && ws[i].dec.ncanon == 1; j++)
			if (!ws[j].input && !ws[j].own && ws[j].dec.ncanon == 1 &&
			    gcc_switch_negated(t, ws[i].dec.canon[0], ws[j].dec.canon[0]))
				ws[i].negated = 1;
}

/* Report a decoded word's problem as GCC's driver does; 1 if the word
 * goes no further. */
static int report(const struct gcc_option_table *t, const struct word *w)
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
		/* gcc keeps it as a switch that only a -specs= file's spec
		 * can validate (report_unrecognized); unknown -Wno-X go to the
		 * compiler, which reports them only if it has warnings to give */
		return 0;
	}
	if (gcc_report_error(t, dec, w->given))
		return 1;
	if (dec->warn)
		diag(DIAG_WARNING, "%s", gcc_format(dec->warn, w->given));
	for (size_t i = 0; i < sizeof unsupported / sizeof *unsupported; i++)
		if (strcmp(t->opts[dec->index].text, unsupported[i]) == 0) {
			diag(DIAG_ERROR, "the option %s is not supported by xgcc", diag_q(w->given));
			return 1;
		}
	return 0;
}

/* gcc reports the switches no spec validated (handle_unrecognized_options:
 * the options it did not know, and those it knew that nothing uses, as
 * GCC 13's -symbolic) after the rest of the command line's diagnostics
 * (-pipe ignored because of -save-temps ...) and the specs'. */
void report_unrecognized(const struct driver *d)
{
	struct strvec bad = { 0 };
	unvalidated_switches(d, &bad);
	for (size_t i = 0; i < bad.n; i++) {
		char *hint = gcc_suggest(d->options, bad.v[i] + 1);
		if (hint)
			diag(DIAG_ERROR, "unrecognized command-line option %s; did you mean %s?", diag_q(bad.v[i]),
			     diag_qf("-%s", hint));
		else
			diag(DIAG_ERROR, "unrecognized command-line option %s", diag_q(bad.v[i]));
		free(hint);
		free(bad.v[i]);
	}
	strvec_free(&bad);
}

/* ARGS->v[I...], the own option X: its argument, and the words it took
 * (0 when the argument is missing, after the error). */
static size_t own_argument(const struct strvec *args, size_t i, const struct xgcc_option *x, const char **arg)
{
	const char *w = args->v[i];
	*arg = NULL;
	switch (x->arg) {
	case XO_NONE:
		return 1;
	case XO_JOINED:
		*arg = w + strlen(x->text);
		return 1;
	case XO_SEPARATE:
		break;
	}
	if (i + 1 >= args->n) {
		diag(DIAG_ERROR, "missing argument to %s", diag_q(w));
		return 0;
	}
	*arg = args->v[i + 1];
	return 2;
}

static void decode_all(const struct gcc_option_table *t, struct strvec *args, struct word **out,
		       size_t *nout)
{
	char *const *plain;
	size_t room = args->n + 1;
	for (size_t i = 0; i < args->n; i++)
		room += gcc_plain_output(t, args->v[i], &plain);
	struct word *ws = xcalloc(room, sizeof *ws);
	size_t n = 0;
	for (size_t i = 0; i < args->n; n++) {
		struct word *w = &ws[n];
		const char *s = args->v[i];
		if (s[0] != '-' || s[1] == 0) {
			w->input = s;
			i++;
			continue;
		}
		/* -fdiagnostics-plain-output: its options, as gcc's
		 * decoder gives them (it is in no table) */
		size_t nplain = gcc_plain_output(t, s, &plain);
		for (size_t k = 0; k < nplain; k++) {
			gcc_decode(t, &plain[k], 1, &ws[n + k].dec);
			ws[n + k].given = plain[k];
		}
		if (nplain) {
			n += nplain - 1;
			i++;
			continue;
		}
		w->own = xgcc_option(s);
		if (w->own) {
			size_t used = own_argument(args, i, w->own, &w->own_arg);
			w->own_missing = !used;
			w->given = join_words(args->v + i, used ? used : 1);
			i += used ? used : 1;
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

/* The command line read with the backend's option table T: every option
 * GCC knows is recognised, spelled canonically, checked and pruned as
 * gcc does (gcc_prune_line; xgcc's own options are not GCC's to prune),
 * then taken by the driver. */
static void read_command_line(struct driver *d, const struct gcc_option_table *t, struct strvec *args)
{
	struct word *ws;
	size_t n;
	decode_all(t, args, &ws, &n);
	mark_negated(t, ws, n);
	int *index = xcalloc(n + 1, sizeof *index);
	size_t *order = xcalloc(n + 1, sizeof *order);
	for (size_t i = 0; i < n; i++)
		index[i] = ws[i].input || ws[i].own ? GD_UNKNOWN : ws[i].dec.index;
	size_t kept = gcc_prune_line(t, index, n, order, backend_major());
	struct reading r = { LANG_NONE, NULL, NULL, 0, 0, 0 };
	for (size_t k = 0; k < kept; k++) {
		struct word *w = &ws[order[k]];
		if (w->input) {
			take_input(d, &r, w->input);
		} else if (w->own) {
			if (!w->own_missing)
				take_option(d, &r, (struct opt){ .name = w->own->text, .given = w->given,
								 .word = w->own->arg == XO_JOINED ? w->given : w->own->text,
								 .arg = w->own_arg, .own = 1,
								 .separate = w->own->arg == XO_SEPARATE });
		} else if (!w->negated && !report(t, w)) {
			if (w->dec.index >= 0)
				take_option(d, &r, decoded_opt(t, &w->dec, w->given));
			else /* an unknown -Wno-X is known to gcc, as cc1's */
				take_option(d, &r, (struct opt){ .name = w->given, .word = w->given,
								 .given = w->given,
								 .unknown = strncmp(w->given, "-Wno-", 5) != 0 ||
									    (w->dec.errors & GE_NEGATIVE) });
		}
	}
	free(index);
	free(order);
	/* gcc warns at the end of the command line, and later reports the
	 * options it did not know (report_unrecognized) */
	warn_last_x(d, &r);
}

/* -target TRIPLET or --target=TRIPLET, xgcc's own: it chooses the
 * backend, and so the option table, before the rest is read. */
static const char *target_option(const struct strvec *args)
{
	const char *triplet = NULL;
	for (size_t i = 0; i < args->n; i++) {
		if (strcmp(args->v[i], "-target") == 0 && i + 1 < args->n)
			triplet = args->v[++i];
		else if (strncmp(args->v[i], "--target=", 9) == 0)
			triplet = args->v[i] + 9;
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
	d->options = gcc_option_table_for(backend_cc(), backend_version());
	read_command_line(d, d->options, &args);
	strvec_free(&args);
}

const struct opt *last_opt(const struct driver *d, const char *name)
{
	for (size_t i = d->nopts; i-- > 0;)
		if (opt_is(&d->opts[i], name))
			return &d->opts[i];
	return NULL;
}

int has_opt(const struct driver *d, const char *name) { return last_opt(d, name) != NULL; }

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
		if ((neg && strcmp(w, neg) == 0) || (is_O && opt_kind(&d->opts[i], 'O'))) {
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

void add_options_from_words(struct driver *d, const struct strvec *words)
{
	for (size_t i = 0; i < words->n;) {
		struct gcc_decoded dec;
		gcc_decode(d->options, words->v + i, words->n - i, &dec);
		char *given = join_words(words->v + i, dec.nwords);
		i += dec.nwords;
		if (dec.index == GD_UNKNOWN)
			diag(DIAG_ERROR, "unrecognized command-line option %s", diag_q(given));
		else if (dec.index >= 0)
			add_opt(d, decoded_opt(d->options, &dec, given));
	}
}

void add_options_from_text(struct driver *d, const char *text)
{
	struct strvec words = { 0 };
	strvec_split(&words, text, ' ');
	add_options_from_words(d, &words);
	strvec_free(&words);
}
