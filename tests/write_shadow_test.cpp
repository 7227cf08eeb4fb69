// The race shadow's sweep (bucketed sort by begin, then the furthest reach of other blocks' plain stores
// and atomic adds) against the definition, byte by byte: a phase races exactly when some byte is written
// by two blocks and at least one of the writes is a plain store. Any reported race must name such bytes.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <cstdint>
#include <optional>
#include <ostream>
#include <vector>

#include "npu/global_memory.h"

namespace pcemu {
namespace {

struct Write {
  int32_t block;
  int64_t begin, end;
  bool atomic;
};

// How RapidCheck prints a counterexample's writes.
void showValue(const Write& w, std::ostream& os) {
  os << "{block " << w.block << ", [" << w.begin << ", " << w.end << ")" << (w.atomic ? " atomic}" : " plain}");
}

// Per byte: the writers seen so far; a race when two blocks meet and one of the two writes is plain.
bool races_by_definition(int64_t bytes, const std::vector<Write>& writes) {
  std::vector<std::vector<const Write*>> by_byte(static_cast<size_t>(bytes));
  for (const Write& w : writes)
    for (int64_t b = w.begin; b < w.end; ++b) {
      for (const Write* other : by_byte[static_cast<size_t>(b)])
        if (other->block != w.block && !(other->atomic && w.atomic)) return true;
      by_byte[static_cast<size_t>(b)].push_back(&w);
    }
  return false;
}

// A reported race names bytes both blocks wrote, with the kinds they wrote them as (a block's adjacent
// writes of one kind may be reported as one range: the shadow merges them).
bool race_is_real(const WriteShadow::Race& r, const std::vector<Write>& writes) {
  auto wrote = [&](int32_t block, bool atomic) {
    for (int64_t b = r.byte_begin; b < r.byte_end; ++b) {
      bool covered = false;
      for (const Write& w : writes)
        covered = covered || (w.block == block && w.atomic == atomic && w.begin <= b && b < w.end);
      if (!covered) return false;
    }
    return true;
  };
  return r.byte_begin < r.byte_end && r.block != r.other && !(r.atomic && r.other_atomic) && wrote(r.block, r.atomic) &&
         wrote(r.other, r.other_atomic);
}

// Writes the way kernels make them: rows of a few sizes at scattered offsets, from a few blocks, some
// atomic, and often a row that continues the previous one of the same block and kind (the shadow merges
// those into one range).
rc::Gen<std::vector<Write>> gen_writes(int64_t bytes) {
  struct Draw {
    Write write;
    bool continues;
  };
  const auto draws = rc::gen::container<std::vector<Draw>>(rc::gen::exec([bytes] {
    const auto block = *rc::gen::inRange<int32_t>(0, 6);
    const auto len = *rc::gen::element<int64_t>(1, 4, 14, 32, 56, 200);
    const auto begin = *rc::gen::inRange<int64_t>(0, bytes);
    return Draw{{block, begin, begin + len, *rc::gen::arbitrary<bool>()}, *rc::gen::arbitrary<bool>()};
  }));
  return rc::gen::map(draws, [bytes](const std::vector<Draw>& ds) {
    std::vector<Write> writes;
    for (const Draw& d : ds) {
      Write w = d.write;
      if (d.continues && !writes.empty() && writes.back().end < bytes) {
        const int64_t len = w.end - w.begin;
        w = writes.back();
        w.begin = w.end;
        w.end = w.begin + len;
      }
      w.end = std::min(bytes, w.end);
      writes.push_back(w);
    }
    return writes;
  });
}

std::optional<WriteShadow::Race> sweep(int64_t bytes, const std::vector<Write>& writes) {
  WriteShadow shadow(bytes, "t");
  for (const Write& w : writes) shadow.record(w.block, w.begin, w.end, w.atomic);
  return shadow.end_phase();
}

RC_GTEST_PROP(WriteShadow, TheSweepFindsARaceExactlyWhenTheDefinitionDoes, ()) {
  const auto bytes = *rc::gen::inRange<int64_t>(1, 3000);
  const auto writes = *gen_writes(bytes);
  const auto race = sweep(bytes, writes);
  RC_ASSERT(race.has_value() == races_by_definition(bytes, writes));
  if (race) RC_ASSERT(race_is_real(*race, writes));
}

// A later phase starts clean: the ranges of the phase before are forgotten.
TEST(WriteShadow, APhaseForgetsTheRangesOfTheOneBefore) {
  WriteShadow shadow(64, "t");
  shadow.record(0, 0, 32, false);
  EXPECT_FALSE(shadow.end_phase().has_value());
  shadow.record(1, 0, 32, false);
  EXPECT_FALSE(shadow.end_phase().has_value());
  shadow.record(0, 0, 32, false);
  shadow.record(1, 31, 40, true);
  const auto race = shadow.end_phase();
  ASSERT_TRUE(race.has_value());
  EXPECT_EQ(race->byte_begin, 31);
  EXPECT_EQ(race->byte_end, 32);
}

// Controls: the definition check tells a racing phase from a clean one, so agreeing with it means something.
TEST(WriteShadow, TheDefinitionSeparatesRacesFromAtomicOverlap) {
  EXPECT_TRUE(races_by_definition(16, {{0, 0, 8, false}, {1, 7, 9, false}}));
  EXPECT_TRUE(races_by_definition(16, {{0, 0, 8, true}, {1, 7, 9, false}}));
  EXPECT_FALSE(races_by_definition(16, {{0, 0, 8, true}, {1, 0, 8, true}}));
  EXPECT_FALSE(races_by_definition(16, {{0, 0, 8, false}, {0, 4, 12, false}, {1, 12, 16, false}}));
  EXPECT_FALSE(race_is_real({0, 4, 0, 1, false, false}, {{0, 0, 8, false}, {1, 8, 16, false}}));
}

}  // namespace
}  // namespace pcemu
