// The worker's binary result record: every field of a result and its tensors comes back as it went (numbers to the
// bit, NaN and infinities included), and a damaged record is refused naming the field, never read past its end.
#include "worker/result_wire.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>

#include "reports/case_result_json.h"
#include "tests/report_fixtures.h"

namespace poolcheck::worker {
namespace {

// Every field off its default, so a field the codec dropped or swapped shows in the comparison.
CaseResult full_result() {
  CaseResult r = reports::testing::sample_result(Outcome::Fail, 5);
  r.atomics = true;
  r.err.max_abs_err = std::numeric_limits<double>::infinity();
  r.err.max_rel_err = -0.0;
  r.rerun = {RerunCheck::Bitwise, "cores=3 ub=16384 schedule=0x9e37", true, 11, 0x3C00, 0x3C01};
  r.seconds = 0.1 + 0.2;  // not a short decimal: JSON would need all 17 digits
  r.target = "cell maxpool3d_grad Normal f16 views";
  r.source = "atk.json#7";
  r.tiling_expected = "Normal/0 vl=64 cut=0 (whole plane fits)";
  r.message = std::string("two\nlines and a NUL \0 inside", 28);
  return r;
}

std::string as_json(const CaseResult& r) { return reports::result_to_json(r).dump(); }

TEST(ResultWire, EveryFieldAndTensorComesBackExactly) {
  const CaseResult r = full_result();
  CaseTensors t{{2, 3, 2, 4, 4}, {1.5, std::nan("")}, {1.5, -2}, {0.0, 0x1p-30}};
  std::string record;
  pack_result(r, &t, &record);
  CaseTensors back;
  const CaseResult got = unpack_result(record, {}, &back);
  EXPECT_EQ(as_json(got), as_json(r));
  EXPECT_EQ(got.c, normalized(r.c));
  EXPECT_EQ(got.message, r.message);
  EXPECT_EQ(got.seconds, r.seconds);
  EXPECT_TRUE(std::signbit(got.err.max_rel_err));
  EXPECT_EQ(back.grad_input_shape, t.grad_input_shape);
  EXPECT_EQ(back.oracle, t.oracle);
  EXPECT_EQ(back.bound, t.bound);
  ASSERT_EQ(back.impl.size(), 2u);
  EXPECT_TRUE(std::isnan(back.impl[1]));
}

// The case the request carried replaces parsing its descriptor, and gives what parsing gives; a reply naming
// another descriptor is parsed.
TEST(ResultWire, AKnownCaseGivesWhatParsingGives) {
  const CaseResult r = full_result();
  std::string record;
  pack_result(r, nullptr, &record);
  const std::string sent = r.descriptor;
  EXPECT_EQ(unpack_result(record, {&sent, &r.c}, nullptr).c, unpack_result(record, {}, nullptr).c);
  Case other = reports::testing::sample_case(99);
  const std::string other_descriptor = to_descriptor(other);
  EXPECT_EQ(unpack_result(record, {&other_descriptor, &other}, nullptr).c.seed, r.c.seed);
}

TEST(ResultWire, ControlADamagedRecordIsRefusedByField) {
  std::string record;
  pack_result(full_result(), nullptr, &record);
  const auto refusal = [](const std::string& bytes) {
    try {
      unpack_result(bytes, {}, nullptr);
      return std::string("(accepted)");
    } catch (const std::runtime_error& e) {
      return std::string(e.what());
    }
  };
  EXPECT_EQ(refusal(record.substr(0, 20)), "result record: field 'descriptor' claims " +
                                               std::to_string(to_descriptor(full_result().c).size()) +
                                               " elements but 11 bytes are left");
  EXPECT_EQ(refusal(record.substr(0, record.size() - 1)), "result record: truncated in field 'tensors'");
  EXPECT_EQ(refusal(record + "x"), "result record: 1 bytes after the last field");
  EXPECT_EQ(refusal("{\"result\":{}}"), "result record: it does not start with the record tag");
  std::string bad_outcome = record;
  bad_outcome[1 + 8 + full_result().descriptor.size()] = 99;  // the outcome byte after the descriptor
  EXPECT_EQ(refusal(bad_outcome), "result record: field 'outcome' holds 99, not an outcome");
  // The rerun check's byte: the one where a record of another check differs.
  CaseResult tolerance = full_result();
  tolerance.rerun.check = RerunCheck::Tolerance;
  std::string other_check;
  pack_result(tolerance, nullptr, &other_check);
  ASSERT_EQ(other_check.size(), record.size());
  std::string bad_check = record;
  for (size_t i = 0; i < record.size(); ++i)
    if (record[i] != other_check[i]) bad_check[i] = 9;
  EXPECT_EQ(refusal(bad_check), "result record: field 'rerun.check' holds 9, not a rerun check");
  std::string bad_bool = record;
  bad_bool.back() = 2;  // the last field: whether tensors follow
  EXPECT_EQ(refusal(bad_bool), "result record: field 'tensors' holds 2, not a bool");
  EXPECT_EQ(refusal(record).substr(0, 10), "(accepted)");  // the record itself reads
}

}  // namespace
}  // namespace poolcheck::worker
