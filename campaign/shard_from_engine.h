// Which shard of the case stream this process runs, from the job engine that started it (`run --shard auto`):
// a Kubernetes Indexed Job, a Slurm job array or GNU parallel. docs/scale.md shows each engine's files.
#pragma once

#include <functional>
#include <optional>
#include <string>

namespace poolcheck {

struct ShardAssignment {
  int index = 0;  // 0-based, below count
  int count = 1;
  std::string source;  // how it was found, for the run's summary: "Slurm job array (SLURM_ARRAY_TASK_ID=5, ...)"
};

// The value of an environment variable, or nullopt when it is not set (std::getenv in the tool, a map in tests).
using EnvironmentLookup = std::function<std::optional<std::string>(const std::string& name)>;

// The variable that carries the shard count where the engine does not pass it (Kubernetes, GNU parallel).
inline constexpr const char* kShardCountVariable = "POOLCHECK_SHARD_COUNT";

// The shard from exactly one engine's variables; `count_option` (--shard-count) gives or checks the count.
// Throws std::invalid_argument naming the variable, its value and the rule when a variable is missing,
// malformed or inconsistent, when no engine's variables are set, or when several engines' are.
ShardAssignment shard_from_engine(const EnvironmentLookup& env, std::optional<long> count_option, long max_shards);

// std::getenv as an EnvironmentLookup.
EnvironmentLookup process_environment();

}  // namespace poolcheck
