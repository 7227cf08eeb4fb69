// Operator-independent pieces of the specs: null-safe argument lookups, tensor-view checks, and builders for
// the rules every operator shares (null out-parameters, malformed descriptors, views outside their
// allocation, self-overlapping outputs). A builder fills in the id, code, a default text, `violated` and
// `violate`, with in_docs = false; the operator adds citations (setting in_docs) and its chosen behaviour.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <string>
#include <vector>

#include "harness/case.h"
#include "spec/spec.h"

namespace poolcheck::spec {

// The argument, or nullptr when it is missing or passed as nullptr.
const TensorArg* tensor(const Case& c, const std::string& name);
const IntArrayArg* array(const Case& c, const std::string& name);

// dims >= 0, strides >= 0 with one per dim, offset >= 0, element count and view extent fit in int64.
bool descriptor_ok(const TensorArg& t);
bool has_zero_dim(const TensorArg& t);
// Sufficient non-overlap test on a valid descriptor: dims of size > 1 sorted by stride, each stride must
// reach past the span of the smaller-stride dims. True means two indices may alias.
bool may_overlap(const TensorArg& t);

bool len_in(const IntArrayArg* a, std::initializer_list<size_t> lens);  // false when a is null
bool all_positive(const IntArrayArg& a);

// Give the tensor a new shape with contiguous strides and an exact allocation (offset kept).
void reshape(TensorArg& t, std::vector<int64_t> shape);

Citation cite(std::string seed, std::string section, std::string versions);

// 161001 when workspaceSize or executor is nullptr. Mutations: either or both null.
Rule out_params_rule(std::string id);
// 161002 when a present tensor of `tensors` has a malformed descriptor. Mutations: a negative dim or stride,
// one stride too many, a negative or huge offset, an element count of 2^64 (needs rank >= 2).
Rule descriptor_rule(std::string id, std::vector<std::string> tensors);
// 161002 when a well-formed view of `tensors` reaches past its allocation. Mutations: allocation one element
// short, sized in bytes instead of elements, or the view shifted by one.
Rule extent_rule(std::string id, std::vector<std::string> tensors);
// 161002 when the well-formed view of `output` maps two indices to one element. Mutations: a broadcast dim,
// an outer stride one short, all strides 0, two dims sharing a stride (needs more than one element).
Rule overlap_rule(std::string id, std::string output);

}  // namespace poolcheck::spec
