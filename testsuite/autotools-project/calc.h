#ifndef CALC_H
#define CALC_H

#ifdef __cplusplus
extern "C" {
#endif

long calc_add(long a, long b);
long calc_mul(long a, long b);
long calc_fact(int n);
/* Write "A OP B = R" into BUF; returns the length, as snprintf. */
int calc_format(char *buf, unsigned long size, long a, char op, long b);
/* "shared" or "static": which build of the library is in use. */
const char *calc_linkage(void);

#ifdef __cplusplus
}
#endif

#endif
