/* The backend's specs, as xgcc has them.
 *
 * gcc's behaviour is data: its option table and its specs, the named spec
 * strings -dumpspecs prints (driver/spec.c reads and runs that language).
 * xgcc takes them from the backend when it is configured (lib/backend.h,
 * build-aux/probe-backend) and makes one edit, its documented difference:
 * the link runs xgcc's collect2 and link-time stage, which need no linker
 * plugin, so *link_command loses the block that gives ld -plugin and its
 * -plugin-opt= options (%{!fno-use-linker-plugin:%{!fno-lto:...}}).
 * Everything else is the backend's, body for body.
 *
 * -specs=FILE reads spec files over them, as gcc does.  xgcc's command
 * lines are still built by code that follows the backend's specs, so a
 * file's change is taken where xgcc knows its place: what it appends
 * ("*name:" then "+ TEXT", or "%rename name old_name" and "*name:
 * %(old_name) TEXT") to *self_spec (switches added after the command
 * line's), *cc1_options, *link and *asm is expanded by the interpreter
 * under the switches and put there; any other change is an error that
 * names the file and the spec, never a change silently ignored.  This is
 * what the distributions' hardening files do (Debian's dpkg no-pie
 * specs, Fedora's redhat-hardened-cc1 and -ld).
 */
#include "config.h"

#include "driver.h"
#include "diag.h"
#include "spec.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Remove from S the %{...} that starts with PREFIX (braces balanced). */
static void remove_block(char *s, const char *prefix)
{
	char *at = s ? strstr(s, prefix) : NULL;
	if (!at)
		return;
	int depth = 0;
	char *p = at;
	for (; *p; p++) {
		if (p[0] == '%' && p[1] == '{')
			depth++, p++;
		else if (*p == '{')
			depth++;
		else if (*p == '}' && --depth == 0)
			break;
	}
	if (*p)
		memmove(at, p + 1, strlen(p + 1) + 1);
}

void driver_specs(struct spec_set *s)
{
	char *err = NULL;
	if (spec_read_text(s, "the backend's specs", backend_current()->specs, 1, 0, NULL, NULL, 0, &err) < 0)
		fatal("%s", err);
	s->sealed = 1;
	remove_block(s->link_command, "%{!fno-use-linker-plugin:");
}

void dump_specs(void)
{
	struct spec_set s = { 0 };
	driver_specs(&s);
	spec_dump(&s, stdout);
	spec_set_free(&s);
}

static const char *const point_names[] = { "self_spec", "cc1_options", "link", "asm" };

/* What NOW adds to WAS: NOW is "WAS TEXT" ('+ ' appended), or
 * "%(OTHER) TEXT" where OTHER now holds WAS (the %rename pattern).  NULL
 * when NOW is no such extension. */
static char *added_text(const struct spec_set *s, const char *was, const char *now)
{
	size_t n = strlen(was);
	if (!strncmp(now, was, n))
		return xstrdup(now + n);
	if (now[0] == '%' && now[1] == '(') {
		const char *close = strchr(now, ')');
		if (close) {
			char *other = xstrndup(now + 2, (size_t)(close - now - 2));
			const char *body = spec_get(s, other);
			int same = body && !strcmp(body, was);
			free(other);
			if (same)
				return xasprintf(" %s", close + 1);
		}
	}
	return NULL;
}

static char *find_spec_file(void *arg, const char *name)
{
	const struct driver *d = arg;
	char *path = find_file(d, name);
	if (access(path, R_OK) == 0)
		return path;
	free(path);
	return NULL;
}

void read_user_specs(struct driver *d)
{
	int any = 0;
	for (size_t i = 0; i < d->nopts; i++)
		any |= d->opts[i].id == OPT_specs;
	if (!any)
		return;
	struct spec_set *s = xcalloc(1, sizeof *s), base = { 0 };
	driver_specs(s);
	driver_specs(&base);
	for (size_t i = 0; i < d->nopts; i++) {
		if (d->opts[i].id != OPT_specs)
			continue;
		/* gcc looks for it among the startfile directories first */
		char *found = find_spec_file(d, d->opts[i].arg);
		char *err = NULL;
		if (spec_read_file(s, found ? found : d->opts[i].arg, 0, 1, find_spec_file, d, 0, &err) < 0) {
			/* -v and -### have said this much when gcc stops */
			if (d->verbose || d->dry_run) {
				fprintf(stderr, "Using built-in specs.\n");
				for (size_t k = 0; k < s->said.n; k++)
					fprintf(stderr, "%s\n", s->said.v[k]);
			}
			fatal("%s", err);
		}
		free(found);
	}
	for (size_t i = 0; i < s->n; i++) {
		const char *name = s->defs[i].name, *was = spec_get(&base, name);
		if (was && !strcmp(was, s->defs[i].body))
			continue;
		if (!was && !s->defs[i].user)
			continue;
		int p = -1;
		for (int k = 0; k < 4; k++)
			if (!strcmp(name, point_names[k]))
				p = k;
		/* a spec of the files' own is used only through the others */
		if (!was)
			continue;
		char *text = added_text(s, was, s->defs[i].body);
		if (p < 0 || !text) {
			diag(DIAG_ERROR, "-specs=: xgcc cannot take this change of the spec %s: it takes text "
			     "added to *self_spec, *cc1_options, *link and *asm", diag_q(name));
			free(text);
			continue;
		}
		d->spec_added[p] = text;
	}
	/* a renamed spec is new and the original emptied: that is fine when
	 * the original was rebuilt from it above */
	spec_set_free(&base);
	d->specs = s;
	if (!d->spec_added[SPEC_SELF])
		return;
	struct strvec words = { 0 };
	push_spec_added(d, SPEC_SELF, &words);
	/* decoded as one command line, whose pruning keeps the last of
	 * identical switches (gcc's prune_options) */
	size_t keep = 0;
	for (size_t i = 0; i < words.n; i++) {
		int later = 0;
		for (size_t j = i + 1; j < words.n && !later; j++)
			later = !strcmp(words.v[i], words.v[j]);
		if (!later)
			words.v[keep++] = words.v[i];
	}
	words.n = keep;
	if (!keep) {
		strvec_free(&words);
		return;
	}
	words.v[keep] = NULL;
	size_t first = d->nopts;
	char *text = strvec_join(&words, ' ');
	add_options_from_text(d, text);
	for (size_t i = first; i < d->nopts; i++)
		d->opts[i].self_spec = 2;
	free(text);
	strvec_free(&words);
}

static char *spec_find_file(void *arg, const char *name) { return find_file(arg, name); }

void push_spec_added(const struct driver *d, enum spec_point p, struct strvec *out)
{
	static const struct spec_ops ops = { .find_file = spec_find_file };
	const char *text = d->spec_added[p];
	if (!text)
		return;
	struct spec_switch *sw = xcalloc(d->nopts + 1, sizeof *sw);
	size_t n = 0;
	for (size_t i = 0; i < d->nopts; i++) {
		const struct opt *o = &d->opts[i];
		if (o->elided || o->word[0] != '-')
			continue;
		sw[n].part1 = o->word + 1;
		if (o->arg && optdefs[o->id].arg == ARG_SEP) {
			const char **args = xcalloc(2, sizeof *args);
			args[0] = o->arg;
			sw[n].args = args;
		}
		sw[n].known = 1;
		n++;
	}
	struct spec_run r = { .specs = d->specs, .sw = sw, .nsw = n, .object_suffix = ".o", .ops = &ops,
			      .arg = (void *)d };
	if (spec_expand_words(&r, text, out) < 0 && r.error)
		diag(DIAG_ERROR, "%s", r.error);
	spec_run_free(&r);
	free(sw);
}
