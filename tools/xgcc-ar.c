/* xgcc-ar, xgcc-nm, xgcc-ranlib: binutils' archive tools with the LTO plugin.
 *
 * An archive of LTO objects needs a symbol index of the IR symbols (or a
 * link cannot pull its members), and nm should list them; binutils only
 * sees those through a plugin.  Like gcc-ar, these programs run binutils'
 * ar, nm or ranlib with "--plugin P" in front of the arguments, P being
 * the backend GCC's liblto_plugin.so, so that it works whether or not
 * binutils' own plugin directory (/usr/lib/bfd-plugins) holds a copy.  The
 * plugin only reads the IR symbol tables here; xgcc's link stays
 * plugin-free.
 *
 * The program is one binary whose name says what it runs:
 *   [TRIPLET-]xgcc-TOOL     TOOL for TRIPLET (default: the native target)
 *   [TRIPLET-]gcc-TOOL-VER  the names CMake looks for next to the compiler
 * TOOL being ar, nm or ranlib.  As with gcc-ar, leading "-B PREFIX"
 * options name directories searched first for the plugin and the tool
 * (for nm only the joined -BPREFIX: "nm -B" is its BSD format), and a
 * first ar argument without a dash gets one ("rcs" becomes "-rcs"),
 * since ar reads its key letters without the dash only in first place.
 * Without a plugin there is no index of IR symbols to be had: that is an
 * error naming the file looked for.  The exit status is the tool's.
 */
#include "config.h"

#include "about.h"
#include "backend.h"
#include "host.h"
#include "diag.h"
#include "fileinfo.h"
#include "process.h"
#include "strvec.h"
#include "target.h"
#include "tempfile.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const tools[] = { "ar", "nm", "ranlib" };

/* From the program's name: the tool, and the triplet (NULL: native). */
static const char *parse_name(const char *base, char **triplet)
{
	*triplet = NULL;
	for (const char *p = base; (p = strstr(p, "gcc-")); p++) {
		for (size_t i = 0; i < sizeof tools / sizeof *tools; i++) {
			size_t n = strlen(tools[i]);
			const char *after = p + 4 + n;
			if (strncmp(p + 4, tools[i], n) != 0 || (*after && *after != '-'))
				continue;
			const char *end = p > base && p[-1] == 'x' ? p - 1 : p;
			if (end > base && end[-1] == '-')
				*triplet = xstrndup(base, (size_t)(end - base - 1));
			else if (end != base)
				continue;
			return tools[i];
		}
	}
	return NULL;
}

/* TRIPLET's backend GCC's liblto_plugin.so (NULL: no such GCC, or it
 * has none), and the prefix of its binutils.  The plugin sits among the
 * GCC's programs (libexec/gcc/TRIPLET/VERSION, where gcc-ar and the
 * driver look), not always in its library directory.  A configured
 * backend (lib/backend: the native one and those of --enable-targets)
 * knows its program directories; a cross GCC installed since is asked
 * where its lto-wrapper is, which the plugin sits beside (gcc's
 * -print-prog-name= finds only executables). */
/* The plugin's file name: liblto_plugin.so, or .dll on Windows. */
static const char *plugin_name(void)
{
	static char *name;
	if (!name)
		name = xasprintf("liblto_plugin%s", host_facts.shlib_suffix);
	return name;
}

static char *target_plugin(const char *triplet, const char **tool_prefix)
{
	const struct target *t = target_find(triplet ? triplet : backend_triplet());
	if (!t)
		fatal("unknown target %s in my name %s", diag_q(triplet), diag_q(diag_progname()));
	if (!triplet || backend_select(triplet)) {
		*tool_prefix = backend_current() == backends[0] ? "" : t->tool_prefix;
		struct strvec progs = { 0 };
		strvec_split(&progs, backend_programs(), host_facts.path_list_sep);
		return file_in_dirs(&progs, plugin_name(), file_is_regular);
	}
	*tool_prefix = t->tool_prefix;
	char *gcc = xasprintf("%sgcc", t->tool_prefix);
	char *out = temp_make(".txt");
	char *argv[] = { gcc, (char *)"-print-prog-name=lto-wrapper", NULL };
	struct spawn_cmd cmd = { .argv = argv, .name = gcc, .out_path = out, .err_path = host_facts.null_device };
	struct strvec lines = { 0 };
	if (spawn_pipeline(&cmd, 1, 0) || strvec_read_lines(&lines, out) != 0 || lines.n == 0)
		return NULL;
	char *slash = strrchr(lines.v[0], '/');
	if (!slash)
		return NULL; /* gcc prints the bare name when it has no such program */
	*slash = '\0';
	char *plugin = xasprintf("%s/%s", lines.v[0], plugin_name());
	return file_is_regular(plugin) ? plugin : NULL;
}

static void usage(const char *tool)
{
	printf("Usage: %s [-B PREFIX]... %s-ARGUMENTS...\n", diag_progname(), tool);
	printf("Run binutils' %s with the backend GCC's LTO plugin, so that archives of LTO\n"
	       "objects get an index of their IR symbols and nm lists them.\n\n"
	       "Options (before the %s arguments):\n"
	       "  -B PREFIX    Look for liblto_plugin.so and %s in PREFIX first\n"
	       "               (-BPREFIX for nm, whose -B is its BSD format).\n"
	       "  --help       Display this information.\n"
	       "  --version    Display version information.\n"
	       "Everything else is given to %s; \"%s --help\" lists its options.\n",
	       tool, tool, tool, tool, tool);
	about_help_footer();
}

int main(int argc, char **argv)
{
	diag_init(argv[0]);
	temp_init();
	char *triplet;
	const char *tool = parse_name(file_program_name(argv[0]), &triplet);
	if (!tool)
		fatal("cannot tell from my name %s which tool to run "
		      "(xgcc-ar, xgcc-nm, xgcc-ranlib, TRIPLET-xgcc-ar...)",
		      diag_q(diag_progname()));
	if (argc == 2 && strcmp(argv[1], "--help") == 0) {
		usage(tool);
		return 0;
	}

	struct strvec prefixes = { 0 };
	int i = 1;
	for (; i < argc && strncmp(argv[i], "-B", 2) == 0; i++) {
		if (argv[i][2])
			strvec_push(&prefixes, argv[i] + 2);
		else if (strcmp(tool, "nm") == 0)
			break;
		else if (i + 1 < argc)
			strvec_push(&prefixes, argv[++i]);
		else
			fatal("missing argument to %s", diag_q("-B"));
	}

	const char *tool_prefix;
	char *backend_plugin = target_plugin(triplet, &tool_prefix);
	char *plugin = file_in_dirs(&prefixes, plugin_name(), file_is_regular);
	if (!plugin)
		plugin = backend_plugin;
	if (!plugin)
		fatal("cannot find the LTO plugin %s of the backend GCC %s of %s", diag_q(plugin_name()),
		      diag_qf("%sgcc", tool_prefix), triplet ? triplet : backend_triplet());

	/* The tool: in the -B prefixes, the backend's program directories
	 * (a cross GCC's among them: TARGET/bin of its tool directory),
	 * then PATH under the target's prefix, as gcc-ar. */
	char *tool_file = xasprintf("%s%s", tool, host_facts.exe_suffix);
	char *exe = file_in_dirs(&prefixes, tool_file, file_is_exec);
	if (!exe && backend_select(triplet ? triplet : backend_triplet())) {
		struct strvec progs = { 0 };
		strvec_split(&progs, backend_programs(), host_facts.path_list_sep);
		exe = file_in_dirs(&progs, tool_file, file_is_exec);
	}
	if (!exe)
		exe = xasprintf("%s%s", tool_prefix, tool);

	if (argc == 2 && strcmp(argv[1], "--version") == 0) {
		about_version("xgcc", PACKAGE_VERSION);
		printf("It runs %s with the LTO plugin %s.\n", exe, plugin);
		return 0;
	}

	struct strvec args = { 0 };
	strvec_push(&args, exe);
	strvec_push(&args, "--plugin");
	strvec_push(&args, plugin);
	for (int first = i; i < argc; i++) {
		if (i == first && strcmp(tool, "ar") == 0 && argv[i][0] != '-')
			strvec_pushf(&args, "-%s", argv[i]);
		else
			strvec_push(&args, argv[i]);
	}
	return spawn_run(args.v, tool, 0);
}
