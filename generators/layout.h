// Non-contiguous views for generated tensors: a storage order (permutation), per-dim slack and a
// storage offset, giving a non-overlapping strided view over a larger allocation.
#pragma once

#include <rapidcheck.h>

#include "case/case.h"

namespace poolcheck::gen {

// What a layout must show: anything (contiguous half the time), a strided view, or a storage offset.
enum class LayoutDemand { kAny, kView, kOffset };

// Regenerates the strides/offset of `t` (shape unchanged).
rc::Gen<TensorArg> with_layout(TensorArg t, LayoutDemand demand = LayoutDemand::kAny);

}  // namespace poolcheck::gen
