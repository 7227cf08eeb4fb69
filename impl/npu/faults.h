// Deliberate implementation faults, switched on by negative-control tests to prove that the harness and
// the emulator's own checks reject a wrong implementation.
#pragma once

#include <string>

namespace pcemu {

enum class Fault : unsigned {
  UbModelShort = 1u << 0,  // tiling under-counts UB by one block: the UB allocator must refuse
  NoAtomics = 1u << 1,     // kernels copy out with plain writes where they need atomics: the race check must fire
  SkipInit = 1u << 2,      // kernels skip zeroing the output: results must disagree with the oracle
  CopyOverrun = 1u << 3,   // the last copy-out of a block writes one element too many: bounds/race checks fire
  WrongTap = 1u << 4,      // gradient lands one element off inside its window: the oracle comparison must fail
  SkipPadCheck = 1u << 5,  // op_api forgets the padding <= kernel/2 check: the failure-path property must fail
  DetIgnored = 1u << 6,    // deterministic mode tiles like the default mode (atomics from several cores, added in
                           // completion order): the campaign's determinism rerun must see the bits change
};

bool fault_on(Fault f);
bool any_fault_on();
// Comma-separated names; false (and no change) for an unknown name.
bool set_faults(const std::string& list);

// Whether tiling honours deterministic mode: `deterministic` unless the DetIgnored fault is on.
inline bool tiling_deterministic(bool deterministic) { return deterministic && !fault_on(Fault::DetIgnored); }

}  // namespace pcemu
