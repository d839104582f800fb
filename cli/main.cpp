#include <iostream>

#include "cli/app.hpp"

int main(int argc, char** argv) { return lockstep::cli::run_cli(argc, argv, std::cout, std::cerr); }
