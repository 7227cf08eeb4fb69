// aclnnMaxPool2dWithMaskBackward on its MaxPoolGradWithArgmaxV1 route (every call on Ascend910, a 1x1 kernel on
// A2/A3) through the public C API. Masks come from a test-only encoder written from docs/mask-layout.md alone;
// the bits are what the V1 forward sets (the oracle forward's first maximum, all bits for 1x1) or hand-made
// (ties with several bits, bits on padding taps, garbage in the bytes the layout ignores). Gradients are
// multiples of 1/2 and the inputs exact in the compute dtype, so every sum is exact and each comparison is
// bitwise (docs/tolerance.md's exact-sum rows); each has a control that names the check it must fire.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "aclnnop/aclnn_max_pool2d_with_indices_backward.h"
#include "case/numeric.h"
#include "oracle/maxpool3d_grad.h"
#include "poolcheck_emu/emu.h"
#include "tests/support/device_tensor.h"

namespace poolcheck::maxpool2d_mask_test {
namespace {

using test_support::case_dtype;
using test_support::decode_values;
using test_support::DeviceTensor;
using test_support::element_count;
using test_support::encode_values;
using test_support::IntArray;
using test_support::TensorDesc;

constexpr aclnnStatus kOk = 0, kTiling = 561002;
constexpr const char* kV1 = "MaxPoolGradWithArgmaxV1";

// One call: self's shape (NCHW or CHW), 2-value window lists, the dtype and the SoC.
struct Spec {
  std::string soc = "Ascend910";
  std::vector<int64_t> x{1, 1, 4, 4};
  std::array<int64_t, 2> k{2, 2}, s{2, 2}, p{0, 0};
  bool ceil = false;
  aclDataType dtype = ACL_FLOAT;

  bool rank4() const { return x.size() == 4; }
  int64_t n() const { return rank4() ? x[0] : 1; }
  int64_t c() const { return x[x.size() - 3]; }
  int64_t h() const { return x[x.size() - 2]; }
  int64_t w() const { return x[x.size() - 1]; }
  oracle::Pool3dParams params() const { return {{1, k[0], k[1]}, {1, s[0], s[1]}, {0, p[0], p[1]}, {1, 1, 1}, ceil}; }
  int64_t ho() const { return (*oracle::pooled_dims({1, h(), w()}, params()))[1]; }
  int64_t wo() const { return (*oracle::pooled_dims({1, h(), w()}, params()))[2]; }
  int64_t positions() const { return ho() * wo(); }
  int64_t taps() const { return k[0] * k[1]; }
  int64_t c1() const { return (c() + 15) / 16; }
  int64_t mask_row() const { return ((positions() + 15) / 16 + 1) * 16; }  // UINT16 per (n, c1, tap)
  std::vector<int64_t> with_batch(std::vector<int64_t> v) const {
    if (rank4()) v.insert(v.begin(), n());
    return v;
  }
  std::vector<int64_t> grad_shape() const { return with_batch({c(), ho(), wo()}); }
  std::vector<int64_t> mask_shape() const { return with_batch({c(), taps(), mask_row() * 2}); }
  // The op_api's Cast before the kernel: FLOAT16 for FLOAT on the training series, FLOAT for BF16.
  DType compute() const {
    if (dtype == ACL_FLOAT && soc == "Ascend910") return DType::F16;
    return dtype == ACL_FLOAT16 ? DType::F16 : DType::F32;
  }
  // Input row/column of tap (i, j) of output (ho, wo); outside [0, H) x [0, W) it is a padding tap.
  int64_t tap_h(int64_t ho, int64_t i) const { return ho * s[0] - p[0] + i; }
  int64_t tap_w(int64_t wo, int64_t j) const { return wo * s[1] - p[1] + j; }
  bool real_tap(int64_t pos, int64_t tap) const {
    const int64_t hh = tap_h(pos / wo(), tap / k[1]), ww = tap_w(pos % wo(), tap % k[1]);
    return hh >= 0 && hh < h() && ww >= 0 && ww < w();
  }
};

// A mask as bits: on[((nc * K) + tap) * P + pos], nc = n*C + c.
struct Bits {
  std::vector<uint8_t> on;
  uint8_t& operator()(const Spec& sp, int64_t nc, int64_t tap, int64_t pos) {
    return on[static_cast<size_t>((nc * sp.taps() + tap) * sp.positions() + pos)];
  }
  bool at(const Spec& sp, int64_t nc, int64_t tap, int64_t pos) const {
    return on[static_cast<size_t>((nc * sp.taps() + tap) * sp.positions() + pos)] != 0;
  }
};
Bits no_bits(const Spec& sp) {
  return {std::vector<uint8_t>(static_cast<size_t>(sp.n() * sp.c() * sp.taps() * sp.positions()), 0)};
}

// docs/mask-layout.md: bit (n, c, tap, pos) is byte 2*U + (c%16)/8, bit (c%16)%8 with
// U = ((n*C1 + c/16)*K + tap)*(G+1)*16 + pos. `noisy` fills every byte the layout ignores with garbage and sets
// the bits of padding taps; a correct kernel gives the same result either way.
std::vector<uint8_t> encode_mask(const Spec& sp, const Bits& b, bool noisy = false) {
  std::vector<uint8_t> bytes(static_cast<size_t>(element_count(sp.mask_shape())), noisy ? 0xA5 : 0x00);
  for (int64_t n = 0; n < sp.n(); ++n)
    for (int64_t c = 0; c < sp.c(); ++c)
      for (int64_t tap = 0; tap < sp.taps(); ++tap)
        for (int64_t pos = 0; pos < sp.positions(); ++pos) {
          const int64_t u = ((n * sp.c1() + c / 16) * sp.taps() + tap) * sp.mask_row() + pos;
          uint8_t& byte = bytes[static_cast<size_t>(2 * u + (c % 16) / 8)];
          const uint8_t bit = static_cast<uint8_t>(1u << ((c % 16) % 8));
          const bool set = b.at(sp, n * sp.c() + c, tap, pos) || (noisy && !sp.real_tap(pos, tap));
          byte = set ? (byte | bit) : (byte & ~bit);
        }
  return bytes;
}

// What the V1 forward writes, as bits: all of them for a 1x1 kernel, else the first maximum of each window in the
// compute dtype (the oracle forward's tie rule; padding never wins for these inputs). `argmax` gets the flat
// input offsets for the oracle's backward.
Bits forward_bits(const Spec& sp, const std::vector<double>& x, std::vector<int64_t>* argmax = nullptr) {
  Bits b = no_bits(sp);
  if (sp.taps() == 1) {
    b.on.assign(b.on.size(), 1);
    return b;
  }
  const auto fwd = oracle::max_pool3d_forward(x, sp.n() * sp.c(), {1, sp.h(), sp.w()}, sp.params());
  for (int64_t nc = 0; nc < sp.n() * sp.c(); ++nc)
    for (int64_t pos = 0; pos < sp.positions(); ++pos) {
      const int64_t idx = fwd.indices[static_cast<size_t>(nc * sp.positions() + pos)];
      const int64_t i = idx / sp.w() - sp.tap_h(pos / sp.wo(), 0), j = idx % sp.w() - sp.tap_w(pos % sp.wo(), 0);
      b(sp, nc, i * sp.k[1] + j, pos) = 1;
    }
  if (argmax) *argmax = fwd.indices;
  return b;
}

// The scalar reference: every set bit on a real tap adds its gradient (as the compute dtype holds it) there;
// the exact sum is rounded to the compute dtype, then to gradInput's.
std::vector<double> reference(const Spec& sp, const Bits& b, const std::vector<double>& grad) {
  std::vector<double> gi(static_cast<size_t>(sp.n() * sp.c() * sp.h() * sp.w()), 0.0);
  for (int64_t nc = 0; nc < sp.n() * sp.c(); ++nc)
    for (int64_t tap = 0; tap < sp.taps(); ++tap)
      for (int64_t pos = 0; pos < sp.positions(); ++pos) {
        if (!b.at(sp, nc, tap, pos) || !sp.real_tap(pos, tap)) continue;
        const int64_t hh = sp.tap_h(pos / sp.wo(), tap / sp.k[1]), ww = sp.tap_w(pos % sp.wo(), tap % sp.k[1]);
        gi[static_cast<size_t>((nc * sp.h() + hh) * sp.w() + ww)] +=
            round_to(sp.compute(), grad[static_cast<size_t>(nc * sp.positions() + pos)]);
      }
  for (double& v : gi) v = round_to(case_dtype(sp.dtype), round_to(sp.compute(), v));
  return gi;
}

// The repository's oracle for a forward mask (one real tap per window), rounded the same way.
std::vector<double> oracle_result(const Spec& sp, const std::vector<int64_t>& argmax, const std::vector<double>& grad) {
  std::vector<double> g(grad.size());
  for (size_t i = 0; i < g.size(); ++i) g[i] = round_to(sp.compute(), grad[i]);
  auto ref = oracle::max_pool3d_backward(g, argmax, sp.n() * sp.c(), {1, sp.h(), sp.w()}, {1, sp.ho(), sp.wo()});
  for (double& v : ref.grad_input) v = round_to(case_dtype(sp.dtype), round_to(sp.compute(), v));
  return ref.grad_input;
}

// Emulator knobs and faults of a call, and the mask view's offset in bytes into its allocation.
struct Knobs {
  int32_t cores = 0;
  int64_t ub = 0;
  const char* faults = "";
  int64_t mask_offset = 0;
};

struct Outcome {
  aclnnStatus plan = -1, run = -1;
  std::vector<double> grad_input;
  pcEmuLaunchInfo info{};
  std::string error;
};

Outcome call(const Spec& sp, const std::vector<double>& grad, const std::vector<uint8_t>& mask, Knobs kn = {}) {
  static aclrtStream stream = nullptr;
  if (!stream) {
    aclInit(nullptr);
    aclrtSetDevice(0);
    aclrtCreateStream(&stream);
  }
  pcEmuSetPlatform(sp.soc.c_str());
  pcEmuSetKnobs(kn.cores, kn.ub);
  pcEmuSetFaults(kn.faults);
  aclrtCtxSetSysParamOpt(ACL_OPT_DETERMINISTIC, 0);
  Outcome o;
  const TensorDesc go{.shape = sp.grad_shape(), .dtype = sp.dtype, .format = ACL_FORMAT_NCHW};
  const TensorDesc self{.shape = sp.x, .dtype = sp.dtype, .format = ACL_FORMAT_NCHW};
  const TensorDesc idx{
      .shape = sp.mask_shape(), .dtype = ACL_INT8, .format = ACL_FORMAT_NCHW, .offset = kn.mask_offset};
  DeviceTensor go_t(go, encode_values(grad, sp.dtype)), self_t(self), idx_t(idx, mask), gi_t(self);
  IntArray k({sp.k[0], sp.k[1]}), s({sp.s[0], sp.s[1]}), p({sp.p[0], sp.p[1]}), d({1, 1});
  uint64_t ws = 0;
  aclOpExecutor* ex = nullptr;
  o.plan = aclnnMaxPool2dWithMaskBackwardGetWorkspaceSize(go_t.get(), self_t.get(), idx_t.get(), k.get(), s.get(),
                                                          p.get(), d.get(), sp.ceil, gi_t.get(), &ws, &ex);
  if (o.plan == kOk) {
    void* w = nullptr;
    if (ws > 0) aclrtMalloc(&w, ws, ACL_MEM_MALLOC_HUGE_FIRST);
    o.run = aclnnMaxPool2dWithMaskBackward(w, ws, ex, stream);
    if (w) aclrtFree(w);
    pcEmuLastLaunch(&o.info);
    o.grad_input = decode_values(gi_t.read_bytes(), sp.dtype);
  }
  if (o.plan != kOk || o.run != kOk) o.error = aclGetRecentErrMsg();
  pcEmuSetFaults("");
  pcEmuSetKnobs(0, 0);
  EXPECT_EQ(pcEmuGuardsIntact(), 1);
  return o;
}

// Inputs exact in the compute dtype (uniform, or from {0, 1, 2} for many ties) and gradients in multiples of 1/2.
struct Data {
  std::vector<double> x, grad;
};
Data make_data(const Spec& sp, uint64_t seed, bool ties = false) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> u(-8.0, 8.0);
  std::uniform_int_distribution<int> small(0, 2), half(-4, 4);
  Data d;
  d.x.resize(static_cast<size_t>(element_count(sp.x)));
  for (double& v : d.x) v = round_to(sp.compute(), round_to(case_dtype(sp.dtype), ties ? small(rng) : u(rng)));
  d.grad.resize(static_cast<size_t>(element_count(sp.grad_shape())));
  for (double& v : d.grad) v = half(rng) * 0.5;
  return d;
}

std::string label(const Spec& sp) {
  std::string x;
  for (int64_t v : sp.x) x += (x.empty() ? "" : ",") + std::to_string(v);
  return sp.soc + " x=[" + x + "] k=" + std::to_string(sp.k[0]) + "x" + std::to_string(sp.k[1]) +
         " s=" + std::to_string(sp.s[0]) + "," + std::to_string(sp.s[1]) + " p=" + std::to_string(sp.p[0]) + "," +
         std::to_string(sp.p[1]) + " ceil=" + std::to_string(sp.ceil) + " dtype=" + std::to_string(sp.dtype);
}

Spec make(const char* soc, std::vector<int64_t> x, std::array<int64_t, 2> k, std::array<int64_t, 2> s,
          std::array<int64_t, 2> p = {0, 0}, bool ceil = false, aclDataType dt = ACL_FLOAT) {
  Spec sp;
  sp.soc = soc;
  sp.x = std::move(x);
  sp.k = k;
  sp.s = s;
  sp.p = p;
  sp.ceil = ceil;
  sp.dtype = dt;
  return sp;
}

// The training series (every window, both dtypes) and 1x1 kernels on A2 and A3 (every dtype): two C1 blocks,
// several 16-position mask blocks, overlap with padding, ceilMode, CHW, 1x1 with stride and with padding-only
// windows.
std::vector<Spec> v1_cases() {
  std::vector<Spec> v;
  for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16}) {
    v.push_back(make("Ascend910", {2, 3, 6, 7}, {2, 2}, {2, 2}, {0, 0}, false, dt));
    v.push_back(make("Ascend910", {1, 17, 5, 5}, {3, 3}, {1, 1}, {1, 1}, false, dt));
    v.push_back(make("Ascend910", {3, 7, 8}, {2, 2}, {2, 2}, {1, 1}, true, dt));
    v.push_back(make("Ascend910", {1, 2, 12, 13}, {2, 3}, {1, 1}, {0, 1}, false, dt));
    v.push_back(make("Ascend910", {1, 3, 5, 5}, {1, 1}, {2, 2}, {0, 0}, false, dt));
  }
  for (const char* soc : {"Ascend910B", "Ascend910_93"})
    for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
      v.push_back(make(soc, {2, 20, 5, 6}, {1, 1}, {1, 1}, {0, 0}, false, dt));
      v.push_back(make(soc, {1, 3, 5, 5}, {1, 1}, {2, 2}, {0, 0}, true, dt));
      v.push_back(make(soc, {3, 4, 4}, {1, 1}, {1, 1}, {1, 1}, false, dt));  // a ring of padding-only windows
    }
  return v;
}

// The result equals the scalar reference bit for bit, and the oracle's where one real tap per window lets it
// answer; the route, its strategy and its block split are the V1 kernel's.
TEST(MaxPool2dWithMaskBackwardV1, ForwardMasksMatchTheReferenceAndTheOracle) {
  for (const Spec& sp : v1_cases()) {
    const Data d = make_data(sp, 7);
    std::vector<int64_t> argmax;
    const Bits b = forward_bits(sp, d.x, &argmax);
    const Outcome o = call(sp, d.grad, encode_mask(sp, b));
    ASSERT_EQ(o.plan, kOk) << label(sp) << ": " << o.error;
    ASSERT_EQ(o.run, kOk) << label(sp) << ": " << o.error;
    EXPECT_EQ(o.grad_input, reference(sp, b, d.grad)) << label(sp);
    if (!argmax.empty()) {
      EXPECT_EQ(o.grad_input, oracle_result(sp, argmax, d.grad)) << label(sp);
    }
    EXPECT_STREQ(o.info.opType, kV1) << label(sp);
    EXPECT_STREQ(o.info.strategy, "V1Plane") << label(sp);
    EXPECT_EQ(o.info.tilingKey, 1u) << label(sp);
    EXPECT_EQ(o.info.blockDim, std::min<int64_t>(sp.n() * sp.c1(), sp.soc == "Ascend910" ? 32 : 48)) << label(sp);
    EXPECT_EQ(o.info.atomicAdds, 0) << label(sp);
  }
}

// Ties (a 1x1 window has none): the forward keeps the first tap only; a mask with every tied tap set gives each
// of them the gradient. Each result is the reference of its own bits and not of the other's.
TEST(MaxPool2dWithMaskBackwardV1, EverySetBitAddsItsGradientTiesIncluded) {
  for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16}) {
    const Spec sp = make("Ascend910", {1, 2, 5, 5}, {2, 2}, {1, 1}, {1, 1}, false, dt);
    const std::string soc = label(sp);
    const Data d = make_data(sp, 9, true);
    const Bits first = forward_bits(sp, d.x);
    Bits all = first;
    for (int64_t nc = 0; nc < sp.n() * sp.c(); ++nc)  // every tap equal to the window's max
      for (int64_t pos = 0; pos < sp.positions(); ++pos) {
        double best = -1e300;
        for (int pass = 0; pass < 2; ++pass)
          for (int64_t tap = 0; tap < sp.taps(); ++tap) {
            if (!sp.real_tap(pos, tap)) continue;
            const double v = d.x[static_cast<size_t>((nc * sp.h() + sp.tap_h(pos / sp.wo(), tap / sp.k[1])) * sp.w() +
                                                     sp.tap_w(pos % sp.wo(), tap % sp.k[1]))];
            if (pass == 0) best = std::max(best, v);
            if (pass == 1 && v == best) all(sp, nc, tap, pos) = 1;
          }
      }
    ASSERT_NE(all.on, first.on) << soc << ": the data has no tie";
    const Outcome a = call(sp, d.grad, encode_mask(sp, first)), b = call(sp, d.grad, encode_mask(sp, all));
    ASSERT_EQ(a.run, kOk) << a.error;
    ASSERT_EQ(b.run, kOk) << b.error;
    EXPECT_EQ(a.grad_input, reference(sp, first, d.grad)) << soc;
    EXPECT_EQ(b.grad_input, reference(sp, all, d.grad)) << soc;
    EXPECT_NE(b.grad_input, reference(sp, first, d.grad)) << soc << ": the tied taps' extra bits were not added";
  }
}

// The bytes the layout ignores (tail positions, the extra block, lanes of channels past C, bytes past
// N*C1*K*(G+1)*32) and bits on padding taps change nothing: garbage there gives the canonical result.
TEST(MaxPool2dWithMaskBackwardV1, IgnoredBytesAndPaddingTapBitsChangeNothing) {
  for (const Spec& sp : {make("Ascend910", {1, 3, 5, 5}, {3, 3}, {2, 2}, {1, 1}, true, ACL_FLOAT16),
                         make("Ascend910B", {2, 17, 4, 4}, {1, 1}, {1, 1}, {1, 1})}) {
    const Data d = make_data(sp, 13);
    const Bits b = forward_bits(sp, d.x);
    const Outcome clean = call(sp, d.grad, encode_mask(sp, b)), noisy = call(sp, d.grad, encode_mask(sp, b, true));
    ASSERT_EQ(noisy.run, kOk) << noisy.error;
    EXPECT_EQ(noisy.grad_input, clean.grad_input) << label(sp);
    EXPECT_EQ(noisy.grad_input, reference(sp, b, d.grad)) << label(sp);
  }
}

// Control of the comparison: one bit moved to another real tap of its window is a valid mask whose result is
// its own reference and no longer the original's (the bitwise comparison fires).
TEST(MaxPool2dWithMaskBackwardV1, ComparisonControlAMovedBitFailsTheComparison) {
  const Spec sp = make("Ascend910", {1, 2, 4, 4}, {2, 2}, {2, 2});
  Data d = make_data(sp, 3);
  d.grad.assign(d.grad.size(), 1.0);
  const Bits b = forward_bits(sp, d.x);
  Bits moved = b;
  const int64_t from = b.at(sp, 0, 0, 0) ? 0 : (b.at(sp, 0, 1, 0) ? 1 : (b.at(sp, 0, 2, 0) ? 2 : 3));
  moved(sp, 0, from, 0) = 0;
  moved(sp, 0, (from + 1) % 4, 0) = 1;
  const Outcome o = call(sp, d.grad, encode_mask(sp, moved));
  ASSERT_EQ(o.run, kOk) << o.error;
  EXPECT_EQ(o.grad_input, reference(sp, moved, d.grad));
  EXPECT_NE(o.grad_input, reference(sp, b, d.grad));
}

// Control with an emulator fault: wrong_tap puts each gradient one column off; the comparison must fire.
TEST(MaxPool2dWithMaskBackwardV1, FaultControlWrongTapFailsTheComparison) {
  for (const Spec& sp :
       {make("Ascend910", {1, 2, 4, 6}, {2, 2}, {2, 2}), make("Ascend910B", {1, 2, 3, 4}, {1, 1}, {1, 1})}) {
    Data d = make_data(sp, 5);
    d.grad.assign(d.grad.size(), 1.0);
    const Bits b = forward_bits(sp, d.x);
    const Outcome o = call(sp, d.grad, encode_mask(sp, b), {.faults = "wrong_tap"});
    ASSERT_EQ(o.run, kOk) << o.error;
    EXPECT_NE(o.grad_input, reference(sp, b, d.grad)) << label(sp);
  }
}

// FLOAT on the training series is computed in FLOAT16 (the document's note, GetCastDtypeForMask): a gradient
// that FLOAT16 cannot hold arrives rounded to it; on A2/A3 FLOAT stays FLOAT. Non-overlapping windows, so each
// input gets at most one gradient (docs/tolerance.md's bitwise row, here against the FLOAT16-rounded value).
TEST(MaxPool2dWithMaskBackwardV1, FloatOnTheTrainingSeriesIsComputedInFloat16) {
  for (const char* soc : {"Ascend910", "Ascend910B"}) {
    Spec sp = make(soc, {1, 1, 4, 4}, {2, 2}, {2, 2});
    if (std::string(soc) != "Ascend910") sp.k = {1, 1};
    const Data d = make_data(sp, 1);
    std::vector<double> grad(d.grad.size());
    for (size_t i = 0; i < grad.size(); ++i) grad[i] = 0.1 * static_cast<double>(i + 1);
    const Bits b = forward_bits(sp, d.x);
    const Outcome o = call(sp, grad, encode_mask(sp, b));
    ASSERT_EQ(o.run, kOk) << o.error;
    EXPECT_EQ(o.grad_input, reference(sp, b, grad)) << soc;
    Spec as_fp32 = sp;
    as_fp32.soc = "Ascend910B";  // the same bits computed in FLOAT
    const bool narrowed = reference(as_fp32, b, grad) != reference(sp, b, grad);
    EXPECT_EQ(narrowed, std::string(soc) == "Ascend910") << soc;
  }
}

// Row passes: a UB too small for the whole plane makes the tiling take rows per pass (key 2, "V1Rows"), with the
// same result; one too small for a row takes pieces of a row (as the TBE kernel's cut_w templates cut W), with the
// same result again; several cores split the planes; a UB without room for one column fails the tiling (561002).
TEST(MaxPool2dWithMaskBackwardV1, RowPassesAndCoreSplitKeepTheResult) {
  const Spec sp = make("Ascend910", {2, 20, 9, 10}, {3, 3}, {2, 2}, {1, 1}, true, ACL_FLOAT16);
  const Data d = make_data(sp, 21);
  const Bits b = forward_bits(sp, d.x);
  const auto want = reference(sp, b, d.grad);
  const Outcome whole = call(sp, d.grad, encode_mask(sp, b));
  ASSERT_EQ(whole.run, kOk) << whole.error;
  EXPECT_EQ(whole.grad_input, want);
  EXPECT_EQ(whole.info.blockDim, 4);  // N*C1 = 2*2 planes
  const Outcome rows = call(sp, d.grad, encode_mask(sp, b), {.cores = 3, .ub = 4096});
  ASSERT_EQ(rows.run, kOk) << rows.error;
  EXPECT_EQ(rows.grad_input, want);
  EXPECT_STREQ(rows.info.strategy, "V1Rows");
  EXPECT_EQ(rows.info.tilingKey, 2u);
  EXPECT_EQ(rows.info.blockDim, 3);
  EXPECT_LE(rows.info.ubHighWater, 4096);
  const Outcome pieces = call(sp, d.grad, encode_mask(sp, b), {.ub = 256});
  ASSERT_EQ(pieces.run, kOk) << pieces.error;
  EXPECT_EQ(pieces.grad_input, want);
  EXPECT_STREQ(pieces.info.strategy, "V1Rows");
  EXPECT_LE(pieces.info.ubHighWater, 256);
  const Outcome none = call(sp, d.grad, encode_mask(sp, b), {.ub = 128});
  EXPECT_EQ(none.plan, kTiling) << none.error;
}

// A mask view three bytes into its allocation is read where it starts (in place: the kernel reads bytes, so no
// alignment asks for a copy). The control: offset_ignored reads from the allocation's start and the comparison
// fires.
TEST(MaxPool2dWithMaskBackwardV1, AMaskViewsOffsetIsHonoured) {
  const Spec sp = make("Ascend910", {1, 2, 6, 6}, {3, 3}, {2, 2}, {1, 1});
  const Data d = make_data(sp, 17);
  const Bits b = forward_bits(sp, d.x);
  const auto want = reference(sp, b, d.grad);
  const Outcome o = call(sp, d.grad, encode_mask(sp, b), {.mask_offset = 3});
  ASSERT_EQ(o.run, kOk) << o.error;
  EXPECT_EQ(o.grad_input, want);
  const Outcome f = call(sp, d.grad, encode_mask(sp, b), {.faults = "offset_ignored", .mask_offset = 3});
  ASSERT_EQ(f.run, kOk) << f.error;
  EXPECT_NE(f.grad_input, want);
}

// docs/mask-layout.md's worked examples, byte for byte.
std::vector<double> values_of(std::initializer_list<double> v) { return std::vector<double>(v); }

TEST(MaxPool2dWithMaskBackwardV1, TheLayoutDocsWorkedExamples) {
  // 1: the aclnn document's call on the training series; its 32 bytes of 0xFF, and the forward's own bytes.
  const Spec ex1 = make("Ascend910", {1, 1, 4, 3}, {2, 2}, {2, 2});
  std::vector<double> want1(12, 0.0);
  want1[0] = round_to(DType::F16, 0.4757);
  want1[6] = round_to(DType::F16, 0.1726);
  std::vector<uint8_t> doc(256, 0), fwd(256, 0x5A);
  std::fill_n(doc.begin(), 32, 0xFF);
  for (int tap = 0; tap < 4; ++tap) std::fill_n(fwd.begin() + 64 * tap, 32, 0x00);
  std::fill_n(fwd.begin(), 4, 0xFF);
  for (const auto& mask : {doc, fwd}) {
    const Outcome o = call(ex1, values_of({0.4757, 0.1726}), mask);
    ASSERT_EQ(o.run, kOk) << o.error;
    EXPECT_EQ(o.grad_input, want1);
  }
  // 2: a tie and padding; then tap 1 of (p1, c0) set too.
  const Spec ex2 = make("Ascend910", {1, 2, 1, 3}, {1, 2}, {1, 1}, {0, 1}, false, ACL_FLOAT16);
  std::vector<uint8_t> m2(256, 0);
  m2[2] = 0x01;
  m2[4] = m2[6] = m2[64] = 0x03;
  m2[66] = 0x02;
  const auto g2 = values_of({1, 2, 3, 4, 10, 20, 30, 40});
  Outcome o2 = call(ex2, g2, m2);
  ASSERT_EQ(o2.run, kOk) << o2.error;
  EXPECT_EQ(o2.grad_input, values_of({3, 3, 4, 10, 50, 40}));
  m2[66] = 0x03;
  o2 = call(ex2, g2, m2);
  EXPECT_EQ(o2.grad_input, values_of({3, 5, 4, 10, 50, 40}));
  // 3: a 1x1 kernel on A2 with 17 channels; clearing byte 70 bit 0 drops channel 16's gradient at (2, 2).
  const Spec ex3 = make("Ascend910B", {1, 17, 3, 3}, {1, 1}, {2, 2});
  std::vector<uint8_t> m3(1088, 0x5A);
  std::fill_n(m3.begin(), 32, 0xFF);
  std::fill_n(m3.begin() + 64, 32, 0xFF);
  std::vector<double> g3(17 * 4), want3(17 * 9, 0.0);
  for (int64_t c = 0; c < 17; ++c)
    for (int64_t q = 0; q < 4; ++q) {
      g3[static_cast<size_t>(c * 4 + q)] = static_cast<double>(c * 4 + q + 1);
      want3[static_cast<size_t>(c * 9 + (q / 2) * 6 + (q % 2) * 2)] = static_cast<double>(c * 4 + q + 1);
    }
  Outcome o3 = call(ex3, g3, m3);
  ASSERT_EQ(o3.run, kOk) << o3.error;
  EXPECT_EQ(o3.grad_input, want3);
  m3[70] = 0xFE;
  o3 = call(ex3, g3, m3);
  want3[16 * 9 + 8] = 0.0;
  EXPECT_EQ(o3.grad_input, want3);
}

// The op_api's Cast and TransData around the kernel are device work, counted in stagingBytes: gradOutput and
// gradInput each cast (read in self's dtype, written in the compute dtype, or back) where the dtypes differ, and
// TransData'd (the NCHW elements on one side, the 16-lane 5HD planes with their zero lanes on the other). 17
// channels make two C1 planes, 15 lanes of the second one padding. Control: the same count without the Casts
// must not match the FLOAT call on the training series (computed in FLOAT16), so the check tells them apart.
TEST(MaxPool2dWithMaskBackwardV1, CastAndTransDataCountAsDeviceTraffic) {
  const int64_t c = 17, c1 = 2, positions = 5 * 5;  // 5x5 input, 3x3 windows, stride 1, padding 1: 5x5 output
  const auto staging = [&](int64_t self_bytes, int64_t compute_bytes) {
    const int64_t elems = c * positions, lanes = c1 * 16 * positions;
    const int64_t cast = self_bytes == compute_bytes ? 0 : elems * (self_bytes + compute_bytes);
    return 2 * (cast + (elems + lanes) * compute_bytes);  // gradOutput in, gradInput out: same sizes here
  };
  struct Row {
    const char* soc;
    aclDataType dtype;
    int64_t self_bytes, compute_bytes;
    std::array<int64_t, 2> k;
  };
  for (const Row& r : {Row{"Ascend910", ACL_FLOAT, 4, 2, {3, 3}}, Row{"Ascend910", ACL_FLOAT16, 2, 2, {3, 3}},
                       Row{"Ascend910B", ACL_FLOAT, 4, 4, {1, 1}}, Row{"Ascend910B", ACL_BF16, 2, 4, {1, 1}}}) {
    Spec sp = make(r.soc, {1, c, 5, 5}, r.k, {1, 1},
                   r.k[0] == 3 ? std::array<int64_t, 2>{1, 1} : std::array<int64_t, 2>{0, 0}, false, r.dtype);
    const Data d = make_data(sp, 7);
    const Outcome o = call(sp, d.grad, encode_mask(sp, forward_bits(sp, d.x)));
    ASSERT_EQ(o.run, kOk) << o.error << " " << label(sp);
    EXPECT_STREQ(o.info.opType, "MaxPoolGradWithArgmaxV1") << label(sp);
    EXPECT_EQ(o.info.stagingBytes, staging(r.self_bytes, r.compute_bytes)) << label(sp);
    if (r.self_bytes != r.compute_bytes) {  // the control: leaving the Casts out gives another count
      EXPECT_NE(o.info.stagingBytes, staging(r.compute_bytes, r.compute_bytes)) << label(sp);
    }
  }
}

}  // namespace
}  // namespace poolcheck::maxpool2d_mask_test
