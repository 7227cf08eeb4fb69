// rc::gen::suchThat without its second generation. RapidCheck's filter reads a drawn value for the predicate and
// again whenever the accepted Shrinkable is read, and a composed generator (a whole case) is generated anew on each
// read. such_that draws exactly as suchThat does (the same random splits, the size grown by one per rejected draw,
// at most 100 tries, the same shrinks filtered by the predicate) and keeps the value it accepted.
#pragma once

#include <rapidcheck.h>

#include <utility>

namespace poolcheck::gen {

template <typename T, typename Predicate>
rc::Gen<T> such_that(rc::Gen<T> gen, Predicate pred) {
  return rc::Gen<T>([gen = std::move(gen), pred](const rc::Random& random, int size) -> rc::Shrinkable<T> {
    rc::Random r(random);
    int current_size = size;
    for (int tries = 0; tries < 100; ++tries) {
      rc::Shrinkable<T> drawn = gen(r.split(), current_size);
      T value = drawn.value();
      if (pred(value)) {
        // The shrinks are those of the drawn Shrinkable, computed only when a property test shrinks.
        return rc::shrinkable::lambda(rc::fn::constant(std::move(value)), [drawn, pred] {
          return rc::seq::mapMaybe(
              drawn.shrinks(), [pred](rc::Shrinkable<T>&& s) { return rc::shrinkable::filter(std::move(s), pred); });
        });
      }
      ++current_size;
    }
    throw rc::GenerationFailure("Gave up trying to generate value satisfying predicate.");
  });
}

}  // namespace poolcheck::gen
