/* Programs run by their bare name, found in PATH once per process
 * (progpath.c). */
#ifndef XGCC_PROGPATH_H
#define XGCC_PROGPATH_H

#include <spawn.h>
#include <sys/types.h>

/* posix_spawnp, the same arguments and the same result, FILE's place in
 * PATH being looked up once per process and PATH value. */
int progpath_spawnp(pid_t *pid, const char *file, const posix_spawn_file_actions_t *fa,
		    const posix_spawnattr_t *attr, char *const argv[], char *const envp[]);

#endif
