/* The exit report of XGCC_SELF_REPORT; see selfreport.h.  One write(2)
 * of one line with O_APPEND, so the lines of parallel processes do not
 * mix. */
#include "config.h"

#include "selfreport.h"
#include "diag.h"
#include "host.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static double started;
static const char *report_path;

static void report(void)
{
	double now = host_monotonic(), t[2];
	long peak;
	if (host_cpu_times(0, t, &peak) < 0)
		return;
	char line[256];
	int n = snprintf(line, sizeof line, "%s %ld %.6f %.6f %.6f %ld\n", diag_progname(), (long)getpid(),
			 now - started, t[0], t[1], peak);
	int fd = host_open(report_path, O_WRONLY | O_APPEND | O_CREAT, 0666);
	if (fd >= 0 && n > 0 && (size_t)n < sizeof line) {
		ssize_t w = write(fd, line, (size_t)n);
		(void)w;
	}
	if (fd >= 0)
		close(fd);
}

void self_report_init(void)
{
	report_path = getenv("XGCC_SELF_REPORT");
	if (!report_path || !*report_path)
		return;
	started = host_monotonic();
	atexit(report);
}
