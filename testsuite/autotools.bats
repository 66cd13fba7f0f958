#!/usr/bin/env bats
# A real autoconf + automake + libtool project (testsuite/autotools-project)
# configures, builds and passes its own "make check" with CC=xgcc CXX=xg++:
# a shared and static C library, a C++ shared library (linked by libtool
# with -nostdlib and the objects and libraries it found by parsing
# "$CXX -v" output), and programs run through libtool's wrappers.
load helper
load lib-run

setup() {
	common_setup
	local p
	for p in autoreconf autoconf automake aclocal libtoolize; do
		command -v "$p" >/dev/null 2>&1 ||
			skip "$p not installed (autoconf, automake and libtool are needed)"
	done
	PROJECT="$SRCDIR/testsuite/autotools-project"
}

# prepare DIR: a copy of the project in DIR, with its configure generated.
prepare() {
	mkdir -p "$1"
	cp -R "$PROJECT/." "$1/"
	(cd "$1" && autoreconf -fi) >"$WORK/autoreconf.log" 2>&1 ||
		{ cat "$WORK/autoreconf.log"; fail "autoreconf -fi failed"; }
}

# step LOG COMMAND...: run COMMAND, keeping its output in LOG; on failure
# show the end of LOG (and of config.log after configure).
step() {
	local log=$1 st
	shift
	"$@" >"$log" 2>&1
	st=$?
	if [ "$st" -ne 0 ]; then
		echo "failed (status $st): $*"
		tail -40 "$log"
		if [ -f config.log ] && [ "$log" = configure.log ]; then
			echo "--- end of config.log"
			tail -40 config.log
		fi
		[ -f test-suite.log ] && { echo "--- test-suite.log"; cat test-suite.log; }
		fail "$* failed"
	fi
}

# lt_var FILE TAG VAR: the value of VAR in the libtool script FILE, in the
# section of TAG (CC for the default configuration, or CXX).
lt_var() {
	local file=$1 tag=$2 var=$3
	if [ "$tag" = CC ]; then
		sed -n '/^# ### BEGIN LIBTOOL CONFIG/,/^# ### END LIBTOOL CONFIG/p' "$file"
	else
		sed -n "/^# ### BEGIN LIBTOOL TAG CONFIG: $tag\$/,/^# ### END LIBTOOL TAG CONFIG: $tag\$/p" "$file"
	fi | sed -n "s/^$var=\"\\(.*\\)\"\$/\\1/p"
}

# lt_config FILE: every configuration section of the libtool script FILE,
# without the compiler names, and with "dir/../" removed from paths.
lt_config() {
	sed -n -e '/^# ### BEGIN LIBTOOL CONFIG/,/^# ### END LIBTOOL CONFIG/p' \
	    -e '/^# ### BEGIN LIBTOOL TAG CONFIG/,/^# ### END LIBTOOL TAG CONFIG/p' "$1" |
	grep -v -E '^(LTCC|CC)=' |
	sed -E -e ':a' -e 's#/[^/ "]+/\.\./#/#' -e 'ta'
}

# check_build: the libraries and programs of a finished build in the
# current directory, and who linked them.
check_build() {
	local f
	for f in .libs/libcalc.so .libs/libcalc.so.1 .libs/libcalc.a \
	    .libs/libcalcxx.so.1 .libs/libcalcxx.a .libs/calcprog \
	    .libs/calcxxprog calcprog-static; do
		[ -e "$f" ] || fail "$f was not built"
	done
	assert_elf_type .libs/libcalc.so.1 DYN
	assert_elf_type .libs/libcalcxx.so.1 DYN
	[ "$(lt_var libtool CC LTCC)" = "$XGCC" ] ||
		fail "libtool's LTCC is '$(lt_var libtool CC LTCC)', not $XGCC"
	[ "$(lt_var libtool CC CC)" = "$XGCC" ] ||
		fail "libtool's CC is '$(lt_var libtool CC CC)', not $XGCC"
	[ "$(lt_var libtool CXX CC)" = "$XGXX" ] ||
		fail "libtool's CC for the CXX tag is '$(lt_var libtool CXX CC)', not $XGXX"
	# The libraries were linked by the drivers (make V=1 shows the
	# commands libtool ran).
	grep -q -F "libtool: link: $XGCC -shared " make.log ||
		fail "libcalc.so was not linked by $XGCC"
	grep -q -F "libtool: link: $XGXX " make.log ||
		fail "no libtool link with $XGXX"
	grep -F "libtool: link: $XGXX " make.log | grep -q -e '-nostdlib .*-lstdc++ .*libcalcxx\.so' ||
		fail "libcalcxx.so was not linked by $XGXX -nostdlib ... -lstdc++"
	# The C++ library links libstdc++ itself, through postdeps.
	LC_ALL=C readelf -d .libs/libcalcxx.so.1 | grep -q 'NEEDED.*\[libstdc++\.so' ||
		fail "libcalcxx.so.1 does not need libstdc++"
	LC_ALL=C readelf -d .libs/libcalcxx.so.1 | grep -q 'SONAME.*\[libcalcxx\.so\.1\]' ||
		fail "libcalcxx.so.1 has no soname libcalcxx.so.1"
}

@test "autotools project: configure, make and make check with xgcc/xg++" {
	prepare "$WORK/proj"
	cd "$WORK/proj"
	step configure.log ./configure CC="$XGCC" CXX="$XGXX"
	grep -q -F "checking whether the C compiler works... yes" configure.log
	grep -q -x -F "checking whether to build shared libraries... yes" configure.log ||
		fail "configure does not build shared libraries"
	grep -q -x -F "checking whether to build static libraries... yes" configure.log ||
		fail "configure does not build static libraries"
	step make.log make -j2 V=1
	check_build
	step check.log make -j2 check
	grep -q '^# PASS: *3$' check.log || { cat check.log; fail "make check did not pass 3 tests"; }
	assert_no_temps
}

@test "autotools project: VPATH build (../configure) and make check" {
	prepare "$WORK/proj"
	mkdir "$WORK/proj/build"
	cd "$WORK/proj/build"
	step configure.log ../configure CC="$XGCC" CXX="$XGXX"
	step make.log make -j2 V=1
	check_build
	[ ! -e ../calcprog.o ] && [ ! -e ../libcalc.la ] || fail "objects built in the source directory"
	step check.log make -j2 check
	grep -q '^# PASS: *3$' check.log || { cat check.log; fail "make check did not pass 3 tests"; }
}

@test "autotools project: libtool's compiler probes find what they find with gcc/g++" {
	prepare "$WORK/x"
	cp -R "$WORK/x" "$WORK/g"
	(cd "$WORK/x" && step configure.log ./configure CC="$XGCC" CXX="$XGXX")
	(cd "$WORK/g" && step configure.log ./configure CC=gcc CXX=g++)
	local var want got failed=0
	# The hidden library dependencies of C++ that libtool parsed from the
	# -v output of a "$CXX -shared" link.
	for var in predep_objects postdep_objects predeps postdeps \
	    compiler_lib_search_dirs compiler_lib_search_path; do
		want=$(lt_var "$WORK/g/libtool" CXX $var | sed -E -e ':a' -e 's#/[^/ "]+/\.\./#/#' -e 'ta')
		got=$(lt_var "$WORK/x/libtool" CXX $var | sed -E -e ':a' -e 's#/[^/ "]+/\.\./#/#' -e 'ta')
		if [ "$want" != "$got" ]; then
			echo "CXX $var: g++ gives '$want'"
			echo "CXX $var: xg++ gives '$got'"
			failed=1
		fi
	done
	got=$(lt_var "$WORK/x/libtool" CXX postdeps)
	case " $got " in *" -lstdc++ "*) ;; *) echo "CXX postdeps '$got' lack -lstdc++"; failed=1 ;; esac
	got=$(lt_var "$WORK/x/libtool" CXX predep_objects)
	case $got in *crtbeginS.o*) ;; *) echo "CXX predep_objects '$got' lack crtbeginS.o"; failed=1 ;; esac
	[ "$failed" -eq 0 ] || fail "libtool's C++ link dependencies differ from g++'s"
	# Everything else libtool found out (pic flags, linker, search paths
	# from -print-search-dirs, archive commands...) is the same too.
	diff -u <(lt_config "$WORK/g/libtool") <(lt_config "$WORK/x/libtool") ||
		fail "libtool's configuration differs between gcc/g++ and xgcc/xg++"
}
