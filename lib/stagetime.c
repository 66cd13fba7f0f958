/* Timing the LTO link's stages; see stagetime.h. */
#include "config.h"

#include "stagetime.h"
#include "host.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int enabled;
static const char *current;
static double t_wall, t_user, t_sys;

static double now(void) { return host_monotonic(); }

static void child_times(double *user, double *sys)
{
	double t[2] = { 0, 0 };
	host_cpu_times(1, t, NULL);
	*user = t[0];
	*sys = t[1];
}

int stage_report_wanted(void)
{
	const char *s = getenv("COLLECT_GCC_OPTIONS");
	return s && strstr(s, "'-flto-report'") != NULL;
}

void stage_report_enable(void) { enabled = 1; }

void stage_begin(const char *name)
{
	if (!enabled)
		return;
	double w = now(), u, s;
	child_times(&u, &s);
	if (current)
		fprintf(stderr, " LTO %-16s: %6.2f wall %6.2f user %6.2f sys\n", current, w - t_wall,
			u - t_user, s - t_sys);
	current = name;
	t_wall = w, t_user = u, t_sys = s;
}
