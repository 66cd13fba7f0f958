/* spec-unit: runs driver/spec.c on one spec string, for spec.bats.
 *
 *   spec-unit [OPTION]... SPEC [SWITCH]...
 *
 * SWITCH is an option without its '-' ("O2", "fPIC"), with its separate
 * arguments after blanks in the same word ("o out.o").  Options:
 *   -i NAME        the input file (its base name, suffix and language
 *                  "c" are derived from it); -l LANG its language
 *   -D DIR         -dumpdir;  -B BASE  the aux-output base
 *   -p             -pipe;  -t  -save-temps;  -@  an @file was given
 *   -k             the second -fcompare-debug compilation
 *   -d NAME=BODY   define a named spec;  -f FILE  read a spec file
 *   -m FILE        read the backend's specs (gcc -dumpspecs) first
 *   -O A,B,...     what %o gives;  -Y OPT  an -Wa, option (%Y)
 *   -x OPT         a linker option gathered before (%X)
 *   -P             print the specs (spec_dump) after expanding
 *   -C SPEC        the compiler row's cpp spec (what %C expands)
 *   -n A,B,...     a combinable compiler's inputs (what %i gives)
 *   -h             the driver's hooks: "ended: ARGV0" when a command
 *                  ends, "banner: TEXT" for %:print-asm-header()
 * Each command is printed on a line, its arguments separated by blanks,
 * "[T]" after a temporary file, "[F]" after an output deleted on
 * failure, " |" at the end of a command piped into the next; then
 * "output: PATH" for each %w or %V, "linker options: ...", and on an
 * error "error: TEXT" with exit status 1.
 */
#include "config.h"

#include "spec.h"
#include "diag.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct unit {
	int ntemps;
	struct strvec outputs;
};

static char *make_temp(void *arg, const char *suffix)
{
	struct unit *u = arg;
	return xasprintf("/tmp/cc%d%s", ++u->ntemps, suffix);
}

/* a spec file's %include: in SPEC_UNIT_DIR, or not found */
static char *find_spec(void *arg, const char *name)
{
	(void)arg;
	char *path = xasprintf("%s/%s", getenv("SPEC_UNIT_DIR") ? getenv("SPEC_UNIT_DIR") : ".", name);
	if (access(path, R_OK) == 0)
		return path;
	free(path);
	return NULL;
}

static char *find_file(void *arg, const char *name)
{
	(void)arg;
	if (!strncmp(name, "crt", 3) || !strcmp(name, "plugin"))
		return xasprintf("/lib/gcc/%s", name);
	char *in_dir = find_spec(arg, name);
	return in_dir ? in_dir : xstrdup(name);
}

static char *find_script(void *arg, const char *name)
{
	(void)arg;
	return strcmp(name, "missing.ld") ? xasprintf("/lib/ldscripts/%s", name) : NULL;
}

static void paths(void *arg, int which, struct strvec *out)
{
	(void)arg;
	if (which == 'I') {
		strvec_push(out, xstrdup("-isystem"));
		strvec_push(out, xstrdup("/inc"));
	} else {
		strvec_push(out, xstrdup("-L/lib/gcc"));
	}
}

static const char *value(void *arg, int which)
{
	(void)arg;
	return which == 'M' ? "../lib64" : "/sysroot";
}

static void outputs(void *arg, struct strvec *out)
{
	struct unit *u = arg;
	for (size_t i = 0; i < u->outputs.n; i++)
		strvec_push(out, xstrdup(u->outputs.v[i]));
}

static void set_output(void *arg, const char *path)
{
	(void)arg;
	printf("output: %s\n", path ? path : "(none)");
}

static char *at_file(void *arg, const struct strvec *args)
{
	(void)arg;
	char *j = strvec_join(args, ',');
	char *at = xasprintf("@[%s]", j);
	free(j);
	return at;
}

/* a driver function for the tests: test-args gives its arguments back
 * joined by '+', test-null gives nothing */
static const char *function(void *arg, struct spec_run *r, const char *name, int argc, char **argv, int *known)
{
	(void)arg, (void)r;
	*known = !strcmp(name, "test-args") || !strcmp(name, "test-null") || !strcmp(name, "test-print");
	if (!strcmp(name, "test-print")) /* says when it is called */
		printf("called: test-print\n");
	if (strcmp(name, "test-args"))
		return NULL;
	static char buf[4096];
	buf[0] = '\0';
	for (int i = 0; i < argc; i++)
		snprintf(buf + strlen(buf), sizeof buf - strlen(buf), "%s%s", i ? "+" : "", argv[i]);
	return buf;
}

static void command_ended(void *arg, struct spec_run *r, const struct spec_cmd *c)
{
	(void)arg, (void)r;
	printf("ended: %s\n", c->args[0].text);
}

static void banner(void *arg, const char *text)
{
	(void)arg;
	printf("banner: %.17s\n", text);
}

int main(int argc, char **argv)
{
	diag_init("spec-unit");
	static const struct spec_ops ops = { .make_temp = make_temp, .find_file = find_file,
					     .find_script = find_script, .paths = paths, .value = value,
					     .outputs = outputs, .set_output = set_output, .at_file = at_file,
					     .function = function };
	static const struct spec_ops hooked = { .make_temp = make_temp, .find_file = find_file,
						.find_script = find_script, .paths = paths, .value = value,
						.outputs = outputs, .set_output = set_output, .at_file = at_file,
						.function = function, .command = command_ended, .banner = banner };
	struct strvec names = { 0 };
	struct unit u = { 0 };
	struct spec_set specs = { 0 };
	struct spec_input in = { 0 };
	struct strvec linker = { 0 }, assembler = { 0 };
	struct spec_run r = { .specs = &specs, .ops = &ops, .arg = &u, .object_suffix = ".o",
			      .bit_bucket = "/dev/null", .version = "12.2.0", .linker_options = &linker,
			      .assembler_options = &assembler };
	int dump = 0, c;
	char *err = NULL;
	while ((c = getopt(argc, argv, "+i:l:D:B:pt@kd:f:m:O:Y:x:PC:n:h")) != -1) {
		switch (c) {
		case 'i': {
			in.name = optarg;
			const char *slash = strrchr(optarg, '/'), *dot = strrchr(optarg, '.');
			in.base = slash ? slash + 1 : optarg;
			in.base_len = dot && dot > in.base ? (size_t)(dot - in.base) : strlen(in.base);
			in.suffix = dot && dot > in.base ? dot + 1 : NULL;
			if (!in.language)
				in.language = "c";
			r.in = &in;
			break;
		}
		case 'l': in.language = optarg; break;
		case 'D': in.dumpdir = optarg; break;
		case 'B': in.outbase = optarg; break;
		case 'p': r.use_pipes = 1; break;
		case 't': r.save_temps = 1; break;
		case '@': r.at_file_supplied = 1; break;
		case 'k': r.compare_debug_second = 1; break;
		case 'd': {
			char *eq = strchr(optarg, '=');
			if (!eq)
				return 2;
			*eq = '\0';
			spec_set(&specs, optarg, eq + 1, 0);
			break;
		}
		case 'f':
			if (spec_read_file(&specs, optarg, 0, 1, find_spec, NULL, 0, &err) < 0) {
				printf("error: %s\n", err);
				return 1;
			}
			break;
		case 'm':
			if (spec_read_file(&specs, optarg, 1, 0, NULL, NULL, 0, &err) < 0) {
				printf("error: %s\n", err);
				return 1;
			}
			specs.sealed = 1;
			break;
		case 'O': strvec_split(&u.outputs, optarg, ','); break;
		case 'Y': strvec_push(&assembler, optarg); break;
		case 'x': strvec_push(&linker, optarg); break;
		case 'P': dump = 1; break;
		case 'C': r.cpp_spec = optarg; break;
		case 'n':
			strvec_split(&names, optarg, ',');
			in.names = (const char *const *)names.v;
			in.nnames = names.n;
			break;
		case 'h': r.ops = &hooked; break;
		default: return 2;
		}
	}
	if (optind >= argc)
		return 2;
	const char *spec = argv[optind++];
	r.nsw = (size_t)(argc - optind);
	r.sw = calloc(r.nsw + 1, sizeof *r.sw);
	for (size_t i = 0; i < r.nsw; i++) {
		struct strvec words = { 0 };
		strvec_split(&words, argv[optind + (int)i], ' ');
		r.sw[i].part1 = words.n ? words.v[0] : "";
		r.sw[i].args = words.n > 1 ? (const char *const *)words.v + 1 : NULL;
		r.sw[i].known = 1;
	}
	int v = spec_expand(&r, spec);
	for (size_t i = 0; i < r.ncmds; i++) {
		for (size_t j = 0; j < r.cmds[i].n; j++) {
			const struct spec_arg *a = &r.cmds[i].args[j];
			printf("%s%s%s%s", j ? " " : "", a->text, a->flags & SPEC_ARG_TEMP ? "[T]" : "",
			       a->flags & SPEC_ARG_FAILURE ? "[F]" : "");
		}
		printf("%s\n", r.cmds[i].piped_to_next ? " |" : "");
	}
	if (linker.n) {
		char *j = strvec_join(&linker, ' ');
		printf("linker options: %s\n", j);
		free(j);
	}
	for (size_t i = 0; i < r.nsw; i++)
		if (r.sw[i].live & SPEC_SW_IGNORE)
			printf("removed: -%s\n", r.sw[i].part1);
	if (dump)
		spec_dump(&specs, stdout);
	if (v < 0) {
		printf("error: %s\n", r.error ? r.error : "?");
		return 1;
	}
	spec_run_free(&r);
	spec_set_free(&specs);
	return 0;
}
