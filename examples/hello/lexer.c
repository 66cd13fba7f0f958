/* lexer.c - turns an expression string into tokens. */
#include <ctype.h>
#include "calc.h"

void lexer_init(struct lexer *lx, const char *src)
{
    lx->src = src;
    lx->pos = src;
    lexer_next(lx);
}

void lexer_next(struct lexer *lx)
{
    while (isspace((unsigned char)*lx->pos))
        lx->pos++;

    char c = *lx->pos;
    if (c == '\0') {
        lx->cur.kind = TOK_END;
        return;
    }
    if (isdigit((unsigned char)c)) {
        long v = 0;
        while (isdigit((unsigned char)*lx->pos))
            v = v * 10 + (*lx->pos++ - '0');
        lx->cur.kind = TOK_NUM;
        lx->cur.value = v;
        return;
    }
    lx->pos++;
    switch (c) {
    case '+': lx->cur.kind = TOK_PLUS; break;
    case '-': lx->cur.kind = TOK_MINUS; break;
    case '*': lx->cur.kind = TOK_STAR; break;
    case '/': lx->cur.kind = TOK_SLASH; break;
    case '%': lx->cur.kind = TOK_PERCENT; break;
    case '(': lx->cur.kind = TOK_LPAREN; break;
    case ')': lx->cur.kind = TOK_RPAREN; break;
    default:  lx->cur.kind = TOK_ERROR; break;
    }
}
