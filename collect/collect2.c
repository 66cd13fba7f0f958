/* collect2: the link step that the driver runs.
 *
 * gcc's driver never runs ld itself: it runs collect2 with the final link
 * line, and collect2 runs ld.  xgcc keeps that shape so that its LTO stage
 * can sit between the two without a linker plugin.  collect2 takes out
 * the options meant for it (-flto*, -fno-lto, -fuse-ld=), reads the rest
 * as ld will (ldargs.c), scans the inputs for LTO IR and selects the
 * archive members the link pulls in (scan.c), and runs ld once, through a
 * response file when it was given one itself.  ld and nm are found the
 * way GCC's collect2 finds ld: COMPILER_PATH, then PATH.
 *
 * Until the LTO stage exists, a slim LTO input (IR only) stops the link
 * with a clear error instead of ld's "plugin needed to handle lto object";
 * fat ones link through their ordinary code, with a warning when -flto
 * asked for more.
 */
#include "config.h"

#include "diag.h"
#include "fileinfo.h"
#include "inputs.h"
#include "respfile.h"
#include "process.h"
#include "strvec.h"
#include "target.h"
#include "tempfile.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *find_tool(const char *name)
{
	struct strvec dirs = { 0 };
	strvec_split(&dirs, getenv("COMPILER_PATH"), ':');
	for (size_t i = 0; i < dirs.n; i++) {
		char *p = xasprintf("%s/%s", dirs.v[i], name);
		if (file_is_exec(p))
			return p;
		free(p);
	}
	return xstrdup(name); /* PATH */
}

/* What the scan found: with -v one line per LTO input; with
 * XGCC_COLLECT2_TRACE=1 also every archive member pulled, in the form of
 * * ld -t -t ("(ARCHIVE)MEMBER").  Then the verdict on LTO. */
static void report_lto(const struct link *l)
{
	int trace = getenv("XGCC_COLLECT2_TRACE") != NULL;
	const char *slim_path = NULL, *fat_path = NULL;
	for (size_t i = 0; i < l->ninputs; i++) {
		const struct input *in = &l->inputs[i];
		if (in->lto) {
			if (l->verbose || trace)
				fprintf(stderr, "collect2: LTO input: %s (%s)\n", in->path, in->slim ? "slim" : "fat");
			if (in->slim && !slim_path)
				slim_path = in->path;
			if (!in->slim && !fat_path)
				fat_path = in->path;
		}
		for (size_t m = 0; m < in->nmembers; m++) {
			const struct member *mem = &in->members[m];
			if (!mem->pulled)
				continue;
			if (trace)
				fprintf(stderr, "collect2: pulled (%s)%s at %s\n", in->path, mem->m.name, mem->path);
			if (!mem->lto)
				continue;
			if (l->verbose || trace)
				fprintf(stderr, "collect2: LTO input: %s (%s, member %s)\n", mem->path,
					mem->slim ? "slim" : "fat", mem->m.name);
			if (mem->slim && !slim_path)
				slim_path = mem->path;
			if (!mem->slim && !fat_path)
				fat_path = mem->path;
		}
	}
	if (slim_path)
		fatal("%s: slim LTO object, but this xgcc has no LTO stage yet (its lto1 is not "
		      "implemented); compile with -ffat-lto-objects, or without -flto", slim_path);
	if (fat_path && l->lto_requested)
		diag(DIAG_WARNING, "%s: LTO object linked through its ordinary code: this xgcc has no "
		     "LTO stage yet", fat_path);
}

int main(int argc, char **argv)
{
	diag_init(argv[0]);
	temp_init();

	struct strvec args = { 0 };
	int nresp = respfile_expand(argc - 1, argv + 1, &args);
	if (nresp < 0)
		return 1;

	const char *ld_name = "ld";
	int verbose = 0, lto_flag = 0;
	struct strvec ld_args = { 0 };
	for (size_t i = 0; i < args.n; i++) {
		const char *a = args.v[i];
		if (strcmp(a, "-flto") == 0 || strncmp(a, "-flto=", 6) == 0) {
			lto_flag = 1;
			continue;
		}
		if (strcmp(a, "-fno-lto") == 0) {
			lto_flag = 0;
			continue;
		}
		if (strncmp(a, "-fuse-ld=", 9) == 0) {
			ld_name = xasprintf("ld.%s", a + 9);
			continue;
		}
		if (strcmp(a, "--collect2-verbose") == 0) {
			verbose = 1;
			continue;
		}
		strvec_push(&ld_args, a);
	}
	if (getenv("COLLECT_VERBOSE"))
		verbose = 1;

	struct link l = { 0 };
	/* the driver's target; a cross driver names it in XGCC_TARGET */
	const char *triplet = getenv("XGCC_TARGET");
	l.target = target_find(triplet && *triplet ? triplet : TARGET_TRIPLET);
	if (!l.target)
		fatal("target %s is not supported", triplet ? triplet : TARGET_TRIPLET);
	l.ld = find_tool(xasprintf("%s%s", l.target->tool_prefix, ld_name));
	l.nm = find_tool(xasprintf("%snm", l.target->tool_prefix));
	l.args = ld_args;
	l.lto_requested = lto_flag;
	l.verbose = verbose;
	link_read_args(&l);
	link_scan(&l);
	report_lto(&l);

	struct strvec cmd = { 0 };
	strvec_push(&cmd, (char *)l.ld);
	if (nresp > 0 && ld_args.n)
		strvec_pushf(&cmd, "@%s", respfile_write(ld_args.v, ld_args.n));
	else
		strvec_extend(&cmd, &ld_args);
	if (getenv("XGCC_COLLECT2_TRACE")) {
		for (size_t i = 0; i < cmd.n; i++)
			fprintf(stderr, "%s%s", i ? " " : "", cmd.v[i]);
		fputc('\n', stderr);
	}
	int status = spawn_run(cmd.v, "ld", 0);
	if (status > 0 && status < 128)
		diag(DIAG_ERROR, "ld returned %d exit status", status);
	return status ? 1 : 0;
}
