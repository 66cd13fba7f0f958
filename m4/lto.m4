# lto.m4 -- which targets can do LTO, and with which object reader.
#
# The rules of GCC's PE-COFF LTO work, applied per target triplet:
#
#   * --enable-lto is the default wherever LTO can work; --disable-lto
#     turns it off for every target (no lto1 is built, collect2 rejects
#     -flto as a gcc configured without LTO does).
#   * ELF targets read objects through libelf; -lelf is checked for and
#     linked only when one of the targets is ELF.
#   * Of the other targets only *-cygwin* and *-mingw* (PE-COFF, read by
#     xgcc's own COFF code) can do LTO.  For any other, an explicit
#     --enable-lto is an error; without it LTO is just off there.
#   * A COFF target's assembler must accept a 1-byte aligned section
#     (.section NAME,"dr0"), which the LTO sections are; binutils before
#     2.20.1 do not, and configure warns (it is needed only when LTO code
#     is assembled, so it is not fatal).
#
# XGCC_LTO([TRIPLETS]) is called once; it runs the shell function
# xgcc_lto_target on each triplet (default: $target).  xgcc_lto_target
# TRIPLET sets xgcc_lto_ok (yes/no) and xgcc_lto_reader (elf, coff or
# none) for it; it may be called on further triplets by other macros.
#
# Results: enable_lto (yes if any target does LTO); XGCC_ENABLE_LTO 0/1
# in config.h; XGCC_LTO_READERS, "TRIPLET=READER ..." for the targets
# doing LTO (AC_SUBST, extended by XGCC_LTO_MORE); LIBELF_LIBS (-lelf or empty); the
# Automake conditionals XGCC_ENABLE_LTO and XGCC_ELF_READER.

# XGCC_LTO_PREPARE
# ----------------
# The option and the per-triplet shell function.
AC_DEFUN([XGCC_LTO_PREPARE], [
AC_REQUIRE([AC_CANONICAL_TARGET])
AC_ARG_ENABLE([lto],
  [AS_HELP_STRING([--enable-lto], [link-time optimization (default: on for the targets that can do it: ELF, Cygwin, MinGW)])],
  [], [enable_lto=default])
AS_CASE([$enable_lto], [yes|no|default], [],
        [AC_MSG_ERROR([--enable-lto takes no value: '$enable_lto'])])
xgcc_lto_request=$enable_lto

# xgcc_lto_target TRIPLET: set xgcc_lto_ok and xgcc_lto_reader.
xgcc_lto_target ()
{
  xgcc_lto_t=$[]1
  # Object format: the non-ELF systems as GCC's LTO configury lists them.
  AS_CASE([$xgcc_lto_t],
    [*-cygwin* | *-mingw*], [xgcc_lto_format=coff],
    [*-darwin* | *-aix* | *-aout* | *-*coff* | *-msdosdjgpp* | *-netware* | *-vms* | \
     *-wince* | *-*-pe* | alpha*-dec-osf* | *-interix* | hppa[[12]]*-*-hpux* | *-*-solaris2*],
      [xgcc_lto_format=other],
    [xgcc_lto_format=elf])
  AC_MSG_CHECKING([whether LTO can work for $xgcc_lto_t])
  AS_CASE([$xgcc_lto_format],
    [elf|coff], [xgcc_lto_ok=yes xgcc_lto_reader=$xgcc_lto_format],
    [xgcc_lto_ok=no xgcc_lto_reader=none])
  AS_IF([test $xgcc_lto_format = other],
        [AC_MSG_RESULT([no (neither ELF nor PE-COFF)])],
        [AC_MSG_RESULT([yes ($xgcc_lto_format objects)])])
  AS_IF([test $xgcc_lto_ok = no && test $xgcc_lto_request = yes],
        [AC_MSG_ERROR([LTO support is not enabled for this target.])])
  AS_IF([test $xgcc_lto_request = no], [xgcc_lto_ok=no xgcc_lto_reader=none])
  AS_IF([test $xgcc_lto_format = coff && test $xgcc_lto_ok = yes],
        [xgcc_lto_check_as "$xgcc_lto_t"])
}

# xgcc_lto_check_as TRIPLET: does TRIPLET's assembler (as for the host's
# own triplet, else TRIPLET-as; on a Windows host, whose as.exe does not
# run here, the build system's TRIPLET-as) take the 1-byte aligned LTO
# section?
# Cached in xgcc_cv_as_lto_section_TRIPLET (yes/no).
xgcc_lto_check_as ()
{
  AS_IF([test "x$xgcc_host_win32" != xyes && { test "x$[]1" = "x$host" || test "x$[]1" = "x$host_alias"; }],
        [xgcc_lto_as=as], [xgcc_lto_as=$[]1-as])
  AS_VAR_PUSHDEF([xgcc_cv], [xgcc_cv_as_lto_section_$[]1])
  AC_CACHE_CHECK([whether $xgcc_lto_as accepts a 1-byte aligned section], [xgcc_cv], [
    printf '\t.section lto_test,"dr0"\n\t.byte 1\n' > conftest.s
    AS_IF([AC_RUN_LOG([$xgcc_lto_as --fatal-warnings -o conftest.o conftest.s])],
          [AS_VAR_SET([xgcc_cv], [yes])], [AS_VAR_SET([xgcc_cv], [no])])
    rm -f conftest.s conftest.o])
  AS_VAR_IF([xgcc_cv], [yes], [],
    [AC_MSG_WARN([LTO for $[]1 needs binutils >= 2.20.1 ($xgcc_lto_as does not take .section NAME,"dr0"); LTO links will fail until binutils is upgraded.])])
  AS_VAR_POPDEF([xgcc_cv])
}
])

# XGCC_LTO([TRIPLETS])
# --------------------
AC_DEFUN([XGCC_LTO], [
AC_REQUIRE([XGCC_LTO_PREPARE])
xgcc_lto_any=no xgcc_lto_elf=no XGCC_LTO_READERS=
for xgcc_lto_each in m4_default([$1], [$target]); do
  xgcc_lto_target "$xgcc_lto_each"
  AS_IF([test $xgcc_lto_format = elf], [xgcc_lto_elf=yes])
  AS_IF([test $xgcc_lto_ok = yes],
        [xgcc_lto_any=yes
         XGCC_LTO_READERS="${XGCC_LTO_READERS:+$XGCC_LTO_READERS }$xgcc_lto_each=$xgcc_lto_reader"])
done
enable_lto=$xgcc_lto_any
AS_IF([test $enable_lto = yes],
      [AC_DEFINE([XGCC_ENABLE_LTO], [1], [Define to 1 when collect2 runs lto1 (LTO is on), 0 when not])],
      [AC_DEFINE([XGCC_ENABLE_LTO], [0])])
AC_SUBST([XGCC_LTO_READERS])
AM_CONDITIONAL([XGCC_ENABLE_LTO], [test $enable_lto = yes])

# libelf, for the ELF targets only (whether or not they do LTO: collect2
# reads their objects).
LIBELF_LIBS=
AS_IF([test $xgcc_lto_elf = yes], [
AC_ARG_WITH([libelf],
  [AS_HELP_STRING([--with-libelf=DIR], [libelf installed under DIR (DIR/include, DIR/lib), for ELF targets])],
  [AS_IF([test "x$withval" != xyes && test "x$withval" != xno],
         [CPPFLAGS="$CPPFLAGS -I$withval/include"
          LDFLAGS="$LDFLAGS -L$withval/lib"])])
AC_CHECK_HEADER([gelf.h], [],
  [AC_MSG_ERROR([libelf's gelf.h not found: install libelf-dev or pass --with-libelf=DIR])])
xgcc_save_LIBS=$LIBS
AC_SEARCH_LIBS([elf_begin], [elf], [],
  [AC_MSG_ERROR([libelf not found: install libelf-dev or pass --with-libelf=DIR])])
LIBS=$xgcc_save_LIBS
LIBELF_LIBS=-lelf])
AC_SUBST([LIBELF_LIBS])
AM_CONDITIONAL([XGCC_ELF_READER], [test $xgcc_lto_elf = yes])
])

# XGCC_LTO_MORE(TRIPLETS)
# -----------------------
# The same rules for further targets (the cross backends XGCC_BACKEND
# found, after XGCC_LTO has judged the default one): their verdicts join
# XGCC_LTO_READERS.  Only PE-COFF targets are cross targets today, so
# they never need libelf.
AC_DEFUN([XGCC_LTO_MORE], [
AC_REQUIRE([XGCC_LTO])
AS_IF([test $enable_lto = yes], [
for xgcc_lto_each in $1; do
  AS_CASE([" $XGCC_LTO_READERS "], [*" $xgcc_lto_each="*], [continue])
  xgcc_lto_target "$xgcc_lto_each"
  AS_IF([test $xgcc_lto_ok = yes],
        [XGCC_LTO_READERS="${XGCC_LTO_READERS:+$XGCC_LTO_READERS }$xgcc_lto_each=$xgcc_lto_reader"])
done])
])
