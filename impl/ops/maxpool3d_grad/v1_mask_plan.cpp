// The V1 route's second phase, in ops-nn's op_api order: gradOutput Contiguous, Cast to the compute dtype and
// TransData to NC1HWC0 (here host staging into the workspace, C padded to C1*16 with zeros); the mask read
// where it is (its INT8 bytes viewed as UINT16; a strided mask is copied densely first); the kernel; then
// TransData back to NCHW, Cast to self's dtype and ViewCopy into gradInput. self's data is never read: the
// kernel takes only its shape.
#include <algorithm>
#include <type_traits>
#include <vector>

#include "npu/traffic.h"
#include "ops/common/dtype_codec.h"
#include "ops/common/staging.h"
#include "ops/common/tensor_view.h"
#include "ops/maxpool3d_grad/v1_mask.h"
#include "ops/maxpool3d_grad/validate.h"

namespace pcemu::maxpool::v1 {

namespace {

struct Layout {
  int64_t grad_dense = -1;  // gradOutput gathered (strided view), self dtype
  int64_t mask = -1;        // the mask gathered (strided view)
  int64_t grad_5hd = 0;     // compute dtype, planes x Ho x Wo x 16
  int64_t out_5hd = 0;      // compute dtype, planes x H x W x 16
  int64_t out_dense = -1;   // the result in self's dtype before ViewCopy (strided gradInput)
  int64_t total = 0;
};

Layout layout(const Problem& pr, const Dims& d, int64_t compute_bytes) {
  Layout l;
  WorkspaceCarver c;
  const int64_t dt = pr.dtype_bytes();
  if (!is_contiguous(*pr.grad_output)) l.grad_dense = c.take(pr.nc() * d.ho * d.wo * dt);
  if (!is_contiguous(*pr.indices)) l.mask = c.take(numel(pr.indices->view_shape).value_or(0));
  l.grad_5hd = c.take(d.planes * d.ho * d.wo * kC0 * compute_bytes);
  l.out_5hd = c.take(d.planes * d.h * d.w * kC0 * compute_bytes);
  if (!is_contiguous(*pr.grad_input)) l.out_dense = c.take(pr.nc() * d.h * d.w * dt);
  l.total = c.total();
  return l;
}

// Positions per block of the 5HD conversions: a block's 16 lanes in fp32 stay in L1.
constexpr int64_t kPositionBlock = 256;

// Cast + TransData NCHW -> NC1HWC0: lanes of channels past C are zero. Per 16-channel group and block of
// positions the lanes are gathered in fp32 (Self::load is exact) and cast as one row, so the 5HD side is
// written in order and the cast runs on rows (F16C for fp16). Without a Cast (one dtype) the bits move as they
// are: a NaN's payload then reaches the kernel unquieted, whose fp32 sum and fp16 store give the same result.
template <typename Self, typename Comp>
void pack_5hd(const typename Self::T* src, int64_t n, int64_t c, int64_t spatial, typename Comp::T* dst) {
  const int64_t c1 = (c + kC0 - 1) / kC0;
  std::vector<float> block(kPositionBlock * kC0);
  for (int64_t nn = 0; nn < n; ++nn)
    for (int64_t g = 0; g < c1; ++g) {
      const int64_t lanes = std::min<int64_t>(kC0, c - g * kC0);
      const typename Self::T* planes = src + (nn * c + g * kC0) * spatial;
      typename Comp::T* out = dst + (nn * c1 + g) * spatial * kC0;
      if constexpr (std::is_same_v<Self, Comp>) {  // no Cast: TransData moves the bits
        for (int64_t s = 0; s < spatial; ++s, out += kC0) {
          for (int64_t l = 0; l < lanes; ++l) out[l] = planes[l * spatial + s];
          std::fill(out + lanes, out + kC0, Comp::store(0.0f));
        }
        continue;
      }
      for (int64_t s0 = 0; s0 < spatial; s0 += kPositionBlock) {
        const int64_t count = std::min(kPositionBlock, spatial - s0);
        for (int64_t s = 0; s < count; ++s) {
          float* lane = block.data() + s * kC0;
          for (int64_t l = 0; l < lanes; ++l) lane[l] = Self::load(planes[l * spatial + s0 + s]);
          std::fill(lane + lanes, lane + kC0, 0.0f);
        }
        store_row<Comp>(block.data(), out + s0 * kC0, count * kC0);
      }
    }
}

// TransData NC1HWC0 -> NCHW + Cast to self's dtype (the pad lanes are dropped): a block of positions is read in
// order and widened as one row, then each lane's run is stored to its channel's plane.
template <typename Comp, typename Self>
void unpack_5hd(const typename Comp::T* src, int64_t n, int64_t c, int64_t spatial, typename Self::T* dst) {
  const int64_t c1 = (c + kC0 - 1) / kC0;
  std::vector<float> block(kPositionBlock * kC0);
  for (int64_t nn = 0; nn < n; ++nn)
    for (int64_t g = 0; g < c1; ++g) {
      const int64_t lanes = std::min<int64_t>(kC0, c - g * kC0);
      typename Self::T* planes = dst + (nn * c + g * kC0) * spatial;
      const typename Comp::T* in = src + (nn * c1 + g) * spatial * kC0;
      if constexpr (std::is_same_v<Self, Comp>) {
        for (int64_t l = 0; l < lanes; ++l)
          for (int64_t s = 0; s < spatial; ++s) planes[l * spatial + s] = in[s * kC0 + l];
        continue;
      }
      for (int64_t s0 = 0; s0 < spatial; s0 += kPositionBlock) {
        const int64_t count = std::min(kPositionBlock, spatial - s0);
        load_row<Comp>(in + s0 * kC0, block.data(), count * kC0);
        for (int64_t l = 0; l < lanes; ++l) {
          typename Self::T* plane = planes + l * spatial + s0;
          for (int64_t s = 0; s < count; ++s) plane[s] = Self::store(block[s * kC0 + l]);
        }
      }
    }
}

// The device traffic of the op_api's Cast (when the dtypes differ: each element read and written) and TransData
// (the NCHW elements on one side, the 5HD lanes with their padding on the other).
void tally_cast_and_trans_data(int64_t elems, int64_t lanes_5hd, int64_t self_bytes, int64_t compute_bytes) {
  Traffic& t = call_traffic();
  if (self_bytes != compute_bytes) t.staged += elems * (self_bytes + compute_bytes);
  t.staged += (elems + lanes_5hd) * compute_bytes;
}

template <typename Self, typename Comp>
aclnnStatus run(const Problem& pr, const V1Tiling& t, const Dims& d, const Layout& l, unsigned char* ws,
                pcEmuLaunchInfo& info) {
  using S = typename Self::T;
  using C = typename Comp::T;
  const int64_t dt = pr.dtype_bytes();
  const auto* go = reinterpret_cast<const S*>(contiguous_input(ws, l.grad_dense, *pr.grad_output, dt));
  auto* grad5 = reinterpret_cast<C*>(ws + l.grad_5hd);
  pack_5hd<Self, Comp>(go, pr.n, pr.c, d.ho * d.wo, grad5);
  const auto cb = static_cast<int64_t>(sizeof(C));
  tally_cast_and_trans_data(pr.n * pr.c * d.ho * d.wo, d.planes * d.ho * d.wo * kC0, dt, cb);
  const unsigned char* mask = contiguous_input(ws, l.mask, *pr.indices, 1);

  LaunchSpec spec{std::string(kV1OpType) + "/" + t.strategy(), t.summary(), t.block_dim, t.ub_limit, {}};
  V1Args<Comp> a;
  a.d = &d;
  a.t = &t;
  a.grad = readonly(static_cast<const C*>(grad5), d.planes * d.ho * d.wo * kC0, "gradOutput (NC1HWC0)");
  a.mask = readonly(mask, d.mask_bytes(), "mask");
  a.out = writable(spec, reinterpret_cast<C*>(ws + l.out_5hd), d.planes * d.h * d.w * kC0, "gradInput (NC1HWC0)");
  if (auto st = launch_recording(
          spec, [&](BlockContext& ctx) { v1_mask_kernel<Comp>(ctx, a); }, info))
    return st;

  unsigned char* out = staged_or_in_place(ws, l.out_dense, *pr.grad_input, dt);
  unpack_5hd<Comp, Self>(reinterpret_cast<const C*>(ws + l.out_5hd), pr.n, pr.c, d.h * d.w, reinterpret_cast<S*>(out));
  tally_cast_and_trans_data(pr.n * pr.c * d.h * d.w, d.planes * d.h * d.w * kC0, dt, cb);
  if (l.out_dense >= 0) scatter_view(out, dt, *pr.grad_input);  // ViewCopy into the strided gradInput
  return ACLNN_SUCCESS;
}

}  // namespace

Plan make_v1_plan(const Problem& pr, const V1Tiling& t, bool deterministic) {
  const Dims d = dims_of(pr);
  const Layout l = layout(pr, d, t.compute == ACL_FLOAT ? 4 : 2);
  PlanTag tag = plan_tag(kV1OpType, t.strategy(), t, l.total, deterministic);
  return {tag, [pr, t, d, l](unsigned char* ws, pcEmuLaunchInfo& info) -> aclnnStatus {
            if (auto st = recheck_call_tensors(pr)) return st;
            return dispatch_dtype(pr.dtype, [&](auto self) {
              using Self = decltype(self);
              if (t.compute == ACL_FLOAT16) return run<Self, CodecF16>(pr, t, d, l, ws, info);
              return run<Self, CodecF32>(pr, t, d, l, ws, info);
            });
          }};
}

}  // namespace pcemu::maxpool::v1
