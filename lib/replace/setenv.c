/* setenv(3), for hosts without it (configure: AC_REPLACE_FUNCS):
 * through the Microsoft C runtime's _putenv_s. */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

int setenv(const char *name, const char *value, int overwrite)
{
	if (!name || !*name || strchr(name, '=')) {
		errno = EINVAL;
		return -1;
	}
	if (!overwrite && getenv(name))
		return 0;
	return _putenv_s(name, value) == 0 ? 0 : -1;
}
