/* The exit report of XGCC_SELF_REPORT; see selfreport.h.  One write(2)
 * of one line with O_APPEND, so the lines of parallel processes do not
 * mix. */
#include "config.h"

#include "selfreport.h"
#include "diag.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

static struct timespec started;
static const char *report_path;

static double seconds(struct timeval t) { return (double)t.tv_sec + (double)t.tv_usec / 1e6; }

/* The peak resident size of this image (VmHWM): ru_maxrss would carry
 * the parent's, from before posix_spawn's exec. */
static long peak_kib(void)
{
	FILE *f = fopen("/proc/self/status", "r");
	char buf[256];
	long kib = -1;
	while (f && fgets(buf, sizeof buf, f))
		if (sscanf(buf, "VmHWM: %ld", &kib) == 1)
			break;
	if (f)
		fclose(f);
	return kib;
}

static void report(void)
{
	struct timespec now;
	struct rusage ru;
	clock_gettime(CLOCK_MONOTONIC, &now);
	if (getrusage(RUSAGE_SELF, &ru) < 0)
		return;
	char line[256];
	int n = snprintf(line, sizeof line, "%s %ld %.6f %.6f %.6f %ld\n", diag_progname(), (long)getpid(),
			 (double)(now.tv_sec - started.tv_sec) + (double)(now.tv_nsec - started.tv_nsec) / 1e9,
			 seconds(ru.ru_utime), seconds(ru.ru_stime), peak_kib() >= 0 ? peak_kib() : ru.ru_maxrss);
	int fd = open(report_path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0666);
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
	clock_gettime(CLOCK_MONOTONIC, &started);
	atexit(report);
}
