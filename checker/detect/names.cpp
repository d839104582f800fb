// Spellings of the detection and SafePDom enums used in reports.
#include "checker/detect/detection.hpp"
#include "checker/detect/safepdom.hpp"

namespace lockstep::checker {

std::string_view loop_reason_name(LoopReason r) noexcept {
  switch (r) {
    case LoopReason::Redefined: return "redefined";
    case LoopReason::NestedSafePdom: return "nested-safepdom";
    case LoopReason::NoExitCondition: return "no-exit-condition";
    case LoopReason::NoSharedRead: return "no-shared-read";
    case LoopReason::NoRedefiningWrite: return "no-redefining-write";
    case LoopReason::UniformExit: return "uniform-exit";
    case LoopReason::SingleLane: return "single-lane";
    case LoopReason::ReadOnlyReads: return "read-only-reads";
    case LoopReason::SelfBounded: return "self-bounded";
    case LoopReason::LaneSerialised: return "lane-serialised";
  }
  return "?";
}

std::string_view write_relation_name(WriteRelation r) noexcept {
  switch (r) {
    case WriteRelation::Reachable: return "reachable";
    case WriteRelation::Parallel: return "parallel";
    case WriteRelation::Both: return "both";
  }
  return "?";
}

std::string_view rise_cause_name(RiseCause c) noexcept {
  switch (c) {
    case RiseCause::Exit: return "exit";
    case RiseCause::Write: return "write";
    case RiseCause::ReachBranch: return "reach-branch";
    case RiseCause::ParaBranch: return "para-branch";
    case RiseCause::Conflict: return "conflict";
    case RiseCause::Nvidia: return "nvidia";
  }
  return "?";
}

}  // namespace lockstep::checker
