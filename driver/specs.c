/* The backend's specs, as xgcc has them.
 *
 * gcc's behaviour is data: its option table and its specs, the named spec
 * strings -dumpspecs prints (driver/spec.c reads and runs that language).
 * xgcc takes them from the backend when it is configured (lib/backend.h,
 * build-aux/probe-backend) and makes its documented edits: the link runs
 * xgcc's collect2 and link-time stage, which need no linker plugin, so
 * *link_command loses the block that gives ld -plugin and its -plugin-opt=
 * options (%{!fno-use-linker-plugin:%{!fno-lto:...}}).  Everything else
 * is the backend's, body for body: an -flto object is gcc's to the byte
 * (until 2026-12-07 *invoke_as also gave the assembler a file defining
 * the marker __gnu_lto_v1, which GCC 12 no longer emits; collect2 finds
 * LTO objects by their sections).
 *
 * -specs=FILE reads spec files over them, as gcc does, and every command
 * comes from the specs as the files leave them.  The switches of
 * *self_spec are decoded as options (gcc's do_self_spec).
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

/* gcc reads the -specs= files before it picks the multilib
 * (set_up_specs): they are looked for as the default multilib's. */
static char *find_spec_file(void *arg, const char *name)
{
	struct driver d = *(const struct driver *)arg;
	d.ml = &backend_current()->multilibs[0];
	char *path = find_file(&d, name);
	if (access(path, R_OK) == 0)
		return path;
	free(path);
	return NULL;
}

static void read_spec_files(struct driver *d, struct spec_set *s);

void read_user_specs(struct driver *d)
{
	struct spec_set *s = xcalloc(1, sizeof *s);
	driver_specs(s);
	d->specs = s;
	read_spec_files(d, s);
	/* gcc passes a system root to the linker: %(sysroot_spec) before
	 * *link (HAVE_LD_SYSROOT), the --sysroot= or the one it was
	 * configured with (Debian's cross GCCs: --with-sysroot=/) */
	if (*driver_sysroot(d)) {
		char *link = xasprintf("%%(sysroot_spec) %s", spec_get(s, "link") ? spec_get(s, "link") : "");
		spec_set(s, "link", link, 0);
		free(link);
	}
}

/* The -specs= files over S, and the switches their *self_spec adds. */
static void read_spec_files(struct driver *d, struct spec_set *s)
{
	int any = 0;
	for (size_t i = 0; i < d->nopts; i++)
		any |= opt_is(&d->opts[i], "-specs=");
	if (!any)
		return;

	for (size_t i = 0; i < d->nopts; i++) {
		if (!opt_is(&d->opts[i], "-specs="))
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
	/* the commands come from the specs as they are now; the switches
	 * of *self_spec (the backend's is empty: gcc's own self specs are
	 * compiled in, not specs) are the driver's to decode */
	const char *self = spec_get(s, "self_spec");
	if (self && *self)
		d->self_spec_text = xstrdup(self);
	if (!d->self_spec_text)
		return;
	struct strvec words = { 0 };
	run_self_spec(d, d->self_spec_text, &words);
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
	add_self_spec_options(d, &words, 2);
	strvec_free(&words);
}

void add_self_spec_options(struct driver *d, const struct strvec *words, int mark)
{
	if (!words->n)
		return;
	size_t first = d->nopts;
	add_options_from_words(d, words);
	for (size_t i = first; i < d->nopts; i++)
		d->opts[i].self_spec = mark;
}

static char *spec_find_file(void *arg, const char *name) { return find_file(arg, name); }

void run_self_spec(struct driver *d, const char *text, struct strvec *out)
{
	static const struct spec_ops ops = { .find_file = spec_find_file };
	if (!text)
		return;
	struct spec_switch *sw = xcalloc(d->nopts + 1, sizeof *sw);
	size_t *opt_of = xcalloc(d->nopts + 1, sizeof *opt_of), n = 0;
	for (size_t i = 0; i < d->nopts; i++) {
		const struct opt *o = &d->opts[i];
		if (o->elided || o->word[0] != '-')
			continue;
		opt_of[n] = i;
		sw[n].part1 = o->word + 1;
		if (o->separate) {
			const char **args = xcalloc(2, sizeof *args);
			args[0] = o->arg;
			sw[n].args = args;
		}
		sw[n].known = !o->unknown;
		n++;
	}
	struct spec_run r = { .specs = d->specs, .sw = sw, .nsw = n, .object_suffix = ".o", .ops = &ops,
			      .arg = (void *)d };
	if (spec_expand_words(&r, text, out) < 0 && r.error)
		diag(DIAG_ERROR, "%s", r.error);
	for (size_t k = 0; k < n; k++)
		if (sw[k].live & SPEC_SW_SPEC_REMOVED)
			d->opts[opt_of[k]].elided = 1;
	spec_run_free(&r);
	free(sw);
	free(opt_of);
}
