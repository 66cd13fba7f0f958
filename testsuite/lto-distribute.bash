# The program of the distributed-LTRANS tests (lto-distribute.bats,
# lto-distribute-ssh.bats): load it after helper.

# distribute_program SEED FILES FUNCS MEMBERS: bench/gen-program's
# program in $G, its LTO objects in $G/lto, the output of its build
# without LTO in $G/expected, and its in-process partitioned LTO link,
# the reference of the distributed ones, in $G/inproc.
distribute_program() {
	mkdir -p "$G/lto"
	sh "$SRCDIR/bench/gen-program" -s "$1" -f "$2" -k "$3" -g "$4" -l 12 "$G" 2>/dev/null
	local f
	for f in "$G"/prog/*.c "$G"/lib/*.c; do
		[ -e "$f" ] || continue
		"$XGCC" -O2 -flto -c "$f" -o "$G/lto/$(basename "$f" .c).o"
	done
	"$XGCC" -O2 -c "$G/nonlto.c" -o "$G/nonlto.o"
	"$XGCC" -O2 "$G"/lto/*.o "$G/nonlto.o" -o "$G/p0"
	"$G/p0" >"$G/expected"
	"$XGCC" -O2 -flto=2 -flto-partition=1to1 "$G"/lto/*.o "$G/nonlto.o" -o "$G/inproc"
}
