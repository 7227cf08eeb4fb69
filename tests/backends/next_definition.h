// The next definition of an exported function (the emulator's, behind a test backend that wraps it), or exit 3
// naming the wrapper and the function: a wrapper without its emulator cannot stand in for anything.
#pragma once

#include <dlfcn.h>
#include <unistd.h>

#include <cstdio>

template <class Fn>
Fn next_definition(const char* wrapper, const char* name) {
  void* p = dlsym(RTLD_NEXT, name);
  if (!p) {
    std::fprintf(stderr, "%s: the emulator does not export %s\n", wrapper, name);
    _exit(3);
  }
  return reinterpret_cast<Fn>(p);
}
