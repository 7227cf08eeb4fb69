// Which second run a valid case got (harness/rerun_policy.h decides), one vocabulary with one name table: the
// runner sets it, results carry it, reports write and read it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace poolcheck {

enum class RerunCheck : int8_t {
  None,       // the case ran once
  Bitwise,    // deterministic mode: the same bits under other knobs and another block interleaving
  Tolerance,  // default mode with atomics (or no tiling report): within tolerance of the oracle on both runs
};

// The word of a check as results spell it: "" for None, "bitwise", "tolerance"; "?" for a value outside the table.
const char* rerun_check_name(RerunCheck check);
// The check a result spells; nullopt with `error` naming the token and the known words.
std::optional<RerunCheck> parse_rerun_check_token(std::string_view token, std::string* error);

}  // namespace poolcheck
