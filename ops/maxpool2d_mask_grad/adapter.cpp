// Runner adapter of aclnnMaxPool2dWithMaskBackward: the family's data (self, gradOutput, and the argmax of a
// forward max pooling over self) with the argmax written into the mask as the forward's route writes it, this
// entry point's own two-phase call, and the family's reference for the argmax the mask gives back.
#include <string>

#include "aclnnop/aclnn_max_pool2d_with_indices_backward.h"
#include "backend/backend.h"
#include "fmt/format.h"
#include "harness/op_adapter.h"
#include "ops/maxpool2d_mask_grad/adapter_mask.h"
#include "ops/maxpool2d_mask_grad/family.h"
#include "ops/maxpool2d_mask_grad/spec.h"

namespace poolcheck::maxpool2d_mask_grad {

namespace {

// A byte's value as the INT8 tensor holds it, and back.
double as_int8(uint8_t byte) { return static_cast<double>(static_cast<int8_t>(byte)); }
uint8_t byte_of(double value) { return static_cast<uint8_t>(static_cast<int8_t>(static_cast<int64_t>(value))); }

// The mask's UINT16 words while they are built: one integer per word instead of two doubles per byte (the encoder
// ORs one lane bit at a time, and went through a double round trip for each). Words that reach past the mask's
// last byte are dropped, and a word the forward never writes keeps its kUnwritten bytes, as before.
class MaskWords {
 public:
  explicit MaskWords(size_t mask_bytes)
      : words_(mask_bytes / 2, static_cast<uint16_t>(byte_of(kUnwritten) | (byte_of(kUnwritten) << 8))),
        written_(mask_bytes / 2, 0) {}
  void put(int64_t word, uint16_t bits) {
    if (word < 0 || static_cast<size_t>(word) >= words_.size()) return;
    words_[static_cast<size_t>(word)] = bits;
    written_[static_cast<size_t>(word)] = 1;
  }
  uint16_t at(int64_t word) const {
    if (word < 0 || static_cast<size_t>(word) >= words_.size()) return 0;
    return words_[static_cast<size_t>(word)];
  }
  // The written words' bytes as the INT8 tensor's values.
  void store(std::vector<double>& mask) const {
    for (size_t i = 0; i < words_.size(); ++i) {
      if (!written_[i]) continue;
      mask[2 * i] = as_int8(static_cast<uint8_t>(words_[i] & 0xffu));
      mask[2 * i + 1] = as_int8(static_cast<uint8_t>(words_[i] >> 8));
    }
  }

 private:
  std::vector<uint16_t> words_;
  std::vector<uint8_t> written_;
};

// The mask's words read back once (decode looks at every tap's word of every channel); a word past the last
// byte reads as 0.
std::vector<uint16_t> words_of(const std::vector<double>& mask) {
  std::vector<uint16_t> words(mask.size() / 2);
  for (size_t i = 0; i < words.size(); ++i)
    words[i] = static_cast<uint16_t>(byte_of(mask[2 * i]) | (byte_of(mask[2 * i + 1]) << 8));
  return words;
}

uint16_t word_in(const std::vector<uint16_t>& words, int64_t word) {
  return word < 0 || static_cast<size_t>(word) >= words.size() ? 0 : words[static_cast<size_t>(word)];
}

// The tap of `pos`'s window at input offset `offset`, or -1 when the offset is not in the window.
int64_t tap_of(const MaskGeometry& g, int64_t pos, int64_t offset) {
  for (int64_t t = 0; t < g.taps(); ++t)
    if (g.tap_offset(pos, t) == offset) return t;
  return -1;
}

// The first tap of `pos` inside the plane: the zero-filled channels past C take it (their max is 0 everywhere).
int64_t first_real_tap(const MaskGeometry& g, int64_t pos) {
  for (int64_t t = 0; t < g.taps(); ++t)
    if (g.tap_offset(pos, t)) return t;
  return 0;
}

void encode_lane_bits(const MaskGeometry& g, const std::vector<double>& argmax, std::vector<double>& mask) {
  MaskWords words(mask.size());
  const int64_t written = g.blocks() * kPositionsPerBlock;  // the forward writes G blocks of each tap row
  const uint16_t fill = g.taps() == 1 ? 0xffff : 0;         // a 1x1 kernel: every lane of every position
  for (int64_t n = 0; n < g.n; ++n)
    for (int64_t group = 0; group < g.lane_groups(); ++group)
      for (int64_t t = 0; t < g.taps(); ++t)
        for (int64_t pos = 0; pos < written; ++pos) words.put(g.word(n, group, t, pos), fill);
  if (g.taps() == 1) return words.store(mask);
  for (int64_t n = 0; n < g.n; ++n)
    for (int64_t ch = 0; ch < g.lane_groups() * kLanes; ++ch)
      for (int64_t pos = 0; pos < g.positions(); ++pos) {
        int64_t t = first_real_tap(g, pos);
        if (ch < g.c) {
          const auto offset = static_cast<int64_t>(argmax[static_cast<size_t>((n * g.c + ch) * g.positions() + pos)]);
          t = tap_of(g, pos, offset);
          if (t < 0)
            throw std::invalid_argument(
                fmt::format("mask: argmax {} of channel {} position {} is in no tap of its "
                            "window",
                            offset, ch, pos));
        }
        const int64_t w = g.word(n, ch / kLanes, t, pos);
        words.put(w, static_cast<uint16_t>(words.at(w) | (1u << (ch % kLanes))));
      }
  words.store(mask);
}

void encode_argmax32(const std::vector<double>& argmax, std::vector<double>& mask) {
  for (size_t i = 0; i < argmax.size() && 4 * i + 3 < mask.size(); ++i) {
    const auto v = static_cast<uint32_t>(static_cast<int32_t>(argmax[i]));
    for (size_t b = 0; b < 4; ++b) mask[4 * i + b] = as_int8(static_cast<uint8_t>(v >> (8 * b)));
  }
}

}  // namespace

std::vector<double> encode_mask(const MaskGeometry& g, const std::vector<double>& argmax, int64_t mask_bytes) {
  std::vector<double> mask(static_cast<size_t>(mask_bytes), static_cast<double>(kUnwritten));
  if (g.layout == MaskLayout::Argmax32)
    encode_argmax32(argmax, mask);
  else
    encode_lane_bits(g, argmax, mask);
  return mask;
}

std::vector<double> decode_mask(const MaskGeometry& g, const std::vector<double>& mask) {
  const int64_t count = g.n * g.c * g.positions();
  std::vector<double> argmax(static_cast<size_t>(count));
  const std::vector<uint16_t> words = g.layout == MaskLayout::Argmax32 ? std::vector<uint16_t>() : words_of(mask);
  for (int64_t i = 0; i < count; ++i) {
    if (g.layout == MaskLayout::Argmax32) {
      uint32_t v = 0;
      for (size_t b = 0; b < 4; ++b)
        if (4 * i + b < mask.size()) v |= static_cast<uint32_t>(byte_of(mask[4 * i + b])) << (8 * b);
      argmax[static_cast<size_t>(i)] = static_cast<double>(static_cast<int32_t>(v));
      continue;
    }
    const int64_t pos = i % g.positions(), ch = (i / g.positions()) % g.c, n = i / (g.positions() * g.c);
    int64_t found = 0, offset = 0;
    for (int64_t t = 0; t < g.taps(); ++t) {
      const auto at = g.tap_offset(pos, t);
      if (at && (word_in(words, g.word(n, ch / kLanes, t, pos)) >> (ch % kLanes) & 1u)) ++found, offset = *at;
    }
    if (found != 1)
      throw std::invalid_argument(
          fmt::format("mask: batch {} channel {} position {} has {} taps inside the plane "
                      "set; the family's reference takes exactly one",
                      n, ch, pos, found));
    argmax[static_cast<size_t>(i)] = static_cast<double>(offset);
  }
  return argmax;
}

namespace {

HostValues make_inputs(const Case& c) {
  HostValues v = maxpool2d_grad::adapter().make_inputs(as_family_case(c));
  const TensorArg& mask = *c.tensor(kIndices);
  v[kIndices] = encode_mask(mask_geometry(c), v.at(kIndices), element_count(mask.shape).value_or(0));
  return v;
}

// FLOAT on the Atlas training series is computed in FLOAT16 (the document's 约束说明): each gradient rounds to
// FLOAT16 before the FLOAT sum, and the sum rounds to FLOAT16 before it widens back.
bool computed_in_fp16(const Case& c) { return c.platform == "Ascend910" && c.tensor(kSelf)->dtype == DType::F32; }

// The inputs as the family's problem has them: the argmax the mask gives back in place of the mask.
HostValues problem_inputs(const Case& c, const HostValues& v) {
  HostValues family;  // every tensor but the mask, whose copy would be overwritten at once
  for (const auto& [name, values] : v)
    if (name != kIndices) family.emplace(name, values);
  family[kIndices] = decode_mask(mask_geometry(c), v.at(kIndices));
  return family;
}

OracleResult oracle_of(const Case& c, const HostValues& v) {
  // The family's reference scatters the gradients by the argmax and reads no value of self: it gets those two
  // alone (self, the largest input, is not copied for it).
  HostValues scattered;
  scattered.emplace(kGradOutput, v.at(kGradOutput));
  scattered.emplace(kIndices, decode_mask(mask_geometry(c), v.at(kIndices)));
  OracleResult r = maxpool2d_grad::adapter().oracle(as_family_case(c), scattered);
  if (computed_in_fp16(c)) {
    r.term_error.rel = 0x1p-11;
    r.term_error.abs = 0x1p-25;
    r.rounded_through = DType::F16;
  }
  return r;
}

aclnnStatus get_workspace_size(const Case& c, const ApiHandles& h, uint64_t* ws, aclOpExecutor** exec) {
  return backend::api().aclnnMaxPool2dWithMaskBackwardGetWorkspaceSize(
      h.tensors.at(kGradOutput), h.tensors.at(kSelf), h.tensors.at(kIndices), h.arrays.at(kKernelSize),
      h.arrays.at(kStride), h.arrays.at(kPadding), h.arrays.at(kDilation), View(c).ceil_mode(),
      h.tensors.at(kGradInput), ws, exec);
}

aclnnStatus execute(void* workspace, uint64_t bytes, aclOpExecutor* exec, void* stream) {
  return backend::api().aclnnMaxPool2dWithMaskBackward(workspace, bytes, exec, stream);
}

}  // namespace

const OpAdapter& adapter() {
  static const OpAdapter a = [] {
    const OpAdapter& fam = maxpool2d_grad::adapter();
    OpAdapter x{"maxpool2d_mask_grad",
                kGradInput,
                &spec::maxpool2d_mask_grad::operator_spec,
                make_inputs,
                get_workspace_size,
                execute,
                oracle_of,
                argument_names(),
                fam.ub_sizes};
    x.platform_ub_sizes = fam.platform_ub_sizes;  // the family's tiling takes the same UB sizes
    x.signature = fam.signature;                  // the same C parameters in the same order
    x.filled = {kGradOutput, kSelf};
    x.formats_by_rank = {{4, Format::NCHW}, {3, Format::ND}};
    x.atk_api_type = "ascend_method_torch_nn_MaxPool2dWithMaskBackward";
    x.problem_inputs = problem_inputs;
    // FLOAT computed in FLOAT16 must stay finite there.
    x.data_magnitude_limit = [](const Case& c) { return computed_in_fp16(c) ? 0x1p14 : 0x1p100; };
    return x;
  }();
  return a;
}

}  // namespace poolcheck::maxpool2d_mask_grad
