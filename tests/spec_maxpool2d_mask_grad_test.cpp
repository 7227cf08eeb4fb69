// Unit tests of the aclnnMaxPool2dWithMaskBackward spec and its mask: valid base cases over its platforms, dtypes
// and list forms; the exactly-one-violation property of every rule's mutator with negative controls; the rule
// table; what its document sets apart from the Indices entry point's (INT8 mask of the forward's shape, the
// Atlas training series, no BFLOAT16 there, no Ascend950, dilation 1); and the mask's bytes against the worked
// examples of docs/mask-layout.md, with controls.
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "case/case.h"
#include "ops/maxpool2d_grad/spec.h"
#include "ops/maxpool2d_mask_grad/adapter_mask.h"
#include "ops/maxpool2d_mask_grad/family.h"
#include "ops/maxpool2d_mask_grad/spec.h"
#include "spec/spec.h"
#include "tests/spec_test_support.h"

namespace {

namespace mpm = poolcheck::spec::maxpool2d_mask_grad;
namespace mask = poolcheck::maxpool2d_mask_grad;
using poolcheck::Case;
using poolcheck::DType;
using poolcheck::Format;
using poolcheck::spec::OperatorSpec;

mpm::CaseParams params(const char* soc, DType dt, bool batched, int64_t n, int64_t c, std::array<int64_t, 2> in,
                       std::vector<int64_t> k, std::vector<int64_t> s, std::vector<int64_t> p, bool ceil,
                       Format fmt = Format::NCHW) {
  mpm::CaseParams mp;
  mp.soc = soc;
  mp.dtype = dt;
  mp.batched = batched;
  mp.n = n;
  mp.c = c;
  mp.in_dims = in;
  mp.kernel = std::move(k);
  mp.stride = std::move(s);
  mp.padding = std::move(p);
  mp.ceil_mode = ceil;
  mp.format = fmt;
  return mp;
}

std::vector<Case> base_cases() {
  const DType f32 = DType::F32, f16 = DType::F16, bf16 = DType::BF16;
  const std::vector<mpm::CaseParams> ps = {
      params("Ascend910", f32, true, 1, 1, {4, 3}, {2, 2}, {2, 2}, {0, 0}, false),  // the document's example
      params("Ascend910B", f32, true, 2, 3, {6, 7}, {3}, {2}, {1}, true),
      params("Ascend910B", bf16, false, 1, 4, {5, 5}, {2}, {}, {1}, true, Format::ND),
      params("Ascend910_93", f16, true, 1, 2, {7, 6}, {2, 3}, {3}, {2, 3}, false),  // padding == kernelSize
      params("Ascend910", f16, true, 2, 17, {5, 5}, {2}, {2}, {1}, true),
      params("Ascend910", f32, false, 1, 2, {6, 6}, {3}, {2}, {1}, true),
      params("Ascend910B", f32, true, 1, 3, {6, 8}, {1}, {2}, {0}, false),    // 1x1: the bit-mask route on A2
      params("Ascend910_93", bf16, true, 1, 1, {1, 1}, {4}, {3}, {1}, true),  // only ceil gives a window
      params("Ascend910", f32, true, 3, 5, {9, 4}, {3, 1}, {2, 1}, {1, 0}, false, Format::ND),
      params("Ascend910_93", f32, true, 2, 16, {8, 9}, {2, 3}, {1, 2}, {0}, true),
      params("Ascend910", f16, false, 1, 3, {4, 5}, {1}, {1}, {0}, false, Format::ND),
  };
  std::vector<Case> out;
  for (const auto& p : ps) out.push_back(mpm::make_case(p));
  Case strided = out[1];  // padded self rows and a strided mask with an offset
  strided.tensor_mut("self").strides = {100, 20, 10, 1};
  auto& m = strided.tensor_mut("indices");
  const auto dense = poolcheck::contiguous_strides(m.shape);
  m.strides = {dense[0] * 2, dense[1] * 2, dense[2] * 2, 1};
  m.offset = 5;
  out.push_back(strided);
  return out;
}

TEST(MaxPool2dMaskCaseBuilder, DocExampleShapes) {
  const Case c = base_cases()[0];
  EXPECT_EQ(c.op, "maxpool2d_mask_grad");
  EXPECT_EQ(c.tensor("self")->shape, (std::vector<int64_t>{1, 1, 4, 3}));
  EXPECT_EQ(c.tensor("gradOutput")->shape, (std::vector<int64_t>{1, 1, 2, 1}));
  // The document's example allocates [1, 1, 4, 64]: kH*kW taps, (ceil(2/16) + 1) * 32 bytes each.
  EXPECT_EQ(c.tensor("indices")->shape, (std::vector<int64_t>{1, 1, 4, 64}));
  EXPECT_EQ(c.tensor("indices")->dtype, DType::I8);
  const Case chw = base_cases()[5];  // CHW: [C, K, width]; 6x6 k3 s2 p1 ceil pools to 4x4: ceil(16/16) + 1 blocks
  EXPECT_EQ(chw.tensor("indices")->shape, (std::vector<int64_t>{2, 9, 64}));
  const Case wide = base_cases()[4];  // 3x3 = 9 positions: one block and the spare, 64 bytes
  EXPECT_EQ(wide.tensor("indices")->shape, (std::vector<int64_t>{2, 17, 4, 64}));
}

TEST(MaxPool2dMaskSpec, BaseCasesAreValid) {
  poolcheck::spec_test::expect_valid_bases(mpm::operator_spec(), base_cases());
}

TEST(MaxPool2dMaskSpec, EveryMutationViolatesExactlyItsRule) {
  poolcheck::spec_test::expect_exactly_one(mpm::operator_spec(), base_cases());
}

TEST(MaxPool2dMaskSpec, NegativeControlSilentRule) {
  poolcheck::spec_test::expect_broken_rule_caught(
      mpm::operator_spec(), "MPM.SHAPE.INDICES", [](const Case&) { return false; }, base_cases());
}

// The error row's reading of the indices shape (gradOutput's) in place of the mask's: every valid base is then
// flagged, which the base check must notice.
TEST(MaxPool2dMaskSpec, NegativeControlIndicesShapedAsGradOutput) {
  const auto as_grad_output = [](const Case& c) { return c.tensor("indices")->shape != c.tensor("gradOutput")->shape; };
  const OperatorSpec broken =
      poolcheck::spec_test::with_predicate(mpm::operator_spec(), "MPM.SHAPE.INDICES", as_grad_output);
  const auto res = poolcheck::spec_test::check_exactly_one(broken, base_cases());
  EXPECT_TRUE(poolcheck::spec_test::any_failure_mentions(res, "MPM.SHAPE.INDICES"))
      << "the broken shape went unnoticed";
}

TEST(MaxPool2dMaskSpec, RuleTableOrderCodesAndMetadata) {
  const OperatorSpec& spec = mpm::operator_spec();
  const std::vector<std::string> order = {
      "MPM.NULL.OUT_PARAMS",     "MPM.NULL.SELF_INDICES", "MPM.NULL.OTHER",      "MPM.TENSOR.DESCRIPTOR",
      "MPM.TENSOR.EXTENT",       "MPM.PLATFORM",          "MPM.DTYPE.SELF",      "MPM.DTYPE.SAME",
      "MPM.DTYPE.INDICES",       "MPM.FORMAT.SUPPORTED",  "MPM.FORMAT.SAME",     "MPM.RANK",
      "MPM.RANK.SAME",           "MPM.KERNEL.LEN",        "MPM.KERNEL.VALUE",    "MPM.STRIDE.LEN",
      "MPM.STRIDE.VALUE",        "MPM.PADDING.LEN",       "MPM.PADDING.VALUE",   "MPM.DILATION.LEN",
      "MPM.DILATION.VALUE",      "MPM.SHAPE.INDICES",     "MPM.SHAPE.GRADINPUT", "MPM.EMPTY",
      "MPM.SHAPE.BATCH_CHANNEL", "MPM.SHAPE.POOLED",      "MPM.OUTPUT.OVERLAP"};
  poolcheck::spec_test::expect_rule_table(spec, order, 3, {});
  EXPECT_EQ(spec.op, "maxpool2d_mask_grad");
  EXPECT_EQ(spec.aclnn_name, "aclnnMaxPool2dWithMaskBackward");
  EXPECT_EQ(spec.seeds, std::vector<std::string>{"006"});
}

TEST(MaxPool2dMaskSpec, PlatformsAndDiscrepancies) {
  const OperatorSpec& spec = mpm::operator_spec();
  for (const char* soc : {"Ascend910B", "Ascend910_93"}) {
    ASSERT_NE(spec.platform(soc), nullptr) << soc;
    EXPECT_EQ(spec.platform(soc)->dtypes, (std::vector<DType>{DType::F32, DType::F16, DType::BF16})) << soc;
    EXPECT_EQ(spec.platform(soc)->index_dtypes, std::vector<DType>{DType::I8}) << soc;
  }
  EXPECT_EQ(spec.platform("Ascend910")->dtypes, (std::vector<DType>{DType::F32, DType::F16}));
  for (const char* soc : {"Ascend950", "Ascend310B", "Ascend310P"}) EXPECT_FALSE(spec.platform(soc)->supported);
  const std::set<std::string> have = poolcheck::spec_test::expect_discrepancies(spec);
  for (const char* id : {"MPM.D.BF16_TRAINING", "MPM.D.INDICES_SHAPE", "MPM.D.MASK_CONTENT", "MPM.D.FP16_COMPUTE"})
    EXPECT_TRUE(have.count(id)) << id;
}

std::string first_rule(const Case& c) { return poolcheck::spec_test::first_rule(mpm::operator_spec(), c); }

TEST(MaxPool2dMaskSpec, WhatTheDocumentSetsApart) {
  Case bf16 = base_cases()[4];  // BFLOAT16 on the training series
  for (const char* t : {"self", "gradOutput", "gradInput"}) bf16.tensor_mut(t).dtype = DType::BF16;
  EXPECT_EQ(first_rule(bf16), "MPM.DTYPE.SELF");
  bf16.platform = "Ascend910B";
  EXPECT_EQ(first_rule(bf16), "success");
  Case on950 = base_cases()[1];
  on950.platform = "Ascend950";
  EXPECT_EQ(first_rule(on950), "MPM.PLATFORM");
  Case dil = base_cases()[1];
  dil.array_mut("dilation").values = {2};
  EXPECT_EQ(first_rule(dil), "MPM.DILATION.VALUE");
  Case idx32 = base_cases()[1];
  idx32.tensor_mut("indices").dtype = DType::I32;
  EXPECT_EQ(first_rule(idx32), "MPM.DTYPE.INDICES");
  Case nhwc = base_cases()[1];
  for (const char* t : {"self", "gradOutput", "indices", "gradInput"}) nhwc.tensor_mut(t).format = Format::NHWC;
  EXPECT_EQ(first_rule(nhwc), "MPM.FORMAT.SUPPORTED");
  // The Indices entry point's indices (gradOutput's shape, INT32) are no mask here, and the mask is none there.
  Case as_indices = mask::as_family_case(base_cases()[1]);
  as_indices.op = "maxpool2d_mask_grad";
  as_indices.tensor_mut("indices").dtype = DType::I8;
  EXPECT_EQ(first_rule(as_indices), "MPM.SHAPE.INDICES");
  EXPECT_EQ(poolcheck::spec_test::first_rule(poolcheck::spec::maxpool2d_grad::operator_spec(),
                                             mask::as_family_case(base_cases()[1])),
            "success");
}

TEST(MaxPool2dMaskLayout, RoutesAndWidths) {
  EXPECT_EQ(mask::mask_layout("Ascend910B", {2, 2}), mask::MaskLayout::Argmax32);
  EXPECT_EQ(mask::mask_layout("Ascend910_93", {1, 3}), mask::MaskLayout::Argmax32);
  EXPECT_EQ(mask::mask_layout("Ascend910B", {1, 1}), mask::MaskLayout::LaneBits);
  EXPECT_EQ(mask::mask_layout("Ascend910", {3, 3}), mask::MaskLayout::LaneBits);
  EXPECT_EQ(mask::mask_width(1, 1), 64);
  EXPECT_EQ(mask::mask_width(4, 4), 64);
  EXPECT_EQ(mask::mask_width(4, 5), 96);
  EXPECT_EQ(mask::mask_width(int64_t{1} << 40, int64_t{1} << 40), poolcheck::kInt64Max);  // overflow saturates
}

// Bytes as the INT8 tensor holds them.
std::vector<double> bytes(std::initializer_list<int> hex) {
  std::vector<double> out;
  for (int b : hex) out.push_back(static_cast<double>(static_cast<int8_t>(static_cast<uint8_t>(b))));
  return out;
}

std::vector<double> slice(const std::vector<double>& v, size_t from, size_t n) {
  return {v.begin() + static_cast<std::ptrdiff_t>(from), v.begin() + static_cast<std::ptrdiff_t>(from + n)};
}

// docs/mask-layout.md, worked example 2 (a tie and padding), as this encoder writes it: the forward's bits for the
// two channels, the zero-filled lanes 2..15 at each window's first tap inside the plane, and 0xA5 where the forward
// writes nothing (each tap row's spare block, the bytes past N*C1*K*(G+1)*32).
TEST(MaxPool2dMaskLayout, LaneBitsOfTheWorkedExample) {
  Case c = mpm::make_case(params("Ascend910", DType::F32, true, 1, 2, {1, 3}, {1, 2}, {1}, {0, 1}, false));
  const mask::MaskGeometry g = mask::mask_geometry(c);
  ASSERT_EQ(g.layout, mask::MaskLayout::LaneBits);
  ASSERT_EQ(c.tensor("indices")->shape, (std::vector<int64_t>{1, 2, 2, 64}));
  // Channel 0 = [5, 5, 3], channel 1 = [-1, 2, 2]: the first maximum of each window (ties to the first tap).
  const std::vector<double> argmax{0, 0, 1, 2, 0, 1, 1, 2};
  const std::vector<double> m = mask::encode_mask(g, argmax, 256);
  ASSERT_EQ(m.size(), 256u);
  EXPECT_EQ(slice(m, 0, 8), bytes({0x00, 0x00, 0xFD, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF}));
  EXPECT_EQ(slice(m, 8, 24), std::vector<double>(24, 0));
  EXPECT_EQ(slice(m, 32, 32), std::vector<double>(32, mask::kUnwritten));
  EXPECT_EQ(slice(m, 64, 8), bytes({0xFF, 0xFF, 0x02, 0x00, 0x00, 0x00, 0x00, 0x00}));
  EXPECT_EQ(slice(m, 96, 160), std::vector<double>(160, mask::kUnwritten));
  EXPECT_EQ(mask::decode_mask(g, m), argmax);
  // Control: channel 0's second window with both taps set (the doc's byte 66 = 03) is two taps, which the
  // family's reference cannot take: decoding must refuse it, naming the place.
  std::vector<double> two = m;
  two[66] = static_cast<double>(0x03);
  try {
    mask::decode_mask(g, two);
    ADD_FAILURE() << "two taps of one window decoded";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("channel 0 position 1 has 2 taps"), std::string::npos) << e.what();
  }
}

// docs/mask-layout.md, worked example 3: a 1x1 kernel, 17 channels. The forward writes 0xFFFF over every position
// of the G blocks; channel 16 lives in the second lane group.
TEST(MaxPool2dMaskLayout, OneByOneKernelSetsEveryLane) {
  Case c = mpm::make_case(params("Ascend910B", DType::F32, true, 1, 17, {3, 3}, {1}, {2}, {0}, false));
  const mask::MaskGeometry g = mask::mask_geometry(c);
  ASSERT_EQ(g.layout, mask::MaskLayout::LaneBits);
  std::vector<double> argmax;
  for (int64_t ch = 0; ch < 17; ++ch)
    for (double off : {0.0, 2.0, 6.0, 8.0}) argmax.push_back(off);
  const std::vector<double> m = mask::encode_mask(g, argmax, 1088);
  EXPECT_EQ(slice(m, 0, 32), std::vector<double>(32, -1));   // 0xFF
  EXPECT_EQ(slice(m, 64, 32), std::vector<double>(32, -1));  // channel 16's group
  EXPECT_EQ(slice(m, 32, 32), std::vector<double>(32, mask::kUnwritten));
  EXPECT_EQ(mask::decode_mask(g, m), argmax);
  // Control: clearing channel 16's bit at position 3 (byte 70, bit 0) leaves that window no tap.
  std::vector<double> cleared = m;
  cleared[70] = static_cast<double>(static_cast<int8_t>(0xFE));
  EXPECT_THROW(mask::decode_mask(g, cleared), std::invalid_argument);
}

// A2/A3 with a kernel other than 1x1: the INT32 argmax, little-endian, then bytes the forward leaves alone.
TEST(MaxPool2dMaskLayout, Argmax32IsLittleEndianInt32) {
  Case c = mpm::make_case(params("Ascend910B", DType::F32, true, 1, 1, {4, 4}, {2}, {2}, {0}, false));
  const mask::MaskGeometry g = mask::mask_geometry(c);
  ASSERT_EQ(g.layout, mask::MaskLayout::Argmax32);
  const std::vector<double> argmax{5, 7, 13, 258};
  const std::vector<double> m = mask::encode_mask(g, argmax, 4 * 64);
  EXPECT_EQ(slice(m, 0, 16), bytes({5, 0, 0, 0, 7, 0, 0, 0, 13, 0, 0, 0, 2, 1, 0, 0}));
  EXPECT_EQ(slice(m, 16, 8), std::vector<double>(8, mask::kUnwritten));
  EXPECT_EQ(mask::decode_mask(g, m), argmax);
  // Control: an argmax outside its window has no tap, so the lane-bit route cannot write it.
  c.platform = "Ascend910";
  EXPECT_THROW(mask::encode_mask(mask::mask_geometry(c), {5, 7, 13, 0}, 4 * 64), std::invalid_argument);
}

}  // namespace
