#include "bench/support/flags.hpp"

#include <fstream>
#include <iostream>
#include <stdexcept>

namespace lockstep::bench {

std::optional<std::string> take_flag(int& argc, char** argv, std::string_view name) {
  const std::string prefix = "--" + std::string(name) + "=";
  std::optional<std::string> value;
  int kept = 0;
  for (int i = 0; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (i > 0 && arg.starts_with(prefix)) {
      value = std::string(arg.substr(prefix.size()));
    } else {
      argv[kept++] = argv[i];
    }
  }
  argc = kept;
  return value;
}

std::ostream& summary_stream(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "--benchmark_format=json" || arg == "--benchmark_format=csv") return std::cerr;
  }
  return std::cout;
}

void write_text_file(const std::string& path, std::string_view text) {
  std::ofstream out(path, std::ios::binary);
  out.write(text.data(), static_cast<std::streamsize>(text.size()));
  if (!out) throw std::runtime_error("cannot write " + path);
}

}  // namespace lockstep::bench
