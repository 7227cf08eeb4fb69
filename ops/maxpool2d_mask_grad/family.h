// aclnnMaxPool2dWithMaskBackward on its family: aclnnMaxPool2dWithIndicesBackward's problem, the same call on the
// same kernels, with the forward's argmax handed over as the INT8 "mask" aclnnMaxPool2dWithMask writes. The mask's
// shape is [N, C, kH*kW, (ceil(Ho*Wo/16)+1)*32] (CHW: without N) whatever its contents; what its bytes mean
// depends on the forward's route (docs/mask-layout.md):
//  - Argmax32 (Atlas A2/A3, a kernel other than 1x1): the first 4*N*C*Ho*Wo bytes are the INT32 argmax offsets
//    h*W + w, little-endian, dense in (N, C, Ho, Wo) order.
//  - LaneBits (the Atlas training series, and a 1x1 kernel on A2/A3): a UINT16 array [N][C1][K][G+1][16]
//    (C1 = ceil(C/16), K = kH*kW taps, G = ceil(Ho*Wo/16) blocks of 16 positions and one spare block): bit b of
//    the word of tap k and position p says that tap k of p receives channel c1*16+b's gradient.
// Bytes the forward never writes hold kUnwritten here, so a library that reads them is seen to.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "case/case.h"
#include "case/int_math.h"
#include "case/per_axis.h"
#include "ops/maxpool2d_mask_grad/view.h"

namespace poolcheck::maxpool2d_mask_grad {

using Dims2 = std::array<int64_t, 2>;

inline constexpr int64_t kPositionsPerBlock = 16;
inline constexpr int64_t kLanes = 16;       // channels per UINT16 word (C0)
inline constexpr int64_t kUnwritten = -91;  // 0xA5 as INT8: a byte the forward leaves as it was
inline constexpr const char* kFamilyOp = "maxpool2d_grad";

enum class MaskLayout : int8_t { Argmax32, LaneBits };

inline const char* mask_layout_name(MaskLayout l) { return l == MaskLayout::Argmax32 ? "argmax32" : "lanebits"; }

// The forward's route: MaxPool3DWithArgmaxV2's INT32 argmax on A2/A3 with a kernel other than 1x1, else
// MaxPoolWithArgmaxV1's lane bits.
inline MaskLayout mask_layout(const std::string& soc, const Dims2& kernel) {
  const bool a2 = soc == "Ascend910B" || soc == "Ascend910_93";
  return a2 && !(kernel[0] == 1 && kernel[1] == 1) ? MaskLayout::Argmax32 : MaskLayout::LaneBits;
}

// The route of a case whose kernelSize has one or two values; nullopt for any other.
inline std::optional<MaskLayout> mask_layout_of(const Case& c) {
  const auto k = per_axis<2>(c.array(kKernelSize));
  if (!k) return std::nullopt;
  return mask_layout(c.platform, *k);
}

// (ceil(Ho*Wo/16) + 1) * 32 bytes per tap row; INT64_MAX where that overflows (no tensor has it).
inline int64_t mask_width(int64_t ho, int64_t wo) {
  const auto positions = checked_mul(ho, wo);
  if (!positions) return kInt64Max;
  return saturating_mul(ceil_div(*positions, kPositionsPerBlock) + 1, 2 * kPositionsPerBlock);
}

// The mask's shape for this gradOutput (CHW or NCHW) and kernel (H, W).
inline std::vector<int64_t> mask_shape(const TensorArg& grad_output, const Dims2& kernel) {
  const auto& s = grad_output.shape;
  const size_t r = s.size();
  if (r != 3 && r != 4) return s;  // not a mask's rank: the rank rules judge it
  std::vector<int64_t> shape(s.begin(), s.end() - 2);
  shape.push_back(saturating_mul(kernel[0], kernel[1]));
  shape.push_back(mask_width(s[r - 2], s[r - 1]));
  return shape;
}

// The case's indices made a dense tensor of gradOutput's shape and format, of `dtype`.
inline TensorArg& dense_indices(Case& c, DType dtype) {
  TensorArg& idx = c.tensor_mut(kIndices);
  idx = *c.tensor(kGradOutput);
  idx.strides.clear();
  idx.offset = 0;
  idx.dtype = dtype;
  return idx;
}

// The family's case: indices an INT32 tensor of gradOutput's shape, dense.
inline Case as_family_case(const Case& mask_case) {
  Case c = mask_case;
  c.op = kFamilyOp;
  dense_indices(c, DType::I32);
  return c;
}

// The mask's case for a family case: indices the dense INT8 mask of its gradOutput and kernel.
inline Case as_mask_case(const Case& family_case, const std::string& op) {
  Case c = family_case;
  c.op = op;
  const auto k = per_axis<2>(c.array(kKernelSize));
  if (!k) throw std::logic_error(op + ": the family drew a case without a kernel of one or two values");
  TensorArg& idx = dense_indices(c, DType::I8);
  idx.shape = mask_shape(idx, *k);
  return c;
}

// What encoding and decoding need of a valid case.
struct MaskGeometry {
  int64_t n = 1, c = 1, h = 1, w = 1, ho = 1, wo = 1;
  Dims2 k{}, s{}, p{};
  MaskLayout layout = MaskLayout::Argmax32;

  int64_t taps() const { return k[0] * k[1]; }
  int64_t positions() const { return ho * wo; }
  int64_t blocks() const { return ceil_div(positions(), kPositionsPerBlock); }
  int64_t lane_groups() const { return ceil_div(c, kLanes); }
  // The UINT16 word of (n, channel group, tap, position).
  int64_t word(int64_t ni, int64_t group, int64_t tap, int64_t pos) const {
    return ((ni * lane_groups() + group) * taps() + tap) * (blocks() + 1) * kPositionsPerBlock + pos;
  }
  // The input offset h*W + w tap `tap` of position `pos` reads, or nullopt for a padding tap.
  std::optional<int64_t> tap_offset(int64_t pos, int64_t tap) const {
    const int64_t hi = (pos / wo) * s[0] - p[0] + tap / k[1];
    const int64_t wi = (pos % wo) * s[1] - p[1] + tap % k[1];
    if (hi < 0 || hi >= h || wi < 0 || wi >= w) return std::nullopt;
    return hi * w + wi;
  }
};

// The geometry of a case whose arguments are valid (the adapter sees no other).
inline MaskGeometry mask_geometry(const Case& c) {
  const View v(c);
  const auto k = per_axis<2>(v.kernel_size());
  const auto p = per_axis<2>(v.padding());
  if (!k || !p || !v.self() || !v.grad_output()) throw std::invalid_argument(c.op + ": no pooling geometry");
  const auto s = per_axis<2>(v.stride(), k);
  const auto& in = v.self()->shape;
  const auto& out = v.grad_output()->shape;
  const size_t r = in.size();
  if ((r != 3 && r != 4) || out.size() != r || !s) throw std::invalid_argument(c.op + ": no pooling geometry");
  MaskGeometry g;
  g.n = r == 4 ? in[0] : 1;
  g.c = in[r - 3];
  g.h = in[r - 2];
  g.w = in[r - 1];
  g.ho = out[r - 2];
  g.wo = out[r - 1];
  g.k = *k;
  g.s = *s;
  g.p = *p;
  g.layout = mask_layout(c.platform, *k);
  return g;
}

}  // namespace poolcheck::maxpool2d_mask_grad
