// Builders for the tensor-view rules every operator shares (null out-parameters, malformed descriptors, views
// outside their allocation, self-overlapping outputs), and `cite`. A builder fills in the id, code, a default
// text, `violated` and `violate`, with in_docs = false; the operator adds citations (setting in_docs) and its
// chosen behaviour. The views they read are in spec/case_views.h.
#pragma once

#include <string>
#include <vector>

#include "spec/case_views.h"
#include "spec/spec.h"

namespace poolcheck::spec {

Citation cite(std::string seed, std::string section, std::string versions);

// 161001 when workspaceSize or executor is nullptr. Mutations: either or both null.
Rule out_params_rule(std::string id);
// 161002 when a present tensor of `tensors` has a malformed descriptor. Mutations: a negative dim or stride,
// one stride too many, a negative or huge offset, an element count of 2^64 (needs rank >= 2).
Rule descriptor_rule(std::string id, std::vector<std::string> tensors);
// 161002 when a well-formed view of `tensors` reaches past its allocation. Mutations: allocation one element
// short, sized in bytes instead of elements, or the view shifted by one.
Rule extent_rule(std::string id, std::vector<std::string> tensors);
// 161002 when the well-formed view of `output` maps two indices to one element; the text names `output`.
// Mutations: a broadcast dim, an outer stride one short, all strides 0, two dims sharing a stride (needs more
// than one element).
Rule overlap_rule(std::string id, std::string output);

}  // namespace poolcheck::spec
