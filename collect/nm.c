/* nm, for the archive members whose format the object layer does not read.
 *
 * collect2 finds the LTO markers __gnu_lto_v1 (xgcc, GCC 4.5) and
 * __gnu_lto_slim (GCC 12's slim objects), with the target's symbol prefix
 * ("___gnu_lto_v1" on i386 COFF), in the symbol tables of the ELF and
 * PE-COFF objects that the object layer reads (scan.c), as nm shows them:
 * every symbol but section and file symbols, local ones too.  An archive
 * member in another format (one of binutils' other formats, such as
 * symbolsrec, LLVM bitcode, text) is left to the target's nm, run once
 * over all such members of the link, each copied out of its archive to
 * a file of its own (a thin archive's member is its file), so that each
 * line nm prints names the one member it comes from.  Until 2026-12-07
 * nm ran over the whole archive and a line was taken for the first
 * member of its name: binutils 2.46 and later load the LTO plugins of
 * bfd-plugins even with --target=default (2.45 and earlier did not), and
 * GCC's plugin shows an LTO object's IR symbols, not its marker, so an
 * ELF member's hidden marker gave its line to a namesake in another
 * format, which then went unmarked (scan-paths.bats).  --target=default
 * stays: no one BFD target reads every format, and no plugin claims the
 * formats nm gets now but LLVM's, for bitcode, which has no GCC marker.
 * Such a member with a marker carries IR that lto1 cannot read: the link
 * stops, as it does for an object with the marker and no .gnu.lto_
 * sections.  Where the target has no nm (the Cygwin rows on a machine
 * without a Cygwin toolchain), those members are taken to hold no IR,
 * which -v says.
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

/* One line of "nm -A -P" output over FILES: mark the member it names
 * when its symbol is an LTO marker.  Lines look like "PATH: NAME TYPE
 * ..." (or "PATH[MEMBER]: ..." for an archive inside an archive, whose
 * markers are the outer member's); anything else is passed over.  A
 * path given twice (a file two thin archives name) marks each of its
 * members. */
void nm_mark_line(const struct link *l, const struct nm_file *files, size_t nfiles, const char *line,
		  int **member_marked)
{
	for (size_t k = 0; k < nfiles; k++) {
		size_t plen = strlen(files[k].path);
		if (strncmp(line, files[k].path, plen) != 0)
			continue;
		const char *rest = line + plen;
		if (*rest == '[') {
			const char *close = strstr(rest, "]: ");
			if (!close)
				continue;
			rest = close + 1;
		}
		if (strncmp(rest, ": ", 2) != 0)
			continue;
		char name[4096];
		int marker;
		if (sscanf(rest + 2, "%4095s", name) == 1 && (marker = link_lto_marker(l, name)))
			member_marked[files[k].input][files[k].member] |= marker;
	}
}

/* The members only nm reads, each in a file of its own: a copy of its
 * bytes, DIR/N for the Nth file (DIR made here on the first, emptied and
 * removed at exit, however many members there are; the caller removes
 * them sooner), or the file a thin archive names. */
static struct nm_file *member_files(const struct link *l, size_t *nfiles, char **dir)
{
	struct nm_file *files = NULL;
	size_t n = 0;
	*dir = NULL;
	for (size_t i = 0; i < l->ninputs; i++) {
		const struct input *in = &l->inputs[i];
		if (!needs_nm(in) || link_same_file_before(l, in))
			continue;
		struct ar_file *a = NULL;
		for (size_t m = 0; m < in->nmembers; m++) {
			const struct member *mem = &in->members[m];
			if (!member_needs_nm(mem))
				continue;
			files = xrealloc(files, (n + 1) * sizeof *files);
			files[n] = (struct nm_file){ .input = i, .member = m };
			if (mem->m.thin_path) {
				files[n++].path = xstrdup(mem->m.thin_path);
				continue;
			}
			char *err = NULL;
			if (!a && !(a = ar_open(in->path, &err)))
				stop("%s", err);
			if (!*dir)
				*dir = temp_make_dir();
			char *path = xasprintf("%s/%zu", *dir, n);
			FILE *f = fopen(path, "wb");
			if (!f || fwrite(ar_member_data(a, m), 1, (size_t)mem->m.size, f) != (size_t)mem->m.size ||
			    fclose(f) != 0)
				fatal("cannot write %s: %s", diag_q(path), strerror(errno));
			files[n].path = path;
			files[n++].temp = 1;
		}
		if (a)
			ar_close(a);
	}
	*nfiles = n;
	return files;
}

/* nm over FILES, its output in OUT (made here).  0 when it ran, -1 when
 * the target has no nm. */
static int run_nm(const struct link *l, const struct nm_file *files, size_t nfiles, char **out)
{
	struct strvec c = { 0 };
	strvec_push(&c, (char *)l->nm);
	strvec_push(&c, "--target=default");
	strvec_push(&c, "-A");
	strvec_push(&c, "-P");
	for (size_t k = 0; k < nfiles; k++)
		strvec_push(&c, (char *)files[k].path);
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
	size_t nfiles;
	char *dir;
	struct nm_file *files = member_files(l, &nfiles, &dir);
	char *out = NULL;
	int ran = nfiles && run_nm(l, files, nfiles, &out) == 0;
	/* the copies are gone now, not at exit: a collect2 killed later
	 * leaves no copy of the link's members in TMPDIR */
	for (size_t k = 0; k < nfiles; k++)
		if (files[k].temp)
			unlink(files[k].path);
	if (dir)
		rmdir(dir);
	int **member_marked = xcalloc(l->ninputs, sizeof *member_marked);
	for (size_t i = 0; i < l->ninputs; i++)
		member_marked[i] = xcalloc(l->inputs[i].nmembers + 1, sizeof **member_marked);
	FILE *f = ran ? fopen(out, "r") : NULL;
	char *line = NULL;
	size_t cap = 0;
	while (f && getline(&line, &cap, f) > 0)
		nm_mark_line(l, files, nfiles, line, member_marked);
	free(line);
	if (f)
		fclose(f);
	/* nor a copy of the link's symbols */
	if (out)
		unlink(out);
	for (size_t k = 0; k < nfiles; k++)
		free((char *)files[k].path);
	free(files);
	for (size_t i = 0; i < l->ninputs; i++) {
		const struct input *in = &l->inputs[i];
		for (size_t m = 0; m < in->nmembers; m++)
			if (member_marked[i][m])
				stop("%s: has the LTO marker but is not an object collect2 can read (ELF or PE-COFF)",
				     in->members[m].path);
		free(member_marked[i]);
	}
	free(member_marked);
}
