// Boundary-heavy draws: extents at the edges of the window arithmetic (1, kernel-1, kernel, kernel+1, a pooled
// size of exactly 1, padding at its limit, strides past the kernel, ceil mode's last window, primes, one long
// axis) that the ordinary generators, which keep shapes small, seldom or never reach. Every choice is made with
// elementOf/weightedElement, so the mix does not depend on RapidCheck's size. Each operator's boundary
// generator (ops/<token>/generator_boundary.cpp) builds on these; GenConfig::boundary selects it.
#pragma once

#include <rapidcheck.h>

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "case/case.h"
#include "generators/generators.h"

namespace poolcheck::gen::boundary {

// The per-case memory budget: no tensor of a boundary case holds more elements, so a case with a long axis
// stays about as cheap as an ordinary one (the oracle is a scalar loop over every element).
inline constexpr int64_t kMaxElements = 8192;
// The long axis: an extent in the thousands (one axis only; the others stay small).
inline constexpr int64_t kLongMin = 1000;

// The name of the first tensor of `c` holding more than kMaxElements elements; empty when none does.
std::string over_budget(const Case& c);

// --- Fixed-window pools (max and average pooling): one axis as input extent, kernel, stride, padding. ---
struct WindowAxis {
  int64_t in = 1, k = 1, s = 1, p = 0;
};

// The boundary classes of a fixed-window axis. Each draw reaches its class on the axis it is drawn for, with
// 0 <= p <= k/2 and a pooled size >= 1 under the ceil mode it asks for.
inline constexpr const char* kInOne = "in=1";                     // input extent 1
inline constexpr const char* kInKernelMinusOne = "in=k-1";        // input one short of the kernel (padding fills)
inline constexpr const char* kInKernel = "in=k";                  // input exactly one window
inline constexpr const char* kInKernelPlusOne = "in=k+1";         // one element past a window
inline constexpr const char* kPooledOne = "pooled=1";             // one window although in > k
inline constexpr const char* kPadHalf = "pad=k/2";                // padding at its documented limit
inline constexpr const char* kStrideBeyondKernel = "stride>k";    // gaps between windows
inline constexpr const char* kCeilDropsLast = "ceil drops last";  // ceil's extra window would start in the padding
inline constexpr const char* kCeilKeepsLast = "ceil keeps last";  // ceil adds a partial last window
inline constexpr const char* kPrime = "prime";                    // prime input extent and kernel
inline constexpr const char* kWideKernel = "wide kernel";         // kernels at 16/17, 20/21, 255/256
inline constexpr const char* kLongAxis = "long axis";             // an input extent in the thousands
const std::vector<std::string>& window_classes();

// Whether ceil mode adds a window floor mode does not have / opens one that starts in the right padding (and is
// dropped). Plain integer arithmetic on valid arguments (in >= 1, k >= 1, s >= 1, 0 <= p, in + 2p >= k).
bool ceil_adds_window(const WindowAxis& a);
bool ceil_window_dropped(const WindowAxis& a);

// One axis of class `cls` (one of window_classes()); `ceil` is set when the class needs ceil mode, else left.
// A long axis is at most `max_long` elements (at least kLongMin).
WindowAxis draw_window_axis(const std::string& cls, int64_t max_long, bool* ceil);
// A small axis (in 1..max_in, at most 3; k 1..2) that is valid under either ceil mode, for the axes not under
// test. A long axis's neighbours are 1 (small_extent), so that it can be long within the budget.
WindowAxis draw_small_window_axis(int64_t max_in = 3);
int64_t small_extent(const std::string& cls);

// --- Adaptive pools: one axis as input and output extent. ---
struct AdaptiveAxis {
  int64_t in = 1, out = 1;
};
inline constexpr const char* kOutOne = "out=1";            // one window covering the axis
inline constexpr const char* kOutBeyondIn = "out>in";      // upsampling: windows of one element, repeated
inline constexpr const char* kOutInMinusOne = "out=in-1";  // every window but one overlaps its neighbour
inline constexpr const char* kOutIn = "out=in";            // identity windows
inline constexpr const char* kOutInPlusOne = "out=in+1";   // just past the input: one element twice
inline constexpr const char* kPrimes = "prime in/out";     // coprime prime extents: no window repeats
const std::vector<std::string>& adaptive_classes();        // kInOne, the above and kLongAxis

AdaptiveAxis draw_adaptive_axis(const std::string& cls, int64_t max_long);
AdaptiveAxis draw_small_adaptive_axis(int64_t max_extent = 3);  // in and out 1..max_extent (at most 3)

// --- Shared by every operator. ---
// The class to draw: one of `classes` (all of `known` when empty), uniformly. Throws std::invalid_argument
// naming a class `known` does not list.
std::string draw_class(const std::vector<std::string>& known, const std::vector<std::string>& classes);
// N*C for a case whose spatial part holds `spatial` elements per sample: lane-block edges (1, 63, 64, 65,
// 127, 128, 129) within the budget, split into N (from 1, 2, 3) and C.
void draw_batch_channels(int64_t spatial, bool batched, int64_t* n, int64_t* c);
// The long axis's largest extent (input or output) when the other axes hold at most `others` elements (the
// larger of input and output on each) and N*C is 1.
int64_t long_axis_limit(int64_t others);

}  // namespace poolcheck::gen::boundary

// Each operator's boundary generator (ops/<token>/generator_boundary.cpp), declared for every row of the table:
//   gen::<token>::boundary(cfg, classes)   a valid boundary case of one of `classes` (all when empty)
//   gen::<token>::boundary_classes()       the classes it draws, by name
#define POOLCHECK_OPERATOR(token, aclnn)                                                           \
  namespace poolcheck::gen::token {                                                                \
  rc::Gen<Case> boundary(const GenConfig& cfg = {}, const std::vector<std::string>& classes = {}); \
  std::vector<std::string> boundary_classes();                                                     \
  }
#include "ops/operators.inc"
#undef POOLCHECK_OPERATOR

namespace poolcheck::gen {

// Registry of the boundary generators by operator name.
rc::Gen<Case> boundary_case(const std::string& op, const GenConfig& cfg = {},
                            const std::vector<std::string>& classes = {});
std::vector<std::string> boundary_classes(const std::string& op);

}  // namespace poolcheck::gen
