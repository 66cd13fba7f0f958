#!/usr/bin/env bats
# -specs=FILE: spec files read over the backend's specs as gcc reads them
# (searched among the startfile directories, %include, %rename, "+ "
# appends), and every command made from the specs they leave: Debian's
# dpkg no-pie files, Fedora-style hardening files and files that replace
# a spec give gcc's -### commands and the programs they mean.
load helper
load lib-run

setup() {
	common_setup
	export LC_ALL=C
	printf 'int main(void) { return 0; }\n' >m.c
	cat >hardened-cc1.specs <<'SPECS'
*cc1_options:
+ %{!r:%{!fpie:%{!fPIE:%{!fpic:%{!fPIC:%{!fno-pic:-fPIE}}}}}}
SPECS
	cat >hardened-ld.specs <<'SPECS'
*self_spec:
+ %{!static:%{!shared:%{!r:-pie}}}

*link:
+ -z now
SPECS
	cat >renamed.specs <<'SPECS'
%rename link old_link

*link:
%(old_link) -z relro
SPECS
	printf '%%include <hardened-ld.specs>\n' >including.specs
	printf '*asm:\n+ --noexecstack\n' >asm.specs
}

@test "-specs=: Debian's dpkg no-pie files give gcc's commands, and a program that is no PIE" {
	local c=/usr/share/dpkg/no-pie-compile.specs l=/usr/share/dpkg/no-pie-link.specs
	[ -r "$c" ] && [ -r "$l" ] || skip "dpkg's spec files are not installed (libdpkg-perl)"
	same_as_gcc gcc "$XGCC" -specs=$c -c m.c
	same_as_gcc gcc "$XGCC" -specs=$c -fPIC -c m.c
	same_as_gcc gcc "$XGCC" -specs=$c -specs=$l m.c -o p
	same_as_gcc gcc "$XGCC" -specs=$l -shared m.c -o l.so
	"$XGCC" -specs=$c -specs=$l m.c -o p
	assert_elf_type p EXEC
	"$XGCC" m.c -o q
	assert_elf_type q DYN
}

@test "-specs=: Fedora-style hardening (cc1_options, self_spec, link appended) as gcc, and BIND_NOW in the program" {
	same_as_gcc gcc "$XGCC" -specs=hardened-cc1.specs -c m.c
	same_as_gcc gcc "$XGCC" -specs=hardened-cc1.specs -fPIC -shared m.c -o l.so
	same_as_gcc gcc "$XGCC" -specs=hardened-cc1.specs -specs=hardened-ld.specs m.c -o p
	same_as_gcc gcc "$XGCC" -specs=hardened-ld.specs -static m.c -o s
	"$XGCC" -specs=hardened-cc1.specs -specs=hardened-ld.specs m.c -o p
	assert_elf_type p DYN
	readelf -d p | grep -q 'BIND_NOW' || fail "no BIND_NOW: -z now did not reach the link"
	run ./p
	assert_success
}

@test "-specs=: %rename, %include (searched with -B), *asm, and what -v says, as gcc" {
	same_as_gcc gcc "$XGCC" -specs=renamed.specs m.c
	same_as_gcc gcc "$XGCC" -B ./ -specs=including.specs m.c
	same_as_gcc gcc "$XGCC" -specs=asm.specs -c m.c
	run "$XGCC" -v -specs=renamed.specs -c m.c
	assert_success
	assert_line 'Reading specs from renamed.specs'
	assert_line 'rename spec link to old_link'
}

@test "-specs=: a spec replaced (*lib, *cpp, *cc1, a compiler's %(name)) gives gcc's commands and program" {
	printf '*lib:\n-lm -lc\n\n*cpp:\n-DREPLACED_CPP\n\n*cc1:\n%%(cc1_cpu) -DFROM_CC1\n' >replaced.specs
	same_as_gcc gcc "$XGCC" -specs=replaced.specs m.c
	same_as_gcc gcc "$XGCC" -specs=replaced.specs -S m.c
	printf '*invoke_as:\n%%{!S:-o %%g.s \n as %%(asm_options) -al=listing.txt %%g.s}\n' >as.specs
	same_as_gcc gcc "$XGCC" -specs=as.specs -c m.c
	"$XGCC" -specs=replaced.specs -specs=as.specs m.c -o r
	run ./r
	assert_success
	assert [ -s listing.txt ]
}

@test "-specs=: *self_spec set and renamed as gcc; a missing file is gcc's error; a bad one an error" {
	printf '*self_spec:\n-DX\n' >self.specs
	same_as_gcc gcc "$XGCC" -specs=self.specs -c m.c
	printf '%%rename self_spec old\n\n*self_spec:\n-DY %%(old)\n' >self2.specs
	same_as_gcc gcc "$XGCC" -specs=self.specs -specs=self2.specs -c m.c
	run "$XGCC" -specs=none.specs m.c
	assert_failure 1
	assert_output $'xgcc: fatal error: cannot read spec file \'none.specs\': No such file or directory\ncompilation terminated.'
	same_as_gcc gcc "$XGCC" -specs=none.specs m.c
	printf '%%bogus x\n' >bogus.specs
	run "$XGCC" -specs=bogus.specs m.c
	assert_failure 1
	assert_output --partial 'unknown % command'
}

@test "-specs=: a self spec's duplicate switches are one, as gcc prunes them" {
	printf '*self_spec:\n+ -fno-PIE -Wall -fno-PIE\n' >dup.specs
	same_as_gcc gcc "$XGCC" -specs=dup.specs -c m.c
	printf '*self_spec:\n+ %%{fPIC:-DPIC_GIVEN}\n' >cond.specs
	same_as_gcc gcc "$XGCC" -specs=cond.specs -c m.c
	same_as_gcc gcc "$XGCC" -specs=cond.specs -fPIC -c m.c
}
