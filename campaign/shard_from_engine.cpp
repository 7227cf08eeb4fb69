#include "campaign/shard_from_engine.h"

#include <charconv>
#include <cstdlib>
#include <stdexcept>
#include <vector>

namespace poolcheck {

namespace {

constexpr long kLargestTaskId = 1L << 40;  // far above any array Slurm accepts; bounds the arithmetic below

// A whole number in [lo, hi] from variable `name`, or an error naming the variable, its value and the range.
long whole_number(const std::string& name, const std::string& value, long lo, long hi) {
  long v = 0;
  const char* end = value.data() + value.size();
  const auto [ptr, ec] = std::from_chars(value.data(), end, v);
  if (value.empty() || ec != std::errc() || ptr != end || v < lo || v > hi) {
    throw std::invalid_argument("--shard auto: " + name + "='" + value + "' is not a whole number in [" +
                                std::to_string(lo) + ", " + std::to_string(hi) + "]");
  }
  return v;
}

std::string assignment_text(const std::string& name, const std::string& value) { return name + "=" + value; }

// The count where the engine does not pass one: --shard-count, else POOLCHECK_SHARD_COUNT; both must agree.
long count_not_passed(const EnvironmentLookup& env, std::optional<long> count_option, long max_shards,
                      const std::string& engine, std::string* source) {
  const auto variable = env(kShardCountVariable);
  std::optional<long> from_variable;
  if (variable) from_variable = whole_number(kShardCountVariable, *variable, 1, max_shards);
  if (count_option && from_variable && *count_option != *from_variable) {
    throw std::invalid_argument("--shard auto: --shard-count " + std::to_string(*count_option) + " and " +
                                kShardCountVariable + "=" + *variable + " disagree");
  }
  if (count_option) {
    *source += ", --shard-count " + std::to_string(*count_option);
    return *count_option;
  }
  if (from_variable) {
    *source += ", " + assignment_text(kShardCountVariable, *variable);
    return *from_variable;
  }
  throw std::invalid_argument("--shard auto: " + engine +
                              " does not pass the number of shards: give --shard-count N or " + kShardCountVariable +
                              "=N");
}

ShardAssignment checked(long index, long count, std::string source) {
  if (index < 0 || index >= count) {
    throw std::invalid_argument("--shard auto: shard index " + std::to_string(index) + " is outside [0, " +
                                std::to_string(count) + ") (" + source + ")");
  }
  return {static_cast<int>(index), static_cast<int>(count), std::move(source)};
}

ShardAssignment from_kubernetes(const EnvironmentLookup& env, std::optional<long> count_option, long max_shards) {
  const std::string value = *env("JOB_COMPLETION_INDEX");
  const long index = whole_number("JOB_COMPLETION_INDEX", value, 0, max_shards - 1);
  std::string source = "Kubernetes Indexed Job (" + assignment_text("JOB_COMPLETION_INDEX", value);
  const long count = count_not_passed(env, count_option, max_shards, "a Kubernetes Indexed Job", &source);
  return checked(index, count, source + ")");
}

ShardAssignment from_slurm(const EnvironmentLookup& env, std::optional<long> count_option, long max_shards) {
  std::string source = "Slurm job array (";
  struct Variable {
    const char* name;
    long lo, hi;
  };
  const Variable variables[] = {{"SLURM_ARRAY_TASK_ID", 0, kLargestTaskId},
                                {"SLURM_ARRAY_TASK_MIN", 0, kLargestTaskId},
                                {"SLURM_ARRAY_TASK_COUNT", 1, max_shards}};
  std::vector<long> v;
  for (const Variable& var : variables) {
    const auto value = env(var.name);
    if (!value) {
      throw std::invalid_argument(std::string("--shard auto: SLURM_ARRAY_TASK_ID is set but ") + var.name +
                                  " is not (sbatch --array sets both)");
    }
    v.push_back(whole_number(var.name, *value, var.lo, var.hi));
    source += (v.size() > 1 ? ", " : "") + assignment_text(var.name, *value);
  }
  long step = 1;
  if (const auto s = env("SLURM_ARRAY_TASK_STEP")) {
    step = whole_number("SLURM_ARRAY_TASK_STEP", *s, 1, kLargestTaskId);
    source += ", " + assignment_text("SLURM_ARRAY_TASK_STEP", *s);
  }
  const long id = v[0], min = v[1], count = v[2];
  if (id < min || (id - min) % step != 0) {
    throw std::invalid_argument("--shard auto: SLURM_ARRAY_TASK_ID " + std::to_string(id) + " is not MIN + k * STEP (" +
                                source + "): give sbatch a range such as --array=0-" + std::to_string(count - 1));
  }
  if (count_option && *count_option != count) {
    throw std::invalid_argument("--shard auto: --shard-count " + std::to_string(*count_option) +
                                " disagrees with SLURM_ARRAY_TASK_COUNT=" + std::to_string(count));
  }
  return checked((id - min) / step, count, source + ")");
}

ShardAssignment from_gnu_parallel(const EnvironmentLookup& env, std::optional<long> count_option, long max_shards) {
  const std::string value = *env("PARALLEL_SEQ");
  const long seq = whole_number("PARALLEL_SEQ", value, 1, max_shards);  // GNU parallel counts jobs from 1
  std::string source = "GNU parallel (" + assignment_text("PARALLEL_SEQ", value);
  const long count = count_not_passed(env, count_option, max_shards, "GNU parallel", &source);
  return checked(seq - 1, count, source + ")");
}

}  // namespace

ShardAssignment shard_from_engine(const EnvironmentLookup& env, std::optional<long> count_option, long max_shards) {
  if (count_option && (*count_option < 1 || *count_option > max_shards)) {
    throw std::invalid_argument("--shard-count " + std::to_string(*count_option) + " is outside [1, " +
                                std::to_string(max_shards) + "]");
  }
  struct Engine {
    const char* variable;
    ShardAssignment (*read)(const EnvironmentLookup&, std::optional<long>, long);
  };
  static constexpr Engine kEngines[] = {{"JOB_COMPLETION_INDEX", from_kubernetes},
                                        {"SLURM_ARRAY_TASK_ID", from_slurm},
                                        {"PARALLEL_SEQ", from_gnu_parallel}};
  const Engine* found = nullptr;
  std::string names;
  for (const Engine& e : kEngines) {
    names += std::string(names.empty() ? "" : ", ") + e.variable;
    if (!env(e.variable)) continue;
    if (found) {
      throw std::invalid_argument(std::string("--shard auto: both ") + found->variable + " and " + e.variable +
                                  " are set, so the engine is ambiguous: give --shard K/N");
    }
    found = &e;
  }
  if (!found)
    throw std::invalid_argument("--shard auto: none of " + names + " is set (no job engine started this run)");
  return found->read(env, count_option, max_shards);
}

EnvironmentLookup process_environment() {
  return [](const std::string& name) -> std::optional<std::string> {
    const char* v = std::getenv(name.c_str());
    return v ? std::optional<std::string>(v) : std::nullopt;
  };
}

}  // namespace poolcheck
