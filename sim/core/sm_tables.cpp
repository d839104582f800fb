// The timing of virtualised divergence tables (AWARE with physical split and
// reconvergence-table sizes; research 000-aware-bows-ddos-mp.md §1.7;
// docs/sim.md "Divergence models"). The semantics decides which entries
// spill and fill (semantics/model/table_traffic.hpp); here each becomes a
// request of the warp's LD/ST traffic:
//   - a spill is a 12-byte (split) or 16-byte (reconvergence) global write,
//     a fill a global read, to the warp's reserved 1 KB (timing_addresses.hpp),
//     entering the LD/ST unit's queue behind the memory instructions already
//     there and going through the L1D and the memory system like any access;
//   - the buffer rules: a warp's branch may not issue while one of its spills
//     has not left the LD/ST unit (the spill request buffers); no instruction
//     may issue while a reconvergence-table fill is outstanding (the pending-
//     mask update and reconverged-entry buffers); and a filled split that
//     reaches the FIFO head issues once the warp's split-table fills have
//     returned (its fill was sent when it was rotated, so the rotation hides
//     that latency when the FIFO is long enough).
#include <algorithm>

#include "sim/core/sm.hpp"
#include "sim/core/timing_addresses.hpp"

namespace lockstep::sim {
namespace {

const sem::TimingInstr kTableRead{sem::PipeClass::Mem, sem::LatencyClass::Fixed1, sem::InstrRole::Load,
                                  ir::Space::Global, 0, 0, 0, 0};
const sem::TimingInstr kTableWrite{sem::PipeClass::Mem, sem::LatencyClass::Fixed1, sem::InstrRole::Store,
                                   ir::Space::Global, 0, 0, 0, 0};

}  // namespace

void Sm::take_table_traffic(std::uint32_t w, Cycle now) {
  if (!kernel_->table_traffic) return;
  HwWarp& hw = warps_[w];
  table_scratch_.clear();
  engine_->take_table_traffic(hw.sem, table_scratch_);
  const std::uint64_t region = kTableBase + 1024 * (std::uint64_t{id_} * warps_.size() + w);
  for (const sem::TableAccess& a : table_scratch_) {
    using K = sem::TableAccess::Kind;
    if (a.kind == K::StInstall) {
      hw.await_st_fill = hw.st_fills != 0;
      continue;
    }
    const bool rt = a.kind == K::RtSpill || a.kind == K::RtFill;
    const bool fill = a.kind == K::StFill || a.kind == K::RtFill;
    const std::uint32_t bytes = sem::table_access_bytes(a.kind);
    switch (a.kind) {
      case K::StSpill: ++stats_.table_st_spills; break;
      case K::StFill: ++stats_.table_st_fills; break;
      case K::RtSpill: ++stats_.table_rt_spills; break;
      default: ++stats_.table_rt_fills; break;
    }
    stats_.table_bytes += bytes;
    const std::uint64_t addr = region + (rt ? 512U : 0U) + 16U * a.entry;
    MemAccess m;
    m.addr = addr & ~std::uint64_t{31};  // the 32-byte sector holding the entry
    m.bytes = 32;
    m.lanes = 1;
    const auto off = static_cast<std::uint32_t>(addr % 128);
    m.sector_mask = static_cast<std::uint8_t>(1U << (off / 32));
    m.byte_mask = ByteMask::range(off, bytes);
    const std::uint32_t instr = pool_.acquire();
    WarpInstr& wi = pool_[instr];
    wi.warp = w;
    wi.pc = 0;
    wi.critical = false;
    wi.active = wi.executed = 0;
    wi.unit = UnitKind::Mem;
    wi.timing = fill ? &kTableRead : &kTableWrite;
    wi.id = next_instr_id_++;
    wi.issued = now;
    wi.table_access = true;
    wi.global.push_back(m);
    ++hw.in_flight;
    if (!fill) {
      ++hw.table_spills;
    } else if (rt) {
      ++hw.rt_fills;
    } else {
      ++hw.st_fills;
    }
    oc_.ready(UnitKind::Mem).push_back(instr);
  }
  refresh_facts(w);
}

void Sm::table_access_done(std::uint32_t instr, Cycle now) {
  WarpInstr& wi = pool_[instr];
  const std::uint32_t w = wi.warp;
  HwWarp& hw = warps_[w];
  if (wi.role() == sem::InstrRole::Store) {
    --hw.table_spills;
  } else if (wi.global.front().addr % 1024 >= 512) {
    --hw.rt_fills;
  } else {
    --hw.st_fills;
    if (hw.st_fills == 0) hw.await_st_fill = false;
  }
  pool_.release(instr);
  --hw.in_flight;
  refresh_facts(w);
  warp_may_end(w, now);
}

bool Sm::table_stall(const HwWarp& hw) const noexcept {
  if (hw.rt_fills != 0 || (hw.await_st_fill && hw.st_fills != 0)) return true;
  return hw.table_spills != 0 && hw.ibuf[0].valid && hw.ibuf[0].pc < kernel_->code_size &&
         kernel_->decode->at(hw.ibuf[0].pc).role == sem::InstrRole::Branch;
}

}  // namespace lockstep::sim
