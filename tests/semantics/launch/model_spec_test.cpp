// Model specs as the command line names them (semantics/launch/model_spec.hpp):
// every catalogued model parses, options round-trip through the canonical
// name, and every malformed spec is one clear message.
#include <gtest/gtest.h>

#include <string>

#include "semantics/launch/model_spec.hpp"

namespace lockstep::sem {
namespace {

std::string error_of(const std::string& text) {
  const ModelSpecParse p = parse_model_spec(text);
  return p.spec ? std::string("no error") : p.error;
}

TEST(ModelSpec, EveryCataloguedModelParsesAndNamesItself) {
  for (const ModelInfo& m : model_catalog()) {
    const ModelSpecParse p = parse_model_spec(m.name);
    ASSERT_TRUE(p.spec) << m.name << ": " << p.error;
    EXPECT_EQ(p.spec->kind, m.kind);
    EXPECT_FALSE(m.summary.empty());
    EXPECT_FALSE(m.fairness.empty());
    EXPECT_FALSE(m.table.empty());
    const std::string name = model_spec_name(*p.spec);
    EXPECT_EQ(parse_model_spec(name).spec, p.spec) << name;
  }
  EXPECT_EQ(model_catalog().size(), 20U);
}

TEST(ModelSpec, OptionsAndCanonicalNames) {
  EXPECT_EQ(parse_model_spec("aware:timeout=1000").spec->timeout, 1000U);
  EXPECT_EQ(model_spec_name(*parse_model_spec("aware:timeout=1000").spec), "aware:timeout=1000");
  EXPECT_EQ(model_spec_name(*parse_model_spec("aware:timeout=off").spec), "aware");
  EXPECT_EQ(parse_model_spec("aware:timeout=any").spec->timeout, ModelSpec::kTimeoutAny);
  EXPECT_EQ(model_spec_name(*parse_model_spec("aware:timeout=any").spec), "aware:timeout=any");
  EXPECT_EQ(parse_model_spec("mp:splits=2").spec->splits, 2U);
  EXPECT_EQ(model_spec_name(*parse_model_spec("mp-orec:splits=4").spec), "mp-orec:splits=4");
  EXPECT_EQ(model_spec_name(*parse_model_spec("mp:splits=0").spec), "mp");
  EXPECT_EQ(parse_model_spec("long:16").spec->fhb, 16U);
  EXPECT_EQ(parse_model_spec("long:size=2").spec->fhb, 2U);
  EXPECT_EQ(model_spec_name(*parse_model_spec("long").spec), "long:8");
  EXPECT_EQ(ModelSpec(ModelKind::Stack), *parse_model_spec("stack").spec);
  const ModelSpec a = *parse_model_spec("aware:order=taken-first,timeout=5,switch=divergence").spec;
  EXPECT_TRUE(a.taken_first);
  EXPECT_TRUE(a.switch_on_divergence);
  EXPECT_EQ(a.timeout, 5U);
  EXPECT_EQ(model_spec_name(a), "aware:timeout=5,switch=divergence,order=taken-first");
  EXPECT_EQ(model_spec_name(*parse_model_spec("aware:switch=every-branch,order=not-taken-first").spec), "aware");
  // Virtualised tables (research §1.7): 0 is unbounded, the default.
  const ModelSpec v = *parse_model_spec("aware:rt=2,st=4").spec;
  EXPECT_EQ(v.st_entries, 4U);
  EXPECT_EQ(v.rt_entries, 2U);
  EXPECT_EQ(model_spec_name(v), "aware:st=4,rt=2");
  EXPECT_EQ(model_spec_name(*parse_model_spec("aware:timeout=9,rt=1").spec), "aware:timeout=9,rt=1");
  EXPECT_EQ(model_spec_name(*parse_model_spec("aware:st=0,rt=0").spec), "aware");
  EXPECT_EQ(parse_model_spec("aware:st=32").spec->st_entries, 32U);
}

TEST(ModelSpec, MalformedSpecsSayWhatIsAccepted) {
  EXPECT_EQ(error_of("simd"),
            "unknown model 'simd' (models: mimd, stack, stack-amd, stack-nt, aware, mp, mp-orec, its, minpc, "
            "minsp-minpc, maxfun-minpc, long:SIZE, lee, pdom-minsp, longest-path, round-robin, tbc, tbc-lcp, dwf, "
            "dwf-wb)");
  EXPECT_EQ(error_of("stack:x=1"), "model 'stack' takes no options");
  EXPECT_EQ(error_of("aware:timeout=0"),
            "model 'aware': timeout '0' is not a number of warp instructions from 1 to 4294967294, off or any "
            "(options: aware:timeout=N|off,switch=every-branch|divergence,order=not-taken-first|taken-first,st=N,rt=N)");
  EXPECT_EQ(error_of("aware:timeout="),
            "model 'aware': timeout '' is not a number of warp instructions from 1 to 4294967294, off or any "
            "(options: aware:timeout=N|off,switch=every-branch|divergence,order=not-taken-first|taken-first,st=N,rt=N)");
  EXPECT_EQ(error_of("aware:switch=never"),
            "model 'aware': switch 'never' is not every-branch or divergence (options: "
            "aware:timeout=N|off,switch=every-branch|divergence,order=not-taken-first|taken-first,st=N,rt=N)");
  EXPECT_EQ(error_of("aware:delay=5"), "model 'aware': unknown option 'delay=5' (options: aware:timeout=N|off,switch=every-branch|divergence,order=not-taken-first|taken-first,st=N,rt=N)");
  EXPECT_EQ(error_of("aware:st=33"),
            "model 'aware': st '33' is not a number of physical split-table entries from 0 (unbounded) to 32 "
            "(options: aware:timeout=N|off,switch=every-branch|divergence,order=not-taken-first|taken-first,st=N,rt=N)");
  EXPECT_EQ(error_of("aware:rt=-1"),
            "model 'aware': rt '-1' is not a number of physical reconvergence-table entries from 0 (unbounded) to 32 "
            "(options: aware:timeout=N|off,switch=every-branch|divergence,order=not-taken-first|taken-first,st=N,rt=N)");
  EXPECT_EQ(error_of("aware:"), "model 'aware': unknown option '' (options: aware:timeout=N|off,switch=every-branch|divergence,order=not-taken-first|taken-first,st=N,rt=N)");
  EXPECT_EQ(error_of("mp:splits=33"),
            "model 'mp': splits '33' is not a number of split-table entries from 0 (unlimited) to 32 (options: "
            "mp:splits=N)");
  EXPECT_EQ(error_of("mp:timeout=5"), "model 'mp': unknown option 'timeout=5' (options: mp:splits=N)");
  EXPECT_EQ(error_of("long:0"), "model 'long': '0' is not a history size from 1 to 64 (options: long:SIZE)");
  EXPECT_EQ(error_of("long:eight"), "model 'long': 'eight' is not a history size from 1 to 64 (options: long:SIZE)");
}

}  // namespace
}  // namespace lockstep::sem
