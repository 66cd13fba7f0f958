/* Building a plan: the steps of the run as data (see driver.h).
 *
 * Planning reads the resolved struct driver and writes only the plan and
 * the planner.  Messages met while planning (an excess precision note, an
 * option the assembler cannot take) are taken from diag() while the
 * planner is active and given by the run when it gets to the step they
 * belong to, so that they come out where they came out when each input
 * was planned and run in turn.
 */
#include "config.h"

#include "driver.h"
#include "diag.h"
#include "respfile.h"
#include "spec.h"

#include <stdlib.h>
#include <string.h>

static void take_note(enum diag_kind kind, char *text, void *arg)
{
	struct planner *pl = arg;
	pl->notes = xrealloc(pl->notes, (pl->nnotes + 1) * sizeof *pl->notes);
	pl->notes[pl->nnotes++] = (struct note){ kind, text, pl->noutputs };
}

void plan_start(struct planner *pl, struct plan *p, const struct driver *d)
{
	*pl = (struct planner){ .d = d, .plan = p };
	*p = (struct plan){ .show = d->verbose || d->dry_run, .dry_run = d->dry_run,
			    .time_report = d->time_report, .wrapper = &d->wrapper,
			    .errors_before = diag_error_count() };
	p->objects = xcalloc(d->ninputs, sizeof *p->objects);
	p->object_no_ir = xcalloc(d->ninputs, sizeof *p->object_no_ir);
	pl->done = xcalloc(d->ninputs, 1);
	diag_set_sink(take_note, pl);
}

void plan_finish(struct planner *pl)
{
	diag_set_sink(NULL, NULL);
	free(pl->done);
	free(pl->removed);
	pl->done = NULL;
}

struct command *plan_step(struct planner *pl, enum tool tool, const char *name)
{
	struct plan *p = pl->plan;
	if (p->n == p->cap) {
		p->cap = p->cap ? 2 * p->cap : 16;
		p->cmds = xrealloc(p->cmds, p->cap * sizeof *p->cmds);
	}
	struct command *c = &p->cmds[p->n++];
	*c = (struct command){ .job = pl->job, .tool = tool, .name = name };
	return c;
}

char *plan_at_file(struct planner *pl, const char *base, char *const *args, size_t n)
{
	const struct driver *d = pl->d;
	if (d->save_temps == SAVE_NONE)
		return xasprintf("@%s", respfile_write(args, n));
	/* gcc's make_at_file: BASE, else the dumpbase, the dumpdir, "a";
	 * ".args.N", without the '.' after the dash a dumpdir ends in */
	int dash = 0;
	if (!base) {
		base = d->dumpbase && *d->dumpbase ? d->dumpbase : d->dumpdir && *d->dumpdir ? d->dumpdir : "a";
		dash = base == d->dumpdir && base[strlen(base) - 1] == '-';
	}
	char *kept = xasprintf("%s%sargs.%d", base, dash ? "" : ".", pl->at_files++);
	respfile_write_to(kept, args, n);
	char *at = xasprintf("@%s", kept);
	free(kept);
	return at;
}

void plan_output(struct planner *pl, const char *path)
{
	pl->outputs = xrealloc(pl->outputs, (pl->noutputs + 1) * sizeof *pl->outputs);
	pl->outputs[pl->noutputs++] = path;
}

void plan_end_group(struct planner *pl, int stop_on_errors)
{
	struct plan *p = pl->plan;
	if (pl->group == p->n) {
		/* nothing to run: a step for the messages (and the check) */
		plan_step(pl, TOOL_NONE, "");
	}
	struct command *first = &p->cmds[pl->group];
	first->notes = pl->notes;
	first->nnotes = pl->nnotes;
	first->outputs = pl->outputs;
	first->noutputs = pl->noutputs;
	first->stop_on_errors = stop_on_errors;
	pl->notes = NULL;
	pl->nnotes = 0;
	pl->outputs = NULL;
	pl->noutputs = 0;
	pl->group = p->n;
}

void plan_collect_options(struct planner *pl, const struct driver *d, int for_link)
{
	char *s = collect_options(d, for_link, pl->dumps_taken, pl->removed, pl->nremoved);
	for (size_t i = pl->group; i < pl->plan->n; i++)
		pl->plan->cmds[i].collect_options = s;
}

void plan_note_removed(struct planner *pl, const struct spec_switch *sw, size_t n)
{
	if (n > pl->nremoved) {
		pl->removed = xrealloc(pl->removed, n * sizeof *pl->removed);
		memset(pl->removed + pl->nremoved, 0, (n - pl->nremoved) * sizeof *pl->removed);
		pl->nremoved = n;
	}
	for (size_t i = 0; i < n; i++)
		if (sw[i].live & SPEC_SW_SPEC_REMOVED)
			pl->removed[i] = sw[i].live;
}

void plan_apply_removed(const struct planner *pl, struct spec_switch *sw, size_t n)
{
	for (size_t i = 0; i < n && i < pl->nremoved; i++)
		if (pl->removed[i])
			sw[i].live = pl->removed[i]; /* whether it was live, too (gcc's live_cond) */
}

/* The group's last step, and the messages met from MARK on, as a group
 * of their own: gcc reports what is wrong with the assembler's command
 * line (mingw-w64's -gz=zlib) after the compiler has run. */
void plan_split_last_step(struct planner *pl, size_t mark)
{
	struct plan *p = pl->plan;
	size_t last = p->n - 1, n = pl->nnotes - mark;
	struct note *later = xmalloc(n * sizeof *later);
	for (size_t i = 0; i < n; i++)
		later[i] = (struct note){ pl->notes[mark + i].kind, pl->notes[mark + i].text, 0 };
	pl->nnotes = mark;
	p->n = last; /* the groups before it end without it */
	plan_collect_options(pl, pl->d, 0);
	plan_end_group(pl, 1);
	p->n = last + 1;
	pl->group = last;
	pl->notes = later;
	pl->nnotes = n;
}
