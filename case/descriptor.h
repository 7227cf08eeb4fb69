// The one-line case descriptor, in the spirit of oneDNN benchdnn problem descriptors:
//
//   op=maxpool3d_grad soc=Ascend910B gradOutput=f16:2x3x3x4x4 self=f16:2x3x6x7x8 indices=i32:2x3x3x4x4
//   gradInput=f16:2x3x6x7x8:st=1,2,3,4,5:off=3:alloc=999:fmt=NCDHW kernelSize=[3] stride=[2]
//   padding=[1] dilation=[1] ceilMode=1 det=1 cores=4 ub=65536 seed=17 fill=normal
//
// Tokens are separated by spaces: op, soc, the tensors, int arrays and scalars in API order, then
// the environment (nullws, nullexec, det, cores, ub, i32limit), the data (seed, fill) and the operator's data options
// as `key=word` (a word starts with a letter: letters, digits, '_' and '-'; e.g. max pooling's idxfault=oow).
// A tensor token is `name=DT:DIMS[:st=STRIDES][:off=N][:alloc=N][:fmt=F]` (DIMS like 2x3x4, `()` for
// a 0-d tensor) or `name=null`. An int array is `name=[v1,v2,...]`, `name=[]` when empty, or
// `name=null[]`. A scalar is `name=INT`. Defaults (contiguous strides, offset 0, exact allocation,
// ND format, no option, knobs 0, det 0) are omitted. The free-text values of op, soc and fill are
// written with each space, '%' and control character as %XX (a deliberately wrong SoC name may hold one).
// A tensor without `st=` is contiguous, so its contiguous strides must fit in int64: DIMS whose strides would
// pass INT64_MAX are refused (a wrapped stride never reaches a backend); with explicit strides any DIMS parse.
// parse(print(c)) == normalized(c) for every Case within the descriptor's ranges (cores 0..4096, ub >= 0,
// i32limit 0..2147483647, alloc_elems -1 or >= 0, representable contiguous strides).
#pragma once

#include <string>

#include "case/case.h"

namespace poolcheck {

std::string to_descriptor(const Case& c);

struct ParseResult {
  bool ok = false;
  Case value;
  std::string error;  // names the offending token when !ok
};
ParseResult parse_descriptor(const std::string& line);

// A line of a case list (`.case` files included): its descriptor and the comment after it, both trimmed. The comment
// starts at the first '#' that begins a token (a descriptor token is name=value and never does); a line that is all
// comment has an empty descriptor.
struct CaseLine {
  std::string descriptor;
  std::string comment;
};
CaseLine split_case_line(const std::string& line);

}  // namespace poolcheck
