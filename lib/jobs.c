/* placeholder until the jobserver lands: serial */
#include "config.h"
#include "jobs.h"
#include "diag.h"
#include <stdlib.h>
struct jobs { int n; };
struct jobs *jobs_open(const char *spec) { struct jobs *j = xcalloc(1, sizeof *j); j->n = spec && atoi(spec) > 0 ? atoi(spec) : 2; return j; }
int jobs_limit(const struct jobs *j) { return j->n; }
int jobs_uses_jobserver(const struct jobs *j) { (void)j; return 0; }
int jobs_run(struct jobs *j, char **const *argvs, const char *const *names, size_t n)
{ (void)j; for (size_t i = 0; i < n; i++) if (spawn_run(argvs[i], names[i], 0)) return 1; return 0; }
void jobs_close(struct jobs *j) { free(j); }
