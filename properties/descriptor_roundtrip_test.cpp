// Every generated case, valid or not, prints as one line that parses back to the same case.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "case/descriptor.h"
#include "generators/generators.h"

namespace poolcheck {

RC_GTEST_PROP(Descriptor, PrintParseRoundTrips, ()) {
  const bool valid = *rc::gen::arbitrary<bool>();
  const Case c = valid ? *gen::maxpool3d_grad::valid() : *gen::maxpool3d_grad::invalid();
  const std::string line = to_descriptor(c);
  RC_ASSERT(line.find('\n') == std::string::npos);
  const ParseResult p = parse_descriptor(line);
  RC_ASSERT(p.ok);
  RC_ASSERT(p.value == normalized(c));
  RC_ASSERT(to_descriptor(p.value) == line);
}

TEST(DescriptorNegativeControl, ChangedOrBrokenTokensAreNoticed) {
  const Case c = gen::sample(gen::maxpool3d_grad::valid(), 99);
  std::string line = to_descriptor(c);
  const auto at = line.find("ceilMode=");
  ASSERT_NE(at, std::string::npos);
  std::string flipped = line;
  flipped[at + 9] = flipped[at + 9] == '0' ? '1' : '0';
  EXPECT_FALSE(parse_descriptor(flipped).value == normalized(c));
  EXPECT_FALSE(parse_descriptor(line + " gradInput=f32:2x").ok);
  EXPECT_FALSE(parse_descriptor(line + " kernelSize=[1,x]").ok);
  EXPECT_FALSE(parse_descriptor("soc=Ascend910B").ok);  // no op
}

}  // namespace poolcheck
