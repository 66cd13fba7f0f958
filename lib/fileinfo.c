/* File kinds; see fileinfo.h. */
#include "config.h"

#include "fileinfo.h"

#include <sys/stat.h>
#include <unistd.h>

int file_is_dir(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

int file_is_regular(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

int file_is_exec(const char *path)
{
	return file_is_regular(path) && access(path, X_OK) == 0;
}

int file_is_nondir(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 && !S_ISDIR(st.st_mode);
}
