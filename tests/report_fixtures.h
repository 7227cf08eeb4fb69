// Shared fixtures of the report tests (tests/reports_*_test.cpp): sample results and summaries, and a
// scratch directory. Header-only, for tests; not part of poolcheck_reports.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "case/descriptor.h"
#include "case/summary.h"

namespace poolcheck::reports::testing {

inline Case sample_case(uint64_t seed = 17) {
  Case c;
  c.op = "maxpool3d_grad";
  c.platform = "Ascend910B";
  TensorArg go{true, DType::F16, Format::ND, {2, 3, 1, 2, 2}, {}, 0, -1};
  TensorArg x{true, DType::F16, Format::ND, {2, 3, 2, 4, 4}, {}, 0, -1};
  TensorArg idx{true, DType::I32, Format::ND, {2, 3, 1, 2, 2}, {}, 0, -1};
  TensorArg gi = x;
  c.tensors = {{"gradOutput", go}, {"self", x}, {"indices", idx}, {"gradInput", gi}};
  c.arrays = {
      {"kernelSize", {true, {2}}}, {"stride", {true, {2}}}, {"padding", {true, {0}}}, {"dilation", {true, {1}}}};
  c.scalars = {{"ceilMode", 0}};
  c.seed = seed;
  return c;
}

inline CaseResult sample_result(Outcome o, uint64_t seed = 17) {
  CaseResult r;
  r.c = sample_case(seed);
  r.descriptor = to_descriptor(r.c);
  r.outcome = o;
  r.expected_status = o == Outcome::ExpectedError || o == Outcome::WrongError ? 161002 : 0;
  r.expected_phase = Phase::GetWorkspaceSize;
  r.expected_rule = r.expected_status ? "MP.PARAM.PADDING_RANGE" : "";
  r.observed_status = o == Outcome::WrongError ? 161001 : r.expected_status;
  r.observed_phase = Phase::GetWorkspaceSize;
  if (o == Outcome::Pass || o == Outcome::Fail) {
    r.tiling_known = true;
    r.strategy = "Normal";
    r.tiling_key = 100;
    r.tiling = "Normal key=100 lanes=64 blockDim=2";
    r.block_dim = 2;
    r.ub_high_water = 12288;
    r.workspace_bytes = 4096;
    r.err = ErrorStats{192, o == Outcome::Fail ? 3 : 0, 0.25, 4, o == Outcome::Fail ? 2.5 : 0.5, 7, 0.125};
  }
  r.seconds = 0.00125;
  r.message = o == Outcome::Fail ? "gradInput[7] = 1.25 | oracle 1 \"beyond\" <bound> & more" : "";
  return r;
}

inline CampaignSummary sample_summary() {
  CampaignSummary s;
  s.ops = {"maxpool3d_grad"};
  s.seed = 42;
  s.max_cases = 10;
  s.invalid_fraction = 0.25;
  for (int i = 0; i < 6; ++i) s.add(sample_result(Outcome::Pass, 100 + i));
  for (int i = 0; i < 2; ++i) s.add(sample_result(Outcome::ExpectedError, 200 + i));
  s.add(sample_result(Outcome::Fail, 300));
  s.add(sample_result(Outcome::Crash, 301));
  s.seconds = 2.0;
  s.cases_per_second = 5.0;
  return s;
}

inline std::string slurp(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream os;
  os << in.rdbuf();
  return os.str();
}

class ScratchDir {
 public:
  ScratchDir() {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    path_ = std::filesystem::temp_directory_path() /
            ("poolcheck_reports_" + std::to_string(::getpid()) + "_" + info->test_suite_name() + "_" + info->name());
    std::filesystem::remove_all(path_);
    std::filesystem::create_directories(path_);
  }
  ~ScratchDir() { std::filesystem::remove_all(path_); }
  const std::filesystem::path& path() const { return path_; }
  std::vector<std::string> entries() const {
    std::vector<std::string> names;
    for (const auto& e : std::filesystem::directory_iterator(path_)) names.push_back(e.path().filename().string());
    std::sort(names.begin(), names.end());
    return names;
  }

 private:
  std::filesystem::path path_;
};

}  // namespace poolcheck::reports::testing
