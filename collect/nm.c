/* nm, for the archive members whose format the object layer does not read.
 *
 * collect2 finds the LTO markers __gnu_lto_v1 (xgcc, GCC 4.5) and
 * __gnu_lto_slim (GCC 12's slim objects), with the target's symbol prefix
 * ("___gnu_lto_v1" on i386 COFF), in the symbol tables of the ELF and
 * PE-COFF objects that the object layer reads (scan.c), as nm shows them:
 * every symbol but section and file symbols, local ones too.  An archive
 * member in another format (one of binutils' other formats, such as
 * symbolsrec, LLVM bitcode, text) is left to the target's nm, run once
 * over every archive that has one, with an explicit BFD target
 * (--target=default keeps binutils from loading its LTO plugin and shows
 * the raw symbols).  Such a member with a marker carries IR that lto1
 * cannot read: the link stops, as it does for an object with the marker
 * and no .gnu.lto_ sections.  Where the target has no nm (the Cygwin rows
 * on a machine without a Cygwin toolchain), those members are taken to
 * hold no IR, which -v says.
 */
#include "config.h"

#include "inputs.h"
#include "diag.h"
#include "process.h"
#include "respfile.h"
#include "tempfile.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int member_needs_nm(const struct member *m)
{
	return m->kind == OBJK_OTHER && m->m.size > 0;
}

static int needs_nm(const struct input *in)
{
	for (size_t m = 0; m < in->nmembers; m++)
		if (member_needs_nm(&in->members[m]))
			return 1;
	return 0;
}

/* One line of "nm -A -P" output: mark the input or member it names when
 * its symbol is an LTO marker.  Lines look like "PATH: NAME TYPE ..." or
 * "ARCHIVE[MEMBER]: NAME TYPE ..."; anything else is passed over. */
void nm_mark_line(const struct link *l, const char *line, int *obj_marked, int **member_marked)
{
	for (size_t i = 0; i < l->ninputs; i++) {
		struct input *in = &l->inputs[i];
		size_t plen = strlen(in->path);
		if (strncmp(line, in->path, plen) != 0)
			continue;
		const char *rest = line + plen;
		const char *member = NULL;
		size_t mlen = 0;
		if (*rest == '[') {
			member = rest + 1;
			const char *close = strstr(member, "]: ");
			if (!close)
				continue;
			mlen = (size_t)(close - member);
			rest = close + 1;
		}
		if (strncmp(rest, ": ", 2) != 0)
			continue;
		char name[4096];
		int marker;
		if (sscanf(rest + 2, "%4095s", name) != 1 || !(marker = link_lto_marker(l, name)))
			break;
		if (!member) {
			obj_marked[i] |= marker;
			break;
		}
		/* Members may share a name, and nm shows them in order: the
		 * first member of that name without this marker yet (a member
		 * has each marker once, and an xgcc object both). */
		for (size_t m = 0; m < in->nmembers; m++)
			if (strlen(in->members[m].m.name) == mlen &&
			    strncmp(in->members[m].m.name, member, mlen) == 0 && !(member_marked[i][m] & marker)) {
				member_marked[i][m] |= marker;
				break;
			}
		break;
	}
}

/* nm over the archives with members only nm reads, its output in OUT
 * (made here).  0 when it ran (or there was nothing to run it on), -1
 * when the target has no nm. */
static int run_nm(const struct link *l, char **out)
{
	struct strvec c = { 0 };
	strvec_push(&c, (char *)l->nm);
	strvec_push(&c, "--target=default");
	strvec_push(&c, "-A");
	strvec_push(&c, "-P");
	size_t nfiles = 0;
	for (size_t i = 0; i < l->ninputs; i++)
		if (needs_nm(&l->inputs[i]) && !link_same_file_before(l, &l->inputs[i])) {
			strvec_push(&c, l->inputs[i].path);
			nfiles++;
		}
	*out = NULL;
	if (!nfiles) {
		strvec_free(&c);
		return 0;
	}
	respfile_fit(&c, 4); /* nm reads @FILE: thousands of long paths fit */
	if (l->trace)
		strvec_print(&c, stderr);
	*out = temp_make(".nm");
	struct spawn_cmd cmd = { .argv = c.v, .name = "nm", .out_path = *out, .err_path = "/dev/null" };
	spawn_pipeline(&cmd, 1, 0);
	strvec_free(&c);
	if (cmd.status == -1) {
		if (cmd.exec_errno == ENOENT && *l->target->tool_prefix) {
			if (l->verbose || l->trace)
				fprintf(stderr, "collect2: no %s: the members only nm reads are taken to hold no IR\n",
					l->nm);
			return -1;
		}
		fatal("cannot execute %s: %s", diag_q(l->nm), strerror(cmd.exec_errno));
	}
	/* 1 is a file nm did not recognize, which holds no marker; more, or
	 * a signal (reported by spawn), is nm failing, as in gcc */
	if (cmd.status > 1 && cmd.status < 128)
		fatal("%s returned %d exit status", l->nm, cmd.status);
	if (cmd.status >= 128)
		exit(1);
	return 0;
}

void nm_scan(struct link *l)
{
	char *out;
	if (run_nm(l, &out) < 0 || !out)
		return;
	int *obj_marked = xcalloc(l->ninputs, sizeof *obj_marked);
	int **member_marked = xcalloc(l->ninputs, sizeof *member_marked);
	for (size_t i = 0; i < l->ninputs; i++)
		member_marked[i] = xcalloc(l->inputs[i].nmembers + 1, sizeof **member_marked);
	FILE *f = fopen(out, "r");
	char *line = NULL;
	size_t cap = 0;
	while (f && getline(&line, &cap, f) > 0)
		nm_mark_line(l, line, obj_marked, member_marked);
	free(line);
	if (f)
		fclose(f);
	/* gone now, not at exit: a collect2 killed later leaves no copy of
	 * the link's symbols in TMPDIR */
	unlink(out);
	for (size_t i = 0; i < l->ninputs; i++) {
		const struct input *in = &l->inputs[i];
		for (size_t m = 0; m < in->nmembers; m++)
			if (member_marked[i][m] && member_needs_nm(&in->members[m]))
				stop("%s: has the LTO marker but is not an object collect2 can read (ELF or PE-COFF)",
				     in->members[m].path);
		free(member_marked[i]);
	}
	free(member_marked);
	free(obj_marked);
}
