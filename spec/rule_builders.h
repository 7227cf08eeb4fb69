// Builders for the platform, dtype, format and shape rules the pooling specs share. A builder fills in the id,
// `violated` and `violate` (code 161002, GetWorkspaceSize, in_docs true); the operator adds citations, text and
// chosen behaviour, and may replace `violate` where its mutations differ. Predicates follow the guard
// convention of the specs: false when an earlier rule's input is missing or invalid.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "spec/case_views.h"
#include "spec/spec.h"

namespace poolcheck::spec {

// Functions, not pointers: an entry point whose rules are built from its document's facts passes closures.
using CaseTest = std::function<bool(const Case&)>;             // e.g. an operator's structure_ok
using RowOf = std::function<const PlatformRow*(const Case&)>;  // the row of a supported SoC, else nullptr
using FormatTest = std::function<bool(Format)>;

// Dtypes no pooling operator supports, in the order the dtype mutations pick them.
inline const std::vector<DType> kNonFloatDTypes{DType::F64, DType::I32, DType::I8,   DType::U8,
                                                DType::I16, DType::I64, DType::Bool, DType::Undefined};

// The tensors a mutation changes: names[choice % (n + 1)], or all n of them when that index is n.
std::vector<std::string> one_or_all(const std::vector<std::string>& names, uint64_t choice);

// --- null pointers, list lengths, ranks (rule_builders_args.cpp) ---

// 161001: some tensor of `names` is nullptr. Mutations: one_or_all(names) become nullptr.
Rule null_inputs_rule(std::string id, std::vector<std::string> names);
// 161001: some tensor of `tensors` or int array of `arrays` is nullptr. Mutations: the choice's one argument, the
// tensors first.
Rule null_arguments_rule(std::string id, std::vector<std::string> tensors, std::vector<std::string> arrays);
// The list is present and its length is not one of `lens`. Mutations: bad_lens[choice] copies of its first value
// (`fill` for an empty list), so only the length is wrong.
Rule list_length_rule(std::string id, std::string list, std::vector<size_t> lens, std::vector<size_t> bad_lens,
                      int64_t fill);
// Some present tensor of `names` has a rank outside `ranks`. Mutations: one_or_all(names) reshaped to a rank of
// bad_ranks (which moves with the visit).
Rule rank_rule(std::string id, std::vector<std::string> names, std::vector<size_t> ranks,
               std::vector<size_t> bad_ranks);
// All of `names` present with a rank of `ranks`, but not all the same. Mutations: names[choice] takes the other.
Rule same_rank_rule(std::string id, std::vector<std::string> names, std::array<size_t, 2> ranks);

// --- platform, dtypes, formats (rule_builders_types.cpp) ---

// `row_of` finds no supported row. Mutations: the SoC becomes socs[choice].
Rule platform_rule(std::string id, RowOf row_of, std::vector<std::string> socs);
// On a supported SoC (`row` not null), some present tensor of `names` has a dtype the row does not list.
bool dtype_unlisted(const Case& c, const PlatformRow* row, const std::vector<std::string>& names);
// dtype_unlisted on row_of(c). Mutations: one_or_all(names) get bad[choice].
Rule dtype_supported_rule(std::string id, std::vector<std::string> names, RowOf row_of, std::vector<DType> bad);
// On a supported SoC, the `indices` tensor's dtype is not among the row's index dtypes. Mutation classes: INT64
// (drawn on `int32_only`, the SoCs listing INT32 alone), a narrow integer, a floating type, bool or undefined.
Rule index_dtype_rule(std::string id, std::string indices, RowOf row_of, std::vector<std::string> int32_only);
// On a supported SoC with `reference` of a listed dtype, some present tensor of `others` has another dtype.
// Mutations: others[choice] takes another dtype.
Rule same_dtype_rule(std::string id, std::string reference, std::vector<std::string> others, RowOf row_of);
// Some present tensor of `names` has a format `supported` refuses. Mutations: one_or_all(names) get bad[choice].
Rule format_supported_rule(std::string id, std::vector<std::string> names, FormatTest supported,
                           std::vector<Format> bad);
// The present tensors of `names`, all supported, disagree on the format. Mutations: names[choice] swaps a and b.
Rule format_same_rule(std::string id, std::vector<std::string> names, FormatTest supported, Format a, Format b);

// --- shapes (rule_builders_shapes.cpp) ---

// Once `well_formed` holds, `subject`'s shape must equal `reference`'s. Mutations: one dim of `subject` grows by
// 1 or 2 (never to 0), with a contiguous layout.
Rule same_shape_rule(std::string id, std::string subject, std::string reference, CaseTest well_formed);

// The tensors a zero-dim mutation touches: all, the first name (gradOutput) only, or all but the first.
enum class ZeroTargets { kAll, kFirst, kRest };
struct ZeroDim {
  int dim;  // >= 0 counts from the front, < 0 from the back
  ZeroTargets targets;
};
// Once `well_formed` holds, no tensor of `checked` may have a zero dim. Mutations: variants[choice] sets one dim
// of its targets among `names` to 0, with a contiguous layout.
Rule zero_dim_rule(std::string id, std::vector<std::string> names, std::vector<std::string> checked,
                   CaseTest well_formed, std::vector<ZeroDim> variants);

// Once `well_formed` holds and no tensor of `checked` has a zero dim, the leading dims (all but the trailing
// `spatial`) of changed[0] must equal `reference`'s. Mutations: one leading dim of every tensor of `changed`
// becomes reference's + 1 or + 2, so tensors tied to changed[0] keep their own rule quiet.
Rule lead_dims_rule(std::string id, std::vector<std::string> changed, std::string reference,
                    std::vector<std::string> checked, CaseTest well_formed, size_t spatial);

}  // namespace poolcheck::spec
