// The phase of the two-phase aclnn call a status comes from, one vocabulary with one name table: the spec's rules
// say in which phase their status is documented, results which phase answered.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace poolcheck {

enum class Phase : int8_t {
  None,              // no phase answered with an error (a result whose calls succeeded)
  GetWorkspaceSize,  // the first phase: validation and planning
  Execute,           // the second phase: the kernels
};

// "" for None, "GetWorkspaceSize", "Execute"; "?" for a value outside the table.
const char* phase_name(Phase p);
// The phase a result or report spells; nullopt with `error` naming the token and the known words.
std::optional<Phase> parse_phase_token(std::string_view token, std::string* error);

}  // namespace poolcheck
