#include "worker/protocol.h"

#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string_view>

#include "reports/json_number.h"
#include "reports/json_text.h"
#include "worker/result_wire.h"

namespace poolcheck::worker {

namespace {

using nlohmann::json;

json numbers(const std::vector<double>& v) {
  json a = json::array();
  for (double x : v) a.push_back(reports::json_number(x));
  return a;
}

std::vector<double> numbers_from(const json& a) {
  std::vector<double> v;
  v.reserve(a.size());
  for (const auto& x : a) v.push_back(reports::number_from_json(x));
  return v;
}

json parse(const std::string& message, const char* what) {
  json j = json::parse(message, nullptr, /*allow_exceptions=*/false);
  if (!j.is_object()) throw std::runtime_error(std::string("worker protocol: ") + what + " is not a JSON object");
  if (j.contains("error")) throw std::runtime_error("worker: " + j["error"].get<std::string>());
  return j;
}

// The request's flags, in the order the direct form writes them: the one list both forms are written and read by.
struct Flag {
  const char* name;
  bool CaseRequest::*member;
};
constexpr Flag kFlags[] = {{"check_spec", &CaseRequest::check_spec},
                           {"rerun", &CaseRequest::rerun},
                           {"allow_unsupported", &CaseRequest::allow_unsupported},
                           {"check_tiling", &CaseRequest::check_tiling},
                           {"tensors", &CaseRequest::want_tensors}};

constexpr std::string_view kDirectHead = R"({"kind":"case","descriptor":")";

// Reads a request in exactly the direct form encode_case_request writes (a plain descriptor, every flag in order,
// nothing else), as a worker does for every campaign case; false for any other text, which the JSON parser reads.
bool read_direct_request(std::string_view m, CaseRequest* r) {
  if (!m.starts_with(kDirectHead)) return false;
  m.remove_prefix(kDirectHead.size());
  const size_t quote = m.find('"');
  if (quote == std::string_view::npos || !reports::plain_json_text(m.substr(0, quote))) return false;
  r->descriptor.assign(m.substr(0, quote));
  m.remove_prefix(quote + 1);
  for (const Flag& flag : kFlags) {
    if (!m.starts_with(",\"") || !m.substr(2).starts_with(flag.name)) return false;
    m.remove_prefix(2 + std::string_view(flag.name).size());
    if (!m.starts_with("\":")) return false;
    m.remove_prefix(2);
    const bool value = m.starts_with("true");
    if (!value && !m.starts_with("false")) return false;
    m.remove_prefix(value ? 4 : 5);
    r->*flag.member = value;
  }
  return m == "}";
}

}  // namespace

std::string encode_info_request() { return R"({"kind":"info"})"; }

std::string encode_case_request(const CaseRequest& r) {
  if (r.host_inputs.empty() && reports::plain_json_text(r.descriptor)) {
    // The request of every campaign case: written directly rather than through a JSON object (which, as before,
    // writes any other request, and refuses a descriptor that is not UTF-8).
    std::string text(kDirectHead);
    text.append(r.descriptor).push_back('"');
    for (const Flag& flag : kFlags)
      text.append(",\"").append(flag.name).append("\":").append(r.*flag.member ? "true" : "false");
    text.push_back('}');
    return text;
  }
  json j{{"kind", "case"}, {"descriptor", r.descriptor}};
  for (const Flag& flag : kFlags) j[flag.name] = r.*flag.member;
  if (!r.host_inputs.empty()) {
    json inputs = json::array();
    for (const auto& [name, values] : r.host_inputs)
      inputs.push_back(json{{"name", name}, {"values", numbers(values)}});
    j["host_inputs"] = std::move(inputs);
  }
  return j.dump();
}

Request decode_request(const std::string& message) {
  Request req;
  if (read_direct_request(message, &req.case_request)) return req;
  req.case_request = CaseRequest{};
  const json j = parse(message, "a request");
  req.wants_info = j.value("kind", "") == "info";
  if (req.wants_info) return req;
  CaseRequest& r = req.case_request;
  r.descriptor = j.at("descriptor").get<std::string>();
  for (const Flag& flag : kFlags) r.*flag.member = j.value(flag.name, CaseRequest{}.*flag.member);
  if (j.contains("host_inputs"))
    for (const auto& e : j["host_inputs"])
      r.host_inputs.emplace_back(e.at("name").get<std::string>(), numbers_from(e.at("values")));
  return req;
}

std::string encode_case_reply(const CaseResult& r, const CaseTensors* tensors) {
  std::string record;
  pack_result(r, tensors, &record);
  return record;
}

CaseReply decode_case_reply(const std::string& message, const KnownCase& known) {
  if (message.empty() || message.front() != kResultWireTag) parse(message, "a reply");  // an error reply throws
  CaseReply reply;
  reply.result = unpack_result(message, known, &reply.tensors);
  return reply;
}

std::string encode_info_reply(const BackendInfo& info) {
  return json{{"libraries", info.libraries},
              {"soc", info.soc},
              {"platform_control", info.platform_control},
              {"introspection", info.introspection},
              {"operators", info.operators}}
      .dump(-1, ' ', false, json::error_handler_t::replace);
}

BackendInfo decode_info_reply(const std::string& message) {
  const json j = parse(message, "a reply");
  BackendInfo info;
  info.libraries = j.at("libraries").get<std::string>();
  info.soc = j.at("soc").get<std::string>();
  info.platform_control = j.at("platform_control").get<bool>();
  info.introspection = j.at("introspection").get<bool>();
  info.operators = j.at("operators").get<std::vector<std::string>>();
  return info;
}

std::string encode_error_reply(const std::string& message) {
  return json{{"error", message}}.dump(-1, ' ', false, json::error_handler_t::replace);
}

}  // namespace poolcheck::worker
