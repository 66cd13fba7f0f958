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
# A backend of another host (a Windows gcc.exe) runs through
# $XGCC_HOST_EMULATOR (configure.ac), here and in the probe scripts,
# its output's CR-LF line ends made LF.
AS_IF([test -n "$XGCC_HOST_EMULATOR"],
      [export XGCC_HOST_EMULATOR
       xgcc_backend_path=`command -v "$XGCC_BACKEND_CC" 2>/dev/null`
       xgcc_backend_run () { $XGCC_HOST_EMULATOR "$XGCC_BACKEND_CC" "$[]@" | tr -d '\r'; }],
      [xgcc_backend_path=`command -v "$XGCC_BACKEND_CC" 2>/dev/null`
       xgcc_backend_run () { "$XGCC_BACKEND_CC" "$[]@"; }])
AS_IF([test -z "$xgcc_backend_path"],
      [AC_MSG_RESULT([no])
       AC_MSG_ERROR([backend GCC '$XGCC_BACKEND_CC' not found; install gcc or pass --with-backend=CC])])
AC_MSG_RESULT([$xgcc_backend_path])
xgcc_backend_triplet=`xgcc_backend_run -dumpmachine 2>/dev/null`
xgcc_backend_version=`xgcc_backend_run -dumpfullversion 2>/dev/null`
AS_IF([test -z "$xgcc_backend_triplet" || test -z "$xgcc_backend_version"],
      [AC_MSG_ERROR([$XGCC_BACKEND_CC does not answer -dumpmachine/-dumpfullversion: is it GCC?])])
for xgcc_prog in cc1 cc1plus lto1; do
  AC_MSG_CHECKING([for the backend's $xgcc_prog])
  xgcc_p=`xgcc_backend_run -print-prog-name=$xgcc_prog`
  AS_CASE([$xgcc_p], [/* | [[A-Za-z]]:*], [AC_MSG_RESULT([$xgcc_p])],
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
xgcc_known_targets="x86_64-w64-mingw32 i686-w64-mingw32 x86_64-pc-cygwin i686-pc-cygwin aarch64-linux-gnu riscv64-linux-gnu arm-none-eabi"
AC_ARG_ENABLE([targets],
  [AS_HELP_STRING([--enable-targets=LIST],
    [cross targets to build drivers for: a comma list of triplets, or all (default: those of lib/target.c whose TRIPLET-gcc, TRIPLET-as and TRIPLET-ld are installed)])],
  [], [enable_targets=auto])
AS_CASE([$enable_targets],
  [auto|yes], [xgcc_want=$xgcc_known_targets xgcc_must=no],
  [all], [xgcc_want=$xgcc_known_targets xgcc_must=yes],
  [no|""], [xgcc_want= xgcc_must=no],
  [xgcc_want=`echo "$enable_targets" | tr ',' ' '` xgcc_must=yes])
# On a Windows host the cross GCCs found here are the build system's,
# not the host's: none by default; and no ELF target (no libelf there).
AS_IF([test "x$xgcc_host_win32" = xyes], [
  AS_CASE([$enable_targets], [auto|yes], [xgcc_want=])
  for xgcc_t in $xgcc_want; do
    AS_CASE([$xgcc_t], [*-mingw* | *-cygwin*], [],
      [AC_MSG_ERROR([--enable-targets: $xgcc_t is an ELF target, which a Windows host cannot serve yet (no libelf)])])
  done])
# --with-mingw-thread-model: which of the thread-model variants of a
# cross GCC (Debian's mingw-w64 ones: TRIPLET-gcc-posix, TRIPLET-gcc-win32,
# chosen among by update-alternatives) the drivers whose name chooses
# none use.  auto: the one the system's TRIPLET-gcc (TRIPLET-g++ for
# xg++) resolves to when the driver runs, so that an administrator's
# later update-alternatives --set counts as it does for gcc.  Where both
# variants are installed both are probed, and the drivers
# TRIPLET-xgcc-posix, TRIPLET-xgcc-win32 (and xg++) choose one by name.
AC_ARG_WITH([mingw-thread-model],
  [AS_HELP_STRING([--with-mingw-thread-model=auto|posix|win32],
    [the thread model of the MinGW drivers whose name names none, where both of the cross GCC's variants are installed (default: auto, the one TRIPLET-gcc's alternative points to when the driver runs)])],
  [], [with_mingw_thread_model=auto])
AS_CASE([$with_mingw_thread_model],
  [auto|yes], [xgcc_default_thread_model=],
  [posix|win32], [xgcc_default_thread_model=$with_mingw_thread_model],
  [AC_MSG_ERROR([--with-mingw-thread-model=$with_mingw_thread_model: say auto, posix or win32])])
AC_DEFINE_UNQUOTED([XGCC_DEFAULT_THREAD_MODEL], ["$xgcc_default_thread_model"],
  [The thread model of the cross drivers whose name names none; "" follows the system's alternative])
# --with-cygwin-toolchain=DIR: the Cygwin cross toolchain that
# build-aux/cygwin-toolchain DIR built (Debian ships none); its bin/ is
# searched for TRIPLET-gcc, -as and -ld like PATH, before it.  Default:
# $XGCC_CYGWIN_TOOLCHAIN_DIR when set.
AC_ARG_VAR([XGCC_CYGWIN_TOOLCHAIN_DIR], [the default of --with-cygwin-toolchain])
AC_ARG_WITH([cygwin-toolchain],
  [AS_HELP_STRING([--with-cygwin-toolchain=DIR],
    [the Cygwin cross toolchain built by build-aux/cygwin-toolchain DIR (default: $XGCC_CYGWIN_TOOLCHAIN_DIR, else none)])],
  [], [with_cygwin_toolchain=${XGCC_CYGWIN_TOOLCHAIN_DIR:-no}])
XGCC_CYGWIN_TOOLCHAIN=
AS_CASE([$with_cygwin_toolchain],
  [no|""], [],
  [yes], [AC_MSG_ERROR([--with-cygwin-toolchain needs the toolchain's directory: --with-cygwin-toolchain=DIR])],
  [AC_MSG_CHECKING([for the Cygwin toolchain in $with_cygwin_toolchain])
   AS_IF([ls "$with_cygwin_toolchain"/bin/*-pc-cygwin-gcc >/dev/null 2>&1],
         [AC_MSG_RESULT([yes])
          with_cygwin_toolchain=`cd "$with_cygwin_toolchain" && pwd`
          PATH="$with_cygwin_toolchain/bin$PATH_SEPARATOR$PATH"
          XGCC_CYGWIN_TOOLCHAIN=$with_cygwin_toolchain],
         [AC_MSG_RESULT([no])
          AC_MSG_ERROR([--with-cygwin-toolchain=$with_cygwin_toolchain: no bin/TRIPLET-pc-cygwin-gcc there (build it with build-aux/cygwin-toolchain DIR)])])])
AC_SUBST([XGCC_CYGWIN_TOOLCHAIN])
XGCC_CROSS_TARGETS=
XGCC_THREAD_MODEL_VARIANTS=
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
         # Both thread-model variants installed: probe both, the one
         # TRIPLET-gcc points to now first (the fallback of a driver that
         # finds the alternative gone).
         AC_MSG_CHECKING([for the thread-model variants of $xgcc_t-gcc])
         xgcc_plain=`command -v "$xgcc_t-gcc"`
         xgcc_posix=`command -v "$xgcc_t-gcc-posix" 2>/dev/null`
         xgcc_win32=`command -v "$xgcc_t-gcc-win32" 2>/dev/null`
         AS_IF([test -n "$xgcc_posix" && test -n "$xgcc_win32"],
               [AS_IF([test "$xgcc_plain" -ef "$xgcc_posix"],
                      [xgcc_cross_ccs="$xgcc_cross_ccs $xgcc_t-gcc-posix $xgcc_t-gcc-win32"
                       AC_MSG_RESULT([posix (current), win32])],
                      [xgcc_cross_ccs="$xgcc_cross_ccs $xgcc_t-gcc-win32 $xgcc_t-gcc-posix"
                       AS_IF([test "$xgcc_plain" -ef "$xgcc_win32"],
                             [AC_MSG_RESULT([win32 (current), posix])],
                             [AC_MSG_RESULT([win32, posix ($xgcc_t-gcc is neither)])])])
                XGCC_THREAD_MODEL_VARIANTS="$XGCC_THREAD_MODEL_VARIANTS${XGCC_THREAD_MODEL_VARIANTS:+ }$xgcc_t:posix $xgcc_t:win32"],
               [AC_MSG_RESULT([no])
                AS_CASE([$xgcc_t:$xgcc_default_thread_model], [*-mingw*:?*],
                  [AC_MSG_WARN([--with-mingw-thread-model=$with_mingw_thread_model: $xgcc_t-gcc-posix and $xgcc_t-gcc-win32 are not both installed; the $xgcc_t drivers use $xgcc_t-gcc, whatever its thread model])])
                xgcc_cross_ccs="$xgcc_cross_ccs $xgcc_t-gcc"])])
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
dnl every backend, in the order of backend-config.h's table
AC_SUBST([XGCC_BACKEND_CCS], ["$XGCC_BACKEND_CC$xgcc_cross_ccs"])
AC_SUBST([XGCC_CROSS_TARGETS])
AC_SUBST([XGCC_THREAD_MODEL_VARIANTS])
AC_DEFINE_UNQUOTED([TARGET_TRIPLET], ["$xgcc_backend_triplet"], [The triplet of the native target])
])

# XGCC_BINUTILS
# -------------
AC_DEFUN([XGCC_BINUTILS], [
dnl a Windows host's binutils are the backend's, not the build system's
dnl found in PATH here: not looked for then
AS_IF([test "x$xgcc_host_win32" = xyes], [
  AS_FOR_TARGET="the backend's" LD_FOR_TARGET= NM_FOR_TARGET= AR_FOR_TARGET=
], [
m4_foreach_w([xgcc_tool], [as ld nm ar], [
  AC_PATH_PROG(m4_toupper(xgcc_tool)[_FOR_TARGET], xgcc_tool, [])
  AS_IF([test -z "$]m4_toupper(xgcc_tool)[_FOR_TARGET"],
        [AC_MSG_ERROR([GNU ]xgcc_tool[ not found: install binutils])])
  AS_IF([$]m4_toupper(xgcc_tool)[_FOR_TARGET --version 2>/dev/null | grep GNU >/dev/null], [],
        [AC_MSG_ERROR([$]m4_toupper(xgcc_tool)[_FOR_TARGET is not GNU ]xgcc_tool[: install binutils])])
])])
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
dnl the JSON job files of distributed LTRANS (lto/distribute.c, distrib/)
AC_CHECK_HEADER([jansson.h], [], [AC_MSG_ERROR([jansson.h not found: install libjansson-dev])])
AC_CHECK_LIB([jansson], [json_dump_file], [JANSSON_LIBS=-ljansson],
  [AC_MSG_ERROR([libjansson not found: install libjansson-dev])])
AC_SUBST([JANSSON_LIBS])
dnl the LTRANS cache's remote (lto/remote.c): HTTP(S) through libcurl, Redis
dnl through hiredis; not on a Windows host (no build of them for it here:
dnl lto/remote-none.c refuses a remote there)
CURL_LIBS= HIREDIS_LIBS=
AS_IF([test "x$xgcc_host_win32" != xyes], [
AC_CHECK_HEADER([curl/curl.h], [],
  [AC_MSG_ERROR([curl/curl.h not found: install libcurl4-openssl-dev])])
AC_CHECK_LIB([curl], [curl_easy_init], [CURL_LIBS=-lcurl],
  [AC_MSG_ERROR([libcurl not found: install libcurl4-openssl-dev])])
AC_SUBST([CURL_LIBS])
AC_CHECK_HEADER([hiredis/hiredis.h], [],
  [AC_MSG_ERROR([hiredis/hiredis.h not found: install libhiredis-dev])])
AC_CHECK_LIB([hiredis], [redisConnectWithTimeout], [HIREDIS_LIBS=-lhiredis],
  [AC_MSG_ERROR([libhiredis not found: install libhiredis-dev])])
])
AC_SUBST([HIREDIS_LIBS])
AM_CONDITIONAL([XGCC_REMOTE_CACHE], [test -n "$CURL_LIBS"])
AC_SUBST([Z_LIBS])
AC_SUBST([ZSTD_LIBS])
])
