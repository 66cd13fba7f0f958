#!/usr/bin/env bats
# Version scripts at an LTO link (collect/verscript.c): the symbols a
# script makes local are resolved PREVAILING_DEF_IRONLY, as GCC's linker
# plugin resolves them, so the backend internalizes them.  Each case
# compares xgcc's resolution file (-save-temps: OUT.res) with the one gcc's
# plugin writes for the same objects, script and link line, and the
# libraries' exported symbols.
load helper
bats_require_minimum_version 1.5.0

setup() {
	common_setup
	cat >a.c <<-'EOF'
	int helper(int x) { return x * 3; }
	int api_one(int x) { return helper(x) + 1; }
	int api_two(int x) { return helper(x) + 2; }
	int internal_tool(int x) { return x - 1; }
	int api_three(int x) { return internal_tool(x); }
	EOF
	cat >b.cc <<-'EOF'
	namespace ns { int keep(int x) { return x + 7; } int drop(int x) { return x + 8; } }
	extern "C" int c_entry(int x) { return ns::keep(x) + ns::drop(x); }
	int cxx_entry(int x) { return x; }
	EOF
	mkdir x g
	"$XGCC" -O2 -flto -fPIC -c a.c -o x/a.o
	"$XGXX" -O2 -flto -fPIC -c b.cc -o x/b.o
	gcc -O2 -flto -fPIC -c a.c -o g/a.o
	g++ -O2 -flto -fPIC -c b.cc -o g/b.o
}

# same_res SCRIPT FORM: link a shared library of a.o and b.o with SCRIPT
# given as libtool gives it (FORM "dash": -Wl,-version-script -Wl,FILE),
# as "--version-script FILE" (sep) or "--version-script=FILE" (eq), by
# xg++ and by g++ (plugin); the verdicts per symbol and the exported
# symbols must be the same.
same_res() {
	local f=../$1 flags
	case $2 in
	dash) flags=(-Wl,-version-script "-Wl,$f") ;;
	sep) flags=(-Wl,--version-script "-Wl,$f") ;;
	eq) flags=("-Wl,--version-script=$f") ;;
	esac
	(cd x && "$XGXX" -O2 -flto -shared -save-temps -o libv.so a.o b.o "${flags[@]}") || fail "xg++ failed"
	(cd g && g++ -O2 -flto -shared -save-temps -o libv.so a.o b.o "${flags[@]}") || fail "g++ failed"
	diff <(awk 'NF == 4 { print $3, $4 }' x/libv.so.res | sort) \
		<(awk 'NF == 4 { print $3, $4 }' g/libv.so.res | sort) || fail "resolutions differ (xgcc <, gcc >)"
	diff <(nm -D --defined-only x/libv.so | awk '{ print $2, $3 }' | sort) \
		<(nm -D --defined-only g/libv.so | awk '{ print $2, $3 }' | sort) || fail "exports differ"
}

@test "libtool's form: -version-script FILE, a versioned node, globs, local: *, extern \"C++\", comments" {
	cat >v.ver <<-'EOF'
	/* as libtool writes them */
	LIBV_1.0 {
	  global:
	    api_*;
	    c_entry;
	    extern "C++" {
	      ns::keep*;
	    };
	  local: *; # the rest
	};
	EOF
	same_res v.ver dash
	grep -q 'PREVAILING_DEF_IRONLY helper$' x/libv.so.res
	grep -q 'PREVAILING_DEF_IRONLY _ZN2ns4dropEi$' x/libv.so.res
	grep -q 'PREVAILING_DEF_IRONLY_EXP _ZN2ns4keepEi$' x/libv.so.res
}

@test "--version-script=FILE, an anonymous node with exact names" {
	printf '{ global: api_one; "api_two"; local: *; };\n' >v.ver
	same_res v.ver eq
	run nm -D --defined-only x/libv.so
	assert_output --partial " api_one"
	refute_output --partial " api_three"
}

@test "precedence as bfd: an exact local beats a global glob; a global glob beats a local glob; nodes in order" {
	printf 'V1 { global: api_*; local: api_two; };\nV2 { global: *tool; local: *; } V1;\n' >v.ver
	same_res v.ver sep
	grep -q 'PREVAILING_DEF_IRONLY api_two$' x/libv.so.res
	grep -q 'PREVAILING_DEF_IRONLY_EXP internal_tool$' x/libv.so.res
	grep -q 'PREVAILING_DEF_IRONLY_EXP api_one$' x/libv.so.res
}

@test "a script with only global names leaves the rest exported" {
	printf 'V1 { global: api_one; };\n' >v.ver
	same_res v.ver sep
	grep -q 'PREVAILING_DEF_IRONLY_EXP helper$' x/libv.so.res
}

@test "the library's code: with the script as small as gcc's plugin build" {
	printf 'V1 { global: api_one; local: *; };\n' >v.ver
	same_res v.ver sep
	xs=$(size -A x/libv.so | awk '$1 == ".text" { print $2 }')
	gs=$(size -A g/libv.so | awk '$1 == ".text" { print $2 }')
	[ "$xs" -le "$gs" ] || fail "xgcc's .text $xs bytes, gcc's $gs"
}

@test "a version script with a syntax error: one line naming the file, exit 1, no output" {
	printf 'V1 { global: api_one; \n' >bad.ver
	run --separate-stderr bash -c 'cd x && "$0" -O2 -flto -shared -o libbad.so a.o b.o -Wl,--version-script=../bad.ver' "$XGXX"
	assert_failure
	assert_equal "$stderr" "collect2: error: ../bad.ver: syntax error in version script: '}' missing"
	[ ! -e x/libbad.so ]
	assert_no_temps
}
