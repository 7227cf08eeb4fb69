// POOLCHECK_TEST_SANITIZED is defined in an ASan or TSan build (GCC names one with __SANITIZE_*__, clang with
// __has_feature). There a worker that dereferences null is reported by the sanitizer's SEGV handler and exits
// with a status (ASan 1, TSan 66) instead of dying on the signal.
#pragma once

#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define POOLCHECK_TEST_SANITIZED 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define POOLCHECK_TEST_SANITIZED 1
#endif
