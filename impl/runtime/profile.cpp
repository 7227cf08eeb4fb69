#include "runtime/profile.h"

#include <atomic>

namespace pcemu {

namespace {
// Constant-initialised, so a static initialiser that selects the profile can run in any order.
constinit std::atomic<Profile> g_profile{Profile::Documented};
}  // namespace

Profile current_profile() { return g_profile.load(std::memory_order_relaxed); }

void select_profile(Profile p) { g_profile.store(p, std::memory_order_relaxed); }

const char* profile_name(Profile p) { return p == Profile::Upstream ? "upstream" : "documented"; }

}  // namespace pcemu
