#include <fstream>
#include <string>

#include "cli/commands.hpp"
#include "frontend/diagnostics.hpp"
#include "frontend/load.hpp"
#include "frontend/ptx/printer.hpp"

namespace lockstep::cli {

void add_print_command(CLI::App& app, Action& action) {
  auto* cmd = app.add_subcommand("print", "Read a PTX file and print it back from the IR (device functions inlined)");
  auto file = std::make_shared<std::string>();
  auto output = std::make_shared<std::string>();
  cmd->add_option("file", *file, "PTX file")->required();
  cmd->add_option("-o,--output", *output, "write to this file instead of standard output");
  cmd->callback([&action, file, output] {
    action = [file, output](std::ostream& out, std::ostream&) {
      const ir::Module module = load_ptx_file(*file);
      // Device functions print only inlined into kernels: without one the
      // output would silently lose them.
      require_kernels(module);
      const std::string text = ptx::print(module);
      if (output->empty()) {
        out << text;
        return 0;
      }
      std::ofstream f(*output, std::ios::binary);
      f << text;
      if (!f) {
        Diagnostic d;
        d.file = *output;
        d.message = "cannot write file";
        throw InputError(std::move(d));
      }
      return 0;
    };
  });
}

}  // namespace lockstep::cli
