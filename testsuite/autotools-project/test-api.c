/* Checks the library's functions directly; exit status 0 on success. */
#include <stdio.h>
#include <string.h>
#include "calc.h"

static int failures;

static void check(int ok, const char *what)
{
	if (!ok) {
		printf("FAIL: %s\n", what);
		failures++;
	}
}

int main(void)
{
	char buf[64];

	check(calc_add(2, 40) == 42, "calc_add");
	check(calc_mul(-3, 5) == -15, "calc_mul");
	check(calc_fact(10) == 3628800, "calc_fact");
	check(calc_format(buf, sizeof buf, 4, '*', 5) == 10, "calc_format length");
	check(strcmp(buf, "4 * 5 = 20") == 0, "calc_format text");
	check(strcmp(calc_linkage(), "shared") == 0, "linked to the shared library");
	return failures != 0;
}
