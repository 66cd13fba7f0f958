/* explicit_bzero(3), for hosts without it (configure: AC_REPLACE_FUNCS):
 * the stores go through a volatile pointer, which the compiler may not
 * drop as dead. */
#include "config.h"

#include <stddef.h>

void explicit_bzero(void *p, size_t n)
{
	volatile unsigned char *b = p;
	while (n--)
		*b++ = 0;
}
