/* lto1: xgcc's link-time stage.
 *
 * It will read the .gnu.lto_* sections of the link's LTO objects, merge
 * their options, compute symbol resolution and run the backend's WPA and
 * LTRANS.  Until then it answers --version and --list (list.c), and
 * refuses to run as a link stage, so that nobody mistakes it for one.
 */
#include "config.h"

#include "lto1.h"
#include "diag.h"

#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
	diag_init(argv[0]);
	if (argc > 1 && strcmp(argv[1], "--version") == 0) {
		printf("lto1 (xgcc %s)\n", PACKAGE_VERSION);
		return 0;
	}
	if (argc > 1 && strcmp(argv[1], "--list") == 0) {
		if (argc < 3)
			fatal("--list needs at least one file");
		return lto_list(argc - 2, argv + 2);
	}
	fatal("the LTO stage is not implemented yet in this xgcc");
}
