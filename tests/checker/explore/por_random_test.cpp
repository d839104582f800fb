// Persistent sets change no verdict on generated programs
// (tests/semantics/launch/random_program.hpp: synchronisation-free kernels
// with hammocks, loops, gotos, exits, atomics, collectives and barriers).
// Programs of at most two warps are explored under the stack and ITS with
// and without the reduction (5,000 states at most; LOCKSTEP_POR_MAX_STATES);
// where both searches are exhaustive they must agree (por_kit.hpp). 200 programs
// by default (50 in the sanitizer build); LOCKSTEP_POR_SEEDS=N checks N
// (scripts/por-compare runs 1,000), LOCKSTEP_POR_FIRST_SEED=S starts at S.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "por_kit.hpp"
#include "random_program.hpp"

namespace lockstep::checker::por_test {
namespace {

std::uint64_t env_number(const char* name, std::uint64_t fallback) {
  const char* v = std::getenv(name);
  return v == nullptr ? fallback : std::strtoull(v, nullptr, 10);
}

TEST(PorRandom, GeneratedProgramsAgreeWithAndWithoutPersistentSets) {
#ifdef LOCKSTEP_SANITIZED_TESTS
  constexpr std::uint64_t kDefaultPrograms = 50;  // the sanitizer build: a quarter, as the differential suite
#else
  constexpr std::uint64_t kDefaultPrograms = 200;
#endif
  const std::uint64_t want = env_number("LOCKSTEP_POR_SEEDS", kDefaultPrograms);
  std::uint64_t seed = env_number("LOCKSTEP_POR_FIRST_SEED", 1);
  std::uint64_t programs = 0, compared = 0, reduced = 0, states = 0, states_por = 0;
  for (; programs < want; ++seed) {
    const test::RandomProgram p = test::generate_random_program(seed);
    if (p.grid * ((p.block + 31) / 32) > 2) continue;  // at most two warps: exhaustive without the reduction
    ++programs;
    const auto l = launch_from_text(p.ptx, p.spec);
    for (const char* model : {"stack", "its"}) {
      const Comparison c = compare(*l, model, env_number("LOCKSTEP_POR_MAX_STATES", 5'000), "seed " + std::to_string(seed) + " under " + model);
      if (!c.compared) continue;
      ++compared;
      reduced += c.reduced ? 1U : 0U;
      states += c.states;
      states_por += c.states_por;
    }
  }
  std::printf("[ por      ] %llu programs, %llu searches compared, %llu reduced; states %llu without, %llu with\n",
              static_cast<unsigned long long>(programs), static_cast<unsigned long long>(compared),
              static_cast<unsigned long long>(reduced), static_cast<unsigned long long>(states),
              static_cast<unsigned long long>(states_por));
  EXPECT_GE(2 * compared, programs);  // many searches are exhaustive within the bound
  EXPECT_GT(reduced, 0U);         // and the reduction does prune some of them
}

}  // namespace
}  // namespace lockstep::checker::por_test
