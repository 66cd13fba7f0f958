/* GCC 11's gcov-io.h includes gcov-iov.h, a file its build generates
 * (GCOV_VERSION, the version of the coverage files) and its plugin
 * headers do not install: Debian's gcc-11-plugin-dev lacks it.  The
 * stable-order plugin reads no coverage file, so this one defines
 * nothing: a use of GCOV_VERSION would not compile.  GCC 12 and later
 * include no such file.  See compat.h. */
