#include "generators/boundary.h"

#include <algorithm>
#include <stdexcept>

#include "generators/fixed_draws.h"

namespace poolcheck::gen::boundary {

namespace {

// A size-independent pick from a list.
int64_t pick(std::vector<int64_t> values) { return fixed::element_of(std::move(values)); }

// 0 and the limit k/2, the two ends of the documented padding range (one value when k < 2).
int64_t pick_padding(int64_t k) { return pick({0, k / 2}); }

int64_t elements(const std::vector<int64_t>& shape) {
  int64_t n = 1;
  for (int64_t d : shape) n *= d;
  return n;
}

// Long extents: round numbers, their neighbours and primes, at most `max_long` (kLongMin at the least).
int64_t pick_long(int64_t max_long) {
  std::vector<int64_t> fits;
  for (int64_t in : {kLongMin, int64_t{1021}, int64_t{1024}, int64_t{1025}, int64_t{2047}, int64_t{2048}, int64_t{3001},
                     int64_t{4093}, int64_t{4096}, int64_t{8191}})
    if (in <= std::max(max_long, kLongMin)) fits.push_back(in);
  return pick(fits);
}

// Ceil mode's last window: with room = in + 2p - k = q*s + r, ceil adds a window when r > 0, and PyTorch drops it
// when it starts at or past in + p, i.e. when r <= s - k + p.
WindowAxis ceil_axis(bool dropped) {
  WindowAxis a;
  if (dropped) {
    a.k = pick({1, 2, 3, 4});
    a.p = pick_padding(a.k);
    a.s = pick({a.k - a.p + 1, a.k - a.p + 2, a.k + 2});  // s - k + p >= 1 leaves room for r
  } else {
    a.k = pick({2, 3, 4, 5});
    a.p = a.k == 2 ? 0 : pick_padding(a.k);  // k - p >= 2 leaves room for r in (s - k + p, s)
    a.s = pick({2, 3, 4});
  }
  const int64_t lo = dropped ? 1 : std::max<int64_t>(1, a.s - a.k + a.p + 1);
  const int64_t hi = dropped ? a.s - a.k + a.p : a.s - 1;
  std::vector<int64_t> rs;
  for (int64_t r = lo; r <= hi; ++r) rs.push_back(r);
  const int64_t r = pick(rs);
  const int64_t q = pick({0, 1, 2, 5});
  a.in = q * a.s + r + a.k - 2 * a.p;
  return a;
}

}  // namespace

std::string over_budget(const Case& c) {
  for (const auto& [name, t] : c.tensors)
    if (elements(t.shape) > kMaxElements) return name;
  return "";
}

const std::vector<std::string>& window_classes() {
  static const std::vector<std::string> classes{
      kInOne,         kInKernelMinusOne, kInKernel, kInKernelPlusOne, kPooledOne, kPadHalf, kStrideBeyondKernel,
      kCeilDropsLast, kCeilKeepsLast,    kPrime,    kWideKernel,      kLongAxis};
  return classes;
}

bool ceil_adds_window(const WindowAxis& a) { return (a.in + 2 * a.p - a.k) % a.s != 0; }

bool ceil_window_dropped(const WindowAxis& a) {
  const int64_t room = a.in + 2 * a.p - a.k;
  const int64_t ceil_windows = (room + a.s - 1) / a.s + 1;
  return ceil_adds_window(a) && (ceil_windows - 1) * a.s >= a.in + a.p;
}

WindowAxis draw_window_axis(const std::string& cls, int64_t max_long, bool* ceil) {
  WindowAxis a;
  if (cls == kInOne) {
    a.k = pick({1, 2, 3});
    a.p = a.k / 2;  // in + 2p >= k needs it for k = 2, 3
    a.in = 1;
    a.s = pick({1, 2, 3, 4});
  } else if (cls == kInKernelMinusOne) {
    a.k = pick({2, 3, 4, 5, 7});
    std::vector<int64_t> pads;  // at least 1, so that one window fits
    for (int64_t p = 1; p <= a.k / 2; ++p) pads.push_back(p);
    a.p = pick(pads);
    a.in = a.k - 1;
    a.s = pick({1, 2, a.k, a.k + 1});
  } else if (cls == kInKernel) {
    a.k = pick({1, 2, 3, 4, 5, 7, 8});
    a.p = pick_padding(a.k);
    a.in = a.k;
    a.s = pick({1, 2, a.k, a.k + 1});
  } else if (cls == kInKernelPlusOne) {
    a.k = pick({1, 2, 3, 4, 5, 7});
    a.p = pick_padding(a.k);
    a.in = a.k + 1;
    a.s = pick({1, 2, a.k, a.k + 1});
  } else if (cls == kPooledOne) {
    // s >= in + p: floor mode fits one window (room < s) and ceil mode's second window would start at or past
    // in + p, where it is dropped.
    a.k = pick({2, 3, 4, 5});
    a.p = pick_padding(a.k);
    a.in = pick({a.k + 1, a.k + 2, 2 * a.k});
    a.s = a.in + a.p + pick({0, 1, 4});
  } else if (cls == kPadHalf) {
    a.k = pick({2, 3, 4, 5, 6, 7});
    a.p = a.k / 2;
    a.in = pick({std::max<int64_t>(1, a.k - 2 * a.p), a.k / 2, a.k, a.k + 1, 2 * a.k + 1});
    a.s = pick({1, 2, 3, a.k});
  } else if (cls == kStrideBeyondKernel) {
    a.k = pick({1, 2, 3});
    a.s = pick({a.k + 1, a.k + 2, 2 * a.k + 3});
    a.p = pick_padding(a.k);
    a.in = pick({a.k + a.s, 2 * a.s + 1, 3 * a.s - 1, 4 * a.s + a.k - 1});
  } else if (cls == kCeilDropsLast || cls == kCeilKeepsLast) {
    a = ceil_axis(cls == kCeilDropsLast);
    *ceil = true;
  } else if (cls == kPrime) {
    a.in = pick({2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 61, 127, 251});
    std::vector<int64_t> ks;
    for (int64_t k : {2, 3, 5, 7, 11})
      if (k <= a.in) ks.push_back(k);
    a.k = pick(ks);
    a.p = pick_padding(a.k);
    a.s = pick({1, 2, 3, 5, 7});
  } else if (cls == kWideKernel) {
    a.k = pick({16, 17, 20, 21, 255, 256});
    a.p = pick_padding(a.k);
    a.in = std::max<int64_t>(1, pick({a.k, a.k + 1, 2 * a.k - 1, a.k - 2 * a.p}));
    a.s = pick({a.k / 2, a.k, a.k + 1});  // not 1: k positions per window would make the case slow
  } else if (cls == kLongAxis) {
    a.in = pick_long(max_long);
    a.k = pick({1, 2, 3, 4, 7});
    a.p = pick_padding(a.k);
    a.s = pick({1, 2, 3, 7, a.k});
  } else {
    throw std::invalid_argument("boundary: no fixed-window axis class '" + cls + "'");
  }
  return a;
}

WindowAxis draw_small_window_axis(int64_t max_in) {
  WindowAxis a;
  a.in = std::min(max_in, pick({1, 2, 3}));
  a.k = pick({1, 2});
  a.p = a.in < a.k ? 1 : pick_padding(a.k);
  a.s = pick({1, 2});
  return a;
}

int64_t small_extent(const std::string& cls) { return cls == kLongAxis ? 1 : 3; }

const std::vector<std::string>& adaptive_classes() {
  static const std::vector<std::string> classes{kInOne, kOutOne,       kOutBeyondIn, kOutInMinusOne,
                                                kOutIn, kOutInPlusOne, kPrimes,      kLongAxis};
  return classes;
}

AdaptiveAxis draw_adaptive_axis(const std::string& cls, int64_t max_long) {
  AdaptiveAxis a;
  if (cls == kInOne) {
    a.in = 1;
    a.out = pick({1, 2, 3, 5, 8});
  } else if (cls == kOutOne) {
    a.in = pick({1, 2, 3, 7, 13, 64, 100});
    a.out = 1;
  } else if (cls == kOutBeyondIn) {
    a.in = pick({1, 2, 3, 5});
    a.out = pick({a.in + 2, 2 * a.in + 1, 3 * a.in, a.in + 7});
  } else if (cls == kOutInMinusOne) {
    a.in = pick({2, 3, 4, 5, 8, 9, 16, 17, 64, 65});
    a.out = a.in - 1;
  } else if (cls == kOutIn) {
    a.in = pick({1, 2, 5, 8, 13});
    a.out = a.in;
  } else if (cls == kOutInPlusOne) {
    a.in = pick({1, 2, 3, 7, 8, 15, 16});
    a.out = a.in + 1;
  } else if (cls == kPrimes) {
    const std::vector<int64_t> primes{2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31};
    a.in = pick(primes);
    std::vector<int64_t> others;
    for (int64_t p : primes)
      if (p != a.in) others.push_back(p);
    a.out = pick(others);
  } else if (cls == kLongAxis) {
    a.in = pick_long(max_long);
    // Few long windows, the overlapping in-1 windows, a non-divisor, and upsampling by one when it fits.
    std::vector<int64_t> outs{1, 2, 7, a.in - 1, a.in / 3};
    if (a.in + 1 <= max_long) outs.push_back(a.in + 1);
    a.out = pick(outs);
  } else {
    throw std::invalid_argument("boundary: no adaptive axis class '" + cls + "'");
  }
  return a;
}

AdaptiveAxis draw_small_adaptive_axis(int64_t max_extent) {
  AdaptiveAxis a;
  a.in = std::min(max_extent, pick({1, 2, 3}));
  a.out = std::min(max_extent, pick({1, 2, 3}));
  return a;
}

std::string draw_class(const std::vector<std::string>& known, const std::vector<std::string>& classes) {
  for (const auto& c : classes)
    if (std::find(known.begin(), known.end(), c) == known.end())
      throw std::invalid_argument("boundary: unknown class '" + c + "'");
  return fixed::element_of(classes.empty() ? known : classes);
}

void draw_batch_channels(int64_t spatial, bool batched, int64_t* n, int64_t* c) {
  std::vector<int64_t> lanes;
  for (int64_t nc : {1, 2, 3, 63, 64, 65, 127, 128, 129})
    if (nc * spatial <= kMaxElements) lanes.push_back(nc);
  const int64_t nc = pick(lanes);
  std::vector<int64_t> ns{1};
  if (batched)
    for (int64_t d : {2, 3})
      if (nc % d == 0) ns.push_back(d);
  *n = pick(ns);
  *c = nc / *n;
}

int64_t long_axis_limit(int64_t others) { return kMaxElements / std::max<int64_t>(1, others); }

}  // namespace poolcheck::gen::boundary
