// The emulator's traffic tally counts every GM byte a kernel moves, per kind, over all blocks of a launch.
#include "npu/traffic.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "npu/launch.h"

namespace pcemu {
namespace {

// Each of `blocks` blocks reads 100 floats, stores 40 halves, adds 24 floats and, with `extra_read`,
// reads 8 more floats; the launch adds that to this thread's tally.
void run_counted_kernel(int32_t blocks, bool extra_read) {
  std::vector<float> in(100, 1.0f), acc(24, 0.0f);
  std::vector<uint16_t> out(40 * static_cast<size_t>(blocks), 0);
  LaunchSpec s{"test/traffic", "tile=TEST", blocks, 4096, {}};
  const auto in_gm = readonly(in.data(), 100, "in");
  const auto out_gm = writable(s, out.data(), static_cast<int64_t>(out.size()), "out");
  const auto acc_gm = writable(s, acc.data(), 24, "acc");
  EXPECT_EQ(launch(
                s,
                [&](BlockContext& ctx) {
                  auto f = ctx.ub().alloc<float>(128, "f");
                  auto h = ctx.ub().alloc<uint16_t>(64, "h");
                  ctx.copy_in(f, 0, in_gm, 0, 100);
                  if (extra_read) ctx.copy_in(f, 0, in_gm, 0, 8);
                  ctx.copy_out(out_gm, 40 * ctx.block_idx(), h, 0, 40);
                  ctx.atomic_add_out(acc_gm, 0, f, 0, 24);
                },
                nullptr),
            ACLNN_SUCCESS);
}

Traffic tally_of(int32_t blocks, bool extra_read) {
  call_traffic() = {};
  run_counted_kernel(blocks, extra_read);
  return call_traffic();
}

TEST(Traffic, EveryCopyOfEveryBlockIsCountedByKind) {
  const Traffic t = tally_of(3, false);
  EXPECT_EQ(t.gm_read, 3 * 100 * 4);
  EXPECT_EQ(t.gm_write, 3 * 40 * 2);
  EXPECT_EQ(t.gm_atomic, 3 * 24 * 4);
  EXPECT_EQ(t.staged, 0);
  EXPECT_EQ(t.launches, 1);
}

// Control: one more 8-float read per block must show up, exactly, in the read tally and nowhere else.
TEST(Traffic, AnExtraCopyChangesTheTally) {
  const Traffic base = tally_of(3, false), more = tally_of(3, true);
  EXPECT_EQ(more.gm_read - base.gm_read, 3 * 8 * 4);
  EXPECT_EQ(more.gm_write, base.gm_write);
  EXPECT_EQ(more.gm_atomic, base.gm_atomic);
}

TEST(Traffic, LaunchesAccumulateInTheCallsTally) {
  call_traffic() = {};
  run_counted_kernel(2, false);
  run_counted_kernel(2, true);
  EXPECT_EQ(call_traffic().launches, 2);
  EXPECT_EQ(call_traffic().gm_read, 2 * 100 * 4 + 2 * 108 * 4);
}

// A SIMT thread's load (load_gm) is a one-element read: counted as such, bounds-checked like copy_in.
aclnnStatus run_loads(int32_t blocks, int64_t at, std::vector<float>* seen) {
  std::vector<float> in(100);
  for (size_t i = 0; i < in.size(); ++i) in[i] = static_cast<float>(i);
  seen->assign(static_cast<size_t>(blocks), -1.0f);
  LaunchSpec s{"test/traffic", "tile=TEST", blocks, 4096, {}};
  const auto in_gm = readonly(in.data(), 100, "in");
  return launch(
      s,
      [&](BlockContext& ctx) {
        float sum = 0.0f;
        for (int k = 0; k < 7; ++k) sum += ctx.load_gm(in_gm, at);
        (*seen)[static_cast<size_t>(ctx.block_idx())] = sum;
      },
      nullptr);
}

TEST(Traffic, ASimtLoadIsAOneElementReadInsideTheTensor) {
  std::vector<float> seen;
  call_traffic() = {};
  EXPECT_EQ(run_loads(3, 99, &seen), ACLNN_SUCCESS);
  EXPECT_EQ(call_traffic().gm_read, 3 * 7 * 4);
  EXPECT_EQ(seen, std::vector<float>(3, 7 * 99.0f));
  EXPECT_NE(run_loads(3, 100, &seen), ACLNN_SUCCESS);  // one past the end
  EXPECT_NE(run_loads(3, -1, &seen), ACLNN_SUCCESS);
}

// A SIMT thread's box of loads (load_gm_box): rows of consecutive elements `stride` apart, counted as one
// load_gm per element; a box reaching past either end of the tensor gives null and counts nothing.
struct BoxRead {
  bool in_bounds = false;
  float first = -1.0f, last = -1.0f;  // the box's first and last element
  int64_t gm_read = 0;
};

BoxRead run_box(int64_t at, int64_t rows, int64_t stride, int64_t cols) {
  std::vector<float> in(100);
  for (size_t i = 0; i < in.size(); ++i) in[i] = static_cast<float>(i);
  BoxRead r;
  call_traffic() = {};
  LaunchSpec s{"test/traffic", "tile=TEST", 1, 4096, {}};
  const auto in_gm = readonly(in.data(), 100, "in");
  EXPECT_EQ(launch(
                s,
                [&](BlockContext& ctx) {
                  const float* g = ctx.load_gm_box(in_gm, at, rows, stride, cols);
                  r.in_bounds = g != nullptr;
                  if (g) {
                    r.first = g[0];
                    r.last = g[(rows - 1) * stride + cols - 1];
                  }
                },
                nullptr),
            ACLNN_SUCCESS);
  r.gm_read = call_traffic().gm_read;
  return r;
}

TEST(Traffic, ASimtBoxOfLoadsIsCountedPerElementAndCheckedAtBothEnds) {
  const BoxRead fits = run_box(10, 3, 40, 10);  // elements 10..19, 50..59, 90..99: the last is the tensor's last
  EXPECT_TRUE(fits.in_bounds);
  EXPECT_EQ(fits.first, 10.0f);
  EXPECT_EQ(fits.last, 99.0f);
  EXPECT_EQ(fits.gm_read, 3 * 10 * 4);
  const BoxRead one = run_box(99, 1, 1, 1);
  EXPECT_TRUE(one.in_bounds);
  EXPECT_EQ(one.gm_read, 4);
  // One element past the end (a longer row, or a wider stride), or one before the start: refused, nothing counted.
  for (const BoxRead& out :
       {run_box(10, 3, 40, 11), run_box(10, 3, 41, 10), run_box(-1, 1, 1, 2), run_box(0, 2, int64_t{1} << 62, 1)}) {
    EXPECT_FALSE(out.in_bounds);
    EXPECT_EQ(out.gm_read, 0);
  }
}

}  // namespace
}  // namespace pcemu
