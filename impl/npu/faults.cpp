#include "npu/faults.h"

#include <atomic>
#include <sstream>
#include <utility>

namespace pcemu {

namespace {
std::atomic<unsigned> g_faults{0};
constexpr std::pair<const char*, Fault> kNames[] = {
    {"ub_model_short", Fault::UbModelShort}, {"no_atomics", Fault::NoAtomics}, {"skip_init", Fault::SkipInit},
    {"copy_overrun", Fault::CopyOverrun},    {"wrong_tap", Fault::WrongTap},   {"skip_pad_check", Fault::SkipPadCheck},
    {"det_ignored", Fault::DetIgnored}};
}  // namespace

bool any_fault_on() { return g_faults.load(std::memory_order_relaxed) != 0; }

bool fault_on(Fault f) { return (g_faults.load(std::memory_order_relaxed) & static_cast<unsigned>(f)) != 0; }

bool set_faults(const std::string& list) {
  unsigned mask = 0;
  std::istringstream is(list);
  std::string name;
  while (std::getline(is, name, ',')) {
    if (name.empty()) continue;
    bool known = false;
    for (const auto& [n, f] : kNames) {
      if (name == n) {
        mask |= static_cast<unsigned>(f);
        known = true;
      }
    }
    if (!known) return false;
  }
  g_faults = mask;
  return true;
}

}  // namespace pcemu
