#include <stdio.h>
#include <stdlib.h>
#include "calc.h"

int main(int argc, char **argv)
{
	char buf[64];
	long a = argc > 1 ? atol(argv[1]) : 2;
	long b = argc > 2 ? atol(argv[2]) : 3;

	calc_format(buf, sizeof buf, a, '+', b);
	puts(buf);
	calc_format(buf, sizeof buf, a, '*', b);
	puts(buf);
	printf("%ld! = %ld\n", a, calc_fact((int)a));
	printf("linkage: %s\n", calc_linkage());
	return 0;
}
