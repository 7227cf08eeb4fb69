// Operator-independent read-only views of a Case (and small reshaping helpers) that the rule predicates and
// mutators of every spec share. Names are the documented parameter names; a missing or nullptr argument reads
// as nullptr.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <vector>

#include "case/case.h"
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

// Every tensor of `names` present with a valid descriptor and a rank in `ranks`, all ranks equal.
bool tensors_well_formed(const Case& c, const std::vector<std::string>& names, std::initializer_list<size_t> ranks);
// Some present tensor of `names` has a zero dim.
bool any_zero_dim(const Case& c, const std::vector<std::string>& names);

// Do the present tensors of `names` disagree on `attr`? False as soon as one fails `judgeable`: that is an
// earlier rule's violation, and the guard keeps violations() free of cascades.
template <class Attr, class Judgeable>
bool present_differ(const Case& c, const std::vector<std::string>& names, Attr attr, Judgeable judgeable) {
  std::optional<decltype(attr(TensorArg{}))> first;
  bool differ = false;
  for (const std::string& name : names) {
    const TensorArg* t = tensor(c, name);
    if (!t) continue;
    if (!judgeable(*t)) return false;
    if (first && *first != attr(*t)) differ = true;
    first = attr(*t);
  }
  return differ;
}

bool len_in(const IntArrayArg* a, std::initializer_list<size_t> lens);  // false when a is null
bool all_positive(const IntArrayArg& a);

// Give the tensor a new shape with contiguous strides and an exact allocation (offset kept).
void reshape(TensorArg& t, std::vector<int64_t> shape);
// The trailing `rank` dims of a shape, padded in front with 1s.
std::vector<int64_t> to_rank(const std::vector<int64_t>& shape, size_t rank);

// Platform-table lookups: the row of `soc` when it is listed and supported (else nullptr: the dtype rules can
// only be judged there), and whether a row lists a dtype.
const PlatformRow* supported_platform(const std::vector<PlatformRow>& rows, const std::string& soc);
bool dtype_listed(const PlatformRow& row, DType d);

}  // namespace poolcheck::spec
