#include <cstdio>
#include <cstring>
#include <string>

#include "isolation/worker_pool.h"

namespace poolcheck::isolation {
namespace {

std::string format_seconds(double seconds) {
  char text[32];
  std::snprintf(text, sizeof text, "%.2f s", seconds);
  return text;
}

}  // namespace

const char* completion_kind_name(CompletionKind kind) {
  switch (kind) {
    case CompletionKind::Ok:
      return "Ok";
    case CompletionKind::Crashed:
      return "Crashed";
    case CompletionKind::TimedOut:
      return "TimedOut";
  }
  return "?";
}

std::string Completion::describe() const {
  switch (kind) {
    case CompletionKind::Ok:
      return "answered in " + format_seconds(seconds);
    case CompletionKind::TimedOut:
      return "timed out after " + format_seconds(seconds) + " (limit " + format_seconds(timeout_seconds) + ")";
    case CompletionKind::Crashed:
      break;
  }
  if (!protocol_error.empty()) return "protocol error: " + protocol_error;
  if (signal > 0) {
    const char* abbreviation = sigabbrev_np(signal);
    return "killed by signal " + std::to_string(signal) +
           (abbreviation ? " (SIG" + std::string(abbreviation) + ")" : std::string());
  }
  if (exit_status >= 0) return "exited with status " + std::to_string(exit_status) + " before answering";
  return "died before answering (its exit status was reaped elsewhere)";
}

}  // namespace poolcheck::isolation
