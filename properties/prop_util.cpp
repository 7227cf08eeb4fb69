#include "properties/prop_util.h"

#include <rapidcheck.h>

#include <iostream>
#include <sstream>

#include "poolcheck_emu/emu.h"

namespace poolcheck {

FaultScope::FaultScope(const char* faults) { pcEmuSetFaults(faults); }
FaultScope::~FaultScope() { pcEmuSetFaults(""); }

bool quiet_check(const std::function<void()>& property, int max_success) {
  std::ostringstream sink;
  auto* old = std::cerr.rdbuf(sink.rdbuf());
  auto* old_out = std::cout.rdbuf(sink.rdbuf());
  rc::detail::TestParams params;
  params.maxSuccess = max_success;
  params.maxSize = 100;
  params.seed = 12345;
  params.disableShrinking = true;
  const auto result = rc::detail::checkTestable([&] { property(); }, rc::detail::TestMetadata{}, params);
  std::cerr.rdbuf(old);
  std::cout.rdbuf(old_out);
  return result.template is<rc::detail::SuccessResult>();
}

}  // namespace poolcheck
