// Per-tensor fills: their descriptor words round-trip, every malformed one is refused naming the token and the
// rule, and the values follow each distribution (the ATK range_values forms).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "case/descriptor.h"
#include "case/fill.h"
#include "case/numeric.h"
#include "harness/op_adapter.h"

namespace poolcheck {
namespace {

const char* kAvgCase =
    "op=avgpool2d_grad soc=Ascend910B gradOutput=f32:1x2x4x4 self=f32:1x2x8x8 gradInput=f32:1x2x8x8 "
    "kernelSize=[2,2] stride=[2,2] padding=[0,0] seed=9 fill=normal";

Case parsed(const std::string& line) {
  const ParseResult p = parse_runnable_case(line);
  EXPECT_TRUE(p.ok) << p.error;
  return p.value;
}

std::string refusal(const std::string& line) {
  const ParseResult p = parse_runnable_case(line);
  return p.ok ? "(accepted)" : p.error;
}

TEST(TensorFill, EveryWordRoundTrips) {
  for (const char* token : {"uniform:-5:5", "const:0", "const:-0.25", "nd:-100:100:1:25", "nan", "inf", "neginf",
                            "ties", "uniform:1e-30:3.5e+20"}) {
    std::string err;
    const auto f = parse_fill_token(token, &err);
    ASSERT_TRUE(f) << token << ": " << err;
    EXPECT_EQ(fill_token(*f), token);
    const Case c = parsed(std::string(kAvgCase) + " fill.gradOutput=" + token);
    EXPECT_EQ(parsed(to_descriptor(c)), c) << token;
  }
}

TEST(TensorFill, MalformedFillsAreRefusedNamingTheRule) {
  // (what the descriptor adds, what the refusal must say)
  const std::pair<std::string, std::string> refused[] = {
      {" fill.gradOutput=gauss", "unknown fill 'gauss' (known: normal"},
      {" fill.gradOutput=uniform:1", "takes 2 number(s) after it, got 1"},
      {" fill.gradOutput=uniform:3:1", "low end is above its high end"},
      {" fill.gradOutput=const:x", "'x' is not a finite number"},
      {" fill.gradOutput=nd:0:1:2:1", "standard deviation"},
      {" fill.self=nan fill.self=inf", "a second fill for tensor 'self'"},
      // The output, and a name that is no tensor, take no fill.
      {" fill.gradInput=nan", "fill.gradInput: only the inputs"},
  };
  for (const auto& [added, why] : refused)
    EXPECT_NE(refusal(std::string(kAvgCase) + added).find(why), std::string::npos) << added;
  // Max pooling's indices are derived from self, never drawn.
  const std::string maxpool =
      "op=maxpool3d_grad soc=Ascend910B gradOutput=f32:1x1x1x2x2 self=f32:1x1x1x4x4 indices=i32:1x1x1x2x2 "
      "gradInput=f32:1x1x1x4x4 kernelSize=[1,2,2] stride=[1,2,2] padding=[0,0,0] dilation=[1,1,1] fill.indices=const:0";
  EXPECT_NE(refusal(maxpool).find("gradOutput, self"), std::string::npos) << refusal(maxpool);
  // The case-wide word is a vocabulary too.
  EXPECT_NE(refusal("op=avgpool2d_grad fill=bogus").find("unknown case-wide fill (known: normal, ints"),
            std::string::npos);
}

TEST(TensorFill, ValuesFollowTheirDistribution) {
  constexpr int64_t kN = 4000;
  auto values = [&](const std::string& token, DType dt = DType::F32) {
    return fill_values(parsed(std::string(kAvgCase) + " fill.gradOutput=" + token), "gradOutput", kN, dt);
  };
  const auto u = values("uniform:-5:5");
  EXPECT_TRUE(std::all_of(u.begin(), u.end(), [](double x) { return x >= -5 && x <= 5; }));
  EXPECT_LT(*std::min_element(u.begin(), u.end()), -4.5);
  EXPECT_GT(*std::max_element(u.begin(), u.end()), 4.5);
  const auto k = values("const:0.1", DType::F16);
  EXPECT_TRUE(std::all_of(k.begin(), k.end(), [&](double x) { return x == k[0]; }));
  EXPECT_NE(k[0], 0.1);  // rounded to the tensor's dtype, as the device holds it
  EXPECT_NEAR(k[0], 0.1, 1e-4);
  const auto nan = values("nan");
  EXPECT_TRUE(std::all_of(nan.begin(), nan.end(), [](double x) { return std::isnan(x); }));
  const auto ninf = values("neginf");
  EXPECT_TRUE(std::all_of(ninf.begin(), ninf.end(), [](double x) { return x == -INFINITY; }));
  // nd: one mean and one deviation per tensor, inside their ranges; the sample shows them.
  const auto nd = values("nd:40:40.5:3:3.5");
  double mean = 0;
  for (double x : nd) mean += x / kN;
  double var = 0;
  for (double x : nd) var += (x - mean) * (x - mean) / kN;
  EXPECT_NEAR(mean, 40.25, 0.5);
  EXPECT_NEAR(std::sqrt(var), 3.25, 0.4);
  // The other tensor keeps the case-wide fill: standard normal.
  const Case c = parsed(std::string(kAvgCase) + " fill.gradOutput=nd:40:40.5:3:3.5");
  EXPECT_EQ(fill_values(c, "self", kN, DType::F32), fill_values(parsed(kAvgCase), "self", kN, DType::F32));
}

// The share of neighbouring pairs whose sum the dtype cannot hold: where the final cast of an exact sum rounds.
double inexact_pair_sums(const std::vector<double>& v, DType dt) {
  int64_t inexact = 0;
  for (size_t i = 0; i + 1 < v.size(); i += 2) inexact += round_to(dt, v[i] + v[i + 1]) != v[i] + v[i + 1];
  return static_cast<double>(inexact) / static_cast<double>(v.size() / 2);
}

// fill=wideints: integers the tensor's dtype holds exactly, as wide as it holds them, so that sums of two often
// need the final cast's rounding in fp16 as well as in bf16.
TEST(TensorFill, WideIntsSpanTheIntegersTheDtypeHolds) {
  const Case c = parsed(std::string(kAvgCase) + " fill.gradOutput=wideints");
  for (const auto& [dt, limit] : {std::pair{DType::F16, 2047.0}, {DType::BF16, 255.0}, {DType::F32, 255.0}}) {
    const auto v = fill_values(c, "gradOutput", 4000, dt);
    EXPECT_TRUE(std::all_of(v.begin(), v.end(), [&](double x) { return x == std::round(x) && std::fabs(x) <= limit; }))
        << dtype_name(dt);
    EXPECT_GT(*std::max_element(v.begin(), v.end()), 0.9 * limit) << dtype_name(dt);
    if (dt != DType::F32) {
      EXPECT_GT(inexact_pair_sums(v, dt), 0.05) << dtype_name(dt);
    }
  }
}

// Negative control: the share of inexact sums tells a fill the cast never rounds (ints) from wideints.
TEST(TensorFillNegativeControl, IntsNeverNeedTheCastToRound) {
  const Case c = parsed(std::string(kAvgCase) + " fill.gradOutput=ints");
  EXPECT_EQ(inexact_pair_sums(fill_values(c, "gradOutput", 4000, DType::F16), DType::F16), 0.0);
}

// Negative control: the checks above do fire on values that break the distribution they claim.
TEST(TensorFillNegativeControl, AnotherDistributionIsTold) {
  const Case c = parsed(std::string(kAvgCase) + " fill.gradOutput=uniform:0:1");
  const auto normal = fill_values(parsed(kAvgCase), "gradOutput", 1000, DType::F32);
  EXPECT_FALSE(std::all_of(normal.begin(), normal.end(), [](double x) { return x >= 0 && x <= 1; }));
  EXPECT_NE(fill_values(c, "gradOutput", 1000, DType::F32), normal);
}

}  // namespace
}  // namespace poolcheck
