/* What kind of file a path names: the stat(2) checks the driver,
 * collect2 and the backend's search lists all make. */
#ifndef XGCC_FILEINFO_H
#define XGCC_FILEINFO_H

#include <sys/types.h>

int file_is_dir(const char *path);
int file_is_regular(const char *path);
/* A regular file we may execute. */
int file_is_exec(const char *path);
/* Anything we may read, directories included: what gcc's search for
 * %s, %:find-file and -print-file-name= accepts (find_a_file with
 * R_OK), so that -print-file-name=include names gcc's directory. */
int file_is_readable(const char *path);
/* A and B name the same file (its identity, host_file_id), whatever
 * their spelling and links. */
int file_same(const char *a, const char *b);

struct strvec;
/* DIR/NAME for the first of DIRS (a directory with or without its
 * trailing '/') where OK accepts it, malloc'd; NULL when none does. */
char *file_in_dirs(const struct strvec *dirs, const char *name, int (*ok)(const char *));

/* DIR and its missing parents (these with mode 0777); DIR itself with
 * mode LAST; both less the umask.  An existing one is fine: 0, or -1
 * with errno set. */
int file_mkdirs(const char *dir, mode_t last);

/* The name a program goes by, for what its name chooses (xg++, a
 * TRIPLET-xgcc, xgcc-nm): ARGV0's last component without the host's
 * suffix of executables (".exe" on Windows, any case), malloc'd. */
char *file_program_name(const char *argv0);
/* PATH's last component: what follows its last directory separator. */
const char *file_base_name(const char *path);
/* The suffix of PATH's last component, with its dot ("" for none; a
 * name that only starts with a dot has none). */
const char *file_suffix(const char *path);
/* PATH without that suffix, malloc'd. */
char *file_strip_suffix(const char *path);

/* The whole file PATH in *DATA (malloc'd, with a NUL after it), its size
 * in *SIZE: 0, or -1 with errno set. */
int file_read_all(const char *path, char **data, size_t *size);

/* The directory of the running program (/proc/self/exe, else ARGV0
 * resolved; "." when neither works), malloc'd. */
char *self_directory(const char *argv0);

#endif
