/* memmem(3), for hosts without it (configure: AC_REPLACE_FUNCS). */
#include "config.h"

#include <string.h>

void *memmem(const void *hay, size_t hlen, const void *needle, size_t nlen)
{
	const char *h = hay;
	if (nlen == 0)
		return (void *)h;
	for (size_t i = 0; i + nlen <= hlen; i++)
		if (h[i] == *(const char *)needle && memcmp(h + i, needle, nlen) == 0)
			return (void *)(h + i);
	return NULL;
}
