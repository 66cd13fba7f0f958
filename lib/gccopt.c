/* Decoding options against GCC's own option table (see gccopt.h).
 *
 * The rules are GCC 12's, as its driver applies them to each word:
 *
 *  - the option is the longest one in the table that the word starts
 *    with, taking the rest of the word only if the option is Joined;
 *    among several, one of the driver's own (Driver) is preferred;
 *  - a word no option matches is tried again through GCC's option_map:
 *    "-fno-X", "-Wno-X", "-mno-X", "-gno-X" are the negative forms of
 *    "-fX" ...; "--machine-X", "--optimize=N", "--std=S", "--warn-X",
 *    "--X" and "--no-X" are other spellings;  a "--" word that is still
 *    unknown may be an unambiguous abbreviation of a "--" option;
 *  - an alias becomes its target, with the alias's argument for the
 *    positive and the negative form (-fno-diagnostics-color is
 *    -fdiagnostics-color=never);
 *  - the canonical spelling of the result is what GCC passes on: "-no-"
 *    forms for f/W/m/g options, Separate options as two words.
 *
 * A few rules are the whole line's, not a word's: "--param" joined to
 * the word after it and -fdiagnostics-plain-output expanded before the
 * table is looked at, and once all is decoded GCC's prune_options.  The
 * driver and lto1 both read their lines so, with the functions here.
 * Those two differ between GCC versions: what -fdiagnostics-plain-output
 * stands for grew with the options it turns off (the table says which
 * a GCC has), and from GCC 14 -Wcomplain-wrong-lang and the last
 * -fdiagnostics-urls= go first too.
 */
#include "config.h"

#include "gccopt.h"
#include "backend.h"
#include "diag.h"

#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "backend-options.h"

#ifndef GCC_OPTION_TABLES
#define GCC_OPTION_TABLES
#endif
static const struct gcc_option_table tables[] = { GCC_OPTION_TABLES { NULL, NULL, 0, NULL, 0, NULL, NULL } };

const struct gcc_option_table *gcc_option_table(const char *cc)
{
	if (getenv("XGCC_NO_GCC_OPTIONS")) /* the shipped table instead, for its tests */
		return NULL;
	for (size_t i = 0; tables[i].cc; i++)
		if (strcmp(tables[i].cc, cc) == 0)
			return &tables[i];
	return NULL;
}

/* The tables shipped with xgcc (build-aux/ship-options), oldest first,
 * each one release's (its file's second line says which): 11.3.0 and
 * 12.2.0 from Debian 12's gcc-11 and gcc-12, 13.3.0 and 14.2.0 from
 * Debian 13's gcc-13 and gcc-14, 15.3.0 and 16.2.0 from unstable's
 * gcc-15 and gcc-16.  All are compiled in, whatever the configured
 * backends: about 180 KB each in xgcc and lto1 (0.7 MB for the four
 * newer ones), too little to be worth a configure-time choice, which
 * would also take away XGCC_SHIPPED_GCC_OPTIONS's other versions. */
#include "gcc-options-11.h"
#include "gcc-options-12.h"
#include "gcc-options-13.h"
#include "gcc-options-14.h"
#include "gcc-options-15.h"
#include "gcc-options-16.h"
static const struct {
	int major;
	struct gcc_option_table table;
} shipped[] = { { 11, GCC_SHIPPED_OPTIONS_11 }, { 12, GCC_SHIPPED_OPTIONS_12 }, { 13, GCC_SHIPPED_OPTIONS_13 },
	       { 14, GCC_SHIPPED_OPTIONS_14 }, { 15, GCC_SHIPPED_OPTIONS_15 }, { 16, GCC_SHIPPED_OPTIONS_16 } };
#define NSHIPPED (sizeof shipped / sizeof *shipped)

const struct gcc_option_table *gcc_shipped_option_table(const char *version)
{
	int major = version ? atoi(version) : 0;
	size_t best = NSHIPPED - 1;
	for (size_t i = 0; i < NSHIPPED; i++)
		if (shipped[i].major <= major)
			best = i;
	if (major < shipped[0].major)
		best = 0;
	return &shipped[best].table;
}

const struct gcc_option_table *gcc_option_table_for(const char *cc, const char *version)
{
	const char *forced = getenv("XGCC_SHIPPED_GCC_OPTIONS");
	if (forced && *forced)
		return gcc_shipped_option_table(forced);
	const struct gcc_option_table *t = gcc_option_table(cc);
	return t ? t : gcc_shipped_option_table(version);
}

/* GCC's option_map: other spellings of an option.  OPT0 (and OPT1, the
 * next word's start) is replaced by NEW_PREFIX. */
static const struct {
	const char *opt0, *opt1, *new_prefix;
	int another_char_needed, negated;
} option_map[] = {
	{ "-Wno-", NULL, "-W", 0, 1 },        { "-fno-", NULL, "-f", 0, 1 },
	{ "-gno-", NULL, "-g", 0, 1 },        { "-mno-", NULL, "-m", 0, 1 },
	{ "--debug=", NULL, "-g", 0, 0 },     { "--machine-", NULL, "-m", 1, 0 },
	{ "--machine-no-", NULL, "-m", 0, 1 }, { "--machine=", NULL, "-m", 0, 0 },
	{ "--machine=no-", NULL, "-m", 0, 1 }, { "--machine", "", "-m", 0, 0 },
	{ "--machine", "no-", "-m", 0, 1 },   { "--optimize=", NULL, "-O", 0, 0 },
	{ "--std=", NULL, "-std=", 0, 0 },    { "--std", "", "-std=", 0, 0 },
	{ "--warn-", NULL, "-W", 1, 0 },      { "--warn-no-", NULL, "-W", 0, 1 },
	{ "--", NULL, "-f", 1, 0 },           { "--no-", NULL, "-f", 0, 1 },
};
#define NMAP (sizeof option_map / sizeof *option_map)

/* Compare the first LEN characters of S, as a whole string, with T. */
static int cmp_prefix(const char *s, size_t len, const char *t)
{
	int c = strncmp(s, t, len);
	if (c != 0)
		return c;
	return t[len] ? -1 : 0;
}

/* The option spelled exactly as the first LEN characters of WORD, or -1. */
static int lookup(const struct gcc_option_table *t, const char *word, size_t len)
{
	size_t lo = 0, hi = t->nopts;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = cmp_prefix(word, len, t->opts[mid].text);
		if (c == 0)
			return (int)mid;
		if (c < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	return -1;
}

int gcc_find(const struct gcc_option_table *t, const char *text)
{
	return lookup(t, text, strlen(text));
}

/* Long options may be abbreviated when that is unambiguous, and
 * "--option" abbreviates "--option=" too. */
static int long_abbreviation(const struct gcc_option_table *t, const char *word)
{
	size_t len = strlen(word);
	int found = -1;
	for (size_t i = 0; i < t->nopts; i++) {
		const struct gcc_option *o = &t->opts[i];
		if (strncmp(o->text, word, len) != 0)
			continue;
		if (found < 0 && !(o->flags & GO_JOINED)) {
			found = (int)i;
			continue;
		}
		size_t flen = found >= 0 ? strlen(t->opts[found].text) : 0;
		if (found >= 0 && (o->flags & GO_JOINED) && strlen(o->text) == flen + 1 &&
		    strncmp(o->text, t->opts[found].text, flen) == 0)
			continue;
		return -1;
	}
	return found;
}

/* GCC's find_opt for WORD (with its '-'). */
static int find_opt(const struct gcc_option_table *t, const char *word)
{
	int other = -1;
	for (size_t len = strlen(word); len > 1; len--) {
		int i = lookup(t, word, len);
		if (i < 0 || (word[len] && !(t->opts[i].flags & GO_JOINED)))
			continue;
		if (t->opts[i].flags & GO_DRIVER)
			return i;
		if (other < 0)
			other = i;
	}
	if (other < 0 && word[1] == '-')
		other = long_abbreviation(t, word);
	return other;
}

/* GCC's integral_argument: a decimal or 0x number, with a byte-size
 * unit if BYTE_SIZE; -1 if ARG is none. */
static long long integral(const char *arg, int byte_size)
{
	static const char *const units[] = { "kB", "KiB", "MB", "MiB", "GB", "GiB",
					     "TB", "TiB", "PB", "PiB", "EB", "EiB", "B" };
	const char *p = arg;
	while (isdigit((unsigned char)*p))
		p++;
	if (p != arg && *p == 0)
		return strtoll(arg, NULL, 10);
	if (p != arg && byte_size)
		for (size_t i = 0; i < sizeof units / sizeof *units; i++)
			if (strcmp(p, units[i]) == 0)
				return strtoll(arg, NULL, 10);
	if (arg[0] == '0' && (arg[1] == 'x' || arg[1] == 'X') && arg[2]) {
		char *end;
		long long v = strtoll(arg + 2, &end, 16);
		if (*end == 0 && v >= 0)
			return v;
	}
	return -1;
}

static int enum_value_ok(const struct gcc_option_table *t, int idx, const char *arg)
{
	for (size_t i = 0; i < t->nvalues; i++)
		if ((int)t->values[i].enum_idx == idx && strcmp(t->values[i].arg, arg) == 0)
			return 1;
	return 0;
}

static void check_argument(const struct gcc_option_table *t, const struct gcc_option *o,
			   struct gcc_decoded *out)
{
	if (!out->arg)
		return;
	if (o->flags & GO_TOLOWER) {
		char *low = xstrdup(out->arg);
		for (char *p = low; *p; p++)
			*p = (char)tolower((unsigned char)*p);
		out->arg = out->owned = low;
	}
	/* a JoinedOrMissing number given without one is 0, as in gcc
	 * (-ftrack-macro-expansion) */
	if ((o->flags & (GO_UINTEGER | GO_HOST_WIDE_INT)) && *out->arg) {
		long long v = integral(out->arg, (o->flags & GO_BYTE_SIZE) != 0);
		if (v < 0)
			out->errors |= GE_UINT;
		else if (o->range_max != -1 && (v < o->range_min || v > o->range_max))
			out->errors |= GE_RANGE;
	}
	if ((o->flags & GO_ENUM) && o->enum_idx >= 0 && !enum_value_ok(t, o->enum_idx, out->arg))
		out->errors |= GE_ENUM;
}

/* GCC's generate_canonical_option. */
static void canonical(const struct gcc_option_table *t, struct gcc_decoded *out)
{
	const struct gcc_option *o = &t->opts[out->index];
	const char *text = o->text;
	char *neg = NULL;
	if (!out->value && !(o->flags & GO_REJECT_NEGATIVE) && strchr("Wfgm", text[1]))
		text = neg = xasprintf("-%cno-%s", text[1], text + 2);
	if (out->arg && (o->flags & GO_SEPARATE) && !(o->flags & GO_SEPARATE_ALIAS)) {
		out->canon[0] = xstrdup(text);
		out->canon[1] = xstrdup(out->arg);
		out->ncanon = 2;
	} else {
		out->canon[0] = out->arg ? xasprintf("%s%s", text, out->arg) : xstrdup(text);
		out->ncanon = 1;
	}
	free(neg);
}

/* Follow an alias to its target, with the alias's arguments. */
static const struct gcc_option *resolve_alias(const struct gcc_option_table *t,
					      const struct gcc_option *o, int have_separate,
					      struct gcc_decoded *out)
{
	if (o->alias == GO_NONE || ((o->flags & GO_SEPARATE_ALIAS) && !have_separate))
		return o;
	if (o->alias == GO_IGNORE || o->alias == GO_WARN_REMOVED) {
		out->index = o->alias == GO_IGNORE ? GD_IGNORE : GD_WARN_REMOVED;
		out->arg = NULL;
		return NULL;
	}
	if (o->neg_alias_arg) {
		out->arg = out->value ? o->alias_arg : o->neg_alias_arg;
		out->value = 1;
	} else if (o->alias_arg) {
		out->arg = o->alias_arg;
	}
	if (o->flags & GO_NEGATIVE_ALIAS)
		out->value = !out->value;
	out->index = o->alias;
	const struct gcc_option *target = &t->opts[o->alias];
	if (target->warn && !out->warn)
		out->warn = target->warn;
	if (target->flags & GO_DISABLED)
		out->errors |= GE_DISABLED;
	if ((target->flags & GO_MISSING_OK) && !out->arg && !(out->errors & GE_MISSING_ARG) &&
	    (target->flags & (GO_JOINED | GO_SEPARATE)))
		out->arg = "";
	return target;
}

/* The option of ARGV[0] through option_map; sets VALUE, EXTRA (words
 * of the prefix) and ADJUST (how much shorter the rewritten word is). */
static int find_mapped(const struct gcc_option_table *t, char *const *argv, size_t argc,
		       int *value, size_t *extra, long *adjust)
{
	for (size_t i = 0; i < NMAP; i++) {
		const char *opt0 = option_map[i].opt0, *opt1 = option_map[i].opt1;
		size_t l0 = strlen(opt0), l1 = opt1 ? strlen(opt1) : 0, ln = opt1 ? l1 : l0;
		size_t x = opt1 ? 1 : 0;
		if (strncmp(argv[0], opt0, l0) != 0 ||
		    (opt1 && (argc < 2 || strncmp(argv[1], opt1, l1) != 0)))
			continue;
		if (opt1 && strcmp(argv[0], opt0) != 0)
			continue;
		if (option_map[i].another_char_needed && !argv[x][ln])
			continue;
		char *dup = xasprintf("%s%s", option_map[i].new_prefix, argv[x] + ln);
		int idx = find_opt(t, dup);
		free(dup);
		if (idx >= 0) {
			*value = !option_map[i].negated;
			*extra = x;
			*adjust = (long)ln - (long)strlen(option_map[i].new_prefix);
			return idx;
		}
	}
	return -1;
}

static int read_argument(const struct gcc_option *o, char *const *argv, size_t argc, size_t extra,
			 long adjust, struct gcc_decoded *out);

void gcc_decode(const struct gcc_option_table *t, char *const *argv, size_t argc,
		struct gcc_decoded *out)
{
	memset(out, 0, sizeof *out);
	out->value = 1;
	out->nwords = 1;
	size_t extra = 0;
	long adjust = 0;
	int idx = find_opt(t, argv[0]);
	if (idx < 0)
		idx = find_mapped(t, argv, argc, &out->value, &extra, &adjust);
	if (idx < 0 || (!out->value && (t->opts[idx].flags & GO_REJECT_NEGATIVE))) {
		out->index = GD_UNKNOWN;
		out->errors = idx < 0 ? 0 : GE_NEGATIVE;
		out->value = 1;
		out->canon[0] = xstrdup(argv[0]);
		out->ncanon = 1;
		return;
	}
	const struct gcc_option *o = &t->opts[idx];
	out->index = idx;
	out->nwords = extra + 1;
	out->warn = o->warn;
	if (o->flags & GO_DISABLED)
		out->errors |= GE_DISABLED;
	int have_separate = read_argument(o, argv, argc, extra, adjust, out);
	o = resolve_alias(t, o, have_separate, out);
	if (!o)
		return;
	if (!(out->errors & GE_MISSING_ARG))
		check_argument(t, o, out);
	canonical(t, out);
}

/* The argument of option O, in the word (after EXTRA words of a
 * "--machine" style prefix, ADJUST characters shorter than written) or
 * the words after it; whether it was a separate one. */
static int read_argument(const struct gcc_option *o, char *const *argv, size_t argc, size_t extra,
			 long adjust, struct gcc_decoded *out)
{
	int separate = (o->flags & GO_SEPARATE) && !(o->flags & GO_NO_DRIVER_ARG);
	size_t nsep = separate ? o->nargs : 0;
	int have_separate = 0;
	if (o->flags & GO_JOINED) {
		out->arg = argv[extra] + (long)strlen(o->text) + adjust;
		if (!*out->arg && !(o->flags & GO_MISSING_OK)) {
			out->arg = NULL;
			if (separate && extra + 1 < argc) {
				out->arg = argv[extra + 1];
				out->nwords = extra + 2;
				have_separate = 1;
			}
		}
	} else if (separate) {
		size_t got = 0;
		while (got < nsep && extra + 1 + got < argc)
			got++;
		if (got < nsep)
			out->errors |= GE_MISSING_ARG;
		out->arg = got ? argv[extra + 1] : NULL;
		out->nwords = extra + 1 + got;
		have_separate = got > 0;
	}
	if (!out->arg && (separate || (o->flags & GO_JOINED)))
		out->errors |= GE_MISSING_ARG;
	return have_separate;
}

char *gcc_format(const char *fmt, const char *arg)
{
	char *res = xstrdup("");
	for (const char *p = fmt; *p;) {
		const char *piece;
		size_t skip;
		const char *close;
		if (strncmp(p, "%qs", 3) == 0) {
			piece = diag_q(arg);
			skip = 3;
		} else if (strncmp(p, "%s", 2) == 0) {
			piece = arg;
			skip = 2;
		} else if (strncmp(p, "%<", 2) == 0 && (close = strstr(p, "%>"))) {
			char *inner = xstrndup(p + 2, (size_t)(close - p - 2));
			piece = diag_q(inner);
			skip = (size_t)(close - p) + 2;
		} else {
			const char *next = p + 1;
			while (*next && *next != '%')
				next++;
			piece = xstrndup(p, (size_t)(next - p));
			skip = (size_t)(next - p);
		}
		char *joined = xasprintf("%s%s", res, piece);
		free(res);
		res = joined;
		p += skip;
	}
	return res;
}

/* "valid arguments to '-fexcess-precision=' are: 16 fast standard" */
static void note_enum_values(const struct gcc_option_table *t, const struct gcc_option *o)
{
	char *list = xstrdup("");
	for (size_t i = 0; i < t->nvalues; i++)
		if ((int)t->values[i].enum_idx == o->enum_idx) {
			char *more = xasprintf("%s%s%s", list, *list ? " " : "", t->values[i].arg);
			free(list);
			list = more;
		}
	diag(DIAG_NOTE, "valid arguments to %s are: %s", diag_q(o->text), list);
	free(list);
}

int gcc_report_error(const struct gcc_option_table *t, const struct gcc_decoded *dec,
		     const char *given)
{
	if (dec->index < 0 || !dec->errors)
		return 0;
	const struct gcc_option *o = &t->opts[dec->index];
	if (dec->errors & GE_DISABLED) {
		diag(DIAG_ERROR, "command-line option %s is not supported by this configuration",
		     diag_q(given));
	} else if (dec->errors & GE_MISSING_ARG) {
		const struct gcc_option *own = o;
		diag(DIAG_ERROR, "%s",
		     own->missing_arg ? gcc_format(own->missing_arg, given)
				      : gcc_format("missing argument to %qs", given));
	} else if (dec->errors & GE_UINT) {
		diag(DIAG_ERROR, "argument to %s should be a non-negative integer%s", diag_q(o->text),
		     (o->flags & GO_BYTE_SIZE) ? " optionally followed by a size unit" : "");
	} else if (dec->errors & GE_RANGE) {
		diag(DIAG_ERROR, "argument to %s is not between %d and %d", diag_q(o->text),
		     o->range_min, o->range_max);
	} else if (dec->errors & GE_ENUM) {
		const char *msg = t->enum_errors[o->enum_idx];
		if (msg)
			diag(DIAG_ERROR, "%s", gcc_format(msg, dec->arg));
		else
			diag(DIAG_ERROR, "unrecognized argument in option %s", diag_q(given));
		note_enum_values(t, o);
	} else {
		return 0;
	}
	return 1;
}

/* GCC's cancel_option: whether NEXT's Negative() chain reaches OPT. */
static int chain_reaches(const struct gcc_option_table *t, int opt, int next, int orig_next)
{
	for (int guard = 0; guard < 64; guard++) {
		int neg = t->opts[next].neg;
		if (neg == opt)
			return 1;
		if (neg < 0 || neg == orig_next)
			return 0;
		next = neg;
	}
	return 0;
}

/* Options prune_options leaves alone: no Negative() chain, or Joined
 * ones other than a RejectNegative option that is its own negative. */
static int prunable(const struct gcc_option_table *t, int idx)
{
	if (idx < 0)
		return 0;
	const struct gcc_option *o = &t->opts[idx];
	if (o->neg < 0)
		return 0;
	return !(o->flags & GO_JOINED) || ((o->flags & GO_REJECT_NEGATIVE) && o->neg == idx);
}

/* Whether the later option of index LATER overrides the earlier one of
 * index EARLIER (GD_* or another negative number for none). */
static int cancels(const struct gcc_option_table *t, int earlier, int later)
{
	return prunable(t, earlier) && prunable(t, later) && chain_reaches(t, earlier, later, later);
}

size_t gcc_prune_line(const struct gcc_option_table *t, const int *index, size_t n, size_t *order, int major)
{
	/* the last of each goes first so that it applies to what the rest
	 * of the line has to say: the colour; from GCC 14 also
	 * -Wcomplain-wrong-lang before it and the URLs after it */
	int first[3] = { major >= 14 ? gcc_find(t, "-Wcomplain-wrong-lang") : -1, gcc_find(t, "-fdiagnostics-color="),
			 major >= 14 ? gcc_find(t, "-fdiagnostics-urls=") : -1 };
	size_t kept = 0;
	for (int f = 0; f < 3; f++) {
		size_t last = n;
		for (size_t i = 0; first[f] >= 0 && i < n; i++)
			if (index[i] == first[f])
				last = i;
		if (last < n)
			order[kept++] = last;
	}
	for (size_t i = 0; i < n; i++) {
		if (index[i] >= 0 && (index[i] == first[0] || index[i] == first[1] || index[i] == first[2]))
			continue;
		size_t j = i + 1;
		while (j < n && !cancels(t, index[i], index[j]))
			j++;
		if (j == n)
			order[kept++] = i;
	}
	return kept;
}

char *gcc_param_word(char *const *words, size_t n)
{
	if (n < 2 || strcmp(words[0], "--param") != 0)
		return NULL;
	return xasprintf("--param=%s", words[1]);
}

size_t gcc_plain_output(const struct gcc_option_table *t, const char *word, char *const **options)
{
	/* the decoder expands this one, not the table (no alias can stand
	 * for several options): GCC 16's list, of which each GCC has the
	 * options it knows (GCC 12 and 13 the first five, 14 the
	 * text-art charset too, 15 the event links) */
	static const struct {
		char *word;
		const char *option;
	} all[] = {
		{ "-fno-diagnostics-show-caret", "-fdiagnostics-show-caret" },
		{ "-fno-diagnostics-show-line-numbers", "-fdiagnostics-show-line-numbers" },
		{ "-fdiagnostics-color=never", "-fdiagnostics-color=" },
		{ "-fdiagnostics-urls=never", "-fdiagnostics-urls=" },
		{ "-fdiagnostics-path-format=separate-events", "-fdiagnostics-path-format=" },
		{ "-fdiagnostics-text-art-charset=none", "-fdiagnostics-text-art-charset=" },
		{ "-fno-diagnostics-show-event-links", "-fdiagnostics-show-event-links" },
		{ "-fno-diagnostics-show-nesting", "-fdiagnostics-show-nesting" },
	};
	static char *plain[sizeof all / sizeof *all];
	if (strcmp(word, "-fdiagnostics-plain-output") != 0)
		return 0;
	size_t n = 0;
	for (size_t i = 0; i < sizeof all / sizeof *all; i++)
		if (i < 5 || gcc_find(t, all[i].option) >= 0)
			plain[n++] = all[i].word;
	*options = plain;
	return n;
}

/* GCC's get_edit_distance: optimal string alignment with a cost of 2
 * per edit and 1 for a change of case only. */
static unsigned edit_distance(const char *s, const char *t)
{
	size_t ls = strlen(s), lt = strlen(t);
	unsigned *prev2 = xcalloc(lt + 1, sizeof *prev2), *prev = xcalloc(lt + 1, sizeof *prev),
		 *cur = xcalloc(lt + 1, sizeof *cur);
	for (size_t j = 0; j <= lt; j++)
		prev[j] = 2 * (unsigned)j;
	for (size_t i = 1; i <= ls; i++) {
		cur[0] = 2 * (unsigned)i;
		for (size_t j = 1; j <= lt; j++) {
			unsigned sub = s[i - 1] == t[j - 1] ? 0
				     : tolower((unsigned char)s[i - 1]) == tolower((unsigned char)t[j - 1]) ? 1
				     : 2;
			unsigned best = prev[j - 1] + sub;
			if (prev[j] + 2 < best)
				best = prev[j] + 2;
			if (cur[j - 1] + 2 < best)
				best = cur[j - 1] + 2;
			if (i > 1 && j > 1 && s[i - 1] == t[j - 2] && s[i - 2] == t[j - 1] &&
			    prev2[j - 2] + 2 < best)
				best = prev2[j - 2] + 2;
			cur[j] = best;
		}
		unsigned *tmp = prev2;
		prev2 = prev;
		prev = cur;
		cur = tmp;
	}
	unsigned d = prev[lt];
	free(prev2);
	free(prev);
	free(cur);
	return d;
}

/* GCC's get_edit_distance_cutoff. */
static unsigned cutoff(size_t goal, size_t cand)
{
	size_t max = goal > cand ? goal : cand, min = goal > cand ? cand : goal;
	if (max <= 1)
		return 0;
	if (max - min <= 1)
		return 2 * (unsigned)(max / 3 > 1 ? max / 3 : 1);
	return 2 * (unsigned)((max + 2) / 3);
}

struct best {
	const char *goal;
	char *text;
	unsigned dist;
	int prefer_equals; /* GCC 13's tie rule, below */
};

/* GCC 13's tie rule (below) for the backend's version. */
static int gcc13_ties(void) { return backend_major() >= 13; }

/* The closest candidate wins, the first of equals; from GCC 13 (its
 * PR 105564) a later equal one that ends in '=' wins over it when the
 * goal does not: "--helpx" gets "--help=", not "--help". */
static void consider(struct best *b, char *cand)
{
	unsigned d = edit_distance(b->goal, cand);
	size_t n = strlen(cand), g = strlen(b->goal);
	int equals_tie = b->text && d == b->dist && b->prefer_equals && n && cand[n - 1] == '=' &&
			 !(g && b->goal[g - 1] == '=');
	if (!b->text || d < b->dist || equals_tie) {
		free(b->text);
		b->text = cand;
		b->dist = d;
	} else {
		free(cand);
	}
}

char *gcc_closest(const char *goal, const char *const *cands, size_t n)
{
	struct best b = { goal, NULL, 0, gcc13_ties() };
	for (size_t i = 0; i < n; i++)
		consider(&b, xstrdup(cands[i]));
	if (b.text && b.dist > cutoff(strlen(goal), strlen(b.text))) {
		free(b.text);
		return NULL;
	}
	return b.text;
}

/* add_misspelling_candidates: the option's text without its '-', and
 * its other spellings of option_map. */
static void consider_spellings(struct best *b, const struct gcc_option *o, const char *text)
{
	consider(b, xstrdup(text + 1));
	for (size_t i = 0; i < NMAP; i++) {
		const char *np = option_map[i].new_prefix;
		if ((o->flags & GO_REJECT_NEGATIVE) && option_map[i].negated)
			continue;
		if (option_map[i].opt1 || strncmp(text, np, strlen(np)) != 0)
			continue;
		consider(b, xasprintf("%s%s", option_map[i].opt0 + 1, text + strlen(np)));
	}
	if (strncmp(text, "--param=", 8) == 0)
		consider(b, xasprintf("-param %s", text + 8));
}

/* GCC's sanitizer names, the candidates it adds for -fsanitize=. */
static const char *const sanitizers[] = {
	"address", "hwaddress", "kernel-address", "kernel-hwaddress", "pointer-compare",
	"pointer-subtract", "thread", "leak", "shift", "shift-exponent", "shift-base", "undefined",
	"unreachable", "vla-bound", "return", "null", "signed-integer-overflow",
	"integer-divide-by-zero", "float-divide-by-zero", "float-cast-overflow", "bounds",
	"bounds-strict", "alignment", "nonnull-attribute", "returns-nonnull-attribute",
	"object-size", "vptr", "pointer-overflow", "builtin", "shadow-call-stack", "all",
};

char *gcc_suggest(const struct gcc_option_table *t, const char *bad)
{
	struct best b = { bad, NULL, 0, gcc13_ties() };
	for (size_t i = 0; i < t->nopts; i++) {
		const struct gcc_option *o = &t->opts[i];
		if ((o->flags & GO_UNDOCUMENTED) && (o->flags & GO_JOINED) &&
		    (strcmp(o->text, "-fno-") == 0 || strcmp(o->text, "-Wno-") == 0))
			continue;
		if ((o->flags & GO_ENUM) && o->enum_idx >= 0) {
			for (size_t k = 0; k < t->nvalues; k++)
				if ((int)t->values[k].enum_idx == o->enum_idx) {
					char *with = xasprintf("%s%s", o->text, t->values[k].arg);
					consider_spellings(&b, o, with);
					free(with);
				}
		}
		consider_spellings(&b, o, o->text);
		if (strcmp(o->text, "-fsanitize=") == 0 || strcmp(o->text, "-fsanitize-recover=") == 0)
			for (size_t k = 0; k < sizeof sanitizers / sizeof *sanitizers; k++)
				consider(&b, xasprintf("%s%s", o->text + 1, sanitizers[k]));
	}
	if (b.text && b.dist <= cutoff(strlen(bad), strlen(b.text)) && b.dist > 0)
		return b.text;
	free(b.text);
	return NULL;
}

/* Whether the specs name switch S (without its '-'). */
static int spec_names(const struct gcc_option_table *t, const char *s)
{
	for (const char *p = t->spec_switches; *p;) {
		while (*p == ' ')
			p++;
		const char *end = strchr(p, ' ');
		size_t n = end ? (size_t)(end - p) : strlen(p);
		if (n && p[n - 1] == '*' ? strncmp(s, p, n - 1) == 0
					 : n && strlen(s) == n && strncmp(s, p, n) == 0)
			return 1;
		p += n;
	}
	return 0;
}

int gcc_switch_negated(const struct gcc_option_table *t, const char *word, const char *later)
{
	const char *s = word + 1, *l = later + 1;
	if (!strchr("Wfmg", s[0]) || s[0] != l[0] || !spec_names(t, s))
		return 0;
	if (strncmp(s + 1, "no-", 3) == 0)
		return strcmp(l + 1, s + 4) == 0;
	return strncmp(l + 1, "no-", 3) == 0 && strcmp(l + 4, s + 1) == 0;
}

static const struct xgcc_option xgcc_options[] = {
	{ "-target", XO_SEPARATE, 0 },
	{ "--target=", XO_JOINED, 0 },
	{ "-flto-cache=", XO_JOINED, 1 },
	{ "-flto-cache-size=", XO_JOINED, 1 },
	{ "-flto-cache-shared", XO_NONE, 1 },
	{ "-fno-lto-cache-shared", XO_NONE, 1 },
	{ "-flto-cache-secret=", XO_JOINED, 1 },
	{ "-flto-cache-remote=", XO_JOINED, 1 },
	{ "-flto-cache-remote-auth-file=", XO_JOINED, 1 },
	{ "-flto-cache-remote-ca=", XO_JOINED, 1 },
	{ "-flto-cache-remote-connect-timeout=", XO_JOINED, 1 },
	{ "-flto-cache-remote-timeout=", XO_JOINED, 1 },
	{ "-flto-cache-remote-max-entry=", XO_JOINED, 1 },
	{ "-flto-distributor=", XO_JOINED, 1 },
	{ "-flto-distributor-arg=", XO_JOINED, 1 },
};

const struct xgcc_option *xgcc_option(const char *word)
{
	for (size_t i = 0; i < sizeof xgcc_options / sizeof *xgcc_options; i++) {
		const struct xgcc_option *x = &xgcc_options[i];
		if (x->arg == XO_JOINED ? strncmp(word, x->text, strlen(x->text)) == 0 : strcmp(word, x->text) == 0)
			return x;
	}
	return NULL;
}
