// The false-detection table: detection in both modes over the corpus of
// synchronisation-free kernels (models/corpus/*/<name>.{O3,G}.ptx), where
// every flagged loop and every barrier finding is a false detection by
// construction, and the evidence for every loop refined mode flags
// (checker/evidence, on synthesised launches). The table (per build:
// kernels, loops, loops flagged in thesis and refined mode, barrier
// findings, then the refined flags confirmed, discharged and unknown and
// the rate of those not discharged), the refined flags left confirmed or
// unknown with their reason, and the list of flagged loops, each with its
// evidence, are printed and compared with
// tests/checker/evidence/corpus_table.txt. docs/detection.md must hold the
// table and the undischarged list, exactly, between its `corpus-table`
// markers. `UPDATE_GOLDEN=1` (scripts/corpus-table) rewrites both.
//
// The evidence runs without a time bound (a deterministic state bound per
// launch instead), so the table is the same on every machine; today every
// flag is discharged by detection with the launch's buffers, in
// milliseconds. `scripts/corpus-evidence` runs the same sweep through the
// command line with its default bounds and times it.
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string_view>
#include <utility>

#include <fmt/format.h>

#include "checker/evidence/evidence.hpp"
#include "tests/checker/detect/detect_test_kit.hpp"

namespace lockstep::test {
namespace {

namespace fs = std::filesystem;
using checker::DetectMode;
using checker::EvidenceStatus;

struct Row {
  unsigned files = 0, kernels = 0, loops = 0, thesis = 0, refined = 0, noalias = 0, refined_barriers = 0;
  unsigned confirmed = 0, discharged = 0, unknown = 0;
};

std::string location(const ir::Module& m, const ir::Kernel& k, std::uint32_t block) {
  // The first instruction of the header block with a `.loc`.
  const ir::Block& b = k.blocks[block];
  for (std::uint32_t pc = b.first_pc; pc <= b.last_pc; ++pc) {
    const ir::Instr& in = k.code[pc];
    auto it = m.files.find(in.cuda.file);
    if (in.cuda.line == 0 || it == m.files.end()) continue;
    return fmt::format("{}:{}", fs::path(it->second).filename().string(), in.cuda.line);
  }
  return fmt::format("block {}", b.label);
}

std::string read_text(const fs::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

constexpr std::string_view kBegin = "<!-- corpus-table: begin (scripts/corpus-table) -->\n";
constexpr std::string_view kEnd = "<!-- corpus-table: end -->\n";

/// Where the quoted table stands in docs/detection.md: between the markers
/// (npos when they are missing).
std::pair<std::size_t, std::size_t> quoted_range(const std::string& text) {
  const std::size_t b = text.find(kBegin);
  const std::size_t e = b == std::string::npos ? b : text.find(kEnd, b);
  if (e == std::string::npos) return {std::string::npos, std::string::npos};
  return {b + kBegin.size(), e};
}

TEST(CorpusTable, FalseDetections) {
  const fs::path root = fs::path(LOCKSTEP_SOURCE_DIR) / "models" / "corpus";
  std::vector<fs::path> files;
  for (const auto& e : fs::recursive_directory_iterator(root))
    if (e.path().extension() == ".ptx") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  ASSERT_GE(files.size(), 80U);

  std::map<std::string, Row> rows;  // "O3" / "G"
  std::ostringstream flagged;
  std::ostringstream undischarged;  // confirmed or unknown, with the reason
  for (const auto& path : files) {
    const std::string stem = path.stem().string();  // name.O3
    const std::string build = stem.substr(stem.rfind('.') + 1);
    Row& row = rows[build];
    ++row.files;
    const ir::Module module = load_ptx_file(path.string());
    for (const auto& k : module.kernels) {
      ++row.kernels;
      const auto a = analysis::analyze_kernel(k);
      checker::DetectOptions o;
      o.mode = DetectMode::Thesis;
      const auto t = checker::detect(module, k, a, o);
      o.mode = DetectMode::Refined;
      const auto r = checker::detect(module, k, a, o);
      checker::EvidenceOptions eo;
      eo.detect = o;
      eo.ptx_path = path.string();
      eo.out_dir = "";   // witnesses are checked, not written
      eo.seconds = 0;    // no time bound: the same table everywhere
      eo.max_states = 20'000;
      const auto evidence = checker::gather_evidence(module, k, a, r, eo);
      row.loops += static_cast<unsigned>(t.loops.size());
      row.thesis += t.flagged_loops();
      row.refined += r.flagged_loops();
      o.alias.assume_noalias_params = true;
      row.noalias += checker::detect(module, k, a, o).flagged_loops();
      row.refined_barriers += static_cast<unsigned>(r.barriers.size());
      for (const auto& ev : evidence) {
        row.confirmed += ev.status == EvidenceStatus::Confirmed ? 1U : 0U;
        row.discharged += ev.status == EvidenceStatus::Discharged ? 1U : 0U;
        row.unknown += ev.status == EvidenceStatus::Unknown ? 1U : 0U;
      }
      for (std::size_t i = 0; i < t.loops.size(); ++i) {
        if (!t.loops[i].flagged && !r.loops[i].flagged) continue;
        std::string why = r.loops[i].flagged ? "flagged in both" : "thesis only: refined ";
        if (!r.loops[i].flagged) why += std::string(checker::loop_reason_name(r.loops[i].reason));
        if (r.loops[i].flagged && !t.loops[i].flagged) why = "refined only";
        for (const auto& ev : evidence) {
          if (ev.loop == i) why += fmt::format("; evidence {}: {}", checker::evidence_status_name(ev.status), ev.summary);
        }
        flagged << fmt::format("  {} {} loop at {}: {}\n", path.parent_path().filename().string(), build,
                               location(module, k, t.loops[i].header), why);
        for (const auto& ev : evidence) {
          if (ev.loop != i || ev.status == EvidenceStatus::Discharged) continue;
          undischarged << fmt::format("- `{}` -{} loop at {}: {}: {}\n", path.parent_path().filename().string(), build,
                                      location(module, k, t.loops[i].header), checker::evidence_status_name(ev.status),
                                      ev.summary);
        }
      }
    }
  }
  std::ostringstream out;
  out << "| build | files | kernels | loops | flagged (thesis) | rate (thesis) | flagged (refined) | rate (refined) "
         "| flagged (refined, --assume-noalias-params) | divergent barriers | evidence: confirmed / discharged / "
         "unknown | rate (refined, not discharged) |\n|---|---|---|---|---|---|---|---|---|---|---|---|\n";
  for (const char* build : {"O3", "G"}) {
    const Row& r = rows[build];
    auto pct = [&](unsigned n) { return r.loops == 0 ? 0.0 : 100.0 * n / r.loops; };
    out << fmt::format("| -{} | {} | {} | {} | {} | {:.1f}% | {} | {:.1f}% | {} ({:.1f}%) | {} | {} / {} / {} | {:.1f}% |\n",
                       build, r.files, r.kernels, r.loops, r.thesis, pct(r.thesis), r.refined, pct(r.refined),
                       r.noalias, pct(r.noalias), r.refined_barriers, r.confirmed, r.discharged, r.unknown,
                       pct(r.refined - r.discharged));
  }
  out << "\nRefined flags not discharged (confirmed or unknown), with the reason:\n\n"
      << (undischarged.str().empty() ? std::string("- none\n") : undischarged.str());
  const std::string quoted = out.str();  // what docs/detection.md holds
  out << "\nFlagged loops (every one is a false detection), with the evidence for the refined flags:\n"
      << flagged.str();
  std::cout << out.str();

  const fs::path golden = fs::path(LOCKSTEP_SOURCE_DIR) / "tests/checker/evidence/corpus_table.txt";
  const fs::path docs = fs::path(LOCKSTEP_SOURCE_DIR) / "docs/detection.md";
  if (std::getenv("UPDATE_GOLDEN") != nullptr) {
    std::ofstream(golden) << out.str();
    std::string text = read_text(docs);
    const auto [begin, end] = quoted_range(text);
    ASSERT_NE(begin, std::string::npos) << docs << " has no corpus-table markers";
    text.replace(begin, end - begin, quoted);
    std::ofstream(docs) << text;
    GTEST_SKIP() << "rewrote " << golden << " and the table of " << docs;
  }
  {
    const std::string text = read_text(docs);
    const auto [begin, end] = quoted_range(text);
    ASSERT_NE(begin, std::string::npos) << docs << " has no corpus-table markers";
    EXPECT_EQ(text.substr(begin, end - begin), quoted) << docs << ": regenerate with scripts/corpus-table";
  }
  EXPECT_EQ(out.str(), read_text(golden)) << "regenerate with UPDATE_GOLDEN=1 if the change is intended";
  // Refined mode never detects more false positives than the thesis, and
  // fewer over the whole corpus; a synchronisation-free kernel never has a
  // confirmed hang, and fewer than 1% of its loops stay undischarged.
  unsigned thesis = 0, refined = 0;
  for (const auto& [build, r] : rows) {
    EXPECT_LE(r.refined, r.thesis) << build;
    EXPECT_EQ(r.confirmed, 0U) << build;
    EXPECT_LT(100.0 * (r.refined - r.discharged), 1.0 * r.loops) << build;
    thesis += r.thesis;
    refined += r.refined;
  }
  EXPECT_LT(refined, thesis);
}

}  // namespace
}  // namespace lockstep::test
