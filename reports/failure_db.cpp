#include "reports/failure_db.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "case/descriptor.h"
#include "reports/atomic_file.h"
#include "reports/json_fields.h"

namespace poolcheck::reports {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

std::string utc_now() {
  const std::time_t t = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

std::string slurp_text(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open " + p.string());
  return std::string(std::istreambuf_iterator<char>(in), {});
}

}  // namespace

std::string failure_id(const std::string& descriptor) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (unsigned char ch : descriptor) {
    h ^= ch;
    h *= 0x100000001b3ull;
  }
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
  return buf;
}

fs::path failure_db_beside(const fs::path& report_dir) {
  fs::path report = report_dir.lexically_normal();
  if (!report.has_filename()) report = report.parent_path();  // "out/" names the directory "out"
  return report.parent_path() / kDefaultFailureDb;
}

FailureEntry read_failure_entry(const fs::path& file) {
  try {
    const json j = json::parse(slurp_text(file));
    FailureEntry e;
    e.descriptor = get<std::string>(j, "descriptor");
    e.id = get<std::string>(j, "id");
    if (e.id != failure_id(e.descriptor)) throw std::invalid_argument("id does not match the descriptor");
    e.case_seed = get<uint64_t>(j, "case_seed");
    e.campaign_seed = get<uint64_t>(j, "campaign_seed");
    e.op = get<std::string>(j, "op");
    e.outcome = get<std::string>(j, "outcome");
    e.message = get<std::string>(j, "message");
    e.first_seen = get<std::string>(j, "first_seen");
    e.file = file;
    return e;
  } catch (const std::runtime_error&) {
    throw;
  } catch (const std::exception& ex) {
    throw std::runtime_error(file.string() + ": not a failure-database entry: " + ex.what());
  }
}

std::vector<FailureEntry> FailureDb::load() const {
  std::vector<FailureEntry> v;
  std::error_code ec;
  if (!fs::is_directory(dir_, ec)) return v;
  for (const auto& f : fs::directory_iterator(dir_)) {
    // Hidden names are AtomicFile's temporaries.
    const std::string name = f.path().filename().string();
    if (f.is_regular_file() && f.path().extension() == ".json" && name[0] != '.') v.push_back(read_failure_entry(f));
  }
  std::sort(v.begin(), v.end(), [](const auto& a, const auto& b) { return a.id < b.id; });
  return v;
}

bool FailureDb::save(const CaseResult& r, uint64_t campaign_seed) const {
  const std::string id = failure_id(r.descriptor);
  const fs::path file = dir_ / (id + ".json");
  std::error_code ec;
  if (fs::exists(file, ec)) return false;
  fs::create_directories(dir_, ec);
  if (ec) throw std::runtime_error("cannot create " + dir_.string() + ": " + ec.message());
  const json j = {
      {"id", id},     {"descriptor", r.descriptor},         {"case_seed", r.c.seed}, {"campaign_seed", campaign_seed},
      {"op", r.c.op}, {"outcome", outcome_name(r.outcome)}, {"message", r.message},  {"first_seen", utc_now()}};
  write_file_atomic(file, j.dump(2, ' ', false, json::error_handler_t::replace) + "\n");
  return true;
}

size_t FailureDb::absorb(const FailureDb& other) const {
  size_t changed = 0;
  std::error_code ec;
  for (const FailureEntry& e : other.load()) {
    const fs::path mine = dir_ / (e.id + ".json");
    // ISO 8601 UTC times order as text.
    if (fs::exists(mine, ec) && read_failure_entry(mine).first_seen <= e.first_seen) continue;
    fs::create_directories(dir_, ec);
    if (ec) throw std::runtime_error("cannot create " + dir_.string() + ": " + ec.message());
    std::ifstream in(e.file, std::ios::binary);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (!in && !in.eof()) throw std::runtime_error("cannot read " + e.file.string());
    write_file_atomic(mine, text);
    ++changed;
  }
  return changed;
}

FailureEntry FailureDb::find(const std::string& id_or_file) const {
  std::error_code ec;
  if (fs::is_regular_file(id_or_file, ec)) return read_failure_entry(id_or_file);
  std::vector<FailureEntry> hits;
  for (auto& e : load()) {
    if (!id_or_file.empty() && e.id.rfind(id_or_file, 0) == 0) hits.push_back(std::move(e));
  }
  if (hits.size() == 1) return hits.front();
  throw std::runtime_error((hits.empty() ? "no entry '" : "ambiguous id '") + id_or_file + "' in " + dir_.string());
}

fs::path promote_to_regression(const FailureEntry& e, const fs::path& to_dir) {
  std::error_code ec;
  fs::create_directories(to_dir, ec);
  if (ec) throw std::runtime_error("cannot create " + to_dir.string() + ": " + ec.message());
  const fs::path file = to_dir / (e.id + kRegressionSuffix);
  std::string text = "# poolcheck regression case " + e.id + ": must pass (replayed by ctest).\n";
  text += "# first seen " + e.first_seen + " as " + e.outcome + " in campaign seed " + std::to_string(e.campaign_seed) +
          "\n";
  std::string msg = e.message.substr(0, 300);
  std::replace(msg.begin(), msg.end(), '\n', ' ');
  if (!msg.empty()) text += "# " + msg + "\n";
  // A case list of one case (run --cases-file reads it), naming its source.
  text += e.descriptor + "  # failure " + e.id + "\n";
  write_file_atomic(file, text);
  return file;
}

std::string read_regression_descriptor(const fs::path& file) {
  std::ifstream in(file);
  if (!in) throw std::runtime_error("cannot open " + file.string());
  std::string line;
  while (std::getline(in, line)) {
    const CaseLine parts = split_case_line(line);  // a .case file is a case list of one case
    if (!parts.descriptor.empty()) return parts.descriptor;
  }
  throw std::runtime_error(file.string() + " holds no descriptor line");
}

}  // namespace poolcheck::reports
