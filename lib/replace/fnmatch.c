/* fnmatch(3) with FLAGS 0, for hosts without it (configure:
 * AC_REPLACE_FUNCS): '*' any string, '?' any character, '[...]' a set
 * ('!' or '^' first: its complement; a-z ranges), a backslash the next
 * character itself.  No character is special in a name ('/' and a
 * leading '.' match like any other), as with FLAGS 0. */
#include "config.h"

#include <string.h>

/* The set at P (after its '['), against C: 1 or 0 in *MATCHED, and the
 * pattern after the set; NULL when the set is not closed. */
static const char *set(const char *p, unsigned char c, int *matched)
{
	int neg = *p == '!' || *p == '^', in = 0;
	if (neg)
		p++;
	for (int first = 1; *p && (first || *p != ']'); first = 0) {
		unsigned char lo = (unsigned char)*p, hi;
		if (lo == '\\' && p[1])
			lo = (unsigned char)*++p;
		p++;
		hi = lo;
		if (*p == '-' && p[1] && p[1] != ']') {
			hi = (unsigned char)p[1];
			p += 2;
			if (hi == '\\' && *p)
				hi = (unsigned char)*p++;
		}
		if (c >= lo && c <= hi)
			in = 1;
	}
	if (*p != ']')
		return NULL;
	*matched = in != neg;
	return p + 1;
}

int fnmatch(const char *pattern, const char *name, int flags)
{
	const char *p = pattern, *n = name, *star_p = NULL, *star_n = NULL;
	(void)flags;
	while (*n) {
		int ok = 0;
		const char *next = p + 1;
		if (*p == '*') {
			star_p = ++p, star_n = n;
			continue;
		} else if (*p == '?') {
			ok = 1;
		} else if (*p == '[') {
			const char *after = set(p + 1, (unsigned char)*n, &ok);
			if (after)
				next = after;
			else
				ok = *n == '[';
		} else if (*p == '\\' && p[1]) {
			ok = p[1] == *n;
			next = p + 2;
		} else {
			ok = *p && *p == *n;
		}
		if (ok) {
			p = next, n++;
		} else if (star_p) {
			p = star_p, n = ++star_n;
		} else {
			return 1;
		}
	}
	while (*p == '*')
		p++;
	return *p ? 1 : 0;
}
