/* The spec language of GCC 11 and 12, as gcc's driver reads and runs it.
 *
 * A spec file is a list of directives separated by blank lines:
 * "*name:" then the body of that spec ("+ " first appends to what it
 * was), ".suffix:" or "@language:" then a compiler row, and in spec files
 * given with -specs= also "%include <FILE>", "%include_noerr <FILE>"
 * and "%rename OLD NEW".  '#' starts a comment line, backslash-newline
 * joins lines of a body.  -dumpspecs prints the named specs that way.
 *
 * A spec string is text that becomes command lines: blanks separate
 * arguments, a newline ends a command, '|' before a newline pipes it
 * into the next one under -pipe, '\' takes the next character as it is.
 * Everything else starts with '%':
 *
 *   %%  %"                a '%'; an empty argument
 *   %i %b %B %O           the input, its base name (without, with the
 *                         suffix), the object suffix
 *   %gSFX %uSFX %USFX %jSFX %|SFX %mSFX
 *                         temporary file names (%g one per suffix, %u a
 *                         new one, %U the last %u; %j the bit bucket;
 *                         %| "-" and %m nothing under -pipe)
 *   %d %w %V %s %T        marks: the argument is a temporary, is the
 *                         input's output (none: %V), is searched as a
 *                         startfile, is a linker script (--script PATH)
 *   %o %I %D %M %R        the outputs to link, the include options, the
 *                         -L options, the multilib OS dir, the sysroot
 *   %e... %n...           an error (the spec stops), a note
 *   %x{OPT} %X %Y %Z      linker options gathered; linker, assembler
 *                         (-Wa,), preprocessor (-Wp,) options
 *   %1 %2 %a %A %C %E %l %L %G %S   the specs cc1, cc1plus, asm,
 *                         asm_final, cpp, endfile, link, lib, libgcc,
 *                         startfile; %(NAME) any named spec
 *   %.SFX %* %<S %<S* %>S  the suffix %* gives file arguments; the
 *                         variable part of a matched switch; removing
 *                         switches (%> keeps them for COLLECT_GCC_OPTIONS)
 *   %:FUNC(ARGS)          a spec function: ARGS expanded and split, its
 *                         result expanded in place
 *   %{...} %W{...} %@{...} conditions (below); %W marks the last
 *                         argument for deletion on failure; %@ puts its
 *                         arguments in a response file when an @file
 *                         was given
 *
 * A condition is atoms joined by '|' (or) or '&' (ordered union), each
 * an option name S (S* for a prefix, !S negated), .SFX (the input's
 * suffix), ,LANG (its language) or %:FUNC(ARGS) (non-NULL), then
 * ":BODY", ";" and the next choice, ":" alone the default; without a
 * body the matching switches themselves are given.  A switch counts when
 * it is live: a later -O overrides an -O, a later -fno-X an -fX (and
 * likewise for -m, -W, -g), except for one-letter prefixes (%{f*}).
 *
 * GCC 12 has no %p, %P, %v1-3 or %[ any more: like every construct it
 * does not know, they are errors here too (never silently skipped).
 */
#include "config.h"

#include "spec.h"
#include "diag.h"
#include "fileinfo.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* --- the named specs ---------------------------------------------------- */

static struct spec_def *find_def(const struct spec_set *s, const char *name, size_t len)
{
	for (size_t i = 0; i < s->n; i++)
		if (strlen(s->defs[i].name) == len && !strncmp(s->defs[i].name, name, len))
			return &s->defs[i];
	return NULL;
}

const char *spec_get(const struct spec_set *s, const char *name)
{
	const struct spec_def *d = find_def(s, name, strlen(name));
	return d ? d->body : NULL;
}

void spec_set(struct spec_set *s, const char *name, const char *body, int user)
{
	struct spec_def *d = find_def(s, name, strlen(name));
	if (!d) {
		if (s->n == s->cap)
			s->defs = xrealloc(s->defs, (s->cap = s->cap ? 2 * s->cap : 64) * sizeof *s->defs);
		/* gcc puts a spec it did not have at the head of its list,
		 * where -dumpspecs prints it first */
		size_t at = s->sealed ? 0 : s->n;
		memmove(s->defs + at + 1, s->defs + at, (s->n - at) * sizeof *s->defs);
		s->n++;
		d = &s->defs[at];
		*d = (struct spec_def){ xstrdup(name), xstrdup(""), 0 };
	}
	char *old = d->body;
	d->body = body[0] == '+' && isspace((unsigned char)body[1]) ? xasprintf("%s%s", old, body + 1)
								    : xstrdup(body);
	free(old);
	d->user = user;
}

int spec_rename(struct spec_set *s, const char *old, const char *new_name, char **err)
{
	struct spec_def *d = find_def(s, old, strlen(old));
	if (!d)
		return *err = xasprintf("specs %s spec was not found to be renamed", old), -1;
	if (!strcmp(old, new_name))
		return 0;
	if (find_def(s, new_name, strlen(new_name)))
		return *err = xasprintf("attempt to rename spec %s to already defined spec %s",
					diag_q(old), diag_q(new_name)), -1;
	char *body = xstrdup(d->body);
	spec_set(s, new_name, body, 0);
	free(body);
	d = find_def(s, old, strlen(old)); /* spec_set may have moved it */
	free(d->body);
	d->body = xstrdup("");
	return 0;
}

static void add_compiler(struct spec_set *s, char *suffix, char *spec)
{
	if (s->ncompilers == s->ccap)
		s->compilers = xrealloc(s->compilers, (s->ccap = s->ccap ? 2 * s->ccap : 16) * sizeof *s->compilers);
	s->compilers[s->ncompilers++] = (struct spec_compiler){ suffix, spec };
}

/* gcc's skip_whitespace: blanks and comment lines, but a line that is
 * wholly blank ends a directive. */
static const char *skip_blank(const char *p)
{
	for (;;) {
		if (p[0] == '\n' && p[1] == '\n' && p[2] == '\n')
			return p + 1;
		if (*p == '\n' || *p == ' ' || *p == '\t')
			p++;
		else if (*p == '#') {
			while (*p && *p != '\n')
				p++;
			if (*p)
				p++;
		} else
			return p;
	}
}

/* "%include <FILE>" and the like: the word after the command. */
static int directive_arg(const char *line, size_t len, const char *cmd, const char **arg, size_t *alen)
{
	size_t n = strlen(cmd);
	if (len <= n || strncmp(line, cmd, n) || (line[n] != ' ' && line[n] != '\t'))
		return 0;
	const char *p = line + n, *end = line + len;
	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	*arg = p;
	*alen = (size_t)(end - p);
	return 1;
}

static int read_directive(struct spec_set *s, const char *name, const char *line, size_t len, int user,
			  spec_find_fn *find, void *find_arg, int verbose, char **err)
{
	const char *a;
	size_t n;
	int noerr = directive_arg(line, len, "%include_noerr", &a, &n);
	if (noerr || directive_arg(line, len, "%include", &a, &n)) {
		if (n < 2 || a[0] != '<' || a[n - 1] != '>')
			return *err = xasprintf("%s: specs %%include syntax malformed", name), -1;
		char *file = xstrndup(a + 1, n - 2);
		char *found = find ? find(find_arg, file) : NULL;
		int r = 0;
		if (found || !noerr)
			r = spec_read_file(s, found ? found : file, 0, user, find, find_arg, verbose, err);
		else if (verbose)
			fprintf(stderr, "could not find specs file %s\n", file);
		free(found);
		free(file);
		return r;
	}
	if (directive_arg(line, len, "%rename", &a, &n)) {
		const char *e = a;
		while (e < a + n && *e != ' ' && *e != '\t')
			e++;
		const char *b = e;
		while (b < a + n && (*b == ' ' || *b == '\t'))
			b++;
		if (!isalpha((unsigned char)*a) || b == e || b >= a + n || !isalpha((unsigned char)*b) ||
		    memchr(b, ' ', (size_t)(a + n - b)) || memchr(b, '\t', (size_t)(a + n - b)))
			return *err = xasprintf("%s: specs %%rename syntax malformed", name), -1;
		char *old = xstrndup(a, (size_t)(e - a)), *new_name = xstrndup(b, (size_t)(a + n - b));
		char *why = NULL;
		int r = spec_rename(s, old, new_name, &why);
		if (r < 0)
			*err = xasprintf("%s: %s", name, why);
		else {
			if (verbose)
				fprintf(stderr, "rename spec %s to %s\n", old, new_name);
			strvec_push(&s->said, xasprintf("rename spec %s to %s", old, new_name));
		}
		free(why);
		free(old);
		free(new_name);
		return r;
	}
	return *err = xasprintf("%s: specs unknown %% command: %.*s", name, (int)len, line), -1;
}

int spec_read_text(struct spec_set *s, const char *name, const char *text, int main_specs, int user,
		   spec_find_fn *find, void *find_arg, int verbose, char **err)
{
	const char *p = text;
	for (;;) {
		p = skip_blank(p);
		if (!*p)
			return 0;
		if (*p == '%' && !main_specs) {
			const char *e = strchr(p, '\n');
			size_t len = e ? (size_t)(e - p) : strlen(p);
			if (read_directive(s, name, p, len, user, find, find_arg, verbose, err) < 0)
				return -1;
			p += len;
			continue;
		}
		const char *colon = p;
		while (*colon && *colon != ':' && *colon != '\n')
			colon++;
		if (*colon != ':')
			return *err = xasprintf("%s: specs file malformed after %ld characters", name,
						(long)(colon - text)), -1;
		const char *ke = colon;
		while (ke > p && (ke[-1] == ' ' || ke[-1] == '\t'))
			ke--;
		char *key = xstrndup(p, (size_t)(ke - p));
		p = skip_blank(colon + 1);
		const char *end = p;
		while (*end && !(end[0] == '\n' && (end[1] == '\n' || end[1] == '\0')))
			end++;
		/* the body without comments and backslash-newlines */
		char *body = xmalloc((size_t)(end - p) + 1), *o = body;
		for (const char *i = p; i < end;) {
			if (i[0] == '\\' && i[1] == '\n')
				i += 2;
			else if (*i == '#')
				while (i < end && *i != '\n')
					i++;
			else
				*o++ = *i++;
		}
		*o = '\0';
		p = end;
		if (key[0] == '*') {
			if (!strcmp(key, "*link_command")) {
				free(s->link_command);
				s->link_command = body;
			} else {
				spec_set(s, key + 1, body, user);
				free(body);
			}
			free(key);
		} else {
			if (!*key) {
				free(s->link_command);
				s->link_command = xstrdup(body);
			}
			add_compiler(s, key, body);
		}
	}
}

int spec_read_file(struct spec_set *s, const char *path, int main_specs, int user, spec_find_fn *find,
		   void *find_arg, int verbose, char **err)
{
	/* said before the file is opened, as gcc says it */
	strvec_push(&s->said, xasprintf("Reading specs from %s", path));
	if (verbose)
		fprintf(stderr, "Reading specs from %s\n", path);
	FILE *f = fopen(path, "r");
	if (!f)
		return *err = xasprintf("cannot read spec file %s: %s", diag_q(path), strerror(errno)), -1;
	char *text = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&text, &len);
	int c;
	while ((c = getc(f)) != EOF)
		putc(c, m);
	fclose(f);
	fclose(m);
	int r = spec_read_text(s, path, text, main_specs, user, find, find_arg, verbose, err);
	free(text);
	return r;
}

void spec_dump(const struct spec_set *s, FILE *f)
{
	for (size_t i = 0; i < s->n; i++)
		fprintf(f, "*%s:\n%s\n\n", s->defs[i].name, s->defs[i].body);
	if (s->link_command)
		fprintf(f, "*link_command:\n%s\n\n", s->link_command);
}

void spec_set_free(struct spec_set *s)
{
	for (size_t i = 0; i < s->n; i++)
		free(s->defs[i].name), free(s->defs[i].body);
	for (size_t i = 0; i < s->ncompilers; i++)
		free(s->compilers[i].suffix), free(s->compilers[i].spec);
	free(s->defs);
	free(s->compilers);
	free(s->link_command);
	for (size_t i = 0; i < s->said.n; i++)
		free(s->said.v[i]);
	strvec_free(&s->said);
	*s = (struct spec_set){ 0 };
}

/* --- building arguments and commands ------------------------------------ */

struct spec_temp {
	char *suffix;
	int unique;
	char *name;
	struct spec_temp *next;
};

static int fail(struct spec_run *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int fail(struct spec_run *r, const char *fmt, ...)
{
	if (!r->error) {
		va_list ap;
		va_start(ap, fmt);
		if (vasprintf(&r->error, fmt, ap) < 0)
			r->error = NULL;
		va_end(ap);
	}
	return -1;
}

static void grow(struct spec_run *r, const char *s, size_t n)
{
	if (r->wlen + n + 1 > r->wcap)
		r->word = xrealloc(r->word, r->wcap = 2 * (r->wlen + n + 1));
	memcpy(r->word + r->wlen, s, n);
	r->wlen += n;
	r->word[r->wlen] = '\0';
	r->word_going = 1;
}

static void grow_str(struct spec_run *r, const char *s) { grow(r, s, strlen(s)); }

static void store(struct spec_run *r, char *text, int delete_always, int delete_failure)
{
	struct spec_cmd *c = &r->cur;
	if (c->n == c->cap)
		c->args = xrealloc(c->args, (c->cap = c->cap ? 2 * c->cap : 16) * sizeof *c->args);
	const char *file = text, *eq;
	if (text[0] == '-' && (eq = strrchr(text, '=')))
		file = eq + 1;
	c->args[c->n++] = (struct spec_arg){ text, file,
					     (delete_always ? SPEC_ARG_TEMP : 0) |
						     (delete_failure ? SPEC_ARG_FAILURE : 0) };
}

static void end_word(struct spec_run *r)
{
	if (!r->word_going)
		return;
	char *s = xstrndup(r->word ? r->word : "", r->wlen);
	r->wlen = 0;
	r->word_going = 0;
	if (r->library_this && r->ops && r->ops->find_file) {
		char *found = r->ops->find_file(r->arg, s);
		free(s);
		s = found;
	}
	if (r->script_this) {
		char *found = r->ops && r->ops->find_script ? r->ops->find_script(r->arg, s) : NULL;
		if (!found) {
			diag(DIAG_ERROR, "unable to locate default linker script %s in the library search paths",
			     diag_q(s));
			free(s);
			return;
		}
		store(r, xstrdup("--script"), 0, 0);
		free(s);
		s = found;
	}
	store(r, s, r->delete_this, r->output_this);
	if (r->output_this && r->ops && r->ops->set_output)
		r->ops->set_output(r->arg, s);
}

static void reset_marks(struct spec_run *r)
{
	r->delete_this = r->output_this = r->library_this = r->script_this = 0;
}

/* The command built so far becomes one or more commands (split at the
 * "|" arguments of -pipe). */
static void end_command(struct spec_run *r)
{
	struct spec_cmd *c = &r->cur;
	size_t start = 0;
	for (size_t i = 0; i <= c->n; i++) {
		int bar = i < c->n && !strcmp(c->args[i].text, "|");
		if (i < c->n && !bar)
			continue;
		if (i > start) {
			if (r->ncmds == r->ccap)
				r->cmds = xrealloc(r->cmds, (r->ccap = r->ccap ? 2 * r->ccap : 8) * sizeof *r->cmds);
			struct spec_cmd *n = &r->cmds[r->ncmds++];
			*n = (struct spec_cmd){ xmalloc((i - start) * sizeof *n->args), i - start, i - start, bar };
			memcpy(n->args, c->args + start, (i - start) * sizeof *n->args);
			if (r->ops && r->ops->command)
				r->ops->command(r->arg, r, n);
		}
		if (bar)
			free(c->args[i].text);
		start = i + 1;
	}
	c->n = 0;
}

static int last_is_bar(const struct spec_run *r)
{
	return r->cur.n && !strcmp(r->cur.args[r->cur.n - 1].text, "|");
}

static void pop_last(struct spec_run *r) { free(r->cur.args[--r->cur.n].text); }

/* Arguments that an @file stands for when one was given (%o, %@{}):
 * those from FROM on move into a response file, "@FILE" takes their
 * place. */
static void at_file_close(struct spec_run *r, size_t from)
{
	if (!r->at_file_supplied || r->cur.n == from || !r->ops || !r->ops->at_file)
		return;
	struct strvec args = { 0 };
	for (size_t i = from; i < r->cur.n; i++)
		strvec_push(&args, r->cur.args[i].text);
	char *at = r->ops->at_file(r->arg, &args);
	strvec_free(&args);
	while (r->cur.n > from)
		pop_last(r);
	store(r, at, 0, 0);
}

/* --- switches ------------------------------------------------------------ */

int spec_switch_live(struct spec_run *r, size_t i, int prefix_len)
{
	struct spec_switch *s = &r->sw[i];
	if (s->live)
		return (s->live & SPEC_SW_LIVE) && !(s->live & (SPEC_SW_FALSE | SPEC_SW_IGNORE_PERMANENTLY));
	/* %{f*} and the like: the compiler sorts out -fX against -fno-X */
	if (prefix_len >= 0 && prefix_len <= 1)
		return 1;
	const char *name = s->part1;
	switch (name[0]) {
	case 'O':
		for (size_t j = i + 1; j < r->nsw; j++)
			if (r->sw[j].part1[0] == 'O') {
				s->validated = 1;
				s->live = SPEC_SW_FALSE;
				return 0;
			}
		break;
	case 'W':
	case 'f':
	case 'm':
	case 'g':
		for (size_t j = i + 1; j < r->nsw; j++) {
			const char *o = r->sw[j].part1;
			int overrides = o[0] == name[0] &&
					(!strncmp(name + 1, "no-", 3) ? !strcmp(o + 1, name + 4)
								       : !strncmp(o + 1, "no-", 3) && !strcmp(o + 4, name + 1));
			if (overrides) {
				if (s->known)
					s->validated = 1;
				s->live = SPEC_SW_FALSE;
				return 0;
			}
		}
		break;
	}
	s->live |= SPEC_SW_LIVE;
	return 1;
}

static int expand(struct spec_run *r, const char *spec, int inswitch, const char *soft);
static int expand_words(struct spec_run *r, const char *spec, const char *soft, struct strvec *out);

/* The switch as given: "-part1 arg..." (without "-part1" when OMIT), each
 * argument with %.SFX's suffix when one is set; then a blank. */
static int give_switch(struct spec_run *r, size_t i, int omit)
{
	struct spec_switch *s = &r->sw[i];
	if (s->live & SPEC_SW_IGNORE)
		return 0;
	if (!omit && (expand(r, "-", 0, NULL) < 0 || expand(r, s->part1, 1, NULL) < 0))
		return -1;
	for (const char *const *a = s->args; a && *a; a++) {
		if (expand(r, " ", 0, NULL) < 0)
			return -1;
		if (r->suffix_subst) {
			const char *slash = strrchr(*a, '/'), *dot = strrchr(*a, '.');
			char *stem = dot && (!slash || dot > slash) ? xstrndup(*a, (size_t)(dot - *a)) : xstrdup(*a);
			int e = expand(r, stem, 1, NULL) < 0 || expand(r, r->suffix_subst, 1, NULL) < 0;
			free(stem);
			if (e)
				return -1;
		} else if (expand(r, *a, 1, NULL) < 0)
			return -1;
	}
	s->validated = 1;
	return expand(r, " ", 0, NULL);
}

static int prefix_match(const char *part1, const char *atom, size_t len, int starred)
{
	return !strncmp(part1, atom, len) && (starred || part1[len] == '\0');
}

static int switch_matches(struct spec_run *r, const char *atom, size_t len, int starred)
{
	for (size_t i = 0; i < r->nsw; i++) {
		const struct spec_switch *s = &r->sw[i];
		if (prefix_match(s->part1, atom, len, starred)) {
			if (spec_switch_live(r, i, starred ? (int)len : -1))
				return 1;
		} else if (s->args && (s->part1[0] == 'D' || s->part1[0] == 'U') && s->part1[0] == atom[0] &&
			   len >= 1 && !strncmp(s->args[0], atom + 1, len - 1) &&
			   (starred || (s->part1[1] == '\0' && s->args[0][len - 1] == '\0')) &&
			   spec_switch_live(r, i, starred ? 1 : -1)) {
			/* -D NAME, separate: %{DNAME} matches it too */
			return 1;
		}
	}
	return 0;
}

/* --- spec functions -------------------------------------------------- */

static int absolute_readable(const char *path) { return path[0] == '/' && access(path, R_OK) == 0; }

static int version_valid(const char *v)
{
	for (;;) {
		if (!isdigit((unsigned char)*v) || (v[0] == '0' && isdigit((unsigned char)v[1])))
			return 0;
		while (isdigit((unsigned char)*v))
			v++;
		if (!*v)
			return 1;
		if (*v++ != '.')
			return 0;
	}
}

int spec_version_cmp(const char *a, const char *b)
{
	while (*a || *b) {
		long x = strtol(a, (char **)&a, 10), y = strtol(b, (char **)&b, 10);
		if (x != y)
			return x < y ? -1 : 1;
		if (*a == '.')
			a++;
		if (*b == '.')
			b++;
		if (!*a != !*b && !isdigit((unsigned char)*a) && !isdigit((unsigned char)*b))
			break;
	}
	return (*a != '\0') - (*b != '\0');
}

/* %:version-compare(OP V1 [V2] SWITCH RESULT) */
static const char *version_compare(struct spec_run *r, int argc, char **argv, int *bad)
{
	if (argc < 3)
		return *bad = fail(r, "too few arguments to %%:version-compare"), NULL;
	int nargs = (argv[0][1] == '<' || argv[0][1] == '>') && argv[0][0] != '!' ? 2 : 1;
	if (argc != nargs + 3)
		return *bad = fail(r, "too many arguments to %%:version-compare"), NULL;
	size_t len = strlen(argv[nargs + 1]);
	const char *value = NULL;
	for (size_t i = 0; i < r->nsw; i++)
		if (!strncmp(r->sw[i].part1, argv[nargs + 1], len) && spec_switch_live(r, i, (int)len))
			value = r->sw[i].part1 + len;
	int c1 = -1, c2 = -1;
	if (value) {
		for (int i = 0; i <= nargs; i++) {
			const char *v = i == 0 ? value : argv[i];
			if (!version_valid(v))
				return *bad = fail(r, "invalid version number %s", diag_q(v)), NULL;
		}
		c1 = spec_version_cmp(value, argv[1]);
		c2 = nargs == 2 ? spec_version_cmp(value, argv[2]) : -1;
	}
	int yes;
	const char *op = argv[0];
	if (!strcmp(op, ">="))
		yes = c1 >= 0;
	else if (!strcmp(op, "!<"))
		yes = c1 >= 0 || !value;
	else if (!strcmp(op, "<"))
		yes = c1 < 0;
	else if (!strcmp(op, "!>"))
		yes = c1 < 0 || !value;
	else if (!strcmp(op, "><"))
		yes = c1 >= 0 && c2 < 0;
	else if (!strcmp(op, "<>"))
		yes = c1 < 0 || c2 >= 0;
	else
		return *bad = fail(r, "unknown operator %s in %%:version-compare", diag_q(op)), NULL;
	return yes ? argv[nargs + 2] : NULL;
}

/* %:pass-through-libs(ARGS): every -l and every .a among ARGS as a
 * -plugin-opt=-pass-through= option. */
static char *pass_through_libs(int argc, char **argv)
{
	char *out = xstrdup(" ");
	for (int n = 0; n < argc; n++) {
		const char *add = NULL;
		if (argv[n][0] == '-' && argv[n][1] == 'l') {
			const char *lib = argv[n] + 2;
			if (!*lib && ++n >= argc)
				break;
			if (!*lib)
				lib = argv[n];
			add = xasprintf("-plugin-opt=-pass-through=-l%s ", lib);
		} else if (strlen(argv[n]) >= 2 && !strcmp(argv[n] + strlen(argv[n]) - 2, ".a")) {
			add = xasprintf("-plugin-opt=-pass-through=%s ", argv[n]);
		}
		if (add) {
			char *joined = xasprintf("%s%s", out, add);
			free(out);
			free((char *)add);
			out = joined;
		}
	}
	return out;
}

/* Escape every character of S, so that a spec takes it as text. */
static char *escaped(const char *s, const char *tail)
{
	char *out = xmalloc(2 * strlen(s) + strlen(tail) + 1), *o = out;
	for (; *s; s++)
		*o++ = '\\', *o++ = *s;
	strcpy(o, tail);
	return out;
}

char *spec_quote(const char *s)
{
	/* an empty string stays an argument: %" (gcc's quote_spec_arg) */
	return *s ? escaped(s, "") : xstrdup("%\"");
}

/* The functions that need nothing but their arguments and the specs;
 * the driver's own come through ops->function, which is asked first.  *KEEP: the result is
 * malloc'd (the run frees it after expanding it). */
static const char *call_function(struct spec_run *r, const char *name, int argc, char **argv, int *bad, int *keep)
{
	*keep = 0;
	/* the driver's functions first: they may stand for a built-in one
	 * (find-plugindir) */
	int known = 0;
	const char *given = r->ops && r->ops->function ? r->ops->function(r->arg, r, name, argc, argv, &known) : NULL;
	if (known)
		return given;
	if (!strcmp(name, "getenv")) {
		if (argc != 2)
			return NULL;
		const char *v = getenv(argv[0]);
		if (!v)
			return *bad = fail(r, "environment variable %s not defined", diag_q(argv[0])), NULL;
		return *keep = 1, escaped(v, argv[1]);
	}
	if (!strcmp(name, "if-exists"))
		return argc == 1 && absolute_readable(argv[0]) ? argv[0] : NULL;
	if (!strcmp(name, "if-exists-else"))
		return argc != 2 ? NULL : absolute_readable(argv[0]) ? argv[0] : argv[1];
	if (!strcmp(name, "if-exists-then-else")) {
		if (argc != 2 && argc != 3)
			return NULL;
		return absolute_readable(argv[0]) ? argv[1] : argc == 3 ? argv[2] : NULL;
	}
	if (!strcmp(name, "version-compare"))
		return version_compare(r, argc, argv, bad);
	if (!strcmp(name, "gt")) {
		if (argc < 2)
			return NULL;
		return strtol(argv[argc - 2], NULL, 10) > strtol(argv[argc - 1], NULL, 10) ? "" : NULL;
	}
	if (!strcmp(name, "pass-through-libs"))
		return *keep = 1, pass_through_libs(argc, argv);
	if (!strcmp(name, "print-asm-header")) {
		static const char header[] = "Assembler options\n=================\n\n"
					     "Use \"-Wa,OPTION\" to pass \"OPTION\" to the assembler.\n\n";
		if (r->ops && r->ops->banner) {
			r->ops->banner(r->arg, header);
		} else {
			fputs(header, stdout);
			fflush(stdout);
		}
		return NULL;
	}
	if (!strcmp(name, "include") || !strcmp(name, "find-file") || !strcmp(name, "find-plugindir")) {
		int plugindir = name[5] == 'p';
		if (argc != (plugindir ? 0 : 1))
			return *bad = fail(r, "wrong number of arguments to %%:%s", name), NULL;
		char *found = r->ops && r->ops->find_file ? r->ops->find_file(r->arg, plugindir ? "plugin" : argv[0])
							  : xstrdup(plugindir ? "plugin" : argv[0]);
		if (plugindir) {
			char *opt = xasprintf("-iplugindir=%s", found);
			free(found);
			return *keep = 1, opt;
		}
		if (name[0] == 'f')
			return *keep = 1, found;
		char *err = NULL;
		int rd = spec_read_file(r->specs, found, 0, 0, (spec_find_fn *)r->ops->find_file, r->arg, 0, &err);
		free(found);
		if (rd < 0) {
			fail(r, "%s", err);
			free(err);
			*bad = -1;
		}
		return NULL;
	}
	return *bad = fail(r, "unknown spec function %s", diag_q(name)), NULL;
}

/* %:NAME(ARGS) at P (after "%:"): ARGS expanded in a context of their
 * own and split into words, the result expanded here.  *NONNULL: the
 * function gave a result (for %{%:f(...):X}).  The end of the call, or
 * NULL when the spec stopped. */
static const char *handle_function(struct spec_run *r, const char *p, int *nonnull, const char *soft)
{
	const char *e = p;
	while (*e && *e != '(') {
		if (!isalnum((unsigned char)*e) && *e != '-' && *e != '_')
			return fail(r, "malformed spec function name"), NULL;
		e++;
	}
	if (*e != '(')
		return fail(r, "no arguments for spec function"), NULL;
	char *name = xstrndup(p, (size_t)(e - p));
	const char *a = ++e;
	for (int depth = 0; *e; e++) {
		if (*e == ')') {
			if (!depth)
				break;
			depth--;
		} else if (*e == '(')
			depth++;
	}
	if (*e != ')') {
		free(name);
		return fail(r, "malformed spec function arguments"), NULL;
	}
	char *args = xstrndup(a, (size_t)(e - a));
	struct strvec words = { 0 };
	const char *end = e + 1;
	int bad = 0, keep = 0;
	if (expand_words(r, args, soft, &words) < 0 && !r->error)
		fail(r, "error in arguments to spec function %s", diag_q(name));
	const char *result = r->error ? NULL : call_function(r, name, (int)words.n, words.v, &bad, &keep);
	if (r->error)
		end = NULL;
	else if (result && expand(r, result, 0, NULL) < 0)
		end = NULL;
	/* gcc expands the value while it is processing a spec function,
	 * which ends the argument being built (do_spec_1's end_going_arg):
	 * aarch64's -march=%:rewrite_mcpu(...)%{mabi=*:-mabi=%*} gives two */
	if (end && result)
		end_word(r);
	if (nonnull)
		*nonnull = result != NULL;
	if (keep)
		free((char *)result);
	for (size_t i = 0; i < words.n; i++)
		free(words.v[i]);
	strvec_free(&words);
	free(args);
	free(name);
	return end;
}

/* --- %{...} ---------------------------------------------------------------- */

/* The body after ':' (P): up to the ';' or '}' that ends it at this
 * level; expanded when MATCHED, once per matching switch with %* set
 * when it holds a %*.  The end, or NULL when the spec stopped. */
static const char *brace_body(struct spec_run *r, const char *p, const char *atom, size_t alen, int starred,
			      int matched, const char *whole)
{
	const char *body = p;
	int depth = 1, subst = 0;
	for (;; p++) {
		if (*p == '{')
			depth++;
		else if (*p == '}') {
			if (!--depth)
				break;
		} else if (*p == ';' && depth == 1)
			break;
		else if (*p == '%' && p[1] == '*' && depth == 1)
			subst = 1;
		else if (!*p)
			return fail(r, "braced spec body %s is invalid", diag_q(body)), NULL;
	}
	const char *end = p;
	while (end > body && (end[-1] == ' ' || end[-1] == '\t'))
		end--;
	if (subst && !starred)
		return fail(r, "braced spec body %s is invalid", diag_q(whole)), NULL;
	if (!matched)
		return p;
	char *text = xstrndup(body, (size_t)(end - body));
	int e = 0;
	if (!subst) {
		e = expand(r, text, 0, NULL) < 0;
	} else {
		for (size_t i = 0; !e && i < r->nsw; i++)
			if (!strncmp(r->sw[i].part1, atom, alen) && spec_switch_live(r, i, (int)alen)) {
				e = expand(r, text, 0, r->sw[i].part1 + alen) < 0 || give_switch(r, i, 1) < 0;
				r->suffix_subst = NULL;
			}
	}
	free(text);
	return e ? NULL : p;
}

static int atom_char(int c)
{
	return isalnum(c) || c == '_' || c == '-' || c == '+' || c == '=' || c == ',' || c == '.' || c == '@' ||
	       c == '\\';
}

/* %{...}: P is just inside the '{'; the end (past the '}'), or NULL. */
static const char *handle_braces(struct spec_run *r, const char *p)
{
	const char *whole = p - 1;
	int must_be_last = 0, ordered = 0, disjunct = 0, disj_matched = 0, disj_starred = 1;
	int n_way = 0, n_way_matched = 0;
	char *esc = NULL, *d_esc = NULL;
	const char *d_atom = NULL;
	size_t d_len = 0;
	const char *ret = NULL;
	do {
		if (must_be_last)
			goto invalid;
		int negated = 0, suffix = 0, language = 0, starred = 0, matched = 0, is_function = 0;
		const char *atom = NULL;
		size_t alen = 0;
		while (*p == ' ' || *p == '\t')
			p++;
		if (*p == '!')
			p++, negated = 1;
		while (*p == ' ' || *p == '\t')
			p++;
		if (*p == '%' && p[1] == ':') {
			is_function = 1;
			p = handle_function(r, p + 2, &matched, NULL);
			if (!p)
				goto out;
		} else {
			if (*p == '.')
				p++, suffix = 1;
			else if (*p == ',')
				p++, language = 1;
			atom = p;
			int nesc = 0;
			while (atom_char((unsigned char)*p)) {
				if (*p == '\\') {
					if (!*++p) {
						fail(r, "braced spec %s ends in escape", diag_q(whole));
						goto out;
					}
					nesc++;
				}
				p++;
			}
			alen = (size_t)(p - atom);
			if (nesc) {
				if (esc != d_esc)
					free(esc);
				char *o = esc = xmalloc(alen + 1);
				for (const char *a = atom; a < p; a++)
					*o++ = *a == '\\' ? *++a : *a;
				*o = '\0';
				atom = esc;
				alen = (size_t)(o - esc);
			}
			if (*p == '*')
				p++, starred = 1;
		}
		while (*p == ' ' || *p == '\t')
			p++;
		switch (*p) {
		case '&':
		case '}':
			/* the switches themselves, in command-line order */
			ordered = 1;
			if (disjunct || n_way || negated || suffix || language || is_function || !alen)
				goto invalid;
			for (size_t i = 0; i < r->nsw; i++)
				if (prefix_match(r->sw[i].part1, atom, alen, starred) &&
				    spec_switch_live(r, i, starred ? (int)alen : -1))
					r->sw[i].ordering = 1;
			if (*p == '}')
				for (size_t i = 0; i < r->nsw; i++)
					if (r->sw[i].ordering) {
						r->sw[i].ordering = 0;
						if (give_switch(r, i, 0) < 0)
							goto out;
					}
			break;
		case '|':
		case ':':
			disjunct = 1;
			if (ordered)
				goto invalid;
			if (!is_function && !alen) {
				/* ":" alone: the default of an n-way choice */
				if (!n_way || disj_matched || *p == '|' || negated || suffix || language || starred)
					goto invalid;
				must_be_last = 1;
				disj_matched = !n_way_matched;
				disj_starred = 0;
			} else {
				if ((suffix || language) && starred)
					goto invalid;
				if (!starred)
					disj_starred = 0;
				if (!disj_matched && !n_way_matched) {
					if (suffix)
						matched = r->in && r->in->suffix && strlen(r->in->suffix) == alen &&
							  !strncmp(r->in->suffix, atom, alen);
					else if (language)
						matched = r->in && r->in->language && strlen(r->in->language) == alen &&
							  !strncmp(r->in->language, atom, alen);
					else if (!is_function)
						matched = switch_matches(r, atom, alen, starred);
					if (matched != negated) {
						disj_matched = 1;
						d_atom = atom, d_len = alen, d_esc = esc;
					}
				}
			}
			if (*p == ':') {
				p = brace_body(r, p + 1, d_atom, d_len, disj_starred, disj_matched && !n_way_matched,
					       whole);
				if (!p)
					goto out;
				if (*p == ';') {
					n_way = 1;
					n_way_matched |= disj_matched;
					disj_matched = 0;
					disj_starred = 1;
					d_atom = NULL, d_len = 0;
				}
			}
			break;
		default:
			goto invalid;
		}
	} while (*p++ != '}');
	ret = p;
	goto out;
invalid:
	fail(r, "braced spec %s is invalid at %s", diag_q(whole), diag_qf("%c", *p));
out:
	if (d_esc && d_esc != esc)
		free(d_esc);
	free(esc);
	return ret;
}

/* --- the expansion ------------------------------------------------------- */

/* %g %u %U %j %| %m: the suffix at *P ([.0-9A-Za-z]*, then %O), and a
 * temporary name for it (or the -save-temps name). */
static int temp_name(struct spec_run *r, const char **pp, int c)
{
	const char *p = *pp, *sfx = p;
	while (*p == '.' || isalnum((unsigned char)*p))
		p++;
	char *suffix = xstrndup(sfx, (size_t)(p - sfx));
	if (p[0] == '%' && p[1] == 'O') {
		p += 2;
		if (*p == '.' || isalnum((unsigned char)*p)) {
			free(suffix);
			return fail(r, "spec %s has invalid %s", diag_q(sfx), diag_qf("%%O%c", *p));
		}
		char *s = xasprintf("%s%s", suffix, r->object_suffix ? r->object_suffix : ".o");
		free(suffix);
		suffix = s;
	}
	*pp = p;
	if (r->compare_debug_second) {
		char *s = xasprintf(".gk%s", suffix);
		free(suffix);
		suffix = s;
	}
	if (r->save_temps && r->in) {
		/* the dump name: dumpdir, then the aux base (or the input's
		 * base), then the suffix; not when that is the input itself */
		const struct spec_input *in = r->in;
		const char *sx = suffix;
		if (*sx && !in->outbase && !in->base_len)
			sx++;
		char *name = xasprintf("%s%.*s%s", in->dumpdir ? in->dumpdir : "",
				       in->outbase ? (int)strlen(in->outbase) : (int)in->base_len,
				       in->outbase ? in->outbase : in->base, sx);
		int same = !strcmp(name, in->name) || file_same(in->name, name);
		if (!same) {
			grow_str(r, name);
			free(name);
			free(suffix);
			r->delete_this = 0;
			return 0;
		}
		free(name);
	}
	int unique = c == 'u' || c == 'U' || c == 'j';
	struct spec_temp *t = r->temps;
	while (t && !(t->unique == unique && !strcmp(t->suffix, suffix)))
		t = t->next;
	if (!t || c == 'u' || c == 'j') {
		if (!r->ops || !r->ops->make_temp) {
			free(suffix);
			return fail(r, "%%%c: no temporary files here", c);
		}
		if (!t) {
			t = xcalloc(1, sizeof *t);
			t->next = r->temps;
			r->temps = t;
		} else {
			free(t->suffix);
			free(t->name);
		}
		t->suffix = xstrdup(suffix);
		t->unique = unique;
		t->name = r->ops->make_temp(r->arg, suffix);
	}
	free(suffix);
	grow_str(r, t->name);
	r->delete_this = 1;
	return 0;
}

/* %e and %n: the text to the end of the line */
static const char *message(const char **pp)
{
	const char *q = *pp, *p = q;
	while (*p && *p != '\n')
		p++;
	*pp = p;
	return xstrndup(q, (size_t)(p - q));
}

static int expand_named(struct spec_run *r, const char *name)
{
	const char *body = spec_get(r->specs, name);
	return body ? expand(r, body, 0, NULL) : 0;
}

static int expand_list(struct spec_run *r, const struct strvec *list)
{
	for (size_t i = 0; list && i < list->n; i++)
		if (expand(r, list->v[i], 1, NULL) < 0 || expand(r, " ", 0, NULL) < 0)
			return -1;
	return 0;
}

static int store_all(struct spec_run *r, const struct strvec *v)
{
	end_word(r);
	for (size_t i = 0; i < v->n; i++)
		store(r, xstrdup(v->v[i]), 0, 0);
	return 0;
}

/* The letters that stand for a named spec: %1 is %(cc1), and so on. */
static const struct {
	char letter;
	const char *name;
} named_letters[] = {
	{ '1', "cc1" }, { '2', "cc1plus" }, { 'a', "asm" },	   { 'A', "asm_final" }, { 'C', "cpp" },
	{ 'E', "endfile" }, { 'l', "link" }, { 'L', "lib" }, { 'G', "libgcc" },    { 'S', "startfile" },
};

static int percent(struct spec_run *r, const char **pp, const char *spec, const char *soft)
{
	const char *p = *pp;
	int c = *p++;
	*pp = p;
	const struct spec_input *in = r->in;
	if (c == 'C' && r->cpp_spec) /* the compiler row's cpp spec */
		return expand(r, r->cpp_spec, 0, NULL);
	for (size_t k = 0; k < sizeof named_letters / sizeof *named_letters; k++)
		if (c == named_letters[k].letter)
			return expand_named(r, named_letters[k].name);
	switch (c) {
	case 0:
		return fail(r, "spec %s invalid", diag_q(spec));
	case 'b':
	case 'B':
		if (!in)
			return fail(r, "%%%c in a spec without an input file", c);
		if (!r->output_this && in->dumpdir)
			grow_str(r, in->dumpdir);
		if (r->output_this || !in->outbase)
			grow(r, in->base, in->base_len);
		else
			grow_str(r, in->outbase);
		if (r->compare_debug_second)
			grow_str(r, ".gk");
		if (c == 'B')
			grow_str(r, in->base + in->base_len);
		r->word_going = 1;
		return 0;
	case 'd':
		r->delete_this = 2;
		return 0;
	case 'D':
	case 'I': {
		if (!r->ops || !r->ops->paths)
			return fail(r, "%%%c: no search paths here", c);
		struct strvec v = { 0 };
		r->ops->paths(r->arg, c, &v);
		store_all(r, &v);
		for (size_t i = 0; i < v.n; i++)
			free(v.v[i]);
		strvec_free(&v);
		return 0;
	}
	case 'e': {
		char *text = (char *)message(pp);
		diag(DIAG_ERROR, "%s", text);
		fail(r, "%s", text);
		r->error_given = 1;
		free(text);
		return -1;
	}
	case 'n': {
		char *text = (char *)message(pp);
		diag(DIAG_NOTE, "%s", text);
		free(text);
		if (**pp)
			++*pp;
		return 0;
	}
	case 'j': {
		struct stat st;
		if (!r->save_temps && r->bit_bucket && stat(r->bit_bucket, &st) == 0 && !S_ISDIR(st.st_mode) &&
		    access(r->bit_bucket, W_OK) == 0) {
			while (**pp == '.' || isalnum((unsigned char)**pp))
				++*pp;
			grow_str(r, r->bit_bucket);
			r->delete_this = 0;
			return 0;
		}
		return temp_name(r, pp, c);
	}
	case '|':
	case 'm':
		if (r->use_pipes) {
			while (**pp == '.' || isalnum((unsigned char)**pp))
				++*pp;
			if ((*pp)[0] == '%' && (*pp)[1] == 'O')
				*pp += 2;
			if (c == '|') {
				grow_str(r, "-");
				r->delete_this = 0;
			}
			return 0;
		}
		return temp_name(r, pp, c);
	case 'g':
	case 'u':
	case 'U':
		return temp_name(r, pp, c);
	case 'i':
		if (!in)
			return fail(r, "%%i in a spec without an input file");
		if (in->nnames) {
			/* a combinable compiler's inputs: in an @file when one
			 * was given */
			end_word(r);
			size_t from = r->cur.n;
			for (size_t k = 0; k < in->nnames; k++)
				store(r, xstrdup(in->names[k]), 0, 0);
			at_file_close(r, from);
			return 0;
		}
		grow_str(r, in->name);
		return 0;
	case 'o': {
		if (!r->ops || !r->ops->outputs)
			return fail(r, "%%o: no output files here");
		struct strvec v = { 0 };
		r->ops->outputs(r->arg, &v);
		end_word(r);
		size_t from = r->cur.n;
		store_all(r, &v);
		at_file_close(r, from);
		for (size_t i = 0; i < v.n; i++)
			free(v.v[i]);
		strvec_free(&v);
		return 0;
	}
	case 'O':
		grow_str(r, r->object_suffix ? r->object_suffix : ".o");
		return 0;
	case 's':
		r->library_this = 1;
		return 0;
	case 'T':
		r->script_this = 1;
		return 0;
	case 'V':
		if (r->ops && r->ops->set_output)
			r->ops->set_output(r->arg, NULL);
		return 0;
	case 'w':
		r->output_this = 1;
		return 0;
	case 'W':
	case '@': {
		if (*p != '{')
			return fail(r, "spec %s has invalid %s", diag_q(spec), diag_qf("%%%c%c", c, *p));
		size_t from = r->cur.n;
		if (c == '@')
			end_word(r), from = r->cur.n;
		const char *e = handle_braces(r, p + 1);
		if (!e)
			return -1;
		*pp = e;
		end_word(r);
		if (c == '@')
			at_file_close(r, from);
		else if (r->cur.n != from)
			r->cur.args[r->cur.n - 1].flags |= SPEC_ARG_FAILURE;
		return 0;
	}
	case 'x': {
		if (*p != '{')
			return fail(r, "spec %s has invalid %s", diag_q(spec), diag_qf("%%x%c", *p));
		const char *close = strchr(p, '}');
		if (!close)
			return fail(r, "spec %s invalid", diag_q(spec));
		char *opt = xstrndup(p + 1, (size_t)(close - p - 1));
		*pp = close + 1;
		if (r->linker_options && strvec_contains(r->linker_options, opt)) {
			/* gcc returns from the whole spec here: what follows
			 * a repeated %x{} is not processed */
			free(opt);
			*pp += strlen(*pp);
			return 0;
		}
		if (r->linker_options)
			strvec_push(r->linker_options, opt);
		else
			free(opt);
		return 0;
	}
	case 'X':
		return expand_list(r, r->linker_options);
	case 'Y':
		return expand_list(r, r->assembler_options);
	case 'Z':
		return expand_list(r, r->preprocessor_options);
	case 'M':
	case 'R': {
		const char *v = r->ops && r->ops->value ? r->ops->value(r->arg, c) : NULL;
		if (c == 'M' && !v)
			v = ".";
		if (v)
			grow_str(r, v);
		return 0;
	}
	case '{': {
		const char *e = handle_braces(r, p);
		if (!e)
			return -1;
		*pp = e;
		return 0;
	}
	case ':': {
		const char *e = handle_function(r, p, NULL, soft);
		if (!e)
			return -1;
		*pp = e;
		return 0;
	}
	case '%':
		grow_str(r, "%");
		return 0;
	case '.': {
		size_t n = 0;
		while (p[n] && p[n] != ' ' && p[n] != '%')
			n++;
		char *subst = xstrndup(p - 1, n + 1);
		strvec_push(&r->owned, subst);
		r->suffix_subst = subst;
		*pp = p + n;
		return 0;
	}
	case '<':
	case '>': {
		size_t n = 0;
		while (p[n] && p[n] != ' ' && p[n] != '\t')
			n++;
		int wild = n && p[n - 1] == '*';
		unsigned mark = SPEC_SW_SPEC_REMOVED | SPEC_SW_IGNORE | (c == '>' ? SPEC_SW_KEEP_FOR_GCC : 0);
		for (size_t i = 0; i < r->nsw; i++)
			if (!strncmp(r->sw[i].part1, p, n - (size_t)wild) && (wild || r->sw[i].part1[n] == '\0')) {
				r->sw[i].live |= mark;
				if (r->sw[i].known)
					r->sw[i].validated = 1;
			}
		*pp = p + n;
		return 0;
	}
	case '*':
		if (!soft) {
			diag(DIAG_ERROR, "spec failure: %s has not been initialized by pattern match", diag_q("%*"));
			return 0;
		}
		if (soft[0] && expand(r, soft, 1, NULL) < 0)
			return -1;
		return *p == '\0' || *p == '}' ? expand(r, " ", 0, NULL) : 0;
	case '(': {
		const char *close = strchr(p, ')');
		size_t n = close ? (size_t)(close - p) : strlen(p);
		const struct spec_def *d = find_def(r->specs, p, n);
		*pp = p + n + (close != NULL);
		return d ? expand(r, d->body, 0, NULL) : 0;
	}
	case '"':
		end_word(r);
		r->word_going = 1;
		end_word(r);
		return 0;
	default:
		return fail(r, "spec failure: unrecognized spec option %s", diag_qf("%c", c));
	}
}

static int expand(struct spec_run *r, const char *spec, int inswitch, const char *soft)
{
	if (inswitch && !*spec)
		r->word_going = 1;
	for (const char *p = spec; *p;) {
		int c = (unsigned char)*p++;
		if (inswitch) {
			grow(r, p - 1, 1);
			continue;
		}
		switch (c) {
		case '\n':
			end_word(r);
			if (last_is_bar(r)) {
				if (r->use_pipes)
					break; /* the next command reads this one's output */
				pop_last(r);
			}
			end_command(r);
			reset_marks(r);
			break;
		case '|':
			end_word(r);
			grow(r, "|", 1);
			break;
		case ' ':
		case '\t':
			end_word(r);
			reset_marks(r);
			break;
		case '%':
			if (percent(r, &p, spec, soft) < 0)
				return -1;
			break;
		case '\\':
			if (*p)
				grow(r, p++, 1);
			break;
		default:
			grow(r, p - 1, 1);
		}
	}
	if (r->in_function)
		end_word(r);
	return 0;
}

int spec_expand(struct spec_run *r, const char *spec)
{
	reset_marks(r);
	r->suffix_subst = NULL;
	int v = expand(r, spec, 0, NULL);
	end_word(r);
	if (v == 0) {
		if (last_is_bar(r))
			pop_last(r);
		end_command(r);
	}
	return v;
}

static int expand_words(struct spec_run *r, const char *spec, const char *soft, struct strvec *out)
{
	/* a context of its own: the caller's argument, command and marks
	 * wait until the words are made */
	struct spec_cmd saved = r->cur;
	char *word = r->word;
	size_t wlen = r->wlen, wcap = r->wcap;
	int going = r->word_going, del = r->delete_this, outp = r->output_this, lib = r->library_this,
	    scr = r->script_this;
	const char *subst = r->suffix_subst;
	r->cur = (struct spec_cmd){ 0 };
	r->word = NULL, r->wlen = r->wcap = 0, r->word_going = 0;
	reset_marks(r);
	r->suffix_subst = NULL;
	r->in_function++;
	int v = expand(r, spec, 0, soft);
	end_word(r);
	r->in_function--;
	for (size_t i = 0; i < r->cur.n; i++)
		strvec_push(out, r->cur.args[i].text);
	free(r->cur.args);
	free(r->word);
	r->cur = saved;
	r->word = word, r->wlen = wlen, r->wcap = wcap, r->word_going = going;
	r->delete_this = del, r->output_this = outp, r->library_this = lib, r->script_this = scr;
	r->suffix_subst = subst;
	return v;
}

int spec_expand_words(struct spec_run *r, const char *spec, struct strvec *out)
{
	return expand_words(r, spec, NULL, out);
}

void spec_run_free(struct spec_run *r)
{
	for (size_t i = 0; i < r->owned.n; i++)
		free(r->owned.v[i]);
	strvec_free(&r->owned);
	for (size_t i = 0; i < r->ncmds; i++) {
		for (size_t j = 0; j < r->cmds[i].n; j++)
			free(r->cmds[i].args[j].text);
		free(r->cmds[i].args);
	}
	free(r->cmds);
	for (size_t j = 0; j < r->cur.n; j++)
		free(r->cur.args[j].text);
	free(r->cur.args);
	free(r->word);
	free(r->error);
	while (r->temps) {
		struct spec_temp *t = r->temps;
		r->temps = t->next;
		free(t->suffix);
		free(t->name);
		free(t);
	}
	r->cmds = NULL, r->ncmds = r->ccap = 0, r->cur = (struct spec_cmd){ 0 };
	r->word = NULL, r->error = NULL;
}

/* --- validating switches ------------------------------------------------ */

static int validate_char(int c) { return isalnum(c) || c == '_' || strchr("-+=,.@", c) != NULL; }

static const char *skip_white(const char *p)
{
	while (*p == ' ' || *p == '\t')
		p++;
	return p;
}

/* gcc's validate_switches: the switch test that starts at P (after
 * "%{", "%W{", "%@{" or "%<"); with BRACED the alternatives after '|'
 * and '&', the bodies after ':' up to ';' or '}' (their own tests
 * too), and the tests after ';'.  Where the end of it is. */
static const char *validate_test(const char *p, struct spec_switch *sw, size_t n, int user, int leak, int braced)
{
	int suffix = 0, starred = 0;
	for (;;) {
		/* GCC 13 fixed the leak: before it a '.' or '*' of one
		 * alternative held for the rest of the test */
		if (!leak)
			suffix = starred = 0;
		p = skip_white(p);
		if (*p == '!')
			p++;
		p = skip_white(p);
		if (*p == '.' || *p == ',')
			suffix = 1, p++;
		const char *atom = p;
		while (*p && validate_char((unsigned char)*p))
			p++;
		size_t len = (size_t)(p - atom);
		if (*p == '*')
			starred = 1, p++;
		p = skip_white(p);
		for (size_t i = 0; !suffix && i < n; i++)
			if (prefix_match(sw[i].part1, atom, len, starred) && (sw[i].known || user))
				sw[i].validated = 1;
		if (!braced)
			return p;
		if (*p)
			p++;
		if (*p && (p[-1] == '|' || p[-1] == '&'))
			continue;
		if (!*p || p[-1] != ':')
			return p;
		while (*p && *p != ';' && *p != '}') {
			if (*p++ != '%')
				continue;
			if (*p == '{' || *p == '<')
				p = validate_test(p + 1, sw, n, user, leak, *p == '{');
			else if ((p[0] == 'W' || p[0] == '@') && p[1] == '{')
				p = validate_test(p + 2, sw, n, user, leak, 1);
		}
		if (*p)
			p++;
		if (!*p || p[-1] != ';')
			return p;
	}
}

void spec_validate(const char *spec, struct spec_switch *sw, size_t n, int user, int leak)
{
	for (const char *p = spec; p && *p;) {
		if (*p++ != '%')
			continue;
		if (*p == 'W' || *p == '@') {
			if (p[1] != '{') {
				p++;
				continue;
			}
			p++;
		}
		if (*p == '{' || *p == '<')
			p = validate_test(p + 1, sw, n, user, leak, *p == '{');
	}
}
