#include "generators/layout.h"

#include <algorithm>
#include <numeric>

namespace poolcheck::gen {

rc::Gen<TensorArg> with_layout(TensorArg t) {
  return rc::gen::exec([base = std::move(t)] {
    TensorArg t = base;
    if (*rc::gen::weightedElement<int>({{1, 0}, {1, 1}}) == 0) return t;  // contiguous
    const size_t rank = t.shape.size();
    std::vector<size_t> order(rank);  // storage order, innermost first
    std::iota(order.begin(), order.end(), 0);
    std::reverse(order.begin(), order.end());
    if (*rc::gen::arbitrary<bool>()) {  // a permuted storage order (channels-last like and others)
      const auto rot = *rc::gen::inRange<size_t>(0, rank);
      std::rotate(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(rot), order.end());
    }
    t.strides.assign(rank, 1);
    int64_t stride = 1;
    for (size_t d : order) {
      t.strides[d] = stride;
      stride *= t.shape[d] + *rc::gen::inRange<int64_t>(0, 3);  // slack between rows
    }
    t.offset = *rc::gen::inRange<int64_t>(0, 17);
    if (t.strides == contiguous_strides(t.shape)) t.strides.clear();
    return t;
  });
}

}  // namespace poolcheck::gen
