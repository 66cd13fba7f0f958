#include <iostream>
#include <stdexcept>
#include "calc.h"
#include "calcxx.h"

int main()
{
	std::vector<long> v;
	for (long i = 1; i <= 10; i++)
		v.push_back(i);
	std::cout << "sum: " << calc::sum(v) << "\n";
	std::cout << calc::describe(6, '*', 7) << "\n";
	try {
		calc::sum(std::vector<long>());
		std::cout << "no exception\n";
	} catch (const std::invalid_argument &e) {
		std::cout << "caught: " << e.what() << "\n";
	}
	std::cout << "inits: " << calc::init_count() << "\n";
	std::cout << "linkage: " << calc_linkage() << "\n";
	return 0;
}
