#!/usr/bin/env bats
# testsuite/real/debian/explain, the part of make check-debian that says
# why two builds' .debs differ: on packages made here with dpkg-deb from
# objects that differ the way the first rebuild's did (an option in the
# producer string), and in other ways.
load helper

EXPLAIN="$SRCDIR/testsuite/real/debian/explain"

# make_deb DIR OBJECT...: DIR/t_1_amd64.deb holding the OBJECTs under
# usr/lib/t/, with its md5sums.
make_deb() {
	local dir=$1 root
	shift
	root=$BATS_TEST_TMPDIR/root-$dir
	mkdir -p "$root/DEBIAN" "$root/usr/lib/t" "$dir"
	printf 'Package: t\nVersion: 1\nArchitecture: amd64\nMaintainer: x <x@example.org>\nDescription: t\n' >"$root/DEBIAN/control"
	cp "$@" "$root/usr/lib/t/"
	(cd "$root" && find usr -type f -exec md5sum {} + >DEBIAN/md5sums)
	SOURCE_DATE_EPOCH=1 dpkg-deb --root-owner-group -Zxz --build "$root" "$dir/t_1_amd64.deb" >/dev/null
}

setup() {
	common_setup
	printf 'double f(double a, double b) { return a * b; }\n' >m.c
	printf 'int one(void) { return 1; }\n' >n.c
}

@test "explain: an option in the producer string is named, with the file and package" {
	gcc -g -O2 -c m.c -o m.o && gcc -g -O2 -c n.c -o n.o
	make_deb a m.o n.o
	gcc -g -O2 -fexcess-precision=fast -c m.c -o m.o
	make_deb b m.o n.o
	run bash "$EXPLAIN" a b
	assert_success
	assert_line --index 0 --regexp '^1 of 1 \.debs differ; first: t_1_amd64\.deb: usr/lib/t/m\.o: producer: .*-fexcess-precision=fast'
	assert_line '  DEBIAN/md5sums (follows the files)'
	assert_line '    disassembly: 0 differing lines'
	refute_output --partial n.o
}

@test "explain: other code is counted in the disassembly, a package in one build only is named" {
	gcc -O2 -c m.c -o m.o
	make_deb a m.o
	gcc -O0 -c m.c -o m.o
	make_deb b m.o
	mkdir -p b2 && cp b/t_1_amd64.deb b2/ && cp b/t_1_amd64.deb b2/u_1_amd64.deb
	run bash "$EXPLAIN" a b2
	assert_success
	assert_line --index 0 --regexp '^2 of 2 \.debs differ; first: t_1_amd64\.deb: usr/lib/t/m\.o: '
	assert_line --regexp '^    disassembly: [1-9][0-9]* differing lines$'
	assert_line --regexp '^    sections: '
	assert_line 'u_1_amd64.deb: in one build only'
}
