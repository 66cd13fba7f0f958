// count-functions: a tiny GCC plugin for plugin.bats.  It counts the
// function definitions the front end parses and, when the compilation
// finishes, prints "PREFIX: N functions" to stderr, where PREFIX is
// "count-functions" unless -fplugin-arg-count-functions-prefix=VALUE
// says otherwise.
#include "gcc-plugin.h"
#include "plugin-version.h"

#include <cstdio>
#include <cstring>

int plugin_is_GPL_compatible;

static int nfunctions;
static const char *prefix = "count-functions";

static void finish_parse_function(void *, void *)
{
	nfunctions++;
}

static void finish(void *, void *)
{
	fprintf(stderr, "%s: %d function%s\n", prefix, nfunctions, nfunctions == 1 ? "" : "s");
}

int plugin_init(struct plugin_name_args *info, struct plugin_gcc_version *version)
{
	if (!plugin_default_version_check(version, &gcc_version)) {
		fprintf(stderr, "count-functions: built for another GCC\n");
		return 1;
	}
	for (int i = 0; i < info->argc; i++) {
		if (strcmp(info->argv[i].key, "prefix") == 0 && info->argv[i].value) {
			prefix = info->argv[i].value;
		} else {
			fprintf(stderr, "count-functions: unknown argument '%s'\n", info->argv[i].key);
			return 1;
		}
	}
	register_callback(info->base_name, PLUGIN_FINISH_PARSE_FUNCTION, finish_parse_function, NULL);
	register_callback(info->base_name, PLUGIN_FINISH, finish, NULL);
	return 0;
}
