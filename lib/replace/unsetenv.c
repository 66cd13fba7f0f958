/* unsetenv(3), for hosts without it (configure: AC_REPLACE_FUNCS): an
 * empty value through _putenv_s removes the variable there. */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

int unsetenv(const char *name)
{
	if (!name || !*name || strchr(name, '=')) {
		errno = EINVAL;
		return -1;
	}
	return _putenv_s(name, "") == 0 ? 0 : -1;
}
