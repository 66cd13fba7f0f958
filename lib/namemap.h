/* A map from names (symbol names) to small non-zero integers: open
 * addressing with linear probing, grown at half full.  Keys are not
 * copied: they must outlive the map. */
#ifndef XGCC_NAMEMAP_H
#define XGCC_NAMEMAP_H

#include <stddef.h>

struct namemap {
	const char **keys;
	size_t *vals;
	size_t cap, n;
};

/* The value of NAME, 0 when absent. */
size_t namemap_get(const struct namemap *m, const char *name);
/* Set NAME's value (VAL != 0). */
void namemap_put(struct namemap *m, const char *name, size_t val);
void namemap_free(struct namemap *m);

#endif
