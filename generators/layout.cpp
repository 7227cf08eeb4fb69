#include "generators/layout.h"

#include <algorithm>
#include <numeric>

#include "generators/direct_exec.h"
#include "generators/fixed_draws.h"

namespace poolcheck::gen {

rc::Gen<TensorArg> with_layout(TensorArg t, LayoutDemand demand) {
  // direct_exec shares the callable, so the base tensor is copied once per draw, not once per copy of the callable.
  return direct_exec([base = std::move(t), demand] {
    static const rc::Gen<int> kContiguous = rc::gen::weightedElement<int>({{1, 0}, {1, 1}});
    TensorArg t = base;
    const bool contiguous = value_of(kContiguous) == 0;
    if (demand == LayoutDemand::kOffset) {
      t.offset = fixed::in_range<int64_t>(1, 17);
      return t;
    }
    if (contiguous && demand == LayoutDemand::kAny) return t;
    const size_t rank = t.shape.size();
    std::vector<size_t> order(rank);  // storage order, innermost first
    std::iota(order.begin(), order.end(), 0);
    std::reverse(order.begin(), order.end());
    if (fixed::boolean()) {  // a permuted storage order (channels-last like and others)
      const auto rot = fixed::in_range<size_t>(0, rank);
      std::rotate(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(rot), order.end());
    }
    t.strides.assign(rank, 1);
    int64_t stride = 1;
    for (size_t d : order) {
      t.strides[d] = stride;
      // Slack between rows; a demanded view gets slack on its innermost dim, so it is never contiguous.
      const int64_t low = demand == LayoutDemand::kView && d == order.front() ? 1 : 0;
      stride *= t.shape[d] + fixed::in_range<int64_t>(low, 3);
    }
    t.offset = fixed::in_range<int64_t>(0, 17);
    if (is_contiguous(t.shape, t.strides)) t.strides.clear();
    return t;
  });
}

}  // namespace poolcheck::gen
