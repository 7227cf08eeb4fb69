// The l0 Transpose of the staging (tensor_view.cpp: tiled, SSE2 register blocks for 2- and 4-byte
// elements, host-thread bands) against the definition dst[c][r] = src[r][c], for every element size,
// full tiles and ragged edges, both directions, one and two host threads.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <vector>

#include "npu/launch.h"
#include "ops/common/tensor_view.h"

namespace pcemu {
namespace {

// Distinct bytes per element, so a misplaced element or a byte swap inside one shows.
std::vector<unsigned char> numbered(int64_t elems, int64_t eb) {
  std::vector<unsigned char> v(static_cast<size_t>(elems * eb));
  for (size_t i = 0; i < v.size(); ++i) v[i] = static_cast<unsigned char>((i * 131 + i / 251) & 0xFF);
  return v;
}

// The first element where `dst` (cols x rows) is not the transpose of `src` (rows x cols); -1 if none.
int64_t first_mismatch(const std::vector<unsigned char>& src, const std::vector<unsigned char>& dst, int64_t rows,
                       int64_t cols, int64_t eb) {
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t c = 0; c < cols; ++c)
      if (std::memcmp(&dst[static_cast<size_t>((c * rows + r) * eb)], &src[static_cast<size_t>((r * cols + c) * eb)],
                      static_cast<size_t>(eb)) != 0)
        return c * rows + r;
  return -1;
}

struct Shape {
  int64_t planes, spatial;
};

TEST(Transpose, MatchesTheDefinitionForEveryElementSizeAndEdge) {
  const Shape shapes[] = {{1, 1}, {7, 3}, {32, 64}, {64, 32}, {70, 45}, {128, 1568}, {33, 129}, {600, 600}};
  for (const int32_t threads : {1, 2})
    for (const int64_t eb : {1, 2, 3, 4, 8})
      for (const Shape& s : shapes)
        for (const bool to_cl : {true, false}) {
          set_host_threads(threads);
          const int64_t rows = to_cl ? s.planes : s.spatial, cols = to_cl ? s.spatial : s.planes;
          const auto src = numbered(rows * cols, eb);
          std::vector<unsigned char> dst(src.size(), 0);
          transpose_planes(src.data(), dst.data(), s.planes, s.spatial, eb, to_cl);
          EXPECT_EQ(first_mismatch(src, dst, rows, cols, eb), -1)
              << "eb=" << eb << " planes=" << s.planes << " spatial=" << s.spatial << " to_cl=" << to_cl
              << " threads=" << threads;
        }
  set_host_threads(0);
}

// Control: the same check rejects a transpose with one element out of place, and a plain copy.
TEST(Transpose, TheCheckRejectsAWrongTranspose) {
  const int64_t rows = 32, cols = 64, eb = 2;
  const auto src = numbered(rows * cols, eb);
  std::vector<unsigned char> dst(src.size());
  transpose_planes(src.data(), dst.data(), rows, cols, eb, true);
  ASSERT_EQ(first_mismatch(src, dst, rows, cols, eb), -1);
  std::swap(dst[2 * 70], dst[2 * 71]);  // one byte of element 70 with its neighbour's
  EXPECT_EQ(first_mismatch(src, dst, rows, cols, eb), 70);
  EXPECT_NE(first_mismatch(src, src, rows, cols, eb), -1);
}

}  // namespace
}  // namespace pcemu
