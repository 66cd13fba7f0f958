/* A growable, NULL-terminated vector of strings: an argv under
 * construction.  The vector does not own its strings: strvec_free frees
 * the array, not them. */
#ifndef XGCC_STRVEC_H
#define XGCC_STRVEC_H

#include <stddef.h>
#include <stdio.h>

struct strvec {
	char **v;
	size_t n, cap;
};

void strvec_push(struct strvec *sv, const char *s);
void strvec_pushf(struct strvec *sv, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Insert S before position AT (0 <= AT <= n); remove the string at AT. */
void strvec_insert(struct strvec *sv, size_t at, const char *s);
void strvec_remove(struct strvec *sv, size_t at);
void strvec_extend(struct strvec *sv, const struct strvec *from);
/* Split S at SEP and push each non-empty piece (copied). */
void strvec_split(struct strvec *sv, const char *s, int sep);
int strvec_contains(const struct strvec *sv, const char *s);
/* Push every line of the file PATH (without its newline; empty lines
 * too).  0, or -1 with errno set when it cannot be read. */
int strvec_read_lines(struct strvec *sv, const char *path);
/* The same for records that end in DELIM: '\0' for lists of file names,
 * which may hold any other byte. */
int strvec_read_records(struct strvec *sv, const char *path, int delim);
/* The strings joined by SEP, malloc'd ("" for none). */
char *strvec_join(const struct strvec *sv, int sep);
/* The words on one line of F, as traces show a command. */
void strvec_print(const struct strvec *sv, FILE *f);
void strvec_free(struct strvec *sv);

#endif
