// `lockstep swarm merge DIR`: what the jobs of a swarm (swarm_plan.hpp)
// found, merged deterministically: the counterexample with the fewest
// steps (then the lowest job index) is the swarm's, copied to
// DIR/swarm.trace.json for `lockstep run --replay`; whatever order the jobs
// ran or finished in, the same files give the same report. Exit status: 3 a
// counterexample, 0 a job whose search was exhaustive (that job's verdict is
// a proof by itself), 4 otherwise (a swarm proves nothing), 1 input error.
#pragma once

#include <ostream>
#include <string>

namespace lockstep::cli {

struct SwarmMergeOptions {
  std::string dir;
  bool json = false;
};

int run_swarm_merge(const SwarmMergeOptions& o, std::ostream& out);

}  // namespace lockstep::cli
