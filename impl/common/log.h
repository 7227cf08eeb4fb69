// One clear log line per failure, kept as the thread's recent error message (aclGetRecentErrMsg).
#pragma once

#include <spdlog/fmt/fmt.h>

#include <string>

#include "aclnn/acl_meta.h"

namespace pcemu {

void log_line(int level, const std::string& msg);  // level: 0 debug, 1 info, 2 warning, 3 error
void set_recent_error(const std::string& msg);
const char* recent_error();
void configure_logging_from_env();  // ASCEND_GLOBAL_LOG_LEVEL: 0 debug .. 3 error, 4 off

template <typename... Args>
aclnnStatus fail(aclnnStatus status, fmt::format_string<Args...> f, Args&&... args) {
  std::string msg = fmt::format(f, std::forward<Args>(args)...);
  msg = fmt::format("[{}] {}", status, msg);
  set_recent_error(msg);
  log_line(3, msg);
  return status;
}

template <typename... Args>
void warn(fmt::format_string<Args...> f, Args&&... args) {
  log_line(2, fmt::format(f, std::forward<Args>(args)...));
}

}  // namespace pcemu
