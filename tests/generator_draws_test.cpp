// The generators' fast paths draw what RapidCheck's own combinators draw: direct_exec against rc::gen::exec,
// such_that against rc::gen::suchThat, the generators built once against ones built per draw. The cases compared
// are the default campaign's own (every operator, valid and invalid, threshold and boundary cells), so a fast path
// that drew differently anywhere would change the campaign's stream. Each comparison has a control: a deliberately
// different draw that the same check reports.
#include <gtest/gtest.h>
#include <rapidcheck.h>

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "campaign/campaign.h"
#include "case/descriptor.h"
#include "generators/direct_exec.h"
#include "generators/fixed_draws.h"
#include "generators/generators.h"
#include "generators/such_that.h"

namespace poolcheck {
namespace {

// Every direct_exec in the generators is rc::gen::exec while one of these lives.
class RecordedExecEverywhere {
 public:
  RecordedExecEverywhere() { gen::detail::recorded_exec_everywhere() = true; }
  ~RecordedExecEverywhere() { gen::detail::recorded_exec_everywhere() = false; }
  RecordedExecEverywhere(const RecordedExecEverywhere&) = delete;
  RecordedExecEverywhere& operator=(const RecordedExecEverywhere&) = delete;
};

// The generator run_campaign samples for a plan.
rc::Gen<Case> campaign_generator(const CasePlan& p) {
  gen::GenConfig cfg;
  cfg.target = p.target;
  return p.invalid ? gen::invalid_case(p.op, cfg) : gen::valid_case(p.op, cfg);
}

// A drawn value, or the error its draw threw, as text.
template <typename T>
std::string drawn_text(const rc::Shrinkable<T>& s, const std::function<std::string(const T&)>& text) {
  try {
    return text(s.value());
  } catch (const std::exception& e) {
    return std::string("threw: ") + e.what();
  }
}

// The first of `count` draws (seeds 0.., sizes cycling 0..100) where the two generators differ, in value or in their
// first `shrinks` shrinks; nullopt when none does.
template <typename T>
std::optional<std::string> first_difference(const std::function<rc::Gen<T>()>& fast,
                                            const std::function<rc::Gen<T>()>& reference, int count, int shrinks,
                                            const std::function<std::string(const T&)>& text) {
  for (int i = 0; i < count; ++i) {
    const rc::Random random(static_cast<uint64_t>(i) * 0x9E3779B97F4A7C15ull);
    const int size = (i * 37) % 101;
    const rc::Shrinkable<T> a = fast()(random, size);
    const rc::Shrinkable<T> b = reference()(random, size);
    const std::string va = drawn_text(a, text), vb = drawn_text(b, text);
    if (va != vb) return "draw " + std::to_string(i) + ": value " + va + " against " + vb;
    if (shrinks == 0 || va.starts_with("threw: ")) continue;
    auto sa = a.shrinks(), sb = b.shrinks();
    for (int k = 0; k < shrinks; ++k) {
      auto xa = sa.next(), xb = sb.next();
      if (!xa && !xb) break;
      if (!xa || !xb) return "draw " + std::to_string(i) + ": shrink " + std::to_string(k) + " missing on one side";
      const std::string ta = drawn_text(*xa, text), tb = drawn_text(*xb, text);
      if (ta != tb) return "draw " + std::to_string(i) + ": shrink " + std::to_string(k) + " " + ta + " against " + tb;
    }
  }
  return std::nullopt;
}

std::string descriptor_text(const Case& c) { return to_descriptor(c); }

// The first case of the default campaign's first `count` (every `stride`-th) that direct_exec draws differently from
// rc::gen::exec.
std::optional<std::string> campaign_difference(int64_t count, int64_t stride, int shrinks) {
  CampaignOptions opts;
  opts.ops = gen::operators();
  const CaseScheduler schedule(opts.ops, opts.seed);
  for (int64_t i = 0; i < count; i += stride) {
    const CasePlan p = plan_case(opts, schedule, i);
    const rc::Gen<Case> g = campaign_generator(p);
    const rc::Random random(p.case_seed);
    const rc::Shrinkable<Case> fast = g(random, p.size);
    std::optional<rc::Shrinkable<Case>> reference;
    {
      const RecordedExecEverywhere recorded;
      reference = g(random, p.size);
    }
    const std::string a = drawn_text<Case>(fast, descriptor_text);
    std::string b;
    {
      const RecordedExecEverywhere recorded;
      b = drawn_text<Case>(*reference, descriptor_text);
    }
    if (a != b) return "case " + std::to_string(i) + " (" + p.label + "): " + a + " against " + b;
    if (shrinks == 0 || a.starts_with("threw: ")) continue;
    // Each side's shrinks are read in its own mode: the fast one's with direct_exec as it runs in a campaign.
    const auto first_shrinks = [shrinks](const rc::Shrinkable<Case>& s) {
      std::vector<std::string> out;
      auto seq = s.shrinks();
      for (int k = 0; k < shrinks; ++k) {
        auto x = seq.next();
        if (!x) break;
        out.push_back(drawn_text<Case>(*x, descriptor_text));
      }
      return out;
    };
    const std::vector<std::string> fast_shrinks = first_shrinks(fast);
    std::vector<std::string> reference_shrinks;
    {
      const RecordedExecEverywhere recorded;
      reference_shrinks = first_shrinks(*reference);
    }
    if (fast_shrinks != reference_shrinks)
      return "case " + std::to_string(i) + ": " + std::to_string(fast_shrinks.size()) + " shrinks against " +
             std::to_string(reference_shrinks.size()) + ", or one of them differs";
  }
  return std::nullopt;
}

TEST(GeneratorDraws, DirectExecDrawsTheCampaignsCasesAsRapidCheckExecDoes) {
  // 6,000 cases of the default campaign: every cell kind of every operator, threshold and boundary cells included.
  const std::optional<std::string> difference = campaign_difference(6000, 1, 0);
  EXPECT_FALSE(difference) << *difference;
}

TEST(GeneratorDraws, DirectExecShrinksAsRapidCheckExecDoes) {
  const std::optional<std::string> difference = campaign_difference(2000, 50, 3);
  EXPECT_FALSE(difference) << *difference;
}

TEST(GeneratorDraws, DirectExecValueReadTwiceIsTheSameValue) {
  // The first read moves the drawn value out; a later one evaluates the draw again.
  const rc::Gen<Case> g = gen::valid_case("maxpool3d_grad");
  for (uint64_t seed = 0; seed < 50; ++seed) {
    const rc::Shrinkable<Case> s = g(rc::Random(seed), 60);
    const std::string first = to_descriptor(s.value());
    EXPECT_EQ(first, to_descriptor(s.value())) << "seed " << seed;
  }
}

// A control for the comparison: an exec whose handler passes each draw a size one larger than RapidCheck's.
class SizeSkewedHandler : public rc::gen::detail::GenerationHandler {
 public:
  SizeSkewedHandler(const rc::Random& random, int size) : random_(random), size_(size) {}
  rc::detail::Any onGenerate(const rc::Gen<rc::detail::Any>& gen) override {
    rc::detail::ImplicitScope scope;
    const rc::Random random = random_.split();
    return gen(random, size_ + 1).value();
  }

 private:
  rc::Random random_;
  int size_;
};

template <typename Callable>
rc::Gen<int64_t> size_skewed_exec(Callable callable) {
  return [callable](const rc::Random& random, int size) {
    SizeSkewedHandler handler(random, size);
    rc::detail::ImplicitParam<rc::gen::detail::param::CurrentHandler> bind(&handler);
    return rc::shrinkable::just(callable());
  };
}

std::string number_text(const int64_t& v) { return std::to_string(v); }

TEST(GeneratorDraws, ControlAnExecThatDrawsAtAnotherSizeIsReported) {
  const auto draws = [] { return *rc::gen::inRange<int64_t>(0, 1000) + *rc::gen::arbitrary<int64_t>(); };
  const std::optional<std::string> difference = first_difference<int64_t>(
      [&] { return size_skewed_exec(draws); }, [&] { return rc::gen::exec(draws); }, 200, 0, number_text);
  ASSERT_TRUE(difference);
  EXPECT_NE(difference->find(": value "), std::string::npos) << *difference;
  // The same comparison finds nothing between direct_exec and rc::gen::exec.
  EXPECT_FALSE(first_difference<int64_t>([&] { return gen::direct_exec(draws); }, [&] { return rc::gen::exec(draws); },
                                         200, 5, number_text));
}

TEST(GeneratorDraws, ValueOfDrawsWhatTheStarOperatorDraws) {
  // Inside direct_exec value_of takes its handler's draw without the boxing; the reference is `*gen` in exec.
  const auto fast = [] {
    return gen::value_of(rc::gen::inRange<int64_t>(-40, 1000)) * 7 + gen::value_of(rc::gen::arbitrary<int64_t>()) +
           gen::value_of(rc::gen::elementOf(std::vector<int64_t>{3, 5, 8})) +
           (gen::value_of(rc::gen::arbitrary<bool>()) ? 1 : 0);
  };
  const auto star = [] {
    return *rc::gen::inRange<int64_t>(-40, 1000) * 7 + *rc::gen::arbitrary<int64_t>() +
           *rc::gen::elementOf(std::vector<int64_t>{3, 5, 8}) + (*rc::gen::arbitrary<bool>() ? 1 : 0);
  };
  EXPECT_FALSE(first_difference<int64_t>([&] { return gen::direct_exec(fast); }, [&] { return rc::gen::exec(star); },
                                         300, 5, number_text));
  // Outside direct_exec (rc::gen::exec's handler) value_of is `*gen` itself, shrinks included.
  EXPECT_FALSE(first_difference<int64_t>([&] { return rc::gen::exec(fast); }, [&] { return rc::gen::exec(star); }, 300,
                                         5, number_text));
  // Control: value_of of a range one narrower is reported by the same comparison.
  const std::optional<std::string> control = first_difference<int64_t>(
      [] { return gen::direct_exec([] { return gen::value_of(rc::gen::inRange<int64_t>(0, 999)); }); },
      [] { return rc::gen::exec([] { return *rc::gen::inRange<int64_t>(0, 1000); }); }, 300, 0, number_text);
  ASSERT_TRUE(control);
  EXPECT_NE(control->find(": value "), std::string::npos) << *control;
}

TEST(GeneratorDraws, FixedChoicesDrawAsElementOf) {
  const std::vector<int64_t> values = {11, -3, 7, 7, 40, 2};
  for (size_t n = 1; n <= values.size(); ++n) {
    const std::vector<int64_t> some(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(n));
    EXPECT_FALSE(first_difference<int64_t>(
        [&] { return gen::direct_exec([=] { return gen::fixed::element_of(some); }); },
        [&] { return rc::gen::exec([=] { return *rc::gen::elementOf(some); }); }, 60, 0, number_text))
        << n << " choices";
  }
  const std::vector<bool> flags = {false, true};
  EXPECT_FALSE(first_difference<int64_t>(
      [&] { return gen::direct_exec([=] { return int64_t{gen::fixed::element_of(flags)}; }); },
      [&] { return rc::gen::exec([=] { return int64_t{*rc::gen::elementOf(flags)}; }); }, 60, 0, number_text));
  // Control: the same choices in another order are reported.
  const std::vector<int64_t> reversed(values.rbegin(), values.rend());
  const std::optional<std::string> control = first_difference<int64_t>(
      [&] { return gen::direct_exec([=] { return gen::fixed::element_of(reversed); }); },
      [&] { return rc::gen::exec([=] { return *rc::gen::elementOf(values); }); }, 60, 0, number_text);
  ASSERT_TRUE(control);
  EXPECT_NE(control->find(": value "), std::string::npos) << *control;
}

TEST(GeneratorDraws, SuchThatDrawsAndShrinksAsRapidCheckSuchThat) {
  const auto odd = [](const int64_t& v) { return v % 2 != 0; };
  const auto source = [] { return *rc::gen::inRange<int64_t>(-500, 500) * 3; };
  const std::optional<std::string> difference =
      first_difference<int64_t>([&] { return gen::such_that(gen::direct_exec(source), odd); },
                                [&] { return rc::gen::suchThat(rc::gen::exec(source), odd); }, 300, 5, number_text);
  EXPECT_FALSE(difference) << *difference;
  // Control: a predicate that lets different values through is reported by the same comparison.
  const std::optional<std::string> control = first_difference<int64_t>(
      [&] { return gen::such_that(gen::direct_exec(source), [](const int64_t& v) { return v % 2 == 0; }); },
      [&] { return rc::gen::suchThat(rc::gen::exec(source), odd); }, 300, 5, number_text);
  ASSERT_TRUE(control);
  EXPECT_NE(control->find(": value "), std::string::npos) << *control;
}

TEST(GeneratorDraws, SuchThatGeneratesAnAcceptedValueOnce) {
  int evaluations = 0;
  const rc::Gen<int64_t> counted = [&evaluations](const rc::Random& random, int size) {
    return rc::shrinkable::lambda([&evaluations, random, size] {
      ++evaluations;
      return rc::gen::inRange<int64_t>(0, 100)(random, size).value();
    });
  };
  const auto any = [](const int64_t&) { return true; };
  (void)gen::such_that(counted, any)(rc::Random(7), 50).value();
  EXPECT_EQ(evaluations, 1);
  evaluations = 0;
  (void)rc::gen::suchThat(counted, any)(rc::Random(7), 50).value();
  EXPECT_EQ(evaluations, 2);  // why such_that exists: the filter reads the value, and so does its reader
}

TEST(GeneratorDraws, FixedRangesDrawAsRangesBuiltPerDraw) {
  for (int64_t hi = 1; hi <= gen::fixed::kSmallRangeEnd + 2; ++hi) {
    for (int64_t lo = -1; lo < hi; ++lo) {
      const std::optional<std::string> difference = first_difference<int64_t>(
          [&] { return gen::direct_exec([=] { return gen::fixed::in_range(lo, hi); }); },
          [&] { return rc::gen::exec([=] { return *rc::gen::inRange(lo, hi); }); }, 40, 0, number_text);
      EXPECT_FALSE(difference) << "[" << lo << ", " << hi << "): " << *difference;
    }
  }
  // Control: a range one wider is reported.
  const std::optional<std::string> control = first_difference<int64_t>(
      [] { return gen::direct_exec([] { return gen::fixed::in_range<int64_t>(0, 9); }); },
      [] { return rc::gen::exec([] { return *rc::gen::inRange<int64_t>(0, 8); }); }, 40, 0, number_text);
  ASSERT_TRUE(control);
  EXPECT_NE(control->find(": value "), std::string::npos) << *control;
}

}  // namespace
}  // namespace poolcheck
