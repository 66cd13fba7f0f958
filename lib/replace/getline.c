/* getline(3), for hosts without it (configure: AC_REPLACE_FUNCS). */
#include "config.h"

#include <stdio.h>

ssize_t getline(char **line, size_t *cap, FILE *f) { return getdelim(line, cap, '\n', f); }
