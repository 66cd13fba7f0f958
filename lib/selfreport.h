/* XGCC_SELF_REPORT=FILE: every program of xgcc's (xgcc, collect2, lto1)
 * appends one line to FILE when it exits,
 *
 *   PROG PID WALL USER SYS MAXRSS
 *
 * its wall time since it started, its own CPU times (seconds; children
 * not included) and its peak resident size (KiB).  bench/run adds them
 * up to tell xgcc's own cost from the backend's and ld's. */
#ifndef XGCC_SELFREPORT_H
#define XGCC_SELFREPORT_H

/* From temp_init(): a no-op unless XGCC_SELF_REPORT is set. */
void self_report_init(void);

#endif
