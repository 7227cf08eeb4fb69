// Containers that leave their elements uninitialised when sized, for buffers whose every element is written before
// it is read: the zero fill std::vector does first is a whole extra pass over each of a case's tensors.
#pragma once

#include <memory>
#include <new>
#include <utility>
#include <vector>

namespace poolcheck {

// std::allocator, except that construction without a value default-initialises (for the scalar types held here:
// leaves the bytes as they are).
template <typename T>
struct UninitialisedAllocator : std::allocator<T> {
  template <typename U>
  struct rebind {
    using other = UninitialisedAllocator<U>;
  };
  UninitialisedAllocator() = default;
  template <typename U>
  explicit UninitialisedAllocator(const UninitialisedAllocator<U>&) noexcept {}
  template <typename U>
  void construct(U* p) noexcept {
    ::new (static_cast<void*>(p)) U;
  }
  template <typename U, typename... Args>
  void construct(U* p, Args&&... args) {
    ::new (static_cast<void*>(p)) U(std::forward<Args>(args)...);
  }
};

template <typename T>
using Uninitialised = std::vector<T, UninitialisedAllocator<T>>;

}  // namespace poolcheck
