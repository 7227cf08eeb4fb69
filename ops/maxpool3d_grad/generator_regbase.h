// Max pooling's valid cases on Ascend950 (the regbase SIMD and SIMT kernels): which SoC a case is drawn on,
// its index dtype, and the shape and knobs that steer the 950 tiling to each of its keys. Used by the ordinary
// and the boundary generator; off Ascend950 every step leaves the case as it is.
#pragma once

#include <string>
#include <vector>

#include "case/case.h"
#include "generators/generators.h"
#include "ops/maxpool3d_grad/spec.h"

namespace poolcheck::gen::maxpool_regbase {

// The 950 key a case is steered to; Free draws the UB size from the 950 list and leaves the choice to the tiling.
enum class Key : int8_t { Free, FullLoad, Aligned, CheckRange, Simt32, Simt64 };

// The SoC of a valid case: the target's, else one of the operator's kernel SoCs; when the int64-indices feature
// is asked for, one whose platform row lists INT64 indices.
std::string pick_soc(const GenConfig& cfg);

// On Ascend950: the index dtype (INT32 or INT64; INT64 for the int64-indices feature) and the key to steer to
// (from the target's strategy, SIMD or SIMT; without one, half the draws steered to any key when cfg varies the
// knobs, the others free), with the shape that key needs
// (aligned: no padding and no overlap; check-range: padding or overlap). `fixed_shape` keeps the shape (boundary
// cases); the key is then one the shape allows. Key::Free and nothing changed off Ascend950.
Key steer_shape(const GenConfig& cfg, bool fixed_shape, spec::maxpool3d_grad::CaseParams* p);

// The UB sizes a case draws its knob from (before steer_knobs): the 950 list on Ascend950, else `a2_sizes`.
std::vector<int64_t> ub_sizes(const std::string& soc, const std::vector<int64_t>& a2_sizes);

// On Ascend950: the UB size, core count and int32 index limit that make the tiling pick `key` for the case
// made from `p` (the UB model of the SIMD tiling: buffers for the gradInput tile in fp32 and the gradOutput and
// index windows that reach it, double-buffered, in the UB less its 2048-byte reserve).
void steer_knobs(const GenConfig& cfg, Key key, const spec::maxpool3d_grad::CaseParams& p, Case* c);

}  // namespace poolcheck::gen::maxpool_regbase
