// A descriptor must name every tensor and int array of its operator and nothing else: what the generators make
// always does, and each kind of mistake is an error naming the argument.
#include <gtest/gtest.h>

#include "case/descriptor.h"
#include "generators/generators.h"
#include "harness/op_adapter.h"

namespace poolcheck {
namespace {

Case parsed(const std::string& line) {
  const ParseResult p = parse_descriptor(line);
  EXPECT_TRUE(p.ok) << p.error;
  return p.value;
}

const char* kMaxPool =
    "op=maxpool3d_grad soc=Ascend910B gradOutput=f32:1x1x1x2x2 self=f32:1x1x2x4x4 indices=i32:1x1x1x2x2 "
    "gradInput=f32:1x1x2x4x4 kernelSize=[2,2,2] stride=[2,2,2] padding=[0,0,0] dilation=[1] ceilMode=0";

TEST(CaseArguments, EveryGeneratedCaseNamesExactlyItsOperatorsArguments) {
  for (const auto& op : gen::operators())
    for (uint64_t seed = 0; seed < 300; ++seed)
      for (bool invalid : {false, true}) {
        const Case c = gen::sample(invalid ? gen::invalid_case(op) : gen::valid_case(op), seed, seed % 101);
        ASSERT_EQ(case_arguments_error(c), "") << to_descriptor(c);
      }
}

TEST(CaseArguments, ACompleteDescriptorPasses) { EXPECT_EQ(case_arguments_error(parsed(kMaxPool)), ""); }

TEST(CaseArguments, EachMistakeIsNamed) {
  const std::string base = kMaxPool;
  EXPECT_EQ(case_arguments_error(parsed("op=maxpool3d_grad soc=Ascend910B gradOutput=f32:1x2x3")),
            "maxpool3d_grad needs tensor 'self', which the descriptor lacks (write self=null for a null pointer)");
  EXPECT_NE(case_arguments_error(parsed(base.substr(0, base.find(" dilation")) + " ceilMode=0"))
                .find("needs int array 'dilation'"),
            std::string::npos);
  EXPECT_NE(case_arguments_error(parsed(base + " bogus=3")).find("'bogus' is not a scalar argument of maxpool3d_grad"),
            std::string::npos);
  EXPECT_NE(case_arguments_error(parsed(base + " out=f32:1x1")).find("'out' is not a tensor argument"),
            std::string::npos);
  EXPECT_NE(case_arguments_error(parsed("op=nosuch soc=Ascend910B")).find("unknown operator 'nosuch' (known: "),
            std::string::npos);
  // A null pointer is written, not left out.
  std::string with_null = base;
  with_null.replace(with_null.find("self=f32:1x1x2x4x4"), std::string("self=f32:1x1x2x4x4").size(), "self=null");
  EXPECT_EQ(case_arguments_error(parsed(with_null)), "");
}

TEST(CaseArguments, ParsingARunnableCaseSaysWhichStepFailed) {
  EXPECT_TRUE(parse_runnable_case(kMaxPool).ok);
  const ParseResult unparsable = parse_runnable_case("op=maxpool3d_grad self=f32:1xx2");
  EXPECT_FALSE(unparsable.ok);
  EXPECT_EQ(unparsable.error.rfind("the descriptor does not parse: ", 0), 0u) << unparsable.error;
  const ParseResult incomplete = parse_runnable_case("op=maxpool3d_grad soc=Ascend910B gradOutput=f32:1x2x3");
  EXPECT_FALSE(incomplete.ok);
  EXPECT_EQ(incomplete.error, case_arguments_error(parsed("op=maxpool3d_grad soc=Ascend910B gradOutput=f32:1x2x3")));
}

}  // namespace
}  // namespace poolcheck
