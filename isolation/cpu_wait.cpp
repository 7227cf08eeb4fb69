#include "isolation/cpu_wait.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cinttypes>
#include <cstdio>
#include <string>

namespace poolcheck::isolation::detail {

CpuWaitProbe::CpuWaitProbe(pid_t pid) {
  std::string path = "/proc/" + std::to_string(pid) + "/schedstat";
  schedstat_ = UniqueFd(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
}

std::optional<double> CpuWaitProbe::waited_seconds() const {
  if (!schedstat_) return std::nullopt;
  // "<ns on a CPU> <ns waiting for one> <time slices>"; the file is generated afresh at each read from offset 0.
  char text[96];
  ssize_t n;
  do n = ::pread(schedstat_.get(), text, sizeof text - 1, 0);
  while (n < 0 && errno == EINTR);
  if (n <= 0) return std::nullopt;
  text[n] = '\0';
  uint64_t on_cpu = 0, waiting = 0;
  if (std::sscanf(text, "%" SCNu64 " %" SCNu64, &on_cpu, &waiting) != 2) return std::nullopt;
  return static_cast<double>(waiting) * 1e-9;
}

std::optional<double> CpuWaitProbe::recent_waited_seconds(std::chrono::steady_clock::time_point now) {
  if (!last_ || std::chrono::duration<double>(now - last_at_).count() > kReuseSeconds) {
    last_ = waited_seconds();
    last_at_ = now;
  }
  return last_;
}

}  // namespace poolcheck::isolation::detail
