// Zero-init, fp32-workspace cast pass and the index-range check: the phases around the main kernels.
#include <algorithm>
#include <vector>

#include "common/log.h"
#include "common/vector_clones.h"
#include "ops/common/dtype_codec.h"
#include "ops/common/fast_div.h"
#include "ops/common/phases.h"
#include "ops/maxpool3d_grad/box_table.h"
#include "ops/maxpool3d_grad/kernel_args.h"

namespace pcemu::maxpool {

namespace {

[[noreturn]] void bad_index(const Problem& pr, int64_t pos, int64_t v) {
  const int64_t plane = pos / pr.out_plane(), rest = pos % pr.out_plane();
  const std::array<int64_t, 3> o{rest / (pr.out[1] * pr.out[2]), rest / pr.out[2] % pr.out[1], rest % pr.out[2]};
  std::array<std::array<int64_t, 2>, 3> win{};
  for (int a = 0; a < 3; ++a)
    win[a] = {std::max<int64_t>(0, o[a] * pr.s[a] - pr.p[a]), std::min(pr.in[a], o[a] * pr.s[a] - pr.p[a] + pr.k[a])};
  throw KernelError(
      ACLNN_ERR_PARAM_INVALID,
      fmt::format("indices: value {} at position (nc={}, d={}, h={}, w={}) is not inside its pooling window "
                  "d[{},{}) h[{},{}) w[{},{}) of the {}x{}x{} input plane; rule: every index must name an input "
                  "element of its own window (gradInput left untouched)",
                  v, plane, o[0], o[1], o[2], win[0][0], win[0][1], win[1][0], win[1][1], win[2][0], win[2][1],
                  pr.in[0], pr.in[1], pr.in[2]));
}

// The clipped input window of output position o along axis a.
std::array<int64_t, 2> window_of(const Problem& pr, int a, int64_t o) {
  return {std::max<int64_t>(0, o * pr.s[a] - pr.p[a]), std::min(pr.in[a], o * pr.s[a] - pr.p[a] + pr.k[a])};
}

}  // namespace

// Each index must decode to an element of its own window. The windows of every output coordinate are
// listed once per axis and the output coordinates advance with the position (no per-element division).
// An index is decoded by a table over the D x H window rows of its output row (one lookup), or, when
// that table would be too large, with invariant-divisor multiplies.
PCEMU_VECTOR_CLONES void index_check_kernel(BlockContext& ctx, const Problem& pr, const GmTensor<int32_t>& idx) {
  int64_t begin = 0, end = 0;
  core_range(idx.count, ctx.block_idx(), ctx.block_num(), &begin, &end);
  if (begin >= end) return;
  const int64_t n = chunk_elems(ctx, 4);
  auto buf = ctx.ub().alloc<int32_t>(n, "index chunk");
  const int64_t hw = pr.in[1] * pr.in[2], in_plane = pr.in_plane();
  const PositionDecoder decode(hw, pr.in[2]);
  std::array<std::vector<std::array<int64_t, 2>>, 3> windows;  // host-side tables of the scalar unit
  for (int a = 0; a < 3; ++a)
    for (int64_t o = 0; o < pr.out[a]; ++o) windows[a].push_back(window_of(pr, a, o));
  const int64_t rest = begin % pr.out_plane();
  std::array<int64_t, 3> o{rest / (pr.out[1] * pr.out[2]), rest / pr.out[2] % pr.out[1], rest % pr.out[2]};
  const std::array<int64_t, 2>* ww = windows[2].data();
  BoxTable rows;
  for (int64_t i = begin; i < end; i += n) {
    const int64_t len = std::min(n, end - i);
    ctx.copy_in(buf, 0, idx, i, len);
    const int32_t* vals = buf.span(0, len);
    for (int64_t j = 0; j < len;) {
      // One output row at a time: D and H windows are fixed along it.
      const auto& wd = windows[0][static_cast<size_t>(o[0])];
      const auto& wh = windows[1][static_cast<size_t>(o[1])];
      const int64_t stop = std::min(len, j + pr.out[2] - o[2]);
      // The row's D x H window rows as one box of whole input rows: the table gives an index's column.
      if (rows.prepare(pr.in[1], pr.in[2], {wd[1] - wd[0], wh[1] - wh[0], pr.in[2]}, -1,
                       [](int64_t, int64_t, int64_t x) { return x; })) {
        const int64_t origin = rows.origin({wd[0], wh[0], 0});
        for (; j < stop; ++j, ++o[2]) {
          const int32_t x = rows.lookup(vals[j], origin);
          if (x < ww[o[2]][0] || x >= ww[o[2]][1]) bad_index(pr, i + j, vals[j]);
        }
      }
      for (; j < stop; ++j, ++o[2]) {
        const int64_t v = vals[j];
        bool inside = v >= 0 && v < in_plane;
        if (inside) {
          const auto [d, h, x] = decode(v);
          const auto& w = ww[o[2]];
          inside = d >= wd[0] && d < wd[1] && h >= wh[0] && h < wh[1] && x >= w[0] && x < w[1];
        }
        if (!inside) bad_index(pr, i + j, v);
      }
      if (o[2] < pr.out[2]) continue;  // the chunk ended inside the row
      o[2] = 0;
      if (++o[1] == pr.out[1]) {
        o[1] = 0;
        if (++o[0] == pr.out[0]) o[0] = 0;
      }
    }
  }
}

}  // namespace pcemu::maxpool
