// aclnnMaxPool2dWithIndicesBackward and aclnnMaxPool2dWithMaskBackward through the public C API: results
// against the 3-D oracle with D = 1 (exact-sum data, so the comparison is bitwise), every documented failure
// with a passing twin that differs only in the violated parameter, and the documents' own call examples.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "aclnnop/aclnn_max_pool2d_with_indices_backward.h"
#include "case/numeric.h"
#include "oracle/maxpool3d_grad.h"
#include "poolcheck_emu/emu.h"
#include "tests/support/device_tensor.h"

namespace poolcheck::maxpool2d_test {
namespace {

using test_support::case_dtype;
using test_support::decode_values;
using test_support::DeviceTensor;
using test_support::element_count;
using test_support::encode_indices;
using test_support::encode_values;
using test_support::IntArray;
using test_support::TensorDesc;

using GetWs = aclnnStatus (*)(const aclTensor*, const aclTensor*, const aclTensor*, const aclIntArray*,
                              const aclIntArray*, const aclIntArray*, const aclIntArray*, bool, aclTensor*, uint64_t*,
                              aclOpExecutor**);
using Exec = aclnnStatus (*)(void*, uint64_t, aclOpExecutor*, aclrtStream);

struct Api {
  GetWs get_ws;
  Exec exec;
};
const Api kIndices{aclnnMaxPool2dWithIndicesBackwardGetWorkspaceSize, aclnnMaxPool2dWithIndicesBackward};
const Api kMask{aclnnMaxPool2dWithMaskBackwardGetWorkspaceSize, aclnnMaxPool2dWithMaskBackward};

constexpr aclnnStatus kOk = 0, kNull = 161001, kInvalid = 161002, kNoKernel = 561003;

// One 2-D call as the client writes it: self's shape (CHW or NCHW) and the int lists as given.
struct Spec {
  std::string soc = "Ascend910B";
  std::vector<int64_t> x{1, 1, 4, 4};
  std::vector<int64_t> k{2, 2}, s{2, 2}, p{0, 0}, d{1, 1};
  bool ceil = false;
  aclDataType dtype = ACL_FLOAT, index_dtype = ACL_INT32;
  bool mask = false;  // the Mask entry: an INT8 mask holding the INT32 argmax values at its start

  bool rank4() const { return x.size() == 4; }
  int64_t n() const { return rank4() ? x[0] : 1; }
  int64_t c() const { return x[x.size() - 3]; }
  int64_t h() const { return x[x.size() - 2]; }
  int64_t w() const { return x[x.size() - 1]; }
  static std::array<int64_t, 2> hw(const std::vector<int64_t>& v, std::array<int64_t, 2> if_empty) {
    if (v.empty()) return if_empty;
    return v.size() == 1 ? std::array<int64_t, 2>{v[0], v[0]} : std::array<int64_t, 2>{v[0], v[1]};
  }
  oracle::Pool3dParams params() const {
    const auto kk = hw(k, {}), ss = hw(s, kk), pp = hw(p, {}), dd = hw(d, {});
    return {{1, kk[0], kk[1]}, {1, ss[0], ss[1]}, {0, pp[0], pp[1]}, {1, dd[0], dd[1]}, ceil};
  }
  std::array<int64_t, 3> out() const {
    const auto o = oracle::pooled_dims({1, h(), w()}, params());
    return o ? *o : std::array<int64_t, 3>{1, 1, 1};
  }
  std::vector<int64_t> grad_shape() const {
    const auto o = out();
    return rank4() ? std::vector<int64_t>{n(), c(), o[1], o[2]} : std::vector<int64_t>{c(), o[1], o[2]};
  }
  std::vector<int64_t> mask_shape() const {
    const auto o = out();
    const auto kk = hw(k, {});
    const int64_t width = ((o[1] * o[2] + 15) / 16 + 1) * 32;
    return rank4() ? std::vector<int64_t>{n(), c(), kk[0] * kk[1], width}
                   : std::vector<int64_t>{c(), kk[0] * kk[1], width};
  }
};

// The tensors and lists of one call; a failure test edits one field of the valid call (a tensor's `offset` is
// its view's offset in elements: the data starts this far into its allocation).
struct CallSpec {
  TensorDesc go, self, idx, gi;
  std::vector<int64_t> k, s, p, d;
  bool ceil = false;
  bool null_self = false, null_indices = false;
};

CallSpec call_spec(const Spec& sp) {
  CallSpec c;
  c.go = {.shape = sp.grad_shape(), .dtype = sp.dtype, .format = ACL_FORMAT_NCHW};
  c.self = {.shape = sp.x, .dtype = sp.dtype, .format = ACL_FORMAT_NCHW};
  c.idx = {.shape = sp.mask ? sp.mask_shape() : sp.grad_shape(),
           .dtype = sp.mask ? ACL_INT8 : sp.index_dtype,
           .format = ACL_FORMAT_NCHW};
  c.gi = {.shape = sp.x, .dtype = sp.dtype, .format = ACL_FORMAT_NCHW};
  c.k = sp.k;
  c.s = sp.s;
  c.p = sp.p;
  c.d = sp.d;
  c.ceil = sp.ceil;
  return c;
}

void setup(const std::string& soc) {
  static aclrtStream stream = nullptr;
  if (!stream) {
    aclInit(nullptr);
    aclrtSetDevice(0);
    aclrtCreateStream(&stream);
  }
  pcEmuSetPlatform(soc.c_str());
  pcEmuSetKnobs(0, 0);
  pcEmuSetInt32IndexLimit(0);
  pcEmuSetFaults("");
  aclrtCtxSetSysParamOpt(ACL_OPT_DETERMINISTIC, 0);
}

struct Outcome {
  aclnnStatus plan = -1, run = -1;
  std::vector<uint8_t> grad_input;
  std::string error;
};

// Runs the call (execute too when `execute` and the first phase passed) on the bytes given per tensor.
Outcome call(const Api& api, const std::string& soc, const CallSpec& c, const std::vector<uint8_t>& go_bytes,
             const std::vector<uint8_t>& idx_bytes, bool execute) {
  setup(soc);
  Outcome o;
  DeviceTensor go(c.go, go_bytes), self(c.self), idx(c.idx, idx_bytes), gi(c.gi);
  IntArray k(c.k), s(c.s), p(c.p), d(c.d);
  uint64_t ws = 0;
  aclOpExecutor* ex = nullptr;
  o.plan = api.get_ws(go.get(), c.null_self ? nullptr : self.get(), c.null_indices ? nullptr : idx.get(), k.get(),
                      s.get(), p.get(), d.get(), c.ceil, gi.get(), &ws, &ex);
  if (o.plan != kOk) o.error = aclGetRecentErrMsg();
  if (o.plan == kOk && execute) {
    void* w = nullptr;
    if (ws > 0) aclrtMalloc(&w, ws, ACL_MEM_MALLOC_HUGE_FIRST);
    o.run = api.exec(w, ws, ex, nullptr);
    if (o.run != kOk) o.error = aclGetRecentErrMsg();
    if (w) aclrtFree(w);
    o.grad_input = gi.read_bytes();
  } else if (ex) {
    aclDestroyAclOpExecutor(ex);
  }
  EXPECT_EQ(pcEmuGuardsIntact(), 1);
  return o;
}

aclnnStatus plan_status(const Api& api, const std::string& soc, const CallSpec& c) {
  return call(api, soc, c, {}, {}, false).plan;
}

// Host data of a call: x is random in the dtype, the indices are the oracle forward's argmax, the gradients
// multiples of 1/2, so every sum is exact and the expectation is bitwise.
struct Data {
  std::vector<double> grad;
  std::vector<int64_t> idx;
};

Data make_data(const Spec& sp, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> u(-8.0, 8.0);
  std::uniform_int_distribution<int> half(-4, 4);
  std::vector<double> x(static_cast<size_t>(element_count(sp.x)));
  for (double& v : x) v = round_to(case_dtype(sp.dtype), u(rng));
  const auto fwd = oracle::max_pool3d_forward(x, sp.n() * sp.c(), {1, sp.h(), sp.w()}, sp.params());
  Data d;
  d.idx = fwd.indices;
  d.grad.resize(d.idx.size());
  for (double& v : d.grad) v = half(rng) * 0.5;
  return d;
}

std::vector<double> oracle_result(const Spec& sp, const Data& d) {
  const auto ref = oracle::max_pool3d_backward(d.grad, d.idx, sp.n() * sp.c(), {1, sp.h(), sp.w()}, sp.out());
  std::vector<double> v(ref.grad_input.size());
  for (size_t i = 0; i < v.size(); ++i) v[i] = round_to(case_dtype(sp.dtype), ref.grad_input[i]);
  return v;
}

// The mask as the A2/A3 forward leaves it: the INT32 argmax values at its start, then bytes nobody wrote
// (0x5A here, so a kernel reading past the argmax would see garbage).
std::vector<uint8_t> mask_bytes(const Spec& sp, const std::vector<int64_t>& idx) {
  std::vector<uint8_t> out(static_cast<size_t>(element_count(sp.mask_shape())), 0x5A);
  const auto argmax = encode_indices(idx, ACL_INT32);
  std::copy(argmax.begin(), argmax.end(), out.begin());  // no memcpy: an empty argmax has a null data()
  return out;
}

Outcome run(const Api& api, const Spec& sp, const Data& d, int64_t mask_offset = 0) {
  CallSpec c = call_spec(sp);
  c.idx.offset = mask_offset;
  return call(api, sp.soc, c, encode_values(d.grad, sp.dtype),
              sp.mask ? mask_bytes(sp, d.idx) : encode_indices(d.idx, sp.index_dtype), true);
}

std::string label(const Spec& sp) {
  auto list = [](const std::vector<int64_t>& v) {
    std::string s;
    for (int64_t x : v) s += (s.empty() ? "" : ",") + std::to_string(x);
    return "[" + s + "]";
  };
  return sp.soc + " x=" + list(sp.x) + " k=" + list(sp.k) + " s=" + list(sp.s) + " p=" + list(sp.p) +
         " d=" + list(sp.d) + " ceil=" + std::to_string(sp.ceil) + " dtype=" + std::to_string(sp.dtype) +
         " index=" + std::to_string(sp.index_dtype);
}

// The result equals the oracle's bit for bit.
void expect_matches_oracle(const Api& api, const Spec& sp, uint64_t seed = 7, int64_t mask_offset = 0) {
  const Data d = make_data(sp, seed);
  const Outcome o = run(api, sp, d, mask_offset);
  ASSERT_EQ(o.plan, kOk) << label(sp) << ": " << o.error;
  ASSERT_EQ(o.run, kOk) << label(sp) << ": " << o.error;
  EXPECT_EQ(decode_values(o.grad_input, sp.dtype), oracle_result(sp, d)) << label(sp);
}

// Control of the comparison: one index moved to another tap of its window is still a valid call, and the
// result no longer equals the oracle's for the original indices (the bitwise comparison fires).
void expect_a_moved_index_fails_the_comparison(const Api& api, const Spec& sp) {
  Data d = make_data(sp, 3);
  d.grad.assign(d.grad.size(), 1.0);
  const std::vector<double> want = oracle_result(sp, d);
  // Window (0, 0) covers in-plane positions 0, 1, 4, 5: pick a tap other than the argmax.
  d.idx[0] = d.idx[0] == 5 ? 0 : 5;
  const Outcome o = run(api, sp, d);
  ASSERT_EQ(o.run, kOk) << o.error;
  EXPECT_NE(decode_values(o.grad_input, sp.dtype), want);
}

// Overlapping windows with padding: the kernels' atomics / read-modify-write.
Spec overlapping(Spec sp) {
  sp.x = {2, 3, 7, 9};
  sp.k = {3, 3};
  sp.s = {2, 1};
  sp.p = {1, 1};
  return sp;
}

// Numerical cases of the Indices entry on A2/A3 (FLOAT, INT32 only): ranks, list lengths, padding, ceilMode,
// overlapping windows.
std::vector<Spec> a2_cases() {
  std::vector<Spec> v;
  Spec base;
  v.push_back(base);  // NCHW, 2x2 windows, no overlap
  Spec chw = base;    // CHW: N = 1
  chw.x = {3, 5, 6};
  v.push_back(chw);
  const Spec overlap = overlapping(base);
  v.push_back(overlap);
  Spec ceil = base;  // ceilMode: a last window hanging over the edge
  ceil.x = {1, 2, 7, 8};
  ceil.k = {3, 2};
  ceil.s = {2, 3};
  ceil.ceil = true;
  v.push_back(ceil);
  Spec lists = base;  // kernel of one value, stride empty, padding one value
  lists.x = {2, 2, 9, 7};
  lists.k = {3};
  lists.s = {};
  lists.p = {1};
  lists.d = {1};
  v.push_back(lists);
  Spec wide_pad = base;  // padding above kernelSize/2 (the document allows it)
  wide_pad.x = {1, 2, 8, 8};
  wide_pad.k = {3, 3};
  wide_pad.s = {2, 2};
  wide_pad.p = {2, 2};
  v.push_back(wide_pad);
  Spec a3 = overlap;
  a3.soc = "Ascend910_93";
  v.push_back(a3);
  return v;
}

TEST(MaxPool2dWithIndicesBackward, A2AndA3MatchTheOracle) {
  for (const Spec& sp : a2_cases()) expect_matches_oracle(kIndices, sp);
}

// Ascend 950: each dtype and index type the document lists, dilation, both ranks.
TEST(MaxPool2dWithIndicesBackward, Ascend950MatchesTheOracleInEveryDtype) {
  for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16})
    for (aclDataType it : {ACL_INT32, ACL_INT64}) {
      Spec sp;
      sp.soc = "Ascend950";
      sp.dtype = dt;
      sp.index_dtype = it;
      sp.x = {2, 3, 9, 11};
      sp.k = {3, 2};
      sp.s = {2, 1};
      sp.p = {1, 1};
      expect_matches_oracle(kIndices, sp);
      sp.x = {2, 10, 12};  // CHW
      sp.d = {2, 3};       // dilation (950 only)
      sp.ceil = true;
      expect_matches_oracle(kIndices, sp);
    }
}

TEST(MaxPool2dWithIndicesBackward, ComparisonControlAMovedIndexFailsTheOracleComparison) {
  Spec sp;
  sp.x = {1, 1, 4, 4};
  expect_a_moved_index_fails_the_comparison(kIndices, sp);
}

// The document's constraint: an index outside its window fails the execute phase (161002).
TEST(MaxPool2dWithIndicesBackward, AnIndexOutsideItsWindowFailsExecuteAndItsTwinRuns) {
  for (const char* soc : {"Ascend910B", "Ascend950"}) {
    Spec sp;
    sp.soc = soc;
    Data d = make_data(sp, 5);
    EXPECT_EQ(run(kIndices, sp, d).run, kOk) << soc;
    d.idx[0] = 15;  // in the plane, outside window (0, 0)
    EXPECT_EQ(run(kIndices, sp, d).run, kInvalid) << soc;
    d.idx[0] = -1;
    EXPECT_EQ(run(kIndices, sp, d).run, kInvalid) << soc;
  }
}

// One documented failure: `bad` edits the valid call of `sp` into the violation and must get `code`; the
// unedited twin passes the first phase.
struct Rule {
  const char* name;
  Spec sp;
  std::function<void(CallSpec&)> bad;
  aclnnStatus code;
};

void expect_rule(const Api& api, const Rule& r) {
  const CallSpec good = call_spec(r.sp);
  CallSpec bad = good;
  r.bad(bad);
  EXPECT_EQ(plan_status(api, r.sp.soc, good), kOk) << r.name << " (twin)";
  EXPECT_EQ(plan_status(api, r.sp.soc, bad), r.code) << r.name;
}

Spec on(const char* soc) {
  Spec sp;
  sp.soc = soc;
  return sp;
}

// The rules both entries document alike, each broken on the valid call of `a2` (an A2 call of the entry).
std::vector<Rule> shared_rules(const Spec& a2) {
  return {
      {"self nullptr", a2, [](CallSpec& c) { c.null_self = true; }, kNull},
      {"indices nullptr", a2, [](CallSpec& c) { c.null_indices = true; }, kNull},
      {"gradInput format differs", a2, [](CallSpec& c) { c.gi.format = ACL_FORMAT_ND; }, kInvalid},
      {"indices format differs", a2, [](CallSpec& c) { c.idx.format = ACL_FORMAT_ND; }, kInvalid},
      {"rank 5", a2,
       [](CallSpec& c) {
         for (TensorDesc* t : {&c.self, &c.go, &c.gi, &c.idx}) t->shape.insert(t->shape.begin(), 1);
       },
       kInvalid},
      {"gradInput shape differs from self", a2,
       [](CallSpec& c) {
         c.gi.shape = {1, 1, 4, 5};
       },
       kInvalid},
      {"kernelSize length 3", a2,
       [](CallSpec& c) {
         c.k = {2, 2, 2};
       },
       kInvalid},
      {"kernelSize value 0", a2,
       [](CallSpec& c) {
         c.k = {2, 0};
       },
       kInvalid},
      {"stride length 3", a2,
       [](CallSpec& c) {
         c.s = {2, 2, 2};
       },
       kInvalid},
      {"stride value 0", a2,
       [](CallSpec& c) {
         c.s = {0, 2};
       },
       kInvalid},
      {"padding length 3", a2,
       [](CallSpec& c) {
         c.p = {0, 0, 0};
       },
       kInvalid},
      {"padding value -1", a2,
       [](CallSpec& c) {
         c.p = {-1, 0};
       },
       kInvalid},
      {"padding above kernelSize", a2,
       [](CallSpec& c) {
         c.p = {0, 3};
       },
       kInvalid},
  };
}

// `rules` followed by `more`.
std::vector<Rule> joined(std::vector<Rule> rules, const std::vector<Rule>& more) {
  rules.insert(rules.end(), more.begin(), more.end());
  return rules;
}

std::vector<Rule> indices_rules() {
  const Spec a2 = on("Ascend910B"), r950 = on("Ascend950");
  return joined(
      shared_rules(a2),
      {
          {"self dtype FLOAT16 on A2", a2, [](CallSpec& c) { c.self.dtype = c.go.dtype = c.gi.dtype = ACL_FLOAT16; },
           kInvalid},
          {"self dtype INT32 on 950", r950, [](CallSpec& c) { c.self.dtype = c.go.dtype = c.gi.dtype = ACL_INT32; },
           kInvalid},
          {"gradOutput dtype differs", r950, [](CallSpec& c) { c.go.dtype = ACL_FLOAT16; }, kInvalid},
          {"gradInput dtype differs", r950, [](CallSpec& c) { c.gi.dtype = ACL_BF16; }, kInvalid},
          {"indices INT64 on A2", a2, [](CallSpec& c) { c.idx.dtype = ACL_INT64; }, kInvalid},
          {"indices INT8 on 950", r950, [](CallSpec& c) { c.idx.dtype = ACL_INT8; }, kInvalid},
          {"format NHWC on A2", a2,
           [](CallSpec& c) { c.self.format = c.go.format = c.gi.format = c.idx.format = ACL_FORMAT_NHWC; }, kInvalid},
          {"format NCDHW", a2,
           [](CallSpec& c) { c.self.format = c.go.format = c.gi.format = c.idx.format = ACL_FORMAT_NCDHW; }, kInvalid},
          {"indices shape differs from gradOutput", a2,
           [](CallSpec& c) {
             c.idx.shape = {1, 1, 2, 1};
           },
           kInvalid},
          {"gradOutput not the pooled size", a2,
           [](CallSpec& c) {
             c.go.shape = c.idx.shape = {1, 1, 3, 2};
           },
           kInvalid},
          {"kernelSize length 0", a2, [](CallSpec& c) { c.k = {}; }, kInvalid},
          {"padding length 0", a2, [](CallSpec& c) { c.p = {}; }, kInvalid},
          {"dilation 2 on A2", a2,
           [](CallSpec& c) {
             c.d = {2, 1};
           },
           kInvalid},
          {"dilation 0 on 950", r950,
           [](CallSpec& c) {
             c.d = {0, 1};
           },
           kInvalid},
          {"dilation length 3", r950,
           [](CallSpec& c) {
             c.d = {1, 1, 1};
           },
           kInvalid},
      });
}

TEST(MaxPool2dWithIndicesBackward, EveryDocumentedFailureHasItsCodeAndItsTwinPasses) {
  for (const Rule& r : indices_rules()) expect_rule(kIndices, r);
}

// Padding up to kernelSize passes (the document's bound), dilation above 1 passes on 950.
TEST(MaxPool2dWithIndicesBackward, TheDocumentsBoundsPass) {
  Spec sp;
  sp.x = {1, 1, 6, 6};
  sp.p = {2, 2};
  EXPECT_EQ(plan_status(kIndices, sp.soc, call_spec(sp)), kOk);
  sp = on("Ascend950");
  sp.x = {1, 2, 9, 9};
  sp.d = {3};
  EXPECT_EQ(plan_status(kIndices, sp.soc, call_spec(sp)), kOk);
}

// Platforms: exactly those of the document; NHWC on 950 is valid but has no emulated kernel (561003).
TEST(MaxPool2dWithIndicesBackward, PlatformsAreTheDocumentsAndNhwcOn950HasNoKernel) {
  for (const char* soc : {"Ascend310B", "Ascend310P", "Ascend910"})
    EXPECT_EQ(plan_status(kIndices, soc, call_spec(on(soc))), kInvalid) << soc;
  for (const char* soc : {"Ascend910B", "Ascend910_93", "Ascend950"})
    EXPECT_EQ(plan_status(kIndices, soc, call_spec(on(soc))), kOk) << soc;
  CallSpec nhwc = call_spec(on("Ascend950"));
  for (TensorDesc* t : {&nhwc.self, &nhwc.go, &nhwc.gi, &nhwc.idx}) t->format = ACL_FORMAT_NHWC;
  nhwc.self.shape = nhwc.gi.shape = {1, 4, 4, 3};  // N, H, W, C
  nhwc.go.shape = nhwc.idx.shape = {1, 2, 2, 3};
  EXPECT_EQ(plan_status(kIndices, "Ascend950", nhwc), kNoKernel);
  nhwc.go.shape = nhwc.idx.shape = {1, 2, 2, 4};  // NHWC's C is last: a C that differs is still a shape error
  EXPECT_EQ(plan_status(kIndices, "Ascend950", nhwc), kInvalid);
}

// The document's example: gradOutput 1x1x2x1, self 1x1x4x3, indices {0, 6}, 2x2 windows of stride 2.
Outcome call_doc_example(const Api& api, const std::vector<uint8_t>& idx_bytes, bool mask) {
  Spec sp;
  sp.x = {1, 1, 4, 3};
  sp.mask = mask;
  return call(api, sp.soc, call_spec(sp), encode_values({0.4757, 0.1726}, ACL_FLOAT), idx_bytes, true);
}

std::vector<double> run_doc_example(const Api& api, const std::vector<uint8_t>& idx_bytes, bool mask) {
  const Outcome o = call_doc_example(api, idx_bytes, mask);
  EXPECT_EQ(o.plan, kOk) << o.error;
  EXPECT_EQ(o.run, kOk) << o.error;
  return decode_values(o.grad_input, ACL_FLOAT);
}

std::vector<double> doc_example_result() {
  std::vector<double> want(12, 0.0);
  want[0] = round_to(DType::F32, 0.4757);
  want[6] = round_to(DType::F32, 0.1726);
  return want;
}

TEST(MaxPool2dWithIndicesBackward, TheDocumentsExampleRuns) {
  EXPECT_EQ(run_doc_example(kIndices, encode_indices({0, 6}, ACL_INT32), false), doc_example_result());
}

// --- aclnnMaxPool2dWithMaskBackward: A2/A3, kernels other than 1x1, the mask read as INT32 argmax values. ---

Spec mask_spec(const char* soc = "Ascend910B") {
  Spec sp = on(soc);
  sp.mask = true;
  return sp;
}

// Each dtype the document lists, both ranks, overlap with padding, ceilMode, short lists, A3.
std::vector<Spec> mask_cases() {
  std::vector<Spec> v;
  for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
    Spec sp = mask_spec();
    sp.dtype = dt;
    v.push_back(sp);
    const Spec overlap = overlapping(sp);
    v.push_back(overlap);
    Spec chw = sp;  // CHW, ceilMode, one-value lists and an empty stride
    chw.x = {3, 8, 7};
    chw.k = {2};
    chw.s = {};
    chw.p = {1};
    chw.d = {1};
    chw.ceil = true;
    v.push_back(chw);
    Spec a3 = overlap;
    a3.soc = "Ascend910_93";
    v.push_back(a3);
  }
  Spec many = mask_spec();  // Ho*Wo above one 16-output mask block
  many.x = {1, 2, 12, 13};
  many.k = {2, 3};
  many.s = {1, 1};
  v.push_back(many);
  return v;
}

TEST(MaxPool2dWithMaskBackward, A2AndA3MatchTheOracleInEveryDtype) {
  for (const Spec& sp : mask_cases()) expect_matches_oracle(kMask, sp);
}

// A mask view one byte into its allocation cannot be read as INT32 in place: it is copied first.
TEST(MaxPool2dWithMaskBackward, AMaskOffTheFourByteGridIsStagedAndMatches) {
  Spec sp = mask_spec();
  sp.x = {2, 2, 6, 6};
  sp.k = {3, 3};
  sp.s = {2, 2};
  sp.p = {1, 1};
  expect_matches_oracle(kMask, sp, 11, 1);
  expect_matches_oracle(kMask, sp, 11, 4);  // aligned again: read in place
}

TEST(MaxPool2dWithMaskBackward, ComparisonControlAMovedArgmaxFailsTheOracleComparison) {
  expect_a_moved_index_fails_the_comparison(kMask, mask_spec());
}

TEST(MaxPool2dWithMaskBackward, AnArgmaxOutsideItsWindowFailsExecuteAndItsTwinRuns) {
  Spec sp = mask_spec();
  Data d = make_data(sp, 5);
  EXPECT_EQ(run(kMask, sp, d).run, kOk);
  d.idx[0] = 15;
  EXPECT_EQ(run(kMask, sp, d).run, kInvalid);
}

std::vector<Rule> mask_rules() {
  const Spec a2 = mask_spec();
  return joined(
      shared_rules(a2),
      {
          {"self dtype INT32", a2, [](CallSpec& c) { c.self.dtype = c.go.dtype = c.gi.dtype = ACL_INT32; }, kInvalid},
          {"gradOutput dtype differs", a2, [](CallSpec& c) { c.go.dtype = ACL_FLOAT16; }, kInvalid},
          {"gradInput dtype differs", a2, [](CallSpec& c) { c.gi.dtype = ACL_BF16; }, kInvalid},
          {"indices INT32", a2, [](CallSpec& c) { c.idx.dtype = ACL_INT32; }, kInvalid},
          {"format NHWC", a2,
           [](CallSpec& c) { c.self.format = c.go.format = c.gi.format = c.idx.format = ACL_FORMAT_NHWC; }, kInvalid},
          {"mask width not the forward's", a2, [](CallSpec& c) { c.idx.shape[3] = 32; }, kInvalid},
          {"mask height not kH*kW", a2, [](CallSpec& c) { c.idx.shape[2] = 2; }, kInvalid},
          {"gradOutput not the pooled size", a2,
           [](CallSpec& c) {
             c.go.shape = {1, 1, 3, 2};
           },
           kInvalid},
          {"dilation 2", a2,
           [](CallSpec& c) {
             c.d = {2, 1};
           },
           kInvalid},
          {"dilation length 3", a2,
           [](CallSpec& c) {
             c.d = {1, 1, 1};
           },
           kInvalid},
      });
}

TEST(MaxPool2dWithMaskBackward, EveryDocumentedFailureHasItsCodeAndItsTwinPasses) {
  for (const Rule& r : mask_rules()) expect_rule(kMask, r);
}

// The document lists A2, A3 and the Atlas training series; 950 and the rest are refused (161002). The training
// series and a 1x1 kernel on A2/A3 run the bit-mask kernel MaxPoolGradWithArgmaxV1 (emulator_maxpool2d_mask_test
// checks its results); other kernels on A2/A3 run MaxPool3DGradWithArgmax.
TEST(MaxPool2dWithMaskBackward, PlatformsAreTheDocumentsAndEachCallTakesOpsNnsRoute) {
  auto planned_op = [](const Spec& sp) {
    EXPECT_EQ(plan_status(kMask, sp.soc, call_spec(sp)), kOk) << sp.soc;
    pcEmuLaunchInfo info{};
    pcEmuLastLaunch(&info);
    return std::string(info.opType);
  };
  for (const char* soc : {"Ascend950", "Ascend310B", "Ascend310P"})
    EXPECT_EQ(plan_status(kMask, soc, call_spec(mask_spec(soc))), kInvalid) << soc;
  for (const char* soc : {"Ascend910B", "Ascend910_93"})
    EXPECT_EQ(planned_op(mask_spec(soc)), "MaxPool3DGradWithArgmax");
  EXPECT_EQ(planned_op(mask_spec("Ascend910")), "MaxPoolGradWithArgmaxV1");
  Spec one = mask_spec();
  one.k = {1, 1};
  one.s = {1, 1};
  EXPECT_EQ(planned_op(one), "MaxPoolGradWithArgmaxV1");
  one.k = {1, 2};  // the twin: 1x2 is not 1x1
  EXPECT_EQ(planned_op(one), "MaxPool3DGradWithArgmax");
}

// The document's example: mask 1x1x4x64 for gradOutput 1x1x2x1. Holding the INT32 argmax {0, 6} at its start (as
// the A2/A3 forward writes it) it gives the Indices example's result. The example's own bytes (32 x 0xFF, a bit
// mask saying "top-left tap") read as INT32 are -1, -1: outside every window, so execute refuses them.
TEST(MaxPool2dWithMaskBackward, TheDocumentsExampleRunsWithTheForwardsLayout) {
  std::vector<uint8_t> mask(256, 0);
  const auto argmax = encode_indices({0, 6}, ACL_INT32);
  std::copy(argmax.begin(), argmax.end(), mask.begin());
  EXPECT_EQ(run_doc_example(kMask, mask, true), doc_example_result());
  std::vector<uint8_t> literal(256, 0);
  std::fill_n(literal.begin(), 32, 0xFF);
  const Outcome o = call_doc_example(kMask, literal, true);
  EXPECT_EQ(o.plan, kOk) << o.error;
  EXPECT_EQ(o.run, kInvalid);
}

}  // namespace
}  // namespace poolcheck::maxpool2d_test
