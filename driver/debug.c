/* The debug formats, as gcc's driver checks them.
 *
 * gcc's driver runs GCC's common option handling over the command line,
 * whose set_debug_level (opts.cc) keeps the debug formats chosen so far:
 * -gstabs, -gdwarf and -gdwarf-N, -gxcoff, -gvms, -gctf and -gbtf each
 * choose one, and one that differs from a format chosen by an earlier
 * such option is an error ("debug format 'stabs' conflicts with prior
 * selection"), except that DWARF goes with CTF or with BTF (not both).
 * -g and -ggdb choose the target's preferred format (DWARF here) without
 * counting as a choice, and add DWARF to CTF or BTF.  -gdwarf-N wants N
 * in 2..5; -gdwarfN (a level glued on) is ambiguous.  The errors come in
 * the options' order and stop the driver before anything runs.
 */
#include "config.h"

#include "driver.h"
#include "diag.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* GCC's debug format bits (its enum debug_info_type), and their names. */
enum { NO_DEBUG = 0, DBX = 1, DWARF2 = 2, XCOFF = 4, VMS = 8, CTF = 16, BTF = 32 };

static const char *format_name(unsigned f)
{
	static const char *const names[] = { "stabs", "dwarf-2", "xcoff", "vms", "ctf", "btf" };
	for (int i = 0; i < 6; i++)
		if (f == 1u << i)
			return names[i];
	return "none";
}

/* The format an option chooses; NO_DEBUG for -g and -ggdb, -1 for the
 * -g options that choose none (-gsplit-dwarf, -gz, -gcolumn-info ...). */
static int chosen_format(const char *w)
{
	static const struct { const char *name; int exact; int format; } table[] = {
		{ "-ggdb", 0, NO_DEBUG }, { "-gstabs", 0, DBX }, { "-gxcoff", 0, XCOFF },
		{ "-gvms", 0, VMS },      { "-gctf", 0, CTF },   { "-gbtf", 1, BTF },
		{ "-gdwarf", 0, DWARF2 },
	};
	if (!strcmp(w, "-gdwarf32") || !strcmp(w, "-gdwarf64"))
		return -1; /* DWARF's offset size, no format */
	for (size_t i = 0; i < sizeof table / sizeof *table; i++) {
		size_t n = strlen(table[i].name);
		if (strncmp(w, table[i].name, n) != 0)
			continue;
		const char *rest = w + n;
		if (!*rest || (!table[i].exact && (isdigit((unsigned char)*rest) || *rest == '+' || *rest == '-')))
			return table[i].format;
	}
	if (w[2] == '\0' || (isdigit((unsigned char)w[2]) && w[3] == '\0'))
		return NO_DEBUG; /* -g, -gN */
	return -1;
}

void check_debug_options(const struct driver *d)
{
	unsigned chosen = NO_DEBUG, set = NO_DEBUG;
	for (size_t i = 0; i < d->nopts; i++) {
		const char *w = d->opts[i].word;
		if (!opt_kind(&d->opts[i], 'g') || d->opts[i].elided)
			continue;
		int f = chosen_format(w);
		if (f < 0)
			continue;
		if (f == DWARF2 && w[7] && w[7] != '-') {
			diag(DIAG_ERROR, "%s is ambiguous; use %s for DWARF version or %s %s for debug level",
			     diag_q(w), diag_qf("-gdwarf-%s", w + 7), diag_q("-gdwarf"), diag_qf("-g%s", w + 7));
			continue;
		}
		if (f == DWARF2 && w[7] == '-') {
			long v = strtol(w + 8, NULL, 10);
			if (v < 2 || v > 5) {
				diag(DIAG_ERROR, "dwarf version %ld is not supported", v);
				continue;
			}
		}
		unsigned dinfo = (unsigned)f;
		if (dinfo == NO_DEBUG) {
			if (chosen == NO_DEBUG) {
				chosen = DWARF2; /* the target's preferred one, not "set" */
			} else if (chosen & (CTF | BTF)) {
				chosen |= DWARF2;
				set |= DWARF2;
			}
			continue;
		}
		unsigned with_ctf = DWARF2 | CTF, with_btf = DWARF2 | BTF;
		if ((dinfo & with_ctf) && (chosen == with_ctf || chosen == DWARF2 || chosen == CTF)) {
			chosen |= dinfo;
			set |= dinfo;
		} else if ((dinfo & with_btf) && (chosen == with_btf || chosen == DWARF2 || chosen == BTF)) {
			chosen |= dinfo;
			set |= dinfo;
		} else {
			if (set != NO_DEBUG && chosen != NO_DEBUG && dinfo != chosen)
				diag(DIAG_ERROR, "debug format %s conflicts with prior selection",
				     diag_q(format_name(dinfo)));
			chosen = set = dinfo;
		}
	}
}
