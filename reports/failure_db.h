// The failure database: a directory with one JSON file per failing case (descriptor, seeds, first-seen
// details), named by a stable hash of the descriptor so the same case found twice is stored once. `run`
// replays it before each campaign; `report promote` turns an entry into a checked-in regression file.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "case/result.h"

namespace poolcheck::reports {

inline constexpr const char* kDefaultFailureDb = "poolcheck-failures";
inline constexpr const char* kRegressionSuffix = ".case";

struct FailureEntry {
  std::string id;  // failure_id(descriptor)
  std::string descriptor;
  uint64_t case_seed = 0;      // the data seed inside the descriptor, for readers
  uint64_t campaign_seed = 0;  // the campaign that first found it
  std::string op;
  std::string outcome;     // first seen as
  std::string message;     // first seen with
  std::string first_seen;  // UTC, ISO 8601
  std::filesystem::path file;
};

// Where `run` keeps the failure database by default: poolcheck-failures/ beside the report directory.
std::filesystem::path failure_db_beside(const std::filesystem::path& report_dir);

// 16 hex digits of the 64-bit FNV-1a hash of the descriptor.
std::string failure_id(const std::string& descriptor);

// Throws std::runtime_error naming the file when it is unreadable or not an entry.
FailureEntry read_failure_entry(const std::filesystem::path& file);

class FailureDb {
 public:
  explicit FailureDb(std::filesystem::path dir) : dir_(std::move(dir)) {}
  const std::filesystem::path& dir() const { return dir_; }
  // Every entry, ordered by id; an absent directory is an empty database.
  std::vector<FailureEntry> load() const;
  // Stores a failing result unless its id is already there (the first sighting is kept). Returns true
  // when a new file was written (atomically).
  bool save(const CaseResult& r, uint64_t campaign_seed) const;
  // Adds every entry of `other` this database lacks (each failure once, by id); where both have it, the earlier
  // sighting is kept. Returns how many entries were added or replaced.
  size_t absorb(const FailureDb& other) const;
  // The entry for an id (or a unique id prefix) or a path to an entry file; throws std::runtime_error.
  FailureEntry find(const std::string& id_or_file) const;

 private:
  std::filesystem::path dir_;
};

// Writes `to_dir`/<id>.case, a case list of one case: comment lines saying where the case came from, then the
// descriptor line with its source comment.
std::filesystem::path promote_to_regression(const FailureEntry& e, const std::filesystem::path& to_dir);
// The descriptor of a .case file (its first line that is neither blank nor a # comment); throws.
std::string read_regression_descriptor(const std::filesystem::path& file);

}  // namespace poolcheck::reports
