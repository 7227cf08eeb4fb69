// The average-pool family's generators, for either spatial rank: aclnnAvgPool2dBackward draws its (H, W) problems
// and aclnnAvgPool3dBackward its (D, H, W) ones through them. A rank-2 entry point draws exactly the sequence the
// 2-D generator always drew (seeds keep their cases); a rank-3 one draws the depth axis the same way as H and W.
#pragma once

#include <rapidcheck.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "case/case.h"
#include "generators/generators.h"
#include "spec/spec.h"

namespace poolcheck::gen::avg_family {

// One drawn problem, the lists in the form the API receives them.
struct Draw {
  std::string soc;
  DType dtype = DType::F32;
  bool batched = true;
  int64_t n = 1, c = 1;
  std::vector<int64_t> in_dims;  // one per spatial axis
  std::vector<int64_t> kernel, stride, padding;
  bool ceil_mode = false, count_include_pad = true;
  int64_t divisor_override = 0;
  int64_t cube_math_type = 0;  // the 2-D call's only
};

// What the family's generators need of an entry point.
struct Entry {
  std::string op;       // its table token: its spec's SoCs and dtypes, its emulator kernels
  size_t spatial_rank;  // 2 or 3
  // Its op_api has the 2-D shortcuts (global average, cube convolution) that the attributes choose, and the call
  // takes cubeMathType.
  bool cube_paths;
  std::vector<int64_t> ub_sizes;
  Case (*make_case)(const Draw&);
  const spec::OperatorSpec& (*spec)();
};

// An entry point's case parameters with the fields every one of them has, from a draw.
template <class Params>
Params case_params(const Draw& d) {
  Params p;
  p.soc = d.soc;
  p.dtype = d.dtype;
  p.batched = d.batched;
  p.n = d.n;
  p.c = d.c;
  std::copy(d.in_dims.begin(), d.in_dims.end(), p.in_dims.begin());
  p.kernel = d.kernel;
  p.stride = d.stride;
  p.padding = d.padding;
  p.ceil_mode = d.ceil_mode;
  p.count_include_pad = d.count_include_pad;
  p.divisor_override = d.divisor_override;
  return p;
}

rc::Gen<Case> valid(const GenConfig& cfg, const Entry& e);
std::vector<std::string> boundary_classes();
rc::Gen<Case> boundary(const GenConfig& cfg, const std::vector<std::string>& classes, const Entry& e);
// An ordinary vector-path case at a threshold of its tiling (generators/threshold.h).
std::vector<std::string> vector_pairs();
rc::Gen<Case> threshold(const GenConfig& cfg, const Entry& e);
std::vector<std::string> features();

}  // namespace poolcheck::gen::avg_family

namespace poolcheck::gen::avgpool2d_grad {

// aclnnAvgPool2dBackward as the family's rank-2 entry.
const avg_family::Entry& entry();

}  // namespace poolcheck::gen::avgpool2d_grad
