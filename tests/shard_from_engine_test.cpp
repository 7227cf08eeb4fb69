// `run --shard auto`: each job engine's variables give the shard, and every missing, malformed, inconsistent or
// ambiguous variable is an error naming the variable, its value and the rule.
#include "campaign/shard_from_engine.h"

#include <gtest/gtest.h>

#include <map>
#include <stdexcept>

namespace poolcheck {
namespace {

constexpr long kMax = 1'000'000;

EnvironmentLookup env(std::map<std::string, std::string> vars) {
  return [vars](const std::string& name) -> std::optional<std::string> {
    const auto it = vars.find(name);
    return it == vars.end() ? std::nullopt : std::optional<std::string>(it->second);
  };
}

// The message of the error shard_from_engine throws, or a test failure when it throws none.
std::string error_of(const EnvironmentLookup& e, std::optional<long> count = std::nullopt) {
  try {
    const ShardAssignment s = shard_from_engine(e, count, kMax);
    ADD_FAILURE() << "no error: shard " << s.index << "/" << s.count << " from " << s.source;
  } catch (const std::invalid_argument& ex) {
    return ex.what();
  }
  return "";
}

TEST(ShardFromEngine, KubernetesIndexWithTheCountFromTheOptionOrTheVariable) {
  const ShardAssignment a = shard_from_engine(env({{"JOB_COMPLETION_INDEX", "3"}}), 8, kMax);
  EXPECT_EQ(a.index, 3);
  EXPECT_EQ(a.count, 8);
  EXPECT_NE(a.source.find("Kubernetes Indexed Job (JOB_COMPLETION_INDEX=3, --shard-count 8)"), std::string::npos)
      << a.source;
  const ShardAssignment b =
      shard_from_engine(env({{"JOB_COMPLETION_INDEX", "0"}, {"POOLCHECK_SHARD_COUNT", "2"}}), std::nullopt, kMax);
  EXPECT_EQ(b.index, 0);
  EXPECT_EQ(b.count, 2);
  EXPECT_NE(b.source.find("POOLCHECK_SHARD_COUNT=2"), std::string::npos) << b.source;
}

TEST(ShardFromEngine, SlurmArrayIndexIsRelativeToItsFirstTaskAndStep) {
  const ShardAssignment a = shard_from_engine(
      env({{"SLURM_ARRAY_TASK_ID", "7"}, {"SLURM_ARRAY_TASK_MIN", "5"}, {"SLURM_ARRAY_TASK_COUNT", "4"}}), std::nullopt,
      kMax);
  EXPECT_EQ(a.index, 2);
  EXPECT_EQ(a.count, 4);
  EXPECT_NE(a.source.find("Slurm job array (SLURM_ARRAY_TASK_ID=7"), std::string::npos) << a.source;
  const ShardAssignment b = shard_from_engine(env({{"SLURM_ARRAY_TASK_ID", "12"},
                                                   {"SLURM_ARRAY_TASK_MIN", "0"},
                                                   {"SLURM_ARRAY_TASK_COUNT", "4"},
                                                   {"SLURM_ARRAY_TASK_STEP", "4"}}),
                                              4, kMax);
  EXPECT_EQ(b.index, 3);
  EXPECT_EQ(b.count, 4);
}

TEST(ShardFromEngine, GnuParallelSequenceCountsFromOne) {
  const ShardAssignment a = shard_from_engine(env({{"PARALLEL_SEQ", "4"}}), 4, kMax);
  EXPECT_EQ(a.index, 3);
  EXPECT_EQ(a.count, 4);
  EXPECT_NE(a.source.find("GNU parallel (PARALLEL_SEQ=4, --shard-count 4)"), std::string::npos) << a.source;
}

// Controls: each wrong environment is refused, and the message names what is wrong.
TEST(ShardFromEngine, NoEngineIsAnErrorListingTheVariablesLookedFor) {
  EXPECT_EQ(error_of(env({})),
            "--shard auto: none of JOB_COMPLETION_INDEX, SLURM_ARRAY_TASK_ID, PARALLEL_SEQ is set (no job engine "
            "started this run)");
}

TEST(ShardFromEngine, AMissingCountIsAnErrorNamingBothWaysToGiveIt) {
  EXPECT_NE(error_of(env({{"PARALLEL_SEQ", "1"}}))
                .find("GNU parallel does not pass the number of shards: give "
                      "--shard-count N or POOLCHECK_SHARD_COUNT=N"),
            std::string::npos);
  EXPECT_NE(error_of(env({{"JOB_COMPLETION_INDEX", "1"}})).find("a Kubernetes Indexed Job does not pass"),
            std::string::npos);
}

TEST(ShardFromEngine, MalformedValuesAreErrorsNamingTheVariableAndValue) {
  EXPECT_NE(
      error_of(env({{"JOB_COMPLETION_INDEX", "two"}}), 4).find("JOB_COMPLETION_INDEX='two' is not a whole number"),
      std::string::npos);
  EXPECT_NE(error_of(env({{"PARALLEL_SEQ", "0"}}), 4).find("PARALLEL_SEQ='0' is not a whole number in [1, 1000000]"),
            std::string::npos);
  EXPECT_NE(error_of(env({{"PARALLEL_SEQ", "1"}, {"POOLCHECK_SHARD_COUNT", "3x"}})).find("POOLCHECK_SHARD_COUNT='3x'"),
            std::string::npos);
}

TEST(ShardFromEngine, InconsistentVariablesAreErrors) {
  EXPECT_NE(error_of(env({{"JOB_COMPLETION_INDEX", "4"}}), 4).find("shard index 4 is outside [0, 4)"),
            std::string::npos);
  EXPECT_NE(error_of(env({{"PARALLEL_SEQ", "1"}, {"POOLCHECK_SHARD_COUNT", "3"}}), 4).find("disagree"),
            std::string::npos);
  EXPECT_NE(error_of(env({{"SLURM_ARRAY_TASK_ID", "3"}, {"SLURM_ARRAY_TASK_COUNT", "4"}}))
                .find("SLURM_ARRAY_TASK_MIN is not"),
            std::string::npos);
  EXPECT_NE(
      error_of(env({{"SLURM_ARRAY_TASK_ID", "3"}, {"SLURM_ARRAY_TASK_MIN", "0"}, {"SLURM_ARRAY_TASK_COUNT", "4"}}), 5)
          .find("--shard-count 5 disagrees with SLURM_ARRAY_TASK_COUNT=4"),
      std::string::npos);
  // An array given as a list (--array=1,3,7): the last task's index lands outside the count.
  EXPECT_NE(
      error_of(env({{"SLURM_ARRAY_TASK_ID", "7"}, {"SLURM_ARRAY_TASK_MIN", "1"}, {"SLURM_ARRAY_TASK_COUNT", "3"}}))
          .find("shard index 6 is outside [0, 3)"),
      std::string::npos);
}

TEST(ShardFromEngine, TwoEnginesAreAmbiguous) {
  EXPECT_NE(error_of(env({{"JOB_COMPLETION_INDEX", "0"}, {"PARALLEL_SEQ", "1"}}), 2)
                .find("both JOB_COMPLETION_INDEX and PARALLEL_SEQ are set"),
            std::string::npos);
}

}  // namespace
}  // namespace poolcheck
