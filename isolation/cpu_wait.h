// How long a worker has been ready to run but had no CPU: the kernel's run delay of its main thread (the second
// field of /proc/PID/schedstat). A request's time limit leaves that time out, so a machine too busy to run the
// worker does not make an ordinary request look hung.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <optional>

#include "isolation/fd.h"

namespace poolcheck::isolation::detail {

class CpuWaitProbe {
 public:
  CpuWaitProbe() = default;
  // Opens the process's schedstat file now, while the pid is surely the child's.
  explicit CpuWaitProbe(pid_t pid);

  // Seconds the main thread has waited for a CPU since it started; nothing when the kernel does not say (no
  // procfs, a kernel without scheduler statistics, a process that is gone).
  std::optional<double> waited_seconds() const;
  // The same, read afresh only when the last reading is older than kReuseSeconds: taken as a request's starting
  // point, a reused reading can only credit the request with up to that much waiting done just before it began
  // (a limit is at least seconds), and a campaign does not pay a read of procfs for each of its short requests.
  static constexpr double kReuseSeconds = 0.02;
  std::optional<double> recent_waited_seconds(std::chrono::steady_clock::time_point now);

 private:
  UniqueFd schedstat_;
  std::optional<double> last_;
  std::chrono::steady_clock::time_point last_at_;
};

}  // namespace poolcheck::isolation::detail
