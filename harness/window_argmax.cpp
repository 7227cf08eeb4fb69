#include "harness/window_argmax.h"

#include <cmath>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#include <limits>
#include <stdexcept>
#include <string>

#include "case/uninitialised.h"

namespace poolcheck {

namespace {

struct Taps {
  int64_t first = 0, end = 0, step = 1;
};

// PyTorch's window along one axis: the end from the unmoved start, then the start moved out of the left padding in
// whole dilation steps. 128-bit, since legal parameters may each be near INT64_MAX.
Taps taps_of(int64_t o, int64_t in, int64_t k, int64_t s, int64_t pad, int64_t d) {
  __extension__ using Int128 = __int128;
  Int128 start = Int128{o} * s - pad;
  const Int128 unclipped_end = start + (Int128{k} - 1) * d + 1;
  const Int128 end = unclipped_end < in ? unclipped_end : Int128{in};
  if (start < 0) start += (-start + d - 1) / d * d;
  const Int128 max = std::numeric_limits<int64_t>::max();
  return Taps{static_cast<int64_t>(start < max ? start : max), static_cast<int64_t>(end), d};
}

std::vector<Taps> axis_taps(const PoolWindows3d& w, int axis) {
  std::vector<Taps> t(static_cast<size_t>(w.out[axis]));
  for (int64_t o = 0; o < w.out[axis]; ++o)
    t[static_cast<size_t>(o)] =
        taps_of(o, w.in[axis], w.kernel[axis], w.stride[axis], w.padding[axis], w.dilation[axis]);
  return t;
}

void check(const std::vector<double>& input, int64_t planes, const PoolWindows3d& w) {
  const auto fail = [](const std::string& what) { throw std::invalid_argument("window_argmax: " + what); };
  if (planes < 0) fail("planes " + std::to_string(planes) + " is negative");
  for (int a = 0; a < 3; ++a) {
    if (w.in[a] < 1 || w.out[a] < 1)
      fail("axis " + std::to_string(a) + ": input " + std::to_string(w.in[a]) + " and output " +
           std::to_string(w.out[a]) + " must be >= 1");
    if (w.kernel[a] < 1 || w.stride[a] < 1 || w.dilation[a] < 1 || w.padding[a] < 0)
      fail("axis " + std::to_string(a) + ": kernel, stride and dilation must be >= 1 and padding >= 0");
  }
  __extension__ using Int128 = __int128;
  if (Int128{planes} * w.in[0] * w.in[1] * w.in[2] != static_cast<Int128>(input.size()))
    fail(std::to_string(input.size()) + " input values for " + std::to_string(planes) + " planes of " +
         std::to_string(w.in[0]) + "x" + std::to_string(w.in[1]) + "x" + std::to_string(w.in[2]));
}

// Keeps (best, at) or takes (v, x) by `takes`.
template <class Takes>
inline void take_if(Takes takes, double v, int64_t x, double& best, int64_t& at) {
  if (takes(v, best)) best = v, at = x;
}

// The max-pooling rule as a type, so the passes can take it without a branch: which value wins follows the data,
// which no branch predictor guesses (the branchy loop cost about twice as much on the campaign's fills).
struct MaxPoolRule {};
inline void take_if(MaxPoolRule, double v, int64_t x, double& best, int64_t& at) {
#if defined(__SSE2__)
  const __m128d value = _mm_set_sd(v), current = _mm_set_sd(best);
  const __m128d takes = _mm_or_pd(_mm_cmpgt_sd(value, current), _mm_cmpunord_sd(value, value));
  best = _mm_cvtsd_f64(_mm_or_pd(_mm_and_pd(takes, value), _mm_andnot_pd(takes, current)));
  const int64_t mask = _mm_cvtsi128_si64(_mm_castpd_si128(takes));
  at = (x & mask) | (at & ~mask);
#else
  take_if(&max_pool_takes_over, v, x, best, at);
#endif
}

// One plane, window by window in the (d, h, w) scan, each window's first tap position kept when nothing takes over.
template <class Takes>
void plane_direct(const double* plane, const PoolWindows3d& w, const std::array<std::vector<Taps>, 3>& taps,
                  Takes takes, int64_t* out) {
  const int64_t H = w.in[1], W = w.in[2];
  const double lowest = -std::numeric_limits<double>::infinity();
  for (const Taps& td : taps[0])
    for (const Taps& th : taps[1])
      for (const Taps& tw : taps[2]) {
        double best = lowest;
        int64_t at = td.first * H * W + th.first * W + tw.first;
        for (int64_t d = td.first; d < td.end; d += td.step)
          for (int64_t h = th.first; h < th.end; h += th.step) {
            const int64_t row = (d * H + h) * W;
            for (int64_t x = tw.first; x < tw.end; x += tw.step) take_if(takes, plane[row + x], row + x, best, at);
          }
        *out++ = at;
      }
}

// One plane, three passes, for overlapping windows: each (d, h) row's winner per output column; each depth's winner
// per output (row, column) over the rows; each output's winner over the depths.
template <class Takes>
void plane_separable(const double* plane, const PoolWindows3d& w, const std::array<std::vector<Taps>, 3>& taps,
                     Takes takes, Uninitialised<double>& row_value, Uninitialised<int64_t>& row_w,
                     Uninitialised<double>& depth_value, Uninitialised<int64_t>& depth_hw, int64_t* out) {
  const int64_t D = w.in[0], H = w.in[1], W = w.in[2], Ho = w.out[1], Wo = w.out[2];
  const double lowest = -std::numeric_limits<double>::infinity();
  for (int64_t r = 0; r < D * H; ++r) {
    const double* row = plane + r * W;
    for (int64_t ow = 0; ow < Wo; ++ow) {
      const Taps& t = taps[2][static_cast<size_t>(ow)];
      double best = lowest;
      int64_t at = t.first;
      for (int64_t x = t.first; x < t.end; x += t.step) take_if(takes, row[x], x, best, at);
      row_value[static_cast<size_t>(r * Wo + ow)] = best;
      row_w[static_cast<size_t>(r * Wo + ow)] = at;
    }
  }
  for (int64_t d = 0; d < D; ++d)
    for (int64_t oh = 0; oh < Ho; ++oh) {
      const Taps& t = taps[1][static_cast<size_t>(oh)];
      for (int64_t ow = 0; ow < Wo; ++ow) {
        double best = lowest;
        int64_t at = t.first * W + taps[2][static_cast<size_t>(ow)].first;
        for (int64_t h = t.first; h < t.end; h += t.step) {
          const auto k = static_cast<size_t>((d * H + h) * Wo + ow);
          take_if(takes, row_value[k], h * W + row_w[k], best, at);
        }
        depth_value[static_cast<size_t>((d * Ho + oh) * Wo + ow)] = best;
        depth_hw[static_cast<size_t>((d * Ho + oh) * Wo + ow)] = at;
      }
    }
  for (int64_t od = 0; od < w.out[0]; ++od) {
    const Taps& t = taps[0][static_cast<size_t>(od)];
    for (int64_t oh = 0; oh < Ho; ++oh)
      for (int64_t ow = 0; ow < Wo; ++ow) {
        double best = lowest;
        int64_t at =
            t.first * H * W + taps[1][static_cast<size_t>(oh)].first * W + taps[2][static_cast<size_t>(ow)].first;
        for (int64_t d = t.first; d < t.end; d += t.step) {
          const auto k = static_cast<size_t>((d * Ho + oh) * Wo + ow);
          take_if(takes, depth_value[k], d * H * W + depth_hw[k], best, at);
        }
        *out++ = at;
      }
  }
}

// Taps of all windows along an axis (each clipped window's count).
int64_t tap_count(const std::vector<Taps>& taps) {
  int64_t n = 0;
  for (const Taps& t : taps) n += t.first < t.end ? (t.end - 1 - t.first) / t.step + 1 : 0;
  return n;
}

template <class Takes>
std::vector<int64_t> argmax_all(const std::vector<double>& input, int64_t planes, const PoolWindows3d& w, Takes takes) {
  const std::array<std::vector<Taps>, 3> taps{axis_taps(w, 0), axis_taps(w, 1), axis_taps(w, 2)};
  const int64_t in_plane = w.in[0] * w.in[1] * w.in[2], out_plane = w.out[0] * w.out[1] * w.out[2];
  std::vector<int64_t> out(static_cast<size_t>(planes * out_plane));
  // Comparisons per plane each way: the product of the axes' taps, or each pass's share (fewer when windows overlap).
  const double direct = static_cast<double>(tap_count(taps[0])) * static_cast<double>(tap_count(taps[1])) *
                        static_cast<double>(tap_count(taps[2]));
  const double separable = static_cast<double>(w.in[0] * w.in[1]) * static_cast<double>(tap_count(taps[2])) +
                           static_cast<double>(w.in[0] * w.out[2]) * static_cast<double>(tap_count(taps[1])) +
                           static_cast<double>(w.out[1] * w.out[2]) * static_cast<double>(tap_count(taps[0]));
  if (direct <= separable) {
    for (int64_t p = 0; p < planes; ++p)
      plane_direct(input.data() + p * in_plane, w, taps, takes, out.data() + p * out_plane);
    return out;
  }
  // Every pass writes each entry before the next reads it: no zero fill.
  Uninitialised<double> row_value(static_cast<size_t>(w.in[0] * w.in[1] * w.out[2]));
  Uninitialised<int64_t> row_w(row_value.size());
  Uninitialised<double> depth_value(static_cast<size_t>(w.in[0] * w.out[1] * w.out[2]));
  Uninitialised<int64_t> depth_hw(depth_value.size());
  for (int64_t p = 0; p < planes; ++p)
    plane_separable(input.data() + p * in_plane, w, taps, takes, row_value, row_w, depth_value, depth_hw,
                    out.data() + p * out_plane);
  return out;
}

}  // namespace

bool max_pool_takes_over(double candidate, double best) { return candidate > best || std::isnan(candidate); }

std::vector<int64_t> window_argmax(const std::vector<double>& input, int64_t planes, const PoolWindows3d& w,
                                   TakesOver takes_over) {
  check(input, planes, w);
  if (planes == 0) return {};
  if (takes_over == &max_pool_takes_over)  // the rule inlined into the passes
    return argmax_all(input, planes, w, MaxPoolRule{});
  return argmax_all(input, planes, w, takes_over);
}

}  // namespace poolcheck
