#include <stdio.h>
#include "calc.h"

int calc_format(char *buf, unsigned long size, long a, char op, long b)
{
	long r = op == '*' ? calc_mul(a, b) : calc_add(a, b);
	return snprintf(buf, size, "%ld %c %ld = %ld", a, op, b, r);
}

const char *calc_linkage(void)
{
#ifdef PIC
	return "shared";
#else
	return "static";
#endif
}
