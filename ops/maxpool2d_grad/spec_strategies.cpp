// The tiling strategies aclnnMaxPool2dWithIndicesBackward's kernels report: the 3-D max-pool family's with a depth
// of one (CutK's whitelisted geometry has a depth kernel of 5, so a 2-D problem never takes it).
#include "ops/maxpool2d_grad/spec_internal.h"

namespace poolcheck::spec::maxpool2d_grad {

std::vector<StrategyNote> strategies() {
  const std::vector<std::string> a2{"Ascend910B", "Ascend910_93"};
  return {
      {Strategy::Normal,
       {0, 100},
       "The 3-D family's Normal template with D = 1: NC lanes with an output tile and its window region in the "
       "unified buffer; key 100 when overlapping windows are cut over cores or UB tiles and added into GM "
       "atomically.",
       a2},
      {Strategy::Scatter,
       {2, 102},
       "The 3-D family's Scatter template with D = 1, where Normal's smallest tile does not fit: every gradient "
       "stored at the input position its index names (key 2), read-add-write with overlapping windows (key 102).",
       a2},
      {Strategy::SIMD,
       {2049, 1, 1025},
       "The emulated library runs the 3-D family's arch35 SIMD kernel with D = 1 (gather by gradInput tile; keys "
       "as the 3-D entry point's). ops-nn runs MaxPoolGradWithArgmaxV3 here; the numbers are the same, the "
       "tiling is not stated.",
       {"Ascend950"}},
      {Strategy::SIMT,
       {257, 258},
       "The emulated library's catch-all on Ascend950, as for the 3-D entry point: one thread per gradInput "
       "element, int32 (257) or int64 (258) indexing.",
       {"Ascend950"}},
  };
}

}  // namespace poolcheck::spec::maxpool2d_grad
