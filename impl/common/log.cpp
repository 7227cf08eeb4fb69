#include "common/log.h"

#include <spdlog/sinks/stdout_sinks.h>
#include <spdlog/spdlog.h>

#include <cstdlib>
#include <memory>

namespace pcemu {

namespace {

thread_local std::string g_recent_error;

std::shared_ptr<spdlog::logger>& logger() {
  static std::shared_ptr<spdlog::logger> l = [] {
    auto lg = std::make_shared<spdlog::logger>("aclnn", std::make_shared<spdlog::sinks::stderr_sink_mt>());
    lg->set_pattern("[%l] aclnn: %v");
    lg->set_level(spdlog::level::err);
    return lg;
  }();
  return l;
}

}  // namespace

void configure_logging_from_env() {
  const char* env = std::getenv("ASCEND_GLOBAL_LOG_LEVEL");
  if (!env) return;
  switch (std::atoi(env)) {
    case 0:
      logger()->set_level(spdlog::level::debug);
      break;
    case 1:
      logger()->set_level(spdlog::level::info);
      break;
    case 2:
      logger()->set_level(spdlog::level::warn);
      break;
    case 3:
      logger()->set_level(spdlog::level::err);
      break;
    default:
      logger()->set_level(spdlog::level::off);
  }
}

void log_line(int level, const std::string& msg) {
  static const spdlog::level::level_enum levels[] = {spdlog::level::debug, spdlog::level::info, spdlog::level::warn,
                                                     spdlog::level::err};
  logger()->log(levels[level < 0 ? 0 : level > 3 ? 3 : level], msg);
}

void set_recent_error(const std::string& msg) { g_recent_error = msg; }
const char* recent_error() { return g_recent_error.c_str(); }

}  // namespace pcemu
