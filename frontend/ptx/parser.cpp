// PTX grammar, module and function structure: module directives, kernels
// and device functions with their headers, and the statements of a body.
// Declarations are in grammar_decl.cpp, instructions and operands in
// grammar_instr.cpp, lexemes (Spirit X3) in grammar_lexer.cpp.
#include "frontend/ptx/parser.hpp"

#include <iterator>

#include <fmt/format.h>

#include "frontend/ptx/debug_str.hpp"
#include "frontend/ptx/grammar_decl.hpp"
#include "frontend/ptx/grammar_instr.hpp"
#include "frontend/ptx/grammar_lexer.hpp"

namespace lockstep::ptx {

namespace {

using grammar::DeclContext;
using grammar::Lexer;

/// Nesting limit of `{ }` scope blocks inside a function body.
constexpr std::uint32_t kMaxScopeDepth = 1024;

/// Directives allowed between a function's header and its body.
bool is_function_directive(std::string_view w) {
  return w == "maxntid" || w == "reqntid" || w == "minnctapersm" || w == "maxnctapersm" ||
         w == "maxnreg" || w == "noreturn" || w == "reqnctapercluster" ||
         w == "explicitcluster" || w == "maxclusterrank" || w == "blocksareclusters" ||
         w == "abi_preserve" || w == "abi_preserve_control";
}

/// Directives of module scope (used to tell "misplaced" from "unknown").
bool is_module_directive(std::string_view w) {
  return w == "version" || w == "target" || w == "address_size" || w == "file" ||
         w == "section" || w == "entry" || w == "func" || is_function_directive(w);
}

class Parser {
 public:
  explicit Parser(const Source& source) : lx_(source) {}

  ast::Module module() {
    ast::Module m;
    bool seen_item = false;
    bool seen_version = false;
    for (;;) {
      const char c = lx_.peek();
      if (lx_.at_end()) break;
      const ast::Offset off = lx_.offset();
      if (c == '@' && lx_.peek2() == '@') {
        m.items.emplace_back(dwarf_line());
        seen_item = true;
        continue;
      }
      if (c != '.') lx_.fail_expected("a directive");
      const char* const at = lx_.token();
      const std::string_view w = lx_.directive("a directive");
      if (w == "version") {
        if (seen_version || seen_item) lx_.fail(at, "'.version' must come first, and only once");
        seen_version = true;
        m.version_offset = off;
        lx_.version(m.version_major, m.version_minor);
        if (m.version_major == 0 && m.version_minor == 0) lx_.fail(at, "bad version number '0.0'");
        continue;
      }
      seen_item = true;
      module_directive(m, w, at, off);
    }
    return m;
  }

 private:
  /// A module-scope directive other than `.version` (its word `w` at `at` read).
  void module_directive(ast::Module& m, std::string_view w, const char* at, ast::Offset off) {
    if (w == "target") {
      if (!m.targets.empty()) lx_.fail(at, "duplicate '.target'");
      m.target_offset = off;
      do {
        m.targets.push_back(lx_.identifier("a target name"));
      } while (lx_.accept(','));
    } else if (w == "address_size") {
      if (m.has_address_size) lx_.fail(at, "duplicate '.address_size'");
      const char* const v = lx_.token();
      m.address_size = lx_.u32("an address size");
      if (m.address_size != 32 && m.address_size != 64) {
        lx_.fail(v, fmt::format("address size must be 32 or 64, not {}", m.address_size));
      }
      m.has_address_size = true;
      m.address_size_offset = off;
    } else if (w == "file") {
      m.items.emplace_back(file(off));
    } else if (w == "section") {
      m.items.emplace_back(section(off));
    } else if (w == "pragma") {
      m.items.emplace_back(pragma(off));
    } else if (w == "reg") {
      m.items.emplace_back(grammar::parse_reg_decl(lx_, off));
    } else if (w == "entry" || w == "func") {
      m.items.emplace_back(function(w == "entry", {}, off));
    } else if (grammar::is_linkage(w) || grammar::is_var_space(w)) {
      linked_item(m, w, at, off);
    } else {
      misplaced_or_unknown(at, w, "at module scope");
    }
  }

  /// `.visible .entry ...`, `.extern .func ...`, `.weak .global ...` or a
  /// variable declaration without linkage (`w` is the first word, at `linkage_at`).
  void linked_item(ast::Module& m, std::string_view w, const char* linkage_at, ast::Offset off) {
    std::string_view linkage;
    std::string_view space = w;
    if (grammar::is_linkage(w)) {
      linkage = w;
      const char* const at = lx_.token();
      space = lx_.directive(fmt::format("'.entry', '.func' or a state space after '.{}'", w));
      if (space == "entry" || space == "func") {
        m.items.emplace_back(function(space == "entry", linkage, off));
        return;
      }
      if (!grammar::is_var_space(space)) {
        lx_.fail(at, fmt::format("expected '.entry', '.func' or a state space after '.{}', found {}",
                                 w, lx_.describe(at)));
      }
      check_linkage(linkage_at, linkage, space);
    }
    scratch_.clear();
    grammar::parse_var_decl(lx_, var_proto(linkage, space, off), DeclContext::Statement, scratch_);
    for (auto& d : scratch_) m.items.emplace_back(std::move(d));
  }
  /// Linkage (`.extern`, `.visible`, ...) names a symbol of the module;
  /// a `.param` variable (a parameter or a call-sequence argument) has none.
  void check_linkage(const char* at, std::string_view linkage, std::string_view space) {
    if (space == "param") {
      lx_.fail(at, fmt::format("linkage '.{}' is not allowed on a '.param' variable", linkage));
    }
  }
  static ast::VarDecl var_proto(std::string_view linkage, std::string_view space,
                                ast::Offset off) {
    ast::VarDecl d;
    d.linkage = linkage;
    d.space = space;
    d.offset = off;
    return d;
  }

  [[noreturn]] void misplaced_or_unknown(const char* at, std::string_view w,
                                         std::string_view where) {
    if (is_module_directive(w) || w == "reg" || w == "loc" || w == "pragma" ||
        w == "branchtargets" || w == "calltargets" || w == "callprototype") {
      lx_.fail(at, fmt::format("'.{}' is not allowed {}", w, where));
    }
    lx_.fail(at, fmt::format("unknown directive '.{}'", w));
  }

  /// `@@DWARF ...` (debug data of ISA 1.x files): one line, kept as a Section.
  ast::Section dwarf_line() {
    const char* const at = lx_.token();
    const std::string_view rest(at, static_cast<std::size_t>(lx_.end() - at));
    if (!rest.starts_with("@@DWARF")) lx_.fail_expected("a directive");
    const std::size_t nl = rest.find('\n');
    lx_.advance_to(nl == std::string_view::npos ? lx_.end() : at + nl + 1);
    return ast::Section{rest.substr(0, 7), lx_.offset_of(at), {}};
  }

  ast::FileDir file(ast::Offset off) {
    ast::FileDir f;
    f.offset = off;
    f.index = lx_.u32("a file number");
    f.name = lx_.string_literal("a file name string");
    // Optional `, timestamp, size`.
    for (int i = 0; i < 2 && lx_.accept(','); ++i) {
      static_cast<void>(lx_.integer(i == 0 ? "a file timestamp" : "a file size"));
    }
    return f;
  }

  /// `.section NAME { ... }`: the contents (debug data) are skipped,
  /// respecting strings and comments.
  ast::Section section(ast::Offset off) {
    const char* const name_at = lx_.token();
    static_cast<void>(lx_.directive("a section name"));
    const std::string_view name = lx_.opcode_rest(name_at);
    lx_.expect('{', fmt::format("after '.section {}'", name));
    const char* const body = lx_.pos();
    int depth = 1;
    while (true) {
      lx_.skip();
      if (lx_.at_end()) lx_.fail(lx_.end(), "unexpected end of file (missing '}')");
      const char* q = lx_.pos();
      const char c = *q;
      if (c == '"') {
        static_cast<void>(lx_.string_literal("a string"));
        continue;
      }
      if (c == '{') ++depth;
      if (c == '}' && --depth == 0) {
        ast::Section sec{name, off, {}};
        if (name == ".debug_str") sec.strings = parse_debug_str(std::string_view(body, static_cast<std::size_t>(q - body)));
        lx_.advance();
        return sec;
      }
      // Skip a run of ordinary characters in one go.
      do {
        ++q;
      } while (q != lx_.end() && *q != '"' && *q != '{' && *q != '}' && *q != '/');
      lx_.advance_to(q);
    }
  }

  ast::Pragma pragma(ast::Offset off) {
    ast::Pragma p;
    p.offset = off;
    p.text = lx_.string_literal("a string after '.pragma'");
    lx_.expect(';', "after '.pragma'");
    return p;
  }

  ast::LocDir loc(ast::Offset off) {
    ast::LocDir d;
    d.offset = off;
    d.file = lx_.u32("a file number after '.loc'");
    d.line = lx_.u32("a line number after '.loc'");
    if (grammar::is_digit(lx_.peek())) d.col = lx_.u32("a column number");
    // `, function_name LABEL[+OFF], inlined_at FILE LINE COL`.
    while (lx_.accept(',')) {
      const char* const at = lx_.token();
      const std::string_view key = lx_.identifier("'function_name' or 'inlined_at'");
      if (key == "function_name") {
        d.function_name = lx_.identifier("a label after 'function_name'");
        if (lx_.accept('+')) static_cast<void>(lx_.integer("an offset"));
      } else if (key == "inlined_at") {
        d.inlined = true;
        d.inlined_file = lx_.u32("a file number after 'inlined_at'");
        d.inlined_line = lx_.u32("a line number after 'inlined_at'");
        if (grammar::is_digit(lx_.peek())) d.inlined_col = lx_.u32("a column number");
      } else {
        lx_.fail(at, fmt::format("expected 'function_name' or 'inlined_at', found {}",
                                 lx_.describe(at)));
      }
    }
    return d;
  }

  ast::Function function(bool is_entry, std::string_view linkage, ast::Offset off) {
    ast::Function f;
    f.is_entry = is_entry;
    f.linkage = linkage;
    f.offset = off;
    const std::string_view kind = is_entry ? "'.entry'" : "'.func'";
    if (lx_.peek() == '.') {
      const char* const at = lx_.token();
      if (lx_.directive("a function name") != "attribute") {
        lx_.fail(at, fmt::format("expected a function name after {}, found {}", kind,
                                 lx_.describe(at)));
      }
      f.attribute = grammar::parse_attribute(lx_);
    }
    if (lx_.peek() == '(') {
      if (is_entry) lx_.fail(lx_.pos(), "a kernel ('.entry') has no return parameters");
      f.has_rets = true;
      grammar::parse_param_list(lx_, f.rets);
    }
    lx_.skip();
    f.name_offset = lx_.offset();
    f.name = lx_.declared_identifier(fmt::format("a function name after {}", kind));
    const bool has_param_list = lx_.peek() == '(';
    if (has_param_list) grammar::parse_param_list(lx_, f.params);
    while (lx_.peek() == '.') {
      const char* const at = lx_.token();
      ast::FuncDirective d;
      d.offset = lx_.offset();
      d.name = lx_.directive("a directive");
      if (!is_function_directive(d.name)) {
        misplaced_or_unknown(at, d.name, "in a function header");
      }
      if (grammar::is_digit(lx_.peek())) {
        do {
          d.values.push_back(lx_.u32(fmt::format("a value for '.{}'", d.name)));
        } while (lx_.accept(','));
      }
      f.directives.push_back(std::move(d));
    }
    if (lx_.accept(';')) return f;
    if (!lx_.accept('{')) {
      lx_.fail_expected(fmt::format("'{{' or ';' after the header of '{}'", f.name));
    }
    f.has_body = true;
    body(f, is_entry && !has_param_list);
    return f;
  }

  /// Parses the statements into statements_ (reused storage), then moves
  /// them into f.body at their exact count.
  void body(ast::Function& f, bool params_in_body) {
    std::vector<ast::Statement>& out = statements_;
    out.clear();
    std::uint32_t depth = 0;
    for (;;) {
      const char c = lx_.peek();
      if (lx_.at_end()) lx_.fail(lx_.end(), "unexpected end of file (missing '}')");
      const ast::Offset off = lx_.offset();
      switch (c) {
        case '}':
          lx_.advance();
          if (depth == 0) {
            f.body.assign(std::make_move_iterator(out.begin()), std::make_move_iterator(out.end()));
            return;
          }
          --depth;
          out.emplace_back(ast::ScopeClose{off});
          break;
        case '{':
          if (depth >= kMaxScopeDepth) {
            lx_.fail(lx_.pos(), fmt::format("scopes nested deeper than {} levels", kMaxScopeDepth));
          }
          lx_.advance();
          ++depth;
          out.emplace_back(ast::ScopeOpen{off});
          break;
        case '@':
          guarded_instruction(out);
          break;
        case '.':
          body_directive(f, out, params_in_body && depth == 0);
          break;
        default:
          if (!grammar::is_ident_start(c)) lx_.fail_expected("a statement");
          label_or_instruction(out);
          break;
      }
    }
  }

  void label_or_instruction(std::vector<ast::Statement>& out) {
    const char* const start = lx_.token();
    const ast::Offset off = lx_.offset();
    const std::string_view word = lx_.identifier("a statement");
    std::string_view opcode = word;
    if (lx_.pos() != lx_.end() && *lx_.pos() == '.') {
      opcode = lx_.opcode_rest(start);
      if (!grammar::is_alpha(word[0])) {
        lx_.fail(start, fmt::format("expected an instruction, found {}", lx_.describe(start)));
      }
    } else {
      if (lx_.accept(':')) {
        lx_.refuse_predefined(word, start);
        out.emplace_back(ast::Label{word, off});
        return;
      }
      if (!grammar::is_alpha(word[0]) || looks_like_opcode_next()) {
        lx_.fail(start, fmt::format("expected ':' after label '{}'", word));
      }
    }
    auto& ins = std::get<ast::Instruction>(out.emplace_back(std::in_place_type<ast::Instruction>));
    ins.offset = off;
    ins.opcode = opcode;
    ins.opcode_offset = off;
    grammar::parse_instruction_operands(lx_, ins, operands_);
  }

  /// After a dot-less first word: true if the next token reads like an opcode
  /// (`add.s32`), i.e. the first word was a label missing its ':'.
  bool looks_like_opcode_next() {
    if (!grammar::is_alpha(lx_.peek())) return false;
    const char* q = lx_.pos();
    while (q != lx_.end() && grammar::is_ident_char(*q)) ++q;
    return q + 1 < lx_.end() && q[0] == '.' && grammar::is_alpha(q[1]);
  }

  void guarded_instruction(std::vector<ast::Statement>& out) {
    auto& ins = std::get<ast::Instruction>(out.emplace_back(std::in_place_type<ast::Instruction>));
    ins.offset = lx_.offset();
    ins.has_guard = true;
    ins.guard.offset = ins.offset;
    lx_.advance();  // '@'
    ins.guard.negated = lx_.accept('!');
    ins.guard.reg = lx_.operand_name("a predicate after '@'");
    if (!grammar::is_alpha(lx_.peek())) lx_.fail_expected("an instruction after the guard");
    const char* const start = lx_.token();
    ins.opcode_offset = lx_.offset();
    static_cast<void>(lx_.identifier("an instruction"));
    ins.opcode = lx_.opcode_rest(start);
    grammar::parse_instruction_operands(lx_, ins, operands_);
  }

  void body_directive(ast::Function& f, std::vector<ast::Statement>& out, bool params_here) {
    const ast::Offset off = lx_.offset();
    const char* const at = lx_.token();
    const std::string_view w = lx_.directive("a directive");
    if (w == "reg") {
      out.emplace_back(grammar::parse_reg_decl(lx_, off));
    } else if (grammar::is_linkage(w) || grammar::is_var_space(w)) {
      std::string_view space = w;
      std::string_view linkage;
      if (grammar::is_linkage(w)) {
        linkage = w;
        const char* const at2 = lx_.token();
        space = lx_.directive(fmt::format("a state space after '.{}'", w));
        if (!grammar::is_var_space(space)) {
          lx_.fail(at2, fmt::format("expected a state space after '.{}', found {}", w,
                                    lx_.describe(at2)));
        }
        check_linkage(at, linkage, space);
      }
      const ast::VarDecl proto = var_proto(linkage, space, off);
      if (params_here && space == "param") {
        grammar::parse_var_decl(lx_, proto, DeclContext::Statement, f.params);
        return;
      }
      scratch_.clear();
      grammar::parse_var_decl(lx_, proto, DeclContext::Statement, scratch_);
      for (auto& d : scratch_) out.emplace_back(std::move(d));
    } else if (w == "loc") {
      out.emplace_back(loc(off));
    } else if (w == "pragma") {
      out.emplace_back(pragma(off));
    } else if (w == "branchtargets" || w == "calltargets") {
      ast::TargetList t;
      t.directive = w;
      t.offset = off;
      do {
        t.names.push_back(lx_.identifier("a name in the target list"));
      } while (lx_.accept(','));
      lx_.expect(';', fmt::format("after '.{}'", w));
      out.emplace_back(std::move(t));
    } else if (w == "callprototype") {
      out.emplace_back(call_prototype(off));
    } else if (w == "section") {
      static_cast<void>(section(off));  // debug data inside a body: skipped
    } else {
      misplaced_or_unknown(at, w, "inside a function");
    }
  }

  /// `.callprototype (.param .b32 _) _ (.param .b32 _) [.noreturn];`
  ast::TargetList call_prototype(ast::Offset off) {
    ast::TargetList t;
    t.directive = "callprototype";
    t.offset = off;
    const auto list = [&]() -> std::string_view {
      if (lx_.peek() != '(') return {};
      const char* const start = lx_.token();
      scratch_.clear();
      grammar::parse_param_list(lx_, scratch_);
      return {start, static_cast<std::size_t>(lx_.pos() - start)};
    };
    t.names.push_back(list());
    const char* const at = lx_.token();
    if (lx_.identifier("'_' in the call prototype") != "_") {
      lx_.fail(at, fmt::format("expected '_' in the call prototype, found {}", lx_.describe(at)));
    }
    t.names.push_back(list());
    if (lx_.peek() == '.') {
      const char* const at2 = lx_.token();
      if (lx_.directive("';'") != "noreturn") {
        lx_.fail(at2, fmt::format("expected ';' after '.callprototype', found {}",
                                  lx_.describe(at2)));
      }
      t.names.emplace_back("noreturn");
    }
    lx_.expect(';', "after '.callprototype'");
    return t;
  }

  Lexer lx_;
  // Reused storage (capacity kept across functions and instructions).
  std::vector<ast::VarDecl> scratch_;
  std::vector<ast::Statement> statements_;
  std::vector<ast::Operand> operands_;
};

}  // namespace

ast::Module parse(const Source& source) { return Parser(source).module(); }

}  // namespace lockstep::ptx
