// Non-contiguous views for generated tensors: a storage order (permutation), per-dim slack and a
// storage offset, giving a non-overlapping strided view over a larger allocation.
#pragma once

#include <rapidcheck.h>

#include "case/case.h"

namespace poolcheck::gen {

// Regenerates the strides/offset of `t` (shape unchanged): contiguous half the time.
rc::Gen<TensorArg> with_layout(TensorArg t);

}  // namespace poolcheck::gen
