// The case request the parent sends a worker: written directly for a campaign case, through a JSON object
// otherwise; either way the worker reads back every field as it was set.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <vector>

#include "worker/protocol.h"

namespace poolcheck::worker {
namespace {

// The request as a JSON object, field by field: what the direct form must parse to.
nlohmann::json object_form(const CaseRequest& r) {
  return {{"kind", "case"},
          {"descriptor", r.descriptor},
          {"check_spec", r.check_spec},
          {"rerun", r.rerun},
          {"allow_unsupported", r.allow_unsupported},
          {"check_tiling", r.check_tiling},
          {"tensors", r.want_tensors}};
}

bool same_fields(const CaseRequest& a, const CaseRequest& b) {
  return a.descriptor == b.descriptor && a.check_spec == b.check_spec && a.rerun == b.rerun &&
         a.allow_unsupported == b.allow_unsupported && a.check_tiling == b.check_tiling &&
         a.want_tensors == b.want_tensors && a.host_inputs == b.host_inputs;
}

std::vector<CaseRequest> requests() {
  std::vector<CaseRequest> out;
  for (const std::string d : {"op=maxpool3d_grad soc=Ascend910B gradOutput=f32:1x2x2x2x2 seed=3 fill=normal", "",
                              "quote \" backslash \\ tab\t", "caf\xc3\xa9"})
    for (int flags = 0; flags < 32; ++flags) {
      CaseRequest r;
      r.descriptor = d;
      r.check_spec = flags & 1;
      r.rerun = flags & 2;
      r.allow_unsupported = flags & 4;
      r.check_tiling = flags & 8;
      r.want_tensors = flags & 16;
      out.push_back(r);
    }
  return out;
}

TEST(WorkerProtocol, CaseRequestReadsBackAsSent) {
  for (const CaseRequest& r : requests()) {
    const std::string text = encode_case_request(r);
    EXPECT_EQ(nlohmann::json::parse(text), object_form(r)) << text;
    const Request back = decode_request(text);
    EXPECT_FALSE(back.wants_info);
    EXPECT_TRUE(same_fields(back.case_request, r)) << text;
  }
}

TEST(WorkerProtocol, HostInputsReadBackAsSent) {
  CaseRequest r = requests().front();
  r.host_inputs = {{"gradOutput", {1.5, -0.25}}, {"self", {}}};
  const Request back = decode_request(encode_case_request(r));
  EXPECT_TRUE(same_fields(back.case_request, r));
}

TEST(WorkerProtocol, DescriptorThatIsNotUtf8IsRefused) {
  CaseRequest r;
  r.descriptor = "op=bad\xff";
  EXPECT_THROW(encode_case_request(r), nlohmann::json::exception);
}

// A worker reads the direct form without a JSON parser: any other JSON text of the same request (keys in another
// order, white space) reads back alike through the parser, and text that is not JSON is refused, however close it
// comes to the direct form.
TEST(WorkerProtocol, EveryFormOfARequestReadsAlike) {
  for (const CaseRequest& r : requests()) {
    for (const std::string& text : {object_form(r).dump(), object_form(r).dump(2), encode_case_request(r) + " \n"})
      EXPECT_TRUE(same_fields(decode_request(text).case_request, r)) << text;
    const std::string direct = encode_case_request(r);
    for (size_t cut = 0; cut < direct.size(); ++cut)
      EXPECT_THROW(decode_request(direct.substr(0, cut)), std::exception) << direct.substr(0, cut);
    EXPECT_THROW(decode_request(direct + "x"), std::exception);
    EXPECT_THROW(decode_request(direct + "}"), std::exception);
  }
}

// A flag spelled as JSON allows but not as the direct form writes it (a number) goes to the parser, which refuses it.
TEST(WorkerProtocol, AFlagThatIsNotABooleanIsRefused) {
  std::string text = encode_case_request(requests()[3]);
  const size_t at = text.find("\"rerun\":true");
  ASSERT_NE(at, std::string::npos) << text;
  text.replace(at, 12, "\"rerun\":1");
  EXPECT_THROW(decode_request(text), std::exception) << text;
}

// Negative control: the comparison above fires when one flag or the descriptor differs.
TEST(WorkerProtocol, ControlComparisonCatchesOneChangedField) {
  const CaseRequest r = requests()[5];
  const CaseRequest back = decode_request(encode_case_request(r)).case_request;
  CaseRequest other = back;
  other.check_tiling = !other.check_tiling;
  EXPECT_FALSE(same_fields(other, r));
  other = back;
  other.descriptor += " ";
  EXPECT_FALSE(same_fields(other, r));
  EXPECT_NE(nlohmann::json::parse(encode_case_request(other)), object_form(r));
}

}  // namespace
}  // namespace poolcheck::worker
