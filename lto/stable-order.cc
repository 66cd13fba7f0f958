/* stable-order: a GCC plugin that makes what WPA writes into a partition
 * independent of edits elsewhere in the program, for the LTRANS cache
 * (lto/cache.c keys a partition on its bytes; doc/lto.texi, "What keeps
 * a key stable", has the measurements).
 *
 * Every symbol of an LTO link has an order number: at WPA the modules
 * are read one after another, and module M's symbols get M's base (the
 * count of the symbols read before M) plus their position in M.  WPA
 * writes the numbers into every partition, in the symbol table section
 * and in the names of the body sections, so one function added to an
 * object changed the bytes of the partitions of every later object.
 * LTRANS uses the numbers only to sort symbols, and GCC finds a body's
 * section in its module under "NAME.POSITION.ID": any numbering works
 * that keeps the sections findable.  This plugin, loaded into the
 * backend's lto1 for WPA when xgcc's cache is on, renumbers after the
 * last IPA pass, before WPA partitions and writes:
 *
 *   - each module gets a slot of 65536 numbers at a hash of its file's
 *     base name (of 16384 slots; a collision takes the next free one, in
 *     the order of the names) -- not of its id, a new random number at
 *     each compilation, nor of its directory, which differs between
 *     checkouts;
 *   - a symbol read from a module takes, in the lower half of the slot,
 *     a place at a hash of its name; a symbol WPA made (an IPA clone, an
 *     inline clone) in the upper half, at a hash of what names it among
 *     WPA's clones (the clone's name; an inline clone's host and call);
 *     one of no module (a __builtin_unreachable IPA introduced) in a
 *     slot past the modules'.  Collisions take the next free place, in
 *     the order of the names;
 *   - the top-level asm statements (libstdc++'s <iostream> has one
 *     from GCC 13) take the slot after that, in the order they had:
 *     with top-level reorder, their order among themselves is the only
 *     one GCC keeps (output_in_order);
 *   - each body or initializer section of a module gets its symbol's new
 *     position as a second name in the module's table of sections;
 *   - the translation units' numbers (counted in link order too, so a
 *     file added moved every later one's) come from the modules' slots;
 *   - without debug information, sanitizers, profiling or reports that
 *     print source positions, the symbols' and the types' declarations
 *     lose theirs: they reach no object then, only messages (a function
 *     that moved down a file changed every partition that calls it);
 *   - the symbol list and each function's list of calls are put in the
 *     order of the new numbers (WPA writes them in list order, which
 *     was the order GCC made things in).
 *
 * It changes no numbers (and says why under -v, the backend's -version)
 * where they could mean more than an order: a symbol with no_reorder or
 * -fno-toplevel-reorder (which order the top-level asm statements among
 * the symbols), a module of 32768 or more symbols, 16384 or more
 * modules, 65536 or more top-level asm statements, a section name
 * already taken.
 *
 * Before numbering, the inline trees get one shape.  Which copy of an
 * inlined function holds its body, which copy another was cloned from
 * and which flags a copy carries depended on the order of the inlining,
 * that is on the whole program; the plugin gives them the shape GCC
 * itself makes when it keeps a function's node out of line (see
 * unreuse_body_owners and the functions after it).  LTRANS compiles the
 * same bodies either way.
 */
#include "gcc-plugin.h"
#include "plugin-version.h"
#include "tree.h"
#include "function.h"
#include "basic-block.h"
#include "gimple.h"
#include "gimple-iterator.h"
#include "tree-pass.h"
#include "context.h"
#include "cgraph.h"
#include "lto-streamer.h"
#include "plugin-compat/compat.h"

#include <algorithm>
#include <map>
#include <string>
#include <string.h>
#include <vector>

int plugin_is_GPL_compatible;

namespace {

enum { SLOT_BITS = 16, HALF = 1 << (SLOT_BITS - 1), SLOTS = 1 << 14, UNITS = 16 };

int read_end = -1; /* symtab->order once the modules were read */
bool verbose;

/* No renumbering, and why (under -v). */
unsigned int keep(const char *why)
{
	if (verbose)
		fprintf(stderr, "stable-order: orders kept: %s\n", why);
	return 0;
}

unsigned hash_str(const char *s, unsigned h)
{
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 16777619u; /* FNV-1a */
	return h;
}

/* PATH without its directories ('/', and '\\' of a Windows path). */
const char *base_name(const char *path)
{
	const char *b = path;
	for (const char *p = path; *p; p++)
		if (*p == '/' || *p == '\\')
			b = p + 1;
	return b;
}

/* The module a symbol made at WPA belongs to: its inline host's, its
 * clone origin's, its alias target's; else the first one met. */
lto_file_decl_data *origin_module(symtab_node *n)
{
	lto_file_decl_data *seen = NULL;
	for (int depth = 0; n && depth < 64; depth++) {
		if (!seen)
			seen = n->lto_file_data;
		cgraph_node *c = dyn_cast<cgraph_node *>(n);
		if (c && c->inlined_to) {
			n = c->inlined_to;
			continue;
		}
		if (n->order < read_end && n->lto_file_data)
			return n->lto_file_data;
		if (c && c->clone_of) {
			n = c->clone_of;
			continue;
		}
		if (n->alias && n->get_alias_target()) {
			n = n->get_alias_target();
			continue;
		}
		break;
	}
	return seen;
}

/* What names a symbol made at WPA whatever else WPA made: a clone's
 * own name (ipa-cp's foo.constprop.0, ipa-sra's foo.isra.0), an inline
 * clone's host's signature with the call statement it replaces. */
std::string signature(symtab_node *n, int depth = 0)
{
	std::string s = IDENTIFIER_POINTER(DECL_ASSEMBLER_NAME(n->decl));
	cgraph_node *c = dyn_cast<cgraph_node *>(n);
	if (c && c->inlined_to && c->callers && depth < 64)
		s = signature(c->callers->caller, depth + 1) + ">" + s + "#" +
		    std::to_string(c->callers->lto_stmt_uid);
	return s;
}

struct sym {
	symtab_node *node;
	lto_file_decl_data *module; /* NULL: of no module */
	bool made;                  /* made at WPA */
	std::string sig;            /* what its place is a hash of */
};

/* An entry of a module's table of sections (GCC's struct
 * lto_section_slot of lto/lto.h, which the plugin headers lack). */
struct section_slot {
	const char *name;
	intptr_t start;
	size_t len;
	section_slot *next;
};

/* "NAME.ORDER.ID" of a body or initializer section: ORDER, or -1. */
int section_order(const char *name)
{
	const char *id = strrchr(name, '.');
	if (!id || id == name)
		return -1;
	const char *p = id;
	while (p > name && ISDIGIT(p[-1]))
		p--;
	if (p == id || p == name || p[-1] != '.')
		return -1;
	return atoi(p);
}

struct moved_section {
	lto_file_decl_data *module;
	section_slot *slot;
	std::string alias;
};

int collect_slot(void **entry, void *arg)
{
	std::vector<section_slot *> *v = (std::vector<section_slot *> *)arg;
	v->push_back((section_slot *)*entry);
	return 1;
}

/* Without debug information, sanitizers or reports that print them,
 * where a symbol is declared reaches no object: only messages. */
bool locations_unused()
{
	return debug_info_level == DINFO_LEVEL_NONE && !flag_sanitize && !flag_stack_usage_info &&
	       !flag_callgraph_info && !profile_arc_flag && !flag_test_coverage && !flag_branch_probabilities &&
	       !flag_auto_profile;
}

/* GCC's inliner, inlining the last call of a function that is no
 * longer needed out of line, makes the function's own node (the owner
 * of its body, the root of its clones) that inline copy.  Which call is
 * the last depends on the whole program's inlining order, so the owner
 * moved from one partition to another with edits elsewhere, and every
 * partition with a copy changed with it.  Each such node is split back
 * into what GCC makes when it does not reuse the offline node: a new
 * inline clone at the call, and the owner kept for its clones' body only
 * (remove_unreachable_nodes' state: no definition, edges or references;
 * its count, which no clone reads, zero). */
size_t unreuse_body_owners()
{
	std::vector<cgraph_node *> owners;
	cgraph_node *n;
	FOR_EACH_FUNCTION (n)
		if (n->inlined_to && (!n->clone_of || n->clone_of->decl != n->decl) && n->callers &&
		    !n->callers->next_caller && !n->thunk && !n->alias && !n->has_aliases_p())
			owners.push_back(n);
	for (cgraph_node *owner : owners) {
		vec<cgraph_edge *> call = vNULL;
		call.safe_push(owner->callers);
		cgraph_node *copy = compat_create_inline_clone(owner, owner->count, call, owner->inlined_to);
		call.release();
		copy->used_as_abstract_origin = owner->used_as_abstract_origin;
		/* the copy reads the body as the owner did (profile runs merged) */
		copy->count_materialization_scale = owner->count_materialization_scale;
		owner->remove_callees();
		owner->remove_all_references();
		owner->inlined_to = NULL;
		owner->body_removed = true;
		owner->analyzed = false;
		owner->definition = false;
		owner->local = false;
		owner->count = profile_count::zero();
	}
	return owners.size();
}

/* A node's calls in one order: by the statement, then the callee's
 * number.  WPA writes them in list order, and the lists of inline
 * copies are in the order of the inlining that made them.  A node with
 * speculative calls keeps its order (their targets must stay adjacent). */
void sort_edge_list(cgraph_edge **head)
{
	std::vector<cgraph_edge *> v;
	for (cgraph_edge *e = *head; e; e = e->next_callee) {
		if (e->speculative)
			return;
		v.push_back(e);
	}
	std::stable_sort(v.begin(), v.end(), [](cgraph_edge *a, cgraph_edge *b) {
		if (a->lto_stmt_uid != b->lto_stmt_uid)
			return a->lto_stmt_uid < b->lto_stmt_uid;
		int ao = a->callee ? a->callee->order : -1, bo = b->callee ? b->callee->order : -1;
		return ao < bo;
	});
	*head = v.empty() ? NULL : v[0];
	for (size_t i = 0; i < v.size(); i++) {
		v[i]->prev_callee = i ? v[i - 1] : NULL;
		v[i]->next_callee = i + 1 < v.size() ? v[i + 1] : NULL;
	}
}

void sort_calls()
{
	cgraph_node *n;
	FOR_EACH_FUNCTION (n) {
		sort_edge_list(&n->callees);
		sort_edge_list(&n->indirect_calls);
	}
}

/* Flags WPA writes for every node that LTRANS never reads for these,
 * set to one value: whether an inline copy frees memory
 * (nonfreeing_fn: pure-const's result stays on whichever node it was
 * computed for; a call's answer comes from the declaration's first node,
 * the body's owner), and whether the address of a function that no
 * object defines is taken (a library function; whichever file takes it,
 * every partition that calls it carried the flag).  "May free" and
 * "taken" are the answers that assume nothing. */
void settle_unread_flags()
{
	cgraph_node *n;
	FOR_EACH_FUNCTION (n) {
		if (n->inlined_to)
			n->nonfreeing_fn = false;
		if (!n->definition && DECL_EXTERNAL(n->decl) && !n->alias && !n->thunk)
			n->address_taken = true;
	}
}

/* GCC's inliner copies a whole inline tree when it inlines a function
 * that has inline clones: the copy of a clone then has the other
 * copy as its origin, which copy depending on the order of inlining.
 * WPA streams that origin into the copy's partition, from another
 * partition maybe, whose number moves with edits there; LTRANS removes
 * such a node after reading and hangs its clones on the node it copies
 * (cgraph_node::remove).  Here every inline copy becomes a clone of the
 * first node up its chain that is no inline copy: the body's owner, or
 * the IPA clone it copies (same declaration, same body). */
size_t reattach_inline_clones()
{
	size_t moved = 0;
	cgraph_node *c;
	FOR_EACH_FUNCTION (c) {
		if (!c->inlined_to || !c->clone_of)
			continue;
		cgraph_node *to = c->clone_of;
		while (to->inlined_to && to->clone_of && to->clone_of->decl == c->decl)
			to = to->clone_of;
		if (to == c->clone_of)
			continue;
		c->remove_from_clone_tree();
		c->clone_of = to;
		c->next_sibling_clone = to->clones;
		if (to->clones)
			to->clones->prev_sibling_clone = c;
		to->clones = c;
		moved++;
	}
	return moved;
}

/* The symbol table's list in the order of the new numbers: WPA
 * partitions and names its local symbols (NAME.lto_priv.N) walking that
 * list, which otherwise holds the symbols in the order they were made. */
void sort_symbol_list()
{
	std::vector<symtab_node *> all;
	symtab_node *n;
	FOR_EACH_SYMBOL (n)
		all.push_back(n);
	std::sort(all.begin(), all.end(), [](symtab_node *a, symtab_node *b) { return a->order < b->order; });
	symtab->nodes = all.empty() ? NULL : all[0];
	for (size_t i = 0; i < all.size(); i++) {
		all[i]->previous = i ? all[i - 1] : NULL;
		all[i]->next = i + 1 < all.size() ? all[i + 1] : NULL;
	}
}

/* Where the types a partition uses were declared: their names, fields,
 * enumerators and namespaces carry the file and line, so a line added to a header
 * changed every partition that uses a type declared below it (all of
 * them, for lua's luaconf.h).  Like the symbols' declarations, those
 * positions reach no object without debug information.  The trees are
 * the modules' declaration tables (what WPA writes into partitions,
 * bodies' references included). */
struct type_walk {
	hash_set<tree> seen;
	std::vector<tree> todo;

	void add(tree t)
	{
		if (t && !seen.add(t))
			todo.push_back(t);
	}
	void visit(tree t)
	{
		if (TREE_CODE(t) == TREE_LIST) {
			add(TREE_PURPOSE(t));
			add(TREE_VALUE(t));
			add(TREE_CHAIN(t));
		} else if (TYPE_P(t)) {
			add(TYPE_NAME(t));
			add(TYPE_CONTEXT(t));
			add(TREE_TYPE(t));
			add(TYPE_MAIN_VARIANT(t));
			if (RECORD_OR_UNION_TYPE_P(t) || TREE_CODE(t) == ENUMERAL_TYPE)
				add(TYPE_STUB_DECL(t));
			if (RECORD_OR_UNION_TYPE_P(t)) {
				for (tree f = TYPE_FIELDS(t); f; f = DECL_CHAIN(f))
					add(f);
				add(TYPE_BINFO(t));
			}
			else if (TREE_CODE(t) == ENUMERAL_TYPE)
				add(TYPE_VALUES(t));
			else if (FUNC_OR_METHOD_TYPE_P(t))
				add(TYPE_ARG_TYPES(t));
		} else if (DECL_P(t)) {
			DECL_SOURCE_LOCATION(t) = UNKNOWN_LOCATION;
			add(TREE_TYPE(t));
			add(DECL_CONTEXT(t));
			add(DECL_ABSTRACT_ORIGIN(t));
			if (VAR_P(t) && DECL_INITIAL(t) != error_mark_node)
				add(DECL_INITIAL(t));
			if (TREE_CODE(t) == TYPE_DECL)
				add(DECL_ORIGINAL_TYPE(t));
			if (TREE_CODE(t) == FUNCTION_DECL) {
				for (tree p = DECL_ARGUMENTS(t); p; p = DECL_CHAIN(p))
					add(p);
				add(DECL_RESULT(t));
				add(DECL_INITIAL(t));
			}
		} else if (TREE_CODE(t) == TREE_BINFO) {
			/* a C++ class's vtable address, an expression of the class */
			add(BINFO_VTABLE(t));
			add(BINFO_TYPE(t));
			unsigned i;
			tree base;
			FOR_EACH_VEC_ELT (*BINFO_BASE_BINFOS(t), i, base)
				add(base);
		} else if (TREE_CODE(t) == BLOCK) {
			BLOCK_SOURCE_LOCATION(t) = UNKNOWN_LOCATION;
			BLOCK_SOURCE_END_LOCATION(t) = UNKNOWN_LOCATION;
			for (tree v = BLOCK_VARS(t); v; v = DECL_CHAIN(v))
				add(v);
			for (tree b = BLOCK_SUBBLOCKS(t); b; b = BLOCK_CHAIN(b))
				add(b);
			add(BLOCK_ABSTRACT_ORIGIN(t));
		} else if (TREE_CODE(t) == CONSTRUCTOR) {
			unsigned i;
			tree index, value;
			FOR_EACH_CONSTRUCTOR_ELT (CONSTRUCTOR_ELTS(t), i, index, value) {
				add(index);
				add(value);
			}
		} else if (CAN_HAVE_LOCATION_P(t)) {
			SET_EXPR_LOCATION(t, UNKNOWN_LOCATION);
			for (int i = 0; i < TREE_OPERAND_LENGTH(t); i++)
				add(TREE_OPERAND(t, i));
		}
	}
	void state(lto_in_decl_state *st)
	{
		for (int i = 0; st && i < LTO_N_DECL_STREAMS; i++)
			if (st->streams[i])
				for (tree t : *st->streams[i])
					add(t);
	}
	void run(const std::vector<lto_file_decl_data *> &modules)
	{
		for (lto_file_decl_data *m : modules) {
			state(m->global_decl_state);
			if (m->function_decl_states)
				for (auto it = m->function_decl_states->begin(); it != m->function_decl_states->end(); ++it)
					state(*it);
		}
		while (!todo.empty()) {
			tree t = todo.back();
			todo.pop_back();
			visit(t);
		}
	}
};

/* The inline trees in one shape, whatever the order GCC inlined in. */
void reshape()
{
	size_t split = unreuse_body_owners();
	size_t reattached = reattach_inline_clones();
	settle_unread_flags();
	if (verbose)
		fprintf(stderr, "stable-order: %zu body owners split from their inline copies, %zu inline copies reattached\n",
			split, reattached);
}

unsigned int renumber()
{
	if (read_end < 0)
		return keep("the modules' end was not seen");
	if (!flag_toplevel_reorder)
		return keep("-fno-toplevel-reorder");
	std::vector<asm_node *> asms;
	for (asm_node *a = symtab->first_asm_symbol(); a; a = compat_next_asm(a))
		asms.push_back(a);
	if (asms.size() >= 1u << SLOT_BITS)
		return keep("65536 or more top-level asm statements");
	std::vector<sym> syms;
	std::vector<lto_file_decl_data *> modules;
	symtab_node *n;
	FOR_EACH_SYMBOL (n) {
		if (n->no_reorder)
			return keep("a symbol with no_reorder");
		bool made = n->order >= read_end;
		lto_file_decl_data *m = made ? origin_module(n) : n->lto_file_data;
		if (m && !made && (n->order < m->order_base || n->order - m->order_base >= HALF))
			return keep("a module of 32768 or more symbols");
		if (m && std::find(modules.begin(), modules.end(), m) == modules.end())
			modules.push_back(m);
		syms.push_back({ n, m, made, made || !m ? signature(n) : IDENTIFIER_POINTER(DECL_ASSEMBLER_NAME(n->decl)) });
	}
	if (modules.size() >= SLOTS)
		return keep("16384 or more modules");

	/* the modules' slots: by the hash of the file's base name, so that
	 * the same objects get the same numbers wherever they are (two
	 * checkouts, objects named by absolute paths, archive members under
	 * TMPDIR); collisions in base name order, then in path order */
	std::vector<std::pair<unsigned, lto_file_decl_data *>> wanted;
	for (lto_file_decl_data *m : modules)
		wanted.push_back({ hash_str(base_name(m->file_name), 2166136261u) % SLOTS, m });
	std::sort(wanted.begin(), wanted.end(),
		  [](const std::pair<unsigned, lto_file_decl_data *> &a,
		     const std::pair<unsigned, lto_file_decl_data *> &b) {
			  if (a.first != b.first)
				  return a.first < b.first;
			  int c = strcmp(base_name(a.second->file_name), base_name(b.second->file_name));
			  if (!c)
				  c = strcmp(a.second->file_name, b.second->file_name);
			  return c ? c < 0 : a.second->id < b.second->id;
		  });
	std::vector<char> taken(SLOTS);
	std::map<lto_file_decl_data *, int> base;
	for (auto &w : wanted) {
		unsigned slot = w.first;
		while (taken[slot])
			slot = (slot + 1) % SLOTS;
		taken[slot] = 1;
		base[w.second] = (int)(slot << SLOT_BITS);
	}
	base[NULL] = SLOTS << SLOT_BITS;

	/* each symbol's place in its half: a hash of its signature,
	 * collisions in signature order */
	std::map<std::pair<lto_file_decl_data *, bool>, int> count;
	for (const sym &s : syms)
		if (++count[{ s.module, s.made }] >= HALF)
			return keep("32768 or more symbols of one module in one half");
	std::sort(syms.begin(), syms.end(), [](const sym &a, const sym &b) { return a.sig < b.sig; });
	std::map<std::pair<lto_file_decl_data *, bool>, std::vector<char>> used;
	std::vector<int> place(syms.size());
	for (size_t i = 0; i < syms.size(); i++) {
		std::vector<char> &u = used[{ syms[i].module, syms[i].made }];
		if (u.empty())
			u.resize(HALF);
		unsigned at = hash_str(syms[i].sig.c_str(), 2166136261u) % HALF;
		while (u[at]) /* a free place exists: fewer than HALF */
			at = (at + 1) % HALF;
		u[at] = 1;
		place[i] = (int)at;
	}

	/* a symbol read from a module finds its body (or initializer)
	 * section by ORDER - module base: each such section gets the name
	 * of its new place too */
	std::map<lto_file_decl_data *, std::map<int, std::vector<section_slot *>>> by_order;
	for (lto_file_decl_data *m : modules) {
		std::vector<section_slot *> all;
		htab_traverse_noresize(m->section_hash_table, collect_slot, &all);
		for (section_slot *sl : all) {
			int o = section_order(sl->name);
			if (o >= 0)
				by_order[m][o].push_back(sl);
		}
	}
	std::vector<moved_section> moved;
	for (size_t i = 0; i < syms.size(); i++) {
		const sym &s = syms[i];
		if (s.made || !s.module)
			continue;
		int old_local = s.node->order - s.module->order_base;
		if (old_local == place[i])
			continue;
		auto it = by_order[s.module].find(old_local);
		if (it == by_order[s.module].end())
			continue;
		for (section_slot *sl : it->second) {
			const char *id = strrchr(sl->name, '.');
			const char *num = id - 1;
			while (ISDIGIT(num[-1]))
				num--;
			std::string alias = std::string(sl->name, num - sl->name) + std::to_string(place[i]) + id;
			section_slot probe = { alias.c_str(), 0, 0, NULL };
			section_slot *there = (section_slot *)htab_find(s.module->section_hash_table, &probe);
			if (there && there->start != sl->start)
				return keep("a section name taken");
			if (!there)
				moved.push_back({ s.module, sl, alias });
		}
	}
	for (moved_section &mv : moved) {
		section_slot *copy = XNEW(section_slot);
		*copy = *mv.slot;
		copy->name = xstrdup(mv.alias.c_str());
		copy->next = NULL;
		void **entry = htab_find_slot(mv.module->section_hash_table, copy, INSERT);
		*entry = copy;
	}

	/* the translation units' numbers (cgraph_node::unit_id, counted in
	 * link order like the symbols'; only told apart, never ordered)
	 * from the modules' slots */
	std::map<int, int> unit;
	for (const sym &s : syms) {
		cgraph_node *c = dyn_cast<cgraph_node *>(s.node);
		if (!c || s.made || !s.module)
			continue;
		int local = c->unit_id - s.module->unit_base;
		if (local >= 0 && local < UNITS)
			unit[c->unit_id] = ((base[s.module] >> SLOT_BITS) + 1) * UNITS + local;
	}

	bool strip = locations_unused();
	for (size_t i = 0; i < syms.size(); i++) {
		sym &s = syms[i];
		s.node->order = base[s.module] + (s.made && s.module ? HALF : 0) + place[i];
		if (cgraph_node *c = dyn_cast<cgraph_node *>(s.node)) {
			auto u = unit.find(c->unit_id);
			if (u != unit.end())
				c->unit_id = u->second;
			symtab->max_unit = std::max(symtab->max_unit, c->unit_id);
		}
		if (strip)
			DECL_SOURCE_LOCATION(s.node->decl) = UNKNOWN_LOCATION;
	}
	if (strip)
		type_walk().run(modules);
	std::stable_sort(asms.begin(), asms.end(), [](asm_node *a, asm_node *b) { return a->order < b->order; });
	for (size_t i = 0; i < asms.size(); i++)
		asms[i]->order = ((SLOTS + 1) << SLOT_BITS) + (int)i;
	int top = asms.empty() ? 0 : asms.back()->order;
	for (const sym &s : syms)
		top = std::max(top, s.node->order);
	for (lto_file_decl_data *m : modules)
		m->order_base = base[m];
	symtab->order = top + 1;
	sort_symbol_list();
	sort_calls();
	if (verbose)
		fprintf(stderr, "stable-order: %zu symbols of %zu modules renumbered, %zu sections renamed%s%s\n",
			syms.size(), modules.size(), moved.size(), strip ? ", declaration locations dropped" : "",
			asms.empty() ? "" : ", top-level asm statements after them");
	return 0;
}

/* --- at compile time: bodies without source positions ----------------
 *
 * WPA copies a function's body section as the compile wrote it into
 * every partition the function is inlined into, and that section holds
 * the positions (file, line, column) of its statements, expressions,
 * local declarations and scopes.  Without debug information (and the
 * rest of locations_unused) they reach no object, only LTRANS's
 * messages; yet a line added above a function changed the bytes, and the
 * key, of every partition it was inlined into.  Where the driver asks
 * for it (an -flto compile for the LTRANS cache, -flto-cache on the
 * compile line), this pass drops them after the compile's own passes
 * (its warnings keep their positions) and before the bodies are
 * streamed: LTRANS's warnings then name the function, not the line.
 * Not for fat objects, whose code is compiled after the streaming. */

/* A declaration local to some function (its own, or one inlined into
 * it): streamed with the body.  File-scope ones are the WPA pass's. */
void drop_local_decl_location(tree t)
{
	/* and what it was copied from, when inlined: streamed with it */
	for (int depth = 0; t && DECL_P(t) && depth < 8; t = DECL_ABSTRACT_ORIGIN(t), depth++) {
		tree ctx = DECL_CONTEXT(t);
		if (!ctx || TREE_CODE(t) == FUNCTION_DECL ||
		    (TREE_CODE(ctx) != FUNCTION_DECL && TREE_CODE(ctx) != BLOCK))
			break;
		DECL_SOURCE_LOCATION(t) = UNKNOWN_LOCATION;
		if (DECL_ABSTRACT_ORIGIN(t) == t)
			break;
	}
}

void drop_one_block_locations(tree block)
{
	BLOCK_SOURCE_LOCATION(block) = UNKNOWN_LOCATION;
	BLOCK_SOURCE_END_LOCATION(block) = UNKNOWN_LOCATION;
	for (tree v = BLOCK_VARS(block); v; v = DECL_CHAIN(v))
		drop_local_decl_location(v);
	for (unsigned i = 0; i < BLOCK_NUM_NONLOCALIZED_VARS(block); i++)
		drop_local_decl_location(BLOCK_NONLOCALIZED_VAR(block, i));
}

tree drop_expr_location(tree *tp, int *walk_subtrees, void *)
{
	tree t = *tp;
	if (CAN_HAVE_LOCATION_P(t))
		SET_EXPR_LOCATION(t, UNKNOWN_LOCATION);
	if (DECL_P(t)) {
		drop_local_decl_location(t);
		*walk_subtrees = 0;
	} else if (TYPE_P(t)) {
		*walk_subtrees = 0;
	}
	return NULL_TREE;
}

void drop_block_locations(tree block)
{
	for (; block; block = BLOCK_CHAIN(block)) {
		drop_one_block_locations(block);
		/* an inlined body's scope: the scope or function it copies */
		tree origin = BLOCK_ABSTRACT_ORIGIN(block);
		if (origin && TREE_CODE(origin) == BLOCK)
			drop_one_block_locations(origin);
		else if (origin && TREE_CODE(origin) == FUNCTION_DECL)
			for (tree p = DECL_ARGUMENTS(origin); p; p = DECL_CHAIN(p))
				drop_local_decl_location(p);
		drop_block_locations(BLOCK_SUBBLOCKS(block));
	}
}

void drop_body_locations(cgraph_node *node)
{
	function *fn = node->get_fun();
	tree decl = node->decl;
	basic_block bb;
	FOR_EACH_BB_FN (bb, fn) {
		for (gphi_iterator pi = gsi_start_phis(bb); !gsi_end_p(pi); gsi_next(&pi)) {
			gphi *phi = pi.phi();
			gimple_set_location(phi, UNKNOWN_LOCATION);
			for (unsigned i = 0; i < gimple_phi_num_args(phi); i++) {
				gimple_phi_arg_set_location(phi, i, UNKNOWN_LOCATION);
				walk_tree(gimple_phi_arg_def_ptr(phi, i), drop_expr_location, decl, NULL);
			}
		}
		for (gimple_stmt_iterator si = gsi_start_bb(bb); !gsi_end_p(si); gsi_next(&si)) {
			gimple *stmt = gsi_stmt(si);
			/* an asm keeps its position: the assembly output names it
			 * (GCC 12's final reads the file of an asm without
			 * operands, and crashes on an unknown one) */
			if (gimple_code(stmt) != GIMPLE_ASM)
				gimple_set_location(stmt, UNKNOWN_LOCATION);
			for (unsigned i = 0; i < gimple_num_ops(stmt); i++)
				if (gimple_op(stmt, i))
					walk_tree(gimple_op_ptr(stmt, i), drop_expr_location, NULL, NULL);
		}
		edge e;
		edge_iterator ei;
		FOR_EACH_EDGE (e, ei, bb->succs)
			e->goto_locus = UNKNOWN_LOCATION;
	}
	unsigned ix;
	tree var;
	FOR_EACH_LOCAL_DECL (fn, ix, var)
		DECL_SOURCE_LOCATION(var) = UNKNOWN_LOCATION;
	for (tree p = DECL_ARGUMENTS(decl); p; p = DECL_CHAIN(p))
		DECL_SOURCE_LOCATION(p) = UNKNOWN_LOCATION;
	if (DECL_RESULT(decl))
		DECL_SOURCE_LOCATION(DECL_RESULT(decl)) = UNKNOWN_LOCATION;
	if (DECL_INITIAL(decl) && TREE_CODE(DECL_INITIAL(decl)) == BLOCK)
		drop_block_locations(DECL_INITIAL(decl));
	fn->function_start_locus = UNKNOWN_LOCATION;
	fn->function_end_locus = UNKNOWN_LOCATION;
}

bool drop_locations_asked;

unsigned int drop_locations()
{
	if (!locations_unused()) {
		if (verbose)
			fprintf(stderr, "stable-order: source positions kept: debug information, sanitizers, "
					"profiling or reports use them\n");
		return 0;
	}
	size_t n = 0;
	cgraph_node *node;
	FOR_EACH_FUNCTION_WITH_GIMPLE_BODY (node) {
		drop_body_locations(node);
		n++;
	}
	if (verbose)
		fprintf(stderr, "stable-order: source positions dropped from %zu function bodies\n", n);
	return 0;
}

const pass_data drop_locations_pass_data = {
	SIMPLE_IPA_PASS, "xgcc-drop-locations", OPTGROUP_NONE, TV_NONE, 0, 0, 0, 0, 0,
};

struct drop_locations_pass : simple_ipa_opt_pass {
	drop_locations_pass(gcc::context *ctxt) : simple_ipa_opt_pass(drop_locations_pass_data, ctxt) {}
	bool gate(function *) final override
	{
		return drop_locations_asked && flag_generate_lto && !flag_fat_lto_objects && !in_lto_p;
	}
	unsigned int execute(function *) final override { return drop_locations(); }
	opt_pass *clone() final override { return new drop_locations_pass(m_ctxt); }
};

/* --- at WPA: the bodies of objects compiled without it ---------------
 *
 * Objects compiled without the cache on (-flto-cache given at the link
 * only, as a user adds it to an existing build) have their bodies'
 * positions, which WPA would copy as they are into every partition that
 * inlines them: a function added in the middle of a file changed every
 * such partition.  So WPA reads each body, drops its positions as the
 * compile would have, and streams it anew (GCC's lto_output writes a
 * body that is in memory, and copies one that is not).  lto1 asks for
 * it (-fplugin-arg-stable_order_N-restream-bodies) when a module's
 * options lack the compile's drop-locations: bodies compiled for the
 * cache are copied as they are, as before. */
bool restream_asked;

void restream_bodies()
{
	if (!restream_asked || !locations_unused())
		return;
	size_t n = 0;
	cgraph_node *node;
	FOR_EACH_DEFINED_FUNCTION (node)
		if (!node->alias && !node->thunk && !node->clone_of && node->lto_file_data &&
		    !gimple_has_body_p(node->decl)) {
			/* reading forgets the node's module, which the
			 * numbering below and the 1to1 partitioning ask */
			lto_file_decl_data *module = node->lto_file_data;
			node->get_untransformed_body();
			node->lto_file_data = module;
			drop_body_locations(node);
			n++;
		}
	if (verbose)
		fprintf(stderr, "stable-order: %zu function bodies read and streamed without source positions\n", n);
}

/* The first pass that runs at WPA runs once the modules were read. */
void note_pass(void *, void *)
{
	if (flag_wpa && read_end < 0)
		read_end = symtab->order;
}

const pass_data renumber_pass_data = {
	IPA_PASS, "xgcc-stable-order", OPTGROUP_NONE, TV_NONE, 0, 0, 0, 0, 0,
};

struct renumber_pass : ipa_opt_pass_d {
	renumber_pass(gcc::context *ctxt)
		: ipa_opt_pass_d(renumber_pass_data, ctxt, NULL, NULL, NULL, NULL, NULL, NULL, 0, NULL, NULL)
	{
	}
	bool gate(function *) final override { return flag_wpa; }
	unsigned int execute(function *) final override
	{
		restream_bodies();
		reshape();
		return renumber();
	}
	opt_pass *clone() final override { return new renumber_pass(m_ctxt); }
};

} // namespace

int plugin_init(struct plugin_name_args *info, struct plugin_gcc_version *version)
{
	if (!plugin_default_version_check(version, &gcc_version))
		return 1;
	static struct plugin_info about = { "1", "xgcc's stable symbol numbers for the LTRANS cache" };
	register_callback(info->base_name, PLUGIN_INFO, NULL, &about);
	verbose = version_flag;
	/* after the last IPA pass that makes or removes symbols (comdats
	 * privatization), before WPA partitions and writes */
	struct register_pass_info after_comdats = { new renumber_pass(g), "comdats", 0, PASS_POS_INSERT_AFTER };
	register_callback(info->base_name, PLUGIN_PASS_MANAGER_SETUP, NULL, &after_comdats);
	register_callback(info->base_name, PLUGIN_PASS_EXECUTION, note_pass, NULL);
	/* at compile time, asked with -fplugin-arg-stable_order_N-drop-locations:
	 * after the last of the compile's own IPA passes, before streaming */
	for (int i = 0; i < info->argc; i++)
		if (!strcmp(info->argv[i].key, "drop-locations"))
			drop_locations_asked = true;
		else if (!strcmp(info->argv[i].key, "restream-bodies"))
			restream_asked = true;
	struct register_pass_info before_streaming = { new drop_locations_pass(g), "emutls", 0,
						       PASS_POS_INSERT_AFTER };
	register_callback(info->base_name, PLUGIN_PASS_MANAGER_SETUP, NULL, &before_streaming);
	return 0;
}
