// How vendor case files name an operator's arguments and dtypes, mapped onto the descriptor's: names compared
// without case and underscores ("kernel_size" is kernelSize), plus the operator's own foreign names ("Input").
#pragma once

#include <optional>
#include <string>

#include "case/case.h"
#include "harness/op_adapter.h"

namespace poolcheck::interop {

enum class ArgumentKind : int8_t { Tensor, IntArray, Scalar };

struct ArgumentRef {
  ArgumentKind kind;
  std::string name;  // the descriptor's name
};

// The operator argument a vendor name means, or nullopt.
std::optional<ArgumentRef> resolve_argument(const OpAdapter& op, const std::string& vendor_name);

// "fp32", "float32", "float", "fp16", "float16", "half", "bf16", "bfloat16", "int32", "int64", "fp64", "double"...
std::optional<DType> vendor_dtype(const std::string& word);
// The word ATK writes for a dtype ("fp32", "fp16", "bf16", "int32", ...), the first the table above lists for it.
std::string vendor_dtype_word(DType dt);

// A tensor as the operator's documented layout has it when the file gives no format (formats_by_rank).
TensorArg default_layout_tensor(const OpAdapter& op, DType dt, std::vector<int64_t> shape);

// Finishes a case read from a vendor file: adds the output it leaves implicit (a pooling backward's output has
// self's shape, dtype and format) and puts the arguments in API order. Returns "" or what is missing.
std::string complete_case(const OpAdapter& op, Case* c);

}  // namespace poolcheck::interop
