/* What differs between the plugin APIs of the GCC versions the
 * stable-order plugin (lto/stable-order.cc) is built against, GCC 11 to
 * 16, chosen by the version the plugin headers give
 * (plugin-version.h's GCCPLUGIN_VERSION_MAJOR).  The plugin's code calls
 * these and has no version test of its own.  Include after cgraph.h.
 *
 * The directory also holds gcov-iov.h, which GCC 11's gcov-io.h includes
 * and its plugin headers do not install (build-aux/build-wpa-plugins
 * puts the directory after the headers' own with -idirafter, so it is
 * read only where they lack the file).
 */
#ifndef XGCC_PLUGIN_COMPAT_H
#define XGCC_PLUGIN_COMPAT_H

#ifndef GCCPLUGIN_VERSION_MAJOR
#error "include plugin-version.h first"
#endif

/* A new inline clone of NODE for the call CALLERS (a one-edge vector)
 * in the function INLINED_TO, as GCC's inliner makes one
 * (ipa-inline-transform.cc, clone_inlined_nodes): the body's count
 * COUNT, the original's profile left as it is, the IPA passes told.
 * GCC 16 added the clone's name suffix, NULL for an inline clone. */
static inline cgraph_node *compat_create_inline_clone(cgraph_node *node, profile_count count,
						      vec<cgraph_edge *> callers, cgraph_node *inlined_to)
{
#if GCCPLUGIN_VERSION_MAJOR >= 16
	return node->create_clone(node->decl, count, false, callers, true, inlined_to, NULL, NULL);
#else
	return node->create_clone(node->decl, count, false, callers, true, inlined_to, NULL);
#endif
}

/* The top-level asm statement after A: GCC 16 chains them as
 * toplevel_nodes, the base it gave the symbols too. */
static inline asm_node *compat_next_asm(asm_node *a)
{
#if GCCPLUGIN_VERSION_MAJOR >= 16
	return safe_as_a<asm_node *>(a->next);
#else
	return a->next;
#endif
}

#endif
