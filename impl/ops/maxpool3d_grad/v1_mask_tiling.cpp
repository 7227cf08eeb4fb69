// The V1 route's host side: routing, compute dtype and a simple tiling. The TBE kernel's own tiling
// (cut_nc1_cut_h / cut_one_h / cut_w and their nc1h twins) is not in ops-nn, so this one is the emulator's:
// blocks over N*C1 planes, each pass as many input rows as the UB holds, or a piece of one row.
#include <spdlog/fmt/fmt.h>

#include <algorithm>

#include "ops/maxpool3d_grad/v1_mask.h"

namespace pcemu::maxpool::v1 {

namespace {
int64_t align32(int64_t bytes) { return (bytes + 31) / 32 * 32; }
}  // namespace

bool routes_to_v1(const Problem& pr, const PlatformProfile& plat) {
  return plat.soc == "Ascend910" || (pr.k[1] == 1 && pr.k[2] == 1);
}

aclDataType compute_dtype(aclDataType self, const std::string& soc) {
  if (self == ACL_FLOAT && soc == "Ascend910") return ACL_FLOAT16;
  if (self == ACL_BF16) return ACL_FLOAT;
  return self;
}

Dims dims_of(const Problem& pr) {
  Dims d;
  d.c1 = (pr.c + kC0 - 1) / kC0;
  d.planes = pr.n * d.c1;
  d.h = pr.in[1];
  d.w = pr.in[2];
  d.ho = pr.out[1];
  d.wo = pr.out[2];
  d.kh = pr.k[1];
  d.kw = pr.k[2];
  d.sh = pr.s[1];
  d.sw = pr.s[2];
  d.ph = pr.p[1];
  d.pw = pr.p[2];
  d.taps = d.kh * d.kw;
  d.mask_row = ((d.ho * d.wo + kC0 - 1) / kC0 + 1) * kC0;
  return d;
}

int64_t v1_output_span(const Dims& d, int64_t cols) {
  if (cols >= d.w) return d.wo;
  return std::min(d.wo, (cols + d.kw - 2) / d.sw + 1);  // wo*sW in a range of cols + kW - 1 values
}

int64_t v1_ub_model(const Dims& d, int64_t rows, int64_t cols, int64_t compute_bytes) {
  const int64_t lanes = rows * cols * kC0, span = v1_output_span(d, cols);
  return align32(lanes * 4) + align32(lanes * compute_bytes) + align32(span * kC0 * compute_bytes) + align32(span * 2);
}

std::string V1Tiling::summary() const {
  return fmt::format("MaxPoolGradWithArgmaxV1 {} key={} blockDim={} rows={} cols={} ubModel={} compute={}", strategy(),
                     key, block_dim, rows, cols, ub_model, compute == ACL_FLOAT16 ? "fp16" : "fp32");
}

std::optional<V1Tiling> plan_v1_tiling(const Problem& pr, const PlatformProfile& plat, bool /*deterministic*/,
                                       std::string* why) {
  const Dims d = dims_of(pr);
  V1Tiling t;
  t.compute = compute_dtype(pr.dtype, plat.soc);
  const int64_t cb = t.compute == ACL_FLOAT ? 4 : 2;
  // The largest n in [0, hi] with fits(n) (fits grows false with n: bisect).
  const auto most = [](int64_t hi, const auto& fits) {
    int64_t lo = 0;
    while (lo < hi) {
      const int64_t mid = (lo + hi + 1) / 2;
      if (fits(mid))
        lo = mid;
      else
        hi = mid - 1;
    }
    return lo;
  };
  // Whole plane if it fits, else the most whole rows that do, else pieces of one row.
  t.cols = d.w;
  t.rows = most(d.h, [&](int64_t rows) { return v1_ub_model(d, rows, d.w, cb) <= plat.ub_bytes; });
  if (t.rows == 0) {
    t.rows = 1;
    t.cols = most(d.w, [&](int64_t cols) { return v1_ub_model(d, 1, cols, cb) <= plat.ub_bytes; });
  }
  if (t.cols == 0) {
    *why = fmt::format("one input column (C0=16) with its gradOutput and mask lanes needs {} bytes of UB, {} available",
                       v1_ub_model(d, 1, 1, cb), plat.ub_bytes);
    return std::nullopt;
  }
  t.key = t.rows == d.h && t.cols == d.w ? 1 : 2;
  t.ub_model = v1_ub_model(d, t.rows, t.cols, cb);
  t.block_dim = static_cast<int32_t>(std::clamp<int64_t>(d.planes, 1, plat.vector_cores));
  t.ub_limit = plat.ub_bytes;
  return t;
}

}  // namespace pcemu::maxpool::v1
