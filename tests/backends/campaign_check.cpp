// Checks a campaign run against a misbehaving backend (misbehaving_backend.cpp) by its results.jsonl and the
// same campaign run against the plain emulator:
//   - every case of the reference run is there, in the same order (no case lost);
//   - a case whose planned call would reach the execute phase with gradInput's innermost extent 3 (the trigger)
//     has one of the expected outcomes and a message matching the expected text;
//   - every other case has exactly the reference run's outcome.
//
//   backend_campaign_check REFERENCE.jsonl TESTED.jsonl OUTCOMES MESSAGE_TEXT
// OUTCOMES is a comma-separated list (e.g. "crash" or "fail,unexpected-success"), MESSAGE_TEXT one text or
// comma-separated alternatives. Exit 0 when all holds.
#include <algorithm>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "case/descriptor.h"

namespace {

std::vector<nlohmann::json> read_lines(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot open " + path);
  std::vector<nlohmann::json> v;
  std::string line;
  while (std::getline(in, line))
    if (!line.empty()) v.push_back(nlohmann::json::parse(line));
  return v;
}

// The reference call got past GetWorkspaceSize (so the misbehaving execute would run) on a triggering shape.
bool triggers(const nlohmann::json& reference) {
  const auto& observed = reference.at("observed");
  const bool planned = observed.at("status").get<int>() == 0 || observed.at("phase").get<std::string>() == "Execute";
  if (!planned) return false;
  const poolcheck::ParseResult p = poolcheck::parse_descriptor(reference.at("descriptor").get<std::string>());
  if (!p.ok) throw std::runtime_error("reference descriptor does not parse: " + p.error);
  const poolcheck::TensorArg* g = p.value.tensor("gradInput");
  return g && g->present && !g->shape.empty() && g->shape.back() == 3;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 5) {
    std::cerr << "usage: backend_campaign_check REFERENCE.jsonl TESTED.jsonl OUTCOMES MESSAGE_TEXT\n";
    return 2;
  }
  try {
    const auto reference = read_lines(argv[1]), tested = read_lines(argv[2]);
    std::set<std::string> expected;
    std::stringstream list(argv[3]);
    for (std::string o; std::getline(list, o, ',');) expected.insert(o);
    std::vector<std::string> needles;
    std::stringstream texts(argv[4]);
    for (std::string t; std::getline(texts, t, ',');) needles.push_back(t);
    auto names_a_check = [&](const std::string& message) {
      return std::any_of(needles.begin(), needles.end(),
                         [&](const std::string& n) { return message.find(n) != std::string::npos; });
    };
    int problems = 0, triggered = 0, others = 0;
    auto problem = [&](size_t i, const std::string& what) {
      if (problems++ < 10) std::cerr << "case " << i << ": " << what << "\n";
    };
    if (tested.size() != reference.size())
      problem(tested.size(), "the run has " + std::to_string(tested.size()) + " cases, the reference " +
                                 std::to_string(reference.size()));
    for (size_t i = 0; i < std::min(reference.size(), tested.size()); ++i) {
      const auto& ref = reference[i];
      const auto& got = tested[i];
      if (ref.at("descriptor") != got.at("descriptor")) {
        problem(i, "a different case than the reference's");
        continue;
      }
      const std::string outcome = got.at("outcome").get<std::string>();
      const std::string message = got.at("message").get<std::string>();
      if (triggers(ref)) {
        ++triggered;
        if (!expected.count(outcome)) problem(i, "triggered, but the outcome is " + outcome + ": " + message);
        if (!names_a_check(message)) problem(i, "triggered, message lacks '" + std::string(argv[4]) + "': " + message);
      } else {
        ++others;
        if (outcome != ref.at("outcome").get<std::string>())
          problem(i, "not triggered, but " + outcome + " instead of the reference's " +
                         ref.at("outcome").get<std::string>() + ": " + message);
      }
    }
    std::cout << triggered << " triggered case(s), " << others << " other case(s), " << problems << " problem(s)\n";
    if (triggered == 0) {
      std::cerr << "no case triggered the misbehaviour: the check proves nothing\n";
      return 1;
    }
    return problems == 0 ? 0 : 1;
  } catch (const std::exception& e) {
    std::cerr << "backend_campaign_check: " << e.what() << "\n";
    return 2;
  }
}
