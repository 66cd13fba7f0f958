/* main.c - evaluates a built-in list of expressions and prints the results.
 * Reads no input and takes no arguments, so its output is deterministic. */
#include <stdio.h>
#include "calc.h"

static const char *const exprs[] = {
    "1 + 2 * 3",
    "(1 + 2) * 3",
    "100 / 7",
    "100 % 7",
    "-(4 - 10) * 2",
    "2 * (3 + 4) * (5 - 1)",
    "((((42))))",
    "7 / (3 - 3)",
    "5 + * 2",
};

int main(void)
{
    size_t n = sizeof exprs / sizeof exprs[0];
    int ok = 0;
    long sum = 0;

    for (size_t i = 0; i < n; i++) {
        long v;
        const char *err;
        if (calc_eval(exprs[i], &v, &err) == 0) {
            printf("%-24s = %ld\n", exprs[i], v);
            sum += v;
            ok++;
        } else {
            printf("%-24s : error: %s\n", exprs[i], err);
        }
    }
    printf("evaluated %d of %zu expressions, sum of results = %ld\n",
           ok, n, sum);
    return 0;
}
