// The module: directives, module variables and their initialisers, the
// function table, then one kernel per `.entry`. Device functions that no
// kernel calls are still lowered once (and discarded) so their errors are
// reported.
#include "frontend/ptx/lower.hpp"

#include <fmt/format.h>

#include <variant>

#include "frontend/ptx/lower_init.hpp"
#include "frontend/ptx/lower_kernel.hpp"

namespace lockstep::ptx {
namespace lowering {
namespace {

std::optional<ir::Space> variable_space(std::string_view s) {
  if (s == "global") return ir::Space::Global;
  if (s == "shared" || s == "shared::cta") return ir::Space::Shared;
  if (s == "shared::cluster") return ir::Space::SharedCluster;
  if (s == "const") return ir::Space::Const;
  if (s == "local") return ir::Space::Local;
  if (s == "param") return ir::Space::Param;
  return std::nullopt;
}

ir::Linkage linkage_of(std::string_view s) {
  if (s == "visible") return ir::Linkage::Visible;
  if (s == "extern") return ir::Linkage::Extern;
  if (s == "weak") return ir::Linkage::Weak;
  if (s == "common") return ir::Linkage::Common;
  return ir::Linkage::None;
}

/// Checks a function's performance directives; fills `out` (entries).
void directives(const ast::Function& fn, ir::EntryDirectives& out, const Source& src) {
  for (const auto& d : fn.directives) {
    const std::size_t n = d.values.size();
    auto count = [&](std::size_t lo, std::size_t hi) {
      if (n < lo || n > hi) {
        const std::string want = lo == hi ? fmt::format("{} value{}", lo, lo == 1 ? "" : "s")
                                          : fmt::format("{} to {} values", lo, hi);
        throw src.error_at(d.offset, fmt::format("'.{}' takes {}, found {}", d.name, want, n));
      }
    };
    if (d.name == "maxntid" || d.name == "reqntid" || d.name == "reqnctapercluster") {
      count(1, 3);
      auto& v = d.name == "maxntid" ? out.maxntid : d.name == "reqntid" ? out.reqntid : out.reqnctapercluster;
      v = d.values;
    } else if (d.name == "minnctapersm" || d.name == "maxnctapersm" || d.name == "maxnreg" ||
               d.name == "maxclusterrank") {
      count(1, 1);
      auto& v = d.name == "minnctapersm"   ? out.minnctapersm
                : d.name == "maxnctapersm" ? out.maxnctapersm
                : d.name == "maxnreg"      ? out.maxnreg
                                           : out.maxclusterrank;
      v = d.values[0];
    } else if (d.name == "noreturn" || d.name == "explicitcluster") {
      count(0, 0);
      (d.name == "noreturn" ? out.noreturn : out.explicitcluster) = true;
    } else {
      throw src.error_at(d.offset, fmt::format("unknown directive '.{}'", d.name));
    }
  }
}

/// After inlining, the `.param` variables of call sequences (nvcc's
/// `param0`, `retval0`) are per-thread scratch memory that no call reads:
/// they become `.local` variables, and the ld/st/mov naming them use
/// `.local` too. Variables still passed to a recognised call (vprintf,
/// __assertfail) or to a call that is not inlined (Call) stay `.param`.
void localise_call_params(ir::Kernel& k) {
  std::vector<char> convert(k.vars.size(), 0);
  bool any = false;
  for (std::size_t i = 0; i < k.vars.size(); ++i) {
    if (!k.vars[i].is_param && k.vars[i].space == ir::Space::Param) {
      convert[i] = 1;
      any = true;
    }
  }
  if (!any) return;
  auto keep = [&](const ir::Operand& o) {
    if (o.kind == ir::OperandKind::Symbol && o.scope == ir::SymScope::Kernel) convert[o.a] = 0;
  };
  for (const auto& in : k.code) {
    if (in.op != ir::Opcode::Print && in.op != ir::Opcode::AssertFail && in.op != ir::Opcode::Call) continue;
    for (std::uint32_t j = 0; j < in.op_count; ++j) {
      const ir::Operand& o = k.operands[in.op_begin + j];
      keep(o);
      if (o.kind == ir::OperandKind::Vector) {
        for (std::uint32_t e = 0; e < o.b; ++e) keep(k.operands[o.a + e]);
      }
    }
  }
  for (std::size_t i = 0; i < k.vars.size(); ++i) {
    if (convert[i] != 0) k.vars[i].space = ir::Space::Local;
  }
  auto names_converted = [&](const ir::Operand& o) {
    return (o.kind == ir::OperandKind::Symbol ||
            (o.kind == ir::OperandKind::Address && o.addr_base() == ir::AddrBase::Symbol)) &&
           o.scope == ir::SymScope::Kernel && convert[o.a] != 0;
  };
  for (auto& in : k.code) {
    if (in.space != ir::Space::Param) continue;
    if (in.op != ir::Opcode::Ld && in.op != ir::Opcode::St && in.op != ir::Opcode::Mov) continue;
    for (std::uint32_t j = 0; j < in.op_count; ++j) {
      if (names_converted(k.operands[in.op_begin + j])) in.space = ir::Space::Local;
    }
  }
}

class ModuleLowerer {
 public:
  ModuleLowerer(const ast::Module& m, const Source& src, ir::Module& out)
      : ast_(m), src_(src), ctx_{src, out, {}, {}, UniqueNames{}, {}, {}, {}, {}, {}, {}} {}

  void run() {
    header();
    collect();
    initialisers();
    ctx_.module.kernels.reserve(entries_.size());
    for (const ast::Function* fn : entries_) kernel(*fn);
    for (const ast::Function* fn : funcs_) {
      if (fn->has_body && !ctx_.inlined.contains(fn) && ctx_.functions.at(fn->name) == fn) check_unused(*fn);
    }
  }

 private:
  [[noreturn]] void fail(ast::Offset at, std::string message) const {
    throw src_.error_at(at, std::move(message));
  }

  void header() {
    ir::Module& out = ctx_.module;
    out.path = src_.path();
    if (ast_.version_major == 0 && ast_.version_minor == 0) fail(0, "missing '.version' directive");
    if (ast_.version_major < 1 || ast_.version_major > 9 || ast_.version_minor > 9) {
      // Point at the number after `.version`.
      const std::string_view text = src_.text();
      std::size_t at = ast_.version_offset;
      if (text.substr(at).starts_with(".version")) at += 8;
      while (at < text.size() && (text[at] == ' ' || text[at] == '\t')) ++at;
      fail(static_cast<ast::Offset>(at), fmt::format("unsupported PTX ISA version {}.{} (expected 1.0 to 9.x)",
                                                     ast_.version_major, ast_.version_minor));
    }
    out.version_major = ast_.version_major;
    out.version_minor = ast_.version_minor;
    // `debug` announces DWARF sections, which are not kept: printing it
    // without them would make ptxas reject the output.
    for (auto t : ast_.targets) {
      if (t != "debug") out.targets.emplace_back(t);
    }
    out.has_address_size = ast_.has_address_size;
    if (ast_.has_address_size) {
      if (ast_.address_size != 32 && ast_.address_size != 64) {
        fail(ast_.address_size_offset,
             fmt::format("invalid '.address_size {}' (must be 32 or 64)", ast_.address_size));
      }
      out.address_size = ast_.address_size;
    }
  }

  void collect() {
    for (const auto& item : ast_.items) {
      if (const auto* fn = std::get_if<ast::Function>(&item)) {
        function(*fn);
      } else if (const auto* var = std::get_if<ast::VarDecl>(&item)) {
        global(*var);
      } else if (const auto* file = std::get_if<ast::FileDir>(&item)) {
        ctx_.module.files[file->index] = std::string(file->name);
      } else if (const auto* regs = std::get_if<ast::RegDecl>(&item)) {
        ctx_.module_regs.push_back(regs);
      } else if (const auto* sec = std::get_if<ast::Section>(&item)) {
        for (const auto& [label, text] : sec->strings) ctx_.debug_strings.emplace(label, text);
      }
    }
    for (const auto& [name, fn] : ctx_.functions) {
      if (!ctx_.reserved.taken(name)) ctx_.reserved.take(name);
    }
  }

  void function(const ast::Function& fn) {
    const auto [it, fresh] = ctx_.functions.try_emplace(fn.name, &fn);
    if (!fresh) {
      const ast::Function& old = *it->second;
      if (old.is_entry != fn.is_entry || (old.has_body && fn.has_body)) {
        fail(fn.name_offset, fmt::format("duplicate definition of '{}'", fn.name));
      }
      if (fn.has_body) it->second = &fn;
    }
    if (fn.is_entry) {
      if (fn.has_body) entries_.push_back(&fn);
    } else {
      funcs_.push_back(&fn);
    }
  }

  void global(const ast::VarDecl& d) {
    ir::Variable v = make_variable(d, src_, src_.locate(d.offset));
    if (v.space == ir::Space::Param) fail(d.offset, "'.param' variables are not allowed at module scope");
    auto& globals = ctx_.module.globals;
    const auto [it, fresh] = ctx_.globals.try_emplace(d.name, static_cast<std::uint32_t>(globals.size()));
    if (!fresh) {
      // An `.extern` declaration and the definition are one variable.
      ir::Variable& old = globals[it->second];
      if (old.linkage != ir::Linkage::Extern && v.linkage != ir::Linkage::Extern) {
        fail(d.name_offset, fmt::format("duplicate declaration of '{}'", d.name));
      }
      if (v.linkage != ir::Linkage::Extern) {
        old = std::move(v);
        decls_[it->second] = &d;
      }
      return;
    }
    ctx_.reserved.take(d.name);
    globals.push_back(std::move(v));
    decls_.push_back(&d);
  }

  void initialisers() {
    const InitNames names{ctx_.globals, ctx_.functions};
    for (std::size_t i = 0; i < decls_.size(); ++i) {
      lower_initializer(ctx_.module.globals[i], *decls_[i], names, src_);
    }
  }

  void kernel(const ast::Function& fn) {
    ir::Kernel k;
    k.code.reserve(fn.body.size());
    k.operands.reserve(3 * fn.body.size());
    k.regs.reserve(fn.body.size());
    k.vars.reserve(fn.params.size() + 4);
    KernelState ks(ctx_, k);
    declare_module_regs(ks);
    k.name = std::string(fn.name);
    k.linkage = linkage_of(fn.linkage);
    k.loc = src_.locate(fn.name_offset);
    directives(fn, k.directives, src_);
    BodyLowerer body(ks, fn, 0, ir::CudaLoc{});
    for (const auto& p : fn.params) {
      if (p.space != "param") fail(p.offset, "kernel parameters must be in the .param state space");
      k.params.push_back(body.add_var(p, true));
    }
    body.run();
    finish(k, fn);
    ctx_.module.kernels.push_back(std::move(k));
  }

  /// A kernel that can run off its end (or branch to its end) gets an
  /// explicit `ret` there, so every path ends in ret/exit/trap/branch.
  void finish(ir::Kernel& k, const ast::Function& fn) const {
    const bool open_end = k.code.empty() || !k.code.back().ends_flow() ||
                          (!k.labels.empty() && k.labels.back().pc == k.code.size());
    if (open_end) {
      ir::Instr ret;
      ret.op = ir::Opcode::Ret;
      ret.loc = k.code.empty() ? src_.locate(fn.offset) : k.code.back().loc;
      ret.cuda = k.code.empty() ? ir::CudaLoc{} : k.code.back().cuda;
      ret.op_begin = static_cast<std::uint32_t>(k.operands.size());
      k.code.push_back(ret);
    }
    localise_call_params(k);
    ir::build_blocks(k);
  }

  /// Lowers a device function no kernel calls, only to report its errors.
  void check_unused(const ast::Function& fn) {
    ir::Kernel scratch;
    KernelState ks(ctx_, scratch);
    declare_module_regs(ks);
    scratch.name = std::string(fn.name);
    directives(fn, scratch.directives, src_);
    BodyLowerer body(ks, fn, 0, ir::CudaLoc{});
    for (const auto* list : {&fn.params, &fn.rets}) {
      for (const auto& p : *list) {
        if (p.space == "reg") {
          const auto type = ir::parse_type(p.type);
          if (!type) fail(p.offset, fmt::format("unknown type '.{}'", p.type));
          body.add_reg(p.name, *type, p.name_offset);
        } else if (p.space == "param") {
          body.add_var(p, false);
        } else {
          fail(p.offset, "function parameters must be in the .param or .reg state space");
        }
      }
    }
    ks.call_stack.push_back(fn.name);
    body.run();
  }

  const ast::Module& ast_;
  const Source& src_;
  ModuleContext ctx_;
  std::vector<const ast::Function*> entries_;
  std::vector<const ast::Function*> funcs_;
  std::vector<const ast::VarDecl*> decls_;
};

}  // namespace

ir::Variable make_variable(const ast::VarDecl& d, const Source& src, ir::SrcLoc loc) {
  ir::Variable v;
  v.name = std::string(d.name);
  const auto space = variable_space(d.space);
  if (!space) {
    if (d.space == "tex" || d.space == "surf") {
      throw src.error_at(d.offset, "texture and surface variables are not supported");
    }
    throw src.error_at(d.offset, fmt::format("'.{}' is not a state space for variables here", d.space));
  }
  v.space = *space;
  const auto type = ir::parse_type(d.type);
  if (!type) {
    if (d.type == "texref" || d.type == "samplerref" || d.type == "surfref") {
      throw src.error_at(d.offset, "texture and surface references are not supported");
    }
    throw src.error_at(d.offset, fmt::format("unknown type '.{}'", d.type));
  }
  v.type = *type;
  if (d.vec != 1 && d.vec != 2 && d.vec != 4 && d.vec != 8) {
    throw src.error_at(d.offset, fmt::format("invalid vector width .v{}", d.vec));
  }
  v.vec = static_cast<std::uint8_t>(d.vec);
  if ((d.align & (d.align - 1)) != 0) {
    throw src.error_at(d.offset, fmt::format("alignment {} is not a power of two", d.align));
  }
  v.align = d.align;
  v.dims = d.dims;
  std::uint64_t bytes = v.element_bytes();
  for (auto dim : d.dims) {
    if (dim != 0 && bytes > (std::uint64_t{1} << 48) / dim) {
      throw src.error_at(d.name_offset, fmt::format("variable '{}' is too large", d.name));
    }
    bytes *= dim == 0 ? 1 : dim;
  }
  v.linkage = linkage_of(d.linkage);
  v.loc = loc;
  return v;
}

}  // namespace lowering

ir::Module lower(const ast::Module& module, const Source& source) {
  ir::Module out;
  lowering::ModuleLowerer(module, source, out).run();
  return out;
}

}  // namespace lockstep::ptx
