/* lto1: xgcc's link-time stage.  (being written) */
#include "config.h"

#include "lto1.h"
#include "diag.h"
#include "tempfile.h"

#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
	diag_init(argv[0]);
	temp_init();
	if (argc > 1 && strcmp(argv[1], "--version") == 0) {
		printf("lto1 (xgcc %s)\n", PACKAGE_VERSION);
		return 0;
	}
	if (argc > 1 && strcmp(argv[1], "--list") == 0) {
		if (argc < 3)
			fatal("--list needs at least one file");
		return lto_list(argc - 2, argv + 2);
	}
	if (argc > 2 && strcmp(argv[1], "--merge-options") == 0)
		return lto_merge_options_main(argc - 2, argv + 2);
	/* lto1 --merge -o OUT INPUT...: the LTO object of "xgcc -flto -r" */
	if (argc > 4 && strcmp(argv[1], "--merge") == 0 && strcmp(argv[2], "-o") == 0)
		return lto_merge_objects(argv + 4, (size_t)argc - 4, argv[3]);
	fatal("the LTO stage is not implemented yet in this xgcc");
}
