/* --version and --help in the GNU coding standards' form.
 *
 * Every program answers --version with "PROGRAM (PACKAGE) VERSION", a
 * copyright line and the warranty lines, and ends its --help with the
 * "Report bugs to" line; the words live here so that all of them say the
 * same.  The drivers put the backend's version where GNU puts VERSION (as
 * gcc does: "gcc (Debian 12.2.0-14) 12.2.0"), since build systems read it
 * from there; the other programs put xgcc's.
 */
#ifndef XGCC_ABOUT_H
#define XGCC_ABOUT_H

/* "PROG (PACKAGE) VERSION", then copyright and warranty, on stdout. */
void about_version(const char *package, const char *version);
/* The bug-report line that ends every --help. */
void about_help_footer(void);

#endif
