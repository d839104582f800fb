// `lockstep parse FILE...`: validates PTX files and prints one summary row
// per kernel, then one line per valid file without a kernel (no `.entry`:
// not an error). Every file is read even when an earlier one fails; each
// error is printed once and the exit status is 1 if any file failed.
#include <fmt/format.h>

#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "frontend/analysis/kernel_analysis.hpp"
#include "frontend/diagnostics.hpp"
#include "frontend/load.hpp"

namespace lockstep::cli {
namespace {

struct Row {
  std::string file, kernel, version;
  std::size_t instrs = 0, blocks = 0, loops = 0, irreducible = 0, branches = 0, divergent = 0, regs = 0;
};

Row summarize(const ir::Module& m, const ir::Kernel& k) {
  const analysis::KernelAnalysis a = analysis::analyze_kernel(k);
  Row r;
  r.file = m.path;
  r.kernel = k.name;
  r.version = fmt::format("{}.{}", m.version_major, m.version_minor);
  r.instrs = k.code.size();
  r.blocks = k.blocks.size();
  r.regs = k.regs.size();
  for (const auto& l : a.loops.loops()) {
    ++r.loops;
    if (!l.reducible) ++r.irreducible;
  }
  for (const auto& b : a.uniformity.branches()) {
    ++r.branches;
    if (!b.uniform) ++r.divergent;
  }
  return r;
}

void print_table(std::ostream& out, const std::vector<Row>& rows) {
  std::size_t fw = 4, kw = 6;
  for (const auto& r : rows) {
    fw = std::max(fw, r.file.size());
    kw = std::max(kw, r.kernel.size());
  }
  out << fmt::format("{:<{}}  {:<{}}  {:>4}  {:>6}  {:>6}  {:>5}  {:>5}  {:>8}  {:>9}  {:>5}\n", "file", fw,
                     "kernel", kw, "ptx", "instrs", "blocks", "loops", "irred", "branches", "divergent",
                     "regs");
  for (const auto& r : rows) {
    out << fmt::format("{:<{}}  {:<{}}  {:>4}  {:>6}  {:>6}  {:>5}  {:>5}  {:>8}  {:>9}  {:>5}\n", r.file, fw,
                       r.kernel, kw, r.version, r.instrs, r.blocks, r.loops, r.irreducible, r.branches,
                       r.divergent, r.regs);
  }
}

}  // namespace

void add_parse_command(CLI::App& app, Action& action) {
  auto* cmd = app.add_subcommand("parse", "Validate PTX files and print a summary of their kernels");
  auto files = std::make_shared<std::vector<std::string>>();
  cmd->add_option("files", *files, "PTX files")->required();
  cmd->callback([&action, files] {
    action = [files](std::ostream& out, std::ostream& err) {
      std::vector<Row> rows;
      std::vector<std::string> without_kernels;
      int status = 0;
      for (const auto& f : *files) {
        try {
          const ir::Module m = load_ptx_file(f);
          for (const auto& k : m.kernels) rows.push_back(summarize(m, k));
          if (m.kernels.empty()) without_kernels.push_back(m.path);
        } catch (const InputError& e) {
          err << e.what() << '\n';
          status = 1;
        }
      }
      if (!rows.empty()) print_table(out, rows);
      // Valid PTX without a kernel (device functions only) is no error, but
      // there is nothing to summarise, run or check.
      for (const auto& path : without_kernels) {
        out << fmt::format("{}: no kernels (no .entry): its device functions are valid; they are analysed and "
                           "run only inlined into a kernel\n",
                           path);
      }
      return status;
    };
  });
}

}  // namespace lockstep::cli
