/* Name map; see namemap.h. */
#include "config.h"

#include "namemap.h"
#include "diag.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static size_t hash(const char *s)
{
	uint64_t h = 1469598103934665603u; /* FNV-1a */
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211u;
	return (size_t)h;
}

static size_t find(const struct namemap *m, const char *name)
{
	size_t i = hash(name) & (m->cap - 1);
	while (m->keys[i] && strcmp(m->keys[i], name) != 0)
		i = (i + 1) & (m->cap - 1);
	return i;
}

size_t namemap_get(const struct namemap *m, const char *name)
{
	if (!m->cap)
		return 0;
	size_t i = find(m, name);
	return m->keys[i] ? m->vals[i] : 0;
}

void namemap_put(struct namemap *m, const char *name, size_t val)
{
	if (2 * (m->n + 1) > m->cap) {
		struct namemap big = { 0 };
		big.cap = m->cap ? 2 * m->cap : 1024;
		big.keys = xcalloc(big.cap, sizeof *big.keys);
		big.vals = xcalloc(big.cap, sizeof *big.vals);
		for (size_t i = 0; i < m->cap; i++)
			if (m->keys[i]) {
				size_t j = find(&big, m->keys[i]);
				big.keys[j] = m->keys[i];
				big.vals[j] = m->vals[i];
			}
		big.n = m->n;
		free(m->keys);
		free(m->vals);
		*m = big;
	}
	size_t i = find(m, name);
	if (!m->keys[i]) {
		m->keys[i] = name;
		m->n++;
	}
	m->vals[i] = val;
}

void namemap_free(struct namemap *m)
{
	free(m->keys);
	free(m->vals);
	memset(m, 0, sizeof *m);
}
