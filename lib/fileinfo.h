/* What kind of file a path names: the stat(2) checks the driver,
 * collect2 and the backend's search lists all make. */
#ifndef XGCC_FILEINFO_H
#define XGCC_FILEINFO_H

int file_is_dir(const char *path);
int file_is_regular(const char *path);
/* A regular file we may execute. */
int file_is_exec(const char *path);
/* Anything but a directory (what gcc's file search accepts). */
int file_is_nondir(const char *path);

/* The directory of the running program (/proc/self/exe, else ARGV0
 * resolved; "." when neither works), malloc'd. */
char *self_directory(const char *argv0);

#endif
