// The emulated NPU's own checks: bounded UB naming the tiling, aligned and bounds-checked copies, real
// concurrency with a real SyncAll barrier, the race shadow, and fp32 atomics. Each check is shown to fire.
#include <gtest/gtest.h>

#include <atomic>
#include <set>
#include <string>
#include <vector>

#include "common/half.h"
#include "common/log.h"
#include "npu/dynamic_checks.h"
#include "npu/faults.h"
#include "npu/launch.h"

namespace pcemu {
namespace {

LaunchSpec spec_of(int32_t blocks, int64_t ub = 4096) { return LaunchSpec{"test/kernel", "tile=TEST", blocks, ub, {}}; }

TEST(UnifiedBuffer, OverflowFailsAndNamesTheTiling) {
  LaunchSpec s = spec_of(1, 1024);
  const aclnnStatus st = launch(
      s,
      [](BlockContext& ctx) {
        ctx.ub().alloc<float>(200, "first");   // 800 bytes
        ctx.ub().alloc<float>(100, "second");  // 400 more: past 1024
      },
      nullptr);
  EXPECT_EQ(st, ACLNN_ERR_INNER_TILING_ERROR);
  const std::string msg = recent_error();
  EXPECT_NE(msg.find("'second'"), std::string::npos) << msg;
  EXPECT_NE(msg.find("tile=TEST"), std::string::npos) << msg;
  EXPECT_NE(msg.find("limit 1024"), std::string::npos) << msg;
}

TEST(UnifiedBuffer, HighWaterMarkIsReported) {
  LaunchStats stats;
  ASSERT_EQ(launch(
                spec_of(2, 4096), [](BlockContext& ctx) { ctx.ub().alloc<float>(100, "x"); }, &stats),
            ACLNN_SUCCESS);
  EXPECT_EQ(stats.ub_high_water, 416);  // 400 bytes rounded up to 32-byte blocks
}

TEST(GlobalMemory, CopiesAreBoundsCheckedAndUbAligned) {
  std::vector<float> gm(16, 1.0f);
  LaunchSpec s = spec_of(1);
  auto out = writable(s, gm.data(), 16, "out");
  EXPECT_EQ(launch(
                s,
                [&](BlockContext& ctx) {
                  auto buf = ctx.ub().alloc<float>(32, "buf");
                  ctx.copy_out(out, 8, buf, 0, 9);  // one element past the tensor
                },
                nullptr),
            ACLNN_ERR_RUNTIME_ERROR);
  EXPECT_EQ(launch(
                s,
                [&](BlockContext& ctx) {
                  auto buf = ctx.ub().alloc<float>(32, "buf");
                  ctx.copy_out(out, 0, buf, 1, 4);  // UB side starts 4 bytes into a 32-byte block
                },
                nullptr),
            ACLNN_ERR_RUNTIME_ERROR);
  EXPECT_EQ(launch(
                s,
                [&](BlockContext& ctx) {
                  auto buf = ctx.ub().alloc<float>(32, "buf");
                  buf[0] = 7.0f;
                  ctx.copy_out(out, 3, buf, 0, 1);
                },
                nullptr),
            ACLNN_SUCCESS);
  EXPECT_EQ(gm[3], 7.0f);
}

TEST(GlobalMemory, WritingAnInputIsRefused) {
  std::vector<float> gm(8, 0.0f);
  const auto in = readonly(gm.data(), 8, "in");
  EXPECT_EQ(launch(
                spec_of(1),
                [&](BlockContext& ctx) {
                  auto buf = ctx.ub().alloc<float>(8, "buf");
                  ctx.copy_out(in, 0, buf, 0, 8);
                },
                nullptr),
            ACLNN_ERR_RUNTIME_ERROR);
}

TEST(Launch, BlocksRunConcurrentlyAndSyncAllIsABarrier) {
  // Every block counts itself before SyncAll and reads the total after: only a real barrier gives n.
  constexpr int32_t n = 8;
  std::atomic<int> arrived{0};
  std::vector<int> seen(n, -1);
  ASSERT_EQ(launch(
                spec_of(n),
                [&](BlockContext& ctx) {
                  arrived.fetch_add(1);
                  ctx.sync_all();
                  seen[static_cast<size_t>(ctx.block_idx())] = arrived.load();
                },
                nullptr),
            ACLNN_SUCCESS);
  for (int v : seen) EXPECT_EQ(v, n);
}

// Two blocks store element 0 in one phase; the launch's status.
aclnnStatus racy_launch() {
  // One host thread: the blocks take turns, so the shadow must catch the race from what each block
  // recorded in the phase, not from timing (and ThreadSanitizer builds stay quiet on this deliberate race).
  set_host_threads(1);
  std::vector<float> gm(8, 0.0f);
  LaunchSpec s = spec_of(2);
  auto out = writable(s, gm.data(), 8, "out");
  const aclnnStatus st = launch(
      s,
      [&](BlockContext& ctx) {
        auto buf = ctx.ub().alloc<float>(8, "buf");
        ctx.copy_out(out, 0, buf, 0, 1);
      },
      nullptr);
  set_host_threads(0);
  return st;
}

TEST(Launch, PlainStoresFromTwoBlocksToOneElementAreARace) { EXPECT_EQ(racy_launch(), ACLNN_ERR_RUNTIME_ERROR); }

// The benchmarks' switch (pcEmuSetChecks) really turns the race shadow off, and back on.
TEST(Launch, TheRaceShadowCanBeSwitchedOffForMeasurement) {
  set_dynamic_checks(false);
  const aclnnStatus unchecked = racy_launch();
  set_dynamic_checks(true);
  EXPECT_EQ(unchecked, ACLNN_SUCCESS);
  EXPECT_EQ(racy_launch(), ACLNN_ERR_RUNTIME_ERROR);
}

TEST(Launch, AtomicAddsFromAllBlocksAccumulateAndSyncAllSeparatesPhases) {
  constexpr int32_t n = 6;
  std::vector<float> gm(8, 0.0f);
  LaunchSpec s = spec_of(n);
  auto out = writable(s, gm.data(), 8, "out");
  ASSERT_EQ(launch(
                s,
                [&](BlockContext& ctx) {
                  auto buf = ctx.ub().alloc<float>(8, "buf");
                  if (ctx.block_idx() == 0) {  // phase 0: one block initialises
                    for (int i = 0; i < 8; ++i) buf[i] = 0.0f;
                    ctx.copy_out(out, 0, buf, 0, 8);
                  }
                  ctx.sync_all();  // after the barrier, atomics from every block may touch the same element
                  for (int i = 0; i < 8; ++i) buf[i] = 1.0f;
                  ctx.atomic_add_out(out, 0, buf, 0, 8);
                },
                nullptr),
            ACLNN_SUCCESS);
  for (float v : gm) EXPECT_EQ(v, static_cast<float>(n));
}

TEST(Half, RoundToNearestEvenIncludingSubnormalsAndOverflow) {
  EXPECT_EQ(float_to_half(1.0f), 0x3C00);
  EXPECT_EQ(float_to_half(65504.0f), 0x7BFF);
  EXPECT_EQ(float_to_half(65520.0f), 0x7C00);                 // rounds up to infinity
  EXPECT_EQ(float_to_half(1.0f + 1.0f / 2048), 0x3C00);       // tie to even (down)
  EXPECT_EQ(float_to_half(1.0f + 3.0f / 2048), 0x3C02);       // tie to even (up)
  EXPECT_EQ(float_to_half(5.9604644775390625e-8f), 0x0001);   // smallest subnormal
  EXPECT_EQ(float_to_half(2.98023223876953125e-8f), 0x0000);  // half of it: tie to even zero
  EXPECT_EQ(half_to_float(0x0001), 5.9604644775390625e-8f);
  EXPECT_EQ(float_to_bf16(1.0f + 1.0f / 256), 0x3F80);  // tie to even
  EXPECT_EQ(float_to_bf16(1.0f + 3.0f / 256), 0x3F82);
  EXPECT_EQ(bf16_to_float(0x3F82), 1.015625f);
}

// The fault catalog: at least 16 bug classes in the three categories, each with its own name and bit, and each
// name switches exactly its own bit on.
TEST(FaultCatalog, NamesBitsAndCategoriesAreDistinct) {
  ASSERT_GE(kFaultCatalogSize, 16u);
  std::set<std::string> names;
  unsigned bits = 0;
  for (size_t i = 0; i < kFaultCatalogSize; ++i) {
    const FaultInfo& f = kFaultCatalog[i];
    EXPECT_TRUE(names.insert(f.name).second) << f.name;
    const auto bit = static_cast<unsigned>(f.fault);
    EXPECT_EQ(bit & (bit - 1), 0u) << f.name << " is not one bit";
    EXPECT_EQ(bits & bit, 0u) << f.name << " shares its bit";
    bits |= bit;
    const std::string cat = f.category;
    EXPECT_TRUE(cat == "semantics" || cat == "tiling" || cat == "validation") << f.name << ": " << cat;
    EXPECT_GT(std::string(f.description).size(), 20u) << f.name;
    ASSERT_TRUE(set_faults(f.name));
    for (size_t j = 0; j < kFaultCatalogSize; ++j)
      EXPECT_EQ(fault_on(kFaultCatalog[j].fault), i == j) << f.name << " vs " << kFaultCatalog[j].name;
  }
  ASSERT_TRUE(set_faults(""));
  EXPECT_FALSE(any_fault_on());
}

// Negative control: an unknown name is refused and leaves the faults as they were.
TEST(FaultCatalog, AnUnknownNameChangesNothing) {
  ASSERT_TRUE(set_faults("wrong_tap"));
  EXPECT_FALSE(set_faults("wrong_tap,no_such_fault"));
  EXPECT_TRUE(fault_on(Fault::WrongTap));
  ASSERT_TRUE(set_faults(""));
}

}  // namespace
}  // namespace pcemu
