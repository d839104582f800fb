// The synthetic PTX corpus of the throughput benchmark: the bundled 64-bit
// models, repeated with fresh symbol names until the file is large enough.
//
// Layout of the text: one module header (the `.version`/`.target` of the
// newest model, `.address_size 64`); then, once, the items every copy shares
// (`.extern .func` prototypes such as `vprintf`, and the transactional-memory
// marker functions `__tbegin`/`__tcommit`/`__tabort`, plain or mangled, whose
// names the frontend recognises and which therefore must not be renamed);
// then copy 0, 1, 2, ... of every model's remaining module-scope items, with
// every symbol the model declares at module scope renamed `NAME_cK` in copy
// K (whole identifiers only; parameter names follow their function).
#pragma once

#include <cstddef>
#include <filesystem>
#include <string>
#include <vector>

namespace lockstep::bench {

struct Corpus {
  std::string text;
  std::vector<std::string> models;    ///< model files used, relative to the models folder
  std::size_t copies = 0;             ///< number of copies of the models
  std::size_t entries_per_copy = 0;   ///< `.entry` items in one copy
  [[nodiscard]] std::size_t entries() const noexcept { return copies * entries_per_copy; }
};

/// Reads `models_dir/*/*.ptx` (sorted by path), keeps the modules with
/// `.address_size 64`, and writes whole copies until the text has at least
/// `min_bytes` bytes. Throws std::runtime_error when no model qualifies or a
/// model cannot be read or split.
[[nodiscard]] Corpus synthesise_corpus(const std::filesystem::path& models_dir, std::size_t min_bytes);

}  // namespace lockstep::bench
