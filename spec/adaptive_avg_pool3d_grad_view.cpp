// Read-only views of an adaptive-avg-pool Case used by the rule predicates and mutators.
#include "spec/adaptive_avg_pool3d_grad_internal.h"

namespace poolcheck::spec::aa {

bool rank_ok(const TensorArg& t) { return t.shape.size() == 4 || t.shape.size() == 5; }

bool format_supported(Format f) { return f == Format::ND || f == Format::NCDHW; }

size_t lead_count(const TensorArg& t) { return t.shape.size() - 3; }

bool structure_ok(const Case& c) {
  size_t rank = 0;
  for (const char* name : kTensorNames) {
    const TensorArg* t = tensor(c, name);
    if (!t || !descriptor_ok(*t) || !rank_ok(*t)) return false;
    if (rank != 0 && t->shape.size() != rank) return false;
    rank = t->shape.size();
  }
  return true;
}

std::vector<int64_t> to_rank(const std::vector<int64_t>& shape, size_t rank) {
  if (rank <= shape.size()) return {shape.end() - static_cast<std::ptrdiff_t>(rank), shape.end()};
  std::vector<int64_t> out(rank - shape.size(), 1);
  out.insert(out.end(), shape.begin(), shape.end());
  return out;
}

}  // namespace poolcheck::spec::aa
