# xgcc.m4 -- configure probes for the backend GCC, binutils and libraries.

# XGCC_BACKEND
# ------------
# --with-backend=CC names the installed GCC whose cc1, cc1plus and lto1
# xgcc runs; --enable-targets adds cross GCCs, one backend per target.  Everything the driver needs to know about that installation
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

# --enable-targets=LIST: the cross targets besides the native one, each
# with its cross GCC TRIPLET-gcc and binutils TRIPLET-as, TRIPLET-ld.
# The known ones are the cross rows of lib/target.c (keep the two lists
# together).  Default: every known target whose tools are installed;
# "all": every known target, which must then be installed.
xgcc_known_targets="x86_64-w64-mingw32 i686-w64-mingw32 x86_64-pc-cygwin i686-pc-cygwin"
AC_ARG_ENABLE([targets],
  [AS_HELP_STRING([--enable-targets=LIST],
    [cross targets to build drivers for: a comma list of triplets, or all (default: those of lib/target.c whose TRIPLET-gcc, TRIPLET-as and TRIPLET-ld are installed)])],
  [], [enable_targets=auto])
AS_CASE([$enable_targets],
  [auto|yes], [xgcc_want=$xgcc_known_targets xgcc_must=no],
  [all], [xgcc_want=$xgcc_known_targets xgcc_must=yes],
  [no|""], [xgcc_want= xgcc_must=no],
  [xgcc_want=`echo "$enable_targets" | tr ',' ' '` xgcc_must=yes])
XGCC_CROSS_TARGETS=
xgcc_cross_ccs=
for xgcc_t in $xgcc_want; do
  AS_IF([test "x$xgcc_t" = "x$xgcc_backend_triplet"], [continue])
  AS_CASE([" $xgcc_known_targets "], [*" $xgcc_t "*], [],
          [AC_MSG_ERROR([--enable-targets: $xgcc_t is not a target xgcc knows (known: $xgcc_known_targets)])])
  AC_MSG_CHECKING([for the $xgcc_t cross GCC and binutils])
  xgcc_missing=
  for xgcc_tool in gcc as ld; do
    command -v "$xgcc_t-$xgcc_tool" >/dev/null 2>&1 || xgcc_missing="$xgcc_missing $xgcc_t-$xgcc_tool"
  done
  AS_IF([test -n "$xgcc_missing"],
        [AC_MSG_RESULT([no (missing:$xgcc_missing)])
         AS_IF([test $xgcc_must = yes],
               [AC_MSG_ERROR([--enable-targets=$enable_targets: missing:$xgcc_missing])])],
        [AC_MSG_RESULT([yes])
         XGCC_CROSS_TARGETS="$XGCC_CROSS_TARGETS${XGCC_CROSS_TARGETS:+ }$xgcc_t"
         xgcc_cross_ccs="$xgcc_cross_ccs $xgcc_t-gcc"])
done
AC_MSG_NOTICE([recording the backends' installations in backend-config.h])
# shellcheck disable=SC2086
$SHELL "$srcdir/build-aux/probe-backend" backend-config.h "$XGCC_BACKEND_CC" $xgcc_cross_ccs ||
  AC_MSG_ERROR([probing the backends ($XGCC_BACKEND_CC$xgcc_cross_ccs) failed])
AC_MSG_NOTICE([reading the backends' option tables into backend-options.h])
# shellcheck disable=SC2086
$SHELL "$srcdir/build-aux/probe-options" backend-options.h "$XGCC_BACKEND_CC" $xgcc_cross_ccs ||
  AC_MSG_ERROR([reading the backends' option tables failed])
AC_SUBST([XGCC_BACKEND_CC])
AC_SUBST([XGCC_CROSS_TARGETS])
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
dnl libelf is checked by XGCC_LTO (m4/lto.m4), for ELF targets only.
AC_CHECK_HEADER([zlib.h], [], [AC_MSG_ERROR([zlib.h not found: install zlib1g-dev])])
AC_CHECK_LIB([z], [inflate], [Z_LIBS=-lz], [AC_MSG_ERROR([zlib not found: install zlib1g-dev])])
AC_CHECK_HEADER([zstd.h], [], [AC_MSG_ERROR([zstd.h not found: install libzstd-dev])])
AC_CHECK_LIB([zstd], [ZSTD_decompressStream], [ZSTD_LIBS=-lzstd],
  [AC_MSG_ERROR([libzstd not found: install libzstd-dev])])
AC_CHECK_HEADER([nettle/sha2.h], [], [AC_MSG_ERROR([nettle/sha2.h not found: install nettle-dev])])
AC_CHECK_LIB([nettle], [nettle_sha256_init], [NETTLE_LIBS=-lnettle],
  [AC_MSG_ERROR([libnettle not found: install nettle-dev])])
AC_SUBST([NETTLE_LIBS])
AC_SUBST([Z_LIBS])
AC_SUBST([ZSTD_LIBS])
])
