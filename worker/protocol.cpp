#include "worker/protocol.h"

#include <nlohmann/json.hpp>
#include <stdexcept>

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

}  // namespace

std::string encode_info_request() { return R"({"kind":"info"})"; }

std::string encode_case_request(const CaseRequest& r) {
  if (r.host_inputs.empty() && reports::plain_json_text(r.descriptor)) {
    // The request of every campaign case: written directly rather than through a JSON object (which, as before,
    // writes any other request, and refuses a descriptor that is not UTF-8).
    std::string text = "{\"kind\":\"case\",\"descriptor\":";
    reports::append_json_string(r.descriptor, &text);
    auto flag = [&text](const char* name, bool value) {
      text.append(",\"").append(name).append("\":").append(value ? "true" : "false");
    };
    flag("check_spec", r.check_spec);
    flag("rerun", r.rerun);
    flag("allow_unsupported", r.allow_unsupported);
    flag("check_tiling", r.check_tiling);
    flag("tensors", r.want_tensors);
    text.push_back('}');
    return text;
  }
  json j{{"kind", "case"},
         {"descriptor", r.descriptor},
         {"check_spec", r.check_spec},
         {"rerun", r.rerun},
         {"allow_unsupported", r.allow_unsupported},
         {"check_tiling", r.check_tiling},
         {"tensors", r.want_tensors}};
  if (!r.host_inputs.empty()) {
    json inputs = json::array();
    for (const auto& [name, values] : r.host_inputs)
      inputs.push_back(json{{"name", name}, {"values", numbers(values)}});
    j["host_inputs"] = std::move(inputs);
  }
  return j.dump();
}

Request decode_request(const std::string& message) {
  const json j = parse(message, "a request");
  Request req;
  req.wants_info = j.value("kind", "") == "info";
  if (req.wants_info) return req;
  CaseRequest& r = req.case_request;
  r.descriptor = j.at("descriptor").get<std::string>();
  r.check_spec = j.value("check_spec", true);
  r.rerun = j.value("rerun", true);
  r.allow_unsupported = j.value("allow_unsupported", false);
  r.check_tiling = j.value("check_tiling", true);
  r.want_tensors = j.value("tensors", false);
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
