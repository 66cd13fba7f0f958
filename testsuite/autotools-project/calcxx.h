#ifndef CALCXX_H
#define CALCXX_H
#include <string>
#include <vector>

namespace calc {
// Sum of VALUES, via the C library; throws std::invalid_argument if empty.
long sum(const std::vector<long> &values);
std::string describe(long a, char op, long b);
// Counts the objects constructed before main (static initialisation).
int init_count();
}

#endif
