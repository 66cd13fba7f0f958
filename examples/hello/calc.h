/* calc.h - tiny integer expression calculator (xgcc example). */
#ifndef CALC_H
#define CALC_H

enum tok_kind { TOK_NUM, TOK_PLUS, TOK_MINUS, TOK_STAR, TOK_SLASH,
                TOK_PERCENT, TOK_LPAREN, TOK_RPAREN, TOK_END, TOK_ERROR };

struct token {
    enum tok_kind kind;
    long value;                 /* valid when kind == TOK_NUM */
};

struct lexer {
    const char *src;
    const char *pos;
    struct token cur;           /* current (look-ahead) token */
};

/* lexer.c */
void lexer_init(struct lexer *lx, const char *src);
void lexer_next(struct lexer *lx);

/* eval.c: returns 0 on success and stores the result, -1 on error. */
int calc_eval(const char *expr, long *result, const char **errmsg);

#endif /* CALC_H */
