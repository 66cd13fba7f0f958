#!/usr/bin/env bats
# The manual keeps up with the code: every installed program has a man
# page that make install installs, every option of the driver's option
# table and every environment variable a program reads is in the texinfo
# manual.  These read the sources only (nothing is built or run), so a new
# option or getenv() without its documentation fails here.
load helper

DOC="$XGCC_SRCDIR/doc"

# The texinfo sources, as one text.
manual() { cat "$DOC"/*.texi; }

@test "docs: every installed program has a man page in dist_man_MANS" {
	local progs p missing=""
	# bin_ and pkglibexec_PROGRAMS (lto1 is added with +=), and the
	# unprefixed links make install adds (Makefile.am's tool_links)
	progs=$(sed -n 's/^\(bin\|pkglibexec\)_PROGRAMS *+*= *//p' "$XGCC_SRCDIR/Makefile.am")
	[ -n "$progs" ] || fail "no *_PROGRAMS found in Makefile.am"
	for p in $progs xg++ xgcc-nm xgcc-ranlib; do
		[ -f "$DOC/$p.1" ] || missing="$missing $p.1"
		tr ' \t\\' '\n\n\n' <"$DOC/local.mk" | grep -qxF "doc/$p.1" ||
			missing="$missing $p.1(not-in-dist_man_MANS)"
	done
	[ -z "$missing" ] || fail "man pages missing:$missing"
}

# The options the driver acts on: those it asks for by name
# (opt_is, has_opt, last_opt and the lists of names beside them) and
# xgcc's own (lib/gccopt.c's xgcc_options).
driver_option_names() {
	grep -ohE '(opt_is|has_opt|last_opt)\([^,]*, "-[^"]*"\)' "$XGCC_SRCDIR"/driver/*.c |
		sed -E 's/.*"(-[^"]*)"\)$/\1/'
	sed -n '/^static const struct xgcc_option xgcc_options/,/^};/s/^	{ "\(-[^"]*\)".*/\1/p' \
		"$XGCC_SRCDIR/lib/gccopt.c"
}

@test "docs: every option the driver acts on is in the manual" {
	local o b missing="" text n=0
	text=$(manual)
	while read -r o; do
		n=$((n + 1))
		b=${o%=}
		b=${b%,}
		# @option{-x...}, @opindex x... (without the leading dashes)
		case $text in
		*"{$b"* | *"@opindex ${b#-}"* | *"@opindex ${b#--}"*) ;;
		*) missing="$missing $o" ;;
		esac
	done < <(driver_option_names | sort -u)
	[ "$n" -gt 60 ] || fail "found only $n options: is the pattern still right?"
	[ -z "$missing" ] || fail "options not in doc/*.texi:$missing"
}

@test "docs: every long spelling of gcc's table is in the manual's table" {
	local a missing="" text n=0
	text=$(manual)
	# the aliases among GCC 12's "--" options, each once (not its "=" twin)
	while read -r a; do
		n=$((n + 1))
		case $text in
		*"@item @option{$a}"*) ;;
		*) missing="$missing $a" ;;
		esac
	done < <(sed -nE 's/^	\{ "(--[^"=]*)=?", [^,]*, [^,]*, [^,]*, [^,]*, ([0-9]+),.*/\1/p' \
		"$XGCC_SRCDIR/lib/gcc-options-12.h" | sort -u)
	[ "$n" -gt 50 ] || fail "found only $n aliases: is the pattern still right?"
	[ -z "$missing" ] || fail "long options not in doc/xgcc.texi:$missing"
}

@test "docs: every environment variable the programs getenv() is in the manual" {
	local v missing="" text n=0
	text=$(manual)
	while read -r v; do
		n=$((n + 1))
		case $text in
		*"@env{$v}"* | *"@vindex $v"* | *"@env{$v="*) ;;
		*) missing="$missing $v" ;;
		esac
	done < <(cd "$XGCC_SRCDIR" && cat driver/*.c collect/*.c lto/*.c lib/*.c tools/*.c distrib/*.c |
		grep -o 'getenv *( *"[A-Za-z_0-9]*"' | sed 's/.*"\(.*\)"/\1/' | sort -u)
	[ "$n" -gt 5 ] || fail "found only $n getenv() calls: is the pattern still right?"
	[ -z "$missing" ] || fail "environment variables not in doc/*.texi:$missing"
}
