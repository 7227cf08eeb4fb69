// Zero-init, fp32-workspace cast pass and the index-range check: the phases around the main kernels.
#include <algorithm>

#include "common/log.h"
#include "ops/common/dtype_codec.h"
#include "ops/common/phases.h"
#include "ops/max_pool3d_grad/kernel_args.h"

namespace pcemu::maxpool {

void index_check_kernel(BlockContext& ctx, const Problem& pr, const GmTensor<int32_t>& idx) {
  int64_t begin = 0, end = 0;
  core_range(idx.count, ctx.block_idx(), ctx.block_num(), &begin, &end);
  const int64_t n = chunk_elems(ctx, 4);
  auto buf = ctx.ub().alloc<int32_t>(n, "index chunk");
  const int64_t out_plane = pr.out_plane();
  for (int64_t i = begin; i < end; i += n) {
    const int64_t len = std::min(n, end - i);
    ctx.copy_in(buf, 0, idx, i, len);
    for (int64_t j = 0; j < len; ++j) {
      const int64_t pos = i + j, v = buf[j];
      const int64_t plane = pos / out_plane, rest = pos % out_plane;
      const std::array<int64_t, 3> o{rest / (pr.out[1] * pr.out[2]), rest / pr.out[2] % pr.out[1], rest % pr.out[2]};
      bool inside = v >= 0 && v < pr.in_plane();
      const std::array<int64_t, 3> at{v / (pr.in[1] * pr.in[2]), v / pr.in[2] % pr.in[1], v % pr.in[2]};
      std::array<std::array<int64_t, 2>, 3> win{};
      for (int a = 0; a < 3; ++a) {
        win[a] = {std::max<int64_t>(0, o[a] * pr.s[a] - pr.p[a]),
                  std::min(pr.in[a], o[a] * pr.s[a] - pr.p[a] + pr.k[a])};
        inside = inside && at[a] >= win[a][0] && at[a] < win[a][1];
      }
      if (!inside)
        throw KernelError(
            ACLNN_ERR_PARAM_INVALID,
            fmt::format("indices: value {} at position (nc={}, d={}, h={}, w={}) is not inside its pooling window "
                        "d[{},{}) h[{},{}) w[{},{}) of the {}x{}x{} input plane; rule: every index must name an input "
                        "element of its own window (gradInput left untouched)",
                        v, plane, o[0], o[1], o[2], win[0][0], win[0][1], win[1][0], win[1][1], win[2][0], win[2][1],
                        pr.in[0], pr.in[1], pr.in[2]));
    }
  }
}

}  // namespace pcemu::maxpool
