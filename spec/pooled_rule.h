// The pooled-size rule of the fixed-window pools (avg 2-D, max 3-D): once the tensors are well formed and
// non-empty and the pooling parameters valid, gradOutput's spatial dims must equal the pooled size of self's.
// A template because the operators differ in the number of spatial dims. `Views` supplies the operator's:
//   Dims                                       std::array of the spatial dims
//   tensors()                                  every tensor name (the empty-tensor guard)
//   input(), gradient()                        the forward input's and the incoming gradient's names
//   structure_ok(c), pool_params(c), pooled(in, pool), spatial(t)
//   axis(choice)                               the axis a mutation changes
//   set_pooled_dims(m, dims)                   gradOutput (and what must follow it) gets these spatial dims
//   retarget_axis(v, axis, {in, k, s, p}, ceil, wrong)   rebuild one axis; gradOutput claims `wrong` on it
// The builder fills in the id, `violated` and `violate`; the operator adds the rest. `views` may carry state (an
// entry point's document) or be an empty class of static functions.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>

#include "spec/case_views.h"
#include "spec/spec.h"

namespace poolcheck::spec {

template <class Views>
Rule pooled_rule(std::string id, Views views = {}) {
  Rule r;
  r.id = std::move(id);
  r.violated = [views](const Case& c) {
    if (!views.structure_ok(c) || any_zero_dim(c, views.tensors())) return false;
    const auto pool = views.pool_params(c);
    if (!pool) return false;
    const auto out = views.pooled(views.spatial(*tensor(c, views.input())), *pool);
    return !out || *out != views.spatial(*tensor(c, views.gradient()));
  };
  r.classes = numbered_classes(4);
  r.violate = [views](const Case& v, uint64_t choice) -> std::optional<Case> {
    if (!views.structure_ok(v) || !views.pool_params(v)) return std::nullopt;
    const size_t axis = views.axis(choice);
    typename Views::Dims out = views.spatial(*tensor(v, views.gradient()));
    switch (choice % 4) {
      case 0:  // one window too many
        out[axis] += 1;
        break;
      case 1:  // one too few (two too many when there is a single window)
        out[axis] = out[axis] > 1 ? out[axis] - 1 : out[axis] + 2;
        break;
      case 2:  // I=5,k=2,s=2,p=1,ceil: a 4th window would start in the right padding and is dropped -> 3, not 4
        return views.retarget_axis(v, axis, {5, 2, 2, 1}, true, 4);
      default:  // I=1,k=4,s=3,p=1,floor: no window fits (size 0); gradOutput claims 1
        return views.retarget_axis(v, axis, {1, 4, 3, 1}, false, 1);
    }
    Case m = v;
    views.set_pooled_dims(m, out);
    return m;
  };
  return r;
}

}  // namespace poolcheck::spec
