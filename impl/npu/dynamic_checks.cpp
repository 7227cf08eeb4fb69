#include "npu/dynamic_checks.h"

#include <atomic>

namespace pcemu {

namespace {
std::atomic<bool> g_dynamic_checks{true};
}  // namespace

void set_dynamic_checks(bool on) { g_dynamic_checks.store(on); }
bool dynamic_checks() { return g_dynamic_checks.load(std::memory_order_relaxed); }

}  // namespace pcemu
