// The operator registry: one line per operator.
#include "harness/op_adapter.h"

namespace poolcheck {

const OpAdapter& max_pool3d_grad_adapter();
const OpAdapter& avg_pool2d_grad_adapter();
const OpAdapter& adaptive_avg_pool3d_grad_adapter();

const std::vector<const OpAdapter*>& all_adapters() {
  static const std::vector<const OpAdapter*> adapters{&max_pool3d_grad_adapter(), &avg_pool2d_grad_adapter(),
                                                      &adaptive_avg_pool3d_grad_adapter()};
  return adapters;
}

const OpAdapter* find_adapter(const std::string& op) {
  for (const auto* a : all_adapters())
    if (a->name == op) return a;
  return nullptr;
}

}  // namespace poolcheck
