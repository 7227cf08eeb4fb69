// SIMT (ops-nn arch35 adaptive_avg_pool2d_grad_simt.h): 1024 threads per block, blocks striding over the tasks
// (grid-stride loop). Process() picks one device function from the sizes (regbase2d_tiling.cpp); each sums its
// element's gradients in fp32 in its own order with its own roundings, reproduced here term by term:
//   Nchw            rows oh, then columns ow: (g * fp32(1/kH)) / kW
//   OutWSmall       columns, then rows: (g * fp32(1/kW)) / kH
//   HReduceWExpand  rows; the first and last column as Nchw, the columns between as g * fp32(1/kH)
//   HInOne          one input row: columns, then every gradient row: g * fp32(1/kW)
//   HExpandExact12  2 -> 24 rows (windows of one row): columns, then the 12 rows: g * fp32(1/kW)
//   OutWRow2        one thread per row: per column window, g * fp32(1/kH) * fp32(1/kW) summed over rows, then the
//                   row's elements add the sums of the windows holding them
//   HExpandW2       two column windows of ceil(W/2), rows expanded at least 1024 times: per window a sum of
//                   g * fp32(1/kW), halved at a crossing row, four rows added together before joining the sum
//   SegFast2/3/4    one thread per (row, column segment): a segment's columns share their windows, so one value
//                   ((g * weight) * fp32(1/kW), weight 0.5 at a crossing row) is stored over the segment
// Each result is cast to the dtype with round-to-nearest-even. Threads read GM directly, counted as one element
// load per gradient (HInOne checks an element's taps once as a box, Nchw a row segment's, the others load by load;
// Nchw computes each of a segment's terms once, since every thread holding a term computes the same bits); a thread
// group's stores are staged in UB and leave as one copy per contiguous run.
#include <algorithm>
#include <array>
#include <vector>

#include "common/vector_clones.h"
#include "npu/faults.h"
#include "ops/adaptive_avgpool3d_grad/axis_windows.h"
#include "ops/adaptive_avgpool3d_grad/regbase2d_tile.h"
#include "ops/common/dtype_codec.h"

namespace pcemu::adaptive {

namespace {

constexpr int64_t kThreads = 1024;
constexpr int64_t kShortRun = 8;  // Nchw: a row segment shorter than this is summed thread by thread

template <typename Codec>
struct Simt {
  using T = typename Codec::T;
  BlockContext& ctx;
  const R2Args<Codec>& a;
  const Regbase2dTiling& t;
  UbBuf<T> stage;                      // a thread group's stores
  std::array<float, kThreads> sums{};  // a thread group's results before their cast (stage holds at most kThreads)
  std::vector<float> terms{};          // Nchw: a row segment's terms, m rows of its columns
  std::array<int64_t, 3> terms_box{-1, 0, 0};  // the GM box (first element, rows, columns) the terms are of; none yet
  bool wrong_tap = fault_on(Fault::WrongTap);
  // A thread group of kThreads consecutive elements spans at most kThreads / wx + 2 rows and kThreads + 1 columns
  // (the wrong_tap fault reads one column further).
  AxisWindows rows{t.hx, t.hy, kThreads / std::max<int64_t>(t.wx, 1) + 2}, cols{t.wx, t.wy, kThreads + 1};

  float gy(int64_t at) { return Codec::load(ctx.load_gm(a.grad, at)); }
  // The column a thread computes for element column w (the wrong_tap fault takes its right neighbour's).
  int64_t col(int64_t w) const { return wrong_tap && w + 1 < t.wx ? w + 1 : w; }

  float nchw(int64_t nc, int64_t h, int64_t w) {
    const int64_t base = nc * t.hy * t.wy;
    const auto rh = rows.range(h), rw = cols.range(w);
    const int64_t m = rh[1] - rh[0], n = rw[1] - rw[0];
    const float* inv_h = rows.inv_extents_f(rh[0], m);
    const float* ext_w = cols.extents_f(rw[0], n);
    // The taps are a box in GM: one bounds check for it when the window factors sit in the tables.
    const T* g = inv_h && ext_w ? ctx.load_gm_box(a.grad, base + rh[0] * t.wy + rw[0], m, t.wy, n) : nullptr;
    float sum = 0.0f;
    if (g) {
      for (int64_t i = 0; i < m; ++i, g += t.wy)
        for (int64_t k = 0; k < n; ++k) sum += Codec::load(g[k]) * inv_h[i] / ext_w[k];
      return sum;
    }
    for (int64_t oh = rh[0]; oh < rh[1]; ++oh) {
      const float inv = rows.inv_extent_f(oh);
      for (int64_t ow = rw[0]; ow < rw[1]; ++ow) sum += gy(base + oh * t.wy + ow) * inv / cols.extent_f(ow);
    }
    return sum;
  }
  // Nchw for the elements [w0, w1) of one x row, into out[0 .. w1 - w0): every term (g * fp32(1/kH)) / kW of the
  // row segment's taps once (each thread holding it computes the same bits), then each thread's sum of its own
  // terms in its order, and its loads counted. A segment outside the tables or the tensor goes element by element.
  void nchw_run(int64_t nc, int64_t h, int64_t w0, int64_t w1, float* out) {
    if (w1 - w0 < kShortRun) {  // too few threads to share terms: each computes its own
      for (int64_t w = w0; w < w1; ++w) out[w - w0] = nchw(nc, h, col(w));
      return;
    }
    const auto rh = rows.range(h);
    const int64_t c0 = cols.range(col(w0))[0], c1 = cols.range(col(w1 - 1))[1];  // ranges rise with the column
    const int64_t m = rh[1] - rh[0], n = c1 - c0, base = nc * t.hy * t.wy;
    const float* inv_h = m > 0 && n > 0 ? rows.inv_extents_f(rh[0], m) : nullptr;
    const float* ext_w = inv_h ? cols.extents_f(c0, n) : nullptr;
    const T* g = ext_w ? ctx.gm_box(a.grad, base + rh[0] * t.wy + c0, m, t.wy, n) : nullptr;
    if (!g) {
      for (int64_t w = w0; w < w1; ++w) out[w - w0] = nchw(nc, h, col(w));
      return;
    }
    // The x rows of one row window repeat the same box of terms: computed once for them.
    const std::array<int64_t, 3> box{base + rh[0] * t.wy + c0, m, n};
    if (box != terms_box) {
      terms.resize(static_cast<size_t>(m * n));
      for (int64_t i = 0; i < m; ++i)
        for (int64_t k = 0; k < n; ++k)
          terms[static_cast<size_t>(i * n + k)] = Codec::load(g[i * t.wy + k]) * inv_h[i] / ext_w[k];
      terms_box = box;
    }
    // Neighbouring threads with the same column window sum the same terms in the same order: one sum for them.
    int64_t last_lo = -1, last_hi = -1, loads = 0;
    float sum = 0.0f;
    const float* box_terms = terms.data() - c0;
    for (int64_t w = w0; w < w1; ++w) {
      const auto rw = cols.range(col(w));
      const int64_t lo = rw[0], hi = rw[1];
      if (lo != last_lo || hi != last_hi) {
        sum = 0.0f;
        for (int64_t i = 0; i < m; ++i)
          for (int64_t k = lo; k < hi; ++k) sum += box_terms[i * n + k];
        last_lo = lo;
        last_hi = hi;
      }
      loads += m * (hi - lo);
      out[w - w0] = sum;
    }
    ctx.count_gm_reads(a.grad, loads);
  }
  float out_w_small(int64_t nc, int64_t h, int64_t w) {
    const int64_t base = nc * t.hy * t.wy;
    const auto rh = rows.range(h), rw = cols.range(w);
    float sum = 0.0f;
    for (int64_t ow = rw[0]; ow < rw[1]; ++ow) {
      const float inv_w = cols.inv_extent_f(ow);
      for (int64_t oh = rh[0]; oh < rh[1]; ++oh) sum += gy(base + oh * t.wy + ow) * inv_w / rows.extent_f(oh);
    }
    return sum;
  }
  float h_reduce_w_expand(int64_t nc, int64_t h, int64_t w) {
    const int64_t base = nc * t.hy * t.wy;
    const auto rh = rows.range(h), rw = cols.range(w);
    float sum = 0.0f;
    for (int64_t oh = rh[0]; oh < rh[1]; ++oh) {
      const float inv_h = rows.inv_extent_f(oh);
      const int64_t yb = base + oh * t.wy;
      if (rw[1] <= rw[0]) continue;
      sum += gy(yb + rw[0]) * inv_h / cols.extent_f(rw[0]);
      if (rw[1] == rw[0] + 1) continue;
      for (int64_t ow = rw[0] + 1; ow < rw[1] - 1; ++ow) sum += gy(yb + ow) * inv_h;
      sum += gy(yb + rw[1] - 1) * inv_h / cols.extent_f(rw[1] - 1);
    }
    return sum;
  }
  float h_in_one(int64_t nc, int64_t w) {
    const int64_t base = nc * t.hy * t.wy;
    const auto rw = cols.range(w);
    const int64_t n = rw[1] - rw[0];
    const float* inv_w = cols.inv_extents_f(rw[0], n);
    // Every gradOutput row's taps: one box, bounds-checked once when the window factors sit in the table.
    const T* g = inv_w ? ctx.load_gm_box(a.grad, base + rw[0], t.hy, t.wy, n) : nullptr;
    float sum = 0.0f;
    if (g) {
      for (int64_t k = 0; k < n; ++k)
        for (int64_t oh = 0; oh < t.hy; ++oh) sum += Codec::load(g[oh * t.wy + k]) * inv_w[k];
      return sum;
    }
    for (int64_t ow = rw[0]; ow < rw[1]; ++ow) {
      const float inv_w = cols.inv_extent_f(ow);
      for (int64_t oh = 0; oh < t.hy; ++oh) sum += gy(base + oh * t.wy + ow) * inv_w;
    }
    return sum;
  }
  float h_expand_exact12(int64_t nc, int64_t h, int64_t w) {
    const int64_t base = nc * t.hy * t.wy + h * 12 * t.wy;
    const auto rw = cols.range(w);
    float sum = 0.0f;
    for (int64_t ow = rw[0]; ow < rw[1]; ++ow) {
      const float inv_w = cols.inv_extent_f(ow);
      for (int64_t i = 0; i < 12; ++i) sum += gy(base + ow + i * t.wy) * inv_w;
    }
    return sum;
  }
  // HExpandW2SmallFast: the sum of window `ow` (0 or 1) over the rows of x row h.
  float w2_sum(int64_t base, int64_t ow, const std::array<int64_t, 2>& rh, bool left, bool right, float inv_w) {
    float sum = 0.0f;
    if (left) sum += gy(base + rh[0] * 2 + ow) * 0.5f * inv_w;
    int64_t oh = left ? rh[0] + 1 : rh[0];
    const int64_t mid_end = right ? rh[1] - 1 : rh[1];
    for (; oh + 3 < mid_end; oh += 4) {
      const int64_t yb = base + oh * 2 + ow;
      sum += gy(yb) * inv_w + gy(yb + 2) * inv_w + gy(yb + 4) * inv_w + gy(yb + 6) * inv_w;
    }
    for (; oh < mid_end; ++oh) sum += gy(base + oh * 2 + ow) * inv_w;
    if (right) sum += gy(base + (rh[1] - 1) * 2 + ow) * 0.5f * inv_w;
    return sum;
  }
  float h_expand_w2(int64_t nc, int64_t h, int64_t w) {
    const int64_t kw = (t.wx + 1) >> 1, right_start = t.wx >> 1;
    const float inv_w = 1.0f / static_cast<float>(kw);
    const auto rh = rows.range(h);
    const bool left = h != 0 && rh[0] * t.hx < h * t.hy;
    const bool right = h + 1 < t.hx && rh[1] * t.hx > (h + 1) * t.hy;
    const int64_t base = nc * t.hy * 2;
    const bool use0 = w < kw, use1 = w >= right_start;
    if (use0 && !use1) return w2_sum(base, 0, rh, left, right, inv_w);
    if (!use0 && use1) return w2_sum(base, 1, rh, left, right, inv_w);
    // Both windows: two running sums (their four-row groups interleave, which changes no rounding).
    const float s0 = w2_sum(base, 0, rh, left, right, inv_w);
    return s0 + w2_sum(base, 1, rh, left, right, inv_w);
  }

  // The coordinates of element s and of the ones after it.
  void coords(int64_t s, int64_t& nc, int64_t& h, int64_t& w) const {
    w = s % t.wx;
    h = s / t.wx % t.hx;
    nc = s / (t.wx * t.hx);
  }
  void next(int64_t& nc, int64_t& h, int64_t& w) const {
    if (++w < t.wx) return;
    w = 0;
    if (++h < t.hx) return;
    h = 0;
    ++nc;
  }

  // Elementwise variants: each block's thread groups of 1024 consecutive elements, stored as one copy.
  // `fill(s0, s1, out)` computes the fp32 results of elements [s0, s1) into out.
  template <typename Fill>
  void per_group(const Fill& fill) {
    const int64_t count = t.nc * t.hx * t.wx, grid = static_cast<int64_t>(ctx.block_num()) * kThreads;
    for (int64_t base = ctx.block_idx() * kThreads; base < count; base += grid) {
      const int64_t end = std::min(count, base + kThreads);
      for (int64_t s0 = base; s0 < end; s0 += stage.size()) {
        const int64_t s1 = std::min(end, s0 + stage.size());
        T* out = stage.span(0, s1 - s0);  // one UB check for the group's stores
        fill(s0, s1, sums.data());
        // The casts apart from the sums: a branch-free loop over the group that the compiler vectorises.
        for (int64_t e = 0; e < s1 - s0; ++e) out[e] = Codec::store(sums[static_cast<size_t>(e)]);
        ctx.copy_out(a.out, s0, stage, 0, s1 - s0);
      }
    }
  }
  // `value(nc, h, w)` per element, called directly (no std::function) on coordinates stepped along with it.
  template <typename Value>
  void per_element(const Value& value) {
    per_group([&](int64_t s0, int64_t s1, float* out) {
      int64_t nc = 0, h = 0, w = 0;
      coords(s0, nc, h, w);
      for (int64_t e = s0; e < s1; ++e, next(nc, h, w)) out[e - s0] = value(nc, h, col(w));
    });
  }
  // Nchw a row segment at a time (nchw_run).
  void nchw_rows() {
    per_group([&](int64_t s0, int64_t s1, float* out) {
      int64_t nc = 0, h = 0, w = 0;
      coords(s0, nc, h, w);
      for (int64_t e = s0; e < s1;) {
        const int64_t run = std::min(s1 - e, t.wx - w);
        nchw_run(nc, h, w, w + run, out + (e - s0));
        e += run;
        w += run - 1;
        next(nc, h, w);
      }
    });
  }
  // Tasks of one thread each (rows, row segments); `task(i)` computes and stores its own run.
  template <typename Task>
  void per_task(int64_t tasks, const Task& task) {
    const int64_t grid = static_cast<int64_t>(ctx.block_num()) * kThreads;
    for (int64_t base = ctx.block_idx() * kThreads; base < tasks; base += grid)
      for (int64_t i = base; i < std::min(tasks, base + kThreads); ++i) task(i);
  }
  // `n` copies of `v` from x element `at` (in pieces of the staging buffer).
  void store_run(int64_t at, int64_t n, T v) {
    for (int64_t i = 0; i < n; i += stage.size()) {
      const int64_t len = std::min(stage.size(), n - i);
      std::fill(stage.data(), stage.data() + len, v);
      ctx.copy_out(a.out, at + i, stage, 0, len);
    }
  }

  // AdaptiveAvgPool2dGradSmallOutWRow<2>: one thread per x row.
  void out_w_row2(int64_t row) {
    const int64_t nc = row / t.hx, h = row % t.hx, base = nc * t.hy * 2;
    std::array<std::array<int64_t, 2>, 2> ww{window(0, t.wx, 2), window(1, t.wx, 2)};
    const std::array<float, 2> inv_w{1.0f / static_cast<float>(ww[0][1] - ww[0][0]),
                                     1.0f / static_cast<float>(ww[1][1] - ww[1][0])};
    const auto rh = rows.range(h);
    std::array<float, 2> sums{0.0f, 0.0f};
    for (int64_t oh = rh[0]; oh < rh[1]; ++oh) {
      const float inv_h = rows.inv_extent_f(oh);
      for (int64_t ow = 0; ow < 2; ++ow) sums[ow] += gy(base + oh * 2 + ow) * inv_h * inv_w[ow];
    }
    for (int64_t w0 = 0; w0 < t.wx; w0 += stage.size()) {
      const int64_t len = std::min(stage.size(), t.wx - w0);
      for (int64_t w = w0; w < w0 + len; ++w) {
        float v = 0.0f;
        for (int64_t ow = 0; ow < 2; ++ow)
          if (col(w) >= ww[ow][0] && col(w) < ww[ow][1]) v += sums[ow];
        stage[w - w0] = Codec::store(v);
      }
      ctx.copy_out(a.out, row * t.wx + w0, stage, 0, len);
    }
  }

  // AdaptiveAvgPool2dGradSmallOutWSegFast<W>: one thread per (x row, segment); segment 2j holds the columns only
  // window j covers, segment 2j+1 the column(s) windows j and j+1 share.
  void seg_fast(int64_t wo, int64_t task) {
    const int64_t segs = 2 * wo - 1, row = task / segs, seg = task % segs, nc = row / t.hx, h = row % t.hx;
    const int64_t ow = seg >> 1, wx = t.wx;
    const bool boundary = (seg & 1) != 0;
    const int64_t left0 = ow * wx, right0 = (ow + 1) * wx;
    const int64_t kw0 = (right0 + wo - 1) / wo - left0 / wo;
    int64_t start = 0, end = 0, kw1 = 1;
    if (boundary) {
      start = right0 / wo;
      end = (right0 + wo - 1) / wo;
      kw1 = ((ow + 2) * wx + wo - 1) / wo - (ow + 1) * wx / wo;
    } else {
      start = ow == 0 ? 0 : (left0 + wo - 1) / wo;
      end = ow == wo - 1 ? wx : right0 / wo;
    }
    if (start >= end || kw0 <= 0 || (boundary && kw1 <= 0)) return;
    const auto rh = rows.range(h);
    const bool left = rh[0] * t.hx<h * t.hy, right = rh[1] * t.hx>(h + 1) * t.hy;
    const bool single = rh[1] <= rh[0] + 1;
    const float first_weight = (left || (single && right)) ? 0.5f : 1.0f, last_weight = right ? 0.5f : 1.0f;
    const float inv0 = 1.0f / static_cast<float>(kw0);
    const float inv1 = boundary ? (kw0 == kw1 ? inv0 : 1.0f / static_cast<float>(kw1)) : 0.0f;
    const int64_t base = nc * t.hy * wo, first = base + rh[0] * wo;
    float sum = gy(first + ow) * first_weight * inv0;
    if (boundary) sum += gy(first + ow + 1) * first_weight * inv1;
    for (int64_t oh = rh[0] + 1; oh < rh[1] - 1; ++oh) {
      sum += gy(base + oh * wo + ow) * inv0;
      if (boundary) sum += gy(base + oh * wo + ow + 1) * inv1;
    }
    if (rh[1] > rh[0] + 1) {
      const int64_t last = base + (rh[1] - 1) * wo;
      sum += gy(last + ow) * last_weight * inv0;
      if (boundary) sum += gy(last + ow + 1) * last_weight * inv1;
    }
    const int64_t shift = wrong_tap && end < wx ? 1 : 0;  // the fault stores the segment one column right
    store_run(row * wx + start + shift, end - start, Codec::store(sum));
  }
};

}  // namespace

template <typename Codec>
PCEMU_VECTOR_CLONES void r2_simt_kernel(BlockContext& ctx, const R2Args<Codec>& a) {
  using T = typename Codec::T;
  const Regbase2dTiling& t = *a.t;
  ctx.ub().free_all();
  // Magic numbers and segment table: 64 words of the offset type, as the tiling plans them.
  if (t.int64_index)
    ctx.ub().alloc<int64_t>(64, "SIMT parameters");
  else
    ctx.ub().alloc<int32_t>(64, "SIMT parameters");
  // A thread's register for the gradient it loads, as upstream plans the UB (the loads themselves skip it).
  ctx.ub().alloc<T>(32 / static_cast<int64_t>(sizeof(T)), "one gradient");
  // The store staging takes what the UB has free, at least one element: a small UB never refuses SIMT.
  const int64_t free_bytes = ctx.ub().limit() - ctx.ub().in_use();
  const int64_t stage_n = std::clamp<int64_t>(free_bytes / 32 * 32 / static_cast<int64_t>(sizeof(T)), 1, kThreads);
  Simt<Codec> s{ctx, a, t, ctx.ub().alloc<T>(stage_n, "thread stores")};
  switch (t.simt) {
    case SimtVariant::HInOne:
      return s.per_element([&](int64_t nc, int64_t, int64_t w) { return s.h_in_one(nc, w); });
    case SimtVariant::SegFast4:
    case SimtVariant::SegFast3:
    case SimtVariant::SegFast2: {
      const int64_t wo = t.wy;
      return s.per_task(t.nc * t.hx * (2 * wo - 1), [&](int64_t i) { s.seg_fast(wo, i); });
    }
    case SimtVariant::HExpandW2:
      return s.per_element([&](int64_t nc, int64_t h, int64_t w) { return s.h_expand_w2(nc, h, w); });
    case SimtVariant::OutWRow2:
      return s.per_task(t.nc * t.hx, [&](int64_t row) { s.out_w_row2(row); });
    case SimtVariant::HExpandExact12:
      return s.per_element([&](int64_t nc, int64_t h, int64_t w) { return s.h_expand_exact12(nc, h, w); });
    case SimtVariant::OutWSmall:
      return s.per_element([&](int64_t nc, int64_t h, int64_t w) { return s.out_w_small(nc, h, w); });
    case SimtVariant::HReduceWExpand:
      return s.per_element([&](int64_t nc, int64_t h, int64_t w) { return s.h_reduce_w_expand(nc, h, w); });
    default:
      return s.nchw_rows();
  }
}

template void r2_simt_kernel<CodecF32>(BlockContext&, const R2Args<CodecF32>&);
template void r2_simt_kernel<CodecF16>(BlockContext&, const R2Args<CodecF16>&);
template void r2_simt_kernel<CodecBF16>(BlockContext&, const R2Args<CodecBF16>&);

}  // namespace pcemu::adaptive
