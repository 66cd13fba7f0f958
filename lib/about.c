/* --version and --help texts; see about.h. */
#include "config.h"

#include "about.h"
#include "diag.h"

#include <stdio.h>

void about_version(const char *package, const char *version)
{
	printf("%s (%s) %s\n", diag_progname(), package, version);
	printf("Copyright (C) 2026 the xgcc authors.\n"
	       "This is free software; see the source for copying conditions.  There is NO\n"
	       "warranty; not even for MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE.\n");
}

void about_help_footer(void)
{
	printf("\nReport bugs to: %s\n", PACKAGE_BUGREPORT[0] ? PACKAGE_BUGREPORT
	       : "the xgcc issue tracker (see README.md)");
}
