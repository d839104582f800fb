// Running ptxas on printed PTX (for the printer tests). ptxas is optional:
// find_ptxas() returns "" when it is neither on PATH nor at
// /usr/local/cuda/bin/ptxas, and the tests then skip.
#pragma once

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <string_view>

#include <unistd.h>

namespace lockstep::test {

inline std::string find_ptxas() {
  namespace fs = std::filesystem;
  if (const char* path = std::getenv("PATH")) {
    std::string_view rest(path);
    while (!rest.empty()) {
      const auto colon = rest.find(':');
      const std::string_view dir = rest.substr(0, colon);
      if (!dir.empty()) {
        const fs::path candidate = fs::path(std::string(dir)) / "ptxas";
        std::error_code ec;
        if (fs::is_regular_file(candidate, ec)) return candidate.string();
      }
      if (colon == std::string_view::npos) break;
      rest.remove_prefix(colon + 1);
    }
  }
  std::error_code ec;
  if (fs::is_regular_file("/usr/local/cuda/bin/ptxas", ec)) return "/usr/local/cuda/bin/ptxas";
  return "";
}

/// Assembles `text` for `arch`; returns "" when ptxas accepts it, else its
/// diagnostics. `stem` names the scratch files (in a folder of this process,
/// left behind only when ptxas fails). `relocatable` compiles with `-c`
/// (external functions may stay unresolved).
inline std::string ptxas_errors(const std::string& ptxas, const std::string& text,
                                const std::string& stem, const std::string& arch = "sm_75",
                                bool relocatable = false) {
  namespace fs = std::filesystem;
  const fs::path dir =
      fs::temp_directory_path() / ("lockstep_printer_ptxas_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const fs::path file = dir / (stem + ".ptx");
  const fs::path log = dir / (stem + ".log");
  {
    std::ofstream out(file, std::ios::binary);
    out << text;
  }
  const std::string command = "'" + ptxas + "' -arch=" + arch + (relocatable ? " -c" : "") + " '" + file.string() +
                              "' -o /dev/null > '" + log.string() + "' 2>&1";
  const int status = std::system(command.c_str());
  if (status == 0) {
    // Keep the files of a failure for a look; drop those of a success.
    std::error_code ec;
    fs::remove(file, ec);
    fs::remove(log, ec);
    fs::remove(dir, ec);  // only when empty
    return "";
  }
  std::ifstream in(log);
  std::string messages((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  return messages.empty() ? "ptxas failed without a message" : messages;
}

}  // namespace lockstep::test
