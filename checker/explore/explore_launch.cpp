#include "checker/explore/explore_launch.hpp"

#include <stdexcept>

#include <fmt/format.h>

#include "checker/explore/explore_model.hpp"
#include "semantics/launch/model_dispatch.hpp"
#include "semantics/spec/expect.hpp"

namespace lockstep::checker {
namespace {

std::vector<std::uint8_t> buffer_bytes(const sem::BufferBinding& b, const sem::GlobalMemory& memory) {
  std::vector<std::uint8_t> bytes(b.bytes());
  if (!bytes.empty()) memory.read(b.address, bytes.size(), bytes.data());
  return bytes;
}

}  // namespace

std::vector<StepRecord> rederive_schedule(const sem::LaunchSetup& setup, const sem::ModelSpec& model,
                                          std::span<const StepRecord> steps, bool merge) {
  return sem::with_model(model, setup, [&](auto m) { return rederive_model(setup, std::move(m), steps, merge); });
}

Exploration explore_launch(const sem::LaunchSetup& setup, const ExploreRequest& request) {
  return sem::with_model(request.model, setup, [&](auto m) { return explore_model(setup, std::move(m), request); });
}

ReplayOutcome replay_launch(const sem::LaunchSetup& setup, const sem::ModelSpec& model,
                            std::span<const StepRecord> steps, std::optional<std::size_t> cycle_start,
                            bool canonical) {
  return sem::with_model(model, setup,
                         [&](auto m) { return replay_model(setup, std::move(m), steps, cycle_start, canonical); });
}

Digest final_memory_digest(const sem::LaunchSetup& setup, const sem::GlobalMemory& memory) {
  sem::StateHasher h;
  for (const sem::BufferBinding& b : setup.buffers) {
    const std::vector<std::uint8_t> bytes = buffer_bytes(b, memory);
    h.value(bytes.size());
    if (!bytes.empty()) h.bytes(bytes.data(), bytes.size());
  }
  return h.digest();
}

std::string expect_mismatch_text(const sem::LaunchSetup& setup, const sem::LaunchSpec& spec,
                                 const sem::GlobalMemory& memory) {
  std::string text;
  for (const sem::ExpectSpec& e : spec.expects) {
    const sem::BufferBinding& b = setup.buffers[e.buffer];
    const std::vector<std::uint8_t> bytes = buffer_bytes(b, memory);
    const auto mism = sem::compare_expect(e, b.type, bytes, 4);
    for (const sem::Mismatch& m : mism) {
      if (!text.empty()) text += "; ";
      text += fmt::format("{}[{}] = {}, expected {}", b.name, m.index, m.actual, m.expected);
    }
  }
  return text;
}

}  // namespace lockstep::checker
