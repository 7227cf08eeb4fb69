// The Case: one complete, serialisable call of an operator, as plain data. Everything downstream
// (spec, generators, runner, reports, fuzz corpora) speaks in Cases and their one-line descriptors.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "case/fill.h"
#include "case/uninitialised.h"

namespace poolcheck {

enum class DType : int8_t { F32, F16, BF16, F64, I8, U8, I16, I32, I64, Bool, Undefined };
enum class Format : int8_t { ND, NCHW, NHWC, NCDHW, NDHWC, NCL, NC1HWC0, FractalZ, NDC1HWC0, Undefined };

// One tensor argument. `present == false` means the call passes nullptr.
struct TensorArg {
  bool present = true;
  DType dtype = DType::F32;
  Format format = Format::ND;
  std::vector<int64_t> shape;    // view shape
  std::vector<int64_t> strides;  // element strides of the view; empty means contiguous
  int64_t offset = 0;            // storage offset in elements
  int64_t alloc_elems = -1;      // elements in the device allocation; -1 means exactly what the view reaches

  bool operator==(const TensorArg&) const = default;
};

// One aclIntArray argument. `present == false` means nullptr.
struct IntArrayArg {
  bool present = true;
  std::vector<int64_t> values;

  bool operator==(const IntArrayArg&) const = default;
};

struct Case {
  std::string op;        // registry name, e.g. "maxpool3d_grad"
  std::string platform;  // SoC name, e.g. "Ascend910B"

  // Arguments in API order. Names are the documented parameter names (gradOutput, self, ...).
  std::vector<std::pair<std::string, TensorArg>> tensors;
  std::vector<std::pair<std::string, IntArrayArg>> arrays;
  std::vector<std::pair<std::string, int64_t>> scalars;  // ceilMode, countIncludePad, divisorOverride, ...

  bool null_workspace_size = false;  // pass nullptr for uint64_t* workspaceSize
  bool null_executor = false;        // pass nullptr for aclOpExecutor**

  // Execution environment and tiling knobs.
  bool deterministic = false;
  int32_t cores = 0;     // vector cores; 0 = platform profile
  int64_t ub_bytes = 0;  // unified-buffer bytes per core; 0 = platform profile
  // The largest gradInput element count the tiling indexes with int32 (Ascend950's max pooling: above it the
  // int64 kernels run); 0 = the platform's (INT32_MAX). At most kMaxInt32IndexLimit.
  int64_t int32_index_limit = 0;

  // Data.
  uint64_t seed = 1;
  FillKind fill = FillKind::Normal;  // the case-wide fill (case/fill.h: a kind without parameters)
  // Tensors with a distribution of their own (`fill.<tensor>=uniform:-5:5`), by input tensor name.
  std::vector<std::pair<std::string, TensorFill>> tensor_fills;
  // Operator-specific data options by key, with word values (e.g. max pooling's idxfault); the operator's
  // typed view (ops/<token>/view.h) reads and writes them, and its ArgumentNames says which it accepts.
  std::vector<std::pair<std::string, std::string>> options;

  bool operator==(const Case&) const = default;

  // Lookup by name (nullptr / nullopt when missing). Operator code goes through its typed view instead.
  const TensorArg* tensor(const std::string& name) const;
  const IntArrayArg* array(const std::string& name) const;
  // The argument to change; a name the case lacks is a harness defect and throws std::logic_error naming it.
  TensorArg& tensor_mut(const std::string& name);
  IntArrayArg& array_mut(const std::string& name);
  std::optional<int64_t> scalar(const std::string& name) const;
  // The tensor's own fill, or nullptr when it takes the case-wide one.
  const TensorFill* tensor_fill(const std::string& name) const;
  // Sets a scalar, adding it when missing (a scalar is optional).
  void set_scalar(const std::string& name, int64_t value);
};

// The largest int32_index_limit: a higher one would let an int32 index overflow.
inline constexpr int64_t kMaxInt32IndexLimit = 2147483647;

// Element size in bytes; 0 for Undefined.
int64_t dtype_size(DType dt);
const char* dtype_name(DType dt);  // "f32", "f16", "bf16", "f64", "i8", "u8", "i16", "i32", "i64", "bool", "undef"
std::optional<DType> parse_dtype(const std::string& name);
const char* format_name(Format f);  // "ND", "NCHW", ...
std::optional<Format> parse_format(const std::string& name);

// The canonical form of a case: contiguous strides stored as "empty". Descriptors round-trip to it.
Case normalized(Case c);

// Row-major contiguous strides for a shape (a dim below 1 counts as 1), or nullopt where a stride would pass
// INT64_MAX: no wrapped stride ever reaches a backend.
std::optional<std::vector<int64_t>> checked_contiguous_strides(const std::vector<int64_t>& shape);
// The same for a shape whose strides fit; otherwise throws std::invalid_argument with
// contiguous_strides_overflow(shape).
std::vector<int64_t> contiguous_strides(const std::vector<int64_t>& shape);
// Why a shape has no contiguous strides: the shape, the rule, and what to write instead.
std::string contiguous_strides_overflow(const std::vector<int64_t>& shape);
// Whether `strides` are the shape's contiguous strides (never, where those pass INT64_MAX).
bool is_contiguous(const std::vector<int64_t>& shape, const std::vector<int64_t>& strides);
// Strides of the view, resolving "empty means contiguous" (throws as contiguous_strides does).
std::vector<int64_t> effective_strides(const TensorArg& t);
// Storage offsets (in elements) of the view's elements in dense row-major order; the view must be sized (its
// extent computable).
using ElementOffsets = Uninitialised<int64_t>;
ElementOffsets view_element_offsets(const TensorArg& t);
// Whether those offsets strictly rise (each element has bytes of its own, in address order), from the strides.
bool view_offsets_rise(const TensorArg& t);
// Product of the shape, or nullopt on negative dims or int64 overflow.
std::optional<int64_t> element_count(const std::vector<int64_t>& shape);
// Elements from the storage start that the view reaches: offset + 1 + sum((dim-1)*stride), or 0 for an
// empty view; nullopt on overflow, negative dims or negative strides.
std::optional<int64_t> view_extent_elems(const TensorArg& t);
// Elements to allocate: alloc_elems when set, else the view extent (at least 1).
int64_t allocation_elems(const TensorArg& t);

}  // namespace poolcheck
