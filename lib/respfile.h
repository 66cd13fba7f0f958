/* Response files: "@FILE" arguments.
 *
 * Reading follows libiberty's expandargv, which gcc, collect2 and the
 * binutils share: FILE's contents are split at white space; single and
 * double quotes group, and a backslash takes the next character literally,
 * inside quotes too; an @FILE inside is expanded in turn.  An @FILE that
 * cannot be read stays a literal argument, as in gcc.  Unlike libiberty,
 * an unterminated quote is an error rather than silently closed.
 *
 * Writing quotes every white-space, quote and backslash character with a
 * backslash, so any argument survives the round trip.
 */
#ifndef XGCC_RESPFILE_H
#define XGCC_RESPFILE_H

#include "strvec.h"

/* Expand @FILE arguments of ARGV (argc entries) into OUT.
 * Returns the number of @FILEs expanded, or -1 after an error. */
int respfile_expand(int argc, char **argv, struct strvec *out);
/* Parse the text of one response file into OUT; -1 on an unterminated
 * quote, whose offset in TEXT goes to *BAD_QUOTE. */
int respfile_parse(const char *text, size_t len, struct strvec *out, size_t *bad_quote);
/* Write ARGS to a new temporary response file; returns its path. */
char *respfile_write(char *const *args, size_t n);
/* The same into PATH (a file that is kept: -save-temps). */
void respfile_write_to(const char *path, char *const *args, size_t n);
/* When the arguments of CMD from FIRST on would make too long a command
 * line (a few thousand long paths: the kernel refuses the exec with
 * E2BIG), move them to a response file: CMD then ends in "@FILE".  For
 * programs that read response files as libiberty does (the driver,
 * GCC's programs, the binutils). */
void respfile_fit(struct strvec *cmd, size_t first);

#endif
