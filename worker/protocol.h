// What the harness and a worker process say to each other: one JSON object per message, except a case's result,
// which comes back as a binary record (worker/result_wire.h). A request runs one case (optionally with host data
// and the tensors wanted back) or asks the backend to describe itself.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "harness/executor.h"
#include "harness/runner.h"
#include "worker/result_wire.h"

namespace poolcheck::worker {

struct CaseRequest {
  std::string descriptor;
  bool check_spec = true;
  bool rerun = true;               // RunOptions::rerun
  bool allow_unsupported = false;  // RunOptions::allow_unsupported
  bool check_tiling = true;        // RunOptions::check_tiling
  bool want_tensors = false;
  std::vector<std::pair<std::string, std::vector<double>>> host_inputs;  // RunOptions::host_inputs
};

// A request as the worker reads it: a description of the backend, or one case.
struct Request {
  bool wants_info = false;
  CaseRequest case_request;  // when !wants_info
};

struct CaseReply {
  CaseResult result;
  CaseTensors tensors;  // filled when the request wanted them
};

std::string encode_info_request();
std::string encode_case_request(const CaseRequest& r);
std::string encode_case_reply(const CaseResult& r, const CaseTensors* tensors);
std::string encode_info_reply(const BackendInfo& info);
std::string encode_error_reply(const std::string& message);

// Throw std::runtime_error naming what is wrong with a message (or the worker's error reply).
Request decode_request(const std::string& message);
// `known`: the case the request carried (its descriptor and Case), spared a second parse when the reply names it.
CaseReply decode_case_reply(const std::string& message, const KnownCase& known = {});
BackendInfo decode_info_reply(const std::string& message);

}  // namespace poolcheck::worker
