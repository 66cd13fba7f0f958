# doc/local.mk: the manual and the man pages.
#
# Included from the top Makefile.am (include $(srcdir)/doc/local.mk), so
# every path is relative to the top of the tree.  Automake distributes
# this file, the manual's sources and the man pages by itself.
#
# make          builds doc/xgcc.info (needs makeinfo, from texinfo)
# make html     doc/xgcc.html, one page
# make pdf      doc/xgcc.pdf (needs TeX: Debian's texlive-base, which with
#               --no-install-recommends is a 34 MB download, 98 MB installed;
#               texinfo.tex comes with texinfo)
# make install  installs the info manual and the man pages

info_TEXINFOS = doc/xgcc.texi
dist_man_MANS = doc/xgcc.1 doc/xg++.1 doc/xgcc-ar.1 doc/xgcc-nm.1 doc/xgcc-ranlib.1 \
	doc/collect2.1 doc/lto1.1 doc/xgcc-distribute-local.1 doc/xgcc-distribute-parallel.1 \
	doc/xgcc-distribute-slurm.1

# One HTML page: the manual is short.
AM_MAKEINFOHTMLFLAGS = --no-split

# make distcheck builds the HTML manual rather than the DVI one, so that
# it needs no TeX.
AM_DISTCHECK_DVI_TARGET = html
doc_xgcc_TEXINFOS = doc/lto.texi doc/lto-options.texi doc/tools.texi doc/difftest.texi

# The other names make install gives the programs (see tool_links in
# Makefile.am: the cross drivers' TRIPLET-xgcc, TRIPLET-xg++,
# TRIPLET-xgcc-ar, -nm, -ranlib, and the names CMake looks for: gcc-ar-X.Y,
# gcc-nm-X.Y, gcc-ranlib-X.Y, TRIPLET-gcc-xgcc, TRIPLET-g++-xgcc and
# TRIPLET-gcc-{ar,nm,ranlib}-xgcc, and the thread-model drivers
# TRIPLET-xgcc-MODEL, TRIPLET-xg++-MODEL) get man pages too: one-line ".so"
# pages naming the program's own.  Makefile.am's uninstall-hook removes
# them.
cross_man_links = for c in $(XGCC_CROSS_TARGETS); do \
	  links="$$links $$c-xgcc.1:xgcc.1 $$c-xg++.1:xg++.1 $$c-gcc-xgcc.1:xgcc.1 $$c-g++-xgcc.1:xg++.1"; \
	  for t in ar nm ranlib; do links="$$links $$c-xgcc-$$t.1:xgcc-ar.1 $$c-gcc-$$t-xgcc.1:xgcc-ar.1"; done; \
	done; \
	for v in $(XGCC_THREAD_MODEL_VARIANTS); do \
	  c=$${v%%:*}; m=`echo "$$v" | cut -d: -f2`; \
	  links="$$links $$c-xgcc-$$m.1:xgcc.1 $$c-xg++-$$m.1:xg++.1"; \
	done; \
	cmake_ver=`$(XGCC_BACKEND_CC) -dumpfullversion | sed -n 's/^\([0-9]*\.[0-9]*\).*/\1/p'`; \
	for t in ar nm ranlib; do links="$$links gcc-$$t-$$cmake_ver.1:xgcc-ar.1"; done
install-data-hook:
	links=; $(cross_man_links); for l in $$links; do \
	  echo ".so man1/$${l#*:}" >$(DESTDIR)$(man1dir)/$${l%%:*} || exit 1; done
