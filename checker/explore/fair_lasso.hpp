// Builds the cycle of a non-termination counterexample once the explorer has
// found a weakly fair SCC (explorer.hpp): starting from the SCC's root
// state, breadth-first searches restricted to the SCC's states reach, for
// every unfinished fairness unit in turn, an edge the unit takes or a state
// where it is disabled, and finally the root again. Every step is
// re-executed, so the cycle is real; the returned steps lead from the root
// back to the root.
#pragma once

#include <algorithm>
#include <cstdint>
#include <deque>
#include <functional>
#include <stdexcept>
#include <unordered_map>
#include <vector>

#include "checker/explore/fairness_units.hpp"
#include "checker/explore/finding_filter.hpp"
#include "checker/explore/state_digest.hpp"
#include "checker/explore/step_generator.hpp"
#include "checker/explore/visited_table.hpp"

namespace lockstep::checker {

template <class S, class G>
class FairLasso {
 public:
  FairLasso(G& gen, const VisitedTable& table, std::vector<std::uint32_t> members)
      : gen_(gen), table_(table) {
    for (const std::uint32_t m : members) in_scc_.emplace(m, true);
  }

  /// The cycle from `root` back to it, meeting every unit set in `need`.
  std::vector<StepRecord> cycle(const S& root, const std::vector<std::uint64_t>& need) {
    const Digest root_digest = digest_of(root);
    const std::size_t words = need.size();
    std::vector<std::uint64_t> met(words, 0);
    const auto note_state = [&](const S& s) { disabled_units(s, met); };
    std::vector<StepRecord> path;
    S cur = root;
    note_state(cur);
    for (std::uint32_t u = 0; u < words * 64; ++u) {
      if (!test_bit(need, u) || test_bit(met, u)) continue;
      const auto goal = [&](const StepRecord& r, const S& child) {
        if (unit_of<S>(r.warp, r.key) == u) return true;
        std::vector<std::uint64_t> dis(words, 0);
        disabled_units(child, dis);
        return test_bit(dis, u);
      };
      walk(cur, goal, path, met, note_state);
    }
    const auto home = [&](const StepRecord&, const S& child) { return digest_of(child) == root_digest; };
    if (path.empty() || digest_of(cur) != root_digest) walk(cur, home, path, met, note_state);
    return path;
  }

  /// Where the threads are in every state of the component, `root` first
  /// (a breadth-first search inside it; every state is re-executed).
  std::vector<ThreadPlaces> places(const S& root) {
    std::vector<ThreadPlaces> out;
    std::vector<S> queue{root};
    std::unordered_map<std::uint64_t, std::vector<Digest>> seen;
    seen[digest_of(root).lo].push_back(digest_of(root));
    std::vector<Successor<S>> succ;
    for (std::size_t i = 0; i < queue.size(); ++i) {
      out.emplace_back();
      thread_places(queue[i], out.back());
      for (std::uint32_t w = 0; w < queue[i].warp_count(); ++w) {
        for (sem::Mask m = queue[i].enabled(w); m != 0; m &= m - 1) {
          const std::size_t n = gen_.successors(queue[i], w, sem::lowest_lane(m), succ);
          for (std::size_t k = 0; k < n; ++k) {
            const Digest d = digest_of(succ[k].state);
            const std::uint32_t id = table_.find(d);
            if (id == VisitedTable::kAbsent || !in_scc_.contains(id)) continue;
            std::vector<Digest>& bucket = seen[d.lo];
            if (std::find(bucket.begin(), bucket.end(), d) != bucket.end()) continue;
            bucket.push_back(d);
            queue.push_back(succ[k].state);
          }
        }
      }
    }
    return out;
  }

 private:
  struct Node {
    S state;
    std::size_t parent;
    StepRecord via;
  };

  /// BFS from `cur` inside the SCC to the first edge satisfying `goal`;
  /// appends the steps to `path`, moves `cur` there, records met units.
  template <class Goal, class Note>
  void walk(S& cur, const Goal& goal, std::vector<StepRecord>& path, std::vector<std::uint64_t>& met,
            const Note& note_state) {
    std::vector<Node> nodes;
    nodes.push_back(Node{cur, static_cast<std::size_t>(-1), {}});
    std::unordered_map<std::uint64_t, std::vector<Digest>> seen;  // by the digest's low word
    const auto first_time = [&seen](const Digest& d) {
      std::vector<Digest>& bucket = seen[d.lo];
      if (std::find(bucket.begin(), bucket.end(), d) != bucket.end()) return false;
      bucket.push_back(d);
      return true;
    };
    first_time(digest_of(cur));
    std::vector<Successor<S>> out;
    for (std::size_t i = 0; i < nodes.size(); ++i) {
      for (std::uint32_t w = 0; w < nodes[i].state.warp_count(); ++w) {
        std::vector<unsigned> keys;
        for_each_action(nodes[i].state, w, [&](unsigned key) { keys.push_back(key); });
        for (const unsigned key : keys) {
          const std::size_t n = gen_.successors(nodes[i].state, w, key, out);
          for (std::size_t k = 0; k < n; ++k) {
            const Digest d = digest_of(out[k].state);
            const std::uint32_t id = table_.find(d);
            if (id == VisitedTable::kAbsent || !in_scc_.contains(id)) continue;
            if (goal(out[k].record, out[k].state)) {
              append(nodes, i, out[k].record, path, met, note_state);
              note_state(out[k].state);
              set_bit(met, unit_of<S>(out[k].record.warp, out[k].record.key));
              cur = out[k].state;
              return;
            }
            if (first_time(d)) nodes.push_back(Node{out[k].state, i, out[k].record});
          }
        }
      }
    }
    throw std::logic_error("fair SCC: no path to the required edge inside the component");
  }

  template <class Note>
  static void append(const std::vector<Node>& nodes, std::size_t i, const StepRecord& last,
                     std::vector<StepRecord>& path, std::vector<std::uint64_t>& met, const Note& note_state) {
    std::vector<std::size_t> chain;
    for (std::size_t j = i; j != 0; j = nodes[j].parent) chain.push_back(j);
    for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
      path.push_back(nodes[*it].via);
      set_bit(met, unit_of<S>(nodes[*it].via.warp, nodes[*it].via.key));
      note_state(nodes[*it].state);
    }
    path.push_back(last);
  }

  G& gen_;
  const VisitedTable& table_;
  std::unordered_map<std::uint32_t, bool> in_scc_;
};

}  // namespace lockstep::checker
