#include "reports/run_json.h"

#include <chrono>
#include <ctime>
#include <stdexcept>

#include "reports/json_fields.h"
#include "reports/json_number.h"
#include "reports/summary_json.h"

namespace poolcheck::reports {

using nlohmann::json;

namespace {

std::string utc_text(std::time_t t) {
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

double number_field(const json& j, const char* name) {
  try {
    return number_from_json(field(j, name));
  } catch (const std::exception& e) {
    throw std::invalid_argument(std::string("field '") + name + "': " + e.what());
  }
}

}  // namespace

RunRecord run_record_now(const CampaignSummary& parameters) {
  RunRecord r;
  copy_parameters(parameters, r.parameters);
  const auto now = std::chrono::system_clock::now();
  r.started_at = utc_text(std::chrono::system_clock::to_time_t(now));
  r.started_unix = std::chrono::duration<double>(now.time_since_epoch()).count();
  return r;
}

json run_to_json(const RunRecord& r) {
  json j;
  j["tool"] = "poolcheck";
  j["format_version"] = kRunFormatVersion;
  parameters_to_json(r.parameters, j);
  j["started_at"] = r.started_at;
  j["started_unix"] = json_number(r.started_unix);
  j["finished"] = r.finished;
  if (!r.cases_file.empty()) j["cases_file"] = r.cases_file;
  if (r.until_covered) j["until_covered"] = r.until_covered;
  if (r.finished) {
    j["stop"] = stop_reason_name(r.stop);
    j["seconds"] = json_number(r.seconds);
  }
  return j;
}

RunRecord run_from_json(const json& j) {
  require_format(j, "run record", kRunFormatVersion);
  RunRecord r;
  parameters_from_json(j, r.parameters);
  r.started_at = get<std::string>(j, "started_at");
  r.started_unix = number_field(j, "started_unix");
  r.finished = get<bool>(j, "finished");
  r.cases_file = j.value("cases_file", "");
  r.until_covered = j.value("until_covered", int64_t{0});
  if (r.finished) {
    const auto stop = get<std::string>(j, "stop");
    if (!parse_stop_reason(stop, &r.stop)) throw std::invalid_argument("field 'stop': unknown '" + stop + "'");
    r.seconds = number_field(j, "seconds");
  }
  return r;
}

void copy_parameters(const CampaignSummary& from, CampaignSummary& into) {
  into.ops = from.ops;
  into.seed = from.seed;
  into.max_cases = from.max_cases;
  into.max_seconds = from.max_seconds;
  into.invalid_fraction = from.invalid_fraction;
  into.shard_index = from.shard_index;
  into.shard_count = from.shard_count;
  into.backend = from.backend;
}

}  // namespace poolcheck::reports
