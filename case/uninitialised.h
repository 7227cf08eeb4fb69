// Containers that leave their elements uninitialised when sized, for buffers whose every element is written before
// it is read: the zero fill std::vector does first is a whole extra pass over each of a case's tensors.
#pragma once

#include <memory>
#include <new>
#include <vector>

namespace poolcheck {

// std::allocator, except that construction without a value default-initialises (for the scalar types held here:
// leaves the bytes as they are). Construction with a value falls to std::allocator_traits' construct_at, and
// rebinding to the template's other instances, as C++20's std::allocator no longer declares either.
template <typename T>
struct UninitialisedAllocator : std::allocator<T> {
  template <typename U>
  void construct(U* p) noexcept {
    ::new (static_cast<void*>(p)) U;
  }
};

template <typename T>
using Uninitialised = std::vector<T, UninitialisedAllocator<T>>;

}  // namespace poolcheck
