// rc::gen::exec for sampling: the same value from the same random stream, without the recipe RapidCheck records
// for shrinking. rc::gen::exec keeps every draw's Shrinkable in a recipe (a vector that grows draw by draw, a copy
// of the recipe per evaluation) so that a failing property can replay it; a campaign samples each case once and
// never shrinks, and that bookkeeping was most of a draw's price there.
//
// direct_exec runs the callable at once with a handler that answers each `*gen` as rc::gen::exec's handler does:
// the next split of the random stream, the generator run at the evaluation's size, in a fresh scope of implicit
// parameters. The Shrinkable it returns holds that value; its shrinks are rc::gen::exec's own for the same random
// stream and size, computed only when a property test shrinks. tests/generator_draws_test.cpp checks the values and
// the shrinks against rc::gen::exec for every operator's generators.
#pragma once

#include <rapidcheck.h>

#include <cstddef>
#include <iterator>
#include <memory>
#include <optional>
#include <type_traits>
#include <utility>

namespace poolcheck::gen {

namespace detail {

// Answers `*gen` inside a direct_exec callable: the draw rc::gen::exec's handler makes, unrecorded.
class DirectHandler : public rc::gen::detail::GenerationHandler {
 public:
  DirectHandler(const rc::Random& random, int size) : random_(random), size_(size) {}
  rc::detail::Any onGenerate(const rc::Gen<rc::detail::Any>& gen) override {
    rc::detail::ImplicitScope scope;
    const rc::Random random = random_.split();
    return gen(random, size_).value();
  }
  // rc::gen::inRange<T>(lo, hi)'s draw (rapidcheck/gen/Numeric.hpp: the range scaled by the size, then the next
  // number of the split stream modulo it), without building the generator; lo < hi.
  template <typename T>
  T in_range(T lo, T hi) {
    const rc::Random random = random_.split();
    const auto range = rc::gen::detail::scaleInteger(
                           static_cast<rc::Random::Number>(hi) - static_cast<rc::Random::Number>(lo) - 1, size_) +
                       1;
    return static_cast<T>((rc::Random(random).next() % range) + lo);
  }
  // rc::gen::elementOf(c)'s draw (rapidcheck/gen/Select.hpp: the next number of the split stream modulo the size,
  // whatever the size parameter), without copying `c` into a generator; c not empty.
  template <typename Container>
  typename Container::value_type element_of(const Container& c) {
    const rc::Random random = random_.split();
    const auto count = std::end(c) - std::begin(c);
    return *(std::begin(c) + static_cast<std::ptrdiff_t>(rc::Random(random).next() % count));
  }
  // onGenerate for a typed generator: the same split and size, without the boxing `*gen` wraps around the value.
  template <typename T>
  T generate(const rc::Gen<T>& gen) {
    rc::detail::ImplicitScope scope;
    const rc::Random random = random_.split();
    return gen(random, size_).value();
  }

 private:
  rc::Random random_;
  int size_;
};

// rc::gen::exec's evaluation for the same callable, random stream and size: the same value, and its shrinks.
template <typename Callable>
struct Recorded {
  std::shared_ptr<const Callable> callable;
  rc::Random random;
  int size;
  auto operator()() const {
    return rc::gen::exec([c = callable] { return (*c)(); })(random, size);
  }
};

// The value of a direct_exec evaluation: moved out on the first read (the one a sampled draw makes), evaluated
// again by rc::gen::exec on any later read (a property test's replays).
template <typename T, typename Callable>
class DrawnValue {
 public:
  DrawnValue(T value, Recorded<Callable> recorded) : value_(std::move(value)), recorded_(std::move(recorded)) {}
  T operator()() const {
    if (!value_) return recorded_().value();
    T value = std::move(*value_);
    value_.reset();
    return value;
  }

 private:
  mutable std::optional<T> value_;
  Recorded<Callable> recorded_;
};

// Set by the equivalence tests: every direct_exec then is rc::gen::exec, recipes and all.
inline bool& recorded_exec_everywhere() {
  static bool on = false;
  return on;
}

}  // namespace detail

namespace detail {
// The handler answering `*gen` here when it is a direct_exec evaluation's, else null.
inline DirectHandler* direct_handler() {
  using rc::gen::detail::param::CurrentHandler;
  return dynamic_cast<DirectHandler*>(rc::detail::ImplicitParam<CurrentHandler>::value());
}
}  // namespace detail

// `*gen`: inside a direct_exec evaluation, its handler's draw without RapidCheck's boxing of the value (a mapped
// generator, a type-erased value and their allocations for every draw: a good part of the campaign parent's time);
// elsewhere (rc::gen::exec, a property) `*gen` itself. The same value either way.
template <typename T>
T value_of(const rc::Gen<T>& gen) {
  if (detail::DirectHandler* direct = detail::direct_handler()) return direct->generate(gen);
  return *gen;
}

template <typename Callable>
rc::Gen<std::decay_t<std::invoke_result_t<const Callable&>>> direct_exec(Callable callable) {
  using T = std::decay_t<std::invoke_result_t<const Callable&>>;
  // Shared: RapidCheck copies generators and shrinkables freely, and a callable may hold a whole configuration.
  auto shared = std::make_shared<const Callable>(std::move(callable));
  return rc::Gen<T>([shared](const rc::Random& random, int size) -> rc::Shrinkable<T> {
    if (detail::recorded_exec_everywhere()) return detail::Recorded<Callable>{shared, random, size}();
    T value = [&] {
      detail::DirectHandler handler(random, size);
      rc::detail::ImplicitParam<rc::gen::detail::param::CurrentHandler> bind(&handler);
      return (*shared)();
    }();
    const detail::Recorded<Callable> recorded{shared, random, size};
    // The shrinks are rc::gen::exec's for the same random stream and size, computed only when a property shrinks.
    return rc::shrinkable::lambda(detail::DrawnValue<T, Callable>(std::move(value), recorded),
                                  [recorded] { return recorded().shrinks(); });
  });
}

}  // namespace poolcheck::gen
