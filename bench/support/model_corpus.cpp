#include "bench/support/model_corpus.hpp"

#include <algorithm>
#include <fstream>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string_view>
#include <utility>

#include "bench/support/ptx_items.hpp"
#include "bench/support/symbol_template.hpp"

namespace lockstep::bench {
namespace {

std::string read_text(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  if (!in || in.bad()) throw std::runtime_error("cannot read " + path.string());
  return std::move(text).str();
}

/// The operand of a header directive item: the rest of its line, trimmed.
std::string header_value(const ModuleItem& item) {
  std::string needle(1, '.');
  needle += item.first_directive;
  std::string_view rest = item.text.substr(item.text.find(needle) + needle.size());
  rest = rest.substr(0, rest.find('\n'));
  const auto first = rest.find_first_not_of(" \t");
  const auto last = rest.find_last_not_of(" \t\r");
  return first == std::string_view::npos ? std::string() : std::string(rest.substr(first, last - first + 1));
}

/// `.version` "M.m" as a comparable pair.
std::pair<int, int> version_of(const std::string& v) {
  const auto dot = v.find('.');
  if (dot == std::string::npos) return {std::stoi(v), 0};
  return {std::stoi(v.substr(0, dot)), std::stoi(v.substr(dot + 1))};
}

/// Functions whose names the frontend gives a meaning to: they are emitted
/// once and never renamed.
bool is_marker_function(std::string_view name) {
  return name.find("__tbegin") != std::string_view::npos || name.find("__tcommit") != std::string_view::npos ||
         name.find("__tabort") != std::string_view::npos;
}

bool is_shared_item(const ModuleItem& item) {
  return item.kind == ItemKind::Function &&
         (item.is_extern || (!item.names.empty() && is_marker_function(item.names.front())));
}

std::vector<std::filesystem::path> model_files(const std::filesystem::path& models_dir) {
  std::vector<std::filesystem::path> files;
  for (const auto& dir : std::filesystem::directory_iterator(models_dir)) {
    if (!dir.is_directory()) continue;
    for (const auto& file : std::filesystem::directory_iterator(dir.path())) {
      if (file.is_regular_file() && file.path().extension() == ".ptx") files.push_back(file.path());
    }
  }
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace

Corpus synthesise_corpus(const std::filesystem::path& models_dir, std::size_t min_bytes) {
  const std::vector<std::filesystem::path> files = model_files(models_dir);
  std::vector<std::string> texts;
  std::vector<std::string> bodies;  // per-copy items of each model; templates point into them
  texts.reserve(files.size());
  bodies.reserve(files.size());
  std::vector<SymbolTemplate> templates;
  Corpus corpus;
  std::string version;
  std::string target;
  std::string shared;
  std::set<std::string, std::less<>> shared_names;

  for (const auto& file : files) {
    texts.push_back(read_text(file));
    std::vector<ModuleItem> items;
    try {
      items = split_module(texts.back());
    } catch (const std::runtime_error& e) {
      throw std::runtime_error(file.string() + ": " + e.what());
    }
    std::string model_version;
    std::string model_target;
    bool is_64bit = false;
    for (const auto& item : items) {
      if (item.kind != ItemKind::Header) continue;
      if (item.first_directive == "version") model_version = header_value(item);
      if (item.first_directive == "target") model_target = header_value(item);
      if (item.first_directive == "address_size") is_64bit = header_value(item) == "64";
    }
    if (!is_64bit || model_version.empty()) continue;
    if (version.empty() || version_of(model_version) > version_of(version)) {
      version = model_version;
      target = model_target;
    }

    std::string body;
    std::vector<std::string_view> symbols;
    for (const auto& item : items) {
      if (item.kind == ItemKind::Header) continue;
      if (is_shared_item(item)) {
        if (shared_names.insert(std::string(item.names.front())).second) {
          shared += item.code;
          shared += '\n';
        }
        continue;
      }
      body += item.text;
      symbols.insert(symbols.end(), item.names.begin(), item.names.end());
      if (item.is_entry) ++corpus.entries_per_copy;
    }
    bodies.push_back(std::move(body));
    templates.emplace_back(bodies.back(), symbols);
    corpus.models.push_back(std::filesystem::relative(file, models_dir).string());
  }
  if (templates.empty()) throw std::runtime_error("no 64-bit model under " + models_dir.string());

  std::string& out = corpus.text;
  out.reserve(min_bytes + min_bytes / 8);
  out += "// lockstep frontend benchmark corpus: the bundled 64-bit models, repeated with renamed symbols\n";
  out += ".version " + version + "\n.target " + target + "\n.address_size 64\n";
  out += shared;
  do {
    const std::string suffix = "_c" + std::to_string(corpus.copies);
    for (const auto& t : templates) {
      out += '\n';
      t.append_copy(out, suffix);
    }
    ++corpus.copies;
  } while (out.size() < min_bytes);
  return corpus;
}

}  // namespace lockstep::bench
