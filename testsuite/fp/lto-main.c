/* excess-precision.bats, LTO: one unit built with -std=c99, one with
 * -std=gnu99, from excess.c -DEXCESS_FUNCTION=...; prints both modes. */
#include <stdio.h>

const char *mode_c99(void);
const char *mode_gnu99(void);

int main(void)
{
	printf("%s %s\n", mode_c99(), mode_gnu99());
	return 0;
}
