// A case's result and tensors as a worker sends them back: a compact binary record (every field in a fixed order,
// numbers in their exact bits, strings length-prefixed) instead of JSON, because the parent decodes one for every
// case it runs. Both ends are the same build, so the record carries a format tag rather than field names.
#pragma once

#include <string>
#include <string_view>

#include "case/result.h"

namespace poolcheck::worker {

// The first byte of a packed result: a JSON message starts with '{', so a reader tells the two apart.
inline constexpr char kResultWireTag = '\x01';

// A case whose descriptor the reader already holds (the one it sent to the worker): a record with that very
// descriptor takes this case instead of parsing the descriptor again.
struct KnownCase {
  const std::string* descriptor = nullptr;
  const Case* c = nullptr;
};

// Appends `r` (and `tensors`, when given) to `out`, starting with kResultWireTag.
void pack_result(const CaseResult& r, const CaseTensors* tensors, std::string* out);
// Reads a record pack_result wrote. The Case comes from parsing the descriptor, unless it is `known`'s. Throws
// std::runtime_error naming the field a truncated or malformed record ends in.
CaseResult unpack_result(std::string_view record, const KnownCase& known, CaseTensors* tensors);

}  // namespace poolcheck::worker
