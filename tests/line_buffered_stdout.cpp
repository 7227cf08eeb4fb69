// Linked into the doc examples: seed 000 ends with _exit(0), which would drop block-buffered stdout when
// ctest reads it through a pipe. Line buffering from a static initialiser (instead of stdbuf's LD_PRELOAD,
// which the sanitizer runtimes refuse) keeps the examples' source unmodified.
#include <cstdio>

namespace {
const int line_buffered = std::setvbuf(stdout, nullptr, _IOLBF, 0);
}  // namespace
