# xgcc.m4 -- configure probes for the backend GCC, binutils and libraries.

# XGCC_BACKEND
# ------------
# --with-backend=CC names the installed GCC whose cc1, cc1plus and lto1
# xgcc runs.  Everything the driver needs to know about that installation
# is written to backend-config.h by build-aux/probe-backend.
AC_DEFUN([XGCC_BACKEND], [
AC_ARG_WITH([backend],
  [AS_HELP_STRING([--with-backend=CC], [the installed GCC to use as the backend (default: gcc)])],
  [XGCC_BACKEND_CC=$withval], [XGCC_BACKEND_CC=gcc])
AC_MSG_CHECKING([for the backend GCC])
xgcc_backend_path=`command -v "$XGCC_BACKEND_CC" 2>/dev/null`
AS_IF([test -z "$xgcc_backend_path"],
      [AC_MSG_RESULT([no])
       AC_MSG_ERROR([backend GCC '$XGCC_BACKEND_CC' not found; install gcc or pass --with-backend=CC])])
AC_MSG_RESULT([$xgcc_backend_path])
xgcc_backend_triplet=`$XGCC_BACKEND_CC -dumpmachine 2>/dev/null`
xgcc_backend_version=`$XGCC_BACKEND_CC -dumpfullversion 2>/dev/null`
AS_IF([test -z "$xgcc_backend_triplet" || test -z "$xgcc_backend_version"],
      [AC_MSG_ERROR([$XGCC_BACKEND_CC does not answer -dumpmachine/-dumpfullversion: is it GCC?])])
for xgcc_prog in cc1 cc1plus lto1; do
  AC_MSG_CHECKING([for the backend's $xgcc_prog])
  xgcc_p=`$XGCC_BACKEND_CC -print-prog-name=$xgcc_prog`
  AS_CASE([$xgcc_p], [/*], [AC_MSG_RESULT([$xgcc_p])],
          [AC_MSG_RESULT([no])
           AS_IF([test $xgcc_prog = cc1],
                 [AC_MSG_ERROR([$XGCC_BACKEND_CC has no cc1: pass --with-backend=CC naming a complete GCC])],
                 [AC_MSG_WARN([$XGCC_BACKEND_CC has no $xgcc_prog: install the matching g++ / gcc packages])])])
done
AC_MSG_NOTICE([recording the backend's installation in backend-config.h])
$SHELL "$srcdir/build-aux/probe-backend" "$XGCC_BACKEND_CC" backend-config.h ||
  AC_MSG_ERROR([probing the backend $XGCC_BACKEND_CC failed])
AC_SUBST([XGCC_BACKEND_CC])
AC_DEFINE_UNQUOTED([TARGET_TRIPLET], ["$xgcc_backend_triplet"], [The triplet of the native target])
])

# XGCC_BINUTILS
# -------------
AC_DEFUN([XGCC_BINUTILS], [
m4_foreach_w([xgcc_tool], [as ld nm ar], [
  AC_PATH_PROG(m4_toupper(xgcc_tool)[_FOR_TARGET], xgcc_tool, [])
  AS_IF([test -z "$]m4_toupper(xgcc_tool)[_FOR_TARGET"],
        [AC_MSG_ERROR([GNU ]xgcc_tool[ not found: install binutils])])
  AS_IF([$]m4_toupper(xgcc_tool)[_FOR_TARGET --version 2>/dev/null | grep GNU >/dev/null], [],
        [AC_MSG_ERROR([$]m4_toupper(xgcc_tool)[_FOR_TARGET is not GNU ]xgcc_tool[: install binutils])])
])
])

# XGCC_LIBS
# ---------
AC_DEFUN([XGCC_LIBS], [
AC_ARG_WITH([libelf],
  [AS_HELP_STRING([--with-libelf=DIR], [libelf installed under DIR (DIR/include, DIR/lib)])],
  [AS_IF([test "x$withval" != xyes && test "x$withval" != xno],
         [CPPFLAGS="$CPPFLAGS -I$withval/include"
          LDFLAGS="$LDFLAGS -L$withval/lib"])])
AC_CHECK_HEADER([gelf.h], [],
  [AC_MSG_ERROR([libelf's gelf.h not found: install libelf-dev or pass --with-libelf=DIR])])
xgcc_save_LIBS=$LIBS
AC_SEARCH_LIBS([elf_begin], [elf], [],
  [AC_MSG_ERROR([libelf not found: install libelf-dev or pass --with-libelf=DIR])])
LIBS=$xgcc_save_LIBS
LIBELF_LIBS=-lelf
AC_CHECK_HEADER([zlib.h], [], [AC_MSG_ERROR([zlib.h not found: install zlib1g-dev])])
AC_CHECK_LIB([z], [inflate], [Z_LIBS=-lz], [AC_MSG_ERROR([zlib not found: install zlib1g-dev])])
AC_CHECK_HEADER([zstd.h], [], [AC_MSG_ERROR([zstd.h not found: install libzstd-dev])])
AC_CHECK_LIB([zstd], [ZSTD_decompressStream], [ZSTD_LIBS=-lzstd],
  [AC_MSG_ERROR([libzstd not found: install libzstd-dev])])
AC_CHECK_HEADER([nettle/sha2.h], [], [AC_MSG_ERROR([nettle/sha2.h not found: install nettle-dev])])
AC_CHECK_LIB([nettle], [nettle_sha256_init], [NETTLE_LIBS=-lnettle],
  [AC_MSG_ERROR([libnettle not found: install nettle-dev])])
AC_SUBST([LIBELF_LIBS])
AC_SUBST([NETTLE_LIBS])
AC_SUBST([Z_LIBS])
AC_SUBST([ZSTD_LIBS])
])
