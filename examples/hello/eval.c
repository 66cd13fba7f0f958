/* eval.c - recursive-descent parser and evaluator.
 *
 *   expr   := term { ('+' | '-') term }
 *   term   := unary { ('*' | '/' | '%') unary }
 *   unary  := '-' unary | primary
 *   primary:= NUMBER | '(' expr ')'
 */
#include <stddef.h>
#include "calc.h"

struct parser {
    struct lexer lx;
    const char *err;            /* first error seen, NULL if none */
};

static long parse_expr(struct parser *p);

static void fail(struct parser *p, const char *msg)
{
    if (p->err == NULL)
        p->err = msg;
}

static long parse_primary(struct parser *p)
{
    struct token t = p->lx.cur;
    if (t.kind == TOK_NUM) {
        lexer_next(&p->lx);
        return t.value;
    }
    if (t.kind == TOK_LPAREN) {
        lexer_next(&p->lx);
        long v = parse_expr(p);
        if (p->lx.cur.kind != TOK_RPAREN)
            fail(p, "expected ')'");
        else
            lexer_next(&p->lx);
        return v;
    }
    fail(p, "expected a number or '('");
    return 0;
}

static long parse_unary(struct parser *p)
{
    if (p->lx.cur.kind == TOK_MINUS) {
        lexer_next(&p->lx);
        return -parse_unary(p);
    }
    return parse_primary(p);
}

static long parse_term(struct parser *p)
{
    long v = parse_unary(p);
    for (;;) {
        enum tok_kind k = p->lx.cur.kind;
        if (k != TOK_STAR && k != TOK_SLASH && k != TOK_PERCENT)
            return v;
        lexer_next(&p->lx);
        long r = parse_unary(p);
        if (k == TOK_STAR) {
            v *= r;
        } else if (r == 0) {
            fail(p, "division by zero");
            return 0;
        } else {
            v = (k == TOK_SLASH) ? v / r : v % r;
        }
    }
}

static long parse_expr(struct parser *p)
{
    long v = parse_term(p);
    while (p->lx.cur.kind == TOK_PLUS || p->lx.cur.kind == TOK_MINUS) {
        enum tok_kind k = p->lx.cur.kind;
        lexer_next(&p->lx);
        long r = parse_term(p);
        v = (k == TOK_PLUS) ? v + r : v - r;
    }
    return v;
}

int calc_eval(const char *expr, long *result, const char **errmsg)
{
    struct parser p = { .err = NULL };
    lexer_init(&p.lx, expr);
    long v = parse_expr(&p);
    if (p.err == NULL && p.lx.cur.kind != TOK_END)
        fail(&p, "unexpected trailing input");
    if (p.err != NULL) {
        *errmsg = p.err;
        return -1;
    }
    *result = v;
    return 0;
}
