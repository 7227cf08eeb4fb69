#include "spec/pooled_size.h"

#include <limits>

namespace poolcheck::spec {

namespace {

// 128-bit intermediates: in + 2p + s with values near INT64_MAX must not wrap.
__extension__ typedef __int128 Wide;

Wide floor_div(Wide a, Wide b) {
  Wide q = a / b;
  if (a % b != 0 && ((a < 0) != (b < 0))) --q;
  return q;
}

}  // namespace

std::optional<int64_t> pooled_size(int64_t in, int64_t k, int64_t s, int64_t p, int64_t d, bool ceil_mode) {
  if (in < 1 || k < 1 || s < 1 || p < 0 || d < 1) return std::nullopt;
  const Wide span = Wide{d} * (Wide{k} - 1) + 1;  // effective window length
  Wide room = Wide{in} + 2 * Wide{p} - span;      // positions the window start can move over
  if (ceil_mode) room += Wide{s} - 1;
  Wide out = floor_div(room, s) + 1;
  // Ceil mode may open a window that starts in the right padding; PyTorch drops it.
  if (ceil_mode && (out - 1) * Wide{s} >= Wide{in} + p) --out;
  if (out < 1 || out > std::numeric_limits<int64_t>::max()) return std::nullopt;
  return static_cast<int64_t>(out);
}

}  // namespace poolcheck::spec
