# testsuite/difftest/compare.awk: normalise and compare the -### outputs
# of gcc and xgcc for one command line (testsuite/difftest/run).
#
#   awk -f compare.awk -v ref_name=gcc -v ours_name=xgcc \
#       -v cxx_refuses_standard=1 <MANIFEST
#
# (cxx_refuses_standard: the backend is older than GCC 13).
#
# Each line of MANIFEST is "ID REF-STATUS OURS-STATUS REF-OUTPUT
# OURS-OUTPUT" (tab-separated): the exit status and the file holding the
# output of each driver for one command line.  Each output becomes a list
# of lines "cmd: COMMAND" (the command lines, those that start with a
# space), "diag: LINE" (the first diagnostic) and "status: N".  For each
# line prints "SAME<TAB><TAB>ID" when the two lists are equal; otherwise
# writes them to REF-OUTPUT.n and OURS-OUTPUT.n and prints
# "DIFF<TAB>CAUSE<TAB>ID", CAUSE naming the first difference, for
# grouping.  One awk for many lines: an awk per line costs as much as a
# driver.
#
# The normalisation rules are all in this file, each a function rule_*
# named as in doc/difftest.texi, which says which documented difference
# (the manual's node) each one stands for.  Nothing else is changed.

# rule_header: the -v header ("Using built-in specs.", COLLECT_GCC=,
# COLLECT_LTO_WRAPPER=, OFFLOAD_TARGET_*, Target:, Configured with:,
# Thread model:, the version line) and the environment lines
# (COLLECT_GCC_OPTIONS=, COMPILER_PATH=, LIBRARY_PATH=) are not compared:
# the test compares commands, diagnostics and status.  Documented
# difference of the header: node Overall Options (-v).
function rule_header(line) {
	return line ~ /^(Using built-in specs\.|Target: |Configured with: |Thread model: )/ ||
	       line ~ /^(Supported LTO compression algorithms: |gcc version )/ ||
	       line ~ /^[A-Z_]+=/
}

# rule_linker_plugin: gcc's collect2 line has -plugin FILE and the
# -plugin-opt=... options (-fresolution=, -pass-through=, lto-wrapper);
# xgcc does LTO without the linker plugin.  Nodes Link Line, Differences
# from GCC.
function rule_linker_plugin(line) {
	gsub(/ -plugin [^ ]+/, "", line)
	gsub(/ "-plugin-opt=[^"]*"/, "", line)
	gsub(/ -plugin-opt=[^ ]+/, "", line)
	return line
}

# rule_collect2_path: the driver runs its own collect2 (from the build
# tree or its libexec directory), gcc the backend's.  Node Link Line.
function rule_collect2_path(line) {
	sub(/^ [^ ]*\/collect2 /, " collect2 ", line)
	return line
}

# rule_excess_precision: a cc1plus that refuses -fexcess-precision=standard
# (before GCC 13: "sorry, unimplemented") gets =fast from xgcc where gcc
# passes =standard on; xgcc's note saying which mode each input gets is
# not a diagnostic to compare.  Nodes Choosing the Mode, Differences from
# GCC.
function rule_excess_precision(line, side) {
	if (side == "ref" && cxx_refuses_standard && line ~ /^ [^ ]*\/cc1plus /)
		gsub(/"-fexcess-precision=standard"/, "\"-fexcess-precision=fast\"", line)
	return line
}
function rule_excess_precision_note(line) {
	return line ~ /^[^ ]+: note: .*: -fexcess-precision=[a-z]+ \(.*\)$/
}

# rule_driver_name: messages start with the name the driver was started
# as (gcc:, xgcc:, x86_64-w64-mingw32-xgcc: ...).  Node Diagnostics.
function rule_driver_name(line, name) {
	if (index(line, name ": ") == 1)
		line = "DRIVER" substr(line, length(name) + 1)
	return line
}

# rule_temp_names: temporary files, DIR/ccXXXXXX with any suffix, become
# TMP with the suffix: gcc -### reuses one name for the .s of each input,
# xgcc makes a new one.  Node Intermediate Files.
function rule_temp_names(line) {
	gsub(/[^ "=,]*\/cc[A-Za-z0-9][A-Za-z0-9][A-Za-z0-9][A-Za-z0-9][A-Za-z0-9][A-Za-z0-9]/, "TMP", line)
	return line
}

function is_diagnostic(line) {
	return line ~ /^[^ ][^ ]*: (fatal error|error|warning|note): / ||
	       line ~ /^[^ ][^ ]*: (sorry, unimplemented|internal compiler error): / ||
	       line ~ /^[^ ]+:[0-9]+(:[0-9]+)?: (fatal error|error|warning|note): /
}

# normalise(LINE, SIDE): append the normalised line to list SIDE.
function normalise(line, side, name) {
	if (line ~ /^ /) {
		line = rule_linker_plugin(line)
		line = rule_collect2_path(line)
		line = rule_excess_precision(line, side)
		line = rule_temp_names(line)
		add(side, "cmd:" line)
	} else if (rule_header(line)) {
		return
	} else if (!seen_diag[side] && is_diagnostic(line) && !rule_excess_precision_note(line)) {
		seen_diag[side] = 1
		add(side, "diag: " rule_temp_names(rule_driver_name(line, name)))
	}
}
function add(side, line) {
	lines[side, ++count[side]] = line
}

BEGIN { FS = "\t" }
{
	delete lines; delete count; delete seen_diag; delete lto_on
	count["ref"] = count["ours"] = 0
	while ((getline line <$4) > 0)
		normalise(line, "ref", ref_name)
	close($4)
	while ((getline line <$5) > 0)
		normalise(line, "ours", ours_name)
	close($5)
	add("ref", "status: " $2)
	add("ours", "status: " $3)
	same = (count["ref"] == count["ours"])
	for (i = 1; same && i <= count["ref"]; i++)
		if (lines["ref", i] != lines["ours", i])
			same = 0
	if (same) {
		print "SAME\t\t" $1
		next
	}
	for (i = 1; i <= count["ref"]; i++) print lines["ref", i] >($4 ".n")
	for (i = 1; i <= count["ours"]; i++) print lines["ours", i] >($5 ".n")
	close($4 ".n"); close($5 ".n")
	print "DIFF\t" first_cause() "\t" $1
}

# first_cause: a short name for the first difference, for grouping.
function first_cause(    i, a, b, pa, pb) {
	for (i = 1; i <= count["ref"] || i <= count["ours"]; i++) {
		a = (i <= count["ref"]) ? lines["ref", i] : "(nothing)"
		b = (i <= count["ours"]) ? lines["ours", i] : "(nothing)"
		if (a == b)
			continue
		if (a ~ /^cmd:/ && b ~ /^cmd:/) {
			pa = prog(a); pb = prog(b)
			if (pa == pb)
				return pa ": " token_diff(a, b)
			return "commands: gcc runs " pa ", xgcc runs " pb
		}
		if (a ~ /^cmd:/ || b ~ /^cmd:/)
			return "commands: gcc " (a ~ /^cmd:/ ? "runs " prog(a) : "has " generic(a)) \
			       ", xgcc " (b ~ /^cmd:/ ? "runs " prog(b) : "has " generic(b))
		return "gcc " generic(a) " / xgcc " generic(b)
	}
	return "?"
}
function prog(line,    w) {
	split(line, w, " ")
	sub(/.*\//, "", w[2])
	return w[2]
}
# generic: a diagnostic with its quoted words, file names and numbers blurred.
function generic(line) {
	gsub(/'[^']*'/, "'...'", line)
	gsub(/[A-Za-z0-9_.\/-]+\.(c|cc|cpp|i|ii|h|s|S|o|a|rsp): /, "FILE: ", line)
	return line
}
# token_diff: the words only gcc's line has and those only xgcc's has.
function token_diff(a, b,    wa, wb, na, nb, i, only_a, only_b, cnt) {
	na = split(a, wa, " "); nb = split(b, wb, " ")
	delete cnt
	for (i = 2; i <= na; i++) cnt[wa[i]]++
	for (i = 2; i <= nb; i++) cnt[wb[i]]--
	only_a = only_b = ""
	for (i = 2; i <= na; i++)
		if (cnt[wa[i]] > 0) { only_a = only_a " " wa[i]; cnt[wa[i]]-- }
	for (i = 2; i <= nb; i++)
		if (cnt[wb[i]] < 0) { only_b = only_b " " wb[i]; cnt[wb[i]]++ }
	if (only_a == "" && only_b == "")
		return "same words, other order"
	return "gcc has [" substr(only_a, 2) "], xgcc has [" substr(only_b, 2) "]"
}
