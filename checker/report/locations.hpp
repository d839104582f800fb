// How the checker's reports name a place in a kernel: the PTX line of an
// instruction (Instr::loc.line), its CUDA source position from `.loc`
// ("file:line" through Module::files), its dotted opcode, and short
// one-line descriptions of a PC or a reconvergence point; the calls an
// inlined instruction came from (ir/inline_frame.hpp); and the spellings of
// the detection options.
//
// Every detection and SSDE report (text, JSON, SARIF) goes through these, so
// the renderings agree on how a location is spelled.
#pragma once

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "checker/detect/detection.hpp"
#include "frontend/ir/kernel.hpp"
#include "frontend/ir/module.hpp"

namespace lockstep::checker {

/// "thesis" / "refined".
[[nodiscard]] std::string_view detect_mode_spelling(DetectMode m) noexcept;
/// "nvidia" / "ipdom".
[[nodiscard]] std::string_view table_choice_spelling(TableChoice t) noexcept;

/// "file:line" of the instruction's `.loc`, or "" when it has no source
/// line (ir/cuda_location.hpp). An unknown file number spells as "?".
[[nodiscard]] std::string cuda_location(const ir::Module& module, const ir::Instr& instr);

/// cuda_location as JSON: the string, or null when there is none.
[[nodiscard]] nlohmann::ordered_json location_json(const ir::Module& module, const ir::Instr& instr);

/// The dotted opcode of an instruction as PTX spells it, e.g. "atom.global.cas.b32".
[[nodiscard]] std::string op_spelling(const ir::Instr& instr);

/// The callee of the opaque call at pc (ir::Opcode::Call): the function's
/// name, or the register that holds its address; "" for other instructions.
[[nodiscard]] std::string call_target(const ir::Module& module, const ir::Kernel& kernel, std::uint32_t pc);

/// op_spelling, and for an opaque call its callee: "call.uni _Z5scalei",
/// "call %rd5".
[[nodiscard]] std::string op_words(const ir::Module& module, const ir::Kernel& kernel, std::uint32_t pc);

/// A divergent barrier finding's instruction in words: "pc 17 bar.sync
/// (line 46)", or for an opaque call "pc 12 call.uni _Z5scalei (line 64),
/// which may hold a barrier".
[[nodiscard]] std::string barrier_words(const ir::Module& module, const ir::Kernel& kernel, const BarrierFinding& b);

/// "line 33" or "line 33, spin_lock.cu:9": where the instruction at pc is.
[[nodiscard]] std::string where(const ir::Module& module, const ir::Kernel& kernel, std::uint32_t pc);

/// The inline frames the instruction at pc was copied into, innermost first
/// (empty in the kernel's own body).
[[nodiscard]] std::vector<const ir::InlineFrame*> inline_chain(const ir::Kernel& kernel, std::uint32_t pc);

/// A called function's name for people: the unqualified name of a mangled
/// one ("_Z11block_totalPii" -> "block_total"), else the name itself.
[[nodiscard]] std::string function_name(std::string_view ptx_name);

/// Where an inlined call was: its CUDA "file:line" when its `.loc` gives
/// one, else "line N" of the PTX.
[[nodiscard]] std::string call_site(const ir::Module& module, const ir::InlineFrame& frame);

/// "inside f() called at k.cu:9" for an instruction of a function the kernel
/// calls, with " from g() called at k.cu:20" per further level up to the
/// kernel; "" in the kernel's own body.
[[nodiscard]] std::string inlined_text(const ir::Module& module, const ir::Kernel& kernel, std::uint32_t pc);

/// The chain as JSON, innermost first: [{"function", "callee", "call_line",
/// "call_location"}] (callee: the PTX name; call_location: the CUDA
/// "file:line" or null).
[[nodiscard]] nlohmann::ordered_json inlined_json(const ir::Module& module, const ir::Kernel& kernel,
                                                  std::uint32_t pc);

/// A reconvergence point (a PC or analysis::kExitPc) as JSON: the PC, or "exit".
[[nodiscard]] nlohmann::ordered_json point_json(std::uint32_t point);

/// A reconvergence point as text: "pc 9 (line 37)" or "the kernel exit".
[[nodiscard]] std::string point_text(const ir::Module& module, const ir::Kernel& kernel, std::uint32_t point);

}  // namespace lockstep::checker
