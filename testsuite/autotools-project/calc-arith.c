#include "calc.h"

long calc_add(long a, long b) { return a + b; }

long calc_mul(long a, long b) { return a * b; }

long calc_fact(int n)
{
	long r = 1;
	while (n > 1)
		r = calc_mul(r, n--);
	return r;
}
