/* Which excess-precision semantics was this file compiled with?
 *
 * On x87 (FLT_EVAL_METHOD 2) 1.0 + 2^-60 is exact in long double but
 * rounds to 1.0 in double.  Prints, or returns, one word:
 *   none      a + b is evaluated in double: no excess precision at all
 *             (SSE arithmetic);
 *   standard  the expression keeps its excess precision, but assignment
 *             to a double and a cast to double both round it away
 *             (-fexcess-precision=standard, C99 5.2.4.2.2);
 *   fast      the excess precision survives assignment and cast, since
 *             the value stays in an x87 register
 *             (-fexcess-precision=fast at -O2);
 *   mixed     anything else.
 * The operands are volatile so that nothing is folded at compile time;
 * each read of a is a separate load, so even -ffast-math cannot cancel
 * a against itself.  Compile with -O2 so that fast keeps t in a register.
 * Plain C90, so that -ansi accepts it; valid C++ too.
 *
 * With -DEXCESS_FUNCTION=NAME it defines const char *NAME(void) instead
 * of main, so that two units compiled in different modes can be linked
 * together (see lto-main.c).
 */
#include <stdio.h>

/* 2^-60, written in decimal (exactly) so that C90 accepts it */
static volatile double a = 1.0;
static volatile double b = 8.67361737988403547205962240695953369140625e-19;

#ifdef EXCESS_FUNCTION
#ifdef __cplusplus
extern "C"
#endif
const char *EXCESS_FUNCTION(void);
const char *EXCESS_FUNCTION(void)
#else
static const char *excess_mode(void)
#endif
{
	int expr_excess = a + b != a;      /* one expression: excess kept? */
	double t = a + b;                  /* rounded on assignment? */
	int assign_rounds = t == a;
	int cast_rounds = (double)(a + b) == a; /* rounded by the cast? */

	if (!expr_excess)
		return "none";
	if (assign_rounds && cast_rounds)
		return "standard";
	if (!assign_rounds && !cast_rounds)
		return "fast";
	return "mixed";
}

#ifndef EXCESS_FUNCTION
int main(void)
{
	puts(excess_mode());
	return 0;
}
#endif
