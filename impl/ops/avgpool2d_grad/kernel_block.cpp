// NCDHW block templates (key 5000 normal, 6000 scatter). A block is single_nc planes x a (Do, Ho, Wo) range;
// blocks go round-robin over the cores (block i on core i % blockDim). Normal: per (od, oh) and run of base_wo
// gradient columns, the columns are scaled by 1/divisor and summed in UB into the input columns their windows
// cover (fp32; fp16/bf16 without overlap stores each scaled value cast once), and that run of input columns is
// written to every (id, ih) of the (od, oh) window, atomically when windows overlap. Scatter (one window's row does
// not fit the UB): one gradient column at a time, its scaled value written in 32-byte runs over its window.
#include <algorithm>
#include <array>
#include <vector>

#include "common/int_math.h"
#include "common/vector_clones.h"
#include "npu/faults.h"
#include "ops/avgpool2d_grad/kernel_args.h"
#include "ops/common/dtype_codec.h"
#include "ops/common/row_store.h"

namespace pcemu::avgpool {

namespace {

// One block's ranges: planes [nc0, nc0 + nc), gradient layers, rows and columns.
struct BlockRange {
  int64_t nc0, nc, do0, dn, ho0, hn, wo0, wn;
};

BlockRange block_range(const Problem& pr, const Tiling& t, int64_t index) {
  const auto part = [](int64_t i, int64_t cnt, int64_t single, int64_t dim, int64_t* start, int64_t* len) {
    *start = i * single;
    *len = i + 1 == cnt ? dim - (cnt - 1) * single : single;
  };
  BlockRange r{};
  part(index / (t.do_cnt * t.ho_cnt * t.wo_cnt), t.nc_cnt, t.single_nc, pr.nc(), &r.nc0, &r.nc);
  part(index / (t.ho_cnt * t.wo_cnt) % t.do_cnt, t.do_cnt, t.single_do, pr.out_d, &r.do0, &r.dn);
  part(index / t.wo_cnt % t.ho_cnt, t.ho_cnt, t.single_ho, pr.out[0], &r.ho0, &r.hn);
  part(index % t.wo_cnt, t.wo_cnt, t.single_wo, pr.out[1], &r.wo0, &r.wn);
  return r;
}

template <typename Codec>
struct BlockKernel {
  using T = typename Codec::T;
  static constexpr bool kFp32 = sizeof(T) == 4;

  BlockContext& ctx;
  const KernelArgs<Codec>& a;
  const Problem& pr;
  const Tiling& t;
  const bool in_fp32;  // columns summed in fp32 (fp32, or overlap into the fp32 target)
  const RowTarget<T> target;
  UbBuf<T> grad;     // per plane: a gradient run (normal) or one gradient in a 32-byte slot (scatter)
  UbBuf<float> acc;  // per plane: fp32 input columns (normal) or the scaled value's 32-byte run (scatter)
  UbBuf<T> cast;     // per plane: the same, cast (fp16/bf16 stored without atomics)
  int64_t grad_pitch = 0, row_pitch = 0;
  // Host scratch of the emulation (the vector registers' work), not UB.
  std::vector<float> factors, values, columns;
  std::vector<std::array<int64_t, 2>> taps;

  BlockKernel(BlockContext& c, const KernelArgs<Codec>& args)
      : ctx(c), a(args), pr(*args.pr), t(*args.t), in_fp32(kFp32 || t.atomics), target{a.acc, a.out, t.atomics} {
    const int64_t slot = 32 / static_cast<int64_t>(sizeof(T));
    if (t.scatter) {
      grad_pitch = slot;
      row_pitch = kFp32 ? 8 : 16;  // the scatter template's write run
    } else {
      grad_pitch = align_up(t.base_wo, slot);
      row_pitch = align_up(t.base_wi, in_fp32 ? 8 : 16);
    }
    ctx.ub().free_all();
    grad = ctx.ub().alloc<T>(t.pass_nc * grad_pitch, "gradient runs");
    if (in_fp32 || t.scatter) acc = ctx.ub().alloc<float>(t.pass_nc * row_pitch, "fp32 input columns");
    if (!in_fp32) cast = ctx.ub().alloc<T>(t.pass_nc * row_pitch, "cast input columns");
  }

  int64_t grad_at(int64_t plane, int64_t od, int64_t oh, int64_t ow) const {
    return ((plane * pr.out_d + od) * pr.out[0] + oh) * pr.out[1] + ow;
  }
  int64_t out_at(int64_t plane, int64_t id, int64_t ih, int64_t iw) const {
    return ((plane * pr.in_d + id) * pr.in[0] + ih) * pr.in[1] + iw;
  }
  void put_rows(const BlockRange& r, const Window& w, int64_t col0, int64_t len) {
    for (int64_t id = w.d0; id < w.d1; ++id)
      for (int64_t ih = w.h0; ih < w.h1; ++ih)
        for (int64_t q = 0; q < r.nc; ++q)
          target.put(ctx, out_at(r.nc0 + q, id, ih, col0), acc, q * row_pitch, cast, q * row_pitch, len);
  }

  // Normal: gradient columns [ow0, ow0 + n) of (od, oh).
  void run(const BlockRange& r, int64_t od, int64_t oh, int64_t ow0, int64_t n) {
    for (int64_t q = 0; q < r.nc; ++q) ctx.copy_in(grad, q * grad_pitch, a.grad, grad_at(r.nc0 + q, od, oh, ow0), n);
    const Window first = window_of(pr, od, oh, ow0), last = window_of(pr, od, oh, ow0 + n - 1);
    const int64_t col0 = first.w0, span = last.w1 - col0;
    // The wrong_tap fault moves each tap one input column right inside the run (its GM footprint unchanged).
    const int64_t wrong = fault_on(Fault::WrongTap) ? 1 : 0;
    // Each column's window and 1/divisor once for all planes; each plane's gradients widened as one row (exact).
    factors.resize(static_cast<size_t>(n));
    taps.resize(static_cast<size_t>(n));
    for (int64_t w = 0; w < n; ++w) {
      const Window win = window_of(pr, od, oh, ow0 + w);
      factors[static_cast<size_t>(w)] = 1.0f / static_cast<float>(win.divisor);
      taps[static_cast<size_t>(w)] = {win.w0, win.w1};
    }
    values.resize(static_cast<size_t>(n));
    for (int64_t q = 0; q < r.nc; ++q) {
      load_row<Codec>(grad.span(q * grad_pitch, n), values.data(), n);
      for (int64_t w = 0; w < n; ++w) values[static_cast<size_t>(w)] *= factors[static_cast<size_t>(w)];
      if (in_fp32) {
        float* row = acc.span(q * row_pitch, span);
        std::fill_n(row, span, 0.0f);
        row -= col0;
        for (int64_t w = 0; w < n; ++w) {
          const float v = values[static_cast<size_t>(w)];
          const auto [w0, w1] = taps[static_cast<size_t>(w)];
          for (int64_t iw = w0; iw < w1; ++iw) row[std::min(iw + wrong, last.w1 - 1)] += v;
        }
        continue;
      }
      // Without overlap each input column takes one scaled value (the last, under the wrong_tap fault) or stays
      // zero: the values land in an fp32 row and are cast as one row, the same bits as a cast per store.
      columns.assign(static_cast<size_t>(span), 0.0f);
      float* row = columns.data() - col0;
      for (int64_t w = 0; w < n; ++w) {
        const float v = values[static_cast<size_t>(w)];
        const auto [w0, w1] = taps[static_cast<size_t>(w)];
        for (int64_t iw = w0; iw < w1; ++iw) row[std::min(iw + wrong, last.w1 - 1)] = v;
      }
      store_row<Codec>(columns.data(), cast.span(q * row_pitch, span), span);
    }
    put_rows(r, last, col0, span);
  }

  // Scatter: gradient column ow of (od, oh), its scaled value written in runs of row_pitch columns; the block's
  // planes in passes of pass_nc.
  void scatter(const BlockRange& block, int64_t od, int64_t oh, int64_t ow) {
    for (int64_t first = 0; first < block.nc; first += t.pass_nc) {
      BlockRange r = block;
      r.nc0 = block.nc0 + first;
      r.nc = std::min(t.pass_nc, block.nc - first);
      scatter_pass(r, od, oh, ow);
    }
  }

  void scatter_pass(const BlockRange& r, int64_t od, int64_t oh, int64_t ow) {
    for (int64_t q = 0; q < r.nc; ++q) ctx.copy_in(grad, q * grad_pitch, a.grad, grad_at(r.nc0 + q, od, oh, ow), 1);
    const Window win = window_of(pr, od, oh, ow);
    const float factor = 1.0f / static_cast<float>(win.divisor);
    for (int64_t q = 0; q < r.nc; ++q) {
      const float v = Codec::load(grad.span(q * grad_pitch, 1)[0]) * factor;
      std::fill_n(acc.span(q * row_pitch, row_pitch), row_pitch, v);
      if (!in_fp32) std::fill_n(cast.span(q * row_pitch, row_pitch), row_pitch, Codec::store(v));
    }
    // The wrong_tap fault leaves the window's first column out (where it has another).
    const int64_t w0 = fault_on(Fault::WrongTap) && win.w1 - win.w0 > 1 ? win.w0 + 1 : win.w0;
    for (int64_t iw = w0; iw < win.w1; iw += row_pitch) put_rows(r, win, iw, std::min(row_pitch, win.w1 - iw));
  }

  void process() {
    for (int64_t index = ctx.block_idx(); index < t.total_cnt; index += ctx.block_num()) {
      const BlockRange r = block_range(pr, t, index);
      for (int64_t od = r.do0; od < r.do0 + r.dn; ++od)
        for (int64_t oh = r.ho0; oh < r.ho0 + r.hn; ++oh)
          for (int64_t ow = r.wo0; ow < r.wo0 + r.wn; ow += t.scatter ? 1 : t.base_wo) {
            if (t.scatter)
              scatter(r, od, oh, ow);
            else
              run(r, od, oh, ow, std::min(t.base_wo, r.wo0 + r.wn - ow));
          }
    }
  }
};

}  // namespace

template <typename Codec>
PCEMU_VECTOR_CLONES void block_kernel(BlockContext& ctx, const KernelArgs<Codec>& a) {
  BlockKernel<Codec>(ctx, a).process();
}

template void block_kernel<CodecF32>(BlockContext&, const KernelArgs<CodecF32>&);
template void block_kernel<CodecF16>(BlockContext&, const KernelArgs<CodecF16>&);
template void block_kernel<CodecBF16>(BlockContext&, const KernelArgs<CodecBF16>&);

}  // namespace pcemu::avgpool
