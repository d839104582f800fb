// The spelling of `--tm-protocol` and of traces' "tm_protocol"
// (tm_protocol.hpp): every setting, every error, the round trip, and a
// mutation sweep that never crashes and never accepts a half-read value.
#include <gtest/gtest.h>

#include <random>
#include <string>

#include "semantics/launch/tm_protocol.hpp"

namespace lockstep::sem {
namespace {

TEST(TmProtocolSpec, ReadsEverySetting) {
  const TmProtocolParse p = parse_tm_protocol_spec("kilotm+tcd,units=1,lwh=0x0/4x2");
  ASSERT_TRUE(p.config) << p.error;
  EXPECT_EQ(p.config->kind, TmProtocol::KiloTmTcd);
  EXPECT_EQ(p.config->partitions, 1U);
  EXPECT_EQ(p.config->lwh, (LwhConfig{0, 0, 4, 2}));
  const TmProtocolParse w = parse_tm_protocol_spec("warptm,resolution=scr");
  ASSERT_TRUE(w.config) << w.error;
  EXPECT_TRUE(w.config->warp());
  EXPECT_TRUE(w.config->scr());
  const TmProtocolParse i = parse_tm_protocol_spec("ideal");
  ASSERT_TRUE(i.config);
  EXPECT_FALSE(i.config->units());
}

TEST(TmProtocolSpec, RoundTripsThroughItsSpelling) {
  for (const char* s : {"ideal", "kilotm", "kilotm+tcd", "warptm", "kilotm,units=3", "kilotm+tcd,lwh=2x1/1x1",
                        "warptm,units=1,resolution=scr", "kilotm,units=8,lwh=1024x4/65536x8"}) {
    const TmProtocolParse p = parse_tm_protocol_spec(s);
    ASSERT_TRUE(p.config) << s << ": " << p.error;
    EXPECT_EQ(tm_protocol_spec(*p.config), s);
  }
  // Defaults are not spelled out.
  EXPECT_EQ(tm_protocol_spec(*parse_tm_protocol_spec("kilotm,units=2,lwh=128x4/256x4").config), "kilotm");
}

TEST(TmProtocolSpec, EveryErrorSaysWhatIsWrong) {
  const auto error = [](const char* s) { return parse_tm_protocol_spec(s).error; };
  EXPECT_EQ(error("eager"), "unknown protocol 'eager' (ideal, kilotm, kilotm+tcd, warptm)");
  EXPECT_EQ(error(""), "unknown protocol '' (ideal, kilotm, kilotm+tcd, warptm)");
  EXPECT_EQ(error("kilotm,units=0"), "'units=0': the commit units are a number from 1 to 8");
  EXPECT_EQ(error("kilotm,units=2x"), "'units=2x': the commit units are a number from 1 to 8");
  EXPECT_EQ(error("kilotm,units="), "'units=': the commit units are a number from 1 to 8");
  EXPECT_EQ(error("kilotm,lwh=4x4/0x1").substr(0, 14), "'lwh=4x4/0x1':");
  EXPECT_EQ(error("kilotm,lwh=4096x2/1x1").substr(0, 17), "'lwh=4096x2/1x1':");
  EXPECT_EQ(error("kilotm,lwh=-1x4/1x1").substr(0, 15), "'lwh=-1x4/1x1':");
  EXPECT_EQ(error("ideal,units=1"), "'units=1': the ideal commit has no commit units to configure");
  EXPECT_EQ(error("kilotm,"), "'': unknown setting (units=N, lwh=SETSxWAYS/BUCKETSxARRAYS)");
  EXPECT_EQ(error("warptm,resolution=pcr"), "'resolution=pcr': the intra-warp resolution is 2pcr or scr");
  EXPECT_EQ(error("kilotm,resolution=scr"), "'resolution=scr': unknown setting (units=N, lwh=SETSxWAYS/BUCKETSxARRAYS)");
}

TEST(TmProtocolSpec, MutatedSpellingsAreReadOrRefusedWithAMessage) {
  const std::string base = "warptm,units=3,lwh=16x2/64x3,resolution=2pcr";
  const std::string alphabet = "0123456789x/,=+abcdeklmnoprstuwhi";
  std::mt19937 rng(7);
  for (int i = 0; i < 5000; ++i) {
    std::string s = base;
    const int edits = 1 + static_cast<int>(rng() % 4);
    for (int e = 0; e < edits && !s.empty(); ++e) {
      const std::size_t at = rng() % s.size();
      switch (rng() % 3) {
        case 0: s[at] = alphabet[rng() % alphabet.size()]; break;
        case 1: s.erase(at, 1); break;
        default: s.insert(at, 1, alphabet[rng() % alphabet.size()]); break;
      }
    }
    const TmProtocolParse p = parse_tm_protocol_spec(s);
    if (p.config) {
      // Whatever is read spells back to something that reads the same.
      const TmProtocolParse again = parse_tm_protocol_spec(tm_protocol_spec(*p.config));
      ASSERT_TRUE(again.config) << s;
      EXPECT_EQ(*again.config, *p.config) << s;
      EXPECT_GE(p.config->partitions, 1U) << s;
      EXPECT_LE(p.config->partitions, 8U) << s;
      EXPECT_GE(p.config->lwh.buckets, 1U) << s;
    } else {
      EXPECT_FALSE(p.error.empty()) << s;
    }
  }
}

}  // namespace
}  // namespace lockstep::sem
