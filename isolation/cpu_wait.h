// How long a worker has been ready to run but had no CPU: the kernel's run delay of its main thread (the second
// field of /proc/PID/schedstat). A request's time limit leaves that time out, so a machine too busy to run the
// worker does not make an ordinary request look hung.
#pragma once

#include <sys/types.h>

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

 private:
  UniqueFd schedstat_;
};

}  // namespace poolcheck::isolation::detail
