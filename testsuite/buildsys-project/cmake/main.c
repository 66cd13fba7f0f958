#include "shapes.h"
#include <stdio.h>

int main(void)
{
	long v[] = { 1, 2, 3 };
	printf("area %ld sum %ld\n", shape_area(6, 7), shape_scaled_sum(v, 3, 10));
	return 0;
}
