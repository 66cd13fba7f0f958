/* Per-stage timing of the LTO link, printed with -flto-report.
 *
 * The link stage is a chain of steps in two programs: lto1 scans the
 * inputs, resolves the symbols, runs WPA and the LTRANS jobs (or the one
 * no-WPA compilation); collect2 then runs ld.  Each step is timed by wall
 * clock and by the CPU time of the processes it ran (getrusage of the
 * children, user and system), and one line per step goes to stderr when
 * the step ends, in the form of gcc's -ftime-report:
 *   " LTO scan            :   0.01 wall   0.00 user   0.00 sys"
 * stage_report_wanted() says whether COLLECT_GCC_OPTIONS holds
 * '-flto-report', which is how the driver's option reaches both.
 */
#ifndef XGCC_STAGETIME_H
#define XGCC_STAGETIME_H

int stage_report_wanted(void);
/* End the running stage (printing its line) and start NAME; NULL ends
 * the last one.  Nothing is printed unless stage_report_enable() ran. */
void stage_begin(const char *name);
void stage_report_enable(void);

#endif
