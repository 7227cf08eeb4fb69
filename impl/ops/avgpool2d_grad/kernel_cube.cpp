// Cube path: a depthwise transposed convolution. For each input position the contributing gradients
// (one per kernel tap that maps onto the output grid) form a row of A, the constant weight 1/divisor a
// column of B; the cube multiplies 16x16 fractal blocks with operands in the compute precision and
// accumulates in fp32. A gather formulation: each input element is produced by exactly one core.
#include <algorithm>
#include <array>
#include <optional>
#include <vector>

#include "common/vector_clones.h"
#include "npu/faults.h"
#include "ops/avgpool2d_grad/cube_column_phases.h"
#include "ops/avgpool2d_grad/kernel_args.h"
#include "ops/common/dtype_codec.h"

namespace pcemu::avgpool {

namespace {
constexpr int64_t kFractal = 16;          // cube block edge
constexpr int64_t kL1Bytes = 512 * 1024;  // L1 buffer of an A2 AI core (the cube's staging memory)

unsigned char* l1_backing() {
  thread_local std::vector<unsigned char> l1(kL1Bytes);
  return l1.data();
}

// The taps of one axis that land on the output grid for input coordinate i: (tap, output index) pairs
// in tap order. `shift` moves the output index (the wrong_tap fault).
void axis_taps(int64_t i, int64_t k, int64_t s, int64_t p, int64_t out, int64_t shift,
               std::vector<std::array<int64_t, 2>>* taps) {
  for (int64_t t = 0; t < k; ++t) {
    const int64_t n = i + p - t;
    if (n < 0 || n % s != 0 || n / s + shift >= out) continue;
    taps->push_back({t, n / s + shift});
  }
}

using TapList = std::vector<std::array<int64_t, 2>>;

// Rows shorter than a vector (a global-pooling head's 7x7, say) spend their time in loop overhead. For
// them the whole plane runs as one row: layer L lists, per output element (row-major), the product index
// of its L-th tap in the order the row loop below adds them (kh, then kw), or -1 past its last tap. Like
// the column layers below, a missing tap adds +0.0f, so each element's fp32 sum is bit-identical. Empty
// when the rows are long enough, or the plane is not in L1 whole.
std::vector<int32_t> short_row_layers(int64_t H, int64_t W, int64_t Wo, bool whole_planes, const TapList& row_taps,
                                      const std::vector<size_t>& row_begin, const TapList& col_taps,
                                      const std::vector<size_t>& col_begin) {
  constexpr int64_t kShortRow = 16, kMaxEntries = 1 << 20;
  const auto count = [](const std::vector<size_t>& begin, int64_t i) {
    return static_cast<int64_t>(begin[static_cast<size_t>(i) + 1] - begin[static_cast<size_t>(i)]);
  };
  std::vector<int32_t> layers;
  if (!whole_planes || W >= kShortRow) return layers;
  int64_t most = 0;
  for (int64_t ih = 0; ih < H; ++ih)
    for (int64_t iw = 0; iw < W; ++iw) most = std::max(most, count(row_begin, ih) * count(col_begin, iw));
  const int64_t plane = H * W;
  if (most * plane > kMaxEntries) return layers;
  layers.assign(static_cast<size_t>(most * plane), -1);
  for (int64_t ih = 0; ih < H; ++ih)
    for (int64_t iw = 0; iw < W; ++iw) {
      int64_t layer = 0;
      for (size_t r = row_begin[static_cast<size_t>(ih)]; r < row_begin[static_cast<size_t>(ih) + 1]; ++r)
        for (size_t j = col_begin[static_cast<size_t>(iw)]; j < col_begin[static_cast<size_t>(iw) + 1]; ++j)
          layers[static_cast<size_t>(layer++ * plane + ih * W + iw)] =
              static_cast<int32_t>(row_taps[r][1] * Wo + col_taps[j][1]);
    }
  return layers;
}

// One plane's output from its products by the short-row layers; `sums` holds the plane's accumulators.
// prod[-1] is +0.0f, the product a missing tap (-1) reads, so the gather runs without a branch.
template <typename Codec>
void run_short_rows(const std::vector<int32_t>& layers, bool broadcast, bool fp16_result, int64_t plane_out,
                    const float* prod, float* __restrict sums, typename Codec::T* out) {
  const int32_t* first = layers.data();
  if (broadcast) {  // global pooling: one tap each, all the same product, so the plane is one value
    const float value = 0.0f + prod[0];
    std::fill(out, out + plane_out, Codec::store(fp16_result ? to_compute(Compute::Fp16, value) : value));
    return;
  }
  for (int64_t e = 0; e < plane_out; ++e) sums[e] = 0.0f + prod[first[e]];
  for (size_t at = static_cast<size_t>(plane_out); at < layers.size(); at += static_cast<size_t>(plane_out)) {
    const int32_t* src = layers.data() + at;
    for (int64_t e = 0; e < plane_out; ++e) sums[e] += prod[src[e]];
  }
  if (fp16_result) to_compute_row(Compute::Fp16, sums, plane_out);
  for (int64_t e = 0; e < plane_out; ++e) out[e] = Codec::store(sums[e]);
}

// The tap tables of a launch's geometry: the same for every block, so each host thread builds them once
// per geometry and the blocks it runs reuse them (the scalar unit's setup, not device work).
struct CubeTaps {
  std::array<int64_t, 12> key{};
  TapList col_taps, row_taps;
  std::vector<size_t> col_begin{0}, row_begin{0};
  size_t layers = 0;
  std::vector<int32_t> layer_ow;
  std::vector<int32_t> short_rows;
  bool broadcast = false;
  std::optional<ColumnPhases> phases;  // the column taps as contiguous runs (not under the wrong_tap fault)
};

const CubeTaps& cube_taps(const Problem& pr, bool whole_planes, bool wrong_tap) {
  thread_local CubeTaps c;
  const int64_t H = pr.in[0], W = pr.in[1], Ho = pr.out[0], Wo = pr.out[1];
  const std::array<int64_t, 12> key{
      H, W, Ho, Wo, pr.k[0], pr.k[1], pr.s[0], pr.s[1], pr.p[0], pr.p[1], whole_planes ? 1 : 0, wrong_tap ? 1 : 0};
  if (key == c.key) return c;  // a real geometry never has the all-zero key of a fresh cache
  c = CubeTaps{};
  c.key = key;
  for (int64_t iw = 0; iw < W; ++iw) {
    axis_taps(iw, pr.k[1], pr.s[1], pr.p[1], Wo, wrong_tap ? 1 : 0, &c.col_taps);
    c.col_begin.push_back(c.col_taps.size());
  }
  for (int64_t ih = 0; ih < H; ++ih) {
    axis_taps(ih, pr.k[0], pr.s[0], pr.p[0], Ho, 0, &c.row_taps);
    c.row_begin.push_back(c.row_taps.size());
  }
  // Column taps as layers: layer L holds each column's L-th tap (its output column), or -1 when the column
  // has fewer taps. A missing tap adds +0.0f, which leaves every fp32 sum that started at +0.0f unchanged,
  // so each row runs branch-free over whole layers.
  for (int64_t iw = 0; iw < W; ++iw)
    c.layers = std::max(c.layers, c.col_begin[static_cast<size_t>(iw) + 1] - c.col_begin[static_cast<size_t>(iw)]);
  c.layer_ow.assign(c.layers * static_cast<size_t>(W), -1);
  for (int64_t iw = 0; iw < W; ++iw)
    for (size_t j = c.col_begin[static_cast<size_t>(iw)]; j < c.col_begin[static_cast<size_t>(iw) + 1]; ++j)
      c.layer_ow[(j - c.col_begin[static_cast<size_t>(iw)]) * static_cast<size_t>(W) + static_cast<size_t>(iw)] =
          static_cast<int32_t>(c.col_taps[j][1]);
  c.short_rows = short_row_layers(H, W, Wo, whole_planes, c.row_taps, c.row_begin, c.col_taps, c.col_begin);
  c.broadcast = c.short_rows.size() == static_cast<size_t>(H * W) &&
                std::all_of(c.short_rows.begin(), c.short_rows.end(), [](int32_t i) { return i == 0; });
  if (!wrong_tap) c.phases.emplace(W, Wo, pr.k[1], pr.s[1], pr.p[1]);
  return c;
}

}  // namespace

// The fractal loop visits, per input element, the taps k = kh * kW + kw in ascending order and skips those
// off the output grid; each product (gradient in the compute precision) x (1/divisor) is exact in fp32
// and summed into an fp32 accumulator. The grid test is separable, so the valid (kh, oh) of each row and
// (kw, ow) of each column are listed once; a gradient's product is formed once per plane; and a row's
// accumulators advance one kh at a time, which keeps every element's fp32 sum in the same tap order.
template <typename Codec>
PCEMU_VECTOR_CLONES void cube_kernel(BlockContext& ctx, const KernelArgs<Codec>& a) {
  using T = typename Codec::T;
  const Problem& pr = *a.pr;
  const Compute cp = a.t->compute;
  UnifiedBuffer l1(l1_backing(), kL1Bytes, 32, ctx.block_idx(), nullptr);
  const int64_t H = pr.in[0], W = pr.in[1], Ho = pr.out[0], Wo = pr.out[1];
  const int64_t taps = pr.k[0] * pr.k[1];
  int64_t p0 = 0, p1 = 0;
  core_range(pr.nc(), ctx.block_idx(), ctx.block_num(), &p0, &p1);
  // Planes per pass: as many gradient and output planes as L1 holds, moved in one burst each way; when
  // not even one output plane fits, one plane's gradients and an output row at a time.
  const int64_t plane_in = Ho * Wo, plane_out = H * W;
  const int64_t fit = (kL1Bytes / static_cast<int64_t>(sizeof(T)) - 2 * kFractal) / (plane_in + plane_out);
  const bool whole_planes = fit >= 1;
  const int64_t per_pass = std::clamp<int64_t>(fit, 1, std::max<int64_t>(1, p1 - p0));
  auto grad_planes = l1.alloc<T>(per_pass * plane_in, "gradient planes (L1)");
  auto out_buf = l1.alloc<T>(whole_planes ? per_pass * plane_out : (W + kFractal - 1) / kFractal * kFractal,
                             whole_planes ? "output planes (L1)" : "output row (L1)");
  // The weight: 1/divisorOverride, or 1/(kH*kW) (countIncludePad without ceil mode always has kH*kW).
  const float weight = to_compute(cp, 1.0f / static_cast<float>(pr.divisor != 0 ? pr.divisor : taps));
  const CubeTaps& tp = cube_taps(pr, whole_planes, fault_on(Fault::WrongTap));
  const auto& row_taps = tp.row_taps;
  const auto& row_begin = tp.row_begin;
  const auto& layer_ow = tp.layer_ow;
  const auto& short_rows = tp.short_rows;
  const size_t layers = tp.layers;
  // Host-side scratch of the emulation (the cube's operands and L0C accumulators), not device memory.
  // products[0] stays +0.0f: the short-row layers' missing tap.
  std::vector<float> products(static_cast<size_t>(Ho * Wo) + 1, 0.0f),
      acc(static_cast<size_t>(short_rows.empty() ? std::max(W, tp.phases ? tp.phases->slots() : 0) : H * W)),
      columns(static_cast<size_t>(W));
  for (int64_t first = p0; first < p1; first += per_pass) {
    const int64_t planes = std::min(per_pass, p1 - first);
    ctx.copy_in(grad_planes, 0, a.grad, first * plane_in, planes * plane_in);
    const T* pass_grads = grad_planes.span(0, planes * plane_in);  // every (oh, ow) listed above is in a plane
    T* pass_out = whole_planes ? out_buf.span(0, planes * plane_out) : nullptr;
    for (int64_t q = 0; q < planes; ++q) {
      const T* g = pass_grads + q * plane_in;
      float* prod = products.data() + 1;  // operand in the compute precision, times the weight: row loops
      load_row<Codec>(g, prod, plane_in);
      to_compute_row(cp, prod, plane_in);
      for (int64_t i = 0; i < plane_in; ++i) prod[i] *= weight;
      if (!short_rows.empty()) {
        run_short_rows<Codec>(short_rows, tp.broadcast, a.t->fp16_result, plane_out, prod, acc.data(),
                              pass_out + q * plane_out);
        continue;
      }
      for (int64_t ih = 0; ih < H; ++ih) {
        std::fill(acc.begin(), acc.end(), 0.0f);
        T* out = out_buf.span(whole_planes ? (q * H + ih) * W : 0, W);
        if (tp.phases) {
          for (size_t r = row_begin[static_cast<size_t>(ih)]; r < row_begin[static_cast<size_t>(ih) + 1]; ++r)
            tp.phases->add_row(products.data() + 1 + row_taps[r][1] * Wo, acc.data());
          float* row = columns.data();
          tp.phases->to_columns(acc.data(), row);
          if (a.t->fp16_result) to_compute_row(Compute::Fp16, row, W);  // Upstream profile only
          store_row<Codec>(row, out, W);
          if (!whole_planes) ctx.copy_out(a.out, ((first + q) * H + ih) * W, out_buf, 0, W);
          continue;
        }
        for (size_t r = row_begin[static_cast<size_t>(ih)]; r < row_begin[static_cast<size_t>(ih) + 1]; ++r) {
          const float* prow = products.data() + 1 + row_taps[r][1] * Wo;
          float* __restrict sums = acc.data();
          for (size_t layer = 0; layer < layers; ++layer) {
            const int32_t* ow = layer_ow.data() + layer * static_cast<size_t>(W);
            for (int64_t iw = 0; iw < W; ++iw) {
              const float v = prow[ow[iw] < 0 ? 0 : ow[iw]];
              sums[iw] += ow[iw] < 0 ? 0.0f : v;
            }
          }
        }
        if (a.t->fp16_result) to_compute_row(Compute::Fp16, acc.data(), W);  // Upstream profile only
        for (int64_t iw = 0; iw < W; ++iw) out[iw] = Codec::store(acc[static_cast<size_t>(iw)]);
        if (!whole_planes) ctx.copy_out(a.out, ((first + q) * H + ih) * W, out_buf, 0, W);
      }
    }
    if (whole_planes) ctx.copy_out(a.out, first * plane_out, out_buf, 0, planes * plane_out);
  }
}

template void cube_kernel<CodecF32>(BlockContext&, const KernelArgs<CodecF32>&);
template void cube_kernel<CodecF16>(BlockContext&, const KernelArgs<CodecF16>&);
template void cube_kernel<CodecBF16>(BlockContext&, const KernelArgs<CodecBF16>&);

}  // namespace pcemu::avgpool
