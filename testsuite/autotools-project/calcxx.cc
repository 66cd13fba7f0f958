#include <sstream>
#include <stdexcept>
#include "calc.h"
#include "calcxx.h"

namespace {
int inits;
struct Init {
	Init() { ++inits; }
} init_object;
}

namespace calc {

long sum(const std::vector<long> &values)
{
	if (values.empty())
		throw std::invalid_argument("empty sum");
	long r = 0;
	for (long v : values)
		r = calc_add(r, v);
	return r;
}

std::string describe(long a, char op, long b)
{
	char buf[64];
	calc_format(buf, sizeof buf, a, op, b);
	std::ostringstream s;
	s << "[" << buf << "]";
	return s.str();
}

int init_count() { return inits; }

}
