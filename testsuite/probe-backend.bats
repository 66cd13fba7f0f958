#!/usr/bin/env bats
# build-aux/probe-backend, which configure runs on every backend GCC:
# what it records of a GCC that was moved after its build.
load helper

@test "a GCC moved after its build: probe-backend records the -iprefix its cc1 gets (exec_prefix); gcc where it was built, none" {
	local real
	real=$(readlink -f "$(command -v gcc)")
	[ -n "$(gcc -print-prog-name=cc1 | grep '^/')" ] || skip "gcc has no cc1"
	# the driver copied elsewhere, its library directory (cc1, specs) linked:
	# gcc then computes its prefixes from where it runs
	mkdir -p moved/bin moved/lib/gcc
	cp "$real" moved/bin/gcc
	ln -s "$(dirname "$(dirname "$(gcc -print-libgcc-file-name)")")" "moved/lib/gcc/$(gcc -dumpmachine)"
	# and where cc1 is, when that is another directory (libexec/gcc:
	# Debian's GCC 13 and later)
	local libexec
	libexec=$(dirname "$(dirname "$(gcc -print-prog-name=cc1)")")
	if [ "$libexec" != "$(dirname "$(dirname "$(gcc -print-libgcc-file-name)")")" ]; then
		mkdir -p moved/libexec/gcc
		ln -s "$libexec" "moved/libexec/gcc/$(gcc -dumpmachine)"
	fi
	run moved/bin/gcc -### -c -x c /dev/null
	assert_output --partial " -iprefix $PWD/moved/bin/../lib/gcc/"
	run sh "$SRCDIR/build-aux/probe-backend" moved.h "$PWD/moved/bin/gcc"
	assert_success
	run grep -F ".exec_prefix = \"$PWD/moved/bin/../lib/gcc/$(gcc -dumpmachine)/" moved.h
	assert_success
	run sh "$SRCDIR/build-aux/probe-backend" here.h gcc
	assert_success
	run grep -F '.exec_prefix = "",' here.h
	assert_success
}
