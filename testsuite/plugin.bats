#!/usr/bin/env bats
# -fplugin: xgcc finds the plugin (main.c, check_plugins), passes
# -iplugindir= and the -fplugin options to cc1/cc1plus (the specs'
# %:find-plugindir(), compile.c), and a real GCC plugin
# (plugin/count-functions.cc) runs.
#
# GCC takes a plugin's name in -fplugin-arg-NAME-KEY=VALUE up to the first
# '-', so a plugin file called count-functions.so cannot get arguments
# (plain gcc fails the same way, see below); the argument tests load the
# same plugin as count_functions.so.
load helper
load lib-run

setup_file() {
	PLUGIN_BUILD="$BATS_FILE_TMPDIR/plugin"
	mkdir -p "$PLUGIN_BUILD"
	local inc
	inc="$("$REF_GCC" -print-file-name=plugin)/include"
	if [ -r "$inc/gcc-plugin.h" ]; then
		g++ -shared -fPIC -fno-rtti -I"$inc" -O1 \
			"$SRCDIR/testsuite/plugin/count-functions.cc" \
			-o "$PLUGIN_BUILD/count-functions.so" >"$PLUGIN_BUILD/build.log" 2>&1 &&
			cp "$PLUGIN_BUILD/count-functions.so" "$PLUGIN_BUILD/count_functions.so"
	else
		echo "no $inc/gcc-plugin.h" >"$PLUGIN_BUILD/build.log"
	fi
	export PLUGIN_BUILD
}

setup() {
	common_setup
	export LC_ALL=C
	[ -e "$PLUGIN_BUILD/count_functions.so" ] ||
		fail "building the plugin failed: $(cat "$PLUGIN_BUILD/build.log")"
	cp "$PLUGIN_BUILD/count-functions.so" "$PLUGIN_BUILD/count_functions.so" .
	cat >p.c <<'EOF'
static int f(void) { return 1; }
int g(int);
int g(int x) { return x + f(); }
int main(void) { return g(-1); }
EOF
	cat >q.cc <<'EOF'
struct S {
	int m() const { return 1; }
};
static int h(int x) { return x; }
int main() { S s; return h(s.m()) - 1; }
EOF
}

# the -### listing, normalised as in hash3.bats
hash3_of() {
	"$1" -### "${@:2}" 2>&1 | normalise_hash3
}

# ------------------------------------------------------ loading a plugin

@test "a plugin runs in cc1: it counts the C functions" {
	run "$XGCC" -fplugin=./count-functions.so -c p.c
	assert_success
	assert_output 'count-functions: 3 functions'
	assert [ -e p.o ]
	assert_no_temps
}

@test "-fplugin-arg- changes the plugin's prefix" {
	run "$XGCC" -fplugin=./count_functions.so -fplugin-arg-count_functions-prefix=hello -c p.c
	assert_success
	assert_output 'hello: 3 functions'
	assert [ -e p.o ]
	assert_no_temps
}

@test "a plugin runs in cc1plus with xg++" {
	run "$XGXX" -fplugin=./count_functions.so -fplugin-arg-count_functions-prefix=hello -c q.cc
	assert_success
	assert_output 'hello: 3 functions'
	assert [ -e q.o ]
	# the same count as with g++
	run "$REF_GXX" -fplugin=./count_functions.so -fplugin-arg-count_functions-prefix=hello -c q.cc -o g.o
	assert_output 'hello: 3 functions'
	assert_no_temps
}

@test "a plugin runs when compiling and linking in one go" {
	run "$XGCC" -fplugin=./count_functions.so -fplugin-arg-count_functions-prefix=linked p.c -o prog
	assert_success
	assert_output 'linked: 3 functions'
	run ./prog
	assert_success
	assert_no_temps
}

@test "arguments for a plugin name with a '-' fail in cc1 as with gcc" {
	run "$REF_GCC" -fplugin=./count-functions.so -fplugin-arg-count-functions-prefix=hello -c p.c -o g.o
	assert_failure
	local want=$output
	run "$XGCC" -fplugin=./count-functions.so -fplugin-arg-count-functions-prefix=hello -c p.c
	assert_failure 1
	assert_output "$want"
	assert_line --partial 'plugin count should be specified before'
	assert_no_file p.o
	assert_no_temps
}

# ------------------------------------------------------ what cc1 gets

@test "-### shows -iplugindir= and the -fplugin options" {
	local dir
	dir=$("$REF_GCC" -print-file-name=plugin)
	run "$XGCC" -### -fplugin=./count_functions.so -fplugin-arg-count_functions-prefix=hello -c p.c
	assert_success
	assert_line --regexp "/cc1 .*\"-iplugindir=$dir\".*\"-fplugin=./count_functions.so\" \"-fplugin-arg-count_functions-prefix=hello\""
	run "$XGXX" -### -fplugin=./count_functions.so -c q.cc
	assert_success
	assert_line --regexp "/cc1plus .*\"-iplugindir=$dir\".*\"-fplugin=./count_functions.so\""
	# no plugin, no -iplugindir
	run "$XGCC" -### -c p.c
	refute_output --partial 'plugindir'
	assert_no_temps
}

@test "-### for plugins matches gcc" {
	local args
	for args in "-fplugin=./count_functions.so -fplugin-arg-count_functions-prefix=hello -c p.c" \
		"-iplugindir=/elsewhere -fplugin=./count_functions.so -c p.c" \
		"-fplugin=./count_functions.so -E p.c" \
		"-fplugin=./count_functions.so p.c -o prog"; do
		# shellcheck disable=SC2086
		run diff <(hash3_of "$REF_GCC" $args) <(hash3_of "$XGCC" $args)
		assert_success
	done
	run diff <(hash3_of "$REF_GXX" -fplugin=./count_functions.so -c q.cc) \
		<(hash3_of "$XGXX" -fplugin=./count_functions.so -c q.cc)
	assert_success
}

@test "an explicit -iplugindir= is not doubled" {
	run "$XGCC" -### -iplugindir=/elsewhere -fplugin=./count_functions.so -c p.c
	assert_success
	assert_line --regexp '/cc1 .*"-iplugindir=/elsewhere"'
	refute_line --regexp "/cc1 .*-iplugindir=$("$REF_GCC" -print-file-name=plugin)"
}

# ------------------------------------------------------ missing plugins

@test "a missing plugin file is an error, nothing compiled" {
	run "$XGCC" -fplugin=./nope.so -c p.c
	assert_failure 1
	assert_output 'xgcc: error: cannot load plugin ./nope.so: No such file or directory'
	assert_no_file p.o
	run "$XGCC" -### -fplugin=./nope.so -c p.c
	assert_failure 1
	assert_line 'xgcc: error: cannot load plugin ./nope.so: No such file or directory'
	refute_line --regexp '/cc1 '
	assert_no_temps
}

@test "a missing short plugin name is looked for in the plugin directory" {
	run "$XGCC" -fplugin=no-such-plugin -c p.c
	assert_failure 1
	assert_output "xgcc: error: cannot load plugin $("$REF_GCC" -print-file-name=plugin)/no-such-plugin.so: No such file or directory"
	assert_no_file p.o
	assert_no_temps
}

@test "one missing plugin among good ones: nothing is built" {
	run "$XGCC" -fplugin=./count_functions.so -fplugin=./nope.so p.c -o prog
	assert_failure 1
	assert_line 'xgcc: error: cannot load plugin ./nope.so: No such file or directory'
	refute_output --partial 'functions'
	assert_no_file prog a.out
	assert_no_temps
}

# ------------------------------------------------------ LTO

@test "plugins are passed to lto1 at the LTO link" {
	run "$XGCC" -O2 -flto -fplugin=./count_functions.so -fplugin-arg-count_functions-prefix=compile -c p.c
	assert_success
	assert_output 'compile: 3 functions'
	run "$XGCC" -O2 -flto -fplugin=./count_functions.so -fplugin-arg-count_functions-prefix=lto p.o -o prog
	assert_success
	# the plugin is loaded by lto1 (WPA and LTRANS); there it parses nothing
	assert_line 'lto: 0 functions'
	run ./prog
	assert_success
	run "$XGCC" -### -O2 -flto -fplugin=./count_functions.so p.o -o prog
	assert_output --partial '-fplugin=./count_functions.so'
	assert_no_temps
}
