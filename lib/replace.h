/* Declarations of the functions configure found missing on the host
 * (AC_REPLACE_FUNCS: lib/replace/FUNC.c, built only then).  Included at the end
 * of config.h. */
#ifndef XGCC_REPLACE_H
#define XGCC_REPLACE_H

#include <stddef.h>
#include <stdio.h>
#include <sys/types.h>

#if !HAVE_GETDELIM
ssize_t getdelim(char **line, size_t *cap, int delim, FILE *f);
#endif
#if !HAVE_GETLINE
ssize_t getline(char **line, size_t *cap, FILE *f);
#endif
#if !HAVE_MEMMEM
void *memmem(const void *hay, size_t hlen, const void *needle, size_t nlen);
#endif
#if !HAVE_STRNDUP
char *strndup(const char *s, size_t n);
#endif
#if !HAVE_SETENV
int setenv(const char *name, const char *value, int overwrite);
#endif
#if !HAVE_UNSETENV
int unsetenv(const char *name);
#endif
#if !HAVE_OPEN_MEMSTREAM
/* its stream's fclose fills in the buffer: lib/replace/open_memstream.c */
FILE *open_memstream(char **buf, size_t *len);
int xgcc_fclose(FILE *f);
#define fclose xgcc_fclose
#endif
#if !HAVE_EXPLICIT_BZERO
void explicit_bzero(void *p, size_t n);
#endif
/* fnmatch with FLAGS 0 (lib/replace/fnmatch.c where the host has none) */
#if HAVE_FNMATCH_H
#include <fnmatch.h>
#else
int fnmatch(const char *pattern, const char *name, int flags);
#endif

#endif
