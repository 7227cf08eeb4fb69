// The documented library's index range check on Ascend 950, before the SIMD or SIMT kernel: every index, INT32
// or INT64, must name an element of its own (dilated) pooling window. Each core checks a contiguous range.
#include <algorithm>

#include "common/log.h"
#include "common/vector_clones.h"
#include "ops/common/fast_div.h"
#include "ops/common/phases.h"
#include "ops/maxpool3d_grad/regbase_kernels.h"

namespace pcemu::maxpool {

namespace {

// Whether input position x lies in the window of output position o along axis a (dilation included).
bool in_window(const Problem& pr, int a, int64_t o, int64_t x) {
  const __int128 off = static_cast<__int128>(x) + pr.p[a] - static_cast<__int128>(o) * pr.s[a];
  const __int128 eff = static_cast<__int128>(pr.k[a] - 1) * pr.d[a] + 1;
  return off >= 0 && off < eff && off % pr.d[a] == 0;
}

// The same test in 64-bit arithmetic, for axes where no term can overflow (decided once per launch): the 128-bit
// remainder above is a libgcc call per axis and index.
struct Window64 {
  int64_t p = 0, s = 0, eff = 0, d = 1;
  bool contains(int64_t o, int64_t x) const {
    const int64_t off = x + p - o * s;
    return off >= 0 && off < eff && (d == 1 || off % d == 0);
  }
};

// Every term of in_window for x < in[a] and o < out[a] stays below 2^62 in magnitude.
bool fits_64(const Problem& pr, int a) {
  const __int128 limit = static_cast<__int128>(1) << 62;
  const __int128 reach = static_cast<__int128>(pr.in[a]) + (pr.p[a] < 0 ? -static_cast<__int128>(pr.p[a]) : pr.p[a]) +
                         static_cast<__int128>(pr.out[a]) * (pr.s[a] < 0 ? -static_cast<__int128>(pr.s[a]) : pr.s[a]);
  const __int128 eff = static_cast<__int128>(pr.k[a] - 1) * pr.d[a] + 1;
  return pr.d[a] > 0 && reach < limit && eff < limit && eff > -limit;
}

[[noreturn]] void bad_index(const Problem& pr, int64_t pos, const std::array<int64_t, 3>& o, int64_t v) {
  std::array<std::array<int64_t, 2>, 3> win{};
  for (int a = 0; a < 3; ++a) {
    const __int128 lo = static_cast<__int128>(o[a]) * pr.s[a] - pr.p[a];
    const __int128 hi = lo + static_cast<__int128>(pr.k[a] - 1) * pr.d[a] + 1;
    win[a] = {static_cast<int64_t>(std::max<__int128>(0, lo)), static_cast<int64_t>(std::min<__int128>(pr.in[a], hi))};
  }
  throw KernelError(
      ACLNN_ERR_PARAM_INVALID,
      fmt::format("indices: value {} at position (nc={}, d={}, h={}, w={}) is not inside its pooling window "
                  "d[{},{}) h[{},{}) w[{},{}) of the {}x{}x{} input plane; rule: every index must name an input "
                  "element of its own window (gradInput left untouched)",
                  v, pos / pr.out_plane(), o[0], o[1], o[2], win[0][0], win[0][1], win[1][0], win[1][1], win[2][0],
                  win[2][1], pr.in[0], pr.in[1], pr.in[2]));
}

}  // namespace

template <typename Index>
PCEMU_VECTOR_CLONES void regbase_index_check_kernel(BlockContext& ctx, const Problem& pr, const GmTensor<Index>& idx) {
  int64_t begin = 0, end = 0;
  core_range(idx.count, ctx.block_idx(), ctx.block_num(), &begin, &end);
  if (begin >= end) return;
  const int64_t n = chunk_elems(ctx, sizeof(Index));
  auto buf = ctx.ub().alloc<Index>(n, "index chunk");
  const int64_t hw = pr.in[1] * pr.in[2], in_plane = pr.in_plane();
  const int64_t rest = begin % pr.out_plane();
  std::array<int64_t, 3> o{rest / (pr.out[1] * pr.out[2]), rest / pr.out[2] % pr.out[1], rest % pr.out[2]};
  const bool fast = fits_64(pr, 0) && fits_64(pr, 1) && fits_64(pr, 2);
  std::array<Window64, 3> win{};
  for (int a = 0; a < 3 && fast; ++a) win[a] = {pr.p[a], pr.s[a], (pr.k[a] - 1) * pr.d[a] + 1, pr.d[a]};
  const PositionDecoder decode(hw, pr.in[2]);
  const IndexReader<Index> read;
  for (int64_t i = begin; i < end; i += n) {
    const int64_t len = std::min(n, end - i);
    ctx.copy_in(buf, 0, idx, i, len);
    const Index* vals = buf.span(0, len);
    for (int64_t j = 0; j < len; ++j) {
      const int64_t v = read.value(vals[j]);
      bool inside = v >= 0 && v < in_plane;
      if (inside) {
        const auto [d, h, w] = decode(v);
        inside = fast ? win[0].contains(o[0], d) && win[1].contains(o[1], h) && win[2].contains(o[2], w)
                      : in_window(pr, 0, o[0], d) && in_window(pr, 1, o[1], h) && in_window(pr, 2, o[2], w);
      }
      if (!inside) bad_index(pr, i + j, o, v);
      if (++o[2] < pr.out[2]) continue;
      o[2] = 0;
      if (++o[1] < pr.out[1]) continue;
      o[1] = 0;
      if (++o[0] == pr.out[0]) o[0] = 0;
    }
  }
}

template void regbase_index_check_kernel<int32_t>(BlockContext&, const Problem&, const GmTensor<int32_t>&);
template void regbase_index_check_kernel<int64_t>(BlockContext&, const Problem&, const GmTensor<int64_t>&);

}  // namespace pcemu::maxpool
